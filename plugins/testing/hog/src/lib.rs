//! A plugin that allocates without bound, touching every page it gets.
use wicket_guest::{Call, Classifier, Context, Outcome};

struct Hog;

impl Classifier for Hog {
    fn classify(_call: &Call, _ctx: &Context) -> Result<Outcome, String> {
        let mut kept: Vec<Vec<u8>> = Vec::new();
        loop {
            let chunk = vec![1u8; 1 << 20];
            kept.push(std::hint::black_box(chunk));
            if kept.len() == usize::MAX {
                break;
            }
        }
        Ok(Outcome::Abstain)
    }
}

wicket_guest::export_classifier!(Hog);
