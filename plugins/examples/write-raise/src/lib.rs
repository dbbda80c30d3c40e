//! An example classifier: any write under configured paths of the agent's
//! worktree is raised to a configured class (and, optionally, ruled), so a
//! change to `migrations/` or a lock file waits for the operator even where
//! ordinary work inside the worktree passes.
//!
//! ```yaml
//! classifiers:
//!   - path: plugins/write-raise.wasm
//!     config:
//!       paths: [migrations/, "*.lock", deploy/prod.yaml]
//!       class: destructive      # the effect a matching write reads as (default)
//!       ruling: hold            # optional: pass, hold or refuse; else the table's
//! ```
//!
//! A path with no slash but a trailing one (`migrations/`) is a directory
//! of that name anywhere in the worktree, and everything beneath it; one
//! with no slash at all (`*.lock`) matches a file or directory name at any
//! depth; one with a slash inside (`deploy/prod.yaml`, `db/migrations/`) is
//! taken from the worktree's root. `*`, `?` and `[…]` match within a name.
//!
//! Writes are what wicket's shell reading places (`wicket_shell::reading`:
//! redirects, and every program the default classifier describes — `cp`,
//! `mv`, `sed -i`, `rm`, `tee`, `git checkout`, …, through launchers and
//! `sh -c`), where the running process would put them (after `cd`,
//! through symlinks), plus litany's own writers: `apply_patch` (every file
//! its envelope adds, updates, deletes or moves to) and the compactor's
//! `mark_for_deletion` (`path`, relative to the branch's root).
//!
//! A recursive write or delete of a directory that holds a configured path
//! counts too, and so does a git command that rewrites the work tree's files
//! (`checkout`, `merge`, `reset --hard`, `stash pop`, …) where the work tree
//! holds one; a pattern written (`rm -rf mig*`) counts when it can match a
//! configured name. A write to a path only known
//! when it runs is the default classifier's (it holds it as opaque).

use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome, Ruling};
use wicket_shell::reading::{self, Placement};

struct WriteRaise;

impl Classifier for WriteRaise {
    fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String> {
        let config = Config::read(ctx)?;
        // (what writes, the path as written, where it lands, a whole tree)
        let mut writes: Vec<(String, String, Placement, bool)> = Vec::new();
        if let Some(reading) = reading::read_call(call, ctx) {
            for write in reading.writes {
                for place in write.places {
                    writes.push((write.by.clone(), write.path.clone(), place, write.tree));
                }
            }
        } else {
            // apply_patch's paths are taken from the cwd; the compactor's
            // `path` from the branch's root (its worktree).
            let from = (call.tool == "mark_for_deletion").then_some(ctx.writable_root.as_str());
            for path in litany_writes(call) {
                let place = reading::place(ctx, from, &as_authored(&path));
                writes.push((call.tool.clone(), path, place, false));
            }
        }
        let root = ctx.writable_root.trim_end_matches('/');
        let mut findings: Vec<Finding> = Vec::new();
        for (by, written, place, tree) in writes {
            let Placement::Inside(path) = place else {
                continue;
            };
            let relative = path
                .strip_prefix(root)
                .unwrap_or("")
                .trim_start_matches('/');
            let Some(pattern) = config.matching(ctx, root, relative, tree) else {
                continue;
            };
            let why =
                format!("{by} writes {written}, under `{pattern}`, which this workspace guards");
            if findings.iter().any(|f| f.why == why) {
                continue;
            }
            let mut finding = Finding::new(config.class, why);
            finding.ruling = config.ruling;
            findings.push(finding);
        }
        Ok(if findings.is_empty() {
            Outcome::Abstain
        } else {
            Outcome::Findings(findings)
        })
    }
}

wicket_guest::export_classifier!(WriteRaise);

struct Config {
    paths: Vec<String>,
    class: Effect,
    ruling: Option<Ruling>,
}

impl Config {
    fn read(ctx: &Context) -> Result<Config, String> {
        let config = ctx.config();
        let paths = config
            .get("paths")
            .and_then(|p| p.as_array())
            .and_then(|items| {
                items
                    .iter()
                    .map(|i| i.as_str().map(str::to_owned))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or("write-raise needs `config: {paths: [patterns…]}` in capability.yaml")?;
        let class = match config.get("class").map(|c| c.as_str()) {
            None => Effect::Destructive,
            Some(word) => word
                .and_then(Effect::from_word)
                .ok_or("write-raise's `class` must be an effect word (read … opaque)")?,
        };
        let ruling = match config.get("ruling").map(|r| r.as_str()) {
            None => None,
            Some(Some("pass")) => Some(Ruling::Pass),
            Some(Some("hold")) => Some(Ruling::Hold),
            Some(Some("refuse")) => Some(Ruling::Refuse),
            Some(_) => return Err("write-raise's `ruling` must be pass, hold or refuse".into()),
        };
        Ok(Config {
            paths,
            class,
            ruling,
        })
    }

    /// The configured pattern a write of `relative` (a path inside the
    /// worktree, `""` for the root itself) falls under; with `tree`, one
    /// beneath it counts too.
    fn matching(&self, ctx: &Context, root: &str, relative: &str, tree: bool) -> Option<&str> {
        let names: Vec<&str> = relative.split('/').filter(|n| !n.is_empty()).collect();
        self.paths
            .iter()
            .find(|pattern| {
                matches(pattern, &names) || (tree && may_hold(ctx, root, pattern, &names))
            })
            .map(String::as_str)
    }
}

/// Whether the path (its names) is the pattern's or beneath it.
fn matches(pattern: &str, names: &[&str]) -> bool {
    let trimmed = pattern.trim_matches('/');
    let parts: Vec<&str> = trimmed.split('/').collect();
    if parts.len() == 1 {
        // A name at any depth; a directory pattern needs something beneath
        // it or the directory itself.
        // A written name that is itself a pattern may match it.
        return names.iter().any(|name| {
            name_matches(parts[0], name) || (has_glob(name) && name_matches(name, parts[0]))
        });
    }
    // Anchored at the root: the pattern's names, then anything beneath.
    names.len() >= parts.len()
        && parts.iter().zip(names).all(|(pattern, name)| {
            name_matches(pattern, name) || (has_glob(name) && name_matches(name, pattern))
        })
}

fn has_glob(name: &str) -> bool {
    name.contains(['*', '?', '['])
}

/// Whether a directory (its names, under `root`) holds something the
/// pattern names: a recursive write of it reaches that. A name pattern is
/// looked for three levels down, as the host expands patterns now.
fn may_hold(ctx: &Context, root: &str, pattern: &str, names: &[&str]) -> bool {
    let parts: Vec<&str> = pattern.trim_matches('/').split('/').collect();
    if parts.len() == 1 {
        let dir = format!("{root}/{}", names.join("/"));
        return ["", "*/", "*/*/"].iter().any(|middle| {
            ctx.expand_glob(&format!(
                "{}/{middle}{}",
                dir.trim_end_matches('/'),
                parts[0]
            ))
            .is_none_or(|found| !found.is_empty())
        });
    }
    names.len() < parts.len()
        && names
            .iter()
            .zip(&parts)
            .all(|(name, pattern)| name_matches(pattern, name))
}

/// A shell pattern for one name (`*`, `?`, `[…]`), as the SDK matches them.
fn name_matches(pattern: &str, name: &str) -> bool {
    wicket_guest::paths::component_matches(pattern, name, true)
}

/// A path as litany's tools take it: as authored, no `~` expansion.
fn as_authored(path: &str) -> String {
    if path.starts_with('~') {
        format!("./{path}")
    } else {
        path.to_owned()
    }
}

/// The paths one of litany's own writing tools writes.
fn litany_writes(call: &Call) -> Vec<String> {
    match call.tool.as_str() {
        "apply_patch" => call
            .input_str("input")
            .unwrap_or("")
            .lines()
            .filter_map(|line| {
                [
                    "*** Add File: ",
                    "*** Update File: ",
                    "*** Delete File: ",
                    "*** Move to: ",
                ]
                .iter()
                .find_map(|head| line.strip_prefix(head))
            })
            .map(|path| path.trim().to_owned())
            .collect(),
        "mark_for_deletion" => call
            .input_strs("path")
            .unwrap_or_default()
            .into_iter()
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    }
}
