//! What a consult costs, as litany pays it: whole processes, spawned the way
//! litany spawns a control, warm compile cache, many runs, medians — next to
//! a trivial control measured in the same run (this bench binary re-run as
//! the least a control can do: read the request, parse it, print a pass).
//! Also: what the confinement gate, the wall's probe and a long trail add.
//!
//!     cargo bench -p wicket --bench consult

#[path = "common/mod.rs"]
mod common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::json;

const RUNS: usize = 200;

fn main() {
    if std::env::var_os("WICKET_BENCH_TRIVIAL").is_some() {
        // The baseline control.
        let mut text = String::new();
        let _ = std::io::stdin().read_to_string(&mut text);
        let request: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        if request.get("agent_id").and_then(|v| v.as_str()).is_none() {
            std::process::exit(2);
        }
        println!("{{\"verdict\":\"pass\"}}");
        return;
    }
    let ws = Ws::new(None);
    let request = json!({"id": "toolu_1", "name": "bash", "input": {"command": "cargo test --release && git commit -am wip"}, "role": "worker", "agent_id": AGENT}).to_string();
    let trivial = std::env::current_exe().unwrap();
    let wicket = wicket_bin();
    // Warm the compile cache once.
    spawn(&wicket, &ws, &request, &[], "pass");

    let base = median(|| spawn(&trivial, &ws, &request, &[("WICKET_BENCH_TRIVIAL", "1")], "pass"));
    let warm = median(|| spawn(&wicket, &ws, &request, &[], "pass"));
    println!("whole process, warm cache, median of {RUNS} runs (alternating):");
    println!(
        "  trivial control (parse, print pass)   {:>9.2} ms",
        ms(base)
    );
    println!(
        "  wicket consult (pass)                 {:>9.2} ms   {:.1}× the trivial control",
        ms(warm),
        ratio(warm, base)
    );
    let refuse = json!({"id": "toolu_2", "name": "bash", "input": {"command": "rm -rf /etc"}, "role": "worker", "agent_id": AGENT}).to_string();
    let refused = median(|| spawn(&wicket, &ws, &refuse, &[], "refuse"));
    println!(
        "  wicket consult (refuse)               {:>9.2} ms   {:.1}×",
        ms(refused),
        ratio(refused, base)
    );

    // Hostile input through the real wasm classifier: a 1 MB command.
    let huge = json!({"id": "toolu_4", "name": "bash", "input": {"command": format!("echo {}", "a".repeat(1 << 20))}, "role": "worker", "agent_id": AGENT}).to_string();
    let hostile = median_n(20, || spawn(&wicket, &ws, &huge, &[], "pass"));
    println!(
        "  wicket consult, a 1 MB command        {:>9.2} ms   {:.1}×",
        ms(hostile),
        ratio(hostile, base)
    );
    let deep = json!({"id": "toolu_5", "name": "bash", "input": {"command": "$(".repeat(10_000) + &")".repeat(10_000)}, "role": "worker", "agent_id": AGENT}).to_string();
    let nested = median_n(20, || spawn(&wicket, &ws, &deep, &[], "hold"));
    println!(
        "  wicket consult, 10,000 nested $(      {:>9.2} ms   {:.1}×",
        ms(nested),
        ratio(nested, base)
    );

    // A cold consult: an empty cache directory each run.
    let cold = median_n(10, || {
        let cache = ws.tmp.path().join(format!("cold-{}", rand_suffix()));
        spawn(
            &wicket,
            &ws,
            &request,
            &[("XDG_CACHE_HOME", cache.to_str().unwrap())],
            "pass",
        )
    });
    println!(
        "  wicket consult, cold cache (compiles) {:>9.2} ms   {:.1}×",
        ms(cold),
        ratio(cold, base)
    );

    // A long trail: 10,000 rows folded on every consult.
    let long = Ws::new(None);
    let state = long.root.join(".wicket");
    std::fs::create_dir_all(&state).unwrap();
    let mut trail = std::fs::File::create(state.join("trail.jsonl")).unwrap();
    for n in 0..10_000 {
        let row = json!({"at": "2026-11-29T10:00:00Z", "who": {"user": "op", "host": "h"}, "row": "floor", "agent": format!("other-{n}"), "action": if n % 2 == 0 { "raise" } else { "lower" }});
        writeln!(trail, "{row}").unwrap();
    }
    spawn(&wicket, &long, &request, &[], "pass");
    let folded = median(|| spawn(&wicket, &long, &request, &[], "pass"));
    println!(
        "  wicket consult, 10,000-row trail      {:>9.2} ms   {:.1}×",
        ms(folded),
        ratio(folded, base)
    );

    // Confinement: the gate outside the wall runs the probe (a bwrap spawn).
    let confined = Ws::new(Some("confinement: required\n"));
    spawn(&wicket, &confined, &request, &[], "refuse");
    let gated = median(|| spawn(&wicket, &confined, &request, &[], "refuse"));
    let read = json!({"id": "toolu_3", "name": "bash", "input": {"command": "ls"}, "role": "worker", "agent_id": AGENT}).to_string();
    let gated_read = median(|| spawn(&wicket, &confined, &read, &[], "pass"));
    println!("confinement required, outside the wall:");
    println!(
        "  above read (gate refuses, probes bwrap) {:>7.2} ms   {:.1}×",
        ms(gated),
        ratio(gated, base)
    );
    println!(
        "  a read (passes, no probe)             {:>9.2} ms   {:.1}×",
        ms(gated_read),
        ratio(gated_read, base)
    );
    println!(
        "  so the probe costs about {:.2} ms, paid only when the gate refuses",
        ms(gated.saturating_sub(gated_read))
    );
}

/// One consult, timed; its verdict must be `expect`, so a row never times a
/// consult that answered something else (a hold for an overrun, a fault).
fn spawn(
    program: &std::path::Path,
    ws: &Ws,
    request: &str,
    env: &[(&str, &str)],
    expect: &str,
) -> Duration {
    let started = Instant::now();
    let mut command = Command::new(program);
    command
        .current_dir(&ws.root)
        .env("LITANY_CONV_REPO", &ws.root)
        .env("LITANY_CONV_BRANCH", AGENT)
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", &ws.cache)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(request.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let took = started.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let verdict: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not a verdict: {text}"));
    assert_eq!(verdict["verdict"], expect, "{text}");
    took
}

fn median(f: impl FnMut() -> Duration) -> Duration {
    median_n(RUNS, f)
}

fn median_n(n: usize, mut f: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..n).map(|_| f()).collect();
    times.sort();
    times[n / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(1e-9)
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos()
}
