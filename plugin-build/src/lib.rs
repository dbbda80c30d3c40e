//! Builds wicket classifier plugins from source into WebAssembly components.
//!
//! One function, [`build`], used by the `wicket` build script (which embeds the
//! default classifier) and by anything else that needs a plugin from source. A
//! crate built for `wasm32-unknown-unknown` is a core module; it is wrapped
//! into a component here, importing nothing but what its WIT world names. A
//! crate built for `wasm32-wasip2` is a component already and is copied as is.
//!
//! The build runs a nested `cargo` in its own target directory, so it never
//! waits on the lock of the build that called it.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

/// The Cargo profile plugins are built with (defined in the workspace root).
pub const PROFILE: &str = "plugin";

/// A wasm target a plugin can be built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Core module, wrapped into a component here; imports nothing it does not name.
    Bare,
    /// A component from rustc itself; imports WASI, which wicket offers capability-free.
    WasiP2,
}

impl Target {
    fn triple(self) -> &'static str {
        match self {
            Target::Bare => "wasm32-unknown-unknown",
            Target::WasiP2 => "wasm32-wasip2",
        }
    }
}

/// Build `packages` of the Cargo workspace at `workspace` for `target`, with
/// intermediate files under `target_dir`, and return each package's component
/// path (in the order given), written under `target_dir/components/`.
pub fn build(
    workspace: &Path,
    target_dir: &Path,
    target: Target,
    packages: &[&str],
) -> Result<Vec<PathBuf>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(workspace)
        .args(["build", "--profile", PROFILE, "--target", target.triple()])
        .arg("--target-dir")
        .arg(target_dir);
    for package in packages {
        command.args(["-p", package]);
    }
    // Settings meant for the outer build (its flags, its target) must not leak
    // into a wasm build; the jobserver is kept so the two share the machine.
    for key in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET",
        "CARGO_BUILD_TARGET_DIR",
        "RUSTC_WORKSPACE_WRAPPER",
    ] {
        command.env_remove(key);
    }
    let status = command
        .status()
        .with_context(|| format!("could not run cargo to build plugins {packages:?}"))?;
    if !status.success() {
        bail!(
            "building plugins {packages:?} for {} failed ({status}); is the target installed? \
             `rustup target add {}` installs it",
            target.triple(),
            target.triple()
        );
    }
    let out_dir = target_dir.join("components");
    std::fs::create_dir_all(&out_dir)
        .with_context(|| format!("could not create {}", out_dir.display()))?;
    let mut built = Vec::new();
    for package in packages {
        let artifact = target_dir
            .join(target.triple())
            .join(PROFILE)
            .join(format!("{}.wasm", package.replace('-', "_")));
        let bytes = std::fs::read(&artifact)
            .with_context(|| format!("no artifact at {}", artifact.display()))?;
        let component = match target {
            Target::Bare => componentize(&bytes)
                .with_context(|| format!("could not make {package} a component"))?,
            Target::WasiP2 => bytes,
        };
        let dest = out_dir.join(format!("{package}.wasm"));
        write_if_changed(&dest, &component)?;
        built.push(dest);
    }
    Ok(built)
}

/// Wrap a core module that carries wit-bindgen's component-type section.
pub fn componentize(module: &[u8]) -> Result<Vec<u8>> {
    wit_component::ComponentEncoder::default()
        .module(module)?
        .validate(true)
        .encode()
}

fn write_if_changed(dest: &Path, bytes: &[u8]) -> Result<()> {
    if std::fs::read(dest).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    let tmp = dest.with_extension("wasm.tmp");
    std::fs::write(&tmp, bytes).with_context(|| format!("could not write {}", tmp.display()))?;
    std::fs::rename(&tmp, dest).with_context(|| format!("could not write {}", dest.display()))?;
    Ok(())
}
