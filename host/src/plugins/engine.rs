//! The one engine configuration every wicket process uses, whether it
//! compiles plugins (the build script, `wicket-compile`) or only runs
//! compiled ones (the control). Compiled code made under it loads in any of
//! them; wasmtime checks the rest (its version, the CPU's features) itself.
//!
//! This file is also compiled into the build script (`#[path]`), so it may
//! name nothing but wasmtime.

/// Names this configuration in cache directory names: wasmtime's version and
/// the settings below. Change it whenever a setting below changes.
pub const ENGINE_KEY: &str =
    "wasmtime-48.0.8;component-model;epoch-interruption;opt-speed;cow-init;v3";

/// The engine configuration: the component model, and epoch interruption so
/// the consult's watchdog can stop a plugin at its deadline.
pub fn config() -> wasmtime::Config {
    let mut config = wasmtime::Config::new();
    config.wasm_component_model(true);
    config.epoch_interruption(true);
    // A plugin's initial memory is mapped copy-on-write from an image (a
    // sealed in-memory file written once per process) rather than copied
    // into fresh pages: for the default classifier's 0.58 MB of initial data,
    // one write replaces some 150 page faults, about 0.1 ms of every consult
    // here; for a small plugin the two cost the same. A kernel without
    // in-memory files gets the copy.
    config.memory_init_cow(true);
    // Cranelift's own defaults (optimising for speed) are the settings, so a
    // compiling and a running-only configuration are the same one.
    config
}
