//! What a consult costs, as litany pays it: whole processes, spawned the way
//! litany spawns a control, warm compile cache, many runs, medians — next to
//! a trivial control measured in the same run (this bench binary re-run as
//! the least a control can do: read the request, parse it, print a pass).
//! Also: what the confinement gate, the wall's probe and a long trail add;
//! and the trail at scale: trails of 0, 10k, 100k and 1M realistic rows
//! written through the real writer (so with its checkpoints), what a consult
//! costs on each against the empty-trail consult, what `status`, `explain`,
//! `answer` and `revoke` take, and a consult's peak memory.
//!
//!     cargo bench -p wicket --bench consult            # everything, ending in one table
//!     cargo bench -p wicket --bench consult -- trail   # the trail at scale only
//!
//! The table at the end holds every target of the speed issue (#11): each
//! figure, its baseline measured in the same run, the ratio or the bound, and
//! whether it is met.

#[path = "common/mod.rs"]
mod common;

use std::io::{BufRead, Read, Write};
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
    if std::env::args().any(|a| a == "trail") {
        let mut table = Table::default();
        trail_at_scale(&mut table);
        table.print();
        return;
    }
    let mut table = Table::default();
    let ws = Ws::new(None);
    let request = json!({"id": "toolu_1", "name": "bash", "input": {"command": "cargo test --release && git commit -am wip"}, "role": "worker", "agent_id": AGENT}).to_string();
    if std::env::args().any(|a| a == "plugins") {
        plugins_scale(&mut table, &request);
        table.print();
        return;
    }
    let trivial = std::env::current_exe().unwrap();
    let wicket = wicket_bin();
    // Set up as an operator sets up a workspace: `wicket init` wires it and
    // warms the cache (and records the PATH this bench runs with).
    ws.init(None);
    // Warm the compile cache once.
    spawn(&wicket, &ws, &request, &[], "pass");

    // Alternating, so both see the same load on the machine.
    let (mut bases, mut warms) = (Vec::new(), Vec::new());
    let (mut base_exits, mut warm_exits) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let (took, exit) = spawn_timed(
            &trivial,
            &ws,
            &request,
            &[("WICKET_BENCH_TRIVIAL", "1")],
            "pass",
        );
        bases.push(took);
        base_exits.push(exit);
        let (took, exit) = spawn_timed(&wicket, &ws, &request, &[], "pass");
        warms.push(took);
        warm_exits.push(exit);
    }
    let (base, warm) = (middle(bases), middle(warms));
    println!("whole process, warm cache, median of {RUNS} runs (alternating):");
    println!(
        "  trivial control (parse, print pass)   {:>9.2} ms   of which {:.2} ms its exit",
        ms(base),
        ms(middle(base_exits))
    );
    println!(
        "  wicket consult (pass)                 {:>9.2} ms   {:.1}× the trivial control; of which {:.2} ms its exit",
        ms(warm),
        ratio(warm, base),
        ms(middle(warm_exits))
    );
    table.ratio(
        "consult: one bash call, default policy, empty trail",
        warm,
        base,
        "the trivial control",
        1.5,
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

    // A cold consult: an empty cache directory each run (the default
    // classifier only: it is compiled into the binary, so nothing compiles).
    let cold = median_n(21, || {
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
        "  wicket consult, empty cache           {:>9.2} ms   {:.1}×",
        ms(cold),
        ratio(cold, base)
    );
    table.bound(
        "cold start: first consult after the cache is emptied",
        cold,
        warm,
        "the warm consult",
        Duration::from_millis(100),
    );

    plugins_scale(&mut table, &request);

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
    trail_at_scale(&mut table);
    table.print();
}

/// The trail at scale (issue #11): a consult within 1.2× the empty-trail
/// consult, `status` and `explain` under 100 ms, `answer` and `revoke`
/// under 50 ms, and a consult's peak RSS under 40 MiB, at every size.
fn trail_at_scale(table: &mut Table) {
    let request = json!({"id": "toolu_1", "name": "bash", "input": {"command": "cargo test --release && git commit -am wip"}, "role": "worker", "agent_id": AGENT}).to_string();
    let wicket = wicket_bin();
    let empty = Ws::new(None);
    spawn(&wicket, &empty, &request, &[], "pass");
    println!(
        "\nthe trail at scale (rows written through wicket's own writer, checkpoints and all):"
    );
    println!(
        "  {:>9}  {:>8}  {:>9}  {:>9}  {:>6}  {:>8}  {:>8}  {:>8}  {:>8}  {:>8}",
        "rows",
        "MB",
        "consult",
        "empty",
        "ratio",
        "status",
        "explain",
        "answer",
        "revoke",
        "peak RSS"
    );
    let mut failures = Vec::new();
    let mut slowest = Vec::new();
    let mut at_empty = None;
    let mut peak = 0u64;
    let sizes = sizes();
    for &rows in &sizes {
        let ws = Ws::new(None);
        let state = ws.root.join(".wicket");
        let started = Instant::now();
        wicket::trail::append_all(&state, Realistic::new(rows)).unwrap();
        let wrote = started.elapsed();
        let bytes = std::fs::metadata(state.join("trail.jsonl")).map_or(0, |m| m.len());
        spawn(&wicket, &ws, &request, &[], "pass");
        // Alternating with the empty-trail consult, so both see the same load.
        let runs = 61;
        let mut mine = Vec::new();
        let mut base = Vec::new();
        for _ in 0..runs {
            base.push(spawn(&wicket, &empty, &request, &[], "pass"));
            mine.push(spawn(&wicket, &ws, &request, &[], "pass"));
        }
        let (mine, base) = (middle(mine), middle(base));
        let root = ws.root.to_str().unwrap().to_owned();
        let status = median_n(7, || verb(&ws, &["status", &root], None));
        let explain = median_n(7, || verb(&ws, &["explain", &root], Some(&request)));
        ws.hold(AGENT, "toolu_held", "bash", "wicket: held for the bench");
        let answer = median_n(7, || verb(&ws, &["answer", &root, AGENT, "hold"], None));
        let mut revokes = Vec::new();
        for _ in 0..7 {
            revokes.push(verb(&ws, &["revoke", &root, AGENT], None));
            verb(&ws, &["restore", &root, AGENT], None);
        }
        let revoke = middle(revokes);
        // The slowest an answer gets: a checkpoint falls due (1.2 MB of rows
        // an older wicket appended with no summaries, then one answer).
        {
            let mut trail = std::fs::OpenOptions::new()
                .append(true)
                .open(state.join("trail.jsonl"))
                .unwrap();
            let mut text = Vec::new();
            for row in Realistic::new(2700) {
                text.extend(serde_json::to_vec(&row).unwrap());
                text.push(b'\n');
            }
            trail.write_all(&text).unwrap();
            // On disk, as every writer leaves its rows: the answer's own
            // flush is what is timed, not these rows'.
            trail.sync_all().unwrap();
        }
        let due = verb(&ws, &["answer", &root, AGENT, "hold"], None);
        // The answer left the checkpoint to a summariser of its own: waited
        // for (the trail's last line becomes that checkpoint), so nothing
        // after this is measured while it runs, and timed from the answer's
        // exit.
        let left = Instant::now();
        let written = loop {
            if ends_with_checkpoint(&state.join("trail.jsonl")) {
                break Some(left.elapsed());
            }
            if left.elapsed() > Duration::from_secs(30) {
                break None;
            }
            std::thread::sleep(Duration::from_micros(500));
        };
        let written = written.unwrap_or_else(|| {
            panic!("{rows} rows: the checkpoint the answer left due was not written within 30 s")
        });
        slowest.push(format!(
            "{rows} rows: {:.1} ms (its checkpoint written {:.1} ms later)",
            ms(due),
            ms(written)
        ));
        spawn(&wicket, &ws, &request, &[], "pass");
        let rss = (0..3)
            .map(|_| peak_rss_kib(&wicket, &ws, &request))
            .max()
            .unwrap_or(0);
        let ratio = ratio(mine, base);
        let mark = |ok: bool| if ok { " " } else { "!" };
        println!(
            "  {:>9}  {:>8.1}  {:>7.2}ms  {:>7.2}ms  {:>5.2}×{}  {:>6.1}ms{}  {:>6.1}ms{}  {:>6.1}ms{}  {:>6.1}ms{}  {:>6.1}MiB{}",
            rows,
            bytes as f64 / 1e6,
            ms(mine),
            ms(base),
            ratio,
            mark(ratio <= 1.2),
            ms(status),
            mark(status < Duration::from_millis(100)),
            ms(explain),
            mark(explain < Duration::from_millis(100)),
            ms(answer),
            mark(answer < Duration::from_millis(50)),
            ms(revoke),
            mark(revoke < Duration::from_millis(50)),
            rss as f64 / 1024.0,
            mark(rss < 40 << 10),
        );
        let _ = wrote;
        if std::env::var_os("WICKET_BENCH_KEEP").is_some() {
            // For profiling: the workspace stays, and says where it is.
            println!("  (kept: {})", ws.root.display());
            std::mem::forget(ws);
        }
        if rows == 0 {
            at_empty = Some((status, explain, answer, revoke));
        } else {
            table.ratio(
                &format!("consult with a {rows}-row trail"),
                mine,
                base,
                "the empty-trail consult",
                1.2,
            );
        }
        peak = peak.max(rss);
        if rows == *sizes.last().unwrap() {
            let (s0, e0, a0, r0) = at_empty.unwrap_or_default();
            let ms100 = Duration::from_millis(100);
            let ms50 = Duration::from_millis(50);
            let of = |what: &str| format!("{what} with a {rows}-row trail");
            table.bound(&of("status"), status, s0, "status, empty trail", ms100);
            table.bound(&of("explain"), explain, e0, "explain, empty trail", ms100);
            table.bound(&of("answer"), answer, a0, "answer, empty trail", ms50);
            table.bound(
                &of("answer whose row makes a checkpoint due"),
                due,
                a0,
                "answer, empty trail",
                ms50,
            );
            table.bound(&of("revoke"), revoke, r0, "revoke, empty trail", ms50);
        }
        for (ok, what) in [
            (ratio <= 1.2, "consult ≤ 1.2× the empty-trail consult"),
            (status < Duration::from_millis(100), "status < 100 ms"),
            (explain < Duration::from_millis(100), "explain < 100 ms"),
            (answer < Duration::from_millis(50), "answer < 50 ms"),
            (revoke < Duration::from_millis(50), "revoke < 50 ms"),
            (rss < 40 << 10, "consult peak RSS < 40 MiB"),
        ] {
            if !ok {
                failures.push(format!("{rows} rows: {what}"));
            }
        }
    }
    println!(
        "  an answer whose row makes a checkpoint due (after 1.2 MB of rows without summaries; a summariser it starts writes it): {}",
        slowest.join(", ")
    );
    if failures.is_empty() {
        println!("  every target met (! marks a miss)");
    } else {
        println!("  missed (! in the table): {}", failures.join("; "));
    }
    table.memory(
        "consult peak RSS, largest at any trail size",
        peak,
        40 << 10,
    );
}

/// Whether the trail's last line is a whole checkpoint line.
fn ends_with_checkpoint(trail: &std::path::Path) -> bool {
    use std::os::unix::fs::FileExt;
    let Ok(file) = std::fs::File::open(trail) else {
        return false;
    };
    let len = file.metadata().map_or(0, |m| m.len());
    // A checkpoint line is its buckets' digests and the launches: far
    // shorter than this.
    let tail = len.min(1 << 20);
    let mut bytes = vec![0u8; tail as usize];
    if file.read_exact_at(&mut bytes, len - tail).is_err() || bytes.last() != Some(&b'\n') {
        return false;
    }
    let body = &bytes[..bytes.len() - 1];
    let start = body.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    body[start..].starts_with(br#"{"row":"checkpoint","#)
}

/// The trail sizes measured.
const SIZES: &[usize] = &[0, 10_000, 100_000, 1_000_000];

/// [`SIZES`], or the row counts `WICKET_BENCH_ROWS` lists (`0,100000`: for
/// profiling one size without writing the rest).
fn sizes() -> Vec<usize> {
    std::env::var("WICKET_BENCH_ROWS")
        .ok()
        .map(|list| {
            list.split(',')
                .filter_map(|n| n.trim().parse().ok())
                .collect::<Vec<usize>>()
        })
        .filter(|list| !list.is_empty())
        .unwrap_or_else(|| SIZES.to_vec())
}

/// Each additional small plugin's cost (the abstaining testing plugin, so
/// the verdict stays the default classifier's; each copy made a different
/// plugin by a custom section of its own, so each is hashed, compiled,
/// cached and loaded as a plugin of its own is), against the
/// default classifier alone, alternating; and 16 consults started together
/// on an empty cache with those plugins named, which must all answer inside
/// the consult's bound.
fn plugins_scale(table: &mut Table, request: &str) {
    let wicket = wicket_bin();
    const EXTRA: usize = 4;
    let dir = tempfile::tempdir().unwrap();
    let mut policy = String::from("classifiers:\n");
    for n in 0..EXTRA {
        let copy = dir.path().join(format!("small-{n}.wasm"));
        let mut bytes = std::fs::read(plugin("testing-abstain")).unwrap();
        bytes.extend(custom_section(
            "wicket-bench",
            format!("copy {n}").as_bytes(),
        ));
        std::fs::write(&copy, bytes).unwrap();
        policy.push_str(&format!("  - path: {}\n", copy.display()));
    }
    let alone = Ws::new(None);
    let many = Ws::new(Some(&policy));
    spawn(&wicket, &alone, request, &[], "pass");
    spawn(&wicket, &many, request, &[], "pass");
    let (mut a, mut m) = (Vec::new(), Vec::new());
    for _ in 0..RUNS / 2 {
        a.push(spawn(&wicket, &alone, request, &[], "pass"));
        m.push(spawn(&wicket, &many, request, &[], "pass"));
    }
    let (a, m) = (middle(a), middle(m));
    let each = m.saturating_sub(a) / EXTRA as u32;
    println!(
        "plugins: the default classifier alone {:.2} ms, with {EXTRA} more small plugins {:.2} ms: {:.3} ms each",
        ms(a),
        ms(m),
        ms(each)
    );
    table.bound(
        "each additional small plugin",
        each,
        a,
        "the default classifier alone",
        Duration::from_micros(300),
    );

    // 16 at once on an empty cache: the first starts one compilation per
    // plugin, the others hold or wait on its lock; every one must answer.
    let _ = std::fs::remove_dir_all(&many.cache);
    let started = Instant::now();
    let children: Vec<_> = (0..16)
        .map(|_| {
            let mut child = Command::new(&wicket)
                .current_dir(&many.root)
                .env("LITANY_CONV_REPO", &many.root)
                .env("LITANY_CONV_BRANCH", AGENT)
                .env("HOME", &many.home)
                .env("XDG_CACHE_HOME", &many.cache)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(request.as_bytes())
                .unwrap();
            child
        })
        .collect();
    let mut slowest = Duration::ZERO;
    let mut answered = 0;
    for child in children {
        let out = child.wait_with_output().unwrap();
        slowest = slowest.max(started.elapsed());
        let text = String::from_utf8_lossy(&out.stdout);
        if out.status.success()
            && serde_json::from_str::<serde_json::Value>(&text)
                .is_ok_and(|v| v["verdict"].is_string())
        {
            answered += 1;
        }
    }
    println!(
        "16 consults at once on an empty cache: {answered} answered, the last after {:.1} ms",
        ms(slowest)
    );
    table.bound(
        "16 consults together, empty cache: the slowest",
        if answered == 16 {
            slowest
        } else {
            Duration::MAX
        },
        a,
        "one warm consult",
        wicket::consult::CONSULT_BOUND,
    );
}

/// The targets, each with its baseline from this run, printed as one table.
#[derive(Default)]
struct Table {
    rows: Vec<[String; 5]>,
    missed: usize,
}

impl Table {
    /// A figure that must stay within `most` times its baseline.
    fn ratio(&mut self, what: &str, figure: Duration, base: Duration, of: &str, most: f64) {
        let r = ratio(figure, base);
        self.push(
            what,
            format!("{:.2} ms", ms(figure)),
            format!("{:.2} ms ({of})", ms(base)),
            format!("{r:.2}× (≤ {most}×)"),
            r <= most,
        );
    }

    /// A figure that must stay under a bound; its baseline is for scale.
    fn bound(&mut self, what: &str, figure: Duration, base: Duration, of: &str, under: Duration) {
        let shown = if figure == Duration::MAX {
            "did not answer".to_owned()
        } else {
            format!("{:.2} ms", ms(figure))
        };
        // No baseline when its size was not measured (`WICKET_BENCH_ROWS`
        // without 0).
        let (base, times) = if base.is_zero() {
            ("—".to_owned(), "—".to_owned())
        } else {
            (
                format!("{:.2} ms ({of})", ms(base)),
                format!("{:.2}×", ratio(figure, base)),
            )
        };
        self.push(
            what,
            shown,
            base,
            format!("{times} (< {} ms)", ms(under)),
            figure < under,
        );
    }

    fn memory(&mut self, what: &str, kib: u64, under_kib: u64) {
        self.push(
            what,
            format!("{:.1} MiB", kib as f64 / 1024.0),
            "—".into(),
            format!("< {} MiB", under_kib / 1024),
            kib < under_kib,
        );
    }

    fn push(&mut self, what: &str, figure: String, base: String, bound: String, ok: bool) {
        self.missed += usize::from(!ok);
        let verdict = if ok { "met" } else { "MISSED" };
        self.rows
            .push([what.into(), figure, base, bound, verdict.into()]);
    }

    fn print(&self) {
        let heads = [
            "target",
            "figure",
            "baseline (same run)",
            "ratio (bound)",
            "",
        ];
        let mut width = heads.map(|h| h.chars().count());
        for row in &self.rows {
            for (w, cell) in width.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        println!("\nevery target, against its baseline measured in this run:");
        for row in std::iter::once(&heads.map(String::from)).chain(&self.rows) {
            let cells: Vec<String> = row
                .iter()
                .zip(width)
                .map(|(c, w)| format!("{c}{}", " ".repeat(w - c.chars().count())))
                .collect();
            println!("  {}", cells.join("  ").trim_end());
        }
        println!(
            "  {} of {} targets met",
            self.rows.len() - self.missed,
            self.rows.len()
        );
    }
}

/// The median of timings already taken.
fn middle(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// One operator verb, timed; it must succeed.
fn verb(ws: &Ws, args: &[&str], stdin: Option<&str>) -> Duration {
    let started = Instant::now();
    let mut child = Command::new(wicket_bin())
        .args(args)
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", &ws.cache)
        .env("PATH", "/usr/bin:/bin")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).unwrap();
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    let took = started.elapsed();
    assert!(
        out.status.success(),
        "wicket {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    took
}

/// A consult's peak resident memory, in KiB, as `/usr/bin/time -f %M` reports it.
fn peak_rss_kib(program: &std::path::Path, ws: &Ws, request: &str) -> u64 {
    let report = ws.tmp.path().join("rss");
    let mut child = Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&report)
        .arg(program)
        .current_dir(&ws.root)
        .env("LITANY_CONV_REPO", &ws.root)
        .env("LITANY_CONV_BRANCH", AGENT)
        .env("HOME", &ws.home)
        .env("XDG_CACHE_HOME", &ws.cache)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(request.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"pass\""));
    std::fs::read_to_string(&report)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// Rows as an operator's long-lived workspace accumulates them: answers at
/// every scope (some expiring) for many agents and their descents, the
/// oldest withdrawn as new ones come, floors raised and lowered, and a
/// launch receipt for most answers. About 450 bytes a row. The consulting
/// agent has rows too (pass answers, floors raised and lowered again), so its
/// verdict stays `pass`; workspace answers are passes for the same reason.
struct Realistic {
    left: usize,
    n: usize,
    seed: u64,
    standing: std::collections::VecDeque<String>,
    agents: Vec<String>,
    floored: std::collections::HashSet<String>,
}

impl Realistic {
    fn new(rows: usize) -> Realistic {
        let mut agents = Vec::new();
        for root in 0..400 {
            let id = format!(
                "20261128T{:06}Z-{:08x}",
                root * 37 % 240000,
                0x9e37_79b9u32.wrapping_mul(root as u32 + 1)
            );
            agents.push(id.clone());
            for child in 0..3 {
                let c = format!(
                    "{id}-20261128T{:06}Z-{:08x}",
                    (root * 53 + child) % 240000,
                    0x85eb_ca6bu32.wrapping_mul(root as u32 * 7 + child as u32 + 3)
                );
                agents.push(c.clone());
                if child == 0 {
                    agents.push(format!(
                        "{c}-20261128T{:06}Z-{:08x}",
                        (root * 71) % 240000,
                        0xc2b2_ae35u32.wrapping_mul(root as u32 + 11)
                    ));
                }
            }
        }
        Realistic {
            left: rows,
            n: 0,
            seed: 0x2545_f491_4f6c_dd1d,
            standing: Default::default(),
            agents,
            floored: Default::default(),
        }
    }

    fn next_u64(&mut self) -> u64 {
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        self.seed
    }
}

/// How many answers stand at once, at most (the oldest is withdrawn).
const STANDING: usize = 1500;

impl Iterator for Realistic {
    type Item = wicket::trail::Row;

    fn next(&mut self) -> Option<wicket::trail::Row> {
        use wicket::trail::{Answer, FloorAction, Row, Scope, What, Who};
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        self.n += 1;
        let n = self.n;
        let r = self.next_u64();
        let mine = r.is_multiple_of(100);
        let agent = if mine {
            AGENT.to_owned()
        } else {
            self.agents[(r >> 8) as usize % self.agents.len()].clone()
        };
        let secs = 1_790_000_000 + n as u64 * 7;
        let at = humantime::format_rfc3339_millis(
            std::time::UNIX_EPOCH + Duration::from_millis(secs * 1000 + r % 1000),
        )
        .to_string();
        let who = Who {
            user: ["ana", "bo", "chidi"][(r >> 20) as usize % 3].into(),
            host: "build-07.example.net".into(),
        };
        let classes = [
            ("bash", "open-world"),
            ("bash", "process"),
            ("bash", "opaque"),
            ("write_file", "target-write"),
            ("edit_file", "target-write"),
            ("web_fetch", "open-world"),
        ];
        let kind = (r >> 32) % 100;
        let what = if self.standing.len() >= STANDING && kind < 45 {
            What::Withdraw {
                answer: self.standing.pop_front().unwrap(),
            }
        } else if kind < 45 {
            let (tool, effect) = classes[(r >> 40) as usize % classes.len()];
            let scope = match (r >> 44) % 10 {
                0..=5 => Scope::Call,
                6..=8 => Scope::Conversation,
                _ => Scope::Workspace,
            };
            let ruling = if mine || scope == Scope::Workspace {
                wicket::judge::Ruling::Pass
            } else {
                [
                    wicket::judge::Ruling::Pass,
                    wicket::judge::Ruling::Refuse,
                    wicket::judge::Ruling::Hold,
                ][(r >> 48) as usize % 3]
            };
            let id = format!("toolu_01{:022x}", r as u128 * 31 + n as u128);
            let digest = format!("{:016x}{:016x}", r, r.rotate_left(17));
            let name = format!("a-{:08x}", (r ^ (n as u64) << 3) as u32);
            self.standing.push_back(name.clone());
            What::Answer(Answer {
                answer: name,
                ruling,
                scope,
                agent: agent.clone(),
                tool_use_id: id,
                tool: tool.into(),
                effect: Some(effect.into()),
                digest: Some(digest.clone()),
                reason: format!(
                    "wicket: held — {effect}: `{tool}` would reach past the worktree ({} in {}) [wicket {effect} {}]",
                    ["curl -fsSL https://example.com/install.sh | sh", "npm publish --access public", "eval \"$CMD\"", "git push origin HEAD:main"][(r >> 52) as usize % 4],
                    agent,
                    &digest[..12]
                ),
                expires: (r >> 56).is_multiple_of(5).then(|| {
                    humantime::format_rfc3339_seconds(std::time::UNIX_EPOCH + Duration::from_secs(secs + 8 * 3600)).to_string()
                }),
                message: None,
            })
        } else if kind < 65 {
            let action = if mine || self.floored.contains(&agent) {
                self.floored.remove(&agent);
                FloorAction::Lower
            } else {
                self.floored.insert(agent.clone());
                FloorAction::Raise
            };
            What::Floor { agent, action }
        } else {
            What::Launch {
                agent: agent.clone(),
                argv: vec![
                    "litany".into(),
                    "advance".into(),
                    "/home/ana/ws".into(),
                    agent.clone(),
                ],
                ok: !r.is_multiple_of(50),
                pid: Some((r % 4_000_000) as u32),
                log: Some(format!("/home/ana/ws/.wicket/launches/{agent}-{n}.log")),
                error: None,
                confined: r.is_multiple_of(2),
            }
        };
        Some(Row { at, who, what })
    }
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
    spawn_timed(program, ws, request, env, expect).0
}

/// [`spawn`], and how much of its time came after the verdict line arrived:
/// the process's exit (the kernel tearing down what it mapped) until it is
/// reaped, which litany waits for too.
fn spawn_timed(
    program: &std::path::Path,
    ws: &Ws,
    request: &str,
    env: &[(&str, &str)],
    expect: &str,
) -> (Duration, Duration) {
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
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    stdout.read_line(&mut text).unwrap();
    let answered = started.elapsed();
    // One line and nothing after it (the end comes with the exit).
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    let took = started.elapsed();
    assert!(status.success() && rest.is_empty(), "{text}{rest}");
    let verdict: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not a verdict: {text}"));
    assert_eq!(verdict["verdict"], expect, "{text}");
    (took, took.saturating_sub(answered))
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
