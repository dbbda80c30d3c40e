//! The wall with the real bubblewrap: a consult inside it passes above-read
//! calls under `confinement: required`, the same consult outside is refused
//! although bwrap works, the wrapped program writes only where the shape lets
//! it, launches are wrapped, and a missing or refusing bwrap is a sentence.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::*;
use serde_json::json;

const CONFINED: &str = "confinement: required\n";

/// `wicket run --workspace <ws> -- sh -c <script>`, with PATH extended by `bin`.
fn run_in_wall(ws: &Ws, script: &str, bin: Option<&Path>) -> std::process::Output {
    let mut path = std::env::var("PATH").unwrap_or_default();
    if let Some(bin) = bin {
        path = format!("{}:{path}", bin.display());
    }
    Command::new(wicket_bin())
        .args([
            "run",
            "--workspace",
            &ws.root.to_string_lossy(),
            "--",
            "/bin/sh",
            "-c",
            script,
        ])
        .env("PATH", path)
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", &ws.cache)
        .output()
        .unwrap()
}

/// A consult, as litany inside the wall would make it.
fn consult_script(ws: &Ws, request: &serde_json::Value) -> String {
    let file = ws
        .tmp
        .path()
        .join(format!("request-{}.json", request["id"].as_str().unwrap()));
    std::fs::write(&file, request.to_string()).unwrap();
    format!(
        "cd {root} && LITANY_CONV_REPO={root} LITANY_CONV_BRANCH={AGENT} {bin} < {file}",
        root = ws.root.display(),
        bin = wicket_bin().display(),
        file = file.display()
    )
}

fn request(id: &str, command: &str) -> serde_json::Value {
    json!({"id": id, "name": "bash", "input": {"command": command}, "role": "worker", "agent_id": AGENT})
}

fn verdict(out: &std::process::Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn a_consult_inside_the_wall_passes_and_the_same_consult_outside_is_refused() {
    let ws = Ws::new(Some(CONFINED));
    let inside = run_in_wall(
        &ws,
        &consult_script(&ws, &request("t1", "cargo build")),
        None,
    );
    assert_eq!(
        verdict(&inside)["verdict"],
        "pass",
        "{}",
        String::from_utf8_lossy(&inside.stdout)
    );
    // Outside the wall, although bwrap works here.
    let out = ws.consult("bash", json!({"command": "cargo build"}));
    assert_eq!(out.word(), "refuse");
    let reason = out.reason();
    assert!(
        reason.contains(&format!(
            "workspace {} requires confinement (capability.yaml line 1",
            ws.root.display()
        )),
        "{reason}"
    );
    assert!(
        reason.contains("not running inside the wall (bubblewrap works here"),
        "{reason}"
    );
    assert!(reason.contains("wicket run -- litany"), "{reason}");
    assert!(
        reason.contains("remove `confinement: required` on the config lineage"),
        "{reason}"
    );
    // Reads pass throughout.
    assert_eq!(
        ws.consult("bash", json!({"command": "ls src"})).word(),
        "pass"
    );
    // And status, run inside, says where it runs.
    let status = run_in_wall(
        &ws,
        &format!("{} status {}", wicket_bin().display(), ws.root.display()),
        None,
    );
    assert!(
        String::from_utf8_lossy(&status.stdout).contains("this command runs inside the wall"),
        "{}",
        String::from_utf8_lossy(&status.stdout)
    );
}

#[test]
fn the_wrapped_program_writes_only_where_the_shape_lets_it() {
    let ws = Ws::new(Some(CONFINED));
    std::fs::create_dir_all(ws.cache.join("wicket")).unwrap();
    // Outside the writable set: not the workspace, not litany's roots, not
    // /tmp (which the shape binds) — wherever this checkout lives.
    let elsewhere =
        PathBuf::from("/var/tmp").join(format!("wicket-wall-outside-{}", std::process::id()));
    std::fs::create_dir_all(&elsewhere).unwrap();
    let script = format!(
        "touch {inside}/made-inside; touch {elsewhere}/x; touch {state}/x; touch {cache}/x; true",
        inside = ws.worktree(AGENT).display(),
        elsewhere = elsewhere.display(),
        state = ws.root.join(".wicket").display(),
        cache = ws.cache.join("wicket").display()
    );
    let out = run_in_wall(&ws, &script, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(ws.worktree(AGENT).join("made-inside").exists());
    for refused in [
        elsewhere.join("x"),
        ws.root.join(".wicket/x"),
        ws.cache.join("wicket/x"),
    ] {
        assert!(!refused.exists(), "{} was written", refused.display());
        assert!(
            stderr.contains(&format!(
                "cannot touch '{}': Read-only file system",
                refused.display()
            )),
            "{stderr}"
        );
    }
    std::fs::remove_dir_all(&elsewhere).unwrap();
}

fn fake_bin(ws: &Ws, bwrap_script: Option<&str>) -> PathBuf {
    let bin = ws.tmp.path().join("fake-wall-bin");
    std::fs::create_dir_all(&bin).unwrap();
    if let Some(script) = bwrap_script {
        std::fs::write(bin.join("bwrap"), script).unwrap();
        std::fs::set_permissions(
            bin.join("bwrap"),
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        )
        .unwrap();
    }
    bin
}

/// A PATH holding git and sh but no bwrap.
fn path_without_bwrap(ws: &Ws) -> String {
    let bin = ws.tmp.path().join("no-bwrap-bin");
    std::fs::create_dir_all(&bin).unwrap();
    for tool in ["git", "sh", "cat", "touch", "true"] {
        for dir in ["/usr/bin", "/bin"] {
            let p = Path::new(dir).join(tool);
            if p.exists() && !bin.join(tool).exists() {
                std::os::unix::fs::symlink(&p, bin.join(tool)).unwrap();
            }
        }
    }
    bin.display().to_string()
}

#[test]
fn without_bwrap_the_gate_and_every_launch_say_why() {
    let ws = Ws::new(Some(CONFINED));
    let path = path_without_bwrap(&ws);
    let request = json!({"id": "t1", "name": "bash", "input": {"command": "cargo build"}, "role": "worker", "agent_id": AGENT});
    let out = ws.consult_raw(AGENT, request.to_string().as_bytes(), &[("PATH", &path)]);
    assert_eq!(out.word(), "refuse");
    assert!(
        out.reason()
            .contains("bubblewrap is not installed here (bwrap is not on PATH)"),
        "{}",
        out.reason()
    );
    // Reads pass.
    let read = json!({"id": "t2", "name": "read_file", "input": {"path": "src/main.rs"}, "role": "worker", "agent_id": AGENT});
    assert_eq!(
        ws.consult_raw(AGENT, read.to_string().as_bytes(), &[("PATH", &path)])
            .word(),
        "pass"
    );
    // `wicket run` refuses with the sentence.
    let run = Command::new(wicket_bin())
        .args([
            "run",
            "--workspace",
            &ws.root.to_string_lossy(),
            "--",
            "true",
        ])
        .env("PATH", &path)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr)
        .contains("the wall cannot be built here: bubblewrap is not installed here"));
    // An answer's launch is refused; the answer stands; the receipt says so.
    ws.hold(AGENT, "t1", "bash", &out.reason());
    let answer = Command::new(wicket_bin())
        .args(["answer", &ws.root.to_string_lossy(), AGENT, "pass"])
        .env("PATH", &path)
        .env("WICKET_LITANY", "/bin/true")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&answer.stdout);
    assert!(
        answer.status.success(),
        "{}",
        String::from_utf8_lossy(&answer.stderr)
    );
    assert!(
        stdout.contains("the policy requires confinement and bubblewrap is not installed here"),
        "{stdout}"
    );
    let rows = trail_rows(&ws);
    assert_eq!(rows[0]["row"], "answer");
    assert_eq!(rows[1]["row"], "launch");
    assert_eq!(rows[1]["ok"], false);
}

#[test]
fn a_bwrap_that_refuses_is_named_with_its_exit_and_message() {
    let ws = Ws::new(Some(CONFINED));
    let bin = fake_bin(
        &ws,
        Some("#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n"),
    );
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let request = json!({"id": "t1", "name": "bash", "input": {"command": "touch x"}, "role": "worker", "agent_id": AGENT});
    let out = ws.consult_raw(AGENT, request.to_string().as_bytes(), &[("PATH", &path)]);
    assert_eq!(out.word(), "refuse");
    assert!(
        out.reason().contains("bubblewrap refused to build the wall (exit 1: bwrap: No permissions to creating new namespace)"),
        "{}",
        out.reason()
    );
}

#[test]
fn an_answered_hold_is_advanced_inside_the_wall() {
    let ws = Ws::new(Some(CONFINED));
    // A litany that reports whether it runs inside the wall.
    let bin = ws.tmp.path().join("litany-bin");
    std::fs::create_dir_all(&bin).unwrap();
    let report = ws.worktree(AGENT).join("advance-report");
    std::fs::write(
        bin.join("litany"),
        format!(
            "#!/bin/sh\nif [ -w {state} ]; then where=outside; else where=inside; fi\necho \"$where $*\" > {report}\n",
            state = ws.root.join(".wicket").display(),
            report = report.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(
        bin.join("litany"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    ws.hold(AGENT, "t1", "bash", "held for review");
    let out = Command::new(wicket_bin())
        .args(["answer", &ws.root.to_string_lossy(), AGENT, "pass"])
        .env("WICKET_LITANY", bin.join("litany"))
        .env("HOME", &ws.home)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("Launched inside the wall"),
        "{stdout}"
    );
    for _ in 0..300 {
        if report.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let said = std::fs::read_to_string(&report).unwrap();
    assert_eq!(
        said.trim(),
        format!("inside advance {} {AGENT}", ws.root.display())
    );
    let rows = trail_rows(&ws);
    assert_eq!(rows[1]["confined"], true);
}
