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

/// litany's compaction pair: never floored.
pub const COMPACTION_PAIR: [&str; 2] = ["write_summary", "mark_for_deletion"];

/// Whether the workspace requires confinement, and whether this consult is
/// inside the wall.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confinement {
    NotRequired,
    /// `confinement: required` on this line of the policy.
    Required {
        line: usize,
        inside: bool,
    },
}

/// Everything one verdict depends on, gathered: the plugins' findings (each
/// already ruled), what could not be read, and the operator's state that
/// bears on this call.
#[derive(Debug, Clone)]
pub struct Inputs<'a> {
    pub tool: &'a str,
    /// The workspace's table (for the finding wicket adds when every plugin
    /// abstained).
    pub table: &'a Table,
    pub findings: &'a [Ruled],
    /// The policy could not be read, or litany's setup leaves what runs in
    /// its place unknowable (a relative PATH entry): why.
    pub policy_problem: Option<String>,
    /// The trail could not be read: why.
    pub trail_problem: Option<String>,
    pub floor: Option<&'a crate::trail::Floor>,
    /// The standing answer for this call's class (nearest first).
    pub standing: Option<&'a crate::trail::Standing>,
    /// The answer for exactly this call.
    pub call_answer: Option<&'a crate::trail::Standing>,
    pub confinement: Confinement,
}

/// What set the verdict.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum Decided {
    /// The plugins' findings under the table (or their own rulings).
    Plugins,
    /// The policy could not be read: every call above read waits.
    UnreadablePolicy { why: String },
    /// The trail could not be read: every call above read waits.
    UnreadableTrail { why: String },
    /// A raised floor over the conversation.
    Floor { floor: crate::trail::Floor },
    /// A standing answer for the call's class.
    Standing { answer: crate::trail::Standing },
    /// The answer for exactly this call.
    CallAnswer { answer: crate::trail::Standing },
    /// Confinement is required and this consult is outside the wall.
    Gate { line: usize },
}

/// The ruling, the finding that gives its class and why, and what decided.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Decision {
    pub ruling: Ruling,
    /// The plugins' own ruling, before the operator's state.
    pub plugin_ruling: Ruling,
    pub deciding: Ruled,
    pub decided: Decided,
    /// A floor stood over the call (whether or not it was what decided).
    pub floored: bool,
    /// A standing answer matched but did not apply: why.
    pub standing_skipped: Option<String>,
}

/// The precedence, as one pure function: the plugins' strictest finding;
/// an unreadable policy or trail holds everything above read; a raised floor
/// holds everything above read and suspends standing answers; a standing
/// answer replaces a ruling the table gave (never an explicit plugin ruling,
/// never a call-only class, never the hold for something unreadable); an
/// answer for exactly this call replaces everything; then the confinement
/// gate refuses what is above read outside the wall.
pub fn decide(inputs: &Inputs) -> Decision {
    let deciding = deciding(inputs.findings).cloned().unwrap_or_else(|| {
        Ruled::new(
            "wicket",
            Effect::Opaque,
            "every plugin abstained".into(),
            None,
            inputs.table,
        )
    });
    let plugin_ruling = deciding.ruling;
    let above_read = deciding.effect != Effect::Read;
    let mut ruling = plugin_ruling;
    let mut decided = Decided::Plugins;
    let mut unreadable = false;

    for (problem, kind) in [(&inputs.policy_problem, 0), (&inputs.trail_problem, 1)] {
        if let (Some(why), true) = (problem, above_read) {
            unreadable = true;
            if ruling < Ruling::Hold {
                ruling = Ruling::Hold;
                decided = if kind == 0 {
                    Decided::UnreadablePolicy { why: why.clone() }
                } else {
                    Decided::UnreadableTrail { why: why.clone() }
                };
            }
        }
    }

    let floored = inputs.floor.is_some() && above_read && !COMPACTION_PAIR.contains(&inputs.tool);
    let mut standing_skipped = None;
    if floored {
        if ruling < Ruling::Hold || (ruling == Ruling::Hold && decided == Decided::Plugins) {
            ruling = Ruling::Hold;
            if let Some(floor) = inputs.floor {
                decided = Decided::Floor {
                    floor: floor.clone(),
                };
            }
        }
    } else if let Some(standing) = inputs.standing {
        if call_only(deciding.effect) {
            standing_skipped = Some(format!(
                "{} calls are answered one call at a time",
                deciding.effect.word()
            ));
        } else if deciding.explicit {
            standing_skipped = Some(format!("plugin {} ruled the call itself", deciding.plugin));
        } else if unreadable {
            standing_skipped =
                Some("what could not be read is settled only by an answer for this call".into());
        } else {
            ruling = standing
                .answer
                .ruling
                .max(strictest_explicit(inputs.findings).unwrap_or(Ruling::Pass));
            decided = Decided::Standing {
                answer: standing.clone(),
            };
        }
    }

    if let Some(answer) = inputs.call_answer {
        ruling = answer.answer.ruling;
        decided = Decided::CallAnswer {
            answer: answer.clone(),
        };
    }

    if let Confinement::Required {
        line,
        inside: false,
    } = inputs.confinement
    {
        if above_read && ruling != Ruling::Refuse {
            ruling = Ruling::Refuse;
            decided = Decided::Gate { line };
        }
    }

    Decision {
        ruling,
        plugin_ruling,
        deciding,
        decided,
        floored,
        standing_skipped,
    }
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

    /// The precedence as a table: each row the findings and the operator's
    /// state, and the ruling and what decided it.
    #[test]
    fn the_precedence_matrix() {
        use crate::trail::{Answer, Floor, Scope, Standing, Who};
        let who = Who {
            user: "op".into(),
            host: "h".into(),
        };
        let answer = |ruling: Ruling, scope: Scope| Standing {
            at: "t".into(),
            who: who.clone(),
            answer: Answer {
                answer: "a-1".into(),
                ruling,
                scope,
                agent: "a".into(),
                tool_use_id: "t1".into(),
                tool: "bash".into(),
                effect: Some("open-world".into()),
                digest: Some("d".into()),
                reason: "r".into(),
                expires: None,
                message: None,
            },
            expired: false,
        };
        let floor = Floor {
            agent: "a".into(),
            at: "t".into(),
            who: who.clone(),
        };
        let pass = answer(Ruling::Pass, Scope::Workspace);
        let refuse_call = answer(Ruling::Refuse, Scope::Call);
        let pass_call = answer(Ruling::Pass, Scope::Call);
        let table = Table::default();
        let ruled = |effect: Effect, explicit: Option<Ruling>| {
            vec![Ruled::new("p", effect, "w".into(), explicit, &table)]
        };
        struct Row<'a> {
            name: &'a str,
            findings: Vec<Ruled>,
            tool: &'a str,
            policy: bool,
            trail: bool,
            floor: bool,
            standing: Option<&'a Standing>,
            call: Option<&'a Standing>,
            confinement: Confinement,
            ruling: Ruling,
            by: &'a str,
        }
        let base = |name, findings| Row {
            name,
            findings,
            tool: "bash",
            policy: false,
            trail: false,
            floor: false,
            standing: None,
            call: None,
            confinement: Confinement::NotRequired,
            ruling: Ruling::Pass,
            by: "plugins",
        };
        let rows = vec![
            Row {
                ruling: Ruling::Pass,
                ..base("a passing class passes", ruled(Effect::OpenWorld, None))
            },
            Row {
                ruling: Ruling::Refuse,
                ..base("destructive refuses", ruled(Effect::Destructive, None))
            },
            Row {
                ruling: Ruling::Hold,
                ..base("opaque holds", ruled(Effect::Opaque, None))
            },
            Row {
                ruling: Ruling::Hold,
                by: "plugins",
                ..base("all abstain is opaque", vec![])
            },
            Row {
                policy: true,
                ruling: Ruling::Hold,
                by: "unreadable-policy",
                ..base(
                    "an unreadable policy holds above read",
                    ruled(Effect::TargetWrite, None),
                )
            },
            Row {
                policy: true,
                ruling: Ruling::Pass,
                ..base("but never a read", ruled(Effect::Read, None))
            },
            Row {
                policy: true,
                ruling: Ruling::Refuse,
                ..base(
                    "and never softens a refuse",
                    ruled(Effect::Destructive, None),
                )
            },
            Row {
                trail: true,
                ruling: Ruling::Hold,
                by: "unreadable-trail",
                ..base(
                    "an unreadable trail holds above read",
                    ruled(Effect::OpenWorld, None),
                )
            },
            Row {
                policy: true,
                standing: Some(&pass),
                ruling: Ruling::Hold,
                by: "unreadable-policy",
                ..base(
                    "a standing answer never lowers the unreadable-policy hold",
                    ruled(Effect::OpenWorld, None),
                )
            },
            Row {
                policy: true,
                call: Some(&pass_call),
                ruling: Ruling::Pass,
                by: "call-answer",
                ..base(
                    "only a call answer settles it",
                    ruled(Effect::OpenWorld, None),
                )
            },
            Row {
                floor: true,
                ruling: Ruling::Hold,
                by: "floor",
                ..base("a floor holds above read", ruled(Effect::OpenWorld, None))
            },
            Row {
                floor: true,
                ruling: Ruling::Pass,
                ..base("a floor never holds a read", ruled(Effect::Read, None))
            },
            Row {
                floor: true,
                tool: "write_summary",
                ruling: Ruling::Pass,
                ..base("nor the compaction pair", ruled(Effect::TargetWrite, None))
            },
            Row {
                floor: true,
                standing: Some(&pass),
                ruling: Ruling::Hold,
                by: "floor",
                ..base(
                    "a floor suspends standing answers",
                    ruled(Effect::OpenWorld, None),
                )
            },
            Row {
                floor: true,
                ruling: Ruling::Refuse,
                ..base(
                    "a floor never softens a refuse",
                    ruled(Effect::Secret, None),
                )
            },
            Row {
                floor: true,
                call: Some(&pass_call),
                ruling: Ruling::Pass,
                by: "call-answer",
                ..base(
                    "a call answer settles a floored call",
                    ruled(Effect::OpenWorld, None),
                )
            },
            Row {
                standing: Some(&pass),
                ruling: Ruling::Pass,
                by: "standing",
                ..base(
                    "a standing pass replaces a table hold",
                    vec![Ruled::new("p", Effect::OpenWorld, "w".into(), None, &{
                        let mut t = Table::default();
                        t.set(Effect::OpenWorld, Ruling::Hold);
                        t
                    })],
                )
            },
            Row {
                standing: Some(&pass),
                ruling: Ruling::Hold,
                ..base(
                    "but never an explicit plugin ruling",
                    ruled(Effect::OpenWorld, Some(Ruling::Hold)),
                )
            },
            Row {
                standing: Some(&pass),
                ruling: Ruling::Refuse,
                ..base("nor a call-only class", ruled(Effect::Destructive, None))
            },
            Row {
                standing: Some(&pass),
                ruling: Ruling::Hold,
                ..base("nor opaque", ruled(Effect::Opaque, None))
            },
            Row {
                call: Some(&refuse_call),
                ruling: Ruling::Refuse,
                by: "call-answer",
                ..base(
                    "a call answer replaces everything",
                    ruled(Effect::Read, None),
                )
            },
            Row {
                call: Some(&pass_call),
                ruling: Ruling::Pass,
                by: "call-answer",
                ..base("even a refuse", ruled(Effect::Destructive, None))
            },
            Row {
                confinement: Confinement::Required {
                    line: 1,
                    inside: false,
                },
                ruling: Ruling::Refuse,
                by: "gate",
                ..base(
                    "the gate refuses above read outside the wall",
                    ruled(Effect::TargetWrite, None),
                )
            },
            Row {
                confinement: Confinement::Required {
                    line: 1,
                    inside: false,
                },
                ruling: Ruling::Pass,
                ..base("but not a read", ruled(Effect::Read, None))
            },
            Row {
                confinement: Confinement::Required {
                    line: 1,
                    inside: true,
                },
                ruling: Ruling::Pass,
                ..base("and not inside the wall", ruled(Effect::TargetWrite, None))
            },
            Row {
                confinement: Confinement::Required {
                    line: 1,
                    inside: false,
                },
                call: Some(&pass_call),
                ruling: Ruling::Refuse,
                by: "gate",
                ..base(
                    "the gate stands after a call answer",
                    ruled(Effect::OpenWorld, None),
                )
            },
        ];
        for row in rows {
            let decision = decide(&Inputs {
                tool: row.tool,
                table: &table,
                findings: &row.findings,
                policy_problem: row.policy.then(|| "policy".to_owned()),
                trail_problem: row.trail.then(|| "trail".to_owned()),
                floor: row.floor.then_some(&floor),
                standing: row.standing,
                call_answer: row.call,
                confinement: row.confinement.clone(),
            });
            let by = match decision.decided {
                Decided::Plugins => "plugins",
                Decided::UnreadablePolicy { .. } => "unreadable-policy",
                Decided::UnreadableTrail { .. } => "unreadable-trail",
                Decided::Floor { .. } => "floor",
                Decided::Standing { .. } => "standing",
                Decided::CallAnswer { .. } => "call-answer",
                Decided::Gate { .. } => "gate",
            };
            assert_eq!((decision.ruling, by), (row.ruling, row.by), "{}", row.name);
        }
    }
}
