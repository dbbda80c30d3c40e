//! `wicket-compile`: compile classifier plugins to native code into wicket's
//! compile cache, for the engine `wicket` runs. `wicket init` and `wicket
//! run` call it before anything runs; a consult that finds a plugin
//! uncompiled starts it in the background.
//!
//! ```text
//! wicket-compile [--cache DIR] [--default] [PLUGIN.wasm …]
//! ```
//! `--cache` is the cache root (default `$XDG_CACHE_HOME/wicket`); `--default`
//! compiles the built-in default classifier (for a CPU that cannot load the
//! copy compiled into `wicket`). One line per plugin; exit 1 if any failed.

use std::path::PathBuf;
use std::time::Instant;

use wicket::plugins::{self, engine, Cache, Plugin, Runtime, Source};

fn main() {
    let mut args = std::env::args_os().skip(1);
    let mut root: Option<PathBuf> = None;
    let mut targets: Vec<Source> = Vec::new();
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("--cache") => root = args.next().map(PathBuf::from),
            Some("--default") => targets.push(Source::Embedded),
            Some("--help" | "-h") => {
                println!("usage: wicket-compile [--cache DIR] [--default] [PLUGIN.wasm …]");
                return;
            }
            _ => targets.push(Source::File {
                path: PathBuf::from(arg),
                pinned: None,
            }),
        }
    }
    let Some(root) = root.or_else(Cache::root_from_env) else {
        eprintln!(
            "wicket-compile: no cache directory: set XDG_CACHE_HOME or HOME, or pass --cache DIR"
        );
        std::process::exit(1);
    };
    let cache = Cache::new(&root);
    let mut failed = false;
    let mut read = Vec::new();
    for source in targets {
        let plugin = Plugin {
            name: match &source {
                Source::Embedded => plugins::DEFAULT_NAME.to_owned(),
                Source::File { path, .. } => path.display().to_string(),
            },
            source,
            config: "null".into(),
        };
        match compile(&cache, &plugin) {
            Ok(line) => println!("{line}"),
            Err(why) => {
                failed = true;
                eprintln!("wicket-compile: {}: {why}", plugin.name);
            }
        }
        read.push(plugin);
    }
    // Files written just before this ran are recorded once they settle
    // (after the compiled code is already there for consults to use).
    if let Ok(runtime) = Runtime::new(None) {
        plugins::remember_when_settled(&runtime, &cache, &read);
    }
    std::process::exit(i32::from(failed));
}

fn compile(cache: &Cache, plugin: &Plugin) -> Result<String, String> {
    let runtime = Runtime::new(None).map_err(|e| format!("{e:#}"))?;
    // Read as a consult would, recording what the file hashed to.
    let (bytes, sha256) = plugins::read_recording(&runtime, cache, plugin)
        .map_err(|(_, fault)| fault.detail(&plugin.name))?;
    // A contract version no binding serves would never load: say so now.
    plugins::contract::of_component(&bytes)
        .map_err(|problem| plugins::Fault::Contract(problem).detail(&plugin.name))?;
    // One compilation per plugin at a time: a second waits, then finds the
    // artifact the first wrote.
    let _lock = cache.lock(&sha256)?;
    let engine = wasmtime::Engine::new(&engine::config()).map_err(|e| format!("{e:#}"))?;
    if cache.load(&engine, &sha256).is_ok() {
        return Ok(format!("{} {sha256} already compiled", plugin.name));
    }
    let started = Instant::now();
    let compiled = engine
        .precompile_component(&bytes)
        .map_err(|e| format!("does not compile as a component ({e:#})"))?;
    let path = cache.store(&sha256, &compiled)?;
    Ok(format!(
        "{} {sha256} compiled in {} ms into {}",
        plugin.name,
        started.elapsed().as_millis(),
        path.display()
    ))
}
