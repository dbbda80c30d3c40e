//! Hostile text for the shell reading, shared by the native robustness
//! tests (`robust.rs`) and the consults through the real binary
//! (`tests/tables.rs` at the repository root).

/// Shell-significant characters, weighted towards the ones parsers trip on.
pub const ALPHABET: &[u8] = b"abcrm -/.~$(){}[]<>|&;'\"`\\\n\t*?!#=+,:%@^0129";

/// Shapes that stress every nesting and every bound.
pub fn shapes() -> Vec<String> {
    let mb = 1 << 20;
    vec![
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
    ]
}

/// `n` texts of up to 160 characters from [`ALPHABET`], the same for a seed.
pub fn random_text(seed: u64, n: usize) -> Vec<String> {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..n)
        .map(|_| {
            let len = (next() % 160) as usize;
            (0..len)
                .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize] as char)
                .collect()
        })
        .collect()
}
