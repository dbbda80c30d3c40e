//! A plugin whose answers break the contract, chosen by the call's tool name:
//! `flood` returns far more findings than allowed, `blank` a finding with an
//! empty why, `error` the plugin's own refusal to judge (an `Err`).
use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome};

struct Garbage;

impl Classifier for Garbage {
    fn classify(call: &Call, _ctx: &Context) -> Result<Outcome, String> {
        match call.tool.as_str() {
            "flood" => Ok(Outcome::Findings(
                (0..100_000)
                    .map(|i| Finding::new(Effect::Read, format!("finding {i}")))
                    .collect(),
            )),
            "blank" => Ok(Outcome::Findings(vec![Finding::new(Effect::Read, "")])),
            "error" => Err("this plugin's configuration names no allow list".into()),
            _ => Ok(Outcome::Abstain),
        }
    }
}

wicket_guest::export_classifier!(Garbage);
