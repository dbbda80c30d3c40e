//! Programs that create, copy, move, link, change and delete files: GNU
//! coreutils as Debian ships them (9.1), each checked against its `--help`.
//!
//! What lands where is computed the way the program computes it: a copy into
//! an existing directory writes `DIR/<name of the source>`, `-t DIR` names
//! the directory whatever its position, a hard link aliases its target (a
//! later write to the link writes the target), and a recursive change reaches
//! everything beneath the path it names.

use wicket_guest::Effect::{self, *};

use crate::argv::{attached, flag, value, Grammar, Style};
use crate::read::{Arg, Change, Invocation, Lookup, Reach, Reader, Scope};

use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &CP, &MV, &INSTALL, &LN, &LINK, &RM, &RMDIR, &UNLINK, &MKDIR, &TOUCH, &CHMOD, &CHOWN,
    &TRUNCATE, &TEE, &MKFIFO, &MKNOD, &SHRED, &MKTEMP, &SETFACL, &LDCONFIG,
];

const BACKUP: [crate::argv::Opt; 3] = [
    attached("backup", "", &["backup"]),
    flag("b", "b", &[]),
    value("suffix", "S", &["suffix"]),
];

const GNU_COMMON: [crate::argv::Opt; 2] = [
    flag("help", "", &["help"]),
    flag("version", "", &["version"]),
];

pub const CP: Program = Program {
    names: &["cp"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("archive", "a", &["archive"]),
            flag("attributes-only", "", &["attributes-only"]),
            BACKUP[0],
            BACKUP[1],
            BACKUP[2],
            flag("copy-contents", "", &["copy-contents"]),
            flag("d", "d", &[]),
            flag("force", "f", &["force"]),
            flag("interactive", "i", &["interactive"]),
            flag("H", "H", &[]),
            flag("link", "l", &["link"]),
            flag("dereference", "L", &["dereference"]),
            flag("no-clobber", "n", &["no-clobber"]),
            flag("no-dereference", "P", &["no-dereference"]),
            flag("p", "p", &[]),
            attached("preserve", "", &["preserve"]),
            value("no-preserve", "", &["no-preserve"]),
            flag("parents", "", &["parents"]),
            flag("recursive", "rR", &["recursive"]),
            attached("reflink", "", &["reflink"]),
            flag("remove-destination", "", &["remove-destination"]),
            value("sparse", "", &["sparse"]),
            flag("strip-trailing-slashes", "", &["strip-trailing-slashes"]),
            flag("symbolic-link", "s", &["symbolic-link"]),
            value("target-directory", "t", &["target-directory"]),
            flag("no-target-directory", "T", &["no-target-directory"]),
            attached("update", "u", &["update"]),
            flag("verbose", "v", &["verbose"]),
            flag("one-file-system", "x", &["one-file-system"]),
            flag("Z", "Z", &[]),
            attached("context", "", &["context"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: copy,
    examples: examples![
        (TargetWrite, "cp src/main.rs src/lib.rs"),
        (TargetWrite, "cp -r src backup"),
        (Destructive, "cp -r x/.wicket ../../"),
        (Destructive, "cp -t../.. .wicket"),
        (Destructive, "cp --targ=../../repo.git config"),
        (Destructive, "cp -rt ../.. .wicket"),
        (Destructive, "cp README.md {ws}/repo.git/config"),
        (Destructive, "cp -l ../../repo.git/config c"),
        (Destructive, "cp --link {ws}/.wicket/trail.jsonl t"),
        (Destructive, "cp -al ../../repo.git r"),
        (OpenWorld, "cp src/main.rs /tmp/x.rs"),
        (Destructive, "cp README.md /etc/hostname"),
        (Opaque, "cp --bogus a b"),
        (Read, "cp --version"),
    ],
    manual: "cp (GNU coreutils) 9.1: cp --help",
};

pub const MV: Program = Program {
    names: &["mv"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            BACKUP[0],
            BACKUP[1],
            BACKUP[2],
            flag("force", "f", &["force"]),
            flag("interactive", "i", &["interactive"]),
            flag("no-clobber", "n", &["no-clobber"]),
            flag("strip-trailing-slashes", "", &["strip-trailing-slashes"]),
            value("target-directory", "t", &["target-directory"]),
            flag("no-target-directory", "T", &["no-target-directory"]),
            attached("update", "u", &["update"]),
            flag("verbose", "v", &["verbose"]),
            flag("context", "Z", &["context"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: copy,
    examples: examples![
        (TargetWrite, "mv src/a.rs src/b.rs"),
        (Destructive, "mv ../../repo.git/config x"),
        (Destructive, "mv x ../../.wicket"),
        (Destructive, "mv -t ../../agents x"),
        (Destructive, "mv {other} mine"),
        (Destructive, "mv {home}/.bashrc x"),
        (OpenWorld, "mv /tmp/a /tmp/b"),
    ],
    manual: "mv (GNU coreutils) 9.1: mv --help",
};

pub const INSTALL: Program = Program {
    names: &["install"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            BACKUP[0],
            BACKUP[1],
            BACKUP[2],
            flag("c", "c", &[]),
            flag("compare", "C", &["compare"]),
            flag("directory", "d", &["directory"]),
            flag("D", "D", &[]),
            value("group", "g", &["group"]),
            value("mode", "m", &["mode"]),
            value("owner", "o", &["owner"]),
            flag("preserve-timestamps", "p", &["preserve-timestamps"]),
            flag("strip", "s", &["strip"]),
            value("strip-program", "", &["strip-program"]),
            value("target-directory", "t", &["target-directory"]),
            flag("no-target-directory", "T", &["no-target-directory"]),
            flag("verbose", "v", &["verbose"]),
            flag("preserve-context", "", &["preserve-context"]),
            flag("Z", "Z", &[]),
            attached("context", "", &["context"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: copy,
    examples: examples![
        (TargetWrite, "install -m 755 target/release/app bin/app"),
        (TargetWrite, "install -d build/out"),
        (Destructive, "install -D x ../../repo.git/hooks/pre-commit"),
        (
            Destructive,
            "install -s --strip-program=rm x ../../repo.git/config",
        ),
        (TargetWrite, "install -s --strip-program=rm x bin/x"),
    ],
    manual: "install (GNU coreutils) 9.1: install --help",
};

pub const LN: Program = Program {
    names: &["ln"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            BACKUP[0],
            BACKUP[1],
            BACKUP[2],
            flag("directory", "dF", &["directory"]),
            flag("force", "f", &["force"]),
            flag("interactive", "i", &["interactive"]),
            flag("logical", "L", &["logical"]),
            flag("no-dereference", "n", &["no-dereference"]),
            flag("physical", "P", &["physical"]),
            flag("relative", "r", &["relative"]),
            flag("symbolic", "s", &["symbolic"]),
            value("target-directory", "t", &["target-directory"]),
            flag("no-target-directory", "T", &["no-target-directory"]),
            flag("verbose", "v", &["verbose"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: link,
    examples: examples![
        (TargetWrite, "ln -s ../lib/util.js src/util.js"),
        (TargetWrite, "ln -sf target/release/app app"),
        (Destructive, "ln ../../repo.git/config c"),
        (Destructive, "ln -P {ws}/.wicket/trail.jsonl t"),
        (Destructive, "ln -t . ../../repo.git/packed-refs"),
        (Destructive, "ln -sf x ../../repo.git/HEAD"),
        (Destructive, "ln -s ../../repo.git/config c"),
        (Opaque, "ln -s ../../README.md src/deep/x"),
        (OpenWorld, "ln /etc/hostname h"),
    ],
    manual: "ln (GNU coreutils) 9.1: ln --help",
};

pub const LINK: Program = Program {
    names: &["link"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &GNU_COMMON,
    }),
    output: None,
    lists_paths_under: None,
    read: link,
    examples: examples![
        (Destructive, "link ../../repo.git/config c"),
        (TargetWrite, "link src/main.rs m.rs"),
    ],
    manual: "link (GNU coreutils) 9.1: link --help",
};

pub const RM: Program = Program {
    names: &["rm"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("force", "f", &["force"]),
            flag("i", "i", &[]),
            flag("I", "I", &[]),
            attached("interactive", "", &["interactive"]),
            flag("one-file-system", "", &["one-file-system"]),
            flag("no-preserve-root", "", &["no-preserve-root"]),
            attached("preserve-root", "", &["preserve-root"]),
            flag("recursive", "rR", &["recursive"]),
            flag("dir", "d", &["dir"]),
            flag("verbose", "v", &["verbose"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: remove,
    examples: examples![
        (TargetWrite, "rm -rf target"),
        (TargetWrite, "rm src/main.rs"),
        (Destructive, "rm -rf /etc"),
        (Destructive, "rm -rf ../../.wicket"),
        (Destructive, "rm -rf {other}"),
        (Destructive, "rm -r ../../repo.gi?/refs"),
        (Destructive, "rm -rf ../../*"),
        (Destructive, "rm -rf -- -x ../../.wicket"),
        (OpenWorld, "rm -f /tmp/build.log"),
        (Opaque, "rm -rf \"$x\""),
        (Opaque, "rm -rf \"target/$x\""),
    ],
    manual: "rm (GNU coreutils) 9.1: rm --help",
};

pub const RMDIR: Program = Program {
    names: &["rmdir"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag(
                "ignore-fail-on-non-empty",
                "",
                &["ignore-fail-on-non-empty"],
            ),
            flag("parents", "p", &["parents"]),
            flag("verbose", "v", &["verbose"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: remove,
    examples: examples![
        (TargetWrite, "rmdir build"),
        (Destructive, "rmdir ../../repo.git/refs/tags"),
    ],
    manual: "rmdir (GNU coreutils) 9.1: rmdir --help",
};

pub const UNLINK: Program = Program {
    names: &["unlink"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &GNU_COMMON,
    }),
    output: None,
    lists_paths_under: None,
    read: remove,
    examples: examples![
        (TargetWrite, "unlink x"),
        (Destructive, "unlink ../../repo.git/HEAD"),
    ],
    manual: "unlink (GNU coreutils) 9.1: unlink --help",
};

pub const MKDIR: Program = Program {
    names: &["mkdir"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("mode", "m", &["mode"]),
            flag("parents", "p", &["parents"]),
            flag("verbose", "v", &["verbose"]),
            flag("Z", "Z", &[]),
            attached("context", "", &["context"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: create,
    examples: examples![
        (TargetWrite, "mkdir -p src/bin"),
        (OpenWorld, "mkdir -p /tmp/x"),
        (Destructive, "mkdir -p ../../repo.git/refs/replace"),
    ],
    manual: "mkdir (GNU coreutils) 9.1: mkdir --help",
};

pub const TOUCH: Program = Program {
    names: &["touch"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("a", "a", &[]),
            flag("no-create", "c", &["no-create"]),
            value("date", "d", &["date"]),
            flag("f", "f", &[]),
            flag("no-dereference", "h", &["no-dereference"]),
            flag("m", "m", &[]),
            value("reference", "r", &["reference"]),
            value("t", "t", &[]),
            value("time", "", &["time"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: create,
    examples: examples![
        (TargetWrite, "touch src/new.rs"),
        (TargetWrite, "touch -d '2 days ago' -r src/main.rs x"),
        (Destructive, "touch ../../.wicket/x"),
        (Secret, "touch -r ~/.ssh/id_rsa x"),
    ],
    manual: "touch (GNU coreutils) 9.1: touch --help",
};

pub const CHMOD: Program = Program {
    names: &["chmod"],
    // chmod takes a mode like `-w` or `-rwx` where an option could stand,
    // so its arguments are read by hand.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: chmod,
    examples: examples![
        (TargetWrite, "chmod +x build.sh"),
        (TargetWrite, "chmod -R u+w target"),
        (TargetWrite, "chmod -w src/main.rs"),
        (Destructive, "chmod -R 777 ../.."),
        (Destructive, "chmod 000 ../../repo.git/config"),
        (Destructive, "chmod -R -w ../../repo.git"),
        (Destructive, "chmod --reference=x ../../.wicket"),
        (OpenWorld, "chmod 644 /tmp/x"),
        (Opaque, "chmod --bogus x"),
    ],
    manual: "chmod (GNU coreutils) 9.1: chmod --help",
};

pub const CHOWN: Program = Program {
    names: &["chown", "chgrp"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("changes", "c", &["changes"]),
            flag("silent", "f", &["silent", "quiet"]),
            flag("verbose", "v", &["verbose"]),
            flag("dereference", "", &["dereference"]),
            flag("no-dereference", "h", &["no-dereference"]),
            value("from", "", &["from"]),
            flag("no-preserve-root", "", &["no-preserve-root"]),
            flag("preserve-root", "", &["preserve-root"]),
            value("reference", "", &["reference"]),
            flag("recursive", "R", &["recursive"]),
            flag("H", "H", &[]),
            flag("L", "L", &[]),
            flag("P", "P", &[]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: chown,
    examples: examples![
        (TargetWrite, "chown -R 1000:1000 target"),
        (Destructive, "chown -R nobody ../../repo.git"),
        (Destructive, "chgrp --reference=x -R g ../.."),
    ],
    manual: "chown, chgrp (GNU coreutils) 9.1: --help",
};

pub const TRUNCATE: Program = Program {
    names: &["truncate"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("no-create", "c", &["no-create"]),
            flag("io-blocks", "o", &["io-blocks"]),
            value("reference", "r", &["reference"]),
            value("size", "s", &["size"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: truncate,
    examples: examples![
        (TargetWrite, "truncate -s 0 build.log"),
        (Destructive, "truncate -s0 ../../.wicket/trail.jsonl"),
        (Destructive, "truncate --si=0 /etc/hostname"),
    ],
    manual: "truncate (GNU coreutils) 9.1: truncate --help",
};

/// ldconfig rebuilds the dynamic linker's cache, which decides the
/// library every program started afterwards loads for each name (git,
/// litany and wicket among them): `ldconfig DIR` run as root lists DIR
/// before the system's directories, so a library planted there is loaded
/// in their place. It also makes each library's soname link in every
/// directory it reads.
pub const LDCONFIG: Program = Program {
    names: &["ldconfig", "ldconfig.real"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("format", "c", &["format"]),
            value("C", "C", &[]),
            value("f", "f", &[]),
            flag("ignore-aux-cache", "i", &["ignore-aux-cache"]),
            flag("l", "l", &[]),
            flag("n", "n", &[]),
            flag("N", "N", &[]),
            flag("print-cache", "p", &["print-cache"]),
            value("r", "r", &[]),
            flag("verbose", "v", &["verbose"]),
            flag("X", "X", &[]),
            flag("help", "?", &["help", "usage"]),
            flag("version", "V", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: ldconfig,
    examples: examples![
        (Read, "ldconfig -p"),
        (Read, "ldconfig --print-cache"),
        (Read, "ldconfig -V"),
        (Destructive, "ldconfig"),
        (Destructive, "ldconfig /tmp/lib"),
        (Destructive, "ldconfig -v -i /tmp/lib"),
        (OpenWorld, "ldconfig -n /tmp/lib"),
        (OpenWorld, "ldconfig -C /tmp/ld.cache /tmp/lib"),
        (Destructive, "ldconfig -C ../../.wicket/x"),
        (OpenWorld, "ldconfig -r /tmp/root"),
        (Read, "ldconfig -nX lib"),
        (TargetWrite, "ldconfig -n lib"),
    ],
    manual: "ldconfig (Debian GLIBC 2.36-9+deb12u14) 2.36: ldconfig --help",
};

pub const TEE: Program = Program {
    names: &["tee"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("append", "a", &["append"]),
            flag("ignore-interrupts", "i", &["ignore-interrupts"]),
            flag("p", "p", &[]),
            attached("output-error", "", &["output-error"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: tee,
    examples: examples![
        (TargetWrite, "echo x | tee out.txt"),
        (Read, "echo x | tee"),
        (Read, "echo x | tee /dev/null"),
        (Destructive, "echo x | tee -a ../../repo.git/config"),
        (Destructive, "echo x | tee /etc/hostname"),
    ],
    manual: "tee (GNU coreutils) 9.1: tee --help",
};

pub const MKFIFO: Program = Program {
    names: &["mkfifo"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("mode", "m", &["mode"]),
            flag("Z", "Z", &[]),
            attached("context", "", &["context"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: create,
    examples: examples![
        (TargetWrite, "mkfifo pipe"),
        (Destructive, "mkfifo ../../.wicket/p"),
    ],
    manual: "mkfifo (GNU coreutils) 9.1: mkfifo --help",
};

pub const MKNOD: Program = Program {
    names: &["mknod"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("mode", "m", &["mode"]),
            flag("Z", "Z", &[]),
            attached("context", "", &["context"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: mknod,
    examples: examples![
        (TargetWrite, "mknod p p"),
        (Destructive, "mknod ../../.wicket/p p"),
    ],
    manual: "mknod (GNU coreutils) 9.1: mknod --help",
};

pub const SHRED: Program = Program {
    names: &["shred"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("force", "f", &["force"]),
            value("iterations", "n", &["iterations"]),
            value("random-source", "", &["random-source"]),
            value("size", "s", &["size"]),
            flag("u", "u", &[]),
            attached("remove", "", &["remove"]),
            flag("verbose", "v", &["verbose"]),
            flag("exact", "x", &["exact"]),
            flag("zero", "z", &["zero"]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: shred,
    examples: examples![
        (Destructive, "shred -u secret.txt"),
        (Destructive, "shred x"),
    ],
    manual: "shred (GNU coreutils) 9.1: shred --help",
};

/// `--help` or `--version` alone: the program prints and does nothing else.
fn prints_only(r: &mut Reader, run: &Run) -> bool {
    if run.parsed.has("help") || run.parsed.has("version") {
        r.note(Read, format!("{} prints its help or version", run.shown()));
        return true;
    }
    false
}

/// cp, mv and install: sources, and where each lands.
fn copy(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let moving = run.name == "mv";
    if run.name == "install" && p.has("directory") {
        // `-m`, `-o` and `-g` set the mode and owner of a directory that is
        // there already too (`install -d -m 600 d; cd d/e` stays; verified
        // under dash).
        let closes = p
            .last("mode")
            .is_some_and(|m| !m.text().is_some_and(keeps_search))
            || p.has("owner")
            || p.has("group");
        for arg in p.operand_args() {
            r.change(&arg, scope, Change::Write, Reach::Path, &shown);
            if closes {
                r.changes_access(&arg, scope);
            }
        }
        return;
    }
    let operands = p.operand_args();
    let Some((sources, dests)) = destinations(r, run, &operands, scope) else {
        r.note(Read, format!("{shown} names nothing to copy"));
        return;
    };
    let recursive = moving || p.has("recursive") || p.has("archive");
    let reach = if recursive { Reach::Tree } else { Reach::Path };
    let mut moves_cwd = false;
    for source in &sources {
        if moving {
            r.change(source, scope, Change::Delete, Reach::Tree, &shown);
            // Moving the directory the shell is in (or one above it) moves
            // the shell with it: where its relative paths start is then not
            // known here.
            let holds_cwd = match (source.text(), &scope.cwd) {
                // A pattern below the directory matches nothing above it.
                (Some(text), Some(_)) if source.glob => {
                    text.starts_with(['/', '~']) || text.split('/').any(|c| c == "..")
                }
                (Some(text), Some(cwd)) => r.entry_itself(text, scope).is_none_or(|(_, at)| {
                    let at = at.trim_end_matches('/');
                    cwd == at || cwd.starts_with(&format!("{at}/"))
                }),
                // Unknown: a path only known when it runs is held as such.
                _ => false,
            };
            moves_cwd |= holds_cwd;
        } else {
            if recursive {
                // Everything beneath it is read, and copied where the agent
                // can read it and litany commits it: a tree holding a
                // credential store or a process's environ is a secret read
                // (`cp -r ~ x` copied ~/.ssh/id_rsa into the worktree).
                r.reads_tree(source, scope, &shown);
            } else {
                r.reads(source, scope, &shown);
            }
            if p.has("link") {
                r.change(source, scope, Change::Link, reach, &shown);
                // A tree hard-linked out of the worktree: a nested
                // repository's .git/config in it is rewritten by a write
                // to its link there, a place writes pass (`cp -al x /tmp/y`,
                // then `>> /tmp/y/.git/config` planted a core.fsmonitor the
                // harness's git ran; verified under dash).
                let out = dests.iter().any(|d| {
                    r.places(d, scope)
                        .iter()
                        .any(|pl| !matches!(pl, crate::read::Place::Inside(_)))
                });
                if recursive && out {
                    r.note(
                        Opaque,
                        format!(
                            "{shown} hard-links every file of {} out of the worktree, a nested repository's .git/config among them if it holds one: a write through a link there rewrites it",
                            source.shown
                        ),
                    );
                }
            }
        }
    }
    let keeps = p.has("no-clobber") || p.values("update").any(|v| v.text() == Some("none"));
    let change = if keeps {
        Change::Write
    } else {
        Change::Overwrite
    };
    // Copied as links: a symbolic link among the sources stays one
    // (`-P`, `-d`, `-a`, and `-r` without `-L`), and `-s` makes one.
    let as_links = !moving
        && run.name == "cp"
        && !p.has("dereference")
        && [
            "no-dereference",
            "d",
            "archive",
            "recursive",
            "symbolic-link",
        ]
        .iter()
        .any(|k| p.has(k));
    // A tree from outside the worktree may hold a nested repository's .git.
    let unseen = recursive && r.brings_unseen(&sources, scope);
    // A copy of its own input (`… | cp /dev/stdin s.sh`) writes the
    // command's text, not a file that was there.
    let from_stdin = sources
        .iter()
        .any(|s| s.text().is_none_or(super::shell::names_stdin));
    // So does a copy or move of a file this command wrote its text into
    // (`echo 'rm -rf ../a2' > x && cp x y && sh y`).
    let from_stdin = from_stdin
        || sources
            .iter()
            .any(|s| r.written_earlier(s, scope).is_some());
    for dest in &dests {
        if unseen {
            r.fills_with_unseen(dest, scope, change, false, &shown);
        } else {
            r.with_text_writes(from_stdin, |r| r.change(dest, scope, change, reach, &shown));
        }
        if as_links {
            r.plants_link_at(dest, scope, &shown);
        }
    }
    // A symbolic link moved, or copied as a link, keeps its text, which is
    // read again from where it lands: a relative one may lead elsewhere
    // there (`mv s/a/q s/q` turns `q -> ../ws` from `s/ws` into the
    // workspace). The host tells where a link leads, not what it holds, so
    // a path through the new one is not known for the rest of the command.
    if moving || as_links {
        let pairs: Vec<(&Arg, &Arg)> = match dests.len() {
            1 => sources.iter().zip(std::iter::repeat(&dests[0])).collect(),
            _ => sources.iter().zip(dests.iter()).collect(),
        };
        for (source, dest) in pairs {
            let (Some(from), Some(to)) = (source.text(), dest.text()) else {
                continue;
            };
            if !source.glob && !dest.glob && r.is_link_entry(from, scope) {
                r.made_link(to, None, scope);
            }
        }
    }
    backups(r, run, &dests, scope, &shown);
    // `-s` makes each destination a symbolic link whose text is the source
    // as written, like `ln -s`: a link to a protected entry readies a
    // write through it (`cp -s ../../.wicket/trail.jsonl t; echo x > t`).
    if !moving && run.name == "cp" && p.has("symbolic-link") {
        symbolic_targets(r, &sources, &dests, scope, &shown, false);
        follow_made_links(r, &sources, &dests, scope, false);
    }
    if let Some(strip) = p.last("strip-program") {
        // install runs it on each installed file.
        let mut argv = vec![strip.clone()];
        argv.extend(dests.iter().cloned());
        let inv = Invocation {
            argv,
            stdin: run.inv.stdin,
            extra_operands: false,
            lookup: Lookup::Path,
            stdin_paths: None,
            stdin_text: run.inv.stdin_text.clone(),
        };
        r.read_invocation(&inv, scope);
    }
    if run.inv.extra_operands {
        r.note(
            Opaque,
            format!("{shown} acts on paths that arrive at run time"),
        );
    }
    if moves_cwd {
        scope.cwd = None;
        scope.logical = None;
    }
}

/// `-b`/`--backup[=CONTROL]` (cp, mv, install, ln): an existing
/// destination is first renamed to its backup name, DEST plus the suffix
/// (`-S`/`--suffix`, else `SIMPLE_BACKUP_SUFFIX`, else `~`) for simple
/// backups, `DEST.~N~` for numbered ones. That rename replaces whatever is
/// there: `cp -b -S it x .g` turned `.g` into the worktree's `.git`
/// (verified under dash). `existing` (the default) may make either.
fn backups(r: &mut Reader, run: &Run, dests: &[Arg], scope: &Scope, shown: &str) {
    let p = &run.parsed;
    if !p.has("backup") && !p.has("b") {
        return;
    }
    let control = match p.last("backup") {
        Some(value) => value.text().map(str::to_owned),
        None if p.has("backup") || p.has("b") => {
            match super::transfer::env_var(scope, "VERSION_CONTROL") {
                Some(value) => value,
                None => Some("existing".into()),
            }
        }
        None => Some("existing".into()),
    };
    let simple = match control.as_deref() {
        Some("none" | "off") => return,
        Some("numbered" | "t") => false,
        Some(_) => true,
        None => {
            r.note(
                Opaque,
                format!("{shown}: the backup control is only known when it runs"),
            );
            return;
        }
    };
    if !simple {
        return;
    }
    let suffix = match p.last("suffix") {
        Some(value) => value.text().map(str::to_owned),
        None => match super::transfer::env_var(scope, "SIMPLE_BACKUP_SUFFIX") {
            Some(value) => value,
            None => Some("~".into()),
        },
    };
    let Some(suffix) = suffix else {
        r.note(
            Opaque,
            format!("{shown}: the backup suffix is only known when it runs, and names where each replaced file goes"),
        );
        return;
    };
    let what = format!("{shown} (each replaced file backed up with the suffix `{suffix}`)");
    for dest in dests {
        r.change(
            &dest.with_suffix(&suffix),
            scope,
            Change::Overwrite,
            Reach::Path,
            &what,
        );
    }
}

/// The sources and the paths written, as cp/mv/install/ln place them: `-t
/// DIR` gets every source by name; else the last operand is the
/// destination, and an existing directory (or several sources) gets each
/// source by name inside it. `None` when nothing is named.
fn destinations(
    r: &mut Reader,
    run: &Run,
    operands: &[Arg],
    scope: &Scope,
) -> Option<(Vec<Arg>, Vec<Arg>)> {
    let p = &run.parsed;
    if let Some(dir) = p.last("target-directory") {
        let sources = operands.to_vec();
        let dests = sources.iter().map(|s| inside(dir, s)).collect();
        return Some((sources, dests));
    }
    let (last, sources) = operands.split_last()?;
    if sources.is_empty() {
        // ln with one operand links into the current directory.
        return (run.name == "ln")
            .then(|| (vec![last.clone()], vec![inside(&Arg::literal("."), last)]));
    }
    // `ln -n`: a link to a directory there is the name itself, replaced
    // (with `-f`), not entered.
    let replaces_link = run.name == "ln"
        && p.has("no-dereference")
        && sources.len() == 1
        && last.text().is_some_and(|l| r.is_link_entry(l, scope));
    let into_dir = !p.has("no-target-directory")
        && !replaces_link
        && (sources.len() > 1 || r.is_directory(last, scope));
    let dests = if into_dir {
        sources.iter().map(|s| inside(last, s)).collect()
    } else {
        vec![last.clone()]
    };
    Some((sources.to_vec(), dests))
}

/// `dir/<name of source>`: where a copy or link of `source` lands in `dir`.
fn inside(dir: &Arg, source: &Arg) -> Arg {
    let name = |s: &str| -> String {
        let trimmed = s.trim_end_matches('/');
        match trimmed.rsplit('/').next() {
            // `cp -r src/. dst` copies the contents into dst itself.
            Some(".") | Some("..") | Some("") | None => String::new(),
            Some(n) => n.to_owned(),
        }
    };
    let join = |d: &str, s: &str| {
        let n = name(s);
        if n.is_empty() {
            d.to_owned()
        } else {
            format!("{}/{n}", d.trim_end_matches('/'))
        }
    };
    match (&dir.values, &source.values) {
        (Some(ds), Some(ss)) if ds.len() * ss.len() <= crate::read::MAX_VALUES => Arg {
            values: Some(
                ds.iter()
                    .flat_map(|d| ss.iter().map(move |s| join(d, s)))
                    .collect(),
            ),
            glob: dir.glob || source.glob,
            shown: join(&dir.shown, &source.shown),
        },
        // A source only known at run time still lands as one name inside
        // a known directory (xargs -I{} cp {} dest/). That name may be
        // `.git`, which a pattern does not match (`ls X/.git | xargs -I%
        // ln -s % sub/` made `sub/.git`; verified under dash): below the
        // worktree's top, where it would make a nested repository, it is
        // counted among the names (at the top, the worktree's own `.git`
        // would be replaced, which the pattern leaves to its other checks).
        (Some(ds), None) if 2 * ds.len() <= crate::read::MAX_VALUES => Arg {
            values: Some(
                ds.iter()
                    .flat_map(|d| {
                        let d = d.trim_end_matches('/');
                        let nested = !matches!(d, "" | ".");
                        std::iter::once(format!("{d}/*")).chain(nested.then(|| format!("{d}/.git")))
                    })
                    .collect(),
            ),
            glob: true,
            shown: join(&dir.shown, &source.shown),
        },
        _ => Arg {
            values: None,
            glob: false,
            shown: join(&dir.shown, &source.shown),
        },
    }
}

/// ln and link: a hard link aliases its target; a symbolic one only
/// creates the link.
fn link(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let operands = p.operand_args();
    let Some((targets, links)) = destinations(r, run, &operands, scope) else {
        r.note(Read, format!("{shown} names nothing to link"));
        return;
    };
    if p.has("symbolic") {
        symbolic_targets(r, &targets, &links, scope, &shown, p.has("relative"));
    } else {
        for target in &targets {
            r.change(target, scope, Change::Link, Reach::Path, &shown);
        }
    }
    let change = if p.has("force") {
        Change::Overwrite
    } else {
        Change::Write
    };
    // A hard link to a file this command wrote its text into is that text
    // under another name (`… > x; ln x y; sh y`).
    let carries = !p.has("symbolic")
        && targets
            .iter()
            .any(|t| r.written_earlier(t, scope).is_some());
    for link in &links {
        r.with_text_writes(carries, |r| {
            r.change(link, scope, change, Reach::Path, &shown)
        });
        if p.has("symbolic") {
            r.plants_link_at(link, scope, &shown);
        }
    }
    backups(r, run, &links, scope, &shown);
    // `-n`/`-T` with `-f`: a link there now (`~/.local/bin -> /opt/bin`, a
    // PATH directory) is replaced itself, not entered; what was reached
    // through it is then reached through the new link.
    if p.has("symbolic")
        && p.has("force")
        && (p.has("no-dereference") || p.has("no-target-directory"))
        && p.last("target-directory").is_none()
    {
        if let Some(link) = operands.last().filter(|_| operands.len() >= 2) {
            r.replaces_link(link, scope, &shown);
        }
    }
    // Later paths through a symbolic link are placed where it points.
    if p.has("symbolic") {
        follow_made_links(r, &targets, &links, scope, p.has("relative"));
    } else if !p.has("logical") {
        // A hard link to a symbolic link (GNU ln's default `-P`, and
        // `link`) is a symbolic link holding the same text, now read from
        // the new name's directory: where it leads is not known here.
        for (target, link) in targets.iter().zip(links.iter().cycle()) {
            let is_link = target.glob || target.text().is_none_or(|t| r.is_link_entry(t, scope));
            if let (true, Some(l)) = (is_link, link.text().filter(|_| !link.glob)) {
                r.made_link(l, None, scope);
            }
        }
    }
}

/// Symbolic links made from `targets` at `links` (`ln -s`, `cp -s`): each
/// target is read from its link's own directory (with `relative`, `ln -r`,
/// from where ln runs), and a link to a protected entry readies a write
/// through it.
fn symbolic_targets(
    r: &mut Reader,
    targets: &[Arg],
    links: &[Arg],
    scope: &Scope,
    shown: &str,
    relative: bool,
) {
    // A symbolic link's target is read from the link's own directory.
    // Planting one at a protected path readies a write through it.
    for (target, link) in targets.iter().zip(links.iter().cycle()) {
        // A pattern may match a directory holding protected entries
        // (`ln -s /base/w? w` matching the workspace): held unless it
        // stays inside the worktree.
        if target.glob {
            if let Some(t) = target.first() {
                if !matches!(r.place(t, scope), Some(crate::read::Place::Inside(_))) {
                    r.note(
                        Opaque,
                        format!("{shown} plants a link to the pattern {t}, whose matches are only known when it runs; a later path through the link may reach protected entries"),
                    );
                }
            }
            continue;
        }
        // A pattern for the link is expanded by the shell first: one match
        // is where the link is made; anything else is not known here.
        let matched;
        let l = match (link.text(), link.glob) {
            (Some(l), false) => l,
            (_, true) => match link.first().and_then(|p| r.one_match(p, scope)) {
                Some(m) => {
                    matched = m;
                    matched.as_str()
                }
                None => {
                    r.note(
                        Opaque,
                        format!("{shown} makes a link at the pattern {}, whose matches are only known when it runs", link.shown),
                    );
                    continue;
                }
            },
            _ => continue,
        };
        let Some(t) = target.text() else {
            continue;
        };

        // A `~` in a link's text is a name like any other: only the shell
        // expands it, and it has (an unquoted one is gone by now).
        let from_link = if t.starts_with('/') || relative {
            t.to_owned()
        } else if t.starts_with('~') {
            match l.trim_end_matches('/').rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/{t}"),
                None => format!("./{t}"),
            }
        } else {
            match l.trim_end_matches('/').rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/{t}"),
                None => t.to_owned(),
            }
        };
        match r.place(&from_link, scope) {
            Some(crate::read::Place::Protected { path, entry }) => r.guard(
                Destructive,
                format!(
                    "{shown} plants a link to {path}, which is protected ({}), for a later write through it",
                    crate::read::protected_label(&entry, r.ctx)
                ),
            ),
            // A link to a directory that holds protected entries: a
            // later path through it (`up/repo.git/config` after
            // `ln -s ../.. up`) reaches them, and the reader places
            // that path before the link exists.
            Some(
                crate::read::Place::Inside(path)
                | crate::read::Place::Outside { path, .. }
                | crate::read::Place::Above { path, .. },
            ) => {
                if let Some(entry) = r.protected_beneath(&path) {
                    r.note(
                        Opaque,
                        format!(
                            "{shown} plants a link to {path}, which holds {}: a later path through the link reaches it",
                            crate::read::held_entry(&entry, r.ctx)
                        ),
                    );
                }
            }
            // Where the link leads is only known when it is used: its text
            // goes up (`..`) from a directory not there yet, which the same
            // command may make, move or replace (`mkdir -p p/a/b && ln -s
            // ../../../../repo.git p/a/b/e && mv p/a .` leads into the
            // repository from where the tree lands; verified under dash).
            Some(crate::read::Place::Unknown(_)) => r.note(
                Opaque,
                format!(
                    "{shown} plants a link to {from_link}, which goes up from a directory not there yet: where it leads is only known when it is used"
                ),
            ),
            _ => {}
        }
    }
}

/// Later paths through symbolic links made here are placed where they point
/// (with `relative`, `ln -r`, each target is taken from where ln runs).
fn follow_made_links(
    r: &mut Reader,
    targets: &[Arg],
    links: &[Arg],
    scope: &mut Scope,
    relative: bool,
) {
    for (target, link) in targets.iter().zip(links.iter().cycle()) {
        let l = match (link.text(), link.glob) {
            (Some(l), false) => l.to_owned(),
            (_, true) => match link.first().and_then(|p| r.one_match(p, scope)) {
                Some(m) => m,
                None => continue,
            },
            _ => continue,
        };
        let l = l.as_str();
        // A pattern is expanded by the shell before ln sees it: one
        // match is the target, anything else is not known here.
        let t = match (target.text(), target.glob) {
            (Some(t), false) => Some(t.to_owned()),
            (Some(t), true) => r.one_match(t, scope),
            (None, _) => None,
        };
        // `ln -r` writes the way from the link to the target as ln finds it
        // from where it runs: where that leads now, or else not known.
        let t = match t {
            Some(t) if relative => match r.place(&t, scope) {
                Some(
                    crate::read::Place::Inside(p)
                    | crate::read::Place::Outside { path: p, .. }
                    | crate::read::Place::Protected { path: p, .. },
                ) => Some(p),
                _ => None,
            },
            t => t,
        };
        r.made_link(l, t.as_deref(), scope);
    }
}

fn remove(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    let operands = run.parsed.operand_args();
    // `rmdir -p a/b/c` removes a/b and a too, as each empties: a later `cd`
    // under the first component may fail.
    if run.name == "rmdir" && run.parsed.has("parents") {
        for arg in &operands {
            r.changes_access(&first_component(arg), scope);
        }
    }
    if operands.is_empty() && !run.inv.extra_operands {
        r.note(Read, format!("{shown} names nothing to remove"));
    }
    for arg in &operands {
        // rm skips an operand whose last component is `.` or `..` (POSIX;
        // GNU rm: "refusing to remove '.' or '..' directory"): `rm -rf .`
        // at the worktree's top does not reach its `.git`.
        let dots = !arg.glob
            && arg.values.as_ref().is_some_and(|vs| {
                vs.iter()
                    .all(|v| matches!(v.trim_end_matches('/').rsplit('/').next(), Some("." | "..")))
            });
        r.spares_top.set(dots);
        r.change(arg, scope, Change::Delete, Reach::Tree, &shown);
        r.spares_top.set(false);
        if let Some(text) = arg.text().filter(|_| !arg.glob) {
            r.removes_made_links(text, scope);
        }
    }
    if run.inv.extra_operands {
        r.note(
            Opaque,
            format!("{shown} removes paths that arrive at run time"),
        );
    }
}

/// mkdir, touch, mkfifo: each operand created (or its times changed).
fn create(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    if let Some(reference) = run.parsed.last("reference") {
        r.reads(reference, scope, &shown);
    }
    let operands = run.parsed.operand_args();
    if operands.is_empty() {
        r.note(Read, format!("{shown} names nothing"));
    }
    for arg in &operands {
        r.change(arg, scope, Change::Write, Reach::Path, &shown);
        if run.name == "mkdir" {
            r.made(arg, scope);
        }
    }
    if run.inv.extra_operands {
        r.note(
            Opaque,
            format!("{shown} acts on paths that arrive at run time"),
        );
    }
}

fn mknod(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    match run.parsed.operand_args().first() {
        Some(name) => r.change(name, scope, Change::Write, Reach::Path, &shown),
        None => r.note(Read, format!("{shown} names nothing")),
    }
}

const CHMOD_OPTIONS: &[crate::argv::Opt] = &[
    flag("changes", "c", &["changes"]),
    flag("silent", "f", &["silent", "quiet"]),
    flag("verbose", "v", &["verbose"]),
    flag("no-preserve-root", "", &["no-preserve-root"]),
    flag("preserve-root", "", &["preserve-root"]),
    value("reference", "", &["reference"]),
    flag("recursive", "R", &["recursive"]),
    flag("help", "", &["help"]),
    flag("version", "", &["version"]),
];

/// Whether a word is a symbolic or octal mode (`-w`, `u+x,go-r`, `0755`).
fn is_mode(word: &str) -> bool {
    !word.is_empty()
        && (word.bytes().all(|b| b.is_ascii_digit())
            || word.split(',').all(|clause| {
                let body = clause.trim_start_matches(['u', 'g', 'o', 'a']);
                !body.is_empty()
                    && body.starts_with(['+', '-', '='])
                    && body[1..].bytes().all(|b| b"rwxXstugo+-=".contains(&b))
            }))
}

/// The first component of a plain relative path (`a` of `a/b/c`), as a
/// word: the highest directory a removal that prunes emptied parents may
/// reach. `/` for any other spelling (absolute, through `..`, `$PWD`,
/// `/proc`, or only known when it runs): every directory.
pub(crate) fn first_component(arg: &Arg) -> Arg {
    match arg.text() {
        Some(t) if !t.starts_with(['/', '~']) => match t.split('/').next() {
            Some(first) if !matches!(first, "" | "." | "..") && !t.contains("/..") => {
                Arg::literal(first)
            }
            _ => Arg::literal("/"),
        },
        _ => Arg::literal("/"),
    }
}

/// A mode that leaves every search bit a directory has: symbolic clauses
/// that only add (`+x`, `u+rw,go+r`), or an octal mode with all three.
fn keeps_search(mode: &str) -> bool {
    match mode.bytes().all(|b| b.is_ascii_digit()) {
        true => u32::from_str_radix(mode, 8).is_ok_and(|m| m & 0o111 == 0o111),
        false => mode.split(',').all(|clause| {
            let body = clause.trim_start_matches(['u', 'g', 'o', 'a']);
            body.starts_with('+') && !body[1..].contains(['-', '='])
        }),
    }
}

fn chmod(r: &mut Reader, run: &Run, scope: &mut Scope) {
    // chmod's own parser treats a word that is a mode as the mode, even
    // where it looks like an option.
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut mode_taken = false;
    let mut rest: Vec<Arg> = Vec::new();
    let mut flags: Vec<Arg> = Vec::new();
    let mut dashdash = false;
    for arg in args {
        match arg.text() {
            Some("--") if !dashdash => dashdash = true,
            Some(w) if !dashdash && !mode_taken && w.starts_with('-') && is_mode(w) => {
                mode_taken = true;
            }
            Some(w) if !dashdash && w.starts_with('-') && w.len() > 1 => flags.push(arg.clone()),
            _ => rest.push(arg.clone()),
        }
    }
    let grammar = Grammar {
        style: Style::GNU,
        options: CHMOD_OPTIONS,
    };
    let parsed = crate::argv::parse(&grammar, &flags, 1);
    if let Some(problem) = &parsed.problem {
        r.note(
            Opaque,
            format!("{}: {}", run.shown(), problem.sentence("chmod")),
        );
        return;
    }
    let shown = run.shown();
    if parsed.has("help") || parsed.has("version") {
        r.note(Read, format!("{shown} prints its help or version"));
        return;
    }
    let reference = parsed.last("reference").cloned();
    if let Some(reference) = &reference {
        r.reads(reference, scope, &shown);
    }
    // Whether the mode may take a search bit away (a `cd` into what it
    // names may then fail): anything but a mode that only adds, or an
    // octal one that keeps every search bit.
    let mut closes = mode_taken || reference.is_some();
    if reference.is_none() && !mode_taken && !rest.is_empty() {
        let mode = rest.remove(0);
        closes = !mode.text().is_some_and(keeps_search);
    }
    let reach = if parsed.has("recursive") {
        Reach::Tree
    } else {
        Reach::Path
    };
    for arg in &rest {
        r.change(arg, scope, Change::Write, reach, &shown);
        if closes {
            r.changes_access(arg, scope);
        }
    }
    if rest.is_empty() {
        r.note(Read, format!("{shown} names nothing"));
    }
}

fn chown(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    let mut operands = p.operand_args();
    match p.last("reference") {
        Some(reference) => r.reads(reference, scope, &shown),
        None if !operands.is_empty() => {
            operands.remove(0);
        }
        None => {}
    }
    let reach = if p.has("recursive") {
        Reach::Tree
    } else {
        Reach::Path
    };
    for arg in &operands {
        r.change(arg, scope, Change::Write, reach, &shown);
        r.changes_access(arg, scope);
    }
}

fn truncate(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    if let Some(reference) = run.parsed.last("reference") {
        r.reads(reference, scope, &shown);
    }
    for arg in run.parsed.operand_args() {
        r.change(&arg, scope, Change::Overwrite, Reach::Path, &shown);
    }
}

fn ldconfig(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("print-cache") {
        return r.note(Read, format!("{shown} prints the dynamic linker's cache"));
    }
    if let Some(conf) = p.last("f") {
        r.reads(conf, scope, &shown);
    }
    // With -r it works in ROOT as its root directory.
    let root = match p.last("r") {
        None => Some(String::new()),
        Some(arg) => arg
            .text()
            .filter(|t| !arg.glob && t.starts_with('/'))
            .map(|t| t.trim_end_matches('/').to_owned()),
    };
    let Some(root) = root else {
        return r.note(
            Opaque,
            format!(
                "{shown}: the root ldconfig works in is only known when it runs, or is relative"
            ),
        );
    };
    let within = |arg: &Arg| -> Arg {
        match arg.text() {
            Some(t) if !root.is_empty() && t.starts_with('/') && !arg.glob => {
                Arg::literal(&format!("{root}{t}"))
            }
            _ => arg.clone(),
        }
    };
    // Each directory (or, with -l, each library) named gets its links.
    if !p.has("X") {
        for arg in p.operand_args() {
            let reach = if p.has("l") { Reach::Path } else { Reach::Tree };
            r.change(&within(&arg), scope, Change::Write, reach, &shown);
        }
    }
    if !(p.has("n") || p.has("N")) {
        let cache = match p.last("C") {
            Some(c) => within(c),
            None => Arg::literal(&format!("{root}/etc/ld.so.cache")),
        };
        if p.last("C").is_none() && root.is_empty() {
            r.guard(
                Destructive,
                format!(
                    "{shown} rebuilds /etc/ld.so.cache, which decides the library every program started \
                     afterwards loads (the harness's git, litany and wicket among them)"
                ),
            );
        }
        r.change(&cache, scope, Change::Overwrite, Reach::Path, &shown);
    } else if p.operand_args().is_empty() {
        r.note(
            Read,
            format!("{shown} neither rebuilds the cache nor names a directory"),
        );
    }
}

fn tee(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    let files = run.parsed.operand_args();
    r.note(Read, format!("{shown} copies its input to its output"));
    let change = if run.parsed.has("append") {
        Change::Write
    } else {
        Change::Overwrite
    };
    // What it copies is text the command may spell (tee is one of
    // `programs::TEXT_WRITERS`).
    for file in &files {
        r.change(file, scope, change, Reach::Path, &shown);
    }
}

fn shred(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    r.note(
        Effect::Destructive,
        format!("{shown} overwrites files so they cannot be recovered"),
    );
    for arg in run.parsed.operand_args() {
        r.change(&arg, scope, Change::Delete, Reach::Path, &shown);
    }
}

pub const MKTEMP: Program = Program {
    names: &["mktemp"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("directory", "d", &["directory"]),
            flag("dry-run", "u", &["dry-run"]),
            flag("quiet", "q", &["quiet"]),
            value("suffix", "", &["suffix"]),
            value("p", "p", &[]),
            attached("tmpdir", "", &["tmpdir"]),
            flag("t", "t", &[]),
            GNU_COMMON[0],
            GNU_COMMON[1],
        ],
    }),
    output: Some(mktemp_output),
    lists_paths_under: None,
    read: mktemp,
    examples: examples![
        (OpenWorld, "mktemp -d"),
        (
            OpenWorld,
            "tmp=$(mktemp -d) && cp -r src \"$tmp\" && rm -rf \"$tmp\"",
        ),
        (TargetWrite, "mktemp -p . x.XXXX"),
        (Destructive, "mktemp -p ../../.wicket"),
        (Destructive, "d=$(mktemp -d -p ../..) && rm -rf \"$d\""),
    ],
    manual: "mktemp (GNU coreutils) 9.1: mktemp --help",
};

/// Where mktemp makes its name: `-p DIR`/`--tmpdir=DIR`, else `$TMPDIR`,
/// else `/tmp`; a template with a slash (and no `-t`/`-p`) is its own path.
fn mktemp_path(r: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    let p = &run.parsed;
    let template = p
        .operand_args()
        .first()
        .map(|t| t.text().map(str::to_owned));
    let template = match template {
        Some(Some(t)) => t,
        Some(None) => return None,
        None => "tmp.XXXXXXXXXX".to_owned(),
    };
    let dir = match p.last("p").or_else(|| p.last("tmpdir")) {
        Some(d) => Some(d.text()?.to_owned()),
        None if p.has("tmpdir") || p.has("t") || !template.contains('/') => {
            match scope.vars.get("TMPDIR") {
                Some(Some(v)) => v.first().cloned(),
                Some(None) => return None,
                // The environment litany gives a tool: its TMPDIR is the
                // operator's, taken as the system's.
                None => Some("/tmp".to_owned()),
            }
        }
        None => None,
    };
    let name = template.replace('X', "x");
    let path = match dir {
        Some(d) => format!("{}/{name}", d.trim_end_matches('/')),
        None => name,
    };
    let _ = r;
    Some(path)
}

fn mktemp_output(r: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    let path = mktemp_path(r, run, scope)?;
    let cwd = scope.cwd.clone()?;
    Some(wicket_guest::paths::fold(&wicket_guest::paths::absolute(
        &path,
        &cwd,
        &scope.home(r.ctx),
    )))
}

fn mktemp(r: &mut Reader, run: &Run, scope: &mut Scope) {
    if prints_only(r, run) {
        return;
    }
    let shown = run.shown();
    if run.parsed.has("dry-run") {
        r.note(Read, format!("{shown} only prints a name"));
        return;
    }
    match mktemp_path(r, run, scope) {
        Some(path) => {
            let arg = Arg::literal(&path);
            r.change(&arg, scope, Change::Write, Reach::Path, &shown);
            if run.parsed.has("directory") {
                r.made(&arg, scope);
                // In the system's /tmp under a name of mktemp's own the
                // directory is made: nothing the agent set could be in the
                // way (a TMPDIR or -p it chose may be a file, and then
                // mktemp fails and prints nothing).
                let p = &run.parsed;
                let default_place = p.last("p").is_none()
                    && p.last("tmpdir").is_none()
                    && !scope.vars.contains_key("TMPDIR")
                    && path.starts_with("/tmp/")
                    && path.matches('/').count() == 2;
                if default_place {
                    scope.made_fresh.insert(path.clone());
                }
            }
        }
        None => r.note(
            Opaque,
            format!("{shown} makes a name in a directory only known when it runs"),
        ),
    }
}

/// setfacl changes who may read and write each file it names, like chmod:
/// `-R` reaches the whole tree (verified: `setfacl -R -m u:nobody:rwx ../..`
/// from the worktree gave `nobody` write access to repo.git's config and
/// wicket's trail, under dash). `--restore` applies the ACLs a file lists
/// to the paths that file names, and a `-` operand reads the paths from
/// stdin: where they land is not on the command line.
pub const SETFACL: Program = Program {
    names: &["setfacl"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            value("modify", "m", &["modify"]),
            value("modify-file", "M", &["modify-file"]),
            value("remove", "x", &["remove"]),
            value("remove-file", "X", &["remove-file"]),
            flag("remove-all", "b", &["remove-all"]),
            flag("remove-default", "k", &["remove-default"]),
            value("set", "", &["set"]),
            value("set-file", "", &["set-file"]),
            flag("mask", "", &["mask"]),
            flag("no-mask", "n", &["no-mask"]),
            flag("default", "d", &["default"]),
            flag("recursive", "R", &["recursive"]),
            flag("logical", "L", &["logical"]),
            flag("physical", "P", &["physical"]),
            value("restore", "", &["restore"]),
            flag("test", "", &["test"]),
            flag("version", "v", &["version"]),
            flag("help", "h", &["help"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: setfacl,
    examples: examples![
        (TargetWrite, "setfacl -m u:nobody:r src/main.rs"),
        (TargetWrite, "setfacl -R -m g:dev:rwX target"),
        (Destructive, "setfacl -R -m u:nobody:rwx ../.."),
        (Destructive, "setfacl -bR ../.."),
        (Destructive, "setfacl -m u:nobody:rwx ../../repo.git/config"),
        (Opaque, "setfacl --restore=acl.txt"),
        (
            Opaque,
            "echo ../../repo.git/config | setfacl -m u:nobody:rwx -",
        ),
        (Read, "setfacl --test -R -m u:nobody:r ../.."),
        (Read, "setfacl --version"),
    ],
    manual: "setfacl 2.3.1 (acl): setfacl --help and setfacl(1)",
};

fn setfacl(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("help") || p.has("version") {
        r.note(Read, format!("{shown} prints its help or version"));
        return;
    }
    for key in ["modify-file", "remove-file", "set-file"] {
        for file in p.values(key) {
            if file.text() == Some("-") {
                continue;
            }
            r.reads(file, scope, &shown);
        }
    }
    if let Some(file) = p.last("restore") {
        r.note(
            Opaque,
            format!(
                "{shown} applies the ACLs that {} lists to the paths it names, which wicket cannot see",
                file.shown
            ),
        );
        return;
    }
    let operands = p.operand_args();
    if operands.iter().any(|a| a.text() == Some("-")) {
        r.note(
            Opaque,
            format!("{shown} reads the paths it changes from stdin"),
        );
    }
    if p.has("test") {
        r.note(Read, format!("{shown} only shows the ACLs it would set"));
        return;
    }
    let reach = if p.has("recursive") {
        Reach::Tree
    } else {
        Reach::Path
    };
    for arg in operands.iter().filter(|a| a.text() != Some("-")) {
        r.change(arg, scope, Change::Write, reach, &shown);
        r.changes_access(arg, scope);
    }
}
