//! `.wicket/trail.jsonl`, parsed and folded whole and for one agent: see
//! `wicket::fuzzing::trail` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wicket::fuzzing::trail(data));
