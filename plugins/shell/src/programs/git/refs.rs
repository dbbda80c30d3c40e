//! Which refs of the workspace repository are protected, and which ref a
//! name written on a command line lands on.
//!
//! Protected: the config lineages (`refs/heads/config/*`), litany's marks
//! (`refs/litany/*`), every other agent's branch (`refs/heads/agents/<id>`
//! but the agent's own — a child `<own>-<ts>-<hex>` is another agent), replace
//! refs (litany honours them when it reads its workflow), the main worktree's
//! and other worktrees' own refs (`main-worktree/…`, `worktrees/<other>/…`),
//! and every ref that shadows one of those when it is resolved by a short
//! name: git looks a name up as `<name>`, `refs/<name>`, `refs/tags/<name>`,
//! `refs/heads/<name>`, `refs/remotes/<name>`, `refs/remotes/<name>/HEAD`,
//! and litany resolves `agents/<id>`, `config/<name>` and even
//! `refs/litany/…` that way — so `refs/tags/config/…`, `refs/agents/…`,
//! `refs/heads/refs/…` and a name at the top of the repository
//! (`repo.git/agents/<id>`) are protected too.

use crate::read::Scope;

/// Ref prefixes (and the names themselves, without the slash) no agent may
/// write, with what each is.
const PROTECTED: &[(&str, &str)] = &[
    ("refs/heads/config/", "a config lineage"),
    ("refs/litany/", "one of litany's marks"),
    (
        "refs/replace/",
        "a replace ref, which litany honours when it reads its workflow",
    ),
    (
        "refs/config/",
        "a ref that shadows the config lineages by short name",
    ),
    (
        "refs/agents/",
        "a ref that shadows the agents' branches by short name",
    ),
    (
        "refs/refs/",
        "a ref that shadows litany's refs by short name",
    ),
    (
        "refs/tags/config/",
        "a tag that shadows the config lineages by short name",
    ),
    (
        "refs/tags/agents/",
        "a tag that shadows the agents' branches by short name",
    ),
    (
        "refs/tags/refs/",
        "a tag that shadows litany's refs by short name",
    ),
    (
        "refs/heads/refs/",
        "a branch that shadows litany's refs by short name",
    ),
    (
        "refs/remotes/config/",
        "a remote-tracking ref that shadows the config lineages",
    ),
    (
        "refs/remotes/agents/",
        "a remote-tracking ref that shadows the agents' branches",
    ),
    (
        "refs/remotes/refs/",
        "a remote-tracking ref that shadows litany's refs by short name",
    ),
];

const AGENTS: &str = "refs/heads/agents/";

/// What a full ref name is, when no agent may write it.
pub fn protected(full: &str, own: &str) -> Option<&'static str> {
    let full = full.trim_start_matches('+');
    if let Some(rest) = full.strip_prefix("main-worktree/") {
        let _ = rest;
        return Some("the workspace repository's own HEAD and refs");
    }
    if let Some(rest) = full.strip_prefix("worktrees/") {
        let (id, inner) = rest.split_once('/').unwrap_or((rest, ""));
        if id != own {
            return Some("another worktree's own ref");
        }
        return protected(inner, own);
    }
    if !full.starts_with("refs/") {
        return if is_pseudoref(full) {
            None
        } else {
            Some("a name at the top of the workspace repository, which shadows a ref of that short name")
        };
    }
    if let Some(id) = full.strip_prefix(AGENTS) {
        return (id != own).then_some("another agent's branch");
    }
    for (prefix, what) in PROTECTED {
        if full.starts_with(prefix) || full == prefix.trim_end_matches('/') {
            return Some(what);
        }
    }
    if full == "refs/heads/agents" {
        return Some("the agents' branch namespace");
    }
    None
}

/// `HEAD`, `ORIG_HEAD`, `FETCH_HEAD`, …: per-worktree names in capitals.
pub fn is_pseudoref(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b == b'_' || b.is_ascii_digit())
        && name.as_bytes()[0].is_ascii_uppercase()
}

/// The agent's own branch.
pub fn own_branch(own: &str) -> String {
    format!("{AGENTS}{own}")
}

/// What a ref pattern (`refs/heads/*`) can reach, when it can reach a
/// protected ref.
pub fn protected_pattern(pattern: &str, own: &str) -> Option<&'static str> {
    let pattern = pattern.trim_start_matches('+');
    let Some(star) = pattern.find('*') else {
        return protected(pattern, own);
    };
    let before = &pattern[..star];
    if !before.starts_with("refs/") && !"refs/".starts_with(before) {
        return Some("names at the top of the workspace repository");
    }
    let overlaps = |prefix: &str| prefix.starts_with(before) || before.starts_with(prefix);
    if overlaps(AGENTS) {
        return Some("other agents' branches");
    }
    PROTECTED
        .iter()
        .find(|(prefix, _)| overlaps(prefix))
        .map(|(_, what)| *what)
}

/// Whether a full name is protected only as a shadow (a name no agent may
/// create, so none exists to be matched).
pub fn is_shadow(full: &str) -> bool {
    [
        "refs/config/",
        "refs/agents/",
        "refs/refs/",
        "refs/tags/config/",
        "refs/tags/agents/",
        "refs/tags/refs/",
        "refs/heads/refs/",
        "refs/remotes/config/",
        "refs/remotes/agents/",
        "refs/remotes/refs/",
    ]
    .iter()
    .any(|p| full.starts_with(p))
}

/// The full names a short name written as a refspec's destination may land
/// on (`git push`/`fetch` qualify it against the refs there).
pub fn candidates(name: &str) -> Vec<String> {
    let name = name.trim_start_matches('+');
    if name.starts_with("refs/") {
        return vec![name.to_owned()];
    }
    vec![
        format!("refs/{name}"),
        format!("refs/tags/{name}"),
        format!("refs/heads/{name}"),
        format!("refs/remotes/{name}"),
        format!("refs/remotes/{name}/HEAD"),
    ]
}

/// A refspec as push and fetch read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refspec {
    pub force: bool,
    /// `^ref`: excludes, writes nothing.
    pub negative: bool,
    pub src: String,
    /// `None` without a colon; `Some("")` for `src:`.
    pub dst: Option<String>,
}

pub fn refspec(text: &str) -> Refspec {
    let (force, text) = match text.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let negative = text.starts_with('^');
    match text.split_once(':') {
        Some((src, dst)) => Refspec {
            force,
            negative,
            src: src.to_owned(),
            dst: Some(dst.to_owned()),
        },
        None => Refspec {
            force,
            negative,
            src: text.to_owned(),
            dst: None,
        },
    }
}

/// Where the checked-out branch is tracked within one command (a name no
/// shell variable can have).
const HEAD_VAR: &str = "git HEAD";

/// The branch this worktree's HEAD was attached to earlier in the command,
/// when a command here moved it (`Some("")`: detached).
pub fn head(scope: &Scope) -> Option<String> {
    match scope.vars.get(HEAD_VAR) {
        Some(Some(values)) => values.first().cloned(),
        _ => None,
    }
}

/// Record where HEAD is now: a branch's full name, or `None` for detached.
pub fn set_head(scope: &mut Scope, branch: Option<String>) {
    scope
        .vars
        .insert(HEAD_VAR.to_owned(), Some(vec![branch.unwrap_or_default()]));
}

/// Whether a branch name reaches the reflog for the branch checked out
/// before (`-`, `@{-1}`): the whole name, nothing after it (`@{-1}x` is
/// that branch's name with `x` appended, see [`rewritten`]).
pub fn is_previous(name: &str) -> bool {
    name == "-"
        || name
            .strip_prefix("@{-")
            .and_then(|rest| rest.strip_suffix('}'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Why git puts another branch's name in place of `name` before it
/// creates, moves, deletes, renames, checks out or attaches HEAD to it:
/// `@{upstream}`, `@{u}` and `@{push}` (any case, after a branch name or
/// not: `x@{u}`) become the upstream's (or push destination's) branch name
/// when that is a local branch (`branch.<b>.remote=.`, which `git branch
/// -u` or `-c` sets), and `@{-N}` followed by more text becomes the branch
/// checked out before with that text appended (`@{-1}fig/default` after
/// `con` is `config/default`). Either may be a protected branch.
pub fn rewritten(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    if ["@{u}", "@{upstream}", "@{push}"]
        .iter()
        .any(|mark| lower.contains(mark))
    {
        return Some(
            "git resolves it to the upstream's (or push destination's) branch, \
             which `branch.<name>.remote=.` makes a local branch such as a config lineage",
        );
    }
    if name.starts_with("@{-") && !is_previous(name) {
        return Some(
            "git puts the branch checked out before in place of `@{-N}` and appends the rest, \
             which can spell any branch, a config lineage among them",
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWN: &str = "20261129T181730Z-1c32bb5e";

    #[test]
    fn protected_refs_by_any_spelling() {
        for name in [
            "refs/heads/config/default",
            "refs/heads/config",
            "+refs/heads/config/x",
            "refs/litany/held/a",
            "refs/heads/agents/other",
            "refs/heads/agents/20261129T181730Z-1c32bb5e-20261130T000000Z-ab",
            "refs/replace/abc",
            "refs/tags/config/default",
            "refs/tags/agents/20261129T181730Z-1c32bb5e",
            "refs/agents/x",
            "refs/config/default",
            "refs/heads/refs/litany/workflow/x",
            "refs/remotes/config/default",
            "agents/x",
            "config/default",
            "main-worktree/HEAD",
            "worktrees/other/HEAD",
        ] {
            assert!(protected(name, OWN).is_some(), "{name}");
        }
        for name in [
            "refs/heads/main",
            "refs/heads/feature/x",
            "refs/tags/v1",
            "refs/heads/agents/20261129T181730Z-1c32bb5e",
            "refs/remotes/origin/main",
            "refs/notes/commits",
            "refs/stash",
            "HEAD",
            "ORIG_HEAD",
            "worktrees/20261129T181730Z-1c32bb5e/HEAD",
        ] {
            assert!(protected(name, OWN).is_none(), "{name}");
        }
    }

    #[test]
    fn patterns_and_short_names() {
        for p in [
            "refs/heads/*",
            "refs/*",
            "*",
            "refs/heads/agents/*",
            "refs/tags/*",
            "r*",
        ] {
            assert!(protected_pattern(p, OWN).is_some(), "{p}");
        }
        for p in [
            "refs/heads/feature/*",
            "refs/remotes/origin/*",
            "refs/notes/*",
        ] {
            assert!(protected_pattern(p, OWN).is_none(), "{p}");
        }
        assert!(is_shadow("refs/tags/config/x"));
        assert!(!is_shadow("refs/heads/config/x"));
        assert!(candidates("litany/held/x").contains(&"refs/litany/held/x".to_owned()));
    }

    #[test]
    fn names_git_rewrites() {
        for name in ["-", "@{-1}", "@{-12}"] {
            assert!(is_previous(name), "{name}");
            assert!(rewritten(name).is_none(), "{name}");
        }
        for name in [
            "@{u}",
            "@{U}",
            "@{upstream}",
            "@{UpStream}",
            "@{push}",
            "x@{u}",
            "@{-1}@{u}",
            "@{-1}fig/default",
        ] {
            assert!(!is_previous(name), "{name}");
            assert!(rewritten(name).is_some(), "{name}");
        }
        for name in ["main", "main@{1}", "@{yesterday}", "feature/x"] {
            assert!(rewritten(name).is_none(), "{name}");
        }
    }

    #[test]
    fn refspecs() {
        let r = refspec("+HEAD:heads/config/default");
        assert!(r.force);
        assert_eq!(r.src, "HEAD");
        assert_eq!(r.dst.as_deref(), Some("heads/config/default"));
        assert_eq!(refspec(":x").src, "");
        assert_eq!(refspec("main").dst, None);
        assert!(refspec("^refs/heads/x").negative);
    }
}
