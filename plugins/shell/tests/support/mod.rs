#![allow(dead_code)]
//! A real directory tree shaped like a litany workspace, and the classifier
//! run natively on it (the same code the wasm component runs; path queries
//! go to this host's filesystem, as the real host answers them).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use wicket_guest::{Call, Context, Effect};

pub const AGENT: &str = "20261129T181730Z-1c32bb5e";
pub const OTHER: &str = "20261129T181730Z-99999999";

/// Where the fixture lives: not in a scratch directory (deleting a named
/// entry in /tmp is scratch work, not a loss), wherever this checkout is.
fn fixture_root() -> PathBuf {
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    if ["/tmp", "/var/tmp", "/dev/shm"]
        .iter()
        .any(|s| target.starts_with(s))
    {
        let home = std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/"));
        home.join(".cache").join("wicket-test-fixtures")
    } else {
        target
    }
}

/// The links planted in the agent's worktree (name, and where it points, in
/// placeholders): the first three are the ones the case tables name.
pub const LINKS: &[(&str, &str)] = &[
    ("etc-link", "/etc"),
    ("repo-link", "{ws}/repo.git"),
    ("state-link", "{ws}/.wicket"),
    ("home-link", "{home}"),
    ("ws-link", "{ws}"),
    ("other-link", "{other}"),
    ("cache-link", "{cache}"),
    ("config-link", "{ws}/repo.git/config"),
];

/// The harness's programs in the fixture's `{base}/bin`: name and bytes.
pub const HARNESS: &[(&str, &[u8])] = &[
    ("wicket", b"\x7fELF the fixture's wicket"),
    ("wicket-compile", b"\x7fELF the fixture's wicket-compile"),
    ("litany", b"\x7fELF the fixture's litany"),
];

pub struct Fixture {
    pub base: PathBuf,
    pub ws: String,
    pub root: String,
    pub home: String,
}

/// One fixture per test process: a workspace, an agent worktree with a few
/// files and a planted symlink, another agent, a home with secrets.
pub fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let root = fixture_root();
        // Fixtures of test processes that are gone are cleared away.
        for entry in std::fs::read_dir(&root).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(pid) = name.strip_prefix("wicket-shell-cases-") {
                if !std::path::Path::new("/proc").join(pid).exists() {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let base = root.join(format!("wicket-shell-cases-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let ws = base.join("ws");
        let root = ws.join("agents").join(AGENT);
        let home = base.join("home");
        for dir in [
            ws.join("repo.git/hooks"),
            ws.join("repo.git/refs/heads/config"),
            ws.join(".wicket"),
            ws.join("agents").join(OTHER).join("src"),
            root.join("src"),
            root.join("target"),
            home.join(".ssh"),
            home.join(".aws"),
            base.join("cache/wicket"),
        ] {
            std::fs::create_dir_all(&dir).unwrap();
        }
        for file in [
            root.join("src/main.rs"),
            root.join("README.md"),
            home.join(".bashrc"),
            home.join(".ssh/id_rsa"),
            ws.join(".wicket/trail.jsonl"),
            // What a bare repository always has, so that globs and hard
            // links can name them.
            ws.join("repo.git/config"),
            ws.join("repo.git/HEAD"),
            ws.join("repo.git/packed-refs"),
        ] {
            std::fs::write(&file, "x").unwrap();
        }
        // The harness's own programs (the bytes stand for the binaries), a
        // copy of wicket under another name and a hard link to litany, all
        // outside the worktree.
        let bin = base.join("bin");
        let copies = base.join("copies");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::create_dir_all(&copies).unwrap();
        for (name, bytes) in HARNESS {
            let path = bin.join(name);
            std::fs::write(&path, bytes).unwrap();
            std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755))
                .unwrap();
        }
        std::fs::copy(bin.join("wicket"), copies.join("ls")).unwrap();
        std::fs::hard_link(bin.join("litany"), copies.join("lt")).unwrap();
        std::fs::write(
            root.join(".git"),
            format!("gitdir: {}/repo.git/worktrees/{AGENT}\n", ws.display()),
        )
        .unwrap();
        // A repository nested in the worktree whose git directory has
        // another name (`nested/.git` is a gitfile: `gitdir: g`).
        std::fs::create_dir_all(root.join("nested/g/objects")).unwrap();
        std::fs::write(root.join("nested/g/HEAD"), "ref: refs/heads/main\n").unwrap();
        std::fs::write(root.join("nested/g/config"), "[core]\n").unwrap();
        std::fs::write(root.join("nested/.git"), "gitdir: g\n").unwrap();
        // A directory of the home that is a link to the harness's programs,
        // as a PATH directory may be (`~/tool-bin -> {base}/bin`).
        std::os::unix::fs::symlink(&bin, home.join("tool-bin")).unwrap();
        // Links planted inside the root, pointing out and at protected paths.
        std::os::unix::fs::symlink("/etc", root.join("etc-link")).unwrap();
        std::os::unix::fs::symlink(ws.join("repo.git"), root.join("repo-link")).unwrap();
        std::os::unix::fs::symlink(ws.join(".wicket"), root.join("state-link")).unwrap();
        for (name, target) in LINKS.iter().skip(3) {
            let target = target
                .replace("{ws}", &ws.to_string_lossy())
                .replace("{home}", &home.to_string_lossy())
                .replace("{other}", &ws.join("agents").join(OTHER).to_string_lossy())
                .replace("{cache}", &base.join("cache/wicket").to_string_lossy());
            std::os::unix::fs::symlink(target, root.join(name)).unwrap();
        }
        let canon = |p: &Path| {
            std::fs::canonicalize(p)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        };
        Fixture {
            ws: canon(&ws),
            root: canon(&root),
            home: canon(&home),
            base: std::fs::canonicalize(&base).unwrap(),
        }
    })
}

pub fn context(config: serde_json::Value) -> Context {
    let f = fixture();
    let protected = ["repo.git", ".wicket", "agents", "inbox", "steps"]
        .iter()
        .map(|p| format!("{}/{p}", f.ws))
        .chain([
            format!("{}/cache/wicket", f.base.display()),
            "/usr/local/bin/wicket".to_owned(),
            // As the host protects the running wicket and its compiler.
            format!("{}/bin/wicket", f.base.display()),
            format!("{}/bin/wicket-compile", f.base.display()),
        ])
        .collect();
    let secrets = wicket_guest::SHIPPED_SECRET_FRAGMENTS
        .iter()
        .map(|s| s.to_string())
        .collect();
    Context::new(f.ws.clone(), f.root.clone(), f.root.clone(), f.home.clone())
        .with_protected(protected)
        .with_secret_fragments(secrets)
        .with_config(config)
        .with_harness(harness(), format!("{}/bin:/usr/bin:/bin", f.base.display()))
}

/// The fixture's harness programs, as the host would know them.
pub fn harness() -> Vec<(wicket_guest::Harness, PathBuf)> {
    let bin = fixture().base.join("bin");
    vec![
        (wicket_guest::Harness::Wicket, bin.join("wicket")),
        (
            wicket_guest::Harness::WicketCompile,
            bin.join("wicket-compile"),
        ),
        (wicket_guest::Harness::Litany, bin.join("litany")),
    ]
}

/// Placeholders in case files: {ws}, {root}, {home}, {other}, {cache}, and
/// {base} (the directory holding the workspace, the home and the cache).
pub fn fill(text: &str) -> String {
    let f = fixture();
    text.replace("{ws}", &f.ws)
        .replace("{root}", &f.root)
        .replace("{home}", &f.home)
        .replace("{other}", &format!("{}/agents/{OTHER}", f.ws))
        .replace("{cache}", &format!("{}/cache/wicket", f.base.display()))
        .replace("{base}", &f.base.to_string_lossy())
}

/// [`fill`] undone: the fixture's paths back to their placeholders, so a
/// command reads the same whichever directory the fixture is in.
pub fn unfill(text: &str) -> String {
    let f = fixture();
    // Longest first: {root} and {other} are under {ws}, all under {base}.
    [
        (format!("{}/agents/{OTHER}", f.ws), "{other}"),
        (f.root.clone(), "{root}"),
        (format!("{}/cache/wicket", f.base.display()), "{cache}"),
        (f.ws.clone(), "{ws}"),
        (f.home.clone(), "{home}"),
        (f.base.to_string_lossy().into_owned(), "{base}"),
    ]
    .iter()
    .fold(text.to_owned(), |text, (path, name)| {
        text.replace(path, name)
    })
}

/// What the user sees of a class under the shipped table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ruling {
    Pass,
    Hold,
    Refuse,
}

impl Ruling {
    /// The shipped table: destructive and secret refuse, opaque holds, the
    /// rest pass.
    pub fn of(effect: Effect) -> Ruling {
        match effect {
            Effect::Destructive | Effect::Secret => Ruling::Refuse,
            Effect::Opaque => Ruling::Hold,
            _ => Ruling::Pass,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Ruling::Pass => "pass",
            Ruling::Hold => "hold",
            Ruling::Refuse => "refuse",
        }
    }

    pub fn from_word(word: &str) -> Option<Ruling> {
        [Ruling::Pass, Ruling::Hold, Ruling::Refuse]
            .into_iter()
            .find(|r| r.word() == word)
    }
}

/// One row of a case table (`adversarial.tsv`, `ruleset.tsv`).
pub struct Case {
    pub family: String,
    pub expected: Effect,
    pub command: String,
    pub why: String,
    pub line: usize,
}

/// A case table under `tests/`: `## family` lines start a family, `#` lines
/// are comments, rows are expected class, command (`\n` for a newline) and
/// why, separated by tabs.
pub fn load_cases(name: &str) -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut family = String::from("(none)");
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("## ") {
            family = name.trim().to_owned();
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            columns.len(),
            3,
            "{name}:{}: expected class, command and why separated by tabs",
            index + 1
        );
        let expected = Effect::from_word(columns[0])
            .unwrap_or_else(|| panic!("{name}:{}: unknown class {}", index + 1, columns[0]));
        cases.push(Case {
            family: family.clone(),
            expected,
            command: columns[1].replace("\\n", "\n"),
            why: columns[2].to_owned(),
            line: index + 1,
        });
    }
    cases
}

/// The deciding finding for a bash command, as the host decides it under
/// the shipped table: the strictest ruling, ties to the wider effect.
pub fn bash(command: &str) -> (Effect, String) {
    tool(
        "bash",
        serde_json::json!({ "command": fill(command) }),
        serde_json::Value::Null,
    )
}

/// A bash call and its context, ready to classify (for timing the reading alone).
pub fn prepared(command: &str) -> (Call, Context) {
    let call = Call {
        id: "t".into(),
        tool: "bash".into(),
        input: serde_json::json!({ "command": fill(command) }),
        role: "worker".into(),
        agent_id: AGENT.into(),
    };
    (call, context(serde_json::Value::Null))
}

pub fn tool(name: &str, input: serde_json::Value, config: serde_json::Value) -> (Effect, String) {
    let call = Call {
        id: "t".into(),
        tool: name.into(),
        input,
        role: "worker".into(),
        agent_id: AGENT.into(),
    };
    let findings = wicket_shell::classify(&call, &context(config));
    let ruling = |e: Effect| match e {
        Effect::Destructive | Effect::Secret => 2,
        Effect::Opaque => 1,
        _ => 0,
    };
    let decided = findings
        .iter()
        .max_by_key(|f| (ruling(f.effect), f.effect))
        .expect("never empty");
    (decided.effect, decided.why.clone())
}
