//! A plugin built for wasm32-wasip2 that prints its configuration (where an
//! operator might keep a token) to stdout and stderr, then breaks with a
//! panic whose message carries it too. What a plugin prints is the
//! operator's to read (`wicket explain`), never the model's.
use wicket_guest::{Call, Classifier, Context, Outcome};

struct Leak;

impl Classifier for Leak {
    fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String> {
        let config = ctx.config().to_string();
        println!("stdout: my configuration is {config}");
        eprintln!("stderr: my configuration is {config}");
        panic!("breaking on {} with configuration {config}", call.tool)
    }
}

wicket_guest::export_classifier!(Leak);
