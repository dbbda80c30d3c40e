//! The shell classifier's case tables (`plugins/shell/tests/*.tsv`) through
//! the real binary (issue #10, "Tests weaker than they look"). The shell
//! crate's own suites run every row natively against a hand copy of the
//! protected set and of the shipped table; here a deterministic share of
//! every table (and all of `adversarial.tsv`, `ruleset.tsv` and `tools.tsv`)
//! is asked of `wicket` itself, spawned as litany spawns it, in one real
//! workspace planted the way the shell fixture is planted — so the host's own
//! protected set (its cache, its binary, the policy's plugins), the wasm
//! component and the judge all have to agree with the tables.
//!
//! Also here: the hostile shapes of `plugins/shell/tests/robust.rs`, and a
//! share of its random text, each of which must come back as a verdict
//! inside the consult's bound.

mod common;
#[path = "../plugins/shell/tests/support/hostile.rs"]
mod hostile;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{Consulted, Ws, AGENT};
use serde_json::{json, Value};
use wicket_guest::Effect;

/// The shell fixture's second agent (`plugins/shell/tests/support/mod.rs`),
/// whose worktree the tables name as `{other}`.
const OTHER: &str = "20261129T181730Z-99999999";

/// The shares: every row whose index (among the table's rows, from 0) is a
/// multiple of N. A consult is a few milliseconds, run two at a time: the
/// 2,547 here took about 21 s on a busy two-core machine.
const SHARES: &[(&str, usize)] = &[
    ("adversarial.tsv", 1),
    ("ruleset.tsv", 1),
    ("tools.tsv", 1),
    ("agent-work.tsv", 2),
    ("benign.tsv", 2),
];

/// Rows kept out, by table and command exactly as written, each with why.
/// Every entry must still name a row of its table.
const EXCLUDED: &[(&str, &str, &str)] = &[];

/// The consult's bound (consult.rs `CONSULT_BOUND`) and what spawning,
/// writing a large request and reading the answer may add to it.
const BOUND: Duration = Duration::from_millis(3000);
const SLACK: Duration = Duration::from_millis(1500);

/// The shell fixture's placeholders, filled for this workspace.
struct Places {
    ws: String,
    root: String,
    home: String,
    other: String,
    cache: String,
    base: String,
    /// The wicket binary this test runs: the fixture protects
    /// `/usr/local/bin/wicket`, the host protects its own path.
    binary: String,
}

impl Places {
    /// The placeholders, and `/usr/local/bin/wicket` (the fixture's wicket
    /// binary, absent here) as this test's binary: the host protects the
    /// binary that runs, and without this `cp evil /usr/local/bin/wicket`
    /// and `gcc -o /usr/local/bin/wicket x.c` would rightly pass.
    fn fill(&self, text: &str) -> String {
        text.replace("/usr/local/bin/wicket", &self.binary)
            .replace("{ws}", &self.ws)
            .replace("{root}", &self.root)
            .replace("{home}", &self.home)
            .replace("{other}", &self.other)
            .replace("{cache}", &self.cache)
            .replace("{base}", &self.base)
    }
}

fn canon(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// One workspace, planted as the shell fixture plants its tree: the second
/// agent, the links of its `LINKS` (and those `tools.tsv`'s test plants),
/// the worktree's files, the home's secrets, and what a bare repository and
/// wicket's state hold there.
///
/// Built as `Ws::new(None)` builds one, but not under `/tmp`: as the shell
/// fixture's comment says, a file there is scratch (overwriting or deleting
/// it is no loss), so a home under `/tmp` would turn the tables' "an
/// existing file outside the root" rows (`cp x {home}/.bashrc`) into passes.
/// The fixture lives in the target directory (or under
/// `~/.cache/wicket-test-fixtures` when that is itself under a scratch
/// directory); so does this workspace.
fn workspace() -> (Ws, Places) {
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let parent = if ["/tmp", "/var/tmp", "/dev/shm"]
        .iter()
        .any(|s| target.starts_with(s))
    {
        std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/"))
            .join(".cache/wicket-test-fixtures")
    } else {
        target
    };
    std::fs::create_dir_all(&parent).unwrap();
    let tmp = tempfile::Builder::new()
        .prefix("wicket-tables-")
        .tempdir_in(&parent)
        .unwrap();
    let base = std::fs::canonicalize(tmp.path()).unwrap();
    let ws = Ws {
        root: base.join("ws"),
        home: base.join("home"),
        cache: base.join("cache"),
        tmp,
    };
    std::fs::create_dir_all(&ws.root).unwrap();
    common::git(
        &ws.root,
        &[
            "init",
            "--quiet",
            "--bare",
            "-b",
            "config/default",
            "repo.git",
        ],
    );
    ws.commit_config("config/default", None, None);
    ws.add_agent(AGENT, "config/default");
    ws.add_agent(OTHER, "config/default");
    let root = ws.worktree(AGENT);
    let cache = ws.cache.join("wicket");
    for dir in [
        root.join("src"),
        root.join("target"),
        ws.home.join(".ssh"),
        ws.home.join(".aws"),
        ws.root.join(".wicket"),
        ws.repo().join("hooks"),
        cache.clone(),
    ] {
        std::fs::create_dir_all(dir).unwrap();
    }
    for (file, text) in [
        (root.join("src/main.rs"), "fn main() {}\n"),
        (root.join("README.md"), "x"),
        (ws.home.join(".bashrc"), "x"),
        (ws.home.join(".ssh/id_rsa"), "key"),
        // An empty trail: the operator has decided nothing.
        (ws.root.join(".wicket/trail.jsonl"), ""),
        // `git init` writes no packed-refs; the fixture has one so that
        // globs and hard links can name it, and git writes one at its first
        // `pack-refs`. The header git itself writes, and no refs.
        (
            ws.repo().join("packed-refs"),
            "# pack-refs with: peeled fully-peeled sorted \n",
        ),
    ] {
        std::fs::write(file, text).unwrap();
    }
    let ws_dir = ws.root.clone();
    let links: [(&str, PathBuf); 11] = [
        // The shell fixture's LINKS.
        ("config-link", ws_dir.join("repo.git/config")),
        ("etc-link", PathBuf::from("/etc")),
        ("repo-link", ws_dir.join("repo.git")),
        ("state-link", ws_dir.join(".wicket")),
        ("home-link", ws.home.clone()),
        ("ws-link", ws_dir.clone()),
        ("other-link", ws.worktree(OTHER)),
        ("cache-link", cache.clone()),
        // What the shell's tools.tsv test plants first.
        ("proc-env-link", PathBuf::from("/proc/1/environ")),
        ("proc-self-link", PathBuf::from("/proc/self")),
        ("ssh-link", ws.home.join(".ssh")),
    ];
    for (name, target) in links {
        std::os::unix::fs::symlink(target, root.join(name)).unwrap();
    }
    // The harness's programs where the fixture has them: this test runs the
    // real wicket from `{base}/bin` (with its compiler beside it, as
    // installed), litany there is a stand-in the consult is told about, and
    // `{base}/copies` holds a copy of wicket and a hard link to litany.
    let bin = base.join("bin");
    let copies = base.join("copies");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(&copies).unwrap();
    common::copy_program(&common::wicket_bin(), &bin.join("wicket"));
    common::copy_program(&common::compiler_bin(), &bin.join("wicket-compile"));
    common::write_program(&bin.join("litany"), b"\x7fELF the fixture's litany");
    common::copy_program(&bin.join("wicket"), &copies.join("ls"));
    std::fs::hard_link(bin.join("litany"), copies.join("lt")).unwrap();
    // As the shell fixture: a directory of the home that is a link to the
    // harness's programs (as a PATH directory may be), and a repository
    // nested in the worktree whose git directory has another name
    // (`nested/.git` is a gitfile: `gitdir: g`).
    std::os::unix::fs::symlink(&bin, ws.home.join("tool-bin")).unwrap();
    std::fs::create_dir_all(root.join("nested/g/objects")).unwrap();
    std::fs::write(root.join("nested/g/HEAD"), "ref: refs/heads/main\n").unwrap();
    std::fs::write(root.join("nested/g/config"), "[core]\n").unwrap();
    std::fs::write(root.join("nested/.git"), "gitdir: g\n").unwrap();
    let places = Places {
        ws: canon(&ws.root),
        root: canon(&root),
        home: canon(&ws.home),
        other: format!("{}/agents/{OTHER}", canon(&ws.root)),
        cache: format!("{}/cache/wicket", base.display()),
        base: base.to_string_lossy().into_owned(),
        binary: bin.join("wicket").to_string_lossy().into_owned(),
    };
    (ws, places)
}

/// A consult as litany makes it, by the wicket in `{base}/bin`, with the
/// fixture's PATH and litany.
fn consult(ws: &Ws, places: &Places, tool: &str, input: Value) -> Consulted {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let request = json!({"id": "toolu_01", "name": tool, "input": input, "role": "worker", "agent_id": AGENT});
    let started = Instant::now();
    let mut child = Command::new(&places.binary)
        .current_dir(&ws.root)
        .env("LITANY_CONV_REPO", &ws.root)
        .env("LITANY_CONV_BRANCH", AGENT)
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", &ws.cache)
        .env("PATH", format!("{}/bin:/usr/bin:/bin", places.base))
        .env("WICKET_LITANY", format!("{}/bin/litany", places.base))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("wicket runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(request.to_string().as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    Consulted {
        output,
        took: started.elapsed(),
    }
}

/// One row to ask: where it is, the call, and the ruling the table expects.
struct Row {
    table: &'static str,
    line: usize,
    family: String,
    /// The command (or the tool and its input) as the table writes it.
    written: String,
    tool: String,
    input: Value,
    expected: &'static str,
    why: String,
}

/// What the shipped table rules a class.
fn ruling(effect: Effect) -> &'static str {
    match effect {
        Effect::Destructive | Effect::Secret => "refuse",
        Effect::Opaque => "hold",
        _ => "pass",
    }
}

/// A verdict word, as one of the three.
fn verdict(word: &str) -> Option<&'static str> {
    ["pass", "hold", "refuse"].into_iter().find(|w| *w == word)
}

/// A table under `plugins/shell/tests/`, every row: `## family` starts a
/// family, `#` lines are comments. Rows are, by table:
/// - `adversarial.tsv`, `ruleset.tsv`: class, command (`\n` a newline), why;
/// - `tools.tsv`: class, tool, input JSON (JSON's own escapes), why;
/// - `agent-work.tsv`: verdict, command (`\n` a newline), source, why;
/// - `benign.tsv`: verdict, command (verbatim, as its suite reads it), source, why.
fn load(table: &'static str, places: &Places) -> Vec<Row> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../plugins/shell/tests")
        .join(table);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut family = String::from("(none)");
    let mut rows = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if let Some(name) = line.strip_prefix("## ") {
            family = name.trim().to_owned();
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        let class = |word: &str| {
            Effect::from_word(word)
                .unwrap_or_else(|| panic!("{table}:{number}: unknown class {word}"))
        };
        let bash = |command: String| json!({ "command": places.fill(&command) });
        let row = match table {
            "adversarial.tsv" | "ruleset.tsv" => {
                assert_eq!(columns.len(), 3, "{table}:{number}: class, command, why");
                Row {
                    table,
                    line: number,
                    family: family.clone(),
                    written: columns[1].to_owned(),
                    tool: "bash".into(),
                    input: bash(columns[1].replace("\\n", "\n")),
                    expected: ruling(class(columns[0])),
                    why: columns[2].to_owned(),
                }
            }
            "tools.tsv" => {
                assert_eq!(
                    columns.len(),
                    4,
                    "{table}:{number}: class, tool, input, why"
                );
                let input = serde_json::from_str(&places.fill(columns[2]))
                    .unwrap_or_else(|e| panic!("{table}:{number}: input is not JSON: {e}"));
                Row {
                    table,
                    line: number,
                    family: family.clone(),
                    written: format!("{} {}", columns[1], columns[2]),
                    tool: columns[1].to_owned(),
                    input,
                    expected: ruling(class(columns[0])),
                    why: columns[3].to_owned(),
                }
            }
            "agent-work.tsv" | "benign.tsv" => {
                assert_eq!(
                    columns.len(),
                    4,
                    "{table}:{number}: verdict, command, source, why"
                );
                let command = if table == "agent-work.tsv" {
                    columns[1].replace("\\n", "\n")
                } else {
                    columns[1].to_owned()
                };
                Row {
                    table,
                    line: number,
                    family: family.clone(),
                    written: columns[1].to_owned(),
                    tool: "bash".into(),
                    input: bash(command),
                    expected: verdict(columns[0]).unwrap_or_else(|| {
                        panic!("{table}:{number}: unknown verdict {}", columns[0])
                    }),
                    why: columns[3].to_owned(),
                }
            }
            other => panic!("no loader for {other}"),
        };
        rows.push(row);
    }
    rows
}

/// Run `work` over `items` on two threads (the consults are processes; two
/// keep a two-core machine busy without starving it), results in order.
fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    const WORKERS: usize = 2;
    let chunk = items.len().div_ceil(WORKERS).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(|| part.iter().map(&work).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker panicked"))
            .collect()
    })
}

/// What a consult came to: a verdict word and reason, or why it is no
/// verdict (the seam's shape as `Consulted::verdict` asserts it: exit 0, one
/// JSON line, a pass with no reason, a hold or refusal with one).
fn answer(out: &Consulted) -> Result<(&'static str, String), String> {
    if out.output.status.code() != Some(0) {
        return Err(format!(
            "exited {:?}: {}",
            out.output.status,
            out.stderr().trim()
        ));
    }
    let text = out.stdout();
    if !text.ends_with('\n') || text.matches('\n').count() != 1 {
        return Err(format!("not one line: {:.200?}", text));
    }
    let value: Value =
        serde_json::from_str(&text).map_err(|e| format!("not JSON ({e}): {:.200?}", text))?;
    let word = verdict(value["verdict"].as_str().unwrap_or(""))
        .ok_or_else(|| format!("no verdict word: {:.200?}", text))?;
    let fields = value.as_object().map_or(0, |o| o.len());
    let reason = value["reason"].as_str().unwrap_or("").to_owned();
    match word {
        "pass" if fields != 1 => Err(format!("a pass with more than its word: {text:.200?}")),
        "hold" | "refuse" if fields != 2 || reason.is_empty() => {
            Err(format!("a {word} without just its reason: {text:.200?}"))
        }
        _ => Ok((word, reason)),
    }
}

#[test]
fn a_share_of_every_case_table_reads_the_same_through_the_real_binary() {
    let started = Instant::now();
    let (ws, places) = workspace();

    let mut rows = Vec::new();
    let mut counts = Vec::new();
    for &(table, every) in SHARES {
        let all = load(table, &places);
        for (_, command, reason) in EXCLUDED.iter().filter(|(t, _, _)| *t == table) {
            assert!(
                all.iter().any(|r| r.written == *command),
                "the exclusion {table} {command:?} ({reason}) names no row of the table"
            );
        }
        let total = all.len();
        let mut taken = 0;
        let mut excluded = 0;
        for (index, row) in all.into_iter().enumerate() {
            if index % every != 0 {
                continue;
            }
            if EXCLUDED
                .iter()
                .any(|(t, command, _)| *t == table && *command == row.written)
            {
                excluded += 1;
                continue;
            }
            taken += 1;
            rows.push(row);
        }
        counts.push((table, every, total, taken, excluded));
    }

    let answers = in_parallel(&rows, |row| {
        let out = consult(&ws, &places, &row.tool, row.input.clone());
        (answer(&out), out.took)
    });

    let mut failures = Vec::new();
    let mut per_table: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut slowest = (Duration::ZERO, String::new());
    for (row, (got, took)) in rows.iter().zip(&answers) {
        if *took > slowest.0 {
            slowest = (*took, format!("{}:{}", row.table, row.line));
        }
        match got {
            Ok((word, reason)) => {
                *per_table.entry((row.table, *word)).or_default() += 1;
                if *word != row.expected {
                    failures.push(format!(
                        "{}:{} [{}] {:?}: expected {}, got {} ({reason}); the table says: {}",
                        row.table, row.line, row.family, row.written, row.expected, word, row.why
                    ));
                }
            }
            Err(why) => failures.push(format!(
                "{}:{} [{}] {:?}: expected {}, got no verdict: {why}",
                row.table, row.line, row.family, row.written, row.expected
            )),
        }
    }

    println!(
        "{:<16} {:>6} {:>6} {:>6} {:>9}",
        "table", "every", "rows", "asked", "excluded"
    );
    for (table, every, total, taken, excluded) in &counts {
        println!("{table:<16} {every:>6} {total:>6} {taken:>6} {excluded:>9}");
    }
    for ((table, word), n) in &per_table {
        println!("  {table:<16} {word:<7} {n:>5}");
    }
    println!(
        "{} consults in {:?} (slowest {:?}, {})",
        rows.len(),
        started.elapsed(),
        slowest.0,
        slowest.1
    );
    assert!(
        failures.is_empty(),
        "{} of {} rows read differently through the real binary:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

#[test]
fn hostile_and_random_text_always_gets_a_verdict_inside_the_bound() {
    let started = Instant::now();
    let (ws, places) = workspace();
    let shapes: Vec<(String, String)> = hostile::shapes()
        .into_iter()
        .enumerate()
        .map(|(i, s)| (format!("hostile shape {i}"), s))
        .chain(
            hostile::random_text(0x9e37_79b9_7f4a_7c15, 200)
                .into_iter()
                .enumerate()
                .map(|(i, s)| (format!("random text {i}"), s)),
        )
        .collect();
    let answers = in_parallel(&shapes, |(_, command)| {
        let out = consult(&ws, &places, "bash", json!({ "command": command }));
        (answer(&out), out.took)
    });
    let mut failures = Vec::new();
    let mut words: BTreeMap<&str, usize> = BTreeMap::new();
    let mut slowest = (Duration::ZERO, "");
    for ((name, command), (got, took)) in shapes.iter().zip(&answers) {
        let shown: String = command.chars().take(40).collect();
        if *took > slowest.0 {
            slowest = (*took, name);
        }
        match got {
            Ok((word, _)) => *words.entry(*word).or_default() += 1,
            Err(why) => failures.push(format!("{name} ({shown:?}…): {why}")),
        }
        if *took > BOUND + SLACK {
            failures.push(format!("{name} ({shown:?}…): took {took:?}"));
        }
    }
    println!(
        "{} inputs in {:?}, slowest {:?} ({}); {words:?}",
        shapes.len(),
        started.elapsed(),
        slowest.0,
        slowest.1
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
