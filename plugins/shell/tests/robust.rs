//! The reading is total: random and hostile text, through the whole
//! classifier, never panics and always yields a finding. (How long it takes
//! is the `reading` bench's business, not a test's.)

mod support;

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
    ];
    for shape in shapes {
        let (call, ctx) = support::prepared(&shape);
        assert!(!wicket_shell::classify(&call, &ctx).is_empty());
    }
}
