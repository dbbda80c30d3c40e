//! Subcommands that maintain the repository itself: gc, repack, prune,
//! pack-refs, commit-graph, multi-pack-index, maintenance, refs, worktrees,
//! hooks, and what git runs on the shared repository's behalf.
//!
//! The object store, `packed-refs` and the worktree records of `repo.git`
//! are shared by every agent and the harness. Maintenance of them (gc,
//! repack, prune, pack-refs, reflog expiry, commit-graph and multi-pack-index
//! writes, `git maintenance`) rewrites `packed-refs` (which holds the config
//! lineages and litany's marks), drops unreachable objects other agents may
//! still want, writes the protected `objects/info/`, and schedules jobs: it
//! is destructive, with a reason that says git runs its own automatic
//! maintenance. Their dry runs and verifications read.
//!
//! `git worktree` names a worktree by its path or by the end of its path
//! (`git worktree remove <id>` finds `agents/<id>`), so an argument that is
//! not plainly a directory inside the agent's own worktree may be another
//! agent's: destructive. `prune` deletes the records of any worktree whose
//! directory is gone, other agents' among them.

use wicket_guest::Effect::*;

use super::opts::{Table, PARSE, PARSE_STOP};
use super::{on, refs, Family, Git, Sub};
use crate::argv::Parsed;
use crate::read::{Arg, Change, Place, Reach, Reader, Scope};

pub const SUBS: &[&Sub] = &[
    &GC,
    &REPACK,
    &PRUNE,
    &PRUNE_PACKED,
    &PACK_REFS,
    &COMMIT_GRAPH,
    &MULTI_PACK_INDEX,
    &MAINTENANCE,
    &REFS,
    &WORKTREE,
    &UPDATE_SERVER_INFO,
    &FILTER_BRANCH,
    &HOOK,
];

const OPERATOR: &str = "maintenance of the object store and refs every agent shares is the operator's; git runs its own automatic maintenance";

fn maintains(r: &mut Reader, g: &Git, what: &str) {
    r.guard(Destructive, format!("{} {what}; {OPERATOR}", g.shown));
}

const GC_T: Table = Table {
    style: PARSE,
    parts: &[
        "q,quiet prune? cruft !max-cruft-size= aggressive auto detach force keep-largest-pack",
    ],
};

pub const GC: Sub = Sub {
    names: &["gc"],
    table: Some(&GC_T),
    family: None,
    read: gc,
    examples: examples![
        (Destructive, "git gc"),
        (Destructive, "git gc --prune=now"),
        (Destructive, "git gc --auto"),
        (Destructive, "git gc --aggressive"),
    ],
};

fn gc(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    maintains(
        r,
        g,
        "repacks repo.git, rewrites its packed-refs (config lineages and litany's marks live there), expires reflogs and prunes unreachable objects",
    );
}

const REPACK_T: Table = Table {
    style: PARSE,
    parts: &[
        "a A cruft cruft-expiration= !max-cruft-size= d f F n q,quiet l,local \
        b,write-bitmap-index i,delta-islands unpack-unreachable= k,keep-unreachable window= \
        window-memory= depth= threads= !max-pack-size= filter= pack-kept-objects keep-pack= \
        g,geometric= m,write-midx expire-to= filter-to= combine-cruft-below-size= \
        name-hash-version= path-walk",
    ],
};

pub const REPACK: Sub = Sub {
    names: &["repack"],
    table: Some(&REPACK_T),
    family: None,
    read: repack,
    examples: examples![
        (Destructive, "git repack -a -d"),
        (Destructive, "git repack"),
    ],
};

fn repack(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    maintains(
        r,
        g,
        "rewrites repo.git's packs, dropping what is unreachable",
    );
}

const PRUNE_T: Table = Table {
    style: PARSE,
    parts: &["n,dry-run v,verbose progress expire= exclude-promisor-objects"],
};

pub const PRUNE: Sub = Sub {
    names: &["prune"],
    table: Some(&PRUNE_T),
    family: None,
    read: prune,
    examples: examples![(Destructive, "git prune"), (Read, "git prune -n")],
};

fn prune(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if on(p, "dry-run") {
        return g.reads(r, "only lists unreachable objects");
    }
    maintains(
        r,
        g,
        "deletes unreachable objects other agents may still want",
    );
}

const PRUNE_PACKED_T: Table = Table {
    style: PARSE,
    parts: &["n,dry-run q,quiet"],
};

pub const PRUNE_PACKED: Sub = Sub {
    names: &["prune-packed"],
    table: Some(&PRUNE_PACKED_T),
    family: None,
    read: prune_packed,
    examples: examples![
        (Destructive, "git prune-packed"),
        (Read, "git prune-packed -n"),
    ],
};

fn prune_packed(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if on(p, "dry-run") {
        return g.reads(r, "only lists loose objects that packs hold");
    }
    maintains(r, g, "deletes loose objects from repo.git's object store");
}

const PACK_REFS_T: Table = Table {
    style: PARSE,
    parts: &["all prune auto include= exclude="],
};

pub const PACK_REFS: Sub = Sub {
    names: &["pack-refs"],
    table: Some(&PACK_REFS_T),
    family: None,
    read: pack_refs,
    examples: examples![(Destructive, "git pack-refs --all")],
};

fn pack_refs(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    maintains(
        r,
        g,
        "rewrites repo.git/packed-refs, which holds the config lineages and litany's marks",
    );
}

const OBJECT_DIR: Table = Table {
    style: PARSE_STOP,
    parts: &["object-dir="],
};
const CG_WRITE_T: Table = Table {
    style: PARSE,
    parts: &[
        "object-dir= reachable stdin-packs stdin-commits append changed-paths !split? \
        max-commits= size-multiple= expire-time= max-new-filters= progress",
    ],
};
const CG_VERIFY_T: Table = Table {
    style: PARSE,
    parts: &["object-dir= shallow progress"],
};
const MIDX_WRITE_T: Table = Table {
    style: PARSE,
    parts: &["object-dir= preferred-pack= bitmap progress incremental stdin-packs refs-snapshot="],
};
const MIDX_VERIFY_T: Table = Table {
    style: PARSE,
    parts: &["object-dir= progress"],
};
const MIDX_REPACK_T: Table = Table {
    style: PARSE,
    parts: &["object-dir= !batch-size= progress"],
};

fn verifies(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.reads(r, "verifies the object store");
}

fn writes_graph(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    maintains(r, g, "writes repo.git/objects/info/, which is protected");
}

fn writes_midx(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    maintains(r, g, "rewrites repo.git's pack index or packs");
}

pub const COMMIT_GRAPH: Sub = Sub {
    names: &["commit-graph"],
    table: None,
    family: Some(&Family {
        parent: Some(&OBJECT_DIR),
        members: &[
            &Sub {
                names: &["write"],
                table: Some(&CG_WRITE_T),
                family: None,
                read: writes_graph,
                examples: examples![(Destructive, "git commit-graph write --reachable")],
            },
            &Sub {
                names: &["verify"],
                table: Some(&CG_VERIFY_T),
                family: None,
                read: verifies,
                examples: examples![(Read, "git commit-graph verify")],
            },
        ],
        default: None,
        fallback: None,
    }),
    read: verifies,
    examples: examples![],
};

pub const MULTI_PACK_INDEX: Sub = Sub {
    names: &["multi-pack-index"],
    table: None,
    family: Some(&Family {
        parent: Some(&OBJECT_DIR),
        members: &[
            &Sub {
                names: &["write"],
                table: Some(&MIDX_WRITE_T),
                family: None,
                read: writes_midx,
                examples: examples![(Destructive, "git multi-pack-index write")],
            },
            &Sub {
                names: &["verify"],
                table: Some(&MIDX_VERIFY_T),
                family: None,
                read: verifies,
                examples: examples![(Read, "git multi-pack-index verify")],
            },
            &Sub {
                names: &["expire"],
                table: Some(&MIDX_VERIFY_T),
                family: None,
                read: writes_midx,
                examples: examples![(Destructive, "git multi-pack-index expire")],
            },
            &Sub {
                names: &["repack"],
                table: Some(&MIDX_REPACK_T),
                family: None,
                read: writes_midx,
                examples: examples![(Destructive, "git multi-pack-index repack")],
            },
        ],
        default: None,
        fallback: None,
    }),
    read: verifies,
    examples: examples![],
};

const MAINT_RUN_T: Table = Table {
    style: PARSE,
    parts: &["auto detach schedule= quiet !task="],
};
const MAINT_START_T: Table = Table {
    style: PARSE,
    parts: &["!scheduler="],
};
const MAINT_REGISTER_T: Table = Table {
    style: PARSE,
    parts: &["config-file= f,force"],
};
const NONE_T: Table = Table {
    style: PARSE,
    parts: &[],
};

fn maintenance_any(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    maintains(
        r,
        g,
        "runs or schedules maintenance of repo.git (and changes the user's git config and scheduler)",
    );
}

pub const MAINTENANCE: Sub = Sub {
    names: &["maintenance"],
    table: None,
    family: Some(&Family {
        parent: None,
        members: &[
            &Sub {
                names: &["run"],
                table: Some(&MAINT_RUN_T),
                family: None,
                read: maintenance_any,
                examples: examples![(Destructive, "git maintenance run --task=gc")],
            },
            &Sub {
                names: &["start"],
                table: Some(&MAINT_START_T),
                family: None,
                read: maintenance_any,
                examples: examples![(Destructive, "git maintenance start")],
            },
            &Sub {
                names: &["register", "unregister"],
                table: Some(&MAINT_REGISTER_T),
                family: None,
                read: maintenance_any,
                examples: examples![(Destructive, "git maintenance register")],
            },
            &Sub {
                names: &["stop"],
                table: Some(&NONE_T),
                family: None,
                read: maintenance_any,
                examples: examples![(Destructive, "git maintenance stop")],
            },
        ],
        default: None,
        fallback: None,
    }),
    read: maintenance_any,
    examples: examples![],
};

const REFS_MIGRATE_T: Table = Table {
    style: PARSE,
    parts: &["!ref-format= dry-run"],
};
const REFS_VERIFY_T: Table = Table {
    style: PARSE,
    parts: &["verbose strict"],
};

fn refs_migrate(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    maintains(
        r,
        g,
        "migrates repo.git's ref storage, every agent's refs and litany's marks with it",
    );
}

pub const REFS: Sub = Sub {
    names: &["refs"],
    table: None,
    family: Some(&Family {
        parent: None,
        members: &[
            &Sub {
                names: &["migrate"],
                table: Some(&REFS_MIGRATE_T),
                family: None,
                read: refs_migrate,
                examples: examples![(Destructive, "git refs migrate --ref-format=reftable")],
            },
            &Sub {
                names: &["verify"],
                table: Some(&REFS_VERIFY_T),
                family: None,
                read: verifies,
                examples: examples![(Read, "git refs verify")],
            },
        ],
        default: None,
        fallback: None,
    }),
    read: verifies,
    examples: examples![],
};

// ---- worktree ----

const WT_ADD_T: Table = Table {
    style: PARSE,
    parts: &["f,force b= B= orphan d,detach checkout lock reason= q,quiet track guess-remote"],
};
const WT_LIST_T: Table = Table {
    style: PARSE,
    parts: &["porcelain v,verbose expire= z"],
};
const WT_LOCK_T: Table = Table {
    style: PARSE,
    parts: &["reason="],
};
const WT_FORCE_T: Table = Table {
    style: PARSE,
    parts: &["f,force"],
};
const WT_PRUNE_T: Table = Table {
    style: PARSE,
    parts: &["n,dry-run v,verbose expire="],
};

/// Whether a word names one of the agent's own worktrees by git's rules: a
/// path strictly inside the writable root whose last part is no agent's id
/// and no harness worktree's name (git matches the end of a worktree's path
/// before it matches the path itself).
fn own_worktree(r: &mut Reader, g: &Git, arg: &Arg) -> Result<(), String> {
    let Some(text) = arg.text() else {
        return Err(format!("`{}`, only known when it runs", arg.shown));
    };
    let last = text
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(text);
    // git looks the argument up as the end of every worktree's path before
    // it reads it as a path, comparing case-insensitively when
    // core.ignorecase is on (`git -c core.ignorecase=true worktree remove
    // 20261129t190000z-…` removed that agent's worktree; verified under
    // dash). Only `/`, `./` and `../` at the front keep it from matching one.
    let bare = !(text.starts_with('/')
        || text.starts_with("./")
        || text.starts_with("../")
        || matches!(text, "." | ".."));
    if names_worktree_by_suffix(r, g, text, last, bare) {
        return Err(format!(
            "`{text}`, which git finds as the end of another agent's or the harness's worktree \
             path (write a worktree of your own as ./{text} or by its absolute path)"
        ));
    }
    let root = r.ctx.writable_root.trim_end_matches('/').to_owned();
    match r.places(arg, &g.at).into_iter().next() {
        Some(Place::Inside(path)) if path == root => {
            Err(format!("`{text}`, the agent's own worktree"))
        }
        // A worktree it made elsewhere (`/tmp/x`): what happens there is
        // placed like any other path.
        Some(Place::Inside(_)) | Some(Place::Outside { .. }) => Ok(()),
        Some(Place::Protected { path, .. }) => Err(format!("`{text}`, which is {path}")),
        _ => Err(format!("`{text}`, which wicket cannot place")),
    }
}

/// Whether a worktree argument may name a worktree that is not one the
/// agent made: its last part an agent's id in any case or one of litany's
/// own worktrees; and, for a `bare` argument (which git matches against the
/// end of every worktree's path), anything naming `agents` or a directory
/// that is there in the workspace's `agents/`.
fn names_worktree_by_suffix(r: &Reader, g: &Git, text: &str, last: &str, bare: bool) -> bool {
    let lower = last.to_ascii_lowercase();
    let agent_like = lower.len() > 17
        && lower.as_bytes()[8] == b't'
        && lower[..8].bytes().all(|b| b.is_ascii_digit());
    if agent_like || lower.starts_with("litany-") || lower == ".config-author" || last == g.own {
        return true;
    }
    if !bare {
        return false;
    }
    if lower == g.own.to_ascii_lowercase()
        || text.split('/').any(|c| c.eq_ignore_ascii_case("agents"))
    {
        return true;
    }
    let root = r.ctx.writable_root.trim_end_matches('/');
    let Some((agents, _)) = root.rsplit_once('/') else {
        return true;
    };
    if !r.take_resolve() {
        return true;
    }
    [last.to_owned(), lower, last.to_ascii_uppercase()]
        .iter()
        .any(|name| {
            r.ctx.resolve(&format!("{agents}/{name}")).kind != wicket_guest::PathKind::Missing
        })
}

fn wt_names(r: &mut Reader, g: &mut Git, p: &Parsed, what: &str) -> bool {
    let Some(first) = p.operand_args().first().cloned() else {
        g.reads(r, "names no worktree: git prints its usage");
        return false;
    };
    match own_worktree(r, g, &first) {
        Ok(()) => true,
        Err(why) => {
            r.guard(
                Destructive,
                format!(
                    "{} {what} {why}: another worktree's records in repo.git/worktrees are protected",
                    g.shown
                ),
            );
            false
        }
    }
}

fn wt_add(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    let operands = p.operand_args();
    let Some(path) = operands.first() else {
        return g.reads(r, "names no path: git prints its usage");
    };
    g.out(r, path, Change::Write, Reach::Tree);
    let new_name = p.last("b").or_else(|| p.last("B")).cloned();
    // A name git rewrites first (`-B @{u}`, or a commit-ish `x@{push}` it
    // checks out attached): the branch is only known when it runs.
    let branch_word = match (&new_name, operands.get(1)) {
        (Some(name), _) => Some(name),
        (None, Some(branch)) if !on(p, "detach") => Some(branch),
        _ => None,
    };
    if let Some((word, why)) =
        branch_word.and_then(|w| w.text().and_then(refs::rewritten).map(|why| (w, why)))
    {
        r.note(
            Opaque,
            format!(
                "{} creates or checks out the branch `{}` in a new worktree: {why}, so the branch is only known when it runs",
                g.shown, word.shown
            ),
        );
        return g.works(r, "adds a worktree of its own");
    }
    match (&new_name, operands.get(1)) {
        (Some(name), _) => match name.text() {
            Some(t) => g.writes_ref(r, &format!("refs/heads/{t}"), "creates the branch"),
            None => r.note(
                Opaque,
                format!("{} creates a branch only known when it runs", g.shown),
            ),
        },
        (None, _) if on(p, "detach") => {}
        (None, Some(branch)) => match branch.text() {
            Some(t) if !t.starts_with("refs/") => {
                if let Some(label) = refs::protected(&format!("refs/heads/{t}"), &g.own) {
                    r.guard(
                        Destructive,
                        format!(
                            "{} checks out {t} ({label}) in a new worktree, where a commit would move it",
                            g.shown
                        ),
                    );
                }
            }
            Some(_) => {}
            None => r.note(
                Opaque,
                format!("{} checks out a branch only known when it runs", g.shown),
            ),
        },
        (None, None) => {
            // The new branch is named after the path's last part.
            if let Some(t) = path.text() {
                let base = t.trim_end_matches('/').rsplit('/').next().unwrap_or(t);
                g.writes_ref(r, &format!("refs/heads/{base}"), "creates the branch");
            }
        }
    }
    g.works(r, "adds a worktree of its own");
}

fn wt_list(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    g.reads(r, "lists worktrees");
}

fn wt_lock(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if wt_names(r, g, p, "locks or unlocks") {
        g.works(r, "locks or unlocks one of its own worktrees");
    }
}

fn wt_remove(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if wt_names(r, g, p, "removes") {
        if let Some(path) = p.operand_args().first() {
            g.out(r, path, Change::Delete, Reach::Tree);
        }
        g.works(r, "removes one of its own worktrees");
    }
}

fn wt_move(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if wt_names(r, g, p, "moves") {
        if let Some(dest) = p.operand_args().get(1) {
            g.out(r, dest, Change::Write, Reach::Tree);
        }
        g.works(r, "moves one of its own worktrees");
    }
}

fn wt_prune(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    if on(p, "dry-run") {
        return g.reads(r, "only lists stale worktree records");
    }
    r.guard(
        Destructive,
        format!(
            "{} deletes the records (repo.git/worktrees/*) of every worktree whose directory is gone, other agents' and the harness's among them",
            g.shown
        ),
    );
}

fn wt_repair(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    r.guard(
        Destructive,
        format!(
            "{} rewrites the .git files and repo.git/worktrees records that tie worktrees to the workspace repository",
            g.shown
        ),
    );
}

pub const WORKTREE: Sub = Sub {
    names: &["worktree"],
    table: None,
    family: Some(&Family {
        parent: None,
        members: &[
            &Sub {
                names: &["add"],
                table: Some(&WT_ADD_T),
                family: None,
                read: wt_add,
                examples: examples![
                    (Destructive, "git worktree add ../wt2 -b fix"),
                    (OpenWorld, "git worktree add ../../wt2 -b fix"),
                    (TargetWrite, "git worktree add trees/fix -b fix"),
                    (
                        TargetWrite,
                        "git worktree add --detach trees/x config/default",
                    ),
                    (Destructive, "git worktree add trees/x config/default"),
                    (Destructive, "git worktree add -b config/x trees/x"),
                    (Destructive, "git worktree add {ws}/agents/x"),
                    (Destructive, "git worktree add trees/config"),
                    (Opaque, "git worktree add -B @{u} trees/x"),
                    (Opaque, "git worktree add trees/x main@{push}"),
                    (TargetWrite, "git worktree add --detach trees/x @{u}"),
                    (TargetWrite, "git worktree add -b fix trees/x @{u}"),
                ],
            },
            &Sub {
                names: &["list"],
                table: Some(&WT_LIST_T),
                family: None,
                read: wt_list,
                examples: examples![
                    (Read, "git worktree list"),
                    (Read, "git worktree list --porcelain"),
                ],
            },
            &Sub {
                names: &["lock", "unlock"],
                table: Some(&WT_LOCK_T),
                family: None,
                read: wt_lock,
                examples: examples![
                    (TargetWrite, "git worktree lock trees/fix"),
                    (Destructive, "git worktree lock 20261129T190000Z-0badc0de"),
                    (
                        Destructive,
                        "git worktree unlock agents/20261129T190000Z-0badc0de",
                    ),
                ],
            },
            &Sub {
                names: &["remove"],
                table: Some(&WT_FORCE_T),
                family: None,
                read: wt_remove,
                examples: examples![
                    (TargetWrite, "git worktree remove trees/fix"),
                    (OpenWorld, "git worktree remove /tmp/hotfix"),
                    (
                        Destructive,
                        "git worktree remove /tmp/litany-compaction-base-x-1",
                    ),
                    (
                        Destructive,
                        "git worktree remove --force 20261129T190000Z-0badc0de",
                    ),
                    (Destructive, "git worktree remove {other}"),
                    (Destructive, "git worktree remove ."),
                    (Destructive, "git worktree remove .config-author"),
                ],
            },
            &Sub {
                names: &["move"],
                table: Some(&WT_FORCE_T),
                family: None,
                read: wt_move,
                examples: examples![
                    (TargetWrite, "git worktree move trees/a trees/b"),
                    (
                        Destructive,
                        "git worktree move 20261129T190000Z-0badc0de here",
                    ),
                ],
            },
            &Sub {
                names: &["prune"],
                table: Some(&WT_PRUNE_T),
                family: None,
                read: wt_prune,
                examples: examples![
                    (Destructive, "git worktree prune"),
                    (Read, "git worktree prune -n"),
                ],
            },
            &Sub {
                names: &["repair"],
                table: Some(&NONE_T),
                family: None,
                read: wt_repair,
                examples: examples![(Destructive, "git worktree repair")],
            },
        ],
        default: None,
        fallback: None,
    }),
    read: wt_list,
    examples: examples![],
};

// ---- update-server-info, filter-branch, hook ----

const USI_T: Table = Table {
    style: PARSE,
    parts: &["f,force"],
};

pub const UPDATE_SERVER_INFO: Sub = Sub {
    names: &["update-server-info"],
    table: Some(&USI_T),
    family: None,
    read: update_server_info,
    examples: examples![(Destructive, "git update-server-info")],
};

fn update_server_info(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    maintains(
        r,
        g,
        "writes repo.git/info/refs and objects/info/packs, which are protected",
    );
}

pub const FILTER_BRANCH: Sub = Sub {
    names: &["filter-branch", "filter-repo"],
    table: None,
    family: None,
    read: filter_branch,
    examples: examples![(Destructive, "git filter-branch --tree-filter true HEAD")],
};

fn filter_branch(r: &mut Reader, g: &mut Git, _p: &Parsed, _scope: &mut Scope) {
    r.guard(
        Destructive,
        format!(
            "{} rewrites history of the refs it is given, irreversibly",
            g.shown
        ),
    );
}

const HOOK_RUN_T: Table = Table {
    style: PARSE,
    parts: &["ignore-missing to-stdin="],
};

fn hook_run(r: &mut Reader, g: &mut Git, p: &Parsed, _scope: &mut Scope) {
    for f in p.values("to-stdin") {
        g.input(r, f);
    }
    g.network(r, "runs one of the repository's hooks");
}

pub const HOOK: Sub = Sub {
    names: &["hook"],
    table: None,
    family: Some(&Family {
        parent: None,
        members: &[&Sub {
            names: &["run"],
            table: Some(&HOOK_RUN_T),
            family: None,
            read: hook_run,
            examples: examples![(OpenWorld, "git hook run pre-commit")],
        }],
        default: None,
        fallback: None,
    }),
    read: hook_run,
    examples: examples![],
};
