//! Bindings for `wicket:classifier@0.1.1` (`wit/v0.1.1`), which also serve
//! plugins built against 0.1.0 (0.1.1 only added host queries). Kept so
//! plugins built against the 0.1 line keep loading; the rest of the host sees
//! only the runtime's own types.

wasmtime::component::bindgen!({
    path: "../wit/v0.1.1",
    world: "classifier",
});

pub use self::wicket::classifier::types::{Effect, Ruling};

impl From<Effect> for wicket_guest::Effect {
    fn from(effect: Effect) -> wicket_guest::Effect {
        match effect {
            Effect::Read => wicket_guest::Effect::Read,
            Effect::TargetWrite => wicket_guest::Effect::TargetWrite,
            Effect::Process => wicket_guest::Effect::Process,
            Effect::OpenWorld => wicket_guest::Effect::OpenWorld,
            Effect::Destructive => wicket_guest::Effect::Destructive,
            Effect::Secret => wicket_guest::Effect::Secret,
            Effect::Opaque => wicket_guest::Effect::Opaque,
        }
    }
}

impl From<Ruling> for crate::judge::Ruling {
    fn from(ruling: Ruling) -> crate::judge::Ruling {
        match ruling {
            Ruling::Pass => crate::judge::Ruling::Pass,
            Ruling::Hold => crate::judge::Ruling::Hold,
            Ruling::Refuse => crate::judge::Ruling::Refuse,
        }
    }
}

impl From<Outcome> for super::sandbox::Said {
    fn from(outcome: Outcome) -> super::sandbox::Said {
        match outcome {
            Outcome::Abstain => super::sandbox::Said::Abstain,
            Outcome::Findings(findings) => super::sandbox::Said::Findings(
                findings
                    .into_iter()
                    .map(|f| super::Found {
                        effect: f.effect.into(),
                        why: f.why,
                        ruling: f.ruling.map(Into::into),
                    })
                    .collect(),
            ),
        }
    }
}

/// The question in this version's terms (it has no `confined`).
pub fn question(q: &super::Question, config: &str) -> (Request, Context) {
    (
        Request {
            id: q.id.clone(),
            tool: q.tool.clone(),
            input: q.input_json.clone(),
            role: q.role.clone(),
            agent_id: q.agent_id.clone(),
        },
        Context {
            workspace: q.workspace.clone(),
            writable_root: q.writable_root.clone(),
            cwd: q.cwd.clone(),
            home: q.home.clone(),
            protected: q.protected.clone(),
            secret_fragments: q.secret_fragments.clone(),
            config: config.to_owned(),
        },
    )
}

/// A host answer to `resolve-path` in this version's terms.
pub fn resolved(path: String, kind: wicket_guest::PathKind) -> wicket::classifier::types::Resolved {
    use self::wicket::classifier::types::PathKind as Kind;
    let kind = match kind {
        wicket_guest::PathKind::Missing => Kind::Missing,
        wicket_guest::PathKind::File => Kind::File,
        wicket_guest::PathKind::Directory => Kind::Directory,
        wicket_guest::PathKind::Other => Kind::Other,
    };
    wicket::classifier::types::Resolved { path, kind }
}
