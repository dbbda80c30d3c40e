//! Reads of a litany workspace's facts from `repo.git`: the config commit that
//! governs an agent, files in it, the cwd and hold marks, agents' branches —
//! every one through the one object store reader (`wicket-gitstore`), which
//! never runs git and never follows what an agent could plant to redirect a
//! lookup (replace refs, grafts, alternates, git config).
//!
//! wicket never writes here (`wicket init` commits through `git`, which is
//! the only command run). A mark that cannot be read is absent — never a
//! forged fact, never a panic; a policy that cannot be read is an error the
//! consult holds on, never "no policy".

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{anyhow, bail, Context, Result};
use wicket_gitstore::{FileLookup, Oid, Repo};

/// Ref prefixes litany keeps.
pub const CONFIG_HEADS: &str = "refs/heads/config/";
pub const AGENT_HEADS: &str = "refs/heads/agents/";
pub const HELD_PREFIX: &str = "refs/litany/held/";
pub const CWD_PREFIX: &str = "refs/litany/cwd/";

/// A litany workspace on disk.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// Canonical root.
    pub root: PathBuf,
}

/// What litany parked for an agent.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HoldMark {
    pub tool_use_id: String,
    pub tool: String,
    pub reason: String,
}

impl HoldMark {
    /// Parse a mark's blob; `None` for anything but the object litany writes.
    pub fn parse(blob: &[u8]) -> Option<HoldMark> {
        let value: serde_json::Value = serde_json::from_slice(blob).ok()?;
        let text = |key: &str| value.get(key).and_then(|v| v.as_str()).map(str::to_owned);
        Some(HoldMark {
            tool_use_id: text("tool_use_id")?,
            tool: text("tool")?,
            reason: text("reason").unwrap_or_default(),
        })
    }
}

/// What a consult reads from the repository for one agent.
#[derive(Debug, Clone)]
pub struct AgentFacts {
    pub source: ConfigSource,
    /// The bytes of `capability.yaml` in the config commit, if it has one.
    pub policy: Option<Vec<u8>>,
    /// The bytes of the agent's cwd mark, if set.
    pub cwd_mark: Option<Vec<u8>>,
}

/// Where an agent's policy comes from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ConfigSource {
    /// The commit litany follows for this agent.
    pub commit: String,
    /// The lineage whose tip it is, when it is one (else the governing commit
    /// itself, because several diverged lineages reach the agent).
    pub lineage: Option<String>,
}

impl Workspace {
    /// The workspace at `path`: it must hold a `repo.git`.
    pub fn open(path: &Path) -> Result<Workspace> {
        let root = std::fs::canonicalize(path)
            .with_context(|| format!("there is no workspace at {}", path.display()))?;
        if !root.join("repo.git").is_dir() {
            bail!(
                "{} is not a litany workspace (it has no repo.git; `litany new` makes one)",
                root.display()
            );
        }
        Ok(Workspace { root })
    }

    pub fn repo(&self) -> PathBuf {
        self.root.join("repo.git")
    }

    /// An agent's worktree: its writable root.
    pub fn worktree(&self, agent: &str) -> PathBuf {
        self.root.join("agents").join(agent)
    }

    /// wicket's own state directory.
    pub fn state_dir(&self) -> PathBuf {
        self.root.join(".wicket")
    }

    /// `git --git-dir <repo.git>` with the caller's `GIT_*` environment
    /// removed (nothing inherited points git elsewhere), optional locks off
    /// and replace refs ignored: the writer `wicket init` uses.
    pub fn git(&self) -> Command {
        let mut command = Command::new("git");
        for (key, _) in std::env::vars_os() {
            if key.to_string_lossy().starts_with("GIT_") {
                command.env_remove(key);
            }
        }
        command
            .env("GIT_OPTIONAL_LOCKS", "0")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_NO_REPLACE_OBJECTS", "1")
            .arg("--git-dir")
            .arg(self.repo())
            .stdin(Stdio::null());
        command
    }

    /// The object store, opened for one read of the workspace's facts.
    pub fn store(&self) -> Result<Repo> {
        Repo::open(&self.repo()).map_err(|e| anyhow!("{e}"))
    }

    /// `refname → sha` for every ref under `prefix` (ending in `/`).
    pub fn refs(&self, prefix: &str) -> Result<Vec<(String, String)>> {
        let refs = self
            .store()?
            .refs_under(prefix)
            .map_err(|e| anyhow!("{e}"))?;
        Ok(refs
            .into_iter()
            .map(|(n, oid)| (n, oid.to_string()))
            .collect())
    }

    /// The commit `agents/<id>` names, if the branch is there.
    pub fn agent_tip(&self, agent: &str) -> Option<String> {
        if !valid_ref_component(agent) {
            return None;
        }
        let oid = self
            .store()
            .ok()?
            .resolve_ref(&format!("{AGENT_HEADS}{agent}"))
            .ok()??;
        Some(oid.to_string())
    }

    /// Whether `agents/<id>` exists (a branch naming a commit that is there).
    pub fn agent_exists(&self, agent: &str) -> bool {
        valid_ref_component(agent)
            && self.store().is_ok_and(|repo| {
                repo.resolve_ref(&format!("{AGENT_HEADS}{agent}"))
                    .ok()
                    .flatten()
                    .is_some_and(|oid| repo.commit(oid).is_ok())
            })
    }

    /// The config commit litany follows for `agent`: the governing commit is
    /// the nearest merge base of the agent's branch with every config
    /// lineage; the followed commit is the one lineage tip that contains it,
    /// else the governing commit itself.
    pub fn config_source(&self, agent: &str) -> Result<ConfigSource> {
        config_source_in(&self.store()?, &self.repo(), agent)
    }

    /// A file of a commit's tree: `None` when the tree has no such entry; an
    /// error when it has one that cannot be read.
    pub fn file_at(&self, commit: &str, name: &str) -> Result<Option<Vec<u8>>> {
        let repo = self.store()?;
        file_at_in(&repo, commit, name)
    }

    /// What a consult reads for one agent: the config commit litany follows,
    /// the `capability.yaml` in it (if it has one) and the agent's cwd mark
    /// (if set). One store, one algorithm, whatever the repository's shape.
    pub fn agent_facts(&self, agent: &str) -> Result<AgentFacts> {
        self.single_names(agent)?;
        let repo = self.store()?;
        let source = config_source_in(&repo, &self.repo(), agent)?;
        let policy = file_at_in(&repo, &source.commit, crate::policy::FILE).with_context(|| {
            format!(
                "{} in config commit {} cannot be read",
                crate::policy::FILE,
                &source.commit[..12.min(source.commit.len())]
            )
        })?;
        // A cwd mark that cannot be believed (a ref file with another name,
        // say) makes the facts unreadable rather than the cwd a guess.
        let cwd_mark = match repo.resolve_ref(&format!("{CWD_PREFIX}{agent}")) {
            Ok(Some(oid)) => blob(&repo, oid),
            Ok(None) => None,
            Err(e) => bail!("{e}"),
        };
        Ok(AgentFacts {
            source,
            policy,
            cwd_mark,
        })
    }

    /// The files that say what git does for this agent's worktree — its
    /// `.git` file, the worktree's own files in the repository (which branch
    /// it is on, where its gitfile is), the repository's config (programs
    /// git runs) and its hooks — each with one name. git and litany replace them
    /// by renaming, never by linking, so another name is a hard link someone
    /// made, through which they could be rewritten without touching the
    /// protected path; until it is gone every call above read waits. (Refs
    /// are checked as they are read, by the git reader; the trail, by the
    /// trail.)
    fn single_names(&self, agent: &str) -> Result<()> {
        let gitfile = self.worktree(agent).join(".git");
        let mut paths = vec![gitfile.clone(), self.repo().join("config")];
        // The hooks git would run (not the samples git leaves beside them).
        if let Ok(hooks) = std::fs::read_dir(self.repo().join("hooks")) {
            paths.extend(
                hooks
                    .flatten()
                    .take(256)
                    .map(|entry| entry.path())
                    .filter(|path| path.extension().is_none_or(|e| e != "sample")),
            );
        }
        // Read only as a regular file, never through a link, never waiting
        // on a FIFO, and no more than a gitfile's worth.
        let gitfile_text = || -> Option<String> {
            use std::io::Read;
            use std::os::unix::fs::OpenOptionsExt;
            let file = std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(
                    (rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK).bits() as i32,
                )
                .open(&gitfile)
                .ok()?;
            if !file.metadata().ok()?.is_file() {
                return None;
            }
            let mut text = String::new();
            file.take(4096).read_to_string(&mut text).ok()?;
            Some(text)
        };
        if let Some(text) = gitfile_text() {
            if let Some(dir) = text.strip_prefix("gitdir:").map(str::trim) {
                let dir = self.worktree(agent).join(dir);
                for file in ["HEAD", "commondir", "gitdir", "config.worktree"] {
                    paths.push(dir.join(file));
                }
            }
        }
        for path in paths {
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            use std::os::unix::fs::MetadataExt;
            if meta.is_file() && meta.nlink() > 1 {
                bail!(
                    "{} has {} names (hard links): what git reads there could be rewritten through another name without touching this path; the operator can find the others with `find \"$(stat -c %m {})\" -xdev -samefile {}` and remove them",
                    path.display(),
                    meta.nlink(),
                    path.display(),
                    path.display()
                );
            }
        }
        Ok(())
    }

    /// The role litany gives the agent: its role mark when it has one (an
    /// operator's `litany retarget`), else `worker`, the shipped role that
    /// runs tools.
    pub fn role(&self, agent: &str) -> String {
        self.store()
            .ok()
            .and_then(|repo| mark_blob(&repo, &format!("refs/litany/role/{agent}")))
            .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
            .filter(|r| !r.is_empty())
            .unwrap_or_else(|| "worker".to_owned())
    }

    /// The hold mark an agent wears now, read live.
    pub fn hold_mark(&self, agent: &str) -> Option<HoldMark> {
        if !valid_ref_component(agent) {
            return None;
        }
        let repo = self.store().ok()?;
        HoldMark::parse(mark_blob(&repo, &format!("{HELD_PREFIX}{agent}"))?.trim_ascii())
    }

    /// Every parked call: `(agent, mark)`, marks that cannot be read skipped.
    pub fn hold_marks(&self) -> Result<Vec<(String, HoldMark)>> {
        let repo = self.store()?;
        let refs = repo.refs_under(HELD_PREFIX).map_err(|e| anyhow!("{e}"))?;
        Ok(refs
            .into_iter()
            .filter_map(|(name, oid)| {
                let agent = name.strip_prefix(HELD_PREFIX)?.to_owned();
                let blob = blob(&repo, oid)?;
                HoldMark::parse(blob.trim_ascii()).map(|mark| (agent, mark))
            })
            .collect())
    }
}

/// How many of the latest model entries of a transcript are searched for a
/// parked call (it is in the last one; a few more allow for other entries).
const PARKED_CALL_ENTRIES: usize = 8;

impl Workspace {
    /// The call parked on `agent`, as litany will run it when advanced: the
    /// `tool_use` block with this id in the latest model entries of the
    /// transcript on the agent's branch (`messages/NNN-<model>.json`, each a
    /// JSON array of content blocks). `Ok(None)`: not found there.
    pub fn parked_call(
        &self,
        agent: &str,
        tool_use_id: &str,
    ) -> Result<Option<(String, serde_json::Value)>> {
        if !valid_ref_component(agent) {
            bail!("the agent id {agent:?} is not a branch name litany makes");
        }
        let repo = self.store()?;
        let git = |e: wicket_gitstore::Error| anyhow!("{e}");
        let Some(tip) = repo
            .resolve_ref(&format!("{AGENT_HEADS}{agent}"))
            .map_err(git)?
        else {
            return Ok(None);
        };
        let tree = repo.commit(tip).map_err(git)?.tree;
        let Some((mode, messages)) = repo.tree_entry(tree, "messages").map_err(git)? else {
            return Ok(None);
        };
        if mode.0 & 0o170000 != 0o040000 {
            return Ok(None);
        }
        let mut entries: Vec<(String, Oid)> = repo
            .tree_entries(messages)
            .map_err(git)?
            .into_iter()
            .filter(|(name, mode, _)| {
                mode.is_file() && name.ends_with(".json") && !name.ends_with("-tool.json")
            })
            .map(|(name, _, oid)| (name, oid))
            .collect();
        entries.sort_by(|a, b| b.0.cmp(&a.0));
        for (_, oid) in entries.into_iter().take(PARKED_CALL_ENTRIES) {
            let Some(bytes) = blob(&repo, oid) else {
                continue;
            };
            // An entry is a bare array of content blocks, or a message
            // object holding them under `content`.
            let blocks = match serde_json::from_slice(&bytes) {
                Ok(serde_json::Value::Array(blocks)) => blocks,
                Ok(serde_json::Value::Object(mut message)) => match message.remove("content") {
                    Some(serde_json::Value::Array(blocks)) => blocks,
                    _ => continue,
                },
                _ => continue,
            };
            for block in blocks {
                if block.get("type").and_then(|t| t.as_str()) == Some("tool_use")
                    && block.get("id").and_then(|i| i.as_str()) == Some(tool_use_id)
                {
                    let name = block
                        .get("name")
                        .and_then(|n| n.as_str())
                        .unwrap_or("")
                        .to_owned();
                    let input = block
                        .get("input")
                        .cloned()
                        .unwrap_or(serde_json::Value::Null);
                    return Ok(Some((name, input)));
                }
            }
        }
        Ok(None)
    }
}

/// A mark's blob, or `None` when it is unset or cannot be read.
fn mark_blob(repo: &Repo, name: &str) -> Option<Vec<u8>> {
    blob(repo, repo.resolve_ref(name).ok()??)
}

fn blob(repo: &Repo, oid: Oid) -> Option<Vec<u8>> {
    match repo.object(oid) {
        Ok(Some(object)) if object.kind == wicket_gitstore::Kind::Blob => Some(object.data),
        _ => None,
    }
}

fn file_at_in(repo: &Repo, commit: &str, name: &str) -> Result<Option<Vec<u8>>> {
    let oid = Oid::from_hex(commit).with_context(|| format!("{commit} is not a commit id"))?;
    match repo.file_in_commit(oid, name).map_err(|e| anyhow!("{e}"))? {
        FileLookup::Absent => Ok(None),
        FileLookup::Blob(bytes) => Ok(Some(bytes)),
    }
}

/// The config source for `agent` in `repo` (see [`Workspace::config_source`]).
fn config_source_in(repo: &Repo, repo_path: &Path, agent: &str) -> Result<ConfigSource> {
    if !valid_ref_component(agent) {
        bail!("the agent id {agent:?} is not a branch name litany makes");
    }
    let git = |e: wicket_gitstore::Error| anyhow!("{e}");
    let heads = repo.refs_under(CONFIG_HEADS).map_err(git)?;
    if heads.is_empty() {
        bail!(
            "{} has no config lineage (refs/heads/config/*)",
            repo_path.display()
        );
    }
    let branch = format!("{AGENT_HEADS}{agent}");
    let Some(tip) = repo.resolve_ref(&branch).map_err(git)? else {
        bail!(
            "the agent {agent} has no branch {branch} in {}",
            repo_path.display()
        );
    };
    let mut bases: Vec<Oid> = Vec::new();
    for (_, head) in &heads {
        for base in repo.merge_bases(*head, tip).map_err(git)? {
            if !bases.contains(&base) {
                bases.push(base);
            }
        }
    }
    let governing = match bases.as_slice() {
        [] => bail!("the agent {agent}'s branch shares no history with any config lineage"),
        [one] => *one,
        [first, rest @ ..] => {
            let mut nearest = *first;
            for other in rest {
                if repo.is_ancestor(nearest, *other).map_err(git)? {
                    nearest = *other;
                } else if !repo.is_ancestor(*other, nearest).map_err(git)? {
                    bail!("the agent {agent} descends from config commits {nearest} and {other}, which diverge");
                }
            }
            nearest
        }
    };
    // Which lineage tips contain the governing commit.
    let mut tips: Vec<(&str, Oid)> = Vec::new();
    for (head, sha) in &heads {
        if tips.iter().any(|(_, s)| s == sha) {
            continue;
        }
        if heads.len() == 1 || repo.is_ancestor(governing, *sha).map_err(git)? {
            tips.push((head, *sha));
        }
    }
    Ok(match tips.as_slice() {
        [(head, sha)] => ConfigSource {
            commit: sha.to_string(),
            lineage: Some(head.trim_start_matches("refs/heads/").to_owned()),
        },
        _ => ConfigSource {
            commit: governing.to_string(),
            lineage: None,
        },
    })
}

/// An agent id litany could have made: one path component, no ref syntax.
pub fn valid_ref_component(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 255
        && !id.starts_with('.')
        && !id.starts_with('-')
        && !id.ends_with(".lock")
        && !id.contains("..")
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// `b` descends from `a`: the same agent, or `a`'s hyphenated descent.
pub fn descends(b: &str, a: &str) -> bool {
    b == a || (b.starts_with(a) && b.as_bytes().get(a.len()) == Some(&b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descent_is_by_hyphenated_prefix() {
        let root = "20261129T181730Z-1c32bb5e";
        let child = "20261129T181730Z-1c32bb5e-20261129T181801Z-deadbeef";
        assert!(descends(child, root));
        assert!(descends(root, root));
        assert!(!descends(root, child));
        assert!(!descends("20261129T181730Z-1c32bb5eX", root));
        assert!(!descends("20261129T181730Z-1c32", root));
    }

    #[test]
    fn agent_ids_are_plain_components() {
        assert!(valid_ref_component("20261129T181730Z-1c32bb5e"));
        for bad in ["", "../x", "a/b", "-x", "a..b", "x.lock", "a b", "a\nb"] {
            assert!(!valid_ref_component(bad), "{bad:?}");
        }
    }

    #[test]
    fn hold_marks_parse_only_litanys_shape() {
        assert_eq!(
            HoldMark::parse(br#"{"tool_use_id":"t","tool":"bash","reason":"r"}"#).map(|m| m.tool),
            Some("bash".into())
        );
        assert!(HoldMark::parse(b"not json").is_none());
        assert!(HoldMark::parse(br#"{"tool":"bash"}"#).is_none());
    }
}
