//! The one way wicket reads a litany workspace's bare repository: refs,
//! objects, the files of a commit and the shape of history, in pure Rust,
//! without ever running `git`.
//!
//! It reads only what git itself would use to answer and nothing an agent
//! could plant to redirect a lookup: `refs/replace/*`, `info/grafts`,
//! `objects/info/alternates`, `shallow` and every git config file are never
//! consulted (the repository's `config` is never even opened). Every object
//! is hash-checked against the name it was asked by, so a read is exact or
//! an [`Error`]: `Ok(None)` means "not stored here", never "could not read".
//!
//! ```no_run
//! # fn main() -> Result<(), wicket_gitstore::Error> {
//! use wicket_gitstore::{FileLookup, Repo};
//! let repo = Repo::open("/ws/repo.git".as_ref())?;
//! if let Some(tip) = repo.resolve_ref("refs/heads/config/default")? {
//!     match repo.file_in_commit(tip, "capability.yaml")? {
//!         FileLookup::Blob(bytes) => println!("{} bytes of policy", bytes.len()),
//!         FileLookup::Absent => println!("no policy file"),
//!     }
//! }
//! # Ok(()) }
//! ```
//!
//! Files are read with positioned reads on handles opened once per [`Repo`],
//! never mapped (a file truncated under us is an error, not a crash); every
//! size read from disk is bounded by a constant in [`limits`]. A `Repo` is
//! meant to live for one consult: what it has read (pack indexes,
//! `packed-refs`) is cached for its lifetime.

// Nothing read from disk may panic the reader. (Arithmetic is on values
// bounded before use: counts by u32, sizes by `limits`, offsets by the file.)
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing,
        clippy::panic
    )
)]

mod error;
mod files;
mod history;
pub mod limits;
mod loose;
mod object;
mod pack;
mod refs;
mod tree;
mod zlib;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

pub use error::Error;
pub use object::{Kind, Object, Oid};
pub use tree::{Commit, FileLookup, Mode};

/// A bare repository, read-only.
pub struct Repo {
    git_dir: PathBuf,
    packed_refs: OnceLock<refs::PackedRefs>,
    packs: Mutex<pack::Packs>,
    idx_read_whole: u64,
}

impl Repo {
    /// Open the bare repository at `git_dir`. Nothing is read but the
    /// directory's shape: a `reftable/` directory is an error (its refs are
    /// not in files), and so is a missing `objects/`.
    pub fn open(git_dir: &Path) -> Result<Repo, Error> {
        let not_a_repo = |why: &str| Error::NotARepository {
            repo: git_dir.to_path_buf(),
            why: why.to_owned(),
        };
        match std::fs::metadata(git_dir) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => return Err(not_a_repo("it is not a directory")),
            Err(source) => {
                return Err(Error::Io {
                    repo: git_dir.to_path_buf(),
                    path: git_dir.to_path_buf(),
                    source,
                })
            }
        }
        if std::fs::symlink_metadata(git_dir.join("reftable")).is_ok() {
            return Err(Error::Unsupported {
                repo: git_dir.to_path_buf(),
                what: "stores refs in reftable".into(),
            });
        }
        if !git_dir.join("objects").is_dir() {
            return Err(not_a_repo("it has no objects directory"));
        }
        Ok(Repo {
            git_dir: git_dir.to_path_buf(),
            packed_refs: OnceLock::new(),
            packs: Mutex::new(pack::Packs::default()),
            idx_read_whole: limits::MAX_IDX_READ_WHOLE,
        })
    }

    /// The repository's directory, as given to [`Repo::open`].
    pub fn git_dir(&self) -> &Path {
        &self.git_dir
    }

    /// Consult every pack index by positioned reads, however small (tests
    /// use this to exercise the large-index path on small repositories).
    #[doc(hidden)]
    pub fn read_every_idx_by_positioned_reads(&mut self) {
        self.idx_read_whole = 0;
    }

    /// The object named `oid`, hash-checked. `Ok(None)`: no store of this
    /// repository holds it. An object found but damaged (in every store that
    /// holds it) is an `Err`.
    pub fn object(&self, oid: Oid) -> Result<Option<Object>, Error> {
        let mut first_error = None;
        let mut tried: Vec<std::sync::Arc<pack::Pack>> = Vec::new();
        // A miss is checked again after listing the packs anew (only the new
        // ones): `git gc` may have packed a loose object, or replaced a pack,
        // since the first listing.
        for relist in [false, true] {
            let packs = match self.packs(relist) {
                Ok(packs) => packs,
                Err(e) => {
                    first_error.get_or_insert(e);
                    Vec::new()
                }
            };
            for pack in packs {
                if tried.iter().any(|old| std::sync::Arc::ptr_eq(old, &pack)) {
                    continue;
                }
                match pack.read(self, oid) {
                    Ok(Some(object)) => return Ok(Some(object)),
                    Ok(None) => {}
                    Err(e) => {
                        first_error.get_or_insert(e);
                    }
                }
                tried.push(pack);
            }
            match loose::read(self, oid) {
                Ok(Some(object)) => return Ok(Some(object)),
                Ok(None) => {}
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match first_error {
            Some(e) => Err(e),
            None => Ok(None),
        }
    }

    /// The object named `oid`, which must exist and be of `kind`; `role`
    /// says what it is, for the error.
    pub(crate) fn object_of_kind(
        &self,
        oid: Oid,
        kind: Kind,
        role: &dyn Fn() -> String,
    ) -> Result<Vec<u8>, Error> {
        match self.object(oid)? {
            Some(object) if object.kind == kind => Ok(object.data),
            Some(object) => Err(Error::WrongKind {
                repo: self.git_dir.clone(),
                what: format!("the object {oid}, {},", role()),
                why: format!("is a {}, not a {kind}", object.kind),
            }),
            None => Err(Error::Missing {
                repo: self.git_dir.clone(),
                oid,
                role: role(),
            }),
        }
    }

    pub(crate) fn io_error(&self, path: &Path, source: std::io::Error) -> Error {
        Error::Io {
            repo: self.git_dir.clone(),
            path: path.to_path_buf(),
            source,
        }
    }

    pub(crate) fn corrupt(&self, what: impl Into<String>, why: impl Into<String>) -> Error {
        Error::Corrupt {
            repo: self.git_dir.clone(),
            what: what.into(),
            why: why.into(),
        }
    }

    pub(crate) fn too_large(&self, what: impl Into<String>, limit: impl Into<String>) -> Error {
        Error::TooLarge {
            repo: self.git_dir.clone(),
            what: what.into(),
            limit: limit.into(),
        }
    }
}
