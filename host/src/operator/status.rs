//! `wicket status <ws>`: what waits and why — every parked call with its full
//! reason and the scopes its answer may take, the revoked conversations, the
//! standing answers (and how to withdraw them), each config lineage's policy
//! (plugins with their hashes, confinement, the lines it could not read),
//! whether the wall can be built here, and the latest launches.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use serde_json::{json, Value};

use crate::judge::call_only;
use crate::operator::Receipt;
use crate::plugins::DEFAULT_CLASSIFIER_SHA256;
use crate::policy::Policy;
use crate::reason;
use crate::trail::State;
use crate::wall;
use crate::workspace::{Workspace, CONFIG_HEADS};

/// How many revoked conversations, and how many answers, the human listing shows: the
/// latest; `--json` lists every one.
const LISTED: usize = 25;

pub fn run(ws: &Path) -> Result<Receipt> {
    run_for(ws, true)
}

/// [`run`]; the JSON's per-answer and per-revocation entries are only built when
/// `json` asks for them (thousands of standing answers in a long-lived
/// workspace are most of what status would otherwise spend).
pub fn run_for(ws: &Path, json: bool) -> Result<Receipt> {
    let want_json = json;
    let ws = crate::workspace::Workspace::open(ws)?;
    let root = ws.root.display().to_string();
    let trail_path = ws.state_dir().join(crate::trail::FILE);
    let (state, trail_problem) = match State::load(&ws.state_dir()) {
        Ok(state) => (state, None),
        Err(e) => (State::default(), Some(format!("{e:#}"))),
    };
    let mut human = format!("wicket status for {root}\n");

    // Parked calls.
    let parked = ws.hold_marks()?;
    let mut parked_json = Vec::new();
    let _ = writeln!(human, "\nParked calls ({})", parked.len());
    if parked.is_empty() {
        human.push_str("  none\n");
    }
    for (agent, mark) in &parked {
        let tag = reason::read_tag(&mark.reason);
        let scopes: Vec<&str> = match &tag {
            Some((effect, _)) if !call_only(*effect) => vec!["call", "conversation", "workspace"],
            _ => vec!["call"],
        };
        let config = ws.config_source(agent);
        let effect = tag
            .as_ref()
            .map(|(e, _)| e.word())
            .unwrap_or("unknown (no wicket tag)");
        // (A lookup of the branch itself: `refs` lists a directory of refs,
        // and given one ref's full name it found nothing, so no name showed.)
        let name = crate::operator::name_of(&ws, agent);
        let _ = writeln!(
            human,
            "  {agent}{}  {}  {effect}  {}",
            name.as_deref()
                .map(|n| format!(" \"{n}\""))
                .unwrap_or_default(),
            mark.tool,
            mark.tool_use_id
        );
        let _ = writeln!(human, "    {}", mark.reason);
        // Answered already, and waiting for litany to act on it, or needing
        // an answer.
        let answered = tag
            .as_ref()
            .and_then(|(_, digest)| state.call_answer(agent, &mark.tool_use_id, digest));
        match answered {
            Some(a) if a.answer.ruling == crate::judge::Ruling::Hold => {
                let _ = writeln!(
                    human,
                    "    answered hold ({} at {}): it stays parked until you answer pass or refuse",
                    a.answer.answer, a.at
                );
            }
            Some(a) => {
                let _ = writeln!(
                    human,
                    "    answered {} ({} at {}), waiting for litany to re-consult it: if it stays here, see the launch below or run `litany advance {root} {agent}`",
                    a.answer.ruling.word(),
                    a.answer.answer,
                    a.at
                );
            }
            None => {}
        }
        let _ = writeln!(
            human,
            "    {}: wicket answer {root} {agent} pass|refuse|hold{}   (why, and the rule that would pass it: wicket explain {root} {agent})",
            if answered.is_some() { "answer again" } else { "ANSWER NEEDED" },
            if scopes.len() > 1 {
                " [--scope call|conversation|workspace]"
            } else {
                "   (call scope only)"
            }
        );
        match &config {
            Ok(source) => {
                let _ = writeln!(
                    human,
                    "    the control reads config commit {} ({}) and the trail {}",
                    crate::consult::short(&source.commit),
                    source
                        .lineage
                        .as_deref()
                        .unwrap_or("the governing commit: several lineages diverge"),
                    trail_path.display()
                );
            }
            Err(e) => {
                let _ = writeln!(human, "    its policy cannot be found: {e:#}");
            }
        }
        // The parked call as litany will run it, from its transcript: what
        // `wicket explain` traces (its request is `{id, name, input, role,
        // agent_id}`).
        let input = ws
            .parked_call(agent, &mark.tool_use_id)
            .ok()
            .flatten()
            .map(|(_, input)| input);
        parked_json.push(json!({
            "agent": agent,
            "tool_use_id": mark.tool_use_id,
            "tool": mark.tool,
            "input": input,
            "role": ws.role(agent),
            "name": name,
            "answered": answered.map(|a| json!({"answer": a.answer.answer, "ruling": a.answer.ruling.word(), "at": a.at})),
            "effect": tag.as_ref().map(|(e, _)| e.word()),
            "digest": tag.as_ref().map(|(_, d)| d),
            "reason": mark.reason,
            "scopes": scopes,
            "config": config.as_ref().ok(),
            "config_problem": config.as_ref().err().map(|e| format!("{e:#}")),
            "trail": trail_path,
        }));
    }

    // An agent as the operator reads it: its id, and the display name
    // litany gave it (looked up once per agent).
    let mut names: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let mut label = |agent: &str| -> String {
        names
            .entry(agent.to_owned())
            .or_insert_with(|| match crate::operator::name_of(&ws, agent) {
                Some(name) => format!("{agent} \"{name}\""),
                None => agent.to_owned(),
            })
            .clone()
    };

    // Revoked conversations (the trail's raised floors).
    let _ = writeln!(human, "\nRevoked ({})", state.floors.len());
    if state.floors.is_empty() {
        human.push_str("  none: every conversation is adjudicated by its policy\n");
    }
    let floors_hidden = state.floors.len().saturating_sub(LISTED);
    if floors_hidden > 0 {
        let _ = writeln!(
            human,
            "  ({floors_hidden} earlier revocations not shown: `wicket status {root} --json` lists them all)"
        );
    }
    for floor in &state.floors[floors_hidden..] {
        let _ = writeln!(
            human,
            "  {}  revoked {} by {}@{}  (restore: wicket restore {root} {})",
            label(&floor.agent),
            floor.at,
            floor.who.user,
            floor.who.host,
            floor.agent
        );
    }

    // Standing answers.
    let in_force = state.answers.iter().filter(|s| !s.expired).count();
    let _ = writeln!(human, "\nAnswers in force ({in_force})");
    if in_force == 0 {
        human.push_str("  none\n");
    }
    let mut answers_json = Vec::new();
    let mut ordered: Vec<&crate::trail::Standing> =
        state.answers.iter().filter(|s| !s.expired).collect();
    let expired_count = state.answers.len() - in_force;
    ordered.extend(state.answers.iter().filter(|s| s.expired));
    // The latest of those in force, then the latest expired ones.
    let shown_in_force = in_force.saturating_sub(LISTED)..in_force;
    let shown_expired = (in_force + expired_count.saturating_sub(LISTED))..ordered.len();
    for (index, s) in ordered.into_iter().enumerate() {
        if index == in_force {
            let _ = writeln!(
                human,
                "\nExpired answers ({expired_count}): they stand for nothing"
            );
        }
        let listed = shown_in_force.contains(&index) || shown_expired.contains(&index);
        if !listed {
            if index == 0 || index == in_force {
                let earlier = if index == 0 {
                    shown_in_force.start
                } else {
                    shown_expired.start - in_force
                };
                let _ = writeln!(
                    human,
                    "  ({earlier} earlier not shown: `wicket status {root} --json` lists them all)"
                );
            }
            if want_json {
                let mut value = serde_json::to_value(s).unwrap_or(Value::Null);
                value["withdraw"] = json!(format!("wicket withdraw {root} {}", s.answer.answer));
                answers_json.push(value);
            }
            continue;
        }
        if !s.expired && s.answer.ruling == crate::judge::Ruling::Pass {
            if let Some(floor) = state
                .floor_over(&s.answer.agent)
                .filter(|_| s.answer.scope == crate::trail::Scope::Conversation)
            {
                let _ = writeln!(
                    human,
                    "  SUSPENDED: {} is revoked (by {}), so the next answer line does not apply until `wicket restore {root} {}`",
                    floor.agent, floor.who.user, floor.agent
                );
            }
        }
        let a = &s.answer;
        let over = match a.scope {
            crate::trail::Scope::Call => {
                format!("the call {} on {}", a.tool_use_id, label(&a.agent))
            }
            crate::trail::Scope::Conversation => format!(
                "{} on {} and its descent",
                a.class().unwrap_or_default(),
                label(&a.agent)
            ),
            crate::trail::Scope::Workspace => {
                format!("{} everywhere", a.class().unwrap_or_default())
            }
        };
        let expiry = match (&a.expires, s.expired) {
            (Some(e), true) => format!("  EXPIRED {e}"),
            (Some(e), false) => format!("  until {e}"),
            (None, _) => String::new(),
        };
        let _ = writeln!(
            human,
            "  {}  {}  {}  {over}  since {} by {}@{}{expiry}  (withdraw: wicket withdraw {root} {})",
            a.answer,
            a.ruling.word(),
            a.scope.word(),
            s.at,
            s.who.user,
            s.who.host,
            a.answer
        );
        if want_json {
            let mut value = serde_json::to_value(s).unwrap_or(Value::Null);
            value["withdraw"] = json!(format!("wicket withdraw {root} {}", a.answer));
            answers_json.push(value);
        }
    }

    // Policy per config lineage.
    let _ = writeln!(human, "\nPolicy by config lineage");
    let mut lineages_json = Vec::new();
    let mut any_confined = false;
    for (head, commit) in ws.refs(CONFIG_HEADS)? {
        let lineage = head.trim_start_matches("refs/heads/").to_owned();
        let (entry, text, confined) = lineage_policy(&ws, &lineage, &commit);
        any_confined |= confined;
        human.push_str(&text);
        lineages_json.push(entry);
    }

    // The wall.
    let shape =
        wall::Shape::for_workspace(&ws.root, &crate::operator::answer::guarded_paths_for(&ws));
    let probe = wall::probe(&shape);
    let wall_text = match &probe {
        Ok(bwrap) => format!("bubblewrap builds the wall here ({})", bwrap.display()),
        Err(u) => format!("the wall cannot be built here: {}", u.sentence()),
    };
    let _ = writeln!(
        human,
        "\nConfinement: {}{wall_text}; this command runs {} the wall",
        if any_confined {
            "required by a lineage; "
        } else {
            "not required; "
        },
        if wall::inside(&ws.root) {
            "inside"
        } else {
            "outside"
        }
    );

    // The protected set, path by path: what the wall keeps read-only and
    // what rests on classification alone.
    let guards = wall::protected(&ws.root, &crate::operator::answer::guarded_paths_for(&ws));
    let _ = writeln!(
        human,
        "\nProtected paths (kept by the wall: read-only inside it; by classification: litany writes them while it runs)"
    );
    for guard in &guards {
        let kept = match guard.kept {
            wall::Kept::Wall => "wall",
            wall::Kept::Classification => "classification",
        };
        let _ = writeln!(
            human,
            "  {kept:<14} {}{}  {}",
            guard.path.display(),
            if guard.path.exists() {
                ""
            } else {
                " (not there yet)"
            },
            guard.what
        );
    }

    // Trail health and recent launches.
    let _ = writeln!(human, "\nTrail: {}", trail_path.display());
    if let Some(problem) = &trail_problem {
        let _ = writeln!(
            human,
            "  cannot be read: {problem} (every call above read is held until it can)"
        );
    }
    if state.skipped > 0 {
        let _ = writeln!(
            human,
            "  {} line(s) could not be read and were skipped",
            state.skipped
        );
    }
    let recent: Vec<&crate::trail::Row> = state.launches.iter().rev().take(5).collect();
    if !recent.is_empty() {
        human.push_str("Recent launches\n");
        for row in &recent {
            if let crate::trail::What::Launch {
                agent,
                ok,
                error,
                log,
                ..
            } = &row.what
            {
                let outcome = match (ok, log.as_deref()) {
                    (false, _) => format!("FAILED to start: {}", error.as_deref().unwrap_or("")),
                    (true, None) => "launched".to_owned(),
                    (true, Some(log)) => match crate::operator::launch::outcome(Path::new(log)) {
                        crate::operator::launch::Outcome::Exited(0) => {
                            format!("finished (exit 0), log {log}")
                        }
                        crate::operator::launch::Outcome::Exited(status) => format!(
                            "FAILED: litany advance exited with status {status}; its log {log} says why"
                        ),
                        crate::operator::launch::Outcome::Unknown => {
                            format!("launched; no end recorded yet (running, or stopped without a word), log {log}")
                        }
                    },
                };
                let _ = writeln!(human, "  {}  litany advance {agent}  {outcome}", row.at);
            }
        }
    }

    let json = json!({
        "workspace": root,
        "parked": parked_json,
        "revoked": if want_json { json!(state.floors) } else { json!([]) },
        "answers": answers_json,
        "lineages": lineages_json,
        "confinement": {
            "required_by_a_lineage": any_confined,
            "bwrap": probe.as_ref().ok(),
            "unavailable": probe.as_ref().err(),
            "inside": wall::inside(&ws.root),
        },
        "protected": guards,
        "trail": { "path": trail_path, "problem": trail_problem, "unreadable_lines": state.skipped },
        "launches": recent.iter().map(|row| {
            let mut value = serde_json::to_value(row).unwrap_or(Value::Null);
            if let crate::trail::What::Launch { log: Some(log), ok: true, .. } = &row.what {
                value["exit_status"] = match crate::operator::launch::outcome(Path::new(log)) {
                    crate::operator::launch::Outcome::Exited(status) => json!(status),
                    crate::operator::launch::Outcome::Unknown => Value::Null,
                };
            }
            value
        }).collect::<Vec<_>>(),
    });
    Ok(Receipt { human, json })
}

/// One lineage's policy: (json, human lines, requires confinement).
fn lineage_policy(ws: &Workspace, lineage: &str, commit: &str) -> (Value, String, bool) {
    let mut text = String::new();
    let file = match ws.file_at(commit, crate::policy::FILE) {
        Ok(file) => file,
        Err(e) => {
            let _ = writeln!(
                text,
                "  {lineage} ({}): the policy cannot be read: {e:#}",
                crate::consult::short(commit)
            );
            return (
                json!({"lineage": lineage, "commit": commit, "problem": format!("{e:#}")}),
                text,
                false,
            );
        }
    };
    let policy = file
        .as_ref()
        .map(|t| Policy::parse(&String::from_utf8_lossy(t), &ws.root))
        .unwrap_or_default();
    let _ = writeln!(
        text,
        "  {lineage} ({}): {}",
        crate::consult::short(commit),
        if file.is_some() {
            "capability.yaml"
        } else {
            "no capability.yaml: the shipped policy"
        }
    );
    // Whether litany asks wicket at all on this lineage.
    let wired = match ws.file_at(commit, crate::operator::init::WORKFLOW) {
        Ok(Some(bytes)) => crate::operator::init::wired_command(&String::from_utf8_lossy(&bytes)),
        _ => None,
    };
    match &wired {
        Some(command) if is_wicket(command) => {
            let _ = writeln!(
                text,
                "    wired: litany asks {command} before every tool call"
            );
        }
        Some(command) => {
            let _ = writeln!(
                text,
                "    NOT WIRED TO WICKET: workflow.yaml's tool_control runs {command}; `wicket init {}` wires it",
                ws.root.display()
            );
        }
        None => {
            let _ = writeln!(
                text,
                "    NOT WIRED: workflow.yaml has no tool_control, so litany runs every tool call without asking; `wicket init {}` wires it",
                ws.root.display()
            );
        }
    }
    if let Some(line) = policy.confinement_line {
        let _ = writeln!(text, "    confinement: required (line {line})");
    }
    let overrides: Vec<String> = crate::judge::EFFECTS
        .iter()
        .filter(|e| policy.table.ruling(**e) != crate::judge::Table::default().ruling(**e))
        .map(|e| format!("{}: {}", e.word(), policy.table.ruling(*e).word()))
        .collect();
    if !overrides.is_empty() {
        let _ = writeln!(text, "    table: {}", overrides.join(", "));
    }
    for rule in &policy.rules {
        let _ = writeln!(
            text,
            "    rule (line {}): {} → {}",
            rule.line,
            rule.words.join(" "),
            rule.effect
        );
    }
    for rule in &policy.commands {
        let _ = writeln!(text, "    command rule: {}", rule.describe());
    }
    let mut plugins = vec![
        json!({"name": "default", "built_in": true, "sha256": DEFAULT_CLASSIFIER_SHA256.trim()}),
    ];
    let _ = writeln!(
        text,
        "    plugin: default (built in, sha256 {})",
        DEFAULT_CLASSIFIER_SHA256.trim()
    );
    for spec in &policy.classifiers {
        let actual = file_sha256(&spec.path);
        let state = match (&actual, &spec.sha256) {
            (Err(e), _) => format!("cannot be read: {e}"),
            (Ok(a), Some(p)) if a == p => format!("sha256 {a}, matches its pin"),
            (Ok(a), Some(p)) => {
                format!("sha256 {a}, DOES NOT MATCH its pin {p} (every call is held)")
            }
            (Ok(a), None) => format!("sha256 {a}, not pinned"),
        };
        let compiled = actual
            .as_ref()
            .ok()
            .map(|sha| compiled_state(&spec.path, sha));
        let _ = writeln!(
            text,
            "    plugin: {} ({state}{})",
            spec.written,
            compiled
                .as_ref()
                .map(|c| format!("; {c}"))
                .unwrap_or_default()
        );
        plugins.push(json!({"name": spec.written, "path": spec.path, "sha256": actual.as_ref().ok(), "problem": actual.as_ref().err(), "pinned": spec.sha256, "config": spec.config, "compiled": compiled}));
    }
    for d in &policy.diagnostics {
        let _ = writeln!(
            text,
            "    cannot read line {}: {} (every call above read is held)",
            d.line, d.message
        );
    }
    let json = json!({
        "lineage": lineage,
        "commit": commit,
        "policy": if file.is_some() { "read" } else { "absent" },
        "confinement_line": policy.confinement_line,
        "table": overrides,
        "rules": policy.rules,
        "commands": policy.commands,
        "secrets": policy.secrets,
        "plugins": plugins,
        "diagnostics": policy.diagnostics,
        "tool_control": wired,
        "wired": wired.as_deref().is_some_and(is_wicket),
    });
    (json, text, policy.requires_confinement())
}

/// Whether a `tool_control` command runs wicket: named so, or this very
/// binary (or a copy of it) under another name.
fn is_wicket(command: &str) -> bool {
    let program = command.split_whitespace().next().unwrap_or("");
    let base = program.rsplit('/').next().unwrap_or(program);
    base == "wicket"
        || std::env::current_exe().is_ok_and(|exe| {
            wicket_guest::paths::identify_on_this_host(
                program,
                "/",
                "/",
                &std::env::var("PATH").unwrap_or_default(),
                &[(wicket_guest::Harness::Wicket, exe)],
            )
            .is_some()
        })
}

/// Whether the compile cache holds usable code for a plugin, and whether it
/// then instantiates as a consult would: status looks, it never starts a
/// compilation. A contract version this wicket has no binding for is said
/// first, compiled or not.
fn compiled_state(path: &Path, sha256: &str) -> String {
    use crate::plugins::{Answer, Cache, Fault, Miss, Plugin, Runtime, Source};
    let plugin = Plugin {
        name: path.display().to_string(),
        source: Source::File {
            path: path.to_path_buf(),
            pinned: None,
        },
        config: "null".into(),
    };
    if let Ok(bytes) = crate::plugins::read_plugin_file(path) {
        if let Err(problem) = crate::plugins::contract::of_component(&bytes) {
            return format!(
                "CANNOT BE LOADED: {} (every call is held)",
                Fault::Contract(problem).detail(&plugin.name)
            );
        }
    }
    let Some(root) = Cache::root_from_env() else {
        return "not compiled: there is no cache directory ($XDG_CACHE_HOME or $HOME is not set)"
            .into();
    };
    let cache = Cache::new(&root);
    let engine = match wasmtime::Engine::new(&crate::plugins::engine::config()) {
        Ok(engine) => engine,
        Err(e) => return format!("cannot tell whether it is compiled ({e})"),
    };
    match cache.load(&engine, sha256) {
        Ok(_) => match Runtime::new(Some(&root)) {
            Ok(runtime) => match runtime.check(&plugin, crate::plugins::PLUGIN_DEADLINE).answer {
                Answer::Fault(fault) => format!(
                    "compiled, but CANNOT BE LOADED: {} (every call is held)",
                    fault.detail(&plugin.name)
                ),
                _ => "compiled, instantiates".into(),
            },
            Err(e) => format!("compiled; cannot tell whether it instantiates ({e})"),
        },
        Err(_) if cache.compiling(sha256) => "being compiled now".into(),
        Err(Miss::Absent) => {
            "NOT COMPILED YET: calls are held until it is; `wicket init <workspace>` compiles it".into()
        }
        Err(Miss::Rejected(why)) => format!(
            "its compiled code is not used ({why}): calls are held until `wicket init <workspace>` recompiles it"
        ),
    }
}

fn file_sha256(path: &Path) -> Result<String, String> {
    let bytes = crate::plugins::read_plugin_file(path)?;
    Ok(reason::hex(&crate::plugins::sha2_digest(&bytes)))
}

/// How often `status --watch` looks at the hold marks.
const WATCH_EVERY: std::time::Duration = std::time::Duration::from_millis(300);

/// How often a waiting watcher checks whether it was asked to stop.
const STOP_CHECK: std::time::Duration = std::time::Duration::from_millis(20);

/// Set by SIGINT or SIGTERM while `status --watch` runs.
static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

extern "C" fn on_stop(_signal: libc::c_int) {
    STOP.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// SIGINT (Ctrl-C) and SIGTERM end the watch the way it ends on purpose:
/// the watcher finishes the line it is writing and exits 0.
fn stop_on_signals() {
    // SAFETY: the handler only stores to an atomic, which is
    // async-signal-safe; nothing else in this process handles these signals.
    unsafe {
        libc::signal(libc::SIGINT, on_stop as *const () as libc::sighandler_t);
        libc::signal(libc::SIGTERM, on_stop as *const () as libc::sighandler_t);
    }
}

/// Wait `for_`, or less when a signal asked the watcher to stop; whether it did.
fn wait_or_stop(for_: std::time::Duration) -> bool {
    let until = std::time::Instant::now() + for_;
    loop {
        if STOP.load(std::sync::atomic::Ordering::SeqCst) {
            return true;
        }
        let now = std::time::Instant::now();
        if now >= until {
            return false;
        }
        std::thread::sleep(STOP_CHECK.min(until - now));
    }
}

/// `wicket status <ws> --watch`: the calls parked now, then every call
/// parked or settled from here on, one line each (one JSON object per line
/// with `json`), until SIGINT or SIGTERM ends it (exit 0). Each look reads only the hold marks
/// (`refs/litany/held/*`); a parked call's input is read once, when it
/// appears.
pub fn watch(ws: &Path, json: bool) -> Result<()> {
    use std::collections::BTreeMap;
    use std::io::Write as _;
    let ws = Workspace::open(ws)?;
    let root = ws.root.display().to_string();
    stop_on_signals();
    // Fails early when the repository cannot be read at all.
    let mut seen: BTreeMap<String, crate::workspace::HoldMark> = BTreeMap::new();
    let mut first = true;
    let mut stdout = std::io::stdout();
    if !json {
        let _ = writeln!(stdout, "watching {root} for parked calls (Ctrl-C to stop)");
    }
    let repository = ws.root.join("repo.git");
    loop {
        // A watcher outlives nothing it watches: when the workspace is gone
        // (removed, or moved away), it says so and stops.
        if !repository.is_dir() {
            anyhow::bail!(
                "{} no longer holds a workspace repository (repo.git); nothing is left to watch",
                root
            );
        }
        let now: BTreeMap<String, crate::workspace::HoldMark> = match ws.hold_marks() {
            Ok(marks) => marks.into_iter().collect(),
            Err(e) if first => return Err(e),
            // A look that fails (a ref being rewritten) is skipped, not taken
            // for "nothing is parked".
            Err(_) => {
                if wait_or_stop(WATCH_EVERY) {
                    return Ok(());
                }
                continue;
            }
        };
        let at = humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string();
        for (agent, mark) in &seen {
            let settled = match now.get(agent) {
                None => true,
                Some(m) => m.tool_use_id != mark.tool_use_id,
            };
            if settled {
                let line = if json {
                    json!({"event": "settled", "at": at, "agent": agent, "tool_use_id": mark.tool_use_id, "tool": mark.tool})
                        .to_string()
                } else {
                    reason::for_terminal(&format!(
                        "{at}  settled  {agent}  {} {}",
                        mark.tool, mark.tool_use_id
                    ))
                    .into_owned()
                };
                if writeln!(stdout, "{line}").is_err() {
                    return Ok(());
                }
            }
        }
        for (agent, mark) in &now {
            let new = match seen.get(agent) {
                None => true,
                Some(m) => m.tool_use_id != mark.tool_use_id,
            };
            if !new {
                continue;
            }
            let event = if first { "waiting" } else { "parked" };
            let effect = reason::read_tag(&mark.reason).map(|(e, _)| e.word());
            let name = crate::operator::name_of(&ws, agent);
            let input = ws
                .parked_call(agent, &mark.tool_use_id)
                .ok()
                .flatten()
                .map(|(_, input)| input);
            let line = if json {
                json!({
                    "event": event,
                    "at": at,
                    "agent": agent,
                    "name": name,
                    "tool_use_id": mark.tool_use_id,
                    "tool": mark.tool,
                    "effect": effect,
                    "input": input,
                    "role": ws.role(agent),
                    "reason": mark.reason,
                })
                .to_string()
            } else {
                format!(
                    "{at}  {event}  {agent}{}  {} {}  {}\n    {}\n    answer: wicket answer {root} {agent} pass|refuse|hold   why: wicket explain {root} {agent}",
                    name.as_deref()
                        .map(|n| format!(" \"{n}\""))
                        .unwrap_or_default(),
                    mark.tool,
                    mark.tool_use_id,
                    effect.unwrap_or("unknown"),
                    mark.reason
                )
            };
            let line = if json {
                line
            } else {
                reason::for_terminal(&line).into_owned()
            };
            if writeln!(stdout, "{line}").is_err() {
                // The reader went away: nothing left to watch for.
                return Ok(());
            }
        }
        let _ = stdout.flush();
        seen = now;
        first = false;
        if wait_or_stop(WATCH_EVERY) {
            return Ok(());
        }
    }
}
