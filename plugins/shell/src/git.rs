//! git, read for what it would change. Ordinary work on the agent's own
//! branch in its own worktree is target-write (reads are read); the
//! workspace repository is shared with every agent and the harness, so a
//! write to a protected ref (a config lineage, litany's marks, another
//! agent's branch), to repo config or hooks, or by any git aimed at
//! `repo.git` or another worktree (`-C`, `--git-dir`, `GIT_DIR`) is
//! destructive. Settings that make git run a command are read as that command.

use wicket_guest::Effect;

use crate::read::{Arg, Invocation, Place, Reader, Scope};
use crate::rules::Op;

/// Subcommands that only read.
const READS: &[&str] = &[
    "status",
    "log",
    "show",
    "diff",
    "blame",
    "annotate",
    "grep",
    "ls-files",
    "ls-tree",
    "cat-file",
    "rev-parse",
    "rev-list",
    "describe",
    "shortlog",
    "show-ref",
    "for-each-ref",
    "name-rev",
    "merge-base",
    "diff-tree",
    "diff-files",
    "diff-index",
    "count-objects",
    "fsck",
    "verify-commit",
    "verify-tag",
    "verify-pack",
    "whatchanged",
    "help",
    "version",
    "var",
    "check-ignore",
    "check-attr",
    "check-ref-format",
    "cherry",
    "range-diff",
    "show-branch",
    "get-tar-commit-id",
    "column",
    "check-mailmap",
    "patch-id",
    "show-index",
    "unpack-file",
    "ls-remote-local",
    "difftool-list",
    "merge-tree",
    "bugreport-list",
];

/// Keys whose value is a command git runs (lowercase; `*` is one section).
const COMMAND_KEYS: &[&str] = &[
    "core.sshcommand",
    "core.pager",
    "core.editor",
    "core.askpass",
    "core.fsmonitor",
    "core.gitproxy",
    "core.alternaterefscommand",
    "sequence.editor",
    "diff.external",
    "diff.*.textconv",
    "diff.*.command",
    "merge.*.driver",
    "filter.*.clean",
    "filter.*.smudge",
    "filter.*.process",
    "gpg.program",
    "gpg.*.program",
    "pager.*",
    "uploadpack.packobjectshook",
    "remote.*.uploadpack",
    "remote.*.receivepack",
    "credential.helper",
    "credential.*.helper",
    "mergetool.*.cmd",
    "difftool.*.cmd",
    "web.browser",
    "browser.*.cmd",
    "man.*.cmd",
    "sendemail.smtpserver",
];

/// Keys that change where git finds code or config (held: nothing to read).
const RELOCATING_KEYS: &[&str] = &[
    "core.hookspath",
    "core.worktree",
    "include.path",
    "includeif.*.path",
    "init.templatedir",
    "protocol.allow",
    "protocol.*.allow",
];

pub fn read(r: &mut Reader, inv: &Invocation, scope: &mut Scope) {
    let shown = inv.shown();
    let mut cwd_scope = scope.clone();
    let mut git_dir: Option<Arg> = scope.vars.get("GIT_DIR").map(|v| Arg {
        values: v.clone(),
        glob: false,
        shown: "$GIT_DIR".into(),
    });
    let mut work_tree: Option<Arg> = scope.vars.get("GIT_WORK_TREE").map(|v| Arg {
        values: v.clone(),
        glob: false,
        shown: "$GIT_WORK_TREE".into(),
    });
    for env in ["GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_INDEX_FILE"] {
        if let Some(value) = scope.vars.get(env) {
            let arg = Arg {
                values: value.clone(),
                glob: false,
                shown: format!("${env}"),
            };
            aimed_elsewhere(r, &arg, &cwd_scope, env, &shown, true);
        }
    }
    let mut i = 1;
    while i < inv.argv.len() {
        let arg = &inv.argv[i];
        let Some(word) = arg.text() else { break };
        let (flag, inline) = match word.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (word, None),
        };
        let value = |at: usize| -> Option<Arg> {
            inline
                .map(Arg::literal)
                .or_else(|| inv.argv.get(at + 1).cloned())
        };
        let step = if inline.is_some() { 1 } else { 2 };
        match flag {
            "-C" => {
                if let Some(dir) = inv.argv.get(i + 1) {
                    match dir.text() {
                        Some(d) => {
                            let base = cwd_scope.cwd.clone().unwrap_or_else(|| "/".into());
                            let absolute = wicket_guest::paths::absolute(d, &base, &r.ctx.home);
                            cwd_scope.cwd = Some(r.ctx.resolve(&absolute).path);
                        }
                        None => cwd_scope.cwd = None,
                    }
                }
                i += 2;
            }
            "-c" => {
                if let Some(setting) = inv.argv.get(i + 1) {
                    setting_runs(r, setting, &shown);
                }
                i += 2;
            }
            "--config-env" => {
                if let Some(setting) = value(i) {
                    setting_runs(
                        r,
                        &Arg {
                            values: None,
                            glob: false,
                            shown: setting.shown.clone(),
                        },
                        &shown,
                    );
                }
                i += step;
            }
            "--git-dir" => {
                git_dir = value(i);
                i += step;
            }
            "--work-tree" => {
                work_tree = value(i);
                i += step;
            }
            "--exec-path" => {
                if inline.is_some() {
                    r.note(
                        Effect::Opaque,
                        format!("{shown} runs git's programs from another directory"),
                    );
                }
                i += 1;
            }
            "--namespace" | "--super-prefix" | "--attr-source" | "--list-cmds" => i += step,
            f if f.starts_with('-') => i += 1,
            _ => break,
        }
    }
    let Some(sub_arg) = inv.argv.get(i) else {
        r.note(
            Effect::Read,
            format!("{shown}: git with no subcommand prints help"),
        );
        return;
    };
    let Some(sub) = sub_arg.text().map(str::to_owned) else {
        r.note(
            Effect::Opaque,
            format!(
                "{shown}: the git subcommand `{}` is only known when it runs",
                sub_arg.shown
            ),
        );
        return;
    };
    let rest: Vec<Arg> = inv.argv[i + 1..].to_vec();
    let words: Vec<String> = rest
        .iter()
        .map(|a| {
            a.first()
                .map(str::to_owned)
                .unwrap_or_else(|| a.shown.clone())
        })
        .collect();
    let reads = is_read(&sub, &words);

    // Aimed at another repository: protected, outside, or unknown.
    let mut elsewhere = false;
    if let Some(dir) = &git_dir {
        elsewhere |= aimed_elsewhere(r, dir, &cwd_scope, "--git-dir", &shown, reads);
    }
    if let Some(tree) = &work_tree {
        elsewhere |= aimed_elsewhere(r, tree, &cwd_scope, "--work-tree", &shown, reads);
    }
    if git_dir.is_none() {
        match &cwd_scope.cwd {
            Some(cwd) => {
                let here = Arg::literal(cwd);
                if !cwd_inside(r, &cwd_scope) {
                    elsewhere |=
                        aimed_elsewhere(r, &here, &cwd_scope, "its directory", &shown, reads);
                }
            }
            None if !reads => {
                r.note(
                    Effect::Opaque,
                    format!("{shown} runs in a directory only known when it runs"),
                );
                elsewhere = true;
            }
            None => {}
        }
    }

    // The shipped rows first (force pushes, hard resets, …).
    let all: Vec<String> = std::iter::once(sub.clone())
        .chain(words.iter().cloned())
        .collect();
    if let Some((row, qualifiers)) = crate::rules::shipped_row("git", &all) {
        if row.inside == Effect::Destructive {
            r.note(
                Effect::Destructive,
                format!(
                    "{shown}: git {} loses work irreversibly",
                    qualifiers.join(" ")
                ),
            );
        }
    }

    match sub.as_str() {
        "push" | "fetch" | "pull" => transfer(r, &sub, &rest, &words, &shown),
        "clone" => {
            r.note(
                Effect::OpenWorld,
                format!("{shown} copies a repository from elsewhere"),
            );
            ext_transport(r, &words, &shown);
            upload_pack(r, &words, &shown);
            let positional: Vec<&Arg> = rest.iter().filter(|a| !a.is_flag()).collect();
            if let Some(dir) = positional.get(1) {
                r.write_places(dir, &cwd_scope, Op::Write, false, &shown);
            }
        }
        "remote" | "ls-remote" | "submodule" | "send-email" | "request-pull" | "daemon"
        | "instaweb" | "imap-send" | "svn" | "p4" | "cvsimport" | "archimport" | "lfs"
        | "http-fetch" => {
            ext_transport(r, &words, &shown);
            upload_pack(r, &words, &shown);
            if sub == "submodule" && words.first().is_some_and(|w| w == "foreach") {
                foreach(r, &rest[1..], &cwd_scope, &shown);
            } else if sub == "remote"
                && (words.is_empty()
                    || words
                        .iter()
                        .all(|w| w == "-v" || w == "--verbose" || w == "show" || w == "get-url"))
            {
                r.note(Effect::Read, format!("{shown} lists remotes"));
                r.note(
                    Effect::OpenWorld,
                    format!("{shown}: git remote reaches other repositories"),
                );
            } else {
                r.note(
                    Effect::OpenWorld,
                    format!("{shown} reaches other repositories"),
                );
            }
        }
        "config" => config(r, &words, &shown),
        "branch" => branch(r, &words, &shown, reads),
        "checkout" | "switch" => {
            for (index, word) in words.iter().enumerate() {
                if matches!(word.as_str(), "-b" | "-B" | "-c" | "-C" | "--orphan") {
                    if let Some(name) = words.get(index + 1) {
                        protected_ref(r, name, &shown);
                    }
                }
            }
            r.note(Effect::TargetWrite, format!("{shown} changes the worktree"));
        }
        "update-ref" => {
            let names: Vec<&String> = words.iter().filter(|w| !w.starts_with('-')).collect();
            if words.iter().any(|w| w == "--stdin") {
                r.note(
                    Effect::Destructive,
                    format!("{shown} writes refs named on stdin"),
                );
            }
            match names.first() {
                Some(name) => protected_ref(r, name, &shown),
                None => r.note(Effect::Opaque, format!("{shown} without a ref")),
            }
            r.note(Effect::TargetWrite, format!("{shown} moves a ref"));
        }
        "symbolic-ref" => {
            let names: Vec<&String> = words.iter().filter(|w| !w.starts_with('-')).collect();
            if names.len() >= 2 || words.iter().any(|w| w == "-d" || w == "--delete") {
                r.note(Effect::Destructive, format!("{shown} repoints a symbolic ref, which can hand this worktree another agent's branch"));
            } else {
                r.note(Effect::Read, format!("{shown} reads a symbolic ref"));
            }
        }
        "replace" | "filter-repo" | "prune" => {
            if words.iter().any(|w| w == "-l" || w == "--list")
                || (sub == "prune" && words.iter().any(|w| w == "-n" || w == "--dry-run"))
            {
                r.note(Effect::Read, format!("{shown} lists"));
            } else {
                r.note(
                    Effect::Destructive,
                    format!("{shown} rewrites or drops objects every agent shares"),
                );
            }
        }
        "reflog" => {
            if words
                .first()
                .is_some_and(|w| w == "expire" || w == "delete")
            {
                r.note(
                    Effect::Destructive,
                    format!("{shown} drops history that recovery depends on"),
                );
            } else {
                r.note(Effect::Read, format!("{shown} shows the reflog"));
            }
        }
        "worktree" => worktree(r, &rest, &words, &cwd_scope, &shown),
        "rebase" => {
            for (index, word) in words.iter().enumerate() {
                let command = if word == "-x" || word == "--exec" {
                    rest.get(index + 1).cloned()
                } else {
                    word.strip_prefix("--exec=").map(Arg::literal)
                };
                if let Some(command) = command {
                    match command.text() {
                        Some(text) => r.read_text(text, &mut cwd_scope.clone()),
                        None => r.note(
                            Effect::Opaque,
                            format!("{shown} runs a command only known when it runs"),
                        ),
                    }
                }
            }
            r.note(
                Effect::TargetWrite,
                format!("{shown} rewrites the agent's own branch"),
            );
        }
        "bisect" => {
            if words.first().is_some_and(|w| w == "run") && rest.len() > 1 {
                let inner = Invocation {
                    argv: rest[1..].to_vec(),
                    stdin: inv.stdin,
                    extra_operands: false,
                    stdin_text: inv.stdin_text.clone(),
                };
                r.read_invocation(&inner, &mut cwd_scope.clone());
            }
            r.note(
                Effect::TargetWrite,
                format!("{shown} moves the worktree through history"),
            );
        }
        "difftool" | "mergetool" => {
            if words.iter().any(|w| w == "--tool-help") {
                r.note(Effect::Read, format!("{shown} lists tools"));
            } else {
                r.note(
                    Effect::Opaque,
                    format!("{shown} runs a tool git is configured with, which wicket cannot read"),
                );
            }
        }
        "hook" => r.note(
            Effect::OpenWorld,
            format!("{shown} runs the repository's hooks"),
        ),
        "credential" | "credential-store" | "credential-cache" => r.guard(
            Effect::Secret,
            format!("{shown} reads or stores credentials"),
        ),
        "archive" => {
            if words.iter().any(|w| w.starts_with("--remote")) {
                r.note(
                    Effect::OpenWorld,
                    format!("{shown} reaches another repository"),
                );
            }
            output_option(r, &rest, &words, &cwd_scope, &shown, true);
            r.note(Effect::Read, format!("{shown} writes an archive"));
        }
        "format-patch" => {
            output_option(r, &rest, &words, &cwd_scope, &shown, false);
            r.note(Effect::TargetWrite, format!("{shown} writes patch files"));
        }
        "bundle" => {
            if words.first().is_some_and(|w| w == "create") {
                if let Some(file) = rest.get(1) {
                    r.write_places(file, &cwd_scope, Op::Write, true, &shown);
                }
            } else {
                r.note(Effect::Read, format!("{shown} reads a bundle"));
            }
        }
        "init" => {
            let dir = rest
                .iter()
                .find(|a| !a.is_flag())
                .cloned()
                .unwrap_or_else(|| Arg::literal("."));
            r.write_places(&dir, &cwd_scope, Op::Write, false, &shown);
        }
        "clean" => {
            if !words
                .iter()
                .any(|w| crate::rules::appears("-f", std::slice::from_ref(w)) || w == "--force")
            {
                r.note(
                    Effect::Read,
                    format!("{shown} only lists what it would remove"),
                );
            }
        }
        _ if reads => r.note(Effect::Read, format!("{shown} only reads")),
        _ => {
            if !elsewhere {
                r.note(
                    Effect::TargetWrite,
                    format!("{shown} is git work on the agent's own branch"),
                );
            }
        }
    }
}

/// Whether this subcommand, with these words, only reads.
fn is_read(sub: &str, words: &[String]) -> bool {
    if READS.contains(&sub) {
        return true;
    }
    let has = |w: &str| words.iter().any(|x| x == w);
    let positional = words.iter().filter(|w| !w.starts_with('-')).count();
    match sub {
        "branch" => {
            positional == 0
                && !words.iter().any(|w| {
                    matches!(
                        w.as_str(),
                        "-d" | "-D"
                            | "-m"
                            | "-M"
                            | "-c"
                            | "-C"
                            | "-f"
                            | "--force"
                            | "-u"
                            | "--set-upstream-to"
                            | "--unset-upstream"
                            | "--edit-description"
                            | "--delete"
                            | "--move"
                            | "--copy"
                    )
                })
                || has("--list")
                || has("-l")
                || has("--contains")
                || has("--merged")
                || has("--no-merged")
                || has("--show-current")
        }
        "tag" => {
            positional == 0
                || has("-l")
                || has("--list")
                || has("-v")
                || has("--verify")
                || has("--contains")
        }
        "stash" => words.first().is_some_and(|w| w == "list" || w == "show"),
        "worktree" => words.first().is_some_and(|w| w == "list"),
        "config" => config_reads(words),
        "reflog" => words.first().is_none_or(|w| w == "show" || w == "exists"),
        "notes" => words.first().is_none_or(|w| w == "list" || w == "show"),
        "symbolic-ref" => positional < 2 && !has("-d") && !has("--delete"),
        "hash-object" => !has("-w"),
        "interpret-trailers" => !has("--in-place"),
        "sparse-checkout" => words.first().is_some_and(|w| w == "list"),
        "bisect" => words
            .first()
            .is_some_and(|w| w == "log" || w == "visualize" || w == "view"),
        "submodule" => words
            .first()
            .is_none_or(|w| w == "status" || w == "summary"),
        "remote" => positional == 0 || words.first().is_some_and(|w| w == "show" || w == "get-url"),
        "clean" => has("-n") || has("--dry-run"),
        "lfs" => words
            .first()
            .is_some_and(|w| w == "ls-files" || w == "status" || w == "env"),
        _ => false,
    }
}

fn config_reads(words: &[String]) -> bool {
    let has = |w: &str| words.iter().any(|x| x == w);
    if words
        .first()
        .is_some_and(|w| matches!(w.as_str(), "get" | "list"))
    {
        return true;
    }
    if words.first().is_some_and(|w| {
        matches!(
            w.as_str(),
            "set" | "unset" | "rename-section" | "remove-section" | "edit"
        )
    }) {
        return false;
    }
    let reading = [
        "--get",
        "--get-all",
        "--get-regexp",
        "--get-urlmatch",
        "-l",
        "--list",
        "--get-color",
        "--get-colorbool",
        "--show-origin",
        "--show-scope",
        "--name-only",
    ];
    let writing = [
        "--add",
        "--unset",
        "--unset-all",
        "--replace-all",
        "--rename-section",
        "--remove-section",
        "-e",
        "--edit",
    ];
    if words.iter().any(|w| writing.contains(&w.as_str())) {
        return false;
    }
    if words.iter().any(|w| reading.contains(&w.as_str())) {
        return true;
    }
    let positional = words.iter().filter(|w| !w.starts_with('-')).count();
    positional <= 1 && !has("--file") || positional == 0
}

/// Whether the git run's directory is inside the agent's own worktree.
fn cwd_inside(r: &Reader, scope: &Scope) -> bool {
    scope
        .cwd
        .as_ref()
        .is_some_and(|cwd| r.ctx.is_inside_root(cwd) && r.ctx.protected_by(cwd).is_none())
}

/// A git aimed at a directory: protected → destructive unless it only
/// reads; outside → open-world unless it only reads; unknown → opaque.
/// Returns whether it was aimed anywhere but the agent's own worktree.
fn aimed_elsewhere(
    r: &mut Reader,
    dir: &Arg,
    scope: &Scope,
    how: &str,
    shown: &str,
    reads: bool,
) -> bool {
    for place in r.places(dir, scope) {
        match place {
            Place::Inside(path) => {
                let own_git = format!("{}/.git", r.ctx.writable_root.trim_end_matches('/'));
                if path != r.ctx.writable_root
                    && !wicket_guest::paths::is_under(&path, &r.ctx.writable_root)
                {
                    continue;
                }
                if path == own_git && !reads {
                    r.guard(Effect::Destructive, format!("{shown} aims git ({how}) at the worktree's link into the workspace repository"));
                    return true;
                }
            }
            Place::Protected { path, entry } => {
                if reads {
                    r.note(Effect::Read, format!("{shown} reads {path}"));
                } else {
                    r.guard(
                        Effect::Destructive,
                        format!(
                            "{shown} aims git ({how}) at {path}, which is protected ({})",
                            crate::read::protected_label(&entry, r.ctx)
                        ),
                    );
                }
                return true;
            }
            Place::Outside { path, .. } | Place::Above { path, .. } => {
                if !reads {
                    r.note(
                        Effect::OpenWorld,
                        format!(
                            "{shown} works on the repository at {path}, outside the writable root"
                        ),
                    );
                }
                return true;
            }
            Place::Unknown(what) => {
                if !reads {
                    r.note(
                        Effect::Opaque,
                        format!("{shown} aims git ({how}) at `{what}`, only known when it runs"),
                    );
                }
                return true;
            }
            Place::Stream | Place::Network(_) => {}
        }
    }
    false
}

/// `-c key=value`: a command-running key is read as its command.
fn setting_runs(r: &mut Reader, setting: &Arg, shown: &str) {
    let Some(text) = setting.text() else {
        r.note(
            Effect::Opaque,
            format!("{shown} sets git configuration only known when it runs"),
        );
        return;
    };
    let (key, value) = text.split_once('=').unwrap_or((text, "true"));
    let key = key.to_ascii_lowercase();
    if key.starts_with("alias.") {
        r.note(
            Effect::Opaque,
            format!("{shown} defines the git alias {key}, which can run anything"),
        );
    } else if matches_key(&key, COMMAND_KEYS) {
        let command = value.strip_prefix('!').unwrap_or(value);
        let mut scope = r.start_scope();
        r.read_text(command, &mut scope);
        r.note(
            Effect::OpenWorld,
            format!(
                "{shown} makes git run `{}` ({key})",
                crate::clip(command, 60)
            ),
        );
    } else if matches_key(&key, RELOCATING_KEYS) {
        r.note(
            Effect::Opaque,
            format!("{shown} sets {key}, which changes what code git runs"),
        );
    }
}

fn matches_key(key: &str, patterns: &[&str]) -> bool {
    patterns.iter().any(|p| {
        let (pa, pb) = (
            p.split('.').collect::<Vec<_>>(),
            key.split('.').collect::<Vec<_>>(),
        );
        if p.contains('*') {
            pa.len() <= pb.len() && pa[0] == pb[0] && pa.last() == pb.last()
        } else {
            *p == key
        }
    })
}

/// Whether a ref name (or refspec destination) is protected.
fn is_protected_ref(name: &str, own: &str) -> Option<&'static str> {
    let name = name.trim_start_matches('+');
    let full = if name.starts_with("refs/") {
        name.to_owned()
    } else {
        format!("refs/heads/{name}")
    };
    if full.starts_with("refs/litany/") || name.starts_with("litany/") {
        return Some("litany's marks");
    }
    if full.starts_with("refs/heads/config/") || full == "refs/heads/config" {
        return Some("a config lineage");
    }
    if let Some(agent) = full.strip_prefix("refs/heads/agents/") {
        if agent != own {
            return Some("another agent's branch");
        }
    }
    // A wildcard that can reach any of those.
    if name.contains('*') {
        let prefix = full.split('*').next().unwrap_or("");
        for protected in ["refs/litany/", "refs/heads/config/", "refs/heads/agents/"] {
            if protected.starts_with(prefix) || prefix.starts_with(protected) {
                return Some("protected refs, by a wildcard");
            }
        }
    }
    None
}

fn protected_ref(r: &mut Reader, name: &str, shown: &str) {
    let own = own_agent(r);
    if let Some(what) = is_protected_ref(name, &own) {
        r.guard(
            Effect::Destructive,
            format!("{shown} writes the ref {name}, which is {what}"),
        );
    }
}

fn own_agent(r: &Reader) -> String {
    r.ctx
        .writable_root
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or("")
        .to_owned()
}

fn transfer(r: &mut Reader, sub: &str, rest: &[Arg], words: &[String], shown: &str) {
    r.note(
        Effect::OpenWorld,
        format!("{shown} reaches other repositories"),
    );
    ext_transport(r, words, shown);
    upload_pack(r, words, shown);
    if sub == "push" && words.iter().any(|w| w == "--mirror") {
        r.note(Effect::Destructive, format!("{shown}: --mirror overwrites and deletes every ref where it pushes, which can be this repository"));
    }
    if sub == "push" && words.iter().any(|w| w == "--prune") {
        r.note(
            Effect::Destructive,
            format!("{shown}: --prune deletes refs where it pushes, which can be this repository"),
        );
    }
    let deleting = words.iter().any(|w| w == "-d" || w == "--delete");
    let own = own_agent(r);
    // Refspecs: the destination (after `:`) is what is written.
    let positional: Vec<&Arg> = rest.iter().filter(|a| !a.is_flag()).collect();
    for arg in positional.iter().skip(1) {
        let Some(spec) = arg.text() else {
            r.note(
                Effect::Opaque,
                format!("{shown} uses a refspec only known when it runs"),
            );
            continue;
        };
        let destination = match spec.split_once(':') {
            Some((_, dst)) if !dst.is_empty() => dst.to_owned(),
            // `src:` pushes src under its own name.
            Some((src, _)) if sub == "push" => src.to_owned(),
            Some(_) => continue,
            None if sub == "push" || deleting => spec.to_owned(),
            None => continue,
        };
        if let Some(what) = is_protected_ref(&destination, &own) {
            r.guard(
                Effect::Destructive,
                format!("{shown} writes the ref {destination}, which is {what}"),
            );
        }
    }
}

fn ext_transport(r: &mut Reader, words: &[String], shown: &str) {
    if words
        .iter()
        .any(|w| w.starts_with("ext::") || w.contains("::ext::"))
    {
        r.note(
            Effect::Opaque,
            format!("{shown} uses the ext:: transport, which runs a command"),
        );
    }
}

fn upload_pack(r: &mut Reader, words: &[String], shown: &str) {
    if words.iter().any(|w| {
        matches!(
            w.as_str(),
            "-u" | "--upload-pack" | "--receive-pack" | "--exec"
        ) || w.starts_with("--upload-pack=")
            || w.starts_with("--receive-pack=")
            || w.starts_with("--exec=")
    }) {
        r.note(
            Effect::Opaque,
            format!("{shown} names the program git runs for the other side"),
        );
    }
}

fn config(r: &mut Reader, words: &[String], shown: &str) {
    if config_reads(words) {
        let key = words
            .iter()
            .find(|w| !w.starts_with('-') && !matches!(w.as_str(), "get" | "list"))
            .map(|k| k.to_ascii_lowercase());
        if key.as_ref().is_some_and(|k| k.starts_with("credential")) {
            r.guard(Effect::Secret, format!("{shown} reads credential settings"));
        }
        r.note(Effect::Read, format!("{shown} reads configuration"));
        return;
    }
    let positional: Vec<&String> = words
        .iter()
        .filter(|w| !w.starts_with('-') && !matches!(w.as_str(), "set" | "unset"))
        .collect();
    let key = positional
        .first()
        .map(|k| k.to_ascii_lowercase())
        .unwrap_or_default();
    let plants = key.starts_with("alias.")
        || matches_key(&key, COMMAND_KEYS)
        || matches_key(&key, RELOCATING_KEYS);
    let global = words
        .iter()
        .any(|w| w == "--global" || w == "--system" || w.starts_with("--file") || w == "-f");
    if plants {
        r.note(
            Effect::Destructive,
            format!("{shown} plants a command git will run later ({key})"),
        );
    } else if global {
        r.note(
            Effect::OpenWorld,
            format!("{shown} changes configuration outside the writable root"),
        );
    } else {
        r.guard(
            Effect::Destructive,
            format!("{shown} changes repo.git's configuration, which every agent shares"),
        );
    }
}

fn branch(r: &mut Reader, words: &[String], shown: &str, reads: bool) {
    if reads {
        r.note(Effect::Read, format!("{shown} lists branches"));
        return;
    }
    if words
        .iter()
        .any(|w| matches!(w.as_str(), "-f" | "--force" | "-D" | "-M" | "-C"))
    {
        r.note(
            Effect::Destructive,
            format!("{shown} forcibly moves, replaces or deletes a branch"),
        );
    }
    for name in words.iter().filter(|w| !w.starts_with('-')) {
        protected_ref(r, name, shown);
    }
    r.note(
        Effect::TargetWrite,
        format!("{shown} creates or changes a branch"),
    );
}

fn worktree(r: &mut Reader, rest: &[Arg], words: &[String], scope: &Scope, shown: &str) {
    match words.first().map(String::as_str) {
        Some("list") => r.note(Effect::Read, format!("{shown} lists worktrees")),
        Some("add") => {
            let positional: Vec<&Arg> = rest.iter().skip(1).filter(|a| !a.is_flag()).collect();
            if let Some(path) = positional.first() {
                r.write_places(path, scope, Op::Write, false, shown);
            }
            for (index, word) in words.iter().enumerate() {
                if word == "-b" || word == "-B" {
                    if let Some(name) = words.get(index + 1) {
                        protected_ref(r, name, shown);
                    }
                }
            }
        }
        Some("remove" | "move") => {
            for path in rest.iter().skip(1).filter(|a| !a.is_flag()) {
                r.write_places(path, scope, Op::Delete, false, shown);
            }
        }
        _ => r.note(
            Effect::Destructive,
            format!("{shown} changes the worktree records every agent relies on"),
        ),
    }
}

fn foreach(r: &mut Reader, rest: &[Arg], scope: &Scope, shown: &str) {
    let parts: Option<Vec<&str>> = rest
        .iter()
        .filter(|a| {
            !a.first()
                .is_some_and(|w| w == "--recursive" || w == "-q" || w == "--quiet")
        })
        .map(Arg::text)
        .collect();
    match parts {
        Some(parts) if !parts.is_empty() => r.read_text(&parts.join(" "), &mut scope.clone()),
        _ => r.note(
            Effect::Opaque,
            format!("{shown} runs text only known when it runs"),
        ),
    }
}

fn output_option(
    r: &mut Reader,
    rest: &[Arg],
    words: &[String],
    scope: &Scope,
    shown: &str,
    file: bool,
) {
    for (index, word) in words.iter().enumerate() {
        let target = if word == "-o" || word == "--output" || word == "--output-directory" {
            rest.get(index + 1).cloned()
        } else {
            word.strip_prefix("--output=")
                .or_else(|| word.strip_prefix("--output-directory="))
                .map(Arg::literal)
        };
        if let Some(target) = target {
            r.write_places(&target, scope, Op::Write, file, shown);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protected_refs_by_any_spelling() {
        let own = "20261129T181730Z-1c32bb5e";
        for name in [
            "config/default",
            "refs/heads/config/x",
            "+refs/heads/config/default",
            "refs/litany/held/a",
            "agents/other",
            "refs/heads/agents/other",
            "refs/heads/*",
            "refs/*",
        ] {
            assert!(is_protected_ref(name, own).is_some(), "{name}");
        }
        for name in [
            "main",
            "feature/x",
            "refs/tags/v1",
            &format!("agents/{own}"),
            "refs/remotes/origin/*",
        ] {
            assert!(is_protected_ref(name, own).is_none(), "{name}");
        }
    }

    #[test]
    fn config_keys_match_sections() {
        assert!(matches_key("diff.foo.textconv", COMMAND_KEYS));
        assert!(matches_key("core.pager", COMMAND_KEYS));
        assert!(!matches_key("user.name", COMMAND_KEYS));
        assert!(matches_key("core.hookspath", RELOCATING_KEYS));
    }
}
