//! Searchers: `grep` and its wrappers, `rg`, `ag`, `ack`, `fd` and `find`.
//! They read trees — a recursive search of a directory holding a secret
//! reads the secret — and a few of them run programs on what they find
//! (`find -exec`, `fd -x`, `rg --pre`) or change it (`find -delete`,
//! `-fprint`). Each run program is read with the found paths in place of
//! `{}`: every path beneath the starting points (matching the `-name`
//! pattern, when one constrains them), as a pattern placed where the
//! starting point is.

use wicket_guest::Effect::*;

use crate::argv::{attached, flag, value, Grammar, Opt, Style};
use crate::read::{Arg, Change, Invocation, Reach, Reader, Scope, Stdin};

use super::text::{
    could_be_option, directory, literal, parse_reader, prints_only, read_each, runs, runs_text,
    HELP, VERSION,
};
use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[&GREP, &ZGREP, &RG, &AG, &ACK, &FD, &FIND];

// ---------------------------------------------------------------------------
// Found paths.

/// How deep beneath a starting point the found paths are spelled out.
const FOUND_DEPTH: usize = 3;

/// Every path beneath `start` whose last component matches one of `last`
/// (find's patterns, where `*` also matches a leading dot): a pattern per
/// depth, each directory component spelled `*` or `.*` so a protected
/// entry anywhere in the first levels is seen.
pub(super) fn found(start: &Arg, last: &[String], hidden: bool) -> Arg {
    let shown = format!("{}/…", start.shown.trim_end_matches('/'));
    let Some(starts) = &start.values else {
        return Arg {
            values: None,
            glob: false,
            shown,
        };
    };
    let mut names: Vec<String> = Vec::new();
    for pattern in last {
        let variants = if hidden {
            dotted(pattern)
        } else {
            vec![pattern.clone()]
        };
        for variant in variants {
            if !names.contains(&variant) {
                names.push(variant);
            }
        }
    }
    let mut values = Vec::new();
    for s in starts {
        let base = s.trim_end_matches('/');
        let base = if base.is_empty() && s.starts_with('/') {
            ""
        } else {
            base
        };
        let mut dirs: Vec<String> = vec![base.to_owned()];
        for _ in 0..FOUND_DEPTH {
            let mut next = Vec::new();
            for d in &dirs {
                for name in &names {
                    values.push(format!("{d}/{name}"));
                }
                // Hidden directories, but not a `.git` (in a worktree, a
                // file: nothing lies beneath it).
                next.push(format!("{d}/*"));
                if hidden {
                    next.push(format!("{d}/.[!g]*"));
                }
            }
            dirs = next;
        }
    }
    Arg {
        values: Some(values),
        glob: true,
        shown,
    }
}

/// A find `-name` pattern as shell patterns: itself, and (when it starts
/// with a wildcard, which in find matches a leading dot too) the same with a
/// leading dot. A pattern with no wildcard gets one that matches only
/// itself, so it is placed as a pattern.
fn dotted(pattern: &str) -> Vec<String> {
    let first = pattern.chars().next();
    let mut out = Vec::new();
    match first {
        Some('*') => {
            out.push(pattern.to_owned());
            out.push(format!(".{pattern}"));
        }
        Some('?') => {
            out.push(pattern.to_owned());
            out.push(format!(".{}", &pattern[1..]));
        }
        Some('[') => {
            out.push(pattern.to_owned());
            let end = pattern.find(']').map_or(pattern.len(), |e| e + 1);
            out.push(format!(".{}", &pattern[end.min(pattern.len())..]));
        }
        // A leading dot is only matched by a dot itself in the shell's
        // patterns (`[.]git` matches nothing): the next character is
        // bracketed instead (`.[g]it`), so `find . -name .git -exec rm {} +`
        // is placed on the worktree's `.git`.
        Some('.') if !crate::place::is_glob(pattern) => match pattern[1..].chars().next() {
            Some(c) => out.push(format!(".[{c}]{}", &pattern[1 + c.len_utf8()..])),
            None => out.push(pattern.to_owned()),
        },
        Some(c) if !crate::place::is_glob(pattern) => {
            out.push(format!("[{c}]{}", &pattern[c.len_utf8()..]));
        }
        Some(_) => out.push(pattern.to_owned()),
        None => out.push("*".into()),
    }
    out
}

/// `-iname PATTERN`: every letter either case.
fn any_case(pattern: &str) -> String {
    let mut out = String::new();
    let mut in_class = false;
    for c in pattern.chars() {
        match c {
            '[' => {
                in_class = true;
                out.push(c);
            }
            ']' => {
                in_class = false;
                out.push(c);
            }
            c if c.is_ascii_alphabetic() && !in_class => {
                out.push('[');
                out.push(c.to_ascii_lowercase());
                out.push(c.to_ascii_uppercase());
                out.push(']');
            }
            c => out.push(c),
        }
    }
    out
}

/// A word of a run command with each `{}` (or `marker`) replaced by the
/// found paths.
fn replace_found(word: &Arg, marker: &str, found: &Arg) -> Arg {
    // A pattern the shell found no match for reaches find as it is.
    let Some(text) = word.text().or_else(|| match &word.values {
        Some(v) if v.len() == 1 => Some(v[0].as_str()),
        _ => None,
    }) else {
        return word.clone();
    };
    if !text.contains(marker) {
        return word.clone();
    }
    // A name made from a found path (`{}t`, `{}.bak`, `{}/config`): find
    // puts the path in and leaves the rest as it is, unglobbed, so the name
    // is only known when it runs (`find sub -name .gi -exec mv {} {}t \;`
    // made a `.git`; `-exec cp l {}/confi? \;` from the repository made
    // `confi?` in it; both verified under dash). A word with blanks in it
    // is text for a program (a script, a message), read as before.
    if text != marker && !text.contains(char::is_whitespace) {
        return Arg {
            values: None,
            glob: false,
            shown: word.shown.clone(),
        };
    }
    let values = found.values.as_ref().map(|fs| {
        fs.iter()
            .map(|f| text.replace(marker, f))
            .collect::<Vec<_>>()
    });
    Arg {
        values,
        glob: true,
        shown: word.shown.clone(),
    }
}

// ---------------------------------------------------------------------------
// grep.

const GREP_OPTIONS: &[Opt] = &[
    flag("extended-regexp", "E", &["extended-regexp"]),
    flag("fixed-strings", "F", &["fixed-strings"]),
    flag("basic-regexp", "G", &["basic-regexp"]),
    flag("perl-regexp", "P", &["perl-regexp"]),
    value("regexp", "e", &["regexp"]),
    value("file", "f", &["file"]),
    flag("ignore-case", "iy", &["ignore-case"]),
    flag("no-ignore-case", "", &["no-ignore-case"]),
    flag("word-regexp", "w", &["word-regexp"]),
    flag("line-regexp", "x", &["line-regexp"]),
    flag("null-data", "z", &["null-data"]),
    flag("no-messages", "s", &["no-messages"]),
    flag("invert-match", "v", &["invert-match"]),
    flag("version", "V", &["version"]),
    HELP,
    value("max-count", "m", &["max-count"]),
    flag("byte-offset", "b", &["byte-offset"]),
    flag("line-number", "n", &["line-number"]),
    flag("line-buffered", "", &["line-buffered"]),
    flag("with-filename", "H", &["with-filename"]),
    flag("no-filename", "h", &["no-filename"]),
    value("label", "", &["label"]),
    flag("only-matching", "o", &["only-matching"]),
    flag("quiet", "q", &["quiet", "silent"]),
    value("binary-files", "", &["binary-files"]),
    flag("text", "a", &["text"]),
    flag("I", "I", &[]),
    value("directories", "d", &["directories"]),
    value("devices", "D", &["devices"]),
    flag("recursive", "r", &["recursive"]),
    flag("dereference-recursive", "R", &["dereference-recursive"]),
    value("include", "", &["include"]),
    value("exclude", "", &["exclude"]),
    value("exclude-from", "", &["exclude-from"]),
    value("exclude-dir", "", &["exclude-dir"]),
    flag("files-without-match", "L", &["files-without-match"]),
    flag("files-with-matches", "l", &["files-with-matches"]),
    flag("count", "c", &["count"]),
    flag("initial-tab", "T", &["initial-tab"]),
    flag("null", "Z", &["null"]),
    value("before-context", "B", &["before-context"]),
    value("after-context", "A", &["after-context"]),
    value("context", "C", &["context"]),
    // `-NUM`: as many lines of context.
    flag("NUM", "0123456789", &[]),
    value("group-separator", "", &["group-separator"]),
    flag("no-group-separator", "", &["no-group-separator"]),
    attached("color", "", &["color", "colour"]),
    flag("binary", "U", &["binary"]),
    flag("u", "u", &["unix-byte-offsets"]),
];

pub(super) const GREP_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: GREP_OPTIONS,
};

pub const GREP: Program = Program {
    names: &["grep", "egrep", "fgrep"],
    // No option of grep's writes or runs: a word known only when it runs
    // may stand where an option could (see `parse_reader`).
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: grep,
    examples: examples![
        (Read, "grep -rn \"fn main\" src"),
        (Read, "grep -r TODO ."),
        (Read, "grep -rl foo src"),
        (Read, "grep -E 'a|b' f"),
        (Read, "grep -5 foo f"),
        (Read, "grep -n5 foo f"),
        (Read, "ps aux | grep node"),
        (Read, "grep -e foo -e bar -- -x"),
        (Read, "grep --include='*.rs' -rn unsafe ."),
        (Read, "egrep -v '^#' config"),
        (Secret, "grep -r password ~"),
        (Secret, "grep -r key /"),
        (Secret, "grep '' ~/.netrc"),
        (Secret, "grep -f ~/.ssh/id_rsa x"),
        (Read, "grep -r foo ../.."),
        (Opaque, "grep --bogus x f"),
        (Opaque, "grep --co x f"),
        (Read, "grep -q \"$(sed -n 1p Cargo.toml)\" README.md"),
        (Read, "grep -rn environ src"),
        (Read, "grep -rn id_rsa src"),
        (Secret, "grep -rn --include='*.pem' BEGIN ."),
        (Secret, "grep -r BEGIN ~/.ssh"),
        (Secret, "ls ~/.ssh/id_* | xargs grep ."),
        (Opaque, "sort list | xargs grep ."),
        (Read, "git ls-files | xargs grep -l TODO"),
    ],
    manual: "grep (GNU grep) 3.8: grep --help",
};

fn grep(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let Some(parsed) = parse_reader(r, run, &GREP_GRAMMAR, 1) else {
        return;
    };
    let run = &Run {
        name: run.name,
        inv: run.inv,
        parsed,
    };
    if prints_only(r, run) {
        return;
    }
    // The pattern is text (`grep -rn environ src` searches code for a
    // word); the files are what it reads. A file pattern it is aimed with
    // keeps its mention (`--include='*.pem'` aims at keys).
    r.names_only(run.inv);
    let p = &run.parsed;
    for include in p.values("include") {
        r.check_secret_word(include);
    }
    let shown = run.shown();
    read_each(r, p.values("file"), scope, &shown);
    read_each(r, p.values("exclude-from"), scope, &shown);
    let explicit = p.has("regexp") || p.has("file");
    let files: Vec<Arg> = p
        .operand_args()
        .into_iter()
        .skip(if explicit { 0 } else { 1 })
        .collect();
    let recursive = p.has("recursive")
        || p.has("dereference-recursive")
        || p.values("directories").any(|d| d.text() == Some("recurse"));
    if recursive && files.is_empty() {
        r.reads_tree(&literal("."), scope, &shown);
    }
    for file in &files {
        if recursive {
            r.reads_tree(file, scope, &shown);
        } else {
            r.reads_file(file, scope, &shown);
        }
    }
    r.note(Read, format!("{shown} prints the lines that match"));
}

pub const ZGREP: Program = Program {
    names: &["zgrep", "zegrep", "zfgrep"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: grep,
    examples: examples![
        (Read, "zgrep -i error log.gz"),
        (Secret, "zgrep x ~/.aws/config"),
    ],
    manual: "zgrep (gzip 1.12): zgrep --help (grep's options)",
};

// ---------------------------------------------------------------------------
// ripgrep.

const RG_OPTIONS: &[Opt] = &[
    value("after-context", "A", &["after-context"]),
    flag(
        "auto-hybrid-regex",
        "",
        &["auto-hybrid-regex", "no-auto-hybrid-regex"],
    ),
    value("before-context", "B", &["before-context"]),
    flag("binary", "", &["binary", "no-binary"]),
    flag(
        "block-buffered",
        "",
        &["block-buffered", "no-block-buffered"],
    ),
    flag("byte-offset", "b", &["byte-offset", "no-byte-offset"]),
    flag("case-sensitive", "s", &["case-sensitive"]),
    value("color", "", &["color", "colour"]),
    value("colors", "", &["colors"]),
    flag("column", "", &["column", "no-column"]),
    value("context", "C", &["context"]),
    value("context-separator", "", &["context-separator"]),
    flag("no-context-separator", "", &["no-context-separator"]),
    flag("count", "c", &["count"]),
    flag("count-matches", "", &["count-matches"]),
    flag("crlf", "", &["crlf", "no-crlf"]),
    flag("debug", "", &["debug", "trace"]),
    value("dfa-size-limit", "", &["dfa-size-limit"]),
    value("encoding", "E", &["encoding"]),
    flag("no-encoding", "", &["no-encoding"]),
    value("engine", "", &["engine"]),
    value("field-context-separator", "", &["field-context-separator"]),
    value("field-match-separator", "", &["field-match-separator"]),
    value("file", "f", &["file"]),
    flag("files", "", &["files"]),
    flag("files-with-matches", "l", &["files-with-matches"]),
    flag("files-without-match", "", &["files-without-match"]),
    flag("fixed-strings", "F", &["fixed-strings", "no-fixed-strings"]),
    flag("follow", "L", &["follow", "no-follow"]),
    value("generate", "", &["generate"]),
    value("glob", "g", &["glob"]),
    flag(
        "glob-case-insensitive",
        "",
        &["glob-case-insensitive", "no-glob-case-insensitive"],
    ),
    flag("help", "h", &["help"]),
    flag("heading", "", &["heading", "no-heading"]),
    flag("hidden", ".", &["hidden", "no-hidden"]),
    value("hostname-bin", "", &["hostname-bin"]),
    value("hyperlink-format", "", &["hyperlink-format"]),
    value("iglob", "", &["iglob"]),
    flag("ignore-case", "i", &["ignore-case"]),
    value("ignore-file", "", &["ignore-file"]),
    flag(
        "ignore-file-case-insensitive",
        "",
        &[
            "ignore-file-case-insensitive",
            "no-ignore-file-case-insensitive",
        ],
    ),
    flag("include-zero", "", &["include-zero", "no-include-zero"]),
    flag("invert-match", "v", &["invert-match", "no-invert-match"]),
    flag("json", "", &["json", "no-json"]),
    flag("line-buffered", "", &["line-buffered", "no-line-buffered"]),
    flag("line-number", "n", &["line-number"]),
    flag("line-regexp", "x", &["line-regexp"]),
    value("max-columns", "M", &["max-columns"]),
    flag(
        "max-columns-preview",
        "",
        &["max-columns-preview", "no-max-columns-preview"],
    ),
    value("max-count", "m", &["max-count"]),
    value("max-depth", "d", &["max-depth", "maxdepth"]),
    value("max-filesize", "", &["max-filesize"]),
    flag("mmap", "", &["mmap", "no-mmap"]),
    flag("multiline", "U", &["multiline", "no-multiline"]),
    flag(
        "multiline-dotall",
        "",
        &["multiline-dotall", "no-multiline-dotall"],
    ),
    flag("no-config", "", &["no-config"]),
    flag("no-filename", "I", &["no-filename"]),
    flag("no-ignore", "", &["no-ignore", "ignore"]),
    flag("no-ignore-dot", "", &["no-ignore-dot", "ignore-dot"]),
    flag(
        "no-ignore-exclude",
        "",
        &["no-ignore-exclude", "ignore-exclude"],
    ),
    flag("no-ignore-files", "", &["no-ignore-files", "ignore-files"]),
    flag(
        "no-ignore-global",
        "",
        &["no-ignore-global", "ignore-global"],
    ),
    flag(
        "no-ignore-messages",
        "",
        &["no-ignore-messages", "ignore-messages"],
    ),
    flag(
        "no-ignore-parent",
        "",
        &["no-ignore-parent", "ignore-parent"],
    ),
    flag("no-ignore-vcs", "", &["no-ignore-vcs", "ignore-vcs"]),
    flag("no-line-number", "N", &["no-line-number"]),
    flag("no-messages", "", &["no-messages", "messages"]),
    flag(
        "no-pcre2-unicode",
        "",
        &["no-pcre2-unicode", "pcre2-unicode"],
    ),
    flag("no-require-git", "", &["no-require-git", "require-git"]),
    flag("no-unicode", "", &["no-unicode", "unicode"]),
    flag("null", "0", &["null", "print0"]),
    flag("null-data", "", &["null-data"]),
    flag(
        "one-file-system",
        "",
        &["one-file-system", "no-one-file-system"],
    ),
    flag("only-matching", "o", &["only-matching"]),
    flag("passthru", "", &["passthru", "passthrough"]),
    value("path-separator", "", &["path-separator"]),
    flag("pcre2", "P", &["pcre2", "no-pcre2"]),
    flag("pcre2-version", "", &["pcre2-version"]),
    value("pre", "", &["pre"]),
    flag("no-pre", "", &["no-pre"]),
    value("pre-glob", "", &["pre-glob"]),
    flag("pretty", "p", &["pretty"]),
    flag("quiet", "q", &["quiet"]),
    value("regex-size-limit", "", &["regex-size-limit"]),
    value("regexp", "e", &["regexp"]),
    value("replace", "r", &["replace"]),
    flag("search-zip", "z", &["search-zip", "no-search-zip"]),
    flag("smart-case", "S", &["smart-case"]),
    value("sort", "", &["sort"]),
    value("sortr", "", &["sortr"]),
    flag("sort-files", "", &["sort-files", "no-sort-files"]),
    flag("stats", "", &["stats", "no-stats"]),
    flag("stop-on-nonmatch", "", &["stop-on-nonmatch"]),
    flag("text", "a", &["text", "no-text"]),
    value("threads", "j", &["threads"]),
    flag("trim", "", &["trim", "no-trim"]),
    value("type", "t", &["type"]),
    value("type-add", "", &["type-add"]),
    value("type-clear", "", &["type-clear"]),
    flag("type-list", "", &["type-list"]),
    value("type-not", "T", &["type-not"]),
    flag("unrestricted", "u", &["unrestricted"]),
    flag("version", "V", &["version"]),
    flag("vimgrep", "", &["vimgrep"]),
    flag("with-filename", "H", &["with-filename"]),
    flag("word-regexp", "w", &["word-regexp"]),
];

pub const RG: Program = Program {
    names: &["rg"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::CLAP,
        options: RG_OPTIONS,
    }),
    output: None,
    lists_paths_under: None,
    read: rg,
    examples: examples![
        (Read, "rg -n --type rust foo"),
        (Read, "rg 'fn main' src"),
        (Read, "rg -trust -g '*.rs' -uu unsafe"),
        (Read, "rg --files | rg test"),
        (Read, "rg -l TODO -- -x"),
        (Read, "rg foo ~"),
        (Secret, "rg --hidden foo ~"),
        (Secret, "rg -uu token {home}"),
        (TargetWrite, "rg --pre rm foo src"),
        (Destructive, "rg --pre rm foo ../.."),
        (OpenWorld, "rg --pre ./filter.sh x"),
        (OpenWorld, "rg --pre=sh x"),
        (Destructive, "rg --hostname-bin=reboot x"),
        (Opaque, "RIPGREP_CONFIG_PATH=rc rg foo"),
        (Opaque, "rg --pr x"),
        (Opaque, "rg --bogus x"),
    ],
    manual: "ripgrep 13.0.0 (and 14's --hostname-bin, --hyperlink-format, --generate): rg --help",
};

fn rg(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("help")
        || p.has("version")
        || p.has("pcre2-version")
        || p.has("type-list")
        || p.has("generate")
    {
        r.note(Read, format!("{shown} prints what it knows"));
        return;
    }
    if !p.has("no-config") && scope.vars.contains_key("RIPGREP_CONFIG_PATH") {
        r.note(
            Opaque,
            format!("{shown} reads more options (which may run programs) from RIPGREP_CONFIG_PATH"),
        );
    }
    read_each(r, p.values("file"), scope, &shown);
    read_each(r, p.values("ignore-file"), scope, &shown);
    let explicit = p.has("regexp") || p.has("file") || p.has("files");
    let mut paths: Vec<Arg> = p
        .operand_args()
        .into_iter()
        .skip(if explicit { 0 } else { 1 })
        .collect();
    if paths.is_empty() {
        paths.push(literal("."));
    }
    let unrestricted = p
        .options
        .iter()
        .filter(|g| g.opt.key == "unrestricted")
        .count();
    let hidden = p.has("hidden") || unrestricted >= 2;
    for path in &paths {
        search_tree(r, path, hidden, scope, &shown);
    }
    let pre = p
        .options
        .iter()
        .rev()
        .find(|g| matches!(g.opt.key, "pre" | "no-pre"));
    if let Some(program) = pre.and_then(|g| g.value.as_ref()) {
        if program.text() != Some("") {
            // `PRE FILE` for each file searched, its output searched instead.
            let found_files: Vec<Arg> = paths
                .iter()
                .map(|s| found(s, &["*".into()], hidden))
                .collect();
            let mut argv = vec![program.clone()];
            argv.extend(found_files);
            runs(r, argv, Stdin::Fed, scope);
        }
    }
    if let Some(program) = p.last("hostname-bin") {
        runs(r, vec![program.clone()], Stdin::Inherited, scope);
    }
    r.note(Read, format!("{shown} prints the lines that match"));
}

/// A searcher's recursive read: with hidden files skipped, a secret beneath
/// a hidden directory (`~/.ssh`) is not reached.
fn search_tree(r: &mut Reader, path: &Arg, hidden: bool, scope: &Scope, shown: &str) {
    r.reads_beneath(path, scope, shown, hidden);
}

// ---------------------------------------------------------------------------
// The Silver Searcher.

pub const AG: Program = Program {
    names: &["ag"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("ackmate", "", &["ackmate"]),
            attached("after", "A", &["after"]),
            attached("before", "B", &["before"]),
            flag("break", "", &["break", "nobreak"]),
            flag("count", "c", &["count"]),
            flag("color", "", &["color", "nocolor"]),
            value("color-line-number", "", &["color-line-number"]),
            value("color-match", "", &["color-match"]),
            value("color-path", "", &["color-path"]),
            flag("column", "", &["column"]),
            flag("filename", "", &["filename", "nofilename"]),
            flag("heading", "H", &["heading", "noheading"]),
            attached("context", "C", &["context"]),
            flag("group", "", &["group", "nogroup"]),
            value("filename-pattern", "g", &["filename-pattern"]),
            flag("files-with-matches", "l", &["files-with-matches"]),
            flag("files-without-matches", "L", &["files-without-matches"]),
            flag("print-all-files", "", &["print-all-files"]),
            flag("numbers", "", &["numbers", "nonumbers"]),
            flag("only-matching", "o", &["only-matching"]),
            flag("print-long-lines", "", &["print-long-lines"]),
            flag("passthrough", "", &["passthrough", "passthru"]),
            flag("silent", "", &["silent"]),
            flag("stats", "", &["stats"]),
            flag("stats-only", "", &["stats-only"]),
            flag("vimgrep", "", &["vimgrep"]),
            flag("null", "0", &["null", "print0"]),
            flag("all-types", "a", &["all-types"]),
            flag("debug", "D", &["debug"]),
            value("depth", "", &["depth"]),
            flag("follow", "f", &["follow"]),
            flag("fixed-strings", "F", &["fixed-strings"]),
            value("file-search-regex", "G", &["file-search-regex"]),
            flag("hidden", "", &["hidden"]),
            flag("ignore-case", "i", &["ignore-case"]),
            value("ignore", "", &["ignore", "ignore-dir"]),
            value("max-count", "m", &["max-count"]),
            flag("one-device", "", &["one-device"]),
            value("path-to-ignore", "p", &["path-to-ignore"]),
            flag("literal", "Q", &["literal"]),
            flag("case-sensitive", "s", &["case-sensitive"]),
            flag("smart-case", "S", &["smart-case"]),
            flag("search-binary", "", &["search-binary"]),
            flag("all-text", "t", &["all-text"]),
            flag("unrestricted", "u", &["unrestricted"]),
            flag("skip-vcs-ignores", "U", &["skip-vcs-ignores"]),
            flag("invert-match", "v", &["invert-match"]),
            flag("word-regexp", "w", &["word-regexp"]),
            value("width", "W", &["width"]),
            flag("search-zip", "z", &["search-zip"]),
            value("pager", "", &["pager"]),
            flag("nopager", "", &["nopager"]),
            value("workers", "", &["workers"]),
            flag("noaffinity", "", &["noaffinity", "affinity"]),
            flag("mmap", "", &["mmap", "nommap"]),
            flag("multiline", "", &["multiline", "nomultiline"]),
            flag("recurse", "r", &["recurse"]),
            flag("norecurse", "n", &["norecurse"]),
            flag("list-file-types", "", &["list-file-types"]),
            flag("ignore-case-alt", "", &["nosmart-case"]),
            flag(
                "file-types",
                "",
                &[
                    "actionscript",
                    "ada",
                    "asciidoc",
                    "apl",
                    "asm",
                    "batch",
                    "bitbake",
                    "bro",
                    "cc",
                    "cfmx",
                    "chpl",
                    "clojure",
                    "coffee",
                    "coq",
                    "cpp",
                    "crystal",
                    "csharp",
                    "css",
                    "cython",
                    "delphi",
                    "dlang",
                    "dot",
                    "dts",
                    "ebuild",
                    "elisp",
                    "elixir",
                    "elm",
                    "erlang",
                    "factor",
                    "fortran",
                    "fsharp",
                    "gettext",
                    "glsl",
                    "go",
                    "gradle",
                    "groovy",
                    "haml",
                    "handlebars",
                    "haskell",
                    "haxe",
                    "hh",
                    "html",
                    "idris",
                    "ini",
                    "ipython",
                    "isabelle",
                    "j",
                    "jade",
                    "java",
                    "jinja2",
                    "js",
                    "json",
                    "jsp",
                    "julia",
                    "kotlin",
                    "less",
                    "liquid",
                    "lisp",
                    "log",
                    "lua",
                    "m4",
                    "make",
                    "mako",
                    "markdown",
                    "mason",
                    "matlab",
                    "mathematica",
                    "md",
                    "mercury",
                    "naccess",
                    "nim",
                    "nix",
                    "objc",
                    "objcpp",
                    "ocaml",
                    "octave",
                    "org",
                    "parrot",
                    "pdb",
                    "perl",
                    "php",
                    "pike",
                    "plist",
                    "plone",
                    "proto",
                    "pug",
                    "puppet",
                    "python",
                    "qml",
                    "racket",
                    "rake",
                    "restructuredtext",
                    "rs",
                    "r",
                    "rdoc",
                    "ruby",
                    "rust",
                    "salt",
                    "sass",
                    "scala",
                    "scheme",
                    "shell",
                    "smalltalk",
                    "sml",
                    "sql",
                    "stata",
                    "stylus",
                    "svg",
                    "swift",
                    "tcl",
                    "terraform",
                    "tex",
                    "thrift",
                    "tla",
                    "tt",
                    "toml",
                    "ts",
                    "twig",
                    "vala",
                    "vb",
                    "velocity",
                    "verilog",
                    "vhdl",
                    "vim",
                    "wix",
                    "wsdl",
                    "wadl",
                    "xml",
                    "yaml",
                ],
            ),
            flag("help", "h", &["help"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: ag,
    examples: examples![
        (Read, "ag -l foo src"),
        (Read, "ag --rust -i todo"),
        (Destructive, "ag --pager='rm -rf /etc' x"),
        (Secret, "ag --hidden x ~"),
    ],
    manual: "ag 2.2.0: ag --help",
};

fn ag(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("list-file-types") {
        r.note(Read, format!("{shown} lists file types"));
        return;
    }
    read_each(r, p.values("path-to-ignore"), scope, &shown);
    let mut paths: Vec<Arg> = p.operand_args().into_iter().skip(1).collect();
    if paths.is_empty() {
        paths.push(literal("."));
    }
    let hidden = p.has("hidden") || p.has("unrestricted");
    for path in &paths {
        search_tree(r, path, hidden, scope, &shown);
    }
    if let Some(pager) = p.last("pager") {
        runs_text(r, pager, scope, &shown, "a pager");
    }
    r.note(Read, format!("{shown} prints the lines that match"));
}

// ---------------------------------------------------------------------------
// ack.

pub const ACK: Program = Program {
    names: &["ack", "ack-grep"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("f", "f", &[]),
            flag("g", "g", &[]),
            flag("files-with-matches", "l", &["files-with-matches"]),
            flag("files-without-matches", "L", &["files-without-matches"]),
            flag("count", "c", &["count"]),
            flag("ignore-case", "i", &["ignore-case"]),
            flag(
                "smart-case",
                "S",
                &["smart-case", "nosmart-case", "no-smart-case"],
            ),
            flag("no-ignore-case", "I", &["no-ignore-case"]),
            flag("invert-match", "v", &["invert-match"]),
            flag("word-regexp", "w", &["word-regexp"]),
            flag("literal", "Q", &["literal"]),
            value("range-start", "", &["range-start"]),
            value("range-end", "", &["range-end"]),
            value("match", "", &["match"]),
            value("output", "", &["output"]),
            flag("o", "o", &[]),
            flag("passthru", "", &["passthru"]),
            value("max-count", "m", &["max-count"]),
            flag("1", "1", &[]),
            flag("with-filename", "H", &["with-filename"]),
            flag("no-filename", "h", &["no-filename"]),
            flag("column", "", &["column", "nocolumn", "no-column"]),
            value("after-context", "A", &["after-context"]),
            value("before-context", "B", &["before-context"]),
            attached("context", "C", &["context"]),
            flag("print0", "", &["print0"]),
            flag("s", "s", &[]),
            value("pager", "", &["pager"]),
            flag("nopager", "", &["nopager", "no-pager"]),
            flag("heading", "", &["heading", "noheading", "no-heading"]),
            flag("break", "", &["break", "nobreak", "no-break"]),
            flag("group", "", &["group", "nogroup", "no-group"]),
            value("proximate", "p", &["proximate"]),
            flag("P", "P", &[]),
            flag(
                "underline",
                "",
                &["underline", "nounderline", "no-underline"],
            ),
            flag(
                "color",
                "",
                &[
                    "color",
                    "nocolor",
                    "no-color",
                    "colour",
                    "nocolour",
                    "no-colour",
                ],
            ),
            value("color-filename", "", &["color-filename"]),
            value("color-match", "", &["color-match"]),
            value("color-colno", "", &["color-colno"]),
            value("color-lineno", "", &["color-lineno"]),
            flag("help-colors", "", &["help-colors"]),
            flag("help-rgb-colors", "", &["help-rgb-colors"]),
            flag("flush", "", &["flush"]),
            flag("sort-files", "", &["sort-files"]),
            flag("show-types", "", &["show-types"]),
            value("files-from", "", &["files-from"]),
            flag("x", "x", &[]),
            value(
                "ignore-dir",
                "",
                &[
                    "ignore-dir",
                    "noignore-dir",
                    "no-ignore-dir",
                    "ignore-directory",
                    "noignore-directory",
                    "no-ignore-directory",
                ],
            ),
            value("ignore-file", "", &["ignore-file"]),
            flag("recurse", "rR", &["recurse"]),
            flag("no-recurse", "n", &["no-recurse"]),
            flag("follow", "", &["follow", "nofollow", "no-follow"]),
            value("type", "t", &["type"]),
            value("T", "T", &[]),
            flag("known-types", "k", &["known-types"]),
            flag("help-types", "", &["help-types"]),
            value("type-set", "", &["type-set"]),
            value("type-add", "", &["type-add"]),
            value("type-del", "", &["type-del"]),
            flag("env", "", &["env", "noenv", "no-env"]),
            value("ackrc", "", &["ackrc"]),
            flag("ignore-ack-defaults", "", &["ignore-ack-defaults"]),
            flag("create-ackrc", "", &["create-ackrc"]),
            flag("dump", "", &["dump"]),
            flag("filter", "", &["filter", "nofilter", "no-filter"]),
            flag("man", "", &["man"]),
            flag("thpppt", "", &["thpppt", "bar", "cathy"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: ack,
    examples: examples![
        (Read, "ack -i todo src"),
        (Read, "ack -f --type=perl"),
        (Destructive, "ack --pager='rm -rf /etc' x"),
        (Opaque, "ack --ackrc=rc x"),
    ],
    manual: "ack v3.6.0: ack --help",
};

fn ack(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    if [
        "help",
        "version",
        "help-types",
        "help-colors",
        "help-rgb-colors",
        "create-ackrc",
        "dump",
        "man",
        "thpppt",
    ]
    .iter()
    .any(|k| p.has(k))
    {
        r.note(Read, format!("{shown} prints what it knows"));
        return;
    }
    if let Some(rc) = p.last("ackrc") {
        r.reads_file(rc, scope, &shown);
        r.note(
            Opaque,
            format!(
                "{shown} reads more options (a pager among them) from {}",
                rc.shown
            ),
        );
    }
    read_each(r, p.values("files-from"), scope, &shown);
    let listing = p.has("f") || p.has("match");
    let mut paths: Vec<Arg> = p
        .operand_args()
        .into_iter()
        .skip(if listing { 0 } else { 1 })
        .collect();
    if paths.is_empty() {
        paths.push(literal("."));
    }
    for path in &paths {
        search_tree(r, path, false, scope, &shown);
    }
    if let Some(pager) = p.last("pager") {
        runs_text(r, pager, scope, &shown, "a pager");
    }
    r.note(Read, format!("{shown} prints the lines that match"));
}

// ---------------------------------------------------------------------------
// fd.

pub(super) const FD_OPTIONS: &[Opt] = &[
    flag("hidden", "H", &["hidden", "no-hidden"]),
    flag("no-ignore", "I", &["no-ignore", "ignore"]),
    flag("no-ignore-vcs", "", &["no-ignore-vcs", "ignore-vcs"]),
    flag("no-ignore-parent", "", &["no-ignore-parent"]),
    flag("no-global-ignore-file", "", &["no-global-ignore-file"]),
    flag("unrestricted", "u", &["unrestricted"]),
    flag("case-sensitive", "s", &["case-sensitive"]),
    flag("ignore-case", "i", &["ignore-case"]),
    flag("glob", "g", &["glob"]),
    flag("regex", "", &["regex"]),
    flag("fixed-strings", "F", &["fixed-strings"]),
    value("and", "", &["and"]),
    flag("absolute-path", "a", &["absolute-path", "relative-path"]),
    flag("list-details", "l", &["list-details"]),
    flag("follow", "L", &["follow", "no-follow"]),
    flag("full-path", "p", &["full-path"]),
    flag("print0", "0", &["print0"]),
    value("max-depth", "d", &["max-depth", "maxdepth"]),
    value("min-depth", "", &["min-depth"]),
    value("exact-depth", "", &["exact-depth"]),
    value("exclude", "E", &["exclude"]),
    flag("prune", "", &["prune"]),
    value("type", "t", &["type"]),
    value("extension", "e", &["extension"]),
    value("size", "S", &["size"]),
    value(
        "changed-within",
        "",
        &[
            "changed-within",
            "change-newer-than",
            "newer",
            "changed-after",
        ],
    ),
    value(
        "changed-before",
        "",
        &["changed-before", "change-older-than", "older"],
    ),
    value("owner", "o", &["owner"]),
    value("batch-size", "", &["batch-size"]),
    value("ignore-file", "", &["ignore-file"]),
    value("color", "c", &["color"]),
    value("threads", "j", &["threads"]),
    value("max-results", "", &["max-results"]),
    flag("1", "1", &[]),
    flag("quiet", "q", &["quiet", "has-results"]),
    flag("show-errors", "", &["show-errors"]),
    value("base-directory", "", &["base-directory"]),
    value("path-separator", "", &["path-separator"]),
    value("search-path", "", &["search-path"]),
    flag("strip-cwd-prefix", "", &["strip-cwd-prefix"]),
    flag("one-file-system", "", &["one-file-system", "mount", "xdev"]),
    value("gen-completions", "", &["gen-completions"]),
    value("format", "", &["format"]),
    flag("help", "h", &["help"]),
    flag("version", "V", &["version"]),
];

pub const FD: Program = Program {
    names: &["fd", "fdfind"],
    // `-x`/`-X` take the rest of the command up to a `;`.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: fd,
    examples: examples![
        (Read, "fd -e rs"),
        (Read, "fdfind -H -t f config src"),
        (Read, "fd -e rs -x wc -l"),
        (TargetWrite, "fd -e o -x rm"),
        (TargetWrite, "fd -e orig -X rm {} \\;"),
        (Destructive, "fd . ../.. -x rm -rf"),
        (Destructive, "fd -H . ../.. -X rm -rf {}"),
        (Destructive, "fd --base-directory ../.. -x rm -rf {}"),
        (Secret, "fd -H . ~ -x cat"),
        (Opaque, "fd -x \"$CMD\""),
        (Opaque, "fd --bogus"),
    ],
    manual: "fd 8.6.0: fdfind --help",
};

fn fd(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    // Set the commands aside, then read the rest with the grammar.
    let mut rest: Vec<Arg> = Vec::new();
    let mut commands: Vec<(bool, Vec<Arg>)> = Vec::new();
    let mut i = 0;
    let mut options_done = false;
    while i < args.len() {
        let word = args[i].text();
        let batch = match word {
            _ if options_done => None,
            Some("-x" | "--exec") => Some(false),
            Some("-X" | "--exec-batch") => Some(true),
            Some("--") => {
                options_done = true;
                None
            }
            _ => None,
        };
        match batch {
            Some(batch) => {
                let end = args[i + 1..]
                    .iter()
                    .position(|a| a.text() == Some(";"))
                    .map_or(args.len(), |p| i + 1 + p);
                commands.push((batch, args[i + 1..end].to_vec()));
                i = end + 1;
            }
            None => {
                rest.push(args[i].clone());
                i += 1;
            }
        }
    }
    let grammar = Grammar {
        style: Style::CLAP,
        options: FD_OPTIONS,
    };
    let p = crate::argv::parse(&grammar, &rest, 1);
    if let Some(problem) = &p.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence(run.name)));
        return;
    }
    if p.has("help") || p.has("version") || p.has("gen-completions") {
        r.note(Read, format!("{shown} prints what it knows"));
        return;
    }
    let mut here = scope.clone();
    if let Some(dir) = p.last("base-directory") {
        here.cwd = directory(r, dir, scope);
    }
    read_each(r, p.values("ignore-file"), &here, &shown);
    let operands = p.operand_args();
    let mut paths: Vec<Arg> = operands.iter().skip(1).cloned().collect();
    paths.extend(p.values("search-path").cloned());
    if paths.is_empty() {
        paths.push(literal("."));
    }
    let hidden = p.has("hidden") || p.has("unrestricted");
    let extensions: Vec<String> = p
        .values("extension")
        .map(|e| format!("*.{}", e.text().unwrap_or("*").trim_start_matches('.')))
        .collect();
    let last = if extensions.is_empty() {
        vec!["*".to_owned()]
    } else {
        extensions
    };
    let found_paths: Vec<Arg> = paths.iter().map(|s| found(s, &last, hidden)).collect();
    if p.has("list-details") {
        commands.push((true, vec![literal("ls"), literal("-l")]));
    }
    for (_, command) in &commands {
        let Some(program) = command.first() else {
            r.note(Opaque, format!("{shown}: an -x with no command"));
            continue;
        };
        if program.text().is_none() {
            r.note(
                Opaque,
                format!("{shown} runs `{}`, only known when it runs", program.shown),
            );
            continue;
        }
        let placeholders = ["{}", "{.}", "{/}", "{//}", "{/.}"];
        let has = command.iter().any(|a| {
            a.text()
                .is_some_and(|t| placeholders.iter().any(|m| t.contains(m)))
        });
        for f in &found_paths {
            let mut argv: Vec<Arg> = command
                .iter()
                .map(|a| {
                    let a = replace_found(a, "{//}", f);
                    let a = replace_found(&a, "{/.}", &literal("*"));
                    let a = replace_found(&a, "{/}", &literal("*"));
                    let a = replace_found(&a, "{.}", f);
                    replace_found(&a, "{}", f)
                })
                .collect();
            if !has {
                argv.push(f.clone());
            }
            let inv = Invocation::of_words(argv);
            r.read_invocation(&inv, &mut here.clone());
        }
    }
    for path in &paths {
        if commands.is_empty() {
            r.reads_file(path, &here, &shown);
        } else {
            r.reads_beneath(path, &here, &shown, hidden);
        }
    }
    r.note(Read, format!("{shown} lists the paths that match"));
}

// ---------------------------------------------------------------------------
// find.

pub const FIND: Program = Program {
    names: &["find", "gfind"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: find,
    examples: examples![
        (Read, "find . -name '*.rs' -not -path './target/*'"),
        (Read, "find src -type f | sort"),
        (Read, "find . -maxdepth 2 -type d -print0"),
        (Read, "find -L . -name x"),
        (Read, "find . -newer Cargo.toml -printf '%p\\n'"),
        (Read, "find . -name '*.rs' -exec grep -l unsafe {} +"),
        (TargetWrite, "find . -name '*.o' -exec rm {} +"),
        (TargetWrite, "find . -name '*.o' -delete"),
        (TargetWrite, "find target -type f -delete"),
        (TargetWrite, "find . -iname '*.ORIG' -exec rm {} \\;"),
        (
            TargetWrite,
            "find . -name '*.rs' -exec sed -i 's/a/b/' {} +",
        ),
        (TargetWrite, "find . -fprint files.txt"),
        (Destructive, "find . -type f -exec sed -i 's/a/b/g' {} \\;"),
        (Destructive, "find ../.. -name '*.o' -delete"),
        (Destructive, "find ../.. -exec rm {} +"),
        (Destructive, "find .. -name x -exec rm {} +"),
        (Destructive, "find /etc -delete"),
        (Destructive, "find . -fprint ../../.wicket/x"),
        (Destructive, "find . -fprintf ../../repo.git/config '%p'"),
        (Destructive, "find . -fls {ws}/.wicket/l"),
        (Destructive, "find / -exec rm -rf {} +"),
        (
            Destructive,
            "find ../../repo.git -name config -exec cp x {} \\;",
        ),
        (Destructive, "find /tmp -delete"),
        (OpenWorld, "find /tmp/build -delete"),
        (Secret, "find ~ -type f -exec cat {} +"),
        (Secret, "find . -name '.env*' -exec cat {} +"),
        (Secret, "find . -path '*/.ssh/*' -exec head {} \\;"),
        (Secret, "find ~/.ssh -name 'id_*' -exec cat {} +"),
        (Read, "find . -name '*.pem'"),
        (Read, "find ~/.ssh -name '*.pub'"),
        (Read, "find . -name '.env*' -exec ls -l {} +"),
        (Read, "find . -name '.env*' -exec wc -l {} +"),
        (Opaque, "find . -files0-from list -delete"),
        (Opaque, "find -L . -delete"),
        (Opaque, "find . -name x -exec \"$CMD\" {} \\;"),
        (Opaque, "find . -bogus"),
        (Opaque, "find \"$dir\" -name x"),
        (Read, "find . -exec rm {}"),
        (Opaque, "find . -name '.env*' -exec cat {} \"$end\""),
    ],
    manual: "find (GNU findutils) 4.9.0: find --help",
};

/// find's primaries that take no argument.
const FIND_NULLARY: &[&str] = &[
    "-daystart",
    "-depth",
    "-d",
    "-follow",
    "-ignore_readdir_race",
    "-noignore_readdir_race",
    "-mount",
    "-xdev",
    "-noleaf",
    "-warn",
    "-nowarn",
    "-posix",
    "-empty",
    "-executable",
    "-false",
    "-true",
    "-nogroup",
    "-nouser",
    "-readable",
    "-writable",
    "-print",
    "-print0",
    "-prune",
    "-quit",
    "-ls",
    "-delete",
    "-not",
    "-a",
    "-and",
    "-o",
    "-or",
    "!",
    "(",
    ")",
    ",",
    "-help",
    "--help",
    "-version",
    "--version",
];

/// find's primaries that take one argument.
const FIND_UNARY: &[&str] = &[
    "-regextype",
    "-maxdepth",
    "-mindepth",
    "-files0-from",
    "-amin",
    "-anewer",
    "-atime",
    "-cmin",
    "-cnewer",
    "-ctime",
    "-mmin",
    "-mtime",
    "-newer",
    "-fstype",
    "-gid",
    "-group",
    "-ilname",
    "-iname",
    "-inum",
    "-ipath",
    "-iregex",
    "-iwholename",
    "-links",
    "-lname",
    "-name",
    "-path",
    "-perm",
    "-regex",
    "-samefile",
    "-size",
    "-type",
    "-uid",
    "-used",
    "-user",
    "-wholename",
    "-xtype",
    "-context",
    "-fls",
    "-fprint",
    "-fprint0",
    "-printf",
];

/// `-newerXY`: X one of `aBcm`, Y one of `aBcmt`.
fn is_newer_xy(word: &str) -> bool {
    let xy = word.strip_prefix("-newer").unwrap_or("").as_bytes();
    xy.len() == 2 && b"aBcm".contains(&xy[0]) && b"aBcmt".contains(&xy[1])
}

/// Programs that, given found paths, change or describe them without
/// printing what is in them.
const NAMES_ONLY: &[&str] = &[
    "rm", "rmdir", "unlink", "shred", "chmod", "chown", "chgrp", "touch", "ls", "stat", "du",
    "file", "wc", "test", "[", "true", "false", "echo", "printf", "basename", "dirname",
    "realpath", "readlink",
];

fn find(r: &mut Reader, run: &Run, scope: &mut Scope) {
    // Listing names is not reading: its starting points and patterns only
    // name paths (`find ~/.ssh -name '*.pub'`). What a program it runs on
    // the found paths reads is read below.
    r.names_only(run.inv);
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut i = 0;
    let mut follow = false;
    // -H follows a starting point that is a link (the last of -H/-L/-P
    // counts): `find -H src -delete` empties what `src` leads to.
    let mut follow_starts = false;
    // -H -L -P -D debug -Olevel, before the starting points.
    while i < args.len() {
        match args[i].text() {
            Some("-L") => {
                follow = true;
                follow_starts = false;
                i += 1;
            }
            Some("-H") => {
                follow = false;
                follow_starts = true;
                i += 1;
            }
            Some("-P") => {
                follow = false;
                follow_starts = false;
                i += 1;
            }
            Some("-D") => i += 2,
            Some(w) if w.starts_with("-O") && w[2..].bytes().all(|b| b.is_ascii_digit()) => i += 1,
            _ => break,
        }
    }
    let mut starts: Vec<Arg> = Vec::new();
    while i < args.len() {
        let arg = &args[i];
        match arg.text() {
            Some(w) if w.starts_with('-') && w.len() > 1 || matches!(w, "(" | "!" | ")" | ",") => {
                break
            }
            None if could_be_option(arg) => {
                r.note(
                    Opaque,
                    format!("{shown}: find's word `{}` is only known when it runs, and could be an expression", arg.shown),
                );
                return;
            }
            _ => {
                starts.push(arg.clone());
                i += 1;
            }
        }
    }
    let expression = &args[i.min(args.len())..];
    // First pass: the shape of the expression (what -name constrains), and
    // every word read as find reads it.
    let mut names: Vec<String> = Vec::new();
    // Every name or path test not negated: one aimed at a secret
    // (`-name '.env*'`, `-path '*/.ssh/*'`) hands secrets to the program.
    let mut aims: Vec<String> = Vec::new();
    let mut alternatives = false;
    let mut k = 0;
    let mut negated = false;
    let mut depth = 0usize;
    let mut actions: Vec<(usize, &str)> = Vec::new();
    let mut files_from: Option<Arg> = None;
    while k < expression.len() {
        let arg = &expression[k];
        let Some(word) = arg.text() else {
            r.note(
                Opaque,
                format!(
                    "{shown}: find's word `{}` is only known when it runs, and could be a primary",
                    arg.shown
                ),
            );
            return;
        };
        match word {
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                let end = expression[k + 1..]
                    .iter()
                    .position(|a| a.text() == Some(";") || a.text() == Some("+"))
                    .map(|p| k + 1 + p);
                // With no literal `;` or `+`, a word only known when it runs
                // may be the one that ends the command.
                let unknown = match end {
                    Some(_) => None,
                    None => expression[k + 1..].iter().find(|a| a.text().is_none()),
                };
                if let Some(unknown) = unknown {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: `{}` is only known when it runs, and could end the {word} command",
                            unknown.shown
                        ),
                    );
                    return;
                }
                let Some(end) = end else {
                    r.note(
                        Read,
                        format!(
                            "{shown}: find refuses an {word} with no `;` or `+` and runs nothing"
                        ),
                    );
                    return;
                };
                actions.push((k, word));
                k = end + 1;
                negated = false;
                continue;
            }
            "-fprintf" => {
                actions.push((k, word));
                k += 3;
            }
            "-delete" | "-fls" | "-fprint" | "-fprint0" => {
                actions.push((k, word));
                k += if word == "-delete" { 1 } else { 2 };
            }
            "-help" | "--help" | "-version" | "--version" => {
                r.note(Read, format!("{shown} prints its help or version"));
                return;
            }
            "-follow" => {
                follow = true;
                k += 1;
            }
            "-o" | "-or" | "," => {
                if depth == 0 {
                    alternatives = true;
                }
                k += 1;
            }
            "!" | "-not" => {
                negated = true;
                k += 1;
                continue;
            }
            "(" => {
                depth += 1;
                k += 1;
            }
            ")" => {
                depth = depth.saturating_sub(1);
                k += 1;
            }
            "-path" | "-ipath" | "-wholename" | "-iwholename" | "-name" | "-iname" => {
                if let Some(pattern) = expression.get(k + 1).and_then(Arg::text) {
                    let folded = if word.starts_with("-i") {
                        any_case(pattern)
                    } else {
                        pattern.to_owned()
                    };
                    if !negated {
                        aims.push(folded.clone());
                    }
                    if depth == 0
                        && !negated
                        && word.ends_with("name")
                        && !word.ends_with("wholename")
                    {
                        names.push(folded);
                    }
                }
                k += 2;
            }
            "-files0-from" => {
                files_from = expression.get(k + 1).cloned();
                k += 2;
            }
            w if FIND_NULLARY.contains(&w) => k += 1,
            w if FIND_UNARY.contains(&w) || is_newer_xy(w) => k += 2,
            w => {
                r.note(
                    Opaque,
                    format!("{shown}: find's primary `{w}` is not one wicket's description of find knows"),
                );
                return;
            }
        }
        negated = false;
    }
    if let Some(list) = &files_from {
        r.reads_file(list, scope, &shown);
        if !actions.is_empty() {
            r.note(
                Opaque,
                format!(
                    "{shown} acts on starting points listed in {}, only known when it runs",
                    list.shown
                ),
            );
            return;
        }
    }
    if starts.is_empty() {
        starts.push(literal("."));
    }
    if follow && !actions.is_empty() {
        r.note(
            Opaque,
            format!("{shown} follows symbolic links, so what it acts on beneath its starting points can be anywhere"),
        );
        return;
    }
    // -H acts where a starting point leads: one that is only known when it
    // runs (a directory now beneath a tree this command filled unseen,
    // which may be a link by then) is placed for the delete as the entry
    // itself, which -H does not delete.
    if follow_starts && !actions.is_empty() {
        for start in &starts {
            for place in r.places(start, scope) {
                if let crate::place::Place::Unknown(p) = &place {
                    r.note(
                        Opaque,
                        format!(
                            "{shown} follows its starting point `{p}` (-H), and where that leads is \
                             only known when it runs"
                        ),
                    );
                    return;
                }
            }
        }
    }
    // One -name constrains every found path, unless an -o offers others.
    let last: Vec<String> = match (alternatives, names.first()) {
        (false, Some(name)) => vec![name.clone()],
        _ => vec!["*".into()],
    };
    for (at, action) in actions {
        match action {
            "-delete" => {
                for start in &starts {
                    r.spares_top.set(true);
                    r.change(start, scope, Change::Delete, Reach::Tree, &shown);
                    r.spares_top.set(false);
                    // What it deletes is each found path, hidden ones
                    // included: from the worktree's top, its `.git`
                    // (`find . -type f -delete` deleted it, verified under
                    // dash).
                    let root = r.ctx.writable_root.trim_end_matches('/').to_owned();
                    let at_top = r
                        .places(start, scope)
                        .iter()
                        .any(|p| matches!(p, crate::place::Place::Inside(p) if *p == root));
                    if at_top {
                        let found_paths = found(start, &last, true);
                        r.change(&found_paths, scope, Change::Delete, Reach::Path, &shown);
                    }
                }
            }
            "-fprint" | "-fprint0" | "-fls" | "-fprintf" => {
                if let Some(file) = expression.get(at + 1) {
                    super::text::output(r, file, scope, &shown);
                }
            }
            _ => {
                let end = expression[at + 1..]
                    .iter()
                    .position(|a| a.text() == Some(";") || a.text() == Some("+"))
                    .map_or(expression.len(), |p| at + 1 + p);
                let command = &expression[at + 1..end];
                if command.is_empty() {
                    r.note(
                        Read,
                        format!("{shown}: {action} names no command and find refuses it"),
                    );
                    continue;
                }
                let in_dir = action.ends_with("dir");
                for start in &starts {
                    let found_paths = found(start, &last, true);
                    let argv: Vec<Arg> = command
                        .iter()
                        .map(|a| replace_found(a, "{}", &found_paths))
                        .collect();
                    let shows_contents = !command
                        .first()
                        .and_then(Arg::text)
                        .is_some_and(|p| NAMES_ONLY.contains(&p.rsplit('/').next().unwrap_or(p)));
                    if shows_contents
                        && command
                            .iter()
                            .skip(1)
                            .any(|a| a.text().is_some_and(|t| t.contains("{}")))
                    {
                        let aimed = aims.iter().find_map(|pattern| {
                            crate::secrets::secret_in_pattern(r, pattern)
                                .map(|what| (pattern.clone(), what))
                        });
                        if let Some((pattern, what)) = aimed {
                            r.guard(
                                Secret,
                                format!("{shown} runs a program on what `{pattern}` matches, secrets ({what})"),
                            );
                        }
                        r.reads_tree(start, scope, &shown);
                    }
                    let mut inner = scope.clone();
                    if in_dir {
                        // Run in each found path's own directory: relative
                        // names in the command are not known.
                        inner.cwd = None;
                    }
                    let inv = Invocation::of_words(argv);
                    r.read_invocation(&inv, &mut inner);
                }
            }
        }
    }
    r.note(Read, format!("{shown} lists what it finds"));
}
