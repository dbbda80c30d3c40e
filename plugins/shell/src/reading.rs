//! The shell reading for plugin authors: what a shell command would run, as
//! wicket's default classifier reads it, without its rulings.
//!
//! [`read_shell`] takes a command as litany's `bash` tool runs it (`sh -c`:
//! dash on Debian and Ubuntu, bash elsewhere; both readings count) and
//! returns a [`Reading`]:
//!
//! - [`Reading::commands`]: every simple command that would run, each with
//!   its argv after quote removal, escapes, `$'…'`, known variables, brace
//!   expansion and field splitting — read through launchers (`env`, `sudo`,
//!   `timeout`, `xargs`, `find -exec`, `nohup`, …), shells (`sh -c`, `bash
//!   -c`), `eval`, functions, aliases and git's shell aliases. A command
//!   reached that way names the command that ran it
//!   ([`Command::launched_by`]), so `env git push` is two commands: `env git
//!   push`, and `git push` launched by it.
//! - Words only known when the command runs are marked: a [`Word`] whose
//!   [`Word::values`] is `None` (a command substitution, an unknown
//!   variable), or which is a pattern ([`Word::pattern`]). A program that
//!   is such a word is [`Program::Unknown`].
//! - [`Reading::writes`]: every path the reading found a command or a
//!   redirect to write, delete, overwrite or hard-link, placed where the
//!   running process would place it ([`Placement`]).
//! - [`Reading::unreadable`]: why parts of it could not be read (what the
//!   default classifier calls opaque). A plugin that rules on what runs
//!   should treat an unread part as "could be anything".
//!
//! The path helpers ([`place`], [`Command::place`]) place an operand as
//! the program would open it: `~` expanded, relative to the directory the
//! command runs in (after `cd`, `git -C`, `env -C`), through symlinks,
//! `/proc/self/…` and `/dev/fd/…`, then inside the writable root, outside
//! it, or in the protected set.
//!
//! This module, [`crate::classify`] and the `classifier` feature are the
//! crate's stable API; the other modules are the default classifier's
//! insides and change without notice.
//!
//! ```no_run
//! use wicket_guest::Context;
//! use wicket_shell::reading::{read_shell, Program};
//!
//! let ctx = Context::new("/ws", "/ws/agents/a", "/ws/agents/a", "/home/me");
//! let reading = read_shell("env FOO=1 sh -c 'git -C sub push origin HEAD:main'", &ctx);
//! let git = reading.commands.iter().find(|c| c.is("git")).unwrap();
//! assert_eq!(git.program, Program::Named("git".into()));
//! assert_eq!(git.argv[4].known(), Some("HEAD:main"));
//! assert_eq!(git.cwd.as_deref(), Some("/ws/agents/a"));
//! ```

use wicket_guest::{Call, Context, Effect, PathKind};

use crate::read::{self, Arg, Change, Invocation, Place, ProgramName, Reader, Scope, Stdin};

/// What a shell command would run and write, as the default classifier
/// reads it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reading {
    /// Every simple command that would run, in reading order (a launcher
    /// before what it launches). Where dash and bash read the text
    /// differently, the commands of both readings are listed.
    pub commands: Vec<Command>,
    /// Every path the reading found written, deleted, overwritten or
    /// linked (by a program it knows, or a redirect).
    pub writes: Vec<Write>,
    /// Why parts of the command could not be read: a program that is an
    /// expansion, a script fed on a pipe, a word where an option could
    /// stand. Empty when everything was read.
    pub unreadable: Vec<String>,
}

impl Reading {
    /// The commands whose program is `name` ([`Command::is`]).
    pub fn commands_named<'r>(&'r self, name: &'r str) -> impl Iterator<Item = &'r Command> {
        self.commands.iter().filter(move |c| c.is(name))
    }

    /// Whether every part of the command was read.
    pub fn is_complete(&self) -> bool {
        self.unreadable.is_empty()
    }
}

/// One simple command that would run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// What `argv[0]` runs.
    pub program: Program,
    /// Its words, the program's first, as the program receives them.
    pub argv: Vec<Word>,
    /// The directory it runs in, when known.
    pub cwd: Option<String>,
    /// The index in [`Reading::commands`] of the launcher, shell, `eval`,
    /// function call or program that runs this command, if any.
    pub launched_by: Option<usize>,
    /// Its standard input is a pipe, a file or a here-document.
    pub stdin_fed: bool,
    /// More words are appended when it runs (`… | xargs git push`).
    pub more_words_at_run_time: bool,
}

impl Command {
    /// Whether this command runs the program `name`: by name on PATH, by a
    /// path in a system directory, or by any path whose last component is
    /// `name` (`/usr/lib/git-core/git`).
    pub fn is(&self, name: &str) -> bool {
        self.program.base_name() == Some(name)
    }

    /// The words after the program.
    pub fn args(&self) -> &[Word] {
        self.argv.get(1..).unwrap_or(&[])
    }

    /// The command as written, words joined by spaces (for a `why`).
    pub fn shown(&self) -> String {
        let words: Vec<&str> = self.argv.iter().map(|w| w.shown.as_str()).collect();
        crate::clip(&words.join(" "), 160)
    }

    /// Where `word` (one of this command's, or any path text as a
    /// [`Word::literal`]) lands when this command opens it, for every
    /// value it can take ([`place`] from this command's directory).
    pub fn place(&self, ctx: &Context, word: &Word) -> Vec<Placement> {
        let reader = Reader::new(ctx, &[]);
        let mut scope = reader.start_scope();
        scope.cwd = self.cwd.clone();
        let arg = Arg {
            values: word.values.clone(),
            glob: word.pattern,
            shown: word.shown.clone(),
        };
        reader
            .places(&arg, &scope)
            .into_iter()
            .map(Placement::from_place)
            .collect()
    }
}

/// What a command's first word runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Program {
    /// A name looked up on PATH, or a program in a system directory
    /// (`/usr/bin/git` is `git`): that name.
    Named(String),
    /// A program at a path outside the system's directories, as written
    /// (`./build.sh`, `/opt/tool/bin/x`).
    Path(String),
    /// Only known when it runs (`$CMD`, `$(which git)`, a pattern).
    Unknown,
}

impl Program {
    /// The name, or a path's last component; `None` when unknown.
    pub fn base_name(&self) -> Option<&str> {
        match self {
            Program::Named(name) => Some(name),
            Program::Path(path) => path.trim_end_matches('/').rsplit('/').next(),
            Program::Unknown => None,
        }
    }
}

/// One word of a command, as far as it can be known before it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// Every value the word can take, after quote removal and the
    /// expansions known before it runs: one value for an ordinary word,
    /// several when it depends on which way the command went (`x=a; [ … ]
    /// && x=b; rm $x`). `None`: only known when it runs.
    pub values: Option<Vec<String>>,
    /// An unquoted glob is left in the value(s): the shell expands it to the
    /// names that match when it runs.
    pub pattern: bool,
    /// The word as written (expansions shown by their form), for a `why`.
    pub shown: String,
}

impl Word {
    /// A literal word: exactly this text.
    pub fn literal(text: &str) -> Word {
        Word {
            values: Some(vec![text.to_owned()]),
            pattern: false,
            shown: text.to_owned(),
        }
    }

    /// Its value when it has exactly one and is no pattern.
    pub fn known(&self) -> Option<&str> {
        match &self.values {
            Some(values) if values.len() == 1 && !self.pattern => Some(&values[0]),
            _ => None,
        }
    }

    /// Whether what the word is can only be known when it runs.
    pub fn is_dynamic(&self) -> bool {
        self.values.is_none()
    }

    fn from_arg(arg: &Arg) -> Word {
        Word {
            values: arg.values.clone(),
            pattern: arg.glob,
            shown: arg.shown.clone(),
        }
    }
}

/// What a write does to the path it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteKind {
    /// Creates it or changes it in place (appends, modes, times).
    Write,
    /// Replaces the file there, if there is one (`>`, `cp`, `mv` onto it).
    Overwrite,
    /// Removes it (and, for a directory, what is beneath it).
    Delete,
    /// Makes a hard link to it: a write through the link writes it.
    Link,
}

/// A path some command or redirect writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    /// What writes it: the command as written, or the redirect (`>out`).
    pub by: String,
    /// The path word as written.
    pub path: String,
    pub kind: WriteKind,
    /// The write reaches everything beneath the path (a recursive copy or
    /// delete, an extraction).
    pub tree: bool,
    /// Where each value of the path lands.
    pub places: Vec<Placement>,
}

/// Where a path lands for the process that opens it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// Inside the writable root (the agent's worktree): the path, resolved.
    Inside(String),
    /// Outside the writable root, and what is there now.
    Outside { path: String, kind: PathKind },
    /// In the protected set: the path, and the protected entry it falls under.
    Protected { path: String, entry: String },
    /// A pattern that may match a directory holding a protected entry.
    AboveProtected { path: String, entry: String },
    /// A stream, not a file (`-`, `/dev/null`, an inherited pipe).
    Stream,
    /// A network endpoint (`/dev/tcp/host/port`).
    Network(String),
    /// Only known when it runs (the word as written).
    Unknown(String),
}

impl Placement {
    fn from_place(place: Place) -> Placement {
        match place {
            Place::Inside(path) => Placement::Inside(path),
            Place::Outside { path, kind } => Placement::Outside { path, kind },
            Place::Protected { path, entry } => Placement::Protected { path, entry },
            Place::Above { path, entry } => Placement::AboveProtected { path, entry },
            Place::Stream => Placement::Stream,
            Place::Network(endpoint) => Placement::Network(endpoint),
            Place::Unknown(shown) => Placement::Unknown(shown),
        }
    }

    /// The resolved path, for the placements that have one.
    pub fn path(&self) -> Option<&str> {
        match self {
            Placement::Inside(path)
            | Placement::Outside { path, .. }
            | Placement::Protected { path, .. }
            | Placement::AboveProtected { path, .. } => Some(path),
            _ => None,
        }
    }
}

/// Read a shell command as litany's `bash` tool runs it (see the module
/// documentation). Total and bounded: whatever the text, an answer.
pub fn read_shell(command: &str, ctx: &Context) -> Reading {
    let mut reader = Reader::new(ctx, &[]);
    reader.record = Some(Record::default());
    crate::tools::shell_command(&mut reader, command);
    finish(reader)
}

/// The shell text a call runs, if it runs one: `bash`'s `command`, or the
/// `command` of a tool wicket does not know (which the default classifier
/// reads as shell too).
pub fn shell_text(call: &Call) -> Option<&str> {
    let tool = call.tool.as_str();
    if tool != wicket_guest::litany::BASH && wicket_guest::litany::TOOLS.contains(&tool) {
        return None;
    }
    call.input_str("command")
}

/// [`read_shell`] of the call's [`shell_text`]; `None` for a call that
/// runs no shell text.
pub fn read_call(call: &Call, ctx: &Context) -> Option<Reading> {
    shell_text(call).map(|text| read_shell(text, ctx))
}

/// Where `path` lands for a process running in `cwd` (`None`: the agent's
/// cwd from the context): `~` expanded, relative paths taken from `cwd`,
/// symlinks that exist followed by the host, then inside the writable
/// root, outside it, or in the protected set. A path with glob characters
/// is placed as the path it spells; use [`Command::place`] with a pattern
/// [`Word`] for what a pattern can match.
pub fn place(ctx: &Context, cwd: Option<&str>, path: &str) -> Placement {
    let reader = Reader::new(ctx, &[]);
    let mut scope = reader.start_scope();
    if let Some(cwd) = cwd {
        scope.cwd = Some(cwd.to_owned());
    }
    reader
        .place(path, &scope)
        .map(Placement::from_place)
        .unwrap_or_else(|| Placement::Unknown(path.to_owned()))
}

/// Whether `resolved` (a path a [`Placement`] gives) is `dir` or beneath
/// it: whole components (`/a/bc` is not under `/a/b`).
pub fn is_under(resolved: &str, dir: &str) -> bool {
    wicket_guest::paths::is_under(resolved, dir)
}

/// What the reader collects while [`Reader::record`] is set.
#[derive(Debug, Default)]
pub(crate) struct Record {
    commands: Vec<Command>,
    writes: Vec<Write>,
    /// The commands being read now, innermost last.
    running: Vec<usize>,
}

impl Reader<'_> {
    /// Note a command about to be read; `true` when it was noted (then
    /// [`Reader::end_command`] follows its reading).
    pub(crate) fn record_command(&mut self, inv: &Invocation, scope: &Scope) -> bool {
        if self.record.is_none() {
            return false;
        }
        let program = match inv.argv.first().and_then(Arg::text) {
            None | Some("") => Program::Unknown,
            Some(text) => match read::program_name(text, self.ctx, scope.cwd.as_deref()) {
                ProgramName::Named(name) => Program::Named(name),
                ProgramName::Local(path) => Program::Path(path),
            },
        };
        let Some(record) = self.record.as_mut() else {
            return false;
        };
        let command = Command {
            program,
            argv: inv.argv.iter().map(Word::from_arg).collect(),
            cwd: scope.cwd.clone(),
            launched_by: record.running.last().copied(),
            stdin_fed: inv.stdin == Stdin::Fed,
            more_words_at_run_time: inv.extra_operands,
        };
        // dash's and bash's readings of the same text mostly agree: a
        // command both read the same way is listed once.
        let index = match record.commands.iter().position(|c| *c == command) {
            Some(index) => index,
            None => {
                record.commands.push(command);
                record.commands.len() - 1
            }
        };
        record.running.push(index);
        true
    }

    pub(crate) fn end_command(&mut self) {
        if let Some(record) = self.record.as_mut() {
            record.running.pop();
        }
    }

    /// A program writes files somewhere beneath `dir` (`None`: a directory
    /// only known when it runs), which ones not known: recorded as a write
    /// of the whole tree. Nothing is placed unless the reading records.
    pub(crate) fn record_tree_write(&mut self, shown: &str, dir: Option<&str>, scope: &Scope) {
        if self.record.is_none() {
            return;
        }
        let arg = match dir {
            Some(dir) => Arg::literal(dir),
            None => Arg {
                values: None,
                glob: false,
                shown: "the work tree".into(),
            },
        };
        let places = self.places(&arg, scope);
        self.record_write(&arg, Change::Write, true, &places, shown);
    }

    pub(crate) fn record_write(
        &mut self,
        arg: &Arg,
        change: Change,
        tree: bool,
        places: &[Place],
        shown: &str,
    ) {
        let Some(record) = self.record.as_mut() else {
            return;
        };
        let write = Write {
            by: shown.to_owned(),
            path: arg.shown.clone(),
            kind: match change {
                Change::Write => WriteKind::Write,
                Change::Overwrite => WriteKind::Overwrite,
                Change::Delete => WriteKind::Delete,
                Change::Link => WriteKind::Link,
            },
            tree,
            places: places.iter().cloned().map(Placement::from_place).collect(),
        };
        if !record.writes.contains(&write) {
            record.writes.push(write);
        }
    }
}

fn finish(mut reader: Reader) -> Reading {
    let record = reader.record.take().unwrap_or_default();
    let mut unreadable: Vec<String> = Vec::new();
    for note in &reader.notes {
        if note.effect == Effect::Opaque && !unreadable.contains(&note.why) {
            unreadable.push(note.why.clone());
        }
    }
    for spent in reader.spent_budgets() {
        if !unreadable.contains(&spent) {
            unreadable.push(spent);
        }
    }
    Reading {
        commands: record.commands,
        writes: record.writes,
        unreadable,
    }
}
