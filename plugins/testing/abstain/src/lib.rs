//! A plugin with nothing to say about any call.
use wicket_guest::{Call, Classifier, Context, Outcome};

struct Abstain;

impl Classifier for Abstain {
    fn classify(_call: &Call, _ctx: &Context) -> Result<Outcome, String> {
        Ok(Outcome::Abstain)
    }
}

wicket_guest::export_classifier!(Abstain);
