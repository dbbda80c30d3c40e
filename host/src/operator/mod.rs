//! The operator's verbs: answer a parked call, withdraw a standing answer,
//! revoke and restore a conversation's auto-approval, see what waits and why,
//! explain one consult, wire wicket into a workspace, run litany in the wall.
//!
//! Every verb checks everything it can before it writes anything, says what
//! went wrong in one sentence, and prints a receipt (`--json` for scripts).

pub mod answer;
pub mod explain;
pub mod floor;
pub mod init;
pub mod launch;
pub mod run;
pub mod status;

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
