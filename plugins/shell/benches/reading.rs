//! How long the shell reading takes on hostile input, against a baseline
//! measured in the same run: an ordinary `ls`. Run with
//! `cargo bench -p wicket-shell --bench reading`. Prints each input's first
//! run, median and worst, its ratio to the baseline's median, and whether the
//! worst stays within the budget.

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

/// The reading's budget per call, whatever the input.
const BUDGET: Duration = Duration::from_millis(5);

fn inputs() -> Vec<(&'static str, String)> {
    let mb = 1 << 20;
    vec![
        (
            "ordinary: cargo test && git commit",
            "cargo test --release && git add -A && git commit -m 'fix: parser'".to_owned(),
        ),
        ("1 MB single word", format!("echo {}", "a".repeat(mb))),
        ("1 MB word of `a~`", format!("echo {}", "a~".repeat(mb / 2))),
        ("1 MB of `a;` commands", "a;".repeat(mb / 2)),
        (
            "10,000 nested $(",
            "$(".repeat(10_000) + &")".repeat(10_000),
        ),
        (
            "10,000 nested subshells",
            "(".repeat(10_000) + "rm -rf /" + &")".repeat(10_000),
        ),
        ("10,000 nested $((", "$((".repeat(10_000)),
        (
            "unbalanced quote + 1 MB",
            format!("echo 'x{}", " y".repeat(mb / 2)),
        ),
        (
            "unbalanced double quote + $(",
            format!("echo \"{}", "$(a ".repeat(mb / 4)),
        ),
        (
            "5,000 brace groups in a word",
            format!("rm {}", "{a,b}".repeat(5_000)),
        ),
        (
            "1 MB here-doc with substitutions",
            format!(
                "cat <<EOF\n{}EOF\n",
                "line $(id) ${x:-$(y)}\n".repeat(mb / 24)
            ),
        ),
        (
            "100,000 path operands",
            format!("touch {}", "./a ".repeat(100_000)),
        ),
        (
            "10,000 launchers deep",
            format!("{}rm -rf /", "env ".repeat(10_000)),
        ),
        ("8 nested sh -c (quoting grows 4x each)", {
            let mut text = String::from("rm -rf /");
            for _ in 0..8 {
                text = format!("sh -c '{}'", text.replace('\'', r"'\''"));
            }
            text
        }),
        ("1 MB of backslashes", "\\".repeat(mb)),
        ("1 MB of `|` pipes", "a|".repeat(mb / 2)),
        (
            "$( nested 60 deep in one word",
            format!("echo {}{}", "$(a ".repeat(60), ")".repeat(60)),
        ),
        ("functions doubling 60 deep", {
            let doubling: String = (1..60)
                .map(|i| format!("f{i}() {{ f{0}; f{0}; }}; ", i - 1))
                .collect();
            format!("f0() {{ :; }}; {doubling}f59")
        }),
    ]
}

/// (first run, median, worst of the runs after it).
fn time(command: &str, runs: usize) -> (Duration, Duration, Duration) {
    let (call, ctx) = support::prepared(command);
    let started = Instant::now();
    std::hint::black_box(wicket_shell::classify(&call, &ctx));
    let first = started.elapsed();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(wicket_shell::classify(&call, &ctx));
            started.elapsed()
        })
        .collect();
    times.sort();
    (
        first,
        times[times.len() / 2],
        *times.last().unwrap_or(&Duration::ZERO),
    )
}

fn main() {
    // For a profiler: `WICKET_READING_PROFILE='<command>'` reads that one
    // command many times and prints its median, nothing else.
    // `WICKET_READING_FRESH='<command>'`: that command read 2,000 times,
    // each with a fresh context (as each consult's instance is fresh: no
    // path looked up or set worked out by an earlier run); prints the first
    // run and the median.
    if let Ok(command) = std::env::var("WICKET_READING_FRESH") {
        let mut times = Vec::new();
        for _ in 0..2000 {
            let (call, ctx) = support::prepared(&command);
            let started = Instant::now();
            std::hint::black_box(wicket_shell::classify(&call, &ctx));
            times.push(started.elapsed());
        }
        println!("fresh first {:?}", times[0]);
        times.sort();
        println!("fresh median {:?}", times[times.len() / 2]);
        return;
    }
    if let Ok(command) = std::env::var("WICKET_READING_PROFILE") {
        let (first, median, _) = time(&command, 20_000);
        println!("{command:?}: first {first:?}, median {median:?}");
        return;
    }
    let (_, baseline, _) = time("ls -la src", 2000);
    println!("baseline `ls -la src`: median {baseline:?}");
    println!("worst = the slowest of 15 runs after a first one (shown apart: it pays the allocator's first touch of fresh memory)");
    println!(
        "{:<48} {:>11} {:>11} {:>11} {:>8}  budget {BUDGET:?}",
        "input", "first", "median", "worst", "× base"
    );
    let mut over = 0;
    for (name, command) in inputs() {
        let name = format!("{name} ({} KiB)", command.len() >> 10);
        let (first, median, worst) = time(&command, 15);
        let ratio = median.as_secs_f64() / baseline.as_secs_f64().max(1e-9);
        let mark = if worst <= BUDGET { "ok" } else { "OVER" };
        if worst > BUDGET {
            over += 1;
        }
        println!("{name:<48} {first:>11.2?} {median:>11.2?} {worst:>11.2?} {ratio:>8.0}  {mark}");
    }
    println!("{over} input(s) over the {BUDGET:?} budget");
}
