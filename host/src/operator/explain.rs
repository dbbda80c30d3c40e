//! `wicket explain <ws>`: one consult, traced — the facts it read, each
//! plugin's findings and time, the table's rulings, any revocation, the answers
//! considered and the one that decided, the gate, and the verdict the control
//! would print. It is the control's own code path; it writes nothing.

use std::fmt::Write as _;
use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use serde_json::json;

use crate::consult::{self, Env, PolicyState, Trace};
use crate::operator::Receipt;
use crate::plugins::Answer;
use crate::wire::Request;

/// What `explain` traces, and with what.
pub struct Args<'a> {
    pub ws: &'a Path,
    /// The agent whose parked call to trace (else the request).
    pub agent: Option<&'a str>,
    pub request_file: Option<&'a Path>,
    /// A candidate `capability.yaml` to trace with, in place of the committed one.
    pub policy_file: Option<&'a Path>,
    /// Candidate plugins to run after the policy's own.
    pub plugins: &'a [std::path::PathBuf],
}

pub fn run(args: Args) -> Result<Receipt> {
    let candidate = args.policy_file.map(|p| p.display().to_string());
    let mut receipt = traced(args)?;
    if let Some(file) = candidate {
        receipt.human = format!(
            "Traced with the candidate policy {file}, not the committed one.\n{}",
            receipt.human
        );
        receipt.json["candidate_policy"] = json!(file);
    }
    Ok(receipt)
}

fn traced(args: Args) -> Result<Receipt> {
    let ws = crate::workspace::Workspace::open(args.ws)?;
    let mut env = Env::from_process();
    env.workspace = ws.root.clone();
    if let Some(path) = args.policy_file {
        env.policy = Some(crate::operator::check::read_candidate(path, &ws.root)?);
    }
    for plugin in args.plugins {
        env.extra_plugins
            .push(candidate_plugin(plugin, env.cache_root.as_deref())?);
    }
    if let Some(agent) = args.agent {
        if args.request_file.is_some() {
            anyhow::bail!("give an agent or --request, not both: with an agent, explain traces the call parked on it");
        }
        return parked(&ws, agent, env);
    }
    let text = match args.request_file {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("could not read the request from {}", path.display()))?,
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("could not read the request on stdin")?;
            text
        }
    };
    let request = Request::parse(&text)
        .map_err(|p| anyhow::anyhow!("{}", p.0.trim_start_matches("wicket: ")))?;
    match consult::bounded(request.clone(), env) {
        Ok(trace) => Ok(render(&trace)),
        Err(verdict) => Ok(Receipt {
            human: format!(
                "The consult did not finish; the control would print:\n{}\n",
                verdict.line()
            ),
            json: json!({ "finished": false, "verdict": serde_json::from_str::<serde_json::Value>(&verdict.line()).ok() }),
        }),
    }
}

/// The call parked on `agent`, traced, and the narrowest policy change that
/// would let it through.
fn parked(ws: &crate::workspace::Workspace, agent: &str, env: Env) -> Result<Receipt> {
    let agent = crate::operator::resolve_agent(ws, agent, true)?;
    let agent = agent.as_str();
    let Some(mark) = ws.hold_mark(agent) else {
        let kind = if ws.agent_exists(agent) {
            crate::operator::Refusal::NothingParked
        } else {
            crate::operator::Refusal::NoSuchAgent
        };
        return Err(crate::operator::refused(kind, format!(
            "nothing is parked on agent {agent} in {}: `wicket status {}` lists what is parked, and `wicket explain {} < request.json` traces any call",
            ws.root.display(),
            ws.root.display(),
            ws.root.display()
        )));
    };
    let Some((name, input)) = ws.parked_call(agent, &mark.tool_use_id)? else {
        anyhow::bail!(
            "the call {} parked on {agent} is not in the agent's transcript, so it cannot be traced; `wicket status {}` shows its reason",
            mark.tool_use_id,
            ws.root.display()
        );
    };
    let request = Request {
        id: mark.tool_use_id.clone(),
        name,
        input,
        role: ws.role(agent),
        agent_id: agent.to_owned(),
    };
    let trace = match consult::bounded(request.clone(), env.clone()) {
        Ok(trace) => trace,
        Err(verdict) => anyhow::bail!(
            "the parked call on {agent} could not be consulted to the end (the control would print {}); run `wicket explain` again",
            verdict.line()
        ),
    };
    let mut receipt = render(&trace);
    let advice = crate::operator::suggest::suggest(&trace, &env);
    receipt.human.push('\n');
    receipt.human.push_str(&advice.human);
    receipt.json["parked"] = json!({"agent": agent, "tool_use_id": mark.tool_use_id, "tool": mark.tool, "reason": mark.reason});
    receipt.json["suggestion"] = advice.json;
    Ok(receipt)
}

/// A candidate plugin for one trace: compiled into the cache now (a consult
/// would otherwise hold on it while it compiles), unpinned, no config.
fn candidate_plugin(path: &Path, cache_root: Option<&Path>) -> Result<crate::policy::PluginSpec> {
    let absolute = std::path::absolute(path)
        .with_context(|| format!("cannot find the plugin {}", path.display()))?;
    if !absolute.is_file() {
        anyhow::bail!(
            "the plugin {} is not a file; give the path of a .wasm component",
            path.display()
        );
    }
    let Some(root) = cache_root else {
        anyhow::bail!("there is no compile cache ($XDG_CACHE_HOME or $HOME is not set), so the plugin {} cannot be compiled to trace with", path.display());
    };
    crate::plugins::compile_now(root, &[absolute.display().to_string()]).map_err(|why| {
        anyhow::anyhow!("the plugin {} could not be compiled: {why}", path.display())
    })?;
    Ok(crate::policy::PluginSpec {
        written: absolute.display().to_string(),
        path: absolute,
        sha256: None,
        config: serde_json::Value::Null,
        line: 0,
    })
}

fn ms(d: std::time::Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn render(t: &Trace) -> Receipt {
    let mut h = String::new();
    let r = &t.request;
    let _ = writeln!(
        h,
        "Request: {} {} (id {}, role {}, agent {})",
        r.name,
        crate::reason::input_line(&r.input),
        r.id,
        r.role,
        r.agent_id
    );
    let _ = writeln!(h, "Workspace: {}", t.workspace.display());
    match &t.config {
        Some(c) => {
            let _ = writeln!(
                h,
                "Config commit: {} ({})",
                c.commit,
                c.lineage
                    .as_deref()
                    .unwrap_or("governing commit; lineages diverge")
            );
        }
        None => {
            let _ = writeln!(h, "Config commit: none found");
        }
    }
    let policy = match &t.policy_state {
        PolicyState::Absent => "no capability.yaml: the shipped policy".to_owned(),
        PolicyState::Read if t.policy.diagnostics.is_empty() => "capability.yaml read".to_owned(),
        PolicyState::Read => format!(
            "capability.yaml has {} problem(s)",
            t.policy.diagnostics.len()
        ),
        PolicyState::Unreadable(why) => format!("could not be read: {why}"),
    };
    let _ = writeln!(h, "Policy: {policy}");
    for spec in t.policy.classifiers.iter().filter(|s| s.line == 0) {
        let _ = writeln!(
            h,
            "  with the candidate plugin {} (--plugin)",
            spec.path.display()
        );
    }
    for d in &t.policy.diagnostics {
        let _ = writeln!(h, "  line {}: {}", d.line, d.message);
    }
    let _ = writeln!(h, "Writable root: {}\nCwd: {}", t.writable_root, t.cwd);
    if let Some(rule) = &t.command_rule {
        let _ = writeln!(h, "Command rule: {} — {}", rule.rule.describe(), rule.note);
    }
    let _ = writeln!(h, "\nPlugins");
    for run in &t.runs {
        let cache = match &run.cache {
            Some(crate::plugins::CacheUse::Embedded) => "compiled into wicket".to_owned(),
            Some(crate::plugins::CacheUse::Hit) => "compiled code from the cache".to_owned(),
            None => "not loaded".to_owned(),
        };
        let _ = writeln!(
            h,
            "  {} (sha256 {}; {cache}; load {}, run {})",
            run.name,
            run.sha256.as_deref().unwrap_or("-"),
            ms(run.load_time),
            ms(run.run_time)
        );
        if !run.output.trim().is_empty() {
            let _ = writeln!(
                h,
                "    it printed: {}",
                crate::reason::clip(run.output.trim(), 2000)
            );
        }
        match &run.answer {
            Answer::Abstain => h.push_str("    abstained\n"),
            Answer::Fault(fault) => {
                let _ = writeln!(
                    h,
                    "    fault ({}): {} → hold",
                    fault.kind(),
                    fault.detail(&run.name)
                );
            }
            Answer::Findings(_) => {
                for f in t.findings.iter().filter(|f| f.plugin == run.name) {
                    let by = if f.explicit {
                        "its own ruling"
                    } else {
                        "the table"
                    };
                    let _ = writeln!(
                        h,
                        "    {:<13} → {:<6} ({by})  {}",
                        f.effect.word(),
                        f.ruling.word(),
                        f.why
                    );
                }
            }
        }
    }
    let d = &t.deciding;
    let _ = writeln!(
        h,
        "\nDeciding finding: {} from {} ({}), ruling {}",
        d.effect.word(),
        d.plugin,
        d.why,
        t.plugin_ruling.word()
    );
    let p = &t.precedence;
    if let Some(problem) = &p.trail_problem {
        let _ = writeln!(h, "Trail: cannot be read: {problem}");
    }
    match &p.floor {
        None => h.push_str("Revoked: no (neither this agent nor an ancestor)\n"),
        Some(f) => {
            let _ = writeln!(
                h,
                "Revoked: {} at {} by {}@{} — {}",
                f.agent,
                f.at,
                f.who.user,
                f.who.host,
                if p.floor_applied {
                    "applied (standing answers suspended)"
                } else {
                    "not applied (a read, or the compaction pair)"
                }
            );
        }
    }
    match &p.standing {
        None => h.push_str("Standing answer: none for this class (<tool>@<effect>)\n"),
        Some(s) => {
            let outcome = if p.standing_applied {
                "applied".to_owned()
            } else {
                format!(
                    "not applied: {}",
                    p.standing_skipped.as_deref().unwrap_or("")
                )
            };
            let _ = writeln!(
                h,
                "Standing answer: {} ({} at {} scope) — {outcome}",
                s.answer.answer,
                s.answer.ruling.word(),
                s.answer.scope.word()
            );
        }
    }
    match &p.call_answer {
        None => h.push_str("Call answer: none for this exact call\n"),
        Some(s) => {
            let _ = writeln!(
                h,
                "Call answer: {} ({}) — applied",
                s.answer.answer,
                s.answer.ruling.word()
            );
        }
    }
    let g = &t.gate;
    let gate = match (g.required_line, g.inside, g.refused) {
        (None, inside, _) => format!(
            "not required; this consult ran {} the wall",
            if inside { "inside" } else { "outside" }
        ),
        (Some(line), true, _) => {
            format!("required (line {line}); this consult ran inside the wall")
        }
        (Some(line), false, true) => format!(
            "required (line {line}); this consult ran outside the wall → refused{}",
            match &g.probe {
                Some(Ok(bwrap)) => format!(" (bubblewrap works here: {bwrap})"),
                Some(Err(u)) => format!(" ({})", u.sentence()),
                None => String::new(),
            }
        ),
        (Some(line), false, false) => format!("required (line {line}); not needed for this call"),
    };
    let _ = writeln!(h, "Confinement: {gate}");
    if let Some(decided) = &t.decided_by {
        let _ = writeln!(h, "Decided by: {decided}");
    }
    let _ = writeln!(h, "\nVerdict ({} in all): {}", ms(t.took), t.verdict.line());
    let json = json!({
        "finished": true,
        "request": { "id": r.id, "name": r.name, "input": r.input, "role": r.role, "agent_id": r.agent_id },
        "workspace": t.workspace,
        "config": t.config,
        "policy": { "state": t.policy_state, "diagnostics": t.policy.diagnostics, "confinement_line": t.policy.confinement_line },
        "writable_root": t.writable_root,
        "cwd": t.cwd,
        "plugins": t.runs.iter().map(|run| json!({
            "name": run.name,
            "sha256": run.sha256,
            "cache": run.cache,
            "load_ms": run.load_time.as_secs_f64() * 1000.0,
            "run_ms": run.run_time.as_secs_f64() * 1000.0,
            "abstained": matches!(run.answer, Answer::Abstain),
            "fault": match &run.answer { Answer::Fault(f) => Some(json!({"kind": f.kind(), "sentence": f.sentence(&run.name), "detail": f.detail(&run.name)})), _ => None },
                "output": run.output,
        })).collect::<Vec<_>>(),
        "findings": t.findings,
        "command_rule": t.command_rule,
        "deciding": t.deciding,
        "plugin_ruling": t.plugin_ruling,
        "precedence": t.precedence,
        "gate": t.gate,
        "ruling": t.ruling,
        "decided_by": t.decided_by,
        "digest": t.digest,
        "verdict": serde_json::from_str::<serde_json::Value>(&t.verdict.line()).ok(),
        "took_ms": t.took.as_secs_f64() * 1000.0,
    });
    Receipt { human: h, json }
}
