//! Path arithmetic a classifier needs, as plain string functions: making a
//! path absolute, folding it, containment, secret fragments — and, on a native
//! target, the symlink resolution the host answers for a wasm guest (the host
//! calls this same code, so a plugin's unit tests and the real thing agree).

/// How many symlinks one resolution follows before it stops and answers the
/// path as reached so far (the kernel's own limit is 40).
pub const MAX_SYMLINKS: usize = 40;

use std::borrow::Cow;

/// `path` made absolute: `~` and `~/…` from `home`, `~name/…` as that user's
/// home under `/home` (`/root` for root), anything relative under `cwd`. Not
/// folded: `..` after a symlink means the link's parent, so folding is the
/// resolver's job.
pub fn absolute(path: &str, cwd: &str, home: &str) -> String {
    if path == "~" {
        return home.to_owned();
    }
    if let Some(rest) = path.strip_prefix("~/") {
        return joined(home.trim_end_matches('/'), rest);
    }
    if let Some(named) = path.strip_prefix('~') {
        let (user, rest) = named.split_once('/').unwrap_or((named, ""));
        let base = if user == "root" {
            "/root".to_owned()
        } else {
            joined("/home", user)
        };
        return if rest.is_empty() {
            base
        } else {
            joined(&base, rest)
        };
    }
    if path.starts_with('/') {
        return path.to_owned();
    }
    if path.is_empty() {
        return cwd.to_owned();
    }
    joined(cwd.trim_end_matches('/'), path)
}

/// `dir/name`, allocated once (`format!` grows a string it cannot size).
fn joined(dir: &str, name: &str) -> String {
    let mut out = String::with_capacity(dir.len() + 1 + name.len());
    out.push_str(dir);
    out.push('/');
    out.push_str(name);
    out
}

/// An absolute path with `.`, `..` and repeated slashes folded lexically.
pub fn fold(path: &str) -> String {
    // Built in place: a name is pushed, `..` cuts the last one off.
    let mut out = String::with_capacity(path.len() + 1);
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                let at = out.rfind('/').unwrap_or(0);
                out.truncate(at);
            }
            name => {
                out.push('/');
                out.push_str(name);
            }
        }
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

/// Whether `path` is `dir` or lies beneath it. Both absolute and folded.
pub fn is_under(path: &str, dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    if dir.is_empty() {
        return path.starts_with('/');
    }
    path == dir || (path.starts_with(dir) && path.as_bytes().get(dir.len()) == Some(&b'/'))
}

/// The entry of `protected` a resolved path falls under, if any: the
/// first that holds it, where an entry that contains `writable_root`
/// protects everything in it but the root (the rule of
/// [`crate::Context::protected_by`], for a set kept elsewhere).
pub fn protected_by<'p>(
    protected: &'p [String],
    writable_root: &str,
    resolved: &str,
) -> Option<&'p str> {
    protected
        .iter()
        .find(|entry| {
            is_under(resolved, entry)
                && !(is_under(writable_root, entry) && is_under(resolved, writable_root))
        })
        .map(String::as_str)
}

/// A protected set arranged for [`protected_by`]'s question, asked many
/// times of one set: the same answer, found by comparing the path and each
/// directory above it with the entries of its length only, instead of every
/// entry with the path. Holds positions into the set it was made from, so it
/// is asked with that same set (another set is answered the linear way).
#[derive(Debug, Clone, Default)]
pub struct ProtectedIndex {
    /// (length, position) of each entry with its trailing `/` removed (the
    /// form [`is_under`] compares), sorted: a lookup compares only entries
    /// of the length it looks for. Lengths, not the texts, are sorted, as
    /// sorting paths that share long beginnings cost more than it saved.
    sorted: Vec<(u32, u32)>,
}

impl ProtectedIndex {
    /// The index of `protected`.
    pub fn new(protected: &[String]) -> ProtectedIndex {
        let mut sorted: Vec<(u32, u32)> = protected
            .iter()
            .take(u32::MAX as usize)
            .enumerate()
            .map(|(i, entry)| (entry.trim_end_matches('/').len() as u32, i as u32))
            .collect();
        sorted.sort_unstable();
        ProtectedIndex { sorted }
    }

    /// [`protected_by`] over `protected`, the set this index was made from.
    pub fn protected_by<'p>(
        &self,
        protected: &'p [String],
        writable_root: &str,
        resolved: &str,
    ) -> Option<&'p str> {
        if self.sorted.len() != protected.len() {
            return protected_by(protected, writable_root, resolved);
        }
        let key = |i: u32| protected[i as usize].trim_end_matches('/');
        // An entry holds `resolved` when, without its trailing `/`, it is
        // `resolved` itself or `resolved` cut just before one of its `/`
        // (the empty cut, for a path starting at `/`, is the entry `/`).
        let cuts = resolved
            .match_indices('/')
            .map(|(at, _)| &resolved[..at])
            .chain((!resolved.is_empty()).then_some(resolved));
        let mut first: Option<u32> = None;
        for cut in cuts {
            let len = cut.len() as u32;
            let from = self.sorted.partition_point(|&(l, _)| l < len);
            let same_length = self.sorted[from..].iter().take_while(|&&(l, _)| l == len);
            for &(_, i) in same_length.filter(|&&(_, i)| key(i) == cut) {
                let entry = protected[i as usize].as_str();
                let carved_out =
                    is_under(writable_root, entry) && is_under(resolved, writable_root);
                if !carved_out && first.is_none_or(|f| i < f) {
                    first = Some(i);
                }
            }
        }
        first.map(|i| protected[i as usize].as_str())
    }
}

/// Whether `text` names `fragment` (the syntax is [`crate::fragments`]'):
/// `.ssh` bites on `/home/u/.ssh/config` and `--key=.ssh/id`, but not on
/// `.sshrc`; `credentials` not on `credentials_test.rs`.
pub fn contains_fragment(text: &str, fragment: &str) -> bool {
    crate::fragments::names(text, fragment)
}

/// Resolve an absolute path on this host: every symlink in the part that
/// exists is followed (`..` after a link goes to the link target's parent,
/// as the kernel does), the part that does not exist is appended folded.
/// Never fails: what cannot be read is taken as written.
pub fn resolve_on_this_host(absolute: &str) -> String {
    Lookups::default().resolve(absolute)
}

/// [`resolve_on_this_host`], and what is at the resolved path.
pub fn resolve_with_kind(absolute: &str) -> (String, crate::PathKind) {
    Lookups::default().resolve_with_kind(absolute)
}

/// The most paths one [`Lookups`] remembers; past it, it asks the
/// filesystem every time.
const MAX_REMEMBERED: usize = 1 << 16;

/// What the filesystem said of each path asked about, kept for one
/// consult: the paths a reading asks about share their ancestors, so
/// without it the same few directories are looked up hundreds of times per
/// call. One consult is one look at the filesystem; a new one starts
/// afresh.
#[derive(Debug, Default)]
pub struct Lookups {
    seen: std::collections::HashMap<String, Seen>,
    /// The directory the last lookup too long for one system call was made
    /// in, open: a walk that goes past PATH_MAX goes on from there.
    #[cfg(unix)]
    deep: Option<(String, std::os::fd::OwnedFd)>,
}

/// One `lstat`, and for a link where it leads.
#[derive(Debug, Clone)]
enum Seen {
    /// A symlink, with its target when it could be read.
    Link(Option<String>),
    Node(crate::PathKind),
    Missing,
    /// The lookup failed for another reason than absence (a directory on
    /// the way this process may not search, say): what is there, and where
    /// it leads, cannot be known from here.
    Unknown,
}

impl Lookups {
    /// What is at `path` itself (a link is not followed).
    fn lstat(&mut self, path: &str) -> Seen {
        if let Some(seen) = self.seen.get(path) {
            return seen.clone();
        }
        let seen = match std::fs::symlink_metadata(path) {
            // A target that is not UTF-8 cannot be followed by name here
            // (a lossy copy names another place): not known.
            Ok(meta) if meta.file_type().is_symlink() => match std::fs::read_link(path) {
                Ok(target) => match target.into_os_string().into_string() {
                    Ok(text) => Seen::Link(Some(text)),
                    Err(_) => Seen::Unknown,
                },
                Err(_) => Seen::Link(None),
            },
            Ok(meta) => Seen::Node(kind_of(&meta)),
            // Too long for one system call: the kernel still reaches it one
            // name at a time (a walk through relative links grows past
            // PATH_MAX while each step stays short), and so does this.
            #[cfg(unix)]
            Err(e) if e.raw_os_error() == Some(libc::ENAMETOOLONG) => self.lstat_deep(path),
            Err(e) => absent_or_unknown(&e),
        };
        if self.seen.len() < MAX_REMEMBERED {
            self.seen.insert(path.to_owned(), seen.clone());
        }
        seen
    }

    /// [`Lookups::lstat`] of an absolute path too long for one system
    /// call. Its parent is a resolved path (no link in it, as a walk builds
    /// it): it is opened one directory at a time, without following links,
    /// from the directory the last such lookup was made in when that is an
    /// ancestor (a walk goes deeper a name at a time), else from `/`; the
    /// last name is looked up in it.
    #[cfg(unix)]
    fn lstat_deep(&mut self, path: &str) -> Seen {
        use std::os::fd::AsRawFd;
        let Some((parent, name)) = path.rsplit_once('/') else {
            return Seen::Missing;
        };
        let (mut dir, rest) = match self.deep.take() {
            Some((at, fd)) if parent == at => (fd, ""),
            Some((at, fd))
                if parent
                    .strip_prefix(at.as_str())
                    .is_some_and(|r| r.starts_with('/')) =>
            {
                let rest = &parent[at.len()..];
                (fd, rest)
            }
            _ => match open_at(None, "/") {
                Ok(fd) => (fd, parent),
                Err(e) => return absent_or_unknown(&e),
            },
        };
        for part in rest.split('/').filter(|p| !p.is_empty()) {
            dir = match open_at(Some(&dir), part) {
                Ok(fd) => fd,
                Err(e) => return absent_or_unknown(&e),
            };
        }
        let Ok(c_name) = std::ffi::CString::new(name) else {
            return Seen::Unknown;
        };
        // SAFETY: a zeroed stat is a valid value; fstatat fills it on
        // success, and it is read only then.
        let mut stat: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: a NUL-terminated name, an open directory, a stat to fill.
        let looked = unsafe {
            libc::fstatat(
                dir.as_raw_fd(),
                c_name.as_ptr(),
                &mut stat,
                libc::AT_SYMLINK_NOFOLLOW,
            )
        };
        let seen = if looked != 0 {
            absent_or_unknown(&std::io::Error::last_os_error())
        } else {
            match stat.st_mode & libc::S_IFMT {
                libc::S_IFLNK => {
                    let mut buf = vec![0u8; libc::PATH_MAX as usize];
                    // SAFETY: `buf` has room for the length given.
                    let n = unsafe {
                        libc::readlinkat(
                            dir.as_raw_fd(),
                            c_name.as_ptr(),
                            buf.as_mut_ptr().cast(),
                            buf.len(),
                        )
                    };
                    if n < 0 {
                        Seen::Link(None)
                    } else {
                        buf.truncate(n as usize);
                        match String::from_utf8(buf) {
                            Ok(text) => Seen::Link(Some(text)),
                            Err(_) => Seen::Unknown,
                        }
                    }
                }
                libc::S_IFREG => Seen::Node(crate::PathKind::File),
                libc::S_IFDIR => Seen::Node(crate::PathKind::Directory),
                _ => Seen::Node(crate::PathKind::Other),
            }
        };
        self.deep = Some((parent.to_owned(), dir));
        seen
    }

    /// [`resolve_on_this_host`], remembering what it looked at.
    pub fn resolve(&mut self, absolute: &str) -> String {
        self.resolve_walk(absolute).0
    }

    /// [`resolve_with_kind`], remembering what it looked at.
    pub fn resolve_with_kind(&mut self, absolute: &str) -> (String, crate::PathKind) {
        let (resolved, last) = self.resolve_walk(absolute);
        if resolved == "/proc" || resolved.starts_with("/proc/") {
            return (resolved, crate::PathKind::Other);
        }
        let kind = match last {
            // A directory this process may not search is one a program
            // cannot enter (`cd` fails there and the shell stays): what it
            // holds cannot be seen either.
            Some(Seen::Node(crate::PathKind::Directory)) if !searchable(&resolved) => {
                crate::PathKind::Other
            }
            Some(Seen::Node(kind)) => kind,
            Some(Seen::Missing) => crate::PathKind::Missing,
            // Not to be seen from here: neither a file nor a directory this
            // process can tell.
            Some(Seen::Unknown) => crate::PathKind::Other,
            // Links past the limit, or the root itself: ask, following.
            _ => match std::fs::metadata(&resolved) {
                Ok(meta) if meta.is_file() => crate::PathKind::File,
                Ok(meta) if meta.is_dir() => crate::PathKind::Directory,
                Ok(_) => crate::PathKind::Other,
                Err(_) => crate::PathKind::Missing,
            },
        };
        (resolved, kind)
    }

    /// The resolved path, and what the last lookup of the walk found there
    /// (none when nothing was looked up after the last step; `Unknown` when
    /// a lookup on the way could not be made, whatever came after).
    fn resolve_walk(&mut self, absolute: &str) -> (String, Option<Seen>) {
        // The path is built in place, one name at a time: a walk looks up
        // every ancestor, and a string per step was most of its cost.
        let mut reached = String::from("/");
        let mut pending: Vec<Cow<str>> = absolute
            .split('/')
            .filter(|p| !p.is_empty())
            .rev()
            .map(Cow::Borrowed)
            .collect();
        let mut links = 0usize;
        let mut last: Option<Seen> = None;
        // Past the first name that does not exist, nothing is looked up;
        // nor past one that could not be looked up, and the walk says so.
        let mut exists = true;
        let mut unknown = false;
        while let Some(part) = pending.pop() {
            // /proc names the asking process's own view (its cwd, root and
            // descriptors): this host's would be the wrong one. Stop there and
            // hand back the rest unfolded, for the caller to place.
            if reached == "/proc" || reached.starts_with("/proc/") {
                pending.push(part);
                for piece in pending.iter().rev() {
                    push_name(&mut reached, piece);
                }
                return (reached, None);
            }
            match &*part {
                "." => {}
                ".." => {
                    // Past a name that is not there (or could not be looked
                    // up), `..` is only known when the path is used: the
                    // kernel goes up from whatever that name is by then (a
                    // link made in the meantime leads elsewhere). Folded as
                    // text, and said to be unknown.
                    unknown |= !exists;
                    let at = reached.rfind('/').unwrap_or(0);
                    reached.truncate(at.max(1));
                    last = None;
                }
                name => {
                    let before = reached.len();
                    push_name(&mut reached, name);
                    if !exists {
                        last = None;
                        continue;
                    }
                    let seen = self.lstat(&reached);
                    exists = matches!(seen, Seen::Link(_) | Seen::Node(_));
                    unknown |= matches!(seen, Seen::Unknown);
                    match &seen {
                        Seen::Link(target) if links < MAX_SYMLINKS => {
                            links += 1;
                            match target {
                                Some(target) => {
                                    if target.starts_with('/') {
                                        reached.truncate(1);
                                    } else {
                                        reached.truncate(before);
                                    }
                                    for piece in components(target).into_iter().rev() {
                                        pending.push(Cow::Owned(piece));
                                    }
                                    last = None;
                                }
                                None => {
                                    last = Some(seen);
                                }
                            }
                        }
                        // Past the kernel's limit on links followed, the
                        // lookup fails there (ELOOP): not known.
                        Seen::Link(Some(_)) => {
                            unknown = true;
                            last = Some(Seen::Unknown);
                        }
                        _ => {
                            last = Some(seen);
                        }
                    }
                }
            }
        }
        if unknown {
            last = Some(Seen::Unknown);
        }
        (reached, last)
    }
}

/// A failed lookup: nothing there (no such name, or a file where a
/// directory was needed, as the kernel would answer the program too), or
/// else a place this process cannot see into.
fn absent_or_unknown(e: &std::io::Error) -> Seen {
    match e.kind() {
        std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory => Seen::Missing,
        _ => Seen::Unknown,
    }
}

/// Whether this process may search the directory `path` (`access(2)`,
/// `X_OK`). Where there is no such call, taken as searchable.
fn searchable(path: &str) -> bool {
    #[cfg(unix)]
    {
        let Ok(c_path) = std::ffi::CString::new(path) else {
            return false;
        };
        // SAFETY: a NUL-terminated path; access only reads it.
        unsafe { libc::access(c_path.as_ptr(), libc::X_OK) == 0 }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        true
    }
}

fn kind_of(meta: &std::fs::Metadata) -> crate::PathKind {
    if meta.is_file() {
        crate::PathKind::File
    } else if meta.is_dir() {
        crate::PathKind::Directory
    } else {
        crate::PathKind::Other
    }
}

/// The directory `name` in `dir` (`None`: `name` is absolute), opened only
/// to look names up in it, never through a link.
#[cfg(unix)]
fn open_at(
    dir: Option<&std::os::fd::OwnedFd>,
    name: &str,
) -> std::io::Result<std::os::fd::OwnedFd> {
    use std::os::fd::{AsRawFd, FromRawFd};
    let c_name = std::ffi::CString::new(name)?;
    let at = dir.map_or(libc::AT_FDCWD, |d| d.as_raw_fd());
    // SAFETY: a NUL-terminated name; the descriptor returned is owned here.
    let fd = unsafe {
        libc::openat(
            at,
            c_name.as_ptr(),
            libc::O_PATH | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC,
        )
    };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: `fd` was just opened and is owned by nothing else.
    Ok(unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) })
}

/// The most names one glob expansion lists before the host gives up.
pub const MAX_GLOB_MATCHES: usize = 1024;

/// The most directories one glob expansion reads before the host gives up.
pub const MAX_GLOB_DIRECTORIES: usize = 256;

/// Whether a path component holds pattern syntax the shell expands: `*`,
/// `?`, or a `[` closed by a later `]` (a lone `[` is literal). A
/// backslash-escaped character is literal.
pub fn has_pattern(component: &str) -> bool {
    let chars: Vec<char> = component.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '*' | '?' => return true,
            '[' if bracket(&chars, i, 'a').is_some() => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// fnmatch for one path component, as dash and bash match names: `*`, `?`,
/// bracket expressions (`!`/`^` negation, ranges, `[:alpha:]`-style
/// classes), backslash escapes. A leading dot is matched only by a leading
/// dot unless `dotglob`.
pub fn component_matches(pattern: &str, name: &str, dotglob: bool) -> bool {
    if !dotglob && name.starts_with('.') && !pattern.starts_with('.') && !pattern.starts_with("\\.")
    {
        return false;
    }
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // One backtrack point per `*`: linear in practice.
    let (mut pi, mut ni) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() {
            let step = match p[pi] {
                '*' => {
                    star = Some((pi, ni));
                    pi += 1;
                    continue;
                }
                '?' => Some(pi + 1),
                '[' => match bracket(&p, pi, n[ni]) {
                    Some((true, next)) => Some(next),
                    Some((false, _)) => None,
                    None => (n[ni] == '[').then_some(pi + 1),
                },
                '\\' if pi + 1 < p.len() => (p[pi + 1] == n[ni]).then_some(pi + 2),
                c => (c == n[ni]).then_some(pi + 1),
            };
            if let Some(next) = step {
                pi = next;
                ni += 1;
                continue;
            }
        }
        match star {
            Some((sp, sn)) => {
                pi = sp + 1;
                ni = sn + 1;
                star = Some((sp, sn + 1));
            }
            None => return false,
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

/// A bracket expression at `p[at]`: whether `c` is in it and the index
/// after it; `None` when it is not closed (then `[` is literal).
fn bracket(p: &[char], at: usize, c: char) -> Option<(bool, usize)> {
    let mut i = at + 1;
    let negate = matches!(p.get(i), Some('!' | '^'));
    if negate {
        i += 1;
    }
    let mut hit = false;
    let mut first = true;
    while i < p.len() {
        let x = p[i];
        if x == ']' && !first {
            return Some((hit != negate, i + 1));
        }
        first = false;
        if x == '[' && p.get(i + 1) == Some(&':') {
            let rest: String = p[i + 2..].iter().collect();
            if let Some(end) = rest.find(":]") {
                let name = &rest[..end];
                if class_has(name, c) {
                    hit = true;
                }
                i += 2 + name.chars().count() + 2;
                continue;
            }
        }
        let x = if x == '\\' && i + 1 < p.len() {
            i += 1;
            p[i]
        } else {
            x
        };
        if i + 2 < p.len() && p[i + 1] == '-' && p[i + 2] != ']' {
            if x <= c && c <= p[i + 2] {
                hit = true;
            }
            i += 3;
        } else {
            if x == c {
                hit = true;
            }
            i += 1;
        }
    }
    None
}

fn class_has(name: &str, c: char) -> bool {
    match name {
        "alpha" => c.is_alphabetic(),
        "digit" => c.is_ascii_digit(),
        "alnum" => c.is_alphanumeric(),
        "upper" => c.is_uppercase(),
        "lower" => c.is_lowercase(),
        "space" => c.is_whitespace(),
        "blank" => c == ' ' || c == '\t',
        "punct" => c.is_ascii_punctuation(),
        "xdigit" => c.is_ascii_hexdigit(),
        "cntrl" => c.is_control(),
        "print" => !c.is_control(),
        "graph" => !c.is_control() && !c.is_whitespace(),
        // An unknown class matches nothing, as in glibc.
        _ => false,
    }
}

/// A pattern component with its backslash escapes removed.
fn unescape(component: &str) -> String {
    let mut out = String::with_capacity(component.len());
    let mut chars = component.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Expand an absolute pattern on this host as dash would: the names it
/// matches, sorted, or `None` past [`MAX_GLOB_MATCHES`] names or
/// [`MAX_GLOB_DIRECTORIES`] directories read. An empty list when nothing
/// matches. Names are not resolved (a match's own links are the caller's
/// to follow).
pub fn expand_on_this_host(absolute: &str) -> Option<Vec<String>> {
    let mut current: Vec<String> = vec![String::from("/")];
    let mut read = 0usize;
    let parts: Vec<&str> = absolute.split('/').filter(|p| !p.is_empty()).collect();
    for (index, part) in parts.iter().enumerate() {
        let last = index + 1 == parts.len();
        let mut next = Vec::new();
        if !has_pattern(part) {
            let name = unescape(part);
            for dir in current {
                let path = join(&dir, &name);
                // A literal component must exist to lead anywhere, except
                // as the last one of a pattern matched before it.
                if last || std::fs::symlink_metadata(&path).is_ok() {
                    next.push(path);
                }
            }
        } else {
            for dir in current {
                // Only directories (or links to them) have entries.
                if !std::fs::metadata(&dir).is_ok_and(|m| m.is_dir()) {
                    continue;
                }
                read += 1;
                if read > MAX_GLOB_DIRECTORIES {
                    return None;
                }
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    continue;
                };
                let mut names: Vec<String> = entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect();
                // dash's readdir sees `.` and `..` too; `.*` matches them.
                names.push(".".into());
                names.push("..".into());
                for name in names {
                    if component_matches(part, &name, false) {
                        next.push(join(&dir, &name));
                        if next.len() > MAX_GLOB_MATCHES {
                            return None;
                        }
                    }
                }
            }
        }
        if !last {
            next.retain(|p| std::fs::metadata(p).is_ok_and(|m| m.is_dir()));
        }
        current = next;
        if current.is_empty() {
            return Some(Vec::new());
        }
    }
    let matched_something = parts.iter().any(|p| has_pattern(p));
    if matched_something {
        current.retain(|p| std::fs::symlink_metadata(p).is_ok());
    }
    current.sort();
    current.dedup();
    Some(current)
}

/// The harness's own programs, recognised by what they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Harness {
    /// wicket itself: the operator's verbs.
    Wicket,
    /// wicket's plugin compiler.
    WicketCompile,
    /// litany.
    Litany,
}

impl Harness {
    /// The program's usual name.
    pub fn name(self) -> &'static str {
        match self {
            Harness::Wicket => "wicket",
            Harness::WicketCompile => "wicket-compile",
            Harness::Litany => "litany",
        }
    }
}

/// The largest file compared byte for byte against a harness binary.
pub const MAX_IDENTIFY_BYTES: u64 = 512 << 20;

/// Which harness program `name` would run on this host: a name without a
/// slash looked up on `search_path` (PATH's syntax), anything else made
/// absolute from `cwd` and `home`; then compared with each of `harness`
/// (the same file, or a regular file with the same bytes).
#[cfg(unix)]
pub fn identify_on_this_host(
    name: &str,
    cwd: &str,
    home: &str,
    search_path: &str,
    harness: &[(Harness, std::path::PathBuf)],
) -> Option<Harness> {
    use std::os::unix::fs::MetadataExt;
    if name.is_empty() || harness.is_empty() {
        return None;
    }
    let candidate = if name.contains('/') {
        std::path::PathBuf::from(resolve_on_this_host(&absolute(name, cwd, home)))
    } else {
        search_path
            .split(':')
            .map(|dir| if dir.is_empty() { cwd } else { dir })
            .map(|dir| std::path::Path::new(&absolute(dir, cwd, home)).join(name))
            .find(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.mode() & 0o111 != 0))?
    };
    let meta = std::fs::metadata(&candidate).ok()?;
    if !meta.is_file() {
        return None;
    }
    for (which, path) in harness {
        let Ok(theirs) = std::fs::metadata(path) else {
            continue;
        };
        if theirs.dev() == meta.dev() && theirs.ino() == meta.ino() {
            return Some(*which);
        }
        if theirs.len() == meta.len()
            && meta.len() <= MAX_IDENTIFY_BYTES
            && same_bytes(&candidate, path)
        {
            return Some(*which);
        }
    }
    None
}

#[cfg(unix)]
fn same_bytes(a: &std::path::Path, b: &std::path::Path) -> bool {
    use std::io::Read;
    let (Ok(mut a), Ok(mut b)) = (std::fs::File::open(a), std::fs::File::open(b)) else {
        return false;
    };
    let mut x = vec![0u8; 1 << 16];
    let mut y = vec![0u8; 1 << 16];
    loop {
        let Ok(n) = a.read(&mut x) else { return false };
        if n == 0 {
            return b.read(&mut y[..1]).is_ok_and(|m| m == 0);
        }
        if b.read_exact(&mut y[..n]).is_err() || x[..n] != y[..n] {
            return false;
        }
    }
}

fn components(path: &str) -> Vec<String> {
    path.split('/')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect()
}

fn join(dir: &str, name: &str) -> String {
    if dir == "/" {
        format!("/{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// `dir/name` in place (`/name` at the root).
fn push_name(dir: &mut String, name: &str) {
    if dir != "/" {
        dir.push('/');
    }
    dir.push_str(name);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_expands_home_and_cwd() {
        assert_eq!(absolute("~", "/w", "/h"), "/h");
        assert_eq!(absolute("~/.ssh/id_rsa", "/w", "/h/"), "/h/.ssh/id_rsa");
        assert_eq!(absolute("~root/x", "/w", "/h"), "/root/x");
        assert_eq!(absolute("~bob", "/w", "/h"), "/home/bob");
        assert_eq!(absolute("src/a.rs", "/w/", "/h"), "/w/src/a.rs");
        assert_eq!(absolute("/etc", "/w", "/h"), "/etc");
        assert_eq!(absolute("", "/w", "/h"), "/w");
    }

    #[test]
    fn fold_handles_dots_and_escapes() {
        assert_eq!(fold("/w/a/../../../etc//passwd"), "/etc/passwd");
        assert_eq!(fold("/w/./a/"), "/w/a");
        assert_eq!(fold("/.."), "/");
    }

    #[test]
    fn containment_respects_component_boundaries() {
        assert!(is_under("/w/agents/a", "/w/agents/a"));
        assert!(is_under("/w/agents/a/src", "/w/agents/a"));
        assert!(!is_under("/w/agents/ab", "/w/agents/a"));
        assert!(is_under("/anything", "/"));
    }

    #[test]
    fn the_protected_index_answers_as_the_linear_rule_does() {
        // Every set and path drawn from a few components, with the spellings
        // that make containment subtle: trailing and doubled `/`, the root,
        // the empty string, a name that only starts another, duplicates, and
        // an entry that contains the writable root (the carve-out).
        let parts = ["", "w", "a", "ab", "agents", ".git", "x"];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let path = |next: &mut dyn FnMut(usize) -> usize| {
            let mut p = String::new();
            if next(8) != 0 {
                p.push('/');
            }
            for i in 0..next(5) {
                if i > 0 {
                    p.push('/');
                }
                p.push_str(parts[next(parts.len())]);
            }
            if next(5) == 0 {
                p.push('/');
            }
            p
        };
        let roots = ["/w/agents/a", "/w/agents/a/", "/w", "/"];
        for round in 0..4000 {
            let set: Vec<String> = (0..next(12)).map(|_| path(&mut next)).collect();
            let index = ProtectedIndex::new(&set);
            let root = roots[round % roots.len()];
            for _ in 0..8 {
                let resolved = path(&mut next);
                assert_eq!(
                    index.protected_by(&set, root, &resolved),
                    protected_by(&set, root, &resolved),
                    "set {set:?}, root {root:?}, path {resolved:?}"
                );
            }
        }
        // Made from another set, it answers as the rule does all the same.
        let other = vec!["/w".to_owned()];
        assert_eq!(
            ProtectedIndex::new(&["/a".to_owned(), "/b".to_owned()])
                .protected_by(&other, "/", "/w/x"),
            Some("/w")
        );
    }

    /// `..` after a name that is not there goes up from whatever that name
    /// is when the path is used (a link made in the meantime leads
    /// elsewhere): unknown. After a directory that is there, it is folded.
    #[test]
    fn dotdot_after_a_missing_name_is_unknown() {
        let base = std::env::temp_dir().join(format!("wicket-dotdot-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("real/sub")).unwrap();
        let base = std::fs::canonicalize(&base).unwrap().display().to_string();
        let (path, kind) = resolve_with_kind(&format!("{base}/real/sub/../x"));
        assert_eq!(path, format!("{base}/real/x"));
        assert_eq!(
            kind,
            crate::PathKind::Missing,
            "a directory that is there: folded"
        );
        let (path, kind) = resolve_with_kind(&format!("{base}/missing/../real"));
        assert_eq!(path, format!("{base}/real"));
        assert_eq!(kind, crate::PathKind::Other);
        // Through a dangling link whose text holds `..` after a missing name.
        std::os::unix::fs::symlink("nothere/../real", format!("{base}/dangling")).unwrap();
        let (_, kind) = resolve_with_kind(&format!("{base}/dangling/sub"));
        assert_eq!(kind, crate::PathKind::Other);
        let _ = std::fs::remove_dir_all(&base);
    }

    /// A directory this process may not search is one no program it runs
    /// can enter (`cd` there fails): not a directory to the reader. What
    /// the kernel says decides it, so the test holds for root (who may
    /// search any directory) as for anyone else.
    #[test]
    fn a_directory_closed_to_this_process_is_not_a_directory() {
        use std::os::unix::fs::PermissionsExt;
        let base = std::env::temp_dir().join(format!("wicket-closed-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("open")).unwrap();
        std::fs::create_dir_all(base.join("closed/inner")).unwrap();
        let set = |p: &std::path::Path, mode| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap()
        };
        set(&base.join("closed"), 0o600);
        let enterable = match std::fs::metadata(base.join("closed/inner")) {
            Ok(_) => true,
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => false,
            Err(e) => panic!("looking inside the closed directory: {e}"),
        };
        let base_text = std::fs::canonicalize(&base).unwrap().display().to_string();
        let (_, kind) = resolve_with_kind(&format!("{base_text}/open"));
        assert_eq!(kind, crate::PathKind::Directory);
        let (_, kind) = resolve_with_kind(&format!("{base_text}/closed"));
        let expected = match enterable {
            true => crate::PathKind::Directory,
            false => crate::PathKind::Other,
        };
        assert_eq!(
            kind, expected,
            "the kernel lets this process in: {enterable}"
        );
        set(&base.join("closed"), 0o700);
        let _ = std::fs::remove_dir_all(&base);
    }

    /// Past the kernel's limit of 40 links followed a lookup fails (ELOOP),
    /// and a link whose text is not UTF-8 cannot be followed by name here:
    /// both are unknown, not the place a walk would guess.
    #[test]
    fn too_many_links_and_unreadable_link_text_are_unknown() {
        use std::os::unix::ffi::OsStrExt;
        let base = std::env::temp_dir().join(format!("wicket-loops-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("a/b")).unwrap();
        std::os::unix::fs::symlink(".", base.join("y")).unwrap();
        let text = std::fs::canonicalize(&base).unwrap().display().to_string();
        let chain = |n: usize| format!("{text}/{}a/b", "y/".repeat(n));
        // 40 links followed: the kernel reaches the directory, and so does the walk.
        assert!(std::fs::metadata(chain(40)).is_ok());
        assert_eq!(resolve_with_kind(&chain(40)).1, crate::PathKind::Directory);
        // 41: the kernel gives up.
        assert!(std::fs::metadata(chain(41)).is_err());
        assert_eq!(resolve_with_kind(&chain(41)).1, crate::PathKind::Other);
        // A link to a directory whose name is not UTF-8.
        let odd = std::ffi::OsStr::from_bytes(b"\xff");
        std::fs::create_dir(base.join(odd)).unwrap();
        std::os::unix::fs::symlink(odd, base.join("x")).unwrap();
        assert_eq!(
            resolve_with_kind(&format!("{text}/x")).1,
            crate::PathKind::Other
        );
        let _ = std::fs::remove_dir_all(&base);
    }

    #[test]
    fn fragments_match_whole_components() {
        assert!(contains_fragment("/home/u/.ssh/config", ".ssh"));
        assert!(contains_fragment("--identity=~/.ssh/id", ".ssh"));
        assert!(!contains_fragment("id_rsa.pub", "id_rsa"));
        assert!(contains_fragment("/h/.config/brazen/key", ".config/brazen"));
        assert!(!contains_fragment("/h/.config/brazenly", ".config/brazen"));
        assert!(!contains_fragment("/h/.sshrc", ".ssh"));
        assert!(!contains_fragment("src/credentials_test.rs", "credentials"));
        assert!(contains_fragment("~/.aws/credentials", "credentials"));
    }

    #[test]
    fn components_match_as_the_shell_matches_names() {
        for (pattern, name, expected) in [
            ("repo.gi?", "repo.git", true),
            ("*", ".wicket", false),
            (".w*", ".wicket", true),
            ("r*o.git", "repo.git", true),
            ("[r]epo.git", "repo.git", true),
            ("[!r]epo.git", "repo.git", false),
            ("[^r]epo.git", "repo.git", false),
            ("[a-z]*", "repo.git", true),
            ("[[:alpha:]]epo.git", "repo.git", true),
            ("[[:digit:]]epo.git", "repo.git", false),
            ("re[[:alpha:][:digit:]]o.git", "re5o.git", true),
            ("\\*", "*", true),
            ("\\*", "x", false),
            ("*.rs", "main.rs", true),
            ("*.rs", "main.rsx", false),
            ("a*b*c", "axxbyyc", true),
            ("a*b*c", "axxbyy", false),
            ("[", "[", true),
            (".*", "..", true),
        ] {
            assert_eq!(
                component_matches(pattern, name, false),
                expected,
                "{pattern} vs {name}"
            );
        }
        assert!(has_pattern("r*"));
        assert!(has_pattern("[[:alpha:]]x"));
        assert!(!has_pattern("["));
        assert!(!has_pattern("\\*"));
    }

    #[test]
    fn expansion_lists_what_the_shell_would_and_follows_nothing_itself() {
        let dir = std::env::temp_dir().join(format!("wicket-guest-glob-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("repo.git")).unwrap();
        std::fs::write(dir.join("repo.git/config"), "").unwrap();
        std::fs::create_dir_all(dir.join("wt/src")).unwrap();
        std::fs::write(dir.join("wt/src/a.rs"), "").unwrap();
        std::fs::write(dir.join("wt/src/b.rs"), "").unwrap();
        std::fs::write(dir.join("wt/.env"), "").unwrap();
        std::os::unix::fs::symlink(dir.join("repo.git"), dir.join("wt/r")).unwrap();
        let d = std::fs::canonicalize(&dir).unwrap().display().to_string();
        let wt = format!("{d}/wt");
        assert_eq!(
            expand_on_this_host(&format!("{wt}/src/*.rs")).unwrap(),
            [format!("{wt}/src/a.rs"), format!("{wt}/src/b.rs")]
        );
        // Through a link in the worktree, as the shell walks it.
        assert_eq!(
            expand_on_this_host(&format!("{wt}/[q-s]*/config")).unwrap(),
            [format!("{wt}/r/config")]
        );
        // Hidden names only for a dot; `.` and `..` among them.
        assert_eq!(
            expand_on_this_host(&format!("{wt}/*")).unwrap(),
            [format!("{wt}/r"), format!("{wt}/src")]
        );
        assert_eq!(
            expand_on_this_host(&format!("{wt}/.*")).unwrap(),
            [format!("{wt}/."), format!("{wt}/.."), format!("{wt}/.env")]
        );
        assert_eq!(
            expand_on_this_host(&format!("{wt}/*.none")).unwrap(),
            Vec::<String>::new()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_copy_or_a_link_of_a_harness_binary_is_recognised() {
        let dir =
            std::env::temp_dir().join(format!("wicket-guest-identify-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("bin")).unwrap();
        let real = dir.join("wicket");
        std::fs::write(&real, b"\x7fELF the real wicket").unwrap();
        let other = dir.join("litany");
        std::fs::write(&other, b"\x7fELF the real litany").unwrap();
        std::fs::copy(&real, dir.join("bin/ls")).unwrap();
        std::fs::set_permissions(
            dir.join("bin/ls"),
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        )
        .unwrap();
        std::fs::hard_link(&other, dir.join("w")).unwrap();
        std::fs::write(dir.join("same-size"), b"\x7fELF the fake wicket").unwrap();
        let harness = [
            (Harness::Wicket, real.clone()),
            (Harness::Litany, other.clone()),
        ];
        let d = dir.display().to_string();
        let bin = format!("{d}/bin");
        assert_eq!(
            identify_on_this_host("ls", &d, "/h", &bin, &harness),
            Some(Harness::Wicket)
        );
        assert_eq!(
            identify_on_this_host("./bin/ls", &d, "/h", "", &harness),
            Some(Harness::Wicket)
        );
        assert_eq!(
            identify_on_this_host("./w", &d, "/h", "", &harness),
            Some(Harness::Litany)
        );
        assert_eq!(
            identify_on_this_host("./same-size", &d, "/h", "", &harness),
            None
        );
        assert_eq!(
            identify_on_this_host("cat", &d, "/h", "/usr/bin:/bin", &harness),
            None
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn resolution_follows_planted_links() {
        let dir = std::env::temp_dir().join(format!("wicket-guest-paths-{}", std::process::id()));
        let root = dir.join("root");
        std::fs::create_dir_all(&root).unwrap();
        let outside = dir.join("outside");
        std::fs::create_dir_all(&outside).unwrap();
        let link = root.join("x");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&outside, &link).unwrap();
        let real_outside = std::fs::canonicalize(&outside).unwrap();
        let resolved = resolve_on_this_host(&format!("{}/passwd", link.display()));
        assert_eq!(resolved, format!("{}/passwd", real_outside.display()));
        // `..` after a link is the target's parent, not the link's.
        let up = resolve_on_this_host(&format!("{}/../root/new/../file", link.display()));
        let real_root = std::fs::canonicalize(&root).unwrap();
        assert_eq!(up, format!("{}/file", real_root.display()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_walk_past_path_max_goes_on_a_directory_at_a_time() {
        let dir = std::env::temp_dir().join(format!("wicket-guest-deep-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("target")).unwrap();
        std::fs::write(dir.join("target/file"), "x").unwrap();
        let dir = std::fs::canonicalize(&dir).unwrap();
        // Three relative links, each into a 2,000-byte chain of directories:
        // the path they resolve to is some 6,000 bytes long.
        let chain = vec!["d".repeat(250); 8].join("/");
        let mut at = dir.clone();
        for link in ["j1", "j2", "j3"] {
            std::fs::create_dir_all(at.join(&chain)).unwrap();
            std::os::unix::fs::symlink(&chain, at.join(link)).unwrap();
            at = at.join(link);
        }
        std::fs::write(at.join("here"), "x").unwrap();
        std::os::unix::fs::symlink(dir.join("target"), at.join("back")).unwrap();
        let d = dir.display();
        let deep = format!("{d}/{chain}/{chain}/{chain}");
        let mut lookups = Lookups::default();
        for (asked, resolved, kind) in [
            (
                format!("{d}/j1/j2/j3/back/../target/file"),
                format!("{d}/target/file"),
                crate::PathKind::File,
            ),
            (
                format!("{d}/j1/j2/j3/here"),
                format!("{deep}/here"),
                crate::PathKind::File,
            ),
            (
                format!("{d}/j1/j2/j3/gone/x"),
                format!("{deep}/gone/x"),
                crate::PathKind::Missing,
            ),
            (
                format!("{d}/j1/j2/j3/../x"),
                format!("{}/x", deep.rsplit_once('/').unwrap().0),
                crate::PathKind::Missing,
            ),
        ] {
            assert_eq!(
                lookups.resolve_with_kind(&asked),
                (resolved.clone(), kind),
                "{asked}"
            );
            assert_eq!(resolve_with_kind(&asked), (resolved, kind), "{asked}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn one_lookups_answers_as_a_fresh_resolution_and_keeps_its_first_look() {
        let dir = std::env::temp_dir().join(format!("wicket-guest-lookups-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (real, elsewhere) = (dir.join("real"), dir.join("elsewhere"));
        std::fs::create_dir_all(&real).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        std::fs::write(real.join("file"), "x").unwrap();
        std::os::unix::fs::symlink(&real, dir.join("link")).unwrap();
        let dir = std::fs::canonicalize(&dir).unwrap();
        let d = dir.display();
        let asked = [
            format!("{d}/link/file"),
            format!("{d}/link/missing/deeper"),
            format!("{d}/link/../elsewhere"),
            format!("{d}/link"),
            format!("{d}/link/./file/."),
            format!("{d}/nothing/../real"),
        ];
        let mut lookups = Lookups::default();
        for path in &asked {
            let fresh = (resolve_on_this_host(path), resolve_with_kind(path).1);
            // Asked twice: the second answer comes from what was seen.
            for _ in 0..2 {
                let (remembered, kind) = lookups.resolve_with_kind(path);
                assert_eq!((&remembered, kind), (&fresh.0, fresh.1), "{path}");
                assert_eq!(lookups.resolve(path), fresh.0, "{path}");
            }
        }
        assert_eq!(
            lookups.resolve_with_kind(&format!("{d}/link/file")),
            (format!("{d}/real/file"), crate::PathKind::File)
        );
        // The link moved: the consult that looked before keeps its look,
        // the next one sees the new target.
        std::fs::remove_file(dir.join("link")).unwrap();
        std::os::unix::fs::symlink(dir.join("elsewhere"), dir.join("link")).unwrap();
        assert_eq!(
            lookups.resolve(&format!("{d}/link/file")),
            format!("{d}/real/file")
        );
        assert_eq!(
            Lookups::default().resolve_with_kind(&format!("{d}/link/file")),
            (format!("{d}/elsewhere/file"), crate::PathKind::Missing)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
