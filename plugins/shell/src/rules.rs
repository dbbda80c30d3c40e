//! The ruleset: programs and their qualifying words → the effect, inside the
//! writable root and outside it. The shipped rows are tabled in
//! `plugins/shell/README.md` ("The ruleset"); the operator's `rules:` rows
//! (from the plugin's configuration) match first.
//!
//! A row matches when its program is the program and every qualifying word
//! appears among the call's words; a short flag matches inside a bundle (`-f`
//! bites on `-rf`). First match wins, so the specific rows come first.

use wicket_guest::Effect;

use Effect::*;

/// What a row does to the paths it names, which decides its outside column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// One class wherever the operands are.
    Fixed,
    /// Deletes what it names: outside the root that is destructive.
    Delete,
    /// Creates or changes what it names: outside the root that is open-world
    /// (destructive when it overwrites an existing file there).
    Write,
}

/// One shipped row.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub programs: &'static [&'static str],
    /// Alternatives: the row matches when any one list fully appears.
    pub qualifiers: &'static [&'static [&'static str]],
    pub inside: Effect,
    pub outside: Effect,
    pub op: Op,
}

const NONE: &[&[&str]] = &[&[]];

/// The shipped ruleset, in order, as `plugins/shell/README.md` tables it.
/// git's rows (its irreversible forms, its transfers, the rest as work inside
/// the root) are read by git's own description (`programs::git`), subcommand
/// by subcommand.
pub const SHIPPED: &[Row] = &[
    Row {
        // bz, printenv, gpg, ssh-add, ssh-keygen, security and keyctl are
        // described in programs/secrets.rs, env in programs/launch.rs.
        programs: &[],
        qualifiers: NONE,
        inside: Secret,
        outside: Secret,
        op: Op::Fixed,
    },
    Row {
        // dd is read for where it writes (programs/archive.rs).
        programs: &["shred", "mkfs"],
        qualifiers: NONE,
        inside: Destructive,
        outside: Destructive,
        op: Op::Fixed,
    },
    Row {
        programs: &["rm", "rmdir", "unlink"],
        qualifiers: NONE,
        inside: TargetWrite,
        outside: Destructive,
        op: Op::Delete,
    },
    Row {
        // curl, wget, nc, ssh, scp, sftp, rsync and gh are described in
        // programs/net.rs.
        programs: &["sudo"],
        qualifiers: NONE,
        inside: OpenWorld,
        outside: OpenWorld,
        op: Op::Fixed,
    },
    Row {
        programs: &["bl"],
        qualifiers: NONE,
        inside: TargetWrite,
        outside: TargetWrite,
        op: Op::Fixed,
    },
    Row {
        programs: &[
            "mkdir", "touch", "cp", "mv", "ln", "tee", "chmod", "chown", "chgrp", "install",
            "mkfifo", "mknod", "setfacl", "chattr",
        ],
        qualifiers: NONE,
        inside: TargetWrite,
        outside: OpenWorld,
        op: Op::Write,
    },
    Row {
        programs: &["truncate"],
        qualifiers: NONE,
        inside: TargetWrite,
        outside: Destructive,
        op: Op::Delete,
    },
    Row {
        programs: &[
            // Observers: programs and builtins that only read.
            "colordiff",
            "wait",
            "shift",
            "exit",
            "return",
            "break",
            "continue",
            "getopts",
            "read",
            "unset",
            "unalias",
            "shopt",
            "let",
            "md5",
            "shasum",
            "mapfile",
            "readarray",
            "nice",
        ],
        qualifiers: NONE,
        inside: Read,
        outside: Read,
        op: Op::Fixed,
    },
];

/// An operator's row from `capability.yaml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperatorRule {
    pub words: Vec<String>,
    pub effect: Effect,
    pub line: u64,
}

impl OperatorRule {
    /// The operator's rows from the plugin configuration (`{"rules":[…]}`);
    /// rows that cannot be read are skipped (the host already diagnosed them).
    pub fn from_config(config: &serde_json::Value) -> Vec<OperatorRule> {
        let Some(rows) = config.get("rules").and_then(|r| r.as_array()) else {
            return Vec::new();
        };
        let mut rules: Vec<OperatorRule> = rows
            .iter()
            .filter_map(|row| {
                let words: Vec<String> = row
                    .get("words")?
                    .as_array()?
                    .iter()
                    .filter_map(|w| w.as_str().map(str::to_owned))
                    .collect();
                let effect = Effect::from_word(row.get("effect")?.as_str()?)?;
                let line = row.get("line").and_then(|l| l.as_u64()).unwrap_or(0);
                (!words.is_empty()).then_some(OperatorRule {
                    words,
                    effect,
                    line,
                })
            })
            .collect();
        // The most specific row first; among equals, the later line.
        rules.sort_by(|a, b| b.words.len().cmp(&a.words.len()).then(b.line.cmp(&a.line)));
        rules
    }

    /// Whether this row matches a program and its words.
    pub fn matches(&self, program: &str, words: &[String]) -> bool {
        self.words.first().is_some_and(|p| p == program)
            && self.words[1..].iter().all(|q| appears(q, words))
    }

    /// Whether this row names a whole tool.
    pub fn names_tool(&self, tool: &str) -> bool {
        self.words.len() == 1 && self.words[0] == tool
    }

    pub fn shown(&self) -> String {
        self.words.join(" ")
    }
}

/// The first shipped row that matches, with the qualifiers that matched.
pub fn shipped_row(
    program: &str,
    words: &[String],
) -> Option<(&'static Row, &'static [&'static str])> {
    let program = if program.starts_with("mkfs.") {
        "mkfs"
    } else {
        program
    };
    SHIPPED.iter().find_map(|row| {
        if !row.programs.contains(&program) {
            return None;
        }
        row.qualifiers
            .iter()
            .find(|alternative| alternative.iter().all(|q| appears(q, words)))
            .map(|alternative| (row, *alternative))
    })
}

/// Whether a qualifying word appears: exactly, a long option with its value
/// attached (`--prune` in `--prune=now`), or a short flag inside a bundle of
/// short flags (`-f` in `-rf`).
pub fn appears(qualifier: &str, words: &[String]) -> bool {
    words.iter().any(|w| {
        if w == qualifier {
            return true;
        }
        // A long option with its value attached: `--prune=now` is `--prune`.
        if qualifier.starts_with("--")
            && w.strip_prefix(qualifier)
                .is_some_and(|rest| rest.starts_with('='))
        {
            return true;
        }
        let short = qualifier.len() == 2 && qualifier.starts_with('-') && qualifier != "--";
        short
            && w.len() > 2
            && w.starts_with('-')
            && !w.starts_with("--")
            && w[1..].chars().all(|c| c.is_ascii_alphanumeric())
            && w[1..].contains(&qualifier[1..])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn short_flags_bite_inside_bundles_and_long_ones_do_not() {
        assert!(appears("-f", &words("-rf x")));
        assert!(appears("-f", &words("-f")));
        assert!(!appears("-f", &words("--follow-tags")));
        assert!(!appears("-f", &words("-")));
        assert!(appears("-delete", &words("-name x -delete")));
    }

    #[test]
    fn first_match_wins() {
        let (row, _) = shipped_row("rm", &words("-rf x")).unwrap();
        assert_eq!((row.inside, row.outside), (TargetWrite, Destructive));
        let (row, _) = shipped_row("mkfs.ext4", &words("/dev/sda1")).unwrap();
        assert_eq!(row.inside, Destructive);
        assert!(shipped_row("npm", &words("test")).is_none());
    }

    #[test]
    fn operator_rows_read_from_config_most_specific_first() {
        let rules = OperatorRule::from_config(&serde_json::json!({"rules": [
            {"words": ["git"], "effect": "read", "line": 3},
            {"words": ["git", "push"], "effect": "target-write", "line": 4},
            {"words": [], "effect": "read"},
            {"words": ["x"], "effect": "sideways"},
        ]}));
        assert_eq!(rules.len(), 2);
        assert!(rules[0].matches("git", &words("push origin")));
        assert!(!rules[0].matches("git", &words("status")));
        assert!(rules[1].names_tool("git"));
    }
}
