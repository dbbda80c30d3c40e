//! Where a path a command names lands: inside the writable root, outside it,
//! in the protected set, on a stream or the network — placed where the
//! running program would place it, not where wicket's own process would.
//!
//! `/proc/self/…`, `/dev/fd/N` and `/dev/stdout` name the running program's
//! own directory and descriptors, so they are read through the command's
//! descriptor table (what its redirects opened) and the shell's directory.
//! Another process's `/proc/<pid>/cwd`, `root` or `fd` cannot be known. A
//! glob is matched against the protected set itself, so a pattern that could
//! reach a protected entry is seen for that; one under the writable root is
//! also expanded on the host as the shell would expand it now, so a match
//! that is a link leading into the protected set is seen for where it leads. A change that reaches a whole
//! tree (a recursive copy, an extraction, a recursive delete) is checked for
//! protected entries beneath it, before any scratch-directory allowance.

use std::collections::BTreeMap;

use wicket_guest::paths::{absolute, component_matches, fold, is_under};
use wicket_guest::PathKind;

use crate::read::{Arg, Reader, Scope};

/// Directories whose contents are everyone's scratch: creating or deleting a
/// named entry inside them is not a loss to anyone else.
const SCRATCH: &[&str] = &["/tmp", "/var/tmp", "/dev/shm"];

/// Devices that are streams, not files: writing them changes nothing on disk.
const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/tty",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// How many times one path may pass through a process's view (`/proc/self/cwd`
/// pointing at a link to `/proc/self/…`) before it is unknown.
const MAX_PROC_HOPS: usize = 4;

/// Where one operand lands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Inside(String),
    Outside {
        path: String,
        kind: PathKind,
    },
    Protected {
        path: String,
        entry: String,
    },
    /// A stream (`/dev/null`, `-`, an inherited pipe): no file.
    Stream,
    /// A network endpoint (`/dev/tcp/…`).
    Network(String),
    /// Cannot be known before it runs.
    Unknown(String),
    /// A pattern whose matches may include an ancestor of a protected entry:
    /// a change that reaches a whole tree there reaches the entry.
    Above {
        path: String,
        entry: String,
    },
}

impl Place {
    /// The path of a place in the file system (inside the writable root,
    /// outside it, protected, or above a protected entry); `None` for a
    /// stream, the network or a place not known.
    pub fn path(&self) -> Option<&str> {
        match self {
            Place::Inside(path)
            | Place::Outside { path, .. }
            | Place::Protected { path, .. }
            | Place::Above { path, .. } => Some(path),
            Place::Stream | Place::Network(_) | Place::Unknown(_) => None,
        }
    }
}

/// What a file descriptor of the running command refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fd {
    /// A pipe or terminal the command inherited.
    Stream,
    /// A file a redirect opened (the path as written, placed when used).
    File(String),
    /// Closed, or opened on something only known at run time.
    Unknown,
}

/// The descriptors a command starts with: 0, 1 and 2 inherited.
pub fn inherited_fds() -> BTreeMap<u32, Fd> {
    (0..3).map(|fd| (fd, Fd::Stream)).collect()
}

impl Reader<'_> {
    /// Where an operand lands (every value it can take).
    pub fn places(&self, arg: &Arg, scope: &Scope) -> Vec<Place> {
        match &arg.values {
            None => vec![Place::Unknown(arg.shown.clone())],
            Some(values) => values
                .iter()
                .map(|v| {
                    if arg.glob {
                        self.place_glob(v, scope)
                    } else {
                        self.place(v, scope)
                    }
                    .unwrap_or(Place::Unknown(arg.shown.clone()))
                })
                .collect(),
        }
    }

    /// Whether a tree copied or moved from these sources may bring entries
    /// wicket has not seen into the worktree: a source outside it (a file
    /// there now brings only itself), in the protected set (another agent's
    /// worktree holds its `.git`), or only known when it runs.
    pub fn brings_unseen(&self, sources: &[Arg], scope: &Scope) -> bool {
        sources.iter().any(|source| {
            self.places(source, scope).iter().any(|place| match place {
                Place::Inside(_) | Place::Stream => false,
                Place::Outside { kind, .. } => *kind != PathKind::File,
                _ => true,
            })
        })
    }

    /// Where one literal path lands; `None` when it depends on something
    /// unknown (a relative path after an unreadable `cd`, the path budget).
    pub fn place(&self, path: &str, scope: &Scope) -> Option<Place> {
        self.place_hops(path, scope, 0)
    }

    fn place_hops(&self, path: &str, scope: &Scope, hops: usize) -> Option<Place> {
        if hops > MAX_PROC_HOPS {
            return Some(Place::Unknown(path.to_owned()));
        }
        if path == "-" {
            return Some(Place::Stream);
        }
        if path.starts_with("/dev/tcp/") || path.starts_with("/dev/udp/") {
            return Some(Place::Network(path.to_owned()));
        }
        // A `~` still at the start is literal to the program that opens the
        // path (the shell expanded every tilde it would; a quoted or
        // assigned `~` stays): a directory named `~` in the cwd. Programs
        // that expand it themselves mean the home. Where the literal
        // reading reaches the protected set, or is unknown, it decides.
        if hops == 0 && path.starts_with('~') {
            if let Some(
                literal @ (Place::Protected { .. } | Place::Above { .. } | Place::Unknown(_)),
            ) = self.place_hops(&format!("./{path}"), scope, 1)
            {
                return Some(literal);
            }
        }
        let relative = !path.starts_with('/');
        let cwd = match &scope.cwd {
            Some(cwd) => cwd.clone(),
            None if relative => return None,
            None => "/".to_owned(),
        };
        // Not folded: `..` after a link (`/proc/self/cwd/..`) is the link's
        // parent, which only resolution knows.
        // A HOME assigned a relative path (`HOME=../..`) makes `~/x`
        // relative too: it is taken from the current directory.
        let mut full = absolute(path, &cwd, &scope.home(self.ctx));
        if !full.starts_with('/') {
            full = format!("{}/{full}", cwd.trim_end_matches('/'));
        }
        let full = tidy(&full);
        match self.through_made_link(&full) {
            Some(Some(through)) => return self.place_hops(&through, scope, hops + 1),
            Some(None) => return Some(Place::Unknown(path.to_owned())),
            None => {}
        }
        if let Some(seen) = self.through_process(&full, scope) {
            return match seen {
                Seen::Path(p) => self.place_hops(&p, scope, hops + 1),
                Seen::Stream => Some(Place::Stream),
                Seen::Unknown => Some(Place::Unknown(path.to_owned())),
            };
        }
        if DEVICES.contains(&fold(&full).as_str()) {
            return Some(Place::Stream);
        }
        if !self.take_resolve() {
            return None;
        }
        let resolved = self.ctx.resolve(&full);
        // The host stops at /proc: what is beyond is the running program's.
        if resolved.path.starts_with("/proc/") || resolved.path.starts_with("/dev/fd") {
            return self.place_hops(&resolved.path, scope, hops + 1);
        }
        // A link made earlier in the command, reached through links that
        // exist now (`wt-link/up/x` with `wt-link` pointing at the root).
        if resolved.kind == PathKind::Missing {
            match self.through_made_link(&resolved.path) {
                Some(Some(through)) => return self.place_hops(&through, scope, hops + 1),
                Some(None) => return Some(Place::Unknown(path.to_owned())),
                None => {}
            }
        }
        // Strictly beneath a tree this command fills (the tree itself is
        // what the command names) with entries wicket cannot see
        // (`tar -xf a.tar`, `git checkout b`, `cp -a kit/. .`), a path not
        // there now, or a file there now, may be one of those entries: a
        // link through which the path leads anywhere (`up -> ../..`, or a
        // README.md replaced by a link to wicket's trail). A directory
        // there now is no different: the writer replaces it with a link as
        // readily (`src/` becomes `src -> ../../.wicket/trail.jsonl`), and
        // `> src`, `chmod src`, `cd src` or `base64 src` follow that link.
        // Only a delete naming an entry directly in the filled tree
        // (`rm -rf src`) removes the link itself (`Reader::removes_entry`).
        // What is protected now stays protected.
        if self.protected_entry(&resolved.path).is_none() {
            let parent = resolved.path.rsplit_once('/').map_or("/", |(p, _)| p);
            let itself = resolved.kind == PathKind::Directory && self.removes_entry.get();
            let filled = self
                .unseen_trees
                .borrow()
                .iter()
                .find(|(tree, _)| {
                    is_under(&resolved.path, tree)
                        && resolved.path != *tree
                        && !(itself && parent == tree.trim_end_matches('/'))
                })
                .cloned();
            if let Some((tree, by)) = filled {
                let now = match resolved.kind {
                    PathKind::Missing => "not there now",
                    PathKind::Directory => "a directory there now",
                    _ => "there now",
                };
                return Some(Place::Unknown(format!(
                    "{path}` ({now}, beneath {tree}, which `{by}` fills with entries \
                     wicket cannot see, any of them a link that leads anywhere)`"
                )));
            }
        }
        Some(self.classify_resolved(resolved.path, resolved.kind))
    }

    /// Remember a symbolic link this command makes at `link` (a path as
    /// written), pointing at `target` as the link holds it (relative to the
    /// link's own directory). Nothing is kept when where the link lands is
    /// not known.
    /// `target`: `None` when what the link holds is only known when it runs
    /// (an expansion, or a pattern that does not match exactly one name
    /// now); paths through such a link are unknown.
    pub fn made_link(&self, link: &str, target: Option<&str>, scope: &Scope) {
        // `ln -sf` again replaces the link, not its target.
        let Some((dir, landing)) = self.entry_itself(link, scope) else {
            return;
        };
        let dir = match dir {
            Place::Inside(p)
            | Place::Outside { path: p, .. }
            | Place::Protected { path: p, .. } => p,
            _ => return,
        };
        // The kernel never expands `~` in a link: a name like any other.
        let target = target.map(|t| match t.starts_with('~') {
            true => absolute(&format!("./{t}"), &dir, &scope.home(self.ctx)),
            false => absolute(t, &dir, &scope.home(self.ctx)),
        });
        if target.as_deref().is_some_and(|t| fold(t) == landing) {
            return;
        }
        let mut links = self.made_links.borrow_mut();
        if links.len() < crate::read::MAX_NOTES {
            links.insert(landing, target);
        }
    }

    /// Forget the links this command made at or beneath `text`, which it
    /// removes: a name made again there (by a patch, say) is not the link
    /// that was.
    pub fn removes_made_links(&self, text: &str, scope: &Scope) {
        let Some((_, landing)) = self.entry_itself(text, scope) else {
            return;
        };
        let beneath = format!("{}/", landing.trim_end_matches('/'));
        self.made_links
            .borrow_mut()
            .retain(|link, _| link != &landing && !link.starts_with(&beneath));
    }

    /// Whether the entry `text` names is itself a symbolic link (its last
    /// component not followed): one there now, or one this command made.
    pub(crate) fn is_link_entry(&self, text: &str, scope: &Scope) -> bool {
        let Some((_, path)) = self.entry_itself(text, scope) else {
            return false;
        };
        if self.made_links.borrow().contains_key(&path) {
            return true;
        }
        if !self.take_resolve() {
            // Not looked at: taken for one.
            return true;
        }
        self.ctx.resolve(&path).path != path
    }

    /// Where an entry itself is, as a command that makes or replaces a link
    /// writes it: its directory placed (through links that exist or were
    /// made before), its last component never followed. The directory's
    /// place and the entry's path; none for `.`, `..` or a directory that
    /// cannot be placed.
    pub(crate) fn entry_itself(&self, text: &str, scope: &Scope) -> Option<(Place, String)> {
        let text = text.trim_end_matches('/');
        let (parent, name) = match text.rsplit_once('/') {
            Some(("", name)) => ("/", name),
            Some((parent, name)) => (parent, name),
            None => (".", text),
        };
        if matches!(name, "" | "." | "..") {
            return None;
        }
        let dir = self.place(parent, scope)?;
        let path = match &dir {
            Place::Inside(p)
            | Place::Outside { path: p, .. }
            | Place::Protected { path: p, .. } => {
                format!("{}/{name}", p.trim_end_matches('/'))
            }
            _ => String::new(),
        };
        Some((dir, path))
    }

    /// `full` with a link made earlier in the command among its leading
    /// components replaced by what the link points at (the rest appended
    /// as written, so a `..` after the link is taken from its target).
    pub(crate) fn through_made_link(&self, full: &str) -> Option<Option<String>> {
        let links = self.made_links.borrow();
        if links.is_empty() {
            return None;
        }
        let parts: Vec<&str> = full.split('/').filter(|p| !p.is_empty()).collect();
        (1..=parts.len()).find_map(|k| {
            let prefix = fold(&format!("/{}", parts[..k].join("/")));
            let Some(target) = links.get(&prefix)? else {
                return Some(None);
            };
            let rest = parts[k..].join("/");
            Some(Some(if rest.is_empty() {
                target.clone()
            } else {
                format!("{}/{rest}", target.trim_end_matches('/'))
            }))
        })
    }

    fn classify_resolved(&self, path: String, kind: PathKind) -> Place {
        if let Some(entry) = self.protected_entry(&path) {
            return Place::Protected { path, entry };
        }
        // Neither a file nor a directory as far as the host can tell, and not
        // a device: a pipe or a socket, or a place on the way the host could
        // not look into (a directory made unsearchable hides where a link in
        // it leads, until the command makes it searchable again; a path too
        // long to ask about; a `..` after a name not there yet, which goes up
        // from whatever the command makes of that name). Where it leads is
        // not known, inside the root or out.
        if kind == PathKind::Other && !path.starts_with("/dev/") {
            return Place::Unknown(format!(
                "{path}` (not a file or directory wicket can see: on the way to it is a place \
                 it may not look into, a `..` after a name that is not there yet, or a pipe \
                 or a socket)`"
            ));
        }
        if self.ctx.is_inside_root(&path) {
            Place::Inside(path)
        } else {
            Place::Outside { path, kind }
        }
    }

    /// The protected entry a resolved path falls under: the context's, and
    /// the worktree's own `.git` (it points into the workspace repository).
    pub fn protected_entry(&self, resolved: &str) -> Option<String> {
        if let Some(entry) = self.protected_by(resolved) {
            return Some(entry.to_owned());
        }
        // The worktree's own `.git`, compared without building its path.
        let root = self.ctx.writable_root.trim_end_matches('/');
        let in_own_git = resolved
            .strip_prefix(root)
            .and_then(|rest| rest.strip_prefix("/.git"))
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'));
        in_own_git.then(|| self.own_git())
    }

    pub(crate) fn own_git(&self) -> String {
        format!("{}/.git", self.ctx.writable_root.trim_end_matches('/'))
    }

    /// A protected entry strictly beneath a resolved path: what a change
    /// that reaches the whole tree there would reach too.
    pub fn protected_beneath(&self, resolved: &str) -> Option<String> {
        self.protected()
            .iter()
            .find(|entry| is_under(entry, resolved) && entry.as_str() != resolved)
            .cloned()
    }

    /// A path seen through the running process: `/proc/self/cwd/x` is the
    /// shell's directory, `/dev/stdout` is whatever descriptor 1 was opened
    /// on. `None`: not a process path.
    fn through_process(&self, full: &str, scope: &Scope) -> Option<Seen> {
        let (fd, rest) = if let Some(rest) = strip_dir(full, "/dev/stdin") {
            (0, rest)
        } else if let Some(rest) = strip_dir(full, "/dev/stdout") {
            (1, rest)
        } else if let Some(rest) = strip_dir(full, "/dev/stderr") {
            (2, rest)
        } else if let Some(tail) = full.strip_prefix("/dev/fd/") {
            split_fd(tail)?
        } else if full == "/dev/fd" {
            return Some(Seen::Unknown);
        } else if let Some(tail) = full.strip_prefix("/proc/") {
            let (who, what) = tail.split_once('/').unwrap_or((tail, ""));
            let own = matches!(who, "self" | "thread-self");
            let (kind, rest) = what.split_once('/').unwrap_or((what, ""));
            return match (own, kind) {
                (true, "cwd") => Some(match &scope.cwd {
                    Some(cwd) => Seen::Path(join(cwd, rest)),
                    None => Seen::Unknown,
                }),
                (true, "root") => Some(Seen::Path(join("/", rest))),
                (true, "fd") => {
                    let (fd, rest) = split_fd(rest)?;
                    Some(self.fd_path(fd, rest, scope))
                }
                // Another process's view, or the process's own files.
                (_, "cwd" | "root" | "fd" | "exe" | "map_files" | "task" | "mem") => {
                    Some(Seen::Unknown)
                }
                _ => None,
            };
        } else {
            return None;
        };
        Some(self.fd_path(fd, rest, scope))
    }

    fn fd_path(&self, fd: u32, rest: &str, scope: &Scope) -> Seen {
        match scope.fds.get(&fd) {
            Some(Fd::File(path)) => Seen::Path(join(path, rest)),
            Some(Fd::Stream) if rest.is_empty() => Seen::Stream,
            _ => Seen::Unknown,
        }
    }

    /// A glob: the protected set is matched against the pattern itself, so a
    /// pattern that can reach a protected entry lands there; otherwise the
    /// directory the pattern starts from decides inside or outside.
    fn place_glob(&self, pattern: &str, scope: &Scope) -> Option<Place> {
        let relative = !pattern.starts_with('/');
        let cwd = match &scope.cwd {
            Some(cwd) => cwd.clone(),
            None if relative => return None,
            None => "/".to_owned(),
        };
        let full = absolute(pattern, &cwd, &scope.home(self.ctx));
        let parts: Vec<&str> = full.split('/').filter(|p| !p.is_empty()).collect();
        if scope.glob_unknown.is_some() {
            return Some(Place::Unknown(pattern.to_owned()));
        }
        let first_glob = parts.iter().position(|p| is_glob(p))?;
        if parts[first_glob..].contains(&"..") {
            return Some(Place::Unknown(pattern.to_owned()));
        }
        let base_text = format!("/{}", parts[..first_glob].join("/"));
        let base = match self.place(&base_text, scope)? {
            // Everything a pattern under a protected directory matches is
            // protected too.
            Place::Protected { path, entry } => {
                return Some(Place::Protected {
                    path: fold(&format!("{path}/{}", parts[first_glob..].join("/"))),
                    entry,
                })
            }
            Place::Inside(p) | Place::Outside { path: p, .. } => p,
            // A fixed part only known when it runs (`/proc/self`, which the
            // host does not follow) keeps the pattern: after `cd /proc/self`,
            // `en?iron` is still `/proc/self/en?iron` to what reads it.
            Place::Unknown(_) => return Some(Place::Unknown(fold(&full))),
            other => return Some(other),
        };
        let pattern_parts = &parts[first_glob..];
        let shown = fold(&format!("{base}/{}", pattern_parts.join("/")));
        let root = self.ctx.writable_root.trim_end_matches('/');
        let own = root.rsplit('/').next().unwrap_or("");
        let own_git = self.own_git();
        let entries = (self.protected().iter().map(String::as_str)).chain([own_git.as_str()]);
        let mut above: Option<String> = None;
        for entry in entries {
            let Some(below) = entry.strip_prefix(base.trim_end_matches('/')) else {
                continue;
            };
            if !below.starts_with('/') && !below.is_empty() {
                continue;
            }
            let entry_parts: Vec<&str> = below.split('/').filter(|p| !p.is_empty()).collect();
            let n = entry_parts.len().min(pattern_parts.len());
            if !(0..n).all(|k| component_matches(pattern_parts[k], entry_parts[k], scope.dotglob)) {
                continue;
            }
            if pattern_parts.len() < entry_parts.len() {
                above.get_or_insert_with(|| entry.to_owned());
                continue;
            }
            // Under the agents' directory, the caller's own worktree by its
            // literal name is its own.
            if is_under(root, entry)
                && pattern_parts.len() > entry_parts.len()
                && pattern_parts[entry_parts.len()] == own
            {
                continue;
            }
            return Some(Place::Protected {
                path: shown,
                entry: entry.to_owned(),
            });
        }
        if let Some(entry) = above {
            return Some(Place::Above { path: shown, entry });
        }
        // A pattern beneath a tree this command fills unseen may match the
        // links it made, which the host cannot list yet.
        let filled = self
            .unseen_trees
            .borrow()
            .iter()
            .find(|(tree, _)| is_under(&base, tree))
            .cloned();
        if let Some((tree, by)) = filled {
            return Some(Place::Unknown(format!(
                "{shown}` (a pattern beneath {tree}, which `{by}` fills with entries wicket \
                 cannot see, any of them a link that leads anywhere)`"
            )));
        }
        let inside = self.ctx.is_inside_root(&base) && self.protected_entry(&base).is_none();
        if self.shell_patterns.borrow().contains(pattern) {
            // What the pattern matches now, each where it leads: a link in
            // the worktree (`l*nk` matching `link -> ../../repo.git/config`),
            // or anywhere else the agent can write (`/tmp/s/q*` matching
            // `q -> ../ws`), reaches what it points at.
            if let Some(place) = self.through_matches(&shown, scope.dotglob)? {
                return Some(place);
            }
        }
        Some(if inside {
            Place::Inside(shown)
        } else {
            Place::Outside {
                path: shown,
                kind: PathKind::Other,
            }
        })
    }
}

impl Reader<'_> {
    /// The matches of a pattern under the writable root, as the shell
    /// would expand it now: the first that leads into the protected set
    /// (or above an entry of it), `Unknown` when there are too many to list.
    /// `Some(None)`: none does; `None`: the path budget is spent. With
    /// bash's `dotglob` a wildcard matches hidden names too (never `.` or
    /// `..`): the host expands as dash does, so each pattern component is
    /// also asked with a leading dot.
    fn through_matches(&self, pattern: &str, dotglob: bool) -> Option<Option<Place>> {
        let mut asked = vec![(pattern.to_owned(), false)];
        if dotglob {
            let parts: Vec<&str> = pattern.split('/').collect();
            let hideable: Vec<usize> = (0..parts.len())
                .filter(|&k| is_glob(parts[k]) && !parts[k].starts_with('.'))
                .collect();
            if hideable.len() > 3 {
                return Some(Some(Place::Unknown(pattern.to_owned())));
            }
            for mask in 1..(1u32 << hideable.len()) {
                let mut variant: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
                for (bit, &k) in hideable.iter().enumerate() {
                    if mask & (1 << bit) != 0 {
                        variant[k] = format!(".{}", parts[k]);
                    }
                }
                asked.push((variant.join("/"), true));
            }
        }
        let mut matches = Vec::new();
        for (text, hidden) in asked {
            if !self.take_resolve() {
                return None;
            }
            let Some(found) = self.ctx.expand_glob(&text) else {
                return Some(Some(Place::Unknown(pattern.to_owned())));
            };
            // `dotglob` never matches `.` and `..`.
            matches.extend(
                found
                    .into_iter()
                    .filter(|m| !hidden || !m.path.split('/').any(|c| c == "." || c == "..")),
            );
        }
        let mut above = None;
        for found in matches {
            let resolved = found.resolved.path;
            if let Some(entry) = self.protected_entry(&resolved) {
                return Some(Some(Place::Protected {
                    path: resolved,
                    entry,
                }));
            }
            if above.is_none() {
                if let Some(entry) = self.protected_beneath(&resolved) {
                    above = Some(Place::Above {
                        path: resolved,
                        entry,
                    });
                }
            }
        }
        Some(above)
    }
}

enum Seen {
    Path(String),
    Stream,
    Unknown,
}

/// An absolute path with empty and `.` components dropped; `..` kept.
fn tidy(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 1);
    for part in path.split('/').filter(|p| !p.is_empty() && *p != ".") {
        out.push('/');
        out.push_str(part);
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

/// `full` is `dir` or under it: what follows (`""` for `dir` itself).
fn strip_dir<'a>(full: &'a str, dir: &str) -> Option<&'a str> {
    let rest = full.strip_prefix(dir)?;
    (rest.is_empty() || rest.starts_with('/')).then(|| rest.trim_start_matches('/'))
}

/// `N` or `N/rest` → (N, rest).
fn split_fd(text: &str) -> Option<(u32, &str)> {
    let (number, rest) = text.split_once('/').unwrap_or((text, ""));
    Some((number.parse().ok()?, rest))
}

fn join(dir: &str, rest: &str) -> String {
    if rest.is_empty() {
        dir.to_owned()
    } else {
        format!("{}/{rest}", dir.trim_end_matches('/'))
    }
}

/// Whether a path component holds glob syntax.
pub fn is_glob(text: &str) -> bool {
    globs(text)
}

/// Whether unquoted text is a pattern the shell expands: `*`, `?`, or a `[`
/// with a `]` after it (a lone `[`, as in `[ -f x ]`, is literal).
pub fn globs(text: &str) -> bool {
    text.contains(['*', '?'])
        || text
            .find('[')
            .is_some_and(|open| text[open + 1..].contains(']'))
}

/// Whether a scratch allowance covers a resolved path: a named entry inside
/// a scratch directory (not the directory itself, not a pattern over it).
pub fn in_scratch(path: &str) -> bool {
    SCRATCH.iter().any(|dir| {
        path.strip_prefix(dir)
            .and_then(|rest| rest.strip_prefix('/'))
            .is_some_and(|rest| {
                !rest.is_empty()
                    && !rest
                        .split('/')
                        .next()
                        .unwrap_or("")
                        .contains(['*', '?', '['])
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn component_patterns_match_as_the_shell_does() {
        for (pattern, name, expected) in [
            ("repo.gi?", "repo.git", true),
            ("*", ".wicket", false),
            (".w*", ".wicket", true),
            ("r*o.git", "repo.git", true),
            ("[r]epo.git", "repo.git", true),
            ("[!r]epo.git", "repo.git", false),
            ("[a-z]*", "repo.git", true),
            ("*.rs", "main.rs", true),
            ("*.rs", "main.rsx", false),
            ("a*b*c", "axxbyyc", true),
            ("a*b*c", "axxbyy", false),
            ("[", "[", true),
        ] {
            assert_eq!(
                component_matches(pattern, name, false),
                expected,
                "{pattern} vs {name}"
            );
        }
    }

    #[test]
    fn scratch_is_a_named_entry_only() {
        assert!(in_scratch("/tmp/x"));
        assert!(!in_scratch("/tmp"));
        assert!(!in_scratch("/tmp/*"));
        assert!(!in_scratch("/tmpx/y"));
    }
}
