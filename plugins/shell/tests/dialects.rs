//! dash and bash read the same text differently. Each case says which
//! `printf` markers (single capital letters) each shell runs, and which the
//! parse in that dialect reads. `runs_as_the_table_says` checks the first
//! against the real shells when they are installed (`dash -c`, `bash -c`,
//! harmless `printf`s in a scratch directory); `reads_as_the_table_says`
//! checks the second against `syntax::parse`.
//!
//! An expectation is `RUN` or `RUN/READ` (READ defaults to RUN):
//! - RUN: the letters the shell prints; a trailing `!` says it reports a
//!   syntax error.
//! - READ: the letters of `printf X` commands anywhere in the parse; `!` at
//!   the end says the parse ends in a `Stop`; `?` says something cannot be
//!   named (an `Unreadable`, a program word that is an expansion).
//!
//! Whatever the shell runs, the parse must read (or say `?`).

#[path = "support/render.rs"]
mod render;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

use wicket_shell::syntax::{self, Dialect, Node, Script};

struct Case {
    text: &'static str,
    dash: &'static str,
    bash: &'static str,
}

const fn c(text: &'static str, dash: &'static str, bash: &'static str) -> Case {
    Case { text, dash, bash }
}

const CASES: &[Case] = &[
    // `$'…'` and `$"…"`: bash decodes; dash reads `$` then a quoted string.
    c(": $'\\' ; printf A ; : '\\'", "A", ""),
    c("printf A $\"x\"; printf B", "AB", "AB"),
    // `((…))`: arithmetic in bash (if its inner `)` is followed by `)`).
    c("((printf A))", "A", ""),
    c("((printf A) )", "A", "A"),
    c("((1+1)) ; printf A", "A", "A"),
    c("printf A; echo $((printf B) )", "!/!", "AB"),
    c("echo \"$((printf A) )\"", "!/!", "A"),
    c("echo $((1)+(2)); printf A", "!/!", "A"),
    c(
        "exec 3>&1; printf A; echo $(( $(printf B >&3) + 1 ))",
        "AB",
        "AB",
    ),
    c(
        "exec 3>&1; (( $(case a in a) printf A >&3;; esac) + 1 )); printf B",
        "AB/AB?",
        "AB",
    ),
    // Bash finds the end of `$((` again when it expands it, with comments:
    // here the two disagree, and wicket cannot tell.
    c(
        "exec 3>&1\n: $((false # : || ( x;: <(printf T >&3 && true ;\nprintf A >&3); printf V >/dev/null )))",
        "",
        "A/?",
    ),
    // In bash's `((` and `$((` only `$(` is a construct: `${` is text.
    c("printf A; : $(( ${ + 1 )); printf B", "!", "A/AB"),
    // A here-doc in a `((` that is not arithmetic takes its body from after
    // it: bash runs the lines in between.
    c(
        "exec 3>&1; ((cat >/dev/null <<'E'\nx `printf A >&3`\nE\n) ); printf B",
        "B",
        "AB",
    ),
    // `$[…]`: bash arithmetic; dash `$[` is a word.
    c("printf A; echo $[ ; printf B ; ]", "AB", "A"),
    // `[[`: a keyword in bash; an ordinary command in dash.
    // (`[[` is a glob to the reader: `?`.)
    c("[[ x || printf A ]]", "A/A?", ""),
    c("printf A\n]]\nprintf B", "AB", "A!/A!"),
    // `time`: a keyword in bash (at a pipeline's start), a program in dash.
    c("time printf A", "A", "A"),
    c("time -p printf A", "A", "A"),
    c("true | time printf B", "B", "B"),
    // bash -c: keyword `time` runs `-o`; as `sh` (POSIX) it is the program.
    c("printf A\ntime -o /dev/null printf B", "AB", "A/AB"),
    // `function`: bash only.
    c("function f { printf A; }; f", "!/!", "A"),
    c("function f() { printf A; }; f", "!/!", "A"),
    c("function f () printf A; f", "!/!", "!/!"),
    // `name() body`: dash takes any command as the body, bash a compound one.
    c("f() printf A\nf", "A", "!/!"),
    c("a-b() { printf A; }; a-b", "!/!", "A"),
    // dash: no function may take a special builtin's name.
    c("eval() { printf A; }; eval printf B", "!/!", "A"),
    c("local() { printf A; }; printf B", "!/!", "B/AB"),
    c("cd() { printf A; }; cd /", "A", "A"),
    // `&>`, `&>>`, `|&`.
    c("printf A &> /dev/null; printf B", "AB", "B/AB"),
    c("printf A &>> /dev/null; printf B", "AB", "B/AB"),
    c("printf A |& cat", "!/!", "A"),
    c("printf A; printf B |& cat", "!/!", "AB"),
    // Process substitution, arrays, `;&`, `;;&`, `<<<`: bash only.
    c("printf A; cat <(printf B)", "!/!", "AB"),
    c("printf A; cat < <(printf B)", "!/!", "AB"),
    // `<((`: bash parses the text only when it expands it (an error then
    // abandons the rest of that line, not the next).
    c("exec 3>&1; : <((printf A >&3) ); printf B", "!/!", "AB"),
    c(
        "exec 3>&1; : <((printf A >&3) ; f() printf C); printf B\nprintf D",
        "!/!",
        "D/BD",
    ),
    c("echo a<(true); printf A", "!/!", "A"),
    c("printf A; a=(x y); printf B", "!/!", "AB"),
    c("exec 3>&1; a=(x \"$(printf A >&3)\") printf B", "!/!", "AB"),
    c("printf A; declare -a x=(1 2); printf B", "!/!", "AB"),
    c("printf A; echo a=(x)", "!/!", "!/!"),
    c("case a in a) printf A ;& b) printf B ;; esac", "!/!", "AB"),
    c("case a in a) printf A ;;& *) printf B ;; esac", "!/!", "AB"),
    c("cat <<< x; printf A", "!/!", "A"),
    c("printf A {fd}>/dev/null", "/A", "A"),
    // dash: `>&file` is a fatal error when the command runs, not a parse error.
    c(
        "printf A; printf B >&/dev/null; printf C",
        "A!/ABC",
        "AC/ABC",
    ),
    // `${…}` ends at the first `}` (braces do not nest), in both.
    c("echo ${x:-{}; printf A", "A", "A"),
    c("false && echo ${x ; printf A ; }", "", ""),
    c("echo ${x:-$(printf A)}", "A", "A"),
    c("echo ${x:-`printf A`}", "A", "A"),
    // In a double-quoted `${x:-…}` a single quote is literal to dash (and
    // bash as `sh`), a quote to bash -c; in `#`/`%` patterns to all.
    c("false && echo \"${x:-'}\"; printf A; \"'}\"", "A", ""),
    c("false && echo \"${x#'}\"; printf A; \"'}\"", "", ""),
    c("false && echo \"${x/'}\"; printf A; \"'}\"", "A", ""),
    // Extended globs: syntax errors unless bash's `extglob` is on.
    c("printf A; echo x!(b)", "!/!", "!/A"),
    c("!(printf A)", "A", "A"),
    // Syntax errors: commands on earlier lines ran, nothing from the line
    // with the error on.
    c("printf A\n(\nprintf B", "A!", "A!"),
    c("printf A; (\nprintf B", "!", "!"),
    c("printf A\nprintf B; )\nprintf C", "A!", "A!"),
    c("printf A\n{ printf B\n}\n} printf C", "AB!", "AB!"),
    c("printf A &\nwait; fi", "A!", "A!"),
    c("printf A & ; printf B", "!", "!"),
    c("{ printf A; } printf B", "!", "!"),
    c("( printf A ) printf B", "!", "!"),
    c("printf A\n{ }\nprintf B", "A!", "A!"),
    c("printf A\n( )\nprintf B", "A!", "A!"),
    c("printf A\nif true; then fi\nprintf B", "A!", "A!"),
    c("printf A\nwhile false; do done\nprintf B", "A!", "A!"),
    c("printf A\ncase x in esac\nprintf B", "AB", "AB"),
    c("printf A\nprintf B >\nprintf C", "A!", "A!"),
    c("printf A\nprintf B > ;printf C", "A!", "A!"),
    c("printf A\n; printf B\nprintf C", "A!", "A!"),
    c("printf A\nprintf B; ; printf C\nprintf D", "A!", "A!"),
    c("printf A\nprintf B && ; printf C\nprintf D", "A!", "A!"),
    c("printf A\n| printf B\nprintf C", "A!", "A!"),
    c("printf A\nin printf B\nprintf C", "A!", "A!"),
    c("printf A\nthen printf B\nprintf C", "A!", "A!"),
    c("printf A\necho (x)\nprintf B", "A!", "A!"),
    c("printf A\necho 'x\nprintf B", "A!", "A!"),
    c("printf A\necho \"x\nprintf B", "A!", "A!"),
    c("printf A\necho ${x\nprintf B", "A!", "A!"),
    c("printf A\necho $((1\nprintf B", "A!", "A!"),
    c("printf A &&", "!", "!"),
    c("printf A | ! printf B", "!", "!"),
    c("printf A\n!\nprintf B", "A!", "AB"),
    c("printf A\n! printf B", "AB", "AB"),
    c("printf X; a=1 { printf A; }", "!", "!"),
    c(
        "printf A\nselect x in a; do printf B; break; done </dev/null",
        "A!",
        "A/AB",
    ),
    c("for x in a; { printf A; }", "!/!", "A"),
    c("for ((i=0;i<2;i++)); do printf A; done", "!/!", "A"),
    c("for x in a\ndo printf A; done", "A", "A"),
    c("for x\ndo printf A; done; printf B", "B/AB", "B/AB"),
    // Backticks: dash parses them with the line, bash when it runs them.
    c("printf A; echo `(`; printf B", "!", "AB"),
    c("printf A\necho `(`; printf B", "A!", "AB"),
    c("printf A; echo `printf B`", "AB", "AB"),
    c("printf A; echo $( ( ); printf B", "!", "!"),
    // dash's backquoted list ends, without an error, at the first token
    // that cannot continue it: the rest is never run. (bash parses the
    // text when it runs it, a line at a time.)
    c(
        "exec 3>&1; : `printf A >&3; ) printf B >&3`; printf C",
        "AC",
        "C",
    ),
    c(
        "exec 3>&1; : `printf A >&3\nfi\nprintf B >&3`; printf C",
        "AC",
        "AC",
    ),
    c(
        "exec 3>&1; : `{ printf A >&3; } printf B >&3`; printf C",
        "AC",
        "C",
    ),
    c("printf A; false && : `a=(x)`; printf B", "AB", "AB"),
    c("printf A; : `;`; printf B", "!", "AB"),
    c("printf A; : `{ printf B; ) }`; printf C", "!", "AC"),
    c("printf A; : $(a=(x)); printf B", "!", "AB"),
    // Compound commands may end right before a closing word.
    c("{ { printf A; } }", "A", "A"),
    c("if true; then { printf A; } fi", "A", "A"),
    c("while { printf A; } do break; done", "A", "A"),
    c("{ (printf A) }", "A", "A"),
    c("printf A && \n printf B", "AB", "AB"),
    // Here-docs: the delimiter word, quoting, where the body ends.
    c(
        "cat >/dev/null <<$'E'\nx\nE\nprintf A\n$E\nprintf B",
        "B",
        "AB/AB?",
    ),
    c(
        "cat >/dev/null <<EOF\nx\nEO\\\nF\nprintf A\nEOF\nprintf B",
        "B",
        "AB",
    ),
    c("cat >/dev/null <<EOF\nx\\\nEOF\nEOF\nprintf A", "A", "A"),
    c("cat >/dev/null <<A\\B\nx\nAB\nprintf C", "C", "C"),
    c("cat >/dev/null <<\"A\"B\nx\nAB\nprintf C", "C", "C"),
    c(
        "cat >/dev/null <<\"a\\$b\\x\"\nx\na$b\\x\nprintf C",
        "C",
        "C",
    ),
    c(
        "cat >/dev/null <<a${x:-y}b\nx\na${x:-y}b\nprintf C",
        "C",
        "C",
    ),
    c("cat >/dev/null <<-A\n\tx\n\tA\nprintf B", "B", "B"),
    c("cat >/dev/null <<A\nx\n A\nA \nA\nprintf B", "B", "B"),
    c("cat >/dev/null <<A <<B\n1\nA\n2\nB\nprintf C", "C", "C"),
    c("cat >/dev/null <<'A'\n$(printf B)\nA\nprintf C", "C", "C"),
    c("cat <<A\n$(printf B)\nA", "B", "B"),
    c("cat >/dev/null << E ; printf A\nx\nE\nprintf B", "AB", "AB"),
    c("printf A\ncat <<$(x)\nx\n$(x)\nprintf B", "A!", "AB"),
    c("cat <<\\$(x)\nx\n$(x)\nprintf A", "!", "!"),
    // Bash, in a `$(…)`: a line that starts with the delimiter and holds a
    // `)` ends the here-doc, and the rest of the line is read again.
    c("echo $(cat <<EOF\nx\nEOF)\nprintf A", "!", "A"),
    c("echo $(cat <<-'EOF'\nx\n\tEOF )\nprintf A", "!", "A"),
    c("x=`cat <<EOF\nx\nEOF)\n`; printf A", "A", "A"),
    c("x=$(cat <<EOF\nhi )\nEOF\n); printf A", "A", "A"),
    c(
        "cat >/dev/null <<EOF; echo $(\nprintf A\n)\nbody\nEOF\nprintf B",
        "AB",
        "AB",
    ),
    c("printf A\ncat <<EOF\nx `(`\nEOF\nprintf B", "A!", "AB"),
    c("printf A\ncat <<EOF\nx $(\nEOF\nprintf B", "A!", "AB/AB"),
    // dash reads a here-doc's substitution from the text itself, past
    // what looks like the delimiter; bash ends the body at that line.
    c(
        "exec 3>&1\ncat >/dev/null <<EOF\nx $(printf A >&3\nEOF\n)\nEOF\nprintf B",
        "AB",
        "!/A!",
    ),
    // Aliases: dash (and bash as `sh`) expand them from the next complete
    // command on; bash -c does not. wicket stops reading at the first word
    // that may be one.
    c("alias p=printf\np A", "A/?", "/?"),
    c("alias p=printf; p A", "", ""),
    c("alias p=printf\nif true; then p A; fi", "A/?", "/?"),
    c("alias p=printf\n\\p A; printf B", "B", "B"),
    c("alias p=printf; eval \"p A\"", "A/?", "/?"),
    c("alias p=printf\necho `p A`", "A/?", "/?"),
    c("alias p=printf; echo `p A`", "", "/?"),
    c("printf A\nalias p=printf\nprintf B", "AB", "AB"),
    c("f() { alias p=printf; }\nf\np A", "A/?", "/?"),
    // Brace expansion: bash only; the parse marks the word.
    c("{printf,A}", "", "A/?"),
];

#[test]
fn reads_as_the_table_says() {
    let mut failures = Vec::new();
    for case in CASES {
        for (dialect, expected) in [(Dialect::Dash, case.dash), (Dialect::Bash, case.bash)] {
            let (run, read) = expectation(expected);
            let script = syntax::parse(case.text, dialect);
            let got = read_markers(&script);
            if got != read {
                failures.push(format!(
                    "{dialect:?} {:?}: reads {got:?}, expected {read:?}\n    {}",
                    case.text,
                    render::nodes(&script.nodes)
                ));
            }
            // Whatever runs is read (or the parse says it cannot tell).
            let run_letters = run.trim_end_matches('!');
            if !read.contains('?') && !run_letters.chars().all(|c| read.contains(c)) {
                failures.push(format!(
                    "{dialect:?} {:?}: runs {run:?} but reads {read:?}",
                    case.text
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn runs_as_the_table_says() {
    let Some(dir) = scratch() else { return };
    let mut failures = Vec::new();
    for case in CASES {
        for (shell, expected) in [("dash", case.dash), ("bash", case.bash)] {
            let (run, _) = expectation(expected);
            let (letters, syntax_error) = run_shell(shell, case.text, &dir);
            let want_error = run.ends_with('!');
            let want: String = run.trim_end_matches('!').to_owned();
            if letters != want || syntax_error != want_error {
                failures.push(format!(
                    "{shell} -c {:?}: ran {letters:?}{} expected {run:?}",
                    case.text,
                    if syntax_error {
                        " with a syntax error,"
                    } else {
                        ","
                    }
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `RUN[/READ]` → (run, read).
fn expectation(text: &str) -> (String, String) {
    match text.split_once('/') {
        Some((run, read)) => (run.to_owned(), read.to_owned()),
        None => (text.to_owned(), text.to_owned()),
    }
}

/// The markers the parse reads, sorted, then `?` and `!` as the doc says.
fn read_markers(script: &Script) -> String {
    let mut letters = BTreeSet::new();
    let mut unknown = false;
    for doc in &script.heredocs {
        for node in doc.body.commands() {
            walk(node, &mut letters, &mut unknown);
        }
    }
    for node in &script.nodes {
        walk(node, &mut letters, &mut unknown);
    }
    let mut out: String = letters.into_iter().collect();
    if matches!(script.nodes.last(), Some(Node::Stop(_))) {
        out.push('!');
    }
    if unknown {
        out.push('?');
    }
    out
}

fn walk(node: &Node, letters: &mut BTreeSet<char>, unknown: &mut bool) {
    match node {
        Node::Simple(s) => {
            let words = s
                .assigns
                .iter()
                .map(|a| &a.value)
                .chain(&s.words)
                .chain(s.redirects.iter().map(|r| &r.target));
            for w in words {
                for n in w.commands() {
                    walk(n, letters, unknown);
                }
            }
            // `time [-p] [-o FILE] …` runs what follows (as the reader reads it).
            let mut words = s.words.as_slice();
            if words.first().and_then(|w| w.literal()).as_deref() == Some("time") {
                words = &words[1..];
                while let Some(option) = words.first().and_then(|w| w.literal()) {
                    match option.as_str() {
                        "-o" | "-f" => words = words.get(2..).unwrap_or_default(),
                        o if o.starts_with('-') => words = &words[1..],
                        _ => break,
                    }
                }
            }
            match words.first().map(|w| w.literal()) {
                Some(Some(program)) if program == "printf" => {
                    if let Some(marker) = words.get(1).and_then(|w| w.literal()) {
                        letters.extend(marker.chars().filter(char::is_ascii_uppercase));
                    }
                }
                Some(None) => *unknown = true,
                _ => {}
            }
        }
        Node::Subshell(b) | Node::Group(b) | Node::Maybe(b) | Node::Loop(b) | Node::Pipeline(b) => {
            for n in b {
                walk(n, letters, unknown);
            }
        }
        Node::Background(n) | Node::Function { body: n, .. } => walk(n, letters, unknown),
        Node::Redirected(n, redirects) => {
            walk(n, letters, unknown);
            for r in redirects {
                for n in r.target.commands() {
                    walk(n, letters, unknown);
                }
            }
        }
        Node::For { words, .. } | Node::Test(words) => {
            for w in words {
                for n in w.commands() {
                    walk(n, letters, unknown);
                }
            }
        }
        Node::Stop(_) | Node::Succeeded | Node::Negated => {}
        Node::Unreadable(_) => *unknown = true,
    }
}

/// A scratch directory, when both shells are installed.
fn scratch() -> Option<std::path::PathBuf> {
    for shell in ["dash", "bash"] {
        let found = Command::new(shell)
            .args(["-c", ":"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !found {
            eprintln!("{shell} is not installed: the table is not checked against it");
            return None;
        }
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dialects-scratch");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir)
}

/// The capital letters the shell printed, sorted, and whether it reported a
/// syntax error.
fn run_shell(shell: &str, text: &str, dir: &Path) -> (String, bool) {
    let Ok(out) = Command::new(shell)
        .args(["-c", text])
        .current_dir(dir)
        .env_remove("BASH_ENV")
        .env_remove("ENV")
        .stdin(Stdio::null())
        .output()
    else {
        return (String::from("(did not run)"), false);
    };
    let letters: BTreeSet<char> = String::from_utf8_lossy(&out.stdout)
        .chars()
        .filter(char::is_ascii_uppercase)
        .collect();
    // A parse error of the text itself, not of text parsed when it runs.
    let stderr = String::from_utf8_lossy(&out.stderr).to_lowercase();
    let syntax_error = stderr.lines().any(|line| {
        (line.contains("syntax error") || line.contains("unexpected eof"))
            && !line.contains("command substitution")
            && !line.contains("in expression")
            && !line.contains("operand expected")
            && !line.contains("arithmetic")
    });
    (letters.into_iter().collect(), syntax_error)
}
