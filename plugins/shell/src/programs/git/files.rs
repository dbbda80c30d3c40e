//! Subcommands that write the worktree's files, the index, the object
//! store, or files they are told to write: add, rm, mv, restore, clean,
//! apply, the index and object plumbing, archives, patches, bundles, `init`.
//!
//! Paths a subcommand is told to write (`archive -o`, `format-patch -o`,
//! `checkout-index --prefix`, `bundle create`, `init DIR`) are placed from
//! git's directory like any write. `git init` where a repository already is
//! reinitialises it, and in the agent's worktree that repository is
//! `repo.git`: templates (hooks among them) are copied into it.

use wicket_guest::Effect::*;

use super::history::LOG_OWN;
use super::opts::{Table, DIFF, PARSE, REVISION};
use super::{given, on, Family, Git, Sub, Where};
use crate::argv::{Parsed, Style};
use crate::read::{Arg, Change, Invocation, Lookup, Place, Reach, Reader, Scope, Stdin};

const EXACT: Style = Style {
    abbreviate: false,
    numeric: true,
    ..Style::GNU
};

pub const SUBS: &[&Sub] = &[
    &ADD,
    &RM,
    &MV,
    &RESTORE,
    &CLEAN,
    &APPLY,
    &CHECKOUT_INDEX,
    &MERGE_FILE,
    &READ_TREE,
    &UPDATE_INDEX,
    &WRITE_TREE,
    &COMMIT_TREE,
    &OBJECTS,
    &HASH_OBJECT,
    &UNPACK_OBJECTS,
    &INDEX_PACK,
    &PACK_OBJECTS,
    &ARCHIVE,
    &FORMAT_PATCH,
    &BUNDLE,
    &INIT,
    &TRAILERS,
    &MAILINFO,
    &MAILSPLIT,
    &UNPACK_FILE,
    &MERGE_INDEX,
    &MERGES,
    &SPARSE_CHECKOUT,
    &BUGREPORT,
    &FAST_EXPORT,
    &FAST_IMPORT,
    &QUILTIMPORT,
    &STRIPSPACE,
];

fn inputs(r: &mut Reader, g: &Git, p: &Parsed, keys: &[&str]) {
    for key in keys {
        for file in p.values(key) {
            if file.text() != Some("-") {
                g.input(r, file);
            }
        }
    }
}

// ---- add, rm, mv, restore ----

const ADD_T: Table = Table {
    style: PARSE,
    parts: &[
        "n,dry-run v,verbose i,interactive p,patch e,edit f,force u,update renormalize \
        N,intent-to-add A,all ignore-removal refresh ignore-errors ignore-missing sparse chmod= \
        warn-embedded-repo pathspec-from-file= pathspec-file-nul",
    ],
};

pub const ADD: Sub = Sub {
    names: &["add", "stage"],
    table: Some(&ADD_T),
    family: None,
    read: add,
    examples: examples![
        (TargetWrite, "git add -A"),
        (TargetWrite, "git add src/main.rs"),
        (TargetWrite, "git add tests/baselines/reference"),
        (TargetWrite, "git add -p"),
        (Read, "git add -n ."),
        (TargetWrite, "git add --dry-run --no-dry-run ."),
        (Opaque, "git add --bogus"),
    ],
};

fn add(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    inputs(r, g, p, &["pathspec-from-file"]);
    if on(p, "dry-run") {
        return g.refreshes(r, "only shows what it would stage", false);
    }
    g.works(r, "stages changes in the index");
}

const RM_T: Table = Table {
    style: PARSE,
    parts: &[
        "n,dry-run q,quiet cached f,force r ignore-unmatch sparse pathspec-from-file= \
        pathspec-file-nul",
    ],
};

pub const RM: Sub = Sub {
    names: &["rm"],
    table: Some(&RM_T),
    family: None,
    read: rm,
    examples: examples![
        (TargetWrite, "git rm src/old.rs"),
        (TargetWrite, "git rm -r --cached target"),
        (Read, "git rm -n -r ."),
        (Destructive, "git --work-tree=../.. rm -r ."),
    ],
};

fn rm(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    inputs(r, g, p, &["pathspec-from-file"]);
    if on(p, "dry-run") {
        return g.refreshes(r, "only shows what it would remove", false);
    }
    if on(p, "cached") {
        return g.works(r, "removes paths from the index");
    }
    g.works(r, "removes tracked files from the worktree and the index");
    if let Some(tree) = g.work_tree.clone() {
        g.out(r, &tree, Change::Delete, Reach::Tree);
    }
    // What it removes may be the directory a later `cd` goes to (`git rm
    // -r d; cd d/e` stays; verified under dash). A pathspec is git's own
    // pattern, or magic (`:/`): only a plain name is taken as itself, and
    // anything else as the directory git runs in, all of it.
    let pathspecs = p.operand_args();
    let from_file = p.last("pathspec-from-file").is_some();
    for spec in &pathspecs {
        match spec.text() {
            // git removes the directories the removal empties, up to the
            // worktree's top: the first component is taken.
            Some(t) if !t.starts_with(':') && !t.contains(['*', '?', '[', '\\']) => {
                r.changes_access(&crate::programs::files::first_component(spec), &g.at)
            }
            _ => r.changes_access(&Arg::literal("."), &g.at),
        }
    }
    if from_file {
        r.changes_access(&Arg::literal("."), &g.at);
    }
}

const MV_T: Table = Table {
    style: PARSE,
    parts: &["v,verbose n,dry-run f,force k sparse"],
};

pub const MV: Sub = Sub {
    names: &["mv"],
    table: Some(&MV_T),
    family: None,
    read: mv,
    examples: examples![
        (TargetWrite, "git mv src/a.rs src/b.rs"),
        (Read, "git mv -n a b"),
    ],
};

fn mv(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if on(p, "dry-run") {
        return g.refreshes(r, "only shows what it would move", false);
    }
    g.writes_files(r, "moves tracked files in the worktree");
}

const RESTORE_T: Table = Table {
    style: PARSE,
    parts: &[
        "s,source= S,staged W,worktree ignore-unmerged overlay q,quiet recurse-submodules? \
        progress m,merge conflict= !2,ours !3,theirs p,patch ignore-skip-worktree-bits \
        pathspec-from-file= pathspec-file-nul",
    ],
};

pub const RESTORE: Sub = Sub {
    names: &["restore"],
    table: Some(&RESTORE_T),
    family: None,
    read: restore,
    examples: examples![
        (TargetWrite, "git restore src/main.rs"),
        (TargetWrite, "git restore --staged ."),
        (TargetWrite, "git restore -s HEAD~1 -- src"),
        (Destructive, "git --work-tree=../../repo.git restore ."),
    ],
};

fn restore(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    inputs(r, g, p, &["pathspec-from-file"]);
    if on(p, "staged") && !on(p, "worktree") {
        return g.works(r, "restores index entries");
    }
    g.writes_files(r, "restores files in the worktree");
}

// ---- clean ----

const CLEAN_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet n,dry-run f,force i,interactive d !e,exclude= x X"],
};

pub const CLEAN: Sub = Sub {
    names: &["clean"],
    table: Some(&CLEAN_T),
    family: None,
    read: clean,
    examples: examples![
        (Read, "git clean -n"),
        (Read, "git clean -fd --dry-run"),
        (Read, "git clean -fdn"),
        (Read, "git clean -d"),
        (Destructive, "git clean -fd"),
        (Destructive, "git clean -fdx"),
        (Destructive, "git clean --force"),
        (Destructive, "git clean -i"),
        (Destructive, "git -c clean.requireForce=false clean -d"),
        (Destructive, "git clean -f --dry-run --no-dry-run"),
    ],
};

fn clean(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if on(p, "dry-run") {
        return g.reads(r, "only lists what it would remove");
    }
    let forced = on(p, "force")
        || on(p, "interactive")
        || g.settings.is_true("clean.requireforce") == Some(false);
    if !forced {
        return g.reads(r, "removes nothing without -f (git refuses)");
    }
    r.note(
        Destructive,
        format!("{} deletes untracked files for good (clean -f)", g.shown),
    );
    g.works(r, "removes untracked files");
    if let Some(tree) = g.work_tree.clone() {
        g.out(r, &tree, Change::Delete, Reach::Tree);
    }
}

// ---- apply ----

const APPLY_T: Table = Table {
    style: PARSE,
    parts: &[
        "!exclude= !include= p= no-add stat allow-binary-replacement binary numstat \
        summary check index N,intent-to-add cached unsafe-paths apply 3,3way !ours !theirs \
        !union build-fake-ancestor= z C= whitespace= ignore-space-change ignore-whitespace \
        R,reverse unidiff-zero reject allow-overlap v,verbose q,quiet inaccurate-eof recount \
        directory= allow-empty",
    ],
};

pub const APPLY: Sub = Sub {
    names: &["apply"],
    table: Some(&APPLY_T),
    family: None,
    read: apply,
    examples: examples![
        (TargetWrite, "git apply fix.patch"),
        (TargetWrite, "git apply --index -3 fix.patch"),
        (TargetWrite, "git apply --cached fix.patch"),
        (Read, "git apply --check fix.patch"),
        (Read, "git apply --stat fix.patch"),
        (Opaque, "git apply --unsafe-paths fix.patch"),
        (Secret, "git apply ~/.ssh/id_rsa"),
        (
            Destructive,
            "git apply --build-fake-ancestor=../../repo.git/index x.patch",
        ),
    ],
};

fn apply(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for patch in p.operand_args() {
        if patch.text() != Some("-") {
            g.input(r, &patch);
        }
    }
    if let Some(f) = p.last("build-fake-ancestor") {
        g.out(r, f, Change::Overwrite, Reach::Path);
    }
    let reports = ["stat", "numstat", "summary", "check"]
        .iter()
        .any(|k| on(p, k));
    if reports && !on(p, "apply") {
        return g.reads(r, "only reports on the patch");
    }
    if on(p, "unsafe-paths") {
        r.note(
            Opaque,
            format!("{} writes wherever the patch's paths say (--unsafe-paths), which wicket cannot read", g.shown),
        );
    }
    if on(p, "cached") {
        return g.works(r, "applies a patch to the index");
    }
    g.writes_files(r, "applies a patch to the worktree's files");
}

// ---- index and object plumbing ----

const CHECKOUT_INDEX_T: Table = Table {
    style: PARSE,
    parts: &[
        "a,all ignore-skip-worktree-bits f,force q,quiet n,no-create u,index z stdin temp \
        prefix= !stage=",
    ],
};

pub const CHECKOUT_INDEX: Sub = Sub {
    names: &["checkout-index"],
    table: Some(&CHECKOUT_INDEX_T),
    family: None,
    read: checkout_index,
    examples: examples![
        (TargetWrite, "git checkout-index -a -f"),
        (TargetWrite, "git checkout-index --prefix=export/ -a"),
        (
            Destructive,
            "git checkout-index --prefix=../../repo.git/hooks/ -a",
        ),
        (Destructive, "git checkout-index -a --prefix={ws}/.wicket/"),
        (OpenWorld, "git checkout-index -a --prefix=/tmp/export/"),
        (
            Destructive,
            "git checkout-index -f --prefix=../../r epo.git/config",
        ),
        (Destructive, "git checkout-index -a --prefix=../../r"),
        (TargetWrite, "git checkout-index --prefix=out- src/main.rs"),
        (Opaque, "git checkout-index -a --prefix=out-"),
        (TargetWrite, "git checkout-index -a --prefix=out/"),
    ],
};

fn checkout_index(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    let Some(prefix) = given(p, "prefix") else {
        return g.writes_files(r, "writes index entries into the worktree");
    };
    let what = "writes index entries as files under a prefix";
    // git glues the prefix and each index path as text, with no `/`
    // between (`--prefix=../../r` and `epo.git/config` write
    // ../../repo.git/config): a prefix not ending in `/` names no
    // directory of its own.
    let Some(text) = prefix.text().filter(|t| !t.is_empty() && !t.ends_with('/')) else {
        g.out(r, prefix, Change::Overwrite, Reach::Tree);
        return g.works(r, what);
    };
    // The index paths, when they are the operands as written from the
    // top of the worktree (git names them from there, as the prefix).
    let at_top = g.at.cwd.as_deref().map(|c| c.trim_end_matches('/'))
        == Some(r.ctx.writable_root.trim_end_matches('/'));
    let operands = p.operand_args();
    let names: Option<Vec<String>> = (at_top && !on(p, "all") && !on(p, "stdin"))
        .then(|| {
            operands
                .iter()
                .map(|a| {
                    let t = a.text()?;
                    let parts: Vec<&str> = t
                        .split('/')
                        .filter(|c| !c.is_empty() && *c != ".")
                        .collect();
                    let plain = !a.glob
                        && !t.starts_with('/')
                        && !parts.is_empty()
                        && !parts.contains(&"..");
                    plain.then(|| parts.join("/"))
                })
                .collect()
        })
        .flatten();
    match names {
        Some(names) => {
            for name in names {
                g.out(
                    r,
                    &Arg::literal(&format!("{text}{name}")),
                    Change::Overwrite,
                    Reach::Path,
                );
            }
        }
        // Every name starts with the prefix's text: all of them land in
        // the directory that holds it, under names only known when it
        // runs.
        None => {
            let dir = match text.rfind('/') {
                Some(0) => "/",
                Some(end) => &text[..end],
                None => ".",
            };
            r.note(
                Opaque,
                format!(
                    "{} writes each index path glued to the prefix `{text}` as text, with no `/` between, so the files land in {dir} under names only known when it runs",
                    g.shown
                ),
            );
            g.out(r, &Arg::literal(dir), Change::Overwrite, Reach::Tree);
        }
    }
    g.works(r, what)
}

const MERGE_FILE_T: Table = Table {
    style: PARSE,
    parts: &[
        "p,stdout object-id diff3 zdiff3 ours theirs union !diff-algorithm= marker-size= \
        q,quiet L=",
    ],
};

pub const MERGE_FILE: Sub = Sub {
    names: &["merge-file"],
    table: Some(&MERGE_FILE_T),
    family: None,
    read: merge_file,
    examples: examples![
        (TargetWrite, "git merge-file src/a.rs base.rs other.rs"),
        (Read, "git merge-file -p a b c"),
        (Destructive, "git merge-file ../../repo.git/config a b"),
    ],
};

fn merge_file(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    let operands = p.operand_args();
    if on(p, "object-id") {
        return g.works(r, "merges blobs and writes the result as an object");
    }
    for f in &operands {
        g.input(r, f);
    }
    if on(p, "stdout") {
        return r.note(Read, format!("{} prints a three-way merge", g.shown));
    }
    if let Some(current) = operands.first() {
        g.out(r, current, Change::Overwrite, Reach::Path);
    }
}

const READ_TREE_T: Table = Table {
    style: PARSE,
    parts: &[
        "super-prefix= !index-output= empty v,verbose m trivial aggressive reset !prefix= u \
        !exclude-per-directory= i n,dry-run no-sparse-checkout debug-unpack recurse-submodules? \
        q,quiet",
    ],
};

pub const READ_TREE: Sub = Sub {
    names: &["read-tree"],
    table: Some(&READ_TREE_T),
    family: None,
    read: read_tree,
    examples: examples![
        (TargetWrite, "git read-tree HEAD"),
        (TargetWrite, "git read-tree -m -u HEAD feature"),
        (Read, "git read-tree -n -m HEAD x"),
        (
            Destructive,
            "git read-tree --index-output=../../repo.git/index HEAD",
        ),
    ],
};

fn read_tree(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if let Some(f) = p.last("index-output") {
        g.out(r, f, Change::Overwrite, Reach::Path);
    }
    if on(p, "dry-run") {
        return g.reads(r, "only checks a tree merge");
    }
    if p.has("u") {
        return g.writes_files(r, "reads trees into the index and the worktree");
    }
    g.works(r, "reads trees into the index");
}

const UPDATE_INDEX_T: Table = Table {
    style: PARSE,
    parts: &[
        "q ignore-submodules add replace remove unmerged !refresh !really-refresh \
        !cacheinfo= !chmod= !assume-unchanged !no-assume-unchanged !skip-worktree \
        !no-skip-worktree ignore-skip-worktree-entries info-only force-remove z !stdin \
        !index-info !unresolve !g,again ignore-missing verbose !clear-resolve-undo \
        index-version= show-index-version split-index untracked-cache test-untracked-cache \
        force-untracked-cache force-write-index fsmonitor !fsmonitor-valid !no-fsmonitor-valid",
    ],
};

pub const UPDATE_INDEX: Sub = Sub {
    names: &["update-index"],
    table: Some(&UPDATE_INDEX_T),
    family: None,
    read: index_work,
    examples: examples![
        (TargetWrite, "git update-index --refresh"),
        (TargetWrite, "git update-index --chmod=+x build.sh"),
        (
            TargetWrite,
            "git update-index --assume-unchanged config.local",
        ),
    ],
};

fn index_work(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.works(r, "writes the index or objects");
}

const WRITE_TREE_T: Table = Table {
    style: PARSE,
    parts: &["missing-ok prefix= ignore-cache-tree"],
};

pub const WRITE_TREE: Sub = Sub {
    names: &["write-tree"],
    table: Some(&WRITE_TREE_T),
    family: None,
    read: index_work,
    examples: examples![(TargetWrite, "git write-tree")],
};

const COMMIT_TREE_T: Table = Table {
    style: PARSE,
    parts: &["p= m= F= S,gpg-sign?"],
};

pub const COMMIT_TREE: Sub = Sub {
    names: &["commit-tree"],
    table: Some(&COMMIT_TREE_T),
    family: None,
    read: commit_tree,
    examples: examples![
        (TargetWrite, "git commit-tree HEAD^{tree} -p HEAD -m x"),
        (Secret, "git commit-tree -F ~/.aws/credentials HEAD^{tree}"),
    ],
};

fn commit_tree(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    inputs(r, g, p, &["F"]);
    g.works(r, "writes a commit object (no ref moves)");
}

const MKTAG_T: Table = Table {
    style: PARSE,
    parts: &["strict z missing batch"],
};

pub const OBJECTS: Sub = Sub {
    names: &["mktag", "mktree"],
    table: Some(&MKTAG_T),
    family: None,
    read: index_work,
    examples: examples![(TargetWrite, "git mktree < tree.txt")],
};

const HASH_OBJECT_T: Table = Table {
    style: PARSE,
    parts: &["t= w stdin stdin-paths no-filters literally path="],
};

pub const HASH_OBJECT: Sub = Sub {
    names: &["hash-object"],
    table: Some(&HASH_OBJECT_T),
    family: None,
    read: hash_object,
    examples: examples![
        (Read, "git hash-object src/main.rs"),
        (TargetWrite, "git hash-object -w src/main.rs"),
        (Secret, "git hash-object -w ~/.ssh/id_rsa"),
        (Opaque, "find ~ | git hash-object -w --stdin-paths"),
    ],
};

fn hash_object(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for f in p.operand_args() {
        g.input(r, &f);
    }
    let writes = on(p, "w");
    if writes && on(p, "stdin-paths") && g.stdin == Stdin::Fed {
        r.note(
            Opaque,
            format!(
                "{} stores the files named on its input, which may be secrets wicket cannot see",
                g.shown
            ),
        );
    }
    if writes {
        return g.works(r, "writes objects");
    }
    g.reads(r, "computes object ids");
}

const UNPACK_OBJECTS_T: Table = Table {
    style: PARSE,
    parts: &["!n !q !r !strict? !max-input-size= !pack_header="],
};

pub const UNPACK_OBJECTS: Sub = Sub {
    names: &["unpack-objects"],
    table: Some(&UNPACK_OBJECTS_T),
    family: None,
    read: unpack_objects,
    examples: examples![
        (TargetWrite, "git unpack-objects < x.pack"),
        (Read, "git unpack-objects -n < x.pack"),
    ],
};

fn unpack_objects(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if p.has("n") {
        return g.reads(r, "only checks a pack");
    }
    g.works(r, "writes objects");
}

/// index-pack reads its words by hand (not parse-options).
pub const INDEX_PACK: Sub = Sub {
    names: &["index-pack"],
    table: None,
    family: None,
    read: index_pack,
    examples: examples![
        (TargetWrite, "git index-pack x.pack"),
        (Read, "git index-pack --verify x.pack"),
        (
            Destructive,
            "git index-pack -o ../../repo.git/objects/pack/p.idx x.pack",
        ),
        (Opaque, "git index-pack --bogus x.pack"),
    ],
};

fn index_pack(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    let words = g.words.clone();
    let mut i = 0;
    let mut verify = false;
    let mut packs: Vec<Arg> = Vec::new();
    while i < words.len() {
        let Some(w) = words[i].text() else {
            r.note(
                Opaque,
                format!(
                    "{}: `{}` is only known when it runs",
                    g.shown, words[i].shown
                ),
            );
            return;
        };
        match w {
            "-o" => {
                if let Some(f) = words.get(i + 1) {
                    g.out(r, f, Change::Overwrite, Reach::Path);
                }
                i += 1;
            }
            "--verify" | "--verify-stat" | "--verify-stat-only" => verify = true,
            "-v"
            | "--stdin"
            | "--fix-thin"
            | "--keep"
            | "--rev-index"
            | "--no-rev-index"
            | "--strict"
            | "--fsck-objects"
            | "--check-self-contained-and-connected"
            | "--report-end-of-input"
            | "--show-resolving-progress"
            | "--promisor" => {}
            _ if [
                "--keep=",
                "--strict=",
                "--fsck-objects=",
                "--threads=",
                "--pack_header=",
                "--index-version=",
                "--max-input-size=",
                "--object-format=",
                "--promisor=",
                "--progress-title=",
            ]
            .iter()
            .any(|p| w.starts_with(p)) => {}
            "--progress-title" => i += 1,
            _ if w.starts_with('-') => {
                r.note(
                    Opaque,
                    format!(
                        "{}: index-pack's option `{w}` is not one wicket knows",
                        g.shown
                    ),
                );
                return;
            }
            _ => packs.push(words[i].clone()),
        }
        i += 1;
    }
    for pack in &packs {
        g.input(r, pack);
        if !verify {
            if let Some(t) = pack.text() {
                let idx = format!("{}.idx", t.strip_suffix(".pack").unwrap_or(t));
                g.out(r, &Arg::literal(&idx), Change::Overwrite, Reach::Path);
            }
        }
    }
    if verify {
        return g.reads(r, "verifies a pack");
    }
    g.works(r, "indexes a pack");
}

const PACK_OBJECTS_T: Table = Table {
    style: PARSE,
    parts: &[
        "q,quiet progress all-progress all-progress-implied !index-version= \
        !max-pack-size= local incremental window= !window-memory= depth= reuse-delta \
        reuse-object delta-base-offset threads= non-empty revs !unpacked !all !reflog \
        !indexed-objects stdin-packs stdout include-tag keep-unreachable pack-loose-unreachable \
        unpack-unreachable? cruft cruft-expiration? sparse thin shallow honor-pack-keep \
        keep-pack= compression= keep-true-parents use-bitmap-index write-bitmap-index \
        write-bitmap-index-quiet filter= !missing= exclude-promisor-objects delta-islands \
        uri-protocol= name-hash-version= path-walk",
    ],
};

pub const PACK_OBJECTS: Sub = Sub {
    names: &["pack-objects"],
    table: Some(&PACK_OBJECTS_T),
    family: None,
    read: pack_objects,
    examples: examples![
        (
            Read,
            "git rev-list --objects HEAD | git pack-objects --stdout | wc -c",
        ),
        (
            TargetWrite,
            "git rev-list --objects HEAD | git pack-objects out/pack",
        ),
        (
            Destructive,
            "git pack-objects ../../repo.git/objects/pack/pack < list",
        ),
    ],
};

fn pack_objects(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if on(p, "stdout") {
        return g.reads(r, "writes a pack to its output");
    }
    for base in p.operand_args() {
        g.out(r, &base, Change::Write, Reach::Path);
    }
    g.reads(r, "packs objects");
}

// ---- archive, format-patch, bundle ----

const ARCHIVE_T: Table = Table {
    style: PARSE,
    parts: &[
        "format= prefix= add-file= add-virtual-file= o,output= worktree-attributes \
        v,verbose !mtime= l,list remote= exec= 0 1 2 3 4 5 6 7 8 9",
    ],
};

pub const ARCHIVE: Sub = Sub {
    names: &["archive"],
    table: Some(&ARCHIVE_T),
    family: None,
    read: archive,
    examples: examples![
        (TargetWrite, "git archive -o artifacts/tracked.tar.gz HEAD"),
        (Read, "git archive HEAD | tar t"),
        (Read, "git archive --list"),
        (Destructive, "git archive -o ../../.wicket/trail.jsonl HEAD"),
        (
            Destructive,
            "git archive --output=../../repo.git/hooks/x HEAD",
        ),
        (
            OpenWorld,
            "git archive --remote=https://example.com/x.git HEAD",
        ),
        (
            Destructive,
            "git archive --remote=. --exec='rm -rf /etc' HEAD",
        ),
        (
            Secret,
            "git archive --add-file=../../../home/.ssh/id_rsa HEAD",
        ),
    ],
};

fn archive(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    inputs(r, g, p, &["add-file"]);
    if let Some(out) = p.last("output") {
        g.out(r, out, Change::Overwrite, Reach::Path);
    }
    if p.has("remote") {
        for exec in p.values("exec") {
            g.runs_text_with_args(r, exec, "the program");
        }
        return g.network(r, "reaches another repository for an archive");
    }
    g.reads(r, "makes an archive of a tree");
}

const FORMAT_PATCH_T: Table = Table {
    style: EXACT,
    parts: &[
        "n,numbered !N,no-numbered s,signoff stdout cover-letter numbered-files suffix= \
         start-number= v,reroll-count= filename-max-length= rfc? cover-from-description= \
         description-file= !subject-prefix= !o,output-directory= !k,keep-subject no-binary \
         zero-commit ignore-if-in-upstream !p,no-stat add-header= to= cc= from? in-reply-to= \
         attach? !inline? thread? signature= base= signature-file= q,quiet progress \
         interdiff= range-diff= creation-factor= force-in-body-from no-to no-cc",
        LOG_OWN,
        REVISION,
        DIFF,
    ],
};

pub const FORMAT_PATCH: Sub = Sub {
    names: &["format-patch"],
    table: Some(&FORMAT_PATCH_T),
    family: None,
    read: format_patch,
    examples: examples![
        (TargetWrite, "git format-patch -3"),
        (TargetWrite, "git format-patch -o patches origin/main"),
        (Read, "git format-patch --stdout HEAD~1"),
        (
            Destructive,
            "git format-patch -o ../../repo.git/hooks HEAD~1",
        ),
        (Destructive, "git format-patch -o{ws}/.wicket -1"),
        (OpenWorld, "git format-patch -o /tmp/p -1"),
        (
            Destructive,
            "git -c format.outputDirectory=../../.wicket format-patch -1",
        ),
        (Opaque, "git format-patch --output-dir=x -1"),
        (TargetWrite, "git format-patch -1 --suffix=.txt"),
        (
            Opaque,
            "git format-patch -1 --suffix=/../../../.wicket/trail.jsonl",
        ),
        (
            Opaque,
            "git -c format.suffix=/../../../repo.git/config format-patch -1",
        ),
    ],
};

fn format_patch(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    inputs(r, g, p, &["signature-file", "description-file"]);
    if let Some(f) = p.last("output") {
        g.out(r, f, Change::Overwrite, Reach::Path);
    }
    if on(p, "stdout") {
        return g.reads(r, "prints patches");
    }
    let dir = p
        .last("output-directory")
        .cloned()
        .or_else(|| g.settings.value_arg("format.outputdirectory"))
        .unwrap_or_else(|| Arg::literal("."));
    g.out(r, &dir, Change::Write, Reach::Path);
    // Each file is `<dir>/<NNNN-subject><suffix>`, glued as text: a suffix
    // with a `/` (`/../../../x`) walks out of the directory.
    let suffix = given(p, "suffix")
        .cloned()
        .or_else(|| g.settings.value_arg("format.suffix"));
    if let Some(suffix) = suffix {
        file_suffix(r, g, &suffix, "patch", false);
    }
    g.reads(r, "writes patch files from history");
}

/// A suffix git appends to a file name it makes in a directory (`git
/// format-patch --suffix`, `git bugreport -s`): one holding a `/` names
/// another directory, `/../` one anywhere, only as the file system
/// resolves it (through directories the agent may make), so it is held.
/// `strftime`: git expands it as a time format, whose `%D` or `%x` print
/// a `/`.
fn file_suffix(r: &mut Reader, g: &Git, suffix: &Arg, what: &str, strftime: bool) {
    let slash = match suffix.text() {
        Some(t) => {
            t.contains('/')
                || (strftime && {
                    // Conversions that never print a `/`.
                    let safe = "YmdHMSjyCeIklpuwUWVgGsaAbBhzntR%T";
                    let mut chars = t.chars();
                    let mut bad = false;
                    while let Some(c) = chars.next() {
                        if c == '%' {
                            match chars.next() {
                                Some(n) if safe.contains(n) => {}
                                _ => bad = true,
                            }
                        }
                    }
                    bad
                })
        }
        None => true,
    };
    if slash {
        r.note(
            Opaque,
            format!(
                "{} names each {what} file with the suffix `{}` glued on as text, and a `/` in it leads out of the output directory (`/../` to anywhere)",
                g.shown, suffix.shown
            ),
        );
    }
}

const BUNDLE_CREATE_T: Table = Table {
    style: EXACT,
    parts: &[
        "q,quiet progress all-progress all-progress-implied version=",
        REVISION,
    ],
};
const BUNDLE_QUIET_T: Table = Table {
    style: PARSE,
    parts: &["q,quiet"],
};
const BUNDLE_PROGRESS_T: Table = Table {
    style: PARSE,
    parts: &["progress"],
};

fn bundle_create(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    match p.operand_args().first() {
        Some(f) if f.text() == Some("-") => g.reads(r, "writes a bundle to its output"),
        Some(f) => {
            g.out(r, f, Change::Overwrite, Reach::Path);
            g.reads(r, "writes a bundle of history");
        }
        None => g.reads(r, "names no file: git prints its usage"),
    }
}

fn bundle_read(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if let Some(f) = p.operand_args().first() {
        g.input(r, f);
    }
    g.reads(r, "reads a bundle");
}

fn bundle_unbundle(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if let Some(f) = p.operand_args().first() {
        g.input(r, f);
    }
    g.works(r, "stores a bundle's objects (it writes no refs)");
}

pub const BUNDLE: Sub = Sub {
    names: &["bundle"],
    table: None,
    family: Some(&Family {
        parent: None,
        members: &[
            &Sub {
                names: &["create"],
                table: Some(&BUNDLE_CREATE_T),
                family: None,
                read: bundle_create,
                examples: examples![
                    (TargetWrite, "git bundle create repo.bundle --all"),
                    (Destructive, "git bundle create ../../.wicket/x HEAD"),
                ],
            },
            &Sub {
                names: &["verify"],
                table: Some(&BUNDLE_QUIET_T),
                family: None,
                read: bundle_read,
                examples: examples![(Read, "git bundle verify repo.bundle")],
            },
            &Sub {
                names: &["list-heads"],
                table: Some(&BUNDLE_QUIET_T),
                family: None,
                read: bundle_read,
                examples: examples![(Read, "git bundle list-heads repo.bundle")],
            },
            &Sub {
                names: &["unbundle"],
                table: Some(&BUNDLE_PROGRESS_T),
                family: None,
                read: bundle_unbundle,
                examples: examples![(TargetWrite, "git bundle unbundle repo.bundle")],
            },
        ],
        default: None,
        fallback: None,
    }),
    read: bundle_read,
    examples: examples![(Read, "git bundle")],
};

// ---- init ----

const INIT_T: Table = Table {
    style: PARSE,
    parts: &[
        "template= bare !shared? q,quiet separate-git-dir= b,initial-branch= \
        object-format= ref-format=",
    ],
};

pub const INIT: Sub = Sub {
    names: &["init", "init-db"],
    table: Some(&INIT_T),
    family: None,
    read: init,
    examples: examples![
        (TargetWrite, "git init sub"),
        (TargetWrite, "git init --bare fixtures/remote.git"),
        (
            TargetWrite,
            "git -c init.defaultBranch=master init --bare fixture.git",
        ),
        (
            TargetWrite,
            "git -c init.defaultBranch=master init --bare .",
        ),
        (Destructive, "git init"),
        (Destructive, "git init ."),
        (Destructive, "git init --template=/tmp/tpl"),
        (Destructive, "git init ../../repo.git"),
        (Destructive, "GIT_DIR=../../repo.git git init"),
        (OpenWorld, "git init /tmp/scratch"),
        (
            Destructive,
            "git init --separate-git-dir=../../repo.git/x sub",
        ),
        (
            Opaque,
            "git init --template=/tmp/tpl sub && git -C sub commit -m x",
        ),
        (OpenWorld, "git init sub && git -C sub commit -m x"),
        (
            OpenWorld,
            "mkdir -p /tmp/r && cd /tmp/r && git init && git add . && git commit -m x",
        ),
        (
            OpenWorld,
            "cd new && git init && touch a && git add a && git commit -m a",
        ),
    ],
};

fn init(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    let template = p
        .last("template")
        .cloned()
        .or_else(|| g.settings.value_arg("init.templatedir"));
    if let Some(t) = &template {
        g.input(r, t);
    }
    if let Some(d) = p.last("separate-git-dir") {
        g.out(r, d, Change::Write, Reach::Path);
        for place in r.places(d, &g.at) {
            if let Some(path) = place.path() {
                r.made_git_dir(path);
            }
        }
    }
    if g.git_dir_given {
        // GIT_DIR names the repository to (re)initialise.
        return match &g.repo {
            Where::Own => r.guard(
                Destructive,
                format!(
                    "{} reinitialises the workspace repository through the worktree's .git",
                    g.shown
                ),
            ),
            _ => g.works(r, "initialises or reinitialises a repository"),
        };
    }
    let dir = p
        .operand_args()
        .first()
        .cloned()
        .unwrap_or_else(|| Arg::literal("."));
    let root = r.ctx.writable_root.trim_end_matches('/').to_owned();
    // The git directory this makes may hold a config and hooks already,
    // which git keeps (an existing repository is told below only by its
    // shape: a bare one by its HEAD). Nested in the worktree, the harness's
    // own git may enter it.
    if p.last("separate-git-dir").is_none() {
        let nested = r.places(&dir, &g.at).iter().any(
            |place| matches!(place, Place::Inside(path) if path.trim_end_matches('/') != root),
        );
        let git_dir = if on(p, "bare") {
            dir.clone()
        } else {
            dir.with_suffix("/.git")
        };
        if let Some(why) = nested.then(|| super::planted(r, g, &git_dir)).flatten() {
            r.note(
                Opaque,
                format!(
                    "{} makes a repository whose git directory {} {why}: git keeps the config and hooks it finds there, which wicket cannot see",
                    g.shown, git_dir.shown
                ),
            );
        }
    }
    if on(p, "bare") {
        for place in r.places(&dir, &g.at) {
            if let Some(path) = place.path() {
                r.made_git_dir(path);
            }
        }
    }
    let Some(text) = dir.text() else {
        return g.out(r, &dir, Change::Write, Reach::Path);
    };
    let base = g.at.cwd.clone().unwrap_or_else(|| "/".into());
    let full = wicket_guest::paths::fold(&wicket_guest::paths::absolute(
        text,
        &base,
        &g.at.home(r.ctx),
    ));
    let resolved = if r.take_resolve() {
        r.ctx.resolve(&full).path
    } else {
        full.clone()
    };
    // Without --bare, a repository is DIR/.git; with it, DIR itself.
    let existing = if on(p, "bare") {
        super::looks_bare(r, &resolved)
    } else {
        super::kind(r, &format!("{resolved}/.git"))
            .is_none_or(|k| k != wicket_guest::PathKind::Missing)
    };
    if existing && resolved == root {
        r.guard(
            Destructive,
            format!(
                "{} reinitialises the repository the worktree's .git points to, which is the workspace repository (templates, hooks among them, are copied into it)",
                g.shown
            ),
        );
        return;
    }
    if existing && r.ctx.is_inside_root(&resolved) {
        r.note(
            Opaque,
            format!(
                "{} reinitialises the repository at {resolved}, which wicket cannot see into",
                g.shown
            ),
        );
        return;
    }
    if let Some(sep) = p.last("separate-git-dir") {
        if let Some(crate::read::Place::Inside(path)) = r.place(text, &g.at) {
            super::gitdir_apart(r, g, sep, &path);
        }
    }
    if let Some(t) = template
        .as_ref()
        .filter(|_| r.ctx.is_inside_root(&resolved))
    {
        // The template's files, its config among them, become the nested
        // repository's: the harness's own git enters it as a submodule
        // (`status`, `commit`) and runs what that config names
        // (core.fsmonitor).
        r.note(
            Opaque,
            format!(
                "{} makes a repository in the worktree with config and hooks copied from the template {}, which wicket cannot see: the harness's own git enters it and runs what that config names",
                g.shown, t.shown
            ),
        );
    }
    g.out(r, &dir, Change::Write, Reach::Path);
    // A new repository with git's own defaults: later git work in it (in
    // this command) is work in that repository, not an unknown one.
    let plain = template.is_none()
        && p.last("separate-git-dir").is_none()
        && !on(p, "bare")
        && g.settings.value_arg("core.hooksPath").is_none();
    if plain && !existing && r.protected_by(&resolved).is_none() {
        scope.made.insert(format!("{resolved}/.git"));
        let mut made = resolved.as_str();
        while made.len() > 1 && scope.made.insert(made.to_owned()) {
            made = made
                .rsplit_once('/')
                .map_or("/", |(d, _)| if d.is_empty() { "/" } else { d });
        }
    }
}

// ---- trailers, mail, scratch files ----

const TRAILERS_T: Table = Table {
    style: PARSE,
    parts: &[
        "in-place trim-empty where= if-exists= if-missing= only-trailers only-input unfold \
        !parse no-divider trailer=",
    ],
};

pub const TRAILERS: Sub = Sub {
    names: &["interpret-trailers"],
    table: Some(&TRAILERS_T),
    family: None,
    read: trailers,
    examples: examples![
        (
            Read,
            "git interpret-trailers --trailer 'Signed-off-by: a' msg.txt",
        ),
        (
            TargetWrite,
            "git interpret-trailers --in-place --trailer x msg.txt",
        ),
        (
            Destructive,
            "git interpret-trailers --in-place ../../repo.git/config",
        ),
    ],
};

fn trailers(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    let files = p.operand_args();
    for f in &files {
        g.input(r, f);
        if on(p, "in-place") {
            g.out(r, f, Change::Overwrite, Reach::Path);
        }
    }
    r.note(
        Read,
        format!("{} reads and rewrites commit messages", g.shown),
    );
}

const MAILINFO_T: Table = Table {
    style: PARSE,
    parts: &["k b m,message-id u n !encoding= scissors !quoted-cr= inbody-headers"],
};

pub const MAILINFO: Sub = Sub {
    names: &["mailinfo"],
    table: Some(&MAILINFO_T),
    family: None,
    read: mailinfo,
    examples: examples![(TargetWrite, "git mailinfo msg patch < mail")],
};

fn mailinfo(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for f in p.operand_args().iter().take(2) {
        g.out(r, f, Change::Overwrite, Reach::Path);
    }
    r.note(
        Read,
        format!("{} splits a mail into message and patch", g.shown),
    );
}

pub const MAILSPLIT: Sub = Sub {
    names: &["mailsplit"],
    table: None,
    family: None,
    read: mailsplit,
    examples: examples![
        (TargetWrite, "git mailsplit -omails mbox"),
        (Destructive, "git mailsplit -o../../.wicket mbox"),
    ],
};

fn mailsplit(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    let words = g.words.clone();
    let mut dir: Option<Arg> = None;
    let mut only_files = false;
    for w in &words {
        let Some(t) = w.text() else {
            r.note(
                Opaque,
                format!("{}: `{}` is only known when it runs", g.shown, w.shown),
            );
            return;
        };
        if only_files || !t.starts_with('-') || t == "-" {
            g.input(r, w);
            continue;
        }
        if t == "--" {
            only_files = true;
        } else if let Some(d) = t.strip_prefix("-o") {
            dir = Some(Arg::literal(d));
        } else if t == "-b"
            || t == "--keep-cr"
            || t == "--mboxrd"
            || t.starts_with("-d")
            || t.starts_with("-f")
        {
        } else {
            r.note(
                Opaque,
                format!(
                    "{}: mailsplit's option `{t}` is not one wicket knows",
                    g.shown
                ),
            );
            return;
        }
    }
    match dir {
        Some(d) => g.out(r, &d, Change::Write, Reach::Path),
        None => r.note(
            Read,
            format!("{} names no directory: git prints its usage", g.shown),
        ),
    }
}

pub const UNPACK_FILE: Sub = Sub {
    names: &["unpack-file"],
    table: Some(&NONE_T),
    family: None,
    read: unpack_file,
    examples: examples![(TargetWrite, "git unpack-file HEAD:README.md")],
};

const NONE_T: Table = Table {
    style: PARSE,
    parts: &[],
};

fn unpack_file(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.out(
        r,
        &Arg::literal(".merge_file_XXXXXX"),
        Change::Write,
        Reach::Path,
    );
    g.reads(r, "writes a blob to a temporary file in its directory");
}

pub const MERGE_INDEX: Sub = Sub {
    names: &["merge-index"],
    table: None,
    family: None,
    read: merge_index,
    examples: examples![(TargetWrite, "git merge-index git-merge-one-file -a")],
};

fn merge_index(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    let words = g.words.clone();
    let program = words
        .iter()
        .find(|w| !w.text().is_some_and(|t| t == "-o" || t == "-q"));
    match program {
        Some(p) if p.text() == Some("git-merge-one-file") => {}
        Some(p) => {
            let inv = Invocation {
                argv: vec![p.clone()],
                stdin: g.stdin,
                stdin_paths: None,
                stdin_text: None,
                extra_operands: true,
                lookup: Lookup::Shell,
            };
            let mut at = g.at.clone();
            r.read_invocation(&inv, &mut at);
        }
        None => {}
    }
    g.writes_files(r, "merges unmerged index entries into the worktree");
}

pub const MERGES: Sub = Sub {
    names: &[
        "merge-one-file",
        "merge-ours",
        "merge-recursive",
        "merge-recursive-ours",
        "merge-recursive-theirs",
        "merge-octopus",
        "merge-resolve",
        "merge-subtree",
    ],
    table: None,
    family: None,
    read: merges,
    examples: examples![(TargetWrite, "git merge-recursive HEAD~1 -- HEAD feature")],
};

fn merges(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.writes_files(r, "merges into the index and worktree (no ref moves)");
}

// ---- sparse-checkout ----

const SPARSE_INIT_T: Table = Table {
    style: PARSE,
    parts: &["cone sparse-index"],
};
const SPARSE_SET_T: Table = Table {
    style: PARSE,
    parts: &["cone sparse-index !skip-checks !stdin"],
};
const SPARSE_RULES_T: Table = Table {
    style: PARSE,
    parts: &["z cone rules-file="],
};

fn sparse_read(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    inputs(r, g, p, &["rules-file"]);
    g.reads(r, "shows sparse-checkout patterns");
}

fn sparse_write(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.writes_files(
        r,
        "changes which files the worktree holds (and records it in its config)",
    );
}

/// `init`, `set`, `add` and `disable` record the mode with
/// `core.sparseCheckout` in the worktree's config.worktree, and to have one
/// they first turn on `extensions.worktreeConfig` in repo.git/config
/// (moving `core.bare` into repo.git/config.worktree): writes to the
/// shared repository's configuration, every worktree's git reads it (seen
/// with git 2.47). `reapply` and the readers write no configuration.
fn sparse_mode(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    sparse_write(r, g, p, scope);
    r.guard(
        Destructive,
        format!(
            "{} writes extensions.worktreeConfig into repo.git/config (and core.bare into repo.git/config.worktree), which every agent and the harness read, and core.sparseCheckout into the worktree's config.worktree inside repo.git; git configuration is shared by every agent and the harness, so wicket refuses writes to it by design",
            g.shown
        ),
    );
}

pub const SPARSE_CHECKOUT: Sub = Sub {
    names: &["sparse-checkout"],
    table: None,
    family: Some(&Family {
        parent: None,
        members: &[
            &Sub {
                names: &["list", "check-rules"],
                table: Some(&SPARSE_RULES_T),
                family: None,
                read: sparse_read,
                examples: examples![(Read, "git sparse-checkout list")],
            },
            &Sub {
                names: &["init"],
                table: Some(&SPARSE_INIT_T),
                family: None,
                read: sparse_mode,
                examples: examples![(Destructive, "git sparse-checkout init --cone")],
            },
            &Sub {
                names: &["set", "add"],
                table: Some(&SPARSE_SET_T),
                family: None,
                read: sparse_mode,
                examples: examples![(Destructive, "git sparse-checkout set src docs")],
            },
            &Sub {
                names: &["disable"],
                table: Some(&SPARSE_INIT_T),
                family: None,
                read: sparse_mode,
                examples: examples![(Destructive, "git sparse-checkout disable")],
            },
            &Sub {
                names: &["reapply"],
                table: Some(&SPARSE_INIT_T),
                family: None,
                read: sparse_write,
                examples: examples![(TargetWrite, "git sparse-checkout reapply")],
            },
        ],
        default: None,
        fallback: None,
    }),
    read: sparse_read,
    examples: examples![],
};

// ---- bugreport, diagnose ----

const BUGREPORT_T: Table = Table {
    style: PARSE,
    parts: &["diagnose? o,output-directory= s,suffix= !mode="],
};

pub const BUGREPORT: Sub = Sub {
    names: &["bugreport", "diagnose"],
    table: Some(&BUGREPORT_T),
    family: None,
    read: bugreport,
    examples: examples![
        (TargetWrite, "git bugreport"),
        (Destructive, "git diagnose -o ../../.wicket"),
        (TargetWrite, "git bugreport -s mine"),
        (TargetWrite, "git diagnose --suffix=%Y-%m-%d"),
        (Opaque, "git bugreport -s /../../../repo.git/hooks/x"),
        (Opaque, "git diagnose -s /../../../.wicket/x"),
        (Opaque, "git diagnose -s %D"),
    ],
};

fn bugreport(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    let dir = p
        .last("output-directory")
        .cloned()
        .unwrap_or_else(|| Arg::literal("."));
    g.out(r, &dir, Change::Write, Reach::Path);
    // `<dir>/git-bugreport-<suffix>.txt` (`git-diagnostics-…zip`), the
    // suffix a time format glued on as text.
    if let Some(suffix) = given(p, "suffix") {
        file_suffix(r, g, suffix, "report", true);
    }
    g.reads(r, "collects facts about git and the repository into a file");
}

// ---- fast-export, fast-import, quiltimport, stripspace ----

const FAST_EXPORT_T: Table = Table {
    style: EXACT,
    parts: &[
        "progress= signed-tags= tag-of-filtered-object= reencode= export-marks= import-marks= \
         import-marks-if-exists= fake-missing-tagger full-tree use-done-feature no-data refspec= \
         anonymize !anonymize-map= reference-excluded-parents show-original-ids mark-tags \
         signed-commits=",
        REVISION,
        DIFF,
    ],
};

pub const FAST_EXPORT: Sub = Sub {
    names: &["fast-export"],
    table: Some(&FAST_EXPORT_T),
    family: None,
    read: fast_export,
    examples: examples![
        (Read, "git fast-export --all | wc -c"),
        (
            Destructive,
            "git fast-export --export-marks=../../repo.git/info/x HEAD",
        ),
    ],
};

fn fast_export(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    inputs(r, g, p, &["import-marks", "import-marks-if-exists"]);
    if let Some(f) = p.last("export-marks") {
        g.out(r, f, Change::Overwrite, Reach::Path);
    }
    g.reads(r, "exports history as a stream");
}

pub const FAST_IMPORT: Sub = Sub {
    names: &["fast-import"],
    table: None,
    family: None,
    read: fast_import,
    examples: examples![(Opaque, "git fast-import < stream")],
};

fn fast_import(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    r.note(
        Opaque,
        format!(
            "{} writes the refs and objects its input names, which wicket cannot read (any ref, config lineages included)",
            g.shown
        ),
    );
}

const QUILT_T: Table = Table {
    style: PARSE,
    parts: &["n,dry-run author= patches= series= keep-non-patch"],
};

pub const QUILTIMPORT: Sub = Sub {
    names: &["quiltimport"],
    table: Some(&QUILT_T),
    family: None,
    read: quiltimport,
    examples: examples![
        (TargetWrite, "git quiltimport --patches patches"),
        (Read, "git quiltimport -n"),
    ],
};

fn quiltimport(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    inputs(r, g, p, &["patches", "series"]);
    if on(p, "dry-run") {
        return g.reads(r, "only checks a quilt series");
    }
    g.moves_head(r, scope, "commits a quilt series on the checked-out branch");
}

const STRIPSPACE_T: Table = Table {
    style: PARSE,
    parts: &["!s,strip-comments !c,comment-lines"],
};

pub const STRIPSPACE: Sub = Sub {
    names: &["stripspace"],
    table: Some(&STRIPSPACE_T),
    family: None,
    read: stripspace,
    examples: examples![(Read, "git stripspace < msg")],
};

fn stripspace(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    r.note(Read, format!("{} tidies text on its input", g.shown));
}
