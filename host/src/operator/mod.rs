//! The operator's verbs: answer a parked call, withdraw a standing answer,
//! revoke and restore a conversation's auto-approval, see what waits and why,
//! explain one consult, wire wicket into a workspace, run litany in the wall.
//!
//! Every verb checks everything it can before it writes anything, says what
//! went wrong in one sentence, and prints a receipt (`--json` for scripts).

pub mod answer;
pub mod check;
pub mod explain;
pub mod floor;
pub mod init;
pub mod launch;
pub mod run;
pub mod status;
pub mod suggest;

use std::path::PathBuf;
use std::sync::OnceLock;

use anyhow::{bail, Result};

use crate::trail::{self, Row};
use crate::workspace::{valid_ref_component, Workspace};

/// The program that writes a checkpoint an operator's verb leaves due (the
/// `wicket` binary's own hidden `summarise` verb), once the binary has said
/// so; until then, and for every other caller of these verbs, the verb
/// writes it itself.
static SUMMARISER: OnceLock<PathBuf> = OnceLock::new();

/// Called by the `wicket` binary before a verb that writes the trail: a
/// checkpoint falling due with the verb's row is then written by `program
/// summarise <ws>`, started on its own, and the verb answers once its row
/// is on disk.
pub fn summarise_with(program: PathBuf) {
    let _ = SUMMARISER.set(program);
}

/// The hidden `summarise` verb: the checkpoint that has fallen due, written.
pub fn summarise(ws: &std::path::Path) -> Result<()> {
    let ws = Workspace::open(ws)?;
    trail::summarise(&ws.state_dir())?;
    Ok(())
}

/// Append an operator's row to the workspace's trail (flushed to disk
/// before this returns). A checkpoint that falls due with it is written
/// by a summariser that outlives the verb, when the binary named one (see
/// [`summarise_with`]): in its own process group, with no terminal and no
/// output, taking the trail's lock as every writer does. One that cannot
/// be started costs speed, never a row: the next writer finds the
/// checkpoint still due and writes it.
pub fn append(ws: &Workspace, row: &Row, read: Option<trail::Snapshot>) -> Result<()> {
    let state = ws.state_dir();
    let Some(program) = SUMMARISER.get() else {
        return match read {
            Some(read) => trail::append_after(&state, row, read),
            None => trail::append(&state, row),
        };
    };
    if trail::append_leaving_checkpoint(&state, row)? {
        use std::os::unix::process::CommandExt;
        use std::process::{Command, Stdio};
        let _ = Command::new(program)
            .arg("summarise")
            .arg(&ws.root)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn();
    }
    Ok(())
}

/// What a verb prints: a sentence or table for people, a value for scripts.
pub struct Receipt {
    pub human: String,
    pub json: serde_json::Value,
}

impl Receipt {
    pub fn print(&self, json: bool) {
        if json {
            println!(
                "{}",
                serde_json::to_string_pretty(&self.json).unwrap_or_else(|_| "{}".into())
            );
        } else {
            print!("{}", crate::reason::for_terminal(&self.human));
            if !self.human.ends_with('\n') {
                println!();
            }
        }
    }
}

/// An agent id as litany makes them, or a sentence saying it is not one.
pub fn check_agent_id(agent: &str) -> Result<()> {
    if !valid_ref_component(agent) {
        bail!("`{agent}` is not an agent id (they look like 20261129T181730Z-1c32bb5e; `wicket status` lists parked ones)");
    }
    Ok(())
}

/// An agent's display name: the `name` file litany commits at the tip of
/// its branch, when it has one.
pub fn display_name(ws: &crate::workspace::Workspace, tip: &str) -> Option<String> {
    let bytes = ws.file_at(tip, "name").ok()??;
    let name = String::from_utf8_lossy(&bytes).trim().to_owned();
    (!name.is_empty() && name.len() <= 200 && !name.chars().any(char::is_control)).then_some(name)
}

/// An agent's display name, by its id (`None`: no branch, or no name).
pub fn name_of(ws: &crate::workspace::Workspace, agent: &str) -> Option<String> {
    display_name(ws, &ws.agent_tip(agent)?)
}

/// The agent a person means: its full id; else the one agent whose id
/// starts with what was typed or whose display name it is (among those with
/// a parked call first, when `parked_first`). Nothing that matches: what was
/// typed, for the verb's own sentence. Several: a sentence listing them.
pub fn resolve_agent(
    ws: &crate::workspace::Workspace,
    given: &str,
    parked_first: bool,
) -> Result<String> {
    if given.is_empty() {
        bail!(
            "the agent is empty; `wicket status {}` lists the agents with parked calls",
            ws.root.display()
        );
    }
    if ws.agent_exists(given) || ws.hold_mark(given).is_some() {
        return Ok(given.to_owned());
    }
    let heads = ws.refs(crate::workspace::AGENT_HEADS).unwrap_or_default();
    // By the start of the id, and by display name, apart: a name is chosen
    // by whoever named the agent (a model can name the children it
    // dispatches), so it never narrows a choice among ids, and a name that
    // collides with an id's start makes the choice ambiguous.
    let mut by_id: Vec<(String, Option<String>)> = Vec::new();
    let mut by_name: Vec<(String, Option<String>)> = Vec::new();
    for (head, tip) in &heads {
        let Some(id) = head.strip_prefix(crate::workspace::AGENT_HEADS) else {
            continue;
        };
        let name = display_name(ws, tip);
        if id.starts_with(given) {
            by_id.push((id.to_owned(), name.clone()));
        }
        if name.as_deref() == Some(given) {
            by_name.push((id.to_owned(), name));
        }
    }
    for (id, _) in ws.hold_marks().unwrap_or_default() {
        if id.starts_with(given) && !by_id.iter().any(|(f, _)| *f == id) {
            by_id.push((id, None));
        }
    }
    if parked_first && by_name.is_empty() && by_id.len() > 1 {
        let parked: Vec<&(String, Option<String>)> = by_id
            .iter()
            .filter(|(id, _)| ws.hold_mark(id).is_some())
            .collect();
        if parked.len() == 1 {
            return Ok(parked[0].0.clone());
        }
    }
    let mut found = by_id;
    for candidate in by_name {
        if !found.iter().any(|(id, _)| *id == candidate.0) {
            found.push(candidate);
        }
    }
    found.sort();
    match found.len() {
        0 => Ok(given.to_owned()),
        1 => Ok(found.remove(0).0),
        n => Err(refused(
            Refusal::AmbiguousAgent,
            format!(
                "`{given}` could be any of {n} agents ({}); give more of the id you mean",
                found
                    .iter()
                    .map(|(id, name)| match name {
                        Some(name) => format!("{id} \"{name}\""),
                        None => id.clone(),
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

/// What kind of thing a person asked for that a verb would not do: each has
/// its own exit status and `--json` word (the README tables them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Nothing is parked on that agent (exit 4).
    NothingParked,
    /// No agent by that id, start or name (exit 5).
    NoSuchAgent,
    /// A start or name that fits several agents (exit 6).
    AmbiguousAgent,
    /// `--id` is not the parked call's: mistyped, or the hold changed (exit 7).
    HoldChanged,
    /// The scope asked for cannot stand for this call's class (exit 8).
    ScopeNotAllowed,
}

impl Refusal {
    pub fn code(self) -> i32 {
        match self {
            Refusal::NothingParked => 4,
            Refusal::NoSuchAgent => 5,
            Refusal::AmbiguousAgent => 6,
            Refusal::HoldChanged => 7,
            Refusal::ScopeNotAllowed => 8,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Refusal::NothingParked => "nothing-parked",
            Refusal::NoSuchAgent => "no-such-agent",
            Refusal::AmbiguousAgent => "ambiguous-agent",
            Refusal::HoldChanged => "hold-changed",
            Refusal::ScopeNotAllowed => "scope-not-allowed",
        }
    }
}

/// A verb's refusal: its kind and its one sentence.
#[derive(Debug)]
pub struct Refused {
    pub kind: Refusal,
    pub sentence: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.sentence)
    }
}

impl std::error::Error for Refused {}

/// A refusal of `kind`, as an error a verb returns.
pub fn refused(kind: Refusal, sentence: String) -> anyhow::Error {
    anyhow::Error::new(Refused { kind, sentence })
}

/// The exit status and `--json` word for a verb's error: its refusal's, or
/// 1 and `failed` for everything else (a workspace that is not one, a file
/// that cannot be read, a trail that cannot be written).
pub fn exit_of(error: &anyhow::Error) -> (i32, &'static str) {
    match error.downcast_ref::<Refused>() {
        Some(r) => (r.kind.code(), r.kind.word()),
        None => (1, "failed"),
    }
}
