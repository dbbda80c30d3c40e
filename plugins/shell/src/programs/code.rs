//! What a literal program shows before it runs: the program text an
//! interpreter is handed (`python3 -c`, `node -e`, `perl -e`, a quoted
//! here-doc, litany's `python` tool) read for the paths it names, the
//! commands it shells out to, the environment it reads, and the ways it can
//! build a path at run time.
//!
//! The scan cannot prove what arbitrary code does, so it is strict where the
//! protected set is concerned and lenient elsewhere:
//! - a string it can see (a literal, a run of literals joined by `+`, `.`,
//!   `..`, `,` or `/`, a literal with escapes decoded, `chr(46)`, a literal
//!   reversed, repeated, lower-cased or with `.replace` applied) that lands in
//!   the protected set, or walks up to a directory holding it, or names a
//!   protected entry by name, is held — and when it is the path a known
//!   writer (`open(…, 'w')`, `shutil.rmtree`, `fs.rmSync`, `unlink`, …)
//!   certainly changes, it is placed as that change (destructive there,
//!   target-write inside the root);
//! - a program that changes files or runs commands and also builds paths
//!   from its own location (`os.getcwd()`, `__file__`, `process.cwd()`),
//!   walks up (`.parent`, `dirname`, `os.pardir`) or builds text from codes
//!   (`chr(x)`, base64, `getattr`, `eval`) is held: where it writes is
//!   decided when it runs;
//! - a command it shells out to with literal text is read as shell text
//!   (`os.system("rm -rf /etc")` is `rm -rf /etc`); one built at run time is
//!   opaque;
//! - reading one named, harmless environment variable passes; dumping or
//!   iterating the environment, a name built at run time, or a name that is
//!   a credential (`*KEY*`, `*TOKEN*`, `LITANY_*`, …) is secret;
//! - anything else is the interpreter's own class (open-world).
//!
//! What it cannot see — a name assembled from variables in an order it does
//! not follow, text read from a file — it cannot catch; the wall is the
//! backstop for that (a determined program wicket cannot read).

use wicket_guest::Effect;

use crate::read::{Arg, Change, Invocation, Place, Reach, Reader, Scope};

/// How many paths one program's text may have placed before the rest is
/// held unread (each placement may be a host query).
const MAX_PLACED: usize = 96;

/// How deep literal code run by `eval`/`exec` in literal code is followed.
const MAX_NESTED: usize = 4;

/// How long a program the scan reads; a longer one is held (the scan's
/// work grows with the text, and a consult must stay fast).
const MAX_CODE: usize = 128 * 1024;

/// How far the scan looks from a literal for the call it belongs to, and
/// from a call for its closing parenthesis.
const MAX_REACH: usize = 1024;

/// Interpreter families: how each spells strings, comments and commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Python,
    Perl,
    Ruby,
    /// JavaScript and TypeScript (node, deno, bun).
    Node,
    Deno,
    Php,
    Lua,
    R,
    Tcl,
    AppleScript,
    Java,
    Other,
}

impl Language {
    /// The language a program name runs, if it is an interpreter wicket knows.
    pub fn of(program: &str) -> Option<Language> {
        let base = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        Some(match base {
            "python" | "pypy" | "python-dbg" => Language::Python,
            "perl" => Language::Perl,
            "ruby" | "irb" => Language::Ruby,
            "node" | "nodejs" | "bun" => Language::Node,
            "deno" => Language::Deno,
            "php" => Language::Php,
            "lua" | "luajit" => Language::Lua,
            "Rscript" | "R" => Language::R,
            "tclsh" | "wish" | "expect" => Language::Tcl,
            "osascript" => Language::AppleScript,
            "java" | "jshell" => Language::Java,
            "julia" | "guile" | "racket" | "groovy" | "scala" | "elixir" | "iex" | "escript"
            | "erl" | "ghci" | "runghc" | "swift" | "kotlin" | "clojure" | "sbcl" | "ocaml"
            | "raku" => Language::Other,
            _ => return None,
        })
    }

    fn lexis(self) -> Lexis {
        let base = Lexis {
            hash: false,
            slashes: false,
            dashes: false,
            single_escapes: true,
            triple: false,
            backtick: Backtick::None,
            perl: false,
            ruby: false,
            lua_long: false,
            prefixes: false,
        };
        match self {
            Language::Python => Lexis {
                hash: true,
                triple: true,
                prefixes: true,
                ..base
            },
            Language::Perl => Lexis {
                hash: true,
                single_escapes: false,
                backtick: Backtick::Command,
                perl: true,
                ..base
            },
            Language::Ruby => Lexis {
                hash: true,
                single_escapes: false,
                backtick: Backtick::Command,
                ruby: true,
                ..base
            },
            Language::Node | Language::Deno => Lexis {
                slashes: true,
                backtick: Backtick::Template,
                ..base
            },
            Language::Php => Lexis {
                hash: true,
                slashes: true,
                single_escapes: false,
                backtick: Backtick::Command,
                ..base
            },
            Language::Lua => Lexis {
                dashes: true,
                lua_long: true,
                ..base
            },
            Language::R | Language::Tcl => Lexis { hash: true, ..base },
            Language::AppleScript => Lexis {
                dashes: true,
                hash: true,
                ..base
            },
            Language::Java => Lexis {
                slashes: true,
                triple: true,
                ..base
            },
            // Unknown syntax: no comments are stripped, so nothing hides in one.
            Language::Other => base,
        }
    }
}

/// What a backtick means in a language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Backtick {
    None,
    /// A command run by the shell (perl, ruby, php).
    Command,
    /// A template string with `${…}` holes (JavaScript).
    Template,
}

/// How a language spells strings and comments, as far as the scan needs.
#[derive(Debug, Clone, Copy)]
struct Lexis {
    hash: bool,
    slashes: bool,
    dashes: bool,
    /// Single-quoted strings decode escapes.
    single_escapes: bool,
    /// `'''…'''` and `"""…"""`.
    triple: bool,
    backtick: Backtick,
    /// perl's `q`, `qq`, `qw`, `qx`, `m`, `s`, `tr`, `y`, `qr`, `$#`.
    perl: bool,
    /// ruby's `%q`, `%Q`, `%w`, `%x`, `%r`, `%(`.
    ruby: bool,
    /// lua's `[[…]]` and `[==[…]==]`.
    lua_long: bool,
    /// python's `r`, `b`, `f`, `u` string prefixes.
    prefixes: bool,
}

/// A string literal of the program.
#[derive(Debug, Clone)]
struct Lit {
    /// Its text, escapes decoded; an interpolation hole is [`HOLE`].
    text: String,
    /// Byte offsets in the code: the opening delimiter, and just past the end.
    start: usize,
    end: usize,
    /// A command the language runs through the shell (backticks, `qx`, `%x`).
    command: bool,
}

/// Stands for an interpolated expression inside a literal.
const HOLE: char = '\u{0}';

struct Lexed {
    /// In order, not overlapping.
    lits: Vec<Lit>,
    /// The code outside literals and comments (literals as a space).
    bare: String,
    /// A literal or comment never closed: the reading may be off.
    unterminated: bool,
}

impl Lexed {
    /// The literal that starts at byte `k`.
    fn starting_at(&self, k: usize) -> Option<&Lit> {
        self.index_starting_at(k).map(|i| &self.lits[i])
    }

    fn index_starting_at(&self, k: usize) -> Option<usize> {
        self.lits.binary_search_by_key(&k, |l| l.start).ok()
    }

    /// Whether byte `k` is inside a literal.
    fn covering(&self, k: usize) -> bool {
        let i = self.lits.partition_point(|l| l.start <= k);
        i > 0 && k < self.lits[i - 1].end
    }
}

/// Read the program's literals. Approximate by design; the raw text is also
/// searched, so a misread literal can hide little.
fn lex(code: &str, lexis: Lexis) -> Lexed {
    let b = code.as_bytes();
    let mut lits = Vec::new();
    let mut bare = String::with_capacity(code.len());
    let mut unterminated = false;
    let mut i = 0;
    let ident = |k: usize| k < b.len() && (b[k].is_ascii_alphanumeric() || b[k] == b'_');
    while i < b.len() {
        let c = b[i];
        // Comments.
        if (lexis.hash && c == b'#' && !(lexis.perl && i > 0 && b[i - 1] == b'$'))
            || (lexis.slashes && c == b'/' && b.get(i + 1) == Some(&b'/'))
            || (lexis.dashes && c == b'-' && b.get(i + 1) == Some(&b'-'))
        {
            if lexis.lua_long && c == b'-' {
                if let Some(end) = lua_long_end(b, i + 2) {
                    i = end;
                    bare.push(' ');
                    continue;
                }
            }
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if lexis.slashes && c == b'/' && b.get(i + 1) == Some(&b'*') {
            match code[i + 2..].find("*/") {
                Some(at) => i = i + 2 + at + 2,
                None => {
                    unterminated = true;
                    i = b.len();
                }
            }
            bare.push(' ');
            continue;
        }
        // Lua long strings.
        if lexis.lua_long && c == b'[' && matches!(b.get(i + 1), Some(b'[') | Some(b'=')) {
            if let Some((body_start, body_end, end)) = lua_long_string(b, i) {
                lits.push(Lit {
                    text: code[body_start..body_end].to_owned(),
                    start: i,
                    end,
                    command: false,
                });
                bare.push(' ');
                i = end;
                continue;
            }
        }
        // perl quote-like operators.
        if lexis.perl && c.is_ascii_alphabetic() && (i == 0 || !ident(i - 1)) {
            let mut k = i;
            while ident(k) {
                k += 1;
            }
            let word = &code[i..k];
            if let Some(kind) = perl_quote_like(word) {
                let mut d = k;
                while d < b.len() && (b[d] == b' ' || b[d] == b'\t') {
                    d += 1;
                }
                if d < b.len() && is_perl_delimiter(b[d], d > k) {
                    match perl_quoted(code, d, kind) {
                        Some((text, end)) => {
                            if let Some(text) = text {
                                lits.push(Lit {
                                    text,
                                    start: i,
                                    end,
                                    command: word == "qx",
                                });
                            }
                            bare.push(' ');
                            i = end;
                            continue;
                        }
                        None => {
                            unterminated = true;
                            break;
                        }
                    }
                }
            }
            bare.push_str(word);
            i = k;
            continue;
        }
        // perl: a regex after a binding operator.
        if lexis.perl && (c == b'=' || c == b'!') && b.get(i + 1) == Some(&b'~') {
            let mut d = i + 2;
            while d < b.len() && b[d] == b' ' {
                d += 1;
            }
            if b.get(d) == Some(&b'/') {
                if let Some(end) = skip_delimited(b, d + 1, b'/') {
                    bare.push(' ');
                    i = end;
                    continue;
                }
            }
        }
        // ruby percent literals.
        if lexis.ruby && c == b'%' {
            let (kind, open_at) = match b.get(i + 1) {
                Some(k) if b"qQwWxiIr".contains(k) => (*k, i + 2),
                Some(_) => (b'Q', i + 1),
                None => (b'Q', i + 1),
            };
            if let Some(&open) = b.get(open_at) {
                if matches!(open, b'(' | b'[' | b'{' | b'<' | b'|' | b'!' | b'/') {
                    let close = closing(open);
                    if let Some(end) = skip_balanced(b, open_at + 1, open, close) {
                        if kind != b'r' {
                            lits.push(Lit {
                                text: code[open_at + 1..end - 1].to_owned(),
                                start: i,
                                end,
                                command: kind == b'x',
                            });
                        }
                        bare.push(' ');
                        i = end;
                        continue;
                    }
                }
            }
        }
        // Strings.
        let quote = matches!(c, b'\'' | b'"') || (c == b'`' && lexis.backtick != Backtick::None);
        if quote {
            // python prefixes: r'', b'', f'', rb'' …
            let mut raw = false;
            let mut format = false;
            if lexis.prefixes {
                let mut p = i;
                while p > 0 && b[p - 1].is_ascii_alphabetic() && i - (p - 1) <= 2 {
                    p -= 1;
                }
                if p < i && (p == 0 || !ident(p - 1)) {
                    let prefix = code[p..i].to_ascii_lowercase();
                    if prefix.chars().all(|ch| "rbfu".contains(ch)) {
                        raw = prefix.contains('r');
                        format = prefix.contains('f');
                    }
                }
            }
            let triple =
                lexis.triple && c != b'`' && b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&c);
            let open_len = if triple { 3 } else { 1 };
            let body_start = i + open_len;
            let mut k = body_start;
            let mut found = None;
            while k < b.len() {
                if b[k] == b'\\' && !(c == b'\'' && !lexis.single_escapes && !raw) {
                    k += 2;
                    continue;
                }
                if b[k] == b'\\' {
                    // perl/ruby/php single quotes: only \\ and \' escape.
                    if matches!(b.get(k + 1), Some(b'\\') | Some(b'\'')) {
                        k += 2;
                        continue;
                    }
                }
                if b[k] == c && (!triple || (b.get(k + 1) == Some(&c) && b.get(k + 2) == Some(&c)))
                {
                    found = Some(k);
                    break;
                }
                k += 1;
            }
            let Some(body_end) = found else {
                unterminated = true;
                // Keep what there is, so the rest is still searched.
                lits.push(Lit {
                    text: code[body_start.min(b.len())..].to_owned(),
                    start: i,
                    end: b.len(),
                    command: false,
                });
                break;
            };
            let end = body_end + open_len;
            let body = &code[body_start..body_end];
            let decode = !raw && (c != b'\'' || lexis.single_escapes);
            let mut text = if decode {
                unescape(body, lexis)
            } else {
                body.replace("\\\\", "\\").replace("\\'", "'")
            };
            let interpolates = c == b'"' && !lexis.prefixes
                || (c == b'`' && lexis.backtick == Backtick::Template)
                || format;
            if interpolates {
                text = holes(&text, lexis);
            }
            lits.push(Lit {
                text,
                start: i,
                end,
                command: c == b'`' && lexis.backtick == Backtick::Command,
            });
            bare.push(' ');
            i = end;
            continue;
        }
        // One character of code (whole UTF-8 sequences).
        let width = utf8_width(c);
        bare.push_str(&code[i..(i + width).min(b.len())]);
        i += width;
    }
    Lexed {
        lits,
        bare,
        unterminated,
    }
}

fn utf8_width(first: u8) -> usize {
    match first {
        0..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xff => 4,
        _ => 1,
    }
}

fn closing(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        b'{' => b'}',
        b'<' => b'>',
        other => other,
    }
}

/// Past a run closed by `close` (nesting `open` when it differs); the index
/// after the closing byte.
fn skip_balanced(b: &[u8], mut k: usize, open: u8, close: u8) -> Option<usize> {
    let mut depth = 1;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 1,
            x if x == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(k + 1);
                }
            }
            x if x == open && open != close => depth += 1,
            _ => {}
        }
        k += 1;
    }
    None
}

fn skip_delimited(b: &[u8], k: usize, delimiter: u8) -> Option<usize> {
    skip_balanced(b, k, delimiter, delimiter)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PerlQuote {
    /// `q`, `qq`, `qw`, `qx`: one part, kept.
    Text,
    /// `m`, `qr`: one part, a regex.
    Regex,
    /// `s`, `tr`, `y`: two parts.
    Substitution,
}

fn perl_quote_like(word: &str) -> Option<PerlQuote> {
    match word {
        "q" | "qq" | "qw" | "qx" => Some(PerlQuote::Text),
        "m" | "qr" => Some(PerlQuote::Regex),
        "s" | "tr" | "y" => Some(PerlQuote::Substitution),
        _ => None,
    }
}

/// Whether perl reads `d` as a quote-like delimiter (after optional space).
fn is_perl_delimiter(d: u8, spaced: bool) -> bool {
    let word = d.is_ascii_alphanumeric() || d.is_ascii_whitespace();
    let separator = matches!(d, b'=' | b',' | b';' | b')' | b'_' | b'-' | b'>');
    !(word || separator || (spaced && d == b'#'))
}

/// A perl quote-like construct from its delimiter at `d`: the kept text (for
/// `q`/`qq`/`qw`/`qx`) and the index after it.
fn perl_quoted(code: &str, d: usize, kind: PerlQuote) -> Option<(Option<String>, usize)> {
    let b = code.as_bytes();
    let open = b[d];
    let close = closing(open);
    let end = skip_balanced(b, d + 1, open, close)?;
    let first = code[d + 1..end - 1].to_owned();
    match kind {
        PerlQuote::Text => Some((Some(first), end)),
        PerlQuote::Regex => Some((None, end)),
        PerlQuote::Substitution => {
            if open == close {
                let end2 = skip_balanced(b, end, open, close)?;
                Some((None, end2))
            } else {
                let mut k = end;
                while k < b.len() && b[k].is_ascii_whitespace() {
                    k += 1;
                }
                let open2 = *b.get(k)?;
                let end2 = skip_balanced(b, k + 1, open2, closing(open2))?;
                Some((None, end2))
            }
        }
    }
}

fn lua_long_end(b: &[u8], at: usize) -> Option<usize> {
    if b.get(at) != Some(&b'[') {
        return None;
    }
    lua_long_string(b, at).map(|(_, _, end)| end)
}

/// `[[…]]` or `[==[…]==]` at `at`: body start, body end, index after.
fn lua_long_string(b: &[u8], at: usize) -> Option<(usize, usize, usize)> {
    let mut k = at + 1;
    let mut level = 0;
    while b.get(k) == Some(&b'=') {
        level += 1;
        k += 1;
    }
    if b.get(k) != Some(&b'[') {
        return None;
    }
    let body_start = k + 1;
    let mut j = body_start;
    while j < b.len() {
        if b[j] == b']' {
            let mut e = j + 1;
            let mut l = 0;
            while b.get(e) == Some(&b'=') {
                l += 1;
                e += 1;
            }
            if l == level && b.get(e) == Some(&b']') {
                return Some((body_start, j, e + 1));
            }
        }
        j += 1;
    }
    None
}

/// Decode the common escapes: `\n`, `\t`, `\xHH`, `\uHHHH`, `\u{…}`,
/// `\UHHHHHHHH`, octal `\NNN`, and a backslash before anything else.
fn unescape(body: &str, lexis: Lexis) -> String {
    let mut out = String::with_capacity(body.len());
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    // perl's case escapes: `\L…\E`, `\U…\E` change what follows, `\l` and
    // `\u` the next character (`open F, ">", "\L.GIT"` opened `.git`).
    let mut case: Option<bool> = None;
    let mut from = 0;
    let mut next_case: Option<(bool, usize)> = None;
    while i < chars.len() {
        if let Some((upper, at)) = next_case {
            if out.len() > at {
                case_first(&mut out, at, upper);
                next_case = None;
            }
        }
        let c = chars[i];
        if c != '\\' || i + 1 >= chars.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let e = chars[i + 1];
        if lexis.perl && matches!(e, 'L' | 'U' | 'E' | 'Q' | 'l' | 'u' | 'F') {
            let perl_case = e != 'u' || chars.get(i + 2).is_none_or(|h| !h.is_ascii_hexdigit());
            if perl_case {
                if let Some(upper) = case.take() {
                    case_tail(&mut out, from, upper);
                }
                match e {
                    'L' | 'F' => case = Some(false),
                    'U' => case = Some(true),
                    'l' => next_case = Some((false, out.len())),
                    'u' => next_case = Some((true, out.len())),
                    _ => {}
                }
                from = out.len();
                i += 2;
                continue;
            }
        }
        i += 2;
        // lua's `\ddd` is decimal: `"\46git"` is `.git`.
        if lexis.lua_long && e.is_ascii_digit() {
            let mut value = e.to_digit(10).unwrap_or(0);
            let mut n = 0;
            while n < 2 && i < chars.len() && chars[i].is_ascii_digit() {
                value = value * 10 + chars[i].to_digit(10).unwrap_or(0);
                i += 1;
                n += 1;
            }
            out.push(char::from_u32(value).unwrap_or(HOLE));
            continue;
        }
        // perl's `\o{56}`: octal in braces.
        if e == 'o' && chars.get(i) == Some(&'{') {
            let close = chars[i..].iter().position(|c| *c == '}');
            let digits: Option<String> = close.map(|len| chars[i + 1..i + len].iter().collect());
            match digits
                .and_then(|d| u32::from_str_radix(&d, 8).ok())
                .and_then(char::from_u32)
            {
                Some(ch) => out.push(ch),
                None => out.push(HOLE),
            }
            i += close.map_or(1, |len| len + 1);
            continue;
        }
        let hex = |from: usize, n: usize| -> Option<(char, usize)> {
            let digits: String = chars.get(from..from + n)?.iter().collect();
            let value = u32::from_str_radix(&digits, 16).ok()?;
            Some((char::from_u32(value)?, n))
        };
        match e {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0'..='7' => {
                let mut value = e.to_digit(8).unwrap_or(0);
                let mut n = 0;
                while n < 2 && i < chars.len() && chars[i].is_digit(8) {
                    value = value * 8 + chars[i].to_digit(8).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                out.push(char::from_u32(value).unwrap_or(HOLE));
            }
            'x' => {
                if chars.get(i) == Some(&'{') {
                    let close = chars[i..].iter().position(|c| *c == '}');
                    match close.and_then(|len| hex(i + 1, len - 1).map(|(c, _)| (c, len))) {
                        Some((c, len)) => {
                            out.push(c);
                            i += len + 1;
                        }
                        None => out.push(HOLE),
                    }
                } else {
                    match hex(i, 2).or_else(|| hex(i, 1)) {
                        Some((c, n)) => {
                            out.push(c);
                            i += n;
                        }
                        None => out.push('x'),
                    }
                }
            }
            'u' => {
                if chars.get(i) == Some(&'{') {
                    let close = chars[i..].iter().position(|c| *c == '}');
                    match close.and_then(|len| hex(i + 1, len - 1).map(|(c, _)| (c, len))) {
                        Some((c, len)) => {
                            out.push(c);
                            i += len + 1;
                        }
                        None => out.push(HOLE),
                    }
                } else {
                    match hex(i, 4) {
                        Some((c, n)) => {
                            out.push(c);
                            i += n;
                        }
                        None => out.push('u'),
                    }
                }
            }
            'U' => match hex(i, 8) {
                Some((c, n)) => {
                    out.push(c);
                    i += n;
                }
                None => out.push('U'),
            },
            // `\N{FULL STOP}`: a character by name, which the scan does not know.
            // `\N{U+2E}` is the character by its code; another name the scan
            // does not know.
            'N' if chars.get(i) == Some(&'{') => {
                let close = chars[i..].iter().position(|c| *c == '}');
                let coded = chars.get(i + 1..i + 3) == Some(&['U', '+'][..]);
                match close
                    .filter(|_| coded)
                    .and_then(|len| hex(i + 3, len.checked_sub(3)?).map(|(c, _)| (c, len)))
                {
                    Some((c, len)) => {
                        out.push(c);
                        i += len + 1;
                    }
                    None => {
                        out.push(HOLE);
                        while i < chars.len() && chars[i] != '}' {
                            i += 1;
                        }
                        i += 1;
                    }
                }
            }
            other => out.push(other),
        }
    }
    if let Some((upper, at)) = next_case {
        case_first(&mut out, at, upper);
    }
    if let Some(upper) = case {
        case_tail(&mut out, from, upper);
    }
    out
}

/// perl's `\u`/`\l`: the first character from `at` in the other case.
fn case_first(out: &mut String, at: usize, upper: bool) {
    let first: String = out[at..].chars().take(1).collect();
    let changed = if upper {
        first.to_uppercase()
    } else {
        first.to_lowercase()
    };
    out.replace_range(at..at + first.len(), &changed);
}

/// perl's `\U…`/`\L…`: everything from `from` in the other case.
fn case_tail(out: &mut String, from: usize, upper: bool) {
    let tail = if upper {
        out[from..].to_uppercase()
    } else {
        out[from..].to_lowercase()
    };
    out.truncate(from);
    out.push_str(&tail);
}

/// Mark interpolations (`${…}`, `#{…}`, `{…}` in f-strings, `$name`) as holes.
fn holes(text: &str, lexis: Lexis) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let opens_brace = (c == '$' || c == '#') && chars.get(i + 1) == Some(&'{');
        if opens_brace || (lexis.prefixes && c == '{' && chars.get(i + 1) != Some(&'{')) {
            // An interpolation of one plain literal is that literal's text
            // (`f".g{'it'}"`, `` `.g${"it"}` ``, `"#{'it'}"`): perl's
            // `${"name"}` is a variable by name, so not there.
            let from = i + if opens_brace { 2 } else { 1 };
            if !lexis.perl {
                if let Some(len) = chars[from..].iter().position(|c| *c == '}') {
                    let inner: String = chars[from..from + len].iter().collect();
                    let inner = inner.trim();
                    let quoted = inner.len() >= 2
                        && (inner.starts_with('"') || inner.starts_with('\''))
                        && inner.ends_with(&inner[..1]);
                    if quoted {
                        let body = &inner[1..inner.len() - 1];
                        if !body.contains(['"', '\'', '\\', '{', '}', '$', '#']) {
                            out.push_str(body);
                            i = from + len + 1;
                            continue;
                        }
                    }
                }
            }
            let mut depth = 0;
            while i < chars.len() {
                match chars[i] {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            out.push(HOLE);
            continue;
        }
        if lexis.prefixes && c == '{' {
            out.push('{');
            i += 2;
            continue;
        }
        if (c == '$' || c == '@')
            && (lexis.perl || !lexis.prefixes)
            && chars
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_alphabetic() || *n == '_' || *n == ':')
        {
            i += 1;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(HOLE);
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// What the scan found beyond literals, for the run-time-path rule.
#[derive(Debug, Default)]
struct Traits {
    /// Changes files, runs commands or code, or dispatches by name.
    changes: Option<&'static str>,
    /// Walks up from a directory (`.parent`, `dirname`, `os.pardir`).
    ascends: Option<&'static str>,
    /// Starts from its own location (`getcwd`, `__file__`, `process.cwd`).
    locates: Option<&'static str>,
    /// Builds text from codes or runs text as code (`chr(x)`, base64, `eval`).
    builds: Option<&'static str>,
}

/// Calls and names that change files, run commands, run code or reach a
/// function by a name built at run time — in any of the languages.
const CHANGES: &[&str] = &[
    "open(",
    "open ",
    "write(",
    "writelines",
    "rmtree",
    "remove(",
    "unlink",
    "rmdir",
    "removedirs",
    "rename",
    "replace(",
    "mkdir",
    "makedirs",
    "symlink",
    "link(",
    "chmod",
    "chown",
    "truncate",
    "copy",
    "move(",
    "shutil",
    "subprocess",
    "system",
    "popen",
    "exec",
    "spawn",
    "fork",
    "eval",
    "compile(",
    "getattr",
    "setattr",
    "__import__",
    "importlib",
    "globals(",
    "vars(",
    "__dict__",
    "__builtins__",
    "writeFile",
    "appendFile",
    "createWriteStream",
    "rmSync",
    "cpSync",
    "child_process",
    "Function(",
    "Deno.",
    "Bun.",
    "File.",
    "FileUtils",
    "Dir.",
    "IO.",
    "Kernel",
    "send(",
    "public_send",
    "Pathname",
    "Open3",
    "file_put_contents",
    "fopen",
    "shell_exec",
    "passthru",
    "proc_open",
    "call_user_func",
    "os.execute",
    "io.open",
    "io.popen",
    "os.remove",
    "dofile",
    "loadstring",
    "load(",
    "writeLines",
    "file.remove",
    "file.rename",
    "file.copy",
    "dir.create",
    "sink(",
    "Files.",
    "FileOutputStream",
    "FileWriter",
    "Runtime",
    "ProcessBuilder",
    "do shell script",
    "sysopen",
    "utime",
    "touch",
    "write_text",
    "write_bytes",
    "require(",
    "import(",
    ".send(:",
    "__send__",
    "instance_eval",
    "class_eval",
    "runInThisContext",
    "runInNewContext",
    // Found in an attack round: library calls that write a file they are
    // handed, or run text as a command or as code.
    "logging",
    "FileHandler",
    "IO::File",
    "IO::Handle",
    "Tie::",
    "dbmopen",
    "syscopy",
    "readpipe",
    "syscall",
    "$^I",
    "create_subprocess",
    "timeit",
    "cProfile",
    "profile.run",
    "trace.run",
    "methodcaller",
    "attrgetter",
    "__getattribute__",
    "fileinput",
    "py_compile",
    "compileall",
    "zipfile",
    "tarfile",
    "FileIO",
    "GzipFile",
    "BZ2File",
    "LZMAFile",
    "urlretrieve",
    "sqlite3",
    "shelve",
    "dbm",
    "mkfifo",
    "mknod",
    "tempfile",
    "code.interact",
    "runpy",
];

/// Ways code turns text the scan cannot read into the text it uses: hex,
/// base64 and other decoders, character codes, compression, serialised
/// objects. What such text names (a protected path, a command) is only
/// known when the program runs, so a program that makes any is held
/// whatever it goes on to do with it: the calls that write or run are too
/// many to list (an attack round passed `logging.basicConfig(filename=…)`,
/// `IO::File->new`, `asyncio.create_subprocess_shell`, `timeit.timeit` and
/// `readpipe`, each fed a path or a command decoded from hex).
const HIDES: &[&str] = &[
    "fromhex",
    "unhexlify",
    "a2b_",
    "b64decode",
    "b32decode",
    "b16decode",
    "a85decode",
    "b85decode",
    "decodebytes",
    "decodestring",
    "decode64",
    "decode_base64",
    "decode_base32",
    "getDecoder",
    "atob(",
    "hex2bin",
    "base64_decode",
    "convert_uudecode",
    "uudecode",
    "str_rot13",
    "rot13",
    "rot_13",
    "codecs.decode",
    "decompress",
    "inflate",
    "gunzip",
    "fromCharCode",
    "fromCodePoint",
    "TextDecoder",
    "maketrans",
    "marshal",
    "pickle",
    "pack(",
    "pack ",
    "unpack",
    "to_bytes",
    "bytes([",
    "bytes((",
    "bytearray([",
    "bytearray((",
    "Buffer.from([",
];

/// Encodings that, named to `Buffer.from(…, E)` or `.toString(E)`, turn
/// text the scan sees into other text.
const HIDING_ENCODINGS: &[&str] = &[
    "hex",
    "base64",
    "base64url",
    "binary",
    "latin1",
    "ucs2",
    "ucs-2",
    "utf16le",
    "utf-16le",
];

/// The marker of text the program decodes or builds from codes, which the
/// scan cannot read (see [`HIDES`]).
fn hidden_text(code: &str, lexed: &Lexed, values: &[(usize, String)]) -> Option<String> {
    let bare = &lexed.bare;
    if let Some(m) = find_marker(HIDES, bare) {
        return Some(m.trim_end().to_owned());
    }
    // `chr(x)` the scan did not evaluate.
    let unevaluated = |name: &str| bare.matches(name).count() > values.len();
    if let Some(m) = ["chr(", "chr "]
        .into_iter()
        .find(|m| find_marker(&["chr(", "chr "], bare) == Some(*m) && unevaluated(m))
    {
        return Some(m.trim_end().to_owned());
    }
    if code.contains("\\N{") {
        return Some("\\N{".to_owned());
    }
    if lexed.lits.iter().any(|l| l.text.contains("%c")) {
        return Some("%c".to_owned());
    }
    let converts = bare.contains("Buffer.from") || bare.contains("toString(");
    if converts {
        if let Some(l) = lexed
            .lits
            .iter()
            .find(|l| HIDING_ENCODINGS.contains(&l.text.to_ascii_lowercase().as_str()))
        {
            return Some(format!("an encoding, {}", l.text));
        }
    }
    None
}

/// Ways to walk up from a directory.
const ASCENDS: &[&str] = &[
    "pardir",
    ".parent",
    "parents[",
    "dirname",
    "os.path.split",
    "path.resolve(",
    "File.expand_path",
    "updir",
    "parentFile",
    "getParent",
    "chdir(",
    "Dir.chdir",
    "process.chdir",
];

/// An archive extracted as its members name themselves: python's tarfile
/// and `shutil.unpack_archive` keep `../` and absolute names before Python
/// 3.14 (no filter), so where it writes is in the archive, which the scan
/// cannot see.
fn extracts(bare: &str) -> Option<String> {
    let tar =
        bare.contains("tarfile") && (bare.contains("extractall") || bare.contains("extract("));
    let unpack = bare.contains("unpack_archive");
    (tar || unpack).then(|| "extracts an archive whose members name where they go".to_owned())
}

/// Ways to start from the program's own location.
const LOCATES: &[&str] = &[
    "getcwd",
    "cwd()",
    "cwd(",
    "__file__",
    "__dirname",
    "__filename",
    "import.meta",
    "Dir.pwd",
    "FindBin",
    "__DIR__",
    "__FILE__",
    "curdir",
    "abspath",
    "realpath",
    ".resolve(",
    "getwd",
    "[pwd]",
    "user.dir",
    "$PWD",
    "'PWD'",
    "\"PWD\"",
    "{PWD}",
    "env.PWD",
    "'OLDPWD'",
    "\"OLDPWD\"",
    "{OLDPWD}",
    "env.OLDPWD",
    "/proc/self",
    // The home directory, which holds startup files and wicket's cache:
    // `Path.home().joinpath('.bashrc')` names one at run time.
    "home()",
    "homedir",
    "expanduser",
    "Dir.home",
    "'HOME'",
    "\"HOME\"",
    "env.HOME",
    "getpwuid",
];

/// Ways to build text the scan cannot see.
const BUILDS: &[&str] = &[
    "chr(",
    "chr ",
    "fromCharCode",
    "fromCodePoint",
    "b64decode",
    "base64",
    "atob(",
    "Buffer.from",
    "fromhex",
    "unhexlify",
    "codecs",
    "rot13",
    "rot_13",
    "reversed(",
    "reverse",
    "pack(",
    "bytes(",
    "bytearray(",
    "translate(",
    "maketrans",
    "%c",
    "decompress",
    "marshal",
    "pickle",
    "getattr",
    "__import__",
    "importlib",
    "globals(",
    "vars(",
    "__dict__",
    "Function(",
    "eval",
    "exec(",
    "compile(",
    "sprintf",
    "send(",
    "call_user_func",
    "$$",
    "&{",
    "&$",
    "loadstring",
    "load(",
    "parse(",
    "subst ",
    "uplevel",
    "runInThisContext",
    "runInNewContext",
    "globalThis[",
    "window[",
    ".send(:",
    "__send__",
    "instance_eval",
    "class_eval",
    "module_eval",
    "method(:",
    "Reflect.",
    "constructor",
];

/// Calls whose path arguments are certainly changed: what happens to them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Writer {
    /// Every path argument is deleted (a directory with what it holds).
    Deletes,
    /// The first path is removed and the last written.
    Moves,
    /// The last path is written (copies, symbolic links).
    Copies,
    /// The first path is hard-linked and the last written: a write through
    /// the new name writes the first (`os.link(".git", "x")`, then a write
    /// to x rewrote the worktree's `.git`, verified under dash).
    Links,
    /// The first path is written.
    Writes,
    /// `open`: the mode decides.
    Opens,
}

fn writer(name: &str) -> Option<Writer> {
    Some(match name {
        "rmtree"
        | "remove"
        | "unlink"
        | "rmdir"
        | "removedirs"
        | "rmSync"
        | "rmdirSync"
        | "unlinkSync"
        | "rm_rf"
        | "rm_r"
        | "rm_f"
        | "rm"
        | "remove_dir"
        | "remove_entry"
        | "remove_entry_secure"
        | "remove_tree"
        | "delete"
        | "deleteSync"
        | "rimraf"
        | "rimrafSync"
        | "remove_dir_all"
        | "remove_file"
        | "emptyDirSync"
        | "removeSync" => Writer::Deletes,
        "rename" | "renames" | "move" | "renameSync" | "mv" | "moveSync" => Writer::Moves,
        "copy" | "copy2" | "copyfile" | "copytree" | "copyFileSync" | "cpSync" | "cp" | "cp_r"
        | "copyFile" | "symlink" | "symlinkSync" | "ln_s" | "ln_sf" | "copySync" => Writer::Copies,
        "link" | "linkSync" | "ln" | "hardlink_to" => Writer::Links,
        "writeFileSync" | "writeFile" | "appendFileSync" | "appendFile" | "write_text"
        | "write_bytes" | "file_put_contents" | "truncate" | "truncateSync" | "write" | "mkdir"
        | "makedirs" | "mkdirSync" | "mkpath" | "make_path" | "mkdir_p" | "touch" | "chmod"
        | "chmodSync" | "chown" | "utime" | "createWriteStream" | "outputFileSync"
        | "writeJsonSync" => Writer::Writes,
        "open" | "fopen" | "openSync" | "sysopen" => Writer::Opens,
        _ => return None,
    })
}

/// Methods of a path object (`Path('x').unlink()`) and what they do to it.
fn path_method(name: &str) -> Option<Writer> {
    Some(match name {
        "unlink" | "rmdir" | "rmtree" | "delete" => Writer::Deletes,
        "rename" | "replace" => Writer::Moves,
        "write_text" | "write_bytes" | "touch" | "mkdir" | "chmod" | "symlink_to"
        | "hardlink_to" | "link_to" => Writer::Writes,
        "open" => Writer::Opens,
        _ => return None,
    })
}

/// Functions that run their argument as a shell command (or a program and
/// its words), in any of the languages.
const SHELL_CALLS: &[&str] = &[
    "system",
    "popen",
    "run",
    "call",
    "check_call",
    "check_output",
    "Popen",
    "getoutput",
    "getstatusoutput",
    "execSync",
    "execFileSync",
    "execFile",
    "spawnSync",
    "spawn",
    "exec",
    "shell_exec",
    "passthru",
    "proc_open",
    "pcntl_exec",
    "execute",
    "capture2",
    "capture2e",
    "capture3",
    "popen3",
    "system2",
    "execl",
    "execlp",
    "execv",
    "execvp",
    "execvpe",
    "execle",
    "execve",
    "spawnl",
    "spawnlp",
    "spawnv",
    "spawnvp",
];

/// Receivers for which a method named like a shell call is one.
const SHELL_RECEIVERS: &[&str] = &[
    "os",
    "subprocess",
    "child_process",
    "cp",
    "Kernel",
    "Open3",
    "IO",
    "io",
    "Process",
    "Runtime",
    "pty",
    "commands",
    "sh",
    "shell",
    "execa",
    "Deno",
    "Bun",
];

/// Functions that run their argument as code of the same language.
const CODE_CALLS: &[&str] = &[
    "eval",
    "exec",
    "Function",
    "compile",
    "instance_eval",
    "load",
];

/// Read a literal program: what it names, runs and reads.
pub fn scan_code(r: &mut Reader, program: &str, language: Language, code: &str) {
    let scope = r.start_scope();
    scan(r, program, language, code, &scope);
}

/// [`scan_code`] in a scope (the shell's directory and variables).
pub fn scan(r: &mut Reader, program: &str, language: Language, code: &str, scope: &Scope) {
    scan_with(r, program, language, code, scope, Inputs::default());
}

/// What a program given on the command line receives besides its code that
/// is only known when it runs: text there may name any path.
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    /// A word after the code is only known when it runs (a substitution, a
    /// variable, words xargs appends).
    pub args_unknown: bool,
    /// The literal words after the code, which it may read as its arguments.
    pub args: Vec<String>,
    /// Its standard input is fed (a pipe, a file, a here-string).
    pub stdin_fed: bool,
    /// It loops over its input's lines (`perl -n`/`-p`, `ruby -n`/`-p`).
    pub line_loop: bool,
}

/// [`scan`] for a program that receives `inputs`.
pub fn scan_with(
    r: &mut Reader,
    program: &str,
    language: Language,
    code: &str,
    scope: &Scope,
    inputs: Inputs,
) {
    Scan {
        program,
        language,
        scope,
        placed: 0,
        depth: 0,
        inputs,
        env_unknown: None,
    }
    .run(r, code);
}

struct Scan<'s> {
    program: &'s str,
    language: Language,
    scope: &'s Scope,
    placed: usize,
    depth: usize,
    inputs: Inputs,
    /// A variable the code reads from its environment that this command
    /// set to a value only known when it runs.
    env_unknown: Option<String>,
}

impl Scan<'_> {
    fn run(&mut self, r: &mut Reader, code: &str) {
        let program = self.program;
        if code.len() > MAX_CODE {
            r.guard(
                Effect::Opaque,
                format!(
                    "the {program} program is longer than wicket reads ({} bytes, {MAX_CODE} at most)",
                    code.len()
                ),
            );
            return;
        }
        if let Some(fragment) = r.secret_in(code) {
            r.guard(
                Effect::Secret,
                format!("the {program} program names a secret ({fragment})"),
            );
        }
        let lexed = lex(code, self.language.lexis());
        let values = evaluated(code, &lexed);
        // Everything the scan can see as a string: each literal, the runs of
        // literals the code joins, and what simple operations on literals give.
        let mut texts: Vec<String> = Vec::new();
        for lit in &lexed.lits {
            texts.push(lit.text.clone());
            // perl's two-argument open carries its mode in the name, with
            // blanks around it dropped: `open F, "> .git "` opened the
            // worktree's .git (verified under dash).
            if self.language == Language::Perl {
                if let (Some(_), path) = perl_open_mode(lit.text.trim_start()) {
                    texts.push(path.trim_end().to_owned());
                }
            }
        }
        // tcl's words are its strings: `file link -hard x .git` names the
        // worktree's .git with no quotes at all (verified under dash).
        if self.language == Language::Tcl {
            for word in lexed
                .bare
                .split(|c: char| c.is_whitespace() || "[]{};\"".contains(c))
            {
                if could_name_file(word) {
                    texts.push(word.to_owned());
                }
            }
        }
        // Words the program reads as its arguments are its text too
        // (`require("child_process")[["ex","ecSync"].join("")](process.argv[1])
        // 'echo x >> ../../repo.git/config'` ran the word; verified under dash).
        if find_marker(READS_ARGS, &lexed.bare).is_some() {
            texts.extend(self.inputs.args.iter().cloned());
        }
        texts.extend(runs(code, &lexed, &values));
        texts.extend(values.iter().map(|(_, v)| v.clone()));
        let all: String = lexed
            .lits
            .iter()
            .map(|l| l.text.as_str())
            .chain(values.iter().map(|(_, v)| v.as_str()))
            .collect();
        texts.push(all);
        texts.push(squeezed(code));
        texts.push(code.to_owned());
        // A program that expands patterns (`glob.glob`, `Dir.glob`, perl's
        // `glob`) reaches what its patterns can match: `~/.a*/cred*` is
        // `~/.aws/credentials`.
        let globs = lexed.bare.contains("glob") || lexed.bare.contains("Dir[");
        for text in &texts {
            let found = r.secret_in(text).or_else(|| {
                globs
                    .then(|| crate::secrets::secret_in_pattern(r, text))
                    .flatten()
            });
            if let Some(fragment) = found {
                r.guard(
                    Effect::Secret,
                    format!("the {program} program builds a secret's name ({fragment})"),
                );
                break;
            }
        }
        for text in &texts {
            if let Some(hint) = self.hint(r, text) {
                r.guard(
                    Effect::Opaque,
                    format!(
                        "the {program} program names {hint}, which is protected; the operator decides"
                    ),
                );
                break;
            }
        }
        // A program that changes permissions (`os.chmod`, `fs.chmodSync`,
        // `os.umask`) may close a directory a later `cd` goes to, and one
        // that prunes emptied parents (`os.removedirs`, `os.renames`) may
        // remove it: where it does is not worked out, so every later `cd`
        // is uncertain.
        if [
            "chmod",
            "chown",
            "umask",
            "setfacl",
            "removedirs",
            "renames",
        ]
        .iter()
        .any(|name| lexed.bare.contains(name))
        {
            r.changes_access(&Arg::literal("/"), self.scope);
        }
        self.environment(r, code, &lexed);
        self.certain_changes(r, code, &lexed);
        self.paths(r, &lexed, &texts);
        self.shell_outs(r, code, &lexed);
        self.nested_code(r, code, &lexed);
        self.run_time_paths(r, code, &lexed, &values);
        self.signals(r, &lexed);
        if let Some(how) = built_link(code, &lexed, self.language) {
            r.guard(
                Effect::Opaque,
                format!(
                    "the {program} program hard-links a path it builds at run time (`{how}`): a second name for the worktree's .git, or anything else, is only known when it runs"
                ),
            );
        }
        if let Some(how) = built_write(code, &lexed, self.language) {
            r.guard(
                Effect::Opaque,
                format!(
                    "the {program} program writes, deletes or renames a path it derives from constants at run time (`{how}`): which name that is, the worktree's .git or anything else, is only known when it runs"
                ),
            );
        }
        // Names that hold literal text, read as that text (`a = ".g";
        // os.link(a + "it", "x")` linked the worktree's `.git`, verified
        // under dash): the code again with them written in.
        if self.depth < MAX_NESTED {
            if let Some(written) = substituted(code, &lexed, self.language) {
                let placed = std::mem::take(&mut self.placed);
                self.depth += 1;
                self.run(r, &written);
                self.depth -= 1;
                self.placed = placed.max(self.placed);
            }
        }
    }

    /// A signal sent to the process that runs the code's shell, its whole
    /// process group or every process: litany is the parent of the agent's
    /// `sh`, and bash hands its last command the shell's place, so
    /// `os.getppid()` in `python3 -c` under `bash -c` is the harness's id
    /// (verified: the code printed the id of the process that ran
    /// `bash -c`). Read like the shell's `kill $PPID` and `kill 0`.
    fn signals(&self, r: &mut Reader, lexed: &Lexed) {
        let program = self.program;
        let bare = &lexed.bare;
        let mut signals = false;
        let mut reaches: Option<String> = None;
        for (at, ident) in identifiers(bare) {
            let name = ident.rsplit(['.', ':']).next().unwrap_or(ident);
            if !matches!(
                name,
                "kill"
                    | "killpg"
                    | "posix_kill"
                    | "pthread_kill"
                    | "pidfd_send_signal"
                    | "send_signal"
            ) {
                continue;
            }
            signals = true;
            let args = call_arguments(&bare[at + ident.len()..], self.language);
            // Which arguments are process ids: perl's `kill SIG, LIST` and
            // ruby's `Process.kill(SIG, *PIDS)` name the signal first.
            let pids: Vec<&str> = match self.language {
                Language::Perl | Language::Ruby => {
                    let mut pids: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
                    // perl: a negative signal signals process groups.
                    if self.language == Language::Perl
                        && args
                            .first()
                            .is_some_and(|a| a.trim_start().starts_with('-'))
                    {
                        reaches.get_or_insert_with(|| {
                            format!("process groups (`{ident} {}`)", args.join(","))
                        });
                    }
                    pids.retain(|p| !p.trim().is_empty());
                    pids
                }
                _ => args.iter().take(1).map(String::as_str).collect(),
            };
            if name == "killpg" {
                reaches.get_or_insert_with(|| format!("a whole process group (`{ident}`)"));
            }
            for pid in pids {
                let pid = pid.trim();
                if pid == "0" {
                    reaches.get_or_insert_with(|| {
                        format!("its whole process group (`{ident}` with 0)")
                    });
                } else if pid.starts_with('-') {
                    reaches.get_or_insert_with(|| {
                        format!("a process group or every process (`{ident}` with {pid})")
                    });
                } else if let Some(m) = parent_marker(pid) {
                    reaches.get_or_insert_with(|| format!("the process {m} names"));
                }
            }
        }
        if !signals {
            return;
        }
        // The parent's or group's id kept in a variable first.
        if reaches.is_none() {
            if let Some(m) = parent_marker(bare) {
                reaches = Some(format!("a process whose id it takes from {m}"));
            } else if lexed
                .lits
                .iter()
                .any(|l| l.text.contains("/stat") || l.text.contains("PPid"))
            {
                reaches =
                    Some("a process whose id it reads from a process's stat or status file".into());
            }
        }
        if let Some(what) = reaches {
            r.guard(
                Effect::Destructive,
                format!(
                    "the {program} program signals {what}, which may be the harness that runs the call (litany is the parent of the agent's shell)"
                ),
            );
        }
    }

    /// A protected entry a text names by name (not by where it lands).
    fn hint(&self, r: &Reader, text: &str) -> Option<String> {
        // The agent's own worktree, by its absolute path, is its own.
        let root = r.ctx.writable_root.trim_end_matches('/');
        let owned;
        let text = if !root.is_empty() && text.contains(root) {
            owned = text.replace(root, "<root>");
            owned.as_str()
        } else {
            text
        };
        let lower = text.to_ascii_lowercase();
        for fixed in ["repo.git", ".wicket", "litany_", "wicket_"] {
            if lower.contains(fixed) {
                return Some(match fixed {
                    "litany_" => "LITANY_…, the harness's variables".into(),
                    "wicket_" => "WICKET_…, wicket's variables".into(),
                    other => other.to_owned(),
                });
            }
        }
        // The worktree's own `.git` as a whole path, literal, joined or
        // assigned (`p = ".git"; os.link(p, "x")` made a second name for
        // it, verified under dash).
        if text.trim_end_matches('/').rsplit('/').next() == Some(".git")
            && !text.contains(char::is_whitespace)
        {
            return Some("the worktree's .git".into());
        }
        if let Some(id) = other_agent_id(text, r) {
            return Some(format!("the agent {id}'s worktree"));
        }
        let ws = r.ctx.workspace.trim_end_matches('/');
        if !ws.is_empty() && text.contains(ws) {
            return Some(format!("the workspace {ws}"));
        }
        // A protected entry by its last component, as a component of a path
        // (`~/.cache/wicket/x`), unless that name is a common word.
        if text.contains('/') {
            for entry in r.protected() {
                if entry.starts_with(r.ctx.writable_root.as_str()) {
                    continue;
                }
                let Some(last) = entry.rsplit('/').next() else {
                    continue;
                };
                let common = matches!(
                    last,
                    "agents"
                        | "inbox"
                        | "steps"
                        | "tools"
                        | "bin"
                        | "lib"
                        | "share"
                        | "config"
                        | "cache"
                        | "src"
                        | "git"
                        | ""
                );
                if !common && text.split(['/', '\\']).any(|c| c == last) {
                    return Some(entry.clone());
                }
            }
        }
        // A protected entry by its last two components (`.cache/wicket`), or
        // an absolute protected path.
        for entry in r.protected() {
            if entry.starts_with(r.ctx.writable_root.as_str()) {
                continue;
            }
            let parts: Vec<&str> = entry.split('/').filter(|p| !p.is_empty()).collect();
            if parts.len() >= 2 {
                let tail = format!("{}/{}", parts[parts.len() - 2], parts[parts.len() - 1]);
                if contains_path(text, &tail) {
                    return Some(entry.clone());
                }
            }
            if text.contains(entry.as_str()) {
                return Some(entry.clone());
            }
        }
        None
    }

    /// Paths the literals name: protected ones (or a walk up to a
    /// directory holding one) are held.
    fn paths(&mut self, r: &mut Reader, lexed: &Lexed, texts: &[String]) {
        let program = self.program;
        let mut candidates: Vec<String> = Vec::new();
        for text in texts.iter().take(texts.len().saturating_sub(3)) {
            for part in text.split(HOLE) {
                // `qw(a b)` and argument strings: each word may be a path too.
                candidates.push(part.to_owned());
                if part.contains(char::is_whitespace) {
                    candidates.extend(part.split_whitespace().map(str::to_owned));
                }
            }
        }
        // Bare words that look like paths (tcl, shell-like languages), and
        // perl's `<pattern>` glob operator (`unlink <../../.w*/x>` deleted
        // the file, verified under dash).
        for word in lexed
            .bare
            .split(|c: char| c.is_whitespace() || "()[]{},;=\"'`<>".contains(c))
        {
            if word.contains('/') && word.len() > 1 {
                candidates.push(word.to_owned());
            }
        }
        candidates.sort();
        candidates.dedup();
        for candidate in candidates {
            let candidate = candidate.trim();
            if !looks_like_path(candidate) {
                continue;
            }
            let ascends = has_dotdot(candidate);
            let absolute = candidate.starts_with('/') || candidate.starts_with('~');
            if !ascends && !absolute {
                continue;
            }
            if self.placed >= MAX_PLACED {
                r.guard(
                    Effect::Opaque,
                    format!(
                        "the {program} program names more than {MAX_PLACED} paths; the rest were not placed"
                    ),
                );
                return;
            }
            self.placed += 1;
            let arg = Arg {
                values: Some(vec![candidate.to_owned()]),
                glob: candidate.contains(['*', '?', '[']),
                shown: candidate.to_owned(),
            };
            for place in r.places(&arg, self.scope) {
                let found = match place {
                    Place::Protected { path, entry } => Some(format!(
                        "{path}, which is protected ({})",
                        crate::read::protected_label(&entry, r.ctx)
                    )),
                    Place::Above { path, entry } => Some(format!(
                        "{path}, a pattern that can reach {entry} ({})",
                        crate::read::protected_label(&entry, r.ctx)
                    )),
                    // Walking up, or a directory not there yet above
                    // protected entries (`~/.config` before it is made: a
                    // link made there leads every path beneath it).
                    Place::Outside { path, kind }
                        if ascends || kind == wicket_guest::PathKind::Missing =>
                    {
                        r.protected_beneath(&path).map(|entry| {
                            format!(
                                "{path}, a directory holding {entry} ({})",
                                crate::read::protected_label(&entry, r.ctx)
                            )
                        })
                    }
                    Place::Unknown(what) if ascends => {
                        Some(format!("`{what}`, a path only known when it runs"))
                    }
                    _ => None,
                };
                if let Some(found) = found {
                    r.guard(
                        Effect::Opaque,
                        format!(
                            "the {program} program names {found}; it may write there, so the operator decides"
                        ),
                    );
                    return;
                }
            }
        }
    }

    /// Paths a known writer certainly changes: placed as that change.
    fn certain_changes(&mut self, r: &mut Reader, code: &str, lexed: &Lexed) {
        let shown = format!("the {} program", self.program);
        for (index, lit) in lexed.lits.iter().enumerate() {
            if lit.command || lit.text.contains(HOLE) || !could_name_file(&lit.text) {
                continue;
            }
            // perl's builtin without parentheses: `link ".git", "x"`.
            if self.language == Language::Perl {
                let before = code[..lit.start].trim_end();
                let bare_link = before.strip_suffix("link").is_some_and(|b| {
                    !b.ends_with(|c: char| c.is_alphanumeric() || "_>:$@%&".contains(c))
                });
                if bare_link {
                    r.change(
                        &Arg::literal(&lit.text),
                        self.scope,
                        Change::Link,
                        Reach::Path,
                        &shown,
                    );
                    continue;
                }
                // Its two-argument open without parentheses: `open F,
                // ">.git"`, `open my $f, ">>x"`.
                if let (true, (Some(mode), path)) = (
                    perl_bare_open(before),
                    perl_open_mode(lit.text.trim_start()),
                ) {
                    if let Some((change, reach)) = open_mode(Some(mode)) {
                        let arg = Arg::literal(path.trim_end());
                        r.change(&arg, self.scope, change, reach, &shown);
                    }
                    continue;
                }
            }
            let Some((name, position, of)) = enclosing_call(code, lexed, index) else {
                continue;
            };
            // A bare name is a path too when a known writer takes it
            // (`os.link(".git", "x")`); elsewhere only what looks like one.
            if !looks_like_path(&lit.text) && writer(&name).is_none() {
                continue;
            }
            if !whole_argument(code, lit, &name) {
                // `p + '/x'`: the literal is part of a path built at run time.
                continue;
            }
            let change = match (writer(&name), path_object_method(code, lexed, index)) {
                (_, Some(method)) => match method {
                    (Writer::Deletes, _) => Some((Change::Delete, Reach::Tree)),
                    (Writer::Moves, _) => Some((Change::Delete, Reach::Tree)),
                    (Writer::Writes, _) | (Writer::Copies, _) | (Writer::Links, _) => {
                        Some((Change::Overwrite, Reach::Path))
                    }
                    (Writer::Opens, mode) => open_mode(mode.as_deref()),
                },
                (Some(Writer::Deletes), None) => Some((Change::Delete, Reach::Tree)),
                (Some(Writer::Moves), None) if position == 0 => Some((Change::Delete, Reach::Tree)),
                // `shutil.copytree(src, dst, copy_function=os.link)`
                // hard-links the whole tree.
                (Some(Writer::Copies), None)
                    if position == 0 && name == "copytree" && lexed.bare.contains("link") =>
                {
                    Some((Change::Link, Reach::Tree))
                }
                (Some(Writer::Links), None)
                    if position == 0 && (of > 1 || name == "hardlink_to") =>
                {
                    Some((Change::Link, Reach::Path))
                }
                (Some(Writer::Moves), None)
                | (Some(Writer::Copies), None)
                | (Some(Writer::Links), None)
                    if position + 1 == of && position > 0 =>
                {
                    Some((Change::Overwrite, Reach::Tree))
                }
                (Some(Writer::Writes), None) if position == 0 => {
                    Some((Change::Overwrite, Reach::Path))
                }
                (Some(Writer::Opens), None) => {
                    // perl's two-argument open: the mode is in the path.
                    let (mode, path) = perl_open_mode(lit.text.trim_start());
                    if let Some(mode) = mode {
                        if let Some(change) = open_mode(Some(mode)) {
                            let arg = Arg::literal(path.trim_end());
                            r.change(&arg, self.scope, change.0, change.1, &shown);
                        }
                        continue;
                    }
                    if position == 0 {
                        let mode = call_literal(code, lexed, index, 1);
                        let mode = mode.or_else(|| {
                            // perl's three-argument open: `open(my $f, '>', PATH)`.
                            (position > 0)
                                .then(|| call_literal(code, lexed, index, position - 1))
                                .flatten()
                        });
                        open_mode(mode.as_deref())
                    } else {
                        let before = call_literal(code, lexed, index, position - 1);
                        open_mode(before.as_deref())
                    }
                }
                _ => None,
            };
            if let Some((change, reach)) = change {
                r.change(&Arg::literal(&lit.text), self.scope, change, reach, &shown);
            }
        }
    }

    /// Environment reads: one named, harmless variable passes; a dump, a
    /// name built at run time or a credential's name is secret.
    fn environment(&mut self, r: &mut Reader, code: &str, lexed: &Lexed) {
        let program = self.program;
        if matches!(self.language, Language::Node | Language::Deno) {
            if let Some(how) = process_object_escapes(&lexed.bare) {
                r.guard(
                    Effect::Secret,
                    format!("the {program} program reads the environment ({how})"),
                );
            }
        }
        if self.language == Language::Perl {
            if let Some(how) = perl_symbolic_environment(code, lexed) {
                r.guard(
                    Effect::Secret,
                    format!("the {program} program reads the environment ({how})"),
                );
            }
        }
        // Libraries that read a credential file by default and hand back
        // what it holds: python's `netrc.netrc()` (verified: printing it
        // showed ~/.netrc's password), perl's `Net::Netrc`.
        if let Some(library) = ["netrc.netrc", "from netrc import", "Net::Netrc"]
            .iter()
            .find(|l| lexed.bare.contains(**l))
        {
            // As `cat ~/.netrc`: a credential file by its name.
            r.guard(
                Effect::Secret,
                format!(
                    "the {program} program reads ~/.netrc, credentials included, through {library}"
                ),
            );
        }
        for access in env_accesses(code, lexed) {
            match access {
                EnvAccess::Named { name, sets } => {
                    if sets && is_harness_variable(&name) {
                        r.guard(
                            Effect::Destructive,
                            format!(
                                "the {program} program sets {name} for what it launches, which only the harness may set"
                            ),
                        );
                    } else if !sets && is_credential_name(&name) {
                        r.guard(
                            Effect::Secret,
                            format!(
                                "the {program} program reads the environment variable {name}, a credential's name"
                            ),
                        );
                    } else if !sets {
                        self.set_here(r, &name);
                    }
                }
                EnvAccess::Whole(how) => {
                    r.guard(
                        Effect::Secret,
                        format!("the {program} program reads the environment ({how})"),
                    );
                }
            }
        }
    }

    /// A variable the code reads that this command set
    /// (`X=../../.wicket python3 -c '…os.environ["X"]…'`): a value that
    /// lands in the protected set is held like a literal naming it; a value
    /// only known when it runs is a path source for [`Self::run_time_paths`].
    fn set_here(&mut self, r: &mut Reader, name: &str) {
        let program = self.program;
        match self.scope.vars.get(name) {
            Some(Some(values)) => {
                for value in values {
                    let found = match r.place(value, self.scope) {
                        Some(Place::Protected { path, entry } | Place::Above { path, entry }) => {
                            Some((path, entry))
                        }
                        _ => None,
                    };
                    if let Some((path, entry)) = found {
                        r.guard(
                            Effect::Opaque,
                            format!(
                                "the {program} program reads {name} from its environment, which this command set to {path}, which is protected ({}); it may write there",
                                crate::read::protected_label(&entry, r.ctx)
                            ),
                        );
                        return;
                    }
                }
            }
            Some(None) => {
                self.env_unknown.get_or_insert_with(|| name.to_owned());
            }
            None => {}
        }
    }

    /// Commands the program runs through the shell or as a program with
    /// words: literal ones are read; others are opaque.
    fn shell_outs(&mut self, r: &mut Reader, code: &str, lexed: &Lexed) {
        let program = self.program;
        for lit in lexed.lits.iter().filter(|l| l.command) {
            self.run_command_text(r, &lit.text);
        }
        for (name, at, args) in calls(code, lexed) {
            if !SHELL_CALLS.contains(&name.as_str()) {
                continue;
            }
            let receiver = receiver_before(code, at);
            let plain = receiver.is_none();
            let known_receiver = receiver.as_deref().is_some_and(|rcv| {
                SHELL_RECEIVERS.contains(&rcv) || rcv.ends_with("child_process")
            });
            // A bare `run(…)`/`call(…)`/`exec(…)` is too common to be one
            // unless it is one of the unmistakable names.
            let unmistakable = !matches!(name.as_str(), "run" | "call" | "exec" | "execute");
            let counts = known_receiver
                || (plain && unmistakable)
                || (plain && name == "exec" && self.language == Language::Perl);
            if !counts {
                continue;
            }
            match args {
                CallArgs::Literals { words, list } => {
                    if words.is_empty() {
                        continue;
                    }
                    if !list && words.len() == 1 {
                        self.run_command_text(r, &words[0]);
                    } else {
                        let mut words = words;
                        if name.starts_with("exec") && name.len() > 4 && words.len() > 1 {
                            // os.execv(path, [argv0, …]): the path runs.
                            words.remove(1);
                        }
                        let inv =
                            Invocation::of_words(words.iter().map(|w| Arg::literal(w)).collect());
                        let mut inner = self.scope.clone();
                        r.read_invocation(&inv, &mut inner);
                    }
                }
                CallArgs::Built => r.guard(
                    Effect::Opaque,
                    format!("the {program} program runs a command built at run time ({name})"),
                ),
            }
        }
        // AppleScript: `do shell script "…"`.
        let mut from = 0;
        while let Some(found) = code[from..].find("do shell script") {
            let at = from + found + "do shell script".len();
            from = at;
            let next = code[at..].trim_start();
            let start = code.len() - next.len();
            match lexed.starting_at(start) {
                Some(lit)
                    if !lit.text.contains(HOLE)
                        && !code[lit.end..].trim_start().starts_with('&') =>
                {
                    let text = lit.text.clone();
                    self.run_command_text(r, &text);
                }
                _ => r.guard(
                    Effect::Opaque,
                    format!("the {program} program runs a shell script built at run time"),
                ),
            }
        }
        // tcl: `exec word word …`.
        if self.language == Language::Tcl {
            for line in lexed.bare.split(['\n', ';', '[', ']']) {
                let words: Vec<&str> = line.split_whitespace().collect();
                if words.first() == Some(&"exec") {
                    if words[1..].iter().all(|w| !w.contains(['$', '[', HOLE])) {
                        let inv = Invocation::of_words(
                            words[1..].iter().map(|w| Arg::literal(w)).collect(),
                        );
                        let mut inner = self.scope.clone();
                        r.read_invocation(&inv, &mut inner);
                    } else {
                        r.guard(
                            Effect::Opaque,
                            format!("the {program} program runs a command built at run time"),
                        );
                    }
                }
            }
        }
    }

    fn run_command_text(&mut self, r: &mut Reader, text: &str) {
        if text.contains(HOLE) {
            r.guard(
                Effect::Opaque,
                format!(
                    "the {} program runs a command with parts built at run time (`{}`)",
                    self.program,
                    crate::clip(&text.replace(HOLE, "…"), 60)
                ),
            );
            return;
        }
        let mut inner = self.scope.clone();
        r.read_text(text, &mut inner);
    }

    /// `eval("…")`, `exec('…')`: literal code is scanned as code too.
    fn nested_code(&mut self, r: &mut Reader, code: &str, lexed: &Lexed) {
        for (name, at, args) in calls(code, lexed) {
            if !CODE_CALLS.contains(&name.as_str())
                || SHELL_CALLS.contains(&name.as_str()) && receiver_before(code, at).is_some()
            {
                continue;
            }
            if let CallArgs::Literals { words, list: false } = args {
                if words.len() == 1 && self.depth < MAX_NESTED {
                    self.depth += 1;
                    let inner = words[0].clone();
                    self.run(r, &inner);
                    self.depth -= 1;
                }
            }
        }
    }

    /// A program that changes files and builds its paths at run time — from
    /// its own location, by walking up, from codes — is held: where it
    /// writes is decided when it runs.
    fn run_time_paths(
        &mut self,
        r: &mut Reader,
        code: &str,
        lexed: &Lexed,
        values: &[(usize, String)],
    ) {
        let node_repl = lexed
            .lits
            .iter()
            .any(|l| l.text == "repl" || l.text == "node:repl")
            .then_some("repl");
        if let Some(m) = find_marker(REPLS, &lexed.bare).or(node_repl) {
            r.guard(
                Effect::Opaque,
                format!(
                    "the {} program starts an interpreter or debugger (`{m}`), which runs the code it reads from its input",
                    self.program
                ),
            );
        }
        if let Some(m) = hidden_text(code, lexed, values) {
            r.guard(
                Effect::Opaque,
                format!(
                    "the {} program decodes or builds text the scan cannot read (`{m}`): what that text names, and what the program does with it, is only known when it runs",
                    self.program
                ),
            );
            return;
        }
        let t = traits(code, lexed, values, self.language);
        let Some(changes) = t.changes else { return };
        if lexed.unterminated {
            r.guard(
                Effect::Opaque,
                format!(
                    "the {} program has a string the scan could not close, and can change files or run commands (`{changes}`)",
                    self.program
                ),
            );
        }
        let how = t
            .ascends
            .map(|m| format!("walks up a directory (`{m}`)"))
            .or_else(|| {
                t.locates
                    .map(|m| format!("starts from its own location (`{m}`)"))
            })
            .or_else(|| {
                t.builds
                    .map(|m| format!("builds text at run time (`{}`)", m.replace(HOLE, "…")))
            })
            .or_else(|| self.receives(r, lexed))
            .or_else(|| extracts(&lexed.bare));
        if let Some(how) = how {
            r.guard(
                Effect::Opaque,
                format!(
                    "the {} program {how} and can change files or run commands (`{changes}`): where it writes is only known when it runs",
                    self.program
                ),
            );
        }
    }
}

impl Scan<'_> {
    /// Text the program takes from outside itself that is only known when
    /// it runs, and may name any path (`echo ../../.wicket | python3 -c
    /// '…shutil.rmtree(input())'`, `perl -lne unlink`).
    fn receives(&self, r: &Reader, lexed: &Lexed) -> Option<String> {
        let bare = &lexed.bare;

        if self.inputs.line_loop {
            return Some("loops over its input's lines (`-n`/`-p`)".to_owned());
        }
        if let Some(name) = &self.env_unknown {
            return Some(format!(
                "reads {name} from its environment, set by this command to text only known when it runs"
            ));
        }
        if self.inputs.stdin_fed {
            let literal = lexed.lits.iter().any(|l| l.text.contains("/dev/stdin"));
            if let Some(m) = find_marker(READS_STDIN, bare).or(literal.then_some("/dev/stdin")) {
                return Some(format!("reads its input (`{m}`), which is fed to it"));
            }
        }
        if let Some(m) = find_marker(READS_ARGS, bare) {
            if self.inputs.args_unknown {
                return Some(format!(
                    "reads its arguments (`{m}`), one only known when it runs"
                ));
            }
            // A word that may be a command, or a path anywhere but inside
            // the worktree (through a link, `..`, `/proc/self/cwd`).
            let unplain = |a: &String| {
                a.contains([';', '|', '&', '>', '<', '$', '`', '\n'])
                    || r.places(&Arg::literal(a), self.scope)
                        .iter()
                        .any(|p| !matches!(p, Place::Inside(_) | Place::Stream | Place::Network(_)))
            };
            if let Some(a) = self.inputs.args.iter().find(|a| unplain(a)) {
                return Some(format!(
                    "reads its arguments (`{m}`), among them `{}`",
                    crate::clip(a, 60)
                ));
            }
        }
        None
    }
}

/// Interpreters and debuggers started from code: they run the statements
/// they read from stdin (`import code; code.interact()` ran a file's text
/// fed to it, verified under dash).
const REPLS: &[&str] = &[
    "interact(",
    "InteractiveConsole",
    "InteractiveInterpreter",
    "pdb.",
    "breakpoint(",
    "set_trace(",
    "IRB.start",
    "binding.irb",
    "binding.pry",
    "repl.start",
];

/// Ways a program reads its standard input.
const READS_STDIN: &[&str] = &[
    "stdin",
    "STDIN",
    "input(",
    "fileinput",
    "readline",
    "readFileSync(0",
    "<>",
    "gets",
    "ARGF",
    "io.read",
    "io.lines",
    "readLines(",
    "file(\"stdin\")",
];

/// Ways a program reads its arguments.
const READS_ARGS: &[&str] = &["argv", "ARGV", "shift", "arg[", "args", "commandArgs"];

/// Markers that only mean what they mean as a global function: `compile(`
/// is python's builtin, `re.compile(` is not; `load(` is lua's, not
/// `json.load(`.
const GLOBAL_ONLY: &[&str] = &[
    "compile(",
    "load(",
    "eval",
    "exec(",
    "vars(",
    "globals(",
    "parse(",
    "reverse",
    "reversed(",
    "bytes(",
    "bytearray(",
    "translate(",
    "send(",
    "write(",
    "replace(",
    "sprintf",
];

/// The first marker of `list` that stands in `text` as a name (not inside
/// a longer identifier; not as a method when it only means the global).
fn find_marker(list: &'static [&'static str], text: &str) -> Option<&'static str> {
    list.iter().copied().find(|m| {
        text.match_indices(m).any(|(at, _)| {
            let before = text[..at].chars().last();
            let word_start = m.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            if word_start && before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                return false;
            }
            !(GLOBAL_ONLY.contains(m) && before == Some('.'))
        })
    })
}

/// The traits of a program's code (comments and literals aside).
fn traits(code: &str, lexed: &Lexed, values: &[(usize, String)], language: Language) -> Traits {
    let bare = &lexed.bare;
    let find = find_marker;
    let mut t = Traits {
        changes: find(CHANGES, bare),
        ascends: find(ASCENDS, bare),
        locates: find(LOCATES, bare),
        builds: find(BUILDS, bare),
    };
    // `chr(46)` the scan evaluated is not a hidden build.
    if t.builds == Some("chr(") && values.iter().any(|_| true) {
        let unevaluated = bare.matches("chr(").count() > values.len();
        if !unevaluated {
            t.builds = find(&BUILDS[2..], bare);
        }
    }
    // A character by its name (`"\N{FULL STOP}git"` is `.git` in python
    // and perl), which the scan does not know.
    if t.builds.is_none() && code.contains("\\N{") {
        t.builds = Some("\\N{");
    }
    // tcl: every string operation is a command substitution (`[string
    // tolower .GIT]`, `[string map {j i} .gjt]` named `.git`, verified under
    // dash); one whose command only opens, joins paths or reads is not a
    // build (`[file rootname .git.x]` is `.git`: only `file join` is). `file delete`/`rename`/`copy`/`link`/`mkdir` change files.
    if language == Language::Tcl {
        const PLAIN: &[&str] = &[
            "open", "pwd", "glob", "gets", "read", "puts", "close", "info", "clock", "llength",
            "incr", "set", "expr", "eof", "flush", "after", "exec",
        ];
        if t.changes.is_none() {
            t.changes = [
                "file delete",
                "file rename",
                "file copy",
                "file link",
                "file mkdir",
            ]
            .into_iter()
            .find(|m| bare.contains(m));
        }
        if t.builds.is_none() {
            t.builds = bare.match_indices('[').find_map(|(at, _)| {
                let word = bare[at + 1..]
                    .trim_start()
                    .split(|c: char| c.is_whitespace() || c == ']')
                    .next()
                    .unwrap_or("");
                let plain = PLAIN.contains(&word)
                    || (word == "file"
                        && bare[at..]
                            .trim_start_matches(['[', ' '])
                            .starts_with("file join"));
                (!plain && !word.is_empty()).then_some("[…] (a tcl command substitution)")
            });
        }
    }
    // A format of character codes (`"%c%c/.%cicket" % (46, 46, 119)`)
    // builds text from numbers.
    if t.builds.is_none() && lexed.lits.iter().any(|l| l.text.contains("%c")) {
        t.builds = Some("%c");
    }
    // A dots-only literal joined or repeated (`'.'*2`, `'.' + '.'`) walks up.
    for lit in &lexed.lits {
        if !lit.text.is_empty() && lit.text.chars().all(|c| c == '.' || c == '/') {
            let after = code[lit.end..].trim_start();
            let before = code[..lit.start].trim_end();
            let joins =
                |s: &str| s.starts_with(['*', '+']) || s.starts_with(". ") || s.starts_with("..");
            // Joined, repeated, or kept in a variable for later joining.
            let joined_before = before.ends_with(['+', '*'])
                || before.ends_with(" .")
                || before.ends_with("..")
                || (before.ends_with('=') && !before.ends_with("==") && !before.ends_with("!="));
            if joins(after) || joined_before {
                t.ascends
                    .get_or_insert("a dots-only string joined at run time");
            }
        }
        // `base + '/../x'`, `f"{base}/.."`: a walk up from a directory only
        // known when it runs.
        if has_dotdot(&lit.text) {
            t.ascends.get_or_insert("a path with `..` in it");
        }
    }
    // Running text as code, or reaching a function by a name built at run
    // time, can change anything: it counts as a change by itself.
    const EXECUTES: &[&str] = &[
        "eval",
        "exec(",
        "compile(",
        "Function(",
        "constructor",
        "globalThis[",
        "window[",
        "Reflect.",
        "getattr",
        "__import__",
        "importlib",
        "globals(",
        "vars(",
        "__dict__",
        "send(",
        ".send(:",
        "__send__",
        "instance_eval",
        "class_eval",
        "module_eval",
        "method(:",
        "loadstring",
        "load(",
        "runInThisContext",
        "runInNewContext",
        "pickle",
        "marshal",
        "call_user_func",
        "$$",
        "&{",
        "&$",
        "uplevel",
        "subst ",
    ];
    if t.changes.is_none() {
        t.changes = find(EXECUTES, bare);
    }
    // A module the list above does not know may write or run anything its
    // caller hands it: python's `mailbox.mbox(p).add(…)` appended to the
    // repository's config, with p walked up by `os.pardir` (an attack round;
    // verified under dash). An import of a module not known to only compute
    // counts as a change; with a path built at run time, it is held.
    if t.changes.is_none() && language == Language::Python {
        t.changes = python_imports(bare)
            .into_iter()
            .find(|m| !PYTHON_PURE.contains(&m.split('.').next().unwrap_or(m)))
            .map(|_| "an import of a module that may write");
    }
    if t.changes.is_none()
        && matches!(language, Language::Node | Language::Deno)
        && bare
            .split(['\n', ';'])
            .any(|st| st.trim_start().starts_with("import "))
    {
        t.changes = Some("import");
    }
    if t.changes.is_none()
        && language == Language::Ruby
        && find_marker(&["require ", "load "], bare).is_some()
    {
        t.changes = Some("require");
    }
    // A module named in a string (`import * as c from 'child_process'`,
    // `require(m)` with `m = "fs"`): the calls made through it may be
    // computed (`c['exe'+'cSync']`), leaving no name for the list above.
    if t.changes.is_none() {
        const MODULES: &[&str] = &[
            "child_process",
            "fs",
            "fs/promises",
            "fs-extra",
            "vm",
            "worker_threads",
            "subprocess",
            "os",
            "shutil",
            "pathlib",
            "posix",
        ];
        t.changes = lexed.lits.iter().find_map(|l| {
            let name = l.text.strip_prefix("node:").unwrap_or(&l.text);
            MODULES.iter().copied().find(|m| *m == name)
        });
    }
    // perl -i style: in-place edits are read from the operands, not here.
    if language == Language::Perl && t.changes == Some("open ") && !bare.contains("open ") {
        t.changes = None;
    }
    t
}

/// Python modules that only compute: importing one hands the code no way
/// to write or run anything (their writers, like `os`'s, are listed in
/// [`CHANGES`] by name).
const PYTHON_PURE: &[&str] = &[
    "os",
    "sys",
    "json",
    "re",
    "math",
    "cmath",
    "collections",
    "itertools",
    "functools",
    "string",
    "textwrap",
    "datetime",
    "time",
    "calendar",
    "random",
    "hashlib",
    "hmac",
    "statistics",
    "pprint",
    "typing",
    "dataclasses",
    "enum",
    "decimal",
    "fractions",
    "copy",
    "heapq",
    "bisect",
    "array",
    "unicodedata",
    "platform",
    "uuid",
    "secrets",
    "difflib",
    "fnmatch",
    "glob",
    "argparse",
    "shlex",
    "html",
    "ipaddress",
    "colorsys",
    "numbers",
    "abc",
    "contextlib",
    "types",
    "traceback",
    "warnings",
    "pathlib",
    "posixpath",
    "csv",
    "io",
    "keyword",
    "locale",
    "getpass",
    "graphlib",
    "tomllib",
    "zoneinfo",
    "gettext",
    "__future__",
    "builtins",
    "base64",
    "binascii",
    "struct",
    "zlib",
    "codecs",
    "operator",
];

/// The modules python code imports (`import a, b.c as d`, `from e import f`).
fn python_imports(bare: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for statement in bare.split(['\n', ';']) {
        let statement = statement.trim_start();
        if let Some(rest) = statement.strip_prefix("import ") {
            for part in rest.split(',') {
                if let Some(name) = part.split_whitespace().next() {
                    out.push(name);
                }
            }
        } else if let Some(rest) = statement.strip_prefix("from ") {
            if let Some(name) = rest.split_whitespace().next() {
                out.push(name);
            }
        }
    }
    out
}

/// Each identifier of code (dotted or `::`-joined names kept whole), with
/// its byte offset.
fn identifiers(bare: &str) -> Vec<(usize, &str)> {
    let b = bare.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len()
                && (b[i].is_ascii_alphanumeric()
                    || b[i] == b'_'
                    || (b[i] == b'.' && i + 1 < b.len() && b[i + 1].is_ascii_alphabetic())
                    || (b[i] == b':' && i + 2 < b.len() && b[i + 1] == b':'))
            {
                i += if b[i] == b':' { 2 } else { 1 };
            }
            out.push((start, &bare[start..i]));
        } else {
            i += 1;
        }
    }
    out
}

/// The arguments of the call whose name just ended: `(a, b)`, or perl's
/// and ruby's unparenthesised list up to the end of the statement. Split
/// at top-level commas (and perl's `=>`).
fn call_arguments(rest: &str, language: Language) -> Vec<String> {
    let rest = rest.trim_start();
    let (body, paren) = match rest.strip_prefix('(') {
        Some(inner) => (inner, true),
        None => (rest, false),
    };
    let mut args = vec![String::new()];
    let mut depth = 0usize;
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => break,
            ')' | ']' | '}' => depth -= 1,
            ';' | '\n' if depth == 0 && !paren => break,
            ',' if depth == 0 => {
                args.push(String::new());
                continue;
            }
            '=' if depth == 0 && language == Language::Perl && chars.peek() == Some(&'>') => {
                chars.next();
                args.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = args.last_mut() {
            last.push(c);
        }
    }
    args
}

/// A name in code that stands for the parent process or the caller's own
/// group or session.
fn parent_marker(text: &str) -> Option<&'static str> {
    ["getppid", "ppid", "getpgrp", "getpgid", "getsid", "PPID"]
        .into_iter()
        .find(|m| text.contains(m))
}

/// The other agent id a text names (ours alone does not count).
fn other_agent_id(text: &str, r: &Reader) -> Option<String> {
    let own = r
        .ctx
        .writable_root
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or("")
        .to_owned();
    let b = text.as_bytes();
    let mut i = 0;
    while i + 26 <= b.len() {
        if is_agent_id_at(b, i) {
            let mut end = i + 26;
            // A child id: `<parent>-<ts>-<hex>`.
            while end + 27 <= b.len() && b[end] == b'-' && is_agent_id_at(b, end + 1) {
                end += 27;
            }
            while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'-') {
                end += 1;
            }
            let id = &text[i..end];
            if id != own {
                return Some(id.to_owned());
            }
            i = end;
            continue;
        }
        i += 1;
    }
    None
}

/// `20261129T181730Z-1c32bb5e` at `i`.
fn is_agent_id_at(b: &[u8], i: usize) -> bool {
    let Some(w) = b.get(i..i + 26) else {
        return false;
    };
    w[..8].iter().all(u8::is_ascii_digit)
        && w[8] == b'T'
        && w[9..15].iter().all(u8::is_ascii_digit)
        && w[15] == b'Z'
        && w[16] == b'-'
        && w[17..].iter().all(|c| c.is_ascii_hexdigit())
        && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
}

/// Whether `text` holds `tail` as whole path components.
fn contains_path(text: &str, tail: &str) -> bool {
    text.match_indices(tail).any(|(at, _)| {
        let before = text[..at].chars().last();
        let after = text[at + tail.len()..].chars().next();
        before.is_none_or(|c| !c.is_alphanumeric() && c != '_' && c != '.' && c != '-')
            && after.is_none_or(|c| !c.is_alphanumeric() && c != '_' && c != '.' && c != '-')
    })
}

/// A path component `..` (`..`, `../x`, `x/..`).
fn has_dotdot(text: &str) -> bool {
    text.split(['/', '\\']).any(|p| p == "..")
}

/// A literal that could be a file's name as a writer takes it.
fn could_name_file(text: &str) -> bool {
    !text.is_empty() && text.len() < 4096 && !text.contains(['\n', '\0', HOLE])
}

fn looks_like_path(text: &str) -> bool {
    !text.is_empty()
        && text.len() < 4096
        && !text.contains(['\n', HOLE])
        && (text.contains('/') || text == ".." || text.starts_with('~'))
}

/// The code with quotes, whitespace and joining operators removed: a
/// protected name split into literals joins again here.
fn squeezed(code: &str) -> String {
    code.replace("' . '", "")
        .replace("\" . \"", "")
        .replace("'.'", "")
        .replace("\".\"", "")
        .replace("' .. '", "")
        .replace("\" .. \"", "")
        .chars()
        .filter(|c| !matches!(c, '\'' | '"' | '`' | '+' | ',') && !c.is_whitespace())
        .collect()
}

/// Literals the code joins: consecutive literals (and evaluated values)
/// separated only by joining punctuation, concatenated plainly and with `/`.
fn runs(code: &str, lexed: &Lexed, values: &[(usize, String)]) -> Vec<String> {
    // Pieces in order: literals and evaluated expressions, by position.
    let mut pieces: Vec<(usize, usize, String)> = lexed
        .lits
        .iter()
        .map(|l| (l.start, l.end, l.text.clone()))
        .collect();
    for (at, value) in values {
        pieces.push((*at, *at, value.clone()));
    }
    pieces.sort_by_key(|p| p.0);
    let mut out = Vec::new();
    // Each piece with whether it is a separate argument of the one before
    // (a `,` or `/` between them): `join(home, '.a' + 'ws', 'cred')` is
    // `home/.aws/cred`, neither all concatenated nor all joined.
    let mut run: Vec<(String, bool)> = Vec::new();
    let mut last_end: Option<usize> = None;
    let flush = |run: &mut Vec<(String, bool)>, out: &mut Vec<String>| {
        if run.len() > 1 {
            out.push(run.iter().map(|(t, _)| t.as_str()).collect());
            out.push(
                run.iter()
                    .map(|(t, _)| t.as_str())
                    .collect::<Vec<_>>()
                    .join("/"),
            );
            let mut argued = String::new();
            for (k, (text, apart)) in run.iter().enumerate() {
                if k > 0 && *apart {
                    argued.push('/');
                }
                argued.push_str(text);
            }
            out.push(argued);
            // Each argument on its own, its pieces concatenated:
            // `os.link(".g" + "it", "x")` names `.git` (verified under dash).
            let mut piece = String::new();
            for (k, (text, apart)) in run.iter().enumerate() {
                if k > 0 && *apart {
                    out.push(std::mem::take(&mut piece));
                }
                piece.push_str(text);
            }
            out.push(piece);
        }
        run.clear();
    };
    for (start, end, text) in pieces {
        let between = last_end
            .filter(|e| *e <= start)
            .and_then(|e| code.get(e..start))
            .filter(|between| between.len() < 200 && joins_only(between));
        if between.is_none() {
            flush(&mut run, &mut out);
        }
        let apart = between.is_some_and(|b| b.contains([',', '/']));
        run.push((text, apart));
        last_end = Some(end.max(start));
    }
    flush(&mut run, &mut out);
    out
}

/// Text between two literals that joins them (`+`, `.`, `,`, `/`, a path
/// join call, brackets) rather than separating statements.
fn joins_only(between: &str) -> bool {
    let stripped: String = between
        .replace("os.path.join(", "")
        .replace("path.join(", "")
        .replace("File.join(", "")
        .replace("Path(", "")
        .replace("join(", "")
        .replace("chr(", "")
        .replace("concat(", "")
        .replace("paste0(", "")
        .replace("file.path(", "");
    stripped
        .chars()
        .all(|c| c.is_whitespace() || "+.,/()[]|<>:".contains(c) || c.is_ascii_digit())
}

/// Simple operations on literals the scan evaluates: `chr(N)`,
/// `String.fromCharCode(N, …)`, `'x'[::-1]`, `'x'*N`, `'x'.lower()`,
/// `'x'.upper()`, `'x'.replace('a', 'b')`, `'x'.split('').reverse().join('')`.
/// Each value with the byte offset it stands at.
fn evaluated(code: &str, lexed: &Lexed) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    // chr(N) and fromCharCode(N, …).
    for marker in ["chr(", "fromCharCode(", "chr "] {
        let mut from = 0;
        while let Some(found) = code[from..].find(marker) {
            let at = from + found;
            let args_at = at + marker.len();
            let end = code[args_at..]
                .find(|c: char| {
                    !(c.is_ascii_digit()
                        || c == ','
                        || c == ' '
                        || c == 'x'
                        || c.is_ascii_hexdigit())
                })
                .map_or(code.len(), |e| args_at + e);
            let mut text = String::new();
            let mut ok = true;
            for n in code[args_at..end]
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                let value = if let Some(hex) = n.strip_prefix("0x") {
                    u32::from_str_radix(hex, 16).ok()
                } else {
                    n.parse::<u32>().ok()
                };
                match value.and_then(char::from_u32) {
                    Some(c) => text.push(c),
                    None => ok = false,
                }
            }
            if ok && !text.is_empty() {
                out.push((at, text));
            }
            from = args_at;
        }
    }
    // Operations on a literal right after it.
    for (index, lit) in lexed.lits.iter().enumerate() {
        let after = &code[lit.end..];
        let mut value = lit.text.clone();
        let mut changed = false;
        let mut rest = after;
        loop {
            let t = rest.trim_start();
            if let Some(r2) = t.strip_prefix("[::-1]") {
                value = value.chars().rev().collect();
                rest = r2;
                changed = true;
            } else if let Some(r2) = t
                .strip_prefix(".lower()")
                .or_else(|| t.strip_prefix(".casefold()"))
                .or_else(|| t.strip_prefix(".toLowerCase()"))
                .or_else(|| t.strip_prefix(".downcase"))
            {
                value = value.to_lowercase();
                rest = r2;
                changed = true;
            } else if let Some(r2) = t
                .strip_prefix(".upper()")
                .or_else(|| t.strip_prefix(".toUpperCase()"))
                .or_else(|| t.strip_prefix(".upcase"))
            {
                value = value.to_uppercase();
                rest = r2;
                changed = true;
            } else if let Some(r2) = t
                .strip_prefix(".split('').reverse().join('')")
                .or_else(|| t.strip_prefix(".split(\"\").reverse().join(\"\")"))
                .or_else(|| t.strip_prefix(".reverse"))
            {
                value = value.chars().rev().collect();
                rest = r2;
                changed = true;
            } else if let Some(r2) = t.strip_prefix('*').or_else(|| t.strip_prefix(" x ")) {
                let digits: String = r2
                    .trim_start()
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                match digits.parse::<usize>() {
                    Ok(n) if n <= 16 => {
                        value = value.repeat(n);
                        rest = &r2.trim_start()[digits.len()..];
                        changed = true;
                    }
                    _ => break,
                }
            } else if let Some(r2) = t
                .strip_prefix(".__add__(")
                .or_else(|| t.strip_prefix(".concat("))
            {
                // One literal appended.
                let offset = code.len() - r2.trim_start().len();
                let arg = lexed.lits[index + 1..].iter().find(|l| l.start == offset);
                match arg.filter(|a| !a.text.contains(HOLE) && !a.command) {
                    Some(arg) => match code[arg.end..].trim_start().strip_prefix(')') {
                        Some(r3) if value.len() + arg.text.len() <= JOINED_MAX => {
                            value.push_str(&arg.text);
                            rest = r3;
                            changed = true;
                        }
                        _ => break,
                    },
                    None => break,
                }
            } else if let Some((part, r2)) = split_index(&value, t, code, lexed, index) {
                value = part;
                rest = r2;
                changed = true;
            } else if let Some((sliced, r2)) = sliced(&value, t) {
                value = sliced;
                rest = r2;
                changed = true;
            } else if let Some((stripped, r2)) = stripped(&value, t, code, lexed, index) {
                value = stripped;
                rest = r2;
                changed = true;
            } else if let Some(r2) = t
                .strip_prefix(".replace(")
                .or_else(|| t.strip_prefix(".replaceAll("))
                .or_else(|| t.strip_prefix(".gsub("))
                .or_else(|| t.strip_prefix(".sub("))
            {
                // Two literals as the arguments.
                let offset = code.len() - r2.len();
                let args: Vec<&Lit> = lexed.lits[index + 1..].iter().take(2).collect();
                if args.len() == 2
                    && code[offset..args[0].start].trim().is_empty()
                    && code[args[0].end..args[1].start].trim() == ","
                {
                    value = value.replace(&args[0].text, &args[1].text);
                    rest = &code[args[1].end..];
                    rest = rest.trim_start().strip_prefix(')').unwrap_or(rest);
                    changed = true;
                } else {
                    break;
                }
            } else {
                break;
            }
        }
        if changed {
            out.push((lit.start, value));
        }
        // perl's functions of one literal: `reverse("tig.")` (the reversed
        // text in scalar context), `substr("x.git", 1)`.
        let before = code[..lit.start].trim_end();
        let before = before.strip_suffix('(').map_or(before, str::trim_end);
        let ident_end = |b: &str, name: &str| {
            b.strip_suffix(name)
                .is_some_and(|p| !p.ends_with(|c: char| c.is_alphanumeric() || c == '_'))
        };
        if ident_end(before, "reverse") {
            out.push((lit.start, lit.text.chars().rev().collect()));
        }
        if ident_end(before, "substr") {
            let args = after.trim_start().strip_prefix(',').map(|a| {
                let end = a.find(')').unwrap_or(a.len());
                a[..end].to_owned()
            });
            let nums: Option<Vec<i64>> = args.map(|a| {
                a.split(',')
                    .map(|n| n.trim().parse::<i64>().ok())
                    .collect::<Option<Vec<i64>>>()
                    .unwrap_or_default()
            });
            let chars: Vec<char> = lit.text.chars().collect();
            let len = chars.len() as i64;
            let piece = match nums.as_deref() {
                Some([offset]) => Some((*offset, len)),
                Some([offset, length]) => Some((*offset, *length)),
                _ => None,
            };
            if let Some((offset, length)) = piece {
                let start = if offset < 0 { len + offset } else { offset }.clamp(0, len);
                let end = if length < 0 {
                    len + length
                } else {
                    start + length
                }
                .clamp(start, len);
                out.push((
                    lit.start,
                    chars[start as usize..end as usize].iter().collect(),
                ));
            }
        }
    }
    out.extend(perl_functions(code, lexed));
    out.extend(joined(code, lexed));
    out
}

/// perl's string functions of one literal: `lc`, `uc`, `lcfirst`,
/// `ucfirst` and `substr(LITERAL, OFFSET[, LENGTH])` (`lc(".GIT")` is
/// `.git`), with or without parentheses.
fn perl_functions(code: &str, lexed: &Lexed) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for marker in ["lcfirst", "ucfirst", "lc", "uc", "substr"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(marker) {
            let at = from + found;
            from = at + marker.len();
            let before = code[..at].chars().next_back();
            let after = code[from..].chars().next();
            if lexed.covering(at)
                || before.is_some_and(|c| c.is_alphanumeric() || "_$@%&.>".contains(c))
                || after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            {
                continue;
            }
            let rest = code[from..].trim_start();
            let rest = rest.strip_prefix('(').map_or(rest, str::trim_start);
            let Some(lit) = lexed.starting_at(code.len() - rest.len()) else {
                continue;
            };
            if lit.text.contains(HOLE) || lit.command {
                continue;
            }
            let text = &lit.text;
            let first = |f: fn(&char) -> String| {
                let mut chars = text.chars();
                chars
                    .next()
                    .map_or_else(String::new, |c| f(&c) + chars.as_str())
            };
            let value = match marker {
                "lc" => text.to_lowercase(),
                "uc" => text.to_uppercase(),
                "lcfirst" => first(|c| c.to_lowercase().collect()),
                "ucfirst" => first(|c| c.to_uppercase().collect()),
                _ => {
                    // substr: `, OFFSET[, LENGTH]` after the literal.
                    let r = code[lit.end..].trim_start();
                    let Some(r) = r.strip_prefix(',') else {
                        continue;
                    };
                    let Some((offset, r)) = small_int(r) else {
                        continue;
                    };
                    let chars: Vec<char> = text.chars().collect();
                    let len = chars.len();
                    let start = clamp_index(offset, len);
                    let end = match r.trim_start().strip_prefix(',').and_then(small_int) {
                        Some((n, _)) if n < 0 => clamp_index(n, len),
                        Some((n, _)) => (start + n as usize).min(len),
                        None => len,
                    };
                    chars[start..end.max(start)].iter().collect()
                }
            };
            out.push((at, value));
        }
    }
    out
}

/// A whole number written plainly (`-2`, `3`).
fn small_int(text: &str) -> Option<(i64, &str)> {
    let t = text.trim_start();
    let (negative, digits_at) = match t.strip_prefix('-') {
        Some(r) => (true, r.trim_start()),
        None => (false, t),
    };
    let len = digits_at
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits_at.len());
    if len == 0 || len > 6 {
        return None;
    }
    let n: i64 = digits_at[..len].parse().ok()?;
    Some((if negative { -n } else { n }, &digits_at[len..]))
}

/// A position counted as python and JavaScript's `slice` count it: a
/// negative one from the end, clamped to the text.
fn clamp_index(n: i64, len: usize) -> usize {
    let len = len as i64;
    (if n < 0 { (len + n).max(0) } else { n.min(len) }) as usize
}

/// A slice right after a literal's text (`t`): python's `[a:b]`, ruby's
/// `[a..b]`, `[a...b]` and `[a, n]`, JavaScript's `.slice(a, b)`,
/// `.substring(a, b)` and `.substr(a, n)` (`".gitx"[:4]` is `.git`). The
/// value and the code after it.
fn sliced<'c>(value: &str, t: &'c str) -> Option<(String, &'c str)> {
    let chars: Vec<char> = value.chars().collect();
    let len = chars.len();
    let take = |from: usize, to: usize| -> String {
        if from < to {
            chars[from..to].iter().collect()
        } else {
            String::new()
        }
    };
    if let Some(r) = t.strip_prefix('[') {
        // python: [a:b], [a:], [:b], [a].
        let (from, r) = match small_int(r) {
            Some((n, r)) => (Some(n), r),
            None => (None, r),
        };
        let r = r.trim_start();
        if let Some(r) = r.strip_prefix(':') {
            let (to, r) = match small_int(r) {
                Some((n, r)) => (Some(n), r),
                None => (None, r),
            };
            let r = r.trim_start().strip_prefix(']')?;
            let from = clamp_index(from.unwrap_or(0), len);
            let to = to.map_or(len, |n| clamp_index(n, len));
            return Some((take(from, to), r));
        }
        let from = from?;
        for (dots, inclusive) in [("...", false), ("..", true)] {
            if let Some(r) = r.strip_prefix(dots) {
                // An endless range (`[1..]`) runs to the end.
                let (to, r) = match small_int(r) {
                    Some((to, r)) => (clamp_index(to, len) + usize::from(inclusive), r),
                    None => (len, r),
                };
                let r = r.trim_start().strip_prefix(']')?;
                let from = clamp_index(from, len);
                return Some((take(from, to.min(len)), r));
            }
        }
        if let Some(r) = r.strip_prefix(',') {
            let (n, r) = small_int(r)?;
            let r = r.trim_start().strip_prefix(']')?;
            let from = clamp_index(from, len);
            return Some((take(from, (from + n.max(0) as usize).min(len)), r));
        }
        return None;
    }
    for method in [".slice(", ".substring(", ".substr("] {
        let Some(r) = t.strip_prefix(method) else {
            continue;
        };
        let (a, r) = small_int(r)?;
        let r = r.trim_start();
        let (b, r) = match r.strip_prefix(',') {
            Some(r) => {
                let (b, r) = small_int(r)?;
                (Some(b), r)
            }
            None => (None, r),
        };
        let r = r.trim_start().strip_prefix(')')?;
        let value = match method {
            ".slice(" => take(clamp_index(a, len), b.map_or(len, |b| clamp_index(b, len))),
            ".substring(" => {
                let a = a.clamp(0, len as i64) as usize;
                let b = b.map_or(len, |b| b.clamp(0, len as i64) as usize);
                take(a.min(b), a.max(b))
            }
            _ => {
                let a = clamp_index(a, len);
                take(a, b.map_or(len, |n| (a + n.max(0) as usize).min(len)))
            }
        };
        return Some((value, r));
    }
    None
}

/// One piece of a literal split right after it: python's and ruby's
/// `.split()[N]` (on whitespace) and `.split(SEP)[N]`, JavaScript's
/// `.split(SEP)[N]` (`" .git".split()[0]` is `.git`).
fn split_index<'c>(
    value: &str,
    t: &'c str,
    code: &'c str,
    lexed: &Lexed,
    index: usize,
) -> Option<(String, &'c str)> {
    let r = t.strip_prefix(".split(")?;
    let r2 = r.trim_start();
    let (sep, r) = if let Some(r3) = r2.strip_prefix(')') {
        (None, r3)
    } else {
        let at = code.len() - r2.len();
        let arg = lexed.lits[index + 1..].iter().find(|l| l.start == at)?;
        if arg.text.contains(HOLE) || arg.text.is_empty() {
            return None;
        }
        let r3 = code[arg.end..].trim_start().strip_prefix(')')?;
        (Some(arg.text.clone()), r3)
    };
    let r = r.trim_start().strip_prefix('[')?;
    let (n, r) = small_int(r)?;
    let r = r.trim_start().strip_prefix(']')?;
    let parts: Vec<&str> = match &sep {
        Some(sep) => value.split(sep.as_str()).collect(),
        None => value.split_whitespace().collect(),
    };
    let i = if n < 0 {
        parts.len().checked_sub(n.unsigned_abs() as usize)?
    } else {
        n as usize
    };
    Some(((*parts.get(i)?).to_owned(), r))
}

/// Whitespace or given characters stripped right after a literal:
/// python's `.strip()`, `.lstrip()`, `.rstrip()` (with or without a
/// literal of characters), JavaScript's `.trim()`, `.trimStart()`,
/// `.trimEnd()`, ruby's `.strip`, `.lstrip`, `.rstrip`, `.chomp`.
fn stripped<'c>(
    value: &str,
    t: &'c str,
    code: &'c str,
    lexed: &Lexed,
    index: usize,
) -> Option<(String, &'c str)> {
    let methods: [(&str, u8); 9] = [
        (".strip", b'b'),
        (".lstrip", b'l'),
        (".rstrip", b'r'),
        (".trimStart", b'l'),
        (".trimEnd", b'r'),
        (".trimLeft", b'l'),
        (".trimRight", b'r'),
        (".trim", b'b'),
        (".chomp", b'n'),
    ];
    for (method, side) in methods {
        let Some(r) = t.strip_prefix(method) else {
            continue;
        };
        if r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let mut set: Option<String> = None;
        let mut r = r;
        if let Some(r2) = r.strip_prefix('(') {
            let r3 = r2.trim_start();
            if let Some(r4) = r3.strip_prefix(')') {
                r = r4;
            } else {
                let at = code.len() - r3.len();
                let arg = lexed.lits[index + 1..].iter().find(|l| l.start == at)?;
                set = Some(arg.text.clone());
                r = code[arg.end..].trim_start().strip_prefix(')')?;
            }
        }
        let strips = |c: char| match &set {
            Some(set) => set.contains(c),
            None => c.is_whitespace(),
        };
        let out = match side {
            b'b' => value.trim_matches(strips),
            b'l' => value.trim_start_matches(strips),
            b'r' => value.trim_end_matches(strips),
            _ => match &set {
                Some(set) => value.strip_suffix(set.as_str()).unwrap_or(value),
                None => value.trim_end_matches(['\n', '\r']),
            },
        };
        return Some((out.to_owned(), r));
    }
    None
}

/// The longest text a join or format of literals is worked out to: longer
/// than any path the system takes, it names no file (and a hostile
/// `"{0}{0}…".format(…)` is not built out to megabytes).
const JOINED_MAX: usize = 4096;

/// A format filled with literal arguments in order: `%s`, `{}` and `{N}`;
/// `None` when it would be longer than [`JOINED_MAX`].
fn filled(template: &str, args: &[String]) -> Option<String> {
    let mut value = template.to_owned();
    for (n, arg) in args.iter().enumerate() {
        let numbered = format!("{{{n}}}");
        let grows = value.matches(numbered.as_str()).count() + 2;
        if value.len().saturating_add(grows.saturating_mul(arg.len())) > JOINED_MAX {
            return None;
        }
        for spec in ["%s", "{}"] {
            value = value.replacen(spec, arg, 1);
        }
        value = value.replace(&numbered, arg);
    }
    Some(value)
}

/// `words` joined by `sep`; `None` when that would be longer than
/// [`JOINED_MAX`].
fn joined_short(words: &[String], sep: &str) -> Option<String> {
    let len = words.iter().map(String::len).sum::<usize>()
        + sep.len().saturating_mul(words.len().saturating_sub(1));
    (len <= JOINED_MAX).then(|| words.join(sep))
}

/// Literals from `at` on separated by commas (and whitespace), up to one of
/// `close` (or the end of the code when `close` holds a NUL): their texts and
/// the offset just past the closing character.
fn literal_list(
    code: &str,
    lexed: &Lexed,
    at: usize,
    close: &[u8],
) -> Option<(Vec<String>, usize)> {
    let b = code.as_bytes();
    let mut words = Vec::new();
    let mut k = at;
    while words.len() <= 64 {
        while k < b.len() && (b[k].is_ascii_whitespace() || b[k] == b',') {
            k += 1;
        }
        if k >= b.len() {
            return close.contains(&0).then_some((words, k));
        }
        if let Some(lit) = lexed.starting_at(k) {
            if lit.text.contains(HOLE) || lit.command {
                return None;
            }
            words.push(lit.text.clone());
            k = lit.end;
        } else if close.contains(&b[k]) {
            return Some((words, k + 1));
        } else {
            return None;
        }
    }
    None
}

/// What joining or formatting literals gives, each with the offset it stands
/// at: python's `SEP.join([…])` and `TEMPLATE % (…)` / `.format(…)`,
/// JavaScript's and ruby's `[…].join(SEP)`, perl's `join SEP, …` and php's
/// `implode(SEP, […])`, all with only literals (`"".join([".g", "it"])` is
/// `.git`).
fn joined(code: &str, lexed: &Lexed) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let after = |k: usize| code.get(k..).unwrap_or("").trim_start();
    let at_of = |rest: &str| code.len() - rest.len();
    for lit in &lexed.lits {
        if lit.text.contains(HOLE) || lit.command {
            continue;
        }
        let rest = after(lit.end);
        // SEP.join([…]) / SEP.join((…)).
        if let Some(r2) = rest.strip_prefix(".join(") {
            let r3 = r2.trim_start();
            let (open, close) = match r3.as_bytes().first() {
                Some(b'[') => (1, b']'),
                Some(b'(') => (1, b')'),
                _ => (0, b')'),
            };
            if let Some((words, _)) = literal_list(code, lexed, at_of(r3) + open, &[close]) {
                if !words.is_empty() {
                    out.extend(joined_short(&words, &lit.text).map(|v| (lit.start, v)));
                }
            }
        }
        // TEMPLATE % ARG, TEMPLATE % (ARGS), TEMPLATE.format(ARGS).
        let args = if let Some(r2) = rest.strip_prefix('%') {
            let r3 = r2.trim_start();
            if let Some(r4) = r3.strip_prefix('(') {
                literal_list(code, lexed, at_of(r4), b")").map(|(w, _)| w)
            } else {
                lexed.starting_at(at_of(r3)).map(|a| vec![a.text.clone()])
            }
        } else if let Some(r2) = rest.strip_prefix(".format(") {
            literal_list(code, lexed, at_of(r2), b")").map(|(w, _)| w)
        } else {
            None
        };
        if let Some(args) = args.filter(|a| !a.is_empty()) {
            out.extend(filled(&lit.text, &args).map(|v| (lit.start, v)));
        }
        // […].join(SEP) / ruby's […].join: a list opened right before.
        let before = code[..lit.start].trim_end();
        if before.ends_with('[') && !lexed.covering(before.len() - 1) {
            if let Some((words, end)) = literal_list(code, lexed, lit.start, b"]") {
                let rest = after(end);
                if let Some(r2) = rest.strip_prefix(".join") {
                    let r3 = r2.trim_start();
                    let sep = if let Some(r4) = r3.strip_prefix('(') {
                        let r5 = r4.trim_start();
                        match lexed.starting_at(at_of(r5)) {
                            Some(s) => Some(s.text.clone()),
                            None if r5.starts_with(')') => Some(String::new()),
                            None => None,
                        }
                    } else {
                        Some(String::new())
                    };
                    if let Some(sep) = sep {
                        out.extend(joined_short(&words, &sep).map(|v| (lit.start, v)));
                        // JavaScript's default separator is a comma.
                        out.extend(joined_short(&words, ",").map(|v| (lit.start, v)));
                    }
                }
            }
        }
    }
    // perl's `join SEP, LIST` / `join(SEP, LIST)`, php's `implode(SEP, LIST)`.
    for marker in ["join", "implode", "sprintf"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(marker) {
            let at = from + found;
            from = at + marker.len();
            let prev = code[..at].chars().next_back();
            // python's `str.join(SEP, […])` is the method called plainly.
            let method = prev == Some('.') && !code[..at].ends_with("str.");
            if lexed.covering(at) || method || prev.is_some_and(|c| c.is_alphanumeric() || c == '_')
            {
                continue;
            }
            let rest = after(from);
            let (rest, paren) = match rest.strip_prefix('(') {
                Some(r) => (r.trim_start(), true),
                None => (rest, false),
            };
            let Some(sep) = lexed.starting_at(at_of(rest)) else {
                continue;
            };
            let list_at = after(sep.end);
            let Some(list_at) = list_at.strip_prefix(',') else {
                continue;
            };
            let list_at = list_at.trim_start();
            let (list_at, close): (&str, &[u8]) = if let Some(r) = list_at.strip_prefix('[') {
                (r, b"]")
            } else if let Some(r) = list_at.strip_prefix('(') {
                (r, b")")
            } else if paren {
                (list_at, b")")
            } else {
                (list_at, b";)\0")
            };
            if let Some((words, _)) = literal_list(code, lexed, at_of(list_at), close) {
                if words.is_empty() {
                    continue;
                }
                if marker == "sprintf" {
                    // perl's `sprintf FORMAT, LIST`: the first is the format.
                    out.extend(filled(&sep.text, &words).map(|v| (at, v)));
                } else {
                    out.extend(joined_short(&words, &sep.text).map(|v| (at, v)));
                }
            }
        }
    }
    out
}

/// A hard link whose source is not one plain literal (`os.link(a.casefold(),
/// "x")`, `l = os.link`): the name the scan would place is only known when
/// the code runs, and a second name for the worktree's `.git` lets a later
/// write through it rewrite the gitfile. The call as written, or `None`.
fn built_link(code: &str, lexed: &Lexed, language: Language) -> Option<String> {
    let b = code.as_bytes();
    for (start, ident) in identifiers_at(code, lexed) {
        let name = ident.rsplit(['.', ':']).next().unwrap_or(ident);
        let receiver = ident.len() > name.len();
        let counts = match name {
            "linkSync" | "hardlink_to" | "link_to" => true,
            "link" => {
                !receiver && matches!(language, Language::Python | Language::Perl | Language::Php)
                    || ident.ends_with("os.link")
                    || ident.ends_with("fs.link")
                    || ident.ends_with("promises.link")
                    || ident.ends_with("File.link")
                    || ident.ends_with("FileUtils.link")
                    || ident.ends_with("Deno.link")
                    || ident.ends_with("posix.link")
                    || (ident == ".link"
                        && matches!(language, Language::Node | Language::Deno | Language::Ruby))
            }
            "ln" => ident.ends_with("FileUtils.ln"),
            _ => false,
        };
        if !counts {
            continue;
        }
        let mut k = start + ident.len();
        while k < b.len() && (b[k] == b' ' || b[k] == b'\t') {
            k += 1;
        }
        let called = b.get(k) == Some(&b'(');
        // A bare python or php `link` that is not called is some other name.
        if !called && !receiver && language != Language::Perl {
            continue;
        }
        if called {
            k += 1;
            while k < b.len() && b[k].is_ascii_whitespace() {
                k += 1;
            }
        } else if language == Language::Perl && !receiver && k == start + ident.len() {
            // perl's `link` needs a space or a parenthesis before its list.
            continue;
        }
        // shutil.copytree's copy function: that rule places the tree.
        if !called && code[..start].trim_end().ends_with("copy_function=") {
            continue;
        }
        // One literal, or literals joined (`"a" + ".txt"`), whose text the
        // rest of the scan reads.
        let mut plain = false;
        while let Some(lit) = lexed.starting_at(k) {
            if lit.text.contains(HOLE) || lit.command {
                break;
            }
            let rest = code[lit.end..].trim_start();
            if rest.starts_with([',', ')']) {
                plain = true;
                break;
            }
            let joiner = rest
                .strip_prefix("..")
                .or_else(|| rest.strip_prefix(['+', '.']))
                .unwrap_or(rest)
                .trim_start();
            k = code.len() - joiner.len();
        }
        if !plain {
            let end = code[start..]
                .find(['\n', ';'])
                .map_or(code.len(), |e| start + e);
            return Some(crate::clip(&code[start..end], 60));
        }
    }
    None
}

/// Dotted names outside literals (`os.link`, `FileUtils.ln`, `link`), each
/// with its byte offset in the code.
fn identifiers_at<'c>(code: &'c str, lexed: &Lexed) -> Vec<(usize, &'c str)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if let Some(lit) = lexed.starting_at(i) {
            i = lit.end.max(i + 1);
            continue;
        }
        // A method of an expression (`require("fs").linkSync`) starts at
        // its dot.
        let method = b[i] == b'.'
            && i > 0
            && matches!(b[i - 1], b')' | b']')
            && b.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic());
        let starts = method
            || (b[i].is_ascii_alphabetic() || b[i] == b'_')
                && (i == 0 || !(name_byte(b[i - 1]) || b"$@.".contains(&b[i - 1])));
        if !starts {
            i += 1;
            continue;
        }
        let mut k = i + usize::from(method);
        while k < b.len() && (name_byte(b[k]) || b[k] == b'.' || b[k] == b':') {
            k += 1;
        }
        let ident = code[i..k].trim_end_matches(['.', ':']);
        out.push((i, ident));
        i = k.max(i + 1);
    }
    out
}

/// How many names [`substituted`] follows from their literal assignments.
const MAX_NAMES: usize = 32;

/// One assignment of a name the code makes: where, and the text it then
/// holds when that is only literals (`a = ".g"`, `a += "it"` after one).
struct Assigned {
    at: usize,
    value: Option<String>,
}

/// Whether `c` continues a name.
fn name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The literals from `at` on joined by the language's concatenation (`+`,
/// perl's and php's `.`, lua's `..`, python's juxtaposition) up to the end
/// of the statement: their text, or `None` when the value is anything else.
fn literal_value(code: &str, lexed: &Lexed, at: usize, language: Language) -> Option<String> {
    let b = code.as_bytes();
    let mut k = at;
    let mut value = String::new();
    loop {
        while k < b.len() && (b[k] == b' ' || b[k] == b'\t') {
            k += 1;
        }
        let lit = lexed.starting_at(k)?;
        if lit.text.contains(HOLE) || lit.command {
            return None;
        }
        value.push_str(&lit.text);
        if value.len() > JOINED_MAX {
            return None;
        }
        k = lit.end;
        while k < b.len() && (b[k] == b' ' || b[k] == b'\t') {
            k += 1;
        }
        let rest = &code[k..];
        let joins = match language {
            Language::Perl | Language::Php => rest.starts_with('.'),
            Language::Lua => rest.starts_with(".."),
            _ => rest.starts_with('+'),
        };
        if joins {
            k += if language == Language::Lua { 2 } else { 1 };
            continue;
        }
        if language == Language::Python && lexed.starting_at(k).is_some() {
            continue;
        }
        let ends = rest.is_empty()
            || rest.starts_with([';', '\n', '\r', '#'])
            || rest.starts_with("//")
            || (language != Language::Python && rest.starts_with([',', ')']))
            || (language == Language::Python && rest.starts_with(')'));
        return ends.then_some(value);
    }
}

/// The code with each use of a name that was assigned literal text only
/// (`a = ".g"`, `const a = ".g"`, `my $a = ".g"`, `$a = '.g'`, with `+=`
/// and `.=` of literals after it) written as that text, outside literals
/// and in the interpolations that name it alone (`f"{a}it"`,
/// `` `${a}it` ``, `"#{a}it"`, perl's and php's `"${a}it"` and `"$a"`):
/// `a = ".g"; os.link(a + "it", "x")` becomes `os.link('.g' + "it", "x")`,
/// which the rest of the scan reads. A use takes the last assignment
/// before it (or the first after, in a loop or a function); one after an
/// assignment the scan cannot evaluate is left alone. `None` when nothing
/// changes.
fn substituted(code: &str, lexed: &Lexed, language: Language) -> Option<String> {
    let sigils: &[u8] = match language {
        Language::Perl | Language::Php => b"$",
        Language::Ruby => b"$@",
        Language::Python | Language::Node | Language::Deno | Language::Lua => b"",
        _ => return None,
    };
    let js = matches!(language, Language::Node | Language::Deno);
    let b = code.as_bytes();
    // Every name outside literals: (start, end).
    let mut names: Vec<(usize, usize)> = Vec::new();
    let mut parens = 0usize;
    let mut keyword: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if let Some(lit) = lexed.starting_at(i) {
            i = lit.end.max(i + 1);
            continue;
        }
        let c = b[i];
        match c {
            b'(' => parens += 1,
            b')' => parens = parens.saturating_sub(1),
            _ => {}
        }
        let sigil = sigils.contains(&c);
        let starts = (c.is_ascii_alphabetic() || c == b'_' || sigil || (js && c == b'$'))
            && (i == 0 || !(name_byte(b[i - 1]) || b".$@".contains(&b[i - 1])));
        if !starts {
            i += 1;
            continue;
        }
        let mut k = i + 1;
        while k < b.len() && (name_byte(b[k]) || (js && b[k] == b'$')) {
            k += 1;
        }
        if sigil && k == i + 1 {
            i = k;
            continue;
        }
        names.push((i, k));
        keyword.push(language == Language::Python && parens > 0);
        i = k;
    }
    // Assignments, in order, by name.
    let mut assigned: std::collections::BTreeMap<&str, Vec<Assigned>> = Default::default();
    let mut uses: Vec<(usize, usize)> = Vec::new();
    for (n, &(start, end)) in names.iter().enumerate() {
        let name = &code[start..end];
        let mut rest = code[end..].trim_start_matches([' ', '\t']);
        // python's annotated assignment `a: str = ".g"`.
        if language == Language::Python && !keyword[n] {
            if let Some(annotated) = rest.strip_prefix(':').filter(|r| !r.starts_with('=')) {
                let to = annotated.find(['=', '\n', ';']).unwrap_or(annotated.len());
                let annotation = &annotated[..to];
                if annotated[to..].starts_with('=')
                    && !annotated[to..].starts_with("==")
                    && annotation
                        .trim()
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "_.[], ".contains(c))
                {
                    rest = &annotated[to..];
                }
            }
        }
        let (append, rhs) =
            if rest.starts_with("==") || rest.starts_with("=~") || rest.starts_with("=>") {
                (false, None)
            } else if let Some(r) = rest.strip_prefix(":=").or_else(|| rest.strip_prefix('=')) {
                (false, Some(code.len() - r.len()))
            } else if let Some(r) = rest.strip_prefix("+=").or_else(|| rest.strip_prefix(".=")) {
                (true, Some(code.len() - r.len()))
            } else {
                (false, None)
            };
        match rhs {
            Some(_) if keyword[n] && !rest.starts_with(":=") => {}
            Some(rhs) => {
                if assigned.len() >= MAX_NAMES && !assigned.contains_key(name) {
                    continue;
                }
                let value = literal_value(code, lexed, rhs, language);
                let list = assigned.entry(name).or_default();
                let value = if append {
                    match (list.last().and_then(|a| a.value.clone()), value) {
                        (Some(before), Some(more)) if before.len() + more.len() <= JOINED_MAX => {
                            Some(before + &more)
                        }
                        _ => None,
                    }
                } else {
                    value
                };
                list.push(Assigned { at: start, value });
            }
            None => uses.push((start, end)),
        }
    }
    if assigned
        .values()
        .all(|l| l.iter().all(|a| a.value.is_none()))
    {
        return None;
    }
    let value_at = |name: &str, at: usize| -> Option<&str> {
        let list = assigned.get(name)?;
        let before = list.iter().rev().find(|a| a.at < at);
        before.or_else(|| list.first())?.value.as_deref()
    };
    let quoted = |value: &str| -> Option<String> {
        if !value.contains(['\'', '\\']) {
            Some(format!("'{value}'"))
        } else if !value.contains(['"', '\\', '$', '@', '#', '{', '}']) {
            Some(format!("\"{value}\""))
        } else {
            None
        }
    };
    // Replacements: (start, end, text), in order.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for (start, end) in uses {
        if let Some(text) = value_at(&code[start..end], start).and_then(quoted) {
            edits.push((start, end, text));
        }
    }
    // Interpolations that name one tracked name alone.
    for lit in lexed
        .lits
        .iter()
        .filter(|l| l.text.contains(HOLE) && !l.command)
    {
        let span = &code[lit.start..lit.end];
        let mut k = 0;
        while k < span.len() {
            let rest = &span[k..];
            let mut found: Option<(usize, &str)> = None;
            for (name, _) in assigned.iter() {
                let bare = name.trim_start_matches(['$', '@']);
                let forms: Vec<String> = match language {
                    Language::Python => vec![format!("{{{name}}}")],
                    Language::Node | Language::Deno => vec![format!("${{{name}}}")],
                    Language::Ruby if *name != bare => {
                        vec![format!("#{{{name}}}"), format!("#{name}")]
                    }
                    Language::Ruby => vec![format!("#{{{name}}}")],
                    Language::Perl => vec![format!("${{{bare}}}"), (*name).to_owned()],
                    Language::Php => {
                        vec![
                            format!("{{{name}}}"),
                            format!("${{{bare}}}"),
                            (*name).to_owned(),
                        ]
                    }
                    _ => vec![],
                };
                for form in forms {
                    let bounded = !form.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                        || !rest[form.len().min(rest.len())..].starts_with(|c: char| {
                            c.is_ascii_alphanumeric()
                                || c == '_'
                                || c == '['
                                || c == '{'
                                || c == '-'
                        });
                    if rest.starts_with(form.as_str()) && bounded {
                        found = Some((form.len(), name));
                        break;
                    }
                }
                if found.is_some() {
                    break;
                }
            }
            match found {
                Some((len, name)) => {
                    let value = value_at(name, lit.start)
                        .filter(|v| !v.contains(['"', '\'', '`', '\\', '$', '@', '#', '{', '}']));
                    if let Some(value) = value {
                        edits.push((lit.start + k, lit.start + k + len, value.to_owned()));
                    }
                    k += len;
                }
                None => k += rest.chars().next().map_or(1, char::len_utf8),
            }
        }
    }
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|e| e.0);
    let mut out = String::with_capacity(code.len());
    let mut last = 0;
    for (start, end, text) in edits {
        if start < last {
            continue;
        }
        out.push_str(&code[last..start]);
        out.push_str(&text);
        last = end;
        if out.len() > MAX_CODE {
            // Past what the scan reads: handed back as it is, so the scan
            // holds it as too long rather than reading the code unwritten.
            return Some(out);
        }
    }
    out.push_str(&code[last..]);
    (out != code).then_some(out)
}

/// What a call's arguments are.
#[derive(Debug)]
enum CallArgs {
    /// Only literals (and keyword flags like `shell=True`): their texts, and
    /// whether they were written as a list.
    Literals { words: Vec<String>, list: bool },
    /// Something built at run time.
    Built,
}

/// Every call `name(…)` (or perl/ruby `name "…"`) in the code outside
/// literals: its name, its offset, its arguments.
fn calls(code: &str, lexed: &Lexed) -> Vec<(String, usize, CallArgs)> {
    let b = code.as_bytes();
    let inside_literal = |k: usize| lexed.covering(k);
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !(b[i].is_ascii_alphabetic() || b[i] == b'_')
            || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if inside_literal(start) {
            continue;
        }
        let name = &code[start..i];
        let mut k = i;
        while k < b.len() && (b[k] == b' ' || b[k] == b'\t') {
            k += 1;
        }
        let paren = b.get(k) == Some(&b'(');
        let bare_string = k > i && matches!(b.get(k), Some(b'"') | Some(b'\'') | Some(b'`'));
        if !(paren || bare_string) {
            continue;
        }
        if !SHELL_CALLS.contains(&name) && !CODE_CALLS.contains(&name) {
            continue;
        }
        let args_start = if paren { k + 1 } else { k };
        out.push((
            name.to_owned(),
            start,
            call_args(code, lexed, args_start, paren),
        ));
    }
    out
}

/// The arguments of a call starting at `at` (after its `(`, or at its first
/// word for a call without parentheses).
fn call_args(code: &str, lexed: &Lexed, at: usize, paren: bool) -> CallArgs {
    let b = code.as_bytes();
    let mut words = Vec::new();
    let mut list = false;
    let mut k = at;
    let mut depth = 0;
    while k < b.len() {
        if k - at > MAX_REACH {
            return CallArgs::Built;
        }
        let c = b[k];
        if let Some(lit) = lexed.starting_at(k) {
            if lit.text.contains(HOLE) {
                return CallArgs::Built;
            }
            words.push(lit.text.clone());
            k = lit.end;
            continue;
        }
        match c {
            b' ' | b'\t' | b',' | b'\n' if paren || c != b'\n' => k += 1,
            b'[' | b'{' => {
                list = true;
                depth += 1;
                k += 1;
            }
            b']' | b'}' => {
                depth -= 1;
                k += 1;
            }
            b')' if paren => return CallArgs::Literals { words, list },
            b';' | b'\n' if !paren => return CallArgs::Literals { words, list },
            _ => {
                // A keyword flag (`shell=True`, `check: true`) is harmless;
                // anything else is built.
                let rest = &code[k..];
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !word.is_empty() {
                    let after = rest[word.len()..].trim_start();
                    let value = after
                        .strip_prefix('=')
                        .or_else(|| after.strip_prefix(':'))
                        .map(str::trim_start);
                    if let Some(value) = value {
                        let flag: String = value
                            .chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                            .collect();
                        if matches!(
                            flag.as_str(),
                            "True" | "False" | "true" | "false" | "None" | "nil" | "null"
                        ) || flag.chars().all(|c| c.is_ascii_digit()) && !flag.is_empty()
                        {
                            k += rest.len() - value.len() + flag.len();
                            continue;
                        }
                        // `cwd='x'`: a literal value; the literal is read next.
                        if value.starts_with(['\'', '"']) {
                            k += rest.len() - value.len();
                            // The value is not a word of the command.
                            if let Some(lit) = lexed.starting_at(k) {
                                k = lit.end;
                                continue;
                            }
                        }
                    }
                    if !paren && depth == 0 {
                        // perl `system "x" or die`: the statement goes on.
                        return CallArgs::Literals { words, list };
                    }
                }
                return CallArgs::Built;
            }
        }
    }
    CallArgs::Literals { words, list }
}

/// The identifier before `.name` at `at` (the receiver of a method call).
fn receiver_before(code: &str, at: usize) -> Option<String> {
    let before = code[..at].trim_end();
    let before = before
        .strip_suffix('.')
        .or_else(|| before.strip_suffix("::"))?;
    let before = before.trim_end();
    let before = before.strip_suffix(')').map_or(before, |b| {
        // `require('child_process').execSync`: the required name.
        b.rsplit_once("require(").map_or(b, |(_, arg)| arg)
    });
    let word: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '\'' || *c == '"')
        .collect::<Vec<char>>()
        .into_iter()
        .rev()
        .filter(|c| *c != '\'' && *c != '"')
        .collect();
    Some(word)
}

/// The call a literal is an argument of: its name, the literal's position
/// among the call's literal arguments, and how many there are.
fn enclosing_call(code: &str, lexed: &Lexed, index: usize) -> Option<(String, usize, usize)> {
    let lit = &lexed.lits[index];
    let b = code.as_bytes();
    // Back to the unmatched `(` before the literal.
    let mut depth = 0;
    let mut k = lit.start;
    let open = loop {
        if k == 0 {
            // perl's `unlink "x"` without parentheses.
            let before = code[..lit.start].trim_end();
            let name: String = before
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<Vec<char>>()
                .into_iter()
                .rev()
                .collect();
            return (!name.is_empty() && writer(&name).is_some()).then_some((name, 0, 1));
        }
        k -= 1;
        if lit.start - k > MAX_REACH {
            return None;
        }
        if lexed.covering(k) {
            // Past a whole literal at once.
            let i = lexed.lits.partition_point(|l| l.start <= k);
            k = lexed.lits[i - 1].start;
            continue;
        }
        match b[k] {
            b')' | b']' => depth += 1,
            b'(' | b'[' if depth > 0 => depth -= 1,
            b'(' => break k,
            b';' | b'\n' | b'{' if depth == 0 => {
                let before = code[..lit.start].trim_end();
                let name: String = before
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<Vec<char>>()
                    .into_iter()
                    .rev()
                    .collect();
                return (!name.is_empty() && writer(&name).is_some()).then_some((name, 0, 1));
            }
            _ => {}
        }
    };
    let name: String = code[..open]
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect::<Vec<char>>()
        .into_iter()
        .rev()
        .collect();
    if name.is_empty() {
        return None;
    }
    let name = module_function(&code[..open], &name, &lexed.bare);
    // The literal arguments of that call, at its own level.
    let close = skip_balanced_code(code, lexed, open + 1)?;
    let mut position = 0;
    let mut of = 0;
    let mut level = 0;
    let mut j = open + 1;
    let mut seen = false;
    while j < close {
        if let Some(n) = lexed.index_starting_at(j) {
            let l = &lexed.lits[n];
            if level == 0 {
                if n == index {
                    position = of;
                    seen = true;
                }
                of += 1;
            }
            j = l.end;
            continue;
        }
        match b[j] {
            b'(' | b'[' | b'{' => level += 1,
            b')' | b']' | b'}' => level -= 1,
            _ => {}
        }
        j += 1;
    }
    seen.then_some((name, position, of))
}

/// A call's name as [`writer`] knows it, where the module it comes from
/// decides: python's `os.replace(a, b)` (or `replace` taken from `os`) moves
/// `a` onto `b`, as `os.rename` does, while `replace` of anything else is a
/// string's method.
fn module_function(before_open: &str, name: &str, bare: &str) -> String {
    if name == "replace" {
        let receiver = before_open.trim_end()[..before_open.trim_end().len() - name.len()]
            .trim_end()
            .strip_suffix('.')
            .map(|r| {
                let r = r.trim_end();
                let start = r
                    .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .map_or(0, |at| at + 1);
                &r[start..]
            });
        let from_os = || {
            ["from os import", "from posix import"]
                .iter()
                .any(|import| bare.contains(import))
        };
        let moves = match receiver {
            Some(module) => matches!(module, "os" | "posix" | "nt"),
            None => from_os(),
        };
        if moves {
            return "rename".to_owned();
        }
    }
    name.to_owned()
}

/// The index of the `)` closing a call whose arguments start at `at`.
fn skip_balanced_code(code: &str, lexed: &Lexed, at: usize) -> Option<usize> {
    let b = code.as_bytes();
    let mut depth = 0;
    let mut k = at;
    while k < b.len() && k - at < MAX_REACH {
        if let Some(l) = lexed.starting_at(k) {
            k = l.end;
            continue;
        }
        match b[k] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth > 0 => depth -= 1,
            b')' => return Some(k),
            _ => {}
        }
        k += 1;
    }
    None
}

/// The literal at `position` among the literal arguments of the call
/// enclosing literal `index`.
fn call_literal(code: &str, lexed: &Lexed, index: usize, position: usize) -> Option<String> {
    let (_, own, _) = enclosing_call(code, lexed, index)?;
    let offset = position as isize - own as isize;
    let target = index as isize + offset;
    let lit = lexed.lits.get(usize::try_from(target).ok()?)?;
    Some(lit.text.clone())
}

/// `Path('x').unlink()`: the method called on a path object built from
/// literal `index`, with the mode literal of `.open('w')`.
fn path_object_method(code: &str, lexed: &Lexed, index: usize) -> Option<(Writer, Option<String>)> {
    let (name, _, of) = enclosing_call(code, lexed, index)?;
    if !matches!(
        name.as_str(),
        "Path" | "PurePath" | "PosixPath" | "Pathname"
    ) || of != 1
    {
        return None;
    }
    let lit = &lexed.lits[index];
    let close = skip_balanced_code(code, lexed, lit.end)?;
    let after = code[close + 1..].trim_start().strip_prefix('.')?;
    let method: String = after
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let writer = path_method(&method)?;
    let mode = lexed
        .lits
        .iter()
        .find(|l| l.start > close)
        .filter(|l| code[close + 1..l.start].trim_end().ends_with('('))
        .map(|l| l.text.clone());
    Some((writer, mode))
}

/// Whether a literal is a whole argument of its call (not a piece of an
/// expression): `f('x', …)`, `f(a, 'x')`, perl's `unlink "x"`.
fn whole_argument(code: &str, lit: &Lit, call: &str) -> bool {
    let before = code[..lit.start].trim_end();
    let after = code[lit.end..].trim_start();
    let opens = before.ends_with(['(', ',', '[']) || before.ends_with(call);
    let closes = after.is_empty()
        || after.starts_with([',', ')', ']', ';', '\n'])
        || after.starts_with("or ")
        || after.starts_with("||")
        || after.starts_with('}');
    opens && closes
}

/// What an `open` mode does to its path.
fn open_mode(mode: Option<&str>) -> Option<(Change, Reach)> {
    let mode = mode?;
    let m = mode.trim();
    if m.starts_with('>') && !m.starts_with(">>") || m.contains('w') && !m.contains('<') {
        Some((Change::Overwrite, Reach::Path))
    } else if m.starts_with(">>") || m.contains(['a', 'x', '+']) || m == "+<" {
        Some((Change::Write, Reach::Path))
    } else {
        None
    }
}

/// perl's two-argument open: `">file"`, `">>file"`, `"+<file"`.
fn perl_open_mode(text: &str) -> (Option<&str>, &str) {
    for mode in ["+>>", "+>", "+<", ">>", ">"] {
        if let Some(path) = text.strip_prefix(mode) {
            return (Some(mode), path.trim_start());
        }
    }
    (None, text)
}

/// Whether the code before a literal is perl's `open` called without
/// parentheses, up to its handle and comma: `open F,`, `open $f,`,
/// `open my $f,`.
fn perl_bare_open(before: &str) -> bool {
    let Some(rest) = before.strip_suffix(',') else {
        return false;
    };
    let rest = rest
        .trim_end()
        .trim_end_matches(|c: char| c.is_alphanumeric() || c == '_');
    let rest = rest.strip_suffix('$').unwrap_or(rest).trim_end();
    let rest = rest.strip_suffix("my").map_or(rest, str::trim_end);
    rest.strip_suffix("open").is_some_and(|b| {
        b.is_empty() || b.ends_with(|c: char| c.is_whitespace() || ";{(".contains(c))
    }) && rest.len() < before.len()
}

/// One way a program reaches the environment.
#[derive(Debug, PartialEq, Eq)]
enum EnvAccess {
    /// One variable by a literal name; `sets`: it is assigned, not read.
    Named { name: String, sets: bool },
    /// The whole environment, or a name built at run time.
    Whole(&'static str),
}

/// JavaScript's `process` used other than by a member that is not `env`:
/// handed on whole (`const {env} = process`, `console.log(process)`,
/// `with (process)`), or its `env` reached by a spelling the markers do not
/// see (`process .env`, `process?.env`, `process [`). `bare` is the code
/// outside literals and comments. `process.env` itself is read by the
/// markers (one harmless name passes).
fn process_object_escapes(bare: &str) -> Option<&'static str> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut from = 0;
    while let Some(found) = bare[from..].find("process") {
        let at = from + found;
        from = at + "process".len();
        if bare[..at].chars().last().is_some_and(word) {
            continue;
        }
        let rest = &bare[from..];
        if rest.chars().next().is_some_and(word) {
            continue;
        }
        // A declaration of a name `process` shadows it.
        let before = bare[..at].trim_end();
        if ["function", "let", "const", "var", "class"]
            .iter()
            .any(|k| before.ends_with(k))
        {
            continue;
        }
        if rest.starts_with(".env") && !rest[4..].starts_with(word) {
            continue;
        }
        let after = rest.trim_start();
        let member = after
            .strip_prefix("?.")
            .or_else(|| after.strip_prefix('.'))
            .map(|m| m.trim_start());
        match member {
            Some(m) => {
                let name: String = m.chars().take_while(|c| word(*c)).collect();
                if name == "env" {
                    return Some("process.env by another spelling");
                }
            }
            None => return Some("the process object, the environment with it"),
        }
    }
    None
}

/// perl's symbolic references name a package variable by text when the
/// program runs: `%{"ENV"}`, `%{"E"."NV"}`, `*{"main::ENV"}` are the
/// environment hash under a name no marker sees (verified: `perl -e 'print
/// %{"ENV"}'` printed the environment). A dereference block that starts with
/// a string, or a string that is the hash's own name (`$n = "ENV"; %$n`),
/// is read as the whole environment.
fn perl_symbolic_environment(code: &str, lexed: &Lexed) -> Option<&'static str> {
    for lit in &lexed.lits {
        if lit.command {
            continue;
        }
        let name = lit
            .text
            .trim()
            .trim_start_matches("main")
            .trim_start_matches("::");
        if name == "ENV" {
            return Some("the name of the environment hash as text");
        }
        let before = code[..lit.start].trim_end();
        if let Some(open) = before.strip_suffix('{') {
            if open.trim_end().ends_with(['%', '$', '@', '*', '&']) {
                return Some("a symbolic reference, a variable named by text");
            }
        }
    }
    None
}

/// The environment accesses in a program, in any of the languages.
fn env_accesses(code: &str, lexed: &Lexed) -> Vec<EnvAccess> {
    // (marker, how a literal name follows it)
    const MARKERS: &[(&str, &str)] = &[
        ("os.environb", "["),
        ("os.environ", "["),
        ("environ", "["),
        ("getenvb", "("),
        ("getenv", "("),
        ("putenv", "("),
        ("unsetenv", "("),
        ("process.env", "."),
        ("Deno.env", "."),
        ("Bun.env", "."),
        ("import.meta.env", "."),
        ("$ENV{", "{"),
        ("%ENV", ""),
        ("@ENV{", "{"),
        ("ENV[", "["),
        ("ENV.", "."),
        ("$_ENV", "["),
        ("$_SERVER", "["),
        ("Sys.getenv", "("),
        ("Sys.setenv", "("),
        ("System.getenv", "("),
        // Elixir's: `System.get_env()` with no name is the whole map.
        ("System.get_env", "("),
        ("System.fetch_env!", "("),
        ("System.fetch_env", "("),
        ("$env(", "("),
        ("$::env(", "("),
        ("array get env", ""),
        ("array names env", ""),
        ("parray env", ""),
        ("system attribute", " "),
        ("/proc/self/environ", ""),
        // Aliases of the environment object: `{env} = process`, `e = ENV`.
        ("= process", ""),
        ("process[", ""),
        ("require('process')", ""),
        ("require(\"process\")", ""),
        ("node:process", ""),
        ("use Env", ""),
        ("ENV", ""),
        // php's phpinfo() prints every environment variable with its value.
        ("phpinfo", "("),
    ];
    let mut out = Vec::new();
    let mut seen: Vec<(usize, usize)> = Vec::new();
    for (marker, _) in MARKERS {
        let mut from = 0;
        while let Some(found) = code[from..].find(marker) {
            let at = from + found;
            from = at + marker.len();
            // Inside a longer marker already read (`os.environ` in `os.environb`).
            if seen.iter().any(|(s, e)| *s <= at && at < *e) {
                continue;
            }
            // Part of a longer identifier (`my_environ`, `ENVIRONMENT`).
            let word_before = code[..at]
                .chars()
                .last()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            let starts_word = marker.starts_with(|c: char| c.is_ascii_alphabetic());
            if starts_word && word_before && !marker.starts_with("environ") {
                continue;
            }
            if marker.starts_with("environ") && word_before && !code[..at].ends_with("os.") {
                // `my_environ` is not the environment; `os.environ` is read above.
                let prev = code[..at].chars().last();
                if prev != Some('.') {
                    continue;
                }
            }
            let literal_inside = lexed
                .lits
                .iter()
                .any(|l| l.start < at && at < l.end && !marker.starts_with('/'));
            if literal_inside && !marker.starts_with('$') && !marker.starts_with('%') {
                // A marker inside a string is only text (`"see os.environ"`).
                continue;
            }
            // Not the start of a longer identifier (`processData`, `ENVIRONMENT`).
            let word_after = code[from..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            if marker.ends_with(|c: char| c.is_ascii_alphanumeric()) && word_after {
                continue;
            }
            // `$ENV{…}`, `%ENV`, `@ENV{…}` are read by their own markers; a
            // qualified name (ruby's `::ENV`, `Object::ENV`, the symbol
            // `:ENV` given to `const_get`, perl's `%main::ENV`) is the
            // environment object too.
            if *marker == "ENV" && code[..at].ends_with(['$', '%', '@']) {
                continue;
            }
            seen.push((at, from));
            let rest = &code[from..];
            out.push(env_access(marker, rest, code, from, lexed));
        }
    }
    out
}

fn env_access(marker: &str, rest: &str, code: &str, from: usize, lexed: &Lexed) -> EnvAccess {
    let name_ok = |n: &str| {
        !n.is_empty()
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !n.starts_with(|c: char| c.is_ascii_digit())
    };
    let sets_after = |after: &str| {
        let t = after.trim_start();
        (t.starts_with('=') && !t.starts_with("==")) || t.starts_with("||=") || t.starts_with("??=")
    };
    // A literal right at `k`, closed by `close`.
    let literal_at = |k: usize, close: &str| -> Option<(String, usize)> {
        let k = k + code[k..].len() - code[k..].trim_start().len();
        let lit = lexed.starting_at(k)?;
        let after = code[lit.end..].trim_start();
        let after = after.strip_prefix(close)?;
        Some((lit.text.clone(), code.len() - after.len()))
    };
    match marker {
        "= process"
        | "process["
        | "require('process')"
        | "require(\"process\")"
        | "node:process" => EnvAccess::Whole("the process object, the environment with it"),
        "ENV" => EnvAccess::Whole("the whole environment"),
        "phpinfo" => EnvAccess::Whole("phpinfo(), which prints the environment"),
        "use Env" => EnvAccess::Whole("perl's Env module, the environment as variables"),
        "%ENV" | "array get env" | "array names env" | "parray env" => {
            EnvAccess::Whole("the whole environment")
        }
        "/proc/self/environ" => EnvAccess::Whole("/proc/self/environ"),
        "$ENV{" | "@ENV{" => {
            let close = rest.find('}');
            let name = close.map(|c| rest[..c].trim().trim_matches(['\'', '"']).to_owned());
            match name {
                Some(name) if name_ok(&name) && marker == "$ENV{" => {
                    let after = &rest[close.unwrap_or(0) + 1..];
                    EnvAccess::Named {
                        sets: sets_after(after),
                        name,
                    }
                }
                _ => EnvAccess::Whole("a variable named at run time"),
            }
        }
        "process.env" | "Deno.env" | "Bun.env" | "import.meta.env" | "ENV." => {
            if let Some(dot) = rest.strip_prefix('.').or(if marker.ends_with('.') {
                Some(rest)
            } else {
                None
            }) {
                let name: String = dot
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let after = &dot[name.len()..];
                if marker == "Deno.env" || marker == "ENV." {
                    // Deno.env.get('X'), ENV.fetch('X'): a method with a literal.
                    if matches!(
                        name.as_str(),
                        "get" | "fetch" | "key?" | "has" | "set" | "delete"
                    ) || name == "key"
                    {
                        let open = after
                            .find('(')
                            .map(|p| from + (rest.len() - dot.len()) + name.len() + p + 1);
                        if let Some(open) = open {
                            if let Some((n, end)) =
                                literal_at(open, ")").or_else(|| literal_at(open, ","))
                            {
                                if name_ok(&n) {
                                    return EnvAccess::Named {
                                        sets: name == "set",
                                        name: n,
                                    }
                                    .or_sets(sets_after(&code[end..]));
                                }
                            }
                        }
                        return EnvAccess::Whole("a variable named at run time");
                    }
                    return EnvAccess::Whole("the whole environment");
                }
                if name_ok(&name) {
                    return EnvAccess::Named {
                        sets: sets_after(after),
                        name,
                    };
                }
                return EnvAccess::Whole("the whole environment");
            }
            if let Some(bracket) = rest.trim_start().strip_prefix('[') {
                let open = from + rest.len() - bracket.len();
                if let Some((n, end)) = literal_at(open, "]") {
                    if name_ok(&n) {
                        return EnvAccess::Named {
                            sets: sets_after(&code[end..]),
                            name: n,
                        };
                    }
                }
                return EnvAccess::Whole("a variable named at run time");
            }
            EnvAccess::Whole("the whole environment")
        }
        "ENV[" => match literal_at(from, "]") {
            Some((n, end)) if name_ok(&n) => EnvAccess::Named {
                sets: sets_after(&code[end..]),
                name: n,
            },
            _ => EnvAccess::Whole("a variable named at run time"),
        },
        "os.environ" | "os.environb" | "environ" | "$_ENV" | "$_SERVER" => {
            let t = rest.trim_start();
            if let Some(b) = t.strip_prefix('[') {
                let open = from + rest.len() - b.len();
                return match literal_at(open, "]") {
                    Some((n, end)) if name_ok(&n) => EnvAccess::Named {
                        sets: sets_after(&code[end..]),
                        name: n,
                    },
                    _ => EnvAccess::Whole("a variable named at run time"),
                };
            }
            for method in [".get(", ".pop(", ".setdefault(", ".__getitem__("] {
                if let Some(m) = t.strip_prefix(method) {
                    let open = from + rest.len() - m.len();
                    return match literal_at(open, ")").or_else(|| literal_at(open, ",")) {
                        Some((n, _)) if name_ok(&n) => EnvAccess::Named {
                            sets: method == ".setdefault(",
                            name: n,
                        },
                        _ => EnvAccess::Whole("a variable named at run time"),
                    };
                }
            }
            EnvAccess::Whole("the whole environment")
        }
        "system attribute" => match literal_at(from, "") {
            Some((n, _)) if name_ok(&n) => EnvAccess::Named {
                name: n,
                sets: false,
            },
            _ => EnvAccess::Whole("a variable named at run time"),
        },
        // Calls: getenv('X'), Sys.getenv("X"), System.getenv("X"), $env(X).
        _ => {
            let t = rest.trim_start();
            let open_at = if marker.ends_with('(') {
                Some(from)
            } else {
                t.strip_prefix('(').map(|a| from + rest.len() - a.len())
            };
            let Some(open) = open_at else {
                return EnvAccess::Whole("the whole environment");
            };
            let sets = matches!(marker, "putenv" | "Sys.setenv" | "unsetenv");
            if marker.starts_with("$env") || marker.starts_with("$::env") {
                let close = code[open..].find(')').map(|c| open + c);
                return match close.map(|c| code[open..c].trim()) {
                    Some(n) if name_ok(n) => EnvAccess::Named {
                        name: n.to_owned(),
                        sets: false,
                    },
                    _ => EnvAccess::Whole("a variable named at run time"),
                };
            }
            match literal_at(open, ")").or_else(|| literal_at(open, ",")) {
                Some((n, _)) if sets => {
                    let name = n.split('=').next().unwrap_or("").to_owned();
                    if name_ok(&name) {
                        EnvAccess::Named { name, sets: true }
                    } else {
                        EnvAccess::Whole("a variable named at run time")
                    }
                }
                Some((n, _)) if name_ok(&n) => EnvAccess::Named {
                    name: n,
                    sets: false,
                },
                _ if code[open..].trim_start().starts_with(')') => {
                    EnvAccess::Whole("the whole environment")
                }
                _ => EnvAccess::Whole("a variable named at run time"),
            }
        }
    }
}

impl EnvAccess {
    fn or_sets(self, sets: bool) -> EnvAccess {
        match self {
            EnvAccess::Named { name, sets: s } => EnvAccess::Named {
                name,
                sets: s || sets,
            },
            other => other,
        }
    }
}

/// Whether an environment variable's name is a credential's (or the
/// harness's own): reading it is reading a secret.
pub fn is_credential_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    const PARTS: &[&str] = &[
        "KEY",
        "TOKEN",
        "SECRET",
        "PASSWORD",
        "PASSWD",
        "PASSPHRASE",
        "CREDENTIAL",
        "AUTH",
        "COOKIE",
        "SESSION",
        "PRIVATE",
        "DSN",
        "DATABASE_URL",
        "WEBHOOK",
        "CERT",
        "SIGNING",
    ];
    const PREFIXES: &[&str] = &[
        "LITANY_",
        "WICKET_",
        "ANTHROPIC_",
        "BRAZEN_",
        "AWS_",
        "OPENAI_",
        "AZURE_",
        "GOOGLE_",
        "GCP_",
        "GCLOUD_",
        "SSH_",
        "GPG_",
        "GNUPG",
        "VAULT_",
        "NPM_CONFIG__AUTH",
        "DOCKER_AUTH",
        "KUBECONFIG",
        "CLOUDSDK_",
    ];
    PARTS.iter().any(|p| upper.contains(p)) || PREFIXES.iter().any(|p| upper.starts_with(p))
}

/// Variables only the harness may set for what runs (`LITANY_*`, `WICKET_*`).
pub fn is_harness_variable(name: &str) -> bool {
    name.starts_with("LITANY_") || name.starts_with("WICKET_")
}

/// Receivers whose writing methods take a path (`os.remove`, `fs.writeFileSync`,
/// `File.write`): a `write` or `remove` of any other object is not one.
const PATH_RECEIVERS: &[&str] = &[
    "os",
    "shutil",
    "fs",
    "fsPromises",
    "promises",
    "File",
    "FileUtils",
    "Dir",
    "IO",
    "io",
    "posix",
    "Deno",
    "Bun",
    "fse",
    "nt",
];

/// Calls that only put path pieces together, adding no character of their
/// own: a path they make of plain pieces is as plain as its pieces.
const PATH_JOINS: &[&str] = &[
    "os.path.join",
    "path.join",
    "posixpath.join",
    "File.join",
    "Path",
    "pathlib.Path",
    "PurePath",
    "Pathname",
];

/// A call that writes, deletes or renames a path the code derives from
/// constants by an operation the scan does not work out (`open("".join(map(chr,
/// [46, 103, 105, 116])), "w")`, `u.unquote("%2egit")`, `".GIT".toLocaleLowerCase()`,
/// `strrev("tig.")`, `string.char(46, …)`, a name assigned such a value): the
/// text it names — the worktree's `.git` or anything else — is only known
/// when it runs. A path that is one literal, literals and names joined, or a
/// name is read by the rest of the scan. The call as written, or `None`.
fn built_write(code: &str, lexed: &Lexed, language: Language) -> Option<String> {
    let b = code.as_bytes();
    for (start, ident) in identifiers_at(code, lexed) {
        let name = ident.rsplit(['.', ':']).next().unwrap_or(ident);
        let receiver = ident[..ident.len() - name.len()].trim_end_matches(['.', ':']);
        let receiver = receiver.rsplit(['.', ':']).next().unwrap_or(receiver);
        // `Path(EXPR).write_text(…)`: the path is the constructor's.
        let path_object = PATH_JOINS.contains(&ident);
        let kind = if path_object { None } else { writer(name) };
        if kind.is_none() && !path_object {
            continue;
        }
        // Names only a path-taking function has (`writeFileSync`,
        // `file_put_contents`); `write_text` is a path object's own method.
        let unmistakable = name.ends_with("Sync")
            || name.contains("File")
            || matches!(
                name,
                "rmtree" | "fopen" | "sysopen" | "unlink" | "rename" | "file_put_contents"
            );
        let counts = path_object
            || match ident.strip_prefix('.') {
                // A method of an expression (`require("fs").writeFileSync`).
                Some(_) => unmistakable,
                None if receiver.is_empty() => {
                    matches!(language, Language::Python | Language::Perl | Language::Php)
                        || unmistakable
                }
                None => PATH_RECEIVERS.contains(&receiver),
            };
        if !counts || kind == Some(Writer::Links) {
            continue;
        }
        let mut k = start + ident.len();
        while k < b.len() && (b[k] == b' ' || b[k] == b'\t') {
            k += 1;
        }
        // perl's builtins take their list without parentheses too
        // (`open F, ">", lc ".GIT"`, `unlink reverse "tig."`): up to the
        // statement's end.
        let (open, close) = if b.get(k) == Some(&b'(') {
            let Some(close) = skip_balanced_code(code, lexed, k + 1) else {
                continue;
            };
            (k + 1, close)
        } else if language == Language::Perl && !path_object && k > start + ident.len() {
            let end = (k..b.len())
                .find(|&j| (b[j] == b';' || b[j] == b'}') && !lexed.covering(j))
                .unwrap_or(b.len());
            (k, end)
        } else {
            continue;
        };
        let args = top_arguments(code, lexed, open, close);
        let Some(&last) = args.last() else { continue };
        let literal_args: Vec<String> = args
            .iter()
            .filter_map(|&(s, e)| {
                let t = code[s..e].trim();
                let at = s + (code[s..e].len() - code[s..e].trim_start().len());
                lexed
                    .starting_at(at)
                    .filter(|l| l.end >= at + t.len())
                    .map(|l| l.text.clone())
            })
            .collect();
        let targets: Vec<(usize, usize)> = if path_object {
            // Only when a method that changes the path follows.
            let after = code[close + 1..].trim_start();
            let method: String = after
                .strip_prefix('.')
                .unwrap_or("")
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            match path_method(&method) {
                Some(Writer::Opens) | None => continue,
                Some(_) => vec![args[0]],
            }
        } else {
            match kind {
                Some(Writer::Deletes | Writer::Writes) => vec![args[0]],
                Some(Writer::Moves) => vec![args[0], last],
                Some(Writer::Copies) => vec![last],
                Some(Writer::Opens) => {
                    // A mode that writes, or one only known when it runs.
                    let writes = args.len() > 1
                        && (literal_args.len() < args.len() - 1
                            || literal_args
                                .iter()
                                .any(|m| m.contains(['w', 'a', 'x', '+', '>', '|'])));
                    if !writes {
                        continue;
                    }
                    if language == Language::Perl {
                        args[1..].to_vec()
                    } else {
                        vec![args[0]]
                    }
                }
                _ => continue,
            }
        };
        if targets
            .iter()
            .any(|&(s, e)| derived(code, lexed, language, s, e, 0))
        {
            return Some(crate::clip(
                code[start..close.min(code.len() - 1) + 1].trim(),
                60,
            ));
        }
    }
    None
}

/// The byte ranges of a call's arguments between `from` and the closing
/// parenthesis at `close`, split at commas outside brackets and literals.
fn top_arguments(code: &str, lexed: &Lexed, from: usize, close: usize) -> Vec<(usize, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0;
    let mut s = from;
    let mut k = from;
    while k < close {
        if let Some(l) = lexed.starting_at(k) {
            k = l.end.max(k + 1);
            continue;
        }
        match b[k] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                out.push((s, k));
                s = k + 1;
            }
            _ => {}
        }
        k += 1;
    }
    if !code[s..close].trim().is_empty() {
        out.push((s, close));
    }
    out
}

/// Whether the expression in `s..e` derives text from constants (literals,
/// numbers) by anything but joining them with names: a call, a method, a
/// subscript of a literal, an operator, an escape the scan cannot name.
/// A lone name is followed to its assignments.
fn derived(
    code: &str,
    lexed: &Lexed,
    language: Language,
    s: usize,
    e: usize,
    depth: usize,
) -> bool {
    let b = code.as_bytes();
    let mut constant = false;
    let mut plain = true;
    let mut names: Vec<&str> = Vec::new();
    let mut operand = true;
    let mut k = s;
    while k < e {
        let c = b[k];
        if c.is_ascii_whitespace() {
            k += 1;
            continue;
        }
        if let Some(l) = lexed.starting_at(k) {
            constant = true;
            // An interpolation that calls or indexes (`f"{chr(46)}git"`).
            // perl's interpolation of a name `s///` or `tr///` edits.
            if l.text.contains(HOLE)
                && (code[k..l.end.min(e)].contains(['(', '['])
                    || language == Language::Perl && perl_edits(code))
            {
                plain = false;
            }
            k = l.end.max(k + 1);
            operand = false;
            continue;
        }
        let joiner = match language {
            Language::Perl | Language::Php => c == b'.' || c == b'+',
            Language::Lua => c == b'.' && b.get(k + 1) == Some(&b'.'),
            _ => c == b'+',
        };
        if joiner && !operand {
            k += if language == Language::Lua { 2 } else { 1 };
            operand = true;
            continue;
        }
        if operand && (name_byte(c) || c == b'$' || c == b'@') {
            let from = k;
            k += 1;
            while k < e && (name_byte(b[k]) || b[k] == b'.' || b[k] == b':') {
                // perl's and php's `.` joins; lua's `..` too.
                if b[k] == b'.'
                    && matches!(language, Language::Perl | Language::Php | Language::Lua)
                {
                    break;
                }
                k += 1;
            }
            let word = &code[from..k];
            if word.starts_with(|ch: char| ch.is_ascii_digit()) {
                constant = true;
                // `46.chr`: a method of a number.
                if word.contains(|ch: char| ch.is_ascii_alphabetic() && ch != 'x') {
                    plain = false;
                }
            }
            let mut j = k;
            while j < e && b[j].is_ascii_whitespace() {
                j += 1;
            }
            match b.get(j) {
                Some(b'(') if j < e => {
                    let Some(close) = skip_balanced_code(code, lexed, j + 1) else {
                        return constant || lexed.lits.iter().any(|l| l.start >= j && l.start < e);
                    };
                    if PATH_JOINS.contains(&word) {
                        for (a, z) in top_arguments(code, lexed, j + 1, close) {
                            if derived(code, lexed, language, a, z, depth + 1) {
                                return true;
                            }
                        }
                    } else {
                        plain = false;
                        if lexed.lits.iter().any(|l| l.start > j && l.start < close)
                            || code[j..close].contains(|ch: char| ch.is_ascii_digit())
                        {
                            constant = true;
                        }
                    }
                    k = close + 1;
                }
                Some(b'[') if j < e => {
                    // An index of a name: as plain as the name.
                    let mut d = 0;
                    let mut m = j;
                    while m < e {
                        if let Some(l) = lexed.starting_at(m) {
                            m = l.end.max(m + 1);
                            continue;
                        }
                        match b[m] {
                            b'[' => d += 1,
                            b']' => {
                                d -= 1;
                                if d == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        m += 1;
                    }
                    k = m + 1;
                    names.push(word);
                }
                _ => names.push(word),
            }
            operand = false;
            continue;
        }
        // Anything else: a subscript or method of a literal, an operator
        // (`%`, `*`, `x`), a parenthesis, a list, a here-doc (`<<E`).
        plain = false;
        if c == b'<' {
            constant = true;
        }
        if code[k..e].contains(|ch: char| ch.is_ascii_digit())
            || lexed.lits.iter().any(|l| l.start >= k && l.start < e)
        {
            constant = true;
        }
        break;
    }
    if !plain {
        return constant;
    }
    if depth >= 3 {
        return false;
    }
    // perl's `s///`, `tr///` and `y///` change a name in place (`$_` when
    // none is bound): a name the code holds is derived when it has them.
    if language == Language::Perl && !names.is_empty() && perl_edits(code) {
        return true;
    }
    // A name: what it is assigned.
    for name in names {
        let bare_name = name.trim_start_matches(['$', '@']);
        if bare_name.is_empty()
            || !bare_name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        {
            continue;
        }
        let mut from = 0;
        while let Some(found) = code[from..].find(bare_name) {
            let at = from + found;
            from = at + bare_name.len();
            if lexed.covering(at)
                || (at > 0 && name_byte(b[at - 1]))
                || b.get(from).is_some_and(|c| name_byte(*c))
            {
                continue;
            }
            let rest = &code[from..];
            let after = rest.trim_start();
            let Some(rhs) = after.strip_prefix(":=").or_else(|| {
                after
                    .strip_prefix('=')
                    .filter(|r| !r.starts_with(['=', '~', '>']))
            }) else {
                continue;
            };
            let rs = code.len() - rhs.len();
            let re = code[rs..]
                .char_indices()
                .find(|&(i, ch)| (ch == ';' || ch == '\n') && !lexed.covering(rs + i))
                .map_or(code.len(), |(i, _)| rs + i);
            if rs < re && derived(code, lexed, language, rs, re, depth + 1) {
                return true;
            }
        }
    }
    false
}

/// Whether perl code edits a string in place with `s`, `tr` or `y`
/// (`$_ = ".gjt"; tr/j/i/` made `.git`).
fn perl_edits(code: &str) -> bool {
    let b = code.as_bytes();
    ["s", "tr", "y"].iter().any(|op| {
        code.match_indices(op).any(|(at, _)| {
            let before = code[..at].trim_end();
            let after = b.get(at + op.len()).copied();
            (at == 0 || !name_byte(b[at - 1]) && !b"$@%&".contains(&b[at - 1]))
                && after.is_some_and(|c| b"/{|#!(".contains(&c) && (c != b'(' || *op != "s"))
                && (before.is_empty() || before.ends_with(['~', ';', '{', '(', ',']))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(code: &str, language: Language) -> Vec<String> {
        lex(code, language.lexis())
            .lits
            .into_iter()
            .map(|l| l.text)
            .collect()
    }

    #[test]
    fn names_written_in_past_what_is_read_are_too_long_not_dropped() {
        let code = format!(
            "a = '{}'\n{}os.link(a + 'it', 'x')",
            "x".repeat(4000),
            "a\n".repeat(40)
        );
        let lexed = lex(&code, Language::Python.lexis());
        let written = substituted(&code, &lexed, Language::Python).unwrap();
        assert!(written.len() > MAX_CODE, "{}", written.len());
    }

    #[test]
    fn slices_of_a_literal_are_worked_out() {
        let slice = |v: &str, t: &str| sliced(v, t).map(|(s, _)| s);
        assert_eq!(slice("x.git", "[1:]").as_deref(), Some(".git"));
        assert_eq!(slice("x.gitx", "[1:-1]").as_deref(), Some(".git"));
        assert_eq!(slice("x.git", "[-4:]").as_deref(), Some(".git"));
        assert_eq!(slice("x.git", "[1..]").as_deref(), Some(".git"));
        assert_eq!(slice("x.gitx", "[1..-2]").as_deref(), Some(".git"));
        assert_eq!(slice("x.gitx", "[1...-1]").as_deref(), Some(".git"));
        assert_eq!(slice("x.gitx", "[1, 4]").as_deref(), Some(".git"));
        assert_eq!(slice("x.git", ".slice(1)").as_deref(), Some(".git"));
        assert_eq!(slice("x.git", ".substring(5, 1)").as_deref(), Some(".git"));
        assert_eq!(slice("x.gitx", ".substr(-5, 4)").as_deref(), Some(".git"));
        // Not slices of small literal integers.
        assert_eq!(slice("x.git", "[i:]"), None);
        assert_eq!(slice("x.git", "[1]"), None);
        assert_eq!(slice("x.git", "[::2]"), None);
        assert_eq!(slice("x.git", "[1:9999999]"), None);
        let values = |code: &str| {
            let lexed = lex(code, Language::Perl.lexis());
            evaluated(code, &lexed)
                .into_iter()
                .map(|(_, v)| v)
                .collect::<Vec<_>>()
        };
        assert!(values(r#"link substr("x.git", 1), "y""#).contains(&".git".to_owned()));
        assert!(values(r#"link scalar reverse("tig."), "y""#).contains(&".git".to_owned()));
    }

    #[test]
    fn literals_are_read_with_escapes_and_prefixes() {
        assert_eq!(
            lits(r#"open('a\x2e') + "b\u002e" + r'c\x'"#, Language::Python),
            ["a.", "b.", "c\\x"]
        );
        assert_eq!(lits("'''x'y''' # 'z'", Language::Python), ["x'y"]);
        assert_eq!(
            lits(r#"print q{a}; s/'/"/g; my $x = "b$y";"#, Language::Perl),
            ["a", "b\u{0}"]
        );
        assert_eq!(lits("`ls ${x}` // 'c'", Language::Node), ["ls \u{0}"]);
        assert_eq!(lits("%w(a b) + %x(ls)", Language::Ruby), ["a b", "ls"]);
        assert_eq!(lits("x = [[a'b]] -- 'c'", Language::Lua), ["a'b"]);
    }

    #[test]
    fn joins_and_formats_of_literals_are_worked_out_only_to_a_path_length() {
        let code = r#"os.link("".join([".g", "it"]), "x"); "%s%s" % (".g", "it")"#;
        let lexed = lex(code, Language::Python.lexis());
        let values: Vec<String> = joined(code, &lexed).into_iter().map(|(_, v)| v).collect();
        assert_eq!(
            values.iter().filter(|v| *v == ".git").count(),
            2,
            "{values:?}"
        );
        // A format that would grow past any path is not built at all.
        let code = format!(
            r#"x = "{}".format("{}")"#,
            "{0}".repeat(1000),
            "a".repeat(1000)
        );
        let lexed = lex(&code, Language::Python.lexis());
        let values = joined(&code, &lexed);
        assert!(
            values.iter().all(|(_, v)| v.len() <= JOINED_MAX),
            "{}",
            values.len()
        );
        assert!(values.is_empty(), "{}", values.len());
        let code = format!(r#"x = "{}".join(["a", "b"])"#, "s".repeat(5000));
        let lexed = lex(&code, Language::Python.lexis());
        assert!(joined(&code, &lexed).is_empty());
    }

    #[test]
    fn joined_literals_and_simple_operations_are_seen() {
        let code =
            "os.path.join('..', '..', 'repo.git'); 'tig.oper'[::-1]; chr(46)+chr(46); 'r'+'e'";
        let lexed = lex(code, Language::Python.lexis());
        let values = evaluated(code, &lexed);
        let texts = runs(code, &lexed, &values);
        assert!(texts.iter().any(|t| t == "../../repo.git"), "{texts:?}");
        assert!(values.iter().any(|(_, v)| v == "repo.git"), "{values:?}");
        assert!(texts.iter().any(|t| t == ".."), "{texts:?}");
        assert!(texts.iter().any(|t| t == "re"), "{texts:?}");
    }

    #[test]
    fn environment_reads_are_told_apart() {
        let read = |code: &str| {
            let lexed = lex(code, Language::Python.lexis());
            env_accesses(code, &lexed)
        };
        assert_eq!(
            read("os.environ.get('DEBUG')"),
            [EnvAccess::Named {
                name: "DEBUG".into(),
                sets: false
            }]
        );
        assert_eq!(
            read("print(os.environ)"),
            [EnvAccess::Whole("the whole environment")]
        );
        assert!(matches!(read("os.environ[k]")[0], EnvAccess::Whole(_)));
        assert!(matches!(
            read("os.environ['LITANY_X'] = '1'")[0],
            EnvAccess::Named { sets: true, .. }
        ));
        let node = |code: &str| env_accesses(code, &lex(code, Language::Node.lexis()));
        assert_eq!(
            node("process.env.NODE_ENV"),
            [EnvAccess::Named {
                name: "NODE_ENV".into(),
                sets: false
            }]
        );
        assert!(matches!(
            node("JSON.stringify(process.env)")[0],
            EnvAccess::Whole(_)
        ));
        let perl = |code: &str| env_accesses(code, &lex(code, Language::Perl.lexis()));
        assert!(matches!(
            perl("print $ENV{TOKEN}")[0],
            EnvAccess::Named { .. }
        ));
        assert!(matches!(perl("for (keys %ENV) {}")[0], EnvAccess::Whole(_)));
        assert!(read("my_environ = 1").is_empty());
        assert!(is_credential_name("GITHUB_TOKEN"));
        assert!(is_credential_name("LITANY_CONV_REPO"));
        assert!(!is_credential_name("NODE_ENV"));
        assert!(!is_credential_name("DEBUG"));
    }

    #[test]
    fn calls_read_their_literal_arguments() {
        let code = "subprocess.run(['rm', '-rf', 'x'], check=True); os.system(cmd)";
        let lexed = lex(code, Language::Python.lexis());
        let found = calls(code, &lexed);
        let run = found.iter().find(|(n, _, _)| n == "run").unwrap();
        assert!(
            matches!(&run.2, CallArgs::Literals { words, list: true } if words == &["rm", "-rf", "x"])
        );
        let system = found.iter().find(|(n, _, _)| n == "system").unwrap();
        assert!(matches!(system.2, CallArgs::Built));
    }
}
