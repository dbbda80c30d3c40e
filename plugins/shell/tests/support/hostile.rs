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
    .into_iter()
    .chain(costly_shapes())
    .collect()
}

/// Shapes whose reading once grew with 2 to the power of their nesting
/// (minutes to hours for one call): each is read within the reading's
/// bounds, and is opaque.
pub fn costly_shapes() -> Vec<String> {
    // f1 calls f0 twice, f2 calls f1 twice, …: 2^59 runs of `:`.
    let doubling: String = (1..60)
        .map(|i| format!("f{i}() {{ f{0}; f{0}; }}; ", i - 1))
        .collect();
    vec![
        format!("echo {}{}", "$(a ".repeat(60), ")".repeat(60)),
        format!("echo \"{}", "$(a ".repeat(10_000)),
        format!(
            "x=$({}); echo \"$x\"",
            "echo $(".repeat(60) + &")".repeat(59)
        ),
        format!("f0() {{ :; }}; {doubling}f59"),
        // A loop's body is read as two runs: 2^40 readings of the echo.
        format!(
            "{}echo $x; {}",
            "for x in a b; do ".repeat(40),
            "done; ".repeat(40)
        ),
        format!(
            "{}echo x; {}",
            "while true; do ".repeat(40),
            "done; ".repeat(40)
        ),
        format!(
            "{}echo x; {}",
            "until false; do ".repeat(30),
            "done; ".repeat(30)
        ),
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
