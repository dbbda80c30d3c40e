//! Refs as git's files backend stores them: a loose file under `refs/`
//! (an object name, or `ref: <name>` for a symbolic ref) overrides a line of
//! `packed-refs`. A loose ref that is a symbolic link is refused rather than
//! followed: it can point anywhere on the file system, and git never makes
//! one.

use std::collections::BTreeMap;

use crate::files::{self, Opened};
use crate::limits::{MAX_LOOSE_REFS, MAX_PACKED_REFS, MAX_REF_FILE, MAX_SYMREF_DEPTH};
use crate::{Error, Oid, Repo};

/// The refs of `packed-refs`, sorted by name (peeled `^` lines are checked
/// and dropped: a ref names the tag object itself).
pub(crate) struct PackedRefs(Vec<(String, Oid)>);

/// What a loose ref file says.
enum Loose {
    Absent,
    Oid(Oid),
    Symbolic(String),
}

/// Where following a ref ends.
enum Resolved {
    Oid(Oid),
    /// No such ref.
    Missing,
    /// A symbolic ref whose target does not exist.
    Dangling(String),
}

impl Repo {
    /// The object `name` (a full name: `refs/…` or `HEAD`) points at,
    /// following symbolic refs. `Ok(None)` only when the ref does not exist
    /// (or is a symbolic ref to one that does not); a ref file that cannot be
    /// read or holds anything but a ref is an `Err`.
    pub fn resolve_ref(&self, name: &str) -> Result<Option<Oid>, Error> {
        check_full_name(name)?;
        Ok(match self.follow(name)? {
            Resolved::Oid(oid) => Some(oid),
            Resolved::Missing | Resolved::Dangling(_) => None,
        })
    }

    /// Every ref whose name starts with `prefix` (a directory such as
    /// `refs/heads/config/`), sorted by name, each resolved to an object
    /// name; a loose ref overrides a packed one of the same name. Names git
    /// would not accept as refs (`*.lock`, dot-files) are skipped, as git
    /// skips them; a ref that cannot be read, or a symbolic ref to nothing,
    /// is an `Err`. Unlike `git for-each-ref`, a ref to a missing object is
    /// listed: reading the object says so.
    pub fn refs_under(&self, prefix: &str) -> Result<Vec<(String, Oid)>, Error> {
        let dir_name = prefix.strip_suffix('/').ok_or(Error::InvalidName {
            name: prefix.to_owned(),
            why: "is not a ref directory (it must end with /)",
        })?;
        if dir_name != "refs" {
            check_full_name(dir_name)?;
        }
        let mut refs: BTreeMap<String, Oid> = BTreeMap::new();
        let mut seen = 0usize;
        let mut dirs = vec![prefix.to_owned()];
        while let Some(dir) = dirs.pop() {
            let path = self.git_dir.join(&dir);
            let entries = match std::fs::read_dir(&path) {
                Ok(entries) => entries,
                Err(e) if files::is_absent(&e) => continue,
                Err(e) => return Err(self.io_error(&path, e)),
            };
            for entry in entries {
                let entry = entry.map_err(|e| self.io_error(&path, e))?;
                seen += 1;
                if seen > MAX_LOOSE_REFS {
                    return Err(self.too_large(
                        format!("the refs under {prefix}"),
                        format!("{MAX_LOOSE_REFS} loose refs"),
                    ));
                }
                let file_name = entry.file_name();
                let Some(file_name) = file_name.to_str() else {
                    // git would list it; skipping it would hide a ref.
                    return Err(self.bad_ref(
                        &format!("{dir}{}", file_name.to_string_lossy()),
                        "its name is not UTF-8",
                    ));
                };
                if file_name.starts_with('.') || file_name.ends_with(".lock") {
                    continue;
                }
                let name = format!("{dir}{file_name}");
                let kind = entry
                    .file_type()
                    .map_err(|e| self.io_error(&entry.path(), e))?;
                if kind.is_dir() {
                    dirs.push(format!("{name}/"));
                } else if kind.is_symlink() {
                    return Err(
                        self.bad_ref(&name, "it is a symbolic link, which wicket does not follow")
                    );
                } else if kind.is_file() && check_ref_format(&name) {
                    match self.follow(&name)? {
                        Resolved::Oid(oid) => {
                            refs.insert(name, oid);
                        }
                        // Deleted since the listing, and not packed.
                        Resolved::Missing => {}
                        Resolved::Dangling(target) => {
                            return Err(self.bad_ref(
                                &name,
                                format!("it is a symbolic ref to {target}, which does not exist"),
                            ))
                        }
                    }
                }
            }
        }
        let packed = self.packed_refs()?;
        let start = packed.0.partition_point(|(name, _)| name.as_str() < prefix);
        for (name, oid) in packed.0.get(start..).unwrap_or_default() {
            if !name.starts_with(prefix) {
                break;
            }
            if check_ref_format(name) && !refs.contains_key(name) {
                // A loose file of this name that did not resolve was dropped
                // above only when it vanished; the packed value stands then.
                refs.insert(name.clone(), *oid);
            }
        }
        Ok(refs.into_iter().collect())
    }

    /// Follow `name` through symbolic refs, loose before packed.
    fn follow(&self, name: &str) -> Result<Resolved, Error> {
        let mut current = name.to_owned();
        for _ in 0..=MAX_SYMREF_DEPTH {
            match self.read_loose(&current)? {
                Loose::Oid(oid) => return Ok(Resolved::Oid(oid)),
                Loose::Symbolic(target) => {
                    if !target.starts_with("refs/") || !check_ref_format(&target) {
                        return Err(self.bad_ref(
                            &current,
                            format!("it is a symbolic ref to {target:?}, which is not a ref name under refs/"),
                        ));
                    }
                    current = target;
                }
                Loose::Absent => {
                    return Ok(match self.packed_refs()?.get(&current) {
                        Some(oid) => Resolved::Oid(oid),
                        None if current == name => Resolved::Missing,
                        None => Resolved::Dangling(current),
                    })
                }
            }
        }
        Err(self.bad_ref(
            name,
            format!("it is a chain of more than {MAX_SYMREF_DEPTH} symbolic refs"),
        ))
    }

    /// What the loose file of ref `name` says.
    fn read_loose(&self, name: &str) -> Result<Loose, Error> {
        let path = self.git_dir.join(name);
        let file = match files::open(&path, false).map_err(|e| self.io_error(&path, e))? {
            Opened::File(file, meta) => {
                if let Some(why) = files::other_names(&meta) {
                    return Err(self.bad_ref(name, why));
                }
                file
            }
            // A directory is where longer names live (`refs/heads/a/b`), not a ref.
            Opened::Absent | Opened::Directory => return Ok(Loose::Absent),
            Opened::Symlink => {
                return Err(
                    self.bad_ref(name, "it is a symbolic link, which wicket does not follow")
                )
            }
            Opened::Special => return Err(self.bad_ref(name, "it is not a regular file")),
        };
        let bytes = files::read_bounded(&file, MAX_REF_FILE)
            .map_err(|e| self.io_error(&path, e))?
            .ok_or_else(|| {
                self.bad_ref(
                    name,
                    format!("its file is longer than {MAX_REF_FILE} bytes"),
                )
            })?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|_| self.bad_ref(name, "its file is not text"))?
            .trim_end_matches(|c: char| c.is_ascii_whitespace());
        if let Some(target) = text.strip_prefix("ref:") {
            return Ok(Loose::Symbolic(
                target
                    .trim_start_matches(|c: char| c.is_ascii_whitespace())
                    .to_owned(),
            ));
        }
        match parse_oid(text) {
            OidText::Sha1(oid) => Ok(Loose::Oid(oid)),
            OidText::Sha256 => Err(self.sha256()),
            OidText::Neither => Err(self.bad_ref(
                name,
                format!("its file holds {:?}, not an object name", shorten(text)),
            )),
        }
    }

    /// `packed-refs`, read and checked once per `Repo`.
    fn packed_refs(&self) -> Result<&PackedRefs, Error> {
        if let Some(packed) = self.packed_refs.get() {
            return Ok(packed);
        }
        let packed = self.read_packed_refs()?;
        Ok(self.packed_refs.get_or_init(|| packed))
    }

    fn read_packed_refs(&self) -> Result<PackedRefs, Error> {
        let path = self.git_dir.join("packed-refs");
        let bad = |why: String| self.bad_ref("packed-refs", why);
        let file = match files::open(&path, false).map_err(|e| self.io_error(&path, e))? {
            Opened::File(file, meta) => {
                if let Some(why) = files::other_names(&meta) {
                    return Err(bad(why));
                }
                file
            }
            Opened::Absent => return Ok(PackedRefs(Vec::new())),
            Opened::Symlink => {
                return Err(bad(
                    "it is a symbolic link, which wicket does not follow".into()
                ))
            }
            Opened::Directory | Opened::Special => {
                return Err(bad("it is not a regular file".into()))
            }
        };
        let bytes = files::read_bounded(&file, MAX_PACKED_REFS)
            .map_err(|e| self.io_error(&path, e))?
            .ok_or_else(|| self.too_large("packed-refs", format!("{MAX_PACKED_REFS} bytes")))?;
        let text = std::str::from_utf8(&bytes).map_err(|_| bad("it is not text".into()))?;
        let Some(body) = text.strip_suffix('\n').or(text.is_empty().then_some("")) else {
            return Err(bad("its last line is unterminated".into()));
        };
        let mut refs: Vec<(String, Oid)> = Vec::new();
        let mut after_ref = false;
        for (number, line) in body.split('\n').enumerate().filter(|_| !body.is_empty()) {
            let bad_line = |why: &str| bad(format!("line {} {why}", number + 1));
            if number == 0 && line.starts_with("# pack-refs with:") {
                continue;
            }
            if let Some(peeled) = line.strip_prefix('^') {
                match parse_oid(peeled) {
                    OidText::Sha1(_) if after_ref => {}
                    OidText::Sha256 => return Err(self.sha256()),
                    OidText::Sha1(_) => return Err(bad_line("peels no ref")),
                    OidText::Neither => return Err(bad_line("is not a peeled object name")),
                }
                after_ref = false;
                continue;
            }
            let Some((oid, name)) = line.split_once(' ') else {
                return Err(bad_line("is not \"<object name> <ref name>\""));
            };
            let oid = match parse_oid(oid) {
                OidText::Sha1(oid) => oid,
                OidText::Sha256 => return Err(self.sha256()),
                OidText::Neither => return Err(bad_line("does not start with an object name")),
            };
            refs.push((name.to_owned(), oid));
            after_ref = true;
        }
        refs.sort_by(|a, b| a.0.cmp(&b.0));
        if let Some(pair) = refs
            .windows(2)
            .find(|pair| matches!(pair, [a, b] if a.0 == b.0))
        {
            let name = pair
                .first()
                .map(|(name, _)| name.as_str())
                .unwrap_or_default();
            return Err(bad(format!("it lists {name} twice")));
        }
        Ok(PackedRefs(refs))
    }

    fn bad_ref(&self, name: &str, why: impl Into<String>) -> Error {
        Error::BadRef {
            repo: self.git_dir.clone(),
            name: name.to_owned(),
            why: why.into(),
        }
    }

    fn sha256(&self) -> Error {
        Error::Unsupported {
            repo: self.git_dir.clone(),
            what: "names objects by SHA-256 (a ref holds a 64-digit name)".into(),
        }
    }
}

impl PackedRefs {
    fn get(&self, name: &str) -> Option<Oid> {
        let at = self
            .0
            .binary_search_by(|(n, _)| n.as_str().cmp(name))
            .ok()?;
        self.0.get(at).map(|(_, oid)| *oid)
    }
}

enum OidText {
    Sha1(Oid),
    Sha256,
    Neither,
}

fn parse_oid(text: &str) -> OidText {
    if let Some(oid) = Oid::from_hex(text) {
        OidText::Sha1(oid)
    } else if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        OidText::Sha256
    } else {
        OidText::Neither
    }
}

fn shorten(text: &str) -> String {
    text.chars().take(60).collect()
}

/// A name a caller may look up: `HEAD` or a well-formed name under `refs/`.
fn check_full_name(name: &str) -> Result<(), Error> {
    if name == "HEAD" || (name.starts_with("refs/") && check_ref_format(name)) {
        Ok(())
    } else {
        Err(Error::InvalidName {
            name: name.to_owned(),
            why: "is not a full ref name git could have made (HEAD or refs/…)",
        })
    }
}

/// git's rules for a ref name (`check-ref-format`, one-level names allowed):
/// no empty component, none starting with `.` or ending with `.lock`, no
/// `..`, `@{`, control characters, space or any of `~^:?*[\`, not `@`, and
/// not ending with `/` or `.`.
pub(crate) fn check_ref_format(name: &str) -> bool {
    if name.is_empty()
        || name == "@"
        || name.ends_with('.')
        || name.contains("..")
        || name.contains("@{")
    {
        return false;
    }
    let bad_byte = |b: u8| b < 0x20 || b == 0x7f || b" ~^:?*[\\".contains(&b);
    if name.bytes().any(bad_byte) {
        return false;
    }
    name.split('/').all(|component| {
        !component.is_empty() && !component.starts_with('.') && !component.ends_with(".lock")
    })
}

#[cfg(test)]
mod tests {
    use super::check_ref_format;

    #[test]
    fn ref_names_follow_gits_rules() {
        for good in [
            "refs/heads/main",
            "HEAD",
            "refs/heads/config/default",
            "refs/x/a-b_c.d",
            "refs/é",
        ] {
            assert!(check_ref_format(good), "{good}");
        }
        for bad in [
            "",
            "@",
            "refs/heads/",
            "/refs",
            "refs//x",
            "refs/.x",
            "refs/x.lock",
            "refs/a..b",
            "refs/a@{b",
            "refs/a b",
            "refs/a~",
            "refs/a^",
            "refs/a:b",
            "refs/a?",
            "refs/a*",
            "refs/a[",
            "refs/a\\b",
            "refs/a.",
            "refs/a\nb",
            "refs/a\x7f",
        ] {
            assert!(!check_ref_format(bad), "{bad:?}");
        }
    }
}
