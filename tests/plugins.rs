//! Plugins built from source in this build (plugins/examples, plugins/testing)
//! named in a real workspace's capability.yaml, each consulted through the
//! spawned binary: what each yields under the plugin rules in the repository
//! README ("Writing a plugin").

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
        out.reason()
            .contains("does not match the sha256 the policy pins for it"),
        "{}",
        out.reason()
    );
    // The operator sees both digests.
    let cache = ws.cache.clone();
    let trace = explain_json(&ws, "ls", &cache);
    let detail = trace["plugins"][1]["fault"]["detail"].as_str().unwrap();
    assert!(
        detail.contains(&format!("the policy pins sha256 {}", "ab".repeat(32))),
        "{trace}"
    );
    assert!(
        detail.contains(trace["plugins"][1]["sha256"].as_str().unwrap()),
        "{trace}"
    );
}

/// `wicket-compile` records what a plugin file hashed to, and a consult
/// loads it by that hash while the file is the same file, unchanged, without
/// reading it again. Rewritten in place to another plugin of the same size,
/// its modification time put back, the file is hashed again (its change
/// time moved, which nothing but the clock can set), and the consult runs
/// what the file now holds; `wicket init` records it as it is now. A file
/// written just before either read it is recorded once it has settled.
#[test]
fn a_plugin_rewritten_in_place_is_hashed_again() {
    let abstain = std::fs::read(plugin("testing-abstain")).unwrap();
    let refuse = std::fs::read(plugin("testing-always-refuse")).unwrap();
    let size = abstain.len().max(refuse.len()) + 256;
    let dir = tempfile::tempdir().unwrap();
    let guard = dir.path().join("guard.wasm");
    let other = dir.path().join("other.wasm");
    std::fs::write(&guard, padded_to(&abstain, size)).unwrap();
    std::fs::write(&other, padded_to(&refuse, size)).unwrap();
    let then = std::time::SystemTime::now() - Duration::from_secs(3600);
    let set_mtime = |path: &std::path::Path| {
        let file = std::fs::File::options().write(true).open(path).unwrap();
        file.set_modified(then).unwrap();
    };
    set_mtime(&guard);
    // Only a file changed more than two seconds ago is recorded: one just
    // written (its change time is now) is read again and recorded once it
    // has settled, by the same `wicket-compile`.
    let ws = Ws::new(Some(&format!(
        "classifiers:\n  - path: {}\n",
        guard.display()
    )));
    // The records in the cache, one per plugin file.
    let records = || -> Vec<String> {
        std::fs::read_dir(ws.cache.join("wicket"))
            .unwrap()
            .flatten()
            .flat_map(|engine| std::fs::read_dir(engine.path()).unwrap().flatten())
            .filter(|f| f.path().extension().is_some_and(|e| e == "file"))
            .map(|f| std::fs::read_to_string(f.path()).unwrap())
            .collect()
    };
    assert_eq!(
        records().len(),
        1,
        "wicket-compile recorded the plugin file"
    );
    assert_eq!(ws.consult("bash", json!({"command": "ls"})).word(), "pass");
    // The refusing plugin compiled under its own name, then written over the
    // guard's bytes in place: same file, same size, same modification time.
    ws.compile(std::slice::from_ref(&other));
    let before = std::fs::metadata(&guard).unwrap();
    std::fs::write(&guard, std::fs::read(&other).unwrap()).unwrap();
    set_mtime(&guard);
    let after = std::fs::metadata(&guard).unwrap();
    use std::os::unix::fs::MetadataExt;
    assert_eq!(
        (before.ino(), before.size(), before.modified().unwrap()),
        (after.ino(), after.size(), after.modified().unwrap())
    );
    assert_eq!(
        ws.consult("bash", json!({"command": "ls"})).word(),
        "refuse",
        "the consult ran what the file holds now"
    );
    // The record still describes the file as it was. `wicket init` reads
    // the plugin again (it is compiled already, so nothing compiles) and,
    // as it was just written, records what it holds once it has settled.
    let record = || records().concat();
    let (old_sha, new_sha) = (
        sha256_hex(&padded_to(&abstain, size)),
        sha256_hex(&std::fs::read(&other).unwrap()),
    );
    assert!(record().contains(&old_sha), "{}", record());
    let out = ws.operator(&["init", ws.root.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(record().contains(&new_sha), "{}", record());
    assert_eq!(
        ws.consult("bash", json!({"command": "ls"})).word(),
        "refuse"
    );
}

#[test]
fn a_matching_sha256_pin_runs_the_plugin() {
    let hex = sha256_hex(&std::fs::read(plugin("testing-always-refuse")).unwrap());
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
        out.reason().contains("answered outside the contract"),
        "{}",
        out.reason()
    );
    // What exactly was wrong is the operator's, in explain.
    let cache = ws.cache.clone();
    let detail = |tool: &str| {
        let request = ws.tmp.path().join("explain-request.json");
        std::fs::write(&request, json!({"id": "t", "name": tool, "input": {"command": "ls"}, "role": "worker", "agent_id": AGENT}).to_string()).unwrap();
        let out = std::process::Command::new(wicket_bin())
            .args([
                "explain",
                &ws.root.to_string_lossy(),
                "--request",
                &request.to_string_lossy(),
                "--json",
            ])
            .env("HOME", &ws.home)
            .env("XDG_CACHE_HOME", &cache)
            .output()
            .unwrap();
        let trace: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        trace["plugins"][1]["fault"]["detail"]
            .as_str()
            .unwrap_or("")
            .to_owned()
    };
    assert!(
        detail("flood").contains("100000 findings, more than the 64 allowed"),
        "{}",
        detail("flood")
    );
    assert!(
        detail("blank").contains("a finding with an empty why"),
        "{}",
        detail("blank")
    );
    // The guest saying no is a different sentence from the guest breaking;
    // its own words (which could carry its configuration) stay the operator's.
    let out = ws.consult("error", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason().contains("declined to judge this call"),
        "{}",
        out.reason()
    );
    assert!(!out.reason().contains("allow list"), "{}", out.reason());
    assert!(
        detail("error").contains("this plugin's configuration names no allow list"),
        "{}",
        detail("error")
    );
}

#[test]
fn a_wasi_guest_finds_no_files_environment_or_network() {
    // Run the probe through the real runtime to read its own report.
    use wicket::plugins::{Answer, Plugin, Question, Runtime, Source};
    let ws = Ws::new(Some(&policy_with(&["testing-wasi-probe"])));
    let runtime = Runtime::new(Some(&ws.cache.join("wicket"))).unwrap();
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
        confined: None,
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

/// Wait (bounded) for a background compilation to leave its artifact.
fn wait_for_artifact(cache: &std::path::Path, sha: &str) -> std::path::PathBuf {
    let started = std::time::Instant::now();
    loop {
        if let Ok(dirs) = std::fs::read_dir(cache.join("wicket")) {
            for dir in dirs.flatten() {
                let artifact = dir.path().join(format!("{sha}.cwasm"));
                // Written whole, then renamed into place.
                if artifact.is_file() {
                    return artifact;
                }
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no compiled artifact for {sha} appeared under {}",
            cache.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_plugin_not_compiled_yet_holds_once_and_compiles_in_the_background() {
    let ws = Ws::new(Some(&policy_with(&["testing-abstain"])));
    let cache = ws.tmp.path().join("fresh-cache");
    let first = explain_json(&ws, "ls", &cache);
    // The default classifier is built into the binary: no cache at all.
    assert_eq!(first["plugins"][0]["cache"]["cache"], "embedded", "{first}");
    assert_eq!(
        first["plugins"][1]["fault"]["kind"], "not-compiled",
        "{first}"
    );
    assert_eq!(first["verdict"]["verdict"], "hold", "{first}");
    assert!(
        first["verdict"]["reason"]
            .as_str()
            .unwrap()
            .contains("is not compiled yet"),
        "{first}"
    );
    let sha = first["plugins"][1]["sha256"].as_str().unwrap();
    let artifact = wait_for_artifact(&cache, sha);
    let second = explain_json(&ws, "ls", &cache);
    assert_eq!(
        second["plugins"][1]["cache"]["cache"], "hit",
        "a warm consult compiles nothing: {second}"
    );
    assert_eq!(second["verdict"]["verdict"], "pass", "{second}");
    // Later consults only read it.
    let written = std::fs::metadata(&artifact).unwrap().modified().unwrap();
    explain_json(&ws, "ls", &cache);
    assert_eq!(
        std::fs::metadata(&artifact).unwrap().modified().unwrap(),
        written
    );
}

#[test]
fn a_cache_others_can_write_is_not_trusted() {
    use std::os::unix::fs::PermissionsExt;
    let ws = Ws::new(Some(&policy_with(&["testing-always-refuse"])));
    // Ws compiled the plugin into its cache; a consult uses it.
    let cache = ws.cache.clone();
    let warm = explain_json(&ws, "ls", &cache);
    assert_eq!(warm["plugins"][1]["cache"]["cache"], "hit", "{warm}");
    let engine_dir = std::fs::read_dir(cache.join("wicket"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::set_permissions(&engine_dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let trace = explain_json(&ws, "ls", &cache);
    let fault = &trace["plugins"][1]["fault"];
    assert_eq!(fault["kind"], "not-compiled", "{trace}");
    assert!(
        fault["detail"]
            .as_str()
            .unwrap()
            .contains("only this user can write"),
        "{trace}"
    );
    assert_eq!(trace["verdict"]["verdict"], "hold", "{trace}");
}

#[test]
fn a_corrupted_or_swapped_artifact_is_never_run() {
    let ws = Ws::new(Some(&policy_with(&[
        "testing-always-refuse",
        "testing-abstain",
    ])));
    let cache = ws.cache.clone();
    let warm = explain_json(&ws, "ls", &cache);
    assert_eq!(warm["verdict"]["verdict"], "refuse", "{warm}");
    let refuse_sha = warm["plugins"][1]["sha256"].as_str().unwrap().to_owned();
    let abstain_sha = warm["plugins"][2]["sha256"].as_str().unwrap().to_owned();
    let dir = std::fs::read_dir(cache.join("wicket"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let refuse_art = dir.join(format!("{refuse_sha}.cwasm"));
    let abstain_art = dir.join(format!("{abstain_sha}.cwasm"));
    // Swap: the refusing plugin's name now holds the abstaining plugin's code.
    let original = std::fs::read(&refuse_art).unwrap();
    std::fs::copy(&abstain_art, &refuse_art).unwrap();
    let swapped = explain_json(&ws, "ls", &cache);
    assert_eq!(
        swapped["plugins"][1]["fault"]["kind"], "not-compiled",
        "{swapped}"
    );
    assert_ne!(swapped["verdict"]["verdict"], "pass", "{swapped}");
    // The consult started compiling it again; wait for the honest artifact.
    let foreign = std::fs::read(&abstain_art).unwrap();
    let started = std::time::Instant::now();
    while std::fs::read(&refuse_art).unwrap() == foreign {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "never recompiled"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let healed = explain_json(&ws, "ls", &cache);
    assert_eq!(healed["verdict"]["verdict"], "refuse", "{healed}");
    // One flipped bit in the middle of the code.
    let mut flipped = original.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x10;
    std::fs::write(&refuse_art, &flipped).unwrap();
    let corrupt = explain_json(&ws, "ls", &cache);
    assert_eq!(
        corrupt["plugins"][1]["fault"]["kind"], "not-compiled",
        "{corrupt}"
    );
    assert!(
        corrupt["plugins"][1]["fault"]["detail"]
            .as_str()
            .unwrap()
            .contains("its cached code was not used"),
        "{corrupt}"
    );
    assert_ne!(corrupt["verdict"]["verdict"], "pass", "{corrupt}");
}

#[test]
fn a_plugin_built_against_the_old_contract_still_loads_and_decides() {
    // Built from source against wit/v0.1.1 with wit-bindgen directly (no SDK).
    let ws = Ws::new(Some(&policy_with(&["testing-contract-0-1-1"])));
    let out = ws.consult("bash", json!({"command": "echo old-contract"}));
    assert_eq!(out.word(), "refuse", "{}", out.stdout());
    let cwd = ws.worktree(AGENT);
    assert!(
        out.reason().contains(&format!(
            "the contract 0.1.1 fixture refuses this (cwd {})",
            cwd.display()
        )),
        "{}",
        out.reason()
    );
    // Where it abstains, the default classifier decides as ever.
    assert_eq!(ws.consult("bash", json!({"command": "ls"})).word(), "pass");
}

#[test]
fn a_plugin_claiming_an_unknown_contract_is_refused_naming_both_versions() {
    let ws = Ws::new(Some(&policy_with(&["testing-future-contract"])));
    // Fail closed: even a read is held, and the plugin never ran (it would
    // have passed it).
    let out = ws.consult("bash", json!({"command": "ls"}));
    assert_eq!(out.word(), "hold", "{}", out.stdout());
    let name = plugin("testing-future-contract").display().to_string();
    assert!(
        out.reason().contains(&format!(
            "plugin {name} was built against contract wicket:classifier@0.9.0, and this wicket supports only 0.1.0, 0.1.1 and 0.2.0"
        )),
        "{}",
        out.reason()
    );
    // The compiler refuses it too, with the same words and what to do.
    let compiled = std::process::Command::new(compiler_bin())
        .arg("--cache")
        .arg(ws.cache.join("wicket"))
        .arg(plugin("testing-future-contract"))
        .output()
        .unwrap();
    assert_eq!(compiled.status.code(), Some(1));
    let said = String::from_utf8_lossy(&compiled.stderr);
    assert!(
        said.contains("wicket:classifier@0.9.0")
            && said.contains("rebuild it against one of those"),
        "{said}"
    );
}
