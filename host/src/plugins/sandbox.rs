//! One plugin call in a fresh store: a memory cap, a deadline that stops the
//! guest, the contract's host queries, and — only for a guest that imports
//! WASI — a capability-free WASI whose output is captured and bounded.
//! Every import the contract does not offer is defined as a trap, so a
//! component asking for more than it may have still loads and cannot use it.

use std::time::Duration;

use wasmtime::component::{Component, HasSelf, Linker, ResourceTable};
use wasmtime::{ResourceLimiter, Store, StoreLimits, StoreLimitsBuilder, Trap};
use wasmtime_wasi::p2::pipe::MemoryOutputPipe;
use wasmtime_wasi::{WasiCtx, WasiCtxBuilder, WasiCtxView, WasiView};

use super::contract::Binding;
use super::{v0_1, v0_2};
use super::{
    Answer, Fault, Found, Plugin, Question, CAPTURED_OUTPUT_BYTES, EPOCH_TICK, MAX_FINDINGS,
    MAX_WHY_BYTES, PLUGIN_MEMORY_BYTES,
};

/// The longest path a plugin may ask the host to resolve.
const MAX_QUERY_PATH_BYTES: usize = 4096;

/// Per-store state: limits, the facts host queries answer from, and WASI.
pub struct State {
    limits: Limits,
    cwd: String,
    home: String,
    /// The harness's own binaries, found on the first `identify` (or ahead
    /// of the question, [`Started::find_harness`]).
    harness: Option<Vec<(wicket_guest::Harness, std::path::PathBuf)>>,
    /// What this run's queries found on the filesystem, asked once each.
    lookups: wicket_guest::paths::Lookups,
    /// Only for a plugin that imports WASI: building a context seeds a
    /// random-number generator (CPU feature probes, which are slow under a
    /// hypervisor, and entropy), work a plugin that imports nothing never
    /// needs.
    wasi: Option<WasiCtx>,
    table: ResourceTable,
}

/// The store's limiter, remembering whether it denied memory so a denial
/// reads as exhaustion rather than as the guest's own panic.
struct Limits {
    inner: StoreLimits,
    memory_denied: bool,
}

impl ResourceLimiter for Limits {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let allowed = self.inner.memory_growing(current, desired, maximum);
        if !matches!(allowed, Ok(true)) {
            self.memory_denied = true;
        }
        allowed
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        self.inner.table_growing(current, desired, maximum)
    }

    fn instances(&self) -> usize {
        self.inner.instances()
    }

    fn tables(&self) -> usize {
        self.inner.tables()
    }

    fn memories(&self) -> usize {
        self.inner.memories()
    }
}

impl State {
    /// `resolve-path`, in the runtime's own terms.
    fn resolve(&mut self, path: &str) -> (String, wicket_guest::PathKind) {
        // The kernel refuses a path of PATH_MAX bytes or more, its NUL
        // counted (`cd` to a 4,096-byte logical path fails in dash and the
        // shell stays): what is there is not known.
        if path.len() >= MAX_QUERY_PATH_BYTES {
            return (path.to_owned(), wicket_guest::PathKind::Other);
        }
        let absolute = wicket_guest::paths::absolute(path, &self.cwd, &self.home);
        self.lookups.resolve_with_kind(&absolute)
    }

    /// `expand-glob`: each name with where it leads.
    fn expand(&mut self, pattern: &str) -> Option<Vec<(String, (String, wicket_guest::PathKind))>> {
        if pattern.len() >= MAX_QUERY_PATH_BYTES {
            return None;
        }
        let absolute = wicket_guest::paths::absolute(pattern, &self.cwd, &self.home);
        let names = wicket_guest::paths::expand_on_this_host(&absolute)?;
        let mut found = Vec::with_capacity(names.len());
        for path in names {
            let resolved = self.resolve(&path);
            found.push((path, resolved));
        }
        Some(found)
    }

    /// `identify`.
    fn program(&mut self, name: &str) -> Option<wicket_guest::Harness> {
        if name.len() > MAX_QUERY_PATH_BYTES {
            return None;
        }
        let harness = self.harness.get_or_insert_with(super::harness_binaries);
        let search_path = std::env::var("PATH").unwrap_or_default();
        wicket_guest::paths::identify_on_this_host(
            name,
            &self.cwd,
            &self.home,
            &search_path,
            harness,
        )
    }
}

/// The contract's host queries for one binding: each version's types, the
/// same answers.
macro_rules! host_queries {
    ($binding:ident) => {
        impl $binding::wicket::classifier::types::Host for State {}

        impl $binding::wicket::classifier::host::Host for State {
            fn resolve_path(
                &mut self,
                path: String,
            ) -> $binding::wicket::classifier::types::Resolved {
                let (path, kind) = self.resolve(&path);
                $binding::resolved(path, kind)
            }

            fn expand_glob(
                &mut self,
                pattern: String,
            ) -> Option<Vec<$binding::wicket::classifier::types::GlobMatch>> {
                Some(
                    self.expand(&pattern)?
                        .into_iter()
                        .map(|(path, (resolved, kind))| {
                            $binding::wicket::classifier::types::GlobMatch {
                                path,
                                resolved: $binding::resolved(resolved, kind),
                            }
                        })
                        .collect(),
                )
            }

            fn identify(
                &mut self,
                name: String,
            ) -> Option<$binding::wicket::classifier::types::HarnessProgram> {
                use $binding::wicket::classifier::types::HarnessProgram as H;
                self.program(&name).map(|h| match h {
                    wicket_guest::Harness::Wicket => H::Wicket,
                    wicket_guest::Harness::WicketCompile => H::WicketCompile,
                    wicket_guest::Harness::Litany => H::Litany,
                })
            }
        }
    };
}

host_queries!(v0_1);
host_queries!(v0_2);

impl WasiView for State {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            // Linked only for a plugin that imports WASI, whose store was
            // given its context; any other gets a context with nothing in it.
            ctx: self
                .wasi
                .get_or_insert_with(|| WasiCtxBuilder::new().build()),
            table: &mut self.table,
        }
    }
}

/// What [`run`] does with the plugin, in a store of its own.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Link and instantiate it as a consult would, asking nothing:
    /// `Abstain` when it loads, else the fault a consult would meet (what
    /// `init` and `status` check).
    Instantiate,
    /// Ask `classify` once, then tear the store down.
    Ask,
    /// Ask `classify` once, and leave the store (the guest's memory, its
    /// instance) to the exit of a process that consults once.
    AskAndLeave,
}

/// Run the plugin as `mode` says: the answer, and what the guest printed
/// (for the operator only).
pub fn run(
    engine: &wasmtime::Engine,
    component: &Component,
    binding: Binding,
    plugin: &Plugin,
    q: &Question,
    deadline: Duration,
    mode: Mode,
) -> (Answer, String) {
    match start(engine, component, binding, deadline) {
        Err(failed) => failed,
        Ok(started) if mode == Mode::Instantiate => {
            let said = started.said();
            (Answer::Abstain, said)
        }
        Ok(started) => started.ask(plugin, q, None, mode),
    }
}

/// A plugin instantiated in a store of its own, not asked anything yet.
pub struct Started {
    store: Store<State>,
    instance: Instance,
    output: MemoryOutputPipe,
    /// The deadline its store counts down (reported if it runs out).
    deadline: Duration,
}

/// An instance of one binding's world.
enum Instance {
    V0_1(v0_1::Classifier),
    V0_2(v0_2::Classifier),
}

/// Link and instantiate the plugin in a fresh store whose epoch deadline is
/// `deadline`: ready to be asked, or the fault a consult would meet (with
/// what the guest printed before it).
pub fn start(
    engine: &wasmtime::Engine,
    component: &Component,
    binding: Binding,
    deadline: Duration,
) -> Result<Started, (Answer, String)> {
    let needs_wasi = component
        .component_type()
        .imports(engine)
        .any(|(name, _)| name.starts_with("wasi:"));
    let output = MemoryOutputPipe::new(CAPTURED_OUTPUT_BYTES);
    let wasi = needs_wasi.then(|| {
        // Explicit, though these are the builder's defaults: nothing outside.
        WasiCtxBuilder::new()
            .stdout(output.clone())
            .stderr(output.clone())
            .allow_tcp(false)
            .allow_udp(false)
            .allow_ip_name_lookup(false)
            .build()
    });
    let state = State {
        limits: Limits {
            inner: StoreLimitsBuilder::new()
                .memory_size(PLUGIN_MEMORY_BYTES)
                .instances(16)
                .memories(8)
                .tables(8)
                .table_elements(100_000)
                .trap_on_grow_failure(true)
                .build(),
            memory_denied: false,
        },
        // The question's, set when it is asked (nothing is asked before).
        cwd: String::new(),
        home: String::new(),
        harness: None,
        lookups: Default::default(),
        wasi,
        table: ResourceTable::new(),
    };
    let mut store = Store::new(engine, state);
    store.limiter(|s| &mut s.limits);
    store.set_epoch_deadline(ticks(deadline));
    store.epoch_deadline_trap();

    let pre = prepare(engine, component, binding, needs_wasi).map_err(|e| {
        (
            Answer::Fault(Fault::WrongWorld(format!("{e:#}"))),
            String::new(),
        )
    })?;
    let instance = match pre {
        Pre::V0_1(pre) => pre.instantiate(&mut store).map(Instance::V0_1),
        Pre::V0_2(pre) => pre.instantiate(&mut store).map(Instance::V0_2),
    };
    match instance {
        Ok(instance) => Ok(Started {
            store,
            instance,
            output,
            deadline,
        }),
        Err(e) => Err((
            Answer::Fault(classify_error(
                &e,
                store.data().limits.memory_denied,
                deadline,
            )),
            String::from_utf8_lossy(&output.contents()).into_owned(),
        )),
    }
}

impl Started {
    /// Find the harness's own binaries now, ahead of the question (a warm
    /// instance waiting for its question has the time; the classifier's
    /// run then need not).
    pub fn find_harness(&mut self) {
        let state = self.store.data_mut();
        if state.harness.is_none() {
            state.harness = Some(super::harness_binaries());
        }
    }

    /// Ask `classify` once: the answer, and what the guest printed. With
    /// `deadline`, the call counts down that from now (an instance started
    /// ahead of its question); else what is left of the one it started with.
    pub fn ask(
        mut self,
        plugin: &Plugin,
        q: &Question,
        deadline: Option<Duration>,
        mode: Mode,
    ) -> (Answer, String) {
        if let Some(deadline) = deadline {
            self.deadline = deadline;
            self.store.set_epoch_deadline(ticks(deadline));
        }
        let store = &mut self.store;
        store.data_mut().cwd = q.cwd.clone();
        store.data_mut().home = q.home.clone();
        // The question in the plugin's own version of the contract.
        let result: wasmtime::Result<Result<Said, String>> = match &self.instance {
            Instance::V0_1(instance) => {
                let (request, context) = v0_1::question(q, &plugin.config);
                instance
                    .call_classify(&mut *store, &request, &context)
                    .map(|r| r.map(Into::into))
            }
            Instance::V0_2(instance) => {
                let (request, context) = v0_2::question(q, &plugin.config);
                instance
                    .call_classify(&mut *store, &request, &context)
                    .map(|r| r.map(Into::into))
            }
        };
        let answer = match result {
            Ok(Ok(outcome)) => check(outcome),
            Ok(Err(declined)) => Answer::Fault(Fault::Declined(clip(&declined))),
            Err(e) => Answer::Fault(classify_error(
                &e,
                self.store.data().limits.memory_denied,
                self.deadline,
            )),
        };
        let said = self.said();
        if mode == Mode::AskAndLeave {
            std::mem::forget(self);
        }
        (answer, said)
    }

    /// What the guest has printed so far.
    fn said(&self) -> String {
        String::from_utf8_lossy(&self.output.contents()).into_owned()
    }
}

/// A deadline in the engine's epoch ticks (at least one).
fn ticks(deadline: Duration) -> u64 {
    (deadline.as_millis() / EPOCH_TICK.as_millis()).max(1) as u64
}

/// A component linked against one binding, ready to instantiate.
enum Pre {
    V0_1(v0_1::ClassifierPre<State>),
    V0_2(v0_2::ClassifierPre<State>),
}

fn prepare(
    engine: &wasmtime::Engine,
    component: &Component,
    binding: Binding,
    needs_wasi: bool,
) -> wasmtime::Result<Pre> {
    let mut linker: Linker<State> = Linker::new(engine);
    match binding {
        Binding::V0_1 => {
            v0_1::Classifier::add_to_linker::<State, HasSelf<State>>(&mut linker, |s| s)?
        }
        Binding::V0_2 => {
            v0_2::Classifier::add_to_linker::<State, HasSelf<State>>(&mut linker, |s| s)?
        }
    }
    if needs_wasi {
        // WASI is matched by semver (a guest's @0.2.6 by the host's 0.2.x), which
        // trap stubs would shadow: a WASI guest importing anything else simply
        // fails to load, which is a fault like any other.
        wasmtime_wasi::p2::add_to_linker_sync(&mut linker)?;
    } else {
        linker.define_unknown_imports_as_traps(component)?;
    }
    let pre = linker.instantiate_pre(component)?;
    Ok(match binding {
        Binding::V0_1 => Pre::V0_1(v0_1::ClassifierPre::new(pre)?),
        Binding::V0_2 => Pre::V0_2(v0_2::ClassifierPre::new(pre)?),
    })
}

fn classify_error(e: &wasmtime::Error, memory_denied: bool, deadline: Duration) -> Fault {
    if memory_denied {
        return Fault::MemoryExhausted;
    }
    match e.downcast_ref::<Trap>() {
        Some(Trap::Interrupt) => Fault::Deadline(deadline),
        Some(trap) => Fault::Trap(trap.to_string()),
        // A host error (an import the contract does not offer, say): its
        // own words, not the backtrace wasmtime wraps around them.
        None => Fault::Trap(clip(&e.root_cause().to_string())),
    }
}

/// A plugin's answer in the runtime's terms, whichever binding gave it,
/// before it is held to the contract's bounds.
pub enum Said {
    Abstain,
    Findings(Vec<Found>),
}

/// Hold the answer to the contract: bounded, every why non-empty.
fn check(said: Said) -> Answer {
    let findings = match said {
        Said::Abstain => return Answer::Abstain,
        Said::Findings(findings) => findings,
    };
    if findings.is_empty() {
        return Answer::Abstain;
    }
    if findings.len() > MAX_FINDINGS {
        return Answer::Fault(Fault::Malformed(format!(
            "{} findings, more than the {MAX_FINDINGS} allowed",
            findings.len()
        )));
    }
    for finding in &findings {
        if finding.why.trim().is_empty() {
            return Answer::Fault(Fault::Malformed("a finding with an empty why".into()));
        }
        if finding.why.len() > MAX_WHY_BYTES {
            return Answer::Fault(Fault::Malformed(format!(
                "a why of {} bytes, more than the {MAX_WHY_BYTES} allowed",
                finding.why.len()
            )));
        }
    }
    Answer::Findings(findings)
}

fn clip(text: &str) -> String {
    crate::reason::clip(text, 300)
}
