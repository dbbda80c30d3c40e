//! `wicket plugin inspect` and `wicket plugin test`: a plugin author's tools,
//! usable with no workspace (in the author's CI). Both run the plugin through
//! the very runtime a consult uses — the contract check, the compile cache,
//! the sandbox — with a synthetic context.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Result};
use serde_json::{json, Value};
use wicket_guest::Effect;

use super::{contract, Answer, Cache, Plugin, Question, Runtime, Source, Ticker};
use crate::judge::{self, Ruled, Ruling, Table};
use crate::operator::Receipt;
use crate::policy::Policy;

/// A directory of this process's own, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(what: &str) -> Result<Scratch> {
        use std::os::unix::fs::DirBuilderExt;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let dir =
            std::env::temp_dir().join(format!("wicket-{what}-{}-{nanos:08x}", std::process::id()));
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&dir)
            .map_err(|e| {
                anyhow::anyhow!(
                    "could not create a scratch directory {} ({e}); set TMPDIR to a writable directory",
                    dir.display()
                )
            })?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn file_plugin(path: &Path, config: String) -> Plugin {
    Plugin {
        name: path.display().to_string(),
        source: Source::File {
            path: path.to_path_buf(),
            pinned: None,
        },
        config,
    }
}

/// The milliseconds `wicket-compile` reported, from its line.
fn compile_ms(said: &str) -> Option<u64> {
    let rest = said.split("compiled in ").nth(1)?;
    rest.split_whitespace().next()?.parse().ok()
}

/// `wicket plugin inspect FILE.wasm`.
pub fn inspect(path: &Path) -> Result<Receipt> {
    let bytes = super::read_plugin_file(path)
        .map_err(|e| anyhow::anyhow!("cannot read the plugin: {e}"))?;
    let sha256 = crate::reason::hex(&super::sha2_digest(&bytes));
    let name = path.display().to_string();
    let runtime = Runtime::new(None)?;
    let plugin = file_plugin(path, "null".into());
    let supported = contract::supported_list();

    // What the bytes say, before anything is compiled.
    let shape = runtime.read(&plugin).map(|_| ());
    // Interfaces only (the world's `use`d types are imports too: `request`, …).
    let names = contract::top_level(&bytes).unwrap_or_default();
    let imports: Vec<String> = names
        .imports
        .into_iter()
        .filter(|name| name.contains(":"))
        .collect();
    let exports = names.exports;
    let contract = contract::of_component(&bytes);
    let version = match &contract {
        Ok(c) => Some(c.version.clone()),
        Err(contract::Problem::Unsupported(v)) => Some(v.clone()),
        Err(_) => None,
    };
    let world = match &version {
        Some(v) if exports.iter().any(|e| e == "classify") => {
            Some(format!("{}/classifier@{v}", contract::PACKAGE))
        }
        _ => None,
    };

    // Then as a consult would have it: compiled (timed, into a scratch
    // cache so the time is this compilation's) and instantiated.
    // `loads`: Ok, Err(why not), or None when this machine cannot tell.
    let mut compile: Value = Value::Null;
    let mut loads: Option<Result<(), String>> = Some(Ok(()));
    if let Err((_, fault)) = &shape {
        loads = Some(Err(fault.detail(&name)));
    } else if let Err(problem) = &contract {
        loads = Some(Err(super::Fault::Contract(problem.clone()).detail(&name)));
    } else if let Err(why) = super::compiler() {
        compile = json!({"error": why});
        loads = None;
    } else {
        let scratch = Scratch::new("inspect")?;
        match super::compile_now(&scratch.0, std::slice::from_ref(&name)) {
            Ok(said) => {
                compile = json!({"ms": compile_ms(&said)});
                let runtime = Runtime::new(Some(&scratch.0))?;
                let run = runtime.check(&plugin, super::PLUGIN_DEADLINE);
                if let Answer::Fault(fault) = &run.answer {
                    loads = Some(Err(fault.detail(&name)));
                }
            }
            Err(why) => {
                let why = why.replace(&format!("wicket-compile: {name}: "), "");
                compile = json!({"error": why});
                loads = Some(Err(format!("it does not compile: {why}")));
            }
        }
    }

    let mut human = String::new();
    let row = |human: &mut String, key: &str, value: &str| {
        human.push_str(&format!("{key:<10}{value}\n"));
    };
    row(&mut human, "file", &name);
    row(&mut human, "size", &format!("{} bytes", bytes.len()));
    row(&mut human, "sha256", &sha256);
    row(
        &mut human,
        "world",
        world
            .as_deref()
            .unwrap_or("none this wicket recognises (no wicket:classifier world)"),
    );
    row(
        &mut human,
        "contract",
        &match (&version, &contract) {
            (Some(v), Ok(_)) => format!("{v} (this wicket supports {supported})"),
            (Some(v), Err(_)) => format!("{v}, NOT supported (this wicket supports {supported})"),
            (None, _) => format!("unknown (this wicket supports {supported})"),
        },
    );
    if imports.is_empty() {
        row(&mut human, "imports", "none");
    }
    for (i, import) in imports.iter().enumerate() {
        row(&mut human, if i == 0 { "imports" } else { "" }, import);
    }
    row(
        &mut human,
        "exports",
        &if exports.is_empty() {
            "none".to_owned()
        } else {
            exports.join(", ")
        },
    );
    row(
        &mut human,
        "compile",
        &match (&compile["ms"], &compile["error"]) {
            (Value::Number(ms), _) => format!("{ms} ms"),
            (_, Value::String(e)) => format!("failed: {e}"),
            _ => "not attempted".to_owned(),
        },
    );
    row(
        &mut human,
        "loads",
        &match &loads {
            Some(Ok(())) => "yes: it instantiates in wicket's sandbox".to_owned(),
            Some(Err(why)) => format!("no: {why}"),
            None => "cannot tell without compiling it (see compile)".to_owned(),
        },
    );
    let json = json!({
        "file": name,
        "size": bytes.len(),
        "sha256": sha256,
        "world": world,
        "contract": {
            "version": version,
            "supported": contract.is_ok(),
            "supported_versions": contract::SUPPORTED.iter().map(|(v, _)| *v).collect::<Vec<_>>(),
        },
        "imports": imports,
        "exports": exports,
        "compile": compile,
        "loads": loads.as_ref().map(Result::is_ok),
        "why_not": loads.and_then(Result::err),
    });
    Ok(Receipt { human, json })
}

/// One case of a case file.
#[derive(Debug, Default)]
struct Case {
    line: usize,
    name: String,
    request: Option<Value>,
    config: Option<(usize, String)>,
    policy: Option<(usize, String)>,
    expect: Option<String>,
    /// The deciding finding's effect expected (`effect:`; `class:` is the
    /// older spelling of the same key, still read).
    effect: Option<String>,
}

/// The case file, parsed: defaults and cases.
#[derive(Debug, Default)]
struct Cases {
    config: Option<(usize, String)>,
    policy: Option<(usize, String)>,
    cases: Vec<Case>,
}

const VERDICTS: [&str; 4] = ["pass", "hold", "refuse", "abstain"];

fn parse_cases(text: &str, file: &str) -> Result<Cases> {
    let mut out = Cases::default();
    let mut current: Option<Case> = None;
    // The key a following indented line continues (only `policy`).
    let mut continuing: Option<bool> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let at = |what: String| anyhow::anyhow!("{file}:{line}: {what}");
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        if raw.starts_with(' ') {
            // A continuation of a `policy:` block.
            let Some(in_case) = continuing else {
                bail!(at(
                    "an indented line continues only a `policy:` block".into()
                ));
            };
            let slot = if in_case {
                current.as_mut().and_then(|c| c.policy.as_mut())
            } else {
                out.policy.as_mut()
            };
            if let Some((_, policy)) = slot {
                policy.push('\n');
                policy.push_str(raw);
            }
            continue;
        }
        continuing = None;
        let Some((key, value)) = raw.split_once(':') else {
            bail!(at(format!(
                "`{}` is not `key: value` (keys: case, bash, tool, input, request, config, policy, expect, effect)",
                raw.trim()
            )));
        };
        let (key, value) = (key.trim(), value.trim());
        if key == "case" {
            if let Some(done) = current.take() {
                out.cases.push(done);
            }
            current = Some(Case {
                line,
                name: value.to_owned(),
                ..Case::default()
            });
            continue;
        }
        let json_value = |what: &str| -> Result<Value> {
            serde_json::from_str(value)
                .map_err(|e| at(format!("the {what} is not one line of JSON ({e})")))
        };
        match (key, current.as_mut()) {
            ("config", None) => out.config = Some((line, value.to_owned())),
            ("policy", None) => {
                out.policy = Some((line, value.to_owned()));
                continuing = Some(false);
            }
            (_, None) => bail!(at(format!(
                "`{key}` before the first `case:` (only config and policy are defaults for every case)"
            ))),
            ("config", Some(case)) => {
                json_value("config")?;
                case.config = Some((line, value.to_owned()));
            }
            ("policy", Some(case)) => {
                case.policy = Some((line, value.to_owned()));
                continuing = Some(true);
            }
            ("bash", Some(case)) => {
                case.request = Some(json!({"name": "bash", "input": {"command": value}}))
            }
            ("tool", Some(case)) => {
                let input = case
                    .request
                    .as_ref()
                    .map(|r| r["input"].clone())
                    .unwrap_or(json!({}));
                case.request = Some(json!({"name": value, "input": input}));
            }
            ("input", Some(case)) => {
                let input = json_value("input")?;
                let name = case
                    .request
                    .as_ref()
                    .and_then(|r| r["name"].as_str().map(str::to_owned));
                let Some(name) = name else {
                    bail!(at("`input:` comes after the case's `tool:`".into()));
                };
                case.request = Some(json!({"name": name, "input": input}));
            }
            ("request", Some(case)) => {
                let request = json_value("request")?;
                if !request["name"].is_string() || request.get("input").is_none() {
                    bail!(at(
                        "a request is a JSON object with at least `name` and `input`, as litany sends it"
                            .into()
                    ));
                }
                case.request = Some(request);
            }
            ("expect", Some(case)) => {
                if !VERDICTS.contains(&value) {
                    bail!(at(format!(
                        "`expect: {value}` is not pass, hold, refuse or abstain"
                    )));
                }
                case.expect = Some(value.to_owned());
            }
            ("effect" | "class", Some(case)) => {
                if Effect::from_word(value).is_none() && value != "abstain" {
                    bail!(at(format!(
                        "`{key}: {value}` is not an effect (read, target-write, process, open-world, destructive, secret, opaque) or abstain"
                    )));
                }
                case.effect = Some(value.to_owned());
            }
            (other, Some(_)) => bail!(at(format!(
                "unknown key `{other}` (keys: case, bash, tool, input, request, config, policy, expect, effect)"
            ))),
        }
    }
    if let Some(done) = current.take() {
        out.cases.push(done);
    }
    for case in &out.cases {
        let at = |what: &str| anyhow::anyhow!("{file}:{}: case `{}` {what}", case.line, case.name);
        if case.request.is_none() {
            bail!(at(
                "has no call: give `bash:`, `tool:` and `input:`, or `request:`"
            ));
        }
        if case.expect.is_none() && case.effect.is_none() {
            bail!(at(
                "expects nothing: give `expect:` (a verdict) and/or `effect:` (the deciding finding's effect)"
            ));
        }
    }
    if out.cases.is_empty() {
        bail!("{file} has no cases (each starts with a `case: <name>` line)");
    }
    Ok(out)
}

/// The table and secret fragments a policy snippet gives, or why not.
fn policy_of(
    snippet: Option<&(usize, String)>,
    file: &str,
    root: &Path,
) -> Result<(Table, Vec<String>)> {
    let Some((line, text)) = snippet else {
        let shipped = Policy::shipped();
        return Ok((shipped.table.clone(), shipped.secret_fragments()));
    };
    // `policy: table: {…}` on one line, or `policy:` and an indented block
    // (read as if it were a capability.yaml of its own).
    let (head, rest) = text.split_once('\n').unwrap_or((text, ""));
    let block: Vec<&str> = rest.lines().filter(|l| !l.trim().is_empty()).collect();
    let indent = block
        .iter()
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut source = head.trim().to_owned();
    for line in block {
        source.push('\n');
        source.push_str(&line[indent..]);
    }
    let policy = Policy::parse(&source, root);
    if let Some(d) = policy.diagnostics.first() {
        bail!(
            "{file}:{line}: the policy snippet cannot be read: {} (snippet line {})",
            d.message,
            d.line
        );
    }
    if !policy.classifiers.is_empty() {
        bail!("{file}:{line}: a case's policy names no classifiers: the plugin under test is the one given to `wicket plugin test`");
    }
    Ok((policy.table.clone(), policy.secret_fragments()))
}

/// `wicket plugin test FILE.wasm CASES`: every case through the real sandbox;
/// the receipt, and whether every case passed.
pub fn test(path: &Path, cases_path: &Path) -> Result<(Receipt, bool)> {
    let file = cases_path.display().to_string();
    let text = std::fs::read_to_string(cases_path)
        .map_err(|e| anyhow::anyhow!("cannot read the case file {file}: {e}"))?;
    let cases = parse_cases(&text, &file)?;
    let name = path.display().to_string();

    // A workspace of nothing: real directories, so paths resolve.
    let scratch = Scratch::new("plugin-test")?;
    let root = scratch.0.join("ws");
    let agent = "20260101T000000Z-00000000";
    let writable = root.join("agents").join(agent);
    let home = scratch.0.join("home");
    for dir in [&writable, &home] {
        std::fs::create_dir_all(dir)?;
    }
    let text_of = |p: &Path| p.display().to_string();

    // Compiled into the user's cache (as `init` would), else a scratch one.
    let cache_root = Cache::root_from_env().unwrap_or_else(|| scratch.0.join("cache"));
    let plugin = file_plugin(path, "null".into());
    let runtime = Runtime::new(Some(&cache_root))?;
    if let Err((_, fault)) = runtime.read(&plugin) {
        bail!("{}", fault.detail(&name));
    }
    let bytes = super::read_plugin_file(path).map_err(|e| anyhow::anyhow!("{e}"))?;
    if let Err(problem) = contract::of_component(&bytes) {
        bail!("{}", super::Fault::Contract(problem).detail(&name));
    }
    super::compiler().map_err(|why| anyhow::anyhow!("cannot run the plugin: {why}"))?;
    if let Err(why) = super::compile_now(&cache_root, std::slice::from_ref(&name)) {
        bail!("{name} does not compile: {why}");
    }
    let _ticker = Ticker::start(&runtime);

    let mut human = String::new();
    let mut results = Vec::new();
    let mut failed = 0;
    for case in &cases.cases {
        let (table, secrets) =
            policy_of(case.policy.as_ref().or(cases.policy.as_ref()), &file, &root)?;
        let config = case
            .config
            .as_ref()
            .or(cases.config.as_ref())
            .map(|(_, c)| c.clone())
            .unwrap_or_else(|| "null".into());
        let request = case.request.clone().unwrap_or_default();
        let mut question = Question::synthetic(&text_of(&root));
        question.tool = request["name"].as_str().unwrap_or_default().to_owned();
        question.input_json = request["input"].to_string();
        if let Some(role) = request["role"].as_str() {
            question.role = role.to_owned();
        }
        if let Some(id) = request["id"].as_str() {
            question.id = id.to_owned();
        }
        question.agent_id = agent.into();
        question.writable_root = text_of(&writable);
        question.cwd = text_of(&writable);
        question.home = text_of(&home);
        question.protected = vec![
            text_of(&root.join(".wicket")),
            text_of(&root.join("repo.git")),
        ];
        question.secret_fragments = secrets;
        let mut plugin = plugin.clone();
        plugin.config = config;
        let started = Instant::now();
        let run = runtime.run(&plugin, &question, super::PLUGIN_DEADLINE);
        let took = started.elapsed();
        let ruled = rule(&name, &run.answer, &table);
        let (effect, verdict) = match judge::deciding(&ruled) {
            Some(d) => (d.effect.word().to_owned(), d.ruling.word().to_owned()),
            None => ("abstain".to_owned(), "abstain".to_owned()),
        };
        let mut why_failed = Vec::new();
        if let Some(expect) = &case.expect {
            if *expect != verdict {
                why_failed.push(format!("expected verdict {expect}, got {verdict}"));
            }
        }
        if let Some(expect) = &case.effect {
            if *expect != effect {
                why_failed.push(format!("expected effect {expect}, got {effect}"));
            }
        }
        let ok = why_failed.is_empty();
        if !ok {
            failed += 1;
            human.push_str(&format!(
                "FAIL {file}:{} {}: {}\n",
                case.line,
                case.name,
                why_failed.join("; ")
            ));
            human.push_str(&format!("     call: {}\n", request));
            match &run.answer {
                Answer::Abstain => human.push_str("     the plugin abstained\n"),
                Answer::Fault(fault) => {
                    human.push_str(&format!("     fault: {}\n", fault.detail(&name)))
                }
                Answer::Findings(_) => {}
            }
            for r in &ruled {
                human.push_str(&format!(
                    "     finding: {} -> {} ({}): {}\n",
                    r.effect.word(),
                    r.ruling.word(),
                    if r.explicit {
                        "its own ruling"
                    } else {
                        "the table's"
                    },
                    r.why
                ));
            }
            if !run.output.trim().is_empty() {
                human.push_str(&format!(
                    "     printed: {}\n",
                    crate::reason::clip(run.output.trim(), 400)
                ));
            }
        }
        results.push(json!({
            "line": case.line,
            "name": case.name,
            "ok": ok,
            "effect": effect,
            "verdict": verdict,
            "expect": case.expect,
            "expect_effect": case.effect,
            "why_failed": why_failed,
            "findings": ruled,
            "fault": match &run.answer { Answer::Fault(f) => Some(f.detail(&name)), _ => None },
            "output": run.output,
            "run_ms": took.as_secs_f64() * 1000.0,
        }));
    }
    let total = cases.cases.len();
    human.push_str(&format!(
        "{name}: {} of {total} cases passed{}\n",
        total - failed,
        if failed > 0 {
            format!(", {failed} failed")
        } else {
            String::new()
        }
    ));
    let json = json!({
        "plugin": name,
        "cases": file,
        "passed": total - failed,
        "failed": failed,
        "results": results,
    });
    Ok((Receipt { human, json }, failed == 0))
}

/// A plugin's answer ruled as the consult rules it: each finding by its own
/// ruling else the table; a fault is a held opaque finding.
fn rule(name: &str, answer: &Answer, table: &Table) -> Vec<Ruled> {
    match answer {
        Answer::Abstain => Vec::new(),
        Answer::Findings(found) => found
            .iter()
            .map(|f| Ruled::new(name, f.effect, f.why.clone(), f.ruling, table))
            .collect(),
        Answer::Fault(fault) => vec![Ruled::new(
            name,
            Effect::Opaque,
            fault.sentence(name),
            Some(Ruling::Hold),
            table,
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_file_reads_and_its_mistakes_name_the_line() {
        let cases = parse_cases(
            "# defaults\nconfig: {\"allow\": [\"docs.rs\"]}\npolicy:\n  table:\n    open-world: hold\n\ncase: a\nbash: ls -l\nexpect: pass\n\ncase: b\ntool: fetch\ninput: {\"url\": \"x\"}\nclass: open-world\n",
            "c",
        )
        .unwrap();
        assert_eq!(cases.cases.len(), 2);
        assert_eq!(
            cases.policy.as_ref().unwrap().1,
            "\n  table:\n    open-world: hold"
        );
        assert_eq!(
            cases.cases[1].request,
            Some(json!({"name": "fetch", "input": {"url": "x"}}))
        );
        let (table, _) = policy_of(cases.policy.as_ref(), "c", Path::new("/")).unwrap();
        assert_eq!(table.ruling(Effect::OpenWorld), Ruling::Hold);
        for (text, says) in [
            ("case: a\nexpect: maybe\n", "c:2: `expect: maybe`"),
            ("case: a\nbash: ls\n", "c:1: case `a` expects nothing"),
            ("bash: ls\n", "c:1: `bash` before the first `case:`"),
            (
                "case: a\nrequest: {nope\nexpect: pass\n",
                "c:2: the request is not one line of JSON",
            ),
            ("", "c has no cases"),
        ] {
            let e = parse_cases(text, "c").unwrap_err().to_string();
            assert!(e.starts_with(says), "{e}");
        }
    }
}
