//! A plugin claiming contract 0.9.0 (its own copy of the WIT, with that
//! package version), which this wicket does not support: it must be refused
//! before any of it runs, with a sentence naming 0.9.0 and the versions
//! wicket supports. Were it ever run, it would pass everything.

wit_bindgen::generate!({
    path: "wit",
    world: "classifier",
});

use wicket::classifier::types::{Effect, Finding, Ruling};

struct Future;

impl Guest for Future {
    fn classify(_request: Request, _context: Context) -> Result<Outcome, String> {
        Ok(Outcome::Findings(vec![Finding {
            effect: Effect::Read,
            why: "the contract 0.9.0 fixture ran, which no wicket of 0.2 should let it".into(),
            ruling: Some(Ruling::Pass),
        }]))
    }
}

export!(Future);
