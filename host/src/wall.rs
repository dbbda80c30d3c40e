//! The wall: bubblewrap confinement around litany, one shape shared by the
//! probe and every wrap. The host is read-only inside; only the workspace and
//! litany's own data and state roots are writable; wicket's state is re-bound
//! read-only; wicket's cache and binary stay outside the writable set.
//!
//! "Inside the wall" is a fact the consult observes for itself — `/` and
//! `<ws>/.wicket` read-only while the workspace is writable — which an agent
//! outside the wall cannot arrange without the privileges the wall exists to
//! withhold. Never a silent fallback: every unavailability is a sentence.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long the probe may take before it counts as a refusal.
pub const PROBE_DEADLINE: Duration = Duration::from_secs(5);

/// The bwrap binary name looked up on PATH (`$WICKET_BWRAP` overrides it).
pub const BWRAP: &str = "bwrap";

/// Why the wall cannot be built here.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "unavailable", rename_all = "kebab-case")]
pub enum Unavailable {
    /// No bwrap on PATH (or the one named by `$WICKET_BWRAP` is missing).
    Absent { looked_for: String },
    /// bwrap ran and refused.
    Refused { code: Option<i32>, stderr: String },
    /// Not Linux.
    Unsupported { os: String },
}

impl Unavailable {
    pub fn sentence(&self) -> String {
        match self {
            Unavailable::Absent { looked_for } => {
                format!("bubblewrap is not installed here ({looked_for} is not on PATH)")
            }
            Unavailable::Refused { code, stderr } => format!(
                "bubblewrap refused to build the wall (exit {}: {})",
                code.map_or("by signal".into(), |c| c.to_string()),
                if stderr.is_empty() {
                    "no message"
                } else {
                    stderr
                }
            ),
            Unavailable::Unsupported { os } => {
                format!("confinement needs Linux's bubblewrap; this is {os}")
            }
        }
    }
}

/// What to bind where, for one workspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Writable inside: the workspace and litany's roots, those that exist.
    pub writable: Vec<PathBuf>,
    /// Re-bound read-only inside the writable set: wicket's state.
    pub read_only: Vec<PathBuf>,
}

impl Shape {
    /// The shape for a workspace: the workspace itself, litany's data and
    /// config roots (`$LITANY_HOME`, else the XDG ones) writable;
    /// `<ws>/.wicket` and the `guarded` paths (wicket's cache and binary)
    /// read-only where a writable bind would reach them. Only what exists is
    /// bound.
    pub fn for_workspace(workspace: &Path, guarded: &[PathBuf]) -> Shape {
        let workspace =
            std::fs::canonicalize(workspace).unwrap_or_else(|_| workspace.to_path_buf());
        let mut candidates = vec![workspace.clone()];
        candidates.extend(litany_roots());
        let mut writable: Vec<PathBuf> = Vec::new();
        for dir in candidates {
            let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
            if dir.is_dir() && !writable.iter().any(|w| dir.starts_with(w)) {
                writable.retain(|w| !w.starts_with(&dir));
                writable.push(dir);
            }
        }
        // wicket's state, and its cache and binary wherever a writable bind
        // (or /tmp) would otherwise reach them, are re-bound read-only.
        let mut read_only = Vec::new();
        let reachable =
            |p: &Path| p.starts_with("/tmp") || writable.iter().any(|w| p.starts_with(w));
        for path in std::iter::once(workspace.join(".wicket")).chain(guarded.iter().cloned()) {
            let path = std::fs::canonicalize(&path).unwrap_or(path);
            if path.exists() && reachable(&path) && !read_only.contains(&path) {
                read_only.push(path);
            }
        }
        Shape {
            writable,
            read_only,
        }
    }

    /// bwrap's arguments for this shape, ending with `--` before the program.
    pub fn args(&self) -> Vec<OsString> {
        let mut args: Vec<OsString> = [
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--proc",
            "/proc",
            "--bind",
            "/tmp",
            "/tmp",
        ]
        .iter()
        .map(OsString::from)
        .collect();
        for dir in &self.writable {
            args.extend([
                OsString::from("--bind"),
                dir.clone().into(),
                dir.clone().into(),
            ]);
        }
        for dir in &self.read_only {
            args.extend([
                OsString::from("--ro-bind"),
                dir.clone().into(),
                dir.clone().into(),
            ]);
        }
        args.push("--".into());
        args
    }

    /// A command that runs `program` inside this shape.
    pub fn wrap(&self, bwrap: &Path, program: &[OsString]) -> Command {
        let mut command = Command::new(bwrap);
        command.args(self.args()).args(program);
        command
    }
}

/// litany's data and config roots: `$LITANY_HOME` collapses both.
fn litany_roots() -> Vec<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(home) = env("LITANY_HOME") {
        return vec![home];
    }
    let home = env("HOME");
    let data = env("XDG_DATA_HOME").or_else(|| home.as_ref().map(|h| h.join(".local/share")));
    let config = env("XDG_CONFIG_HOME").or_else(|| home.as_ref().map(|h| h.join(".config")));
    [data, config]
        .into_iter()
        .flatten()
        .map(|d| d.join("litany"))
        .collect()
}

/// The bwrap this environment names, if it can be found.
pub fn find_bwrap() -> Result<PathBuf, Unavailable> {
    if !cfg!(target_os = "linux") {
        return Err(Unavailable::Unsupported {
            os: std::env::consts::OS.into(),
        });
    }
    let named = std::env::var_os("WICKET_BWRAP").filter(|v| !v.is_empty());
    let wanted = named.clone().unwrap_or_else(|| BWRAP.into());
    let wanted_path = PathBuf::from(&wanted);
    if wanted_path.components().count() > 1 {
        return if wanted_path.is_file() {
            Ok(wanted_path)
        } else {
            Err(Unavailable::Absent {
                looked_for: wanted_path.display().to_string(),
            })
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(&wanted))
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| Unavailable::Absent {
            looked_for: wanted_path.display().to_string(),
        })
}

/// Run the shape with `true`: the wall can be built here, or why not.
pub fn probe(shape: &Shape) -> Result<PathBuf, Unavailable> {
    let bwrap = find_bwrap()?;
    let mut command = shape.wrap(&bwrap, &["true".into()]);
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|e| Unavailable::Refused {
        code: None,
        stderr: e.to_string(),
    })?;
    let started = std::time::Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let mut stderr = String::new();
                if let Some(mut err) = child.stderr.take() {
                    use std::io::Read;
                    let _ = err.read_to_string(&mut stderr);
                }
                return if status.success() {
                    Ok(bwrap)
                } else {
                    Err(Unavailable::Refused {
                        code: status.code(),
                        stderr: one_line(&stderr),
                    })
                };
            }
            Ok(None) if started.elapsed() > PROBE_DEADLINE => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Unavailable::Refused {
                    code: None,
                    stderr: "it did not finish within 5 s".into(),
                });
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => {
                return Err(Unavailable::Refused {
                    code: None,
                    stderr: e.to_string(),
                })
            }
        }
    }
}

fn one_line(text: &str) -> String {
    crate::reason::clip(text.trim().lines().next().unwrap_or(""), 200)
}

/// Whether this process runs inside the wall for `workspace`: `/` and
/// `<ws>/.wicket` read-only, the workspace writable.
pub fn inside(workspace: &Path) -> bool {
    let read_only = |p: &Path| {
        rustix::fs::statvfs(p)
            .map(|s| s.f_flag.contains(rustix::fs::StatVfsMountFlags::RDONLY))
            .ok()
    };
    read_only(Path::new("/")) == Some(true)
        && read_only(&workspace.join(".wicket")) == Some(true)
        && read_only(workspace) == Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wrap_argv_is_exactly_the_shape() {
        let shape = Shape {
            writable: vec![
                PathBuf::from("/ws"),
                PathBuf::from("/home/u/.local/share/litany"),
            ],
            read_only: vec![PathBuf::from("/ws/.wicket")],
        };
        let command = shape.wrap(
            Path::new("/usr/bin/bwrap"),
            &["litany".into(), "advance".into(), "/ws".into(), "a".into()],
        );
        let argv: Vec<String> = command
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(command.get_program(), "/usr/bin/bwrap");
        assert_eq!(
            argv,
            [
                "--ro-bind",
                "/",
                "/",
                "--dev",
                "/dev",
                "--proc",
                "/proc",
                "--bind",
                "/tmp",
                "/tmp",
                "--bind",
                "/ws",
                "/ws",
                "--bind",
                "/home/u/.local/share/litany",
                "/home/u/.local/share/litany",
                "--ro-bind",
                "/ws/.wicket",
                "/ws/.wicket",
                "--",
                "litany",
                "advance",
                "/ws",
                "a",
            ]
        );
    }

    #[test]
    fn only_existing_directories_are_bound_and_nested_ones_once() {
        let tmp = std::env::temp_dir().join(format!("wicket-wall-shape-{}", std::process::id()));
        std::fs::create_dir_all(tmp.join("ws/.wicket")).unwrap();
        std::fs::create_dir_all(tmp.join("cache")).unwrap();
        let shape =
            Shape::for_workspace(&tmp.join("ws"), &[tmp.join("cache"), tmp.join("missing")]);
        let ws = std::fs::canonicalize(tmp.join("ws")).unwrap();
        assert!(shape.writable.contains(&ws));
        let cache = std::fs::canonicalize(tmp.join("cache")).unwrap();
        assert_eq!(
            shape.read_only,
            vec![ws.join(".wicket"), cache],
            "the cache under /tmp is re-bound read-only"
        );
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
