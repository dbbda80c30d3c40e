//! git, read by what each subcommand does, never by its name alone.
//!
//! Ordinary work on the agent's own branch in its own worktree is
//! target-write, reading is read, and transfers reach past the root
//! (open-world). The workspace repository `repo.git` is shared by every agent
//! and the harness: a write to a protected ref ([`refs`]), to its config,
//! hooks, `info/`, `objects/info/`, `packed-refs`, `shallow`, another
//! worktree's records, or the worktree's own `.git`, is destructive, by any
//! spelling. Where git runs is read as git finds it: `-C`, `--git-dir`,
//! `--work-tree`, `GIT_DIR` and friends, and a directory holding its own
//! repository (a `.git` file or directory, or a bare repository) — a
//! repository wicket cannot see into is not the agent's worktree. Settings
//! that make git run a program (`-c core.pager=…`) are read as that program.
//!
//! This module reads git's own options and environment, finds the
//! repository, and hands the subcommand to its description: [`history`]
//! (commits, branches, tags, refs, stash, notes), [`files`] (the worktree's
//! files and the object store's plumbing), [`reads`] (log, diff, status, …),
//! [`remote`] (push, fetch, clone, …), [`maintenance`] (gc, worktrees, …)
//! and [`settings`] (`-c`, `git config`).

mod files;
mod history;
mod maintenance;
pub mod opts;
mod reads;
pub mod refs;
mod remote;
mod settings;

use wicket_guest::paths::{absolute, fold, is_under};
use wicket_guest::{Effect, PathKind};

use crate::argv::{self, Parsed};
use crate::read::{protected_label, Arg, Change, Invocation, Place, Reach, Reader, Scope, Stdin};

use super::{Program, Run, Syntax};
use opts::Table;
use settings::Settings;

pub const PROGRAMS: &[&Program] = &[&GIT];

/// git, and its programs by their dashed names (`git-upload-pack` on PATH,
/// `git-update-ref` in git's exec path), each read as `git <sub>`.
const DASHED: &[&str] = &[
    "git",
    "git-add",
    "git-add--interactive",
    "git-am",
    "git-annotate",
    "git-apply",
    "git-archimport",
    "git-archive",
    "git-bisect",
    "git-bisect--helper",
    "git-blame",
    "git-branch",
    "git-bugreport",
    "git-bundle",
    "git-cat-file",
    "git-check-attr",
    "git-check-ignore",
    "git-check-mailmap",
    "git-check-ref-format",
    "git-checkout",
    "git-checkout--worker",
    "git-checkout-index",
    "git-cherry",
    "git-cherry-pick",
    "git-clean",
    "git-clone",
    "git-column",
    "git-commit",
    "git-commit-graph",
    "git-commit-tree",
    "git-config",
    "git-count-objects",
    "git-credential",
    "git-credential-cache",
    "git-credential-cache--daemon",
    "git-credential-store",
    "git-cvsexportcommit",
    "git-cvsimport",
    "git-cvsserver",
    "git-daemon",
    "git-describe",
    "git-diagnose",
    "git-diff",
    "git-diff-files",
    "git-diff-index",
    "git-diff-tree",
    "git-difftool",
    "git-difftool--helper",
    "git-env--helper",
    "git-fast-export",
    "git-fast-import",
    "git-fetch",
    "git-fetch-pack",
    "git-filter-branch",
    "git-fmt-merge-msg",
    "git-for-each-ref",
    "git-for-each-repo",
    "git-format-patch",
    "git-fsck",
    "git-fsck-objects",
    "git-fsmonitor--daemon",
    "git-gc",
    "git-get-tar-commit-id",
    "git-grep",
    "git-hash-object",
    "git-help",
    "git-hook",
    "git-http-backend",
    "git-http-fetch",
    "git-http-push",
    "git-imap-send",
    "git-index-pack",
    "git-init",
    "git-init-db",
    "git-instaweb",
    "git-interpret-trailers",
    "git-log",
    "git-ls-files",
    "git-ls-remote",
    "git-ls-tree",
    "git-mailinfo",
    "git-mailsplit",
    "git-maintenance",
    "git-merge",
    "git-merge-base",
    "git-merge-file",
    "git-merge-index",
    "git-merge-octopus",
    "git-merge-one-file",
    "git-merge-ours",
    "git-merge-recursive",
    "git-merge-resolve",
    "git-merge-subtree",
    "git-merge-tree",
    "git-mergetool",
    "git-mergetool--lib",
    "git-mktag",
    "git-mktree",
    "git-multi-pack-index",
    "git-mv",
    "git-name-rev",
    "git-notes",
    "git-p4",
    "git-pack-objects",
    "git-pack-redundant",
    "git-pack-refs",
    "git-patch-id",
    "git-prune",
    "git-prune-packed",
    "git-pull",
    "git-push",
    "git-quiltimport",
    "git-range-diff",
    "git-read-tree",
    "git-rebase",
    "git-receive-pack",
    "git-reflog",
    "git-refs",
    "git-remote",
    "git-remote-ext",
    "git-remote-fd",
    "git-remote-ftp",
    "git-remote-ftps",
    "git-remote-http",
    "git-remote-https",
    "git-repack",
    "git-replace",
    "git-replay",
    "git-request-pull",
    "git-rerere",
    "git-reset",
    "git-restore",
    "git-rev-list",
    "git-rev-parse",
    "git-revert",
    "git-rm",
    "git-send-email",
    "git-send-pack",
    "git-sh-i18n",
    "git-sh-i18n--envsubst",
    "git-sh-prompt",
    "git-sh-setup",
    "git-shell",
    "git-shortlog",
    "git-show",
    "git-show-branch",
    "git-show-index",
    "git-show-ref",
    "git-sparse-checkout",
    "git-stage",
    "git-stash",
    "git-status",
    "git-stripspace",
    "git-submodule",
    "git-submodule--helper",
    "git-subtree",
    "git-svn",
    "git-switch",
    "git-symbolic-ref",
    "git-tag",
    "git-unpack-file",
    "git-unpack-objects",
    "git-update-index",
    "git-update-ref",
    "git-update-server-info",
    "git-upload-archive",
    "git-upload-pack",
    "git-var",
    "git-verify-commit",
    "git-verify-pack",
    "git-verify-tag",
    "git-version",
    "git-web--browse",
    "git-whatchanged",
    "git-worktree",
    "git-write-tree",
];

pub const GIT: Program = Program {
    names: DASHED,
    syntax: Syntax::Own,
    output: Some(output),
    lists_paths_under: None,
    read,
    examples: examples![
        (Effect::Read, "git status"),
        (Effect::Read, "git log --oneline -5"),
        (Effect::Read, "git diff HEAD~1 --stat"),
        (Effect::TargetWrite, "git add -A && git commit -m 'wip'"),
        (Effect::OpenWorld, "git push -u origin my-branch"),
        (Effect::Destructive, "git checkout -bconfig/x"),
        (
            Effect::Destructive,
            "git update-ref -m x refs/heads/config/default HEAD",
        ),
        (Effect::Destructive, "git fetch . HEAD:heads/config/default"),
        (Effect::Destructive, "git --work-tree=../.. checkout ."),
        (Effect::Read, "git -C src status"),
        (Effect::Opaque, "git frobnicate"),
    ],
    manual: "git 2.47.3 (/usr/local/bin) and 2.39.5 (/usr/bin): git.c's own options, \
             `git <sub> --help-all` for each subcommand, revision.c and diff.c for the \
             history readers",
};

/// A subcommand's reading.
pub type Reading = fn(&mut Reader, &mut Git, &Parsed, &mut Scope);

/// One git subcommand (or a family's member: `stash push`).
pub struct Sub {
    pub names: &'static [&'static str],
    /// Its options; `None`: the reading reads its words itself.
    pub table: Option<&'static Table>,
    /// A family of subcommands of its own (`git stash …`).
    pub family: Option<&'static Family>,
    pub read: Reading,
    /// Commands and the class each must read as.
    pub examples: &'static [(Effect, &'static str)],
}

/// A subcommand whose first word names a member (`stash`, `worktree`, …).
pub struct Family {
    /// Options before the member's name (`notes --ref`, `remote -v`).
    pub parent: Option<&'static Table>,
    pub members: &'static [&'static Sub],
    /// What runs with no member named.
    pub default: Option<&'static Sub>,
    /// What reads the words when the first is not a member (`git stash -p`
    /// is `stash push -p`, `git reflog HEAD` is `reflog show HEAD`).
    pub fallback: Option<&'static Sub>,
}

/// Every subcommand wicket describes.
pub fn subs() -> impl Iterator<Item = &'static Sub> {
    history::SUBS
        .iter()
        .chain(files::SUBS)
        .chain(reads::SUBS)
        .chain(remote::SUBS)
        .chain(maintenance::SUBS)
        .chain(settings::SUBS)
        .copied()
}

/// Every subcommand and family member, with the words that name it.
pub fn every_sub() -> Vec<(String, &'static Sub)> {
    let mut out = Vec::new();
    for sub in subs() {
        out.push((sub.names[0].to_owned(), sub));
        if let Some(family) = sub.family {
            for member in family.members {
                out.push((format!("{} {}", sub.names[0], member.names[0]), *member));
            }
        }
    }
    out
}

fn find(name: &str) -> Option<&'static Sub> {
    subs().find(|s| s.names.contains(&name))
}

/// Where git runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Where {
    /// The agent's own worktree.
    Own,
    /// The workspace repository itself, another agent's worktree, or
    /// anything else protected.
    Protected { path: String, label: String },
    /// A repository outside the root.
    Elsewhere(String),
    /// A repository inside the root that is not the worktree (a `.git` file
    /// or directory, or a bare repository, below the root).
    Nested(String),
    /// Only known when it runs.
    Unknown(String),
    /// A directory this command makes before git runs there (`mkdir d && …
    /// && git -C d …`): it may hold anything by then.
    Unmade(String),
    /// A repository `git init` made earlier in this command, in a directory
    /// that had none: its configuration and hooks are git's defaults.
    Fresh(String),
}

/// One git run, as its description sees it.
pub struct Git {
    /// The command, for reasons.
    pub shown: String,
    /// The subcommand's words (after a family member's name).
    pub words: Vec<Arg>,
    /// A family's own options (`notes --ref`, `remote -v`).
    pub parent: Parsed,
    /// A scope in git's directory (after `-C`), for the paths it names.
    pub at: Scope,
    pub repo: Where,
    /// A work tree named apart from the repository (`--work-tree`,
    /// `GIT_WORK_TREE`, `core.worktree`).
    pub work_tree: Option<Arg>,
    pub settings: Settings,
    pub stdin: Stdin,
    /// The agent's id: the writable root's last component.
    pub own: String,
    /// Whether the repository was named (`--git-dir`, `GIT_DIR`, `--bare`)
    /// rather than found from the directory.
    pub git_dir_given: bool,
    /// `--no-optional-locks` or `GIT_OPTIONAL_LOCKS=0`: `status` and
    /// `describe --dirty` then leave the index as it is.
    pub no_optional_locks: bool,
}

impl Git {
    fn place_text(&self) -> String {
        match &self.repo {
            Where::Own => "the agent's worktree".into(),
            Where::Protected { path, label } => format!("{path}, which is protected ({label})"),
            Where::Elsewhere(p) => format!("the repository at {p}, outside the writable root"),
            Where::Nested(p) => format!("the repository at {p}, which is not the agent's worktree"),
            Where::Unknown(p) => format!("a repository at `{p}`, only known when it runs"),
            Where::Unmade(p) => {
                format!("{p}, a directory that does not exist before this command runs")
            }
            Where::Fresh(p) => format!("the repository this command made at {p}"),
        }
    }

    /// It only reads the repository.
    pub fn reads(&self, r: &mut Reader, what: &str) {
        match &self.repo {
            Where::Own | Where::Protected { .. } | Where::Fresh(_) => {
                r.note(Effect::Read, format!("{} {what}", self.shown))
            }
            _ => r.note(
                Effect::OpenWorld,
                format!(
                    "{} {what} in {}, whose own configuration and hooks can run programs",
                    self.shown,
                    self.place_text()
                ),
            ),
        }
    }

    /// It reads, and on the way refreshes the index: git rewrites the
    /// index with the work tree's file times (`status`, `diff`, `describe
    /// --dirty`, `commit --dry-run`) or takes its lock (`add -n`), in the
    /// repository it runs on. In another agent's worktree, or with
    /// repo.git's admin files named, that is a write to the protected set
    /// (`git -C ../a2 status` rewrote repo.git/worktrees/a2/index, verified
    /// under dash). `optional`: the command skips the write under
    /// `--no-optional-locks`.
    pub fn refreshes(&self, r: &mut Reader, what: &str, optional: bool) {
        // A repository found through a gitfile outside the agent's own
        // `.git` (a `sub/.git` reading `gitdir: …/repo.git/worktrees/a2`,
        // or such a file named by `--git-dir`): its index may be another
        // agent's (`git -C sub status` rewrote it, verified under dash).
        if let Where::Nested(dir) | Where::Elsewhere(dir) = &self.repo {
            if !(optional && self.no_optional_locks) && through_gitfile(r, dir, &self.at.made) {
                return r.note(
                    Effect::Opaque,
                    format!(
                        "{} {what} in {}, found through a gitfile that may point into repo.git, and writes that repository's index on the way",
                        self.shown,
                        self.place_text()
                    ),
                );
            }
        }
        // A directory only known when it runs (`find ../a2/x -execdir git
        // status \;` ran in another agent's worktree) may be any of these.
        if let Where::Unknown(_) = &self.repo {
            if !(optional && self.no_optional_locks) {
                return r.note(
                    Effect::Opaque,
                    format!(
                        "{} {what} in {}, which may be another agent's worktree, and writes that repository's index on the way",
                        self.shown,
                        self.place_text()
                    ),
                );
            }
        }
        if let Where::Protected { .. } = &self.repo {
            if !(optional && self.no_optional_locks) {
                let way = if optional {
                    " (`git --no-optional-locks` reads without writing)"
                } else {
                    ""
                };
                return r.guard(
                    Effect::Destructive,
                    format!(
                        "{} {what} in {}, and writes that repository's index (or its lock) on the way: a write to the protected set{way}",
                        self.shown,
                        self.place_text()
                    ),
                );
            }
        }
        self.reads(r, what)
    }

    /// It changes the repository (refs, index, objects, its records):
    /// ordinary in the agent's worktree.
    pub fn works(&self, r: &mut Reader, what: &str) {
        match &self.repo {
            Where::Own => r.note(Effect::TargetWrite, format!("{} {what}", self.shown)),
            Where::Protected { .. } => r.guard(
                Effect::Destructive,
                format!(
                    "{} {what} in {}: git work belongs in the agent's own worktree",
                    self.shown,
                    self.place_text()
                ),
            ),
            // Its hooks and settings are whatever this command put there:
            // programs the agent wrote, run past what wicket reads.
            Where::Fresh(_) => r.note(
                Effect::OpenWorld,
                format!(
                    "{} {what} in {}, whose hooks and settings this command chose",
                    self.shown,
                    self.place_text()
                ),
            ),
            Where::Elsewhere(_) | Where::Nested(_) | Where::Unknown(_) | Where::Unmade(_) => r.note(
                Effect::Opaque,
                format!(
                    "{} {what} in {}, which wicket cannot see into (its .git may point into the workspace repository)",
                    self.shown,
                    self.place_text()
                ),
            ),
        }
    }

    /// It writes the work tree's files.
    pub fn writes_files(&self, r: &mut Reader, what: &str) {
        self.keeps_files(r, what);
        // The files come from commits, stashes or patches wicket does not
        // see, links among them (`up -> ../..`).
        if self.work_tree.is_none() && self.repo == Where::Own {
            r.fills_unseen(&r.ctx.writable_root, &self.shown);
        }
    }

    /// It writes the work tree's files, but only with what is there
    /// already (a new branch at HEAD): nothing wicket has not seen.
    pub fn keeps_files(&self, r: &mut Reader, what: &str) {
        self.works(r, what);
        if let Some(tree) = self.work_tree.clone() {
            r.change(&tree, &self.at, Change::Write, Reach::Tree, &self.shown);
        } else {
            // For the public reading: the work tree, from its top, is
            // written (the default classifier records nothing here).
            let top = match &self.repo {
                Where::Own => Some(r.ctx.writable_root.clone()),
                _ => self.at.cwd.clone(),
            };
            r.record_tree_write(&self.shown, top.as_deref(), &self.at);
        }
    }

    /// It writes a ref: a protected one by any spelling is destructive.
    pub fn writes_ref(&self, r: &mut Reader, full: &str, what: &str) {
        if let Some(label) = refs::protected(full, &self.own) {
            r.guard(
                Effect::Destructive,
                format!("{} {what} {full}, which is {label}", self.shown),
            );
        }
        self.works(r, what);
    }

    /// It writes refs matching a pattern.
    pub fn writes_refs_like(&self, r: &mut Reader, pattern: &str, what: &str) {
        if let Some(label) = refs::protected_pattern(pattern, &self.own) {
            r.guard(
                Effect::Destructive,
                format!("{} {what} {pattern}, which reaches {label}", self.shown),
            );
        }
        self.works(r, what);
    }

    /// It moves the checked-out branch (commit, merge, reset, …).
    pub fn moves_head(&self, r: &mut Reader, scope: &Scope, what: &str) {
        if self.repo == Where::Own {
            if let Some(branch) = refs::head(scope).filter(|b| !b.is_empty()) {
                if let Some(label) = refs::protected(&branch, &self.own) {
                    r.guard(
                        Effect::Destructive,
                        format!(
                            "{} {what}, and the checked-out branch is {branch}, which is {label}",
                            self.shown
                        ),
                    );
                }
            }
        }
        self.works(r, what);
    }

    /// It reaches another repository over the network or a path.
    pub fn network(&self, r: &mut Reader, what: &str) {
        r.note(Effect::OpenWorld, format!("{} {what}", self.shown));
    }

    /// A path it writes (placed from git's directory).
    pub fn out(&self, r: &mut Reader, arg: &Arg, change: Change, reach: Reach) {
        r.change(arg, &self.at, change, reach, &self.shown);
    }

    /// A path it reads (secrets by text or by where it lands).
    pub fn input(&self, r: &mut Reader, arg: &Arg) {
        r.reads(arg, &self.at, &self.shown);
    }

    /// Shell text it runs (an `--exec`, a setting's command).
    pub fn runs_text(&self, r: &mut Reader, arg: &Arg, what: &str) {
        match arg.text() {
            Some(text) => {
                let mut scope = self.at.clone();
                r.read_text(text, &mut scope);
            }
            None => r.note(
                Effect::Opaque,
                format!(
                    "{} runs {what} `{}`, only known when it runs",
                    self.shown, arg.shown
                ),
            ),
        }
    }

    /// A command git runs with arguments of its own appended (`grep -O`
    /// gives the matching files, `difftool -x` the two it compares,
    /// `--upload-pack` the repository's path): see
    /// [`Reader::read_text_with_args`].
    pub fn runs_text_with_args(&self, r: &mut Reader, arg: &Arg, what: &str) {
        match arg.text() {
            Some(text) => {
                let mut scope = self.at.clone();
                r.read_text_with_args(text, &mut scope, None);
            }
            None => r.note(
                Effect::Opaque,
                format!(
                    "{} runs {what} `{}`, only known when it runs",
                    self.shown, arg.shown
                ),
            ),
        }
    }

    /// A command git runs on files of the worktree it works in (`grep -O`
    /// on the matching files, `difftool -x` on a temporary copy and the
    /// worktree's file): those are the appended words when that worktree
    /// is the agent's own, else they are unknown.
    pub fn runs_text_on_files(&self, r: &mut Reader, arg: &Arg, what: &str) {
        let files = if self.repo == Where::Own && self.work_tree.is_none() {
            worktree_files(r, &self.at)
        } else {
            None
        };
        match arg.text() {
            Some(text) => {
                let mut scope = self.at.clone();
                r.read_text_with_args(text, &mut scope, files);
            }
            None => r.note(
                Effect::Opaque,
                format!(
                    "{} runs {what} `{}`, only known when it runs",
                    self.shown, arg.shown
                ),
            ),
        }
    }

    /// Whether a setting was given for this run (`-c key=…`).
    pub fn setting(&self, key: &str) -> Option<&settings::Setting> {
        self.settings.get(key)
    }
}

/// Stand-ins for the files git hands a program when it works in the
/// agent's own worktree from a directory inside it: a file of the worktree
/// and a temporary copy (`/tmp/git-blob-XXXXXX/…`). `None` elsewhere.
fn worktree_files(r: &Reader, at: &Scope) -> Option<Vec<String>> {
    let cwd = at.cwd.as_deref()?;
    if !r.ctx.is_inside_root(cwd) {
        return None;
    }
    let root = r.ctx.writable_root.trim_end_matches('/');
    Some(vec![
        format!("{root}/a-file-of-the-worktree"),
        "/tmp/git-blob-XXXXXX/a-file-of-the-worktree".to_owned(),
    ])
}

/// git's options before the subcommand (git.c `handle_options`), as read.
#[derive(Default)]
struct Global {
    git_dir: Option<Arg>,
    work_tree: Option<Arg>,
    /// `--bare`: the directory git was in when it read the option.
    bare: Option<Option<String>>,
    settings: Settings,
    shallow_file: Option<Arg>,
    no_optional_locks: bool,
}

fn read(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let inv = run.inv;
    let shown = inv.shown();
    // The dashed servers are subcommands by another name.
    if let Some(sub) = run.name.strip_prefix("git-") {
        let mut argv = vec![Arg::literal("git"), Arg::literal(sub)];
        argv.extend(inv.argv.iter().skip(1).cloned());
        let inner = Invocation {
            argv,
            stdin: inv.stdin,
            stdin_paths: None,
            stdin_text: None,
            extra_operands: inv.extra_operands,
            lookup: inv.lookup,
        };
        return read_git(r, &inner, &shown, scope);
    }
    read_git(r, inv, &shown, scope);
}

fn read_git(r: &mut Reader, inv: &Invocation, shown: &str, scope: &mut Scope) {
    let mut at = scope.clone();
    let mut global = Global::default();
    let words = inv.argv.get(1..).unwrap_or(&[]);
    let mut i = 0;
    // A value for an option that takes the next word.
    let next = |i: usize| words.get(i + 1).cloned();
    while i < words.len() {
        let arg = &words[i];
        let Some(text) = arg.text() else {
            r.note(
                Effect::Opaque,
                format!(
                    "{shown}: git's word `{}` is only known when it runs, and could be an option or the subcommand",
                    arg.shown
                ),
            );
            return;
        };
        if !text.starts_with('-') {
            break;
        }
        let inline = text.split_once('=').map(|(_, v)| Arg::literal(v));
        let mut took = 1;
        match text {
            "--help" | "-h" | "--version" | "-v" => {
                r.note(
                    Effect::Read,
                    format!("{shown} prints git's help or version"),
                );
                return;
            }
            "--html-path" | "--man-path" | "--info-path" | "--exec-path" => {
                r.note(
                    Effect::Read,
                    format!("{shown} prints where git keeps its files"),
                );
                return;
            }
            _ if text.starts_with("--list-cmds=") => {
                r.note(Effect::Read, format!("{shown} lists git's commands"));
                return;
            }
            _ if text.starts_with("--exec-path=") => {
                r.note(
                    Effect::Opaque,
                    format!(
                        "{shown} runs git's programs from another directory, {}",
                        &text[12..]
                    ),
                );
                return;
            }
            "-p"
            | "--paginate"
            | "-P"
            | "--no-pager"
            | "--no-lazy-fetch"
            | "--no-replace-objects"
            | "--literal-pathspecs"
            | "--no-literal-pathspecs"
            | "--glob-pathspecs"
            | "--noglob-pathspecs"
            | "--icase-pathspecs"
            | "--no-advice" => {}
            "--no-optional-locks" => global.no_optional_locks = true,
            "--bare" => global.bare = Some(at.cwd.clone()),
            "--git-dir" | "--work-tree" | "--namespace" | "--config-env" | "-c" | "-C"
            | "--shallow-file" | "--attr-source" => {
                let Some(value) = next(i) else {
                    r.note(
                        Effect::Read,
                        format!("{shown}: git's {text} has no value, so git only prints its usage"),
                    );
                    return;
                };
                took = 2;
                match text {
                    "--git-dir" => global.git_dir = Some(value),
                    "--work-tree" => global.work_tree = Some(value),
                    "--config-env" => global.settings.push_env(&value, &at),
                    "-c" => global.settings.push(&value),
                    "-C" => change_dir(r, &mut at, &value),
                    "--shallow-file" => global.shallow_file = Some(value),
                    _ => {}
                }
            }
            _ if text.starts_with("--git-dir=") => global.git_dir = inline,
            _ if text.starts_with("--work-tree=") => global.work_tree = inline,
            _ if text.starts_with("--config-env=") => {
                if let Some(v) = &inline {
                    global.settings.push_env(v, &at);
                }
            }
            _ if text.starts_with("--namespace=")
                || text.starts_with("--attr-source=")
                || text.starts_with("--super-prefix=") => {}
            _ => {
                r.note(
                    Effect::Opaque,
                    format!("{shown}: git's option `{text}` is not one wicket's description of git knows"),
                );
                return;
            }
        }
        i += took;
    }
    let Some(sub_arg) = words.get(i) else {
        r.note(
            Effect::Read,
            format!("{shown}: git with no subcommand prints its usage"),
        );
        return;
    };
    let Some(name) = sub_arg.text().map(str::to_owned) else {
        r.note(
            Effect::Opaque,
            format!(
                "{shown}: the git subcommand `{}` is only known when it runs",
                sub_arg.shown
            ),
        );
        return;
    };
    let rest: Vec<Arg> = words[i + 1..].to_vec();

    environment(r, &mut global, &at, scope, shown);
    let files = if global.git_dir.is_none()
        && global.work_tree.is_none()
        && global.settings.get("core.worktree").is_none()
    {
        worktree_files(r, &at)
    } else {
        None
    };
    global.settings.check(r, &at, shown, files);

    let own = r
        .ctx
        .writable_root
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or("")
        .to_owned();
    let git_dir = global.git_dir.clone().or_else(|| {
        global.bare.clone().map(|dir| match dir {
            Some(d) => Arg::literal(&d),
            None => Arg {
                values: None,
                glob: false,
                shown: "the shell's directory".into(),
            },
        })
    });
    let repo = locate(r, &at, git_dir.as_ref(), &own);
    let work_tree = global
        .work_tree
        .clone()
        .or_else(|| global.settings.value_arg("core.worktree"))
        .or_else(|| {
            // With the repository named and no work tree, git's work tree
            // is the directory it runs in, even when the repository named
            // is the agent's own (`cd ../../steps && git
            // --git-dir=../agents/<id>/.git checkout-index -a` wrote the
            // agent's files into steps/; verified under dash).
            global.git_dir.as_ref()?;
            match at.cwd.as_deref() {
                Some(cwd)
                    if cwd.trim_end_matches('/') == r.ctx.writable_root.trim_end_matches('/') =>
                {
                    None
                }
                Some(cwd) => Some(Arg::literal(cwd)),
                None => Some(Arg {
                    values: None,
                    glob: false,
                    shown: "the directory git runs in".into(),
                }),
            }
        });
    let mut g = Git {
        shown: shown.to_owned(),
        words: Vec::new(),
        parent: Parsed::default(),
        at,
        repo,
        work_tree,
        settings: std::mem::take(&mut global.settings),
        stdin: inv.stdin,
        own,
        git_dir_given: git_dir.is_some(),
        no_optional_locks: global.no_optional_locks,
    };
    if let Some(shallow) = &global.shallow_file {
        g.input(r, shallow);
    }
    // The work tree git compares, searches and stages is read whole (after
    // the subcommand, below): one named apart from the repository
    // (`--work-tree=$HOME`), or, with the repository named and no work
    // tree, the directory git runs in. Where it holds the operator's
    // credential stores, `diff`, `grep` or `add -u` against a commit that
    // tracks `.ssh/id_rsa` print or record the key.
    let tree = g.work_tree.clone().or_else(|| {
        if !g.git_dir_given {
            return None;
        }
        match g.at.cwd.as_deref() {
            Some(cwd) => (!r.ctx.is_inside_root(cwd)).then(|| Arg::literal(cwd)),
            None => Some(Arg {
                values: None,
                glob: false,
                shown: "the directory git runs in".into(),
            }),
        }
    });
    let before = r.notes.len();

    // An alias defined on this command line, for a name git does not have.
    let Some(sub) = find(&name) else {
        if settings::alias(r, &mut g, &name, &rest, scope) {
            return;
        }
        r.note(
            Effect::Opaque,
            format!(
                "{shown}: `git {name}` is not a subcommand wicket describes (an alias, an external git-{name}, or a plumbing command wicket does not read)"
            ),
        );
        return;
    };
    run_sub(r, &mut g, sub, &name, &rest, scope);
    // A write there that is destructive already says more.
    let destroys = r.notes[before..]
        .iter()
        .any(|n| n.effect == Effect::Destructive);
    if let Some(tree) = tree.filter(|_| !destroys) {
        r.reads_tree(&tree, &g.at, shown);
    }
}

/// `git -C DIR`: each one relative to the one before; `-C ""` stays.
fn change_dir(r: &Reader, at: &mut Scope, value: &Arg) {
    match (value.text(), &at.cwd) {
        // A pattern is expanded by the shell first: where it lands (and
        // what `..` after it means) is only known when it runs.
        _ if value.glob => at.cwd = None,
        (Some(""), _) => {}
        (Some(dir), Some(cwd)) => {
            let home = at.home(r.ctx);
            let joined = absolute(dir, cwd, &home);
            // `-C` is chdir(2), not the shell's logical cd: `..` after a
            // link is the link target's parent (`-C etc-link/../home` is
            // /home), which only resolution knows.
            let physical = joined.split('/').any(|part| part == "..") && r.take_resolve();
            at.cwd = Some(if physical {
                r.ctx.resolve(&joined).path
            } else {
                fold(&joined)
            });
        }
        (Some(dir), None) if dir.starts_with('/') => at.cwd = Some(fold(dir)),
        _ => at.cwd = None,
    }
}

/// Read one subcommand (or a family's member) with its words.
fn run_sub(
    r: &mut Reader,
    g: &mut Git,
    sub: &'static Sub,
    name: &str,
    words: &[Arg],
    scope: &mut Scope,
) {
    let first = words.first().and_then(Arg::text);
    if first == Some("--help") || (words.len() == 1 && first == Some("-h")) {
        r.note(
            Effect::Read,
            format!("{} shows git {name}'s manual or usage", g.shown),
        );
        return;
    }
    if let Some(family) = sub.family {
        return run_family(r, g, family, name, words, scope);
    }
    g.words = words.to_vec();
    let parsed = match sub.table {
        Some(table) => match parse(table, words) {
            Ok(parsed) => parsed,
            Err(problem) => {
                r.note(Effect::Opaque, format!("{}: {problem}", g.shown));
                // A word known only when it runs is also read as the operand
                // it most likely is: what the subcommand writes that way is
                // found too, and the stricter finding decides (`git replace
                // -f "$old" "$new"` writes refs/replace/ whatever they hold).
                // The script's state is not carried past this reading.
                let mut parsed = argv::parse(&opts::grammar(table), &end_of_options(words), 1);
                if matches!(parsed.problem, Some(argv::Problem::Dynamic(_))) {
                    parsed.problem = None;
                    let mut shadow = scope.clone();
                    (sub.read)(r, g, &parsed, &mut shadow);
                }
                return;
            }
        },
        None => Parsed::default(),
    };
    if parsed.has("help") || parsed.has("help-all") {
        r.note(
            Effect::Read,
            format!("{} prints git {name}'s usage", g.shown),
        );
        return;
    }
    // Every subcommand that takes the diff options writes `--output` and
    // reads `-O`, whatever else it does (`git reflog show
    // --output=../../inbox/m` overwrote it; verified under dash).
    if sub.table.is_some_and(|t| t.parts.contains(&opts::DIFF)) {
        reads::diff_files(r, g, &parsed);
    }
    (sub.read)(r, g, &parsed, scope);
}

fn run_family(
    r: &mut Reader,
    g: &mut Git,
    family: &'static Family,
    name: &str,
    words: &[Arg],
    scope: &mut Scope,
) {
    let member = |w: &str| {
        family
            .members
            .iter()
            .find(|m| m.names.contains(&w))
            .copied()
    };
    let mut rest: &[Arg] = words;
    if let Some(parent) = family.parent {
        let grammar = opts::grammar(parent);
        let args = end_of_options(words);
        let parsed = argv::parse_until(&grammar, &args, 1, |_, _| true);
        if let Some(problem) = &parsed.problem {
            r.note(
                Effect::Opaque,
                format!("{}: {}", g.shown, problem.sentence(&format!("git {name}"))),
            );
            return;
        }
        if parsed.has("help") || parsed.has("help-all") {
            r.note(
                Effect::Read,
                format!("{} prints git {name}'s usage", g.shown),
            );
            return;
        }
        let consumed = parsed
            .operands
            .first()
            .map_or(words.len(), |(at, _)| at - 1);
        rest = &words[consumed.min(words.len())..];
        g.parent = parsed;
    }
    match rest.first() {
        Some(word) => match word.text().and_then(member) {
            Some(m) => run_sub(
                r,
                g,
                m,
                &format!("{name} {}", m.names[0]),
                &rest[1..],
                scope,
            ),
            None if word.text().is_none() => r.note(
                Effect::Opaque,
                format!(
                    "{}: git {name}'s subcommand `{}` is only known when it runs",
                    g.shown, word.shown
                ),
            ),
            None => match (family.fallback, family.parent) {
                (Some(fallback), None) => run_sub(
                    r,
                    g,
                    fallback,
                    &format!("{name} {}", fallback.names[0]),
                    rest,
                    scope,
                ),
                _ => r.note(
                    Effect::Opaque,
                    format!(
                        "{}: `git {name} {}` is not a subcommand wicket describes",
                        g.shown, word.shown
                    ),
                ),
            },
        },
        None => match family.default {
            Some(default) => run_sub(
                r,
                g,
                default,
                &format!("{name} {}", default.names[0]),
                &[],
                scope,
            ),
            None => r.note(
                Effect::Read,
                format!("{} names no subcommand: git prints its usage", g.shown),
            ),
        },
    }
}

/// `--end-of-options` ends the options as `--` does.
fn end_of_options(words: &[Arg]) -> Vec<Arg> {
    let mut out = Vec::with_capacity(words.len());
    let mut done = false;
    for w in words {
        if !done && w.text() == Some("--end-of-options") {
            out.push(Arg::literal("--"));
            done = true;
        } else {
            if w.text() == Some("--") {
                done = true;
            }
            out.push(w.clone());
        }
    }
    out
}

/// Read a subcommand's words with its table.
pub fn parse(table: &'static Table, words: &[Arg]) -> Result<Parsed, String> {
    let grammar = opts::grammar(table);
    let mut args = end_of_options(words);
    let mut parsed = argv::parse(&grammar, &args, 1);
    // `--contains`, `--merged` and their kin take the next word, or HEAD
    // when they come last (parse-options' "last argument default").
    if let Some(argv::Problem::MissingValue(word)) = &parsed.problem {
        let name = word.trim_start_matches('-');
        let defaults = [
            "contains",
            "no-contains",
            "with",
            "without",
            "merged",
            "no-merged",
        ];
        if defaults
            .iter()
            .any(|d| d.starts_with(name) && name.len() > 1)
        {
            args.push(Arg::literal("HEAD"));
            parsed = argv::parse(&grammar, &args, 1);
        }
    }
    match &parsed.problem {
        Some(problem) => Err(problem.sentence("git")),
        None => Ok(parsed),
    }
}

/// The environment git reads, as far as this command sets it.
fn environment(r: &mut Reader, global: &mut Global, at: &Scope, scope: &Scope, shown: &str) {
    let var = |name: &str| -> Option<Arg> {
        scope.vars.get(name).map(|v| Arg {
            values: v.clone(),
            glob: false,
            shown: format!("${name}"),
        })
    };
    // GIT_COMMON_DIR alone stands for the repository; with GIT_DIR (or
    // `--git-dir`) git still takes the common directory from it: its
    // config (core.fsmonitor, aliases, a pager), hooks, refs and objects.
    let common = var("GIT_COMMON_DIR");
    let mut common_apart = common.is_some();
    if global.git_dir.is_none() {
        global.git_dir = var("GIT_DIR");
        if global.git_dir.is_none() {
            global.git_dir = common.clone();
            common_apart = false;
        }
    }
    if let (true, Some(dir)) = (common_apart, &common) {
        match locate(r, at, Some(dir), "") {
            // The agent's own `.git` (a file: git finds nothing there) or
            // repo.git itself, whose config and hooks are the protected ones.
            Where::Own | Where::Protected { .. } => {}
            _ => r.note(
                Effect::Opaque,
                format!(
                    "{shown}: GIT_COMMON_DIR is `{}`, so git reads the repository's configuration \
                     and runs its hooks from there, a directory the agent may have written: \
                     a setting there (core.fsmonitor, an alias, a pager) or a hook runs any program",
                    dir.text().unwrap_or(&dir.shown)
                ),
            ),
        }
    }
    if global.work_tree.is_none() {
        global.work_tree = var("GIT_WORK_TREE");
    }
    for name in ["GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"] {
        if let Some(path) = var(name) {
            r.change(&path, at, Change::Write, Reach::Path, shown);
        }
    }
    if global.shallow_file.is_none() {
        global.shallow_file = var("GIT_SHALLOW_FILE");
    }
    // git reads GIT_OPTIONAL_LOCKS as a boolean, on unless false.
    if let Some(Some(v)) = scope.vars.get("GIT_OPTIONAL_LOCKS") {
        if v.len() == 1
            && matches!(
                v[0].to_ascii_lowercase().as_str(),
                "0" | "false" | "no" | "off"
            )
        {
            global.no_optional_locks = true;
        }
    }
    // Traces go to a file when the value is an absolute path.
    let mut tracing = false;
    for (name, value) in &scope.vars {
        if !name.starts_with("GIT_TRACE") || name == "GIT_TRACE_REDACT" {
            continue;
        }
        match value.as_ref().and_then(|v| v.first()) {
            // The shell expands a tilde at an assignment value's start
            // (`GIT_TRACE=~/.bashrc`): the path is the home's.
            Some(v) if v.starts_with('/') || v.starts_with('~') => {
                tracing = true;
                r.change(&Arg::literal(v), at, Change::Write, Reach::Path, shown);
            }
            Some(v) if matches!(v.as_str(), "" | "0" | "false") => {}
            Some(_) => tracing = true,
            None => {
                tracing = true;
                r.note(
                    Effect::Opaque,
                    format!("{shown}: {name} sends git's trace somewhere only known when it runs"),
                );
            }
        }
    }
    let unredacted = scope.vars.get("GIT_TRACE_REDACT").is_some_and(|v| {
        v.as_ref().and_then(|v| v.first()).is_none_or(|v| {
            matches!(
                v.to_ascii_lowercase().as_str(),
                "0" | "false" | "no" | "off"
            )
        })
    });
    if tracing && unredacted {
        r.guard(
            Effect::Secret,
            format!(
                "{shown}: GIT_TRACE_REDACT off makes git's traces show the credentials it sends"
            ),
        );
    }
    if tracing && scope.vars.contains_key("GIT_TRACE2_ENV_VARS") {
        r.guard(
            Effect::Secret,
            format!("{shown}: GIT_TRACE2_ENV_VARS makes git's trace print environment variables"),
        );
    }
    // A reflog message that reads as a checkout lets `git checkout -` attach
    // HEAD to any branch it names.
    if let Some(action) = scope.vars.get("GIT_REFLOG_ACTION") {
        match action.as_ref().and_then(|v| v.first()) {
            Some(v) if !v.starts_with("checkout") => {}
            Some(v) => r.guard(
                Effect::Destructive,
                format!(
                    "{shown}: GIT_REFLOG_ACTION={v} writes reflog entries that read as checkouts, which `git checkout -` follows onto any branch they name"
                ),
            ),
            None => r.note(
                Effect::Opaque,
                format!("{shown}: GIT_REFLOG_ACTION is only known when it runs, and can forge the checkouts `git checkout -` follows"),
            ),
        }
    }
    // git reads the user's settings from `$HOME/.gitconfig` and
    // `$XDG_CONFIG_HOME/git/config`. Pointed elsewhere (`HOME=. git status`),
    // they come from a file wicket cannot see and the agent may have
    // written, and settings there run programs (`core.fsmonitor`, an alias,
    // `core.pager`): the user's own config is protected, this one is not.
    // `GIT_CONFIG_GLOBAL` replaces both (and is checked on its own).
    if !scope.vars.contains_key("GIT_CONFIG_GLOBAL") {
        for name in ["HOME", "XDG_CONFIG_HOME"] {
            let Some(value) = scope.vars.get(name) else {
                continue;
            };
            let users = name == "HOME"
                && value.as_ref().is_some_and(|v| {
                    // `HOME=~` is the user's home: the shell expands it.
                    v.len() == 1
                        && (v[0] == "~"
                            || v[0].trim_end_matches('/') == r.ctx.home.trim_end_matches('/'))
                });
            if users {
                continue;
            }
            let shown_value = match value.as_ref() {
                Some(v) if v.len() == 1 => format!("`{}`", v[0]),
                _ => "a directory only known when it runs".to_owned(),
            };
            r.note(
                Effect::Opaque,
                format!("{shown}: {name} is {shown_value}, so git reads the user's settings from a file there that wicket cannot see, and a setting can run a program (core.fsmonitor, an alias, a pager)"),
            );
        }
    }
    // Config files read instead of the user's: /dev/null reads nothing.
    for name in ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"] {
        if let Some(Some(values)) = scope.vars.get(name) {
            if values.iter().all(|v| v == "/dev/null") {
                retract_assignment_note(r, name);
            }
        }
    }
}

/// The reader's general check of `GIT_CONFIG_GLOBAL=…` holds any value; git's
/// description knows `/dev/null` reads nothing. (A Reader helper that belongs
/// with `check_assignment`: that check should leave these to git.)
fn retract_assignment_note(r: &mut Reader, name: &str) {
    let prefix = format!("{name}=");
    r.notes.retain(|n| {
        !(n.effect == Effect::Opaque
            && !n.guard
            && n.why.starts_with(&prefix)
            && n.why.ends_with("makes programs run other code"))
    });
}

/// What is at a path, asked of the host within the budget.
fn kind(r: &Reader, path: &str) -> Option<PathKind> {
    r.take_resolve().then(|| r.ctx.resolve(path).kind)
}

/// Whether git, run in `dir` (or handed it as the repository), finds its
/// repository through a gitfile: `dir` is itself a file, or the nearest
/// `.git` at or above it is one. A path the budget cannot ask about counts,
/// and so does a directory this command made before git runs (`mkdir -p
/// /tmp/g && cp … && echo gitdir: … > /tmp/g/.git && git -C /tmp/g status`
/// rewrote another agent's index, verified under dash).
fn through_gitfile(r: &Reader, dir: &str, made: &std::collections::BTreeSet<String>) -> bool {
    let mut dir = dir.trim_end_matches('/').to_owned();
    if written_here(r, &dir) {
        return true;
    }
    match kind(r, &dir) {
        None | Some(PathKind::File) => return true,
        Some(PathKind::Missing) => return made.contains(&dir),
        _ => {}
    }
    loop {
        match kind(r, &format!("{dir}/.git")) {
            None | Some(PathKind::File) | Some(PathKind::Other) => return true,
            Some(PathKind::Directory) => return false,
            Some(PathKind::Missing) => {}
        }
        match dir.rsplit_once('/') {
            Some((parent, _)) if !parent.is_empty() => dir = parent.to_owned(),
            _ => return false,
        }
    }
}

/// Whether this command wrote, earlier on, where git run in `dir` (outside
/// the writable root) looks for its repository: the directory itself or a
/// tree above it (`cp -r /tmp/x/. /tmp/d`, `tar xf t.tar -C /tmp/d`,
/// `rsync -a`, `unzip -d` into a directory that exists, or a `cd` there
/// first), or a `.git` in it or above it (`cp ../a2/.git /tmp/d/`, `echo
/// 'gitdir: …' > /tmp/d/.git`). What the host sees there now is not what
/// git finds: a gitfile naming another agent's admin directory made `git
/// -C /tmp/d status` rewrite that agent's index (verified under dash).
fn written_here(r: &Reader, dir: &str) -> bool {
    let git_of = |w: &str| -> Option<String> {
        if let Some(top) = w.strip_suffix("/.git") {
            return Some(top.to_owned());
        }
        w.find("/.git/").map(|at| w[..at].to_owned())
    };
    let hits = |w: &str| {
        let w = w.trim_end_matches('/');
        !w.is_empty()
            && (w == dir
                || is_under(dir, w)
                || git_of(w).is_some_and(|top| top.is_empty() || top == dir || is_under(dir, &top)))
    };
    r.written_outside.borrow().iter().any(|w| hits(w))
        || r.unseen_trees.borrow().iter().any(|(w, _)| hits(w))
}

/// Whether a directory holds a repository of its own: a `.git` entry, or
/// the shape of a bare repository (`HEAD` with `objects`, `refs` or a
/// `commondir` pointing elsewhere).
fn holds_repository(r: &Reader, dir: &str) -> bool {
    let at = |name: &str| kind(r, &format!("{}/{name}", dir.trim_end_matches('/')));
    if at(".git").is_none_or(|k| k != PathKind::Missing) {
        return true;
    }
    looks_bare(r, dir)
}

/// Whether a directory has the shape of a bare repository.
fn looks_bare(r: &Reader, dir: &str) -> bool {
    let at = |name: &str| kind(r, &format!("{}/{name}", dir.trim_end_matches('/')));
    at("HEAD").is_none_or(|k| k != PathKind::Missing)
        && (at("objects").is_none_or(|k| k != PathKind::Missing)
            || at("commondir").is_none_or(|k| k != PathKind::Missing)
            || at("refs").is_none_or(|k| k != PathKind::Missing))
}

/// `git init`/`clone --separate-git-dir=G` making a repository at `work`:
/// in the worktree, below its top, it is nested, with a gitfile naming G.
/// G outside the worktree (or only known when it runs) is a config any
/// later write changes unread; the harness's own git enters the nested
/// repository after `git add -A` and runs what it names (`git init
/// --separate-git-dir /tmp/g src/sub`, then `git config -f /tmp/g/config
/// core.fsmonitor …`: the next `git status` ran it; verified under dash).
pub fn gitdir_apart(r: &mut Reader, g: &Git, sep: &Arg, work: &str) {
    let root = r.ctx.writable_root.trim_end_matches('/');
    if work == root || !r.ctx.is_inside_root(work) {
        return;
    }
    if let Some(why) = planted(r, g, sep) {
        r.note(
            Effect::Opaque,
            format!(
                "{} makes a repository at {work}, nested in the worktree, whose git directory {} {why}: \
                 git keeps the config and hooks it finds there, which wicket cannot see, and the harness's own \
                 git enters the repository after `git add -A` and runs what that config names (core.fsmonitor)",
                g.shown, sep.shown
            ),
        );
        return;
    }
    let inside = r
        .places(sep, &g.at)
        .iter()
        .all(|p| matches!(p, Place::Inside(_)));
    if !inside {
        r.note(
            Effect::Opaque,
            format!(
                "{} makes a repository at {work}, nested in the worktree, whose git directory {} lies outside it: \
                 its config changes past what wicket reads, and the harness's own git enters the repository \
                 after `git add -A` and runs what that config names (core.fsmonitor)",
                g.shown, sep.shown
            ),
        );
    }
}

/// Why a directory git is about to make a repository's git directory may
/// hold files already: it exists now (or could not be looked at), or this
/// command wrote beneath it before git runs. `git init` keeps the config
/// and hooks it finds there (`printf '[core]\n\tfsmonitor = …' > gd/config`,
/// then `git init --separate-git-dir=gd sub`: the harness's `git status`
/// ran it; verified under dash).
pub fn planted(r: &Reader, g: &Git, dir: &Arg) -> Option<&'static str> {
    let places = r.places(dir, &g.at);
    if places.is_empty() || dir.glob {
        return Some("is only known when it runs");
    }
    for place in places {
        let Some(path) = place.path() else {
            return Some("is only known when it runs");
        };
        if kind(r, path).is_none_or(|k| k != PathKind::Missing) {
            return Some("exists already");
        }
    }
    match r.written_beneath(dir, &g.at) {
        Some(None) => None,
        _ => Some("was written earlier in this command"),
    }
}

/// Find the repository git works on, as git's discovery would.
fn locate(r: &mut Reader, at: &Scope, git_dir: Option<&Arg>, own: &str) -> Where {
    let root = r.ctx.writable_root.trim_end_matches('/').to_owned();
    let own_git = format!("{root}/.git");
    if let Some(dir) = git_dir {
        let Some(place) = r.places(dir, at).into_iter().next() else {
            return Where::Unknown(dir.shown.clone());
        };
        if dir.values.as_ref().is_some_and(|v| v.len() != 1) || dir.glob {
            return Where::Unknown(dir.shown.clone());
        }
        return match place {
            Place::Protected { path, .. } if path == own_git => Where::Own,
            Place::Protected { path, entry } => Where::Protected {
                label: protected_label(&entry, r.ctx),
                path,
            },
            Place::Inside(path) => Where::Nested(path),
            Place::Outside { path, .. } | Place::Above { path, .. } => Where::Elsewhere(path),
            Place::Unknown(what) => Where::Unknown(what),
            Place::Stream | Place::Network(_) => Where::Unknown(dir.shown.clone()),
        };
    }
    let Some(cwd) = at.cwd.clone() else {
        return Where::Unknown("the shell's directory".into());
    };
    // A repository `git init` made here earlier in the command.
    let mut dir = cwd.trim_end_matches('/').to_owned();
    while !dir.is_empty() {
        if at.made.contains(&format!("{dir}/.git")) {
            return Where::Fresh(dir);
        }
        match dir.rsplit_once('/') {
            Some((parent, _)) => dir = parent.to_owned(),
            None => break,
        }
    }
    match r.place(&cwd, at) {
        Some(Place::Protected { path, entry }) => {
            if path == own_git || is_under(&path, &own_git) {
                // Inside the gitfile's path: git finds no repository there.
                return Where::Own;
            }
            Where::Protected {
                label: protected_label(&entry, r.ctx),
                path,
            }
        }
        Some(Place::Inside(path)) => {
            // A directory this command makes before git runs there (`mkdir
            // d && … && git -C d …`) may hold anything by then.
            if kind(r, &path) == Some(PathKind::Missing) {
                return Where::Unmade(path);
            }
            // A directory below the top that this command filled with
            // entries wicket did not see (`tar xf t.tar -C src && git -C
            // src …`, `cp -r /tmp/x/sub . && git -C sub …`) may hold a
            // repository of its own by then, or a gitfile into repo.git.
            if r.unseen_trees.borrow().iter().any(|(tree, _)| {
                tree.trim_end_matches('/') != root && (tree == &path || is_under(&path, tree))
            }) {
                return Where::Unmade(path);
            }
            // Walk up to the root: a repository below it is its own.
            let mut dir = path.clone();
            while dir != root && is_under(&dir, &root) {
                if holds_repository(r, &dir) {
                    return Where::Nested(dir);
                }
                match dir.rsplit_once('/') {
                    Some((parent, _)) if !parent.is_empty() => dir = parent.to_owned(),
                    _ => break,
                }
            }
            let _ = own;
            Where::Own
        }
        Some(Place::Outside { path, .. }) | Some(Place::Above { path, .. }) => {
            Where::Elsewhere(path)
        }
        Some(Place::Unknown(what)) => Where::Unknown(what),
        _ => Where::Unknown(cwd),
    }
}

/// What `git rev-parse` prints, when it can be known before it runs.
fn output(r: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    let words: Vec<&str> = run
        .inv
        .argv
        .iter()
        .skip(1)
        .map(Arg::text)
        .collect::<Option<_>>()?;
    // git's own options before the command that do not change what a
    // commit id is (`-C ../x rev-list …`).
    let mut at = 0;
    let mut moved = false;
    while let Some(word) = words.get(at) {
        match *word {
            "-C" | "-c" => {
                moved |= *word == "-C";
                at += 2;
            }
            "--no-pager" | "-P" | "--no-replace-objects" => at += 1,
            _ => break,
        }
    }
    let words = words.get(at..)?;
    // Commit ids: which ones is only known when it runs, but each is hex,
    // never an option or a path (`git diff $(git rev-list --max-parents=0
    // HEAD)`).
    const COMMIT: &str = "0000000000000000000000000000000000000000";
    match words {
        ["rev-list", rest @ ..]
            if !rest.iter().any(|w| {
                w.starts_with("--objects")
                    || w.starts_with("--format")
                    || w.starts_with("--pretty")
                    || w.starts_with("--header")
                    || w.starts_with("--disk-usage")
                    || w.starts_with("--count")
                    || w.starts_with("--left-right")
                    || w.starts_with("--boundary")
                    || w.starts_with("--timestamp")
                    || w.starts_with("--bisect")
            }) =>
        {
            return Some(COMMIT.to_owned());
        }
        ["merge-base", rest @ ..] if rest.iter().all(|w| !w.starts_with('-')) => {
            return Some(COMMIT.to_owned());
        }
        ["rev-parse", rest @ ..]
            if !rest.is_empty()
                && rest.iter().all(|w| {
                    !w.starts_with('-') || matches!(*w, "--verify" | "-q" | "--quiet")
                })
                && rest.iter().any(|w| !w.starts_with('-')) =>
        {
            return Some(COMMIT.to_owned());
        }
        _ => {}
    }
    if moved {
        return None;
    }
    let (sub, rest) = match words {
        ["rev-parse", rest @ ..] => ("rev-parse", rest),
        ["branch", "--show-current"] => ("branch", &words[1..]),
        _ => return None,
    };
    let rest: &[&str] = match (sub, rest) {
        // The branch checked out here: the agent's own.
        ("branch", _) | ("rev-parse", ["--abbrev-ref", "HEAD"]) => &["--own-branch"],
        _ => rest,
    };
    let [flag] = rest else { return None };
    // A repository named apart from the directory changes the answer.
    if ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR"]
        .iter()
        .any(|v| scope.vars.contains_key(*v))
    {
        return None;
    }
    let root = r.ctx.writable_root.trim_end_matches('/');
    let cwd = scope.cwd.as_deref()?;
    if !(cwd == root || is_under(cwd, root)) || r.protected_by(cwd).is_some() {
        return None;
    }
    // Only the worktree's own directories (no repository below the root).
    let inside = cwd.strip_prefix(root).unwrap_or("").trim_start_matches('/');
    let mut dir = cwd.to_owned();
    while dir != root {
        if holds_repository(r, &dir) {
            return None;
        }
        dir = dir.rsplit_once('/')?.0.to_owned();
    }
    match *flag {
        "--show-toplevel" => Some(root.to_owned()),
        "--show-prefix" => Some(if inside.is_empty() {
            String::new()
        } else {
            format!("{inside}/")
        }),
        "--show-cdup" => Some(
            inside
                .split('/')
                .filter(|p| !p.is_empty())
                .map(|_| "../")
                .collect(),
        ),
        "--is-inside-work-tree" => Some("true".into()),
        // The agent's branch is the one its worktree was made on; a branch
        // it checked out since is one it may also push or name, so reading
        // either is the same.
        "--own-branch" => Some(format!(
            "agents/{}",
            r.ctx
                .writable_root
                .trim_end_matches('/')
                .rsplit('/')
                .next()?
        )),
        _ => None,
    }
}

/// Whether a boolean option is on at the end: the last of `key` and its
/// negation wins (`--dry-run --no-dry-run` is off).
pub fn on(p: &Parsed, key: &str) -> bool {
    let negation = match key.strip_prefix("no-") {
        Some(positive) => positive.to_owned(),
        None => format!("no-{key}"),
    };
    let mut state = false;
    for given in &p.options {
        if given.opt.key == key {
            state = true;
        } else if given.opt.key == negation {
            state = false;
        }
    }
    state
}

/// The value a value option ends with: the last one given, unless a later
/// `--no-<key>` took it back (git's parse-options resets a negated
/// `OPT_STRING` to not given: `switch -c x --no-create` creates nothing).
pub fn given<'p>(p: &'p Parsed, key: &str) -> Option<&'p Arg> {
    let negation = format!("no-{key}");
    let mut state = None;
    for option in &p.options {
        if option.opt.key == key {
            if let Some(value) = option.value.as_ref() {
                state = Some(value);
            }
        } else if option.opt.key == negation {
            state = None;
        }
    }
    state
}

/// The operands before and after a `--` that ended the options.
pub fn split_dashdash(words: &[Arg], p: &Parsed) -> (Vec<Arg>, Vec<Arg>) {
    let mut dash: Option<usize> = None;
    if p.dashdash {
        // argv index of each word is its position + 1; a `--` taken as an
        // option's separate value is not the end of options.
        let values: Vec<usize> = p
            .options
            .iter()
            .filter(|g| {
                g.value.as_ref().is_some_and(|v| {
                    words
                        .get(g.at)
                        .is_some_and(|next| next.shown == v.shown && next.values == v.values)
                })
            })
            .map(|g| g.at + 1)
            .collect();
        dash = words
            .iter()
            .enumerate()
            .map(|(i, w)| (i + 1, w))
            .find(|(at, w)| {
                matches!(w.text(), Some("--" | "--end-of-options")) && !values.contains(at)
            })
            .map(|(at, _)| at);
    }
    let mut before = Vec::new();
    let mut after = Vec::new();
    for (at, arg) in &p.operands {
        match dash {
            Some(d) if *at > d => after.push(arg.clone()),
            _ => before.push(arg.clone()),
        }
    }
    (before, after)
}
