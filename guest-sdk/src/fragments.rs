//! Secret fragments: the path patterns that mark credentials, and the one
//! matcher every plugin shares (see [`crate::Context::secret_fragment`]).
//!
//! # The fragment syntax
//!
//! A fragment is one or more path components joined by `/` (`.ssh`,
//! `.config/gh/hosts.yml`). It matches a text where consecutive whole
//! components of one path in the text are those components:
//!
//! - A text is cut into paths at whitespace, quotes, `=`, `:`, `,` and `@`
//!   (`--key=~/.ssh/k` holds the path `~/.ssh/k`, `-d @.env` the path
//!   `.env`), and each path into components at `/`.
//! - A plain component matches exactly: `.ssh` bites on `~/.ssh/config`, not on
//!   `.sshrc`; `credentials` on `~/.aws/credentials`, not on
//!   `src/credentials.rs`; `id_rsa` on `id_rsa`, not on `id_rsa.pub`.
//! - A component may be a shell pattern — `*`, `?`, `[…]` (`[!…]` negates),
//!   `\` quoting the next character — matched against one whole component:
//!   `*.pem` bites on `certs/server.pem`, `.env.*` on `.env.local`.
//! - A text read as a pattern ([`find_pattern`]; a shell glob, `~/.s*/id_*`,
//!   `~/.ss?/*`) matches a fragment when some name could match both, as the
//!   shell would expand it:
//!   a pattern component that does not start with a literal `.` never
//!   matches a name that does, and at least one component must aim at the
//!   fragment — be a name, start with a literal character (`.s*`, `id_*`),
//!   or spell a pattern fragment's literal part (`*.p?m` for `*.pem`). So
//!   `src/*`, `src/*.rs` and `r*` are not taken to name `src/credentials`,
//!   `*.pem` or `credentials`, while `~/.config/*/hosts.yml` names
//!   `~/.config/gh/hosts.yml`.
//! - **Public halves.** A path whose last component is a public name — a
//!   `*.pub` key, `known_hosts`, `authorized_keys`, a committed
//!   `.env.example` (see [`PUBLIC_NAMES`]) — is not secret through a
//!   fragment that only reaches its directory (`.ssh` does not bite on
//!   `~/.ssh/id_rsa.pub`) or through a fragment whose last component is a
//!   pattern (`.env.*` does not bite on `.env.example`). A fragment that
//!   spells the name literally always bites (a workspace that adds
//!   `known_hosts` makes it secret).
//!
//! A workspace may add fragments (`secrets:` in `capability.yaml`), never
//! remove one: nothing a fragment can say makes another fragment bite less.

/// Names that are the public half of a credential, or a committed template
/// of one: not secret through a directory fragment or a pattern fragment.
/// `*.pub` is matched by its suffix.
pub const PUBLIC_NAMES: &[&str] = &[
    "*.pub",
    "known_hosts",
    "known_hosts.old",
    "known_hosts2",
    "authorized_keys",
    "authorized_keys2",
    ".env.example",
    ".env.sample",
    ".env.template",
    ".env.dist",
    ".env.defaults",
];

/// A fragment, compiled for matching.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fragment {
    /// As written.
    pub text: String,
    parts: Vec<Piece>,
}

/// One component of a fragment: where it lies in the fragment's text (one
/// string per fragment, not one per component), and whether it is a
/// pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece {
    at: std::ops::Range<usize>,
    glob: bool,
}

/// One component of a text, borrowed: a name, or a pattern.
#[derive(Debug, Clone, Copy)]
struct Have<'t> {
    text: &'t str,
    glob: bool,
}

impl Fragment {
    /// Compile one fragment; `None` when it names no component at all.
    pub fn new(text: &str) -> Option<Fragment> {
        let mut parts: Vec<Piece> = Vec::new();
        let mut start = 0;
        for p in text.split('/') {
            if !p.is_empty() && p != "." {
                parts.push(Piece {
                    at: start..start + p.len(),
                    glob: is_pattern(p),
                });
            }
            start += p.len() + 1;
        }
        (!parts.is_empty()).then(|| Fragment {
            text: text.to_owned(),
            parts,
        })
    }

    /// Whether this fragment ends at `comps[at]` (a path's components),
    /// with at least one component of the text aimed at it.
    fn ends_at(&self, comps: &[Have], at: usize) -> bool {
        let k = self.parts.len();
        if at + 1 < k {
            return false;
        }
        let start = at + 1 - k;
        // Most fragments end in a name: one that is not the path's component
        // there ends it at once (what the loop below would find last).
        if let (Some(last), Some(have)) = (self.parts.last(), comps.get(at)) {
            if !last.glob && !have.glob && self.text[last.at.clone()] != *have.text {
                return false;
            }
        }
        let mut aimed = false;
        for (want, have) in self.parts.iter().zip(&comps[start..=at]) {
            let want = Have {
                text: &self.text[want.at.clone()],
                glob: want.glob,
            };
            match component_matches(&want, have) {
                None => return false,
                Some(a) => aimed |= a,
            }
        }
        aimed
    }

    fn last_is_pattern(&self) -> bool {
        self.parts.last().is_some_and(|p| p.glob)
    }
}

/// Compile a list of fragments (empty ones dropped).
pub fn compile(fragments: &[String]) -> Vec<Fragment> {
    fragments.iter().filter_map(|f| Fragment::new(f)).collect()
}

/// The first fragment `text` names, by index into `fragments`; the text is
/// a name (a `*` in it is a `*`).
pub fn find(text: &str, fragments: &[Fragment]) -> Option<usize> {
    find_in(text, fragments, false)
}

/// The first fragment `text` can name read as a shell pattern (`~/.s*/id_*`
/// names `.ssh`), by index into `fragments`.
pub fn find_pattern(text: &str, fragments: &[Fragment]) -> Option<usize> {
    find_in(text, fragments, true)
}

fn find_in(text: &str, fragments: &[Fragment], patterns: bool) -> Option<usize> {
    if fragments.is_empty() {
        return None;
    }
    for path in paths_in(text) {
        let comps: Vec<Have> = path
            .split('/')
            .filter(|c| !c.is_empty() && *c != ".")
            .map(|c| Have {
                text: c,
                glob: patterns && is_pattern(c),
            })
            .collect();
        let Some(last) = comps.last() else { continue };
        let public = is_public(last.text);
        for at in 0..comps.len() {
            for (index, fragment) in fragments.iter().enumerate() {
                if !fragment.ends_at(&comps, at) {
                    continue;
                }
                let through_directory = at + 1 < comps.len();
                if public && (through_directory || fragment.last_is_pattern()) {
                    continue;
                }
                return Some(index);
            }
        }
    }
    None
}

/// Whether `text` names `fragment` (one fragment, compiled on the spot).
pub fn names(text: &str, fragment: &str) -> bool {
    Fragment::new(fragment).is_some_and(|f| find(text, &[f]).is_some())
}

/// The paths a text holds: cut at whitespace, quotes, `=`, `:`, `,` and `@`.
pub fn paths_in(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| matches!(c, '=' | ':' | ',' | '"' | '\'' | '@') || c.is_whitespace())
        .filter(|p| !p.is_empty())
}

/// Whether a last component is a public name (see [`PUBLIC_NAMES`]). A
/// pattern is public only when every name it matches is (`*.pub`).
pub fn is_public(name: &str) -> bool {
    PUBLIC_NAMES.iter().any(|p| match p.strip_prefix('*') {
        Some(suffix) => name.len() > suffix.len() && name.ends_with(suffix),
        None => name == *p,
    })
}

/// Whether text holds shell pattern syntax.
pub fn is_pattern(text: &str) -> bool {
    text.contains(['*', '?', '['])
}

/// Whether a fragment's component and a text's component can name the same
/// file, and if so whether the text's is aimed at it: a name is; a pattern
/// is when it starts with a literal character (`.s*` at `.ssh`, `id_*` at
/// `id_rsa`, not `*` nor `*.yml` at `hosts.yml`), or when it spells a
/// pattern fragment's literal part itself (`*.p?m` at `*.pem`, not `r*`).
fn component_matches(want: &Have, have: &Have) -> Option<bool> {
    if !have.glob {
        let hit = if want.glob {
            // The common shapes first: `*.pem`, `.env.*`.
            match (want.text.strip_prefix('*'), want.text.strip_suffix('*')) {
                (Some(suffix), _) if !is_pattern(suffix) => {
                    have.text.len() > suffix.len() && have.text.ends_with(suffix)
                }
                (_, Some(prefix)) if !is_pattern(prefix) => {
                    have.text.len() > prefix.len() && have.text.starts_with(prefix)
                }
                _ => glob_match(&tokens(want.text), have.text),
            }
        } else {
            want.text == have.text
        };
        return hit.then_some(true);
    }
    // The shell does not let a pattern reach a dot-file unless the pattern
    // starts with a literal dot.
    let theirs = tokens(have.text);
    if !matches!(theirs.first(), Some(Token::Char('.'))) && want.text.starts_with('.') {
        return None;
    }
    if want.glob {
        return intersects(&tokens(want.text), &theirs).then_some(true);
    }
    glob_match(&theirs, want.text).then_some(matches!(theirs.first(), Some(Token::Char(_))))
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Char(char),
    Any,
    Star,
    /// A bracket class: negated, and its members as inclusive ranges.
    Class(bool, Vec<(char, char)>),
}

impl Token {
    fn accepts(&self, c: char) -> bool {
        match self {
            Token::Char(x) => *x == c,
            Token::Any | Token::Star => true,
            Token::Class(negate, ranges) => {
                ranges.iter().any(|(a, b)| *a <= c && c <= *b) != *negate
            }
        }
    }
}

/// A pattern as tokens; an unterminated `[` is a literal `[`.
fn tokens(pattern: &str) -> Vec<Token> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '*' => {
                if out.last() != Some(&Token::Star) {
                    out.push(Token::Star);
                }
                i += 1;
            }
            '?' => {
                out.push(Token::Any);
                i += 1;
            }
            '\\' if i + 1 < chars.len() => {
                out.push(Token::Char(chars[i + 1]));
                i += 2;
            }
            '[' => match class(&chars, i) {
                Some((token, next)) => {
                    out.push(token);
                    i = next;
                }
                None => {
                    out.push(Token::Char('['));
                    i += 1;
                }
            },
            c => {
                out.push(Token::Char(c));
                i += 1;
            }
        }
    }
    out
}

fn class(chars: &[char], at: usize) -> Option<(Token, usize)> {
    let mut i = at + 1;
    let negate = matches!(chars.get(i), Some('!' | '^'));
    if negate {
        i += 1;
    }
    let mut ranges = Vec::new();
    let mut first = true;
    while i < chars.len() {
        let c = chars[i];
        if c == ']' && !first {
            return Some((Token::Class(negate, ranges), i + 1));
        }
        first = false;
        if i + 2 < chars.len() && chars[i + 1] == '-' && chars[i + 2] != ']' {
            ranges.push((c, chars[i + 2]));
            i += 3;
        } else {
            ranges.push((c, c));
            i += 1;
        }
    }
    None
}

/// fnmatch of one name against a tokenized pattern (no dot rule: a
/// fragment's pattern describes names, hidden or not).
fn glob_match(pattern: &[Token], name: &str) -> bool {
    let n: Vec<char> = name.chars().collect();
    let (mut pi, mut ni) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < pattern.len() {
            if pattern[pi] == Token::Star {
                star = Some((pi, ni));
                pi += 1;
                continue;
            }
            if pattern[pi].accepts(n[ni]) {
                pi += 1;
                ni += 1;
                continue;
            }
        }
        match star {
            Some((sp, sn)) => {
                pi = sp + 1;
                ni = sn + 1;
                star = Some((sp, sn + 1));
            }
            None => return false,
        }
    }
    pattern[pi..].iter().all(|t| *t == Token::Star)
}

/// Whether a fragment's pattern `a` and a text's pattern `b` match some
/// common name with every literal character of `a` matched by a character
/// of `b` that is not a `*` (so `*.p?m` reaches `*.pem`, `r*` does not): a
/// walk over pairs of positions, a star free to stay or move on.
fn intersects(a: &[Token], b: &[Token]) -> bool {
    let (n, m) = (a.len(), b.len());
    // A state: positions in both, and how many of the fragment's literal
    // characters the text has matched with characters of its own (two are
    // enough for the text's `*` to stand for the rest: `*.k*` reaches
    // `*.key`, `*.so.*` does not reach `*.pem`).
    const ENOUGH: usize = 2;
    let index = |i: usize, j: usize, k: usize| (i * (m + 1) + j) * (ENOUGH + 1) + k;
    let mut seen = vec![false; (n + 1) * (m + 1) * (ENOUGH + 1)];
    let mut pending = vec![(0usize, 0usize, 0usize)];
    while let Some((i, j, k)) = pending.pop() {
        if seen[index(i, j, k)] {
            continue;
        }
        seen[index(i, j, k)] = true;
        if i == n && j == m {
            return true;
        }
        // A star may match nothing.
        if i < n && a[i] == Token::Star {
            pending.push((i + 1, j, k));
        }
        if j < m && b[j] == Token::Star {
            pending.push((i, j + 1, k));
        }
        if i >= n || j >= m || !some_char(&a[i], &b[j]) {
            continue;
        }
        // One character both sides accept — not one of the fragment's own
        // characters swallowed by the text's `*` before the text has
        // spelled enough of them.
        let literal = matches!(a[i], Token::Char(_));
        if b[j] == Token::Star && a[i] != Token::Star && k < ENOUGH {
            continue;
        }
        let next_i = if a[i] == Token::Star { i } else { i + 1 };
        let next_j = if b[j] == Token::Star { j } else { j + 1 };
        let spelled = literal && b[j] != Token::Star;
        let next_k = (k + usize::from(spelled)).min(ENOUGH);
        if (next_i, next_j, next_k) != (i, j, k) {
            pending.push((next_i, next_j, next_k));
        }
    }
    false
}

/// Whether some character satisfies both tokens.
fn some_char(a: &Token, b: &Token) -> bool {
    match (a, b) {
        (Token::Char(x), other) | (other, Token::Char(x)) => other.accepts(*x),
        (Token::Star | Token::Any, _) | (_, Token::Star | Token::Any) => true,
        _ => {
            // Two classes: try every printable character, then assume a
            // character beyond them exists when both are negated.
            (' '..='~').any(|c| a.accepts(c) && b.accepts(c))
                || matches!((a, b), (Token::Class(true, _), Token::Class(true, _)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> Vec<Fragment> {
        compile(
            &crate::SHIPPED_SECRET_FRAGMENTS
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>(),
        )
    }

    fn secret(text: &str) -> bool {
        find_pattern(text, &shipped()).is_some()
    }

    #[test]
    fn plain_components_match_whole_names() {
        assert!(names("/home/u/.ssh/config", ".ssh"));
        assert!(names("--identity=~/.ssh/id", ".ssh"));
        assert!(names("/h/.config/brazen/key", ".config/brazen"));
        assert!(!names("/h/.config/brazenly", ".config/brazen"));
        assert!(!names("/h/.config=brazen", ".config/brazen"));
        assert!(!names("/h/.sshrc", ".ssh"));
        assert!(!names("src/credentials_test.rs", "credentials"));
        assert!(!names("src/credentials.rs", "credentials"));
        assert!(names("~/.aws/credentials", "credentials"));
        assert!(!names("id_rsa.pub", "id_rsa"));
        assert!(names("./id_rsa", "id_rsa"));
    }

    #[test]
    fn pattern_fragments_match_one_component() {
        assert!(names("certs/server.pem", "*.pem"));
        assert!(!names("certs/server.pem.txt", "*.pem"));
        assert!(names(".env.local", ".env.*"));
        assert!(!names(".envrc", ".env.*"));
        assert!(!names(".env.example", ".env.*"));
    }

    #[test]
    fn public_halves_pass_through_directories_only() {
        assert!(!secret("~/.ssh/id_rsa.pub"));
        assert!(!secret("/home/u/.ssh/known_hosts"));
        assert!(!secret("~/.ssh/*.pub"));
        assert!(secret("~/.ssh/id_rsa"));
        assert!(secret("~/.ssh"));
        assert!(secret("~/.ssh/config"));
        assert!(secret("~/.ssh/id_rsa.pub/../id_rsa"));
        assert!(secret("~/.ssh/*"));
        assert!(secret("~/.ssh/id_rsa.pu[b]"));
        // Spelled literally by a fragment, a public name still bites.
        assert!(names("~/.ssh/known_hosts", "known_hosts"));
        assert!(!secret(".env.example"));
        assert!(secret(".env"));
        assert!(secret("config/.env.production"));
    }

    #[test]
    fn patterns_in_the_text_reach_what_they_can_expand_to() {
        assert!(secret("~/.s*/id_*"));
        assert!(secret("~/.ss?/*"));
        assert!(secret("~/.[s]sh/x"));
        assert!(secret("/h/.??h"));
        assert!(secret("/h/.*/credentials"));
        assert!(secret("/h/.config/*/hosts.yml"));
        assert!(secret("keys/*.p?m"));
        assert!(secret("~/.a[!x]s"));
        // The shell does not reach dot-files with a pattern that does not
        // start with a dot.
        assert!(!secret("/h/*/config"));
        assert!(!secret("/h/?ssh"));
        // A pattern that does not start with a literal does not aim at a
        // secret by itself.
        assert!(!secret("src/*"));
        assert!(!secret("src/*.rs"));
        assert!(!secret("*"));
        assert!(!secret("src/main.rs"));
        assert!(!secret("content/**/*.yml"));
        assert!(!secret("r*"));
        assert!(!secret("jq-*"));
        assert!(!secret("serde_derive*/Cargo.toml"));
        assert!(secret("/h/.*"));
        assert!(secret("keys/k*.pem"));
    }

    #[test]
    fn a_name_is_not_a_pattern() {
        let f = shipped();
        assert!(find("~/.s*/id_*", &f).is_none());
        assert!(find("x=i*y", &f).is_none());
        assert!(find_pattern("~/.s*/id_*", &f).is_some());
        assert!(find("~/.ssh/id_rsa", &f).is_some());
    }

    #[test]
    fn patterns_intersect_as_languages() {
        let i = |a: &str, b: &str| intersects(&tokens(a), &tokens(b));
        assert!(!i("*.pem", "k*"));
        assert!(i("*.pem", "k*.pem"));
        assert!(i("*.pem", "*.p?m"));
        assert!(!i("*.pem", "*.rs"));
        assert!(!i("*.pem", "r*"));
        assert!(!i("*.pem", "*"));
        assert!(!i("*.pem", "serde_derive*"));
        assert!(!i("*.pem", "*.so.*"));
        assert!(i("*.key", "*.k*"));
        assert!(i(".env.*", ".env*"));
        assert!(!i("*.pem", "*.p"));
        assert!(i(".env.*", ".env.*"));
        assert!(i("id_*", "id_rsa"));
        assert!(!i("id_?", "id_rsa"));
        assert!(i("[a-c]x", "[!a]x"));
        assert!(!i("[a]x", "[!a]x"));
    }
}
