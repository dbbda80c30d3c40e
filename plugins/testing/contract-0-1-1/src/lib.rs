//! A plugin built against contract 0.1.1 — the WIT in `wit/v0.1.1`, bound
//! with wit-bindgen directly, no SDK — kept as a fixture: a wicket of a newer
//! contract must still load it, ask it about calls and use its answers.
//!
//! It refuses a `bash` command that mentions `old-contract`, naming the cwd
//! the host resolved for it (so the host query of 0.1.1 is exercised too),
//! and abstains on everything else.

wit_bindgen::generate!({
    path: "../../../wit/v0.1.1",
    world: "classifier",
});

use wicket::classifier::types::{Effect, Finding, Ruling};

struct Old;

impl Guest for Old {
    fn classify(request: Request, context: Context) -> Result<Outcome, String> {
        if request.tool != "bash" || !request.input.contains("old-contract") {
            return Ok(Outcome::Abstain);
        }
        let cwd = wicket::classifier::host::resolve_path(&context.cwd);
        Ok(Outcome::Findings(vec![Finding {
            effect: Effect::Destructive,
            why: format!("the contract 0.1.1 fixture refuses this (cwd {})", cwd.path),
            ruling: Some(Ruling::Refuse),
        }]))
    }
}

export!(Old);
