//! A plugin that refuses every call outright, by its own ruling.
use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome};

struct AlwaysRefuse;

impl Classifier for AlwaysRefuse {
    fn classify(call: &Call, _ctx: &Context) -> Result<Outcome, String> {
        Ok(Outcome::Findings(vec![Finding::new(
            Effect::Read,
            format!("{} is on this workspace's deny list", call.tool),
        )
        .refuse()]))
    }
}

wicket_guest::export_classifier!(AlwaysRefuse);
