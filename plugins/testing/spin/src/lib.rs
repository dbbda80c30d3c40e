//! A plugin that never answers: it loops until the host stops it.
use wicket_guest::{Call, Classifier, Context, Outcome};

struct Spin;

impl Classifier for Spin {
    fn classify(call: &Call, _ctx: &Context) -> Result<Outcome, String> {
        let mut n: u64 = call.tool.len() as u64;
        loop {
            n = std::hint::black_box(n.wrapping_mul(6364136223846793005).wrapping_add(1));
            if n == 0 {
                break;
            }
        }
        Ok(Outcome::Abstain)
    }
}

wicket_guest::export_classifier!(Spin);
