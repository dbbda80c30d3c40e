//! Which of the harness's names are symbolic links in each PATH directory,
//! remembered between consults.
//!
//! The protected set holds every name the harness runs from PATH
//! (`litany-tool-<tool>`, `git`, `sh`, …) in every PATH directory, present
//! or not, and where each one that is a link leads. Finding the links took
//! one lookup per name per directory, some 140 system calls and a third of
//! a millisecond of every consult here, for an answer that only changes
//! when a directory's entries do. So the answer for a directory is kept in
//! the compile cache's directory for this build (beside the artifacts), with
//! what the directory was then (device, inode, size,
//! modification and change times): a consult that finds the directory still
//! exactly so takes the names that were links from the record, and looks
//! every name up again otherwise. Creating, removing or renaming an entry
//! moves the directory's change time, which nobody but the clock sets; a
//! directory changed in the last two seconds is looked up every time and
//! not recorded, as a change in the same clock tick could leave its times as
//! they were. Where each link leads is resolved on every consult, from the
//! record or not, and the names themselves are in the set either way.
//!
//! The record is written by `wicket init` and `wicket run` (outside the
//! wall, where the cache is writable), when they warm the compile cache for
//! the PATH they run with; a consult only reads it. A
//! directory not in the record, or changed since, is looked up by every
//! consult until `wicket init` or `wicket run` records it again.
//!
//! The record is trusted as the compile cache's artifacts are: a regular
//! file of this user's that nobody else can write, in directories of the
//! same kind, and the cache is in the protected set. Anything else (no record, one
//! unreadable, damaged or made for other names) is as no record.

use std::path::{Path, PathBuf};

use crate::plugins::cache::{create_private_dir, trusted, write_private, FileStamp};

/// The record's name in the cache directory.
const RECORD: &str = "path-links.json";

/// The largest record read back.
const MAX_RECORD_BYTES: u64 = 256 << 10;

#[derive(serde::Serialize, serde::Deserialize, Default)]
struct Record {
    /// The names looked up, joined: a record made for other names is none.
    names: String,
    dirs: Vec<DirLinks>,
}

#[derive(serde::Serialize, serde::Deserialize, Clone)]
struct DirLinks {
    dir: String,
    stamp: FileStamp,
    links: Vec<String>,
}

/// The record as read, and (for a run that records) what this run found.
pub struct Known {
    dir: Option<PathBuf>,
    /// Whether this run writes the record again ([`Known::recording`]).
    records: bool,
    names: String,
    before: Vec<DirLinks>,
    now: Vec<DirLinks>,
    changed: bool,
}

impl Known {
    /// The record in the cache directory `dir`, for `names`, to be read.
    pub fn recall(dir: Option<&Path>, names: &[String]) -> Known {
        Known::read(dir, names, false)
    }

    /// The same, for a run that writes what it found back ([`Known::keep`]):
    /// `wicket init` and `wicket run`.
    pub fn recording(dir: Option<&Path>, names: &[String]) -> Known {
        Known::read(dir, names, true)
    }

    fn read(dir: Option<&Path>, names: &[String], records: bool) -> Known {
        let names = names.join("\n");
        let before = dir
            .and_then(read)
            .filter(|record| record.names == names)
            .map(|record| record.dirs)
            .unwrap_or_default();
        Known {
            dir: dir.map(Path::to_path_buf),
            records,
            names,
            before,
            now: Vec::new(),
            changed: false,
        }
    }

    /// The names that are links in the directory `dir` (resolved): from the
    /// record when the directory is still as it was, else from `look`, which
    /// looks them up in the directory as opened here. `None` when the
    /// directory cannot be opened: every name is then to be followed.
    pub fn links_in(
        &mut self,
        dir: &Path,
        look: impl FnOnce(&std::os::fd::OwnedFd) -> Vec<String>,
    ) -> Option<Vec<String>> {
        // Opened once: its stamp and its names are the same directory's,
        // whatever is renamed over the path meanwhile (a record that paired
        // one directory's stamp with another's links would be trusted for
        // as long as the first stayed unchanged).
        let opened = std::fs::File::from(
            rustix::fs::open(
                dir,
                rustix::fs::OFlags::PATH
                    | rustix::fs::OFlags::DIRECTORY
                    | rustix::fs::OFlags::CLOEXEC,
                rustix::fs::Mode::empty(),
            )
            .ok()?,
        );
        let stamp = opened.metadata().ok().map(|meta| FileStamp::of(&meta));
        let fd = std::os::fd::OwnedFd::from(opened);
        let text = dir.to_str();
        if let (Some(stamp), Some(text)) = (stamp, text) {
            if let Some(known) = self
                .before
                .iter()
                .find(|known| known.dir == text && known.stamp == stamp)
            {
                if self.records {
                    self.now.push(known.clone());
                }
                return Some(known.links.clone());
            }
        }
        let links = look(&fd);
        if let (Some(stamp), Some(text)) = (stamp, text) {
            if self.records && stamp.settled() {
                self.now.push(DirLinks {
                    dir: text.to_owned(),
                    stamp,
                    links: links.clone(),
                });
                self.changed = true;
            }
        }
        Some(links)
    }

    /// Write the record again if this run records and learned something new.
    /// A cache that cannot be written only means the consults look again.
    pub fn keep(self) {
        let Some(root) = self.dir.filter(|_| self.records && self.changed) else {
            return;
        };
        let record = Record {
            names: self.names,
            dirs: self.now,
        };
        let Ok(body) = serde_json::to_vec(&record) else {
            return;
        };
        if create_private_dir(&root).is_err() || !trusted_dir(&root) {
            return;
        }
        let _ = write_private(&root.join(RECORD), &body);
    }
}

/// The record in `dir`, if it is there, trusted and whole.
fn read(dir: &Path) -> Option<Record> {
    let path = dir.join(RECORD);
    let meta = std::fs::symlink_metadata(&path).ok()?;
    if !trusted(&meta, false) || meta.len() > MAX_RECORD_BYTES || !trusted_dir(dir) {
        return None;
    }
    serde_json::from_slice(&std::fs::read(&path).ok()?).ok()
}

/// The directory and its parent are this user's alone.
fn trusted_dir(dir: &Path) -> bool {
    [Some(dir), dir.parent()]
        .into_iter()
        .flatten()
        .all(|d| std::fs::symlink_metadata(d).is_ok_and(|m| trusted(&m, true)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["git".into(), "sh".into()]
    }

    /// A directory whose times are two seconds old or more, so it may be
    /// recorded: its change time is set by the clock alone, so the test
    /// waits for it.
    fn settled_dir(base: &Path) -> PathBuf {
        let dir = base.join("bin");
        std::fs::create_dir(&dir).unwrap();
        std::os::unix::fs::symlink("/bin/true", dir.join("git")).unwrap();
        let stamp = FileStamp::of(&std::fs::symlink_metadata(&dir).unwrap());
        std::thread::sleep(stamp.settles_in());
        dir
    }

    #[test]
    fn a_recorded_directory_is_looked_up_again_once_its_entries_change() {
        let base = tempfile::tempdir().unwrap();
        let root = base.path().join("cache");
        let dir = settled_dir(base.path());
        let look = |dir: &Path| -> Vec<String> {
            names()
                .into_iter()
                .filter(|n| std::fs::symlink_metadata(dir.join(n)).is_ok_and(|m| m.is_symlink()))
                .collect()
        };
        // First run (a recording one): looked up, and recorded.
        let mut known = Known::recording(Some(&root), &names());
        assert_eq!(
            known.links_in(&dir, |_| look(&dir)),
            Some(vec!["git".into()])
        );
        known.keep();
        // Second: from the record (the lookup is not asked).
        let mut known = Known::recall(Some(&root), &names());
        assert_eq!(
            known.links_in(&dir, |_| panic!("looked up again")),
            Some(vec!["git".into()])
        );
        // A link planted under another name: the directory changed, so it
        // is looked up again and the new link is found.
        std::os::unix::fs::symlink("/bin/true", dir.join("sh")).unwrap();
        let mut known = Known::recall(Some(&root), &names());
        assert_eq!(
            known.links_in(&dir, |_| look(&dir)),
            Some(vec!["git".into(), "sh".into()])
        );
        // A record for other names, or one edited into nonsense, is none.
        let mut known = Known::recall(Some(&root), &["bz".to_owned()]);
        assert_eq!(known.links_in(&dir, |_| vec![]), Some(vec![]));
        std::fs::write(root.join(RECORD), b"{not json").unwrap();
        let mut known = Known::recall(Some(&root), &names());
        assert_eq!(
            known.links_in(&dir, |_| vec!["x".into()]),
            Some(vec!["x".into()])
        );
        // A directory that cannot be read is never answered from a record.
        let mut known = Known::recall(Some(&root), &names());
        assert_eq!(known.links_in(&base.path().join("gone"), |_| vec![]), None);
    }

    #[test]
    fn a_record_another_user_could_write_is_not_read() {
        use std::os::unix::fs::PermissionsExt;
        let base = tempfile::tempdir().unwrap();
        let root = base.path().join("cache");
        let dir = settled_dir(base.path());
        let mut known = Known::recording(Some(&root), &names());
        known.links_in(&dir, |_| vec!["git".into()]);
        known.keep();
        let record = root.join(RECORD);
        std::fs::set_permissions(&record, std::fs::Permissions::from_mode(0o666)).unwrap();
        let mut known = Known::recall(Some(&root), &names());
        assert_eq!(known.links_in(&dir, |_| vec![]), Some(vec![]));
    }
}
