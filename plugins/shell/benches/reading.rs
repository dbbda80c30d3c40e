//! How long the shell reading takes on hostile input, against a baseline
//! measured in the same run: an ordinary `ls`. Run with
//! `cargo bench -p wicket-shell --bench reading`. Prints the median and the
//! worst time of each input and its ratio to the baseline's median, and says
//! whether the worst stays within the budget.

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
    ]
}

fn time(command: &str, runs: usize) -> (Duration, Duration) {
    let (call, ctx) = support::prepared(command);
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(wicket_shell::classify(&call, &ctx));
            started.elapsed()
        })
        .collect();
    times.sort();
    (
        times[times.len() / 2],
        *times.last().unwrap_or(&Duration::ZERO),
    )
}

fn main() {
    let (baseline, _) = time("ls -la src", 2000);
    println!("baseline `ls -la src`: median {:?}", baseline);
    println!(
        "{:<48} {:>12} {:>12} {:>10}  budget {:?}",
        "input", "median", "worst", "× base", BUDGET
    );
    let mut over = 0;
    for (name, command) in inputs() {
        let name = format!("{name} ({} KiB)", command.len() >> 10);
        let (median, worst) = time(&command, 15);
        let ratio = median.as_secs_f64() / baseline.as_secs_f64().max(1e-9);
        let mark = if worst <= BUDGET { "ok" } else { "OVER" };
        if worst > BUDGET {
            over += 1;
        }
        println!(
            "{name:<48} {:>12?} {:>12?} {ratio:>10.0}  {mark}",
            median, worst
        );
    }
    println!("{over} input(s) over the {BUDGET:?} budget");
}
