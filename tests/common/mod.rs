//! A litany workspace built the way litany builds it (a bare `repo.git` on
//! `config/default`, agents as `git worktree add -b agents/<id>`, config
//! commits and marks made with git plumbing), and `wicket` spawned exactly as
//! litany spawns a tool control: no argv, cwd = the workspace, the request on
//! stdin, `LITANY_CONV_REPO` and `LITANY_CONV_BRANCH` set.
#![allow(dead_code)]

pub mod litany;
pub mod schema;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

pub const AGENT: &str = "20261129T181730Z-1c32bb5e";
pub const CHILD: &str = "20261129T181730Z-1c32bb5e-20261129T181801Z-deadbeef";
pub const OTHER: &str = "20261129T190000Z-0badc0de";

pub fn wicket_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_wicket"))
}

/// Copy a program to `to` so that it can be run at once. The copy is made by
/// `cp` in its own process: were it written here, a child forked by another
/// test thread while the file was open for writing would keep that
/// descriptor until its exec, and running the copy would fail with ETXTBSY.
#[allow(dead_code)]
pub fn copy_program(from: &Path, to: &Path) {
    let out = std::process::Command::new("cp")
        .arg("--")
        .arg(from)
        .arg(to)
        .output()
        .expect("cp runs");
    assert!(
        out.status.success(),
        "cp {} {}: {}",
        from.display(),
        to.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Write an executable file at `to` holding `contents`, safe to run at once
/// (see [`copy_program`]): written beside it, then copied into place by `cp`.
#[allow(dead_code)]
pub fn write_program(to: &Path, contents: impl AsRef<[u8]>) {
    let draft = to.with_file_name(format!(
        ".{}.draft",
        to.file_name().unwrap().to_string_lossy()
    ));
    std::fs::write(&draft, contents).unwrap();
    std::fs::set_permissions(&draft, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    copy_program(&draft, to);
    std::fs::remove_file(&draft).unwrap();
}

/// The example and testing plugins, built from source by the build script.
pub fn plugin(name: &str) -> PathBuf {
    PathBuf::from(env!("WICKET_PLUGIN_COMPONENTS")).join(format!("{name}.wasm"))
}

/// A custom section (id 0: a name, then bytes nothing reads), valid at the
/// end of a component as of a module.
pub fn custom_section(name: &str, payload: &[u8]) -> Vec<u8> {
    fn leb(mut n: usize, out: &mut Vec<u8>) {
        loop {
            let byte = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                out.push(byte);
                return;
            }
            out.push(byte | 0x80);
        }
    }
    let mut body = Vec::new();
    leb(name.len(), &mut body);
    body.extend_from_slice(name.as_bytes());
    body.extend_from_slice(payload);
    let mut out = vec![0];
    leb(body.len(), &mut out);
    out.extend(body);
    out
}

/// The sha256 of `bytes`, in hex, as a policy pins it.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `bytes` (a component) made exactly `size` bytes long by a custom section
/// at its end: another plugin of that size that does the same.
pub fn padded_to(bytes: &[u8], size: usize) -> Vec<u8> {
    let room = size - bytes.len();
    assert!((200..16_000).contains(&room), "a two-byte section size");
    // id, two bytes of size, then the name's length and "pad".
    let mut out = bytes.to_vec();
    out.extend(custom_section("pad", &vec![0; room - 3 - 4]));
    assert_eq!(out.len(), size);
    out
}

/// `wicket-compile`, built beside `wicket` (`./dev test` builds it first).
pub fn compiler_bin() -> PathBuf {
    let path = wicket_bin().with_file_name("wicket-compile");
    assert!(
        path.is_file(),
        "{} is missing: build it with `cargo build --release --features compiler --bin wicket-compile` (./dev test does)",
        path.display()
    );
    path
}

/// The plugin files a policy's `classifiers:` names (absolute paths only).
pub fn plugin_paths(policy: &str) -> Vec<PathBuf> {
    policy
        .lines()
        .filter_map(|l| l.trim().trim_start_matches("- ").strip_prefix("path: "))
        .map(|p| PathBuf::from(p.trim()))
        .filter(|p| p.is_absolute() && p.is_file())
        .collect()
}

pub struct Ws {
    pub tmp: tempfile::TempDir,
    pub root: PathBuf,
    pub home: PathBuf,
    pub cache: PathBuf,
}

pub fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=litany",
            "-c",
            "user.email=litany@test.invalid",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .env_remove("GIT_INDEX_FILE")
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

fn git_stdin(dir: &Path, args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new("git")
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("git runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "git {args:?} failed");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

impl Ws {
    /// A workspace with one config commit (`workflow.yaml`, and
    /// `capability.yaml` when given) and one agent.
    pub fn new(policy: Option<&str>) -> Ws {
        let tmp = tempfile::Builder::new()
            .prefix("wicket-e2e-")
            .tempdir()
            .unwrap();
        let base = std::fs::canonicalize(tmp.path()).unwrap();
        let root = base.join("ws");
        let home = base.join("home");
        let cache = base.join("cache");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir_all(home.join(".ssh")).unwrap();
        std::fs::write(home.join(".ssh/id_rsa"), "key").unwrap();
        git(
            &root,
            &[
                "init",
                "--quiet",
                "--bare",
                "-b",
                "config/default",
                "repo.git",
            ],
        );
        let ws = Ws {
            tmp,
            root,
            home,
            cache,
        };
        ws.commit_config("config/default", None, policy);
        ws.add_agent(AGENT, "config/default");
        ws
    }

    pub fn repo(&self) -> PathBuf {
        self.root.join("repo.git")
    }

    pub fn worktree(&self, agent: &str) -> PathBuf {
        self.root.join("agents").join(agent)
    }

    /// A config commit on `lineage` (parent: `from`, else the lineage's tip,
    /// else none), made with plumbing as litany's own `config` pass would.
    pub fn commit_config(&self, lineage: &str, from: Option<&str>, policy: Option<&str>) -> String {
        let repo = self.repo();
        let mut entries = Vec::new();
        let workflow = git_stdin(
            &repo,
            &["--git-dir", ".", "hash-object", "-w", "--stdin"],
            b"events: {}\n",
        );
        entries.push(format!("100644 blob {workflow}\tworkflow.yaml"));
        let version = git_stdin(
            &repo,
            &["--git-dir", ".", "hash-object", "-w", "--stdin"],
            b"2\n",
        );
        entries.push(format!("100644 blob {version}\tversion"));
        if let Some(policy) = policy {
            let blob = git_stdin(
                &repo,
                &["--git-dir", ".", "hash-object", "-w", "--stdin"],
                policy.as_bytes(),
            );
            entries.push(format!("100644 blob {blob}\tcapability.yaml"));
            // Compile the plugins it names, as `wicket init` would: a cold
            // plugin's first consult is a hold (its own tests show that).
            self.compile(&plugin_paths(policy));
        }
        let tree = git_stdin(
            &repo,
            &["--git-dir", ".", "mktree"],
            entries.join("\n").as_bytes(),
        );
        let parent = from.map(str::to_owned).or_else(|| {
            let out = Command::new("git")
                .args(["--git-dir"])
                .arg(&repo)
                .args([
                    "rev-parse",
                    "--verify",
                    "--quiet",
                    &format!("refs/heads/{lineage}"),
                ])
                .output()
                .ok()?;
            out.status
                .success()
                .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        });
        let mut args = vec![
            "--git-dir",
            ".",
            "-c",
            "user.name=litany",
            "-c",
            "user.email=litany@test.invalid",
            "commit-tree",
            &tree,
            "-m",
        ];
        let message = format!("config: advance [{lineage}]");
        args.push(&message);
        let parent_arg;
        if let Some(p) = &parent {
            parent_arg = p.clone();
            args.push("-p");
            args.push(&parent_arg);
        }
        let commit = git(&repo, &args);
        git(
            &repo,
            &[
                "--git-dir",
                ".",
                "update-ref",
                &format!("refs/heads/{lineage}"),
                &commit,
            ],
        );
        commit
    }

    /// An agent forked from `lineage`'s tip, with its worktree, as litany
    /// makes one (`git worktree add -b agents/<id>`, then a dispatch commit).
    pub fn add_agent(&self, id: &str, from: &str) {
        let worktree = self.worktree(id);
        git(
            &self.root,
            &[
                "--git-dir",
                "repo.git",
                "worktree",
                "add",
                "--quiet",
                "-b",
                &format!("agents/{id}"),
                &worktree.to_string_lossy(),
                from,
            ],
        );
        std::fs::create_dir_all(worktree.join("src")).unwrap();
        std::fs::write(worktree.join("src/main.rs"), "fn main() {}\n").unwrap();
        git(&worktree, &["add", "-A"]);
        git(
            &worktree,
            &[
                "commit",
                "--quiet",
                "--allow-empty",
                "-m",
                &format!("dispatch: worker [{id}]"),
            ],
        );
    }

    /// Compile plugins into this workspace's compile cache.
    pub fn compile(&self, plugins: &[PathBuf]) {
        if plugins.is_empty() {
            return;
        }
        let out = Command::new(compiler_bin())
            .arg("--cache")
            .arg(self.cache.join("wicket"))
            .args(plugins)
            .output()
            .expect("wicket-compile runs");
        // A plugin that is meant not to compile (garbage, a core module)
        // fails here; its consults say so.
        let _ = out;
    }

    /// litany's hold mark: a blob of one JSON line, then `update-ref`.
    pub fn hold(&self, agent: &str, tool_use_id: &str, tool: &str, reason: &str) {
        let line = json!({"tool_use_id": tool_use_id, "tool": tool, "reason": reason}).to_string();
        let tmp = self
            .repo()
            .join(format!("hold-mark.{}.tmp", std::process::id()));
        std::fs::write(&tmp, &line).unwrap();
        let blob = git(
            &self.repo(),
            &[
                "--git-dir",
                ".",
                "hash-object",
                "-w",
                "--",
                &tmp.to_string_lossy(),
            ],
        );
        std::fs::remove_file(&tmp).unwrap();
        git(
            &self.repo(),
            &[
                "--git-dir",
                ".",
                "update-ref",
                &format!("refs/litany/held/{agent}"),
                &blob,
            ],
        );
    }

    /// litany's cwd mark.
    pub fn cwd_mark(&self, agent: &str, dir: &Path) {
        let blob = git_stdin(
            &self.repo(),
            &["--git-dir", ".", "hash-object", "-w", "--stdin"],
            dir.to_string_lossy().as_bytes(),
        );
        git(
            &self.repo(),
            &[
                "--git-dir",
                ".",
                "update-ref",
                &format!("refs/litany/cwd/{agent}"),
                &blob,
            ],
        );
    }

    /// Spawn wicket as litany spawns its control.
    pub fn consult_raw(&self, agent: &str, stdin: &[u8], extra_env: &[(&str, &str)]) -> Consulted {
        self.consult_through(Command::new(wicket_bin()), agent, stdin, extra_env)
    }

    /// [`Ws::consult_raw`] with `command` as what runs the control (wicket
    /// itself, or a program that runs it, such as `setpriv … wicket`).
    pub fn consult_through(
        &self,
        mut command: Command,
        agent: &str,
        stdin: &[u8],
        extra_env: &[(&str, &str)],
    ) -> Consulted {
        command
            .current_dir(&self.root)
            .env("LITANY_CONV_REPO", &self.root)
            .env("LITANY_CONV_BRANCH", agent)
            .env("HOME", &self.home)
            .env("XDG_CACHE_HOME", &self.cache)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (k, v) in extra_env {
            command.env(k, v);
        }
        let started = Instant::now();
        let mut child = command.spawn().expect("wicket runs");
        let mut input = child.stdin.take().unwrap();
        input.write_all(stdin).unwrap();
        drop(input);
        let output = child.wait_with_output().unwrap();
        Consulted {
            output,
            took: started.elapsed(),
        }
    }

    /// `wicket ARGS` as the operator runs it here: this workspace's home and
    /// cache, no litany on PATH.
    /// `wicket init` on this workspace, as an operator runs it from a shell
    /// whose PATH is this process's (or `path`): it must succeed.
    pub fn init(&self, path: Option<&str>) {
        let mut init = Command::new(wicket_bin());
        init.args(["init", self.root.to_str().unwrap()])
            .env("HOME", &self.home)
            .env("XDG_CACHE_HOME", &self.cache)
            .env_remove("WICKET_LITANY");
        if let Some(path) = path {
            init.env("PATH", path);
        }
        let out = init.output().unwrap();
        assert!(
            out.status.success(),
            "wicket init: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    pub fn operator(&self, args: &[&str]) -> Output {
        Command::new(wicket_bin())
            .args(args)
            .env("HOME", &self.home)
            .env("XDG_CACHE_HOME", &self.cache)
            .env("PATH", "/usr/bin:/bin")
            .env_remove("WICKET_LITANY")
            .output()
            .unwrap()
    }

    pub fn consult(&self, tool: &str, input: Value) -> Consulted {
        self.consult_as(AGENT, "toolu_01", tool, input)
    }

    pub fn consult_as(&self, agent: &str, id: &str, tool: &str, input: Value) -> Consulted {
        let request =
            json!({"id": id, "name": tool, "input": input, "role": "worker", "agent_id": agent});
        self.consult_raw(agent, request.to_string().as_bytes(), &[])
    }
}

pub struct Consulted {
    pub output: Output,
    pub took: Duration,
}

impl Consulted {
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }

    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    /// The verdict, asserting the seam's shape: exit 0, one JSON line.
    pub fn verdict(&self) -> Value {
        assert_eq!(
            self.output.status.code(),
            Some(0),
            "wicket exited non-zero: {}",
            self.stderr()
        );
        let text = self.stdout();
        assert!(
            text.ends_with('\n') && text.matches('\n').count() == 1,
            "not one line: {text:?}"
        );
        let value: Value = serde_json::from_str(&text).expect("a JSON verdict");
        let word = value["verdict"].as_str().expect("a verdict word");
        match word {
            "pass" => assert_eq!(
                value.as_object().unwrap().len(),
                1,
                "a pass carries no reason: {text}"
            ),
            "refuse" | "hold" => {
                assert_eq!(value.as_object().unwrap().len(), 2, "{text}");
                assert!(!value["reason"].as_str().unwrap_or("").is_empty(), "{text}");
            }
            other => panic!("unknown verdict {other}"),
        }
        value
    }

    pub fn word(&self) -> String {
        self.verdict()["verdict"].as_str().unwrap().to_owned()
    }

    pub fn reason(&self) -> String {
        self.verdict()["reason"].as_str().unwrap_or("").to_owned()
    }
}

/// Run `wicket <args>` as an operator would, with a fake `litany` on PATH that
/// records its argv into `<tmp>/litany-calls`.
pub fn operator(ws: &Ws, args: &[&str]) -> std::process::Output {
    let bin = ws.tmp.path().join("fake-bin");
    std::fs::create_dir_all(&bin).unwrap();
    let litany = bin.join("litany");
    if !litany.exists() {
        let log = ws.tmp.path().join("litany-calls");
        write_program(
            &litany,
            format!("#!/bin/sh\necho \"$@\" >> {}\n", log.display()),
        );
    }
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new(wicket_bin())
        .args(args)
        .env("PATH", path)
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", &ws.cache)
        .env_remove("WICKET_LITANY")
        .output()
        .expect("wicket runs")
}

/// How long a detached launch is given to reach the fake litany.
pub const LAUNCH_WAIT: Duration = Duration::from_millis(2000);

/// What the fake litany was asked to do, waiting (at most [`LAUNCH_WAIT`])
/// for detached launches: until `expected` calls arrived, or more than that
/// (which is already wrong). Expecting none waits the whole time, so "nothing
/// was launched" is checked after a launch could have written, not before.
pub fn litany_calls(ws: &Ws, expected: usize) -> Vec<String> {
    let log = ws.tmp.path().join("litany-calls");
    let read = || -> Vec<String> {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let started = Instant::now();
    while started.elapsed() < LAUNCH_WAIT {
        let lines = read();
        if lines.len() > expected || (expected > 0 && lines.len() == expected) {
            return lines;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    read()
}

/// The trail's rows, as JSON (not the checkpoints and indexes writers leave
/// in it).
pub fn trail_rows(ws: &Ws) -> Vec<Value> {
    std::fs::read_to_string(ws.root.join(".wicket/trail.jsonl"))
        .unwrap_or_default()
        .lines()
        .filter(|l| {
            !l.starts_with(r#"{"row":"checkpoint","#)
                && !l.starts_with(r#"{"restated":"#)
                && !l.starts_with(r#"{"row":"index","#)
        })
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

impl Ws {
    /// Park a call as litany does: consult, and on hold write the mark with
    /// the control's own reason. Returns the verdict word.
    pub fn park(&self, agent: &str, id: &str, tool: &str, input: Value) -> String {
        let out = self.consult_as(agent, id, tool, input.clone());
        let verdict = out.verdict();
        if verdict["verdict"] == "hold" {
            self.transcript(agent, id, tool, &input);
            self.hold(agent, id, tool, verdict["reason"].as_str().unwrap());
        }
        verdict["verdict"].as_str().unwrap().to_owned()
    }

    /// The model's entry holding a `tool_use`, committed on the agent's
    /// branch as litany commits it (`messages/NNN-<model>.json`).
    pub fn transcript(&self, agent: &str, id: &str, tool: &str, input: &Value) {
        let worktree = self.worktree(agent);
        let messages = worktree.join("messages");
        std::fs::create_dir_all(&messages).unwrap();
        let next = std::fs::read_dir(&messages).unwrap().count() + 1;
        let entry =
            json!({"content": [{"type": "tool_use", "id": id, "name": tool, "input": input}]});
        std::fs::write(
            messages.join(format!("{next:03}-mock-model.json")),
            entry.to_string(),
        )
        .unwrap();
        git(&worktree, &["add", "-A"]);
        git(&worktree, &["commit", "--quiet", "-m", "step"]);
    }
}

/// A child process that is killed and reaped when the test lets go of it,
/// also when the test fails first: a long-running verb (`status --watch`)
/// must not outlive the test that started it.
pub struct Reaped(pub std::process::Child);

impl std::ops::Deref for Reaped {
    type Target = std::process::Child;
    fn deref(&self) -> &std::process::Child {
        &self.0
    }
}

impl std::ops::DerefMut for Reaped {
    fn deref_mut(&mut self) -> &mut std::process::Child {
        &mut self.0
    }
}

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
