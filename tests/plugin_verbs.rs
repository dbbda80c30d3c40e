//! `wicket plugin inspect` and `wicket plugin test` as a plugin author runs
//! them in CI: a plugin file, a case file, no workspace, a fresh cache.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::*;
use serde_json::Value;

fn repo_file(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(rel)
}

fn wicket(home: &Path, args: &[&str]) -> Output {
    compiler_bin();
    Command::new(wicket_bin())
        .args(args)
        .env("HOME", home)
        .env("XDG_CACHE_HOME", home.join("cache"))
        .current_dir(home)
        .output()
        .expect("wicket runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn inspect(home: &Path, plugin: &Path) -> Value {
    let out = wicket(
        home,
        &["plugin", "inspect", &plugin.to_string_lossy(), "--json"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn inspect_tells_the_world_version_imports_and_whether_it_loads() {
    let home = tempfile::tempdir().unwrap();
    let fetch = plugin("fetch-guard");
    let seen = inspect(home.path(), &fetch);
    assert_eq!(seen["world"], "wicket:classifier/classifier@0.2.0");
    assert_eq!(seen["contract"]["version"], "0.2.0");
    assert_eq!(seen["contract"]["supported"], true);
    assert_eq!(
        seen["imports"],
        serde_json::json!(["wicket:classifier/types@0.2.0"])
    );
    assert_eq!(seen["exports"], serde_json::json!(["classify"]));
    assert_eq!(seen["size"], std::fs::metadata(&fetch).unwrap().len());
    assert_eq!(seen["sha256"].as_str().unwrap().len(), 64);
    assert!(seen["compile"]["ms"].is_u64(), "{seen}");
    assert_eq!(seen["loads"], true);

    // The old contract's fixture: its version, and it loads.
    let old = inspect(home.path(), &plugin("testing-contract-0-1-1"));
    assert_eq!(old["contract"]["version"], "0.1.1");
    assert_eq!(old["loads"], true, "{old}");
    assert!(old["imports"]
        .as_array()
        .unwrap()
        .contains(&"wicket:classifier/host@0.1.1".into()));

    // A version this wicket does not know: why, naming both.
    let future = inspect(home.path(), &plugin("testing-future-contract"));
    assert_eq!(future["contract"]["version"], "0.9.0");
    assert_eq!(future["contract"]["supported"], false);
    assert_eq!(future["loads"], false);
    let why = future["why_not"].as_str().unwrap();
    assert!(
        why.contains("wicket:classifier@0.9.0") && why.contains("0.1.0, 0.1.1 and 0.2.0"),
        "{why}"
    );

    // The human form says the same in rows.
    let out = wicket(
        home.path(),
        &["plugin", "inspect", &fetch.to_string_lossy()],
    );
    let said = text(&out.stdout);
    for row in [
        "world     wicket:classifier/classifier@0.2.0",
        "contract  0.2.0",
        "loads     yes",
    ] {
        assert!(said.contains(row), "{said}");
    }

    // A file that is no plugin at all: it says so; one that is missing is an error.
    let core = home.path().join("core.wasm");
    std::fs::write(&core, [0u8, 0x61, 0x73, 0x6d, 1, 0, 0, 0]).unwrap();
    let seen = inspect(home.path(), &core);
    assert_eq!(seen["loads"], false);
    assert!(
        seen["why_not"]
            .as_str()
            .unwrap()
            .contains("core wasm module"),
        "{seen}"
    );
    // A wicket with no wicket-compile beside it says it cannot tell.
    let alone = home.path().join("alone");
    std::fs::create_dir_all(&alone).unwrap();
    common::copy_program(&wicket_bin(), &alone.join("wicket"));
    let out = Command::new(alone.join("wicket"))
        .args(["plugin", "inspect", &fetch.to_string_lossy(), "--json"])
        .env("HOME", home.path())
        .output()
        .unwrap();
    let seen: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(seen["loads"], Value::Null, "{seen}");
    assert!(
        seen["compile"]["error"]
            .as_str()
            .unwrap()
            .contains("wicket-compile is not installed"),
        "{seen}"
    );
    assert_eq!(seen["contract"]["version"], "0.2.0");
    let out = wicket(home.path(), &["plugin", "inspect", "/nonexistent.wasm"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("wicket: cannot read the plugin"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn fetch_guard_passes_its_own_case_file() {
    let home = tempfile::tempdir().unwrap();
    let cases = repo_file("plugins/examples/fetch-guard/cases.txt");
    let out = wicket(
        home.path(),
        &[
            "plugin",
            "test",
            &plugin("fetch-guard").to_string_lossy(),
            &cases.to_string_lossy(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("9 of 9 cases passed"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_failing_case_prints_the_findings_and_exits_non_zero() {
    let home = tempfile::tempdir().unwrap();
    let cases = home.path().join("wrong.txt");
    std::fs::write(
        &cases,
        "config: {\"allow\": [\"docs.rs\"]}\n\ncase: passes\ntool: fetch\ninput: {\"url\": \"https://docs.rs/x\"}\nexpect: pass\n\ncase: wrong on purpose\ntool: fetch\ninput: {\"url\": \"https://evil.example/x\"}\nclass: read\nexpect: pass\n",
    )
    .unwrap();
    let fetch = plugin("fetch-guard").to_string_lossy().into_owned();
    let out = wicket(
        home.path(),
        &["plugin", "test", &fetch, &cases.to_string_lossy()],
    );
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stdout);
    assert!(said.contains(&format!("FAIL {}:8 wrong on purpose: expected verdict pass, got hold; expected effect read, got open-world", cases.display())), "{said}");
    assert!(said.contains("finding: open-world -> hold (its own ruling): fetch of evil.example, which is not on this workspace's allow list"), "{said}");
    assert!(said.contains("1 of 2 cases passed, 1 failed"), "{said}");
    let json = wicket(
        home.path(),
        &["plugin", "test", &fetch, &cases.to_string_lossy(), "--json"],
    );
    assert_eq!(json.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["failed"], 1);
    assert_eq!(json["results"][1]["findings"][0]["effect"], "open-world");

    // A mistake in the case file is one sentence naming its line.
    std::fs::write(&cases, "case: x\nbash: ls\nexpect: maybe\n").unwrap();
    let out = wicket(
        home.path(),
        &["plugin", "test", &fetch, &cases.to_string_lossy()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).trim(),
        format!(
            "wicket: {}:3: `expect: maybe` is not pass, hold, refuse or abstain",
            cases.display()
        )
    );
    // A plugin of an unknown contract is refused before any case runs.
    std::fs::write(&cases, "case: x\nbash: ls\nexpect: pass\n").unwrap();
    let future = plugin("testing-future-contract")
        .to_string_lossy()
        .into_owned();
    let out = wicket(
        home.path(),
        &["plugin", "test", &future, &cases.to_string_lossy()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(
            "wicket:classifier@0.9.0, and this wicket supports only 0.1.0, 0.1.1 and 0.2.0"
        ),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn init_and_status_instantiate_each_plugin_and_name_one_that_cannot_load() {
    let policy = format!(
        "classifiers:\n  - path: {}\n    config: {{allow: [docs.rs]}}\n  - path: {}\n  - path: {}\n",
        plugin("fetch-guard").display(),
        plugin("testing-future-contract").display(),
        plugin("testing-mislabelled").display(),
    );
    let ws = Ws::new(Some(&policy));
    let run = |args: &[&str]| {
        let out = ws.operator(args);
        (out.status.code(), text(&out.stdout), text(&out.stderr))
    };
    let root = ws.root.to_string_lossy().into_owned();
    let (code, said, err) = run(&["init", &root]);
    assert_eq!(code, Some(0), "{said}{err}");
    let line = |name: &str| {
        said.lines()
            .find(|l| l.contains(&format!("{}:", plugin(name).display())))
            .unwrap_or_else(|| panic!("no line for {name}: {said}"))
            .to_owned()
    };
    assert!(
        line("fetch-guard").contains("loads and instantiates"),
        "{said}"
    );
    let future = line("testing-future-contract");
    assert!(
        future.contains("CANNOT BE LOADED") && future.contains("wicket:classifier@0.9.0"),
        "{future}"
    );
    assert!(!future.contains("compiled and cached"), "{future}");
    // It compiles (the workspace fixture compiled it already) — its version
    // is one wicket supports — but does not instantiate: only loading it
    // once shows that.
    let mislabelled = line("testing-mislabelled");
    assert!(
        mislabelled.contains("CANNOT BE LOADED")
            && mislabelled.contains("does not implement the wicket:classifier contract it names")
            && mislabelled.contains("expected record of 8 fields, found 7"),
        "{mislabelled}"
    );

    let (code, status, err) = run(&["status", &root]);
    assert_eq!(code, Some(0), "{status}{err}");
    let line = |name: &str| {
        status
            .lines()
            .find(|l| l.contains(&format!("plugin: {}", plugin(name).display())))
            .unwrap_or_else(|| panic!("no line for {name}: {status}"))
            .to_owned()
    };
    assert!(
        line("fetch-guard").contains("compiled, instantiates"),
        "{status}"
    );
    assert!(
        line("testing-future-contract").contains("CANNOT BE LOADED")
            && line("testing-future-contract").contains("0.1.0, 0.1.1 and 0.2.0"),
        "{status}"
    );
    assert!(
        line("testing-mislabelled").contains("compiled, but CANNOT BE LOADED"),
        "{status}"
    );
}
