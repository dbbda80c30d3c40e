//! Launchers: programs that run another program or command text (`env`,
//! `nice`, `timeout`, `sudo`, `xargs`, `watch`, `flock`, `hyperfine`, …),
//! the tracers and timers that also write files of their own (`time -o`,
//! `strace -o`, `valgrind --log-file=`), the programs that signal other
//! processes (`kill`, `pkill`, `killall`), schedule or drive commands beyond
//! the call (`crontab`, `at`, `tmux`, `screen`, `systemctl`) and change the
//! machine itself (`mount`, `sysctl -w`, `ip route add`, …). Debian 12's
//! versions, each checked against its `--help` where it is installed here.
//!
//! A launcher's program is read through [`Reader::read_invocation`] with
//! what the launcher changes for it: its directory (`env -C`, `unshare -w`),
//! its environment (`env NAME=VALUE`, `sudo NAME=VALUE`, `strace -E`), the
//! shell text it hands to `sh -c`. A program that runs on another host, in
//! another root, or reads its commands from somewhere wicket cannot see is
//! never read as if it ran here.
//!
//! Paths a program is fed on stdin arrive at run time, except when the
//! command feeding it only prints paths under one directory (`find src`,
//! `grep -rl foo src`, `git ls-files`): [`listed_paths`] says which
//! directory, and `xargs` hands its program a stand-in for "a path under
//! that directory" instead of an unknown word.

use wicket_guest::Effect::*;

use crate::argv::{self, attached, flag, value, Grammar, Opt, Style};
use crate::read::{Arg, Change, Invocation, Lookup, Place, Reach, Reader, Scope, Stdin};
use crate::syntax::{Node, RedirectKind, Simple};

use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &ENV,
    &NICE,
    &NOHUP,
    &TIMEOUT,
    &STDBUF,
    &TIME,
    &SETSID,
    &IONICE,
    &CHRT,
    &TASKSET,
    &NUMACTL,
    &PRLIMIT,
    &UNSHARE,
    &NSENTER,
    &FIREJAIL,
    &SYSTEMD_RUN,
    &STRACE,
    &LTRACE,
    &PERF,
    &VALGRIND,
    &SUDO,
    &DOAS,
    &SU,
    &RUNUSER,
    &SG,
    &NEWGRP,
    &XARGS,
    &PARALLEL,
    &WATCH,
    &FLOCK,
    &SCRIPT,
    &HYPERFINE,
    &BUSYBOX,
    &CHROOT,
    &FAKEROOT,
    &DBUS_RUN_SESSION,
    &START_STOP_DAEMON,
    &PLAIN,
    &PROXIED,
    &TORSOCKS,
    &CPULIMIT,
    &TSP,
    &DAEMONIZE,
    &RLWRAP,
    &CAFFEINATE,
    &KILL,
    &PKILL,
    &SKILL,
    &FUSER,
    &PGREP,
    &PIDOF,
    &KILLALL,
    &CRONTAB,
    &AT,
    &ATQ,
    &TMUX,
    &SCREEN,
    &GDB,
    &SYSTEMCTL,
    &SERVICE,
    &IP,
    &SYSCTL,
    &MACHINE,
    &SETPRIV,
    &SETARCH,
    &CHOOM,
    &LD_SO,
    &UCLAMPSET,
    &RUNCON,
    &SSH_AGENT,
    &CHRONIC,
    &PEE,
];

const HELP: Opt = flag("help", "", &["help"]);
const VERSION: Opt = flag("version", "", &["version"]);
/// util-linux spells them `-h` and `-V` as well.
const UL_HELP: Opt = flag("help", "h", &["help"]);
const UL_VERSION: Opt = flag("version", "V", &["version"]);

/// `getopt_long` with a leading `+`: options end at the first operand, which
/// is where a launcher's program starts.
const POSIX: Style = Style::GNU_POSIX;

// ---------------------------------------------------------------------------
// Shared reading

/// `--help` or `--version`: the launcher prints and runs nothing.
fn prints_only(r: &mut Reader, run: &Run) -> bool {
    if run.parsed.has("help") || run.parsed.has("version") {
        r.note(Read, format!("{} prints its help or version", run.shown()));
        return true;
    }
    false
}

/// The argv index of the operand after `skip` operands: where the launched
/// program's word stands.
fn program_at(run: &Run, skip: usize) -> Option<usize> {
    run.parsed.operands.get(skip).map(|(at, _)| *at)
}

/// Read the program a launcher runs: its argv from index `at` on.
fn launch(r: &mut Reader, run: &Run, at: usize, scope: &mut Scope) {
    launched(r, &run.inv.tail(at), scope);
}

/// Read what a launcher runs as the child process it is: a builtin's change
/// to the shell (`timeout 1 cd a/b`, whose `cd` is a program that does not
/// exist, verified in dash and bash) stays in the child. Directories it
/// made stay made.
fn launched(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let mut child = scope.clone();
    r.read_invocation(inv, &mut child);
    scope.made = child.made;
}

/// Read a program given as words, with the launcher's stdin: found on
/// PATH, as exec finds it (see [`crate::read::Lookup::Path`]).
fn launch_words(r: &mut Reader, inv: &Invocation, argv: Vec<Arg>, scope: &mut Scope) {
    let inner = Invocation {
        argv,
        stdin: inv.stdin,
        lookup: Lookup::Path,
        stdin_text: None,
        extra_operands: inv.extra_operands,
        stdin_paths: inv.stdin_paths.clone(),
    };
    launched(r, &inner, scope);
}

/// The scope of a new `sh -c TEXT`: the same directory; variables the
/// shell only knew (not exported) are gone, so every variable is unknown.
fn shell_scope(scope: &Scope) -> Scope {
    let mut inner = scope.clone();
    inner.forget_variables();
    inner.positional = Some(Vec::new());
    inner
}

/// Read shell text a launcher runs with `sh -c` (`watch`, `flock -c`, a
/// benchmark's command, a tmux pane's command).
fn run_text(r: &mut Reader, who: &str, text: &Arg, scope: &Scope) {
    match text.text() {
        Some(t) => r.read_text(t, &mut shell_scope(scope)),
        None => r.note(
            Opaque,
            format!(
                "{who} runs `{}` as shell text, which is only known when it runs",
                text.shown
            ),
        ),
    }
}

/// Shell text run with `$SHELL -c` (`flock -c`, `script -c`): read as a
/// POSIX shell's text unless the command set `SHELL` to something else.
fn run_text_with_user_shell(r: &mut Reader, who: &str, text: &Arg, scope: &Scope) {
    if let Some(shell) = unusual_shell(scope) {
        r.note(
            Opaque,
            format!(
                "{who} runs its text with $SHELL, set here to `{shell}`, which wicket cannot read"
            ),
        );
        return;
    }
    run_text(r, who, text, scope);
}

/// `SHELL` assigned by the command line to something that is not a
/// system POSIX shell (`SHELL=./x flock l -c …`).
fn unusual_shell(scope: &Scope) -> Option<String> {
    match scope.vars.get("SHELL") {
        None => None,
        Some(Some(values)) if values.len() == 1 && is_system_shell(&values[0]) => None,
        Some(Some(values)) => Some(values.join(" ")),
        Some(None) => Some("a value only known when it runs".into()),
    }
}

fn is_system_shell(path: &str) -> bool {
    let (dir, base) = path.rsplit_once('/').unwrap_or(("/bin", path));
    matches!(dir, "/bin" | "/usr/bin")
        && matches!(
            base,
            "sh" | "bash" | "dash" | "zsh" | "ksh" | "mksh" | "ash"
        )
}

/// The directory a launcher runs its program in (`env -C DIR`, `unshare
/// -w DIR`, `sudo -D DIR`): where the program's relative paths land.
fn enter(r: &mut Reader, shown: &str, dir: &Arg, scope: &mut Scope) {
    let place = dir.text().and_then(|d| r.place(d, scope));
    scope.cwd = match place {
        Some(Place::Inside(path)) | Some(Place::Protected { path, .. }) => Some(path),
        Some(Place::Outside { path, .. }) => {
            r.note(
                OpenWorld,
                format!("{shown} runs its program in {path}, outside the writable root"),
            );
            Some(path)
        }
        _ => None,
    };
}

/// A `NAME=VALUE` word (env's and sudo's assignments): the name and the
/// value. `None` when the word is not one.
fn assignment(arg: &Arg) -> Option<(String, Arg)> {
    let (name, shown_value) = arg.shown.split_once('=')?;
    // The name must be literal text: `$x=1` could be anything.
    if name.is_empty() || name.contains(['$', '`', '"', '\'', '\\', '*', '?', '[']) {
        return None;
    }
    let values = arg.values.as_ref().map(|vs| {
        vs.iter()
            .map(|v| v.split_once('=').map_or("", |(_, value)| value).to_owned())
            .collect()
    });
    Some((
        name.to_owned(),
        Arg {
            values,
            glob: arg.glob,
            shown: shown_value.to_owned(),
        },
    ))
}

/// A variable put in the environment of what a launcher runs.
fn set_variable(r: &mut Reader, scope: &mut Scope, name: &str, value: &Arg) {
    r.check_assignment(name, value);
    super::temp_dir(r, name, value, scope);
    super::environment(r, name, value, scope, None);
    r.shell_variable(scope, name, value, value.values.is_none());
}

/// A variable removed from the environment of what a launcher runs
/// (`env -u`, `strace -E NAME`): the harness's own are its alone.
fn unset_variable(r: &mut Reader, scope: &mut Scope, shown: &str, name: &Arg) {
    match name.text() {
        Some(n) if n.starts_with("LITANY_") || n.starts_with("WICKET_") => r.guard(
            Destructive,
            format!("{shown} removes {n} from what it runs, which only the harness may set"),
        ),
        // A shell started without `$PWD` starts physical, and one without
        // `$HOME` has no home for `cd` and `~`: the reader's unset value
        // says so (not the harness's home, which the reader would take for
        // a variable it never saw assigned).
        Some(n @ ("PWD" | "HOME")) => {
            scope.vars.insert(n.to_owned(), Some(vec![String::new()]));
        }
        Some(n) => {
            scope.vars.remove(n);
            scope.data.remove(n);
        }
        None => r.note(
            Opaque,
            format!(
                "{shown} removes a variable named at run time (`{}`) from what it runs",
                name.shown
            ),
        ),
    }
}

/// A file a launcher itself writes (`time -o`, `strace -o`, a lock file).
fn writes(r: &mut Reader, run: &Run, file: &Arg, change: Change, scope: &Scope) {
    r.change(file, scope, change, Reach::Path, &run.shown());
}

/// What a launcher with no program does.
fn runs_nothing(r: &mut Reader, run: &Run, what: &str) {
    r.note(Read, format!("{} {what}", run.shown()));
}

// ---------------------------------------------------------------------------
// env

const ENV_GRAMMAR: Grammar = Grammar {
    style: POSIX,
    options: &[
        flag("ignore-environment", "i", &["ignore-environment"]),
        flag("null", "0", &["null"]),
        value("unset", "u", &["unset"]),
        value("chdir", "C", &["chdir"]),
        value("split-string", "S", &["split-string"]),
        attached("block-signal", "", &["block-signal"]),
        attached("default-signal", "", &["default-signal"]),
        attached("ignore-signal", "", &["ignore-signal"]),
        flag("list-signal-handling", "", &["list-signal-handling"]),
        flag("debug", "v", &["debug"]),
        HELP,
        VERSION,
    ],
};

pub const ENV: Program = Program {
    names: &["env"],
    // `-S` splits its string into new arguments that env's parser reads
    // again from the start, so env's argv is read here, with its grammar.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: env,
    examples: examples![
        (Secret, "env"),
        (Secret, "env -0"),
        (Secret, "env -u HOME"),
        (Read, "env --version"),
        (OpenWorld, "env RUST_LOG=debug cargo run"),
        (OpenWorld, "env -u RUST_LOG -C src cargo build"),
        (OpenWorld, "env -S 'cargo build --release'"),
        (Destructive, "env rm -rf /etc"),
        (Destructive, "env -C ../.. rm -rf .wicket"),
        (Destructive, "env --ch=../.. rm -rf .wicket"),
        (Destructive, "env -C / rm -rf etc"),
        (Destructive, "env -S 'rm -rf ../../.wicket'"),
        (Destructive, "env -iS'rm -rf ../../.wicket'"),
        (Destructive, r"env -S 'rm\_-rf\_../../.wicket'"),
        (Destructive, "env -S '-C ../.. rm -rf .wicket'"),
        (Destructive, "env -S 'X=1 rm' -rf ../../.wicket"),
        (Destructive, "X=../../.wicket env -S 'rm -rf ${X}'"),
        (Destructive, "env - rm -rf ../../.wicket"),
        (Destructive, "env -- A=1 rm -rf ../../.wicket"),
        (Destructive, "env -u LITANY_CONV_REPO true"),
        (Destructive, "env --unset=WICKET_X true"),
        (Destructive, "env LITANY_CONV_BRANCH=x true"),
        (
            Destructive,
            "env GIT_DIR=../../repo.git git update-ref refs/heads/config/default HEAD",
        ),
        (Opaque, "env $c"),
        (Opaque, "env \"$x\" rm -rf target"),
        (Opaque, "env -S \"$x\""),
        (Opaque, r"env -S 'rm $HOME'"),
        (Opaque, "env --bogus true"),
        (Opaque, "env LD_PRELOAD=./x.so ls"),
    ],
    manual: "env (GNU coreutils) 9.1: env --help",
};

fn env(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut pending: Vec<Arg> = run.inv.argv.get(1..).unwrap_or(&[]).to_vec();
    let mut inner = scope.clone();
    let mut chdir: Option<Arg> = None;
    let mut splits = 0;
    let mut head_clears = false;
    let operands = loop {
        let parsed = argv::parse(&ENV_GRAMMAR, &pending, 0);
        // getopt starts again on the words `-S` splits its string into.
        let split = parsed
            .options
            .iter()
            .find(|g| g.opt.key == "split-string")
            .cloned();
        let upto = match &split {
            Some(given) => split_end(&pending, given.at),
            None => pending.len(),
        };
        let head = if split.is_some() {
            argv::parse(&ENV_GRAMMAR, &pending[..upto], 0)
        } else {
            parsed
        };
        if let Some(problem) = &head.problem {
            r.note(Opaque, format!("{shown}: {}", problem.sentence("env")));
            return;
        }
        if head.has("help") || head.has("version") {
            r.note(Read, format!("{shown} prints its help or version"));
            return;
        }
        head_clears |= head.has("ignore-environment");
        for given in &head.options {
            let Some(value) = &given.value else { continue };
            match given.opt.key {
                "unset" => unset_variable(r, &mut inner, &shown, value),
                "chdir" => chdir = Some(value.clone()),
                _ => {}
            }
        }
        let Some(split) = split else {
            break head.operands;
        };
        splits += 1;
        let text = split.value.as_ref().and_then(Arg::text);
        let words = match text.map(|t| split_string(r, t, &inner)) {
            Some(Ok(words)) if splits <= 8 => words,
            Some(Err(why)) => {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: env -S would not split its string as wicket reads it ({why})"
                    ),
                );
                return;
            }
            _ => {
                r.note(
                    Opaque,
                    format!("{shown}: env -S splits a string only known when it runs"),
                );
                return;
            }
        };
        let rest = pending.split_off(upto);
        pending = words;
        pending.extend(rest);
    };
    let mut operands: Vec<Arg> = operands.into_iter().map(|(_, a)| a).collect();
    // A lone `-` is `-i`.
    let mut cleared = head_clears;
    if operands.first().and_then(Arg::text) == Some("-") {
        operands.remove(0);
        cleared = true;
    }
    if cleared {
        // What runs starts with no `$PWD` and no `$HOME` (nor anything else;
        // the reader keeps the rest, the stricter reading): a shell starts
        // physical, and its `cd` alone goes nowhere known (`export
        // HOME=$PWD/d; env -i sh -c 'cd; …'` stayed; verified under dash).
        for name in ["PWD", "HOME"] {
            inner
                .vars
                .insert(name.to_owned(), Some(vec![String::new()]));
        }
    }
    let mut program = 0;
    while let Some(arg) = operands.get(program) {
        match env_assignment(arg) {
            EnvWord::Program => break,
            EnvWord::Assignment(name, value) => {
                set_variable(r, &mut inner, &name, &value);
                program += 1;
            }
            EnvWord::Unknown => {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: env's word `{}` is only known when it runs (a variable to set, or the program)",
                        arg.shown
                    ),
                );
                return;
            }
        }
    }
    if program >= operands.len() {
        if chdir.is_some() {
            r.note(
                Read,
                format!("{shown}: env refuses -C without a program and runs nothing"),
            );
        } else {
            r.guard(
                Secret,
                format!("{shown} prints the environment, which holds credentials"),
            );
        }
        return;
    }
    if let Some(dir) = &chdir {
        enter(r, &shown, dir, &mut inner);
    }
    launch_words(r, run.inv, operands.split_off(program), &mut inner);
}

/// Where the words after `-S`'s string start: after the word holding it,
/// or after the next word when the string was not attached.
fn split_end(args: &[Arg], at: usize) -> usize {
    let word = args[at].text().unwrap_or("");
    let attached = if let Some(long) = word.strip_prefix("--") {
        long.contains('=')
    } else {
        // The bundle's letters before `S` are flags (the parser read `S`
        // here); anything after `S` is its string.
        word.find('S').is_some_and(|at| at + 1 < word.len())
    };
    if attached {
        at + 1
    } else {
        at + 2
    }
}

enum EnvWord {
    Program,
    Assignment(String, Arg),
    /// Known only at run time: an assignment or the program.
    Unknown,
}

/// env sets every word holding `=` before the program, whatever precedes
/// the `=`.
fn env_assignment(arg: &Arg) -> EnvWord {
    match &arg.values {
        Some(values) => {
            let with: Vec<&String> = values.iter().filter(|v| v.contains('=')).collect();
            if with.is_empty() {
                return EnvWord::Program;
            }
            if with.len() != values.len() {
                return EnvWord::Unknown;
            }
            let name = with[0].split_once('=').map_or("", |(n, _)| n);
            if with.iter().any(|v| !v.starts_with(&format!("{name}="))) {
                return EnvWord::Unknown;
            }
            let value = Arg {
                values: Some(
                    values
                        .iter()
                        .map(|v| v[name.len() + 1..].to_owned())
                        .collect(),
                ),
                glob: arg.glob,
                shown: arg
                    .shown
                    .split_once('=')
                    .map_or(arg.shown.as_str(), |(_, v)| v)
                    .to_owned(),
            };
            EnvWord::Assignment(name.to_owned(), value)
        }
        None => match assignment(arg) {
            Some((name, value)) => EnvWord::Assignment(name, value),
            None => EnvWord::Unknown,
        },
    }
}

/// env's `-S` string split as env splits it (coreutils 9.1 `build_argv`):
/// blanks separate words, `'…'` and `"…"` quote, backslash escapes (`\_` a
/// separator outside quotes and a space inside double quotes, `\c` ends
/// the string), `${NAME}` expands from the environment, `#` starting a word
/// comments out the rest. What env would reject is an error.
fn split_string(r: &Reader, text: &str, scope: &Scope) -> Result<Vec<Arg>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut words: Vec<Arg> = Vec::new();
    // The word being built: its text, whether any part is unknown, whether
    // it has started (an empty `''` is a word).
    let mut current = String::new();
    let mut unknown = false;
    let mut started = false;
    let (mut single, mut double) = (false, false);
    let mut i = 0;
    let finish = |words: &mut Vec<Arg>, current: &mut String, unknown: &mut bool| {
        words.push(if *unknown {
            Arg {
                values: None,
                glob: false,
                shown: current.clone(),
            }
        } else {
            Arg::literal(current)
        });
        current.clear();
        *unknown = false;
    };
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if single {
            match c {
                '\'' => single = false,
                '\\' if matches!(chars.get(i), Some('\\' | '\'')) => {
                    current.push(chars[i]);
                    i += 1;
                }
                _ => current.push(c),
            }
            continue;
        }
        match c {
            ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' if !double => {
                if started {
                    finish(&mut words, &mut current, &mut unknown);
                    started = false;
                }
            }
            '#' if !double && !started => break,
            '\'' if !double => {
                single = true;
                started = true;
            }
            '"' => {
                double = !double;
                started = true;
            }
            '\\' => {
                let Some(&next) = chars.get(i) else {
                    return Err("a backslash ends the string".into());
                };
                i += 1;
                match next {
                    '"' | '#' | '$' | '\'' | '\\' => current.push(next),
                    '_' if double => current.push(' '),
                    '_' => {
                        if started {
                            finish(&mut words, &mut current, &mut unknown);
                            started = false;
                        }
                        continue;
                    }
                    'c' if double => return Err("`\\c` inside double quotes".into()),
                    'c' => break,
                    'f' => current.push('\x0c'),
                    'n' => current.push('\n'),
                    'r' => current.push('\r'),
                    't' => current.push('\t'),
                    'v' => current.push('\x0b'),
                    other => return Err(format!("the escape `\\{other}`")),
                }
                started = true;
            }
            '$' => {
                if chars.get(i) != Some(&'{') {
                    return Err("a `$` not followed by `{`".into());
                }
                let close = chars[i..]
                    .iter()
                    .position(|c| *c == '}')
                    .ok_or("an unterminated `${`")?;
                let name: String = chars[i + 1..i + close].iter().collect();
                i += close + 1;
                let valid = name
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if !valid {
                    return Err(format!("the variable name `{name}`"));
                }
                match environment_value(r, &name, scope) {
                    Some(value) => current.push_str(&value),
                    None => {
                        unknown = true;
                        current.push_str(&format!("${{{name}}}"));
                    }
                }
                started = true;
            }
            _ => {
                current.push(c);
                started = true;
            }
        }
    }
    if single || double {
        return Err("an unterminated quote".into());
    }
    if started {
        finish(&mut words, &mut current, &mut unknown);
    }
    Ok(words)
}

/// A variable's value in the environment a launcher runs with, when known.
fn environment_value(r: &Reader, name: &str, scope: &Scope) -> Option<String> {
    match scope.vars.get(name) {
        Some(Some(values)) if values.len() == 1 => Some(values[0].clone()),
        Some(_) => None,
        None if name == "HOME" => Some(r.ctx.home.clone()),
        None => None,
    }
}

// ---------------------------------------------------------------------------
// Launchers that only adjust how their program runs

pub const NICE: Program = Program {
    names: &["nice"],
    syntax: Syntax::Grammar(Grammar {
        // `nice -10 cmd` is coreutils' old spelling of `-n 10`.
        style: Style {
            numeric: true,
            ..POSIX
        },
        options: &[value("adjustment", "n", &["adjustment"]), HELP, VERSION],
    }),
    output: None,
    lists_paths_under: None,
    read: nice,
    examples: examples![
        (Read, "nice"),
        (OpenWorld, "nice -n 19 cargo build"),
        (OpenWorld, "nice -10 make -j4"),
        (Destructive, "nice -n-5 rm -rf ../../.wicket"),
        (Destructive, "nice --adj=5 rm -rf ../../.wicket"),
        (Destructive, "nice -- rm -rf /etc"),
        (Destructive, "nice timeout 5 env rm -rf /etc"),
        (Opaque, "nice $cmd"),
    ],
    manual: "nice (GNU coreutils) 9.1: nice --help",
};

fn nice(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "prints its niceness"),
    }
}

pub const NOHUP: Program = Program {
    names: &["nohup"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[HELP, VERSION],
    }),
    output: None,
    lists_paths_under: None,
    read: nohup,
    examples: examples![
        (OpenWorld, "nohup npm run dev > out.log 2>&1 &"),
        (OpenWorld, "nohup cargo build"),
        (Destructive, "nohup rm -rf /etc"),
        (Destructive, "nohup -- rm -rf ../../.wicket &"),
        (Read, "nohup --help"),
    ],
    manual: "nohup (GNU coreutils) 9.1: nohup --help",
};

fn nohup(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let Some(at) = program_at(run, 0) else {
        return runs_nothing(r, run, "has no program to run");
    };
    // With a terminal for output it appends to ./nohup.out (else
    // ~/nohup.out); litany's bash tool gives it a pipe.
    r.note(
        Process,
        format!("{} keeps its program running after a hangup", run.shown()),
    );
    launch(r, run, at, scope);
}

pub const TIMEOUT: Program = Program {
    names: &["timeout"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("preserve-status", "", &["preserve-status"]),
            flag("foreground", "", &["foreground"]),
            value("kill-after", "k", &["kill-after"]),
            value("signal", "s", &["signal"]),
            flag("verbose", "v", &["verbose"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: timeout,
    examples: examples![
        (OpenWorld, "timeout 30 cargo test"),
        (OpenWorld, "timeout -k 5 --preserve-status 1m make"),
        (Destructive, "timeout 5 rm -rf /etc"),
        (Destructive, "timeout -s9 1 rm -rf ../../.wicket"),
        (Destructive, "timeout -s KILL 5s rm -rf /etc"),
        (Destructive, "timeout --sig=KILL -- 5 rm -rf ../../.wicket"),
        (Read, "timeout 5"),
    ],
    manual: "timeout (GNU coreutils) 9.1: timeout --help",
};

fn timeout(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    // The first operand is the duration.
    match program_at(run, 1) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const STDBUF: Program = Program {
    names: &["stdbuf"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("input", "i", &["input"]),
            value("output", "o", &["output"]),
            value("error", "e", &["error"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: plain_launcher,
    examples: examples![
        (OpenWorld, "stdbuf -oL cargo test"),
        (Destructive, "stdbuf -oL rm -rf /etc"),
        (Destructive, "stdbuf --output=0 -e0 rm -rf ../../.wicket"),
    ],
    manual: "stdbuf (GNU coreutils) 9.1: stdbuf --help",
};

/// A launcher that only changes how its program runs.
fn plain_launcher(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const TIME: Program = Program {
    names: &["time"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("append", "a", &["append"]),
            value("format", "f", &["format"]),
            value("output", "o", &["output"]),
            flag("portability", "p", &["portability"]),
            flag("quiet", "q", &["quiet"]),
            flag("verbose", "v", &["verbose"]),
            // GNU time 1.9 lists `-h` but its parser does not take it.
            HELP,
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: time,
    examples: examples![
        (OpenWorld, "time cargo build"),
        (OpenWorld, "/usr/bin/time -v cargo build"),
        (OpenWorld, "/usr/bin/time -o timing.txt -a make"),
        (Destructive, "time rm -rf /etc"),
        (Destructive, "/usr/bin/time -o ../../.wicket/x true"),
        (Destructive, "/usr/bin/time -o../../.wicket/x true"),
        (
            Destructive,
            "/usr/bin/time --out=../../repo.git/config true",
        ),
        (
            Destructive,
            "/usr/bin/time -ao ../../.wicket/trail.jsonl true",
        ),
        (OpenWorld, "/usr/bin/time -o /tmp/t true"),
    ],
    manual: "GNU time 1.9: /usr/bin/time --help (dash has no `time` keyword: \
             under `sh -c` this is the program that runs)",
};

fn time(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    if let Some(file) = run.parsed.last("output") {
        let change = if run.parsed.has("append") {
            Change::Write
        } else {
            Change::Overwrite
        };
        writes(r, run, file, change, scope);
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const SETSID: Program = Program {
    names: &["setsid"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("ctty", "c", &["ctty"]),
            flag("fork", "f", &["fork"]),
            flag("wait", "w", &["wait"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: setsid,
    examples: examples![
        (OpenWorld, "setsid -f cargo run"),
        (OpenWorld, "setsid -w cargo build"),
        (Destructive, "setsid rm -rf /etc"),
        (Destructive, "setsid -f rm -rf ../../.wicket"),
    ],
    manual: "setsid from util-linux 2.38.1: setsid --help",
};

fn setsid(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let Some(at) = program_at(run, 0) else {
        return runs_nothing(r, run, "has no program to run");
    };
    if !run.parsed.has("wait") {
        r.note(
            Process,
            format!(
                "{} starts its program in a new session that can outlive the call",
                run.shown()
            ),
        );
    }
    launch(r, run, at, scope);
}

pub const IONICE: Program = Program {
    names: &["ionice"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("class", "c", &["class"]),
            value("classdata", "n", &["classdata"]),
            flag("pid", "p", &["pid"]),
            flag("pgid", "P", &["pgid"]),
            flag("ignore", "t", &["ignore"]),
            flag("uid", "u", &["uid"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: ionice,
    examples: examples![
        (OpenWorld, "ionice -c 3 cargo build"),
        (Destructive, "ionice -c 3 rm -rf /etc"),
        (Destructive, "ionice -c2 -n7 -t rm -rf ../../.wicket"),
        (Read, "ionice -p 1234"),
        (OpenWorld, "ionice -c 3 -p 1234"),
        (Read, "ionice"),
    ],
    manual: "ionice from util-linux 2.38.1: ionice --help",
};

fn ionice(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    if p.has("pid") || p.has("pgid") || p.has("uid") {
        // The operands are processes, groups or users already running.
        if p.has("class") || p.has("classdata") {
            r.note(
                OpenWorld,
                format!(
                    "{} changes the I/O priority of processes beyond the call",
                    run.shown()
                ),
            );
        } else {
            runs_nothing(r, run, "reports I/O priorities");
        }
        return;
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "reports its own I/O priority"),
    }
}

pub const CHRT: Program = Program {
    names: &["chrt"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("batch", "b", &["batch"]),
            flag("deadline", "d", &["deadline"]),
            flag("fifo", "f", &["fifo"]),
            flag("idle", "i", &["idle"]),
            flag("other", "o", &["other"]),
            flag("rr", "r", &["rr"]),
            flag("reset-on-fork", "R", &["reset-on-fork"]),
            value("sched-runtime", "T", &["sched-runtime"]),
            value("sched-period", "P", &["sched-period"]),
            value("sched-deadline", "D", &["sched-deadline"]),
            flag("all-tasks", "a", &["all-tasks"]),
            flag("max", "m", &["max"]),
            flag("pid", "p", &["pid"]),
            flag("verbose", "v", &["verbose"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: chrt,
    examples: examples![
        (OpenWorld, "chrt -i 0 cargo build"),
        (Destructive, "chrt -f 10 rm -rf /etc"),
        (Read, "chrt -p 1234"),
        (OpenWorld, "chrt -f -p 10 1234"),
        (Destructive, "chrt -f -p 99 $PPID"),
        (Read, "chrt -m"),
    ],
    manual: "chrt from util-linux 2.38.1: chrt --help",
};

/// A process id that is the harness: the shell's parent (`$PPID`, which
/// litany's `sh -c` has for its own process), or ids only known when it
/// runs in a command that looked the harness up by name (`pgrep litany`).
/// Changing its limits, scheduling or affinity reaches the harness as a
/// signal does (`prlimit --pid $PPID --nofile=0:0` left the parent unable
/// to open any file; verified under dash).
fn names_the_harness(r: &Reader, pid: &Arg) -> bool {
    let shown = pid.shown.trim_start_matches('-');
    matches!(shown, "$PPID" | "${PPID}")
        || (pid.text().is_none() && r.notes.iter().any(|n| n.why.contains(HARNESS_LOOKUP)))
}

/// Note a change to another process's settings: destructive when it is the
/// harness, else open-world.
fn changes_process(r: &mut Reader, run: &Run, pid: Option<&Arg>, what: &str) {
    if pid.is_some_and(|pid| names_the_harness(r, pid)) {
        r.guard(
            Destructive,
            format!(
                "{} changes the {what} of the harness that runs the call (the shell's parent, or a process looked up by its name)",
                run.shown()
            ),
        );
    } else {
        r.note(
            OpenWorld,
            format!(
                "{} changes the {what} of a process beyond the call",
                run.shown()
            ),
        );
    }
}

fn chrt(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    if p.has("max") {
        return runs_nothing(r, run, "prints the priority ranges");
    }
    if p.has("pid") {
        if p.operands.len() >= 2 {
            let pid = p.operands.last().map(|(_, a)| a.clone());
            changes_process(r, run, pid.as_ref(), "scheduling");
        } else {
            runs_nothing(r, run, "reports a process's scheduling");
        }
        return;
    }
    // `chrt [policy] PRIORITY COMMAND…`
    match program_at(run, 1) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const TASKSET: Program = Program {
    names: &["taskset"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("all-tasks", "a", &["all-tasks"]),
            flag("pid", "p", &["pid"]),
            flag("cpu-list", "c", &["cpu-list"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: taskset,
    examples: examples![
        (OpenWorld, "taskset -c 0,1 cargo build"),
        (Destructive, "taskset 0x1 rm -rf /etc"),
        (Read, "taskset -p 1234"),
        (OpenWorld, "taskset -pc 0 1234"),
        (Destructive, "taskset -p 1 $PPID"),
    ],
    manual: "taskset from util-linux 2.38.1: taskset --help",
};

fn taskset(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    if run.parsed.has("pid") {
        if run.parsed.operands.len() >= 2 {
            let pid = run.parsed.operands.last().map(|(_, a)| a.clone());
            changes_process(r, run, pid.as_ref(), "CPU affinity");
        } else {
            runs_nothing(r, run, "reports a process's CPU affinity");
        }
        return;
    }
    // `taskset MASK COMMAND…`
    match program_at(run, 1) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const NUMACTL: Program = Program {
    names: &["numactl"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("all", "a", &["all"]),
            flag("balancing", "b", &["balancing"]),
            value("interleave", "i", &["interleave"]),
            value("preferred", "p", &["preferred"]),
            value("preferred-many", "P", &["preferred-many"]),
            value("physcpubind", "C", &["physcpubind"]),
            value("cpunodebind", "N", &["cpunodebind"]),
            value("cpubind", "c", &["cpubind"]),
            value("membind", "m", &["membind"]),
            flag("localalloc", "l", &["localalloc"]),
            flag("show", "s", &["show"]),
            flag("hardware", "H", &["hardware"]),
            value("length", "L", &["length"]),
            value("offset", "o", &["offset"]),
            value("shmmode", "M", &["shmmode"]),
            flag("strict", "t", &["strict"]),
            value("shmid", "I", &["shmid"]),
            value("shm", "S", &["shm"]),
            value("file", "f", &["file"]),
            flag("huge", "u", &["huge"]),
            flag("touch", "T", &["touch"]),
            flag("dump", "d", &["dump"]),
            flag("dump-nodes", "D", &["dump-nodes"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: numactl,
    examples: examples![
        (OpenWorld, "numactl --interleave=all cargo bench"),
        (Destructive, "numactl -N 0 rm -rf /etc"),
        (Read, "numactl --hardware"),
        (
            Destructive,
            "numactl --length 1g --file ../../.wicket/x --localalloc",
        ),
    ],
    manual: "numactl 2.0.16 (Debian 12, not installed here): numactl's usage",
};

fn numactl(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    if p.has("show") || p.has("hardware") {
        return runs_nothing(r, run, "reports the NUMA policy");
    }
    // A policy set on a tmpfs file (sized by --length) changes that file.
    if let Some(file) = p.last("file") {
        writes(r, run, file, Change::Write, scope);
        return;
    }
    if let Some(key) = p.last("shm") {
        r.reads(key, scope, &run.shown());
        r.note(
            OpenWorld,
            format!(
                "{} sets the policy of a shared memory segment beyond the call",
                run.shown()
            ),
        );
        return;
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const PRLIMIT: Program = Program {
    names: &["prlimit"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("pid", "p", &["pid"]),
            value("output", "o", &["output"]),
            flag("noheadings", "", &["noheadings"]),
            flag("raw", "", &["raw"]),
            flag("verbose", "", &["verbose"]),
            attached("core", "c", &["core"]),
            attached("data", "d", &["data"]),
            attached("nice", "e", &["nice"]),
            attached("fsize", "f", &["fsize"]),
            attached("sigpending", "i", &["sigpending"]),
            attached("memlock", "l", &["memlock"]),
            attached("rss", "m", &["rss"]),
            attached("nofile", "n", &["nofile"]),
            attached("msgqueue", "q", &["msgqueue"]),
            attached("rtprio", "r", &["rtprio"]),
            attached("stack", "s", &["stack"]),
            attached("cpu", "t", &["cpu"]),
            attached("nproc", "u", &["nproc"]),
            attached("as", "v", &["as"]),
            attached("locks", "x", &["locks"]),
            attached("rttime", "y", &["rttime"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prlimit,
    examples: examples![
        (Read, "prlimit"),
        (Read, "prlimit --pid 1234"),
        (OpenWorld, "prlimit --pid 1234 --nofile=1024:4096"),
        (Destructive, "prlimit --pid $PPID --nofile=0:0"),
        (Destructive, "prlimit --pid $(pgrep litany) --nofile=0"),
        (OpenWorld, "prlimit --nofile=4096 cargo test"),
        (Destructive, "prlimit -n4096 rm -rf /etc"),
    ],
    manual: "prlimit from util-linux 2.38.1: prlimit --help",
};

fn prlimit(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    if p.has("pid") {
        let sets = p
            .options
            .iter()
            .any(|g| g.value.is_some() && !matches!(g.opt.key, "pid" | "output"));
        if sets {
            let pid = p.last("pid").cloned();
            changes_process(r, run, pid.as_ref(), "limits");
        } else {
            runs_nothing(r, run, "reports a process's limits");
        }
        return;
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "reports its own limits"),
    }
}

// ---------------------------------------------------------------------------
// Namespaces and sandboxes

pub const UNSHARE: Program = Program {
    names: &["unshare"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            // Short namespace options take no file; the long ones may.
            flag("mount", "m", &[]),
            attached("mount", "", &["mount"]),
            flag("uts", "u", &[]),
            attached("uts", "", &["uts"]),
            flag("ipc", "i", &[]),
            attached("ipc", "", &["ipc"]),
            flag("net", "n", &[]),
            attached("net", "", &["net"]),
            flag("pid", "p", &[]),
            attached("pid", "", &["pid"]),
            flag("user", "U", &[]),
            attached("user", "", &["user"]),
            flag("cgroup", "C", &[]),
            attached("cgroup", "", &["cgroup"]),
            flag("time", "T", &[]),
            attached("time", "", &["time"]),
            flag("fork", "f", &["fork"]),
            value("map-user", "", &["map-user"]),
            value("map-group", "", &["map-group"]),
            flag("map-root-user", "r", &["map-root-user"]),
            flag("map-current-user", "c", &["map-current-user"]),
            flag("map-auto", "", &["map-auto"]),
            value("map-users", "", &["map-users"]),
            value("map-groups", "", &["map-groups"]),
            attached("kill-child", "", &["kill-child"]),
            attached("mount-proc", "", &["mount-proc"]),
            value("propagation", "", &["propagation"]),
            value("setgroups", "", &["setgroups"]),
            flag("keep-caps", "", &["keep-caps"]),
            value("root", "R", &["root"]),
            value("wd", "w", &["wd"]),
            value("setuid", "S", &["setuid"]),
            value("setgid", "G", &["setgid"]),
            value("monotonic", "", &["monotonic"]),
            value("boottime", "", &["boottime"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: unshare,
    examples: examples![
        (OpenWorld, "unshare -rn cargo test"),
        (Destructive, "unshare -r rm -rf /etc"),
        (Destructive, "unshare -w ../.. rm -rf .wicket"),
        (Destructive, "unshare --wd=../.. touch .wicket/x"),
        (Destructive, "unshare --net=../../.wicket/ns true"),
        (Opaque, "unshare -R /mnt rm -rf /x"),
        (Opaque, "unshare -r"),
    ],
    manual: "unshare from util-linux 2.38.1: unshare --help",
};

fn unshare(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    // `--mount=FILE` (and the other namespaces) bind-mounts the new
    // namespace on FILE, which must exist.
    for key in [
        "mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time",
    ] {
        for file in p.values(key) {
            writes(r, run, file, Change::Write, scope);
        }
    }
    let mut inner = scope.clone();
    if let Some(root) = p.last("root") {
        if root.text() != Some("/") {
            r.note(
                Opaque,
                format!(
                    "{shown} runs its program with {} as its root, where every path means something else",
                    root.shown
                ),
            );
            return;
        }
        inner.cwd = Some("/".into());
    }
    if let Some(dir) = p.last("wd") {
        enter(r, &shown, dir, &mut inner);
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, &mut inner),
        None => r.note(
            Opaque,
            format!(
                "{shown} runs a shell that reads its commands from stdin, which wicket cannot see"
            ),
        ),
    }
}

pub const NSENTER: Program = Program {
    names: &["nsenter"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("all", "a", &["all"]),
            value("target", "t", &["target"]),
            attached("mount", "m", &["mount"]),
            attached("uts", "u", &["uts"]),
            attached("ipc", "i", &["ipc"]),
            attached("net", "n", &["net"]),
            attached("pid", "p", &["pid"]),
            attached("cgroup", "C", &["cgroup"]),
            attached("user", "U", &["user"]),
            attached("time", "T", &["time"]),
            value("setuid", "S", &["setuid"]),
            value("setgid", "G", &["setgid"]),
            flag("preserve-credentials", "", &["preserve-credentials"]),
            attached("root", "r", &["root"]),
            attached("wd", "w", &["wd"]),
            value("wdns", "W", &["wdns"]),
            flag("no-fork", "F", &["no-fork"]),
            flag("follow-context", "Z", &["follow-context"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: nsenter,
    examples: examples![
        (OpenWorld, "nsenter -t 1234 -n ss -tlnp"),
        (Destructive, "nsenter -t 1234 -n rm -rf /etc"),
        (Destructive, "nsenter -w../.. rm -rf .wicket"),
        (Opaque, "nsenter -t 1 -m rm -rf /x"),
        (Opaque, "nsenter -a -t 1 true"),
        (Opaque, "nsenter -r/ -t 1 true"),
        (Opaque, "nsenter -t 1 -n"),
    ],
    manual: "nsenter from util-linux 2.38.1: nsenter --help",
};

fn nsenter(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("mount") || p.has("all") || p.has("root") || p.has("wdns") {
        r.note(
            Opaque,
            format!(
                "{shown} enters another process's mounts or root, where every path means something else"
            ),
        );
        return;
    }
    let entered: Vec<&str> = ["uts", "ipc", "net", "pid", "cgroup", "user", "time"]
        .into_iter()
        .filter(|k| p.has(k))
        .collect();
    if !entered.is_empty() {
        r.note(
            OpenWorld,
            format!(
                "{shown} runs its program in another process's namespaces ({})",
                entered.join(", ")
            ),
        );
    }
    let mut inner = scope.clone();
    for given in p.options.iter().filter(|g| g.opt.key == "wd") {
        match &given.value {
            Some(dir) => enter(r, &shown, dir, &mut inner),
            // The target process's directory.
            None => inner.cwd = None,
        }
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, &mut inner),
        None => r.note(
            Opaque,
            format!(
                "{shown} runs a shell that reads its commands from stdin, which wicket cannot see"
            ),
        ),
    }
}

pub const FIREJAIL: Program = Program {
    names: &["firejail"],
    // Hundreds of `--name[=value]` options; the ones read here are listed
    // in `firejail_option`, the rest are held.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: firejail,
    examples: examples![
        (OpenWorld, "firejail --quiet --net=none cargo test"),
        (Destructive, "firejail --noprofile rm -rf /etc"),
        (Destructive, "firejail --env=LITANY_X=1 true"),
        (Opaque, "firejail --chroot=/mnt rm -rf /x"),
        (Opaque, "firejail --join=1234 true"),
        (Opaque, "firejail"),
    ],
    manual: "firejail 0.9.72 (Debian 12, not installed here): firejail(1)",
};

fn firejail(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let argv = &run.inv.argv;
    let mut inner = scope.clone();
    let mut i = 1;
    while i < argv.len() {
        let arg = &argv[i];
        let Some(word) = arg.text() else {
            r.note(
                Opaque,
                format!(
                    "{shown}: firejail's word `{}` is only known when it runs",
                    arg.shown
                ),
            );
            return;
        };
        if word == "--" {
            i += 1;
            break;
        }
        if !word.starts_with('-') {
            break;
        }
        let (name, value) = match word.trim_start_matches('-').split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (word.trim_start_matches('-'), None),
        };
        match (name, value) {
            ("version" | "help" | "list" | "tree" | "top", _) => {
                return runs_nothing(r, run, "reports, and runs nothing");
            }
            ("env", Some(assign)) => match assign.split_once('=') {
                Some((n, v)) => set_variable(r, &mut inner, n, &Arg::literal(v)),
                None => set_variable(r, &mut inner, assign, &Arg::literal("")),
            },
            ("rmenv", Some(n)) => unset_variable(r, &mut inner, &shown, &Arg::literal(n)),
            (name, _) if firejail_option(name, value.is_some()) => {}
            _ => {
                r.note(
                    Opaque,
                    format!("{shown}: firejail's option `{word}` is not one wicket reads"),
                );
                return;
            }
        }
        i += 1;
    }
    if i >= argv.len() {
        r.note(
            Opaque,
            format!("{shown} runs the user's shell, which reads commands wicket cannot see"),
        );
        return;
    }
    launch_words(r, run.inv, argv[i..].to_vec(), &mut inner);
}

/// firejail options that only restrict the sandbox its program runs in.
fn firejail_option(name: &str, valued: bool) -> bool {
    const FLAGS: &[&str] = &[
        "quiet",
        "noprofile",
        "private",
        "private-tmp",
        "private-dev",
        "private-cache",
        "nonewprivs",
        "noroot",
        "seccomp",
        "nosound",
        "novideo",
        "no3d",
        "nodbus",
        "nogroups",
        "nou2f",
        "notv",
        "noinput",
        "machine-id",
        "disable-mnt",
        "deterministic-exit-code",
        "ipc-namespace",
        "debug",
        "caps",
    ];
    const VALUED: &[&str] = &[
        "net",
        "caps.drop",
        "caps.keep",
        "seccomp",
        "seccomp.drop",
        "seccomp.keep",
        "protocol",
        "whitelist",
        "blacklist",
        "noblacklist",
        "read-only",
        "read-write",
        "tmpfs",
        "profile",
        "ignore",
        "include",
        "timeout",
        "cpu",
        "nice",
        "name",
        "hostname",
        "dns",
        "x11",
        "shell",
        "private-bin",
        "private-etc",
        "private-opt",
        "private-srv",
        "rlimit-as",
        "rlimit-cpu",
        "rlimit-fsize",
        "rlimit-nofile",
        "rlimit-nproc",
        "rlimit-sigpending",
    ];
    if valued {
        VALUED.contains(&name)
    } else {
        FLAGS.contains(&name)
    }
}

pub const SYSTEMD_RUN: Program = Program {
    names: &["systemd-run"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("help", "h", &["help"]),
            VERSION,
            flag("no-ask-password", "", &["no-ask-password"]),
            flag("user", "", &["user"]),
            flag("system", "", &["system"]),
            value("host", "H", &["host"]),
            value("machine", "M", &["machine"]),
            flag("scope", "", &["scope"]),
            value("unit", "u", &["unit"]),
            value("property", "p", &["property"]),
            value("description", "", &["description"]),
            value("slice", "", &["slice"]),
            flag("slice-inherit", "", &["slice-inherit"]),
            flag("no-block", "", &["no-block"]),
            flag("remain-after-exit", "r", &["remain-after-exit"]),
            flag("wait", "", &["wait"]),
            flag("send-sighup", "", &["send-sighup"]),
            value("service-type", "", &["service-type"]),
            value("uid", "", &["uid"]),
            value("gid", "", &["gid"]),
            value("nice", "", &["nice"]),
            value("working-directory", "", &["working-directory"]),
            flag("same-dir", "d", &["same-dir"]),
            value("setenv", "E", &["setenv"]),
            flag("pty", "t", &["pty"]),
            flag("pipe", "P", &["pipe"]),
            flag("quiet", "q", &["quiet"]),
            flag("collect", "G", &["collect"]),
            flag("shell", "S", &["shell"]),
            value("path-property", "", &["path-property"]),
            value("socket-property", "", &["socket-property"]),
            value("on-active", "", &["on-active"]),
            value("on-boot", "", &["on-boot"]),
            value("on-startup", "", &["on-startup"]),
            value("on-unit-active", "", &["on-unit-active"]),
            value("on-unit-inactive", "", &["on-unit-inactive"]),
            value("on-calendar", "", &["on-calendar"]),
            flag("on-timezone-change", "", &["on-timezone-change"]),
            flag("on-clock-change", "", &["on-clock-change"]),
            value("timer-property", "", &["timer-property"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: systemd_run,
    examples: examples![
        (OpenWorld, "systemd-run --user cargo run"),
        (
            OpenWorld,
            "systemd-run --user --scope -p MemoryMax=2G cargo build",
        ),
        (Destructive, "systemd-run rm -rf /etc"),
        (Destructive, "systemd-run rm -rf etc"),
        (Destructive, "systemd-run --scope -d rm -rf ../../.wicket"),
        (
            Destructive,
            "systemd-run --working-directory=../.. --wait rm -rf .wicket",
        ),
        (
            Destructive,
            "systemd-run --user -p StandardOutput=file:{ws}/.wicket/x true",
        ),
        (Destructive, "systemd-run -E LITANY_CONV_BRANCH=x true"),
        (Opaque, "systemd-run -p ExecStartPre=/bin/rm true"),
        (OpenWorld, "systemd-run -H host rm -rf /etc"),
        (Opaque, "systemd-run --shell"),
    ],
    manual: "systemd-run (systemd 252): systemd-run --help",
};

fn systemd_run(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if let Some(host) = p.last("host").or_else(|| p.last("machine")) {
        r.note(
            OpenWorld,
            format!(
                "{shown} runs its program on {}, another machine, where paths mean other things",
                host.shown
            ),
        );
        return;
    }
    if p.has("shell") {
        r.note(
            Opaque,
            format!("{shown} runs an interactive shell whose commands wicket cannot see"),
        );
        return;
    }
    let Some(at) = program_at(run, 0) else {
        return runs_nothing(r, run, "has no program to run");
    };
    let mut inner = scope.clone();
    // A service starts in / (the user's home for --user) unless told;
    // a scope runs where systemd-run runs.
    if !(p.has("scope") || p.has("same-dir")) {
        inner.cwd = Some(if p.has("user") {
            inner.home(r.ctx)
        } else {
            "/".into()
        });
    }
    if let Some(dir) = p.last("working-directory") {
        let dir = dir.clone();
        enter(r, &shown, &dir, &mut inner);
    }
    for setting in p.values("setenv") {
        match assignment(setting) {
            Some((name, value)) => set_variable(r, &mut inner, &name, &value),
            None => match setting.text() {
                // `-E NAME` passes the caller's own value on.
                Some(name) if !name.contains('=') => {
                    r.check_assignment(name, setting);
                }
                _ => {
                    r.note(
                        Opaque,
                        format!(
                            "{shown} sets a variable named at run time ({})",
                            setting.shown
                        ),
                    );
                    return;
                }
            },
        }
    }
    for property in p.values("property") {
        if !unit_property(r, &shown, property, &mut inner) {
            return;
        }
    }
    let later = [
        "on-active",
        "on-boot",
        "on-startup",
        "on-unit-active",
        "on-unit-inactive",
        "on-calendar",
        "on-timezone-change",
        "on-clock-change",
    ];
    if later.iter().any(|k| p.has(k)) || p.has("path-property") || p.has("socket-property") {
        r.note(
            Process,
            format!("{shown} runs its program later, when a timer, path or socket fires"),
        );
    } else if !(p.has("scope") || p.has("wait") || p.has("pty") || p.has("pipe")) {
        r.note(
            Process,
            format!("{shown} runs its program as a service that outlives the call"),
        );
    }
    launch(r, run, at, &mut inner);
}

/// One `-p NAME=VALUE` of a transient unit. `false`: it could not be read
/// (and a note says so).
fn unit_property(r: &mut Reader, shown: &str, property: &Arg, inner: &mut Scope) -> bool {
    let Some((name, value)) = property.text().and_then(|t| t.split_once('=')) else {
        r.note(
            Opaque,
            format!(
                "{shown}: the unit property `{}` is only known when it runs",
                property.shown
            ),
        );
        return false;
    };
    match name {
        "StandardOutput" | "StandardError" => {
            for (prefix, change) in [
                ("file:", Change::Overwrite),
                ("truncate:", Change::Overwrite),
                ("append:", Change::Write),
            ] {
                if let Some(path) = value.strip_prefix(prefix) {
                    r.change(&Arg::literal(path), inner, change, Reach::Path, shown);
                }
            }
            true
        }
        "StandardInput" => {
            if let Some(path) = value.strip_prefix("file:") {
                r.reads(&Arg::literal(path), inner, shown);
            }
            true
        }
        "WorkingDirectory" => {
            enter(
                r,
                shown,
                &Arg::literal(value.trim_start_matches('-')),
                inner,
            );
            true
        }
        "Environment" => {
            for pair in value.split_whitespace() {
                let pair = pair.trim_matches('"');
                let (n, v) = pair.split_once('=').unwrap_or((pair, ""));
                set_variable(r, inner, n, &Arg::literal(v));
            }
            true
        }
        _ if UNIT_LIMITS.contains(&name) || name.starts_with("Limit") => true,
        _ => {
            r.note(
                Opaque,
                format!("{shown}: the unit property {name}= is not one wicket reads"),
            );
            false
        }
    }
}

/// Unit properties that only limit or describe the unit.
const UNIT_LIMITS: &[&str] = &[
    "MemoryMax",
    "MemoryHigh",
    "MemoryLow",
    "MemoryMin",
    "MemoryLimit",
    "MemorySwapMax",
    "MemoryAccounting",
    "CPUQuota",
    "CPUWeight",
    "CPUShares",
    "CPUAccounting",
    "AllowedCPUs",
    "IOWeight",
    "IOAccounting",
    "TasksMax",
    "TasksAccounting",
    "Nice",
    "RuntimeMaxSec",
    "TimeoutSec",
    "TimeoutStartSec",
    "TimeoutStopSec",
    "KillMode",
    "KillSignal",
    "SendSIGKILL",
    "Type",
    "Restart",
    "RestartSec",
    "RemainAfterExit",
    "Description",
    "CollectMode",
    "NoNewPrivileges",
    "PrivateTmp",
    "PrivateNetwork",
    "PrivateDevices",
    "ProtectSystem",
    "ProtectHome",
    "ProtectKernelTunables",
    "ProtectControlGroups",
    "ReadOnlyPaths",
    "InaccessiblePaths",
    "CPUSchedulingPolicy",
    "IOSchedulingClass",
    "OOMScoreAdjust",
    "User",
    "Group",
];

// ---------------------------------------------------------------------------
// Tracers and profilers: they run their program and write files of their own

pub const STRACE: Program = Program {
    names: &["strace"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("columns", "a", &["columns"]),
            flag("output-append-mode", "A", &["output-append-mode"]),
            value("detach-on", "b", &["detach-on"]),
            flag("summary-only", "c", &["summary-only"]),
            flag("summary", "C", &["summary"]),
            flag("debug", "d", &["debug"]),
            flag("daemonize", "D", &[]),
            attached("daemonize", "", &["daemonize"]),
            value("expression", "e", &[]),
            value("env", "E", &["env"]),
            flag("follow-forks", "f", &["follow-forks"]),
            flag("F", "F", &[]),
            flag("output-separately", "", &["output-separately"]),
            flag("help", "h", &["help"]),
            flag("instruction-pointer", "i", &["instruction-pointer"]),
            value("interruptible", "I", &["interruptible"]),
            flag("stack-traces", "k", &["stack-traces"]),
            flag("syscall-number", "n", &["syscall-number"]),
            value("output", "o", &["output"]),
            value(
                "summary-syscall-overhead",
                "O",
                &["summary-syscall-overhead"],
            ),
            value("attach", "p", &["attach"]),
            value("trace-path", "P", &["trace-path"]),
            flag("quiet", "q", &[]),
            attached("quiet", "", &["quiet"]),
            flag("relative-timestamps", "r", &[]),
            attached("relative-timestamps", "", &["relative-timestamps"]),
            value("string-limit", "s", &["string-limit"]),
            value("summary-sort-by", "S", &["summary-sort-by"]),
            flag("absolute-timestamps", "t", &[]),
            attached(
                "absolute-timestamps",
                "",
                &["absolute-timestamps", "timestamps"],
            ),
            flag("syscall-times", "T", &[]),
            attached("syscall-times", "", &["syscall-times"]),
            value("user", "u", &["user"]),
            value("summary-columns", "U", &["summary-columns"]),
            flag("no-abbrev", "v", &["no-abbrev"]),
            flag("version", "V", &["version"]),
            flag("summary-wall-clock", "w", &["summary-wall-clock"]),
            flag("strings-in-hex", "x", &[]),
            attached("strings-in-hex", "", &["strings-in-hex"]),
            value("const-print-style", "X", &["const-print-style"]),
            flag("decode-fds", "y", &[]),
            attached("decode-fds", "", &["decode-fds"]),
            flag("decode-pids", "Y", &[]),
            value("decode-pids", "", &["decode-pids"]),
            flag("successful-only", "z", &["successful-only"]),
            flag("failed-only", "Z", &["failed-only"]),
            flag("seccomp-bpf", "", &["seccomp-bpf"]),
            attached("tips", "", &["tips"]),
            value("trace", "", &["trace"]),
            value("signal", "", &["signal", "signals"]),
            value("status", "", &["status"]),
            value("abbrev", "", &["abbrev"]),
            value("verbose", "", &["verbose"]),
            value("raw", "", &["raw"]),
            value("read", "", &["read"]),
            value("write", "", &["write"]),
            value("kvm", "", &["kvm"]),
            value("inject", "", &["inject"]),
            value("fault", "", &["fault"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: strace,
    examples: examples![
        (OpenWorld, "strace -f -o trace.txt ./app"),
        (OpenWorld, "strace -c cargo test"),
        (OpenWorld, "strace -ff -o traces/t -e trace=file make"),
        (Destructive, "strace -f -o /dev/null rm -rf /etc"),
        (Destructive, "strace -o ../../.wicket/t true"),
        (Destructive, "strace -fo../../.wicket/t true"),
        (Destructive, "strace --output=../../repo.git/config true"),
        (Opaque, "strace --out=../../repo.git/config true"),
        (Destructive, "strace -ff -o ../../.wicket/t true"),
        (Destructive, "strace -o '|rm -rf ../../.wicket' true"),
        (Destructive, "strace -E LITANY_CONV_BRANCH=x true"),
        (Destructive, "strace -E WICKET_X true"),
        (Secret, "strace -p 1234"),
        (Secret, "strace -f --attach=1234 -s 9999"),
        (Secret, "strace -f -v sh -c true"),
        (Secret, "strace -fv true"),
        (Secret, "strace --no-abbrev true"),
        (Secret, "strace -e abbrev=none true"),
        (Secret, "strace --abbrev=execve true"),
        (OpenWorld, "strace -e trace=execve cargo build"),
        (Opaque, "strace -e inject=openat:error=ENOENT true"),
        (Opaque, "strace --fault=unlink true"),
        (Read, "strace -V"),
    ],
    manual: "strace 6.1: strace --help",
};

fn strace(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("attach") {
        r.guard(
            Secret,
            format!("{shown} traces a process already running, reading the data it reads and writes (credentials among them)"),
        );
        return;
    }
    // `-v` (`--no-abbrev`, `-e abbrev=none`) prints every execve's
    // environment in full, the model provider's key among it.
    let unabbreviated = p.has("no-abbrev")
        || p.values("abbrev").any(|a| a.text() != Some("all"))
        || p.values("expression").any(|e| {
            e.text().is_none_or(|t| {
                t.strip_prefix("abbrev=")
                    .or_else(|| t.strip_prefix("a="))
                    .is_some_and(|set| set != "all")
            })
        });
    if unabbreviated {
        r.guard(
            Secret,
            format!(
                "{shown} prints every program's environment in full as it starts (strace's -v)"
            ),
        );
        return;
    }
    let tampers = p.has("inject")
        || p.has("fault")
        || p.values("expression").any(|e| {
            e.text()
                .is_none_or(|t| t.starts_with("inject") || t.starts_with("fault"))
        });
    if tampers {
        r.note(
            Opaque,
            format!("{shown} tampers with its program's system calls, so what it does is not what its words say"),
        );
        return;
    }
    let mut inner = scope.clone();
    for setting in p.values("env") {
        match assignment(setting) {
            Some((name, value)) => set_variable(r, &mut inner, &name, &value),
            None => unset_variable(r, &mut inner, &shown, setting),
        }
    }
    if p.has("user") {
        r.note(
            OpenWorld,
            format!("{shown} runs its program as another user"),
        );
    }
    if let Some(file) = p.last("output") {
        trace_output(r, run, file, scope);
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, &mut inner),
        None => runs_nothing(r, run, "has no program to trace"),
    }
}

/// `strace -o FILE`: FILE, or `FILE.PID` for each process with `-ff`, or a
/// command the output is piped to (`-o '|cmd'`).
fn trace_output(r: &mut Reader, run: &Run, file: &Arg, scope: &Scope) {
    let p = &run.parsed;
    if let Some(command) = file.text().and_then(|t| t.strip_prefix(['|', '!'])) {
        run_text(
            r,
            &format!("{} (its output pipe)", run.shown()),
            &Arg::literal(command),
            scope,
        );
        return;
    }
    let separately = p.has("output-separately")
        || p.options
            .iter()
            .filter(|g| g.opt.key == "follow-forks")
            .count()
            >= 2;
    let change = if p.has("output-append-mode") {
        Change::Write
    } else {
        Change::Overwrite
    };
    if separately {
        writes(r, run, &numbered(file, "."), change, scope);
    } else {
        writes(r, run, file, change, scope);
    }
}

/// `FILE.<number>`: the files a program names after a process or a count.
fn numbered(file: &Arg, separator: &str) -> Arg {
    Arg {
        values: file
            .values
            .as_ref()
            .map(|vs| vs.iter().map(|v| format!("{v}{separator}[0-9]*")).collect()),
        glob: true,
        shown: format!("{}{separator}<pid>", file.shown),
    }
}

pub const LTRACE: Program = Program {
    names: &["ltrace"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("align", "a", &["align"]),
            value("A", "A", &[]),
            flag("no-signals", "b", &["no-signals"]),
            flag("c", "c", &[]),
            flag("demangle", "C", &["demangle"]),
            value("debug", "D", &["debug"]),
            value("e", "e", &[]),
            flag("f", "f", &[]),
            value("config", "F", &["config"]),
            flag("help", "h", &["help"]),
            flag("i", "i", &[]),
            value("library", "l", &["library"]),
            flag("L", "L", &[]),
            value("indent", "n", &["indent"]),
            value("output", "o", &["output"]),
            value("p", "p", &[]),
            flag("r", "r", &[]),
            value("s", "s", &[]),
            flag("S", "S", &[]),
            flag("t", "t", &[]),
            flag("T", "T", &[]),
            value("u", "u", &[]),
            flag("version", "V", &["version"]),
            value("where", "w", &["where"]),
            value("x", "x", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: ltrace,
    examples: examples![
        (Secret, "ltrace -o calls.txt ./app"),
        (OpenWorld, "ltrace -c ./app"),
        (Destructive, "ltrace -c -o ../../.wicket/x true"),
        (Destructive, "ltrace -c -f rm -rf /etc"),
        (Secret, "ltrace -f rm -rf /etc"),
        (Secret, "ltrace -p 1234"),
    ],
    manual: "ltrace 0.7.3 (Debian 12, not installed here): ltrace --help",
};

fn ltrace(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("p") {
        r.guard(
            Secret,
            format!("{shown} traces a process already running, reading the data it passes to its libraries"),
        );
        return;
    }
    if let Some(config) = p.last("config") {
        r.reads(config, scope, &shown);
    }
    if let Some(file) = p.last("output") {
        writes(r, run, file, Change::Overwrite, scope);
    }
    match program_at(run, 0) {
        Some(at) => {
            // It prints every library call's strings and what it returned,
            // to the terminal or its -o file: getenv's values, the
            // environment the program reads (the provider key among it),
            // unless it only counts (-c).
            if !p.has("c") {
                r.guard(
                    Secret,
                    format!("{shown}: ltrace prints the strings the program's library calls pass and return, getenv's values among them"),
                );
            }
            launch(r, run, at, scope)
        }
        None => runs_nothing(r, run, "has no program to trace"),
    }
}

const PERF_RECORD: Grammar = Grammar {
    style: POSIX,
    options: &[
        flag("help", "h", &["help"]),
        flag("all-cpus", "a", &["all-cpus"]),
        flag("branch-any", "b", &["branch-any"]),
        flag("no-buildid", "B", &["no-buildid"]),
        value("count", "c", &["count"]),
        value("cpu", "C", &["cpu"]),
        flag("data", "d", &["data"]),
        value("delay", "D", &["delay"]),
        value("event", "e", &["event"]),
        value("freq", "F", &["freq"]),
        flag("g", "g", &[]),
        value("cgroup", "G", &["cgroup"]),
        attached("intr-regs", "I", &["intr-regs"]),
        flag("no-inherit", "i", &["no-inherit"]),
        value("branch-filter", "j", &["branch-filter"]),
        value("clockid", "k", &["clockid"]),
        value("mmap-pages", "m", &["mmap-pages"]),
        flag("no-buildid-cache", "N", &["no-buildid-cache"]),
        flag("no-samples", "n", &["no-samples"]),
        value("output", "o", &["output"]),
        flag("period", "P", &["period"]),
        value("pid", "p", &["pid"]),
        flag("quiet", "q", &["quiet"]),
        flag("raw-samples", "R", &["raw-samples"]),
        value("realtime", "r", &["realtime"]),
        attached("snapshot", "S", &["snapshot"]),
        flag("stat", "s", &["stat"]),
        value("tid", "t", &["tid"]),
        flag("timestamp", "T", &["timestamp"]),
        value("uid", "u", &["uid"]),
        flag("verbose", "v", &["verbose"]),
        flag("weight", "W", &["weight"]),
        attached("compression-level", "z", &["compression-level"]),
        value("affinity", "", &["affinity"]),
        attached("aio", "", &["aio"]),
        flag("all-cgroups", "", &["all-cgroups"]),
        flag("all-kernel", "", &["all-kernel"]),
        flag("all-user", "", &["all-user"]),
        attached("aux-sample", "", &["aux-sample"]),
        flag("buildid-all", "", &["buildid-all"]),
        flag("buildid-mmap", "", &["buildid-mmap"]),
        value("call-graph", "", &["call-graph"]),
        value("clang-opt", "", &["clang-opt"]),
        value("clang-path", "", &["clang-path"]),
        flag("code-page-size", "", &["code-page-size"]),
        value("control", "", &["control"]),
        flag("data-page-size", "", &["data-page-size"]),
        attached("debuginfod", "", &["debuginfod"]),
        flag("dry-run", "", &["dry-run"]),
        flag("exclude-perf", "", &["exclude-perf"]),
        value("filter", "", &["filter"]),
        flag("group", "", &["group"]),
        flag("kcore", "", &["kcore"]),
        flag("kernel-callchains", "", &["kernel-callchains"]),
        value("max-size", "", &["max-size"]),
        value("mmap-flush", "", &["mmap-flush"]),
        flag("namespaces", "", &["namespaces"]),
        flag("no-bpf-event", "", &["no-bpf-event"]),
        flag("no-buffering", "", &["no-buffering"]),
        value("num-thread-synthesize", "", &["num-thread-synthesize"]),
        flag("off-cpu", "", &["off-cpu"]),
        flag("overwrite", "", &["overwrite"]),
        flag("per-thread", "", &["per-thread"]),
        flag("phys-data", "", &["phys-data"]),
        value("proc-map-timeout", "", &["proc-map-timeout"]),
        flag("running-time", "", &["running-time"]),
        flag("sample-cpu", "", &["sample-cpu"]),
        flag("sample-identifier", "", &["sample-identifier"]),
        flag("strict-freq", "", &["strict-freq"]),
        flag("switch-events", "", &["switch-events"]),
        value("switch-max-files", "", &["switch-max-files"]),
        attached("switch-output", "", &["switch-output"]),
        value("switch-output-event", "", &["switch-output-event"]),
        value("synth", "", &["synth"]),
        flag("tail-synthesize", "", &["tail-synthesize"]),
        attached("threads", "", &["threads"]),
        flag("timestamp-boundary", "", &["timestamp-boundary"]),
        flag("timestamp-filename", "", &["timestamp-filename"]),
        flag("transaction", "", &["transaction"]),
        flag("user-callchains", "", &["user-callchains"]),
        attached("user-regs", "", &["user-regs"]),
        value("vmlinux", "", &["vmlinux"]),
    ],
};

const PERF_STAT: Grammar = Grammar {
    style: POSIX,
    options: &[
        flag("help", "h", &["help"]),
        flag("all-cpus", "a", &["all-cpus"]),
        flag("no-aggr", "A", &["no-aggr"]),
        flag("big-num", "B", &["big-num"]),
        value("cpu", "C", &["cpu"]),
        value("delay", "D", &["delay"]),
        flag("detailed", "d", &["detailed"]),
        value("event", "e", &["event"]),
        value("cgroup", "G", &["cgroup"]),
        flag("group", "g", &["group"]),
        value("interval-print", "I", &["interval-print"]),
        flag("no-inherit", "i", &["no-inherit"]),
        flag("json-output", "j", &["json-output"]),
        value("metrics", "M", &["metrics"]),
        flag("null", "n", &["null"]),
        value("output", "o", &["output"]),
        value("pid", "p", &["pid"]),
        value("repeat", "r", &["repeat"]),
        flag("sync", "S", &["sync"]),
        value("tid", "t", &["tid"]),
        flag("transaction", "T", &["transaction"]),
        flag("verbose", "v", &["verbose"]),
        value("field-separator", "x", &["field-separator"]),
        flag("all-kernel", "", &["all-kernel"]),
        flag("all-user", "", &["all-user"]),
        flag("append", "", &["append"]),
        value("control", "", &["control"]),
        value("cputype", "", &["cputype"]),
        value("filter", "", &["filter"]),
        value("for-each-cgroup", "", &["for-each-cgroup"]),
        flag("hybrid-merge", "", &["hybrid-merge"]),
        flag("interval-clear", "", &["interval-clear"]),
        value("interval-count", "", &["interval-count"]),
        attached("iostat", "", &["iostat"]),
        value("log-fd", "", &["log-fd"]),
        flag("metric-no-group", "", &["metric-no-group"]),
        flag("metric-no-merge", "", &["metric-no-merge"]),
        flag("metric-only", "", &["metric-only"]),
        flag("no-csv-summary", "", &["no-csv-summary"]),
        flag("no-merge", "", &["no-merge"]),
        flag("per-core", "", &["per-core"]),
        flag("per-die", "", &["per-die"]),
        flag("per-node", "", &["per-node"]),
        flag("per-socket", "", &["per-socket"]),
        flag("per-thread", "", &["per-thread"]),
        flag("percore-show-thread", "", &["percore-show-thread"]),
        value("post", "", &["post"]),
        value("pre", "", &["pre"]),
        flag("quiet", "", &["quiet"]),
        flag("scale", "", &["scale"]),
        // perf's parse-options takes `--no-` before any flag; the help
        // names this one.
        flag("no-scale", "", &["no-scale"]),
        flag("smi-cost", "", &["smi-cost"]),
        flag("summary", "", &["summary"]),
        flag("table", "", &["table"]),
        value("td-level", "", &["td-level"]),
        value("timeout", "", &["timeout"]),
        flag("topdown", "", &["topdown"]),
    ],
};

const PERF_TRACE: Grammar = Grammar {
    style: POSIX,
    options: &[
        flag("help", "h", &["help"]),
        flag("all-cpus", "a", &["all-cpus"]),
        value("cpu", "C", &["cpu"]),
        value("delay", "D", &["delay"]),
        value("event", "e", &["event"]),
        flag("force", "f", &["force"]),
        value("pf", "F", &["pf"]),
        value("cgroup", "G", &["cgroup"]),
        value("input", "i", &["input"]),
        value("mmap-pages", "m", &["mmap-pages"]),
        value("output", "o", &["output"]),
        value("pid", "p", &["pid"]),
        flag("summary", "s", &["summary"]),
        flag("with-summary", "S", &["with-summary"]),
        value("tid", "t", &["tid"]),
        flag("time", "T", &["time"]),
        value("uid", "u", &["uid"]),
        flag("verbose", "v", &["verbose"]),
        value("call-graph", "", &["call-graph"]),
        flag("comm", "", &["comm"]),
        value("duration", "", &["duration"]),
        flag("errno-summary", "", &["errno-summary"]),
        value("expr", "", &["expr"]),
        flag("failure", "", &["failure"]),
        value("filter", "", &["filter"]),
        value("filter-pids", "", &["filter-pids"]),
        flag("kernel-syscall-graph", "", &["kernel-syscall-graph"]),
        flag("libtraceevent_print", "", &["libtraceevent_print"]),
        value("map-dump", "", &["map-dump"]),
        value("max-events", "", &["max-events"]),
        value("max-stack", "", &["max-stack"]),
        value("min-stack", "", &["min-stack"]),
        flag("no-inherit", "", &["no-inherit"]),
        flag("print-sample", "", &["print-sample"]),
        value("proc-map-timeout", "", &["proc-map-timeout"]),
        flag("sched", "", &["sched"]),
        flag("show-on-off-events", "", &["show-on-off-events"]),
        flag("sort-events", "", &["sort-events"]),
        value("switch-off", "", &["switch-off"]),
        value("switch-on", "", &["switch-on"]),
        flag("syscalls", "", &["syscalls"]),
        flag("tool_stats", "", &["tool_stats"]),
    ],
};

pub const PERF: Program = Program {
    names: &["perf"],
    // A subcommand, each with its own grammar (perf's parse-options: bundled
    // short options, unique prefixes, options end at the program).
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: perf,
    examples: examples![
        (OpenWorld, "perf record -g ./target/release/app"),
        (OpenWorld, "perf stat -e cycles cargo bench"),
        (Read, "perf report --stdio"),
        (Read, "perf list"),
        (Read, "perf --version"),
        (Destructive, "perf record -o ../../.wicket/p true"),
        (Destructive, "perf stat --out=../../repo.git/config true"),
        (Destructive, "perf record -- rm -rf /etc"),
        (Destructive, "perf trace -o ../../.wicket/t true"),
        (Destructive, "perf probe -a do_sys_open"),
        (Opaque, "perf script -s evil.py"),
        (Opaque, "perf kvm record"),
        (OpenWorld, "perf record -p 1234 -o perf.data"),
    ],
    manual: "perf 6.1: perf --help, perf record -h, perf stat -h, perf trace -h",
};

fn perf(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let argv = &run.inv.argv;
    let mut i = 1;
    while let Some(word) = argv.get(i).and_then(Arg::text) {
        match word {
            "--version" | "-v" | "version" | "--help" | "-h" | "help" => {
                return runs_nothing(r, run, "prints its help or version");
            }
            "--no-pager" | "-P" | "--paginate" | "-p" => i += 1,
            w if w.starts_with("--debug") => i += 1,
            w if w.starts_with('-') => {
                r.note(
                    Opaque,
                    format!("{shown}: perf's option `{w}` is not one wicket reads"),
                );
                return;
            }
            _ => break,
        }
    }
    let Some(sub) = argv.get(i) else {
        return runs_nothing(r, run, "prints its help");
    };
    let Some(name) = sub.text() else {
        r.note(
            Opaque,
            format!(
                "{shown}: perf's subcommand `{}` is only known when it runs",
                sub.shown
            ),
        );
        return;
    };
    let rest = &argv[i + 1..];
    let first = i + 1;
    let grammar = match name {
        "record" => PERF_RECORD,
        "stat" => PERF_STAT,
        "trace" => PERF_TRACE,
        "report" | "annotate" | "script" | "diff" | "evlist" | "buildid-list" | "list" | "top"
        | "bench" | "kallsyms" => {
            let words: Vec<String> = rest.iter().map(|a| a.shown.clone()).collect();
            let runs = words.iter().any(|w| {
                w.starts_with("--objdump")
                    || w.starts_with("--addr2line")
                    || (name == "script"
                        && (matches!(w.as_str(), "-s" | "-g")
                            || w.starts_with("--script")
                            || w.starts_with("--gen-script")))
            });
            if runs {
                r.note(
                    Opaque,
                    format!("{shown} runs a program or script of its own that wicket cannot read"),
                );
            } else {
                r.note(Read, format!("{shown} reads and reports profiles"));
            }
            return;
        }
        "config" => {
            if rest.iter().any(|a| a.shown.contains('=')) {
                let file = if rest.iter().any(|a| a.text() == Some("--system")) {
                    "/etc/perfconfig".to_owned()
                } else {
                    format!("{}/.perfconfig", scope.home(r.ctx))
                };
                r.change(
                    &Arg::literal(&file),
                    scope,
                    Change::Write,
                    Reach::Path,
                    &shown,
                );
            } else {
                r.note(Read, format!("{shown} reads perf's configuration"));
            }
            return;
        }
        "buildid-cache" => {
            r.note(
                OpenWorld,
                format!("{shown} changes perf's build-id cache in the home directory"),
            );
            return;
        }
        "probe" => {
            if rest
                .iter()
                .any(|a| matches!(a.text(), Some("-l" | "--list")))
            {
                r.note(Read, format!("{shown} lists kernel probes"));
            } else {
                r.note(
                    Destructive,
                    format!(
                        "{shown} adds or removes the kernel's probes, which changes the machine"
                    ),
                );
            }
            return;
        }
        other => {
            r.note(
                Opaque,
                format!("{shown}: `perf {other}` is not a subcommand wicket reads"),
            );
            return;
        }
    };
    let parsed = argv::parse(&grammar, rest, first);
    if let Some(problem) = &parsed.problem {
        r.note(
            Opaque,
            format!("{shown}: {}", problem.sentence(&format!("perf {name}"))),
        );
        return;
    }
    if parsed.has("help") {
        return runs_nothing(r, run, "prints its help");
    }
    if parsed.has("clang-path") {
        r.note(Opaque, format!("{shown} runs the clang it names"));
        return;
    }
    let observes = ["pid", "tid", "all-cpus", "uid", "cpu", "cgroup"]
        .iter()
        .any(|k| parsed.has(k));
    if observes {
        r.note(
            OpenWorld,
            format!("{shown} observes processes beyond the call"),
        );
    }
    if let Some(input) = parsed.last("input") {
        r.reads(input, scope, &shown);
    }
    let change = if parsed.has("append") {
        Change::Write
    } else {
        Change::Overwrite
    };
    match (name, parsed.last("output")) {
        (_, Some(file)) => {
            r.change(file, scope, change, Reach::Path, &shown);
            if parsed.has("switch-output") {
                r.change(&numbered(file, "."), scope, change, Reach::Path, &shown);
            }
        }
        // perf record writes ./perf.data, keeping the last one as .old.
        ("record", None) => {
            for file in ["perf.data", "perf.data.old"] {
                r.change(&Arg::literal(file), scope, change, Reach::Path, &shown);
            }
        }
        _ => {}
    }
    match parsed.operands.first() {
        Some((at, _)) => r.read_invocation(&run.inv.tail(*at), scope),
        None if observes => {}
        None if parsed.has("input") => {}
        None => runs_nothing(r, run, "has no program to profile"),
    }
}

pub const VALGRIND: Program = Program {
    names: &["valgrind"],
    // valgrind's options are `--name=value` only, read by valgrind itself
    // (no prefixes, no separate values); the program is the first word
    // that is not one.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: valgrind,
    examples: examples![
        (OpenWorld, "valgrind --leak-check=full ./app"),
        (
            OpenWorld,
            "valgrind --tool=massif --massif-out-file=massif.out cargo test",
        ),
        (OpenWorld, "valgrind --log-file=vg.%p.log make check"),
        (Destructive, "valgrind --log-file=../../.wicket/x true"),
        (
            Destructive,
            "valgrind --xml=yes --xml-file=../../repo.git/config true",
        ),
        (Destructive, "valgrind -q rm -rf /etc"),
        (Opaque, "valgrind --log-file=%q{HOME}/x true"),
        (Opaque, "valgrind --bogus=1 true"),
        (Read, "valgrind --version"),
    ],
    manual: "valgrind 3.19.0: valgrind --help and --tool=T --help for each tool",
};

/// valgrind options whose value is a file it writes.
const VALGRIND_OUTPUTS: &[&str] = &[
    "log-file",
    "xml-file",
    "xtree-memory-file",
    "xtree-leak-file",
    "cachegrind-out-file",
    "callgrind-out-file",
    "massif-out-file",
    "dhat-out-file",
    "bb-out-file",
    "pc-out-file",
];

/// Every other option valgrind 3.19 and its tools take.
const VALGRIND_OPTIONS: &[&str] = &[
    "tool",
    "help",
    "help-debug",
    "help-dyn-options",
    "version",
    "quiet",
    "verbose",
    "trace-children",
    "trace-children-skip",
    "trace-children-skip-by-arg",
    "child-silent-after-fork",
    "vgdb",
    "vgdb-error",
    "vgdb-stop-at",
    "track-fds",
    "time-stamp",
    "log-fd",
    "xml",
    "xml-fd",
    "xml-user-comment",
    "demangle",
    "num-callers",
    "error-limit",
    "exit-on-first-error",
    "error-exitcode",
    "error-markers",
    "show-error-list",
    "keep-debuginfo",
    "show-below-main",
    "default-suppressions",
    "suppressions",
    "gen-suppressions",
    "input-fd",
    "dsymutil",
    "max-stackframe",
    "main-stacksize",
    "alignment",
    "redzone-size",
    "xtree-memory",
    "fullpath-after",
    "extra-debuginfo-path",
    "allow-mismatched-debuginfo",
    "smc-check",
    "read-inline-info",
    "read-var-info",
    "vgdb-poll",
    "vgdb-shadow-registers",
    "run-libc-freeres",
    "run-cxx-freeres",
    "sim-hints",
    "fair-sched",
    "kernel-variant",
    "merge-recursive-frames",
    "num-transtab-sectors",
    "avg-transtab-entry-size",
    "aspace-minaddr",
    "valgrind-stacksize",
    "show-emwarns",
    "require-text-symbol",
    "soname-synonyms",
    "sigill-diagnostics",
    "unw-stack-scan-thresh",
    "unw-stack-scan-frames",
    "resync-filter",
    "max-threads",
    "leak-check",
    "leak-resolution",
    "show-leak-kinds",
    "errors-for-leak-kinds",
    "leak-check-heuristics",
    "show-reachable",
    "show-possibly-lost",
    "xtree-leak",
    "undef-value-errors",
    "track-origins",
    "partial-loads-ok",
    "expensive-definedness-checks",
    "freelist-vol",
    "freelist-big-blocks",
    "workaround-gcc296-bugs",
    "ignore-range-below-sp",
    "ignore-ranges",
    "malloc-fill",
    "free-fill",
    "keep-stacktraces",
    "show-mismatched-frees",
    "D1",
    "I1",
    "LL",
    "alloc-fn",
    "basic-count",
    "basic-counts",
    "branch-sim",
    "cache-sim",
    "cacheuse",
    "check-stack-refs",
    "check-stack-var",
    "collect-atstart",
    "collect-bus",
    "collect-jumps",
    "collect-systime",
    "combine-dumps",
    "compress-pos",
    "compress-strings",
    "conflict-cache-size",
    "delta-stacktrace",
    "depth",
    "detailed-counts",
    "detailed-freq",
    "dump-after",
    "dump-before",
    "dump-every-bb",
    "dump-instr",
    "dump-line",
    "exclusive-threshold",
    "first-race-only",
    "fn-skip",
    "fnname",
    "free-is-write",
    "heap",
    "heap-admin",
    "history-level",
    "ignore-fn",
    "ignore-thread-creation",
    "instr-atstart",
    "instr-count-only",
    "interval-size",
    "join-list-vol",
    "max-snapshots",
    "mode",
    "pages-as-heap",
    "peak-inaccuracy",
    "ptrace-addr",
    "report-signal-unlocked",
    "segment-merging",
    "segment-merging-interval",
    "separate-callers",
    "separate-recs",
    "separate-threads",
    "shared-threshold",
    "show-confl-seg",
    "show-stack-usage",
    "simulate-hwpref",
    "simulate-wb",
    "skip-direct-rec",
    "skip-plt",
    "stacks",
    "threshold",
    "time-unit",
    "toggle-collect",
    "trace-addr",
    "trace-alloc",
    "trace-barrier",
    "trace-cond",
    "trace-fork-join",
    "trace-hb",
    "trace-mem",
    "trace-mutex",
    "trace-rwlock",
    "trace-semaphore",
    "trace-superblocks",
    "track-lockorders",
    "zero-before",
];

fn valgrind(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let argv = &run.inv.argv;
    let mut tool = "memcheck".to_owned();
    let mut outputs: Vec<(String, Arg)> = Vec::new();
    let mut i = 1;
    while i < argv.len() {
        let arg = &argv[i];
        let Some(word) = arg.text() else {
            r.note(
                Opaque,
                format!(
                    "{shown}: valgrind's word `{}` is only known when it runs",
                    arg.shown
                ),
            );
            return;
        };
        if !word.starts_with('-') {
            break;
        }
        i += 1;
        match word {
            "-h" | "--help" | "--help-debug" | "--help-dyn-options" | "--version" => {
                return runs_nothing(r, run, "prints its help or version");
            }
            "-q" | "-v" | "-d" => continue,
            _ => {}
        }
        let body = word.trim_start_matches('-');
        let (name, value) = body.split_once('=').unwrap_or((body, ""));
        if !word.starts_with("--") {
            r.note(
                Opaque,
                format!("{shown}: valgrind's option `{word}` is not one wicket knows"),
            );
            return;
        }
        if VALGRIND_OUTPUTS.contains(&name) {
            outputs.push((name.to_owned(), Arg::literal(value)));
        } else if name == "vgdb-prefix" {
            outputs.push((
                name.to_owned(),
                Arg::literal(&format!("{value}-from-vgdb-to-[0-9]*")),
            ));
        } else if name == "log-socket" || name == "xml-socket" {
            r.note(OpenWorld, format!("{shown} sends its log to {value}"));
        } else if name == "suppressions" {
            r.reads(&Arg::literal(value), scope, &shown);
        } else if name == "tool" {
            tool = value.to_owned();
        } else if !VALGRIND_OPTIONS.contains(&name) {
            r.note(
                Opaque,
                format!("{shown}: valgrind's option `--{name}` is not one wicket knows"),
            );
            return;
        }
    }
    // Tools that write a profile name it after the process when not told.
    let default = match tool.as_str() {
        "callgrind" => Some(("callgrind-out-file", "callgrind.out.%p")),
        "cachegrind" => Some(("cachegrind-out-file", "cachegrind.out.%p")),
        "massif" => Some(("massif-out-file", "massif.out.%p")),
        "dhat" => Some(("dhat-out-file", "dhat.out.%p")),
        _ => None,
    };
    if let Some((key, file)) = default {
        if !outputs.iter().any(|(k, _)| k == key) {
            outputs.push((key.to_owned(), Arg::literal(file)));
        }
    }
    for (_, file) in &outputs {
        match valgrind_file(file.text().unwrap_or("")) {
            Some(file) => r.change(&file, scope, Change::Overwrite, Reach::Path, &shown),
            None => {
                r.note(
                    Opaque,
                    format!(
                        "{shown} writes {}, a name holding an environment variable only known when it runs",
                        file.shown
                    ),
                );
            }
        }
    }
    if i >= argv.len() {
        return runs_nothing(r, run, "has no program to run");
    }
    launch_words(r, run.inv, argv[i..].to_vec(), scope);
}

/// A valgrind file name with `%p` (the pid) and `%n` (a count) as any
/// number; `%q{VAR}` (a variable's value) is not known.
fn valgrind_file(name: &str) -> Option<Arg> {
    if name.contains("%q") {
        return None;
    }
    let glob = name.contains("%p") || name.contains("%n");
    let text = name
        .replace("%p", "[0-9]*")
        .replace("%n", "[0-9]*")
        .replace("%%", "%");
    Some(Arg {
        values: Some(vec![text]),
        glob,
        shown: name.to_owned(),
    })
}

// ---------------------------------------------------------------------------
// Another user

pub const SUDO: Program = Program {
    names: &["sudo", "sudoedit"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("askpass", "A", &["askpass"]),
            value("auth-type", "a", &["auth-type"]),
            flag("background", "b", &["background"]),
            flag("bell", "B", &["bell"]),
            value("close-from", "C", &["close-from"]),
            value("login-class", "c", &["login-class"]),
            value("chdir", "D", &["chdir"]),
            flag("preserve-env", "E", &[]),
            attached("preserve-env", "", &["preserve-env"]),
            flag("edit", "e", &["edit"]),
            value("group", "g", &["group"]),
            flag("set-home", "H", &["set-home"]),
            // `-h` alone is help; `-hHOST` (or `--host=HOST`) names a host.
            attached("host", "h", &[]),
            value("host", "", &["host"]),
            HELP,
            flag("login", "i", &["login"]),
            flag("remove-timestamp", "K", &["remove-timestamp"]),
            flag("reset-timestamp", "k", &["reset-timestamp"]),
            flag("list", "l", &["list"]),
            flag("no-update", "N", &["no-update"]),
            flag("non-interactive", "n", &["non-interactive"]),
            flag("preserve-groups", "P", &["preserve-groups"]),
            value("prompt", "p", &["prompt"]),
            value("chroot", "R", &["chroot"]),
            value("role", "r", &["role"]),
            flag("stdin", "S", &["stdin"]),
            flag("shell", "s", &["shell"]),
            value("type", "t", &["type"]),
            value("command-timeout", "T", &["command-timeout"]),
            value("other-user", "U", &["other-user"]),
            value("user", "u", &["user"]),
            flag("version", "V", &["version"]),
            flag("validate", "v", &["validate"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: sudo,
    examples: examples![
        (OpenWorld, "sudo apt-get install -y jq"),
        (Destructive, "sudo rm -rf /etc"),
        (Destructive, "sudo -u root -E rm -rf /etc"),
        (Destructive, "sudo -u other rm -rf ../../.wicket"),
        (Destructive, "sudo -uother -- rm -rf ../../.wicket"),
        (Destructive, "sudo --user=other env -C ../.. rm -rf .wicket"),
        (Destructive, "sudo -D ../.. rm -rf .wicket"),
        (Destructive, "sudo LITANY_CONV_BRANCH=x true"),
        (Destructive, "sudo -s rm -rf /etc"),
        (Destructive, "sudo env X=1 nice -n5 timeout 5 rm -rf /etc"),
        (Destructive, "sudo -e ../../.wicket/trail.jsonl"),
        (Destructive, "sudoedit ../../repo.git/config"),
        (OpenWorld, "sudo -b sleep 100"),
        (Read, "sudo -l"),
        (Read, "sudo -h"),
        (Read, "sudo -k"),
        (Opaque, "sudo -i"),
        (Opaque, "sudo -s"),
        (Opaque, "sudo -R /mnt rm -rf /x"),
    ],
    manual: "sudo 1.9.13p3 (Debian 12, not installed here): sudo --help",
};

fn sudo(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    let help = p.has("help")
        || p.options
            .iter()
            .any(|g| g.opt.key == "host" && g.value.is_none());
    if help || p.has("version") {
        return runs_nothing(r, run, "prints its help or version");
    }
    if p.has("list") || p.has("validate") || p.has("remove-timestamp") {
        return runs_nothing(r, run, "lists or checks privileges and runs nothing");
    }
    let operands: Vec<Arg> = p.operand_args();
    if run.name == "sudoedit" || p.has("edit") {
        r.note(
            OpenWorld,
            format!("{shown} edits files as another user (root, usually)"),
        );
        for file in &operands {
            r.change(file, scope, Change::Write, Reach::Path, &shown);
        }
        return;
    }
    if let Some(root) = p.last("chroot") {
        r.note(
            Opaque,
            format!("{shown} runs its program with {} as its root, where every path means something else", root.shown),
        );
        return;
    }
    let mut inner = scope.clone();
    let mut program = 0;
    while let Some(arg) = operands.get(program) {
        match env_assignment(arg) {
            EnvWord::Program => break,
            EnvWord::Assignment(name, value) => {
                set_variable(r, &mut inner, &name, &value);
                program += 1;
            }
            EnvWord::Unknown => {
                r.note(
                    Opaque,
                    format!("{shown}: sudo's word `{}` is only known when it runs (a variable to set, or the program)", arg.shown),
                );
                return;
            }
        }
    }
    if program >= operands.len() {
        if p.has("shell") || p.has("login") {
            r.note(
                Opaque,
                format!(
                    "{shown} opens a shell as another user that reads commands wicket cannot see"
                ),
            );
        } else {
            runs_nothing(r, run, "has no program to run");
        }
        return;
    }
    r.note(
        OpenWorld,
        format!("{shown} runs its program as another user (root, usually)"),
    );
    if p.has("background") {
        r.note(
            Process,
            format!("{shown} runs its program in the background"),
        );
    }
    if let Some(dir) = p.last("chdir") {
        let dir = dir.clone();
        enter(r, &shown, &dir, &mut inner);
    } else if p.has("login") {
        // A login shell starts in the target user's home.
        inner.cwd = None;
    }
    // With -s or -i the words are escaped into one command line for the
    // shell, which runs the same program with the same words.
    let at = run.parsed.operands[program].0;
    launch(r, run, at, &mut inner);
}

pub const DOAS: Program = Program {
    names: &["doas"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("C", "C", &[]),
            flag("L", "L", &[]),
            flag("n", "n", &[]),
            flag("s", "s", &[]),
            value("u", "u", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: doas,
    examples: examples![
        (Destructive, "doas rm -rf /etc"),
        (Destructive, "doas -u other rm -rf ../../.wicket"),
        (Read, "doas -C /etc/doas.conf rm -rf /etc"),
        (Opaque, "doas -s"),
    ],
    manual: "opendoas 6.8.2 (Debian 12, not installed here): doas(1)",
};

fn doas(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if p.has("C") || p.has("L") {
        return runs_nothing(r, run, "checks its configuration and runs nothing");
    }
    match program_at(run, 0) {
        Some(at) => {
            r.note(
                OpenWorld,
                format!(
                    "{} runs its program as another user (root, usually)",
                    run.shown()
                ),
            );
            launch(r, run, at, scope);
        }
        None if p.has("s") => r.note(
            Opaque,
            format!(
                "{} opens a shell as another user that reads commands wicket cannot see",
                run.shown()
            ),
        ),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

const SU_OPTIONS: &[Opt] = &[
    flag("preserve-environment", "mp", &["preserve-environment"]),
    value("whitelist-environment", "w", &["whitelist-environment"]),
    value("group", "g", &["group"]),
    value("supp-group", "G", &["supp-group"]),
    flag("login", "l", &["login"]),
    value("command", "c", &["command"]),
    value("session-command", "", &["session-command"]),
    flag("fast", "f", &["fast"]),
    value("shell", "s", &["shell"]),
    flag("pty", "P", &["pty"]),
    UL_HELP,
    UL_VERSION,
];

pub const SU: Program = Program {
    names: &["su"],
    // su permutes: `su root -c '…'` and `su -c '…' root` are the same.
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: SU_OPTIONS,
    }),
    output: None,
    lists_paths_under: None,
    read: switch_user,
    examples: examples![
        (Destructive, "su -c 'rm -rf /etc'"),
        (Destructive, "su root -c 'rm -rf ../../.wicket'"),
        (Destructive, "su - other --command='rm -rf /etc'"),
        (Destructive, "su -s /bin/bash -c 'rm -rf /etc' nobody"),
        (Opaque, "su -s ./evil -c true"),
        (Opaque, "su"),
        (Opaque, "su - other"),
    ],
    manual: "su from util-linux 2.38.1: su --help",
};

pub const RUNUSER: Program = Program {
    names: &["runuser"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("user", "u", &["user"]),
            SU_OPTIONS[0],
            SU_OPTIONS[1],
            SU_OPTIONS[2],
            SU_OPTIONS[3],
            SU_OPTIONS[4],
            SU_OPTIONS[5],
            SU_OPTIONS[6],
            SU_OPTIONS[7],
            SU_OPTIONS[8],
            SU_OPTIONS[9],
            SU_OPTIONS[10],
            SU_OPTIONS[11],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: switch_user,
    examples: examples![
        (Destructive, "runuser -u nobody -- rm -rf /etc"),
        (Destructive, "runuser -u nobody touch ../../.wicket/x"),
        (Opaque, "runuser -u nobody rm -rf ../../.wicket"),
        (Destructive, "runuser nobody -c 'rm -rf /etc'"),
        (Opaque, "runuser nobody"),
    ],
    manual: "runuser from util-linux 2.38.1: runuser --help",
};

/// su and runuser: `-c TEXT` for the user's shell, or (runuser) `-u USER
/// PROGRAM…`; otherwise an interactive shell.
fn switch_user(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if run.name == "runuser" && p.has("user") {
        r.note(
            OpenWorld,
            format!("{shown} runs its program as another user"),
        );
        match program_at(run, 0) {
            Some(at) => launch(r, run, at, scope),
            None => runs_nothing(r, run, "has no program to run"),
        }
        return;
    }
    r.note(OpenWorld, format!("{shown} runs a shell as another user"));
    let command = p.last("command").or_else(|| p.last("session-command"));
    if let Some(shell) = p.last("shell") {
        if !shell.text().is_some_and(is_system_shell) {
            r.note(
                Opaque,
                format!(
                    "{shown} runs {} as the shell, a program wicket cannot read",
                    shell.shown
                ),
            );
            return;
        }
    }
    match command {
        Some(text) => {
            let mut inner = shell_scope(scope);
            // A login shell (`-`, `-l`) starts in the user's home.
            let login = p.has("login")
                || p.operands
                    .first()
                    .is_some_and(|(_, a)| a.text() == Some("-"));
            if login {
                inner.cwd = None;
            }
            match text.text() {
                Some(t) => r.read_text(t, &mut inner),
                None => r.note(
                    Opaque,
                    format!(
                        "{shown} runs `{}` as shell text, which is only known when it runs",
                        text.shown
                    ),
                ),
            }
        }
        None => r.note(
            Opaque,
            format!("{shown} opens a shell that reads commands wicket cannot see"),
        ),
    }
}

pub const SG: Program = Program {
    names: &["sg"],
    // `sg [-] GROUP [-c] COMMAND`: the command is one word, run by
    // `/bin/sh -c` under the group; with no command, a shell reading its
    // input.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: switch_group,
    examples: examples![
        (Destructive, "sg users -c 'rm -rf ../../.wicket'"),
        (Destructive, "sg users 'rm -rf ../../.wicket'"),
        (Destructive, "sg - users -c 'rm -rf ../../.wicket'"),
        (Opaque, "sg users -c \"$x\""),
        (Opaque, "sg users"),
        (Read, "sg users -c 'ls'"),
    ],
    manual: "sg from shadow 4.13 (Debian 12): sg(1); verified here: `sg users -c TEXT` and `sg users TEXT` run TEXT with /bin/sh",
};

pub const NEWGRP: Program = Program {
    names: &["newgrp"],
    // `newgrp [-] [GROUP]`: a new shell under the group, reading commands
    // from its input (verified: `newgrp users <<EOF` runs what the here-doc
    // holds).
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: switch_group,
    examples: examples![
        (Opaque, "newgrp users <<< 'rm -rf ../../.wicket'"),
        (Opaque, "newgrp"),
    ],
    manual: "newgrp from shadow 4.13 (Debian 12): newgrp(1)",
};

/// sg and newgrp: a shell under another group, given its text (`sg -c`) or
/// reading its input.
fn switch_group(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut words = run.inv.argv.iter().skip(1).peekable();
    if words.peek().is_some_and(|a| a.text() == Some("-")) {
        words.next();
    }
    // The group.
    let group = words.next();
    let command = if run.name == "sg" {
        match words.next() {
            Some(a) if a.text() == Some("-c") => words.next(),
            other => other,
        }
    } else {
        None
    };
    match (group, command) {
        (Some(_), Some(text)) => run_text(r, &shown, text, scope),
        _ => r.note(
            Opaque,
            format!("{shown} opens a shell under another group that reads commands from its input, which wicket does not read"),
        ),
    }
}

// ---------------------------------------------------------------------------
// Programs that build command lines from their input

pub const XARGS: Program = Program {
    names: &["xargs"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("null", "0", &["null"]),
            value("arg-file", "a", &["arg-file"]),
            value("delimiter", "d", &["delimiter"]),
            value("E", "E", &[]),
            attached("eof", "e", &["eof"]),
            value("I", "I", &[]),
            attached("replace", "i", &["replace"]),
            value("max-lines", "L", &["max-lines"]),
            attached("l", "l", &[]),
            value("max-args", "n", &["max-args"]),
            flag("open-tty", "o", &["open-tty"]),
            value("max-procs", "P", &["max-procs"]),
            flag("interactive", "p", &["interactive"]),
            value("process-slot-var", "", &["process-slot-var"]),
            flag("no-run-if-empty", "r", &["no-run-if-empty"]),
            value("max-chars", "s", &["max-chars"]),
            flag("show-limits", "", &["show-limits"]),
            flag("verbose", "t", &["verbose"]),
            flag("exit", "x", &["exit"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: xargs,
    examples: examples![
        (Read, "git ls-files | xargs wc -l"),
        (Read, "xargs"),
        (TargetWrite, "grep -rl foo src | xargs sed -i s/foo/bar/g"),
        (OpenWorld, "git ls-files '*.rs' | xargs rustfmt"),
        (TargetWrite, "find . -name '*.py' | xargs sed -i s/a/b/"),
        (TargetWrite, "find src -name '*.o' -print0 | xargs -0 rm -f"),
        (TargetWrite, "find . -name '*.txt' | xargs -I{} cp {} dest/"),
        // Items from an unknown input: each copied file could be a key,
        // read back from dest/ later.
        (Opaque, "xargs -I{} cp {} dest/"),
        (TargetWrite, "git diff --name-only | xargs -r git add --"),
        (
            TargetWrite,
            "rg -l TODO | sort -u | xargs sed -i s/TODO/DONE/",
        ),
        (Destructive, "xargs -I{} rm -rf /etc"),
        (
            Destructive,
            "find {other} -name '*.rs' | xargs sed -i s/a/b/",
        ),
        (Opaque, "find ../.. -name '*.rs' | xargs sed -i s/a/b/"),
        (
            Destructive,
            "find . -name '*.py' | xargs -I{} cp {} ../../.wicket/",
        ),
        (
            Destructive,
            "echo x | xargs --process-slot-var=LITANY_X true",
        ),
        (Destructive, "xargs -a list rm -rf ../../.wicket"),
        (Opaque, "xargs rm"),
        (Opaque, "find . -name '*.tmp' | xargs rm -f < list"),
        (Opaque, "xargs -a list rm"),
        (Opaque, "cat list | xargs rm -rf"),
        (Opaque, "xargs -I{} {} --version"),
        (TargetWrite, "grep -rl foo . | xargs sed -i s/a/b/"),
        (Opaque, "grep -rl gitdir . | xargs sed -i s/a/b/"),
        (Opaque, "grep -rlv foo . | xargs sed -i s/a/b/"),
        (Opaque, "find -L . -name '*.py' | xargs sed -i s/a/b/"),
        (Opaque, "find . -type f | xargs sed -i s/a/b/"),
    ],
    manual: "xargs (GNU findutils) 4.9.0: xargs --help",
};

fn xargs(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let mut inner = scope.clone();
    if let Some(name) = p.last("process-slot-var") {
        let slot = Arg {
            values: None,
            glob: false,
            shown: "<slot number>".into(),
        };
        match name.text() {
            Some(n) => set_variable(r, &mut inner, n, &slot),
            None => {
                r.note(
                    Opaque,
                    format!("{shown} sets a variable named at run time ({})", name.shown),
                );
                return;
            }
        }
    }
    // Where its items come from, and what each stands for.
    let file = p.last("arg-file");
    if let Some(file) = file {
        r.reads(file, scope, &shown);
    }
    let listed = if file.is_none() {
        run.inv.stdin_paths.clone()
    } else {
        None
    };
    let item = match &listed {
        Some(dir) => listed_stand_in(r, dir, scope),
        None => Arg {
            values: None,
            glob: false,
            shown: "<an item of its input>".into(),
        },
    };
    let item_shown = item.shown.clone();
    let replace: Option<String> = p
        .options
        .iter()
        .rfind(|g| g.opt.key == "I" || g.opt.key == "replace")
        .map(|g| match &g.value {
            Some(v) => v.text().map(str::to_owned).unwrap_or_default(),
            None => "{}".to_owned(),
        });
    if replace.as_deref() == Some("") {
        r.note(
            Opaque,
            format!("{shown}: xargs's replace string is only known when it runs"),
        );
        return;
    }
    let mut argv: Vec<Arg> = match program_at(run, 0) {
        Some(at) => run.inv.argv[at..].to_vec(),
        // With no command it runs echo.
        None => vec![Arg::literal("echo")],
    };
    let mut extra_operands = false;
    match &replace {
        Some(token) => {
            for arg in argv.iter_mut() {
                // The token as xargs sees it: in the word's value (`"$x"`
                // holding `{}`), not only in its spelling.
                let holds = arg.shown.contains(token.as_str())
                    || arg
                        .values
                        .iter()
                        .flatten()
                        .any(|v| v.contains(token.as_str()));
                if holds {
                    *arg = replaced(arg, token, &item);
                }
            }
        }
        None if listed.is_some() => argv.push(item),
        // A program wicket has no description for gets the items as a word
        // only known when it runs (`xargs shuf -e x -o` writes where its
        // input says); a described one reads them as its appended words.
        None if argv
            .first()
            .and_then(Arg::text)
            .is_some_and(|p| !p.contains('/') && super::find(p).is_none()) =>
        {
            argv.push(item)
        }
        None => extra_operands = true,
    }
    // The command's stdin is /dev/null unless the items came from a file.
    let inner_inv = Invocation {
        argv,
        stdin: if file.is_some() {
            run.inv.stdin
        } else {
            Stdin::Inherited
        },
        extra_operands,
        stdin_paths: None,
        lookup: Lookup::Path,
        stdin_text: None,
    };
    // Items from input wicket cannot see are chosen when it runs.
    let chosen = listed.is_none();
    if chosen {
        r.chosen_words.borrow_mut().insert(item_shown);
    }
    let outer = r.xargs_items_chosen.replace(chosen);
    r.read_invocation(&inner_inv, &mut inner);
    r.xargs_items_chosen.set(outer);
}

/// An item from a command that only lists paths under `dir`: "some path
/// under `dir`", as a pattern over its names. The producers vouch that no
/// protected entry the pattern would not show is among what they print
/// ([`listing_is_safe`]); a directory that is itself protected stands for
/// itself, so any change to one of its paths is a change to it.
fn listed_stand_in(r: &Reader, dir: &str, scope: &Scope) -> Arg {
    let dir = dir.trim_end_matches('/');
    let base = if dir.is_empty() { "." } else { dir };
    let shown = format!("<a path under {base} from its input>");
    if let Some(Place::Protected { .. }) = r.place(base, scope) {
        return Arg {
            values: Some(vec![base.to_owned()]),
            glob: false,
            shown,
        };
    }
    Arg {
        values: Some(vec![format!("{base}/*")]),
        glob: true,
        shown,
    }
}

/// `arg` with every `token` replaced by `item` (xargs -I, hyperfine's
/// parameters).
fn replaced(arg: &Arg, token: &str, item: &Arg) -> Arg {
    let shown = arg.shown.replace(token, &item.shown);
    let (Some(values), Some(items)) = (&arg.values, &item.values) else {
        return Arg {
            values: None,
            glob: false,
            shown,
        };
    };
    let mut out = Vec::new();
    for v in values {
        for i in items {
            out.push(v.replace(token, i));
        }
    }
    Arg {
        values: Some(out),
        glob: arg.glob || item.glob,
        shown,
    }
}

const PARALLEL_OPTIONS: &[Opt] = &[
    value("debug", "D", &["debug"]),
    flag("xargs", "", &["xargs"]),
    flag("m", "m", &[]),
    flag("X", "X", &[]),
    flag("v", "v", &[]),
    value("sql", "", &["sql"]),
    value("sql-master", "", &["sql-master", "sqlmaster"]),
    value("sql-worker", "", &["sql-worker", "sqlworker"]),
    value("sql-and-worker", "", &["sql-and-worker", "sqlandworker"]),
    value("joblog", "", &["joblog", "jl"]),
    value("results", "", &["results", "result", "res"]),
    flag("resume", "", &["resume"]),
    flag("resume-failed", "", &["resume-failed", "resumefailed"]),
    flag("retry-failed", "", &["retry-failed", "retryfailed"]),
    flag("silent", "", &["silent"]),
    flag("keep-order", "k", &["keep-order", "keeporder"]),
    flag(
        "no-keep-order",
        "",
        &["no-keep-order", "nokeeporder", "nok", "no-k"],
    ),
    flag("group", "", &["group"]),
    flag("g", "g", &[]),
    flag("ungroup", "u", &["ungroup"]),
    flag("latest-line", "", &["latest-line", "latestline", "ll"]),
    flag(
        "line-buffer",
        "",
        &[
            "line-buffer",
            "line-buffered",
            "linebuffer",
            "linebuffered",
            "lb",
        ],
    ),
    flag("tmux", "", &["tmux"]),
    flag("tmux-pane", "", &["tmux-pane", "tmuxpane"]),
    flag("null", "0", &["null"]),
    flag("quote", "q", &["quote"]),
    value("parens", "", &["parens"]),
    flag("plus", "", &["plus"]),
    value("I", "I", &[]),
    value("extensionreplace", "", &["extensionreplace", "er"]),
    value("U", "U", &[]),
    value("basenamereplace", "", &["basenamereplace", "bnr"]),
    value("dirnamereplace", "", &["dirnamereplace", "dnr"]),
    value(
        "basenameextensionreplace",
        "",
        &["basenameextensionreplace", "bner"],
    ),
    value("seqreplace", "", &["seqreplace"]),
    value("slotreplace", "", &["slotreplace"]),
    value("jobs", "j", &["jobs"]),
    value("delay", "", &["delay"]),
    value("ssh-delay", "", &["ssh-delay", "sshdelay"]),
    value("load", "", &["load"]),
    flag("noswap", "", &["noswap"]),
    flag(
        "max-line-length-allowed",
        "",
        &["max-line-length-allowed", "maxlinelengthallowed"],
    ),
    flag("number-of-cpus", "", &["number-of-cpus", "numberofcpus"]),
    flag(
        "number-of-sockets",
        "",
        &["number-of-sockets", "numberofsockets"],
    ),
    flag("number-of-cores", "", &["number-of-cores", "numberofcores"]),
    flag(
        "number-of-threads",
        "",
        &["number-of-threads", "numberofthreads"],
    ),
    flag(
        "use-sockets-instead-of-threads",
        "",
        &[
            "use-sockets-instead-of-threads",
            "usesocketsinsteadofthreads",
        ],
    ),
    flag(
        "use-cores-instead-of-threads",
        "",
        &["use-cores-instead-of-threads", "usecoresinsteadofthreads"],
    ),
    flag(
        "use-cpus-instead-of-cores",
        "",
        &["use-cpus-instead-of-cores", "usecpusinsteadofcores"],
    ),
    flag(
        "shell-quote",
        "",
        &["shell-quote", "shellquote", "shell_quote"],
    ),
    flag("tag", "", &["tag"]),
    value("tag-string", "", &["tag-string", "tagstring"]),
    flag("ctag", "", &["ctag"]),
    value("ctag-string", "", &["ctag-string", "ctagstring"]),
    flag("color", "", &["color", "colour"]),
    flag(
        "color-failed",
        "",
        &[
            "color-failed",
            "colour-failed",
            "colorfailed",
            "colourfailed",
            "color-fail",
            "colour-fail",
            "colorfail",
            "colourfail",
            "cf",
        ],
    ),
    flag("onall", "", &["onall"]),
    flag("nonall", "", &["nonall"]),
    flag(
        "filter-hosts",
        "",
        &["filter-hosts", "filterhosts", "filter-host"],
    ),
    value("sshloginfile", "", &["sshloginfile", "slf"]),
    flag("controlmaster", "M", &["controlmaster"]),
    value("ssh", "", &["ssh"]),
    value(
        "transfer-file",
        "",
        &[
            "transfer-file",
            "transferfile",
            "transfer-files",
            "transferfiles",
            "tf",
        ],
    ),
    value("return", "", &["return"]),
    value("trc", "", &["trc"]),
    flag("transfer", "", &["transfer"]),
    flag("cleanup", "", &["cleanup"]),
    value("basefile", "", &["basefile", "bf"]),
    value("template", "", &["template", "tmpl"]),
    value("B", "B", &[]),
    flag("ctrl-c", "", &["ctrl-c", "ctrlc"]),
    flag("no-ctrl-c", "", &["no-ctrl-c", "no-ctrlc", "noctrlc"]),
    value("work-dir", "", &["work-dir", "workdir", "wd"]),
    value("W", "W", &[]),
    value("rsync-opts", "", &["rsync-opts", "rsyncopts"]),
    value("tmpdir", "", &["tmpdir", "tempdir"]),
    value(
        "use-compress-program",
        "",
        &[
            "use-compress-program",
            "compress-program",
            "usecompressprogram",
            "compressprogram",
        ],
    ),
    value(
        "use-decompress-program",
        "",
        &[
            "use-decompress-program",
            "decompress-program",
            "usedecompressprogram",
            "decompressprogram",
        ],
    ),
    flag("compress", "", &["compress"]),
    flag("open-tty", "o", &["open-tty"]),
    flag("tty", "", &["tty"]),
    flag("T", "T", &[]),
    value("H", "H", &[]),
    flag("dry-run", "", &["dry-run", "dryrun", "dr"]),
    flag("progress", "", &["progress"]),
    flag("eta", "", &["eta"]),
    flag("bar", "", &["bar"]),
    value("total-jobs", "", &["total-jobs", "totaljobs", "total"]),
    flag("shuf", "", &["shuf"]),
    value("arg-sep", "", &["arg-sep", "argsep"]),
    value("arg-file-sep", "", &["arg-file-sep", "argfilesep"]),
    value("env", "", &["env"]),
    flag("recordenv", "", &["recordenv", "record-env"]),
    value("profile", "J", &["profile"]),
    flag("tollef", "", &["tollef"]),
    flag("gnu", "", &["gnu"]),
    flag("link", "", &["link", "xapply"]),
    value(
        "linkinputsource",
        "",
        &["linkinputsource", "xapplyinputsource"],
    ),
    flag("bibtex", "", &["bibtex", "citation"]),
    flag(
        "will-cite",
        "",
        &["will-cite", "willcite", "nn", "nonotice", "no-notice"],
    ),
    value("memfree", "", &["memfree"]),
    value("memsuspend", "", &["memsuspend"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("term-seq", "", &["term-seq", "termseq"]),
    value("max-procs", "P", &["max-procs", "maxprocs"]),
    value("delimiter", "d", &["delimiter"]),
    value("max-chars", "s", &["max-chars", "maxchars"]),
    value("arg-file", "a", &["arg-file", "argfile"]),
    flag("no-run-if-empty", "r", &["no-run-if-empty", "norunifempty"]),
    attached("replace", "i", &["replace"]),
    value("E", "E", &[]),
    attached("eof", "e", &["eof"]),
    value(
        "process-slot-var",
        "",
        &["process-slot-var", "processslotvar"],
    ),
    value("max-args", "n", &["max-args", "maxargs"]),
    value(
        "max-replace-args",
        "N",
        &["max-replace-args", "maxreplaceargs"],
    ),
    value("col-sep", "C", &["col-sep", "colsep"]),
    flag("csv", "", &["csv"]),
    flag("help", "h", &["help"]),
    value("L", "L", &[]),
    attached("max-lines", "l", &["max-lines", "maxlines"]),
    flag("interactive", "p", &["interactive"]),
    flag("verbose", "t", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("show-limits", "", &["show-limits", "showlimits"]),
    flag("exit", "x", &["exit"]),
    flag("semaphore", "", &["semaphore"]),
    value(
        "semaphore-timeout",
        "",
        &["semaphore-timeout", "semaphoretimeout", "st"],
    ),
    value(
        "semaphore-name",
        "",
        &["semaphore-name", "semaphorename", "id"],
    ),
    flag("fg", "", &["fg"]),
    flag("bg", "", &["bg"]),
    flag("wait", "", &["wait"]),
    flag("shebang", "", &["shebang", "hashbang"]),
    flag("skip-first-line", "", &["skip-first-line", "skipfirstline"]),
    flag("bug", "", &["bug"]),
    flag("pipe", "", &["pipe", "spreadstdin"]),
    flag("round-robin", "", &["round-robin", "roundrobin", "round"]),
    value("recstart", "", &["recstart"]),
    value("recend", "", &["recend"]),
    flag("regexp", "", &["regexp", "regex"]),
    flag(
        "remove-rec-sep",
        "",
        &["remove-rec-sep", "removerecsep", "rrs"],
    ),
    flag(
        "output-as-files",
        "",
        &["output-as-files", "outputasfiles", "files"],
    ),
    value("block-size", "", &["block-size", "blocksize", "block"]),
    value(
        "block-timeout",
        "",
        &["block-timeout", "blocktimeout", "bt"],
    ),
    value("header", "", &["header"]),
    flag("cat", "", &["cat"]),
    flag("fifo", "", &["fifo"]),
    flag("pipe-part", "", &["pipe-part", "pipepart"]),
    flag("tee", "", &["tee"]),
    value("shard", "", &["shard"]),
    value("bin", "", &["bin"]),
    value("group-by", "", &["group-by", "groupby"]),
    flag("hgrp", "", &["hgrp", "hostgrp", "hostgroup", "hostgroups"]),
    flag("embed", "", &["embed"]),
    value("sshlogin", "S", &["sshlogin"]),
    flag("plain", "", &["plain"]),
];

pub const PARALLEL: Program = Program {
    names: &["parallel"],
    // Getopt::Long with bundling and require_order: options end at the
    // command; `:::` and `::::` start the argument sources.
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: PARALLEL_OPTIONS,
    }),
    output: None,
    lists_paths_under: None,
    read: parallel,
    examples: examples![
        (TargetWrite, "parallel gzip ::: a.log b.log"),
        (OpenWorld, "parallel -j4 'cargo test -p {}' ::: core cli"),
        (Read, "parallel --dry-run rm ::: /etc"),
        (Destructive, "parallel rm ::: /etc /usr"),
        (Destructive, "parallel rm -rf ::: ../../.wicket"),
        (Destructive, "parallel 'rm -rf {}' ::: ../../.wicket"),
        (Destructive, "parallel rm -rf ../../{/} ::: x/.wicket"),
        (Destructive, "parallel ::: 'rm -rf ../../.wicket'"),
        (Destructive, "parallel -q rm -rf {} ::: ../../.wicket"),
        (
            Destructive,
            "parallel --joblog ../../.wicket/log true ::: 1",
        ),
        (Opaque, "parallel < jobs.txt"),
        (Opaque, "parallel rm :::: list"),
        (Opaque, "parallel echo {= s/x/y/ =} ::: a"),
    ],
    manual: "GNU parallel 20221122 (Debian 12, not installed here): its options_hash",
};

fn parallel(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if scope.vars.contains_key("PARALLEL") {
        r.note(
            Opaque,
            format!("{shown}: $PARALLEL adds options wicket has not read"),
        );
        return;
    }
    const UNREAD: &[&str] = &[
        "plus",
        "extensionreplace",
        "U",
        "basenamereplace",
        "dirnamereplace",
        "basenameextensionreplace",
        "seqreplace",
        "slotreplace",
        "arg-sep",
        "arg-file-sep",
        "shebang",
        "sql",
        "sql-master",
        "sql-worker",
        "sql-and-worker",
        "profile",
        "ssh",
        "use-compress-program",
        "use-decompress-program",
        "col-sep",
        "csv",
        "embed",
        "replace",
        "I",
        "eof",
        "max-lines",
        "filter-hosts",
        "tmux",
        "tmux-pane",
        "template",
    ];
    if let Some(given) = p.options.iter().find(|g| UNREAD.contains(&g.opt.key)) {
        r.note(
            Opaque,
            format!(
                "{shown}: parallel's option {} changes how it builds commands in ways wicket does not read",
                given.opt.key
            ),
        );
        return;
    }
    if p.has("dry-run") {
        return runs_nothing(r, run, "prints the commands it would run");
    }
    if p.has("sshlogin") || p.has("sshloginfile") {
        r.note(
            OpenWorld,
            format!("{shown} runs its commands on other hosts"),
        );
    }
    for key in ["joblog", "results", "tmpdir"] {
        if let Some(file) = p.last(key) {
            // `--joblog +FILE` appends.
            let file = Arg {
                shown: file.shown.trim_start_matches('+').to_owned(),
                values: file.values.as_ref().map(|vs| {
                    vs.iter()
                        .map(|v| v.trim_start_matches('+').to_owned())
                        .collect()
                }),
                glob: file.glob,
            };
            let reach = if key == "joblog" {
                Reach::Path
            } else {
                Reach::Tree
            };
            r.change(&file, scope, Change::Write, reach, &shown);
        }
    }
    if p.has("semaphore") || p.has("bg") {
        r.note(
            Process,
            format!("{shown} runs its command in the background"),
        );
    }
    // The command, then `:::` values and `::::` files.
    let words: Vec<Arg> = p.operand_args();
    let split = words
        .iter()
        .position(|a| matches!(a.text(), Some(":::" | "::::" | ":::+" | "::::+")));
    let (command, sources) = words.split_at(split.unwrap_or(words.len()));
    let mut inputs: Vec<Vec<Arg>> = Vec::new();
    let mut from_files = p.has("arg-file");
    for file in p.values("arg-file") {
        r.reads(file, scope, &shown);
    }
    let mut files_now = false;
    for arg in sources {
        match arg.text() {
            Some(":::" | ":::+") => {
                files_now = false;
                inputs.push(Vec::new());
            }
            Some("::::" | "::::+") => {
                files_now = true;
                from_files = true;
                inputs.push(Vec::new());
            }
            _ if files_now => r.reads(arg, scope, &shown),
            _ => {
                if let Some(values) = inputs.last_mut() {
                    values.push(arg.clone());
                }
            }
        }
    }
    let pipe = p.has("pipe") || p.has("pipe-part");
    // Each job's arguments: literal `:::` values, or what arrives at run
    // time (stdin, files), or a stand-in for paths a lister printed.
    let jobs: Vec<Vec<Arg>> = if from_files || (inputs.is_empty() && !pipe) {
        let item = match (&run.inv.stdin_paths, from_files) {
            (Some(dir), false) => listed_stand_in(r, dir, scope),
            _ => Arg {
                values: None,
                glob: false,
                shown: "<an argument from its input>".into(),
            },
        };
        vec![vec![item]]
    } else if pipe {
        vec![Vec::new()]
    } else {
        let mut jobs: Vec<Vec<Arg>> = vec![Vec::new()];
        for values in &inputs {
            let mut next = Vec::new();
            for job in &jobs {
                for v in values {
                    let mut j = job.clone();
                    j.push(v.clone());
                    next.push(j);
                }
            }
            jobs = next;
            if jobs.len() > 32 {
                r.note(
                    Opaque,
                    format!("{shown} runs more jobs than wicket reads one by one"),
                );
                return;
            }
        }
        jobs
    };
    let stdin = if pipe { Stdin::Fed } else { Stdin::Inherited };
    for job in &jobs {
        if command.is_empty() {
            // The arguments are the commands.
            match job.iter().map(Arg::text).collect::<Option<Vec<_>>>() {
                Some(parts) => r.read_text(&parts.join(" "), &mut shell_scope(scope)),
                None => r.note(
                    Opaque,
                    format!("{shown} runs commands it reads when it runs"),
                ),
            }
            continue;
        }
        if p.has("quote") {
            // Each word is quoted: the command runs as these words.
            let mut argv: Vec<Arg> = Vec::new();
            let mut used = false;
            for word in command {
                let (arg, hit) = parallel_word(word, job, false);
                used |= hit;
                argv.push(arg);
            }
            if !used {
                argv.extend(job.iter().cloned());
            }
            let inv = Invocation {
                argv,
                stdin,
                lookup: Lookup::Path,
                stdin_text: None,
                extra_operands: false,
                stdin_paths: None,
            };
            r.read_invocation(&inv, &mut scope.clone());
            continue;
        }
        // The words are joined into one line for the shell; each argument
        // is put in quoted.
        let mut line = Vec::new();
        let mut used = false;
        let mut known = true;
        for word in command {
            let (arg, hit) = parallel_word(word, job, true);
            used |= hit;
            match arg.text() {
                Some(t) => line.push(t.to_owned()),
                None => {
                    known = false;
                    line.push(arg.shown.clone());
                }
            }
        }
        if !used {
            for a in job {
                match quoted(a) {
                    Some(q) => line.push(q),
                    None => {
                        known = false;
                        line.push(a.shown.clone());
                    }
                }
            }
        }
        if known {
            r.read_text(&line.join(" "), &mut shell_scope(scope));
        } else {
            r.note(
                Opaque,
                format!(
                    "{shown} runs `{}`, a command line only known when it runs",
                    line.join(" ")
                ),
            );
        }
    }
}

/// One command word of parallel with the job's arguments put in for its
/// replacement strings, and whether it had one. `quote`: each argument is
/// shell-quoted, as parallel does when the line goes to a shell.
fn parallel_word(word: &Arg, job: &[Arg], quote: bool) -> (Arg, bool) {
    let Some(text) = word.text() else {
        return (word.clone(), false);
    };
    let unknown = |shown: &str| Arg {
        values: None,
        glob: false,
        shown: shown.to_owned(),
    };
    if text.contains("{=") {
        return (unknown(text), true);
    }
    let mut out = String::new();
    let mut known = true;
    let mut hit = false;
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let inner = &rest[open + 1..open + close];
        let digits = inner.len() - inner.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let index = inner[..digits].parse::<usize>().ok();
        let op = &inner[digits..];
        let value: Option<Option<String>> = match op {
            "" | "." | "/" | "//" | "/." => {
                let args: Vec<&Arg> = match index {
                    Some(n) => job.get(n.wrapping_sub(1)).into_iter().collect(),
                    None => job.iter().collect(),
                };
                let mut parts = Vec::new();
                let mut all = true;
                for a in args {
                    match (a.text(), a.glob) {
                        (Some(v), false) => {
                            let v = transform(v, op);
                            parts.push(if quote { shell_quote(&v) } else { v });
                        }
                        // A lister's stand-in stays a pattern.
                        (None, true) if op.is_empty() => {
                            parts.push(a.values.as_ref().map(|v| v[0].clone()).unwrap_or_default())
                        }
                        _ => all = false,
                    }
                }
                Some(all.then(|| parts.join(" ")))
            }
            "#" | "%" if index.is_none() => Some(Some("1".to_owned())),
            _ => None,
        };
        match value {
            Some(v) => {
                hit = true;
                out.push_str(&rest[..open]);
                match v {
                    Some(v) => out.push_str(&v),
                    None => known = false,
                }
            }
            None => out.push_str(&rest[..open + close + 1]),
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    if !known {
        return (unknown(text), hit);
    }
    let glob = hit && job.iter().any(|a| a.glob);
    (
        Arg {
            values: Some(vec![out.clone()]),
            glob,
            shown: out,
        },
        hit,
    )
}

/// parallel's `{.}`, `{/}`, `{//}`, `{/.}` of one argument.
fn transform(value: &str, op: &str) -> String {
    let base = value.rsplit('/').next().unwrap_or(value);
    let no_ext = |s: &str| -> String {
        match s.rfind('.') {
            Some(dot) if dot > 0 && !s[dot..].contains('/') => s[..dot].to_owned(),
            _ => s.to_owned(),
        }
    };
    match op {
        "." => no_ext(value),
        "/" => base.to_owned(),
        "//" => match value.rfind('/') {
            Some(0) => "/".to_owned(),
            Some(at) => value[..at].to_owned(),
            None => ".".to_owned(),
        },
        "/." => no_ext(base),
        _ => value.to_owned(),
    }
}

/// A word quoted for the shell (a lister's stand-in stays a pattern).
fn quoted(arg: &Arg) -> Option<String> {
    let text = arg.values.as_ref().filter(|v| v.len() == 1)?[0].clone();
    if arg.glob {
        return Some(text);
    }
    Some(shell_quote(&text))
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

pub const WATCH: Program = Program {
    names: &["watch"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("beep", "b", &["beep"]),
            flag("color", "c", &["color"]),
            attached("differences", "d", &["differences"]),
            flag("errexit", "e", &["errexit"]),
            flag("chgexit", "g", &["chgexit"]),
            value("equexit", "q", &["equexit"]),
            value("interval", "n", &["interval"]),
            flag("precise", "p", &["precise"]),
            flag("no-title", "t", &["no-title"]),
            flag("no-wrap", "w", &["no-wrap"]),
            flag("exec", "x", &["exec"]),
            flag("help", "h", &["help"]),
            flag("version", "v", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: watch,
    examples: examples![
        (Read, "watch -n 5 'ls -la target'"),
        (Read, "watch -n1 git status"),
        (Destructive, "watch -n 1 rm -rf /etc"),
        (Destructive, "watch 'rm -rf /etc'"),
        (Destructive, "watch -x rm -rf ../../.wicket"),
        (Destructive, "watch -tx -- rm -rf ../../.wicket"),
        (Destructive, "watch 'echo x >' ../../.wicket/x"),
        (Opaque, "watch \"$cmd\""),
    ],
    manual: "watch from procps-ng 4.0.2: watch --help",
};

fn watch(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let Some(at) = program_at(run, 0) else {
        return runs_nothing(r, run, "has no command to run");
    };
    if run.parsed.has("exec") {
        return launch(r, run, at, scope);
    }
    // Its words joined with spaces, for `sh -c`.
    let words = &run.inv.argv[at..];
    let joined = Arg {
        values: words
            .iter()
            .map(|a| a.text().map(str::to_owned))
            .collect::<Option<Vec<_>>>()
            .map(|parts| vec![parts.join(" ")]),
        glob: false,
        shown: words
            .iter()
            .map(|a| a.shown.clone())
            .collect::<Vec<_>>()
            .join(" "),
    };
    run_text(r, &run.shown(), &joined, scope);
}

pub const FLOCK: Program = Program {
    names: &["flock"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("shared", "s", &["shared"]),
            flag("exclusive", "x", &["exclusive"]),
            flag("unlock", "u", &["unlock"]),
            flag("nonblock", "n", &["nonblock"]),
            value("timeout", "w", &["timeout"]),
            value("conflict-exit-code", "E", &["conflict-exit-code"]),
            flag("close", "o", &["close"]),
            // `-c TEXT` is read after the lock file, not by the parser.
            flag("command", "", &["command"]),
            flag("no-fork", "F", &["no-fork"]),
            flag("verbose", "", &["verbose"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: flock,
    examples: examples![
        (OpenWorld, "flock target/.lock cargo build"),
        (OpenWorld, "flock -w 10 build.lock -c 'make all'"),
        (Read, "flock 9"),
        (Destructive, "flock ../../.wicket/lock true"),
        (Destructive, "flock -o ../../.wicket/l -c true"),
        (Destructive, "flock /tmp/l rm -rf /etc"),
        (Destructive, "flock /tmp/l -c 'rm -rf /etc'"),
        (
            Destructive,
            "flock -n /tmp/l --command 'rm -rf ../../.wicket'",
        ),
        (Opaque, "SHELL=./evil flock /tmp/l -c true"),
    ],
    manual: "flock from util-linux 2.38.1: flock --help",
};

fn flock(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    let operands = &run.parsed.operands;
    let Some((_, lock)) = operands.first() else {
        return runs_nothing(r, run, "names no lock");
    };
    let numeric = lock
        .text()
        .is_some_and(|t| t.bytes().all(|b| b.is_ascii_digit()));
    if numeric && operands.len() == 1 {
        return runs_nothing(r, run, "locks an open descriptor");
    }
    // The lock file is created when missing (a directory is only opened).
    if !r.is_directory(lock, scope) {
        r.change(lock, scope, Change::Write, Reach::Path, &shown);
    }
    let Some((at, next)) = operands.get(1) else {
        return runs_nothing(r, run, "has no command to run");
    };
    if matches!(next.text(), Some("-c" | "--command")) {
        match operands.get(2) {
            Some((_, text)) if operands.len() == 3 => {
                run_text_with_user_shell(r, &shown, text, scope)
            }
            _ => runs_nothing(r, run, "rejects -c without exactly one command"),
        }
        return;
    }
    launch(r, run, *at, scope);
}

pub const SCRIPT: Program = Program {
    names: &["script"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("log-in", "I", &["log-in"]),
            value("log-out", "O", &["log-out"]),
            value("log-io", "B", &["log-io"]),
            value("log-timing", "T", &["log-timing"]),
            attached("timing", "t", &["timing"]),
            value("logging-format", "m", &["logging-format"]),
            flag("append", "a", &["append"]),
            value("command", "c", &["command"]),
            flag("return", "e", &["return"]),
            flag("flush", "f", &["flush"]),
            flag("force", "", &["force"]),
            value("echo", "E", &["echo"]),
            value("output-limit", "o", &["output-limit"]),
            flag("quiet", "q", &["quiet"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: typescript,
    examples: examples![
        (OpenWorld, "script -q -c 'cargo test' test.log"),
        (OpenWorld, "script -qec 'make' /dev/null"),
        (Destructive, "script -c true ../../.wicket/log"),
        (Destructive, "script -q -c true -O ../../.wicket/log"),
        (Destructive, "script -c 'rm -rf /etc' /dev/null"),
        (Destructive, "script --timing=../../.wicket/t -c true log"),
        (Opaque, "script"),
        (Opaque, "script -q out.log"),
    ],
    manual: "script from util-linux 2.38.1: script --help",
};

fn typescript(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let change = if p.has("append") {
        Change::Write
    } else {
        Change::Overwrite
    };
    let mut logs: Vec<Arg> = Vec::new();
    for key in ["log-in", "log-out", "log-io", "log-timing", "timing"] {
        logs.extend(p.values(key).cloned());
    }
    match p.operands.first() {
        Some((_, file)) => logs.push(file.clone()),
        // Without a log named, the session goes to ./typescript.
        None if !["log-in", "log-out", "log-io"].iter().any(|k| p.has(k)) => {
            logs.push(Arg::literal("typescript"))
        }
        None => {}
    }
    for log in &logs {
        r.change(log, scope, change, Reach::Path, &shown);
    }
    match p.last("command") {
        Some(text) => run_text_with_user_shell(r, &shown, text, scope),
        None => r.note(
            Opaque,
            format!("{shown} runs a shell that reads commands wicket cannot see"),
        ),
    }
}

pub const HYPERFINE: Program = Program {
    names: &["hyperfine"],
    // clap 3: options anywhere; `-P` takes three values and `-L` two, which
    // the grammar engine does not model, so the argv is read here.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: hyperfine,
    examples: examples![
        (OpenWorld, "hyperfine --warmup 3 'cargo run --release'"),
        (
            OpenWorld,
            "hyperfine -L t 1,4 'make -j {t}' --export-markdown bench.md",
        ),
        (Read, "hyperfine -N 'ls -la' 'ls'"),
        (Destructive, "hyperfine 'rm -rf /etc'"),
        (Destructive, "hyperfine --export-json ../../.wicket/x true"),
        (
            Destructive,
            "hyperfine -r 1 --export-json=../../.wicket/x true",
        ),
        (Destructive, "hyperfine -N 'rm -rf ../../.wicket'"),
        (
            Destructive,
            "hyperfine --prepare 'rm -rf ../../.wicket' true",
        ),
        (Destructive, "hyperfine -L d ../../.wicket,x 'rm -rf {d}'"),
        (Destructive, "hyperfine --output=../../repo.git/config true"),
        (Destructive, "hyperfine -iNr1 'rm -rf ../../.wicket'"),
        (Opaque, "hyperfine -S ./evil true"),
        (Opaque, "hyperfine --conclude 'rm -rf x' true"),
    ],
    manual: "hyperfine 1.15.0: hyperfine --help",
};

/// hyperfine's options: short letter, long name, how many values.
/// Short letter, long name, how many values.
type HyperfineOption = (&'static str, &'static str, usize);

const HYPERFINE_OPTIONS: &[HyperfineOption] = &[
    ("w", "warmup", 1),
    ("m", "min-runs", 1),
    ("M", "max-runs", 1),
    ("r", "runs", 1),
    ("s", "setup", 1),
    ("p", "prepare", 1),
    ("c", "cleanup", 1),
    ("P", "parameter-scan", 3),
    ("D", "parameter-step-size", 1),
    ("L", "parameter-list", 2),
    ("", "style", 1),
    ("S", "shell", 1),
    ("N", "N", 0),
    ("i", "ignore-failure", 0),
    ("u", "time-unit", 1),
    ("", "export-asciidoc", 1),
    ("", "export-csv", 1),
    ("", "export-json", 1),
    ("", "export-markdown", 1),
    ("", "export-orgmode", 1),
    ("", "show-output", 0),
    ("", "output", 1),
    ("n", "command-name", 1),
    ("h", "help", 0),
    ("V", "version", 0),
];

fn hyperfine(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let argv = &run.inv.argv;
    let mut given: Vec<(&str, Vec<Arg>)> = Vec::new();
    let mut commands: Vec<Arg> = Vec::new();
    let mut i = 1;
    let mut dashdash = false;
    while i < argv.len() {
        let arg = &argv[i];
        i += 1;
        let word = match arg.text() {
            Some(w) if !dashdash && w.starts_with('-') && w.len() > 1 => w,
            _ => {
                let could_be_option =
                    arg.values.is_none() && !dashdash && arg.shown.starts_with(['$', '"', '`']);
                if could_be_option {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: hyperfine's word `{}` is only known when it runs",
                            arg.shown
                        ),
                    );
                    return;
                }
                commands.push(arg.clone());
                continue;
            }
        };
        if word == "--" {
            dashdash = true;
            continue;
        }
        // `--name=value`, `--name value…`, `-xVALUE`, `-x value…`, flags
        // bundled in front of one that takes values.
        let mut found: Option<(&HyperfineOption, Option<String>)> = None;
        if let Some(long) = word.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (long, None),
            };
            match HYPERFINE_OPTIONS
                .iter()
                .find(|o| o.1 == name && name != "N")
            {
                Some(spec) => found = Some((spec, inline)),
                None => {
                    r.note(
                        Opaque,
                        format!("{shown}: hyperfine's option `{word}` is not one wicket knows"),
                    );
                    return;
                }
            }
        } else {
            for (k, c) in word[1..].char_indices() {
                let Some(spec) = HYPERFINE_OPTIONS
                    .iter()
                    .find(|o| o.0.len() == 1 && o.0.starts_with(c))
                else {
                    r.note(
                        Opaque,
                        format!("{shown}: hyperfine's option `-{c}` is not one wicket knows"),
                    );
                    return;
                };
                if spec.2 == 0 {
                    given.push((spec.1, Vec::new()));
                    continue;
                }
                let rest = &word[1 + k + c.len_utf8()..];
                found = Some((spec, (!rest.is_empty()).then(|| rest.to_owned())));
                break;
            }
        }
        let Some((spec, inline)) = found else {
            continue;
        };
        let mut values = Vec::new();
        if let Some(v) = inline {
            values.push(Arg::literal(&v));
        }
        while values.len() < spec.2 {
            let Some(v) = argv.get(i) else {
                r.note(
                    Opaque,
                    format!("{shown}: hyperfine's `{word}` lacks a value"),
                );
                return;
            };
            values.push(v.clone());
            i += 1;
        }
        given.push((spec.1, values));
    }
    let has = |name: &str| given.iter().any(|(n, _)| *n == name);
    if has("help") || has("version") {
        return runs_nothing(r, run, "prints its help or version");
    }
    for (name, values) in &given {
        let Some(file) = values.first() else { continue };
        let writes_file = name.starts_with("export-")
            || (*name == "output" && !matches!(file.text(), Some("null" | "pipe" | "inherit")));
        if writes_file {
            r.change(file, scope, Change::Overwrite, Reach::Path, &shown);
        }
    }
    // The shell each command runs in (`-N` is `--shell=none`).
    let shell = given
        .iter()
        .rev()
        .find(|(n, _)| matches!(*n, "shell" | "N"))
        .map(|(n, v)| match *n {
            "N" => Arg::literal("none"),
            _ => v[0].clone(),
        });
    let direct = match shell.as_ref().map(Arg::text) {
        None | Some(Some("default")) => false,
        Some(Some("none")) => true,
        Some(Some(text))
            if text
                .split_whitespace()
                .next()
                .is_some_and(|s| is_system_shell(s) || matches!(s, "sh" | "bash" | "dash")) =>
        {
            false
        }
        Some(_) => {
            r.note(
                Opaque,
                format!(
                    "{shown} runs its commands with the shell {}, which wicket cannot read",
                    shell.map(|s| s.shown).unwrap_or_default()
                ),
            );
            return;
        }
    };
    // Parameters: every value of a list, the ends of a scan.
    let mut parameters: Vec<(String, Vec<String>)> = Vec::new();
    for (name, values) in &given {
        if !matches!(*name, "parameter-list" | "parameter-scan") {
            continue;
        }
        let Some(texts) = values.iter().map(Arg::text).collect::<Option<Vec<&str>>>() else {
            r.note(
                Opaque,
                format!("{shown}: a parameter of hyperfine is only known when it runs"),
            );
            return;
        };
        let values = if *name == "parameter-list" {
            texts[1].split(',').map(str::to_owned).collect()
        } else {
            vec![texts[1].to_owned(), texts[2].to_owned()]
        };
        parameters.push((texts[0].to_owned(), values));
    }
    let mut texts: Vec<Arg> = commands;
    for (name, values) in &given {
        if matches!(*name, "setup" | "prepare" | "cleanup") {
            texts.extend(values.iter().cloned());
        }
    }
    for text in &texts {
        for variant in hyperfine_variants(text, &parameters) {
            if !direct {
                run_text(r, &shown, &variant, scope);
                continue;
            }
            match variant.text().and_then(split_words) {
                Some(words) if !words.is_empty() => {
                    let argv = words.iter().map(|w| Arg::literal(w)).collect();
                    launch_words(r, run.inv, argv, &mut scope.clone());
                }
                _ => r.note(
                    Opaque,
                    format!(
                        "{shown} runs `{}`, which wicket cannot split into words",
                        variant.shown
                    ),
                ),
            }
        }
    }
}

/// A command with each `{NAME}` of a parameter replaced by its values.
fn hyperfine_variants(text: &Arg, parameters: &[(String, Vec<String>)]) -> Vec<Arg> {
    let mut variants = vec![text.clone()];
    for (name, values) in parameters {
        let token = format!("{{{name}}}");
        if !text.shown.contains(&token) {
            continue;
        }
        let mut next = Vec::new();
        for v in &variants {
            for value in values {
                next.push(replaced(v, &token, &Arg::literal(value)));
            }
        }
        variants = next;
        if variants.len() > 64 {
            break;
        }
    }
    variants
}

/// Words split the way `shell-words` splits them (quotes and backslashes,
/// no expansions); `None` for an unterminated quote.
fn split_words(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut started = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if started {
                    words.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            '\'' => {
                started = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => current.push(c),
                    }
                }
            }
            '"' => {
                started = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => current.push(chars.next()?),
                        c => current.push(c),
                    }
                }
            }
            '\\' => {
                started = true;
                current.push(chars.next()?);
            }
            c => {
                started = true;
                current.push(c);
            }
        }
    }
    if started {
        words.push(current);
    }
    Some(words)
}

// ---------------------------------------------------------------------------
// Multi-call binaries, other roots, other daemons

pub const BUSYBOX: Program = Program {
    names: &["busybox", "toybox"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: busybox,
    examples: examples![
        (Read, "busybox --list"),
        (Read, "busybox"),
        (Read, "busybox ls -la"),
        (Destructive, "busybox rm -rf ../../.wicket"),
        (Destructive, "busybox /bin/rm -rf ../../.wicket"),
        (Destructive, "toybox rm -rf /etc"),
        (Destructive, "busybox sh -c 'rm -rf ../../.wicket'"),
        (Destructive, "busybox --install -s ../../.wicket"),
        (Opaque, "busybox $applet -rf x"),
    ],
    manual: "BusyBox 1.35.0 (Debian 12, not installed here): busybox --help; \
             applets are read with the descriptions of the programs they stand for",
};

fn busybox(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let argv = &run.inv.argv;
    let Some(applet) = argv.get(1) else {
        return runs_nothing(r, run, "lists its applets");
    };
    match applet.text() {
        Some("--list" | "--list-full" | "--help" | "--version") => {
            runs_nothing(r, run, "lists its applets")
        }
        Some("--install") => {
            // Links to itself for every applet, in DIR (or the system's
            // directories).
            let dir = argv
                .iter()
                .skip(2)
                .find(|a| a.text() != Some("-s"))
                .cloned()
                .unwrap_or_else(|| Arg::literal("/bin"));
            r.change(&dir, scope, Change::Write, Reach::Tree, &run.shown());
        }
        Some(name) => {
            // The applet is the last component of the word.
            let base = name.rsplit('/').next().unwrap_or(name);
            let mut words = vec![Arg::literal(base)];
            words.extend(argv[2..].iter().cloned());
            launch_words(r, run.inv, words, scope);
        }
        None => r.note(
            Opaque,
            format!(
                "{}: the applet `{}` is only known when it runs",
                run.shown(),
                applet.shown
            ),
        ),
    }
}

pub const CHROOT: Program = Program {
    names: &["chroot"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("groups", "", &["groups"]),
            value("userspec", "", &["userspec"]),
            flag("skip-chdir", "", &["skip-chdir"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: chroot,
    examples: examples![
        (Opaque, "chroot /mnt rm -rf /"),
        (Opaque, "chroot ../../repo.git sh"),
        (Destructive, "chroot / rm -rf etc"),
        (Destructive, "chroot --skip-chdir / rm -rf ../../.wicket"),
    ],
    manual: "chroot (GNU coreutils) 9.1: chroot --help",
};

fn chroot(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    let Some((_, root)) = run.parsed.operands.first() else {
        return runs_nothing(r, run, "names no root");
    };
    if root.text() != Some("/") {
        r.note(
            Opaque,
            format!(
                "{shown} runs a command with {} as its root, where every path means something else",
                root.shown
            ),
        );
        return;
    }
    let mut inner = scope.clone();
    if !run.parsed.has("skip-chdir") {
        inner.cwd = Some("/".into());
    }
    match program_at(run, 1) {
        Some(at) => launch(r, run, at, &mut inner),
        None => r.note(
            Opaque,
            format!("{shown} runs an interactive shell whose commands wicket cannot see"),
        ),
    }
}

pub const FAKEROOT: Program = Program {
    names: &["fakeroot"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("lib", "l", &["lib"]),
            value("faked", "f", &["faked"]),
            value("i", "i", &[]),
            value("s", "s", &[]),
            flag("unknown-is-real", "u", &["unknown-is-real"]),
            value("fd-base", "b", &["fd-base"]),
            flag("help", "h", &["help"]),
            flag("version", "v", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: fakeroot,
    examples: examples![
        (OpenWorld, "fakeroot make install DESTDIR=out"),
        (TargetWrite, "fakeroot -s state.db -- tar cf out.tar src"),
        (Destructive, "fakeroot rm -rf /etc"),
        (Destructive, "fakeroot -s ../../.wicket/x true"),
        (Opaque, "fakeroot -l ./evil.so true"),
        (Opaque, "fakeroot"),
    ],
    manual: "fakeroot 1.31: fakeroot --help",
};

fn fakeroot(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if let Some(lib) = p.last("lib") {
        r.note(
            Opaque,
            format!(
                "{shown} preloads {} into its program, code wicket cannot read",
                lib.shown
            ),
        );
        return;
    }
    if let Some(faked) = p.last("faked") {
        launch_words(r, run.inv, vec![faked.clone()], &mut scope.clone());
    }
    if let Some(state) = p.last("i") {
        r.reads(state, scope, &shown);
    }
    if let Some(state) = p.last("s") {
        r.change(state, scope, Change::Overwrite, Reach::Path, &shown);
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => r.note(
            Opaque,
            format!("{shown} runs an interactive shell whose commands wicket cannot see"),
        ),
    }
}

pub const DBUS_RUN_SESSION: Program = Program {
    names: &["dbus-run-session"],
    syntax: Syntax::Grammar(Grammar {
        // Its own loop: exact names, `--name=value` or `--name value`.
        style: Style {
            abbreviate: false,
            ..POSIX
        },
        options: &[
            value("config-file", "", &["config-file"]),
            value("dbus-daemon", "", &["dbus-daemon"]),
            // Its help names `--session` (what --config-file replaces);
            // it rejects the option, and then runs nothing.
            flag("session", "", &["session"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: dbus_run_session,
    examples: examples![
        (OpenWorld, "dbus-run-session -- cargo test"),
        (Destructive, "dbus-run-session rm -rf /etc"),
        (OpenWorld, "dbus-run-session --dbus-daemon=./fake true"),
    ],
    manual: "dbus-run-session 1.14: dbus-run-session --help",
};

fn dbus_run_session(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    if let Some(config) = p.last("config-file") {
        r.reads(config, scope, &run.shown());
    }
    if let Some(daemon) = p.last("dbus-daemon") {
        launch_words(r, run.inv, vec![daemon.clone()], &mut scope.clone());
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const START_STOP_DAEMON: Program = Program {
    names: &["start-stop-daemon"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("start", "S", &["start"]),
            flag("stop", "K", &["stop"]),
            flag("status", "T", &["status"]),
            flag("help", "H", &["help"]),
            flag("version", "V", &["version"]),
            value("pid", "", &["pid"]),
            value("ppid", "", &["ppid"]),
            value("pidfile", "p", &["pidfile"]),
            value("exec", "x", &["exec"]),
            value("name", "n", &["name"]),
            value("user", "u", &["user"]),
            value("group", "g", &["group"]),
            value("chuid", "c", &["chuid"]),
            value("signal", "s", &["signal"]),
            value("startas", "a", &["startas"]),
            value("chroot", "r", &["chroot"]),
            value("chdir", "d", &["chdir"]),
            value("nicelevel", "N", &["nicelevel"]),
            value("procsched", "P", &["procsched"]),
            value("iosched", "I", &["iosched"]),
            value("umask", "k", &["umask"]),
            flag("background", "b", &["background"]),
            flag("notify-await", "", &["notify-await"]),
            value("notify-timeout", "", &["notify-timeout"]),
            flag("no-close", "C", &["no-close"]),
            value("output", "O", &["output"]),
            flag("make-pidfile", "m", &["make-pidfile"]),
            flag("remove-pidfile", "", &["remove-pidfile"]),
            value("retry", "R", &["retry"]),
            flag("test", "t", &["test"]),
            flag("oknodo", "o", &["oknodo"]),
            flag("quiet", "q", &["quiet"]),
            flag("verbose", "v", &["verbose"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: start_stop_daemon,
    examples: examples![
        (
            OpenWorld,
            "start-stop-daemon --start -b --chdir . --exec /usr/bin/python3 -- -m http.server",
        ),
        (Destructive, "start-stop-daemon -S -x /bin/rm -- -rf /etc"),
        (Destructive, "start-stop-daemon -S -x /bin/rm -- -rf etc"),
        (Destructive, "start-stop-daemon --stop --name litany"),
        (Destructive, "start-stop-daemon --stop --user root"),
        (OpenWorld, "start-stop-daemon --stop --pidfile server.pid"),
        (Read, "start-stop-daemon --status --name nginx"),
        (Opaque, "start-stop-daemon -S -r /mnt -x /bin/true"),
    ],
    manual: "start-stop-daemon (dpkg 1.21): start-stop-daemon --help",
};

fn start_stop_daemon(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("status") || p.has("test") {
        return runs_nothing(r, run, "checks for a running program");
    }
    if p.has("stop") {
        let names: Vec<&Arg> = p.values("name").chain(p.values("exec")).collect();
        if names.iter().any(|n| n.text().is_none_or(names_harness)) {
            r.guard(
                Destructive,
                format!(
                    "{shown} stops processes that may be the harness ({})",
                    HARNESS.join(", ")
                ),
            );
        } else if names.is_empty() && !p.has("pid") && !p.has("pidfile") && !p.has("ppid") {
            r.guard(
                Destructive,
                format!("{shown} stops every process of a user, the harness's among them"),
            );
        } else {
            r.note(
                OpenWorld,
                format!("{shown} signals processes beyond the call"),
            );
        }
        if p.has("remove-pidfile") {
            if let Some(file) = p.last("pidfile") {
                r.change(file, scope, Change::Delete, Reach::Path, &shown);
            }
        }
        return;
    }
    if !p.has("start") {
        return runs_nothing(r, run, "has no command");
    }
    if let Some(root) = p.last("chroot") {
        r.note(
            Opaque,
            format!("{shown} starts its program with {} as its root, where every path means something else", root.shown),
        );
        return;
    }
    let Some(program) = p.last("startas").or_else(|| p.last("exec")) else {
        return runs_nothing(r, run, "has no program to start");
    };
    let mut inner = scope.clone();
    // The daemon starts in / unless told.
    match p.last("chdir") {
        Some(dir) => {
            let dir = dir.clone();
            enter(r, &shown, &dir, &mut inner);
        }
        None => inner.cwd = Some("/".into()),
    }
    if let Some(file) = p.last("output") {
        r.change(file, scope, Change::Write, Reach::Path, &shown);
    }
    if p.has("make-pidfile") {
        if let Some(file) = p.last("pidfile") {
            r.change(file, scope, Change::Overwrite, Reach::Path, &shown);
        }
    }
    if p.has("background") {
        r.note(
            Process,
            format!("{shown} starts a daemon that outlives the call"),
        );
    }
    let mut argv = vec![program.clone()];
    argv.extend(p.operand_args());
    launch_words(r, run.inv, argv, &mut inner);
}

pub const PLAIN: Program = Program {
    names: &["unbuffer", "eatmydata", "nocache", "catchsegv"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        // unbuffer's `-p` (read its program's input from a pipe); the
        // others take no options.
        options: &[flag("p", "p", &[])],
    }),
    output: None,
    lists_paths_under: None,
    read: plain_launcher,
    examples: examples![
        (OpenWorld, "unbuffer cargo test"),
        (OpenWorld, "eatmydata make"),
        (Destructive, "eatmydata rm -rf /etc"),
        (Destructive, "unbuffer -p rm -rf ../../.wicket"),
    ],
    manual: "unbuffer (expect 5.45), eatmydata 131, nocache 1.1, catchsegv (glibc): \
             not installed here; their manuals",
};

pub const PROXIED: Program = Program {
    names: &["proxychains", "proxychains4"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[flag("q", "q", &[]), value("f", "f", &[])],
    }),
    output: None,
    lists_paths_under: None,
    read: proxied,
    examples: examples![
        (OpenWorld, "proxychains4 -q curl -s https://example.com"),
        (Destructive, "proxychains rm -rf /etc"),
    ],
    manual: "proxychains-ng 4.16 (not installed here): proxychains4's usage",
};

pub const TORSOCKS: Program = Program {
    names: &["torsocks"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("user", "u", &["user"]),
            value("pass", "p", &["pass"]),
            value("address", "a", &["address"]),
            value("port", "P", &["port"]),
            flag("isolate", "i", &["isolate"]),
            flag("debug", "d", &["debug"]),
            flag("quiet", "q", &["quiet"]),
            flag("shell", "", &["shell"]),
            flag("help", "h", &["help"]),
            flag("version", "", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: proxied,
    examples: examples![
        (OpenWorld, "torsocks curl https://example.com"),
        (Destructive, "torsocks -i rm -rf /etc"),
        (Opaque, "torsocks --shell"),
    ],
    manual: "torsocks 2.4 (not installed here): torsocks --help",
};

fn proxied(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    if let Some(config) = run.parsed.last("f") {
        r.reads(config, scope, &run.shown());
    }
    if run.parsed.has("shell") {
        r.note(
            Opaque,
            format!(
                "{} opens a shell whose commands wicket cannot see",
                run.shown()
            ),
        );
        return;
    }
    let Some(at) = program_at(run, 0) else {
        return runs_nothing(r, run, "has no program to run");
    };
    r.note(
        OpenWorld,
        format!(
            "{} routes its program's connections through a proxy",
            run.shown()
        ),
    );
    launch(r, run, at, scope);
}

pub const CPULIMIT: Program = Program {
    names: &["cpulimit"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("limit", "l", &["limit"]),
            value("pid", "p", &["pid"]),
            value("exe", "e", &["exe"]),
            value("path", "P", &["path"]),
            flag("lazy", "z", &["lazy"]),
            flag("include-children", "i", &["include-children"]),
            flag("kill", "k", &["kill"]),
            flag("restore", "r", &["restore"]),
            flag("background", "b", &["background"]),
            flag("foreground", "f", &["foreground"]),
            value("cpu", "c", &["cpu"]),
            value("signal", "s", &["signal"]),
            flag("quiet", "q", &["quiet"]),
            flag("verbose", "v", &["verbose"]),
            flag("help", "h", &["help"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: cpulimit,
    examples: examples![
        (OpenWorld, "cpulimit -l 50 -- cargo build"),
        (Destructive, "cpulimit -l 50 rm -rf /etc"),
        (OpenWorld, "cpulimit -l 20 -p 1234"),
        (Destructive, "cpulimit -k -e litany"),
    ],
    manual: "cpulimit 2.8 (not installed here): cpulimit --help",
};

fn cpulimit(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let target = p.last("exe").or_else(|| p.last("path"));
    if let Some(target) = target {
        let harness = target.text().is_none_or(names_harness);
        if harness && (p.has("kill") || p.has("signal")) {
            r.guard(
                Destructive,
                format!(
                    "{shown} signals processes that may be the harness ({})",
                    HARNESS.join(", ")
                ),
            );
            return;
        }
    }
    if target.is_some() || p.has("pid") {
        r.note(
            OpenWorld,
            format!("{shown} throttles or signals processes beyond the call"),
        );
        return;
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const TSP: Program = Program {
    names: &["tsp", "ts"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("n", "n", &[]),
            flag("g", "g", &[]),
            flag("f", "f", &[]),
            flag("m", "m", &[]),
            value("L", "L", &[]),
            value("D", "D", &[]),
            value("W", "W", &[]),
            value("N", "N", &[]),
            flag("E", "E", &[]),
            flag("B", "B", &[]),
            flag("l", "l", &[]),
            flag("S", "S", &[]),
            flag("t", "t", &[]),
            flag("c", "c", &[]),
            flag("p", "p", &[]),
            flag("o", "o", &[]),
            flag("i", "i", &[]),
            flag("s", "s", &[]),
            flag("w", "w", &[]),
            flag("r", "r", &[]),
            flag("k", "k", &[]),
            flag("K", "K", &[]),
            flag("C", "C", &[]),
            flag("T", "T", &[]),
            flag("u", "u", &[]),
            flag("U", "U", &[]),
            flag("h", "h", &[]),
            flag("V", "V", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: tsp,
    examples: examples![
        (OpenWorld, "tsp cargo build --release"),
        (Destructive, "tsp rm -rf /etc"),
        (Read, "tsp -l"),
        (OpenWorld, "tsp -K"),
    ],
    manual: "task-spooler 1.0 (not installed here): tsp -h",
};

fn tsp(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    if ["k", "K", "r", "C", "T", "u", "U"].iter().any(|k| p.has(k)) {
        r.note(
            OpenWorld,
            format!("{shown} kills or removes queued jobs, or stops the queue's server"),
        );
        return;
    }
    if ["l", "S", "t", "c", "p", "o", "i", "s", "w", "h", "V"]
        .iter()
        .any(|k| p.has(k))
    {
        return runs_nothing(r, run, "reports on its queue");
    }
    match program_at(run, 0) {
        Some(at) => {
            r.note(
                Process,
                format!("{shown} queues its program to run beyond the call"),
            );
            launch(r, run, at, scope);
        }
        None => runs_nothing(r, run, "lists its queue"),
    }
}

pub const DAEMONIZE: Program = Program {
    names: &["daemonize"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("a", "a", &[]),
            value("c", "c", &[]),
            value("e", "e", &[]),
            value("o", "o", &[]),
            value("E", "E", &[]),
            value("p", "p", &[]),
            value("l", "l", &[]),
            value("u", "u", &[]),
            flag("v", "v", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: daemonize,
    examples: examples![
        (
            OpenWorld,
            "daemonize -c . -o out.log /usr/bin/python3 -m http.server",
        ),
        (Destructive, "daemonize /bin/rm -rf /etc"),
        (Destructive, "daemonize -o ../../.wicket/log /bin/true"),
        (Destructive, "daemonize /bin/rm -rf etc"),
    ],
    manual: "daemonize 1.7.8 (not installed here): daemonize(1)",
};

fn daemonize(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    let mut inner = scope.clone();
    // The daemon starts in / unless told.
    match p.last("c") {
        Some(dir) => {
            let dir = dir.clone();
            enter(r, &shown, &dir, &mut inner);
        }
        None => inner.cwd = Some("/".into()),
    }
    for key in ["e", "o"] {
        if let Some(file) = p.last(key) {
            let change = if p.has("a") {
                Change::Write
            } else {
                Change::Overwrite
            };
            r.change(file, scope, change, Reach::Path, &shown);
        }
    }
    for key in ["p", "l"] {
        if let Some(file) = p.last(key) {
            r.change(file, scope, Change::Overwrite, Reach::Path, &shown);
        }
    }
    for setting in p.values("E") {
        match assignment(setting) {
            Some((name, value)) => set_variable(r, &mut inner, &name, &value),
            None => {
                r.note(
                    Opaque,
                    format!(
                        "{shown} sets a variable only known when it runs ({})",
                        setting.shown
                    ),
                );
                return;
            }
        }
    }
    let Some(at) = program_at(run, 0) else {
        return runs_nothing(r, run, "has no program to run");
    };
    r.note(
        Process,
        format!("{shown} starts a daemon that outlives the call"),
    );
    launch(r, run, at, &mut inner);
}

pub const RLWRAP: Program = Program {
    names: &["rlwrap"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            attached("always-readline", "a", &["always-readline"]),
            flag("ansi-colour-aware", "A", &["ansi-colour-aware"]),
            value("break-chars", "b", &["break-chars"]),
            flag("complete-filenames", "c", &["complete-filenames"]),
            value("command-name", "C", &["command-name"]),
            value("history-no-dupes", "D", &["history-no-dupes"]),
            value(
                "extra-char-after-completion",
                "e",
                &["extra-char-after-completion"],
            ),
            value("file", "f", &["file"]),
            value("history-format", "F", &["history-format"]),
            value("forget-matching", "g", &["forget-matching"]),
            value("history-filename", "H", &["history-filename"]),
            flag("case-insensitive", "i", &["case-insensitive"]),
            value("logfile", "l", &["logfile"]),
            attached("multi-line", "m", &["multi-line"]),
            value("multi-line-ext", "M", &["multi-line-ext"]),
            flag("no-warnings", "n", &["no-warnings"]),
            flag("no-children", "N", &["no-children"]),
            flag("one-shot", "o", &["one-shot"]),
            value("only-cook", "O", &["only-cook"]),
            attached("prompt-colour", "p", &["prompt-colour"]),
            value("pre-given", "P", &["pre-given"]),
            value("quote-characters", "q", &["quote-characters"]),
            flag("remember", "r", &["remember"]),
            flag("renice", "R", &["renice"]),
            value("histsize", "s", &["histsize"]),
            value("substitute-prompt", "S", &["substitute-prompt"]),
            value("set-term-name", "t", &["set-term-name"]),
            flag("mirror-arguments", "U", &["mirror-arguments"]),
            value("wait-before-prompt", "w", &["wait-before-prompt"]),
            flag("polling", "W", &["polling"]),
            value("filter", "z", &["filter"]),
            flag("help", "h", &["help"]),
            flag("version", "v", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: rlwrap,
    examples: examples![
        (OpenWorld, "rlwrap -H hist.txt ./repl"),
        (Destructive, "rlwrap rm -rf /etc"),
        (Destructive, "rlwrap -l ../../.wicket/log cat"),
        (Opaque, "rlwrap -z ./filter cat"),
    ],
    manual: "rlwrap 0.46 (not installed here): rlwrap --help",
};

fn rlwrap(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("filter") {
        r.note(
            Opaque,
            format!("{shown} runs a filter program wicket cannot read"),
        );
        return;
    }
    if let Some(file) = p.last("file") {
        r.reads(file, scope, &shown);
    }
    for key in ["history-filename", "logfile"] {
        if let Some(file) = p.last(key) {
            r.change(file, scope, Change::Write, Reach::Path, &shown);
        }
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const CAFFEINATE: Program = Program {
    names: &["caffeinate"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("d", "d", &[]),
            flag("i", "i", &[]),
            flag("m", "m", &[]),
            flag("s", "s", &[]),
            flag("u", "u", &[]),
            value("t", "t", &[]),
            value("w", "w", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: plain_launcher,
    examples: examples![
        (OpenWorld, "caffeinate -i cargo build"),
        (Destructive, "caffeinate -dims rm -rf /etc"),
    ],
    manual: "caffeinate (macOS): caffeinate(8)",
};

// ---------------------------------------------------------------------------
// Signals: the harness is not the agent's to stop

/// The harness's own processes: litany, and wicket while it adjudicates.
const HARNESS: &[&str] = &["litany", "wicket"];

/// The command lines the harness runs under, for full-command-line
/// patterns (`pkill -f`): its programs by name and path, and the verbs an
/// operator starts litany with.
const HARNESS_COMMAND_LINES: &[&str] = &[
    "litany",
    "wicket",
    "/usr/local/bin/litany",
    "/usr/local/bin/wicket",
    "/usr/bin/litany",
    "litany prompt",
    "litany advance",
    "litany run",
    "litany new",
    "litany offline",
    "litany invoke",
];

/// What a note says when a command looks up the harness's process ids
/// (`pgrep litany`): a `kill` whose ids are only known at run time, in the
/// same command, is then taken for a kill of the harness.
const HARNESS_LOOKUP: &str = "looks up the harness's processes";

/// Whether a process name (or a path to a program) names the harness.
fn names_harness(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    HARNESS.contains(&base)
}

/// Whether a pattern matched the way pgrep, pkill and `killall -r` match
/// (an extended regular expression, anywhere in the name or, with `full`,
/// the command line) can select one of the harness's processes.
fn pattern_hits_harness(pattern: &str, full: bool, exact: bool, fold_case: bool) -> bool {
    let candidates: &[&str] = if full { HARNESS_COMMAND_LINES } else { HARNESS };
    let Some(regex) = regex::Regex::parse(pattern) else {
        // A construct the reader does not follow: it may match anything.
        return true;
    };
    if candidates
        .iter()
        .any(|c| regex.matches(c, exact, fold_case) != Some(false))
    {
        return true;
    }
    // A literal pattern over a full command line may also run across the
    // harness's name into its arguments (`tany prompt`, `bin/lit`).
    full && !exact && literal_overlaps_harness(pattern, fold_case)
}

fn literal_overlaps_harness(pattern: &str, fold_case: bool) -> bool {
    // A regular expression is tried on the command lines above only.
    if pattern.contains(|c: char| "\\^$.[]|()*+?{}".contains(c)) {
        return false;
    }
    let pattern = if fold_case {
        pattern.to_ascii_lowercase()
    } else {
        pattern.to_owned()
    };
    HARNESS.iter().any(|name| {
        pattern.contains(name)
            || (1..name.len()).any(|k| {
                let (head, tail) = name.split_at(k);
                // `…<head>` ends the pattern before a separator, or
                // `<tail>…` starts it after one.
                (pattern.ends_with(head)
                    && pattern[..pattern.len() - head.len()].ends_with([' ', '/']))
                    || (pattern.starts_with(tail) && pattern[tail.len()..].starts_with([' ', '/']))
            })
    })
}

/// Signal names `kill -NAME`, `pkill -NAME` and `killall -NAME` accept.
const SIGNALS: &[&str] = &[
    "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "IOT", "BUS", "FPE", "KILL", "USR1", "SEGV",
    "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CLD", "CONT", "STOP", "TSTP", "TTIN",
    "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "POLL", "PWR", "SYS", "UNUSED",
    "RTMIN", "RTMAX",
];

/// `-9`, `-KILL`, `-SIGKILL`, `-RTMIN+3`: a signal given as an option.
fn signal_word(word: &str) -> Option<String> {
    let body = word.strip_prefix('-')?;
    if body.is_empty() {
        return None;
    }
    if body.bytes().all(|b| b.is_ascii_digit()) {
        return Some(body.to_owned());
    }
    let upper = body.to_ascii_uppercase();
    let name = upper.strip_prefix("SIG").unwrap_or(&upper);
    let name = name.split(['+', '-']).next().unwrap_or(name);
    SIGNALS.contains(&name).then_some(upper)
}

/// How near a command came to the shell's own ancestry, strongest last:
/// the shell that runs the call is a child of the harness (`litany tool
/// bash`, itself under `litany`), so a process id read from there is the
/// harness's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ancestry {
    None,
    /// `ps` listed processes: the harness's are among them.
    Listing,
    /// A word expanded `$PPID`, or named a process's `stat` or `status`
    /// file (`/proc/$$/stat`, `/proc/self/status`), where its parent's id
    /// is; or `ps` was asked for parent ids.
    Parent,
}

/// Record what a word says about the shell's ancestry (called for every
/// word and redirect target the reading sees, before any program reads it).
pub fn note_ancestry(r: &Reader, arg: &Arg) {
    let mut texts: Vec<&str> = vec![&arg.shown];
    if let Some(values) = &arg.values {
        texts.extend(values.iter().map(String::as_str));
    }
    if texts
        .iter()
        .any(|t| t.contains("PPID") || names_process_status(t))
    {
        raise_ancestry(r, Ancestry::Parent);
    }
}

pub fn raise_ancestry(r: &Reader, to: Ancestry) {
    if r.ancestry.get() < to {
        r.ancestry.set(to);
    }
}

/// A path (or pattern) under `/proc` whose last component can be `stat` or
/// `status`: a process's state, its parent's id among it.
fn names_process_status(text: &str) -> bool {
    wicket_guest::fragments::paths_in(text)
        .into_iter()
        .any(|path| {
            let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
            let Some(at) = parts.iter().position(|p| {
                *p == "proc"
                    || (crate::place::is_glob(p)
                        && wicket_guest::paths::component_matches(p, "proc", false))
            }) else {
                return false;
            };
            parts.len() > at + 1
                && parts.last().is_some_and(|last| {
                    matches!(*last, "stat" | "status")
                        || (crate::place::is_glob(last)
                            && (wicket_guest::paths::component_matches(last, "stat", false)
                                || wicket_guest::paths::component_matches(last, "status", false)))
                })
        })
}

pub const KILL: Program = Program {
    names: &["kill"],
    // dash's builtin (`-s SIG`, `-SIG`, `-l`) and procps' kill (`--signal`,
    // `-q`, `-L`): what follows the signal is process ids, negative ones
    // included.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: kill,
    examples: examples![
        (Process, "kill %1"),
        (Process, "kill $!"),
        (Process, "kill -9 %1"),
        (OpenWorld, "kill 12345"),
        (OpenWorld, "kill -TERM $(lsof -t -i :3000)"),
        (Read, "kill -l"),
        (Read, "kill -0 12345"),
        (Destructive, "kill $(pgrep -f litany)"),
        (Destructive, "kill -9 `pidof wicket`"),
        (Destructive, "p=$(pgrep litany); kill $p"),
        (Destructive, "kill -9 -1"),
        (Destructive, "kill -s KILL -- -1"),
        (Destructive, "kill 0"),
        (Destructive, "kill $PPID"),
        (Destructive, "kill -- -$PPID"),
        (Destructive, "pgrep -f litany | xargs kill"),
        (Destructive, "kill $(ps -o ppid= -p $$)"),
        (Destructive, "p=$PPID; kill $p"),
        (Destructive, "kill $((PPID))"),
        (Destructive, "read a b c p rest < /proc/$$/stat; kill $p"),
        (Opaque, "ps aux | grep node | awk '{print $2}' | xargs kill"),
    ],
    manual: "dash's kill builtin (0.5.12) and kill from procps-ng 4.0.2: kill --help",
};

fn kill(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let _ = scope;
    let shown = run.shown();
    let argv = &run.inv.argv;
    let mut i = 1;
    let mut signal: Option<String> = None;
    while let Some(arg) = argv.get(i) {
        let Some(word) = arg.text() else { break };
        match word {
            "-l" | "-L" | "--list" | "--table" | "--help" | "-h" | "-V" | "--version" => {
                return runs_nothing(r, run, "lists signals");
            }
            w if w.starts_with("--list=") => return runs_nothing(r, run, "lists signals"),
            "--" => {
                i += 1;
                break;
            }
            "-s" | "-n" | "--signal" | "-q" | "--queue" => {
                if word != "-q" && word != "--queue" {
                    signal = argv.get(i + 1).map(|a| a.shown.clone());
                }
                i += 2;
            }
            w if signal.is_none() && signal_word(w).is_some() => {
                signal = signal_word(w);
                i += 1;
            }
            _ => break,
        }
    }
    if matches!(signal.as_deref(), Some("0" | "SIG0")) {
        return runs_nothing(r, run, "only checks that processes exist");
    }
    let pids = &argv[i.min(argv.len())..];
    if pids.is_empty() && !run.inv.extra_operands {
        return runs_nothing(r, run, "names no process");
    }
    let looked_up = r.notes.iter().any(|n| n.why.contains(HARNESS_LOOKUP));
    let mut unknown = run.inv.extra_operands;
    for pid in pids {
        match (pid.text(), pid.shown.as_str()) {
            (Some(p), _) if p.starts_with('%') => r.note(
                Process,
                format!("{shown} signals one of the command's own jobs"),
            ),
            (_, "$!" | "${!}" | "$$" | "${$}") => r.note(
                Process,
                format!("{shown} signals a process the command started"),
            ),
            (_, "$PPID" | "${PPID}") => r.guard(
                Destructive,
                format!("{shown} signals the shell's parent, the harness that runs the call"),
            ),
            // A negative id is a process group: the parent's own.
            (_, "-$PPID" | "-${PPID}") => r.guard(
                Destructive,
                format!(
                    "{shown} signals the process group of the shell's parent, the harness that runs the call"
                ),
            ),
            (Some("-1"), _) => r.guard(
                Destructive,
                format!("{shown} signals every process it may, the harness among them"),
            ),
            (Some("0" | "-0"), _) => r.guard(
                Destructive,
                format!("{shown} signals its whole process group, which may hold the harness"),
            ),
            (Some(_), _) => r.note(
                OpenWorld,
                format!("{shown} signals processes beyond the call"),
            ),
            (None, _) => unknown = true,
        }
    }
    if unknown {
        let ancestry = r.ancestry.get();
        if ancestry == Ancestry::Parent {
            r.guard(
                Destructive,
                format!(
                    "{shown} signals processes whose ids are only known when it runs, in a command that reads the shell's parent id ($PPID, a process's stat or status file, ps -o ppid): the harness that runs the call"
                ),
            );
        } else if ancestry == Ancestry::Listing {
            r.note(
                Opaque,
                format!(
                    "{shown} signals processes whose ids are only known when it runs, taken from a process listing that holds the harness's own"
                ),
            );
        } else if looked_up {
            r.guard(
                Destructive,
                format!(
                    "{shown} signals processes looked up by a name of the harness ({})",
                    HARNESS.join(", ")
                ),
            );
        } else {
            r.note(
                OpenWorld,
                format!("{shown} signals processes whose ids are only known when it runs"),
            );
        }
    }
}

const PKILL_OPTIONS: &[Opt] = &[
    value("signal", "", &["signal"]),
    value("queue", "q", &["queue"]),
    flag("echo", "e", &["echo"]),
    flag("count", "c", &["count"]),
    flag("full", "f", &["full"]),
    value("pgroup", "g", &["pgroup"]),
    value("group", "G", &["group"]),
    flag("ignore-case", "i", &["ignore-case"]),
    flag("newest", "n", &["newest"]),
    flag("oldest", "o", &["oldest"]),
    value("older", "O", &["older"]),
    value("parent", "P", &["parent"]),
    value("session", "s", &["session"]),
    value("terminal", "t", &["terminal"]),
    value("euid", "u", &["euid"]),
    value("uid", "U", &["uid"]),
    flag("exact", "x", &["exact"]),
    value("pidfile", "F", &["pidfile"]),
    flag("logpidfile", "L", &["logpidfile"]),
    value("runstates", "r", &["runstates"]),
    flag("ignore-ancestors", "A", &["ignore-ancestors"]),
    value("cgroup", "", &["cgroup"]),
    value("ns", "", &["ns"]),
    value("nslist", "", &["nslist"]),
    UL_HELP,
    UL_VERSION,
];

const PKILL_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: PKILL_OPTIONS,
};

const PGREP_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        value("delimiter", "d", &["delimiter"]),
        flag("list-name", "l", &["list-name"]),
        flag("list-full", "a", &["list-full"]),
        flag("inverse", "v", &["inverse"]),
        flag("lightweight", "w", &["lightweight"]),
        flag("count", "c", &["count"]),
        flag("full", "f", &["full"]),
        value("pgroup", "g", &["pgroup"]),
        value("group", "G", &["group"]),
        flag("ignore-case", "i", &["ignore-case"]),
        flag("newest", "n", &["newest"]),
        flag("oldest", "o", &["oldest"]),
        value("older", "O", &["older"]),
        value("parent", "P", &["parent"]),
        value("session", "s", &["session"]),
        value("terminal", "t", &["terminal"]),
        value("euid", "u", &["euid"]),
        value("uid", "U", &["uid"]),
        flag("exact", "x", &["exact"]),
        value("pidfile", "F", &["pidfile"]),
        flag("logpidfile", "L", &["logpidfile"]),
        value("runstates", "r", &["runstates"]),
        flag("ignore-ancestors", "A", &["ignore-ancestors"]),
        value("cgroup", "", &["cgroup"]),
        value("ns", "", &["ns"]),
        value("nslist", "", &["nslist"]),
        UL_HELP,
        UL_VERSION,
    ],
};

pub const PKILL: Program = Program {
    names: &["pkill"],
    // `-SIG` anywhere is taken out before the options are read.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: pkill,
    examples: examples![
        (OpenWorld, "pkill -f 'npm run dev'"),
        (OpenWorld, "pkill -9 node"),
        (OpenWorld, "pkill -f uvicorn"),
        (Read, "pkill -0 node"),
        (Destructive, "pkill litany"),
        (Destructive, "pkill -f wicket"),
        (Destructive, "pkill -f 'litany prompt'"),
        (Destructive, "pkill -9 -f lit"),
        (Destructive, "pkill -f 'l[i]tany'"),
        (Destructive, "pkill -f '^/usr/local/bin/l.*'"),
        (Destructive, "pkill -if LITANY"),
        (Destructive, "pkill -f 'tany prompt'"),
        (Destructive, "pkill -KILL -f ."),
        (Destructive, "pkill -u root"),
        (Destructive, "pkill --signal KILL -x litany"),
        (Opaque, "pkill -f \"$name\""),
    ],
    manual: "pkill from procps-ng 4.0.2: pkill --help",
};

pub const PGREP: Program = Program {
    names: &["pgrep"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: pkill,
    examples: examples![(Read, "pgrep -fl node"), (Read, "pgrep -f litany")],
    manual: "pgrep from procps-ng 4.0.2: pgrep --help",
};

fn pkill(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let _ = scope;
    let shown = run.shown();
    let killing = run.name == "pkill";
    let mut words: Vec<Arg> = run.inv.argv[1..].to_vec();
    let mut signal: Option<String> = None;
    if killing {
        if let Some(at) = words
            .iter()
            .position(|a| a.text().and_then(signal_word).is_some())
        {
            signal = words[at].text().and_then(signal_word);
            words.remove(at);
        }
    }
    let grammar = if killing {
        PKILL_GRAMMAR
    } else {
        PGREP_GRAMMAR
    };
    let p = argv::parse(&grammar, &words, 1);
    if let Some(problem) = &p.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence(run.name)));
        return;
    }
    if p.has("help") || p.has("version") {
        return runs_nothing(r, run, "prints its help or version");
    }
    if p.has("env") {
        r.guard(
            Secret,
            format!("{shown} matches processes by the values of their environment variables"),
        );
    }
    if let Some(s) = p.last("signal") {
        signal = Some(s.shown.clone());
    }
    let checking = matches!(signal.as_deref(), Some("0" | "SIG0")) || p.has("count");
    let harness = match p.operands.first() {
        Some((_, pattern)) => match pattern.text() {
            Some(text) => {
                pattern_hits_harness(text, p.has("full"), p.has("exact"), p.has("ignore-case"))
            }
            None => {
                if killing && !checking {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: the pattern `{}` is only known when it runs, and may name the harness",
                            pattern.shown
                        ),
                    );
                    return;
                }
                false
            }
        },
        None => {
            // Selected by owner, group, session or terminal only: all of
            // those processes, unless only the command's own children.
            let own_children = p.has("parent")
                && p.values("parent")
                    .all(|v| matches!(v.shown.as_str(), "$$" | "${$}" | "$!"));
            let others = [
                "pgroup", "group", "session", "terminal", "euid", "uid", "ns", "cgroup",
            ]
            .iter()
            .any(|k| p.has(k));
            !p.has("pidfile") && (others || !own_children)
        }
    };
    if !killing || checking {
        if harness && !killing {
            r.note(Read, format!("{shown} {HARNESS_LOOKUP}"));
        } else {
            runs_nothing(r, run, "lists matching processes");
        }
        return;
    }
    if harness {
        r.guard(
            Destructive,
            format!(
                "{shown} signals processes that may be the harness ({})",
                HARNESS.join(", ")
            ),
        );
    } else {
        r.note(
            OpenWorld,
            format!("{shown} signals processes beyond the call"),
        );
    }
}

// ---------------------------------------------------------------------------
// skill, snice (procps-ng) and fuser (psmisc): processes chosen by what they
// are or what they use, signalled or reprioritised

pub const SKILL: Program = Program {
    names: &["skill", "snice"],
    // A signal (`-KILL`, `-9`) or priority (`+19`) first, then options and
    // an expression whose words skill guesses the kind of.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: skill,
    examples: examples![
        (Read, "skill -l"),
        (Read, "skill -n -c node"),
        (OpenWorld, "skill -KILL -c node"),
        (OpenWorld, "snice +10 -c cargo"),
        (Destructive, "skill -KILL litany"),
        (Destructive, "skill -c wicket"),
        (Destructive, "snice +19 litany"),
        (Destructive, "skill -u root"),
        (Destructive, "skill node"),
        (Opaque, "skill -c \"$p\""),
    ],
    manual: "skill and snice from procps-ng 4.0.2: man skill",
};

/// `skill [SIGNAL] [OPTIONS] EXPRESSION`, `snice [PRIORITY] …`: processes
/// chosen by terminal, user, id or command name are signalled (or given
/// another priority). An unmarked word is guessed by skill (a user, a
/// terminal, an id or a command), so it may take in the harness; only
/// command names (`-c NAME`) that cannot name the harness stay the call's.
fn skill(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let _ = scope;
    let shown = run.shown();
    let words = &run.inv.argv[1..];
    if let Some(unknown) = words.iter().find(|a| a.text().is_none()) {
        r.note(
            Opaque,
            format!(
                "{shown}: `{}` is only known when it runs, and may select the harness",
                unknown.shown
            ),
        );
        return;
    }
    let texts: Vec<&str> = words.iter().filter_map(Arg::text).collect();
    if texts.is_empty()
        || texts.iter().any(|t| {
            matches!(
                *t,
                "-l" | "--list"
                    | "-L"
                    | "--table"
                    | "-n"
                    | "--no-action"
                    | "-h"
                    | "--help"
                    | "-V"
                    | "--version"
            )
        })
    {
        return runs_nothing(r, run, "lists signals, or only shows what it would do");
    }
    let mut only_own = true;
    let mut selected = false;
    let mut k = 0;
    while k < texts.len() {
        let t = texts[k];
        k += 1;
        match t {
            "-c" | "--command" => {
                let Some(name) = texts.get(k) else { break };
                k += 1;
                selected = true;
                only_own &= !pattern_hits_harness(name, false, true, false);
            }
            "-t" | "--tty" | "-u" | "--user" | "-p" | "--pid" | "--ns" | "--nslist" => {
                k += 1;
                selected = true;
                only_own = false;
            }
            "-f" | "--fast" | "-i" | "--interactive" | "-v" | "--verbose" | "-w" | "--warnings" => {
            }
            _ if k == 1
                && (signal_word(t).is_some() || t.starts_with('+') || t.starts_with('-')) => {}
            _ => {
                selected = true;
                only_own = false;
            }
        }
    }
    let what = if run.name == "snice" {
        "gives another priority to"
    } else {
        "signals"
    };
    if selected && only_own {
        r.note(
            OpenWorld,
            format!("{shown} {what} processes beyond the call, by command name"),
        );
    } else {
        r.guard(
            Destructive,
            format!(
                "{shown} {what} the processes its expression selects (a word skill takes for a user, terminal, id or command name), which may be the harness ({})",
                HARNESS.join(", ")
            ),
        );
    }
}

pub const FUSER: Program = Program {
    names: &["fuser"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: fuser,
    examples: examples![
        (Read, "fuser -v 8080/tcp"),
        (Read, "fuser -m /"),
        (OpenWorld, "fuser -k 3000/tcp"),
        (OpenWorld, "fuser -k -n tcp 8080"),
        (Destructive, "fuser -k /usr/local/bin/litany"),
        (Destructive, "fuser -km /"),
        (Destructive, "fuser -k ."),
        (Destructive, "fuser -k ,,443/tcp"),
        (Opaque, "fuser \"$opt\" x"),
    ],
    manual: "fuser from psmisc 23.6: man fuser",
};

/// `fuser [-k [-SIGNAL]] NAME…`: lists the processes using each file,
/// mount or port; with `-k` it signals them all. The harness uses its own
/// program, its directories, the mounts under them and its connections to
/// the model's API, so killing by any name but a local port may kill it.
fn fuser(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let _ = scope;
    let shown = run.shown();
    let words = &run.inv.argv[1..];
    let mut kill = false;
    let mut namespace: Option<String> = None;
    let mut names: Vec<String> = Vec::new();
    let mut options_done = false;
    let mut k = 0;
    while k < words.len() {
        let arg = &words[k];
        k += 1;
        let Some(t) = arg.text() else {
            r.note(
                Opaque,
                format!(
                    "{shown}: `{}` is only known when it runs, and may be `-k` or a name the harness uses",
                    arg.shown
                ),
            );
            return;
        };
        if options_done || !t.starts_with('-') || t == "-" {
            names.push(t.to_owned());
            continue;
        }
        if t == "--" {
            options_done = true;
            continue;
        }
        if let Some(long) = t.strip_prefix("--") {
            match long.split_once('=') {
                Some(("namespace", v)) => namespace = Some(v.to_owned()),
                None if long == "namespace" => {
                    namespace = words.get(k).and_then(Arg::text).map(str::to_owned);
                    k += 1;
                }
                None if long == "kill" => kill = true,
                None if matches!(
                    long,
                    "all"
                        | "interactive"
                        | "inode"
                        | "list-signals"
                        | "mount"
                        | "ismountpoint"
                        | "silent"
                        | "user"
                        | "verbose"
                        | "version"
                        | "ipv4"
                        | "ipv6"
                ) => {}
                _ => {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: fuser's option `{t}` is not one wicket's description knows"
                        ),
                    );
                    return;
                }
            }
            continue;
        }
        if signal_word(t).is_some() {
            continue;
        }
        let body = &t[1..];
        for (at, c) in body.char_indices() {
            match c {
                'k' => kill = true,
                'n' => {
                    let rest = &body[at + 1..];
                    if rest.is_empty() {
                        namespace = words.get(k).and_then(Arg::text).map(str::to_owned);
                        k += 1;
                    } else {
                        namespace = Some(rest.to_owned());
                    }
                    break;
                }
                'a' | 'c' | 'f' | 'i' | 'I' | 'l' | 'm' | 'M' | 'w' | 's' | 'u' | 'v' | 'V'
                | '4' | '6' => {}
                _ => {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: fuser's option `-{c}` is not one wicket's description knows"
                        ),
                    );
                    return;
                }
            }
        }
    }
    if !kill {
        return runs_nothing(r, run, "lists the processes using what it names");
    }
    // `3000/tcp`, or `3000` under `-n tcp`: the processes on a local port.
    let local_port = |name: &str| {
        let (port, space) = match name.split_once('/') {
            Some((p, s)) => (p, Some(s)),
            None => (name, namespace.as_deref()),
        };
        matches!(space, Some("tcp" | "udp"))
            && !port.is_empty()
            && port.bytes().all(|b| b.is_ascii_digit())
    };
    if !names.is_empty() && names.iter().all(|n| local_port(n)) {
        r.note(
            OpenWorld,
            format!("{shown} signals the processes on a local port, beyond the call"),
        );
    } else {
        r.guard(
            Destructive,
            format!(
                "{shown} signals every process using what it names (a file, a mount, a connection), which may be the harness ({}): its program, its directories and its connections are in use",
                HARNESS.join(", ")
            ),
        );
    }
}

pub const PIDOF: Program = Program {
    names: &["pidof"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("s", "s", &[]),
            flag("c", "c", &[]),
            flag("n", "n", &[]),
            flag("x", "x", &[]),
            flag("z", "z", &[]),
            value("o", "o", &[]),
            value("d", "d", &[]),
            flag("q", "q", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: pidof,
    examples: examples![(Read, "pidof node"), (Read, "pidof litany")],
    manual: "pidof from procps-ng 4.0.2: pidof(1)",
};

fn pidof(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let harness = run
        .parsed
        .operand_args()
        .iter()
        .any(|a| a.text().is_none_or(names_harness));
    if harness {
        r.note(Read, format!("{} {HARNESS_LOOKUP}", run.shown()));
    } else {
        runs_nothing(r, run, "lists process ids");
    }
}

/// Whether the loop word `word` is only a command substitution of pgrep or
/// pidof printing process ids: plain, without `-l`/`-a` (names and command
/// lines anyone can choose), `-d` (a delimiter is any text), `-c` or
/// help, with literal words, no redirect, and the name not redefined in
/// the command (a function, alias, hashed path or PATH directory). Each
/// value the loop binds is then a decimal number (`for p in $(pgrep x);
/// do cat /proc/$p/status; done` reads status files, not environ).
pub fn prints_process_ids(r: &Reader, word: &crate::syntax::Word, scope: &Scope) -> bool {
    let [crate::syntax::Part::Subst(nodes)] = word.parts.as_slice() else {
        return false;
    };
    let [Node::Simple(cmd)] = nodes.as_slice() else {
        return false;
    };
    if !cmd.assigns.is_empty() || !cmd.redirects.is_empty() || cmd.piped_in {
        return false;
    }
    let Some(words) = cmd
        .words
        .iter()
        .map(|w| w.literal())
        .collect::<Option<Vec<String>>>()
    else {
        return false;
    };
    let Some(program) = words.first() else {
        return false;
    };
    let crate::read::ProgramName::Named(name) =
        crate::read::program_name(program, r.ctx, scope.cwd.as_deref())
    else {
        return false;
    };
    if scope.functions.contains_key(&name)
        || scope.aliases.contains_key(&name)
        || scope.hashed.contains_key(&name)
        || scope.path_prefix.is_some()
        || scope.unknown_definitions.is_some()
    {
        return false;
    }
    let argv: Vec<Arg> = words[1..].iter().map(|w| Arg::literal(w)).collect();
    let (grammar, barred): (Grammar, &[&str]) = match name.as_str() {
        "pgrep" => (
            PGREP_GRAMMAR,
            &[
                "delimiter",
                "list-name",
                "list-full",
                "count",
                "help",
                "version",
            ],
        ),
        "pidof" => match PIDOF.syntax {
            Syntax::Grammar(g) => (g, &["d"]),
            _ => return false,
        },
        _ => return false,
    };
    let parsed = argv::parse(&grammar, &argv, 1);
    parsed.problem.is_none() && !barred.iter().any(|k| parsed.has(k))
}

const KILLALL_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("exact", "e", &["exact"]),
        flag("ignore-case", "I", &["ignore-case"]),
        flag("process-group", "g", &["process-group"]),
        value("younger-than", "y", &["younger-than"]),
        value("older-than", "o", &["older-than"]),
        flag("interactive", "i", &["interactive"]),
        flag("list", "l", &["list"]),
        flag("quiet", "q", &["quiet"]),
        flag("regexp", "r", &["regexp"]),
        value("signal", "s", &["signal"]),
        value("user", "u", &["user"]),
        flag("verbose", "v", &["verbose"]),
        flag("version", "V", &["version"]),
        flag("wait", "w", &["wait"]),
        value("ns", "n", &["ns"]),
        value("context", "Z", &["context"]),
        HELP,
    ],
};

pub const KILLALL: Program = Program {
    names: &["killall"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: killall,
    examples: examples![
        (OpenWorld, "killall node"),
        (Read, "killall -l"),
        (Destructive, "killall -9 litany"),
        (Destructive, "killall /usr/local/bin/wicket"),
        (Destructive, "killall -r 'lit.*'"),
        (Destructive, "killall -I LITANY"),
        (Destructive, "killall -u root"),
        (Opaque, "killall \"$name\""),
    ],
    manual: "killall from psmisc 23.6: killall --help",
};

fn killall(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut words: Vec<Arg> = run.inv.argv[1..].to_vec();
    if let Some(at) = words
        .iter()
        .position(|a| a.text().and_then(signal_word).is_some())
    {
        words.remove(at);
    }
    let p = argv::parse(&KILLALL_GRAMMAR, &words, 1);
    if let Some(problem) = &p.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence("killall")));
        return;
    }
    if p.has("list") || p.has("version") || p.has("help") {
        return runs_nothing(r, run, "lists signals");
    }
    let names = p.operand_args();
    let fold = p.has("ignore-case");
    let mut harness = names.is_empty();
    for name in &names {
        match name.text() {
            Some(text) if p.has("regexp") => {
                harness |= pattern_hits_harness(text, false, false, fold)
            }
            Some(text) => {
                harness |= names_harness(text)
                    || (fold && names_harness(&text.to_ascii_lowercase()))
                    // A path names the processes running that file: one of
                    // the harness's under any name.
                    || (text.contains('/')
                        && r.identify_program(text, scope).is_some())
            }
            None => {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: the name `{}` is only known when it runs, and may be the harness's",
                        name.shown
                    ),
                );
                return;
            }
        }
    }
    if harness {
        r.guard(
            Destructive,
            format!(
                "{shown} signals processes that may be the harness ({})",
                HARNESS.join(", ")
            ),
        );
    } else {
        r.note(
            OpenWorld,
            format!("{shown} signals processes beyond the call"),
        );
    }
}

// ---------------------------------------------------------------------------
// Commands run later, or by a terminal session

pub const CRONTAB: Program = Program {
    names: &["crontab"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("u", "u", &[]),
            flag("l", "l", &[]),
            flag("e", "e", &[]),
            flag("r", "r", &[]),
            flag("i", "i", &[]),
            flag("x", "x", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: crontab,
    examples: examples![
        (Read, "crontab -l"),
        (Read, "crontab -u other -l"),
        (Destructive, "crontab -r"),
        (Destructive, "crontab jobs.txt"),
        (Destructive, "echo '* * * * * rm -rf /x' | crontab -"),
    ],
    manual: "crontab from cron 3.0pl1 (Debian 12, not installed here): crontab(1)",
};

fn crontab(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if p.has("l") {
        return runs_nothing(r, run, "lists the scheduled commands");
    }
    for file in p.operand_args() {
        if file.text() != Some("-") {
            r.reads(&file, scope, &run.shown());
        }
    }
    r.note(
        Destructive,
        format!(
            "{} replaces the commands cron runs later, beyond the call",
            run.shown()
        ),
    );
}

pub const AT: Program = Program {
    names: &["at", "batch"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("V", "V", &[]),
            value("q", "q", &[]),
            value("f", "f", &[]),
            value("u", "u", &[]),
            flag("m", "m", &[]),
            flag("M", "M", &[]),
            flag("l", "l", &[]),
            flag("b", "b", &[]),
            flag("v", "v", &[]),
            value("t", "t", &[]),
            flag("c", "c", &[]),
            value("o", "o", &[]),
            flag("r", "r", &[]),
            flag("d", "d", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: at,
    examples: examples![
        (Read, "at -l"),
        (Read, "at -c 3"),
        (OpenWorld, "at -r 3"),
        (Opaque, "echo 'rm -rf x' | at now + 1 minute"),
        (Opaque, "at -f job.sh now"),
        (Opaque, "batch"),
    ],
    manual: "at 3.2.5 (Debian 12, not installed here): at -h",
};

fn at(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("l") || p.has("c") || (p.has("V") && p.operands.is_empty()) {
        return runs_nothing(r, run, "lists or prints scheduled jobs");
    }
    if p.has("r") || p.has("d") {
        r.note(OpenWorld, format!("{shown} removes scheduled jobs"));
        return;
    }
    if let Some(file) = p.last("f") {
        r.reads(file, scope, &shown);
    }
    r.note(
        Opaque,
        format!("{shown} schedules commands to run later, from a file or its input, which wicket cannot see"),
    );
}

pub const ATQ: Program = Program {
    names: &["atq", "atrm"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("V", "V", &[]),
            value("q", "q", &[]),
            value("o", "o", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: atq,
    examples: examples![(Read, "atq"), (OpenWorld, "atrm 3")],
    manual: "at 3.2.5 (Debian 12, not installed here): at -h",
};

fn atq(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if run.name == "atrm" && !run.parsed.operands.is_empty() {
        r.note(OpenWorld, format!("{} removes scheduled jobs", run.shown()));
    } else {
        runs_nothing(r, run, "lists scheduled jobs");
    }
}

pub const TMUX: Program = Program {
    names: &["tmux"],
    // tmux's global options, then commands (each with its own flags),
    // separated by `;`.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: tmux,
    examples: examples![
        (Read, "tmux ls"),
        (Read, "tmux list-sessions"),
        (Read, "tmux has-session -t dev"),
        (Read, "tmux capture-pane -p -t dev"),
        (OpenWorld, "tmux new-session -d -s dev 'npm run dev'"),
        (OpenWorld, "tmux new -d -s srv -c . cargo run"),
        (Process, "tmux kill-session -t dev"),
        (Destructive, "tmux new-session -d 'rm -rf ../../.wicket'"),
        (Destructive, "tmux new -d -c ../.. rm -rf .wicket"),
        (Destructive, "tmux run-shell 'rm -rf /etc'"),
        (Destructive, "tmux kill-server"),
        (Destructive, "tmux new -d \\; run 'rm -rf ../../.wicket'"),
        (Destructive, "tmux save-buffer ../../.wicket/x"),
        (Destructive, "tmux -c 'rm -rf ../../.wicket'"),
        (Opaque, "tmux send-keys -t dev 'rm -rf x' Enter"),
        (Opaque, "tmux source-file evil.conf"),
        (Opaque, "tmux if-shell true 'run x'"),
        (Opaque, "tmux -f evil.conf new -d"),
        (Opaque, "tmux display-message -p '#(rm -rf x)'"),
    ],
    manual: "tmux 3.3a: tmux(1)",
};

/// A tmux command: its names, the flag letters that take a value, and what
/// it does.
struct TmuxCommand {
    names: &'static [&'static str],
    values: &'static str,
    kind: TmuxKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum TmuxKind {
    /// Reports or moves things around in tmux's own state.
    Reads,
    /// Prints the server's or a session's environment, which the server
    /// copied from the shell that started it (`show-environment -g`
    /// printed a key exported there, verified under dash).
    PrintsEnvironment,
    /// Starts a shell command (its arguments) in a new pane or popup.
    Spawns,
    /// Runs its first argument as a shell command (`run-shell`,
    /// `pipe-pane`).
    RunsText,
    /// Types into a pane or runs tmux commands wicket does not follow.
    Unread,
    /// Writes its path argument (`save-buffer`).
    SavesBuffer,
    /// Reads a path (`load-buffer`).
    LoadsBuffer,
    /// Sets a variable for what tmux starts later.
    SetsEnvironment,
    /// Sets an option (some name a command panes run later).
    SetsOption,
    /// Prints a format, which can run `#(…)` commands.
    Formats,
    KillsServer,
    KillsSessions,
}

const TMUX_COMMANDS: &[TmuxCommand] = {
    use TmuxKind::*;
    const fn c(
        names: &'static [&'static str],
        values: &'static str,
        kind: TmuxKind,
    ) -> TmuxCommand {
        TmuxCommand {
            names,
            values,
            kind,
        }
    }
    &[
        c(&["attach-session", "attach"], "c:f:t:", Reads),
        c(&["bind-key", "bind"], "N:T:", Unread),
        c(&["break-pane", "breakp"], "F:n:s:t:", Reads),
        c(&["capture-pane", "capturep"], "b:E:S:t:", Reads),
        c(&["choose-buffer"], "F:f:K:O:t:", Unread),
        c(&["choose-client"], "F:f:K:O:t:", Unread),
        c(&["choose-tree"], "F:f:K:O:t:", Unread),
        c(&["clear-history", "clearhist"], "t:", Reads),
        c(&["clock-mode"], "t:", Reads),
        c(&["command-prompt"], "I:p:t:T:", Unread),
        c(&["confirm-before", "confirm"], "c:p:t:", Unread),
        c(&["copy-mode"], "s:t:", Reads),
        c(&["customize-mode"], "F:f:t:", Reads),
        c(&["delete-buffer", "deleteb"], "b:", Reads),
        c(&["detach-client", "detach"], "E:s:t:", Reads),
        c(&["display-menu", "menu"], "b:c:C:H:s:S:t:T:x:y:", Unread),
        c(&["display-message", "display"], "c:d:t:F:", Formats),
        c(&["display-panes", "displayp"], "d:t:", Unread),
        c(
            &["display-popup", "popup"],
            "b:c:d:e:h:s:S:t:T:w:x:y:",
            Spawns,
        ),
        c(&["find-window", "findw"], "t:", Reads),
        c(&["has-session", "has"], "t:", Reads),
        c(&["if-shell", "if"], "t:", Unread),
        c(&["join-pane", "joinp"], "l:s:t:", Reads),
        c(&["kill-pane", "killp"], "t:", KillsSessions),
        c(&["kill-server"], "", KillsServer),
        c(&["kill-session"], "t:", KillsSessions),
        c(&["kill-window", "killw"], "t:", KillsSessions),
        c(&["last-pane", "lastp"], "t:", Reads),
        c(&["last-window", "last"], "t:", Reads),
        c(&["link-window", "linkw"], "s:t:", Reads),
        c(&["list-buffers", "lsb"], "F:f:", Reads),
        c(&["list-clients", "lsc"], "F:t:", Reads),
        c(&["list-commands", "lscm"], "F:", Reads),
        c(&["list-keys", "lsk"], "P:T:", Reads),
        c(&["list-panes", "lsp"], "F:f:t:", Reads),
        c(&["list-sessions", "ls"], "F:f:", Reads),
        c(&["list-windows", "lsw"], "F:f:t:", Reads),
        c(&["load-buffer", "loadb"], "b:t:", LoadsBuffer),
        c(&["lock-client", "lockc"], "t:", Reads),
        c(&["lock-server", "lock"], "", Reads),
        c(&["lock-session", "locks"], "t:", Reads),
        c(&["move-pane", "movep"], "l:s:t:", Reads),
        c(&["move-window", "movew"], "s:t:", Reads),
        c(&["new-session", "new"], "c:e:F:f:n:s:t:x:y:", Spawns),
        c(&["new-window", "neww"], "c:e:F:n:t:", Spawns),
        c(&["next-layout", "nextl"], "t:", Reads),
        c(&["next-window", "next"], "t:", Reads),
        c(&["paste-buffer", "pasteb"], "b:s:t:", Unread),
        c(&["pipe-pane", "pipep"], "t:", RunsText),
        c(&["previous-layout", "prevl"], "t:", Reads),
        c(&["previous-window", "prev"], "t:", Reads),
        c(&["refresh-client", "refresh"], "A:B:cC:f:F:l:t:", Reads),
        c(&["rename-session", "rename"], "t:", Reads),
        c(&["rename-window", "renamew"], "t:", Reads),
        c(&["resize-pane", "resizep"], "t:x:y:", Reads),
        c(&["resize-window", "resizew"], "t:x:y:", Reads),
        c(&["respawn-pane", "respawnp"], "c:e:t:", Spawns),
        c(&["respawn-window", "respawnw"], "c:e:t:", Spawns),
        c(&["rotate-window", "rotatew"], "t:", Reads),
        c(&["run-shell", "run"], "d:t:", RunsText),
        c(&["save-buffer", "saveb"], "b:", SavesBuffer),
        c(&["select-layout", "selectl"], "t:", Reads),
        c(&["select-pane", "selectp"], "T:t:", Reads),
        c(&["select-window", "selectw"], "t:", Reads),
        c(&["send-keys", "send"], "c:N:t:", Unread),
        c(&["send-prefix"], "t:", Unread),
        c(&["server-access"], "", Reads),
        c(&["set-buffer", "setb"], "b:n:t:", Reads),
        c(&["set-environment", "setenv"], "t:", SetsEnvironment),
        c(&["set-hook"], "t:", Unread),
        c(&["set-option", "set"], "t:", SetsOption),
        c(&["set-window-option", "setw"], "t:", SetsOption),
        c(&["show-buffer", "showb"], "b:", Reads),
        c(&["show-environment", "showenv"], "t:", PrintsEnvironment),
        c(&["show-hooks"], "t:", Reads),
        c(&["show-messages", "showmsgs"], "t:", Reads),
        c(&["show-options", "show"], "t:", Reads),
        c(&["show-window-options", "showw"], "t:", Reads),
        c(&["source-file", "source"], "t:", Unread),
        c(&["split-window", "splitw"], "c:e:F:l:p:t:", Spawns),
        c(&["start-server", "start"], "", Reads),
        c(&["suspend-client", "suspendc"], "t:", Reads),
        c(&["swap-pane", "swapp"], "s:t:", Reads),
        c(&["swap-window", "swapw"], "s:t:", Reads),
        c(&["switch-client", "switchc"], "c:t:T:", Reads),
        c(&["unbind-key", "unbind"], "T:", Reads),
        c(&["unlink-window", "unlinkw"], "t:", Reads),
        c(&["wait-for", "wait"], "", Reads),
    ]
};

/// A tmux command by name, alias or unique prefix.
fn tmux_command(name: &str) -> Option<&'static TmuxCommand> {
    if let Some(c) = TMUX_COMMANDS.iter().find(|c| c.names.contains(&name)) {
        return Some(c);
    }
    let mut hits = TMUX_COMMANDS
        .iter()
        .filter(|c| c.names[0].starts_with(name));
    match (hits.next(), hits.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

fn tmux(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let argv = &run.inv.argv;
    let mut i = 1;
    let mut own_server = false;
    // Global options.
    while let Some(word) = argv.get(i).and_then(Arg::text) {
        if !word.starts_with('-') || word == "-" {
            break;
        }
        i += 1;
        if word == "--" {
            break;
        }
        let letters: Vec<char> = word[1..].chars().collect();
        for (k, c) in letters.iter().enumerate() {
            match c {
                '2' | 'C' | 'D' | 'l' | 'N' | 'u' | 'v' => {}
                'V' => return runs_nothing(r, run, "prints its version"),
                'c' | 'f' | 'L' | 'S' | 'T' => {
                    let attached: String = letters[k + 1..].iter().collect();
                    let value = if attached.is_empty() {
                        i += 1;
                        argv.get(i - 1).cloned()
                    } else {
                        Some(Arg::literal(&attached))
                    };
                    let Some(value) = value else {
                        return runs_nothing(r, run, "fails for want of a value");
                    };
                    match c {
                        'c' => return run_text(r, &shown, &value, scope),
                        'f' => {
                            r.note(
                                Opaque,
                                format!("{shown} reads tmux commands from {}, which wicket does not follow", value.shown),
                            );
                            return;
                        }
                        'L' | 'S' => own_server = true,
                        _ => {}
                    }
                    break;
                }
                _ => {
                    r.note(
                        Opaque,
                        format!("{shown}: tmux's option `-{c}` is not one wicket knows"),
                    );
                    return;
                }
            }
        }
    }
    if i >= argv.len() {
        // No command: a new session, attached to a terminal the call lacks.
        r.note(Process, format!("{shown} starts a tmux session"));
        return;
    }
    // Commands separated by `;` words (or a word ending in one).
    let mut commands: Vec<Vec<Arg>> = vec![Vec::new()];
    for arg in &argv[i..] {
        match arg.text() {
            Some(";") => commands.push(Vec::new()),
            Some(t) if t.ends_with(';') && !t.ends_with("\\;") => {
                if let Some(last) = commands.last_mut() {
                    last.push(Arg::literal(&t[..t.len() - 1]));
                }
                commands.push(Vec::new());
            }
            _ => {
                if let Some(last) = commands.last_mut() {
                    last.push(arg.clone());
                }
            }
        }
    }
    for words in commands.iter().filter(|w| !w.is_empty()) {
        if !tmux_one(r, &shown, words, own_server, run.inv, scope) {
            return;
        }
    }
}

/// One tmux command; `false` when it could not be read (and a note says so).
fn tmux_one(
    r: &mut Reader,
    shown: &str,
    words: &[Arg],
    own_server: bool,
    inv: &Invocation,
    scope: &Scope,
) -> bool {
    let Some(name) = words[0].text() else {
        r.note(
            Opaque,
            format!("{shown}: a tmux command only known when it runs"),
        );
        return false;
    };
    let Some(command) = tmux_command(name) else {
        r.note(
            Opaque,
            format!("{shown}: `{name}` is not a tmux command wicket knows"),
        );
        return false;
    };
    // Its flags (getopt, stopping at the first argument).
    let mut flags: Vec<(char, Option<Arg>)> = Vec::new();
    let mut i = 1;
    while let Some(word) = words.get(i).and_then(Arg::text) {
        if !word.starts_with('-') || word == "-" {
            break;
        }
        i += 1;
        if word == "--" {
            break;
        }
        let letters: Vec<char> = word[1..].chars().collect();
        for (k, c) in letters.iter().enumerate() {
            if command.values.contains(&format!("{c}:")) {
                let attached: String = letters[k + 1..].iter().collect();
                let value = if attached.is_empty() {
                    i += 1;
                    words.get(i - 1).cloned()
                } else {
                    Some(Arg::literal(&attached))
                };
                flags.push((*c, value));
                break;
            }
            flags.push((*c, None));
        }
    }
    let args = &words[i.min(words.len())..];
    let flag = |c: char| {
        flags
            .iter()
            .find(|(f, _)| *f == c)
            .and_then(|(_, v)| v.clone())
    };
    let has = |c: char| flags.iter().any(|(f, _)| *f == c);
    let what = format!("{shown} ({})", command.names[0]);
    match command.kind {
        TmuxKind::Reads => r.note(Read, format!("{what} works on tmux's own state")),
        TmuxKind::PrintsEnvironment => r.guard(
            Secret,
            format!("{what} prints the environment tmux keeps, copied from the shell that started its server: the environment"),
        ),
        TmuxKind::Formats => {
            let runs = args
                .iter()
                .chain(flag('F').iter())
                .any(|a| a.shown.contains("#("));
            if runs {
                r.note(Opaque, format!("{what} expands a format that runs a command"));
                return false;
            }
            r.note(Read, format!("{what} prints a message"));
        }
        TmuxKind::Unread => {
            r.note(
                Opaque,
                format!("{what} types into a pane or runs tmux commands wicket does not follow"),
            );
            return false;
        }
        TmuxKind::KillsServer if !own_server => r.guard(
            Destructive,
            format!("{what} stops every session of the user's tmux server, the operator's among them"),
        ),
        TmuxKind::KillsSessions if has('a') && !own_server => r.guard(
            Destructive,
            format!("{what} stops every other session of the user's tmux server, the operator's among them"),
        ),
        TmuxKind::KillsServer | TmuxKind::KillsSessions => {
            r.note(Process, format!("{what} stops a tmux session"))
        }
        TmuxKind::SavesBuffer => match args.first() {
            Some(path) if path.text() != Some("-") => {
                let change = if has('a') {
                    Change::Write
                } else {
                    Change::Overwrite
                };
                r.change(path, scope, change, Reach::Path, &what);
            }
            _ => r.note(Read, format!("{what} prints a buffer")),
        },
        TmuxKind::LoadsBuffer => {
            if let Some(path) = args.first() {
                r.reads(path, scope, &what);
            }
        }
        TmuxKind::SetsEnvironment => {
            let name = args.first().and_then(Arg::text).unwrap_or("");
            let value = args.get(1).cloned().unwrap_or_else(|| Arg::literal(""));
            if has('u') || has('r') {
                unset_variable(r, &mut scope.clone(), &what, &Arg::literal(name));
            } else {
                r.check_assignment(name, &value);
            }
            r.note(Read, format!("{what} sets a variable for what tmux starts later"));
        }
        TmuxKind::SetsOption => {
            let option = args.first().and_then(Arg::text).unwrap_or("");
            if matches!(option, "default-command" | "default-shell" | "update-environment")
                || option.starts_with('@')
                || option.contains("hook")
            {
                r.note(
                    Opaque,
                    format!("{what} sets {option}, which decides what tmux runs later"),
                );
                return false;
            }
            r.note(Read, format!("{what} sets a tmux option"));
        }
        TmuxKind::RunsText => {
            if has('C') {
                r.note(Opaque, format!("{what} runs tmux commands wicket does not follow"));
                return false;
            }
            match args.first() {
                Some(text) => run_text(r, &what, text, scope),
                None => r.note(Read, format!("{what} stops piping")),
            }
        }
        TmuxKind::Spawns => {
            r.note(
                Process,
                format!("{what} starts a command in a tmux pane that outlives the call"),
            );
            let mut inner = shell_scope(scope);
            if let Some(dir) = flag('c') {
                enter(r, &what, &dir, &mut inner);
            }
            for setting in flags.iter().filter(|(f, _)| *f == 'e').filter_map(|(_, v)| v.as_ref()) {
                match assignment(setting) {
                    Some((n, v)) => set_variable(r, &mut inner, &n, &v),
                    None => {
                        r.note(Opaque, format!("{what} sets a variable only known when it runs"));
                        return false;
                    }
                }
            }
            match args {
                [] => {}
                // One argument is shell text; several are the program's words.
                [text] => match text.text() {
                    Some(t) => r.read_text(t, &mut inner),
                    None => {
                        r.note(
                            Opaque,
                            format!("{what} runs `{}`, text only known when it runs", text.shown),
                        );
                        return false;
                    }
                },
                words => {
                    let argv = words.to_vec();
                    launch_words(r, inv, argv, &mut inner);
                }
            }
        }
    }
    true
}

pub const SCREEN: Program = Program {
    names: &["screen"],
    // screen reads its own options: bundles like `-dmS name`, and long
    // single-dash words (`-ls`, `-wipe`, `-Logfile`).
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: screen,
    examples: examples![
        (Read, "screen -ls"),
        (OpenWorld, "screen -dmS srv npm run dev"),
        (OpenWorld, "screen -dmS srv cargo run"),
        (Destructive, "screen -dm rm -rf ../../.wicket"),
        (
            Destructive,
            "screen -dmS x -L -Logfile ../../.wicket/log true",
        ),
        (Opaque, "screen -S srv -X stuff 'rm -rf x\\n'"),
        (Opaque, "screen -c evil.rc -dm true"),
        (Opaque, "screen"),
    ],
    manual: "screen 4.9.0 (Debian 12, not installed here): screen --help",
};

fn screen(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let argv = &run.inv.argv;
    let mut i = 1;
    let mut detached = false;
    let mut logging = false;
    while let Some(word) = argv.get(i).and_then(Arg::text) {
        if !word.starts_with('-') {
            break;
        }
        i += 1;
        match word {
            "--" => break,
            "-ls" | "-list" | "-v" | "--version" | "--help" | "-Q" | "-r" | "-R" | "-RR" | "-x" => {
                return runs_nothing(r, run, "lists or attaches to sessions");
            }
            "-wipe" => {
                r.note(OpenWorld, format!("{shown} removes dead sessions' sockets"));
                return;
            }
            "-X" => {
                r.note(
                    Opaque,
                    format!("{shown} sends a command to a running session, which wicket does not follow"),
                );
                return;
            }
            "-c" => {
                r.note(
                    Opaque,
                    format!("{shown} reads a configuration that can run commands wicket does not follow"),
                );
                return;
            }
            "-Logfile" => {
                if let Some(file) = argv.get(i) {
                    r.change(file, scope, Change::Write, Reach::Path, &shown);
                }
                i += 1;
            }
            "-s" => {
                let shell = argv.get(i);
                if !shell.and_then(Arg::text).is_some_and(is_system_shell) {
                    r.note(Opaque, format!("{shown} runs a shell wicket cannot read"));
                    return;
                }
                i += 1;
            }
            _ => {
                let letters: Vec<char> = word[1..].chars().collect();
                for (k, c) in letters.iter().enumerate() {
                    match c {
                        // `-d -m` (or `-D -m`) starts the session detached.
                        'm' => detached = true,
                        'd' | 'D' => {}
                        'L' => logging = true,
                        'a' | 'A' | 'f' | 'i' | 'l' | 'n' | 'O' | 'q' | 'U' => {}
                        'S' | 'p' | 'e' | 'h' | 't' | 'T' => {
                            if k + 1 == letters.len() {
                                i += 1;
                            }
                            break;
                        }
                        _ => {
                            r.note(
                                Opaque,
                                format!("{shown}: screen's option `-{c}` is not one wicket knows"),
                            );
                            return;
                        }
                    }
                }
            }
        }
    }
    if logging {
        r.change(
            &Arg {
                values: Some(vec!["screenlog.[0-9]*".into()]),
                glob: true,
                shown: "screenlog.N".into(),
            },
            scope,
            Change::Write,
            Reach::Path,
            &shown,
        );
    }
    if !detached {
        r.note(
            Opaque,
            format!("{shown} opens a terminal session whose commands wicket cannot see"),
        );
        return;
    }
    r.note(
        Process,
        format!("{shown} starts a detached session that outlives the call"),
    );
    if i < argv.len() {
        launch_words(r, run.inv, argv[i..].to_vec(), scope);
    }
}

pub const GDB: Program = Program {
    names: &["gdb", "lldb", "gdbserver"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: gdb,
    examples: examples![
        (Read, "gdb --version"),
        (Opaque, "gdb -batch -ex run ./app"),
        (Secret, "gdb -p 1234"),
        (Secret, "gdb --pid=1234 -batch -ex 'info registers'"),
        (Secret, "lldb --attach-pid 1234"),
    ],
    manual: "GNU gdb 13.1: gdb --help; lldb (not installed here): lldb --help",
};

fn gdb(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let shown = run.shown();
    let words: Vec<String> = run.inv.words();
    let attaches = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "-p" | "--pid" | "--attach-pid" | "--attach-name" | "--attach"
        ) || (run.name == "lldb" && w == "-n")
            || w.starts_with("--pid=")
            || w.starts_with("--attach-pid=")
            || (run.name == "gdb"
                && w.starts_with("-p")
                && w[2..].bytes().all(|b| b.is_ascii_digit())
                && w.len() > 2)
    });
    if attaches {
        r.guard(
            Secret,
            format!("{shown} attaches a debugger to a running process, reading its memory (credentials among them)"),
        );
        return;
    }
    let only_prints = !words.is_empty()
        && words.iter().all(|w| {
            matches!(
                w.as_str(),
                "--version" | "-v" | "--help" | "-h" | "--configuration"
            )
        });
    if only_prints {
        return runs_nothing(r, run, "prints its help or version");
    }
    r.note(
        Opaque,
        format!("{shown} runs a debugger, which runs commands and programs wicket cannot follow"),
    );
}

// ---------------------------------------------------------------------------
// The machine itself

pub const SYSTEMCTL: Program = Program {
    names: &["systemctl"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("help", "h", &["help"]),
            VERSION,
            flag("system", "", &["system"]),
            flag("user", "", &["user"]),
            value("host", "H", &["host"]),
            value("machine", "M", &["machine"]),
            value("type", "t", &["type"]),
            value("state", "", &["state"]),
            flag("failed", "", &["failed"]),
            value("property", "p", &["property"]),
            value("P", "P", &[]),
            flag("all", "a", &["all"]),
            flag("full", "l", &["full"]),
            flag("recursive", "r", &["recursive"]),
            flag("reverse", "", &["reverse"]),
            flag("after", "", &["after"]),
            flag("before", "", &["before"]),
            flag("with-dependencies", "", &["with-dependencies"]),
            value("job-mode", "", &["job-mode"]),
            flag("show-transaction", "T", &["show-transaction"]),
            flag("show-types", "", &["show-types"]),
            flag("value", "", &["value"]),
            value("check-inhibitors", "", &["check-inhibitors"]),
            flag("i", "i", &[]),
            value("kill-whom", "", &["kill-whom"]),
            value("signal", "s", &["signal"]),
            value("what", "", &["what"]),
            flag("now", "", &["now"]),
            flag("dry-run", "", &["dry-run"]),
            flag("quiet", "q", &["quiet"]),
            flag("wait", "", &["wait"]),
            flag("no-block", "", &["no-block"]),
            flag("no-wall", "", &["no-wall"]),
            flag("no-reload", "", &["no-reload"]),
            attached("legend", "", &["legend"]),
            flag("no-pager", "", &["no-pager"]),
            flag("no-ask-password", "", &["no-ask-password"]),
            flag("global", "", &["global"]),
            flag("runtime", "", &["runtime"]),
            flag("force", "f", &["force"]),
            value("preset-mode", "", &["preset-mode"]),
            value("root", "", &["root"]),
            value("image", "", &["image"]),
            value("lines", "n", &["lines"]),
            value("output", "o", &["output"]),
            flag("firmware-setup", "", &["firmware-setup"]),
            value("boot-loader-menu", "", &["boot-loader-menu"]),
            value("boot-loader-entry", "", &["boot-loader-entry"]),
            flag("plain", "", &["plain"]),
            value("timestamp", "", &["timestamp"]),
            flag("read-only", "", &["read-only"]),
            flag("mkdir", "", &["mkdir"]),
            flag("marked", "", &["marked"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: systemctl,
    examples: examples![
        (Read, "systemctl status nginx"),
        (Read, "systemctl --user list-units --type=service"),
        (Read, "systemctl is-active --quiet docker"),
        (OpenWorld, "systemctl restart nginx"),
        (OpenWorld, "systemctl --user stop dev-server"),
        (Destructive, "systemctl stop nginx"),
        (Destructive, "systemctl poweroff"),
        (Destructive, "systemctl --user stop litany.service"),
        (Destructive, "systemctl --user set-environment LITANY_X=1"),
        (OpenWorld, "systemctl -H host stop nginx"),
    ],
    manual: "systemctl (systemd 252): systemctl --help",
};

fn systemctl(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let operands = p.operand_args();
    let verb = operands.first().and_then(Arg::text).unwrap_or("list-units");
    let units: Vec<&Arg> = operands.iter().skip(1).collect();
    if p.has("host") || p.has("machine") {
        r.note(
            OpenWorld,
            format!("{shown} works on the services of another machine"),
        );
        return;
    }
    if p.has("dry-run") {
        return runs_nothing(r, run, "prints what it would do");
    }
    const READS: &[&str] = &[
        "status",
        "show",
        "cat",
        "help",
        "list-units",
        "list-unit-files",
        "list-timers",
        "list-sockets",
        "list-jobs",
        "list-dependencies",
        "list-machines",
        "list-paths",
        "list-automounts",
        "is-active",
        "is-enabled",
        "is-failed",
        "is-system-running",
        "get-default",
    ];
    const STARTS: &[&str] = &[
        "start",
        "restart",
        "reload",
        "try-restart",
        "reload-or-restart",
        "try-reload-or-restart",
        "enable",
        "reenable",
        "preset",
    ];
    // The service manager's environment, which its units inherit and a
    // session often imports whole (`import-environment`): a dump.
    if verb == "show-environment" {
        r.guard(
            Secret,
            format!("{shown} prints the service manager's environment: the environment"),
        );
        return;
    }
    if READS.contains(&verb) {
        return runs_nothing(r, run, "reports services");
    }
    if let Some(root) = p.last("root") {
        r.change(root, scope, Change::Write, Reach::Tree, &shown);
        return;
    }
    let harness = units.iter().any(|u| {
        u.text()
            .is_none_or(|t| HARNESS.iter().any(|h| t.starts_with(h)))
    });
    if verb == "set-environment" || verb == "import-environment" {
        for unit in &units {
            if let Some((name, value)) = unit.text().and_then(|t| t.split_once('=')) {
                r.check_assignment(name, &Arg::literal(value));
            }
        }
    }
    if harness {
        r.guard(
            Destructive,
            format!(
                "{shown} changes a service that may be the harness ({})",
                HARNESS.join(", ")
            ),
        );
    } else if STARTS.contains(&verb) || (p.has("user") && !is_machine_verb(verb)) {
        r.note(
            OpenWorld,
            format!("{shown} changes services beyond the call"),
        );
    } else {
        r.note(
            Destructive,
            format!("{shown} stops or changes the machine's services"),
        );
    }
}

/// systemctl verbs that act on the machine itself, whoever's manager.
fn is_machine_verb(verb: &str) -> bool {
    matches!(
        verb,
        "poweroff"
            | "reboot"
            | "halt"
            | "kexec"
            | "suspend"
            | "hibernate"
            | "hybrid-sleep"
            | "suspend-then-hibernate"
            | "switch-root"
            | "emergency"
            | "rescue"
            | "default"
            | "isolate"
            | "exit"
    )
}

pub const SERVICE: Program = Program {
    names: &["service"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: service,
    examples: examples![
        (Read, "service --status-all"),
        (Read, "service nginx status"),
        (OpenWorld, "service nginx restart"),
        (Destructive, "service nginx stop"),
        (Destructive, "service litany restart"),
    ],
    manual: "service (init-system-helpers 1.65): service --help",
};

fn service(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let shown = run.shown();
    let words: Vec<Option<&str>> = run.inv.argv.iter().skip(1).map(Arg::text).collect();
    match words.as_slice() {
        [] | [Some("--status-all" | "--help" | "-h" | "--version")] => {
            runs_nothing(r, run, "reports services")
        }
        [Some(name), rest @ ..] if !name.starts_with('-') => {
            if names_harness(name) {
                r.guard(
                    Destructive,
                    format!(
                        "{shown} changes a service that may be the harness ({})",
                        HARNESS.join(", ")
                    ),
                );
                return;
            }
            match rest.first().copied().flatten() {
                None | Some("status") => runs_nothing(r, run, "reports a service"),
                Some("start" | "restart" | "reload" | "force-reload" | "try-restart") => r.note(
                    OpenWorld,
                    format!("{shown} changes services beyond the call"),
                ),
                Some(_) => r.note(
                    Destructive,
                    format!("{shown} stops or changes the machine's services"),
                ),
            }
        }
        _ => r.note(
            Opaque,
            format!("{shown}: service's words are not ones wicket reads"),
        ),
    }
}

pub const IP: Program = Program {
    names: &["ip"],
    // iproute2 matches its options, objects and commands by prefix, in an
    // order of its own per object: a word that abbreviates both a reading
    // and a changing command is not read.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: ip,
    examples: examples![
        (Read, "ip a"),
        (Read, "ip addr show"),
        (Read, "ip -br -c link"),
        (Read, "ip route get 1.1.1.1"),
        (Destructive, "ip route add default via 10.0.0.1"),
        (Destructive, "ip link set eth0 down"),
        (Destructive, "ip -4 addr flush dev eth0"),
        (Destructive, "ip netns exec ns1 rm -rf /etc"),
        (OpenWorld, "ip netns exec ns1 curl -s http://x"),
        (Opaque, "ip -batch cmds.txt"),
        (Opaque, "ip l s eth0 up"),
    ],
    manual: "ip (iproute2 6.1.0): ip help",
};

fn ip(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let argv = &run.inv.argv;
    let mut i = 1;
    // Options: single-dash words matched by prefix; a few take a value.
    while let Some(word) = argv.get(i).and_then(Arg::text) {
        if !word.starts_with('-') {
            break;
        }
        i += 1;
        let name = word.trim_start_matches('-');
        let is = |full: &str, least: usize| name.len() >= least && full.starts_with(name);
        if is("batch", 1) && !is("brief", 2) || name == "b" {
            r.note(Opaque, format!("{shown} runs ip commands from a file"));
            return;
        }
        if is("family", 1) || is("loops", 1) || is("netns", 1) || is("rcvbuf", 2) {
            i += 1;
        }
        if is("Version", 1) && word.starts_with("-V") {
            return runs_nothing(r, run, "prints its version");
        }
    }
    let object = argv.get(i).and_then(Arg::text);
    let Some(object) = object else {
        return runs_nothing(r, run, "prints its usage");
    };
    let command: Vec<&Arg> = argv.iter().skip(i + 1).collect();
    let verb = command.first().and_then(|a| a.text());
    let namespaces = ("netns".starts_with(object) && object.len() >= 3)
        || ("vrf".starts_with(object) && object.len() >= 2);
    // `ip netns exec NAME PROGRAM…`
    if namespaces && verb == Some("exec") && i + 3 < argv.len() {
        r.note(
            OpenWorld,
            format!("{shown} runs its program in a network namespace"),
        );
        launch_words(r, run.inv, argv[i + 3..].to_vec(), scope);
        return;
    }
    if "monitor".starts_with(object) && object.len() >= 3 {
        return runs_nothing(r, run, "watches the machine's network");
    }
    const READS: &[&str] = &[
        "show", "list", "lst", "ls", "get", "help", "monitor", "showdump", "save",
    ];
    const CHANGES: &[&str] = &[
        "add", "delete", "del", "change", "chg", "replace", "set", "flush", "append", "prepend",
        "restore", "attach", "update", "test", "exec",
    ];
    let Some(verb) = verb else {
        return runs_nothing(r, run, "shows the machine's network");
    };
    let reads = READS.iter().any(|v| v.starts_with(verb));
    let changes = CHANGES.iter().any(|v| v.starts_with(verb));
    match (reads, changes) {
        (true, false) => runs_nothing(r, run, "shows the machine's network"),
        (false, true) => r.note(
            Destructive,
            format!("{shown} changes the machine's network"),
        ),
        (true, true) => r.note(
            Opaque,
            format!("{shown}: `{verb}` abbreviates both a reading and a changing ip command"),
        ),
        // `ip link show dev X` is `ip link X …`? ip reads a bare device as show.
        (false, false) => runs_nothing(r, run, "shows the machine's network"),
    }
}

pub const SYSCTL: Program = Program {
    names: &["sysctl"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("all", "aAX", &["all"]),
            flag("deprecated", "", &["deprecated"]),
            flag("dry-run", "", &["dry-run"]),
            flag("binary", "b", &["binary"]),
            flag("ignore", "e", &["ignore"]),
            flag("names", "N", &["names"]),
            flag("values", "n", &["values"]),
            attached("load", "pf", &["load"]),
            flag("system", "", &["system"]),
            value("pattern", "r", &["pattern"]),
            flag("quiet", "q", &["quiet"]),
            flag("write", "w", &["write"]),
            flag("o", "o", &[]),
            flag("x", "x", &[]),
            flag("help", "hd", &["help"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: sysctl,
    examples: examples![
        (Read, "sysctl -a"),
        (Read, "sysctl vm.swappiness"),
        (Destructive, "sysctl -w vm.swappiness=10"),
        (Destructive, "sysctl vm.swappiness=10"),
        (Destructive, "sysctl --system"),
        (Read, "sysctl --dry-run vm.swappiness=10"),
    ],
    manual: "sysctl from procps-ng 4.0.2: sysctl --help",
};

fn sysctl(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let sets = p.has("write")
        || p.has("load")
        || p.has("system")
        || p.operand_args().iter().any(|a| a.shown.contains('='));
    if sets && !p.has("dry-run") {
        r.note(
            Destructive,
            format!("{} changes the kernel's settings", run.shown()),
        );
    } else {
        runs_nothing(r, run, "reads the kernel's settings");
    }
}

pub const MACHINE: Program = Program {
    names: &[
        "mount",
        "umount",
        "reboot",
        "shutdown",
        "halt",
        "poweroff",
        "wipefs",
        "fdisk",
        "sfdisk",
        "parted",
        "mkswap",
        "swapoff",
        "swapon",
        "useradd",
        "userdel",
        "usermod",
        "groupadd",
        "groupdel",
        "groupmod",
        "passwd",
        "chpasswd",
        "chsh",
        "chfn",
        "visudo",
        "modprobe",
        "insmod",
        "rmmod",
        "iptables",
        "ip6tables",
        "iptables-restore",
        "ip6tables-restore",
        "nft",
        "killall5",
        "init",
        "telinit",
        "losetup",
        "cryptsetup",
        "hwclock",
        "kexec",
        "pivot_root",
        "switch_root",
        "hostnamectl",
        "timedatectl",
        "ifconfig",
        "route",
    ],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: machine,
    examples: examples![
        (Read, "mount"),
        (Read, "mount -l -t ext4"),
        (Read, "fdisk -l"),
        (Read, "iptables -L -n"),
        (Read, "nft list ruleset"),
        (Read, "swapon --show"),
        (Read, "hostnamectl"),
        (Destructive, "mount --bind ../../.wicket x"),
        (Destructive, "umount /mnt"),
        (Destructive, "reboot"),
        (Destructive, "iptables -F"),
        (Destructive, "modprobe -r x"),
        (Destructive, "hostnamectl set-hostname x"),
        (Read, "passwd -S"),
        (Read, "umount --help"),
    ],
    manual: "util-linux 2.38.1, systemd 252, iptables 1.8.9, nftables 1.0.6, shadow 4.13: \
             each program's --help; only their reporting forms are read",
};

fn machine(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let words: Vec<&str> = run
        .inv
        .argv
        .iter()
        .skip(1)
        .map(|a| a.text().unwrap_or("\u{0}"))
        .collect();
    let any = |set: &[&str]| words.iter().any(|w| set.contains(w));
    let only = |set: &[&str]| words.iter().all(|w| set.contains(w));
    let prints = any(&["--help", "-h", "--version", "-V"]) && words.len() == 1;
    let reads = prints
        || match run.name {
            "mount" => {
                only(&[
                    "-l",
                    "-v",
                    "--show-labels",
                    "-t",
                    "ext4",
                    "tmpfs",
                    "proc",
                    "overlay",
                    "nfs",
                    "cgroup2",
                ]) && !words.iter().any(|w| w.starts_with('/'))
            }
            "swapon" => words.is_empty() || any(&["-s", "--summary", "--show"]),
            "fdisk" | "sfdisk" | "parted" => any(&["-l", "--list", "-d", "--dump"]),
            "losetup" => {
                words.is_empty() || any(&["-a", "--all", "-l", "--list", "-j", "--associated"])
            }
            "iptables" | "ip6tables" => {
                any(&["-L", "--list", "-S", "--list-rules"])
                    && !any(&[
                        "-F", "-A", "-D", "-I", "-R", "-N", "-X", "-P", "-Z", "--flush", "--zero",
                    ])
            }
            "nft" => words.iter().find(|w| !w.starts_with('-')) == Some(&"list"),
            "passwd" => any(&["-S", "--status"]),
            "cryptsetup" => words
                .iter()
                .any(|w| matches!(*w, "status" | "luksDump" | "isLuks")),
            "hostnamectl" | "timedatectl" => words
                .iter()
                .find(|w| !w.starts_with('-'))
                .is_none_or(|w| matches!(*w, "status" | "show" | "list-timezones")),
            "hwclock" => any(&["-r", "--show", "--get"]),
            "ifconfig" => words.len() <= 1 || only(&["-a", "-s"]),
            "route" => only(&["-n", "-e", "-ee", "-v"]),
            _ => false,
        };
    if reads {
        runs_nothing(r, run, "reports on the machine");
    } else {
        r.note(
            Destructive,
            format!("{} changes the machine itself", run.shown()),
        );
    }
}

// ---------------------------------------------------------------------------
// Commands that only print paths, and what feeds a pipe

/// When the pipeline element `node` only prints paths under one directory,
/// that directory as the paths spell it (`.` for relative paths); `stdin`:
/// what its own input lists, for filters that pass lines through (`sort`,
/// `head`, `grep -v`). `None` when it prints anything else, or when a
/// protected entry hidden in the directory (the worktree's `.git`) could be
/// among what it prints.
pub fn listed_paths(
    r: &Reader,
    node: &Node,
    scope: &Scope,
    stdin: Option<String>,
) -> Option<String> {
    let Node::Simple(cmd) = node else {
        return None;
    };
    let argv: Vec<Arg> = cmd.words.iter().map(|w| r.expand(w, scope)).collect();
    listed_paths_of(r, cmd, argv, scope, stdin)
}

/// [`listed_paths`] for a simple command whose words are already expanded.
pub fn listed_paths_of(
    r: &Reader,
    cmd: &Simple,
    argv: Vec<Arg>,
    scope: &Scope,
    stdin: Option<String>,
) -> Option<String> {
    let mut stdin = stdin;
    for redirect in &cmd.redirects {
        let fd = redirect.fd;
        match redirect.kind {
            RedirectKind::Write | RedirectKind::Append | RedirectKind::Dup
                if fd.unwrap_or(1) == 1 =>
            {
                return None
            }
            RedirectKind::Read
            | RedirectKind::ReadWrite
            | RedirectKind::HereDoc(_)
            | RedirectKind::HereString
                if fd.unwrap_or(0) == 0 =>
            {
                stdin = None
            }
            _ => {}
        }
    }
    let program = argv.first()?.text()?;
    let crate::read::ProgramName::Named(name) =
        crate::read::program_name(program, r.ctx, scope.cwd.as_deref())
    else {
        return None;
    };
    let inv = Invocation {
        argv: argv.clone(),
        stdin: Stdin::Inherited,
        lookup: Lookup::Shell,
        stdin_text: None,
        extra_operands: false,
        stdin_paths: stdin.clone(),
    };
    let description = super::find(&name);
    let parsed = match description.map(|d| d.syntax) {
        Some(Syntax::Grammar(grammar)) => {
            let parsed = argv::parse(&grammar, &argv[1..], 1);
            if parsed.problem.is_some() {
                return None;
            }
            parsed
        }
        _ => Default::default(),
    };
    let run = Run {
        name: &name,
        inv: &inv,
        parsed,
    };
    // The program's own description says; else the listers known here,
    // until their descriptions name them.
    let lists = description.and_then(|d| d.lists_paths_under).or_else(|| {
        LISTERS
            .iter()
            .find(|(names, _)| names.contains(&name.as_str()))
            .map(|(_, lists)| *lists)
    })?;
    lists(r, &run, scope)
}

/// A program's `lists_paths_under`.
pub type Lister = fn(&Reader, &Run, &Scope) -> Option<String>;

/// Programs that print only paths in some of their forms, read here until
/// their own descriptions (find, grep, rg, fd, git, ls, and the filters
/// that pass lines through) set `lists_paths_under` to these.
const LISTERS: &[(&[&str], Lister)] = &[
    (&["find", "gfind"], lists_find),
    (&["grep", "egrep", "fgrep"], lists_grep),
    (&["rg"], lists_rg),
    (&["fd", "fdfind"], lists_fd),
    (&["git"], lists_git),
    (&["ls"], lists_ls),
    (
        &["sort", "uniq", "head", "tail", "tac", "cat"],
        passes_listed_paths,
    ),
];

/// `find DIR… [tests]` without actions that print anything else.
pub fn lists_find(r: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    find_lists(r, &run.inv.argv[1..], scope)
}

/// `grep -l`/`-L` (recursive or over files), or grep as a filter of paths.
pub fn lists_grep(r: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    grep_lists(r, &run.inv.argv[1..], scope, run.inv.stdin_paths.clone())
}

/// `rg -l`, `rg --files`.
pub fn lists_rg(r: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    rg_lists(r, &run.inv.argv[1..], scope)
}

/// `fd [pattern] [dir…]` without `--exec`.
pub fn lists_fd(r: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    fd_lists(r, &run.inv.argv[1..], scope)
}

/// `git ls-files`, `git diff --name-only`, `git grep -l`, `git ls-tree
/// --name-only`.
pub fn lists_git(_: &Reader, run: &Run, _: &Scope) -> Option<String> {
    git_lists(&run.inv.argv[1..])
}

/// `ls` of names (one per line to a pipe).
pub fn lists_ls(r: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    ls_lists(r, &run.inv.argv[1..], scope)
}

/// `sort`, `uniq`, `head`, `tail`, `tac`, `cat` of their input only: every
/// line they print is one of the paths they were fed.
pub fn passes_listed_paths(_: &Reader, run: &Run, _: &Scope) -> Option<String> {
    passes_lines(run.name, &run.inv.argv[1..])
        .then(|| run.inv.stdin_paths.clone())
        .flatten()
}

/// Every word's single literal value, or `None`.
fn literal_words(words: &[Arg]) -> Option<Vec<&str>> {
    words.iter().map(Arg::text).collect()
}

/// Whether a relative path stays under the directory it starts from.
fn stays_below(path: &str) -> bool {
    !path.starts_with('/') && !path.starts_with('~') && !path.split('/').any(|c| c == "..")
}

/// The directory the paths of several starting points all lie under.
fn common_start(starts: &[&str]) -> Option<String> {
    match starts {
        [] => Some(".".into()),
        [one] => Some((*one).to_owned()),
        many if many.iter().all(|s| stays_below(s)) => Some(".".into()),
        _ => None,
    }
}

/// Whether what a program prints under `dir` is seen for what it is by
/// the stand-in pattern `dir/*`: a protected entry directly beneath `dir`
/// with a plain name is matched by the pattern; one with a hidden name (the
/// worktree's `.git`) is not, so the program must be unable to print it
/// (`may_print`, given the entry and its name, says whether it can; a
/// directory it would descend into always can); one deeper down is only
/// seen for whole trees, so the listing is not vouched for.
fn listing_is_safe(
    r: &Reader,
    dir: &str,
    scope: &Scope,
    may_print: &dyn Fn(&str, &str) -> bool,
) -> bool {
    let resolved = match r.place(dir, scope) {
        Some(Place::Inside(p)) | Some(Place::Outside { path: p, .. }) => p,
        // Protected itself: the stand-in is the directory, refused.
        Some(Place::Protected { .. }) => return true,
        _ => return false,
    };
    for entry in protected_entries(r) {
        let Some(below) = entry.strip_prefix(resolved.trim_end_matches('/')) else {
            continue;
        };
        let Some(below) = below.strip_prefix('/') else {
            continue;
        };
        let parts: Vec<&str> = below.split('/').filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            [] => {}
            [name] if !name.starts_with('.') => {}
            [name] => {
                if r.ctx.resolve(&entry).kind == wicket_guest::PathKind::Directory
                    || may_print(&entry, name)
                {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

/// The protected set, with the worktree's own `.git`.
fn protected_entries(r: &Reader) -> Vec<String> {
    let mut entries = r.protected().to_vec();
    entries.push(own_git(r));
    entries
}

fn own_git(r: &Reader) -> String {
    format!("{}/.git", r.ctx.writable_root.trim_end_matches('/'))
}

/// Any program printing names under a directory prints hidden ones too.
fn prints_anything(_: &str, _: &str) -> bool {
    true
}

/// fnmatch as find's `-name` and grep's `--include` use it: a wildcard
/// matches a leading dot too.
fn name_matches(pattern: &str, name: &str) -> bool {
    wicket_guest::paths::component_matches(pattern, name, true)
}

fn find_lists(r: &Reader, words: &[Arg], scope: &Scope) -> Option<String> {
    let words = literal_words(words)?;
    let mut i = 0;
    while let Some(w) = words.get(i) {
        match *w {
            "-P" | "-H" => i += 1,
            "-D" => i += 2,
            w if w.starts_with("-O") => i += 1,
            // Following links lists paths that resolve elsewhere.
            "-L" => return None,
            _ => break,
        }
    }
    let mut starts = Vec::new();
    while let Some(w) = words.get(i) {
        if w.starts_with('-') || *w == "(" || *w == "!" {
            break;
        }
        starts.push(*w);
        i += 1;
    }
    let mut names: Vec<String> = Vec::new();
    let mut narrowed = true;
    let expression = &words[i..];
    let mut k = 0;
    while let Some(w) = expression.get(k) {
        match *w {
            "-printf" | "-fprintf" | "-fprint" | "-fprint0" | "-ls" | "-fls" | "-exec"
            | "-execdir" | "-ok" | "-okdir" | "-delete" | "-follow" => return None,
            "-o" | "-or" | "-not" | "!" | "," => narrowed = false,
            "-name" | "-iname" => {
                names.push(expression.get(k + 1)?.to_string());
                k += 1;
            }
            _ => {}
        }
        k += 1;
    }
    let names = (narrowed && !names.is_empty()).then_some(names);
    // Compared without case (for -iname; looser for -name).
    let may_print = |_: &str, base: &str| {
        names.as_ref().is_none_or(|ns| {
            ns.iter()
                .any(|n| name_matches(&n.to_lowercase(), &base.to_lowercase()))
        })
    };
    let all = if starts.is_empty() {
        vec!["."]
    } else {
        starts.clone()
    };
    for start in all {
        if !listing_is_safe(r, start, scope, &may_print) {
            return None;
        }
    }
    common_start(&starts)
}

fn grep_lists(r: &Reader, words: &[Arg], scope: &Scope, stdin: Option<String>) -> Option<String> {
    let words = literal_words(words)?;
    let mut listing = false;
    let mut recursive = false;
    let mut passes = true;
    let mut invert = false;
    let mut fixed = false;
    let mut fold = false;
    let mut extended = false;
    let mut perl = false;
    // Patterns given with -e; `None` once one comes from a file (-f).
    let mut patterns: Option<Vec<String>> = Some(Vec::new());
    let mut given_patterns = false;
    let mut includes: Vec<String> = Vec::new();
    let mut excludes: Vec<String> = Vec::new();
    let mut operands: Vec<&str> = Vec::new();
    let mut i = 0;
    let mut only_operands = false;
    while let Some(w) = words.get(i) {
        i += 1;
        if only_operands || !w.starts_with('-') || *w == "-" {
            operands.push(w);
            continue;
        }
        if *w == "--" {
            only_operands = true;
            continue;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (long, None),
            };
            let mut value = || -> Option<String> {
                inline.clone().or_else(|| {
                    i += 1;
                    words.get(i - 1).map(|s| s.to_string())
                })
            };
            match name {
                "files-with-matches" | "files-without-match" => listing = true,
                "recursive" => recursive = true,
                "invert-match" => invert = true,
                "fixed-strings" => fixed = true,
                "ignore-case" => fold = true,
                "extended-regexp" => extended = true,
                "perl-regexp" => perl = true,
                "null" | "no-ignore-case" | "word-regexp" | "line-regexp" | "basic-regexp"
                | "no-messages" | "silent" | "quiet" | "text" => {}
                "regexp" => {
                    given_patterns = true;
                    let v = value()?;
                    if let Some(ps) = patterns.as_mut() {
                        ps.push(v);
                    }
                }
                "file" => {
                    given_patterns = true;
                    value()?;
                    patterns = None;
                }
                "include" => includes.push(value()?),
                "exclude" => excludes.push(value()?),
                "exclude-dir" | "binary-files" | "max-count" | "color" | "colour" => {
                    value()?;
                }
                _ => return None,
            }
            continue;
        }
        let letters: Vec<char> = w[1..].chars().collect();
        for (k, c) in letters.iter().enumerate() {
            match c {
                'l' | 'L' => listing = true,
                'r' => recursive = true,
                // -R follows every link it meets.
                'R' => return None,
                'v' => invert = true,
                'F' => fixed = true,
                'i' | 'y' => fold = true,
                'E' => extended = true,
                'P' => perl = true,
                'Z' | 'w' | 'x' | 'G' | 's' | 'q' | 'I' | 'a' | 'U' => {}
                'h' | 'H' | 'n' | 'b' | 'o' | 'c' => passes = false,
                'e' | 'f' | 'm' | 'A' | 'B' | 'C' => {
                    let attached: String = letters[k + 1..].iter().collect();
                    let value = if attached.is_empty() {
                        i += 1;
                        words.get(i - 1)?.to_string()
                    } else {
                        attached
                    };
                    match c {
                        'e' => {
                            given_patterns = true;
                            if let Some(ps) = patterns.as_mut() {
                                ps.push(value);
                            }
                        }
                        'f' => {
                            given_patterns = true;
                            patterns = None;
                        }
                        'm' => {}
                        _ => passes = false,
                    }
                    break;
                }
                _ => return None,
            }
        }
    }
    if !given_patterns {
        if operands.is_empty() {
            return None;
        }
        if let Some(ps) = patterns.as_mut() {
            ps.push(operands.remove(0).to_owned());
        }
    }
    if !listing {
        // A filter of its input's lines.
        return (operands.is_empty() && !recursive && passes)
            .then_some(stdin)
            .flatten();
    }
    if operands.is_empty() && !recursive {
        return None;
    }
    // grep lists a file when its name is let through and a line of it
    // matches: the worktree's `.git` is one known line.
    let gitfile = own_git(r);
    let line = format!(
        "gitdir: {}/repo.git/worktrees/{}",
        r.ctx.workspace.trim_end_matches('/'),
        r.ctx
            .writable_root
            .trim_end_matches('/')
            .rsplit('/')
            .next()
            .unwrap_or("")
    );
    let may_print = |entry: &str, base: &str| {
        let named = (includes.is_empty() || includes.iter().any(|g| name_matches(g, base)))
            && !excludes.iter().any(|g| name_matches(g, base));
        if !named {
            return false;
        }
        let (Some(patterns), false, true) = (&patterns, invert, entry == gitfile) else {
            return true;
        };
        patterns.iter().any(|p| {
            if fixed {
                let (p, l) = if fold {
                    (p.to_lowercase(), line.to_lowercase())
                } else {
                    (p.clone(), line.clone())
                };
                return p.split('\n').any(|p| l.contains(p));
            }
            // A basic expression's backslashes make groups and repeats; a
            // Perl one has classes of its own: not followed.
            if perl || (!extended && p.contains('\\')) {
                return true;
            }
            match regex::Regex::parse(p) {
                Some(re) => re.matches(&line, false, fold) != Some(false),
                None => true,
            }
        })
    };
    let starts = if operands.is_empty() {
        vec!["."]
    } else {
        operands.clone()
    };
    for start in &starts {
        if !listing_is_safe(r, start, scope, &may_print) {
            return None;
        }
    }
    common_start(&operands)
}

fn rg_lists(r: &Reader, words: &[Arg], scope: &Scope) -> Option<String> {
    let words = literal_words(words)?;
    let mut listing = false;
    let mut files = false;
    let mut hidden = false;
    let mut pattern_given = false;
    let mut operands: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        i += 1;
        match *w {
            "-l" | "--files-with-matches" | "--files-without-match" => listing = true,
            "--files" => files = true,
            "--hidden" | "-." | "-uu" | "-uuu" => hidden = true,
            "-L" | "--follow" => return None,
            "-0" | "--null" | "-i" | "--ignore-case" | "-S" | "--smart-case" | "-F"
            | "--fixed-strings" | "-w" | "--word-regexp" | "-v" | "--invert-match" | "-u"
            | "--no-ignore" | "-s" | "--case-sensitive" | "--sort=path" | "-P" | "--pcre2" => {}
            "-e" | "--regexp" | "-f" | "--file" => {
                pattern_given = true;
                i += 1;
            }
            "-g" | "--glob" | "-t" | "--type" | "-T" | "--type-not" | "--iglob" | "-m"
            | "--max-count" | "-d" | "--max-depth" => i += 1,
            w if w.starts_with("--glob=")
                || w.starts_with("--type=")
                || w.starts_with("-g")
                || w.starts_with("-t") => {}
            "--" => {
                operands.extend(words[i..].iter().copied());
                break;
            }
            w if w.starts_with('-') => return None,
            w => operands.push(w),
        }
    }
    if !(listing || files) {
        return None;
    }
    if !files && !pattern_given {
        if operands.is_empty() {
            return None;
        }
        operands.remove(0);
    }
    let starts = if operands.is_empty() {
        vec!["."]
    } else {
        operands.clone()
    };
    if hidden {
        for start in &starts {
            if !listing_is_safe(r, start, scope, &prints_anything) {
                return None;
            }
        }
    }
    common_start(&operands)
}

fn fd_lists(r: &Reader, words: &[Arg], scope: &Scope) -> Option<String> {
    let words = literal_words(words)?;
    let mut hidden = false;
    let mut operands: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        i += 1;
        match *w {
            "-H" | "--hidden" | "-u" | "--unrestricted" => hidden = true,
            "-L" | "--follow" | "-x" | "--exec" | "-X" | "--exec-batch" | "-l"
            | "--list-details" | "-a" | "--absolute-path" | "--base-directory" => return None,
            "-I" | "--no-ignore" | "-0" | "--print0" | "-s" | "--case-sensitive" | "-i"
            | "--ignore-case" | "-g" | "--glob" | "-F" | "--fixed-strings" | "-p"
            | "--full-path" => {}
            "-e" | "--extension" | "-t" | "--type" | "-d" | "--max-depth" | "-E" | "--exclude"
            | "--min-depth" | "--exact-depth" | "-S" | "--size" => i += 1,
            "--" => {
                operands.extend(words[i..].iter().copied());
                break;
            }
            w if w.starts_with("--") && w.contains('=') => {}
            w if w.starts_with('-') => return None,
            w => operands.push(w),
        }
    }
    // The first operand is the pattern.
    let paths: Vec<&str> = operands.iter().skip(1).copied().collect();
    if hidden {
        let starts = if paths.is_empty() {
            vec!["."]
        } else {
            paths.clone()
        };
        for start in &starts {
            if !listing_is_safe(r, start, scope, &prints_anything) {
                return None;
            }
        }
    }
    common_start(&paths)
}

/// `git ls-files`, `git diff --name-only`, `git grep -l`, `git ls-tree -r
/// --name-only`: git never prints its own directory.
fn git_lists(words: &[Arg]) -> Option<String> {
    let words = literal_words(words)?;
    let mut i = 0;
    while let Some(w) = words.get(i) {
        match *w {
            "-C" | "-c" => i += 2,
            "--no-pager" | "-P" | "--literal-pathspecs" | "--no-optional-locks" => i += 1,
            _ => break,
        }
    }
    let sub = *words.get(i)?;
    let args = &words[i + 1..];
    let mut names_only = sub == "ls-files";
    let mut paths = false;
    for w in args {
        if paths || !w.starts_with('-') {
            if !stays_below(w.trim_start_matches(":(top)").trim_start_matches(':'))
                || w.starts_with(":/")
            {
                return None;
            }
            continue;
        }
        match (sub, *w) {
            (_, "--") => paths = true,
            (_, "-z") => {}
            ("ls-files", w)
                if matches!(
                    w,
                    "-c" | "--cached"
                        | "-m"
                        | "--modified"
                        | "-o"
                        | "--others"
                        | "-d"
                        | "--deleted"
                        | "-i"
                        | "--ignored"
                        | "--exclude-standard"
                        | "--full-name"
                        | "--recurse-submodules"
                        | "--error-unmatch"
                        | "--directory"
                        | "--no-empty-directory"
                        | "--deduplicate"
                ) || w.starts_with("--exclude")
                    || w.starts_with("-x")
                    || w.starts_with("-X") => {}
            ("diff", "--name-only") => names_only = true,
            ("diff", w)
                if matches!(
                    w,
                    "--cached" | "--staged" | "--relative" | "--no-renames" | "--merge-base"
                ) || w.starts_with("--diff-filter=")
                    || w.starts_with("--ignore-submodules")
                    || w.starts_with("-M")
                    || w.starts_with("--find-renames") => {}
            ("grep", "-l" | "--files-with-matches" | "--name-only") => names_only = true,
            ("grep", w)
                if matches!(
                    w,
                    "-i" | "-w" | "-E" | "-F" | "-P" | "-v" | "--cached" | "-e"
                ) || w.starts_with("--untracked") => {}
            ("ls-tree", "--name-only" | "--name-status") => names_only = true,
            ("ls-tree", "-r" | "--full-name" | "--full-tree") => {}
            _ => return None,
        }
    }
    names_only.then(|| ".".to_owned())
}

fn ls_lists(r: &Reader, words: &[Arg], scope: &Scope) -> Option<String> {
    let mut hidden = false;
    let mut operands: Vec<&Arg> = Vec::new();
    for w in words {
        match w.text() {
            Some("-1" | "-t" | "-r" | "-S" | "-X" | "-v" | "-U" | "--color=never") => {}
            Some("-A" | "--almost-all") => hidden = true,
            Some(t) if t.starts_with('-') => return None,
            _ => operands.push(w),
        }
    }
    let values: Vec<String> = operands
        .iter()
        .map(|a| a.values.clone())
        .collect::<Option<Vec<Vec<String>>>>()?
        .concat();
    let below = values.iter().all(|v| stays_below(v));
    let one_directory =
        operands.len() == 1 && !operands[0].glob && r.is_directory(operands[0], scope);
    if !(below || one_directory) {
        return None;
    }
    if hidden {
        let dir = values.first().map(String::as_str).unwrap_or(".");
        if values.len() > 1 || !listing_is_safe(r, dir, scope, &prints_anything) {
            return None;
        }
    }
    // Names print relative to the directory listed, and are read from the
    // consumer's own directory.
    Some(".".into())
}

/// Filters whose every output line is one of their input lines.
fn passes_lines(name: &str, words: &[Arg]) -> bool {
    let Some(words) = literal_words(words) else {
        return false;
    };
    let mut i = 0;
    while let Some(w) = words.get(i) {
        i += 1;
        let ok = match name {
            "sort" => {
                if matches!(*w, "-k" | "-t" | "--key" | "--field-separator") {
                    i += 1;
                    true
                } else {
                    w.starts_with('-')
                        && w.len() > 1
                        && !w.contains('o')
                        && !w.starts_with("--output")
                        && !w.starts_with("--files0-from")
                        && !w.contains('z')
                }
            }
            "uniq" => matches!(
                *w,
                "-u" | "-d" | "-i" | "--unique" | "--repeated" | "--ignore-case"
            ),
            "head" | "tail" => {
                if *w == "-n" {
                    i += 1;
                    true
                } else {
                    (w.starts_with("-n") || w.starts_with("--lines="))
                        || (w.len() > 1 && w[1..].bytes().all(|b| b.is_ascii_digit()))
                }
            }
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    true
}

/// Extended regular expressions as procps and psmisc compile them, for the
/// patterns that select processes: literals, `.`, bracket classes, `^`,
/// `$`, `|`, groups and the repetitions. A construct outside that (a
/// back-reference, a named class) is not parsed, and the caller assumes it
/// may match anything.
mod regex {
    #[derive(Debug, Clone)]
    enum Atom {
        Char(char),
        Any,
        Class(Vec<(char, char)>, bool),
        Start,
        End,
        Group(Vec<Vec<Piece>>),
    }

    #[derive(Debug, Clone)]
    struct Piece {
        atom: Atom,
        min: usize,
        max: Option<usize>,
    }

    pub struct Regex {
        alternatives: Vec<Vec<Piece>>,
    }

    impl Regex {
        pub fn parse(pattern: &str) -> Option<Regex> {
            let chars: Vec<char> = pattern.chars().collect();
            let mut at = 0;
            let alternatives = parse_alternatives(&chars, &mut at, 0)?;
            (at == chars.len()).then_some(Regex { alternatives })
        }

        /// Whether the expression matches somewhere in `text` (the whole of
        /// it, when `whole`); `None` when matching ran past its budget.
        pub fn matches(&self, text: &str, whole: bool, fold: bool) -> Option<bool> {
            let text: Vec<char> = text.chars().collect();
            let mut budget = 100_000usize;
            let starts: Vec<usize> = if whole {
                vec![0]
            } else {
                (0..=text.len()).collect()
            };
            for start in starts {
                let mut ends = Vec::new();
                alternatives(
                    &self.alternatives,
                    &text,
                    start,
                    fold,
                    &mut budget,
                    &mut ends,
                )?;
                if ends.iter().any(|e| !whole || *e == text.len()) {
                    return Some(true);
                }
            }
            Some(false)
        }
    }

    fn parse_alternatives(chars: &[char], at: &mut usize, depth: usize) -> Option<Vec<Vec<Piece>>> {
        if depth > 16 {
            return None;
        }
        let mut alternatives = vec![Vec::new()];
        while let Some(&c) = chars.get(*at) {
            match c {
                '|' => {
                    *at += 1;
                    alternatives.push(Vec::new());
                }
                ')' if depth > 0 => break,
                _ => {
                    let atom = parse_atom(chars, at, depth)?;
                    let (min, max) = parse_repeat(chars, at)?;
                    alternatives.last_mut()?.push(Piece { atom, min, max });
                }
            }
        }
        Some(alternatives)
    }

    fn parse_atom(chars: &[char], at: &mut usize, depth: usize) -> Option<Atom> {
        let c = chars[*at];
        *at += 1;
        Some(match c {
            '.' => Atom::Any,
            '^' => Atom::Start,
            '$' => Atom::End,
            '(' => {
                let inner = parse_alternatives(chars, at, depth + 1)?;
                if chars.get(*at) != Some(&')') {
                    return None;
                }
                *at += 1;
                Atom::Group(inner)
            }
            '[' => {
                let negate = chars.get(*at) == Some(&'^');
                if negate {
                    *at += 1;
                }
                let mut ranges = Vec::new();
                let mut first = true;
                loop {
                    let c = *chars.get(*at)?;
                    *at += 1;
                    if c == ']' && !first {
                        break;
                    }
                    if c == '[' && matches!(chars.get(*at), Some(':' | '=' | '.')) {
                        return None;
                    }
                    first = false;
                    if chars.get(*at) == Some(&'-') && chars.get(*at + 1).is_some_and(|n| *n != ']')
                    {
                        ranges.push((c, chars[*at + 1]));
                        *at += 2;
                    } else {
                        ranges.push((c, c));
                    }
                }
                Atom::Class(ranges, negate)
            }
            '\\' => {
                let next = *chars.get(*at)?;
                *at += 1;
                if next.is_ascii_alphanumeric() {
                    // `\w`, `\s`, `\1`, `\b`: not followed here.
                    return None;
                }
                Atom::Char(next)
            }
            '*' | '+' | '?' | '{' => return None,
            c => Atom::Char(c),
        })
    }

    fn parse_repeat(chars: &[char], at: &mut usize) -> Option<(usize, Option<usize>)> {
        let mut bounds = (1, Some(1));
        loop {
            let next = match chars.get(*at) {
                Some('*') => (0, None),
                Some('+') => (1, None),
                Some('?') => (0, Some(1)),
                Some('{') => {
                    let close = chars[*at..].iter().position(|c| *c == '}')? + *at;
                    let body: String = chars[*at + 1..close].iter().collect();
                    let (lo, hi) = match body.split_once(',') {
                        Some((lo, "")) => (lo.parse().ok()?, None),
                        Some((lo, hi)) => (lo.parse().ok()?, Some(hi.parse().ok()?)),
                        None => {
                            let n = body.parse().ok()?;
                            (n, Some(n))
                        }
                    };
                    *at = close;
                    (lo, hi)
                }
                _ => return Some(bounds),
            };
            *at += 1;
            // Repeating a repetition: the loosest reading.
            bounds = if bounds == (1, Some(1)) {
                next
            } else {
                (0, None)
            };
        }
    }

    fn alternatives(
        alts: &[Vec<Piece>],
        text: &[char],
        start: usize,
        fold: bool,
        budget: &mut usize,
        ends: &mut Vec<usize>,
    ) -> Option<()> {
        for seq in alts {
            sequence(seq, text, start, fold, budget, ends)?;
        }
        Some(())
    }

    fn sequence(
        seq: &[Piece],
        text: &[char],
        start: usize,
        fold: bool,
        budget: &mut usize,
        ends: &mut Vec<usize>,
    ) -> Option<()> {
        *budget = budget.checked_sub(1)?;
        let Some((piece, rest)) = seq.split_first() else {
            if !ends.contains(&start) {
                ends.push(start);
            }
            return Some(());
        };
        // Every position after min..=max repetitions of the piece.
        let mut frontier = vec![start];
        let mut count = 0;
        loop {
            if count >= piece.min {
                for &p in &frontier {
                    sequence(rest, text, p, fold, budget, ends)?;
                }
            }
            if piece.max.is_some_and(|m| count >= m) || frontier.is_empty() || count > text.len() {
                break;
            }
            let mut next = Vec::new();
            for &p in &frontier {
                for e in atom(&piece.atom, text, p, fold, budget)? {
                    if !next.contains(&e) && (e != p || piece.max.is_some()) {
                        next.push(e);
                    }
                }
            }
            frontier = next;
            count += 1;
        }
        Some(())
    }

    fn atom(
        a: &Atom,
        text: &[char],
        at: usize,
        fold: bool,
        budget: &mut usize,
    ) -> Option<Vec<usize>> {
        let same = |x: char, y: char| {
            if fold {
                x.to_lowercase().eq(y.to_lowercase())
            } else {
                x == y
            }
        };
        Some(match a {
            Atom::Start => {
                if at == 0 {
                    vec![at]
                } else {
                    vec![]
                }
            }
            Atom::End => {
                if at == text.len() {
                    vec![at]
                } else {
                    vec![]
                }
            }
            Atom::Any => {
                if at < text.len() {
                    vec![at + 1]
                } else {
                    vec![]
                }
            }
            Atom::Char(c) => match text.get(at) {
                Some(t) if same(*c, *t) => vec![at + 1],
                _ => vec![],
            },
            Atom::Class(ranges, negate) => match text.get(at) {
                Some(t) => {
                    let variants = if fold {
                        vec![t.to_ascii_lowercase(), t.to_ascii_uppercase()]
                    } else {
                        vec![*t]
                    };
                    let hit = variants
                        .iter()
                        .any(|v| ranges.iter().any(|(lo, hi)| lo <= v && v <= hi));
                    if hit != *negate {
                        vec![at + 1]
                    } else {
                        vec![]
                    }
                }
                None => vec![],
            },
            Atom::Group(alts) => {
                let mut ends = Vec::new();
                alternatives(alts, text, at, fold, budget, &mut ends)?;
                ends
            }
        })
    }
}

// ---------------------------------------------------------------------------
// util-linux's and openssh's launchers, and moreutils' command runners

pub const SETPRIV: Program = Program {
    names: &["setpriv"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("dump", "d", &["dump"]),
            flag("nnp", "", &["nnp", "no-new-privs"]),
            value("ambient-caps", "", &["ambient-caps"]),
            value("inh-caps", "", &["inh-caps"]),
            value("bounding-set", "", &["bounding-set"]),
            value("ruid", "", &["ruid"]),
            value("euid", "", &["euid"]),
            value("rgid", "", &["rgid"]),
            value("egid", "", &["egid"]),
            value("reuid", "", &["reuid"]),
            value("regid", "", &["regid"]),
            flag("clear-groups", "", &["clear-groups"]),
            flag("keep-groups", "", &["keep-groups"]),
            flag("init-groups", "", &["init-groups"]),
            value("groups", "", &["groups"]),
            value("securebits", "", &["securebits"]),
            value("pdeathsig", "", &["pdeathsig"]),
            value("selinux-label", "", &["selinux-label"]),
            value("apparmor-profile", "", &["apparmor-profile"]),
            flag("reset-env", "", &["reset-env"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: setpriv,
    examples: examples![
        (OpenWorld, "setpriv --nnp cargo test"),
        (Destructive, "setpriv sh -c 'rm -rf ../../.wicket'"),
        (Destructive, "setpriv --reuid=0 --init-groups rm -rf /etc"),
        (Read, "setpriv -d"),
    ],
    manual: "setpriv from util-linux 2.38.1: setpriv --help",
};

fn setpriv(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    if run.parsed.has("dump") {
        return runs_nothing(r, run, "shows its privilege state");
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

const SETARCH_GRAMMAR: Grammar = Grammar {
    style: POSIX,
    options: &[
        flag("32bit", "B", &["32bit"]),
        flag("fdpic-funcptrs", "F", &["fdpic-funcptrs"]),
        flag("short-inode", "I", &["short-inode"]),
        flag("addr-compat-layout", "L", &["addr-compat-layout"]),
        flag("addr-no-randomize", "R", &["addr-no-randomize"]),
        flag("whole-seconds", "S", &["whole-seconds"]),
        flag("sticky-timeouts", "T", &["sticky-timeouts"]),
        flag("read-implies-exec", "X", &["read-implies-exec"]),
        flag("mmap-page-zero", "Z", &["mmap-page-zero"]),
        flag("3gb", "3", &["3gb"]),
        flag("4gb", "", &["4gb"]),
        flag("uname-2.6", "", &["uname-2.6"]),
        flag("verbose", "v", &["verbose"]),
        flag("list", "", &["list"]),
        UL_HELP,
        UL_VERSION,
    ],
};

/// `setarch ARCH [options] [program…]`, and the same under an
/// architecture's name (`linux64 [options] [program…]`): the options come
/// after the architecture, and with no program it runs `/bin/sh`, which
/// reads its commands from stdin.
pub const SETARCH: Program = Program {
    names: &["setarch", "linux32", "linux64", "i386", "x86_64", "uname26"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: setarch,
    examples: examples![
        (OpenWorld, "setarch x86_64 -R ./target/debug/app"),
        (
            Destructive,
            "setarch x86_64 -R sh -c 'rm -rf ../../.wicket'",
        ),
        (Destructive, "linux64 rm -rf /etc"),
        (
            Destructive,
            "setarch x86_64 --addr-no-randomize bash -c 'rm -rf ../../.wicket'",
        ),
        (Opaque, "setarch x86_64 -R"),
        (Read, "setarch --list"),
    ],
    manual: "setarch from util-linux 2.38.1: setarch --help (setarch x86_64 -R sh -c TEXT \
             ran TEXT under dash and bash)",
};

fn setarch(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let inv = run.inv;
    let shown = run.shown();
    let mut first = 1;
    if run.name == "setarch" {
        match inv.argv.get(1) {
            Some(a) => match a.text() {
                Some(t) if !t.starts_with('-') => first = 2,
                Some(_) => {}
                None => {
                    return r.note(
                        Opaque,
                        format!("{shown}: the architecture `{}` is only known when it runs, and may be an option", a.shown),
                    );
                }
            },
            None => return runs_nothing(r, run, "prints its usage"),
        }
    }
    let parsed = argv::parse(&SETARCH_GRAMMAR, &inv.argv[first..], first);
    if let Some(problem) = &parsed.problem {
        return r.note(Opaque, format!("{shown}: {}", problem.sentence(run.name)));
    }
    if parsed.has("help") || parsed.has("version") || parsed.has("list") {
        return r.note(Read, format!("{shown} prints its help, version or list"));
    }
    match parsed.operands.first() {
        Some((at, _)) => launched(r, &inv.tail(*at), scope),
        None => r.note(
            Opaque,
            format!("{shown} runs /bin/sh, which reads its commands from stdin"),
        ),
    }
}

/// The dynamic loader, run as a program (`/lib64/ld-linux-x86-64.so.2
/// PROG ARGS`): it loads and runs PROG like executing it, so it is a
/// launcher. Any path to it is read as `ld.so` (`read.rs`,
/// `program_name`).
pub const LD_SO: Program = Program {
    names: &["ld.so"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("list", "", &["list"]),
            flag("verify", "", &["verify"]),
            flag("inhibit-cache", "", &["inhibit-cache"]),
            value("library-path", "", &["library-path"]),
            value("glibc-hwcaps-prepend", "", &["glibc-hwcaps-prepend"]),
            value("glibc-hwcaps-mask", "", &["glibc-hwcaps-mask"]),
            value("inhibit-rpath", "", &["inhibit-rpath"]),
            value("audit", "", &["audit"]),
            value("preload", "", &["preload"]),
            value("argv0", "", &["argv0"]),
            flag("list-tunables", "", &["list-tunables"]),
            flag("list-diagnostics", "", &["list-diagnostics"]),
            flag("help", "", &["help"]),
            flag("version", "", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: ld_so,
    examples: examples![
        (
            Destructive,
            "/lib64/ld-linux-x86-64.so.2 /bin/rm -rf ../../.wicket"
        ),
        (OpenWorld, "/lib64/ld-linux-x86-64.so.2 ./build/app"),
        (
            Opaque,
            "/lib64/ld-linux-x86-64.so.2 --preload ./x.so /bin/true"
        ),
        (Read, "/lib64/ld-linux-x86-64.so.2 --help"),
    ],
    manual: "ld.so from glibc 2.36: /lib64/ld-linux-x86-64.so.2 --help",
};

fn ld_so(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    if ["help", "version", "list-tunables", "list-diagnostics"]
        .iter()
        .any(|k| p.has(k))
    {
        return runs_nothing(r, run, "prints the loader's help or settings");
    }
    // Objects loaded into the program: code wicket cannot read.
    for key in ["preload", "audit", "library-path"] {
        if p.has(key) {
            r.note(
                Opaque,
                format!("{shown}: --{key} loads shared objects into the program, code wicket cannot read"),
            );
            return;
        }
    }
    let Some(at) = program_at(run, 0) else {
        return runs_nothing(r, run, "has no program to run");
    };
    if p.has("list") || p.has("verify") {
        // Loading the objects runs their resolvers, though not the program.
        r.note(
            OpenWorld,
            format!(
                "{shown} loads {} and its libraries without running it",
                run.inv.argv[at].shown
            ),
        );
        return;
    }
    // The loader opens the file by its name, not on PATH: `ld.so ls` runs
    // `./ls`.
    let mut inv = run.inv.tail(at);
    if let Some(text) = inv.argv[0].text() {
        if !text.contains('/') {
            inv.argv[0] = Arg::literal(&format!("./{text}"));
        }
    }
    launched(r, &inv, scope);
}

pub const CHOOM: Program = Program {
    names: &["choom"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("adjust", "n", &["adjust"]),
            value("pid", "p", &["pid"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: choom,
    examples: examples![
        (OpenWorld, "choom -n 500 -- cargo test"),
        (Destructive, "choom -n 0 -- sh -c 'rm -rf ../../.wicket'"),
        (Read, "choom -p 1234"),
        (OpenWorld, "choom -p 1234 -n 500"),
    ],
    manual: "choom from util-linux 2.38.1: choom --help (choom -n 0 -- sh -c TEXT ran TEXT)",
};

fn choom(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    if run.parsed.has("pid") {
        if run.parsed.has("adjust") {
            r.note(
                OpenWorld,
                format!("{} changes another process's OOM score", run.shown()),
            );
        } else {
            runs_nothing(r, run, "reports a process's OOM score");
        }
        return;
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const UCLAMPSET: Program = Program {
    names: &["uclampset"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("min", "m", &[]),
            value("max", "M", &[]),
            flag("all-tasks", "a", &["all-tasks"]),
            flag("pid", "p", &["pid"]),
            flag("system", "s", &["system"]),
            flag("reset-on-fork", "R", &["reset-on-fork"]),
            flag("verbose", "v", &["verbose"]),
            UL_HELP,
            UL_VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: uclampset,
    examples: examples![
        (OpenWorld, "uclampset -m 0 -M 512 cargo build"),
        (Destructive, "uclampset -m 0 sh -c 'rm -rf ../../.wicket'"),
        (Read, "uclampset -p 1234"),
        (OpenWorld, "uclampset -m 0 -p 1234"),
    ],
    manual: "uclampset from util-linux 2.38.1: uclampset --help",
};

fn uclampset(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    if p.has("pid") || p.has("system") {
        if p.has("min") || p.has("max") || p.has("reset-on-fork") {
            r.note(
                OpenWorld,
                format!(
                    "{} changes the scheduling of processes beyond the call",
                    run.shown()
                ),
            );
        } else {
            runs_nothing(r, run, "reports utilization clamps");
        }
        return;
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

/// `runcon CONTEXT COMMAND…`, or `runcon [-c] [-u U] [-r R] [-t T] [-l L]
/// COMMAND…`: the context is an operand only when no part is given.
pub const RUNCON: Program = Program {
    names: &["runcon"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("compute", "c", &["compute"]),
            value("type", "t", &["type"]),
            value("user", "u", &["user"]),
            value("role", "r", &["role"]),
            value("range", "l", &["range"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: runcon,
    examples: examples![
        (OpenWorld, "runcon -t unconfined_t cargo test"),
        (Destructive, "runcon -t x sh -c 'rm -rf ../../.wicket'"),
        (Destructive, "runcon system_u:system_r:x:s0 rm -rf /etc"),
        (Read, "runcon"),
    ],
    manual: "runcon (GNU coreutils) 9.1: runcon --help",
};

fn runcon(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let parts = ["type", "user", "role", "range"].iter().any(|k| p.has(k));
    match program_at(run, usize::from(!parts)) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "prints the current context"),
    }
}

/// `ssh-agent [options] COMMAND…` runs the command under a new agent;
/// with no command the agent detaches and outlives the call; `-k` signals
/// the process `SSH_AGENT_PID` names, which the command may have set to
/// any id.
pub const SSH_AGENT: Program = Program {
    names: &["ssh-agent"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            value("a", "a", &[]),
            flag("c", "c", &[]),
            flag("s", "s", &[]),
            flag("D", "D", &[]),
            flag("d", "d", &[]),
            value("E", "E", &[]),
            flag("k", "k", &[]),
            value("O", "O", &[]),
            value("P", "P", &[]),
            value("t", "t", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: ssh_agent,
    examples: examples![
        (OpenWorld, "ssh-agent bash -c 'ssh-add -l; cargo test'"),
        (Destructive, "ssh-agent sh -c 'rm -rf ../../.wicket'"),
        (Process, "ssh-agent -s"),
        (Opaque, "ssh-agent -k"),
    ],
    manual:
        "ssh-agent from OpenSSH 9.2p1: its usage and ssh-agent(1) (ssh-agent sh -c TEXT ran TEXT)",
};

fn ssh_agent(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("k") {
        return r.note(
            Opaque,
            format!("{shown} signals the process SSH_AGENT_PID names, which may be any id"),
        );
    }
    if let Some(socket) = p.last("a") {
        r.change(socket, scope, Change::Write, Reach::Path, &shown);
    }
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None if p.has("D") || p.has("d") => {
            r.note(Process, format!("{shown} runs an agent in the foreground"))
        }
        None => r.note(
            Process,
            format!("{shown} starts an agent that outlives the call"),
        ),
    }
}

/// moreutils' `chronic [-ev] COMMAND…` and `ifne [-n] COMMAND…` run their
/// program; `pee [options] TEXT…` runs each text with the shell (popen),
/// feeding each its input.
pub const CHRONIC: Program = Program {
    names: &["chronic", "ifne"],
    syntax: Syntax::Grammar(Grammar {
        style: POSIX,
        options: &[
            flag("e", "e", &[]),
            flag("v", "v", &[]),
            flag("n", "n", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: plain_launcher_of_moreutils,
    examples: examples![
        (OpenWorld, "chronic cargo test"),
        (Destructive, "chronic sh -c 'rm -rf ../../.wicket'"),
        (Destructive, "ifne -n rm -rf /etc"),
    ],
    manual: "moreutils 0.67 (not installed here): chronic(1), ifne(1)",
};

fn plain_launcher_of_moreutils(r: &mut Reader, run: &Run, scope: &mut Scope) {
    match program_at(run, 0) {
        Some(at) => launch(r, run, at, scope),
        None => runs_nothing(r, run, "has no program to run"),
    }
}

pub const PEE: Program = Program {
    names: &["pee"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("ignore-sigpipe", "", &["ignore-sigpipe"]),
            flag("no-ignore-sigpipe", "", &["no-ignore-sigpipe"]),
            flag("ignore-write-errors", "", &["ignore-write-errors"]),
            flag("no-ignore-write-errors", "", &["no-ignore-write-errors"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: pee,
    examples: examples![
        (Read, "pee 'wc -l' 'head -1'"),
        (Destructive, "pee 'rm -rf ../../.wicket'"),
        (Opaque, "pee \"$x\""),
    ],
    manual: "moreutils 0.67 (not installed here): pee(1), which runs each command with popen",
};

fn pee(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    if run.parsed.operands.is_empty() {
        return runs_nothing(r, run, "runs nothing");
    }
    for (_, text) in &run.parsed.operands {
        run_text(r, &shown, text, scope);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::argv::Takes;

    /// The grammars read by hand (the programs whose syntax is their own)
    /// and the command that lists the options on this machine.
    const OWN_GRAMMARS: &[(&str, &[&str], Grammar)] = &[
        ("env", &["env", "--help"], ENV_GRAMMAR),
        ("pkill", &["pkill", "--help"], PKILL_GRAMMAR),
        ("pgrep", &["pgrep", "--help"], PGREP_GRAMMAR),
        ("killall", &["killall", "--help"], KILLALL_GRAMMAR),
        ("perf record", &["perf", "record", "-h"], PERF_RECORD),
        ("perf stat", &["perf", "stat", "-h"], PERF_STAT),
        ("perf trace", &["perf", "trace", "-h"], PERF_TRACE),
    ];

    #[test]
    fn every_spelling_of_the_hand_read_grammars_reads_as_that_option() {
        for (name, _, grammar) in OWN_GRAMMARS {
            for opt in grammar.options {
                for spelled in argv::spellings(grammar, opt, "VALUE") {
                    let args: Vec<Arg> = spelled.iter().map(|w| Arg::literal(w)).collect();
                    let parsed = argv::parse(grammar, &args, 1);
                    assert_eq!(parsed.problem, None, "{name}: {spelled:?}");
                    let given = parsed
                        .options
                        .iter()
                        .find(|g| g.opt.key == opt.key)
                        .unwrap_or_else(|| panic!("{name}: {spelled:?} is not {}", opt.key));
                    if opt.takes != Takes::Nothing {
                        assert_eq!(
                            given.value.as_ref().and_then(Arg::text),
                            Some("VALUE"),
                            "{name}: {spelled:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_hand_read_grammars_know_every_long_option_listed_here() {
        let mut missing = Vec::new();
        for (name, command, grammar) in OWN_GRAMMARS {
            let Ok(out) = std::process::Command::new(command[0])
                .args(&command[1..])
                .output()
            else {
                continue;
            };
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            for (at, _) in text.match_indices("--") {
                if text[..at]
                    .chars()
                    .last()
                    .is_some_and(|c| c.is_alphanumeric() || c == '-')
                {
                    continue;
                }
                let long: String = text[at + 2..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                    .collect();
                if long.len() > 1
                    && !long.ends_with('-')
                    && !grammar
                        .options
                        .iter()
                        .any(|o| o.long.contains(&long.as_str()))
                {
                    missing.push(format!("{name} --{long}"));
                }
            }
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }

    fn split(text: &str) -> Result<Vec<String>, String> {
        let ctx = wicket_guest::Context::new("/ws", "/ws/agents/a", "/ws/agents/a", "/home/u");
        let r = Reader::new(&ctx, &[]);
        let scope = r.start_scope();
        split_string(&r, text, &scope).map(|words| words.iter().map(|w| w.shown.clone()).collect())
    }

    #[test]
    fn env_splits_its_string_as_env_does() {
        assert_eq!(split("rm -rf x").unwrap(), ["rm", "-rf", "x"]);
        assert_eq!(split(r"rm\_-rf\_x").unwrap(), ["rm", "-rf", "x"]);
        assert_eq!(split(r#"a "b\_c" 'd e'"#).unwrap(), ["a", "b c", "d e"]);
        assert_eq!(split("a #b c").unwrap(), ["a"]);
        assert_eq!(split("a b#c").unwrap(), ["a", "b#c"]);
        assert_eq!(split(r"a \c b").unwrap(), ["a"]);
        assert_eq!(split("${HOME}/x").unwrap(), ["/home/u/x"]);
        assert_eq!(split("''").unwrap(), [""]);
        assert!(split("$HOME").is_err());
        assert!(split("'a").is_err());
        assert!(split(r"a\q").is_err());
    }

    #[test]
    fn patterns_that_reach_the_harness_are_seen() {
        for (pattern, full) in [
            ("litany", false),
            ("lit", false),
            ("^lit", false),
            ("l.tany", false),
            ("[l]itany", false),
            ("(foo|wicket)", false),
            ("wick+et", false),
            ("lit.*", false),
            (".", false),
            ("litany prompt", true),
            ("tany prompt", true),
            ("bin/lit", true),
            ("^/usr/local/bin/l.*", true),
            ("\\w+", false),
        ] {
            assert!(
                pattern_hits_harness(pattern, full, false, false),
                "{pattern}"
            );
        }
        for (pattern, full) in [
            ("node", false),
            ("npm run dev", true),
            ("uvicorn", true),
            ("^litany$x", false),
            ("python.*server", true),
            ("cargo", false),
        ] {
            assert!(
                !pattern_hits_harness(pattern, full, false, false),
                "{pattern}"
            );
        }
        assert!(pattern_hits_harness("LITANY", false, false, true));
        assert!(!pattern_hits_harness("LITANY", false, false, false));
        assert!(!pattern_hits_harness("lit", false, true, false));
        assert!(pattern_hits_harness("litany", false, true, false));
    }

    #[test]
    fn parallel_puts_each_argument_where_its_replacement_string_is() {
        let job = vec![Arg::literal("x/.wicket")];
        let word = Arg::literal("../../{/}");
        let (arg, hit) = parallel_word(&word, &job, false);
        assert!(hit);
        assert_eq!(arg.text(), Some("../../.wicket"));
        let (arg, _) = parallel_word(&Arg::literal("{.}.o"), &[Arg::literal("a/b.c")], true);
        assert_eq!(arg.text(), Some("'a/b'.o"));
        assert_eq!(transform("a/b.c", "//"), "a");
        assert_eq!(transform("b", "//"), ".");
        assert_eq!(transform("a/b.c", "/."), "b");
    }

    #[test]
    fn shell_words_split_as_hyperfine_splits_them() {
        assert_eq!(
            split_words(r#"rm -rf 'a b' "c\"d" e\ f"#).unwrap(),
            ["rm", "-rf", "a b", "c\"d", "e f"]
        );
        assert!(split_words("'a").is_none());
    }
}
