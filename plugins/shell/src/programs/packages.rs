//! Package managers: npm, npx, pnpm, yarn, bun; pip, uv, poetry, pipx,
//! pipenv; bundle, gem. They fetch from the network and run the packages'
//! install scripts and the project's own scripts — code wicket cannot read,
//! so open-world — and what is read is where they write (a `--prefix`, a
//! `--target`, another directory they work in), the programs their
//! settings name (`script-shell`, `node-options`), the commands they run
//! (`npx`, `uv run`, `bundle exec` are read through), and settings they
//! would write for later runs.

use wicket_guest::Effect::{self, *};

use crate::argv::{self, flag, value, Grammar, Opt, Style};
use crate::read::{Arg, Change, Invocation, Lookup, Place, Reach, Reader, Scope, Stdin};

use super::cargo::protected_words;
use super::{interp, vars, Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &NPM, &NPX, &PNPM, &YARN, &BUN, &PIP, &UV, &POETRY, &PIPX, &PIPENV, &BUNDLE, &GEM,
];

fn invocation(argv: Vec<Arg>, like: &Invocation) -> Invocation {
    Invocation {
        argv,
        stdin: like.stdin,
        extra_operands: like.extra_operands,
        stdin_text: like.stdin_text.clone(),
        lookup: Lookup::Path,
        stdin_paths: None,
    }
}

/// Read the rest of a command line as the command it runs (`npx tsc …`,
/// `uv run pytest …`, `bundle exec rake …`).
fn run_through(r: &mut Reader, run: &Run, words: &[Arg], scope: &mut Scope) {
    if words.is_empty() {
        r.note(Read, format!("{} runs nothing", run.shown()));
        return;
    }
    let inv = invocation(words.to_vec(), run.inv);
    r.read_invocation(&inv, scope);
}

/// A directory a package manager is told to work in (`--prefix`, `-C`,
/// `--cwd`, `--directory`): its installs and scripts write there.
fn works_in(r: &mut Reader, shown: &str, dir: &Arg, scope: &mut Scope) {
    r.change(dir, scope, Change::Write, Reach::Path, shown);
    match (dir.text(), &scope.cwd) {
        (Some(d), Some(cwd)) => {
            let full = wicket_guest::paths::fold(&wicket_guest::paths::absolute(
                d,
                cwd,
                &scope.home(r.ctx),
            ));
            if let Some(Place::Outside { path, .. }) = r.place(&full, scope) {
                if let Some(entry) = r.protected_beneath(&path) {
                    r.guard(
                        Opaque,
                        format!("{shown} works in {path}, which holds {entry}"),
                    );
                }
            }
            scope.cwd = Some(full);
        }
        _ => scope.cwd = None,
    }
}

// ---------------------------------------------------------------------------
// npm and npx

/// npm settings that take a value when spelled `--key value` (others are
/// booleans unless written `--key=value`, as npm's parser reads them).
const NPM_STRING_KEYS: &[&str] = &[
    "prefix",
    "cache",
    "userconfig",
    "globalconfig",
    "script-shell",
    "shell",
    "git",
    "editor",
    "browser",
    "viewer",
    "node-options",
    "init-module",
    "registry",
    "workspace",
    "tag",
    "otp",
    "loglevel",
    "location",
    "omit",
    "include",
    "install-strategy",
    "access",
    "auth-type",
    "call",
    "package",
    "scope",
    "before",
    "cpu",
    "os",
    "libc",
    "message",
    "preid",
    "save-prefix",
    "tag-version-prefix",
    "depth",
    "fetch-retries",
    "fetch-timeout",
    "maxsockets",
    "pack-destination",
    "sbom-format",
    "sbom-type",
    "init-author-name",
    "init-author-email",
    "init-author-url",
    "init-license",
    "init-version",
    "cafile",
    "ca",
    "cert",
    "key",
    "proxy",
    "https-proxy",
    "noproxy",
    "local-address",
    "umask",
    "heading",
    "logs-dir",
    "logs-max",
    "audit-level",
    "fund",
    "color",
    "userconfig",
    "expect-result-count",
    "diff",
    "diff-src-prefix",
    "diff-dst-prefix",
    "diff-unified",
    "replace-registry-host",
    "install-links",
    "lockfile-version",
    "workspaces",
];

/// A word of a package manager's that reads its own options wherever they
/// stand (npm, yarn 1 and pnpm permute): one only known when it runs may
/// be an option that moves where it writes, so the call is opaque unless
/// every value the word may have is known and none starts with a dash (a
/// package's or a script's name). Says so and returns true.
fn option_chosen_at_run_time(
    r: &mut Reader,
    shown: &str,
    program: &str,
    example: &str,
    words: &[Arg],
) -> bool {
    let Some(word) = words.iter().find(|a| {
        a.text().is_none()
            && !a
                .values
                .as_ref()
                .is_some_and(|vs| vs.iter().all(|v| !v.starts_with('-')))
    }) else {
        return false;
    };
    r.note(
        Opaque,
        format!(
            "{shown}: `{}` is only known when it runs, and {program} would read it as its own option if it is one (`{example}`)",
            word.shown
        ),
    );
    true
}

/// What an npm setting does, when it is set.
fn npm_setting(
    r: &mut Reader,
    shown: &str,
    key: &str,
    value: &Arg,
    scope: &mut Scope,
    global: &mut bool,
) {
    match key {
        "prefix" | "C" => works_in(r, shown, value, scope),
        "cache" | "logs-dir" | "pack-destination" => {
            r.change(value, scope, Change::Write, Reach::Path, shown)
        }
        "userconfig" | "globalconfig" => {
            r.reads(value, scope, shown);
            r.note(
                Opaque,
                format!("{shown} takes npm settings from {}, which wicket cannot see (they may name programs)", value.shown),
            );
        }
        "script-shell" | "shell" | "git" | "editor" | "browser" | "viewer" => match value.text() {
            Some(program) => {
                let words: Vec<Arg> = program.split_whitespace().map(Arg::literal).collect();
                if !words.is_empty() {
                    r.note(
                        OpenWorld,
                        format!("{shown}: npm runs {program} as its {key}"),
                    );
                    let inv = Invocation {
                        argv: words,
                        stdin: Stdin::Inherited,
                        extra_operands: true,
                        stdin_text: None,
                        lookup: Lookup::Path,
                        stdin_paths: None,
                    };
                    r.read_invocation(&inv, &mut scope.clone());
                }
            }
            None => r.note(
                Opaque,
                format!("{shown}: npm's {key} is only known when it runs"),
            ),
        },
        "node-options" => match value.text() {
            Some(text) => {
                interp::node_options_value(r, text, scope);
            }
            None => r.note(
                Opaque,
                format!("{shown}: npm's node-options are only known when it runs"),
            ),
        },
        "init-module" => {
            r.reads(value, scope, shown);
            r.note(OpenWorld, format!("{shown}: npm init runs {}", value.shown));
        }
        "global" | "g" => *global = value.text() != Some("false"),
        // A workspace is the package the command acts on, in its own
        // directory: `npm install x -w DIR` adds to DIR's package.json,
        // `npm init -w DIR` creates it there (verified: `npm init -y -w
        // ../a2` wrote ../a2/package.json), and its scripts run there.
        "workspace" | "w" => r.change(value, scope, Change::Write, Reach::Path, shown),
        _ => {}
    }
}

/// npm's command aliases and what each command does.
fn npm_command(word: &str) -> Option<&'static str> {
    Some(match word {
        "install" | "i" | "in" | "ins" | "inst" | "insta" | "instal" | "isnt" | "isnta"
        | "isntal" | "isntall" | "add" => "install",
        "ci" | "clean-install" | "ic" | "install-clean" | "isntall-clean" => "ci",
        "install-test" | "it" | "install-ci-test" | "cit" | "clean-install-test" | "sit" => {
            "install-test"
        }
        "update" | "up" | "upgrade" | "udpate" => "update",
        "uninstall" | "unlink" | "remove" | "rm" | "r" | "un" => "uninstall",
        "dedupe" | "ddp" | "prune" | "rebuild" | "rb" | "link" | "ln" => "install",
        "run" | "run-script" | "rum" | "urn" => "run",
        "test" | "tst" | "t" | "start" | "stop" | "restart" => "script",
        "exec" | "x" => "exec",
        "config" | "c" => "config",
        "init" | "create" | "innit" => "init",
        "pack" => "pack",
        "publish" | "unpublish" | "deprecate" | "dist-tag" | "owner" | "access" | "team"
        | "star" | "unstar" | "hook" | "org" | "author" => "publish",
        "login" | "adduser" | "add-user" | "token" => "credentials",
        "logout" => "publish",
        "ls" | "list" | "la" | "ll" | "outdated" | "view" | "info" | "show" | "v" | "search"
        | "s" | "se" | "find" | "explain" | "why" | "fund" | "doctor" | "ping" | "prefix"
        | "root" | "help" | "help-search" | "whoami" | "query" | "sbom" | "diff" | "find-dupes"
        | "audit" | "completion" | "bin" => "read",
        "docs" | "home" | "bugs" | "repo" => "browser",
        "version" | "verison" => "version",
        "cache" => "cache",
        "edit" | "explore" => "shell",
        "pkg" => "pkg",
        "shrinkwrap" => "shrinkwrap",
        _ => return None,
    })
}

pub const NPM: Program = Program {
    names: &["npm"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: npm,
    examples: examples![
        (OpenWorld, "npm test"),
        (OpenWorld, "npm run build"),
        (OpenWorld, "npm ci"),
        (OpenWorld, "npm ci --ignore-scripts"),
        (OpenWorld, "npm install --ignore-scripts --include=dev"),
        (OpenWorld, "npm test -- --no-lint --coverage"),
        (OpenWorld, "npm run test:types -w packages/eslint-config-eslint"),
        (OpenWorld, "npm config set loglevel error"),
        (Read, "npm --version"),
        (Read, "npm ls --depth 0"),
        (OpenWorld, "npm install -g typescript"),
        (Destructive, "npm install --prefix ../../repo.git"),
        (Destructive, "npm --prefix=../../repo.git install"),
        (Destructive, "npm install -C {other}"),
        (Destructive, "npm init -y -w ../x"),
        (Opaque, "npm install lodash \"$(printf %s --prefix=../x)\""),
        (Opaque, "npm install -g $(jq -r .packageManager < package.json)"),
        (Destructive, "npm install lodash --workspace=../x"),
        (Opaque, "npm install --no-save ../x"),
        (Opaque, "npm config set script-shell ./evil.sh"),
        (Opaque, "npm --userconfig ./x.npmrc install"),
        (Destructive, "npm --script-shell 'rm -rf ../../.wicket' test"),
        (Destructive, "npm exec -c 'rm -rf ../../.wicket'"),
        (OpenWorld, "npm exec -- eslint ."),
        (Secret, "npm token list"),
        (Secret, "npm config get //registry.npmjs.org/:_authToken"),
        (Destructive, "npm_config_prefix=../../.wicket npm install"),
    ],
    manual: "npm 10 (npm help, npm help config): settings are `--key[=value]` for any key, so only the ones that move writes or name programs are read",
};

fn npm(r: &mut Reader, run: &Run, scope: &mut Scope) {
    vars::program_variables(r, scope, vars::C_BUILD_VARIABLES, &run.shown());
    vars::program_variables(r, scope, vars::NODE_VARIABLES, &run.shown());
    npm_like(r, run, scope, &run.inv.argv[1..], false);
}

/// npm's reading; `exec` for `npx`.
fn npm_like(r: &mut Reader, run: &Run, scope: &mut Scope, args: &[Arg], npx: bool) {
    let shown = run.shown();
    let mut inner = scope.clone();
    let mut global = false;
    let mut positionals: Vec<Arg> = Vec::new();
    let mut after_dashdash: Vec<Arg> = Vec::new();
    let mut call: Option<Arg> = None;
    let mut i = 0;
    // npm_config_* variables are settings too.
    let settings_from_env: Vec<(String, Vec<String>)> = scope
        .vars
        .iter()
        .filter_map(|(k, v)| {
            let key = k.to_ascii_lowercase();
            let key = key.strip_prefix("npm_config_")?;
            Some((key.replace('_', "-"), v.clone()?))
        })
        .collect();
    for (key, values) in settings_from_env {
        let value = Arg {
            shown: values.join(" "),
            values: Some(values),
            glob: false,
        };
        npm_setting(r, &shown, &key, &value, &mut inner, &mut global);
    }
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let Some(word) = arg.text() else {
            // Before `--`, npm reads every word that starts with a dash as
            // a setting wherever it stands: a word only known when it runs
            // may be `--prefix=DIR` or `--workspace=DIR` (verified: `npm
            // install "$(printf %s --prefix=../a2)"` wrote ../a2's lockfile).
            if option_chosen_at_run_time(
                r,
                &shown,
                "npm",
                "--prefix=DIR",
                std::slice::from_ref(arg),
            ) {
                return;
            }
            positionals.push(arg.clone());
            continue;
        };
        if word == "--" {
            after_dashdash = args[i..].to_vec();
            break;
        }
        // After npx's / exec's command, the words are the command's own.
        if (npx
            || positionals
                .first()
                .and_then(Arg::text)
                .and_then(npm_command)
                == Some("exec"))
            && !word.starts_with('-')
            && (npx || !positionals.is_empty())
        {
            positionals.push(arg.clone());
            after_dashdash = args[i..].to_vec();
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (key, value) = match long.split_once('=') {
                Some((k, v)) => (k.to_owned(), Some(Arg::literal(v))),
                None => match long.strip_prefix("no-") {
                    Some(k) => (k.to_owned(), Some(Arg::literal("false"))),
                    None if NPM_STRING_KEYS.contains(&long) => {
                        let v = args.get(i).cloned();
                        i += 1;
                        (long.to_owned(), v)
                    }
                    None => (long.to_owned(), Some(Arg::literal("true"))),
                },
            };
            let Some(value) = value else {
                r.note(Opaque, format!("{shown}: --{key} needs a value"));
                return;
            };
            if key.contains("_auth") || key.contains("_password") || key.ends_with(":_authToken") {
                r.note(
                    Effect::Secret,
                    format!("{shown} puts a registry credential on the command line"),
                );
            }
            if key == "call" {
                call = Some(value.clone());
            }
            npm_setting(r, &shown, &key, &value, &mut inner, &mut global);
            continue;
        }
        if let Some(short) = word.strip_prefix('-').filter(|s| !s.is_empty()) {
            match short {
                "g" => global = true,
                "D" | "S" | "O" | "E" | "P" | "B" | "y" | "f" | "s" | "q" | "d" | "dd" | "ddd"
                | "l" | "a" | "ws" | "iwr" | "h" | "?" | "H" | "v" | "desc" | "reg" | "local"
                | "n" => {
                    if matches!(short, "v") && positionals.is_empty() {
                        r.note(Read, format!("{shown} prints its version"));
                        return;
                    }
                }
                "w" | "C" | "c" | "p" => {
                    let Some(value) = args.get(i).cloned() else {
                        r.note(Opaque, format!("{shown}: -{short} needs a value"));
                        return;
                    };
                    i += 1;
                    match short {
                        "c" => call = Some(value),
                        "p" => {}
                        _ => npm_setting(r, &shown, short, &value, &mut inner, &mut global),
                    }
                }
                _ => {
                    r.note(
                        Opaque,
                        format!(
                            "{shown}: npm's option `{word}` is not one wicket's description knows"
                        ),
                    );
                    return;
                }
            }
            continue;
        }
        positionals.push(arg.clone());
    }
    let command = if npx {
        Some("exec")
    } else {
        match positionals.first() {
            None => {
                r.note(Read, format!("{shown} prints its help"));
                return;
            }
            Some(first) => {
                match first.text() {
                    Some(w) => match npm_command(w) {
                        Some(c) => Some(c),
                        None => {
                            r.note(Opaque, format!("{shown}: `npm {w}` is not a command wicket's description knows"));
                            return;
                        }
                    },
                    None => {
                        r.note(
                            Opaque,
                            format!("{shown}: npm's command is only known when it runs"),
                        );
                        return;
                    }
                }
            }
        }
    };
    let rest: Vec<Arg> = positionals
        .iter()
        .skip(usize::from(!npx))
        .cloned()
        .collect();
    if global {
        r.note(
            OpenWorld,
            format!("{shown} works on npm's global prefix, outside the root"),
        );
    }
    match command.unwrap_or("read") {
        "install" | "ci" | "install-test" | "update" | "uninstall" => {
            r.note(
                OpenWorld,
                format!("{shown} installs packages, running their install scripts: code wicket cannot read"),
            );
            protected_words(r, run.inv, &inner);
        }
        "run" if rest.is_empty() => r.note(Read, format!("{shown} lists the package's scripts")),
        // npm's built-in `env` script prints the environment (a package may
        // define its own `env`, which runs instead: either way not passed).
        "run" if rest.first().is_some_and(|w| w.text().is_none()) => r.note(
            Opaque,
            format!("{shown}: the script's name is only known when it runs (npm's built-in `env` prints the environment)"),
        ),
        "run" if rest.first().is_some_and(|w| w.text() == Some("env")) => r.note(
            Effect::Secret,
            format!("{shown} runs npm's built-in `env` script, which prints the environment"),
        ),
        "run" | "script" => {
            r.note(
                OpenWorld,
                format!("{shown} runs the package's script, which the agent wrote and wicket cannot read"),
            );
            protected_words(r, run.inv, &inner);
        }
        "exec" => {
            if let Some(text) = &call {
                match text.text() {
                    Some(t) => {
                        let mut s = inner.clone();
                        r.read_text(t, &mut s);
                    }
                    None => r.note(
                        Opaque,
                        format!("{shown} runs a command only known when it runs"),
                    ),
                }
                return;
            }
            let mut words = rest.clone();
            words.extend(after_dashdash.iter().cloned());
            r.note(
                OpenWorld,
                format!("{shown} runs a package's program, fetching it if needed"),
            );
            run_through(r, run, &words, &mut inner);
        }
        "config" => npm_config(r, &shown, &rest, &inner),
        "init" => {
            if rest.is_empty() {
                r.change(
                    &Arg::literal("package.json"),
                    &inner,
                    Change::Write,
                    Reach::Path,
                    &shown,
                );
            } else {
                r.note(
                    OpenWorld,
                    format!("{shown} runs a package's initializer, fetching it"),
                );
                protected_words(r, run.inv, &inner);
            }
        }
        "pack" => {
            r.note(
                OpenWorld,
                format!("{shown} runs the package's prepack scripts"),
            );
            r.change(
                &Arg::literal("."),
                &inner,
                Change::Write,
                Reach::Path,
                &shown,
            );
        }
        "publish" => r.note(OpenWorld, format!("{shown} talks to the registry")),
        "credentials" => r.note(
            Effect::Secret,
            format!("{shown} handles registry credentials"),
        ),
        "browser" => r.note(OpenWorld, format!("{shown} opens a browser")),
        "version" => {
            if rest.is_empty() {
                r.note(Read, format!("{shown} prints versions"));
            } else {
                r.note(
                    OpenWorld,
                    format!("{shown} runs the version scripts, edits package.json and commits"),
                );
                r.change(
                    &Arg::literal("package.json"),
                    &inner,
                    Change::Write,
                    Reach::Path,
                    &shown,
                );
            }
        }
        "cache" => match rest.first().and_then(Arg::text) {
            Some("ls" | "verify") => r.note(Read, format!("{shown} reads npm's cache")),
            _ => r.note(
                OpenWorld,
                format!("{shown} changes npm's cache, outside the root"),
            ),
        },
        "shell" => r.note(
            Opaque,
            format!("{shown} runs an editor or a shell, which takes commands"),
        ),
        "pkg" => match rest.first().and_then(Arg::text) {
            Some("get") => r.note(Read, format!("{shown} reads package.json")),
            _ => r.change(
                &Arg::literal("package.json"),
                &inner,
                Change::Write,
                Reach::Path,
                &shown,
            ),
        },
        "shrinkwrap" => r.change(
            &Arg::literal("npm-shrinkwrap.json"),
            &inner,
            Change::Write,
            Reach::Path,
            &shown,
        ),
        _ => r.note(Read, format!("{shown} reads and prints")),
    }
}

/// A package manager's setting that holds a credential (`_authToken`,
/// `//host/:_password`, yarn's `npmAuthToken`, `certfile`).
fn credential_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    [
        "_auth",
        "authtoken",
        "authident",
        "token",
        "password",
        "certfile",
        "keyfile",
        "secret",
    ]
    .iter()
    .any(|c| k.contains(c))
}

/// `npm config get|set|delete|list|edit …`.
fn npm_config(r: &mut Reader, shown: &str, rest: &[Arg], scope: &Scope) {
    let verb = rest.first().and_then(Arg::text).unwrap_or("list");
    match verb {
        "get" | "list" | "ls" => {
            let names_credential = rest.iter().skip(1).any(|a| {
                a.text().is_some_and(|t| {
                    t.contains("_auth")
                        || t.contains("_password")
                        || t.contains("token")
                        || t.contains("certfile")
                        || t.contains("keyfile")
                })
            });
            if names_credential
                || (verb != "get"
                    && rest.iter().any(|a| {
                        a.text() == Some("-l")
                            || a.text() == Some("--long")
                            || a.text() == Some("--json")
                    }))
            {
                r.note(Effect::Secret, format!("{shown} prints npm's credentials"));
            } else {
                r.note(Read, format!("{shown} prints npm's settings"));
            }
        }
        "set" | "delete" | "rm" | "del" => {
            r.note(OpenWorld, format!("{shown} writes npm's settings file"));
            let mut items: Vec<(String, Option<String>)> = Vec::new();
            let mut k = 1;
            while k < rest.len() {
                let Some(t) = rest[k].text() else {
                    r.note(
                        Opaque,
                        format!("{shown}: a setting only known when it runs"),
                    );
                    return;
                };
                match t.split_once('=') {
                    Some((key, v)) => {
                        items.push((key.to_owned(), Some(v.to_owned())));
                        k += 1;
                    }
                    None => {
                        items.push((
                            t.to_owned(),
                            rest.get(k + 1).and_then(Arg::text).map(str::to_owned),
                        ));
                        k += 2;
                    }
                }
            }
            for (key, _) in items {
                let harmless = matches!(
                    key.as_str(),
                    "loglevel"
                        | "fund"
                        | "audit"
                        | "progress"
                        | "color"
                        | "save-exact"
                        | "save-prefix"
                        | "registry"
                        | "init-author-name"
                        | "init-author-email"
                        | "init-license"
                        | "init-version"
                        | "package-lock"
                        | "engine-strict"
                        | "legacy-peer-deps"
                        | "strict-ssl"
                        | "update-notifier"
                        | "fetch-retries"
                        | "fetch-timeout"
                        | "fetch-retry-mintimeout"
                        | "fetch-retry-maxtimeout"
                        | "maxsockets"
                        | "ignore-scripts"
                        | "lockfile-version"
                        | "install-strategy"
                        | "omit"
                        | "include"
                        | "sign-git-tag"
                        | "git-tag-version"
                        | "tag-version-prefix"
                        | "message"
                        | "unicode"
                        | "timing"
                        | "logs-max"
                        | "prefer-offline"
                        | "prefer-online"
                        | "offline"
                ) || key.starts_with("@") && key.ends_with(":registry");
                if !harmless {
                    r.note(
                        Opaque,
                        format!("{shown}: the setting `{key}` changes what later npm runs or where it writes"),
                    );
                }
            }
            let _ = scope;
        }
        // The editor it opens is one the command may choose: `--editor=cat`
        // printed `~/.npmrc`, registry tokens and all (npm 11).
        "edit" => r.note(
            Effect::Secret,
            format!("{shown} opens npm's settings file, which holds its registry tokens, in an editor the command may choose (`--editor=cat` prints it)"),
        ),
        "fix" => r.note(Opaque, format!("{shown} rewrites npm's settings by hand")),
        _ => r.note(
            Opaque,
            format!("{shown}: `npm config {verb}` is not one wicket's description knows"),
        ),
    }
}

pub const NPX: Program = Program {
    names: &["npx"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: npx,
    examples: examples![
        (OpenWorld, "npx tsc -p tests/lib/types/tsconfig.json"),
        (OpenWorld, "npx hereby baseline-accept"),
        (OpenWorld, "npx playwright install --with-deps"),
        (Read, "npx --version"),
        (Opaque, "npx rimraf ../x"),
        (Destructive, "npx -c 'rm -rf ../../.wicket'"),
        (Destructive, "npx --yes rm -rf ../../.wicket"),
    ],
    manual: "npx (npm 10's `npm exec`): options before the package, the command's own words after",
};

fn npx(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let args = &run.inv.argv[1..];
    if args.len() == 1 && matches!(args[0].text(), Some("--version" | "-v" | "--help" | "-h")) {
        r.note(Read, format!("{} prints information", run.shown()));
        return;
    }
    npm_like(r, run, scope, args, true);
}

// ---------------------------------------------------------------------------
// pnpm, yarn, bun

const PNPM_COMMANDS: &[&str] = &[
    "add",
    "install",
    "i",
    "update",
    "up",
    "upgrade",
    "remove",
    "rm",
    "uninstall",
    "un",
    "link",
    "ln",
    "unlink",
    "import",
    "rebuild",
    "rb",
    "prune",
    "fetch",
    "install-test",
    "it",
    "patch",
    "patch-commit",
    "patch-remove",
    "dedupe",
    "audit",
    "list",
    "ls",
    "ll",
    "la",
    "outdated",
    "why",
    "licenses",
    "run",
    "run-script",
    "test",
    "t",
    "exec",
    "dlx",
    "create",
    "start",
    "publish",
    "pack",
    "recursive",
    "multi",
    "m",
    "server",
    "store",
    "root",
    "bin",
    "env",
    "setup",
    "init",
    "deploy",
    "doctor",
    "config",
    "c",
    "self-update",
    "approve-builds",
    "ignored-builds",
    "help",
    "completion",
    "cat-file",
    "cat-index",
    "find-hash",
    "sbom",
];

pub const PNPM: Program = Program {
    names: &["pnpm"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: pnpm,
    examples: examples![
        (Secret, "pnpm config list"),
        (Secret, "pnpm config get //registry.npmjs.org/:_authToken"),
        (Read, "pnpm config get registry"),
        (OpenWorld, "pnpm install"),
        (OpenWorld, "pnpm run build"),
        (OpenWorld, "pnpm playwright install chromium"),
        (OpenWorld, "pnpm format"),
        (Read, "pnpm --version"),
        (Destructive, "pnpm -C {other} install"),
        (Destructive, "pnpm --dir=../../repo.git install"),
        (Destructive, "pnpm install --store-dir ../../.wicket/s"),
        (Destructive, "pnpm exec rm -rf ../../.wicket"),
        (Destructive, "pnpm deploy ../../.wicket/d"),
    ],
    manual: "pnpm 9 (pnpm help): a word that is not a command runs the script or bin of that name",
};

fn pnpm(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let mut inner = scope.clone();
    let mut i = 0;
    let mut command: Option<(usize, String)> = None;
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
            Some((f, v)) if f.starts_with("--") => (f, Some(Arg::literal(v))),
            _ => (word, None),
        };
        let takes = matches!(
            flag,
            "-C" | "--dir"
                | "--store-dir"
                | "--virtual-store-dir"
                | "--modules-dir"
                | "--global-dir"
                | "--lockfile-dir"
                | "--filter"
                | "-F"
                | "--reporter"
                | "--loglevel"
                | "--workspace-concurrency"
                | "--resume-from"
                | "--config-dir"
                | "--global-bin-dir"
        );
        let value = match value {
            Some(v) => Some(v),
            None if takes => {
                let v = args.get(i).cloned();
                i += 1;
                v
            }
            None => None,
        };
        match flag {
            "-v" | "--version" | "-h" | "--help" if command.is_none() && args.len() == 1 => {
                r.note(Read, format!("{shown} prints information"));
                return;
            }
            "-C" | "--dir" | "--lockfile-dir" => {
                if let Some(v) = value {
                    works_in(r, &shown, &v, &mut inner);
                }
                continue;
            }
            "--store-dir"
            | "--virtual-store-dir"
            | "--modules-dir"
            | "--global-dir"
            | "--config-dir"
            | "--global-bin-dir" => {
                if let Some(v) = value {
                    r.change(&v, &inner, Change::Write, Reach::Path, &shown);
                }
                continue;
            }
            _ if flag.starts_with("--config.") => {
                let key = &flag["--config.".len()..];
                let mut global = false;
                if let Some(v) = value {
                    npm_setting(r, &shown, key, &v, &mut inner, &mut global);
                }
                continue;
            }
            _ if flag.starts_with('-') => continue,
            _ => {
                command = Some((i - 1, word.to_owned()));
                break;
            }
        }
    }
    let Some((at, command)) = command else {
        r.note(
            OpenWorld,
            format!("{shown} installs the package's dependencies"),
        );
        return;
    };
    let rest = &args[at + 1..];
    if matches!(
        command.as_str(),
        "install"
            | "i"
            | "add"
            | "update"
            | "up"
            | "upgrade"
            | "remove"
            | "rm"
            | "uninstall"
            | "un"
            | "link"
            | "ln"
            | "unlink"
            | "import"
            | "fetch"
            | "prune"
            | "rebuild"
            | "rb"
            | "pack"
            | "publish"
            | "deploy"
    ) && option_chosen_at_run_time(r, &shown, "pnpm", "--dir=DIR", rest)
    {
        return;
    }
    // pnpm reads its own options after the command too.
    if command != "exec" && command != "dlx" {
        for (k, a) in rest.iter().enumerate() {
            let Some(t) = a.text() else { continue };
            let (flag, value) = match t.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f, Some(Arg::literal(v))),
                _ => (t, rest.get(k + 1).cloned()),
            };
            match flag {
                "-C" | "--dir" | "--lockfile-dir" => {
                    if let Some(v) = value {
                        works_in(r, &shown, &v, &mut inner);
                    }
                }
                "--store-dir"
                | "--virtual-store-dir"
                | "--modules-dir"
                | "--global-dir"
                | "--config-dir"
                | "--global-bin-dir" => {
                    if let Some(v) = value {
                        r.change(&v, &inner, Change::Write, Reach::Path, &shown);
                    }
                }
                _ => {}
            }
        }
    }
    match command.as_str() {
        "exec" | "dlx" => {
            let start = rest
                .iter()
                .position(|a| !a.text().is_some_and(|t| t.starts_with('-')))
                .unwrap_or(rest.len());
            r.note(
                OpenWorld,
                format!("{shown} runs a program in the package's environment"),
            );
            run_through(r, run, &rest[start..], &mut inner);
        }
        "deploy" => {
            r.note(OpenWorld, format!("{shown} installs a deployable copy"));
            if let Some(target) = rest.iter().find(|a| !a.is_flag()) {
                r.change(target, &inner, Change::Write, Reach::Tree, &shown);
            }
        }
        "list" | "ls" | "ll" | "la" | "outdated" | "why" | "licenses" | "root" | "bin" | "help"
        | "completion" | "audit" | "doctor" | "sbom" | "cat-file" | "cat-index" | "find-hash" => {
            r.note(Read, format!("{shown} reads and prints"))
        }
        "config" | "c" => {
            // An unknown first word is read as the listing it defaults to.
            if rest.iter().skip(1).any(|a| a.text().is_none()) {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: a setting's word only known when it runs could name a credential"
                    ),
                );
                return;
            }
            let verb = rest.first().and_then(Arg::text).unwrap_or("list");
            // pnpm prints its .npmrc settings as they are, tokens too.
            if matches!(verb, "list" | "ls")
                || (verb == "get" && rest.get(1).and_then(Arg::text).is_some_and(credential_key))
            {
                r.note(
                    Effect::Secret,
                    format!("{shown} prints the registry credentials pnpm holds"),
                );
            } else if verb == "get" {
                r.note(Read, format!("{shown} prints settings"));
            } else {
                npm_config(r, &shown, rest, &inner);
            }
        }
        _ => {
            let what = if PNPM_COMMANDS.contains(&command.as_str()) {
                "installs or runs the package's scripts"
            } else {
                "runs the package's script or program of that name"
            };
            r.note(
                OpenWorld,
                format!("{shown} {what}: code wicket cannot read"),
            );
            protected_words(r, run.inv, &inner);
            // pnpm hands a script the words after its name, `--` or not.
            r.hands_chosen_words(run.inv, "the package's script");
        }
    }
}

pub const YARN: Program = Program {
    names: &["yarn", "yarnpkg"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: yarn,
    examples: examples![
        (OpenWorld, "yarn"),
        (OpenWorld, "yarn install --immutable"),
        (OpenWorld, "yarn test"),
        (OpenWorld, "yarn build --clean"),
        (OpenWorld, "yarn c8 yarn test"),
        (OpenWorld, "yarn prettier \"{docs,website}/**/*.md\" --check"),
        (Read, "yarn --version"),
        (Destructive, "yarn --cwd {other} install"),
        (Destructive, "yarn install --modules-folder ../../.wicket/nm"),
        (Destructive, "yarn node -e 'require(\"fs\").rmSync(\"../../.wicket\",{recursive:true})'"),
        (Opaque, "yarn config set yarnPath ./evil.js"),
        (Secret, "yarn config get npmAuthToken"),
        (Secret, "yarn config list"),
        (Secret, "yarn config get npmScopes --no-redacted"),
        (Read, "yarn config get nodeLinker"),
    ],
    manual: "yarn 1.22 and yarn 4 (yarn help): a word that is not a command runs the script or bin of that name",
};

fn yarn(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let mut inner = scope.clone();
    let mut i = 0;
    let mut command: Option<usize> = None;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            if command.is_none() {
                r.note(
                    Opaque,
                    format!("{shown}: `{}` is only known when it runs", args[i].shown),
                );
                return;
            }
            i += 1;
            continue;
        };
        let (flag, value) = match word.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(Arg::literal(v))),
            _ => (word, None),
        };
        let takes = matches!(
            flag,
            "--cwd"
                | "--modules-folder"
                | "--cache-folder"
                | "--global-folder"
                | "--link-folder"
                | "--prefix"
                | "--use-yarnrc"
                | "--mutex"
                | "--network-timeout"
        );
        let value = match value {
            Some(v) => Some(v),
            None if takes => args.get(i + 1).cloned(),
            None => None,
        };
        if !word.starts_with('-') {
            command = Some(i);
            break;
        }
        i += 1 + usize::from(takes && !word.contains('='));
        match flag {
            "-v" | "--version" | "-h" | "--help" if args.len() == 1 => {
                r.note(Read, format!("{shown} prints information"));
                return;
            }
            "--cwd" => {
                if let Some(v) = value {
                    works_in(r, &shown, &v, &mut inner);
                }
            }
            "--modules-folder" | "--cache-folder" | "--global-folder" | "--link-folder"
            | "--prefix" => {
                if let Some(v) = value {
                    r.change(&v, &inner, Change::Write, Reach::Tree, &shown);
                }
            }
            "--use-yarnrc" => {
                r.note(
                    Opaque,
                    format!("{shown} takes settings from a file wicket cannot see"),
                );
            }
            _ => {}
        }
    }
    let Some(at) = command else {
        r.note(
            OpenWorld,
            format!("{shown} installs the package's dependencies, running their scripts"),
        );
        protected_words(r, run.inv, &inner);
        return;
    };
    let command = args[at].text().unwrap_or("");
    let rest = &args[at + 1..];
    if matches!(
        command,
        "add"
            | "install"
            | "upgrade"
            | "up"
            | "remove"
            | "global"
            | "link"
            | "unlink"
            | "import"
            | "pack"
            | "publish"
            | "autoclean"
            | "generate-lock-entry"
    ) && option_chosen_at_run_time(r, &shown, "yarn", "--modules-folder=DIR", rest)
    {
        return;
    }
    // Later words may still carry yarn's own options (yarn 1 permutes).
    for (k, a) in rest.iter().enumerate() {
        match a.text() {
            Some("--modules-folder" | "--cache-folder" | "--prefix") => {
                if let Some(v) = rest.get(k + 1) {
                    r.change(v, &inner, Change::Write, Reach::Tree, &shown);
                }
            }
            Some(t) if t.starts_with("--modules-folder=") || t.starts_with("--cache-folder=") => {
                let v = t.split_once('=').map_or("", |(_, v)| v);
                r.change(&Arg::literal(v), &inner, Change::Write, Reach::Tree, &shown);
            }
            Some("--cwd") => {
                if let Some(v) = rest.get(k + 1) {
                    works_in(r, &shown, v, &mut inner);
                }
            }
            _ => {}
        }
    }
    // yarn 1 has npm's built-in `env` script too (`yarn run env`, and
    // `yarn env`, an unknown command being a script's name).
    if command == "run" && rest.first().is_some_and(|w| w.text().is_none()) {
        r.note(
            Opaque,
            format!("{shown}: the script's name is only known when it runs (yarn's built-in `env` prints the environment)"),
        );
        return;
    }
    let env_script = command == "env"
        || (command == "run" && rest.first().is_some_and(|w| w.text() == Some("env")));
    if env_script {
        r.note(
            Effect::Secret,
            format!("{shown} runs yarn's built-in `env` script, which prints the environment"),
        );
        return;
    }
    match command {
        "node" => {
            let mut words = vec![Arg::literal("node")];
            words.extend(rest.iter().cloned());
            run_through(r, run, &words, &mut inner);
        }
        "exec" | "dlx" => {
            r.note(
                OpenWorld,
                format!("{shown} runs a program in the package's environment"),
            );
            run_through(r, run, rest, &mut inner);
        }
        "config" => {
            if rest.iter().any(|a| a.text().is_none()) {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: a setting's word only known when it runs could name a credential"
                    ),
                );
                return;
            }
            let verb = rest.first().and_then(Arg::text).unwrap_or("");
            // yarn 1 lists npm's configuration, tokens and all; yarn 2+
            // shows secrets under `--no-redacted`; a get of a credential
            // key prints it.
            if verb == "list"
                || (verb == "get" && rest.get(1).and_then(Arg::text).is_some_and(credential_key))
                || run
                    .inv
                    .argv
                    .iter()
                    .any(|a| a.text() == Some("--no-redacted"))
            {
                r.note(
                    Effect::Secret,
                    format!("{shown} prints the registry credentials yarn holds"),
                );
            } else if matches!(verb, "get" | "") {
                r.note(Read, format!("{shown} prints settings"));
            } else {
                let key = rest.get(1).and_then(Arg::text).unwrap_or("");
                let harmless = matches!(
                    key,
                    "nodeLinker"
                        | "enableTelemetry"
                        | "npmRegistryServer"
                        | "enableGlobalCache"
                        | "checksumBehavior"
                        | "enableImmutableInstalls"
                        | "defaultSemverRangePrefix"
                        | "enableProgressBars"
                        | "enableColors"
                        | "registry"
                        | "ignore-engines"
                        | "network-timeout"
                );
                r.note(OpenWorld, format!("{shown} writes yarn's settings"));
                if !harmless {
                    r.note(Opaque, format!("{shown}: the setting `{key}` changes what later yarn runs or where it writes"));
                }
            }
        }
        "set" => {
            r.note(
                OpenWorld,
                format!("{shown} downloads a yarn release and points the project at it"),
            );
        }
        "info" | "list" | "why" | "outdated" | "licenses" | "versions" | "owner" | "bin"
        | "help" | "explain" | "search" => r.note(Read, format!("{shown} reads and prints")),
        "login" | "npm"
            if rest.first().and_then(Arg::text) == Some("login") || command == "login" =>
        {
            r.note(
                Effect::Secret,
                format!("{shown} handles registry credentials"),
            )
        }
        _ => {
            r.note(
                OpenWorld,
                format!("{shown} installs or runs the package's script or program `{command}`: code wicket cannot read"),
            );
            protected_words(r, run.inv, &inner);
        }
    }
}

pub const BUN: Program = Program {
    names: &["bun", "bunx"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: bun,
    examples: examples![
        (OpenWorld, "bun install"),
        (OpenWorld, "bun test"),
        (OpenWorld, "bun run build"),
        (OpenWorld, "bun src/index.ts"),
        (OpenWorld, "bun -e 'console.log(1)'"),
        (Read, "bun --version"),
        (
            Destructive,
            "bun build src/index.ts --outdir ../../.wicket/out",
        ),
        (Destructive, "bun --cwd {other} install"),
        (
            Destructive,
            "bun -e \"require('fs').rmSync('../x',{recursive:true})\"",
        ),
        (Destructive, "bunx rm -rf ../../.wicket"),
    ],
    manual: "bun 1.1 (bun --help; not installed here)",
};

fn bun(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let mut inner = scope.clone();
    if run.name == "bunx" {
        let start = args
            .iter()
            .position(|a| !a.text().is_some_and(|t| t.starts_with('-')))
            .unwrap_or(args.len());
        r.note(
            OpenWorld,
            format!("{shown} runs a package's program, fetching it if needed"),
        );
        return run_through(r, run, &args[start..], &mut inner);
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
        match word {
            "--version" | "-v" | "--help" | "-h" | "--revision" if args.len() == 1 => {
                r.note(Read, format!("{shown} prints information"));
                return;
            }
            "-e" | "--eval" | "-p" | "--print" => {
                let Some(code) = args.get(i + 1) else {
                    r.note(Opaque, format!("{shown}: {word} needs a value"));
                    return;
                };
                match code.text() {
                    Some(text) => {
                        r.note(
                            OpenWorld,
                            format!("{shown} runs a program given on the command line"),
                        );
                        super::code::scan(r, "bun", super::code::Language::Node, text, &inner);
                    }
                    None => r.note(
                        Opaque,
                        format!("{shown} runs a program only known when it runs"),
                    ),
                }
                return;
            }
            "--cwd" => {
                if let Some(v) = args.get(i + 1) {
                    works_in(r, &shown, v, &mut inner);
                }
                i += 2;
            }
            "-r" | "--preload" | "--env-file" | "-c" | "--config" | "--tsconfig-override" => {
                if word == "--env-file" {
                    r.note(
                        Opaque,
                        format!("{shown} takes variables from a file wicket cannot see"),
                    );
                }
                i += 2;
            }
            w if w.starts_with("--cwd=") => {
                works_in(r, &shown, &Arg::literal(&w[6..]), &mut inner);
                i += 1;
            }
            w if w.starts_with('-') => i += 1,
            _ => break,
        }
    }
    let rest = &args[i..];
    let command = rest.first().and_then(Arg::text).unwrap_or("");
    match command {
        "x" => {
            r.note(
                OpenWorld,
                format!("{shown} runs a package's program, fetching it if needed"),
            );
            let start = rest[1..]
                .iter()
                .position(|a| !a.text().is_some_and(|t| t.starts_with('-')))
                .map_or(rest.len(), |p| p + 1);
            run_through(r, run, &rest[start..], &mut inner);
        }
        "build" => {
            r.note(
                OpenWorld,
                format!("{shown} bundles, running plugins and macros"),
            );
            for (k, a) in rest.iter().enumerate() {
                let t = a.text().unwrap_or("");
                let out = match t {
                    "--outdir" | "--outfile" => rest.get(k + 1).cloned(),
                    _ => t
                        .strip_prefix("--outdir=")
                        .or_else(|| t.strip_prefix("--outfile="))
                        .map(Arg::literal),
                };
                if let Some(out) = out {
                    r.change(&out, &inner, Change::Write, Reach::Tree, &shown);
                }
            }
        }
        "pm" if rest
            .get(1)
            .and_then(Arg::text)
            .is_some_and(|s| matches!(s, "ls" | "hash" | "hash-string" | "cache" | "bin")) =>
        {
            r.note(Read, format!("{shown} reads and prints"))
        }
        "upgrade" => r.note(
            OpenWorld,
            format!("{shown} replaces bun itself, outside the root"),
        ),
        _ => {
            r.note(
                OpenWorld,
                format!(
                    "{shown} installs, tests or runs the package's code: code wicket cannot read"
                ),
            );
            protected_words(r, run.inv, &inner);
            // `bun x.ts ARGS`, `bun run x.ts ARGS`, `bun test ARGS`: the
            // script or test runs with the words after it.
            r.hands_chosen_words(run.inv, "the script or package code it runs");
        }
    }
}

// ---------------------------------------------------------------------------
// pip
const PIP_INSTALL: &[Opt] = &[
    value("requirement", "r", &["requirement"]),
    value("constraint", "c", &["constraint"]),
    flag("no-deps", "", &["no-deps"]),
    flag("pre", "", &["pre"]),
    value("editable", "e", &["editable"]),
    flag("dry-run", "", &["dry-run"]),
    value("target", "t", &["target"]),
    value("platform", "", &["platform"]),
    value("python-version", "", &["python-version"]),
    value("implementation", "", &["implementation"]),
    value("abi", "", &["abi"]),
    flag("user", "", &["user"]),
    value("root", "", &["root"]),
    value("prefix", "", &["prefix"]),
    value("src", "", &["src"]),
    flag("upgrade", "U", &["upgrade"]),
    value("upgrade-strategy", "", &["upgrade-strategy"]),
    flag("force-reinstall", "", &["force-reinstall"]),
    flag("ignore-installed", "I", &["ignore-installed"]),
    flag("ignore-requires-python", "", &["ignore-requires-python"]),
    flag("no-build-isolation", "", &["no-build-isolation"]),
    flag("use-pep517", "", &["use-pep517"]),
    flag("no-use-pep517", "", &["no-use-pep517"]),
    flag(
        "check-build-dependencies",
        "",
        &["check-build-dependencies"],
    ),
    flag("break-system-packages", "", &["break-system-packages"]),
    value("config-settings", "C", &["config-settings"]),
    value("global-option", "", &["global-option"]),
    flag("compile", "", &["compile"]),
    flag("no-compile", "", &["no-compile"]),
    flag("no-warn-script-location", "", &["no-warn-script-location"]),
    flag("no-warn-conflicts", "", &["no-warn-conflicts"]),
    value("no-binary", "", &["no-binary"]),
    value("only-binary", "", &["only-binary"]),
    flag("prefer-binary", "", &["prefer-binary"]),
    flag("require-hashes", "", &["require-hashes"]),
    value("progress-bar", "", &["progress-bar"]),
    value("root-user-action", "", &["root-user-action"]),
    value("report", "", &["report"]),
    flag("no-clean", "", &["no-clean"]),
    value("index-url", "i", &["index-url"]),
    value("extra-index-url", "", &["extra-index-url"]),
    flag("no-index", "", &["no-index"]),
    value("find-links", "f", &["find-links"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
    value("group", "", &["group"]),
];

const PIP_UNINSTALL: &[Opt] = &[
    value("requirement", "r", &["requirement"]),
    flag("yes", "y", &["yes"]),
    value("root-user-action", "", &["root-user-action"]),
    flag("break-system-packages", "", &["break-system-packages"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_DOWNLOAD: &[Opt] = &[
    value("constraint", "c", &["constraint"]),
    value("requirement", "r", &["requirement"]),
    flag("no-deps", "", &["no-deps"]),
    value("global-option", "", &["global-option"]),
    value("no-binary", "", &["no-binary"]),
    value("only-binary", "", &["only-binary"]),
    flag("prefer-binary", "", &["prefer-binary"]),
    value("src", "", &["src"]),
    flag("pre", "", &["pre"]),
    flag("require-hashes", "", &["require-hashes"]),
    value("progress-bar", "", &["progress-bar"]),
    flag("no-build-isolation", "", &["no-build-isolation"]),
    flag("use-pep517", "", &["use-pep517"]),
    flag("no-use-pep517", "", &["no-use-pep517"]),
    flag(
        "check-build-dependencies",
        "",
        &["check-build-dependencies"],
    ),
    flag("ignore-requires-python", "", &["ignore-requires-python"]),
    value("dest", "d", &["dest"]),
    value("platform", "", &["platform"]),
    value("python-version", "", &["python-version"]),
    value("implementation", "", &["implementation"]),
    value("abi", "", &["abi"]),
    flag("no-clean", "", &["no-clean"]),
    value("index-url", "i", &["index-url"]),
    value("extra-index-url", "", &["extra-index-url"]),
    flag("no-index", "", &["no-index"]),
    value("find-links", "f", &["find-links"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
    value("group", "", &["group"]),
];

const PIP_WHEEL: &[Opt] = &[
    value("wheel-dir", "w", &["wheel-dir"]),
    value("no-binary", "", &["no-binary"]),
    value("only-binary", "", &["only-binary"]),
    flag("prefer-binary", "", &["prefer-binary"]),
    flag("no-build-isolation", "", &["no-build-isolation"]),
    flag("use-pep517", "", &["use-pep517"]),
    flag("no-use-pep517", "", &["no-use-pep517"]),
    flag(
        "check-build-dependencies",
        "",
        &["check-build-dependencies"],
    ),
    value("constraint", "c", &["constraint"]),
    value("editable", "e", &["editable"]),
    value("requirement", "r", &["requirement"]),
    value("src", "", &["src"]),
    flag("ignore-requires-python", "", &["ignore-requires-python"]),
    flag("no-deps", "", &["no-deps"]),
    value("progress-bar", "", &["progress-bar"]),
    flag("no-verify", "", &["no-verify"]),
    value("config-settings", "C", &["config-settings"]),
    value("build-option", "", &["build-option"]),
    value("global-option", "", &["global-option"]),
    flag("pre", "", &["pre"]),
    flag("require-hashes", "", &["require-hashes"]),
    flag("no-clean", "", &["no-clean"]),
    value("index-url", "i", &["index-url"]),
    value("extra-index-url", "", &["extra-index-url"]),
    flag("no-index", "", &["no-index"]),
    value("find-links", "f", &["find-links"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
    value("group", "", &["group"]),
];

const PIP_FREEZE: &[Opt] = &[
    value("requirement", "r", &["requirement"]),
    flag("local", "l", &["local"]),
    flag("user", "", &["user"]),
    value("path", "", &["path"]),
    flag("all", "", &["all"]),
    flag("exclude-editable", "", &["exclude-editable"]),
    value("exclude", "", &["exclude"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_LIST: &[Opt] = &[
    flag("outdated", "o", &["outdated"]),
    flag("uptodate", "u", &["uptodate"]),
    flag("editable", "e", &["editable"]),
    flag("local", "l", &["local"]),
    flag("user", "", &["user"]),
    value("path", "", &["path"]),
    flag("pre", "", &["pre"]),
    value("format", "", &["format"]),
    flag("not-required", "", &["not-required"]),
    flag("exclude-editable", "", &["exclude-editable"]),
    flag("include-editable", "", &["include-editable"]),
    value("exclude", "", &["exclude"]),
    value("index-url", "i", &["index-url"]),
    value("extra-index-url", "", &["extra-index-url"]),
    flag("no-index", "", &["no-index"]),
    value("find-links", "f", &["find-links"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_SHOW: &[Opt] = &[
    flag("files", "f", &["files"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_CHECK: &[Opt] = &[
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_CONFIG: &[Opt] = &[
    value("editor", "", &["editor"]),
    flag("global", "", &["global"]),
    flag("user", "", &["user"]),
    flag("site", "", &["site"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_CACHE: &[Opt] = &[
    value("format", "", &["format"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_INSPECT: &[Opt] = &[
    flag("local", "", &["local"]),
    flag("user", "", &["user"]),
    value("path", "", &["path"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_HASH: &[Opt] = &[
    value("algorithm", "a", &["algorithm"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_INDEX: &[Opt] = &[
    value("platform", "", &["platform"]),
    value("python-version", "", &["python-version"]),
    value("implementation", "", &["implementation"]),
    value("abi", "", &["abi"]),
    flag("ignore-requires-python", "", &["ignore-requires-python"]),
    flag("pre", "", &["pre"]),
    value("no-binary", "", &["no-binary"]),
    value("only-binary", "", &["only-binary"]),
    value("index-url", "i", &["index-url"]),
    value("extra-index-url", "", &["extra-index-url"]),
    flag("no-index", "", &["no-index"]),
    value("find-links", "f", &["find-links"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_DEBUG: &[Opt] = &[
    value("platform", "", &["platform"]),
    value("python-version", "", &["python-version"]),
    value("implementation", "", &["implementation"]),
    value("abi", "", &["abi"]),
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

const PIP_GENERAL: &[Opt] = &[
    flag("help", "h", &["help"]),
    flag("debug", "", &["debug"]),
    flag("isolated", "", &["isolated"]),
    flag("require-virtualenv", "", &["require-virtualenv"]),
    value("python", "", &["python"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "V", &["version"]),
    flag("quiet", "q", &["quiet"]),
    value("log", "", &["log"]),
    flag("no-input", "", &["no-input"]),
    value("keyring-provider", "", &["keyring-provider"]),
    value("proxy", "", &["proxy"]),
    value("retries", "", &["retries"]),
    value("timeout", "", &["timeout"]),
    value("exists-action", "", &["exists-action"]),
    value("trusted-host", "", &["trusted-host"]),
    value("cert", "", &["cert"]),
    value("client-cert", "", &["client-cert"]),
    value("cache-dir", "", &["cache-dir"]),
    flag("no-cache-dir", "", &["no-cache-dir"]),
    flag(
        "disable-pip-version-check",
        "",
        &["disable-pip-version-check"],
    ),
    flag("no-color", "", &["no-color"]),
    flag(
        "no-python-version-warning",
        "",
        &["no-python-version-warning"],
    ),
    value("use-feature", "", &["use-feature"]),
    value("use-deprecated", "", &["use-deprecated"]),
];

/// pip's commands: name, grammar (its own and the general options).
const PIP_COMMANDS: &[(&str, &[Opt])] = &[
    ("install", PIP_INSTALL),
    ("uninstall", PIP_UNINSTALL),
    ("download", PIP_DOWNLOAD),
    ("wheel", PIP_WHEEL),
    ("freeze", PIP_FREEZE),
    ("list", PIP_LIST),
    ("show", PIP_SHOW),
    ("check", PIP_CHECK),
    ("config", PIP_CONFIG),
    ("cache", PIP_CACHE),
    ("inspect", PIP_INSPECT),
    ("hash", PIP_HASH),
    ("index", PIP_INDEX),
    ("debug", PIP_DEBUG),
];

pub const PIP: Program = Program {
    names: &["pip", "pip3", "pip3.11", "pip3.12"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: pip,
    examples: examples![
        (OpenWorld, "pip install -r requirements.txt"),
        (OpenWorld, "pip install -e .[d]"),
        (OpenWorld, "pip install -e . --group dev"),
        (OpenWorld, "pip install --user pre-commit"),
        (Read, "pip --version"),
        (Read, "pip freeze"),
        (Read, "pip list --outdated"),
        (Destructive, "pip install --target ../../.wicket foo"),
        (Destructive, "pip install -t../../.wicket foo"),
        (Destructive, "pip install --targ=../../.wicket foo"),
        (Destructive, "pip download -d {other} foo"),
        (Destructive, "pip install --log ../../repo.git/config foo"),
        (Opaque, "pip install -e .."),
        (Opaque, "pip install ../x"),
        (Opaque, "pip config set global.target ./x"),
        (Secret, "pip config list"),
        (Secret, "pip config debug"),
        (Secret, "pip config get global.index-url"),
        (Read, "pip config get global.timeout"),
        (
            OpenWorld,
            "pip config set global.index-url https://example.org/simple",
        ),
        (Opaque, "pip install --bogus x"),
    ],
    manual: "pip 23.2 (pip help COMMAND), with `--group` from pip 25",
};

fn pip(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let general = Grammar {
        style: Style::GNU_POSIX,
        options: PIP_GENERAL,
    };
    let g = argv::parse_until(&general, args, 1, |_, _| true);
    if let Some(problem) = &g.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence("pip")));
        return;
    }
    let Some((at, command)) = g.operands.first().cloned() else {
        r.note(Read, format!("{shown} prints information"));
        return;
    };
    let Some(command) = command.text() else {
        r.note(
            Opaque,
            format!("{shown}: pip's command is only known when it runs"),
        );
        return;
    };
    if matches!(command, "help" | "completion" | "search") {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    let Some((_, options)) = PIP_COMMANDS.iter().find(|(name, _)| *name == command) else {
        r.note(
            Opaque,
            format!("{shown}: `pip {command}` is not a command wicket's description knows"),
        );
        return;
    };
    let grammar = Grammar {
        style: Style::GNU,
        options,
    };
    // Operand indexes count from 1: the command is `args[at - 1]`.
    let p = argv::parse(&grammar, &args[at..], 1 + at);
    if let Some(problem) = &p.problem {
        r.note(
            Opaque,
            format!("{shown}: {}", problem.sentence(&format!("pip {command}"))),
        );
        return;
    }
    if p.has("help") || g.has("help") || g.has("version") {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    vars::program_variables(
        r,
        scope,
        &[
            "PIP_TARGET",
            "PIP_PREFIX",
            "PIP_ROOT",
            "PIP_CACHE_DIR",
            "PIP_SRC",
            "PIP_LOG",
            "PIP_CONFIG_FILE",
            "PYTHONUSERBASE",
            "CC",
            "CXX",
            "CFLAGS",
            "LDFLAGS",
        ],
        &shown,
    );
    for parsed in [&g, &p] {
        for given in &parsed.options {
            let Some(value) = &given.value else { continue };
            match given.opt.key {
                "log" => r.change(value, scope, Change::Write, Reach::Path, &shown),
                // An install places whatever the packages hold beneath it.
                "target" | "prefix" | "root" | "src" => {
                    r.change(value, scope, Change::Write, Reach::Tree, &shown)
                }
                "cache-dir" | "dest" | "wheel-dir" => {
                    r.change(value, scope, Change::Write, Reach::Path, &shown)
                }
                "report" if value.text() != Some("-") => {
                    r.change(value, scope, Change::Overwrite, Reach::Path, &shown)
                }
                "requirement" | "constraint" | "cert" | "client-cert" => {
                    r.reads(value, scope, &shown)
                }
                "python" => {
                    let inv = Invocation {
                        argv: vec![value.clone()],
                        stdin: Stdin::Inherited,
                        extra_operands: true,
                        stdin_text: None,
                        lookup: Lookup::Path,
                        stdin_paths: None,
                    };
                    r.note(OpenWorld, format!("{shown} runs pip under {}", value.shown));
                    r.read_invocation(&inv, &mut scope.clone());
                }
                _ => {}
            }
        }
    }
    let operands: Vec<Arg> = p.operand_args();
    match command {
        "install" | "wheel" | "download" => {
            r.note(
                OpenWorld,
                format!("{shown} fetches and builds packages, running their build code: code wicket cannot read"),
            );
            if p.has("user") {
                r.note(
                    OpenWorld,
                    format!("{shown} installs into the user's site, outside the root"),
                );
            }
            // Local projects (and `-e PATH`) are built where they are.
            let locals: Vec<Arg> = p
                .values("editable")
                .cloned()
                .chain(operands.iter().cloned())
                .collect();
            let inv =
                Invocation::of_words(std::iter::once(Arg::literal("pip")).chain(locals).collect());
            r.check_protected_operands(&inv, scope);
        }
        "uninstall" => r.note(
            OpenWorld,
            format!("{shown} removes packages from the environment"),
        ),
        "config" => {
            let verb = operands.first().and_then(Arg::text).unwrap_or("list");
            match verb {
                // Index URLs carry their credentials (`pip config list`
                // printed pip.conf's `https://user:pw@…`, verified with pip
                // 24), and `debug` prints the PIP_* variables too.
                "list" | "debug" => r.note(
                    Effect::Secret,
                    format!("{shown} prints pip's settings, index URLs with their credentials"),
                ),
                "get"
                    if operands.get(1).and_then(Arg::text).is_none_or(|k| {
                        let name = k.rsplit('.').next().unwrap_or(k);
                        matches!(
                            name,
                            "index-url" | "extra-index-url" | "find-links" | "proxy"
                        )
                    }) =>
                {
                    r.note(
                        Effect::Secret,
                        format!("{shown} prints a setting that carries credentials"),
                    )
                }
                "get" => r.note(Read, format!("{shown} prints pip's settings")),
                "set" | "unset" => {
                    r.note(OpenWorld, format!("{shown} writes pip's settings file"));
                    let key = operands.get(1).and_then(Arg::text).unwrap_or("");
                    let name = key.rsplit('.').next().unwrap_or(key);
                    if !matches!(
                        name,
                        "index-url"
                            | "extra-index-url"
                            | "trusted-host"
                            | "timeout"
                            | "retries"
                            | "disable-pip-version-check"
                            | "no-cache-dir"
                            | "progress-bar"
                            | "require-virtualenv"
                            | "break-system-packages"
                            | "no-input"
                            | "find-links"
                            | "only-binary"
                            | "prefer-binary"
                    ) {
                        r.note(Opaque, format!("{shown}: the setting `{key}` changes where later pip writes or what it runs"));
                    }
                }
                _ => r.note(Opaque, format!("{shown} edits pip's settings by hand")),
            }
        }
        "cache" => match operands.first().and_then(Arg::text) {
            Some("purge" | "remove") => r.note(
                OpenWorld,
                format!("{shown} clears pip's cache, outside the root"),
            ),
            _ => r.note(Read, format!("{shown} reads pip's cache")),
        },
        "hash" => {
            for o in &operands {
                r.reads(o, scope, &shown);
            }
            r.note(Read, format!("{shown} hashes files"));
        }
        _ => r.note(Read, format!("{shown} reads and prints")),
    }
}

// ---------------------------------------------------------------------------
// uv

/// uv's options that take a value (global, and `uv run`'s before its command).
const UV_VALUES: &[&str] = &[
    "--directory",
    "--project",
    "--cache-dir",
    "--config-file",
    "--color",
    "--allow-insecure-host",
    "--python-preference",
    "--extra",
    "--no-extra",
    "--group",
    "--no-group",
    "--only-group",
    "--with",
    "--with-editable",
    "--with-requirements",
    "--package",
    "--env-file",
    "--index",
    "--default-index",
    "--index-url",
    "-i",
    "--extra-index-url",
    "--find-links",
    "-f",
    "--upgrade-package",
    "-P",
    "--reinstall-package",
    "--no-build-isolation-package",
    "--config-setting",
    "-C",
    "--config-settings-package",
    "--no-binary-package",
    "--no-build-package",
    "--exclude-newer",
    "--exclude-newer-package",
    "--link-mode",
    "--index-strategy",
    "--keyring-provider",
    "--resolution",
    "--prerelease",
    "--fork-strategy",
    "--python",
    "-p",
    "--python-platform",
    "--refresh-package",
    "--output-file",
    "-o",
    "--out-dir",
    "--target",
    "--prefix",
    "--install-dir",
    "--format",
    "--requirements",
    "-r",
    "--constraints",
    "-c",
    "--overrides",
    "--build-constraints",
    "-b",
    "--prompt",
    "--seed",
    "--name",
    "--build-backend",
    "--vcs",
    "--author-from",
    "--bump",
    "--frozen-lockfile",
    "--username",
    "--password",
    "--token",
    "--publish-url",
    "--trusted-publishing",
    "--check-url",
    "--depth",
    "-d",
    "--prune",
    "--invert",
    "--script",
    "--marker",
];

/// uv's flags (those not in [`UV_VALUES`]).
const UV_FLAGS: &[&str] = &[
    "-q",
    "--quiet",
    "-v",
    "--verbose",
    "--native-tls",
    "--offline",
    "--no-progress",
    "--no-config",
    "--no-cache",
    "-n",
    "--preview",
    "--no-python-downloads",
    "--managed-python",
    "--no-managed-python",
    "-h",
    "--help",
    "-V",
    "--version",
    "--all-extras",
    "--no-dev",
    "--dev",
    "--only-dev",
    "--no-default-groups",
    "--all-groups",
    "-m",
    "--module",
    "-s",
    "--gui-script",
    "--isolated",
    "--active",
    "--no-active",
    "--no-sync",
    "--locked",
    "--frozen",
    "--no-project",
    "--all-packages",
    "--no-env-file",
    "--no-editable",
    "--exact",
    "--inexact",
    "--no-index",
    "-U",
    "--upgrade",
    "--reinstall",
    "--refresh",
    "--no-build-isolation",
    "--no-build",
    "--no-binary",
    "--no-sources",
    "--compile-bytecode",
    "--no-install-project",
    "--no-install-workspace",
    "--no-install-local",
    "--system",
    "--break-system-packages",
    "--user",
    "--strict",
    "--dry-run",
    "--no-deps",
    "--editable",
    "-e",
    "--all",
    "--wheel",
    "--sdist",
    "--no-workspace",
    "--lib",
    "--app",
    "--package-flag",
    "--bare",
    "--no-readme",
    "--no-pin-python",
    "--check",
    "--outdated",
    "--show-sizes",
];

pub const UV: Program = Program {
    names: &["uv", "uvx"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: uv,
    examples: examples![
        (OpenWorld, "uv run pytest"),
        (OpenWorld, "uv run --directory=./python/py-fuzzer mypy"),
        (
            OpenWorld,
            "uv run scripts/transform_readme.py --target mkdocs",
        ),
        (
            OpenWorld,
            "uv run --only-group=docs mkdocs build --strict -f mkdocs.yml",
        ),
        (
            OpenWorld,
            "uv run --locked --no-default-groups --group dev tox run -e typing",
        ),
        (OpenWorld, "uv sync --group dev"),
        (Read, "uv pip check"),
        (OpenWorld, "uv build"),
        (OpenWorld, "uv tool install tox --with tox-uv"),
        (Read, "uv --version"),
        (OpenWorld, "uv run python -c 'print(1)'"),
        (
            Destructive,
            "uv run python -c \"import shutil; shutil.rmtree('../x')\"",
        ),
        (Destructive, "uv run rm -rf ../../.wicket"),
        (Destructive, "uv --directory {other} sync"),
        (Destructive, "uv pip install --target ../../.wicket x"),
        (Destructive, "uv venv ../../.wicket/v"),
        (Opaque, "uv run --frobnicate pytest"),
    ],
    manual: "uv 0.6 (uv help; not installed here): `uv run`'s options stop at its command",
};

fn uv(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let mut inner = scope.clone();
    let mut positionals: Vec<(usize, Arg)> = Vec::new();
    let mut i = 0;
    let is_run = |pos: &[(usize, Arg)]| {
        run.name == "uvx"
            || pos.first().and_then(|(_, a)| a.text()) == Some("run")
            || (pos.first().and_then(|(_, a)| a.text()) == Some("tool")
                && pos.get(1).and_then(|(_, a)| a.text()) == Some("run"))
    };
    while i < args.len() {
        let arg = &args[i];
        let Some(word) = arg.text() else {
            r.note(
                Opaque,
                format!("{shown}: `{}` is only known when it runs", arg.shown),
            );
            return;
        };
        // `uv run [options] COMMAND …`: the command's words are its own.
        let run_started = is_run(&positionals)
            && positionals.len()
                >= usize::from(run.name != "uvx")
                    + usize::from(positionals.first().and_then(|(_, a)| a.text()) == Some("tool"));
        if run_started && (!word.starts_with('-') || word == "--") {
            let from = if word == "--" { i + 1 } else { i };
            uv_settings(r, &shown, &positionals, &mut inner);
            r.note(
                OpenWorld,
                format!("{shown} runs a command in the project's environment, syncing it first"),
            );
            return run_through(r, run, &args[from..], &mut inner);
        }
        i += 1;
        if !word.starts_with('-') {
            positionals.push((i - 1, arg.clone()));
            continue;
        }
        let (flag, value) = match word.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(Arg::literal(v))),
            _ => (word, None),
        };
        let value = if value.is_none() && UV_VALUES.contains(&flag) {
            let v = args.get(i).cloned();
            i += 1;
            match v {
                Some(v) => Some(v),
                None => {
                    r.note(Opaque, format!("{shown}: {flag} needs a value"));
                    return;
                }
            }
        } else {
            value
        };
        if value.is_none() && !UV_FLAGS.contains(&flag) {
            r.note(
                Opaque,
                format!("{shown}: uv's option `{flag}` is not one wicket's description knows"),
            );
            return;
        }
        if matches!(flag, "--version" | "-V" | "--help" | "-h") && positionals.is_empty() {
            r.note(Read, format!("{shown} prints information"));
            return;
        }
        if let Some(value) = value {
            match flag {
                "--directory" | "--project" => works_in(r, &shown, &value, &mut inner),
                "--target" | "--prefix" => {
                    r.change(&value, &inner, Change::Write, Reach::Tree, &shown)
                }
                "--cache-dir" | "--install-dir" | "--out-dir" => {
                    r.change(&value, &inner, Change::Write, Reach::Path, &shown)
                }
                "--output-file" | "-o" => {
                    r.change(&value, &inner, Change::Overwrite, Reach::Path, &shown)
                }
                "--config-file" => r.note(
                    Opaque,
                    format!("{shown} takes settings from a file wicket cannot see"),
                ),
                "--env-file" => r.note(
                    Opaque,
                    format!("{shown} takes variables from a file wicket cannot see"),
                ),
                "--python" | "-p" if value.text().is_some_and(|t| t.contains('/')) => {
                    let inv = Invocation {
                        argv: vec![value.clone()],
                        stdin: Stdin::Inherited,
                        extra_operands: true,
                        stdin_text: None,
                        lookup: Lookup::Path,
                        stdin_paths: None,
                    };
                    r.read_invocation(&inv, &mut inner.clone());
                }
                _ => {}
            }
        }
    }
    uv_settings(r, &shown, &positionals, &mut inner);
    let words: Vec<&str> = positionals.iter().filter_map(|(_, a)| a.text()).collect();
    match words.as_slice() {
        [] => r.note(Read, format!("{shown} prints its help")),
        ["run", ..] | ["tool", "run", ..] => {
            r.note(Opaque, format!("{shown} runs nothing wicket can name"))
        }
        ["pip", "check" | "freeze" | "list" | "show" | "tree", ..]
        | ["tree", ..]
        | ["help", ..]
        | ["version"]
        | ["python", "list" | "find" | "dir", ..]
        | ["cache", "dir"]
        | ["tool", "list" | "dir", ..]
        | ["self", "version"]
        | ["generate-shell-completion", ..] => r.note(Read, format!("{shown} reads and prints")),
        ["venv", rest @ ..] => {
            let dir = rest.first().copied().unwrap_or(".venv");
            r.change(
                &Arg::literal(dir),
                &inner,
                Change::Write,
                Reach::Path,
                &shown,
            );
        }
        ["init", rest @ ..] => {
            let dir = rest.first().copied().unwrap_or(".");
            r.change(
                &Arg::literal(dir),
                &inner,
                Change::Write,
                Reach::Path,
                &shown,
            );
        }
        _ => {
            r.note(
                OpenWorld,
                format!("{shown} resolves, fetches and builds packages: code wicket cannot read"),
            );
            protected_words(r, run.inv, &inner);
        }
    }
}

/// What scope variables uv reads.
fn uv_settings(r: &mut Reader, shown: &str, _positionals: &[(usize, Arg)], scope: &mut Scope) {
    vars::program_variables(
        r,
        scope,
        &[
            "UV_CACHE_DIR",
            "UV_PROJECT_ENVIRONMENT",
            "UV_TOOL_DIR",
            "UV_TOOL_BIN_DIR",
            "UV_PYTHON_INSTALL_DIR",
            "UV_CONFIG_FILE",
        ],
        shown,
    );
}

// ---------------------------------------------------------------------------
// poetry, pipx, pipenv

pub const POETRY: Program = Program {
    names: &["poetry"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: poetry,
    examples: examples![
        (OpenWorld, "poetry install"),
        (OpenWorld, "poetry run pytest -x"),
        (Read, "poetry --version"),
        (Read, "poetry show --tree"),
        (Destructive, "poetry run rm -rf ../../.wicket"),
        (Destructive, "poetry -C {other} install"),
        (Destructive, "poetry export -o ../../repo.git/r.txt"),
        (Opaque, "poetry config virtualenvs.path ../x"),
        (Secret, "poetry config http-basic.private"),
        (Secret, "poetry config pypi-token.pypi"),
        (Read, "poetry config --list"),
        (Opaque, "poetry shell"),
    ],
    manual: "poetry 1.8 / 2.0 (poetry help; not installed here)",
};

fn poetry(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let mut inner = scope.clone();
    let mut i = 0;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            r.note(
                Opaque,
                format!("{shown}: `{}` is only known when it runs", args[i].shown),
            );
            return;
        };
        match word {
            "-C" | "--directory" | "-P" | "--project" => {
                if let Some(d) = args.get(i + 1) {
                    works_in(r, &shown, d, &mut inner);
                }
                i += 2;
            }
            "-V" | "--version" | "-h" | "--help" if args.len() == 1 => {
                r.note(Read, format!("{shown} prints information"));
                return;
            }
            w if w.starts_with("--directory=") || w.starts_with("--project=") => {
                works_in(
                    r,
                    &shown,
                    &Arg::literal(w.split_once('=').map_or("", |(_, v)| v)),
                    &mut inner,
                );
                i += 1;
            }
            w if w.starts_with('-') => i += 1,
            _ => break,
        }
    }
    let rest = &args[i..];
    let command = rest.first().and_then(Arg::text).unwrap_or("");
    match command {
        "run" => {
            let start = 1 + rest[1..]
                .iter()
                .take_while(|a| a.text().is_some_and(|t| t.starts_with('-') && t != "--"))
                .count();
            let start = if rest.get(start).and_then(Arg::text) == Some("--") {
                start + 1
            } else {
                start
            };
            r.note(
                OpenWorld,
                format!("{shown} runs a command in the project's environment"),
            );
            run_through(r, run, &rest[start..], &mut inner);
        }
        "shell" => r.note(
            Opaque,
            format!("{shown} starts a shell, which takes commands"),
        ),
        "show" | "check" | "search" | "about" | "help" | "list" | "debug" => {
            r.note(Read, format!("{shown} reads and prints"))
        }
        "config" => {
            if rest[1..].iter().any(|a| a.text().is_none()) {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: a setting's word only known when it runs could name a credential"
                    ),
                );
                return;
            }
            let keys: Vec<&str> = rest[1..]
                .iter()
                .filter_map(Arg::text)
                .filter(|t| !t.starts_with('-'))
                .collect();
            if keys.len() == 1
                && ["http-basic.", "pypi-token.", "certificates."]
                    .iter()
                    .any(|k| keys[0].starts_with(k))
            {
                r.note(
                    Effect::Secret,
                    format!("{shown} reads back a repository credential"),
                );
            } else if keys.len() <= 1 || rest.iter().any(|a| a.text() == Some("--list")) {
                r.note(Read, format!("{shown} prints settings"));
            } else if matches!(
                keys[0],
                "virtualenvs.in-project"
                    | "virtualenvs.create"
                    | "installer.parallel"
                    | "virtualenvs.prefer-active-python"
                    | "installer.max-workers"
                    | "keyring.enabled"
            ) {
                r.note(OpenWorld, format!("{shown} writes poetry's settings"));
            } else {
                r.note(Opaque, format!("{shown}: the setting `{}` changes where later poetry writes or what it runs", keys[0]));
            }
        }
        "new" => {
            if let Some(path) = rest[1..].iter().find(|a| !a.is_flag()) {
                r.change(path, &inner, Change::Write, Reach::Path, &shown);
            }
        }
        _ => {
            for (k, a) in rest.iter().enumerate() {
                let out = match a.text() {
                    Some("-o" | "--output") => rest.get(k + 1).cloned(),
                    Some(t) => t.strip_prefix("--output=").map(Arg::literal),
                    None => None,
                };
                if let Some(out) = out {
                    r.change(&out, &inner, Change::Overwrite, Reach::Tree, &shown);
                }
            }
            r.note(
                OpenWorld,
                format!("{shown} resolves, fetches and builds packages: code wicket cannot read"),
            );
            protected_words(r, run.inv, &inner);
        }
    }
}

pub const PIPX: Program = Program {
    names: &["pipx"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: pipx,
    examples: examples![
        (OpenWorld, "pipx install black"),
        (OpenWorld, "pipx run cowsay hi"),
        (Read, "pipx list"),
        (Opaque, "pipx run x ../x"),
    ],
    manual: "pipx 1.4 (pipx --help; not installed here)",
};

fn pipx(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    match run.inv.argv.get(1).and_then(Arg::text) {
        Some("list" | "environment" | "--version" | "--help" | "-h" | "completions") => {
            r.note(Read, format!("{shown} reads and prints"))
        }
        _ => {
            r.note(
                OpenWorld,
                format!("{shown} installs or runs a package's program, fetching it"),
            );
            protected_words(r, run.inv, scope);
            // `pipx run PKG ARGS`: the program runs with the words after it.
            r.hands_chosen_words(run.inv, "the package's program");
        }
    }
}

pub const PIPENV: Program = Program {
    names: &["pipenv"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: pipenv,
    examples: examples![
        (OpenWorld, "pipenv sync"),
        (
            OpenWorld,
            "pipenv run python3 validate_manual_schema.py content/manual/**/*.yml",
        ),
        (Read, "pipenv --venv"),
        (Opaque, "pipenv shell"),
        (Destructive, "pipenv run rm -rf ../../.wicket"),
    ],
    manual: "pipenv 2023 (pipenv --help; not installed here)",
};

fn pipenv(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let start = args
        .iter()
        .position(|a| !a.text().is_some_and(|t| t.starts_with('-')))
        .unwrap_or(args.len());
    let command = args.get(start).and_then(Arg::text).unwrap_or("");
    match command {
        "run" => {
            r.note(
                OpenWorld,
                format!("{shown} runs a command in the project's environment"),
            );
            let mut inner = scope.clone();
            run_through(r, run, &args[start + 1..], &mut inner);
        }
        "shell" => r.note(
            Opaque,
            format!("{shown} starts a shell, which takes commands"),
        ),
        "graph" | "scripts" | "verify" | "requirements" | "check" => {
            r.note(Read, format!("{shown} reads and prints"))
        }
        "" => {
            if args.iter().any(|a| a.text() == Some("--rm")) {
                r.note(
                    OpenWorld,
                    format!("{shown} removes the project's environment"),
                );
            } else {
                r.note(Read, format!("{shown} prints information"));
            }
        }
        _ => {
            r.note(
                OpenWorld,
                format!("{shown} resolves, fetches and installs packages: code wicket cannot read"),
            );
            protected_words(r, run.inv, scope);
        }
    }
}

// ---------------------------------------------------------------------------
// bundle, gem

pub const BUNDLE: Program = Program {
    names: &["bundle", "bundler"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: bundle,
    examples: examples![
        (OpenWorld, "bundle install"),
        (OpenWorld, "bundle exec rake test"),
        (
            OpenWorld,
            "bundle exec railties/exe/rails new myapp_sqlite --database=sqlite3 --dev",
        ),
        (OpenWorld, "BUNDLE_ONLY=default:doc bundle install"),
        (Read, "bundle --version"),
        (Destructive, "bundle exec rm -rf ../../.wicket"),
        (Opaque, "bundle config set path ../x"),
        (Opaque, "bundle console"),
    ],
    manual: "bundler 2.5 (bundle help; not installed here)",
};

fn bundle(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let start = args
        .iter()
        .position(|a| !a.text().is_some_and(|t| t.starts_with('-')))
        .unwrap_or(args.len());
    if args.len() == 1 && matches!(args[0].text(), Some("--version" | "-v" | "--help" | "-h")) {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    let command = args.get(start).and_then(Arg::text).unwrap_or("install");
    vars::program_variables(
        r,
        scope,
        &["BUNDLE_GEMFILE", "BUNDLE_PATH", "GEM_HOME"],
        &shown,
    );
    match command {
        "exec" => {
            let mut inner = scope.clone();
            let from = start
                + 1
                + usize::from(
                    args.get(start + 1).and_then(Arg::text) == Some("--keep-file-descriptors"),
                );
            run_through(r, run, &args[from..], &mut inner);
        }
        "console" | "open" => r.note(
            Opaque,
            format!("{shown} starts an interactive console or editor"),
        ),
        "config" => {
            let words: Vec<&str> = args[start + 1..]
                .iter()
                .filter_map(Arg::text)
                .filter(|t| !t.starts_with('-'))
                .collect();
            match words.as_slice() {
                [] | ["list"] | ["get", ..] => r.note(Read, format!("{shown} prints settings")),
                ["set", key, ..] | [key, _, ..]
                    if matches!(
                        *key,
                        "jobs"
                            | "retry"
                            | "without"
                            | "with"
                            | "deployment"
                            | "frozen"
                            | "only"
                            | "silence_root_warning"
                            | "force_ruby_platform"
                    ) =>
                {
                    r.note(TargetWrite, format!("{shown} writes bundler's settings"))
                }
                _ => r.note(
                    Opaque,
                    format!(
                        "{shown}: the setting changes where later bundler writes or what it runs"
                    ),
                ),
            }
        }
        "list" | "show" | "info" | "outdated" | "check" | "platform" | "doctor" | "version"
        | "help" | "licenses" => r.note(Read, format!("{shown} reads and prints")),
        _ => {
            r.note(
                OpenWorld,
                format!("{shown} resolves, fetches and installs gems: code wicket cannot read"),
            );
            protected_words(r, run.inv, scope);
        }
    }
}

pub const GEM: Program = Program {
    names: &["gem"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: gem,
    examples: examples![
        (
            OpenWorld,
            "gem install rubocop-performance rubocop-rake --no-document",
        ),
        (OpenWorld, "gem install ./rubocop-1.0.gem --no-document"),
        (TargetWrite, "gem build"),
        (TargetWrite, "gem build x.gemspec -o pkg/x.gem"),
        (Destructive, "gem build x.gemspec -o ../../.wicket/x.gem"),
        (Destructive, "gem build x.gemspec --output=../x/x.gem"),
        (Destructive, "gem build -C ../x x.gemspec"),
        (Read, "gem list"),
        (Destructive, "gem install x -i ../../.wicket/g"),
        (Destructive, "gem unpack x --target ../../repo.git"),
        (Secret, "gem signin"),
    ],
    manual: "rubygems 3.5 (gem help; not installed here)",
};

fn gem(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    vars::program_variables(r, scope, &["GEM_HOME", "CC", "CXX", "CFLAGS"], &shown);
    let args = &run.inv.argv[1..];
    let command = args.first().and_then(Arg::text).unwrap_or("");
    for (k, a) in args.iter().enumerate() {
        let t = a.text().unwrap_or("");
        let dir = match t {
            "-i" | "--install-dir" | "-n" | "--bindir" | "--target" | "--build-root" => {
                args.get(k + 1).cloned()
            }
            _ => t
                .strip_prefix("--install-dir=")
                .or_else(|| t.strip_prefix("--bindir="))
                .or_else(|| t.strip_prefix("--target="))
                .map(Arg::literal),
        };
        if let Some(dir) = dir {
            r.change(&dir, scope, Change::Write, Reach::Tree, &shown);
        }
    }
    match command {
        "list" | "search" | "query" | "specification" | "contents" | "dependency"
        | "environment" | "help" | "which" | "info" | "outdated" | "check" | "--version" | "-v"
        | "sources" => r.note(Read, format!("{shown} reads and prints")),
        "build" => {
            r.note(
                TargetWrite,
                format!("{shown} builds a gem in the current directory"),
            );
            // `-o FILE`/`--output FILE` names the gem it writes, and `-C
            // DIR` builds as if started in DIR (rubygems 3.5's `gem build
            // --help`): a word wicket does not place is checked as a path.
            let mut outs = Vec::new();
            for (k, a) in args.iter().enumerate() {
                let t = a.text().unwrap_or("");
                let value = match t {
                    "-o" | "--output" | "-C" => args.get(k + 1).cloned(),
                    _ => t
                        .strip_prefix("--output=")
                        .or_else(|| t.strip_prefix("-o").filter(|v| !v.is_empty()))
                        .or_else(|| t.strip_prefix("-C").filter(|v| !v.is_empty()))
                        .map(Arg::literal),
                };
                outs.extend(value);
            }
            if outs.is_empty() {
                outs.push(Arg::literal("."));
            }
            for out in &outs {
                r.change(out, scope, Change::Write, Reach::Path, &shown);
            }
            protected_words(r, run.inv, scope);
        }
        "signin" | "signout" => r.note(
            Effect::Secret,
            format!("{shown} handles rubygems credentials"),
        ),
        "open" => r.note(Opaque, format!("{shown} opens an editor")),
        _ => {
            r.note(
                OpenWorld,
                format!("{shown} fetches or changes installed gems: code wicket cannot read"),
            );
            protected_words(r, run.inv, scope);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::interp::{listed_long_options, missing_options};

    #[test]
    fn every_spelling_of_every_pip_option_reads_as_that_option() {
        for (name, options) in PIP_COMMANDS {
            let grammar = Grammar {
                style: Style::GNU,
                options,
            };
            crate::programs::interp::check_spellings(name, &grammar);
        }
    }

    #[test]
    fn pip_knows_each_command_s_help_page() {
        // The commands that write (pip starts slowly; the rest only read).
        for (command, options) in PIP_COMMANDS.iter().filter(|(c, _)| {
            matches!(
                *c,
                "install" | "uninstall" | "download" | "wheel" | "config" | "cache"
            )
        }) {
            let Some(listed) = listed_long_options("pip", &[command, "--help"]) else {
                return;
            };
            let grammar = Grammar {
                style: Style::GNU,
                options,
            };
            assert_eq!(
                // Prose mentions: a requirements-file option, words cut at a line's end.
                missing_options(&grammar, &listed, &["hash", "ignore", "find", "no-index"]),
                Vec::<String>::new(),
                "pip {command}"
            );
        }
    }
}
