//! An example classifier: every `fetch`/`web_fetch` call (input `url`) of a
//! host outside this workspace's allow list is held for the operator; an
//! allowed host reads as an ordinary read. Configure it in capability.yaml:
//!
//! ```yaml
//! classifiers:
//!   - path: plugins/fetch-guard.wasm
//!     config:
//!       allow: [docs.rs, crates.io]
//! ```
use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome};

struct FetchGuard;

impl Classifier for FetchGuard {
    fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String> {
        if call.tool != "fetch" && call.tool != "web_fetch" {
            return Ok(Outcome::Abstain);
        }
        let Some(allow) = ctx.config().get("allow").and_then(|a| a.as_array()) else {
            return Err("fetch-guard needs `config: {allow: [hosts…]}` in capability.yaml".into());
        };
        let Some(url) = call.input_str("url") else {
            return Ok(Outcome::one(
                Effect::Opaque,
                format!("{} without a url string", call.tool),
            ));
        };
        let host = url
            .split_once("://")
            .map_or(url, |(_, rest)| rest)
            .split(['/', '?', '#'])
            .next()
            .unwrap_or("")
            .rsplit('@')
            .next()
            .unwrap_or("")
            .split(':')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let allowed = allow
            .iter()
            .filter_map(|h| h.as_str())
            .any(|h| host == h || host.ends_with(&format!(".{h}")));
        if allowed {
            Ok(Outcome::one(
                Effect::Read,
                format!("fetch of {host}, which this workspace allows"),
            ))
        } else {
            Ok(Outcome::Findings(vec![Finding::new(
                Effect::OpenWorld,
                format!("fetch of {host}, which is not on this workspace's allow list"),
            )
            .hold()]))
        }
    }
}

wicket_guest::export_classifier!(FetchGuard);
