//! Builds the default classifier (and the example and testing plugins the
//! tests load) from source into wasm components, and embeds the default
//! classifier in the `wicket` binary twice: as the component (its identity:
//! the sha256 `status` shows) and compiled to native code for the engine the
//! binary runs, so no file stands between wicket and its default classifier.

use std::path::PathBuf;

use sha2::Digest;
use wicket_plugin_build::{build, Target};

#[path = "src/plugins/engine.rs"]
#[allow(dead_code)]
mod engine;

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
    "testing-contract-0-1-1",
    "testing-future-contract",
    "testing-mislabelled",
];

/// Example plugins that link the shell reading (`wicket-shell` without its
/// `classifier` feature). Built by a cargo run of their own: in one run with
/// `wicket-shell` itself, cargo would unify its features and link the default
/// classifier's export into each of them.
const SHELL_READERS: &[&str] = &["push-guard", "egress-allowlist", "write-raise"];

/// Plugins built for wasm32-wasip2, which import WASI.
const WASI: &[&str] = &["testing-wasi-probe", "testing-leak"];

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
        "plugins/shell",
        "plugins/testing",
        "plugin-build",
        "Cargo.toml",
        "Cargo.lock",
        "host/src/plugins/engine.rs",
    ] {
        println!(
            "cargo:rerun-if-changed={}",
            workspace.join(watched).display()
        );
    }
    // The examples this script builds; not the Python ones, which
    // tests/python_plugin.rs builds (editing them, or the __pycache__ their
    // unit tests leave, must not rebuild wicket).
    for example in std::fs::read_dir(workspace.join("plugins/examples"))? {
        let example = example?.path();
        let name = example.file_name().unwrap_or_default().to_string_lossy();
        if !name.starts_with("python-") {
            println!("cargo:rerun-if-changed={}", example.display());
        }
    }
    // The plugins get their own target directory beside the outer build's, so
    // the nested cargo never waits on the lock of the build that runs it.
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace.join("target"))
        .join("plugins");
    let bare = build(&workspace, &target_dir, Target::Bare, BARE)?;
    build(&workspace, &target_dir, Target::Bare, SHELL_READERS)?;
    build(&workspace, &target_dir, Target::WasiP2, WASI)?;
    let default = std::fs::read(&bare[0])?;
    std::fs::write(out_dir.join("default-classifier.wasm"), &default)?;
    let digest: [u8; 32] = sha2::Sha256::digest(&default).into();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    std::fs::write(out_dir.join("default-classifier.sha256"), hex)?;
    std::fs::write(
        out_dir.join("default-classifier.cwasm"),
        precompile(&default)?,
    )?;
    let components = bare[0].parent().map(PathBuf::from).unwrap_or_default();
    println!(
        "cargo:rustc-env=WICKET_PLUGIN_COMPONENTS={}",
        components.display()
    );
    Ok(())
}

/// The default classifier compiled for the target the binary is built for.
/// The CPU features Cranelift assumes are this build machine's; a machine
/// without them refuses the artifact at load, and wicket compiles instead.
fn precompile(component: &[u8]) -> anyhow::Result<Vec<u8>> {
    let wasmtime = |e: wasmtime::Error| anyhow::anyhow!("{e:?}");
    let mut config = engine::config();
    let target = std::env::var("TARGET")?;
    if target != std::env::var("HOST")? {
        config.target(&target).map_err(wasmtime)?;
    }
    let engine = wasmtime::Engine::new(&config).map_err(wasmtime)?;
    engine.precompile_component(component).map_err(wasmtime)
}
