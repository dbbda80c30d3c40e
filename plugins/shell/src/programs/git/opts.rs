//! git's option tables, written the way git's own `--help-all` lists them,
//! and read into [`Grammar`]s the way git's parsers read an argv.
//!
//! Most subcommands use git's parse-options: bundled short options, attached
//! values, `--long=value`, unique prefixes of long names, and a `--no-` form
//! of every option not marked otherwise (an option declared as `no-x` also
//! answers to `--x`). The history readers (`log`, `show`, `diff`, `rev-list`,
//! `format-patch`) read their revision and diff options by exact name, with
//! `-<n>` as a count.
//!
//! A table is a list of entries in this notation (from `git <sub> --help-all`
//! on this machine, 2.47.3 and 2.39.5 together):
//!
//! ```text
//!   [!][s,]long[|alias…][=|?]     or     s[=|?]   (a short option alone)
//!   !   not negatable (no `--no-long`)
//!   =   takes a value (attached, or the next word)
//!   ?   takes a value only when attached (`--long=v`, `-sv`)
//! ```
//!
//! An option is asked for by its first long name (or its letter); a negated
//! one by `no-<long>` (and a declared `no-x` negated by `x`), so a reading can
//! never mistake `--no-dry-run` for `--dry-run`.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::argv::{Grammar, Opt, Style, Takes};

/// git's parse-options: GNU-like, with unique prefixes.
pub const PARSE: Style = Style::GNU;

/// parse-options that stops at the first operand (a family's subcommand).
pub const PARSE_STOP: Style = Style::GNU_POSIX;

/// parse-options with a `-<n>` option (`grep -3`).
pub const PARSE_NUM: Style = Style {
    numeric: true,
    ..Style::GNU
};

/// The history readers: exact names, `-<n>`.
pub const REVISIONS: Style = Style {
    permute: true,
    abbreviate: false,
    bundle: true,
    single_dash_long: false,
    numeric: true,
};

/// One subcommand's options: its style and the tables it reads.
#[derive(Debug)]
pub struct Table {
    pub style: Style,
    pub parts: &'static [&'static str],
}

mod notation;

// `prebuilt`: the options of every table the build found, written by
// build.rs with `notation` from the tables' own text, as indexes into
// `STRS` and `LONGS`.
include!(concat!(env!("OUT_DIR"), "/git_tables.rs"));

/// The grammar a table describes. The build wrote the options of every
/// table in src/programs/git, found here by the fingerprint of the table's
/// text, so a consult (a fresh instance each time) reads no notation; a
/// table the build did not write is read once and kept.
pub fn grammar(table: &'static Table) -> Grammar {
    let options = match built(table) {
        Some(options) => options,
        None => read_at_run_time(table),
    };
    Grammar {
        style: table.style,
        options,
    }
}

/// The options the build wrote for a table, made `Opt`s once and kept.
fn built(table: &'static Table) -> Option<&'static [Opt]> {
    static MADE: Mutex<Vec<(u64, &'static [Opt])>> = Mutex::new(Vec::new());
    let fingerprint = notation::fingerprint(table.parts);
    let records = prebuilt(fingerprint)?;
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, options)) = made.iter().find(|(f, _)| *f == fingerprint) {
        return Some(options);
    }
    let options: &'static [Opt] = Box::leak(records.iter().map(record).collect());
    made.push((fingerprint, options));
    Some(options)
}

/// One option the build wrote: key, letter (`u16::MAX`: none), where its
/// long names start in `LONGS`, their count << 2 | what it takes.
fn record(r: &[u16; 4]) -> Opt {
    let start = usize::from(r[2]);
    let count = usize::from(r[3] >> 2);
    Opt {
        key: STRS[usize::from(r[0])],
        short: if r[1] == u16::MAX {
            ""
        } else {
            STRS[usize::from(r[1])]
        },
        long: &LONGS[start..start + count],
        takes: match r[3] & 3 {
            1 => Takes::Value,
            2 => Takes::Attached,
            _ => Takes::Nothing,
        },
    }
}

fn read_at_run_time(table: &'static Table) -> &'static [Opt] {
    static BUILT: OnceLock<Mutex<HashMap<usize, &'static [Opt]>>> = OnceLock::new();
    let key = table as *const Table as usize;
    let built = BUILT.get_or_init(|| Mutex::new(HashMap::new()));
    let mut built = built.lock().unwrap_or_else(|e| e.into_inner());
    built
        .entry(key)
        .or_insert_with(|| Box::leak(options(table.parts).into_boxed_slice()))
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

fn takes(t: notation::Takes) -> Takes {
    match t {
        notation::Takes::Nothing => Takes::Nothing,
        notation::Takes::Value => Takes::Value,
        notation::Takes::Attached => Takes::Attached,
    }
}

/// One entry of the notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub short: Option<char>,
    pub longs: Vec<&'static str>,
    pub takes: Takes,
    pub negatable: bool,
}

/// Read one entry of the notation.
pub fn entry(text: &'static str) -> Entry {
    let e = notation::entry(text);
    Entry {
        short: e.short,
        longs: e.longs,
        takes: takes(e.takes),
        negatable: e.negatable,
    }
}

/// Every option a table's parts declare, with the negated forms git accepts,
/// and `--help` / `--help-all` (see `notation::options`).
fn options(parts: &[&'static str]) -> Vec<Opt> {
    notation::options(parts)
        .into_iter()
        .map(|b| Opt {
            key: leak(b.key),
            short: b.short.map_or("", |c| leak(c.to_string())),
            long: Box::leak(
                b.long
                    .into_iter()
                    .map(leak)
                    .collect::<Vec<_>>()
                    .into_boxed_slice(),
            ),
            takes: takes(b.takes),
        })
        .collect()
}

/// Every long name a table's parts accept (for tests against `--help-all`).
pub fn long_names(table: &'static Table) -> Vec<&'static str> {
    grammar(table)
        .options
        .iter()
        .flat_map(|o| o.long.iter().copied())
        .collect()
}

/// The revision walker's own options (revision.c, diff-merges.c), each by
/// its exact name: the `--no-` forms it knows are listed as they are.
pub const REVISION: &str = "\
    !all !branches? !tags? !remotes? !reflog !not !no-walk? !do-walk !bisect !glob= \
    !indexed-objects !alternate-refs !exclude= !exclude-hidden= !single-worktree \
    !filter= !no-filter !stdin !max-count= !skip= n= !max-age= !since= \
    !since-as-filter= !after= !min-age= !before= !until= !first-parent \
    !exclude-first-parent-only !ancestry-path? g,walk-reflogs !default= !merge \
    !topo-order !simplify-merges !simplify-by-decoration !date-order \
    !author-date-order !early-output? !parents !dense !sparse !in-commit-order \
    !remove-empty !merges !no-merges !min-parents= !no-min-parents !max-parents= \
    !no-max-parents !boundary !left-right !left-only !right-only !cherry !count \
    !cherry-mark !cherry-pick !objects !objects-edge !objects-edge-aggressive \
    !verify-objects !unpacked !no-kept-objects? r t v m c !cc !dd !remerge-diff \
    !no-diff-merges !combined-all-paths !diff-merges= !pretty? !format= \
    !expand-tabs? !no-expand-tabs !show-notes? !notes? !show-signature \
    !no-show-signature !show-linear-break? !show-notes-by-default !no-notes \
    !standard-notes !no-standard-notes !oneline !graph !no-graph \
    !encode-email-headers !no-encode-email-headers !root !no-commit-id !always \
    !no-abbrev !abbrev? !abbrev-commit !no-abbrev-commit !full-diff !show-pulls \
    !full-history !relative-date !date= !log-size !author= !committer= \
    !grep-reflog= !grep= !basic-regexp E,extended-regexp i,regexp-ignore-case \
    F,fixed-strings P,perl-regexp !all-match !invert-grep !encoding= !reverse \
    !children !ignore-missing !exclude-promisor-objects";

/// The diff options every history reader takes (diff.c's table).
pub const DIFF: &str = "\
    p,patch !s,no-patch u !U,unified? W,function-context raw patch-with-raw \
    patch-with-stat numstat shortstat !X,dirstat? !cumulative !dirstat-by-file? \
    !check summary !name-only !name-status !stat? !stat-width= !stat-name-width= \
    !stat-graph-width= !stat-count= compact-summary !binary full-index color? \
    !ws-error-highlight= z abbrev? !src-prefix= !dst-prefix= !line-prefix= \
    !no-prefix !default-prefix !inter-hunk-context= !output-indicator-new= \
    !output-indicator-old= !output-indicator-context= !B,break-rewrites? \
    !M,find-renames? !D,irreversible-delete !C,find-copies? find-copies-harder \
    !no-renames rename-empty follow l= !minimal !w,ignore-all-space \
    !b,ignore-space-change !ignore-space-at-eol !ignore-cr-at-eol \
    !ignore-blank-lines I,ignore-matching-lines= indent-heuristic !patience \
    !histogram !diff-algorithm= !anchored= !word-diff? !word-diff-regex= \
    !color-words? color-moved? color-moved-ws= relative? a,text R exit-code quiet \
    ext-diff textconv !ignore-submodules? !submodule? !ita-invisible-in-index \
    !ita-visible-in-index S= G= !pickaxe-all !pickaxe-regex O= !rotate-to= \
    !skip-to= !find-object= !diff-filter= !output=";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::argv::parse;
    use crate::read::Arg;

    const T: Table = Table {
        style: PARSE,
        parts: &["n,dry-run f,force m,message= S,gpg-sign? !trailer= no-verify v,verbose"],
    };

    fn keys(words: &str) -> Result<Vec<String>, String> {
        let args: Vec<Arg> = words.split_whitespace().map(Arg::literal).collect();
        let parsed = parse(&grammar(&T), &args, 1);
        match parsed.problem {
            Some(p) => Err(p.sentence("git")),
            None => Ok(parsed
                .options
                .iter()
                .map(|g| g.opt.key.to_owned())
                .collect()),
        }
    }

    #[test]
    fn negations_are_their_own_options() {
        assert_eq!(keys("--no-dry-run").unwrap(), ["no-dry-run"]);
        assert_eq!(keys("--no-dry").unwrap(), ["no-dry-run"]);
        assert_eq!(keys("--dry").unwrap(), ["dry-run"]);
        assert_eq!(keys("--verify").unwrap(), ["verify"]);
        assert_eq!(keys("--no-verify").unwrap(), ["no-verify"]);
        assert_eq!(keys("--no-no-verify").unwrap(), ["verify"]);
        assert!(keys("--no-trailer").is_err());
        // `--ver` could be --verify or --verbose, as git says.
        assert!(keys("--ver").is_err());
        assert_eq!(keys("-nf").unwrap(), ["dry-run", "force"]);
        assert_eq!(keys("-Skey").unwrap(), ["gpg-sign"]);
        assert_eq!(keys("--help").unwrap(), ["help"]);
    }

    /// Every table a subcommand or a family reads was written by the build,
    /// and its statics are what reading its text at run time gives.
    #[test]
    fn the_build_wrote_every_table_as_it_reads() {
        let mut tables: Vec<&'static Table> = Vec::new();
        for (_, sub) in super::super::every_sub() {
            tables.extend(sub.table);
            tables.extend(sub.family.and_then(|f| f.parent));
        }
        assert!(tables.len() > 100, "{} tables", tables.len());
        for table in tables {
            let built =
                built(table).unwrap_or_else(|| panic!("the build did not write {:?}", table.parts));
            let read = options(table.parts);
            assert_eq!(built.len(), read.len(), "{:?}", table.parts);
            for (b, r) in built.iter().zip(&read) {
                assert_eq!(
                    (b.key, b.short, b.long, b.takes),
                    (r.key, r.short, r.long, r.takes),
                    "{:?}",
                    table.parts
                );
            }
        }
        // A table the build never saw is read at run time.
        assert!(prebuilt(notation::fingerprint(T.parts)).is_some());
        // (Its text is no literal the build follows.)
        const TEXT: &str = concat!("x,unseen", "-by-the-build=");
        const UNSEEN: Table = Table {
            style: PARSE,
            parts: &[TEXT],
        };
        assert!(prebuilt(notation::fingerprint(UNSEEN.parts)).is_none());
        assert_eq!(grammar(&UNSEEN).options[0].key, "unseen-by-the-build");
    }

    #[test]
    fn the_shared_tables_read() {
        for part in [REVISION, DIFF] {
            for e in part.split_whitespace() {
                let parsed = entry(e);
                assert!(parsed.short.is_some() || !parsed.longs.is_empty(), "{e}");
            }
        }
    }
}
