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

use anyhow::{bail, Result};

use crate::workspace::valid_ref_component;

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
            print!("{}", self.human);
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

/// The agent a person means: its full id, else the one agent whose id starts
/// with what was typed (among those with a parked call first, when
/// `parked_first`). Nothing that matches: what was typed, for the verb's own
/// sentence. Several: a sentence listing them.
pub fn resolve_agent(ws: &crate::workspace::Workspace, given: &str, parked_first: bool) -> Result<String> {
    if given.is_empty() {
        bail!("an agent id is empty; `wicket status {}` lists the agents with parked calls", ws.root.display());
    }
    if ws.agent_exists(given) || ws.hold_mark(given).is_some() {
        return Ok(given.to_owned());
    }
    let mut ids: Vec<String> = ws
        .refs(crate::workspace::AGENT_HEADS)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(name, _)| name.strip_prefix(crate::workspace::AGENT_HEADS).map(str::to_owned))
        .chain(ws.hold_marks().unwrap_or_default().into_iter().map(|(agent, _)| agent))
        .filter(|id| id.starts_with(given))
        .collect();
    ids.sort();
    ids.dedup();
    if parked_first && ids.len() > 1 {
        let parked: Vec<String> = ids.iter().filter(|id| ws.hold_mark(id).is_some()).cloned().collect();
        if parked.len() == 1 {
            return Ok(parked[0].clone());
        }
    }
    match ids.len() {
        0 => Ok(given.to_owned()),
        1 => Ok(ids.remove(0)),
        n => bail!(
            "`{given}` is the start of {n} agents' ids ({}); type more of the one you mean",
            ids.join(", ")
        ),
    }
}
