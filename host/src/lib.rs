//! wicket adjudicates an AI agent's tool calls for the litany harness: before
//! every call litany spawns `wicket`, which runs the workspace's classifier
//! plugins (WebAssembly components, sandboxed), folds in what the operator
//! decided, and prints one verdict — pass, refuse or hold.
//!
//! The consult's path reads top to bottom in [`consult`]. The plugin contract
//! is `wit/v<version>/classifier.wit`, one directory per version this wicket
//! loads ([`plugins::contract`]); plugin authors use the `wicket-guest` crate.

pub mod commands;
pub mod consult;
pub mod demo;
#[cfg(any(test, feature = "fuzzing"))]
#[doc(hidden)]
pub mod fuzzing;
pub mod judge;
pub mod lanes;
pub mod operator;
mod path_links;
pub mod plugins;
pub mod policy;
pub mod reason;
pub mod trail;
pub mod wall;
pub mod wire;
pub mod workspace;
pub mod yaml;
