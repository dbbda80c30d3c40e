//! Classify one call with the default classifier, natively, against a real
//! workspace on disk — how the case tables and an attacker's bench ask it.
//!
//! ```text
//! cargo run -p wicket-shell --example classify -- WS AGENT [TOOL] < input
//! ```
//! WS is a litany workspace (or any tree shaped like one), AGENT the agent
//! whose worktree `WS/agents/AGENT` is the writable root and cwd. stdin is
//! the bash command (or, with TOOL, the tool's input as JSON). Prints each
//! finding, strictest first, and the verdict the shipped table gives.
//! `WICKET_SHELL_HARNESS=wicket=PATH,litany=PATH` names the harness's
//! programs, which the classifier then recognises under any name;
//! `WICKET_SHELL_PROTECT=PATH:PATH` adds to the protected set.

use std::io::Read;

use wicket_guest::{Call, Context, Effect};

/// The programs the harness runs by name from PATH, and litany's tool
/// programs it would look up there (as the host protects them).
const ON_PATH: &[&str] = &[
    "sh",
    "git",
    "bz",
    "bwrap",
    "litany",
    "litany-tool-bash",
    "litany-tool-read_file",
    "litany-tool-apply_patch",
    "litany-tool-cd",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(ws), Some(agent)) = (args.first(), args.get(1)) else {
        eprintln!("usage: classify WS AGENT [TOOL] < input");
        std::process::exit(2);
    };
    let ws = std::fs::canonicalize(ws).expect("the workspace exists");
    let ws = ws.to_string_lossy().into_owned();
    let root = format!("{ws}/agents/{agent}");
    let home = std::env::var("HOME").unwrap_or_else(|_| "/".into());
    let cache = std::env::var("XDG_CACHE_HOME").unwrap_or_else(|_| format!("{home}/.cache"));
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let tool = args.get(2).cloned().unwrap_or_else(|| "bash".into());
    let input = if args.get(2).is_some() {
        serde_json::from_str(&input).expect("the tool's input as JSON")
    } else {
        serde_json::json!({ "command": input.trim_end_matches('\n') })
    };
    let protected = ["repo.git", ".wicket", "agents", "inbox", "steps"]
        .iter()
        .map(|p| format!("{ws}/{p}"))
        .chain([
            format!("{cache}/wicket"),
            "/usr/local/bin/wicket".to_owned(),
        ])
        // What the host protects in every PATH directory: the names the
        // harness runs from PATH (`host/src/consult.rs`, `harness_names`).
        .chain(
            std::env::var("PATH")
                .unwrap_or_default()
                .split(':')
                .filter(|d| d.starts_with('/'))
                .flat_map(|dir| {
                    ON_PATH
                        .iter()
                        .map(move |name| format!("{}/{name}", dir.trim_end_matches('/')))
                })
                .collect::<Vec<_>>(),
        )
        // More of what the host protects (litany's config and data roots,
        // say): `WICKET_SHELL_PROTECT=PATH:PATH`.
        .chain(
            std::env::var("WICKET_SHELL_PROTECT")
                .unwrap_or_default()
                .split(':')
                .filter(|p| !p.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>(),
        )
        .collect();
    let ctx = Context::new(ws.clone(), root.clone(), root, home)
        .with_protected(protected)
        .with_secret_fragments(
            wicket_guest::SHIPPED_SECRET_FRAGMENTS
                .iter()
                .map(|s| s.to_string())
                .collect(),
        );
    // The harness's programs, for the classifier to identify under any
    // name: `WICKET_SHELL_HARNESS=wicket=PATH,litany=PATH,wicket-compile=PATH`
    // (the consult's PATH is this process's).
    let harness = std::env::var("WICKET_SHELL_HARNESS")
        .unwrap_or_default()
        .split(',')
        .filter_map(|pair| {
            let (name, path) = pair.split_once('=')?;
            let which = match name {
                "wicket" => wicket_guest::Harness::Wicket,
                "wicket-compile" => wicket_guest::Harness::WicketCompile,
                "litany" => wicket_guest::Harness::Litany,
                _ => return None,
            };
            Some((which, std::path::PathBuf::from(path)))
        })
        .collect();
    let ctx = ctx.with_harness(harness, std::env::var("PATH").unwrap_or_default());
    let call = Call {
        id: "t".into(),
        tool,
        input,
        role: "worker".into(),
        agent_id: agent.clone(),
    };
    let findings = wicket_shell::classify(&call, &ctx);
    for f in &findings {
        println!("{:<12} {}", f.effect.word(), f.why);
    }
    let worst = findings
        .iter()
        .map(|f| match f.effect {
            Effect::Destructive | Effect::Secret => 2,
            Effect::Opaque => 1,
            _ => 0,
        })
        .max()
        .unwrap_or(1);
    println!("verdict: {}", ["pass", "hold", "refuse"][worst]);
}
