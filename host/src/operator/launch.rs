//! The one thing an answer launches: `litany advance <ws> <agent>`, detached
//! in a session of its own with its output in a log under `<ws>/.wicket/`,
//! inside the wall when the policy requires confinement — and its receipt.
//!
//! The launched litany gets none of the tool-step variables (an operator may
//! answer from inside a step) and none of wicket's own.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::trail::{Row, What};
use crate::wall;
use crate::workspace::Workspace;

/// litany's variables a launched litany must not inherit.
pub const TOOL_STEP_VARIABLES: &[&str] = &[
    "LITANY_TOOL_ID",
    "LITANY_CONV_BRANCH",
    "LITANY_CONV_REPO",
    "LITANY_LOCK_FD",
];

/// What a launch did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Launched {
    pub argv: Vec<String>,
    pub ok: bool,
    pub pid: Option<u32>,
    pub log: Option<String>,
    pub error: Option<String>,
    pub confined: bool,
    /// The launch receipt could not be written (the launch itself happened or not as `ok` says).
    pub receipt_error: Option<String>,
}

/// The litany binary: `$WICKET_LITANY`, else `litany` on PATH.
pub fn litany_binary() -> Result<PathBuf, String> {
    if let Some(named) = std::env::var_os("WICKET_LITANY").filter(|v| !v.is_empty()) {
        let path = PathBuf::from(&named);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(format!(
                "WICKET_LITANY names {}, which is not a file",
                path.display()
            ))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join("litany"))
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| "litany is not on PATH (set WICKET_LITANY to its path)".to_owned())
}

/// Launch `litany advance` for `agent`, detached, and record the receipt.
pub fn advance(ws: &Workspace, agent: &str, confine: bool, guarded: &[PathBuf]) -> Launched {
    let root = ws.root.to_string_lossy().into_owned();
    let mut launched = Launched {
        argv: Vec::new(),
        ok: false,
        pid: None,
        log: None,
        error: None,
        confined: false,
        receipt_error: None,
    };
    match spawn(ws, &root, agent, confine, guarded, &mut launched) {
        Ok(pid) => {
            launched.ok = true;
            launched.pid = Some(pid);
        }
        Err(e) => launched.error = Some(e),
    }
    let row = Row::now(What::Launch {
        agent: agent.to_owned(),
        argv: launched.argv.clone(),
        ok: launched.ok,
        pid: launched.pid,
        log: launched.log.clone(),
        error: launched.error.clone(),
        confined: launched.confined,
    });
    if let Err(e) = crate::operator::append(ws, &row, None) {
        launched.receipt_error = Some(format!("{e:#}"));
    }
    launched
}

fn spawn(
    ws: &Workspace,
    root: &str,
    agent: &str,
    confine: bool,
    guarded: &[PathBuf],
    launched: &mut Launched,
) -> Result<u32, String> {
    let litany = litany_binary();
    let litany_text = litany
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| "litany".into());
    launched.argv = vec![
        litany_text,
        "advance".into(),
        root.to_owned(),
        agent.to_owned(),
    ];
    let litany = litany?;
    let program: Vec<std::ffi::OsString> = vec![
        litany.into_os_string(),
        "advance".into(),
        root.into(),
        agent.into(),
    ];
    let command = if confine {
        wall::prepare(&ws.root)
            .map_err(|e| format!("could not prepare {} for the wall ({e})", ws.root.display()))?;
        let shape = wall::Shape::for_workspace(&ws.root, guarded);
        let bwrap = wall::probe(&shape).map_err(|u| {
            format!("the policy requires confinement and {}; the answer stands and the call stays parked until litany runs inside the wall", u.sentence())
        })?;
        launched.confined = true;
        launched.argv = std::iter::once(bwrap.display().to_string())
            .chain(
                shape
                    .args()
                    .iter()
                    .map(|a| a.to_string_lossy().into_owned()),
            )
            .chain(launched.argv.iter().cloned())
            .collect();
        shape.wrap(&bwrap, &program)
    } else {
        let mut command = Command::new(&program[0]);
        command.args(&program[1..]);
        wall::git_ignores_planted_history(&mut command);
        command
    };
    // A small shell stays as the launch's parent and writes how it ended as
    // the log's last line, so `status` can tell a finished launch from a
    // failed one (see [`outcome`]).
    let mut command = {
        let mut supervised = Command::new("/bin/sh");
        supervised
            .arg("-c")
            .arg(format!("\"$@\"; echo \"{EXITED}$?\""))
            .arg("wicket-launch")
            .arg(command.get_program())
            .args(command.get_args());
        for (key, value) in command.get_envs() {
            match value {
                Some(value) => supervised.env(key, value),
                None => supervised.env_remove(key),
            };
        }
        supervised
    };
    let log = log_file(ws, agent)?;
    launched.log = Some(log.1.display().to_string());
    let err = log
        .0
        .try_clone()
        .map_err(|e| format!("could not share the log file: {e}"))?;
    command
        .current_dir(&ws.root)
        .stdin(Stdio::null())
        .stdout(Stdio::from(log.0))
        .stderr(Stdio::from(err));
    for (key, _) in std::env::vars_os() {
        let key_text = key.to_string_lossy();
        if key_text.starts_with("WICKET_") || TOOL_STEP_VARIABLES.contains(&key_text.as_ref()) {
            command.env_remove(&key);
        }
    }
    // SAFETY: setsid is async-signal-safe and touches no memory of ours; it
    // makes the launch its own session, so it outlives this process and no
    // terminal signal meant for the operator reaches it.
    unsafe {
        command.pre_exec(|| {
            rustix::process::setsid()
                .map(|_| ())
                .map_err(std::io::Error::from)
        });
    }
    let child = command
        .spawn()
        .map_err(|e| format!("could not start {}: {e}", launched.argv[0]))?;
    Ok(child.id())
}

/// A fresh log file under `<ws>/.wicket/logs/`.
fn log_file(ws: &Workspace, agent: &str) -> Result<(std::fs::File, PathBuf), String> {
    let dir = ws.state_dir().join("logs");
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("could not create {}: {e}", dir.display()))?;
    let stamp = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .replace(':', "");
    // Each launch its own file, even two in one second: never appended to
    // another launch's log.
    for n in 1..=1000u32 {
        let name = if n == 1 {
            format!("advance-{agent}-{stamp}.log")
        } else {
            format!("advance-{agent}-{stamp}-{n}.log")
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .create_new(true)
            .append(true)
            .open(&path)
        {
            Ok(file) => return Ok((file, path)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("could not open the log {}: {e}", path.display())),
        }
    }
    Err(format!(
        "could not find a fresh log file name in {} (a thousand launches for {agent} this second)",
        dir.display()
    ))
}

/// How a launch's log ends when the launch has ended: this, then its exit
/// status.
const EXITED: &str = "wicket: litany advance exited with status ";

/// How a launch went, from the last line of its log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Its log says it exited with this status.
    Exited(i32),
    /// Its log says nothing of an end: still running, or stopped before it
    /// could say (the machine went down), or the log is gone.
    Unknown,
}

/// The outcome the log at `path` records.
pub fn outcome(path: &Path) -> Outcome {
    use std::io::{Read, Seek, SeekFrom};
    let Ok(mut file) = std::fs::File::open(path) else {
        return Outcome::Unknown;
    };
    let len = file.metadata().map_or(0, |m| m.len());
    let _ = file.seek(SeekFrom::Start(len.saturating_sub(512)));
    let mut tail = Vec::new();
    if file.take(512).read_to_end(&mut tail).is_err() {
        return Outcome::Unknown;
    }
    String::from_utf8_lossy(&tail)
        .lines()
        .last()
        .and_then(|line| line.strip_prefix(EXITED))
        .and_then(|status| status.trim().parse().ok())
        .map_or(Outcome::Unknown, Outcome::Exited)
}
