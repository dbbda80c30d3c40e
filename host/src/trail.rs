//! The trail, `<ws>/.wicket/trail.jsonl`: what the operator decided, as
//! append-only JSON lines — answers, withdrawals, floors and launch receipts,
//! each saying when and who. It is the audit and the memory at once: the
//! control folds it on every consult and never writes it.
//!
//! A writer appends one whole row with one write under an exclusive lock; if
//! a killed writer left a torn line, the next row starts on a line of its own.
//! Readers skip lines they cannot parse (torn, or a kind a newer wicket
//! wrote) and go on. Nothing is rewritten in place; later rows supersede
//! earlier ones for the same key.

use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::fd::AsFd;
use std::path::Path;
use std::time::SystemTime;

use anyhow::{bail, Context, Result};
use cap_std::fs::{Dir, OpenOptions};
use cap_std::fs::OpenOptionsExt;
use serde::{Deserialize, Serialize};
use wicket_guest::Effect;

use crate::judge::Ruling;
use crate::workspace::descends;

/// The trail's file name inside the state directory.
pub const FILE: &str = "trail.jsonl";

/// The largest trail a consult reads; past it the consult holds (a trail this
/// large is a fault to look at, not a memory to fold on every call).
pub const MAX_TRAIL_BYTES: u64 = 64 << 20;

/// How far one answer stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// The held call only (the same agent, tool_use id and input).
    Call,
    /// The held call's class, for this conversation and its whole descent.
    Conversation,
    /// The held call's class, for every conversation.
    Workspace,
}

impl Scope {
    pub fn word(self) -> &'static str {
        match self {
            Scope::Call => "call",
            Scope::Conversation => "conversation",
            Scope::Workspace => "workspace",
        }
    }
}

/// Who wrote a row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Who {
    pub user: String,
    pub host: String,
}

impl Who {
    /// The person at this terminal, as the environment and the kernel say.
    pub fn here() -> Who {
        let user = std::env::var("USER")
            .or_else(|_| std::env::var("LOGNAME"))
            .unwrap_or_else(|_| format!("uid {}", rustix::process::getuid().as_raw()));
        let host = rustix::system::uname()
            .nodename()
            .to_string_lossy()
            .into_owned();
        Who { user, host }
    }
}

/// A ruling given by the operator, and what it was about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// How `status` and `withdraw` name it.
    pub answer: String,
    pub ruling: Ruling,
    pub scope: Scope,
    /// The held call's agent (the conversation a conversation answer stands over).
    pub agent: String,
    pub tool_use_id: String,
    pub tool: String,
    /// The deciding effect of the held call, from its reason's tag.
    #[serde(default)]
    pub effect: Option<String>,
    /// The digest of the held call's tool name and input, from the tag.
    #[serde(default)]
    pub digest: Option<String>,
    pub reason: String,
    /// RFC 3339; the answer stands for nothing after it.
    #[serde(default)]
    pub expires: Option<String>,
}

impl Answer {
    /// `<tool>@<effect>`: what a wider answer stands for.
    pub fn class(&self) -> Option<String> {
        self.effect.as_ref().map(|e| format!("{}@{e}", self.tool))
    }

    /// The key later rows supersede by.
    fn key(&self) -> String {
        match self.scope {
            Scope::Call => format!(
                "call {} {} {}",
                self.agent,
                self.tool_use_id,
                self.digest.as_deref().unwrap_or("-")
            ),
            Scope::Conversation => format!(
                "conversation {} {}",
                self.agent,
                self.class().unwrap_or_default()
            ),
            Scope::Workspace => format!("workspace {}", self.class().unwrap_or_default()),
        }
    }

    /// Whether it has expired by `now`.
    pub fn expired(&self, now: SystemTime) -> bool {
        self.expires
            .as_deref()
            .is_some_and(|e| humantime::parse_rfc3339_weak(e).map_or(true, |t| t <= now))
    }
}

/// A floor raised or lowered on a conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FloorAction {
    Raise,
    Lower,
}

/// What one row records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "row", rename_all = "lowercase")]
pub enum What {
    Answer(Answer),
    Withdraw {
        answer: String,
    },
    Floor {
        agent: String,
        action: FloorAction,
    },
    Launch {
        agent: String,
        argv: Vec<String>,
        ok: bool,
        #[serde(default)]
        pid: Option<u32>,
        #[serde(default)]
        log: Option<String>,
        #[serde(default)]
        error: Option<String>,
        #[serde(default)]
        confined: bool,
    },
}

/// One line of the trail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// RFC 3339, UTC.
    pub at: String,
    pub who: Who,
    #[serde(flatten)]
    pub what: What,
}

impl Row {
    /// A row written now, by whoever is here.
    pub fn now(what: What) -> Row {
        Row {
            at: humantime::format_rfc3339_millis(SystemTime::now()).to_string(),
            who: Who::here(),
            what,
        }
    }
}

/// The state directory, opened as a capability: nothing reached through it
/// can escape it, so a link planted inside cannot redirect a write.
fn state_dir(state: &Path, create: bool) -> Result<Option<Dir>> {
    match std::fs::symlink_metadata(state) {
        Ok(meta) if meta.file_type().is_symlink() => {
            bail!(
                "{} is a symlink; wicket will not read or write its trail through one",
                state.display()
            )
        }
        Ok(meta) if !meta.is_dir() => bail!("{} is not a directory", state.display()),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if !create {
                return Ok(None);
            }
            std::fs::create_dir(state).with_context(|| {
                format!(
                    "could not create wicket's state directory {}",
                    state.display()
                )
            })?;
        }
        Err(e) => return Err(e).with_context(|| format!("could not read {}", state.display())),
    }
    let dir = Dir::open_ambient_dir(state, cap_std::ambient_authority()).with_context(|| {
        format!(
            "could not open wicket's state directory {}",
            state.display()
        )
    })?;
    Ok(Some(dir))
}

/// Opening the trail never waits on a FIFO or a device (`O_NONBLOCK`) nor
/// follows a link (`O_NOFOLLOW`); [`regular`] then refuses anything but a
/// regular file.
const NOT_A_DEVICE: i32 = (rustix::fs::OFlags::NONBLOCK.bits() | rustix::fs::OFlags::NOFOLLOW.bits()) as i32;

/// The trail must be a regular file: a FIFO or device would block a reader.
fn regular(file: &cap_std::fs::File, state: &Path) -> Result<()> {
    let meta = file
        .metadata()
        .with_context(|| format!("could not read {}", state.join(FILE).display()))?;
    if !meta.is_file() {
        bail!(
            "{} is not a regular file (wicket keeps its trail in one); move it aside and run the verb again",
            state.join(FILE).display()
        );
    }
    Ok(())
}

/// Append one row: one write of one whole line, under an exclusive lock.
pub fn append(state: &Path, row: &Row) -> Result<()> {
    let dir = state_dir(state, true)?.context("the state directory vanished")?;
    let mut line = serde_json::to_vec(row).context("could not encode the trail row")?;
    line.push(b'\n');
    let mut file = dir
        .open_with(
            FILE,
            OpenOptions::new()
                .read(true)
                .append(true)
                .create(true)
                .custom_flags(NOT_A_DEVICE),
        )
        .with_context(|| {
            format!(
                "could not open {} for appending",
                state.join(FILE).display()
            )
        })?;
    regular(&file, state)?;
    rustix::fs::flock(file.as_fd(), rustix::fs::FlockOperation::LockExclusive)
        .with_context(|| format!("could not lock {}", state.join(FILE).display()))?;
    // A writer killed mid-row leaves a line without its newline: start ours
    // on a line of its own so the torn one stays the only casualty.
    let len = file
        .seek(SeekFrom::End(0))
        .context("could not read the trail's length")?;
    if len > 0 {
        let mut last = [0u8; 1];
        file.seek(SeekFrom::Start(len - 1))
            .context("could not read the trail")?;
        file.read_exact(&mut last)
            .context("could not read the trail")?;
        if last[0] != b'\n' {
            line.insert(0, b'\n');
        }
    }
    let written = file
        .write(&line)
        .with_context(|| format!("could not write to {}", state.join(FILE).display()))?;
    if written != line.len() {
        bail!(
            "only {written} of {} bytes reached {} (is the disk full?)",
            line.len(),
            state.join(FILE).display()
        );
    }
    file.sync_data()
        .with_context(|| format!("could not flush {}", state.join(FILE).display()))?;
    Ok(())
}

/// Every row that can be read, in order, and how many lines could not.
pub fn read(state: &Path) -> Result<(Vec<Row>, usize)> {
    Ok(parse(&read_bytes(state)?, |_| true))
}

/// The trail's bytes (none when there is no trail yet), at most
/// [`MAX_TRAIL_BYTES`].
fn read_bytes(state: &Path) -> Result<Vec<u8>> {
    let Some(dir) = state_dir(state, false)? else {
        return Ok(Vec::new());
    };
    let mut file = match dir.open_with(FILE, OpenOptions::new().read(true).custom_flags(NOT_A_DEVICE)) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(e).with_context(|| format!("could not open {}", state.join(FILE).display()))
        }
    };
    regular(&file, state)?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(MAX_TRAIL_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("could not read {}", state.join(FILE).display()))?;
    if bytes.len() as u64 > MAX_TRAIL_BYTES {
        bail!(
            "{} is larger than {} MiB",
            state.join(FILE).display(),
            MAX_TRAIL_BYTES >> 20
        );
    }
    Ok(bytes)
}

/// The rows of a trail's bytes whose line passes `keep` (a cheap test before
/// parsing), in order, and how many of those lines could not be read (torn,
/// or a kind a newer wicket wrote). Blank lines are neither.
pub fn parse(bytes: &[u8], keep: impl Fn(&[u8]) -> bool) -> (Vec<Row>, usize) {
    let mut rows = Vec::new();
    let mut skipped = 0;
    for line in bytes.split(|b| *b == b'\n') {
        if line.iter().all(u8::is_ascii_whitespace) || !keep(line) {
            continue;
        }
        match serde_json::from_slice::<Row>(line) {
            Ok(row) => rows.push(row),
            Err(_) => skipped += 1,
        }
    }
    (rows, skipped)
}

/// An answer in force, with when and who.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub at: String,
    pub who: Who,
    #[serde(flatten)]
    pub answer: Answer,
    pub expired: bool,
}

/// A floor in force on one conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Floor {
    pub agent: String,
    pub at: String,
    pub who: Who,
}

/// The trail folded: what stands now.
#[derive(Debug, Clone, Default, Serialize)]
pub struct State {
    /// Answers not superseded or withdrawn (expired ones included, marked).
    pub answers: Vec<Standing>,
    /// Conversations whose floor is raised.
    pub floors: Vec<Floor>,
    /// Lines that could not be read.
    pub skipped: usize,
    /// Launch receipts, newest last.
    pub launches: Vec<Row>,
}

impl State {
    /// Fold rows into what stands at `now`.
    pub fn fold(rows: Vec<Row>, skipped: usize, now: SystemTime) -> State {
        // Keyed maps that remember the order of the latest row per key.
        let mut answers: HashMap<String, (usize, Standing)> = HashMap::new();
        // Answer name → the keys of the answers standing under it (names are
        // short hashes: two answers can share one, and a withdrawal of the
        // name withdraws both, as `status` showed them).
        let mut names: HashMap<String, Vec<String>> = HashMap::new();
        let mut floors: HashMap<String, (usize, Option<Floor>)> = HashMap::new();
        let mut launches = Vec::new();
        for (index, row) in rows.into_iter().enumerate() {
            match row.what {
                What::Answer(answer) => {
                    let key = answer.key();
                    let name = answer.answer.clone();
                    let expired = answer.expired(now);
                    let standing = Standing {
                        at: row.at,
                        who: row.who,
                        answer,
                        expired,
                    };
                    if let Some((_, old)) = answers.insert(key.clone(), (index, standing)) {
                        if old.answer.answer != name {
                            if let Some(keys) = names.get_mut(&old.answer.answer) {
                                keys.retain(|k| *k != key);
                            }
                        }
                    }
                    let keys = names.entry(name).or_default();
                    if !keys.contains(&key) {
                        keys.push(key);
                    }
                }
                What::Withdraw { ref answer } => {
                    for key in names.remove(answer).unwrap_or_default() {
                        answers.remove(&key);
                    }
                }
                What::Floor { ref agent, action } => {
                    let floor = (action == FloorAction::Raise).then(|| Floor {
                        agent: agent.clone(),
                        at: row.at.clone(),
                        who: row.who.clone(),
                    });
                    floors.insert(agent.clone(), (index, floor));
                }
                What::Launch { .. } => launches.push(row),
            }
        }
        let mut answers: Vec<(usize, Standing)> = answers.into_values().collect();
        answers.sort_by_key(|(index, _)| *index);
        let mut floors: Vec<(usize, Floor)> = floors
            .into_values()
            .filter_map(|(i, f)| f.map(|f| (i, f)))
            .collect();
        floors.sort_by_key(|(index, _)| *index);
        State {
            answers: answers.into_iter().map(|(_, s)| s).collect(),
            floors: floors.into_iter().map(|(_, f)| f).collect(),
            skipped,
            launches,
        }
    }

    /// Read and fold only what can bear on one agent's consult: floors and
    /// answers of the agent and its ancestors, workspace answers, withdrawals.
    /// Every other line is passed over unparsed, so a long trail stays cheap.
    pub fn load_for(state_dir: &Path, agent: &str) -> Result<State> {
        Ok(State::fold_for(&read_bytes(state_dir)?, agent, SystemTime::now()))
    }

    /// What [`State::load_for`] folds, from the trail's bytes: only the lines
    /// that can bear on `agent`'s consult are parsed.
    pub fn fold_for(bytes: &[u8], agent: &str, now: SystemTime) -> State {
        let mut ancestors: Vec<String> = agent
            .match_indices('-')
            .map(|(i, _)| agent[..i].to_owned())
            .collect();
        ancestors.push(agent.to_owned());
        let needles: Vec<memchr::memmem::Finder<'static>> = ancestors
            .iter()
            .flat_map(|a| [format!("\"agent\":\"{a}\""), format!("\"agent\": \"{a}\"")])
            .chain(["\"withdraw\"".to_owned(), "\"workspace\"".to_owned()])
            .map(|n| memchr::memmem::Finder::new(n.as_bytes()).into_owned())
            .collect();
        let keep = |line: &[u8]| needles.iter().any(|n| n.find(line).is_some());
        let (rows, skipped) = parse(bytes, keep);
        State::fold(rows, skipped, now)
    }

    /// Read and fold a workspace's trail.
    pub fn load(state_dir: &Path) -> Result<State> {
        let (rows, skipped) = read(state_dir)?;
        Ok(State::fold(rows, skipped, SystemTime::now()))
    }

    /// The raised floor standing over `agent` (its own, or its nearest
    /// ancestor's), if any.
    pub fn floor_over(&self, agent: &str) -> Option<&Floor> {
        self.floors
            .iter()
            .filter(|f| descends(agent, &f.agent))
            .max_by_key(|f| f.agent.len())
    }

    /// The standing answer for `agent` and `class` (`<tool>@<effect>`): the
    /// nearest conversation answer (the longest ancestor), else the
    /// workspace's. Expired answers stand for nothing.
    pub fn standing_for(&self, agent: &str, class: &str) -> Option<&Standing> {
        let live = |s: &&Standing| !s.expired && s.answer.class().as_deref() == Some(class);
        self.answers
            .iter()
            .filter(live)
            .filter(|s| s.answer.scope == Scope::Conversation && descends(agent, &s.answer.agent))
            .max_by_key(|s| s.answer.agent.len())
            .or_else(|| {
                self.answers
                    .iter()
                    .filter(live)
                    .find(|s| s.answer.scope == Scope::Workspace)
            })
    }

    /// The call answer for exactly this call: the same agent, tool_use id and
    /// input digest (a tagless hold's answer keys by agent and id alone).
    /// A wider answer settles the call it was given on too, so any scope's
    /// answer recorded for this call counts; the latest one speaks.
    pub fn call_answer(&self, agent: &str, id: &str, digest: &str) -> Option<&Standing> {
        self.answers.iter().rev().find(|s| {
            !s.expired
                && s.answer.agent == agent
                && s.answer.tool_use_id == id
                && s.answer.digest.as_deref().is_none_or(|d| d == digest)
        })
    }

    /// An answer by its name.
    pub fn answer_named(&self, name: &str) -> Option<&Standing> {
        self.answers.iter().find(|s| s.answer.answer == name)
    }
}

/// A short name for a new answer, unique enough to type.
pub fn answer_name(at: &str, agent: &str, tool_use_id: &str, scope: Scope) -> String {
    use sha2::{Digest, Sha256};
    let hash = Sha256::digest(format!("{at} {agent} {tool_use_id} {}", scope.word()).as_bytes());
    format!("a-{}", &crate::reason::hex(&hash)[..8])
}

/// The effect a standing answer's class names.
pub fn class_effect(class: &str) -> Option<Effect> {
    class
        .rsplit_once('@')
        .and_then(|(_, e)| Effect::from_word(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(name: &str, scope: Scope, agent: &str, ruling: Ruling) -> Row {
        Row::now(What::Answer(Answer {
            answer: name.into(),
            ruling,
            scope,
            agent: agent.into(),
            tool_use_id: "t1".into(),
            tool: "bash".into(),
            effect: Some("open-world".into()),
            digest: Some("d".into()),
            reason: "r".into(),
            expires: None,
        }))
    }

    #[test]
    fn later_rows_supersede_and_withdrawals_remove() {
        let rows = vec![
            answer("a-1", Scope::Workspace, "x", Ruling::Pass),
            answer("a-2", Scope::Workspace, "y", Ruling::Refuse),
            answer("a-3", Scope::Conversation, "root", Ruling::Pass),
            Row::now(What::Withdraw {
                answer: "a-3".into(),
            }),
        ];
        let state = State::fold(rows, 0, SystemTime::now());
        assert_eq!(state.answers.len(), 1);
        assert_eq!(state.answers[0].answer.answer, "a-2");
        assert_eq!(
            state
                .standing_for("root-1-2", "bash@open-world")
                .map(|s| s.answer.ruling),
            Some(Ruling::Refuse)
        );
    }

    #[test]
    fn a_withdrawal_withdraws_every_answer_standing_under_its_name() {
        // Names are short hashes: two answers for different conversations can
        // share one. Withdrawing it withdraws both (found by the trail fuzz
        // target: the second stayed, and the consult, which folds only one
        // agent's rows, disagreed with `status`).
        let rows = vec![
            answer("a-1", Scope::Conversation, "root", Ruling::Pass),
            answer("a-1", Scope::Conversation, "other", Ruling::Refuse),
            answer("a-2", Scope::Workspace, "x", Ruling::Hold),
            Row::now(What::Withdraw {
                answer: "a-1".into(),
            }),
        ];
        let state = State::fold(rows, 0, SystemTime::now());
        let names: Vec<&str> = state.answers.iter().map(|s| s.answer.answer.as_str()).collect();
        assert_eq!(names, ["a-2"]);
        // A name superseded at its key no longer withdraws what replaced it.
        let rows = vec![
            answer("a-1", Scope::Workspace, "x", Ruling::Pass),
            answer("a-2", Scope::Workspace, "y", Ruling::Refuse),
            Row::now(What::Withdraw {
                answer: "a-1".into(),
            }),
        ];
        let state = State::fold(rows, 0, SystemTime::now());
        assert_eq!(state.answers.len(), 1);
        assert_eq!(state.answers[0].answer.answer, "a-2");
    }

    #[test]
    fn the_nearest_conversation_answer_wins() {
        let rows = vec![
            answer("a-1", Scope::Conversation, "root", Ruling::Refuse),
            answer("a-2", Scope::Conversation, "root-c-1", Ruling::Pass),
            answer("a-3", Scope::Workspace, "zzz", Ruling::Hold),
        ];
        let state = State::fold(rows, 0, SystemTime::now());
        assert_eq!(
            state
                .standing_for("root-c-1-d-2", "bash@open-world")
                .unwrap()
                .answer
                .answer,
            "a-2"
        );
        assert_eq!(
            state
                .standing_for("root-e-3", "bash@open-world")
                .unwrap()
                .answer
                .answer,
            "a-1"
        );
        assert_eq!(
            state
                .standing_for("other", "bash@open-world")
                .unwrap()
                .answer
                .answer,
            "a-3"
        );
        assert!(state.standing_for("root", "bash@read").is_none());
    }

    #[test]
    fn floors_stand_over_the_descent() {
        let raise = |a: &str| {
            Row::now(What::Floor {
                agent: a.into(),
                action: FloorAction::Raise,
            })
        };
        let lower = |a: &str| {
            Row::now(What::Floor {
                agent: a.into(),
                action: FloorAction::Lower,
            })
        };
        let state = State::fold(
            vec![raise("root"), raise("root-c-1"), lower("root-c-1")],
            0,
            SystemTime::now(),
        );
        assert_eq!(
            state.floor_over("root-c-1-x-2").map(|f| f.agent.as_str()),
            Some("root")
        );
        assert!(state.floor_over("rootx").is_none());
        assert!(state.floor_over("other").is_none());
    }

    #[test]
    fn expired_answers_stand_for_nothing() {
        let mut row = answer("a-1", Scope::Workspace, "x", Ruling::Pass);
        if let What::Answer(a) = &mut row.what {
            a.expires = Some("2001-01-01T00:00:00Z".into());
        }
        let state = State::fold(vec![row], 0, SystemTime::now());
        assert!(state.answers[0].expired);
        assert!(state.standing_for("x", "bash@open-world").is_none());
    }

    #[test]
    fn rows_from_a_newer_wicket_still_read() {
        let line = r#"{"at":"2026-11-29T10:00:00Z","who":{"user":"u","host":"h","tty":"x"},"row":"floor","agent":"a","action":"raise","why":"new field"}"#;
        let row: Row = serde_json::from_str(line).unwrap();
        assert_eq!(
            row.what,
            What::Floor {
                agent: "a".into(),
                action: FloorAction::Raise
            }
        );
        assert!(serde_json::from_str::<Row>(
            r#"{"at":"x","who":{"user":"u","host":"h"},"row":"future-kind"}"#
        )
        .is_err());
    }
}
