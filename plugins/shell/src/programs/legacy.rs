//! What each program does, read through: launchers run the program after
//! their options, shells and `eval` run text, interpreters run a program the
//! model wrote, and a few readers (`awk`, `sed`, `find`, `tar`, …) can run
//! commands or write files too. Everything else goes to the ruleset, and a
//! program the ruleset does not know reaches past the root (open-world).

use wicket_guest::Effect;

use wicket_guest::Harness;

use crate::read::{Arg, Change, Invocation, Lookup, Reach, Reader, Scope, Stdin};
use crate::rules::Op;

/// Read one program run.
pub fn read(r: &mut Reader, program: &str, inv: &Invocation, scope: &mut Scope) {
    // What these programs do with secrets, until each has a description.
    if crate::secrets::legacy_bridge(r, program, inv, scope) {
        return;
    }
    match program {
        "env" => env(r, inv, scope),
        "sudo" | "doas" => privileged(r, program, inv, scope),
        "xargs" => xargs(r, inv, scope),
        "parallel" => parallel(r, inv, scope),
        "watch" => watch(r, inv, scope),
        "flock" => flock(r, inv, scope),
        "su" | "runuser" => switch_user(r, program, inv, scope),
        "script" => typescript(r, inv, scope),
        "chroot" => r.note(
            Effect::Opaque,
            format!(
                "{} runs a command inside another root, where paths mean other things",
                inv.shown()
            ),
        ),
        "hyperfine" => hyperfine(r, inv, scope),
        "busybox" | "toybox" => match inv.argv.get(1).and_then(Arg::text) {
            Some(_) => r.read_invocation(&inv.tail(1), scope),
            None => r.note(Effect::Read, format!("{} lists its applets", inv.shown())),
        },
        "sh" | "bash" | "zsh" | "dash" | "ksh" | "mksh" | "ash" | "yash" | "posh" | "rbash"
        | "lksh" | "pdksh" => shell(r, program, inv, scope),
        "fish" | "csh" | "tcsh" | "pwsh" | "powershell" | "nu" | "elvish" | "xonsh" | "rc"
        | "es" => foreign_shell(r, program, inv),
        "eval" => eval(r, inv, scope),
        "source" | "." => source(r, inv, scope),
        "trap" => trap(r, inv, scope),
        "alias" => alias(r, inv, scope),
        "shopt" => {
            if inv.words().iter().any(|w| w == "expand_aliases") {
                r.note(
                    Effect::Opaque,
                    "shopt expand_aliases lets an alias change what a later name runs",
                );
            } else {
                r.note(Effect::Read, format!("{} sets a shell option", inv.shown()));
            }
        }
        "cd" | "pushd" | "popd" => cd(r, program, inv, scope),
        "export" | "declare" | "typeset" | "local" | "readonly" => declare(r, program, inv, scope),
        "set" => set(r, inv, scope),
        "litany" => litany(r, inv, scope),
        "wicket" => wicket(r, inv, scope),
        "wicket-compile" => harness(r, Harness::WicketCompile, inv, scope, None),
        "kill" | "pkill" | "killall" => kill(r, program, inv),
        "crontab" => {
            if inv.words().iter().any(|w| w == "-l") {
                r.note(Effect::Read, "crontab -l lists the scheduled commands");
            } else {
                r.note(
                    Effect::Destructive,
                    format!(
                        "{} replaces the commands cron runs later, beyond the call",
                        inv.shown()
                    ),
                );
            }
        }
        "at" | "batch" => {
            if inv.words().iter().any(|w| w == "-l") {
                r.note(Effect::Read, "at -l lists pending jobs");
            } else {
                r.note(
                    Effect::Opaque,
                    format!("{} schedules commands from stdin to run later", inv.shown()),
                );
            }
        }
        "tmux" | "screen" => multiplexer(r, program, inv),
        "gdb" | "lldb" => {
            if inv.words().iter().all(|w| w == "--version" || w == "-v") && !inv.words().is_empty()
            {
                r.note(Effect::Read, format!("{} prints its version", inv.shown()));
            } else {
                r.note(
                    Effect::Opaque,
                    format!(
                        "{} runs a debugger, which runs commands wicket cannot follow",
                        inv.shown()
                    ),
                );
            }
        }
        "systemctl" | "service" => service(r, program, inv),
        "ip" => {
            let words = inv.words();
            let changes = words.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "add" | "del" | "delete" | "set" | "flush" | "change" | "replace" | "append"
                )
            });
            if changes {
                r.note(
                    Effect::Destructive,
                    format!("{} changes the machine's network", inv.shown()),
                );
            } else {
                r.note(
                    Effect::Read,
                    format!("{} shows the machine's network", inv.shown()),
                );
            }
        }
        "sysctl" => {
            if inv.words().iter().any(|w| w == "-w" || w.contains('=')) {
                r.note(
                    Effect::Destructive,
                    format!("{} changes the kernel's settings", inv.shown()),
                );
            } else {
                r.note(
                    Effect::Read,
                    format!("{} reads the kernel's settings", inv.shown()),
                );
            }
        }
        "mount" | "umount" | "reboot" | "shutdown" | "halt" | "poweroff" | "wipefs" | "fdisk"
        | "sfdisk" | "parted" | "mkswap" | "swapoff" | "swapon" | "userdel" | "passwd"
        | "chpasswd" | "visudo" | "modprobe" | "insmod" | "rmmod" | "iptables" | "ip6tables"
        | "nft" | "killall5" | "init" | "telinit" | "losetup" | "cryptsetup" => r.note(
            Effect::Destructive,
            format!("{} changes the machine itself", inv.shown()),
        ),
        // Programs driven by their own command language, given as options
        // (`vim -c`, `sqlite3 DB '.shell …'`) or read from their input
        // (`ed`, `dc`, `m4`): `w FILE`, `!cmd`, `.output FILE`, `syscmd(…)`
        // write any file and run shell commands.
        "ed" | "red" | "ex" | "vi" | "vim" | "nvim" | "view" | "vimdiff" | "rvim" | "gvim"
        | "dc" | "m4" | "emacs" | "sqlite3" => command_language(r, program, inv, scope),
        // bash's fc runs commands again from the shell's history, which
        // `history -s TEXT` (or `history -r FILE`) filled with any text,
        // or opens an editor on them: only a listing (`-l`) is read.
        "fc" => {
            let lists = inv.argv.iter().skip(1).any(|a| {
                a.text()
                    .is_some_and(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('l'))
            });
            if lists {
                r.note(
                    Effect::Read,
                    format!("{} lists the shell's history", inv.shown()),
                );
            } else {
                r.note(
                    Effect::Opaque,
                    format!(
                        "{} runs commands again from the shell's history, which this command may have filled with any text",
                        inv.shown()
                    ),
                );
            }
        }
        "read" | "let" | "unset" | "mapfile" | "readarray" | "wait" | "getopts" => {
            if !subscript_runs_command(r, inv) && !r.apply_row(program, inv, scope) {
                r.note(
                    Effect::Read,
                    format!("{} is a shell builtin that only reads", inv.shown()),
                );
            }
        }
        _ => {
            if let Some(spec) = launcher(program) {
                return launch(r, program, spec, inv, scope);
            }
            if !r.apply_row(program, inv, scope) {
                unknown(r, program, inv, scope);
            }
        }
    }
}

/// A program wicket does not know: open-world, with its operands still
/// checked for protected paths, text that is code, and words only known
/// when it runs.
pub fn unknown(r: &mut Reader, program: &str, inv: &Invocation, scope: &mut Scope) {
    r.note(
        Effect::OpenWorld,
        format!(
            "runs {program}, a program wicket does not know ({})",
            inv.shown()
        ),
    );
    r.check_protected_operands(inv, scope);
    text_operands(r, program, inv, scope);
    run_time_operands(r, program, inv);
    // A file this command wrote its own text into, handed to a program
    // wicket does not know, may be what it runs (`echo '\! rm -rf ../x' >
    // q.sql; psql -f q.sql`, a gnuplot or xonsh script): as a script so
    // written is, held.
    for arg in inv.argv.iter().skip(1) {
        let word = match arg.text().and_then(|t| t.split_once('=')) {
            Some((key, value)) if key.starts_with('-') => Arg::literal(value),
            _ => arg.clone(),
        };
        // A directory is not a script (`goimports -w . && gci write .`).
        if word.text().is_some_and(|t| t.starts_with('-')) || r.is_directory(&word, scope) {
            continue;
        }
        if let Some(wrote) = r.written_file_earlier(&word, scope) {
            r.runs_what_it_wrote(&format!("{program} {}", word.shown), &wrote);
            break;
        }
    }
    // An option's value may be where it writes, and it may write the
    // command's text there (`… | shuf -o x && sh x`): the word after an
    // option, or after `=` in one. A plain operand is taken for its input
    // (`shellcheck x.sh && bash x.sh` stays the agent's own script).
    let mut after_option = false;
    for arg in inv.argv.iter().skip(1) {
        let option = arg
            .text()
            .is_some_and(|t| t.starts_with('-') && t.len() > 1);
        match arg.text().and_then(|t| t.split_once('=')) {
            Some((_, value)) if option => r.may_have_written(&Arg::literal(value), scope),
            _ if after_option && !option => r.may_have_written(arg, scope),
            _ => {}
        }
        after_option = option;
    }
}

/// An editor, calculator, macro processor or database shell: its commands
/// can write any file and run shell commands. Only a version or help
/// request is read; sqlite3 with literal SQL that names no file and runs
/// nothing is open-world (its database operand is still placed).
fn command_language(r: &mut Reader, program: &str, inv: &Invocation, scope: &mut Scope) {
    let words = inv.words();
    if !words.is_empty()
        && words
            .iter()
            .all(|w| matches!(w.as_str(), "--version" | "--help" | "-h" | "-V"))
    {
        r.note(
            Effect::Read,
            format!("{} prints its version or help", inv.shown()),
        );
        return;
    }
    if program == "sqlite3" {
        const RUNS_OR_WRITES: &[&str] = &[
            ".shell",
            ".system",
            ".output",
            ".once",
            ".save",
            ".backup",
            ".import",
            ".load",
            ".read",
            ".open",
            ".excel",
            ".log",
            ".trace",
            ".clone",
            ".restore",
            ".cd",
            ".print",
            "attach",
            "vacuum",
            "load_extension",
            "writefile",
            "edit(",
            "-init",
            "-cmd",
        ];
        let operands = inv
            .argv
            .iter()
            .skip(1)
            .filter(|a| !a.text().is_some_and(|w| w.starts_with('-')))
            .count();
        let known = inv.argv.iter().skip(1).all(|a| a.text().is_some());
        let marker = words.iter().find_map(|w| {
            let lower = w.to_ascii_lowercase();
            RUNS_OR_WRITES.iter().find(|m| lower.contains(**m)).copied()
        });
        if known && operands >= 2 && marker.is_none() {
            r.note(
                Effect::OpenWorld,
                format!("{} runs literal SQL on its database", inv.shown()),
            );
            r.check_protected_operands(inv, scope);
            return;
        }
        let why = match marker {
            Some(m) => format!("`{m}` writes a file or runs a command"),
            None if operands < 2 => "it reads its commands from its input".to_owned(),
            None => "its SQL is only known when it runs".to_owned(),
        };
        r.note(
            Effect::Opaque,
            format!(
                "{}: {why}, which sqlite3's dot-commands let write any file and run shell commands",
                inv.shown()
            ),
        );
        return;
    }
    r.note(
        Effect::Opaque,
        format!(
            "{} runs {program}'s commands, given as options or read from its input, which can write any file and run shell commands",
            inv.shown()
        ),
    );
}

/// A program wicket does not know, handed a word that is text with spaces
/// or quotes in it: it may be code or shell text the program runs (`ghc -e
/// 'removeFile "../../.wicket/x"'`, `nix-shell --run 'rm -rf …'`, `swipl -g
/// …`), so each path-like piece of it is checked as an operand: a protected
/// one is held, as the whole word naming it would be.
fn text_operands(r: &mut Reader, program: &str, inv: &Invocation, scope: &Scope) {
    // Text that still holds a command substitution after the shell's own
    // expansion (it was quoted) is shell text the program may hand a shell
    // (`psql -c '\! rm -rf $(…)'`, `nix-shell --run '…'`): what it names
    // is only known when it runs.
    if let Some(text) = inv
        .argv
        .iter()
        .skip(1)
        .filter_map(Arg::text)
        .find(|t| t.contains("$(") || t.contains('`'))
    {
        r.note(
            Effect::Opaque,
            format!(
                "{} hands {program}, a program wicket does not know, the text `{text}`, whose command substitution it may run in a shell",
                inv.shown()
            ),
        );
    }
    let pieces: Vec<Arg> = inv
        .argv
        .iter()
        .skip(1)
        .filter_map(Arg::text)
        .filter(|t| t.contains(|c: char| c.is_whitespace() || "\"'(),;".contains(c)))
        .flat_map(|t| {
            t.split(|c: char| c.is_whitespace() || "\"'`()[]{},;<>=".contains(c))
                .filter(|w| w.contains('/') || w.starts_with('~'))
                .map(Arg::literal)
                .collect::<Vec<_>>()
        })
        .take(64)
        .collect();
    if pieces.is_empty() {
        return;
    }
    let mut words = Invocation {
        argv: vec![inv.argv[0].clone()],
        ..inv.clone()
    };
    words.argv.extend(pieces);
    r.check_protected_operands(&words, scope);
}

/// A program wicket does not know, handed a word only known when it runs
/// (a substitution, a variable nobody set, or the items xargs appends from
/// its input): the word may be any path, and an option before it may write
/// there (`echo ../../repo.git/config | xargs shuf -e x -o` overwrites the
/// config), so what it does with it cannot be read.
fn run_time_operands(r: &mut Reader, program: &str, inv: &Invocation) {
    let unknown = inv
        .argv
        .iter()
        .skip(1)
        .find(|a| a.values.is_none())
        .map(|a| a.shown.clone());
    if let Some(word) = unknown {
        r.note(
            Effect::Opaque,
            format!(
                "{} hands {program}, a program wicket does not know, {word}, which is only known when it runs and may be a path it writes",
                inv.shown()
            ),
        );
    }
}

/// A launcher's grammar: which options take a value, how many positional
/// words precede the program, and what the launcher itself does.
struct Launcher {
    value_options: &'static [&'static str],
    positionals: usize,
    own: Option<(Effect, &'static str)>,
    /// What running with no program does.
    bare: Bare,
}

#[derive(Clone, Copy)]
enum Bare {
    Nothing,
    /// Looks the name up (`command -v`).
    Read,
}

fn launcher(program: &str) -> Option<Launcher> {
    let l = |value_options, positionals, own, bare| {
        Some(Launcher {
            value_options,
            positionals,
            own,
            bare,
        })
    };
    match program {
        "nice" => l(&["-n", "--adjustment"], 0, None, Bare::Read),
        "nohup" => l(
            &[],
            0,
            Some((Effect::Process, "keeps running after the call ends")),
            Bare::Nothing,
        ),
        "timeout" => l(
            &["-s", "--signal", "-k", "--kill-after"],
            1,
            None,
            Bare::Nothing,
        ),
        "stdbuf" => l(
            &["-i", "-o", "-e", "--input", "--output", "--error"],
            0,
            None,
            Bare::Nothing,
        ),
        "time" => l(&["-f", "--format"], 0, None, Bare::Nothing),
        "command" | "builtin" => l(&[], 0, None, Bare::Nothing),
        "exec" => l(&["-a"], 0, None, Bare::Nothing),
        "setsid" => l(
            &[],
            0,
            Some((Effect::Process, "starts a session that outlives the call")),
            Bare::Nothing,
        ),
        "ionice" => l(
            &["-c", "--class", "-n", "--classdata", "-p", "-P", "-u"],
            0,
            None,
            Bare::Read,
        ),
        "chrt" => l(&[], 1, None, Bare::Read),
        "taskset" => l(&[], 1, None, Bare::Read),
        "numactl" => l(
            &[
                "-N",
                "-m",
                "-C",
                "-p",
                "-i",
                "--cpunodebind",
                "--membind",
                "--physcpubind",
                "--preferred",
                "--interleave",
            ],
            0,
            None,
            Bare::Read,
        ),
        "unbuffer" | "nocache" | "catchsegv" | "fakeroot" | "dbus-run-session" | "eatmydata"
        | "unshare" | "tsp" => l(&[], 0, None, Bare::Nothing),
        "proxychains" | "proxychains4" | "torsocks" => l(
            &["-f"],
            0,
            Some((Effect::OpenWorld, "routes it through a network proxy")),
            Bare::Nothing,
        ),
        "nsenter" => l(
            &["-t", "--target", "-S", "-G", "--setuid", "--setgid"],
            0,
            Some((Effect::OpenWorld, "enters another process's namespaces")),
            Bare::Nothing,
        ),
        "firejail" => l(&[], 0, None, Bare::Nothing),
        "systemd-run" => l(
            &[
                "-p",
                "--property",
                "-u",
                "--unit",
                "-E",
                "--setenv",
                "--description",
                "--slice",
                "-M",
                "--machine",
            ],
            0,
            Some((Effect::Process, "runs it as a service beyond the call")),
            Bare::Nothing,
        ),
        "strace" | "ltrace" => l(
            &[
                "-e", "-p", "-s", "-u", "-E", "-P", "-a", "-b", "-I", "-O", "-X", "-S",
            ],
            0,
            None,
            Bare::Nothing,
        ),
        "valgrind" => l(&[], 0, None, Bare::Nothing),
        "prlimit" => l(&["-p", "--pid"], 0, None, Bare::Read),
        "cpulimit" => l(
            &["-l", "--limit", "-p", "--pid", "-e", "--exe"],
            0,
            None,
            Bare::Nothing,
        ),
        "caffeinate" => l(&["-t", "-w"], 0, None, Bare::Nothing),
        "rlwrap" => l(
            &[
                "-a", "-b", "-C", "-D", "-f", "-F", "-g", "-H", "-l", "-O", "-p", "-P", "-q", "-s",
                "-S", "-w", "-z",
            ],
            0,
            None,
            Bare::Nothing,
        ),
        "perf" => l(
            &[
                "-e", "-p", "-t", "-C", "-F", "-c", "-m", "-r", "-G", "-x", "-I", "--event",
                "--pid",
            ],
            1,
            None,
            Bare::Nothing,
        ),
        "daemonize" | "start-stop-daemon" => l(
            &[],
            0,
            Some((Effect::Process, "starts a daemon that outlives the call")),
            Bare::Nothing,
        ),
        _ => None,
    }
}

/// Skip a launcher's options and positional words; the program's index.
fn program_index(inv: &Invocation, value_options: &[&str], positionals: usize) -> Option<usize> {
    let mut i = 1;
    while i < inv.argv.len() {
        let Some(word) = inv.argv[i].text() else {
            break;
        };
        if word == "--" {
            i += 1;
            break;
        }
        if word.starts_with('-') && word.len() > 1 {
            let flag = word.split_once('=').map_or(word, |(f, _)| f);
            i += if value_options.contains(&flag) && !word.contains('=') {
                2
            } else {
                1
            };
            continue;
        }
        break;
    }
    let at = i + positionals;
    (at < inv.argv.len()).then_some(at)
}

fn launch(r: &mut Reader, program: &str, spec: Launcher, inv: &Invocation, scope: &mut Scope) {
    if let Some((effect, what)) = spec.own {
        r.note(effect, format!("{program} {what}"));
    }
    // `command -v`, `command -V`: a lookup, not a run.
    if program == "command" && inv.words().iter().any(|w| w == "-v" || w == "-V") {
        r.note(Effect::Read, format!("{} looks a name up", inv.shown()));
        return;
    }
    // `time -o FILE`, `strace -o FILE`, `perf … -o FILE` write that file.
    if matches!(program, "time" | "strace" | "ltrace" | "perf") {
        let mut skip = false;
        for (i, arg) in inv.argv.iter().enumerate().skip(1) {
            if skip {
                skip = false;
                continue;
            }
            match arg.first() {
                Some("-o") | Some("--output") => {
                    if let Some(file) = inv.argv.get(i + 1) {
                        r.write_places(file, scope, Op::Write, true, &inv.shown());
                    }
                    skip = true;
                }
                Some(w) if !w.starts_with('-') => break,
                _ => {}
            }
        }
    }
    let mut options = spec.value_options.to_vec();
    if matches!(program, "time" | "strace" | "ltrace" | "perf") {
        options.extend(["-o", "--output"]);
    }
    match program_index(inv, &options, spec.positionals) {
        Some(at) => r.read_invocation(&inv.tail(at), scope),
        None => match spec.bare {
            Bare::Nothing => r.note(Effect::Read, format!("{} runs nothing", inv.shown())),
            Bare::Read => r.note(Effect::Read, format!("{} only reports", inv.shown())),
        },
    }
}

fn env(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let mut i = 1;
    let mut inner = scope.clone();
    while i < inv.argv.len() {
        let arg = &inv.argv[i];
        let Some(word) = arg.text() else {
            // A word that may be an option, an assignment or the program.
            r.note(
                Effect::Opaque,
                format!("env's word `{}` is only known when it runs", arg.shown),
            );
            return;
        };
        match word {
            "--" => {
                i += 1;
                break;
            }
            "-i" | "--ignore-environment" | "-0" | "--null" | "-v" | "--debug" | "-" => i += 1,
            "-u" | "--unset" => i += 2,
            "-C" | "--chdir" => {
                if let Some(dir) = inv.argv.get(i + 1) {
                    chdir(r, dir, &mut inner);
                }
                i += 2;
            }
            "-S" | "--split-string" => {
                // The string is split into the program and its words.
                match inv.argv.get(i + 1).and_then(Arg::text) {
                    Some(text) => {
                        let rest: Vec<String> =
                            inv.argv[i + 2..].iter().map(|a| a.shown.clone()).collect();
                        r.read_text(&format!("{text} {}", rest.join(" ")), &mut inner);
                    }
                    None => r.note(
                        Effect::Opaque,
                        "env -S splits a string only known when it runs",
                    ),
                }
                return;
            }
            w if w.starts_with("--unset=")
                || w.starts_with("--chdir=")
                || (w.starts_with("-u") && w.len() > 2) =>
            {
                i += 1
            }
            w if w.starts_with('-') && w.len() > 1 => i += 1,
            w if w.contains('=') && !w.starts_with('=') => {
                let (name, value) = w.split_once('=').unwrap_or((w, ""));
                r.check_assignment(name, &Arg::literal(value));
                // The program runs with it (GIT_DIR, say), as a prefix
                // assignment's program does.
                inner
                    .vars
                    .insert(name.to_owned(), Some(vec![value.to_owned()]));
                i += 1;
            }
            _ => break,
        }
    }
    if i >= inv.argv.len() {
        r.note(Effect::Secret, "env with no program prints the environment");
        return;
    }
    r.read_invocation(&inv.tail(i), &mut inner);
}

fn privileged(r: &mut Reader, program: &str, inv: &Invocation, scope: &mut Scope) {
    r.note(
        Effect::OpenWorld,
        format!("{program} runs it as another user (root, usually)"),
    );
    let words = inv.words();
    if program == "sudo" && words.first().is_some_and(|w| w == "-e" || w == "--edit") {
        for file in inv.argv.iter().skip(2) {
            r.write_places(file, scope, Op::Write, false, &inv.shown());
        }
        return;
    }
    let values = [
        "-u",
        "-g",
        "-h",
        "-p",
        "-C",
        "-D",
        "-r",
        "-t",
        "-U",
        "-T",
        "--user",
        "--group",
        "--host",
        "--prompt",
        "--chdir",
        "--role",
        "--type",
        "--other-user",
        "--command-timeout",
        "--close-from",
    ];
    match program_index(inv, &values, 0) {
        Some(at) => r.read_invocation(&inv.tail(at), scope),
        None => {
            if words
                .iter()
                .any(|w| w == "-s" || w == "-i" || w == "--shell" || w == "--login")
            {
                r.note(
                    Effect::Opaque,
                    format!(
                        "{} opens a root shell that reads commands wicket cannot see",
                        inv.shown()
                    ),
                );
            } else {
                r.note(
                    Effect::OpenWorld,
                    format!("{} uses root credentials", inv.shown()),
                );
            }
        }
    }
}

fn xargs(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let values = [
        "-a",
        "--arg-file",
        "-d",
        "--delimiter",
        "-E",
        "-I",
        "-L",
        "-n",
        "--max-args",
        "-P",
        "--max-procs",
        "-s",
        "--max-chars",
        "--process-slot-var",
        "--eof",
        "--max-lines",
        "--replace",
    ];
    let mut replace: Option<String> = None;
    let mut i = 1;
    while i < inv.argv.len() {
        let Some(word) = inv.argv[i].text() else {
            break;
        };
        if word == "--" {
            i += 1;
            break;
        }
        if !word.starts_with('-') || word.len() == 1 {
            break;
        }
        if word == "-I" || word == "--replace" {
            replace = inv.argv.get(i + 1).and_then(Arg::text).map(str::to_owned);
            i += 2;
            continue;
        }
        if let Some(r) = word.strip_prefix("--replace=") {
            replace = Some(r.to_owned());
        } else if word == "-i" {
            replace = Some("{}".into());
        } else if let Some(r) = word.strip_prefix("-i") {
            replace = Some(r.to_owned());
        }
        let flag = word.split_once('=').map_or(word, |(f, _)| f);
        i += if values.contains(&flag) && !word.contains('=') {
            2
        } else {
            1
        };
    }
    if i >= inv.argv.len() {
        r.note(Effect::Read, "xargs runs echo on its input");
        return;
    }
    let mut inner = inv.tail(i);
    // With a replace string the input lands only where the string is.
    inner.extra_operands = replace.is_none();
    inner.stdin = Stdin::Fed;
    if let Some(token) = replace {
        for arg in inner.argv.iter_mut().skip(1) {
            if arg.shown.contains(&token) {
                arg.values = None;
            }
        }
    }
    r.read_invocation(&inner, scope);
}

fn parallel(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let values = [
        "-j",
        "--jobs",
        "-S",
        "--sshlogin",
        "--joblog",
        "--results",
        "-a",
        "--arg-file",
        "--delay",
        "--timeout",
        "-n",
        "-N",
        "-L",
        "--colsep",
        "-d",
        "--delimiter",
        "-I",
        "--tmpdir",
        "--workdir",
        "--halt",
    ];
    let Some(at) = program_index(inv, &values, 0) else {
        r.note(
            Effect::Opaque,
            "parallel with no command runs the commands it reads from stdin",
        );
        return;
    };
    let end = inv.argv[at..]
        .iter()
        .position(|a| a.first().is_some_and(|w| w.starts_with(":::")))
        .map_or(inv.argv.len(), |p| at + p);
    let mut command = inv.argv[at..end].to_vec();
    let placeholders = command.iter().any(|a| a.shown.contains('{'));
    for arg in command.iter_mut() {
        if arg.shown.contains('{') {
            arg.values = None;
        }
    }
    // Without a placeholder, the `:::` values are appended as operands.
    if !placeholders && end < inv.argv.len() {
        command.extend(
            inv.argv[end..]
                .iter()
                .filter(|a| !a.first().is_some_and(|w| w.starts_with(":::")))
                .cloned(),
        );
    }
    if command.len() == 1 && command[0].text().is_some_and(|t| t.contains(' ')) {
        let text = command[0].text().unwrap_or_default().to_owned();
        r.read_text(&text, &mut scope.clone());
        return;
    }
    let inner = Invocation {
        argv: command,
        stdin: inv.stdin,
        stdin_paths: None,
        stdin_text: None,
        extra_operands: end == inv.argv.len(),
        lookup: Lookup::Path,
    };
    r.read_invocation(&inner, scope);
}

fn watch(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let values = [
        "-n",
        "--interval",
        "-d",
        "--differences",
        "-q",
        "--equexit",
        "--chgexit",
    ];
    let exec = inv.words().iter().any(|w| w == "-x" || w == "--exec");
    let Some(at) = program_index(inv, &values, 0) else {
        r.note(Effect::Read, "watch with no command");
        return;
    };
    if exec {
        r.read_invocation(&inv.tail(at), scope);
        return;
    }
    // watch joins its words and hands them to `sh -c`.
    let parts: Option<Vec<&str>> = inv.argv[at..].iter().map(Arg::text).collect();
    match parts {
        Some(parts) => r.read_text(&parts.join(" "), &mut scope.clone()),
        None => r.note(
            Effect::Opaque,
            format!("{} runs text only known when it runs", inv.shown()),
        ),
    }
}

fn flock(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let words = inv.words();
    if let Some(pos) = words.iter().position(|w| w == "-c" || w == "--command") {
        match inv.argv.get(pos + 2).and_then(Arg::text) {
            Some(text) => r.read_text(text, &mut scope.clone()),
            None => r.note(Effect::Opaque, "flock -c runs text only known when it runs"),
        }
        return;
    }
    match program_index(inv, &["-w", "--timeout", "-E", "--conflict-exit-code"], 1) {
        Some(at) => r.read_invocation(&inv.tail(at), scope),
        None => r.note(Effect::Read, format!("{} takes a lock", inv.shown())),
    }
}

fn switch_user(r: &mut Reader, program: &str, inv: &Invocation, scope: &mut Scope) {
    r.note(Effect::OpenWorld, format!("{program} runs as another user"));
    let words = inv.words();
    if let Some(pos) = words.iter().position(|w| w == "-c" || w == "--command") {
        match inv.argv.get(pos + 2).and_then(Arg::text) {
            Some(text) => r.read_text(text, &mut scope.clone()),
            None => r.note(
                Effect::Opaque,
                format!("{program} -c runs text only known when it runs"),
            ),
        }
        return;
    }
    if program == "runuser" {
        if let Some(at) = program_index(inv, &["-u", "--user", "-g", "--group", "-G"], 0) {
            if words.iter().any(|w| w == "-u" || w == "--user") {
                return r.read_invocation(&inv.tail(at), scope);
            }
        }
    }
    r.note(
        Effect::Opaque,
        format!(
            "{} opens a shell that reads commands wicket cannot see",
            inv.shown()
        ),
    );
}

fn typescript(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let words = inv.words();
    match words.iter().position(|w| w == "-c" || w == "--command") {
        Some(pos) => match inv.argv.get(pos + 2).and_then(Arg::text) {
            Some(text) => r.read_text(text, &mut scope.clone()),
            None => r.note(
                Effect::Opaque,
                "script -c runs text only known when it runs",
            ),
        },
        None => r.note(
            Effect::Opaque,
            "script opens a shell that reads commands wicket cannot see",
        ),
    }
}

fn hyperfine(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let texts = [
        "-p",
        "--prepare",
        "-c",
        "--cleanup",
        "-s",
        "--setup",
        "--conclude",
    ];
    let values = [
        "-w",
        "--warmup",
        "-r",
        "--runs",
        "-m",
        "--min-runs",
        "-M",
        "--max-runs",
        "-S",
        "--shell",
        "-n",
        "--command-name",
        "--export-json",
        "--export-csv",
        "--export-markdown",
        "--export-asciidoc",
        "--export-orgmode",
        "-L",
        "--parameter-list",
        "-P",
        "--parameter-scan",
        "--style",
        "--time-unit",
        "-u",
    ];
    let mut i = 1;
    while i < inv.argv.len() {
        let arg = &inv.argv[i];
        let word = arg.first().unwrap_or("");
        if texts.contains(&word) || values.contains(&word) {
            if texts.contains(&word) {
                if let Some(text) = inv.argv.get(i + 1) {
                    hyperfine_text(r, text, scope);
                }
            }
            i += if matches!(word, "-L" | "--parameter-list") {
                3
            } else if matches!(word, "-P" | "--parameter-scan") {
                4
            } else {
                2
            };
            continue;
        }
        if !word.starts_with('-') || arg.values.is_none() {
            hyperfine_text(r, arg, scope);
        }
        i += 1;
    }
}

fn hyperfine_text(r: &mut Reader, text: &Arg, scope: &Scope) {
    match text.text() {
        Some(t) if !t.contains('{') => r.read_text(t, &mut scope.clone()),
        _ => r.note(
            Effect::Opaque,
            format!(
                "hyperfine runs `{}`, text only known when it runs",
                text.shown
            ),
        ),
    }
}

fn shell(r: &mut Reader, program: &str, inv: &Invocation, scope: &mut Scope) {
    let mut command_mode = false;
    let mut check_only = false;
    let mut stdin_mode = false;
    let mut i = 1;
    while i < inv.argv.len() {
        let Some(word) = inv.argv[i].text() else {
            break;
        };
        if word == "--" || word == "-" {
            i += 1;
            stdin_mode |= word == "-";
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            i += if matches!(long, "rcfile" | "init-file") {
                2
            } else {
                1
            };
            continue;
        }
        if (word.starts_with('-') || word.starts_with('+')) && word.len() > 1 {
            let mut takes = 0;
            for c in word[1..].chars() {
                match c {
                    'c' => command_mode = true,
                    'n' => check_only = true,
                    's' => stdin_mode = true,
                    'o' | 'O' => takes += 1,
                    _ => {}
                }
            }
            i += 1 + takes;
            continue;
        }
        break;
    }
    if command_mode {
        let Some(text_arg) = inv.argv.get(i) else {
            r.note(Effect::Opaque, format!("{program} -c without a command"));
            return;
        };
        let Some(text) = text_arg.text() else {
            r.note(
                Effect::Opaque,
                format!(
                    "{program} -c runs `{}`, text only known when it runs",
                    text_arg.shown
                ),
            );
            return;
        };
        if check_only {
            r.note(Effect::Read, format!("{program} -n only checks the syntax"));
            return;
        }
        // Words after the text are $0, $1, …
        let positional: Option<Vec<String>> = inv
            .argv
            .iter()
            .skip(i + 2)
            .map(|a| a.text().map(str::to_owned))
            .collect();
        let mut inner = Scope {
            vars: Default::default(),
            positional,
            ..scope.clone()
        };
        r.read_text(text, &mut inner);
        return;
    }
    if stdin_mode || i >= inv.argv.len() {
        let source = if inv.stdin == Stdin::Fed {
            "a pipe, file or here-doc"
        } else {
            "stdin"
        };
        r.note(
            Effect::Opaque,
            format!("{program} reads its script from {source}, which wicket cannot see"),
        );
        return;
    }
    let script = &inv.argv[i];
    if check_only {
        r.note(
            Effect::Read,
            format!("{program} -n only checks {}", script.shown),
        );
    } else {
        r.note(
            Effect::OpenWorld,
            format!(
                "{program} runs the script {}, which wicket cannot read",
                script.shown
            ),
        );
        r.check_protected_operands(&inv.tail(i), scope);
        r.hands_chosen_words(&inv.tail(i), &script.shown);
    }
}

fn foreign_shell(r: &mut Reader, program: &str, inv: &Invocation) {
    let words = inv.words();
    let commands = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "-c" | "-Command" | "-command" | "-EncodedCommand" | "-e" | "--command"
        )
    });
    if commands || words.iter().all(|w| w.starts_with('-')) {
        r.note(
            Effect::Opaque,
            format!("{program} runs commands in a language wicket does not read"),
        );
    } else {
        r.note(
            Effect::OpenWorld,
            format!("{program} runs a script wicket cannot read"),
        );
    }
}

fn eval(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let parts: Option<Vec<&str>> = inv.argv.iter().skip(1).map(Arg::text).collect();
    match parts {
        Some(parts) => r.read_text(&parts.join(" "), scope),
        None => r.note(
            Effect::Opaque,
            format!("{} evaluates text only known when it runs", inv.shown()),
        ),
    }
}

fn source(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    match inv.argv.get(1) {
        Some(file) => match file.text() {
            Some(path) if !path.starts_with("/dev/") && !path.starts_with("/proc/") => {
                r.note(
                    Effect::OpenWorld,
                    format!("{} runs the script {path} in this shell", inv.argv[0].shown),
                );
                // What it defines is unknown from here on.
                for value in scope.vars.values_mut() {
                    *value = None;
                }
            }
            _ => r.note(
                Effect::Opaque,
                format!("{} runs a script only known when it runs", inv.shown()),
            ),
        },
        None => r.note(Effect::Opaque, "source without a file"),
    }
}

fn trap(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let words = inv.words();
    if words.is_empty() || words[0].starts_with('-') {
        r.note(
            Effect::Read,
            format!("{} lists or resets traps", inv.shown()),
        );
        return;
    }
    match inv.argv[1].text() {
        Some(text) => r.read_text(text, &mut scope.clone()),
        None => r.note(Effect::Opaque, "trap runs text only known when it runs"),
    }
}

fn alias(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let mut defined = false;
    for arg in inv.argv.iter().skip(1) {
        match arg.text().and_then(|t| t.split_once('=')) {
            Some((_, body)) => {
                defined = true;
                r.read_text(body, &mut scope.clone());
            }
            None if arg.values.is_none() => {
                r.note(Effect::Opaque, "alias defines text only known when it runs");
                return;
            }
            None => {}
        }
    }
    if !defined {
        r.note(Effect::Read, "alias lists aliases");
    }
}

fn chdir(r: &mut Reader, dir: &Arg, scope: &mut Scope) {
    scope.cwd = match dir.text() {
        Some(text) => match &scope.cwd {
            Some(cwd) => {
                let absolute = wicket_guest::paths::absolute(text, cwd, &r.ctx.home);
                Some(r.ctx.resolve(&absolute).path)
            }
            None if text.starts_with('/') || text.starts_with('~') => Some(
                r.ctx
                    .resolve(&wicket_guest::paths::absolute(text, "/", &r.ctx.home))
                    .path,
            ),
            None => None,
        },
        None => None,
    };
}

fn cd(r: &mut Reader, program: &str, inv: &Invocation, scope: &mut Scope) {
    let target = inv.argv.iter().skip(1).find(|a| !a.is_flag());
    match (program, target) {
        ("popd", _) => scope.cwd = None,
        (_, None) => scope.cwd = Some(r.ctx.home.clone()),
        (_, Some(dir)) if dir.text() == Some("-") => scope.cwd = None,
        (_, Some(dir)) => {
            let dir = dir.clone();
            chdir(r, &dir, scope);
        }
    }
    r.note(
        Effect::Read,
        format!("{} changes the shell's directory", inv.shown()),
    );
}

fn declare(r: &mut Reader, program: &str, inv: &Invocation, scope: &mut Scope) {
    if subscript_runs_command(r, inv) {
        return;
    }
    let names: Vec<&Arg> = inv
        .argv
        .iter()
        .skip(1)
        .filter(|a| {
            !a.first()
                .is_some_and(|w| w.starts_with('-') || w.starts_with('+'))
        })
        .collect();
    let flags: Vec<String> = inv
        .words()
        .into_iter()
        .filter(|w| w.starts_with('-'))
        .collect();
    let prints = flags.iter().any(|f| f.contains('p')) || (names.is_empty() && program != "local");
    if prints && names.is_empty() {
        r.note(
            Effect::Secret,
            format!(
                "{} prints the shell's variables, the environment among them",
                inv.shown()
            ),
        );
        return;
    }
    for arg in names {
        match arg.text() {
            Some(text) => {
                if let Some((name, value)) = text.split_once('=') {
                    let name = name.trim_end_matches('+');
                    let value_arg = Arg::literal(value);
                    r.check_assignment(name, &value_arg);
                    scope
                        .vars
                        .insert(name.to_owned(), Some(vec![value.to_owned()]));
                }
            }
            None => {
                let shown = arg.shown.clone();
                if let Some((name, _)) = shown.split_once('=') {
                    r.check_assignment(
                        name,
                        &Arg {
                            values: None,
                            glob: false,
                            shown: shown.clone(),
                        },
                    );
                    scope.vars.insert(name.to_owned(), None);
                }
            }
        }
    }
    r.note(
        Effect::Read,
        format!("{} sets shell variables", inv.shown()),
    );
}

fn set(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let words = inv.words();
    if words.is_empty() {
        r.note(
            Effect::Secret,
            "set with no words prints every variable, the environment among them",
        );
        return;
    }
    if let Some(pos) = words.iter().position(|w| w == "--") {
        scope.positional = inv
            .argv
            .iter()
            .skip(pos + 2)
            .map(|a| a.text().map(str::to_owned))
            .collect();
    }
    r.note(Effect::Read, format!("{} sets shell options", inv.shown()));
}

/// `printf -v 'a[$(cmd)]'`, `read 'a[`cmd`]'`, `declare "a[$(cmd)]=1"`: the
/// shell evaluates an array index, running what it holds.
fn subscript_runs_command(r: &mut Reader, inv: &Invocation) -> bool {
    for arg in inv.argv.iter().skip(1) {
        let Some(values) = &arg.values else { continue };
        for value in values {
            if let Some(open) = value.find('[') {
                let inside = &value[open..];
                if inside.contains("$(") || inside.contains('`') {
                    r.note(
                        Effect::Opaque,
                        format!(
                            "{} evaluates the array index in `{}`, which runs a command",
                            inv.argv[0].shown,
                            crate::clip(value, 60)
                        ),
                    );
                    return true;
                }
            }
        }
    }
    false
}

fn litany(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    harness(r, Harness::Litany, inv, scope, None);
}

/// wicket itself: its operator verbs decide verdicts, so an agent running
/// them would be deciding its own. Only the looking verbs read.
pub fn wicket(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    harness(r, Harness::Wicket, inv, scope, None);
}

/// One of the harness's own programs, known by its name or by what the
/// file is. `alias`: how the program word is that program when its name
/// does not say so (`./ls is a copy of wicket`), for the reasons.
pub fn harness(
    r: &mut Reader,
    which: Harness,
    inv: &Invocation,
    scope: &mut Scope,
    alias: Option<&str>,
) {
    let words = inv.words();
    let verb = words
        .iter()
        .find(|w| !w.starts_with('-'))
        .map(String::as_str);
    let shown = inv.shown();
    // Who runs: `litany` by its name, or `./ls (a copy of litany)`.
    let who = match alias {
        Some(alias) => format!("{shown} ({alias})"),
        None => shown.clone(),
    };
    // Words that arrive at run time (`… | xargs wicket`) may be the verb
    // or an option that changes it (`--remove`, `--config`): which verb
    // runs is only known then.
    if inv.extra_operands {
        let only_looks = match which {
            Harness::Wicket => matches!(verb, None | Some("status" | "explain" | "help")),
            Harness::Litany => matches!(
                verb,
                None | Some("help" | "version" | "skills" | "workflow")
            ),
            Harness::WicketCompile => false,
        };
        if only_looks {
            r.note(
                Effect::Opaque,
                format!(
                    "{who} is given words that arrive at run time, which decide which of {}'s verbs runs",
                    which.name()
                ),
            );
            return;
        }
    }
    match which {
        Harness::Litany => litany_verb(r, verb, &words, inv, scope, &who, alias),
        Harness::Wicket => {
            let looking = matches!(verb, None | Some("status" | "explain" | "help"))
                && !words.iter().any(|w| w == "--remove");
            if looking {
                r.note(Effect::Read, format!("{who} only looks"));
            } else if let Some(alias) = alias {
                r.guard(
                    Effect::Destructive,
                    format!(
                        "{alias}; `{}` is the operator's verb: an agent running it would decide its own verdicts ({shown})",
                        verb.unwrap_or_default()
                    ),
                );
            } else {
                r.guard(
                    Effect::Destructive,
                    format!(
                        "{shown} is the operator's verb: an agent running it would decide its own verdicts"
                    ),
                );
            }
        }
        Harness::WicketCompile => {
            if words.iter().any(|w| w == "--help" || w == "-h") {
                return r.note(Effect::Read, format!("{who} prints its usage"));
            }
            // `--cache DIR` names where it writes; otherwise wicket's own
            // compile cache, which decides what every consult runs.
            let mut cache = None;
            let mut at = 1;
            while at < inv.argv.len() {
                if inv.argv[at].first() == Some("--cache") {
                    cache = Some(
                        inv.argv
                            .get(at + 1)
                            .cloned()
                            .unwrap_or_else(|| Arg::literal("")),
                    );
                    at += 1;
                }
                at += 1;
            }
            match cache {
                Some(dir) => r.change(&dir, scope, Change::Write, Reach::Tree, &who),
                None => r.guard(
                    Effect::Destructive,
                    format!(
                        "{who} writes wicket's compile cache, the code every consult runs, which only the operator may change"
                    ),
                ),
            }
        }
    }
}

fn litany_verb(
    r: &mut Reader,
    verb: Option<&str>,
    words: &[String],
    inv: &Invocation,
    scope: &mut Scope,
    who: &str,
    alias: Option<&str>,
) {
    match verb {
        None | Some("help") | Some("version") => r.note(Effect::Read, format!("{who} prints help")),
        Some("invoke") => r.note(Effect::TargetWrite, format!("{who}: the call it makes is adjudicated on its own")),
        Some("message") => r.note(Effect::TargetWrite, format!("{who} sends a message through the harness")),
        Some("dispatch") => r.note(Effect::Process, format!("{who} mints an agent")),
        Some("skills") => r.note(Effect::Read, format!("{who} lists skills")),
        Some("workflow") if !words.iter().any(|w| w.starts_with("--config") || w == "--clear") => {
            r.note(Effect::Read, format!("{who} shows which workflow governs an agent"))
        }
        Some("tool") => r.note(Effect::Opaque, format!("{who} runs one of litany's tools on input from stdin, unseen")),
        Some("bundle") => {
            if let Some(out) = inv.argv.iter().skip(1).filter(|a| !a.is_flag()).nth(3) {
                r.write_places(out, scope, Op::Write, false, who);
            } else {
                r.note(Effect::TargetWrite, format!("{who} writes a bundle"));
            }
        }
        Some(verb) => match alias {
            Some(alias) => r.guard(
                Effect::Destructive,
                format!("{alias}; `litany {verb}` changes the harness's configuration or drives agents, which only the operator may do"),
            ),
            None => r.guard(
                Effect::Destructive,
                format!("litany {verb} changes the harness's configuration or drives agents, which only the operator may do"),
            ),
        },
    }
}

fn kill(r: &mut Reader, program: &str, inv: &Invocation) {
    let words = inv.words();
    let harness = words
        .iter()
        .any(|w| ["litany", "wicket", "bz"].iter().any(|h| w.contains(h)));
    if program != "kill" && harness {
        r.guard(
            Effect::Destructive,
            format!(
                "{} stops the harness that adjudicates the agent",
                inv.shown()
            ),
        );
    } else if words
        .first()
        .is_some_and(|w| w == "-0" || w == "-l" || w == "-L")
    {
        r.note(
            Effect::Read,
            format!("{} only checks or lists", inv.shown()),
        );
    } else {
        r.note(
            Effect::OpenWorld,
            format!("{} signals processes beyond the call", inv.shown()),
        );
    }
}

fn multiplexer(r: &mut Reader, program: &str, inv: &Invocation) {
    let words = inv.words();
    let lists = words.iter().all(|w| {
        w.starts_with("list")
            || w == "ls"
            || w == "-ls"
            || w == "-list"
            || w == "has-session"
            || w.starts_with('-')
    });
    if lists && !words.iter().any(|w| w == "-dm" || w == "-d") {
        r.note(Effect::Read, format!("{} lists sessions", inv.shown()));
    } else {
        r.note(
            Effect::Opaque,
            format!("{program} drives a terminal session whose commands wicket cannot follow"),
        );
    }
}

fn service(r: &mut Reader, program: &str, inv: &Invocation) {
    let words = inv.words();
    let verb = if program == "service" {
        words.get(1)
    } else {
        words.iter().find(|w| !w.starts_with('-'))
    };
    let shown = inv.shown();
    match verb.map(String::as_str) {
        None
        | Some(
            "status" | "show" | "cat" | "list-units" | "list-unit-files" | "list-timers"
            | "list-sockets" | "is-active" | "is-enabled" | "is-failed" | "--status-all",
        ) => r.note(Effect::Read, format!("{shown} reports services")),
        Some("start" | "restart" | "reload" | "enable" | "try-restart" | "reload-or-restart") => r
            .note(
                Effect::OpenWorld,
                format!("{shown} changes the machine's services"),
            ),
        Some(_) => r.note(
            Effect::Destructive,
            format!("{shown} stops or changes the machine's services"),
        ),
    }
}
