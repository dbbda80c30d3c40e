//! Commits and trees: a commit's tree and parents, a tree's entry by name,
//! and the one question a consult asks of a commit — the bytes of a file in
//! its top-level tree, where "absent" means only that the tree has no entry
//! of that name.

use crate::{Error, Kind, Oid, Repo};

/// What a commit says about history.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Commit {
    pub tree: Oid,
    /// In the order the commit lists them (grafts and replace refs ignored).
    pub parents: Vec<Oid>,
}

/// A tree entry's mode, as the tree stores it (octal, e.g. `0o100644`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mode(pub u32);

impl Mode {
    const TYPE_BITS: u32 = 0o170000;

    /// A regular file, executable or not (git reads any mode with the
    /// regular-file type bits as one).
    pub fn is_file(self) -> bool {
        self.0 & Mode::TYPE_BITS == 0o100000
    }

    /// What the entry is, in words.
    pub fn describe(self) -> &'static str {
        match self.0 & Mode::TYPE_BITS {
            0o100000 => "a file",
            0o040000 => "a directory",
            0o120000 => "a symbolic link",
            0o160000 => "a submodule",
            _ => "an entry of unknown mode",
        }
    }
}

/// A file looked up in a commit's tree.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FileLookup {
    /// The tree has no entry of that name.
    Absent,
    /// The file's bytes.
    Blob(Vec<u8>),
}

impl Repo {
    /// The commit `oid`: it must exist and be a commit.
    pub fn commit(&self, oid: Oid) -> Result<Commit, Error> {
        self.commit_as(oid, &|| "the commit asked for".to_owned())
    }

    /// The commit `oid`, whose `role` the error names.
    pub(crate) fn commit_as(&self, oid: Oid, role: &dyn Fn() -> String) -> Result<Commit, Error> {
        let data = self.object_of_kind(oid, Kind::Commit, role)?;
        parse_commit(&data).ok_or_else(|| {
            self.corrupt(
                format!("the commit {oid}"),
                "it does not start with a tree line and parent lines",
            )
        })
    }

    /// The entry `name` (one path component) of the tree `tree`: its mode
    /// and object name. `Ok(None)`: the tree has no such entry. The tree
    /// must exist, be a tree and be well formed (sorted, no duplicate of
    /// `name`).
    pub fn tree_entry(&self, tree: Oid, name: &str) -> Result<Option<(Mode, Oid)>, Error> {
        self.tree_entry_as(tree, name, &|| "the tree asked for".to_owned())
    }

    fn tree_entry_as(
        &self,
        tree: Oid,
        name: &str,
        role: &dyn Fn() -> String,
    ) -> Result<Option<(Mode, Oid)>, Error> {
        if name.is_empty() || name.contains('/') || name.contains('\0') {
            return Err(Error::InvalidName {
                name: name.to_owned(),
                why: "is not one path component",
            });
        }
        let data = self.object_of_kind(tree, Kind::Tree, role)?;
        find_entry(&data, name.as_bytes())
            .map_err(|why| self.corrupt(format!("the tree {tree}"), why))
    }

    /// The file `name` in the top-level tree of `commit`. `Absent` only when
    /// the tree has no entry of that name; an entry whose blob is missing or
    /// damaged, or that is not a regular file (a directory, a symbolic link,
    /// a submodule), is an `Err`.
    pub fn file_in_commit(&self, commit: Oid, name: &str) -> Result<FileLookup, Error> {
        let tree = self.commit(commit)?.tree;
        let role = || format!("the tree of the commit {commit}");
        let Some((mode, blob)) = self.tree_entry_as(tree, name, &role)? else {
            return Ok(FileLookup::Absent);
        };
        if !mode.is_file() {
            return Err(Error::WrongKind {
                repo: self.git_dir.clone(),
                what: format!("{name} in the commit {commit}"),
                why: format!(
                    "is {} (mode {:o}), not a regular file",
                    mode.describe(),
                    mode.0
                ),
            });
        }
        let role = || format!("the blob of {name} in the commit {commit}");
        self.object_of_kind(blob, Kind::Blob, &role)
            .map(FileLookup::Blob)
    }
}

/// `tree <oid>\n` then any `parent <oid>\n` lines, as git reads a commit.
pub(crate) fn parse_commit(data: &[u8]) -> Option<Commit> {
    let mut rest = data;
    let mut field = |label: &[u8]| -> Option<Oid> {
        let after = rest.strip_prefix(label)?;
        let hex = after.get(..40)?;
        if after.get(40) != Some(&b'\n') {
            return None;
        }
        let oid = Oid::from_hex(std::str::from_utf8(hex).ok()?)?;
        rest = after.get(41..)?;
        Some(oid)
    };
    let tree = field(b"tree ")?;
    let mut parents = Vec::new();
    while let Some(parent) = field(b"parent ") {
        parents.push(parent);
    }
    // git reads a line that starts like a parent but is not one as damage.
    if rest.starts_with(b"parent ") {
        return None;
    }
    Some(Commit { tree, parents })
}

/// Scan a whole tree for `name`, checking as it goes that the entries are
/// well formed and in git's order, so a crafted tree cannot hold two answers.
fn find_entry(data: &[u8], name: &[u8]) -> Result<Option<(Mode, Oid)>, String> {
    let mut rest = data;
    let mut found = None;
    let mut previous: Option<(&[u8], bool)> = None;
    while !rest.is_empty() {
        let space = rest
            .iter()
            .position(|b| *b == b' ')
            .ok_or("an entry has no mode")?;
        let (mode_text, after) = rest.split_at(space);
        let after = after.get(1..).unwrap_or_default();
        let nul = after
            .iter()
            .position(|b| *b == 0)
            .ok_or("an entry's name is not terminated")?;
        let (entry_name, after) = after.split_at(nul);
        let hash = after
            .get(1..21)
            .ok_or("an entry's object name is truncated")?;
        rest = after.get(21..).unwrap_or_default();
        if mode_text.is_empty() || mode_text.len() > 7 {
            return Err("an entry's mode is malformed".into());
        }
        let mut mode = 0u32;
        for digit in mode_text {
            if !(b'0'..=b'7').contains(digit) {
                return Err("an entry's mode is malformed".into());
            }
            mode = mode * 8 + u32::from(digit - b'0');
        }
        if entry_name.is_empty() {
            return Err("an entry has an empty name".into());
        }
        let is_dir = mode & Mode::TYPE_BITS == 0o040000;
        if let Some((before, before_is_dir)) = previous {
            if tree_order(before, before_is_dir, entry_name, is_dir) != std::cmp::Ordering::Less {
                return Err("its entries are not in git's order".into());
            }
        }
        previous = Some((entry_name, is_dir));
        if entry_name == name {
            if found.is_some() {
                return Err(format!("it holds {} twice", String::from_utf8_lossy(name)));
            }
            let mut oid = [0u8; 20];
            oid.copy_from_slice(hash);
            found = Some((Mode(mode), Oid(oid)));
        }
    }
    Ok(found)
}

/// git's tree order: names compare bytewise, a directory's as if it ended
/// with `/`.
fn tree_order(a: &[u8], a_dir: bool, b: &[u8], b_dir: bool) -> std::cmp::Ordering {
    let tail = |dir: bool| if dir { Some(b'/') } else { None };
    let a = a
        .iter()
        .copied()
        .map(Some)
        .chain(std::iter::once(tail(a_dir)));
    let b = b
        .iter()
        .copied()
        .map(Some)
        .chain(std::iter::once(tail(b_dir)));
    a.cmp(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(mode: &str, name: &str, byte: u8) -> Vec<u8> {
        let mut out = format!("{mode} {name}\0").into_bytes();
        out.extend_from_slice(&[byte; 20]);
        out
    }

    #[test]
    fn trees_are_read_whole_and_in_order() {
        let tree = [
            entry("100644", "a", 1),
            entry("40000", "a.d", 2),
            entry("100755", "b", 3),
        ]
        .concat();
        assert_eq!(
            find_entry(&tree, b"b").unwrap(),
            Some((Mode(0o100755), Oid([3; 20])))
        );
        assert_eq!(find_entry(&tree, b"c").unwrap(), None);
        let unsorted = [entry("100644", "b", 1), entry("100644", "a", 2)].concat();
        assert!(find_entry(&unsorted, b"a").is_err());
        // A file "a" and a directory "a" may both sort in place; reading one would be a guess.
        let twice = [
            entry("100644", "a", 1),
            entry("100644", "a.x", 2),
            entry("40000", "a", 3),
        ]
        .concat();
        assert!(find_entry(&twice, b"a").is_err());
        let truncated = &tree[..tree.len() - 1];
        assert!(find_entry(truncated, b"a").is_err());
        assert!(find_entry(&entry("10064x", "a", 1), b"a").is_err());
    }

    #[test]
    fn commits_read_tree_then_parents() {
        let hex = |c: char| c.to_string().repeat(40);
        let text = format!(
            "tree {}\nparent {}\nparent {}\nauthor x\n\nparent {}\n",
            hex('a'),
            hex('b'),
            hex('c'),
            hex('d')
        );
        let commit = parse_commit(text.as_bytes()).unwrap();
        assert_eq!(commit.parents.len(), 2);
        assert!(parse_commit(format!("tree {}\nparent xyz\n", hex('a')).as_bytes()).is_none());
        assert!(parse_commit(b"author x\n").is_none());
    }
}
