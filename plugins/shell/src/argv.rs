//! A program's own argument parser, described as data: which options it has,
//! which take a value, how its parser spells them (bundled short options,
//! attached values, `--long=value`, unique prefixes of long names, whether
//! options may follow operands). [`parse`] reads an argv the way that parser
//! would, so `cp -t../.. f`, `curl -sLo ../x` and `tar --targ` mean to wicket
//! what they mean to the program.
//!
//! Whatever the description does not know is a [`Problem`] — an unknown
//! option, an ambiguous prefix, a word only known when it runs standing where
//! an option could be — and the reader holds such a call rather than guess.

use crate::read::Arg;

/// How a program's parser spells options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Options and operands may interleave until `--` (GNU getopt's
    /// permutation); otherwise the first operand ends the options.
    pub permute: bool,
    /// A long option may be written as any unique prefix of its name.
    pub abbreviate: bool,
    /// Short options combine in one word (`-rf`), and a short option's value
    /// may be attached (`-ofile`).
    pub bundle: bool,
    /// Long options are spelled with one dash (`-name value`), as Go's
    /// `flag` package and `find` do; `--name` is accepted too.
    pub single_dash_long: bool,
    /// `-NUM` is an option of its own (`head -5`, `tail -20`).
    pub numeric: bool,
}

impl Style {
    /// GNU `getopt_long`: permutation, bundling, attached values, prefixes.
    pub const GNU: Style = Style {
        permute: true,
        abbreviate: true,
        bundle: true,
        single_dash_long: false,
        numeric: false,
    };
    /// POSIX `getopt` with GNU long options: the first operand ends the
    /// options (launchers: `env`, `nice`, `timeout`, `xargs`).
    pub const GNU_POSIX: Style = Style {
        permute: false,
        ..Style::GNU
    };
    /// Rust's clap and most modern parsers: like GNU without prefixes.
    pub const CLAP: Style = Style {
        abbreviate: false,
        ..Style::GNU
    };
    /// Go's `flag` package: `-name`, `--name`, `-name=value`, no bundling,
    /// the first operand ends the flags.
    pub const GO: Style = Style {
        permute: false,
        abbreviate: false,
        bundle: false,
        single_dash_long: true,
        numeric: false,
    };
}

/// Whether an option takes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// A flag.
    Nothing,
    /// A value: attached (`-ofile`, `--out=file`) or the next word.
    Value,
    /// A value only when attached (`-i.bak`, `--backup=numbered`).
    Attached,
}

/// One option of a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opt {
    /// The name the program's description asks for it by (its long name,
    /// usually, or the short letter when it has none).
    pub key: &'static str,
    /// Its short letters (most have one; a few programs give two letters the
    /// same meaning).
    pub short: &'static str,
    /// Its long names, without dashes (aliases included).
    pub long: &'static [&'static str],
    pub takes: Takes,
}

/// Shorthand for descriptions: a flag with a short letter and long names.
pub const fn flag(key: &'static str, short: &'static str, long: &'static [&'static str]) -> Opt {
    Opt {
        key,
        short,
        long,
        takes: Takes::Nothing,
    }
}

/// Shorthand for descriptions: an option that takes a value.
pub const fn value(key: &'static str, short: &'static str, long: &'static [&'static str]) -> Opt {
    Opt {
        key,
        short,
        long,
        takes: Takes::Value,
    }
}

/// Shorthand for descriptions: an option whose value must be attached.
pub const fn attached(
    key: &'static str,
    short: &'static str,
    long: &'static [&'static str],
) -> Opt {
    Opt {
        key,
        short,
        long,
        takes: Takes::Attached,
    }
}

/// A program's option grammar.
#[derive(Debug, Clone, Copy)]
pub struct Grammar {
    pub style: Style,
    pub options: &'static [Opt],
}

/// Why an argv could not be read with certainty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// An option the description does not know.
    Unknown(String),
    /// A prefix of several long options.
    Ambiguous {
        written: String,
        candidates: Vec<String>,
    },
    /// An option that needs a value came last.
    MissingValue(String),
    /// A word only known when it runs stands where an option could be.
    Dynamic(String),
}

impl Problem {
    /// The clause a reason carries.
    pub fn sentence(&self, program: &str) -> String {
        match self {
            Problem::Unknown(word) => {
                format!("{program}'s option `{word}` is not one wicket's description of {program} knows")
            }
            Problem::Ambiguous {
                written,
                candidates,
            } => format!(
                "{program}'s `{written}` abbreviates several options ({})",
                candidates.join(", ")
            ),
            Problem::MissingValue(word) => {
                format!("{program}'s option `{word}` needs a value and has none")
            }
            Problem::Dynamic(shown) => format!(
                "{program}'s word `{shown}` is only known when it runs, and could be an option"
            ),
        }
    }
}

/// One option as given.
#[derive(Debug, Clone)]
pub struct Given {
    pub opt: &'static Opt,
    /// Its value, when it takes one and has one.
    pub value: Option<Arg>,
    /// Its index in the argv (the option's own word).
    pub at: usize,
}

/// An argv read by a grammar.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub options: Vec<Given>,
    /// The operands, in order, with their argv index.
    pub operands: Vec<(usize, Arg)>,
    /// `-NUM` in a numeric style.
    pub number: Option<String>,
    /// The first thing that could not be read with certainty.
    pub problem: Option<Problem>,
    /// Whether a `--` ended the options.
    pub dashdash: bool,
}

impl Parsed {
    /// Whether the option `key` was given.
    pub fn has(&self, key: &str) -> bool {
        self.options.iter().any(|g| g.opt.key == key)
    }

    /// Every value given for `key`, in order.
    pub fn values<'p>(&'p self, key: &'p str) -> impl Iterator<Item = &'p Arg> + 'p {
        self.options
            .iter()
            .filter(move |g| g.opt.key == key)
            .filter_map(|g| g.value.as_ref())
    }

    /// The last value given for `key` (the one most parsers keep).
    pub fn last<'p>(&'p self, key: &'p str) -> Option<&'p Arg> {
        self.values(key).last()
    }

    /// The operands' words, without their indexes.
    pub fn operand_args(&self) -> Vec<Arg> {
        self.operands.iter().map(|(_, a)| a.clone()).collect()
    }

    fn problem(&mut self, problem: Problem) {
        if self.problem.is_none() {
            self.problem = Some(problem);
        }
    }
}

/// Read `args` (the words after the program name; index 0 of `args` is argv
/// index `first`) with `grammar`. Parsing stops early at `stop`, a predicate
/// on an operand that ends the program's own arguments (a launcher's program
/// word); the rest from there is returned as operands unparsed.
pub fn parse(grammar: &Grammar, args: &[Arg], first: usize) -> Parsed {
    parse_until(grammar, args, first, |_, _| false)
}

/// [`parse`], stopping at the first operand for which `stop` says so: that
/// operand and everything after it are kept as operands, unread.
pub fn parse_until(
    grammar: &Grammar,
    args: &[Arg],
    first: usize,
    stop: impl Fn(&Parsed, &Arg) -> bool,
) -> Parsed {
    let style = grammar.style;
    let mut out = Parsed::default();
    let mut i = 0;
    let mut only_operands = false;
    while i < args.len() {
        let arg = &args[i];
        let at = first + i;
        i += 1;
        if only_operands {
            out.operands.push((at, arg.clone()));
            continue;
        }
        let word = match option_word(arg) {
            Spelling::Operand => {
                if stop(&out, arg) {
                    out.operands.extend(
                        args[i - 1..]
                            .iter()
                            .cloned()
                            .enumerate()
                            .map(|(k, a)| (at + k, a)),
                    );
                    return out;
                }
                out.operands.push((at, arg.clone()));
                if !style.permute {
                    only_operands = true;
                }
                continue;
            }
            Spelling::Unknown => {
                // Could be an option, an operand, or several words.
                out.problem(Problem::Dynamic(arg.shown.clone()));
                out.operands.push((at, arg.clone()));
                if !style.permute {
                    only_operands = true;
                }
                continue;
            }
            Spelling::Option(word) => word,
        };
        if word == "--" {
            out.dashdash = true;
            only_operands = true;
            continue;
        }
        if style.numeric && word[1..].bytes().all(|b| b.is_ascii_digit()) {
            out.number = Some(word[1..].to_owned());
            continue;
        }
        let long = if let Some(rest) = word.strip_prefix("--") {
            Some(rest)
        } else if style.single_dash_long {
            Some(&word[1..])
        } else {
            None
        };
        if let Some(body) = long {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (body, None),
            };
            match find_long(grammar, name) {
                Found::One(opt) => match (opt.takes, inline) {
                    (Takes::Nothing, Some(_)) => {
                        out.problem(Problem::Unknown(word.clone()));
                    }
                    (Takes::Nothing, None) | (Takes::Attached, None) => out.options.push(Given {
                        opt,
                        value: None,
                        at,
                    }),
                    (_, Some(v)) => out.options.push(Given {
                        opt,
                        value: Some(attached_value(arg, word.len() - v.len())),
                        at,
                    }),
                    (Takes::Value, None) => match args.get(i) {
                        Some(next) => {
                            out.options.push(Given {
                                opt,
                                value: Some(next.clone()),
                                at,
                            });
                            i += 1;
                        }
                        None => out.problem(Problem::MissingValue(word.clone())),
                    },
                },
                Found::None => {
                    // A single-dash word in a single-dash style may still be
                    // a short option (`find -L`, Go's `-v`).
                    out.problem(Problem::Unknown(word.clone()));
                }
                Found::Many(candidates) => out.problem(Problem::Ambiguous {
                    written: word.clone(),
                    candidates,
                }),
            }
            continue;
        }
        // A bundle of short options.
        let letters: Vec<(usize, char)> = word.char_indices().skip(1).collect();
        let mut k = 0;
        while k < letters.len() {
            let (offset, c) = letters[k];
            k += 1;
            let Some(opt) = grammar.options.iter().find(|o| o.short.contains(c)) else {
                out.problem(Problem::Unknown(format!("-{c}")));
                break;
            };
            let rest_at = offset + c.len_utf8();
            let rest = &word[rest_at..];
            match opt.takes {
                Takes::Nothing => {
                    out.options.push(Given {
                        opt,
                        value: None,
                        at,
                    });
                    if !style.bundle && !rest.is_empty() {
                        out.problem(Problem::Unknown(word.clone()));
                        break;
                    }
                }
                Takes::Attached => {
                    let value = (!rest.is_empty()).then(|| attached_value(arg, rest_at));
                    out.options.push(Given { opt, value, at });
                    break;
                }
                Takes::Value => {
                    if !rest.is_empty() {
                        out.options.push(Given {
                            opt,
                            value: Some(attached_value(arg, rest_at)),
                            at,
                        });
                    } else {
                        match args.get(i) {
                            Some(next) => {
                                out.options.push(Given {
                                    opt,
                                    value: Some(next.clone()),
                                    at,
                                });
                                i += 1;
                            }
                            None => out.problem(Problem::MissingValue(format!("-{c}"))),
                        }
                    }
                    break;
                }
            }
        }
    }
    out
}

enum Spelling {
    Operand,
    Option(String),
    /// Not known before it runs, or several values that disagree.
    Unknown,
}

/// Whether a word is an option, an operand, or cannot be told.
fn option_word(arg: &Arg) -> Spelling {
    let Some(values) = &arg.values else {
        // An expansion that starts with literal text is still that text's
        // kind: `"$x"` could be `-rf`, but `src/$x` cannot.
        return match arg.shown.chars().next() {
            Some(c) if c != '-' && c != '$' && c != '`' && c != '"' && c != '\'' && c != '*' => {
                Spelling::Operand
            }
            _ => Spelling::Unknown,
        };
    };
    let dashed = |v: &String| v.starts_with('-') && v.len() > 1;
    if arg.glob {
        // A long option whose name and `=` are literal (`--features=[x]`):
        // whatever the pattern matches begins with that text, so the
        // option is fixed and only its value is a pattern.
        if let [one] = values.as_slice() {
            let fixed = one
                .split_once('=')
                .is_some_and(|(name, _)| !crate::place::globs(name));
            if one.starts_with("--") && fixed {
                return Spelling::Option(one.clone());
            }
        }
        // A glob matching a file named `-rf` is a known trick.
        return if values.iter().any(|v| v.starts_with(['-', '*', '?', '['])) {
            Spelling::Unknown
        } else {
            Spelling::Operand
        };
    }
    match values.as_slice() {
        [one] if dashed(one) => Spelling::Option(one.clone()),
        many if many.iter().any(dashed) => Spelling::Unknown,
        _ => Spelling::Operand,
    }
}

enum Found {
    One(&'static Opt),
    None,
    Many(Vec<String>),
}

/// A long name, exactly or (where the style allows) by unique prefix.
fn find_long(grammar: &Grammar, name: &str) -> Found {
    // `Grammar::options` is `'static`, so a found option is too.
    let options: &'static [Opt] = grammar.options;
    if name.is_empty() {
        return Found::None;
    }
    if let Some(opt) = options.iter().find(|o| o.long.contains(&name)) {
        return Found::One(opt);
    }
    if !grammar.style.abbreviate {
        return Found::None;
    }
    let mut hits: Vec<&'static Opt> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for opt in options {
        for long in opt.long {
            if long.starts_with(name) {
                names.push(format!("--{long}"));
                if !hits.iter().any(|h| std::ptr::eq(*h, opt)) {
                    hits.push(opt);
                }
            }
        }
    }
    match hits.as_slice() {
        [] => Found::None,
        [one] => Found::One(one),
        _ => Found::Many(names),
    }
}

/// The value attached to an option word from byte `at` of its text.
fn attached_value(arg: &Arg, at: usize) -> Arg {
    let values = arg.values.as_ref().map(|vs| {
        vs.iter()
            .map(|v| v.get(at..).unwrap_or("").to_owned())
            .collect()
    });
    Arg {
        values,
        glob: arg.glob,
        shown: arg.shown.get(at..).unwrap_or(&arg.shown).to_owned(),
    }
}

/// Every way the program's parser accepts `opt` with `value` (for tests of
/// descriptions): alone, bundled after a flag, attached, separate, long
/// exact, long with `=`, and long by its shortest unique prefix.
pub fn spellings(grammar: &Grammar, opt: &Opt, value: &str) -> Vec<Vec<String>> {
    let style = grammar.style;
    let mut out: Vec<Vec<String>> = Vec::new();
    let flag_letter = grammar
        .options
        .iter()
        .filter(|o| o.takes == Takes::Nothing && !std::ptr::eq(*o, opt))
        .find_map(|o| o.short.chars().next());
    let dash = if style.single_dash_long { "-" } else { "--" };
    for c in opt.short.chars() {
        match opt.takes {
            Takes::Nothing => {
                out.push(vec![format!("-{c}")]);
                if let (true, Some(f)) = (style.bundle, flag_letter) {
                    out.push(vec![format!("-{f}{c}")]);
                    out.push(vec![format!("-{c}{f}")]);
                }
            }
            Takes::Value => {
                out.push(vec![format!("-{c}"), value.to_owned()]);
                if style.bundle {
                    out.push(vec![format!("-{c}{value}")]);
                    if let Some(f) = flag_letter {
                        out.push(vec![format!("-{f}{c}"), value.to_owned()]);
                        out.push(vec![format!("-{f}{c}{value}")]);
                    }
                }
            }
            Takes::Attached => {
                out.push(vec![format!("-{c}{value}")]);
                if let (true, Some(f)) = (style.bundle, flag_letter) {
                    out.push(vec![format!("-{f}{c}{value}")]);
                }
            }
        }
    }
    for long in opt.long {
        let mut names = vec![long.to_string()];
        if style.abbreviate {
            if let Some(prefix) = shortest_unique_prefix(grammar, opt, long) {
                if prefix != *long {
                    names.push(prefix);
                }
            }
        }
        for name in names {
            match opt.takes {
                Takes::Nothing => out.push(vec![format!("{dash}{name}")]),
                Takes::Value => {
                    out.push(vec![format!("{dash}{name}"), value.to_owned()]);
                    out.push(vec![format!("{dash}{name}={value}")]);
                }
                Takes::Attached => out.push(vec![format!("{dash}{name}={value}")]),
            }
        }
    }
    out
}

/// The shortest prefix of `long` that names only `opt`.
fn shortest_unique_prefix(grammar: &Grammar, opt: &Opt, long: &str) -> Option<String> {
    (1..=long.len())
        .filter(|n| long.is_char_boundary(*n))
        .map(|n| &long[..n])
        .find(|prefix| {
            grammar
                .options
                .iter()
                .all(|o| std::ptr::eq(o, opt) || o.long.iter().all(|l| !l.starts_with(prefix)))
                && !grammar
                    .options
                    .iter()
                    .any(|o| !std::ptr::eq(o, opt) && o.long.contains(prefix))
        })
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CP: Grammar = Grammar {
        style: Style::GNU,
        options: &[
            flag("recursive", "rR", &["recursive"]),
            flag("force", "f", &["force"]),
            value("target-directory", "t", &["target-directory"]),
            flag("no-target-directory", "T", &["no-target-directory"]),
            attached("backup", "", &["backup"]),
            value("suffix", "S", &["suffix"]),
        ],
    };

    fn words(text: &str) -> Vec<Arg> {
        text.split_whitespace().map(Arg::literal).collect()
    }

    fn read(text: &str) -> Parsed {
        parse(&CP, &words(text), 1)
    }

    #[test]
    fn attached_bundled_and_separate_values_read_alike() {
        for spelled in [
            "-t ../.. f",
            "-t../.. f",
            "-ft ../.. f",
            "-ft../.. f",
            "--target-directory ../.. f",
            "--target-directory=../.. f",
            "--targ=../.. f",
            "--t ../.. f",
            "f -t ../..",
            "f --target=../..",
        ] {
            let parsed = read(spelled);
            assert_eq!(parsed.problem, None, "{spelled}");
            assert_eq!(
                parsed.last("target-directory").and_then(|a| a.text()),
                Some("../.."),
                "{spelled}"
            );
            let operands: Vec<_> = parsed
                .operands
                .iter()
                .map(|(_, a)| a.shown.clone())
                .collect();
            assert_eq!(operands, ["f"], "{spelled}");
        }
    }

    #[test]
    fn an_ambiguous_or_unknown_option_is_a_problem() {
        assert!(read("--no x").has("no-target-directory"));
        const TWO: &[Opt] = &[
            flag("force", "", &["force"]),
            flag("format", "", &["format"]),
        ];
        let two = Grammar {
            style: Style::GNU,
            options: TWO,
        };
        let parsed = parse(&two, &words("--fo x"), 1);
        assert!(matches!(parsed.problem, Some(Problem::Ambiguous { .. })));
        assert!(parse(&two, &words("--forc x"), 1).has("force"));
        assert!(matches!(read("-x f").problem, Some(Problem::Unknown(_))));
        assert!(matches!(
            read("--bogus f").problem,
            Some(Problem::Unknown(_))
        ));
        assert!(matches!(read("-t").problem, Some(Problem::MissingValue(_))));
        assert!(matches!(
            read("--force=1 f").problem,
            Some(Problem::Unknown(_))
        ));
    }

    #[test]
    fn attached_only_values_do_not_take_the_next_word() {
        let parsed = read("--backup f g");
        assert!(parsed.has("backup"));
        assert_eq!(parsed.operands.len(), 2);
        let parsed = read("--backup=numbered f g");
        assert_eq!(
            parsed.last("backup").and_then(|a| a.text()),
            Some("numbered")
        );
    }

    #[test]
    fn double_dash_ends_options_and_posix_stops_at_the_first_operand() {
        let parsed = read("-- -rf x");
        assert!(!parsed.has("recursive"));
        assert_eq!(parsed.operands.len(), 2);
        let posix = Grammar {
            style: Style::GNU_POSIX,
            ..CP
        };
        let parsed = parse(&posix, &words("x -rf"), 1);
        assert!(!parsed.has("recursive"));
        assert_eq!(parsed.operands.len(), 2);
    }

    #[test]
    fn a_word_known_only_at_run_time_in_option_position_is_a_problem() {
        let dynamic = Arg {
            values: None,
            glob: false,
            shown: "$x".into(),
        };
        let parsed = parse(&CP, &[dynamic, Arg::literal("f")], 1);
        assert!(matches!(parsed.problem, Some(Problem::Dynamic(_))));
        let prefixed = Arg {
            values: None,
            glob: false,
            shown: "src/$x".into(),
        };
        let parsed = parse(&CP, &[prefixed, Arg::literal("f")], 1);
        assert_eq!(parsed.problem, None);
    }

    #[test]
    fn every_spelling_of_every_option_reads_as_that_option() {
        for opt in CP.options {
            for spelled in spellings(&CP, opt, "V") {
                let args: Vec<Arg> = spelled.iter().map(|w| Arg::literal(w)).collect();
                let parsed = parse(&CP, &args, 1);
                assert_eq!(parsed.problem, None, "{spelled:?}");
                let given = parsed
                    .options
                    .iter()
                    .find(|g| g.opt.key == opt.key)
                    .unwrap_or_else(|| panic!("{spelled:?} did not read as {}", opt.key));
                if opt.takes != Takes::Nothing {
                    assert_eq!(
                        given.value.as_ref().and_then(|v| v.text()),
                        Some("V"),
                        "{spelled:?}"
                    );
                }
            }
        }
    }
}
