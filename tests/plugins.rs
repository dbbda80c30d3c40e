//! Plugins built from source in this build (plugins/examples, plugins/testing)
//! named in a real workspace's capability.yaml, each consulted through the
//! spawned binary: what DESIGN's plugin rules say each one yields.

mod common;

use std::time::Duration;

use common::*;
use serde_json::json;

fn policy_with(plugins: &[&str]) -> String {
    let mut text = String::from("classifiers:\n");
    for p in plugins {
        text.push_str(&format!("  - path: {}\n", plugin(p).display()));
    }
    text
}

#[test]
fn a_classifying_plugin_decides_with_its_own_ruling_and_config() {
    let policy = format!(
        "classifiers:\n  - path: {}\n    config:\n      allow: [docs.rs]\n",
        plugin("fetch-guard").display()
    );
    let ws = Ws::new(Some(&policy));
    assert_eq!(
        ws.consult("fetch", json!({"url": "https://docs.rs/serde"}))
            .word(),
        "pass"
    );
    let out = ws.consult("fetch", json!({"url": "https://evil.example/x"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason()
            .contains("fetch of evil.example, which is not on this workspace's allow list"),
        "{}",
        out.reason()
    );
}

#[test]
fn an_abstaining_plugin_leaves_the_decision_to_the_others() {
    let ws = Ws::new(Some(&policy_with(&["testing-abstain"])));
    assert_eq!(ws.consult("bash", json!({"command": "ls"})).word(), "pass");
    assert_eq!(
        ws.consult("bash", json!({"command": "rm -rf /"})).word(),
        "refuse"
    );
}

#[test]
fn a_trapping_plugin_is_a_hold_naming_it() {
    let ws = Ws::new(Some(&policy_with(&["testing-trap"])));
    let out = ws.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    let name = plugin("testing-trap").display().to_string();
    assert!(
        out.reason().contains(&format!("plugin {name} trapped")),
        "{}",
        out.reason()
    );
    // It can add a hold, never remove the default's refuse.
    assert_eq!(
        ws.consult("bash", json!({"command": "rm -rf /"})).word(),
        "refuse"
    );
}

#[test]
fn a_plugin_that_loops_forever_is_stopped_at_its_deadline() {
    let ws = Ws::new(Some(&policy_with(&["testing-spin"])));
    let out = ws.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason()
            .contains("ran past its 1000 ms deadline and was stopped"),
        "{}",
        out.reason()
    );
    assert!(
        out.took < Duration::from_millis(2500),
        "took {:?}",
        out.took
    );
}

#[test]
fn several_runaway_plugins_still_answer_inside_the_consult_bound() {
    let ws = Ws::new(Some(&policy_with(&[
        "testing-spin",
        "testing-spin",
        "testing-spin",
        "testing-spin",
    ])));
    let out = ws.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.took < Duration::from_millis(3800),
        "took {:?}",
        out.took
    );
}

#[test]
fn a_plugin_that_allocates_without_bound_is_stopped() {
    let ws = Ws::new(Some(&policy_with(&["testing-hog"])));
    let out = ws.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason()
            .contains("asked for more than its 64 MiB of memory"),
        "{}",
        out.reason()
    );
}

#[test]
fn an_explicit_refuse_stands_while_another_plugin_faults() {
    let ws = Ws::new(Some(&policy_with(&[
        "testing-trap",
        "testing-always-refuse",
    ])));
    let out = ws.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "refuse", "{}", out.stdout());
    assert!(
        out.reason()
            .contains("bash is on this workspace's deny list"),
        "{}",
        out.reason()
    );
}

#[test]
fn a_file_that_is_not_wasm_is_a_hold_naming_it() {
    let ws = Ws::new(None);
    let bogus = ws.root.join("bogus.wasm");
    std::fs::write(&bogus, "#!/bin/sh\necho not wasm\n").unwrap();
    let ws2 = Ws::new(Some(&format!(
        "classifiers:\n  - path: {}\n",
        bogus.display()
    )));
    let out = ws2.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason().contains(&format!(
            "plugin {} is not a WebAssembly file",
            bogus.display()
        )),
        "{}",
        out.reason()
    );
}

#[test]
fn a_core_module_is_not_a_component() {
    let ws = Ws::new(None);
    let module = ws.root.join("core.wasm");
    // The smallest core module: magic and version 1.
    std::fs::write(&module, [0u8, 0x61, 0x73, 0x6d, 1, 0, 0, 0]).unwrap();
    let ws2 = Ws::new(Some(&format!(
        "classifiers:\n  - path: {}\n",
        module.display()
    )));
    let out = ws2.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason()
            .contains("is a core wasm module, not a component"),
        "{}",
        out.reason()
    );
}

#[test]
fn a_missing_plugin_is_a_hold_naming_it() {
    let ws = Ws::new(Some("classifiers:\n  - path: plugins/nowhere.wasm\n"));
    let out = ws.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason()
            .contains("plugin plugins/nowhere.wasm could not be read"),
        "{}",
        out.reason()
    );
}

#[test]
fn a_sha256_pin_that_does_not_match_is_a_hold() {
    let policy = format!(
        "classifiers:\n  - path: {}\n    sha256: {}\n",
        plugin("testing-abstain").display(),
        "ab".repeat(32)
    );
    let ws = Ws::new(Some(&policy));
    let out = ws.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason().contains(&format!(
            "does not match its pin: the policy pins sha256 {}",
            "ab".repeat(32)
        )),
        "{}",
        out.reason()
    );
}

#[test]
fn a_matching_sha256_pin_runs_the_plugin() {
    use sha2::{Digest, Sha256};
    let bytes = std::fs::read(plugin("testing-always-refuse")).unwrap();
    let hex: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let policy = format!(
        "classifiers:\n  - path: {}\n    sha256: {hex}\n",
        plugin("testing-always-refuse").display()
    );
    let ws = Ws::new(Some(&policy));
    assert_eq!(
        ws.consult("bash", json!({"command": "ls"})).word(),
        "refuse"
    );
}

#[test]
fn answers_outside_the_contract_are_faults() {
    let ws = Ws::new(Some(&policy_with(&["testing-garbage"])));
    let out = ws.consult("flood", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason()
            .contains("answered outside the contract (100000 findings, more than the 64 allowed)"),
        "{}",
        out.reason()
    );
    let out = ws.consult("blank", json!({"command": "ls"}));
    assert!(
        out.reason()
            .contains("answered outside the contract (a finding with an empty why)"),
        "{}",
        out.reason()
    );
    // The guest saying no is a different sentence from the guest breaking.
    let out = ws.consult("error", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason()
            .contains("declined to judge: this plugin's configuration names no allow list"),
        "{}",
        out.reason()
    );
}

#[test]
fn a_wasi_guest_finds_no_files_environment_or_network() {
    // Run the probe through the real runtime to read its own report.
    use wicket::plugins::{Answer, Plugin, Question, Runtime, Source};
    let runtime = Runtime::new(None).unwrap();
    let probe = Plugin {
        name: "probe".into(),
        source: Source::File {
            path: plugin("testing-wasi-probe"),
            pinned: None,
        },
        config: "null".into(),
    };
    let question = Question {
        id: "t".into(),
        tool: "bash".into(),
        input_json: r#"{"command":"ls"}"#.into(),
        role: "worker".into(),
        agent_id: AGENT.into(),
        workspace: "/ws".into(),
        writable_root: "/ws/agents/a".into(),
        cwd: "/ws/agents/a".into(),
        home: "/home/u".into(),
        protected: vec![],
        secret_fragments: vec![],
    };
    // The runtime's deadline is ticked by the consult's watchdog; tick here.
    let engine = runtime.engine().clone();
    let ticker = std::thread::spawn(move || {
        for _ in 0..400 {
            std::thread::sleep(Duration::from_millis(5));
            engine.increment_epoch();
        }
    });
    let run = runtime.run(&probe, &question, Duration::from_millis(1000));
    let Answer::Findings(found) = &run.answer else {
        panic!("{:?}", run.answer)
    };
    assert_eq!(
        found[0].why, "probe: env=0 args=0 fs=no / passwd=None net=false cwd=/",
        "{found:?}"
    );
    drop(ticker);
    // And through the spawned binary it simply passes a read.
    let ws = Ws::new(Some(&policy_with(&["testing-wasi-probe"])));
    assert_eq!(ws.consult("bash", json!({"command": "ls"})).word(), "pass");
}

fn explain_json(ws: &Ws, command: &str, cache: &std::path::Path) -> serde_json::Value {
    let request = ws.tmp.path().join("explain-request.json");
    std::fs::write(&request, json!({"id": "t", "name": "bash", "input": {"command": command}, "role": "worker", "agent_id": AGENT}).to_string()).unwrap();
    let out = std::process::Command::new(wicket_bin())
        .args([
            "explain",
            &ws.root.to_string_lossy(),
            "--request",
            &request.to_string_lossy(),
            "--json",
        ])
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", cache)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_compile_cache_is_filled_once_and_then_only_read() {
    let ws = Ws::new(Some(&policy_with(&["testing-abstain"])));
    let cache = ws.tmp.path().join("fresh-cache");
    let first = explain_json(&ws, "ls", &cache);
    assert_eq!(first["plugins"][0]["cache"]["cache"], "stored", "{first}");
    assert_eq!(first["plugins"][1]["cache"]["cache"], "stored", "{first}");
    let second = explain_json(&ws, "ls", &cache);
    assert_eq!(
        second["plugins"][0]["cache"]["cache"], "hit",
        "a warm consult compiles nothing: {second}"
    );
    assert_eq!(second["plugins"][1]["cache"]["cache"], "hit", "{second}");
    // Artifacts are named by the plugin's sha256, under a directory per engine configuration.
    let engine_dir = std::fs::read_dir(cache.join("wicket"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let sha = second["plugins"][1]["sha256"].as_str().unwrap();
    assert!(engine_dir.join(format!("{sha}.cwasm")).is_file());
    assert_eq!(second["verdict"], first["verdict"]);
}

#[test]
fn a_cache_others_can_write_is_not_trusted() {
    use std::os::unix::fs::PermissionsExt;
    let ws = Ws::new(None);
    let cache = ws.tmp.path().join("shared-cache");
    explain_json(&ws, "ls", &cache);
    let engine_dir = std::fs::read_dir(cache.join("wicket"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::set_permissions(&engine_dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let trace = explain_json(&ws, "rm -rf /etc", &cache);
    let used = &trace["plugins"][0]["cache"];
    assert_eq!(used["cache"], "unavailable", "{trace}");
    assert!(
        used["detail"]
            .as_str()
            .unwrap()
            .contains("writable by others"),
        "{trace}"
    );
    assert_eq!(
        trace["verdict"]["verdict"], "refuse",
        "compiled in memory, judged the same"
    );
}
