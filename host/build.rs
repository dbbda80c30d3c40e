//! Builds the default classifier (and the example and testing plugins the
//! tests load) from source into wasm components, and embeds the default
//! classifier in the `wicket` binary so one binary is the whole install.

use std::path::PathBuf;

use sha2::Digest;
use wicket_plugin_build::{build, Target};

/// Plugins that import nothing: built for wasm32-unknown-unknown and wrapped.
const BARE: &[&str] = &[
    "wicket-shell",
    "fetch-guard",
    "testing-abstain",
    "testing-always-refuse",
    "testing-garbage",
    "testing-hog",
    "testing-spin",
    "testing-trap",
];

/// Plugins built for wasm32-wasip2, which import WASI.
const WASI: &[&str] = &["testing-wasi-probe"];

fn main() {
    if let Err(e) = run() {
        // One clear sentence; cargo shows it with the build failure.
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

fn run() -> anyhow::Result<()> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let workspace = manifest
        .parent()
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.clone());
    for watched in [
        "wit",
        "guest-sdk",
        "plugins",
        "plugin-build",
        "Cargo.toml",
        "Cargo.lock",
    ] {
        println!(
            "cargo:rerun-if-changed={}",
            workspace.join(watched).display()
        );
    }
    // The plugins get their own target directory beside the outer build's, so
    // the nested cargo never waits on the lock of the build that runs it.
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace.join("target"))
        .join("plugins");
    let bare = build(&workspace, &target_dir, Target::Bare, BARE)?;
    build(&workspace, &target_dir, Target::WasiP2, WASI)?;
    let default = std::fs::read(&bare[0])?;
    std::fs::write(out_dir.join("default-classifier.wasm"), &default)?;
    let digest: [u8; 32] = sha2::Sha256::digest(&default).into();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    std::fs::write(out_dir.join("default-classifier.sha256"), hex)?;
    let components = bare[0].parent().map(PathBuf::from).unwrap_or_default();
    println!(
        "cargo:rustc-env=WICKET_PLUGIN_COMPONENTS={}",
        components.display()
    );
    Ok(())
}
