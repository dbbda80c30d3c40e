//! Bindings for `wicket:classifier@0.1.1` (which also serves plugins built against 0.1.0), generated from the project's one
//! WIT file. A later contract version gets a module of its own beside this
//! one; the rest of the host sees only the runtime's own types.

wasmtime::component::bindgen!({
    path: "../wit/classifier.wit",
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
