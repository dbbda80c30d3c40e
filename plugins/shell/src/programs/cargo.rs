//! cargo, as cargo 1.95 reads its command line: the global options, then a
//! subcommand with its own clap grammar (the tables below are each
//! subcommand's `cargo SUB --help`; a test checks them against it).
//!
//! What each subcommand does: builds run build scripts and proc macros
//! (code wicket cannot read, fetched crates among them), so they are
//! open-world, and where they write — the target directory (`--target-dir`,
//! `CARGO_TARGET_DIR`, `build.target-dir`, else `target/` beside the
//! manifest `--manifest-path` names) — is placed; `cargo clean` deletes it;
//! `cargo new`/`init` create their path; `--config` values that name a
//! program (`target.*.runner`, `build.rustc-wrapper`) are read as that
//! program, and ones wicket does not know are opaque.

use wicket_guest::Effect::{self, *};
use wicket_guest::Harness;

use crate::argv::{self, attached, flag, value, Grammar, Opt, Parsed, Style};
use crate::read::{Arg, Change, Invocation, Lookup, Reach, Reader, Scope, Stdin};

use super::{vars, Program, Run, Syntax};

const BUILD: &[Opt] = &[
    flag("future-incompat-report", "", &["future-incompat-report"]),
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    flag("all", "", &["all"]),
    flag("lib", "", &["lib"]),
    flag("bins", "", &["bins"]),
    value("bin", "", &["bin"]),
    flag("examples", "", &["examples"]),
    value("example", "", &["example"]),
    flag("tests", "", &["tests"]),
    value("test", "", &["test"]),
    flag("benches", "", &["benches"]),
    value("bench", "", &["bench"]),
    flag("all-targets", "", &["all-targets"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    value("artifact-dir", "", &["artifact-dir"]),
    flag("unit-graph", "", &["unit-graph"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const CHECK: &[Opt] = &[
    flag("future-incompat-report", "", &["future-incompat-report"]),
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    flag("all", "", &["all"]),
    flag("lib", "", &["lib"]),
    flag("bins", "", &["bins"]),
    value("bin", "", &["bin"]),
    flag("examples", "", &["examples"]),
    value("example", "", &["example"]),
    flag("tests", "", &["tests"]),
    value("test", "", &["test"]),
    flag("benches", "", &["benches"]),
    value("bench", "", &["bench"]),
    flag("all-targets", "", &["all-targets"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    flag("unit-graph", "", &["unit-graph"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const TEST: &[Opt] = &[
    flag("no-run", "", &["no-run"]),
    flag("no-fail-fast", "", &["no-fail-fast"]),
    flag("future-incompat-report", "", &["future-incompat-report"]),
    value("message-format", "", &["message-format"]),
    flag("quiet", "q", &["quiet"]),
    flag("verbose", "v", &["verbose"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    flag("all", "", &["all"]),
    flag("lib", "", &["lib"]),
    flag("bins", "", &["bins"]),
    value("bin", "", &["bin"]),
    flag("examples", "", &["examples"]),
    value("example", "", &["example"]),
    flag("tests", "", &["tests"]),
    value("test", "", &["test"]),
    flag("benches", "", &["benches"]),
    value("bench", "", &["bench"]),
    flag("all-targets", "", &["all-targets"]),
    flag("doc", "", &["doc"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    flag("unit-graph", "", &["unit-graph"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const RUN: &[Opt] = &[
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    value("bin", "", &["bin"]),
    value("example", "", &["example"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    flag("unit-graph", "", &["unit-graph"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const BENCH: &[Opt] = &[
    flag("no-run", "", &["no-run"]),
    flag("no-fail-fast", "", &["no-fail-fast"]),
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    flag("all", "", &["all"]),
    flag("lib", "", &["lib"]),
    flag("bins", "", &["bins"]),
    value("bin", "", &["bin"]),
    flag("examples", "", &["examples"]),
    value("example", "", &["example"]),
    flag("tests", "", &["tests"]),
    value("test", "", &["test"]),
    flag("benches", "", &["benches"]),
    value("bench", "", &["bench"]),
    flag("all-targets", "", &["all-targets"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    flag("unit-graph", "", &["unit-graph"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const DOC: &[Opt] = &[
    flag("open", "", &["open"]),
    flag("no-deps", "", &["no-deps"]),
    flag("document-private-items", "", &["document-private-items"]),
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    flag("all", "", &["all"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    flag("lib", "", &["lib"]),
    flag("bins", "", &["bins"]),
    value("bin", "", &["bin"]),
    flag("examples", "", &["examples"]),
    value("example", "", &["example"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    flag("unit-graph", "", &["unit-graph"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const CLEAN: &[Opt] = &[
    flag("doc", "", &["doc"]),
    flag("dry-run", "n", &["dry-run"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const NEW: &[Opt] = &[
    value("vcs", "", &["vcs"]),
    flag("bin", "", &["bin"]),
    flag("lib", "", &["lib"]),
    value("edition", "", &["edition"]),
    value("name", "", &["name"]),
    value("registry", "", &["registry"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const INIT: &[Opt] = &[
    value("vcs", "", &["vcs"]),
    flag("bin", "", &["bin"]),
    flag("lib", "", &["lib"]),
    value("edition", "", &["edition"]),
    value("name", "", &["name"]),
    value("registry", "", &["registry"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const ADD: &[Opt] = &[
    flag("no-default-features", "", &["no-default-features"]),
    flag("default-features", "", &["default-features"]),
    value("features", "F", &["features"]),
    flag("optional", "", &["optional"]),
    flag("no-optional", "", &["no-optional"]),
    flag("public", "", &["public"]),
    flag("no-public", "", &["no-public"]),
    value("rename", "", &["rename"]),
    flag("dry-run", "n", &["dry-run"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
    value("package", "p", &["package"]),
    value("path", "", &["path"]),
    value("base", "", &["base"]),
    value("git", "", &["git"]),
    value("branch", "", &["branch"]),
    value("tag", "", &["tag"]),
    value("rev", "", &["rev"]),
    value("registry", "", &["registry"]),
    flag("dev", "", &["dev"]),
    flag("build", "", &["build"]),
    value("target", "", &["target"]),
];

const REMOVE: &[Opt] = &[
    flag("dry-run", "n", &["dry-run"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("dev", "", &["dev"]),
    flag("build", "", &["build"]),
    value("target", "", &["target"]),
    value("package", "p", &["package"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const UPDATE: &[Opt] = &[
    // Hidden (deprecated) spellings cargo still accepts.
    value("package", "p", &["package"]),
    flag("aggressive", "", &["aggressive"]),
    flag("dry-run", "n", &["dry-run"]),
    flag("recursive", "", &["recursive"]),
    value("precise", "", &["precise"]),
    flag("breaking", "b", &["breaking"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("workspace", "w", &["workspace"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const FETCH: &[Opt] = &[
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("target", "", &["target"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const FIX: &[Opt] = &[
    flag("edition", "", &["edition"]),
    flag("edition-idioms", "", &["edition-idioms"]),
    flag("broken-code", "", &["broken-code"]),
    flag("allow-no-vcs", "", &["allow-no-vcs"]),
    flag("allow-dirty", "", &["allow-dirty"]),
    flag("allow-staged", "", &["allow-staged"]),
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    flag("all", "", &["all"]),
    flag("lib", "", &["lib"]),
    flag("bins", "", &["bins"]),
    value("bin", "", &["bin"]),
    flag("examples", "", &["examples"]),
    value("example", "", &["example"]),
    flag("tests", "", &["tests"]),
    value("test", "", &["test"]),
    flag("benches", "", &["benches"]),
    value("bench", "", &["bench"]),
    flag("all-targets", "", &["all-targets"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const GENERATE_LOCKFILE: &[Opt] = &[
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    value("publish-time", "", &["publish-time"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const INSTALL: &[Opt] = &[
    value("version", "", &["version"]),
    value("index", "", &["index"]),
    value("registry", "", &["registry"]),
    value("git", "", &["git"]),
    value("branch", "", &["branch"]),
    value("tag", "", &["tag"]),
    value("rev", "", &["rev"]),
    value("path", "", &["path"]),
    value("root", "", &["root"]),
    flag("force", "f", &["force"]),
    flag("dry-run", "n", &["dry-run"]),
    flag("no-track", "", &["no-track"]),
    flag("list", "", &["list"]),
    value("message-format", "", &["message-format"]),
    flag("debug", "", &["debug"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
    value("bin", "", &["bin"]),
    flag("bins", "", &["bins"]),
    value("example", "", &["example"]),
    flag("examples", "", &["examples"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    attached("timings", "", &["timings"]),
];

const UNINSTALL: &[Opt] = &[
    value("root", "", &["root"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    value("bin", "", &["bin"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const PUBLISH: &[Opt] = &[
    flag("dry-run", "n", &["dry-run"]),
    value("index", "", &["index"]),
    value("registry", "", &["registry"]),
    flag("no-verify", "", &["no-verify"]),
    flag("allow-dirty", "", &["allow-dirty"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const PACKAGE: &[Opt] = &[
    value("index", "", &["index"]),
    value("registry", "", &["registry"]),
    flag("list", "l", &["list"]),
    flag("no-verify", "", &["no-verify"]),
    flag("no-metadata", "", &["no-metadata"]),
    flag("allow-dirty", "", &["allow-dirty"]),
    flag("exclude-lockfile", "", &["exclude-lockfile"]),
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const METADATA: &[Opt] = &[
    value("filter-platform", "", &["filter-platform"]),
    flag("no-deps", "", &["no-deps"]),
    value("format-version", "", &["format-version"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const TREE: &[Opt] = &[
    value("edges", "e", &["edges"]),
    value("invert", "i", &["invert"]),
    value("prune", "", &["prune"]),
    value("depth", "", &["depth"]),
    value("prefix", "", &["prefix"]),
    flag("no-dedupe", "", &["no-dedupe"]),
    flag("duplicates", "d", &["duplicates"]),
    value("charset", "", &["charset"]),
    value("format", "f", &["format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("target", "", &["target"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const VENDOR: &[Opt] = &[
    flag("no-delete", "", &["no-delete"]),
    value("sync", "s", &["sync"]),
    flag("respect-source-config", "", &["respect-source-config"]),
    flag("versioned-dirs", "", &["versioned-dirs"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const SEARCH: &[Opt] = &[
    value("limit", "", &["limit"]),
    value("index", "", &["index"]),
    value("registry", "", &["registry"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const LOGIN: &[Opt] = &[
    value("registry", "", &["registry"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const LOGOUT: &[Opt] = &[
    value("registry", "", &["registry"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const OWNER: &[Opt] = &[
    value("add", "a", &["add"]),
    value("remove", "r", &["remove"]),
    flag("list", "l", &["list"]),
    value("index", "", &["index"]),
    value("registry", "", &["registry"]),
    value("token", "", &["token"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const YANK: &[Opt] = &[
    value("version", "", &["version"]),
    flag("undo", "", &["undo"]),
    value("index", "", &["index"]),
    value("registry", "", &["registry"]),
    value("token", "", &["token"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const PKGID: &[Opt] = &[
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const LOCATE_PROJECT: &[Opt] = &[
    flag("workspace", "", &["workspace"]),
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const RUSTC: &[Opt] = &[
    value("print", "", &["print"]),
    value("crate-type", "", &["crate-type"]),
    flag("future-incompat-report", "", &["future-incompat-report"]),
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("lib", "", &["lib"]),
    flag("bins", "", &["bins"]),
    value("bin", "", &["bin"]),
    flag("examples", "", &["examples"]),
    value("example", "", &["example"]),
    flag("tests", "", &["tests"]),
    value("test", "", &["test"]),
    flag("benches", "", &["benches"]),
    value("bench", "", &["bench"]),
    flag("all-targets", "", &["all-targets"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    flag("unit-graph", "", &["unit-graph"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const RUSTDOC: &[Opt] = &[
    flag("open", "", &["open"]),
    value("message-format", "", &["message-format"]),
    value("output-format", "", &["output-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("lib", "", &["lib"]),
    flag("bins", "", &["bins"]),
    value("bin", "", &["bin"]),
    flag("examples", "", &["examples"]),
    value("example", "", &["example"]),
    flag("tests", "", &["tests"]),
    value("test", "", &["test"]),
    flag("benches", "", &["benches"]),
    value("bench", "", &["bench"]),
    flag("all-targets", "", &["all-targets"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    flag("unit-graph", "", &["unit-graph"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const REPORT: &[Opt] = &[
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

const INFO: &[Opt] = &[
    value("index", "", &["index"]),
    value("registry", "", &["registry"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
];

/// `cargo clippy`: `cargo check`'s options and clippy's own.
const CLIPPY: &[Opt] = &[
    flag("future-incompat-report", "", &["future-incompat-report"]),
    value("message-format", "", &["message-format"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
    value("package", "p", &["package"]),
    flag("workspace", "", &["workspace"]),
    value("exclude", "", &["exclude"]),
    flag("all", "", &["all"]),
    flag("lib", "", &["lib"]),
    flag("bins", "", &["bins"]),
    value("bin", "", &["bin"]),
    flag("examples", "", &["examples"]),
    value("example", "", &["example"]),
    flag("tests", "", &["tests"]),
    value("test", "", &["test"]),
    flag("benches", "", &["benches"]),
    value("bench", "", &["bench"]),
    flag("all-targets", "", &["all-targets"]),
    value("features", "F", &["features"]),
    flag("all-features", "", &["all-features"]),
    flag("no-default-features", "", &["no-default-features"]),
    value("jobs", "j", &["jobs"]),
    flag("keep-going", "", &["keep-going"]),
    flag("release", "r", &["release"]),
    value("profile", "", &["profile"]),
    value("target", "", &["target"]),
    value("target-dir", "", &["target-dir"]),
    flag("unit-graph", "", &["unit-graph"]),
    attached("timings", "", &["timings"]),
    value("manifest-path", "", &["manifest-path"]),
    flag("ignore-rust-version", "", &["ignore-rust-version"]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
    flag("no-deps", "", &["no-deps"]),
    flag("fix", "", &["fix"]),
    attached("explain", "", &["explain"]),
    flag("version", "V", &["version"]),
    flag("allow-dirty", "", &["allow-dirty"]),
    flag("allow-staged", "", &["allow-staged"]),
    flag("allow-no-vcs", "", &["allow-no-vcs"]),
    flag("broken-code", "", &["broken-code"]),
];

const FMT: &[Opt] = &[
    flag("quiet", "q", &["quiet"]),
    flag("verbose", "v", &["verbose"]),
    flag("version", "", &["version"]),
    value("package", "p", &["package"]),
    value("manifest-path", "", &["manifest-path"]),
    value("message-format", "", &["message-format"]),
    flag("all", "", &["all"]),
    flag("check", "", &["check"]),
    flag("help", "h", &["help"]),
];

/// The options before the subcommand.
const GLOBAL: &[Opt] = &[
    flag("version", "V", &["version"]),
    flag("list", "", &["list"]),
    value("explain", "", &["explain"]),
    flag("verbose", "v", &["verbose"]),
    flag("quiet", "q", &["quiet"]),
    value("color", "", &["color"]),
    value("C", "C", &[]),
    flag("locked", "", &["locked"]),
    flag("offline", "", &["offline"]),
    flag("frozen", "", &["frozen"]),
    value("config", "", &["config"]),
    value("Z", "Z", &[]),
    flag("help", "h", &["help"]),
];

/// What a cargo subcommand does, for the reading below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Does {
    /// Builds (build scripts, proc macros): writes the target directory.
    Builds,
    /// Builds and runs what it built (tests, benches, the binary).
    Runs,
    /// Formats or fixes the package's sources in place.
    Edits,
    /// Deletes the target directory (or part of it).
    Cleans,
    /// Creates a package at its path.
    Creates,
    /// Changes the manifest and lock file, fetching from the registry.
    Manages,
    /// Fetches from the network, writes the lock file.
    Fetches,
    /// Installs binaries outside the root.
    Installs,
    /// Publishes to a registry.
    Publishes,
    /// Handles the registry token.
    Credentials,
    /// Reads and prints.
    Reads,
    /// Writes a vendored copy of the dependencies.
    Vendors,
}

/// The subcommands cargo ships: name, aliases, grammar, what it does.
const SUBCOMMANDS: &[(&str, &[&str], &[Opt], Does)] = &[
    ("build", &["b"], BUILD, Does::Builds),
    ("check", &["c"], CHECK, Does::Builds),
    ("test", &["t"], TEST, Does::Runs),
    ("run", &["r"], RUN, Does::Runs),
    ("bench", &[], BENCH, Does::Runs),
    ("doc", &["d"], DOC, Does::Builds),
    ("rustc", &[], RUSTC, Does::Builds),
    ("rustdoc", &[], RUSTDOC, Does::Builds),
    ("fix", &[], FIX, Does::Edits),
    ("clean", &[], CLEAN, Does::Cleans),
    ("new", &[], NEW, Does::Creates),
    ("init", &[], INIT, Does::Creates),
    ("add", &[], ADD, Does::Manages),
    ("remove", &["rm"], REMOVE, Does::Manages),
    ("update", &["up"], UPDATE, Does::Fetches),
    ("fetch", &[], FETCH, Does::Fetches),
    ("generate-lockfile", &[], GENERATE_LOCKFILE, Does::Fetches),
    ("install", &[], INSTALL, Does::Installs),
    ("uninstall", &[], UNINSTALL, Does::Installs),
    ("publish", &[], PUBLISH, Does::Publishes),
    ("package", &[], PACKAGE, Does::Builds),
    ("vendor", &[], VENDOR, Does::Vendors),
    ("login", &[], LOGIN, Does::Credentials),
    ("logout", &[], LOGOUT, Does::Publishes),
    ("owner", &[], OWNER, Does::Publishes),
    ("yank", &[], YANK, Does::Publishes),
    ("search", &[], SEARCH, Does::Reads),
    ("info", &[], INFO, Does::Reads),
    ("metadata", &[], METADATA, Does::Reads),
    ("tree", &[], TREE, Does::Reads),
    ("pkgid", &[], PKGID, Does::Reads),
    ("locate-project", &[], LOCATE_PROJECT, Does::Reads),
    ("report", &[], REPORT, Does::Reads),
];

pub const PROGRAMS: &[&Program] = &[&CARGO, &RUSTC_PROGRAM];

pub const CARGO: Program = Program {
    names: &["cargo"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: cargo,
    examples: examples![
        (OpenWorld, "cargo build --release"),
        (OpenWorld, "cargo test -p x"),
        (OpenWorld, "cargo +nightly test --features unstable"),
        (
            OpenWorld,
            "cargo test --lib --release --features full -- --nocapture loom_blocking",
        ),
        (OpenWorld, "RUST_LOG=debug cargo run"),
        (
            OpenWorld,
            "cargo clippy --workspace --all-targets -- -D warnings",
        ),
        (OpenWorld, "cargo update -Z minimal-versions"),
        (OpenWorld, "cargo run -- report timings -Zbuild-analysis"),
        (OpenWorld, "cargo nextest run --all-features"),
        (TargetWrite, "cargo fmt --all"),
        (Read, "cargo fmt --all --check"),
        (TargetWrite, "cargo clean"),
        (TargetWrite, "cargo new demo"),
        (Read, "cargo --version"),
        (Read, "cargo metadata --no-deps --format-version 1"),
        (OpenWorld, "cargo install ripgrep"),
        (OpenWorld, "cargo publish --dry-run"),
        (Destructive, "cargo build --target-dir ../../.wicket/t"),
        (Destructive, "cargo build --target-dir=../../.wicket/t"),
        (
            Destructive,
            "cargo b --target x86_64-unknown-linux-gnu --target-dir {other}",
        ),
        (Opaque, "cargo b --targ=x"),
        (Destructive, "CARGO_TARGET_DIR=../../.wicket cargo build"),
        (Destructive, "cargo clean --target-dir ../../repo.git"),
        (
            Destructive,
            "cargo build --manifest-path {other}/Cargo.toml",
        ),
        (Destructive, "cargo fmt --manifest-path {other}/Cargo.toml"),
        (
            Destructive,
            "cargo --config 'target.x86_64-unknown-linux-gnu.runner=\"rm -rf ../../.wicket\"' run",
        ),
        (
            Destructive,
            "cargo --config build.target-dir=\\\"../../repo.git/t\\\" build",
        ),
        (Opaque, "cargo --config ./evil.toml build"),
        (Opaque, "cargo --config 'alias.b=\"run\"' b"),
        (Destructive, "cargo new ../../.wicket/x"),
        (Opaque, "cargo build --bogus"),
        (Secret, "cargo login"),
        (Destructive, "cargo -C ../../repo.git build"),
    ],
    manual:
        "cargo 1.95.0: cargo --help and each subcommand's --help (checked by a test in this file)",
};

fn find_subcommand(
    word: &str,
) -> Option<&'static (&'static str, &'static [&'static str], &'static [Opt], Does)> {
    SUBCOMMANDS
        .iter()
        .find(|(name, aliases, _, _)| *name == word || aliases.contains(&word))
}

fn cargo(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut args: &[Arg] = &run.inv.argv[1..];
    if args
        .first()
        .and_then(Arg::text)
        .is_some_and(|w| w.starts_with('+'))
    {
        args = &args[1..];
    }
    let global_grammar = Grammar {
        style: Style::CLAP,
        options: GLOBAL,
    };
    let globals = argv::parse_until(&global_grammar, args, 1, |_, _| true);
    if let Some(problem) = &globals.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence("cargo")));
        return;
    }
    let mut inner = scope.clone();
    if let Some(dir) = globals.last("C") {
        change_directory(r, &shown, dir, &mut inner);
    }
    let Some((at, sub_arg)) = globals.operands.first().cloned() else {
        if globals.has("version")
            || globals.has("list")
            || globals.has("help")
            || globals.has("explain")
        {
            r.note(Read, format!("{shown} prints information"));
        } else {
            r.note(Read, format!("{shown} prints its help"));
        }
        return;
    };
    let Some(sub) = sub_arg.text() else {
        r.note(
            Opaque,
            format!("{shown}: the subcommand is only known when it runs"),
        );
        return;
    };
    config_options(r, &shown, &globals, &inner);
    vars::program_variables(r, &inner, CARGO_VARIABLES, &shown);
    vars::program_variables(r, &inner, vars::C_BUILD_VARIABLES, &shown);
    // Operand indexes count from 1 (the word after `cargo`).
    let rest = &args[at - 1..];
    match sub {
        "help" => r.note(Read, format!("{shown} prints help")),
        "version" | "verify-project" | "read-manifest" => {
            r.note(Read, format!("{shown} prints information"))
        }
        "clippy" => subcommand(r, run, &shown, sub, CLIPPY, Does::Builds, rest, &mut inner),
        "fmt" => subcommand(r, run, &shown, sub, FMT, Does::Edits, rest, &mut inner),
        _ => {
            match find_subcommand(sub) {
                Some((name, _, options, does)) => {
                    subcommand(r, run, &shown, name, options, *does, rest, &mut inner)
                }
                None => {
                    // `cargo foo` runs `cargo-foo` from PATH, or an alias from
                    // a config file wicket cannot see.
                    r.note(
                    OpenWorld,
                    format!("{shown} runs cargo-{sub} (or an alias), a program wicket does not know"),
                );
                    protected_words(r, run.inv, &inner);
                }
            }
        }
    }
}

/// Variables cargo reads.
const CARGO_VARIABLES: &[&str] = &[
    "CARGO_TARGET_DIR",
    "CARGO_BUILD_TARGET_DIR",
    "CARGO_HOME",
    "RUSTC",
    "RUSTDOC",
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    "CARGO_BUILD_RUSTC",
    "CARGO_BUILD_RUSTC_WRAPPER",
    "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER",
    "CARGO_BUILD_RUSTDOC",
    "RUSTFLAGS",
    "RUSTDOCFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "CARGO_BUILD_RUSTFLAGS",
    "CARGO_TARGET_*",
    "CARGO_INSTALL_ROOT",
];

/// `cargo run` of one of the harness's programs built from its sources (a
/// package or binary named litany or wicket, or a manifest in a directory
/// so named, as cargo's registry keeps `litany-0.0.15`): what it built runs
/// the harness's verbs with the words after `--`, as the program by its
/// name would (`cargo run --manifest-path ~/.cargo/registry/src/…/
/// litany-0.0.15/Cargo.toml -- advance ws a2` advances another agent).
fn harness_build(r: &mut Reader, p: &Parsed, rest: &[Arg], scope: &mut Scope) {
    let named = |text: &str| -> Option<Harness> {
        let base = text
            .trim_end_matches('/')
            .rsplit('/')
            .next()
            .unwrap_or(text);
        [Harness::WicketCompile, Harness::Litany, Harness::Wicket]
            .into_iter()
            .find(|h| {
                let name = h.name();
                base == name
                    || base
                        .strip_prefix(name)
                        .and_then(|v| v.strip_prefix('-'))
                        .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()))
            })
    };
    let mut which = None;
    for key in ["package", "bin"] {
        for v in p.values(key) {
            if let Some(h) = v.text().and_then(named) {
                which = Some(h);
            }
        }
    }
    if let Some(m) = p.last("manifest-path").and_then(Arg::text) {
        let dir = m.rsplit_once('/').map_or(".", |(d, _)| d);
        which = which.or_else(|| named(dir));
    }
    let Some(which) = which else { return };
    let after: Vec<Arg> = rest
        .iter()
        .skip_while(|a| a.text() != Some("--"))
        .skip(1)
        .cloned()
        .collect();
    let mut argv = vec![Arg::literal(which.name())];
    argv.extend(after);
    let inv = Invocation::of_words(argv);
    super::legacy::harness(
        r,
        which,
        &inv,
        scope,
        Some("a build of it from its sources"),
    );
}

#[allow(clippy::too_many_arguments)]
fn subcommand(
    r: &mut Reader,
    run: &Run,
    shown: &str,
    sub: &str,
    options: &'static [Opt],
    does: Does,
    rest: &[Arg],
    scope: &mut Scope,
) {
    let grammar = Grammar {
        style: Style::CLAP,
        options,
    };
    let p = argv::parse(&grammar, &rest[1..], 1);
    if let Some(problem) = &p.problem {
        r.note(
            Opaque,
            format!("{shown}: {}", problem.sentence(&format!("cargo {sub}"))),
        );
        return;
    }
    if p.has("help") || (p.has("version") && matches!(sub, "clippy" | "fmt")) {
        r.note(Read, format!("{shown} prints its help or version"));
        return;
    }
    config_options(r, shown, &p, scope);
    let dry = p.has("dry-run");
    let manifest = p.last("manifest-path");
    if let Some(manifest) = manifest {
        r.reads(manifest, scope, shown);
    }
    // The package's directory: beside the manifest, else the cwd's package.
    let package_dir = match manifest {
        Some(m) => parent_of(m),
        None => Arg::literal("."),
    };
    // Resolving the dependencies writes the lockfile beside the manifest
    // (at the workspace's root, which is there or above it) unless
    // `--locked` or `--frozen` forbids it: verified, `cargo build
    // --manifest-path ../a2/Cargo.toml --target-dir /tmp/t` and `cargo tree
    // --offline --manifest-path …` wrote ../a2/Cargo.lock.
    let resolves = match does {
        Does::Builds | Does::Runs => true,
        Does::Reads => matches!(sub, "metadata" | "tree") && !p.has("no-deps"),
        _ => false,
    };
    if resolves && !dry && !p.has("locked") && !p.has("frozen") {
        r.change(
            &join(&package_dir, "Cargo.lock"),
            scope,
            Change::Write,
            Reach::Path,
            shown,
        );
    }
    let target_dir = p
        .last("target-dir")
        .cloned()
        .or_else(|| env_value(scope, "CARGO_TARGET_DIR"))
        .or_else(|| env_value(scope, "CARGO_BUILD_TARGET_DIR"))
        .unwrap_or_else(|| join(&package_dir, "target"));
    match does {
        Does::Builds | Does::Runs => {
            let what = if does == Does::Runs {
                "builds and runs the package (build scripts, proc macros, what it built)"
            } else {
                "builds the package, running its build scripts and proc macros"
            };
            r.note(
                OpenWorld,
                format!("{shown} {what}: code wicket cannot read"),
            );
            r.change(&target_dir, scope, Change::Write, Reach::Path, shown);
            if let Some(dir) = p.last("artifact-dir") {
                r.change(dir, scope, Change::Write, Reach::Path, shown);
            }
            if sub == "clippy" && p.has("fix") || sub == "package" {
                r.change(&package_dir, scope, Change::Write, Reach::Tree, shown);
            }
            if p.has("open") {
                r.note(OpenWorld, format!("{shown} opens a browser"));
            }
            if matches!(sub, "run" | "test" | "bench") {
                // Arguments handed to what it built.
                protected_words(r, run.inv, scope);
            }
            if sub == "run" {
                harness_build(r, &p, rest, scope);
            }
        }
        Does::Edits => {
            if p.has("check") {
                r.note(Read, format!("{shown} checks formatting"));
                return;
            }
            if sub == "fix" {
                r.note(OpenWorld, format!("{shown} builds the package to fix it"));
                r.change(&target_dir, scope, Change::Write, Reach::Path, shown);
            }
            r.change(&package_dir, scope, Change::Write, Reach::Tree, shown);
        }
        Does::Cleans => {
            if dry {
                r.note(Read, format!("{shown} only lists what it would remove"));
                return;
            }
            r.change(&target_dir, scope, Change::Delete, Reach::Tree, shown);
        }
        Does::Creates => {
            let path = p
                .operand_args()
                .into_iter()
                .next()
                .unwrap_or_else(|| Arg::literal("."));
            r.change(&path, scope, Change::Write, Reach::Path, shown);
        }
        Does::Manages | Does::Fetches | Does::Vendors => {
            r.note(OpenWorld, format!("{shown} fetches from the registry"));
            if !dry {
                let file = if does == Does::Manages {
                    "Cargo.toml"
                } else {
                    "Cargo.lock"
                };
                r.change(
                    &join(&package_dir, file),
                    scope,
                    Change::Write,
                    Reach::Path,
                    shown,
                );
                if does == Does::Vendors {
                    let dir = p
                        .operand_args()
                        .into_iter()
                        .next()
                        .unwrap_or_else(|| join(&package_dir, "vendor"));
                    r.change(&dir, scope, Change::Write, Reach::Path, shown);
                }
            }
            if let Some(path) = p.last("path") {
                r.reads(path, scope, shown);
            }
        }
        Does::Installs => {
            r.note(
                OpenWorld,
                format!("{shown} installs or removes binaries outside the root"),
            );
            if let Some(root) = p
                .last("root")
                .cloned()
                .or_else(|| env_value(scope, "CARGO_INSTALL_ROOT"))
            {
                r.change(&root, scope, Change::Write, Reach::Path, shown);
            }
            if let Some(dir) = p.last("target-dir") {
                r.change(dir, scope, Change::Write, Reach::Path, shown);
            }
            if let Some(path) = p.last("path") {
                r.reads(path, scope, shown);
                r.check_protected_operands(
                    &Invocation::of_words(vec![Arg::literal("cargo"), path.clone()]),
                    scope,
                );
            }
        }
        Does::Publishes => {
            r.note(OpenWorld, format!("{shown} talks to the registry"));
            if sub == "publish" {
                r.change(&target_dir, scope, Change::Write, Reach::Path, shown);
            }
        }
        Does::Credentials => {
            r.note(
                Effect::Secret,
                format!("{shown} stores a registry token in cargo's credentials"),
            );
        }
        Does::Reads => {
            let offline = p.has("offline") || p.has("frozen") || p.has("no-deps");
            if offline || matches!(sub, "pkgid" | "locate-project" | "report") {
                r.note(Read, format!("{shown} prints information"));
            } else {
                r.note(
                    OpenWorld,
                    format!("{shown} resolves dependencies, which may fetch the registry index"),
                );
            }
        }
    }
}

/// `cargo -C DIR`: cargo runs from DIR.
fn change_directory(r: &mut Reader, shown: &str, dir: &Arg, scope: &mut Scope) {
    match (dir.text(), &scope.cwd) {
        (Some(d), Some(cwd)) => {
            let full = wicket_guest::paths::fold(&wicket_guest::paths::absolute(
                d,
                cwd,
                &scope.home(r.ctx),
            ));
            if r.protected_entry(&full).is_some() {
                r.guard(
                    Opaque,
                    format!("{shown} works inside {full}, which is protected"),
                );
            }
            scope.cwd = Some(full);
        }
        _ => {
            r.note(
                Opaque,
                format!("{shown} changes to a directory only known when it runs"),
            );
            scope.cwd = None;
        }
    }
}

/// A variable's known value from the scope, as a word.
fn env_value(scope: &Scope, name: &str) -> Option<Arg> {
    match scope.vars.get(name) {
        Some(Some(values)) => Some(Arg {
            shown: values.join(" "),
            values: Some(values.clone()),
            glob: false,
        }),
        Some(None) => Some(Arg {
            values: None,
            glob: false,
            shown: format!("${name}"),
        }),
        None => None,
    }
}

/// The directory a path names its file in (`a/b/Cargo.toml` → `a/b`).
pub fn parent_of(path: &Arg) -> Arg {
    let parent = |v: &str| match v.trim_end_matches('/').rsplit_once('/') {
        Some(("", _)) => "/".to_owned(),
        Some((dir, _)) => dir.to_owned(),
        None => ".".to_owned(),
    };
    Arg {
        values: path
            .values
            .as_ref()
            .map(|vs| vs.iter().map(|v| parent(v)).collect()),
        glob: path.glob,
        shown: parent(&path.shown),
    }
}

/// `dir/name`.
pub fn join(dir: &Arg, name: &str) -> Arg {
    let j = |d: &str| format!("{}/{name}", d.trim_end_matches('/'));
    Arg {
        values: dir
            .values
            .as_ref()
            .map(|vs| vs.iter().map(|v| j(v)).collect()),
        glob: dir.glob,
        shown: j(&dir.shown),
    }
}

/// Every word of a command that could name a protected path, read through
/// attached values (`--x=PATH`, `-oPATH`): a program wicket cannot read may
/// write it, so the call is held.
pub fn protected_words(r: &mut Reader, inv: &Invocation, scope: &Scope) {
    let mut candidates: Vec<Arg> = Vec::new();
    for arg in inv.argv.iter().skip(1) {
        let Some(values) = &arg.values else { continue };
        for v in values {
            if let Some((_, after)) = v.split_once('=') {
                candidates.push(Arg::literal(after));
            }
            if v.starts_with('-') && !v.starts_with("--") && v.len() > 2 {
                candidates.push(Arg::literal(&v[2..]));
            }
            for part in v.split([':', ',']) {
                if part.contains('/') && part != v {
                    candidates.push(Arg::literal(part));
                }
            }
        }
    }
    let extra = Invocation {
        argv: std::iter::once(Arg::literal("_"))
            .chain(candidates)
            .collect(),
        stdin: Stdin::Inherited,
        extra_operands: false,
        stdin_text: None,
        lookup: Lookup::Shell,
        stdin_paths: None,
    };
    r.check_protected_operands(inv, scope);
    if extra.argv.len() > 1 {
        r.check_protected_operands(&extra, scope);
    }
    // The words after `--` go to the program it runs (`cargo run -- ARGS`,
    // `npm run x -- ARGS`): one chosen when the command runs may be a
    // protected path, as for a script handed it (`python3 x.py "$(…)"`).
    if let Some(at) = inv.argv.iter().position(|a| a.text() == Some("--")) {
        let mut after = inv.tail(at);
        let before: Vec<&str> = inv.argv[..=at].iter().map(|a| a.shown.as_str()).collect();
        after.argv[0] = Arg::literal(&before.join(" "));
        r.hands_chosen_words(&after, "the program it runs");
    }
    // A directory above the protected set (`../..`, the workspace): a
    // program that works on a whole tree there reaches it.
    for arg in inv.argv.iter().skip(1).chain(extra.argv.iter().skip(1)) {
        let Some(text) = arg.text() else { continue };
        let walks_up = text.split('/').any(|p| p == "..");
        if !(walks_up || text.starts_with('/')) || text.starts_with('-') {
            continue;
        }
        if let Some(crate::read::Place::Outside { path, .. }) = r.place(text, scope) {
            if let Some(entry) = r.protected_beneath(&path) {
                r.guard(
                    Opaque,
                    format!(
                        "{} passes {path}, which holds {}, to a program that may write beneath it",
                        inv.shown(),
                        crate::read::held_entry(&entry, r.ctx)
                    ),
                );
                return;
            }
        }
    }
}

/// `--config KEY=VALUE` (or a file): what the setting does.
fn config_options(r: &mut Reader, shown: &str, p: &Parsed, scope: &Scope) {
    for value in p.values("config") {
        let Some(text) = value.text() else {
            r.note(
                Opaque,
                format!("{shown}: a --config only known when it runs"),
            );
            continue;
        };
        config_setting(r, shown, text, scope);
    }
}

/// One `--config` value.
fn config_setting(r: &mut Reader, shown: &str, text: &str, scope: &Scope) {
    let Some((key, raw)) = text.split_once('=') else {
        r.reads(&Arg::literal(text), scope, shown);
        r.note(
            Opaque,
            format!("{shown} takes configuration from {text}, which wicket cannot see"),
        );
        return;
    };
    let key = key.trim().trim_matches('"');
    let raw = raw.trim();
    // A TOML string or array of strings.
    let strings: Vec<String> = toml_strings(raw);
    let single = strings.first().cloned().unwrap_or_else(|| raw.to_owned());
    let parts: Vec<&str> = key.split('.').collect();
    let program = |r: &mut Reader, words: Vec<String>| {
        let words: Vec<String> = if words.len() == 1 {
            words[0].split_whitespace().map(str::to_owned).collect()
        } else {
            words
        };
        if words.is_empty() {
            return;
        }
        r.note(
            OpenWorld,
            format!("{shown}: `{key}` names a program cargo runs"),
        );
        let inv = Invocation {
            argv: words.iter().map(|w| Arg::literal(w)).collect(),
            stdin: Stdin::Inherited,
            extra_operands: true,
            stdin_text: None,
            lookup: Lookup::Path,
            stdin_paths: None,
        };
        let mut inner = scope.clone();
        r.read_invocation(&inv, &mut inner);
    };
    match parts.as_slice() {
        ["build", "target-dir"] | ["install", "root"] => r.change(
            &Arg::literal(&single),
            scope,
            Change::Write,
            Reach::Path,
            shown,
        ),
        ["build", "rustc" | "rustc-wrapper" | "rustc-workspace-wrapper" | "rustdoc"]
        | ["target", _, "runner" | "linker"]
        | ["host", "runner" | "linker"]
        | ["doc", "browser"]
        | ["registry", "credential-provider"]
        | ["registries", _, "credential-provider"]
        | ["credential-alias", _] => program(r, strings),
        ["build" | "host", "rustflags" | "rustdocflags"] | ["target", _, "rustflags"] => {
            let words: Vec<String> = if strings.len() == 1 {
                strings[0].split_whitespace().map(str::to_owned).collect()
            } else {
                strings
            };
            rust_flags(r, shown, &words, scope);
        }
        ["env", name, ..] => {
            if super::code::is_harness_variable(name) {
                r.guard(
                    Destructive,
                    format!(
                        "{shown} sets {name} for what cargo runs, which only the harness may set"
                    ),
                );
            } else {
                vars::assignment(r, name, &Arg::literal(&single), scope);
            }
        }
        ["profile", ..]
        | ["net", ..]
        | ["http", ..]
        | ["term", ..]
        | ["future-incompat-report", ..]
        | ["cargo-new", ..]
        | ["unstable", ..]
        | ["resolver", ..]
        | ["gc", ..]
        | ["registries", _, "index" | "protocol"]
        | ["registry", "default" | "index"]
        | ["source", ..]
        | ["patch", ..]
        | ["build", "jobs" | "incremental" | "target" | "pipelining" | "dep-info-basedir" | "warnings"] =>
            {}
        _ => r.note(
            Opaque,
            format!("{shown}: the setting `{key}` is not one wicket reads"),
        ),
    }
}

/// The strings of a TOML value: `"a"`, `'a'`, `["a", "b"]`; bare text as is.
fn toml_strings(raw: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = raw.chars().peekable();
    let mut any_quote = false;
    while let Some(c) = chars.next() {
        if c == '"' || c == '\'' {
            any_quote = true;
            let mut s = String::new();
            while let Some(d) = chars.next() {
                if d == '\\' && c == '"' {
                    if let Some(e) = chars.next() {
                        s.push(e);
                    }
                    continue;
                }
                if d == c {
                    break;
                }
                s.push(d);
            }
            out.push(s);
        }
    }
    if !any_quote {
        out.push(raw.to_owned());
    }
    out
}

/// rustc's flags, wherever they come from (`RUSTFLAGS`, `build.rustflags`,
/// the command line): the ones that write files or run programs.
pub fn rust_flags(r: &mut Reader, shown: &str, words: &[String], scope: &Scope) {
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let next = words.get(i + 1).map(String::as_str);
        let (flag, value, used_next) = split_flag(
            w,
            next,
            &[
                "-C",
                "--codegen",
                "-o",
                "--out-dir",
                "--emit",
                "--print",
                "-Z",
                "-L",
                "-l",
                "--cfg",
                "--check-cfg",
                "--cap-lints",
                "--crate-type",
                "--crate-name",
                "--edition",
                "--target",
                "-A",
                "-W",
                "-D",
                "-F",
                "--allow",
                "--warn",
                "--deny",
                "--forbid",
                "--force-warn",
                "--extern",
                "--sysroot",
                "--error-format",
                "--json",
                "--color",
                "--diagnostic-width",
                "--remap-path-prefix",
                "--remap-path-scope",
                "--explain",
            ],
        );
        i += 1 + usize::from(used_next);
        if let Some(file) = w.strip_prefix('@') {
            r.note(
                Opaque,
                format!("{shown} reads rustc's options from {file}, which wicket cannot see"),
            );
            continue;
        }
        let Some(value) = value else {
            if !matches!(flag, "-g" | "-O" | "--test" | "-v" | "--verbose") && flag.starts_with('-')
            {
                r.note(
                    Opaque,
                    format!("{shown}: rustc's option `{flag}` is not one wicket reads"),
                );
            } else if !flag.starts_with('-') {
                r.note(Opaque, format!("{shown}: `{flag}` among rustc's flags"));
            }
            continue;
        };
        match flag {
            "-C" | "--codegen" => codegen(r, shown, &value, scope),
            "-o" => r.change(
                &Arg::literal(&value),
                scope,
                Change::Overwrite,
                Reach::Path,
                shown,
            ),
            "--out-dir" => r.change(
                &Arg::literal(&value),
                scope,
                Change::Write,
                Reach::Path,
                shown,
            ),
            "--emit" | "--print" => {
                for item in value.split(',') {
                    if let Some((_, path)) = item.split_once('=') {
                        if path != "-" {
                            r.change(
                                &Arg::literal(path),
                                scope,
                                Change::Overwrite,
                                Reach::Path,
                                shown,
                            );
                        }
                    }
                }
            }
            "-Z" => {
                if let Some((_, v)) = value.split_once('=') {
                    if v.contains('/') {
                        r.change(&Arg::literal(v), scope, Change::Write, Reach::Path, shown);
                    }
                }
            }
            "-L" | "--sysroot" | "--extern" => {
                let path = value.rsplit_once('=').map_or(value.as_str(), |(_, p)| p);
                r.reads(&Arg::literal(path), scope, shown);
            }
            _ => {}
        }
    }
}

/// `-C key=value`.
fn codegen(r: &mut Reader, shown: &str, setting: &str, scope: &Scope) {
    let (key, value) = setting.split_once('=').unwrap_or((setting, ""));
    match key {
        "linker" | "dlltool" | "ar" => {
            r.note(OpenWorld, format!("{shown}: rustc runs {value} to link"));
            let inv = Invocation {
                argv: vec![Arg::literal(value)],
                stdin: Stdin::Inherited,
                extra_operands: true,
                stdin_text: None,
                lookup: Lookup::Path,
                stdin_paths: None,
            };
            r.read_invocation(&inv, &mut scope.clone());
        }
        "link-arg" | "link-args" => {
            let words: Vec<String> = value.split_whitespace().map(str::to_owned).collect();
            c_flags(r, shown, &words, scope);
        }
        "incremental" | "profile-generate" => r.change(
            &Arg::literal(value),
            scope,
            Change::Write,
            Reach::Path,
            shown,
        ),
        "profile-use" => r.reads(&Arg::literal(value), scope, shown),
        "code-model"
        | "codegen-units"
        | "collapse-macro-debuginfo"
        | "control-flow-guard"
        | "debug-assertions"
        | "debuginfo"
        | "default-linker-libraries"
        | "dwarf-version"
        | "embed-bitcode"
        | "extra-filename"
        | "force-frame-pointers"
        | "force-unwind-tables"
        | "inline-threshold"
        | "instrument-coverage"
        | "jump-tables"
        | "link-dead-code"
        | "link-self-contained"
        | "linker-features"
        | "linker-flavor"
        | "linker-plugin-lto"
        | "llvm-args"
        | "lto"
        | "metadata"
        | "no-prepopulate-passes"
        | "no-redzone"
        | "no-stack-check"
        | "no-vectorize-loops"
        | "no-vectorize-slp"
        | "opt-level"
        | "overflow-checks"
        | "panic"
        | "passes"
        | "prefer-dynamic"
        | "relocation-model"
        | "relro-level"
        | "remark"
        | "rpath"
        | "save-temps"
        | "soft-float"
        | "split-debuginfo"
        | "strip"
        | "symbol-mangling-version"
        | "target-cpu"
        | "target-feature"
        | "unsafe-allow-abi-mismatch" => {}
        _ => r.note(
            Opaque,
            format!("{shown}: rustc's codegen option `{key}` is not one wicket reads"),
        ),
    }
}

/// An option word and its value: attached (`-Cx`, `--out-dir=x`) or the
/// next word for options in `takes`; whether the next word was used.
fn split_flag<'a>(
    word: &'a str,
    next: Option<&'a str>,
    takes: &[&str],
) -> (&'a str, Option<String>, bool) {
    if let Some((flag, value)) = word.split_once('=') {
        if word.starts_with("--") && takes.contains(&flag) {
            return (flag, Some(value.to_owned()), false);
        }
    }
    if takes.contains(&word) {
        return (word, next.map(str::to_owned), next.is_some());
    }
    if !word.starts_with("--") && word.len() > 2 {
        let (flag, rest) = word.split_at(2);
        if takes.contains(&flag) {
            return (flag, Some(rest.to_owned()), false);
        }
    }
    (word, None, false)
}

/// C compiler and linker flags (`CFLAGS`, `LDFLAGS`, `-C link-arg`): the
/// ones that name an output, run a program or read options from a file.
pub fn c_flags(r: &mut Reader, shown: &str, words: &[String], scope: &Scope) {
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        i += 1;
        let linker: Vec<&str> = w
            .strip_prefix("-Wl,")
            .map(|rest| rest.split(',').collect())
            .unwrap_or_default();
        if w.starts_with('@') || linker.iter().any(|l| l.starts_with('@')) {
            r.note(
                Opaque,
                format!("{shown} reads more flags from a file wicket cannot see"),
            );
            continue;
        }
        let path_after = |flag: &str| -> Option<String> {
            if w == flag {
                words.get(i).cloned()
            } else {
                w.strip_prefix(flag)
                    .map(|v| v.trim_start_matches('=').to_owned())
            }
        };
        // gcc takes -MF's file attached too (`-MF../x.d`, verified with
        // gcc 12).
        if let Some(path) = w.strip_prefix("-MF").filter(|p| !p.is_empty()) {
            r.change(
                &Arg::literal(path),
                scope,
                Change::Overwrite,
                Reach::Path,
                shown,
            );
            continue;
        }
        if w == "-o" || w == "-MF" || w == "-aux-info" {
            if let Some(path) = words.get(i) {
                r.change(
                    &Arg::literal(path),
                    scope,
                    Change::Overwrite,
                    Reach::Path,
                    shown,
                );
            }
            i += 1;
            continue;
        }
        if w.starts_with("-fplugin")
            || w.starts_with("-wrapper")
            || w.starts_with("-B")
            || w.starts_with("-specs")
            || w == "-fuse-ld"
            || w.starts_with("--ld-path")
        {
            let what = path_after(if w.starts_with("-B") {
                "-B"
            } else {
                w.split('=').next().unwrap_or(w)
            });
            r.note(
                OpenWorld,
                format!(
                    "{shown}: `{w}` makes the compiler run or load code from {}",
                    what.clone().unwrap_or_default()
                ),
            );
            // A specs file, plugin, linker or program directory this
            // command wrote runs what it spelled (a specs file names the
            // programs gcc runs).
            if let Some(path) = what.filter(|p| !p.is_empty() && !w.starts_with("-fuse-ld")) {
                let arg = Arg::literal(&path);
                let wrote = if w.starts_with("-B") {
                    r.written_beneath(&arg, scope)
                        .unwrap_or_else(|| Some(format!("perhaps, beneath {path}")))
                } else {
                    r.written_earlier(&arg, scope)
                };
                if let Some(wrote) = wrote {
                    r.runs_what_it_wrote(&path, &wrote);
                }
            }
            if w == "-wrapper" || w == "-B" {
                i += 1;
            }
            continue;
        }
        for (k, l) in linker.iter().enumerate() {
            let path = if *l == "-o" || *l == "--output" || *l == "-Map" {
                linker.get(k + 1).map(|s| s.to_string())
            } else {
                l.strip_prefix("--output=")
                    .or_else(|| l.strip_prefix("-Map="))
                    .or_else(|| l.strip_prefix("--Map="))
                    .or_else(|| l.strip_prefix("--out-implib="))
                    .or_else(|| l.strip_prefix("--dependency-file="))
                    .or_else(|| l.strip_prefix("-o").filter(|p| !p.is_empty()))
                    .map(str::to_owned)
            };
            if let Some(path) = path {
                r.change(
                    &Arg::literal(&path),
                    scope,
                    Change::Overwrite,
                    Reach::Path,
                    shown,
                );
            }
        }
        for flag in [
            "-fprofile-generate=",
            "-fprofile-dir=",
            // `--coverage -fprofile-note=PATH` writes the .gcno there.
            "-fprofile-note=",
            "-save-temps=",
            "-fopt-info",
            "-fdump-",
            "-fcallgraph-info=",
            "-fstack-usage=",
        ] {
            if let Some(rest) = w.strip_prefix(flag) {
                let path = rest.rsplit_once('=').map_or(rest, |(_, p)| p);
                if path.contains('/') {
                    r.change(
                        &Arg::literal(path),
                        scope,
                        Change::Write,
                        Reach::Tree,
                        shown,
                    );
                }
            }
        }
    }
}

pub const RUSTC_PROGRAM: Program = Program {
    names: &["rustc"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: rustc,
    examples: examples![
        (TargetWrite, "rustc -O -o app src/main.rs"),
        (TargetWrite, "rustc src/main.rs"),
        (Read, "rustc --version"),
        (Read, "rustc -vV"),
        (Read, "rustc --print cfg"),
        (Destructive, "rustc -o ../../repo.git/hooks/pre-commit x.rs"),
        (Destructive, "rustc -o../../repo.git/hooks/pre-commit x.rs"),
        (Destructive, "rustc --out-dir ../../.wicket x.rs"),
        (Destructive, "rustc --emit=link=../../repo.git/x x.rs"),
        (Opaque, "rustc @args.txt"),
        (OpenWorld, "rustc -C linker=./my-linker x.rs"),
        (Opaque, "rustc -C linker=rm x.rs"),
    ],
    manual: "rustc 1.95: rustc --help -v, rustc -C help",
};

fn rustc(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let words: Vec<String> = match run.inv.argv[1..]
        .iter()
        .map(|a| a.text().map(str::to_owned))
        .collect::<Option<Vec<String>>>()
    {
        Some(w) => w,
        None => {
            r.note(Opaque, format!("{shown}: a word only known when it runs"));
            return;
        }
    };
    if words.iter().any(|w| {
        matches!(
            w.as_str(),
            "--version" | "-V" | "-vV" | "-Vv" | "--help" | "-h" | "--explain"
        )
    }) || words.iter().any(|w| w == "-C" || w == "-W") && words.iter().any(|w| w == "help")
    {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    let printing = words
        .iter()
        .any(|w| w == "--print" || w.starts_with("--print="));
    let inputs: Vec<&String> = input_files(&words);
    if printing && inputs.is_empty() {
        rust_flags(r, &shown, &words, scope);
        r.note(Read, format!("{shown} prints compiler information"));
        return;
    }
    // The inputs are read; the flags decide the outputs.
    for input in &inputs {
        r.reads(&Arg::literal(input), scope, &shown);
    }
    let before = r.notes.len();
    let flags: Vec<String> = {
        let inputs: Vec<*const String> = inputs.iter().map(|w| *w as *const String).collect();
        words
            .iter()
            .filter(|w| !inputs.contains(&(*w as *const String)))
            .cloned()
            .collect()
    };
    rust_flags(r, &shown, &flags, scope);
    let named_output = words
        .iter()
        .any(|w| w == "-o" || w.starts_with("-o") || w.starts_with("--out-dir"));
    if !named_output {
        // The output lands in the current directory, named after the crate.
        r.change(
            &Arg::literal("."),
            scope,
            Change::Write,
            Reach::Path,
            &shown,
        );
    }
    if r.notes.len() == before && named_output {
        r.note(TargetWrite, format!("{shown} compiles"));
    }
    if words.iter().any(|w| w == "--crate-type=proc-macro") {
        r.note(OpenWorld, format!("{shown} builds a proc macro"));
    }
}

/// rustc's input files: words that are not options or their values.
fn input_files(words: &[String]) -> Vec<&String> {
    let takes = [
        "-C",
        "--codegen",
        "-o",
        "--out-dir",
        "--emit",
        "--print",
        "-Z",
        "-L",
        "-l",
        "--cfg",
        "--check-cfg",
        "--cap-lints",
        "--crate-type",
        "--crate-name",
        "--edition",
        "--target",
        "-A",
        "-W",
        "-D",
        "-F",
        "--allow",
        "--warn",
        "--deny",
        "--forbid",
        "--force-warn",
        "--extern",
        "--sysroot",
        "--error-format",
        "--json",
        "--color",
        "--diagnostic-width",
        "--remap-path-prefix",
        "--remap-path-scope",
        "--explain",
    ];
    let mut out = Vec::new();
    let mut skip = false;
    for w in words {
        if skip {
            skip = false;
            continue;
        }
        if takes.contains(&w.as_str()) {
            skip = true;
            continue;
        }
        if !w.starts_with('-') && !w.starts_with('@') {
            out.push(w);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The long options `cargo SUB --help` lists on this machine.
    fn listed(sub: &str) -> Option<Vec<String>> {
        let out = std::process::Command::new("cargo")
            .args([sub, "--help"])
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let mut found = Vec::new();
        for line in text.lines() {
            let t = line.trim_start();
            let t = t.strip_prefix(|c: char| c == '-').map_or(t, |_| t);
            for word in t.split([' ', ',']) {
                if let Some(name) = word.strip_prefix("--") {
                    let name: String = name
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                        .collect();
                    if name.len() > 1 && !found.contains(&name) {
                        found.push(name);
                    }
                    break;
                }
                if !word.starts_with('-') {
                    break;
                }
            }
        }
        Some(found)
    }

    #[test]
    fn every_cargo_subcommand_grammar_knows_its_help_page() {
        let mut missing = Vec::new();
        for (name, _, options, _) in SUBCOMMANDS {
            let Some(longs) = listed(name) else {
                println!("cargo is not installed here; its grammars were not checked");
                return;
            };
            for long in longs {
                if !options.iter().any(|o| o.long.contains(&long.as_str())) {
                    missing.push(format!("cargo {name} --{long}"));
                }
            }
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }

    #[test]
    fn every_spelling_of_every_cargo_option_reads_as_that_option() {
        for (name, _, options, _) in SUBCOMMANDS {
            let grammar = Grammar {
                style: Style::CLAP,
                options,
            };
            crate::programs::interp::check_spellings(name, &grammar);
        }
        for (name, options) in [("clippy", CLIPPY), ("fmt", FMT), ("cargo", GLOBAL)] {
            let grammar = Grammar {
                style: Style::CLAP,
                options,
            };
            crate::programs::interp::check_spellings(name, &grammar);
        }
    }

    #[test]
    fn toml_values_are_read_as_strings() {
        assert_eq!(toml_strings("\"rm -rf x\""), ["rm -rf x"]);
        assert_eq!(toml_strings("['a', \"b\"]"), ["a", "b"]);
        assert_eq!(toml_strings("true"), ["true"]);
    }
}
