//! Interpreters: programs that run a program — given on the command line
//! (`-c`, `-e`), in a file the agent wrote, as a module, or on stdin (a
//! quoted here-doc is literal code, read like `-c`). Each command line is
//! read the way the interpreter's own parser reads it (python's `-c`
//! ending its options, perl's `-pie` being `-p -i` with backup suffix `e`,
//! node's V8 flags needing `=`), options that write files or run other
//! code are placed, and literal code goes to [`super::code::scan`].
//!
//! A program in a file wicket cannot read is open-world; literal code is
//! open-world unless the scan finds more; code only known at run time (an
//! expansion, stdin nobody spelled) is opaque.

use wicket_guest::Effect::*;

use crate::argv::{self, attached, flag, value, Grammar, Opt, Parsed, Style, Takes};
use crate::read::{Arg, Change, Invocation, Lookup, Reach, Reader, Scope, Stdin};
use crate::syntax::{Node, Redirect, RedirectKind, Script, Simple};

use super::code::{self, Language};
use super::{vars, Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &PYTHON, &NODE, &DENO, &PERL, &RUBY, &PHP, &LUA, &RSCRIPT, &TCLSH, &EXPECT, &JAVA, &JSHELL,
    &OSASCRIPT, &OTHER,
];

/// Interpreters whose parsers wicket does not describe option by option:
/// a lone code option, or a lone script, is read; anything else is opaque.
const OTHER_NAMES: &[&str] = &[
    "julia", "guile", "racket", "groovy", "scala", "elixir", "iex", "escript", "erl", "ghci",
    "runghc", "swift", "kotlin", "clojure", "sbcl", "ocaml", "raku", "irb",
];

/// A parser that reads options until the first operand, bundles short
/// options and takes no abbreviations (python, perl, node, lua).
const INTERPRETER: Style = Style {
    permute: false,
    abbreviate: false,
    bundle: true,
    single_dash_long: false,
    numeric: false,
};

/// Where an interpreter's own options end, read with its grammar: the number
/// of words its options take, and where its program's words start. Options
/// in `ends` (python's `-c` and `-m`) end the options after their value.
fn cut(grammar: &Grammar, args: &[Arg], ends: &[&str]) -> (usize, usize) {
    // An option whose value is missing (`php -r` last) points past the end.
    let (prefix, rest) = cut_at(grammar, args, ends);
    (prefix.min(args.len()), rest.min(args.len()))
}

fn cut_at(grammar: &Grammar, args: &[Arg], ends: &[&str]) -> (usize, usize) {
    let mut i = 0;
    'words: while i < args.len() {
        let Some(word) = args[i].text() else {
            // A pattern that cannot expand to an option is the program's
            // first word (`perl -e CODE ../../.w*`).
            let operand = args[i].glob
                && args[i]
                    .values
                    .as_ref()
                    .is_some_and(|vs| vs.iter().all(|v| !v.starts_with(['-', '*', '?', '['])));
            if operand {
                return (i, i);
            }
            // Only known when it runs: the grammar's parse reports it.
            return (i + 1, i + 1);
        };
        if word == "--" {
            return (i + 1, i + 1);
        }
        if word == "-" || !word.starts_with('-') {
            return (i, i);
        }
        if let Some(body) = word.strip_prefix("--") {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (body, None),
            };
            let next = match grammar.options.iter().find(|o| o.long.contains(&name)) {
                Some(o) => {
                    let next = i + 1 + usize::from(o.takes == Takes::Value && inline.is_none());
                    if ends.contains(&o.key) {
                        return (next, next);
                    }
                    next
                }
                None => i + 1,
            };
            i = next;
            continue;
        }
        let letters: Vec<(usize, char)> = word.char_indices().skip(1).collect();
        for (offset, c) in letters {
            let Some(opt) = grammar.options.iter().find(|o| o.short.contains(c)) else {
                break;
            };
            let rest_empty = offset + c.len_utf8() == word.len();
            match opt.takes {
                Takes::Nothing => {}
                Takes::Attached => {
                    if ends.contains(&opt.key) {
                        return (i + 1, i + 1);
                    }
                    break;
                }
                Takes::Value => {
                    let next = i + 1 + usize::from(rest_empty);
                    if ends.contains(&opt.key) {
                        return (next, next);
                    }
                    i = next;
                    continue 'words;
                }
            }
        }
        i += 1;
    }
    (args.len(), args.len())
}

/// Words whose text starts with a variable the command line never set
/// (`$GITHUB_WORKSPACE/scripts/x.mjs`): the value is the harness's own
/// environment's, which the agent does not choose, so the word reads as the
/// path it spells rather than as something that could be an option. A
/// variable set earlier in the command to something unknown stays unknown.
fn inherited(args: &[Arg], scope: &Scope) -> Vec<Arg> {
    args.iter()
        .map(|a| {
            if a.values.is_some() {
                return a.clone();
            }
            let rest = a.shown.strip_prefix('$').unwrap_or("");
            let braced = rest.strip_prefix('{');
            let name: String = braced
                .unwrap_or(rest)
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let after = &braced.unwrap_or(rest)[name.len()..];
            let after = if braced.is_some() {
                after.strip_prefix('}').unwrap_or("$")
            } else {
                after
            };
            let plain_rest =
                after.starts_with('/') && !after.contains(['$', '`', '*', '?', '[', ' ']);
            if !name.is_empty() && plain_rest && !scope.vars.contains_key(&name) {
                Arg {
                    values: Some(vec![a.shown.clone()]),
                    glob: false,
                    shown: a.shown.clone(),
                }
            } else {
                a.clone()
            }
        })
        .collect()
}

/// Parse the options an interpreter reads; `None` (and an opaque note) when
/// the grammar cannot read them.
fn options(r: &mut Reader, run: &Run, grammar: &Grammar, args: &[Arg]) -> Option<Parsed> {
    let parsed = argv::parse(grammar, args, 1);
    if let Some(problem) = &parsed.problem {
        r.note(
            Opaque,
            format!("{}: {}", run.shown(), problem.sentence(run.name)),
        );
        return None;
    }
    Some(parsed)
}

/// The words after the interpreter's options, as a run of the program.
/// The program's name and `words` (its script and the script's arguments).
fn script_words(run: &Run, words: &[Arg]) -> Invocation {
    let mut argv = vec![run.inv.argv[0].clone()];
    argv.extend(words.iter().cloned());
    Invocation {
        argv,
        ..program_words(run, run.inv.argv.len())
    }
}

fn program_words(run: &Run, from: usize) -> Invocation {
    // `from` counts words after the program name.
    let mut argv = vec![run.inv.argv[0].clone()];
    argv.extend(run.inv.argv.iter().skip(1 + from).cloned());
    Invocation {
        argv,
        stdin: run.inv.stdin,
        extra_operands: run.inv.extra_operands,
        stdin_text: run.inv.stdin_text.clone(),
        lookup: Lookup::Shell,
        stdin_paths: None,
    }
}

/// Literal program text: open-world, and what the scan finds.
fn literal_code(
    r: &mut Reader,
    run: &Run,
    language: Language,
    code: &Arg,
    scope: &Scope,
    whence: &str,
) {
    match code.text() {
        Some(text) => {
            r.note(
                OpenWorld,
                format!("{} runs a program given {whence}", run.name),
            );
            // What it receives besides its code: words after it, its input.
            let inputs = code::Inputs {
                args_unknown: run.inv.extra_operands
                    || run.inv.argv.iter().skip(1).any(|a| a.values.is_none()),
                // The words after the code (all of them, when where it
                // stands cannot be told).
                args: {
                    let words: Vec<&str> =
                        run.inv.argv.iter().skip(1).filter_map(Arg::text).collect();
                    let after = words.iter().rposition(|w| *w == text).map_or(0, |i| i + 1);
                    words[after..].iter().map(|w| (*w).to_owned()).collect()
                },
                stdin_fed: run.inv.stdin == Stdin::Fed || run.inv.stdin_text.is_some(),
                line_loop: matches!(language, Language::Perl | Language::Ruby)
                    && loops_over_lines(run),
            };
            code::scan_with(r, run.name, language, text, scope, inputs);
        }
        None => r.note(
            Opaque,
            format!(
                "{} runs a program only known when it runs (`{}`)",
                run.name, code.shown
            ),
        ),
    }
}

/// perl's and ruby's `-n`/`-p` among the words before the code, bundled or
/// not (`-lne`, `-pi`): the code then runs once per input line, with the
/// line in `$_`. A bundle stops at an option that takes the rest as its
/// value (`-e`, `-M`, `-I`, `-i`, `-x`, `-C`, `-d`, `-D`, `-F`, `-r`).
fn loops_over_lines(run: &Run) -> bool {
    for arg in run.inv.argv.iter().skip(1) {
        let Some(word) = arg.text() else { continue };
        if word == "--" || !word.starts_with('-') || word.starts_with("--") {
            break;
        }
        for c in word[1..].chars() {
            match c {
                'n' | 'p' => return true,
                'e' | 'E' | 'M' | 'm' | 'I' | 'i' | 'x' | 'C' | 'd' | 'D' | 'F' | 'r' => break,
                _ => {}
            }
        }
    }
    false
}

/// Several `-e` lines as the one program the interpreter makes of them.
fn joined_lines(codes: &[&Arg]) -> Arg {
    if codes.len() == 1 {
        return codes[0].clone();
    }
    let texts: Option<Vec<&str>> = codes.iter().map(|c| c.text()).collect();
    let shown = codes
        .iter()
        .map(|c| c.shown.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    Arg {
        values: texts.map(|t| vec![t.join("\n")]),
        glob: false,
        shown,
    }
}

/// The program on stdin: a literal here-doc is read like `-c`; anything
/// else cannot be seen.
fn program_on_stdin(r: &mut Reader, run: &Run, language: Language, scope: &Scope) {
    match &run.inv.stdin_text {
        Some(text) => {
            r.note(
                OpenWorld,
                format!("{} runs the program a literal here-doc gives it", run.name),
            );
            code::scan(r, run.name, language, text, scope);
        }
        None => {
            let source = if run.inv.stdin == Stdin::Fed {
                "a pipe, file or here-doc with expansions"
            } else {
                "stdin"
            };
            r.note(
                Opaque,
                format!(
                    "{} reads its program from {source}, which wicket cannot see",
                    run.name
                ),
            );
        }
    }
}

/// A program file: open-world, and its arguments checked for the protected set.
fn script_file(r: &mut Reader, run: &Run, from: usize, scope: &Scope) {
    let inv = program_words(run, from);
    let script = inv.argv.get(1).map_or(String::new(), |a| a.shown.clone());
    if let Some(word) = inv.argv.get(1) {
        if program_from_stream(r, run, word, scope) {
            return;
        }
    }
    r.note(
        OpenWorld,
        format!(
            "{} runs the program {script}, which wicket cannot read",
            run.name
        ),
    );
    r.check_protected_operands(&inv, scope);
    r.hands_chosen_words(&inv, &script);
}

/// A "program file" that is a stream — `/dev/stdin`, `/dev/fd/N`, a
/// process substitution's `/dev/fd/63`, `/proc/self/fd/0` — is the program
/// on stdin or a descriptor, not a file the agent wrote earlier; `true` when
/// it was read as such.
fn program_from_stream(r: &mut Reader, run: &Run, word: &Arg, scope: &Scope) -> bool {
    let Some(text) = word.text() else {
        return false;
    };
    let stdin = matches!(
        text,
        "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0" | "/proc/thread-self/fd/0"
    );
    let language = Language::of(run.name).unwrap_or(Language::Other);
    if stdin {
        program_on_stdin(r, run, language, scope);
        return true;
    }
    let stream = text.starts_with("/dev/")
        || text.starts_with("/proc/")
        || matches!(
            r.place(text, scope),
            Some(crate::read::Place::Stream) | Some(crate::read::Place::Unknown(_))
        );
    if stream {
        r.note(
            Opaque,
            format!(
                "{} reads its program from {text}, a stream or descriptor whose text wicket cannot see",
                run.name
            ),
        );
    } else if let Some(wrote) = r.written_earlier(word, scope) {
        r.runs_what_it_wrote(text, &wrote);
    }
    stream
}

/// Arguments after literal code are the program's (`sys.argv`): a
/// protected path among them may be written.
fn code_arguments(r: &mut Reader, run: &Run, from: usize, scope: &Scope) {
    let inv = program_words(run, from);
    if inv.argv.len() > 1 {
        r.check_protected_operands(&inv, scope);
    }
}

/// A path an option writes (a profile directory, a log file).
fn writes(r: &mut Reader, run: &Run, arg: &Arg, reach: Reach, scope: &Scope) {
    r.change(arg, scope, Change::Write, reach, &run.shown());
}

// ---------------------------------------------------------------------------
// python

const PYTHON_GRAMMAR: Grammar = Grammar {
    style: INTERPRETER,
    options: &[
        flag("b", "b", &[]),
        flag("B", "B", &[]),
        value("c", "c", &[]),
        flag("d", "d", &[]),
        flag("E", "E", &[]),
        flag("help", "h?", &["help"]),
        flag("i", "i", &[]),
        flag("I", "I", &[]),
        value("m", "m", &[]),
        flag("O", "O", &[]),
        flag("P", "P", &[]),
        flag("q", "q", &[]),
        flag("s", "s", &[]),
        flag("S", "S", &[]),
        flag("u", "u", &[]),
        flag("v", "v", &[]),
        flag("version", "V", &["version"]),
        value("W", "W", &[]),
        flag("x", "x", &[]),
        value("X", "X", &[]),
        value("check-hash-based-pycs", "", &["check-hash-based-pycs"]),
        flag("help-env", "", &["help-env"]),
        flag("help-xoptions", "", &["help-xoptions"]),
        flag("help-all", "", &["help-all"]),
    ],
};

pub const PYTHON: Program = Program {
    names: &[
        "python",
        "python2",
        "python2.7",
        "python3",
        "python3.6",
        "python3.7",
        "python3.8",
        "python3.9",
        "python3.10",
        "python3.11",
        "python3.12",
        "python3.13",
        "python3.14",
        "pypy",
        "pypy3",
        "python3-dbg",
    ],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: python,
    examples: examples![
        (OpenWorld, "python3 -c \"import sys; print(sys.version)\""),
        (OpenWorld, "python3 -Bc 'print(1)'"),
        (OpenWorld, "python -m pytest -x -k foo"),
        (Read, "python -mjson.tool x.json"),
        (TargetWrite, "python -m json.tool in.json out.json"),
        (Read, "python3 --version"),
        (Read, "python3 -VV"),
        (OpenWorld, "python3 manage.py migrate"),
        (OpenWorld, "python3 -W ignore -X dev script.py --flag"),
        (OpenWorld, "python3 <<'EOF'\nprint(1)\nEOF"),
        (OpenWorld, "python3 - <<<'print(1)'"),
        (Opaque, "python3 <<EOF\nprint($x)\nEOF"),
        (Opaque, "python3"),
        (Opaque, "python3 -c \"$CODE\""),
        (Opaque, "python3 --bogus x.py"),
        (TargetWrite, "python3 -m venv .venv"),
        (Destructive, "python3 -m venv ../../.wicket/v"),
        (
            Destructive,
            "python3 -X pycache_prefix=../../repo.git/c x.py",
        ),
        (
            Destructive,
            "python3 -c \"import shutil; shutil.rmtree('../x')\"",
        ),
        (
            Opaque,
            "python3 -c \"import os; os.chdir('..'); os.system('ls')\"",
        ),
        (
            Destructive,
            "python3 -c \"open('{ws}/.wicket/trail.jsonl','w')\"",
        ),
        (
            Opaque,
            "python3 -c \"import sys,shutil; shutil.rmtree(sys.argv[1])\" {other}",
        ),
        (
            Destructive,
            "python3 -c \"import shutil; shutil.rmtree('/etc')\"",
        ),
    ],
    manual: "Python 3.11.7: python3 --help (checked by a test in this file)",
};

/// What python imports as a module from a directory on its path.
pub const PYTHON_MODULES: &[&str] = &[".py", ".pyc", ".pth", ".so"];
/// What perl loads from an `-I` or PERL5LIB directory.
pub const PERL_MODULES: &[&str] = &[".pm", ".pl", ".pmc", ".so"];
/// What ruby requires from an `-I` or RUBYLIB directory.
pub const RUBY_MODULES: &[&str] = &[".rb", ".so"];

fn python(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let settled = inherited(&run.inv.argv[1..], scope);
    let args = &settled[..];
    let (prefix, rest) = cut(&PYTHON_GRAMMAR, args, &["c", "m"]);
    let Some(p) = options(r, run, &PYTHON_GRAMMAR, &args[..prefix]) else {
        return;
    };
    let shown = run.shown();
    if ["help", "version", "help-env", "help-xoptions", "help-all"]
        .iter()
        .any(|k| p.has(k))
    {
        r.note(Read, format!("{shown} prints its version or help"));
        return;
    }
    for x in p.values("X") {
        match x.text() {
            Some(v) => {
                if let Some(dir) = v.strip_prefix("pycache_prefix=") {
                    writes(r, run, &Arg::literal(dir), Reach::Tree, scope);
                }
            }
            None => r.note(
                Opaque,
                format!("{shown}: `-X {}` is only known when it runs", x.shown),
            ),
        }
    }
    let isolated = p.has("E") || p.has("I");
    if !isolated {
        vars::program_variables(r, scope, vars::PYTHON_VARIABLES, &shown);
    }
    // `-i` (or PYTHONINSPECT) runs the statements it then reads from stdin,
    // a tty or not (`python3 -i x.py < f` ran f's text, verified under dash).
    let inspect = !isolated
        && scope
            .vars
            .get("PYTHONINSPECT")
            .is_some_and(|v| v.as_ref().is_none_or(|v| v.iter().any(|t| !t.is_empty())));
    if p.has("i") || inspect {
        program_on_stdin(r, run, Language::Python, scope);
    }
    // The first place python imports from: the directory it runs in for
    // -c, -m and a program on stdin, the script's own for a script (not
    // with -P, -I or PYTHONSAFEPATH).
    let safe_path = p.has("P")
        || p.has("I")
        || (!isolated
            && scope
                .vars
                .get("PYTHONSAFEPATH")
                .is_some_and(|v| v.as_ref().is_none_or(|v| v.iter().any(|t| !t.is_empty()))));
    if !safe_path {
        let script = args
            .get(rest)
            .filter(|_| p.last("c").is_none() && p.last("m").is_none());
        let first = match script.map(|a| (a, a.text())) {
            Some((_, Some(text))) if text != "-" => Arg::literal(
                text.rsplit_once('/')
                    .map_or(".", |(d, _)| if d.is_empty() { "/" } else { d }),
            ),
            Some((a, None)) => Arg {
                values: None,
                glob: false,
                shown: format!("the directory of {}", a.shown),
            },
            _ => Arg::literal("."),
        };
        r.wrote_module_in(&first, scope, PYTHON_MODULES, &shown);
    }
    if let Some(code) = p.last("c") {
        literal_code(r, run, Language::Python, code, scope, "on the command line");
        code_arguments(r, run, rest, scope);
        return;
    }
    if let Some(module) = p.last("m") {
        return python_module(r, run, module, rest, scope);
    }
    match args.get(rest).and_then(Arg::text) {
        Some("-") | None if args.get(rest).is_none_or(|a| a.text() == Some("-")) => {
            program_on_stdin(r, run, Language::Python, scope);
            // `python3 - ARGS <<'EOF'`: the words are the program's sys.argv.
            code_arguments(r, run, rest + 1, scope);
        }
        _ => script_file(r, run, rest, scope),
    }
}

/// `python -m MODULE`: modules wicket describes as programs are read as
/// those programs; the rest run code wicket cannot read.
/// `python -m timeit`'s options, read as its `getopt.getopt` reads them
/// (Python 3.11's timeit module): bundled short options, values
/// attached or apart, long options by any unique prefix (`--se=CODE` is
/// `--setup=CODE`), the first statement ending the options.
const TIMEIT_GRAMMAR: Grammar = Grammar {
    style: Style::GNU_POSIX,
    options: &[
        value("number", "n", &["number"]),
        value("setup", "s", &["setup"]),
        value("repeat", "r", &["repeat"]),
        value("unit", "u", &["unit"]),
        flag("process", "p", &["process"]),
        flag("verbose", "v", &["verbose"]),
        flag("help", "h", &["help"]),
    ],
};

/// `python -m timeit [-s SETUP] STATEMENT…`: the setup and the statements
/// are python code, run like `-c`'s.
fn timeit(r: &mut Reader, run: &Run, tail: &Invocation, scope: &Scope) {
    let parsed = argv::parse(&TIMEIT_GRAMMAR, tail.argv.get(1..).unwrap_or(&[]), 1);
    if let Some(problem) = &parsed.problem {
        r.note(
            Opaque,
            format!("{}: {}", run.shown(), problem.sentence("python -m timeit")),
        );
        return;
    }
    if parsed.has("help") {
        r.note(Read, format!("{} prints its usage", run.shown()));
        return;
    }
    let mut codes: Vec<Arg> = parsed.values("setup").cloned().collect();
    codes.extend(parsed.operands.iter().map(|(_, a)| a.clone()));
    if codes.is_empty() {
        r.note(
            OpenWorld,
            format!("{} times an empty statement", run.shown()),
        );
        return;
    }
    let codes: Vec<&Arg> = codes.iter().collect();
    literal_code(
        r,
        run,
        Language::Python,
        &joined_lines(&codes),
        scope,
        "to timeit",
    );
}

fn python_module(r: &mut Reader, run: &Run, module: &Arg, rest: usize, scope: &mut Scope) {
    let Some(name) = module.text() else {
        r.note(
            Opaque,
            format!("{} runs a module only known when it runs", run.shown()),
        );
        return;
    };
    let tail = program_words(run, rest);
    let as_program = |program: &str| {
        let mut argv = vec![Arg::literal(program)];
        argv.extend(tail.argv.iter().skip(1).cloned());
        Invocation {
            argv,
            ..tail.clone()
        }
    };
    match name {
        "pip" | "pip3" | "pytest" | "py.test" | "mypy" | "black" | "ruff" | "flake8" | "isort"
        | "pylint" | "coverage" | "tox" | "nox" | "twine" | "build" | "uv" | "poetry" | "pipx"
        | "hatch" | "pdm" | "pre_commit" | "virtualenv" => {
            let program = match name {
                "pip3" => "pip",
                "py.test" => "pytest",
                "pre_commit" => "pre-commit",
                other => other,
            };
            r.read_invocation(&as_program(program), scope);
        }
        // The interactive console runs the python statements it reads.
        "code" => program_on_stdin(r, run, Language::Python, scope),
        // asyncio's REPL likewise (verified: `… | python3 -m asyncio` ran
        // the statement it read).
        "asyncio" if tail.argv.len() == 1 => program_on_stdin(r, run, Language::Python, scope),
        // Python 3.12's SQL shell, read as the sqlite3 program it mirrors:
        // SQL from stdin or its words, a database it writes.
        "sqlite3" => r.read_invocation(&as_program("sqlite3"), scope),
        // Its command line is gzip's: `-d X.gz` writes X beside it
        // (`python3 -m gzip -d .git.gz` rewrote the worktree's gitfile,
        // verified under dash), a compression writes X.gz; read as gzip,
        // which also deletes its input (stricter).
        "gzip" => r.read_invocation(&as_program("gzip"), scope),
        "pdb" => pdb(r, run, &tail, scope),
        "tarfile" => tarfile(r, run, &tail, scope),
        "zipfile" => zipfile(r, run, &tail, scope),
        "venv" => venv(r, run, &tail, scope),
        "json.tool" => json_tool(r, run, &tail, scope),
        "timeit" => timeit(r, run, &tail, scope),
        "compileall" => compileall(r, run, &tail, scope),
        "cProfile" | "profile" => profiled(r, run, &tail, &PROFILE_GRAMMAR, "m", scope),
        "trace" => profiled(r, run, &tail, &TRACE_GRAMMAR, "module", scope),
        "py_compile" => py_compile(r, run, &tail, scope),
        // `python -m netrc [FILE]` prints the file it parses, ~/.netrc by
        // default, passwords included (verified): as `cat` of that file.
        "netrc" => {
            let mut argv = vec![Arg::literal("cat")];
            match tail.argv.get(1) {
                Some(file) => argv.push(file.clone()),
                None => argv.push(Arg::literal(&format!(
                    "{}/.netrc",
                    scope.home(r.ctx).trim_end_matches('/')
                ))),
            }
            r.read_invocation(
                &Invocation {
                    argv,
                    ..tail.clone()
                },
                scope,
            );
        }
        "http.server" | "smtpd" | "xmlrpc.server" => {
            r.note(OpenWorld, format!("{} serves on the network", run.shown()));
            r.check_protected_operands(&tail, scope);
        }
        _ => {
            r.note(
                OpenWorld,
                format!(
                    "{} runs the module {name}, code wicket cannot read",
                    run.name
                ),
            );
            super::cargo::protected_words(r, &tail, scope);
            r.hands_chosen_words(&tail, &format!("the module {name}"));
        }
    }
}

/// `python -m pdb [-c COMMAND]… (-m MODULE | PYFILE) [ARG]…`: each COMMAND
/// is a debugger command, and a line that is none runs as a python
/// statement (`-c 'import shutil; shutil.rmtree(…)'` ran it, verified under
/// dash); after them the debugger reads its commands from stdin, and again
/// each time the program ends and restarts. So: the commands are literal
/// code, and stdin is the program's text, as for `python3 -`.
fn pdb(r: &mut Reader, run: &Run, tail: &Invocation, scope: &Scope) {
    let shown = run.shown();
    let mut codes: Vec<Arg> = Vec::new();
    let mut words = tail.argv.iter().enumerate().skip(1);
    let mut program: Option<usize> = None;
    while let Some((at, arg)) = words.next() {
        let Some(w) = arg.text() else {
            r.note(
                Opaque,
                format!("{shown}: {} is only known when it runs", arg.shown),
            );
            return;
        };
        if w == "-c" || w == "--command" {
            match words.next() {
                Some((_, code)) => codes.push(code.clone()),
                None => break,
            }
        } else if let Some(code) = w
            .strip_prefix("--command=")
            .or_else(|| w.strip_prefix("-c"))
        {
            codes.push(Arg::literal(code));
        } else if w == "-m" {
            r.note(
                Opaque,
                format!("{shown} debugs a module, code wicket cannot read"),
            );
            return;
        } else if w == "-h" || w == "--help" {
            r.note(Read, format!("{shown} prints its help"));
            return;
        } else if w.starts_with('-') {
            r.note(Opaque, format!("{shown}: {w} is not an option pdb has"));
            return;
        } else {
            program = Some(at);
            break;
        }
    }
    for code in &mut codes {
        if let Some(text) = code.text().and_then(|t| t.strip_prefix('!')) {
            *code = Arg::literal(text);
        }
    }
    if !codes.is_empty() {
        let codes: Vec<&Arg> = codes.iter().collect();
        literal_code(
            r,
            run,
            Language::Python,
            &joined_lines(&codes),
            scope,
            "as debugger commands",
        );
    }
    program_on_stdin(r, run, Language::Python, scope);
    if let Some(at) = program {
        let mut argv = vec![tail.argv[0].clone()];
        argv.extend(tail.argv[at..].iter().cloned());
        let inv = Invocation {
            argv,
            ..tail.clone()
        };
        let script = inv.argv[1].shown.clone();
        r.note(
            OpenWorld,
            format!(
                "{shown} runs the program {script} under the debugger, code wicket cannot read"
            ),
        );
        r.check_protected_operands(&inv, scope);
        r.hands_chosen_words(&inv, &script);
    }
}

/// `python -m tarfile`: `-l`/`-t` list an archive; `-c OUT FILE…` writes
/// OUT; `-e ARCHIVE [DIR]` extracts into DIR (the cwd) the members as they
/// are named, `../` and absolute names included, unless `--filter data` or
/// `--filter tar` keeps them inside (the default before Python 3.14, and
/// on this machine's 3.11, has no filter: `-e evil.tar` wrote
/// `../../.wicket/pwned`, verified under dash).
fn tarfile(r: &mut Reader, run: &Run, tail: &Invocation, scope: &Scope) {
    let shown = run.shown();
    let mut mode: Option<&str> = None;
    let mut filter: Option<String> = None;
    let mut operands: Vec<Arg> = Vec::new();
    let mut words = tail.argv.iter().skip(1);
    let mut options = true;
    while let Some(arg) = words.next() {
        let Some(w) = arg.text() else {
            if options && operands.is_empty() && mode.is_none() {
                r.note(
                    Opaque,
                    format!("{shown}: {} is only known when it runs", arg.shown),
                );
                return;
            }
            operands.push(arg.clone());
            continue;
        };
        if options && w == "--" {
            options = false;
            continue;
        }
        if options && w.starts_with('-') && w.len() > 1 {
            let long = |name: &str| w.len() > 3 && name.starts_with(w);
            match w {
                "-l" | "-t" => mode = Some("list"),
                "-e" => mode = Some("extract"),
                "-c" => mode = Some("create"),
                "-v" => {}
                "-h" => mode = Some("help"),
                _ if long("--list") => mode = Some("list"),
                _ if long("--test") => mode = Some("list"),
                _ if long("--extract") => mode = Some("extract"),
                _ if long("--create") => mode = Some("create"),
                _ if long("--verbose") => {}
                _ if long("--help") => mode = Some("help"),
                _ if w.starts_with("--filter=") || w.starts_with("--fi") => {
                    let value = match w.split_once('=') {
                        Some((_, v)) => Some(v.to_owned()),
                        None => words.next().and_then(|a| a.text().map(str::to_owned)),
                    };
                    filter = Some(value.unwrap_or_default());
                }
                _ => {
                    r.note(Opaque, format!("{shown}: {w} is not an option tarfile has"));
                    return;
                }
            }
            continue;
        }
        operands.push(arg.clone());
    }
    match mode {
        Some("help") => r.note(Read, format!("{shown} prints its help")),
        Some("list") => {
            r.note(Read, format!("{shown} lists an archive"));
            for archive in &operands {
                r.reads(archive, scope, &shown);
            }
        }
        Some("create") => {
            r.note(OpenWorld, format!("{shown} makes an archive"));
            if let Some(out) = operands.first() {
                r.change(out, scope, Change::Overwrite, Reach::Path, &shown);
            }
            for file in operands.iter().skip(1) {
                r.reads_tree(file, scope, &shown);
            }
        }
        Some("extract") => {
            if let Some(archive) = operands.first() {
                r.reads(archive, scope, &shown);
            }
            let dir = operands
                .get(1)
                .cloned()
                .unwrap_or_else(|| Arg::literal("."));
            // Even kept inside the directory by a filter, a member may be
            // a nested repository's .git (see `Reader::fills_with_unseen`).
            r.fills_with_unseen(&dir, scope, Change::Overwrite, false, &shown);
            if !matches!(filter.as_deref(), Some("data" | "tar")) {
                r.note(
                    Opaque,
                    format!(
                        "{shown} extracts members as the archive names them, `../` and absolute names included (no `--filter data`), which wicket cannot see"
                    ),
                );
            }
        }
        _ => r.note(Opaque, format!("{shown}: no command tarfile knows")),
    }
}

/// `python3 -m zipfile`: `-l`/`-t` ARCHIVE read it, `-c` ARCHIVE FILES…
/// makes it, `-e` ARCHIVE DIR extracts it into DIR. zipfile drops `../` and
/// absolute member names, but a member may still be a nested repository's
/// .git (see `Reader::fills_with_unseen`).
fn zipfile(r: &mut Reader, run: &Run, tail: &Invocation, scope: &Scope) {
    let shown = run.shown();
    let words: Vec<&Arg> = tail.argv.iter().skip(1).collect();
    let Some(mode) = words.first().and_then(|w| w.text()) else {
        return r.note(Opaque, format!("{shown}: no command zipfile knows"));
    };
    let operands = &words[1..];
    match mode {
        "-l" | "--list" | "-t" | "--test" => {
            r.note(Read, format!("{shown} lists or tests an archive"));
            for archive in operands {
                r.reads(archive, scope, &shown);
            }
        }
        "-c" | "--create" => {
            r.note(OpenWorld, format!("{shown} makes an archive"));
            if let Some(out) = operands.first() {
                r.change(out, scope, Change::Overwrite, Reach::Path, &shown);
            }
            for file in operands.iter().skip(1) {
                r.reads_tree(file, scope, &shown);
            }
        }
        "-e" | "--extract" if operands.len() == 2 => {
            r.reads(operands[0], scope, &shown);
            r.fills_with_unseen(operands[1], scope, Change::Overwrite, false, &shown);
        }
        "-h" | "--help" => r.note(Read, format!("{shown} prints its help")),
        _ => r.note(Opaque, format!("{shown}: no command zipfile knows")),
    }
}

/// A module's options parsed from its literal words; the words only known
/// when it runs (`$(git ls-files '*.py')`) are read as the unknown
/// module's are (protected words and chosen words checked), and `true`
/// says there were some.
fn literal_options(
    r: &mut Reader,
    run: &Run,
    grammar: &Grammar,
    tail: &Invocation,
    scope: &Scope,
) -> Option<(Parsed, bool)> {
    let (known, unknown): (Vec<Arg>, Vec<Arg>) = tail.argv[1..]
        .iter()
        .cloned()
        .partition(|a| a.text().is_some());
    if !unknown.is_empty() {
        r.note(
            OpenWorld,
            format!("{} works on files only known when it runs", run.shown()),
        );
        super::cargo::protected_words(r, tail, scope);
        r.hands_chosen_words(tail, &run.shown());
    }
    options(r, run, grammar, &known).map(|p| (p, !unknown.is_empty()))
}

/// `python -m cProfile`/`profile`: `[-o FILE] [-s SORT] [-m] TARGET ARG…`.
const PROFILE_GRAMMAR: Grammar = Grammar {
    style: Style::GNU_POSIX,
    options: &[
        flag("help", "h", &["help"]),
        value("outfile", "o", &[]),
        value("sort", "s", &[]),
        flag("m", "m", &[]),
    ],
};

/// `python -m trace [OPTION]… [--module] TARGET ARG…` (its `-m` is
/// `--missing`).
const TRACE_GRAMMAR: Grammar = Grammar {
    style: Style::GNU_POSIX,
    options: &[
        flag("help", "h", &["help"]),
        flag("version", "", &["version"]),
        flag("count", "c", &["count"]),
        flag("trace", "t", &["trace"]),
        flag("listfuncs", "l", &["listfuncs"]),
        flag("trackcalls", "T", &["trackcalls"]),
        flag("report", "r", &["report"]),
        flag("no-report", "R", &["no-report"]),
        value("file", "f", &["file"]),
        value("coverdir", "C", &["coverdir"]),
        flag("missing", "m", &["missing"]),
        flag("summary", "s", &["summary"]),
        flag("timing", "g", &["timing"]),
        value("ignore-module", "", &["ignore-module"]),
        value("ignore-dir", "", &["ignore-dir"]),
        flag("module", "", &["module"]),
    ],
};

/// The profilers and `trace` run a script or, with their module flag, a
/// module, with the words after it as its arguments: read as python
/// running that target (`python3 -m cProfile -m compileall -i -` compiled
/// the names on stdin, verified under dash). `-o`, `-f` and `-C` name what
/// they write.
fn profiled(
    r: &mut Reader,
    run: &Run,
    tail: &Invocation,
    grammar: &Grammar,
    module_flag: &str,
    scope: &mut Scope,
) {
    let Some(p) = options(r, run, grammar, &tail.argv[1..]) else {
        return;
    };
    let shown = run.shown();
    if p.has("help") || p.has("version") {
        r.note(Read, format!("{shown} prints its usage"));
        return;
    }
    for key in ["outfile", "file"] {
        for out in p.values(key) {
            r.change(out, scope, Change::Overwrite, Reach::Path, &shown);
        }
    }
    for dir in p.values("coverdir") {
        r.change(dir, scope, Change::Write, Reach::Tree, &shown);
    }
    let operands = p.operand_args();
    if operands.is_empty() {
        r.note(OpenWorld, format!("{shown} runs no program"));
        return;
    }
    let mut argv = vec![run.inv.argv[0].clone()];
    if p.has(module_flag) {
        argv.push(Arg::literal("-m"));
    } else if operands[0].text().is_some_and(|t| t.starts_with('-')) {
        argv.push(Arg::literal("--"));
    }
    argv.extend(operands);
    let inner = Invocation {
        argv,
        ..tail.clone()
    };
    r.read_invocation(&inner, scope);
}

const COMPILEALL_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("help", "h", &["help"]),
        flag("l", "l", &[]),
        value("r", "r", &[]),
        flag("f", "f", &[]),
        flag("q", "q", &[]),
        flag("b", "b", &[]),
        value("d", "d", &[]),
        value("s", "s", &[]),
        value("p", "p", &[]),
        value("x", "x", &[]),
        value("i", "i", &[]),
        value("workers", "j", &["workers"]),
        value("invalidation-mode", "", &["invalidation-mode"]),
        value("o", "o", &[]),
        value("e", "e", &[]),
        flag("hardlink-dupes", "", &["hardlink-dupes"]),
    ],
};

/// `python -m compileall [DIR|FILE]…`: writes `__pycache__/` (with `-b`,
/// the `.pyc` itself) beside every source in each tree; with no operand and
/// no `-i`, the current directory and the rest of `sys.path`. `-i FILE`
/// adds the names listed in FILE (`-` stdin), which only the run knows
/// (`echo ../a2/pw.py | python3 -m compileall -i -` wrote
/// `../a2/__pycache__`, verified under dash). `-d`, `-s` and `-p` only
/// change the names recorded inside the `.pyc`.
fn compileall(r: &mut Reader, run: &Run, tail: &Invocation, scope: &Scope) {
    let Some((p, chosen)) = literal_options(r, run, &COMPILEALL_GRAMMAR, tail, scope) else {
        return;
    };
    let shown = run.shown();
    if p.has("help") {
        r.note(Read, format!("{shown} prints its help"));
        return;
    }
    if let Some(list) = p.last("i") {
        if list.text() != Some("-") {
            r.reads(list, scope, &shown);
        }
        r.note(
            Opaque,
            format!(
                "{shown} compiles the files {} lists, beside each of them: names only known when it runs",
                list.shown
            ),
        );
    }
    let mut operands = p.operand_args();
    if operands.is_empty() && !p.has("i") && !chosen {
        operands.push(Arg::literal("."));
    }
    for source in &operands {
        r.change(source, scope, Change::Write, Reach::Tree, &shown);
    }
}

/// `python -m py_compile FILE…`: writes `__pycache__/NAME.*.pyc` beside
/// each FILE; `-` (alone) reads the names from stdin, one a line (`echo
/// ../a2/pw.py | python3 -m py_compile -` wrote `../a2/__pycache__`,
/// verified under dash).
fn py_compile(r: &mut Reader, run: &Run, tail: &Invocation, scope: &Scope) {
    let Some((p, _)) = literal_options(r, run, &PY_COMPILE_GRAMMAR, tail, scope) else {
        return;
    };
    let shown = run.shown();
    if p.has("help") {
        r.note(Read, format!("{shown} prints its help"));
        return;
    }
    for source in p.operand_args() {
        if source.text() == Some("-") {
            r.note(
                Opaque,
                format!("{shown} compiles the files named on its stdin, beside each of them: names only known when it runs"),
            );
            continue;
        }
        // What is written is the cache directory beside the source.
        let cache = match source.text() {
            Some(text) => Arg::literal(&match text.rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/__pycache__"),
                None => "__pycache__".to_owned(),
            }),
            None => source.clone(),
        };
        r.change(&cache, scope, Change::Write, Reach::Tree, &shown);
    }
}

const PY_COMPILE_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[flag("help", "h", &["help"]), flag("q", "q", &["quiet"])],
};

const VENV_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("help", "h", &["help"]),
        flag("system-site-packages", "", &["system-site-packages"]),
        flag("symlinks", "", &["symlinks"]),
        flag("copies", "", &["copies"]),
        flag("clear", "", &["clear"]),
        flag("upgrade", "", &["upgrade"]),
        flag("without-pip", "", &["without-pip"]),
        value("prompt", "", &["prompt"]),
        flag("upgrade-deps", "", &["upgrade-deps"]),
        flag(
            "without-scm-ignore-files",
            "",
            &["without-scm-ignore-files"],
        ),
    ],
};

/// `python -m venv DIR…`: creates (with `--clear`, first empties) each DIR.
fn venv(r: &mut Reader, run: &Run, tail: &Invocation, scope: &Scope) {
    let Some(p) = options(r, run, &VENV_GRAMMAR, &tail.argv[1..]) else {
        return;
    };
    let shown = run.shown();
    if p.has("help") {
        r.note(Read, format!("{shown} prints its help"));
        return;
    }
    let change = if p.has("clear") {
        Change::Delete
    } else {
        Change::Write
    };
    // It creates bin/, lib/ and pyvenv.cfg in each directory (--clear
    // first empties it).
    let reach = if change == Change::Delete {
        Reach::Tree
    } else {
        Reach::Path
    };
    for dir in p.operand_args() {
        r.change(&dir, scope, change, reach, &shown);
    }
    if !p.has("without-pip") || p.has("upgrade-deps") {
        // ensurepip installs from the bundled wheel; --upgrade-deps fetches.
        if p.has("upgrade-deps") {
            r.note(OpenWorld, format!("{shown} fetches packages"));
        }
    }
}

const JSON_TOOL_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("help", "h", &["help"]),
        flag("sort-keys", "", &["sort-keys"]),
        flag("no-ensure-ascii", "", &["no-ensure-ascii"]),
        flag("json-lines", "", &["json-lines"]),
        value("indent", "", &["indent"]),
        flag("tab", "", &["tab"]),
        flag("no-indent", "", &["no-indent"]),
        flag("compact", "", &["compact"]),
    ],
};

/// `python -m json.tool [IN [OUT]]`: reads IN, writes OUT.
fn json_tool(r: &mut Reader, run: &Run, tail: &Invocation, scope: &Scope) {
    let Some(p) = options(r, run, &JSON_TOOL_GRAMMAR, &tail.argv[1..]) else {
        return;
    };
    let shown = run.shown();
    let operands = p.operand_args();
    r.note(Read, format!("{shown} pretty-prints JSON"));
    if let Some(input) = operands.first() {
        r.reads(input, scope, &shown);
    }
    if let Some(output) = operands.get(1) {
        r.change(output, scope, Change::Overwrite, Reach::Path, &shown);
    }
}

// ---------------------------------------------------------------------------
// node

/// node's options (v20, from `node --help`) and the V8 flags people use.
/// Values are attached with `=` or the next word; V8 flags need `=`.
const NODE_OPTIONS: &[Opt] = &[
    flag(
        "abort-on-uncaught-exception",
        "",
        &["abort-on-uncaught-exception"],
    ),
    flag("allow-addons", "", &["allow-addons"]),
    flag("allow-child-process", "", &["allow-child-process"]),
    value("allow-fs-read", "", &["allow-fs-read"]),
    value("allow-fs-write", "", &["allow-fs-write"]),
    flag("allow-wasi", "", &["allow-wasi"]),
    flag("allow-worker", "", &["allow-worker"]),
    flag("build-snapshot", "", &["build-snapshot"]),
    value("build-snapshot-config", "", &["build-snapshot-config"]),
    flag("check", "c", &["check"]),
    flag("completion-bash", "", &["completion-bash"]),
    value("conditions", "C", &["conditions"]),
    flag("cpu-prof", "", &["cpu-prof"]),
    value("cpu-prof-dir", "", &["cpu-prof-dir"]),
    value("cpu-prof-interval", "", &["cpu-prof-interval"]),
    value("cpu-prof-name", "", &["cpu-prof-name"]),
    value("diagnostic-dir", "", &["diagnostic-dir"]),
    value("disable-proto", "", &["disable-proto"]),
    value("disable-warning", "", &["disable-warning"]),
    flag(
        "disable-wasm-trap-handler",
        "",
        &["disable-wasm-trap-handler"],
    ),
    flag(
        "disallow-code-generation-from-strings",
        "",
        &["disallow-code-generation-from-strings"],
    ),
    value("dns-result-order", "", &["dns-result-order"]),
    flag(
        "enable-etw-stack-walking",
        "",
        &["enable-etw-stack-walking"],
    ),
    flag("enable-fips", "", &["enable-fips"]),
    // node 22.6+ (not on this machine's node 20): TypeScript by stripping
    // types, which changes how the program's own file is read, nothing else.
    flag(
        "experimental-strip-types",
        "",
        &["experimental-strip-types", "no-experimental-strip-types"],
    ),
    flag(
        "experimental-transform-types",
        "",
        &["experimental-transform-types"],
    ),
    flag("enable-source-maps", "", &["enable-source-maps"]),
    value("env-file", "", &["env-file"]),
    value("env-file-if-exists", "", &["env-file-if-exists"]),
    value("eval", "e", &["eval"]),
    value(
        "experimental-default-type",
        "",
        &["experimental-default-type"],
    ),
    flag(
        "experimental-eventsource",
        "",
        &["experimental-eventsource"],
    ),
    flag(
        "experimental-import-meta-resolve",
        "",
        &["experimental-import-meta-resolve"],
    ),
    value("loader", "", &["loader", "experimental-loader"]),
    flag(
        "experimental-network-imports",
        "",
        &["experimental-network-imports"],
    ),
    flag(
        "experimental-network-inspection",
        "",
        &["experimental-network-inspection"],
    ),
    flag("experimental-permission", "", &["experimental-permission"]),
    value("experimental-policy", "", &["experimental-policy"]),
    flag(
        "experimental-print-required-tla",
        "",
        &["experimental-print-required-tla"],
    ),
    value("experimental-sea-config", "", &["experimental-sea-config"]),
    flag(
        "experimental-test-coverage",
        "",
        &["experimental-test-coverage"],
    ),
    flag(
        "experimental-test-module-mocks",
        "",
        &["experimental-test-module-mocks"],
    ),
    flag("experimental-vm-modules", "", &["experimental-vm-modules"]),
    // Accepted by node 20 as no-ops kept from older releases (ES modules and
    // JSON modules are on by default now); `node --help` no longer lists them.
    flag("experimental-modules", "", &["experimental-modules"]),
    flag(
        "experimental-json-modules",
        "",
        &["experimental-json-modules"],
    ),
    flag(
        "experimental-wasm-modules",
        "",
        &["experimental-wasm-modules"],
    ),
    flag("experimental-websocket", "", &["experimental-websocket"]),
    flag("expose-gc", "", &["expose-gc", "expose_gc"]),
    flag("force-context-aware", "", &["force-context-aware"]),
    flag("force-fips", "", &["force-fips"]),
    flag(
        "force-node-api-uncaught-exceptions-policy",
        "",
        &["force-node-api-uncaught-exceptions-policy"],
    ),
    flag("frozen-intrinsics", "", &["frozen-intrinsics"]),
    flag("heap-prof", "", &["heap-prof"]),
    value("heap-prof-dir", "", &["heap-prof-dir"]),
    value("heap-prof-interval", "", &["heap-prof-interval"]),
    value("heap-prof-name", "", &["heap-prof-name"]),
    value(
        "heapsnapshot-near-heap-limit",
        "",
        &["heapsnapshot-near-heap-limit"],
    ),
    value("heapsnapshot-signal", "", &["heapsnapshot-signal"]),
    flag("help", "h", &["help"]),
    flag(
        "huge-max-old-generation-size",
        "",
        &["huge-max-old-generation-size"],
    ),
    value("icu-data-dir", "", &["icu-data-dir"]),
    value("import", "", &["import"]),
    value("input-type", "", &["input-type"]),
    flag("insecure-http-parser", "", &["insecure-http-parser"]),
    attached("inspect", "", &["inspect"]),
    attached("inspect-brk", "", &["inspect-brk"]),
    value("inspect-port", "", &["inspect-port", "debug-port"]),
    value("inspect-publish-uid", "", &["inspect-publish-uid"]),
    attached("inspect-wait", "", &["inspect-wait"]),
    flag("interactive", "i", &["interactive"]),
    flag(
        "interpreted-frames-native-stack",
        "",
        &["interpreted-frames-native-stack"],
    ),
    flag("jitless", "", &["jitless"]),
    value("max-http-header-size", "", &["max-http-header-size"]),
    value(
        "network-family-autoselection-attempt-timeout",
        "",
        &["network-family-autoselection-attempt-timeout"],
    ),
    flag("addons", "", &["addons", "no-addons"]),
    flag("deprecation", "", &["deprecation", "no-deprecation"]),
    flag(
        "experimental-detect-module",
        "",
        &[
            "experimental-detect-module",
            "no-experimental-detect-module",
        ],
    ),
    flag(
        "experimental-fetch",
        "",
        &["experimental-fetch", "no-experimental-fetch"],
    ),
    flag(
        "experimental-global-customevent",
        "",
        &[
            "experimental-global-customevent",
            "no-experimental-global-customevent",
        ],
    ),
    flag(
        "experimental-global-webcrypto",
        "",
        &[
            "experimental-global-webcrypto",
            "no-experimental-global-webcrypto",
        ],
    ),
    flag(
        "experimental-repl-await",
        "",
        &["experimental-repl-await", "no-experimental-repl-await"],
    ),
    flag(
        "experimental-require-module",
        "",
        &[
            "experimental-require-module",
            "no-experimental-require-module",
        ],
    ),
    flag(
        "extra-info-on-fatal-exception",
        "",
        &[
            "extra-info-on-fatal-exception",
            "no-extra-info-on-fatal-exception",
        ],
    ),
    flag(
        "force-async-hooks-checks",
        "",
        &["force-async-hooks-checks", "no-force-async-hooks-checks"],
    ),
    flag(
        "global-search-paths",
        "",
        &["global-search-paths", "no-global-search-paths"],
    ),
    flag(
        "network-family-autoselection",
        "",
        &[
            "enable-network-family-autoselection",
            "network-family-autoselection",
            "no-network-family-autoselection",
        ],
    ),
    flag("warnings", "", &["warnings", "no-warnings"]),
    flag("node-memory-debug", "", &["node-memory-debug"]),
    value("openssl-config", "", &["openssl-config"]),
    flag("openssl-legacy-provider", "", &["openssl-legacy-provider"]),
    flag("openssl-shared-config", "", &["openssl-shared-config"]),
    flag("pending-deprecation", "", &["pending-deprecation"]),
    value("policy-integrity", "", &["policy-integrity"]),
    flag("preserve-symlinks", "", &["preserve-symlinks"]),
    flag("preserve-symlinks-main", "", &["preserve-symlinks-main"]),
    value("print", "p", &["print"]),
    flag("prof", "", &["prof"]),
    flag("prof-process", "", &["prof-process"]),
    value("redirect-warnings", "", &["redirect-warnings"]),
    flag("report-compact", "", &["report-compact"]),
    value("report-directory", "", &["report-directory", "report-dir"]),
    flag("report-exclude-network", "", &["report-exclude-network"]),
    value("report-filename", "", &["report-filename"]),
    flag("report-on-fatalerror", "", &["report-on-fatalerror"]),
    flag("report-on-signal", "", &["report-on-signal"]),
    value("report-signal", "", &["report-signal"]),
    flag(
        "report-uncaught-exception",
        "",
        &["report-uncaught-exception"],
    ),
    value("require", "r", &["require"]),
    value("secure-heap", "", &["secure-heap"]),
    value("secure-heap-min", "", &["secure-heap-min"]),
    value("snapshot-blob", "", &["snapshot-blob"]),
    flag("test", "", &["test"]),
    value("test-concurrency", "", &["test-concurrency"]),
    flag("test-force-exit", "", &["test-force-exit"]),
    value("test-name-pattern", "", &["test-name-pattern"]),
    flag("test-only", "", &["test-only"]),
    value("test-reporter", "", &["test-reporter"]),
    value(
        "test-reporter-destination",
        "",
        &["test-reporter-destination"],
    ),
    value("test-shard", "", &["test-shard"]),
    value("test-timeout", "", &["test-timeout"]),
    flag("throw-deprecation", "", &["throw-deprecation"]),
    value("title", "", &["title"]),
    value("tls-cipher-list", "", &["tls-cipher-list"]),
    value("tls-keylog", "", &["tls-keylog"]),
    flag("tls-max-v1.2", "", &["tls-max-v1.2"]),
    flag("tls-max-v1.3", "", &["tls-max-v1.3"]),
    flag("tls-min-v1.0", "", &["tls-min-v1.0"]),
    flag("tls-min-v1.1", "", &["tls-min-v1.1"]),
    flag("tls-min-v1.2", "", &["tls-min-v1.2"]),
    flag("tls-min-v1.3", "", &["tls-min-v1.3"]),
    flag("trace-atomics-wait", "", &["trace-atomics-wait"]),
    flag("trace-deprecation", "", &["trace-deprecation"]),
    value("trace-event-categories", "", &["trace-event-categories"]),
    value(
        "trace-event-file-pattern",
        "",
        &["trace-event-file-pattern"],
    ),
    flag("trace-exit", "", &["trace-exit"]),
    flag("trace-promises", "", &["trace-promises"]),
    value("trace-require-module", "", &["trace-require-module"]),
    flag("trace-sigint", "", &["trace-sigint"]),
    flag("trace-sync-io", "", &["trace-sync-io"]),
    flag("trace-tls", "", &["trace-tls"]),
    flag("trace-uncaught", "", &["trace-uncaught"]),
    flag("trace-warnings", "", &["trace-warnings"]),
    flag("track-heap-objects", "", &["track-heap-objects"]),
    value("unhandled-rejections", "", &["unhandled-rejections"]),
    flag("use-bundled-ca", "", &["use-bundled-ca"]),
    value("use-largepages", "", &["use-largepages"]),
    flag("use-openssl-ca", "", &["use-openssl-ca"]),
    flag("v8-options", "", &["v8-options"]),
    value("v8-pool-size", "", &["v8-pool-size"]),
    flag("version", "v", &["version"]),
    flag("watch", "", &["watch"]),
    value("watch-path", "", &["watch-path"]),
    flag("watch-preserve-output", "", &["watch-preserve-output"]),
    flag("zero-fill-buffers", "", &["zero-fill-buffers"]),
    // V8's own flags that scripts and CI set (`--max-old-space-size=4096`).
    value("max-old-space-size", "", &["max-old-space-size"]),
    value("max-semi-space-size", "", &["max-semi-space-size"]),
    value("max-heap-size", "", &["max-heap-size"]),
    value("initial-heap-size", "", &["initial-heap-size"]),
    value("initial-old-space-size", "", &["initial-old-space-size"]),
    value("stack-size", "", &["stack-size"]),
    value("stack-trace-limit", "", &["stack-trace-limit"]),
    flag("harmony", "", &["harmony"]),
    flag("allow-natives-syntax", "", &["allow-natives-syntax"]),
    flag("opt", "", &["opt", "no-opt"]),
    flag("trace-gc", "", &["trace-gc"]),
    flag("predictable", "", &["predictable"]),
];

const NODE_GRAMMAR: Grammar = Grammar {
    style: Style {
        bundle: false,
        ..INTERPRETER
    },
    options: NODE_OPTIONS,
};

pub const NODE: Program = Program {
    names: &["node", "nodejs"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: node,
    examples: examples![
        (OpenWorld, "node -e \"console.log(1)\""),
        (OpenWorld, "node -pe 'process.version'"),
        (OpenWorld, "node --max-old-space-size=4096 scripts/build.js"),
        (OpenWorld, "node --max_old_space_size=4096 scripts/build.js"),
        (OpenWorld, "node --no-warnings --enable-source-maps dist/index.js"),
        (OpenWorld, "node Makefile lint"),
        (OpenWorld, "node -r ts-node/register src/index.ts"),
        (Read, "node --version"),
        (OpenWorld, "node --test"),
        (OpenWorld, "node <<'EOF'\nconsole.log(1)\nEOF"),
        (Opaque, "node"),
        (Opaque, "node --bogus x.js"),
        (Secret, "node -e 'console.log(process.env)'"),
        (OpenWorld, "node -e 'console.log(process.env.NODE_ENV)'"),
        (Destructive, "node --cpu-prof --cpu-prof-dir=../../.wicket x.js"),
        (Destructive, "node --redirect-warnings ../../repo.git/config x.js"),
        (
            Destructive,
            "node --import 'data:text/javascript,require(\"fs\").rmSync(\"../x\",{recursive:true})' x.js",
        ),
        // Like `. ./.env`: the program reads a secret file (its values go
        // to code wicket cannot read, which may print them).
        (Secret, "node --env-file=.env app.js"),
        (Opaque, "node --env-file=config/dev.vars app.js"),
        (Destructive, "node -e \"require('fs').rmSync('../x',{recursive:true})\""),
        (Opaque, "node -e \"require('fs').writeFileSync(require('path').dirname(process.cwd())+'/x', '')\""),
    ],
    manual: "node v20.20.2: `node --help` (checked by a test in this file), and the V8 flags in common use (`node --v8-options` lists the rest, which are held)",
};

/// node's words, normalised as node reads them: `-pe` is `-p` with the
/// code next, and V8 flags spell `_` as `-`.
fn node_words(args: &[Arg]) -> Vec<Arg> {
    args.iter()
        .map(|a| match a.text() {
            Some("-pe") => Arg::literal("-p"),
            Some(w) if w.starts_with("--") => {
                let (name, value) = match w.split_once('=') {
                    Some((n, v)) => (n.replace('_', "-"), Some(v)),
                    None => (w.replace('_', "-"), None),
                };
                let text = match value {
                    Some(v) => format!("{name}={v}"),
                    None => name,
                };
                Arg {
                    values: Some(vec![text]),
                    glob: a.glob,
                    shown: a.shown.clone(),
                }
            }
            _ => a.clone(),
        })
        .collect()
}

fn node(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = node_words(&inherited(&run.inv.argv[1..], scope));
    let (prefix, rest) = cut(&NODE_GRAMMAR, &args, &[]);
    let Some(p) = options(r, run, &NODE_GRAMMAR, &args[..prefix]) else {
        return;
    };
    let shown = run.shown();
    if ["help", "version", "v8-options", "completion-bash"]
        .iter()
        .any(|k| p.has(k))
    {
        r.note(Read, format!("{shown} prints its version or help"));
        return;
    }
    node_option_effects(r, &shown, &p, scope);
    vars::program_variables(r, scope, vars::NODE_VARIABLES, &shown);
    let code = p.last("eval").or_else(|| p.last("print"));
    if let Some(code) = code {
        literal_code(r, run, Language::Node, code, scope, "on the command line");
        code_arguments(r, run, rest, scope);
        return;
    }
    if p.has("prof-process") {
        r.note(Read, format!("{shown} summarises a V8 log"));
        return;
    }
    if p.has("test") && args.get(rest).is_none() {
        r.note(
            OpenWorld,
            format!("{shown} runs the project's tests, code wicket cannot read"),
        );
        return;
    }
    match args.get(rest).and_then(Arg::text) {
        _ if args.get(rest).is_none() || args.get(rest).and_then(Arg::text) == Some("-") => {
            program_on_stdin(r, run, Language::Node, scope)
        }
        Some("inspect") if rest == 0 => {
            r.note(
                Opaque,
                format!("{shown} runs the debugger, which takes commands"),
            );
        }
        _ => script_file(r, run, rest, scope),
    }
}

/// What node's options do beyond choosing the program: files they write,
/// code they load, ports they open. Shared with `NODE_OPTIONS`.
pub fn node_option_effects(r: &mut Reader, shown: &str, p: &Parsed, scope: &Scope) {
    for given in &p.options {
        let key = given.opt.key;
        let Some(value) = &given.value else {
            if matches!(key, "inspect" | "inspect-brk" | "inspect-wait") {
                r.note(OpenWorld, format!("{shown} opens a debugger port"));
            }
            continue;
        };
        match key {
            "cpu-prof-dir" | "heap-prof-dir" | "diagnostic-dir" | "report-directory" => {
                r.change(value, scope, Change::Write, Reach::Path, shown)
            }
            "redirect-warnings"
            | "tls-keylog"
            | "test-reporter-destination"
            | "report-filename"
                if value.text() != Some("stdout") && value.text() != Some("stderr") =>
            {
                r.change(value, scope, Change::Write, Reach::Path, shown)
            }
            "trace-event-file-pattern" | "cpu-prof-name" | "heap-prof-name" => {
                let pattern = Arg {
                    values: value.values.as_ref().map(|vs| {
                        vs.iter()
                            .map(|v| v.replace("${pid}", "1").replace("${rotation}", "1"))
                            .collect()
                    }),
                    ..value.clone()
                };
                r.change(&pattern, scope, Change::Write, Reach::Path, shown)
            }
            "snapshot-blob" if p.has("build-snapshot") => {
                r.change(value, scope, Change::Overwrite, Reach::Path, shown)
            }
            "require" | "import" | "loader" => match value.text() {
                Some(module) if module.starts_with("data:") => {
                    // Inline code: `data:text/javascript,…`.
                    let body = module.split_once(',').map_or("", |(_, b)| b);
                    let body = percent_decoded(body);
                    r.note(OpenWorld, format!("{shown} preloads inline code"));
                    code::scan(r, "node", Language::Node, &body, scope);
                    if module.contains(";base64,") {
                        r.guard(
                            Opaque,
                            format!("{shown} preloads base64 code wicket does not decode"),
                        );
                    }
                }
                Some(module) => {
                    r.note(
                        OpenWorld,
                        format!("{shown} preloads {module}, code wicket cannot read"),
                    );
                    r.reads(value, scope, shown);
                }
                None => r.note(
                    Opaque,
                    format!("{shown} preloads a module only known when it runs"),
                ),
            },
            "env-file" | "env-file-if-exists" => {
                r.reads(value, scope, shown);
                r.note(
                    Opaque,
                    format!(
                        "{shown} takes variables from {} (NODE_OPTIONS or LITANY_* among them, for all wicket knows)",
                        value.shown
                    ),
                );
            }
            "openssl-config" => {
                r.reads(value, scope, shown);
                r.note(
                    OpenWorld,
                    format!("{shown} loads OpenSSL configuration, which can load engines"),
                );
            }
            "experimental-sea-config" => r.note(
                Opaque,
                format!("{shown} writes a blob where its configuration file says"),
            ),
            "inspect-port" | "inspect" | "inspect-brk" | "inspect-wait" => {
                r.note(OpenWorld, format!("{shown} opens a debugger port"))
            }
            "icu-data-dir"
            | "experimental-policy"
            | "build-snapshot-config"
            | "snapshot-blob"
            | "watch-path" => r.reads(value, scope, shown),
            _ => {}
        }
    }
}

fn percent_decoded(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Ok(v) = u8::from_str_radix(&text[i + 1..i + 3], 16) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Read `NODE_OPTIONS`' value as node reads it; `false` when it cannot.
pub fn node_options_value(r: &mut Reader, value: &str, scope: &Scope) -> bool {
    let words: Vec<Arg> = value.split_whitespace().map(Arg::literal).collect();
    let words = node_words(&words);
    let parsed = argv::parse(&NODE_GRAMMAR, &words, 1);
    let shown = format!("NODE_OPTIONS={value}");
    if let Some(problem) = &parsed.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence("node")));
        return false;
    }
    if !parsed.operands.is_empty() {
        r.note(
            Opaque,
            format!("{shown} carries words node does not read as options"),
        );
        return false;
    }
    node_option_effects(r, &shown, &parsed, scope);
    true
}

// ---------------------------------------------------------------------------
// deno

pub const DENO: Program = Program {
    names: &["deno"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: deno,
    examples: examples![
        (OpenWorld, "deno eval 'console.log(1)'"),
        (OpenWorld, "deno run main.ts"),
        (OpenWorld, "deno run -A --watch main.ts"),
        (OpenWorld, "deno run --allow-read=. --allow-net main.ts arg"),
        (OpenWorld, "deno test --allow-all"),
        (Read, "deno --version"),
        (TargetWrite, "deno fmt"),
        (Read, "deno fmt --check"),
        (Destructive, "deno eval \"Deno.removeSync('../x', {recursive: true})\""),
        (Destructive, "deno test --coverage=../../.wicket/cov"),
        (Destructive, "deno compile -o ../../repo.git/hooks/pre-commit main.ts"),
        (Destructive, "deno run --lock=../../.wicket/lock main.ts"),
        (Opaque, "deno run -A --bogus x.ts"),
        // Like `. ./.env`: the program reads a secret file.
        (Secret, "deno run --env-file=.env x.ts"),
        (Opaque, "deno run --env-file=config/dev.vars x.ts"),
    ],
    manual: "deno 2 manual (deno help run; not installed here): the run/test/compile options, those that write read",
};

/// deno's options for running code (shared by run, test, bench, serve,
/// compile, install), and whether each takes a value when not attached.
const DENO_FLAGS: &[&str] = &[
    "-A",
    "--allow-all",
    "--allow-hrtime",
    "--allow-scripts",
    "--no-prompt",
    "-q",
    "--quiet",
    "--no-remote",
    "--no-npm",
    "--vendor",
    "--frozen",
    "--cached-only",
    "--no-check",
    "--watch",
    "--no-clear-screen",
    "--unstable",
    "--no-config",
    "--no-lock",
    "--check",
    "--doc",
    "--parallel",
    "--fail-fast",
    "--shuffle",
    "--trace-leaks",
    "--trace-ops",
    "--permit-no-files",
    "--no-run",
    "--clean",
    "--reload",
    "-r",
    "--hmr",
    "--watch-hmr",
    "--inspect",
    "--inspect-brk",
    "--inspect-wait",
    "--no-code-cache",
    "--dev",
    "-D",
    "--global",
    "-g",
    "--force",
    "-f",
    "--include-files",
    "--no-terminal",
    "--self-extracting",
    "-R",
    "-W",
    "-N",
    "-E",
    "-S",
    "-P",
];
/// Option prefixes deno takes with `=` (permissions with lists, flags with values).
const DENO_ATTACHED: &[&str] = &[
    "--allow-",
    "--deny-",
    "--unstable-",
    "--node-modules-dir",
    "--reload=",
    "-r=",
    "--check=",
    "--inspect=",
    "--inspect-brk=",
    "--inspect-wait=",
    "--watch=",
    "--watch-exclude=",
    "--v8-flags=",
    "--seed=",
    "--location=",
    "--log-level=",
    "--ext=",
    "--cert=",
    "--unsafely-ignore-certificate-errors",
    "--filter=",
    "--reporter=",
    "--parallel=",
    "--shuffle=",
    "--coverage",
    "--junit-path=",
    "--lock",
    "--config=",
    "--import-map=",
    "--env-file",
    "--output=",
    "--root=",
    "--target=",
    "--icon=",
    "--port=",
    "--host=",
    "--frozen=",
    "--sloppy-imports",
    "--conditions=",
    "--preload=",
    "--permission-set=",
];
/// Options whose value is the next word.
const DENO_VALUES: &[&str] = &[
    "-c",
    "--config",
    "--import-map",
    "--output",
    "-o",
    "--root",
    "--target",
    "--filter",
    "--reporter",
    "--location",
    "--seed",
    "--log-level",
    "--ext",
    "--cert",
    "--name",
    "-n",
    "--port",
    "--host",
    "--icon",
    "--include",
    "--exclude",
    "--preload",
    "--junit-path",
];

fn deno(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let shown = run.shown();
    let Some(sub) = args.first().and_then(Arg::text) else {
        r.note(
            Opaque,
            format!("{shown}: deno's first word is only known when it runs, or missing (the REPL reads stdin)"),
        );
        return;
    };
    match sub {
        "--version" | "-V" | "--help" | "-h" | "help" | "info" | "types" | "completions" => {
            return r.note(Read, format!("{shown} prints information"))
        }
        "eval" => {
            // deno eval [-p] [--ext …] CODE: the last word is the code.
            let flags_ok = args[1..args.len().saturating_sub(1)].iter().all(|a| {
                a.text().is_some_and(|t| {
                    matches!(t, "-p" | "--print" | "-q" | "--quiet" | "--check")
                        || t.starts_with("--ext=")
                })
            });
            return match args.last() {
                Some(code) if args.len() > 1 && flags_ok => {
                    literal_code(r, run, Language::Deno, code, scope, "on the command line")
                }
                _ => r.note(
                    Opaque,
                    format!("{shown}: deno eval's options are not all ones wicket reads"),
                ),
            };
        }
        "fmt" | "lint" => {
            let fixes = sub == "fmt" && !args.iter().any(|a| a.text() == Some("--check"))
                || args.iter().any(|a| a.text() == Some("--fix"));
            let targets: Vec<Arg> = args[1..].iter().filter(|a| !a.is_flag()).cloned().collect();
            if fixes {
                if targets.is_empty() {
                    r.note(TargetWrite, format!("{shown} rewrites the project's files"));
                }
                for t in &targets {
                    r.change(t, scope, Change::Write, Reach::Tree, &shown);
                }
            } else {
                r.note(Read, format!("{shown} checks files"));
            }
            return;
        }
        _ => {}
    }
    // run, test, bench, serve, compile, install, check, cache, doc, task, …:
    // the options come before the script; the script's own words follow.
    let mut i = 1;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            r.note(
                Opaque,
                format!("{shown}: `{}` is only known when it runs", args[i].shown),
            );
            return;
        };
        if !word.starts_with('-') || word == "-" {
            break;
        }
        i += 1;
        if word == "--" {
            break;
        }
        let (flag, value) = if DENO_VALUES.contains(&word) {
            let v = args.get(i).cloned();
            i += 1;
            (word, v)
        } else if let Some((f, v)) = word.split_once('=') {
            (f, Some(Arg::literal(v)))
        } else {
            (word, None)
        };
        let known = DENO_FLAGS.contains(&word)
            || DENO_VALUES.contains(&flag)
            || DENO_ATTACHED.iter().any(|p| word.starts_with(p));
        if !known {
            r.note(
                Opaque,
                format!("{shown}: deno's option `{word}` is not one wicket's description knows"),
            );
            return;
        }
        match (flag, value) {
            ("--coverage", Some(dir)) => r.change(&dir, scope, Change::Write, Reach::Path, &shown),
            ("--lock" | "--junit-path" | "--output" | "-o", Some(file)) => {
                r.change(&file, scope, Change::Overwrite, Reach::Path, &shown)
            }
            ("--root", Some(dir)) => r.change(&dir, scope, Change::Write, Reach::Tree, &shown),
            ("--env-file", _) => r.note(
                Opaque,
                format!("{shown} takes variables from a file wicket cannot see"),
            ),
            ("--config" | "-c" | "--import-map" | "--cert", Some(file)) => {
                r.reads(&file, scope, &shown)
            }
            _ => {}
        }
    }
    match sub {
        "check" | "doc" | "cache" | "outdated" => {
            r.note(OpenWorld, format!("{shown} fetches and reads modules"))
        }
        "upgrade" => r.note(OpenWorld, format!("{shown} replaces deno itself")),
        _ => {
            r.note(OpenWorld, format!("{shown} runs code wicket cannot read"));
            let inv = program_words(run, i);
            r.check_protected_operands(&inv, scope);
            // `deno run x.ts ARGS`: a word chosen when the command runs
            // may be a protected path, as for `python3 x.py "$(…)"`.
            r.hands_chosen_words_as(&inv, "the program it runs", &shown);
        }
    }
}

// ---------------------------------------------------------------------------
// perl

const PERL_GRAMMAR: Grammar = Grammar {
    style: INTERPRETER,
    options: &[
        attached("0", "0", &[]),
        flag("a", "a", &[]),
        attached("C", "C", &[]),
        flag("c", "c", &[]),
        attached("d", "d", &[]),
        attached("D", "D", &[]),
        value("e", "e", &[]),
        value("E", "E", &[]),
        flag("f", "f", &[]),
        attached("F", "F", &[]),
        flag("help", "h", &["help"]),
        attached("i", "i", &[]),
        value("I", "I", &[]),
        attached("l", "l", &[]),
        attached("m", "m", &[]),
        attached("M", "M", &[]),
        flag("n", "n", &[]),
        flag("p", "p", &[]),
        flag("s", "s", &[]),
        flag("S", "S", &[]),
        flag("t", "t", &[]),
        flag("T", "T", &[]),
        flag("u", "u", &[]),
        flag("U", "U", &[]),
        flag("version", "v", &["version"]),
        attached("V", "V", &[]),
        flag("w", "w", &[]),
        flag("W", "W", &[]),
        attached("x", "x", &[]),
        flag("X", "X", &[]),
    ],
};

pub const PERL: Program = Program {
    names: &["perl", "perl5", "perl5.36.0"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: perl,
    examples: examples![
        (OpenWorld, "perl -e 'print 1'"),
        (OpenWorld, "perl -lne 'print if /x/' README.md"),
        (OpenWorld, "perl -pi -e 's/a/b/' src/main.rs"),
        (OpenWorld, "perl -i.bak -pe 's/a/b/' src/main.rs"),
        (OpenWorld, "perl -0 -i -pe 's/a/b/s' Cargo.toml"),
        (Destructive, "perl -pi -e 's/a/b/' ../../repo.git/config"),
        (Destructive, "perl -pie 's/a/b/' ../../repo.git/config"),
        (Destructive, "perl -i'../../.wicket/*' -pe 1 README.md"),
        (OpenWorld, "perl -i'*.orig' -pe 's/a/b/' README.md"),
        (
            Destructive,
            "perl -i -pe 's/a/b/' -- {ws}/.wicket/trail.jsonl",
        ),
        (OpenWorld, "perl -Mstrict -we 'print 1'"),
        (
            Destructive,
            "perl '-Mstrict;unlink \"../../.wicket/trail.jsonl\"' -e 1",
        ),
        (Read, "perl -v"),
        (Read, "perl -V:osname"),
        (Opaque, "perl -e \"$P\""),
        (Secret, "perl -e 'print $ENV{TOKEN}'"),
        (Secret, "perl -e 'print \"$_=$ENV{$_}\\n\" for keys %ENV'"),
        (OpenWorld, "perl -e 'print $ENV{HOME}'"),
        (Opaque, "perl -e 'unlink glob(\"../*/README.md\")'"),
        (OpenWorld, "perl scripts/checksrc.pl"),
        (Opaque, "perl -d script.pl"),
        (Opaque, "perl"),
    ],
    manual: "perl 5.36.0: perl -h",
};

/// perl's switch words, split where perl splits them: `-l`, `-0`, `-C`,
/// `-D` and `-d` take only the characters they understand (`-lne` is `-l`
/// `-n` `-e`), while `-i`, `-I`, `-M`, `-x`, `-e` … take the rest of the
/// word (`-pie` is `-p` and `-i` with suffix `e`).
fn perl_words(args: &[Arg]) -> Vec<Arg> {
    let mut out = Vec::new();
    let mut options = true;
    for (index, arg) in args.iter().enumerate() {
        let word = match arg.text() {
            Some(w) if options && w.starts_with('-') && !w.starts_with("--") && w.len() > 1 => w,
            Some(w) => {
                if options && (w == "--" || !w.starts_with('-')) {
                    options = false;
                }
                out.push(arg.clone());
                continue;
            }
            None => {
                out.push(arg.clone());
                continue;
            }
        };
        let chars: Vec<char> = word.chars().skip(1).collect();
        let mut k = 0;
        let mut pieces: Vec<String> = Vec::new();
        while k < chars.len() {
            let c = chars[k];
            k += 1;
            let take = |k: &mut usize, ok: &dyn Fn(char) -> bool| {
                let start = *k;
                while *k < chars.len() && ok(chars[*k]) {
                    *k += 1;
                }
                chars[start..*k].iter().collect::<String>()
            };
            let value = match c {
                'l' => take(&mut k, &|c| c.is_digit(8)),
                '0' => {
                    if chars.get(k) == Some(&'x') || chars.get(k) == Some(&'X') {
                        k += 1;
                        format!("x{}", take(&mut k, &|c| c.is_ascii_hexdigit()))
                    } else {
                        take(&mut k, &|c| c.is_digit(8))
                    }
                }
                'C' => take(&mut k, &|c| c.is_ascii_digit() || "IOEioeSDALa".contains(c)),
                'D' => take(&mut k, &|c| c.is_ascii_alphanumeric()),
                'd' => {
                    let mut v = take(&mut k, &|c| c == 't');
                    if chars.get(k) == Some(&':') {
                        v.push_str(&chars[k..].iter().collect::<String>());
                        k = chars.len();
                    }
                    v
                }
                'e' | 'E' | 'i' | 'I' | 'M' | 'm' | 'x' | 'F' | 'V' => {
                    let v: String = chars[k..].iter().collect();
                    k = chars.len();
                    pieces.push(format!("-{c}{v}"));
                    continue;
                }
                other => {
                    pieces.push(format!("-{other}"));
                    continue;
                }
            };
            pieces.push(format!("-{c}{value}"));
        }
        let _ = index;
        for piece in pieces {
            out.push(Arg {
                values: Some(vec![piece.clone()]),
                glob: false,
                shown: piece,
            });
        }
    }
    out
}

fn perl(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let normalized = perl_words(&inherited(&run.inv.argv[1..], scope));
    let args = &normalized[..];
    let (prefix, rest) = cut(&PERL_GRAMMAR, args, &[]);
    let Some(p) = options(r, run, &PERL_GRAMMAR, &args[..prefix]) else {
        return;
    };
    let shown = run.shown();
    if p.has("help") || p.has("version") || p.has("V") {
        r.note(
            Read,
            format!("{shown} prints its version, help or configuration"),
        );
        return;
    }
    vars::program_variables(r, scope, vars::PERL_VARIABLES, &shown);
    if p.options.iter().any(|g| g.opt.key == "d") {
        r.note(
            Opaque,
            format!("{shown} runs under the debugger (or a Devel:: module), which takes commands"),
        );
        return;
    }
    if let Some(dir) = p.last("x") {
        r.note(
            Opaque,
            format!("{shown} changes to {} before running", dir.shown),
        );
    }
    for dir in p.values("I") {
        r.wrote_module_in(dir, scope, PERL_MODULES, &shown);
    }
    // `-MFoo;code`: perl writes `use Foo;code;` into the program.
    for key in ["M", "m"] {
        for module in p.values(key) {
            perl_module(r, run, module, scope);
        }
    }
    let codes: Vec<&Arg> = p
        .options
        .iter()
        .filter(|g| matches!(g.opt.key, "e" | "E"))
        .filter_map(|g| g.value.as_ref())
        .collect();
    let mut files_from = rest;
    if !codes.is_empty() {
        // perl joins its -e lines into one program.
        literal_code(
            r,
            run,
            Language::Perl,
            &joined_lines(&codes),
            scope,
            "on the command line",
        );
    } else {
        match args.get(rest).and_then(Arg::text) {
            Some("-") | None if args.get(rest).is_none_or(|a| a.text() == Some("-")) => {
                program_on_stdin(r, run, Language::Perl, scope);
                files_from = rest + 1;
            }
            _ => {
                let script = args[rest].shown.clone();
                if !program_from_stream(r, run, &args[rest], scope) {
                    r.note(
                        OpenWorld,
                        format!("perl runs the program {script}, which wicket cannot read"),
                    );
                    r.hands_chosen_words(&script_words(run, &args[rest..]), &script);
                }
                files_from = rest + 1;
            }
        }
    }
    let files: Vec<Arg> = args.iter().skip(files_from).cloned().collect();
    if p.has("i") {
        // An in-place edit changes the file (as `sed -i` does), and keeps
        // the original under the backup name `-iEXT` gives: each `*` in EXT
        // is the file's name, else EXT follows it (perlrun), so
        // `-i'../../.wicket/*'` copied README.md into wicket's state
        // (verified under dash and bash).
        let ext = p.last("i");
        if ext.is_some_and(|e| e.text().is_none()) {
            r.note(
                Opaque,
                format!("{shown} keeps backups under a name only known when it runs"),
            );
        }
        let ext = ext.and_then(Arg::text).filter(|e| !e.is_empty());
        // The files edited are those left in @ARGV when the loop starts:
        // code that fills it (`BEGIN{@ARGV=(…)}`, `unshift @ARGV`) edits
        // files the words above do not name (an attack round edited the
        // repository's config so, verified under dash).
        if codes
            .iter()
            .any(|c| c.text().is_none_or(|t| t.contains("ARGV")))
        {
            r.note(
                Opaque,
                format!("{shown} edits in place the files its code puts in @ARGV, which wicket does not work out"),
            );
        }
        for file in &files {
            // The edit puts text the command's code makes into the file.
            r.with_text_writes(true, |r| {
                r.change(file, scope, Change::Write, Reach::Path, &shown)
            });
            if let Some(ext) = ext {
                let backup = Arg {
                    values: file.values.as_ref().map(|vs| {
                        vs.iter()
                            .map(|v| {
                                if ext.contains('*') {
                                    ext.replace('*', v)
                                } else {
                                    format!("{v}{ext}")
                                }
                            })
                            .collect()
                    }),
                    glob: file.glob,
                    shown: format!("{}{ext}", file.shown),
                };
                r.change(&backup, scope, Change::Overwrite, Reach::Path, &shown);
            }
        }
        if files.is_empty() {
            r.note(
                Read,
                format!("{shown} edits in place only what it reads from stdin"),
            );
        }
    } else {
        let inv = Invocation {
            argv: std::iter::once(run.inv.argv[0].clone())
                .chain(files)
                .collect(),
            ..run.inv.clone()
        };
        r.check_protected_operands(&inv, scope);
    }
}

/// `-MFoo`, `-M-Foo`, `-MFoo=a,b`, `-MFoo;code`: a module loaded, and any
/// code perl splices in after it.
fn perl_module(r: &mut Reader, run: &Run, module: &Arg, scope: &Scope) {
    let Some(text) = module.text() else {
        r.note(
            Opaque,
            format!("{}: a module only known when it runs", run.shown()),
        );
        return;
    };
    let name = text.trim_start_matches('-');
    let plain = name.split_once('=').map_or(name, |(n, _)| n);
    // `-MEnv`: every environment variable becomes a perl variable
    // (`$ANTHROPIC_API_KEY`), so what the program prints is not told apart.
    if plain == "Env" && !text.starts_with('-') {
        r.guard(
            wicket_guest::Effect::Secret,
            format!(
                "{}: perl's Env module ties the environment's variables to perl's",
                run.shown()
            ),
        );
    }
    if !plain
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    {
        // perl pastes the text into `use …;`: it is code.
        code::scan(r, "perl", Language::Perl, &format!("use {name};"), scope);
        r.note(
            OpenWorld,
            format!("{} splices code into its program through -M", run.shown()),
        );
    }
}

/// Read a `PERL5OPT` value as perl does (only `-[CDIMTUWdmtw]` are allowed).
pub fn perl5opt_value(r: &mut Reader, value: &str, scope: &Scope) -> bool {
    let words: Vec<Arg> = value
        .split_whitespace()
        .map(|w| {
            if w.starts_with('-') {
                Arg::literal(w)
            } else {
                Arg::literal(&format!("-{w}"))
            }
        })
        .collect();
    let parsed = argv::parse(&PERL_GRAMMAR, &perl_words(&words), 1);
    let shown = format!("PERL5OPT={value}");
    if parsed.problem.is_some()
        || !parsed.operands.is_empty()
        || parsed
            .options
            .iter()
            .any(|g| !"CDIMTUWdmtw".contains(g.opt.key))
    {
        r.note(
            Opaque,
            format!("{shown} carries switches wicket does not read"),
        );
        return false;
    }
    if parsed.options.iter().any(|g| g.opt.key == "d") {
        r.note(Opaque, format!("{shown} runs perl under a debugger module"));
    }
    for key in ["M", "m"] {
        for module in parsed.values(key) {
            if let Some(text) = module.text() {
                let name = text.trim_start_matches('-');
                let plain = name.split_once('=').map_or(name, |(n, _)| n);
                if !plain
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                {
                    code::scan(r, "perl", Language::Perl, &format!("use {name};"), scope);
                    r.note(OpenWorld, format!("{shown} splices code into every perl"));
                }
            }
        }
    }
    true
}

// ---------------------------------------------------------------------------
// ruby

const RUBY_GRAMMAR: Grammar = Grammar {
    style: INTERPRETER,
    options: &[
        attached("0", "0", &[]),
        flag("a", "a", &[]),
        flag("c", "c", &[]),
        value("C", "C", &[]),
        flag("d", "d", &["debug"]),
        value("e", "e", &[]),
        value("E", "E", &["encoding"]),
        attached("F", "F", &[]),
        flag("help", "h", &["help"]),
        attached("i", "i", &[]),
        value("I", "I", &[]),
        flag("l", "l", &[]),
        flag("n", "n", &[]),
        flag("p", "p", &[]),
        value("r", "r", &[]),
        flag("s", "s", &[]),
        flag("S", "S", &[]),
        flag("v", "v", &[]),
        flag("w", "w", &[]),
        attached("W", "W", &[]),
        attached("x", "x", &[]),
        attached("K", "K", &[]),
        flag("U", "U", &[]),
        flag("copyright", "", &["copyright"]),
        value("enable", "", &["enable"]),
        value("disable", "", &["disable"]),
        value("external-encoding", "", &["external-encoding"]),
        value("internal-encoding", "", &["internal-encoding"]),
        value("backtrace-limit", "", &["backtrace-limit"]),
        value("crash-report", "", &["crash-report"]),
        attached("dump", "", &["dump"]),
        value("parser", "", &["parser"]),
        flag("verbose", "", &["verbose"]),
        flag("version", "", &["version"]),
        flag("yjit", "", &["yjit", "jit"]),
    ],
};

pub const RUBY: Program = Program {
    names: &["ruby"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: ruby,
    examples: examples![
        (OpenWorld, "ruby -e 'puts 1'"),
        (
            OpenWorld,
            "ruby -I lib -r bundler/setup -r rubocop -e 'exit 0'",
        ),
        (
            OpenWorld,
            "ruby .github/workflows/scripts/check-markdown-api.rb a b",
        ),
        (Read, "ruby --version"),
        (Secret, "ruby -e 'puts ENV.to_h'"),
        (Secret, "ruby -e 'p Object.const_get(:ENV)'"),
        (Secret, "ruby -e 'p ::ENV'"),
        (OpenWorld, "ruby -e 'puts ENV[\"HOME\"]'"),
        (
            Opaque,
            "ruby -e 'FileUtils.rm_rf(File.expand_path(\"..\"))'",
        ),
        (
            Destructive,
            "ruby -pi -e 'gsub(/a/, \"b\")' ../../repo.git/config",
        ),
        (
            Destructive,
            "ruby -C ../../repo.git -e 'File.write(\"config\", \"\")'",
        ),
        (TargetWrite, "ruby -run -e cp -- -r src/a src/b"),
        (Destructive, "ruby -run -e cp -- -r x/.wicket ../../"),
        (Destructive, "ruby -r un -e rm -- -rf ../other"),
        (Destructive, "ruby -run -e ln -- -sf $PWD/evil ~/.config"),
        (OpenWorld, "ruby -run -e httpd . -p 8000"),
        (Opaque, "ruby -run -e 'cp; rm'"),
    ],
    manual: "ruby 3.1 manual (ruby(1)) and its un library (un.rb)",
};

fn ruby(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let settled = inherited(&run.inv.argv[1..], scope);
    let args = &settled[..];
    let (prefix, rest) = cut(&RUBY_GRAMMAR, args, &[]);
    let Some(p) = options(r, run, &RUBY_GRAMMAR, &args[..prefix]) else {
        return;
    };
    let shown = run.shown();
    if p.has("help") || p.has("version") || p.has("copyright") || (p.has("v") && args.len() == 1) {
        r.note(Read, format!("{shown} prints its version or help"));
        return;
    }
    vars::program_variables(r, scope, vars::RUBY_VARIABLES, &shown);
    for dir in p.values("I") {
        r.wrote_module_in(dir, scope, RUBY_MODULES, &shown);
    }
    // `-C DIR`: ruby changes directory first; its program's paths start there.
    let mut inner = scope.clone();
    if let Some(dir) = p.last("C").or_else(|| p.last("x")) {
        match (dir.text(), &scope.cwd) {
            (Some(d), Some(cwd)) => {
                let full = wicket_guest::paths::fold(&wicket_guest::paths::absolute(
                    d,
                    cwd,
                    &scope.home(r.ctx),
                ));
                r.reads(dir, scope, &shown);
                if r.protected_entry(&full).is_some() || r.protected_beneath(&full).is_some() {
                    r.guard(
                        Opaque,
                        format!(
                            "{shown} runs its program inside {full}, where the protected set is"
                        ),
                    );
                }
                inner.cwd = Some(full);
            }
            _ => inner.cwd = None,
        }
    }
    for lib in p.values("r") {
        if lib.text().is_none() {
            r.note(
                Opaque,
                format!("{shown} loads a library only known when it runs"),
            );
        }
    }
    let codes: Vec<&Arg> = p.values("e").collect();
    if p.values("r").any(|lib| lib.text() == Some("un")) {
        return ruby_un(r, run, &codes, &args[rest..], &mut inner);
    }
    let mut files_from = rest;
    if !codes.is_empty() {
        // ruby joins its -e lines into one program.
        literal_code(
            r,
            run,
            Language::Ruby,
            &joined_lines(&codes),
            &inner,
            "on the command line",
        );
    } else if args.get(rest).is_none_or(|a| a.text() == Some("-")) {
        program_on_stdin(r, run, Language::Ruby, &inner);
        files_from = rest + 1;
    } else {
        if !program_from_stream(r, run, &args[rest], &inner) {
            r.note(
                OpenWorld,
                format!(
                    "ruby runs the program {}, which wicket cannot read",
                    args[rest].shown
                ),
            );
            r.hands_chosen_words(&script_words(run, &args[rest..]), &args[rest].shown);
        }
        files_from = rest + 1;
    }
    let files: Vec<Arg> = args.iter().skip(files_from).cloned().collect();
    if p.has("i") {
        // An in-place edit changes the file (as `sed -i` does), with text
        // the command's code makes.
        for file in &files {
            r.with_text_writes(true, |r| {
                r.change(file, &inner, Change::Write, Reach::Path, &shown)
            });
        }
    } else {
        let inv = Invocation {
            argv: std::iter::once(run.inv.argv[0].clone())
                .chain(files)
                .collect(),
            ..run.inv.clone()
        };
        r.check_protected_operands(&inv, &inner);
    }
}

/// `ruby -run -e VERB ARGS` (`-r un`): ruby's `un` library gives shell
/// commands as methods that act on ARGV — `cp`, `ln`, `mv`, `rm`, `mkdir`,
/// `rmdir`, `install`, `chmod` and `touch` do what the program of that name
/// does with the same words, so they are read as that program. `httpd`
/// serves the directory; any other code (more than one verb, a verb only
/// known when it runs, one wicket does not know) is held.
fn ruby_un(r: &mut Reader, run: &Run, codes: &[&Arg], argv: &[Arg], scope: &mut Scope) {
    let shown = run.shown();
    let verb = match codes {
        [one] => one.text().map(str::trim),
        _ => None,
    };
    match verb {
        Some(
            verb @ ("cp" | "ln" | "mv" | "rm" | "mkdir" | "rmdir" | "install" | "chmod" | "touch"),
        ) => {
            let inv = Invocation {
                argv: std::iter::once(Arg::literal(verb))
                    .chain(argv.iter().cloned())
                    .collect(),
                ..run.inv.clone()
            };
            r.read_invocation(&inv, scope);
        }
        Some("httpd") => {
            r.note(
                OpenWorld,
                format!("{shown} serves a directory on the network"),
            );
            let inv = Invocation {
                argv: std::iter::once(run.inv.argv[0].clone())
                    .chain(argv.iter().cloned())
                    .collect(),
                ..run.inv.clone()
            };
            r.check_protected_operands(&inv, scope);
        }
        Some("help") => r.note(Read, format!("{shown} prints the un library's help")),
        _ => r.note(
            Opaque,
            format!(
                "{shown} loads ruby's un library, whose commands act on the program's arguments: wicket reads only one of cp, ln, mv, rm, mkdir, rmdir, install, chmod, touch or httpd as -e"
            ),
        ),
    }
}

// ---------------------------------------------------------------------------
// php

const PHP_GRAMMAR: Grammar = Grammar {
    style: INTERPRETER,
    options: &[
        flag("a", "a", &["interactive"]),
        value("c", "c", &["php-ini"]),
        flag("n", "n", &["no-php-ini"]),
        value("d", "d", &["define"]),
        flag("e", "e", &["profile-info"]),
        value("f", "f", &["file"]),
        flag("help", "h?", &["help", "usage"]),
        flag("i", "i", &["info"]),
        flag("l", "l", &["syntax-check"]),
        flag("m", "m", &["modules"]),
        value("r", "r", &["run"]),
        value("B", "B", &["process-begin"]),
        value("R", "R", &["process-code"]),
        value("F", "F", &["process-file"]),
        value("E", "E", &["process-end"]),
        flag("H", "H", &["hide-args"]),
        flag("q", "q", &["no-header"]),
        value("S", "S", &["server"]),
        value("t", "t", &["docroot"]),
        flag("s", "s", &["syntax-highlight", "syntax-highlighting"]),
        flag("version", "v", &["version"]),
        flag("w", "w", &["strip"]),
        value("z", "z", &["zend-extension"]),
        flag("ini", "", &["ini"]),
        value("rf", "", &["rf", "rfunction"]),
        value("rc", "", &["rc", "rclass"]),
        value("re", "", &["re", "rextension"]),
        value("rz", "", &["rz", "rzendextension"]),
        value("ri", "", &["ri", "rextinfo"]),
    ],
};

pub const PHP: Program = Program {
    names: &["php", "php8", "php8.2", "php8.3", "php7.4"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: php,
    examples: examples![
        (OpenWorld, "php -r 'echo 1;'"),
        (OpenWorld, "php artisan test"),
        (Read, "php -v"),
        (Read, "php -l src/index.php"),
        (OpenWorld, "php -S localhost:8000 -t public"),
        (Secret, "php -r 'print_r(getenv());'"),
        (Secret, "php -i"),
        (Secret, "php -r 'phpinfo();'"),
        (Opaque, "php -d auto_prepend_file=x.php index.php"),
        (Opaque, "php -r"),
        (Opaque, "echo x | xargs php -r"),
    ],
    manual: "php 8 manual (php(1); not installed here)",
};

fn php(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let (prefix, rest) = cut(&PHP_GRAMMAR, args, &["r", "f"]);
    let Some(p) = options(r, run, &PHP_GRAMMAR, &args[..prefix]) else {
        return;
    };
    let shown = run.shown();
    if p.has("i") {
        // `php -i` is phpinfo(): its Environment and $_SERVER tables print
        // every variable with its value.
        r.dumps_environment(
            &shown,
            "prints phpinfo(), every environment variable with its value",
        );
        return;
    }
    if ["help", "version", "m", "ini", "rf", "rc", "re", "rz", "ri"]
        .iter()
        .any(|k| p.has(k))
    {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    for setting in p.values("d") {
        let safe = setting.text().is_some_and(|s| {
            let key = s.split_once('=').map_or(s, |(k, _)| k).trim();
            matches!(
                key,
                "memory_limit"
                    | "display_errors"
                    | "error_reporting"
                    | "max_execution_time"
                    | "date.timezone"
                    | "xdebug.mode"
                    | "opcache.enable"
                    | "opcache.enable_cli"
                    | "html_errors"
                    | "short_open_tag"
                    | "zend.assertions"
                    | "assert.exception"
                    | "phar.readonly"
                    | "precision"
                    | "serialize_precision"
            )
        });
        if !safe {
            r.note(
                Opaque,
                format!(
                    "{shown}: the ini setting `{}` may load code or write files",
                    setting.shown
                ),
            );
        }
    }
    if let Some(ini) = p.last("c") {
        r.reads(ini, scope, &shown);
        r.note(
            Opaque,
            format!(
                "{shown} reads its configuration from {}, which can load code",
                ini.shown
            ),
        );
    }
    if p.has("z") {
        r.note(OpenWorld, format!("{shown} loads a native extension"));
    }
    if p.has("l") {
        r.note(Read, format!("{shown} checks syntax only"));
        return;
    }
    if let Some(server) = p.last("S") {
        r.note(
            OpenWorld,
            format!(
                "{shown} serves on {}, running the project's code",
                server.shown
            ),
        );
        return;
    }
    let codes: Vec<&Arg> = ["r", "B", "R", "F", "E"]
        .iter()
        .flat_map(|k| p.values(k))
        .collect();
    if !codes.is_empty() {
        for code in codes {
            literal_code(r, run, Language::Php, code, scope, "on the command line");
        }
        code_arguments(r, run, rest, scope);
        return;
    }
    if let Some(file) = p.last("f") {
        r.note(
            OpenWorld,
            format!(
                "php runs the program {}, which wicket cannot read",
                file.shown
            ),
        );
        code_arguments(r, run, rest, scope);
        return;
    }
    if p.has("a") || args.get(rest).is_none_or(|a| a.text() == Some("-")) {
        program_on_stdin(r, run, Language::Php, scope);
        return;
    }
    script_file(r, run, rest, scope);
}

// ---------------------------------------------------------------------------
// lua

const LUA_GRAMMAR: Grammar = Grammar {
    style: INTERPRETER,
    options: &[
        value("e", "e", &[]),
        flag("i", "i", &[]),
        value("l", "l", &[]),
        flag("v", "v", &[]),
        flag("E", "E", &[]),
        flag("W", "W", &[]),
    ],
};

pub const LUA: Program = Program {
    names: &["lua", "lua5.1", "lua5.2", "lua5.3", "lua5.4", "luajit"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: lua,
    examples: examples![
        (OpenWorld, "lua -e 'print(1)'"),
        (OpenWorld, "lua script.lua"),
        (Read, "lua -v"),
        (Secret, "lua -e 'print(os.getenv(\"API_KEY\"))'"),
        (Destructive, "lua -e 'os.execute(\"rm -rf ../../.wicket\")'"),
    ],
    manual: "lua 5.4 manual (lua(1); not installed here)",
};

fn lua(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let (prefix, rest) = cut(&LUA_GRAMMAR, args, &[]);
    let Some(p) = options(r, run, &LUA_GRAMMAR, &args[..prefix]) else {
        return;
    };
    let shown = run.shown();
    if p.has("v") && p.values("e").next().is_none() && args.get(rest).is_none() {
        r.note(Read, format!("{shown} prints its version"));
        return;
    }
    if !p.has("E") {
        vars::program_variables(r, scope, vars::LUA_VARIABLES, &shown);
    }
    let codes: Vec<&Arg> = p.values("e").collect();
    for code in &codes {
        literal_code(r, run, Language::Lua, code, scope, "on the command line");
    }
    if args.get(rest).is_none() {
        if codes.is_empty() || p.has("i") {
            program_on_stdin(r, run, Language::Lua, scope);
        }
        return;
    }
    if args[rest].text() == Some("-") {
        program_on_stdin(r, run, Language::Lua, scope);
        return;
    }
    script_file(r, run, rest, scope);
}

// ---------------------------------------------------------------------------
// Rscript and R

pub const RSCRIPT: Program = Program {
    names: &["Rscript", "R"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: rscript,
    examples: examples![
        (OpenWorld, "Rscript -e 'print(1)'"),
        (OpenWorld, "Rscript --vanilla analysis.R"),
        (Read, "Rscript --version"),
        (Secret, "Rscript -e 'print(Sys.getenv())'"),
        (Opaque, "R"),
        (OpenWorld, "R CMD check pkg"),
    ],
    manual: "R 4.x manual (Rscript --help; not installed here)",
};

/// R's own options that Rscript passes through, and Rscript's.
const R_FLAGS: &[&str] = &[
    "--vanilla",
    "--no-environ",
    "--no-site-file",
    "--no-init-file",
    "--restore",
    "--no-restore",
    "--no-restore-data",
    "--no-restore-history",
    "--save",
    "--no-save",
    "--no-echo",
    "--quiet",
    "--silent",
    "-q",
    "-s",
    "--slave",
    "--verbose",
    "--interactive",
    "--no-readline",
    "--args",
];

fn rscript(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let shown = run.shown();
    if run.name == "R" && args.first().and_then(Arg::text) == Some("CMD") {
        r.note(
            OpenWorld,
            format!("{shown} runs an R tool on the project's code"),
        );
        r.check_protected_operands(run.inv, scope);
        return;
    }
    let mut codes: Vec<&Arg> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            r.note(Opaque, format!("{shown}: a word only known when it runs"));
            return;
        };
        match word {
            "--version" | "--help" | "-h" => {
                r.note(Read, format!("{shown} prints its version or help"));
                return;
            }
            "-e" => {
                match args.get(i + 1) {
                    Some(code) => codes.push(code),
                    None => {
                        r.note(Opaque, format!("{shown}: -e needs a value"));
                        return;
                    }
                }
                i += 2;
                continue;
            }
            w if R_FLAGS.contains(&w)
                || w.starts_with("--default-packages=")
                || w.starts_with("--encoding=")
                || w.starts_with("--max-ppsize=")
                || w.starts_with("--min-vsize=")
                || w.starts_with("--min-nsize=") =>
            {
                if w == "--args" {
                    break;
                }
                i += 1;
                continue;
            }
            w if w.starts_with('-') && w != "-" => {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: {}'s option `{w}` is not one wicket's description knows",
                        run.name
                    ),
                );
                return;
            }
            _ => break,
        }
    }
    vars::program_variables(r, scope, vars::R_VARIABLES, &shown);
    if !codes.is_empty() {
        for code in codes {
            literal_code(r, run, Language::R, code, scope, "on the command line");
        }
        return;
    }
    if run.name == "Rscript" && i < args.len() && args[i].text() != Some("-") {
        return script_file(r, run, i, scope);
    }
    program_on_stdin(r, run, Language::R, scope);
}

// ---------------------------------------------------------------------------
// tclsh, wish, expect

pub const TCLSH: Program = Program {
    names: &["tclsh", "tclsh8.6", "wish"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: tclsh,
    examples: examples![
        (OpenWorld, "tclsh build.tcl"),
        (OpenWorld, "tclsh <<'EOF'\nputs [info patchlevel]\nEOF"),
        (Destructive, "tclsh <<'EOF'\nexec rm -rf ../../.wicket\nEOF"),
        (Opaque, "tclsh"),
    ],
    manual:
        "tclsh 8.6 (tclsh(1)): `tclsh ?-encoding name? ?fileName arg …?`, no options beyond those",
};

fn tclsh(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let mut at = 0;
    if args.first().and_then(Arg::text) == Some("-encoding") {
        at = 2;
    }
    match args.get(at) {
        None => program_on_stdin(r, run, Language::Tcl, scope),
        Some(a) if a.text() == Some("-") => program_on_stdin(r, run, Language::Tcl, scope),
        Some(a) if a.text().is_none() => r.note(
            Opaque,
            format!("{}: its script is only known when it runs", run.shown()),
        ),
        Some(_) => script_file(r, run, at, scope),
    }
}

pub const EXPECT: Program = Program {
    names: &["expect"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: expect,
    examples: examples![
        (OpenWorld, "expect -c 'puts 1'"),
        (OpenWorld, "expect login.exp"),
        (Destructive, "expect -c 'exec rm -rf /etc'"),
        (Opaque, "expect -d x.exp"),
    ],
    manual: "expect 5.45 manual (expect(1); not installed here)",
};

fn expect(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let shown = run.shown();
    let mut i = 0;
    let mut any_code = false;
    while i < args.len() {
        match args[i].text() {
            Some("-c") => {
                let Some(code) = args.get(i + 1) else {
                    r.note(Opaque, format!("{shown}: -c needs a value"));
                    return;
                };
                literal_code(r, run, Language::Tcl, code, scope, "on the command line");
                any_code = true;
                i += 2;
            }
            Some("-f") => {
                return match args.get(i + 1) {
                    Some(_) => script_file(r, run, i + 1, scope),
                    None => r.note(Opaque, format!("{shown}: -f needs a value")),
                };
            }
            Some("-n" | "-N" | "-b" | "-v") => i += 1,
            Some("--") => {
                i += 1;
                break;
            }
            Some(w) if w.starts_with('-') => {
                r.note(
                    Opaque,
                    format!("{shown}: expect's option `{w}` is not one wicket reads (debuggers and interactive modes take commands)"),
                );
                return;
            }
            _ => break,
        }
    }
    if i < args.len() {
        script_file(r, run, i, scope);
    } else if !any_code {
        program_on_stdin(r, run, Language::Tcl, scope);
    }
}

// ---------------------------------------------------------------------------
// java, jshell

pub const JAVA: Program = Program {
    names: &["java"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: java,
    examples: examples![
        (OpenWorld, "java -jar target/app.jar"),
        (OpenWorld, "java -Xmx2g -cp build/classes Main arg"),
        (OpenWorld, "java Hello.java"),
        (Read, "java -version"),
        (Read, "java --version"),
        (Destructive, "java -XX:OnError='rm -rf ../../.wicket' -jar app.jar"),
        (Destructive, "java -XX:HeapDumpPath=../../repo.git/x -jar app.jar"),
        (Opaque, "java @argfile Main"),
        (OpenWorld, "java -javaagent:agent.jar -jar app.jar"),
        (Opaque, "java -Xbogus Main"),
    ],
    manual: "OpenJDK 17: java -help, java -X; -XX options by name (those that write files or run commands are read)",
};

/// The options the `java` launcher takes a value for, as separate words.
const JAVA_VALUES: &[&str] = &[
    "-cp",
    "-classpath",
    "--class-path",
    "-p",
    "--module-path",
    "--upgrade-module-path",
    "--add-modules",
    "--enable-native-access",
    "-d",
    "--describe-module",
    "--source",
    "--add-reads",
    "--add-exports",
    "--add-opens",
    "--limit-modules",
    "--patch-module",
    "--finalization",
    "--illegal-access",
];

/// The launcher's flags.
const JAVA_FLAGS: &[&str] = &[
    "-zero",
    "-dcevm",
    "-server",
    "-client",
    "--list-modules",
    "--dry-run",
    "--validate-modules",
    "-showversion",
    "--show-version",
    "--show-module-resolution",
    "-ea",
    "-da",
    "-esa",
    "-dsa",
    "-enableassertions",
    "-disableassertions",
    "-enablesystemassertions",
    "-disablesystemassertions",
    "--enable-preview",
    "--disable-@files",
    "-Xint",
    "-Xmixed",
    "-Xcomp",
    "-Xbatch",
    "-Xrs",
    "-Xfuture",
    "-Xnoclassgc",
    "-Xcheck:jni",
    "-Xdiag",
    "-XshowSettings",
    "-Xshare:auto",
    "-Xshare:off",
    "-Xshare:on",
    "-Xincgc",
];

/// `-XX:` settings that write a file or directory.
const JAVA_XX_WRITES: &[&str] = &[
    "HeapDumpPath",
    "ErrorFile",
    "LogFile",
    "ArchiveClassesAtExit",
    "SharedArchiveFile",
    "DumpLoadedClassList",
    "PerfDataSaveFile",
    "CRaCCheckpointTo",
    "StartFlightRecording",
    "FlightRecorderOptions",
    "JVMCILibDumpJNIConfig",
];

/// `-XX:` settings whose value is a command the JVM runs.
const JAVA_XX_RUNS: &[&str] = &["OnError", "OnOutOfMemoryError"];

/// `-XX:` settings that read further options from a file.
const JAVA_XX_OPTION_FILES: &[&str] = &["Flags", "VMOptionsFile", "CompileCommandFile"];

fn java(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let shown = run.shown();
    vars::program_variables(r, scope, vars::JAVA_VARIABLES, &shown);
    let mut i = 0;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            r.note(Opaque, format!("{shown}: a word only known when it runs"));
            return;
        };
        if !word.starts_with('-') {
            if word.starts_with('@') {
                r.note(
                    Opaque,
                    format!("{shown} reads more options from {word}, which wicket cannot see"),
                );
                return;
            }
            break;
        }
        match word {
            "-version" | "--version" | "-help" | "--help" | "-h" | "-?" | "-X" | "--help-extra"
            | "-fullversion" | "--full-version" => {
                r.note(Read, format!("{shown} prints its version or help"));
                return;
            }
            "-jar" | "-m" | "--module" => {
                return match args.get(i + 1) {
                    Some(_) => {
                        r.note(
                            OpenWorld,
                            format!(
                                "{shown} runs {}, code wicket cannot read",
                                args[i + 1].shown
                            ),
                        );
                        let handed = program_words(run, i + 2);
                        r.check_protected_operands(&handed, scope);
                        r.hands_chosen_words(&handed, &args[i + 1].shown);
                    }
                    None => r.note(Opaque, format!("{shown}: {word} needs a value")),
                };
            }
            w if JAVA_VALUES.contains(&w) => {
                if args.get(i + 1).is_none() {
                    r.note(Opaque, format!("{shown}: {w} needs a value"));
                    return;
                }
                i += 2;
                continue;
            }
            w if JAVA_FLAGS.contains(&w) => {}
            w => {
                if !java_option(r, &shown, w, scope) {
                    return;
                }
            }
        }
        i += 1;
    }
    match args.get(i) {
        Some(main) => {
            r.note(
                OpenWorld,
                format!("{shown} runs {}, code wicket cannot read", main.shown),
            );
            // A class, or a single source file the launcher compiles and
            // runs (`java X.java ARGS`): the words after it are the
            // program's arguments.
            let handed = program_words(run, i + 1);
            r.check_protected_operands(&handed, scope);
            r.hands_chosen_words(&handed, &main.shown);
        }
        None => r.note(Read, format!("{shown} runs nothing")),
    }
}

/// One JVM option (`-Xmx2g`, `-XX:+UseG1GC`, `-Dk=v`, `-javaagent:x`):
/// `false` when the call cannot be read past it.
pub fn java_option(r: &mut Reader, shown: &str, word: &str, scope: &Scope) -> bool {
    if let Some(setting) = word.strip_prefix("-XX:") {
        if setting.starts_with(['+', '-']) {
            return true;
        }
        let (name, value) = setting.split_once('=').unwrap_or((setting, ""));
        if JAVA_XX_RUNS.contains(&name) {
            let command = value.trim_matches(['"', '\'']);
            r.note(
                OpenWorld,
                format!("{shown} runs `{command}` on a JVM error"),
            );
            let mut inner = scope.clone();
            r.read_text(command, &mut inner);
        } else if JAVA_XX_WRITES.contains(&name) {
            let path = value
                .split(',')
                .find_map(|kv| kv.strip_prefix("filename="))
                .unwrap_or(value);
            if !path.is_empty() {
                r.change(
                    &Arg::literal(path),
                    scope,
                    Change::Write,
                    Reach::Path,
                    shown,
                );
            }
        } else if JAVA_XX_OPTION_FILES.contains(&name) {
            r.note(
                Opaque,
                format!("{shown} reads JVM options from {value}, which wicket cannot see"),
            );
            return false;
        }
        return true;
    }
    if let Some(log) = word.strip_prefix("-Xlog") {
        // -Xlog:gc:file=PATH, -Xlog:gc:PATH
        if let Some(path) = log.split(':').find_map(|part| {
            part.strip_prefix("file=")
                .or_else(|| (part.contains('/') || part.contains('.')).then_some(part))
        }) {
            let path = path.split(',').next().unwrap_or(path);
            r.change(
                &Arg::literal(path),
                scope,
                Change::Write,
                Reach::Path,
                shown,
            );
        }
        return true;
    }
    if let Some(path) = word.strip_prefix("-Xloggc:") {
        r.change(
            &Arg::literal(path),
            scope,
            Change::Write,
            Reach::Path,
            shown,
        );
        return true;
    }
    if word.starts_with("-javaagent:")
        || word.starts_with("-agentpath:")
        || word.starts_with("-agentlib:")
    {
        r.note(
            OpenWorld,
            format!("{shown} loads an agent ({word}), code wicket cannot read"),
        );
        return true;
    }
    // A system property naming a place (`-Djava.io.tmpdir=…`,
    // `-Duser.home=…`, an application's own output directory) is read by
    // the program wicket cannot see: one that lands in the protected set, or
    // above it, is held as a word handed to such a program would be.
    if word.starts_with("-D") && word.contains('=') {
        let inv = Invocation::of_words(vec![Arg::literal(shown), Arg::literal(word)]);
        r.check_protected_operands(&inv, scope);
    }
    let harmless = word.starts_with("-D")
        || word.starts_with("-Xmx")
        || word.starts_with("-Xms")
        || word.starts_with("-Xss")
        || word.starts_with("-Xmn")
        || word.starts_with("-Xshare")
        || word.starts_with("-Xverify")
        || word.starts_with("-Xbootclasspath")
        || word.starts_with("-verbose")
        || word.starts_with("-ea:")
        || word.starts_with("-da:")
        || word.starts_with("-enableassertions:")
        || word.starts_with("-disableassertions:")
        || word.starts_with("-splash:")
        || word.starts_with("--add-opens=")
        || word.starts_with("--add-exports=")
        || word.starts_with("--add-reads=")
        || word.starts_with("--add-modules=")
        || word.starts_with("--enable-native-access=")
        || word.starts_with("--illegal-access=")
        || word.starts_with("--source=")
        || word.starts_with("--class-path=")
        || word.starts_with("--module-path=")
        || word.starts_with("-XX")
        || JAVA_FLAGS.contains(&word);
    if !harmless {
        r.note(
            Opaque,
            format!("{shown}: java's option `{word}` is not one wicket's description knows"),
        );
    }
    harmless
}

/// Read a `JAVA_TOOL_OPTIONS`-style value; `false` when it cannot.
pub fn java_options_value(r: &mut Reader, name: &str, value: &str, scope: &Scope) -> bool {
    let shown = format!("{name}={value}");
    for word in split_java_options(value) {
        if word.starts_with('@') {
            r.note(
                Opaque,
                format!("{shown} reads options from {word}, which wicket cannot see"),
            );
            return false;
        }
        if JAVA_FLAGS.contains(&word.as_str()) {
            continue;
        }
        if !java_option(r, &shown, &word, scope) {
            return false;
        }
    }
    true
}

/// JVM option words, with quotes grouping (`-XX:OnError="kill -9 %p"`).
fn split_java_options(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    for c in value.chars() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

pub const JSHELL: Program = Program {
    names: &["jshell"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: jshell,
    examples: examples![
        (
            OpenWorld,
            "jshell <<'EOF'\nSystem.out.println(1);\n/exit\nEOF",
        ),
        (OpenWorld, "jshell script.jsh"),
        (Read, "jshell --version"),
        (Opaque, "jshell"),
        (Opaque, "jshell --execution remote x.jsh"),
    ],
    manual: "jshell 17: jshell --help",
};

fn jshell(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let shown = run.shown();
    let mut i = 0;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            r.note(Opaque, format!("{shown}: a word only known when it runs"));
            return;
        };
        match word {
            "--version" | "--help" | "-h" | "-?" | "--help-extra" | "-X" | "--full-version" => {
                r.note(Read, format!("{shown} prints its version or help"));
                return;
            }
            "--class-path" | "--module-path" | "--add-modules" | "--add-exports" | "--feedback" => {
                i += 2
            }
            "--startup" => {
                if let Some(f) = args.get(i + 1) {
                    r.reads(f, scope, &shown);
                }
                r.note(
                    OpenWorld,
                    format!("{shown} runs startup snippets from a file"),
                );
                i += 2;
            }
            "--no-startup" | "-q" | "-s" | "-v" | "--enable-preview" | "--show-version" => i += 1,
            w if w.starts_with("-J") || w.starts_with("-R") || w.starts_with("-C") => {
                let option = &w[2..];
                if !option.is_empty() && !java_option(r, &shown, option, scope) {
                    return;
                }
                i += 1;
            }
            w if w.starts_with('-') && w != "-" => {
                r.note(
                    Opaque,
                    format!("{shown}: jshell's option `{w}` is not one wicket reads"),
                );
                return;
            }
            _ => break,
        }
    }
    if i < args.len() && args[i].text() != Some("-") {
        script_file(r, run, i, scope);
    } else {
        program_on_stdin(r, run, Language::Java, scope);
    }
}

// ---------------------------------------------------------------------------
// osascript

pub const OSASCRIPT: Program = Program {
    names: &["osascript"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: osascript,
    examples: examples![
        (OpenWorld, "osascript -e 'display notification \"done\"'"),
        (
            Destructive,
            "osascript -e 'do shell script \"rm -rf ../../.wicket\"'",
        ),
        (OpenWorld, "osascript notify.scpt"),
        (Opaque, "osascript"),
    ],
    manual: "osascript (macOS) manual: -e statement, -l language, -i, -s flags, programfile",
};

fn osascript(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let shown = run.shown();
    let mut codes: Vec<&Arg> = Vec::new();
    let mut language = Language::AppleScript;
    let mut i = 0;
    while i < args.len() {
        match args[i].text() {
            Some("-e") => {
                let Some(code) = args.get(i + 1) else {
                    r.note(Opaque, format!("{shown}: -e needs a value"));
                    return;
                };
                codes.push(code);
                i += 2;
            }
            Some("-l") => {
                if args.get(i + 1).and_then(Arg::text) == Some("JavaScript") {
                    language = Language::Node;
                }
                i += 2;
            }
            Some("-s") => i += 2,
            Some("-i") => {
                r.note(Opaque, format!("{shown} runs interactively, reading stdin"));
                return;
            }
            Some(w) if w.starts_with('-') && w != "-" => {
                r.note(
                    Opaque,
                    format!("{shown}: osascript's option `{w}` is not one wicket reads"),
                );
                return;
            }
            _ => break,
        }
    }
    if !codes.is_empty() {
        let text: Vec<String> = codes
            .iter()
            .filter_map(|c| c.text().map(str::to_owned))
            .collect();
        if text.len() != codes.len() {
            r.note(
                Opaque,
                format!("{shown} runs a program only known when it runs"),
            );
            return;
        }
        let joined = text.join("\n");
        r.note(
            OpenWorld,
            format!("{} runs a program given on the command line", run.name),
        );
        code::scan(r, run.name, language, &joined, scope);
        return;
    }
    if i < args.len() && args[i].text() != Some("-") {
        return script_file(r, run, i, scope);
    }
    program_on_stdin(r, run, language, scope);
}

// ---------------------------------------------------------------------------
// interpreters without a described grammar

pub const OTHER: Program = Program {
    names: OTHER_NAMES,
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: other,
    examples: examples![
        (OpenWorld, "julia -e 'println(1)'"),
        (OpenWorld, "julia script.jl"),
        (Read, "julia --version"),
        (Opaque, "julia --threads=4 script.jl"),
        (Destructive, "julia -e 'rm(\"../x\", recursive=true)'"),
    ],
    manual: "interpreters whose grammars wicket does not describe: only `--version`, one code option (`-e`/`--eval`/`-c`) or one script is read",
};

fn other(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    let shown = run.shown();
    let words: Vec<Option<&str>> = args.iter().map(Arg::text).collect();
    match words.as_slice() {
        [Some("--version" | "-v" | "-V" | "--help" | "-h")] => {
            r.note(Read, format!("{shown} prints its version or help"))
        }
        [Some("-e" | "--eval" | "-c"), _] => literal_code(
            r,
            run,
            Language::Other,
            &args[1],
            scope,
            "on the command line",
        ),
        [] => program_on_stdin(r, run, Language::Other, scope),
        [Some(first), ..] if !first.starts_with('-') => script_file(r, run, 0, scope),
        _ => r.note(
            Opaque,
            format!("{shown}: wicket does not describe {}'s options", run.name),
        ),
    }
}

// ---------------------------------------------------------------------------
// literal stdin (used by the shell reader)

/// The literal text a redirect gives a command's stdin: a here-doc whose
/// delimiter was quoted (or whose body has no expansions), or a here-string
/// with no expansions — `None` for anything else. A here-doc is only taken
/// from `script`'s table when `cmd` is one of `script`'s own commands (not
/// one lifted out of a substitution, whose here-docs are numbered apart).
pub fn literal_stdin(script: &Script, cmd: &Simple, redirect: &Redirect) -> Option<String> {
    match redirect.kind {
        RedirectKind::HereString => {
            let text = redirect.target.literal()?;
            Some(format!("{text}\n"))
        }
        RedirectKind::HereDoc(id) => {
            if !script.nodes.iter().any(|n| holds(n, cmd)) {
                return None;
            }
            let doc = script.heredocs.get(id)?;
            doc.body.literal_text()
        }
        _ => None,
    }
}

/// Whether `node` is or structurally holds the very command `cmd` (not
/// through a word's substitutions).
fn holds(node: &Node, cmd: &Simple) -> bool {
    match node {
        Node::Simple(s) => std::ptr::eq(s, cmd),
        Node::Group(body)
        | Node::Maybe(body)
        | Node::Loop(body)
        | Node::Subshell(body)
        | Node::Pipeline(body) => body.iter().any(|n| holds(n, cmd)),
        Node::Background(inner) | Node::Redirected(inner, _) => holds(inner, cmd),
        Node::Function { .. }
        | Node::For { .. }
        | Node::Test(_)
        | Node::Unreadable(_)
        | Node::Succeeded
        | Node::Negated
        | Node::Stop(_) => false,
    }
}

trait LiteralText {
    fn literal_text(&self) -> Option<String>;
}

impl LiteralText for crate::syntax::Word {
    /// A here-doc body's text when nothing in it expands (globs and braces
    /// are not expanded in a here-doc).
    fn literal_text(&self) -> Option<String> {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                crate::syntax::Part::Bare(t) | crate::syntax::Part::Quoted(t) => out.push_str(t),
                _ => return None,
            }
        }
        Some(out)
    }
}

/// The long options a program's help page lists on this machine (for the
/// descriptions' tests): `--name` words, dots and all (`--tls-max-v1.2`).
#[cfg(test)]
pub(crate) fn listed_long_options(program: &str, args: &[&str]) -> Option<Vec<String>> {
    let out = std::process::Command::new(program)
        .args(args)
        .output()
        .ok()?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let mut found = Vec::new();
    for (at, _) in text.match_indices("--") {
        let before = text[..at].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '-') {
            continue;
        }
        let name: String = text[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.' || *c == '_')
            .collect();
        let name = name.trim_end_matches(['.', '-']).to_owned();
        if name.len() > 1 && !found.contains(&name) {
            found.push(name);
        }
    }
    Some(found)
}

/// Every spelling of every option of `grammar` reads as that option (the
/// framework's check, for grammars a description uses internally).
#[cfg(test)]
pub(crate) fn check_spellings(name: &str, grammar: &Grammar) {
    for opt in grammar.options {
        for spelled in argv::spellings(grammar, opt, "VALUE") {
            let args: Vec<Arg> = spelled.iter().map(|w| Arg::literal(w)).collect();
            let parsed = argv::parse(grammar, &args, 1);
            assert_eq!(parsed.problem, None, "{name}: {spelled:?} does not parse");
            let given = parsed
                .options
                .iter()
                .find(|g| g.opt.key == opt.key)
                .unwrap_or_else(|| panic!("{name}: {spelled:?} did not read as {}", opt.key));
            if opt.takes != Takes::Nothing {
                assert_eq!(
                    given.value.as_ref().and_then(|v| v.text()),
                    Some("VALUE"),
                    "{name}: {spelled:?}"
                );
            }
        }
    }
}

/// The options a grammar lacks among those the program lists.
#[cfg(test)]
pub(crate) fn missing_options(
    grammar: &Grammar,
    listed: &[String],
    ignore: &[&str],
) -> Vec<String> {
    listed
        .iter()
        .filter(|l| !ignore.contains(&l.as_str()))
        .filter(|l| !grammar.options.iter().any(|o| o.long.contains(&l.as_str())))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_every_interpreter_option_reads_as_that_option() {
        for (name, grammar) in [
            ("python", &PYTHON_GRAMMAR),
            ("node", &NODE_GRAMMAR),
            ("perl", &PERL_GRAMMAR),
            ("ruby", &RUBY_GRAMMAR),
            ("php", &PHP_GRAMMAR),
            ("lua", &LUA_GRAMMAR),
            ("venv", &VENV_GRAMMAR),
            ("json.tool", &JSON_TOOL_GRAMMAR),
            ("compileall", &COMPILEALL_GRAMMAR),
            ("profile", &PROFILE_GRAMMAR),
            ("trace", &TRACE_GRAMMAR),
            ("py_compile", &PY_COMPILE_GRAMMAR),
        ] {
            check_spellings(name, grammar);
        }
    }

    #[test]
    fn python_and_node_grammars_know_their_help_pages() {
        if let Some(listed) = listed_long_options("python3", &["--help"]) {
            assert_eq!(
                missing_options(&PYTHON_GRAMMAR, &listed, &[]),
                Vec::<String>::new()
            );
        }
        // `node -h` mentions `--` alone and `--v8-options`' V8 flags by prose.
        if let Some(listed) = listed_long_options("node", &["--help"]) {
            assert_eq!(
                missing_options(&NODE_GRAMMAR, &listed, &[]),
                Vec::<String>::new()
            );
        }
    }

    fn words(text: &str) -> Vec<Arg> {
        text.split_whitespace().map(Arg::literal).collect()
    }

    #[test]
    fn python_options_end_at_c_m_and_the_script() {
        assert_eq!(cut(&PYTHON_GRAMMAR, &words("-c x -v"), &["c", "m"]), (2, 2));
        assert_eq!(
            cut(&PYTHON_GRAMMAR, &words("-Bc x -v"), &["c", "m"]),
            (2, 2)
        );
        assert_eq!(cut(&PYTHON_GRAMMAR, &words("-cx -v"), &["c", "m"]), (1, 1));
        assert_eq!(
            cut(&PYTHON_GRAMMAR, &words("-mjson.tool x"), &["c", "m"]),
            (1, 1)
        );
        assert_eq!(
            cut(&PYTHON_GRAMMAR, &words("-W ignore x.py -c"), &["c", "m"]),
            (2, 2)
        );
        assert_eq!(cut(&PYTHON_GRAMMAR, &words("-- -c"), &["c", "m"]), (1, 1));
    }

    #[test]
    fn perl_bundles_read_as_perl_reads_them() {
        let parsed = argv::parse(&PERL_GRAMMAR, &perl_words(&words("-pie")), 1);
        assert!(parsed.has("p"));
        assert_eq!(parsed.last("i").and_then(|a| a.text()), Some("e"));
        assert!(parsed.last("e").is_none());
        let parsed = argv::parse(&PERL_GRAMMAR, &perl_words(&words("-lne x")), 1);
        assert_eq!(parsed.last("e").and_then(|a| a.text()), Some("x"));
        let parsed = argv::parse(&PERL_GRAMMAR, &perl_words(&words("-i.bak")), 1);
        assert_eq!(parsed.last("i").and_then(|a| a.text()), Some(".bak"));
    }
}
