//! Subcommands that reach other repositories: push, fetch, pull, clone,
//! remote, ls-remote, submodule, and the transports and servers.
//!
//! A transfer reaches past the root (open-world). What it writes is read
//! from its refspecs, the way git qualifies them: a destination without
//! `refs/` lands on `refs/<x>`, `refs/heads/<x>`, `refs/tags/<x>` or
//! `refs/remotes/<x>` (`git fetch . HEAD:heads/config/default` writes the
//! config lineage), `+` forces, `:dst` deletes, `*` matches across `/`.
//! A push's destination is judged the same way whatever the remote is, since
//! a remote can be the workspace repository itself. A force push, `--mirror`,
//! `--prune` and deleting a remote ref lose another repository's history and
//! are destructive, as the shipped table says. Fetch options that rewrite
//! the shared repository itself — `--depth` and friends write `repo.git/shallow`
//! (which changes every merge-base litany computes), `--filter` turns it into
//! a partial clone, `--prune-tags` deletes every tag the remote lacks — are
//! destructive. A setting that moves a transfer (`-c remote.origin.url=…`,
//! `url.*.insteadOf`) makes it opaque; the repository's own remotes are the
//! operator's.

use wicket_guest::Effect::*;

use super::opts::{Table, PARSE, PARSE_STOP};
use super::{on, refs, Family, Git, Sub};
use crate::argv::Parsed;
use crate::read::{Arg, Change, Place, Reach, Reader, Scope};

pub const SUBS: &[&Sub] = &[
    &PUSH,
    &FETCH,
    &PULL,
    &CLONE,
    &REMOTE,
    &LS_REMOTE,
    &SUBMODULE,
    &REQUEST_PULL,
    &SERVE,
    &UNREAD,
    &CREDENTIAL,
    &IMAP_SEND,
];

/// How a repository operand is reached.
enum Url {
    /// A configured remote's name, or a URL over the network.
    Remote,
    /// A path on this machine (`/x`, `./x`, `file://…`).
    Local(Arg),
    /// A transport that runs a program (`ext::`, `<helper>::`).
    Program(String),
}

fn url(arg: &Arg) -> Option<Url> {
    url_as(arg, true)
}

/// `names_remote`: a bare word may be a configured remote's name (push,
/// fetch); for clone it is a path.
fn url_as(arg: &Arg, names_remote: bool) -> Option<Url> {
    let text = arg.text()?;
    if let Some((helper, _)) = text.split_once("::") {
        if !matches!(helper, "http" | "https" | "ftp" | "ftps" | "file") {
            return Some(Url::Program(helper.to_owned()));
        }
    }
    if let Some(path) = text.strip_prefix("file://") {
        return Some(Url::Local(Arg::literal(path)));
    }
    if text.contains("://") {
        return Some(Url::Remote);
    }
    let pathlike = !names_remote || text.starts_with(['/', '.', '~']) || text.contains('/');
    // `host:path` is ssh unless a slash comes before the colon.
    let scp = text
        .split_once(':')
        .is_some_and(|(host, _)| !host.contains('/'));
    if pathlike && !scp {
        return Some(Url::Local(arg.clone()));
    }
    Some(Url::Remote)
}

/// The repository operand: a transport that runs a program is opaque.
fn repository(r: &mut Reader, g: &Git, arg: &Arg) -> Option<Url> {
    let Some(u) = url(arg) else {
        r.note(
            Opaque,
            format!(
                "{} reaches a repository named only when it runs, `{}`",
                g.shown, arg.shown
            ),
        );
        return None;
    };
    if let Url::Program(helper) = &u {
        r.note(
            Opaque,
            format!(
                "{} uses the `{helper}::` transport, which runs a program (git-remote-{helper} or a command) wicket cannot read",
                g.shown
            ),
        );
    }
    Some(u)
}

/// `--upload-pack`, `--receive-pack`, `--exec`: a program git runs for the
/// other side (on this machine, for a local path).
fn side_programs(r: &mut Reader, g: &Git, p: &Parsed) {
    for key in ["upload-pack", "receive-pack", "exec"] {
        for prog in p.values(key) {
            g.runs_text_with_args(r, prog, "the other side's program");
        }
    }
}

/// A setting given for this command that changes where a transfer goes.
fn transfer_settings(r: &mut Reader, g: &Git) {
    if let Some(s) = g.settings.transfer() {
        r.note(
            Opaque,
            format!(
                "{}: the setting {} changes where git transfers or which refs it writes, which wicket does not follow",
                g.shown, s.key
            ),
        );
    }
}

/// A fetch's destination, as git qualifies it: `refs/…` as written,
/// `heads/…`, `tags/…`, `remotes/…` under `refs/`, anything else a branch.
fn fetch_destination(dst: &str, own: &str) -> Option<(String, &'static str)> {
    let full = if dst.starts_with("refs/") {
        dst.to_owned()
    } else if ["heads/", "tags/", "remotes/"]
        .iter()
        .any(|p| dst.starts_with(p))
    {
        format!("refs/{dst}")
    } else {
        format!("refs/heads/{dst}")
    };
    judge(&full, own).map(|l| (full, l))
}

/// A push's destination: `refs/…` as written; else a branch or tag of that
/// name (as the source is), or a ref the other side already has that the
/// name matches (`refs/<x>`, `refs/remotes/<x>`).
fn push_destination(dst: &str, src: &str, own: &str) -> Option<(String, &'static str)> {
    if dst.starts_with("refs/") {
        return judge(dst, own).map(|l| (dst.to_owned(), l));
    }
    let branch =
        matches!(src, "HEAD" | "@") || src.starts_with("refs/heads/") || src.starts_with("heads/");
    let mut kinds = vec![format!("refs/heads/{dst}")];
    if !branch {
        kinds.push(format!("refs/tags/{dst}"));
    }
    for full in kinds {
        if let Some(label) = judge(&full, own) {
            return Some((full, label));
        }
    }
    // Names the other side may already have; a shadowing name it cannot
    // have (creating one is refused).
    refs::candidates(dst)
        .into_iter()
        .filter(|c| !refs::is_shadow(c))
        .find_map(|c| judge(&c, own).map(|l| (c, l)))
}

fn judge(full: &str, own: &str) -> Option<&'static str> {
    if full.contains('*') {
        refs::protected_pattern(full, own)
    } else {
        refs::protected(full, own)
    }
}

/// The refspecs a push or fetch names (after the repository), with the
/// `tag <name>` shorthand.
fn refspecs(r: &mut Reader, g: &Git, args: &[Arg]) -> Vec<refs::Refspec> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let Some(text) = args[i].text() else {
            r.note(
                Opaque,
                format!(
                    "{} uses the refspec `{}`, only known when it runs",
                    g.shown, args[i].shown
                ),
            );
            i += 1;
            continue;
        };
        if text == "tag" {
            if let Some(name) = args.get(i + 1).and_then(Arg::text) {
                let full = format!("refs/tags/{name}");
                out.push(refs::Refspec {
                    force: false,
                    negative: false,
                    src: full.clone(),
                    dst: Some(full),
                });
            }
            i += 2;
            continue;
        }
        out.push(refs::refspec(text));
        i += 1;
    }
    out
}

/// The checked-out branch's full name, as far as this command knows it.
fn current(g: &Git, scope: &Scope) -> String {
    refs::head(scope)
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| refs::own_branch(&g.own))
}

// ---- push ----

const PUSH_T: Table = Table {
    style: PARSE,
    parts: &[
        "v,verbose q,quiet repo= all|branches mirror d,delete tags n,dry-run porcelain \
        f,force force-with-lease? force-if-includes recurse-submodules= thin receive-pack= exec= \
        u,set-upstream progress prune no-verify verify follow-tags signed? atomic o,push-option= \
        !4,ipv4 !6,ipv6",
    ],
};

pub const PUSH: Sub = Sub {
    names: &["push"],
    table: Some(&PUSH_T),
    family: None,
    read: push,
    examples: examples![
        (OpenWorld, "git push"),
        (OpenWorld, "git push origin main"),
        (OpenWorld, "git push -u origin my-branch"),
        (OpenWorld, "git push --set-upstream origin HEAD"),
        (OpenWorld, "git push origin HEAD:refs/heads/feature"),
        (
            OpenWorld,
            "git push origin agents/20261129T181730Z-1c32bb5e",
        ),
        (
            OpenWorld,
            "git push origin HEAD:agents/20261129T181730Z-1c32bb5e",
        ),
        (OpenWorld, "git push --dry-run origin main"),
        (OpenWorld, "git push origin tag v1.0"),
        (Destructive, "git push --force origin main"),
        (Destructive, "git push -f origin main"),
        (Destructive, "git push --force-with-lease origin main"),
        (Destructive, "git push origin +main"),
        (Destructive, "git push origin --delete feature"),
        (Destructive, "git push origin :feature"),
        (Destructive, "git push --mirror origin"),
        (Destructive, "git push . HEAD:config/default"),
        (
            Destructive,
            "git push origin HEAD:refs/heads/config/default",
        ),
        (Destructive, "git push ../../repo.git HEAD:heads/config/x"),
        (Destructive, "git push origin tag config/default"),
        (Destructive, "git push origin 'refs/heads/*:refs/heads/*'"),
        (
            Destructive,
            "git push origin HEAD:agents/20261129T190000Z-0badc0de",
        ),
        (Destructive, "git push origin HEAD:litany/held/x"),
        (Destructive, "git push origin config/default"),
        (
            Destructive,
            "git push --receive-pack='rm -rf /etc' . HEAD:x",
        ),
        (
            Opaque,
            "git -c remote.origin.url=../../repo.git push origin",
        ),
        (Opaque, "git push 'ext::sh -c evil' HEAD:x"),
        (Opaque, "git push origin \"$ref\""),
    ],
};

fn push(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    side_programs(r, g, p);
    transfer_settings(r, g);
    let operands = p.operand_args();
    let (remote, specs) = match (p.last("repo"), operands.split_first()) {
        (Some(repo), _) => (Some(repo.clone()), operands.as_slice()),
        (None, Some((first, rest))) => (Some(first.clone()), rest),
        (None, None) => (None, &[][..]),
    };
    if let Some(remote) = &remote {
        repository(r, g, remote);
    }
    if on(p, "force") || p.has("force-with-lease") {
        r.note(
            Destructive,
            format!(
                "{} force-pushes, which can drop the other side's commits for good",
                g.shown
            ),
        );
    }
    if on(p, "mirror") {
        r.note(
            Destructive,
            format!(
                "{}: --mirror overwrites and deletes every ref where it pushes",
                g.shown
            ),
        );
    }
    if on(p, "prune") {
        r.note(
            Destructive,
            format!(
                "{}: --prune deletes refs where it pushes that are not here",
                g.shown
            ),
        );
    }
    let deleting = on(p, "delete");
    for spec in refspecs(r, g, specs) {
        if spec.negative {
            continue;
        }
        if spec.force {
            r.note(
                Destructive,
                format!(
                    "{} force-pushes `+{}`, which can drop the other side's commits",
                    g.shown, spec.src
                ),
            );
        }
        let (dst, deletes) = match (&spec.dst, spec.src.is_empty()) {
            (Some(d), true) => (d.clone(), true),
            (Some(d), false) if !d.is_empty() => (d.clone(), false),
            _ => {
                let src = spec.src.as_str();
                let name = if matches!(src, "HEAD" | "@") {
                    current(g, scope)
                } else {
                    src.to_owned()
                };
                (name, deleting)
            }
        };
        // A source named without refs/ pushes the branch of that name.
        let dst = if spec.dst.as_deref().is_none_or(str::is_empty)
            && !dst.starts_with("refs/")
            && !spec.src.is_empty()
        {
            format!("refs/heads/{dst}")
        } else {
            dst
        };
        if deletes {
            r.note(
                Destructive,
                format!("{} deletes {dst} where it pushes", g.shown),
            );
        }
        if let Some((full, label)) = push_destination(&dst, &spec.src, &g.own) {
            r.guard(
                Destructive,
                format!(
                    "{} pushes to {full}, which is {label} (a remote can be the workspace repository itself)",
                    g.shown
                ),
            );
        }
    }
    if on(p, "set-upstream") {
        g.works(
            r,
            "records the upstream in repo config, as ordinary git does",
        );
    }
    g.network(r, "sends commits to another repository");
}

// ---- fetch, pull ----

const FETCH_OWN: &str = "v,verbose q,quiet all set-upstream a,append atomic upload-pack= \
    f,force m,multiple t,tags n j,jobs= prefetch p,prune P,prune-tags recurse-submodules? \
    dry-run porcelain write-fetch-head k,keep u,update-head-ok progress depth= shallow-since= \
    shallow-exclude= deepen= !unshallow !refetch submodule-prefix= recurse-submodules-default= \
    update-shallow !refmap= o,server-option= !4,ipv4 !6,ipv6 negotiation-tip= negotiate-only \
    filter= auto-maintenance auto-gc show-forced-updates write-commit-graph stdin";

const FETCH_T: Table = Table {
    style: PARSE,
    parts: &[FETCH_OWN],
};

pub const FETCH: Sub = Sub {
    names: &["fetch"],
    table: Some(&FETCH_T),
    family: None,
    read: fetch,
    examples: examples![
        (OpenWorld, "git fetch"),
        (OpenWorld, "git fetch origin"),
        (OpenWorld, "git fetch --all --prune"),
        (OpenWorld, "git fetch origin main"),
        (OpenWorld, "git fetch origin main:refs/remotes/origin/main"),
        (OpenWorld, "git fetch origin +main:feature"),
        (OpenWorld, "git fetch --tags origin"),
        (Destructive, "git fetch . HEAD:heads/config/default"),
        (Destructive, "git fetch . HEAD:refs/litany/held/x"),
        (Destructive, "git fetch origin '+refs/heads/*:refs/heads/*'"),
        (Destructive, "git fetch origin x:config/default"),
        (
            Destructive,
            "git fetch origin 'refs/replace/*:refs/replace/*'",
        ),
        (Opaque, "git fetch origin refs/replace/*:refs/replace/*"),
        (OpenWorld, "git fetch origin heads/main:heads/main"),
        (Destructive, "git fetch origin tag config/x"),
        (
            Destructive,
            "git fetch --refmap='+refs/heads/*:refs/heads/config/*' origin main",
        ),
        (Destructive, "git fetch --depth=1 origin"),
        (Destructive, "git fetch --deepen 10"),
        (Destructive, "git fetch --unshallow"),
        (Destructive, "git fetch --filter=blob:none origin"),
        (Destructive, "git fetch --prune-tags origin"),
        (Opaque, "git fetch --stdin origin < specs"),
        (
            Opaque,
            "git -c 'remote.origin.fetch=+refs/heads/*:refs/heads/config/*' fetch origin",
        ),
        (Destructive, "git fetch --upload-pack='rm -rf /etc' ../x"),
    ],
};

fn fetch_like(r: &mut Reader, g: &Git, p: &Parsed) {
    side_programs(r, g, p);
    transfer_settings(r, g);
    let shallow = [
        "depth",
        "deepen",
        "shallow-since",
        "shallow-exclude",
        "unshallow",
        "update-shallow",
    ];
    if !on(p, "dry-run") {
        if shallow.iter().any(|k| p.has(k)) {
            r.guard(
                Destructive,
                format!(
                    "{} rewrites repo.git/shallow, which cuts the history every agent and litany read (and so their merge-bases)",
                    g.shown
                ),
            );
        }
        if p.has("filter") {
            r.guard(
                Destructive,
                format!(
                    "{} turns the workspace repository into a partial clone, rewriting its config",
                    g.shown
                ),
            );
        }
        if on(p, "prune-tags") {
            r.note(
                Destructive,
                format!(
                    "{} deletes every tag here that the remote lacks, other agents' among them",
                    g.shown
                ),
            );
        }
        if on(p, "write-commit-graph") {
            r.guard(
                Destructive,
                format!(
                    "{} writes repo.git/objects/info/, which is protected",
                    g.shown
                ),
            );
        }
    }
    if p.has("stdin") {
        r.note(
            Opaque,
            format!(
                "{} reads refspecs from its input, which wicket cannot read",
                g.shown
            ),
        );
    }
    for map in p.values("refmap") {
        let Some(text) = map.text() else {
            r.note(
                Opaque,
                format!(
                    "{} maps refs with `{}`, only known when it runs",
                    g.shown, map.shown
                ),
            );
            continue;
        };
        if let Some(dst) = refs::refspec(text).dst {
            if let Some((full, label)) = fetch_destination(&dst, &g.own) {
                r.guard(
                    Destructive,
                    format!(
                        "{} maps fetched refs onto {full}, which is {label}",
                        g.shown
                    ),
                );
            }
        }
    }
    let operands = p.operand_args();
    let Some((remote, specs)) = operands.split_first() else {
        return;
    };
    if p.has("all") || p.has("multiple") {
        for remote in &operands {
            repository(r, g, remote);
        }
        return;
    }
    repository(r, g, remote);
    for spec in refspecs(r, g, specs) {
        let Some(dst) = spec.dst.filter(|d| !d.is_empty()) else {
            continue;
        };
        if spec.negative {
            continue;
        }
        if let Some((full, label)) = fetch_destination(&dst, &g.own) {
            r.guard(
                Destructive,
                format!("{} fetches into {full}, which is {label}", g.shown),
            );
        }
    }
}

fn fetch(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    fetch_like(r, g, p);
    if !on(p, "dry-run") {
        g.works(r, "stores fetched objects and refs");
    }
    g.network(r, "fetches from another repository");
}

const PULL_T: Table = Table {
    style: PARSE,
    parts: &[
        "v,verbose q,quiet progress recurse-submodules? r,rebase? n stat summary log? \
        signoff? squash commit edit cleanup= ff !ff-only verify verify-signatures autostash \
        s,strategy= X,strategy-option= S,gpg-sign? allow-unrelated-histories all a,append \
        upload-pack= f,force t,tags p,prune j,jobs? dry-run k,keep depth= shallow-since= \
        shallow-exclude= deepen= !unshallow update-shallow !refmap= o,server-option= 4,ipv4 \
        6,ipv6 negotiation-tip= show-forced-updates set-upstream no-verify",
    ],
};

pub const PULL: Sub = Sub {
    names: &["pull"],
    table: Some(&PULL_T),
    family: None,
    read: pull,
    examples: examples![
        (OpenWorld, "git pull"),
        (OpenWorld, "git pull --rebase"),
        (OpenWorld, "git pull --ff-only origin main"),
        (Destructive, "git pull origin main:config/default"),
        (Destructive, "git pull --depth=1"),
        (Opaque, "git pull -s custom origin main"),
        (
            Opaque,
            "GIT_EDITOR='sed -i s/pick/exec/' git pull --rebase=interactive",
        ),
        (
            Opaque,
            "git -c rebase.updateRefs=true pull --rebase ../other.git main",
        ),
        (Opaque, "git -c rebase.updateRefs pull origin main"),
        (
            OpenWorld,
            "git -c rebase.updateRefs=true pull --no-rebase origin main",
        ),
        (
            OpenWorld,
            "git -c rebase.updateRefs=true pull --ff-only origin main",
        ),
    ],
};

fn pull(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    fetch_like(r, g, p);
    for s in p.values("strategy") {
        if !matches!(
            s.text(),
            Some("ort" | "recursive" | "resolve" | "octopus" | "ours" | "subtree")
        ) {
            r.note(
                Opaque,
                format!(
                    "{} uses the merge strategy `{}`, which runs a program from PATH",
                    g.shown, s.shown
                ),
            );
        }
    }
    let interactive = p
        .values("rebase")
        .any(|v| matches!(v.text(), Some("i" | "interactive")))
        || matches!(
            g.setting("pull.rebase").and_then(|s| s.value.as_deref()),
            Some("i" | "interactive")
        );
    // `rebase.updateRefs` given for this pull makes the rebase it may run
    // move every branch pointing into the rebased commits, as `git rebase
    // --update-refs` does: pulling an unrelated history rebases the whole
    // branch, root and config lineage's tip included (`git -c
    // rebase.updateRefs=true pull --rebase ../other.git main` moved
    // config/default; verified under dash). Whether a pull rebases also
    // comes from pull.rebase and branch.<name>.rebase, which wicket does not
    // read: only --no-rebase, --rebase=false or --ff-only rule it out.
    if g.settings.is_true("rebase.updaterefs") == Some(true) && pull_may_rebase(p) {
        r.note(
            Opaque,
            format!(
                "{} may rebase with rebase.updateRefs, which moves every branch that points into the rebased commits, a config lineage among them",
                g.shown
            ),
        );
    }
    if interactive {
        if let Some(editor) = super::history::custom_editor(g, scope) {
            r.note(
                Opaque,
                format!(
                    "{} lets {editor} write the rebase's todo, which can run commands and move refs",
                    g.shown
                ),
            );
        }
    }
    g.moves_head(
        r,
        scope,
        "merges fetched commits into the checked-out branch",
    );
    g.writes_files(r, "updates the worktree's files");
    g.network(r, "fetches from another repository");
}

/// Whether a pull may rebase: the last of --rebase[=VALUE] and --no-rebase
/// decides, else configuration wicket does not read; --ff-only never does.
fn pull_may_rebase(p: &Parsed) -> bool {
    if on(p, "ff-only") {
        return false;
    }
    let last = p
        .options
        .iter()
        .rev()
        .find(|g| g.opt.key == "rebase" || g.opt.key == "no-rebase");
    match last {
        Some(g) if g.opt.key == "no-rebase" => false,
        Some(g) => !matches!(
            g.value.as_ref().and_then(Arg::text),
            Some("false" | "no" | "off" | "0")
        ),
        None => true,
    }
}

// ---- clone ----

const CLONE_T: Table = Table {
    style: PARSE,
    parts: &[
        "v,verbose q,quiet progress reject-shallow n,no-checkout bare naked mirror l,local \
        no-hardlinks s,shared recurse-submodules? recursive? j,jobs= template= reference= \
        reference-if-able= dissociate o,origin= b,branch= u,upload-pack= depth= shallow-since= \
        shallow-exclude= single-branch no-tags shallow-submodules separate-git-dir= ref-format= \
        c,config= server-option= !4,ipv4 !6,ipv6 filter= also-filter-submodules \
        remote-submodules sparse bundle-uri= revision=",
    ],
};

pub const CLONE: Sub = Sub {
    names: &["clone"],
    table: Some(&CLONE_T),
    family: None,
    read: clone,
    examples: examples![
        (OpenWorld, "git clone https://example.com/x.git"),
        (
            OpenWorld,
            "git clone --depth 1 https://github.com/a/b.git vendor/b",
        ),
        (OpenWorld, "git clone git@github.com:a/b.git /tmp/b"),
        (TargetWrite, "git clone --no-hardlinks ../../repo.git copy"),
        (TargetWrite, "git clone file://{ws}/repo.git copy"),
        (Destructive, "git clone ../../repo.git copy"),
        (
            Destructive,
            "git clone --no-local --local ../../repo.git copy"
        ),
        (
            TargetWrite,
            "git clone --local --no-local ../../repo.git copy"
        ),
        (Destructive, "git clone . copy"),
        (Destructive, "git clone --local {other} copy"),
        (
            Destructive,
            "git clone https://example.com/x.git ../../.wicket/x",
        ),
        (Destructive, "git clone -u 'rm -rf /etc' ../x y"),
        (
            Destructive,
            "git clone -c core.fsmonitor='rm -rf /etc' https://example.com/x.git y",
        ),
        (
            Opaque,
            "git clone --template=/tmp/t https://example.com/x.git y",
        ),
        (Opaque, "git clone 'ext::sh -c evil' y"),
    ],
};

fn clone(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    side_programs(r, g, p);
    transfer_settings(r, g);
    // The new repository's settings act during the clone (checkout runs
    // filters, fsmonitor, hooks).
    let mut settings = super::settings::Settings::default();
    for c in p.values("config") {
        settings.push(c);
    }
    settings.check(r, &g.at, &g.shown, None);
    if settings.transfer().is_some() {
        r.note(
            Opaque,
            format!(
                "{}: a --config setting changes where the clone transfers from",
                g.shown
            ),
        );
    }
    if p.has("template") {
        r.note(
            Opaque,
            format!(
                "{} copies hooks from a template, which run during the clone",
                g.shown
            ),
        );
    }
    if let Some(d) = p.last("separate-git-dir") {
        g.out(r, d, Change::Write, Reach::Tree);
    }
    let operands = p.operand_args();
    let Some(source) = operands.first() else {
        return r.note(
            Read,
            format!("{} names no repository: git prints its usage", g.shown),
        );
    };
    // `--no-local --local`: the last word wins (hard links again).
    let local_copy = !on(p, "no-hardlinks") && !on(p, "shared") && !on(p, "no-local");
    let kind = url_as(source, false);
    if kind.is_none() || matches!(kind, Some(Url::Program(_))) {
        repository(r, g, source);
    }
    match kind {
        Some(Url::Local(path))
            if local_copy && source.text().is_some_and(|t| !t.starts_with("file://")) =>
        {
            hardlinks(r, g, &path);
        }
        Some(Url::Local(path)) => g.input(r, &path),
        _ => g.network(r, "copies a repository from elsewhere"),
    }
    let dest = match operands.get(1) {
        Some(d) => d.clone(),
        None => {
            let name = source
                .text()
                .map(|t| {
                    let t = t.trim_end_matches('/').trim_end_matches("/.git");
                    let base = t.rsplit(['/', ':']).next().unwrap_or(t);
                    base.strip_suffix(".git").unwrap_or(base).to_owned()
                })
                .unwrap_or_default();
            Arg::literal(if name.is_empty() { "x" } else { &name })
        }
    };
    g.out(r, &dest, Change::Write, Reach::Tree);
    if let (Some(sep), Some(text)) = (p.last("separate-git-dir"), dest.text()) {
        if let Some(crate::read::Place::Inside(path)) = r.place(text, &g.at) {
            super::gitdir_apart(r, g, sep, &path);
        }
    }
    // The --config settings stay in the new repository's config. Made in
    // the worktree, it is a nested repository: the harness's own git
    // enters it as a submodule (`status`, `commit`) and runs what that
    // config names (core.fsmonitor), long after this call.
    if let (Some(setting), Some(text)) = (p.values("config").next(), dest.text()) {
        if let Some(crate::read::Place::Inside(path)) = r.place(text, &g.at) {
            r.note(
                Opaque,
                format!(
                    "{} writes `{}` into the config of the repository it makes at {path}, in the worktree: the harness's own git enters it and runs what that config names",
                    g.shown, setting.shown
                ),
            );
        }
    }
}

/// A clone from a local path hard-links the source's object files: a write
/// through the clone's objects writes the source's. Where the source's
/// objects are the workspace repository's (it, the agent's own worktree,
/// another worktree, a link into it), that is a link into the protected set;
/// where the source's repository cannot be seen into (a `.git` file, a
/// `commondir`), it may be.
fn hardlinks(r: &mut Reader, g: &Git, path: &Arg) {
    g.input(r, path);
    let Some(text) = path.text() else {
        return r.note(
            Opaque,
            format!(
                "{} clones a local repository only known when it runs, hard-linking its objects",
                g.shown
            ),
        );
    };
    let Some(place) = r.place(text, &g.at) else {
        return r.note(
            Opaque,
            format!("{} clones `{text}`, a path wicket cannot place", g.shown),
        );
    };
    let linked = |r: &mut Reader, why: String| {
        r.guard(
            Destructive,
            format!(
                "{} hard-links {why} into the clone, so a write through the clone's objects writes repo.git's (use --no-hardlinks or a file:// URL)",
                g.shown
            ),
        );
    };
    let dir = match place {
        Place::Protected { path, .. } => {
            return linked(
                r,
                format!("the object files of {path}, which are the workspace repository's"),
            )
        }
        Place::Inside(p) | Place::Outside { path: p, .. } => p,
        _ => return,
    };
    let root = r.ctx.writable_root.trim_end_matches('/').to_owned();
    if r.ctx.is_inside_root(&dir) {
        // The worktree's own repository is repo.git, unless a repository
        // below the root comes first.
        let mut d = dir.clone();
        let mut nested = None;
        while d != root && wicket_guest::paths::is_under(&d, &root) {
            if super::holds_repository(r, &d) {
                nested = Some(d.clone());
                break;
            }
            match d.rsplit_once('/') {
                Some((parent, _)) => d = parent.to_owned(),
                None => break,
            }
        }
        match nested {
            None => {
                return linked(
                    r,
                    "the workspace repository's object files (the worktree's repository)".into(),
                )
            }
            Some(n) => return standalone(r, g, &n),
        }
    }
    standalone(r, g, &dir);
}

/// A repository at `dir` whose objects are its own, as far as the host can
/// tell: a gitfile or a `commondir` may point anywhere, and an `objects`
/// that resolves into the protected set is the workspace repository's.
fn standalone(r: &mut Reader, g: &Git, dir: &str) {
    let git = format!("{}/.git", dir.trim_end_matches('/'));
    let base = match super::kind(r, &git) {
        Some(wicket_guest::PathKind::File) | None => {
            return r.note(
                Opaque,
                format!(
                    "{} clones {dir}, whose .git file may point into the workspace repository, and hard-links its objects",
                    g.shown
                ),
            )
        }
        Some(wicket_guest::PathKind::Directory) => git,
        _ => dir.to_owned(),
    };
    if super::kind(r, &format!("{base}/commondir"))
        .is_none_or(|k| k != wicket_guest::PathKind::Missing)
    {
        return r.note(
            Opaque,
            format!("{} clones {dir}, whose commondir may name the workspace repository, and hard-links its objects", g.shown),
        );
    }
    if let Some(Place::Protected { path, .. }) = r.place(&format!("{base}/objects"), &g.at) {
        r.guard(
            Destructive,
            format!(
                "{} hard-links {path}, the workspace repository's objects, into the clone",
                g.shown
            ),
        );
    }
}

// ---- remote ----

const REMOTE_PARENT: Table = Table {
    style: PARSE_STOP,
    parts: &["v,verbose"],
};
const REMOTE_ADD_T: Table = Table {
    style: PARSE,
    parts: &["f,fetch tags t,track= m,master= mirror?"],
};
const REMOTE_SET_HEAD_T: Table = Table {
    style: PARSE,
    parts: &["a,auto d,delete"],
};
const REMOTE_SHOW_T: Table = Table {
    style: PARSE,
    parts: &["n"],
};
const REMOTE_PRUNE_T: Table = Table {
    style: PARSE,
    parts: &["n,dry-run"],
};
const REMOTE_UPDATE_T: Table = Table {
    style: PARSE,
    parts: &["p,prune"],
};
const REMOTE_GET_URL_T: Table = Table {
    style: PARSE,
    parts: &["push all"],
};
const REMOTE_SET_URL_T: Table = Table {
    style: PARSE,
    parts: &["push add delete progress"],
};
const NONE_T: Table = Table {
    style: PARSE,
    parts: &[],
};

const REMOTE_LIST: Sub = Sub {
    names: &["(list)"],
    table: Some(&NONE_T),
    family: None,
    read: remote_list,
    examples: examples![],
};

fn remote_list(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.reads(r, "lists remotes");
}

fn remote_add(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    let operands = p.operand_args();
    if p.has("mirror") {
        r.guard(
            Destructive,
            format!(
                "{} configures a mirror remote, whose fetches overwrite every ref here (config lineages among them)",
                g.shown
            ),
        );
    }
    if let Some(name) = operands.first() {
        match name.text() {
            // `origin` is the remote every agent's fetch, pull and push use
            // when none is named: the shared config decides where all of
            // them go.
            Some("origin") if g.repo == super::Where::Own => r.guard(
                Destructive,
                format!(
                    "{} sets where every agent's fetch and push go by default (origin, in the shared repo config)",
                    g.shown
                ),
            ),
            Some(n) => {
                let pattern = format!("refs/remotes/{n}/*");
                if let Some(label) = refs::protected_pattern(&pattern, &g.own) {
                    r.guard(
                        Destructive,
                        format!(
                            "{} names a remote whose refs land on {pattern}, which reaches {label}",
                            g.shown
                        ),
                    );
                }
            }
            None => r.note(
                Opaque,
                format!("{} names a remote only known when it runs", g.shown),
            ),
        }
    }
    if let Some(u) = operands.get(1) {
        repository(r, g, u);
    }
    g.works(r, "adds a remote to repo config");
    g.network(r, "configures another repository to reach");
}

fn remote_changes(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    r.guard(
        Destructive,
        format!(
            "{} changes or removes a remote every agent and the harness use (repo.git/config); add a remote of your own instead",
            g.shown
        ),
    );
}

fn remote_set_head(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if let Some(name) = p
        .operand_args()
        .first()
        .and_then(|a| a.text().map(str::to_owned))
    {
        g.writes_ref(r, &format!("refs/remotes/{name}/HEAD"), "sets");
        return;
    }
    g.works(r, "sets a remote's default branch");
}

fn remote_show(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if p.has("n") {
        return g.reads(r, "shows a remote's configuration");
    }
    g.network(r, "asks a remote what it has");
}

fn remote_prune(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if !on(p, "dry-run") {
        g.works(r, "deletes stale remote-tracking refs");
    }
    g.network(r, "asks a remote what it has");
}

fn remote_update(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    transfer_settings(r, g);
    g.works(r, "stores fetched objects and refs");
    g.network(r, "fetches from remotes");
}

pub const REMOTE: Sub = Sub {
    names: &["remote"],
    table: None,
    family: Some(&Family {
        parent: Some(&REMOTE_PARENT),
        members: &[
            &Sub {
                names: &["add"],
                table: Some(&REMOTE_ADD_T),
                family: None,
                read: remote_add,
                examples: examples![
                    (
                        OpenWorld,
                        "git remote add upstream https://example.com/x.git",
                    ),
                    (
                        Destructive,
                        "git remote add origin https://example.com/x.git",
                    ),
                    (
                        Destructive,
                        "git remote add --mirror=fetch m https://example.com/x.git",
                    ),
                    (
                        Destructive,
                        "git remote add config https://example.com/x.git",
                    ),
                    (Opaque, "git remote add x 'ext::sh -c evil'"),
                ],
            },
            &Sub {
                names: &["rename", "remove", "rm", "set-branches", "set-url"],
                table: Some(&REMOTE_SET_URL_T),
                family: None,
                read: remote_changes,
                examples: examples![
                    (Destructive, "git remote set-url origin ../../repo.git"),
                    (Destructive, "git remote remove origin"),
                    (Destructive, "git remote rename origin old"),
                ],
            },
            &Sub {
                names: &["set-head"],
                table: Some(&REMOTE_SET_HEAD_T),
                family: None,
                read: remote_set_head,
                examples: examples![(TargetWrite, "git remote set-head origin -a")],
            },
            &Sub {
                names: &["show"],
                table: Some(&REMOTE_SHOW_T),
                family: None,
                read: remote_show,
                examples: examples![
                    (OpenWorld, "git remote show origin"),
                    (Read, "git remote show -n origin"),
                ],
            },
            &Sub {
                names: &["prune"],
                table: Some(&REMOTE_PRUNE_T),
                family: None,
                read: remote_prune,
                examples: examples![(OpenWorld, "git remote prune origin")],
            },
            &Sub {
                names: &["update"],
                table: Some(&REMOTE_UPDATE_T),
                family: None,
                read: remote_update,
                examples: examples![(OpenWorld, "git remote update")],
            },
            &Sub {
                names: &["get-url"],
                table: Some(&REMOTE_GET_URL_T),
                family: None,
                read: remote_list,
                examples: examples![(Read, "git remote get-url origin")],
            },
        ],
        default: Some(&REMOTE_LIST),
        fallback: None,
    }),
    read: remote_list,
    examples: examples![(Read, "git remote"), (Read, "git remote -v")],
};

// ---- ls-remote ----

const LS_REMOTE_T: Table = Table {
    style: PARSE,
    parts: &[
        "q,quiet upload-pack= exec= t,tags b,branches|heads h refs get-url sort= exit-code \
        symref o,server-option=",
    ],
};

pub const LS_REMOTE: Sub = Sub {
    names: &["ls-remote"],
    table: Some(&LS_REMOTE_T),
    family: None,
    read: ls_remote,
    examples: examples![
        (OpenWorld, "git ls-remote origin"),
        (OpenWorld, "git ls-remote --heads https://example.com/x.git"),
        (Read, "git ls-remote ../../repo.git"),
        (Destructive, "git ls-remote --upload-pack='rm -rf /etc' ."),
    ],
};

fn ls_remote(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    side_programs(r, g, p);
    transfer_settings(r, g);
    match p.operand_args().first() {
        Some(remote) => match repository(r, g, remote) {
            Some(Url::Local(path)) => {
                g.input(r, &path);
                r.note(Read, format!("{} lists a local repository's refs", g.shown));
            }
            Some(_) => g.network(r, "lists another repository's refs"),
            None => {}
        },
        None => g.network(r, "lists the default remote's refs"),
    }
}

// ---- submodule ----

const SUBMODULE_PARENT: Table = Table {
    style: PARSE_STOP,
    parts: &["q,quiet cached"],
};
const SM_ADD_T: Table = Table {
    style: PARSE,
    parts: &["b,branch= f,force q,quiet progress reference= ref-format= dissociate name= depth="],
};
const SM_STATUS_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet cached recursive"],
};
const SM_QUIET_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet"],
};
const SM_DEINIT_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet f,force all"],
};
const SM_UPDATE_T: Table = Table {
    style: PARSE,
    parts: &[
        "f,force init remote recursive N,no-fetch checkout m,merge r,rebase reference= \
        ref-format= dissociate depth= j,jobs= recommend-shallow q,quiet progress require-init \
        single-branch filter=",
    ],
};
const SM_SET_BRANCH_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet d,default b,branch="],
};
const SM_SUMMARY_T: Table = Table {
    style: PARSE,
    parts: &["cached files for-status n,summary-limit="],
};
const SM_SYNC_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet recursive"],
};
const SM_FOREACH_T: Table = Table {
    style: PARSE_STOP,
    parts: &["q,quiet recursive"],
};

fn sm_read(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.reads(r, "shows submodules");
}

fn sm_work(r: &mut Reader, g: &mut Git, _p: &Parsed, scope: &mut Scope) {
    transfer_settings(r, g);
    allowed_protocols(r, g, scope);
    g.writes_files(r, "changes submodules and their checkouts");
    g.network(r, "clones or fetches submodules from other repositories");
}

/// `git submodule add <repository> [<path>]` clones the repository as
/// `git clone` does: a local path (not a file:// URL) has its object files
/// hard-linked into the new submodule. A relative URL (`./x`, `../x`) is
/// taken from the default remote's URL, or from the worktree when there is
/// none: which one is in the repository's configuration, unseen here.
fn sm_add(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    sm_work(r, g, p, scope);
    let operands = p.operand_args();
    let Some(source) = operands.first() else {
        return;
    };
    let Some(text) = source.text() else {
        return r.note(
            Opaque,
            format!(
                "{} clones a repository named only when it runs, `{}`",
                g.shown, source.shown
            ),
        );
    };
    let Some(Url::Local(path)) = url_as(source, false) else {
        return;
    };
    if text.starts_with("file://") {
        return g.input(r, &path);
    }
    if text.starts_with("./") || text.starts_with("../") {
        // Inside the worktree, the repository there may be its own, whose
        // objects are repo.git's.
        let at = match r.place(text, &g.at) {
            Some(Place::Protected { path, .. } | Place::Inside(path)) => path,
            Some(Place::Unknown(what)) => what,
            _ => return,
        };
        return r.note(
            Opaque,
            format!(
                "{} clones `{text}` relative to the default remote's URL, or to the worktree when there is none ({at}, whose objects a local clone hard-links): which is in repo config, unseen here",
                g.shown
            ),
        );
    }
    hardlinks(r, g, &path);
}

/// `GIT_ALLOW_PROTOCOL` lets submodules clone over transports git forbids
/// them by default, `file` among them: a URL in `.gitmodules` (unseen) may
/// then name the workspace repository, whose objects a local clone
/// hard-links.
fn allowed_protocols(r: &mut Reader, g: &Git, scope: &Scope) {
    let Some(values) = scope.vars.get("GIT_ALLOW_PROTOCOL") else {
        return;
    };
    let local = match values {
        Some(values) => values
            .iter()
            .any(|v| v.split(':').any(|proto| proto == "file")),
        None => true,
    };
    if local {
        r.note(
            Opaque,
            format!(
                "{}: GIT_ALLOW_PROTOCOL lets submodules clone local paths, and a local clone of the workspace repository hard-links its objects; the URLs are in .gitmodules, unseen here",
                g.shown
            ),
        );
    }
}

fn sm_local(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.writes_files(r, "changes submodules' configuration or checkouts");
}

fn sm_foreach(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    let words = p.operand_args();
    if words.is_empty() {
        return g.reads(r, "names no command");
    }
    let texts: Option<Vec<&str>> = words.iter().map(Arg::text).collect();
    match texts {
        Some(parts) => {
            // It runs in each submodule's directory, at any depth below the
            // worktree (`--recursive`): a relative path there is only known
            // when it runs (`foreach 'rm -rf ../../a2'` from a submodule
            // at `sub` deletes the sibling worktree).
            let mut scope = g.at.clone();
            scope.cwd = None;
            r.read_text(&parts.join(" "), &mut scope);
        }
        None => r.note(
            Opaque,
            format!(
                "{} runs text only known when it runs in each submodule",
                g.shown
            ),
        ),
    }
    g.reads(r, "runs a command in each submodule");
}

const SM_STATUS: Sub = Sub {
    names: &["status"],
    table: Some(&SM_STATUS_T),
    family: None,
    read: sm_read,
    examples: examples![(Read, "git submodule status --recursive")],
};

pub const SUBMODULE: Sub = Sub {
    names: &["submodule"],
    table: None,
    family: Some(&Family {
        parent: Some(&SUBMODULE_PARENT),
        members: &[
            &SM_STATUS,
            &Sub {
                names: &["summary"],
                table: Some(&SM_SUMMARY_T),
                family: None,
                read: sm_read,
                examples: examples![(Read, "git submodule summary")],
            },
            &Sub {
                names: &["add"],
                table: Some(&SM_ADD_T),
                family: None,
                read: sm_add,
                examples: examples![(
                    OpenWorld,
                    "git submodule add https://example.com/x.git vendor/x",
                )],
            },
            &Sub {
                names: &["update"],
                table: Some(&SM_UPDATE_T),
                family: None,
                read: sm_work,
                examples: examples![
                    (OpenWorld, "git submodule update --init --depth 1"),
                    (OpenWorld, "git submodule update --init --recursive"),
                ],
            },
            &Sub {
                names: &["init", "set-url", "absorbgitdirs"],
                table: Some(&SM_QUIET_T),
                family: None,
                read: sm_local,
                examples: examples![(TargetWrite, "git submodule init")],
            },
            &Sub {
                names: &["deinit"],
                table: Some(&SM_DEINIT_T),
                family: None,
                read: sm_local,
                examples: examples![(TargetWrite, "git submodule deinit -f vendor/x")],
            },
            &Sub {
                names: &["set-branch"],
                table: Some(&SM_SET_BRANCH_T),
                family: None,
                read: sm_local,
                examples: examples![(TargetWrite, "git submodule set-branch -b main vendor/x")],
            },
            &Sub {
                names: &["sync"],
                table: Some(&SM_SYNC_T),
                family: None,
                read: sm_local,
                examples: examples![(TargetWrite, "git submodule sync --recursive")],
            },
            &Sub {
                names: &["foreach"],
                table: Some(&SM_FOREACH_T),
                family: None,
                read: sm_foreach,
                examples: examples![
                    (Destructive, "git submodule foreach 'rm -rf /etc'"),
                    (Opaque, "git submodule foreach 'rm -rf ../../a2'"),
                    (Read, "git submodule foreach 'echo $name'"),
                    (Opaque, "git submodule foreach git status"),
                ],
            },
        ],
        default: Some(&SM_STATUS),
        fallback: None,
    }),
    read: sm_read,
    examples: examples![(Read, "git submodule")],
};

// ---- request-pull, servers, transports wicket does not read ----

const REQUEST_PULL_T: Table = Table {
    style: PARSE,
    parts: &["p"],
};

pub const REQUEST_PULL: Sub = Sub {
    names: &["request-pull"],
    table: Some(&REQUEST_PULL_T),
    family: None,
    read: request_pull,
    examples: examples![(
        OpenWorld,
        "git request-pull v1.0 https://example.com/x.git main",
    )],
};

fn request_pull(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.network(r, "summarises changes against another repository");
}

const SERVE_T: Table = Table {
    style: PARSE,
    parts: &["stateless-rpc http-backend-info-refs advertise-refs strict timeout="],
};

/// Serving a repository to a client on stdout only reads it.
pub const SERVE: Sub = Sub {
    names: &["upload-pack", "upload-archive"],
    table: Some(&SERVE_T),
    family: None,
    read: serve,
    examples: examples![(Read, "git upload-pack --advertise-refs .")],
};

fn serve(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for dir in p.operand_args() {
        g.input(r, &dir);
    }
    r.note(
        Read,
        format!("{} serves a repository's objects to its output", g.shown),
    );
}

/// Plumbing, servers and bridges wicket does not read: each runs programs,
/// writes refs named on its input, or serves or fetches with options of its
/// own.
pub const UNREAD: Sub = Sub {
    names: &[
        "send-pack",
        "fetch-pack",
        "receive-pack",
        "http-backend",
        "http-fetch",
        "http-push",
        "daemon",
        "shell",
        "instaweb",
        "send-email",
        "svn",
        "p4",
        "cvsimport",
        "cvsexportcommit",
        "cvsserver",
        "archimport",
        "for-each-repo",
        "submodule--helper",
        "checkout--worker",
        "upload-archive--writer",
        "fsmonitor--daemon",
        "credential-cache--daemon",
        "sh-i18n--envsubst",
        "difftool--helper",
        "web--browse",
        "bisect--helper",
        "env--helper",
        "add--interactive",
        "subtree",
        "lfs",
    ],
    table: None,
    family: None,
    read: unread,
    examples: examples![
        (
            Opaque,
            "git send-pack ../../repo.git HEAD:refs/heads/config/default",
        ),
        (Opaque, "git receive-pack ../../repo.git"),
        (Opaque, "git daemon --export-all"),
        (Opaque, "git svn fetch"),
    ],
};

fn unread(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    r.note(
        Opaque,
        format!(
            "{}: wicket does not read this git command's options (it runs programs, serves, or writes refs named on its input)",
            g.shown
        ),
    );
}

pub const CREDENTIAL: Sub = Sub {
    names: &["credential", "credential-store", "credential-cache"],
    table: None,
    family: None,
    read: credential,
    examples: examples![
        (Secret, "git credential fill"),
        (Secret, "git credential-store get"),
        (Secret, "git credential-store --file ~/.git-credentials get"),
        (
            Secret,
            "printf 'host=github.com\\n' | git-credential-store get",
        ),
        (Secret, "git-credential-cache --timeout 60 get"),
        (OpenWorld, "git credential approve"),
        (OpenWorld, "git-credential-store erase"),
        (OpenWorld, "git credential-cache exit"),
        (
            Destructive,
            "printf 'host=x\\nusername=u\\npassword=p\\n' | git credential-store --file=../../inbox/m store",
        ),
        (Destructive, "git credential-store --fi ../../.wicket/trail.jsonl erase"),
        (Destructive, "git credential-cache --socket ../../steps/s store"),
        (OpenWorld, "git credential-store --file /tmp/creds store"),
        (Opaque, "git credential-store --frob x store"),
        (Read, "git credential capability"),
        (Opaque, "git credential $ACTION"),
        (Opaque, "git credential-store frob"),
    ],
};

/// `git credential fill|approve|reject`, and the helpers git ships
/// (`credential-store`, `credential-cache`: `get|store|erase`, `exit`):
/// what prints a credential is secret; what stores or drops one changes the
/// operator's credential store, outside the root.
fn credential(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    // The helpers' options (parse-options: a long option may be shortened
    // to any unambiguous prefix, its value attached with `=` or the next
    // word): `--file` names the store credential-store reads and rewrites,
    // `--socket` the socket credential-cache makes (`git credential-store
    // --file=../../inbox/m store` rewrote that file; verified under dash).
    let words = g.words.clone();
    let mut paths: Vec<Arg> = Vec::new();
    let mut action = None;
    let mut i = 0;
    while i < words.len() {
        let arg = &words[i];
        match arg.text() {
            Some(w) if w.starts_with("--") && w.len() > 2 => {
                let (name, inline) = match w[2..].split_once('=') {
                    Some((n, v)) => (n, Some(Arg::literal(v))),
                    None => (&w[2..], None),
                };
                let Some(option) = ["file", "socket", "timeout"]
                    .into_iter()
                    .find(|o| !name.is_empty() && o.starts_with(name))
                else {
                    return r.note(
                        Opaque,
                        format!(
                            "{}: the credential helper's option `{w}` is not one wicket knows",
                            g.shown
                        ),
                    );
                };
                let value = match inline {
                    Some(v) => Some(v),
                    None => {
                        i += 1;
                        words.get(i).cloned()
                    }
                };
                if option != "timeout" {
                    paths.extend(value);
                }
            }
            Some(w) if w.starts_with('-') => {
                return r.note(
                    Opaque,
                    format!(
                        "{}: the credential helper's option `{w}` is not one wicket knows",
                        g.shown
                    ),
                );
            }
            w => {
                action = Some(w);
                break;
            }
        }
        i += 1;
    }
    for path in &paths {
        match action {
            Some(Some("fill" | "get" | "capability")) => g.input(r, path),
            _ => g.out(r, path, Change::Write, Reach::Path),
        }
    }
    let shown = &g.shown;
    match action {
        Some(Some("fill" | "get")) => {
            r.guard(Secret, format!("{shown} prints a stored credential"));
        }
        Some(Some("approve" | "reject" | "store" | "erase")) => r.note(
            OpenWorld,
            format!("{shown} changes the operator's credential store"),
        ),
        Some(Some("exit")) => r.note(
            OpenWorld,
            format!("{shown} stops the operator's credential cache"),
        ),
        Some(Some("capability")) => {
            r.note(Read, format!("{shown} prints what the helper supports"))
        }
        Some(None) => r.note(
            Opaque,
            format!("{shown}: the credential action is only known when it runs"),
        ),
        _ => r.note(
            Opaque,
            format!("{shown}: a credential action wicket does not know"),
        ),
    }
}

const IMAP_SEND_T: Table = Table {
    style: PARSE,
    parts: &["v,verbose q,quiet curl"],
};

pub const IMAP_SEND: Sub = Sub {
    names: &["imap-send"],
    table: Some(&IMAP_SEND_T),
    family: None,
    read: imap_send,
    examples: examples![(OpenWorld, "git imap-send < patches.mbox")],
};

fn imap_send(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.network(r, "sends patches to an IMAP folder");
}
