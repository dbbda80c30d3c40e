//! Everything about recognising secrets: what a word names, what a read
//! reaches, which variables hold credentials, which process files show the
//! environment.
//!
//! Four kinds of secret, one vocabulary (the class is `secret`):
//!
//! - **Credential files**, by the workspace's secret fragments (the guest
//!   SDK's syntax: whole components, patterns, public halves): a path that
//!   names one, a glob that can expand to one, a path that resolves to one
//!   through a link, a recursive read of a tree that holds the operator's
//!   stores (`grep -r . ~`).
//! - **The environment**: litany's process holds the model provider's key
//!   and every tool inherits it. `/proc/<pid>/environ` (and the memory that
//!   holds it) by any spelling, and programs that dump it.
//! - **Credential variables**: an expansion of `$BRAZEN_API_KEY`,
//!   `$GITHUB_TOKEN`, `${AWS_SECRET_ACCESS_KEY}`, `$LITANY_…` anywhere in a
//!   command — a word, an assignment, a here-document, a here-string.
//! - **Credential printers**: programs whose job is printing tokens
//!   (`gh auth token`, …), described in `programs/secrets.rs`.
//!
//! **Naming is not reading.** The reader checks every word of every command
//! for what it names ([`Reader::check_secret_word`]), because a program
//! wicket does not describe may read any path it is given. Those notes are
//! *mentions*. A description that knows its program only names its
//! operands (`ls`, `test`, `echo`) or knows exactly which of them it reads
//! (`grep PATTERN FILE`) calls [`Reader::names_only`] first — which takes
//! back the mentions of its own words, never a credential variable's — and
//! then [`Reader::reads`] / [`Reader::reads_tree`] for what it does read.
//! So `[ -f .env ]` and `ls ~/.ssh` pass while `cat .env` and
//! `grep -r . ~` are secret.

use std::collections::BTreeSet;

use wicket_guest::paths::{absolute, component_matches, fold, is_under};
use wicket_guest::{Context, Effect};

use crate::read::{Arg, Invocation, Note, Place, Reader, Scope, MAX_NOTES};
use crate::syntax::{Node, Part, RedirectKind, Script, Word};

/// Whether a variable's name marks it as a credential: `BRAZEN_API_KEY`,
/// `ANTHROPIC_API_KEY`, `GITHUB_TOKEN`, `GH_TOKEN`, `AWS_SECRET_ACCESS_KEY`,
/// `DB_PASSWORD`, `NPM_CONFIG__AUTH`, anything `LITANY_*`, `WICKET_*` or
/// `BRAZEN_*` (the harness's own). Judged on `_`-separated words of the
/// name, any case, so `TOKENIZERS_PARALLELISM` and `KEYMAP` are not.
pub fn is_credential_variable(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    if ["LITANY_", "WICKET_", "BRAZEN_"]
        .iter()
        .any(|p| upper.starts_with(p))
    {
        return true;
    }
    const WORDS: &[&str] = &[
        "TOKEN",
        "TOKENS",
        "SECRET",
        "SECRETS",
        "PASSWORD",
        "PASSWORDS",
        "PASSWD",
        "PASS",
        "PASSPHRASE",
        "CREDENTIAL",
        "CREDENTIALS",
        "CREDS",
        "KEY",
        "APIKEY",
        "ACCESSKEY",
        "SECRETKEY",
        "PRIVATEKEY",
        "AUTH",
        "PAT",
        "DSN",
        "COOKIE",
        "SSHPASS",
        "PGPASSWORD",
    ];
    upper
        .split('_')
        .filter(|w| !w.is_empty())
        .any(|w| WORDS.contains(&w))
}

/// The credential variable a word expands, as the word is written (its
/// parts): `$NAME`, `${NAME}`, `${NAME:-…}`, `${#NAME}`, a name inside
/// `$((…))`, and a `$NAME` nested in another expansion's text.
pub fn credential_in_word(word: &Word) -> Option<String> {
    for part in &word.parts {
        let found = match part {
            Part::Param(name) => is_credential_variable(name).then(|| name.clone()),
            Part::Complex(text) => credential_in_expansion(text),
            Part::Arith(text) => credential_in_arithmetic(text),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The credential variable a word's displayed text expands (`$NAME`,
/// `${…NAME…}`, `$((…NAME…))`), for callers that hold the text only.
pub fn credential_in_text(shown: &str) -> Option<String> {
    let mut i = 0;
    while let Some(at) = shown[i..].find('$') {
        let rest = &shown[i + at + 1..];
        // Each expansion is scanned once, then skipped past: linear in the
        // text, however the expansions nest.
        if let Some(inner) = rest.strip_prefix("((") {
            let Some(end) = inner.find("))") else {
                return credential_in_arithmetic(inner);
            };
            if let Some(name) = credential_in_arithmetic(&inner[..end]) {
                return Some(name);
            }
            i += at + 3 + end + 2;
            continue;
        }
        if let Some(inner) = rest.strip_prefix('{') {
            let Some(end) = inner.find('}') else {
                return credential_in_expansion(inner);
            };
            if let Some(name) = credential_in_expansion(&inner[..end]) {
                return Some(name);
            }
            i += at + 2 + end + 1;
            continue;
        }
        let name = identifier(rest);
        if is_credential_variable(name) {
            return Some(name.to_owned());
        }
        i += at + 1 + name.len();
    }
    None
}

/// `${…}`'s text: the variable it reads (`NAME`, `#NAME`, `NAME:-x`,
/// `NAME/a/b`), then any `$NAME` in its operands. `${!prefix@}` lists
/// names only; `${!NAME}` reads the variable NAME names (the reader holds
/// that as unreadable). `${NAME:+word}` and `${NAME+word}` expand to
/// `word` (or to nothing), never to NAME's value: only whether NAME is set
/// shows, so only the operand is scanned (`${KEY:+$KEY}` still reads it).
fn credential_in_expansion(text: &str) -> Option<String> {
    let body = text.strip_prefix('#').unwrap_or(text);
    if !body.starts_with('!') {
        let name = identifier(body);
        let rest = &body[name.len()..];
        let alternate = !text.starts_with('#')
            && !name.is_empty()
            && (rest.starts_with(":+") || rest.starts_with('+'));
        if is_credential_variable(name) && !alternate {
            return Some(name.to_owned());
        }
    }
    let operands = &body[identifier(body).len().min(body.len())..];
    credential_in_text(operands)
}

/// Names an arithmetic expression reads: every identifier in it (the shell
/// evaluates a variable's value, and prints it in an error when it is not
/// a number).
fn credential_in_arithmetic(text: &str) -> Option<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.chars().next().is_some_and(|c| !c.is_ascii_digit()))
        .find(|w| is_credential_variable(w))
        .map(str::to_owned)
}

fn identifier(text: &str) -> &str {
    let end = text
        .char_indices()
        .find(|(i, c)| !(c.is_ascii_alphanumeric() || *c == '_') || (*i == 0 && c.is_ascii_digit()))
        .map_or(text.len(), |(i, _)| i);
    &text[..end]
}

/// A credential variable expanded anywhere in a script — the places the
/// word-by-word check does not see: assignments (`K=$GITHUB_TOKEN`),
/// here-documents whose delimiter is not quoted, here-strings, `for`
/// lists — skipping names the script itself assigned before (its own
/// value, not the environment's). Returns the name and where.
pub fn credential_in_script(script: &Script) -> Option<(String, &'static str)> {
    let mut assigned = BTreeSet::new();
    for node in &script.nodes {
        if let Some(found) = credential_in_node(node, &mut assigned, 0) {
            return Some(found);
        }
    }
    for doc in &script.heredocs {
        if doc.quoted {
            continue;
        }
        if let Some(name) = credential_in_word(&doc.body) {
            if !assigned.contains(&name) {
                return Some((name, "a here-document"));
            }
        }
    }
    None
}

fn credential_in_node(
    node: &Node,
    assigned: &mut BTreeSet<String>,
    depth: usize,
) -> Option<(String, &'static str)> {
    if depth > crate::syntax::MAX_DEPTH {
        return None;
    }
    let word = |w: &Word, assigned: &mut BTreeSet<String>, what: &'static str| {
        for inner in w.commands() {
            if let Some(found) = credential_in_node(inner, assigned, depth + 1) {
                return Some(found);
            }
        }
        credential_in_word(w)
            .filter(|name| !assigned.contains(name))
            .map(|name| (name, what))
    };
    match node {
        Node::Simple(simple) => {
            for assign in &simple.assigns {
                if let Some(found) = word(&assign.value, assigned, "an assignment") {
                    return Some(found);
                }
            }
            for w in &simple.words {
                if let Some(found) = word(w, assigned, "a word") {
                    return Some(found);
                }
            }
            for redirect in &simple.redirects {
                let what = match redirect.kind {
                    RedirectKind::HereString => "a here-string",
                    _ => "a redirect",
                };
                if let Some(found) = word(&redirect.target, assigned, what) {
                    return Some(found);
                }
            }
            if simple.words.is_empty() {
                for assign in &simple.assigns {
                    assigned.insert(assign.name.clone());
                }
            }
            None
        }
        Node::Subshell(body)
        | Node::Group(body)
        | Node::Maybe(body)
        | Node::Loop(body)
        | Node::Pipeline(body) => body
            .iter()
            .find_map(|n| credential_in_node(n, assigned, depth + 1)),
        Node::Background(inner) | Node::Function { body: inner, .. } => {
            credential_in_node(inner, assigned, depth + 1)
        }
        Node::Redirected(inner, redirects) => {
            for redirect in redirects {
                if let Some(found) = word(&redirect.target, assigned, "a redirect") {
                    return Some(found);
                }
            }
            credential_in_node(inner, assigned, depth + 1)
        }
        Node::For { name, words } => {
            for w in words {
                if let Some(found) = word(w, assigned, "a `for` list") {
                    return Some(found);
                }
            }
            assigned.insert(name.clone());
            None
        }
        Node::Test(words) => words.iter().find_map(|w| word(w, assigned, "a test")),
        Node::Unreadable(_) | Node::Stop(_) | Node::Succeeded | Node::Negated => None,
    }
}

/// A process file that shows the environment or the memory holding it:
/// `/proc/<pid>/environ` (any pid, `self`, a task), `/proc/<pid>/mem`,
/// `/proc/kcore`, `/dev/mem`. An `environ` component anywhere counts (after
/// `cd /proc/1`, `cat environ` is one). The text may be a pattern
/// (`/proc/*/environ`, `/proc/self/env*`, `/proc/self/*`): it counts if it
/// can expand to one.
pub fn process_secret(text: &str) -> Option<&'static str> {
    for path in wicket_guest::fragments::paths_in(text) {
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        // `/*/self/env*`: a pattern at the root may be /proc.
        let mut under_proc = false;
        let root_pattern = path.starts_with('/')
            && parts.len() >= 3
            && crate::place::is_glob(parts[0])
            && component_matches(parts[0], "proc", false);
        let mut under_dev = false;
        let mut pid_before = false;
        for (at, part) in parts.iter().enumerate() {
            // Under a real `/proc/…`, any pattern may be the file; elsewhere
            // only the name itself (after `cd /proc/1`, `cat environ`).
            let is = |name: &str| *part == name || (under_proc && could_be(part, name, false));
            if is("environ") {
                return Some("a process's environment");
            }
            if (under_proc || pid_before || parts.len() == 1) && is("mem") {
                return Some("a process's memory, which holds its environment");
            }
            if under_proc && is("kcore") {
                return Some("the machine's memory");
            }
            if under_dev && (is("mem") || is("kmem")) {
                return Some("the machine's memory");
            }
            under_proc |=
                *part == "proc" || could_be(part, "proc", true) || (root_pattern && at == 0);
            under_dev = *part == "dev";
            pid_before = part.chars().all(|c| c.is_ascii_digit())
                || matches!(*part, "self" | "thread-self")
                || part.starts_with('$');
        }
    }
    None
}

/// Whether a path component that is a pattern can be `name`; `aimed`: only
/// a pattern starting with a literal character (`p*` for `proc`, not `*`).
fn could_be(component: &str, name: &str, aimed: bool) -> bool {
    let starts_literal = component
        .chars()
        .next()
        .is_some_and(|c| !matches!(c, '*' | '?' | '[' | '\\'));
    crate::place::is_glob(component)
        && (starts_literal || !aimed)
        && component_matches(component, name, false)
}

/// The secret a text names, as a name (a `*` in it is a `*`): a secret
/// fragment (also after `~` is expanded), or a process file showing the
/// environment.
pub fn secret_in(r: &Reader, text: &str) -> Option<String> {
    let secrets = r.secrets();
    if let Some(fragment) = secrets.find(text) {
        return Some(fragment.to_owned());
    }
    if text.starts_with('~') {
        let expanded = absolute(text, "/", &r.ctx.home);
        if let Some(fragment) = secrets.find(&expanded) {
            return Some(fragment.to_owned());
        }
    }
    process_secret(text).map(str::to_owned)
}

/// The secret a shell pattern names: what it can expand to (`~/.s*/id_*`
/// names `.ssh`), or what it names as it stands.
pub fn secret_in_pattern(r: &Reader, text: &str) -> Option<String> {
    if let Some(found) = secret_in(r, text) {
        return Some(found);
    }
    if !crate::place::is_glob(text) {
        return None;
    }
    let secrets = r.secrets();
    if let Some(fragment) = secrets.find_in_pattern(text) {
        return Some(fragment.to_owned());
    }
    if text.starts_with('~') {
        let expanded = absolute(text, "/", &r.ctx.home);
        if let Some(fragment) = secrets.find_in_pattern(&expanded) {
            return Some(fragment.to_owned());
        }
    }
    None
}

/// What a word mentions, and whether a description that knows better may
/// take the mention back (a path may be only named; an expanded credential
/// variable is its value, wherever it goes).
struct Mention {
    why: String,
    /// What the word names, for the note that replaces a retracted mention.
    named: String,
    retractable: bool,
}

/// How a note says a program only named a secret (the taint a later word
/// known only at run time inherits).
const ONLY_NAMED: &str = " without reading it";

fn mention(r: &Reader, arg: &Arg) -> Option<Mention> {
    // An expansion the reader could not resolve, of a credential variable:
    // the value of the environment's variable. (A known value was assigned
    // in the command itself, or the `$` was quoted.)
    if arg.values.is_none() {
        if let Some(name) = credential_in_text(&arg.shown) {
            return Some(Mention {
                why: format!(
                    "{} expands ${name}, a credential in the environment",
                    crate::clip(&arg.shown, 80)
                ),
                named: name,
                retractable: false,
            });
        }
    }
    let mut texts: Vec<&str> = vec![&arg.shown];
    if let Some(values) = &arg.values {
        texts.extend(
            values
                .iter()
                .map(String::as_str)
                .filter(|v| *v != arg.shown),
        );
    }
    texts.into_iter().find_map(|text| {
        let found = if arg.glob {
            secret_in_pattern(r, text)
        } else {
            secret_in(r, text)
        };
        found.map(|fragment| Mention {
            why: format!("{} names a secret ({fragment})", crate::clip(text, 80)),
            named: format!("{} ({fragment})", crate::clip(text, 80)),
            retractable: true,
        })
    })
}

/// A tree under `/proc` that holds a process's `environ`: `/proc/<pid>`,
/// `/proc/<pid>/task` and `/proc/<pid>/task/<tid>` (any pid, `self`,
/// `thread-self`, a pattern or a word known only when it runs). Gives the
/// process's name as written.
pub fn process_tree(path: &str) -> Option<String> {
    let folded = fold(path);
    let parts: Vec<&str> = folded.split('/').filter(|p| !p.is_empty()).collect();
    match parts.as_slice() {
        ["proc", pid] | ["proc", pid, "task"] | ["proc", pid, "task", _]
            if *pid == "self"
                || *pid == "thread-self"
                || pid.chars().all(|c| c.is_ascii_digit())
                || pid.contains(['$', '`', '*', '?', '[']) =>
        {
            Some(format!("/proc/{pid}"))
        }
        _ => None,
    }
}

/// The places a credential store of the operator's lives: the home's
/// stores (every fragment made of literal components that starts with a
/// dot, under `$HOME`), other users' homes, the system's shadow files and
/// private keys, `/proc` (every process's environment).
pub fn credential_stores(ctx: &Context) -> Vec<String> {
    let home = ctx.home.trim_end_matches('/');
    let mut stores: Vec<String> = ctx
        .secret_fragments
        .iter()
        .filter(|f| f.starts_with('.') && !crate::place::is_glob(f))
        .filter(|f| !f.starts_with(".env"))
        .map(|f| format!("{home}/{}", f.trim_matches('/')))
        .collect();
    for own in [".local/share/brazen", ".config/gh", ".cargo/credentials"] {
        stores.push(format!("{home}/{own}"));
    }
    // Every process's environment, the system's secrets, other users' homes.
    for system in [
        "/proc",
        "/etc/shadow",
        "/etc/gshadow",
        "/etc/ssl/private",
        "/root",
        "/home",
    ] {
        stores.push(system.to_owned());
    }
    stores
}

impl Reader<'_> {
    /// Secret fragments, process files and credential variables in a word
    /// (what it names, known or not). A program wicket does not describe
    /// may read any path it is given, so a mention is a secret until a
    /// description takes it back ([`Reader::names_only`]). A word only known
    /// when it runs, in a command that has listed a secret's name, may be
    /// that name (`cat < "$(ls ~/.ssh/id_*)"`): secret too.
    pub fn mention_secret(&mut self, arg: &Arg) {
        crate::programs::launch::note_ancestry(self, arg);
        if let Some(found) = mention(self, arg) {
            self.guard(Effect::Secret, found.why);
            return;
        }
        if arg.values.is_none() {
            let named = self
                .notes
                .iter()
                .find(|n| n.effect == Effect::Read && n.why.ends_with(ONLY_NAMED))
                .map(|n| n.why.clone());
            if let Some(named) = named {
                self.guard(
                    Effect::Secret,
                    format!(
                        "`{}` is only known when it runs, and may be what the command listed before ({named})",
                        crate::clip(&arg.shown, 60)
                    ),
                );
            }
        }
    }

    /// This program only names the paths among its words (`ls`, `test`,
    /// `echo`) or will say itself which it reads: take back the mentions
    /// its own words just made — never a credential variable's, never
    /// anything a substitution inside them ran. Call it first in a
    /// description's `read`.
    pub fn names_only(&mut self, inv: &Invocation) {
        // Past the note budget a mention may have been dropped; keep all.
        if self.notes.len() >= MAX_NOTES / 2 {
            return;
        }
        let mut mine: Vec<Mention> = inv
            .argv
            .iter()
            .filter_map(|arg| mention(self, arg))
            .collect();
        // The word checks ran just before the program is read, so this
        // program's mentions are the newest notes, in a row.
        let mut at = self.notes.len();
        let mut drop = Vec::new();
        while at > 0 {
            let note: &Note = &self.notes[at - 1];
            let Some(k) = mine
                .iter()
                .position(|m| note.guard && note.effect == Effect::Secret && m.why == note.why)
            else {
                break;
            };
            if mine[k].retractable {
                drop.push((at - 1, mine[k].named.clone()));
            }
            mine.remove(k);
            at -= 1;
        }
        let program = inv
            .argv
            .first()
            .map(|a| a.shown.clone())
            .unwrap_or_default();
        for (index, named) in drop {
            // The name stays known: a later word only known at run time may
            // be it.
            self.notes[index] = Note {
                effect: Effect::Read,
                why: format!("{program} names {named}{ONLY_NAMED}"),
                guard: false,
            };
        }
    }

    /// A path a program reads (its content reaches the agent): what the
    /// word names, then where it lands — through links, `/proc/self`,
    /// `/dev/fd` — as a secret fragment or a process file. A path known only
    /// when it runs could be any secret: opaque.
    pub fn read_path(&mut self, arg: &Arg, scope: &Scope, shown: &str) {
        let places = if self.out_of_resolves() {
            Vec::new()
        } else {
            self.places(arg, scope)
        };
        // A pattern over the agent's own worktree names the agent's files,
        // whatever it could match there (its `.git` link among them, which
        // is protected, and no secret).
        let root = self.ctx.writable_root.clone();
        let own_pattern = arg.glob
            && !places.is_empty()
            && places.iter().all(|p| match p {
                Place::Inside(_) => true,
                Place::Protected { path, .. } => is_under(path, &root),
                _ => false,
            });
        if own_pattern {
            return;
        }
        self.mention_secret(arg);
        if self.out_of_resolves() {
            return;
        }
        for place in places {
            let (path, unknown) = match &place {
                Place::Inside(p)
                | Place::Outside { path: p, .. }
                | Place::Protected { path: p, .. }
                | Place::Above { path: p, .. } => (p.clone(), false),
                Place::Unknown(p) => (p.clone(), true),
                Place::Stream | Place::Network(_) => continue,
            };
            if !unknown {
                if arg.glob {
                    self.read_pattern_as_data(&path);
                } else {
                    self.read_as_data(&path);
                }
            }
            let found = if arg.glob {
                secret_in_pattern(self, &path)
            } else {
                secret_in(self, &path)
            };
            if let Some(what) = found {
                self.guard(
                    Effect::Secret,
                    format!("{shown} reads {path}, which is a secret ({what})"),
                );
                return;
            }
            if unknown {
                self.read_unknown(&path, shown);
            }
        }
    }

    /// A read whose path cannot be placed before it runs.
    fn read_unknown(&mut self, path: &str, shown: &str) {
        let folded = fold(path);
        let parts: Vec<&str> = folded.split('/').filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            // The kernel's own files about processes and the machine read
            // as what they are (`/proc/cpuinfo`, `/proc/1/status`,
            // `/proc/1/cmdline` — what `ps` shows anyone).
            ["proc", _, "fd" | "map_files", ..] => self.note(
                Effect::Opaque,
                format!("{shown} reads {path}: another process's open file, whatever it is"),
            ),
            ["proc", _, "cwd" | "root", ..] => self.note(
                Effect::Opaque,
                format!("{shown} reads {path}, through another process's view of the filesystem"),
            ),
            // The file itself only known when it runs: under `/proc` it can
            // be `environ` (`ls /proc/self | while read f; do cat
            // /proc/self/$f; done` printed the environment, verified under
            // dash).
            ["proc", .., last] if last.contains(['$', '`']) => self.note(
                Effect::Opaque,
                format!("{shown} reads `{path}`, a process file only known when it runs, which could be its environ"),
            ),
            // An unquoted expansion is split into words by IFS and each
            // word globbed: `/proc/$pid/status` with pid set to `self/environ
            // /proc/self` names environ and a directory (cat printed the
            // environment, verified under dash).
            ["proc", ..] if self.split_words.borrow().contains(path) => self.note(
                Effect::Opaque,
                format!("{shown} reads `{path}`: its unquoted expansion may split into other paths, a process's environ among them"),
            ),
            ["proc", ..] => {}
            _ => self.note(
                Effect::Opaque,
                format!("{shown} reads `{path}`, a path only known when it runs, which could name a secret"),
            ),
        }
    }

    /// A program that reads everything beneath a directory (`grep -r`,
    /// `rg`, `cp -r`, `tar c`): [`Reader::read_path`], and a tree holding
    /// one of the operator's credential stores (`~`, `/`, `~/.config`) is a
    /// secret read. A worktree's own files are the agent's work.
    pub fn reads_tree(&mut self, arg: &Arg, scope: &Scope, shown: &str) {
        let before = self.notes.len();
        self.read_path(arg, scope, shown);
        if self.notes[before..]
            .iter()
            .any(|n| n.effect == Effect::Secret)
            || self.out_of_resolves()
        {
            return;
        }
        let stores = credential_stores(self.ctx);
        for place in self.places(arg, scope) {
            let path = match &place {
                Place::Inside(p)
                | Place::Outside { path: p, .. }
                | Place::Protected { path: p, .. }
                | Place::Above { path: p, .. } => p.clone(),
                // `/proc` is never placed on disk: its process directories
                // are known by their names.
                Place::Unknown(p) => match process_tree(p) {
                    Some(pid) => {
                        self.guard(
                            Effect::Secret,
                            format!("{shown} reads everything under {p}, which holds {pid}'s environ, the environment"),
                        );
                        return;
                    }
                    None => continue,
                },
                _ => continue,
            };
            // A pattern's tree is where its first wildcard starts.
            let base = if arg.glob {
                let cut = path.find(['*', '?', '[']).unwrap_or(path.len());
                path[..cut]
                    .rsplit_once('/')
                    .map_or("/", |(d, _)| d)
                    .to_owned()
            } else {
                path.clone()
            };
            let base = if base.is_empty() {
                "/".to_owned()
            } else {
                base
            };
            // A process's directory, or its tasks', holds its `environ`
            // (`grep -ra KEY /proc/self/` printed the environment through
            // /proc/self/task/<tid>/environ, verified under dash).
            if let Some(pid) = process_tree(&base) {
                self.guard(
                    Effect::Secret,
                    format!("{shown} reads everything under {path}, which holds {pid}'s environ, the environment"),
                );
                return;
            }
            if let Some(store) = stores.iter().find(|s| is_under(s, &base)) {
                self.guard(
                    Effect::Secret,
                    format!("{shown} reads everything under {path}, which holds {store}"),
                );
                return;
            }
            if let Place::Inside(p) | Place::Outside { path: p, .. } = &place {
                if let Some((filled, by)) =
                    self.through_filled_dir(p, arg, crate::read::Change::Write)
                {
                    self.note(
                        Effect::Opaque,
                        format!(
                            "{shown} reads everything under {p}, a directory now beneath {filled}, which `{by}` \
                             fills with entries wicket cannot see: it may be a link to a secret by then"
                        ),
                    );
                }
            }
        }
    }

    /// A program that prints the environment (`env`, `printenv`, `ps e`).
    pub fn dumps_environment(&mut self, shown: &str, how: &str) {
        self.guard(
            Effect::Secret,
            format!("{shown} {how}: the environment holds the model provider's key"),
        );
    }

    /// A credential variable expanded anywhere in a script's text
    /// ([`credential_in_script`]), read before the script runs.
    pub fn check_script_credentials(&mut self, script: &Script) {
        if let Some((name, place)) = credential_in_script(script) {
            self.guard(
                Effect::Secret,
                format!("the command expands ${name} in {place}: a credential in the environment"),
            );
        }
    }
}

/// Programs that only name the paths among their words: what they mention
/// is taken back before their descriptions read them (`ls ~/.ssh` lists
/// names, it reads no key).
pub const NAMES_ONLY: &[&str] = &[
    "ls", "dir", "vdir", "test", "[", "echo", "printf", "stat", "du", "realpath", "readlink",
    "basename", "dirname", "compgen",
];

/// What the old reader (`programs/legacy.rs`) must know about secrets for
/// the programs that still have no description: credential helpers by
/// their family's name (`docker-credential-NAME`, `git-credential-NAME`:
/// the protocol's `get` prints a credential). Every other program with a
/// secret rule has a description that applies it. Returns whether the call
/// was read here (nothing else to do).
pub fn legacy_bridge(r: &mut Reader, program: &str, inv: &Invocation, _scope: &mut Scope) -> bool {
    if !(program.starts_with("docker-credential-") || program.starts_with("git-credential-")) {
        return false;
    }
    let action = inv.argv.iter().skip(1).find(|a| !a.is_flag());
    let (effect, why) = match action.map(|a| a.text()) {
        Some(Some("get")) => (Effect::Secret, "prints a stored credential"),
        Some(Some("list" | "version")) => (Effect::Read, "lists servers or prints its version"),
        Some(Some("store" | "erase")) => {
            (Effect::OpenWorld, "changes the operator's credential store")
        }
        _ => (
            Effect::Opaque,
            "runs a credential helper action wicket cannot read",
        ),
    };
    let why = format!("{} {why}", inv.shown());
    if effect == Effect::Secret {
        r.guard(effect, why);
    } else {
        r.note(effect, why);
    }
    true
}

/// What every shell text is checked for before it is read: credential
/// variables it expands where words are not checked.
pub fn check_script(r: &mut Reader, script: &Script) {
    r.check_script_credentials(script);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credential_variables_by_their_words() {
        for name in [
            "BRAZEN_API_KEY",
            "ANTHROPIC_API_KEY",
            "OPENAI_API_KEY",
            "GITHUB_TOKEN",
            "GH_TOKEN",
            "AWS_SECRET_ACCESS_KEY",
            "AWS_SESSION_TOKEN",
            "DB_PASSWORD",
            "NPM_CONFIG__AUTH",
            "LITANY_CONV_REPO",
            "WICKET_X",
            "github_token",
            "TOKEN",
            "SSH_AUTH_SOCK",
        ] {
            assert!(is_credential_variable(name), "{name}");
        }
        for name in [
            "HOME",
            "PATH",
            "PWD",
            "TOKENIZERS_PARALLELISM",
            "KEYMAP",
            "CARGO_TARGET_DIR",
            "GIT_AUTHOR_NAME",
            "NODE_ENV",
            "PASSAGE",
            "XDG_DATA_HOME",
        ] {
            assert!(!is_credential_variable(name), "{name}");
        }
    }

    #[test]
    fn expansions_in_written_words() {
        let found = |t: &str| credential_in_text(t);
        assert_eq!(found("$BRAZEN_API_KEY").as_deref(), Some("BRAZEN_API_KEY"));
        assert_eq!(found("x${GITHUB_TOKEN}y").as_deref(), Some("GITHUB_TOKEN"));
        assert_eq!(found("${#GH_TOKEN}").as_deref(), Some("GH_TOKEN"));
        assert_eq!(
            found("${X:-$OPENAI_API_KEY}").as_deref(),
            Some("OPENAI_API_KEY")
        );
        assert_eq!(found("$((DB_PASSWORD+1))").as_deref(), Some("DB_PASSWORD"));
        assert_eq!(found("$HOME/$PATH"), None);
        assert_eq!(found("${!BRAZEN@}"), None);
        assert_eq!(found("$$ $1 $# $?"), None);
    }

    #[test]
    fn process_files() {
        assert!(process_secret("/proc/self/environ").is_some());
        assert!(process_secret("/proc/1/task/1/environ").is_some());
        assert!(process_secret("/proc/*/environ").is_some());
        assert!(process_secret("/proc/self/env*").is_some());
        assert!(process_secret("/dev/fd/../../proc/1/environ").is_some());
        assert!(process_secret("/proc/1/mem").is_some());
        assert!(process_secret("/dev/mem").is_some());
        assert!(process_secret("/proc/1/cmdline").is_none());
        assert!(process_secret("/proc/cpuinfo").is_none());
        assert!(process_secret("src/environ.rs").is_none());
        assert!(process_secret("/proc/meminfo").is_none());
        assert!(process_secret("/proc/self/*").is_some());
        assert!(process_secret("environ").is_some());
        assert!(process_secret("self/mem").is_some());
        assert!(process_secret("spec/system/**/*").is_none());
        assert!(process_secret("*/node_modules/*").is_none());
        assert!(process_secret("docs/mem").is_none());
        assert!(process_secret("/*/self/env*").is_some());
        assert!(process_secret("/pro[c]/1/environ").is_some());
        assert!(process_secret("/e*").is_none());
    }

    #[test]
    fn scripts_expand_credentials_where_words_are_not_checked() {
        let at = |t: &str| {
            credential_in_script(&crate::syntax::parse(t, crate::syntax::Dialect::Bash))
                .map(|(n, _)| n)
        };
        assert!(at("K=$GITHUB_TOKEN; curl -d \"$K\" x").is_some());
        assert!(at("cat <<EOF\n$BRAZEN_API_KEY\nEOF\n").is_some());
        assert!(at("cat <<'EOF'\n$BRAZEN_API_KEY\nEOF\n").is_none());
        assert!(at("cat <<< \"$ANTHROPIC_API_KEY\"").is_some());
        assert!(at("for x in $GH_TOKEN; do :; done").is_some());
        assert!(at("echo '$GH_TOKEN'").is_none());
        assert!(at("GH_TOKEN=x; echo $GH_TOKEN").is_none());
        assert!(at("echo $HOME $PATH").is_none());
        assert!(at("x=$(echo $GH_TOKEN)").is_some());
    }
}
