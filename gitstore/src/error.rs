//! What can go wrong reading a repository, each case a sentence that names
//! the repository and the ref, object or file concerned.

use std::fmt;
use std::path::PathBuf;

use crate::Oid;

/// A read that could not give an exact answer.
///
/// Every variant names the repository; none is ever "not found" (that is
/// `Ok(None)` or [`crate::FileLookup::Absent`]).
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The directory is not a bare repository this reader can read.
    NotARepository { repo: PathBuf, why: String },
    /// The repository uses a format this reader does not read (reftable refs,
    /// SHA-256 object names, an unknown index version); reading on would guess.
    Unsupported { repo: PathBuf, what: String },
    /// A file of the repository could not be read.
    Io {
        repo: PathBuf,
        path: PathBuf,
        source: std::io::Error,
    },
    /// The caller asked for a name that cannot be looked up (a ref name git
    /// could not have made, a file name with a slash).
    InvalidName { name: String, why: &'static str },
    /// A ref is stored but cannot be read exactly (garbage in its file, a
    /// symbolic link, a symbolic ref chain too long, a malformed packed-refs).
    BadRef {
        repo: PathBuf,
        name: String,
        why: String,
    },
    /// An object is stored but damaged (its compressed data, its size, its
    /// hash, its delta chain), or a pack index or pack is inconsistent.
    Corrupt {
        repo: PathBuf,
        what: String,
        why: String,
    },
    /// An object that is needed (a commit asked for, a commit's tree, a
    /// parent, a tree entry's blob) is not in the repository; `role` says
    /// which.
    Missing {
        repo: PathBuf,
        oid: Oid,
        role: String,
    },
    /// An object is not of the kind the question needs (a tree named as a
    /// commit, a tree entry that is not a regular file).
    WrongKind {
        repo: PathBuf,
        what: String,
        why: String,
    },
    /// A bound was reached (object size, delta chain, history walk); the
    /// answer past it would be a guess.
    TooLarge {
        repo: PathBuf,
        what: String,
        limit: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NotARepository { repo, why } => {
                write!(f, "{} is not a bare git repository: {why}", repo.display())
            }
            Error::Unsupported { repo, what } => write!(
                f,
                "{} {what}, which wicket does not read; it reads SHA-1 repositories with files refs and pack index v1/v2",
                repo.display()
            ),
            Error::Io { repo, path, source } => write!(
                f,
                "could not read {} in {}: {source}",
                path.display(),
                repo.display()
            ),
            Error::InvalidName { name, why } => write!(f, "{name:?} {why}"),
            Error::BadRef { repo, name, why } => {
                write!(f, "the ref {name} in {} cannot be read: {why}", repo.display())
            }
            Error::Corrupt { repo, what, why } => {
                write!(f, "{what} in {} is corrupt: {why}", repo.display())
            }
            Error::Missing { repo, oid, role } => {
                write!(f, "{} has no object {oid}, {role}", repo.display())
            }
            Error::WrongKind { repo, what, why } => {
                write!(f, "{what} in {} {why}", repo.display())
            }
            Error::TooLarge { repo, what, limit } => write!(
                f,
                "{what} in {} is past wicket's bound ({limit})",
                repo.display()
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
