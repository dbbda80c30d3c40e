//! The SDK as a team outside this repository has it: `cargo package -p
//! wicket-guest` (the .crate, with the WIT it binds), a plugin crate
//! generated into a temporary directory outside the workspace that depends
//! on `wicket-guest` by version, patched to the unpacked .crate, built
//! offline for wasm32-wasip2 with the release profile the SDK's README gives,
//! then `wicket plugin inspect` and `wicket plugin test` on the result.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::*;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn cargo(dir: &Path) -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(dir);
    for key in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET",
    ] {
        command.env_remove(key);
    }
    command
}

fn must(command: &mut Command, what: &str) -> String {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const PLUGIN: &str = r#"//! An outside team's plugin: refuses `shutdown`, holds any command when the
//! host says the call runs outside the wall and the config asks for that.
use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome, CONTRACT_VERSION};

pub struct NoShutdown;

impl Classifier for NoShutdown {
    fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String> {
        let Some(command) = call.input_str("command").filter(|_| call.tool == "bash") else {
            return Ok(Outcome::Abstain);
        };
        if command.split_whitespace().next() == Some("shutdown") {
            return Ok(Outcome::Findings(vec![Finding::new(
                Effect::Destructive,
                format!("`{command}` stops the machine (contract {CONTRACT_VERSION})"),
            )
            .refuse()]));
        }
        if ctx.config()["outside_wall"] == "hold" && ctx.confined != Some(true) {
            return Ok(Outcome::Findings(vec![Finding::new(
                Effect::Process,
                "not known to run inside the wall",
            )
            .hold()]));
        }
        Ok(Outcome::Abstain)
    }
}

wicket_guest::export_classifier!(NoShutdown);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natively_too() {
        let call = Call {
            id: "t".into(),
            tool: "bash".into(),
            input: serde_json::json!({"command": "shutdown -h now"}),
            role: "worker".into(),
            agent_id: "a".into(),
        };
        let ctx = Context::new("/w", "/w/a", "/w/a", "/h");
        assert!(matches!(NoShutdown::classify(&call, &ctx), Ok(Outcome::Findings(_))));
    }
}
"#;

const CASES: &str = "\
case: shutdown is refused by the plugin's own ruling
bash: shutdown -h now
effect: destructive
expect: refuse

case: anything else is not its business
bash: ls -l
expect: abstain

case: asked to, it holds a call the host cannot place inside the wall
bash: ls -l
config: {\"outside_wall\": \"hold\"}
effect: process
expect: hold
";

#[test]
fn a_plugin_outside_the_workspace_builds_against_the_packaged_sdk_and_passes_its_cases() {
    let scratch = wicket_bin()
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .join("sdk-package-test");
    let _ = std::fs::remove_dir_all(scratch.join("crate"));
    let _ = std::fs::remove_dir_all(scratch.join("unpacked"));
    std::fs::create_dir_all(scratch.join("unpacked")).unwrap();

    // The SDK's .crate, as `cargo publish` would upload it.
    must(
        cargo(&workspace())
            .args([
                "package",
                "-p",
                "wicket-guest",
                "--offline",
                "--allow-dirty",
                "--no-verify",
            ])
            .arg("--target-dir")
            .arg(scratch.join("package-target")),
        "cargo package -p wicket-guest",
    );
    let version = env!("CARGO_PKG_VERSION");
    let dot_crate = scratch
        .join("package-target/package")
        .join(format!("wicket-guest-{version}.crate"));
    must(
        Command::new("tar")
            .arg("xzf")
            .arg(&dot_crate)
            .arg("-C")
            .arg(scratch.join("unpacked")),
        "unpacking the .crate",
    );
    let sdk = scratch
        .join("unpacked")
        .join(format!("wicket-guest-{version}"));
    assert!(
        sdk.join("wit/v0.2.0/classifier.wit").is_file(),
        "the .crate carries the WIT it binds"
    );

    // A plugin crate of its own, outside this workspace.
    let krate = scratch.join("crate");
    std::fs::create_dir_all(krate.join("src")).unwrap();
    std::fs::write(
        krate.join("Cargo.toml"),
        format!(
            r#"[package]
name = "no-shutdown"
version = "0.1.0"
edition = "2021"

[lib]
crate-type = ["cdylib", "rlib"]

[dependencies]
wicket-guest = "{version}"
serde_json = "1"

[patch.crates-io]
wicket-guest = {{ path = "{}" }}

[profile.release]
opt-level = "s"
lto = true
codegen-units = 1
panic = "abort"
strip = true

[workspace]
"#,
            sdk.display()
        ),
    )
    .unwrap();
    std::fs::write(krate.join("src/lib.rs"), PLUGIN).unwrap();
    std::fs::write(krate.join("cases.txt"), CASES).unwrap();
    // Resolve offline to versions this machine has (the workspace's).
    std::fs::copy(workspace().join("Cargo.lock"), krate.join("Cargo.lock")).unwrap();
    let target = scratch.join("crate-target");
    must(
        cargo(&krate)
            .args([
                "build",
                "--release",
                "--offline",
                "--target",
                "wasm32-wasip2",
            ])
            .arg("--target-dir")
            .arg(&target),
        "building the outside plugin",
    );
    let wasm = target.join("wasm32-wasip2/release/no_shutdown.wasm");

    let home = scratch.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let wicket = |args: &[&str]| {
        compiler_bin();
        Command::new(wicket_bin())
            .args(args)
            .env("HOME", &home)
            .env("XDG_CACHE_HOME", home.join("cache"))
            .output()
            .unwrap()
    };
    let inspected = wicket(&["plugin", "inspect", &wasm.to_string_lossy(), "--json"]);
    let inspected: serde_json::Value = serde_json::from_slice(&inspected.stdout).unwrap();
    assert_eq!(inspected["contract"]["version"], "0.2.0", "{inspected}");
    assert_eq!(inspected["loads"], true, "{inspected}");

    let tested = wicket(&[
        "plugin",
        "test",
        &wasm.to_string_lossy(),
        &krate.join("cases.txt").to_string_lossy(),
    ]);
    let said = String::from_utf8_lossy(&tested.stdout);
    assert_eq!(
        tested.status.code(),
        Some(0),
        "{said}{}",
        String::from_utf8_lossy(&tested.stderr)
    );
    assert!(said.contains("3 of 3 cases passed"), "{said}");
}
