//! The real litany, driven offline: the published `litany` 0.0.15 and its
//! pinned `bz` (brazen 0.0.19), installed once into a cache directory reused
//! across runs, a mock model server on 127.0.0.1 that answers with scripted
//! tool calls and then text, and a workspace made by `litany new`, wired to
//! wicket with `wicket init`. Shared by the litany suites.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::{git, wicket_bin};

pub const LITANY_VERSION: &str = "0.0.15";
pub const BRAZEN_VERSION: &str = "0.0.19";

/// How long the mock model server lives at most.
const MOCK_LIFETIME: Duration = Duration::from_secs(180);

// ---- the tools -------------------------------------------------------------

/// Where litany and bz are installed: `$WICKET_E2E_TOOLS`, else
/// `$XDG_CACHE_HOME/wicket-e2e/tools` (`~/.cache/…`).
pub fn tools_dir() -> PathBuf {
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
pub fn tools() -> PathBuf {
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

/// One scripted model turn: a tool call.
#[derive(Clone, Debug)]
pub enum Step {
    /// `bash` with this command.
    Bash(String),
    /// Any tool, by name, with this input.
    Tool(String, Value),
}

#[derive(Default)]
struct MockState {
    script: Vec<Step>,
    /// Whether a call answering a tool result also takes the next scripted
    /// call (one conversation turn runs the whole script), rather than
    /// getting the final text (one scripted call per user turn).
    chained: bool,
    requests: Vec<Value>,
    served: usize,
}

/// A model server on 127.0.0.1 speaking just enough of Anthropic's Messages
/// API for brazen: scripted tool_use blocks, then a final text.
pub struct Mock {
    pub port: u16,
    state: Arc<Mutex<MockState>>,
}

impl Mock {
    /// One scripted call per new user turn; a tool result gets the final text.
    pub fn start(script: Vec<Step>) -> Mock {
        Mock::serve(script, false)
    }

    /// The whole script in one turn: every call that offers tools takes the
    /// next scripted call, tool results included; then the final text.
    pub fn chained(script: Vec<Step>) -> Mock {
        Mock::serve(script, true)
    }

    fn serve(script: Vec<Step>, chained: bool) -> Mock {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        listener.set_nonblocking(true).unwrap();
        let state = Arc::new(Mutex::new(MockState {
            script,
            chained,
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

    /// Append scripted calls (for a script that names paths only known once
    /// the workspace exists).
    pub fn push(&self, steps: Vec<Step>) {
        self.state.lock().unwrap().script.extend(steps);
    }

    pub fn requests(&self) -> Vec<Value> {
        self.state.lock().unwrap().requests.clone()
    }

    /// Every tool_result the model was sent, as (is_error, text).
    pub fn tool_results(&self) -> Vec<(bool, String)> {
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
    // A new user turn gets the next scripted call; a tool result gets text
    // (or, chained, the next call).
    let answers_a_tool = request["messages"]
        .as_array()
        .and_then(|m| m.last())
        .and_then(|m| m["content"].as_array())
        .is_some_and(|blocks| blocks.iter().any(|b| b["type"] == "tool_result"));
    let (blocks, stop) = {
        let mut state = state.lock().unwrap();
        state.requests.push(request.clone());
        let takes_a_call = offers_tools && (state.chained || !answers_a_tool);
        let next = if takes_a_call && !state.script.is_empty() {
            Some(state.script.remove(0))
        } else {
            None
        };
        state.served += 1;
        let n = state.served;
        let call = |name: &str, input: Value| json!({"type": "tool_use", "id": format!("toolu_e2e_{n}"), "name": name, "input": input});
        match next {
            Some(Step::Bash(command)) => (
                vec![call("bash", json!({ "command": command }))],
                "tool_use",
            ),
            Some(Step::Tool(name, input)) => (vec![call(&name, input)], "tool_use"),
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

/// Where litany keeps its config root (`models.yaml`) and its data root
/// (`tools/`): each way litany 0.0.15 (`src/harness_root.rs`) and wicket's
/// wall (`wall::litany_roots`) derive them, always inside the test's
/// temporary directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roots {
    /// `$LITANY_HOME` set: one directory is both roots.
    LitanyHome,
    /// `$XDG_CONFIG_HOME/litany` and `$XDG_DATA_HOME/litany`.
    Xdg,
    /// No `LITANY_HOME` and no XDG variables: `$HOME/.config/litany` and
    /// `$HOME/.local/share/litany`.
    Home,
}

pub struct Harness {
    pub _tmp: tempfile::TempDir,
    /// The test's temporary directory (canonical): everything lives here.
    pub base: PathBuf,
    pub ws: PathBuf,
    pub bin: PathBuf,
    pub mock: Mock,
    pub roots: Roots,
}

impl Harness {
    /// A workspace made by `litany new`, the titler dropped, `policy` as its
    /// capability.yaml, wired with `wicket init`; litany's roots under
    /// `$LITANY_HOME`.
    pub fn new(policy: Option<&str>, script: Vec<Step>) -> Harness {
        Harness::build(policy, Mock::start(script), Roots::LitanyHome)
    }

    /// The same, with this model and these roots.
    pub fn build(policy: Option<&str>, mock: Mock, roots: Roots) -> Harness {
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
        let mut h = Harness {
            ws: base.join("ws"),
            _tmp: tmp,
            base,
            bin,
            mock,
            roots,
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
        let workflow = git(
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

    /// litany's config root (where `models.yaml` is).
    pub fn config_root(&self) -> PathBuf {
        match self.roots {
            Roots::LitanyHome => self.base.join("litany-home"),
            Roots::Xdg => self.base.join("config/litany"),
            Roots::Home => self.base.join("home/.config/litany"),
        }
    }

    /// litany's data root (where `tools/` is).
    pub fn data_root(&self) -> PathBuf {
        match self.roots {
            Roots::LitanyHome => self.base.join("litany-home"),
            Roots::Xdg => self.base.join("data/litany"),
            Roots::Home => self.base.join("home/.local/share/litany"),
        }
    }

    pub fn env(&self, command: &mut Command) {
        let path = format!(
            "{}:{}",
            self.bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        command
            .env("PATH", path)
            .env("HOME", self.base.join("home"))
            .env("XDG_CACHE_HOME", self.base.join("cache"))
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
        match self.roots {
            Roots::LitanyHome => {
                command
                    .env("LITANY_HOME", self.base.join("litany-home"))
                    .env("XDG_CONFIG_HOME", self.base.join("config"))
                    .env("XDG_DATA_HOME", self.base.join("data"));
            }
            Roots::Xdg => {
                command
                    .env_remove("LITANY_HOME")
                    .env("XDG_CONFIG_HOME", self.base.join("config"))
                    .env("XDG_DATA_HOME", self.base.join("data"));
            }
            Roots::Home => {
                command
                    .env_remove("LITANY_HOME")
                    .env_remove("XDG_CONFIG_HOME")
                    .env_remove("XDG_DATA_HOME");
            }
        }
    }

    pub fn litany(&self, args: &[&str]) -> Output {
        let mut command = Command::new(self.bin.join("litany"));
        command.args(args);
        self.env(&mut command);
        command.output().unwrap()
    }

    pub fn wicket(&self, args: &[&str]) -> Output {
        let mut command = Command::new(wicket_bin());
        command.args(args);
        self.env(&mut command);
        command.output().unwrap()
    }

    /// `wicket run -- litany <args…>`, as the README has an operator run
    /// litany inside the wall (`litany` found on PATH).
    pub fn in_wall(&self, args: &[&str]) -> Output {
        let mut argv = vec!["run", "--", "litany"];
        argv.extend_from_slice(args);
        self.wicket(&argv)
    }

    /// `litany prompt` (optionally through `wicket run`); the new agent's id.
    pub fn prompt(&self, message: &str, confined: bool) -> (Output, String) {
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

    pub fn agents(&self) -> Vec<String> {
        let refs = git(
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

    pub fn worktree(&self, agent: &str) -> PathBuf {
        self.ws.join("agents").join(agent)
    }

    pub fn hold_mark(&self, agent: &str) -> Option<Value> {
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

    /// The rows of `<ws>/.wicket/trail.jsonl` (none when it is absent).
    pub fn trail(&self) -> Vec<Value> {
        std::fs::read_to_string(self.ws.join(".wicket/trail.jsonl"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    }

    /// Wait until no process holds any agent's lock (litany may run on in
    /// the background after a command returns).
    pub fn settle(&self) {
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
    pub fn wait_for(&self, path: &Path) -> bool {
        self.wait_until(|| path.exists())
    }

    /// Wait (up to 60 s) until `done` holds, then for litany to settle.
    pub fn wait_until(&self, done: impl Fn() -> bool) -> bool {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if done() {
                self.settle();
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }
}

/// workflow.yaml without the titler's two bindings, every other line kept.
pub fn drop_titler(text: &str) -> String {
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
pub fn commit_files(repo: &Path, lineage: &str, files: &[(&str, String)]) {
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

pub fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed ({:?}): {}\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
