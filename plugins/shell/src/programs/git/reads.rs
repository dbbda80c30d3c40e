//! Subcommands that read: history (log, show, diff, rev-list, blame, …),
//! the worktree's state (status, ls-files, grep), refs and objects.
//!
//! They are read, but for the options that make a reader write or run
//! something: `--output=<file>` (every diff), `grep -O<pager>` (runs the
//! pager on the matching files), `difftool` (runs a tool), `fsck
//! --lost-found` (writes into the repository); and files they read by name
//! (`blame --contents`, `diff -O<orderfile>`, `git diff a b` with a path
//! outside the repository, which git reads as `diff --no-index`) are checked
//! for secrets.

use wicket_guest::Effect::*;

use super::history::LOG_OWN;
use super::opts::{Table, DIFF, PARSE, PARSE_NUM, REVISION};
use super::{on, Git, Sub, Where};
use crate::argv::{Parsed, Style};
use crate::read::{Arg, Change, Reach, Reader, Scope};

const EXACT: Style = Style {
    abbreviate: false,
    numeric: true,
    ..Style::GNU
};

pub const SUBS: &[&Sub] = &[
    &LOG,
    &DIFF_SUB,
    &DIFF_PLUMBING,
    &RANGE_DIFF,
    &REV_LIST,
    &SHORTLOG,
    &BLAME,
    &GREP,
    &STATUS,
    &LS_FILES,
    &LS_TREE,
    &CAT_FILE,
    &REV_PARSE,
    &DESCRIBE,
    &SHOW_REF,
    &FOR_EACH_REF,
    &NAME_REV,
    &MERGE_BASE,
    &COUNT_OBJECTS,
    &FSCK,
    &VERIFY,
    &VERIFY_PACK,
    &HELP,
    &VERSION,
    &VAR,
    &CHECKS,
    &CHERRY,
    &SHOW_BRANCH,
    &PLAIN,
    &COLUMN,
    &PATCH_ID,
    &SHOW_INDEX,
    &FMT_MERGE_MSG,
    &MERGE_TREE,
    &REPLAY,
    &DIFFTOOL,
    &MERGETOOL,
];

/// What every diff-taking reader does with its diff options: `--output`
/// writes a file, `-O` reads one.
/// Called for every subcommand whose table takes the diff options
/// (`run_sub`): reflog show, stash show, fast-export, cherry-pick, revert,
/// difftool and the rest write `--output` as log does.
pub(super) fn diff_files(r: &mut Reader, g: &Git, p: &Parsed) {
    if let Some(f) = p.last("output") {
        g.out(r, f, Change::Overwrite, Reach::Path);
    }
    for f in p.values("O") {
        g.input(r, f);
    }
}

fn history(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.reads(r, "reads history");
}

const LOG_T: Table = Table {
    style: EXACT,
    parts: &[LOG_OWN, REVISION, DIFF],
};

pub const LOG: Sub = Sub {
    names: &["log", "show", "whatchanged"],
    table: Some(&LOG_T),
    family: None,
    read: history,
    examples: examples![
        (Read, "git log --oneline -5"),
        (Read, "git log --oneline @{upstream}.."),
        (Read, "git log -p --follow -- src/main.rs"),
        (Read, "git log --graph --all --decorate"),
        (Read, "git log -n 3 --format=%H"),
        (Read, "git show HEAD:README.md"),
        (Read, "git show --stat HEAD~2"),
        (Read, "git log --since='2 weeks ago' --author=me"),
        (TargetWrite, "git log --output=log.txt"),
        (Destructive, "git log --output=../../.wicket/trail.jsonl"),
        (Destructive, "git show --output ../../repo.git/config HEAD"),
        (Opaque, "git log --outp=x"),
        (Opaque, "git log --bogus"),
        (Secret, "git log -O ~/.ssh/id_rsa"),
    ],
};

const DIFF_T: Table = Table {
    style: EXACT,
    parts: &[
        "cached staged merge-base no-index base ours theirs",
        REVISION,
        DIFF,
    ],
};

pub const DIFF_SUB: Sub = Sub {
    names: &["diff"],
    table: Some(&DIFF_T),
    family: None,
    read: diff,
    examples: examples![
        (Read, "git diff"),
        (Read, "git diff HEAD~1 --stat"),
        (Read, "git diff --staged --exit-code"),
        (Read, "git diff --name-status @{upstream}.."),
        (Read, "git diff --no-index a.txt b.txt"),
        (TargetWrite, "git diff --output=changes.patch"),
        (
            Destructive,
            "git diff --output=../../repo.git/hooks/pre-commit",
        ),
        (Secret, "git diff --no-index /dev/null ~/.ssh/id_rsa"),
        (Secret, "git diff /dev/null {home}/.aws/credentials"),
    ],
};

fn diff(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    // Two operands with one outside the repository, or any two outside a
    // repository, are compared as files, and a directory as every file
    // beneath it: `git diff --no-index ~ /tmp/e` printed ~/.ssh/id_rsa and
    // ~/.aws/credentials (verified under dash).
    reads_trees(r, g, p, 0);
    // Compared with the work tree, the index is refreshed and rewritten.
    if on(p, "cached")
        || on(p, "staged")
        || on(p, "no-index")
        || matches!(g.repo, Where::Own | Where::Fresh(_))
        || two_revisions(r, g, p)
    {
        g.reads(r, "shows changes");
    } else {
        g.refreshes(r, "shows changes", false);
    }
}

/// Whether `git diff` compares two commits, leaving the work tree (and the
/// index's refresh) out: two revisions before `--`, or a range (`A..B`,
/// `A...B`, `C^!`). git takes a word for a revision unless it names a path
/// where git runs; a word only known when it runs is taken for the
/// revision it usually is (`$(git rev-list …)`): at worst the refresh
/// rewrites the index's file times, never what it stages.
fn two_revisions(r: &Reader, g: &Git, p: &Parsed) -> bool {
    let end = g
        .words
        .iter()
        .position(|w| matches!(w.text(), Some("--" | "--end-of-options")))
        .unwrap_or(usize::MAX);
    let mut revisions = 0;
    // An operand's index counts from 1 (the subcommand's name is 0).
    for (i, arg) in &p.operands {
        if i.saturating_sub(1) >= end {
            break;
        }
        let Some(text) = arg.text() else {
            revisions += 1;
            continue;
        };
        if text.contains("..") || text.ends_with("^!") {
            return true;
        }
        let path = match g.at.cwd.as_deref() {
            Some(cwd) if !text.starts_with('/') => format!("{}/{text}", cwd.trim_end_matches('/')),
            Some(_) => text.to_owned(),
            None => return false,
        };
        if r.take_resolve() && r.ctx.resolve(&path).kind == wicket_guest::PathKind::Missing {
            revisions += 1;
        }
    }
    revisions >= 2
}

/// The files a comparer or searcher reads whole: each operand, a directory
/// as everything beneath it (revisions and pathspecs inside the worktree
/// are the agent's work), and, with no operand, the directory git runs in
/// when that is not the agent's worktree (`git -C ~ grep --no-index KEY`
/// printed every credential store, verified under dash).
fn reads_trees(r: &mut Reader, g: &Git, p: &Parsed, skip: usize) {
    let operands: Vec<Arg> = p.operand_args().into_iter().skip(skip).collect();
    for f in &operands {
        r.reads_tree(f, &g.at, &g.shown);
    }
    let elsewhere = !matches!(
        g.repo,
        Where::Own | Where::Protected { .. } | Where::Fresh(_)
    );
    if operands.is_empty() && (elsewhere || on(p, "no-index")) {
        match g.at.cwd.clone() {
            Some(cwd) => r.reads_tree(&Arg::literal(&cwd), &g.at, &g.shown),
            None => r.note(
                wicket_guest::Effect::Opaque,
                format!(
                    "{} reads every file beneath the directory it runs in, only known when it runs, which could hold a credential store",
                    g.shown
                ),
            ),
        }
    }
}

const DIFF_PLUMBING_T: Table = Table {
    style: EXACT,
    parts: &["cached merge-base stdin base ours theirs q", REVISION, DIFF],
};

pub const DIFF_PLUMBING: Sub = Sub {
    names: &["diff-files", "diff-index", "diff-tree"],
    table: Some(&DIFF_PLUMBING_T),
    family: None,
    read: history,
    examples: examples![
        (Read, "git diff-index --quiet HEAD --"),
        (Read, "git diff-tree -r --name-only HEAD"),
        (Read, "git diff-files --name-only"),
    ],
};

const RANGE_DIFF_T: Table = Table {
    style: EXACT,
    parts: &["creation-factor= no-dual-color dual-color notes? left-only right-only diff-merges= remerge-diff", DIFF],
};

pub const RANGE_DIFF: Sub = Sub {
    names: &["range-diff"],
    table: Some(&RANGE_DIFF_T),
    family: None,
    read: history,
    examples: examples![(Read, "git range-diff main topic@{1} topic")],
};

const REV_LIST_T: Table = Table {
    style: EXACT,
    parts: &[
        "!header !timestamp !bisect-vars !bisect-all !quiet !disk-usage? !missing= \
         !filter-print-omitted !filter-provided-objects !progress= !no-object-names \
         !object-names !use-bitmap-index !test-bitmap",
        REVISION,
        DIFF,
    ],
};

pub const REV_LIST: Sub = Sub {
    names: &["rev-list"],
    table: Some(&REV_LIST_T),
    family: None,
    read: history,
    examples: examples![
        (Read, "git rev-list --count HEAD"),
        (Read, "git rev-list --format=%s --max-count=1 old_commit"),
        (Read, "git rev-list --objects --all"),
    ],
};

const SHORTLOG_T: Table = Table {
    style: PARSE,
    parts: &[
        "c,committer n,numbered s,summary e,email w? group= format=",
        REVISION,
        DIFF,
    ],
};

pub const SHORTLOG: Sub = Sub {
    names: &["shortlog"],
    table: Some(&SHORTLOG_T),
    family: None,
    read: history,
    examples: examples![
        (Read, "git shortlog -sn"),
        (Read, "git shortlog -sne --since=1.year"),
    ],
};

const BLAME_T: Table = Table {
    style: PARSE,
    parts: &[
        "incremental b root show-stats progress score-debug f,show-name n,show-number \
         p,porcelain line-porcelain c t l s e,show-email w ignore-rev= ignore-revs-file= \
         color-lines color-by-age minimal S= contents= C? M? L= abbrev?",
        REVISION,
        DIFF,
    ],
};

pub const BLAME: Sub = Sub {
    names: &["blame", "annotate", "pickaxe"],
    table: Some(&BLAME_T),
    family: None,
    read: blame,
    examples: examples![
        (Read, "git blame src/main.rs"),
        (Read, "git blame -L 10,20 -w src/main.rs"),
        (Read, "git blame --contents - src/main.rs"),
        (Secret, "git blame --contents ~/.ssh/id_rsa README.md"),
        (Secret, "git blame --ignore-revs-file ~/.aws/credentials x"),
    ],
};

fn blame(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for key in ["contents", "ignore-revs-file", "S"] {
        for f in p.values(key) {
            if f.text() != Some("-") {
                g.input(r, f);
            }
        }
    }
    history(r, g, p, _scope);
}

const GREP_T: Table = Table {
    style: PARSE_NUM,
    parts: &[
        "cached no-index index untracked exclude-standard recurse-submodules v,invert-match \
        i,ignore-case w,word-regexp a,text I textconv r,recursive !max-depth= E,extended-regexp \
        G,basic-regexp F,fixed-strings P,perl-regexp n,line-number column h H full-name \
        l,files-with-matches name-only L,files-without-match z,null o,only-matching c,count \
        color? break heading C,context= B,before-context= A,after-context= threads= \
        p,show-function W,function-context f= e= !and !or !not q,quiet all-match \
        O,open-files-in-pager? ext-grep m,max-count=",
    ],
};

pub const GREP: Sub = Sub {
    names: &["grep"],
    table: Some(&GREP_T),
    family: None,
    read: grep,
    examples: examples![
        (Read, "git grep -n TODO"),
        (Read, "git grep -z -i -l -E '^<\\?xml'"),
        (Read, "git grep -3 foo -- src"),
        (Read, "git grep -O -e x"),
        (Read, "git grep -Ocat -e x"),
        (
            Destructive,
            "git grep --open-files-in-pager='rm -rf /etc' x",
        ),
        (Destructive, "git grep -O'rm -rf /etc' x"),
        (Opaque, "git grep -O\"$p\" x"),
        (Secret, "git grep --no-index -e key ~/.ssh"),
        (Secret, "git grep -f ~/.ssh/id_rsa"),
    ],
};

fn grep(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for f in p.values("f") {
        g.input(r, f);
    }
    // Pathspecs; with --no-index, or in a repository other than the
    // worktree, directories searched whole (after the pattern, when no -e
    // or -f gives it).
    let pattern = usize::from(p.values("e").next().is_none() && p.values("f").next().is_none());
    reads_trees(r, g, p, pattern);
    for given in p
        .options
        .iter()
        .filter(|o| o.opt.key == "open-files-in-pager")
    {
        match &given.value {
            // The pager the configuration names (or `less`).
            None => {}
            Some(pager) => g.runs_text_on_files(r, pager, "the pager"),
        }
    }
    g.reads(r, "searches files");
}

const STATUS_T: Table = Table {
    style: PARSE,
    parts: &[
        "v,verbose s,short b,branch show-stash ahead-behind porcelain? long z,null \
        u,untracked-files? ignored? ignore-submodules? column? no-renames !M,find-renames? \
        renames",
    ],
};

pub const STATUS: Sub = Sub {
    names: &["status"],
    table: Some(&STATUS_T),
    family: None,
    read: status,
    examples: examples![
        (Read, "git status"),
        (Destructive, "git -C {other} status"),
        (Read, "git --no-optional-locks -C {other} status"),
        (Read, "git status --porcelain"),
        (Read, "git status -sb"),
        (Read, "git -C src status"),
        (Read, "test -z \"$(git status --porcelain)\""),
    ],
};

fn status(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.refreshes(r, "reads the repository", true);
}

fn plain(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.reads(r, "reads the repository");
}

const LS_FILES_T: Table = Table {
    style: PARSE,
    parts: &[
        "z t v f c,cached d,deleted m,modified o,others i,ignored s,stage k,killed directory \
        eol empty-directory u,unmerged resolve-undo !x,exclude= !X,exclude-from= \
        exclude-per-directory= !exclude-standard !full-name recurse-submodules error-unmatch \
        with-tree= abbrev? debug deduplicate sparse !format=",
    ],
};

pub const LS_FILES: Sub = Sub {
    names: &["ls-files"],
    table: Some(&LS_FILES_T),
    family: None,
    read: ls_files,
    examples: examples![
        (Read, "git ls-files"),
        (Read, "git ls-files -z '**.[ch]'"),
        (Read, "git ls-files --others --exclude-standard"),
        (Read, "git ls-files | xargs wc -l"),
    ],
};

fn ls_files(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for f in p.values("exclude-from") {
        g.input(r, f);
    }
    g.reads(r, "lists files");
}

const LS_TREE_T: Table = Table {
    style: PARSE,
    parts: &[
        "d r t z !l,long !name-only !name-status !object-only full-name full-tree !format= abbrev?",
    ],
};

pub const LS_TREE: Sub = Sub {
    names: &["ls-tree"],
    table: Some(&LS_TREE_T),
    family: None,
    read: plain,
    examples: examples![(Read, "git ls-tree -r --name-only HEAD")],
};

const CAT_FILE_T: Table = Table {
    style: PARSE,
    parts: &[
        "e p t s allow-unknown-type use-mailmap|mailmap !batch? !batch-check? z Z \
        !batch-command? !batch-all-objects buffer follow-symlinks unordered !textconv !filters \
        path=",
    ],
};

pub const CAT_FILE: Sub = Sub {
    names: &["cat-file"],
    table: Some(&CAT_FILE_T),
    family: None,
    read: plain,
    examples: examples![
        (Read, "git cat-file -p HEAD"),
        (Read, "git cat-file --batch-check < ids"),
    ],
};

/// rev-parse reads its arguments as a language of its own; it only prints.
pub const REV_PARSE: Sub = Sub {
    names: &["rev-parse"],
    table: None,
    family: None,
    read: plain,
    examples: examples![
        (Read, "git rev-parse --show-toplevel"),
        (Read, "git rev-parse --abbrev-ref HEAD"),
        (Read, "git rev-parse --verify -q refs/heads/x"),
        (Read, "cd \"$(git rev-parse --show-toplevel)\""),
    ],
};

const DESCRIBE_T: Table = Table {
    style: PARSE,
    parts: &[
        "contains debug all tags long first-parent abbrev? exact-match candidates= match= \
        exclude= always dirty? broken?",
    ],
};

pub const DESCRIBE: Sub = Sub {
    names: &["describe"],
    table: Some(&DESCRIBE_T),
    family: None,
    read: describe,
    examples: examples![
        (Read, "git describe --tags --always --dirty"),
        (Destructive, "git -C {other} describe --always --dirty"),
        (Read, "git -C {other} describe --always"),
    ],
};

/// `--dirty` and `--broken` compare the work tree, refreshing the index.
fn describe(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if p.has("dirty") || p.has("broken") {
        return g.refreshes(r, "describes a commit", true);
    }
    g.reads(r, "describes a commit");
}

const SHOW_REF_T: Table = Table {
    style: PARSE,
    parts: &[
        "tags branches|heads exists verify h head d,dereference s,hash? abbrev? q,quiet \
        !exclude-existing?",
    ],
};

pub const SHOW_REF: Sub = Sub {
    names: &["show-ref"],
    table: Some(&SHOW_REF_T),
    family: None,
    read: plain,
    examples: examples![(Read, "git show-ref --verify refs/heads/main")],
};

const FOR_EACH_REF_T: Table = Table {
    style: PARSE,
    parts: &[
        "s,shell p,perl python tcl omit-empty count= format= color? exclude= sort= \
        points-at= !merged= !no-merged= !contains= !no-contains= ignore-case stdin \
        include-root-refs",
    ],
};

pub const FOR_EACH_REF: Sub = Sub {
    names: &["for-each-ref"],
    table: Some(&FOR_EACH_REF_T),
    family: None,
    read: plain,
    examples: examples![(Read, "git for-each-ref --format='%(refname)' refs/heads/")],
};

const NAME_REV_T: Table = Table {
    style: PARSE,
    parts: &["name-only tags refs= exclude= all stdin annotate-stdin undefined always peel-tag"],
};

pub const NAME_REV: Sub = Sub {
    names: &["name-rev"],
    table: Some(&NAME_REV_T),
    family: None,
    read: plain,
    examples: examples![(Read, "git name-rev HEAD")],
};

const MERGE_BASE_T: Table = Table {
    style: PARSE,
    parts: &["a,all !octopus !independent !is-ancestor !fork-point"],
};

pub const MERGE_BASE: Sub = Sub {
    names: &["merge-base"],
    table: Some(&MERGE_BASE_T),
    family: None,
    read: plain,
    examples: examples![(Read, "git merge-base --is-ancestor HEAD main")],
};

const COUNT_OBJECTS_T: Table = Table {
    style: PARSE,
    parts: &["v,verbose H,human-readable"],
};

pub const COUNT_OBJECTS: Sub = Sub {
    names: &["count-objects"],
    table: Some(&COUNT_OBJECTS_T),
    family: None,
    read: plain,
    examples: examples![(Read, "git count-objects -vH")],
};

const FSCK_T: Table = Table {
    style: PARSE,
    parts: &[
        "v,verbose unreachable dangling tags root cache reflogs full connectivity-only strict \
        lost-found progress name-objects references",
    ],
};

pub const FSCK: Sub = Sub {
    names: &["fsck", "fsck-objects"],
    table: Some(&FSCK_T),
    family: None,
    read: fsck,
    examples: examples![
        (Read, "git fsck --unreachable"),
        (Destructive, "git fsck --lost-found"),
        (Destructive, "git fsck --lost-found --dangling"),
    ],
};

fn fsck(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    // `lost-found` is one of the directories every worktree shares: in the
    // agent's own worktree it is repo.git/lost-found (verified: a dangling
    // blob landed in repo.git/lost-found/other/).
    if on(p, "lost-found") {
        if let Where::Own | Where::Protected { .. } = g.repo {
            return r.guard(
                wicket_guest::Effect::Destructive,
                format!(
                    "{} writes dangling objects into repo.git/lost-found, a directory every worktree shares, which is protected",
                    g.shown
                ),
            );
        }
        return g.works(
            r,
            "writes dangling objects into the repository's lost-found",
        );
    }
    g.reads(r, "checks the object store");
}

const VERIFY_T: Table = Table {
    style: PARSE,
    parts: &["v,verbose raw format="],
};

pub const VERIFY: Sub = Sub {
    names: &["verify-commit", "verify-tag"],
    table: Some(&VERIFY_T),
    family: None,
    read: plain,
    examples: examples![(Read, "git verify-commit HEAD")],
};

const VERIFY_PACK_T: Table = Table {
    style: PARSE,
    parts: &["v,verbose s,stat-only object-format="],
};

pub const VERIFY_PACK: Sub = Sub {
    names: &["verify-pack"],
    table: Some(&VERIFY_PACK_T),
    family: None,
    read: verify_pack,
    examples: examples![(Read, "git verify-pack -v x.idx")],
};

fn verify_pack(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for f in p.operand_args() {
        g.input(r, &f);
    }
    g.reads(r, "verifies packs");
}

const HELP_T: Table = Table {
    style: PARSE,
    parts: &[
        "!a,all external-commands aliases exclude-guides m,man w,web i,info v,verbose \
        !g,guides !user-interfaces !developer-interfaces !c,config !config-for-completion \
        !config-sections-for-completion",
    ],
};

pub const HELP: Sub = Sub {
    names: &["help"],
    table: Some(&HELP_T),
    family: None,
    read: help,
    examples: examples![
        (Read, "git help log"),
        (Read, "git help -a"),
        (OpenWorld, "git help -w log"),
    ],
};

fn help(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if on(p, "web") {
        return g.network(r, "opens the manual in a web browser");
    }
    r.note(Read, format!("{} shows git's manual", g.shown));
}

const VERSION_T: Table = Table {
    style: PARSE,
    parts: &["build-options"],
};

pub const VERSION: Sub = Sub {
    names: &["version"],
    table: Some(&VERSION_T),
    family: None,
    read: prints,
    examples: examples![
        (Read, "git version --build-options"),
        (Read, "git --version"),
    ],
};

fn prints(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    r.note(Read, format!("{} prints what git knows", g.shown));
}

const VAR_T: Table = Table {
    style: PARSE,
    parts: &["l"],
};

pub const VAR: Sub = Sub {
    names: &["var"],
    table: Some(&VAR_T),
    family: None,
    read: var,
    examples: examples![(Read, "git var GIT_EDITOR"), (Secret, "git var -l"),],
};

/// `git var -l` prints every configuration setting with its value, as
/// `git config -l` does (`git var -l` printed http.<url>.extraheader,
/// verified under dash).
fn var(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if on(p, "l") {
        r.guard(
            Secret,
            format!(
                "{} prints every configuration setting with its value, a credential among them where one is set (http.<url>.extraheader)",
                g.shown
            ),
        );
    }
    g.reads(r, "reads the repository");
}

const CHECKS_T: Table = Table {
    style: PARSE,
    parts: &[
        "a,all cached stdin z source= q,quiet v,verbose n,non-matching no-index \
        mailmap-file= mailmap-blob= normalize allow-onelevel refspec-pattern branch= print",
    ],
};

pub const CHECKS: Sub = Sub {
    names: &[
        "check-attr",
        "check-ignore",
        "check-mailmap",
        "check-ref-format",
    ],
    table: Some(&CHECKS_T),
    family: None,
    read: checks,
    examples: examples![
        (Read, "git check-ignore -v target"),
        (Read, "git check-ref-format --branch @{-1}"),
        (Secret, "git check-mailmap --mailmap-file ~/.ssh/id_rsa x"),
    ],
};

fn checks(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for f in p.values("mailmap-file") {
        g.input(r, f);
    }
    g.reads(r, "checks names against the repository's rules");
}

const CHERRY_T: Table = Table {
    style: PARSE,
    parts: &["abbrev? v,verbose"],
};

pub const CHERRY: Sub = Sub {
    names: &["cherry"],
    table: Some(&CHERRY_T),
    family: None,
    read: plain,
    examples: examples![(Read, "git cherry -v main")],
};

const SHOW_BRANCH_T: Table = Table {
    style: PARSE_NUM,
    parts: &[
        "a,all r,remotes color? more? list no-name current sha1-name merge-base independent \
        !topo-order topics sparse !date-order !g,reflog?",
    ],
};

pub const SHOW_BRANCH: Sub = Sub {
    names: &["show-branch"],
    table: Some(&SHOW_BRANCH_T),
    family: None,
    read: plain,
    examples: examples![(Read, "git show-branch --all")],
};

/// Readers that take no options of note (their words are read by hand).
pub const PLAIN: Sub = Sub {
    names: &["get-tar-commit-id", "pack-redundant"],
    table: None,
    family: None,
    read: plain,
    examples: examples![(Read, "git get-tar-commit-id < x.tar")],
};

const COLUMN_T: Table = Table {
    style: PARSE,
    parts: &["command= mode? raw-mode= width= indent= nl= padding="],
};

pub const COLUMN: Sub = Sub {
    names: &["column"],
    table: Some(&COLUMN_T),
    family: None,
    read: prints,
    examples: examples![(Read, "ls | git column --mode=column")],
};

const PATCH_ID_T: Table = Table {
    style: PARSE,
    parts: &["!unstable !stable !verbatim"],
};

pub const PATCH_ID: Sub = Sub {
    names: &["patch-id"],
    table: Some(&PATCH_ID_T),
    family: None,
    read: prints,
    examples: examples![(Read, "git show HEAD | git patch-id --stable")],
};

const SHOW_INDEX_T: Table = Table {
    style: PARSE,
    parts: &["object-format="],
};

pub const SHOW_INDEX: Sub = Sub {
    names: &["show-index"],
    table: Some(&SHOW_INDEX_T),
    family: None,
    read: prints,
    examples: examples![(Read, "git show-index < x.idx")],
};

const FMT_MERGE_MSG_T: Table = Table {
    style: PARSE,
    parts: &["log? summary? m,message= into-name= F,file="],
};

pub const FMT_MERGE_MSG: Sub = Sub {
    names: &["fmt-merge-msg"],
    table: Some(&FMT_MERGE_MSG_T),
    family: None,
    read: fmt_merge_msg,
    examples: examples![(Read, "git fmt-merge-msg < .git/FETCH_HEAD")],
};

fn fmt_merge_msg(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for f in p.values("file") {
        g.input(r, f);
    }
    g.reads(r, "writes a merge message to its output");
}

const MERGE_TREE_T: Table = Table {
    style: PARSE,
    parts: &[
        "!write-tree !trivial-merge messages z !name-only !allow-unrelated-histories !stdin \
        merge-base= X,strategy-option= quiet",
    ],
};

pub const MERGE_TREE: Sub = Sub {
    names: &["merge-tree"],
    table: Some(&MERGE_TREE_T),
    family: None,
    read: merge_tree,
    examples: examples![
        (TargetWrite, "git merge-tree --write-tree main feature"),
        (Read, "git merge-tree --trivial-merge a b c"),
    ],
};

fn merge_tree(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if p.has("trivial-merge") || p.operands.len() == 3 && !p.has("write-tree") {
        return g.reads(r, "shows a trivial merge");
    }
    g.works(r, "writes a merge's objects (no ref moves)");
}

const REPLAY_T: Table = Table {
    style: EXACT,
    parts: &["advance= onto= contained", REVISION],
};

pub const REPLAY: Sub = Sub {
    names: &["replay"],
    table: Some(&REPLAY_T),
    family: None,
    read: replay,
    examples: examples![(TargetWrite, "git replay --onto main topic~2..topic")],
};

fn replay(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.works(
        r,
        "writes replayed commits and prints the ref updates (it moves no ref itself)",
    );
}

const DIFFTOOL_T: Table = Table {
    style: EXACT,
    parts: &[
        "g,gui d,dir-diff !y,no-prompt !prompt symlinks t,tool= tool-help trust-exit-code \
         x,extcmd= no-index",
        REVISION,
        DIFF,
    ],
};

pub const DIFFTOOL: Sub = Sub {
    names: &["difftool"],
    table: Some(&DIFFTOOL_T),
    family: None,
    read: difftool,
    examples: examples![
        (Read, "git difftool --tool-help"),
        (Opaque, "git difftool"),
        (Read, "git difftool -y -x 'diff -u' HEAD~1"),
        (Destructive, "git difftool -y --extcmd='rm -rf /etc'"),
    ],
};

fn difftool(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if p.has("tool-help") {
        return g.reads(r, "lists the diff tools it knows");
    }
    match p.last("extcmd") {
        Some(cmd) => {
            let cmd = cmd.clone();
            g.runs_text_on_files(r, &cmd, "the diff command");
            if on(p, "cached") || on(p, "staged") || on(p, "no-index") {
                g.reads(r, "compares files with a command");
            } else {
                g.refreshes(r, "compares files with a command", false);
            }
        }
        None => r.note(
            Opaque,
            format!(
                "{} runs the diff tool git is configured with, which wicket cannot read",
                g.shown
            ),
        ),
    }
}

const MERGETOOL_T: Table = Table {
    style: PARSE,
    parts: &["t,tool= tool-help y,no-prompt prompt g,gui no-gui O="],
};

pub const MERGETOOL: Sub = Sub {
    names: &["mergetool"],
    table: Some(&MERGETOOL_T),
    family: None,
    read: mergetool,
    examples: examples![
        (Read, "git mergetool --tool-help"),
        (Opaque, "git mergetool"),
    ],
};

fn mergetool(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if p.has("tool-help") {
        return g.reads(r, "lists the merge tools it knows");
    }
    r.note(
        Opaque,
        format!(
            "{} runs the merge tool git is configured with, which wicket cannot read",
            g.shown
        ),
    );
}
