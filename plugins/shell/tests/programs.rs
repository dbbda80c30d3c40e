//! Every program description is its own test: its examples classify as they
//! say, every spelling its parser accepts reads as the same option, and its
//! grammar knows every long option the program on this machine lists.

mod support;

use std::process::Command;

use wicket_shell::argv::{self, Takes};
use wicket_shell::programs::{self, Syntax};
use wicket_shell::read::Arg;

#[test]
fn every_example_of_every_program_classifies_as_it_says() {
    let mut failures = Vec::new();
    let mut count = 0;
    for program in programs::all() {
        for (expected, command) in program.examples {
            count += 1;
            let (effect, why) = support::bash(command);
            if effect != *expected {
                failures.push(format!(
                    "{}: {command:?} read as {} ({why}); the description says {}",
                    program.names[0],
                    effect.word(),
                    expected.word()
                ));
            }
        }
    }
    println!("{count} examples");
    // The examples are compiled in only where `build.rs` sets
    // `wicket_examples` (every native build): none here would pass this
    // test without testing anything.
    assert!(
        count >= 2300,
        "only {count} examples: are they compiled in (cfg wicket_examples)?"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_spelling_of_every_option_reads_as_that_option() {
    for program in programs::all() {
        let Syntax::Grammar(grammar) = program.syntax else {
            continue;
        };
        for opt in grammar.options {
            for spelled in argv::spellings(&grammar, opt, "VALUE") {
                let args: Vec<Arg> = spelled.iter().map(|w| Arg::literal(w)).collect();
                let parsed = argv::parse(&grammar, &args, 1);
                assert_eq!(
                    parsed.problem, None,
                    "{}: {spelled:?} does not parse",
                    program.names[0]
                );
                let given = parsed
                    .options
                    .iter()
                    .find(|g| g.opt.key == opt.key)
                    .unwrap_or_else(|| {
                        panic!(
                            "{}: {spelled:?} did not read as {}",
                            program.names[0], opt.key
                        )
                    });
                if opt.takes != Takes::Nothing {
                    assert_eq!(
                        given.value.as_ref().and_then(|v| v.text()),
                        Some("VALUE"),
                        "{}: {spelled:?}",
                        program.names[0]
                    );
                }
                assert!(
                    parsed.operands.is_empty(),
                    "{}: {spelled:?}",
                    program.names[0]
                );
            }
        }
    }
}

/// The long options a program's `--help` lists on this machine.
fn listed_long_options(name: &str) -> Option<Vec<String>> {
    let out = Command::new(name).arg("--help").output().ok()?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let mut found = Vec::new();
    for (at, _) in text.match_indices("--") {
        let before = text[..at].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '-') {
            continue;
        }
        let name: String = text[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if name.len() > 1 && !name.ends_with('-') && !found.contains(&name) {
            found.push(name);
        }
    }
    Some(found)
}

#[test]
fn every_grammar_knows_every_long_option_its_program_lists() {
    let mut missing = Vec::new();
    let mut checked = 0;
    for program in programs::all() {
        let Syntax::Grammar(grammar) = program.syntax else {
            continue;
        };
        if !program.manual.contains("--help") {
            continue;
        }
        for name in program.names {
            let Some(listed) = listed_long_options(name) else {
                println!("{name} is not installed here; its grammar was not checked");
                continue;
            };
            checked += 1;
            for long in listed {
                if !grammar
                    .options
                    .iter()
                    .any(|o| o.long.contains(&long.as_str()))
                {
                    missing.push(format!("{name} --{long}"));
                }
            }
        }
    }
    println!("{checked} programs checked against their --help");
    assert!(
        missing.is_empty(),
        "options the programs list that their descriptions do not know:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_name_has_one_description() {
    let mut seen: std::collections::BTreeMap<&str, &str> = Default::default();
    let mut twice = Vec::new();
    for program in programs::all() {
        for name in program.names {
            if let Some(first) = seen.insert(name, program.manual) {
                twice.push(format!("{name}: {first} / {}", program.manual));
            }
        }
    }
    assert!(
        twice.is_empty(),
        "names described twice:\n{}",
        twice.join("\n")
    );
}
