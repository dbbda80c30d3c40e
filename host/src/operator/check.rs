//! `wicket check <policy file>`: a candidate `capability.yaml`, read by the
//! control's own reader before it is committed — every problem with its line
//! (any problem: exit 1, as the control would hold every call above read),
//! and what the file's table, rules and plugins say.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result};
use serde_json::json;

use crate::judge::{Table, EFFECTS};
use crate::operator::Receipt;
use crate::policy::Policy;

/// The largest candidate policy read.
const MAX_POLICY_BYTES: u64 = 1 << 20;

/// Read a candidate policy file with the control's reader. `root` anchors
/// relative plugin paths, as the workspace root does for a committed one.
pub fn read_candidate(path: &Path, root: &Path) -> Result<Policy> {
    let meta = std::fs::metadata(path)
        .with_context(|| format!("cannot read the policy file {}", path.display()))?;
    if meta.len() > MAX_POLICY_BYTES {
        anyhow::bail!(
            "the policy file {} is {} bytes, more than the {MAX_POLICY_BYTES} wicket reads; a policy is a few lines",
            path.display(),
            meta.len()
        );
    }
    let bytes = std::fs::read(path)
        .with_context(|| format!("cannot read the policy file {}", path.display()))?;
    Ok(Policy::parse(&String::from_utf8_lossy(&bytes), root))
}

/// `check`: the receipt, and whether the file has problems.
pub fn run(path: &Path, workspace: Option<&Path>) -> Result<(Receipt, bool)> {
    let root = match workspace {
        Some(ws) => crate::workspace::Workspace::open(ws)?.root,
        None => std::env::current_dir().context("cannot tell the current directory")?,
    };
    let policy = read_candidate(path, &root)?;
    let mut h = String::new();
    let file = path.display();
    for d in &policy.diagnostics {
        let _ = writeln!(h, "{file}:{}: {}", d.line, d.message);
    }
    if policy.diagnostics.is_empty() {
        let _ = writeln!(h, "{file}: no problems; the control reads it as:");
    } else {
        let _ = writeln!(
            h,
            "{file}: {} problem(s); committed as it is, it would hold every call above read. What it says otherwise:",
            policy.diagnostics.len()
        );
    }
    let shipped = Table::default();
    let mut table = Vec::new();
    for effect in EFFECTS.iter() {
        let ruling = policy.table.ruling(*effect);
        let changed = ruling != shipped.ruling(*effect);
        let _ = writeln!(
            h,
            "  {:<13} → {}{}",
            effect.word(),
            ruling.word(),
            if changed {
                "  (changed from the shipped table)"
            } else {
                ""
            }
        );
        table.push(json!({"effect": effect.word(), "ruling": ruling.word(), "changed": changed}));
    }
    match policy.confinement_line {
        Some(line) => {
            let _ = writeln!(h, "  confinement: required (line {line})");
        }
        None => h.push_str("  confinement: not required\n"),
    }
    for rule in &policy.rules {
        let _ = writeln!(
            h,
            "  rule (line {}): {} → {}",
            rule.line,
            rule.words.join(" "),
            rule.effect
        );
    }
    for rule in &policy.commands {
        let _ = writeln!(h, "  command rule: {}", rule.describe());
    }
    for secret in &policy.secrets {
        let _ = writeln!(h, "  secret fragment: {secret}");
    }
    for spec in &policy.classifiers {
        let _ = writeln!(
            h,
            "  plugin (line {}): {}{}",
            spec.line,
            spec.path.display(),
            spec.sha256
                .as_deref()
                .map(|s| format!(", pinned {s}"))
                .unwrap_or_default()
        );
    }
    let problems = !policy.diagnostics.is_empty();
    let json = json!({
        "file": path,
        "ok": !problems,
        "diagnostics": policy.diagnostics,
        "table": table,
        "confinement_line": policy.confinement_line,
        "rules": policy.rules,
        "commands": policy.commands,
        "secrets": policy.secrets,
        "classifiers": policy.classifiers,
    });
    Ok((Receipt { human: h, json }, problems))
}
