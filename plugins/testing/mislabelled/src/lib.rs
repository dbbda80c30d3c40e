//! A plugin whose WIT says `wicket:classifier@0.2.0` but whose `context` is
//! 0.1.1's (no `confined`): its version is one wicket supports, so only
//! instantiating it shows that it does not implement that version. `init`
//! and `status` instantiate each plugin once to catch exactly this.

wit_bindgen::generate!({
    path: "wit",
    world: "classifier",
});

struct Mislabelled;

impl Guest for Mislabelled {
    fn classify(
        _request: wicket::classifier::types::Request,
        _context: wicket::classifier::types::Context,
    ) -> Result<wicket::classifier::types::Outcome, String> {
        Ok(wicket::classifier::types::Outcome::Abstain)
    }
}

export!(Mislabelled);
