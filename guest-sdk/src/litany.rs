//! litany's tools: the names a [`Call::tool`](crate::Call) carries and the
//! input fields each takes, as litany 0.0.15 declares them (its
//! `schemas/tools/*.json` and the compactor's injected pair). A plugin
//! matches `call.tool` against these names and reads fields with
//! [`Call::input_str`](crate::Call::input_str).
//!
//! | tool | input fields (required in bold) | what it does |
//! |---|---|---|
//! | `bash` | **`command`**: string | runs `sh -c <command>` (dash on Debian and Ubuntu, bash elsewhere) in the agent's cwd; read it with the shell reading (`wicket_shell::reading`) |
//! | `read_file` | **`path`**: string, `offset`: integer (1-based line), `limit`: integer | reads a file; a relative path is taken from the agent's cwd, `~` is not expanded |
//! | `cd` | **`path`**: string | moves the agent's cwd for every later call (relative to the current one) |
//! | `apply_patch` | **`input`**: string, one envelope from `*** Begin Patch` to `*** End Patch` | adds (`*** Add File: P`), updates (`*** Update File: P`, optionally `*** Move to: Q`) and deletes (`*** Delete File: P`) files, paths from the cwd |
//! | `python` | **`program`**: string | runs the program with `python3 -`; it may call the agent's own tools |
//! | `search_history` | `pattern`: string (a fixed string), `entry`: string (`<commit>:<path>`) | searches or shows the workspace's stored transcripts (`git show <entry>`) |
//! | `read_tool_output` | **`address`**: string | pages the cut middle of one of the agent's own tool captures |
//! | `dispatch` | **`role`**: string, **`goal`**: string, `name`: string | mints a subagent under litany's budget and depth gates |
//! | `message` | **`agent`**: string (id or display name), **`content`**: string | deposits a message in another agent's inbox |
//! | `remember` | **`fact`**: string | proposes a durable fact onto the lineage's `facts.md` |
//! | `load_skill` | **`name`**: string (one directory name) | copies a pooled skill body into the worktree |
//! | `write_summary` | **`content`**: string | the compactor's: writes the summary |
//! | `mark_for_deletion` | **`path`**: string, relative to the branch's root | the compactor's: nominates a path for removal |
//!
//! Any other name is a tool served by a program (`<data root>/tools/litany-tool-<name>`,
//! then `litany-tool-<name>` on PATH) with whatever input it declares;
//! wicket's default classifier reads a `command` string in such an input as
//! shell text, and a `url` or `urls` field as network egress.

/// `bash`: `{"command": string}`.
pub const BASH: &str = "bash";
/// `read_file`: `{"path": string, "offset"?: integer, "limit"?: integer}`.
pub const READ_FILE: &str = "read_file";
/// `cd`: `{"path": string}`.
pub const CD: &str = "cd";
/// `apply_patch`: `{"input": string}` (one patch envelope).
pub const APPLY_PATCH: &str = "apply_patch";
/// `python`: `{"program": string}`.
pub const PYTHON: &str = "python";
/// `search_history`: `{"pattern"?: string, "entry"?: string}`.
pub const SEARCH_HISTORY: &str = "search_history";
/// `read_tool_output`: `{"address": string}`.
pub const READ_TOOL_OUTPUT: &str = "read_tool_output";
/// `dispatch`: `{"role": string, "goal": string, "name"?: string}`.
pub const DISPATCH: &str = "dispatch";
/// `message`: `{"agent": string, "content": string}`.
pub const MESSAGE: &str = "message";
/// `remember`: `{"fact": string}`.
pub const REMEMBER: &str = "remember";
/// `load_skill`: `{"name": string}`.
pub const LOAD_SKILL: &str = "load_skill";
/// `write_summary` (the compactor's): `{"content": string}`.
pub const WRITE_SUMMARY: &str = "write_summary";
/// `mark_for_deletion` (the compactor's): `{"path": string}`.
pub const MARK_FOR_DELETION: &str = "mark_for_deletion";

/// Every tool litany itself serves, the compactor's pair included.
pub const TOOLS: &[&str] = &[
    BASH,
    READ_FILE,
    CD,
    APPLY_PATCH,
    PYTHON,
    SEARCH_HISTORY,
    READ_TOOL_OUTPUT,
    DISPATCH,
    MESSAGE,
    REMEMBER,
    LOAD_SKILL,
    WRITE_SUMMARY,
    MARK_FOR_DELETION,
];

/// The input field that carries the text a tool runs or the path it
/// takes, for the tools that have one (`bash` → `command`, `read_file` →
/// `path`, `apply_patch` → `input`, `python` → `program`, …).
pub fn main_field(tool: &str) -> Option<&'static str> {
    Some(match tool {
        BASH => "command",
        READ_FILE | CD | MARK_FOR_DELETION => "path",
        APPLY_PATCH => "input",
        PYTHON => "program",
        READ_TOOL_OUTPUT => "address",
        DISPATCH => "goal",
        MESSAGE | WRITE_SUMMARY => "content",
        REMEMBER => "fact",
        LOAD_SKILL => "name",
        _ => return None,
    })
}
