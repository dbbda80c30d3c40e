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

/// The description of the program `name`, if wicket has one.
pub fn find(name: &str) -> Option<&'static Program> {
    // Looked up on every word that runs: the length and first byte are
    // compared before the whole name.
    let first = name.as_bytes().first().copied();
    let same =
        |n: &&str| n.len() == name.len() && n.as_bytes().first().copied() == first && *n == name;
    for family in FAMILIES {
        for program in *family {
            if program.names.iter().any(same) {
                return Some(program);
            }
        }
    }
    None
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
