//! Text processors programmed by a script on their command line: `sed`,
//! `awk` (gawk 5.2 and mawk 1.3.4, whichever `awk` is) and the jq family
//! (`jq` 1.6, `gojq`, `jaq`, and `yq`, kislyuk's jq wrapper 3.1). What the
//! script does beyond printing — sed's `e`, `w` and `r`, awk's `system()`,
//! pipes, redirections and `ENVIRON`, jq's `env` — is read from its text
//! (`crate::scripts`); a script in a file wicket cannot read is opaque.

use wicket_guest::Effect::*;
use wicket_guest::PathKind;

use crate::argv::{attached, flag, value, Grammar, Style};
use crate::read::{Arg, Change, Reach, Reader, Scope};
use crate::scripts;

use super::text::{
    could_be_option, literal, output, plain_variable, prints_only, read_each, HELP, VERSION,
};
use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[&SED, &AWK, &JQ, &RENAME];

// ---------------------------------------------------------------------------
// sed.

pub const SED: Program = Program {
    names: &["sed", "gsed"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("quiet", "n", &["quiet", "silent"]),
            flag("debug", "", &["debug"]),
            value("expression", "e", &["expression"]),
            value("file", "f", &["file"]),
            flag("follow-symlinks", "", &["follow-symlinks"]),
            attached("in-place", "i", &["in-place"]),
            value("line-length", "l", &["line-length"]),
            flag("posix", "", &["posix"]),
            flag("regexp-extended", "Er", &["regexp-extended"]),
            flag("separate", "s", &["separate"]),
            flag("sandbox", "", &["sandbox"]),
            flag("unbuffered", "u", &["unbuffered"]),
            flag("null-data", "z", &["null-data"]),
            flag("binary", "b", &["binary"]),
            HELP,
            VERSION,
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: sed,
    examples: examples![
        (Read, "sed -n '1,80p' src/main.rs"),
        (Read, "sed 's/a/b/g' f"),
        (Read, "sed -E -e 's/x/y/' -e '/^$/d' f"),
        (TargetWrite, "sed -i 's/a/b/g' src/main.rs"),
        (TargetWrite, "sed -i.bak 's/a/b/' src/main.rs"),
        (TargetWrite, "sed --in-place=.orig -e s/a/b/ README.md"),
        (TargetWrite, "sed -ni '/x/p' f"),
        (TargetWrite, "sed --in-pl 's/a/b/' f"),
        (TargetWrite, "sed -i -- 's/a/b/' f"),
        (OpenWorld, "sed -i 's/a/b/' /etc/hosts"),
        (Destructive, "sed -i 's/a/b/' ../../repo.git/config"),
        (Destructive, "sed -i'../../.wicket/*' s/a/b/ f"),
        (Destructive, "sed '--in-place=../../repo.git/*' s/a/b/ f"),
        (Opaque, "sed --in-place=../../repo.git/x s/a/b/ f"),
        (
            Destructive,
            "sed -s -i -e s/a/b/ f ../../.wicket/trail.jsonl",
        ),
        (Destructive, "sed -n 'w ../../.wicket/x' f"),
        (Destructive, "sed 's/a/b/w ../../repo.git/config' f"),
        (Destructive, "sed '1e rm -rf /etc' f"),
        (Opaque, "sed 's/.*/date/e' f"),
        (Read, "sed --sandbox 's/.*/date/e' f"),
        (Opaque, "sed -f script.sed f"),
        (Secret, "sed 'r ~/.ssh/id_rsa' f"),
        (Secret, "sed '' ~/.aws/credentials"),
        (Secret, "sed -i s/a/b/ ~/.ssh/config"),
        (Secret, "sed -i 'w /dev/stdout' ~/.ssh/config"),
        (Opaque, "sed \"$SCRIPT\" f"),
        (Opaque, "sed --bogus f"),
        (Opaque, "xargs sed -i s/a/b/"),
    ],
    manual: "sed (GNU sed) 4.9: sed --help",
};

fn sed(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let mut operands = p.operand_args();
    if p.has("file") {
        read_each(r, p.values("file"), scope, &shown);
        r.note(
            Opaque,
            format!("{shown} runs a sed script from a file wicket cannot read"),
        );
        return;
    }
    let script: Vec<Arg> = if p.has("expression") {
        p.values("expression").cloned().collect()
    } else if operands.is_empty() {
        r.note(Read, format!("{shown}: sed with no script does nothing"));
        return;
    } else {
        vec![operands.remove(0)]
    };
    let mut texts: Vec<&str> = Vec::new();
    for part in &script {
        match part.text() {
            Some(text) => texts.push(text),
            None => {
                r.note(
                    Opaque,
                    format!(
                        "{shown} runs a script only known when it runs (`{}`)",
                        part.shown
                    ),
                );
                return;
            }
        }
    }
    let effects = scripts::sed(&texts.join("\n"));
    if let Some(why) = &effects.unreadable {
        r.note(Opaque, format!("{shown}: {why}"));
    }
    let acts =
        !effects.commands.is_empty() || !effects.writes.is_empty() || !effects.reads.is_empty();
    if p.has("sandbox") && acts {
        r.note(
            Read,
            format!(
                "{shown}: in its sandbox sed refuses a script that runs, writes or reads files"
            ),
        );
        return;
    }
    for command in &effects.commands {
        match command {
            Some(c) => r.read_text(c, &mut scope.clone()),
            None => r.note(
                Opaque,
                format!("{shown} runs the pattern space as a command"),
            ),
        }
    }
    for path in &effects.writes {
        // Opened (and emptied) before the first line is read.
        output(r, &literal(path), scope, &shown);
    }
    for path in &effects.reads {
        r.reads_file(&literal(path), scope, &shown);
    }
    // Editing in place, what it reads goes back into the same file: only
    // a script that writes elsewhere (`w /dev/stdout`) shows it.
    if !p.has("in-place") || !effects.writes.is_empty() {
        read_each(r, &operands, scope, &shown);
    }
    if p.has("in-place") {
        if operands.is_empty() && run.inv.extra_operands {
            r.note(
                Opaque,
                format!("{shown} edits files that arrive at run time"),
            );
        }
        let suffix = p
            .last("in-place")
            .and_then(Arg::text)
            .filter(|s| !s.is_empty())
            .map(str::to_owned);
        if p.last("in-place").is_some_and(|s| s.text().is_none()) {
            r.note(
                Opaque,
                format!("{shown} keeps backups under a name only known when it runs"),
            );
        }
        for file in &operands {
            // The edit puts the command's own text into the file (sed is
            // one of `programs::TEXT_WRITERS`).
            r.change(file, scope, Change::Write, Reach::Path, &shown);
            if let Some(suffix) = &suffix {
                // The backup: `*` in the suffix is the file as named, else
                // the suffix follows the file's name.
                let backup = Arg {
                    values: file.values.as_ref().map(|vs| {
                        vs.iter()
                            .map(|v| {
                                if suffix.contains('*') {
                                    suffix.replace('*', v)
                                } else {
                                    format!("{v}{suffix}")
                                }
                            })
                            .collect()
                    }),
                    glob: file.glob,
                    shown: format!("{}{suffix}", file.shown),
                };
                r.change(&backup, scope, Change::Overwrite, Reach::Path, &shown);
            }
        }
    } else {
        r.note(Read, format!("{shown} prints what it edits"));
    }
}

// ---------------------------------------------------------------------------
// awk.

pub const AWK: Program = Program {
    names: &["awk", "gawk", "mawk", "nawk"],
    // gawk's and mawk's options (awk is either), mawk's comma-separated
    // `-W` list, gawk's optional attached values: read by hand.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: awk,
    examples: examples![
        (Read, "awk '{print $1}' f"),
        (Read, "awk -F: '{print $1}' /etc/passwd"),
        (Read, "awk -v n=3 'NR<=n' f"),
        (Read, "ps aux | awk '{print $2}'"),
        (Read, "awk '/a|b/ {print $2}' log"),
        (Read, "awk 'BEGIN{print ENVIRON[\"HOME\"]}'"),
        (Read, "gawk -e 'BEGIN{print 1}'"),
        (Read, "mawk -W interactive '{print}'"),
        (Read, "awk -- '{print}' -x"),
        (TargetWrite, "awk '{print > \"out.txt\"}' in.txt"),
        (TargetWrite, "gawk -p 'BEGIN{}'"),
        (Destructive, "awk '{print > \"../../.wicket/x\"}' f"),
        (Destructive, "awk 'BEGIN{system(\"rm -rf /etc\")}'"),
        (
            Destructive,
            "gawk --dump-variables=../../repo.git/config 'BEGIN{}'",
        ),
        (Destructive, "awk -d../../.wicket/v 'BEGIN{}'"),
        (Destructive, "gawk -W dump=../../.wicket/v 'BEGIN{}'"),
        (Destructive, "awk -Wdu=../../.wicket/v 'BEGIN{}'"),
        (Destructive, "gawk -W pro=../../.wicket/v 'BEGIN{}'"),
        (TargetWrite, "gawk -W dump 'BEGIN{}'"),
        (Opaque, "gawk -W file=x.awk"),
        (Read, "gawk --sandbox 'BEGIN{system(\"rm -rf /etc\")}'"),
        (Opaque, "awk '{system($0)}'"),
        (Opaque, "awk '{print | \"sh\"}'"),
        (Opaque, "awk -f prog.awk data"),
        (Opaque, "mawk -W exec prog.awk"),
        (Opaque, "mawk -Wi,e prog.awk"),
        (Opaque, "gawk -l ./ext.so 'BEGIN{}'"),
        (Opaque, "gawk '@include \"x.awk\"; BEGIN{}'"),
        (Opaque, "awk \"$PROG\" f"),
        (Opaque, "gawk --bogus 'BEGIN{}'"),
        (Secret, "awk 'BEGIN{for(k in ENVIRON) print k, ENVIRON[k]}'"),
        (Secret, "awk 'BEGIN{print ENVIRON[\"GITHUB_TOKEN\"]}'"),
        (Secret, "awk '{print}' ~/.ssh/id_rsa"),
        (
            Secret,
            "awk 'BEGIN{while((getline l < \"/home/u/.aws/credentials\")>0) print l}'",
        ),
    ],
    manual: "GNU Awk 5.2.1 (gawk --help) and mawk 1.3.4 20200120 (man mawk)",
};

/// gawk's options: (short letter, long name, takes: 0 none, 1 value, 2 attached-only).
const AWK_OPTIONS: &[(char, &str, u8)] = &[
    ('f', "file", 1),
    ('F', "field-separator", 1),
    ('v', "assign", 1),
    ('b', "characters-as-bytes", 0),
    ('c', "traditional", 0),
    ('C', "copyright", 0),
    ('d', "dump-variables", 2),
    ('D', "debug", 2),
    ('e', "source", 1),
    ('E', "exec", 1),
    ('g', "gen-pot", 0),
    ('h', "help", 0),
    ('i', "include", 1),
    ('I', "trace", 0),
    ('k', "csv", 0),
    ('l', "load", 1),
    ('L', "lint", 2),
    ('M', "bignum", 0),
    ('N', "use-lc-numeric", 0),
    ('n', "non-decimal-data", 0),
    ('o', "pretty-print", 2),
    ('O', "optimize", 0),
    ('p', "profile", 2),
    ('P', "posix", 0),
    ('r', "re-interval", 0),
    ('s', "no-optimize", 0),
    ('S', "sandbox", 0),
    ('t', "lint-old", 0),
    ('V', "version", 0),
    ('W', "", 1),
    ('\0', "persist", 2),
];

/// mawk's `-W` words (and gawk's, which are its long options).
const AWK_W_HARMLESS: &[&str] = &[
    "dump",
    "help",
    "interactive",
    "posix_space",
    "random",
    "sprintf",
    "usage",
    "version",
    "sandbox",
    "lint",
    "lint-old",
    "posix",
    "traditional",
    "re-interval",
    "characters-as-bytes",
    "copyright",
    "non-decimal-data",
    "use-lc-numeric",
    "optimize",
    "no-optimize",
    "bignum",
    "gen-pot",
    "trace",
    "csv",
    "repetitions",
];

/// gawk's long option a name or its unique abbreviation stands for.
fn awk_long(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return None;
    }
    let hits: Vec<&'static str> = AWK_OPTIONS
        .iter()
        .map(|(_, l, _)| *l)
        .filter(|l| !l.is_empty() && l.starts_with(name))
        .collect();
    match hits.as_slice() {
        _ if hits.contains(&name) => hits.into_iter().find(|l| *l == name),
        [one] => Some(one),
        _ => None,
    }
}

fn awk(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut sources: Vec<Arg> = Vec::new();
    let mut from_file = false;
    let mut sandbox = false;
    let mut writes: Vec<(Arg, &str)> = Vec::new();
    let mut i = 0;
    let unknown = |r: &mut Reader, word: &str| {
        r.note(
            Opaque,
            format!("{shown}: awk's option `{word}` is not one wicket's description of awk knows"),
        );
    };
    // (long name, value) of each option, in order.
    let mut given: Vec<(&'static str, Option<Arg>)> = Vec::new();
    while i < args.len() {
        let arg = &args[i];
        let Some(word) = arg.text() else {
            if could_be_option(arg) {
                r.note(
                    Opaque,
                    format!("{shown}: awk's word `{}` is only known when it runs, and could be an option", arg.shown),
                );
                return;
            }
            break;
        };
        if word == "--" {
            i += 1;
            break;
        }
        if !word.starts_with('-') || word == "-" {
            break;
        }
        i += 1;
        if let Some(long) = word.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(literal(v))),
                None => (long, None),
            };
            let hits: Vec<&(char, &str, u8)> = AWK_OPTIONS
                .iter()
                .filter(|(_, l, _)| !l.is_empty() && l.starts_with(name))
                .collect();
            let hit = hits
                .iter()
                .find(|(_, l, _)| *l == name)
                .or(match hits.as_slice() {
                    [one] => Some(one),
                    _ => None,
                });
            let Some((_, long, takes)) = hit else {
                unknown(r, word);
                return;
            };
            let value = match (takes, inline) {
                (0, Some(_)) => {
                    unknown(r, word);
                    return;
                }
                (1, None) => {
                    i += 1;
                    args.get(i - 1).cloned()
                }
                (_, v) => v,
            };
            given.push((long, value));
            continue;
        }
        // A bundle of short options.
        let letters: Vec<(usize, char)> = word.char_indices().skip(1).collect();
        for (k, &(at, c)) in letters.iter().enumerate() {
            let Some((_, long, takes)) = AWK_OPTIONS.iter().find(|(s, _, _)| *s == c) else {
                unknown(r, &format!("-{c}"));
                return;
            };
            let rest = &word[at + c.len_utf8()..];
            match takes {
                0 => {
                    given.push((long, None));
                    let _ = k;
                    continue;
                }
                1 => {
                    let value = if rest.is_empty() {
                        i += 1;
                        args.get(i - 1).cloned()
                    } else {
                        Some(literal(rest))
                    };
                    given.push((if c == 'W' { "W" } else { long }, value));
                }
                _ => given.push((long, (!rest.is_empty()).then(|| literal(rest)))),
            }
            break;
        }
    }
    for (long, value) in &given {
        match *long {
            "help" | "version" | "copyright" | "gen-pot" => {
                r.note(Read, format!("{shown} prints and exits"));
                return;
            }
            "file" | "exec" | "include" => {
                from_file = true;
                if let Some(v) = value {
                    r.reads_file(v, scope, &shown);
                }
            }
            "load" => {
                r.note(
                    Opaque,
                    format!("{shown} loads a compiled extension into awk"),
                );
                return;
            }
            "debug" => {
                r.note(
                    Opaque,
                    format!("{shown} runs awk's debugger, which takes its commands from its input"),
                );
                return;
            }
            "source" => sources.extend(value.clone()),
            "sandbox" => sandbox = true,
            "dump-variables" => writes.push((
                value.clone().unwrap_or_else(|| literal("awkvars.out")),
                "dump-variables",
            )),
            "pretty-print" | "profile" => writes.push((
                value.clone().unwrap_or_else(|| literal("awkprof.out")),
                long,
            )),
            "persist" => writes.push((value.clone().unwrap_or_else(|| literal("/dev/null")), long)),
            "W" => {
                let Some(text) = value.as_ref().and_then(Arg::text) else {
                    r.note(Opaque, format!("{shown}: a -W only known when it runs"));
                    return;
                };
                for part in text.split(',') {
                    let name = part.split('=').next().unwrap_or("");
                    // gawk reads `-W NAME[=VALUE]` as `--NAME[=VALUE]`, with
                    // the same abbreviations (`-W dump=F` is
                    // --dump-variables=F); awk and nawk may be gawk.
                    if run.name != "mawk" {
                        if let Some(long) = awk_long(name) {
                            let inline = part.split_once('=').map(|(_, v)| literal(v));
                            match long {
                                "dump-variables" => {
                                    writes.push((
                                        inline.unwrap_or_else(|| literal("awkvars.out")),
                                        long,
                                    ));
                                    continue;
                                }
                                "pretty-print" | "profile" => {
                                    writes.push((
                                        inline.unwrap_or_else(|| literal("awkprof.out")),
                                        long,
                                    ));
                                    continue;
                                }
                                "persist" | "file" | "exec" | "include" | "load" | "debug"
                                | "source" | "assign" | "field-separator" | "lint" => {
                                    r.note(
                                        Opaque,
                                        format!("{shown}: gawk reads `-W {part}` as --{long}, with a value wicket does not follow there"),
                                    );
                                    return;
                                }
                                _ => {}
                            }
                        }
                    }
                    if name.starts_with('e') {
                        // mawk's `-W exec FILE` (gawk's --exec): the program is a file.
                        from_file = true;
                        if !part.contains('=') {
                            i += 1;
                        }
                        continue;
                    }
                    if name.is_empty() || !AWK_W_HARMLESS.iter().any(|h| h.starts_with(name)) {
                        r.note(
                            Opaque,
                            format!("{shown}: awk's `-W {part}` is not one wicket's description of awk knows"),
                        );
                        return;
                    }
                    if "sandbox".starts_with(name) && name.len() > 1 {
                        sandbox = true;
                    }
                    if ["version", "help", "usage"]
                        .iter()
                        .any(|h| h.starts_with(name))
                    {
                        r.note(Read, format!("{shown} prints and exits"));
                        return;
                    }
                }
            }
            _ => {}
        }
    }
    for (file, _) in &writes {
        output(r, file, scope, &shown);
    }
    let mut operands: Vec<Arg> = args[i.min(args.len())..].to_vec();
    if from_file {
        r.note(
            Opaque,
            format!("{shown} runs awk code from a file wicket cannot read"),
        );
        return;
    }
    if sources.is_empty() {
        if operands.is_empty() {
            r.note(Read, format!("{shown}: awk with no program does nothing"));
            return;
        }
        sources.push(operands.remove(0));
    }
    let mut texts: Vec<&str> = Vec::new();
    for source in &sources {
        match source.text() {
            Some(t) => texts.push(t),
            None => {
                r.note(
                    Opaque,
                    format!(
                        "{shown} runs a program only known when it runs (`{}`)",
                        source.shown
                    ),
                );
                return;
            }
        }
    }
    let effects = scripts::awk(&texts.join("\n"));
    if effects.loads_code {
        r.note(
            Opaque,
            format!("{shown} loads awk code or an extension from a file wicket cannot read"),
        );
    }
    if !sandbox {
        for command in &effects.commands {
            match command {
                Some(c) => r.read_text(c, &mut scope.clone()),
                None => r.note(Opaque, format!("{shown} runs a command built at run time")),
            }
        }
        for (target, truncates) in &effects.writes {
            match target {
                Some(path) => {
                    let change = if *truncates {
                        Change::Overwrite
                    } else {
                        Change::Write
                    };
                    r.change(&literal(path), scope, change, Reach::Path, &shown);
                }
                None => r.note(Opaque, format!("{shown} writes a file named at run time")),
            }
        }
        for path in &effects.reads {
            r.reads_file(&literal(path), scope, &shown);
        }
        if effects.network {
            r.note(OpenWorld, format!("{shown} opens a network connection"));
        }
    }
    for name in &effects.environ {
        match name {
            Some(n) if plain_variable(n) => {}
            Some(n) => {
                r.guard(
                    Secret,
                    format!("{shown} prints the environment variable {n}"),
                );
            }
            None => {
                r.guard(Secret, format!("{shown} reads the environment (ENVIRON)"));
            }
        }
    }
    // The rest: files read, or `var=value` assignments.
    for operand in &operands {
        let assignment = operand.text().is_some_and(|t| {
            t.split_once('=').is_some_and(|(name, _)| {
                !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !name.starts_with(|c: char| c.is_ascii_digit())
            })
        });
        if !assignment {
            r.reads_file(operand, scope, &shown);
        }
    }
    r.note(Read, format!("{shown}: awk reads and prints"));
}

// ---------------------------------------------------------------------------
// jq and its kin.

pub const JQ: Program = Program {
    names: &["jq", "gojq", "jaq", "yq"],
    // jq's own parser: letters stack, long options only exact, `--arg`
    // takes two words, and the filter is the first operand wherever it is.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: jq,
    examples: examples![
        (Read, "jq '.x' f.json"),
        (Read, "jq -r '.dependencies | keys[]' package.json"),
        (Read, "cat f.json | jq -c ."),
        (Read, "jq -n --arg v 1 '{v: $v}'"),
        (Read, "jq -n '$ENV.HOME'"),
        (Read, "jq -n 'env.PATH'"),
        (Read, "jq '.env' f.json"),
        (Read, "jq -r '.aws.credentials' config.json"),
        (Secret, "jq . ~/.aws/credentials"),
        (Secret, "jq -r .token ~/.config/gh/hosts.yml"),
        (Secret, "jq . .env.json"),
        (Read, "jq --args -n '$ARGS' a b"),
        (Read, "yq -y .a f.yaml"),
        (TargetWrite, "yq -i -y '.a = 1' f.yaml"),
        (TargetWrite, "jaq -i '.a = 1' f.json"),
        (Destructive, "yq -yi '.a = 1' ../../.wicket/x.yaml"),
        (Secret, "jq -n env"),
        (Secret, "jq -n '$ENV'"),
        (Secret, "jq -n 'env | keys'"),
        (Secret, "jq -n '$ENV.AWS_SECRET_ACCESS_KEY'"),
        (Secret, "jq -n --rawfile k ~/.ssh/id_rsa '$k'"),
        (Secret, "jq -n --slurpfile c ~/.aws/credentials '$c'"),
        (Opaque, "jq -f filter.jq f.json"),
        (Opaque, "jq 'include \"m\"; f' f.json"),
        (Opaque, "jq \"$FILTER\" f.json"),
        (Opaque, "jq --bogus . f"),
    ],
    manual: "jq 1.6 (jq --help, man jq); yq 3.1.0 (kislyuk, yq --help); gojq 0.12 and jaq 1.x from their manuals",
};

/// jq's short letters that take no value.
const JQ_LETTERS: &str = "sRrjacCMSnehVb0";
/// jq's long options that take no value.
const JQ_FLAGS: &[&str] = &[
    "slurp",
    "raw-input",
    "raw-output",
    "join-output",
    "ascii-output",
    "compact-output",
    "color-output",
    "monochrome-output",
    "sort-keys",
    "null-input",
    "exit-status",
    "help",
    "version",
    "tab",
    "unbuffered",
    "stream",
    "stream-errors",
    "seq",
    "debug-dump-disasm",
    "debug-trace",
    "debug-trace=all",
    "args",
    "jsonargs",
    "raw-output0",
    "binary",
    "nul-output",
    "build-configuration",
    "yaml-input",
    "yaml-output",
    "from-file",
    // yq's own.
    "yaml-output",
    "yml-output",
    "yaml-roundtrip",
    "yml-roundtrip",
    "indentless-lists",
    "indentless",
    "in-place",
    "explicit-start",
    "explicit-end",
    "xml-output",
    "toml-output",
];

fn jq(r: &mut Reader, run: &Run, scope: &mut Scope) {
    // The filter and `--arg` values are text (`jq '.env' f.json`); the
    // files it reads are read below, by where they are.
    r.names_only(run.inv);
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut operands: Vec<Arg> = Vec::new();
    let mut from_file = false;
    let mut in_place = false;
    let mut positional = false;
    let mut i = 0;
    let mut options_done = false;
    let unknown = |r: &mut Reader, w: &str| {
        r.note(
            Opaque,
            format!(
                "{shown}: {}'s option `{w}` is not one wicket's description of {} knows",
                run.name, run.name
            ),
        );
    };
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let Some(word) = arg.text() else {
            if !options_done && could_be_option(arg) {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: the word `{}` is only known when it runs, and could be an option",
                        arg.shown
                    ),
                );
                return;
            }
            operands.push(arg.clone());
            continue;
        };
        if options_done || !word.starts_with('-') || word == "-" {
            operands.push(arg.clone());
            continue;
        }
        if word == "--" {
            options_done = true;
            continue;
        }
        if let Some(long) = word.strip_prefix("--") {
            match long {
                "arg" | "argjson" | "slurpfile" | "rawfile" | "argfile" => {
                    let value = args.get(i + 1).cloned();
                    i += 2;
                    if matches!(long, "slurpfile" | "rawfile" | "argfile") {
                        if let Some(file) = &value {
                            r.reads_file(file, scope, &shown);
                        }
                    }
                }
                "indent"
                | "library-path"
                | "width"
                | "yaml-output-grammar-version"
                | "yml-out-ver" => i += 1,
                "run-tests" => {
                    r.note(Read, format!("{shown} runs jq's own tests"));
                    return;
                }
                "in-place" | "inplace" => in_place = true,
                "from-file" => from_file = true,
                "args" | "jsonargs" => positional = true,
                l if JQ_FLAGS.contains(&l) => {
                    if matches!(l, "help" | "version" | "build-configuration") {
                        r.note(Read, format!("{shown} prints and exits"));
                        return;
                    }
                }
                _ => {
                    unknown(r, word);
                    return;
                }
            }
            continue;
        }
        // Letters stack; `-L` takes the rest or the next word; yq's `-w`
        // takes the next word.
        let body = &word[1..];
        if let Some(rest) = body.strip_prefix('L') {
            if rest.is_empty() {
                i += 1;
            }
            continue;
        }
        for c in body.chars() {
            match c {
                'f' => from_file = true,
                'i' if run.name != "jq" && run.name != "gojq" => in_place = true,
                'y' | 'Y' if run.name == "yq" => {}
                'w' if run.name == "yq" => i += 1,
                'h' | 'V' => {
                    r.note(Read, format!("{shown} prints and exits"));
                    return;
                }
                c if JQ_LETTERS.contains(c) => {}
                _ => {
                    unknown(r, &format!("-{c}"));
                    return;
                }
            }
        }
    }
    if !operands.is_empty() || from_file {
        // jq loads `~/.jq` when it is a file: definitions wicket cannot read.
        let home = scope.home(r.ctx);
        if !home.is_empty() && r.take_resolve() {
            let rc = format!("{}/.jq", home.trim_end_matches('/'));
            if r.ctx.resolve(&rc).kind == PathKind::File {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: {} loads {rc}, definitions wicket cannot read",
                        run.name
                    ),
                );
            }
        }
    }
    if from_file {
        if let Some(file) = operands.first() {
            r.reads_file(file, scope, &shown);
        }
        r.note(
            Opaque,
            format!("{shown} runs a filter from a file wicket cannot read"),
        );
        return;
    }
    let Some(filter) = (!operands.is_empty()).then(|| operands.remove(0)) else {
        r.note(Read, format!("{shown} prints its input"));
        return;
    };
    let Some(text) = filter.text() else {
        r.note(
            Opaque,
            format!(
                "{shown} runs a filter only known when it runs (`{}`)",
                filter.shown
            ),
        );
        return;
    };
    let reading = jq_filter(text);
    if reading.modules {
        r.note(
            Opaque,
            format!("{shown} imports jq modules from files wicket cannot read"),
        );
    }
    for name in &reading.env {
        match name {
            Some(n) if plain_variable(n) => {}
            Some(n) => r.guard(
                Secret,
                format!("{shown} prints the environment variable {n}"),
            ),
            None => r.guard(
                Secret,
                format!("{shown} reads the whole environment (`env`, `$ENV`)"),
            ),
        }
    }
    if !positional {
        read_each(r, &operands, scope, &shown);
        if in_place {
            for file in &operands {
                // The filter's output replaces the file (text: jq is one of
                // `programs::TEXT_WRITERS`).
                r.change(file, scope, Change::Write, Reach::Path, &shown);
            }
        }
    }
    r.note(Read, format!("{shown}: {} filters what it reads", run.name));
}

/// What a jq filter reaches beyond its input.
#[derive(Debug, Default, PartialEq)]
struct JqReading {
    /// Environment reads: a variable's name, or `None` for the whole of it.
    env: Vec<Option<String>>,
    /// `import` or `include`.
    modules: bool,
}

/// Scan a jq filter (strings set apart, except their `\(…)` interpolations).
fn jq_filter(text: &str) -> JqReading {
    let chars: Vec<char> = text.chars().collect();
    let mut out = JqReading::default();
    let mut code = String::with_capacity(text.len());
    // Blank out string literals (keeping interpolated code).
    let mut i = 0;
    let mut in_string = false;
    let mut interpolation = 0usize;
    let mut stack: Vec<usize> = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        if in_string {
            match c {
                '\\' if chars.get(i + 1) == Some(&'(') => {
                    in_string = false;
                    stack.push(interpolation);
                    interpolation = 1;
                    code.push_str(" (");
                    i += 2;
                    continue;
                }
                '\\' => {
                    code.push_str("  ");
                    i += 2;
                    continue;
                }
                '"' => {
                    in_string = false;
                    code.push('"');
                }
                _ => code.push(' '),
            }
            i += 1;
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' if !stack.is_empty() => interpolation += 1,
            ')' if !stack.is_empty() => {
                interpolation -= 1;
                if interpolation == 0 {
                    interpolation = stack.pop().unwrap_or(0);
                    in_string = true;
                }
            }
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            _ => {}
        }
        code.push(c);
        i += 1;
    }
    let bytes: Vec<char> = code.chars().collect();
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut k = 0;
    while k < bytes.len() {
        let word_start =
            k == 0 || !(ident(bytes[k - 1]) || bytes[k - 1] == '.' || bytes[k - 1] == '$');
        let rest: String = bytes[k..bytes.len().min(k + 8)].iter().collect();
        let (len, is_env) = if rest.starts_with("$ENV") && (k == 0 || !ident(bytes[k - 1])) {
            (4, true)
        } else if word_start && rest.starts_with("env") {
            (3, true)
        } else if word_start && (rest.starts_with("import") || rest.starts_with("include")) {
            let n = if rest.starts_with("import") { 6 } else { 7 };
            if bytes.get(k + n).is_none_or(|c| !ident(*c)) {
                out.modules = true;
            }
            (n, false)
        } else {
            (1, false)
        };
        if is_env && bytes.get(k + len).is_none_or(|c| !ident(*c)) {
            // `env.NAME`, `env["NAME"]` (strings were blanked: read from the text).
            let after: String = bytes[k + len..].iter().collect();
            let original: String = chars[k + len..].iter().collect();
            let trimmed = after.trim_start();
            let name = if let Some(field) = trimmed.strip_prefix('.') {
                let name: String = field.chars().take_while(|c| ident(*c)).collect();
                (!name.is_empty()).then_some(name).or_else(|| {
                    // `.["NAME"]`
                    quoted_key(original.trim_start().strip_prefix('.').unwrap_or(""))
                })
            } else {
                quoted_key(original.trim_start())
            };
            out.env.push(name);
        }
        k += len;
    }
    out
}

/// `["NAME"]` at the start of `text`: the name.
fn quoted_key(text: &str) -> Option<String> {
    let inner = text.strip_prefix("[\"")?;
    let end = inner.find('"')?;
    let name = &inner[..end];
    (!name.is_empty() && inner[end + 1..].trim_start().starts_with(']')).then(|| name.to_owned())
}

// ---------------------------------------------------------------------------
// rename (perl's File::Rename, Debian's `rename`).

/// perl's `rename` runs its expression as perl code on each path, and the
/// path the code leaves is the new name: `rename 's/^/..\/..\/.wicket\//'
/// README.md` moved the file into wicket's state, and `rename
/// 'system("…")' src` ran a command (both verified under dash and bash).
/// Only a plain substitution or transliteration whose replacement holds no
/// `/` and no code, on paths in the current directory (no `/` in them), is
/// read: the new name then stays beside the old one. `-n` still runs the
/// expression.
pub const RENAME: Program = Program {
    names: &["rename", "file-rename", "prename", "perl-rename"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: rename,
    examples: examples![
        (TargetWrite, "rename 's/\\.txt$/.md/' *.txt"),
        (TargetWrite, "rename -v 'y/A-Z/a-z/' README.md"),
        (Read, "rename -n 's/foo/bar/g' foo.rs"),
        (Opaque, "rename 's/^/..\\/..\\/.wicket\\//' README.md"),
        (Opaque, "rename 'system(\"touch x\")' src"),
        (Opaque, "rename 's/x/`id`/e' x"),
        (Opaque, "rename 's/a/b/' src/a.rs"),
        (Opaque, "find . -name '*.rs' | rename 's/a/b/'"),
        (Destructive, "rename 's/a/b/' ../../.wicket"),
        (Opaque, "rename 's/a/b/' x -e 'system(\"touch y\")'"),
        (Read, "rename --version"),
    ],
    manual: "file-rename 1.31 (Debian's rename): rename --help; util-linux's rename.ul is \
             another program",
};

fn rename(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let argv = &run.inv.argv;
    let mut expressions: Vec<&Arg> = Vec::new();
    let mut files: Vec<&Arg> = Vec::new();
    let mut no_act = false;
    let mut options = true;
    let mut i = 1;
    while i < argv.len() {
        let arg = &argv[i];
        i += 1;
        let Some(word) = arg.text() else {
            if options && arg.values.is_none() {
                return r.note(
                    Opaque,
                    format!("{shown}: `{}` is only known when it runs, and may be an option or rename's perl expression", arg.shown),
                );
            }
            files.push(arg);
            continue;
        };
        if options && word == "--" {
            options = false;
            continue;
        }
        if options && word.starts_with('-') && word.len() > 1 {
            match word {
                "-h" | "--help" | "-m" | "--man" | "-V" | "--version" => {
                    return r.note(Read, format!("{shown} prints its help or version"));
                }
                "-v" | "--verbose" | "-0" | "--null" | "-f" | "--force" | "--path"
                | "--fullpath" | "-d" | "--filename" | "--nopath" | "--nofullpath" => {}
                "-n" | "--nono" | "--no-act" => no_act = true,
                "-e" | "-E" => match argv.get(i) {
                    Some(e) => {
                        expressions.push(e);
                        i += 1;
                    }
                    None => return r.note(Opaque, format!("{shown}: -e has no expression")),
                },
                _ => {
                    return r.note(
                        Opaque,
                        format!("{shown}: rename's option `{word}` is not one wicket reads"),
                    );
                }
            }
            continue;
        }
        // Getopt::Long permutes: an option after the names still counts,
        // and with `-e` given the first word is a name, not the expression.
        files.push(arg);
    }
    if expressions.is_empty() {
        if files.is_empty() {
            return r.note(
                Read,
                format!("{shown} has no expression and renames nothing"),
            );
        }
        expressions.push(files.remove(0));
    }
    for e in &expressions {
        let plain = e.text().and_then(plain_substitution);
        if plain.is_none() {
            return r.note(
                Opaque,
                format!(
                    "{shown}: rename runs `{}` as perl code on each name, which may run commands or move the file anywhere",
                    e.shown
                ),
            );
        }
    }
    if files.is_empty() {
        return r.note(
            Opaque,
            format!("{shown} reads the names it renames from stdin"),
        );
    }
    if no_act {
        for f in &files {
            r.reads(f, scope, &shown);
        }
        return r.note(Read, format!("{shown} only prints what it would rename"));
    }
    // A name with a directory in it: the expression applies to the whole
    // path, and may move the file to another directory.
    if let Some(f) = files.iter().find(|f| {
        f.values
            .as_ref()
            .is_none_or(|vs| vs.iter().any(|v| v.contains('/')))
    }) {
        // Still say what the path itself is (a protected one is refused).
        for f in &files {
            if f.values.is_some() {
                r.change(f, scope, Change::Delete, Reach::Path, &shown);
            }
        }
        return r.note(
            Opaque,
            format!(
                "{shown}: rename applies its expression to the whole path `{}`, which may then name another directory",
                f.shown
            ),
        );
    }
    for f in &files {
        r.change(f, scope, Change::Delete, Reach::Path, &shown);
    }
    // The new names land in the same directory: where the expression
    // replaces literal text with literal text, each known name's new name
    // is placed as the write it is (`rename 's/x/.git/' x` replaced the
    // worktree's `.git`).
    for e in &expressions {
        let Some((from, to, all)) = e.text().and_then(literal_substitution) else {
            continue;
        };
        for f in &files {
            let Some(names) = f.values.as_ref().filter(|_| !f.glob) else {
                continue;
            };
            let renamed: Vec<String> = names
                .iter()
                .filter(|n| n.contains(from.as_str()))
                .map(|n| {
                    if all {
                        n.replace(from.as_str(), &to)
                    } else {
                        n.replacen(from.as_str(), &to, 1)
                    }
                })
                .collect();
            if !renamed.is_empty() {
                let arg = Arg {
                    values: Some(renamed),
                    glob: false,
                    shown: format!("{} renamed by `{}`", f.shown, e.shown),
                };
                r.change(&arg, scope, Change::Overwrite, Reach::Path, &shown);
            }
        }
    }
}

/// `s/FROM/TO/` or `s/FROM/TO/g` whose pattern and replacement are plain
/// text (no regex metacharacter, escape or `$`): what it makes of a name
/// is known.
fn literal_substitution(expr: &str) -> Option<(String, String, bool)> {
    let rest = expr.trim().strip_prefix('s')?;
    let d = rest.chars().next()?;
    if d.is_alphanumeric() || d.is_whitespace() || "({[<\\".contains(d) {
        return None;
    }
    let parts: Vec<&str> = rest[d.len_utf8()..].split(d).collect();
    let [from, to, flags] = parts.as_slice() else {
        return None;
    };
    let special = |t: &str| t.chars().any(|c| "\\.^$*+?()[]{}|@`".contains(c));
    if from.is_empty() || special(from) || to.contains(['\\', '$', '@', '`']) {
        return None;
    }
    let all = match *flags {
        "" => false,
        "g" => true,
        _ => return None,
    };
    Some((from.to_string(), to.to_string(), all))
}

/// `s/PATTERN/REPLACEMENT/FLAGS` or `y/…/…/` (`tr`) with one delimiter,
/// no `e` flag, no code in the pattern (`(?{…})`), and a replacement with
/// no `/`, no escapes and no interpolation but `$1`…`$9` and `$&`.
fn plain_substitution(expr: &str) -> Option<()> {
    let expr = expr.trim();
    let (op, rest) = if let Some(rest) = expr.strip_prefix("tr") {
        ("y", rest)
    } else if let Some(rest) = expr.strip_prefix('s') {
        ("s", rest)
    } else {
        ("y", expr.strip_prefix('y')?)
    };
    let d = rest.chars().next()?;
    if d.is_alphanumeric() || d.is_whitespace() || "({[<".contains(d) || d == '\\' {
        return None;
    }
    let body = &rest[d.len_utf8()..];
    let parts = split_unescaped(body, d)?;
    let [pattern, replacement, flags] = parts.as_slice() else {
        return None;
    };
    let allowed = if op == "s" { "gimsxr" } else { "cdsr" };
    if !flags.chars().all(|c| allowed.contains(c)) {
        return None;
    }
    if pattern.contains("(?{") || pattern.contains("(??{") || pattern.contains("@{") {
        return None;
    }
    let mut chars = replacement.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' | '\\' | '@' | '`' | '{' | '}' => return None,
            '$' => match chars.next() {
                Some(n) if n.is_ascii_digit() || n == '&' => {}
                _ => return None,
            },
            _ => {}
        }
    }
    Some(())
}

/// The parts of a substitution's body between unescaped delimiters.
fn split_unescaped(body: &str, d: char) -> Option<Vec<String>> {
    let mut parts = vec![String::new()];
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            let next = chars.next()?;
            let last = parts.last_mut()?;
            last.push('\\');
            last.push(next);
        } else if c == d {
            parts.push(String::new());
        } else {
            parts.last_mut()?.push(c);
        }
    }
    (parts.len() == 3).then_some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jq_filters_read_the_environment_by_name_or_whole() {
        assert_eq!(jq_filter(".a.b").env, Vec::<Option<String>>::new());
        assert_eq!(jq_filter("env").env, [None]);
        assert_eq!(jq_filter("$ENV").env, [None]);
        assert_eq!(jq_filter("env.HOME").env, [Some("HOME".to_owned())]);
        assert_eq!(jq_filter("$ENV.PATH").env, [Some("PATH".to_owned())]);
        assert_eq!(jq_filter("env[\"X\"]").env, [Some("X".to_owned())]);
        assert_eq!(jq_filter("env | keys").env, [None]);
        assert_eq!(jq_filter(".env").env, Vec::<Option<String>>::new());
        assert_eq!(jq_filter("\"env\"").env, Vec::<Option<String>>::new());
        assert_eq!(jq_filter("\"\\(env)\"").env, [None]);
        assert_eq!(jq_filter("environment").env, Vec::<Option<String>>::new());
        assert!(jq_filter("import \"m\" as m; m::f").modules);
        assert!(!jq_filter(".imports").modules);
    }
}
