//! The compile cache: plugins compiled to native code by `wicket-compile`,
//! kept under `$XDG_CACHE_HOME/wicket` (else `~/.cache/wicket`), one
//! directory per engine configuration, one artifact per plugin's sha256.
//!
//! Loading an artifact runs native code, so an artifact is loaded only when
//! it is a regular file of this user's that nobody else can write, in
//! directories of the same kind, and its trailer — written with it — matches
//! a digest of its bytes bound to the plugin's own sha256: a damaged, short,
//! swapped or rewritten artifact is never deserialized. The bytes are read
//! into memory first, so nothing another process does to the file afterwards
//! reaches a running consult.

use std::io::{Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use wasmtime::component::Component;
use wasmtime::Engine;

use super::engine::ENGINE_KEY;

/// The largest artifact wicket reads back: compiled code is a few times its
/// component's size, and components are at most 64 MiB.
const MAX_ARTIFACT_BYTES: u64 = 512 << 20;

/// Marks the trailer's start, and the format's version.
const TRAILER_MAGIC: &[u8; 8] = b"wicketA2";

/// Bytes after the artifact's body: the magic and a BLAKE3 digest.
const TRAILER_BYTES: usize = 8 + 32;

/// How a consult had a plugin's compiled code.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "cache", content = "detail", rename_all = "kebab-case")]
pub enum CacheUse {
    /// Built into the binary: no file at all.
    Embedded,
    /// Loaded from the cache after its digest matched.
    Hit,
}

/// Why the cache could not give a plugin's compiled code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Miss {
    /// Not compiled yet.
    Absent,
    /// There, but not to be trusted or not intact (why).
    Rejected(String),
}

/// The cache directory for this engine configuration.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
    /// Set once the cache directory and its parent were found this user's
    /// alone: a consult asks for every plugin (its record, then its
    /// artifact) and the answer does not change under it; a refusal is
    /// asked again.
    dirs_trusted: std::sync::OnceLock<()>,
}

impl Cache {
    /// The cache root this environment names (`$XDG_CACHE_HOME/wicket`, else
    /// `$HOME/.cache/wicket`), if either is set.
    pub fn root_from_env() -> Option<PathBuf> {
        let xdg = std::env::var_os("XDG_CACHE_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from);
        let base = xdg.filter(|p| p.is_absolute()).or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".cache"))
        })?;
        Some(base.join("wicket"))
    }

    /// The cache under `root` for this build's engine configuration.
    pub fn new(root: &Path) -> Cache {
        let mut hasher = Sha256::new();
        hasher.update(ENGINE_KEY.as_bytes());
        hasher.update(std::env::consts::ARCH.as_bytes());
        hasher.update(std::env::consts::OS.as_bytes());
        hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
        let key = crate::reason::hex(&hasher.finalize()[..8]);
        Cache {
            dir: root.join(format!("engine-{key}")),
            dirs_trusted: std::sync::OnceLock::new(),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn artifact(&self, sha256: &str) -> PathBuf {
        self.dir.join(format!("{sha256}.cwasm"))
    }

    fn lock_file(&self, sha256: &str) -> PathBuf {
        self.dir.join(format!("{sha256}.lock"))
    }

    /// The compiled component for `sha256`, if the cache holds an intact one
    /// that only this user could have written.
    pub fn load(&self, engine: &Engine, sha256: &str) -> Result<Component, Miss> {
        self.load_as(engine, sha256, false)
    }

    /// The same, for a process that consults once and exits: the artifact is
    /// read into memory of its own, made read-only once read, and its code
    /// is made executable where it lies instead of being copied a second
    /// time (the copy, a page fault per 4 KiB, was most of loading a small
    /// plugin). That memory is never unmapped: it lives as long as the
    /// process. Where pages are not the size artifacts are aligned for, this
    /// is [`Cache::load`].
    pub fn load_for_process(&self, engine: &Engine, sha256: &str) -> Result<Component, Miss> {
        self.load_as(engine, sha256, rustix::param::page_size() == ARTIFACT_PAGE)
    }

    fn load_as(&self, engine: &Engine, sha256: &str, in_place: bool) -> Result<Component, Miss> {
        let path = self.artifact(sha256);
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Miss::Absent),
            Err(e) => return Err(Miss::Rejected(format!("{}: {e}", path.display()))),
        };
        if !trusted(&meta, false) || !self.trusted_dirs() {
            return Err(Miss::Rejected(format!(
                "{} is not a regular file that only this user can write",
                path.display()
            )));
        }
        let refused = |e: wasmtime::Error| {
            Miss::Rejected(format!("{}: wasmtime refused it ({e})", path.display()))
        };
        let rejected = |why: String| Miss::Rejected(format!("{}: {why}", path.display()));
        if in_place {
            let bytes = read_into_own_memory(&path)?;
            let body = check_trailer(bytes, sha256).map_err(rejected)?;
            // SAFETY: as below; and `body` lies in memory of this process's
            // own that nothing writes any more (it is read-only) and that is
            // never unmapped, so it outlives the component.
            return unsafe { Component::deserialize_raw(engine, std::ptr::NonNull::from(body)) }
                .map_err(refused);
        }
        let bytes = read_bounded(&path)?;
        let body = check_trailer(&bytes, sha256).map_err(rejected)?;
        // SAFETY: `body` is exactly what `store` wrote for this plugin under
        // this engine configuration (its digest, bound to the plugin's sha256,
        // matched), read into this process's memory; wasmtime checks the
        // header, version and CPU features again before using it.
        unsafe { Component::deserialize(engine, body) }.map_err(refused)
    }

    /// Write a compiled artifact for `sha256` atomically, with its trailer.
    pub fn store(&self, sha256: &str, body: &[u8]) -> Result<PathBuf, String> {
        create_private_dir(&self.dir)?;
        if !self.trusted_dirs() {
            return Err(format!(
                "{} is writable by others or not this user's",
                self.dir.display()
            ));
        }
        let path = self.artifact(sha256);
        let tmp = self
            .dir
            .join(format!(".{sha256}.{}.tmp", std::process::id()));
        let result = (|| {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&tmp)
                .map_err(|e| format!("could not write {}: {e}", tmp.display()))?;
            file.write_all(body)
                .and_then(|()| file.write_all(&trailer(body, sha256)))
                .and_then(|()| file.sync_all())
                .map_err(|e| format!("could not write {}: {e}", tmp.display()))?;
            std::fs::rename(&tmp, &path).map_err(|e| format!("could not write the cache: {e}"))
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.map(|()| path)
    }

    /// Whether a compilation of `sha256` holds its lock now.
    pub fn compiling(&self, sha256: &str) -> bool {
        let Ok(file) = std::fs::File::open(self.lock_file(sha256)) else {
            return false;
        };
        match rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockShared) {
            Ok(()) => false,
            Err(e) => e == rustix::io::Errno::WOULDBLOCK,
        }
    }

    /// Take the compile lock for `sha256` (blocking): held until dropped.
    pub fn lock(&self, sha256: &str) -> Result<std::fs::File, String> {
        create_private_dir(&self.dir)?;
        let path = self.lock_file(sha256);
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32)
            .open(&path)
            .map_err(|e| format!("could not open {}: {e}", path.display()))?;
        rustix::fs::flock(&file, rustix::fs::FlockOperation::LockExclusive)
            .map_err(|e| format!("could not lock {}: {e}", path.display()))?;
        Ok(file)
    }

    /// The sha256 and contract version a plugin file's bytes had when
    /// `wicket-compile` last hashed them, if `stamp` (what the file is now)
    /// says it is still that file, unchanged since: a consult then need not
    /// read and hash the whole plugin again (megabytes, for a plugin that
    /// links a language's runtime). A record is trusted as an artifact is
    /// (this user's, nobody else's to write) and only for the path it names.
    pub fn recall(&self, path: &Path, stamp: &FileStamp) -> Option<(String, String)> {
        let record = self.known_file(path);
        let meta = std::fs::symlink_metadata(&record).ok()?;
        if !trusted(&meta, false) || meta.len() > 4096 || !self.trusted_dirs() {
            return None;
        }
        let text = std::fs::read(&record).ok()?;
        let known: Known = serde_json::from_slice(&text).ok()?;
        (known.path.as_bytes() == path.as_os_str().as_encoded_bytes() && known.stamp == *stamp)
            .then_some((known.sha256, known.version))
    }

    /// Record what a plugin file hashed to, for [`Cache::recall`]: only for
    /// a file last changed long enough ago that any later change must show
    /// in its times (a write in the same clock tick as the change before it
    /// could leave them as they were).
    pub fn remember(
        &self,
        path: &Path,
        stamp: &FileStamp,
        sha256: &str,
        version: &str,
    ) -> Result<(), String> {
        if !stamp.settled() {
            return Ok(());
        }
        let Some(path_text) = path.to_str() else {
            return Ok(());
        };
        create_private_dir(&self.dir)?;
        if !self.trusted_dirs() {
            return Err(format!(
                "{} is writable by others or not this user's",
                self.dir.display()
            ));
        }
        let known = Known {
            path: path_text.to_owned(),
            stamp: *stamp,
            sha256: sha256.to_owned(),
            version: version.to_owned(),
        };
        let body = serde_json::to_vec(&known).map_err(|e| e.to_string())?;
        let record = self.known_file(path);
        write_private(&record, &body)
            .map_err(|e| format!("could not write {}: {e}", record.display()))
    }

    fn known_file(&self, path: &Path) -> PathBuf {
        let key = blake3::hash(path.as_os_str().as_encoded_bytes());
        self.dir.join(format!("{}.file", key.to_hex()))
    }

    /// Whether this process could write the cache (it is read-only inside
    /// the wall).
    pub fn writable(&self) -> bool {
        let mut dir = self.dir.as_path();
        loop {
            if dir.exists() {
                return rustix::fs::access(dir, rustix::fs::Access::WRITE_OK).is_ok();
            }
            match dir.parent() {
                Some(parent) => dir = parent,
                None => return false,
            }
        }
    }

    /// The cache directory and its parent are this user's alone.
    fn trusted_dirs(&self) -> bool {
        if self.dirs_trusted.get().is_some() {
            return true;
        }
        let trusted = [Some(self.dir.as_path()), self.dir.parent()]
            .into_iter()
            .flatten()
            .all(|dir| std::fs::symlink_metadata(dir).is_ok_and(|m| trusted(&m, true)));
        if trusted {
            let _ = self.dirs_trusted.set(());
        }
        trusted
    }
}

/// An artifact's bytes, bounded.
fn read_bounded(path: &Path) -> Result<Vec<u8>, Miss> {
    let rejected = |e: std::io::Error| Miss::Rejected(format!("{}: {e}", path.display()));
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags((rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK).bits() as i32)
        .open(path)
        .map_err(rejected)?;
    let mut bytes = Vec::new();
    file.take(MAX_ARTIFACT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(rejected)?;
    if bytes.len() as u64 > MAX_ARTIFACT_BYTES {
        return Err(Miss::Rejected(format!(
            "{} is larger than an artifact may be",
            path.display()
        )));
    }
    Ok(bytes)
}

/// What a file is now: which file (device, inode), its size and its last
/// modification and change times to the nanosecond. Nothing this user can
/// do sets a file's change time back: a write, a rename over it, a
/// `touch -d` all move it to the present.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileStamp {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl FileStamp {
    pub fn of(meta: &std::fs::Metadata) -> FileStamp {
        FileStamp {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.size(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
        }
    }

    /// Changed more than two seconds ago by this machine's clock: well past
    /// the coarse tick file times are taken at.
    pub(crate) fn settled(&self) -> bool {
        self.settles_in().is_zero()
    }

    /// How long until [`FileStamp::settled`] holds (zero once it does; a
    /// time in the future counts as changed now).
    pub fn settles_in(&self) -> std::time::Duration {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as i128);
        let nanos = |(secs, nsec): (i64, i64)| secs as i128 * 1_000_000_000 + nsec as i128;
        let settle: i128 = 2_000_000_000;
        let latest = nanos(self.ctime).max(nanos(self.mtime)).min(now);
        let left = (latest + settle + 1 - now).clamp(0, settle + 1);
        std::time::Duration::from_nanos(left as u64)
    }
}

/// One plugin file's record (see [`Cache::recall`]).
#[derive(serde::Serialize, serde::Deserialize)]
struct Known {
    path: String,
    stamp: FileStamp,
    sha256: String,
    version: String,
}

/// The page size compiled artifacts lay their code out for (their code
/// section starts on such a boundary inside the artifact).
const ARTIFACT_PAGE: usize = 4096;

/// An artifact's bytes, bounded, read into an anonymous mapping of their own
/// that is made read-only once they are in and is never unmapped (see
/// [`Cache::load_for_process`]).
fn read_into_own_memory(path: &Path) -> Result<&'static [u8], Miss> {
    use rustix::mm::{MapFlags, MprotectFlags, ProtFlags};
    let rejected = |e: std::io::Error| Miss::Rejected(format!("{}: {e}", path.display()));
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags((rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK).bits() as i32)
        .open(path)
        .map_err(rejected)?;
    let len = file.metadata().map_err(rejected)?.len();
    if len > MAX_ARTIFACT_BYTES {
        return Err(Miss::Rejected(format!(
            "{} is larger than an artifact may be",
            path.display()
        )));
    }
    let len = len as usize;
    let mapped = len.div_ceil(ARTIFACT_PAGE).max(1) * ARTIFACT_PAGE;
    // SAFETY: a fresh private anonymous mapping, placed by the kernel. Its
    // pages are made at once (every one is written next): a page fault taken
    // in the middle of `read` for each 4 KiB was most of loading a small
    // plugin's artifact.
    let memory = unsafe {
        rustix::mm::mmap_anonymous(
            std::ptr::null_mut(),
            mapped,
            ProtFlags::READ | ProtFlags::WRITE,
            MapFlags::PRIVATE | MapFlags::POPULATE,
        )
    }
    .map_err(|e| rejected(e.into()))?;
    // SAFETY: `memory` is `mapped` (≥ `len`) writable bytes nothing else uses.
    let buffer = unsafe { std::slice::from_raw_parts_mut(memory.cast::<u8>(), len) };
    // Exactly the length the file had when opened (one that shrank since is
    // an error; bytes it grew by are not read): what is checked is what is
    // run.
    let read = file.read_exact(buffer).map_err(rejected).and_then(|()| {
        // SAFETY: the same mapping; from here on nothing writes it.
        unsafe { rustix::mm::mprotect(memory, mapped, MprotectFlags::READ) }
            .map_err(|e| rejected(e.into()))
    });
    if let Err(miss) = read {
        // SAFETY: the mapping made above, which nothing refers to now.
        let _ = unsafe { rustix::mm::munmap(memory, mapped) };
        return Err(miss);
    }
    // SAFETY: read-only from now on and never unmapped.
    Ok(unsafe { std::slice::from_raw_parts(memory.cast::<u8>(), len) })
}

/// The digest binding an artifact's bytes to the plugin they compile and
/// the engine configuration they were compiled for.
fn digest(body: &[u8], sha256: &str) -> [u8; 32] {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"wicket compiled artifact\0");
    hasher.update(sha256.as_bytes());
    hasher.update(b"\0");
    hasher.update(ENGINE_KEY.as_bytes());
    hasher.update(b"\0");
    hasher.update(body);
    hasher.finalize().into()
}

fn trailer(body: &[u8], sha256: &str) -> Vec<u8> {
    let mut out = TRAILER_MAGIC.to_vec();
    out.extend_from_slice(&digest(body, sha256));
    out
}

/// The artifact's body when its trailer matches; else why not.
fn check_trailer<'b>(bytes: &'b [u8], sha256: &str) -> Result<&'b [u8], String> {
    if bytes.len() < TRAILER_BYTES {
        return Err(format!(
            "only {} bytes, shorter than any artifact",
            bytes.len()
        ));
    }
    let (body, tail) = bytes.split_at(bytes.len() - TRAILER_BYTES);
    let (magic, recorded) = tail.split_at(TRAILER_MAGIC.len());
    if magic != TRAILER_MAGIC {
        return Err("it carries no record of how it was written".into());
    }
    if recorded != digest(body, sha256) {
        return Err("its bytes do not match the digest recorded when it was written".into());
    }
    Ok(body)
}

/// Owned by this user, not a symlink, and writable by nobody else.
pub(crate) fn trusted(meta: &std::fs::Metadata, dir: bool) -> bool {
    let kind_ok = if dir { meta.is_dir() } else { meta.is_file() };
    kind_ok
        && meta.uid() == rustix::process::geteuid().as_raw()
        && meta.permissions().mode() & 0o022 == 0
}

/// Write `body` to `path` whole or not at all: into a file of this user's
/// alone beside it, then renamed over it.
pub(crate) fn write_private(path: &Path, body: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        path.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    let result = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&tmp)
        .and_then(|mut file| file.write_all(body))
        .and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

pub(crate) fn create_private_dir(dir: &Path) -> Result<(), String> {
    use std::os::unix::fs::DirBuilderExt;
    if let Some(parent) = dir.parent() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(parent)
            .map_err(|e| format!("could not create {}: {e}", parent.display()))?;
    }
    match std::fs::DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(format!("could not create {}: {e}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailer_binds_the_bytes_to_their_plugin() {
        let sha = "a".repeat(64);
        let mut bytes = b"compiled code".to_vec();
        bytes.extend(trailer(&bytes, &sha));
        assert_eq!(check_trailer(&bytes, &sha), Ok(&b"compiled code"[..]));
        // Another plugin's artifact copied over this one's name.
        assert!(check_trailer(&bytes, &"b".repeat(64)).is_err());
        // A flipped bit, a truncation, a missing trailer.
        for at in 0..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1;
            assert!(check_trailer(&flipped, &sha).is_err(), "bit at {at}");
        }
        for len in 0..bytes.len() {
            assert!(check_trailer(&bytes[..len], &sha).is_err(), "cut at {len}");
        }
    }
}
