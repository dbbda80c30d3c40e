//! One home per program: each program wicket reads is described in one place
//! — its option grammar (as its own parser reads it), what it does with its
//! options and operands (reads, writes, deletes, links, runs), and commands
//! with the class each must read as, which the tests run. The shell reader
//! knows no program by name; it asks [`find`].
//!
//! A program with no description is one wicket cannot read: it reaches past
//! the root (open-world), and an operand naming a protected path is held.
//! A description whose grammar cannot read the words it is given (an option
//! it does not know, an ambiguous prefix, a word known only at run time where
//! an option could stand) makes the call opaque: never a guess.

mod archive;
mod build;
mod cargo;
mod code;
mod containers;
mod files;
pub mod git;
mod info;
mod interp;
pub(crate) mod launch;
mod legacy;
mod net;
mod packages;
mod script;
mod search;
mod secrets;
mod shell;
pub(crate) mod text;
mod transfer;
pub(crate) mod vars;

pub use code::{scan_code, Language};
pub use interp::literal_stdin;
pub use launch::prints_process_ids;
pub use legacy::{harness, wicket};
pub use shell::arithmetic;
pub(crate) use shell::is_name;
pub use vars::{assignment, environment, environment_ignored, temp_dir};

use wicket_guest::Effect;

use crate::argv::{self, Grammar, Parsed};
use crate::read::{Invocation, Reader, Scope};

/// How a program's arguments are read before its description sees them.
#[derive(Debug, Clone, Copy)]
pub enum Syntax {
    /// By the option grammar: the description gets the parsed options and
    /// operands.
    Grammar(Grammar),
    /// The program's arguments are a language of their own (`find`'s
    /// expression, `dd`'s `key=value`, a launcher's program): the description
    /// reads the raw argv.
    Own,
}

/// What a program prints, given its run, when that can be known.
pub type Output = fn(&Reader, &Run, &Scope) -> Option<String>;

/// A program wicket reads.
pub struct Program {
    /// The names it runs under (the basename of the program word).
    pub names: &'static [&'static str],
    pub syntax: Syntax,
    /// What it prints, when a command substitution of it can be known
    /// before it runs (`mktemp -d` prints a new name under the temporary
    /// directory, `git rev-parse --show-toplevel` the worktree).
    pub output: Option<Output>,
    /// When every line it prints is a path under one directory (`find src
    /// -name '*.py'`, `grep -rl foo src`, `git ls-files`): that directory as
    /// the paths spell it (`.` for paths relative to where it runs), so a
    /// program fed its output (`… | xargs sed -i …`) is read as acting there.
    pub lists_paths_under: Option<launch::Lister>,
    /// What it does, given its arguments.
    pub read: fn(&mut Reader, &Run, &mut Scope),
    /// Commands and the class each must read as (placeholders as in the case
    /// tables: `{root}`, `{ws}`, `{home}`, `{other}`, `{cache}`).
    pub examples: &'static [(Effect, &'static str)],
    /// What the description was checked against.
    pub manual: &'static str,
}

/// One run of a described program.
pub struct Run<'a> {
    /// The name it ran under.
    pub name: &'a str,
    pub inv: &'a Invocation,
    /// The arguments as its grammar read them (empty for [`Syntax::Own`]).
    pub parsed: Parsed,
}

impl Run<'_> {
    /// The command as written, for reasons.
    pub fn shown(&self) -> String {
        self.inv.shown()
    }
}

/// Every family of described programs, in the order a name is looked up.
/// The shell's own builtins first: a name the shell runs itself is never a
/// program of that name.
const FAMILIES: &[&[&Program]] = &[
    shell::PROGRAMS,
    files::PROGRAMS,
    text::PROGRAMS,
    search::PROGRAMS,
    script::PROGRAMS,
    info::PROGRAMS,
    git::PROGRAMS,
    archive::PROGRAMS,
    net::PROGRAMS,
    launch::PROGRAMS,
    interp::PROGRAMS,
    cargo::PROGRAMS,
    build::PROGRAMS,
    packages::PROGRAMS,
    containers::PROGRAMS,
    secrets::PROGRAMS,
];

/// Every described program.
pub fn all() -> impl Iterator<Item = &'static Program> {
    FAMILIES.iter().flat_map(|family| family.iter()).copied()
}

/// Whether the description of `program` judges the environment variable
/// `name` itself (so an assignment of it for that program is not also read
/// as a path handed over). Each program's home lists its own.
pub fn judges_variable(program: &str, name: &str) -> bool {
    archive::VARIABLES
        .iter()
        .chain(shell::VARIABLES)
        .any(|(programs, variables)| programs.contains(&program) && variables.contains(&name))
}

/// The description of the program `name`, if wicket has one: the first
/// family's, in [`FAMILIES`] order, that lists the name.
pub fn find(name: &str) -> Option<&'static Program> {
    // Looked up on every word that runs. A hash table made at compile time
    // ([`NAME_INDEX`]): one or two slots of one small table are read, and a
    // program's description only when the slot's fingerprint matches (a
    // scan read every description, each on a page of its own to fault in).
    let hash = name_hash(name.as_bytes());
    let mut slot = hash as usize & (NAME_SLOTS - 1);
    loop {
        let entry = NAME_INDEX[slot];
        if entry == 0 {
            return None;
        }
        if entry >> 16 == hash >> 16 {
            let program = FAMILIES[((entry >> 10) & 0x3f) as usize][(entry & 0x3ff) as usize];
            if program.names.contains(&name) {
                return Some(program);
            }
        }
        slot = (slot + 1) & (NAME_SLOTS - 1);
    }
}

/// Slots in [`NAME_INDEX`]: a power of two, over twice the names.
const NAME_SLOTS: usize = 2048;

/// Every program name, by [`name_hash`], open addressing: each slot 0
/// (empty) or the name's hash's upper 16 bits, its family (6 bits) and its
/// place in the family (10 bits). A name listed twice keeps its first
/// place, as the lookup in [`FAMILIES`] order did.
static NAME_INDEX: [u32; NAME_SLOTS] = name_index();

/// FNV-1a, 32 bits.
const fn name_hash(bytes: &[u8]) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u32;
        hash = hash.wrapping_mul(0x0100_0193);
        i += 1;
    }
    // Never zero in the upper half, so no entry is 0 (empty).
    hash | 0x0001_0000
}

const fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn name_index() -> [u32; NAME_SLOTS] {
    let mut table = [0u32; NAME_SLOTS];
    let mut filled = 0;
    let mut f = 0;
    while f < FAMILIES.len() {
        assert!(
            f < 64 && FAMILIES[f].len() <= 1024,
            "the index packs a family in 6 bits and a place in 10"
        );
        let mut p = 0;
        while p < FAMILIES[f].len() {
            let names = FAMILIES[f][p].names;
            let mut n = 0;
            'name: while n < names.len() {
                let hash = name_hash(names[n].as_bytes());
                let mut slot = hash as usize & (NAME_SLOTS - 1);
                loop {
                    let entry = table[slot];
                    if entry == 0 {
                        break;
                    }
                    let (of, op) = (((entry >> 10) & 0x3f) as usize, (entry & 0x3ff) as usize);
                    let other = FAMILIES[of][op].names;
                    // Of this program, only the names before this one.
                    let upto = if of == f && op == p { n } else { other.len() };
                    let mut k = 0;
                    while k < upto {
                        if same_name(other[k], names[n]) {
                            // Listed before: the first place stands.
                            n += 1;
                            continue 'name;
                        }
                        k += 1;
                    }
                    slot = (slot + 1) & (NAME_SLOTS - 1);
                }
                filled += 1;
                assert!(
                    filled * 2 < NAME_SLOTS,
                    "more names than the index holds: raise NAME_SLOTS"
                );
                table[slot] = (hash & 0xffff_0000) | ((f as u32) << 10) | p as u32;
                n += 1;
            }
            p += 1;
        }
        f += 1;
    }
    table
}

/// What a run of `name` prints, when its description can know it.
pub fn output(r: &Reader, name: &str, inv: &Invocation, scope: &Scope) -> Option<String> {
    let program = find(name)?;
    let output = program.output?;
    let parsed = match program.syntax {
        Syntax::Grammar(grammar) => {
            let parsed = argv::parse(&grammar, inv.argv.get(1..).unwrap_or(&[]), 1);
            if parsed.problem.is_some() {
                return None;
            }
            parsed
        }
        Syntax::Own => Parsed::default(),
    };
    output(r, &Run { name, inv, parsed }, scope)
}

/// Read one run of the program `name`.
pub fn read(r: &mut Reader, name: &str, inv: &Invocation, scope: &mut Scope) {
    let Some(program) = find(name) else {
        return legacy::read(r, name, inv, scope);
    };
    // Words appended when it runs (`… | xargs git checkout`) are words like
    // any other: the description reads one it cannot know (an option, a
    // branch, a path), whatever it does with `extra_operands`.
    let appended;
    let given = inv;
    let inv = if inv.extra_operands {
        let mut argv = inv.argv.clone();
        argv.push(crate::read::Arg {
            values: None,
            glob: false,
            // Spelled as the expansion it is, so a description that judges
            // a run-time word by its first character sees one.
            shown: "$(<its input>)".into(),
        });
        appended = Invocation {
            argv,
            ..inv.clone()
        };
        &appended
    } else {
        inv
    };
    // A program that only names paths takes back what its words mentioned.
    if crate::secrets::NAMES_ONLY.contains(&name) {
        r.names_only(inv);
    }
    let (inv, parsed) = match program.syntax {
        Syntax::Grammar(grammar) => {
            let parse =
                |inv: &Invocation| argv::parse(&grammar, inv.argv.get(1..).unwrap_or(&[]), 1);
            let parsed = parse(inv);
            match &parsed.problem {
                None => (inv, parsed),
                Some(problem) => {
                    r.note(
                        Effect::Opaque,
                        format!("{}: {}", inv.shown(), problem.sentence(name)),
                    );
                    // The appended words alone: what the written words do
                    // is still read (`xargs rm -rf ../../.wicket`).
                    let written = parse(given);
                    if !given.extra_operands || written.problem.is_some() {
                        return;
                    }
                    (given, written)
                }
            }
        }
        Syntax::Own => (inv, Parsed::default()),
    };
    let run = Run { name, inv, parsed };
    // By the description, not the name it ran under (`gsed`, `jaq`).
    let text = program.names.iter().any(|n| TEXT_WRITERS.contains(n));
    r.with_text_writes(text, |r| (program.read)(r, &run, scope));
}

/// Programs whose every write is text made from what they read, which the
/// command itself may spell (`sort -o x`, `uniq - x`, `split`, `csplit`,
/// `iconv -o`, `xxd -r IN OUT`, sed's `w FILE`, awk's `print > "x"`, a
/// decompressed file): a script or program the command then runs from one
/// of those files is what it wrote (`Reader::written_earlier`; each
/// verified under dash, deleting a sibling worktree, while read as
/// open-world).
const TEXT_WRITERS: &[&str] = &[
    "sort", "uniq", "iconv", "split", "csplit", "xxd", "sed", "awk", "gawk", "mawk", "nawk", "tr",
    "cut", "paste", "join", "comm", "tac", "rev", "fold", "fmt", "expand", "unexpand", "nl", "pr",
    "column", "base64", "base32", "basenc", "uudecode", "od", "m4", "envsubst", "jq", "yq", "gojq",
    "gzip", "gunzip", "zcat", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lz4", "brotli",
    "tee", "dd",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The first description in [`FAMILIES`] order listing `name`: what
    /// [`find`]'s index must answer.
    fn scan(name: &str) -> Option<&'static Program> {
        all().find(|program| program.names.contains(&name))
    }

    /// One description: the same names, read by the same function (a
    /// description is a constant, so its address may differ by use).
    fn same(a: &Program, b: &Program) -> bool {
        a.names == b.names && std::ptr::fn_addr_eq(a.read, b.read) && a.manual == b.manual
    }

    #[test]
    fn the_index_finds_what_a_scan_in_family_order_finds() {
        let mut names = 0;
        for program in all() {
            for name in program.names {
                names += 1;
                let (found, first) = (find(name), scan(name));
                assert!(
                    found.is_some_and(|f| first.is_some_and(|s| same(f, s))),
                    "{name}: the index found {:?}, the scan {:?}",
                    found.map(|p| p.names),
                    first.map(|p| p.names)
                );
            }
        }
        assert!(names > 300, "{names} names");
        // A name described twice is found where it is first described.
        let twice: Vec<&str> = all()
            .flat_map(|p| p.names.iter().copied())
            .filter(|n| all().filter(|p| p.names.contains(n)).count() > 1)
            .collect();
        for name in twice {
            assert!(same(find(name).unwrap(), scan(name).unwrap()), "{name}");
        }
        for unknown in [
            "",
            "gitx",
            "rm2",
            "x",
            "cargo-",
            "LS",
            "a-very-long-name-nobody-has",
        ] {
            assert!(find(unknown).is_none(), "{unknown:?}");
        }
    }
}
