//! git's description, tested as the other programs' are: every subcommand's
//! examples classify as they say, every spelling of every option of every
//! subcommand reads as that option, and every long option `git <sub>
//! --help-all` (or `-h`) lists on this machine — both gits, 2.47 in
//! /usr/local/bin and 2.39 in /usr/bin — is in the subcommand's grammar.

mod support;

use std::process::Command;

use wicket_shell::argv::{self, Takes};
use wicket_shell::programs::git::{self, opts};
use wicket_shell::read::Arg;

#[test]
fn every_example_of_every_subcommand_classifies_as_it_says() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (name, sub) in git::every_sub() {
        for (expected, command) in sub.examples {
            count += 1;
            let (effect, why) = support::bash(command);
            if effect != *expected {
                failures.push(format!(
                    "git {name}: {command:?} read as {} ({why}); the description says {}",
                    effect.word(),
                    expected.word()
                ));
            }
        }
    }
    println!("{count} git examples");
    // The examples are compiled in only where `build.rs` sets
    // `wicket_examples` (every native build): none here would pass this
    // test without testing anything.
    assert!(
        count >= 600,
        "only {count} git examples: are they compiled in (cfg wicket_examples)?"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_spelling_of_every_option_reads_as_that_option() {
    let mut failures = Vec::new();
    for (name, sub) in git::every_sub() {
        let Some(table) = sub.table else { continue };
        let grammar = opts::grammar(table);
        for opt in grammar.options {
            for spelled in argv::spellings(&grammar, opt, "VALUE") {
                let args: Vec<Arg> = spelled.iter().map(|w| Arg::literal(w)).collect();
                let parsed = argv::parse(&grammar, &args, 1);
                if let Some(problem) = &parsed.problem {
                    failures.push(format!(
                        "git {name}: {spelled:?}: {}",
                        problem.sentence("git")
                    ));
                    continue;
                }
                let Some(given) = parsed.options.iter().find(|g| g.opt.key == opt.key) else {
                    failures.push(format!(
                        "git {name}: {spelled:?} did not read as {}",
                        opt.key
                    ));
                    continue;
                };
                if opt.takes != Takes::Nothing
                    && given.value.as_ref().and_then(|v| v.text()) != Some("VALUE")
                {
                    failures.push(format!("git {name}: {spelled:?} lost its value"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The long options a git's help for `words` lists (`--[no-]x` is `x`).
fn listed(git: &str, words: &[&str]) -> Option<Vec<String>> {
    let dir = std::env::temp_dir();
    let run = |flag: &str| {
        Command::new(git)
            .args(words)
            .arg(flag)
            .current_dir(&dir)
            .env("GIT_CEILING_DIRECTORIES", &dir)
            .env("GIT_PAGER", "cat")
            .env("LANG", "C")
            .output()
            .ok()
            .map(|o| {
                String::from_utf8_lossy(&o.stdout).into_owned()
                    + &String::from_utf8_lossy(&o.stderr)
            })
    };
    let mut text = run("--help-all")?;
    if text.contains("unknown option")
        || text.contains("invalid option")
        || text.contains("not a git repository")
    {
        text = run("-h")?;
    }
    let mut found = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        // Option lines start with a dash, indented.
        if !trimmed.starts_with('-') || line.len() == trimmed.len() {
            continue;
        }
        // The option's names end where its help text starts.
        let names = trimmed.split("  ").next().unwrap_or(trimmed);
        for (at, _) in names.match_indices("--") {
            let before = names[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '-') {
                continue;
            }
            let rest = names[at + 2..].trim_start_matches("[no-]");
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if name.len() > 1 && !name.ends_with('-') && !found.contains(&name) {
                found.push(name);
            }
        }
    }
    Some(found)
}

#[test]
fn every_grammar_knows_every_long_option_git_lists() {
    let mut missing = Vec::new();
    let mut checked = 0;
    for (name, sub) in git::every_sub() {
        let Some(table) = sub.table else { continue };
        let known = opts::long_names(table);
        let words: Vec<&str> = name.split(' ').collect();
        // Members named for reading only (`(legacy)`) are not git's words.
        if words.iter().any(|w| w.starts_with('(')) {
            continue;
        }
        for alias in sub.names.iter() {
            let mut words = words.clone();
            if let Some(last) = words.last_mut() {
                *last = alias;
            }
            for git in ["/usr/local/bin/git", "/usr/bin/git"] {
                let Some(long) = listed(git, &words) else {
                    continue;
                };
                checked += 1;
                for l in long {
                    if !known.iter().any(|k| *k == l) {
                        missing.push(format!("{git} {} --{l}", words.join(" ")));
                    }
                }
            }
        }
    }
    println!("{checked} git help texts checked");
    assert!(
        missing.is_empty(),
        "options git lists that the descriptions do not know:\n{}",
        missing.join("\n")
    );
}

#[test]
fn repositories_inside_the_root_are_not_the_worktree() {
    let f = support::fixture();
    let root = std::path::Path::new(&f.root);
    // A gitfile (it could point into repo.git), a bare-shaped directory, and
    // an ordinary directory.
    std::fs::create_dir_all(root.join("nested-wt/deeper")).unwrap();
    std::fs::write(
        root.join("nested-wt/.git"),
        format!("gitdir: {}/repo.git\n", f.ws),
    )
    .unwrap();
    for d in [
        "nested-bare/objects",
        "nested-bare/refs",
        "plainsub",
        "standalone/.git/objects",
        "standalone/.git/refs",
    ] {
        std::fs::create_dir_all(root.join(d)).unwrap();
    }
    std::fs::write(
        root.join("nested-bare/HEAD"),
        "ref: refs/heads/config/default\n",
    )
    .unwrap();
    use wicket_guest::Effect::*;
    let mut failures = Vec::new();
    for (expected, command) in [
        (Opaque, "git -C nested-wt commit -m x"),
        (Opaque, "git -C nested-wt/deeper reset --soft HEAD~1"),
        (Opaque, "cd nested-wt && git update-ref refs/heads/x HEAD"),
        (OpenWorld, "git -C nested-wt log"),
        (Opaque, "git -C nested-bare update-ref refs/heads/x HEAD"),
        (Opaque, "git --git-dir=nested-bare branch x"),
        (Opaque, "git init nested-wt"),
        (TargetWrite, "git -C plainsub commit -m x"),
        (Read, "git -C plainsub status"),
        (Opaque, "git clone nested-wt copy"),
        (TargetWrite, "git clone --no-hardlinks nested-wt copy"),
        (TargetWrite, "git clone standalone copy"),
    ] {
        let (effect, why) = support::bash(command);
        if effect != expected {
            failures.push(format!(
                "{command:?} read as {} ({why}), expected {}",
                effect.word(),
                expected.word()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
