//! What the network clients and the archivers share: a command an option
//! names (read as the shell would run it), a directory read whole (which may
//! carry credentials along), options a program takes from its environment,
//! and a path joined under a directory the program writes into.
//!
//! These are `Reader` helpers written here because only `net.rs` and
//! `archive.rs` use them so far; each could move to `read.rs` as is.

use wicket_guest::Effect;

use crate::argv::{self, Grammar, Parsed};
use crate::read::{Arg, Reader, Scope};

use super::Run;

/// `--help`, `--version` (or any of `keys`) given: the program prints and
/// does nothing else.
pub fn prints_only(r: &mut Reader, run: &Run, parsed: &Parsed, keys: &[&str]) -> bool {
    if keys.iter().any(|k| parsed.has(k)) {
        r.note(
            Effect::Read,
            format!("{} prints its help or version", run.shown()),
        );
        return true;
    }
    false
}

/// Parse `args` with `grammar`; a problem is noted as opaque (naming the
/// program) and gives `None`.
pub fn parse_or_hold(r: &mut Reader, run: &Run, grammar: &Grammar, args: &[Arg]) -> Option<Parsed> {
    let parsed = argv::parse(grammar, args, 1);
    if let Some(problem) = &parsed.problem {
        r.note(
            Effect::Opaque,
            format!("{}: {}", run.shown(), problem.sentence(run.name)),
        );
        return None;
    }
    Some(parsed)
}

/// The value a variable has for a command run here: `None` when the
/// command does not set it, `Some(None)` when it is set to something only
/// known when it runs.
pub fn env_var(scope: &Scope, name: &str) -> Option<Option<String>> {
    scope.vars.get(name).map(|value| match value {
        Some(values) if values.len() == 1 => Some(values[0].clone()),
        _ => None,
    })
}

/// The words a variable holding options splits into (`TAR_OPTIONS`,
/// `ZIPOPT`, `GZIP`): split at blanks, honouring single and double quotes
/// and backslashes the way the programs' own splitters do. `None` when the
/// text cannot be split with certainty (an unterminated quote).
pub fn split_words(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => current.push(c),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => current.push(chars.next()?),
                        c => current.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                current.push(chars.next()?);
            }
            c => {
                in_word = true;
                current.push(c);
            }
        }
    }
    if in_word {
        words.push(current);
    }
    Some(words)
}

/// `dir/name` as an argument (unknown when the directory is).
pub fn under(dir: &Arg, name: &str) -> Arg {
    let join = |d: &str| {
        if name.starts_with('/') || d.is_empty() || d == "." {
            name.to_owned()
        } else {
            format!("{}/{name}", d.trim_end_matches('/'))
        }
    };
    Arg {
        values: dir
            .values
            .as_ref()
            .map(|values| values.iter().map(|d| join(d)).collect()),
        glob: dir.glob,
        shown: join(&dir.shown),
    }
}

/// `path` taken from `dir` when it is relative (`tar -C dir member`,
/// `curl --output-dir dir -o file`); unknown when either is.
pub fn relative_to(dir: &Arg, path: &Arg) -> Arg {
    match path.text() {
        Some(p) if p.starts_with('/') || p.starts_with('~') || p == "-" => path.clone(),
        Some(p) => under(dir, p),
        None => Arg {
            values: None,
            glob: false,
            shown: format!("{}/{}", dir.shown.trim_end_matches('/'), path.shown),
        },
    }
}

impl Reader<'_> {
    /// A command a program runs with `sh -c` (or splits into words and
    /// runs, which reads no wider): read as shell text, or opaque when it is
    /// only known at run time. `what` names the program and option.
    pub fn runs_text(&mut self, command: &Arg, scope: &Scope, what: &str) {
        match command.text() {
            Some(text) => {
                let mut inner = scope.clone();
                self.read_text(text, &mut inner);
            }
            None => self.note(
                Effect::Opaque,
                format!(
                    "{what} runs `{}`, a command only known when it runs",
                    command.shown
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_variables_split_like_the_programs_split_them() {
        assert_eq!(
            split_words(" -C ../.. 'a b' \"c\\\"d\" e\\ f").unwrap(),
            ["-C", "../..", "a b", "c\"d", "e f"]
        );
        assert!(split_words("'open").is_none());
        assert_eq!(split_words("").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn paths_join_under_directories() {
        let dir = Arg::literal("../..");
        assert_eq!(under(&dir, "x").text(), Some("../../x"));
        assert_eq!(under(&Arg::literal("."), "x").text(), Some("x"));
        assert_eq!(
            relative_to(&dir, &Arg::literal("/abs")).text(),
            Some("/abs")
        );
        assert_eq!(relative_to(&dir, &Arg::literal("-")).text(), Some("-"));
    }
}

#[cfg(test)]
mod family {
    /// Every program of the network and archive family has a description
    /// (a description written but left out of a `PROGRAMS` list reads as an
    /// unknown program).
    #[test]
    fn every_name_of_the_family_is_described() {
        for name in [
            "curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "netcat", "ncat", "socat", "gh",
            "http", "https", "aria2c", "ftp", "tar", "gtar", "bsdtar", "zip", "unzip", "funzip",
            "zipinfo", "7z", "7za", "cpio", "ar", "gzip", "gunzip", "zcat", "bzip2", "bunzip2",
            "bzcat", "xz", "unxz", "xzcat", "lzma", "zstd", "unzstd", "zstdcat", "lz4", "unlz4",
            "lz4cat", "brotli", "dd", "split", "csplit", "base64", "base32", "basenc",
        ] {
            assert!(
                super::super::find(name).is_some(),
                "{name} has no description"
            );
        }
    }
}
