//! Reads a parsed command line for what it would do: every simple command's
//! program (read through launchers, shells and `eval`), its operands placed
//! inside or outside the writable root or in the protected set, its
//! redirects, and what its expansions run.
//!
//! What cannot be read literally is opaque: a program that is an expansion,
//! a script fed on stdin, a path a write depends on but nobody can name
//! before it runs. The reader tracks what it can know as it goes — literal
//! variable assignments, `cd`, loop words — and forgets what a subshell did
//! when the subshell ends, as the shell does.

use std::collections::{BTreeMap, BTreeSet};

use wicket_guest::{Context, Effect, Harness, PathKind};

use crate::programs;
use crate::rules::{self, Op, OperatorRule};
use crate::syntax::{self, Dialect, Node, Part, Redirect, RedirectKind, Script, Simple, Word};

/// How many shell texts one call may nest (`sh -c`, `eval`, `watch`, …)
/// before the rest is opaque.
pub const MAX_TEXTS: usize = 64;

/// How many paths one call may have the host resolve; past it, paths are
/// unknown (and a write to an unknown path is opaque).
pub const MAX_RESOLVES: usize = 512;

/// How many command substitutions one call may have expanded (each nested
/// one is expanded again wherever its word is read); past it, what they
/// print is unknown and the call is opaque. A bound on the reading's work,
/// whatever the nesting.
pub const MAX_EXPANSIONS: usize = 50_000;

/// How many commands one call's reading may take, counting each time a
/// command is read again (a loop's body is read as two runs, a function's
/// wherever it is called, so nesting multiplies them); past it the rest is
/// not read and the call is opaque. A bound on the reading's work.
pub const MAX_STEPS: usize = 20_000;

/// How many notes the reader keeps before only new effects are recorded.
pub const MAX_NOTES: usize = 1024;

/// How many values a brace expansion or loop may give one word before the
/// reader stops following them.
pub const MAX_VALUES: usize = 64;

/// One thing found. A guard (the protected set, a secret) is never replaced
/// by an operator's rule for the program; the program's own class is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub effect: Effect,
    pub why: String,
    pub guard: bool,
}

/// Trap texts remembered per shell, to run again at its exit.
pub(crate) const MAX_TRAPS: usize = 16;

/// What the reader knows at a point in the script.
#[derive(Debug, Clone, PartialEq)]
pub struct Scope {
    /// The shell's directory; `None` once a `cd` went somewhere unreadable.
    pub cwd: Option<String>,
    /// Where the last `cd` took the shell as its `$PWD` says (a link not
    /// followed: `cd lnk` is at `…/lnk`), with the directory it is: the next
    /// `cd ..` drops a component of that text, as both shells do. Trusted
    /// only while the directory is still [`Scope::cwd`].
    pub logical: Option<(String, String)>,
    /// Variables with known values (`None`: assigned, but unknown).
    pub vars: BTreeMap<String, Option<Vec<String>>>,
    /// `$1…` when known (`sh -c '…' _ a b`); `None` when unknown.
    pub positional: Option<Vec<String>>,
    /// The directory before the last `cd` (`cd -`, `~-`), when known.
    pub oldpwd: Option<String>,
    /// `pushd`'s stack below the current directory, when known.
    pub dirstack: Option<Vec<String>>,
    /// The descriptors a command run here starts with.
    pub fds: BTreeMap<u32, Fd>,
    /// Variables whose text is data only known at run time (a command's
    /// output, what `read` read): arithmetic on them can run what they hold.
    pub data: BTreeSet<String>,
    /// `declare -n NAME=TARGET`: NAME stands for TARGET.
    pub namerefs: BTreeMap<String, String>,
    /// `alias NAME=TEXT`: what NAME runs where the shell expands aliases.
    pub aliases: BTreeMap<String, String>,
    /// `hash -p PATH NAME`: NAME runs PATH.
    pub hashed: BTreeMap<String, String>,
    /// A sourced script or text only known at run time may have defined
    /// functions and aliases: any later name may run what it defined.
    pub unknown_definitions: Option<String>,
    /// A directory put before the system's on PATH: a later name may run a
    /// program from there.
    pub path_prefix: Option<String>,
    /// Functions defined so far: a later name runs the body.
    pub functions: BTreeMap<String, std::rc::Rc<FunctionBody>>,
    /// Functions defined on one path only, or differently on two (`[ -e x ]
    /// && rm() { :; }`): the name may run the program, or another body.
    pub maybe_functions: BTreeMap<String, Option<std::rc::Rc<FunctionBody>>>,
    /// Inside a function call: the variables it declared `local` (each
    /// gets its caller's value back when the call returns).
    pub locals: Option<BTreeSet<String>>,
    /// Variables with the integer attribute: what is assigned to them is
    /// evaluated as arithmetic.
    pub arith: BTreeSet<String>,
    /// Variables with bash's case attributes (`declare -l`, `-u`, `-c`):
    /// what is assigned to them is stored converted.
    pub cased: BTreeSet<String>,
    /// Directories made earlier in the command (`mkdir -p build && cd build`).
    pub made: BTreeSet<String>,
    /// Of those, the ones made under a new unique name (`mktemp -d`): no
    /// file can have been there first, so a `cd` to one succeeds.
    pub made_fresh: BTreeSet<String>,
    /// `shopt -s dotglob`: a pattern matches names starting with a dot.
    pub dotglob: bool,
    /// A glob option wicket does not model is on: patterns match unknown sets.
    pub glob_unknown: Option<String>,
    /// bash's `nullglob` is on: a pattern that matches nothing is removed,
    /// and the words after it move up.
    pub nullglob: bool,
    /// `set -a`: every variable assigned is exported to what runs next.
    pub allexport: bool,
    /// Variables `unset` here and not exported since: both shells drop the
    /// export with the variable, so one assigned again stays in this shell
    /// and a new shell does not get it (`unset HOME; HOME=d; sh -c cd`
    /// stayed; verified under dash).
    pub unexported: BTreeSet<String>,
    /// Variables set from a substitution that goes to, or names, a place at
    /// or above the protected set (`D=$(cd ../.. && pwd)`): exported, they
    /// hand that place to every program that runs after.
    pub reaching: BTreeSet<String>,
    /// Variables a loop over a pattern bound: each value is one match.
    pub globbed: BTreeSet<String>,
    /// Variables a loop bound to what only prints process ids (`for p in
    /// $(pgrep x)`): each value is one decimal number, which no splitting
    /// or pattern turns into another path (`/proc/$p/status` stays a
    /// status file).
    pub numbers: BTreeSet<String>,
    /// Standard input is a pipe or a file a compound command's redirect
    /// opened (`… | while read x; do …; done`, `{ …; } < f`): what the
    /// commands inside read there is data wicket may not see.
    pub stdin_fed: bool,
    /// Where the last command, a `cd` to a directory not there yet, went if
    /// it succeeded: `&&` after it runs there (`cd new && git init`).
    pub cd_pending: Option<String>,
    /// Variables made read-only (`readonly x`, `declare -r x`), each with
    /// whether it is certain (false: on one path only): an assignment to a
    /// certain one fails and the value stays (`x=../a2; readonly x; command
    /// eval x=.; touch $x/p` wrote in another agent's worktree; verified
    /// under dash), and one to a possible one leaves the value unknown.
    pub readonly: BTreeMap<String, bool>,
    /// Trap texts set in this shell: each runs again when the shell exits,
    /// where it is then and with what is set then (`trap 'touch ../../a2/p'
    /// EXIT; cd d` runs the touch from d; verified under dash).
    pub traps: Vec<String>,
    /// Of those, the ones set for a signal (or bash's DEBUG, ERR, RETURN):
    /// each may also run between any two commands that follow, where the
    /// shell is then and with what is set then (`trap 'echo x >> $f' USR1;
    /// f=../../x; kill -USR1 $$` appended to ../../x; verified under dash).
    pub signal_traps: Vec<String>,
}

/// A function's body and the text it was defined in (its here-docs).
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionBody {
    pub body: Node,
    pub script: Script,
}

impl Scope {
    /// The shell's `$PWD` (and what `pwd` prints): where the last logical
    /// `cd` left it, links as named, while the shell is still in that
    /// directory; else the directory itself.
    pub fn pwd(&self) -> Option<String> {
        match &self.logical {
            Some((physical, logical)) if self.cwd.as_ref() == Some(physical) => {
                Some(logical.clone())
            }
            _ => self.cwd.clone(),
        }
    }

    /// What the shell knows after a part that may or may not have run: what
    /// both this scope and `other` agree on; the rest is unknown.
    pub fn join(&mut self, other: &Scope) {
        if self.cwd != other.cwd {
            self.cwd = None;
        }
        if self.logical != other.logical {
            self.logical = None;
        }
        if self.oldpwd != other.oldpwd {
            self.oldpwd = None;
        }
        if self.dirstack != other.dirstack {
            self.dirstack = None;
        }
        if self.positional != other.positional {
            self.positional = None;
        }
        let names: BTreeSet<String> = self.vars.keys().chain(other.vars.keys()).cloned().collect();
        for name in names {
            let a = self.vars.get(&name).cloned().flatten();
            let b = other.vars.get(&name).cloned();
            let agree = match b {
                Some(b) => Some(a.clone()) == Some(b),
                // Set on one path only: the environment's value on the other.
                None => false,
            };
            if !agree {
                self.vars.insert(name.clone(), None);
                self.data.insert(name);
            }
        }
        self.data.extend(other.data.iter().cloned());
        for (fd, what) in &other.fds {
            if self.fds.get(fd) != Some(what) {
                self.fds.insert(*fd, Fd::Unknown);
            }
        }
        let fds: Vec<u32> = self.fds.keys().copied().collect();
        for fd in fds {
            if !other.fds.contains_key(&fd) {
                self.fds.insert(fd, Fd::Unknown);
            }
        }
        for (name, target) in &other.namerefs {
            if self.namerefs.get(name) != Some(target) {
                // A nameref on one path only: any variable may be it.
                self.forget_variables();
                break;
            }
        }
        // Definitions that may exist are taken as existing (the stricter).
        for (name, body) in &other.aliases {
            self.aliases
                .entry(name.clone())
                .or_insert_with(|| body.clone());
        }
        for (name, path) in &other.hashed {
            self.hashed
                .entry(name.clone())
                .or_insert_with(|| path.clone());
        }
        let names: BTreeSet<String> = self
            .functions
            .keys()
            .chain(other.functions.keys())
            .cloned()
            .collect();
        for name in names {
            let (mine, theirs) = (
                self.functions.get(&name).cloned(),
                other.functions.get(&name).cloned(),
            );
            if mine != theirs {
                // The body not kept is read too where the name runs.
                let alternative = match (&mine, &theirs) {
                    (Some(_), Some(t)) => Some(t.clone()),
                    _ => None,
                };
                self.maybe_functions.insert(name.clone(), alternative);
            }
            if mine.is_none() {
                if let Some(t) = theirs {
                    self.functions.insert(name, t);
                }
            }
        }
        for (name, alt) in &other.maybe_functions {
            self.maybe_functions
                .entry(name.clone())
                .or_insert_with(|| alt.clone());
        }
        self.arith.extend(other.arith.iter().cloned());
        self.cased.extend(other.cased.iter().cloned());
        // A number on both paths only.
        self.numbers.retain(|n| other.numbers.contains(n));
        if self.unknown_definitions.is_none() {
            self.unknown_definitions = other.unknown_definitions.clone();
        }
        if self.path_prefix.is_none() {
            self.path_prefix = other.path_prefix.clone();
        }
        // A directory is known to exist only if it was made on both paths.
        self.made = self.made.intersection(&other.made).cloned().collect();
        self.made_fresh = self
            .made_fresh
            .intersection(&other.made_fresh)
            .cloned()
            .collect();
        self.dotglob |= other.dotglob;
        self.nullglob |= other.nullglob;
        self.allexport |= other.allexport;
        self.unexported.extend(other.unexported.iter().cloned());
        self.reaching.extend(other.reaching.iter().cloned());
        self.globbed.extend(other.globbed.iter().cloned());
        self.stdin_fed |= other.stdin_fed;
        if self.cd_pending != other.cd_pending {
            self.cd_pending = None;
        }
        let names: BTreeSet<String> = self
            .readonly
            .keys()
            .chain(other.readonly.keys())
            .cloned()
            .collect();
        for name in names {
            let both =
                self.readonly.get(&name) == Some(&true) && other.readonly.get(&name) == Some(&true);
            self.readonly.insert(name, both);
        }
        for text in &other.signal_traps {
            if self.signal_traps.len() < MAX_TRAPS && !self.signal_traps.contains(text) {
                self.signal_traps.push(text.clone());
            }
        }
        for text in &other.traps {
            if self.traps.len() < MAX_TRAPS && !self.traps.contains(text) {
                self.traps.push(text.clone());
            }
        }
        if self.glob_unknown.is_none() {
            self.glob_unknown = other.glob_unknown.clone();
        }
    }

    /// Assign a variable as the shell would (through a nameref). `value`:
    /// its values when known; `data`: its text is run-time data.
    pub fn assign(&mut self, name: &str, value: Option<Vec<String>>, data: bool) {
        let mut target = name.to_owned();
        // A chain of namerefs, bounded as bash bounds it.
        for _ in 0..8 {
            match self.namerefs.get(&target) {
                // A nameref that names nothing yet (`declare -n r`): this
                // assignment names what it stands for.
                Some(next) if next.is_empty() => {
                    match value.as_deref() {
                        Some([v]) if !data && is_plain_name(v) => {
                            self.namerefs.insert(target, v.clone());
                        }
                        _ => {
                            self.namerefs.remove(&target);
                            self.forget_variables();
                        }
                    }
                    return;
                }
                Some(next) => target = next.clone(),
                None => break,
            }
        }
        match self.readonly.get(&target) {
            // The assignment fails: the value stays.
            Some(true) => return,
            Some(false) => {
                self.vars.insert(target.clone(), None);
                self.data.insert(target);
                return;
            }
            None => {}
        }
        if data || value.is_none() {
            self.data.insert(target.clone());
        } else {
            self.data.remove(&target);
        }
        self.globbed.remove(&target);
        self.numbers.remove(&target);
        self.vars.insert(target, value);
    }

    /// Every variable becomes unknown (text only known at run time may have
    /// set any of them).
    pub fn forget_variables(&mut self) {
        for (name, value) in self.vars.iter_mut() {
            *value = None;
            self.data.insert(name.clone());
        }
        self.positional = None;
    }

    /// What `~` expands to here: `$HOME` as this shell has it.
    pub fn home(&self, ctx: &Context) -> String {
        match self.vars.get("HOME") {
            Some(Some(values)) if values.len() == 1 => values[0].clone(),
            // Assigned something unknown: a path under it is unknown too,
            // which the caller sees as a relative path it cannot place.
            Some(_) => String::new(),
            None => ctx.home.clone(),
        }
    }
}

/// A word as the reader sees it after what it can expand.
#[derive(Debug, Clone)]
pub struct Arg {
    /// The values the word can take, when every one is known.
    pub values: Option<Vec<String>>,
    /// An unquoted glob is left in the value.
    pub glob: bool,
    /// The word as written, for explanations.
    pub shown: String,
}

impl Arg {
    pub fn literal(text: &str) -> Arg {
        Arg {
            values: Some(vec![text.to_owned()]),
            glob: false,
            shown: text.to_owned(),
        }
    }

    /// The word with `suffix` after each value (a backup's name).
    pub fn with_suffix(&self, suffix: &str) -> Arg {
        Arg {
            values: self.values.as_ref().map(|vs| {
                vs.iter()
                    .map(|v| format!("{}{suffix}", v.trim_end_matches('/')))
                    .collect()
            }),
            glob: self.glob,
            shown: format!("{}{suffix}", self.shown),
        }
    }

    /// The single known value, if there is exactly one and no glob.
    pub fn text(&self) -> Option<&str> {
        match &self.values {
            Some(v) if v.len() == 1 && !self.glob => Some(&v[0]),
            _ => None,
        }
    }

    /// Whether the word is an option (`-x`, `--long`); a lone `-` is an operand.
    pub fn is_flag(&self) -> bool {
        self.first()
            .is_some_and(|w| w.starts_with('-') && w.len() > 1)
    }

    /// The first known value (for flag and qualifier matching).
    pub fn first(&self) -> Option<&str> {
        self.values
            .as_ref()
            .and_then(|v| v.first())
            .map(String::as_str)
    }
}

/// Where stdin of a command comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stdin {
    /// Nothing the command line says (the tool's own stdin).
    Inherited,
    /// A pipe, here-doc, here-string or file: text wicket may not see.
    Fed,
}

/// How the name of the program an invocation runs is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// As the shell runs a command: its functions and aliases first.
    Shell,
    /// `command NAME`, `builtin NAME`, `exec NAME`: never a function or
    /// alias; bash still looks in its hash table (`hash -p`), then PATH.
    NoFunctions,
    /// Started by another program (a launcher: `env`, `xargs`, `find
    /// -exec`, `nice`): PATH alone, never the shell's functions or the
    /// paths its `hash -p` remembered (`rm() { :; }; env rm -rf x` removed
    /// x; verified under dash).
    Path,
}

/// One program run, as launched: its words and what it reads.
#[derive(Debug, Clone)]
pub struct Invocation {
    pub argv: Vec<Arg>,
    pub stdin: Stdin,
    /// More operands arrive at run time (`xargs`).
    pub extra_operands: bool,
    /// How its program's name is found.
    pub lookup: Lookup,
    /// Its stdin is the output of a command that only prints paths under
    /// this directory (as those paths spell it; `.` for relative paths).
    pub stdin_paths: Option<String>,
    /// The text stdin carries when the command line spells it literally (a
    /// here-doc with a quoted delimiter or no expansions, a literal
    /// here-string): what an interpreter reading its program there runs.
    pub stdin_text: Option<String>,
}

impl Invocation {
    /// The command as written, for explanations.
    pub fn shown(&self) -> String {
        // Built only as far as the clip, whatever the words' size.
        let mut text = String::new();
        for (index, arg) in self.argv.iter().enumerate() {
            if index > 0 {
                text.push(' ');
            }
            text.extend(arg.shown.chars().take(121));
            if text.chars().count() > 120 {
                break;
            }
        }
        crate::clip(&text, 120)
    }

    /// Every word's first value (unknown words as written), program excluded.
    pub fn words(&self) -> Vec<String> {
        self.argv
            .iter()
            .skip(1)
            .map(|a| {
                a.first()
                    .map(str::to_owned)
                    .unwrap_or_else(|| a.shown.clone())
            })
            .collect()
    }

    /// Words run as one program with nothing on its stdin that wicket
    /// sees, started by another program (`find -exec`, a build tool, code
    /// calling `subprocess`): see [`Lookup::Path`].
    pub fn of_words(argv: Vec<Arg>) -> Invocation {
        Invocation {
            argv,
            stdin: Stdin::Inherited,
            extra_operands: false,
            lookup: Lookup::Path,
            stdin_paths: None,
            stdin_text: None,
        }
    }

    /// The same invocation from word `at` on (a launcher's program, run
    /// by exec: see [`Lookup::Path`]).
    pub fn tail(&self, at: usize) -> Invocation {
        Invocation {
            argv: self.argv[at.min(self.argv.len())..].to_vec(),
            stdin: self.stdin,
            extra_operands: self.extra_operands,
            lookup: Lookup::Path,
            stdin_paths: self.stdin_paths.clone(),
            stdin_text: self.stdin_text.clone(),
        }
    }
}

pub use crate::place::{Fd, Place};

/// What a program does to a path it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Creates it, or changes it in place (appends, modes, times).
    Write,
    /// Replaces the file there, if there is one.
    Overwrite,
    /// Removes it (and, for a directory, everything in it).
    Delete,
    /// Makes a hard link to it elsewhere: a write through the link writes it.
    Link,
}

impl Change {
    fn verb(self) -> &'static str {
        match self {
            Change::Write => "writes",
            Change::Overwrite => "overwrites",
            Change::Delete => "deletes",
            Change::Link => "hard-links",
        }
    }

    fn consequence(self) -> &'static str {
        match self {
            Change::Link => ", so a write through the link writes it",
            _ => "",
        }
    }
}

/// How far a change reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The path named.
    Path,
    /// The path and everything beneath it (recursive copies, extractions,
    /// recursive mode changes).
    Tree,
}

/// The reader: the context, the operator's rows, and what it found so far.
pub struct Reader<'a> {
    pub ctx: &'a Context,
    pub rules: &'a [OperatorRule],
    pub notes: Vec<Note>,
    texts: usize,
    depth: usize,
    /// Paths resolved through the host so far (each one is a host call).
    resolves: std::cell::Cell<usize>,
    /// Commands read so far (see [`MAX_STEPS`]).
    steps: usize,
    /// A note was left out past [`MAX_NOTES`]. A step that asks what notes
    /// it added (did the program run code wicket cannot read?) could miss
    /// one, so the call is opaque.
    crowded_out: bool,
    /// Command substitutions expanded so far (see [`MAX_EXPANSIONS`]).
    expansions: std::cell::Cell<usize>,
    /// What the host said each program asked about is (see
    /// [`Reader::identify`]): one question per name and call.
    pub(crate) identified: std::cell::RefCell<BTreeMap<String, Option<Harness>>>,
    /// Files made earlier in the command as copies of (or links to) one of
    /// the harness's programs (`cp ~/bin/wicket ./ls`), by where they land:
    /// the host cannot identify them, since they do not exist yet. Files
    /// outlive the subshell or launcher that made them, so this is the
    /// reader's, not a scope's; one that may have been made counts.
    pub(crate) harness_files: std::cell::RefCell<BTreeMap<String, Harness>>,
    /// Symbolic links made earlier in the command (`ln -s ../.. up`), by
    /// where each lands, with the absolute path it points at: the host
    /// cannot follow them, since they do not exist yet, so `up/repo.git`
    /// is placed through them here (`Reader::place`). Like the harness's
    /// copies, one that may have been made counts.
    pub(crate) made_links: std::cell::RefCell<BTreeMap<String, Option<String>>>,
    /// Directories this command fills with a tree whose entries wicket
    /// cannot see: an archive extracted, a tree copied, a commit checked
    /// out. Any of those entries may be a symbolic link (`up -> ../..`), so
    /// a later path beneath one that does not exist now is only known when
    /// it runs (`Reader::place`). Like the links above, one that may have
    /// been filled counts.
    pub(crate) unseen_trees: std::cell::RefCell<Vec<(String, String)>>,
    /// Trees the simple command being read fills: they count from the next
    /// command on (its own operands, the archive it extracts, are read
    /// before it writes).
    pending_unseen: std::cell::RefCell<Vec<(String, String)>>,
    /// Paths outside the writable root this command writes, copies or
    /// links to (not deletes), as placed: a later git run in a directory
    /// at or beneath one, or beside a `.git` among them, finds whatever
    /// gitfile it put there (`programs/git/mod.rs`, `through_gitfile`).
    /// Like the trees above, one that may have been written counts.
    pub(crate) written_outside: std::cell::RefCell<Vec<String>>,
    /// Git directories this command makes (see [`Reader::made_git_dir`]).
    git_dirs_made: std::cell::RefCell<Vec<String>>,
    git_dirs_overflow: std::cell::Cell<bool>,
    /// Every path this command writes text to (see `writes_text`), as
    /// placed, and whether the write fills a tree beneath it:
    /// a script or program run from one of them later in the command is
    /// what the command wrote, which wicket cannot read
    /// (`Reader::written_earlier`). Past `MAX_NOTES` of them, any may be.
    written_here: std::cell::RefCell<Vec<(String, bool)>>,
    /// Paths this command disturbed (resolved): deleted, moved away,
    /// replaced by a move or a copy, or changed who may enter. A directory
    /// at or beneath one may be gone, another thing, or closed to the
    /// shell by the time a later `cd` goes there.
    disturbed_here: std::cell::RefCell<Vec<String>>,
    written_overflow: std::cell::Cell<bool>,
    /// For each function call being read, innermost last: what the shell
    /// knew at each `return` in its body, joined. What the body does after
    /// a `return` may not happen (`f() { return; cd d; }; f` stays).
    function_returns: std::cell::RefCell<Vec<Option<Scope>>>,
    /// How many of `written_here` an earlier command wrote, before the
    /// simple command being read began (its own redirections come after
    /// this: `python3 gen.py > config.json` runs nothing it wrote).
    written_before: std::cell::Cell<usize>,
    /// Whether `check_code_written_before` has said so (once is enough).
    code_written: std::cell::Cell<bool>,
    /// Set while a write whose text comes from the command itself is placed
    /// (a redirection, `tee`, an in-place edit by `sed`, `perl`, `ruby`,
    /// `jq` or `yq`, `dd` or `cp` from stdin, a copy or move of a file so
    /// written, and any write of a text filter: `programs::TEXT_WRITERS`):
    /// only those are recorded in `written_here`.
    /// A copy, move, link or mode change of a file puts there what was
    /// already a file, which running it directly would run as well.
    writes_text: std::cell::Cell<bool>,
    /// Set while a delete that names its entry itself (no trailing `/` or
    /// `/.`, no pattern) is placed: `rm -rf src` removes a link the tree
    /// writer may have put there, not what it leads to, so a directory
    /// directly in a filled tree is placed where it is for it.
    pub(crate) removes_entry: std::cell::Cell<bool>,
    /// Set while a tree whose entries wicket does not see is written into
    /// a directory (`Reader::fills_with_unseen`): an archive extracted, a
    /// tree copied or moved in from outside the worktree.
    unseen_entries: std::cell::Cell<bool>,
    /// Set while such a tree is written by a program told to leave out
    /// every entry named `.git` (`tar --exclude=.git`).
    skips_git: std::cell::Cell<bool>,
    /// The tree change being placed does not reach the entries at the
    /// worktree's top: it stands for what a program reaches beneath a
    /// starting point, whose found paths are placed apart (`find -delete`),
    /// or rm refuses the operand (`rm -rf .`).
    pub(crate) spares_top: std::cell::Cell<bool>,
    /// One of the harness's programs that something in the command read as
    /// data (`head -c N ~/bin/wicket > x`): a program this command may have
    /// made from it cannot be told apart from the harness before it runs.
    pub(crate) harness_read: std::cell::Cell<Option<Harness>>,
    /// How many read paths were asked about for [`Reader::harness_read`].
    pub(crate) data_identifies: std::cell::Cell<usize>,
    /// Something the command read as data was not asked about (past
    /// `MAX_DATA_IDENTIFIES`, or a directory or pattern too large to list):
    /// it may have been one of the harness's programs.
    pub(crate) data_unidentified: std::cell::Cell<bool>,
    /// How near the command came to the shell's own ancestry, for a `kill`
    /// whose process ids are only known when it runs: `Ancestry::Parent`
    /// once a word expands `$PPID` or names a process's `stat`/`status`
    /// file (where the parent's id is), `Ancestry::Listing` once `ps` has
    /// listed processes (the harness's among them). See
    /// `programs::launch::note_ancestry`.
    pub(crate) ancestry: std::cell::Cell<crate::programs::launch::Ancestry>,
    /// The patterns the shell itself expands in this call (unquoted globs
    /// in its words), as opposed to the stand-ins descriptions make for
    /// "some path under here": only these are expanded on the host.
    pub(crate) shell_patterns: std::cell::RefCell<BTreeSet<String>>,
    /// Words (as written) whose value this command chooses when it runs: a
    /// command substitution's output wicket cannot know, or a variable or
    /// positional parameter this command set to such text. See
    /// [`Reader::hands_chosen_words`].
    pub(crate) chosen_words: std::cell::RefCell<BTreeSet<String>>,
    /// Words whose substitution goes to, or names, a place at or above the
    /// protected set ([`Reader::reaches_up`]), as shown.
    pub(crate) reaching_words: std::cell::RefCell<BTreeSet<String>>,
    /// Words (as written) only known when they run whose expansion is
    /// unquoted: the shell splits the value into several words and globs
    /// each.
    pub(crate) split_words: std::cell::RefCell<BTreeSet<String>>,
    /// The function being read was called with a word in `chosen_words`:
    /// its `$1…` are chosen too.
    positional_chosen: std::cell::Cell<bool>,
    /// The program being read is run by `xargs` with items from input
    /// wicket cannot see (its `extra_operands`).
    pub(crate) xargs_items_chosen: std::cell::Cell<bool>,
    /// The shell whose reading of the text is being read now.
    pub dialect: Dialect,
    /// That shell stopped at a syntax error: nothing after it runs.
    stopped: bool,
    /// Reading a signal trap's text as it would run between two commands:
    /// the commands in it do not fire it again.
    in_signal_trap: bool,
    /// What the previous pipeline element prints, when it only prints paths
    /// under one directory (taken by the next simple command read).
    piped_paths: Option<String>,
    /// What the commands being read now get on stdin, when that is one of
    /// the harness's programs (`cat ~/bin/wicket | tee ./ls` makes a copy).
    pub(crate) fed_harness: std::cell::Cell<Option<Harness>>,
    /// Whether what was read so far printed one of the harness's programs
    /// on its standard output (`cat ~/bin/wicket`, `env cat …`), for the
    /// next pipeline element.
    pub(crate) printed_harness: std::cell::Cell<Option<Harness>>,
    /// What the public reading ([`crate::reading`]) collects: `None` for the
    /// default classifier, which records nothing.
    pub(crate) record: Option<crate::reading::Record>,
    /// Whether the protected set takes in the home's and the system's
    /// startup files (`crate::HOME_STARTUP`, `crate::SYSTEM_STARTUP`): the
    /// default classifier's reading does; a library reading takes the
    /// context's set alone.
    startup: bool,
    /// The protected set with those files, worked out the first time
    /// anything asks for the set (each file is a host query, and most calls
    /// never ask).
    protected: std::cell::OnceCell<Vec<String>>,
    /// That set sorted for [`Reader::protected_by`], made on its first ask.
    protected_index: std::cell::OnceCell<wicket_guest::paths::ProtectedIndex>,
    /// The context's secret fragments, compiled on the first ask (a reading
    /// asks for each word it sees).
    secrets: std::cell::OnceCell<wicket_guest::SecretFragments<'a>>,
}

impl<'a> Reader<'a> {
    pub fn new(ctx: &'a Context, rules: &'a [OperatorRule]) -> Reader<'a> {
        Reader {
            ctx,
            rules,
            notes: Vec::new(),
            texts: 0,
            depth: 0,
            resolves: std::cell::Cell::new(0),
            expansions: std::cell::Cell::new(0),
            steps: 0,
            crowded_out: false,
            identified: std::cell::RefCell::new(BTreeMap::new()),
            harness_files: std::cell::RefCell::new(BTreeMap::new()),
            made_links: std::cell::RefCell::new(BTreeMap::new()),
            unseen_trees: std::cell::RefCell::new(Vec::new()),
            pending_unseen: std::cell::RefCell::new(Vec::new()),
            written_outside: std::cell::RefCell::new(Vec::new()),
            git_dirs_made: std::cell::RefCell::new(Vec::new()),
            git_dirs_overflow: std::cell::Cell::new(false),
            written_here: std::cell::RefCell::new(Vec::new()),
            disturbed_here: std::cell::RefCell::new(Vec::new()),
            written_overflow: std::cell::Cell::new(false),
            function_returns: std::cell::RefCell::new(Vec::new()),
            written_before: std::cell::Cell::new(0),
            code_written: std::cell::Cell::new(false),
            writes_text: std::cell::Cell::new(false),
            removes_entry: std::cell::Cell::new(false),
            unseen_entries: std::cell::Cell::new(false),
            skips_git: std::cell::Cell::new(false),
            spares_top: std::cell::Cell::new(false),
            harness_read: std::cell::Cell::new(None),
            data_identifies: std::cell::Cell::new(0),
            data_unidentified: std::cell::Cell::new(false),
            ancestry: std::cell::Cell::new(crate::programs::launch::Ancestry::None),
            shell_patterns: std::cell::RefCell::new(BTreeSet::new()),
            chosen_words: std::cell::RefCell::new(BTreeSet::new()),
            reaching_words: std::cell::RefCell::new(BTreeSet::new()),
            split_words: std::cell::RefCell::new(BTreeSet::new()),
            positional_chosen: std::cell::Cell::new(false),
            xargs_items_chosen: std::cell::Cell::new(false),
            dialect: Dialect::Bash,
            stopped: false,
            in_signal_trap: false,
            piped_paths: None,
            fed_harness: std::cell::Cell::new(None),
            printed_harness: std::cell::Cell::new(None),
            record: None,
            startup: false,
            protected: std::cell::OnceCell::new(),
            protected_index: std::cell::OnceCell::new(),
            secrets: std::cell::OnceCell::new(),
        }
    }

    /// The context's secret fragments, compiled once for this reading.
    pub fn secrets(&self) -> &wicket_guest::SecretFragments<'a> {
        self.secrets
            .get_or_init(|| self.ctx.secret_fragments_compiled())
    }

    /// This reader with the home's and the system's startup files in its
    /// protected set ([`Reader::protected`]), as the default classifier
    /// reads.
    pub fn with_startup_files(mut self) -> Reader<'a> {
        self.startup = true;
        self
    }

    /// The protected set: the context's, then (for the default classifier)
    /// each startup file as written and where it resolves, resolved on the
    /// first ask.
    pub fn protected(&self) -> &[String] {
        if !self.startup {
            return &self.ctx.protected;
        }
        self.protected
            .get_or_init(|| crate::with_home_startup(self.ctx))
    }

    /// The protected entry a resolved path falls under, if any
    /// ([`Context::protected_by`] over [`Reader::protected`]).
    pub fn protected_by(&self, resolved: &str) -> Option<&str> {
        let protected = self.protected();
        self.protected_index
            .get_or_init(|| wicket_guest::paths::ProtectedIndex::new(protected))
            .protected_by(protected, &self.ctx.writable_root, resolved)
    }

    pub fn note(&mut self, effect: Effect, why: impl Into<String>) {
        let why = why.into();
        if effect == Effect::OpenWorld && runs_unread_code(&why) {
            self.check_code_written_before(&why);
        }
        if self.crowded(effect) {
            self.crowded_out = true;
            return;
        }
        self.notes.push(Note {
            effect,
            why,
            guard: false,
        });
    }

    /// A program that runs code wicket cannot read (a build, a test run, a
    /// task runner, a program wicket does not know) after an earlier
    /// command of the same call wrote its own text into a file such code
    /// is read from (a source file, a manifest, a build or task file): what
    /// runs may be what the command spelled, which wicket does not read
    /// (`printf 'x:\n\trm -rf ../a2\n' > justfile && just x`, `echo
    /// '…' > conftest.py && pytest`, `cat > build.rs … && cargo build`), as
    /// a script so written is (`Reader::written_earlier`). Written in one
    /// call and run in the next, it is the agent's own code: open-world.
    fn check_code_written_before(&mut self, why: &str) {
        if self.code_written.get() {
            return;
        }
        let before = self.written_before.get();
        let found = {
            let written = self.written_here.borrow();
            let overflow = self.written_overflow.get() && before >= written.len();
            written
                .get(..before.min(written.len()))
                .unwrap_or_default()
                .iter()
                .find(|(path, tree)| *tree || is_code_file(path))
                .map(|(path, _)| path.clone())
                .or_else(|| overflow.then(|| "perhaps, past what wicket keeps".to_owned()))
        };
        if let Some(path) = found {
            self.code_written.set(true);
            if self.crowded(Effect::Opaque) {
                self.crowded_out = true;
                return;
            }
            self.notes.push(Note {
                effect: Effect::Opaque,
                why: format!(
                    "{why}, after this command wrote its own text into {path}: what runs may be what \
                     the command spelled, which wicket does not read (written in one call and run in \
                     the next, it is read as the agent's own code)"
                ),
                guard: false,
            });
        }
    }

    pub fn guard(&mut self, effect: Effect, why: impl Into<String>) {
        if self.crowded(effect) {
            self.crowded_out = true;
            return;
        }
        self.notes.push(Note {
            effect,
            why: why.into(),
            guard: true,
        });
    }

    /// Past [`MAX_NOTES`], a note adds nothing unless its effect is new.
    fn crowded(&self, effect: Effect) -> bool {
        self.notes.len() >= MAX_NOTES && self.notes.iter().any(|n| n.effect == effect)
    }

    /// Whether the path budget ran out (the caller says so once).
    pub fn out_of_resolves(&self) -> bool {
        self.resolves.get() >= MAX_RESOLVES
    }

    /// What the reading left unread because a budget ran out: one sentence
    /// per budget, for the call's opaque finding.
    pub fn spent_budgets(&self) -> Vec<String> {
        let mut spent = Vec::new();
        if self.out_of_resolves() {
            spent.push(format!(
                "the call names more than {MAX_RESOLVES} paths; the rest were not placed"
            ));
        }
        if self.crowded_out {
            spent.push(format!(
                "the call makes more than {MAX_NOTES} findings; the rest were not kept"
            ));
        }
        if self.steps >= MAX_STEPS {
            spent.push(format!(
                "reading the call took more than {MAX_STEPS} steps (loops and functions nested in each other); the rest was not read"
            ));
        }
        if self.expansions.get() >= MAX_EXPANSIONS {
            spent.push(format!(
                "the call expands more than {MAX_EXPANSIONS} command substitutions; what the rest print was not read"
            ));
        }
        spent
    }

    /// Spend one substitution's expansion from the budget; `false` when it
    /// is spent.
    fn take_expansion(&self) -> bool {
        let taken = self.expansions.get();
        self.expansions.set(taken.saturating_add(1));
        taken < MAX_EXPANSIONS
    }

    /// Spend one host query from the budget; `false` when it is spent.
    pub fn take_resolve(&self) -> bool {
        if self.resolves.get() >= MAX_RESOLVES {
            return false;
        }
        self.resolves.set(self.resolves.get() + 1);
        true
    }

    /// The scope a call starts in: the agent's cwd, nothing else known.
    pub fn start_scope(&self) -> Scope {
        Scope {
            cwd: Some(self.ctx.cwd.clone()),
            logical: None,
            vars: BTreeMap::new(),
            positional: Some(Vec::new()),
            oldpwd: None,
            dirstack: Some(Vec::new()),
            fds: crate::place::inherited_fds(),
            data: BTreeSet::new(),
            namerefs: BTreeMap::new(),
            aliases: BTreeMap::new(),
            hashed: BTreeMap::new(),
            unknown_definitions: None,
            path_prefix: None,
            maybe_functions: BTreeMap::new(),
            locals: None,
            functions: BTreeMap::new(),
            arith: BTreeSet::new(),
            cased: BTreeSet::new(),
            made: BTreeSet::new(),
            made_fresh: BTreeSet::new(),
            dotglob: false,
            glob_unknown: None,
            nullglob: false,
            allexport: false,
            unexported: BTreeSet::new(),
            reaching: BTreeSet::new(),
            globbed: BTreeSet::new(),
            numbers: BTreeSet::new(),
            stdin_fed: false,
            cd_pending: None,
            readonly: BTreeMap::new(),
            traps: Vec::new(),
            signal_traps: Vec::new(),
        }
    }

    /// Read shell text in a scope (changes to the scope persist, as `eval`
    /// and `.` do; callers clone for a subshell), in the dialect of the text
    /// being read now (`eval` runs in the shell it is in).
    pub fn read_text(&mut self, text: &str, scope: &mut Scope) {
        let dialects = [self.dialect];
        self.read_text_as(text, scope, &dialects);
    }

    /// Shell text a program runs with arguments of its own appended: git
    /// runs such a command as `sh -c 'TEXT "$@"' TEXT ARG…` (an editor gets
    /// the file to edit, `diff.external` the files it compares, `grep -O`
    /// the matching files). Read as `TEXT "$@"` with the arguments only
    /// known when it runs, so `cp -t DIR` there copies unknown files.
    /// The text is also read as written: what it names itself (`rm -rf
    /// DIR "$@"` deletes DIR whatever is appended) decides even where the
    /// appended words leave the rest unreadable.
    /// `appended`: what the arguments are, when the caller knows their kind
    /// (`git grep -O` gives files of the worktree); `None`: unknown.
    pub fn read_text_with_args(
        &mut self,
        text: &str,
        scope: &mut Scope,
        appended: Option<Vec<String>>,
    ) {
        let mut plain = scope.clone();
        self.read_text(text, &mut plain);
        let outer = std::mem::replace(&mut scope.positional, appended);
        self.read_text(&format!("{text} \"$@\""), scope);
        scope.positional = outer;
    }

    /// Read shell text as each of `dialects` would (`sh -c` is dash on
    /// Debian and bash elsewhere): every reading's findings count, so where
    /// the shells differ the stricter reading decides. A reading identical
    /// to an earlier one is not read again. The scope the last reading
    /// leaves is the one that goes on.
    pub fn read_text_as(&mut self, text: &str, scope: &mut Scope, dialects: &[Dialect]) {
        self.texts += 1;
        if self.texts > MAX_TEXTS {
            self.note(
                Effect::Opaque,
                format!(
                    "the command nests more than {MAX_TEXTS} shell texts; the rest was not read"
                ),
            );
            return;
        }
        let mut read: Vec<Script> = Vec::new();
        let start = scope.clone();
        // Each shell's reading starts from the trees filled before this
        // text; what follows it counts every tree either reading filled.
        self.settle_unseen();
        let unseen_before = self.unseen_trees.borrow().clone();
        let mut unseen_after = unseen_before.clone();
        // So do the files it wrote its text into: each shell's reading is a
        // run of its own (a file one wrote is not there before the other's
        // next command), and what follows counts what either wrote.
        let written_before = self.written_here.borrow().clone();
        let mut written_after = written_before.clone();
        // And what it removed: one reading's removals happen in a run of
        // their own.
        let disturbed_before = self.disturbed_snapshot();
        let mut disturbed_after = disturbed_before.clone();
        // And the links it made: a link one reading made is not there when
        // the other's run begins (`patch f x.diff` may make `f` a link; the
        // second reading would take its own write of `f` as through it).
        // What follows counts every link either made; one made to two
        // different places leads somewhere not known.
        let links_before = self.made_links.borrow().clone();
        let mut links_after = links_before.clone();
        for dialect in dialects {
            let script = syntax::parse(text, *dialect);
            if read
                .iter()
                .any(|earlier| earlier.nodes == script.nodes && earlier.heredocs == script.heredocs)
            {
                continue;
            }
            crate::secrets::check_script(self, &script);
            let outer = std::mem::replace(&mut self.dialect, *dialect);
            let outer_stop = std::mem::replace(&mut self.stopped, false);
            *scope = start.clone();
            *self.unseen_trees.borrow_mut() = unseen_before.clone();
            *self.written_here.borrow_mut() = written_before.clone();
            self.restore_disturbed(disturbed_before.clone());
            *self.made_links.borrow_mut() = links_before.clone();
            self.read_script(&script, scope);
            self.run_traps(start.traps.len(), scope);
            for (link, target) in self.made_links.borrow().iter() {
                match links_after.get(link) {
                    Some(seen) if seen != target => {
                        links_after.insert(link.clone(), None);
                    }
                    Some(_) => {}
                    None if links_after.len() < MAX_NOTES => {
                        links_after.insert(link.clone(), target.clone());
                    }
                    None => {}
                }
            }
            for gone in self.disturbed_here.borrow().iter() {
                if disturbed_after.len() < MAX_NOTES && !disturbed_after.contains(gone) {
                    disturbed_after.push(gone.clone());
                }
            }
            self.settle_unseen();
            for tree in self.unseen_trees.borrow().iter() {
                if unseen_after.len() < MAX_NOTES && !unseen_after.contains(tree) {
                    unseen_after.push(tree.clone());
                }
            }
            for wrote in self.written_here.borrow().iter() {
                if written_after.contains(wrote) {
                    continue;
                }
                if written_after.len() < MAX_NOTES {
                    written_after.push(wrote.clone());
                } else {
                    self.written_overflow.set(true);
                }
            }
            self.dialect = outer;
            self.stopped = outer_stop;
            read.push(script);
        }
        *self.unseen_trees.borrow_mut() = unseen_after;
        *self.written_here.borrow_mut() = written_after;
        self.restore_disturbed(disturbed_after);
        *self.made_links.borrow_mut() = links_after;
    }

    /// The traps set since the first `from` run once more where the shell
    /// is when it exits (an EXIT trap then; any other may fire there too).
    fn run_traps(&mut self, from: usize, scope: &mut Scope) {
        let traps: Vec<String> = scope.traps.get(from..).unwrap_or(&[]).to_vec();
        let outer_stop = std::mem::replace(&mut self.stopped, false);
        for text in traps {
            let mut at_exit = scope.clone();
            at_exit.traps.clear();
            at_exit.signal_traps.clear();
            self.read_text(&text, &mut at_exit);
        }
        self.stopped = outer_stop;
    }

    /// A signal trap may run before this command, where the shell is now
    /// and with what is set now: its text is read so. (A trap that changes
    /// the shell's own state already left that state unknown where it was
    /// set.)
    fn fire_signal_traps(&mut self, scope: &Scope) {
        if scope.signal_traps.is_empty() || self.in_signal_trap {
            return;
        }
        let outer_stop = std::mem::replace(&mut self.stopped, false);
        self.in_signal_trap = true;
        for text in scope.signal_traps.clone() {
            let mut now = scope.clone();
            now.traps.clear();
            now.signal_traps.clear();
            self.read_text(&text, &mut now);
        }
        self.in_signal_trap = false;
        self.stopped = outer_stop;
    }

    pub fn read_script(&mut self, script: &Script, scope: &mut Scope) {
        // Unquoted here-doc bodies run their substitutions when read.
        for doc in &script.heredocs {
            for node in doc.body.commands() {
                self.read_node(node, &mut scope.clone(), script);
            }
        }
        for node in &script.nodes {
            self.read_node(node, scope, script);
        }
    }

    fn read_node(&mut self, node: &Node, scope: &mut Scope, script: &Script) {
        if self.stopped || self.steps >= MAX_STEPS {
            return;
        }
        self.steps += 1;
        if self.depth > syntax::MAX_DEPTH {
            self.note(Effect::Opaque, "commands nested too deep to read");
            return;
        }
        self.depth += 1;
        // A `cd` to a directory not there yet is known to have happened
        // only by a `&&` right after it: any other command before the `&&`
        // (a `case` with no arm taken, a function's definition, a loop that
        // ran no time) returns its own status.
        if !matches!(
            node,
            Node::Group(_)
                | Node::Redirected(..)
                | Node::Maybe(_)
                | Node::Succeeded
                | Node::Negated
        ) {
            scope.cd_pending = None;
        }
        match node {
            Node::Simple(cmd) => self.read_simple(cmd, scope, script),
            Node::Group(body) => {
                for n in body {
                    self.read_node(n, scope, script);
                }
            }
            Node::Subshell(body) => {
                let mut inner = scope.clone();
                for n in body {
                    self.read_node(n, &mut inner, script);
                }
                self.run_traps(scope.traps.len(), &mut inner);
            }
            Node::Pipeline(elements) => {
                let mut feeding = None;
                // What each element prints of the harness's programs is the
                // next one's input; the last one's goes where the
                // pipeline's output goes.
                let outer_fed = self.fed_harness.get();
                let outer_printed = self.printed_harness.take();
                let mut printed = None;
                for (at, n) in elements.iter().enumerate() {
                    let listed = programs::launch::listed_paths(self, n, scope, feeding.clone());
                    self.piped_paths = feeding;
                    self.fed_harness
                        .set(if at == 0 { outer_fed } else { printed });
                    let mut inner = scope.clone();
                    // A compound command after a `|` reads the pipe.
                    inner.stdin_fed |= at > 0 && !matches!(n, Node::Simple(_));
                    self.read_node(n, &mut inner, script);
                    // Each element is a subshell: an EXIT trap set in it
                    // runs as it ends (verified under dash).
                    self.run_traps(scope.traps.len(), &mut inner);
                    self.piped_paths = None;
                    printed = self.printed_harness.take();
                    feeding = listed;
                }
                self.fed_harness.set(outer_fed);
                self.printed_harness.set(outer_printed.or(printed));
            }
            Node::Background(inner) => {
                self.note(
                    Effect::Process,
                    "starts a job in the background that outlives the call",
                );
                let mut job = scope.clone();
                self.read_node(inner, &mut job, script);
                // A subshell too: its EXIT trap runs as it ends.
                self.run_traps(scope.traps.len(), &mut job);
            }
            Node::For { name, words } => {
                let mut values = Vec::new();
                let mut known = true;
                let mut globbed = false;
                for word in words {
                    self.run_word_commands(word, scope, script);
                    let arg = self.expand(word, scope);
                    assign_defaults(word, scope);
                    globbed |= arg.glob;
                    match arg.values {
                        Some(v) => values.extend(v),
                        None => known = false,
                    }
                }
                // A loop over a pattern binds each match: its value stands
                // for one path the pattern matches (the pattern itself, read
                // as a pattern wherever the variable is expanded).
                let bound = (known && values.len() <= MAX_VALUES).then_some(values);
                scope.assign(name, bound, !known);
                if globbed && known {
                    scope.globbed.insert(name.clone());
                } else {
                    scope.globbed.remove(name);
                }
                if !words.is_empty()
                    && words
                        .iter()
                        .all(|w| programs::prints_process_ids(self, w, scope))
                {
                    scope.numbers.insert(name.clone());
                }
            }
            Node::Test(words) => {
                for word in words {
                    self.run_word_commands(word, scope, script);
                    self.check_arith(word, scope);
                    let arg = self.expand(word, scope);
                    assign_defaults(word, scope);
                    self.check_secret_word(&arg);
                }
                // `[[ A -eq B ]]`: bash evaluates both sides as arithmetic,
                // so a variable's text there is itself evaluated.
                for (index, word) in words.iter().enumerate() {
                    if !matches!(
                        word.literal().as_deref(),
                        Some("-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge")
                    ) {
                        continue;
                    }
                    for side in [index.checked_sub(1), Some(index + 1)]
                        .into_iter()
                        .flatten()
                    {
                        if let Some(operand) = words.get(side) {
                            let text = arith_text(operand);
                            programs::arithmetic(self, &text, scope, &format!("[[ … {text} … ]]"));
                        }
                    }
                }
            }
            Node::Unreadable(why) => self.note(Effect::Opaque, why.clone()),
            Node::Maybe(body) => {
                // It may not run, or stop part way (the rest of `a && b &&
                // c` after a failure): what it changes may not have
                // happened, so every state it passes through is joined.
                let mut reached = scope.clone();
                for n in body {
                    self.read_node(n, scope, script);
                    reached.join(scope);
                }
                *scope = reached;
            }
            Node::Loop(body) => {
                // Any number of times: read it as the first run, then as a
                // later run starting where the first left off; past that,
                // whatever two runs disagree on is unknown.
                let before = scope.clone();
                for n in body {
                    self.read_node(n, scope, script);
                }
                let once = scope.clone();
                for n in body {
                    self.read_node(n, scope, script);
                }
                if *scope != once {
                    scope.join(&once);
                    for n in body {
                        self.read_node(n, scope, script);
                    }
                }
                scope.join(&once);
                scope.join(&before);
            }
            Node::Redirected(inner, redirects) => {
                // The redirects open descriptors for everything inside.
                let outer_fds = scope.fds.clone();
                let outer_fed = scope.stdin_fed;
                // A redirect that may fail (`{ cd d; } > nodir/f`) stops
                // the whole compound before it runs, and the shell goes on
                // (verified under dash): what it changes may not have
                // happened. Only the standard streams are taken as open.
                let may_fail = redirects.iter().enumerate().any(|(k, r)| {
                    redirect_may_fail(r, &redirects[..k], &|n| {
                        n <= 2 && matches!(outer_fds.get(&n), Some(Fd::Stream) | None)
                    })
                });
                let not_run = may_fail.then(|| scope.clone());
                for redirect in redirects {
                    self.read_redirect(redirect, scope);
                    self.open_descriptor(redirect, scope);
                    scope.stdin_fed |= matches!(
                        redirect.kind,
                        RedirectKind::Read
                            | RedirectKind::HereDoc(_)
                            | RedirectKind::HereString
                            | RedirectKind::ReadWrite
                    ) && redirect.fd.unwrap_or(0) == 0;
                }
                self.read_node(inner, scope, script);
                scope.fds = outer_fds;
                scope.stdin_fed = outer_fed;
                if let Some(not_run) = not_run {
                    scope.join(&not_run);
                }
            }
            Node::Function { name, body } => {
                // bash runs `command_not_found_handle` for any name it
                // cannot find, which the reader cannot tell: read it here.
                if name == "command_not_found_handle" {
                    self.read_node(body, &mut scope.clone(), script);
                }
                // Defined here, run where it is called.
                scope.functions.insert(
                    name.clone(),
                    std::rc::Rc::new(FunctionBody {
                        body: (**body).clone(),
                        script: script.clone(),
                    }),
                );
            }
            // A syntax error: this shell runs nothing from here on.
            Node::Stop(_) => self.stopped = true,
            Node::Succeeded => {
                if let Some(dir) = scope.cd_pending.take() {
                    scope.cwd = Some(dir);
                }
            }
            Node::Negated => scope.cd_pending = None,
        }
        self.depth -= 1;
    }

    /// Read the commands a word's substitutions run, each in a subshell of
    /// `scope`. Returns the directories `mktemp -d` made there, which the
    /// command holding the word may go to (`cd "$(mktemp -d)"`).
    fn run_word_commands(&mut self, word: &Word, scope: &Scope, script: &Script) -> Vec<String> {
        let mut fresh = Vec::new();
        for node in word.commands() {
            let mut inner = scope.clone();
            self.read_node(node, &mut inner, script);
            fresh.extend(inner.made_fresh.difference(&scope.made_fresh).cloned());
            if self.substitution_reaches(node, scope, &inner) {
                self.reaching_words.borrow_mut().insert(word.shown());
            }
        }
        for part in &word.parts {
            if let Part::Complex(text) = part {
                if text.starts_with('!') {
                    self.note(
                        Effect::Opaque,
                        format!("`${{{text}}}` reads a variable named at run time"),
                    );
                } else if text.starts_with("unterminated") {
                    self.note(
                        Effect::Opaque,
                        format!("an {text}: the shell's reading of the rest is unclear"),
                    );
                }
            }
        }
        fresh
    }

    /// Arithmetic in a word: `$((…))`, an array index (`${a[x]}`) and a
    /// substring offset (`${y:x}`) are evaluated, and so is the text of
    /// every variable named there, so an index in that text runs its
    /// command substitutions (bash; `programs::arithmetic`). `${x@P}`
    /// expands x's text as a prompt, which runs its substitutions too.
    fn check_arith(&mut self, word: &Word, scope: &Scope) {
        for part in &word.parts {
            match part {
                Part::Arith(expr) => {
                    if expr.contains('[') && (expr.contains("$(") || expr.contains('`')) {
                        self.note(
                            Effect::Opaque,
                            format!(
                                "arithmetic `{}` runs a command inside an array index",
                                crate::clip(expr, 60)
                            ),
                        );
                    }
                    programs::arithmetic(self, expr, scope, &format!("$(({expr}))"));
                }
                Part::Complex(text) => {
                    let shown = format!("${{{text}}}");
                    if let Some(name) = text.strip_suffix("@P") {
                        self.prompt_expansion(name, scope, &shown);
                    }
                    for expr in complex_arithmetic(text) {
                        programs::arithmetic(self, expr, scope, &shown);
                    }
                }
                _ => {}
            }
        }
    }

    /// `${x@P}`: x's text is expanded as a prompt, command substitutions
    /// and all.
    fn prompt_expansion(&mut self, name: &str, scope: &Scope, shown: &str) {
        if scope.data.contains(name) {
            self.note(
                Effect::Opaque,
                format!("{shown} expands the text of `{name}`, only known when it runs, as a prompt (its command substitutions run)"),
            );
            return;
        }
        if let Some(Some(values)) = scope.vars.get(name) {
            if values.iter().any(|v| v.contains("$(") || v.contains('`')) {
                self.note(
                    Effect::Opaque,
                    format!("{shown} expands the text of `{name}` as a prompt, which runs the command substitution in it"),
                );
            }
        }
    }

    fn read_simple(&mut self, cmd: &Simple, scope: &mut Scope, script: &Script) {
        self.settle_unseen();
        self.fire_signal_traps(scope);
        // Only the command right before `&&` can leave a pending `cd`.
        scope.cd_pending = None;
        let mut stdin_paths = if cmd.piped_in {
            self.piped_paths.take()
        } else {
            None
        };
        for word in cmd
            .assigns
            .iter()
            .map(|a| &a.value)
            .chain(&cmd.words)
            .chain(cmd.redirects.iter().map(|r| &r.target))
        {
            let fresh = self.run_word_commands(word, scope, script);
            scope.made_fresh.extend(fresh);
            self.check_arith(word, scope);
            assign_defaults(word, scope);
        }
        // An unquoted here-doc's body is expanded as its command runs.
        for redirect in &cmd.redirects {
            if let RedirectKind::HereDoc(id) = redirect.kind {
                if let Some(doc) = script.heredocs.get(id).filter(|doc| !doc.quoted) {
                    self.check_arith(&doc.body, scope);
                    assign_defaults(&doc.body, scope);
                }
            }
        }
        // What was written before this command's own redirections.
        let outer_before = self
            .written_before
            .replace(self.written_here.borrow().len());
        let mut stdin = if cmd.piped_in || scope.stdin_fed {
            Stdin::Fed
        } else {
            Stdin::Inherited
        };
        // The command's descriptors: the shell's, then its redirects in
        // order, each placed with the descriptors the ones before it opened
        // (`1<../f >/dev/stdout` truncates ../f).
        let shell_fds = scope.fds.clone();
        if cmd.piped_in {
            scope.fds.insert(0, Fd::Stream);
        }
        let mut stdin_text = None;
        for redirect in &cmd.redirects {
            if matches!(
                redirect.kind,
                RedirectKind::Read
                    | RedirectKind::HereDoc(_)
                    | RedirectKind::HereString
                    | RedirectKind::ReadWrite
            ) && redirect.fd.unwrap_or(0) == 0
            {
                stdin = Stdin::Fed;
                stdin_paths = None;
                stdin_text = programs::literal_stdin(script, cmd, redirect);
            }
            self.read_redirect(redirect, scope);
            self.open_descriptor(redirect, scope);
        }
        // A process substitution hands the command a pipe: its path is
        // that pipe, not a file.
        if cmd
            .words
            .iter()
            .any(|w| w.parts.iter().any(|p| matches!(p, Part::ProcSubst(_))))
        {
            scope.fds.insert(63, Fd::Stream);
        }
        // `exec` with only redirects keeps them for the rest of the shell.
        let keeps_fds = cmd.words.len() == 1 && cmd.words[0].literal().as_deref() == Some("exec");
        // A redirect of stdin replaces what a pipe fed.
        let outer_fed = self.fed_harness.get();
        if cmd.redirects.iter().any(|r| {
            !matches!(r.kind, RedirectKind::Write | RedirectKind::Append) && r.fd.unwrap_or(0) == 0
        }) {
            self.fed_harness.set(None);
        }
        let cwd_before = scope.cwd.clone();
        self.read_simple_words(cmd, scope, stdin, stdin_paths, stdin_text);
        // A redirect that can fail (a file that may be missing, a descriptor
        // that may be closed) stops the command before it runs, and the
        // shell goes on: a `cd a/b < /nonexistent` may not have moved it
        // (verified in dash and bash), so where it is now is unknown.
        // A descriptor the shell holds is open for sure when it is a stream
        // or a file that is there now (`exec 3</nonexistent` left it closed
        // in bash, which goes on after the failed exec).
        let shell_open = |n: u32| match shell_fds.get(&n) {
            Some(Fd::Stream) => true,
            Some(Fd::File(path)) => {
                matches!(path.as_str(), "/dev/null" | "/dev/stdout" | "/dev/stderr")
                    || scope.cwd.as_deref().is_some_and(|cwd| {
                        let full = wicket_guest::paths::absolute(path, cwd, &scope.home(self.ctx));
                        self.ctx.resolve(&full).kind != PathKind::Missing
                    })
            }
            _ => false,
        };
        if scope.cwd != cwd_before
            && cmd
                .redirects
                .iter()
                .enumerate()
                .any(|(k, r)| redirect_may_fail(r, &cmd.redirects[..k], &shell_open))
        {
            scope.cwd = None;
            scope.dirstack = None;
        }
        self.fed_harness.set(outer_fed);
        self.written_before.set(outer_before);
        if !keeps_fds {
            scope.fds = shell_fds;
        }
    }

    /// What one redirect leaves descriptor N referring to.
    fn open_descriptor(&mut self, redirect: &Redirect, scope: &mut Scope) {
        let place = |s: &Scope, r: &Reader| -> Fd {
            // `< <(cmd)`: the descriptor is the substitution's pipe.
            if let [Part::ProcSubst(_)] = redirect.target.parts.as_slice() {
                return Fd::Stream;
            }
            let target = r.expand(&redirect.target, s);
            // Not folded: `..` after a link is the link target's parent,
            // which only the host's resolution knows when it is placed.
            match (target.text(), &s.cwd) {
                (Some(t), _) if t.starts_with('/') => Fd::File(t.to_owned()),
                (Some(t), Some(cwd)) => Fd::File(format!("{}/{t}", cwd.trim_end_matches('/'))),
                _ => Fd::Unknown,
            }
        };
        let (fd, what) = match redirect.kind {
            RedirectKind::Read | RedirectKind::ReadWrite => {
                (redirect.fd.unwrap_or(0), place(scope, self))
            }
            RedirectKind::Write | RedirectKind::Append => {
                (redirect.fd.unwrap_or(1), place(scope, self))
            }
            RedirectKind::HereDoc(_) | RedirectKind::HereString => {
                (redirect.fd.unwrap_or(0), Fd::Stream)
            }
            RedirectKind::Dup => {
                let target = redirect.target.literal().unwrap_or_default();
                let from = target.trim_end_matches('-').parse::<u32>().ok();
                let what = from
                    .and_then(|m| scope.fds.get(&m).cloned())
                    .unwrap_or(Fd::Unknown);
                (redirect.fd.unwrap_or(1), what)
            }
        };
        scope.fds.insert(fd, what);
    }

    fn read_simple_words(
        &mut self,
        cmd: &Simple,
        scope: &mut Scope,
        stdin: Stdin,
        stdin_paths: Option<String>,
        stdin_text: Option<String>,
    ) {
        let assigns: Vec<(String, Arg, bool)> = cmd
            .assigns
            .iter()
            .map(|a| {
                let data = a.value.commands().next().is_some();
                (a.name.clone(), self.expand(&a.value, scope), data)
            })
            .collect();
        for (name, value, _) in &assigns {
            self.check_assignment(name, value);
            crate::programs::launch::note_ancestry(self, value);
            crate::programs::temp_dir(self, name, value, scope);
        }
        if !cmd.words.is_empty() {
            let program = self.expand(&cmd.words[0], scope);
            for (name, value, _) in &assigns {
                crate::programs::environment(self, name, value, scope, program.text());
            }
        }
        if cmd.words.is_empty() {
            // A bare assignment stays in the shell. One of arithmetic alone
            // (`i=$((i+1))`) holds a number, not known here but no text
            // that arithmetic on it could run.
            for ((name, value, data), assign) in assigns.into_iter().zip(&cmd.assigns) {
                self.shell_variable(scope, &name, &value, data);
                let parts = &assign.value.parts;
                let numeric =
                    !parts.is_empty() && parts.iter().all(|p| matches!(p, Part::Arith(_)));
                // A read-only variable keeps what it held.
                if numeric && !scope.readonly.contains_key(&name) {
                    scope.data.remove(&name);
                }
            }
            return;
        }
        let argv = self.expand_argv(&cmd.words, scope);
        // Secret fragments in any word make the command secret.
        for arg in &argv {
            self.check_secret_word(arg);
        }
        if scope.nullglob {
            if let Some(pattern) = cmd.words.iter().find(|w| w.has_glob()).map(|w| Arg {
                values: None,
                glob: true,
                shown: w.shown(),
            }) {
                // `shopt -s nullglob; sort -o zz* ../x`: the pattern may
                // vanish, and the word after it become the option's value.
                self.note(
                    Effect::Opaque,
                    format!(
                        "with bash's nullglob on, the pattern `{}` is removed when it matches nothing, and the words after it move into its place",
                        pattern.shown
                    ),
                );
            }
        }
        let invocation = Invocation {
            argv,
            stdin,
            extra_operands: false,
            lookup: Lookup::Shell,
            stdin_paths,
            stdin_text,
        };
        if assigns.is_empty() {
            self.read_invocation(&invocation, scope);
            return;
        }
        // Prefix assignments are the command's environment (GIT_DIR, say),
        // not the shell's — except before a special builtin, where a POSIX
        // shell (dash, bash as sh) keeps them (`HOME=x :` sets HOME).
        let special = invocation
            .argv
            .first()
            .and_then(Arg::text)
            .is_some_and(|p| SPECIAL_BUILTINS.contains(&p));
        if special {
            for (name, value, data) in &assigns {
                self.shell_variable(scope, name, value, *data);
            }
            self.read_invocation(&invocation, scope);
            return;
        }
        let mut with_env = scope.clone();
        for (name, value, data) in &assigns {
            self.shell_variable(&mut with_env, name, value, *data);
        }
        self.read_invocation(&invocation, &mut with_env);
        scope.cwd = with_env.cwd;
        scope.oldpwd = with_env.oldpwd;
        scope.logical = with_env.logical;
        scope.cd_pending = with_env.cd_pending;
    }

    /// A command's words as the shell hands them on: a word bash
    /// brace-expands becomes one word per alternative (`{rm,-rf,x}` is the
    /// program `rm` and two operands), and `$@`/`$*` with known positional
    /// parameters one word per parameter (README, "What the reader tracks").
    pub fn expand_argv(&self, words: &[Word], scope: &Scope) -> Vec<Arg> {
        let mut argv = Vec::new();
        for word in words {
            if let [Part::Param(name)] = word.parts.as_slice() {
                let ifs = scope.vars.get("IFS");
                // `"$*"` is one word, the parameters joined with IFS's first
                // character.
                if name == "*" && !word.split {
                    let joiner = match ifs {
                        None => Some(" ".to_owned()),
                        Some(Some(v)) => Some(v.concat().chars().take(1).collect()),
                        Some(None) => None,
                    };
                    let values = joiner
                        .zip(scope.positional.as_ref())
                        .map(|(j, p)| vec![p.join(&j)]);
                    argv.push(Arg {
                        values,
                        glob: false,
                        shown: word.shown(),
                    });
                    continue;
                }
                // Unquoted with IFS assigned, each parameter is split on
                // it: read as the expansion below (not worked out).
                if (name == "@" || name == "*") && !(word.split && ifs.is_some()) {
                    if let Some(params) = &scope.positional {
                        argv.extend(params.iter().map(|p| Arg {
                            values: Some(vec![p.clone()]),
                            glob: false,
                            shown: word.shown(),
                        }));
                        continue;
                    }
                }
            }
            let arg = self.expand(word, scope);
            if word.split {
                if let Some(values) = &arg.values {
                    match split_alternatives(values.clone(), scope) {
                        // Unsplit: as it is.
                        Some(split) if split.len() == values.len() => {}
                        // `$x` alone: one word per field.
                        Some(split) if values.len() == 1 && word.parts.len() == 1 => {
                            argv.extend(split.into_iter().skip(1).map(|f| Arg {
                                values: Some(vec![f.clone()]),
                                glob: arg.glob,
                                shown: f,
                            }));
                            continue;
                        }
                        // Joined to other text: the value and its fields
                        // are each a possible word.
                        Some(split) => {
                            argv.push(Arg {
                                values: Some(split),
                                glob: arg.glob,
                                shown: arg.shown.clone(),
                            });
                            continue;
                        }
                        None => {
                            argv.push(Arg {
                                values: None,
                                glob: arg.glob,
                                shown: arg.shown.clone(),
                            });
                            continue;
                        }
                    }
                }
            }
            match &arg.values {
                Some(values) if word.has_brace() && values.len() > 1 => {
                    argv.extend(values.iter().map(|v| Arg {
                        values: Some(vec![v.clone()]),
                        glob: arg.glob,
                        shown: v.clone(),
                    }));
                }
                _ => argv.push(arg),
            }
        }
        argv
    }

    /// A variable the shell (or a command's environment) now holds.
    pub fn shell_variable(&mut self, scope: &mut Scope, name: &str, value: &Arg, data: bool) {
        // A case attribute converts the value: not the text written.
        let known = value
            .values
            .clone()
            .filter(|_| !value.glob && !scope.cased.contains(name));
        if scope.arith.contains(name) {
            // An integer variable evaluates what is assigned to it.
            let text = value.text().unwrap_or(&value.shown).to_owned();
            programs::arithmetic(self, &text, scope, &format!("{name}={}", value.shown));
        }
        if name == "PATH" {
            self.path_changed(scope, value);
        }
        match self.reaches_up(value, scope) {
            Some(_) => scope.reaching.insert(name.to_owned()),
            None => scope.reaching.remove(name),
        };
        if scope.allexport {
            // `set -a`: the assignment is an export.
            self.exported(scope, name, value);
            scope.unexported.remove(name);
        }
        scope.assign(name, known, data);
        self.nameref_to_credential(scope);
    }

    /// A value chosen when it runs by a substitution that changes to, or
    /// names, a place at or above the protected set (`$(cd ../.. && pwd)`,
    /// `$(realpath ../..)`), as [`Reader::run_word_commands`] found it.
    pub fn reaches_up(&self, value: &Arg, _scope: &Scope) -> Option<String> {
        if value.values.is_some() {
            return None;
        }
        self.reaching_words
            .borrow()
            .contains(&value.shown)
            .then(|| value.shown.clone())
    }

    /// A place at or above the protected set: a protected entry, or a
    /// directory that holds one (the worktree's own link to the repository
    /// aside).
    fn at_or_above_protected(&self, path: &str) -> bool {
        let own = self.own_git();
        self.protected()
            .iter()
            .any(|e| wicket_guest::paths::is_under(e, path) && *e != own)
    }

    /// What a substitution ran goes to, or names, a place at or above the
    /// protected set: its directory at the end (`cd ../.. && pwd`, or a `cd`
    /// to a place only known when it runs), or a literal word one of its
    /// commands is handed (`realpath ../..`).
    fn substitution_reaches(&self, node: &Node, before: &Scope, after: &Scope) -> bool {
        if after.cwd != before.cwd {
            match &after.cwd {
                None => return true,
                Some(cwd) if self.at_or_above_protected(cwd) => return true,
                Some(_) => {}
            }
        }
        fn words<'a>(node: &'a Node, out: &mut Vec<&'a Word>) {
            match node {
                Node::Simple(simple) => out.extend(simple.words.iter().skip(1)),
                Node::Subshell(nodes)
                | Node::Group(nodes)
                | Node::Maybe(nodes)
                | Node::Loop(nodes)
                | Node::Pipeline(nodes) => nodes.iter().for_each(|n| words(n, out)),
                _ => {}
            }
        }
        let mut found = Vec::new();
        words(node, &mut found);
        found.into_iter().filter_map(Word::literal).any(|text| {
            if !(text.contains('/') || text == ".." || text.starts_with('~')) {
                return false;
            }
            self.places(&Arg::literal(&text), before)
                .iter()
                .any(|place| match place {
                    Place::Protected { .. } | Place::Above { .. } => true,
                    Place::Inside(path) | Place::Outside { path, .. } => {
                        self.at_or_above_protected(path)
                    }
                    _ => false,
                })
        })
    }

    /// A variable exported (`export NAME=…`, `export NAME` after an
    /// assignment, or any assignment under `set -a`): what runs after reads
    /// it. A literal value is judged as a prefix assignment's is
    /// ([`programs::environment`]); a value chosen when it runs by a
    /// substitution that reaches up ([`Reader::reaches_up`]) is held.
    pub fn exported(&mut self, scope: &Scope, name: &str, value: &Arg) {
        if value.values.is_some() {
            programs::environment(self, name, value, scope, None);
            return;
        }
        let why = self
            .reaches_up(value, scope)
            .or_else(|| scope.reaching.contains(name).then(|| value.shown.clone()));
        if let Some(word) = why {
            if !programs::environment_ignored(name) {
                self.note(
                    Effect::Opaque,
                    format!(
                        "{name} is exported with a value chosen when it runs from `{word}`, a place at or above the protected set: a program run after it may write there"
                    ),
                );
            }
        }
    }

    /// A nameref that stands for a credential variable (`declare -n
    /// r=ANTHROPIC_API_KEY`, or `declare -n r; r=ANTHROPIC_API_KEY`): every
    /// later `$r` expands the credential under another name (verified: bash
    /// printed the key for `declare -n r=ANTHROPIC_API_KEY; echo $r`).
    pub fn nameref_to_credential(&mut self, scope: &Scope) {
        let found = scope
            .namerefs
            .iter()
            .find(|(_, target)| crate::secrets::is_credential_variable(target))
            .map(|(name, target)| (name.clone(), target.clone()));
        if let Some((name, target)) = found {
            self.guard(
                Effect::Secret,
                format!(
                    "the nameref {name} stands for {target}, a credential in the environment: expanding it reads the credential"
                ),
            );
        }
    }

    /// PATH reassigned: a directory ahead of the system's may hold a program
    /// of the agent's under any later name; an unknown PATH, any program.
    pub fn path_changed(&mut self, scope: &mut Scope, value: &Arg) {
        // An empty entry (or `.`) ahead of the old PATH is the directory the
        // shell is in when it looks the name up (`PATH=:$PATH ls` ran an
        // `ls` the same command wrote there; verified under dash).
        let ahead: Vec<&str> = value
            .text()
            .unwrap_or(&value.shown)
            .split(':')
            .take_while(|e| !e.starts_with("$PATH") && !e.starts_with("${PATH}"))
            .collect();
        if ahead.len() > 1 && ahead.iter().any(|e| e.is_empty() || *e == ".") {
            scope.path_prefix = Some(".".to_owned());
            return;
        }
        let Some(text) = value.text() else {
            let first = value.shown.split(':').next().unwrap_or("");
            if first.is_empty() || first == "." {
                scope.path_prefix = Some(".".to_owned());
                return;
            }
            if !first.starts_with("$PATH") && !first.starts_with("${PATH}") {
                // `$PWD/b:$PATH`, `$HOME/go/bin:$PATH`: the directory is
                // known where the cwd, or the home, is.
                let home = scope.home(self.ctx);
                let known = |v: &str| match v {
                    "$PWD" | "${PWD}" => scope.cwd.clone(),
                    _ => Some(home.clone()),
                };
                let expanded = ["${PWD}", "$PWD", "${HOME}", "$HOME", "~"]
                    .iter()
                    .find_map(|v| Some((*v, first.strip_prefix(v)?)))
                    .filter(|(_, rest)| {
                        (rest.is_empty() || rest.starts_with('/')) && !rest.contains('$')
                    })
                    .and_then(|(v, rest)| Some(format!("{}{rest}", known(v)?)));
                scope.path_prefix = Some(expanded.unwrap_or_else(|| first.to_owned()));
            }
            return;
        };
        let old = self.param("PATH", scope).and_then(|v| v.into_iter().next());
        let first = text.split(':').next().unwrap_or("");
        // `$PATH:more` (the old PATH first) shadows nothing.
        let keeps_front = old
            .as_deref()
            .is_some_and(|o| !o.is_empty() && text.starts_with(o))
            || value.shown.starts_with("$PATH")
            || value.shown.starts_with("${PATH}");
        if keeps_front {
            return;
        }
        let system = |dir: &str| SYSTEM_BIN.contains(&dir.trim_end_matches('/'));
        if first.is_empty() {
            scope.path_prefix = Some(".".to_owned());
        } else if !system(first) {
            scope.path_prefix = Some(first.to_owned());
        }
    }

    /// Checks a variable set for a command or the shell.
    pub fn check_assignment(&mut self, name: &str, value: &Arg) {
        if name.starts_with("LITANY_") || name.starts_with("WICKET_") {
            self.guard(
                Effect::Destructive,
                format!("sets {name} for what it runs, which only the harness may set"),
            );
            return;
        }
        if name == "NODE_OPTIONS" && value.text().is_some_and(node_options_only_tune) {
            return;
        }
        match name {
            "LD_PRELOAD"
            | "LD_LIBRARY_PATH"
            | "LD_AUDIT"
            | "BASH_ENV"
            | "ENV"
            | "PROMPT_COMMAND"
            | "PS4"
            | "SHELLOPTS"
            | "BASHOPTS"
            | "GIT_EXEC_PATH"
            | "GIT_CONFIG_GLOBAL"
            | "GIT_CONFIG_SYSTEM"
            | "GIT_CONFIG_PARAMETERS"
            | "GIT_CONFIG_COUNT"
            | "GIT_TEMPLATE_DIR"
            | "LESSOPEN"
            | "LESSCLOSE"
            | "LESSKEYIN"
            | "LESSKEY"
            | "LESSKEYIN_SYSTEM"
            | "LESSKEY_SYSTEM"
            | "LESSKEY_CONTENT"
            | "PERL5OPT"
            | "PERL5LIB"
            | "RUBYOPT"
            | "NODE_OPTIONS"
            | "PYTHONSTARTUP"
            | "PYTHONHOME"
            | "GCONV_PATH" => {
                self.note(
                    Effect::Opaque,
                    format!("{name}={} makes programs run other code", value.shown),
                );
            }
            "LESS"
                if value
                    .text()
                    .is_none_or(crate::programs::text::less_env_runs) =>
            {
                self.note(
                    Effect::Opaque,
                    format!(
                        "LESS={} gives less an option that reads a lesskey file (which can set LESSOPEN, a command), writes a log or runs a command",
                        value.shown
                    ),
                );
            }
            "GIT_SSH"
            | "GIT_SSH_COMMAND"
            | "GIT_PAGER"
            | "PAGER"
            | "MANPAGER"
            | "GIT_EDITOR"
            | "EDITOR"
            | "VISUAL"
            | "GIT_ASKPASS"
            | "SSH_ASKPASS"
            | "GIT_EXTERNAL_DIFF"
            | "GIT_SEQUENCE_EDITOR"
            | "BROWSER"
            | "GIT_PROXY_COMMAND"
            // git reads it for a hook when core.fsmonitor is unset, and
            // runs it on every index refresh (`GIT_TEST_FSMONITOR='touch
            // x' git status` ran it; verified under dash).
            | "GIT_TEST_FSMONITOR" => {
                // A program the variable names will be run: read it as one,
                // with the arguments its caller appends (the file an editor
                // edits, the files an external diff compares, the host an
                // ssh command reaches); a pager reads its input only.
                match value.text() {
                    Some(text) => {
                        let mut scope = self.start_scope();
                        if matches!(name, "GIT_PAGER" | "PAGER" | "MANPAGER") {
                            self.read_text(text, &mut scope);
                        } else {
                            let given = appended_by_caller(name);
                            self.read_text_with_args(text, &mut scope, given);
                        }
                    }
                    None => self.note(
                        Effect::Opaque,
                        format!("{name}={} names a program nobody can read", value.shown),
                    ),
                }
            }
            _ => {}
        }
    }

    fn read_redirect(&mut self, redirect: &Redirect, scope: &Scope) {
        let target = self.expand(&redirect.target, scope);
        match redirect.kind {
            RedirectKind::Dup | RedirectKind::HereDoc(_) | RedirectKind::HereString => {}
            RedirectKind::Read => {
                self.check_secret_word(&target);
                // `tee x < ~/bin/wicket`: the input may be the harness.
                match (target.text(), target.glob) {
                    (Some(text), false) => {
                        if let Some(path) = self.landing_of(text, scope) {
                            self.read_as_data(&path);
                        }
                    }
                    // bash expands a pattern that matches one name.
                    (Some(text), true) => {
                        if let Some(one) = self.one_match(text, scope) {
                            if let Some(path) = self.landing_of(&one, scope) {
                                self.read_as_data(&path);
                            }
                        }
                    }
                    _ => {}
                }
            }
            RedirectKind::Write => {
                self.check_secret_word(&target);
                self.with_text_writes(true, |r| {
                    r.write_places(
                        &target,
                        scope,
                        Op::Write,
                        true,
                        &format!(">{}", target.shown),
                    );
                });
            }
            RedirectKind::Append | RedirectKind::ReadWrite => {
                self.check_secret_word(&target);
                self.with_text_writes(true, |r| {
                    r.write_places(
                        &target,
                        scope,
                        Op::Write,
                        false,
                        &format!(">>{}", target.shown),
                    );
                });
            }
        }
    }

    /// With `POSIXLY_CORRECT` in the environment, GNU programs stop taking
    /// options at the first operand: `cp a -S DIR` copies into DIR, and
    /// `touch x -r F` touches F (each verified). The reader parses options
    /// as GNU does without it, so a word that looks like an option after an
    /// operand is not worked out: held. A variable assigned here may be
    /// exported, so any assignment counts.
    fn posixly_correct(&mut self, inv: &Invocation, scope: &Scope) {
        if !scope.vars.contains_key("POSIXLY_CORRECT") {
            return;
        }
        let mut operand = false;
        for arg in inv.argv.iter().skip(1) {
            match arg.text() {
                Some("--") => return,
                Some(t) if t.starts_with('-') && t.len() > 1 && operand => {
                    self.note(
                        Effect::Opaque,
                        format!(
                            "{}: with POSIXLY_CORRECT set, `{t}` after an operand is an operand too, which is not worked out here",
                            inv.shown()
                        ),
                    );
                    return;
                }
                Some(t) if !t.starts_with('-') || t == "-" => operand = true,
                Some(_) => {}
                None if operand => {
                    self.note(
                        Effect::Opaque,
                        format!(
                            "{}: with POSIXLY_CORRECT set, `{}` after an operand may be an option GNU programs then read as an operand",
                            inv.shown(),
                            arg.shown
                        ),
                    );
                    return;
                }
                None => operand = true,
            }
        }
    }

    /// Read one program run.
    pub fn read_invocation(&mut self, inv: &Invocation, scope: &mut Scope) {
        if self.depth > syntax::MAX_DEPTH {
            self.note(Effect::Opaque, "programs launch programs too deep to read");
            return;
        }
        self.depth += 1;
        self.posixly_correct(inv, scope);
        // A `return` however it is spelled (`$r`, `command return`), or a
        // name only known when it runs, which may be one: what the function
        // does after it may not happen.
        if matches!(inv.argv.first().map(Arg::text), Some(Some("return") | None)) {
            if let Some(top) = self.function_returns.borrow_mut().last_mut() {
                match top {
                    Some(known) => known.join(scope),
                    None => *top = Some(scope.clone()),
                }
            }
        }
        let recorded = self.record_command(inv, scope);
        let cwd = scope.cwd.clone();
        let before = self.notes.len();
        self.read_program(inv, scope);
        self.runs_code_in_its_directory(inv, scope, cwd.as_deref(), before);
        if recorded {
            self.end_command();
        }
        self.depth -= 1;
    }

    /// A program that runs code wicket cannot read (open-world: an unknown
    /// program, a makefile's recipes, a project's tests, a module) works in
    /// its current directory: build outputs, caches (`__pycache__`,
    /// `.pytest_cache`, `target/`) and every relative name it opens land
    /// there. `make -C DIR` names that directory and is judged by it; `cd
    /// DIR && make` is the same run (`cd ../a2 && python3 -m compileall`
    /// wrote `../a2/__pycache__`, verified under dash). So when the
    /// directory it starts in is in the protected set, or only known when
    /// it runs, the run is held.
    fn runs_code_in_its_directory(
        &mut self,
        inv: &Invocation,
        scope: &Scope,
        cwd: Option<&str>,
        before: usize,
    ) {
        if !self.notes[before.min(self.notes.len())..]
            .iter()
            .any(|n| n.effect == Effect::OpenWorld)
        {
            return;
        }
        // git's description judges the repository of the directory it runs
        // in itself (`cd ../a2 && git status` writes that index).
        let program = inv.argv.first().and_then(|a| a.text()).unwrap_or("");
        if program.rsplit('/').next() == Some("git") {
            return;
        }
        let shown = inv.shown();
        let Some(cwd) = cwd else {
            self.note(
                Effect::Opaque,
                format!("{shown} runs code wicket cannot read in a directory only known when it runs, which may be in the protected set"),
            );
            return;
        };
        let (path, entry, how) = match self.place(cwd, scope) {
            Some(Place::Protected { path, entry }) => (path, entry, "in"),
            Some(Place::Inside(path) | Place::Outside { path, .. }) => {
                // Above the workspace's entries (`cd ../.. && pytest`); a
                // home that holds startup files is where programs run
                // every day, and what lands there by default is no
                // startup file.
                let ws = self.ctx.workspace.clone();
                match self.holds_protected(&path) {
                    Some(entry) if wicket_guest::paths::is_under(&entry, &ws) => {
                        (path, entry, "above")
                    }
                    _ => return,
                }
            }
            Some(Place::Unknown(path)) => {
                self.note(
                    Effect::Opaque,
                    format!("{shown} runs code wicket cannot read in {path}, a directory only known when it runs, which may be in the protected set"),
                );
                return;
            }
            _ => return,
        };
        self.note(
            Effect::Opaque,
            format!(
                "{shown} runs code wicket cannot read with its directory {how} the protected set ({path}: {}): what it writes by a relative name, into its directory or the tree beneath, lands there",
                protected_label(&entry, self.ctx)
            ),
        );
    }

    fn read_program(&mut self, inv: &Invocation, scope: &mut Scope) {
        let Some(program_arg) = inv.argv.first() else {
            return;
        };
        let Some(program_text) = program_arg.text().map(str::to_owned) else {
            let how = if program_arg.glob {
                "a glob"
            } else if program_arg.values.as_ref().is_some_and(|v| v.len() > 1) {
                "a brace expansion"
            } else {
                "an expansion"
            };
            self.note(
                Effect::Opaque,
                format!(
                    "the program `{}` is {how}: what runs is decided when it runs",
                    program_arg.shown
                ),
            );
            return;
        };
        if program_text.is_empty() {
            self.note(Effect::Opaque, "the program word is empty after expansion");
            return;
        }
        // bash lets a function's name hold a slash (`/bin/ls() { …; }`):
        // the name then runs the function, not the program at that path.
        if inv.lookup == Lookup::Shell
            && (!program_text.contains('/') || scope.functions.contains_key(&program_text))
            && self.what_the_name_runs(&program_text, inv, scope)
        {
            return;
        }
        // `command NAME` and `builtin NAME` skip functions and aliases, but
        // bash's command search still uses the hash table (`hash -p`), and
        // then PATH.
        if inv.lookup != Lookup::Shell && !program_text.contains('/') {
            self.path_may_shadow(&program_text, scope);
            let hashed = (inv.lookup == Lookup::NoFunctions)
                .then(|| scope.hashed.get(&program_text).cloned())
                .flatten();
            if let Some(path) = hashed {
                if path != program_text {
                    let mut argv = inv.argv.clone();
                    argv[0] = Arg::literal(&path);
                    let inner = Invocation {
                        argv,
                        ..inv.clone()
                    };
                    self.read_invocation(&inner, scope);
                    return;
                }
            }
        }
        // The harness's own programs are known by what the file is, under
        // any name (`./ls` a copy of wicket): read as that program.
        let identified = self.identify_program(&program_text, scope);
        let named = program_name(&program_text, self.ctx, scope.cwd.as_deref());
        if let Some((which, copied)) = identified {
            let by_its_name =
                !copied && matches!(&named, ProgramName::Named(n) if n == which.name());
            if !by_its_name {
                let alias = crate::identity::alias(&program_text, which, copied);
                crate::programs::harness(self, which, inv, scope, Some(&alias));
                // A name that is itself one of the harness's is read by
                // that name too (identity adds to the names, never replaces).
                let harness_name = matches!(&named, ProgramName::Named(n)
                    if ["wicket", "wicket-compile", "litany"].contains(&n.as_str()));
                if !harness_name {
                    return;
                }
            }
        }
        let program = match named {
            ProgramName::Named(name) => name,
            ProgramName::Local(path) => {
                // A path through a link made earlier in this command runs
                // what the link leads to (`ln -s /usr/bin sl && sl/dash -c
                // '…'` ran dash, verified under dash): read as that path,
                // one link deep.
                let full = wicket_guest::paths::fold(&wicket_guest::paths::absolute(
                    &path,
                    scope.cwd.as_deref().unwrap_or(&self.ctx.cwd),
                    &scope.home(self.ctx),
                ));
                if let Some(through) = self.through_made_link(&full) {
                    match through {
                        Some(target)
                            if target != full && self.through_made_link(&target).is_none() =>
                        {
                            let mut argv = inv.argv.clone();
                            argv[0] = Arg::literal(&target);
                            let inner = Invocation {
                                argv,
                                ..inv.clone()
                            };
                            self.read_invocation(&inner, scope);
                        }
                        _ => self.note(
                            Effect::Opaque,
                            format!("runs {path}, through a link this command made, to a program only known when it runs"),
                        ),
                    }
                    return;
                }
                // wicket's own binary by its path is still wicket.
                let scope_for_path = scope.clone();
                if let Some(Place::Protected { path: resolved, .. }) =
                    self.place(&path, &scope_for_path)
                {
                    if self
                        .protected()
                        .iter()
                        .any(|p| *p == resolved && p.ends_with("/wicket"))
                    {
                        crate::programs::wicket(self, inv, scope);
                        return;
                    }
                }
                self.note(
                    Effect::OpenWorld,
                    format!("runs {path}, a program wicket cannot read"),
                );
                if let Some(wrote) = self.written_earlier(&inv.argv[0], scope) {
                    self.runs_what_it_wrote(&path, &wrote);
                }
                self.hands_chosen_words(inv, &path);
                // The command read one of the harness's programs as data
                // earlier: the file run here may be made from it by any
                // route (a pipe, an archive, an encoder), which the host
                // cannot identify before it exists.
                if let Some(after) = self.harness_data_read().filter(|_| identified.is_none()) {
                    self.note(
                        Effect::Opaque,
                        format!("runs {path} {after}, which cannot be known before it runs"),
                    );
                }
                // Which file that is cannot be asked: it may be one of the
                // harness's programs under another name.
                if !path.starts_with('/') && scope.cwd.is_none() {
                    self.note(
                        Effect::Opaque,
                        format!(
                            "runs {path} from a directory only known when it runs, so which program it is (the harness's own, under another name?) cannot be known"
                        ),
                    );
                }
                self.check_protected_operands(inv, scope);
                return;
            }
        };
        let before = self.notes.len();
        programs::read(self, &program, inv, scope);
        // A copy of the harness made here runs as the harness later on.
        self.track_copies(&program, inv, scope);
        // The operator's rows replace the program's own class (never a guard).
        let words = inv.words();
        if let Some(rule) = self
            .rules
            .iter()
            .find(|r| r.matches(&program, &words))
            .cloned()
        {
            let mut kept: Vec<Note> = self.notes.drain(before..).filter(|n| n.guard).collect();
            self.notes.append(&mut kept);
            self.note(
                rule.effect,
                format!(
                    "{} (the workspace's rule `{}: {}`)",
                    inv.shown(),
                    rule.shown(),
                    rule.effect.word()
                ),
            );
        }
    }

    /// What a name runs besides the program of that name: an alias (dash
    /// expands them in `sh -c` text), a hashed path, a function, or a program
    /// from a directory put ahead of the system's on PATH. `true` when that
    /// replaces reading the program itself.
    fn what_the_name_runs(&mut self, name: &str, inv: &Invocation, scope: &mut Scope) -> bool {
        if let Some(function) = scope.functions.get(name).cloned() {
            // A function runs its body in this shell, its words as $1….
            let positional: Option<Vec<String>> = inv.argv[1..]
                .iter()
                .map(|a| a.text().map(str::to_owned))
                .collect();
            let outer = std::mem::replace(&mut scope.positional, positional);
            let chosen = {
                let words = self.chosen_words.borrow();
                inv.argv[1..]
                    .iter()
                    .any(|a| a.values.is_none() && words.contains(&a.shown))
            };
            let outer_chosen = self.positional_chosen.replace(chosen);
            let maybe = scope.maybe_functions.get(name).cloned();
            let before = scope.clone();
            // A function calling itself is read once more at most.
            let mut inner = scope.clone();
            inner.functions.remove(name);
            let outer_locals = inner.locals.replace(BTreeSet::new());
            self.function_returns.borrow_mut().push(None);
            self.read_node(&function.body, &mut inner, &function.script);
            if let Some(Some(returned)) = self.function_returns.borrow_mut().pop() {
                inner.join(&returned);
            }
            // Its `local` variables return to the caller's values.
            if let Some(locals) = std::mem::replace(&mut inner.locals, outer_locals) {
                for local in locals {
                    // So does whether they are read-only (`f() { local x;
                    // readonly x; }` leaves the caller's x assignable;
                    // verified under dash).
                    match before.readonly.get(&local) {
                        Some(was) => inner.readonly.insert(local.clone(), *was),
                        None => inner.readonly.remove(&local),
                    };
                    match before.vars.get(&local) {
                        Some(value) => {
                            inner.vars.insert(local.clone(), value.clone());
                            if before.data.contains(&local) {
                                inner.data.insert(local);
                            } else {
                                inner.data.remove(&local);
                            }
                        }
                        // The shell's own `$PWD`/`$OLDPWD` come back as the
                        // caller had them, which need not be where the shell
                        // is now (`f() { local PWD; cd -P .; }`): unknown.
                        None if matches!(local.as_str(), "PWD" | "OLDPWD") => {
                            inner.vars.insert(local.clone(), None);
                        }
                        None => {
                            inner.vars.remove(&local);
                            inner.data.remove(&local);
                        }
                    }
                }
            }
            self.positional_chosen.set(outer_chosen);
            inner.functions.insert(name.to_owned(), function);
            inner.positional = outer;
            *scope = inner;
            match maybe {
                None => return true,
                // Defined on one path only: the program of that name may run
                // instead, and is read too, from where the shell is on
                // either path (a `cd` in the body may not have happened).
                Some(None) => scope.join(&before),
                // Defined another way on another path: that body is read too,
                // and what the shell knows after is what both agree on.
                Some(Some(other)) => {
                    let mut inner = before.clone();
                    inner.functions.remove(name);
                    self.read_node(&other.body, &mut inner, &other.script);
                    inner.functions.insert(name.to_owned(), other);
                    scope.join(&inner);
                    return true;
                }
            }
        }
        if let Some(path) = scope.hashed.get(name).cloned() {
            let mut argv = inv.argv.clone();
            argv[0] = Arg::literal(&path);
            let inner = Invocation {
                argv,
                lookup: Lookup::NoFunctions,
                ..inv.clone()
            };
            self.read_invocation(&inner, scope);
            return true;
        }
        if let Some(body) = scope.aliases.get(name).cloned() {
            // Read as the alias runs it; the plain program is read too,
            // for a shell that does not expand aliases.
            let rest: Option<Vec<String>> =
                inv.argv[1..].iter().map(|a| a.text().map(quote)).collect();
            match rest {
                Some(rest) => {
                    let mut inner = scope.clone();
                    inner.aliases.remove(name);
                    self.read_text(&format!("{body} {}", rest.join(" ")), &mut inner);
                }
                None => self.note(
                    Effect::Opaque,
                    format!("the alias {name} runs `{body}` with words only known when it runs"),
                ),
            }
        }
        if BUILTINS.contains(&name) {
            return false;
        }
        if let Some(why) = scope.unknown_definitions.clone() {
            self.note(
                Effect::OpenWorld,
                format!("`{name}` may be a function or alias that {why} defined"),
            );
        }
        self.path_may_shadow(name, scope);
        false
    }

    /// A directory put ahead of the system's on PATH may hold a program of
    /// the agent's under `name` — one this command wrote there, even, or
    /// made from the harness's own (`echo 'rm -rf ../a2' > b/ls; chmod +x
    /// b/ls; PATH=$PWD/b:$PATH ls` ran the script, verified under dash).
    /// `command NAME` skips functions and aliases but still searches PATH.
    fn path_may_shadow(&mut self, name: &str, scope: &Scope) {
        if BUILTINS.contains(&name) {
            return;
        }
        // A module path set earlier in the command (`export PYTHONPATH=.`)
        // counts for each program that runs after a module was written.
        if !self.written_here.borrow().is_empty() || self.written_overflow.get() {
            programs::vars::module_paths_in_scope(self, scope);
        }
        let Some(dir) = scope.path_prefix.clone() else {
            return;
        };
        let there = format!("{}/{name}", dir.trim_end_matches('/'));
        self.note(
            Effect::OpenWorld,
            format!("`{name}` may run {there}, ahead of the system's programs on PATH"),
        );
        // After the command read one of the harness's programs as data,
        // the file there may be a copy of it (see `read_as_data`).
        if let Some(after) = self.harness_data_read() {
            self.note(Effect::Opaque, format!("`{name}` may run {there} {after}"));
        }
        let written = !self.written_here.borrow().is_empty() || self.written_overflow.get();
        if !written {
            return;
        }
        if dir.contains('$') {
            // Where the directory is is only known when it runs.
            self.runs_what_it_wrote(&there, "perhaps, as a program found on PATH");
        } else if let Some(wrote) = self.written_earlier(&Arg::literal(&there), scope) {
            self.runs_what_it_wrote(&there, &wrote);
        }
    }

    /// The shipped row for a program, applied with the operand rule.
    pub fn apply_row(&mut self, program: &str, inv: &Invocation, scope: &Scope) -> bool {
        let words = inv.words();
        let Some((row, qualifiers)) = rules::shipped_row(program, &words) else {
            return false;
        };
        let shown = inv.shown();
        let detail = if qualifiers.is_empty() {
            String::new()
        } else {
            format!(" ({})", qualifiers.join(" "))
        };
        match row.op {
            Op::Fixed => {
                let effect = row.inside;
                self.note(effect, format!("{shown}{}", describe(effect, &detail)));
                if effect != Effect::Read {
                    self.check_protected_operands(inv, scope);
                }
            }
            Op::Delete | Op::Write => {
                let operands = operands(program, inv);
                if operands.is_empty() && !inv.extra_operands {
                    self.note(
                        row.inside,
                        format!("{shown}{}", describe(row.inside, &detail)),
                    );
                }
                if inv.extra_operands {
                    self.note(
                        Effect::Opaque,
                        format!("{shown} acts on paths that arrive at run time"),
                    );
                }
                let truncating =
                    matches!(program, "cp" | "mv" | "install" | "tee" | "ln" | "truncate");
                for (index, arg) in operands.iter().enumerate() {
                    // For copies and moves only the destination is written over.
                    let last = index + 1 == operands.len();
                    let overwrites =
                        truncating && (last || program == "truncate" || program == "tee");
                    if program == "mv" && !last {
                        self.write_places(arg, scope, Op::Delete, false, &shown);
                    } else {
                        self.write_places(arg, scope, row.op, overwrites, &shown);
                    }
                }
            }
        }
        true
    }

    /// Classify a write (or delete) of one operand (the older form of
    /// [`Reader::change`]).
    pub fn write_places(
        &mut self,
        arg: &Arg,
        scope: &Scope,
        op: Op,
        overwrites: bool,
        shown: &str,
    ) {
        let change = match op {
            Op::Delete => Change::Delete,
            _ if overwrites => Change::Overwrite,
            _ => Change::Write,
        };
        self.change(arg, scope, change, Reach::Path, shown);
    }

    /// Classify what a program does to one path it names: inside the root it
    /// is the agent's own work; a protected path (or a tree holding one) is
    /// destructive; outside, a loss of someone else's file is destructive and
    /// anything else reaches past the root.
    pub fn change(&mut self, arg: &Arg, scope: &Scope, change: Change, reach: Reach, shown: &str) {
        let tree = reach == Reach::Tree || change == Change::Delete;
        if self.out_of_resolves() {
            // Past the path budget, one note says so for the whole call.
            self.record_write(
                arg,
                change,
                tree,
                &[Place::Unknown(arg.shown.clone())],
                shown,
            );
            return;
        }
        let fills = reach == Reach::Tree && change != Change::Delete;
        let names_entry = arg
            .text()
            .is_some_and(|t| !t.ends_with('/') && !t.ends_with("/."));
        self.removes_entry
            .set(change == Change::Delete && names_entry && !arg.glob);
        let places = self.places(arg, scope);
        self.removes_entry.set(false);
        self.record_write(arg, change, tree, &places, shown);
        // What a move or a copy puts in place of a directory (`mv L2 L`,
        // `os.replace`) may be a link or a file by the time a later `cd`
        // goes there: counted as removed.
        let replaces = change == Change::Overwrite && reach == Reach::Tree;
        if change == Change::Delete || replaces {
            // A pattern may remove any directory beneath the one it starts
            // in (`rm -r m?`), and a path not placed any directory a later
            // `cd` goes to (`find -exec rm -r {} +`).
            if arg.glob {
                self.changes_access(arg, scope);
            }
            self.disturbs(&places);
        }
        for place in places {
            if tree {
                if let Place::Inside(path) | Place::Outside { path, .. } = &place {
                    if let Some((filled, by)) = self.through_filled_dir(path, arg, change) {
                        self.note(
                            Effect::Opaque,
                            format!(
                                "{shown} {} {path}, a directory now beneath {filled}, which `{by}` fills \
                                 with entries wicket cannot see: it may be a link by then, and the change \
                                 reaches wherever it leads",
                                change.verb()
                            ),
                        );
                        continue;
                    }
                    // Unseen entries written into a tree an earlier command
                    // filled unseen: that tree may hold links by then, and a
                    // member's path goes through them (`tar xf t1.tar -C o`
                    // plants `o/up -> {ws}`, `tar xf t2.tar -C o` then writes
                    // `up/inbox/m` into the workspace; verified under dash).
                    if self.unseen_entries.get() && change != Change::Delete {
                        if let Some((filled, by)) = self.filled_tree(path) {
                            self.note(
                                Effect::Opaque,
                                format!(
                                    "{shown} {} {path} with entries wicket does not see, in {filled}, which \
                                     `{by}` filled earlier in this command with entries it cannot see either: \
                                     one may be a link by then, and a member written through it lands wherever \
                                     it leads",
                                    change.verb()
                                ),
                            );
                            continue;
                        }
                    }
                }
            }
            if fills {
                if let Place::Inside(path) | Place::Outside { path, .. } = &place {
                    self.fills_unseen(path, shown);
                }
            }
            if change != Change::Delete && self.writes_text.get() {
                if let Some(path) = place.path() {
                    let mut written = self.written_here.borrow_mut();
                    if written.len() >= MAX_NOTES {
                        self.written_overflow.set(true);
                    } else if !written.iter().any(|(p, t)| p == path && *t == tree) {
                        written.push((path.to_owned(), tree));
                    }
                }
            }
            if change != Change::Delete {
                if let Place::Outside { path, .. } | Place::Above { path, .. } = &place {
                    let mut written = self.written_outside.borrow_mut();
                    if written.len() < MAX_NOTES && !written.contains(path) {
                        written.push(path.clone());
                    }
                }
            }
            match place {
                Place::Stream => {}
                Place::Network(endpoint) => {
                    self.note(Effect::OpenWorld, format!("{shown} connects to {endpoint}"))
                }
                Place::Inside(path) if change != Change::Delete && self.in_nested_git(&path) => {
                    self.note(
                        Effect::Opaque,
                        format!(
                            "{shown} {} {path}, the git directory or config of a repository nested in the \
                             worktree: the harness's own git enters it as a submodule (`status`, `commit`) \
                             and runs what its config names (core.fsmonitor), which wicket does not read",
                            change.verb()
                        ),
                    )
                }
                // The worktree's top holds its `.git`, the link into the
                // workspace repository: entries wicket does not see written
                // over it may replace that link (`cp -r /tmp/x/. .` with a
                // `.git` reading `gitdir: …/repo.git/worktrees/<other>` made
                // the agent's next commit land on another agent's branch;
                // `tar xf t.tar` holding `.git/config` replaced it with a
                // repository whose core.fsmonitor ran at the next `git
                // status`; both verified under dash).
                Place::Inside(path)
                    if fills
                        && (change == Change::Overwrite || self.unseen_entries.get())
                        && path == self.ctx.writable_root.trim_end_matches('/') =>
                {
                    self.note(
                        Effect::Opaque,
                        format!(
                            "{shown} {} the worktree's top, {path}, with entries wicket does not see: \
                             one may replace its .git, the worktree's link into the workspace repository, \
                             or be a hard link to it",
                            change.verb()
                        ),
                    )
                }
                // Below the top, such entries may make a repository of their
                // own (`tar -C src -xf t.tar` holding `sub/.git/config`):
                // the harness's `git add -A` records it as a gitlink, and
                // every later `git status` runs `git status` inside it, with
                // its config (core.fsmonitor ran; verified under dash).
                Place::Inside(path)
                    if fills
                        && change != Change::Delete
                        && self.unseen_entries.get()
                        && !self.skips_git.get() =>
                {
                    self.note(
                        Effect::Opaque,
                        format!(
                            "{shown} {} {path} with entries wicket does not see: one may be a nested \
                             repository's .git, which the harness's own git enters after `git add -A` \
                             (`status`, `commit`) and whose config names programs it runs (core.fsmonitor)",
                            change.verb()
                        ),
                    )
                }
                // The worktree's top holds its `.git`: a tree deleted or
                // hard-linked there reaches it (`find . -delete` and `rm -rf
                // "$PWD"` deleted it; `cp -al . /tmp/x` made /tmp/x/.git a
                // hard link to it, and a write there rewrote it; verified
                // under dash).
                Place::Inside(path)
                    if tree
                        && matches!(change, Change::Delete | Change::Link)
                        && !self.spares_top.get()
                        && path == self.ctx.writable_root.trim_end_matches('/') =>
                {
                    self.guard(
                        Effect::Destructive,
                        format!(
                            "{shown} {} {path}, the worktree's top, and with it {}/.git, which is \
                             protected (the worktree's link into the workspace repository){}",
                            change.verb(),
                            path,
                            change.consequence()
                        ),
                    )
                }
                Place::Inside(_) => self.note(
                    Effect::TargetWrite,
                    format!("{shown} {} inside the writable root", change.verb()),
                ),
                Place::Protected { path, entry } => self.guard(
                    Effect::Destructive,
                    format!(
                        "{shown} {} {path}, which is protected ({}){}",
                        change.verb(),
                        protected_label(&entry, self.ctx),
                        change.consequence()
                    ),
                ),
                Place::Above { path, entry } if tree => self.guard(
                    Effect::Destructive,
                    format!(
                        "{shown} {} {path}, a pattern that matches a directory holding {} ({})",
                        change.verb(),
                        entry,
                        protected_label(&entry, self.ctx)
                    ),
                ),
                Place::Unknown(what) => self.note(
                    Effect::Opaque,
                    format!(
                        "{shown} {} `{what}`, a path that is only known when it runs",
                        change.verb()
                    ),
                ),
                Place::Above { path, .. } => self.outside(&path, PathKind::Other, change, shown),
                Place::Outside { path, kind } => {
                    if let Some(entry) = tree.then(|| self.protected_beneath(&path)).flatten() {
                        self.guard(
                            Effect::Destructive,
                            format!(
                                "{shown} {} {path}, which holds {}",
                                change.verb(),
                                held_entry(&entry, self.ctx)
                            ),
                        );
                    } else {
                        self.outside(&path, kind, change, shown);
                    }
                }
            }
        }
    }

    /// A tree whose entries wicket does not see (an archive's members, a
    /// tree from outside the worktree) written into `dir`: as `change` with
    /// `Reach::Tree`, and inside the worktree, below its top, opaque unless
    /// `skips_git` (the program leaves out every entry named `.git`).
    pub fn fills_with_unseen(
        &mut self,
        dir: &Arg,
        scope: &Scope,
        change: Change,
        skips_git: bool,
        shown: &str,
    ) {
        self.unseen_entries.set(true);
        self.skips_git.set(skips_git);
        self.change(dir, scope, change, Reach::Tree, shown);
        self.unseen_entries.set(false);
        self.skips_git.set(false);
    }

    /// The path this command wrote earlier that the file `arg` names is, or
    /// lies in a tree it filled: a script the same command wrote and then
    /// runs (`echo 'rm -rf ../x' > s.sh; sh s.sh`) does what the command
    /// put there, which wicket cannot read, so it is opaque. (Written in
    /// one call and run in the next, it is the agent's code like any other:
    /// open-world, bounded by the wall.)
    pub fn written_earlier(&self, arg: &Arg, scope: &Scope) -> Option<String> {
        self.written_earlier_as(arg, scope, false)
    }

    /// [`Reader::written_earlier`], counting only files the command wrote
    /// its text into, not trees it filled (a formatter's `-w .`): what a
    /// program wicket does not know is handed as a file.
    pub fn written_file_earlier(&self, arg: &Arg, scope: &Scope) -> Option<String> {
        self.written_earlier_as(arg, scope, true)
    }

    fn written_earlier_as(&self, arg: &Arg, scope: &Scope, files_only: bool) -> Option<String> {
        if self.written_here.borrow().is_empty() && !self.written_overflow.get() {
            return None;
        }
        // `find … -exec sh {} \;`, `xargs -I{} sh {}`: the file is one find
        // or xargs names when it runs, the one written among them
        // (`echo 'rm -rf ../a2' > x && find . -name x -exec sh {} \;`
        // deleted ../a2, verified under dash).
        if arg.shown.contains("{}") {
            let perhaps = || {
                Some(format!(
                    "perhaps, as the file find or xargs puts for `{}`",
                    arg.shown
                ))
            };
            // Where find looks (the literal part of each pattern it may
            // put there): a file written beneath may be among its finds.
            let Some(values) = &arg.values else {
                return perhaps();
            };
            for value in values {
                match self.written_beneath(&Arg::literal(glob_base(value)), scope) {
                    Some(Some(w)) => return Some(w),
                    Some(None) => {}
                    None => return perhaps(),
                }
            }
            return None;
        }
        // Taken from a directory only known when it runs: it may be what was
        // written (`read -r d; cd "$d"; sh s.sh`).
        if scope.cwd.is_none() && !arg.text().is_some_and(|t| t.starts_with('/')) {
            return Some(format!(
                "perhaps, as {} from a directory only known when it runs",
                arg.shown
            ));
        }
        for place in self.places(arg, scope) {
            let path = match &place {
                // Where it is only known when it runs: it may be what was
                // written (`read -r d; cd "$d"; sh s.sh`).
                Place::Unknown(p) => return Some(format!("perhaps, as {p}")),
                place => match place.path() {
                    Some(path) => path,
                    None => continue,
                },
            };
            if self.written_overflow.get() {
                return Some(path.to_owned());
            }
            let written = self.written_here.borrow();
            // A write to a pattern that ends in `*` (`split`'s and
            // `csplit`'s pieces, `PREFIX*`) wrote files that start so.
            let pieces = |w: &str| {
                w.strip_suffix('*').is_some_and(|start| {
                    !start.contains(['*', '?', '['])
                        && path
                            .strip_prefix(start)
                            .is_some_and(|rest| !rest.contains('/'))
                })
            };
            if let Some((w, _)) = written
                .iter()
                .filter(|(_, tree)| !(files_only && *tree))
                .find(|(w, tree)| {
                    w == path || *tree && wicket_guest::paths::is_under(path, w) || pieces(w)
                })
            {
                return Some(w.clone());
            }
        }
        None
    }

    /// A path this command wrote its text to at or beneath the directory
    /// `dir` (a directory a program runs or loads what it finds from, as
    /// gcc's `-B`): `Some(None)` when none, `None` when where it is, or
    /// what was written, is not known.
    pub fn written_beneath(&self, dir: &Arg, scope: &Scope) -> Option<Option<String>> {
        self.written_beneath_matching(dir, scope, &|_| true)
    }

    /// A module this command wrote its text into where `dir` loads modules
    /// from (a name ending in one of `exts`, directly there or beneath):
    /// the interpreter may import it in place of the one it means (`printf
    /// … > json.py; python3 -m json.tool f` ran the file written; verified
    /// under dash). Unknown places and overflow count as written.
    pub fn wrote_module_in(&mut self, dir: &Arg, scope: &Scope, exts: &[&str], shown: &str) {
        let modules = |w: &str| {
            let name = w.rsplit('/').next().unwrap_or(w);
            exts.iter().any(|e| name.ends_with(e))
        };
        let why = match self.written_beneath_matching(dir, scope, &modules) {
            Some(None) => return,
            Some(Some(w)) => format!(
                "{shown} loads modules from {}, where this command wrote {w}: it may import that in place of the module it means",
                dir.shown
            ),
            None => format!(
                "{shown} loads modules from {}, a place only known when it runs, after this command wrote files: it may import one of them in place of the module it means",
                dir.shown
            ),
        };
        self.note(Effect::Opaque, why);
    }

    fn written_beneath_matching(
        &self,
        dir: &Arg,
        scope: &Scope,
        matching: &dyn Fn(&str) -> bool,
    ) -> Option<Option<String>> {
        if self.written_here.borrow().is_empty() && !self.written_overflow.get() {
            return Some(None);
        }
        for place in self.places(dir, scope) {
            let dir = match &place {
                Place::Inside(p)
                | Place::Outside { path: p, .. }
                | Place::Above { path: p, .. }
                | Place::Protected { path: p, .. } => p,
                _ => return None,
            };
            if self.written_overflow.get() {
                return None;
            }
            if let Some((w, _)) = self.written_here.borrow().iter().find(|(w, tree)| {
                wicket_guest::paths::is_under(w, dir) && (*tree || matching(w))
                    || *tree && wicket_guest::paths::is_under(dir, w)
            }) {
                return Some(Some(w.clone()));
            }
        }
        Some(None)
    }

    /// Records `arg` among the paths this command may have written its
    /// text into, without a change of its own to judge: a program wicket
    /// does not know, handed the path, may write it (`shuf -o x`).
    pub fn may_have_written(&self, arg: &Arg, scope: &Scope) {
        for place in self.places(arg, scope) {
            if let Some(path) = place.path() {
                let mut written = self.written_here.borrow_mut();
                if written.len() >= MAX_NOTES {
                    self.written_overflow.set(true);
                } else if !written.iter().any(|(p, _)| p == path) {
                    written.push((path.to_owned(), false));
                }
            }
        }
    }

    /// Runs `f` with the writes it places counted as the command's own text
    /// when `text` says so (or the caller's already were): see
    /// `writes_text`. What was set before is set again after.
    pub fn with_text_writes<T>(&mut self, text: bool, f: impl FnOnce(&mut Self) -> T) -> T {
        let was = self.writes_text.replace(text || self.writes_text.get());
        let out = f(self);
        self.writes_text.set(was);
        out
    }

    /// The note for a script or program run from a path this command wrote
    /// earlier ([`Reader::written_earlier`]).
    pub fn runs_what_it_wrote(&mut self, shown: &str, wrote: &str) {
        self.note(
            Effect::Opaque,
            format!(
                "runs {shown}, which may be what this command wrote ({wrote}) before running it: what it runs is \
                 only known when it runs (written in one call and run in the next, it is read as the \
                 agent's own code)"
            ),
        );
    }

    /// A directory there now strictly beneath a tree this command fills
    /// unseen, reached by a change to its whole tree: the tree writer may
    /// have replaced it (or a directory above it) with a link (`git checkout
    /// b` turns `src/` into `src -> ../../.wicket` when b's tree holds that
    /// link), and a recursive delete, copy, mode change or extraction there
    /// follows it. Only a delete naming the entry itself, directly in the
    /// filled tree and without a trailing `/` or `/.`, removes a link
    /// rather than what it leads to. Returns the filled tree and its writer.
    pub fn through_filled_dir(
        &self,
        path: &str,
        arg: &Arg,
        change: Change,
    ) -> Option<(String, String)> {
        let trees = self.unseen_trees.borrow();
        let (tree, by) = trees
            .iter()
            .find(|(tree, _)| wicket_guest::paths::is_under(path, tree) && path != tree.as_str())?
            .clone();
        if change == Change::Delete {
            let written = arg.text().unwrap_or("/");
            let follows = written.ends_with('/') || written.ends_with("/.");
            let parent = path.rsplit_once('/').map_or("/", |(p, _)| p);
            if !follows && !arg.glob && parent == tree.trim_end_matches('/') {
                return None;
            }
        }
        Some((tree, by))
    }

    /// `arg`'s permissions (its mode, owner or ACL) are changed: a `cd` at
    /// or beneath it later in the command may fail, and the shell stay
    /// (`chmod a-x d; cd d/e; echo x >> ../../f` appended from where the
    /// shell was; verified under dash). A path not placed closes every
    /// directory.
    pub fn changes_access(&self, arg: &Arg, scope: &Scope) {
        // A pattern may match any name in the directory it starts in
        // (`chmod a-x n*`): that directory is the one taken.
        let base = match (arg.glob, &arg.values) {
            (true, Some(values)) if values.len() == 1 => Some(Arg::literal(glob_base(&values[0]))),
            (true, _) => Some(Arg::literal("/")),
            (false, _) => None,
        };
        let places = self.places(base.as_ref().unwrap_or(arg), scope);
        self.disturbs(&places);
    }

    /// Counts each of `places` among the directories a later `cd` may not
    /// reach ([`Reader::disturbed_earlier`]); a place not known counts as
    /// every directory, a stream or the network as none.
    fn disturbs(&self, places: &[Place]) {
        let mut disturbed = self.disturbed_here.borrow_mut();
        for place in places {
            let path = match place {
                Place::Unknown(_) => "/",
                place => match place.path() {
                    Some(path) => path,
                    None => continue,
                },
            };
            if disturbed.len() < MAX_NOTES && !disturbed.iter().any(|d| d == path) {
                disturbed.push(path.to_owned());
            }
        }
    }

    /// Whether this command disturbed `path` or a directory above it
    /// earlier (see `disturbed_here`), or disturbed more than is
    /// remembered.
    pub fn disturbed_earlier(&self, path: &str) -> bool {
        let disturbed = self.disturbed_here.borrow();
        disturbed.len() >= MAX_NOTES
            || disturbed
                .iter()
                .any(|gone| wicket_guest::paths::is_under(path, gone))
    }

    /// What [`Reader::disturbed_earlier`] knows now, to put back after
    /// reading text that runs later.
    pub fn disturbed_snapshot(&self) -> Vec<String> {
        self.disturbed_here.borrow().clone()
    }

    pub fn restore_disturbed(&self, removed: Vec<String>) {
        *self.disturbed_here.borrow_mut() = removed;
    }

    /// The tree this command filled unseen that `path` is, or lies in.
    fn filled_tree(&self, path: &str) -> Option<(String, String)> {
        self.unseen_trees
            .borrow()
            .iter()
            .find(|(tree, _)| wicket_guest::paths::is_under(path, tree))
            .cloned()
    }

    /// A symbolic link there now replaced by another (`ln -sfn X link`):
    /// where the old link leads into the protected set, or above an entry
    /// of it (a PATH directory that is a link, resolved by the host), the
    /// new link decides what those paths are.
    pub fn replaces_link(&mut self, arg: &Arg, scope: &Scope, shown: &str) {
        let Some(text) = arg.text().filter(|_| !arg.glob) else {
            return;
        };
        let Some((Place::Inside(_) | Place::Outside { .. }, landing)) =
            self.entry_itself(text, scope)
        else {
            return;
        };
        // The harness reaches nothing through a link of the worktree.
        if self.ctx.is_inside_root(&landing) || !self.take_resolve() {
            return;
        }
        let now = self.ctx.resolve(&landing).path;
        if now == landing {
            return;
        }
        let entry = self
            .protected_entry(&now)
            .or_else(|| self.protected_beneath(&now));
        if let Some(entry) = entry {
            self.guard(
                Effect::Destructive,
                format!(
                    "{shown} replaces the link {landing}, which leads to {now}, with its own: {entry} ({}) \
                     is then reached where the new link points",
                    protected_label(&entry, self.ctx)
                ),
            );
        }
    }

    /// A symbolic link made at `arg` (`ln -s`, `cp -P`, `rsync -l`): where
    /// protected entries lie beneath that path (a PATH directory not made
    /// yet, so `~/.local/bin/git` is protected while `~/.local/bin` is
    /// missing), every later path to them leads where the link points, and
    /// the harness then runs or reads the agent's files in their place.
    /// The link itself is the write to them.
    pub fn plants_link_at(&mut self, arg: &Arg, scope: &Scope, shown: &str) {
        // The link itself is never followed: it is what is being made.
        let Some(link) = arg.text().filter(|_| !arg.glob) else {
            return;
        };
        let Some((Place::Inside(_) | Place::Outside { .. }, path)) = self.entry_itself(link, scope)
        else {
            return;
        };
        if let Some(entry) = self.protected_beneath(&path) {
            self.guard(
                Effect::Destructive,
                format!(
                    "{shown} makes a symbolic link at {path}, above {entry} ({}): every later path \
                     to it leads where the link points",
                    protected_label(&entry, self.ctx)
                ),
            );
        }
    }

    /// Whether a resolved path inside the root is what git reads when it
    /// enters a repository nested there: its `.git` (a directory, or a
    /// gitfile naming any directory as one), or a config (or `commondir`,
    /// which names where the config is) beneath a `.git`. Hooks are not
    /// among them: git runs a submodule's status, not its hooks.
    fn in_nested_git(&self, path: &str) -> bool {
        let root = self.ctx.writable_root.trim_end_matches('/');
        let Some(rest) = path.strip_prefix(root) else {
            return false;
        };
        let parts: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
        // A pattern (a glob, or the names a program makes from a prefix,
        // `split … sub/.gi` making `sub/.git`) counts where it may match.
        let named = |part: &str, name: &str| {
            part == name
                || crate::place::is_glob(part)
                    && wicket_guest::paths::component_matches(part, name, false)
        };
        let config = |part: &str| {
            ["config", "config.worktree", "commondir"]
                .iter()
                .any(|n| named(part, n))
        };
        match parts.iter().position(|p| named(p, ".git")) {
            // A git directory under any name (a gitfile's `gitdir: g`, or
            // `git init --separate-git-dir=g`): what git itself takes for
            // one, a HEAD beside an objects directory or a commondir.
            // A pattern is matched by name; a pattern above the name may
            // match any directory, a git directory among them.
            None => {
                let Some(last) = parts.last() else {
                    return false;
                };
                if !config(last) {
                    return false;
                }
                let dir = path.rsplit_once('/').map_or("/", |(d, _)| d);
                crate::place::is_glob(dir)
                    || self.git_dirs_overflow.get()
                    || self.git_dirs_made.borrow().iter().any(|g| g == dir)
                    || self.is_git_dir(dir)
            }
            Some(at) if at + 1 == parts.len() => true,
            Some(_) => parts.last().is_some_and(|last| config(last)),
        }
    }

    /// Remember a git directory this command makes (`git init
    /// --separate-git-dir=gd`, `--bare`): a later write to its config in
    /// the same command is one to a nested repository's, though nothing is
    /// there when the command is read (`git init --separate-git-dir=gd sub
    /// && cat cfg >> gd/config` planted a core.fsmonitor the harness's git
    /// ran; verified under dash).
    /// Past `MAX_NOTES` of them, any directory may be one.
    pub fn made_git_dir(&self, dir: &str) {
        let mut made = self.git_dirs_made.borrow_mut();
        if made.len() < MAX_NOTES {
            made.push(dir.trim_end_matches('/').to_owned());
        } else {
            self.git_dirs_overflow.set(true);
        }
    }

    /// Whether `dir` (resolved) is a git directory now, as git decides
    /// (`is_git_directory`): a HEAD, and an objects directory or a
    /// `commondir` naming one elsewhere.
    fn is_git_dir(&self, dir: &str) -> bool {
        if !self.take_resolve() {
            return true;
        }
        if self.ctx.resolve(&format!("{dir}/HEAD")).kind == PathKind::Missing {
            return false;
        }
        if !self.take_resolve() {
            return true;
        }
        if self.ctx.resolve(&format!("{dir}/objects")).kind == PathKind::Directory {
            return true;
        }
        if !self.take_resolve() {
            return true;
        }
        self.ctx.resolve(&format!("{dir}/commondir")).kind != PathKind::Missing
    }

    /// Remember that `dir` (resolved) now holds entries this command wrote
    /// without wicket seeing them: any may be a link made here.
    pub fn fills_unseen(&self, dir: &str, by: &str) {
        let mut pending = self.pending_unseen.borrow_mut();
        if pending.len() < MAX_NOTES && !pending.iter().any(|(t, _)| t == dir) {
            pending.push((dir.to_owned(), by.to_owned()));
        }
    }

    /// The trees filled by commands read so far now count for what follows.
    fn settle_unseen(&self) {
        let mut pending = self.pending_unseen.borrow_mut();
        let mut trees = self.unseen_trees.borrow_mut();
        for tree in pending.drain(..) {
            if trees.len() < MAX_NOTES && !trees.iter().any(|(t, _)| *t == tree.0) {
                trees.push(tree);
            }
        }
    }

    fn outside(&mut self, path: &str, kind: PathKind, change: Change, shown: &str) {
        let scratch = crate::place::in_scratch(path);
        let exists = kind != PathKind::Missing && kind != PathKind::Directory;
        let effect = match change {
            Change::Delete if !scratch => Effect::Destructive,
            Change::Overwrite if exists && !scratch => Effect::Destructive,
            _ => Effect::OpenWorld,
        };
        let verb = match (change, effect) {
            (Change::Overwrite, Effect::Destructive) => "overwrites the existing",
            (change, _) => change.verb(),
        };
        self.note(
            effect,
            format!(
                "{shown} {verb} {path}, outside the writable root{}",
                change.consequence()
            ),
        );
    }

    /// A path a program reads: what it names may be a secret, by its text or
    /// by where it resolves (a glob or a link can reach `~/.ssh`); a path
    /// only known when it runs is opaque (see `crate::secrets`).
    pub fn reads(&mut self, arg: &Arg, scope: &Scope, shown: &str) {
        self.read_path(arg, scope, shown);
    }

    /// Remember a directory made by this command, so a later `cd` into it
    /// is known to succeed.
    pub fn made(&self, arg: &Arg, scope: &mut Scope) {
        let (Some(text), Some(cwd)) = (arg.text(), scope.cwd.clone()) else {
            return;
        };
        if !self.take_resolve() {
            return;
        }
        let full = wicket_guest::paths::absolute(text, &cwd, &scope.home(self.ctx));
        let resolved = self.ctx.resolve(&full).path;
        // `mkdir -p a/b/c` makes every directory on the way.
        let mut dir = resolved.as_str();
        while dir.len() > 1 && scope.made.insert(dir.to_owned()) {
            dir = dir
                .rsplit_once('/')
                .map_or("/", |(d, _)| if d.is_empty() { "/" } else { d });
        }
    }

    /// Whether an operand names an existing directory (every value it can take).
    pub fn is_directory(&self, arg: &Arg, scope: &Scope) -> bool {
        let Some(values) = &arg.values else {
            return false;
        };
        !values.is_empty()
            && values.iter().all(|v| {
                v.ends_with('/')
                    || match scope.cwd.as_deref() {
                        Some(cwd) if self.take_resolve() => {
                            let full = wicket_guest::paths::absolute(v, cwd, &scope.home(self.ctx));
                            self.ctx.resolve(&full).kind == PathKind::Directory
                        }
                        _ => false,
                    }
            })
    }

    /// For a program wicket does not read: an operand in the protected set
    /// might be written, so the call is held for the operator.
    pub fn check_protected_operands(&mut self, inv: &Invocation, scope: &Scope) {
        for arg in inv.argv.iter().skip(1) {
            let Some(values) = &arg.values else { continue };
            // A short option's value may be attached to it, after any
            // bundled flags (`shuf -o../../repo.git/config`, `-eo…`): each
            // path the word could end with is probed too.
            let mut probes: Vec<&str> = Vec::new();
            for value in values {
                probes.push(value.split_once('=').map_or(value.as_str(), |(_, v)| v));
                if value.starts_with('-') && !value.starts_with("--") {
                    let end = value.find('/').unwrap_or(value.len()).min(16);
                    probes.extend(
                        (2..end.min(value.len()))
                            .filter(|&k| value.is_char_boundary(k))
                            .map(|k| &value[k..])
                            .filter(|rest| rest.starts_with(['.', '/', '~'])),
                    );
                }
            }
            for value in probes {
                if value.is_empty() || value.starts_with('-') && !value.contains('/') {
                    continue;
                }
                // A pattern is placed as one (`../../.w*/trail.jsonl`).
                let probe = Arg {
                    values: Some(vec![value.to_owned()]),
                    glob: arg.glob,
                    shown: arg.shown.clone(),
                };
                let placed = self.places(&probe, scope);
                let protected = placed.iter().find_map(|p| match p {
                    Place::Protected { path, entry } | Place::Above { path, entry } => {
                        Some((path.clone(), entry.clone()))
                    }
                    _ => None,
                });
                if let Some((path, entry)) = protected {
                    self.guard(
                        Effect::Opaque,
                        format!(
                            "{} passes {path}, which is protected ({}), to a program that may write it",
                            inv.shown(),
                            protected_label(&entry, self.ctx)
                        ),
                    );
                    continue;
                }
                // A directory that holds protected entries (`../..`): a
                // program given it may write the tree beneath it (a copy
                // into it, `shutil.copytree(…, dirs_exist_ok=True)`). The
                // worktree's own link to the repository does not count: the
                // worktree is where the agent works. Nor do the system's
                // files (`/etc/gitconfig`): every program handed `/usr/local`
                // as a prefix would be held for them.
                let above = placed.iter().find_map(|p| match p {
                    Place::Inside(path) | Place::Outside { path, .. } => {
                        self.holds_protected(path).map(|e| (path.clone(), e))
                    }
                    _ => None,
                });
                if let Some((path, entry)) = above {
                    self.guard(
                        Effect::Opaque,
                        format!(
                            "{} passes {path}, which holds {}, to a program that may write beneath it",
                            inv.shown(),
                            held_entry(&entry, self.ctx)
                        ),
                    );
                }
            }
        }
    }

    /// The protected entry a directory holds beneath it, as a program handed
    /// the directory as a tree would reach it: the worktree's own link to
    /// the repository does not count (the worktree is where the agent
    /// works), nor do the system's files (`/etc/gitconfig`: every program
    /// handed `/usr/local` as a prefix would be held for them).
    pub fn holds_protected(&self, path: &str) -> Option<String> {
        let own = self.own_git();
        let (ws, home) = (self.ctx.workspace.as_str(), self.ctx.home.as_str());
        self.protected()
            .iter()
            .find(|e| {
                wicket_guest::paths::is_under(e, path)
                    && *e != path
                    && **e != own
                    && (wicket_guest::paths::is_under(e, ws)
                        || wicket_guest::paths::is_under(e, home))
            })
            .cloned()
    }

    /// Secret fragments, process files and credential variables in a word's
    /// text (what it says, known or not): a mention, which a description
    /// that knows better may take back (`crate::secrets`).
    pub fn check_secret_word(&mut self, arg: &Arg) {
        self.mention_secret(arg);
    }

    /// The secret `text` names, as a name (see `crate::secrets::secret_in`).
    pub fn secret_in(&self, text: &str) -> Option<String> {
        crate::secrets::secret_in(self, text)
    }

    /// Expand a word as far as the reader knows.
    pub fn expand(&self, word: &Word, scope: &Scope) -> Arg {
        let shown = word.shown();
        let mut values: Vec<String> = vec![String::new()];
        let mut known = true;
        let mut glob = false;
        let mut chosen = false;
        // Whether a part only known when it runs may split into other words:
        // anything but a number the shell set that this command left alone.
        let mut may_split = false;
        for part in &word.parts {
            let pieces: Option<Vec<String>> = match part {
                Part::Bare(text) => {
                    if crate::place::globs(text) {
                        glob = true;
                    }
                    // Braces are text where the shell does not expand them
                    // (dash, and bash's assignments and patterns).
                    let braces = if word.braces {
                        brace_expand(text)
                    } else {
                        Braces::Plain
                    };
                    match braces {
                        Braces::Plain => Some(vec![text.clone()]),
                        Braces::Values(values) => Some(values),
                        Braces::TooMany => None,
                    }
                }
                Part::Quoted(text) => Some(vec![text.clone()]),
                // The shell expands a tilde with its own `$HOME`, `$PWD` and
                // `$OLDPWD`; another user's home is not the reader's to know.
                Part::Tilde(user) => match user.as_str() {
                    "" => Some(scope.home(self.ctx))
                        .filter(|h| !h.is_empty())
                        .map(|h| vec![h]),
                    // bash's `~+` and `~-`; dash leaves them as written (a
                    // name like any other): which, is not read here.
                    "+" | "-" => None,
                    "root" => Some(vec!["/root".to_owned()]),
                    _ => None,
                },
                Part::Param(name) => {
                    if scope.globbed.contains(name) {
                        glob = true;
                    }
                    let value = self.param(name, scope);
                    chosen |= value.is_none() && self.chosen_param(name, scope);
                    value
                }
                // The shell hands the command a pipe's path.
                Part::ProcSubst(_) => Some(vec!["/dev/fd/63".to_owned()]),
                // A substitution's output is known only for programs whose
                // description says what they print (`mktemp -d`).
                Part::Subst(nodes) => {
                    let (value, lists_inside) = self.substitution(nodes, scope);
                    chosen |= value.is_none() && !lists_inside;
                    value.map(|v| vec![v])
                }
                Part::Complex(text) => {
                    let name: String = text
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    chosen |= text.contains(['$', '`'])
                        || text.starts_with('!')
                        || (!name.is_empty() && self.chosen_param(&name, scope));
                    None
                }
                Part::Arith(_) => None,
            };
            if pieces.is_none() {
                may_split |= !matches!(part, Part::Param(name) if shell_number(name, scope));
            }
            match pieces {
                Some(pieces) if known => {
                    if let [piece] = pieces.as_slice() {
                        // The common case: one more piece on every value, in place.
                        for v in values.iter_mut() {
                            v.push_str(piece);
                        }
                    } else {
                        let mut next = Vec::new();
                        for v in &values {
                            for p in &pieces {
                                next.push(format!("{v}{p}"));
                            }
                        }
                        if next.len() > MAX_VALUES {
                            known = false;
                        } else {
                            values = next;
                        }
                    }
                }
                _ => known = false,
            }
        }
        if word.split && !known && may_split {
            let mut words = self.split_words.borrow_mut();
            if words.len() < MAX_NOTES {
                words.insert(shown.clone());
            }
        }
        if chosen && !known {
            let mut words = self.chosen_words.borrow_mut();
            if words.len() < MAX_NOTES {
                words.insert(shown.clone());
            }
        }
        if glob && known {
            let mut patterns = self.shell_patterns.borrow_mut();
            if patterns.len() < MAX_NOTES {
                patterns.extend(values.iter().cloned());
            }
        }
        Arg {
            values: known.then_some(values),
            glob,
            shown,
        }
    }

    /// A parameter whose unknown value this command chose: a variable it set
    /// to run-time text (a command's output, what `read` read, a loop over
    /// such words), or the `$1…` of a function called with such words.
    fn chosen_param(&self, name: &str, scope: &Scope) -> bool {
        if name.chars().all(|c| c.is_ascii_digit()) || matches!(name, "@" | "*") {
            return scope.positional.is_none() && self.positional_chosen.get();
        }
        let name = scope.namerefs.get(name).map_or(name, String::as_str);
        scope.data.contains(name) || matches!(scope.vars.get(name), Some(None))
    }

    /// Code wicket cannot read (a script file, a module run by `-m`, a
    /// program in the worktree run by its path) handed a word whose value
    /// this command chooses when it runs: a command substitution's output,
    /// or a variable this command set to such text, or the items `xargs`
    /// appends from input wicket cannot see. The word may be a protected path
    /// or a directory above the protected set (`python3 build.py "$(cd ../..
    /// && pwd)"` wrote into wicket's state), which the same code handed the
    /// literal path is held for; opaque. A variable the command never set
    /// holds what the harness gave the shell, which the command did not
    /// choose.
    pub fn hands_chosen_words(&mut self, inv: &Invocation, what: &str) {
        let shown = inv.shown();
        self.hands_chosen_words_as(inv, what, &shown);
    }

    /// [`Reader::hands_chosen_words`] for words picked out of a command,
    /// named in the reason as the whole command `shown`.
    pub fn hands_chosen_words_as(&mut self, inv: &Invocation, what: &str, shown: &str) {
        let chosen = self.chosen_words.borrow();
        let word = inv
            .argv
            .iter()
            .skip(1)
            .find(|a| a.values.is_none() && chosen.contains(&a.shown))
            .map(|a| a.shown.clone())
            .or_else(|| {
                (inv.extra_operands && self.xargs_items_chosen.get())
                    .then(|| "the items xargs appends from its input".to_owned())
            });
        drop(chosen);
        if let Some(word) = word {
            self.note(
                Effect::Opaque,
                format!(
                    "{shown} hands {what}, code wicket cannot read, {word}, which this command chooses when it runs: it may be a protected path or a directory above them"
                ),
            );
        }
    }

    /// What `$(…)` prints, when it is one command of a described program
    /// that knows its output (`$(mktemp -d)`); else whether it only prints
    /// paths under a directory of the agent's worktree (`$(git ls-files
    /// '*.py')`, `$(find src -name '*.rs')`), which are the agent's own
    /// files. The command's words are expanded once for both questions:
    /// expanding them once for each doubled the work at every level of
    /// nesting (`$(a $(a $(a …)))` 20 deep took minutes to read).
    fn substitution(&self, nodes: &[Node], scope: &Scope) -> (Option<String>, bool) {
        let [Node::Simple(cmd)] = nodes else {
            return (None, false);
        };
        if !self.take_expansion() {
            return (None, false);
        }
        let argv: Vec<Arg> = cmd.words.iter().map(|w| self.expand(w, scope)).collect();
        if let Some(output) = self.substitution_output(cmd, &argv, scope) {
            return (Some(output), false);
        }
        let lists_inside = programs::launch::listed_paths_of(self, cmd, argv, scope, None)
            .is_some_and(|dir| matches!(self.place(&dir, scope), Some(Place::Inside(_))));
        (None, lists_inside)
    }

    fn substitution_output(&self, cmd: &Simple, argv: &[Arg], scope: &Scope) -> Option<String> {
        if !cmd.assigns.is_empty()
            || !cmd
                .redirects
                .iter()
                .all(|r| r.kind == RedirectKind::Dup || r.fd == Some(2))
        {
            return None;
        }
        let name = argv.first()?.text()?.to_owned();
        if scope.functions.contains_key(&name)
            || scope.aliases.contains_key(&name)
            || scope.hashed.contains_key(&name)
        {
            return None;
        }
        let inv = Invocation::of_words(argv.to_vec());
        programs::output(self, &name, &inv, scope)
    }

    fn param(&self, name: &str, scope: &Scope) -> Option<Vec<String>> {
        let mut name = name;
        for _ in 0..8 {
            match scope.namerefs.get(name) {
                Some(target) => name = target,
                None => break,
            }
        }
        if let Some(value) = scope.vars.get(name) {
            return value.clone();
        }
        match name {
            "HOME" => Some(vec![self.ctx.home.clone()]),
            "PWD" => scope.pwd().map(|c| vec![c]),
            _ if name.chars().all(|c| c.is_ascii_digit()) => {
                let index: usize = name.parse().ok()?;
                if index == 0 {
                    return None;
                }
                // Beyond the parameters given, the shell expands it empty.
                scope
                    .positional
                    .as_ref()
                    .map(|p| vec![p.get(index - 1).cloned().unwrap_or_default()])
            }
            // With IFS assigned, `"$*"` joins with its first character and an
            // unquoted `$*` or `$@` is split on it (`set -- a/b; IFS=/; cd
            // $*` is `cd a b`; verified under dash): not worked out here.
            "@" | "*" if scope.vars.contains_key("IFS") => None,
            "@" | "*" => scope.positional.clone().map(|p| vec![p.join(" ")]),
            "#" => scope.positional.as_ref().map(|p| vec![p.len().to_string()]),
            _ => None,
        }
    }
}

/// Operands of a row's program: non-flag words, skipping the values of the
/// flags that take one (and keeping those values when they are paths).
pub fn operands(program: &str, inv: &Invocation) -> Vec<Arg> {
    // (flags whose value is not a path, flags whose value is a path)
    let (skipped, paths): (&[&str], &[&str]) = match program {
        "cp" | "mv" | "ln" => (&["-S", "--suffix"], &["-t", "--target-directory"]),
        "install" => (
            &[
                "-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix",
            ],
            &["-t", "--target-directory"],
        ),
        "mkdir" => (&["-m", "--mode", "--context"], &[]),
        "touch" => (&["-d", "--date", "-t"], &["-r", "--reference"]),
        "truncate" => (&["-s", "--size"], &["-r", "--reference"]),
        "chmod" | "chown" | "chgrp" => (&[], &["--reference"]),
        "patch" => (
            &["-p", "-B", "-D", "-F", "-V", "-z", "--backup-if-mismatch"],
            &[
                "-i",
                "--input",
                "-o",
                "--output",
                "-d",
                "--directory",
                "-r",
                "--reject-file",
            ],
        ),
        "sed" => (
            &["-e", "--expression", "-l", "--line-length"],
            &["-f", "--file"],
        ),
        "shred" => (
            &["-n", "--iterations", "-s", "--size"],
            &["--random-source"],
        ),
        "setfacl" => (&["-m", "-x", "--set"], &["-M", "-X", "--set-file"]),
        "chattr" => (&["-v", "-p"], &[]),
        _ => (&[], &[]),
    };
    let leading_operand_is_not_a_path =
        // setfacl takes its ACL as an option's value (-m, -x, --set): every
        // operand is a file.
        matches!(program, "chmod" | "chown" | "chgrp" | "chattr")
            || (program == "sed"
                && !inv
                    .argv
                    .iter()
                    .any(|a| matches!(a.first(), Some("-e" | "--expression" | "-f" | "--file"))));
    let mut out = Vec::new();
    let mut pending: Option<bool> = None; // Some(keep) for a flag's value
    let mut options_done = false;
    let mut leading_taken = false;
    for arg in inv.argv.iter().skip(1) {
        if let Some(keep) = pending.take() {
            if keep {
                out.push(arg.clone());
            }
            continue;
        }
        let text = arg.first().unwrap_or("");
        if !options_done && text == "--" {
            options_done = true;
            continue;
        }
        if !options_done && text.starts_with('-') && text.len() > 1 && arg.values.is_some() {
            if let Some((flag, value)) = text.split_once('=') {
                if paths.contains(&flag) {
                    out.push(Arg::literal(value));
                }
            } else if skipped.contains(&text) {
                pending = Some(false);
            } else if paths.contains(&text) {
                pending = Some(true);
            }
            continue;
        }
        if leading_operand_is_not_a_path && !leading_taken {
            leading_taken = true;
            continue;
        }
        out.push(arg.clone());
    }
    out
}

/// Names the shell runs itself (dash's and bash's builtins): no PATH lookup.
pub(crate) const BUILTINS: &[&str] = &[
    ".",
    ":",
    "[",
    "alias",
    "bg",
    "bind",
    "break",
    "builtin",
    "caller",
    "cd",
    "chdir",
    "command",
    "compgen",
    "complete",
    "compopt",
    "continue",
    "declare",
    "dirs",
    "disown",
    "echo",
    "enable",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "fg",
    "getopts",
    "hash",
    "help",
    "history",
    "jobs",
    "kill",
    "let",
    "local",
    "logout",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "shift",
    "shopt",
    "source",
    "suspend",
    "test",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "wait",
];

/// A word quoted so the shell reads it back as exactly itself.
pub fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// `NODE_OPTIONS` made only of flags that tune node (memory, warnings,
/// module resolution, the legacy OpenSSL provider): none loads code or
/// opens a debugger, so node runs what it would have run anyway.
fn node_options_only_tune(value: &str) -> bool {
    const TUNING: &[&str] = &[
        "--max-old-space-size=",
        "--max_old_space_size=",
        "--max-semi-space-size=",
        "--stack-size=",
        "--max-http-header-size=",
        "--openssl-legacy-provider",
        "--experimental-specifier-resolution=",
        "--enable-source-maps",
        "--no-warnings",
        "--no-deprecation",
        "--trace-warnings",
        "--trace-deprecation",
        "--trace-uncaught",
        "--unhandled-rejections=",
        "--experimental-vm-modules",
        "--experimental-modules",
        "--experimental-json-modules",
        "--dns-result-order=",
        "--use-openssl-ca",
        "--use-bundled-ca",
        "--preserve-symlinks",
        "--no-experimental-fetch",
    ];
    value.split_whitespace().all(|flag| {
        TUNING
            .iter()
            .any(|t| flag == t.trim_end_matches('=') || (t.ends_with('=') && flag.starts_with(t)))
    })
}

/// What git (and ssh) append to a command a setting or variable names,
/// where the kind of those words is known: an ssh command gets a host and
/// the remote command (connect.c `fill_ssh_args`), askpass a prompt, a
/// proxy command a host and a port, an fsmonitor hook a version and a
/// token, a browser a URL. `None`: not known (an editor's file lies in the
/// repository's own directory, say).
pub fn appended_by_caller(key: &str) -> Option<Vec<String>> {
    let words: &[&str] = match key {
        "core.sshcommand" | "GIT_SSH_COMMAND" | "GIT_SSH" => {
            &["git@example.invalid", "git-upload-pack 'repository.git'"]
        }
        "core.askpass" | "GIT_ASKPASS" | "SSH_ASKPASS" => {
            &["Password for 'https://example.invalid': "]
        }
        "core.gitproxy" | "GIT_PROXY_COMMAND" => &["example.invalid", "9418"],
        "core.fsmonitor" | "GIT_TEST_FSMONITOR" => &["2", "a-token"],
        "BROWSER" => &["https://example.invalid/"],
        _ => return None,
    };
    Some(words.iter().map(|w| w.to_string()).collect())
}

/// Builtins whose prefix assignments stay in a POSIX shell.
const SPECIAL_BUILTINS: &[&str] = &[
    ":", ".", "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set",
    "shift", "times", "trap", "unset",
];

/// How a program word names its program.
pub enum ProgramName {
    /// A name looked up on PATH (or a path in a system directory): its basename.
    Named(String),
    /// A path elsewhere: a program wicket cannot read.
    Local(String),
}

pub(crate) const SYSTEM_BIN: &[&str] = &[
    "/bin",
    "/usr/bin",
    "/usr/local/bin",
    "/sbin",
    "/usr/sbin",
    "/usr/local/sbin",
    "/usr/libexec",
];

/// `cwd`: the shell's directory where the word runs, when known (else the
/// agent's). A path that reaches a system directory through a link
/// (`etc-link/../usr/bin/dash`, `./sh` linked to `/bin/sh`) runs that
/// program.
pub fn program_name(word: &str, ctx: &Context, cwd: Option<&str>) -> ProgramName {
    if !word.contains('/') {
        return ProgramName::Named(word.to_owned());
    }
    let joined = wicket_guest::paths::absolute(word, cwd.unwrap_or(&ctx.cwd), &ctx.home);
    let folded = wicket_guest::paths::fold(&joined);
    let system = |path: &str| {
        let (dir, base) = path.rsplit_once('/').unwrap_or(("", path));
        (SYSTEM_BIN.contains(&dir) && !base.is_empty()).then(|| base.to_owned())
    };
    if let Some(base) = system(&folded) {
        return ProgramName::Named(base);
    }
    // The dynamic loader, wherever the system keeps it
    // (`/lib64/ld-linux-x86-64.so.2`, `/lib/ld-musl-x86_64.so.1`): it runs
    // the program it is given (`programs/launch.rs`, `LD_SO`).
    let loader = |path: &str| {
        let (dir, base) = path.rsplit_once('/').unwrap_or(("", path));
        (dir.starts_with("/lib") || dir.starts_with("/usr/lib"))
            && (base == "ld.so"
                || (base.starts_with("ld-") || base.starts_with("ld64.so")) && base.contains(".so"))
    };
    if loader(&folded) || loader(&ctx.resolve(&joined).path) {
        return ProgramName::Named("ld.so".to_owned());
    }
    // The shell's own view of the root is the root.
    for root in ["/proc/self/root/", "/proc/thread-self/root/"] {
        if let Some(rest) = folded.strip_prefix(root) {
            if let Some(base) = system(&format!("/{rest}")) {
                return ProgramName::Named(base);
            }
        }
    }
    match system(&ctx.resolve(&joined).path) {
        Some(base) => ProgramName::Named(base),
        None => ProgramName::Local(word.to_owned()),
    }
}

/// What brace expansion makes of unquoted text.
enum Braces {
    /// No brace expansion in it.
    Plain,
    Values(Vec<String>),
    /// More words than the reader follows: unknown.
    TooMany,
}

/// Literal brace expansion (`{a,b}`, `{1..3}`, `{a..e}`), iteratively and
/// within [`MAX_VALUES`], so no input can make it explode.
fn brace_expand(text: &str) -> Braces {
    if !text.contains('{') {
        return Braces::Plain;
    }
    if text.len() > 4096 {
        return Braces::TooMany;
    }
    let mut pending = vec![text.to_owned()];
    let mut done: Vec<String> = Vec::new();
    let mut expanded = false;
    let mut steps = 0;
    while let Some(word) = pending.pop() {
        steps += 1;
        if steps > 8 * MAX_VALUES {
            return Braces::TooMany;
        }
        match first_group(&word) {
            None => done.push(word),
            Some((prefix, alternatives, suffix)) => {
                expanded = true;
                for alt in alternatives.iter().rev() {
                    pending.push(format!("{prefix}{alt}{suffix}"));
                }
                if pending.len() + done.len() > MAX_VALUES {
                    return Braces::TooMany;
                }
            }
        }
    }
    if expanded {
        Braces::Values(done)
    } else {
        Braces::Plain
    }
}

/// The first brace group that expands: prefix, alternatives, suffix.
fn first_group(text: &str) -> Option<(&str, Vec<String>, &str)> {
    for (open, _) in text.match_indices('{') {
        let mut depth = 0;
        let mut close = None;
        for (i, c) in text[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(open + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { continue };
        if let Some(alternatives) = group_alternatives(&text[open + 1..close]) {
            return Some((&text[..open], alternatives, &text[close + 1..]));
        }
    }
    None
}

/// Bash's sequence expression: `x..y` or `x..y..step`, both ends integers
/// or both single letters; the step's sign is ignored, as bash ignores it.
fn sequence(inner: &str) -> Option<Vec<String>> {
    let mut pieces = inner.split("..");
    let (a, b) = (pieces.next()?, pieces.next()?);
    let step = match pieces.next() {
        None => 1u64,
        Some(s) => s.parse::<i64>().ok()?.unsigned_abs().max(1),
    };
    if pieces.next().is_some() {
        return None;
    }
    if let (Ok(a), Ok(b)) = (a.parse::<i64>(), b.parse::<i64>()) {
        let span = a.abs_diff(b) / step;
        if span > MAX_VALUES as u64 {
            // More words than the reader follows: every value is unknown.
            return Some((0..=MAX_VALUES as i64 + 1).map(|k| k.to_string()).collect());
        }
        let dir: i64 = if a <= b { 1 } else { -1 };
        return Some(
            (0..=span as i64)
                .map(|k| (a + dir * k * step as i64).to_string())
                .collect(),
        );
    }
    let (mut x, mut y) = (a.chars(), b.chars());
    if let (Some(a), None, Some(b), None) = (x.next(), x.next(), y.next(), y.next()) {
        let (a, b) = (a as u32, b as u32);
        let range: Vec<u32> = if a <= b {
            (a..=b).step_by(step as usize).collect()
        } else {
            (b..=a).rev().step_by(step as usize).collect()
        };
        return Some(
            range
                .iter()
                .filter_map(|c| char::from_u32(*c))
                .map(|c| c.to_string())
                .collect(),
        );
    }
    None
}

/// A group's alternatives: a comma list, or a numeric or letter sequence.
fn group_alternatives(inner: &str) -> Option<Vec<String>> {
    // A sequence, `{x..y}` or `{x..y..step}`, when the whole group is one;
    // anything else with a top-level comma is a comma list (bash's
    // `{rm,-rf,../x}` holds `..` and is still a list of three words).
    if let Some(values) = sequence(inner) {
        return Some(values);
    }
    let mut alternatives = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                alternatives.push(inner[start..i].to_owned());
                start = i + 1;
            }
            _ => {}
        }
    }
    if alternatives.is_empty() {
        return None;
    }
    alternatives.push(inner[start..].to_owned());
    Some(alternatives)
}

/// A protected entry beneath a path, and what it is: `repo.git (the
/// workspace repository)`, or the label alone where it already starts with
/// the entry (`/etc/gitconfig, git's system configuration, …`).
pub fn held_entry(entry: &str, ctx: &Context) -> String {
    let label = protected_label(entry, ctx);
    match label.strip_prefix(entry) {
        Some(rest) if rest.starts_with(", ") => label,
        _ => format!("{entry} ({label})"),
    }
}

/// What a protected entry is, in words.
pub fn protected_label(entry: &str, ctx: &Context) -> String {
    let ws = ctx.workspace.trim_end_matches('/');
    let relative = entry.strip_prefix(ws).map(|r| r.trim_start_matches('/'));
    match relative {
        Some("repo.git") => "the workspace repository".into(),
        Some(".wicket") => "wicket's state".into(),
        Some("agents") => "another agent's worktree".into(),
        Some("inbox") | Some("steps") => "litany's own records".into(),
        _ if entry.ends_with("/.git") => "the worktree's link into the workspace repository".into(),
        _ if entry.ends_with("/gitconfig") || entry.ends_with("/gitattributes") => {
            format!("{entry}, git's system configuration, which every git the harness runs reads")
        }
        _ if entry.ends_with("/brazen") || entry.ends_with("/brazen.toml") => format!(
            "{entry}, the config of litany's model adapter, which runs the program it names"
        ),
        _ if crate::SYSTEM_STARTUP.contains(&entry) => {
            format!("{entry}, a system shell startup file, which every login shell runs")
        }
        _ if entry.ends_with("/.gitconfig") || entry.ends_with("/.config/git") => {
            format!("{entry}, the user's git configuration, which every git the harness runs reads")
        }
        _ if crate::HOME_STARTUP
            .iter()
            .any(|name| entry.strip_suffix(name).is_some_and(|p| p.ends_with('/'))) =>
        {
            format!(
                "{entry}, a shell startup file, which every later login or interactive shell runs"
            )
        }
        _ => format!("{entry}, which wicket's policy protects"),
    }
}

fn describe(effect: Effect, detail: &str) -> String {
    let what = match effect {
        Effect::Read => "only reads",
        Effect::TargetWrite => "changes the work inside the writable root",
        Effect::Process => "starts processes beyond the call",
        Effect::OpenWorld => "reaches past the writable root",
        Effect::Destructive => "is irreversible",
        Effect::Secret => "reads credentials or the environment",
        Effect::Opaque => "cannot be read",
    };
    format!(": {what}{detail}")
}

/// The text bash evaluates as arithmetic in a `${…}` form: an array index
/// (`a[i]`, `#a[i]`) and a substring's offset and length (`y:i:n`).
fn complex_arithmetic(text: &str) -> Vec<&str> {
    let body = text.strip_prefix('#').unwrap_or(text);
    let name_end = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    let rest = &body[name_end..];
    let mut exprs = Vec::new();
    let mut after = rest;
    if let Some(inner) = rest.strip_prefix('[') {
        if let Some(close) = inner.rfind(']') {
            let index = &inner[..close];
            if index != "@" && index != "*" {
                exprs.push(index);
            }
            after = &inner[close + 1..];
        }
    }
    if let Some(offset) = after.strip_prefix(':') {
        if !offset.starts_with(['-', '=', '+', '?']) {
            exprs.push(offset);
        }
    }
    exprs
}

/// A `[[ … ]]` operand as arithmetic text: its literal parts, and each
/// variable by name (bash evaluates the name, and so its text).
fn arith_text(word: &Word) -> String {
    let mut text = String::new();
    for part in &word.parts {
        match part {
            Part::Bare(t) | Part::Quoted(t) => text.push_str(t),
            Part::Param(name) => text.push_str(name),
            Part::Complex(t) => {
                text.push_str(t);
            }
            Part::Arith(t) => text.push_str(t),
            Part::Subst(_) | Part::ProcSubst(_) => text.push_str("$(…)"),
            Part::Tilde(_) => {}
        }
    }
    text
}

/// An unquoted expansion's values (the parser marks `Word::split`): each
/// value, then each field IFS splits it into (`x='a ../../x'; rm -rf $x`
/// removes `../../x`; with `IFS=:`, `a:../../x` does). An IFS only known at
/// run time makes a non-empty value unknown (`None`).
fn split_alternatives(values: Vec<String>, scope: &Scope) -> Option<Vec<String>> {
    let ifs: String = match scope.vars.get("IFS") {
        None => " \t\n".to_owned(),
        Some(Some(ifs)) => ifs.concat(),
        Some(None) => {
            return values.iter().all(|v| v.is_empty()).then_some(values);
        }
    };
    if ifs.is_empty() || !values.iter().any(|v| v.contains(|c| ifs.contains(c))) {
        return Some(values);
    }
    let mut out = values.clone();
    for value in &values {
        for field in value.split(|c| ifs.contains(c)).filter(|f| !f.is_empty()) {
            if !out.iter().any(|o| o == field) {
                out.push(field.to_owned());
            }
        }
    }
    Some(out)
}

/// `${x:=v}` and `${x=v}` assign x in the shell as they expand, at any
/// depth (`${y:-${x:=v}}`), and so does arithmetic (`$((IFS=7))`,
/// `$((n+=1))`, `$((n++))`, an index or offset in `${…}`): what x holds
/// afterwards is decided when it runs. An assignment through a variable's
/// text (`$(($v=1))`) may set any variable.
fn assign_defaults(word: &Word, scope: &mut Scope) {
    for part in &word.parts {
        let text = match part {
            Part::Complex(text) => {
                let end = text
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(text.len());
                let (name, rest) = text.split_at(end);
                if !name.is_empty() && (rest.starts_with(":=") || rest.starts_with('=')) {
                    scope.assign(name, None, true);
                }
                text
            }
            Part::Arith(text) => text,
            _ => continue,
        };
        // `$((n=1))` alone: n is 1. Any other arithmetic assignment leaves
        // a number not known here: no text that arithmetic on it could run.
        if let Part::Arith(text) = part {
            if let Some((name, value)) = text.split_once('=') {
                let (name, value) = (name.trim(), value.trim());
                // (Decimal only: `010` is octal, 8.)
                let decimal = value == "0" || !value.starts_with('0');
                if programs::is_name(name)
                    && !value.is_empty()
                    && decimal
                    && value.bytes().all(|b| b.is_ascii_digit())
                {
                    scope.assign(name, Some(vec![value.to_owned()]), false);
                    continue;
                }
            }
        }
        match assigned_in(text) {
            Assigned::Names(names) => {
                let arithmetic = matches!(part, Part::Arith(_));
                for name in names {
                    scope.assign(&name, None, true);
                    if arithmetic && !scope.readonly.contains_key(&name) {
                        scope.data.remove(&name);
                    }
                }
            }
            Assigned::Any => {
                scope.forget_variables();
                // Those the reader would otherwise take as never assigned.
                for name in ["IFS", "HOME", "CDPATH", "PWD", "OLDPWD"] {
                    scope.assign(name, None, true);
                }
                if scope.path_prefix.is_none() {
                    // A directory only known when it runs.
                    scope.path_prefix = Some("$PATH".to_owned());
                }
            }
        }
    }
}

/// What an expansion's text may assign.
enum Assigned {
    Names(Vec<String>),
    /// A name only known when it runs.
    Any,
}

/// The variables `text` (the inside of a `${…}` or `$((…))`) may assign:
/// each nested `${NAME:=…}`/`${NAME=…}`, and each name an arithmetic
/// assignment operator or `++`/`--` stands beside. Read loosely (a `=` in
/// a default value counts too): a name taken for assigned only becomes
/// unknown.
fn assigned_in(text: &str) -> Assigned {
    const OPERATORS: &[&str] = &[
        "<<=", ">>=", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "=",
    ];
    let b = text.as_bytes();
    let mut names = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if !(c.is_ascii_alphabetic() || c == b'_')
            || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        let name = &text[start..i];
        let through_text = start > 0 && b[start - 1] == b'$';
        // `a[i]=…`: past the index.
        let mut after = i;
        if after < b.len() && b[after] == b'[' {
            let mut depth = 0;
            while after < b.len() {
                match b[after] {
                    b'[' => depth += 1,
                    b']' => {
                        depth -= 1;
                        if depth == 0 {
                            after += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                after += 1;
            }
        }
        let rest = text[after..].trim_start();
        // `${NAME:=…}`: the default assigns.
        let defaulted = start >= 2 && &text[start - 2..start] == "${" && rest.starts_with(":=");
        let assigns = OPERATORS
            .iter()
            .any(|op| rest.starts_with(op) && !(*op == "=" && rest.starts_with("==")));
        let before = text[..start].trim_end();
        let stepped = rest.starts_with("++")
            || rest.starts_with("--")
            || before.ends_with("++")
            || before.ends_with("--");
        if defaulted || assigns || stepped {
            if through_text && !(start >= 2 && &text[start - 2..start] == "${") {
                return Assigned::Any;
            }
            if !names.iter().any(|n| n == name) {
                names.push(name.to_owned());
            }
        }
    }
    Assigned::Names(names)
}

/// An argument whose values are one text followed by the fields the shell
/// may split it into ([`split_alternatives`]): that text and those fields.
pub fn split_shape(arg: &Arg) -> Option<(&str, &[String])> {
    let values = arg.values.as_ref()?;
    let (whole, fields) = values.split_first()?;
    if arg.glob || fields.is_empty() || !fields.iter().all(|f| whole.contains(f.as_str())) {
        return None;
    }
    Some((whole.as_str(), fields))
}

/// Whether a redirect can fail, so that its command does not run: opening a
/// file other than the terminal's streams, or duplicating a descriptor other
/// than 0, 1 and 2 (which may not be open).
fn redirect_may_fail(
    redirect: &Redirect,
    before: &[Redirect],
    shell_open: &dyn Fn(u32) -> bool,
) -> bool {
    let target = redirect.target.literal();
    // A descriptor open for sure: the standard three, one the shell opened
    // (`exec 3>…`), or one a redirect before this one opened.
    let open = |fd: &str| {
        let Ok(n) = fd.parse::<u32>() else {
            return false;
        };
        shell_open(n)
            || before.iter().any(|b| {
                b.fd == Some(n)
                    && !matches!(b.kind, RedirectKind::HereDoc(_) | RedirectKind::HereString)
            })
    };
    match redirect.kind {
        RedirectKind::HereDoc(_) | RedirectKind::HereString => false,
        RedirectKind::Dup => !target
            .as_deref()
            .map(|t| t.trim_end_matches('-'))
            .is_some_and(|t| t.is_empty() || open(t)),
        RedirectKind::Read
        | RedirectKind::ReadWrite
        | RedirectKind::Write
        | RedirectKind::Append => match target.as_deref() {
            Some("/dev/null" | "/dev/stdout" | "/dev/stderr" | "/dev/tty") => false,
            Some(t) => !t
                .strip_prefix("/dev/fd/")
                .or_else(|| t.strip_prefix("/proc/self/fd/"))
                .is_some_and(open),
            None => true,
        },
    }
}

/// A shell variable's name (`[A-Za-z_][A-Za-z0-9_]*`).
fn is_plain_name(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `$PPID`, `$UID` and the like: a number the shell (bash) sets, as long as
/// this command has not set it. In dash every one of them is an ordinary
/// variable (`read PPID < f; cat /proc/$PPID/status` printed the
/// environment when `f` held `self/environ /proc/self`, verified under
/// dash), so one this command assigned, read, or may have defined through
/// a sourced script or `eval` splits like any other.
fn shell_number(name: &str, scope: &Scope) -> bool {
    if scope.numbers.contains(name)
        && !scope.namerefs.contains_key(name)
        && scope.unknown_definitions.is_none()
    {
        return true;
    }
    matches!(
        name,
        "PPID" | "BASHPID" | "UID" | "EUID" | "RANDOM" | "LINENO" | "SECONDS"
    ) && !scope.vars.contains_key(name)
        && !scope.data.contains(name)
        && !scope.namerefs.contains_key(name)
        && scope.unknown_definitions.is_none()
}

/// Whether an open-world note says the program runs code wicket cannot
/// read (a build, a test run, a task runner, a program wicket does not
/// know), rather than only reaching the network: every such note says so
/// in these words.
fn runs_unread_code(why: &str) -> bool {
    why.contains("wicket cannot read") || why.contains("wicket does not know")
}

/// Whether a file by this name is one a build, test or task runner reads
/// as code or as what to run: a source file, or a manifest, build, task or
/// tool settings file that may name a command or a program to load
/// (`package.json`'s scripts, `Cargo.toml`'s build script,
/// `.cargo/config.toml`'s runner, a `justfile`, `conftest.py`). Data by
/// any other name (`out.json`, `config.yaml`) is not: a program that
/// reads it runs its own code.
fn is_code_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    const NAMES: &[&str] = &[
        // Build and task files.
        "Makefile",
        "makefile",
        "GNUmakefile",
        "Rakefile",
        "rakefile",
        "Gemfile",
        "Guardfile",
        "Vagrantfile",
        "Dockerfile",
        "Containerfile",
        "justfile",
        "Justfile",
        ".justfile",
        "BUILD",
        "WORKSPACE",
        "MODULE.bazel",
        "Jenkinsfile",
        "Procfile",
        "Brewfile",
        "Snakefile",
        "SConstruct",
        "SConscript",
        "Pipfile",
        "Tiltfile",
        "Earthfile",
        "Podfile",
        "Fastfile",
        "meson.build",
        "meson_options.txt",
        "CMakeLists.txt",
        "CMakePresets.json",
        "build.xml",
        "pom.xml",
        "go.mod",
        "go.work",
        "conanfile.txt",
        "vcpkg.json",
        // Manifests and settings that name commands or programs to load.
        "package.json",
        "composer.json",
        "deno.json",
        "deno.jsonc",
        "nx.json",
        "project.json",
        "turbo.json",
        "lerna.json",
        "angular.json",
        "Cargo.toml",
        "pyproject.toml",
        "setup.cfg",
        "tox.ini",
        "pytest.ini",
        ".coveragerc",
        "mise.toml",
        ".mise.toml",
        ".tool-versions",
        "rust-toolchain",
        "rust-toolchain.toml",
        "netlify.toml",
        "Taskfile.yml",
        "Taskfile.yaml",
        "Taskfile.dist.yml",
        ".pre-commit-config.yaml",
        "docker-compose.yml",
        "docker-compose.yaml",
        "compose.yml",
        "compose.yaml",
        "pnpm-workspace.yaml",
        ".yarnrc.yml",
        "pubspec.yaml",
        "mkdocs.yml",
        "action.yml",
        ".npmrc",
        ".yarnrc",
        ".pnpmrc",
        ".babelrc",
        ".eslintrc",
        ".eslintrc.json",
        ".eslintrc.yml",
        ".prettierrc",
        ".mocharc",
        ".mocharc.json",
        ".mocharc.yml",
        ".gdbinit",
        ".lldbinit",
        ".pdbrc",
        ".envrc",
        ".bazelrc",
        ".pythonrc",
        ".editorconfig",
        // More that name code to load or a program to run: bun's preload
        // scripts, Gradle's JVM options and wrapper (which fetches and
        // runs the distribution it names), Ruby's and Python's linters'
        // plugins, their consoles' start-up files, and Haskell's, OCaml's
        // and Erlang's build files.
        "bunfig.toml",
        "gradle.properties",
        "gradle-wrapper.properties",
        "gradlew",
        "build.sbt",
        ".rspec",
        ".rubocop.yml",
        ".irbrc",
        ".pryrc",
        ".pylintrc",
        "pylintrc",
        "mypy.ini",
        ".golangci.yml",
        ".golangci.yaml",
        "lefthook.yml",
        "devcontainer.json",
        "dune",
        "dune-project",
        "cabal.project",
        "stack.yaml",
        "rebar.config",
        "configure",
    ];
    const EXTENSIONS: &[&str] = &[
        "rs", "go", "py", "pyw", "pyx", "pth", "js", "mjs", "cjs", "jsx", "ts", "mts", "cts",
        "tsx", "vue", "svelte", "java", "kt", "kts", "scala", "sc", "groovy", "gradle", "clj", "c",
        "h", "cc", "cpp", "cxx", "hpp", "hh", "m", "mm", "swift", "zig", "nim", "rb", "rake",
        "gemspec", "ru", "php", "pl", "pm", "t", "sh", "bash", "zsh", "ksh", "fish", "lua", "r",
        "jl", "ex", "exs", "erl", "hs", "ml", "cs", "fs", "vb", "ps1", "bat", "cmd", "ninja", "mk",
        "mak", "make", "cmake", "ac", "am", "csproj", "fsproj", "vbproj", "sln", "props",
        "targets", "nix", "bzl", "bazel", "star", "tf", "hcl", "wasm", "so", "dylib", "a", "o",
        "sbt", "cabal",
    ];
    // A pattern (`sed -i … src/*`) may match one.
    if NAMES.contains(&name) || name.contains(['*', '?', '[']) {
        return true;
    }
    // Cargo's and Maven's settings, which name a runner, a linker, options.
    let parent = path.rsplit('/').nth(1).unwrap_or("");
    if matches!(
        (parent, name),
        (".cargo", "config" | "config.toml") | (".mvn", "jvm.config" | "maven.config")
    ) {
        return true;
    }
    name.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
    })
}

/// The directory a pattern starts in: its literal text before the first
/// `*`, `?` or `[`, up to the last `/` in it (`src/m?/x` → `src`, `n*` →
/// `.`, `/t*` → `/`). What the pattern matches lies beneath.
pub fn glob_base(pattern: &str) -> &str {
    let literal = &pattern[..pattern.find(['*', '?', '[']).unwrap_or(pattern.len())];
    match literal.rsplit_once('/') {
        Some(("", _)) => "/",
        Some((dir, _)) => dir,
        None => ".",
    }
}
