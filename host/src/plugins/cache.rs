//! The compile cache: plugins compiled to native code, kept under
//! `$XDG_CACHE_HOME/wicket` (else `~/.cache/wicket`), keyed by the plugin's
//! sha256 and the engine's configuration, written atomically.
//!
//! Loading a cached artifact runs native code, so the cache is trusted only
//! when this user owns it and nobody else can write it, and only artifacts
//! this host wrote are ever loaded. When it cannot be trusted or written, a
//! consult compiles in memory instead; it never fails because of the cache.

use std::hash::{Hash, Hasher};
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use wasmtime::component::Component;
use wasmtime::Engine;

/// How a consult had a plugin's compiled code.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "cache", content = "detail", rename_all = "kebab-case")]
pub enum CacheUse {
    /// Loaded from the cache: no compiling.
    Hit,
    /// Compiled now, and written to the cache.
    Stored,
    /// Compiled now; the cache could not take it (why).
    Unavailable(String),
}

/// The cache directory for this engine configuration.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// The cache root this environment names (`$XDG_CACHE_HOME/wicket`, else
    /// `$HOME/.cache/wicket`), if either is set.
    pub fn root_from_env() -> Option<PathBuf> {
        let xdg = std::env::var_os("XDG_CACHE_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from);
        let base = xdg.filter(|p| p.is_absolute()).or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".cache"))
        })?;
        Some(base.join("wicket"))
    }

    /// The cache under `root` for `engine`'s configuration.
    pub fn new(root: &Path, engine: &Engine) -> Cache {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        engine.precompile_compatibility_hash().hash(&mut hasher);
        env!("CARGO_PKG_VERSION").hash(&mut hasher);
        Cache {
            dir: root.join(format!("engine-{:016x}", hasher.finish())),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn artifact(&self, sha256: &str) -> PathBuf {
        self.dir.join(format!("{sha256}.cwasm"))
    }

    /// The compiled component for `sha256`, if the cache holds a trusted one.
    pub fn load(&self, engine: &Engine, sha256: &str) -> Option<Component> {
        let path = self.artifact(sha256);
        let meta = std::fs::symlink_metadata(&path).ok()?;
        if !trusted(&meta, false) || !self.trusted_dirs() {
            return None;
        }
        // SAFETY: the file is a regular file in a directory only this user can
        // write, under a name only this host's `store` writes, so its bytes are
        // wasmtime output for this engine configuration; wasmtime itself checks
        // the header and configuration before use and rejects anything else.
        unsafe { Component::deserialize_file(engine, &path) }.ok()
    }

    /// Write a compiled component; never fails the consult.
    pub fn store(&self, sha256: &str, component: &Component) -> CacheUse {
        match self.try_store(sha256, component) {
            Ok(()) => CacheUse::Stored,
            Err(why) => CacheUse::Unavailable(why),
        }
    }

    fn try_store(&self, sha256: &str, component: &Component) -> Result<(), String> {
        let bytes = component
            .serialize()
            .map_err(|e| format!("could not serialize: {e}"))?;
        create_private_dir(&self.dir)?;
        if !self.trusted_dirs() {
            return Err(format!(
                "{} is writable by others or not this user's",
                self.dir.display()
            ));
        }
        let tmp = self
            .dir
            .join(format!(".{sha256}.{}.tmp", std::process::id()));
        let result = (|| {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&tmp)
                .map_err(|e| format!("could not write {}: {e}", tmp.display()))?;
            file.write_all(&bytes)
                .map_err(|e| format!("could not write {}: {e}", tmp.display()))?;
            file.sync_all()
                .map_err(|e| format!("could not write {}: {e}", tmp.display()))?;
            std::fs::rename(&tmp, self.artifact(sha256))
                .map_err(|e| format!("could not write the cache: {e}"))
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }

    /// The cache directory and its parent are this user's alone.
    fn trusted_dirs(&self) -> bool {
        [Some(self.dir.as_path()), self.dir.parent()]
            .into_iter()
            .flatten()
            .all(|dir| std::fs::symlink_metadata(dir).is_ok_and(|m| trusted(&m, true)))
    }
}

/// Owned by this user, not a symlink, and writable by nobody else.
fn trusted(meta: &std::fs::Metadata, dir: bool) -> bool {
    let kind_ok = if dir { meta.is_dir() } else { meta.is_file() };
    kind_ok
        && meta.uid() == rustix::process::geteuid().as_raw()
        && meta.permissions().mode() & 0o022 == 0
}

fn create_private_dir(dir: &Path) -> Result<(), String> {
    use std::os::unix::fs::DirBuilderExt;
    if let Some(parent) = dir.parent() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(parent)
            .map_err(|e| format!("could not create {}: {e}", parent.display()))?;
    }
    match std::fs::DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(format!("could not create {}: {e}", dir.display())),
    }
}
