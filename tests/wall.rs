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
    // The ways out are the operator's (explain and status say them), not
    // the model's.
    assert!(!reason.contains("wicket run -- litany"), "{reason}");
    assert!(!reason.contains("confinement: required` on"), "{reason}");
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
        common::write_program(&bin.join("bwrap"), script);
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
    // Answered, not launched: exit 3.
    assert_eq!(
        answer.status.code(),
        Some(3),
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
    common::write_program(&bin.join("litany"), format!(
            "#!/bin/sh\nif [ -w {state} ]; then where=outside; else where=inside; fi\necho \"$where $*\" > {report}\n",
            state = ws.root.join(".wicket").display(),
            report = report.display()
        ),
    );
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
    // The fake litany's `echo > report` creates the file before it writes
    // the line: wait for the whole line, not for the file.
    let mut said = String::new();
    for _ in 0..300 {
        said = std::fs::read_to_string(&report).unwrap_or_default();
        if said.ends_with('\n') {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(
        said.trim(),
        format!("inside advance {} {AGENT}", ws.root.display())
    );
    let rows = trail_rows(&ws);
    assert_eq!(rows[1]["confined"], true);
}

/// What an attack could have changed: every ref, the repository's config,
/// hooks, info and alternates, the trail and each worktree's link file.
fn snapshot(ws: &Ws) -> String {
    let repo = ws.repo();
    let mut out = git(
        &repo,
        &["for-each-ref", "--format=%(refname) %(objectname)"],
    );
    for file in [
        "config",
        "HEAD",
        "packed-refs",
        "info/grafts",
        "objects/info/alternates",
        "shallow",
    ] {
        out.push_str(&format!(
            "\n{file}: {:?}",
            std::fs::read(repo.join(file)).ok()
        ));
    }
    for dir in ["hooks", "info", "objects/info", "refs/replace"] {
        let mut names: Vec<String> = std::fs::read_dir(repo.join(dir))
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        out.push_str(&format!("\n{dir}/: {names:?}"));
    }
    out.push_str(&format!(
        "\ntrail: {:?}",
        std::fs::read(ws.root.join(".wicket/trail.jsonl")).ok()
    ));
    out.push_str(&format!(
        "\nworktree gitdir: {:?}",
        std::fs::read(repo.join("worktrees").join(AGENT).join("gitdir")).ok()
    ));
    out
}

/// The attacks: real writes to every path the wall keeps, by git plumbing
/// and porcelain, by appends and by plain file writes, as a script run from
/// the agent's worktree that prints each attack's exit status. (Each is
/// harmless outside a scratch workspace: wicket's binaries, artifacts and
/// plugins only have their times touched.)
fn attacks(ws: &Ws) -> (Vec<&'static str>, String) {
    let repo = ws.repo();
    let policy_blob = git(&repo, &["rev-parse", "config/default:capability.yaml"]);
    let workflow_blob = git(&repo, &["rev-parse", "config/default:workflow.yaml"]);
    let cache_dir = std::fs::read_dir(ws.cache.join("wicket"))
        .unwrap()
        .flatten()
        .next()
        .expect("the workspace's plugins were compiled")
        .path();
    let artifact = std::fs::read_dir(&cache_dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "cwasm"))
        .unwrap();
    let g = "git -c user.name=a -c user.email=a@x";
    let repo = repo.display();
    let list: Vec<(&str, String)> = vec![
        (
            "update-ref on a config lineage",
            format!("{g} update-ref refs/heads/config/default HEAD"),
        ),
        (
            "branch -f on a config lineage",
            format!("{g} branch -f config/default HEAD"),
        ),
        (
            "a new config lineage",
            format!("{g} branch config/evil HEAD"),
        ),
        (
            "push into a config lineage",
            format!("{g} push -q --force {repo} HEAD:refs/heads/config/default"),
        ),
        (
            "packed-refs edit",
            format!(
                "echo \"$(git rev-parse HEAD) refs/heads/config/default\" >> {repo}/packed-refs"
            ),
        ),
        (
            "replace ref by porcelain",
            format!("{g} replace -f {policy_blob} $(git hash-object -w /dev/null)"),
        ),
        (
            "replace ref by plumbing",
            format!("{g} update-ref refs/replace/{workflow_blob} $(git hash-object -w /dev/null)"),
        ),
        (
            "a workflow mark",
            format!("{g} update-ref refs/litany/workflow/{AGENT} HEAD"),
        ),
        (
            "a tag shadowing a lineage",
            format!("{g} tag config/default HEAD"),
        ),
        (
            "append to the repository's config",
            format!("printf '[core]\\n\\thooksPath = /tmp\\n' >> {repo}/config"),
        ),
        (
            "git config on the repository",
            format!("{g} config --file {repo}/config alias.st '!touch /tmp/pwned'"),
        ),
        (
            "git config from the worktree",
            format!("{g} config core.fsmonitor 'touch /tmp/pwned'"),
        ),
        (
            "a hook",
            format!("printf '#!/bin/sh\\ntouch /tmp/pwned\\n' > {repo}/hooks/post-commit"),
        ),
        (
            "grafts",
            format!("echo \"$(git rev-parse HEAD)\" > {repo}/info/grafts"),
        ),
        (
            "alternates",
            format!("echo /tmp > {repo}/objects/info/alternates"),
        ),
        (
            "the repository's HEAD",
            format!("git --git-dir {repo} symbolic-ref HEAD refs/heads/agents/{AGENT}"),
        ),
        (
            "the worktree's link",
            format!("echo /tmp >> {repo}/worktrees/{AGENT}/gitdir"),
        ),
        (
            "the trail",
            format!("echo '{{}}' >> {}/.wicket/trail.jsonl", ws.root.display()),
        ),
        (
            "an answer file",
            format!("touch {}/.wicket/answers", ws.root.display()),
        ),
        (
            "the compile cache",
            format!("touch {}/planted.cwasm", cache_dir.display()),
        ),
        (
            "a compiled artifact",
            format!("touch -c {}", artifact.display()),
        ),
        (
            "wicket's binary",
            format!("touch -c {}", wicket_bin().display()),
        ),
        (
            "the plugin compiler",
            format!("touch -c {}", compiler_bin().display()),
        ),
        (
            "a plugin the policy names",
            format!("touch -c {}", plugin("testing-abstain").display()),
        ),
    ];
    let mut script = format!("cd {} || exit 99\n", ws.worktree(AGENT).display());
    for (i, (_, attack)) in list.iter().enumerate() {
        script.push_str(&format!(
            "( {attack} ) >/dev/null 2>&1; echo \"attack {i} $?\"\n"
        ));
    }
    (list.into_iter().map(|(name, _)| name).collect(), script)
}

/// Which attacks succeeded, from the script's output.
fn succeeded(names: &[&'static str], out: &std::process::Output) -> Vec<&'static str> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let outcomes: Vec<i32> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("attack "))
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(
        outcomes.len(),
        names.len(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    names
        .iter()
        .zip(&outcomes)
        .filter(|(_, rc)| **rc == 0)
        .map(|(name, _)| *name)
        .collect()
}

fn attacked_policy() -> String {
    format!(
        "{CONFINED}table:\n  open-world: refuse\nclassifiers:\n  - path: {}\n",
        plugin("testing-abstain").display()
    )
}

/// Every attack, run for real inside `wicket run` from the agent's
/// worktree, fails; nothing in the repository or wicket's state changes; and
/// the next consult's verdicts are the ones before.
#[test]
fn every_path_the_wall_keeps_refuses_real_writes() {
    let ws = Ws::new(Some(&attacked_policy()));
    std::fs::create_dir_all(ws.root.join(".wicket")).unwrap();
    std::fs::write(ws.root.join(".wicket/trail.jsonl"), "").unwrap();
    let (names, script) = attacks(&ws);
    // The first run makes the placeholders it binds (an empty packed-refs).
    run_in_wall(&ws, "true", None);
    let before = snapshot(&ws);
    let consults = |tag: &str| {
        ["ls src", "curl https://example.com", "rm -rf /"]
            .iter()
            .enumerate()
            .map(|(i, command)| {
                let out = run_in_wall(
                    &ws,
                    &consult_script(&ws, &request(&format!("{tag}{i}"), command)),
                    None,
                );
                verdict(&out)["verdict"].as_str().unwrap().to_owned()
            })
            .collect::<Vec<_>>()
    };
    let verdicts_before = consults("b");
    assert_eq!(verdicts_before, ["pass", "refuse", "refuse"]);
    let out = run_in_wall(&ws, &script, None);
    let got_through = succeeded(&names, &out);
    assert!(
        got_through.is_empty(),
        "these writes succeeded inside the wall: {got_through:?}"
    );
    assert_eq!(
        snapshot(&ws),
        before,
        "the repository or wicket's state changed"
    );
    assert_eq!(consults("a"), verdicts_before);
}

/// The same script outside the wall, in another scratch workspace: every
/// attack is a real write that succeeds — which is what the wall is for.
#[test]
fn the_same_attacks_outside_the_wall_are_real_writes() {
    let ws = Ws::new(Some(&attacked_policy()));
    std::fs::create_dir_all(ws.root.join(".wicket")).unwrap();
    std::fs::write(ws.root.join(".wicket/trail.jsonl"), "").unwrap();
    let (names, script) = attacks(&ws);
    let before = snapshot(&ws);
    let out = Command::new("/bin/sh")
        .args(["-c", &script])
        .env("HOME", &ws.home)
        .output()
        .unwrap();
    let got_through = succeeded(&names, &out);
    assert_eq!(
        got_through, names,
        "every attack writes when nothing stops it"
    );
    assert_ne!(snapshot(&ws), before);
}
