//! Subcommands that move refs: commits and what records them (commit,
//! merge, rebase, cherry-pick, revert, am, reset), the checked-out branch
//! (checkout, switch), branches, tags, refs by name (update-ref,
//! symbolic-ref), replace refs, the shared stash, notes, reflogs, bisect.
//!
//! A command that moves "the checked-out branch" moves whatever HEAD is
//! attached to. HEAD can only be on a protected branch if a command attached
//! it there, so every way of attaching it — `checkout`/`switch` to a branch,
//! `-b/-B/-c/-C/--orphan`, `--track`'s derived name, `rebase <up> <branch>`,
//! `symbolic-ref HEAD`, `bisect reset <branch>`, `stash branch`, a new
//! worktree's branch — is read for the branch it lands on, and a forged
//! checkout record (what `git checkout -` follows) is refused. Within one
//! command the branch checked out is tracked, so `git checkout x && git
//! commit` says which branch the commit moves.
//!
//! `refs/stash` is one ref shared by every worktree: pushing, applying,
//! popping or dropping one entry is ordinary work (a dropped entry's commit
//! is printed and survives until gc), but `stash clear` drops every agent's
//! stashes at once and is destructive.

use wicket_guest::Effect::*;

use super::opts::{Table, DIFF, PARSE, REVISION};
use super::{given, on, refs, split_dashdash, Family, Git, Sub, Where};
use crate::argv::{Parsed, Style};
use crate::read::{Arg, Invocation, Lookup, Reader, Scope};

/// parse-options with git's "keep unknown" flag: no prefixes.
const EXACT: Style = Style {
    abbreviate: false,
    numeric: true,
    ..Style::GNU
};

/// `git log`'s own options (log.c), for the readers that take log options.
pub const LOG_OWN: &str = "q,quiet source use-mailmap|mailmap !clear-decorations \
    decorate-refs= decorate-refs-exclude= decorate? L=";

pub const SUBS: &[&Sub] = &[
    &COMMIT,
    &MERGE,
    &REBASE,
    &CHERRY_PICK,
    &REVERT,
    &AM,
    &RESET,
    &CHECKOUT,
    &SWITCH,
    &BRANCH,
    &TAG,
    &UPDATE_REF,
    &SYMBOLIC_REF,
    &STASH,
    &NOTES,
    &REPLACE,
    &REFLOG,
    &BISECT,
    &RERERE,
];

fn texts(args: &[Arg]) -> Vec<Option<&str>> {
    args.iter().map(Arg::text).collect()
}

/// A name only known when it runs, where a branch or ref is named.
fn unknown_name(r: &mut Reader, g: &Git, arg: &Arg, what: &str) {
    // Known up to a `/`: a namespace where every name is protected
    // (`refs/replace/$old`) is written whatever the rest turns out to be.
    let literal = arg
        .shown
        .split(['$', '`', '"', '\'', '\\', '*', '?', '['])
        .next()
        .unwrap_or("");
    if let Some(namespace) = literal.rfind('/').map(|end| &literal[..=end]) {
        if namespace.starts_with("refs/") {
            if let Some(label) = refs::protected(&format!("{namespace}x"), &g.own) {
                r.guard(
                    Destructive,
                    format!(
                        "{} {what} `{}`, a name under {namespace}, which is {label}",
                        g.shown, arg.shown
                    ),
                );
                return;
            }
        }
    }
    r.note(
        Opaque,
        format!(
            "{} {what} `{}`, a name only known when it runs",
            g.shown, arg.shown
        ),
    );
}

/// A branch name git rewrites before it uses it (`@{u}`, `x@{push}`,
/// `@{-1}rest`): the branch it lands on is only known when it runs. Says
/// so and answers true.
fn rewritten(r: &mut Reader, g: &Git, arg: &Arg, what: &str) -> bool {
    let Some(why) = arg.text().and_then(refs::rewritten) else {
        return false;
    };
    r.note(
        Opaque,
        format!(
            "{} {what} `{}`: {why}, so the branch is only known when it runs",
            g.shown, arg.shown
        ),
    );
    true
}

/// The files a commit-making command reads for its message or pathspec.
fn message_files(r: &mut Reader, g: &Git, p: &Parsed, keys: &[&str]) {
    for key in keys {
        for file in p.values(key) {
            if file.text() != Some("-") {
                g.input(r, file);
            }
        }
    }
}

/// A merge strategy git has built in; any other runs `git-merge-<name>`.
fn strategy(r: &mut Reader, g: &Git, p: &Parsed) {
    for s in p.values("strategy") {
        match s.text() {
            Some("ort" | "recursive" | "resolve" | "octopus" | "ours" | "subtree") => {}
            _ => r.note(
                Opaque,
                format!(
                    "{} uses the merge strategy `{}`, which runs git-merge-{} from PATH",
                    g.shown, s.shown, s.shown
                ),
            ),
        }
    }
}

/// An editor this command sets for itself (which writes a rebase's todo).
pub(super) fn custom_editor(g: &Git, scope: &Scope) -> Option<String> {
    let harmless = |v: &str| {
        matches!(
            v.trim(),
            "true" | ":" | "cat" | "/bin/true" | "/usr/bin/true"
        )
    };
    for key in ["sequence.editor", "core.editor"] {
        if let Some(s) = g.setting(key) {
            return match s.value.as_deref() {
                Some(v) if harmless(v) => None,
                Some(v) => Some(format!("{key}={v}")),
                None => Some(key.to_owned()),
            };
        }
    }
    for var in ["GIT_SEQUENCE_EDITOR", "GIT_EDITOR", "VISUAL", "EDITOR"] {
        if let Some(value) = scope.vars.get(var) {
            return match value.as_ref().and_then(|v| v.first()) {
                Some(v) if harmless(v) => None,
                Some(v) => Some(format!("{var}={v}")),
                None => Some(var.to_owned()),
            };
        }
    }
    None
}

/// A reflog message that reads as a checkout forges what `git checkout -`
/// follows.
fn reflog_message(r: &mut Reader, g: &Git, p: &Parsed, key: &str) {
    for m in p.values(key) {
        match m.text() {
            Some(t) if t.contains("checkout: moving from ") => r.guard(
                Destructive,
                format!(
                    "{} writes the reflog message `{}`, which `git checkout -` would follow onto the branch it names",
                    g.shown,
                    crate::clip(t, 60)
                ),
            ),
            Some(_) => {}
            None => r.note(
                Opaque,
                format!("{} writes a reflog message only known when it runs, which could forge a checkout", g.shown),
            ),
        }
    }
}

/// HEAD attached to `refs/heads/<name>`: a protected branch is refused.
fn attaches(r: &mut Reader, g: &Git, scope: &mut Scope, name: &Arg, how: &str) {
    let Some(text) = name.text() else {
        return unknown_name(r, g, name, how);
    };
    if rewritten(r, g, name, how) {
        return;
    }
    if refs::is_previous(text) {
        // The branch checked out before: never a protected one, since no
        // command may attach HEAD there and forged records are refused.
        if g.repo == super::Where::Own {
            scope.vars.remove("git HEAD");
        }
        return;
    }
    // A full name (`refs/heads/x`) names no branch `refs/heads/refs/…` that
    // could exist (creating one is refused): git detaches at it.
    if text.starts_with("refs/") {
        if g.repo == super::Where::Own {
            refs::set_head(scope, None);
        }
        return;
    }
    let full = format!("refs/heads/{text}");
    if let Some(label) = refs::protected(&full, &g.own) {
        r.guard(
            Destructive,
            format!(
                "{} {how} {text} ({label}), so the next commit, merge or reset would move it; \
                 to look at it use `git checkout --detach {text}` or `git show {text}:<path>`",
                g.shown
            ),
        );
    }
    if g.repo == super::Where::Own {
        refs::set_head(scope, Some(full));
    }
}

/// A new branch `refs/heads/<name>`.
fn new_branch(r: &mut Reader, g: &Git, name: &Arg, what: &str) {
    if rewritten(r, g, name, what) {
        return;
    }
    match name.text() {
        Some(text) => g.writes_ref(r, &format!("refs/heads/{text}"), what),
        None => unknown_name(r, g, name, what),
    }
}

/// `--track origin/x` with no new name: the branch is named after the
/// remote-tracking one (`x`).
fn tracked_name(upstream: &str) -> String {
    let rest = upstream.strip_prefix("refs/").unwrap_or(upstream);
    let rest = rest.strip_prefix("remotes/").unwrap_or(rest);
    rest.split_once('/').map_or(rest, |(_, n)| n).to_owned()
}

// ---- commit ----

const COMMIT_T: Table = Table {
    style: PARSE,
    parts: &[
        "q,quiet v,verbose F,file= author= date= m,message= c,reedit-message= \
        C,reuse-message= fixup= squash= reset-author !trailer= s,signoff t,template= e,edit \
        cleanup= status S,gpg-sign? a,all i,include interactive p,patch o,only n,no-verify \
        dry-run short branch ahead-behind porcelain long z,null amend no-post-rewrite \
        u,untracked-files? pathspec-from-file= pathspec-file-nul allow-empty allow-empty-message",
    ],
};

pub const COMMIT: Sub = Sub {
    names: &["commit"],
    table: Some(&COMMIT_T),
    family: None,
    read: commit,
    examples: examples![
        (TargetWrite, "git commit -m 'fix parser'"),
        (TargetWrite, "git commit -am wip"),
        (TargetWrite, "git commit --amend --no-edit"),
        (TargetWrite, "git commit --fixup HEAD~2"),
        (Read, "git commit --dry-run"),
        (Read, "git commit --porcelain"),
        (TargetWrite, "git commit --dry-run --no-dry-run -m x"),
        (Secret, "git commit -F ~/.ssh/id_rsa"),
        (Destructive, "git checkout config/default && git commit -m x"),
        (TargetWrite, "git checkout -b feature && git commit -m x"),
        (Opaque, "git commit --bogus"),
        (Destructive, "GIT_REFLOG_ACTION=checkout git commit --allow-empty -m 'moving from config/default to x'"),
    ],
};

fn commit(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    message_files(r, g, p, &["file", "template", "pathspec-from-file"]);
    if on(p, "dry-run") || on(p, "short") || on(p, "porcelain") || on(p, "long") {
        return g.refreshes(r, "only shows what would be committed", false);
    }
    g.moves_head(r, scope, "records a commit on the checked-out branch");
}

// ---- merge ----

const MERGE_T: Table = Table {
    style: PARSE,
    parts: &[
        "n stat summary log? squash commit e,edit cleanup= ff !ff-only rerere-autoupdate \
        verify-signatures s,strategy= X,strategy-option= m,message= !F,file= into-name= \
        v,verbose q,quiet abort quit continue allow-unrelated-histories progress S,gpg-sign? \
        autostash overwrite-ignore signoff no-verify verify",
    ],
};

pub const MERGE: Sub = Sub {
    names: &["merge"],
    table: Some(&MERGE_T),
    family: None,
    read: merge,
    examples: examples![
        (TargetWrite, "git merge --no-ff feature"),
        (TargetWrite, "git merge origin/main"),
        (TargetWrite, "git merge --abort"),
        (Opaque, "git merge -s mystrategy feature"),
        (
            Destructive,
            "git switch config/default && git merge feature",
        ),
    ],
};

fn merge(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    message_files(r, g, p, &["file"]);
    strategy(r, g, p);
    g.moves_head(r, scope, "merges into the checked-out branch");
    g.writes_files(r, "updates the worktree's files");
}

// ---- rebase ----

const REBASE_T: Table = Table {
    style: PARSE,
    parts: &[
        "onto= keep-base no-verify q,quiet v,verbose n,no-stat signoff \
        committer-date-is-author-date reset-author-date ignore-date C= ignore-whitespace \
        whitespace= f,force-rebase no-ff !continue !skip !abort !quit !edit-todo \
        !show-current-patch !apply !m,merge !i,interactive p,preserve-merges \
        rerere-autoupdate !empty= k,keep-empty autosquash update-refs S,gpg-sign? autostash \
        x,exec= allow-empty-message r,rebase-merges? fork-point s,strategy= \
        X,strategy-option= root reschedule-failed-exec reapply-cherry-picks",
    ],
};

pub const REBASE: Sub = Sub {
    names: &["rebase"],
    table: Some(&REBASE_T),
    family: None,
    read: rebase,
    examples: examples![
        (TargetWrite, "git rebase main"),
        (TargetWrite, "git rebase origin/main"),
        (TargetWrite, "git rebase --continue"),
        (TargetWrite, "git rebase --abort"),
        (TargetWrite, "GIT_SEQUENCE_EDITOR=true git rebase -i HEAD~3"),
        (TargetWrite, "git rebase -i --autosquash main"),
        (
            Opaque,
            "GIT_SEQUENCE_EDITOR='sed -i s/pick/exec/' git rebase -i HEAD~3",
        ),
        (Destructive, "git rebase main config/default"),
        (
            Destructive,
            "git rebase --root --no-root main config/default"
        ),
        (
            Destructive,
            "git rebase --onto main HEAD~1 agents/20261129T190000Z-0badc0de",
        ),
        (Opaque, "git rebase --update-refs main"),
        (Opaque, "git -c rebase.updateRefs=true rebase main"),
        (Destructive, "git rebase -x 'rm -rf /etc' main"),
        (OpenWorld, "git rebase --exec 'cargo test' main"),
        (Read, "git rebase --show-current-patch"),
    ],
};

fn rebase(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    strategy(r, g, p);
    if p.has("show-current-patch") {
        return g.reads(r, "shows the patch a rebase stopped at");
    }
    for cmd in p.values("exec") {
        g.runs_text(r, cmd, "the command");
    }
    if on(p, "update-refs") || g.settings.is_true("rebase.updaterefs") == Some(true) {
        r.note(
            Opaque,
            format!(
                "{} moves every branch that points into the rebased commits (--update-refs), which may include a config lineage",
                g.shown
            ),
        );
    }
    if on(p, "interactive") || p.has("edit-todo") {
        if let Some(editor) = custom_editor(g, scope) {
            r.note(
                Opaque,
                format!(
                    "{} lets {editor} write the rebase's todo, which can run commands and move refs (exec, update-ref)",
                    g.shown
                ),
            );
        }
    }
    let operands = p.operand_args();
    let control = ["continue", "skip", "abort", "quit", "edit-todo"]
        .iter()
        .any(|k| p.has(k));
    let branch = if control {
        None
    } else if on(p, "root") {
        operands.first()
    } else {
        operands.get(1)
    };
    match branch {
        Some(branch) => {
            attaches(r, g, scope, branch, "checks out and rebases");
            g.works(r, "rebases the named branch");
        }
        None => g.moves_head(r, scope, "rewrites the checked-out branch"),
    }
    g.writes_files(r, "updates the worktree's files");
}

// ---- cherry-pick, revert ----

const PICK_OWN: &str = "!quit !continue !abort !skip cleanup= n,no-commit e,edit r s,signoff \
    m,mainline= rerere-autoupdate strategy= X,strategy-option= S,gpg-sign? x ff allow-empty \
    allow-empty-message keep-redundant-commits !empty=";

const CHERRY_PICK_T: Table = Table {
    style: EXACT,
    parts: &[PICK_OWN, REVISION, DIFF],
};

const REVERT_T: Table = Table {
    style: EXACT,
    parts: &[
        "!quit !continue !abort !skip cleanup= n,no-commit e,edit r s,signoff m,mainline= \
         rerere-autoupdate strategy= X,strategy-option= S,gpg-sign? reference",
        REVISION,
        DIFF,
    ],
};

pub const CHERRY_PICK: Sub = Sub {
    names: &["cherry-pick"],
    table: Some(&CHERRY_PICK_T),
    family: None,
    read: pick,
    examples: examples![
        (TargetWrite, "git cherry-pick abc123"),
        (TargetWrite, "git cherry-pick -x main~2..main"),
        (TargetWrite, "git cherry-pick --continue"),
        (TargetWrite, "git cherry-pick -n abc123"),
        (Opaque, "git cherry-pick --strategy=evil abc"),
    ],
};

pub const REVERT: Sub = Sub {
    names: &["revert"],
    table: Some(&REVERT_T),
    family: None,
    read: pick,
    examples: examples![
        (TargetWrite, "git revert HEAD"),
        (TargetWrite, "git revert --no-edit HEAD~2"),
    ],
};

fn pick(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    strategy(r, g, p);
    if on(p, "no-commit") {
        g.writes_files(r, "applies changes to the index and worktree");
        return;
    }
    g.moves_head(r, scope, "records commits on the checked-out branch");
    g.writes_files(r, "updates the worktree's files");
}

// ---- am ----

const AM_T: Table = Table {
    style: PARSE,
    parts: &[
        "i,interactive n,no-verify b,binary 3,3way q,quiet s,signoff u,utf8 k,keep \
        keep-non-patch m,message-id keep-cr no-keep-cr c,scissors !quoted-cr= whitespace= \
        ignore-space-change ignore-whitespace directory= exclude= include= C= p= \
        patch-format= reject resolvemsg !continue !r,resolved !skip !abort !quit \
        !show-current-patch? !retry !allow-empty committer-date-is-author-date ignore-date \
        rerere-autoupdate S,gpg-sign? !empty= rebasing",
    ],
};

pub const AM: Sub = Sub {
    names: &["am"],
    table: Some(&AM_T),
    family: None,
    read: am,
    examples: examples![
        (TargetWrite, "git am 0001-fix.patch"),
        (TargetWrite, "git am -3 --continue"),
        (Read, "git am --show-current-patch=diff"),
        (Secret, "git am ~/.ssh/id_rsa"),
    ],
};

fn am(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    if p.has("show-current-patch") {
        return g.reads(r, "shows the patch am stopped at");
    }
    for mbox in p.operand_args() {
        g.input(r, &mbox);
    }
    g.moves_head(
        r,
        scope,
        "records patches as commits on the checked-out branch",
    );
    g.writes_files(r, "applies patches to the worktree");
}

// ---- reset ----

const RESET_T: Table = Table {
    style: PARSE,
    parts: &[
        "q,quiet no-refresh !mixed !soft !hard !merge !keep recurse-submodules? \
        p,patch N,intent-to-add pathspec-from-file= pathspec-file-nul",
    ],
};

pub const RESET: Sub = Sub {
    names: &["reset"],
    table: Some(&RESET_T),
    family: None,
    read: reset,
    examples: examples![
        (TargetWrite, "git reset HEAD~1"),
        (TargetWrite, "git reset --soft HEAD~3"),
        (TargetWrite, "git reset -- src/main.rs"),
        (TargetWrite, "git reset -p"),
        (TargetWrite, "git reset --keep main"),
        (Destructive, "git reset --hard HEAD~1"),
        (Destructive, "git reset --ha"),
        (TargetWrite, "git reset --soft config/default"),
        (
            Destructive,
            "git checkout config/default && git reset -p --no-patch HEAD~1",
        ),
        (
            Destructive,
            "git checkout config/default && git reset --soft HEAD~1",
        ),
    ],
};

fn reset(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    message_files(r, g, p, &["pathspec-from-file"]);
    if p.has("hard") {
        r.note(
            Destructive,
            format!(
                "{} discards uncommitted changes in the worktree for good (reset --hard)",
                g.shown
            ),
        );
    }
    let (before, after) = split_dashdash(&g.words, p);
    let paths = !after.is_empty()
        || before.len() > 1
        || on(p, "patch")
        || given(p, "pathspec-from-file").is_some();
    if paths {
        return g.works(r, "resets index entries");
    }
    g.moves_head(r, scope, "moves the checked-out branch");
    if p.has("hard") || p.has("merge") || p.has("keep") {
        g.writes_files(r, "updates the worktree's files");
    }
}

// ---- checkout, switch ----

const CHECKOUT_T: Table = Table {
    style: PARSE,
    parts: &[
        "b= B= l guess overlay q,quiet recurse-submodules? progress m,merge conflict= \
        d,detach t,track? f,force orphan= overwrite-ignore ignore-other-worktrees !2,ours \
        !3,theirs p,patch ignore-skip-worktree-bits pathspec-from-file= pathspec-file-nul",
    ],
};

pub const CHECKOUT: Sub = Sub {
    names: &["checkout"],
    table: Some(&CHECKOUT_T),
    family: None,
    read: checkout,
    examples: examples![
        (TargetWrite, "git checkout main"),
        (TargetWrite, "git checkout -b feature"),
        (TargetWrite, "git checkout -b your-bugfix-branch-name main"),
        (TargetWrite, "git checkout -- ."),
        (TargetWrite, "git checkout HEAD~1 -- src/main.rs"),
        (TargetWrite, "git checkout -"),
        (TargetWrite, "git checkout --detach config/default"),
        (TargetWrite, "git checkout refs/heads/config/default"),
        (Destructive, "git checkout config/default"),
        (Destructive, "git checkout -bconfig/x"),
        (Destructive, "git checkout -B config/default"),
        (Destructive, "git checkout --orphan config/new"),
        (Destructive, "git checkout --track origin/config/default"),
        (
            Destructive,
            "git checkout -t -b agents/20261129T190000Z-0badc0de origin/x",
        ),
        (
            Destructive,
            "git checkout --ignore-other-worktrees agents/20261129T190000Z-0badc0de",
        ),
        (
            Destructive,
            "git checkout agents/20261129T181730Z-1c32bb5e-20261130T000000Z-ab12",
        ),
        (TargetWrite, "git checkout agents/20261129T181730Z-1c32bb5e"),
        (Opaque, "git checkout \"$b\""),
        (Read, "git checkout"),
        (TargetWrite, "git checkout -f"),
        (TargetWrite, "git checkout --forc"),
        (Destructive, "git --work-tree=../.. checkout -f"),
        (Opaque, "git checkout @{u}"),
        (Opaque, "git checkout main@{UPSTREAM}"),
        (Opaque, "git checkout -B @{push}"),
        (Opaque, "git checkout @{-1}fig/default"),
        (TargetWrite, "git checkout -b fix @{u}"),
        (
            Destructive,
            "git checkout --detach --no-detach config/default"
        ),
        (Destructive, "git checkout -d --no-detach config/default"),
        (
            Destructive,
            "git checkout --orphan x --no-orphan config/default"
        ),
        (Destructive, "git checkout -p --no-patch config/default"),
        (Destructive, "git checkout --no-track x/config/default"),
    ],
};

fn checkout(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    message_files(r, g, p, &["pathspec-from-file"]);
    let (before, after) = split_dashdash(&g.words, p);
    // `--orphan x --no-orphan` drops the new branch (git's last word wins).
    for key in ["b", "B", "orphan"] {
        if let Some(name) = given(p, key) {
            let name = name.clone();
            new_branch(r, g, &name, "creates the branch");
            attaches(r, g, scope, &name, "attaches this worktree's HEAD to");
            // With no start point the new branch is HEAD: no file changes.
            if before.is_empty() && key != "orphan" {
                return g.keeps_files(r, "checks out a new branch");
            }
            return g.writes_files(r, "checks out a new branch");
        }
    }
    // `--no-track` too names the new branch after the remote-tracking one
    // (builtin/checkout.c: any tracking mode given but "unspecified").
    if p.has("track") || p.has("no-track") {
        if let Some(up) = before.first() {
            match up.text() {
                Some(t) => {
                    let name = Arg::literal(&tracked_name(t));
                    new_branch(r, g, &name, "creates the branch");
                    attaches(r, g, scope, &name, "attaches this worktree's HEAD to");
                }
                None => unknown_name(r, g, up, "creates a branch named after"),
            }
            return g.writes_files(r, "checks out a new branch");
        }
    }
    // A single word that can only be a path (`.`, `./x`, `:/x`, a glob).
    let pathlike = before.len() == 1
        && before[0].text().is_some_and(|t| {
            t == "."
                || t.starts_with("./")
                || t.starts_with(":/")
                || t.starts_with("../")
                || t.ends_with('/')
        })
        || before.first().is_some_and(|a| a.glob);
    let paths = !after.is_empty()
        || before.len() > 1
        || pathlike
        || on(p, "patch")
        || given(p, "pathspec-from-file").is_some()
        || p.has("ours")
        || p.has("theirs");
    if paths {
        return g.writes_files(r, "checks out files into the worktree");
    }
    match before.first() {
        // With no branch, `-f` checks HEAD's files out again over the
        // worktree's changes (builtin/checkout.c: a forced switch to the
        // current branch), and `--recurse-submodules` updates the
        // submodules' worktrees: both write the worktree.
        None if p.has("force") || p.has("recurse-submodules") => g.writes_files(
            r,
            "checks HEAD's files out again over the worktree's changes (-f)",
        ),
        // It still refreshes and rewrites the index (verified under dash).
        None => g.refreshes(r, "shows where HEAD is", false),
        Some(target) if on(p, "detach") => {
            if target.text().is_none() {
                unknown_name(r, g, target, "checks out");
            }
            if g.repo == super::Where::Own {
                refs::set_head(scope, None);
            }
            g.writes_files(r, "checks out a detached commit");
        }
        Some(target) => {
            attaches(r, g, scope, target, "attaches this worktree's HEAD to");
            g.writes_files(r, "switches the worktree to another branch or commit");
        }
    }
}

const SWITCH_T: Table = Table {
    style: PARSE,
    parts: &[
        "c,create= C,force-create= guess discard-changes q,quiet recurse-submodules? \
        progress m,merge conflict= d,detach t,track? f,force orphan= overwrite-ignore \
        ignore-other-worktrees",
    ],
};

pub const SWITCH: Sub = Sub {
    names: &["switch"],
    table: Some(&SWITCH_T),
    family: None,
    read: switch,
    examples: examples![
        (TargetWrite, "git switch main"),
        (TargetWrite, "git switch -c feature"),
        (TargetWrite, "git switch -c feature origin/main"),
        (TargetWrite, "git switch -"),
        (TargetWrite, "git switch --detach config/default"),
        (Destructive, "git switch config/default"),
        (Destructive, "git switch -c agents/x"),
        (Destructive, "git switch -Cconfig/default"),
        (Destructive, "git switch --create=config/x"),
        (Destructive, "git switch --orph config/x"),
        (Destructive, "git switch -t origin/config/x"),
        (Opaque, "git switch @{u}"),
        (Opaque, "git switch -C X@{u}"),
        (Opaque, "git switch -c @{Push}"),
        (TargetWrite, "git switch --detach main"),
        (
            TargetWrite,
            "git switch --no-detach --detach config/default"
        ),
        (
            Destructive,
            "git switch --detach --no-detach config/default"
        ),
        (Destructive, "git switch -c foo --no-create config/default"),
        (
            Destructive,
            "git switch --orphan x --no-orphan config/default"
        ),
        (
            Destructive,
            "git switch -C x --no-force-create config/default"
        ),
        (TargetWrite, "git switch --no-create -c foo config/default"),
    ],
};

fn switch(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    let operands = p.operand_args();
    // `-c x --no-create` drops the new branch (git's last word wins).
    for key in ["create", "force-create", "orphan"] {
        if let Some(name) = given(p, key) {
            let name = name.clone();
            new_branch(r, g, &name, "creates the branch");
            attaches(r, g, scope, &name, "attaches this worktree's HEAD to");
            // With no start point the new branch is HEAD: no file changes.
            if operands.is_empty() && key != "orphan" {
                return g.keeps_files(r, "switches to a new branch");
            }
            return g.writes_files(r, "switches to a new branch");
        }
    }
    if on(p, "detach") {
        if g.repo == super::Where::Own {
            refs::set_head(scope, None);
        }
        return g.writes_files(r, "checks out a detached commit");
    }
    match operands.first() {
        None => g.reads(r, "names no branch: git prints its usage"),
        Some(target) => {
            let target = if p.has("track") || p.has("no-track") {
                match target.text() {
                    Some(t) => Arg::literal(&tracked_name(t)),
                    None => target.clone(),
                }
            } else {
                target.clone()
            };
            attaches(r, g, scope, &target, "attaches this worktree's HEAD to");
            g.writes_files(r, "switches the worktree to another branch");
        }
    }
}

// ---- branch ----

const BRANCH_T: Table = Table {
    style: PARSE,
    parts: &[
        "v,verbose q,quiet t,track? set-upstream u,set-upstream-to= unset-upstream \
        color? !r,remotes !contains= !no-contains= !with= !without= abbrev? !a,all d,delete D \
        m,move M omit-empty c,copy C l,list show-current create-reflog edit-description \
        f,force !merged= !no-merged= column? sort= points-at= i,ignore-case recurse-submodules \
        format=",
    ],
};

pub const BRANCH: Sub = Sub {
    names: &["branch"],
    table: Some(&BRANCH_T),
    family: None,
    read: branch,
    examples: examples![
        (Read, "git branch"),
        (Read, "git branch -a"),
        (Read, "git branch -vv"),
        (Read, "git branch --show-current"),
        (Read, "git branch --list 'feat*'"),
        (Read, "git branch --contains HEAD"),
        (Read, "git branch --merged"),
        (Read, "git branch --no-merged main"),
        (TargetWrite, "git branch feature"),
        (TargetWrite, "git branch -d feature"),
        (TargetWrite, "git branch -u origin/main"),
        (TargetWrite, "git branch -f feature main"),
        (Destructive, "git branch -D feature"),
        (Destructive, "git branch config/evil"),
        (Destructive, "git branch -f config/default HEAD"),
        (
            Destructive,
            "git branch -f agents/20261129T190000Z-0badc0de HEAD",
        ),
        (Destructive, "git branch -m feature config/x"),
        (Destructive, "git branch -M x"),
        (Destructive, "git branch -C main config/default"),
        (TargetWrite, "git branch -c config/default mine"),
        (Destructive, "git branch -c mine config/default"),
        (Destructive, "git branch -m better-name"),
        (
            TargetWrite,
            "git switch -c wip && git branch -m better-name",
        ),
        (
            Destructive,
            "git branch -d agents/20261129T181730Z-1c32bb5e",
        ),
        (Destructive, "git branch -u origin/main config/default"),
        (Destructive, "git branch refs/heads/config/default"),
        (Destructive, "git branch --delete --force feature"),
        (Destructive, "git branch -d -r config/default"),
        (
            Destructive,
            "git branch -d --remotes refs/heads/config/default",
        ),
        (Opaque, "git branch \"$name\""),
        (Opaque, "git branch -f @{u} HEAD"),
        (Opaque, "git branch -m @{u} renamed"),
        (Opaque, "git branch -m x @{upstream}"),
        (Destructive, "git branch -M x @{upstream}"),
        (Opaque, "git branch -d @{u}"),
        (Opaque, "git branch -c @{u} x"),
        (Opaque, "git branch --edit-description @{u}"),
        (Opaque, "git branch -u origin/main x@{push}"),
        (TargetWrite, "git branch -f feature @{u}"),
        (
            Destructive,
            "git branch --points-at HEAD --no-points-at config/x"
        ),
    ],
};

fn branch(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    let names = p.operand_args();
    let deleting = on(p, "delete") || p.has("D");
    let moving = on(p, "move") || p.has("M");
    let copying = on(p, "copy") || p.has("C");
    let forced = on(p, "force") || p.has("D") || p.has("M") || p.has("C");
    let current = || {
        refs::head(scope)
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| refs::own_branch(&g.own))
    };
    if deleting {
        if forced {
            r.note(
                Destructive,
                format!(
                    "{} deletes a branch whether or not it was merged (branch -D)",
                    g.shown
                ),
            );
        }
        let remote = on(p, "remotes");
        for name in &names {
            let Some(text) = name.text() else {
                unknown_name(r, g, name, "deletes the branch");
                continue;
            };
            if rewritten(r, g, name, "deletes the branch") {
                continue;
            }
            let full = if remote {
                format!("refs/remotes/{text}")
            } else {
                format!("refs/heads/{text}")
            };
            deletes_branch(r, g, &full);
        }
        return;
    }
    if moving || copying {
        if forced {
            r.note(
                Destructive,
                format!(
                    "{} overwrites the branch it {} onto, losing it (-M/-C)",
                    g.shown,
                    if moving { "renames" } else { "copies" }
                ),
            );
        }
        let (old, new) = match names.as_slice() {
            [new] => (None, new.clone()),
            [old, new, ..] => (Some(old.clone()), new.clone()),
            [] => return g.reads(r, "names no branch: git prints its usage"),
        };
        let old_full = match &old {
            Some(old) if rewritten(r, g, old, "renames or copies the branch") => None,
            Some(old) => match old.text() {
                Some(t) => Some(format!("refs/heads/{t}")),
                None => {
                    unknown_name(r, g, old, "renames the branch");
                    None
                }
            },
            None => Some(current()),
        };
        if let (Some(old_full), true) = (&old_full, moving) {
            deletes_branch(r, g, old_full);
        }
        new_branch(
            r,
            g,
            &new,
            if moving {
                "renames a branch to"
            } else {
                "copies a branch to"
            },
        );
        if moving && old.is_none() && g.repo == super::Where::Own {
            if let Some(t) = new.text() {
                refs::set_head(scope, Some(format!("refs/heads/{t}")));
            }
        }
        return;
    }
    let upstream = p.has("set-upstream-to") || p.has("unset-upstream") || p.has("edit-description");
    if upstream {
        let full = match names.first() {
            Some(n) if rewritten(r, g, n, "records the upstream or description of") => {
                return;
            }
            Some(n) => match n.text() {
                Some(t) => format!("refs/heads/{t}"),
                None => return unknown_name(r, g, n, "records the upstream of"),
            },
            None => current(),
        };
        if let Some(label) = refs::protected(&full, &g.own) {
            r.guard(
                Destructive,
                format!(
                    "{} changes the configuration of {full}, which is {label}",
                    g.shown
                ),
            );
        }
        return g.works(
            r,
            "records the branch's upstream or description in repo config, as ordinary git does",
        );
    }
    // `--points-at x --no-points-at` empties the list: no listing.
    let listing = names.is_empty()
        || on(p, "list")
        || on(p, "show-current")
        || given(p, "points-at").is_some()
        || ["contains", "no-contains", "merged", "no-merged"]
            .iter()
            .any(|k| p.has(k));
    if listing {
        return g.reads(r, "lists branches");
    }
    let name = names[0].clone();
    new_branch(
        r,
        g,
        &name,
        if forced {
            "creates or resets the branch"
        } else {
            "creates the branch"
        },
    );
}

/// Deleting (or renaming away) a branch: protected ones, and the agent's
/// own branch (how litany finds the agent's work), are refused.
fn deletes_branch(r: &mut Reader, g: &Git, full: &str) {
    if full == refs::own_branch(&g.own) {
        r.guard(
            Destructive,
            format!(
                "{} deletes or renames {full}, the agent's own branch, which is how litany finds this agent's work",
                g.shown
            ),
        );
    }
    g.writes_ref(r, full, "deletes the branch");
}

// ---- tag ----

const TAG_T: Table = Table {
    style: PARSE,
    parts: &[
        "!l,list n? !d,delete !v,verify a,annotate !m,message= F,file= !trailer= e,edit \
        s,sign cleanup= u,local-user= f,force create-reflog column? !contains= !no-contains= \
        !with= !without= !merged= !no-merged= omit-empty sort= points-at= format= color? \
        i,ignore-case",
    ],
};

pub const TAG: Sub = Sub {
    names: &["tag"],
    table: Some(&TAG_T),
    family: None,
    read: tag,
    examples: examples![
        (Read, "git tag"),
        (Read, "git tag -l 'v1.*'"),
        (Read, "git tag --contains HEAD"),
        (Read, "git tag -v v1.0"),
        (TargetWrite, "git tag v1.0"),
        (TargetWrite, "git tag -a v1.0 -m 'release'"),
        (TargetWrite, "git tag -d v0.9"),
        (Destructive, "git tag config/default"),
        (
            Destructive,
            "git tag agents/20261129T181730Z-1c32bb5e HEAD~5",
        ),
        (Destructive, "git tag -f refs/litany/held/x"),
        (Destructive, "git tag -d config/x"),
        (
            Destructive,
            "git tag --points-at HEAD --no-points-at config/x"
        ),
    ],
};

fn tag(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    message_files(r, g, p, &["file"]);
    let names = p.operand_args();
    if p.has("verify") {
        return g.reads(r, "verifies tags");
    }
    if p.has("delete") {
        for name in &names {
            match name.text() {
                Some(t) => g.writes_ref(r, &format!("refs/tags/{t}"), "deletes the tag"),
                None => unknown_name(r, g, name, "deletes the tag"),
            }
        }
        return;
    }
    let listing = names.is_empty()
        || p.has("list")
        || given(p, "points-at").is_some()
        || ["contains", "no-contains", "merged", "no-merged", "n"]
            .iter()
            .any(|k| p.has(k));
    if listing {
        return g.reads(r, "lists tags");
    }
    match names[0].text() {
        Some(t) => g.writes_ref(r, &format!("refs/tags/{t}"), "creates the tag"),
        None => unknown_name(r, g, &names[0], "creates the tag"),
    }
}

// ---- update-ref, symbolic-ref ----

const UPDATE_REF_T: Table = Table {
    style: PARSE,
    parts: &["m= d no-deref z stdin create-reflog"],
};

pub const UPDATE_REF: Sub = Sub {
    names: &["update-ref"],
    table: Some(&UPDATE_REF_T),
    family: None,
    read: update_ref,
    examples: examples![
        (TargetWrite, "git update-ref refs/heads/feature HEAD"),
        (
            TargetWrite,
            "git update-ref refs/heads/agents/20261129T181730Z-1c32bb5e HEAD~1",
        ),
        (TargetWrite, "git update-ref HEAD HEAD~1"),
        (
            Destructive,
            "git update-ref -m x refs/heads/config/default HEAD",
        ),
        (Destructive, "git update-ref refs/heads/config/default HEAD"),
        (Destructive, "git update-ref \"refs/replace/$old\" \"$new\""),
        (Destructive, "git update-ref -mx refs/litany/held/x HEAD"),
        (
            Destructive,
            "git update-ref --no-deref refs/replace/abc def",
        ),
        (
            Destructive,
            "git update-ref agents/20261129T190000Z-0badc0de HEAD",
        ),
        (Destructive, "git update-ref refs/tags/config/default HEAD"),
        (
            Destructive,
            "git update-ref refs/heads/refs/litany/workflow/x HEAD",
        ),
        (Destructive, "git update-ref main-worktree/HEAD HEAD"),
        (Destructive, "git update-ref -d refs/heads/feature"),
        (
            Destructive,
            "git update-ref -m 'checkout: moving from config/default to x' HEAD HEAD",
        ),
        (Opaque, "git update-ref --stdin"),
        (Opaque, "git update-ref \"$r\" HEAD"),
    ],
};

fn update_ref(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    reflog_message(r, g, p, "m");
    if p.has("stdin") {
        r.note(
            Opaque,
            format!(
                "{} updates refs named on its input, which wicket cannot read",
                g.shown
            ),
        );
        return;
    }
    let operands = p.operand_args();
    let Some(name) = operands.first() else {
        return g.reads(r, "names no ref: git prints its usage");
    };
    if p.has("d") {
        r.note(
            Destructive,
            format!("{} deletes a ref and its reflog (update-ref -d)", g.shown),
        );
    } else if operands.len() < 2 {
        return g.reads(r, "names no value: git prints its usage");
    }
    let Some(text) = name.text() else {
        return unknown_name(r, g, name, "updates the ref");
    };
    if text == "HEAD" && !on(p, "no-deref") {
        return g.moves_head(r, scope, "moves the checked-out branch");
    }
    if text == refs::own_branch(&g.own) && p.has("d") {
        return deletes_branch(r, g, text);
    }
    g.writes_ref(r, text, "updates the ref");
}

const SYMBOLIC_REF_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet d,delete short recurse m="],
};

pub const SYMBOLIC_REF: Sub = Sub {
    names: &["symbolic-ref"],
    table: Some(&SYMBOLIC_REF_T),
    family: None,
    read: symbolic_ref,
    examples: examples![
        (Read, "git symbolic-ref HEAD"),
        (Read, "git symbolic-ref --short HEAD"),
        (TargetWrite, "git symbolic-ref HEAD refs/heads/feature"),
        (
            Destructive,
            "git symbolic-ref HEAD refs/heads/config/default",
        ),
        (
            Destructive,
            "git symbolic-ref refs/heads/alias refs/heads/config/default",
        ),
        (
            Destructive,
            "git symbolic-ref refs/heads/config/default refs/heads/x",
        ),
        (Destructive, "git symbolic-ref -d refs/litany/cwd/x"),
        (
            Destructive,
            "git symbolic-ref -d --no-delete FOO refs/heads/config/default",
        ),
        (
            Destructive,
            "git symbolic-ref --delete --no-delete HEAD refs/heads/config/default",
        ),
    ],
};

fn symbolic_ref(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    reflog_message(r, g, p, "m");
    let operands = p.operand_args();
    let Some(name) = operands.first() else {
        return g.reads(r, "names no ref: git prints its usage");
    };
    let Some(text) = name.text() else {
        return unknown_name(r, g, name, "changes the symbolic ref");
    };
    // `-d --no-delete` points the ref instead (git's last word wins).
    if on(p, "delete") {
        if text == "HEAD" {
            return g.works(r, "deletes this worktree's HEAD");
        }
        return g.writes_ref(r, text, "deletes the symbolic ref");
    }
    let Some(target) = operands.get(1) else {
        return g.reads(r, "reads a symbolic ref");
    };
    let Some(target_text) = target.text() else {
        return unknown_name(r, g, target, "points a symbolic ref at");
    };
    if let Some(label) = refs::protected(target_text, &g.own) {
        r.guard(
            Destructive,
            format!(
                "{} points {text} at {target_text} ({label}), so a write through {text} moves it",
                g.shown
            ),
        );
    }
    if text == "HEAD" {
        if g.repo == super::Where::Own {
            refs::set_head(scope, Some(target_text.to_owned()));
        }
        return g.works(r, "attaches this worktree's HEAD to another branch");
    }
    g.writes_ref(r, text, "writes the symbolic ref");
}

// ---- replace ----

const REPLACE_T: Table = Table {
    style: PARSE,
    parts: &["!l,list !d,delete !e,edit !g,graft !convert-graft-file f,force raw format="],
};

pub const REPLACE: Sub = Sub {
    names: &["replace"],
    table: Some(&REPLACE_T),
    family: None,
    read: replace,
    examples: examples![
        (Read, "git replace"),
        (Read, "git replace -l"),
        (Destructive, "git replace HEAD~1 HEAD"),
        (Destructive, "git replace --graft HEAD"),
        (Destructive, "git replace -d abc123"),
        (Destructive, "git replace --convert-graft-file"),
        (Destructive, "git replace -f \"$old\" \"$new\""),
    ],
};

fn replace(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    let operands = p.operand_args();
    let writes = ["delete", "edit", "graft", "convert-graft-file"]
        .iter()
        .any(|k| p.has(k))
        || (!p.has("list") && !operands.is_empty());
    if !writes {
        return g.reads(r, "lists replace refs");
    }
    r.guard(
        Destructive,
        format!(
            "{} writes refs/replace/*, which litany honours when it reads its workflow from the config lineage",
            g.shown
        ),
    );
}

// ---- stash ----

const STASH_PUSH_T: Table = Table {
    style: PARSE,
    parts: &[
        "k,keep-index S,staged p,patch q,quiet u,include-untracked a,all m,message= \
        pathspec-from-file= pathspec-file-nul",
    ],
};
const STASH_SAVE_T: Table = Table {
    style: PARSE,
    parts: &["k,keep-index S,staged p,patch q,quiet u,include-untracked a,all m,message="],
};
const STASH_LIST_T: Table = Table {
    style: EXACT,
    parts: &[LOG_OWN, REVISION, DIFF],
};
const STASH_SHOW_T: Table = Table {
    style: EXACT,
    parts: &["u,include-untracked !only-untracked", REVISION, DIFF],
};
const STASH_QUIET_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet"],
};
const STASH_APPLY_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet index"],
};
const STASH_STORE_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet m,message="],
};
const NONE_T: Table = Table {
    style: PARSE,
    parts: &[],
};

const STASH_PUSH: Sub = Sub {
    names: &["push"],
    table: Some(&STASH_PUSH_T),
    family: None,
    read: stash_push,
    examples: examples![
        (TargetWrite, "git stash"),
        (TargetWrite, "git stash push -m 'wip'"),
        (TargetWrite, "git stash -u"),
        (TargetWrite, "git stash push -- src/main.rs"),
    ],
};

fn stash_push(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    message_files(r, g, p, &["pathspec-from-file"]);
    g.writes_files(
        r,
        "saves changes onto the stash and cleans them from the worktree",
    );
}

fn stash_read(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.reads(r, "shows the stash");
}

fn stash_work(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.writes_files(
        r,
        "applies or drops one stash entry (a dropped entry's commit is printed and kept until gc)",
    );
}

fn stash_clear(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    r.guard(
        Destructive,
        format!(
            "{} drops every entry of refs/stash, which every worktree of repo.git shares, other agents' stashes among them",
            g.shown
        ),
    );
}

fn stash_branch(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    let Some(name) = p.operand_args().first().cloned() else {
        return g.reads(r, "names no branch: git prints its usage");
    };
    new_branch(r, g, &name, "creates the branch");
    attaches(r, g, scope, &name, "attaches this worktree's HEAD to");
    g.writes_files(r, "applies a stash on a new branch");
}

fn stash_store(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.works(r, "adds an entry to the stash");
}

pub const STASH: Sub = Sub {
    names: &["stash"],
    table: None,
    family: Some(&Family {
        parent: None,
        members: &[
            &STASH_PUSH,
            &Sub {
                names: &["save"],
                table: Some(&STASH_SAVE_T),
                family: None,
                read: stash_push,
                examples: examples![(TargetWrite, "git stash save 'wip'")],
            },
            &Sub {
                names: &["list"],
                table: Some(&STASH_LIST_T),
                family: None,
                read: stash_read,
                examples: examples![(Read, "git stash list"), (Read, "git stash list --oneline")],
            },
            &Sub {
                names: &["show"],
                table: Some(&STASH_SHOW_T),
                family: None,
                read: stash_read,
                examples: examples![
                    (Read, "git stash show -p stash@{1}"),
                    (Read, "git stash show --stat"),
                ],
            },
            &Sub {
                names: &["pop", "apply"],
                table: Some(&STASH_APPLY_T),
                family: None,
                read: stash_work,
                examples: examples![
                    (TargetWrite, "git stash pop"),
                    (TargetWrite, "git stash apply --index stash@{0}"),
                ],
            },
            &Sub {
                names: &["drop"],
                table: Some(&STASH_QUIET_T),
                family: None,
                read: stash_work,
                examples: examples![(TargetWrite, "git stash drop")],
            },
            &Sub {
                names: &["clear"],
                table: Some(&NONE_T),
                family: None,
                read: stash_clear,
                examples: examples![(Destructive, "git stash clear")],
            },
            &Sub {
                names: &["branch"],
                table: Some(&NONE_T),
                family: None,
                read: stash_branch,
                examples: examples![
                    (TargetWrite, "git stash branch fix stash@{0}"),
                    (Destructive, "git stash branch config/x"),
                ],
            },
            &Sub {
                names: &["create"],
                table: Some(&NONE_T),
                family: None,
                read: stash_store,
                examples: examples![(TargetWrite, "git stash create")],
            },
            &Sub {
                names: &["store"],
                table: Some(&STASH_STORE_T),
                family: None,
                read: stash_store,
                examples: examples![(TargetWrite, "git stash store -m x abc123")],
            },
        ],
        default: Some(&STASH_PUSH),
        fallback: Some(&STASH_PUSH),
    }),
    read: stash_read,
    examples: examples![
        (TargetWrite, "git stash -p"),
        (TargetWrite, "git stash --include-untracked"),
        (Opaque, "git stash bogus-sub --frob"),
    ],
};

// ---- notes ----

const NOTES_PARENT: Table = Table {
    style: super::opts::PARSE_STOP,
    parts: &["ref="],
};
const NOTES_ADD_T: Table = Table {
    style: PARSE,
    parts: &[
        "!m,message= !F,file= !c,reedit-message= !C,reuse-message= allow-empty f,force \
        separator? stripspace",
    ],
};
const NOTES_APPEND_T: Table = Table {
    style: PARSE,
    parts: &[
        "!m,message= !F,file= !c,reedit-message= !C,reuse-message= allow-empty \
        separator? stripspace",
    ],
};
const NOTES_COPY_T: Table = Table {
    style: PARSE,
    parts: &["f,force stdin for-rewrite="],
};
const NOTES_MERGE_T: Table = Table {
    style: PARSE,
    parts: &["v,verbose q,quiet s,strategy= !commit !abort"],
};
const NOTES_REMOVE_T: Table = Table {
    style: PARSE,
    parts: &["ignore-missing stdin"],
};
const NOTES_PRUNE_T: Table = Table {
    style: PARSE,
    parts: &["n,dry-run v,verbose"],
};

fn notes_read(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.reads(r, "shows notes");
}

/// Notes live under refs/notes/ (git refuses to write notes anywhere else,
/// whatever `--ref`, `core.notesRef` or `GIT_NOTES_REF` say).
fn notes_write(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    message_files(r, g, p, &["file"]);
    if on(p, "dry-run") {
        return g.reads(r, "shows which notes it would prune");
    }
    g.works(r, "writes notes (under refs/notes/)");
}

const NOTES_LIST: Sub = Sub {
    names: &["list"],
    table: Some(&NONE_T),
    family: None,
    read: notes_read,
    examples: examples![(Read, "git notes"), (Read, "git notes list HEAD")],
};

pub const NOTES: Sub = Sub {
    names: &["notes"],
    table: None,
    family: Some(&Family {
        parent: Some(&NOTES_PARENT),
        members: &[
            &NOTES_LIST,
            &Sub {
                names: &["add"],
                table: Some(&NOTES_ADD_T),
                family: None,
                read: notes_write,
                examples: examples![
                    (TargetWrite, "git notes add -m 'reviewed' HEAD"),
                    (
                        TargetWrite,
                        "git notes --ref=refs/heads/config/default add -m x",
                    ),
                    (
                        TargetWrite,
                        "GIT_NOTES_REF=refs/heads/config/default git notes add -m x",
                    ),
                ],
            },
            &Sub {
                names: &["append", "edit"],
                table: Some(&NOTES_APPEND_T),
                family: None,
                read: notes_write,
                examples: examples![(TargetWrite, "git notes append -m more")],
            },
            &Sub {
                names: &["copy"],
                table: Some(&NOTES_COPY_T),
                family: None,
                read: notes_write,
                examples: examples![(TargetWrite, "git notes copy HEAD~1 HEAD")],
            },
            &Sub {
                names: &["show", "get-ref"],
                table: Some(&NONE_T),
                family: None,
                read: notes_read,
                examples: examples![(Read, "git notes show HEAD")],
            },
            &Sub {
                names: &["merge"],
                table: Some(&NOTES_MERGE_T),
                family: None,
                read: notes_write,
                examples: examples![(TargetWrite, "git notes merge -s union refs/notes/other")],
            },
            &Sub {
                names: &["remove"],
                table: Some(&NOTES_REMOVE_T),
                family: None,
                read: notes_write,
                examples: examples![(TargetWrite, "git notes remove HEAD")],
            },
            &Sub {
                names: &["prune"],
                table: Some(&NOTES_PRUNE_T),
                family: None,
                read: notes_write,
                examples: examples![
                    (Read, "git notes prune -n"),
                    (TargetWrite, "git notes prune"),
                ],
            },
        ],
        default: Some(&NOTES_LIST),
        fallback: None,
    }),
    read: notes_read,
    examples: examples![(Read, "git notes --ref=review list")],
};

// ---- reflog ----

const REFLOG_SHOW_T: Table = Table {
    style: EXACT,
    parts: &[LOG_OWN, REVISION, DIFF],
};
const REFLOG_EXPIRE_T: Table = Table {
    style: PARSE,
    parts: &[
        "n,dry-run rewrite updateref verbose !expire= !expire-unreachable= stale-fix all \
        single-worktree",
    ],
};
const REFLOG_DELETE_T: Table = Table {
    style: PARSE,
    parts: &["n,dry-run rewrite updateref verbose"],
};

const REFLOG_SHOW: Sub = Sub {
    names: &["show"],
    table: Some(&REFLOG_SHOW_T),
    family: None,
    read: reflog_read,
    examples: examples![
        (Read, "git reflog"),
        (Read, "git reflog show --date=iso feature"),
    ],
};

fn reflog_read(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.reads(r, "shows reflogs");
}

fn reflog_drop(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if on(p, "dry-run") {
        return g.reads(r, "shows which reflog entries it would drop");
    }
    r.note(
        Destructive,
        format!(
            "{} drops reflog entries, the record that lets lost commits be recovered (and repo.git's maintenance is the operator's)",
            g.shown
        ),
    );
    g.works(r, "rewrites reflogs");
}

pub const REFLOG: Sub = Sub {
    names: &["reflog"],
    table: None,
    family: Some(&Family {
        parent: None,
        members: &[
            &REFLOG_SHOW,
            &Sub {
                names: &["list", "exists"],
                table: Some(&NONE_T),
                family: None,
                read: reflog_read,
                examples: examples![(Read, "git reflog exists refs/heads/main")],
            },
            &Sub {
                names: &["expire"],
                table: Some(&REFLOG_EXPIRE_T),
                family: None,
                read: reflog_drop,
                examples: examples![
                    (Destructive, "git reflog expire --expire=now --all"),
                    (Read, "git reflog expire -n --all"),
                ],
            },
            &Sub {
                names: &["delete"],
                table: Some(&REFLOG_DELETE_T),
                family: None,
                read: reflog_drop,
                examples: examples![(Destructive, "git reflog delete HEAD@{1}")],
            },
        ],
        default: Some(&REFLOG_SHOW),
        fallback: Some(&REFLOG_SHOW),
    }),
    read: reflog_read,
    examples: examples![(Read, "git reflog -5"), (Read, "git reflog HEAD")],
};

// ---- bisect ----

pub const BISECT: Sub = Sub {
    names: &["bisect"],
    table: None,
    family: None,
    read: bisect,
    examples: examples![
        (TargetWrite, "git bisect start"),
        (TargetWrite, "git bisect start HEAD v1.0 -- src"),
        (TargetWrite, "git bisect good"),
        (TargetWrite, "git bisect bad HEAD~3"),
        (TargetWrite, "git bisect reset"),
        (Read, "git bisect log"),
        (Read, "git bisect visualize --oneline"),
        (Destructive, "git bisect view --output=../../inbox/m"),
        (Destructive, "git bisect view diff --output=../../inbox/m"),
        (TargetWrite, "git bisect view --stat --output=bisect.txt"),
        (OpenWorld, "git bisect run cargo test"),
        (Destructive, "git bisect run rm -rf /etc"),
        (Destructive, "git bisect reset config/default"),
        (TargetWrite, "git bisect fixed"),
    ],
};

fn bisect(r: &mut Reader, g: &mut Git, _p: &Parsed, scope: &mut Scope) {
    let words = g.words.clone();
    let Some(first) = words.first() else {
        return g.reads(r, "names no subcommand: git prints its usage");
    };
    let Some(sub) = first.text() else {
        return unknown_name(r, g, first, "runs the bisect step");
    };
    match sub {
        "visualize" | "view" if words.len() > 1 => bisect_view(r, g, &words[1..], scope),
        "log" | "visualize" | "view" | "terms" | "help" => g.reads(r, "shows the bisection"),
        "replay" => {
            if let Some(file) = words.get(1) {
                g.input(r, file);
            }
            g.writes_files(r, "replays a bisection, checking out commits");
        }
        "run" => {
            if words.len() > 1 {
                runs_program(r, g, &words[1..]);
            }
            g.writes_files(r, "checks out commits while it runs a command");
        }
        "reset" => {
            if let Some(target) = words.get(1) {
                attaches(r, g, scope, target, "attaches this worktree's HEAD to");
            }
            g.writes_files(r, "ends a bisection, checking out where it started");
        }
        _ => g.writes_files(r, "marks commits and checks out the next one to test"),
    }
}

/// A program bisect runs with its words, where git runs.
fn runs_program(r: &mut Reader, g: &Git, argv: &[Arg]) {
    let inv = Invocation {
        argv: argv.to_vec(),
        stdin: g.stdin,
        stdin_paths: None,
        stdin_text: None,
        extra_operands: false,
        lookup: Lookup::Shell,
    };
    let mut at = g.at.clone();
    r.read_invocation(&inv, &mut at);
}

/// `git bisect view ARGS`: options go to `git log` (`--output` writes a
/// file there as in log: `git bisect view --output=../../inbox/m`
/// overwrote it, verified under dash); `tig` and a name starting with
/// `git` run as that program; any other name is a git subcommand.
fn bisect_view(r: &mut Reader, g: &mut Git, words: &[Arg], scope: &mut Scope) {
    let Some(first) = words[0].text() else {
        return unknown_name(r, g, &words[0], "shows the bisection with");
    };
    if first.starts_with('-') {
        return super::run_sub(r, g, &super::reads::LOG, "log", words, scope);
    }
    if first == "tig" || first.starts_with("git") {
        return runs_program(r, g, words);
    }
    match super::find(first) {
        Some(sub) => super::run_sub(r, g, sub, first, &words[1..], scope),
        None => r.note(
            Opaque,
            format!(
                "{}: `git {first}`, which git bisect view runs, is not a subcommand wicket describes",
                g.shown
            ),
        ),
    }
}

// ---- rerere ----

pub const RERERE: Sub = Sub {
    names: &["rerere"],
    table: Some(&RERERE_T),
    family: None,
    read: rerere,
    examples: examples![
        (Read, "git rerere status"),
        (Read, "git rerere diff"),
        (Destructive, "git rerere forget src/main.rs"),
        (Destructive, "git rerere"),
        (Destructive, "git rerere clear"),
        (Destructive, "git rerere gc"),
    ],
};

const RERERE_T: Table = Table {
    style: PARSE,
    parts: &["rerere-autoupdate"],
};

fn rerere(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    let operands = p.operand_args();
    match texts(&operands).first().copied().flatten() {
        Some("status" | "diff" | "remaining") => g.reads(r, "shows recorded resolutions"),
        // The resolutions live in rr-cache, one of the directories every
        // worktree shares (repo.git/rr-cache): a resolution recorded or
        // forgotten here is replayed, or no longer, in every other agent's
        // merges once rerere is on (the directory's being there turns it on).
        _ => match g.repo {
            Where::Own | Where::Protected { .. } => r.guard(
                wicket_guest::Effect::Destructive,
                format!(
                    "{} records or forgets conflict resolutions in repo.git/rr-cache, which every worktree shares and replays in its merges: a write to the protected set",
                    g.shown
                ),
            ),
            _ => g.works(r, "records or forgets conflict resolutions"),
        },
    }
}
