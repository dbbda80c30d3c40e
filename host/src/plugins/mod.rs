//! The plugin runtime: classifier plugins are WebAssembly components, each run
//! in a fresh wasmtime store per consult with nothing reachable but the
//! read-only queries of the contract's `host` interface (and, for a guest
//! whose language runtime needs it, a WASI with no files, no environment, no
//! network and captured, bounded output).
//!
//! A plugin that cannot be loaded, traps, overruns its deadline, exhausts its
//! memory or answers outside the contract becomes one [`Fault`]; the consult
//! turns that into a held opaque finding naming the plugin. A plugin's own
//! `Err` (it declined to judge) is a fault of a different kind and reads as a
//! different sentence: the guest said no, it did not break.

pub(crate) mod cache;
pub mod contract;
pub mod engine;
mod in_place;
mod sandbox;
mod v0_1;
mod v0_2;
pub mod verbs;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use wasmtime::component::Component;
use wasmtime::Engine;
use wicket_guest::Effect;

pub use cache::{Cache, CacheUse, FileStamp, Miss};

/// How often the consult's watchdog ticks the engine's epoch; a plugin's
/// deadline is counted in these ticks.
pub const EPOCH_TICK: Duration = Duration::from_millis(5);

/// The most one plugin may run in one consult (compiling not included).
pub const PLUGIN_DEADLINE: Duration = Duration::from_millis(1000);

/// The most linear memory one plugin instance may hold. Rust guests start near
/// 1.1 MiB; classifying a large input takes a few times its size.
pub const PLUGIN_MEMORY_BYTES: usize = 64 << 20;

/// The most findings one answer may carry.
pub const MAX_FINDINGS: usize = 64;

/// The longest `why` a finding may carry, in bytes.
pub const MAX_WHY_BYTES: usize = 2048;

/// The largest plugin file wicket will read.
pub const MAX_PLUGIN_FILE_BYTES: u64 = 64 << 20;

/// How much of a WASI guest's stdout and stderr is kept (for fault reports).
pub const CAPTURED_OUTPUT_BYTES: usize = 64 << 10;

/// The default classifier, built from `plugins/shell` and embedded.
pub const DEFAULT_CLASSIFIER: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/default-classifier.wasm"));

/// The embedded default classifier's sha256, computed when it was built.
pub const DEFAULT_CLASSIFIER_SHA256: &str =
    include_str!(concat!(env!("OUT_DIR"), "/default-classifier.sha256"));

/// The program that compiles plugins, installed beside `wicket`.
pub const COMPILER: &str = "wicket-compile";

/// The name the default classifier goes by in reasons and traces.
pub const DEFAULT_NAME: &str = "default";

/// Where a plugin's bytes come from.
#[derive(Debug, Clone)]
pub enum Source {
    Embedded,
    File {
        path: PathBuf,
        pinned: Option<String>,
    },
}

/// One plugin to run in a consult.
#[derive(Debug, Clone)]
pub struct Plugin {
    /// How reasons name it: `default`, or the path as the policy wrote it.
    pub name: String,
    pub source: Source,
    /// Its configuration, as JSON text.
    pub config: String,
}

/// The call and context a plugin is asked about.
#[derive(Debug, Clone)]
pub struct Question {
    pub id: String,
    pub tool: String,
    pub input_json: String,
    pub role: String,
    pub agent_id: String,
    pub workspace: String,
    pub writable_root: String,
    pub cwd: String,
    pub home: String,
    pub protected: Vec<String>,
    pub secret_fragments: Vec<String>,
    /// Whether the call runs inside the wall (`None`: the host cannot say).
    pub confined: Option<bool>,
}

impl Question {
    /// A question about nothing in particular, for a plugin checked or
    /// tested outside any workspace: `root` is the workspace, the writable
    /// root and the cwd; home is `/nonexistent`; nothing is protected but
    /// the shipped secret fragments apply; confinement is unknown.
    pub fn synthetic(root: &str) -> Question {
        Question {
            id: "toolu_synthetic".into(),
            tool: String::new(),
            input_json: "{}".into(),
            role: "worker".into(),
            agent_id: "20260101T000000Z-00000000".into(),
            workspace: root.into(),
            writable_root: root.into(),
            cwd: root.into(),
            home: "/nonexistent".into(),
            protected: Vec::new(),
            secret_fragments: wicket_guest::SHIPPED_SECRET_FRAGMENTS
                .iter()
                .map(|s| s.to_string())
                .collect(),
            confined: None,
        }
    }
}

/// One finding, as a plugin gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub effect: Effect,
    pub why: String,
    pub ruling: Option<crate::judge::Ruling>,
}

/// Why a plugin gave no usable answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The file could not be read.
    Unreadable(String),
    /// The file's hash is not the one the policy pins.
    PinMismatch { pinned: String, actual: String },
    /// The file is not WebAssembly at all.
    NotWasm,
    /// The file is a core module, not a component.
    NotComponent,
    /// The component does not implement this world (or failed to compile).
    WrongWorld(String),
    /// The component names a contract version this wicket has no binding for.
    Contract(contract::Problem),
    /// The plugin trapped.
    Trap(String),
    /// The plugin ran past its deadline and was stopped.
    Deadline(Duration),
    /// The plugin asked for more memory than its cap.
    MemoryExhausted,
    /// The plugin's answer broke the contract.
    Malformed(String),
    /// The plugin declined to judge (its `Err`).
    Declined(String),
    /// Its compiled code is not in the cache yet (what is being done about it).
    NotCompiled(String),
}

impl Fault {
    /// The clause a reason carries, which the model reads: the plugin and
    /// the kind of fault, never what the plugin said or printed (that can
    /// hold its configuration); `wicket explain` shows the operator the rest.
    pub fn sentence(&self, plugin: &str) -> String {
        match self {
            Fault::Unreadable(_) => format!("plugin {plugin} could not be read"),
            Fault::PinMismatch { .. } => {
                format!("plugin {plugin} does not match the sha256 the policy pins for it")
            }
            Fault::NotWasm => format!("plugin {plugin} is not a WebAssembly file"),
            Fault::NotComponent => {
                format!("plugin {plugin} is a core wasm module, not a component")
            }
            Fault::WrongWorld(_) => {
                format!("plugin {plugin} does not implement the wicket:classifier contract")
            }
            Fault::Contract(problem) => format!("plugin {plugin} {}", problem.clause()),
            Fault::Trap(_) => format!("plugin {plugin} trapped"),
            Fault::Deadline(d) => format!(
                "plugin {plugin} ran past its {} ms deadline and was stopped",
                d.as_millis()
            ),
            Fault::MemoryExhausted => format!(
                "plugin {plugin} asked for more than its {} MiB of memory and was stopped",
                PLUGIN_MEMORY_BYTES >> 20
            ),
            Fault::Malformed(_) => format!("plugin {plugin} answered outside the contract"),
            Fault::Declined(_) => format!("plugin {plugin} declined to judge this call"),
            Fault::NotCompiled(_) => format!(
                "plugin {plugin} is not compiled yet; the operator's `wicket init` compiles it"
            ),
        }
    }

    /// The whole story, for the operator (`explain`, `status`).
    pub fn detail(&self, plugin: &str) -> String {
        match self {
            Fault::Unreadable(e) => format!("plugin {plugin} could not be read ({e})"),
            Fault::PinMismatch { pinned, actual } => format!(
                "plugin {plugin} does not match its pin: the policy pins sha256 {pinned}, the file is {actual}"
            ),
            Fault::NotWasm => format!("plugin {plugin} is not a WebAssembly file"),
            Fault::NotComponent => format!(
                "plugin {plugin} is a core wasm module, not a component (build it for wasm32-wasip2, or wrap it with `wasm-tools component new`)"
            ),
            Fault::WrongWorld(e) => format!(
                "plugin {plugin} does not implement the wicket:classifier contract it names ({e})"
            ),
            Fault::Contract(problem) => format!(
                "plugin {plugin} {}: {}",
                problem.clause(),
                problem.remedy()
            ),
            Fault::Trap(e) => format!("plugin {plugin} trapped ({e})"),
            Fault::Malformed(e) => format!("plugin {plugin} answered outside the contract ({e})"),
            Fault::Declined(e) => format!("plugin {plugin} declined to judge: {e}"),
            Fault::NotCompiled(what) => format!("plugin {plugin} is not compiled yet: {what}"),
            other => other.sentence(plugin),
        }
    }

    /// A short word for traces and status.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Unreadable(_) => "unreadable",
            Fault::PinMismatch { .. } => "pin-mismatch",
            Fault::NotWasm => "not-wasm",
            Fault::NotComponent => "not-a-component",
            Fault::WrongWorld(_) => "wrong-world",
            Fault::Contract(_) => "unsupported-contract",
            Fault::Trap(_) => "trap",
            Fault::Deadline(_) => "deadline",
            Fault::MemoryExhausted => "memory",
            Fault::Malformed(_) => "malformed-output",
            Fault::Declined(_) => "declined",
            Fault::NotCompiled(_) => "not-compiled",
        }
    }
}

/// What one plugin answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Abstain,
    Findings(Vec<Found>),
    Fault(Fault),
}

/// What running one plugin took and gave.
#[derive(Debug, Clone)]
pub struct Run {
    pub name: String,
    /// The plugin's sha256, when its bytes could be read.
    pub sha256: Option<String>,
    pub answer: Answer,
    /// How the compiled code was had.
    pub cache: Option<CacheUse>,
    /// What the plugin printed (a WASI guest's stdout and stderr, bounded):
    /// for the operator, never for the model.
    pub output: String,
    pub load_time: Duration,
    pub run_time: Duration,
}

/// The engine every plugin of this process runs on, with its compile cache.
/// A plugin's bytes: borrowed from the binary or read from its file.
pub type Bytes = std::borrow::Cow<'static, [u8]>;

pub struct Runtime {
    engine: Engine,
    cache: Option<Cache>,
    /// This process consults once and exits: what a plugin's run leaves
    /// (its compiled code's mappings, its instance) is left to the exit
    /// rather than torn down piece by piece first.
    one_shot: bool,
    /// Where the built-in classifier arrives, loaded and instantiated ahead
    /// of its question on a thread of its own (see [`Runtime::one_shot_warm`]).
    warm: Mutex<Option<std::sync::mpsc::Receiver<Warm>>>,
}

/// The built-in classifier, loaded and instantiated before its question.
struct Warm {
    loaded: Loaded,
    started: sandbox::Started,
    /// What loading it took, and then instantiating it.
    load_time: Duration,
    start_time: Duration,
}

impl Runtime {
    /// One engine per process, runtime only: it loads compiled code and
    /// never compiles (that is `wicket-compile`'s job).
    pub fn new(cache_root: Option<&Path>) -> anyhow::Result<Runtime> {
        let mut config = engine::config();
        config.with_custom_code_memory(Some(std::sync::Arc::new(in_place::Protect)));
        let engine = Engine::new(&config)?;
        let cache = cache_root.map(Cache::new);
        Ok(Runtime {
            engine,
            cache,
            one_shot: false,
            warm: Mutex::new(None),
        })
    }

    /// For a process that runs one consult and exits (the control): see
    /// the field. Never for one that loads a plugin again afterwards: the
    /// built-in classifier's code, used in place, is registered once.
    pub fn one_shot(mut self) -> Runtime {
        self.one_shot = true;
        self
    }

    /// For the control: a one-shot runtime made on a thread of its own,
    /// which goes on to load and instantiate the built-in classifier while
    /// the control reads its request and gathers the workspace's facts.
    /// Neither depends on the other, and on a machine with a second core the
    /// consult no longer waits for both in turn. The runtime (or the error
    /// making it met) arrives on the receiver as soon as it is made; the
    /// instance is asked in place of a fresh one. If it cannot be had (a
    /// load or instantiation that failed), the consult loads the classifier
    /// as it always does and meets the same fault. `None`: no thread could
    /// be started (make the runtime here instead). With `lanes`, the thread
    /// runs on the other core ([`crate::lanes`]).
    pub fn one_shot_warm(
        cache_root: Option<PathBuf>,
        lanes: Option<crate::lanes::Lanes>,
    ) -> Option<std::sync::mpsc::Receiver<anyhow::Result<Arc<Runtime>>>> {
        let (made, receiver) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("warm".into())
            .spawn(move || {
                if let Some(lanes) = lanes {
                    lanes.go_away();
                }
                let runtime = match Runtime::new(cache_root.as_deref()) {
                    Ok(runtime) => runtime.one_shot(),
                    Err(e) => {
                        let _ = made.send(Err(e));
                        return;
                    }
                };
                let (warmed, warm) = std::sync::mpsc::channel();
                *runtime.warm.lock().unwrap_or_else(|e| e.into_inner()) = Some(warm);
                let runtime = Arc::new(runtime);
                let _ = made.send(Ok(Arc::clone(&runtime)));
                if let Some(started) = runtime.start_default() {
                    let _ = warmed.send(started);
                }
            })
            .ok()?;
        Some(receiver)
    }

    /// The built-in classifier loaded and instantiated, under the deadline
    /// any plugin's run has.
    fn start_default(&self) -> Option<Warm> {
        let plugin = Plugin {
            name: DEFAULT_NAME.into(),
            source: Source::Embedded,
            config: String::new(),
        };
        let began = Instant::now();
        let loaded = self.load(&plugin).ok()?;
        let load_time = began.elapsed();
        let mut started = sandbox::start(
            &self.engine,
            &loaded.component,
            loaded.binding,
            PLUGIN_DEADLINE,
        )
        .ok()?;
        // The question is usually still being built (the protected set) when
        // the instance is ready.
        started.find_harness();
        Some(Warm {
            loaded,
            started,
            load_time,
            start_time: began.elapsed() - load_time,
        })
    }

    /// The instance [`Runtime::one_shot_warm`] made, once: waited for if it
    /// is still being made.
    fn take_warm(&self) -> Option<Warm> {
        let warm = self.warm.lock().ok()?.take()?;
        warm.recv().ok()
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    pub fn cache(&self) -> Option<&Cache> {
        self.cache.as_ref()
    }

    /// A plugin's bytes and sha256, checked against its pin and for being a
    /// component at all.
    pub fn read(&self, plugin: &Plugin) -> Result<(Bytes, String), (Option<String>, Fault)> {
        let (bytes, sha256): (Bytes, String) = match &plugin.source {
            Source::Embedded => (
                DEFAULT_CLASSIFIER.into(),
                DEFAULT_CLASSIFIER_SHA256.trim().to_owned(),
            ),
            Source::File { path, pinned } => {
                let bytes = read_plugin_file(path).map_err(|e| (None, Fault::Unreadable(e)))?;
                let sha256 = crate::reason::hex(&sha2_digest(&bytes));
                if let Some(pinned) = pinned {
                    if *pinned != sha256 {
                        return Err((
                            Some(sha256.clone()),
                            Fault::PinMismatch {
                                pinned: pinned.clone(),
                                actual: sha256,
                            },
                        ));
                    }
                }
                (bytes.into(), sha256)
            }
        };
        if bytes.len() < 8 || &bytes[..4] != b"\0asm" {
            return Err((Some(sha256), Fault::NotWasm));
        }
        if bytes[4..8] == [1, 0, 0, 0] {
            return Err((Some(sha256), Fault::NotComponent));
        }
        Ok((bytes, sha256))
    }

    /// Load a plugin's compiled component: the default classifier from the
    /// binary, any other from the cache. A plugin not compiled yet starts
    /// (or joins) its compilation in the background and is a fault this
    /// time: the call is held, the next one uses it.
    pub fn load(&self, plugin: &Plugin) -> Result<Loaded, (Option<String>, Fault)> {
        if let Some(loaded) = self.load_known(plugin) {
            return loaded;
        }
        let (bytes, sha256) = self.read(plugin)?;
        let fail = |fault: Fault| (Some(sha256.clone()), fault);
        // Which binding serves it, from the component's own imports, before
        // any of it is compiled, loaded or run: a version this wicket has
        // no binding for is refused here, naming both.
        let binding = contract::of_component(&bytes)
            .map_err(|problem| fail(Fault::Contract(problem)))?
            .binding;
        if let Source::Embedded = plugin.source {
            // SAFETY: these bytes were produced by this binary's own build,
            // for this engine configuration; wasmtime checks the version and
            // this CPU's features before using them.
            // A CPU without the build machine's features cannot load it:
            // the cache (filled by `wicket-compile --default`) serves instead.
            // Where pages are the size it was aligned for, it is used in
            // place (see `in_place`); else copied.
            let loaded = match in_place::memory() {
                // SAFETY: as above; the memory is the binary's own, lives as
                // long as the process and is never written.
                Some(memory) => unsafe { Component::deserialize_raw(&self.engine, memory) },
                None => unsafe { Component::deserialize(&self.engine, in_place::bytes()) },
            };
            if let Ok(component) = loaded {
                return Ok(Loaded {
                    sha256,
                    component,
                    binding,
                    cache_use: CacheUse::Embedded,
                });
            }
        }
        let Some(cache) = &self.cache else {
            return Err(fail(Fault::NotCompiled(
                "there is no cache directory ($XDG_CACHE_HOME or $HOME is not set)".into(),
            )));
        };
        let cached = if self.one_shot {
            cache.load_for_process(&self.engine, &sha256)
        } else {
            cache.load(&self.engine, &sha256)
        };
        match cached {
            Ok(component) => Ok(Loaded {
                sha256,
                component,
                binding,
                cache_use: CacheUse::Hit,
            }),
            Err(miss) => {
                let why = match &miss {
                    Miss::Absent => String::new(),
                    Miss::Rejected(why) => format!("its cached code was not used ({why}); "),
                };
                let doing = start_compile(cache, plugin, &sha256);
                Err(fail(Fault::NotCompiled(format!("{why}{doing}"))))
            }
        }
    }

    /// For a consult: a plugin file the cache knows unchanged since it was
    /// hashed (see [`Cache::recall`]) is loaded by that sha256, its pin
    /// checked, without reading it again. `None`: not known, or its compiled
    /// code could not be had this way (the whole load decides then).
    fn load_known(&self, plugin: &Plugin) -> Option<Result<Loaded, (Option<String>, Fault)>> {
        let (Source::File { path, pinned }, Some(cache), true) =
            (&plugin.source, &self.cache, self.one_shot)
        else {
            return None;
        };
        let stamp = FileStamp::of(&std::fs::metadata(path).ok()?);
        let (sha256, version) = cache.recall(path, &stamp)?;
        let binding = contract::SUPPORTED
            .iter()
            .find(|(v, _)| *v == version)
            .map(|(_, binding)| *binding)?;
        if let Some(pinned) = pinned {
            if *pinned != sha256 {
                return Some(Err((
                    Some(sha256.clone()),
                    Fault::PinMismatch {
                        pinned: pinned.clone(),
                        actual: sha256,
                    },
                )));
            }
        }
        let component = cache.load_for_process(&self.engine, &sha256).ok()?;
        Some(Ok(Loaded {
            sha256,
            component,
            binding,
            cache_use: CacheUse::Hit,
        }))
    }

    /// Load and run one plugin on one question, within `deadline`.
    pub fn run(&self, plugin: &Plugin, question: &Question, deadline: Duration) -> Run {
        self.run_or_check(plugin, question, deadline, true)
    }

    /// Load and instantiate one plugin ahead of its question (instantiating
    /// within `deadline`), for [`Runtime::ask`] once the question is known:
    /// the consult readies the policy's plugins while it gathers what the
    /// question holds. A plugin that cannot be loaded or instantiated is
    /// ready with the fault its run will report.
    pub fn ready(&self, plugin: &Plugin, deadline: Duration) -> Ready {
        let began = Instant::now();
        let loaded = self.load(plugin);
        let load_time = began.elapsed();
        let (sha256, cache, started) = match loaded {
            Err((sha256, fault)) => (sha256, None, Err((Answer::Fault(fault), String::new()))),
            Ok(loaded) => {
                let started =
                    sandbox::start(&self.engine, &loaded.component, loaded.binding, deadline)
                        .map(|started| (loaded.component, started));
                (Some(loaded.sha256), Some(loaded.cache_use), started)
            }
        };
        Ready {
            sha256,
            cache,
            started,
            load_time,
            start_time: began.elapsed() - load_time,
        }
    }

    /// Ask a plugin readied by [`Runtime::ready`] its question, within
    /// `deadline` counted from now.
    pub fn ask(
        &self,
        ready: Ready,
        plugin: &Plugin,
        question: &Question,
        deadline: Duration,
    ) -> Run {
        let asked = Instant::now();
        let (answer, output) = match ready.started {
            Err(failed) => failed,
            Ok((component, started)) => {
                let mode = if self.one_shot {
                    sandbox::Mode::AskAndLeave
                } else {
                    sandbox::Mode::Ask
                };
                let said = started.ask(plugin, question, Some(deadline), mode);
                if self.one_shot {
                    // Left to the process's exit, as in any one-shot run.
                    std::mem::forget(component);
                }
                said
            }
        };
        Run {
            name: plugin.name.clone(),
            sha256: ready.sha256,
            answer,
            cache: ready.cache,
            output,
            load_time: ready.load_time,
            run_time: ready.start_time + asked.elapsed(),
        }
    }

    /// Load one plugin and instantiate it as a consult would, asking it
    /// nothing: its answer is `Abstain` when it can load, else the fault a
    /// consult would meet. Like any load, a plugin not compiled yet starts
    /// its compilation.
    pub fn check(&self, plugin: &Plugin, deadline: Duration) -> Run {
        let question = Question::synthetic("/");
        let _ticker = Ticker::start(self);
        self.run_or_check(plugin, &question, deadline, false)
    }

    fn run_or_check(
        &self,
        plugin: &Plugin,
        question: &Question,
        deadline: Duration,
        ask: bool,
    ) -> Run {
        let started = Instant::now();
        if ask && self.one_shot && matches!(plugin.source, Source::Embedded) {
            if let Some(warm) = self.take_warm() {
                let (answer, output) =
                    warm.started
                        .ask(plugin, question, Some(deadline), sandbox::Mode::AskAndLeave);
                // Left to the process's exit, as below.
                std::mem::forget(warm.loaded.component);
                return Run {
                    name: plugin.name.clone(),
                    sha256: Some(warm.loaded.sha256),
                    answer,
                    cache: Some(warm.loaded.cache_use),
                    output,
                    load_time: warm.load_time,
                    run_time: warm.start_time + started.elapsed(),
                };
            }
        }
        let loaded = self.load(plugin);
        let load_time = started.elapsed();
        let (sha256, answer, cache, output) = match loaded {
            Err((sha256, fault)) => (sha256, Answer::Fault(fault), None, String::new()),
            Ok(loaded) => {
                let mode = match (ask, self.one_shot) {
                    (false, _) => sandbox::Mode::Instantiate,
                    (true, false) => sandbox::Mode::Ask,
                    (true, true) => sandbox::Mode::AskAndLeave,
                };
                let (answer, output) = sandbox::run(
                    &self.engine,
                    &loaded.component,
                    loaded.binding,
                    plugin,
                    question,
                    deadline,
                    mode,
                );
                if self.one_shot {
                    // Unmapping and unregistering its code is work the
                    // process's exit does anyway.
                    std::mem::forget(loaded.component);
                }
                (Some(loaded.sha256), answer, Some(loaded.cache_use), output)
            }
        };
        Run {
            name: plugin.name.clone(),
            sha256,
            answer,
            cache,
            output,
            load_time,
            run_time: started.elapsed() - load_time,
        }
    }
}

/// Start compiling a plugin in the background, unless a compilation of it
/// holds its lock already; the words say which happened.
fn start_compile(cache: &Cache, plugin: &Plugin, sha256: &str) -> String {
    if cache.compiling(sha256) {
        return "its compilation is under way; the next call after it finishes uses it".into();
    }
    if !cache.writable() {
        return format!(
            "the compile cache {} cannot be written here (inside the wall it is read-only); run `wicket init <workspace>` outside to compile it",
            cache.dir().display()
        );
    }
    let target = match &plugin.source {
        Source::Embedded => "--default".to_owned(),
        Source::File { path, .. } => path.display().to_string(),
    };
    match compiler().and_then(|c| {
        let mut command = std::process::Command::new(&c);
        command
            .arg("--cache")
            .arg(cache.dir().parent().unwrap_or(cache.dir()))
            .arg(&target)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        // Its own process group: the harness's signals to the consult do
        // not stop it, and nothing waits for it.
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        command
            .spawn()
            .map_err(|e| format!("could not start {}: {e}", c.display()))
    }) {
        Ok(_) => {
            "wicket started compiling it in the background; the next call after it finishes uses it"
                .into()
        }
        Err(why) => format!("{why}; run `wicket init <workspace>` to compile it"),
    }
}

/// The harness's own binaries a plugin may ask about by identity: this
/// wicket, its compiler, and litany — the one `$WICKET_LITANY` names, the
/// one on PATH, and the parent process when it is a litany.
pub fn harness_binaries() -> Vec<(wicket_guest::Harness, PathBuf)> {
    use wicket_guest::Harness;
    let mut out = Vec::new();
    if let Ok(exe) = std::env::current_exe() {
        out.push((Harness::Wicket, exe));
    }
    if let Ok(compiler) = compiler() {
        out.push((Harness::WicketCompile, compiler));
    }
    if let Some(named) = std::env::var_os("WICKET_LITANY").filter(|v| !v.is_empty()) {
        out.push((Harness::Litany, PathBuf::from(named)));
    }
    if let Some(path) = std::env::var_os("PATH") {
        if let Some(found) = std::env::split_paths(&path)
            .map(|dir| dir.join("litany"))
            .find(|p| p.is_file())
        {
            out.push((Harness::Litany, found));
        }
    }
    let parent = PathBuf::from(format!(
        "/proc/{}/exe",
        rustix::process::getppid().map_or(0, |p| p.as_raw_nonzero().get())
    ));
    if let Ok(exe) = std::fs::read_link(&parent) {
        if exe
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("litany"))
        {
            out.push((Harness::Litany, exe));
        }
    }
    out
}

/// `wicket-compile`, beside the running binary.
pub fn compiler() -> Result<PathBuf, String> {
    let exe = std::env::current_exe()
        .map_err(|e| format!("could not find this wicket's own path ({e})"))?;
    let path = exe.with_file_name(COMPILER);
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!(
            "{} is not installed beside {} (build it with `cargo build --release --features compiler --bin wicket-compile`)",
            COMPILER,
            exe.display()
        ))
    }
}

/// Compile plugins into the cache now, waiting for `wicket-compile`: what
/// `init`, `run` and the operator's tools do before anything runs.
pub fn compile_now(cache_root: &Path, targets: &[String]) -> Result<String, String> {
    let compiler = compiler()?;
    let out = std::process::Command::new(&compiler)
        .arg("--cache")
        .arg(cache_root)
        .args(targets)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("could not run {}: {e}", compiler.display()))?;
    let said = String::from_utf8_lossy(&out.stdout).trim().to_owned()
        + String::from_utf8_lossy(&out.stderr).trim();
    if out.status.success() {
        Ok(said)
    } else {
        Err(said)
    }
}

/// Ticks the engine's epoch (a plugin's deadline is counted in ticks) until
/// dropped, as the consult's watchdog does.
pub struct Ticker(Arc<AtomicBool>, Option<std::thread::JoinHandle<()>>);

impl Ticker {
    pub fn start(runtime: &Runtime) -> Ticker {
        let stop = Arc::new(AtomicBool::new(false));
        let engine = runtime.engine().clone();
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            while !flag.load(Ordering::Relaxed) {
                std::thread::sleep(EPOCH_TICK);
                engine.increment_epoch();
            }
        });
        Ticker(stop, Some(handle))
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
        if let Some(handle) = self.1.take() {
            let _ = handle.join();
        }
    }
}

/// A plugin's bytes and sha256 as [`Runtime::read`] gives them; and, for a
/// file that was the same file, unchanged, before and after its bytes were
/// read (and implements a contract this wicket serves), what it hashed to
/// recorded in `cache` for consults to find without hashing it again (see
/// [`Cache::recall`]). What `wicket-compile` and `wicket init` read plugins
/// with.
pub fn read_recording(
    runtime: &Runtime,
    cache: &Cache,
    plugin: &Plugin,
) -> Result<(Bytes, String), (Option<String>, Fault)> {
    let stamp = |path: &Path| std::fs::metadata(path).ok().map(|m| FileStamp::of(&m));
    let before = match &plugin.source {
        Source::File { path, .. } => stamp(path),
        Source::Embedded => None,
    };
    let (bytes, sha256) = runtime.read(plugin)?;
    if let (Source::File { path, .. }, Some(before)) = (&plugin.source, before) {
        if let Ok(contract) = contract::of_component(&bytes) {
            if stamp(path) == Some(before) {
                // A record that cannot be written only costs consults the
                // read it would have spared them.
                let _ = cache.remember(path, &before, &sha256, &contract.version);
            }
        }
    }
    Ok((bytes, sha256))
}

/// For plugin files changed too recently for [`read_recording`] to record
/// (a file written just before `wicket init` or `wicket-compile` read it —
/// a plugin built and installed by one script), wait until the newest has
/// settled (at most the two seconds that takes), read each again and
/// record what it hashed to, so consults do not read and hash it every
/// time. A file changed meanwhile is left unrecorded, as before.
pub fn remember_when_settled(runtime: &Runtime, cache: &Cache, plugins: &[Plugin]) {
    let stamp = |path: &Path| std::fs::metadata(path).ok().map(|m| FileStamp::of(&m));
    let fresh: Vec<(&Plugin, FileStamp)> = plugins
        .iter()
        .filter_map(|plugin| match &plugin.source {
            Source::File { path, .. } => stamp(path)
                .filter(|s| !s.settles_in().is_zero())
                .map(|s| (plugin, s)),
            Source::Embedded => None,
        })
        .collect();
    let Some(wait) = fresh.iter().map(|(_, s)| s.settles_in()).max() else {
        return;
    };
    std::thread::sleep(wait);
    for (plugin, seen) in fresh {
        let Source::File { path, .. } = &plugin.source else {
            continue;
        };
        // Unchanged since it was first read: read, hashed and recorded now
        // that its times would show any change.
        if stamp(path) == Some(seen) {
            let _ = read_recording(runtime, cache, plugin);
        }
    }
}

/// A plugin loaded and instantiated, waiting for its question (see
/// [`Runtime::ready`]), or the fault that stopped it on the way.
pub struct Ready {
    sha256: Option<String>,
    cache: Option<CacheUse>,
    started: Result<(Component, sandbox::Started), (Answer, String)>,
    load_time: Duration,
    start_time: Duration,
}

/// A compiled plugin.
pub struct Loaded {
    pub sha256: String,
    pub component: Component,
    /// The binding its contract version is served by.
    pub binding: contract::Binding,
    pub cache_use: CacheUse,
}

/// A plugin file's bytes, bounded, with a sentence when it cannot be read.
pub fn read_plugin_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    if meta.len() > MAX_PLUGIN_FILE_BYTES {
        return Err(format!(
            "{} is {} bytes, more than the {} MiB a plugin may be",
            path.display(),
            meta.len(),
            MAX_PLUGIN_FILE_BYTES >> 20
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_PLUGIN_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(bytes)
}

/// The sha256 of bytes.
pub fn sha2_digest(bytes: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).into()
}
