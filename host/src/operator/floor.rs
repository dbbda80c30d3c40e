//! `revoke` takes a conversation's auto-approval away (every call above read
//! waits for the operator, over its whole descent) and `restore` gives it
//! back; the trail records them as floor rows (`raise`/`lower`). `withdraw`
//! takes a standing answer back. Each writes one row and launches nothing;
//! the receipt is re-derived from the trail afterwards, so it says what now
//! stands rather than what was asked for.

use std::path::Path;

use anyhow::{bail, Context, Result};
use serde_json::json;

use crate::operator::{check_agent_id, Receipt};
use crate::trail::{self, FloorAction, Row, State, What};

pub fn revoke(ws: &Path, agent: &str) -> Result<Receipt> {
    set(ws, agent, FloorAction::Raise)
}

pub fn restore(ws: &Path, agent: &str) -> Result<Receipt> {
    set(ws, agent, FloorAction::Lower)
}

fn set(ws: &Path, agent: &str, action: FloorAction) -> Result<Receipt> {
    let ws = crate::workspace::Workspace::open(ws)?;
    // A unique start of an id, or a display name, names one agent; the row
    // carries its full id.
    let agent = crate::operator::resolve_agent(&ws, agent, false)?;
    let agent = agent.as_str();
    check_agent_id(agent)?;
    // A mistyped or truncated id would revoke every conversation sharing its prefix.
    if !ws.agent_exists(agent) {
        return Err(crate::operator::refused(
            crate::operator::Refusal::NoSuchAgent,
            format!(
                "there is no agent {agent} in {} (no branch agents/{agent}); give an agent id, a unique start of one or a display name, as `wicket status` lists them",
                ws.root.display()
            ),
        ));
    }
    let state_dir = ws.state_dir();
    // Only the floors over `agent` are asked about: its ancestry's fold (as
    // a consult reads it) answers that as the whole fold would.
    let before = State::load_for(&state_dir, agent).ok();
    crate::operator::append(
        &ws,
        &Row::now(What::Floor {
            agent: agent.to_owned(),
            action,
        }),
        None,
    )
    .context("nothing was revoked or restored")?;
    let state = State::load_for(&state_dir, agent)
        .context("the row was written, but the trail could not be read back")?;
    let over = state.floor_over(agent);
    let human = match (action, over) {
        (FloorAction::Raise, _) => format!(
            "Revoked: {agent} and its whole descent (children not yet born included) — from their next call, everything above read waits for the operator. Nothing was stopped; `wicket restore {} {agent}` gives it back.\n",
            ws.root.display()
        ),
        (FloorAction::Lower, Some(floor)) if floor.agent != agent => format!(
            "{agent} stays revoked: its ancestor {} is revoked (since {} by {}@{}). Restore that one to give it back.\n",
            floor.agent, floor.at, floor.who.user, floor.who.host
        ),
        (FloorAction::Lower, _) => {
            let was = before.as_ref().and_then(|s| s.floor_over(agent)).is_some();
            if was {
                format!("Restored: {agent}'s calls are adjudicated by the policy again from its next call. A call already parked is released by answering it.\n")
            } else {
                format!("{agent} was not revoked; its calls are adjudicated by the policy as before.\n")
            }
        }
    };
    // The operator's words: revoke/restore, and whether (and by which
    // conversation) the agent stands revoked now.
    let revoked_by = over.map(|f| f.agent.clone());
    let verb = match action {
        FloorAction::Raise => "revoke",
        FloorAction::Lower => "restore",
    };
    Ok(Receipt {
        human,
        json: json!({ "agent": agent, "action": verb, "revoked": revoked_by.is_some(), "revoked_by": revoked_by }),
    })
}

pub fn withdraw(ws: &Path, name: &str) -> Result<Receipt> {
    let ws = crate::workspace::Workspace::open(ws)?;
    let state_dir = ws.state_dir();
    let read = trail::Snapshot::load(&state_dir)?;
    let Some(standing) = read
        .answers()
        .into_iter()
        .find(|s| s.answer.answer == name)
        .cloned()
    else {
        bail!(
            "no answer named {name} stands in {} (`wicket status` lists the standing answers)",
            ws.root.display()
        );
    };
    crate::operator::append(
        &ws,
        &Row::now(What::Withdraw {
            answer: name.to_owned(),
        }),
        Some(read),
    )
    .context("nothing was withdrawn")?;
    let a = &standing.answer;
    let human = format!(
        "Withdrawn: {name} ({} for {} at {} scope, given {} by {}@{}). From the next call it stands for nothing.\n",
        a.ruling.word(),
        a.class().unwrap_or_else(|| a.tool.clone()),
        a.scope.word(),
        standing.at,
        standing.who.user,
        standing.who.host
    );
    Ok(Receipt {
        human,
        json: json!({ "withdrawn": standing }),
    })
}
