//! Issue #10, finding by finding: nothing the agent can write decides a
//! verdict. Each test reproduces a finding as the issue describes it — with
//! git plumbing on a real workspace, damaged files, hostile policies, fake
//! programs on PATH — through the spawned binary, and shows the fixed
//! behaviour with the sentence the operator and the model get.

mod common;

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};

/// The policy the attacks below try to get around: network egress refused.
const REFUSE_OPEN_WORLD: &str = "table:\n  open-world: refuse\n";

/// A call above read that the shipped table would pass.
const CURL: &str = "curl https://example.com";

/// The sentence every unreadable-policy hold carries.
const UNREADABLE: &str =
    "Held because wicket could not read this agent's policy: capability.yaml in config commit";

/// The consult's bound (consult.rs `CONSULT_BOUND`).
const BOUND: Duration = Duration::from_millis(3000);

fn bash(command: &str) -> Value {
    json!({ "command": command })
}

fn root(ws: &Ws) -> String {
    ws.root.to_string_lossy().into_owned()
}

/// `git --git-dir repo.git …`, run in the repository.
fn repo_git(ws: &Ws, args: &[&str]) -> String {
    let mut all = vec!["--git-dir", "."];
    all.extend_from_slice(args);
    git(&ws.repo(), &all)
}

/// The id of `capability.yaml` in the config lineage's tip, as the objects
/// say (replace refs ignored).
fn policy_blob(ws: &Ws) -> String {
    repo_git(
        ws,
        &[
            "--no-replace-objects",
            "rev-parse",
            "config/default:capability.yaml",
        ],
    )
}

/// Where git keeps an object loose.
fn loose(ws: &Ws, oid: &str) -> PathBuf {
    ws.repo().join("objects").join(&oid[..2]).join(&oid[2..])
}

/// Overwrite a file git made read-only.
fn overwrite(path: &Path, bytes: &[u8]) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// `wicket explain --json` of one request, as the operator runs it.
fn explain(ws: &Ws, agent: &str, id: &str, tool: &str, input: Value) -> Value {
    let request = ws.tmp.path().join(format!("explain-{id}.json"));
    std::fs::write(
        &request,
        json!({"id": id, "name": tool, "input": input, "role": "worker", "agent_id": agent})
            .to_string(),
    )
    .unwrap();
    let out = bounded(
        wicket(
            ws,
            &[
                "explain",
                &root(ws),
                "--request",
                &request.to_string_lossy(),
                "--json",
            ],
        ),
        Duration::from_secs(20),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "explain failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stdout)))
}

/// `wicket <args>` with the workspace's home and cache.
fn wicket(ws: &Ws, args: &[&str]) -> Command {
    let mut command = Command::new(wicket_bin());
    command
        .args(args)
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", &ws.cache)
        .env_remove("WICKET_LITANY");
    command
}

/// `wicket status`, human and JSON.
fn status(ws: &Ws) -> (String, Value) {
    let human = bounded(wicket(ws, &["status", &root(ws)]), Duration::from_secs(20));
    assert_eq!(
        human.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&human.stderr)
    );
    let json = bounded(
        wicket(ws, &["status", &root(ws), "--json"]),
        Duration::from_secs(20),
    );
    (
        String::from_utf8_lossy(&human.stdout).into_owned(),
        serde_json::from_slice(&json.stdout).expect("status --json"),
    )
}

/// Run a command with nothing on stdin, failing the test (and killing it) if
/// it has not returned within `limit`: a hang is a failure, not a wait.
fn bounded(mut command: Command, limit: Duration) -> Output {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = command.spawn().expect("spawns");
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(limit) {
        Ok(out) => out.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("{command:?} did not return within {limit:?}");
        }
    }
}

/// The parent directory every path of a `Ws` lives in.
fn base(ws: &Ws) -> PathBuf {
    ws.root.parent().unwrap().to_path_buf()
}

// ---------------------------------------------------------------------------
// Finding 1: replace refs redirect the policy.

/// `git hash-object -w /dev/null`, `git update-ref refs/replace/<policy blob>
/// <empty blob>`: git now reads an empty policy, loose and after `git gc`.
/// wicket reads the objects themselves, so `open-world: refuse` still
/// refuses, byte for byte the same verdict.
#[test]
fn a_replace_ref_over_the_policy_blob_changes_nothing_loose_or_packed() {
    let ws = Ws::new(Some(REFUSE_OPEN_WORLD));
    let before = ws.consult("bash", bash(CURL));
    assert_eq!(before.word(), "refuse", "{}", before.stdout());
    assert!(
        before.reason().contains("classified open-world"),
        "{}",
        before.reason()
    );
    let blob = policy_blob(&ws);
    let empty = repo_git(&ws, &["hash-object", "-w", "/dev/null"]);
    repo_git(
        &ws,
        &["update-ref", &format!("refs/replace/{blob}"), &empty],
    );
    // The attack is real: git itself now reads no policy at all.
    assert_eq!(
        repo_git(&ws, &["show", "config/default:capability.yaml"]),
        ""
    );
    assert_eq!(ws.consult("bash", bash(CURL)).stdout(), before.stdout());

    // Packed: the path the issue found reading through git.
    repo_git(&ws, &["gc", "--quiet", "--prune=now"]);
    repo_git(&ws, &["pack-refs", "--all"]);
    assert!(!loose(&ws, &blob).exists(), "the policy blob is packed");
    assert!(
        !ws.repo().join("refs/replace").join(&blob).exists(),
        "the replace ref is packed"
    );
    assert_eq!(
        repo_git(&ws, &["show", "config/default:capability.yaml"]),
        ""
    );
    assert_eq!(ws.consult("bash", bash(CURL)).stdout(), before.stdout());

    // The operator's tools read the same policy.
    let (human, json) = status(&ws);
    assert!(human.contains("table: open-world: refuse"), "{human}");
    assert_eq!(json["lineages"][0]["policy"], "read", "{json}");
    let trace = explain(&ws, AGENT, "t", "bash", bash(CURL));
    assert_eq!(trace["verdict"]["verdict"], "refuse", "{trace}");
}

/// The same redirection one level up: a replace ref over the config
/// commit's tree (a tree without `capability.yaml`), and one over the
/// config commit itself. git sees no policy; wicket still reads it.
#[test]
fn a_replace_ref_over_the_config_tree_or_commit_changes_nothing() {
    let ws = Ws::new(Some(REFUSE_OPEN_WORLD));
    let before = ws.consult("bash", bash(CURL));
    assert_eq!(before.word(), "refuse");
    let commit = repo_git(&ws, &["rev-parse", "config/default"]);
    let tree = repo_git(&ws, &["rev-parse", "config/default^{tree}"]);
    let entries: String = repo_git(&ws, &["ls-tree", &tree])
        .lines()
        .filter(|l| !l.ends_with("\tcapability.yaml"))
        .map(|l| format!("{l}\n"))
        .collect();
    let bare_tree = {
        let mut child = Command::new("git")
            .args(["--git-dir", ".", "mktree"])
            .current_dir(ws.repo())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(entries.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    };
    repo_git(
        &ws,
        &["update-ref", &format!("refs/replace/{tree}"), &bare_tree],
    );
    assert!(
        !repo_git(&ws, &["ls-tree", "--name-only", "config/default"]).contains("capability.yaml"),
        "git no longer sees the policy"
    );
    assert_eq!(ws.consult("bash", bash(CURL)).stdout(), before.stdout());

    repo_git(&ws, &["update-ref", "-d", &format!("refs/replace/{tree}")]);
    let forged = repo_git(
        &ws,
        &[
            "-c",
            "user.name=agent",
            "-c",
            "user.email=agent@test.invalid",
            "commit-tree",
            &bare_tree,
            "-m",
            "config: advance [config/default]",
        ],
    );
    repo_git(
        &ws,
        &["update-ref", &format!("refs/replace/{commit}"), &forged],
    );
    assert!(
        !repo_git(&ws, &["ls-tree", "--name-only", "config/default"]).contains("capability.yaml"),
        "git no longer sees the policy"
    );
    assert_eq!(ws.consult("bash", bash(CURL)).stdout(), before.stdout());
    repo_git(&ws, &["gc", "--quiet", "--prune=now"]);
    repo_git(&ws, &["pack-refs", "--all"]);
    assert_eq!(ws.consult("bash", bash(CURL)).stdout(), before.stdout());
}

// ---------------------------------------------------------------------------
// Finding 2: an unreadable policy is not an absent one.

/// What every unreadable policy shows: a call above read held with the
/// sentence (and `detail`, what exactly could not be read), a read still
/// passing (reads never wait on the policy), `status` naming the problem
/// instead of "no capability.yaml", and `explain` saying it.
fn assert_unreadable_policy(ws: &Ws, case: &str, detail: &str) {
    let out = ws.consult("bash", bash(CURL));
    assert_eq!(out.word(), "hold", "{case}: {}", out.stdout());
    let reason = out.reason();
    assert!(reason.contains(UNREADABLE), "{case}: {reason}");
    assert!(reason.contains(detail), "{case}: {reason}");
    assert!(!reason.contains("no capability.yaml"), "{case}: {reason}");
    // A write inside the worktree is above read too.
    assert_eq!(
        ws.consult("bash", bash("touch NOTES")).word(),
        "hold",
        "{case}"
    );
    assert_eq!(ws.consult("bash", bash("ls src")).word(), "pass", "{case}");

    let (human, json) = status(ws);
    assert!(!human.contains("no capability.yaml"), "{case}: {human}");
    assert!(
        human.contains("the policy cannot be read"),
        "{case}: {human}"
    );
    assert!(
        json["lineages"][0]["problem"]
            .as_str()
            .is_some_and(|p| p.contains(detail)),
        "{case}: {json}"
    );
    assert_ne!(json["lineages"][0]["policy"], "absent", "{case}: {json}");
    let trace = explain(ws, AGENT, "t", "bash", bash(CURL));
    assert_eq!(
        trace["policy"]["state"]["state"], "unreadable",
        "{case}: {trace}"
    );
    assert_eq!(trace["verdict"]["verdict"], "hold", "{case}: {trace}");
}

/// The policy's blob removed, overwritten with garbage, cut short, or made
/// something that cannot be read as a file (a directory in its place: mode
/// 000 would not stop root, whom these tests may run as). Each is "cannot be
/// read", never "absent".
#[test]
fn a_damaged_loose_policy_holds_every_call_above_read() {
    type Damage = fn(&Ws, &Path);
    let cases: [(&str, Damage, &str); 4] = [
        (
            "missing blob",
            |_, p| std::fs::remove_file(p).unwrap(),
            "has no object",
        ),
        (
            "corrupt blob",
            |_, p| overwrite(p, b"this is not a zlib stream at all"),
            "is corrupt",
        ),
        (
            "truncated blob",
            |_, p| {
                let bytes = std::fs::read(p).unwrap();
                overwrite(p, &bytes[..bytes.len() / 2]);
            },
            "is corrupt",
        ),
        (
            "a directory where the blob's file is",
            |_, p| {
                std::fs::remove_file(p).unwrap();
                std::fs::create_dir(p).unwrap();
            },
            "its path is not a regular file",
        ),
    ];
    for (case, damage, detail) in cases {
        let ws = Ws::new(Some(REFUSE_OPEN_WORLD));
        assert_eq!(ws.consult("bash", bash(CURL)).word(), "refuse", "{case}");
        let blob = loose(&ws, &policy_blob(&ws));
        assert!(blob.is_file(), "{case}: the policy blob is loose");
        damage(&ws, &blob);
        assert_unreadable_policy(&ws, case, detail);
    }
}

/// The config commit's tree gone: the policy cannot be looked up at all.
#[test]
fn a_missing_config_tree_holds_every_call_above_read() {
    let ws = Ws::new(Some(REFUSE_OPEN_WORLD));
    let tree = repo_git(&ws, &["rev-parse", "config/default^{tree}"]);
    std::fs::remove_file(loose(&ws, &tree)).unwrap();
    assert_unreadable_policy(&ws, "missing tree", &format!("has no object {tree}"));
}

/// A damaged pack: after `git gc`, the bytes of the policy's blob inside
/// the pack are overwritten. Everything else in the pack still reads (the
/// agent, its config commit); the policy cannot be, and holds.
#[test]
fn a_damaged_pack_holds_every_call_above_read() {
    let ws = Ws::new(Some(REFUSE_OPEN_WORLD));
    let blob = policy_blob(&ws);
    repo_git(&ws, &["gc", "--quiet", "--prune=now"]);
    assert!(!loose(&ws, &blob).exists(), "the policy blob is packed");
    assert_eq!(ws.consult("bash", bash(CURL)).word(), "refuse");
    let packs = ws.repo().join("objects/pack");
    let idx = std::fs::read_dir(&packs)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "idx"))
        .expect("a pack index");
    // `<oid> <type> <size> <size-in-pack> <offset>`
    let listing = repo_git(&ws, &["verify-pack", "-v", &idx.to_string_lossy()]);
    let row: Vec<&str> = listing
        .lines()
        .find(|l| l.starts_with(&blob))
        .expect("the blob is in the pack")
        .split_whitespace()
        .collect();
    let (in_pack, offset): (u64, u64) = (row[3].parse().unwrap(), row[4].parse().unwrap());
    let pack = idx.with_extension("pack");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&pack, std::fs::Permissions::from_mode(0o644)).unwrap();
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&pack)
            .unwrap();
        // Past the object's header, inside its compressed data.
        let from = offset + in_pack / 2;
        let mut bytes = vec![0u8; (in_pack - in_pack / 2) as usize];
        file.seek(SeekFrom::Start(from)).unwrap();
        file.read_exact(&mut bytes).unwrap();
        for b in &mut bytes {
            *b ^= 0xa5;
        }
        file.seek(SeekFrom::Start(from)).unwrap();
        file.write_all(&bytes).unwrap();
    }
    assert_unreadable_policy(
        &ws,
        "damaged pack",
        &format!("is corrupt: the entry at offset {offset}"),
    );
}

// ---------------------------------------------------------------------------
// Finding 3: the compile cache.

/// A small deterministic generator (xorshift64*), so a failing flip can be
/// replayed from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The `testing-always-refuse` workspace and its compiled artifact's path.
fn refusing_workspace() -> (Ws, PathBuf) {
    use sha2::{Digest, Sha256};
    let policy = format!(
        "classifiers:\n  - path: {}\n",
        plugin("testing-always-refuse").display()
    );
    let ws = Ws::new(Some(&policy));
    let sha: String = Sha256::digest(std::fs::read(plugin("testing-always-refuse")).unwrap())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let engine = std::fs::read_dir(ws.cache.join("wicket"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.is_dir())
        .expect("Ws compiled the plugin into its cache");
    let artifact = engine.join(format!("{sha}.cwasm"));
    assert!(artifact.is_file(), "{}", artifact.display());
    (ws, artifact)
}

/// Whether a `wicket-compile` for this cache is still running.
fn compiling(cache: &Path) -> bool {
    let cache = cache.to_string_lossy().into_owned();
    std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        std::fs::read(entry.path().join("cmdline")).is_ok_and(|c| {
            let text = String::from_utf8_lossy(&c);
            text.contains("wicket-compile") && text.contains(&cache)
        })
    })
}

/// Wait (bounded) until the background compilations a rejected artifact
/// started are done and the plugin refuses again from an intact artifact.
fn settle(ws: &Ws) {
    let started = Instant::now();
    loop {
        if !compiling(&ws.cache) && ws.consult("bash", bash("ls")).word() == "refuse" {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the artifact was never compiled again"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// One consult over a damaged artifact: a verdict (exit 0, one JSON line:
/// `verdict()` asserts it), and never a pass where the intact artifact
/// refuses. Which of hold (rejected: "not compiled yet") or refuse (a
/// background compilation already wrote an intact one) depends on timing.
fn never_passes(ws: &Ws, what: &str) -> String {
    let out = ws.consult("bash", bash("ls"));
    let word = out.word();
    assert_ne!(word, "pass", "{what}: {}", out.stdout());
    if word == "hold" {
        assert!(
            out.reason().contains("is not compiled yet"),
            "{what}: {}",
            out.reason()
        );
    }
    word
}

/// The issue's first cache attack: another plugin's compiled code copied
/// where the default classifier's artifact would be. The default is compiled
/// into the binary, so no file stands in for it: `rm -rf /` and reading
/// `~/.ssh/id_rsa` are still refused, and `explain` says where its code came
/// from.
#[test]
fn another_plugins_code_planted_as_the_default_classifiers_changes_nothing() {
    let policy = format!(
        "classifiers:\n  - path: {}\n",
        plugin("testing-abstain").display()
    );
    let ws = Ws::new(Some(&policy));
    let trace = explain(&ws, AGENT, "t", "bash", bash("rm -rf /"));
    assert_eq!(trace["plugins"][0]["cache"]["cache"], "embedded", "{trace}");
    assert_eq!(trace["plugins"][1]["cache"]["cache"], "hit", "{trace}");
    let default_sha = trace["plugins"][0]["sha256"].as_str().unwrap();
    let abstain_sha = trace["plugins"][1]["sha256"].as_str().unwrap();
    let engine = std::fs::read_dir(ws.cache.join("wicket"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.is_dir())
        .unwrap();
    std::fs::copy(
        engine.join(format!("{abstain_sha}.cwasm")),
        engine.join(format!("{default_sha}.cwasm")),
    )
    .unwrap();
    let ssh = ws.home.join(".ssh/id_rsa");
    for command in ["rm -rf /".to_owned(), format!("cat {}", ssh.display())] {
        let out = ws.consult("bash", bash(&command));
        assert_eq!(out.word(), "refuse", "{command}: {}", out.stdout());
    }
    let trace = explain(&ws, AGENT, "t", "bash", bash("rm -rf /"));
    assert_eq!(trace["plugins"][0]["cache"]["cache"], "embedded", "{trace}");
    assert_eq!(trace["verdict"]["verdict"], "refuse", "{trace}");
}

/// Random single-bit flips (60, seeded) and truncations of the refusing
/// plugin's compiled artifact: never a pass, never a crash without a verdict.
/// Each damage is rewritten just before its consult, over whatever a
/// background compilation wrote since.
#[test]
fn flipped_bits_and_truncations_of_an_artifact_never_pass_or_crash() {
    let (ws, artifact) = refusing_workspace();
    assert_eq!(ws.consult("bash", bash("ls")).word(), "refuse");
    let intact = std::fs::read(&artifact).unwrap();
    let mut rng = Rng(0x5eed_1a2b_3c4d_5e6f);
    let mut held = 0;
    for round in 0..60 {
        let mut damaged = intact.clone();
        let at = rng.below(damaged.len());
        let bit = rng.below(8);
        damaged[at] ^= 1 << bit;
        overwrite(&artifact, &damaged);
        if never_passes(&ws, &format!("flip {round}: bit {bit} of byte {at}")) == "hold" {
            held += 1;
        }
    }
    let len = intact.len();
    let cuts = [
        0,
        1,
        8,
        39,
        40,
        41,
        len / 3,
        len / 2,
        len - 41,
        len - 40,
        len - 39,
        len - 1,
    ];
    for cut in cuts {
        overwrite(&artifact, &intact[..cut]);
        if never_passes(&ws, &format!("cut to {cut} of {len} bytes")) == "hold" {
            held += 1;
        }
    }
    // Not every one raced a recompilation: most were rejected outright.
    assert!(
        held > 36,
        "only {held} of 72 damaged artifacts were rejected"
    );
    settle(&ws);
    assert_eq!(
        std::fs::read(&artifact).unwrap(),
        intact,
        "recompiled the same"
    );
}

/// The artifact rewritten again and again (intact, damaged, cut) while
/// consults load it: each consult reads the bytes into its own memory, so
/// none crashes and none passes.
#[test]
fn an_artifact_rewritten_under_running_consults_never_passes_or_crashes() {
    let (ws, artifact) = refusing_workspace();
    let intact = std::fs::read(&artifact).unwrap();
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            let mut rng = Rng(0xdead_beef_cafe_f00d);
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let mut bytes = intact.clone();
                match rng.below(3) {
                    0 => {}
                    1 => {
                        let at = rng.below(bytes.len());
                        bytes[at] ^= 0x40;
                    }
                    _ => bytes.truncate(rng.below(bytes.len())),
                }
                // Written in place (truncate, then write): a reader can see
                // any prefix.
                overwrite(&artifact, &bytes);
                std::thread::sleep(Duration::from_millis(rng.below(5) as u64));
            }
        });
        for round in 0..30 {
            never_passes(&ws, &format!("round {round}"));
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    overwrite(&artifact, &intact);
    settle(&ws);
}

// ---------------------------------------------------------------------------
// Finding 4: hostile policy text.

/// About 24 KB of nested `[`, of nested `{`, and of ever deeper indentation:
/// the consult, `explain` and `status` each answer (exit 0) with the
/// diagnostic and its line; the consult holds.
#[test]
fn a_policy_nested_past_its_bounds_is_a_diagnostic_not_a_crash() {
    let brackets = format!("table: {}{}\n", "[".repeat(12_000), "]".repeat(12_000));
    let braces = format!("table: {}{}\n", "{".repeat(12_000), "}".repeat(12_000));
    let unclosed = format!("table: {}\n", "[".repeat(24_000));
    let indented: String = (0..220)
        .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
        .collect();
    let listed: String = (0..220).map(|i| format!("{}-\n", " ".repeat(i))).collect();
    assert!(indented.len() > 24_000 && listed.len() > 24_000);
    for (case, text, line, needle) in [
        ("nested [", brackets, 1, "nest deeper than the 32 levels"),
        ("nested {", braces, 1, "nest deeper than the 32 levels"),
        ("unclosed [", unclosed, 1, "nest deeper than the 32 levels"),
        (
            "deep indentation",
            indented,
            66,
            "indented 65 spaces, deeper than the 64",
        ),
        (
            "deep list",
            listed,
            66,
            "indented 65 spaces, deeper than the 64",
        ),
    ] {
        let ws = Ws::new(Some(&text));
        let out = ws.consult("bash", bash("cargo build"));
        assert_eq!(out.word(), "hold", "{case}: {}", out.stdout());
        let reason = out.reason();
        assert!(
            reason.contains("Held because capability.yaml in config commit")
                && reason.contains(&format!("line {line}: "))
                && reason.contains(needle),
            "{case}: {reason}"
        );
        assert_eq!(ws.consult("bash", bash("ls")).word(), "pass", "{case}");
        let trace = explain(&ws, AGENT, "t", "bash", bash("cargo build"));
        assert_eq!(trace["verdict"]["verdict"], "hold", "{case}: {trace}");
        assert_eq!(trace["policy"]["diagnostics"][0]["line"], line, "{case}");
        let (human, _) = status(&ws);
        assert!(
            human.contains(&format!("cannot read line {line}: ")) && human.contains(needle),
            "{case}: {human}"
        );
    }
}

/// `confinement: required` then `confinement: none`: a diagnostic naming
/// both lines, and confinement is not turned off — outside the wall the gate
/// still refuses, citing the line that required it; inside the wall the
/// duplicate holds every call above read with its sentence.
#[test]
fn a_key_written_twice_names_both_lines_and_confinement_stays_on() {
    let ws = Ws::new(Some("confinement: required\nconfinement: none\n"));
    let twice = "`confinement` is written twice (lines 1 and 2); keep one";
    let out = ws.consult("bash", bash("cargo build"));
    assert_eq!(out.word(), "refuse", "{}", out.stdout());
    assert!(
        out.reason()
            .contains("requires confinement (capability.yaml line 1"),
        "{}",
        out.reason()
    );
    let trace = explain(&ws, AGENT, "t", "bash", bash("cargo build"));
    assert_eq!(trace["policy"]["confinement_line"], 1, "{trace}");
    assert!(
        trace["policy"]["diagnostics"][0]["message"]
            .as_str()
            .is_some_and(|m| m.contains(twice)),
        "{trace}"
    );
    let (human, json) = status(&ws);
    assert!(human.contains("confinement: required (line 1)"), "{human}");
    assert!(
        human.contains(&format!("cannot read line 2: {twice}")),
        "{human}"
    );
    assert_eq!(json["confinement"]["required_by_a_lineage"], true, "{json}");

    // Inside the wall the gate is satisfied, and the duplicate holds.
    let request = ws.tmp.path().join("request.json");
    std::fs::write(
        &request,
        json!({"id": "t1", "name": "bash", "input": bash("cargo build"), "role": "worker", "agent_id": AGENT})
            .to_string(),
    )
    .unwrap();
    let script = format!(
        "cd {root} && LITANY_CONV_REPO={root} LITANY_CONV_BRANCH={AGENT} {bin} < {file}",
        root = ws.root.display(),
        bin = wicket_bin().display(),
        file = request.display()
    );
    let inside = bounded(
        wicket(
            &ws,
            &[
                "run",
                "--workspace",
                &root(&ws),
                "--",
                "/bin/sh",
                "-c",
                &script,
            ],
        ),
        Duration::from_secs(30),
    );
    assert!(
        inside.status.success(),
        "{}",
        String::from_utf8_lossy(&inside.stderr)
    );
    let verdict: Value = serde_json::from_slice(&inside.stdout).unwrap();
    assert_eq!(verdict["verdict"], "hold", "{verdict}");
    assert!(
        verdict["reason"]
            .as_str()
            .is_some_and(|r| r.contains(&format!("line 2: {twice}"))),
        "{verdict}"
    );

    // Written the other way round, the later line requires it.
    let ws = Ws::new(Some("confinement: none\nconfinement: required\n"));
    let out = ws.consult("bash", bash("cargo build"));
    assert_eq!(out.word(), "refuse", "{}", out.stdout());
    assert!(
        out.reason()
            .contains("requires confinement (capability.yaml line 2"),
        "{}",
        out.reason()
    );
}

// ---------------------------------------------------------------------------
// Finding 5: a cold plugin.

/// A policy naming a plugin never compiled, sixteen consults at once on a
/// cold cache: every one answers promptly (inside the bound, none "overran")
/// with the hold that says the plugin is not compiled yet and names `wicket
/// init`; one background compilation leaves exactly one artifact; the next
/// consult uses it.
#[test]
fn sixteen_consults_on_a_cold_cache_hold_promptly_and_compile_once() {
    let policy = format!(
        "classifiers:\n  - path: {}\n",
        plugin("testing-always-refuse").display()
    );
    let ws = Ws::new(Some(&policy));
    let cold = base(&ws).join("cold-cache");
    let cold_env = cold.to_string_lossy().into_owned();
    let request = json!({"id": "t", "name": "bash", "input": bash("ls"), "role": "worker", "agent_id": AGENT})
        .to_string();
    let outs: Vec<Consulted> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..16)
            .map(|_| {
                s.spawn(|| {
                    ws.consult_raw(AGENT, request.as_bytes(), &[("XDG_CACHE_HOME", &cold_env)])
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let name = plugin("testing-always-refuse").display().to_string();
    for (n, out) in outs.iter().enumerate() {
        assert_eq!(out.word(), "hold", "consult {n}: {}", out.stdout());
        assert!(
            out.reason().contains(&format!(
                "plugin {name} is not compiled yet; the operator's `wicket init` compiles it"
            )),
            "consult {n}: {}",
            out.reason()
        );
        assert!(out.took < BOUND, "consult {n} took {:?}", out.took);
    }
    // One artifact, written whole, once the compilations are done.
    let started = Instant::now();
    let artifacts = loop {
        let files: Vec<PathBuf> = std::fs::read_dir(cold.join("wicket"))
            .into_iter()
            .flatten()
            .flatten()
            .flat_map(|engine| {
                std::fs::read_dir(engine.path())
                    .into_iter()
                    .flatten()
                    .flatten()
            })
            .map(|e| e.path())
            .collect();
        let done: Vec<PathBuf> = files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "cwasm"))
            .cloned()
            .collect();
        if !done.is_empty() && !compiling(&cold) {
            assert!(
                !files.iter().any(|p| p.to_string_lossy().ends_with(".tmp")),
                "a half-written artifact was left: {files:?}"
            );
            break done;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no artifact appeared: {files:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(artifacts.len(), 1, "{artifacts:?}");
    let written = std::fs::metadata(&artifacts[0])
        .unwrap()
        .modified()
        .unwrap();
    let warm = ws.consult_raw(AGENT, request.as_bytes(), &[("XDG_CACHE_HOME", &cold_env)]);
    assert_eq!(warm.word(), "refuse", "{}", warm.stdout());
    assert!(
        warm.reason()
            .contains("bash is on this workspace's deny list"),
        "{}",
        warm.reason()
    );
    assert_eq!(
        std::fs::metadata(&artifacts[0])
            .unwrap()
            .modified()
            .unwrap(),
        written,
        "a warm consult compiles nothing"
    );
}

// ---------------------------------------------------------------------------
// Finding 6: plugin output.

/// A WASI plugin that prints its configuration (a token) to stdout and
/// stderr and then traps: the model's reason names the plugin and "trapped",
/// nothing it printed or panicked with; `explain` shows the operator all of
/// it.
#[test]
fn what_a_plugin_prints_reaches_the_operator_never_the_model() {
    let token = "sk-live-0123456789abcdef";
    let policy = format!(
        "classifiers:\n  - path: {}\n    config:\n      token: {token}\n",
        plugin("testing-leak").display()
    );
    let ws = Ws::new(Some(&policy));
    let name = plugin("testing-leak").display().to_string();
    for command in ["ls", "rm -rf /"] {
        let out = ws.consult("bash", bash(command));
        let reason = out.reason();
        for leaked in [
            token,
            "my configuration",
            "breaking on",
            "stdout:",
            "stderr:",
        ] {
            assert!(!reason.contains(leaked), "{command}: {reason}");
        }
        if command == "ls" {
            assert_eq!(out.word(), "hold");
            assert!(
                reason.contains(&format!("plugin {name} trapped")),
                "{reason}"
            );
        } else {
            // A fault adds a hold; it never removes the default's refuse.
            assert_eq!(out.word(), "refuse", "{reason}");
        }
    }
    let trace = explain(&ws, AGENT, "t", "bash", bash("ls"));
    let run = &trace["plugins"][1];
    assert_eq!(run["fault"]["kind"], "trap", "{trace}");
    assert_eq!(
        run["fault"]["sentence"],
        format!("plugin {name} trapped"),
        "{trace}"
    );
    let printed = run["output"].as_str().unwrap();
    assert!(
        printed.contains(&format!(
            "stdout: my configuration is {{\"token\":\"{token}\"}}"
        )) && printed.contains(&format!(
            "stderr: my configuration is {{\"token\":\"{token}\"}}"
        )) && printed.contains("breaking on bash"),
        "{trace}"
    );
    assert!(
        !trace["verdict"]["reason"].as_str().unwrap().contains(token),
        "{trace}"
    );
    let human = bounded(
        wicket(
            &ws,
            &[
                "explain",
                &root(&ws),
                "--request",
                &ws.tmp.path().join("explain-t.json").to_string_lossy(),
            ],
        ),
        Duration::from_secs(20),
    );
    assert!(
        String::from_utf8_lossy(&human.stdout).contains(&format!(
            "it printed: stdout: my configuration is {{\"token\":\"{token}\"}}"
        )),
        "{}",
        String::from_utf8_lossy(&human.stdout)
    );

    // A plugin's own refusal to judge: its words (which name its
    // configuration) are the operator's too.
    let policy = format!(
        "classifiers:\n  - path: {}\n",
        plugin("testing-garbage").display()
    );
    let ws = Ws::new(Some(&policy));
    let out = ws.consult("error", bash("ls"));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason().contains("declined to judge this call")
            && !out.reason().contains("allow list"),
        "{}",
        out.reason()
    );
    let trace = explain(&ws, AGENT, "t", "error", bash("ls"));
    assert!(
        trace["plugins"][1]["fault"]["detail"]
            .as_str()
            .is_some_and(|d| d.contains("this plugin's configuration names no allow list")),
        "{trace}"
    );
}

// ---------------------------------------------------------------------------
// Finding 8: links.

/// `XDG_CACHE_HOME` reached through a symlink: a write into wicket's cache
/// is destructive by every spelling — through the link, by the resolved
/// path, with the cache named either way — while a write beside it is only
/// open-world.
#[test]
fn a_cache_reached_through_a_link_is_protected_by_every_spelling() {
    let ws = Ws::new(None);
    let real = ws.cache.clone();
    std::fs::create_dir_all(real.join("wicket")).unwrap();
    let link = base(&ws).join("cache-link");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let elsewhere = base(&ws).join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let request = |command: &str| {
        json!({"id": "t", "name": "bash", "input": bash(command), "role": "worker", "agent_id": AGENT})
            .to_string()
    };
    for named in [&link, &real] {
        let env = [("XDG_CACHE_HOME", named.to_str().unwrap())];
        for spelled in [&link, &real] {
            for command in [
                format!("touch {}/wicket/x", spelled.display()),
                format!("echo planted > {}/wicket/x.cwasm", spelled.display()),
                format!("cp src/main.rs {}/wicket/", spelled.display()),
            ] {
                let out = ws.consult_raw(AGENT, request(&command).as_bytes(), &env);
                assert_eq!(
                    out.word(),
                    "refuse",
                    "cache named {}: {command}: {}",
                    named.display(),
                    out.stdout()
                );
                let reason = out.reason();
                assert!(
                    reason.contains("classified destructive")
                        && reason.contains(&format!("{}/wicket", real.display()))
                        && reason.contains("which is protected"),
                    "{command}: {reason}"
                );
            }
        }
        let beside = format!("touch {}/x", elsewhere.display());
        assert_eq!(
            ws.consult_raw(AGENT, request(&beside).as_bytes(), &env)
                .word(),
            "pass",
            "a write outside the root but not into the cache is open-world"
        );
    }
}

/// The directory the cwd mark names replaced by a link into another agent's
/// worktree: the mark is resolved before anything is compared with it, so
/// `git commit -am x` and writes from there are another agent's worktree,
/// not this agent's root.
#[test]
fn a_cwd_mark_through_a_link_into_another_worktree_is_not_the_agents_root() {
    let ws = Ws::new(None);
    ws.add_agent(OTHER, "config/default");
    let sub = ws.worktree(AGENT).join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    ws.cwd_mark(AGENT, &sub);
    let commands = ["git commit -am x", "touch NOTES", "echo x > src/main.rs"];
    for command in commands {
        let out = ws.consult("bash", bash(command));
        assert_eq!(
            out.word(),
            "pass",
            "from its own sub/: {command}: {}",
            out.stdout()
        );
    }
    std::fs::remove_dir(&sub).unwrap();
    std::os::unix::fs::symlink(ws.worktree(OTHER), &sub).unwrap();
    for command in commands {
        let out = ws.consult("bash", bash(command));
        assert_eq!(
            out.word(),
            "refuse",
            "through the link: {command}: {}",
            out.stdout()
        );
        assert!(
            out.reason().contains("another agent's worktree"),
            "{command}: {}",
            out.reason()
        );
    }
    let trace = explain(&ws, AGENT, "t", "bash", bash("touch NOTES"));
    assert_eq!(
        trace["cwd"],
        ws.worktree(OTHER).to_string_lossy().as_ref(),
        "{trace}"
    );
}

// ---------------------------------------------------------------------------
// Finding 9: a standing answer against an unreadable policy.

/// `bogus: 1` in capability.yaml (and, separately, a policy whose blob is
/// gone): `curl` is held; a workspace-scope or conversation-scope pass for
/// `bash@open-world` settles the call it was given on, and nothing else —
/// the same call again, and another agent's, are still held, and `explain`
/// says why the standing answer did not apply.
#[test]
fn a_standing_answer_never_lowers_the_hold_for_an_unreadable_policy() {
    type Break = fn(&Ws);
    let breaks: [(&str, &str, Break); 2] = [
        ("bogus key", "bogus: 1\n", |_| {}),
        // Removed after the call is parked: parking commits the transcript
        // with `git add -A`, which would write the worktree's copy of the
        // policy back into the object store.
        ("missing blob", "table:\n  open-world: hold\n", |ws| {
            std::fs::remove_file(loose(ws, &policy_blob(ws))).unwrap()
        }),
    ];
    for (case, policy, break_it) in breaks {
        for scope in ["workspace", "conversation"] {
            let ws = Ws::new(Some(policy));
            ws.add_agent(CHILD, &format!("agents/{AGENT}"));
            assert_eq!(
                ws.park(AGENT, "toolu_1", "bash", bash(CURL)),
                "hold",
                "{case}"
            );
            break_it(&ws);
            let answer = bounded(
                {
                    let mut c = Command::new(wicket_bin());
                    c.args(["answer", &root(&ws), AGENT, "pass", "--scope", scope])
                        .env("HOME", &ws.home)
                        .env("XDG_CACHE_HOME", &ws.cache)
                        .env("WICKET_LITANY", "/bin/true");
                    c
                },
                Duration::from_secs(30),
            );
            let receipt = String::from_utf8_lossy(&answer.stdout);
            assert!(
                answer.status.success() && receipt.contains("pass for bash@open-world"),
                "{case} {scope}: {receipt}{}",
                String::from_utf8_lossy(&answer.stderr)
            );
            // The answered call itself is settled.
            assert_eq!(
                ws.consult_as(AGENT, "toolu_1", "bash", bash(CURL)).word(),
                "pass",
                "{case} {scope}"
            );
            // Another call of the class, in the conversation and its descent.
            for (agent, id) in [(AGENT, "toolu_2"), (CHILD, "toolu_3")] {
                let out = ws.consult_as(agent, id, "bash", bash(CURL));
                assert_eq!(
                    out.word(),
                    "hold",
                    "{case} {scope} {agent}: {}",
                    out.stdout()
                );
                assert!(
                    out.reason().contains("Held because")
                        && out.reason().contains("capability.yaml in config commit"),
                    "{case} {scope}: {}",
                    out.reason()
                );
            }
            let trace = explain(&ws, AGENT, "toolu_2", "bash", bash(CURL));
            assert_eq!(trace["precedence"]["standing_applied"], false, "{trace}");
            assert_eq!(
                trace["precedence"]["standing_skipped"],
                "what could not be read is settled only by an answer for this call",
                "{trace}"
            );
            if case == "missing blob" {
                assert!(
                    !loose(&ws, &policy_blob(&ws)).exists(),
                    "the blob is still missing"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Finding 10: a forged tag on a hold mark.

/// The digest a reason's tag carries.
fn tag_digest(reason: &str) -> String {
    let at = reason.rfind("digest=").expect("a tagged reason") + "digest=".len();
    reason[at..at + 64].to_owned()
}

/// Run `wicket answer`, a fake litany on PATH.
fn answer(ws: &Ws, verdict: &str, scope: &str) -> Output {
    operator(ws, &["answer", &root(ws), AGENT, verdict, "--scope", scope])
}

/// A hold mark an agent rewrote so its reason ends with a tag for another
/// class: `answer` re-derives what a wider answer stands for from the
/// transcript, so no conversation or workspace answer is written (nothing is
/// launched); call scope still answers the call; the honest mark answers at
/// every scope.
#[test]
fn a_forged_tag_at_the_end_of_a_hold_mark_does_not_widen_an_answer() {
    // An opaque call (call scope only) wearing an open-world tag; an
    // open-world call wearing a target-write tag, and one wearing its own
    // class with another digest.
    let cases = [
        (
            "opaque as open-world",
            None,
            "web_search",
            json!({"query": "rust"}),
            "opaque",
            "open-world",
            false,
        ),
        (
            "open-world as target-write",
            Some("table:\n  open-world: hold\n"),
            "bash",
            bash(CURL),
            "open-world",
            "target-write",
            false,
        ),
        (
            "another digest",
            Some("table:\n  open-world: hold\n"),
            "bash",
            bash(CURL),
            "open-world",
            "open-world",
            true,
        ),
    ];
    for (case, policy, tool, input, class, forged, other_digest) in cases {
        let ws = Ws::new(policy);
        assert_eq!(
            ws.park(AGENT, "toolu_1", tool, input.clone()),
            "hold",
            "{case}"
        );
        let honest = ws
            .consult_as(AGENT, "toolu_1", tool, input.clone())
            .reason();
        assert!(
            honest.contains(&format!("[wicket effect={class} digest=")),
            "{case}: {honest}"
        );
        let digest = if other_digest {
            "0".repeat(64)
        } else {
            tag_digest(&honest)
        };
        let forged_reason = format!("{honest} [wicket effect={forged} digest={digest}]");
        ws.hold(AGENT, "toolu_1", tool, &forged_reason);
        for scope in ["workspace", "conversation"] {
            let out = answer(&ws, "pass", scope);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{case} {scope}: {stderr}");
            assert!(
                stderr.contains(&format!(
                    "does not match the call parked there (its tag says {forged}, the call reads as {class}"
                )),
                "{case} {scope}: {stderr}"
            );
            assert!(
                trail_rows(&ws).is_empty(),
                "{case} {scope}: nothing written"
            );
            assert!(
                litany_calls(&ws, 0).is_empty(),
                "{case} {scope}: nothing launched"
            );
        }
        // The honest mark: a wider answer where the class allows one.
        ws.hold(AGENT, "toolu_1", tool, &honest);
        let out = answer(&ws, "pass", "workspace");
        if class == "opaque" {
            assert!(
                String::from_utf8_lossy(&out.stderr)
                    .contains("a workspace answer cannot stand for opaque calls"),
                "{case}"
            );
            assert!(trail_rows(&ws).is_empty(), "{case}");
        } else {
            assert!(
                out.status.success(),
                "{case}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(trail_rows(&ws)[0]["effect"], class, "{case}");
        }
        // Call scope answers exactly the parked call, whatever its tag says.
        ws.hold(AGENT, "toolu_1", tool, &forged_reason);
        let out = answer(&ws, "pass", "call");
        assert!(
            out.status.success(),
            "{case}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            ws.consult_as(AGENT, "toolu_1", tool, input).word(),
            "pass",
            "{case}"
        );
    }
}

/// A forged mark for a call the agent never made (not in its transcript):
/// only call scope can answer it.
#[test]
fn a_mark_for_a_call_not_in_the_transcript_takes_call_scope_only() {
    let ws = Ws::new(Some("table:\n  open-world: hold\n"));
    let digest = "a".repeat(64);
    ws.hold(
        AGENT,
        "toolu_ghost",
        "bash",
        &format!("bash {{\"command\":\"curl x\"}} classified open-world (x). [wicket effect=open-world digest={digest}]"),
    );
    let out = answer(&ws, "pass", "workspace");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the call toolu_ghost held on")
            && stderr.contains("is not in its transcript"),
        "{stderr}"
    );
    assert!(trail_rows(&ws).is_empty());
    assert!(litany_calls(&ws, 0).is_empty());
}

// ---------------------------------------------------------------------------
// Finding 11: smaller.

/// `.wicket/trail.jsonl` replaced by a FIFO: `revoke`, `restore`,
/// `withdraw` and `status` return at once (a hang fails the test) with a
/// sentence naming the file; a consult holds above read for it.
#[test]
fn a_fifo_trail_blocks_no_operator_verb() {
    let ws = Ws::new(None);
    let state = ws.root.join(".wicket");
    std::fs::create_dir_all(&state).unwrap();
    let fifo = state.join("trail.jsonl");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let not_regular = format!(
        "{} is not a regular file (wicket keeps its trail in one)",
        fifo.display()
    );
    let limit = Duration::from_secs(5);
    for args in [
        vec!["revoke", AGENT],
        vec!["restore", AGENT],
        vec!["withdraw", "a-00000000"],
    ] {
        let mut all = vec![args[0], ws.root.to_str().unwrap()];
        all.extend_from_slice(&args[1..]);
        let started = Instant::now();
        let out = bounded(wicket(&ws, &all), limit);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(&not_regular), "{args:?}: {stderr}");
        assert!(started.elapsed() < limit);
    }
    let (human, json) = status(&ws);
    assert!(
        human.contains(&format!("cannot be read: {not_regular}")),
        "{human}"
    );
    assert!(
        json["trail"]["problem"]
            .as_str()
            .is_some_and(|p| p.contains(&not_regular)),
        "{json}"
    );
    let out = ws.consult("bash", bash("cargo build"));
    assert_eq!(out.word(), "hold");
    assert!(
        out.reason()
            .contains("Held because wicket could not read the operator's trail"),
        "{}",
        out.reason()
    );
    assert_eq!(ws.consult("bash", bash("ls")).word(), "pass");
    assert!(
        std::fs::symlink_metadata(&fifo).is_ok_and(|m| !m.is_file()),
        "the FIFO was left alone"
    );
}

/// A hard link made to a file whose contents decide what wicket or
/// litany's git believes — a ref wicket reads the policy through, the
/// packed refs, the worktree's `.git`, the worktree's own HEAD in the
/// repository, the repository's config, the trail — would let whatever is
/// written through the other name change it without touching the protected
/// path. However the link was made, while it exists every call above read
/// waits, with a sentence naming the file and how to find the link; reads
/// still pass; once it is gone, calls pass again.
#[test]
fn a_protected_file_with_another_name_holds_every_call_above_read() {
    let ws = Ws::new(None);
    let repo = ws.repo();
    let outside = ws.tmp.path().join("other-name");
    let policy = "Held because wicket could not read this agent's policy: ";
    let holds_until_unlinked = |file: &Path, sentence: &str, case: &str| {
        std::fs::hard_link(file, &outside).unwrap();
        let out = ws.consult("bash", bash("touch NOTES"));
        assert_eq!(out.word(), "hold", "{case}: {}", out.stdout());
        let reason = out.reason();
        assert!(reason.contains(sentence), "{case}: {reason}");
        assert!(reason.contains("2 names (hard links)"), "{case}: {reason}");
        assert_eq!(ws.consult("bash", bash("ls src")).word(), "pass", "{case}");
        std::fs::remove_file(&outside).unwrap();
        assert_eq!(
            ws.consult("bash", bash("touch NOTES")).word(),
            "pass",
            "{case}: unlinked"
        );
    };
    assert_eq!(ws.consult("bash", bash("touch NOTES")).word(), "pass");
    std::fs::write(repo.join("hooks/post-commit"), "#!/bin/sh\n").unwrap();
    // A sample beside it may have other names: git never runs it.
    std::fs::write(repo.join("hooks/extra.sample"), "#!/bin/sh\n").unwrap();
    std::fs::hard_link(
        repo.join("hooks/extra.sample"),
        ws.tmp.path().join("sample-copy"),
    )
    .unwrap();
    let gitfile = ws.worktree(AGENT).join(".git");
    let admin = std::fs::read_to_string(&gitfile).unwrap();
    let admin = PathBuf::from(admin.trim().strip_prefix("gitdir:").unwrap().trim());
    for (file, case) in [
        (
            repo.join("refs/heads/config/default"),
            "the lineage's loose ref",
        ),
        (gitfile, "the worktree's .git"),
        (admin.join("HEAD"), "the worktree's HEAD in the repository"),
        (repo.join("config"), "the repository's config"),
        (repo.join("hooks/post-commit"), "a hook"),
    ] {
        assert!(file.is_file(), "{case}: {}", file.display());
        holds_until_unlinked(&file, policy, case);
    }
    git(&ws.root, &["--git-dir", "repo.git", "pack-refs", "--all"]);
    holds_until_unlinked(&repo.join("packed-refs"), policy, "packed-refs");

    // The trail: the consult holds, and no operator verb appends to it.
    let out = wicket(&ws, &["revoke", ws.root.to_str().unwrap(), AGENT])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(wicket(&ws, &["restore", ws.root.to_str().unwrap(), AGENT])
        .output()
        .unwrap()
        .status
        .success());
    let trail = ws.root.join(".wicket/trail.jsonl");
    std::fs::hard_link(&trail, &outside).unwrap();
    let before = std::fs::read(&trail).unwrap();
    let out = wicket(&ws, &["revoke", ws.root.to_str().unwrap(), AGENT])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("2 names (hard links)"), "{stderr}");
    assert_eq!(std::fs::read(&trail).unwrap(), before, "nothing appended");
    std::fs::remove_file(&outside).unwrap();
    holds_until_unlinked(
        &trail,
        "Held because wicket could not read the operator's trail: ",
        "the trail",
    );
}

/// The processes whose command line contains `marker`.
fn processes_with(marker: &str) -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|entry| {
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            text.contains(marker)
                .then(|| format!("{}: {text}", entry.file_name().to_string_lossy()))
        })
        .collect()
}

/// A `bwrap` that hangs (a script that runs `sleep` as its child) under
/// `confinement: required`: the probe gives up inside the consult's bound,
/// the gate refuses with the sentence, and neither the probe nor its child
/// outlives the consult.
#[test]
fn a_slow_bwrap_is_refused_inside_the_bound_and_leaves_no_process() {
    let ws = Ws::new(Some("confinement: required\n"));
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    // A duration `sleep` accepts, unique enough to find in /proc.
    let marker = format!("10.{}{nanos:09}", std::process::id());
    let bin = ws.tmp.path().join("slow-bwrap-bin");
    std::fs::create_dir_all(&bin).unwrap();
    common::write_program(
        &bin.join("bwrap"),
        format!("#!/bin/sh\nsleep {marker}\nexit 0\n"),
    );
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let request = json!({"id": "t", "name": "bash", "input": bash("cargo build"), "role": "worker", "agent_id": AGENT})
        .to_string();
    let out = ws.consult_raw(AGENT, request.as_bytes(), &[("PATH", &path)]);
    assert_eq!(out.word(), "refuse", "{}", out.stdout());
    assert!(
        out.reason().contains(
            "bubblewrap refused to build the wall (exit by signal: it did not finish within 1500 ms)"
        ),
        "{}",
        out.reason()
    );
    assert!(out.took < BOUND, "took {:?}", out.took);
    // Give the kernel a moment to reap, then nothing of the probe is left.
    let started = Instant::now();
    while !processes_with(&marker).is_empty() && started.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left = processes_with(&marker);
    for line in &left {
        let pid = line.split(':').next().unwrap();
        let _ = Command::new("kill").args(["-9", pid]).status();
    }
    assert!(left.is_empty(), "the probe left processes behind: {left:?}");
}

/// Spawn the control as litany does but keep stdin open after writing
/// `bytes`; the output, and how long it took, bounded by `limit`.
fn consult_with_stdin_open(ws: &Ws, bytes: &[u8], limit: Duration) -> (Output, Duration) {
    let mut child = Command::new(wicket_bin())
        .current_dir(&ws.root)
        .env("LITANY_CONV_REPO", &ws.root)
        .env("LITANY_CONV_BRANCH", AGENT)
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", &ws.cache)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(bytes).unwrap();
    stdin.flush().unwrap();
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out = match rx.recv_timeout(limit) {
        Ok(out) => out.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("no answer within {limit:?} with stdin held open");
        }
    };
    let took = started.elapsed();
    drop(stdin);
    (out, took)
}

/// stdin held open by the harness: a complete request is answered as soon
/// as it is read; a request that never completes is a protocol break with
/// its sentence inside the request's 1000 ms bound (exit 2, nothing on
/// stdout), not a wait for stdin to close.
#[test]
fn a_request_on_a_stdin_held_open_is_answered_inside_the_bound() {
    let ws = Ws::new(None);
    for (command, word) in [("ls", "pass"), ("rm -rf /", "refuse")] {
        let request = json!({"id": "t", "name": "bash", "input": bash(command), "role": "worker", "agent_id": AGENT})
            .to_string();
        let (out, took) = consult_with_stdin_open(&ws, request.as_bytes(), Duration::from_secs(5));
        let consulted = Consulted { output: out, took };
        assert_eq!(consulted.word(), word, "{command}");
        assert!(
            took < Duration::from_millis(1500),
            "{command}: took {took:?}"
        );
    }
    for partial in [
        &b""[..],
        b"{\"id\":\"t\",\"name\":\"bash\",\"input\":{\"command\":\"ls\"}",
    ] {
        let (out, took) = consult_with_stdin_open(&ws, partial, Duration::from_secs(5));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(out.stdout.is_empty());
        assert!(
            stderr.contains("no complete request arrived on stdin within 1000 ms"),
            "{stderr}"
        );
        assert!(took < Duration::from_millis(1500), "took {took:?}");
    }
}

/// A request over 64 MB: exit 2 with a sentence saying it is too large (not
/// a JSON parser's "EOF while parsing"), and nothing on stdout.
#[test]
fn a_request_over_64_mb_says_it_is_too_large() {
    let ws = Ws::new(None);
    let mut request = br#"{"id":"t","name":"bash","role":"worker","agent_id":""#.to_vec();
    request.extend_from_slice(AGENT.as_bytes());
    request.extend_from_slice(br#"","input":{"command":"echo "#);
    request.resize(request.len() + (65 << 20), b'a');
    request.extend_from_slice(br#""}}"#);
    // From a file, as litany's request file is spawned with: the size limit
    // is what is tested, not how fast a loaded machine fills a pipe inside
    // the read bound.
    let file = ws.tmp.path().join("huge-request.json");
    std::fs::write(&file, &request).unwrap();
    let out = Command::new(wicket_bin())
        .current_dir(&ws.root)
        .env("LITANY_CONV_REPO", &ws.root)
        .env("LITANY_CONV_BRANCH", AGENT)
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", &ws.cache)
        .stdin(std::fs::File::open(&file).unwrap())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("the request on stdin is larger than the 64 MiB wicket reads"),
        "{stderr}"
    );
}

/// The programs the harness runs by name (litany's `sh`, `git` and `bz`,
/// the wall's `bwrap`) are protected in every PATH directory, planted or
/// not: a `git` dropped into a directory early on PATH would run in the
/// harness's place at the next step. The same file under another name, or
/// beside PATH, is ordinary work.
#[test]
fn a_program_the_harness_runs_by_name_cannot_be_planted_on_path() {
    let ws = Ws::new(None);
    let bin = ws.home.join(".local/bin");
    std::fs::create_dir_all(&bin).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let ask = |command: &str| {
        let request = json!({"id": "toolu_1", "name": "bash", "input": bash(command), "role": "worker", "agent_id": AGENT});
        ws.consult_raw(AGENT, request.to_string().as_bytes(), &[("PATH", &path)])
    };
    let bin = bin.display();
    for planted in [
        format!("cp /bin/true {bin}/git"),
        format!("printf '#!/bin/sh\\n' > {bin}/sh"),
        format!("ln -s /bin/true {bin}/bz"),
        format!("install -m 755 /bin/true {bin}/bwrap"),
        format!("cp /bin/true {bin}/litany"),
    ] {
        let out = ask(&planted);
        assert_eq!(out.word(), "refuse", "{planted}: {}", out.reason());
        assert!(out.reason().contains("destructive"), "{}", out.reason());
    }
    // Another name in that directory is a write outside the worktree like
    // any other, not a refusal.
    let other = ask(&format!("cp /bin/true {bin}/mytool"));
    assert_eq!(other.word(), "pass", "{}", other.reason());

    // A PATH directory that is itself a link: pointing it (or a link above
    // it) at a directory of the agent's is planting every name at once.
    let real = ws.home.join("real-bin");
    std::fs::create_dir_all(&real).unwrap();
    let linked = ws.home.join("tool-bin");
    std::os::unix::fs::symlink(&real, &linked).unwrap();
    let path = format!(
        "{}:{}",
        linked.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let wt = ws.worktree(AGENT);
    let linked = linked.display();
    for planted in [
        format!("mkdir -p evil && ln -sfn {}/evil {linked}", wt.display()),
        format!("ln -sfn /tmp {linked}"),
        format!("rm {linked} && mkdir {linked} && cp /bin/true {linked}/git"),
        format!("cp /bin/true {}/git", real.display()),
    ] {
        let request = json!({"id": "toolu_1", "name": "bash", "input": bash(&planted), "role": "worker", "agent_id": AGENT});
        let out = ws.consult_raw(AGENT, request.to_string().as_bytes(), &[("PATH", &path)]);
        assert_eq!(out.word(), "refuse", "{planted}: {}", out.reason());
    }
}

/// Which harness names are links in a PATH directory is recorded by `wicket
/// init` and trusted by the consults after it only while the directory is as
/// it was: a link planted there later (under `git`, pointing at a file in the
/// home) makes the next consult look again, and the file it leads to is
/// protected at once. The consult itself writes no record.
#[test]
fn a_link_planted_on_path_after_init_recorded_the_directory_is_followed() {
    let ws = Ws::new(None);
    let bin = ws.home.join("tools-bin");
    std::fs::create_dir_all(&bin).unwrap();
    let target = ws.home.join("real-git");
    std::fs::write(&target, "#!/bin/sh\n").unwrap();
    // Only a directory changed two seconds ago or more is remembered.
    std::thread::sleep(Duration::from_millis(2100));
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let ask = |command: &str| {
        let request = json!({"id": "toolu_1", "name": "bash", "input": bash(command), "role": "worker", "agent_id": AGENT});
        ws.consult_raw(AGENT, request.to_string().as_bytes(), &[("PATH", &path)])
    };
    let write_target = format!("printf 'exit 0\\n' >> {}", target.display());
    let record = || {
        let engine = std::fs::read_dir(ws.cache.join("wicket"))
            .ok()?
            .flatten()
            .find(|e| e.file_name().to_string_lossy().starts_with("engine-"))?;
        std::fs::read_to_string(engine.path().join("path-links.json")).ok()
    };
    // Nothing leads to the file yet: a write there is ordinary work, and the
    // consult writes no record of the directory.
    let out = ask(&write_target);
    assert_eq!(out.word(), "pass", "{}", out.reason());
    assert_eq!(record(), None);
    // `wicket init`, with the same PATH, records it.
    ws.init(Some(&path));
    let text = record().expect("wicket init writes the PATH record");
    assert!(text.contains(&bin.display().to_string()), "{text}");
    assert_eq!(ask(&write_target).word(), "pass");
    // `git` there now leads to the file: the next consult sees the change.
    std::os::unix::fs::symlink(&target, bin.join("git")).unwrap();
    let out = ask(&write_target);
    assert_eq!(out.word(), "refuse", "{}", out.reason());
    assert!(out.reason().contains("destructive"), "{}", out.reason());
}

/// What the harness's own programs read to decide what they run is
/// protected where the harness's environment says it is: litany's adapter
/// `bz` runs the program its config names (`$BRAZEN_CONFIG`), and every git
/// the harness runs reads the system configuration (`$GIT_CONFIG_SYSTEM`),
/// where a `core.hooksPath` runs on its step commit.
#[test]
fn what_the_harness_reads_to_choose_its_programs_is_protected_where_its_environment_says() {
    let ws = Ws::new(None);
    let private = ws.home.join("private");
    std::fs::create_dir_all(&private).unwrap();
    let brazen = private.join("brazen.toml");
    let system = private.join("gitconfig");
    std::fs::write(&brazen, "").unwrap();
    let (brazen, system) = (brazen.display().to_string(), system.display().to_string());
    let env = [
        ("BRAZEN_CONFIG", brazen.as_str()),
        ("GIT_CONFIG_SYSTEM", system.as_str()),
    ];
    let ask = |command: &str, env: &[(&str, &str)]| {
        let request = json!({"id": "toolu_1", "name": "bash", "input": bash(command), "role": "worker", "agent_id": AGENT});
        ws.consult_raw(AGENT, request.to_string().as_bytes(), env)
    };
    for command in [
        format!("printf '[provider.transport]\\nprogram = \"/tmp/x\"\\n' > {brazen}"),
        format!("cp /dev/null {brazen}"),
        format!("printf '[core]\\nhooksPath = /tmp/h\\n' >> {system}"),
    ] {
        let out = ask(&command, &env);
        assert_eq!(out.word(), "refuse", "{command}: {}", out.reason());
        // Without the environment naming them, the same files are ordinary
        // files outside the worktree.
        let out = ask(&command, &[]);
        assert_eq!(out.word(), "pass", "{command}: {}", out.reason());
    }
}

/// What the user's git configuration names for git to read or run is
/// protected as the configuration itself is: a file it includes (and one
/// that file includes in turn, relative to it), and its hooks directory.
/// Every git the harness runs reads them, litany's step commit among them.
#[test]
fn what_the_users_git_configuration_includes_or_hooks_is_protected() {
    let ws = Ws::new(None);
    let home = ws.home.display().to_string();
    std::fs::create_dir_all(ws.home.join(".config/git")).unwrap();
    std::fs::create_dir_all(ws.home.join("conf")).unwrap();
    std::fs::write(
        ws.home.join(".gitconfig"),
        "[user]\n\tname = Dev\n[include]\n\tpath = ~/.gitconfig.local ; the machine's own\n[includeIf \"gitdir:~/work/\"]\n\tpath = \"conf/work.inc\"\n",
    )
    .unwrap();
    std::fs::write(
        ws.home.join("conf/work.inc"),
        "[include] path = deeper.inc\n",
    )
    .unwrap();
    std::fs::write(
        ws.home.join(".config/git/config"),
        "[core]\n\thooksPath = ~/.githooks\n",
    )
    .unwrap();
    let ask = |command: &str| {
        let request = json!({"id": "toolu_1", "name": "bash", "input": bash(command), "role": "worker", "agent_id": AGENT});
        ws.consult_raw(AGENT, request.to_string().as_bytes(), &[])
    };
    for command in [
        format!("printf '[alias]\\n\\tst = !sh x\\n' > {home}/.gitconfig.local"),
        format!("echo '[core] fsmonitor = /tmp/x' >> {home}/conf/work.inc"),
        format!("echo '[core] fsmonitor = /tmp/x' > {home}/conf/deeper.inc"),
        format!("mkdir -p {home}/.githooks && cp /bin/true {home}/.githooks/post-commit"),
    ] {
        let out = ask(&command);
        assert_eq!(out.word(), "refuse", "{command}: {}", out.reason());
    }
    // What the configuration does not name stays an ordinary file outside
    // the worktree.
    let out = ask(&format!("printf x > {home}/conf/notes.txt"));
    assert_eq!(out.word(), "pass", "{}", out.reason());
}

/// A path whose resolution grows past PATH_MAX is still followed link by
/// link, as the kernel follows it: three relative links into 2,000-byte
/// directory chains, then a link back to the worktree, make
/// `j1/j2/j3/lnk/../../.wicket/trail.jsonl` the trail itself, though every
/// word of the command is short. (A lookup of the whole resolved path fails
/// with ENAMETOOLONG; taking that for "missing" once folded the rest as text,
/// inside the worktree.)
#[test]
fn a_path_that_resolves_past_path_max_is_followed_as_the_kernel_follows_it() {
    let ws = Ws::new(None);
    let worktree = ws.worktree(AGENT);
    let chain = vec!["a".repeat(250); 8].join("/");
    let mut at = worktree.clone();
    for link in ["j1", "j2", "j3"] {
        std::fs::create_dir_all(at.join(&chain)).unwrap();
        std::os::unix::fs::symlink(&chain, at.join(link)).unwrap();
        at = at.join(link);
    }
    std::os::unix::fs::symlink(&worktree, at.join("lnk")).unwrap();
    // The kernel reaches the workspace's repository through it.
    assert!(
        std::fs::metadata(worktree.join("j1/j2/j3/lnk/../../repo.git/HEAD")).is_ok(),
        "the workspace is reachable through the links"
    );
    let through = "j1/j2/j3/lnk/../../.wicket/trail.jsonl";
    for command in [
        format!("printf 'x\\n' >> {through}"),
        "rm -rf j1/j2/j3/lnk/../../repo.git/hooks".to_owned(),
    ] {
        let out = ws.consult("bash", bash(&command));
        assert_eq!(out.word(), "refuse", "{command}: {}", out.reason());
        assert!(out.reason().contains("protected"), "{}", out.reason());
    }
    // From a directory that deep, a short relative path is a query longer
    // than the host answers: never a place known to be harmless.
    let command = "cd j1/j2/j3 && printf x >> lnk/../../repo.git/config";
    let out = ws.consult("bash", bash(command));
    assert_ne!(out.word(), "pass", "{command}: {}", out.reason());
}

/// A PATH entry that is not absolute (`.`, a relative directory, an empty
/// entry) names a directory relative to wherever a program runs: the `sh`
/// litany starts for the next call could be a file this call writes in the
/// worktree. No protected set can name it, so every call above read is held
/// with a sentence that says why and what to do; a read still passes, and an
/// absolute PATH is unaffected.
#[test]
fn a_path_with_a_relative_entry_holds_every_call_above_read() {
    let ws = Ws::new(None);
    let plant = "printf '#!/bin/sh\\n' > sh && chmod +x sh";
    let ask = |command: &str, path: &str| {
        let request = json!({"id": "toolu_1", "name": "bash", "input": bash(command), "role": "worker", "agent_id": AGENT});
        ws.consult_raw(AGENT, request.to_string().as_bytes(), &[("PATH", path)])
    };
    for path in [
        ":/usr/bin:/bin",
        ".:/usr/bin:/bin",
        "/usr/bin:/bin:",
        "bin:/usr/bin:/bin",
    ] {
        let out = ask(plant, path);
        assert_eq!(out.word(), "hold", "{path}: {}", out.reason());
        assert!(
            out.reason()
                .contains("PATH names a directory relative to where each program runs"),
            "{}",
            out.reason()
        );
        assert_eq!(ask("cat src/main.rs", path).word(), "pass", "{path}");
    }
    assert_eq!(ask(plant, "/usr/bin:/bin").word(), "pass");
}

/// A directory the control may not search hides where a link in it leads:
/// `chmod 700 d && printf x >> d/lnk` (with `d/lnk` a link to the workspace
/// repository's config, and `d` made unsearchable before the call) writes
/// the config once the command has made `d` searchable again. The lookup
/// that fails inside `d` is not taken for "nothing there": the call is held.
/// Nothing is unsearchable to root, so as root the control runs as `nobody`
/// (through setpriv) on a workspace handed to it.
#[test]
fn a_directory_the_control_may_not_search_holds_what_is_written_beneath_it() {
    use std::os::unix::fs::PermissionsExt;
    let ws = Ws::new(None);
    let worktree = ws.worktree(AGENT);
    let hidden = worktree.join("d");
    std::fs::create_dir(&hidden).unwrap();
    std::os::unix::fs::symlink(ws.repo().join("config"), hidden.join("lnk")).unwrap();
    let base = ws.root.parent().unwrap().to_path_buf();
    // The same outside the worktree: a link there to the workspace.
    let outside = base.join("scratch/d");
    std::fs::create_dir_all(&outside).unwrap();
    std::os::unix::fs::symlink(&ws.root, outside.join("lnk")).unwrap();
    let as_root = rustix::process::geteuid().is_root();
    if as_root {
        let out = Command::new("chown")
            .args(["-R", "65534:65534"])
            .arg(&base)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let ask = |command: &str| {
        let request = json!({"id": "toolu_1", "name": "bash", "input": bash(command), "role": "worker", "agent_id": AGENT}).to_string();
        let spawn = match as_root {
            true => {
                let mut setpriv = Command::new("setpriv");
                setpriv
                    .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
                    .arg(wicket_bin());
                setpriv
            }
            false => Command::new(wicket_bin()),
        };
        ws.consult_through(spawn, AGENT, request.as_bytes(), &[])
    };
    let inside = "chmod 700 d && printf x >> d/lnk".to_owned();
    let beyond = format!(
        "chmod 700 {0} && printf x >> {0}/lnk/repo.git/config",
        outside.display()
    );
    for (dir, through) in [(&hidden, &inside), (&outside, &beyond)] {
        // Searchable: the link is seen, and the write refused.
        let out = ask(through);
        assert_eq!(out.word(), "refuse", "{through}: {}", out.reason());
        // Unsearchable to the control: held, saying why.
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o000)).unwrap();
        let out = ask(through);
        assert_eq!(out.word(), "hold", "{through}: {}", out.reason());
        assert!(
            out.reason().contains("may not look into"),
            "{}",
            out.reason()
        );
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    // A write beside them is still ordinary work.
    assert_eq!(ask("printf x >> e.txt").word(), "pass");
}
