//! wicket as litany's tool control, proven with litany itself: the published
//! `litany` 0.0.15 and its pinned `bz` (brazen 0.0.19), installed once into a
//! cache directory reused across runs, driven by a mock model server on
//! 127.0.0.1 that answers with a scripted `bash` tool_use and then text. Each
//! scenario is checked through litany's own behaviour: what ran in the
//! worktree, the hold mark, what the model was told.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{plugin, wicket_bin};
use serde_json::{json, Value};

const LITANY_VERSION: &str = "0.0.15";
const BRAZEN_VERSION: &str = "0.0.19";

/// How long the mock model server lives at most.
const MOCK_LIFETIME: Duration = Duration::from_secs(120);

// ---- the tools -------------------------------------------------------------

/// Where litany and bz are installed: `$WICKET_E2E_TOOLS`, else
/// `$XDG_CACHE_HOME/wicket-e2e/tools` (`~/.cache/…`).
fn tools_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("WICKET_E2E_TOOLS").filter(|v| !v.is_empty()) {
        return PathBuf::from(dir);
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache")
        });
    cache.join("wicket-e2e").join("tools")
}

fn version_of(binary: &Path) -> String {
    Command::new(binary)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default()
}

/// litany and bz at their pinned versions, installed on first use (under a
/// lock, so parallel tests install once).
fn tools() -> PathBuf {
    let dir = tools_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let lock = std::fs::File::create(dir.join(".install.lock")).unwrap();
    rustix::fs::flock(&lock, rustix::fs::FlockOperation::LockExclusive).unwrap();
    let bin = dir.join("bin");
    for (krate, version, exe) in [
        ("litany", LITANY_VERSION, "litany"),
        ("brazen", BRAZEN_VERSION, "bz"),
    ] {
        if version_of(&bin.join(exe)).split_whitespace().nth(1) == Some(version) {
            continue;
        }
        eprintln!(
            "installing {krate} {version} into {} (once; later runs reuse it)",
            dir.display()
        );
        let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .args(["install", krate, "--version", version, "--locked", "--root"])
            .arg(&dir)
            .status()
            .unwrap();
        assert!(status.success(), "cargo install {krate} {version} failed");
    }
    bin
}

// ---- the mock model --------------------------------------------------------

/// What the mock answers, in order, to each new user turn that offers tools
/// (a call answering a tool result gets a final text).
#[derive(Clone, Debug)]
enum Step {
    Bash(String),
}

#[derive(Default)]
struct MockState {
    script: Vec<Step>,
    requests: Vec<Value>,
    served: usize,
}

/// A model server on 127.0.0.1 speaking just enough of Anthropic's Messages
/// API for brazen: scripted tool_use blocks, then a final text.
struct Mock {
    port: u16,
    state: Arc<Mutex<MockState>>,
}

impl Mock {
    fn start(script: Vec<Step>) -> Mock {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        listener.set_nonblocking(true).unwrap();
        let state = Arc::new(Mutex::new(MockState {
            script,
            ..MockState::default()
        }));
        let shared = state.clone();
        std::thread::spawn(move || {
            let started = Instant::now();
            while started.elapsed() < MOCK_LIFETIME {
                match listener.accept() {
                    Ok((stream, _)) => {
                        let shared = shared.clone();
                        std::thread::spawn(move || serve(stream, &shared));
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Mock { port, state }
    }

    fn requests(&self) -> Vec<Value> {
        self.state.lock().unwrap().requests.clone()
    }

    /// Every tool_result the model was sent, as (is_error, text).
    fn tool_results(&self) -> Vec<(bool, String)> {
        let mut out = Vec::new();
        for request in self.requests() {
            for message in request["messages"].as_array().cloned().unwrap_or_default() {
                for block in message["content"].as_array().cloned().unwrap_or_default() {
                    if block["type"] == "tool_result" {
                        let text = match &block["content"] {
                            Value::String(s) => s.clone(),
                            other => other.to_string(),
                        };
                        let entry = (block["is_error"] == true, text);
                        if !out.contains(&entry) {
                            out.push(entry);
                        }
                    }
                }
            }
        }
        out
    }
}

fn serve(stream: TcpStream, state: &Mutex<MockState>) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut length = 0usize;
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let lower = line.to_ascii_lowercase();
        if let Some(value) = lower.strip_prefix("content-length:") {
            length = value.trim().parse().unwrap_or(0);
        }
        if line == "\r\n" {
            break;
        }
    }
    let mut body = vec![0u8; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let offers_tools = request["tools"].as_array().is_some_and(|t| !t.is_empty());
    // A new user turn gets the next scripted call; a tool result gets text.
    let answers_a_tool = request["messages"]
        .as_array()
        .and_then(|m| m.last())
        .and_then(|m| m["content"].as_array())
        .is_some_and(|blocks| blocks.iter().any(|b| b["type"] == "tool_result"));
    let (blocks, stop) = {
        let mut state = state.lock().unwrap();
        state.requests.push(request.clone());
        let next = if offers_tools && !answers_a_tool && !state.script.is_empty() {
            Some(state.script.remove(0))
        } else {
            None
        };
        state.served += 1;
        let n = state.served;
        match next {
            Some(Step::Bash(command)) => (
                vec![
                    json!({"type": "tool_use", "id": format!("toolu_e2e_{n}"), "name": "bash", "input": {"command": command}}),
                ],
                "tool_use",
            ),
            None => (vec![json!({"type": "text", "text": "done"})], "end_turn"),
        }
    };
    let model = request["model"].as_str().unwrap_or("mock").to_owned();
    let (content_type, payload) = if request["stream"] == true {
        ("text/event-stream", sse(&model, &blocks, stop))
    } else {
        ("application/json", json!({"id": "msg_mock", "type": "message", "role": "assistant", "model": model, "content": blocks, "stop_reason": stop, "stop_sequence": null, "usage": {"input_tokens": 10, "output_tokens": 10}}).to_string())
    };
    let mut stream = reader.into_inner();
    let _ = write!(stream, "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{payload}", payload.len());
    let _ = stream.flush();
}

fn sse(model: &str, blocks: &[Value], stop: &str) -> String {
    let mut events = vec![
        json!({"type": "message_start", "message": {"id": "msg_mock", "type": "message", "role": "assistant", "model": model, "content": [], "stop_reason": null, "stop_sequence": null, "usage": {"input_tokens": 10, "output_tokens": 1}}}),
    ];
    for (index, block) in blocks.iter().enumerate() {
        match block["type"].as_str() {
            Some("tool_use") => {
                events.push(json!({"type": "content_block_start", "index": index, "content_block": {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}}));
                events.push(json!({"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": block["input"].to_string()}}));
            }
            _ => {
                events.push(json!({"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}}));
                events.push(json!({"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": block["text"]}}));
            }
        }
        events.push(json!({"type": "content_block_stop", "index": index}));
    }
    events.push(json!({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": null}, "usage": {"output_tokens": 10}}));
    events.push(json!({"type": "message_stop"}));
    events
        .iter()
        .map(|e| {
            format!(
                "event: {}\ndata: {e}\n\n",
                e["type"].as_str().unwrap_or("ping")
            )
        })
        .collect()
}

// ---- a litany workspace wired to wicket ------------------------------------

struct Harness {
    _tmp: tempfile::TempDir,
    base: PathBuf,
    ws: PathBuf,
    bin: PathBuf,
    mock: Mock,
}

impl Harness {
    /// A workspace made by `litany new`, the titler dropped, `policy` as its
    /// capability.yaml, wired with `wicket init`.
    fn new(policy: Option<&str>, script: Vec<Step>) -> Harness {
        let bin = tools();
        let tmp = tempfile::Builder::new()
            .prefix("wicket-litany-")
            .tempdir()
            .unwrap();
        let base = std::fs::canonicalize(tmp.path()).unwrap();
        std::fs::create_dir_all(base.join("home")).unwrap();
        std::fs::write(
            base.join("home/.gitconfig"),
            "[user]\n\tname = operator\n\temail = operator@test.invalid\n",
        )
        .unwrap();
        let mock = Mock::start(script);
        let mut h = Harness {
            ws: base.join("ws"),
            _tmp: tmp,
            base,
            bin,
            mock,
        };
        let out = h.litany(&["new", &h.ws.to_string_lossy()]);
        assert!(
            out.status.success(),
            "litany new: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        h.ws = std::fs::canonicalize(&h.ws).unwrap();
        // litany's own tests drop the titler: one fewer model call and process.
        let repo = h.ws.join("repo.git");
        let workflow = common::git(
            &repo,
            &["--git-dir", ".", "show", "config/default:workflow.yaml"],
        );
        let mut files = vec![("workflow.yaml", drop_titler(&workflow))];
        if let Some(policy) = policy {
            files.push(("capability.yaml", policy.to_owned()));
        }
        commit_files(&repo, "config/default", &files);
        let init = h.wicket(&["init", &h.ws.to_string_lossy()]);
        assert!(
            init.status.success(),
            "wicket init: {}",
            String::from_utf8_lossy(&init.stderr)
        );
        let said = String::from_utf8_lossy(&init.stdout).into_owned();
        assert!(said.contains("config/default: wired"), "{said}");
        h
    }

    fn env(&self, command: &mut Command) {
        let path = format!(
            "{}:{}",
            self.bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        command
            .env("PATH", path)
            .env("HOME", self.base.join("home"))
            .env("LITANY_HOME", self.base.join("litany-home"))
            .env("XDG_CACHE_HOME", self.base.join("cache"))
            .env("XDG_CONFIG_HOME", self.base.join("config"))
            .env("XDG_DATA_HOME", self.base.join("data"))
            .env(
                "BRAZEN_BASE_URL",
                format!("http://127.0.0.1:{}", self.mock.port),
            )
            .env("BRAZEN_API_KEY", "test-key-not-secret")
            .env("BRAZEN_CONFIG", self.base.join("brazen.toml"))
            .env_remove("ANTHROPIC_API_KEY")
            .env_remove("LITANY_TOOL_ID")
            .env_remove("LITANY_CONV_BRANCH")
            .env_remove("LITANY_CONV_REPO")
            .env_remove("WICKET_LITANY")
            .stdin(Stdio::null());
    }

    fn litany(&self, args: &[&str]) -> Output {
        let mut command = Command::new(self.bin.join("litany"));
        command.args(args);
        self.env(&mut command);
        command.output().unwrap()
    }

    fn wicket(&self, args: &[&str]) -> Output {
        let mut command = Command::new(wicket_bin());
        command.args(args);
        self.env(&mut command);
        command.output().unwrap()
    }

    /// `litany prompt` (optionally through `wicket run`); the new agent's id.
    fn prompt(&self, message: &str, confined: bool) -> (Output, String) {
        let ws = self.ws.to_string_lossy().into_owned();
        let out = if confined {
            let litany = self.bin.join("litany").to_string_lossy().into_owned();
            self.wicket(&["run", "--", &litany, "prompt", &ws, message])
        } else {
            self.litany(&["prompt", &ws, message])
        };
        self.settle();
        let agent = self.agents().pop().unwrap_or_default();
        (out, agent)
    }

    fn agents(&self) -> Vec<String> {
        let refs = common::git(
            &self.ws.join("repo.git"),
            &[
                "--git-dir",
                ".",
                "for-each-ref",
                "--format=%(refname:strip=3)",
                "refs/heads/agents/",
            ],
        );
        refs.lines().map(str::to_owned).collect()
    }

    fn worktree(&self, agent: &str) -> PathBuf {
        self.ws.join("agents").join(agent)
    }

    fn hold_mark(&self, agent: &str) -> Option<Value> {
        let out = Command::new("git")
            .args(["--git-dir"])
            .arg(self.ws.join("repo.git"))
            .args(["cat-file", "blob", &format!("refs/litany/held/{agent}")])
            .output()
            .unwrap();
        out.status
            .success()
            .then(|| serde_json::from_slice(&out.stdout).unwrap())
    }

    /// Wait until no process holds any agent's lock (litany may run on in
    /// the background after a command returns).
    fn settle(&self) {
        let inbox = self.ws.join("inbox");
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            let busy = std::fs::read_dir(&inbox).map(|entries| {
                entries.flatten().any(|e| {
                    let Ok(dir) = std::fs::File::open(e.path()) else {
                        return false;
                    };
                    let free = rustix::fs::flock(
                        &dir,
                        rustix::fs::FlockOperation::NonBlockingLockExclusive,
                    )
                    .is_ok();
                    if free {
                        let _ = rustix::fs::flock(&dir, rustix::fs::FlockOperation::Unlock);
                    }
                    !free
                })
            });
            if !busy.unwrap_or(false) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("litany did not settle within 60 s");
    }

    /// Wait for a file to appear (a detached advance finishing).
    fn wait_for(&self, path: &Path) -> bool {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if path.exists() {
                self.settle();
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }
}

/// workflow.yaml without the titler's two bindings, every other line kept.
fn drop_titler(text: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if trimmed == "  user_message:" || trimmed == "  titler_return:" {
            skipping = true;
            continue;
        }
        if skipping && (line.starts_with("    ") || line.trim().is_empty()) {
            continue;
        }
        skipping = false;
        out.push_str(line);
    }
    out
}

/// A config commit on `lineage` with these files replaced, made with plumbing.
fn commit_files(repo: &Path, lineage: &str, files: &[(&str, String)]) {
    let index = repo.join(format!("e2e-index.{}", std::process::id()));
    let git = |args: &[&str], input: Option<&str>| -> String {
        let mut command = Command::new("git");
        command
            .env("GIT_INDEX_FILE", &index)
            .arg("--git-dir")
            .arg(repo)
            .args([
                "-c",
                "user.name=operator",
                "-c",
                "user.email=operator@test.invalid",
            ])
            .args(args);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.unwrap_or("").as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    let tip = git(&["rev-parse", &format!("refs/heads/{lineage}")], None);
    git(&["read-tree", &tip], None);
    for (name, text) in files {
        let blob = git(&["hash-object", "-w", "--stdin"], Some(text));
        git(
            &[
                "update-index",
                "--add",
                "--cacheinfo",
                &format!("100644,{blob},{name}"),
            ],
            None,
        );
    }
    let tree = git(&["write-tree"], None);
    let commit = git(
        &[
            "commit-tree",
            &tree,
            "-p",
            &tip,
            "-m",
            &format!("config: advance [{lineage}]"),
        ],
        None,
    );
    git(
        &[
            "update-ref",
            &format!("refs/heads/{lineage}"),
            &commit,
            &tip,
        ],
        None,
    );
    let _ = std::fs::remove_file(&index);
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed ({:?}): {}\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

// ---- the scenarios ---------------------------------------------------------

#[test]
fn a_call_the_policy_passes_runs() {
    let h = Harness::new(
        None,
        vec![Step::Bash("echo made > made-by-tool.txt".into())],
    );
    let (out, agent) = h.prompt("make a file", false);
    ok(&out);
    assert!(
        h.worktree(&agent).join("made-by-tool.txt").exists(),
        "the tool ran in the worktree"
    );
    assert!(h.hold_mark(&agent).is_none());
    let results = h.mock.tool_results();
    assert_eq!(results.len(), 1, "{results:?}");
    assert!(!results[0].0, "{results:?}");
}

#[test]
fn a_destructive_call_never_runs_and_the_model_is_told() {
    // A write into wicket's own state: destructive wherever the workspace is
    // (even under /tmp, whose scratch files are not a loss to delete).
    let h = Harness::new(
        None,
        vec![Step::Bash(
            "echo forged >> ../../.wicket/trail.jsonl".into(),
        )],
    );
    let trail = h.ws.join(".wicket/trail.jsonl");
    let (out, agent) = h.prompt("clean up", false);
    ok(&out);
    assert!(!trail.exists(), "nothing ran");
    assert!(h.hold_mark(&agent).is_none());
    let results = h.mock.tool_results();
    assert_eq!(results.len(), 1, "{results:?}");
    let (is_error, text) = &results[0];
    assert!(is_error, "{text}");
    assert!(
        text.contains("was refused by the workflow's tool control"),
        "{text}"
    );
    assert!(text.contains("classified destructive"), "{text}");
    assert!(text.contains("This decision stands"), "{text}");
}

const HELD: &str = "table:\n  open-world: hold\n";

fn python_writes(file: &str) -> String {
    format!("python3 -c \"open('{file}','w').write('x')\"")
}

#[test]
fn a_held_call_is_parked_and_an_answer_releases_it() {
    let h = Harness::new(Some(HELD), vec![Step::Bash(python_writes("released.txt"))]);
    let (out, agent) = h.prompt("write a file with python", false);
    ok(&out);
    let mark = h.hold_mark(&agent).expect("the call is parked");
    assert_eq!(mark["tool"], "bash");
    assert!(mark["reason"]
        .as_str()
        .unwrap()
        .contains("classified open-world"));
    assert!(
        !h.worktree(&agent).join("released.txt").exists(),
        "nothing ran while held"
    );
    let receipt = ok(&h.wicket(&["answer", &h.ws.to_string_lossy(), &agent, "pass"]));
    assert!(receipt.contains("Launched"), "{receipt}");
    assert!(
        h.wait_for(&h.worktree(&agent).join("released.txt")),
        "litany advance re-consulted and the tool ran"
    );
    assert!(h.hold_mark(&agent).is_none(), "the mark is gone");
}

#[test]
fn a_refuse_answer_declines_the_held_call_in_band() {
    let h = Harness::new(Some(HELD), vec![Step::Bash(python_writes("refused.txt"))]);
    let (out, agent) = h.prompt("write a file with python", false);
    ok(&out);
    assert!(h.hold_mark(&agent).is_some());
    ok(&h.wicket(&["answer", &h.ws.to_string_lossy(), &agent, "refuse"]));
    let deadline = Instant::now() + Duration::from_secs(60);
    while h.hold_mark(&agent).is_some() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    h.settle();
    assert!(h.hold_mark(&agent).is_none());
    assert!(!h.worktree(&agent).join("refused.txt").exists());
    let results = h.mock.tool_results();
    assert!(
        results
            .iter()
            .any(|(e, t)| *e && t.contains("Refused by the operator's answer")),
        "{results:?}"
    );
}

#[test]
fn a_conversation_answer_lets_the_next_call_of_its_class_through() {
    let h = Harness::new(
        Some(HELD),
        vec![
            Step::Bash(python_writes("first.txt")),
            Step::Bash(python_writes("second.txt")),
        ],
    );
    let (out, agent) = h.prompt("two python calls", false);
    ok(&out);
    assert!(h.hold_mark(&agent).is_some());
    ok(&h.wicket(&[
        "answer",
        &h.ws.to_string_lossy(),
        &agent,
        "pass",
        "--scope",
        "conversation",
    ]));
    assert!(h.wait_for(&h.worktree(&agent).join("first.txt")));
    // The next turn's call of the same class runs without a hold.
    ok(&h.litany(&["message", &h.ws.to_string_lossy(), &agent, "once more"]));
    assert!(
        h.wait_for(&h.worktree(&agent).join("second.txt")),
        "the second call of the class ran without a hold"
    );
    assert!(h.hold_mark(&agent).is_none());
}

#[test]
fn a_revoked_conversation_is_held_and_restore_gives_it_back() {
    let h = Harness::new(
        None,
        vec![
            Step::Bash("echo one > one.txt".into()),
            Step::Bash("echo two > two.txt".into()),
        ],
    );
    let (out, agent) = h.prompt("first", false);
    ok(&out);
    assert!(h.worktree(&agent).join("one.txt").exists());
    ok(&h.wicket(&["revoke", &h.ws.to_string_lossy(), &agent]));
    ok(&h.litany(&["message", &h.ws.to_string_lossy(), &agent, "again"]));
    h.settle();
    // A message drives the conversation; its next call waits.
    let deadline = Instant::now() + Duration::from_secs(60);
    while h.hold_mark(&agent).is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let mark = h.hold_mark(&agent).expect("held under the floor");
    assert!(
        mark["reason"]
            .as_str()
            .unwrap()
            .contains("auto-approval is revoked"),
        "{mark}"
    );
    assert!(!h.worktree(&agent).join("two.txt").exists());
    ok(&h.wicket(&["restore", &h.ws.to_string_lossy(), &agent]));
    ok(&h.litany(&["advance", &h.ws.to_string_lossy(), &agent]));
    h.settle();
    assert!(
        h.worktree(&agent).join("two.txt").exists(),
        "after restore the policy passes it"
    );
}

#[test]
fn a_plugin_that_traps_is_a_hold_not_a_failed_step() {
    let policy = format!(
        "classifiers:\n  - path: {}\n",
        plugin("testing-trap").display()
    );
    let h = Harness::new(
        Some(&policy),
        vec![Step::Bash("echo x > trapped.txt".into())],
    );
    let (out, agent) = h.prompt("anything", false);
    ok(&out);
    let mark = h.hold_mark(&agent).expect("parked, not failed");
    assert!(
        mark["reason"].as_str().unwrap().contains("trapped"),
        "{mark}"
    );
    assert!(!h.worktree(&agent).join("trapped.txt").exists());
}

#[test]
fn a_consult_that_overruns_is_a_hold_not_a_failed_step() {
    let spin = plugin("testing-spin").display().to_string();
    let policy = format!(
        "classifiers:\n  - path: {spin}\n  - path: {spin}\n  - path: {spin}\n  - path: {spin}\n"
    );
    let h = Harness::new(Some(&policy), vec![Step::Bash("echo x > spun.txt".into())]);
    let (out, agent) = h.prompt("anything", false);
    ok(&out);
    let mark = h.hold_mark(&agent).expect("parked, not failed");
    assert!(
        mark["reason"].as_str().unwrap().contains("deadline"),
        "{mark}"
    );
    assert!(!h.worktree(&agent).join("spun.txt").exists());
}

#[test]
fn a_confined_workspace_works_inside_the_wall_and_refuses_outside() {
    let h = Harness::new(
        Some("confinement: required\n"),
        vec![Step::Bash("echo x > inside.txt".into())],
    );
    let (out, agent) = h.prompt("inside", true);
    ok(&out);
    assert!(
        h.worktree(&agent).join("inside.txt").exists(),
        "work passes inside the wall"
    );
    // The same call from a plain litany: refused above read.
    let h2 = Harness::new(
        Some("confinement: required\n"),
        vec![Step::Bash("echo x > outside.txt".into())],
    );
    let (out, agent2) = h2.prompt("outside", false);
    ok(&out);
    assert!(!h2.worktree(&agent2).join("outside.txt").exists());
    let results = h2.mock.tool_results();
    assert!(
        results.iter().any(|(e, t)| *e
            && t.contains("requires confinement")
            && t.contains("wicket run -- litany")),
        "{results:?}"
    );
}

#[test]
fn an_answered_hold_is_advanced_inside_the_wall() {
    let policy = format!("confinement: required\n{HELD}");
    let h = Harness::new(Some(&policy), vec![Step::Bash(python_writes("walled.txt"))]);
    let (out, agent) = h.prompt("python inside", true);
    ok(&out);
    let mark = h.hold_mark(&agent).expect("held inside the wall");
    assert!(
        mark["reason"]
            .as_str()
            .unwrap()
            .contains("classified open-world"),
        "{mark}"
    );
    let receipt = ok(&h.wicket(&["answer", &h.ws.to_string_lossy(), &agent, "pass"]));
    assert!(receipt.contains("Launched inside the wall"), "{receipt}");
    assert!(
        h.wait_for(&h.worktree(&agent).join("walled.txt")),
        "the release ran inside the wall"
    );
    assert!(h.hold_mark(&agent).is_none());
}

#[test]
fn init_is_idempotent_and_remove_unwires() {
    let h = Harness::new(None, vec![]);
    let ws = h.ws.to_string_lossy().into_owned();
    let again = ok(&h.wicket(&["init", &ws]));
    assert!(
        again.contains("already wired") && again.contains("Nothing changed"),
        "{again}"
    );
    let show = || {
        let out = Command::new("git")
            .arg("--git-dir")
            .arg(h.ws.join("repo.git"))
            .args(["show", "config/default:workflow.yaml"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let before = show();
    let removed = ok(&h.wicket(&["init", &ws, "--remove"]));
    assert!(removed.contains("config/default: unwired"), "{removed}");
    let after = show();
    assert!(
        !after.lines().any(|l| l.starts_with("tool_control")),
        "{after}"
    );
    // Only the block went: every other byte, in order.
    let block = format!(
        "tool_control:\n  command: {}\n",
        std::fs::canonicalize(wicket_bin()).unwrap().display()
    );
    assert_eq!(format!("{after}{block}"), before);
}
