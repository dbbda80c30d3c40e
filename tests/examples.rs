//! The example plugins that use the shell reading (push-guard,
//! egress-allowlist, write-raise), built from source by the build script:
//! each passes its own case file under `wicket plugin test`, and each is
//! loaded through a workspace policy and decides in an end-to-end consult.

mod common;

use std::path::Path;
use std::process::Command;

use common::*;
use serde_json::json;

/// `wicket plugin test` on an example's own case file, as its author's CI
/// runs it: every case passes, and the count is the file's.
fn passes_its_case_file(name: &str) {
    let home = tempfile::tempdir().unwrap();
    compiler_bin();
    let cases = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../plugins/examples")
        .join(name)
        .join("cases.txt");
    let count = std::fs::read_to_string(&cases)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("case:"))
        .count();
    let out = Command::new(wicket_bin())
        .args(["plugin", "test"])
        .arg(plugin(name))
        .arg(&cases)
        .env("HOME", home.path())
        .env("XDG_CACHE_HOME", home.path().join("cache"))
        .current_dir(home.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains(&format!("{count} of {count} cases passed")),
        "{stdout}"
    );
}

#[test]
fn push_guard_passes_its_case_file() {
    passes_its_case_file("push-guard");
}

#[test]
fn egress_allowlist_passes_its_case_file() {
    passes_its_case_file("egress-allowlist");
}

#[test]
fn write_raise_passes_its_case_file() {
    passes_its_case_file("write-raise");
}

#[test]
fn push_guard_holds_a_protected_push_in_a_workspace() {
    let policy = format!(
        "classifiers:\n  - path: {}\n    config:\n      protected: [main, \"release/*\"]\n",
        plugin("push-guard").display()
    );
    let ws = Ws::new(Some(&policy));
    let out = ws.consult(
        "bash",
        json!({"command": "env sh -c 'git -C . push origin HEAD:release/1.2'"}),
    );
    assert_eq!(out.word(), "hold", "{}", out.reason());
    assert!(
        out.reason().contains("the protected branch release/1.2"),
        "{}",
        out.reason()
    );
    // Another branch: the default classifier's ruling stands (a push is
    // open-world, which the shipped table passes).
    let out = ws.consult("bash", json!({"command": "git push origin feature"}));
    assert_eq!(out.word(), "pass", "{}", out.reason());
}

#[test]
fn egress_allowlist_refuses_a_host_off_its_list_in_a_workspace() {
    let policy = format!(
        "classifiers:\n  - path: {}\n    config:\n      allow: [crates.io]\n",
        plugin("egress-allowlist").display()
    );
    let ws = Ws::new(Some(&policy));
    let out = ws.consult(
        "bash",
        json!({"command": "timeout 9 curl -fsS https://evil.example/x | head"}),
    );
    assert_eq!(out.word(), "refuse", "{}", out.reason());
    assert!(
        out.reason().contains(
            "curl reaches evil.example, which is not on this workspace's egress allowlist"
        ),
        "{}",
        out.reason()
    );
    let out = ws.consult(
        "bash",
        json!({"command": "curl -fsS https://static.crates.io/x.crate -o x.crate"}),
    );
    assert_eq!(out.word(), "pass", "{}", out.reason());
}

#[test]
fn write_raise_raises_a_write_under_a_guarded_path_in_a_workspace() {
    let policy = format!(
        "classifiers:\n  - path: {}\n    config:\n      paths: [migrations/, \"*.lock\"]\n      class: destructive\n      ruling: hold\n",
        plugin("write-raise").display()
    );
    let ws = Ws::new(Some(&policy));
    let out = ws.consult(
        "bash",
        json!({"command": "echo 'DROP TABLE t;' > db/migrations/0042.sql"}),
    );
    assert_eq!(out.word(), "hold", "{}", out.reason());
    assert!(
        out.reason().contains("classified destructive"),
        "{}",
        out.reason()
    );
    let out = ws.consult("bash", json!({"command": "echo x > notes.txt"}));
    assert_eq!(out.word(), "pass", "{}", out.reason());
}
