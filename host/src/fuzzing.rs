//! The checks behind the fuzz targets in `host/fuzz`, one function per
//! target, over arbitrary bytes: each returns or panics, and a panic, an
//! abort or a stack overflow is a finding. The same functions replay the
//! committed seeds and regression cases (`host/fuzz/seeds/<target>/`,
//! `host/fuzz/regressions/<target>/`) in this crate's unit tests, on stable
//! and without a fuzzer, so CI runs every case `cargo test` reaches.
//!
//! Built only for tests and for the `fuzzing` feature the fuzz crate turns on.

use std::io::Read;
use std::path::Path;
use std::sync::{mpsc, Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use serde_json::{json, Value};
use wicket_guest::Effect;

use crate::consult::MAX_REQUEST_BYTES;
use crate::policy::Policy;
use crate::reason::{self, Reason};
use crate::trail::{self, Row, State, What};
use crate::wire::Request;
use crate::workspace::{valid_ref_component, HoldMark};
use crate::yaml::{self, Kind, Node};

/// A fuzz check: panics on a finding.
pub type Check = fn(&[u8]);

/// Every target: its name (the fuzz binary's, and its seed directory's) and its check.
pub const TARGETS: [(&str, Check); 4] = [
    ("request", request),
    ("policy", policy),
    ("trail", trail),
    ("hold_mark", hold_mark),
];

const EFFECTS: [Effect; 7] = [
    Effect::Read,
    Effect::TargetWrite,
    Effect::Process,
    Effect::OpenWorld,
    Effect::Destructive,
    Effect::Secret,
    Effect::Opaque,
];

// ---------------------------------------------------------------- request

/// A reader that counts what was taken from it.
struct Counted<'a> {
    data: &'a [u8],
    taken: u64,
}

impl Read for Counted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.data.read(buf)?;
        self.taken += n as u64;
        Ok(n)
    }
}

fn read_bounded(data: &[u8], max: u64) -> Result<Request, crate::wire::ProtocolBreak> {
    let mut counted = Counted { data, taken: 0 };
    let result = Request::read(&mut counted, max);
    assert!(
        counted.taken <= max + 1,
        "read {} bytes past a bound of {max}",
        counted.taken
    );
    if let Err(e) = &result {
        assert!(
            e.0.starts_with("wicket: ") && !e.0.contains('\n'),
            "not one sentence: {e}"
        );
    }
    result
}

/// The request on stdin: never a panic; never more than the bound read; a
/// smaller bound gives the same answer or says the request is too large;
/// a request is framed at its closing brace whatever follows it.
pub fn request(data: &[u8]) {
    let consult = read_bounded(data, MAX_REQUEST_BYTES);
    let small = data.len() as u64 / 2;
    let bounded = read_bounded(data, small);
    if bounded != consult {
        let Err(e) = &bounded else {
            panic!("a bound of {small} read {bounded:?} where the consult's read {consult:?}");
        };
        assert!(
            e.0.contains("is larger than"),
            "a bound of {small} answered {e} where the consult's read {consult:?}"
        );
    }
    if let Ok(request) = &consult {
        // The request as litany writes it, followed by anything at all
        // (stdin may stay open, or carry more): the object alone is read.
        let text = json!({
            "id": request.id,
            "name": request.name,
            "input": request.input,
            "role": request.role,
            "agent_id": request.agent_id,
        })
        .to_string();
        let mut framed = text.clone().into_bytes();
        framed.extend_from_slice(data);
        assert_eq!(
            read_bounded(&framed, MAX_REQUEST_BYTES),
            Request::parse(&text),
            "a request followed by more bytes is not read as the request alone"
        );
    }
}

// ----------------------------------------------------------------- policy

/// The stack the policy is read on here: a small share of the consult's
/// (64 MiB), so a reader whose nesting is not bounded overflows on inputs
/// of a few kilobytes rather than only on very large ones.
const POLICY_STACK_BYTES: usize = 1 << 20;

type Job = Box<dyn FnOnce() + Send>;
/// A job and where to say it is done.
type Posted = (Job, mpsc::Sender<()>);

/// Run `job` on one long-lived thread with a [`POLICY_STACK_BYTES`] stack.
fn on_small_stack(job: impl FnOnce() + Send + 'static) {
    static WORKER: OnceLock<Mutex<mpsc::Sender<Posted>>> = OnceLock::new();
    let worker = WORKER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Posted>();
        std::thread::Builder::new()
            .name("small-stack".into())
            .stack_size(POLICY_STACK_BYTES)
            .spawn(move || {
                for (job, done) in rx {
                    job();
                    let _ = done.send(());
                }
            })
            .expect("could not start the small-stack thread");
        Mutex::new(tx)
    });
    let (done_tx, done_rx) = mpsc::channel();
    worker
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .send((Box::new(job), done_tx))
        .expect("the small-stack thread is gone (an earlier case panicked)");
    done_rx
        .recv()
        .expect("the check panicked on the small-stack thread");
}

/// `capability.yaml` as the consult reads it (lossy UTF-8): never a panic
/// or a stack overflow; every problem and every node names a line of the
/// input that has something on it; the reading is deterministic.
pub fn policy(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    on_small_stack(move || check_policy(&text));
}

fn check_policy(text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    let names_a_line = |line: usize, what: &str| {
        assert!(
            line >= 1 && line <= lines.len(),
            "{what} names line {line} of a {}-line input",
            lines.len()
        );
        assert!(
            !lines[line - 1].trim().is_empty(),
            "{what} names line {line}, which is blank"
        );
    };
    match yaml::parse(text) {
        Ok(root) => {
            // An empty document is an empty map at line 1.
            if !matches!(&root.kind, Kind::Map(entries) if entries.is_empty()) {
                let mut nodes: Vec<&Node> = vec![&root];
                while let Some(node) = nodes.pop() {
                    names_a_line(node.line, "a node");
                    match &node.kind {
                        Kind::Map(entries) => nodes.extend(entries.iter().map(|(_, n)| n)),
                        Kind::Seq(items) => nodes.extend(items.iter()),
                        _ => {}
                    }
                }
            }
        }
        Err(e) => {
            names_a_line(e.line, "a YAML error");
            assert!(!e.message.is_empty());
        }
    }
    let policy = Policy::parse(text, Path::new("/ws"));
    for d in &policy.diagnostics {
        names_a_line(d.line, &format!("the diagnostic {:?}", d.message));
    }
    for rule in &policy.rules {
        names_a_line(rule.line, "a rule");
        assert!(!rule.words.is_empty());
    }
    for plugin in &policy.classifiers {
        names_a_line(plugin.line, "a plugin");
        assert!(plugin.path.is_absolute(), "{:?}", plugin.path);
    }
    if let Some(line) = policy.confinement_line {
        names_a_line(line, "confinement");
    }
    assert_eq!(policy, Policy::parse(text, Path::new("/ws")));
}

// ------------------------------------------------------------------ trail

/// A fixed "now", so a case replays the same whatever the day.
fn now() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_790_000_000)
}

fn view(state: &State) -> Value {
    serde_json::to_value(state).expect("a folded state encodes")
}

fn withdraw(name: &str) -> Row {
    Row {
        at: "2026-09-21T00:00:00.000Z".into(),
        who: trail::Who {
            user: "fuzz".into(),
            host: "h".into(),
        },
        what: What::Withdraw {
            answer: name.into(),
        },
    }
}

/// `.wicket/trail.jsonl`: parsing and folding never panic; the fast reading
/// of a line agrees with the derived one; every row reads
/// back as it is written; the fold is deterministic; a line the fold cannot
/// read changes nothing but the count of skipped lines; withdrawing a name
/// nothing stands under changes nothing, and withdrawing a standing answer
/// removes it and only it; and for a trail as wicket writes it, what the
/// consult folds for one agent agrees with the whole fold on every question
/// the consult asks.
pub fn trail(data: &[u8]) {
    // The flat reading of each line says what the derived reading says.
    for line in data.split(|b| *b == b'\n') {
        assert_eq!(
            Row::parse(line).ok(),
            serde_json::from_slice::<Row>(line).ok(),
            "the readings of a line differ: {}",
            String::from_utf8_lossy(line)
        );
    }
    let (rows, skipped) = trail::parse(data, |_| true);
    for row in &rows {
        let line = serde_json::to_vec(row).expect("a row encodes");
        assert_eq!(
            serde_json::from_slice::<Row>(&line).ok().as_ref(),
            Some(row),
            "a row does not read back as written: {}",
            String::from_utf8_lossy(&line)
        );
    }
    let whole = State::fold(rows.clone(), skipped, now());
    assert_eq!(
        view(&whole),
        view(&State::fold(rows.clone(), skipped, now()))
    );

    for junk in [
        &br#"{"at":"2026-09-21T00:00:00Z","who":{"user":"u","host":"h"},"row":"answ"#[..],
        br#"{"at":"2026-09-21T00:00:00Z","who":{"user":"u","host":"h"},"row":"future-kind"}"#,
    ] {
        let mut more = data.to_vec();
        more.push(b'\n');
        more.extend_from_slice(junk);
        let (again, skipped_again) = trail::parse(&more, |_| true);
        assert_eq!(again, rows, "an unreadable line changed the rows");
        assert_eq!(skipped_again, skipped + 1);
    }

    let names: Vec<&str> = rows
        .iter()
        .filter_map(|r| match &r.what {
            What::Answer(a) => Some(a.answer.as_str()),
            _ => None,
        })
        .collect();
    let unknown = (0..)
        .map(|i| format!("a-unknown{i}"))
        .find(|n| !names.contains(&n.as_str()))
        .unwrap_or_default();
    let mut with = rows.clone();
    with.push(withdraw(&unknown));
    let mut expected = view(&whole);
    let after = view(&State::fold(with, skipped, now()));
    assert_eq!(after, expected, "withdrawing {unknown} changed the fold");
    for standing in whole.answers.iter().take(8) {
        let name = &standing.answer.answer;
        let mut with = rows.clone();
        with.push(withdraw(name));
        let after = State::fold(with, skipped, now());
        assert!(
            after.answer_named(name).is_none(),
            "{name} still stands after it was withdrawn"
        );
        expected = view(&State {
            answers: whole
                .answers
                .iter()
                .filter(|s| s.answer.answer != *name)
                .cloned()
                .collect(),
            ..whole.clone()
        });
        assert_eq!(
            view(&after),
            expected,
            "withdrawing {name} changed more than it"
        );
    }

    // The trail as wicket's writer leaves it: one compact row a line.
    let mut written = Vec::new();
    for row in &rows {
        written.extend(serde_json::to_vec(row).expect("a row encodes"));
        written.push(b'\n');
    }
    let mut agents: Vec<String> = Vec::new();
    for row in &rows {
        let agent = match &row.what {
            What::Answer(a) => &a.agent,
            What::Floor { agent, .. } => agent,
            _ => continue,
        };
        let mut related: Vec<String> = agent
            .match_indices('-')
            .map(|(i, _)| agent[..i].to_owned())
            .collect();
        related.push(agent.clone());
        related.push(format!("{agent}-x-1"));
        for a in related {
            if valid_ref_component(&a) && !agents.contains(&a) {
                agents.push(a);
            }
        }
    }
    let classes: Vec<String> = rows
        .iter()
        .filter_map(|r| match &r.what {
            What::Answer(a) => a.class(),
            _ => None,
        })
        .collect();
    for agent in agents.iter().take(16) {
        let part = State::fold_for(&written, agent, now());
        assert_eq!(
            part.floor_over(agent),
            whole.floor_over(agent),
            "the floor over {agent}"
        );
        for class in classes.iter().take(16) {
            assert_eq!(
                part.standing_for(agent, class),
                whole.standing_for(agent, class),
                "the standing answer for {agent} and {class}"
            );
        }
        for row in rows.iter().take(64) {
            if let What::Answer(a) = &row.what {
                let digest = a.digest.as_deref().unwrap_or("-");
                assert_eq!(
                    part.call_answer(agent, &a.tool_use_id, digest),
                    whole.call_answer(agent, &a.tool_use_id, digest),
                    "the call answer for {agent} and {}",
                    a.tool_use_id
                );
            }
        }
    }
}

// -------------------------------------------------------------- hold mark

fn check_tag(text: &str) {
    if let Some((effect, digest)) = reason::read_tag(text) {
        assert!(
            digest.len() == 64
                && digest
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
            "{digest}"
        );
        // The tag read is exactly the reason's last words, in the spelling
        // wicket writes or the older one it still reads.
        assert!(["effect", "class"]
            .iter()
            .any(|key| text.ends_with(&format!(
                " [wicket {key}={} digest={digest}]",
                effect.word()
            ))));
    }
}

/// litany's hold mark (a one-line JSON blob) and the tag at the end of its
/// reason: never a panic; a mark reads back as it is written; a tag read is
/// exactly the reason's last words; and whatever the agent wrote into the
/// call and whatever a plugin said, the tag of a reason wicket renders reads
/// back as the class and digest it was rendered with.
pub fn hold_mark(data: &[u8]) {
    // As the consult and the operator's verbs read a mark.
    if let Some(mark) = HoldMark::parse(data.trim_ascii()) {
        let again = json!({
            "tool_use_id": mark.tool_use_id,
            "tool": mark.tool,
            "reason": mark.reason,
        })
        .to_string();
        assert_eq!(HoldMark::parse(again.as_bytes()).as_ref(), Some(&mark));
        check_tag(&mark.reason);
    }
    let text = String::from_utf8_lossy(data);
    check_tag(&text);

    let (tool, why) = text.split_once('\n').unwrap_or((&text, ""));
    let input = serde_json::from_slice(data).unwrap_or_else(|_| json!({ "command": text }));
    let digest = reason::digest(tool, &input);
    let effect = EFFECTS[data.len() % EFFECTS.len()];
    for (decided_by, refuse) in [
        (None, false),
        (
            Some("Conversation answer a-0123abcd decided.".to_owned()),
            true,
        ),
    ] {
        let rendered = Reason {
            tool,
            input: &input,
            effect,
            why,
            decided_by,
            refuse,
            digest: &digest,
        }
        .render();
        assert_eq!(
            reason::read_tag(&rendered),
            Some((effect, digest.clone())),
            "{rendered}"
        );
        assert!(
            !rendered.chars().any(|c| c.is_control()),
            "a reason is one line: {rendered:?}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every committed seed and regression case, through its target's check.
    #[test]
    fn seeds_and_regressions_replay() {
        let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
        for (target, check) in TARGETS {
            let mut seeds = 0;
            for kind in ["seeds", "regressions"] {
                let dir = fuzz.join(kind).join(target);
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    continue;
                };
                let mut paths: Vec<_> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
                paths.sort();
                for path in paths {
                    let bytes = std::fs::read(&path).unwrap();
                    eprintln!("replaying {}", path.display());
                    check(&bytes);
                    seeds += usize::from(kind == "seeds");
                }
            }
            assert!(seeds > 0, "no seeds for {target}");
        }
    }
}
