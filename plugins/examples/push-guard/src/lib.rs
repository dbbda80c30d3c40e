//! An example classifier: holds every `git push` that could move a protected
//! branch, however the command spells it — `git -C x push`, `env git push`,
//! `sh -c 'git push …'`, `eval`, an alias given with `git -c`, `xargs`,
//! refspecs such as `HEAD:main`, `+main`, `:main`, `refs/heads/*`, and
//! `--all`, `--mirror`, `--delete`, `--force`. It reads the command with
//! wicket's shell reading (`wicket_shell::reading`), so quoting and
//! launchers are undone exactly as the default classifier undoes them.
//!
//! ```yaml
//! classifiers:
//!   - path: plugins/push-guard.wasm
//!     config:
//!       protected: [main, master, "release/*"]   # default: [main, master]
//! ```
//!
//! A push whose branch is only known when it runs (`git push origin
//! "$BRANCH"`, a bare `git push` that pushes what git's configuration picks,
//! `HEAD`) is held too: it may be a protected one. A push of other branches
//! or of tags only is not this plugin's business (it abstains).

use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome};
use wicket_shell::reading::{self, Command, Word};

struct PushGuard;

impl Classifier for PushGuard {
    fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String> {
        let Some(reading) = reading::read_call(call, ctx) else {
            return Ok(Outcome::Abstain);
        };
        let protected = protected(ctx)?;
        let mut findings: Vec<Finding> = Vec::new();
        for command in &reading.commands {
            for hit in pushes(command, &protected) {
                let finding = match hit {
                    Hit::Moves { branch, force } => Finding::new(
                        if force {
                            Effect::Destructive
                        } else {
                            Effect::OpenWorld
                        },
                        format!(
                            "`{}` {} the protected branch {branch}",
                            command.shown(),
                            if force {
                                "force-pushes or deletes"
                            } else {
                                "pushes to"
                            }
                        ),
                    ),
                    Hit::Maybe(why) => Finding::new(
                        Effect::OpenWorld,
                        format!(
                            "`{}` {why}, which may be a protected branch",
                            command.shown()
                        ),
                    ),
                };
                if !findings.iter().any(|f| f.why == finding.why) {
                    findings.push(finding.hold());
                }
            }
        }
        // What the reading could not read may push too.
        if findings.is_empty()
            && !reading.is_complete()
            && reading::shell_text(call).is_some_and(|t| t.contains("push"))
        {
            findings.push(
                Finding::new(
                    Effect::Opaque,
                    format!(
                        "the command mentions push, and part of it cannot be read ({})",
                        reading.unreadable[0]
                    ),
                )
                .hold(),
            );
        }
        if findings.is_empty() {
            Ok(Outcome::Abstain)
        } else {
            Ok(Outcome::Findings(findings))
        }
    }
}

wicket_guest::export_classifier!(PushGuard);

/// The protected branch names and patterns from the configuration.
fn protected(ctx: &Context) -> Result<Vec<String>, String> {
    match ctx.config().get("protected") {
        None => Ok(vec!["main".into(), "master".into()]),
        Some(list) => list
            .as_array()
            .and_then(|items| {
                items
                    .iter()
                    .map(|i| i.as_str().map(str::to_owned))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| "push-guard's `protected` must be a list of branch names".into()),
    }
}

enum Hit {
    /// Moves (or deletes, or force-pushes) this protected branch.
    Moves { branch: String, force: bool },
    /// Pushes something only known when it runs: why.
    Maybe(String),
}

/// git's options before the subcommand that take the next word as a value.
const GIT_VALUE_OPTIONS: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--config-env",
    "--super-prefix",
    "--attr-source",
    "--shallow-file",
];

/// What one command pushes that this plugin holds.
fn pushes(command: &Command, protected: &[String]) -> Vec<Hit> {
    let args = command.args();
    if command.is("git-push") {
        return push_args(args, command.more_words_at_run_time, protected);
    }
    if command.is("git-send-pack") {
        return send_pack_args(args, protected);
    }
    if !command.is("git") {
        return Vec::new();
    }
    let mut aliases: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let Some(word) = args[i].known() else {
            // An option or the subcommand only known when it runs.
            let mentions_push = args[i..].iter().any(|w| w.known() == Some("push"));
            return if mentions_push || args[i].is_dynamic() {
                vec![Hit::Maybe(format!(
                    "runs git with `{}`, only known when it runs",
                    args[i].shown
                ))]
            } else {
                Vec::new()
            };
        };
        if !word.starts_with('-') {
            break;
        }
        if GIT_VALUE_OPTIONS.contains(&word) {
            if word == "-c" {
                if let Some((key, value)) = args
                    .get(i + 1)
                    .and_then(Word::known)
                    .and_then(|s| s.split_once('='))
                {
                    if let Some(name) = key.strip_prefix("alias.") {
                        aliases.push((name.to_ascii_lowercase(), value.to_owned()));
                    }
                }
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    let Some(sub) = args.get(i).and_then(Word::known) else {
        return Vec::new();
    };
    let rest = &args[i + 1..];
    if sub == "push" {
        return push_args(rest, command.more_words_at_run_time, protected);
    }
    if sub == "send-pack" {
        return send_pack_args(rest, protected);
    }
    // `git -c alias.p='push --force' p main`: the alias's words, then the rest.
    // (A `!` alias runs shell text, which the reading reads as commands.)
    if let Some((_, value)) = aliases
        .iter()
        .rev()
        .find(|(name, _)| name == &sub.to_ascii_lowercase())
    {
        let mut words = value.split_whitespace();
        if words.next() == Some("push") {
            let mut expanded: Vec<Word> = words.map(Word::literal).collect();
            expanded.extend(rest.iter().cloned());
            return push_args(&expanded, command.more_words_at_run_time, protected);
        }
    }
    Vec::new()
}

/// `git push`'s options that take the next word as their value.
const PUSH_VALUE_OPTIONS: &[&str] = &["--repo", "--receive-pack", "--exec", "-o", "--push-option"];

/// The words after `push`.
fn push_args(args: &[Word], more_words: bool, protected: &[String]) -> Vec<Hit> {
    let mut hits = Vec::new();
    let mut force = false;
    let mut delete = false;
    let mut every_branch = None;
    let mut tags = false;
    let mut positional: Vec<&Word> = Vec::new();
    let mut options_end = false;
    let mut i = 0;
    while i < args.len() {
        let word = &args[i];
        i += 1;
        let Some(text) = word.known() else {
            positional.push(word);
            continue;
        };
        if options_end || !text.starts_with('-') || text == "-" {
            positional.push(word);
            continue;
        }
        match text {
            "--" => options_end = true,
            "--all" | "--branches" | "--mirror" => every_branch = Some(text.to_owned()),
            "--force" | "--force-if-includes" => force = true,
            "-d" | "--delete" => delete = true,
            "--tags" => tags = true,
            _ if text.starts_with("--force-with-lease") => force = true,
            _ if PUSH_VALUE_OPTIONS.contains(&text) => i += 1,
            // Short flags together (`-fu`): force and delete among them.
            _ if !text.starts_with("--") => {
                force |= text.contains('f');
                delete |= text.contains('d');
            }
            _ => {}
        }
    }
    if let Some(option) = every_branch {
        hits.push(Hit::Moves {
            branch: format!(
                "{} (git push {option} pushes every branch)",
                protected.join(", ")
            ),
            force: force || option == "--mirror",
        });
        return hits;
    }
    if more_words {
        hits.push(Hit::Maybe(
            "pushes refspecs that are appended when it runs".to_owned(),
        ));
    }
    // The first positional is the repository; the rest are refspecs.
    let refspecs = positional.get(1..).unwrap_or(&[]);
    if refspecs.is_empty() && !tags && !more_words {
        hits.push(Hit::Maybe(
            "pushes what git's configuration picks (the current branch, or the remote's push refspecs)"
                .to_owned(),
        ));
    }
    for word in refspecs {
        match &word.values {
            Some(values) if !word.pattern => {
                for value in values {
                    hits.extend(refspec(value, force, delete, protected));
                }
            }
            _ => hits.push(Hit::Maybe(format!(
                "pushes the refspec `{}`, only known when it runs",
                word.shown
            ))),
        }
    }
    hits
}

/// `git send-pack [options] [<host>:]<directory> <ref>…`.
fn send_pack_args(args: &[Word], protected: &[String]) -> Vec<Hit> {
    let positional: Vec<Word> = args
        .iter()
        .filter(|w| !w.known().is_some_and(|t| t.starts_with('-')))
        .cloned()
        .collect();
    if args
        .iter()
        .any(|w| matches!(w.known(), Some("--all" | "--mirror")))
    {
        return vec![Hit::Moves {
            branch: protected.join(", "),
            force: true,
        }];
    }
    let force = args.iter().any(|w| w.known() == Some("--force"));
    let mut out = Vec::new();
    for word in positional.get(1..).unwrap_or(&[]) {
        match word.known() {
            Some(text) => out.extend(refspec(text, force, false, protected)),
            None => out.push(Hit::Maybe(format!(
                "sends `{}`, only known when it runs",
                word.shown
            ))),
        }
    }
    out
}

/// What one refspec moves: `[+]<src>[:<dst>]`, `:<dst>` deletes.
fn refspec(spec: &str, force: bool, delete: bool, protected: &[String]) -> Option<Hit> {
    let (plus, spec) = match spec.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, spec),
    };
    let (src, dst) = match spec.split_once(':') {
        Some((src, "")) => (src, src),
        Some((src, dst)) => (src, dst),
        None => (spec, spec),
    };
    let force = force || plus || delete || src.is_empty();
    if !spec.contains(':') && !delete && matches!(src, "HEAD" | "@") {
        return Some(Hit::Maybe(format!("pushes {src}, the current branch")));
    }
    let branch = dst.strip_prefix("refs/heads/").unwrap_or(dst);
    if branch.starts_with("refs/") && !dst.starts_with("refs/heads/") {
        // Tags, notes and other refs are not branches.
        return None;
    }
    let hit = protected
        .iter()
        .find(|p| glob(p, branch) || (branch.contains('*') && glob(branch, p)))?;
    Some(Hit::Moves {
        branch: if branch.contains('*') {
            format!("{hit} (through the pattern {branch})")
        } else {
            branch.to_owned()
        },
        force,
    })
}

/// Whether `name` matches `pattern`, where `*` matches any run of characters.
fn glob(pattern: &str, name: &str) -> bool {
    let Some((head, tail)) = pattern.split_once('*') else {
        return pattern == name;
    };
    let Some(rest) = name.strip_prefix(head) else {
        return false;
    };
    (0..=rest.len())
        .filter(|&at| rest.is_char_boundary(at))
        .any(|at| glob(tail, &rest[at..]))
}
