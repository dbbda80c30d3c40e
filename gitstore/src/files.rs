//! Opening a repository file without blocking or being led astray: a FIFO
//! planted where a ref or object should be must not hang a consult, and a
//! device must not be read as one.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// What is at a path a repository file is looked for at.
pub(crate) enum Opened {
    File(File, Metadata),
    /// Nothing (or a parent is not a directory).
    Absent,
    Directory,
    /// A symbolic link, when links are not followed.
    Symlink,
    /// A FIFO, socket or device.
    Special,
}

/// Open `path` read-only and non-blocking; `follow` says whether a final
/// symbolic link is followed.
pub(crate) fn open(path: &Path, follow: bool) -> io::Result<Opened> {
    let mut flags = libc::O_NONBLOCK;
    if !follow {
        flags |= libc::O_NOFOLLOW;
    }
    let file = match OpenOptions::new().read(true).custom_flags(flags).open(path) {
        Ok(file) => file,
        Err(e) if is_absent(&e) => return Ok(Opened::Absent),
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) && !follow => return Ok(Opened::Symlink),
        Err(e) => return Err(e),
    };
    let meta = file.metadata()?;
    Ok(if meta.is_file() {
        Opened::File(file, meta)
    } else if meta.is_dir() {
        Opened::Directory
    } else {
        Opened::Special
    })
}

/// A path that names nothing: missing, or under something that is not a
/// directory.
pub(crate) fn is_absent(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
    )
}

/// Why a file that says where refs point may not be believed, when it has
/// more than one name: git replaces such a file by renaming a new one over
/// it, so it never has another name; one that does (a hard link someone
/// made) can be written through that name, wherever it is, without touching
/// the repository's own path. Object files need no such care: what they say
/// is checked against their names.
pub(crate) fn other_names(meta: &Metadata) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    (meta.nlink() > 1).then(|| {
        format!(
            "its file has {} names (hard links), and a ref that can be written through another name is not believed",
            meta.nlink()
        )
    })
}

/// Read all of `file`, which must be at most `limit` bytes; `Ok(None)` when
/// it is longer.
pub(crate) fn read_bounded(file: &File, limit: u64) -> io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}
