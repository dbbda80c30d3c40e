//! From findings to one ruling: the table rules each finding (unless it
//! carries its own ruling), the strictest wins, and the finding that set it
//! decides the class and the why. Then what the operator decided is folded
//! in, in a fixed order: a floor, standing answers, a call answer.
//!
//! This module decides; it reads nothing and writes nothing.

use wicket_guest::Effect;

/// What the consult does with a call, ordered from least to most strict.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum Ruling {
    Pass,
    Hold,
    Refuse,
}

impl Ruling {
    pub fn word(self) -> &'static str {
        match self {
            Ruling::Pass => "pass",
            Ruling::Hold => "hold",
            Ruling::Refuse => "refuse",
        }
    }

    pub fn from_word(word: &str) -> Option<Ruling> {
        match word {
            "pass" => Some(Ruling::Pass),
            "hold" => Some(Ruling::Hold),
            "refuse" => Some(Ruling::Refuse),
            _ => None,
        }
    }
}

/// Every effect, least reach first.
pub const EFFECTS: [Effect; 7] = [
    Effect::Read,
    Effect::TargetWrite,
    Effect::Process,
    Effect::OpenWorld,
    Effect::Destructive,
    Effect::Secret,
    Effect::Opaque,
];

/// Effects an operator may only answer call by call: a standing answer never
/// applies to them, and a wider answer for them is refused.
pub fn call_only(effect: Effect) -> bool {
    matches!(
        effect,
        Effect::Destructive | Effect::Secret | Effect::Opaque
    )
}

/// Effect → ruling: the shipped rows, with a workspace's overrides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    rows: [Ruling; 7],
}

impl Default for Table {
    fn default() -> Table {
        Table {
            rows: [
                Ruling::Pass,   // read
                Ruling::Pass,   // target-write
                Ruling::Pass,   // process
                Ruling::Pass,   // open-world
                Ruling::Refuse, // destructive
                Ruling::Refuse, // secret
                Ruling::Hold,   // opaque
            ],
        }
    }
}

impl Table {
    pub fn ruling(&self, effect: Effect) -> Ruling {
        self.rows[index(effect)]
    }

    pub fn set(&mut self, effect: Effect, ruling: Ruling) {
        self.rows[index(effect)] = ruling;
    }
}

fn index(effect: Effect) -> usize {
    EFFECTS
        .iter()
        .position(|e| *e == effect)
        .unwrap_or(EFFECTS.len() - 1)
}

/// One finding of one plugin, with the ruling it got.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Ruled {
    /// The plugin that found it.
    pub plugin: String,
    #[serde(serialize_with = "effect_word")]
    pub effect: Effect,
    pub why: String,
    pub ruling: Ruling,
    /// The plugin ruled it itself (the table did not).
    pub explicit: bool,
}

fn effect_word<S: serde::Serializer>(effect: &Effect, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(effect.word())
}

impl Ruled {
    /// Rule a finding: its own ruling, else the table's for its effect.
    pub fn new(
        plugin: &str,
        effect: Effect,
        why: String,
        explicit: Option<Ruling>,
        table: &Table,
    ) -> Ruled {
        Ruled {
            plugin: plugin.to_owned(),
            effect,
            why,
            ruling: explicit.unwrap_or_else(|| table.ruling(effect)),
            explicit: explicit.is_some(),
        }
    }
}

/// The strictest finding: the highest ruling, ties to the wider effect (and
/// then to the earlier plugin). `None` when there are no findings.
pub fn deciding(findings: &[Ruled]) -> Option<&Ruled> {
    findings
        .iter()
        .enumerate()
        .max_by(|(ia, a), (ib, b)| {
            a.ruling
                .cmp(&b.ruling)
                .then(a.effect.cmp(&b.effect))
                .then(ib.cmp(ia))
        })
        .map(|(_, f)| f)
}

/// The strictest ruling any plugin gave explicitly.
pub fn strictest_explicit(findings: &[Ruled]) -> Option<Ruling> {
    findings
        .iter()
        .filter(|f| f.explicit)
        .map(|f| f.ruling)
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(plugin: &str, effect: Effect, explicit: Option<Ruling>) -> Ruled {
        Ruled::new(
            plugin,
            effect,
            format!("{} by {plugin}", effect.word()),
            explicit,
            &Table::default(),
        )
    }

    #[test]
    fn the_shipped_table() {
        let t = Table::default();
        for (effect, ruling) in [
            (Effect::Read, Ruling::Pass),
            (Effect::TargetWrite, Ruling::Pass),
            (Effect::Process, Ruling::Pass),
            (Effect::OpenWorld, Ruling::Pass),
            (Effect::Destructive, Ruling::Refuse),
            (Effect::Secret, Ruling::Refuse),
            (Effect::Opaque, Ruling::Hold),
        ] {
            assert_eq!(t.ruling(effect), ruling, "{}", effect.word());
        }
    }

    #[test]
    fn the_strictest_ruling_decides_and_ties_go_to_the_wider_effect() {
        let findings = vec![
            f("a", Effect::OpenWorld, None),
            f("b", Effect::Opaque, None),
            f("c", Effect::Read, None),
        ];
        assert_eq!(deciding(&findings).unwrap().plugin, "b");
        let findings = vec![
            f("a", Effect::Secret, None),
            f("b", Effect::Destructive, None),
        ];
        assert_eq!(deciding(&findings).unwrap().plugin, "a");
        // An explicit pass does not soften another finding's refuse.
        let findings = vec![
            f("a", Effect::Destructive, None),
            f("b", Effect::Read, Some(Ruling::Pass)),
        ];
        assert_eq!(deciding(&findings).unwrap().ruling, Ruling::Refuse);
        // An explicit refuse of a read beats a held opaque.
        let findings = vec![
            f("a", Effect::Opaque, None),
            f("b", Effect::Read, Some(Ruling::Refuse)),
        ];
        assert_eq!(deciding(&findings).unwrap().plugin, "b");
        assert_eq!(strictest_explicit(&findings), Some(Ruling::Refuse));
        assert!(deciding(&[]).is_none());
    }
}
