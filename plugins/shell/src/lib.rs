//! wicket's default classifier: litany's built-in tools by name, and the
//! shell reading for `bash` (and any tool whose input carries a `command`).
//!
//! It reads what would run, not what the text looks like: quoting tricks are
//! undone as the shell undoes them, launchers, shells and `eval` are read
//! through, and whatever cannot be read literally is opaque — held for the
//! operator rather than guessed at. Built like any other plugin, with the
//! guest SDK, and embedded in the `wicket` binary.

pub mod argv;
pub mod place;
pub mod programs;
pub mod read;
pub mod rules;
pub mod scripts;
pub mod syntax;

use serde_json::Value;
use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome};

use crate::read::{Arg, Note, Place, Reader};
use crate::rules::{Op, OperatorRule};

/// The default classifier.
pub struct Shell;

impl Classifier for Shell {
    fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String> {
        Ok(Outcome::Findings(classify(call, ctx)))
    }
}

wicket_guest::export_classifier!(Shell);

/// Classify one call: never empty, strictest finding first.
pub fn classify(call: &Call, ctx: &Context) -> Vec<Finding> {
    let rules = OperatorRule::from_config(ctx.config());
    let mut reader = Reader::new(ctx, &rules);
    read_tool(&mut reader, call);
    if reader.out_of_resolves() {
        reader.note(
            Effect::Opaque,
            format!(
                "the call names more than {} paths; the rest were not placed",
                read::MAX_RESOLVES
            ),
        );
    }
    finish(reader.notes, call)
}

fn read_tool(r: &mut Reader, call: &Call) {
    let tool = call.tool.as_str();
    match tool {
        "read_file" | "search_history" | "read_tool_output" => {
            paths_named(r, call, &["path"]);
            r.note(Effect::Read, format!("{tool} only reads"));
        }
        "load_skill" | "message" | "remember" => {
            r.note(
                Effect::TargetWrite,
                format!("{tool} writes through the harness's own gated verb"),
            );
        }
        "write_summary" | "mark_for_deletion" => {
            paths_named(r, call, &["path"]);
            r.note(
                Effect::TargetWrite,
                format!("{tool} is the compactor's own verb"),
            );
        }
        "dispatch" => r.note(
            Effect::Process,
            "dispatch mints an agent, under the harness's budget and depth gates",
        ),
        "python" => match call.input_str("program") {
            Some(program) => {
                r.note(Effect::OpenWorld, "python runs a program the model wrote");
                programs::scan_code(r, "python", programs::Language::Python, program);
            }
            None => r.note(Effect::Opaque, "python without a program string"),
        },
        "cd" => match call.input_str("path") {
            Some(path) => cd_tool(r, path),
            None => r.note(Effect::Opaque, "cd without a path string"),
        },
        "apply_patch" => match call.input_str("input") {
            Some(patch) => apply_patch(r, patch),
            None => r.note(Effect::Opaque, "apply_patch without a patch string"),
        },
        "bash" => match call.input_str("command") {
            Some(command) => shell_command(r, command),
            None => r.note(Effect::Opaque, "bash without a command string"),
        },
        _ => other_tool(r, call),
    }
}

fn shell_command(r: &mut Reader, command: &str) {
    let mut scope = r.start_scope();
    let before = r.notes.len();
    r.read_text(command, &mut scope);
    if r.notes.len() == before {
        r.note(Effect::Read, "the command runs nothing");
    }
}

/// A tool litany does not ship: a `command` is shell, else the operator's
/// row for the tool, else a `url` is open-world, else opaque.
fn other_tool(r: &mut Reader, call: &Call) {
    let tool = call.tool.as_str();
    let mut strings = Vec::new();
    collect_strings(&call.input, &mut strings, 0);
    for text in &strings {
        if let Some(fragment) = r.secret_in(text) {
            r.guard(
                Effect::Secret,
                format!("{tool}'s input names a secret ({fragment})"),
            );
            break;
        }
    }
    if let Some(command) = call.input_str("command") {
        shell_command(r, command);
        return;
    }
    if let Some(rule) = r.rules.iter().find(|rule| rule.names_tool(tool)).cloned() {
        r.note(
            rule.effect,
            format!(
                "{tool} (the workspace's rule `{}: {}`)",
                rule.shown(),
                rule.effect.word()
            ),
        );
        return;
    }
    if call.input.get("url").is_some() || call.input.get("urls").is_some() {
        r.note(Effect::OpenWorld, format!("{tool} fetches a url"));
        return;
    }
    r.note(
        Effect::Opaque,
        format!("{tool} is a tool wicket does not know, with no command to read"),
    );
}

fn collect_strings<'v>(value: &'v Value, out: &mut Vec<&'v str>, depth: usize) {
    if depth > 16 || out.len() > 256 {
        return;
    }
    match value {
        Value::String(s) => out.push(s),
        Value::Array(items) => items
            .iter()
            .for_each(|v| collect_strings(v, out, depth + 1)),
        Value::Object(map) => map
            .values()
            .for_each(|v| collect_strings(v, out, depth + 1)),
        _ => {}
    }
}

/// Secret fragments on every path a built-in tool names.
fn paths_named(r: &mut Reader, call: &Call, keys: &[&str]) {
    for key in keys {
        if let Some(path) = call.input_str(key) {
            r.check_secret_word(&Arg::literal(path));
        }
    }
}

fn cd_tool(r: &mut Reader, path: &str) {
    r.check_secret_word(&Arg::literal(path));
    let scope = r.start_scope();
    match r.place(path, &scope) {
        Some(Place::Inside(dir)) => {
            r.note(Effect::Read, format!("cd {dir}, inside the writable root"))
        }
        Some(Place::Outside { path, .. }) | Some(Place::Protected { path, .. }) => r.note(
            Effect::OpenWorld,
            format!("cd {path}, out of the writable root"),
        ),
        _ => r.note(
            Effect::OpenWorld,
            format!("cd {path}, which is not a directory in the writable root"),
        ),
    }
}

/// The paths an apply_patch envelope names, each read as the write it is.
fn apply_patch(r: &mut Reader, patch: &str) {
    let scope = r.start_scope();
    let mut named = 0;
    for line in patch.lines() {
        let (op, path) = if let Some(p) = line.strip_prefix("*** Add File: ") {
            (Op::Write, p)
        } else if let Some(p) = line.strip_prefix("*** Update File: ") {
            (Op::Write, p)
        } else if let Some(p) = line.strip_prefix("*** Move to: ") {
            (Op::Write, p)
        } else if let Some(p) = line.strip_prefix("*** Delete File: ") {
            (Op::Delete, p)
        } else {
            continue;
        };
        named += 1;
        let arg = Arg::literal(path.trim());
        r.check_secret_word(&arg);
        r.write_places(
            &arg,
            &scope,
            op,
            false,
            &format!("apply_patch {}", path.trim()),
        );
    }
    if named == 0 {
        r.note(
            Effect::Opaque,
            "apply_patch with no file named in its envelope",
        );
    }
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
    findings.sort_by(|a, b| b.effect.cmp(&a.effect));
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
