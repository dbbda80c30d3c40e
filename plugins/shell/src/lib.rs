//! wicket's default classifier: litany's built-in tools by name, and the
//! shell reading for `bash` (and any tool whose input carries a `command`).
//!
//! It reads what would run, not what the text looks like: quoting tricks are
//! undone as the shell undoes them, launchers, shells and `eval` are read
//! through, and whatever cannot be read literally is opaque — held for the
//! operator rather than guessed at. Built like any other plugin, with the
//! guest SDK, and embedded in the `wicket` binary.
//!
//! # For plugin authors
//!
//! The shell reading is a library any plugin can use: [`reading`] gives each
//! simple command's argv after quote removal, read through launchers, `sh
//! -c` and `eval`, with words only known at run time marked, every write it
//! places, and the path placement helpers. Depend on this crate beside
//! `wicket-guest` **without its default features**, which would export the
//! default classifier from your component too (its exported symbols would
//! clash with your own `export_classifier!`):
//!
//! ```toml
//! [dependencies]
//! wicket-guest = "0.1"
//! wicket-shell = { git = "https://github.com/wicket-project/wicket", default-features = false }
//! ```
//!
//! (The reading cannot live inside `wicket-guest`: it is built on the SDK's
//! `Context` and `Effect`, so `wicket-guest` depending on it would be a
//! cycle.) [`reading`], [`classify`] and [`Shell`] are the stable API; the
//! other modules are the default classifier's insides and are hidden from
//! the documentation.
//!
//! # Features
//!
//! - `classifier` (default): export [`Shell`] as this crate's component
//!   export, which is how wicket builds its default classifier. Turn it off
//!   to use the crate as a library.

/// A description's example command lines: every one of them in a native
/// build (the tests read them all, and check how many there are), none in
/// the wasm that ships — there they would only be initial data every fresh
/// instance copies on every consult (`build.rs` sets `wicket_examples`).
#[cfg(wicket_examples)]
macro_rules! examples {
    ($($example:tt)*) => {
        &[$($example)*]
    };
}

#[cfg(not(wicket_examples))]
macro_rules! examples {
    ($($example:tt)*) => {
        &[]
    };
}

#[doc(hidden)]
pub mod argv;
#[doc(hidden)]
pub mod identity;
#[doc(hidden)]
pub mod place;
#[doc(hidden)]
pub mod programs;
#[doc(hidden)]
pub mod read;
pub mod reading;
#[doc(hidden)]
pub mod rules;
#[doc(hidden)]
pub mod scripts;
#[doc(hidden)]
pub mod secrets;
#[doc(hidden)]
pub mod syntax;
#[doc(hidden)]
pub mod tools;

use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome};

use crate::read::{Note, Reader};
use crate::rules::OperatorRule;

/// The default classifier, as a [`wicket_guest::Classifier`]: a plugin may
/// run it itself ([`classify`]) and add to what it finds.
pub struct Shell;

impl Classifier for Shell {
    fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String> {
        Ok(Outcome::Findings(classify(call, ctx)))
    }
}

#[cfg(feature = "classifier")]
wicket_guest::export_classifier!(Shell);

/// Classify one call as the default classifier does, with the operator's
/// rules from `ctx`'s configuration: never empty, strictest finding first.
pub fn classify(call: &Call, ctx: &Context) -> Vec<Finding> {
    let rules = OperatorRule::from_config(ctx.config());
    let mut reader = Reader::new(ctx, &rules).with_startup_files();
    tools::read_tool(&mut reader, call);
    for spent in reader.spent_budgets() {
        reader.note(Effect::Opaque, spent);
    }
    finish(reader.notes, call)
}

pub use wicket_guest::startup::{HOME_STARTUP, SYSTEM_STARTUP};

/// The protected set of `ctx` with every startup file
/// ([`wicket_guest::startup`]) in it, as written and where it resolves (a
/// dotfile linked from elsewhere is protected where it lives). wicket's host
/// puts them in the set it hands the plugin, and a file already there is
/// taken as the host gave it; one missing (an older host, a context built by
/// hand) is resolved here. The reader works this out the first time anything
/// asks for the protected set (`Reader::protected`).
pub(crate) fn with_home_startup(ctx: &Context) -> Vec<String> {
    // A scan per entry: comparing lengths first, it costs less than sorting
    // the host's set (paths that share long beginnings) to search it.
    let mut protected = ctx.protected.clone();
    for path in wicket_guest::startup::files(&ctx.home) {
        if protected.contains(&path) {
            continue;
        }
        let resolved = ctx.resolve(&path).path;
        protected.push(path);
        if !protected.contains(&resolved) {
            protected.push(resolved);
        }
    }
    protected
}

/// Notes → findings: the first note of each effect, strictest effect first,
/// so no effect is ever crowded out by many notes of another.
fn finish(mut notes: Vec<Note>, call: &Call) -> Vec<Finding> {
    if notes.is_empty() {
        notes.push(Note {
            effect: Effect::Opaque,
            why: format!("{} could not be read", call.tool),
            guard: false,
        });
    }
    let mut findings: Vec<Finding> = Vec::new();
    for note in notes {
        if findings.iter().any(|f| f.effect == note.effect) {
            continue;
        }
        findings.push(Finding::new(note.effect, clip(&note.why, 400)));
    }
    findings.sort_by_key(|f| std::cmp::Reverse(f.effect));
    findings
}

/// Text clipped to `max` characters, an ellipsis marking the cut.
pub fn clip(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).collect();
    if text.chars().count() > max {
        out.push('…');
    }
    out
}
