//! The request on stdin (`wire::Request::read`), framed and bounded: see
//! `wicket::fuzzing::request` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wicket::fuzzing::request(data));
