//! litany's built-in tools by name (tabled in `plugins/shell/README.md`),
//! and the `bash` tool's entry into the shell reading.
//!
//! Each tool's paths are placed the way the tool's own process sees them,
//! with the same placement as a shell command's: relative to the agent's
//! cwd, through symlinks, `/proc/self/…` and `/dev/fd/…` as the running
//! tool process has them. litany's tools take a path as authored — no `~`
//! expansion (`~/x` is a directory named `~` in the cwd) — so placement does
//! not expand it, while a `~/.ssh/…` text is still a secret by what it says.
//!
//! - `read_file` reads one path: secret when it names or reaches a secret
//!   (a fragment, a process's environment by any route), opaque when it
//!   reaches something only known when it runs (another process's files).
//! - `search_history` runs `git show <entry>` in the workspace repository:
//!   an entry that names a secret is secret, an entry that is an option to
//!   `git show` (`--output=…` writes a file) is opaque.
//! - `read_tool_output` reads the agent's own captures by address.
//! - `cd` moves every later call: inside the root is read, outside is
//!   open-world, into a secret is secret, into the protected set or a
//!   process's view (`/proc/1/root`, `/proc/1/cwd`) is opaque — later
//!   relative paths would resolve there.
//! - `apply_patch` writes what its envelope names (`*** Move to:` also
//!   deletes the file it moves), reads what it updates.

use crate::syntax::Dialect;
use serde_json::Value;
use wicket_guest::{Call, Effect};

use crate::read::{self, Arg, Change, Place, Reach, Reader};

/// Read one call by its tool name.
pub fn read_tool(r: &mut Reader, call: &Call) {
    let tool = call.tool.as_str();
    match tool {
        "read_file" => match call.input_str("path") {
            Some(path) => read_file(r, path),
            None => r.note(Effect::Opaque, "read_file without a path string"),
        },
        "search_history" => search_history(r, call),
        "read_tool_output" => match call.input_str("address") {
            Some(address) => {
                r.check_secret_word(&Arg::literal(address));
                r.note(
                    Effect::Read,
                    "read_tool_output reads a page of the agent's own tool output",
                );
            }
            None => r.note(Effect::Opaque, "read_tool_output without an address string"),
        },
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
                crate::programs::scan_code(r, "python", crate::programs::Language::Python, program);
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

/// A shell command: parsed once, checked for credential variables it
/// expands where words are not checked (assignments, here-documents), read.
pub fn shell_command(r: &mut Reader, command: &str) {
    let mut scope = r.start_scope();
    let before = r.notes.len();
    if command.contains("dotglob") || command.contains("GLOBIGNORE") {
        r.note(
            Effect::Opaque,
            "the command changes how globs reach hidden files (dotglob, GLOBIGNORE): a pattern may then expand to ~/.ssh",
        );
    }
    // litany runs `sh -c`: dash on Debian and Ubuntu, bash elsewhere.
    r.read_text_as(command, &mut scope, &[Dialect::Dash, Dialect::Bash]);
    if r.notes.len() == before {
        r.note(Effect::Read, "the command runs nothing");
    }
}

/// A path as one of litany's tools takes it: as authored, relative to the
/// agent's cwd, with no `~` expansion.
fn as_authored(path: &str) -> Arg {
    if path.starts_with('~') {
        Arg {
            values: Some(vec![format!("./{path}")]),
            glob: false,
            shown: path.to_owned(),
        }
    } else {
        Arg::literal(path)
    }
}

fn read_file(r: &mut Reader, path: &str) {
    let scope = r.start_scope();
    let before = r.notes.len();
    // What the path says, then where it lands for the tool's own process.
    r.check_secret_word(&Arg::literal(path));
    if r.notes[before..].iter().all(|n| n.effect != Effect::Secret) {
        r.reads(&as_authored(path), &scope, &format!("read_file {path}"));
    }
    r.note(Effect::Read, format!("read_file only reads {path}"));
}

/// `search_history`: `{pattern}` searches the transcripts (`git log -S`);
/// `{entry}` is handed to `git show` as one argument.
fn search_history(r: &mut Reader, call: &Call) {
    if let Some(entry) = call.input_str("entry") {
        r.check_secret_word(&Arg::literal(entry));
        if entry.starts_with('-') {
            r.note(
                Effect::Opaque,
                format!(
                    "search_history's entry `{}` is an option to `git show`, not an address (`--output=` writes a file)",
                    crate::clip(entry, 80)
                ),
            );
            return;
        }
    }
    if call.input.get("entry").is_some_and(|e| !e.is_string())
        || call.input.get("pattern").is_some_and(|p| !p.is_string())
    {
        r.note(
            Effect::Opaque,
            "search_history with an entry or pattern that is not a string",
        );
        return;
    }
    r.note(
        Effect::Read,
        "search_history reads the workspace's transcripts",
    );
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

/// `cd`: litany canonicalizes the path against the agent's cwd and stores
/// it as the cwd of every later call.
fn cd_tool(r: &mut Reader, path: &str) {
    r.check_secret_word(&Arg::literal(path));
    let scope = r.start_scope();
    let placed = match as_authored(path).values.as_deref() {
        Some([one]) => r.place(one, &scope),
        _ => None,
    };
    let resolved = match &placed {
        Some(Place::Inside(p)) | Some(Place::Outside { path: p, .. }) => Some(p.clone()),
        _ => None,
    };
    if let Some(what) = resolved.as_deref().and_then(|p| r.secret_in(p)) {
        r.guard(
            Effect::Secret,
            format!(
                "cd {path} lands in {}, a secret ({what})",
                resolved.as_deref().unwrap_or(path)
            ),
        );
        return;
    }
    match placed {
        Some(Place::Inside(dir)) => {
            r.note(Effect::Read, format!("cd {dir}, inside the writable root"))
        }
        Some(Place::Protected { path, entry }) => r.note(
            Effect::Opaque,
            format!(
                "cd {path}, which is protected ({}): every later call's relative paths would resolve inside it",
                read::protected_label(&entry, r.ctx)
            ),
        ),
        Some(Place::Outside { path: dir, .. }) if is_under_proc(&dir) => r.note(
            Effect::Opaque,
            format!("cd {dir}: later relative paths would name processes' files (their environment among them)"),
        ),
        Some(Place::Outside { path: dir, .. }) => {
            if let Some(entry) = r.protected_beneath(&dir) {
                // Not a write, but later relative paths reach it by a
                // shorter spelling; placement still sees them.
                r.note(
                    Effect::OpenWorld,
                    format!(
                        "cd {dir}, out of the writable root (it holds {})",
                        read::protected_label(&entry, r.ctx)
                    ),
                );
            } else {
                r.note(
                    Effect::OpenWorld,
                    format!("cd {dir}, out of the writable root"),
                );
            }
        }
        Some(Place::Unknown(what)) => r.note(
            Effect::Opaque,
            format!("cd {what}: a directory only known when it runs (another process's view)"),
        ),
        _ => r.note(
            Effect::OpenWorld,
            format!("cd {path}, which is not a directory in the writable root"),
        ),
    }
}

fn is_under_proc(path: &str) -> bool {
    wicket_guest::paths::is_under(path, "/proc")
}

/// The paths an apply_patch envelope names, each read as what the tool
/// does to it: an add writes a new file, an update reads the file (its
/// report can quote what it replaced) and writes it, a delete removes it,
/// and a `*** Move to:` writes the new path and removes the updated one.
fn apply_patch(r: &mut Reader, patch: &str) {
    const ADD: &str = "*** Add File: ";
    const DELETE: &str = "*** Delete File: ";
    const UPDATE: &str = "*** Update File: ";
    const MOVE: &str = "*** Move to: ";
    let scope = r.start_scope();
    let before = r.notes.len();
    let mut named = 0;
    let mut updated: Option<&str> = None;
    for line in patch.lines() {
        named += 1;
        if let Some(path) = line.strip_prefix(ADD) {
            let shown = format!("apply_patch adds {path}");
            r.change(
                &as_authored(path),
                &scope,
                Change::Write,
                Reach::Path,
                &shown,
            );
        } else if let Some(path) = line.strip_prefix(DELETE) {
            let shown = format!("apply_patch deletes {path}");
            r.change(
                &as_authored(path),
                &scope,
                Change::Delete,
                Reach::Path,
                &shown,
            );
        } else if let Some(path) = line.strip_prefix(UPDATE) {
            updated = Some(path);
            let arg = as_authored(path);
            let shown = format!("apply_patch updates {path}");
            r.check_secret_word(&Arg::literal(path));
            r.reads(&arg, &scope, &shown);
            r.change(&arg, &scope, Change::Write, Reach::Path, &shown);
        } else if let Some(path) = line.strip_prefix(MOVE) {
            let shown = format!("apply_patch moves {} to {path}", updated.unwrap_or("?"));
            r.change(
                &as_authored(path),
                &scope,
                Change::Write,
                Reach::Path,
                &shown,
            );
            match updated {
                // The moved file is written, then renamed away.
                Some(source) => r.change(
                    &as_authored(source),
                    &scope,
                    Change::Delete,
                    Reach::Path,
                    &shown,
                ),
                None => r.note(
                    Effect::Opaque,
                    format!("apply_patch moves to {path} with no file to move"),
                ),
            }
        } else {
            named -= 1;
        }
    }
    if named == 0 {
        r.note(
            Effect::Opaque,
            "apply_patch with no file named in its envelope",
        );
    } else if r.notes.len() == before {
        r.note(Effect::Read, "apply_patch writes only to streams");
    }
}
