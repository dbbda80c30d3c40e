//! The control as litany sees it: spawned with no argv in a real workspace,
//! one request on stdin, one verdict line on stdout — asserted byte for byte.

mod common;

use std::time::Duration;

use common::*;
use serde_json::json;
use sha2::{Digest, Sha256};

/// The digest a reason's tag carries, computed here independently: sha256 of
/// the canonical JSON of {"input", "name"} (sorted keys, no whitespace).
fn digest(canonical: &str) -> String {
    Sha256::digest(canonical.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

const STANDS: &str = "This decision stands: do not retry this call, rephrase it, or reach the same outcome another way.";

#[test]
fn ordinary_work_inside_the_root_passes() {
    let ws = Ws::new(None);
    for command in [
        "cargo build --release",
        "git add -A && git commit -m wip",
        "grep -rn TODO src | head",
        "mkdir -p out && echo ok > out/log",
    ] {
        let out = ws.consult("bash", json!({ "command": command }));
        assert_eq!(
            out.stdout(),
            "{\"verdict\":\"pass\"}\n",
            "{command}: {}",
            out.stdout()
        );
    }
    let out = ws.consult("read_file", json!({"path": "src/main.rs"}));
    assert_eq!(out.stdout(), "{\"verdict\":\"pass\"}\n");
}

#[test]
fn rm_rf_etc_is_refused_byte_for_byte() {
    let ws = Ws::new(None);
    let out = ws.consult("bash", json!({"command": "rm -rf /etc"}));
    let d = digest(r#"{"input":{"command":"rm -rf /etc"},"name":"bash"}"#);
    let expected = format!(
        "{{\"reason\":\"bash {{\\\"command\\\":\\\"rm -rf /etc\\\"}} classified destructive (rm -rf /etc deletes /etc, which holds /etc/gitconfig, git's system configuration, which every git the harness runs reads). {STANDS} [wicket effect=destructive digest={d}]\",\"verdict\":\"refuse\"}}\n"
    );
    assert_eq!(out.stdout(), expected);
    assert_eq!(out.output.status.code(), Some(0));
}

#[test]
fn secrets_are_refused_by_shell_and_by_tool() {
    let ws = Ws::new(None);
    let out = ws.consult("bash", json!({"command": "cat ~/.ssh/id_rsa"}));
    let d = digest(r#"{"input":{"command":"cat ~/.ssh/id_rsa"},"name":"bash"}"#);
    assert_eq!(
        out.stdout(),
        format!("{{\"reason\":\"bash {{\\\"command\\\":\\\"cat ~/.ssh/id_rsa\\\"}} classified secret (~/.ssh/id_rsa names a secret (.ssh)). {STANDS} [wicket effect=secret digest={d}]\",\"verdict\":\"refuse\"}}\n")
    );
    let out = ws.consult("read_file", json!({"path": "~/.aws/credentials"}));
    let d = digest(r#"{"input":{"path":"~/.aws/credentials"},"name":"read_file"}"#);
    assert_eq!(
        out.stdout(),
        format!("{{\"reason\":\"read_file {{\\\"path\\\":\\\"~/.aws/credentials\\\"}} classified secret (~/.aws/credentials names a secret (.aws)). {STANDS} [wicket effect=secret digest={d}]\",\"verdict\":\"refuse\"}}\n")
    );
}

#[test]
fn writing_the_config_lineage_is_refused() {
    let ws = Ws::new(None);
    let out = ws.consult(
        "bash",
        json!({"command": "git update-ref refs/heads/config/default HEAD"}),
    );
    let d = digest(
        r#"{"input":{"command":"git update-ref refs/heads/config/default HEAD"},"name":"bash"}"#,
    );
    assert_eq!(
        out.stdout(),
        format!("{{\"reason\":\"bash {{\\\"command\\\":\\\"git update-ref refs/heads/config/default HEAD\\\"}} classified destructive (git update-ref refs/heads/config/default HEAD updates the ref refs/heads/config/default, which is a config lineage). {STANDS} [wicket effect=destructive digest={d}]\",\"verdict\":\"refuse\"}}\n")
    );
}

#[test]
fn a_table_row_turns_open_world_into_a_hold() {
    let ws = Ws::new(Some("table:\n  open-world: hold\n"));
    let out = ws.consult("bash", json!({"command": "curl -s https://example.com"}));
    let d = digest(r#"{"input":{"command":"curl -s https://example.com"},"name":"bash"}"#);
    assert_eq!(
        out.stdout(),
        format!("{{\"reason\":\"bash {{\\\"command\\\":\\\"curl -s https://example.com\\\"}} classified open-world (curl -s https://example.com reaches example.com). [wicket effect=open-world digest={d}]\",\"verdict\":\"hold\"}}\n")
    );
    // Work inside the root still passes; running the project's own code
    // (build scripts, tests) is code wicket cannot read, so it is open-world
    // and the row holds it too.
    assert_eq!(
        ws.consult(
            "bash",
            json!({"command": "mkdir -p build && cp src/main.rs build/"})
        )
        .word(),
        "pass"
    );
    assert_eq!(
        ws.consult("bash", json!({"command": "cargo test"})).word(),
        "hold"
    );
}

#[test]
fn an_operator_rule_decides_the_program() {
    let ws = Ws::new(Some(
        "rules:\n  npm publish: destructive\n  box2_fetch: open-world\n",
    ));
    let out = ws.consult("bash", json!({"command": "npm publish --access public"}));
    assert_eq!(out.word(), "refuse");
    assert!(
        out.reason()
            .contains("(the workspace's rule `npm publish: destructive`)"),
        "{}",
        out.reason()
    );
    assert_eq!(
        ws.consult("bash", json!({"command": "npm test"})).word(),
        "pass"
    );
    // A whole tool name, with no command line.
    assert_eq!(ws.consult("box2_fetch", json!({"id": 7})).word(), "pass");
}

#[test]
fn an_agent_on_a_second_lineage_gets_that_lineages_policy() {
    let ws = Ws::new(None);
    // A second lineage, forked from default, with its own policy.
    let fork = ws.commit_config(
        "config/strict",
        Some("config/default"),
        Some("table:\n  target-write: refuse\n"),
    );
    ws.add_agent(OTHER, &fork);
    let on_default = ws.consult_as(AGENT, "t1", "bash", json!({"command": "touch notes.txt"}));
    assert_eq!(on_default.word(), "pass");
    let on_strict = ws.consult_as(OTHER, "t2", "bash", json!({"command": "touch notes.txt"}));
    assert_eq!(on_strict.word(), "refuse", "{}", on_strict.stdout());
    // Advancing the strict lineage binds on the next call (follow the tip).
    ws.commit_config(
        "config/strict",
        None,
        Some("table:\n  target-write: pass\n"),
    );
    assert_eq!(
        ws.consult_as(OTHER, "t3", "bash", json!({"command": "touch notes.txt"}))
            .word(),
        "pass"
    );
}

#[test]
fn an_unknown_tool_with_no_command_is_held() {
    let ws = Ws::new(None);
    let out = ws.consult("web_search", json!({"query": "rust"}));
    let d = digest(r#"{"input":{"query":"rust"},"name":"web_search"}"#);
    assert_eq!(
        out.stdout(),
        format!("{{\"reason\":\"web_search {{\\\"query\\\":\\\"rust\\\"}} classified opaque (web_search is a tool wicket does not know, with no command to read). [wicket effect=opaque digest={d}]\",\"verdict\":\"hold\"}}\n")
    );
    // With a command string, it is read as shell.
    assert_eq!(
        ws.consult("terminal", json!({"command": "ls"})).word(),
        "pass"
    );
}

#[test]
fn unreadable_requests_exit_2_with_nothing_on_stdout() {
    let ws = Ws::new(None);
    for (stdin, needle) in [
        (&b"this is not json"[..], "not one JSON object"),
        (
            b"{\"id\":\"t\",\"name\":\"bash\",\"input\":{\"command\":\"ls\"",
            "not one JSON object",
        ),
        (
            b"{\"id\":\"t\",\"name\":\"bash\",\"role\":\"worker\",\"agent_id\":\"a\"}",
            "no `input`",
        ),
        (
            b"{\"id\":7,\"name\":\"bash\",\"input\":{},\"role\":\"worker\",\"agent_id\":\"a\"}",
            "`id` must be a string",
        ),
        (b"", "not one JSON object"),
        (b"[]", "must be a JSON object"),
    ] {
        let out = ws.consult_raw(AGENT, stdin, &[]);
        assert_eq!(
            out.output.status.code(),
            Some(2),
            "{:?}",
            String::from_utf8_lossy(stdin)
        );
        assert_eq!(out.stdout(), "");
        let stderr = out.stderr();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{stderr}");
    }
}

#[test]
fn unknown_request_fields_are_ignored() {
    let ws = Ws::new(None);
    let request = json!({"id": "t", "name": "bash", "input": {"command": "ls"}, "role": "worker", "agent_id": AGENT, "future": {"x": 1}, "trace": [1, 2]});
    let out = ws.consult_raw(AGENT, request.to_string().as_bytes(), &[]);
    assert_eq!(out.stdout(), "{\"verdict\":\"pass\"}\n");
}

#[test]
fn a_consult_that_would_overrun_is_held_inside_the_bound() {
    let ws = Ws::new(None);
    // The consult stalls while gathering the workspace's facts (wicket's
    // own fault injection for this test).
    let path = std::env::var("PATH").unwrap_or_default();
    let request = json!({"id": "t", "name": "bash", "input": {"command": "ls"}, "role": "worker", "agent_id": AGENT});
    let out = ws.consult_raw(
        AGENT,
        request.to_string().as_bytes(),
        &[("PATH", &path), ("WICKET_STALL_MS", "30000")],
    );
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason()
            .contains("overran its 3000 ms bound while gathering the workspace's facts"),
        "{}",
        out.reason()
    );
    assert!(
        out.took < Duration::from_millis(3800),
        "took {:?}",
        out.took
    );
}

#[test]
fn a_policy_that_cannot_be_read_holds_everything_above_read() {
    let ws = Ws::new(Some("table:\n  open-world: sometimes\n"));
    let out = ws.consult("bash", json!({"command": "cargo build"}));
    assert_eq!(out.word(), "hold");
    let reason = out.reason();
    assert!(
        reason.contains("capability.yaml in config commit"),
        "{reason}"
    );
    assert!(
        reason.contains("line 2: `open-world: sometimes` must say pass, hold or refuse"),
        "{reason}"
    );
    // Reads still pass.
    assert_eq!(
        ws.consult("bash", json!({"command": "ls src"})).word(),
        "pass"
    );
}

#[test]
fn the_cwd_mark_counts_only_when_its_directory_exists() {
    let ws = Ws::new(None);
    let sub = ws.worktree(AGENT).join("src");
    ws.cwd_mark(AGENT, &sub);
    // From src/, `../NOTES` is in the worktree.
    let out = ws.consult("bash", json!({"command": "touch ../NOTES"}));
    assert_eq!(out.word(), "pass", "{}", out.stdout());
    // A mark naming a directory that does not exist falls back to the
    // worktree, from where `../NOTES` is beside the other agents' worktrees.
    ws.cwd_mark(AGENT, &ws.worktree(AGENT).join("gone"));
    let out = ws.consult("bash", json!({"command": "touch ../NOTES"}));
    assert_eq!(out.word(), "refuse", "{}", out.stdout());
    assert!(
        out.reason()
            .contains("which is protected (another agent's worktree)"),
        "{}",
        out.reason()
    );
}

#[test]
fn the_policy_reads_the_same_from_loose_and_packed_objects() {
    let ws = Ws::new(Some("table:\n  open-world: hold\n"));
    ws.cwd_mark(AGENT, &ws.worktree(AGENT).join("src"));
    let before = ws.consult("bash", json!({"command": "curl https://example.com"}));
    assert_eq!(before.word(), "hold");
    assert_eq!(
        ws.consult("bash", json!({"command": "touch ../NOTES"}))
            .word(),
        "pass",
        "the cwd mark counts"
    );
    // Pack every object and ref: the consult now reads through git.
    git(
        &ws.repo(),
        &["--git-dir", ".", "gc", "--quiet", "--prune=now"],
    );
    git(&ws.repo(), &["--git-dir", ".", "pack-refs", "--all"]);
    assert!(
        !ws.repo().join("refs/heads/config/default").exists(),
        "refs are packed"
    );
    let after = ws.consult("bash", json!({"command": "curl https://example.com"}));
    assert_eq!(after.stdout(), before.stdout());
    assert_eq!(
        ws.consult("bash", json!({"command": "touch ../NOTES"}))
            .word(),
        "pass",
        "the cwd mark still counts"
    );
}
