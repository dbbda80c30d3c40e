//! Programs whose job is printing credentials, or whose commands can: the
//! environment's printers (`printenv`, `ps e`), key tools (`gpg`,
//! `ssh-keygen`, `ssh-add`, `keyctl`), keychains and password stores
//! (`security`, `secret-tool`, `pass`, `op`, `bw`, `vault`), credential
//! helpers (`docker-credential-*`, `git-credential-*`), the cloud and forge
//! CLIs' token printers (`aws configure get`, `gcloud auth
//! print-access-token`, `az account get-access-token`, `kubectl config view
//! --raw`, `heroku auth:token`), brazen's `bz`, and `gcore`.
//!
//! Each is read for what the command prints or uses: a token, a key, a
//! decrypted secret is `secret`; listing names and public halves is read;
//! the rest of a cloud CLI talks to its service (open-world). A subcommand
//! the description does not know is opaque — an alias, an extension or a
//! newer command could print anything.
//!
//! Most of these programs are not installed on the machine this was written
//! on: their descriptions follow their published documentation, and each
//! `manual` says which. Where a grammar is complete (`printenv`,
//! `ssh-keygen`, `ssh-add`) it is checked against the program here.

use wicket_guest::Effect::{self, *};

use crate::argv::{flag, value, Grammar, Style};
use crate::read::{Arg, Change, Invocation, Reach, Reader, Scope};

use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &PRINTENV,
    &GPG,
    &SSH_KEYGEN,
    &SSH_ADD,
    &KEYCTL,
    &SECURITY,
    &SECRET_TOOL,
    &BZ,
    &AWS,
    &GCLOUD,
    &AZ,
    &KUBECTL,
    &DOCKER_CREDENTIAL,
    &GIT_CREDENTIAL,
    &OP,
    &PASS,
    &VAULT,
    &BW,
    &HEROKU,
    &GCORE,
    &GPG_AGENT,
    &REVEALERS,
];

// ---------------------------------------------------------------- helpers

fn say(r: &mut Reader, run: &Run, effect: Effect, why: &str) {
    let shown = run.shown();
    if effect == Secret {
        r.guard(effect, format!("{shown} {why}"));
    } else {
        r.note(effect, format!("{shown} {why}"));
    }
}

/// A CLI with subcommands read as words: the command words (what is not an
/// option), `None` for a word only known when it runs. `takes_value` says
/// which options (`--profile`, `-n`) consume the next word.
fn command_words(inv: &Invocation, takes_value: &dyn Fn(&str) -> bool) -> Vec<Option<String>> {
    let mut out = Vec::new();
    let mut skip = false;
    let mut only_words = false;
    for arg in inv.argv.iter().skip(1) {
        if skip {
            skip = false;
            continue;
        }
        let Some(word) = arg.text() else {
            out.push(None);
            continue;
        };
        if only_words {
            out.push(Some(word.to_owned()));
            continue;
        }
        if word == "--" {
            only_words = true;
            continue;
        }
        if word.starts_with('-') && word.len() > 1 {
            if !word.contains('=') && takes_value(word) {
                skip = true;
            }
            continue;
        }
        out.push(Some(word.to_owned()));
    }
    out
}

/// The first `n` command words, when each is known.
fn head(words: &[Option<String>], n: usize) -> Option<Vec<&str>> {
    words.iter().take(n).map(|w| w.as_deref()).collect()
}

/// Whether any word is one of `options` (exactly, or `--opt=value`).
fn has(inv: &Invocation, options: &[&str]) -> bool {
    inv.argv.iter().skip(1).any(|a| {
        a.text().is_some_and(|w| {
            options
                .iter()
                .any(|o| w == *o || w.strip_prefix(o).is_some_and(|rest| rest.starts_with('=')))
        })
    })
}

/// Whether a word only known at run time stands among the arguments.
fn has_unknown(inv: &Invocation) -> Option<String> {
    inv.argv
        .iter()
        .skip(1)
        .find(|a| a.text().is_none())
        .map(|a| a.shown.clone())
}

fn unknown_word(r: &mut Reader, run: &Run, word: &str) {
    r.note(
        Opaque,
        format!(
            "{}: `{word}` is only known when it runs, and decides what {} does",
            run.shown(),
            run.name
        ),
    );
}

/// `--version` / `--help` alone (as the only words).
fn only_help(inv: &Invocation, words: &[&str]) -> bool {
    inv.argv.len() > 1
        && inv
            .argv
            .iter()
            .skip(1)
            .all(|a| a.text().is_some_and(|w| words.contains(&w)))
}

// ---------------------------------------------------------------- printenv

pub const PRINTENV: Program = Program {
    names: &["printenv"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU,
        options: &[
            flag("null", "0", &["null"]),
            flag("help", "", &["help"]),
            flag("version", "", &["version"]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: printenv,
    examples: examples![
        (Secret, "printenv"),
        (Secret, "printenv -0"),
        (Secret, "printenv BRAZEN_API_KEY"),
        (Secret, "printenv PATH GITHUB_TOKEN"),
        (Secret, "printenv --nul"),
        (Read, "printenv PATH"),
        (Read, "printenv HOME USER"),
        (Read, "printenv --version"),
        (Opaque, "printenv $NAME"),
        (Opaque, "printenv --bogus"),
    ],
    manual: "printenv (GNU coreutils) 9.1: printenv --help",
};

/// With no names, the whole environment; with names, each one's value — a
/// credential's is secret, a name only known at run time could be one.
fn printenv(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    r.names_only(run.inv);
    let p = &run.parsed;
    if p.has("help") || p.has("version") {
        say(r, run, Read, "prints its help or version");
        return;
    }
    let names = p.operand_args();
    if names.is_empty() {
        r.dumps_environment(&run.shown(), "prints every variable of the environment");
        return;
    }
    for name in &names {
        match name.text() {
            Some(text) if crate::secrets::is_credential_variable(text) => {
                say(r, run, Secret, &format!("prints {text}, a credential"));
                return;
            }
            Some(_) => {}
            None => {
                r.note(
                    Opaque,
                    format!(
                        "{} prints a variable named only when it runs (`{}`), which could be a credential",
                        run.shown(),
                        name.shown
                    ),
                );
                return;
            }
        }
    }
    say(
        r,
        run,
        Read,
        "prints the variables it names, none a credential",
    );
}

// ---------------------------------------------------------------- gpg

pub const GPG: Program = Program {
    names: &["gpg", "gpg2", "gpgsm"],
    // gpg has hundreds of options and accepts any unique prefix of one, so
    // its words are read against the commands that matter here.
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: gpg,
    examples: examples![
        (Read, "gpg --version"),
        (Read, "gpg --list-keys"),
        (Read, "gpg -k --with-colons"),
        (Read, "gpg --list-secret-keys --keyid-format=long"),
        (Read, "gpg --fingerprint"),
        (Read, "gpg --verify sig.asc README.md"),
        (Read, "gpg --armor --export ABCDEF"),
        (Secret, "gpg --export-secret-keys"),
        (Secret, "gpg --armor --export-secret-keys ABCDEF"),
        (Secret, "gpg --export-secret-k ABCDEF"),
        (Secret, "gpg --export-secret-subkeys"),
        (Secret, "gpg -d secret.gpg"),
        (Secret, "gpg --decrypt secret.gpg"),
        (Secret, "gpg --decr secret.gpg"),
        (Secret, "gpg -ao x.asc --export-secret-keys"),
        (Secret, "gpg --clearsign README.md"),
        (Secret, "gpg -s README.md"),
        (Secret, "gpg --detach-sign -o x.sig README.md"),
        (Secret, "gpg secret.gpg"),
        (Secret, "gpg --gen-revoke ABCDEF"),
        (OpenWorld, "gpg --import key.asc"),
        (OpenWorld, "gpg --recv-keys ABCDEF"),
        (Destructive, "gpg --delete-secret-keys ABCDEF"),
        (TargetWrite, "gpg --dearmor -o key.gpg key.asc"),
        (Opaque, "gpg $OP x"),
    ],
    manual: "GnuPG 2.2.40 on this machine: gpg --dump-options, gpg(1); commands chosen by their effect on secret keys",
};

/// gpg's commands that print, use or decrypt with secret key material.
const GPG_SECRET: &[&str] = &[
    "export-secret-keys",
    "export-secret-subkeys",
    "decrypt",
    "decrypt-files",
    "sign",
    "clear-sign",
    "clearsign",
    "detach-sign",
    "sign-key",
    "lsign-key",
    "quick-sign-key",
    "quick-lsign-key",
    "gen-revoke",
    "generate-revocation",
    "desig-revoke",
    "generate-designated-revocation",
    "edit-key",
    "edit-card",
    "card-edit",
    "passwd",
    "change-passphrase",
    "show-session-key",
    "override-session-key",
    "export-secret-ssh-key",
    "export-secret-key-p12",
    "export-secret-key-p8",
    "export-secret-key-raw",
];

/// Commands that only print public material or facts about keys.
const GPG_READ: &[&str] = &[
    "version",
    "help",
    "warranty",
    "dump-options",
    "list-keys",
    "list-public-keys",
    "list-secret-keys",
    "list-sigs",
    "list-signatures",
    "check-sigs",
    "check-signatures",
    "fingerprint",
    "verify",
    "verify-files",
    "list-packets",
    "print-md",
    "print-mds",
    "gen-random",
    "gen-prime",
    "enarmor",
    "dearmor",
    "show-keys",
    "list-config",
    "list-gcrypt-config",
    "export",
    "export-ssh-key",
    "export-ownertrust",
    "locate-keys",
    "card-status",
    "encrypt",
    "symmetric",
    "store",
    "with-colons",
];

/// Commands that change the keyring (past the root) or the network.
const GPG_KEYRING: &[&str] = &[
    "import",
    "recv-keys",
    "receive-keys",
    "refresh-keys",
    "fetch-keys",
    "send-keys",
    "search-keys",
    "locate-external-keys",
    "gen-key",
    "generate-key",
    "full-gen-key",
    "full-generate-key",
    "quick-gen-key",
    "quick-generate-key",
    "quick-add-key",
    "quick-add-uid",
    "quick-revoke-uid",
    "quick-revoke-sig",
    "quick-set-expire",
    "quick-set-primary-uid",
    "import-ownertrust",
    "update-trustdb",
    "check-trustdb",
    "rebuild-keydb-caches",
    "tofu-policy",
    "change-pin",
];

const GPG_DELETE: &[&str] = &[
    "delete-keys",
    "delete-key",
    "delete-secret-keys",
    "delete-secret-key",
    "delete-secret-and-public-keys",
    "delete-secret-and-public-key",
];

/// Options whose value is the next word.
const GPG_VALUE: &[&str] = &[
    "output",
    "recipient",
    "hidden-recipient",
    "local-user",
    "recipient-file",
    "hidden-recipient-file",
    "compress-level",
    "set-notation",
    "homedir",
    "keyserver",
    "keyserver-options",
    "default-key",
    "default-recipient",
    "encrypt-to",
    "hidden-encrypt-to",
    "group",
    "trust-model",
    "passphrase",
    "passphrase-file",
    "passphrase-fd",
    "passphrase-repeat",
    "pinentry-mode",
    "command-fd",
    "command-file",
    "status-fd",
    "status-file",
    "logger-fd",
    "logger-file",
    "attribute-fd",
    "attribute-file",
    "keyid-format",
    "digest-algo",
    "cipher-algo",
    "compress-algo",
    "cert-digest-algo",
    "s2k-digest-algo",
    "s2k-cipher-algo",
    "s2k-mode",
    "s2k-count",
    "personal-cipher-preferences",
    "personal-digest-preferences",
    "personal-compress-preferences",
    "default-preference-list",
    "export-options",
    "import-options",
    "list-options",
    "verify-options",
    "auto-key-locate",
    "keyring",
    "secret-keyring",
    "primary-keyring",
    "trustdb-name",
    "options",
    "charset",
    "display-charset",
    "set-filename",
    "sig-notation",
    "cert-notation",
    "sig-policy-url",
    "cert-policy-url",
    "set-policy-url",
    "sig-keyserver-url",
    "comment",
    "max-output",
    "default-cert-level",
    "min-cert-level",
    "completes-needed",
    "marginals-needed",
    "max-cert-depth",
    "agent-program",
    "dirmngr-program",
    "debug",
    "debug-level",
    "faked-system-time",
    "weak-digest",
    "sender",
    "known-notation",
    "request-origin",
    "default-new-key-algo",
    "compliance",
    "input-size-hint",
    "chunk-size",
    "assert-signer",
    "trusted-key",
    "tofu-default-policy",
    "default-sig-expire",
    "default-cert-expire",
    "ask-sig-expire",
    "def-cipher-algo",
    "def-digest-algo",
    "def-compress-algo",
    "photo-viewer",
    "exec-path",
];

/// gpg's short options: the command letters, and the letters taking a value.
fn gpg_short(c: char) -> Option<(&'static str, bool)> {
    Some(match c {
        'd' => ("decrypt", false),
        's' => ("sign", false),
        'b' => ("detach-sign", false),
        'e' => ("encrypt", false),
        'c' => ("symmetric", false),
        'k' => ("list-keys", false),
        'K' => ("list-secret-keys", false),
        'h' => ("help", false),
        'o' => ("output", true),
        'r' => ("recipient", true),
        'R' => ("hidden-recipient", true),
        'u' => ("local-user", true),
        'f' => ("recipient-file", true),
        'F' => ("hidden-recipient-file", true),
        'z' => ("compress-level", true),
        'N' => ("set-notation", true),
        'a' | 'v' | 'q' | 'n' | 't' | 'i' => ("flag", false),
        _ => return None,
    })
}

/// A long option as gpg's parser reads it: the exact name, else the one
/// option it is a prefix of among those that decide something here. A
/// prefix of a secret command counts as that command (gpg would refuse an
/// ambiguous one — harmless either way).
fn gpg_long(name: &str) -> String {
    let all = [GPG_SECRET, GPG_READ, GPG_KEYRING, GPG_DELETE, GPG_VALUE];
    if all.iter().any(|list| list.contains(&name)) {
        return name.to_owned();
    }
    for list in [GPG_SECRET, GPG_DELETE] {
        if let Some(full) = list.iter().find(|o| name.len() >= 3 && o.starts_with(name)) {
            return (*full).to_owned();
        }
    }
    for list in [GPG_KEYRING, GPG_VALUE, GPG_READ] {
        let found: Vec<&&str> = list
            .iter()
            .filter(|o| name.len() >= 3 && o.starts_with(name))
            .collect();
        if found.len() == 1 {
            return (*found[0]).to_owned();
        }
    }
    name.to_owned()
}

fn gpg(r: &mut Reader, run: &Run, scope: &mut Scope) {
    r.names_only(run.inv);
    let mut commands: Vec<String> = Vec::new();
    let mut outputs: Vec<Arg> = Vec::new();
    let mut homedir: Option<Arg> = None;
    let mut operands: Vec<Arg> = Vec::new();
    let mut options_file = false;
    let argv = &run.inv.argv;
    let mut i = 1;
    let mut only_operands = false;
    while i < argv.len() {
        let arg = &argv[i];
        i += 1;
        let Some(word) = arg.text() else {
            unknown_word(r, run, &arg.shown);
            return;
        };
        if only_operands || word == "-" || !word.starts_with('-') {
            operands.push(arg.clone());
            continue;
        }
        if word == "--" {
            only_operands = true;
            continue;
        }
        if let Some(body) = word.strip_prefix("--") {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (body, None),
            };
            let name = gpg_long(name);
            let value = if GPG_VALUE.contains(&name.as_str()) {
                match inline {
                    Some(v) => Some(Arg::literal(v)),
                    None => {
                        i += 1;
                        argv.get(i - 1).cloned()
                    }
                }
            } else {
                None
            };
            match (name.as_str(), value) {
                ("options", _) => options_file = true,
                ("output", Some(v)) => outputs.push(v),
                ("homedir", Some(v)) => homedir = Some(v),
                ("passphrase-file" | "command-file" | "recipient-file", Some(v)) => {
                    r.reads(&v, scope, &run.shown())
                }
                (_, Some(v)) => r.check_secret_word(&v),
                _ => commands.push(name),
            }
            continue;
        }
        // A bundle of short options; a value letter takes the rest or the
        // next word.
        let letters: Vec<char> = word[1..].chars().collect();
        for (k, c) in letters.iter().enumerate() {
            let Some((name, takes)) = gpg_short(*c) else {
                commands.push(format!("-{c}"));
                continue;
            };
            if takes {
                let rest: String = letters[k + 1..].iter().collect();
                let v = if rest.is_empty() {
                    i += 1;
                    argv.get(i - 1).cloned()
                } else {
                    Some(Arg::literal(&rest))
                };
                if let (Some(v), "output") = (v, name) {
                    outputs.push(v);
                }
                break;
            }
            if name != "flag" {
                commands.push(name.to_owned());
            }
        }
    }
    let shown = run.shown();
    if let Some(secret) = commands.iter().find(|c| GPG_SECRET.contains(&c.as_str())) {
        say(
            r,
            run,
            Secret,
            &format!("(--{secret}) prints, uses or decrypts with secret key material"),
        );
        return;
    }
    if options_file {
        r.note(
            Opaque,
            format!(
                "{shown}: gpg reads options, commands among them, from a file wicket cannot see"
            ),
        );
        return;
    }
    if let Some(gone) = commands.iter().find(|c| GPG_DELETE.contains(&c.as_str())) {
        say(
            r,
            run,
            Destructive,
            &format!("(--{gone}) deletes keys from the operator's keyring"),
        );
        return;
    }
    if let Some(unknown) = commands.iter().find(|c| {
        c.starts_with('-')
            || ![GPG_READ, GPG_KEYRING]
                .iter()
                .any(|l| l.contains(&c.as_str()))
    }) {
        // An option this description does not know: a flag, most likely,
        // but it could be a command.
        let flaglike = !unknown.starts_with('-');
        if !flaglike {
            r.note(
                Opaque,
                format!(
                    "{shown}: gpg's `{unknown}` is not an option wicket's description of gpg knows"
                ),
            );
            return;
        }
    }
    let acts: Vec<&String> = commands
        .iter()
        .filter(|c| GPG_READ.contains(&c.as_str()) || GPG_KEYRING.contains(&c.as_str()))
        .collect();
    if acts.is_empty() {
        // No command: gpg guesses from the input, and decrypts what is
        // encrypted.
        say(
            r,
            run,
            Secret,
            "gives gpg no command: it guesses from its input, and decrypts what is encrypted",
        );
        return;
    }
    if let Some(keyring) = acts.iter().find(|c| GPG_KEYRING.contains(&c.as_str())) {
        match &homedir {
            Some(dir) => r.change(dir, scope, Change::Write, Reach::Path, &shown),
            None => say(
                r,
                run,
                OpenWorld,
                &format!("(--{keyring}) changes the operator's keyring or talks to a keyserver"),
            ),
        }
    }
    for operand in &operands {
        r.reads(operand, scope, &shown);
    }
    for output in &outputs {
        r.change(output, scope, Change::Overwrite, Reach::Path, &shown);
    }
    let writes_beside = acts.iter().any(|c| {
        matches!(
            c.as_str(),
            "encrypt" | "symmetric" | "store" | "enarmor" | "dearmor"
        )
    });
    if writes_beside && outputs.is_empty() {
        // `gpg -e f` writes `f.gpg` beside the input.
        for operand in &operands {
            if let Some(text) = operand.text() {
                let beside = Arg::literal(&format!("{text}.gpg"));
                r.change(&beside, scope, Change::Write, Reach::Path, &shown);
            }
        }
    }
    say(r, run, Read, "prints public keys or facts about keys");
}

// ---------------------------------------------------------------- ssh-keygen

pub const SSH_KEYGEN: Program = Program {
    names: &["ssh-keygen"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU_POSIX,
        options: &[
            flag("A", "A", &[]),
            flag("B", "B", &[]),
            flag("H", "H", &[]),
            flag("K", "K", &[]),
            flag("L", "L", &[]),
            flag("Q", "Q", &[]),
            flag("U", "U", &[]),
            flag("X", "X", &[]),
            flag("c", "c", &[]),
            flag("e", "e", &[]),
            flag("g", "g", &[]),
            flag("h", "h", &[]),
            flag("i", "i", &[]),
            flag("k", "k", &[]),
            flag("l", "l", &[]),
            flag("o", "o", &[]),
            flag("p", "p", &[]),
            flag("q", "q", &[]),
            flag("u", "u", &[]),
            flag("v", "v", &[]),
            flag("y", "y", &[]),
            value("C", "C", &[]),
            value("D", "D", &[]),
            value("E", "E", &[]),
            value("F", "F", &[]),
            value("I", "I", &[]),
            value("M", "M", &[]),
            value("N", "N", &[]),
            value("O", "O", &[]),
            value("P", "P", &[]),
            value("R", "R", &[]),
            value("V", "V", &[]),
            value("Y", "Y", &[]),
            value("Z", "Z", &[]),
            value("a", "a", &[]),
            value("b", "b", &[]),
            value("f", "f", &[]),
            value("m", "m", &[]),
            value("n", "n", &[]),
            value("r", "r", &[]),
            value("s", "s", &[]),
            value("t", "t", &[]),
            value("w", "w", &[]),
            value("z", "z", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: ssh_keygen,
    examples: examples![
        (Read, "ssh-keygen -l -f {home}/.ssh/id_rsa.pub"),
        (Read, "ssh-keygen -lf {home}/.ssh/id_ed25519.pub"),
        (Read, "ssh-keygen -lvf key.pub"),
        (Read, "ssh-keygen -F github.com"),
        (Read, "ssh-keygen -B -f key.pub"),
        (Read, "ssh-keygen -L -f key-cert.pub"),
        (Read, "ssh-keygen -Y verify -f allowed -I me -n git -s x.sig"),
        (Secret, "ssh-keygen -y -f {home}/.ssh/id_rsa"),
        (Secret, "ssh-keygen -yf k"),
        (Secret, "ssh-keygen -l -f {home}/.ssh/id_rsa"),
        (Secret, "ssh-keygen -p -f k -N new"),
        (Secret, "ssh-keygen -i -f k.pem"),
        (Secret, "ssh-keygen -Y sign -f k -n git README.md"),
        (Secret, "ssh-keygen -s ca -I id key.pub"),
        (Secret, "ssh-keygen -K"),
        (TargetWrite, "ssh-keygen -t ed25519 -N '' -f deploy_key"),
        (TargetWrite, "ssh-keygen -q -t rsa -b 4096 -C ci -N '' -f keys/ci"),
        (OpenWorld, "ssh-keygen -R github.com"),
        (OpenWorld, "ssh-keygen -t ed25519"),
        (Destructive, "ssh-keygen -t ed25519 -N '' -f ../../.wicket/k"),
        (Opaque, "ssh-keygen --help"),
    ],
    manual: "OpenSSH 9.2p1 ssh-keygen on this machine: its getopt string (BSD getopt, no long options) and ssh-keygen(1)",
};

fn ssh_keygen(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    let file = p.last("f").cloned();
    // Modes that print, convert, rewrite or use a private key.
    let secret = [
        (
            "y",
            "prints the public half derived from a private key it reads",
        ),
        ("p", "decrypts and rewrites a private key"),
        ("c", "decrypts and rewrites a private key's comment"),
        (
            "i",
            "converts a key it reads, private keys included, and prints it",
        ),
        ("K", "downloads resident private keys from a security key"),
    ];
    for (letter, why) in secret {
        if p.has(letter) {
            say(r, run, Secret, why);
            return;
        }
    }
    if let Some(mode) = p.last("Y").and_then(Arg::text) {
        if mode == "sign" {
            say(r, run, Secret, "signs with a private key");
            return;
        }
    }
    if p.has("s") && p.has("I") && !p.has("Y") {
        say(r, run, Secret, "certifies a key with a CA's private key");
        return;
    }
    r.names_only(run.inv);
    let reads_file = ["l", "B", "L", "e", "F", "r", "Q", "Y", "D"]
        .iter()
        .any(|k| p.has(k));
    if reads_file {
        if let Some(f) = &file {
            r.reads(f, scope, &shown);
        }
        if p.has("F") && file.is_none() {
            say(r, run, Read, "looks a host up in ~/.ssh/known_hosts");
            return;
        }
        say(r, run, Read, "prints fingerprints or public keys");
        return;
    }
    if p.has("H") || p.has("R") {
        match &file {
            Some(f) => r.change(f, scope, Change::Overwrite, Reach::Path, &shown),
            None => say(r, run, OpenWorld, "rewrites ~/.ssh/known_hosts"),
        }
        return;
    }
    if p.has("A") {
        say(r, run, OpenWorld, "writes the machine's host keys");
        return;
    }
    if p.has("k") || p.has("M") {
        if let Some(f) = &file {
            r.change(f, scope, Change::Overwrite, Reach::Path, &shown);
        }
        for operand in p.operand_args() {
            r.change(&operand, scope, Change::Overwrite, Reach::Path, &shown);
        }
        say(r, run, Read, "writes a revocation list or moduli");
        return;
    }
    // Generating a key: it writes FILE and FILE.pub, or asks for a path
    // under ~/.ssh.
    match &file {
        Some(f) => {
            r.change(f, scope, Change::Write, Reach::Path, &shown);
            if let Some(text) = f.text() {
                let public = Arg::literal(&format!("{text}.pub"));
                r.change(&public, scope, Change::Write, Reach::Path, &shown);
            }
        }
        None => say(r, run, OpenWorld, "writes a new key under ~/.ssh"),
    }
}

// ---------------------------------------------------------------- ssh-add

pub const SSH_ADD: Program = Program {
    names: &["ssh-add"],
    syntax: Syntax::Grammar(Grammar {
        style: Style::GNU_POSIX,
        options: &[
            flag("v", "v", &[]),
            flag("k", "k", &[]),
            flag("K", "K", &[]),
            flag("l", "l", &[]),
            flag("L", "L", &[]),
            flag("c", "c", &[]),
            flag("d", "d", &[]),
            flag("D", "D", &[]),
            flag("T", "T", &[]),
            flag("x", "x", &[]),
            flag("X", "X", &[]),
            flag("q", "q", &[]),
            value("E", "E", &[]),
            value("e", "e", &[]),
            value("h", "h", &[]),
            value("H", "H", &[]),
            value("M", "M", &[]),
            value("m", "m", &[]),
            value("s", "s", &[]),
            value("S", "S", &[]),
            value("t", "t", &[]),
        ],
    }),
    output: None,
    lists_paths_under: None,
    read: ssh_add,
    examples: examples![
        (Read, "ssh-add -l"),
        (Read, "ssh-add -L"),
        (Read, "ssh-add -l -E md5"),
        (Secret, "ssh-add"),
        (Secret, "ssh-add {home}/.ssh/id_rsa"),
        (Secret, "ssh-add -t 3600 k"),
        (Secret, "ssh-add -K"),
        (OpenWorld, "ssh-add -D"),
        (OpenWorld, "ssh-add -x"),
        (Opaque, "ssh-add --list"),
    ],
    manual: "OpenSSH 9.2p1 ssh-add on this machine: its getopt string and ssh-add(1)",
};

fn ssh_add(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let p = &run.parsed;
    if p.has("l") || p.has("L") {
        r.names_only(run.inv);
        say(r, run, Read, "lists the agent's public keys");
        return;
    }
    if p.has("D") || p.has("d") || p.has("x") || p.has("X") || p.has("s") || p.has("e") {
        r.names_only(run.inv);
        say(
            r,
            run,
            OpenWorld,
            "changes the operator's ssh agent (removes, locks or loads a provider)",
        );
        return;
    }
    if p.has("T") {
        r.names_only(run.inv);
        say(r, run, Read, "tests that the agent can use the keys named");
        return;
    }
    say(
        r,
        run,
        Secret,
        "reads private keys and loads them into the operator's ssh agent",
    );
}

// ---------------------------------------------------------------- keyctl

pub const KEYCTL: Program = Program {
    names: &["keyctl"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: keyctl,
    examples: examples![
        (Read, "keyctl show"),
        (Read, "keyctl list @u"),
        (Read, "keyctl describe 1234"),
        (Read, "keyctl --version"),
        (Secret, "keyctl print 1234"),
        (Secret, "keyctl read 1234"),
        (Secret, "keyctl pipe %user:token"),
        (Secret, "keyctl pkey_decrypt 1 0 in enc=pkcs1"),
        (OpenWorld, "keyctl add user k v @u"),
        (Opaque, "keyctl session - sh -c x"),
        (Opaque, "keyctl frobnicate"),
    ],
    manual: "keyutils keyctl(1), from its documentation (not installed here)",
};

fn keyctl(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let words = command_words(run.inv, &|_| false);
    if only_help(run.inv, &["--version", "-v", "--help", "-h"]) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    let Some(first) = words.first() else {
        say(r, run, Read, "prints its usage");
        return;
    };
    let Some(command) = first.as_deref() else {
        unknown_word(r, run, "the command");
        return;
    };
    r.names_only(run.inv);
    let (effect, why) = match command {
        "print" | "read" | "pipe" | "dh_compute" | "dh_compute_kdf" | "dh_compute_kdf_oi"
        | "pkey_decrypt" | "pkey_sign" => (Secret, "prints or uses a key's payload"),
        "show" | "list" | "rlist" | "describe" | "rdescribe" | "search" | "id" | "supports"
        | "pkey_query" | "pkey_verify" | "pkey_encrypt" => {
            (Read, "shows keyrings and key descriptions, not payloads")
        }
        "add" | "padd" | "request" | "request2" | "prequest2" | "update" | "pupdate"
        | "newring" | "revoke" | "clear" | "link" | "unlink" | "move" | "setperm" | "chown"
        | "chgrp" | "timeout" | "instantiate" | "pinstantiate" | "negate" | "reject"
        | "invalidate" | "get_persistent" | "restrict_keyring" | "new_session" | "purge"
        | "watch" | "watch_add" | "watch_rm" | "watch_session" | "watch_sync" | "reap" => {
            (OpenWorld, "changes the kernel's keyrings")
        }
        "session" => (Opaque, "runs a program in a new keyring session"),
        _ => (
            Opaque,
            "runs a keyctl command wicket's description does not know",
        ),
    };
    say(r, run, effect, why);
}

// ---------------------------------------------------------------- security

pub const SECURITY: Program = Program {
    names: &["security"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: security,
    examples: examples![
        (Secret, "security find-generic-password -s github -w"),
        (Secret, "security find-internet-password -gs github.com"),
        (Secret, "security dump-keychain -d"),
        (
            Secret,
            "security export -k login.keychain -t identities -o x.p12",
        ),
        (Read, "security find-generic-password -s github"),
        (Read, "security find-identity -v -p codesigning"),
        (Read, "security list-keychains"),
        (OpenWorld, "security add-generic-password -s x -a y -w z"),
        (Destructive, "security delete-generic-password -s x"),
        (Opaque, "security frob"),
    ],
    manual: "macOS security(1), from its documentation (not installed here)",
};

fn security(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let words = command_words(run.inv, &|_| false);
    let Some(Some(command)) = words.first().cloned() else {
        match words.first() {
            Some(None) => unknown_word(r, run, "the command"),
            _ => say(r, run, Read, "prints its usage"),
        }
        return;
    };
    if let Some(word) = has_unknown(run.inv) {
        unknown_word(r, run, &word);
        return;
    }
    // `-w` prints the password, `-g` prints it too (on stderr); letters
    // bundle (`-gs name`).
    let shows_password = run.inv.argv.iter().skip(2).any(|a| {
        a.text().is_some_and(|w| {
            w.starts_with('-') && !w.starts_with("--") && (w.contains('w') || w.contains('g'))
        })
    });
    r.names_only(run.inv);
    let (effect, why) = match command.as_str() {
        "find-generic-password" | "find-internet-password" if shows_password => {
            (Secret, "prints a keychain password")
        }
        "find-generic-password"
        | "find-internet-password"
        | "find-certificate"
        | "find-identity"
        | "find-key"
        | "list-keychains"
        | "default-keychain"
        | "login-keychain"
        | "show-keychain-info"
        | "verify-cert"
        | "dump-trust-settings"
        | "smartcards"
        | "list-smartcards"
        | "error"
        | "help"
        | "cms" => (Read, "shows keychain items' attributes, not their secrets"),
        "dump-keychain"
            if run
                .inv
                .words()
                .iter()
                .any(|w| w.starts_with('-') && w.contains('d')) =>
        {
            (Secret, "decrypts and prints every keychain item")
        }
        "dump-keychain" => (Read, "shows keychain items' attributes, not their secrets"),
        "export" | "export-identities" | "unlock-keychain" => {
            (Secret, "exports or unlocks keychain secrets")
        }
        "delete-generic-password"
        | "delete-internet-password"
        | "delete-certificate"
        | "delete-identity"
        | "delete-keychain" => (Destructive, "deletes keychain items"),
        "authorizationdb" if words.get(1).is_some_and(|w| w.as_deref() == Some("read")) => {
            (Read, "reads an authorization rule")
        }
        "authorizationdb" => (Destructive, "changes the machine's authorization rules"),
        "add-generic-password"
        | "add-internet-password"
        | "add-certificates"
        | "import"
        | "create-keychain"
        | "set-keychain-settings"
        | "set-keychain-password"
        | "set-key-partition-list"
        | "add-trusted-cert"
        | "remove-trusted-cert"
        | "lock-keychain"
        | "set-identity-preference" => (OpenWorld, "changes the operator's keychains"),
        _ => (
            Opaque,
            "runs a security command wicket's description does not know",
        ),
    };
    say(r, run, effect, why);
}

// ---------------------------------------------------------------- secret-tool

pub const SECRET_TOOL: Program = Program {
    names: &["secret-tool"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: secret_tool,
    examples: examples![
        (Secret, "secret-tool lookup service github"),
        (Secret, "secret-tool search --all service github"),
        (OpenWorld, "secret-tool store --label=x service y"),
        (Destructive, "secret-tool clear service github"),
        (Opaque, "secret-tool frob"),
    ],
    manual: "libsecret secret-tool(1), from its documentation (not installed here)",
};

fn secret_tool(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let words = command_words(run.inv, &|_| false);
    let (effect, why) = match words.first().map(|w| w.as_deref()) {
        Some(Some("lookup" | "search")) => (Secret, "prints secrets from the keyring"),
        Some(Some("store" | "lock")) => (OpenWorld, "changes the operator's keyring"),
        Some(Some("clear")) => (Destructive, "deletes secrets from the operator's keyring"),
        None => (Read, "prints its usage"),
        _ => (
            Opaque,
            "runs a secret-tool command wicket's description does not know",
        ),
    };
    say(r, run, effect, why);
}

// ---------------------------------------------------------------- bz

pub const BZ: Program = Program {
    names: &["bz"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: bz,
    examples: examples![
        (Read, "bz --version"),
        (Read, "bz -h"),
        (Read, "bz --skill"),
        (Secret, "bz --provider anthropic hi"),
        (Secret, "bz --dump-config"),
        (Secret, "bz --list-providers"),
        (Secret, "bz --login --provider x"),
        (Secret, "bz hello"),
    ],
    manual: "bz 0.0.19 (brazen), `bz --help` in litany's test tools",
};

/// bz reaches the model provider with the operator's credentials, and its
/// control flags print configuration holding them.
fn bz(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if only_help(run.inv, &["--version", "-V", "--help", "-h", "--skill"]) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    say(
        r,
        run,
        Secret,
        "runs brazen, which holds the model provider's credentials (and prints them with --dump-config)",
    );
}

// ---------------------------------------------------------------- aws

pub const AWS: Program = Program {
    names: &["aws"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: aws,
    examples: examples![
        (Secret, "aws configure get aws_secret_access_key"),
        (Secret, "aws --profile prod configure get aws_session_token"),
        (Secret, "aws configure get default.aws_access_key_id"),
        (Secret, "aws configure export-credentials --format env"),
        (Secret, "aws sts get-session-token"),
        (Secret, "aws sts assume-role --role-arn x --role-session-name y"),
        (Secret, "aws ecr get-login-password --region us-east-1"),
        (Secret, "aws secretsmanager get-secret-value --secret-id x"),
        (Secret, "aws ssm get-parameter --name x --with-decryption"),
        (Secret, "aws iam create-access-key"),
        (Read, "aws configure get region"),
        (Read, "aws configure list"),
        (Read, "aws --version"),
        (OpenWorld, "aws s3 ls"),
        (OpenWorld, "aws sts get-caller-identity"),
        (Opaque, "aws $SVC get-x"),
    ],
    manual: "AWS CLI v1/v2 command reference (docs.aws.amazon.com/cli), commands chosen by what they print; aws-cli 1.45 on this machine",
};

const AWS_SECRET: &[(&str, &str)] = &[
    ("sts", "get-session-token"),
    ("sts", "assume-role"),
    ("sts", "assume-role-with-saml"),
    ("sts", "assume-role-with-web-identity"),
    ("sts", "get-federation-token"),
    ("ecr", "get-login-password"),
    ("ecr", "get-login"),
    ("ecr", "get-authorization-token"),
    ("ecr-public", "get-login-password"),
    ("ecr-public", "get-authorization-token"),
    ("codeartifact", "get-authorization-token"),
    ("eks", "get-token"),
    ("rds", "generate-db-auth-token"),
    ("secretsmanager", "get-secret-value"),
    ("secretsmanager", "batch-get-secret-value"),
    ("ssm", "get-parameter"),
    ("ssm", "get-parameters"),
    ("ssm", "get-parameters-by-path"),
    ("ssm", "get-parameter-history"),
    ("kms", "decrypt"),
    ("kms", "generate-data-key"),
    ("kms", "generate-data-key-pair"),
    ("iam", "create-access-key"),
    ("iam", "create-service-specific-credential"),
    ("iam", "reset-service-specific-credential"),
    ("sso", "get-role-credentials"),
    ("ec2", "get-password-data"),
    ("redshift", "get-cluster-credentials"),
    ("redshift", "get-cluster-credentials-with-iam"),
    ("redshift-serverless", "get-credentials"),
    ("cognito-identity", "get-credentials-for-identity"),
    ("cognito-identity", "get-open-id-token"),
    ("cognito-idp", "initiate-auth"),
    ("cognito-idp", "admin-initiate-auth"),
    ("cognito-idp", "respond-to-auth-challenge"),
    ("lightsail", "get-instance-access-details"),
    ("lightsail", "download-default-key-pair"),
    ("configure", "export-credentials"),
];

const AWS_GLOBAL_VALUE: &[&str] = &[
    "--profile",
    "--region",
    "--output",
    "--query",
    "--endpoint-url",
    "--cli-read-timeout",
    "--cli-connect-timeout",
    "--ca-bundle",
    "--color",
    "--cli-binary-format",
];

fn aws(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if only_help(run.inv, &["--version", "help"]) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    let words = command_words(run.inv, &|w| AWS_GLOBAL_VALUE.contains(&w));
    let Some(path) = head(&words, 2) else {
        unknown_word(r, run, "the command");
        return;
    };
    r.names_only(run.inv);
    match path.as_slice() {
        ["configure", "get"] => match words.get(2) {
            Some(Some(name)) => {
                let lower = name.to_ascii_lowercase();
                if lower.contains("secret") || lower.contains("token") || lower.contains("key") {
                    say(r, run, Secret, "prints a stored AWS credential");
                } else {
                    say(r, run, Read, "prints an AWS setting");
                }
            }
            Some(None) => unknown_word(r, run, "the setting"),
            None => say(r, run, Read, "prints its usage"),
        },
        ["configure", "list" | "list-profiles"] => {
            say(r, run, Read, "lists AWS settings (credentials masked)")
        }
        [service, op] if AWS_SECRET.contains(&(*service, *op)) => say(
            r,
            run,
            Secret,
            "prints AWS credentials or a decrypted secret",
        ),
        ["configure", ..] => say(r, run, OpenWorld, "changes the operator's AWS settings"),
        [] | ["help"] | [_, "help"] => say(r, run, Read, "prints help"),
        _ => say(r, run, OpenWorld, "talks to AWS"),
    }
}

// ---------------------------------------------------------------- gcloud

pub const GCLOUD: Program = Program {
    names: &["gcloud"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: gcloud,
    examples: examples![
        (Secret, "gcloud auth print-access-token"),
        (Secret, "gcloud auth print-identity-token --audiences=x"),
        (Secret, "gcloud auth application-default print-access-token"),
        (Secret, "gcloud --project p auth print-access-token"),
        (Secret, "gcloud beta auth print-access-token"),
        (Secret, "gcloud config config-helper --format=json"),
        (Secret, "gcloud secrets versions access latest --secret=x"),
        (Secret, "gcloud iam service-accounts keys create k.json --iam-account=x"),
        (Secret, "gcloud compute instances list --log-http"),
        (Read, "gcloud config list"),
        (Read, "gcloud --version"),
        (Read, "gcloud auth list"),
        (OpenWorld, "gcloud compute instances list"),
        (Opaque, "gcloud $X print-access-token"),
    ],
    manual: "Google Cloud SDK reference (cloud.google.com/sdk/gcloud/reference); gcloud 528.0.0 on this machine",
};

fn gcloud(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if only_help(run.inv, &["--version", "--help", "-h", "version", "help"]) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    if has(run.inv, &["--log-http"]) {
        say(
            r,
            run,
            Secret,
            "logs every HTTP request, the bearer token among the headers (--log-http)",
        );
        return;
    }
    let words = command_words(run.inv, &|w| {
        matches!(
            w,
            "--account"
                | "--billing-project"
                | "--configuration"
                | "--flags-file"
                | "--flatten"
                | "--format"
                | "--project"
                | "--verbosity"
                | "--impersonate-service-account"
                | "--access-token-file"
                | "--trace-token"
        )
    });
    let mut path: Vec<&str> = Vec::new();
    for word in words.iter().take(5) {
        match word {
            Some(w) => path.push(w),
            None => {
                unknown_word(r, run, "a command word");
                return;
            }
        }
    }
    if matches!(path.first(), Some(&"alpha" | &"beta" | &"preview")) {
        path.remove(0);
    }
    r.names_only(run.inv);
    let starts = |prefix: &[&str]| path.len() >= prefix.len() && path[..prefix.len()] == *prefix;
    let secret: &[&[&str]] = &[
        &["auth", "print-access-token"],
        &["auth", "print-identity-token"],
        &["auth", "print-refresh-token"],
        &["auth", "application-default", "print-access-token"],
        &["config", "config-helper"],
        &["secrets", "versions", "access"],
        &["iam", "service-accounts", "keys", "create"],
        &["sql", "generate-login-token"],
    ];
    if secret.iter().any(|s| starts(s)) {
        say(r, run, Secret, "prints a Google Cloud credential or secret");
        return;
    }
    let read: &[&[&str]] = &[
        &["config", "list"],
        &["config", "get-value"],
        &["config", "get"],
        &["config", "configurations", "list"],
        &["auth", "list"],
        &["info"],
        &["help"],
        &["version"],
        &["components", "list"],
    ];
    if read.iter().any(|s| starts(s)) {
        say(r, run, Read, "prints local settings");
        return;
    }
    say(r, run, OpenWorld, "talks to Google Cloud");
}

// ---------------------------------------------------------------- az

pub const AZ: Program = Program {
    names: &["az"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: az,
    examples: examples![
        (Secret, "az account get-access-token"),
        (Secret, "az account get-access-token --resource x"),
        (Secret, "az keyvault secret show --vault-name v -n s"),
        (Secret, "az storage account keys list -n acct"),
        (Secret, "az storage account show-connection-string -n acct"),
        (Secret, "az acr credential show -n reg"),
        (Secret, "az acr login -n reg --expose-token"),
        (Secret, "az ad sp create-for-rbac -n x"),
        (Read, "az version"),
        (Read, "az account show"),
        (OpenWorld, "az group list"),
        (OpenWorld, "az aks get-credentials -n c -g g"),
        (Opaque, "az $X get-access-token"),
    ],
    manual: "Azure CLI reference (learn.microsoft.com/cli/azure), not installed here",
};

fn az(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if only_help(run.inv, &["--version", "--help", "-h"]) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    let words = command_words(run.inv, &|w| {
        matches!(
            w,
            "--subscription"
                | "--output"
                | "-o"
                | "--query"
                | "-n"
                | "--name"
                | "-g"
                | "--resource-group"
                | "--vault-name"
                | "--resource"
                | "--scope"
                | "--role"
                | "--tenant"
                | "-t"
                | "--account-name"
        )
    });
    let mut path: Vec<&str> = Vec::new();
    for word in words.iter().take(4) {
        match word {
            Some(w) => path.push(w),
            None => {
                unknown_word(r, run, "a command word");
                return;
            }
        }
    }
    r.names_only(run.inv);
    let last = path.last().copied().unwrap_or("");
    let secret = last == "get-access-token"
        || last == "show-connection-string"
        || last == "list-keys"
        || last == "list-publishing-credentials"
        || last == "list-publishing-profiles"
        || last == "create-for-rbac"
        || (path.contains(&"keys") && last == "list")
        || (path.contains(&"credential") && matches!(last, "show" | "reset" | "list"))
        || (path.contains(&"secret") && matches!(last, "show" | "download" | "backup"))
        || (path.first() == Some(&"acr") && last == "login" && has(run.inv, &["--expose-token"]));
    if secret {
        say(r, run, Secret, "prints an Azure credential or secret");
        return;
    }
    match path.as_slice() {
        ["version"] | ["account", "show"] | ["account", "list"] | ["config", "get", ..] => {
            say(r, run, Read, "prints local account settings")
        }
        [] => say(r, run, Read, "prints its help"),
        _ => say(r, run, OpenWorld, "talks to Azure"),
    }
}

// ---------------------------------------------------------------- kubectl

pub const KUBECTL: Program = Program {
    names: &["kubectl", "oc"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: kubectl,
    examples: examples![
        (Secret, "kubectl config view --raw"),
        (Secret, "kubectl config view --flatten"),
        (Secret, "kubectl config view --raw=1"),
        (Read, "kubectl config view --flatten=false"),
        (
            Secret,
            "kubectl config view --raw=true -o jsonpath='{.users[0].user.token}'",
        ),
        (Secret, "kubectl get secret db -o yaml"),
        (Secret, "kubectl get secrets -ojson"),
        (
            Secret,
            "kubectl -n prod get secret/db -o jsonpath='{.data.password}'",
        ),
        (Secret, "kubectl get all,secrets -o yaml"),
        (Secret, "kubectl create token sa"),
        (Secret, "kubectl get secrets.v1. -o yaml"),
        (Secret, "kubectl edit secret db"),
        (Opaque, "kubectl get -f manifests/ -o yaml"),
        (Secret, "kubectl get --raw /api/v1/namespaces/x/secrets"),
        (Read, "kubectl config view"),
        (Opaque, "kubectl config view \"$flag\""),
        (Read, "kubectl config get-contexts"),
        (OpenWorld, "kubectl get secrets"),
        (OpenWorld, "kubectl describe secret db"),
        (OpenWorld, "kubectl get pods -o yaml"),
        (Opaque, "kubectl get $KIND -o yaml"),
    ],
    manual:
        "kubectl reference (kubernetes.io/docs/reference/kubectl); kubectl 1.32 on this machine",
};

fn kubectl(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let takes = |w: &str| {
        matches!(
            w,
            "--kubeconfig"
                | "--context"
                | "--cluster"
                | "--user"
                | "-n"
                | "--namespace"
                | "-s"
                | "--server"
                | "--token"
                | "--as"
                | "--as-group"
                | "--as-uid"
                | "--certificate-authority"
                | "--client-certificate"
                | "--client-key"
                | "--cache-dir"
                | "--request-timeout"
                | "-v"
                | "--v"
                | "--log-file"
                | "--profile"
                | "--profile-output"
                | "--password"
                | "--username"
                | "--tls-server-name"
                | "-o"
                | "--output"
                | "-l"
                | "--selector"
                | "-f"
                | "--filename"
                | "--field-selector"
                | "--template"
                | "-c"
                | "--container"
        )
    };
    let words = command_words(run.inv, &takes);
    let Some(first) = words.first() else {
        say(r, run, Read, "prints its help");
        return;
    };
    let Some(first) = first.clone() else {
        unknown_word(r, run, "the command");
        return;
    };
    r.names_only(run.inv);
    let output = output_format(run.inv);
    let raw_api = raw_path(run.inv);
    match first.as_str() {
        "config" => {
            let sub = words.get(1).cloned().flatten();
            // `--raw` and `--flatten` (which embeds the key files and skips
            // the redaction) as pflag reads a boolean: on unless its value
            // is one of the false spellings (`--flatten` printed the token
            // and client key, verified with kubectl 1.32).
            let raw = run.inv.argv.iter().any(|a| {
                a.text().is_some_and(|w| {
                    ["--raw", "--flatten"].iter().any(|o| {
                        w == *o
                            || w.strip_prefix(o)
                                .and_then(|v| v.strip_prefix('='))
                                .is_some_and(|v| {
                                    !matches!(v, "0" | "f" | "F" | "false" | "FALSE" | "False")
                                })
                    })
                })
            });
            let unknown = run.inv.argv.iter().skip(1).any(|a| a.text().is_none());
            match sub.as_deref() {
                Some("view") if raw => say(
                    r,
                    run,
                    Secret,
                    "prints the kubeconfig with its tokens and keys (--raw or --flatten)",
                ),
                Some("view") if unknown => r.note(
                    Opaque,
                    format!(
                        "{}: a word only known when it runs could be --raw, which prints the tokens",
                        run.shown()
                    ),
                ),
                Some(
                    "view" | "get-contexts" | "get-clusters" | "get-users" | "current-context",
                ) => say(r, run, Read, "prints the kubeconfig, secrets redacted"),
                _ => say(r, run, OpenWorld, "changes the operator's kubeconfig"),
            }
        }
        "create" if words.get(1).is_some_and(|w| w.as_deref() == Some("token")) => {
            say(r, run, Secret, "mints and prints a service account token")
        }
        "edit"
            if words.get(1).and_then(|w| w.as_deref()).is_none_or(|k| {
                k.split(',')
                    .any(|p| is_secret_kind(p.split('/').next().unwrap_or("")))
            }) =>
        {
            say(r, run, Secret, "opens a cluster secret's data in an editor")
        }
        "get" => {
            if raw_api.as_deref().is_some_and(|p| p.contains("secret")) {
                say(r, run, Secret, "reads secrets through the raw API");
                return;
            }
            let kinds: Vec<Option<String>> = words.iter().skip(1).take(1).cloned().collect();
            let mut names_secret = false;
            for kind in &kinds {
                match kind {
                    Some(k) => {
                        names_secret |= k
                            .split(',')
                            .any(|part| is_secret_kind(part.split('/').next().unwrap_or("")));
                    }
                    None if output.is_some() => {
                        unknown_word(r, run, "the resource kind");
                        return;
                    }
                    None => {}
                }
            }
            let dumps = output
                .as_deref()
                .is_some_and(|o| !matches!(o, "wide" | "name"));
            let from_files = has(run.inv, &["-f", "--filename", "-k", "--kustomize"]);
            if from_files && dumps {
                r.note(
                    Opaque,
                    format!(
                        "{}: the objects a file names could be secrets, and their data would be printed",
                        run.shown()
                    ),
                );
                return;
            }
            if names_secret && dumps {
                say(r, run, Secret, "prints the cluster's secrets' data");
            } else {
                say(r, run, OpenWorld, "reads the cluster");
            }
        }
        "version" | "help" | "api-resources" | "api-versions" | "explain" | "completion"
        | "plugin" | "options" => say(r, run, OpenWorld, "reads the cluster or prints help"),
        _ => say(r, run, OpenWorld, "talks to the cluster"),
    }
}

/// `secret`, `secrets`, `Secret`, `secrets.v1.`, `v1/secrets`.
fn is_secret_kind(kind: &str) -> bool {
    let kind = kind.to_ascii_lowercase();
    let base = kind.rsplit('/').next().unwrap_or(&kind);
    matches!(base.split('.').next().unwrap_or(base), "secret" | "secrets")
}

/// kubectl's `-o FORMAT` / `-oFORMAT` / `--output=FORMAT`.
fn output_format(inv: &Invocation) -> Option<String> {
    let argv = &inv.argv;
    for (i, arg) in argv.iter().enumerate().skip(1) {
        let Some(word) = arg.text() else { continue };
        if word == "-o" || word == "--output" {
            return Some(
                argv.get(i + 1)
                    .and_then(Arg::text)
                    .unwrap_or("?")
                    .to_owned(),
            );
        }
        if let Some(v) = word.strip_prefix("--output=") {
            return Some(v.to_owned());
        }
        if let Some(v) = word.strip_prefix("-o") {
            if !word.starts_with("--") {
                return Some(v.trim_start_matches('=').to_owned());
            }
        }
    }
    None
}

fn raw_path(inv: &Invocation) -> Option<String> {
    let argv = &inv.argv;
    for (i, arg) in argv.iter().enumerate().skip(1) {
        let Some(word) = arg.text() else { continue };
        if word == "--raw" {
            return argv.get(i + 1).and_then(Arg::text).map(str::to_owned);
        }
        if let Some(v) = word.strip_prefix("--raw=") {
            return Some(v.to_owned());
        }
    }
    None
}

// ---------------------------------------------------------------- helpers' helpers

pub const DOCKER_CREDENTIAL: Program = Program {
    names: &[
        "docker-credential-desktop",
        "docker-credential-osxkeychain",
        "docker-credential-pass",
        "docker-credential-secretservice",
        "docker-credential-wincred",
        "docker-credential-ecr-login",
        "docker-credential-gcloud",
        "docker-credential-gcr",
        "docker-credential-acr-env",
        "docker-credential-helper",
    ],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: credential_helper,
    examples: examples![
        (Secret, "echo https://index.docker.io/v1/ | docker-credential-desktop get"),
        (Read, "docker-credential-pass list"),
        (Read, "docker-credential-desktop version"),
        (OpenWorld, "docker-credential-pass erase"),
        (Opaque, "docker-credential-pass frob"),
    ],
    manual: "docker-credential-helpers protocol (github.com/docker/docker-credential-helpers): get, store, erase, list, version",
};

pub const GIT_CREDENTIAL: Program = Program {
    names: &[
        "git-credential-libsecret",
        "git-credential-osxkeychain",
        "git-credential-manager",
        "git-credential-manager-core",
        "git-credential-gnome-keyring",
        "git-credential-netrc",
        "git-credential-oauth",
        "git-credential-wincred",
    ],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: credential_helper,
    examples: examples![
        (Secret, "git-credential-libsecret get"),
        (OpenWorld, "git-credential-libsecret erase"),
    ],
    manual: "gitcredentials(7): a helper is run as `git-credential-NAME get|store|erase` (git's own store and cache are read with git's description)",
};

fn credential_helper(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let words = command_words(run.inv, &|w| {
        matches!(w, "--file" | "--timeout" | "--socket")
    });
    let (effect, why) = match words.first().map(|w| w.as_deref()) {
        Some(Some("get")) => (Secret, "prints a stored credential"),
        Some(Some("list")) => (Read, "lists the servers it holds credentials for"),
        Some(Some("version" | "--version" | "help")) => (Read, "prints its version"),
        Some(Some("store" | "erase")) => (OpenWorld, "changes the operator's credential store"),
        Some(None) => (Opaque, "runs a helper action only known when it runs"),
        _ => (
            Opaque,
            "runs a helper action wicket's description does not know",
        ),
    };
    say(r, run, effect, why);
}

// ---------------------------------------------------------------- password managers

pub const OP: Program = Program {
    names: &["op"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: op,
    examples: examples![
        (Secret, "op read op://vault/item/password"),
        (Secret, "op item get github --fields password"),
        (Secret, "op --account my item get x"),
        (Secret, "op inject -i tpl -o out"),
        (Secret, "op run -- env"),
        (Secret, "op signin --raw"),
        (Secret, "op document get x"),
        (Read, "op whoami"),
        (Read, "op --version"),
        (Read, "op vault list"),
        (OpenWorld, "op item create --category login"),
        (Destructive, "op item delete x"),
        (Opaque, "op frob"),
    ],
    manual:
        "1Password CLI 2 reference (developer.1password.com/docs/cli/reference), not installed here",
};

fn op(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if only_help(run.inv, &["--version", "--help", "-h"]) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    let words = command_words(run.inv, &|w| {
        matches!(
            w,
            "--account" | "--config" | "--encoding" | "--format" | "--session" | "--cache"
        )
    });
    let Some(path) = head(&words, 2) else {
        if words.first().is_some_and(|w| w.is_none()) || words.get(1).is_some_and(|w| w.is_none()) {
            unknown_word(r, run, "the command");
            return;
        }
        match words.first().cloned().flatten().as_deref() {
            Some("read" | "inject" | "run" | "signin") => {
                say(r, run, Secret, "prints or hands out 1Password secrets")
            }
            Some("whoami" | "help" | "update" | "completion") => {
                say(r, run, Read, "prints account facts or help")
            }
            Some("signout") => say(r, run, OpenWorld, "signs out of 1Password"),
            None => say(r, run, Read, "prints its help"),
            _ => r.note(
                Opaque,
                format!(
                    "{}: a 1Password command wicket's description does not know",
                    run.shown()
                ),
            ),
        }
        return;
    };
    let (effect, why) = match path.as_slice() {
        ["read" | "inject" | "run" | "signin", ..] => {
            (Secret, "prints or hands out 1Password secrets")
        }
        ["item" | "document", "get"] => (Secret, "prints a 1Password item and its secrets"),
        ["connect", "token"] | ["service-account", "create"] => (Secret, "mints a 1Password token"),
        ["whoami" | "help" | "update" | "completion", ..]
        | ["account" | "vault" | "item" | "document" | "user" | "group", "list"] => {
            (Read, "lists names, not secrets")
        }
        [_, "delete"] => (Destructive, "deletes from the operator's 1Password"),
        ["item" | "document" | "vault" | "user" | "group" | "account" | "connect" | "events-api"
        | "plugin" | "service-account" | "signout", _] => {
            (OpenWorld, "changes the operator's 1Password")
        }
        _ => (
            Opaque,
            "a 1Password command wicket's description does not know",
        ),
    };
    say(r, run, effect, why);
}

pub const PASS: Program = Program {
    names: &["pass", "gopass"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: pass,
    examples: examples![
        (Secret, "pass show github/token"),
        (Secret, "pass github/token"),
        (Secret, "pass -c github/token"),
        (Secret, "pass grep token"),
        (Secret, "pass otp github"),
        (Secret, "pass generate x 20"),
        (Read, "pass"),
        (Read, "pass ls"),
        (Read, "pass find github"),
        (Destructive, "pass rm github/token"),
        (OpenWorld, "pass git push"),
        (Opaque, "pass $ENTRY"),
    ],
    manual: "pass(1), the standard unix password manager (passwordstore.org), not installed here",
};

fn pass(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let words = command_words(run.inv, &|_| false);
    let first = match words.first() {
        None => {
            say(r, run, Read, "lists the names in the password store");
            return;
        }
        Some(None) => {
            unknown_word(r, run, "the entry or command");
            return;
        }
        Some(Some(w)) => w.clone(),
    };
    let (effect, why) = match first.as_str() {
        "ls" | "list" | "find" | "search" | "help" | "version" => {
            (Read, "lists names, not passwords")
        }
        "rm" | "remove" | "delete" => (Destructive, "deletes passwords from the operator's store"),
        "mv" | "rename" | "cp" | "copy" | "init" | "git" | "insert" | "add" | "edit" => {
            (OpenWorld, "changes the operator's password store")
        }
        // `show`, `grep` (decrypts every entry), `otp`, `generate` (prints
        // the new password), and a bare name (shows it).
        _ => (Secret, "prints passwords from the operator's store"),
    };
    say(r, run, effect, why);
}

pub const VAULT: Program = Program {
    names: &["vault"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: vault,
    examples: examples![
        (Secret, "vault read secret/db"),
        (Secret, "vault kv get -field=password secret/db"),
        (Secret, "vault login -method=github"),
        (Secret, "vault token create"),
        (Secret, "vault token lookup"),
        (Secret, "vault print token"),
        (Secret, "vault unwrap x"),
        (Secret, "vault write database/creds/app ttl=1h"),
        (Read, "vault version"),
        (OpenWorld, "vault status"),
        (OpenWorld, "vault kv put secret/x a=b"),
        (OpenWorld, "vault kv list secret/"),
        (Destructive, "vault kv destroy -versions=1 secret/x"),
        (Opaque, "vault frob"),
    ],
    manual: "HashiCorp Vault CLI commands (developer.hashicorp.com/vault/docs/commands), not installed here",
};

fn vault(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if only_help(
        run.inv,
        &["-version", "--version", "-v", "-help", "--help", "-h"],
    ) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    // Vault's flags are `-name=value`; a detached value is rare enough to
    // read as a word.
    let words = command_words(run.inv, &|_| false);
    let first = match words.first() {
        None => {
            say(r, run, Read, "prints its help");
            return;
        }
        Some(None) => {
            unknown_word(r, run, "the command");
            return;
        }
        Some(Some(w)) => w.clone(),
    };
    let second = words.get(1).cloned().flatten();
    let path = words
        .iter()
        .skip(1)
        .flatten()
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    let (effect, why) = match (first.as_str(), second.as_deref()) {
        ("read" | "unwrap" | "login", _) | ("print", Some("token")) => {
            (Secret, "prints secrets or a Vault token")
        }
        ("kv", Some("get")) => (Secret, "prints a secret"),
        ("token", Some("create" | "lookup" | "renew")) => (Secret, "prints a Vault token"),
        ("write", _)
            if [
                "login", "creds", "issue", "sign", "generate", "token", "decrypt",
            ]
            .iter()
            .any(|w| path.contains(w)) =>
        {
            (Secret, "writes to a path that answers with credentials")
        }
        ("kv", Some("delete" | "destroy" | "metadata")) | ("delete", _) => {
            (Destructive, "deletes secrets")
        }
        ("version", _) => (Read, "prints its version"),
        ("agent" | "server" | "proxy", _) => (Process, "runs a Vault process beyond the call"),
        (
            "status" | "kv" | "write" | "list" | "secrets" | "auth" | "policy" | "operator"
            | "token" | "lease" | "audit" | "namespace" | "path-help" | "plugin" | "monitor"
            | "debug" | "events" | "pki" | "transit" | "ssh" | "patch" | "logout",
            _,
        ) => (OpenWorld, "talks to Vault"),
        _ => (Opaque, "a Vault command wicket's description does not know"),
    };
    say(r, run, effect, why);
}

pub const BW: Program = Program {
    names: &["bw"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: bw,
    examples: examples![
        (Secret, "bw get password github"),
        (Secret, "bw list items --search github"),
        (Secret, "bw unlock --raw"),
        (Secret, "bw export --format json"),
        (Secret, "bw serve"),
        (Read, "bw status"),
        (Read, "bw --version"),
        (OpenWorld, "bw list folders"),
        (OpenWorld, "bw sync"),
        (Destructive, "bw delete item x"),
        (Opaque, "bw frob"),
    ],
    manual: "Bitwarden CLI reference (bitwarden.com/help/cli), not installed here",
};

fn bw(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if only_help(run.inv, &["--version", "-v", "--help", "-h"]) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    let words = command_words(run.inv, &|w| {
        matches!(
            w,
            "--session"
                | "--search"
                | "--url"
                | "--folderid"
                | "--collectionid"
                | "--organizationid"
                | "--format"
                | "--output"
                | "--password"
                | "--passwordfile"
                | "--passwordenv"
        )
    });
    let first = match words.first() {
        None => {
            say(r, run, Read, "prints its help");
            return;
        }
        Some(None) => {
            unknown_word(r, run, "the command");
            return;
        }
        Some(Some(w)) => w.clone(),
    };
    let second = words.get(1).cloned().flatten();
    let (effect, why) = match (first.as_str(), second.as_deref()) {
        ("get" | "unlock" | "login" | "export" | "serve" | "receive", _) => {
            (Secret, "prints or serves the operator's vault secrets")
        }
        ("list", Some("items") | None) => (Secret, "prints vault items with their passwords"),
        ("list", Some(_)) => (OpenWorld, "lists vault folders or collections"),
        ("status" | "generate" | "encode" | "help" | "completion", _) => {
            (Read, "prints status or a generated value")
        }
        ("delete", _) => (Destructive, "deletes vault items"),
        (
            "sync" | "config" | "logout" | "lock" | "create" | "edit" | "restore" | "import"
            | "send" | "move" | "confirm" | "update",
            _,
        ) => (OpenWorld, "changes the operator's vault"),
        _ => (
            Opaque,
            "a Bitwarden command wicket's description does not know",
        ),
    };
    say(r, run, effect, why);
}

pub const HEROKU: Program = Program {
    names: &["heroku"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: heroku,
    examples: examples![
        (Secret, "heroku auth:token"),
        (Secret, "heroku config -a app"),
        (Secret, "heroku config:get DATABASE_URL -a app"),
        (Secret, "heroku pg:credentials:url -a app"),
        (Secret, "heroku authorizations:create"),
        (Read, "heroku --version"),
        (OpenWorld, "heroku ps -a app"),
        (OpenWorld, "heroku auth:whoami"),
        (Opaque, "heroku $CMD"),
    ],
    manual: "Heroku CLI commands (devcenter.heroku.com/articles/heroku-cli-commands), not installed here",
};

fn heroku(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if only_help(
        run.inv,
        &["--version", "-v", "version", "--help", "-h", "help"],
    ) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    let words = command_words(run.inv, &|w| {
        matches!(w, "-a" | "--app" | "-r" | "--remote")
    });
    let first = match words.first() {
        None => {
            say(r, run, Read, "prints its help");
            return;
        }
        Some(None) => {
            unknown_word(r, run, "the command");
            return;
        }
        Some(Some(w)) => w.clone(),
    };
    let secret = matches!(
        first.as_str(),
        "auth:token"
            | "config"
            | "config:get"
            | "config:show"
            | "pg:credentials"
            | "pg:credentials:url"
            | "redis:credentials"
            | "authorizations:create"
            | "authorizations:info"
            | "authorizations:rotate"
    );
    if secret {
        say(
            r,
            run,
            Secret,
            "prints a Heroku token or an app's secret settings",
        );
    } else {
        say(r, run, OpenWorld, "talks to Heroku");
    }
}

// ---------------------------------------------------------------- gcore

pub const GCORE: Program = Program {
    names: &["gcore"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: gcore,
    examples: examples![(Secret, "gcore 1"), (Secret, "gcore -o /tmp/x $PPID")],
    manual: "gcore(1) from GDB: dumps a running process's memory to a core file",
};

fn gcore(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    say(
        r,
        run,
        Secret,
        "dumps a running process's memory, where its environment and keys are",
    );
}

// ---------------------------------------------------------------- gpg-connect-agent

pub const GPG_AGENT: Program = Program {
    names: &["gpg-connect-agent"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: gpg_agent,
    examples: examples![
        (Read, "gpg-connect-agent --version"),
        (Secret, "gpg-connect-agent 'keyinfo --list' /bye"),
        (Secret, "gpg-connect-agent 'export_key ABCDEF' /bye"),
    ],
    manual:
        "GnuPG 2.2 gpg-connect-agent(1): sends commands to the agent that holds the secret keys",
};

fn gpg_agent(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    if only_help(run.inv, &["--version", "--help", "-h"]) {
        say(r, run, Read, "prints its version or help");
        return;
    }
    say(
        r,
        run,
        Secret,
        "talks to the gpg agent, which holds the secret keys (export_key, pksign, pkdecrypt)",
    );
}

// ------------------------------------ fly, glab, pulumi, sops, ansible-vault

/// Deploy and secrets CLIs whose named commands print a token or decrypt a
/// secret: `fly auth token`, `glab auth status -t`, `glab config get
/// token`, pulumi's `--show-secrets`, `sops -d`/`decrypt`/`exec-env`,
/// `ansible-vault view`/`decrypt`, `stripe config --list`, composer's
/// `config --list` (its global auth.json merged in) or a credential key
/// read back, keepassxc-cli's `show -s` and `export`, doppler's and
/// infisical's `secrets` listings, `direnv dump`/`export`, `dotenv
/// list`/`get`, `rclone config show`/`dump`, `s3cmd --dump-config`, `lpass
/// show`, `aws-vault export`/`exec`, `chamber read`/`export`/`exec`. Every other
/// command of theirs is read as before, as a program wicket does not know.
pub const REVEALERS: Program = Program {
    names: &[
        "fly",
        "flyctl",
        "glab",
        "pulumi",
        "sops",
        "ansible-vault",
        "stripe",
        "composer",
        "keepassxc-cli",
        "doppler",
        "infisical",
        "direnv",
        "dotenv",
        "rclone",
        "s3cmd",
        "lpass",
        "aws-vault",
        "chamber",
    ],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: revealers,
    examples: examples![
        (Secret, "fly auth token"),
        (Secret, "flyctl auth token"),
        (Secret, "fly tokens create deploy"),
        (Secret, "glab auth status -t"),
        (Secret, "glab auth status --show-token"),
        (Secret, "glab config get token"),
        (Secret, "pulumi config --show-secrets"),
        (Secret, "pulumi stack output --show-secrets"),
        (Secret, "pulumi stack export --show-secrets"),
        (Secret, "sops -d secrets.yaml"),
        (Secret, "sops --decrypt secrets.yaml"),
        (Secret, "sops decrypt secrets.yaml"),
        (Secret, "sops exec-env secrets.env env"),
        (Secret, "ansible-vault view vault.yml"),
        (Secret, "ansible-vault decrypt vault.yml --output -"),
        (Secret, "stripe config --list"),
        (Secret, "composer config --global --list"),
        (Secret, "composer config -g -l"),
        (Secret, "composer config --list"),
        (Secret, "composer config -g github-oauth.github.com"),
        (Secret, "composer config --global http-basic.repo.example.org"),
        (Secret, "keepassxc-cli show -s db.kdbx entry"),
        (Secret, "keepassxc-cli show --show-protected db.kdbx entry"),
        (Secret, "keepassxc-cli export db.kdbx"),
        (Secret, "doppler secrets"),
        (Secret, "doppler secrets get API_KEY --plain"),
        (Secret, "doppler secrets download --no-file"),
        (Secret, "infisical secrets"),
        (Secret, "infisical export"),
        (Secret, "direnv dump"),
        (Secret, "direnv export json"),
        (Secret, "dotenv list"),
        (Secret, "dotenv get API_KEY"),
        (Secret, "rclone config show"),
        (Secret, "rclone config show s3remote"),
        (Secret, "rclone config dump"),
        (Secret, "rclone --config ~/x.conf config dump"),
        (Secret, "s3cmd --dump-config"),
        (Secret, "s3cmd -c ~/.s3cfg --dump-config"),
        (Secret, "lpass show mail"),
        (Secret, "lpass show --password mail"),
        (Secret, "aws-vault export prod"),
        (Secret, "aws-vault exec prod -- env"),
        (Secret, "chamber read app key"),
        (Secret, "chamber export app"),
        (OpenWorld, "rclone config redacted"),
        (OpenWorld, "rclone copy a remote:b"),
        (OpenWorld, "s3cmd ls s3://bucket"),
        (OpenWorld, "lpass ls"),
        (OpenWorld, "aws-vault list"),
        (OpenWorld, "chamber list app"),
        (OpenWorld, "direnv allow"),
        (OpenWorld, "composer install"),
        (OpenWorld, "composer config minimum-stability dev"),
        (Secret, "keepassxc-cli ls db.kdbx"),
        (OpenWorld, "fly deploy"),
        (OpenWorld, "glab mr list"),
        (OpenWorld, "glab auth status"),
        (OpenWorld, "pulumi up --yes"),
        (OpenWorld, "sops -e secrets.yaml"),
        (OpenWorld, "stripe listen"),
        (Opaque, "fly $CMD token"),
    ],
    manual: "flyctl, glab, pulumi, sops, ansible-vault, stripe, composer, keepassxc-cli, doppler, infisical, direnv, python-dotenv, rclone, s3cmd, lastpass-cli, aws-vault and chamber's documented commands; not installed here",
};

/// `composer config` prints the merged settings (`-l`, `--list`, bundled
/// `-gl`) or reads back one key, where a credential key is auth.json's.
fn composer_reveals(inv: &Invocation) -> bool {
    let words: Vec<&str> = inv.argv.iter().skip(1).filter_map(Arg::text).collect();
    // After `-d DIR` or `--working-dir DIR`, wherever the command stands.
    let Some(at) = words.iter().position(|w| *w == "config") else {
        return false;
    };
    let words = &words[at..];
    let list = words.iter().any(|w| {
        *w == "--list" || (w.starts_with('-') && !w.starts_with("--") && w[1..].contains('l'))
    });
    let operands: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .skip(1)
        .collect();
    let credential = operands.len() == 1
        && [
            "github-oauth",
            "gitlab-oauth",
            "gitlab-token",
            "http-basic",
            "bearer",
            "bitbucket-oauth",
            "forgejo-token",
        ]
        .iter()
        .any(|k| operands[0].starts_with(k));
    list || credential
}

fn revealers(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let words = command_words(run.inv, &|w| {
        matches!(
            w,
            "-a" | "--app"
                | "-R"
                | "--repo"
                | "-s"
                | "--stack"
                | "-C"
                | "--cwd"
                | "--config"
                | "--vault-id"
                | "--vault-password-file"
                | "--output"
                | "--project-name"
        )
    });
    // Words only known when it runs are left to the reading of a program
    // wicket does not know, which holds them.
    let known: Vec<&str> = words.iter().map_while(|w| w.as_deref()).collect();
    let first = known.first().copied().unwrap_or("");
    let second = known.get(1).copied().unwrap_or("");
    let name = run.name;
    let reveals = match name {
        "fly" | "flyctl" => matches!((first, second), ("auth", "token") | ("tokens", "create")),
        "glab" => {
            (first, second) == ("auth", "status") && has(run.inv, &["-t", "--show-token"])
                || (first, second) == ("config", "get") && known.get(2) == Some(&"token")
        }
        "pulumi" => has(run.inv, &["--show-secrets"]),
        "sops" => {
            has(run.inv, &["-d", "--decrypt"])
                || matches!(first, "decrypt" | "exec-env" | "exec-file")
        }
        "ansible-vault" => matches!(first, "view" | "decrypt" | "edit"),
        "stripe" => first == "config" && has(run.inv, &["--list", "-l"]),
        "composer" => composer_reveals(run.inv),
        // Secret managers' listings print values, direnv's dump and export
        // print the environment (its .envrc's values among it), python-dotenv
        // prints the .env file.
        "doppler" => first == "secrets" && !matches!(second, "set" | "delete" | "upload"),
        "infisical" => matches!(first, "secrets" | "export") && !matches!(second, "set" | "delete"),
        "direnv" => matches!(first, "dump" | "export"),
        "dotenv" => matches!(first, "list" | "get"),
        // rclone's `config show` prints the configuration file (S3 keys in
        // clear, passwords only obscured, which `rclone reveal` undoes),
        // `config dump` the same as JSON; s3cmd's `--dump-config` prints
        // its access and secret keys; lastpass-cli's `show` prints an
        // entry's password; aws-vault's `export` and `exec` hand the
        // session's keys to the output or to a program (`-- env`);
        // chamber's `read`, `export` and `exec` the same for a service's
        // secrets.
        "rclone" => first == "config" && matches!(second, "show" | "dump"),
        "s3cmd" => has(run.inv, &["--dump-config"]),
        "lpass" => first == "show",
        "aws-vault" => matches!(first, "export" | "exec"),
        "chamber" => matches!(first, "read" | "export" | "exec"),
        "keepassxc-cli" => {
            first == "show" && has(run.inv, &["-s", "--show-protected"])
                || matches!(first, "export" | "attachment-export")
        }
        _ => false,
    };
    if reveals {
        say(r, run, Secret, "prints a token or a decrypted secret");
    } else {
        super::legacy::unknown(r, name, run.inv, scope);
    }
}
