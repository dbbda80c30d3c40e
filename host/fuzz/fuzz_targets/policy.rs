//! `capability.yaml` (the YAML subset reader and the policy over it), on a
//! small stack: see `wicket::fuzzing::policy` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wicket::fuzzing::policy(data));
