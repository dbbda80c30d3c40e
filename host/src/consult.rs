//! One consult, top to bottom: parse the request → gather the workspace's
//! facts → run the plugins → judge → print one verdict. Nothing here writes:
//! the same facts give the same verdict the second time.
//!
//! The whole consult runs on a worker thread under [`CONSULT_BOUND`]; the
//! main thread ticks the plugins' epoch clock, and if the bound passes first
//! it answers hold, naming the step that overran. A panic anywhere in the
//! consult is answered the same way. Only a request that cannot be read exits
//! non-zero.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use wicket_guest::Effect;

use crate::judge::{self, Ruled, Ruling, Table};
use crate::plugins::{self, Answer, Cache, Plugin, Question, Run, Runtime, Source};
use crate::policy::{Diagnostic, Policy};
use crate::reason::{self, Reason};
use crate::trail::{self, State};
use crate::wall;
use crate::wire::{Request, Verdict};
use crate::workspace::{ConfigSource, Workspace};

/// The whole consult's bound, from reading the request to printing.
pub const CONSULT_BOUND: Duration = Duration::from_millis(3000);

/// Time kept back from the plugins for judging and printing.
const MARGIN: Duration = Duration::from_millis(250);

/// The largest request wicket reads.
const MAX_REQUEST_BYTES: u64 = 64 << 20;

/// What the consult knows about its environment.
#[derive(Debug, Clone)]
pub struct Env {
    pub workspace: PathBuf,
    pub home: String,
    pub cache_root: Option<PathBuf>,
    pub wicket_binary: Option<PathBuf>,
}

impl Env {
    /// The environment litany gives a control.
    pub fn from_process() -> Env {
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let workspace = std::env::var_os("LITANY_CONV_REPO")
            .filter(|v| !v.is_empty())
            .map(|v| cwd.join(v))
            .unwrap_or(cwd);
        Env {
            workspace,
            home: std::env::var("HOME").unwrap_or_else(|_| "/".into()),
            cache_root: Cache::root_from_env(),
            wicket_binary: std::env::current_exe().ok(),
        }
    }
}

/// What the policy read came to.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(tag = "state", content = "why", rename_all = "kebab-case")]
pub enum PolicyState {
    /// No `capability.yaml` in the config commit: the shipped policy.
    Absent,
    /// Read (possibly with diagnostics).
    Read,
    /// The facts could not be gathered at all (git, the agent, the repo).
    Unreadable(String),
}

/// What the operator's state held for this call, step by step.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Precedence {
    /// The raised floor over the agent, and whether it applied.
    pub floor: Option<trail::Floor>,
    pub floor_applied: bool,
    /// The standing answer for the call's class, and whether it applied
    /// (and why not, when it did not).
    pub standing: Option<trail::Standing>,
    pub standing_applied: bool,
    pub standing_skipped: Option<String>,
    /// The answer for exactly this call, if any.
    pub call_answer: Option<trail::Standing>,
    /// The trail could not be read.
    pub trail_problem: Option<String>,
}

/// The confinement gate's view of this consult.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Gate {
    /// The line of `confinement: required`, if the policy says it.
    pub required_line: Option<usize>,
    /// This consult observed the wall around itself.
    pub inside: bool,
    /// Why the wall is unavailable here, when the gate had to ask.
    pub probe: Option<Result<String, wall::Unavailable>>,
    /// The gate refused the call.
    pub refused: bool,
}

/// Everything one consult found and decided, in order — what `explain` shows
/// and what the verdict is printed from.
#[derive(Debug)]
pub struct Trace {
    pub request: Request,
    pub workspace: PathBuf,
    pub config: Option<ConfigSource>,
    pub policy: Policy,
    pub policy_state: PolicyState,
    pub writable_root: String,
    pub cwd: String,
    pub runs: Vec<Run>,
    pub findings: Vec<Ruled>,
    /// The plugins' ruling, before the operator's state.
    pub plugin_ruling: Ruling,
    /// The finding that decided.
    pub deciding: Ruled,
    pub precedence: Precedence,
    pub gate: Gate,
    pub ruling: Ruling,
    /// The sentence naming what overrode the plugins, if anything did.
    pub decided_by: Option<String>,
    pub digest: String,
    pub verdict: Verdict,
    pub took: Duration,
}

/// Names the step the consult is on, for the watchdog's sentence.
#[derive(Clone, Default)]
pub struct Progress(Arc<Mutex<String>>);

impl Progress {
    pub fn set(&self, step: impl Into<String>) {
        if let Ok(mut s) = self.0.lock() {
            *s = step.into();
        }
    }

    pub fn get(&self) -> String {
        self.0
            .lock()
            .map(|s| s.clone())
            .unwrap_or_else(|_| "an unknown step".into())
    }
}

/// `wicket` with no arguments: litany's tool control.
pub fn control_main() -> i32 {
    let mut text = String::new();
    if let Err(e) = std::io::stdin()
        .take(MAX_REQUEST_BYTES)
        .read_to_string(&mut text)
    {
        eprintln!("wicket: could not read the request on stdin ({e})");
        return 2;
    }
    let request = match Request::parse(&text) {
        Ok(request) => request,
        Err(problem) => {
            eprintln!("{problem}");
            return 2;
        }
    };
    let verdict = match bounded(request, Env::from_process()) {
        Ok(trace) => trace.verdict,
        Err(verdict) => verdict,
    };
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{}", verdict.line());
    let _ = stdout.flush();
    0
}

/// Run a consult on a worker thread under the bound, ticking the plugins'
/// epoch clock. The trace when the consult finished; else the hold that says
/// what overran or broke.
pub fn bounded(request: Request, env: Env) -> Result<Trace, Verdict> {
    let started = Instant::now();
    let runtime = match Runtime::new(env.cache_root.as_deref()) {
        Ok(runtime) => Arc::new(runtime),
        Err(e) => {
            return Err(internal_hold(
                &request,
                &format!("wicket could not start its plugin engine ({e:#})"),
            ))
        }
    };
    let engine = runtime.engine().clone();
    let progress = Progress::default();
    let (tx, rx) = mpsc::channel();
    let worker = {
        let request = request.clone();
        let progress = progress.clone();
        std::thread::Builder::new()
            .name("consult".into())
            .spawn(move || {
                let trace = consult(&runtime, &request, &env, &progress, started);
                let _ = tx.send(trace);
            })
    };
    if let Err(e) = worker {
        return Err(internal_hold(
            &request,
            &format!("wicket could not start its consult ({e})"),
        ));
    }
    loop {
        match rx.recv_timeout(plugins::EPOCH_TICK) {
            Ok(trace) => return Ok(trace),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                engine.increment_epoch();
                if started.elapsed() >= CONSULT_BOUND {
                    return Err(internal_hold(
                        &request,
                        &format!(
                            "wicket's consult overran its {} ms bound while {}",
                            CONSULT_BOUND.as_millis(),
                            progress.get()
                        ),
                    ));
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(internal_hold(
                    &request,
                    &format!(
                        "wicket failed while {} (an internal error; the call is held, not lost)",
                        progress.get()
                    ),
                ))
            }
        }
    }
}

/// A hold for a failure inside wicket, in the same shape as every reason.
fn internal_hold(request: &Request, why: &str) -> Verdict {
    let digest = reason::digest(&request.name, &request.input);
    Verdict::Hold(
        Reason {
            tool: &request.name,
            input: &request.input,
            effect: Effect::Opaque,
            why,
            decided_by: None,
            refuse: false,
            digest: &digest,
        }
        .render(),
    )
}

/// One consult, top to bottom.
pub fn consult(
    runtime: &Runtime,
    request: &Request,
    env: &Env,
    progress: &Progress,
    started: Instant,
) -> Trace {
    progress.set("gathering the workspace's facts");
    let facts = gather_facts(request, env);

    let runs = run_plugins(runtime, request, env, &facts, progress, started);

    progress.set("judging");
    let mut trace = judge(request, facts, runs);
    trace.took = started.elapsed();
    trace
}

/// The facts a consult reads: the policy from the agent's config commit, the
/// operator's state from the trail, and the agent's writable root and cwd.
struct Facts {
    workspace: PathBuf,
    config: Option<ConfigSource>,
    policy: Policy,
    policy_state: PolicyState,
    state: Result<State, String>,
    writable_root: String,
    cwd: String,
    inside_wall: bool,
}

fn gather_facts(request: &Request, env: &Env) -> Facts {
    let fallback_root = env.workspace.join("agents").join(&request.agent_id);
    let mut facts = Facts {
        workspace: env.workspace.clone(),
        config: None,
        policy: Policy::shipped(),
        policy_state: PolicyState::Absent,
        state: Ok(State::default()),
        writable_root: path_text(&fallback_root),
        cwd: path_text(&fallback_root),
        inside_wall: false,
    };
    let workspace = match Workspace::open(&env.workspace) {
        Ok(ws) => ws,
        Err(e) => {
            facts.policy_state = PolicyState::Unreadable(format!("{e:#}"));
            return facts;
        }
    };
    facts.workspace = workspace.root.clone();
    facts.inside_wall = wall::inside(&workspace.root);
    facts.state =
        State::load_for(&workspace.state_dir(), &request.agent_id).map_err(|e| format!("{e:#}"));
    let root = workspace.worktree(&request.agent_id);
    facts.writable_root = path_text(&root);
    facts.cwd = facts.writable_root.clone();
    let read = match workspace.agent_facts(&request.agent_id) {
        Ok(read) => read,
        Err(e) => {
            facts.policy_state = PolicyState::Unreadable(format!("{e:#}"));
            return facts;
        }
    };
    if let Some(text) = &read.policy {
        facts.policy = Policy::parse(&String::from_utf8_lossy(text), &workspace.root);
        facts.policy_state = PolicyState::Read;
    }
    if let Some(mark) = &read.cwd_mark {
        let dir = String::from_utf8_lossy(mark).trim().to_owned();
        if dir.starts_with('/') && Path::new(&dir).is_dir() {
            facts.cwd = dir;
        }
    }
    facts.config = Some(read.source);
    facts
}

fn path_text(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// The plugins in force: the default classifier, then the policy's, in order.
pub fn plugins_in_force(policy: &Policy) -> Vec<Plugin> {
    let mut plugins = vec![Plugin {
        name: plugins::DEFAULT_NAME.into(),
        source: Source::Embedded,
        config: policy.default_plugin_config().to_string(),
    }];
    for spec in &policy.classifiers {
        plugins.push(Plugin {
            name: spec.written.clone(),
            source: Source::File {
                path: spec.path.clone(),
                pinned: spec.sha256.clone(),
            },
            config: spec.config.to_string(),
        });
    }
    plugins
}

/// The protected set: what adjudicates the agent, which no call may write.
pub fn protected_set(workspace: &Path, env: &Env, policy: &Policy) -> Vec<String> {
    let mut set: Vec<String> = ["repo.git", ".wicket", "agents", "inbox", "steps"]
        .iter()
        .map(|p| path_text(&workspace.join(p)))
        .collect();
    if let Some(cache) = &env.cache_root {
        set.push(path_text(cache));
    }
    if let Some(binary) = &env.wicket_binary {
        set.push(path_text(binary));
    }
    for spec in &policy.classifiers {
        set.push(path_text(&spec.path));
    }
    set
}

fn run_plugins(
    runtime: &Runtime,
    request: &Request,
    env: &Env,
    facts: &Facts,
    progress: &Progress,
    started: Instant,
) -> Vec<Run> {
    let question = Question {
        id: request.id.clone(),
        tool: request.name.clone(),
        input_json: request.input.to_string(),
        role: request.role.clone(),
        agent_id: request.agent_id.clone(),
        workspace: path_text(&facts.workspace),
        writable_root: facts.writable_root.clone(),
        cwd: facts.cwd.clone(),
        home: env.home.clone(),
        protected: protected_set(&facts.workspace, env, &facts.policy),
        secret_fragments: facts.policy.secret_fragments(),
    };
    let mut runs = Vec::new();
    for plugin in plugins_in_force(&facts.policy) {
        progress.set(format!("running plugin {}", plugin.name));
        let left = CONSULT_BOUND
            .saturating_sub(started.elapsed())
            .saturating_sub(MARGIN);
        let deadline = left.min(plugins::PLUGIN_DEADLINE);
        runs.push(runtime.run(&plugin, &question, deadline));
    }
    runs
}

/// litany's compaction pair: never floored.
const COMPACTION_PAIR: [&str; 2] = ["write_summary", "mark_for_deletion"];

/// Findings → ruling → the operator's state → the gate → the verdict, in
/// the fixed order: the plugins, a policy that cannot be read, a floor,
/// standing answers, a call answer, confinement.
fn judge(request: &Request, facts: Facts, runs: Vec<Run>) -> Trace {
    let table: &Table = &facts.policy.table;
    let mut findings: Vec<Ruled> = Vec::new();
    for run in &runs {
        match &run.answer {
            Answer::Abstain => {}
            Answer::Findings(found) => {
                for f in found {
                    findings.push(Ruled::new(
                        &run.name,
                        f.effect,
                        f.why.clone(),
                        f.ruling,
                        table,
                    ));
                }
            }
            Answer::Fault(fault) => findings.push(Ruled::new(
                &run.name,
                Effect::Opaque,
                fault.sentence(&run.name),
                Some(Ruling::Hold),
                table,
            )),
        }
    }
    let deciding = judge::deciding(&findings).cloned().unwrap_or_else(|| {
        Ruled::new(
            "wicket",
            Effect::Opaque,
            "every plugin abstained".into(),
            None,
            table,
        )
    });
    let plugin_ruling = deciding.ruling;
    let above_read = deciding.effect != Effect::Read;
    let mut ruling = plugin_ruling;
    let mut decided_by: Option<String> = None;
    let mut precedence = Precedence::default();
    let digest = reason::digest(&request.name, &request.input);
    let agent = request.agent_id.as_str();

    // A policy (or trail) that could not be read holds every call above read.
    if above_read && ruling < Ruling::Hold {
        if let Some(sentence) = policy_problem(&facts) {
            ruling = Ruling::Hold;
            decided_by = Some(sentence);
        }
    }
    let empty = State::default();
    let state = match &facts.state {
        Ok(state) => state,
        Err(why) => {
            precedence.trail_problem = Some(why.clone());
            if above_read && ruling < Ruling::Hold {
                ruling = Ruling::Hold;
                decided_by = Some(format!(
                    "Held because wicket could not read the operator's trail: {why}"
                ));
            }
            &empty
        }
    };

    // A raised floor: everything above read waits, standing answers suspended.
    precedence.floor = state.floor_over(agent).cloned();
    let floored = precedence.floor.is_some()
        && above_read
        && !COMPACTION_PAIR.contains(&request.name.as_str());
    if floored {
        precedence.floor_applied = true;
        // Name the floor unless something stricter already spoke.
        if ruling < Ruling::Hold || (ruling == Ruling::Hold && decided_by.is_none()) {
            ruling = Ruling::Hold;
            if let Some(floor) = &precedence.floor {
                decided_by = Some(floor_sentence(floor, agent));
            }
        }
    } else {
        // A standing answer replaces a ruling the table gave.
        let class = format!("{}@{}", request.name, deciding.effect.word());
        precedence.standing = state.standing_for(agent, &class).cloned();
        if let Some(standing) = &precedence.standing {
            if judge::call_only(deciding.effect) {
                precedence.standing_skipped = Some(format!(
                    "{} calls are answered one call at a time",
                    deciding.effect.word()
                ));
            } else if deciding.explicit {
                precedence.standing_skipped =
                    Some(format!("plugin {} ruled the call itself", deciding.plugin));
            } else {
                let floor_of_explicit =
                    judge::strictest_explicit(&findings).unwrap_or(Ruling::Pass);
                ruling = standing.answer.ruling.max(floor_of_explicit);
                precedence.standing_applied = true;
                decided_by = Some(answer_sentence(standing, "standing"));
            }
        }
    }

    // The answer for exactly this call replaces everything above.
    precedence.call_answer = state.call_answer(agent, &request.id, &digest).cloned();
    if let Some(answer) = &precedence.call_answer {
        ruling = answer.answer.ruling;
        decided_by = Some(answer_sentence(answer, "call"));
    }

    // Confinement: above read, required, and not inside the wall → refuse.
    let mut gate = Gate {
        required_line: facts.policy.confinement_line,
        inside: facts.inside_wall,
        probe: None,
        refused: false,
    };
    if let Some(line) = gate.required_line {
        if above_read && !gate.inside && ruling != Ruling::Refuse {
            let shape = wall::Shape::for_workspace(&facts.workspace, &[]);
            let probe = wall::probe(&shape).map(|p| p.display().to_string());
            decided_by = Some(gate_sentence(&facts, line, &probe));
            gate.probe = Some(probe);
            gate.refused = true;
            ruling = Ruling::Refuse;
        }
    }

    let render = |refuse: bool| {
        Reason {
            tool: &request.name,
            input: &request.input,
            effect: deciding.effect,
            why: &deciding.why,
            decided_by: decided_by.clone(),
            refuse,
            digest: &digest,
        }
        .render()
    };
    let verdict = match ruling {
        Ruling::Pass => Verdict::Pass,
        Ruling::Hold => Verdict::Hold(render(false)),
        Ruling::Refuse => Verdict::Refuse(render(true)),
    };
    Trace {
        request: request.clone(),
        workspace: facts.workspace,
        config: facts.config,
        policy: facts.policy,
        policy_state: facts.policy_state,
        writable_root: facts.writable_root,
        cwd: facts.cwd,
        runs,
        findings,
        plugin_ruling,
        deciding,
        precedence,
        gate,
        ruling,
        decided_by,
        digest,
        verdict,
        took: Duration::ZERO,
    }
}

fn floor_sentence(floor: &trail::Floor, agent: &str) -> String {
    let whose = if floor.agent == agent {
        "this conversation".to_owned()
    } else {
        format!("its ancestor {}", floor.agent)
    };
    format!(
        "Held because auto-approval is revoked for {whose} (by {}@{} at {}); every call above read waits for the operator",
        floor.who.user, floor.who.host, floor.at
    )
}

fn answer_sentence(standing: &trail::Standing, kind: &str) -> String {
    let a = &standing.answer;
    let verb = match a.ruling {
        Ruling::Pass => "Passed",
        Ruling::Hold => "Held",
        Ruling::Refuse => "Refused",
    };
    let scope = match (kind, a.scope) {
        ("call", _) => format!("the operator's answer {} for this call", a.answer),
        (_, trail::Scope::Conversation) => format!(
            "the operator's standing answer {} for {} on conversation {}",
            a.answer,
            a.class().unwrap_or_default(),
            a.agent
        ),
        _ => format!(
            "the operator's standing answer {} for {} in this workspace",
            a.answer,
            a.class().unwrap_or_default()
        ),
    };
    format!(
        "{verb} by {scope} (by {}@{} at {})",
        standing.who.user, standing.who.host, standing.at
    )
}

fn gate_sentence(facts: &Facts, line: usize, probe: &Result<String, wall::Unavailable>) -> String {
    let why = match probe {
        Ok(_) => "this call is not running inside the wall (bubblewrap works here, but litany was not started inside it)".to_owned(),
        Err(unavailable) => format!("this call is not running inside the wall, and {}", unavailable.sentence()),
    };
    let commit = facts
        .config
        .as_ref()
        .map(|c| format!(" in config commit {}", short(&c.commit)))
        .unwrap_or_default();
    format!(
        "Refused because workspace {} requires confinement (capability.yaml line {line}{commit}) and {why}. \
         Ways out: run litany inside the wall (`wicket run -- litany …`), install bubblewrap or allow unprivileged \
         user namespaces, or remove `confinement: required` on the config lineage",
        facts.workspace.display()
    )
}

/// The sentence for a policy that could not be read, if it could not.
fn policy_problem(facts: &Facts) -> Option<String> {
    let at = |source: &Option<ConfigSource>| {
        source
            .as_ref()
            .map(|s| {
                format!(
                    "{} in config commit {}",
                    crate::policy::FILE,
                    short(&s.commit)
                )
            })
            .unwrap_or_else(|| crate::policy::FILE.to_owned())
    };
    match &facts.policy_state {
        PolicyState::Unreadable(why) => Some(format!(
            "Held because wicket could not read this agent's policy: {why}"
        )),
        _ if !facts.policy.diagnostics.is_empty() => {
            let Diagnostic { line, message } = &facts.policy.diagnostics[0];
            let more = facts.policy.diagnostics.len() - 1;
            Some(format!(
                "Held because {} cannot be read: line {line}: {message}{}; fix the file on the config lineage",
                at(&facts.config),
                if more > 0 { format!(" (and {more} more problem(s))") } else { String::new() }
            ))
        }
        _ => None,
    }
}

/// A commit id shortened for sentences.
pub fn short(commit: &str) -> &str {
    &commit[..commit.len().min(12)]
}
