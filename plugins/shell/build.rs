//! Writes git's option tables as statics, so a consult (a fresh instance
//! every time) reads no notation at run time.
//!
//! The tables stay where they are written, in `src/programs/git/*.rs`, in
//! the notation `opts` documents. This script finds each `Table { …, parts:
//! &[…] }` there (its parts string literals, or `&str` constants the files
//! define), reads the parts with the same functions `opts` uses at run time
//! (`opts/notation.rs`), and writes the options, compactly (the data is
//! copied into every fresh instance), keyed by the parts' fingerprint. A table this script cannot follow is simply not written,
//! and `opts` reads it at run time as before; what is written can only be
//! found by a table whose text is exactly the text it was built from.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

#[path = "src/programs/git/opts/notation.rs"]
#[allow(dead_code)]
mod notation;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Punct(char),
}

fn main() {
    // The descriptions' example command lines are kept in native builds
    // (where the tests run) and left out of the wasm that ships.
    println!("cargo::rustc-check-cfg=cfg(wicket_examples)");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("wasm32") {
        println!("cargo::rustc-cfg=wicket_examples");
    }
    let dir = Path::new("src/programs/git");
    println!("cargo::rerun-if-changed={}", dir.display());
    println!("cargo::rerun-if-changed=build.rs");
    let mut files: Vec<(String, Vec<Tok>)> = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/programs/git")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    entries.sort();
    for path in entries {
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).expect("a source file");
        files.push((path.display().to_string(), tokens(&text)));
    }
    // `&str` constants: a file's own first, then one defined once anywhere.
    let mut everywhere: HashMap<String, Vec<String>> = HashMap::new();
    let mut own: Vec<HashMap<String, String>> = Vec::new();
    for (_, toks) in &files {
        let mut here = HashMap::new();
        for (name, value) in str_consts(toks) {
            everywhere
                .entry(name.clone())
                .or_default()
                .push(value.clone());
            here.entry(name).or_insert(value);
        }
        own.push(here);
    }
    let mut tables: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for (i, (_, toks)) in files.iter().enumerate() {
        for names in table_parts(toks) {
            let parts: Option<Vec<String>> = names
                .into_iter()
                .map(|p| match p {
                    Part::Text(t) => Some(t),
                    Part::Const(name) => own[i].get(&name).cloned().or_else(|| {
                        match everywhere.get(&name).map(Vec::as_slice) {
                            Some([one]) => Some(one.clone()),
                            _ => None,
                        }
                    }),
                })
                .collect();
            let Some(parts) = parts else { continue };
            let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
            tables.insert(notation::fingerprint(&refs), parts);
        }
    }
    // Compact: every name once (STRS), every distinct list of long names
    // once (LONGS), and per table four u16s an option (its key, its
    // letter, where its long names start in LONGS, their count and what
    // it takes), which `opts` turns into the table's `Opt`s when asked.
    let mut strs: Vec<String> = Vec::new();
    let mut str_at: HashMap<String, u16> = HashMap::new();
    let mut name = |text: &str| -> u16 {
        if let Some(&i) = str_at.get(text) {
            return i;
        }
        let i = u16::try_from(strs.len()).expect("fewer than 65535 names");
        strs.push(text.to_owned());
        str_at.insert(text.to_owned(), i);
        i
    };
    let mut longs: Vec<String> = Vec::new();
    let mut list_at: HashMap<Vec<String>, u16> = HashMap::new();
    let mut records: Vec<Vec<[u16; 4]>> = Vec::new();
    for parts in tables.values() {
        let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
        let mut table = Vec::new();
        for o in notation::options(&refs) {
            let key = name(&o.key);
            let short = match o.short {
                Some(c) => name(&c.to_string()),
                None => u16::MAX,
            };
            let start = *list_at.entry(o.long.clone()).or_insert_with(|| {
                let at = u16::try_from(longs.len()).expect("fewer than 65535 long names");
                longs.extend(o.long.iter().cloned());
                at
            });
            let count = u16::try_from(o.long.len()).expect("a short list");
            assert!(count < 1 << 14, "a short list");
            let takes = match o.takes {
                notation::Takes::Nothing => 0,
                notation::Takes::Value => 1,
                notation::Takes::Attached => 2,
            };
            table.push([key, short, start, count << 2 | takes]);
        }
        records.push(table);
    }
    let mut out = String::new();
    out.push_str("// Written by build.rs from the tables in src/programs/git.\n\n");
    writeln!(out, "static STRS: [&str; {}] = {:?};", strs.len(), strs).unwrap();
    writeln!(out, "static LONGS: [&str; {}] = {:?};", longs.len(), longs).unwrap();
    for (n, table) in records.iter().enumerate() {
        writeln!(
            out,
            "static T{n}: [[u16; 4]; {}] = {:?};",
            table.len(),
            table
        )
        .unwrap();
    }
    out.push_str("\n/// The options the build wrote for the parts with this fingerprint.\n");
    out.push_str("fn prebuilt(fingerprint: u64) -> Option<&'static [[u16; 4]]> {\n");
    out.push_str("    Some(match fingerprint {\n");
    for (n, key) in tables.keys().enumerate() {
        writeln!(out, "        {key:#018x} => &T{n},").unwrap();
    }
    out.push_str("        _ => return None,\n    })\n}\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("git_tables.rs");
    std::fs::write(dest, out).expect("writes git_tables.rs");
}

/// `const NAME: &str = "…";` (any visibility).
fn str_consts(toks: &[Tok]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for w in toks.windows(8) {
        if let [Tok::Ident(c), Tok::Ident(name), Tok::Punct(':'), Tok::Punct('&'), Tok::Ident(ty), Tok::Punct('='), Tok::Str(value), Tok::Punct(';')] =
            w
        {
            if c == "const" && ty == "str" {
                out.push((name.clone(), value.clone()));
            }
        }
    }
    out
}

enum Part {
    Text(String),
    Const(String),
}

/// Each `Table { … parts: &[…] … }`'s parts, as written.
fn table_parts(toks: &[Tok]) -> Vec<Vec<Part>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < toks.len() {
        if toks[i] != Tok::Ident("Table".into()) || toks[i + 1] != Tok::Punct('{') {
            i += 1;
            continue;
        }
        // The struct literal's fields, to its closing brace.
        let mut depth = 0usize;
        let mut j = i + 1;
        let mut found = None;
        while j < toks.len() {
            match &toks[j] {
                Tok::Punct('{') | Tok::Punct('[') | Tok::Punct('(') => depth += 1,
                Tok::Punct('}') | Tok::Punct(']') | Tok::Punct(')') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Tok::Ident(f)
                    if depth == 1
                        && f == "parts"
                        && toks.get(j + 1) == Some(&Tok::Punct(':'))
                        && toks.get(j + 2) == Some(&Tok::Punct('&'))
                        && toks.get(j + 3) == Some(&Tok::Punct('[')) =>
                {
                    found = list(&toks[j + 4..]);
                }
                _ => {}
            }
            j += 1;
        }
        if let Some(parts) = found {
            out.push(parts);
        }
        i = j.max(i + 1);
    }
    out
}

/// A list's items up to its `]`: string literals and constants (a path's
/// last name); anything else and the list is not followed.
fn list(toks: &[Tok]) -> Option<Vec<Part>> {
    let mut parts = Vec::new();
    let mut k = 0;
    loop {
        match toks.get(k)? {
            Tok::Punct(']') => return Some(parts),
            Tok::Punct(',') => k += 1,
            Tok::Str(s) => {
                parts.push(Part::Text(s.clone()));
                k += 1;
            }
            Tok::Ident(_) => {
                let mut last = None;
                while let Some(Tok::Ident(name)) = toks.get(k) {
                    last = Some(name.clone());
                    if toks.get(k + 1) == Some(&Tok::Punct(':'))
                        && toks.get(k + 2) == Some(&Tok::Punct(':'))
                    {
                        k += 3;
                    } else {
                        k += 1;
                        break;
                    }
                }
                parts.push(Part::Const(last?));
            }
            _ => return None,
        }
    }
}

/// Rust source as identifiers, string literals' values and punctuation;
/// comments, lifetimes, char and number literals dropped.
fn tokens(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            let (s, next) = string(&c, i + 1);
            out.push(Tok::Str(s));
            i = next;
        } else if ch == 'b' && c.get(i + 1) == Some(&'"') {
            // A byte string: not a table's text.
            let (_, next) = string(&c, i + 2);
            out.push(Tok::Punct('?'));
            i = next;
        } else if ch == 'r' && raw_hashes(&c, i + 1).is_some() {
            // A raw string (r"…", r#"…"#): not a table's text.
            let hashes = raw_hashes(&c, i + 1).unwrap_or(0);
            let mut j = i + 2 + hashes;
            while j < c.len() {
                if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push(Tok::Punct('?'));
            i = j;
        } else if ch == '\'' {
            // A char literal, or a lifetime.
            if c.get(i + 1) == Some(&'\\') {
                let mut j = i + 2;
                while j < c.len() && c[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(c[start..i].iter().collect()));
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_' || c[i] == '.') {
                i += 1;
            }
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

/// The number of `#`s of a raw string's opening (`"`, `#"`, `##"`…) at `i`.
fn raw_hashes(c: &[char], i: usize) -> Option<usize> {
    let mut n = 0;
    while c.get(i + n) == Some(&'#') {
        n += 1;
    }
    (c.get(i + n) == Some(&'"')).then_some(n)
}

/// A string literal's value from just after its opening quote; returns the
/// value and the index after its closing quote.
fn string(c: &[char], mut i: usize) -> (String, usize) {
    let mut s = String::new();
    while i < c.len() {
        match c[i] {
            '"' => return (s, i + 1),
            '\\' => {
                let e = c.get(i + 1).copied().unwrap_or(' ');
                i += 2;
                match e {
                    'n' => s.push('\n'),
                    't' => s.push('\t'),
                    'r' => s.push('\r'),
                    '0' => s.push('\0'),
                    '\\' | '"' | '\'' => s.push(e),
                    '\n' => {
                        while i < c.len() && matches!(c[i], ' ' | '\t' | '\n' | '\r') {
                            i += 1;
                        }
                    }
                    'x' => {
                        let hex: String = c[i..(i + 2).min(c.len())].iter().collect();
                        s.push(u8::from_str_radix(&hex, 16).unwrap_or(0) as char);
                        i += 2;
                    }
                    'u' => {
                        let mut j = i + 1;
                        let mut hex = String::new();
                        while j < c.len() && c[j] != '}' {
                            hex.push(c[j]);
                            j += 1;
                        }
                        let v = u32::from_str_radix(&hex, 16).unwrap_or(0xfffd);
                        s.push(char::from_u32(v).unwrap_or('\u{fffd}'));
                        i = j + 1;
                    }
                    other => {
                        s.push('\\');
                        s.push(other);
                    }
                }
            }
            ch => {
                s.push(ch);
                i += 1;
            }
        }
    }
    (s, i)
}
