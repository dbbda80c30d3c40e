//! A plugin that breaks on every call: a panic, which is a trap in wasm.
use wicket_guest::{Call, Classifier, Context, Outcome};

struct Trap;

impl Classifier for Trap {
    fn classify(call: &Call, _ctx: &Context) -> Result<Outcome, String> {
        panic!("this plugin always breaks (asked about {})", call.tool)
    }
}

wicket_guest::export_classifier!(Trap);
