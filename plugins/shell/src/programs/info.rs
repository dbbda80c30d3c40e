//! Programs that report on the system and on files: listings (`ls`,
//! `tree`, `stat`, `du`, `file`), names (`basename`, `realpath`), the
//! shell's own reporting builtins (`echo`, `printf`, `test`, `type`, …), the
//! machine (`uname`, `ps`, `free`, …). They read; the few forms that change
//! something are read as such: `tree -o FILE` and `tree -R` write, `file -C`
//! compiles a magic file into the working directory, `date -s` and
//! `hostname NAME` set the machine's clock and name, `ps e` prints the
//! environment (`printenv` is with the credential printers, secrets.rs),
//! `jobs -x` and `compgen -C` run a command.

use wicket_guest::Effect::*;

use crate::argv::{attached, flag, value, Grammar, Style};
use crate::read::{Arg, Change, Reach, Reader, Scope};

use super::text::{
    could_be_option, literal, output, parse_reader, prints_only, read_each, HELP, VERSION,
};
use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &LS,
    &TREE,
    &FILE,
    &STAT,
    &DU,
    &DF,
    &BASENAME,
    &DIRNAME,
    &REALPATH,
    &READLINK,
    &PWD,
    &ECHO,
    &PRINTF,
    &TRUE,
    &TEST,
    &EXPR,
    &SEQ,
    &YES,
    &SLEEP,
    &DATE,
    &CAL,
    &ID,
    &NAMES,
    &UNAME,
    &HOSTNAME,
    &NPROC,
    &UPTIME,
    &FREE,
    &PS,
    &TOP,
    &WHICH,
    &WHEREIS,
    &TYPE,
    &OBSERVERS,
    &UMASK,
    &SHELL_STATE,
    &JOBS,
    &COMPGEN,
    &MAN,
    &INFO,
    &UNITS,
    &NUMFMT,
    &LOOK,
    &FACTOR,
    &STTY,
];

/// Reads nothing but its own arguments and the system; prints.
fn reports(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    r.note(Read, format!("{} reports and changes nothing", run.shown()));
}

/// Every operand is a path it looks at (a name, not its contents).
fn looks_at(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    let _ = scope;
    r.note(Read, format!("{shown} describes what it names"));
}

// ---------------------------------------------------------------------------
// Listings.

pub(super) const LS_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("all", "a", &["all"]),
        flag("almost-all", "A", &["almost-all"]),
        flag("author", "", &["author"]),
        flag("escape", "b", &["escape"]),
        value("block-size", "", &["block-size"]),
        flag("ignore-backups", "B", &["ignore-backups"]),
        flag("c", "c", &[]),
        flag("C", "C", &[]),
        attached("color", "", &["color"]),
        flag("directory", "d", &["directory"]),
        flag("dired", "D", &["dired"]),
        flag("f", "f", &[]),
        flag("F", "F", &[]),
        attached("classify", "", &["classify"]),
        flag("file-type", "", &["file-type"]),
        value("format", "", &["format"]),
        flag("full-time", "", &["full-time"]),
        flag("g", "g", &[]),
        flag("group-directories-first", "", &["group-directories-first"]),
        flag("no-group", "G", &["no-group"]),
        flag("human-readable", "h", &["human-readable"]),
        flag("si", "", &["si"]),
        flag(
            "dereference-command-line",
            "H",
            &["dereference-command-line"],
        ),
        flag(
            "dereference-command-line-symlink-to-dir",
            "",
            &["dereference-command-line-symlink-to-dir"],
        ),
        value("hide", "", &["hide"]),
        attached("hyperlink", "", &["hyperlink"]),
        value("indicator-style", "", &["indicator-style"]),
        flag("inode", "i", &["inode"]),
        value("ignore", "I", &["ignore"]),
        flag("kibibytes", "k", &["kibibytes"]),
        flag("l", "l", &[]),
        flag("dereference", "L", &["dereference"]),
        flag("m", "m", &[]),
        flag("numeric-uid-gid", "n", &["numeric-uid-gid"]),
        flag("literal", "N", &["literal"]),
        flag("o", "o", &[]),
        flag("p", "p", &[]),
        flag("hide-control-chars", "q", &["hide-control-chars"]),
        flag("show-control-chars", "", &["show-control-chars"]),
        flag("quote-name", "Q", &["quote-name"]),
        value("quoting-style", "", &["quoting-style"]),
        flag("reverse", "r", &["reverse"]),
        flag("recursive", "R", &["recursive"]),
        flag("size", "s", &["size"]),
        flag("S", "S", &[]),
        value("sort", "", &["sort"]),
        value("time", "", &["time"]),
        value("time-style", "", &["time-style"]),
        flag("t", "t", &[]),
        value("tabsize", "T", &["tabsize"]),
        flag("u", "u", &[]),
        flag("U", "U", &[]),
        flag("v", "v", &[]),
        value("width", "w", &["width"]),
        flag("x", "x", &[]),
        flag("X", "X", &[]),
        flag("context", "Z", &["context"]),
        flag("zero", "", &["zero"]),
        flag("1", "1", &[]),
        flag("lcontext", "", &["lcontext"]),
        HELP,
        VERSION,
    ],
};

pub const LS: Program = Program {
    names: &["ls", "dir", "vdir"],
    // None of its options writes or runs: see `parse_reader`.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: looks_at_ls,
    examples: examples![
        (Read, "ls -la"),
        (Read, "ls -1"),
        (Read, "ls --color=auto -lh src"),
        (
            Read,
            "ls -la --time-style=long-iso -I target --hide='*.o' -w 80",
        ),
        (Read, "ls -R ../.."),
        (Read, "ls ../../repo.git"),
        (Read, "ls src/*.rs | head"),
        // Listing names is not reading: no key is printed.
        (Read, "ls -la ~/.ssh"),
        (Opaque, "ls --bogus"),
        (Opaque, "ls --c"),
    ],
    manual: "ls (GNU coreutils) 9.1: ls --help",
};

pub const TREE: Program = Program {
    names: &["tree"],
    // tree reads its own options: letters bundle, `-P -I -H -T -o` take the
    // next word, `-L` digits attached or the next word, long options exact
    // (those with a value take `=VALUE` or the next word).
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: tree,
    examples: examples![
        (Read, "tree -L 2"),
        (Read, "tree -a -I 'node_modules|target' -L3 src"),
        (Read, "tree --dirsfirst --noreport -d"),
        (TargetWrite, "tree -o tree.txt"),
        (TargetWrite, "tree -H . -L 1 -R src"),
        (Destructive, "tree -o ../../.wicket/x"),
        (Destructive, "tree -ao ../../repo.git/config"),
        (Destructive, "tree src -o {ws}/repo.git/HEAD"),
        (Destructive, "tree -L 1 -R ../.."),
        (OpenWorld, "tree -o /tmp/t.txt"),
        (Secret, "tree -a ~/.ssh"),
        (Opaque, "tree --bogus"),
    ],
    manual: "tree v2.1.0 (tree --help; later versions' --condense, --compress, --hyperlink, --scheme, --authority, --filesfirst, --opt-toggle too)",
};

const TREE_LETTERS: &str = "NqQdlshugfFapiCnxAStcrvUXJRD";
const TREE_LONG_FLAGS: &[&str] = &[
    "help",
    "version",
    "inodes",
    "device",
    "noreport",
    "nolinks",
    "dirsfirst",
    "filesfirst",
    "si",
    "du",
    "prune",
    "ignore-case",
    "matchdirs",
    "fromfile",
    "fromtabfile",
    "metafirst",
    "gitignore",
    "info",
    "fflinks",
    "hyperlink",
    "opt-toggle",
    "condense",
    "acl",
    "selinux",
];
const TREE_LONG_VALUES: &[&str] = &[
    "filelimit",
    "charset",
    "timefmt",
    "sort",
    "gitfile",
    "infofile",
    "hintro",
    "houtro",
    "scheme",
    "authority",
    "compress",
];

fn tree(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut dirs: Vec<Arg> = Vec::new();
    let mut out: Option<Arg> = None;
    let mut level = false;
    let mut rerun = false;
    let mut reads: Vec<Arg> = Vec::new();
    let mut i = 0;
    let mut options_done = false;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let Some(word) = arg.text() else {
            if !options_done && could_be_option(arg) {
                r.note(
                    Opaque,
                    format!("{shown}: tree's word `{}` is only known when it runs, and could be an option", arg.shown),
                );
                return;
            }
            dirs.push(arg.clone());
            continue;
        };
        if options_done || !word.starts_with('-') || word == "-" {
            dirs.push(arg.clone());
            continue;
        }
        if word == "--" {
            options_done = true;
            continue;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(literal(v))),
                None => (long, None),
            };
            if TREE_LONG_FLAGS.contains(&long) {
                if matches!(long, "help" | "version") {
                    r.note(Read, format!("{shown} prints its help or version"));
                    return;
                }
                continue;
            }
            if TREE_LONG_VALUES.contains(&name) {
                let value = inline.or_else(|| {
                    i += 1;
                    args.get(i - 1).cloned()
                });
                if matches!(name, "gitfile" | "infofile" | "hintro" | "houtro") {
                    reads.extend(value);
                }
                continue;
            }
            r.note(
                Opaque,
                format!(
                    "{shown}: tree's option `{word}` is not one wicket's description of tree knows"
                ),
            );
            return;
        }
        let letters: Vec<char> = word[1..].chars().collect();
        let mut k = 0;
        while k < letters.len() {
            let c = letters[k];
            k += 1;
            match c {
                'P' | 'I' | 'H' | 'T' | 'o' => {
                    let value = args.get(i).cloned();
                    i += 1;
                    if c == 'o' {
                        out = value;
                    }
                }
                'L' => {
                    level = true;
                    if letters.get(k).is_some_and(char::is_ascii_digit) {
                        while letters.get(k).is_some_and(char::is_ascii_digit) {
                            k += 1;
                        }
                    } else {
                        i += 1;
                    }
                }
                'R' => rerun = true,
                c if TREE_LETTERS.contains(c) => {}
                c => {
                    r.note(
                        Opaque,
                        format!("{shown}: tree's option `-{c}` is not one wicket's description of tree knows"),
                    );
                    return;
                }
            }
        }
    }
    read_each(r, &reads, scope, &shown);
    if dirs.is_empty() {
        dirs.push(literal("."));
    }
    read_each(r, &dirs, scope, &shown);
    if let Some(out) = &out {
        output(r, out, scope, &shown);
    }
    if rerun && level {
        // At the deepest level tree runs itself again with `-o 00Tree.html`
        // in each directory beneath.
        for dir in &dirs {
            r.change(dir, scope, Change::Write, Reach::Tree, &shown);
        }
    }
    r.note(Read, format!("{shown} lists what it finds"));
}

pub const FILE: Program = Program {
    names: &["file"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            HELP,
            flag("version", "v", &["version"]),
            value("magic-file", "m", &["magic-file"]),
            flag("uncompress", "z", &["uncompress"]),
            flag("uncompress-noreport", "Z", &["uncompress-noreport"]),
            flag("brief", "b", &["brief"]),
            flag("checking-printout", "c", &["checking-printout"]),
            value("exclude", "e", &["exclude"]),
            value("exclude-quiet", "", &["exclude-quiet"]),
            value("files-from", "f", &["files-from"]),
            value("separator", "F", &["separator"]),
            flag("mime", "i", &["mime"]),
            flag("apple", "", &["apple"]),
            flag("extension", "", &["extension"]),
            flag("mime-type", "", &["mime-type"]),
            flag("mime-encoding", "", &["mime-encoding"]),
            flag("keep-going", "k", &["keep-going"]),
            flag("list", "l", &["list"]),
            flag("dereference", "L", &["dereference"]),
            flag("no-dereference", "h", &["no-dereference"]),
            flag("no-buffer", "n", &["no-buffer"]),
            flag("no-pad", "N", &["no-pad"]),
            flag("print0", "0", &["print0"]),
            flag("preserve-date", "p", &["preserve-date"]),
            value("parameter", "P", &["parameter"]),
            flag("raw", "r", &["raw"]),
            flag("special-files", "s", &["special-files"]),
            flag("no-sandbox", "S", &["no-sandbox"]),
            flag("compile", "C", &["compile"]),
            flag("debug", "d", &["debug"]),
            flag("E", "E", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: file,
    examples: examples![
        (Read, "file target/release/app"),
        (Read, "find . -name '*.o' | xargs file"),
        // find's listing is not vouched for (it can print .git): the words
        // xargs appends could be options, and `-C` writes.
        (Opaque, "find . -type f | xargs file"),
        (Read, "file -b --mime-type x.png"),
        (TargetWrite, "file -C -m my.magic"),
        (Read, "file -f list.txt"),
        (Read, "cat list | xargs file --"),
        (Secret, "file ~/.ssh/id_rsa"),
    ],
    manual: "file-5.44: file --help",
};

fn file(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    read_each(r, p.values("files-from"), scope, &shown);
    read_each(r, p.values("magic-file"), scope, &shown);
    if p.has("compile") {
        // Compiles each magic file into `NAME.mgc` in the working directory.
        let magic: Vec<String> = p
            .values("magic-file")
            .filter_map(Arg::text)
            .flat_map(|m| m.split(':').map(str::to_owned).collect::<Vec<_>>())
            .collect();
        let names = if magic.is_empty() {
            vec!["magic".to_owned()]
        } else {
            magic
        };
        for name in names {
            let base = name.rsplit('/').next().unwrap_or(&name);
            output(r, &literal(&format!("{base}.mgc")), scope, &shown);
        }
        return;
    }
    // It prints each file's type, not what is in it: an operand known only
    // when it runs (`… | xargs file`) reveals nothing a listing would not.
    // A literal secret among its words keeps its mention.
    r.note(Read, format!("{shown} describes what it reads"));
}

pub(super) const STAT_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("dereference", "L", &["dereference"]),
        flag("file-system", "f", &["file-system"]),
        value("cached", "", &["cached"]),
        value("format", "c", &["format"]),
        value("printf", "", &["printf"]),
        flag("terse", "t", &["terse"]),
        HELP,
        VERSION,
    ],
};

pub const STAT: Program = Program {
    names: &["stat"],
    // None of its options writes or runs: see `parse_reader`.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: looks_at_stat,
    examples: examples![
        (Read, "stat -c '%s %n' src/main.rs"),
        (Read, "stat --printf='%y\\n' f"),
        (Read, "stat ../../repo.git/config"),
    ],
    manual: "stat (GNU coreutils) 9.1: stat --help",
};

pub(super) const DU_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("null", "0", &["null"]),
        flag("all", "a", &["all"]),
        flag("apparent-size", "", &["apparent-size"]),
        value("block-size", "B", &["block-size"]),
        flag("bytes", "b", &["bytes"]),
        flag("total", "c", &["total"]),
        flag("dereference-args", "D", &["dereference-args"]),
        value("max-depth", "d", &["max-depth"]),
        value("files0-from", "", &["files0-from"]),
        flag("H", "H", &[]),
        flag("human-readable", "h", &["human-readable"]),
        flag("inodes", "", &["inodes"]),
        flag("k", "k", &[]),
        flag("dereference", "L", &["dereference"]),
        flag("count-links", "l", &["count-links"]),
        flag("m", "m", &[]),
        flag("no-dereference", "P", &["no-dereference"]),
        flag("separate-dirs", "S", &["separate-dirs"]),
        flag("si", "", &["si"]),
        flag("summarize", "s", &["summarize"]),
        value("threshold", "t", &["threshold"]),
        attached("time", "", &["time"]),
        value("time-style", "", &["time-style"]),
        value("exclude-from", "X", &["exclude-from"]),
        value("exclude", "", &["exclude"]),
        flag("one-file-system", "x", &["one-file-system"]),
        HELP,
        VERSION,
    ],
};

pub const DU: Program = Program {
    names: &["du"],
    // None of its options writes or runs: see `parse_reader`.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: du_du,
    examples: examples![
        (Read, "du -sh target"),
        (Read, "du -sh * | sort -h"),
        (Read, "du -h --max-depth=1 ."),
        (Read, "du -sh ~"),
    ],
    manual: "du (GNU coreutils) 9.1: du --help",
};

fn du(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    read_each(r, run.parsed.values("files0-from"), scope, &shown);
    read_each(r, run.parsed.values("exclude-from"), scope, &shown);
    read_each(r, run.parsed.operands.iter().map(|(_, a)| a), scope, &shown);
    r.note(Read, format!("{shown} measures what it names"));
}

pub const DF: Program = Program {
    names: &["df"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("all", "a", &["all"]),
            value("block-size", "B", &["block-size"]),
            flag("human-readable", "h", &["human-readable"]),
            flag("si", "H", &["si"]),
            flag("inodes", "i", &["inodes"]),
            flag("k", "k", &[]),
            flag("local", "l", &["local"]),
            flag("no-sync", "", &["no-sync"]),
            attached("output", "", &["output"]),
            flag("portability", "P", &["portability"]),
            flag("sync", "", &["sync"]),
            flag("total", "", &["total"]),
            value("type", "t", &["type"]),
            flag("print-type", "T", &["print-type"]),
            value("exclude-type", "x", &["exclude-type"]),
            flag("v", "v", &[]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: looks_at,
    examples: examples![(Read, "df -h"), (Read, "df -h --output=source,avail .")],
    manual: "df (GNU coreutils) 9.1: df --help",
};

pub const BASENAME: Program = Program {
    names: &["basename"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("multiple", "a", &["multiple"]),
            value("suffix", "s", &["suffix"]),
            flag("zero", "z", &["zero"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: reports,
    examples: examples![
        (Read, "basename src/main.rs .rs"),
        (Read, "basename -a a/b c/d"),
    ],
    manual: "basename (GNU coreutils) 9.1: basename --help",
};

pub const DIRNAME: Program = Program {
    names: &["dirname"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[flag("zero", "z", &["zero"]), HELP, VERSION],
    }),
    output: None,
    lists_paths_under: None,
    read: reports,
    examples: examples![(Read, "dirname src/main.rs")],
    manual: "dirname (GNU coreutils) 9.1: dirname --help",
};

pub const REALPATH: Program = Program {
    names: &["realpath"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("canonicalize-existing", "e", &["canonicalize-existing"]),
            flag("canonicalize-missing", "m", &["canonicalize-missing"]),
            flag("logical", "L", &["logical"]),
            flag("physical", "P", &["physical"]),
            flag("quiet", "q", &["quiet"]),
            value("relative-to", "", &["relative-to"]),
            value("relative-base", "", &["relative-base"]),
            flag("strip", "s", &["strip", "no-symlinks"]),
            flag("zero", "z", &["zero"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: reports,
    examples: examples![
        (Read, "realpath ."),
        (Read, "realpath --relative-to=.. src"),
    ],
    manual: "realpath (GNU coreutils) 9.1: realpath --help",
};

pub const READLINK: Program = Program {
    names: &["readlink"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("canonicalize", "f", &["canonicalize"]),
            flag("canonicalize-existing", "e", &["canonicalize-existing"]),
            flag("canonicalize-missing", "m", &["canonicalize-missing"]),
            flag("no-newline", "n", &["no-newline"]),
            flag("quiet", "q", &["quiet"]),
            flag("silent", "s", &["silent"]),
            flag("verbose", "v", &["verbose"]),
            flag("zero", "z", &["zero"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: reports,
    examples: examples![(Read, "readlink -f repo-link")],
    manual: "readlink (GNU coreutils) 9.1: readlink --help",
};

pub const PWD: Program = Program {
    names: &["pwd"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("logical", "L", &["logical"]),
            flag("physical", "P", &["physical"]),
            HELP,
            VERSION,
        ],
    }),
    output: Some(pwd_output),
    lists_paths_under: None,
    read: reports,
    examples: examples![
        (Read, "pwd"),
        (Read, "pwd -P"),
        (Destructive, "rm -rf \"$(pwd)\"/../../.wicket"),
        (Destructive, "cd ../.. && rm -rf \"$(pwd -P)\"/.wicket"),
        (TargetWrite, "touch \"$(pwd)/x\""),
    ],
    manual: "pwd (the shell's builtin; GNU coreutils 9.1): pwd --help",
};

/// A count of processors: which number is only known when it runs, but it
/// is a number (never an option or a path), and any one reads the same.
fn nproc_output(_: &Reader, run: &Run, _: &Scope) -> Option<String> {
    (!run.parsed.has("help") && !run.parsed.has("version")).then(|| "1".to_owned())
}

/// What `seq` prints for whole numbers it is given literally: the numbers
/// themselves, one per line. A long run is stood for by its first and last
/// numbers (the widest and any negative one among them: every number between
/// reads as they do). A format, a separator or anything but a whole number
/// is left unknown.
fn seq_output(_: &Reader, run: &Run, _: &Scope) -> Option<String> {
    const LISTED: i64 = 64;
    let p = &run.parsed;
    if ["help", "version", "format", "separator"]
        .iter()
        .any(|key| p.has(key))
    {
        return None;
    }
    let numbers: Vec<i64> = p
        .operands
        .iter()
        .map(|(_, arg)| {
            let text = arg.text()?;
            let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
            if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            text.parse().ok()
        })
        .collect::<Option<_>>()?;
    let (first, step, last) = match numbers[..] {
        [last] => (1, 1, last),
        [first, last] => (first, 1, last),
        [first, step, last] if step != 0 => (first, step, last),
        _ => return None,
    };
    if (step > 0 && first > last) || (step < 0 && first < last) {
        return Some(String::new());
    }
    let count = (last - first) / step + 1;
    let end = first + (count - 1) * step;
    let shown: Vec<i64> = if count <= LISTED {
        (0..count).map(|n| first + n * step).collect()
    } else {
        vec![first, end]
    };
    let width = if p.has("equal-width") {
        shown.iter().map(|n| n.to_string().len()).max().unwrap_or(0)
    } else {
        0
    };
    Some(
        shown
            .iter()
            .map(|n| match n {
                n if *n < 0 => format!("-{:0>w$}", n.unsigned_abs(), w = width.saturating_sub(1)),
                n => format!("{n:0>width$}"),
            })
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// The shell's directory, as the reader knows it (`-P`'s links resolved
/// or not, it is placed the same).
fn pwd_output(_: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    if run.parsed.has("help") || run.parsed.has("version") {
        return None;
    }
    // dash's builtin takes no long option (`--physical` fails, printing
    // nothing); coreutils' takes them.
    if run
        .inv
        .argv
        .iter()
        .skip(1)
        .any(|a| a.text().is_none_or(|t| t.starts_with("--")))
    {
        return None;
    }
    // `-P` prints the directory, `-L` `$PWD` (links as the last `cd` named
    // them), the last of the two deciding. Without either, the shell's
    // builtin prints `$PWD` and coreutils' program (`/bin/pwd`, `env pwd`)
    // the directory: where the two differ, which one ran is not read here.
    let chosen = run
        .parsed
        .options
        .iter()
        .rev()
        .find(|o| o.opt.key == "physical" || o.opt.key == "logical")
        .map(|o| o.opt.key);
    match chosen {
        Some("physical") => scope.cwd.clone(),
        Some(_) => scope.pwd(),
        None => scope.pwd().filter(|pwd| Some(pwd) == scope.cwd.as_ref()),
    }
}

// ---------------------------------------------------------------------------
// The shell's printing builtins.

pub const ECHO: Program = Program {
    names: &["echo"],
    // dash's echo takes `-n`, bash's `-n -e -E`; anything else is printed.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: echo,
    examples: examples![
        (Read, "echo hello"),
        (Read, "echo -n x"),
        (Read, "echo -e 'a\\tb'"),
        (Read, "echo --help"),
        (TargetWrite, "echo x > out.txt"),
        (Destructive, "echo x > ../../.wicket/x"),
    ],
    manual: "echo (dash and bash builtins): -n, -e, -E; no other options",
};

fn echo(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    r.note(Read, format!("{} prints its words", run.shown()));
}

pub const PRINTF: Program = Program {
    names: &["printf"],
    // `printf -v VAR` (bash) assigns; the format and arguments are printed.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: printf,
    examples: examples![
        (Read, "printf '%s\\n' a b"),
        (Read, "printf -- '-x\\n'"),
        (Read, "printf -v x '%s' y"),
        (Destructive, "printf -v LITANY_CONV_REPO %s x"),
    ],
    manual: "printf (dash and bash builtins; bash's -v VAR)",
};

/// bash evaluates an array index (`a[$(cmd)]`) in a name it assigns
/// (`printf -v`) or tests (`test -v`): a command substitution there runs.
fn index_runs_command(r: &mut Reader, run: &Run) -> bool {
    for arg in run.inv.argv.iter().skip(1) {
        let Some(values) = &arg.values else { continue };
        for value in values {
            let Some(open) = value.find('[') else {
                continue;
            };
            let inside = &value[open..];
            if inside.contains("$(") || inside.contains('`') {
                r.note(
                    Opaque,
                    format!(
                        "{} evaluates the array index in `{}`, which runs a command",
                        run.shown(),
                        crate::clip(value, 60)
                    ),
                );
                return true;
            }
        }
    }
    false
}

fn printf(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if index_runs_command(r, run) {
        return;
    }
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let shown = run.shown();
    if args.first().and_then(Arg::text) == Some("-v") {
        match args.get(1).and_then(Arg::text) {
            Some(name) => {
                // The value is the formatted output: known only when it runs.
                let value = Arg {
                    values: None,
                    glob: false,
                    shown: args.get(2).map(|a| a.shown.clone()).unwrap_or_default(),
                };
                r.check_assignment(name, &value);
                scope.vars.insert(name.to_owned(), None);
            }
            None => r.note(
                Opaque,
                format!("{shown} assigns a variable named only when it runs"),
            ),
        }
    }
    r.note(Read, format!("{shown} prints its words"));
}

pub const TRUE: Program = Program {
    names: &["true", "false", ":"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: nothing,
    examples: examples![
        (Read, "true"),
        (Read, "false || true"),
        (Read, ": > /dev/null"),
    ],
    manual: "true, false, : (shell builtins): ignore their arguments",
};

fn nothing(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    r.note(Read, format!("{} does nothing", run.shown()));
}

pub const TEST: Program = Program {
    names: &["test", "["],
    // Its operands are strings and operators; it changes nothing.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: test,
    examples: examples![
        (TargetWrite, "test -d target || mkdir target"),
        (Read, "test -d target || echo none"),
        (Read, "test -f package.json && cat package.json || true"),
        (Read, "'[' -f .env ']' && echo yes"),
        (Read, "\"[\" -n \"$x\" -a -z \"$y\" \"]\""),
        (TargetWrite, "test -d target || mkdir target/x"),
    ],
    manual: "test, [ (dash and bash builtins; GNU coreutils 9.1)",
};

fn test(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if index_runs_command(r, run) {
        return;
    }
    r.note(Read, format!("{} tests and changes nothing", run.shown()));
}

pub const EXPR: Program = Program {
    names: &["expr"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "expr 1 + 2"), (Read, "expr length abc")],
    manual: "expr (GNU coreutils) 9.1: an expression of strings and operators",
};

/// Whatever its arguments, it only computes and prints.
fn reports_any(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    r.note(Read, format!("{} reports and changes nothing", run.shown()));
}

pub const SEQ: Program = Program {
    names: &["seq"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("format", "f", &["format"]),
            value("separator", "s", &["separator"]),
            flag("equal-width", "w", &["equal-width"]),
            HELP,
            VERSION,
        ],
    }),
    output: Some(seq_output),
    lists_paths_under: None,
    read: reports,
    examples: examples![
        (Read, "seq 1 10"),
        (Read, "seq -w 1 10"),
        (Read, "for i in $(seq 3); do echo $((i+1)); done"),
        (TargetWrite, "for i in $(seq 3); do touch \"f$i\"; done"),
        (Opaque, "for i in $(seq -f '%g' 3); do touch \"$i\"; done"),
    ],
    manual: "seq (GNU coreutils) 9.1: seq --help",
};

pub const YES: Program = Program {
    names: &["yes"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "yes | head -3")],
    manual: "yes (GNU coreutils) 9.1: prints its words forever",
};

pub const SLEEP: Program = Program {
    names: &["sleep"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "sleep 5"), (Read, "sleep 0.5 && echo done")],
    manual: "sleep (GNU coreutils 9.1 and shells): waits",
};

pub const DATE: Program = Program {
    names: &["date"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("date", "d", &["date"]),
            flag("debug", "", &["debug"]),
            value("file", "f", &["file"]),
            attached("iso-8601", "I", &["iso-8601"]),
            flag("resolution", "", &["resolution"]),
            flag("rfc-email", "R", &["rfc-email"]),
            value("rfc-3339", "", &["rfc-3339"]),
            value("reference", "r", &["reference"]),
            value("set", "s", &["set"]),
            flag("utc", "u", &["utc", "universal"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: date,
    examples: examples![
        (Read, "date"),
        (Read, "date -u +%Y-%m-%dT%H:%M:%SZ"),
        (Read, "date -d '2 days ago' +%s"),
        (Read, "date -r Cargo.toml"),
        (Destructive, "date -s '2020-01-01'"),
        (Destructive, "date --set=tomorrow"),
        (Destructive, "date 010112002025"),
    ],
    manual: "date (GNU coreutils) 9.1: date --help",
};

fn date(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    read_each(r, p.values("file"), scope, &shown);
    let sets = p.has("set")
        || p.operand_args()
            .iter()
            .any(|a| !a.text().is_some_and(|t| t.starts_with('+')));
    if sets {
        r.note(Destructive, format!("{shown} sets the machine's clock"));
        return;
    }
    r.note(Read, format!("{shown} prints the date"));
}

pub const CAL: Program = Program {
    names: &["cal", "ncal"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "cal"), (Read, "cal -3")],
    manual: "cal, ncal (bsdmainutils / util-linux): print calendars",
};

pub const ID: Program = Program {
    names: &["id"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("a", "a", &[]),
            flag("context", "Z", &["context"]),
            flag("group", "g", &["group"]),
            flag("groups", "G", &["groups"]),
            flag("name", "n", &["name"]),
            flag("real", "r", &["real"]),
            flag("user", "u", &["user"]),
            flag("zero", "z", &["zero"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: reports,
    examples: examples![(Read, "id -u"), (Read, "id")],
    manual: "id (GNU coreutils) 9.1: id --help",
};

pub const NAMES: Program = Program {
    names: &["whoami", "groups", "logname", "users", "arch", "tty"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[flag("silent", "s", &["silent", "quiet"]), HELP, VERSION],
    }),
    output: None,
    lists_paths_under: None,
    read: reports,
    examples: examples![
        (Read, "whoami"),
        (Read, "groups"),
        (Read, "tty -s || echo no"),
    ],
    manual: "whoami, groups, logname, users, arch, tty (GNU coreutils) 9.1: --help",
};

pub const UNAME: Program = Program {
    names: &["uname"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("all", "a", &["all"]),
            flag("kernel-name", "s", &["kernel-name", "sysname"]),
            flag("nodename", "n", &["nodename"]),
            flag("kernel-release", "r", &["kernel-release", "release"]),
            flag("kernel-version", "v", &["kernel-version"]),
            flag("machine", "m", &["machine"]),
            flag("processor", "p", &["processor"]),
            flag("hardware-platform", "i", &["hardware-platform"]),
            flag("operating-system", "o", &["operating-system"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: reports,
    examples: examples![(Read, "uname -a"), (Read, "uname -sm")],
    manual: "uname (GNU coreutils) 9.1: uname --help",
};

pub const HOSTNAME: Program = Program {
    names: &[
        "hostname",
        "domainname",
        "dnsdomainname",
        "nisdomainname",
        "ypdomainname",
    ],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("alias", "a", &["alias"]),
            flag("all-fqdns", "A", &["all-fqdns"]),
            flag("boot", "b", &["boot"]),
            flag("domain", "d", &["domain"]),
            flag("fqdn", "f", &["fqdn", "long"]),
            value("file", "F", &["file"]),
            flag("ip-address", "i", &["ip-address"]),
            flag("all-ip-addresses", "I", &["all-ip-addresses"]),
            flag("short", "s", &["short"]),
            flag("yp", "y", &["yp", "nis"]),
            flag("help", "h?", &["help"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: hostname,
    examples: examples![
        (Read, "hostname"),
        (Read, "hostname -I | awk '{print $1}'"),
        (Read, "hostname -f"),
        (Destructive, "hostname evil"),
        (Destructive, "hostname -F /etc/x"),
        (Destructive, "hostname -b -- x"),
    ],
    manual: "hostname 3.23: hostname --help",
};

fn hostname(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("file") || !p.operands.is_empty() {
        read_each(r, p.values("file"), scope, &shown);
        r.note(
            Destructive,
            format!("{shown} sets the machine's host or domain name"),
        );
        return;
    }
    r.note(Read, format!("{shown} prints the machine's name"));
}

pub const NPROC: Program = Program {
    names: &["nproc"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("all", "", &["all"]),
            value("ignore", "", &["ignore"]),
            HELP,
            VERSION,
        ],
    }),
    output: Some(nproc_output),
    lists_paths_under: None,
    read: reports,
    examples: examples![
        (Read, "nproc"),
        (Read, "echo -j$(nproc)"),
        (OpenWorld, "make -j$(nproc)"),
        (OpenWorld, "cmake --build build -j $(nproc)"),
    ],
    manual: "nproc (GNU coreutils) 9.1: nproc --help",
};

pub const UPTIME: Program = Program {
    names: &["uptime"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("pretty", "p", &["pretty"]),
            flag("since", "s", &["since"]),
            flag("help", "h", &["help"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: reports,
    examples: examples![(Read, "uptime"), (Read, "uptime -p")],
    manual: "uptime (procps-ng 4.0.2): uptime --help",
};

pub const FREE: Program = Program {
    names: &["free"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("bytes", "b", &["bytes"]),
            flag("kilo", "", &["kilo"]),
            flag("mega", "", &["mega"]),
            flag("giga", "", &["giga"]),
            flag("tera", "", &["tera"]),
            flag("peta", "", &["peta"]),
            flag("kibi", "k", &["kibi"]),
            flag("mebi", "m", &["mebi"]),
            flag("gibi", "g", &["gibi"]),
            flag("tebi", "", &["tebi"]),
            flag("pebi", "", &["pebi"]),
            flag("human", "h", &["human"]),
            flag("si", "", &["si"]),
            flag("lohi", "l", &["lohi"]),
            flag("total", "t", &["total"]),
            flag("committed", "v", &["committed"]),
            value("seconds", "s", &["seconds"]),
            value("count", "c", &["count"]),
            flag("wide", "w", &["wide"]),
            HELP,
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: reports,
    examples: examples![(Read, "free -h")],
    manual: "free (procps-ng 4.0.2): free --help",
};

// ---------------------------------------------------------------------------
// Processes.

pub const PS: Program = Program {
    names: &["ps"],
    // UNIX options (`-ef`), BSD options without a dash (`aux`), GNU long
    // options; BSD `e` prints every process's environment.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: ps,
    examples: examples![
        (Read, "ps aux"),
        (Read, "ps -ef"),
        (Read, "ps aux | grep node"),
        (Read, "ps -eo pid,etime,cmd"),
        (Read, "ps axo pid,user,etime"),
        (Read, "ps -p 1 -o comm="),
        (Read, "ps --forest -e"),
        (Read, "ps -aux"),
        (Read, "ps -ef -u root"),
        (Read, "ps --help all"),
        (Secret, "ps e"),
        (Secret, "ps eww"),
        (Secret, "ps auxe"),
        (Secret, "ps -ef e"),
        (Secret, "ps axe -o pid,args"),
        (Secret, "ps -p 1 e"),
        (Secret, "ps -auxe"),
        (Secret, "ps -axe"),
        (Secret, "ps -xe"),
        (Secret, "ps -e -x"),
        (Secret, "ps -e -ux"),
        (Opaque, "ps -Q"),
        (Opaque, "ps $OPTS"),
    ],
    manual: "ps (procps-ng 4.0.2): ps --help all; when its UNIX reading of the words fails it rereads them all as BSD options (checked here: `ps -auxe`, `ps -xe`, `ps -e -ux` print environments)",
};

/// ps's UNIX letters: (letter, takes a value).
const PS_UNIX: &[(char, bool)] = &[
    ('A', false),
    ('a', false),
    ('C', true),
    ('c', false),
    ('d', false),
    ('e', false),
    ('F', false),
    ('f', false),
    ('G', true),
    ('g', true),
    ('H', false),
    ('j', false),
    ('L', false),
    ('l', false),
    ('M', false),
    ('m', false),
    ('N', false),
    ('O', true),
    ('o', true),
    ('P', false),
    ('p', true),
    ('q', true),
    ('s', true),
    ('T', false),
    ('t', true),
    ('U', true),
    ('u', true),
    ('V', false),
    ('w', false),
    ('y', false),
    ('Z', false),
    ('x', false),
    ('k', true),
    ('n', true),
    ('W', true),
    ('X', false),
];
/// ps's BSD letters: (letter, takes a value).
const PS_BSD: &[(char, bool)] = &[
    ('a', false),
    ('c', false),
    ('e', false),
    ('f', false),
    ('g', false),
    ('h', false),
    ('j', false),
    ('k', true),
    ('L', false),
    ('l', false),
    ('m', false),
    ('n', false),
    ('O', true),
    ('o', true),
    ('p', true),
    ('q', true),
    ('r', false),
    ('S', false),
    ('s', false),
    ('T', false),
    ('t', true),
    ('U', true),
    ('u', false),
    ('V', false),
    ('v', false),
    ('w', false),
    ('X', false),
    ('x', false),
    ('Z', false),
    ('H', false),
    ('C', false),
    ('N', true),
];
const PS_LONG: &[(&str, bool)] = &[
    ("Group", true),
    ("User", true),
    ("cols", true),
    ("columns", true),
    ("context", false),
    ("cumulative", false),
    ("deselect", false),
    ("format", true),
    ("forest", false),
    ("group", true),
    ("headers", false),
    ("help", false),
    ("info", false),
    ("lines", true),
    ("no-headers", false),
    ("noheaders", false),
    ("pid", true),
    ("ppid", true),
    ("quick-pid", true),
    ("rows", true),
    ("sid", true),
    ("sort", true),
    ("tty", true),
    ("user", true),
    ("version", false),
    ("width", true),
];

/// Letters procps knows only as BSD options: with one dash its UNIX
/// reading fails on them (`-x`, `-k`, `-W`).
const PS_NOT_UNIX: &str = "xXkW";

fn ps(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let shown = run.shown();
    // What ps prints lists the harness's processes; asked for parent ids
    // (`ps -o ppid= -p $$`), it prints the harness's id itself.
    let parents = run.inv.argv.iter().skip(1).any(|a| {
        a.values
            .iter()
            .flatten()
            .any(|w| w.to_ascii_lowercase().contains("ppid"))
    });
    super::launch::raise_ancestry(
        r,
        if parents {
            super::launch::Ancestry::Parent
        } else {
            super::launch::Ancestry::Listing
        },
    );
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut i = 0;
    let unknown = |r: &mut Reader, w: &str| {
        r.note(
            Opaque,
            format!("{shown}: ps's option `{w}` is not one wicket's description of ps knows"),
        );
    };
    // When procps's UNIX reading of the words fails (a letter it has only
    // as BSD, a user named by an attached word that may not exist: the
    // `-aux` case), it rereads every word as BSD options, dashes dropped:
    // an `e` in a one-dash word then shows every process's environment.
    let mut falls_back: Option<String> = None;
    let mut dashed_e: Option<String> = None;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let Some(word) = arg.text() else {
            r.note(
                Opaque,
                format!(
                    "{shown}: ps's word `{}` is only known when it runs",
                    arg.shown
                ),
            );
            return;
        };
        if let Some(long) = word.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or("");
            match PS_LONG.iter().find(|(n, _)| *n == name) {
                Some((_, takes)) => {
                    if *takes && !long.contains('=') {
                        i += 1;
                    }
                }
                None => {
                    unknown(r, word);
                    return;
                }
            }
            continue;
        }
        let (letters, table) = match word.strip_prefix('-') {
            Some(rest) => (rest, PS_UNIX),
            None if word.chars().all(|c| c.is_ascii_digit() || c == ',') => continue,
            None => (word, PS_BSD),
        };
        if table == PS_UNIX && dashed_e.is_none() && bsd_shows_environment(letters) {
            dashed_e = Some(word.to_owned());
        }
        for (k, c) in letters.char_indices() {
            let Some((_, takes)) = table.iter().find(|(l, _)| *l == c) else {
                unknown(
                    r,
                    &format!("{}{c}", if table == PS_UNIX { "-" } else { "" }),
                );
                return;
            };
            if table == PS_BSD && c == 'e' {
                r.guard(
                    Secret,
                    format!("{shown} prints every process's environment (ps's `e`)"),
                );
            }
            if table == PS_UNIX && PS_NOT_UNIX.contains(c) && falls_back.is_none() {
                falls_back = Some(format!("`-{c}` is no UNIX option of procps"));
            }
            if *takes {
                let rest = &letters[k + c.len_utf8()..];
                if rest.is_empty() {
                    i += 1;
                } else if table == PS_UNIX
                    && "uUgG".contains(c)
                    && !rest.chars().all(|d| d.is_ascii_digit() || d == ',')
                    && falls_back.is_none()
                {
                    falls_back = Some(format!(
                        "`-{c}{rest}` names a user `{rest}` that may not exist"
                    ));
                }
                break;
            }
        }
    }
    if let (Some(why), Some(word)) = (falls_back, dashed_e) {
        r.guard(
            Secret,
            format!(
                "{shown} may print every process's environment: {why}, so procps rereads the words as BSD options, and `{word}` then holds BSD's `e`"
            ),
        );
        return;
    }
    r.note(Read, format!("{shown} lists processes"));
}

/// Whether a word's letters, read as BSD options, include `e` before a
/// letter that takes the rest as its value.
fn bsd_shows_environment(letters: &str) -> bool {
    for c in letters.chars() {
        match PS_BSD.iter().find(|(l, _)| *l == c) {
            Some(('e', _)) => return true,
            Some((_, false)) => {}
            Some((_, true)) | None => return false,
        }
    }
    false
}

pub const TOP: Program = Program {
    names: &["top", "htop", "btop"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: top,
    examples: examples![(Read, "top -b -n1 | head -20"), (Read, "top -bn1 -o %MEM")],
    manual: "top (procps-ng 4.0.2): top --help; without a terminal it runs in batch mode",
};

/// top without a terminal runs in batch mode and takes no commands; its
/// options only choose what it shows.
fn top(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    r.note(Read, format!("{} shows processes", run.shown()));
}

// ---------------------------------------------------------------------------
// Looking names up.

pub const WHICH: Program = Program {
    names: &["which"],
    syntax: Syntax::Own,
    output: Some(crate::identity::looked_up),
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "which cargo"), (Read, "which -a python3")],
    manual: "which (debianutils 5.7): -a -s",
};

pub const WHEREIS: Program = Program {
    names: &["whereis"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "whereis gcc")],
    manual: "whereis (util-linux 2.38.1): -b -B -m -M -s -S -f -u -l",
};

pub const TYPE: Program = Program {
    names: &["type"],
    syntax: Syntax::Own,
    output: Some(crate::identity::looked_up),
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "type -a cargo"), (Read, "type -t ls")],
    manual: "type, hash (shell builtins)",
};

/// Programs that show facts of the machine, its users and its terminal and
/// have no option that writes or runs anything.
pub const OBSERVERS: Program = Program {
    names: &[
        "lscpu", "lsblk", "lsof", "locale", "getconf", "tput", "clear", "reset", "who", "w",
        "last", "lastb", "vmstat", "iostat", "mpstat", "dirs", "times", "help", "caller",
        "ulimit", "apropos", "whatis", "lsmod", "lspci", "lsusb",
    ],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: reports_any,
    examples: examples![
        (Read, "lscpu"),
        (Read, "lsof -i :8080"),
        (Read, "locale -a"),
        (Read, "getconf PAGE_SIZE"),
        (Read, "tput cols"),
        (Read, "who"),
        (Read, "vmstat 1 3"),
        (Read, "ulimit -n"),
        (Read, "ulimit -n 4096"),
        (Read, "apropos socket"),
    ],
    manual: "lscpu, lsblk, lsof, locale, getconf, tput, who, w, last, vmstat, iostat, and the builtins dirs, times, help, caller, ulimit",
};

pub const UMASK: Program = Program {
    names: &["umask"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: umask,
    examples: examples![(Read, "umask"), (Read, "umask 022")],
    manual: "umask (shell builtin)",
};

fn umask(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    if run.inv.argv.len() > 1
        && !run
            .inv
            .argv
            .iter()
            .skip(1)
            .all(|a| a.text() == Some("-S") || a.text() == Some("-p"))
    {
        // A mask that takes the owner's search bit away (`umask 777`) makes
        // every new directory one the shell cannot enter: a `cd` to one
        // made after it (`mktemp -d`) fails, and the shell stays. A mask
        // not read here is taken as such.
        let keeps_search = match run.inv.argv.get(1..) {
            Some([mask]) => mask.text().is_some_and(|m| {
                !m.is_empty()
                    && m.len() <= 4
                    && m.bytes().all(|b| (b'0'..=b'7').contains(&b))
                    && u32::from_str_radix(m, 8).is_ok_and(|v| v & 0o100 == 0)
            }),
            _ => false,
        };
        if !keeps_search {
            r.changes_access(&Arg::literal("/"), scope);
        }
        r.note(
            Read,
            format!("{shown} changes the shell's file-creation mask, for this call only"),
        );
    } else {
        r.note(Read, format!("{shown} prints the file-creation mask"));
    }
}

/// Builtins that change only the shell's own bookkeeping for this call.
pub const SHELL_STATE: Program = Program {
    names: &["complete", "compopt"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "complete -p")],
    manual: "complete, compopt (bash builtins): register completions, run only interactively",
};

pub const JOBS: Program = Program {
    names: &["jobs"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: jobs,
    examples: examples![(Read, "jobs -l"), (Destructive, "jobs -x rm -rf /etc")],
    manual: "jobs (shell builtin; bash's -x COMMAND runs COMMAND)",
};

fn jobs(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let argv = &run.inv.argv;
    if let Some(at) = argv.iter().position(|a| a.text() == Some("-x")) {
        if argv.len() > at + 1 {
            r.read_invocation(&run.inv.tail(at + 1), scope);
            return;
        }
    }
    r.note(Read, format!("{} lists the shell's jobs", run.shown()));
}

pub const COMPGEN: Program = Program {
    names: &["compgen"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: compgen,
    examples: examples![
        (Read, "compgen -c | head"),
        (Destructive, "compgen -C 'rm -rf /etc' x"),
        (Destructive, "compgen -C'rm -rf /etc' x"),
        (Destructive, "compgen -aC 'rm -rf /etc' x"),
        (Opaque, "compgen -aF f x"),
        (Opaque, "compgen -F f x"),
    ],
    manual: "compgen (bash builtin): -C COMMAND runs it, -F FUNCTION calls it",
};

fn compgen(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    // bash's option parser: bundled letters, and a value attached or in the
    // next word (`-C'cmd'`, `-aC cmd`).
    let words = run.inv.argv.get(1..).unwrap_or(&[]);
    let Some((options, _)) = super::shell::builtin_options(words, "oAGWFCXPSV", false) else {
        return super::shell::dynamic_option(r, run);
    };
    for (letter, value) in &options {
        match (letter, value) {
            ('C', Some(command)) => {
                // Run as a command substitution: in a subshell.
                super::text::runs_text(r, command, scope, &shown, "a command")
            }
            ('C', None) => r.note(Read, format!("{shown}: -C with no command")),
            ('F', _) => r.note(
                Opaque,
                format!("{shown} calls a shell function wicket cannot see"),
            ),
            _ => {}
        }
    }
    r.note(Read, format!("{shown} lists completions"));
}

pub const MAN: Program = Program {
    names: &["man"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: man,
    examples: examples![
        (Read, "man ls | cat"),
        (Read, "man -k socket"),
        (Destructive, "man -P 'rm -rf /etc' ls"),
        (Destructive, "man --pager='rm -rf /etc' ls"),
        (Opaque, "man -H ls"),
    ],
    manual:
        "man 2.11.2: -P/--pager and -H/--html run programs; the rest only finds and formats pages",
};

fn man(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let shown = run.shown();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        match arg.text() {
            Some("-P" | "--pager") => {
                if let Some(pager) = args.get(i) {
                    super::text::runs_text(r, pager, scope, &shown, "a pager");
                }
                i += 1;
            }
            Some(w) if w.starts_with("--pager=") || w.starts_with("-P") && w.len() > 2 => {
                let pager = w.strip_prefix("--pager=").unwrap_or(&w[2..]);
                super::text::runs_text(r, &literal(pager), scope, &shown, "a pager");
            }
            Some(w)
                if w.starts_with("-H")
                    || w.starts_with("--html")
                    || w.starts_with("-X")
                    || w.starts_with("--gxditview") =>
            {
                r.note(
                    Opaque,
                    format!(
                        "{shown} shows the page in a browser or viewer named by the environment"
                    ),
                );
            }
            _ => {}
        }
    }
    r.note(Read, format!("{shown} shows manual pages"));
}

/// GNU info's options, read by its `getopt_long` (permutation, bundling,
/// attached values, unique prefixes): `-o../../.wicket/x`, `--out=…` and
/// `--dribble=…` all wrote (or emptied) the file they name in wicket's
/// state (verified under dash and bash, with no terminal).
const INFO_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("all", "a", &["all"]),
        value("apropos", "k", &["apropos"]),
        value("directory", "d", &["directory"]),
        value("dribble", "", &["dribble"]),
        value("file", "f", &["file"]),
        flag("help", "h", &["help"]),
        value("index-search", "", &["index-search"]),
        value("init-file", "", &["init-file"]),
        value("node", "n", &["node"]),
        value("output", "o", &["output"]),
        flag("show-options", "O", &["show-options", "usage"]),
        flag("raw-escapes", "R", &["raw-escapes"]),
        flag("no-raw-escapes", "", &["no-raw-escapes"]),
        flag(
            "show-malformed-multibytes",
            "",
            &["show-malformed-multibytes"],
        ),
        flag(
            "no-show-malformed-multibytes",
            "",
            &["no-show-malformed-multibytes"],
        ),
        value("restore", "", &["restore"]),
        flag("speech-friendly", "b", &["speech-friendly"]),
        flag("strict-node-location", "", &["strict-node-location"]),
        flag("subnodes", "", &["subnodes"]),
        value("variable", "v", &["variable"]),
        flag("version", "", &["version"]),
        flag("vi-keys", "", &["vi-keys"]),
        flag("where", "w", &["where", "location"]),
        value("debug", "x", &["debug"]),
    ],
};

pub const INFO: Program = Program {
    names: &["info"],
    syntax: Syntax::Grammar(INFO_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: info,
    examples: examples![
        (Read, "info coreutils | head"),
        (Read, "info -f ./doc/x.info -n Top"),
        (TargetWrite, "info -o out.txt ls"),
        (Destructive, "info --output=../../.wicket/x ls"),
        (Destructive, "info -o../../.wicket/x ls"),
        (Destructive, "info --out=../../.wicket/x ls"),
        (Destructive, "info --dribble=../../.wicket/trail.jsonl ls"),
        (Opaque, "info --restore=keys.txt ls"),
        (Opaque, "info --bogus ls"),
    ],
    manual: "info (GNU texinfo 6.8): info --help and info.c's long options; -o/--output \
             FILE writes the node, --dribble FILE records keystrokes there",
};

fn info(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    for file in p.values("output") {
        output(r, file, scope, &shown);
    }
    for file in p.values("dribble") {
        output(r, file, scope, &shown);
    }
    for file in p.values("file").chain(p.values("init-file")) {
        r.reads(file, scope, &shown);
    }
    if p.has("restore") {
        r.note(
            Opaque,
            format!("{shown} replays keystrokes from a file wicket cannot see"),
        );
        return;
    }
    r.note(Read, format!("{shown} shows manual pages"));
}

pub const UNITS: Program = Program {
    names: &["units"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: units,
    examples: examples![
        (Read, "units '2 miles' km"),
        (TargetWrite, "units -H hist.txt"),
    ],
    manual: "GNU units 2.22: -H/--history FILE writes its history; -f FILE reads definitions",
};

fn units(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let shown = run.shown();
    for (k, arg) in args.iter().enumerate() {
        match arg.text() {
            Some("-H" | "--history") => {
                if let Some(file) = args.get(k + 1) {
                    r.change(file, scope, Change::Write, Reach::Path, &shown);
                }
            }
            Some(w) if w.starts_with("--history=") => {
                r.change(
                    &literal(&w["--history=".len()..]),
                    scope,
                    Change::Write,
                    Reach::Path,
                    &shown,
                );
            }
            Some("-f" | "--file") => {
                if let Some(file) = args.get(k + 1) {
                    r.reads_file(file, scope, &shown);
                }
            }
            _ => {}
        }
    }
    r.note(Read, format!("{shown} converts units"));
}

pub const NUMFMT: Program = Program {
    names: &["numfmt"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "numfmt --to=iec 1048576")],
    manual: "numfmt (GNU coreutils) 9.1: reads numbers, prints them",
};

pub const LOOK: Program = Program {
    names: &["look"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: look,
    examples: examples![(Read, "look abc"), (Secret, "look a ~/.netrc")],
    manual: "look (util-linux 2.38.1): look [-bdf] [-t char] string [file]",
};

fn look(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let words: Vec<&Arg> = run
        .inv
        .argv
        .iter()
        .skip(1)
        .filter(|a| !a.text().is_some_and(|t| t.starts_with('-')))
        .collect();
    if let Some(file) = words.get(1) {
        r.reads_file(file, scope, &shown);
    }
    r.note(
        Read,
        format!("{shown} prints the lines that start with a string"),
    );
}

pub const FACTOR: Program = Program {
    names: &["factor"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: reports_any,
    examples: examples![(Read, "factor 42")],
    manual: "factor (GNU coreutils) 9.1: factors numbers",
};

pub const STTY: Program = Program {
    names: &["stty"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: stty,
    examples: examples![
        (Read, "stty size"),
        (Read, "stty -a"),
        (OpenWorld, "stty -echo"),
        (OpenWorld, "stty -F /dev/ttyS0 9600"),
    ],
    manual: "stty (GNU coreutils) 9.1: with settings it changes the terminal",
};

fn stty(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let shown = run.shown();
    let shows = run.inv.argv.iter().skip(1).all(|a| {
        matches!(
            a.text(),
            Some("-a" | "--all" | "-g" | "--save" | "size" | "speed" | "--help" | "--version")
        )
    });
    if shows {
        r.note(Read, format!("{shown} shows the terminal's settings"));
    } else {
        r.note(OpenWorld, format!("{shown} changes a terminal's settings"));
    }
}

fn looks_at_ls(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if let Some(parsed) = parse_reader(r, run, &LS_GRAMMAR, 1) {
        let run = Run {
            name: run.name,
            inv: run.inv,
            parsed,
        };
        looks_at(r, &run, scope);
    }
}

fn du_du(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if let Some(parsed) = parse_reader(r, run, &DU_GRAMMAR, 1) {
        let run = Run {
            name: run.name,
            inv: run.inv,
            parsed,
        };
        du(r, &run, scope);
    }
}

fn looks_at_stat(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if let Some(parsed) = parse_reader(r, run, &STAT_GRAMMAR, 1) {
        let run = Run {
            name: run.name,
            inv: run.inv,
            parsed,
        };
        looks_at(r, &run, scope);
    }
}
