//! Any text as a bash command: the classifier must answer (never panic, never
//! hang; libFuzzer's -timeout catches a slow input) with at least one finding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wicket_guest::{Call, Context};

fuzz_target!(|data: &[u8]| {
    let Ok(command) = std::str::from_utf8(data) else { return };
    let call = Call {
        id: "t".into(),
        tool: "bash".into(),
        input: serde_json::json!({ "command": command }),
        role: "worker".into(),
        agent_id: "a".into(),
    };
    let ctx = Context::new("/ws", "/ws/agents/a", "/ws/agents/a", "/home/u")
        .with_protected(vec!["/ws/repo.git".into(), "/ws/.wicket".into(), "/ws/agents".into()])
        .with_secret_fragments(vec![".ssh".into(), "credentials".into()]);
    assert!(!wicket_shell::classify(&call, &ctx).is_empty());
});
