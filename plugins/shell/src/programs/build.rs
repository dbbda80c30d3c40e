//! Compilers, build tools and test runners: gcc and clang, make, cmake,
//! ninja, go, maven, gradle, and the test runners (pytest, jest, vitest,
//! mocha, rspec). cargo and rustc are in `cargo.rs`.
//!
//! A build runs code the agent wrote (a Makefile's recipes, CMakeLists,
//! build scripts, tests): open-world, as a program in the worktree is —
//! honest about what it is, and passed by the shipped table like any
//! target-write. What wicket reads is where the tool itself writes and what
//! it runs besides: outputs (`-o`, `--out-dir`, a build directory), the
//! directory it works in (`make -C`, `ninja -C`, `go -C`, `mvn -f`), file
//! operations spelled as options (`cmake -E rm`), programs named by options
//! and variables (`make CC=…`, `go -toolexec`), and option files (`@file`)
//! it cannot see, which are opaque.

use wicket_guest::Effect::*;

use crate::argv::{self, attached, flag, value, Grammar, Opt, Style};
use crate::read::{Arg, Change, Invocation, Place, Reach, Reader, Scope};

use super::cargo::{c_flags, join, parent_of, protected_words};
use super::text::directory;
use super::{vars, Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &CC, &JAVAC, &TSC, &MAKE, &CMAKE, &NINJA, &GO, &MAVEN, &GRADLE, &PYTEST, &JEST, &MOCHA, &RSPEC,
];

/// Build the invocation of another program with these words.
fn invocation(words: Vec<Arg>) -> Invocation {
    Invocation::of_words(words)
}

/// A tool that builds inside `dir` (`make -C`, `ninja -C`): its outputs land
/// there, so a protected directory is a write to the protected set; the
/// scope moves there for the rest.
fn builds_in(r: &mut Reader, shown: &str, dir: &Arg, scope: &mut Scope, dry: bool) {
    let Some(full) = directory(r, dir, scope) else {
        r.note(
            Opaque,
            format!("{shown} works in a directory only known when it runs"),
        );
        scope.cwd = None;
        return;
    };
    if dry {
        // Even a dry run evaluates what is there.
        if let Some(Place::Protected { path, entry }) = r.place(&full, scope) {
            r.guard(
                Opaque,
                format!(
                    "{shown} evaluates the build inside {path}, which is protected ({})",
                    crate::read::protected_label(&entry, r.ctx)
                ),
            );
        }
    } else {
        // Its outputs are written there (the directory itself, not a tree
        // that is removed).
        match r.place(&full, scope) {
            Some(Place::Protected { path, entry }) => r.guard(
                wicket_guest::Effect::Destructive,
                format!(
                    "{shown} builds inside {path}, which is protected ({})",
                    crate::read::protected_label(&entry, r.ctx)
                ),
            ),
            Some(Place::Outside { path, .. }) => {
                if let Some(entry) = r.protected_beneath(&path) {
                    r.guard(
                        Opaque,
                        format!(
                            "{shown} builds inside {path}, which holds {}",
                            crate::read::held_entry(&entry, r.ctx)
                        ),
                    );
                } else {
                    r.note(
                        OpenWorld,
                        format!("{shown} builds in {path}, outside the root"),
                    );
                }
            }
            _ => {}
        }
    }
    scope.cwd = Some(full);
}

// ---------------------------------------------------------------------------
// gcc, g++, cc, clang

pub const CC: Program = Program {
    names: &[
        "gcc", "g++", "cc", "c++", "clang", "clang++", "gcc-12", "g++-12", "gcc-13", "g++-13",
        "gcc-14", "g++-14", "clang-14", "clang-15", "clang-16", "clang-17", "clang-18",
        "clang-19", "x86_64-linux-gnu-gcc", "x86_64-linux-gnu-g++", "cpp", "tcc",
    ],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: cc,
    examples: examples![
        (TargetWrite, "gcc -O2 -Wall -o app main.c"),
        (TargetWrite, "cc -c x.c"),
        (TargetWrite, "g++ -std=c++17 -Iinclude -DNDEBUG -c src/a.cpp -o build/a.o"),
        (TargetWrite, "gcc main.c"),
        (Read, "gcc --version"),
        (Read, "gcc -dumpmachine"),
        (Read, "cc -E -dM - </dev/null"),
        (Destructive, "gcc -o ../../repo.git/hooks/pre-commit x.c"),
        (Destructive, "gcc -o../../repo.git/hooks/pre-commit x.c"),
        (Destructive, "gcc -o ../../.w*/x x.c"),
        (TargetWrite, "gcc -c src/*.c"),
        (Destructive, "cc x.c -o {ws}/.wicket/trail.jsonl"),
        (Destructive, "gcc -MD -MF ../../repo.git/x.d -c x.c"),
        (Destructive, "gcc -MD -MF../../repo.git/x.d -c x.c"),
        (
            Destructive,
            "gcc --coverage -fprofile-note=../../.wicket/x.gcno -c x.c",
        ),
        (Opaque, "gcc @opts.txt x.c"),
        (OpenWorld, "gcc -fplugin=./p.so x.c"),
        (OpenWorld, "gcc -wrapper ./w x.c"),
        (Destructive, "gcc x.c -Wl,-Map=../../.wicket/m"),
        (Opaque, "gcc --frobnicate x.c"),
        (Destructive, "cpp x.c ../../.wicket/x"),
        (Destructive, "gcc -save-temps -dumpbase ../../.wicket/db -c x.c"),
    ],
    manual: "gcc 12.2 (gcc --help, gcc(1)); clang by the same flags; option families (-f, -W, -m, -O, -g, -D, -I, -L, -l, -std) are accepted by prefix, the ones that write or run are read",
};

/// A path word as gcc got it, a pattern when it holds one (the words are
/// read as text here, and a glob the shell expands still lands where it
/// matches).
fn as_pattern(text: &str) -> Arg {
    Arg {
        values: Some(vec![text.to_owned()]),
        glob: crate::place::is_glob(text),
        shown: text.to_owned(),
    }
}

/// gcc options that take the next word as their value.
const CC_VALUES: &[&str] = &[
    "-o",
    "-x",
    "-I",
    "-L",
    "-D",
    "-U",
    "-include",
    "-imacros",
    "-isystem",
    "-iquote",
    "-idirafter",
    "-iprefix",
    "-iwithprefix",
    "-iwithprefixbefore",
    "-isysroot",
    "-MF",
    "-MT",
    "-MQ",
    "-Xlinker",
    "-Xassembler",
    "-Xpreprocessor",
    "-Xclang",
    "-aux-info",
    "-B",
    "-wrapper",
    "-l",
    "-u",
    "-T",
    "-z",
    "-arch",
    "-target",
    "--target",
    "-param",
    "--param",
    "-G",
    "-specs",
    "--sysroot",
    "-e",
    "-soname",
    "-dumpdir",
    "-dumpbase",
    "-dumpbase-ext",
];

/// Flags gcc takes alone (beyond the prefix families).
const CC_FLAGS: &[&str] = &[
    "-c",
    "-S",
    "-E",
    "-v",
    "-###",
    "-pipe",
    "-ansi",
    "-w",
    "-pedantic",
    "-pedantic-errors",
    "-shared",
    "-static",
    "-static-libgcc",
    "-static-libstdc++",
    "-static-pie",
    "-pie",
    "-no-pie",
    "-rdynamic",
    "-s",
    "-pthread",
    "-pthreads",
    "-nostdlib",
    "-nostdinc",
    "-nostdinc++",
    "-nodefaultlibs",
    "-nostartfiles",
    "-P",
    "-C",
    "-CC",
    "-H",
    "-M",
    "-MM",
    "-MD",
    "-MMD",
    "-MG",
    "-MP",
    "-undef",
    "-trigraphs",
    "-traditional",
    "-traditional-cpp",
    "-symbolic",
    "-r",
    "-dumpversion",
    "-dumpfullversion",
    "-dumpmachine",
    "-dumpspecs",
    "-print-search-dirs",
    "-print-libgcc-file-name",
    "-print-multiarch",
    "-print-sysroot",
    "-print-multi-directory",
    "-print-multi-lib",
    "-print-multi-os-directory",
    "-save-temps",
    "-time",
    "-Q",
    "-p",
    "-pg",
    "--coverage",
    "-integrated-as",
    "-no-integrated-as",
    "-emit-llvm",
    "-fsyntax-only",
    "-dD",
    "-dM",
    "-dN",
    "-dI",
    "-dU",
    "--verbose",
    "-municode",
    "-mwindows",
    "-m32",
    "-m64",
];

fn cc(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut words: Vec<String> = Vec::new();
    for arg in &run.inv.argv[1..] {
        match arg.text() {
            Some(t) => words.push(t.to_owned()),
            // A pattern is its text, placed as one where it is a path
            // (`-o ../../.w*/x`).
            None if arg.glob && arg.values.as_ref().is_some_and(|v| v.len() == 1) => words.push(
                arg.values
                    .as_ref()
                    .map(|v| v[0].clone())
                    .unwrap_or_default(),
            ),
            None if arg.shown.starts_with('-')
                || arg.shown.starts_with('$')
                || arg.shown.starts_with('"') =>
            {
                r.note(
                    Opaque,
                    format!("{shown}: `{}` is only known when it runs", arg.shown),
                );
                return;
            }
            None => {
                // A source file named at run time: read, not written.
                words.push(String::from("\u{0}"));
            }
        }
    }
    if words.iter().any(|w| {
        matches!(
            w.as_str(),
            "--version"
                | "--help"
                | "-v"
                | "-dumpversion"
                | "-dumpfullversion"
                | "-dumpmachine"
                | "-dumpspecs"
                | "-###"
        ) || w.starts_with("-print-")
            || w.starts_with("--print-")
            || w.starts_with("--help=")
    }) && !words.iter().any(|w| !w.starts_with('-'))
    {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    let mut output: Option<String> = None;
    let mut linker_words: Vec<String> = Vec::new();
    let mut stops_early = false;
    let mut inputs = 0;
    let mut i = 0;
    while i < words.len() {
        let w = words[i].clone();
        i += 1;
        if let Some(file) = w.strip_prefix('@') {
            r.note(
                Opaque,
                format!("{shown} reads more options from {file}, which wicket cannot see"),
            );
            return;
        }
        if w == "\u{0}" || !w.starts_with('-') || w == "-" {
            inputs += 1;
            // `cpp INFILE OUTFILE`: the preprocessor's second operand is
            // the file it writes (verified: `cpp x.c ../../.wicket/out`
            // wrote wicket's state under dash).
            if run.name == "cpp" && inputs == 2 {
                if w == "\u{0}" {
                    r.note(
                        Opaque,
                        format!("{shown}: the file cpp writes is only known when it runs"),
                    );
                    return;
                }
                if output.is_none() {
                    output = Some(w.clone());
                }
                continue;
            }
            if w != "\u{0}" && w != "-" {
                r.reads(&as_pattern(&w), scope, &shown);
            }
            continue;
        }
        if let Some(file) = w.strip_prefix('@') {
            r.note(
                Opaque,
                format!("{shown} reads more options from {file}, which wicket cannot see"),
            );
            return;
        }
        if matches!(
            w.as_str(),
            "-c" | "-S" | "-E" | "-M" | "-MM" | "-fsyntax-only"
        ) {
            stops_early = true;
        }
        // `-oFILE` and `-o FILE`.
        if let Some(attached) = w.strip_prefix("-o").filter(|a| !a.is_empty()) {
            output = Some(attached.to_owned());
            continue;
        }
        if CC_VALUES.contains(&w.as_str()) {
            let Some(value) = words.get(i).cloned() else {
                r.note(Opaque, format!("{shown}: {w} needs a value"));
                return;
            };
            i += 1;
            match w.as_str() {
                "-o" => output = Some(value),
                "-MF" | "-aux-info" => r.change(
                    &as_pattern(&value),
                    scope,
                    Change::Overwrite,
                    Reach::Path,
                    &shown,
                ),
                // Where auxiliary outputs (-save-temps, dumps, .su) land;
                // -dumpbase names them, its directory included
                // (`-save-temps -dumpbase ../../.wicket/db` wrote db.i and
                // db.s there, verified under dash).
                "-dumpdir" | "-dumpbase" => r.change(
                    &as_pattern(&value),
                    scope,
                    Change::Write,
                    Reach::Path,
                    &shown,
                ),
                // `-wrapper rm,-rf,DIR,--` runs every subcommand (cc1, as,
                // collect2) as that program with those words, the
                // subcommand's own words after them.
                "-wrapper" => {
                    let mut inv = invocation(value.split(',').map(Arg::literal).collect());
                    inv.extra_operands = true;
                    r.read_invocation(&inv, &mut scope.clone());
                }
                "-B" | "-specs" => {
                    r.note(
                        OpenWorld,
                        format!("{shown}: `{w} {value}` runs programs or loads code from there"),
                    );
                }
                // Each -Xlinker hands the linker one word: consecutive
                // ones pair up (`-Xlinker -o -Xlinker FILE`), so all are
                // read together once the words are through.
                // A pattern is expanded by the shell before gcc sees it.
                "-Xlinker" if crate::place::globs(&value) => match r.one_match(&value, scope) {
                    Some(path) => linker_words.push(path),
                    None => {
                        r.note(
                                Opaque,
                                format!("{shown}: -Xlinker is handed the pattern `{value}`, whose matches are only known when it runs"),
                            );
                        return;
                    }
                },
                "-Xlinker" => linker_words.push(value),
                "-include" | "-imacros" | "-T" => r.reads(&Arg::literal(&value), scope, &shown),
                _ => {}
            }
            continue;
        }
        if CC_FLAGS.contains(&w.as_str()) {
            continue;
        }
        let family = [
            "-f",
            "-W",
            "-m",
            "-O",
            "-g",
            "-D",
            "-U",
            "-I",
            "-L",
            "-l",
            "-std=",
            "-x",
            "-print-",
            "-M",
            "-isystem",
            "-iquote",
            "-idirafter",
            "-isysroot",
            "--sysroot=",
            "-B",
            "-specs=",
            "-save-temps=",
            "-march=",
            "-mtune=",
            "-Xclang",
            "--target=",
            "-target",
            "-stdlib=",
            "-rtlib=",
            "-fuse-ld=",
            "-static-",
            "-z",
            "-u",
            "-e",
            "--param=",
            "-flto",
            "-d",
            "-Q",
            "--gcc-toolchain=",
            "-resource-dir",
            "-Xarch",
            "-mllvm",
            "-fsanitize",
        ];
        if !family.iter().any(|f| w.starts_with(f)) {
            r.note(
                Opaque,
                format!(
                    "{shown}: {}'s option `{w}` is not one wicket's description knows",
                    run.name
                ),
            );
            return;
        }
        c_flags(r, &shown, std::slice::from_ref(&w), scope);
    }
    if !linker_words.is_empty() {
        c_flags(
            r,
            &shown,
            &[format!("-Wl,{}", linker_words.join(","))],
            scope,
        );
    }
    match output {
        Some(out) if out != "-" => r.change(
            &as_pattern(&out),
            scope,
            Change::Overwrite,
            Reach::Path,
            &shown,
        ),
        Some(_) => r.note(Read, format!("{shown} writes to stdout")),
        None if words.iter().any(|w| w == "-E") => {
            r.note(Read, format!("{shown} preprocesses to stdout"))
        }
        None if inputs > 0 => {
            // a.out, or one object per source, in the current directory.
            let _ = stops_early;
            r.change(
                &Arg::literal("."),
                scope,
                Change::Write,
                Reach::Path,
                &shown,
            )
        }
        None => r.note(Read, format!("{shown} compiles nothing")),
    }
    if run.inv.extra_operands {
        r.note(
            OpenWorld,
            format!("{shown} compiles and links files named at run time"),
        );
    }
}

// ---------------------------------------------------------------------------
// javac, tsc

pub const JAVAC: Program = Program {
    names: &["javac"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: javac,
    examples: examples![
        (TargetWrite, "javac -d build/classes src/Main.java"),
        (TargetWrite, "javac Main.java"),
        (Read, "javac -version"),
        (Destructive, "javac -d ../../.wicket Main.java"),
        (Destructive, "javac -h ../../repo.git/h Main.java"),
        (Opaque, "javac @sources.txt"),
        (OpenWorld, "javac -processorpath lib/p.jar Main.java"),
        (Destructive, "javac -J-XX:OnError='rm -rf ../../.wicket' Main.java"),
    ],
    manual: "javac 17 (javac --help, javac -X): options that write directories, run processors, pass JVM options or read option files are read",
};

/// javac options whose value is the next word.
const JAVAC_VALUES: &[&str] = &[
    "-d",
    "-s",
    "-h",
    "-cp",
    "-classpath",
    "--class-path",
    "-sourcepath",
    "--source-path",
    "-p",
    "--module-path",
    "--module-source-path",
    "--upgrade-module-path",
    "--system",
    "--release",
    "-source",
    "--source",
    "-target",
    "--target",
    "-encoding",
    "-processor",
    "-processorpath",
    "--processor-path",
    "--processor-module-path",
    "-bootclasspath",
    "--boot-class-path",
    "-extdirs",
    "-endorseddirs",
    "--add-modules",
    "--limit-modules",
    "-m",
    "--module",
    "--patch-module",
    "--add-exports",
    "--add-reads",
    "--default-module-for-created-files",
];

fn javac(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let mut i = 0;
    let mut processors = false;
    let mut out_dir = false;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            r.note(
                Opaque,
                format!("{shown}: `{}` is only known when it runs", args[i].shown),
            );
            return;
        };
        i += 1;
        if let Some(file) = word.strip_prefix('@') {
            r.note(
                Opaque,
                format!("{shown} reads options from {file}, which wicket cannot see"),
            );
            return;
        }
        if matches!(
            word,
            "-version"
                | "--version"
                | "-help"
                | "--help"
                | "-?"
                | "-X"
                | "--help-extra"
                | "--help-lint"
        ) {
            r.note(Read, format!("{shown} prints information"));
            return;
        }
        if let Some(option) = word.strip_prefix("-J") {
            if !super::interp::java_option(r, &shown, option, scope) {
                return;
            }
            continue;
        }
        if JAVAC_VALUES.contains(&word) {
            let Some(value) = args.get(i).cloned() else {
                r.note(Opaque, format!("{shown}: {word} needs a value"));
                return;
            };
            i += 1;
            match word {
                "-d" | "-s" | "-h" => {
                    out_dir |= word == "-d";
                    r.change(&value, scope, Change::Write, Reach::Tree, &shown)
                }
                "-processor"
                | "-processorpath"
                | "--processor-path"
                | "--processor-module-path" => processors = true,
                _ => {}
            }
            continue;
        }
        if word.starts_with('-') {
            let known = word.starts_with("-X")
                || word.starts_with("-A")
                || word.starts_with("-g")
                || word.starts_with("-proc:")
                || word.starts_with("-implicit:")
                || word.starts_with("--add-")
                || word.starts_with("--release=")
                || matches!(
                    word,
                    "-nowarn"
                        | "-verbose"
                        | "-deprecation"
                        | "-parameters"
                        | "-Werror"
                        | "--enable-preview"
                        | "-nowarn:all"
                );
            if !known {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: javac's option `{word}` is not one wicket's description knows"
                    ),
                );
                return;
            }
            continue;
        }
        r.reads(&args[i - 1], scope, &shown);
    }
    if processors {
        r.note(
            OpenWorld,
            format!("{shown} runs annotation processors, code wicket cannot read"),
        );
    }
    if !out_dir {
        // Class files land beside their sources.
        r.change(
            &Arg::literal("."),
            scope,
            Change::Write,
            Reach::Path,
            &shown,
        );
    }
}

pub const TSC: Program = Program {
    names: &["tsc"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: tsc,
    examples: examples![
        (OpenWorld, "tsc -p tests/lib/types/tsconfig.json"),
        (OpenWorld, "tsc --noEmit"),
        (Read, "tsc --version"),
        (Destructive, "tsc --outDir ../../.wicket src/index.ts"),
        (Destructive, "tsc --outFile=../../repo.git/x.js src/index.ts"),
        (Opaque, "tsc -p ../x"),
    ],
    manual: "TypeScript 5 (tsc --all): the options that write read, the rest (and tsconfig's settings) open-world",
};

fn tsc(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    if args.len() == 1
        && matches!(
            args[0].text(),
            Some("--version" | "-v" | "--help" | "-h" | "--all" | "--showConfig")
        )
    {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    for (k, a) in args.iter().enumerate() {
        let Some(t) = a.text() else { continue };
        let (flag, value) = match t.split_once('=') {
            Some((f, v)) => (f, Some(Arg::literal(v))),
            None => (t, args.get(k + 1).cloned()),
        };
        if matches!(
            flag,
            "--outDir"
                | "--outFile"
                | "--out"
                | "--declarationDir"
                | "--tsBuildInfoFile"
                | "--generateTrace"
                | "--generateCpuProfile"
        ) {
            if let Some(v) = value {
                r.change(&v, scope, Change::Write, Reach::Path, &shown);
            }
        }
    }
    r.note(
        OpenWorld,
        format!("{shown} compiles, writing where its options or tsconfig say"),
    );
    protected_words(r, run.inv, scope);
}

// ---------------------------------------------------------------------------
// make

const MAKE_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("b", "bm", &[]),
        flag("always-make", "B", &["always-make"]),
        value("directory", "C", &["directory"]),
        flag("d", "d", &[]),
        attached("debug", "", &["debug"]),
        flag("environment-overrides", "e", &["environment-overrides"]),
        value("eval", "E", &["eval"]),
        value("file", "f", &["file", "makefile"]),
        flag("help", "h", &["help"]),
        flag("ignore-errors", "i", &["ignore-errors"]),
        value("include-dir", "I", &["include-dir"]),
        attached("jobs", "j", &["jobs"]),
        flag("keep-going", "k", &["keep-going"]),
        attached("load-average", "l", &["load-average", "max-load"]),
        flag("check-symlink-times", "L", &["check-symlink-times"]),
        flag("just-print", "n", &["just-print", "dry-run", "recon"]),
        value("old-file", "o", &["old-file", "assume-old"]),
        attached("output-sync", "O", &["output-sync"]),
        flag("print-data-base", "p", &["print-data-base"]),
        flag("question", "q", &["question"]),
        flag("no-builtin-rules", "r", &["no-builtin-rules"]),
        flag("no-builtin-variables", "R", &["no-builtin-variables"]),
        flag("silent", "s", &["silent", "quiet"]),
        flag("no-silent", "", &["no-silent"]),
        flag("no-keep-going", "S", &["no-keep-going", "stop"]),
        flag("touch", "t", &["touch"]),
        flag("trace", "", &["trace"]),
        flag("version", "v", &["version"]),
        flag("print-directory", "w", &["print-directory"]),
        flag("no-print-directory", "", &["no-print-directory"]),
        value("what-if", "W", &["what-if", "new-file", "assume-new"]),
        flag(
            "warn-undefined-variables",
            "",
            &["warn-undefined-variables"],
        ),
    ],
};

pub const MAKE: Program = Program {
    names: &["make", "gmake"],
    // Own: `make -j"$(nproc)"` has a value only known at run time, which
    // the grammar alone would hold.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: make,
    examples: examples![
        (OpenWorld, "make -j4"),
        (OpenWorld, "make"),
        (OpenWorld, "make -C bld V=1 test-ci"),
        (OpenWorld, "make REDIS_CFLAGS='-Werror' BUILD_TLS=yes"),
        (OpenWorld, "make CFLAGS=\"-DUSE_PROCESSOR_CLOCK\""),
        (OpenWorld, "make -j\"$(nproc)\""),
        (OpenWorld, "make -n"),
        (Read, "make --version"),
        (Destructive, "make -C ../x"),
        (Destructive, "make -C../x"),
        (Destructive, "make --directory={ws}/.wicket"),
        (Opaque, "make -n -C ../x"),
        (Destructive, "make CC='rm -rf ../../.wicket'"),
        (
            Opaque,
            "make CFLAGS='; echo x >> ../../.wicket/trail.jsonl;' x",
        ),
        (Opaque, "make LDLIBS='$$(touch x)' x"),
        (Opaque, "make SHELL=/bin/sh --eval='all: ; rm -rf x'"),
        (Opaque, "make -f - <<EOF\nall:\n\ttrue\nEOF"),
        (Opaque, "curl -s https://x | make -f /dev/stdin"),
        (Opaque, "make -f <(curl -s https://x)"),
        (Opaque, "make --file=/proc/self/fd/0 < m.txt"),
        (Opaque, "make O=../../repo.git"),
        (Opaque, "make --bogus"),
    ],
    manual: "GNU Make 4.3: make --help",
};

/// Make variables whose value is a program the recipes run.
const MAKE_PROGRAMS: &[&str] = &[
    "CC",
    "CXX",
    "CPP",
    "LD",
    "AR",
    "AS",
    "RANLIB",
    "STRIP",
    "NM",
    "OBJCOPY",
    "OBJDUMP",
    "FC",
    "SHELL",
    "MAKE",
    "INSTALL",
    "PYTHON",
    "PERL",
    "RM",
    "CP",
    "MV",
    "MKDIR",
    "LN",
    "SED",
    "AWK",
    "HOSTCC",
    "HOSTCXX",
    "PKG_CONFIG",
    "CCACHE",
];

fn make(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    // A job or load count only known at run time (`-j"$(nproc)"`) is harmless.
    let words: Vec<Arg> = run.inv.argv[1..]
        .iter()
        .map(|a| {
            let counts = ["-j", "-l", "--jobs=", "--load-average=", "--max-load="];
            if a.values.is_none() && counts.iter().any(|c| a.shown.starts_with(c)) {
                let prefix = counts
                    .iter()
                    .find(|c| a.shown.starts_with(*c))
                    .copied()
                    .unwrap_or("-j");
                Arg::literal(&format!("{prefix}1"))
            } else {
                a.clone()
            }
        })
        .collect();
    let parsed = argv::parse(&MAKE_GRAMMAR, &words, 1);
    if let Some(problem) = &parsed.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence("make")));
        return;
    }
    let p = &parsed;
    if p.has("help") || p.has("version") {
        r.note(Read, format!("{shown} prints its help or version"));
        return;
    }
    // `-p` prints make's database, and every variable of the environment
    // is a make variable there, printed with its value.
    if p.has("print-data-base") {
        r.note(
            Secret,
            format!("{shown} prints make's database, the environment's variables and their values among them"),
        );
    }
    let dry = p.has("just-print") || p.has("question");
    let mut inner = scope.clone();
    for dir in p.values("directory") {
        builds_in(r, &shown, dir, &mut inner, dry);
    }
    for file in p.values("file") {
        // `-`, and the paths that are a descriptor rather than a file
        // (`/dev/stdin`, `/dev/fd/N`, a process substitution, `/proc/…/fd/N`).
        let stream = file.text().is_some_and(|t| {
            t == "-" || t == "/dev/stdin" || t.starts_with("/dev/fd/") || t.starts_with("/proc/")
        });
        if stream {
            r.note(
                Opaque,
                format!("{shown} reads its makefile from stdin or a descriptor (`{}`), and its recipes are shell wicket does not read from there", file.shown),
            );
            return;
        }
        r.reads(file, &inner, &shown);
    }
    // A makefile this command wrote its text into is that text's recipes
    // (`printf 'all:\n\trm -rf ../a2\n' > Makefile && make` deleted ../a2,
    // verified under dash), as a script so written is.
    let makefiles: Vec<Arg> = if p.has("file") {
        p.values("file").cloned().collect()
    } else {
        ["GNUmakefile", "makefile", "Makefile"]
            .into_iter()
            .map(Arg::literal)
            .collect()
    };
    if let Some((makefile, wrote)) = makefiles
        .iter()
        .find_map(|m| Some((m, r.written_earlier(m, &inner)?)))
    {
        r.runs_what_it_wrote(&makefile.shown, &wrote);
    }
    for text in p.values("eval") {
        let assigns_only = text.text().is_some_and(|t| {
            t.lines().all(|l| {
                let l = l.trim();
                l.is_empty()
                    || (!runs_make_function(l)
                        && l.split_once('=').is_some_and(|(k, _)| {
                            let k = k.trim_end_matches([':', '+', '?']).trim();
                            !k.is_empty()
                                && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        }))
            })
        });
        if !assigns_only {
            r.note(
                Opaque,
                format!(
                    "{shown} evaluates make text (`{}`) whose recipes wicket does not read",
                    text.shown
                ),
            );
        }
    }
    // The environment's variables are make variables too (the command
    // line's override them).
    let env: Vec<(String, String)> = scope
        .vars
        .iter()
        .filter_map(|(k, v)| Some((k.clone(), v.as_ref()?.join(" "))))
        .collect();
    for (name, value) in env {
        if MAKE_PROGRAMS.contains(&name.as_str())
            || matches!(
                name.as_str(),
                "MAKEFLAGS"
                    | "GNUMAKEFLAGS"
                    | "MAKEFILES"
                    | "CFLAGS"
                    | "CXXFLAGS"
                    | "CPPFLAGS"
                    | "LDFLAGS"
            )
        {
            make_variable(r, &shown, &name, &value, &inner);
        }
    }
    // `NAME=value` operands are make variables; the rest are targets.
    let mut targets = Vec::new();
    for arg in p.operand_args() {
        let Some(text) = arg.text() else {
            if arg.shown.contains('=') {
                let name = arg.shown.split('=').next().unwrap_or("");
                if MAKE_PROGRAMS.contains(&name) {
                    r.note(
                        Opaque,
                        format!("{shown}: {name} names a program only known when it runs"),
                    );
                }
            }
            targets.push(arg);
            continue;
        };
        match text.split_once('=') {
            Some((name, value)) if !name.is_empty() && !name.contains(['/', ' ', '\t']) => {
                // `x!=TEXT` runs TEXT in the shell as it is read, and
                // `x:=$(shell …)` expands at once: neither waits for a
                // recipe (verified: `make 'x:=$(shell rm -rf ../../.wicket)'`
                // deleted .wicket with no makefile at all).
                if name.ends_with('!') || (name.ends_with(':') && runs_make_function(value)) {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: the variable `{text}` runs a shell command as make reads it"
                        ),
                    );
                }
                make_variable(
                    r,
                    &shown,
                    name.trim_end_matches([':', '+', '?']),
                    value,
                    &inner,
                )
            }
            _ => targets.push(arg),
        }
    }
    if dry {
        r.note(
            OpenWorld,
            format!("{shown} prints the recipes, but evaluates the makefile (its $(shell …) calls and `+` recipes run)"),
        );
        return;
    }
    if p.has("touch") {
        for target in &targets {
            r.change(target, &inner, Change::Write, Reach::Path, &shown);
        }
        return;
    }
    r.note(
        OpenWorld,
        format!(
            "{shown} runs the makefile's recipes, which the agent wrote and wicket cannot read"
        ),
    );
    // A `NAME=value` operand or a target chosen when the command runs is
    // handed to those recipes (`make DIR="$(cd ../.. && pwd)"` touched
    // `$(DIR)/pwned` in the workspace's directory, verified under dash).
    r.hands_chosen_words(run.inv, "the makefile's recipes");
    // Handed the literal path, the same recipes are held as a script handed
    // it is (`make DIR=../..`: a directory above the protected set).
    r.check_protected_operands(run.inv, &inner);
    if targets.iter().any(|t| t.text() == Some("install")) {
        r.note(
            OpenWorld,
            format!("{shown} installs, usually outside the root"),
        );
    }
}

/// Whether make text calls a function that runs a command, writes a file
/// or evaluates more make text (`$(shell …)`, `${file >…}`, `$(eval …)`).
fn runs_make_function(text: &str) -> bool {
    ["$(", "${"].iter().any(|open| {
        text.match_indices(open).any(|(at, _)| {
            let rest = text[at + 2..].trim_start();
            ["shell", "file", "eval", "guile"].iter().any(|f| {
                rest.starts_with(f)
                    && !rest[f.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            })
        })
    })
}

/// The first piece of shell syntax in a make variable's value that would
/// end, chain or redirect the recipe line it is spliced into, or run a
/// command of its own (`$$(…)` is the shell's `$(…)` after make's
/// expansion).
fn shell_syntax(value: &str) -> Option<&'static str> {
    [";", "&", "|", "`", "\n", ">", "<", "$$"]
        .into_iter()
        .find(|s| value.contains(s))
}

/// `make NAME=value`: a program the recipes run, compiler flags, or a value
/// that names a protected path.
fn make_variable(r: &mut Reader, shown: &str, name: &str, value: &str, scope: &Scope) {
    match name {
        "MAKEFLAGS" | "GNUMAKEFLAGS" => {
            let words: Vec<Arg> = value
                .split_whitespace()
                .map(|w| {
                    Arg::literal(&if w.starts_with('-') {
                        w.to_owned()
                    } else {
                        format!("-{w}")
                    })
                })
                .collect();
            let p = argv::parse(&MAKE_GRAMMAR, &words, 1);
            // `MAKEFLAGS=p`: make takes its flags from there, -p among them.
            if p.has("print-data-base") {
                r.note(
                    Secret,
                    format!("{shown}: {name}={value} makes make print its database, the environment's variables and their values among them"),
                );
            }
            if p.problem.is_some()
                || ["directory", "file", "eval", "include-dir"]
                    .iter()
                    .any(|k| p.has(k))
            {
                r.note(
                    Opaque,
                    format!("{shown}: {name}={value} changes where recursive makes work or what they evaluate"),
                );
            }
            return;
        }
        ".SHELLFLAGS" | "MAKESHELL" | ".SHELL" => {
            let harmless = value.split_whitespace().all(|w| {
                matches!(
                    w,
                    "-c" | "-e"
                        | "-u"
                        | "-x"
                        | "-ec"
                        | "-eu"
                        | "-euc"
                        | "-exc"
                        | "-eux"
                        | "-o"
                        | "pipefail"
                        | "errexit"
                        | "nounset"
                )
            });
            if !harmless {
                r.note(
                    Opaque,
                    format!("{shown}: {name}={value} changes how every recipe runs"),
                );
            }
            return;
        }
        "MAKEFILES" => {
            for file in value.split_whitespace() {
                r.reads(&Arg::literal(file), scope, shown);
            }
            return;
        }
        _ => {}
    }
    if super::code::is_harness_variable(name) {
        r.guard(
            wicket_guest::Effect::Destructive,
            format!("{shown} sets {name} for the recipes, which only the harness may set"),
        );
        return;
    }
    // make splices a variable's text into the recipe lines it hands the
    // shell, so shell syntax in a value runs as commands of its own: with no
    // makefile at all, the built-in rule for `make x` runs
    // `cc $(CFLAGS) … x.c -o x`, and `CFLAGS='; echo x >> ../../.wicket/trail.jsonl;'`
    // wrote the trail (verified under dash and bash).
    if let Some(syntax) = shell_syntax(value) {
        r.note(
            Opaque,
            format!(
                "{shown}: {name}'s value holds shell syntax (`{syntax}`), which make splices into the recipe lines the shell runs"
            ),
        );
    }
    if MAKE_PROGRAMS.contains(&name) {
        let words: Vec<Arg> = value.split_whitespace().map(Arg::literal).collect();
        if !words.is_empty() {
            let mut inv = invocation(words);
            inv.extra_operands = true;
            r.read_invocation(&inv, &mut scope.clone());
        }
        return;
    }
    if matches!(name, "CFLAGS" | "CXXFLAGS" | "CPPFLAGS" | "LDFLAGS")
        || name.ends_with("_CFLAGS")
        || name.ends_with("_LDFLAGS")
    {
        let words: Vec<String> = value.split_whitespace().map(str::to_owned).collect();
        c_flags(r, shown, &words, scope);
        return;
    }
    // Any other value that lands in the protected set (`O=`, `DESTDIR=`,
    // `BUILD_DIR=`) may be where the recipes write.
    for word in value.split([' ', ':', ',']) {
        if word.contains('/') || word == ".." {
            if let Some(Place::Protected { path, entry }) = r.place(word, scope) {
                r.guard(
                    Opaque,
                    format!(
                        "{shown}: {name} names {path}, which is protected ({}), for recipes wicket cannot read",
                        crate::read::protected_label(&entry, r.ctx)
                    ),
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// cmake

pub const CMAKE: Program = Program {
    names: &["cmake"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: cmake,
    examples: examples![
        (OpenWorld, "cmake -B build"),
        (
            OpenWorld,
            "cmake -B bld-cm -DCURL_WERROR=ON -DCURL_USE_LIBPSL=OFF",
        ),
        (
            OpenWorld,
            "cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release",
        ),
        (OpenWorld, "cmake --build build"),
        (OpenWorld, "cmake --build bld --verbose --target testdeps"),
        (OpenWorld, "cmake --install build"),
        (Read, "cmake --version"),
        (TargetWrite, "cmake -E make_directory build"),
        (TargetWrite, "cmake -E rm -rf build"),
        (Destructive, "cmake -E rm -rf ../../.wicket"),
        (
            Opaque,
            "cmake --build build -- DESTDIR=../../.wicket install"
        ),
        (Opaque, "cmake --build build --target install -- -C {other}"),
        (OpenWorld, "cmake --build build -j8 -- VERBOSE=1"),
        (Destructive, "cmake -E remove_directory {other}"),
        (
            Destructive,
            "cmake -E copy x ../../repo.git/hooks/pre-commit",
        ),
        (Destructive, "cmake -E touch {ws}/.wicket/x"),
        (Destructive, "cmake -B ../../.wicket/b"),
        (Destructive, "cmake --build {other}/build"),
        (Secret, "cmake -E environment"),
        (OpenWorld, "cmake -P script.cmake"),
        (Opaque, "cmake -E bogus x"),
    ],
    manual: "cmake 3.28 manual (cmake(1), cmake -E; not installed here)",
};

/// cmake options that take the next word (or an attached one).
const CMAKE_VALUES: &[&str] = &[
    "-S",
    "-B",
    "-C",
    "-D",
    "-U",
    "-G",
    "-T",
    "-A",
    "--toolchain",
    "--install-prefix",
    "--preset",
    "--log-level",
    "--log-context",
    "--graphviz",
    "--trace-format",
    "--trace-source",
    "--trace-redirect",
    "--profiling-format",
    "--profiling-output",
    "--debugger-pipe",
    "--debugger-dependencies",
    "-P",
    "--target",
    "-t",
    "--config",
    "-j",
    "--parallel",
    "--prefix",
    "--component",
    "--default-directory-permissions",
    "--list-presets",
];

fn cmake(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    vars::program_variables(r, scope, vars::C_BUILD_VARIABLES, &shown);
    vars::program_variables(
        r,
        scope,
        &[
            "DESTDIR",
            "CMAKE_MAKE_PROGRAM",
            "CMAKE_C_COMPILER_LAUNCHER",
            "CMAKE_CXX_COMPILER_LAUNCHER",
            "CMAKE_TOOLCHAIN_FILE",
        ],
        &shown,
    );
    let args = &run.inv.argv[1..];
    let words: Vec<String> = match args
        .iter()
        .map(|a| a.text().map(str::to_owned))
        .collect::<Option<Vec<String>>>()
    {
        Some(w) => w,
        None => {
            // `-j"$(nproc)"`, `-DX=$Y`: an unknown value is fine; an unknown
            // option word is not.
            if args.iter().any(|a| {
                a.text().is_none()
                    && !a.shown.starts_with("-j")
                    && !a.shown.starts_with("-D")
                    && !a.shown.starts_with("--parallel")
            }) {
                r.note(Opaque, format!("{shown}: a word only known when it runs"));
                return;
            }
            args.iter()
                .map(|a| a.text().map_or_else(|| a.shown.clone(), str::to_owned))
                .collect()
        }
    };
    match words.first().map(String::as_str) {
        Some("-E") => return cmake_command(r, run, &words[1..], scope),
        Some(
            "--version"
            | "-version"
            | "--help"
            | "-h"
            | "-help"
            | "--help-full"
            | "--system-information"
            | "--list-presets",
        ) if words.len() == 1 => {
            r.note(Read, format!("{shown} prints information"));
            return;
        }
        Some("--build") => {
            let Some(dir) = words.get(1) else {
                r.note(Opaque, format!("{shown}: --build needs a directory"));
                return;
            };
            let mut inner = scope.clone();
            builds_in(r, &shown, &Arg::literal(dir), &mut inner, false);
            r.change(
                &Arg::literal(dir),
                scope,
                Change::Write,
                Reach::Tree,
                &shown,
            );
            r.note(
                OpenWorld,
                format!("{shown} runs the generated build, whose commands wicket cannot read"),
            );
            return cmake_rest(r, &words[2..], scope);
        }
        Some("--install") => {
            let Some(dir) = words.get(1) else {
                r.note(Opaque, format!("{shown}: --install needs a directory"));
                return;
            };
            r.reads(&Arg::literal(dir), scope, &shown);
            match words.iter().position(|w| w == "--prefix") {
                Some(at) => match words.get(at + 1) {
                    Some(prefix) => r.change(
                        &Arg::literal(prefix),
                        scope,
                        Change::Write,
                        Reach::Tree,
                        &shown,
                    ),
                    None => r.note(Opaque, format!("{shown}: --prefix needs a value")),
                },
                None => r.note(
                    OpenWorld,
                    format!(
                        "{shown} installs where the build's cache says (/usr/local by default)"
                    ),
                ),
            }
            return cmake_rest(r, &words[2..], scope);
        }
        Some("-P") => {
            r.note(
                OpenWorld,
                format!("{shown} runs a cmake script, code wicket cannot read"),
            );
            return;
        }
        Some("--open") => {
            r.note(OpenWorld, format!("{shown} opens an IDE"));
            return;
        }
        Some("--workflow") => {
            r.note(
                OpenWorld,
                format!("{shown} runs a workflow preset: configure, build, test"),
            );
            return;
        }
        _ => {}
    }
    // Configure: runs CMakeLists.txt, writes the build directory.
    let mut build: Option<String> = None;
    let mut source: Option<String> = None;
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        i += 1;
        let (flag, value) =
            if let Some((f, v)) = w.split_once('=').filter(|(f, _)| f.starts_with("--")) {
                (f, Some(v.to_owned()))
            } else if CMAKE_VALUES.contains(&w) {
                let v = words.get(i).cloned();
                i += 1;
                (w, v)
            } else if w.len() > 2
                && ["-S", "-B", "-C", "-D", "-U", "-G", "-T", "-A", "-W"].contains(&&w[..2])
            {
                (&w[..2], Some(w[2..].to_owned()))
            } else {
                (w, None)
            };
        match (flag, value) {
            ("-S", Some(v)) => source = Some(v),
            ("-B", Some(v)) => build = Some(v),
            ("-C" | "--toolchain", Some(v)) => {
                r.reads(&Arg::literal(&v), scope, &shown);
            }
            ("--install-prefix", Some(v)) => {
                r.note(
                    OpenWorld,
                    format!("{shown} sets where a later install writes ({v})"),
                );
            }
            ("--graphviz" | "--trace-redirect" | "--profiling-output", Some(v)) => r.change(
                &Arg::literal(&v),
                scope,
                Change::Overwrite,
                Reach::Path,
                &shown,
            ),
            ("-D", Some(v)) => cmake_define(r, &shown, &v, scope),
            (
                "-U" | "-G" | "-T" | "-A" | "--preset" | "--log-level" | "--log-context"
                | "--trace-format" | "--trace-source" | "--profiling-format" | "-W",
                _,
            ) => {}
            (f, None) if f.starts_with('-') => {
                let known = [
                    "--fresh",
                    "--warn-uninitialized",
                    "--warn-unused-vars",
                    "--no-warn-unused-cli",
                    "--check-system-vars",
                    "--compile-no-warning-as-error",
                    "--debug-output",
                    "--debug-trycompile",
                    "--debug-find",
                    "--trace",
                    "--trace-expand",
                    "-N",
                    "-L",
                    "-LA",
                    "-LH",
                    "-LAH",
                    "--debugger",
                    "-Wdev",
                    "-Wno-dev",
                    "-Werror=dev",
                    "-Wno-error=dev",
                    "-Wdeprecated",
                    "-Wno-deprecated",
                ];
                if !known.contains(&f) && !f.starts_with("-W") {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: cmake's option `{f}` is not one wicket's description knows"
                        ),
                    );
                    return;
                }
            }
            (_, _) if !w.starts_with('-') => source = source.or(Some(w.to_owned())),
            _ => {
                r.note(Opaque, format!("{shown}: `{w}` needs a value"));
                return;
            }
        }
    }
    let build_dir = build.unwrap_or_else(|| {
        // `cmake PATH`: an existing build tree, or a source tree built here.
        ".".to_owned()
    });
    if let Some(src) = &source {
        r.reads(&Arg::literal(src), scope, &shown);
    }
    r.change(
        &Arg::literal(&build_dir),
        scope,
        Change::Write,
        Reach::Tree,
        &shown,
    );
    r.note(
        OpenWorld,
        format!("{shown} runs the project's CMakeLists, code wicket cannot read"),
    );
}

/// The options after `--build DIR` / `--install DIR`.
fn cmake_rest(r: &mut Reader, words: &[String], scope: &Scope) {
    // cmake's own build options (`--target`, `-j`, `--config`) place
    // nothing; the words after `--` go to the native build tool (make's `-C
    // DIR`, `DESTDIR=DIR`, ninja's `-f FILE`), whose recipes wicket cannot
    // read: one naming a protected place is handed to a program that may
    // write it (`cmake --build b -- DESTDIR=../../.wicket install`).
    let Some(at) = words.iter().position(|w| w == "--") else {
        return;
    };
    let inv = invocation(
        std::iter::once(Arg::literal("cmake"))
            .chain(words[at + 1..].iter().map(|w| Arg::literal(w)))
            .collect(),
    );
    protected_words(r, &inv, scope);
    r.check_protected_operands(&inv, scope);
}

/// `-DNAME[:TYPE]=VALUE`: the cache variables that run programs or place
/// files.
fn cmake_define(r: &mut Reader, shown: &str, define: &str, scope: &Scope) {
    let (name, value) = define.split_once('=').unwrap_or((define, ""));
    let name = name.split(':').next().unwrap_or(name);
    match name {
        "CMAKE_C_COMPILER"
        | "CMAKE_CXX_COMPILER"
        | "CMAKE_C_COMPILER_LAUNCHER"
        | "CMAKE_CXX_COMPILER_LAUNCHER"
        | "CMAKE_MAKE_PROGRAM"
        | "CMAKE_LINKER"
        | "CMAKE_AR"
        | "CMAKE_RANLIB" => {
            let words: Vec<Arg> = value
                .split([' ', ';'])
                .filter(|w| !w.is_empty())
                .map(Arg::literal)
                .collect();
            if !words.is_empty() {
                let mut inv = invocation(words);
                inv.extra_operands = true;
                r.read_invocation(&inv, &mut scope.clone());
            }
        }
        "CMAKE_TOOLCHAIN_FILE"
        | "CMAKE_PROJECT_INCLUDE"
        | "CMAKE_PROJECT_TOP_LEVEL_INCLUDES"
        | "CMAKE_USER_MAKE_RULES_OVERRIDE" => r.reads(&Arg::literal(value), scope, shown),
        "CMAKE_C_FLAGS"
        | "CMAKE_CXX_FLAGS"
        | "CMAKE_EXE_LINKER_FLAGS"
        | "CMAKE_SHARED_LINKER_FLAGS" => {
            let words: Vec<String> = value.split_whitespace().map(str::to_owned).collect();
            c_flags(r, shown, &words, scope);
        }
        _ => {
            if value.contains('/') || value == ".." {
                if let Some(Place::Protected { path, entry }) = r.place(value, scope) {
                    r.guard(
                        Opaque,
                        format!(
                            "{shown}: {name} names {path}, which is protected ({}), for a build wicket cannot read",
                            crate::read::protected_label(&entry, r.ctx)
                        ),
                    );
                }
            }
        }
    }
}

/// `cmake -E COMMAND …`: portable file operations, read as the programs
/// they are.
fn cmake_command(r: &mut Reader, run: &Run, words: &[String], scope: &mut Scope) {
    let shown = run.shown();
    let Some(command) = words.first() else {
        r.note(Read, format!("{shown} lists its commands"));
        return;
    };
    let rest: Vec<Arg> = words[1..].iter().map(|w| Arg::literal(w)).collect();
    let as_program = |program: &str, flags: &[&str], rest: &[Arg]| {
        let mut argv = vec![Arg::literal(program)];
        argv.extend(flags.iter().map(|f| Arg::literal(f)));
        argv.push(Arg::literal("--"));
        argv.extend(rest.iter().cloned());
        invocation(argv)
    };
    let inv = match command.as_str() {
        "rm" => {
            // cmake -E rm [-rRf] [--] <file|dir>...
            let mut argv = vec![Arg::literal("rm")];
            argv.extend(rest.iter().cloned());
            invocation(argv)
        }
        "remove" => {
            let files: Vec<Arg> = rest
                .iter()
                .filter(|a| a.text() != Some("-f"))
                .cloned()
                .collect();
            as_program("rm", &["-f"], &files)
        }
        "remove_directory" => as_program("rm", &["-rf"], &rest),
        "make_directory" => as_program("mkdir", &["-p"], &rest),
        "touch" | "touch_nocreate" => as_program("touch", &[], &rest),
        "copy" | "copy_if_different" | "copy_if_newer" => {
            let files: Vec<Arg> = rest
                .iter()
                .filter(|a| a.text() != Some("-t"))
                .cloned()
                .collect();
            as_program("cp", &[], &files)
        }
        "copy_directory" | "copy_directory_if_different" | "copy_directory_if_newer" => {
            // Copies the directories' contents into the destination.
            match rest.split_last() {
                Some((dest, sources)) => {
                    let sources: Vec<Arg> = sources
                        .iter()
                        .map(|s| {
                            Arg::literal(&format!(
                                "{}/.",
                                s.text().unwrap_or(&s.shown).trim_end_matches('/')
                            ))
                        })
                        .collect();
                    let mut all = sources;
                    all.push(dest.clone());
                    as_program("cp", &["-r"], &all)
                }
                None => as_program("true", &[], &[]),
            }
        }
        "rename" => as_program("mv", &[], &rest),
        "create_symlink" => as_program("ln", &["-s"], &rest),
        "create_hardlink" => as_program("ln", &[], &rest),
        "cat" => as_program("cat", &[], &rest),
        "echo" | "echo_append" | "capabilities" | "true" | "false" | "sleep" | "md5sum"
        | "sha1sum" | "sha224sum" | "sha256sum" | "sha384sum" | "sha512sum" | "compare_files"
        | "server" => {
            for a in &rest {
                r.check_secret_word(a);
            }
            r.note(Read, format!("{shown} only reads or prints"));
            return;
        }
        "environment" => {
            r.note(
                wicket_guest::Effect::Secret,
                format!("{shown} prints the environment"),
            );
            return;
        }
        "chdir" => {
            let Some((dir, command)) = rest.split_first() else {
                r.note(
                    Opaque,
                    format!("{shown}: chdir needs a directory and a command"),
                );
                return;
            };
            let mut inner = scope.clone();
            match directory(r, dir, scope) {
                Some(d) => inner.cwd = Some(d),
                None => inner.cwd = None,
            }
            let inv = invocation(command.to_vec());
            r.read_invocation(&inv, &mut inner);
            return;
        }
        "time" | "env" => {
            let mut argv = vec![Arg::literal(if command == "env" { "env" } else { "time" })];
            argv.extend(rest.iter().cloned());
            invocation(argv)
        }
        "tar" => {
            let mut argv = vec![Arg::literal("tar")];
            argv.extend(rest.iter().cloned());
            invocation(argv)
        }
        other => {
            r.note(
                Opaque,
                format!("{shown}: `cmake -E {other}` is not a command wicket's description knows"),
            );
            return;
        }
    };
    r.read_invocation(&inv, scope);
}

// ---------------------------------------------------------------------------
// ninja

const NINJA_GRAMMAR: Grammar = Grammar {
    style: Style::GNU_POSIX,
    options: &[
        flag("version", "", &["version"]),
        flag("verbose", "v", &["verbose"]),
        flag("quiet", "", &["quiet"]),
        value("C", "C", &[]),
        value("f", "f", &[]),
        value("j", "j", &[]),
        value("k", "k", &[]),
        value("l", "l", &[]),
        flag("n", "n", &[]),
        value("d", "d", &[]),
        value("t", "t", &[]),
        value("w", "w", &[]),
        flag("help", "h", &["help"]),
    ],
};

pub const NINJA: Program = Program {
    names: &["ninja", "samu"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: ninja,
    examples: examples![
        (OpenWorld, "ninja -C build"),
        (OpenWorld, "ninja -C build -j8 test"),
        (Read, "ninja --version"),
        (Read, "ninja -C build -t targets"),
        (TargetWrite, "ninja -C build -t clean"),
        (Destructive, "ninja -C ../../repo.git"),
        (Destructive, "ninja -C {other}/build -t clean"),
        (Opaque, "ninja -f {other}/build.ninja"),
    ],
    manual: "ninja 1.11 manual (ninja -h; not installed here)",
};

fn ninja(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let p = argv::parse_until(&NINJA_GRAMMAR, &run.inv.argv[1..], 1, |parsed, _| {
        parsed.has("t")
    });
    if let Some(problem) = &p.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence("ninja")));
        return;
    }
    if p.has("version") || p.has("help") {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    let dry = p.has("n");
    let mut inner = scope.clone();
    let tool = p.last("t").and_then(Arg::text).map(str::to_owned);
    let tool_writes = matches!(
        tool.as_deref(),
        Some("clean" | "cleandead" | "recompact" | "restat")
    );
    let reads_only = tool.is_some() && !tool_writes;
    if let Some(dir) = p.last("C") {
        builds_in(r, &shown, dir, &mut inner, dry || reads_only);
    }
    if let Some(f) = p.last("f") {
        r.reads(f, &inner, &shown);
    }
    match tool.as_deref() {
        Some("browse") => r.note(OpenWorld, format!("{shown} serves a web page")),
        Some("clean" | "cleandead") => {
            r.change(
                &Arg::literal("."),
                &inner,
                Change::Write,
                Reach::Path,
                &shown,
            );
        }
        Some(_) => r.note(
            Read,
            format!("{shown} runs a ninja tool that reads the build"),
        ),
        None if dry => r.note(Read, format!("{shown} only prints what it would run")),
        None => {
            r.note(
                OpenWorld,
                format!("{shown} runs the build's commands, which wicket cannot read"),
            );
            // A build file in the protected set (`-f ../a2/build.ninja`) is
            // held as make's is: its rules may write where it lies.
            r.check_protected_operands(run.inv, &inner);
        }
    }
}

// ---------------------------------------------------------------------------
// go

/// The build flags most go commands share.
const GO_BUILD: &[Opt] = &[
    flag("a", "", &["a"]),
    flag("n", "", &["n"]),
    value("p", "", &["p"]),
    flag("race", "", &["race"]),
    flag("msan", "", &["msan"]),
    flag("asan", "", &["asan"]),
    flag("cover", "", &["cover"]),
    value("covermode", "", &["covermode"]),
    value("coverpkg", "", &["coverpkg"]),
    flag("v", "", &["v"]),
    flag("work", "", &["work"]),
    flag("x", "", &["x"]),
    value("asmflags", "", &["asmflags"]),
    value("buildmode", "", &["buildmode"]),
    value("buildvcs", "", &["buildvcs"]),
    value("compiler", "", &["compiler"]),
    value("gccgoflags", "", &["gccgoflags"]),
    value("gcflags", "", &["gcflags"]),
    value("installsuffix", "", &["installsuffix"]),
    value("ldflags", "", &["ldflags"]),
    flag("linkshared", "", &["linkshared"]),
    value("mod", "", &["mod"]),
    flag("modcacherw", "", &["modcacherw"]),
    value("modfile", "", &["modfile"]),
    value("overlay", "", &["overlay"]),
    value("pgo", "", &["pgo"]),
    value("pkgdir", "", &["pkgdir"]),
    value("tags", "", &["tags"]),
    flag("trimpath", "", &["trimpath"]),
    value("toolexec", "", &["toolexec"]),
    value("C", "", &["C"]),
    value("o", "", &["o"]),
    flag("json", "", &["json"]),
    flag("i", "", &["i"]),
    value("exec", "", &["exec"]),
    // go test's own (and the test binary's) flags.
    flag("c", "", &["c"]),
    value("args", "", &["args"]),
    value("bench", "", &["bench", "test.bench"]),
    flag("benchmem", "", &["benchmem", "test.benchmem"]),
    value("benchtime", "", &["benchtime", "test.benchtime"]),
    value("blockprofile", "", &["blockprofile", "test.blockprofile"]),
    value("blockprofilerate", "", &["blockprofilerate"]),
    value("count", "", &["count", "test.count"]),
    value("coverprofile", "", &["coverprofile", "test.coverprofile"]),
    value("cpu", "", &["cpu"]),
    value("cpuprofile", "", &["cpuprofile", "test.cpuprofile"]),
    flag("failfast", "", &["failfast", "test.failfast"]),
    flag("fullpath", "", &["fullpath"]),
    value("fuzz", "", &["fuzz"]),
    value("fuzzcachedir", "", &["fuzzcachedir"]),
    value("fuzzminimizetime", "", &["fuzzminimizetime"]),
    value("fuzztime", "", &["fuzztime"]),
    value("list", "", &["list"]),
    value("memprofile", "", &["memprofile", "test.memprofile"]),
    value("memprofilerate", "", &["memprofilerate"]),
    value("mutexprofile", "", &["mutexprofile"]),
    value("mutexprofilefraction", "", &["mutexprofilefraction"]),
    value("outputdir", "", &["outputdir"]),
    value("parallel", "", &["parallel", "test.parallel"]),
    value("run", "", &["run", "test.run"]),
    flag("short", "", &["short", "test.short"]),
    value("shuffle", "", &["shuffle"]),
    value("skip", "", &["skip"]),
    value("timeout", "", &["timeout", "test.timeout"]),
    value("trace", "", &["trace"]),
    value("vet", "", &["vet"]),
    // go get / mod / list / env / clean / fmt / work
    flag("u", "", &["u"]),
    flag("t", "", &["t"]),
    flag("d", "", &["d"]),
    flag("m", "", &["m"]),
    flag("e", "", &["e"]),
    flag("deps", "", &["deps"]),
    flag("find", "", &["find"]),
    flag("export", "", &["export"]),
    value("f", "", &["f"]),
    flag("w", "", &["w"]),
    flag("cache", "", &["cache"]),
    flag("testcache", "", &["testcache"]),
    flag("modcache", "", &["modcache"]),
    flag("fuzzcache", "", &["fuzzcache"]),
    flag("r", "", &["r"]),
    flag("l", "", &["l"]),
    flag("s", "", &["s"]),
    value("go", "", &["go"]),
    value("compat", "", &["compat"]),
    flag("diff", "", &["diff"]),
    value("require", "", &["require"]),
    value("droprequire", "", &["droprequire"]),
    value("replace", "", &["replace"]),
    value("dropreplace", "", &["dropreplace"]),
    value("exclude", "", &["exclude"]),
    value("dropexclude", "", &["dropexclude"]),
    value("module", "", &["module"]),
    value("toolchain", "", &["toolchain"]),
    flag("print", "", &["print"]),
    flag("fmt", "", &["fmt"]),
    flag("reuse", "", &["reuse"]),
    flag("insecure", "", &["insecure"]),
    flag("changed", "", &["changed"]),
    flag("h", "", &["h", "help"]),
];

pub const GO: Program = Program {
    names: &["go"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: go,
    examples: examples![
        (OpenWorld, "go test ./..."),
        (OpenWorld, "go test -race -tags=integration ./..."),
        (OpenWorld, "go test ./pkg -run TestX -v"),
        (OpenWorld, "go build -v ./cmd/gh"),
        (OpenWorld, "go build -o bin/app ./cmd/app"),
        (OpenWorld, "go run ./cmd/gen-docs --website --doc-path dist/manual"),
        (OpenWorld, "go mod download"),
        (OpenWorld, "go mod tidy"),
        (Read, "go mod verify"),
        (Read, "go version"),
        (Read, "go env GOPATH"),
        (TargetWrite, "go fmt ./..."),
        (OpenWorld, "go install github.com/spf13/cobra-cli@latest"),
        (Destructive, "go build -o ../../repo.git/hooks/post-commit ."),
        (Destructive, "go build -o=../../repo.git/hooks/post-commit ."),
        (Destructive, "go test -coverprofile=../../.wicket/c.out ./..."),
        (Destructive, "go -C ../x build ./..."),
        (Destructive, "go build -C ../x ."),
        (Destructive, "go build -toolexec='rm -rf ../../.wicket' ."),
        (Opaque, "go env -w GOFLAGS=-toolexec=./x"),
        (OpenWorld, "go env -w GOPROXY=https://proxy.golang.org"),
        (Destructive, "GOFLAGS=-o=../../repo.git/x go build ."),
        (Opaque, "go build -overlay=o.json ."),
        (Opaque, "go \"$CMD\" ./..."),
    ],
    manual: "go 1.22 manual (go help build, go help testflag; not installed here): cmd/go's flag parsing, single-dash long flags",
};

fn go(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut args = &run.inv.argv[1..];
    // `go -C DIR cmd …`: -C must come first, before the command.
    let mut inner = scope.clone();
    if let Some(first) = args.first().and_then(Arg::text) {
        let dir = match first {
            "-C" | "--C" => args.get(1).cloned().map(|d| (d, 2)),
            _ => first
                .strip_prefix("-C=")
                .or_else(|| first.strip_prefix("--C="))
                .map(|d| (Arg::literal(d), 1)),
        };
        if let Some((dir, used)) = dir {
            let dry = matches!(
                args.get(used).and_then(Arg::text),
                Some("list" | "env" | "version" | "help" | "doc")
            );
            builds_in(r, &shown, &dir, &mut inner, dry);
            args = &args[used..];
        }
    }
    let Some(first) = args.first() else {
        r.note(Read, format!("{shown} prints its help"));
        return;
    };
    let Some(sub) = first.text() else {
        r.note(
            Opaque,
            format!(
                "{shown}: go's command `{}` is only known when it runs",
                first.shown
            ),
        );
        return;
    };
    if matches!(
        sub,
        "version" | "help" | "doc" | "list" | "-h" | "--help" | "vet" | "bug" | "telemetry"
    ) && !(sub == "vet" || sub == "bug" || sub == "telemetry")
    {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    // `go test` takes its flags anywhere; the rest stop at the first package.
    let permute = matches!(sub, "test" | "vet");
    let grammar = Grammar {
        style: Style {
            permute,
            ..Style::GO
        },
        options: GO_BUILD,
    };
    // `go mod VERB [flags]`, `go work VERB [flags]`: the flags follow the verb.
    let verb_first = matches!(sub, "mod" | "work") && args.len() > 1;
    let verb = if verb_first {
        args.get(1).cloned()
    } else {
        None
    };
    let rest = &args[1 + usize::from(verb_first)..];
    let p = argv::parse_until(&grammar, rest, 2, |_, a| {
        // `go test ./x -args …` / `go run x.go args`: the program's words.
        a.text() == Some("-args")
    });
    if let Some(problem) = &p.problem {
        r.note(
            Opaque,
            format!("{shown}: {}", problem.sentence(&format!("go {sub}"))),
        );
        return;
    }
    // `go build -C DIR`: the command's own -C (go takes it as the first
    // flag after the command too) moves it as the global one does.
    if let Some(dir) = p.last("C") {
        let dry = matches!(sub, "list" | "env" | "version" | "doc");
        builds_in(r, &shown, dir, &mut inner, dry);
    }
    go_options(r, &shown, &p, &inner);
    if let Some(Some(values)) = scope.vars.get("GOFLAGS") {
        let words: Vec<String> = values
            .iter()
            .flat_map(|v| v.split_whitespace().map(str::to_owned))
            .collect();
        go_flags(r, &shown, &words, &inner);
    }
    vars::program_variables(
        r,
        &inner,
        &[
            "GOPATH",
            "GOMODCACHE",
            "GOCACHE",
            "GOBIN",
            "GOTMPDIR",
            "GOROOT",
            "CC",
            "CXX",
        ],
        &shown,
    );
    let operands = p.operand_args();
    match sub {
        "build" => {
            r.note(
                OpenWorld,
                format!("{shown} compiles, fetching modules and running cgo"),
            );
            if p.last("o").is_none() {
                r.change(
                    &Arg::literal("."),
                    &inner,
                    Change::Write,
                    Reach::Path,
                    &shown,
                );
            }
        }
        "run" | "test" | "generate" | "tool" => {
            r.note(
                OpenWorld,
                format!("{shown} runs the project's code, which wicket cannot read"),
            );
            protected_words(r, run.inv, &inner);
            // `go run PACKAGE ARGS`: the words after the package (or its
            // files) go to the program it builds; one chosen when the
            // command runs may be a protected path, as for a script handed
            // it (`python3 x.py "$(…)"`).
            if sub == "run" {
                let mut handed = run.inv.tail(run.inv.argv.len());
                handed.argv = std::iter::once(Arg::literal("go run"))
                    .chain(p.operand_args().into_iter().skip(1))
                    .collect();
                r.hands_chosen_words_as(&handed, "the program it builds", &shown);
            }
            // `go test PACKAGES -args ARGS`: the words after `-args` go to
            // the test binary, the project's code.
            if let Some(k) = run.inv.argv.iter().position(|a| a.text() == Some("-args")) {
                let mut handed = run.inv.tail(run.inv.argv.len());
                handed.argv = std::iter::once(Arg::literal("go test"))
                    .chain(run.inv.argv[k + 1..].iter().cloned())
                    .collect();
                r.hands_chosen_words_as(&handed, "the tests it builds", &shown);
            }
        }
        "install" | "get" => r.note(
            OpenWorld,
            format!("{shown} fetches modules and installs outside the root"),
        ),
        "mod" | "work" => {
            let verb = verb.as_ref().and_then(Arg::text).unwrap_or("");
            match verb {
                "graph" | "verify" | "why" => {
                    r.note(Read, format!("{shown} reads the module graph"))
                }
                "download" => r.note(OpenWorld, format!("{shown} fetches modules into the cache")),
                "vendor" => {
                    r.note(OpenWorld, format!("{shown} fetches modules"));
                    let out = p
                        .last("o")
                        .cloned()
                        .unwrap_or_else(|| Arg::literal("vendor"));
                    r.change(&out, &inner, Change::Write, Reach::Path, &shown);
                }
                "init" | "tidy" | "edit" | "use" | "sync" => {
                    r.note(OpenWorld, format!("{shown} may fetch modules"));
                    r.change(
                        &Arg::literal("."),
                        &inner,
                        Change::Write,
                        Reach::Path,
                        &shown,
                    );
                }
                _ => r.note(
                    Opaque,
                    format!("{shown}: `go {sub} {verb}` is not one wicket's description knows"),
                ),
            }
        }
        "env" => {
            if p.has("w") || p.has("u") {
                go_env_write(r, &shown, &operands, &inner);
            } else {
                r.note(Read, format!("{shown} prints go's settings"));
            }
        }
        "fmt" | "fix" => {
            let targets = if operands.is_empty() {
                vec![Arg::literal(".")]
            } else {
                operands.clone()
            };
            for t in &targets {
                let dir = t.text().map(|s| s.trim_end_matches("/...").to_owned());
                let dir = dir.map_or_else(
                    || t.clone(),
                    |d| Arg::literal(if d.is_empty() { "." } else { &d }),
                );
                r.change(&dir, &inner, Change::Write, Reach::Tree, &shown);
            }
        }
        "clean" => {
            if p.has("modcache") || p.has("cache") || p.has("testcache") || p.has("fuzzcache") {
                r.note(
                    OpenWorld,
                    format!("{shown} clears go's caches, outside the root"),
                );
            } else {
                r.change(
                    &Arg::literal("."),
                    &inner,
                    Change::Write,
                    Reach::Path,
                    &shown,
                );
            }
        }
        "vet" => r.note(
            OpenWorld,
            format!("{shown} builds and analyses the packages"),
        ),
        "bug" => r.note(OpenWorld, format!("{shown} opens a browser")),
        "telemetry" => r.note(
            OpenWorld,
            format!("{shown} changes go's telemetry setting outside the root"),
        ),
        _ => r.note(
            Opaque,
            format!("{shown}: `go {sub}` is not a command wicket's description knows"),
        ),
    }
}

/// The go command's own flags that write, run or read more flags.
fn go_options(r: &mut Reader, shown: &str, p: &argv::Parsed, scope: &Scope) {
    for given in &p.options {
        let Some(value) = &given.value else { continue };
        match given.opt.key {
            "o" => r.change(value, scope, Change::Overwrite, Reach::Path, shown),
            "pkgdir" | "outputdir" | "fuzzcachedir" => {
                r.change(value, scope, Change::Write, Reach::Path, shown)
            }
            "coverprofile" | "cpuprofile" | "memprofile" | "blockprofile" | "mutexprofile"
            | "trace" => {
                // Written in -outputdir, else the current directory.
                let path = match (p.last("outputdir").and_then(Arg::text), value.text()) {
                    (Some(dir), Some(v)) if !v.starts_with('/') => {
                        Arg::literal(&format!("{dir}/{v}"))
                    }
                    _ => value.clone(),
                };
                r.change(&path, scope, Change::Overwrite, Reach::Path, shown)
            }
            "modfile" => r.change(value, scope, Change::Write, Reach::Path, shown),
            "toolexec" | "exec" => match value.text() {
                Some(text) => {
                    let words: Vec<Arg> = text.split_whitespace().map(Arg::literal).collect();
                    let mut inv = invocation(words);
                    inv.extra_operands = true;
                    r.note(
                        OpenWorld,
                        format!("{shown} runs {text} around each tool or test"),
                    );
                    r.read_invocation(&inv, &mut scope.clone());
                }
                None => r.note(
                    Opaque,
                    format!(
                        "{shown}: -{} names a program only known when it runs",
                        given.opt.key
                    ),
                ),
            },
            "overlay" => r.note(
                Opaque,
                format!(
                    "{shown} replaces source files as {} says, which wicket cannot see",
                    value.shown
                ),
            ),
            "pgo" => r.reads(value, scope, shown),
            "ldflags" | "gcflags" | "asmflags" | "gccgoflags" => {
                if value.text().is_some_and(|t| {
                    t.contains("-extld")
                        || t.contains("-linkmode=external") && t.contains("-extldflags")
                }) {
                    r.note(
                        OpenWorld,
                        format!("{shown}: {} chooses the external linker", value.shown),
                    );
                }
                if value.text().is_some_and(|t| {
                    t.split_whitespace()
                        .any(|w| w.starts_with('@') || w == "-o" || w.starts_with("-o="))
                }) {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: {} moves the output or reads flags from a file",
                            value.shown
                        ),
                    );
                }
            }
            _ => {}
        }
    }
}

/// `GOFLAGS` (and `go env -w GOFLAGS=…`): go's own flags, one word each.
pub fn go_flags(r: &mut Reader, shown: &str, words: &[String], scope: &Scope) {
    let grammar = Grammar {
        style: Style::GO,
        options: GO_BUILD,
    };
    let args: Vec<Arg> = words.iter().map(|w| Arg::literal(w)).collect();
    let p = argv::parse(&grammar, &args, 1);
    if p.problem.is_some() || !p.operands.is_empty() {
        r.note(
            Opaque,
            format!("{shown} carries words go reads in a way wicket does not"),
        );
        return;
    }
    go_options(r, shown, &p, scope);
}

/// `go env -w NAME=VALUE …`: settings every later go command reads.
fn go_env_write(r: &mut Reader, shown: &str, operands: &[Arg], scope: &Scope) {
    r.note(
        OpenWorld,
        format!("{shown} writes go's settings file, outside the root"),
    );
    for setting in operands {
        let Some(text) = setting.text() else {
            r.note(
                Opaque,
                format!("{shown}: a setting only known when it runs"),
            );
            continue;
        };
        let Some((name, value)) = text.split_once('=') else {
            continue;
        };
        match name {
            "GOFLAGS" => {
                // Every later go command, the other agents' included, runs with these.
                let words: Vec<String> = value.split_whitespace().map(str::to_owned).collect();
                let before = r.notes.len();
                go_flags(r, shown, &words, scope);
                let runs = r.notes[before..].iter().any(|n| n.effect != Read);
                if runs {
                    r.note(
                        Opaque,
                        format!("{shown} makes every later go command run with {value}"),
                    );
                }
            }
            "CC" | "CXX" | "GOROOT" | "GOTOOLCHAIN" | "GOENV" => r.note(
                Opaque,
                format!("{shown} changes the program every later go command runs ({name})"),
            ),
            "GOPATH" | "GOMODCACHE" | "GOCACHE" | "GOBIN" | "GOTMPDIR" => {
                if let Some(Place::Protected { path, .. }) = r.place(value, scope) {
                    r.guard(
                        Opaque,
                        format!("{shown} points go's {name} at {path}, which is protected"),
                    );
                }
            }
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------
// maven and gradle

pub const MAVEN: Program = Program {
    names: &["mvn", "mvnd"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: maven,
    examples: examples![
        (
            OpenWorld,
            "mvn clean test --projects gson --activate-profiles gson-subset",
        ),
        (
            OpenWorld,
            "mvn -B -Dorg.slf4j.simpleLogger.log.x=warn install -U -DskipTests=true -f pom.xml",
        ),
        (OpenWorld, "mvn compile"),
        (Read, "mvn -v"),
        (Destructive, "mvn -f {other}/pom.xml package"),
        (Destructive, "mvn -l ../../.wicket/log package"),
        (
            Destructive,
            "mvn -Dmaven.repo.local=../../repo.git/m2 package",
        ),
        (Opaque, "mvn --bogus package"),
    ],
    manual: "Apache Maven 3.8: mvn --help",
};

/// maven's options (commons-cli: multi-letter short names).
const MAVEN_FLAGS: &[&str] = &[
    "-am",
    "--also-make",
    "-amd",
    "--also-make-dependents",
    "-B",
    "--batch-mode",
    "-C",
    "--strict-checksums",
    "-c",
    "--lax-checksums",
    "-cpu",
    "--check-plugin-updates",
    "-e",
    "--errors",
    "-fae",
    "--fail-at-end",
    "-ff",
    "--fail-fast",
    "-fn",
    "--fail-never",
    "-h",
    "--help",
    "-llr",
    "--legacy-local-repository",
    "-N",
    "--non-recursive",
    "-npr",
    "--no-plugin-registry",
    "-npu",
    "--no-plugin-updates",
    "-nsu",
    "--no-snapshot-updates",
    "-ntp",
    "--no-transfer-progress",
    "-o",
    "--offline",
    "-q",
    "--quiet",
    "-U",
    "--update-snapshots",
    "-up",
    "--update-plugins",
    "-v",
    "--version",
    "-V",
    "--show-version",
    "-X",
    "--debug",
];
const MAVEN_VALUES: &[&str] = &[
    "-b",
    "--builder",
    "--color",
    "-D",
    "--define",
    "-emp",
    "--encrypt-master-password",
    "-ep",
    "--encrypt-password",
    "-f",
    "--file",
    "-gs",
    "--global-settings",
    "-gt",
    "--global-toolchains",
    "-l",
    "--log-file",
    "-P",
    "--activate-profiles",
    "-pl",
    "--projects",
    "-rf",
    "--resume-from",
    "-s",
    "--settings",
    "-t",
    "--toolchains",
    "-T",
    "--threads",
];

fn maven(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    // A `-Dname=value` property is read by the build's plugins and, through
    // `exec:java -Dexec.args=…`, handed to the project's program: one
    // chosen when the command runs may be a protected path.
    r.hands_chosen_words(run.inv, "the build's plugins and the project's program");
    let mut goals = 0;
    let mut i = 0;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            if !args[i].shown.starts_with("-D") && !args[i].shown.starts_with('$') {
                r.note(
                    Opaque,
                    format!("{shown}: `{}` is only known when it runs", args[i].shown),
                );
                return;
            }
            if args[i].shown.starts_with('$') {
                // A value after -f: read as unknown.
                r.note(
                    Opaque,
                    format!("{shown}: `{}` is only known when it runs", args[i].shown),
                );
                return;
            }
            i += 1;
            continue;
        };
        i += 1;
        if matches!(word, "-v" | "--version" | "-h" | "--help") && args.len() == 1 {
            r.note(Read, format!("{shown} prints information"));
            return;
        }
        if MAVEN_FLAGS.contains(&word) {
            continue;
        }
        let (flag, value) = match word.split_once('=') {
            Some((f, v)) if f.starts_with("--") && MAVEN_VALUES.contains(&f) => {
                (f, Some(v.to_owned()))
            }
            _ if MAVEN_VALUES.contains(&word) => {
                let v = args
                    .get(i)
                    .map(|a| a.text().map_or_else(|| a.shown.clone(), str::to_owned));
                i += 1;
                (word, v)
            }
            // commons-cli: a one-letter option's value may be attached.
            _ if word.len() > 2
                && ["-D", "-T", "-P", "-b", "-f", "-l", "-s", "-t"].contains(&&word[..2]) =>
            {
                (&word[..2], Some(word[2..].to_owned()))
            }
            _ if word.starts_with('-') => {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: maven's option `{word}` is not one wicket's description knows"
                    ),
                );
                return;
            }
            _ => {
                goals += 1;
                continue;
            }
        };
        let Some(value) = value else {
            r.note(Opaque, format!("{shown}: {flag} needs a value"));
            return;
        };
        match flag {
            "-f" | "--file" => {
                // The project is built where its POM is.
                let dir = if value.ends_with(".xml") {
                    parent_of(&Arg::literal(&value))
                } else {
                    Arg::literal(&value)
                };
                r.reads(&Arg::literal(&value), scope, &shown);
                r.change(
                    &join(&dir, "target"),
                    scope,
                    Change::Write,
                    Reach::Tree,
                    &shown,
                );
            }
            "-l" | "--log-file" => r.change(
                &Arg::literal(&value),
                scope,
                Change::Overwrite,
                Reach::Path,
                &shown,
            ),
            "-s"
            | "--settings"
            | "-gs"
            | "--global-settings"
            | "-t"
            | "--toolchains"
            | "-gt"
            | "--global-toolchains" => r.reads(&Arg::literal(&value), scope, &shown),
            "-D" | "--define" => {
                let (key, v) = value.split_once('=').unwrap_or((&value, ""));
                if matches!(
                    key,
                    "maven.repo.local"
                        | "project.build.directory"
                        | "outputDirectory"
                        | "maven.multiModuleProjectDirectory"
                ) {
                    r.change(&Arg::literal(v), scope, Change::Write, Reach::Path, &shown);
                }
            }
            _ => {}
        }
    }
    vars::program_variables(
        r,
        scope,
        &["MAVEN_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS"],
        &shown,
    );
    let _ = goals;
    r.note(
        OpenWorld,
        format!(
            "{shown} runs maven's plugins on the project, fetching them: code wicket cannot read"
        ),
    );
}

pub const GRADLE: Program = Program {
    names: &["gradle"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: gradle,
    examples: examples![
        (OpenWorld, "gradle build"),
        (OpenWorld, "gradle test --offline -x lint"),
        (Read, "gradle --version"),
        (Destructive, "gradle -p {other} build"),
        (
            Destructive,
            "gradle --project-cache-dir ../../.wicket/c build",
        ),
        (OpenWorld, "gradle -I init.gradle build"),
    ],
    manual: "Gradle 8 manual (gradle --help; not installed here)",
};

const GRADLE_VALUES: &[&str] = &[
    "-p",
    "--project-dir",
    "-b",
    "--build-file",
    "-c",
    "--settings-file",
    "-g",
    "--gradle-user-home",
    "--project-cache-dir",
    "-I",
    "--init-script",
    "-D",
    "--system-prop",
    "-P",
    "--project-prop",
    "-x",
    "--exclude-task",
    "--console",
    "--warning-mode",
    "--max-workers",
    "--priority",
    "-M",
    "--write-verification-metadata",
    "--include-build",
    "--dependency-verification",
    "-F",
    "--tests",
];

fn gradle(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    if args.len() == 1
        && matches!(
            args[0].text(),
            Some("-v" | "--version" | "-h" | "--help" | "-?")
        )
    {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    let mut i = 0;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            r.note(
                Opaque,
                format!("{shown}: `{}` is only known when it runs", args[i].shown),
            );
            return;
        };
        i += 1;
        let (flag, value) = match word.split_once('=') {
            Some((f, v)) if f.starts_with("--") && GRADLE_VALUES.contains(&f) => {
                (f, Some(v.to_owned()))
            }
            _ if GRADLE_VALUES.contains(&word) => {
                let v = args.get(i).and_then(Arg::text).map(str::to_owned);
                i += 1;
                (word, v)
            }
            _ if word.len() > 2 && ["-D", "-P", "-x"].contains(&&word[..2]) => {
                (&word[..2], Some(word[2..].to_owned()))
            }
            _ => (word, None),
        };
        match (flag, value) {
            ("-p" | "--project-dir", Some(dir)) => {
                let mut inner = scope.clone();
                builds_in(r, &shown, &Arg::literal(&dir), &mut inner, false);
            }
            ("-g" | "--gradle-user-home" | "--project-cache-dir", Some(dir)) => r.change(
                &Arg::literal(&dir),
                scope,
                Change::Write,
                Reach::Tree,
                &shown,
            ),
            (
                "-b" | "--build-file" | "-c" | "--settings-file" | "-I" | "--init-script",
                Some(file),
            ) => r.reads(&Arg::literal(&file), scope, &shown),
            (_, Some(_)) => {}
            (f, None) if f.starts_with('-') && GRADLE_VALUES.contains(&f) => {
                r.note(Opaque, format!("{shown}: {f} needs a value"));
                return;
            }
            _ => {}
        }
    }
    vars::program_variables(
        r,
        scope,
        &["GRADLE_OPTS", "JAVA_TOOL_OPTIONS", "GRADLE_USER_HOME"],
        &shown,
    );
    r.note(
        OpenWorld,
        format!("{shown} runs the project's build scripts and plugins, code wicket cannot read"),
    );
}

// ---------------------------------------------------------------------------
// test runners

/// Test runners' options are extensible (plugins add their own), so they
/// are not checked one by one; what is read is every word that could name a
/// protected path, and the options known to delete or write.
fn test_runner(r: &mut Reader, run: &Run, scope: &Scope, what: &str) {
    let shown = run.shown();
    if run.inv.argv.len() == 2
        && matches!(
            run.inv.argv[1].text(),
            Some("--version" | "-V" | "--help" | "-h")
        )
    {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    r.note(
        OpenWorld,
        format!("{shown} runs {what}, code wicket cannot read"),
    );
    protected_words(r, run.inv, scope);
}

pub const PYTEST: Program = Program {
    names: &["pytest", "py.test"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: pytest,
    examples: examples![
        (OpenWorld, "pytest -x -k foo"),
        (OpenWorld, "pytest -q"),
        (OpenWorld, "pytest --cov=. simple_integration.py"),
        (OpenWorld, "pytest --reruns 5 a.py b.py"),
        (Read, "pytest --version"),
        (Destructive, "pytest --basetemp=../../.wicket"),
        (Destructive, "pytest --basetemp {other}"),
        (Destructive, "pytest --junitxml=../../repo.git/x.xml"),
        (Opaque, "pytest ../x"),
        (Opaque, "pytest \"$ARGS\""),
        (Destructive, "PYTEST_ADDOPTS='--basetemp=../../repo.git' pytest"),
    ],
    manual: "pytest 8 (pytest --help): options are extensible by plugins, so only the ones that write are read",
};

fn pytest(r: &mut Reader, run: &Run, scope: &mut Scope) {
    test_runner(r, run, scope, "the project's tests");
    if run.inv.argv.len() == 2
        && matches!(
            run.inv.argv[1].text(),
            Some("--version" | "-V" | "--help" | "-h")
        )
    {
        return;
    }
    pytest_options(r, &run.shown(), &run.inv.argv[1..], scope);
    if let Some(Some(values)) = scope.vars.get("PYTEST_ADDOPTS") {
        let words: Vec<Arg> = values
            .iter()
            .flat_map(|v| v.split_whitespace().map(Arg::literal))
            .collect();
        pytest_options(r, "PYTEST_ADDOPTS", &words, scope);
    }
}

/// pytest's options that delete or write paths (`--basetemp` is removed
/// and recreated).
pub fn pytest_options(r: &mut Reader, shown: &str, words: &[Arg], scope: &Scope) {
    let mut i = 0;
    while i < words.len() {
        let Some(w) = words[i].text() else {
            r.note(
                Opaque,
                format!(
                    "{shown}: `{}` is only known when it runs, and could be --basetemp, which removes the directory it names",
                    words[i].shown
                ),
            );
            return;
        };
        i += 1;
        let (flag, value) = match w.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(Arg::literal(v))),
            _ if matches!(
                w,
                "--basetemp"
                    | "--junitxml"
                    | "--junit-xml"
                    | "--resultlog"
                    | "--result-log"
                    | "--html"
                    | "--report-log"
                    | "--confcutdir"
                    | "-o"
                    | "--override-ini"
                    | "-p"
                    | "-c"
                    | "--rootdir"
                    | "--debug"
            ) =>
            {
                let v = words.get(i).cloned();
                i += 1;
                (w, v)
            }
            _ => (w, None),
        };
        let Some(value) = value else { continue };
        match flag {
            "--basetemp" => r.change(&value, scope, Change::Delete, Reach::Tree, shown),
            // The cache (`.pytest_cache`) is written in the root directory.
            "--rootdir" => {
                let cache = super::cargo::join(&value, ".pytest_cache");
                r.change(&cache, scope, Change::Write, Reach::Path, shown)
            }
            "--junitxml" | "--junit-xml" | "--resultlog" | "--result-log" | "--html"
            | "--report-log" | "--debug" => {
                r.change(&value, scope, Change::Overwrite, Reach::Path, shown)
            }
            "-o" | "--override-ini" => {
                if let Some((key, v)) = value.text().and_then(|t| t.split_once('=')) {
                    if matches!(key, "cache_dir" | "junit_logging" | "log_file") {
                        r.change(&Arg::literal(v), scope, Change::Write, Reach::Path, shown);
                    }
                }
            }
            "--cov-report" => {
                if let Some((_, dir)) = value.text().and_then(|t| t.split_once(':')) {
                    r.change(&Arg::literal(dir), scope, Change::Write, Reach::Path, shown);
                }
            }
            _ => {}
        }
    }
}

pub const JEST: Program = Program {
    names: &["jest", "vitest"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: jest,
    examples: examples![
        (OpenWorld, "jest"),
        (OpenWorld, "vitest run --coverage"),
        (OpenWorld, "jest -u src"),
        (Read, "jest --version"),
        (Destructive, "jest --outputFile=../../.wicket/x.json --json"),
        (Destructive, "vitest run --outputFile {ws}/repo.git/x"),
        (Destructive, "jest --coverageDirectory=../../repo.git/cov"),
        (Opaque, "jest --rootDir ../x"),
    ],
    manual: "jest 29 / vitest 1 (--help): extensible by configuration, so only the options that write are read",
};

fn jest(r: &mut Reader, run: &Run, scope: &mut Scope) {
    test_runner(r, run, scope, "the project's tests");
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    for (k, a) in args.iter().enumerate() {
        let Some(w) = a.text() else { continue };
        let (flag, value) = match w.split_once('=') {
            Some((f, v)) => (f, Some(Arg::literal(v))),
            None => (w, args.get(k + 1).cloned()),
        };
        if matches!(
            flag,
            "--outputFile"
                | "--coverageDirectory"
                | "--cacheDirectory"
                | "--coverage.reportsDirectory"
                | "--reporters.outputFile"
        ) {
            if let Some(v) = value {
                r.change(&v, scope, Change::Write, Reach::Path, &shown);
            }
        }
    }
}

pub const MOCHA: Program = Program {
    names: &["mocha"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: mocha,
    examples: examples![
        (
            OpenWorld,
            "mocha --require test/support/env --reporter spec --check-leaks test/ test/acceptance/",
        ),
        (Read, "mocha --version"),
        (
            Destructive,
            "mocha --reporter-option output=../../.wicket/r.xml",
        ),
    ],
    manual: "mocha 10 (mocha --help)",
};

fn mocha(r: &mut Reader, run: &Run, scope: &mut Scope) {
    test_runner(r, run, scope, "the project's tests");
    let shown = run.shown();
    for a in &run.inv.argv[1..] {
        if let Some(out) = a.text().and_then(|t| t.strip_prefix("output=")) {
            r.change(
                &Arg::literal(out),
                scope,
                Change::Overwrite,
                Reach::Path,
                &shown,
            );
        }
    }
}

pub const RSPEC: Program = Program {
    names: &["rspec"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: rspec,
    examples: examples![
        (OpenWorld, "rspec spec/models"),
        (Read, "rspec --version"),
        (Destructive, "rspec -o ../../repo.git/x"),
        (Destructive, "rspec --out=../../repo.git/x"),
    ],
    manual: "rspec 3 (rspec --help)",
};

fn rspec(r: &mut Reader, run: &Run, scope: &mut Scope) {
    test_runner(r, run, scope, "the project's specs");
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    for (k, a) in args.iter().enumerate() {
        let Some(w) = a.text() else { continue };
        let out = match w {
            "-o" | "--out" => args.get(k + 1).cloned(),
            _ => w
                .strip_prefix("--out=")
                .or_else(|| w.strip_prefix("-o").filter(|v| !v.is_empty()))
                .map(Arg::literal),
        };
        if let Some(out) = out {
            r.change(&out, scope, Change::Overwrite, Reach::Path, &shown);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::interp::{listed_long_options, missing_options};

    #[test]
    fn every_spelling_reads_as_its_option() {
        crate::programs::interp::check_spellings("make", &MAKE_GRAMMAR);
        crate::programs::interp::check_spellings("ninja", &NINJA_GRAMMAR);
        let go = Grammar {
            style: Style::GO,
            options: GO_BUILD,
        };
        crate::programs::interp::check_spellings("go", &go);
    }

    #[test]
    fn make_knows_its_help_page() {
        if let Some(listed) = listed_long_options("make", &["--help"]) {
            assert_eq!(
                missing_options(&MAKE_GRAMMAR, &listed, &[]),
                Vec::<String>::new()
            );
        }
    }
}
