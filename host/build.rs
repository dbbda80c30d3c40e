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
    static_unwinder();
    Ok(())
}

/// On glibc, link the unwinder (`libgcc_eh.a`) into the binary instead of
/// loading `libgcc_s.so.1` at every start: that library's loading and its
/// constructor's CPU probes (each `cpuid` traps on a virtual machine) cost
/// a consult about 0.25 ms, a third of what separates wicket from a trivial
/// program before `main`. Linked whole and before the standard library,
/// the unwinder's symbols are defined when the linker reaches `-lgcc_s`,
/// which `--as-needed` then leaves out. Where the compiler driver has no
/// `libgcc_eh.a`, the shared unwinder stays.
fn static_unwinder() {
    let gnu = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    let crt_static = std::env::var("CARGO_CFG_TARGET_FEATURE")
        .is_ok_and(|features| features.split(',').any(|f| f == "crt-static"));
    if !gnu || crt_static {
        return;
    }
    let driver = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let Ok(out) = std::process::Command::new(&driver)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
    else {
        return;
    };
    let path = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    if !out.status.success() || !path.is_absolute() || !path.is_file() {
        println!(
            "cargo:warning=no libgcc_eh.a beside {driver}: wicket loads libgcc_s.so.1 at start"
        );
        return;
    }
    if let Some(dir) = path.parent() {
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:rustc-link-lib=static:+whole-archive,-bundle=gcc_eh");
    }
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
