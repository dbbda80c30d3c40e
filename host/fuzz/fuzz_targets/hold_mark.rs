//! litany's hold mark and the tag at the end of a reason: see
//! `wicket::fuzzing::hold_mark` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wicket::fuzzing::hold_mark(data));
