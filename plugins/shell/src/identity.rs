//! The harness's own programs — wicket, wicket-compile, litany — known by
//! what the file is, not by its name: `./ls` may be a copy of wicket, and
//! `cp ~/bin/wicket ./ls && ./ls answer …` runs the operator's verb.
//!
//! The host answers for files that exist when the call is judged
//! ([`wicket_guest::Context::identify`]); a copy (or a link) made earlier in
//! the same command does not exist yet, so the reader remembers where it
//! lands (`Reader::harness_files`) for the rest of the command.

use wicket_guest::paths::{absolute, fold};
use wicket_guest::{Harness, PathKind};

use crate::programs::Run;
use crate::read::{Arg, Fd, Invocation, Place, Reader, Scope, BUILTINS, SYSTEM_BIN};

/// The directories a user's own programs usually sit in on PATH, under home.
const HOME_BIN: &[&str] = &[".local/bin", "bin", ".cargo/bin"];

/// How many paths a command reads are asked about, per call, for whether
/// one is the harness (`Reader::read_as_data`).
const MAX_DATA_IDENTIFIES: usize = 64;

/// How a program word is one of the harness's programs, for the reasons.
pub fn alias(word: &str, which: Harness, copied: bool) -> String {
    let name = which.name();
    let base = word.rsplit('/').next().unwrap_or(word);
    if copied {
        format!("{word} is a copy of {name} made earlier in this command")
    } else if base == name {
        format!("{word} is {name}")
    } else {
        format!("{word} is {name} under another name (the same file or a copy)")
    }
}

/// A program run by a path whose name is one of the harness's, which the
/// host does not know as that file: read as that program all the same. A
/// build of litany or wicket from their sources (`cargo install litany
/// --root /tmp/x`, the crate's source in cargo's registry, a checkout of
/// this project) is no file the host compares against, yet runs the same
/// verbs on the same workspace.
fn by_name(word: &str) -> Option<Harness> {
    let base = word.rsplit('/').next().unwrap_or(word);
    [Harness::Litany, Harness::Wicket, Harness::WicketCompile]
        .into_iter()
        .find(|which| which.name() == base)
}

impl Reader<'_> {
    /// What the host says the program `asked` is (a name looked up on the
    /// consult's PATH, or an absolute path): once per name and call, each
    /// question spent from the path budget. `None` when it is none of the
    /// harness's, or the budget is spent.
    pub fn identify(&self, asked: &str) -> Option<Harness> {
        // The host's `/proc` and `/dev` views are its own process's, not
        // the running command's (`/proc/self/exe` is the shell's program).
        if asked.starts_with("/proc/") || asked.starts_with("/dev/") {
            return None;
        }
        if let Some(known) = self.identified.borrow().get(asked) {
            return *known;
        }
        if !self.take_resolve() {
            return None;
        }
        let answer = self.ctx.identify(asked);
        self.identified
            .borrow_mut()
            .insert(asked.to_owned(), answer);
        answer
    }

    /// Which of the harness's programs a literal program word runs, and
    /// whether it is a copy made earlier in this command (`true`) or a file
    /// the host recognised (`false`). The shell's builtins run no file.
    pub fn identify_program(&self, word: &str, scope: &Scope) -> Option<(Harness, bool)> {
        if word.is_empty() || (!word.contains('/') && is_builtin(word)) {
            return None;
        }
        if let Some(which) = self.copied_program(word, scope) {
            return Some((which, true));
        }
        if word.contains('/') {
            let asked = self.landing(word, scope)?;
            return self
                .identify(&asked)
                .or_else(|| by_name(word))
                .map(|which| (which, false));
        }
        // A directory put first on PATH here holds what the name runs
        // before the consult's PATH does.
        if let (Some(prefix), Some(cwd)) = (&scope.path_prefix, &scope.cwd) {
            let dir = absolute(prefix, cwd, &scope.home(self.ctx));
            if let Some(which) = self.identify(&format!("{}/{word}", dir.trim_end_matches('/'))) {
                return Some((which, false));
            }
        }
        self.identify(word).map(|which| (which, false))
    }

    /// A file the command reads as data (an operand a program reads, a
    /// redirect's input), where it resolves: when it is one of the
    /// harness's programs, any program this command may have made from it
    /// (`head -c N ~/bin/wicket > x`, `base64 w | base64 -d > x`, an
    /// archive piped into `tar x`) could be that program.
    pub fn read_as_data(&self, resolved: &str) {
        if self.harness_read.get().is_some() {
            return;
        }
        if self.data_identifies.get() >= MAX_DATA_IDENTIFIES {
            self.data_unidentified.set(true);
            return;
        }
        self.data_identifies.set(self.data_identifies.get() + 1);
        let which = self
            .harness_files
            .borrow()
            .get(resolved)
            .copied()
            .or_else(|| self.identify(resolved));
        if which.is_some() {
            self.harness_read.set(which);
            return;
        }
        // A directory read whole (`cp -r ~/bin b`, `tar c bin`): the
        // harness's programs the protected set names beneath it, and the
        // files directly in it.
        let base = resolved.trim_end_matches('/');
        let mut names: Vec<String> = self
            .protected()
            .iter()
            .filter(|p| {
                p.len() > base.len() + 1 && p.starts_with(base) && p[base.len()..].starts_with('/')
            })
            .cloned()
            .collect();
        if names.is_empty() {
            match self
                .take_resolve()
                .then(|| self.ctx.expand_glob(&format!("{base}/*")))
                .flatten()
            {
                Some(found) => names.extend(
                    found
                        .into_iter()
                        .filter(|m| m.resolved.kind == PathKind::File)
                        .map(|m| m.resolved.path),
                ),
                None => self.data_unidentified.set(true),
            }
        }
        for name in names {
            if self.data_identifies.get() >= MAX_DATA_IDENTIFIES {
                self.data_unidentified.set(true);
                return;
            }
            self.data_identifies.set(self.data_identifies.get() + 1);
            if let Some(which) = self.identify(&name) {
                self.harness_read.set(Some(which));
                return;
            }
        }
    }

    /// The one name a pattern expands to now (as the shell would hand it
    /// over); `None` when it matches several, or the host cannot list it.
    /// A pattern that matches nothing is passed as written.
    pub fn one_match(&self, pattern: &str, scope: &Scope) -> Option<String> {
        if !self.take_resolve() {
            return None;
        }
        let full = self.absolute_path(pattern, scope)?;
        match self.ctx.expand_glob(&full)?.as_slice() {
            [one] => Some(one.path.clone()),
            [] => Some(pattern.to_owned()),
            _ => None,
        }
    }

    /// [`Reader::read_as_data`] for a pattern: each name it expands to now.
    pub fn read_pattern_as_data(&self, pattern: &str) {
        if self.harness_read.get().is_some() {
            return;
        }
        if self.data_identifies.get() >= MAX_DATA_IDENTIFIES || !self.take_resolve() {
            self.data_unidentified.set(true);
            return;
        }
        let Some(found) = self.ctx.expand_glob(pattern) else {
            self.data_unidentified.set(true);
            return;
        };
        for m in found {
            self.read_as_data(&m.resolved.path);
        }
    }

    /// What the command read as data that a program it runs from a file may
    /// have been made from, as the clause a reason gives (`after reading
    /// wicket as data: …`): one of the harness's programs, or files wicket
    /// could not all ask about (any of them may have been one). `None` when
    /// every file read as data was asked about and none was the harness's.
    pub fn harness_data_read(&self) -> Option<String> {
        if let Some(which) = self.harness_read.get() {
            let name = which.name();
            return Some(format!(
                "after reading {name} as data: it may be a copy of {name} made in this command"
            ));
        }
        self.data_unidentified.get().then(|| {
            format!(
                "after reading files as data that wicket could not all ask about (more than \
                 {MAX_DATA_IDENTIFIES}, or a directory or pattern too large to list): one may be \
                 the harness's own program, copied in this command"
            )
        })
    }

    /// Where a literal path lands, for [`Reader::read_as_data`].
    pub fn landing_of(&self, path: &str, scope: &Scope) -> Option<String> {
        self.landing(path, scope)
    }

    /// A literal path as the running shell takes it: relative to its
    /// directory (never `~`-expanded: the shell already expanded what it
    /// would). `None` when that directory is not known.
    fn absolute_path(&self, path: &str, scope: &Scope) -> Option<String> {
        if path.starts_with('/') {
            return Some(path.to_owned());
        }
        let cwd = scope.cwd.as_deref()?;
        Some(format!("{}/{path}", cwd.trim_end_matches('/')))
    }

    /// Where a literal path lands, links and the shell's own `/proc` views
    /// followed as the reader places any path, for keying the copies made
    /// here: `None` when that cannot be known.
    fn landing(&self, path: &str, scope: &Scope) -> Option<String> {
        match self.place(path, scope)? {
            Place::Inside(p)
            | Place::Outside { path: p, .. }
            | Place::Protected { path: p, .. } => Some(p),
            _ => None,
        }
    }

    /// A copy of the harness made earlier in this command that the word
    /// runs: by its path, or by its name when it was made in a directory
    /// on PATH (a system directory, the user's own, or one put first).
    fn copied_program(&self, word: &str, scope: &Scope) -> Option<Harness> {
        if self.harness_files.borrow().is_empty() {
            return None;
        }
        if word.contains('/') {
            let path = self.landing(word, scope)?;
            return self.harness_files.borrow().get(&path).copied();
        }
        let home = scope.home(self.ctx);
        let mut dirs: Vec<String> = SYSTEM_BIN.iter().map(|d| d.to_string()).collect();
        if !home.is_empty() {
            dirs.extend(HOME_BIN.iter().map(|d| format!("{home}/{d}")));
        }
        if let Some(prefix) = &scope.path_prefix {
            dirs.push(prefix.clone());
        }
        let dirs: Vec<String> = dirs.iter().filter_map(|d| self.landing(d, scope)).collect();
        self.harness_files
            .borrow()
            .iter()
            .find_map(|(path, which)| {
                let (dir, base) = path.rsplit_once('/')?;
                (base == word && dirs.iter().any(|d| d == dir)).then_some(*which)
            })
    }

    /// Which harness program a file a command reads is: a copy made here,
    /// or what the host says (the path taken as a path, never looked up).
    fn identify_file(&self, path: &str, scope: &Scope) -> Option<Harness> {
        let landing = self.landing(path, scope)?;
        if let Some(which) = self.harness_files.borrow().get(&landing) {
            return Some(*which);
        }
        self.identify(&landing)
    }

    /// After `cp`, `ln`, `install`, `mv`, `cat SRC > DEST` or `dd if=SRC
    /// of=DEST`: a destination made from one of the harness's programs is
    /// that program for the rest of the command.
    pub fn track_copies(&self, program: &str, inv: &Invocation, scope: &Scope) {
        let pairs = match program {
            "tee" => self.tee_copies(inv, scope),
            "cp" | "ln" | "install" | "mv" | "link" => self.copies(program, inv, scope),
            "cat" => {
                self.cat_prints(inv, scope);
                self.cat_copy(inv, scope).into_iter().collect()
            }
            "dd" => self.dd_copy(inv, scope).into_iter().collect(),
            _ => Vec::new(),
        };
        let mut files = self.harness_files.borrow_mut();
        for (dest, which) in pairs {
            if files.len() < crate::read::MAX_NOTES {
                files.insert(dest, which);
            }
        }
    }

    /// `cp`/`ln`/`install`/`mv` SOURCE… DEST (or `-t DIR SOURCE…`): each
    /// source that is a harness program, and where its copy lands.
    fn copies(&self, program: &str, inv: &Invocation, scope: &Scope) -> Vec<(String, Harness)> {
        // Long options as GNU reads them, by any unambiguous prefix.
        let long = |word: &str| -> Option<&'static str> {
            let name = word.strip_prefix("--")?.split('=').next()?;
            let all: &[&str] = &[
                "target-directory",
                "symbolic",
                "no-target-directory",
                "suffix",
                "mode",
                "owner",
                "group",
            ];
            if name.is_empty() {
                return None;
            }
            all.iter().copied().find(|o| *o == name).or_else(|| {
                let mut hits = all.iter().copied().filter(|o| o.starts_with(name));
                let first = hits.next()?;
                hits.next().is_none().then_some(first)
            })
        };
        let takes_value = |o: &str| {
            matches!(o, "suffix" | "target-directory")
                || (program == "install" && matches!(o, "mode" | "owner" | "group"))
        };
        let mut target_dir: Option<Option<String>> = None;
        let mut symbolic = false;
        let mut no_target_dir = false;
        // Operands: the text, and whether the shell expands it as a pattern.
        let mut words: Vec<Option<(String, bool)>> = Vec::new();
        let mut options_done = false;
        let mut args = inv.argv.iter().skip(1);
        let operand = |arg: &Arg| -> Option<(String, bool)> {
            match &arg.values {
                Some(v) if v.len() == 1 => Some((v[0].clone(), arg.glob)),
                _ => None,
            }
        };
        while let Some(arg) = args.next() {
            let Some(text) = arg.first().filter(|_| arg.values.is_some()) else {
                words.push(None);
                continue;
            };
            if options_done || !text.starts_with('-') || text == "-" {
                words.push(operand(arg));
                continue;
            }
            if text == "--" {
                options_done = true;
            } else if text.starts_with("--") {
                let Some(option) = long(text) else { continue };
                let inline = text.split_once('=').map(|(_, v)| v.to_owned());
                let value = if takes_value(option) {
                    inline.or_else(|| args.next().and_then(Arg::text).map(str::to_owned))
                } else {
                    None
                };
                match option {
                    "target-directory" => target_dir = Some(value),
                    "symbolic" => symbolic = true,
                    "no-target-directory" => no_target_dir = true,
                    _ => {}
                }
            } else {
                // A cluster of short options: `-sf`, `-t DIR` spelled `-tDIR`.
                let cluster = &text[1..];
                for (at, c) in cluster.char_indices() {
                    let rest = &cluster[at + c.len_utf8()..];
                    let value = |args: &mut std::iter::Skip<std::slice::Iter<Arg>>| {
                        if rest.is_empty() {
                            args.next().and_then(Arg::text).map(str::to_owned)
                        } else {
                            Some(rest.to_owned())
                        }
                    };
                    match c {
                        't' => {
                            target_dir = Some(value(&mut args));
                            break;
                        }
                        'S' => {
                            value(&mut args);
                            break;
                        }
                        'm' | 'o' | 'g' if program == "install" => {
                            value(&mut args);
                            break;
                        }
                        's' if program == "ln" => symbolic = true,
                        'T' => no_target_dir = true,
                        _ => {}
                    }
                }
            }
        }
        let (sources, dest_dir, dest) = match target_dir {
            Some(Some(dir)) => (&words[..], Some(dir), None),
            Some(None) => return Vec::new(),
            None => {
                let Some((Some((last, _)), sources)) = words.split_last() else {
                    return Vec::new();
                };
                if sources.len() > 1 {
                    (sources, Some(last.clone()), None)
                } else {
                    (sources, None, Some(last.clone()))
                }
            }
        };
        let mut out = Vec::new();
        for (source, glob) in sources.iter().flatten() {
            // A pattern copies each of its matches.
            let named: Vec<String> = if *glob {
                if !self.take_resolve() {
                    continue;
                }
                let Some(full) = self.absolute_path(source, scope) else {
                    continue;
                };
                match self.ctx.expand_glob(&full) {
                    Some(found) if !found.is_empty() => found.into_iter().map(|m| m.path).collect(),
                    _ => continue,
                }
            } else {
                vec![source.clone()]
            };
            for source in named {
                let base = source
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or(&source);
                let inside = |dir: &str| format!("{}/{base}", dir.trim_end_matches('/'));
                // Where the copy lands; when the destination may or may not
                // be a directory (one a launcher's `mkdir` made, say), both.
                let landings: Vec<String> = match (&dest_dir, &dest) {
                    (Some(dir), _) => vec![inside(dir)],
                    (None, Some(dest)) if no_target_dir => vec![dest.clone()],
                    (None, Some(dest)) => match self.names_directory(dest, scope) {
                        Some(true) => vec![inside(dest)],
                        Some(false) => vec![dest.clone()],
                        None => vec![dest.clone(), inside(dest)],
                    },
                    (None, None) => continue,
                };
                for landing in landings {
                    let Some(landing) = self.landing(&landing, scope) else {
                        continue;
                    };
                    // A symbolic link's text is taken from the link's directory.
                    let which = if matches!(
                        source.as_str(),
                        "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0"
                    ) {
                        self.fed_harness.get()
                    } else if symbolic && !source.starts_with('/') {
                        let dir = landing.rsplit_once('/').map_or("/", |(d, _)| d);
                        let mut at_link = scope.clone();
                        at_link.cwd = Some(if dir.is_empty() { "/" } else { dir }.to_owned());
                        self.identify_file(&source, &at_link)
                    } else {
                        self.identify_file(&source, scope)
                    };
                    if let Some(which) = which {
                        out.push((landing, which));
                    }
                }
            }
        }
        out
    }

    /// Whether a destination names a directory: written with a trailing
    /// slash, made earlier in this command, or one there now (`Some(true)`);
    /// a file there now (`Some(false)`); nothing there yet, which something
    /// this command ran may have made (`None`).
    fn names_directory(&self, dest: &str, scope: &Scope) -> Option<bool> {
        if dest.ends_with('/') {
            return Some(true);
        }
        let full = self.absolute_path(dest, scope)?;
        if scope.made.contains(&fold(&full)) {
            return Some(true);
        }
        if !self.take_resolve() {
            return None;
        }
        match self.ctx.resolve(&full).kind {
            PathKind::Directory => Some(true),
            PathKind::Missing => None,
            _ => Some(false),
        }
    }

    /// The one file a word names: its text, or the single match of a
    /// pattern (as the shell expands it now).
    fn one_file(&self, arg: &Arg, scope: &Scope) -> Option<String> {
        let text = match &arg.values {
            Some(v) if v.len() == 1 => v[0].clone(),
            _ => return None,
        };
        if !arg.glob {
            return Some(text);
        }
        if !self.take_resolve() {
            return None;
        }
        match self
            .ctx
            .expand_glob(&self.absolute_path(&text, scope)?)?
            .as_slice()
        {
            [one] => Some(one.path.clone()),
            [] => Some(text),
            _ => None,
        }
    }

    /// `… | tee FILE…` fed one of the harness's programs: each file a copy.
    fn tee_copies(&self, inv: &Invocation, scope: &Scope) -> Vec<(String, Harness)> {
        let Some(which) = self.fed_harness.get() else {
            return Vec::new();
        };
        inv.argv
            .iter()
            .skip(1)
            .filter_map(Arg::text)
            .filter(|w| !w.starts_with('-'))
            .filter_map(|w| self.landing(w, scope))
            .map(|landing| (landing, which))
            .collect()
    }

    /// `cat FILE` (or `cat` fed one) on the shell's standard output: what
    /// it prints is one of the harness's programs, for a pipe to copy.
    fn cat_prints(&self, inv: &Invocation, scope: &Scope) {
        if !matches!(scope.fds.get(&1), Some(Fd::Stream)) {
            return;
        }
        let which = match &inv.argv[1..] {
            [] => self.fed_harness.get(),
            [one] => self
                .one_file(one, scope)
                .and_then(|source| self.identify_file(&source, scope)),
            _ => None,
        };
        if which.is_some() {
            self.printed_harness.set(which);
        }
    }

    /// `cat SRC > DEST` (or `cat < SRC > DEST`): the output file is a copy.
    fn cat_copy(&self, inv: &Invocation, scope: &Scope) -> Option<(String, Harness)> {
        let Some(Fd::File(dest)) = scope.fds.get(&1) else {
            return None;
        };
        let operands: Vec<&Arg> = inv.argv.iter().skip(1).collect();
        let source = match operands.as_slice() {
            [] => match scope.fds.get(&0) {
                Some(Fd::File(path)) => path.clone(),
                _ => {
                    return self
                        .fed_harness
                        .get()
                        .and_then(|w| Some((self.landing(dest, scope)?, w)))
                }
            },
            [one] => self.one_file(one, scope).filter(|t| t != "-")?,
            _ => return None,
        };
        let which = self.identify_file(&source, scope)?;
        Some((self.landing(dest, scope)?, which))
    }

    /// `dd if=SRC of=DEST`.
    fn dd_copy(&self, inv: &Invocation, scope: &Scope) -> Option<(String, Harness)> {
        let word = |key: &str| {
            inv.argv
                .iter()
                .skip(1)
                .filter_map(Arg::text)
                .filter_map(|w| w.strip_prefix(key))
                .next_back()
                .map(str::to_owned)
        };
        let dest = word("of=")?;
        let which = match word("if=") {
            Some(source) => self.identify_file(&source, scope)?,
            None => self.fed_harness.get()?,
        };
        Some((self.landing(&dest, scope)?, which))
    }

    /// Where `command -v NAME` (`which NAME`, `type -P NAME`) finds NAME,
    /// when NAME is one of the harness's programs: a copy made on PATH in
    /// this command, else a file where such programs are installed (a
    /// protected entry of that name, beside the protected wicket binary,
    /// the system's and the user's program directories) that the host says
    /// is the same program — the path the shell would print, or one with
    /// the same bytes. Anything else is not known here.
    pub fn harness_on_path(&self, name: &str, scope: &Scope) -> Option<String> {
        if name.is_empty() || name.contains('/') || is_builtin(name) {
            return None;
        }
        if let Some(which) = self.copied_program(name, scope) {
            return self
                .harness_files
                .borrow()
                .iter()
                .find(|(path, w)| **w == which && path.rsplit('/').next() == Some(name))
                .map(|(path, _)| path.clone());
        }
        let which = self.identify(name)?;
        let home = scope.home(self.ctx);
        let mut candidates: Vec<String> = self
            .protected()
            .iter()
            .filter(|p| p.rsplit('/').next() == Some(name))
            .cloned()
            .collect();
        // Beside the protected wicket binary (and its compiler), where the
        // harness's programs are usually installed together.
        for entry in self.protected() {
            if let Some((dir, base)) = entry.rsplit_once('/') {
                let beside = format!("{dir}/{name}");
                if base.starts_with("wicket") && !dir.is_empty() && !candidates.contains(&beside) {
                    candidates.push(beside);
                }
            }
        }
        candidates.extend(SYSTEM_BIN.iter().map(|d| format!("{d}/{name}")));
        if !home.is_empty() {
            candidates.extend(HOME_BIN.iter().map(|d| fold(&format!("{home}/{d}/{name}"))));
        }
        candidates
            .into_iter()
            .find(|c| self.identify(c) == Some(which))
    }
}

fn is_builtin(name: &str) -> bool {
    BUILTINS.contains(&name)
}

/// What `command -v NAME`, `which NAME` and `type -P NAME` print, when NAME
/// is one of the harness's programs (see [`Reader::harness_on_path`]).
pub fn looked_up(r: &Reader, run: &Run, scope: &Scope) -> Option<String> {
    let words: Vec<&str> = run
        .inv
        .argv
        .iter()
        .skip(1)
        .map(Arg::text)
        .collect::<Option<_>>()?;
    let name = match (run.name, words.as_slice()) {
        ("command", ["-v", name]) | ("which", [name]) | ("type", ["-P" | "-p", name]) => *name,
        _ => return None,
    };
    r.harness_on_path(name, scope)
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use wicket_guest::{Call, Context, Effect, Finding, Harness};

    /// A workspace with an agent's worktree, and the harness's programs
    /// (files whose bytes stand for the binaries) in `bin/`, with a copy of
    /// wicket and a hard link to litany under other names.
    struct Bench {
        dir: PathBuf,
        root: String,
        ctx: Context,
    }

    impl Bench {
        fn new(name: &str) -> Bench {
            let dir =
                std::env::temp_dir().join(format!("wicket-shell-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let bin = dir.join("bin");
            let root = dir.join("ws/agents/a");
            std::fs::create_dir_all(&bin).unwrap();
            std::fs::create_dir_all(&root).unwrap();
            std::fs::create_dir_all(dir.join("ws/repo.git")).unwrap();
            std::fs::write(bin.join("wicket"), b"\x7fELF wicket").unwrap();
            std::fs::write(bin.join("litany"), b"\x7fELF litany").unwrap();
            // The same length as wicket, other bytes: not wicket.
            std::fs::write(bin.join("wickes"), b"\x7fELF wickes").unwrap();
            std::fs::copy(bin.join("wicket"), dir.join("ls")).unwrap();
            std::fs::hard_link(bin.join("litany"), dir.join("lt")).unwrap();
            for name in ["wicket", "litany", "wickes"] {
                let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
                std::fs::set_permissions(bin.join(name), mode).unwrap();
            }
            let dir = std::fs::canonicalize(&dir).unwrap();
            let text = |p: &Path| p.to_string_lossy().into_owned();
            let root = text(&dir.join("ws/agents/a"));
            let ctx = Context::new(
                text(&dir.join("ws")),
                root.clone(),
                root.clone(),
                "/nonexistent",
            )
            .with_protected(vec![
                text(&dir.join("ws/repo.git")),
                text(&dir.join("bin/wicket")),
            ])
            .with_harness(
                vec![
                    (Harness::Wicket, dir.join("bin/wicket")),
                    (Harness::Litany, dir.join("bin/litany")),
                ],
                format!("{}:/usr/bin:/bin", text(&dir.join("bin"))),
            );
            Bench { dir, root, ctx }
        }

        fn classify(&self, command: &str) -> Vec<Finding> {
            let command = command.replace("{d}", &self.dir.to_string_lossy());
            let call = Call {
                id: "t".into(),
                tool: "bash".into(),
                input: serde_json::json!({ "command": command }),
                role: "worker".into(),
                agent_id: "a".into(),
            };
            crate::classify(&call, &self.ctx)
        }

        fn strictest(&self, command: &str) -> (Effect, String) {
            let findings = self.classify(command);
            let f = &findings[0];
            (f.effect, f.why.clone())
        }
    }

    impl Drop for Bench {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    #[test]
    fn the_harness_under_another_name_is_read_as_the_harness() {
        let b = Bench::new("identity-names");
        let (effect, why) = b.strictest("{d}/ls answer ws x pass");
        assert_eq!(effect, Effect::Destructive, "{why}");
        assert!(why.contains("is wicket under another name"), "{why}");
        assert!(why.contains("`answer` is the operator's verb"), "{why}");
        assert_eq!(b.strictest("{d}/ls status ws").0, Effect::Read);
        // A hard link is the same file.
        let (effect, why) = b.strictest("{d}/lt config ws");
        assert_eq!(effect, Effect::Destructive, "{why}");
        assert!(why.contains("is litany under another name"), "{why}");
        assert_eq!(b.strictest("{d}/lt message ws x hi").0, Effect::TargetWrite);
        // The same size, other bytes: an ordinary unknown program.
        assert_eq!(
            b.strictest("{d}/bin/wickes answer ws x pass").0,
            Effect::OpenWorld
        );
        // The system's programs are not the harness.
        assert_eq!(b.strictest("ls -la").0, Effect::Read);
    }

    #[test]
    fn a_copy_made_earlier_in_the_command_is_the_harness() {
        let b = Bench::new("identity-copies");
        for command in [
            "cp {d}/bin/wicket ./ls && ./ls answer ws x pass",
            "cp {d}/bin/wicket ./ls; ./ls answer ws x pass",
            "cp $(command -v wicket) ./ls && ./ls answer ws x pass",
            "ln -s {d}/bin/wicket w && ./w answer ws x pass",
            "cat {d}/bin/wicket > x && ./x answer ws x pass",
            "cat {d}/bin/wicket | tee x && ./x answer ws x pass",
            "mkdir t && cp {d}/bin/wicket t && t/wicket answer ws x pass",
            "cp {d}/ls ./a && mv a b && ./b answer ws x pass",
        ] {
            let (effect, why) = b.strictest(command);
            assert_eq!(effect, Effect::Destructive, "{command}: {why}");
            assert!(why.contains("wicket"), "{command}: {why}");
        }
        let (_, why) = b.strictest("cp {d}/bin/wicket ./ls && ./ls answer ws x pass");
        assert!(
            why.starts_with("./ls is a copy of wicket made earlier in this command"),
            "{why}"
        );
        // A copy of something else runs as an unknown program.
        assert_eq!(
            b.strictest("cp {d}/bin/wickes ./ls && ./ls answer ws x pass")
                .0,
            Effect::OpenWorld
        );
    }

    #[test]
    fn stopping_the_harness_is_destructive() {
        let b = Bench::new("identity-kill");
        for command in [
            "kill $(pgrep -f litany)",
            "pkill litany",
            "killall wicket",
            "killall {d}/ls",
        ] {
            assert_eq!(b.strictest(command).0, Effect::Destructive, "{command}");
        }
    }

    #[test]
    fn a_pattern_matching_a_link_to_a_protected_entry_is_protected() {
        let b = Bench::new("identity-globs");
        let root = Path::new(&b.root);
        std::fs::write(b.dir.join("ws/repo.git/config"), "x").unwrap();
        std::os::unix::fs::symlink("../../repo.git/config", root.join("link")).unwrap();
        std::fs::write(root.join("notes.md"), "x").unwrap();
        let (effect, why) = b.strictest("sed -i s/x/y/ l*nk");
        assert_eq!(effect, Effect::Destructive, "{why}");
        assert!(why.contains("repo.git/config"), "{why}");
        let (effect, why) = b.strictest("sed -i s/x/y/ ./*.md");
        assert_eq!(effect, Effect::TargetWrite, "{why}");
        assert_eq!(b.strictest("cat l*nk").0, Effect::Read);
        // A hidden link: only bash's dotglob lets `*` match it.
        std::fs::create_dir_all(root.join("d")).unwrap();
        std::fs::write(root.join("d/notes.md"), "x").unwrap();
        std::os::unix::fs::symlink("../../../repo.git/config", root.join("d/.hid")).unwrap();
        let (effect, why) = b.strictest("sed -i s/x/y/ d/*");
        assert_eq!(effect, Effect::TargetWrite, "{why}");
        // (dotglob itself is held: a pattern may then reach ~/.ssh.)
        let effects = |command: &str| -> Vec<Effect> {
            b.classify(command).iter().map(|f| f.effect).collect()
        };
        let found = effects("shopt -s dotglob; sed -i s/x/y/ d/*");
        assert!(found.contains(&Effect::Destructive), "{found:?}");
        // A directory without one: nothing protected among its names.
        std::fs::create_dir_all(root.join("e")).unwrap();
        std::fs::write(root.join("e/.plain"), "x").unwrap();
        let found = effects("shopt -s dotglob; sed -i s/x/y/ e/*");
        assert!(!found.contains(&Effect::Destructive), "{found:?}");
    }
}
