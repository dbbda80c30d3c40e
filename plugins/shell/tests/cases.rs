//! The table-driven suites: every case in `adversarial.tsv` and `ruleset.tsv` (command →
//! expected class, and why) classified by the default classifier against a
//! real workspace-shaped tree, with a count per family.

mod support;

use std::collections::BTreeMap;

use wicket_guest::Effect;

struct Case {
    family: String,
    expected: Effect,
    command: String,
    why: String,
    line: usize,
}

fn load(name: &str) -> Vec<Case> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut family = String::from("(none)");
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("## ") {
            family = name.trim().to_owned();
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            columns.len(),
            3,
            "{name}:{}: expected class, command and why separated by tabs",
            index + 1
        );
        let expected = Effect::from_word(columns[0])
            .unwrap_or_else(|| panic!("{name}:{}: unknown class {}", index + 1, columns[0]));
        cases.push(Case {
            family: family.clone(),
            expected,
            command: columns[1].replace("\\n", "\n"),
            why: columns[2].to_owned(),
            line: index + 1,
        });
    }
    cases
}

#[test]
fn adversarial_cases_classify_as_expected() {
    check("adversarial.tsv", 150);
}

/// A `cd` is logical in both shells: after `cd repo-link`, `$PWD` names the
/// link, and `cd ..` drops that name, not a component of where it leads.
#[test]
fn a_logical_cd_is_followed_as_the_shell_follows_it() {
    check("logical.tsv", 3);
}

#[test]
fn every_shipped_row_and_the_operand_rule() {
    check("ruleset.tsv", 100);
}

fn check(name: &str, at_least: usize) {
    let cases = load(name);
    assert!(
        cases.len() >= at_least,
        "only {} cases in {name}",
        cases.len()
    );
    let mut per_family: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in &cases {
        let (effect, why) = support::bash(&case.command);
        let entry = per_family.entry(case.family.clone()).or_default();
        entry.0 += 1;
        if effect == case.expected {
            entry.1 += 1;
        } else {
            failures.push(format!(
                "{name}:{}: {:?} read as {} ({why}); expected {} because {}",
                case.line,
                case.command,
                effect.word(),
                case.expected.word(),
                case.why
            ));
        }
    }
    println!("{:<40} {:>6} {:>8}", "family", "cases", "as expected");
    for (family, (total, ok)) in &per_family {
        println!("{family:<40} {total:>6} {ok:>8}");
    }
    println!("{:<40} {:>6}", "all", cases.len());
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// litany's other built-in tools (`read_file`, `cd`, `apply_patch`, …):
/// `tools.tsv` rows are expected class, tool, input JSON (placeholders as in
/// the shell tables, `\n` inside JSON strings as JSON writes it) and why.
/// Links into `/proc` and the home's stores are planted in the worktree
/// first: `proc-env-link` → `/proc/1/environ`, `proc-self-link` →
/// `/proc/self`, `ssh-link` → `{home}/.ssh`.
#[test]
fn built_in_tools_classify_as_expected() {
    let f = support::fixture();
    let root = std::path::Path::new(&f.root);
    for (link, target) in [
        ("proc-env-link", "/proc/1/environ".to_owned()),
        ("proc-self-link", "/proc/self".to_owned()),
        ("ssh-link", format!("{}/.ssh", f.home)),
    ] {
        match std::os::unix::fs::symlink(&target, root.join(link)) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => panic!("planting {link}: {e}"),
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools.tsv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut family = String::from("(none)");
    let mut per_family: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut total = 0;
    for (index, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("## ") {
            family = name.trim().to_owned();
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            columns.len(),
            4,
            "tools.tsv:{}: expected class, tool, input JSON and why separated by tabs",
            index + 1
        );
        let expected = Effect::from_word(columns[0])
            .unwrap_or_else(|| panic!("tools.tsv:{}: unknown class {}", index + 1, columns[0]));
        let input: serde_json::Value = serde_json::from_str(&support::fill(columns[2]))
            .unwrap_or_else(|e| panic!("tools.tsv:{}: input is not JSON: {e}", index + 1));
        let (effect, why) = support::tool(columns[1], input, serde_json::Value::Null);
        total += 1;
        let entry = per_family.entry(family.clone()).or_default();
        entry.0 += 1;
        if effect == expected {
            entry.1 += 1;
        } else {
            failures.push(format!(
                "tools.tsv:{}: {} {} read as {} ({why}); expected {} because {}",
                index + 1,
                columns[1],
                columns[2],
                effect.word(),
                expected.word(),
                columns[3]
            ));
        }
    }
    println!("{:<40} {:>6} {:>8}", "family", "cases", "as expected");
    for (family, (rows, ok)) in &per_family {
        println!("{family:<40} {rows:>6} {ok:>8}");
    }
    assert!(total >= 80, "only {total} cases in tools.tsv");
    assert!(
        failures.is_empty(),
        "{} of {total} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn benign_corpus_keeps_passing() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/benign.tsv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut verdicts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut total = 0;
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            columns.len(),
            4,
            "benign.tsv:{}: verdict, command, source, why",
            index + 1
        );
        let (expected, command, justification) = (columns[0], columns[1], columns[3]);
        assert!(
            expected == "pass" || !justification.trim().is_empty(),
            "benign.tsv:{}: a command that is not passed needs its why",
            index + 1
        );
        let (effect, why) = support::bash(command);
        let verdict = match effect {
            Effect::Destructive | Effect::Secret => "refuse",
            Effect::Opaque => "hold",
            _ => "pass",
        };
        total += 1;
        *verdicts.entry(verdict).or_default() += 1;
        *classes.entry(effect.word()).or_default() += 1;
        if verdict != expected {
            failures.push(format!(
                "benign.tsv:{}: {command:?} is now {verdict} ({why}), the corpus says {expected}",
                index + 1
            ));
        }
    }
    assert!(total >= 300, "only {total} benign commands");
    println!("benign corpus: {total} commands");
    for (verdict, n) in &verdicts {
        println!(
            "  {verdict:<8} {n:>4}  {:>5.1}%",
            100.0 * *n as f64 / total as f64
        );
    }
    for (class, n) in &classes {
        println!("  class {class:<14} {n:>4}");
    }
    let stopped = total - verdicts.get("pass").copied().unwrap_or(0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        stopped * 100 < total * 5,
        "{stopped} of {total} benign commands are held or refused (5% allowed)"
    );
}

/// Ordinary commands as coding agents type them (each sourced in
/// `agent-work-sources.md`): at most 2% held or refused, each such row
/// justified in the file, and every row's verdict as the file says.
#[test]
fn agent_work_corpus_passes() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agent-work.tsv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut family = String::from("(none)");
    let mut per_family: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut verdicts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut total = 0;
    for (index, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("## ") {
            family = name.trim().to_owned();
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            columns.len(),
            4,
            "agent-work.tsv:{}: expected, command, source, why",
            index + 1
        );
        let (expected, command, source, justification) =
            (columns[0], columns[1], columns[2], columns[3]);
        assert!(
            !source.trim().is_empty(),
            "agent-work.tsv:{}: every row is sourced",
            index + 1
        );
        assert!(
            expected == "pass" || !justification.trim().is_empty(),
            "agent-work.tsv:{}: a row that is not passed needs its why",
            index + 1
        );
        let (effect, why) = support::bash(&command.replace("\\n", "\n"));
        let verdict = match effect {
            Effect::Destructive | Effect::Secret => "refuse",
            Effect::Opaque => "hold",
            _ => "pass",
        };
        total += 1;
        *verdicts.entry(verdict).or_default() += 1;
        let entry = per_family.entry(family.clone()).or_default();
        entry.0 += 1;
        if verdict == "pass" {
            entry.1 += 1;
        }
        if verdict != expected {
            failures.push(format!(
                "agent-work.tsv:{}: {command:?} is {verdict} ({why}), the corpus says {expected}",
                index + 1
            ));
        }
    }
    println!("agent-work corpus: {total} commands");
    println!("{:<14} {:>6} {:>7}", "family", "rows", "passed");
    for (family, (rows, passed)) in &per_family {
        println!("{family:<14} {rows:>6} {passed:>7}");
    }
    for (verdict, n) in &verdicts {
        println!(
            "  {verdict:<8} {n:>4}  {:>5.1}%",
            100.0 * *n as f64 / total as f64
        );
    }
    let stopped = total - verdicts.get("pass").copied().unwrap_or(0);
    assert!(total >= 600, "only {total} agent-work commands");
    assert!(
        failures.is_empty(),
        "{} rows differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        stopped * 100 <= total * 2,
        "{stopped} of {total} agent-work commands are held or refused (2% allowed)"
    );
}
