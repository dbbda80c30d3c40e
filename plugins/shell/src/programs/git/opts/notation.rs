//! The option-table notation read into plain data, with nothing from the
//! crate: `opts` uses it at run time for a table the build did not see, and
//! `build.rs` uses the same functions to write every table it finds as
//! statics, so both give the same options by construction.

/// What an entry takes (`=`, `?`, or nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    Nothing,
    Value,
    Attached,
}

/// One entry of the notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    pub short: Option<char>,
    pub longs: Vec<&'a str>,
    pub takes: Takes,
    pub negatable: bool,
}

/// Read one entry of the notation.
pub fn entry(text: &str) -> Entry<'_> {
    let (negatable, text) = match text.strip_prefix('!') {
        Some(rest) => (false, rest),
        None => (true, text),
    };
    let (text, takes) = if let Some(rest) = text.strip_suffix('=') {
        (rest, Takes::Value)
    } else if let Some(rest) = text.strip_suffix('?') {
        (rest, Takes::Attached)
    } else {
        (text, Takes::Nothing)
    };
    let mut chars = text.chars();
    let (short, names) = match (chars.next(), chars.next()) {
        (Some(c), None) => (Some(c), ""),
        (Some(c), Some(',')) => (Some(c), &text[c.len_utf8() + 1..]),
        _ => (None, text),
    };
    let longs: Vec<&str> = if names.is_empty() {
        Vec::new()
    } else {
        names.split('|').collect()
    };
    Entry {
        short,
        negatable: negatable && !longs.is_empty(),
        longs,
        takes,
    }
}

/// One option of a grammar, as owned text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    pub key: String,
    /// Its letter, when it has one no earlier entry took.
    pub short: Option<char>,
    pub long: Vec<String>,
    pub takes: Takes,
}

/// Every option a table's parts declare, with the negated forms git accepts,
/// and `--help` / `--help-all`.
pub fn options(parts: &[&str]) -> Vec<Built> {
    let entries: Vec<Entry> = parts
        .iter()
        .flat_map(|p| p.split_whitespace())
        .map(entry)
        .collect();
    let declared: Vec<&str> = entries.iter().flat_map(|e| e.longs.clone()).collect();
    let mut out: Vec<Built> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    // A letter two tables give belongs to the first (the subcommand's own
    // options are parsed before the revision and diff options).
    let mut letters: Vec<char> = Vec::new();
    for e in &entries {
        let key = match (e.longs.first(), e.short) {
            (Some(long), _) => (*long).to_owned(),
            (None, Some(c)) => c.to_string(),
            (None, None) => continue,
        };
        if seen.contains(&key) {
            continue;
        }
        seen.push(key.clone());
        let short = match e.short {
            Some(c) if !letters.contains(&c) => {
                letters.push(c);
                Some(c)
            }
            _ if e.longs.is_empty() => continue,
            _ => None,
        };
        out.push(Built {
            key,
            short,
            long: e.longs.iter().map(|l| (*l).to_owned()).collect(),
            takes: e.takes,
        });
    }
    for e in &entries {
        if !e.negatable {
            continue;
        }
        let Some(first) = e.longs.first() else {
            continue;
        };
        // `--no-x` for `x`; `--x` and `--no-no-x` for a declared `no-x`.
        let (key, names): (String, Vec<String>) = match first.strip_prefix("no-") {
            Some(positive) => (
                positive.to_owned(),
                e.longs
                    .iter()
                    .flat_map(|l| {
                        let p = l.strip_prefix("no-").unwrap_or(l);
                        [p.to_owned(), format!("no-{l}")]
                    })
                    .collect(),
            ),
            None => (
                format!("no-{first}"),
                e.longs.iter().map(|l| format!("no-{l}")).collect(),
            ),
        };
        let names: Vec<String> = names
            .into_iter()
            .filter(|n| !declared.contains(&n.as_str()))
            .collect();
        if names.is_empty() || seen.contains(&key) {
            continue;
        }
        seen.push(key.clone());
        out.push(Built {
            key,
            short: None,
            long: names,
            takes: Takes::Nothing,
        });
    }
    for help in ["help", "help-all"] {
        if !declared.contains(&help) {
            out.push(Built {
                key: help.to_owned(),
                short: None,
                long: vec![help.to_owned()],
                takes: Takes::Nothing,
            });
        }
    }
    out
}

/// A table's parts, hashed eight bytes at a time: how a table finds the
/// options the build wrote for exactly that text.
pub fn fingerprint(parts: &[&str]) -> u64 {
    fn mix(h: u64, word: u64) -> u64 {
        let h = (h ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ (h >> 29)
    }
    let mut h = mix(0x6a09_e667_f3bc_c908, parts.len() as u64);
    for part in parts {
        let bytes = part.as_bytes();
        h = mix(h, bytes.len() as u64);
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            h = mix(h, u64::from_le_bytes(b));
        }
        let rest = words.remainder();
        let mut b = [0u8; 8];
        b[..rest.len()].copy_from_slice(rest);
        h = mix(h, u64::from_le_bytes(b));
    }
    h
}
