//! Direct reads of a bare repository's refs and loose objects — the consult's
//! fast path, because spawning `git` three times cost more than everything
//! else a consult does. Anything unusual (a packed object, reftable refs, a
//! symbolic ref, an object too large) answers "ask git", never a guess: the
//! caller then takes the `git` path, which is the reference.

use std::path::{Path, PathBuf};

/// The largest object the fast path inflates (a policy file, a mark).
const MAX_OBJECT_BYTES: usize = 1 << 20;

/// A bare repository read without git.
pub struct GitDir {
    repo: PathBuf,
    packed: Vec<(String, String)>,
}

/// What a tree or blob lookup found.
pub enum Found<T> {
    Yes(T),
    /// Definitely not there.
    No,
}

impl GitDir {
    /// `None` when the repository stores refs in a way this does not read.
    pub fn open(repo: &Path) -> Option<GitDir> {
        if repo.join("reftable").exists() {
            return None;
        }
        let packed = match std::fs::read_to_string(repo.join("packed-refs")) {
            Ok(text) => text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.starts_with('^'))
                .filter_map(|l| l.split_once(' '))
                .filter(|(sha, _)| is_sha(sha))
                .map(|(sha, name)| (name.to_owned(), sha.to_owned()))
                .collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(_) => return None,
        };
        Some(GitDir {
            repo: repo.to_path_buf(),
            packed,
        })
    }

    /// The object a ref names. `None`: ask git.
    pub fn resolve(&self, name: &str) -> Option<Found<String>> {
        if name.contains("..") || !name.starts_with("refs/") {
            return None;
        }
        match std::fs::read_to_string(self.repo.join(name)) {
            Ok(text) => {
                let sha = text.trim();
                is_sha(sha).then(|| Found::Yes(sha.to_owned()))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Some(match self.packed.iter().find(|(n, _)| n == name) {
                    Some((_, sha)) => Found::Yes(sha.clone()),
                    None => Found::No,
                })
            }
            Err(_) => None,
        }
    }

    /// Every ref under `prefix` (a directory like `refs/heads/config/`), loose
    /// ones over packed ones, sorted by name. `None`: ask git.
    pub fn refs_under(&self, prefix: &str) -> Option<Vec<(String, String)>> {
        let mut refs: Vec<(String, String)> = self
            .packed
            .iter()
            .filter(|(n, _)| n.starts_with(prefix))
            .cloned()
            .collect();
        let mut stack = vec![self.repo.join(prefix)];
        while let Some(dir) = stack.pop() {
            let entries = match std::fs::read_dir(&dir) {
                Ok(entries) => entries,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(_) => return None,
            };
            for entry in entries {
                let entry = entry.ok()?;
                let kind = entry.file_type().ok()?;
                if kind.is_dir() {
                    stack.push(entry.path());
                } else if kind.is_file() {
                    let name = entry
                        .path()
                        .strip_prefix(&self.repo)
                        .ok()?
                        .to_str()?
                        .to_owned();
                    if name.ends_with(".lock") {
                        continue;
                    }
                    let Some(Found::Yes(sha)) = self.resolve(&name) else {
                        return None;
                    };
                    refs.retain(|(n, _)| *n != name);
                    refs.push((name, sha));
                } else {
                    return None;
                }
            }
        }
        refs.sort();
        Some(refs)
    }

    /// A loose object's kind and bytes. `None`: ask git (packed, or unusual).
    pub fn object(&self, sha: &str) -> Option<(String, Vec<u8>)> {
        if !is_sha(sha) {
            return None;
        }
        let path = self.repo.join("objects").join(&sha[..2]).join(&sha[2..]);
        let compressed = std::fs::read(path).ok()?;
        let raw = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(
            &compressed,
            MAX_OBJECT_BYTES + 64,
        )
        .ok()?;
        let nul = raw.iter().position(|b| *b == 0)?;
        let header = std::str::from_utf8(&raw[..nul]).ok()?;
        let (kind, size) = header.split_once(' ')?;
        let size: usize = size.parse().ok()?;
        let body = raw[nul + 1..].to_vec();
        (body.len() == size).then(|| (kind.to_owned(), body))
    }

    /// The blob at `path` (one name, no directories) in `commit`'s tree.
    pub fn file_in_commit(&self, commit: &str, path: &str) -> Option<Found<Vec<u8>>> {
        let (kind, body) = self.object(commit)?;
        if kind != "commit" {
            return None;
        }
        let text = std::str::from_utf8(&body).ok()?;
        let tree = text.lines().next()?.strip_prefix("tree ")?;
        let (kind, entries) = self.object(tree)?;
        if kind != "tree" {
            return None;
        }
        let mut rest: &[u8] = &entries;
        while !rest.is_empty() {
            let space = rest.iter().position(|b| *b == b' ')?;
            let nul = rest.iter().position(|b| *b == 0)?;
            if nul < space || rest.len() < nul + 21 {
                return None;
            }
            let mode = &rest[..space];
            let name = &rest[space + 1..nul];
            let sha = crate::reason::hex(&rest[nul + 1..nul + 21]);
            rest = &rest[nul + 21..];
            if name == path.as_bytes() {
                if mode != b"100644" && mode != b"100755" {
                    return None;
                }
                let (kind, blob) = self.object(&sha)?;
                return (kind == "blob").then_some(Found::Yes(blob));
            }
        }
        Some(Found::No)
    }

    /// A ref's blob (a litany mark). `None`: ask git.
    pub fn blob_at_ref(&self, name: &str) -> Option<Found<Vec<u8>>> {
        match self.resolve(name)? {
            Found::No => Some(Found::No),
            Found::Yes(sha) => {
                let (kind, body) = self.object(&sha)?;
                (kind == "blob").then_some(Found::Yes(body))
            }
        }
    }
}

fn is_sha(text: &str) -> bool {
    text.len() == 40
        && text
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}
