//! The reading is total: random and hostile text, through the whole
//! classifier, never panics and always yields a finding; read as either
//! dialect, it never panics and its shape holds (a stop or an unreadable
//! node ends the reading, here-doc ids name here-docs). (How long it takes
//! is the `reading` bench's business, not a test's.)

mod support;

use wicket_shell::syntax::{self, Dialect, Node, Part, RedirectKind, Script};

const DIALECTS: [Dialect; 2] = [Dialect::Dash, Dialect::Bash];

/// What every reading keeps to, whatever the text.
fn check_shape(script: &Script, text: &str) {
    fn walk(nodes: &[Node], docs: usize, top: bool, text: &str) {
        for (i, node) in nodes.iter().enumerate() {
            let last = i + 1 == nodes.len();
            match node {
                Node::Stop(_) => assert!(last, "a stop before the end: {text:?}"),
                Node::Unreadable(_) if top => {
                    assert!(last, "an unreadable node before the end: {text:?}")
                }
                Node::Unreadable(_) | Node::Succeeded => {}
                Node::Simple(s) => {
                    for r in &s.redirects {
                        if let RedirectKind::HereDoc(id) = r.kind {
                            assert!(id < docs, "here-doc {id} of {docs}: {text:?}");
                        }
                    }
                    let words = s
                        .assigns
                        .iter()
                        .map(|a| &a.value)
                        .chain(&s.words)
                        .chain(s.redirects.iter().map(|r| &r.target));
                    for part in words.flat_map(|w| &w.parts) {
                        if let Part::Subst(inner) | Part::ProcSubst(inner) = part {
                            walk(inner, docs, false, text);
                        }
                    }
                }
                Node::Subshell(b)
                | Node::Group(b)
                | Node::Maybe(b)
                | Node::Loop(b)
                | Node::Pipeline(b) => walk(b, docs, false, text),
                Node::Background(n) | Node::Function { body: n, .. } => {
                    walk(std::slice::from_ref(n), docs, false, text)
                }
                Node::Redirected(n, _) => walk(std::slice::from_ref(n), docs, false, text),
                Node::For { .. } | Node::Test(_) => {}
            }
        }
    }
    walk(&script.nodes, script.heredocs.len(), true, text);
}

/// Shell-significant characters, weighted towards the ones parsers trip on.
const ALPHABET: &[u8] = b"abcrm -/.~$(){}[]<>|&;'\"`\\\n\t*?!#=+,:%@^0129";

#[test]
fn random_text_never_panics() {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let len = (next() % 160) as usize;
        let text: String = (0..len)
            .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize] as char)
            .collect();
        let (call, ctx) = support::prepared(&text);
        assert!(!wicket_shell::classify(&call, &ctx).is_empty(), "{text:?}");
    }
}

#[test]
fn random_text_reads_in_both_dialects() {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let len = (next() % 160) as usize;
        let text: String = (0..len)
            .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize] as char)
            .collect();
        for dialect in DIALECTS {
            let script = syntax::parse(&text, dialect);
            assert_eq!(script.dialect, dialect);
            check_shape(&script, &text);
        }
    }
}

#[test]
fn hostile_shapes_never_panic() {
    let mb = 1 << 20;
    let shapes = [
        "$(".repeat(10_000),
        "`".repeat(10_001),
        "${".repeat(10_000),
        "'".repeat(10_001),
        "\"".repeat(10_001),
        "((".repeat(10_000),
        "$((".repeat(10_000),
        "<<".repeat(10_000),
        "<<EOF\n".repeat(1_000),
        "{".repeat(10_000) + &"}".repeat(10_000),
        "case x in ".repeat(5_000),
        "for x in ".repeat(5_000),
        "if ".repeat(10_000),
        "a=(".repeat(10_000),
        "f() ".repeat(10_000),
        "\\".repeat(mb),
        "x".repeat(mb),
        "env ".repeat(20_000) + "rm",
        "sh -c ".repeat(5_000),
        "a{b,c}".repeat(20_000),
        "{1..100000}".to_owned(),
        "{a..\u{10ffff}}".to_owned(),
        "$'\\x".repeat(10_000),
        "\u{0}\u{1}\u{7f}é€😀".repeat(10_000),
        "$[".repeat(10_000),
        "[[ ".repeat(10_000),
        "function f ".repeat(5_000),
        "coproc ".repeat(10_000),
        "time ".repeat(10_000),
        "! ".repeat(10_000),
        "|& x ".repeat(10_000),
        "a<(".repeat(10_000),
        "@(".repeat(10_000),
        "\"${x:-'".repeat(10_000),
        "cat <<E; echo $(\n".repeat(2_000),
        "cat <<E\n$(\n".repeat(2_000),
        "cat <<E\nx\\\n".repeat(5_000),
        "alias a=b\n".repeat(5_000),
        "f() ( ".repeat(5_000),
        "case x in x) ".repeat(5_000),
        "x ".repeat(100_000),
    ];
    for shape in shapes {
        let (call, ctx) = support::prepared(&shape);
        assert!(!wicket_shell::classify(&call, &ctx).is_empty());
        for dialect in DIALECTS {
            check_shape(&syntax::parse(&shape, dialect), "(a hostile shape)");
        }
    }
}
