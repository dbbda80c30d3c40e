//! Reads of a litany workspace's facts from `repo.git`: the config commit that
//! governs an agent, files in it, the cwd and hold marks, agents' branches.
//!
//! wicket never writes here. Every read goes through `git` with the caller's
//! `GIT_*` environment removed (so nothing inherited can point git elsewhere)
//! and optional locks off. A mark that cannot be read is absent — never a
//! forged fact, never a panic.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{anyhow, bail, Context, Result};

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
    /// removed (nothing inherited points git elsewhere) and optional locks off.
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
            .arg("--git-dir")
            .arg(self.repo())
            .stdin(Stdio::null());
        command
    }

    fn git_out(&self, args: &[&str]) -> Result<std::process::Output> {
        self.git()
            .args(args)
            .stderr(Stdio::piped())
            .stdout(Stdio::piped())
            .output()
            .with_context(|| {
                format!(
                    "could not run git {} (is git installed?)",
                    args.first().unwrap_or(&"")
                )
            })
    }

    /// `refname → sha` for every ref under `prefix`.
    pub fn refs(&self, prefix: &str) -> Result<Vec<(String, String)>> {
        let out = self.git_out(&["for-each-ref", "--format=%(refname) %(objectname)", prefix])?;
        if !out.status.success() {
            bail!(
                "git for-each-ref {prefix} failed in {}: {}",
                self.repo().display(),
                stderr(&out)
            );
        }
        Ok(String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_once(' ').map(|(r, s)| (r.to_owned(), s.to_owned())))
            .collect())
    }

    /// Whether `agents/<id>` exists.
    pub fn agent_exists(&self, agent: &str) -> bool {
        valid_ref_component(agent)
            && self
                .git_out(&[
                    "rev-parse",
                    "--verify",
                    "--quiet",
                    &format!("{AGENT_HEADS}{agent}^{{commit}}"),
                ])
                .is_ok_and(|o| o.status.success())
    }

    /// The config commit litany follows for `agent`: the governing commit is
    /// the nearest merge-base of the agent's branch with every config lineage;
    /// the followed commit is the one lineage tip that contains it, else the
    /// governing commit itself.
    pub fn config_source(&self, agent: &str) -> Result<ConfigSource> {
        if !valid_ref_component(agent) {
            bail!("the agent id {agent:?} is not a branch name litany makes");
        }
        let heads = self.refs(CONFIG_HEADS)?;
        if heads.is_empty() {
            bail!(
                "{} has no config lineage (refs/heads/config/*)",
                self.repo().display()
            );
        }
        let branch = format!("{AGENT_HEADS}{agent}");
        let mut bases: Vec<String> = Vec::new();
        for (head, _) in &heads {
            let out = self.git_out(&["merge-base", &branch, head])?;
            if out.status.success() {
                let base = String::from_utf8_lossy(&out.stdout).trim().to_owned();
                if !base.is_empty() && !bases.contains(&base) {
                    bases.push(base);
                }
            } else if out.status.code() != Some(1) {
                bail!(
                    "the agent {agent} has no branch {branch} in {}",
                    self.repo().display()
                );
            }
        }
        let governing = match bases.len() {
            0 => bail!("the agent {agent}'s branch shares no history with any config lineage"),
            1 => bases.pop().unwrap_or_default(),
            _ => {
                let mut nearest = bases[0].clone();
                for other in &bases[1..] {
                    if self.is_ancestor(&nearest, other)? {
                        nearest = other.clone();
                    } else if !self.is_ancestor(other, &nearest)? {
                        bail!("the agent {agent} descends from config commits {nearest} and {other}, which diverge");
                    }
                }
                nearest
            }
        };
        // Which lineage tips contain the governing commit.
        let mut tips: Vec<(String, String)> = Vec::new();
        for (head, sha) in &heads {
            if tips.iter().any(|(_, s)| s == sha) {
                continue;
            }
            if heads.len() == 1 || self.is_ancestor(&governing, sha)? {
                tips.push((head.clone(), sha.clone()));
            }
        }
        Ok(match tips.as_slice() {
            [(head, sha)] => ConfigSource {
                commit: sha.clone(),
                lineage: Some(head.trim_start_matches("refs/heads/").to_owned()),
            },
            _ => ConfigSource {
                commit: governing,
                lineage: None,
            },
        })
    }

    fn is_ancestor(&self, a: &str, b: &str) -> Result<bool> {
        let out = self.git_out(&["merge-base", "--is-ancestor", a, b])?;
        match out.status.code() {
            Some(0) => Ok(true),
            Some(1) => Ok(false),
            _ => Err(anyhow!(
                "git merge-base --is-ancestor {a} {b} failed: {}",
                stderr(&out)
            )),
        }
    }

    /// Read several objects at once (`<rev>:<path>` or refs). Each answer is
    /// `None` when the object is missing.
    pub fn read_objects(&self, names: &[String]) -> Result<Vec<Option<Vec<u8>>>> {
        let mut child = self
            .git()
            .args(["cat-file", "--batch"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .context("could not run git cat-file (is git installed?)")?;
        {
            let mut stdin = child.stdin.take().context("git cat-file has no stdin")?;
            for name in names {
                if name.contains('\n') {
                    bail!("a name with a newline cannot be read");
                }
                writeln!(stdin, "{name}").context("could not ask git cat-file")?;
            }
        }
        let out = child.wait_with_output().context("git cat-file failed")?;
        if !out.status.success() {
            bail!(
                "git cat-file failed in {}: {}",
                self.repo().display(),
                stderr(&out)
            );
        }
        let mut answers = Vec::with_capacity(names.len());
        let mut rest: &[u8] = &out.stdout;
        for _ in names {
            let newline = rest
                .iter()
                .position(|b| *b == b'\n')
                .context("git cat-file answered short")?;
            let header = String::from_utf8_lossy(&rest[..newline]).into_owned();
            rest = &rest[newline + 1..];
            if header.ends_with(" missing") || header.ends_with(" ambiguous") {
                answers.push(None);
                continue;
            }
            let size: usize = header
                .rsplit(' ')
                .next()
                .and_then(|s| s.parse().ok())
                .with_context(|| format!("git cat-file answered {header:?}"))?;
            if rest.len() < size + 1 {
                bail!("git cat-file answered short");
            }
            answers.push(Some(rest[..size].to_vec()));
            rest = &rest[size + 1..];
        }
        Ok(answers)
    }

    /// What a consult reads for one agent: the config commit litany follows,
    /// the `capability.yaml` in it (if any) and the agent's cwd mark (if set).
    /// Read directly from the repository when it is the usual shape (one
    /// lineage, loose objects), else through git.
    pub fn agent_facts(&self, agent: &str) -> Result<AgentFacts> {
        if let Some(facts) = self.agent_facts_direct(agent) {
            return Ok(facts);
        }
        let source = self.config_source(agent)?;
        let names = [
            format!("{}:{}", source.commit, crate::policy::FILE),
            format!("{CWD_PREFIX}{agent}"),
        ];
        let mut objects = self.read_objects(&names)?.into_iter();
        let policy = objects.next().flatten();
        let cwd_mark = objects.next().flatten();
        Ok(AgentFacts {
            source,
            policy,
            cwd_mark,
        })
    }

    fn agent_facts_direct(&self, agent: &str) -> Option<AgentFacts> {
        use crate::gitdir::{Found, GitDir};
        if !valid_ref_component(agent) {
            return None;
        }
        let dir = GitDir::open(&self.repo())?;
        let heads = dir.refs_under(CONFIG_HEADS)?;
        // One lineage: litany follows its tip. Several need the merge bases git computes.
        let [(head, commit)] = heads.as_slice() else {
            return None;
        };
        if !matches!(
            dir.resolve(&format!("{AGENT_HEADS}{agent}"))?,
            Found::Yes(_)
        ) {
            return None;
        }
        let policy = match dir.file_in_commit(commit, crate::policy::FILE)? {
            Found::Yes(bytes) => Some(bytes),
            Found::No => None,
        };
        let cwd_mark = match dir.blob_at_ref(&format!("{CWD_PREFIX}{agent}"))? {
            Found::Yes(bytes) => Some(bytes),
            Found::No => None,
        };
        let source = ConfigSource {
            commit: commit.clone(),
            lineage: Some(head.trim_start_matches("refs/heads/").to_owned()),
        };
        Some(AgentFacts {
            source,
            policy,
            cwd_mark,
        })
    }

    /// The hold mark an agent wears now, read live.
    pub fn hold_mark(&self, agent: &str) -> Option<HoldMark> {
        if !valid_ref_component(agent) {
            return None;
        }
        let out = self
            .git_out(&["cat-file", "blob", &format!("{HELD_PREFIX}{agent}")])
            .ok()?;
        if !out.status.success() {
            return None;
        }
        HoldMark::parse(out.stdout.trim_ascii())
    }

    /// Every parked call: `(agent, mark)`, marks that cannot be read skipped.
    pub fn hold_marks(&self) -> Result<Vec<(String, HoldMark)>> {
        let refs = self.refs("refs/litany/held/")?;
        let names: Vec<String> = refs.iter().map(|(_, sha)| sha.clone()).collect();
        let blobs = if names.is_empty() {
            Vec::new()
        } else {
            self.read_objects(&names)?
        };
        Ok(refs
            .into_iter()
            .zip(blobs)
            .filter_map(|((name, _), blob)| {
                let agent = name.strip_prefix(HELD_PREFIX)?.to_owned();
                HoldMark::parse(blob?.trim_ascii()).map(|mark| (agent, mark))
            })
            .collect())
    }
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

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr)
        .trim()
        .lines()
        .next()
        .unwrap_or("")
        .to_owned()
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
