//! One consult, top to bottom: parse the request → gather the workspace's
//! facts → run the plugins → judge → print one verdict. Nothing here writes:
//! the same facts give the same verdict the second time.
//!
//! The whole consult runs on a worker thread under [`CONSULT_BOUND`]; the
//! main thread ticks the plugins' epoch clock, and if the bound passes first
//! it answers hold, naming the step that overran. A panic anywhere in the
//! consult is answered the same way. Only a request that cannot be read exits
//! non-zero.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use wicket_guest::Effect;

use crate::judge::{self, Decided, Ruled, Ruling, Table};
use crate::plugins::{self, Answer, Cache, Plugin, Question, Run, Runtime, Source};
use crate::policy::{Diagnostic, Policy};
use crate::reason::{self, Reason};
use crate::trail::{self, State};
use crate::wall;
use crate::wire::{Request, Verdict};
use crate::workspace::{ConfigSource, Workspace};

/// The whole consult's bound, from reading the request to printing.
pub const CONSULT_BOUND: Duration = Duration::from_millis(3000);

/// The consult thread's stack (reserved, not touched unless used).
const CONSULT_STACK_BYTES: usize = 64 << 20;

/// Time kept back from the plugins for judging and printing.
const MARGIN: Duration = Duration::from_millis(250);

/// The largest request wicket reads.
pub const MAX_REQUEST_BYTES: u64 = 64 << 20;

/// How long the request may take to arrive, inside the whole bound: what is
/// left after it is the consult's.
const REQUEST_BOUND: Duration = Duration::from_millis(1000);

/// What the consult knows about its environment.
#[derive(Debug, Clone)]
pub struct Env {
    pub workspace: PathBuf,
    pub home: String,
    pub cache_root: Option<PathBuf>,
    pub wicket_binary: Option<PathBuf>,
    /// For the operator's tools only (`explain --policy`, a suggestion's
    /// check): this policy in place of the one in the agent's config commit.
    pub policy: Option<Policy>,
    /// For `explain --plugin` only: plugins run after the policy's own.
    pub extra_plugins: Vec<crate::policy::PluginSpec>,
    /// For the control only: the two cores its two lanes of work start on
    /// ([`crate::lanes`]).
    pub lanes: Option<crate::lanes::Lanes>,
}

impl Env {
    /// The environment for a consult the operator's tools make about
    /// `workspace` (re-deriving a parked call's class, `explain`).
    pub fn for_workspace(workspace: &Path) -> Env {
        Env {
            workspace: workspace.to_path_buf(),
            ..Env::from_process()
        }
    }

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
            policy: None,
            extra_plugins: Vec::new(),
            lanes: None,
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
    /// The revocation over the agent (the trail's raised floor), and whether
    /// it applied.
    #[serde(rename = "revoked")]
    pub floor: Option<trail::Floor>,
    #[serde(rename = "revoked_applied")]
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
    /// The operator's command rule that matched the call, and what it did.
    pub command_rule: Option<crate::commands::Applied>,
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
    let started = Instant::now();
    let env = Env {
        lanes: crate::lanes::Lanes::here(),
        ..Env::from_process()
    };
    // The engine, and the built-in classifier loading, on a thread of their
    // own while the request is read and the facts are gathered. This thread
    // stays on its core while it starts the two lanes, so each starts where
    // it should ([`crate::lanes`]): the warm thread moves to the other core,
    // the consult thread starts on this one.
    if let Some(lanes) = env.lanes {
        lanes.stay_home();
    }
    let warm = Runtime::one_shot_warm(env.cache_root.clone(), env.lanes);
    if env.lanes.is_some() {
        // Lets the warm thread run its first step, moving to the other core,
        // now rather than when this thread next waits.
        std::thread::yield_now();
    }
    let request = match read_request(started) {
        Ok(request) => request,
        Err(problem) => {
            eprintln!("{problem}");
            return 2;
        }
    };
    let runtime = match warm
        .map(|made| made.recv_timeout(CONSULT_BOUND.saturating_sub(started.elapsed())))
    {
        Some(Ok(runtime)) => runtime,
        // Never waited for past the consult's bound: held, saying so.
        Some(Err(mpsc::RecvTimeoutError::Timeout)) => Err(anyhow::anyhow!(
            "it was not ready within the consult's {} ms bound",
            CONSULT_BOUND.as_millis()
        )),
        // No thread, or it ended before making one: made here.
        _ => Runtime::new(env.cache_root.as_deref()).map(|runtime| Arc::new(runtime.one_shot())),
    };
    let verdict = match bounded_in(runtime, request, env, started) {
        Ok(trace) => trace.verdict,
        Err(verdict) => verdict,
    };
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{}", verdict.line());
    let _ = stdout.flush();
    0
}

/// The request on stdin, read inside the consult's bound: the object is
/// taken as soon as it is complete (stdin may stay open), and a request that
/// does not arrive in time, or is larger than wicket reads, is a protocol
/// break with its own sentence. Read here, on the main thread, waiting on
/// stdin with `poll` up to the bound (no thread to start and wake).
fn read_request(started: Instant) -> Result<Request, crate::wire::ProtocolBreak> {
    let deadline = started + REQUEST_BOUND;
    let result = Request::read(UntilDeadline { deadline }, MAX_REQUEST_BYTES);
    match result {
        Err(_) if Instant::now() >= deadline => Err(crate::wire::ProtocolBreak(format!(
            "wicket: no complete request arrived on stdin within {} ms",
            REQUEST_BOUND.as_millis()
        ))),
        other => other,
    }
}

/// stdin, each read waiting for input no later than `deadline`.
struct UntilDeadline {
    deadline: Instant,
}

impl std::io::Read for UntilDeadline {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let left = self.deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(std::io::ErrorKind::TimedOut.into());
            }
            let mut stdin = libc::pollfd {
                fd: libc::STDIN_FILENO,
                events: libc::POLLIN,
                revents: 0,
            };
            // Whole milliseconds, rounded up: never a busy zero-timeout poll.
            let ms = left.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
            // SAFETY: one valid pollfd, for the duration of the call.
            match unsafe { libc::poll(&mut stdin, 1, ms) } {
                0 => continue,
                n if n < 0 => {
                    let e = std::io::Error::last_os_error();
                    if e.kind() == std::io::ErrorKind::Interrupted {
                        continue;
                    }
                    return Err(e);
                }
                // Readable, at its end, or broken: the read says which.
                _ => return std::io::stdin().lock().read(buf),
            }
        }
    }
}

/// Run a consult on a worker thread under the bound, ticking the plugins'
/// epoch clock. The trace when the consult finished; else the hold that says
/// what overran or broke.
pub fn bounded(request: Request, env: Env) -> Result<Trace, Verdict> {
    bounded_from(request, env, Instant::now(), false)
}

/// [`bounded`], counting the bound from `started` (the process's start, for
/// the control: reading the request is inside it). `last_in_process`: no
/// other consult follows in this process, so what its plugins leave is left
/// to the exit (a later consult could not load the built-in classifier's
/// code again while the first still holds it).
pub fn bounded_from(
    request: Request,
    env: Env,
    started: Instant,
    last_in_process: bool,
) -> Result<Trace, Verdict> {
    // The control consults once and exits; `explain` may consult again
    // (its suggestion is checked by a second consult), so it tears down.
    let runtime = Runtime::new(env.cache_root.as_deref()).map(|runtime| match last_in_process {
        true => Arc::new(runtime.one_shot()),
        false => Arc::new(runtime),
    });
    bounded_in(runtime, request, env, started)
}

/// [`bounded_from`] on a runtime already made (or the error making it met).
fn bounded_in(
    runtime: anyhow::Result<Arc<Runtime>>,
    request: Request,
    env: Env,
    started: Instant,
) -> Result<Trace, Verdict> {
    let runtime = match runtime {
        Ok(runtime) => runtime,
        Err(e) => {
            return Err(internal_hold(
                &request,
                &format!("wicket could not start its plugin engine ({e:#})"),
            ))
        }
    };
    let engine = runtime.engine().clone();
    let env_lanes = env.lanes;
    let progress = Progress::default();
    let (tx, rx) = mpsc::channel();
    let worker = {
        let request = request.clone();
        let progress = progress.clone();
        std::thread::Builder::new()
            .name("consult".into())
            // Sized for the deepest nesting any reader allows (the policy's,
            // the request's), with room to spare: a stack overflow would be
            // an abort with no verdict.
            .stack_size(CONSULT_STACK_BYTES)
            .spawn(move || {
                // Started where its creator runs (see `control_main`); free
                // to move from there on.
                if let Some(lanes) = env.lanes {
                    lanes.release();
                }
                let trace = consult(&runtime, &request, &env, &progress, started);
                let _ = tx.send(trace);
            })
    };
    if let Some(lanes) = env_lanes {
        lanes.release();
    }
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
    /// litany's PATH names a directory relative to where a program runs:
    /// why that holds every call above read.
    path_problem: Option<String>,
}

fn gather_facts(request: &Request, env: &Env) -> Facts {
    // Fault injection for the bound's own test: a stall while gathering
    // facts (it can only make the consult hold).
    if let Some(ms) = std::env::var("WICKET_STALL_MS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        std::thread::sleep(Duration::from_millis(ms));
    }
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
        path_problem: relative_path_problem(std::env::var_os("PATH").as_deref()),
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
    if let Some(policy) = &env.policy {
        facts.policy = policy.clone();
        facts.policy_state = PolicyState::Read;
    } else if let Some(text) = &read.policy {
        facts.policy = Policy::parse(&String::from_utf8_lossy(text), &workspace.root);
        facts.policy_state = PolicyState::Read;
    }
    facts
        .policy
        .classifiers
        .extend(env.extra_plugins.iter().cloned());
    if let Some(mark) = &read.cwd_mark {
        let dir = String::from_utf8_lossy(mark).trim().to_owned();
        if dir.starts_with('/') && Path::new(&dir).is_dir() {
            // Resolved before anything is compared with it: a directory
            // replaced by a link elsewhere is where the link leads.
            facts.cwd = path_text(&resolve_existing(Path::new(&dir)));
        }
    }
    facts.config = Some(read.source);
    facts
}

fn path_text(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Why a PATH with an entry that is not absolute (`.`, `bin`, or an empty
/// one, which is the current directory) holds every call above read: litany
/// finds `sh`, `git` and `litany-tool-<name>` there relative to the
/// directory each runs in, so a file any call writes there could run in the
/// harness's place, and no protected set can name it.
fn relative_path_problem(path: Option<&std::ffi::OsStr>) -> Option<String> {
    let path = path?;
    let relative: Vec<String> = std::env::split_paths(path)
        .filter(|dir| !dir.is_absolute())
        .map(|dir| match dir.as_os_str().is_empty() {
            true => "an empty entry".to_owned(),
            false => format!("`{}`", dir.display()),
        })
        .collect();
    if relative.is_empty() {
        return None;
    }
    Some(format!(
        "Held because litany's PATH names a directory relative to where each program runs ({}): \
         a file any call writes there could run as the `sh`, `git` or `litany-tool-*` litany \
         starts next. Start litany with absolute PATH directories only (`wicket run` drops the \
         others from the PATH it hands litany).",
        relative.join(", ")
    ))
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

/// The protected set a consult hands its plugins.
pub struct Protected {
    /// What adjudicates the agent, which no call may write; from
    /// `startup_from` on, the startup files not already in it.
    pub set: Vec<String>,
    pub startup_from: usize,
}

impl Protected {
    /// The set the policy's own plugins are handed: without the startup
    /// files, as before they were added for the built-in classifier (each
    /// plugin's context is copied into it: some hundred paths more would add
    /// to every plugin's run what only the built-in classifier reads).
    pub fn without_startup(&self) -> Vec<String> {
        self.set[..self.startup_from].to_vec()
    }
}

/// The protected set: what adjudicates the agent, which no call may write,
/// and the startup files.
pub fn protected_set(workspace: &Path, env: &Env, policy: &Policy) -> Protected {
    let mut paths: Vec<PathBuf> = [".wicket", "repo.git", "agents", "inbox", "steps"]
        .iter()
        .map(|p| workspace.join(p))
        .collect();
    paths.extend(env.cache_root.clone());
    paths.extend(env.wicket_binary.clone());
    paths.extend(crate::plugins::compiler().ok());
    paths.extend(policy.classifiers.iter().map(|spec| spec.path.clone()));
    // What litany reads to decide what runs: its config and data roots
    // (models.yaml may name an adapter program; tools/ holds programs it
    // runs for a tool call) and `litany-tool-<name>` on PATH.
    paths.extend(wall::litany_roots());
    // What the harness's own programs read to decide what they run: its
    // model adapter's config, git's system configuration.
    paths.extend(wall::adapter_config());
    paths.extend(wall::git_system_files());
    paths.extend(wall::git_config_named());
    // Compared after resolving links on both sides: a cache reached
    // through a link is still the cache.
    // Each entry once, in the order first added (some 250 entries here: a
    // scan of the list for each was a good part of building it; growing the
    // table as it filled, a tenth of the rest).
    let mut set: Vec<String> = Vec::with_capacity(512);
    let mut have: std::collections::HashSet<String> = std::collections::HashSet::with_capacity(512);
    let mut lookups = wicket_guest::paths::Lookups::default();
    let mut resolve = |path: &Path| PathBuf::from(lookups.resolve(&path_text(path)));
    let mut add = |text: String| {
        if have.insert(text.clone()) {
            set.push(text);
        }
    };
    for path in paths {
        add(path_text(&resolve(&path)));
    }
    on_path(env.cache_root.as_deref(), false, &mut resolve, &mut add);
    let startup_from = set.len();
    // The startup files (the user's and the system's git configuration, the
    // shells' startup files, the loader's preload list), each as written
    // and where it leads: replacing a linked dotfile is a write there too.
    for path in wicket_guest::startup::files(&env.home) {
        let resolved = path_text(&resolve(Path::new(&path)));
        for entry in [path, resolved] {
            if have.insert(entry.clone()) {
                set.push(entry);
            }
        }
    }
    Protected { set, startup_from }
}

/// Record, for each PATH directory of this process, which harness names are
/// links there ([`crate::path_links`]): what `wicket init` and `wicket run`
/// do, outside the wall, so that the consults after them need not look.
/// The control itself only reads the record.
pub fn remember_path_links(cache_root: Option<&Path>) {
    let mut lookups = wicket_guest::paths::Lookups::default();
    let mut resolve = |path: &Path| PathBuf::from(lookups.resolve(&path_text(path)));
    on_path(cache_root, true, &mut resolve, &mut |_| {});
}

/// The harness's names in every PATH directory, to `add`, and where each
/// that is a link leads. With `keep`, what was looked up is recorded.
fn on_path(
    cache_root: Option<&Path>,
    keep: bool,
    resolve: &mut dyn FnMut(&Path) -> PathBuf,
    add: &mut dyn FnMut(String),
) {
    // Each PATH directory is resolved once, then only the tool's own name is
    // looked at (18 names in every directory: a walk per name from `/` was
    // most of a consult's system calls).
    if let Some(path) = std::env::var_os("PATH") {
        let names: Vec<String> = harness_names().collect();
        let cache_dir = cache_root.map(|root| crate::plugins::Cache::new(root).dir().to_path_buf());
        let mut known = match keep {
            true => crate::path_links::Known::recording(cache_dir.as_deref(), &names),
            false => crate::path_links::Known::recall(cache_dir.as_deref(), &names),
        };
        let mut seen: Vec<PathBuf> = Vec::new();
        for written in std::env::split_paths(&path).filter(|d| d.is_absolute()) {
            let dir = resolve(&written);
            // A PATH directory reached through a link: the names as written
            // too, so replacing the link (or a link above it) with one to
            // the agent's own directory is a write over protected entries.
            if dir != written {
                for name in &names {
                    add(path_text(&written.join(name)));
                }
            }
            if seen.contains(&dir) {
                continue;
            }
            // The names that are links there: remembered from an earlier
            // consult while the directory is unchanged ([`crate::path_links`]).
            // `None`: not a directory this process can open, every name is
            // walked as written.
            let links = known.links_in(&dir, |opened| links_in(opened, &names));
            for name in &names {
                let path = dir.join(name);
                // A link there: the link itself (replacing it redirects the
                // name) and where it leads.
                if links.as_ref().is_none_or(|links| links.contains(name)) {
                    add(path_text(&resolve(&path)));
                }
                add(path_text(&path));
            }
            seen.push(dir);
        }
        known.keep();
    }
}

/// Which of `names` are symbolic links in the directory opened as `dir`,
/// looked up relative to it: each name costs one component's lookup, not a
/// walk from `/`.
fn links_in(dir: &std::os::fd::OwnedFd, names: &[String]) -> Vec<String> {
    let is_link = |name: &str| {
        rustix::fs::statat(dir, name, rustix::fs::AtFlags::SYMLINK_NOFOLLOW).is_ok_and(|st| {
            rustix::fs::FileType::from_raw_mode(st.st_mode) == rustix::fs::FileType::Symlink
        })
    };
    names.iter().filter(|n| is_link(n)).cloned().collect()
}

/// The names looked up on PATH in the harness's place: each
/// `litany-tool-<name>`, and each of [`ON_PATH`].
fn harness_names() -> impl Iterator<Item = String> {
    LITANY_TOOLS
        .iter()
        .map(|tool| format!("litany-tool-{tool}"))
        .chain(ON_PATH.iter().map(|name| (*name).to_owned()))
}

/// Programs the harness runs by their name on PATH, not by a path: litany's
/// `sh` for the bash tool, `git` for every step, its adapter `bz`, and
/// `bwrap` for the wall (wicket's too). A file of that name planted in a
/// PATH directory would run in the harness's place, so the name is
/// protected in every PATH directory, present or not.
const ON_PATH: &[&str] = &["sh", "git", "bz", "bwrap", "litany"];

/// litany 0.0.15's built-in tool names: `litany-tool-<name>` planted on
/// PATH runs in place of each.
const LITANY_TOOLS: &[&str] = &[
    "apply_patch",
    "bash",
    "cd",
    "dispatch",
    "load_skill",
    "message",
    "python",
    "read_file",
    "read_tool_output",
    "remember",
    "search_history",
    "write_summary",
    "mark_for_deletion",
];

/// A path with every link in the part that exists resolved.
fn resolve_existing(path: &Path) -> PathBuf {
    PathBuf::from(wicket_guest::paths::resolve_on_this_host(&path_text(path)))
}

fn run_plugins(
    runtime: &Runtime,
    request: &Request,
    env: &Env,
    facts: &Facts,
    progress: &Progress,
    started: Instant,
) -> Vec<Run> {
    let mut plugins = plugins_in_force(&facts.policy);
    let extra = plugins.split_off(1);
    // What is running now, on each of the two threads, for a consult that
    // runs out of time to name.
    let running: Mutex<[Option<String>; 2]> = Mutex::new([None, None]);
    let doing = |lane: usize, plugin: Option<&Plugin>| {
        if let Ok(mut now) = running.lock() {
            now[lane] = plugin.map(|p| p.name.clone());
            let names: Vec<&str> = now.iter().flatten().map(String::as_str).collect();
            if !names.is_empty() {
                progress.set(format!("running plugin {}", names.join(" and plugin ")));
            }
        }
    };
    let left = || {
        CONSULT_BOUND
            .saturating_sub(started.elapsed())
            .saturating_sub(MARGIN)
            .min(plugins::PLUGIN_DEADLINE)
    };
    let run = |lane: usize, plugin: &Plugin, question: &Question| {
        doing(lane, Some(plugin));
        let done = runtime.run(plugin, question, left());
        doing(lane, None);
        done
    };
    // The default classifier on this thread, the policy's plugins one after
    // another on a second: the verdict waits for the slower of the two, not
    // for their sum. The second thread loads and instantiates its plugins
    // while this one gathers what the question holds (the protected set is
    // most of that), then asks them. The runs keep the policy's order.
    std::thread::scope(|scope| {
        let (send, question_for_others) = mpsc::channel::<Arc<Question>>();
        let others = (!extra.is_empty()).then(|| {
            std::thread::Builder::new()
                .name("plugins".into())
                .spawn_scoped(scope, || {
                    // Its own, moved in: the receiver stays on this thread.
                    let question_for_others = question_for_others;
                    // On the warm thread's core, which is free once the
                    // built-in classifier is instantiated, rather than
                    // beside this thread's question and classifier run.
                    if let Some(lanes) = env.lanes {
                        lanes.go_away();
                    }
                    let ready: Vec<_> = extra
                        .iter()
                        .map(|p| {
                            doing(1, Some(p));
                            let ready = runtime.ready(p, left());
                            doing(1, None);
                            ready
                        })
                        .collect();
                    if let Some(lanes) = env.lanes {
                        lanes.release();
                    }
                    let Ok(question) = question_for_others.recv() else {
                        return extra
                            .iter()
                            .map(|p| lost(p, "its question never came"))
                            .collect();
                    };
                    ready
                        .into_iter()
                        .zip(&extra)
                        .map(|(ready, p)| {
                            doing(1, Some(p));
                            let done = runtime.ask(ready, p, &question, left());
                            doing(1, None);
                            done
                        })
                        .collect::<Vec<Run>>()
                })
        });
        let protected = protected_set(&facts.workspace, env, &facts.policy);
        let without_startup = (!extra.is_empty()).then(|| protected.without_startup());
        let question = Arc::new(Question {
            id: request.id.clone(),
            tool: request.name.clone(),
            input_json: request.input.to_string(),
            role: request.role.clone(),
            agent_id: request.agent_id.clone(),
            workspace: path_text(&facts.workspace),
            writable_root: facts.writable_root.clone(),
            cwd: facts.cwd.clone(),
            home: env.home.clone(),
            protected: protected.set,
            secret_fragments: facts.policy.secret_fragments(),
            confined: Some(facts.inside_wall),
        });
        // The policy's own plugins are asked without the startup files.
        let for_others = without_startup.map(|protected| {
            Arc::new(Question {
                protected,
                ..(*question).clone()
            })
        });
        if let Some(for_others) = &for_others {
            let _ = send.send(Arc::clone(for_others));
        }
        drop(send);
        let mut runs: Vec<Run> = plugins.iter().map(|p| run(0, p, &question)).collect();
        match others {
            None => {}
            Some(Ok(handle)) => match handle.join() {
                Ok(more) => runs.extend(more),
                Err(_) => runs.extend(extra.iter().map(|p| lost(p, "its thread panicked"))),
            },
            // No second thread to be had: the same work, here, in turn.
            Some(Err(_)) => {
                let question = for_others.as_ref().unwrap_or(&question);
                runs.extend(extra.iter().map(|p| run(0, p, question)))
            }
        }
        runs
    })
}

/// The run of a plugin whose answer was lost: held, like any fault.
fn lost(plugin: &Plugin, why: &str) -> Run {
    Run {
        name: plugin.name.clone(),
        sha256: None,
        answer: Answer::Fault(plugins::Fault::Trap(format!(
            "wicket lost its answer: {why}"
        ))),
        cache: None,
        output: String::new(),
        load_time: Duration::ZERO,
        run_time: Duration::ZERO,
    }
}

/// Findings → ruling → the operator's state → the gate → the verdict: the
/// facts go into [`judge::decide`], which holds the whole precedence with no
/// I/O; this turns its decision into the trace and the reason.
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
    // The operator's command rules stand in for the default classifier's
    // reading of a `bash` command (within their limits).
    let command_rule =
        crate::commands::matching(&facts.policy.commands, &request.name, &request.input)
            .map(|rule| crate::commands::apply(&mut findings, rule, table, plugins::DEFAULT_NAME));
    let digest = reason::digest(&request.name, &request.input);
    let agent = request.agent_id.as_str();
    let empty = State::default();
    let (state, trail_problem) = match &facts.state {
        Ok(state) => (state, None),
        Err(why) => (&empty, Some(why.clone())),
    };
    // The class a standing answer is keyed by comes from the plugins' own
    // deciding finding, before the operator's state.
    let class_effect = judge::deciding(&findings).map_or(Effect::Opaque, |f| f.effect);
    let class = format!("{}@{}", request.name, class_effect.word());
    let confinement = match facts.policy.confinement_line {
        Some(line) => judge::Confinement::Required {
            line,
            inside: facts.inside_wall,
        },
        None => judge::Confinement::NotRequired,
    };
    let decision = judge::decide(&judge::Inputs {
        tool: &request.name,
        table,
        findings: &findings,
        policy_problem: policy_problem(&facts).or_else(|| facts.path_problem.clone()),
        trail_problem: trail_problem.clone(),
        floor: state.floor_over(agent),
        standing: state.standing_for(agent, &class),
        call_answer: state.call_answer(agent, &request.id, &digest),
        confinement,
    });
    let precedence = Precedence {
        floor: state.floor_over(agent).cloned(),
        floor_applied: decision.floored,
        standing: state.standing_for(agent, &class).cloned(),
        standing_applied: matches!(decision.decided, Decided::Standing { .. }),
        standing_skipped: decision.standing_skipped.clone(),
        call_answer: state.call_answer(agent, &request.id, &digest).cloned(),
        trail_problem,
    };
    let mut gate = Gate {
        required_line: facts.policy.confinement_line,
        inside: facts.inside_wall,
        probe: None,
        refused: false,
    };
    // What decided, twice: in full for the operator (the trace, a parked
    // hold's reason, which the operator reads), and as the model may be told
    // it on a refuse — without the operator's user and host, the answer's
    // id, or remedies only the operator can apply.
    let (decided_by, told) = match &decision.decided {
        Decided::Plugins => (None, None),
        Decided::UnreadablePolicy { why } => (Some(why.clone()), Some(why.clone())),
        Decided::UnreadableTrail { why } => {
            let sentence =
                format!("Held because wicket could not read the operator's trail: {why}");
            (Some(sentence.clone()), Some(sentence))
        }
        Decided::Floor { floor } => (
            Some(floor_sentence(floor, agent, Audience::Operator)),
            Some(floor_sentence(floor, agent, Audience::Model)),
        ),
        Decided::Standing { answer } => (
            Some(answer_sentence(answer, "standing", Audience::Operator)),
            Some(answer_sentence(answer, "standing", Audience::Model)),
        ),
        Decided::CallAnswer { answer } => (
            Some(answer_sentence(answer, "call", Audience::Operator)),
            Some(answer_sentence(answer, "call", Audience::Model)),
        ),
        Decided::Gate { line } => {
            // Whether the wall can be built here, so the refusal can name
            // the cause: asked only now, when the gate refuses (running
            // bwrap is some 8 ms, which a call the gate lets through, a
            // read, must not pay).
            let shape = wall::Shape::for_workspace(&facts.workspace, &[]);
            let probe = wall::probe(&shape).map(|p| p.display().to_string());
            gate.refused = true;
            let sentence = gate_sentence(&facts, *line, &probe, Audience::Operator);
            let told = gate_sentence(&facts, *line, &probe, Audience::Model);
            gate.probe = Some(probe);
            (Some(sentence), Some(told))
        }
    };
    let deciding = decision.deciding.clone();
    let render = |refuse: bool| {
        Reason {
            tool: &request.name,
            input: &request.input,
            effect: deciding.effect,
            why: &deciding.why,
            decided_by: if refuse {
                told.clone()
            } else {
                decided_by.clone()
            },
            refuse,
            digest: &digest,
        }
        .render()
    };
    let verdict = match decision.ruling {
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
        command_rule,
        plugin_ruling: decision.plugin_ruling,
        deciding,
        precedence,
        gate,
        ruling: decision.ruling,
        decided_by,
        digest,
        verdict,
        took: Duration::ZERO,
    }
}

/// Who a sentence is for: the operator sees who decided and how to change
/// it; the model sees what was decided.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Audience {
    Operator,
    Model,
}

fn floor_sentence(floor: &trail::Floor, agent: &str, audience: Audience) -> String {
    let whose = if floor.agent == agent {
        "this conversation".to_owned()
    } else {
        format!("its ancestor {}", floor.agent)
    };
    match audience {
        Audience::Operator => format!(
            "Held because auto-approval is revoked for {whose} (by {}@{} at {}); every call above read waits for the operator",
            floor.who.user, floor.who.host, floor.at
        ),
        Audience::Model => format!(
            "Held because auto-approval is revoked for {whose}; every call above read waits for the operator"
        ),
    }
}

fn answer_sentence(standing: &trail::Standing, kind: &str, audience: Audience) -> String {
    let a = &standing.answer;
    let verb = match a.ruling {
        Ruling::Pass => "Passed",
        Ruling::Hold => "Held",
        Ruling::Refuse => "Refused",
    };
    let id = match audience {
        Audience::Operator => format!(" {}", a.answer),
        Audience::Model => String::new(),
    };
    let scope = match (kind, a.scope) {
        ("call", _) => format!("the operator's answer{id} for this call"),
        (_, trail::Scope::Conversation) => format!(
            "the operator's standing answer{id} for {} on conversation {}",
            a.class().unwrap_or_default(),
            a.agent
        ),
        _ => format!(
            "the operator's standing answer{id} for {} in this workspace",
            a.class().unwrap_or_default()
        ),
    };
    let said = a
        .message
        .as_deref()
        .filter(|_| a.ruling == Ruling::Refuse)
        .map(|m| format!(". The operator says: {}", reason::clip(m, 500)))
        .unwrap_or_default();
    match audience {
        Audience::Operator => format!(
            "{verb} by {scope} (by {}@{} at {}){said}",
            standing.who.user, standing.who.host, standing.at
        ),
        Audience::Model => format!("{verb} by {scope}{said}"),
    }
}

fn gate_sentence(
    facts: &Facts,
    line: usize,
    probe: &Result<String, wall::Unavailable>,
    audience: Audience,
) -> String {
    let why = match probe {
        Ok(_) => "this call is not running inside the wall (bubblewrap works here, but litany was not started inside it)".to_owned(),
        Err(unavailable) => format!("this call is not running inside the wall, and {}", unavailable.sentence()),
    };
    let commit = facts
        .config
        .as_ref()
        .map(|c| format!(" in config commit {}", short(&c.commit)))
        .unwrap_or_default();
    let refused = format!(
        "Refused because workspace {} requires confinement (capability.yaml line {line}{commit}) and {why}",
        facts.workspace.display()
    );
    match audience {
        Audience::Model => refused,
        Audience::Operator => format!(
            "{refused}. Ways out: run litany inside the wall (`wicket run -- litany …`), install bubblewrap or allow \
             unprivileged user namespaces, or remove `confinement: required` on the config lineage"
        ),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in classifier is handed the startup files as protected,
    /// each as written and where it leads (a dotfile linked from a
    /// directory of dotfiles is protected there too); the policy's own
    /// plugins get the set without them.
    #[test]
    fn the_protected_set_holds_each_startup_file_as_written_and_where_it_leads() {
        let base = std::env::temp_dir().join(format!("wicket-startup-set-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("home")).unwrap();
        std::fs::create_dir_all(base.join("dots")).unwrap();
        std::fs::create_dir_all(base.join("ws")).unwrap();
        let base = std::fs::canonicalize(&base).unwrap();
        std::fs::write(base.join("dots/bashrc"), "").unwrap();
        std::os::unix::fs::symlink(base.join("dots/bashrc"), base.join("home/.bashrc")).unwrap();
        let env = Env {
            workspace: base.join("ws"),
            home: path_text(&base.join("home")),
            cache_root: None,
            wicket_binary: None,
            policy: None,
            extra_plugins: Vec::new(),
            lanes: None,
        };
        let protected = protected_set(&env.workspace, &env, &Policy::shipped());
        let set = &protected.set;
        let has = |path: PathBuf| set.contains(&path_text(&path));
        assert!(has(base.join("home/.bashrc")), "{set:#?}");
        assert!(has(base.join("dots/bashrc")), "{set:#?}");
        // Absent ones too: writing one is making it.
        assert!(has(base.join("home/.profile")), "{set:#?}");
        assert!(has(base.join("home/.config/git")), "{set:#?}");
        assert!(has(PathBuf::from("/etc/ld.so.preload")), "{set:#?}");
        // The policy's own plugins are handed the set without them, as
        // before the host added them for the built-in classifier.
        let others = protected.without_startup();
        assert!(!others.contains(&path_text(&base.join("dots/bashrc"))));
        assert!(
            others.contains(&path_text(&base.join("ws/.wicket"))),
            "{others:#?}"
        );
        let _ = std::fs::remove_dir_all(&base);
    }
}
