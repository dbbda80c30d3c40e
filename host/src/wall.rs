//! The wall: bubblewrap confinement around litany, one shape shared by the
//! probe and every wrap. The host is read-only inside; only the workspace (and
//! /tmp) is writable, and within it every protected path litany does not
//! write while it runs is re-bound read-only ([`protected`] says which, path
//! by path). litany's config and data roots, wicket's cache, binaries and
//! plugins stay read-only wherever they live.
//!
//! "Inside the wall" is a fact the consult observes for itself — `/` and
//! `<ws>/.wicket` read-only while the workspace is writable — which an agent
//! outside the wall cannot arrange without the privileges the wall exists to
//! withhold. Never a silent fallback: every unavailability is a sentence.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long the probe may take before it counts as a refusal: inside the
/// consult's own bound, since the gate asks it during a consult.
pub const PROBE_DEADLINE: Duration = Duration::from_millis(1500);

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
    /// Writable inside: the workspace (and /tmp, always).
    pub writable: Vec<PathBuf>,
    /// Re-bound read-only inside the writable set: every protected path
    /// litany does not write while it runs.
    pub read_only: Vec<PathBuf>,
}

/// How a protected path is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kept {
    /// Read-only inside the wall: no call can change it, however it fooled
    /// the classifier.
    Wall,
    /// litany itself writes it while it runs, so only the classifier stands
    /// between an agent and it.
    Classification,
}

/// One entry of the protected set, what it is, and how it is kept.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Guard {
    pub path: PathBuf,
    pub what: &'static str,
    pub kept: Kept,
    /// wicket run makes it (empty) when it is missing, so the wall can bind
    /// it before an agent could plant one.
    #[serde(skip)]
    placeholder: Option<Placeholder>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Placeholder {
    Dir,
    /// A file with these bytes.
    File(&'static [u8]),
}

/// The protected set of a workspace, path by path: what the wall binds
/// read-only, and what rests on classification alone because litany writes
/// it while it runs (its marks, the agents' branches and worktrees, the
/// objects, the reflogs, the worktrees' admin files). `guarded` adds
/// wicket's own cache, binaries and plugin files.
pub fn protected(workspace: &Path, guarded: &[PathBuf]) -> Vec<Guard> {
    let repo = workspace.join("repo.git");
    let wall = |path: PathBuf, what: &'static str, placeholder: Option<Placeholder>| Guard {
        path,
        what,
        kept: Kept::Wall,
        placeholder,
    };
    let classified = |path: PathBuf, what: &'static str| Guard {
        path,
        what,
        kept: Kept::Classification,
        placeholder: None,
    };
    use Placeholder::{Dir, File};
    let mut out = vec![
        wall(
            workspace.join(".wicket"),
            "wicket's state: the trail, the operator's answers",
            Some(Dir),
        ),
        wall(
            repo.join("config"),
            "the repository's config (hooks paths, fsmonitor, aliases run programs)",
            None,
        ),
        wall(repo.join("HEAD"), "the repository's HEAD", None),
        wall(
            repo.join("hooks"),
            "hooks git runs, litany's git among them",
            Some(Dir),
        ),
        wall(
            repo.join("info"),
            "grafts, attributes and excludes",
            Some(Dir),
        ),
        wall(
            repo.join("objects/info"),
            "alternates: other object stores",
            Some(Dir),
        ),
        wall(
            repo.join("packed-refs"),
            "packed refs: a protected ref written here wins over none",
            Some(File(b"")),
        ),
        wall(
            repo.join("commondir"),
            "where git finds the repository's common directory",
            Some(File(b".\n")),
        ),
        wall(
            repo.join("shallow"),
            "shallow commits change ancestry, so the governing config",
            None,
        ),
        wall(
            repo.join("refs/heads/config"),
            "the policy lineages (litany follows their tips)",
            Some(Dir),
        ),
        wall(
            repo.join("refs/replace"),
            "replace refs (litany honours them reading workflow.yaml)",
            Some(Dir),
        ),
        wall(
            repo.join("refs/litany/workflow"),
            "workflow marks (choose the workflow litany reads)",
            Some(Dir),
        ),
        wall(
            repo.join("refs/tags"),
            "tags (refs/tags/agents/<id> and refs/tags/config/… shadow branches)",
            Some(Dir),
        ),
        wall(
            repo.join("refs/remotes"),
            "remote-tracking refs (refs/remotes/<name> shadows a branch)",
            Some(Dir),
        ),
        wall(
            repo.join("refs/agents"),
            "refs/agents/<id> would shadow an agent's branch",
            Some(Dir),
        ),
        wall(
            repo.join("refs/config"),
            "refs/config/<name> would shadow a policy lineage",
            Some(Dir),
        ),
        wall(
            repo.join("refs/refs"),
            "refs/refs/… would shadow litany's marks",
            Some(Dir),
        ),
        wall(
            repo.join("refs/heads/refs"),
            "refs/heads/refs/… would shadow litany's marks",
            Some(Dir),
        ),
        wall(
            repo.join("agents"),
            "$GIT_DIR/agents/<id> would shadow an agent's branch",
            Some(Dir),
        ),
        classified(
            repo.join("refs/litany"),
            "litany's hold, cwd, role and retarget marks (litany clears them while it runs)",
        ),
        classified(repo.join("refs/heads/agents"), "the agents' branches"),
        classified(repo.join("objects"), "the object store"),
        classified(
            repo.join("worktrees"),
            "the agents' worktree admin directories",
        ),
        classified(repo.join("logs"), "reflogs"),
        classified(
            workspace.join("agents"),
            "the agents' worktrees (each agent's own is its writable root)",
        ),
        classified(workspace.join("inbox"), "litany's inbox"),
        classified(workspace.join("steps"), "litany's step records"),
    ];
    // The worktrees' admin files that say where each worktree's repository
    // is: bound as they are (litany writes new ones only when it makes an
    // agent, and those rest on classification).
    if let Ok(entries) = std::fs::read_dir(repo.join("worktrees")) {
        for entry in entries.flatten() {
            for name in ["commondir", "gitdir"] {
                let file = entry.path().join(name);
                if file.is_file() {
                    out.push(wall(file, "a worktree's link to its repository", None));
                }
            }
        }
    }
    for root in litany_roots() {
        out.push(wall(
            root,
            "litany's config and data roots (models.yaml adapters, tools/)",
            None,
        ));
    }
    if let Some(config) = adapter_config() {
        out.push(wall(
            config,
            "litany's adapter's config (bz runs the program it names)",
            None,
        ));
    }
    for named in git_config_named() {
        out.push(wall(
            named,
            "a file the user's or the system's git configuration includes, or its hooks directory",
            None,
        ));
    }
    for path in guarded {
        out.push(wall(
            path.clone(),
            "wicket's compile cache, binaries or a plugin the policy names",
            None,
        ));
    }
    out
}

/// Make the placeholders the wall binds read-only, where they are missing,
/// so an agent cannot plant one later (an empty `refs/replace/`, an empty
/// `packed-refs`). Returns what was made.
pub fn prepare(workspace: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut made = Vec::new();
    unpack_marks(&workspace.join("repo.git"))?;
    for guard in protected(workspace, &[]) {
        let Some(placeholder) = guard.placeholder else {
            continue;
        };
        if std::fs::symlink_metadata(&guard.path).is_ok() {
            continue;
        }
        match placeholder {
            Placeholder::Dir => std::fs::create_dir_all(&guard.path)?,
            Placeholder::File(bytes) => {
                if let Some(parent) = guard.path.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(&guard.path, bytes)?;
            }
        }
        made.push(guard.path);
    }
    Ok(made)
}

/// Move litany's marks (`refs/litany/…`) out of `packed-refs` into loose
/// refs, under git's own lock. litany deletes its marks while it runs (a hold
/// mark when the held call is released, role and retarget marks when they
/// land), and deleting a packed ref rewrites `packed-refs`, which the wall
/// keeps read-only; a loose mark is deleted without touching it. A mark that
/// already has a loose ref keeps it (the loose one is what git reads). If git
/// holds the lock, nothing is moved: the next wall tries again.
fn unpack_marks(repo: &Path) -> std::io::Result<()> {
    use std::io::Write;
    let packed = repo.join("packed-refs");
    let Ok(text) = std::fs::read_to_string(&packed) else {
        return Ok(());
    };
    let lines: Vec<&str> = text.lines().collect();
    let is_mark = |line: &str| {
        line.split_once(' ')
            .is_some_and(|(oid, name)| oid.len() >= 40 && name.starts_with("refs/litany/"))
    };
    if !lines.iter().any(|l| is_mark(l)) {
        return Ok(());
    }
    let lock = repo.join("packed-refs.lock");
    let mut file = match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&lock)
    {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Ok(()),
        Err(e) => return Err(e),
    };
    let result = (|| {
        // Re-read under the lock: git may have rewritten it meanwhile.
        let text = std::fs::read_to_string(&packed)?;
        let mut kept = String::new();
        let mut skipping_peel = false;
        for line in text.lines() {
            if line.starts_with('^') {
                if !skipping_peel {
                    kept.push_str(line);
                    kept.push('\n');
                }
                continue;
            }
            skipping_peel = false;
            if let Some((oid, name)) = line.split_once(' ').filter(|_| is_mark(line)) {
                let loose = repo.join(name);
                if std::fs::symlink_metadata(&loose).is_err() {
                    if let Some(parent) = loose.parent() {
                        std::fs::create_dir_all(parent)?;
                    }
                    let temp = PathBuf::from(format!("{}.wicket-unpack", loose.display()));
                    std::fs::write(&temp, format!("{oid}\n"))?;
                    std::fs::rename(&temp, &loose)?;
                }
                skipping_peel = true;
                continue;
            }
            kept.push_str(line);
            kept.push('\n');
        }
        file.write_all(kept.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&lock, &packed)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&lock);
    }
    result
}

impl Shape {
    /// The shape for a workspace: the workspace writable (and /tmp); every
    /// protected path the wall keeps re-bound read-only where a writable bind
    /// (or /tmp) would reach it. Only what exists is bound.
    pub fn for_workspace(workspace: &Path, guarded: &[PathBuf]) -> Shape {
        let workspace =
            std::fs::canonicalize(workspace).unwrap_or_else(|_| workspace.to_path_buf());
        let writable = vec![workspace.clone()];
        let reachable =
            |p: &Path| p.starts_with("/tmp") || writable.iter().any(|w| p.starts_with(w));
        let mut read_only: Vec<PathBuf> = Vec::new();
        for guard in protected(&workspace, guarded) {
            if guard.kept != Kept::Wall {
                continue;
            }
            let path = std::fs::canonicalize(&guard.path).unwrap_or(guard.path);
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

    /// A command that runs `program` inside this shape. Its environment
    /// keeps git from honouring what an agent could plant (replace refs,
    /// grafts, a shallow file) in every git litany runs, and its PATH holds
    /// no directory the wall leaves writable (litany runs
    /// `litany-tool-<name>` from PATH before its built-in tools), and no
    /// entry that is not absolute (`.`, `bin`, an empty one): those name a
    /// directory relative to wherever a program runs, the agent's worktree
    /// among them.
    pub fn wrap(&self, bwrap: &Path, program: &[OsString]) -> Command {
        let mut command = Command::new(bwrap);
        command.args(self.args()).args(program);
        git_ignores_planted_history(&mut command);
        if let Some(path) = std::env::var_os("PATH") {
            command.env("PATH", self.path_inside(&path));
        }
        command
    }

    /// The PATH the wall hands its program: `path` without the directories
    /// it leaves writable and without entries that are not absolute.
    pub fn path_inside(&self, path: &std::ffi::OsStr) -> OsString {
        let mut kept: Vec<PathBuf> = std::env::split_paths(path)
            .filter(|dir| dir.is_absolute() && !self.leaves_writable(dir))
            .collect();
        // An empty PATH is the current directory to a lookup.
        if kept.is_empty() {
            kept = vec!["/usr/bin".into(), "/bin".into()];
        }
        // Nothing kept can hold the separator: each came out of a split.
        std::env::join_paths(kept).unwrap_or_else(|_| "/usr/bin:/bin".into())
    }

    /// Whether a path could be written inside the wall.
    pub fn leaves_writable(&self, path: &Path) -> bool {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let under = |p: &Path, dir: &Path| p.starts_with(dir);
        (under(&path, Path::new("/tmp")) || self.writable.iter().any(|w| under(&path, w)))
            && !self.read_only.iter().any(|r| under(&path, r))
    }
}

/// Keep every git `command` runs from honouring replace refs, grafts and a
/// shallow file an agent could have planted: litany reads `workflow.yaml`
/// through git. The graft and shallow files are named where none can exist
/// (an empty file would make git treat the repository as shallow).
pub fn git_ignores_planted_history(command: &mut Command) {
    command
        .env("GIT_NO_REPLACE_OBJECTS", "1")
        .env("GIT_GRAFT_FILE", "/dev/null/no-grafts")
        .env("GIT_SHALLOW_FILE", "/dev/null/no-shallow-file");
}

/// A path the process's environment names in `name`, when set and not empty.
fn env(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The user's config root: `$XDG_CONFIG_HOME`, else `~/.config`.
fn config_root() -> Option<PathBuf> {
    env("XDG_CONFIG_HOME").or_else(|| env("HOME").map(|h| h.join(".config")))
}

/// litany's data and config roots: `$LITANY_HOME` collapses both.
pub fn litany_roots() -> Vec<PathBuf> {
    if let Some(home) = env("LITANY_HOME") {
        return vec![home];
    }
    let data = env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local/share")));
    [data, config_root()]
        .into_iter()
        .flatten()
        .map(|d| d.join("litany"))
        .collect()
}

/// The config of litany's model adapter `bz` (brazen), which names the
/// program it runs for each model call: `$BRAZEN_CONFIG`, else the
/// `brazen` directory of the user's config root.
pub fn adapter_config() -> Option<PathBuf> {
    env("BRAZEN_CONFIG").or_else(|| config_root().map(|c| c.join("brazen")))
}

/// git's system-wide configuration and attributes, which every git the
/// harness runs reads (a `core.hooksPath` or a filter there runs on its
/// step commit): `$GIT_CONFIG_SYSTEM` when set, and the places git puts
/// them when built by a distribution (`/etc`) or from source
/// (`/usr/local/etc`).
pub fn git_system_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = env("GIT_CONFIG_SYSTEM").into_iter().collect();
    for dir in ["/etc", "/usr/local/etc"] {
        for name in ["gitconfig", "gitattributes"] {
            files.push(Path::new(dir).join(name));
        }
    }
    files
}

/// What the user's and the system's git configuration name for git to read
/// or run, besides themselves: every file an `include.path` or
/// `includeIf.<condition>.path` names (followed as git follows them, up to
/// its depth of ten, whatever the condition), and a `core.hooksPath` that is
/// absolute or under the home. Every git the harness runs (litany's step
/// commit among them) reads them: `~/.gitconfig.local` written when
/// `~/.gitconfig` includes it, or a hook planted in `~/.githooks` when it is
/// the hooks path, ran in another worktree's next commit (verified under
/// dash).
pub fn git_config_named() -> Vec<PathBuf> {
    let home = env("HOME");
    let mut start: Vec<PathBuf> = git_system_files()
        .into_iter()
        .filter(|p| !p.ends_with("gitattributes"))
        .collect();
    match env("GIT_CONFIG_GLOBAL") {
        Some(global) => start.push(global),
        None => {
            start.extend(home.as_ref().map(|h| h.join(".gitconfig")));
            start.extend(config_root().map(|x| x.join("git").join("config")));
        }
    }
    let mut named: Vec<PathBuf> = Vec::new();
    let mut queue: std::collections::VecDeque<(PathBuf, usize)> =
        start.into_iter().map(|p| (p, 0)).collect();
    let mut read = 0;
    while let Some((file, depth)) = queue.pop_front() {
        // Bounded as git bounds includes, and in how much is read.
        if depth > 10 || read >= 64 {
            break;
        }
        read += 1;
        let Some(text) = read_small(&file) else {
            continue;
        };
        for (section, key, value) in git_config_entries(&text) {
            let Some(path) = expand_config_path(&value, &file, home.as_deref()) else {
                continue;
            };
            let include =
                key == "path" && (section == "include" || section.starts_with("includeif."));
            if include {
                if !named.contains(&path) {
                    named.push(path.clone());
                    queue.push_back((path, depth + 1));
                }
            } else if section == "core"
                && key == "hookspath"
                && (value.starts_with('/') || value.starts_with("~/"))
                && !named.contains(&path)
            {
                // A relative hooks path is inside each worktree git runs in.
                named.push(path);
            }
        }
    }
    named
}

/// A configuration file's text, when it is a file of at most 1 MiB.
fn read_small(file: &Path) -> Option<String> {
    use std::io::Read;
    let opened = std::fs::File::open(file).ok()?;
    if !opened.metadata().ok()?.is_file() {
        return None;
    }
    let mut text = String::new();
    opened.take(1 << 20).read_to_string(&mut text).ok()?;
    Some(text)
}

/// A path value as git reads it: `~/` is the home, a relative one (an
/// include's) is relative to the file that names it. None for what names
/// no fixed place.
fn expand_config_path(value: &str, file: &Path, home: Option<&Path>) -> Option<PathBuf> {
    if value.is_empty() {
        return None;
    }
    if let Some(rest) = value.strip_prefix("~/") {
        return home.map(|h| h.join(rest));
    }
    if value.starts_with('~') {
        return None;
    }
    let path = Path::new(value);
    if path.is_absolute() {
        return Some(path.to_path_buf());
    }
    file.parent().map(|dir| dir.join(path))
}

/// The entries of a git configuration file: (section, key, value), the
/// section lower-cased with its subsection after a dot (`includeif.gitdir:~/w/`),
/// the key lower-cased, the value with quotes and escapes removed. A
/// tolerant reading: a line it cannot read is skipped.
pub(crate) fn git_config_entries(text: &str) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut section = String::new();
    // Continuation lines (a value ending in an unquoted backslash) joined.
    let mut lines: Vec<String> = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        if let Some(head) = line.strip_suffix('\\') {
            pending.push_str(head);
            continue;
        }
        pending.push_str(line);
        lines.push(std::mem::take(&mut pending));
    }
    if !pending.is_empty() {
        lines.push(pending);
    }
    for line in &lines {
        let mut rest = line.trim_start();
        if let Some(after) = rest.strip_prefix('[') {
            let Some(end) = after.find(']') else { continue };
            let header = &after[..end];
            section = match header.split_once(|c: char| c.is_whitespace()) {
                Some((name, sub)) => {
                    let sub = sub
                        .trim()
                        .trim_matches('"')
                        .replace("\\\"", "\"")
                        .replace("\\\\", "\\");
                    format!("{}.{sub}", name.to_ascii_lowercase())
                }
                None => header.to_ascii_lowercase(),
            };
            rest = after[end + 1..].trim_start();
        }
        if rest.is_empty() || rest.starts_with('#') || rest.starts_with(';') {
            continue;
        }
        let (key, raw) = match rest.split_once('=') {
            Some((k, v)) => (k.trim(), v),
            None => (rest.trim(), ""),
        };
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            continue;
        }
        out.push((section.clone(), key.to_ascii_lowercase(), config_value(raw)));
    }
    out
}

/// A value as git reads it: quotes removed, `\\`, `\"`, `\t`, `\n` and
/// `\b` decoded, a comment outside quotes dropped, outer spaces trimmed.
fn config_value(raw: &str) -> String {
    let mut value = String::new();
    let mut quoted = false;
    let mut chars = raw.trim().chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => quoted = !quoted,
            '\\' => match chars.next() {
                Some('n') => value.push('\n'),
                Some('t') => value.push('\t'),
                Some('b') => {
                    value.pop();
                }
                Some(other) => value.push(other),
                None => {}
            },
            '#' | ';' if !quoted => break,
            c => value.push(c),
        }
    }
    value.trim_end().to_owned()
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
    // A group of its own, so a probe past its deadline is stopped whole:
    // bwrap and whatever it started, not bwrap alone with its children
    // orphaned.
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
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
                // The group's id is the child's (never init's: a child is not pid 1).
                if let Some(group) = rustix::process::Pid::from_raw(child.id() as i32)
                    .filter(|pid| *pid != rustix::process::Pid::INIT)
                {
                    let _ =
                        rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
                }
                let _ = child.kill();
                let _ = child.wait();
                return Err(Unavailable::Refused {
                    code: None,
                    stderr: format!("it did not finish within {} ms", PROBE_DEADLINE.as_millis()),
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
    fn the_path_inside_keeps_only_absolute_directories_the_wall_leaves_read_only() {
        let shape = Shape {
            writable: vec![PathBuf::from("/ws")],
            read_only: vec![PathBuf::from("/ws/.wicket")],
        };
        let inside = |path: &str| shape.path_inside(path.as_ref()).into_string().unwrap();
        assert_eq!(
            inside(":/usr/bin:.:bin:/ws/agents/a/bin:/tmp/x:/ws/.wicket/bin:/bin:"),
            "/usr/bin:/ws/.wicket/bin:/bin"
        );
        assert_eq!(inside("."), "/usr/bin:/bin");
        assert_eq!(inside(""), "/usr/bin:/bin");
    }

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
    fn only_existing_protected_paths_reachable_from_a_writable_bind_are_rebound() {
        let tmp = std::env::temp_dir().join(format!("wicket-wall-shape-{}", std::process::id()));
        std::fs::create_dir_all(tmp.join("ws/.wicket")).unwrap();
        std::fs::create_dir_all(tmp.join("ws/repo.git/refs/heads/config")).unwrap();
        std::fs::create_dir_all(tmp.join("ws/repo.git/objects")).unwrap();
        std::fs::create_dir_all(tmp.join("cache")).unwrap();
        let shape =
            Shape::for_workspace(&tmp.join("ws"), &[tmp.join("cache"), tmp.join("missing")]);
        let ws = std::fs::canonicalize(tmp.join("ws")).unwrap();
        assert_eq!(shape.writable, vec![ws.clone()]);
        let cache = std::fs::canonicalize(tmp.join("cache")).unwrap();
        assert!(shape.read_only.contains(&ws.join(".wicket")));
        assert!(shape
            .read_only
            .contains(&ws.join("repo.git/refs/heads/config")));
        assert!(
            shape.read_only.contains(&cache),
            "the cache under /tmp is re-bound read-only"
        );
        assert!(
            !shape.read_only.contains(&ws.join("repo.git/objects")),
            "litany writes objects"
        );
        assert!(!shape.read_only.iter().any(|p| p.ends_with("missing")));
        // Placeholders make the rest bindable.
        let made = prepare(&ws).unwrap();
        assert!(made.contains(&ws.join("repo.git/refs/replace")));
        let shape = Shape::for_workspace(&ws, &[]);
        assert!(shape.read_only.contains(&ws.join("repo.git/refs/replace")));
        assert!(shape.read_only.contains(&ws.join("repo.git/packed-refs")));
        assert!(shape.leaves_writable(&ws.join("src")));
        assert!(!shape.leaves_writable(&ws.join("repo.git/refs/replace/x")));
        std::fs::remove_dir_all(&tmp).unwrap();
    }

    #[test]
    fn git_configuration_is_read_as_git_reads_it() {
        let text = "[user]\n\tname = \"A ; B\" # comment\n[include] path = ~/x.inc\n\
                    [includeIf \"gitdir:~/w/\"]\n  PATH = \"a\\\\b.inc\" ; c\n[Core]\n\thooksPath = /h \\\n  more\n\
                    [broken\nkey = v\n[core.sub]\n bare\n";
        let entries = git_config_entries(text);
        let has =
            |s: &str, k: &str, v: &str| entries.iter().any(|(a, b, c)| a == s && b == k && c == v);
        assert!(has("user", "name", "A ; B"), "{entries:?}");
        assert!(has("include", "path", "~/x.inc"), "{entries:?}");
        assert!(
            has("includeif.gitdir:~/w/", "path", "a\\b.inc"),
            "{entries:?}"
        );
        assert!(has("core", "hookspath", "/h   more"), "{entries:?}");
        assert!(has("core.sub", "bare", ""), "{entries:?}");
        let home = Path::new("/home/u");
        let file = Path::new("/home/u/conf/main");
        assert_eq!(
            expand_config_path("~/x.inc", file, Some(home)),
            Some(PathBuf::from("/home/u/x.inc"))
        );
        assert_eq!(
            expand_config_path("b.inc", file, Some(home)),
            Some(PathBuf::from("/home/u/conf/b.inc"))
        );
        assert_eq!(expand_config_path("~other/x", file, Some(home)), None);
    }
}
