//! The shape of history: whether one commit is an ancestor of another, and
//! the best common ancestors of two (git's `merge-base --all`).
//!
//! Walks follow the parents the commits themselves list (no grafts, no
//! replace refs, no commit-graph file) and use no commit dates, so clock
//! skew cannot mislead them; each walk reads at most
//! [`MAX_WALK`](crate::limits::MAX_WALK) commits and is an `Err` past it.

use std::collections::{HashMap, HashSet};

use crate::limits::MAX_WALK;
use crate::{Error, Oid, Repo};

/// Commits read during one walk, with their parents.
struct Walk<'r> {
    repo: &'r Repo,
    parents: HashMap<Oid, Vec<Oid>>,
}

impl<'r> Walk<'r> {
    fn new(repo: &'r Repo) -> Walk<'r> {
        Walk {
            repo,
            parents: HashMap::new(),
        }
    }

    /// The parents of `oid`, which `child` names as a parent (`None`: a
    /// commit the caller asked about).
    fn parents(&mut self, oid: Oid, child: Option<Oid>) -> Result<Vec<Oid>, Error> {
        if let Some(parents) = self.parents.get(&oid) {
            return Ok(parents.clone());
        }
        if self.parents.len() >= MAX_WALK {
            return Err(self
                .repo
                .too_large("a history walk", format!("{MAX_WALK} commits")));
        }
        let role = || match child {
            Some(child) => format!("a parent of the commit {child}"),
            None => "a commit asked about".to_owned(),
        };
        let parents = self.repo.commit_as(oid, &role)?.parents;
        self.parents.insert(oid, parents.clone());
        Ok(parents)
    }

    /// Visit `start` and its ancestors, depth first; `stop` is told each
    /// commit and says whether to go on past it. Returns every commit
    /// visited.
    fn visit(
        &mut self,
        start: &[Oid],
        mut stop: impl FnMut(Oid) -> bool,
    ) -> Result<HashSet<Oid>, Error> {
        let mut seen: HashSet<Oid> = HashSet::new();
        let mut stack: Vec<(Oid, Option<Oid>)> = start.iter().map(|oid| (*oid, None)).collect();
        while let Some((oid, child)) = stack.pop() {
            if !seen.insert(oid) {
                continue;
            }
            let parents = self.parents(oid, child)?;
            if !stop(oid) {
                stack.extend(
                    parents
                        .into_iter()
                        .filter(|p| !seen.contains(p))
                        .map(|p| (p, Some(oid))),
                );
            }
        }
        Ok(seen)
    }
}

impl Repo {
    /// Whether the commit `a` is `b` or one of its ancestors. Both must be
    /// commits; a missing parent on the way is an `Err`.
    pub fn is_ancestor(&self, a: Oid, b: Oid) -> Result<bool, Error> {
        let mut walk = Walk::new(self);
        walk.parents(a, None)?;
        let mut found = false;
        walk.visit(&[b], |oid| {
            found |= oid == a;
            found
        })?;
        Ok(found)
    }

    /// The best common ancestors of the commits `a` and `b`: every common
    /// ancestor that is not an ancestor of another one, sorted; what
    /// `git merge-base --all a b` prints. Empty when they share no history.
    /// It reads all of `a`'s history and of `b`'s only down to what they
    /// share: pass the shorter history (a config lineage's tip) as `a`.
    pub fn merge_bases(&self, a: Oid, b: Oid) -> Result<Vec<Oid>, Error> {
        let mut walk = Walk::new(self);
        let from_a = walk.visit(&[a], |_| false)?;
        // Walk from b, stopping at each commit a also reaches: those are the
        // common ancestors nearest b. Every best one is among them, since no
        // common ancestor stands between b and a best one.
        let mut nearest: Vec<Oid> = Vec::new();
        walk.visit(&[b], |oid| {
            let common = from_a.contains(&oid);
            if common {
                nearest.push(oid);
            }
            common
        })?;
        // Drop those that are ancestors of another: walk down from the
        // parents of all of them (every commit here was already read).
        let starts: Vec<Oid> = nearest
            .iter()
            .flat_map(|oid| walk.parents.get(oid).cloned().unwrap_or_default())
            .collect();
        let below = if nearest.len() > 1 {
            walk.visit(&starts, |_| false)?
        } else {
            HashSet::new()
        };
        let mut best: Vec<Oid> = nearest
            .into_iter()
            .filter(|oid| !below.contains(oid))
            .collect();
        best.sort();
        Ok(best)
    }
}
