//! Programs that read text and print it changed: filters (`sort`, `cut`,
//! `tr`, …), viewers (`cat`, `less`, `bat`, …), comparers (`diff`, `cmp`),
//! encoders and checksums — and the few among them that also write a file
//! (`sort -o`, `uniq IN OUT`, `xxd -r IN OUT`, `split`, `iconv -o`, `patch`,
//! `dos2unix`, which edits in place by default) or run a program
//! (`sort --compress-program`, `split --filter`, `sdiff --diff-program`,
//! `bat --pager`). GNU coreutils 9.1 and friends as Debian 12 ships them,
//! each checked against its `--help`.
//!
//! The helpers at the top are shared with the other text and information
//! programs (`search.rs`, `script.rs`, `info.rs`).

use wicket_guest::paths::{absolute, component_matches, fold, is_under};
use wicket_guest::Effect::*;
use wicket_guest::PathKind;

use crate::argv::{attached, flag, value, Grammar, Opt, Style};
use crate::read::{Arg, Change, Invocation, Lookup, Place, Reach, Reader, Scope, Stdin};

use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &CAT, &TAC, &NL, &HEAD, &TAIL, &WC, &CUT, &TR, &PASTE, &JOIN, &COMM, &FOLD, &FMT, &REV,
    &EXPAND, &UNEXPAND, &OD, &HEXDUMP, &XXD, &STRINGS, &COLUMN, &SORT, &UNIQ, &SPLIT, &CSPLIT,
    &DIFF, &SDIFF, &CMP, &PATCH, &BASE64, &BASENC, &SUMS, &B2SUM, &CKSUM, &ICONV, &DOS2UNIX,
    &ENVSUBST, &LESS, &LESSKEY, &MORE, &MOST, &BAT, &ZCAT, &BZCAT, &XZCAT,
];

// ---------------------------------------------------------------------------
// Shared by the text and information programs.

pub(super) const HELP: Opt = flag("help", "", &["help"]);
pub(super) const VERSION: Opt = flag("version", "", &["version"]);

/// GNU getopt_long where `-NUM` is an option of its own (`head -5`).
pub(super) const GNU_NUMERIC: Style = Style {
    numeric: true,
    ..Style::GNU
};

/// `--help` or `--version`: the program prints and does nothing else.
pub(super) fn prints_only(r: &mut Reader, run: &Run) -> bool {
    if run.parsed.has("help") || run.parsed.has("version") {
        r.note(Read, format!("{} prints its help or version", run.shown()));
        return true;
    }
    false
}

/// Each path is a file the program reads (a secret by its text, or by where
/// it resolves; `-` is standard input).
pub(super) fn read_each<'a>(
    r: &mut Reader,
    args: impl IntoIterator<Item = &'a Arg>,
    scope: &Scope,
    shown: &str,
) {
    for arg in args {
        r.reads_file(arg, scope, shown);
    }
}

/// The common shape: the values of the options `file_options` name files it
/// reads, and so do its operands after the first `skip` (a pattern, a set);
/// it prints. `what` says what it prints, for the reason.
pub(super) fn filter(
    r: &mut Reader,
    run: &Run,
    scope: &Scope,
    file_options: &[&str],
    skip: usize,
    what: &str,
) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    for key in file_options {
        read_each(r, run.parsed.values(key), scope, &shown);
    }
    read_each(
        r,
        run.parsed.operands.iter().skip(skip).map(|(_, a)| a),
        scope,
        &shown,
    );
    r.note(Read, format!("{shown} {what}"));
}

/// Read `run`'s words with `grammar` for a program none of whose options
/// writes or runs anything: a word only known when it runs may stand where
/// an option could (at worst it is an option that reads differently), so it
/// is kept as an operand; anything else the grammar cannot read is opaque.
/// `None` when the call was found opaque.
pub(super) fn parse_reader(
    r: &mut Reader,
    run: &Run,
    grammar: &Grammar,
    from: usize,
) -> Option<crate::argv::Parsed> {
    let parsed = crate::argv::parse(grammar, run.inv.argv.get(from..).unwrap_or(&[]), from);
    match &parsed.problem {
        None | Some(crate::argv::Problem::Dynamic(_)) => Some(crate::argv::Parsed {
            problem: None,
            ..parsed
        }),
        Some(problem) => {
            r.note(
                Opaque,
                format!("{}: {}", run.shown(), problem.sentence(run.name)),
            );
            None
        }
    }
}

/// A file the program writes its output to: `-` and `/dev/stdout` are its
/// output stream; anything else is replaced.
pub(super) fn output(r: &mut Reader, arg: &Arg, scope: &Scope, shown: &str) {
    r.change(arg, scope, Change::Overwrite, Reach::Path, shown);
}

/// A word that, known only when it runs, could stand for an option.
pub(super) fn could_be_option(arg: &Arg) -> bool {
    match &arg.values {
        None => matches!(
            arg.shown.chars().next(),
            None | Some('-' | '$' | '`' | '"' | '\'' | '*' | '?' | '[')
        ),
        Some(values) => values.iter().any(|v| v.starts_with('-') && v.len() > 1),
    }
}

/// A literal word (program text, a pattern).
pub(super) fn literal(text: &str) -> Arg {
    Arg::literal(text)
}

/// The directory a path names, as the program's working directory would be
/// after `cd` to it (`patch -d`, `fd --base-directory`); `None` when unknown.
pub(super) fn directory(r: &Reader, dir: &Arg, scope: &Scope) -> Option<String> {
    let text = dir.text()?;
    let cwd = scope.cwd.as_deref()?;
    let joined = absolute(text, cwd, &scope.home(r.ctx));
    // `..` after a link is the link's target's parent (`repo-link/..`),
    // which only resolution knows; `/proc/self/cwd` is the shell's own.
    if joined.split('/').any(|c| c == "..") || joined.starts_with("/proc/") {
        if let Some(place) = r.place(&joined, scope) {
            match place {
                Place::Inside(p)
                | Place::Outside { path: p, .. }
                | Place::Protected { path: p, .. }
                | Place::Above { path: p, .. } => return Some(p),
                Place::Unknown(_) => return None,
                Place::Stream | Place::Network(_) => {}
            }
        }
    }
    Some(fold(&joined))
}

/// Run another program as this one would (`--compress-program`, `--pager`).
pub(super) fn runs(r: &mut Reader, argv: Vec<Arg>, stdin: Stdin, scope: &Scope) {
    let inv = Invocation {
        argv,
        stdin,
        stdin_paths: None,
        stdin_text: None,
        extra_operands: false,
        lookup: Lookup::Path,
    };
    r.read_invocation(&inv, &mut scope.clone());
}

/// Shell text the program hands to `sh -c` (`split --filter`, a pager).
pub(super) fn runs_text(r: &mut Reader, text: &Arg, scope: &Scope, shown: &str, what: &str) {
    match text.text() {
        Some(text) => r.read_text(text, &mut scope.clone()),
        None => r.note(
            Opaque,
            format!(
                "{shown} runs {what} `{}`, only known when it runs",
                text.shown
            ),
        ),
    }
}

impl Reader<'_> {
    /// A path a program reads, as [`Reader::reads`] checks it, and — for a
    /// glob — whether the pattern can match a secret the workspace names
    /// (`~/.ss?/*` reaches `~/.ssh`).
    pub fn reads_file(&mut self, arg: &Arg, scope: &Scope, shown: &str) {
        self.reads(arg, scope, shown);
        if !arg.glob {
            return;
        }
        let Some(values) = &arg.values else { return };
        let Some(cwd) = scope.cwd.clone() else { return };
        let home = scope.home(self.ctx);
        // Patterns over one tree share their candidates: each is asked once,
        // and only when its first name is in its directory's listing.
        let mut tried = std::collections::HashSet::new();
        let fragments: Vec<String> = self
            .ctx
            .secret_fragments
            .iter()
            .map(|f| f.trim_matches('/').to_owned())
            .collect();
        let fragments: Vec<&str> = fragments.iter().map(String::as_str).collect();
        let mut listings: std::collections::HashMap<
            String,
            Option<std::collections::HashSet<String>>,
        > = std::collections::HashMap::new();
        for value in values {
            let full = absolute(value, &cwd, &home);
            let parts: Vec<&str> = full.split('/').filter(|p| !p.is_empty()).collect();
            for fragment in &self.ctx.secret_fragments {
                let wanted: Vec<&str> = fragment.split('/').filter(|p| !p.is_empty()).collect();
                if wanted.is_empty() || wanted.len() > parts.len() {
                    continue;
                }
                for at in 0..=parts.len() - wanted.len() {
                    // Where the pattern can name the secret, from a fixed
                    // directory: whether it is there.
                    let fixed = parts[..at].iter().all(|p| !crate::place::is_glob(p));
                    let here = wanted
                        .iter()
                        .zip(&parts[at..])
                        .all(|(w, p)| component_matches(p, w, false));
                    if !fixed
                        || !here
                        || !parts[at..at + wanted.len()]
                            .iter()
                            .any(|p| crate::place::is_glob(p))
                    {
                        continue;
                    }
                    let candidate = format!("/{}/{}", parts[..at].join("/"), wanted.join("/"));
                    if !tried.insert(candidate.clone()) {
                        continue;
                    }
                    let root = format!("/{}", parts[..at].join("/"));
                    if !listings.contains_key(&root) {
                        let Some(listed) = self.entries_of(&root, &fragments) else {
                            return;
                        };
                        listings.insert(root.clone(), listed);
                    }
                    if listings[&root]
                        .as_ref()
                        .is_some_and(|names| !names.contains(wanted[0]))
                    {
                        continue;
                    }
                    if !self.take_resolve() {
                        return;
                    }
                    if self.ctx.resolve(&candidate).kind != PathKind::Missing {
                        self.guard(
                            Secret,
                            format!("{shown} reads {value}, a pattern that matches {candidate}, a secret"),
                        );
                        return;
                    }
                }
            }
        }
    }

    /// The names directly in `root`, read in one or two listings (`*`, and
    /// `.*` when a fragment begins with a dot) so that a tree read need not
    /// ask about every secret fragment beneath it (most are absent).
    /// `Some(None)` when the listing cannot tell (too large, an empty
    /// listing of a directory that may not be readable, a root the shell
    /// would read as a pattern): ask about each. `None` when the budget is
    /// spent.
    fn entries_of(
        &self,
        root: &str,
        fragments: &[&str],
    ) -> Option<Option<std::collections::HashSet<String>>> {
        if root.contains(['*', '?', '[', '\\']) {
            return Some(None);
        }
        let firsts: std::collections::HashSet<&str> = fragments
            .iter()
            .map(|f| f.split('/').next().unwrap_or(f))
            .collect();
        let root = root.trim_end_matches('/');
        let mut names = std::collections::HashSet::new();
        // dash's `*` skips names that begin with a dot; `.*` lists them.
        let patterns: Vec<String> = [("*", false), (".*", true)]
            .iter()
            .filter(|(_, dotted)| firsts.iter().any(|f| f.starts_with('.') == *dotted))
            .map(|(pattern, _)| format!("{root}/{pattern}"))
            .collect();
        for pattern in patterns {
            if !self.take_resolve() {
                return None;
            }
            let Some(found) = self.ctx.expand_glob(&pattern) else {
                return Some(None);
            };
            names.extend(
                found
                    .into_iter()
                    .filter_map(|m| m.path.rsplit('/').next().map(str::to_owned)),
            );
        }
        if names.is_empty() {
            // Nothing listed: an empty directory, or one wicket may not
            // read while a name in it can still be opened.
            if !self.take_resolve() {
                return None;
            }
            let root = if root.is_empty() { "/" } else { root };
            if self.ctx.resolve(root).kind == PathKind::Directory {
                return Some(None);
            }
        }
        Some(Some(names))
    }

    /// [`Reader::reads_tree`] for a program that may skip hidden files
    /// (`rg`, `ag`, `fd` without `--hidden`): then a secret beneath a hidden
    /// directory (`~/.ssh`) is not reached.
    pub fn reads_beneath(&mut self, arg: &Arg, scope: &Scope, shown: &str, hidden: bool) {
        self.reads_file(arg, scope, shown);
        let home = wicket_guest::paths::fold(&scope.home(self.ctx));
        for place in self.places(arg, scope) {
            // A process's directory holds its environ (not hidden).
            if let Place::Unknown(p) = &place {
                if let Some(pid) = crate::secrets::process_tree(p) {
                    self.guard(
                        Secret,
                        format!("{shown} reads everything under {p}, which holds {pid}'s environ, the environment"),
                    );
                    return;
                }
            }
            let path = match &place {
                Place::Inside(p)
                | Place::Outside { path: p, .. }
                | Place::Protected { path: p, .. }
                | Place::Above { path: p, .. } => p.clone(),
                _ => continue,
            };
            // A pattern reaches at most what lies beneath its fixed part.
            let base: Vec<&str> = path
                .split('/')
                .take_while(|part| !crate::place::is_glob(part))
                .collect();
            let base = match base.join("/") {
                b if b.is_empty() => "/".to_owned(),
                b => b,
            };
            // Each fragment is looked for directly beneath the tree, and
            // beneath the home when the tree holds it.
            let mut roots = vec![base.clone()];
            if !home.is_empty() && is_under(&home, &base) && home != base {
                roots.push(home.clone());
            }
            let fragments: Vec<&str> = self
                .ctx
                .secret_fragments
                .iter()
                .map(|f| f.trim_matches('/'))
                .filter(|f| hidden || !f.split('/').any(|part| part.starts_with('.')))
                // A pattern fragment (`*.pem`) is no path the host can look
                // up: asking spends the budget on a literal `*`.
                .filter(|f| !f.is_empty() && !crate::place::is_glob(f))
                .collect();
            let mut candidates: Vec<String> = Vec::new();
            for root in &roots {
                let Some(present) = self.entries_of(root, &fragments) else {
                    return;
                };
                let root = root.trim_end_matches('/');
                for fragment in &fragments {
                    let first = fragment.split('/').next().unwrap_or(fragment);
                    if present.as_ref().is_none_or(|names| names.contains(first)) {
                        candidates.push(format!("{root}/{fragment}"));
                    }
                }
            }
            for candidate in candidates {
                if !self.take_resolve() {
                    return;
                }
                if self.ctx.resolve(&candidate).kind != PathKind::Missing {
                    self.guard(
                        Secret,
                        format!("{shown} reads everything beneath {base}, which holds {candidate}, a secret"),
                    );
                    return;
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Viewers and filters that only read.

pub(super) const CAT_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("show-all", "A", &["show-all"]),
        flag("number-nonblank", "b", &["number-nonblank"]),
        flag("e", "e", &[]),
        flag("show-ends", "E", &["show-ends"]),
        flag("number", "n", &["number"]),
        flag("squeeze-blank", "s", &["squeeze-blank"]),
        flag("t", "t", &[]),
        flag("show-tabs", "T", &["show-tabs"]),
        flag("u", "u", &[]),
        flag("show-nonprinting", "v", &["show-nonprinting"]),
        HELP,
        VERSION,
    ],
};

pub const CAT: Program = Program {
    names: &["cat"],
    // None of its options writes or runs: see `parse_reader`.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: prints_files_cat,
    examples: examples![
        (Read, "cat README.md"),
        (Read, "cat -n src/main.rs | head -40"),
        (Secret, "cat ~/.ssh/id_rsa"),
        (Secret, "cat {home}/.aws/*"),
        (Secret, "cat ~/.ss?/*"),
        // `*` skips `.ssh`, but `~/keys/id_rsa` is a key wherever it lies.
        (Secret, "cat ~/*/id_*"),
        (Read, "cat ../../repo.git/config"),
        (Opaque, "cat --bogus x"),
    ],
    manual: "cat (GNU coreutils) 9.1: cat --help",
};

/// Every operand is a file it reads and prints.
fn prints_files(r: &mut Reader, run: &Run, scope: &mut Scope) {
    filter(r, run, scope, &[], 0, "prints what it reads");
}

pub const TAC: Program = Program {
    names: &["tac"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("before", "b", &["before"]),
            flag("regex", "r", &["regex"]),
            value("separator", "s", &["separator"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "tac log.txt"), (Read, "tac -s x -r f")],
    manual: "tac (GNU coreutils) 9.1: tac --help",
};

pub const NL: Program = Program {
    names: &["nl"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("body-numbering", "b", &["body-numbering"]),
            value("section-delimiter", "d", &["section-delimiter"]),
            value("footer-numbering", "f", &["footer-numbering"]),
            value("header-numbering", "h", &["header-numbering"]),
            value("line-increment", "i", &["line-increment"]),
            value("join-blank-lines", "l", &["join-blank-lines"]),
            value("number-format", "n", &["number-format"]),
            flag("no-renumber", "p", &["no-renumber"]),
            value("number-separator", "s", &["number-separator"]),
            value("starting-line-number", "v", &["starting-line-number"]),
            value("number-width", "w", &["number-width"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "nl -ba src/main.rs")],
    manual: "nl (GNU coreutils) 9.1: nl --help",
};

/// head and tail take an obsolete first option `-NUM[bcklmqv…f]` that
/// getopt would misread (`tail -5f log`); it is read here and set aside.
fn obsolete_count(run: &Run) -> bool {
    run.inv.argv.get(1).and_then(Arg::text).is_some_and(|w| {
        let body = w.strip_prefix('-').unwrap_or("");
        let digits = body.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0
            && digits < body.len()
            && body[digits..]
                .bytes()
                .all(|b| b"bcklmgqvfzKMGTPEZY".contains(&b))
    })
}

pub const HEAD: Program = Program {
    names: &["head"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: head_tail,
    examples: examples![
        (Read, "head -50 src/main.rs"),
        (Read, "head -n 20 README.md"),
        (Read, "head -c 100 f"),
        (Read, "head -5c f"),
        (Read, "git log | head"),
        (Secret, "head -n1 ~/.netrc"),
        (Opaque, "head --bogus f"),
    ],
    manual: "head (GNU coreutils) 9.1: head --help",
};

pub(super) const HEAD_GRAMMAR: Grammar = Grammar {
    style: GNU_NUMERIC,
    options: &[
        value("bytes", "c", &["bytes"]),
        value("lines", "n", &["lines"]),
        flag("quiet", "q", &["quiet", "silent"]),
        flag("verbose", "v", &["verbose"]),
        flag("zero-terminated", "z", &["zero-terminated"]),
        HELP,
        VERSION,
    ],
};

pub const TAIL: Program = Program {
    names: &["tail"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: head_tail,
    examples: examples![
        (Read, "tail -20 log.txt"),
        (Read, "tail -n +5 f"),
        (Read, "tail -f build.log"),
        (Read, "tail -5f build.log"),
        (Read, "tail -F --retry --pid=1 x"),
        (Process, "tail -f server.log &"),
        (Opaque, "tail --follow=name --bogus x"),
    ],
    manual: "tail (GNU coreutils) 9.1: tail --help",
};

pub(super) const TAIL_GRAMMAR: Grammar = Grammar {
    style: GNU_NUMERIC,
    options: &[
        value("bytes", "c", &["bytes"]),
        flag("f", "f", &[]),
        attached("follow", "", &["follow"]),
        flag("F", "F", &[]),
        value("lines", "n", &["lines"]),
        value("max-unchanged-stats", "", &["max-unchanged-stats"]),
        value("pid", "", &["pid"]),
        flag("quiet", "q", &["quiet", "silent"]),
        flag("retry", "", &["retry"]),
        value("sleep-interval", "s", &["sleep-interval"]),
        flag("verbose", "v", &["verbose"]),
        flag("zero-terminated", "z", &["zero-terminated"]),
        HELP,
        VERSION,
    ],
};

fn head_tail(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let grammar = if run.name == "head" {
        HEAD_GRAMMAR
    } else {
        TAIL_GRAMMAR
    };
    let skip = if obsolete_count(run) { 2 } else { 1 };
    let Some(parsed) = parse_reader(r, run, &grammar, skip) else {
        return;
    };
    let inner = Run {
        name: run.name,
        inv: run.inv,
        parsed,
    };
    filter(r, &inner, scope, &[], 0, "prints part of what it reads");
}

pub(super) const WC_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("bytes", "c", &["bytes"]),
        flag("chars", "m", &["chars"]),
        flag("lines", "l", &["lines"]),
        value("files0-from", "", &["files0-from"]),
        flag("max-line-length", "L", &["max-line-length"]),
        flag("words", "w", &["words"]),
        attached("total", "", &["total"]),
        HELP,
        VERSION,
    ],
};

pub const WC: Program = Program {
    names: &["wc"],
    // None of its options writes or runs: see `parse_reader`.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: counts_wc,
    examples: examples![
        (Read, "wc -l src/*.rs"),
        (Read, "find . -name '*.rs' | xargs wc -l"),
        (Read, "wc --files0-from=list"),
        (Secret, "wc -c ~/.ssh/id_rsa"),
    ],
    manual: "wc (GNU coreutils) 9.1: wc --help",
};

fn counts(r: &mut Reader, run: &Run, scope: &mut Scope) {
    filter(r, run, scope, &["files0-from"], 0, "counts what it reads");
}

pub(super) const CUT_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        value("bytes", "b", &["bytes"]),
        value("characters", "c", &["characters"]),
        value("delimiter", "d", &["delimiter"]),
        value("fields", "f", &["fields"]),
        flag("n", "n", &[]),
        flag("complement", "", &["complement"]),
        flag("only-delimited", "s", &["only-delimited"]),
        value("output-delimiter", "", &["output-delimiter"]),
        flag("zero-terminated", "z", &["zero-terminated"]),
        HELP,
        VERSION,
    ],
};

pub const CUT: Program = Program {
    names: &["cut"],
    // None of its options writes or runs: see `parse_reader`.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: prints_files_cut,
    examples: examples![
        (Read, "cut -d: -f1 /etc/passwd"),
        (Read, "cut -c1-80 f"),
        (Read, "echo a,b | cut -d, -f2"),
    ],
    manual: "cut (GNU coreutils) 9.1: cut --help",
};

pub const TR: Program = Program {
    names: &["tr"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("complement", "cC", &["complement"]),
            flag("delete", "d", &["delete"]),
            flag("squeeze-repeats", "s", &["squeeze-repeats"]),
            flag("truncate-set1", "t", &["truncate-set1"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: translates,
    examples: examples![
        (Read, "echo abc | tr a-z A-Z"),
        (Read, "tr -d '\\r' < f"),
        (Read, "tr -s ' '"),
    ],
    manual: "tr (GNU coreutils) 9.1: tr --help",
};

/// tr reads only its standard input; its operands are character sets.
fn translates(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    r.note(
        Read,
        format!("{} translates its input to its output", run.shown()),
    );
}

pub const PASTE: Program = Program {
    names: &["paste"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("delimiters", "d", &["delimiters"]),
            flag("serial", "s", &["serial"]),
            flag("zero-terminated", "z", &["zero-terminated"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "paste -sd, list"), (Read, "paste a b")],
    manual: "paste (GNU coreutils) 9.1: paste --help",
};

pub const JOIN: Program = Program {
    names: &["join"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("a", "a", &[]),
            value("e", "e", &[]),
            flag("ignore-case", "i", &["ignore-case"]),
            value("j", "j", &[]),
            value("o", "o", &[]),
            value("t", "t", &[]),
            value("v", "v", &[]),
            value("1", "1", &[]),
            value("2", "2", &[]),
            flag("check-order", "", &["check-order"]),
            flag("nocheck-order", "", &["nocheck-order"]),
            flag("header", "", &["header"]),
            flag("zero-terminated", "z", &["zero-terminated"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "join -t, -1 2 a.csv b.csv")],
    manual: "join (GNU coreutils) 9.1: join --help",
};

pub const COMM: Program = Program {
    names: &["comm"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("1", "1", &[]),
            flag("2", "2", &[]),
            flag("3", "3", &[]),
            flag("check-order", "", &["check-order"]),
            flag("nocheck-order", "", &["nocheck-order"]),
            value("output-delimiter", "", &["output-delimiter"]),
            flag("total", "", &["total"]),
            flag("zero-terminated", "z", &["zero-terminated"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![
        (Read, "comm -12 a b"),
        (Read, "comm -3 <(sort a) <(sort b)"),
    ],
    manual: "comm (GNU coreutils) 9.1: comm --help",
};

pub const FOLD: Program = Program {
    names: &["fold"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("bytes", "b", &["bytes"]),
            flag("spaces", "s", &["spaces"]),
            value("width", "w", &["width"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "fold -w 80 f")],
    manual: "fold (GNU coreutils) 9.1: fold --help",
};

pub const FMT: Program = Program {
    names: &["fmt"],
    syntax: Syntax::Grammar(Grammar {
        style: GNU_NUMERIC,
        options: &[
            flag("crown-margin", "c", &["crown-margin"]),
            value("prefix", "p", &["prefix"]),
            flag("split-only", "s", &["split-only"]),
            flag("tagged-paragraph", "t", &["tagged-paragraph"]),
            flag("uniform-spacing", "u", &["uniform-spacing"]),
            value("width", "w", &["width"]),
            value("goal", "g", &["goal"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "fmt -w 72 README.md"), (Read, "fmt -60 f")],
    manual: "fmt (GNU coreutils) 9.1: fmt --help",
};

pub const REV: Program = Program {
    names: &["rev"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("help", "h", &["help"]),
            flag("version", "V", &["version"]),
            flag("zero", "0", &["zero"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "rev f"), (Read, "echo abc | rev")],
    manual: "rev (util-linux 2.38.1): rev --help",
};

pub const EXPAND: Program = Program {
    names: &["expand"],
    syntax: Syntax::Grammar(Grammar {
        style: GNU_NUMERIC,
        options: &[
            flag("initial", "i", &["initial"]),
            value("tabs", "t", &["tabs"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "expand -t 4 src/main.rs")],
    manual: "expand (GNU coreutils) 9.1: expand --help",
};

pub const UNEXPAND: Program = Program {
    names: &["unexpand"],
    syntax: Syntax::Grammar(Grammar {
        style: GNU_NUMERIC,
        options: &[
            flag("all", "a", &["all"]),
            flag("first-only", "", &["first-only"]),
            value("tabs", "t", &["tabs"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "unexpand -a f")],
    manual: "unexpand (GNU coreutils) 9.1: unexpand --help",
};

pub const OD: Program = Program {
    names: &["od"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("address-radix", "A", &["address-radix"]),
            value("endian", "", &["endian"]),
            value("skip-bytes", "j", &["skip-bytes"]),
            value("read-bytes", "N", &["read-bytes"]),
            value("S", "S", &[]),
            attached("strings", "", &["strings"]),
            value("format", "t", &["format"]),
            flag("output-duplicates", "v", &["output-duplicates"]),
            attached("width", "w", &["width"]),
            flag("traditional", "", &["traditional"]),
            flag("letters", "aBbcDdeFfHhIiLlOosXx", &[]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "od -c f"), (Read, "od -An -tx1 -N16 f")],
    manual: "od (GNU coreutils) 9.1: od --help",
};

pub const HEXDUMP: Program = Program {
    names: &["hexdump", "hd"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("one-byte-octal", "b", &["one-byte-octal"]),
            flag("one-byte-hex", "X", &["one-byte-hex"]),
            flag("one-byte-char", "c", &["one-byte-char"]),
            flag("canonical", "C", &["canonical"]),
            flag("two-bytes-decimal", "d", &["two-bytes-decimal"]),
            flag("two-bytes-octal", "o", &["two-bytes-octal"]),
            flag("two-bytes-hex", "x", &["two-bytes-hex"]),
            attached("color", "L", &["color"]),
            value("format", "e", &["format"]),
            value("format-file", "f", &["format-file"]),
            value("length", "n", &["length"]),
            value("skip", "s", &["skip"]),
            flag("no-squeezing", "v", &["no-squeezing"]),
            flag("help", "h", &["help"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: hexdump,
    examples: examples![
        (Read, "hexdump -C f | head"),
        (Secret, "hexdump -f ~/.ssh/id_rsa x"),
    ],
    manual: "hexdump (util-linux 2.38.1): hexdump --help",
};

fn hexdump(r: &mut Reader, run: &Run, scope: &mut Scope) {
    filter(r, run, scope, &["format-file"], 0, "prints what it reads");
}

pub const STRINGS: Program = Program {
    names: &["strings"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("all", "a", &["all"]),
            flag("data", "d", &["data"]),
            flag("print-file-name", "f", &["print-file-name"]),
            value("bytes", "n", &["bytes"]),
            flag("digits", "0123456789", &[]),
            value("radix", "t", &["radix"]),
            flag("include-all-whitespace", "w", &["include-all-whitespace"]),
            flag("o", "o", &[]),
            value("target", "T", &["target"]),
            value("encoding", "e", &["encoding"]),
            value("unicode", "U", &["unicode"]),
            value("output-separator", "s", &["output-separator"]),
            flag("help", "h", &["help"]),
            flag("version", "vV", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: strings,
    examples: examples![
        (Read, "strings -n 8 target/debug/app | head"),
        (Read, "strings @opts bin"),
    ],
    manual: "strings (GNU binutils 2.40): strings --help",
};

/// strings reads options from `@FILE` (binutils' response files); it has no
/// option that writes or runs anything, so whatever the file says, it reads.
fn strings(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    for (_, arg) in &run.parsed.operands {
        match arg.text().and_then(|t| t.strip_prefix('@')) {
            Some(file) => r.reads_file(&literal(file), scope, &shown),
            None => r.reads_file(arg, scope, &shown),
        }
    }
    r.note(
        Read,
        format!("{shown} prints the printable strings it reads"),
    );
}

pub const COLUMN: Program = Program {
    names: &["column"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("table", "t", &["table"]),
            value("table-name", "n", &["table-name"]),
            value("table-order", "O", &["table-order"]),
            value("table-columns", "N", &["table-columns"]),
            value("table-columns-limit", "l", &["table-columns-limit"]),
            value("table-noextreme", "E", &["table-noextreme"]),
            flag("table-noheadings", "d", &["table-noheadings"]),
            flag("table-header-repeat", "e", &["table-header-repeat"]),
            value("table-hide", "H", &["table-hide"]),
            value("table-right", "R", &["table-right"]),
            value("table-truncate", "T", &["table-truncate"]),
            value("table-wrap", "W", &["table-wrap"]),
            flag("keep-empty-lines", "L", &["keep-empty-lines"]),
            flag("json", "J", &["json"]),
            value("tree", "r", &["tree"]),
            value("tree-id", "i", &["tree-id"]),
            value("tree-parent", "p", &["tree-parent"]),
            value("output-width", "c", &["output-width"]),
            value("output-separator", "o", &["output-separator"]),
            value("separator", "s", &["separator"]),
            flag("fillrows", "x", &["fillrows"]),
            flag("help", "h", &["help"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![
        (Read, "column -t -s, data.csv"),
        (Read, "cat /etc/fstab | column -t"),
    ],
    manual: "column (util-linux 2.38.1): column --help",
};

// ---------------------------------------------------------------------------
// Filters that can write a file or run a program.

pub const SORT: Program = Program {
    names: &["sort"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("ignore-leading-blanks", "b", &["ignore-leading-blanks"]),
            flag("dictionary-order", "d", &["dictionary-order"]),
            flag("ignore-case", "f", &["ignore-case"]),
            flag("general-numeric-sort", "g", &["general-numeric-sort"]),
            flag("ignore-nonprinting", "i", &["ignore-nonprinting"]),
            flag("month-sort", "M", &["month-sort"]),
            flag("human-numeric-sort", "h", &["human-numeric-sort"]),
            flag("numeric-sort", "n", &["numeric-sort"]),
            flag("random-sort", "R", &["random-sort"]),
            value("random-source", "", &["random-source"]),
            flag("reverse", "r", &["reverse"]),
            value("sort", "", &["sort"]),
            flag("version-sort", "V", &["version-sort"]),
            value("batch-size", "", &["batch-size"]),
            flag("c", "c", &[]),
            flag("C", "C", &[]),
            attached("check", "", &["check"]),
            value("compress-program", "", &["compress-program"]),
            flag("debug", "", &["debug"]),
            value("files0-from", "", &["files0-from"]),
            value("key", "k", &["key"]),
            flag("merge", "m", &["merge"]),
            value("output", "o", &["output"]),
            flag("stable", "s", &["stable"]),
            value("buffer-size", "S", &["buffer-size"]),
            value("field-separator", "t", &["field-separator"]),
            value("temporary-directory", "T", &["temporary-directory"]),
            value("parallel", "", &["parallel"]),
            flag("unique", "u", &["unique"]),
            flag("zero-terminated", "z", &["zero-terminated"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: sort,
    examples: examples![
        (Read, "sort -u names.txt"),
        (Read, "sort -t: -k3,3n /etc/passwd"),
        (Read, "du -sh * | sort -h"),
        (TargetWrite, "sort -o names.txt names.txt"),
        (TargetWrite, "sort -uo out.txt in.txt"),
        (Destructive, "sort -o../../.wicket/trail.jsonl x"),
        (Destructive, "sort --outp=../../repo.git/config x"),
        (Destructive, "sort x --output ../../repo.git/HEAD"),
        (Destructive, "sort -o /etc/hostname x"),
        (OpenWorld, "sort -o /tmp/sorted x"),
        (Destructive, "sort -T ../../.wicket x"),
        (TargetWrite, "sort -T target/tmp big.txt"),
        (Opaque, "sort --compress-program=sh x"),
        (Read, "sort --compress-program=gzip x"),
        (Secret, "sort ~/.aws/credentials"),
        (Opaque, "sort --bogus x"),
    ],
    manual: "sort (GNU coreutils) 9.1: sort --help",
};

fn sort(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    filter(
        r,
        run,
        scope,
        &["files0-from", "random-source"],
        0,
        "sorts what it reads",
    );
    if let Some(out) = p.last("output") {
        output(r, out, scope, &shown);
    }
    for dir in p.values("temporary-directory") {
        // Temporary files are created in it and removed.
        let file = under(dir, "sortXXXXXX");
        if dir
            .text()
            .is_some_and(|d| d.trim_end_matches('/') == "/tmp")
        {
            continue;
        }
        r.change(&file, scope, Change::Write, Reach::Path, &shown);
    }
    if let Some(program) = p.last("compress-program") {
        // Run as `PROG` and `PROG -d`, through pipes.
        runs(r, vec![program.clone()], Stdin::Fed, scope);
    }
}

/// `dir/name`, keeping what is known of `dir`.
pub(super) fn under(dir: &Arg, name: &str) -> Arg {
    let join = |d: &str| format!("{}/{name}", d.trim_end_matches('/'));
    Arg {
        values: dir
            .values
            .as_ref()
            .map(|vs| vs.iter().map(|v| join(v)).collect()),
        glob: dir.glob,
        shown: join(&dir.shown),
    }
}

/// `prefix*`: every name that starts with a prefix (split's pieces, patch's
/// backups), as a pattern placed where the prefix is.
pub(super) fn starting_with(prefix: &Arg) -> Arg {
    Arg {
        values: prefix
            .values
            .as_ref()
            .map(|vs| vs.iter().map(|v| format!("{v}*")).collect()),
        glob: true,
        shown: format!("{}*", prefix.shown),
    }
}

pub const UNIQ: Program = Program {
    names: &["uniq"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("count", "c", &["count"]),
            flag("repeated", "d", &["repeated"]),
            flag("D", "D", &[]),
            attached("all-repeated", "", &["all-repeated"]),
            value("skip-fields", "f", &["skip-fields"]),
            attached("group", "", &["group"]),
            flag("ignore-case", "i", &["ignore-case"]),
            value("skip-chars", "s", &["skip-chars"]),
            flag("unique", "u", &["unique"]),
            flag("zero-terminated", "z", &["zero-terminated"]),
            value("check-chars", "w", &["check-chars"]),
            // Obsolete `-N`: skip N fields.
            flag("fields", "0123456789", &[]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: uniq,
    examples: examples![
        (Read, "sort x | uniq -c"),
        (Read, "uniq -c counts.txt"),
        (TargetWrite, "uniq a b"),
        (Destructive, "uniq a ../../.wicket/trail.jsonl"),
        (Destructive, "uniq -c -- a {ws}/repo.git/config"),
        (Destructive, "uniq -2 a ../../repo.git/HEAD"),
        (Read, "uniq - -"),
        (Read, "uniq a b c"),
        (Destructive, "uniq +0 a ../../repo.git/config"),
    ],
    manual: "uniq (GNU coreutils) 9.1: uniq --help",
};

fn uniq(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    // GNU uniq takes `+N` (digits only) as the obsolete "skip N
    // characters", not a file, unless POSIXLY_CORRECT is set (`uniq +0 a
    // b` wrote b; verified). With it possibly set, either may be.
    let obsolete = |arg: &Arg| {
        arg.text()
            .and_then(|t| t.strip_prefix('+'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    let all = run.parsed.operand_args();
    if scope.vars.contains_key("POSIXLY_CORRECT") && all.iter().any(obsolete) {
        r.note(
            Opaque,
            format!("{shown}: with POSIXLY_CORRECT set, uniq may read `+N` as a file rather than an option"),
        );
        return;
    }
    let operands: Vec<Arg> = all.into_iter().filter(|a| !obsolete(a)).collect();
    if operands.len() > 2 {
        r.note(
            Read,
            format!("{shown}: uniq refuses a third operand and does nothing"),
        );
        return;
    }
    if let Some(input) = operands.first() {
        r.reads_file(input, scope, &shown);
    }
    // The second operand is where the output goes.
    if let Some(out) = operands.get(1) {
        output(r, out, scope, &shown);
    }
    r.note(Read, format!("{shown} filters repeated lines"));
}

pub const SPLIT: Program = Program {
    names: &["split"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("suffix-length", "a", &["suffix-length"]),
            value("additional-suffix", "", &["additional-suffix"]),
            value("bytes", "b", &["bytes"]),
            value("line-bytes", "C", &["line-bytes"]),
            flag("d", "d", &[]),
            attached("numeric-suffixes", "", &["numeric-suffixes"]),
            flag("x", "x", &[]),
            attached("hex-suffixes", "", &["hex-suffixes"]),
            flag("elide-empty-files", "e", &["elide-empty-files"]),
            value("filter", "", &["filter"]),
            value("lines", "l", &["lines"]),
            value("number", "n", &["number"]),
            value("separator", "t", &["separator"]),
            flag("unbuffered", "u", &["unbuffered"]),
            flag("verbose", "", &["verbose"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: split,
    examples: examples![
        (TargetWrite, "split -l 1000 big.csv part_"),
        (TargetWrite, "split big.csv"),
        (Destructive, "split big.csv ../../.wicket/x"),
        (Destructive, "split -b1k f ../../repo.gi"),
        (OpenWorld, "split -n 4 f /tmp/part"),
        (
            TargetWrite,
            "split -l 10 --filter='cat > $FILE.txt' f out/p",
        ),
        (Destructive, "split --filter='rm -rf /etc' f"),
        (Opaque, "split --filter=\"$CMD\" f"),
    ],
    manual: "split (GNU coreutils) 9.1: split --help",
};

fn split(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let operands = p.operand_args();
    if let Some(input) = operands.first() {
        r.reads_file(input, scope, &shown);
    }
    let prefix = operands.get(1).cloned().unwrap_or_else(|| literal("x"));
    let pieces = match p.last("additional-suffix") {
        None => starting_with(&prefix),
        Some(extra) => made_names(&prefix, extra.text().map(|t| format!("*{t}"))),
    };
    if let Some(filter) = p.last("filter") {
        // Each piece goes to `sh -c FILTER` with $FILE set to its name.
        let mut inner = scope.clone();
        inner.vars.insert(
            "FILE".into(),
            pieces.values.clone().filter(|v| v.len() == 1),
        );
        match filter.text() {
            Some(text) => r.read_text(text, &mut inner),
            None => r.note(
                Opaque,
                format!("{shown} runs a filter only known when it runs"),
            ),
        }
    } else {
        r.change(&pieces, scope, Change::Write, Reach::Path, &shown);
    }
    r.note(Read, format!("{shown} splits what it reads"));
}

pub const CSPLIT: Program = Program {
    names: &["csplit"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("suffix-format", "b", &["suffix-format"]),
            value("prefix", "f", &["prefix"]),
            flag("keep-files", "k", &["keep-files"]),
            flag("suppress-matched", "", &["suppress-matched"]),
            value("digits", "n", &["digits"]),
            flag("quiet", "s", &["quiet", "silent"]),
            flag("elide-empty-files", "z", &["elide-empty-files"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: csplit,
    examples: examples![
        (TargetWrite, "csplit -f part_ f '/^## /' '{*}'"),
        (Destructive, "csplit --pref=../../.wicket/ f 3"),
    ],
    manual: "csplit (GNU coreutils) 9.1: csplit --help",
};

fn csplit(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    if let Some(input) = run.parsed.operand_args().first() {
        r.reads_file(input, scope, &shown);
    }
    let prefix = run
        .parsed
        .last("prefix")
        .cloned()
        .unwrap_or_else(|| literal("xx"));
    // Each piece is PREFIX and the suffix format filled with its number
    // (`-b '%.0dt'` fills piece 0 with `t`): a conversion may give any
    // digits, or none.
    let pieces = match run.parsed.last("suffix-format") {
        None => starting_with(&prefix),
        Some(format) => made_names(&prefix, format.text().map(printf_pattern)),
    };
    r.change(&pieces, scope, Change::Write, Reach::Path, &shown);
}

/// A printf format as the pattern of what it may print: each conversion
/// (`%02d`, `%.0x`) may be any text, `%%` is `%`.
fn printf_pattern(format: &str) -> String {
    let mut out = String::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            if matches!(c, '*' | '?' | '[' | ']' | '\\') {
                out.push('\\');
            }
            out.push(c);
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            out.push('%');
            continue;
        }
        // Flags, width and precision, up to the conversion's letter.
        for c in chars.by_ref() {
            if c.is_ascii_alphabetic() {
                break;
            }
        }
        if !out.ends_with('*') {
            out.push('*');
        }
    }
    out
}

/// The names a program makes from PREFIX and a suffix pattern: unknown
/// when either is.
fn made_names(prefix: &Arg, suffix: Option<String>) -> Arg {
    let Some(suffix) = suffix else {
        return Arg {
            values: None,
            glob: false,
            shown: format!("{}…", prefix.shown),
        };
    };
    Arg {
        values: prefix
            .values
            .as_ref()
            .map(|vs| vs.iter().map(|v| format!("{v}{suffix}")).collect()),
        glob: true,
        shown: format!("{}{suffix}", prefix.shown),
    }
}

pub const ICONV: Program = Program {
    names: &["iconv"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("from-code", "f", &["from-code"]),
            value("to-code", "t", &["to-code"]),
            flag("list", "l", &["list"]),
            flag("c", "c", &[]),
            value("output", "o", &["output"]),
            flag("silent", "s", &["silent"]),
            flag("verbose", "", &["verbose"]),
            flag("help", "?", &["help"]),
            flag("usage", "", &["usage"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: iconv,
    examples: examples![
        (Read, "iconv -f latin1 -t utf-8 f"),
        (TargetWrite, "iconv -f latin1 -t utf-8 -o out.txt f"),
        (Destructive, "iconv -t ascii --out=../../repo.git/config f"),
        (Read, "iconv -l"),
    ],
    manual: "iconv (GNU libc 2.36): iconv --help",
};

fn iconv(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if run.parsed.has("usage") {
        r.note(Read, format!("{} prints its usage", run.shown()));
        return;
    }
    filter(r, run, scope, &[], 0, "converts what it reads");
    if let Some(out) = run.parsed.last("output") {
        output(r, out, scope, &run.shown());
    }
}

pub(super) const DIFF_GRAMMAR: Grammar = Grammar {
    style: GNU_NUMERIC,
    options: &[
        flag("normal", "", &["normal"]),
        flag("brief", "q", &["brief"]),
        flag("report-identical-files", "s", &["report-identical-files"]),
        flag("c", "c", &[]),
        value("C", "C", &[]),
        attached("context", "", &["context"]),
        flag("u", "u", &[]),
        value("U", "U", &[]),
        attached("unified", "", &["unified"]),
        flag("ed", "e", &["ed"]),
        flag("rcs", "n", &["rcs"]),
        flag("side-by-side", "y", &["side-by-side"]),
        value("width", "W", &["width"]),
        flag("left-column", "", &["left-column"]),
        flag("suppress-common-lines", "", &["suppress-common-lines"]),
        flag("show-c-function", "p", &["show-c-function"]),
        value("show-function-line", "F", &["show-function-line"]),
        value("label", "L", &["label"]),
        flag("expand-tabs", "t", &["expand-tabs"]),
        flag("initial-tab", "T", &["initial-tab"]),
        value("tabsize", "", &["tabsize"]),
        flag("suppress-blank-empty", "", &["suppress-blank-empty"]),
        flag("paginate", "l", &["paginate"]),
        flag("recursive", "r", &["recursive"]),
        flag("no-dereference", "", &["no-dereference"]),
        flag("new-file", "N", &["new-file"]),
        flag("unidirectional-new-file", "", &["unidirectional-new-file"]),
        flag("ignore-file-name-case", "", &["ignore-file-name-case"]),
        flag(
            "no-ignore-file-name-case",
            "",
            &["no-ignore-file-name-case"],
        ),
        value("exclude", "x", &["exclude"]),
        value("exclude-from", "X", &["exclude-from"]),
        value("starting-file", "S", &["starting-file"]),
        value("from-file", "", &["from-file"]),
        value("to-file", "", &["to-file"]),
        flag("ignore-case", "i", &["ignore-case"]),
        flag("ignore-tab-expansion", "E", &["ignore-tab-expansion"]),
        flag("ignore-trailing-space", "Z", &["ignore-trailing-space"]),
        flag("ignore-space-change", "b", &["ignore-space-change"]),
        flag("ignore-all-space", "w", &["ignore-all-space"]),
        flag("ignore-blank-lines", "B", &["ignore-blank-lines"]),
        value("ignore-matching-lines", "I", &["ignore-matching-lines"]),
        flag("text", "a", &["text"]),
        flag("strip-trailing-cr", "", &["strip-trailing-cr"]),
        value("ifdef", "D", &["ifdef"]),
        value("old-group-format", "", &["old-group-format"]),
        value("new-group-format", "", &["new-group-format"]),
        value("unchanged-group-format", "", &["unchanged-group-format"]),
        value("changed-group-format", "", &["changed-group-format"]),
        value("line-format", "", &["line-format"]),
        // How diff's help writes the four group and three line formats.
        value("GTYPE-group-format", "", &["GTYPE-group-format"]),
        value("LTYPE-line-format", "", &["LTYPE-line-format"]),
        value("old-line-format", "", &["old-line-format"]),
        value("new-line-format", "", &["new-line-format"]),
        value("unchanged-line-format", "", &["unchanged-line-format"]),
        flag("minimal", "d", &["minimal"]),
        value("horizon-lines", "", &["horizon-lines"]),
        flag("speed-large-files", "H", &["speed-large-files"]),
        attached("color", "", &["color"]),
        value("palette", "", &["palette"]),
        flag("binary", "", &["binary"]),
        HELP,
        flag("version", "v", &["version"]),
    ],
};

pub const DIFF: Program = Program {
    names: &["diff"],
    // None of its options writes or runs: see `parse_reader`.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: diff_diff,
    examples: examples![
        (Read, "diff -u a b"),
        (Read, "diff -ru src ../other/src"),
        (Read, "diff <(sort a) <(sort b)"),
        (Read, "diff --to-file=b a c"),
        (Read, "diff -U3 --label a --label b x y"),
        (Secret, "diff -r ~ /tmp/x"),
        (Secret, "diff --from-file ~/.ssh/id_rsa x"),
        (Opaque, "diff --bogus a b"),
    ],
    manual: "diff (GNU diffutils) 3.8: diff --help",
};

fn diff(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let mut files: Vec<Arg> = p.operand_args();
    files.extend(p.values("from-file").cloned());
    files.extend(p.values("to-file").cloned());
    read_each(r, p.values("exclude-from"), scope, &shown);
    for file in &files {
        if p.has("recursive") {
            r.reads_tree(file, scope, &shown);
        } else {
            r.reads_file(file, scope, &shown);
        }
    }
    r.note(Read, format!("{shown} compares what it reads"));
}

pub const SDIFF: Program = Program {
    names: &["sdiff"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("output", "o", &["output"]),
            flag("ignore-case", "i", &["ignore-case"]),
            flag("ignore-tab-expansion", "E", &["ignore-tab-expansion"]),
            flag("ignore-trailing-space", "Z", &["ignore-trailing-space"]),
            flag("ignore-space-change", "b", &["ignore-space-change"]),
            flag("ignore-all-space", "W", &["ignore-all-space"]),
            flag("ignore-blank-lines", "B", &["ignore-blank-lines"]),
            value("ignore-matching-lines", "I", &["ignore-matching-lines"]),
            flag("strip-trailing-cr", "", &["strip-trailing-cr"]),
            flag("text", "a", &["text"]),
            value("width", "w", &["width"]),
            flag("left-column", "l", &["left-column"]),
            flag("suppress-common-lines", "s", &["suppress-common-lines"]),
            flag("expand-tabs", "t", &["expand-tabs"]),
            value("tabsize", "", &["tabsize"]),
            flag("minimal", "d", &["minimal"]),
            flag("speed-large-files", "H", &["speed-large-files"]),
            value("diff-program", "", &["diff-program"]),
            HELP,
            flag("version", "v", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: sdiff,
    examples: examples![
        (Read, "sdiff -s a b"),
        (Opaque, "sdiff -o merged a b"),
        (Destructive, "sdiff --diff-program='rm -rf /etc' a b"),
        (Read, "sdiff --diff-program=diff a b"),
    ],
    manual: "sdiff (GNU diffutils) 3.8: sdiff --help",
};

fn sdiff(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    read_each(r, p.operands.iter().map(|(_, a)| a), scope, &shown);
    if let Some(program) = p.last("diff-program") {
        // Run as a program name (split on blanks by sdiff itself), not through a shell.
        match program.text() {
            Some(text) => {
                let mut argv: Vec<Arg> = text.split_whitespace().map(literal).collect();
                argv.extend(p.operand_args());
                runs(r, argv, Stdin::Inherited, scope);
            }
            None => r.note(
                Opaque,
                format!("{shown} runs a diff program only known when it runs"),
            ),
        }
    }
    if p.has("output") {
        // The merge is interactive: commands come from standard input, and
        // one of them runs an editor named by the environment.
        r.note(
            Opaque,
            format!(
                "{shown} merges interactively, taking commands (one runs an editor) from its input"
            ),
        );
    }
    r.note(Read, format!("{shown} compares what it reads"));
}

pub const CMP: Program = Program {
    names: &["cmp"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("print-bytes", "b", &["print-bytes"]),
            value("ignore-initial", "i", &["ignore-initial"]),
            flag("verbose", "l", &["verbose"]),
            value("bytes", "n", &["bytes"]),
            flag("quiet", "s", &["quiet", "silent"]),
            HELP,
            flag("version", "v", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "cmp -s a b"), (Read, "cmp -l a b | wc -l")],
    manual: "cmp (GNU diffutils) 3.8: cmp --help",
};

pub const PATCH: Program = Program {
    names: &["patch"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("context", "c", &["context"]),
            flag("ed", "e", &["ed"]),
            flag("normal", "n", &["normal"]),
            flag("unified", "u", &["unified"]),
            flag("no-backup-if-mismatch", "", &["no-backup-if-mismatch"]),
            flag("backup-if-mismatch", "", &["backup-if-mismatch"]),
            flag("backup", "b", &["backup"]),
            value("prefix", "B", &["prefix"]),
            value("basename-prefix", "Y", &["basename-prefix"]),
            value("suffix", "z", &["suffix"]),
            value("version-control", "V", &["version-control"]),
            flag("remove-empty-files", "E", &["remove-empty-files"]),
            value("fuzz", "F", &["fuzz"]),
            value("get", "g", &["get"]),
            value("input", "i", &["input"]),
            flag("ignore-whitespace", "l", &["ignore-whitespace"]),
            flag("forward", "N", &["forward"]),
            value("output", "o", &["output"]),
            value("strip", "p", &["strip"]),
            flag("reverse", "R", &["reverse"]),
            value("reject-file", "r", &["reject-file"]),
            flag("silent", "s", &["silent", "quiet"]),
            flag("batch", "t", &["batch"]),
            flag("force", "f", &["force"]),
            flag("set-time", "T", &["set-time"]),
            flag("set-utc", "Z", &["set-utc"]),
            value("ifdef", "D", &["ifdef"]),
            value("directory", "d", &["directory"]),
            flag("binary", "", &["binary"]),
            flag("posix", "", &["posix"]),
            flag("dry-run", "", &["dry-run"]),
            flag("verbose", "", &["verbose"]),
            attached("merge", "", &["merge"]),
            value("quoting-style", "", &["quoting-style"]),
            value("reject-format", "", &["reject-format"]),
            value("read-only", "", &["read-only"]),
            flag("follow-symlinks", "", &["follow-symlinks"]),
            value("debug", "x", &["debug"]),
            flag("help", "h", &["help"]),
            flag("version", "v", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: patch,
    examples: examples![
        (Opaque, "patch -p1 < fix.diff"),
        (Opaque, "patch -p1 -i ../x.patch"),
        (Opaque, "patch -p1 --input=/tmp/x.patch"),
        (Opaque, "git diff | patch -R -p1"),
        (TargetWrite, "patch src/main.rs fix.diff"),
        (Read, "patch --dry-run -p1 -i fix.diff"),
        (Destructive, "patch -d ../.. -p1 -i x.patch"),
        (Destructive, "patch --dir=../../repo.git -p0 < x"),
        (Destructive, "patch -p1 -B ../../.wicket/ < x.patch"),
        (Destructive, "patch -b -B ../../.wick -p1 < x.patch"),
        (Destructive, "patch -o ../../repo.git/config a x.patch"),
        (Destructive, "patch -r ../../.wicket/rej -p1 < x.patch"),
        (OpenWorld, "patch -d /srv/app -p1 < x.patch"),
        (Opaque, "patch --follow-symlinks -p1 < x.patch"),
        (Opaque, "patch -g1 -p1 < x.patch"),
        (Secret, "patch -i ~/.ssh/id_rsa"),
    ],
    manual: "GNU patch 2.7.6: patch --help",
};

/// GNU patch 2.7.6 writes the files its patch names beneath its working
/// directory (it refuses absolute names, `..` and symbolic links on the way
/// unless `--follow-symlinks`); `-d` changes that directory first, and every
/// other path it names is read from there.
fn patch(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let mut here = scope.clone();
    if let Some(dir) = p.last("directory") {
        here.cwd = directory(r, dir, scope);
    }
    let operands = p.operand_args();
    let input = p
        .last("input")
        .cloned()
        .or_else(|| operands.get(1).cloned());
    if let Some(input) = &input {
        r.reads_file(input, &here, &shown);
    }
    if p.has("follow-symlinks") {
        r.note(
            Opaque,
            format!("{shown} follows symbolic links the patch's file names pass through, to places only the patch says"),
        );
    }
    if p.last("get")
        .and_then(Arg::text)
        .is_some_and(|g| g.parse::<i64>().map_or(true, |n| n > 0))
    {
        r.note(
            Opaque,
            format!("{shown} checks files out of RCS, SCCS or Perforce with commands built from the patch's names"),
        );
    }
    if p.has("dry-run") {
        r.note(Read, format!("{shown} only reports what it would change"));
        return;
    }
    match p.last("output") {
        Some(out) => output(r, out, &here, &shown),
        None => match operands.first() {
            Some(file) => {
                r.change(file, &here, Change::Write, Reach::Path, &shown);
                // A git diff's `new file mode 120000` makes FILE a symbolic
                // link whose text is in the patch (`patch up p.diff && echo
                // x >> up/config` wrote the repository's config; verified
                // under dash): what lies through it is not known.
                if let Some(text) = file.text() {
                    r.made_link(text, None, &here);
                }
            }
            None => {
                // The files the patch names, beneath the working directory:
                // names wicket does not see, `.git` among them (a diff
                // adding `src/sub/.git` reading `gitdir: /tmp/g` made a
                // nested repository whose core.fsmonitor the harness's next
                // `git status` ran; verified under dash).
                r.fills_with_unseen(&literal("."), &here, Change::Write, false, &shown);
            }
        },
    }
    if let Some(rej) = p.last("reject-file") {
        output(r, rej, &here, &shown);
    }
    for key in ["prefix", "basename-prefix"] {
        if let Some(prefix) = p.last(key) {
            r.change(
                &starting_with(prefix),
                &here,
                Change::Write,
                Reach::Path,
                &shown,
            );
        }
    }
    if p.last("suffix")
        .and_then(Arg::text)
        .map_or(p.has("suffix"), |s| s.contains('/'))
    {
        r.note(
            Opaque,
            format!("{shown} names its backups with a suffix that is a path"),
        );
    }
    // The file patched is kept as FILE plus the suffix (`-z`, else
    // SIMPLE_BACKUP_SUFFIX, else `.orig`), with -b or when a hunk does not
    // apply cleanly: `patch -b -z t sub/.gi p.diff` kept `sub/.gi` as
    // `sub/.git` (verified under dash).
    if let (None, Some(file)) = (p.last("output"), operands.first()) {
        let suffix = match p.last("suffix") {
            Some(value) => value.text().map(str::to_owned),
            None => match super::transfer::env_var(scope, "SIMPLE_BACKUP_SUFFIX") {
                Some(value) => value,
                None => Some(".orig".into()),
            },
        };
        match suffix {
            Some(suffix) => {
                let backup = file.with_suffix(&suffix);
                r.change(&backup, &here, Change::Overwrite, Reach::Path, &shown);
            }
            None => r.note(
                Opaque,
                format!("{shown} names its backups with a suffix only known when it runs"),
            ),
        }
    }
}

pub const BASE64: Program = Program {
    names: &["base64", "base32"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("decode", "d", &["decode"]),
            flag("ignore-garbage", "i", &["ignore-garbage"]),
            value("wrap", "w", &["wrap"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![
        (Read, "base64 -w0 f"),
        (Read, "echo aGk= | base64 -d"),
        (Secret, "base64 ~/.ssh/id_ed25519"),
    ],
    manual: "base64, base32 (GNU coreutils) 9.1: --help",
};

pub const BASENC: Program = Program {
    names: &["basenc"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("base64", "", &["base64"]),
            flag("base64url", "", &["base64url"]),
            flag("base32", "", &["base32"]),
            flag("base32hex", "", &["base32hex"]),
            flag("base16", "", &["base16"]),
            flag("base2msbf", "", &["base2msbf"]),
            flag("base2lsbf", "", &["base2lsbf"]),
            flag("decode", "d", &["decode"]),
            flag("ignore-garbage", "i", &["ignore-garbage"]),
            value("wrap", "w", &["wrap"]),
            flag("z85", "", &["z85"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: prints_files,
    examples: examples![(Read, "basenc --base16 f")],
    manual: "basenc (GNU coreutils) 9.1: basenc --help",
};

const SUM_OPTIONS: [Opt; 11] = [
    flag("binary", "b", &["binary"]),
    flag("check", "c", &["check"]),
    flag("tag", "", &["tag"]),
    flag("text", "t", &["text"]),
    flag("zero", "z", &["zero"]),
    flag("ignore-missing", "", &["ignore-missing"]),
    flag("quiet", "", &["quiet"]),
    flag("status", "", &["status"]),
    flag("strict", "", &["strict"]),
    flag("warn", "w", &["warn"]),
    HELP,
];

pub const SUMS: Program = Program {
    names: &[
        "md5sum",
        "sha1sum",
        "sha224sum",
        "sha256sum",
        "sha384sum",
        "sha512sum",
    ],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            SUM_OPTIONS[0],
            SUM_OPTIONS[1],
            SUM_OPTIONS[2],
            SUM_OPTIONS[3],
            SUM_OPTIONS[4],
            SUM_OPTIONS[5],
            SUM_OPTIONS[6],
            SUM_OPTIONS[7],
            SUM_OPTIONS[8],
            SUM_OPTIONS[9],
            SUM_OPTIONS[10],
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: sums,
    examples: examples![
        (Read, "sha256sum target/release/app"),
        (Read, "sha256sum -c SHA256SUMS"),
        (Read, "md5sum --check --quiet sums.txt"),
        (Secret, "md5sum ~/.netrc"),
    ],
    manual: "md5sum, sha*sum (GNU coreutils) 9.1: --help",
};

/// Checksums: operands are read; with `-c` they are lists, and the files the
/// lists name are read too (their digests only are printed).
fn sums(r: &mut Reader, run: &Run, scope: &mut Scope) {
    filter(r, run, scope, &[], 0, "prints checksums of what it reads");
}

pub const B2SUM: Program = Program {
    names: &["b2sum"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            SUM_OPTIONS[0],
            SUM_OPTIONS[1],
            value("length", "l", &["length"]),
            SUM_OPTIONS[2],
            SUM_OPTIONS[3],
            SUM_OPTIONS[4],
            SUM_OPTIONS[5],
            SUM_OPTIONS[6],
            SUM_OPTIONS[7],
            SUM_OPTIONS[8],
            SUM_OPTIONS[9],
            SUM_OPTIONS[10],
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: sums,
    examples: examples![(Read, "b2sum -l 256 f")],
    manual: "b2sum (GNU coreutils) 9.1: b2sum --help",
};

pub const CKSUM: Program = Program {
    names: &["cksum"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("algorithm", "a", &["algorithm"]),
            flag("base64", "", &["base64"]),
            flag("check", "c", &["check"]),
            value("length", "l", &["length"]),
            flag("raw", "", &["raw"]),
            flag("tag", "", &["tag"]),
            flag("untagged", "", &["untagged"]),
            flag("zero", "z", &["zero"]),
            flag("ignore-missing", "", &["ignore-missing"]),
            flag("quiet", "", &["quiet"]),
            flag("status", "", &["status"]),
            flag("strict", "", &["strict"]),
            flag("warn", "w", &["warn"]),
            flag("debug", "", &["debug"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: sums,
    examples: examples![(Read, "cksum -a sha256 f")],
    manual: "cksum (GNU coreutils) 9.1: cksum --help",
};

// ---------------------------------------------------------------------------
// xxd: a dump, or with -r a patch of its output file.

pub const XXD: Program = Program {
    names: &["xxd"],
    // xxd compares only the first two letters of most options (`-revert`,
    // `-rfoo` and `--r` are all `-r`), takes `-c 8`, `-c8` and `-cols 8`,
    // and stops at the first operand.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: xxd,
    examples: examples![
        (Read, "xxd f | head"),
        (Read, "xxd -l 64 -c 16 f"),
        (Read, "xxd -ps f"),
        (TargetWrite, "xxd f out.hex"),
        (TargetWrite, "xxd -r dump.hex bin"),
        (Destructive, "xxd -r x ../../repo.git/config"),
        (Destructive, "xxd -revert x ../../.wicket/trail.jsonl"),
        (Destructive, "xxd --rev -s 0 x ../../repo.git/HEAD"),
        (Destructive, "xxd f {ws}/repo.git/packed-refs"),
        (Destructive, "xxd -c8 -- f ../../repo.git/HEAD"),
        (Read, "xxd a b c"),
        (Opaque, "xxd -Q f"),
        (Secret, "xxd ~/.ssh/id_rsa"),
    ],
    manual: "xxd 2022-01-14 (vim 9.0): xxd -h",
};

fn xxd(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut i = 0;
    let mut revert = false;
    while i < args.len() {
        let arg = &args[i];
        let Some(word) = arg.text() else {
            if could_be_option(arg) {
                r.note(
                    Opaque,
                    format!("{shown}: xxd's word `{}` is only known when it runs, and could be an option", arg.shown),
                );
                return;
            }
            break;
        };
        // `--x` is read as `-x`.
        let word = match word.strip_prefix('-') {
            Some(rest) if rest.starts_with('-') && rest.len() > 1 => rest,
            _ => word,
        };
        if word == "-" || !word.starts_with('-') {
            break;
        }
        if word == "--" {
            i += 1;
            break;
        }
        let two = &word[..word.len().min(2)];
        let rest = &word[two.len()..];
        // Options whose value follows: attached unless the rest spells the
        // whole name (xxd compares it whole: `-le` is `-l e`, `-len` is
        // `-l` and the next word; checked with xxd 2022-01-14).
        let takes = |names: &[&str]| !rest.is_empty() && names.iter().all(|n| *n != rest);
        match two {
            "-a" | "-b" | "-e" | "-u" | "-p" | "-i" | "-C" | "-d" | "-E" => {}
            "-r" => revert = true,
            "-v" | "-h" => {
                r.note(Read, format!("{shown} prints its version or usage"));
                return;
            }
            "-c" if rest.starts_with("apitalize") => {}
            "-c" | "-g" | "-o" | "-l" | "-n" | "-s" => {
                let long: &[&str] = match two {
                    "-c" => &["ols"],
                    "-g" => &["roupsize"],
                    "-o" => &["ffset"],
                    "-l" => &["en"],
                    "-n" => &["ame"],
                    _ => &["kip", "eek"],
                };
                if !takes(long) {
                    i += 1;
                    if i >= args.len() {
                        r.note(
                            Read,
                            format!("{shown}: xxd's {two} has no value, and xxd stops"),
                        );
                        return;
                    }
                }
            }
            _ => {
                r.note(
                    Opaque,
                    format!("{shown}: xxd's option `{word}` is not one wicket's description of xxd knows"),
                );
                return;
            }
        }
        i += 1;
    }
    let operands = &args[i.min(args.len())..];
    if operands.len() > 2 {
        r.note(
            Read,
            format!("{shown}: xxd refuses a third operand and does nothing"),
        );
        return;
    }
    if let Some(input) = operands.first() {
        r.reads_file(input, scope, &shown);
    }
    if let Some(out) = operands.get(1) {
        // Reverting patches the output file in place; dumping replaces it.
        let change = if revert {
            Change::Write
        } else {
            Change::Overwrite
        };
        r.change(out, scope, change, Reach::Path, &shown);
    }
    r.note(Read, format!("{shown} dumps what it reads"));
}

// ---------------------------------------------------------------------------
// dos2unix and unix2dos: in place by default.

pub const DOS2UNIX: Program = Program {
    names: &["dos2unix", "unix2dos", "mac2unix", "unix2mac"],
    // Its own parser: `-n IN OUT` pairs, `-o` back to in-place, long and
    // short spellings, no bundling.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: dos2unix,
    examples: examples![
        (TargetWrite, "dos2unix script.sh"),
        (TargetWrite, "unix2dos -k a.txt b.txt"),
        (TargetWrite, "dos2unix -n in.txt out.txt"),
        (Read, "dos2unix -i f"),
        (Read, "dos2unix < a > /dev/null"),
        (Read, "dos2unix -O f"),
        (Destructive, "dos2unix ../../repo.git/config"),
        (Destructive, "dos2unix -n a ../../.wicket/trail.jsonl"),
        (OpenWorld, "dos2unix /tmp/x.sh"),
        (Opaque, "dos2unix --bogus f"),
    ],
    manual: "dos2unix 7.4.3: dos2unix --help",
};

/// dos2unix 7.4.3's options: flags, and the three that take a value.
const DOS2UNIX_FLAGS: &[&str] = &[
    "-ascii",
    "-iso",
    "-7",
    "-437",
    "-850",
    "-860",
    "-863",
    "-865",
    "-1252",
    "-gb",
    "-b",
    "--keep-bom",
    "-e",
    "--add-eol",
    "--no-add-eol",
    "-f",
    "--force",
    "-F",
    "--follow-symlink",
    "-h",
    "--help",
    "-k",
    "--keepdate",
    "-L",
    "--license",
    "-l",
    "--newline",
    "-m",
    "--add-bom",
    "-q",
    "--quiet",
    "-r",
    "--remove-bom",
    "-R",
    "--replace-symlink",
    "-s",
    "--safe",
    "-S",
    "--skip-symlink",
    "-u",
    "--keep-utf16",
    "-ul",
    "--assume-utf16le",
    "-ub",
    "--assume-utf16be",
    "-v",
    "--verbose",
    "-V",
    "--version",
    "--allow-chown",
    "--no-allow-chown",
];

fn dos2unix(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut new_file = false;
    let mut to_stdout = false;
    let mut info = false;
    let mut pending: Option<Arg> = None;
    let mut i = 0;
    let mut options_done = false;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let word = arg.text();
        if !options_done {
            match word {
                None if could_be_option(arg) => {
                    r.note(
                        Opaque,
                        format!("{shown}: the word `{}` is only known when it runs, and could be an option", arg.shown),
                    );
                    return;
                }
                Some("--") => {
                    options_done = true;
                    continue;
                }
                Some("-n" | "--newfile") => {
                    new_file = true;
                    continue;
                }
                Some("-o" | "--oldfile") => {
                    new_file = false;
                    continue;
                }
                Some("-O" | "--to-stdout") => {
                    to_stdout = true;
                    continue;
                }
                Some(w)
                    if w == "-i"
                        || w.starts_with("--info")
                        || w.starts_with("-i")
                            && w.len() > 2
                            && w[2..].bytes().all(|b| b"0dumhtpbcsel".contains(&b)) =>
                {
                    info = true;
                    continue;
                }
                Some("-c" | "--convmode" | "-D" | "--display-enc") => {
                    i += 1;
                    continue;
                }
                Some("--gb18030") => continue,
                Some(w) if DOS2UNIX_FLAGS.contains(&w) => {
                    if matches!(w, "-h" | "--help" | "-V" | "--version" | "-L" | "--license") {
                        r.note(Read, format!("{shown} prints its help, version or license"));
                        return;
                    }
                    continue;
                }
                Some(w) if w.starts_with('-') && w.len() > 1 => {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: the option `{w}` is not one wicket's description of {} knows",
                            run.name
                        ),
                    );
                    return;
                }
                _ => {}
            }
        }
        // A file operand.
        if info || to_stdout {
            r.reads_file(arg, scope, &shown);
        } else if new_file {
            match pending.take() {
                None => pending = Some(arg.clone()),
                Some(input) => {
                    r.reads_file(&input, scope, &shown);
                    r.change(arg, scope, Change::Overwrite, Reach::Path, &shown);
                }
            }
        } else {
            r.change(arg, scope, Change::Write, Reach::Path, &shown);
        }
    }
    r.note(Read, format!("{shown} converts line endings"));
}

// ---------------------------------------------------------------------------
// envsubst: the environment into a template.

pub const ENVSUBST: Program = Program {
    names: &["envsubst"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("variables", "v", &["variables"]),
            flag("help", "h", &["help"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: envsubst,
    examples: examples![
        (TargetWrite, "envsubst '$HOME $USER' < tpl > out.txt"),
        (Read, "envsubst -v '$A $B'"),
        (Secret, "envsubst < deploy.tpl"),
        (Secret, "echo '$AWS_SECRET_ACCESS_KEY' | envsubst"),
        (Secret, "envsubst '$AWS_SECRET_ACCESS_KEY' < tpl"),
    ],
    manual: "envsubst (GNU gettext-runtime) 0.21: envsubst --help",
};

/// Names of variables that are no credential (what `echo $HOME` shows).
const PLAIN_VARIABLES: &[&str] = &[
    "HOME", "USER", "LOGNAME", "PATH", "PWD", "OLDPWD", "SHELL", "LANG", "LC_ALL", "TERM",
    "HOSTNAME", "TMPDIR", "EDITOR", "PAGER", "TZ", "UID", "CI", "VERSION",
];

/// Whether a variable name is one that holds no credential: it is plain or
/// says nothing of keys, tokens, secrets or passwords.
pub(super) fn plain_variable(name: &str) -> bool {
    if PLAIN_VARIABLES.contains(&name) {
        return true;
    }
    let upper = name.to_ascii_uppercase();
    ![
        "KEY", "TOKEN", "SECRET", "PASS", "PWD", "CRED", "AUTH", "SESSION", "COOKIE", "PRIVATE",
        "CERT", "SIGN",
    ]
    .iter()
    .any(|w| upper.contains(w))
}

fn envsubst(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    if run.parsed.has("variables") {
        r.note(Read, format!("{shown} lists the variables a format names"));
        return;
    }
    let Some(format) = run.parsed.operand_args().into_iter().next() else {
        r.guard(
            Secret,
            format!("{shown} substitutes whatever environment variables its unseen input names"),
        );
        return;
    };
    let Some(text) = format.text() else {
        r.guard(
            Secret,
            format!("{shown} substitutes environment variables named only when it runs"),
        );
        return;
    };
    let names: Vec<&str> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .filter_map(|w| w.strip_prefix('$'))
        .collect();
    if let Some(secret) = names.iter().find(|n| !plain_variable(n)) {
        r.guard(
            Secret,
            format!("{shown} prints the environment variable {secret}"),
        );
        return;
    }
    r.note(
        Read,
        format!("{shown} substitutes only {}", names.join(", ")),
    );
}

// ---------------------------------------------------------------------------
// Pagers and viewers. Without a terminal they copy their input out; the
// options that write or run are read all the same.

pub const LESS: Program = Program {
    names: &["less", "zless"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: less,
    examples: examples![
        (Read, "less README.md"),
        (Read, "less -R +G log.txt"),
        (Read, "less -N --chop-long-lines f"),
        (Read, "git log | less"),
        (Opaque, "less '+!rm -rf /etc' f"),
        (Opaque, "less '+|sh' f"),
        (Destructive, "ls | less -o ../../.wicket/log"),
        (Destructive, "ls | less --log-file=../../repo.git/config"),
        (Secret, "less ~/.ssh/id_rsa"),
        (Opaque, "less --bogus f"),
    ],
    manual: "less 590: less --help",
};

/// less 590's options that take a value (short letters, and long names).
const LESS_VALUES: &str = "bhjkoOpPtTxyz#";
const LESS_LONG_VALUES: &[&str] = &[
    "buffers",
    "max-back-scroll",
    "jump-target",
    "lesskey-file",
    "log-file",
    "LOG-FILE",
    "pattern",
    "prompt",
    "tag",
    "tag-file",
    "tabs",
    "max-forw-scroll",
    "window",
    "shift",
    "lesskey-src",
    "line-num-width",
    "status-col-width",
    "wheel-lines",
    "intr",
    "file-size",
    "rscroll",
    "color",
    "use-color",
    "mouse",
    "MOUSE",
    "redraw-on-quit",
    "header",
    "status-line",
    "save-marks",
    "incsearch",
    "exit-follow-on-close",
    "lesskey-content",
    "search-options",
];
const LESS_LONG_FLAGS: &[&str] = &[
    "search-skip-screen",
    "SEARCH-SKIP-SCREEN",
    "clear-screen",
    "CLEAR-SCREEN",
    "dumb",
    "quit-at-eof",
    "QUIT-AT-EOF",
    "quit-if-one-screen",
    "hilite-search",
    "HILITE-SEARCH",
    "ignore-case",
    "IGNORE-CASE",
    "long-prompt",
    "LONG-PROMPT",
    "line-numbers",
    "LINE-NUMBERS",
    "squeeze-blank-lines",
    "chop-long-lines",
    "tilde",
    "UNDERLINE-SPECIAL",
    "force",
    "no-init",
    "no-keypad",
    "follow-name",
    "no-lessenv",
    "no-histdups",
    "no-number-headers",
    "no-search-headers",
    "no-vbell",
    "RAW-CONTROL-CHARS",
    "raw-control-chars",
    "silent",
    "SILENT",
    "status-column",
    "hilite-unread",
    "HILITE-UNREAD",
    "quotes",
    "help",
    "version",
    "proc-backspace",
    "proc-tab",
    "proc-return",
    "underline-special",
    "auto-buffers",
    "no-keypad",
    "status-col-width",
    "mouse",
    "MOUSE",
    "redraw-on-quit",
    "save-marks",
    "incsearch",
    "use-backslash",
    "QUIET",
];

fn less(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut i = 0;
    let mut options_done = false;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let Some(word) = arg.text() else {
            if !options_done && could_be_option(arg) {
                r.note(
                    Opaque,
                    format!("{shown}: the word `{}` is only known when it runs, and could be an option or a command", arg.shown),
                );
                return;
            }
            r.reads_file(arg, scope, &shown);
            continue;
        };
        if options_done || word == "-" || !(word.starts_with('-') || word.starts_with('+')) {
            r.reads_file(arg, scope, &shown);
            continue;
        }
        if word == "--" {
            options_done = true;
            continue;
        }
        if let Some(command) = word.strip_prefix('+') {
            // Commands run when a file opens: `!` and `|` run shell
            // commands, `s` saves to a file, `E`/`v` run an editor.
            let command = command.trim_start_matches('+');
            if command.contains(['!', '|']) || command.starts_with(['s', 'E', 'v', 'o', 'O']) {
                r.note(
                    Opaque,
                    format!("{shown} starts with the command `{command}`, which can run a program or write a file"),
                );
                return;
            }
            continue;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            if LESS_LONG_VALUES.contains(&name) {
                let value = match inline {
                    Some(v) => Some(literal(v)),
                    None => {
                        i += 1;
                        args.get(i - 1).cloned()
                    }
                };
                if let Some(v) = value {
                    less_value(r, name, &v, scope, &shown);
                }
                continue;
            }
            if LESS_LONG_FLAGS.contains(&name) && inline.is_none() {
                if matches!(name, "help" | "version") {
                    r.note(Read, format!("{shown} prints its help or version"));
                    return;
                }
                continue;
            }
            r.note(
                Opaque,
                format!(
                    "{shown}: less's option `{word}` is not one wicket's description of less knows"
                ),
            );
            return;
        }
        // Short options: letters, some taking a value (attached or next).
        let letters: Vec<char> = word[1..].chars().collect();
        let mut k = 0;
        while k < letters.len() {
            let c = letters[k];
            k += 1;
            if LESS_VALUES.contains(c) {
                let rest: String = letters[k..].iter().collect();
                let value = if rest.is_empty() {
                    i += 1;
                    args.get(i - 1).cloned()
                } else {
                    Some(literal(&rest))
                };
                let name = match c {
                    'o' => "log-file",
                    'O' => "LOG-FILE",
                    'k' => "lesskey-file",
                    't' => "tag",
                    'T' => "tag-file",
                    _ => "",
                };
                if let Some(v) = value {
                    less_value(r, name, &v, scope, &shown);
                }
                break;
            }
            if c.is_ascii_digit() {
                continue;
            }
            if !"aABcCdeEfFgGiIJKlLmMnNqQrRsSuUVwWX~".contains(c) {
                r.note(
                    Opaque,
                    format!("{shown}: less's option `-{c}` is not one wicket's description of less knows"),
                );
                return;
            }
            if c == 'V' {
                r.note(Read, format!("{shown} prints its version"));
                return;
            }
        }
    }
    r.note(Read, format!("{shown} shows what it reads"));
}

fn less_value(r: &mut Reader, name: &str, value: &Arg, scope: &Scope, shown: &str) {
    match name {
        "log-file" | "LOG-FILE" => output(r, value, scope, shown),
        // A lesskey file (source or compiled) may hold an `#env` section
        // that sets LESSOPEN, whose `|command` less runs on every file it
        // opens, terminal or not (verified with less 590 under dash).
        "lesskey-file" | "lesskey-src" | "lesskey-content" => r.note(
            Opaque,
            format!(
                "{shown}: --{name} {} is a lesskey file whose #env section can set LESSOPEN, a command less runs",
                value.shown
            ),
        ),
        "tag-file" => r.reads_file(value, scope, shown),
        _ => {}
    }
}

/// Whether a value of `LESS` (options less reads before its own) holds an
/// option that writes or runs: `-k`/`--lesskey-*` (a lesskey file can set
/// LESSOPEN), `-o`/`-O`/`--log-file` (writes a file), a `+` command, or
/// anything not plainly made of option letters.
pub fn less_env_runs(value: &str) -> bool {
    value.split_whitespace().any(|word| {
        if let Some(long) = word.strip_prefix("--") {
            let name = long.split_once('=').map_or(long, |(n, _)| n);
            return name.starts_with("lesskey")
                || name.eq_ignore_ascii_case("log-file")
                || !(LESS_LONG_FLAGS.contains(&name) || LESS_LONG_VALUES.contains(&name));
        }
        if word.starts_with('+') {
            return true;
        }
        let letters = word.trim_start_matches('-');
        // Before the first letter that takes a value, each letter is an
        // option; the rest of the word is that value.
        for c in letters.chars() {
            if matches!(c, 'k' | 'o' | 'O') {
                return true;
            }
            if LESS_VALUES.contains(c) {
                return false;
            }
            if !(c.is_ascii_digit() || "aABcCdeEfFgGiIJKlLmMnNqQrRsSuUVwWX~".contains(c)) {
                return true;
            }
        }
        false
    })
}

pub const LESSKEY: Program = Program {
    names: &["lesskey"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: lesskey,
    examples: examples![
        (Read, "lesskey -V"),
        (TargetWrite, "lesskey -o keys.bin keys.txt"),
        (Destructive, "lesskey keys.txt"),
        (Destructive, "lesskey -o ~/.lesskey keys.txt"),
        (Opaque, "lesskey --bogus keys.txt"),
    ],
    manual: "less 590's lesskey: lesskey [-o output] [input]",
};

/// lesskey compiles a key file, `#env` section included, into the file less
/// reads at every start; without `-o` that is `~/.less`, after which each
/// later less runs the LESSOPEN command the file sets (verified with less
/// 590 under dash).
fn lesskey(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut out: Option<Arg> = None;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        match arg.text() {
            Some("-V" | "--version") => {
                r.note(Read, format!("{shown} prints its version"));
                return;
            }
            Some("-o" | "--output") => {
                out = args.get(i).cloned();
                i += 1;
            }
            Some(w) if w.starts_with("--output=") => out = Some(literal(&w[9..])),
            Some(w) if w.starts_with("-o") => out = Some(literal(&w[2..])),
            Some("-") => {}
            Some(w) if w.starts_with('-') => {
                r.note(
                    Opaque,
                    format!("{shown}: lesskey's option `{w}` is not one wicket's description of lesskey knows"),
                );
                return;
            }
            _ => r.reads_file(arg, scope, &shown),
        }
    }
    let out =
        out.unwrap_or_else(|| literal(&format!("{}/.less", r.ctx.home.trim_end_matches('/'))));
    output(r, &out, scope, &shown);
}

pub const MORE: Program = Program {
    names: &["more"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: more,
    examples: examples![
        (Read, "more README.md"),
        (Read, "more -d -5 +10 f"),
        (Read, "more +/pattern f"),
        (Secret, "more ~/.aws/credentials"),
    ],
    manual: "more (util-linux 2.38.1): more --help",
};

/// util-linux more: its options only change how it pages; without a terminal
/// it copies its files out.
fn more(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        match arg.text() {
            Some("-n" | "--lines") => i += 1,
            Some(w) if w.starts_with('+') || w.starts_with("--lines=") => {}
            Some("-h" | "--help" | "-V" | "--version") => {
                r.note(Read, format!("{shown} prints its help or version"));
                return;
            }
            Some(
                "--silent" | "--logical" | "--no-pause" | "--print-over" | "--clean-print"
                | "--squeeze" | "--plain" | "--exit-on-eof",
            ) => {}
            Some(w) if w.starts_with('-') && w.len() > 1 && !w.starts_with("--") => {
                if !w[1..]
                    .chars()
                    .all(|c| c.is_ascii_digit() || "dlfpcsueV".contains(c))
                {
                    r.note(
                        Opaque,
                        format!("{shown}: more's option `{w}` is not one wicket's description of more knows"),
                    );
                    return;
                }
            }
            Some(w) if w.starts_with("--") => {
                r.note(
                    Opaque,
                    format!("{shown}: more's option `{w}` is not one wicket's description of more knows"),
                );
                return;
            }
            _ => r.reads_file(arg, scope, &shown),
        }
    }
    r.note(Read, format!("{shown} shows what it reads"));
}

pub const MOST: Program = Program {
    names: &["most"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: most,
    examples: examples![(Read, "most f"), (Read, "most -s +3 f")],
    manual:
        "most 5.2 (not installed here; from its manual): -b -c -C -d -M -r -s -t -w -z +/string +N",
};

fn most(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    for arg in run.inv.argv.iter().skip(1) {
        match arg.text() {
            Some(w) if w.starts_with('+') => {}
            Some(w) if w.starts_with('-') && w.len() > 1 => {
                if !w[1..]
                    .chars()
                    .all(|c| "bcCdMrstvwz".contains(c) || c.is_ascii_digit())
                {
                    r.note(
                        Opaque,
                        format!("{shown}: most's option `{w}` is not one wicket's description of most knows"),
                    );
                    return;
                }
            }
            _ => r.reads_file(arg, scope, &shown),
        }
    }
    r.note(Read, format!("{shown} shows what it reads"));
}

pub const BAT: Program = Program {
    names: &["bat", "batcat"],
    // `bat cache …` is a subcommand with options of its own.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: bat,
    examples: examples![
        (Read, "bat src/main.rs"),
        (Read, "batcat -p -r 1:40 src/main.rs"),
        (Read, "bat --paging=never --style=plain f"),
        (Destructive, "bat --pager='rm -rf /etc' f"),
        (Read, "bat --pager=less f"),
        (OpenWorld, "bat --generate-config-file"),
        (OpenWorld, "bat cache --build"),
        (Secret, "bat ~/.netrc"),
        (Opaque, "bat --bogus f"),
    ],
    manual: "bat 0.22.1: bat --help",
};

pub(super) const BAT_GRAMMAR: Grammar = Grammar {
    style: Style::CLAP,
    options: &[
        flag("show-all", "A", &["show-all"]),
        flag("plain", "p", &["plain"]),
        value("language", "l", &["language"]),
        value("highlight-line", "H", &["highlight-line"]),
        value("file-name", "", &["file-name"]),
        flag("diff", "d", &["diff"]),
        value("diff-context", "", &["diff-context"]),
        value("tabs", "", &["tabs"]),
        value("wrap", "", &["wrap"]),
        value("terminal-width", "", &["terminal-width"]),
        flag("number", "n", &["number"]),
        value("color", "", &["color"]),
        value("italic-text", "", &["italic-text"]),
        value("decorations", "", &["decorations"]),
        flag("force-colorization", "f", &["force-colorization"]),
        value("paging", "", &["paging"]),
        value("pager", "", &["pager"]),
        value("map-syntax", "m", &["map-syntax"]),
        value("ignored-suffix", "", &["ignored-suffix"]),
        value("theme", "", &["theme"]),
        flag("list-themes", "", &["list-themes"]),
        value("style", "", &["style"]),
        value("line-range", "r", &["line-range"]),
        flag("list-languages", "L", &["list-languages"]),
        flag("unbuffered", "u", &["unbuffered"]),
        flag("diagnostic", "", &["diagnostic"]),
        flag("acknowledgements", "", &["acknowledgements"]),
        flag("config-file", "", &["config-file"]),
        flag("generate-config-file", "", &["generate-config-file"]),
        flag("config-dir", "", &["config-dir"]),
        flag("cache-dir", "", &["cache-dir"]),
        flag("no-config", "", &["no-config"]),
        flag("no-custom-assets", "", &["no-custom-assets"]),
        flag("help", "h", &["help"]),
        flag("version", "V", &["version"]),
    ],
};

fn bat(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    if run.inv.argv.get(1).and_then(Arg::text) == Some("cache") {
        // `bat cache --build|--clear` writes its cache in the home directory.
        r.note(
            OpenWorld,
            format!("{shown} rebuilds or clears bat's cache in the home directory"),
        );
        return;
    }
    let parsed = crate::argv::parse(&BAT_GRAMMAR, run.inv.argv.get(1..).unwrap_or(&[]), 1);
    if let Some(problem) = &parsed.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence(run.name)));
        return;
    }
    let run = &Run {
        name: run.name,
        inv: run.inv,
        parsed,
    };
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    if p.has("generate-config-file") {
        r.note(
            OpenWorld,
            format!("{shown} writes bat's configuration file in the home directory"),
        );
        return;
    }
    if let Some(pager) = p.last("pager") {
        // The pager is split into words (no shell) and fed bat's output.
        match pager.text() {
            Some(text) => {
                let argv: Vec<Arg> = text.split_whitespace().map(literal).collect();
                if argv.is_empty() {
                    r.note(Read, format!("{shown} has an empty pager"));
                } else {
                    runs(r, argv, Stdin::Fed, scope);
                }
            }
            None => r.note(
                Opaque,
                format!("{shown} pages through a program only known when it runs"),
            ),
        }
    }
    read_each(r, p.operands.iter().map(|(_, a)| a), scope, &shown);
    r.note(Read, format!("{shown} shows what it reads"));
}

// ---------------------------------------------------------------------------
// Decompressors to standard output.

pub const ZCAT: Program = Program {
    names: &["zcat", "gzcat"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("ascii", "a", &["ascii"]),
            flag("stdout", "c", &["stdout", "to-stdout"]),
            flag("decompress", "d", &["decompress", "uncompress"]),
            flag("force", "f", &["force"]),
            flag("help", "h", &["help"]),
            flag("keep", "k", &["keep"]),
            flag("list", "l", &["list"]),
            flag("license", "L", &["license"]),
            flag("no-name", "n", &["no-name"]),
            flag("name", "N", &["name"]),
            flag("quiet", "q", &["quiet", "silent"]),
            flag("recursive", "r", &["recursive"]),
            flag("rsyncable", "", &["rsyncable"]),
            value("suffix", "S", &["suffix"]),
            flag("synchronous", "", &["synchronous"]),
            flag("test", "t", &["test"]),
            flag("verbose", "v", &["verbose"]),
            flag("version", "V", &["version"]),
            flag("level", "123456789", &["fast", "best"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: zcat,
    examples: examples![(Read, "zcat log.gz | head"), (Secret, "zcat -r ~")],
    manual: "zcat (gzip 1.12): zcat --help",
};

/// Decompressing to standard output: it only reads (a directory with `-r`).
fn zcat(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    for (_, arg) in &run.parsed.operands {
        if run.parsed.has("recursive") {
            r.reads_tree(arg, scope, &shown);
        } else {
            r.reads_file(arg, scope, &shown);
        }
    }
    r.note(Read, format!("{shown} decompresses to its output"));
}

pub const BZCAT: Program = Program {
    names: &["bzcat"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("help", "h", &["help"]),
            flag("decompress", "d", &["decompress"]),
            flag("compress", "z", &["compress"]),
            flag("keep", "k", &["keep"]),
            flag("force", "f", &["force"]),
            flag("test", "t", &["test"]),
            flag("stdout", "c", &["stdout"]),
            flag("quiet", "q", &["quiet"]),
            flag("verbose", "v", &["verbose"]),
            flag("license", "L", &["license"]),
            flag("version", "V", &["version"]),
            flag("small", "s", &["small"]),
            flag("level", "123456789", &["fast", "best"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: zcat,
    examples: examples![(Read, "bzcat x.bz2")],
    manual: "bzcat (bzip2 1.0.8): -h -d -z -k -f -t -c -q -v -L -V -s -1..-9",
};

pub const XZCAT: Program = Program {
    names: &["xzcat", "lzcat", "zstdcat"],
    // xz and zstd have many options, none of which writes a file when they
    // are invoked to decompress to standard output: every word is read, an
    // operand or the value of an option.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: xzcat,
    examples: examples![
        (Read, "xzcat x.xz | tar t"),
        (Secret, "xzcat ~/.ssh/id_rsa"),
    ],
    manual: "xzcat (xz 5.4.1), zstdcat (zstd 1.5.4): decompress to standard output",
};

fn xzcat(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    for arg in run.inv.argv.iter().skip(1) {
        match arg.text() {
            Some(w) if w.starts_with("--files") || w.starts_with("--filelist") => {
                if let Some((_, file)) = w.split_once('=') {
                    r.reads_file(&literal(file), scope, &shown);
                }
            }
            Some(w) if w.starts_with('-') => {}
            _ => r.reads_file(arg, scope, &shown),
        }
    }
    r.note(Read, format!("{shown} decompresses to its output"));
}

fn prints_files_cat(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if let Some(parsed) = parse_reader(r, run, &CAT_GRAMMAR, 1) {
        let run = Run {
            name: run.name,
            inv: run.inv,
            parsed,
        };
        prints_files(r, &run, scope);
    }
}

fn counts_wc(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if let Some(parsed) = parse_reader(r, run, &WC_GRAMMAR, 1) {
        let run = Run {
            name: run.name,
            inv: run.inv,
            parsed,
        };
        counts(r, &run, scope);
    }
}

fn prints_files_cut(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if let Some(parsed) = parse_reader(r, run, &CUT_GRAMMAR, 1) {
        let run = Run {
            name: run.name,
            inv: run.inv,
            parsed,
        };
        prints_files(r, &run, scope);
    }
}

fn diff_diff(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if let Some(parsed) = parse_reader(r, run, &DIFF_GRAMMAR, 1) {
        let run = Run {
            name: run.name,
            inv: run.inv,
            parsed,
        };
        diff(r, &run, scope);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The long options a program's `--help` lists on this machine.
    fn listed(name: &str) -> Option<Vec<String>> {
        let out = std::process::Command::new(name)
            .arg("--help")
            .stdin(std::process::Stdio::null())
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        let mut found = Vec::new();
        for (at, _) in text.match_indices("--") {
            if text[..at]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '-')
            {
                continue;
            }
            let name: String = text[at + 2..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if name.len() > 1 && !name.ends_with('-') && !found.contains(&name) {
                found.push(name);
            }
        }
        Some(found)
    }

    /// The grammars of descriptions read by hand (`Syntax::Own`), checked as
    /// `tests/programs.rs` checks the others.
    #[test]
    fn hand_read_grammars_know_every_long_option_their_program_lists() {
        let grammars: &[(&str, &Grammar)] = &[
            ("cat", &CAT_GRAMMAR),
            ("wc", &WC_GRAMMAR),
            ("cut", &CUT_GRAMMAR),
            ("diff", &DIFF_GRAMMAR),
            ("head", &HEAD_GRAMMAR),
            ("tail", &TAIL_GRAMMAR),
            ("batcat", &BAT_GRAMMAR),
            ("grep", &super::super::search::GREP_GRAMMAR),
            ("zgrep", &super::super::search::GREP_GRAMMAR),
            ("ls", &super::super::info::LS_GRAMMAR),
            ("du", &super::super::info::DU_GRAMMAR),
            ("stat", &super::super::info::STAT_GRAMMAR),
            (
                "fdfind",
                &Grammar {
                    style: Style::CLAP,
                    options: super::super::search::FD_OPTIONS,
                },
            ),
        ];
        let mut missing = Vec::new();
        for (name, grammar) in grammars {
            let Some(long) = listed(name) else {
                continue;
            };
            for l in long {
                // fd's `-x`/`-X` are read before its grammar.
                if *name == "fdfind" && l.starts_with("exec") {
                    continue;
                }
                if !grammar.options.iter().any(|o| o.long.contains(&l.as_str())) {
                    missing.push(format!("{name} --{l}"));
                }
            }
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }
}
