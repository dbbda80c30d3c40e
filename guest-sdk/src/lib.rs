//! Write a [wicket] classifier plugin: implement [`Classifier`] for a type and
//! name it in [`export_classifier!`]. The crate builds into a WebAssembly
//! component that wicket loads, sandboxed, and asks about every tool call an
//! agent makes.
//!
//! A plugin sees the call ([`Call`]) and the facts the host derived
//! ([`Context`]: the writable root, the cwd, home, the protected set, secret
//! fragments, its own configuration) and answers [`Outcome::Abstain`] or a list
//! of [`Finding`]s — an [`Effect`], one clause saying why, and optionally an
//! explicit [`Ruling`]. The host rules each finding (its explicit ruling, else
//! the workspace's table for its effect) and the strictest ruling of every
//! plugin decides. A plugin can make a call stricter; it cannot make another
//! plugin's refusal softer.
//!
//! # A complete plugin
//!
//! ```
//! use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome};
//!
//! /// Holds every `fetch` of a host the workspace did not list.
//! struct Fetches;
//!
//! impl Classifier for Fetches {
//!     fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String> {
//!         if call.tool != "fetch" {
//!             return Ok(Outcome::Abstain);
//!         }
//!         let Some(url) = call.input_str("url") else {
//!             return Ok(Outcome::one(Effect::Opaque, "fetch without a url"));
//!         };
//!         // This plugin's `config:` in capability.yaml: { allow: [hosts…] }.
//!         let allowed = ctx.config()["allow"].as_array().cloned().unwrap_or_default();
//!         let host = url.split("://").nth(1).unwrap_or(url).split('/').next().unwrap_or("");
//!         if allowed.iter().any(|h| h.as_str() == Some(host)) {
//!             Ok(Outcome::one(Effect::Read, format!("fetch of {host}, which the workspace allows")))
//!         } else {
//!             Ok(Outcome::Findings(vec![Finding::new(
//!                 Effect::OpenWorld,
//!                 format!("fetch of {host}, not in the allow list"),
//!             )
//!             .hold()]))
//!         }
//!     }
//! }
//!
//! wicket_guest::export_classifier!(Fetches);
//! # fn main() {}
//! ```
//!
//! Build it for `wasm32-wasip2` (`cargo build --release --target
//! wasm32-wasip2`; the `.wasm` is already a component) or, for a plugin that
//! imports nothing at all, for `wasm32-unknown-unknown` and then wrap the
//! module with `wasm-tools component new`. Name the file under `classifiers:`
//! in the workspace's `capability.yaml`.
//!
//! On a native target the same code compiles and runs, which is how a plugin
//! is unit-tested: [`Context::resolve`] then asks the local filesystem.
//!
//! litany's tool names and the input fields each takes are in [`litany`].
//! To read a `bash` command the way wicket's default classifier reads it —
//! each simple command's argv after quote removal, through launchers, `sh
//! -c` and `eval`, words only known at run time marked, writes placed —
//! depend on `wicket-shell` beside this crate, without its default features
//! (`wicket-shell = { git = "https://github.com/wicket-project/wicket", default-features = false }`) and use
//! `wicket_shell::reading`. It is a crate of its own because it is built on
//! this one's `Context` and `Effect`: this crate cannot depend on it back.
//!
//! [wicket]: https://github.com/wicket-project/wicket

#![deny(missing_docs)]

// The generated bindings name this crate by its path, from inside and out.
extern crate self as wicket_guest;

use serde_json::Value;

pub mod fragments;
pub mod litany;
pub mod paths;
pub mod startup;

pub use paths::Harness;

/// The version of the `wicket:classifier` contract this SDK builds plugins
/// against (the WIT it binds ships in the crate, under `wit/v<version>/`). A
/// wicket loads a plugin only if it supports the plugin's version, and says
/// which versions it supports when it does not (`wicket plugin inspect`).
pub const CONTRACT_VERSION: &str = "0.2.0";

#[doc(hidden)]
pub mod __private {
    pub use wit_bindgen;

    wit_bindgen::generate!({
        // The contract this SDK binds: `CONTRACT_VERSION`'s directory of
        // the workspace's `wit/` (packaged with the crate).
        path: "wit/v0.2.0",
        world: "classifier",
        pub_export_macro: true,
        export_macro_name: "__export_world",
        default_bindings_module: "::wicket_guest::__private",
        runtime_path: "::wicket_guest::__private::wit_bindgen::rt",
    });

    pub use self::wicket::classifier::types as wit;
}

/// The path fragments that mark credentials as wicket ships them; a
/// workspace may add more (never remove any). The syntax — whole components,
/// shell patterns per component, public halves — is in [`fragments`].
pub const SHIPPED_SECRET_FRAGMENTS: &[&str] = &[
    // Key material and the stores that hold it.
    ".ssh",
    ".gnupg",
    "id_rsa",
    "id_dsa",
    "id_ecdsa",
    "id_ed25519",
    "id_ecdsa_sk",
    "id_ed25519_sk",
    "*.pem",
    "*.key",
    "*.p12",
    "*.pfx",
    ".password-store",
    ".local/share/keyrings",
    // Cloud, registry and forge credentials.
    ".aws",
    ".azure",
    ".config/gcloud",
    ".kube/config",
    ".docker/config.json",
    "gh/hosts.yml",
    ".netrc",
    "_netrc",
    ".git-credentials",
    ".npmrc",
    ".pypirc",
    ".cargo/credentials.toml",
    ".terraform.d/credentials.tfrc.json",
    ".vault-token",
    ".boto",
    ".s3cfg",
    ".pgpass",
    // Coding agents' and forge tools' sign-ins, other tools' stores.
    ".claude/.credentials.json",
    ".codex/auth.json",
    ".config/hub",
    "composer/auth.json",
    ".composer/auth.json",
    "rclone/rclone.conf",
    ".m2/settings.xml",
    ".m2/settings-security.xml",
    // Database clients' passwords, more cloud, hosting and forge CLIs'
    // tokens, editors' and coding agents' sign-ins, age keys and the
    // browsers' saved logins (each at its documented place).
    ".my.cnf",
    ".mylogin.cnf",
    ".snowsql/config",
    ".dbt/profiles.yml",
    ".databrickscfg",
    "glab-cli/config.yml",
    "huggingface/token",
    ".huggingface/token",
    "doctl/config.yaml",
    "hcloud/cli.toml",
    ".oci",
    ".fly/config.yml",
    "configstore/firebase-tools.json",
    ".ngrok2",
    "ngrok/ngrok.yml",
    ".wrangler/config",
    ".supabase/access-token",
    ".railway/config.json",
    "com.vercel.cli/auth.json",
    ".netlify/config.json",
    "netlify/config.json",
    ".pulumi/credentials.json",
    "containers/auth.json",
    "github-copilot/hosts.json",
    "github-copilot/apps.json",
    ".gemini/oauth_creds.json",
    "sops/age/keys.txt",
    ".mozilla/firefox",
    ".config/google-chrome",
    ".config/chromium",
    // Build tools' repository passwords, more CLIs' tokens (payments,
    // error tracking, CI, messaging, app builds, secret managers, forges),
    // python's plaintext keyring and package indexes, a CI
    // runner's tokens, and a machine's own private keys (an SSH server's,
    // Tailscale's, Teleport's).
    ".gradle/gradle.properties",
    ".ivy2/.credentials",
    ".sbt/.credentials",
    "NuGet/NuGet.Config",
    ".rclone.conf",
    "stripe/config.toml",
    ".sentryclirc",
    ".circleci/cli.yml",
    ".travis/config.yml",
    "twilio-cli/config.json",
    ".expo/state.json",
    "pypoetry/auth.toml",
    "python_keyring",
    "pip/pip.conf",
    ".pip/pip.conf",
    ".doppler.yaml",
    "tea/config.yml",
    "gitlab-runner/config.toml",
    ".tsh",
    "tailscaled.state",
    "ssh_host_*_key",
    // Helm's registry logins and repository passwords, Kaggle's API key,
    // Snowflake's connections, JFrog's CLI servers and Terraform's CLI
    // configuration (its `credentials` blocks).
    "helm/registry/config.json",
    "helm/repositories.yaml",
    ".kaggle/kaggle.json",
    "kaggle/kaggle.json",
    ".snowflake/connections.toml",
    ".snowflake/config.toml",
    "snowflake/connections.toml",
    ".jfrog",
    ".terraformrc",
    // Bundler's gem-server logins (`bundle config set gems.example.com
    // user:pass`) and CPAN's configuration (its proxy and PAUSE passwords).
    // Not yarn 2+'s `.yarnrc.yml`: projects commit theirs.
    ".bundle/config",
    ".cpan/CPAN/MyConfig.pm",
    // Password managers' local stores: Bitwarden's CLI and desktop vault
    // data (`~/.config/Bitwarden CLI/data.json`: a text is cut into paths
    // at blanks, so the component before the blank is what bites),
    // gopass's stores, KeePass databases, KWallet's wallets.
    "Bitwarden",
    "gopass/stores",
    "*.kdbx",
    "kwalletd",
    // Shells', database clients' and REPLs' histories: the operator's typed
    // `export TOKEN=…`, `ALTER USER … PASSWORD` and `AUTH …`
    // (`.bash_history`, `.zsh_history`, `.sh_history`, fish's
    // `fish_history`, `.psql_history`, `.mysql_history`, python's, node's,
    // irb's, sqlite's, redis-cli's, mongosh's; a pattern, so no store to
    // look for under home), and fish's universal variables (`set -Ux
    // GITHUB_TOKEN …` is stored there, in clear).
    "*_history",
    "fish/fish_variables",
    // Secrets a container runtime or Kubernetes mounts (`/run/secrets/x`,
    // `/var/run/secrets/kubernetes.io/serviceaccount/token`).
    "run/secrets",
    // The system's own (readable by root, which an agent may be).
    "etc/shadow",
    "etc/gshadow",
    "ssl/private",
    // Any credential store by its name (`~/.aws/credentials`, brazen's
    // `$XDG_DATA_HOME/brazen/credentials/`, `~/.cargo/credentials`).
    "credentials",
    // The model provider's configuration and keys.
    ".config/brazen",
    // A project's environment files (not `.env.example` and its kin: see
    // [`fragments::PUBLIC_NAMES`]).
    ".env",
    ".env.*",
];

/// What a tool call reaches, from least to most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Effect {
    /// Observes only.
    Read,
    /// Mutates inside the writable root, or litany's own substrates through
    /// their gated verbs.
    TargetWrite,
    /// Mints agents or processes beyond the invocation.
    Process,
    /// Reaches past the root: network egress, host writes, a `cd` out.
    OpenWorld,
    /// Irreversible loss, and any write to the protected set.
    Destructive,
    /// Credentials, key material, the environment.
    Secret,
    /// What would run could not be read.
    Opaque,
}

impl Effect {
    /// The word the policy and the reasons use (`open-world`, …).
    pub fn word(self) -> &'static str {
        match self {
            Effect::Read => "read",
            Effect::TargetWrite => "target-write",
            Effect::Process => "process",
            Effect::OpenWorld => "open-world",
            Effect::Destructive => "destructive",
            Effect::Secret => "secret",
            Effect::Opaque => "opaque",
        }
    }

    /// The effect a policy word names.
    pub fn from_word(word: &str) -> Option<Effect> {
        Some(match word {
            "read" => Effect::Read,
            "target-write" => Effect::TargetWrite,
            "process" => Effect::Process,
            "open-world" => Effect::OpenWorld,
            "destructive" => Effect::Destructive,
            "secret" => Effect::Secret,
            "opaque" => Effect::Opaque,
            _ => return None,
        })
    }
}

/// What to do with a call, overriding the workspace's table for one finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ruling {
    /// Let it run.
    Pass,
    /// Park it for the operator.
    Hold,
    /// Decline it; the model is told.
    Refuse,
}

/// One thing the call would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What it reaches.
    pub effect: Effect,
    /// One clause naming concrete things: the command, the path.
    pub why: String,
    /// An explicit ruling, or `None` to let the workspace's table decide.
    pub ruling: Option<Ruling>,
}

impl Finding {
    /// A finding ruled by the workspace's table.
    pub fn new(effect: Effect, why: impl Into<String>) -> Finding {
        Finding {
            effect,
            why: why.into(),
            ruling: None,
        }
    }

    /// The same finding, ruled explicitly.
    pub fn ruled(mut self, ruling: Ruling) -> Finding {
        self.ruling = Some(ruling);
        self
    }

    /// The same finding, always held for the operator.
    pub fn hold(self) -> Finding {
        self.ruled(Ruling::Hold)
    }

    /// The same finding, always refused.
    pub fn refuse(self) -> Finding {
        self.ruled(Ruling::Refuse)
    }
}

/// A plugin's answer about one call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to say: other plugins decide.
    Abstain,
    /// What the call would do.
    Findings(Vec<Finding>),
}

impl Outcome {
    /// One finding ruled by the table.
    pub fn one(effect: Effect, why: impl Into<String>) -> Outcome {
        Outcome::Findings(vec![Finding::new(effect, why)])
    }
}

/// The tool call being judged.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The provider's `tool_use` id.
    pub id: String,
    /// The tool name the model spelled.
    pub tool: String,
    /// The tool's input. `Value::Null` if the host's text was not JSON.
    pub input: Value,
    /// The calling agent's role.
    pub role: String,
    /// The calling agent's id.
    pub agent_id: String,
}

impl Call {
    /// A string field of the input, if present and a string.
    pub fn input_str(&self, key: &str) -> Option<&str> {
        self.input.get(key).and_then(Value::as_str)
    }

    /// A field of the input that is a string or a list of strings; `None` when
    /// absent, and also when any element is not a string (a plugin should
    /// treat that as unreadable rather than read part of it).
    pub fn input_strs(&self, key: &str) -> Option<Vec<&str>> {
        match self.input.get(key)? {
            Value::String(s) => Some(vec![s.as_str()]),
            Value::Array(items) => items.iter().map(Value::as_str).collect(),
            _ => None,
        }
    }
}

/// Facts the host derived for this consult.
#[derive(Debug, Clone, PartialEq)]
pub struct Context {
    /// The workspace root.
    pub workspace: String,
    /// The agent's worktree.
    pub writable_root: String,
    /// Where relative paths resolve.
    pub cwd: String,
    /// What `~` expands to.
    pub home: String,
    /// Paths no call may write (see [`Context::protected_by`]).
    pub protected: Vec<String>,
    /// Fragments that mark a path as credentials (syntax: [`fragments`]).
    pub secret_fragments: Vec<String>,
    /// Whether the call runs inside the wall (`wicket run`): `None` when the
    /// host cannot say (`wicket plugin test`, a native test). Contract 0.2.0.
    pub confined: Option<bool>,
    config: Value,
    compiled: FragmentCache,
    /// Native only (tests, embedding hosts): the harness binaries and the
    /// PATH [`Context::identify`] consults; a wasm guest asks the host.
    harness: Vec<(paths::Harness, std::path::PathBuf)>,
    search_path: String,
}

/// The fragments compiled once per context (and again if the list changes):
/// the list they were compiled from, and the compiled fragments.
#[derive(Default)]
struct FragmentCache(std::sync::Mutex<Option<Compiled>>);

type Compiled = (Vec<String>, std::sync::Arc<Vec<fragments::Fragment>>);

impl Clone for FragmentCache {
    fn clone(&self) -> Self {
        FragmentCache::default()
    }
}

impl PartialEq for FragmentCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for FragmentCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FragmentCache")
    }
}

impl Context {
    /// A context, for tests and for hosts embedding a classifier natively.
    pub fn new(
        workspace: impl Into<String>,
        writable_root: impl Into<String>,
        cwd: impl Into<String>,
        home: impl Into<String>,
    ) -> Context {
        Context {
            workspace: workspace.into(),
            writable_root: writable_root.into(),
            cwd: cwd.into(),
            home: home.into(),
            protected: Vec::new(),
            secret_fragments: Vec::new(),
            confined: None,
            config: Value::Null,
            compiled: FragmentCache::default(),
            harness: Vec::new(),
            search_path: String::new(),
        }
    }

    /// This context with the harness binaries and PATH that
    /// [`Context::identify`] uses natively (a wasm guest asks the host).
    pub fn with_harness(
        mut self,
        harness: Vec<(paths::Harness, std::path::PathBuf)>,
        search_path: impl Into<String>,
    ) -> Context {
        self.harness = harness;
        self.search_path = search_path.into();
        self
    }

    /// This context with a protected set.
    pub fn with_protected(mut self, protected: Vec<String>) -> Context {
        self.protected = protected;
        self
    }

    /// This context with secret fragments.
    pub fn with_secret_fragments(mut self, fragments: Vec<String>) -> Context {
        self.secret_fragments = fragments;
        self
    }

    /// This context with a plugin configuration.
    pub fn with_config(mut self, config: Value) -> Context {
        self.config = config;
        self
    }

    /// This plugin's configuration from `capability.yaml` (`Null` when none).
    pub fn config(&self) -> &Value {
        &self.config
    }

    /// The absolute, folded path a tool would touch, and what is there:
    /// `~` expanded, relative paths taken from the cwd, `.`/`..` folded, and
    /// every symlink in the part that exists resolved by the host — so a link
    /// planted inside the root that points elsewhere is seen for where it
    /// points.
    pub fn resolve(&self, path: &str) -> Resolved {
        resolve_on_host(path, &self.cwd, &self.home)
    }

    /// What the shell would expand `pattern` to now (as dash does it), each
    /// name with where it leads; `~` and relative patterns as for
    /// [`Context::resolve`]. Empty when nothing matches (the shell passes
    /// the word as written); `None` when the expansion is too large to list
    /// (treat the word as unknown).
    pub fn expand_glob(&self, pattern: &str) -> Option<Vec<GlobMatch>> {
        expand_on_host(pattern, &self.cwd, &self.home)
    }

    /// Whether the program `name` would run is the harness's own (wicket,
    /// wicket-compile or litany) under any name: the same file or a copy. A
    /// name without a slash is looked up on the consult's PATH.
    pub fn identify(&self, name: &str) -> Option<paths::Harness> {
        identify_on_host(self, name)
    }

    /// Whether a resolved path lies inside the writable root.
    pub fn is_inside_root(&self, resolved: &str) -> bool {
        paths::is_under(resolved, &self.writable_root)
    }

    /// The protected entry a resolved path falls under, if any. An entry that
    /// contains the writable root protects everything in it but the root.
    pub fn protected_by(&self, resolved: &str) -> Option<&str> {
        paths::protected_by(&self.protected, &self.writable_root, resolved)
    }

    /// The secret fragment a path (or any text naming one) names, if any:
    /// whole components, a fragment's own patterns, public halves excepted —
    /// the syntax is in [`fragments`] (`.ssh` bites on `~/.ssh/id_rsa`, not
    /// on `.sshrc` nor `~/.ssh/id_rsa.pub`; `*.pem` on `certs/key.pem`).
    pub fn secret_fragment(&self, text: &str) -> Option<&str> {
        self.fragment_found(text, false)
    }

    /// [`Context::secret_fragment`] for a text the shell expands as a
    /// pattern: what the pattern can match (`~/.s*/id_*` names `.ssh`).
    pub fn secret_fragment_of_pattern(&self, pattern: &str) -> Option<&str> {
        self.fragment_found(pattern, true)
    }

    fn fragment_found(&self, text: &str, pattern: bool) -> Option<&str> {
        self.secret_fragments_compiled().found(text, pattern)
    }

    /// The secret fragments compiled, for a reader that asks many times:
    /// [`SecretFragments::find`] is [`Context::secret_fragment`] without
    /// checking, on each ask, that the list is still the one compiled (the
    /// context is borrowed, so it cannot change meanwhile).
    pub fn secret_fragments_compiled(&self) -> SecretFragments<'_> {
        SecretFragments {
            listed: &self.secret_fragments,
            compiled: self.compiled_fragments(),
        }
    }

    fn compiled_fragments(&self) -> std::sync::Arc<Vec<fragments::Fragment>> {
        let mut slot = match self.compiled.0.lock() {
            Ok(slot) => slot,
            Err(poisoned) => poisoned.into_inner(),
        };
        match &*slot {
            Some((source, compiled)) if *source == self.secret_fragments => compiled.clone(),
            _ => {
                let compiled = std::sync::Arc::new(fragments::compile(&self.secret_fragments));
                *slot = Some((self.secret_fragments.clone(), compiled.clone()));
                compiled
            }
        }
    }
}

/// A context's secret fragments, compiled once
/// ([`Context::secret_fragments_compiled`]).
#[derive(Clone)]
pub struct SecretFragments<'c> {
    listed: &'c [String],
    compiled: std::sync::Arc<Vec<fragments::Fragment>>,
}

impl<'c> SecretFragments<'c> {
    /// [`Context::secret_fragment`].
    pub fn find(&self, text: &str) -> Option<&'c str> {
        self.found(text, false)
    }

    /// [`Context::secret_fragment_of_pattern`].
    pub fn find_in_pattern(&self, pattern: &str) -> Option<&'c str> {
        self.found(pattern, true)
    }

    fn found(&self, text: &str, pattern: bool) -> Option<&'c str> {
        let found = if pattern {
            fragments::find_pattern(text, &self.compiled)
        } else {
            fragments::find(text, &self.compiled)
        };
        found.map(|index| {
            let wanted = self.compiled[index].text.as_str();
            self.listed
                .iter()
                .find(|f| f.as_str() == wanted)
                .map(String::as_str)
                .unwrap_or("a secret fragment")
        })
    }
}

/// What a path names on the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathKind {
    /// Nothing is there (yet).
    Missing,
    /// A regular file.
    File,
    /// A directory.
    Directory,
    /// A device, socket, pipe or anything else, or a place the host could
    /// not look (a directory on the way it may not search, a `..` after a
    /// name not there yet): treat a write there as one whose target is
    /// unknown.
    Other,
}

/// A path resolved by the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// Absolute and folded, symlinks in the existing part followed.
    pub path: String,
    /// What is there now.
    pub kind: PathKind,
}

/// One name a pattern expands to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlobMatch {
    /// The name as the shell hands it to the program (absolute).
    pub path: String,
    /// Where it leads.
    pub resolved: Resolved,
}

#[cfg(target_arch = "wasm32")]
fn expand_on_host(pattern: &str, cwd: &str, home: &str) -> Option<Vec<GlobMatch>> {
    let absolute = paths::absolute(pattern, cwd, home);
    let matches = __private::wicket::classifier::host::expand_glob(&absolute)?;
    Some(
        matches
            .into_iter()
            .map(|m| GlobMatch {
                path: m.path,
                resolved: from_wit(m.resolved),
            })
            .collect(),
    )
}

#[cfg(not(target_arch = "wasm32"))]
fn expand_on_host(pattern: &str, cwd: &str, home: &str) -> Option<Vec<GlobMatch>> {
    let absolute = paths::absolute(pattern, cwd, home);
    Some(
        paths::expand_on_this_host(&absolute)?
            .into_iter()
            .map(|path| {
                let (resolved, kind) = paths::resolve_with_kind(&path);
                GlobMatch {
                    path,
                    resolved: Resolved {
                        path: resolved,
                        kind,
                    },
                }
            })
            .collect(),
    )
}

#[cfg(target_arch = "wasm32")]
fn identify_on_host(ctx: &Context, name: &str) -> Option<paths::Harness> {
    use __private::wit::HarnessProgram as H;
    let name = if name.contains('/') {
        paths::absolute(name, &ctx.cwd, &ctx.home)
    } else {
        name.to_owned()
    };
    __private::wicket::classifier::host::identify(&name).map(|h| match h {
        H::Wicket => paths::Harness::Wicket,
        H::WicketCompile => paths::Harness::WicketCompile,
        H::Litany => paths::Harness::Litany,
    })
}

#[cfg(not(target_arch = "wasm32"))]
fn identify_on_host(ctx: &Context, name: &str) -> Option<paths::Harness> {
    paths::identify_on_this_host(name, &ctx.cwd, &ctx.home, &ctx.search_path, &ctx.harness)
}

#[cfg(target_arch = "wasm32")]
fn from_wit(answer: __private::wit::Resolved) -> Resolved {
    use __private::wit::PathKind as Kind;
    Resolved {
        path: answer.path,
        kind: match answer.kind {
            Kind::Missing => PathKind::Missing,
            Kind::File => PathKind::File,
            Kind::Directory => PathKind::Directory,
            Kind::Other => PathKind::Other,
        },
    }
}

#[cfg(target_arch = "wasm32")]
fn resolve_on_host(path: &str, cwd: &str, home: &str) -> Resolved {
    let absolute = paths::absolute(path, cwd, home);
    from_wit(__private::wicket::classifier::host::resolve_path(&absolute))
}

#[cfg(not(target_arch = "wasm32"))]
fn resolve_on_host(path: &str, cwd: &str, home: &str) -> Resolved {
    let absolute = paths::absolute(path, cwd, home);
    let (path, kind) = paths::resolve_with_kind(&absolute);
    Resolved { path, kind }
}

/// A classifier: one function from a call and its context to an outcome.
///
/// Return `Err` when the plugin cannot judge at all (its configuration is
/// wrong, say): the host holds the call and shows the message to the operator.
/// A panic is a trap, reported as the plugin breaking.
pub trait Classifier {
    /// Judge one call.
    fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String>;
}

/// Make a type implementing [`Classifier`] this component's export. Use once,
/// at the crate root of a `cdylib`.
#[macro_export]
macro_rules! export_classifier {
    ($classifier:ty) => {
        #[doc(hidden)]
        pub struct __WicketExport;

        impl $crate::__private::Guest for __WicketExport {
            fn classify(
                request: $crate::__private::wit::Request,
                context: $crate::__private::wit::Context,
            ) -> ::core::result::Result<$crate::__private::wit::Outcome, ::std::string::String> {
                $crate::__run::<$classifier>(request, context)
            }
        }

        $crate::__private::__export_world!(__WicketExport with_types_in $crate::__private);
    };
}

#[doc(hidden)]
pub fn __run<C: Classifier>(
    request: __private::wit::Request,
    context: __private::wit::Context,
) -> Result<__private::wit::Outcome, String> {
    let call = Call {
        input: serde_json::from_str(&request.input).unwrap_or(Value::Null),
        id: request.id,
        tool: request.tool,
        role: request.role,
        agent_id: request.agent_id,
    };
    let ctx = Context {
        workspace: context.workspace,
        writable_root: context.writable_root,
        cwd: context.cwd,
        home: context.home,
        protected: context.protected,
        secret_fragments: context.secret_fragments,
        confined: context.confined,
        config: serde_json::from_str(&context.config).unwrap_or(Value::Null),
        compiled: FragmentCache::default(),
        harness: Vec::new(),
        search_path: String::new(),
    };
    C::classify(&call, &ctx).map(into_wit)
}

fn into_wit(outcome: Outcome) -> __private::wit::Outcome {
    use __private::wit;
    match outcome {
        Outcome::Abstain => wit::Outcome::Abstain,
        Outcome::Findings(findings) => wit::Outcome::Findings(
            findings
                .into_iter()
                .map(|f| wit::Finding {
                    effect: match f.effect {
                        Effect::Read => wit::Effect::Read,
                        Effect::TargetWrite => wit::Effect::TargetWrite,
                        Effect::Process => wit::Effect::Process,
                        Effect::OpenWorld => wit::Effect::OpenWorld,
                        Effect::Destructive => wit::Effect::Destructive,
                        Effect::Secret => wit::Effect::Secret,
                        Effect::Opaque => wit::Effect::Opaque,
                    },
                    why: f.why,
                    ruling: f.ruling.map(|r| match r {
                        Ruling::Pass => wit::Ruling::Pass,
                        Ruling::Hold => wit::Ruling::Hold,
                        Ruling::Refuse => wit::Ruling::Refuse,
                    }),
                })
                .collect(),
        ),
    }
}
