//! `capability.yaml` → [`Policy`]: the workspace's confinement promise, its
//! table overrides, operator rules, extra secret fragments and extra plugins.
//!
//! Reading never fails: every problem becomes a [`Diagnostic`] with its line,
//! and a policy with any diagnostic holds every call above read (the consult
//! says so, naming the file and line). Nothing here falls back to "the
//! defaults" for a file that exists but could not be read.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use wicket_guest::Effect;

use crate::commands::{CommandRule, Match};
use crate::judge::{Ruling, Table};
use crate::yaml::{self, Kind, Node};

/// The policy's file name in a config commit.
pub const FILE: &str = "capability.yaml";

/// The path fragments that mark credentials, shipped; a workspace may add more.
pub use wicket_guest::SHIPPED_SECRET_FRAGMENTS as SHIPPED_SECRETS;

/// A problem in the policy file, by line (0 when not tied to one).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    pub line: usize,
    pub message: String,
}

/// An operator's row: a program and its qualifying words (or a whole tool
/// name), and the effect it is to be read as.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Rule {
    pub words: Vec<String>,
    pub effect: String,
    pub line: usize,
}

/// One extra plugin the policy names.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PluginSpec {
    /// As written in the policy.
    pub written: String,
    /// Absolute (relative paths are taken from the workspace root).
    pub path: PathBuf,
    /// The pinned sha256 (lowercase hex), if any.
    pub sha256: Option<String>,
    /// Handed to the plugin as its configuration.
    pub config: Value,
    pub line: usize,
}

/// What the workspace's policy says.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Policy {
    /// `confinement: required`, and the line that says it.
    pub confinement_line: Option<usize>,
    pub table: Table,
    pub rules: Vec<Rule>,
    /// The operator's `bash` command rules: exact commands and argument
    /// prefixes (see [`crate::commands`]).
    pub commands: Vec<CommandRule>,
    pub secrets: Vec<String>,
    pub classifiers: Vec<PluginSpec>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Policy {
    /// The shipped policy: what a workspace without `capability.yaml` gets.
    pub fn shipped() -> Policy {
        Policy::default()
    }

    /// Whether confinement is required.
    pub fn requires_confinement(&self) -> bool {
        self.confinement_line.is_some()
    }

    /// Every secret fragment in force: the shipped ones and the workspace's.
    pub fn secret_fragments(&self) -> Vec<String> {
        let mut all: Vec<String> = SHIPPED_SECRETS.iter().map(|s| s.to_string()).collect();
        for extra in &self.secrets {
            if !all.contains(extra) {
                all.push(extra.clone());
            }
        }
        all
    }

    /// The default classifier's configuration: the operator's rules.
    pub fn default_plugin_config(&self) -> Value {
        json!({
            "rules": self.rules.iter().map(|r| json!({"words": r.words, "effect": r.effect, "line": r.line})).collect::<Vec<_>>(),
        })
    }

    /// Read a policy from its text. `workspace` anchors relative plugin paths.
    pub fn parse(text: &str, workspace: &Path) -> Policy {
        let mut policy = Policy::default();
        let root = match yaml::parse(text) {
            Ok(root) => root,
            Err(e) => {
                policy.diagnostics.push(Diagnostic {
                    line: e.line,
                    message: e.message,
                });
                return policy;
            }
        };
        let Kind::Map(entries) = &root.kind else {
            policy.diagnostics.push(Diagnostic {
                line: root.line,
                message: "the policy must be a mapping of `confinement`, `table`, `rules`, `commands`, `secrets` and `classifiers`".into(),
            });
            return policy;
        };
        policy.duplicates(entries, "");
        for (key, node) in entries {
            match key.as_str() {
                "confinement" => policy.read_confinement(node),
                "table" => policy.read_table(node),
                "rules" => policy.read_rules(node),
                "commands" => policy.read_commands(node),
                "secrets" => policy.read_secrets(node),
                "classifiers" => policy.read_classifiers(node, workspace),
                other => policy.problem(
                    node.line,
                    format!(
                        "unknown key `{other}` (wicket reads confinement, table, rules, commands, secrets and classifiers); \
                         a key wicket cannot honour is not ignored"
                    ),
                ),
            }
        }
        policy
    }

    fn problem(&mut self, line: usize, message: String) {
        self.diagnostics.push(Diagnostic { line, message });
    }

    /// A key written twice in one mapping is a problem, naming both lines:
    /// which one was meant is the operator's to say, not wicket's to guess
    /// (`confinement: required` followed by `confinement: none`).
    fn duplicates(&mut self, entries: &[(String, Node)], within: &str) {
        for (index, (key, node)) in entries.iter().enumerate() {
            let earlier = entries[..index].iter().find(|(k, _)| {
                if within == "rules" {
                    k.split_whitespace().eq(key.split_whitespace())
                } else {
                    k == key
                }
            });
            if let Some((_, first)) = earlier {
                let place = if within.is_empty() {
                    String::new()
                } else {
                    format!(" under `{within}`")
                };
                self.problem(
                    node.line,
                    format!(
                        "`{key}` is written twice{place} (lines {} and {}); keep one",
                        first.line, node.line
                    ),
                );
            }
        }
    }

    fn read_confinement(&mut self, node: &Node) {
        match node.text() {
            // `none` is the default: it never lifts a `required` written on
            // another line (that is a duplicate key, a problem already; until
            // it is fixed, the stricter line stands and the gate with it).
            Some("required") => {
                self.confinement_line.get_or_insert(node.line);
            }
            Some("none") | Some("off") => {}
            Some(other) => self.problem(
                node.line,
                format!("`confinement: {other}` is not a setting (write `confinement: required`, or remove the line)"),
            ),
            None => self.problem(node.line, "`confinement` takes one word: `required`".into()),
        }
    }

    fn read_table(&mut self, node: &Node) {
        let entries = match &node.kind {
            Kind::Map(entries) => entries,
            Kind::Empty => return,
            _ => {
                return self.problem(
                    node.line,
                    "`table` must map effects to pass, hold or refuse".into(),
                )
            }
        };
        self.duplicates(entries, "table");
        for (key, value) in entries {
            let Some(effect) = Effect::from_word(key) else {
                self.problem(
                    value.line,
                    format!("`{key}` is not an effect ({})", effect_words()),
                );
                continue;
            };
            match value.text().and_then(Ruling::from_word) {
                Some(ruling) => self.table.set(effect, ruling),
                None => self.problem(
                    value.line,
                    format!(
                        "`{key}: {}` must say pass, hold or refuse",
                        value.text().unwrap_or("…")
                    ),
                ),
            }
        }
    }

    fn read_rules(&mut self, node: &Node) {
        let entries = match &node.kind {
            Kind::Map(entries) => entries,
            Kind::Empty => return,
            _ => {
                return self.problem(
                    node.line,
                    "`rules` must map a program and its words to an effect".into(),
                )
            }
        };
        self.duplicates(entries, "rules");
        for (key, value) in entries {
            let words: Vec<String> = key.split_whitespace().map(str::to_owned).collect();
            if words.is_empty() {
                self.problem(value.line, "a rule needs a program or tool name".into());
                continue;
            }
            match value.text().and_then(Effect::from_word) {
                Some(effect) => {
                    // Later lines win: drop an earlier row for the same words.
                    self.rules.retain(|r| r.words != words);
                    self.rules.push(Rule {
                        words,
                        effect: effect.word().into(),
                        line: value.line,
                    });
                }
                None => self.problem(
                    value.line,
                    format!(
                        "`{key}: {}` must name an effect ({})",
                        value.text().unwrap_or("…"),
                        effect_words()
                    ),
                ),
            }
        }
    }

    fn read_commands(&mut self, node: &Node) {
        let items = match &node.kind {
            Kind::Seq(items) => items,
            Kind::Empty => return,
            _ => {
                return self.problem(
                    node.line,
                    "`commands` must be a list of rules (`- exact: <command>` or `- prefix: <words>`, each with `effect:`)".into(),
                )
            }
        };
        for item in items {
            let Kind::Map(entries) = &item.kind else {
                self.problem(
                    item.line,
                    "a command rule is a mapping: `- exact: <command>` or `- prefix: <words>`, and `effect: <effect>`".into(),
                );
                continue;
            };
            self.duplicates(entries, "commands");
            let mut matcher: Option<(Match, String, usize)> = None;
            let mut effect: Option<Effect> = None;
            let mut broken = false;
            for (key, value) in entries {
                match key.as_str() {
                    "exact" | "prefix" => {
                        let kind = if key == "exact" {
                            Match::Exact
                        } else {
                            Match::Prefix
                        };
                        if matcher.is_some() {
                            self.problem(
                                value.line,
                                "a command rule takes one of `exact` and `prefix`, not both".into(),
                            );
                            broken = true;
                        }
                        match value.text() {
                            Some(text) if !text.trim().is_empty() => {
                                matcher = Some((kind, text.to_owned(), value.line))
                            }
                            _ => {
                                self.problem(value.line, format!("`{key}` needs a command"));
                                broken = true;
                            }
                        }
                    }
                    "effect" => match value.text().and_then(Effect::from_word) {
                        Some(e) => effect = Some(e),
                        None => {
                            self.problem(
                                value.line,
                                format!(
                                    "`effect: {}` must name an effect ({})",
                                    value.text().unwrap_or("…"),
                                    effect_words()
                                ),
                            );
                            broken = true;
                        }
                    },
                    other => {
                        self.problem(
                            value.line,
                            format!("unknown command-rule key `{other}` (a command rule takes exact or prefix, and effect)"),
                        );
                        broken = true;
                    }
                }
            }
            if broken {
                continue;
            }
            let Some((kind, text, line)) = matcher else {
                self.problem(
                    item.line,
                    "a command rule needs `exact: <command>` or `prefix: <words>`".into(),
                );
                continue;
            };
            let Some(effect) = effect else {
                self.problem(
                    item.line,
                    "a command rule needs `effect:` (what the command is to be read as)".into(),
                );
                continue;
            };
            let words = match kind {
                Match::Exact => Vec::new(),
                Match::Prefix => match crate::commands::check_prefix(&text) {
                    Ok(words) => words,
                    Err(why) => {
                        self.problem(line, why);
                        continue;
                    }
                },
            };
            self.commands.push(CommandRule {
                kind,
                text,
                words,
                effect,
                line,
            });
        }
    }

    fn read_secrets(&mut self, node: &Node) {
        let items = match &node.kind {
            Kind::Seq(items) => items,
            Kind::Empty => return,
            _ => {
                return self.problem(
                    node.line,
                    "`secrets` must be a list of path fragments".into(),
                )
            }
        };
        for item in items {
            match item.text() {
                Some(fragment) if !fragment.trim().is_empty() => {
                    if !self.secrets.iter().any(|s| s == fragment) {
                        self.secrets.push(fragment.trim().to_owned());
                    }
                }
                _ => self.problem(
                    item.line,
                    "a secret fragment must be a non-empty string".into(),
                ),
            }
        }
    }

    fn read_classifiers(&mut self, node: &Node, workspace: &Path) {
        let items = match &node.kind {
            Kind::Seq(items) => items,
            Kind::Empty => return,
            _ => {
                return self.problem(
                    node.line,
                    "`classifiers` must be a list of plugins (`- path: …`)".into(),
                )
            }
        };
        for item in items {
            let (written, sha256, config) = match &item.kind {
                Kind::Scalar { text, .. } => (Some(text.clone()), None, Value::Null),
                Kind::Map(entries) => {
                    self.duplicates(entries, "classifiers");
                    let mut written = None;
                    let mut sha256 = None;
                    let mut config = Value::Null;
                    for (key, value) in entries {
                        match key.as_str() {
                            "path" => written = value.text().map(str::to_owned),
                            "sha256" => match value.text() {
                                Some(hex) if hex.len() == 64 && hex.chars().all(|c| c.is_ascii_hexdigit()) => {
                                    sha256 = Some(hex.to_ascii_lowercase())
                                }
                                _ => {
                                    self.problem(value.line, "`sha256` must be 64 hexadecimal digits".into());
                                    sha256 = Some(String::new());
                                }
                            },
                            "config" => config = value.to_json(),
                            other => self.problem(
                                value.line,
                                format!("unknown plugin key `{other}` (a plugin takes path, sha256 and config)"),
                            ),
                        }
                    }
                    (written, sha256, config)
                }
                _ => (None, None, Value::Null),
            };
            let Some(written) = written.filter(|w| !w.trim().is_empty()) else {
                self.problem(
                    item.line,
                    "a plugin needs a `path` to its .wasm component".into(),
                );
                continue;
            };
            let path = if Path::new(&written).is_absolute() {
                PathBuf::from(&written)
            } else {
                workspace.join(&written)
            };
            self.classifiers.push(PluginSpec {
                written,
                path,
                sha256,
                config,
                line: item.line,
            });
        }
    }
}

fn effect_words() -> &'static str {
    "read, target-write, process, open-world, destructive, secret or opaque"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_policy_reads() {
        let p = Policy::parse(
            "confinement: required\ntable:\n  open-world: hold\nrules:\n  python: open-world\n  git push: target-write\n\
             secrets:\n  - .kube\nclassifiers:\n  - path: guard.wasm\n    sha256: ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef0123456789\n    config: {allow: [x]}\n",
            Path::new("/ws"),
        );
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        assert_eq!(p.confinement_line, Some(1));
        assert_eq!(p.table.ruling(Effect::OpenWorld), Ruling::Hold);
        assert_eq!(p.table.ruling(Effect::Destructive), Ruling::Refuse);
        assert_eq!(p.rules[1].words, ["git", "push"]);
        assert!(p.secret_fragments().contains(&".kube".to_string()));
        assert_eq!(p.classifiers[0].path, PathBuf::from("/ws/guard.wasm"));
        assert_eq!(p.classifiers[0].sha256.as_deref().map(str::len), Some(64));
        assert_eq!(p.classifiers[0].config, json!({"allow": ["x"]}));
    }

    #[test]
    fn a_key_written_twice_is_a_problem_naming_both_lines() {
        for (text, needle) in [
            (
                "confinement: required\nconfinement: none\n",
                "lines 1 and 2",
            ),
            (
                "rules:\n  git push: open-world\n  git  push: read\n",
                "lines 2 and 3",
            ),
            ("table:\n  read: hold\n  read: pass\n", "lines 2 and 3"),
            (
                "classifiers:\n  - path: a.wasm\n    path: b.wasm\n",
                "lines 2 and 3",
            ),
        ] {
            let p = Policy::parse(text, Path::new("/"));
            assert!(
                p.diagnostics
                    .iter()
                    .any(|d| d.message.contains(needle) && d.message.contains("twice")),
                "{text}: {:?}",
                p.diagnostics
            );
        }
        // Whichever way round, a duplicate never turns confinement off.
        for (text, line) in [
            ("confinement: required\nconfinement: none\n", 1),
            ("confinement: none\nconfinement: required\n", 2),
            (
                "confinement: off\nconfinement: required\nconfinement: none\n",
                2,
            ),
        ] {
            assert_eq!(
                Policy::parse(text, Path::new("/")).confinement_line,
                Some(line),
                "{text}"
            );
        }
    }

    #[test]
    fn hostile_nesting_is_a_problem_not_a_crash() {
        let deep_flow = format!("x: {}{}\n", "[".repeat(24_000), "]".repeat(24_000));
        let deep_block: String = (0..3000)
            .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
            .collect();
        for text in [deep_flow, deep_block] {
            let p = Policy::parse(&text, Path::new("/"));
            assert!(!p.diagnostics.is_empty());
        }
    }

    #[test]
    fn every_problem_names_its_line() {
        for (text, line, needle) in [
            ("confinement: maybe\n", 1, "not a setting"),
            ("table:\n  open-world: later\n", 2, "pass, hold or refuse"),
            ("table:\n  wide: hold\n", 2, "not an effect"),
            ("rules:\n  rm: dangerous\n", 2, "must name an effect"),
            ("confinment: required\n", 1, "unknown key `confinment`"),
            (
                "commands:\n  - prefix: sh -c\n    effect: read\n",
                2,
                "runs the text",
            ),
            (
                "commands:\n  - prefix: npm test; curl x\n    effect: read\n",
                2,
                "not a simple command",
            ),
            ("commands:\n  - exact: make\n", 2, "needs `effect:`"),
            (
                "commands:\n  - exact: make\n    effect: fine\n",
                3,
                "must name an effect",
            ),
            ("classifiers:\n  - sha256: abc\n", 2, "64 hexadecimal"),
            ("x: [\n", 1, "never closed"),
        ] {
            let p = Policy::parse(text, Path::new("/"));
            let d = p
                .diagnostics
                .first()
                .unwrap_or_else(|| panic!("{text}: no diagnostic"));
            assert_eq!(d.line, line, "{text}");
            assert!(d.message.contains(needle), "{text}: {}", d.message);
        }
    }
}
