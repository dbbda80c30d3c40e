//! Environment variables that carry options, code, programs or paths to the
//! programs that run code (interpreters, compilers, build tools, package
//! managers): `NODE_OPTIONS=--require ./x.js`, `PERL5OPT=-MFoo`,
//! `RUSTC_WRAPPER=…`, `CARGO_TARGET_DIR=…`, `PYTHONPATH=…`.
//!
//! A literal value is read for what it says — a harmless
//! `NODE_OPTIONS=--max-old-space-size=4096` passes, a directory in the
//! protected set is placed as the write it is, a program is read as the
//! program it names, inline code is scanned — and a value only known at run
//! time is opaque (except `$VAR:…`/`$VAR …` forms that extend what the
//! harness's own environment had).
//!
//! [`assignment`] is what the shell reader asks for every `NAME=value` it
//! sees; [`program_variables`] is what a program's description asks for the
//! variables it reads, from what the scope knows.

use wicket_guest::Effect::*;

use crate::read::{Arg, Change, Invocation, Lookup, Reach, Reader, Scope, Stdin};

use super::code::{self, Language};
use super::interp;

/// What a variable's value is to the programs that read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Changes nothing wicket guards (`NODE_ENV`, `RUST_LOG`).
    Harmless,
    /// A directory the programs write into (`CARGO_TARGET_DIR`, `GOCACHE`).
    WritesDir,
    /// A directory packages are installed into, whatever they hold
    /// (`PIP_TARGET`, `GEM_HOME`): the whole tree beneath it may be written.
    InstallsInto,
    /// A file the programs write (`NODE_REDIRECT_WARNINGS`).
    WritesFile,
    /// A `:`-separated list of directories code is loaded from (and, for
    /// python, bytecode caches written into).
    LoadsFrom,
    /// A program that is run, with arguments only known at run time.
    Program,
    /// A file whose code is run (`PYTHONSTARTUP`, `R_PROFILE_USER`).
    RunsFile,
    /// Lua's `LUA_INIT`: code, or `@file`.
    LuaInit,
    /// node's options.
    NodeOptions,
    /// perl's switches.
    Perl5Opt,
    /// ruby's switches.
    RubyOpt,
    /// JVM options (`JAVA_TOOL_OPTIONS`, `MAVEN_OPTS`).
    JavaOptions,
    /// rustc's flags (`RUSTFLAGS`).
    RustFlags,
    /// go's build flags (`GOFLAGS`).
    GoFlags,
    /// C compiler and linker flags (`CFLAGS`, `LDFLAGS`).
    CFlags,
    /// pytest's options (`PYTEST_ADDOPTS`).
    PytestOptions,
    /// git's trace variables: a path means a file appended to.
    GitTrace,
    /// The dynamic loader's debug output: `PATH.<pid>` files.
    LdDebugOutput,
    /// Settings read from a file wicket cannot see (`PIP_CONFIG_FILE`).
    ConfigFile,
}

/// The kind of a variable, by name.
fn kind(name: &str) -> Option<Kind> {
    use Kind::*;
    let upper = name.to_ascii_uppercase();
    Some(match name {
        // python
        "PYTHONPATH" => LoadsFrom,
        "PYTHONPYCACHEPREFIX" => WritesDir,
        "PYTHONSTARTUP" => RunsFile,
        "PYTHONHOME" | "PYTHONEXECUTABLE" => Program,
        "PYTHONUSERBASE" => InstallsInto,
        "PYTHONWARNINGS"
        | "PYTHONUNBUFFERED"
        | "PYTHONDONTWRITEBYTECODE"
        | "PYTHONIOENCODING"
        | "PYTHONHASHSEED"
        | "PYTHONUTF8"
        | "PYTHONDEVMODE"
        | "PYTHONFAULTHANDLER"
        | "PYTHONOPTIMIZE"
        | "PYTHONVERBOSE"
        | "PYTHONNOUSERSITE"
        | "PYTHONSAFEPATH"
        | "PYTHONMALLOC"
        | "PYTHONPLATLIBDIR"
        | "PYTHONCASEOK"
        | "PYTHONCOERCECLOCALE"
        | "PYTHONTRACEMALLOC"
        | "PYTHONPROFILEIMPORTTIME"
        | "PYTHONASYNCIODEBUG"
        | "PYTHONWARNDEFAULTENCODING"
        | "PYTHONNODEBUGRANGES"
        | "PYTHONINTMAXSTRDIGITS"
        | "PYTHONINSPECT"
        | "PYTHONDEBUG"
        | "PYTHONBREAKPOINT"
        | "PYTHONMALLOCSTATS"
        | "PYTHONPERFSUPPORT"
        | "VIRTUAL_ENV"
        | "CONDA_PREFIX"
        | "DJANGO_SETTINGS_MODULE" => Harmless,
        // node
        "NODE_OPTIONS" => NodeOptions,
        "NODE_PATH" => LoadsFrom,
        "NODE_V8_COVERAGE" | "NODE_COMPILE_CACHE" => WritesDir,
        "NODE_REDIRECT_WARNINGS" | "NODE_REPL_HISTORY" => WritesFile,
        "NODE_ENV"
        | "NODE_DEBUG"
        | "NODE_NO_WARNINGS"
        | "NODE_PENDING_DEPRECATION"
        | "NODE_DISABLE_COLORS"
        | "NODE_PRESERVE_SYMLINKS"
        | "NODE_SKIP_PLATFORM_CHECK"
        | "NODE_TLS_REJECT_UNAUTHORIZED"
        | "NODE_EXTRA_CA_CERTS"
        | "NODE_ICU_DATA"
        | "UV_THREADPOOL_SIZE"
        | "FORCE_COLOR"
        | "NO_COLOR"
        | "CI"
        | "DEBUG" => Harmless,
        // perl, ruby
        "PERL5OPT" => Perl5Opt,
        "PERL5LIB" | "PERLLIB" => LoadsFrom,
        "PERL5DB" => LuaInit, // perl code, read like LUA_INIT's code (see below)
        "PERLIO" | "PERL_UNICODE" | "PERL_HASH_SEED" | "PERL_DESTRUCT_LEVEL" => Harmless,
        "RUBYOPT" => RubyOpt,
        "RUBYLIB" => LoadsFrom,
        "GEM_HOME" | "BUNDLE_PATH" => InstallsInto,
        "BUNDLE_APP_CONFIG" => WritesDir,
        "BUNDLE_GEMFILE" | "GEM_PATH" => LoadsFrom,
        "BUNDLE_ONLY" | "BUNDLE_WITHOUT" | "BUNDLE_WITH" | "BUNDLE_JOBS" | "BUNDLE_FROZEN"
        | "BUNDLE_DEPLOYMENT" | "RAILS_ENV" | "RACK_ENV" | "SEED" | "PARALLEL_WORKERS" => Harmless,
        // lua, R, php, tcl
        "LUA_INIT" | "LUA_INIT_5_1" | "LUA_INIT_5_2" | "LUA_INIT_5_3" | "LUA_INIT_5_4" => LuaInit,
        "LUA_PATH" | "LUA_CPATH" | "TCLLIBPATH" | "R_LIBS" | "R_LIBS_SITE" => LoadsFrom,
        "R_LIBS_USER" => InstallsInto,
        "R_PROFILE_USER" | "R_PROFILE" | "R_ENVIRON_USER" | "R_ENVIRON" => RunsFile,
        "PHPRC" | "PHP_INI_SCAN_DIR" => ConfigFile,
        // java
        "JAVA_TOOL_OPTIONS" | "JDK_JAVA_OPTIONS" | "_JAVA_OPTIONS" | "JAVA_OPTS" | "MAVEN_OPTS"
        | "GRADLE_OPTS" | "SBT_OPTS" => JavaOptions,
        "JAVA_HOME" | "GRADLE_HOME" | "M2_HOME" | "MAVEN_HOME" => Program,
        "GRADLE_USER_HOME" => WritesDir,
        "CLASSPATH" => LoadsFrom,
        // rust
        "CARGO_TARGET_DIR"
        | "CARGO_BUILD_TARGET_DIR"
        | "CARGO_HOME"
        | "RUSTUP_HOME"
        | "CARGO_INSTALL_ROOT" => WritesDir,
        "RUSTC"
        | "RUSTDOC"
        | "RUSTC_WRAPPER"
        | "RUSTC_WORKSPACE_WRAPPER"
        | "CARGO_BUILD_RUSTC"
        | "CARGO_BUILD_RUSTC_WRAPPER"
        | "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER"
        | "CARGO_BUILD_RUSTDOC"
        | "RUSTC_LINKER"
        | "CARGO" => Program,
        "RUSTFLAGS"
        | "RUSTDOCFLAGS"
        | "CARGO_ENCODED_RUSTFLAGS"
        | "CARGO_BUILD_RUSTFLAGS"
        | "CARGO_BUILD_RUSTDOCFLAGS"
        | "CARGO_ENCODED_RUSTDOCFLAGS" => RustFlags,
        "RUST_LOG"
        | "RUST_BACKTRACE"
        | "RUST_MIN_STACK"
        | "RUST_TEST_THREADS"
        | "CARGO_INCREMENTAL"
        | "CARGO_TERM_COLOR"
        | "CARGO_TERM_VERBOSE"
        | "CARGO_PROFILE"
        | "CARGO_BUILD_JOBS"
        | "CARGO_NET_OFFLINE"
        | "CARGO_NET_RETRY"
        | "CARGO_LOG"
        | "CARGO_BUILD_TARGET"
        | "RUSTUP_TOOLCHAIN"
        | "CARGO_UNSTABLE_SPARSE_REGISTRY"
        | "CARGO_REGISTRIES_CRATES_IO_PROTOCOL"
        | "TRYBUILD"
        | "INSTA_UPDATE" => Harmless,
        // go
        "GOFLAGS" => GoFlags,
        "GOPATH" | "GOMODCACHE" | "GOCACHE" | "GOBIN" | "GOTMPDIR" | "GOENV" => WritesDir,
        "GOROOT" => Program,
        "GOOS" | "GOARCH" | "CGO_ENABLED" | "GO111MODULE" | "GOEXPERIMENT" | "GODEBUG"
        | "GOAMD64" | "GOARM" | "GOPROXY" | "GOPRIVATE" | "GONOSUMDB" | "GONOPROXY" | "GOSUMDB"
        | "GOINSECURE" | "GOTOOLCHAIN" | "GOMAXPROCS" | "GOGC" | "GOWORK" | "CGO_CFLAGS"
        | "CGO_CXXFLAGS" | "CGO_LDFLAGS" | "CGO_CPPFLAGS" | "CGO_FFLAGS" => Harmless,
        // C and make
        "CC"
        | "CXX"
        | "CPP"
        | "LD"
        | "AR"
        | "AS"
        | "RANLIB"
        | "STRIP"
        | "NM"
        | "OBJCOPY"
        | "OBJDUMP"
        | "FC"
        | "F77"
        | "HOSTCC"
        | "HOSTCXX"
        | "CCACHE_PREFIX"
        | "CMAKE_MAKE_PROGRAM"
        | "CMAKE_C_COMPILER_LAUNCHER"
        | "CMAKE_CXX_COMPILER_LAUNCHER"
        | "MAKE"
        | "PKG_CONFIG" => Program,
        "CFLAGS" | "CXXFLAGS" | "CPPFLAGS" | "LDFLAGS" | "FFLAGS" | "OBJCFLAGS" => CFlags,
        "DESTDIR" | "CMAKE_INSTALL_PREFIX" | "PREFIX" => InstallsInto,
        "CCACHE_DIR" => WritesDir,
        "MAKEFILES" | "CMAKE_TOOLCHAIN_FILE" => RunsFile,
        "CMAKE_BUILD_PARALLEL_LEVEL"
        | "CMAKE_GENERATOR"
        | "CMAKE_BUILD_TYPE"
        | "CMAKE_EXPORT_COMPILE_COMMANDS"
        | "CTEST_OUTPUT_ON_FAILURE"
        | "CTEST_PARALLEL_LEVEL"
        | "MAKELEVEL"
        | "V"
        | "VERBOSE"
        | "CCACHE_DISABLE"
        | "LC_ALL"
        | "LANG"
        | "TZ"
        | "TERM"
        | "COLUMNS"
        | "PAGER_DISABLED" => Harmless,
        // package managers
        "PIP_TARGET"
        | "PIP_PREFIX"
        | "PIP_ROOT"
        | "PIP_CACHE_DIR"
        | "PIP_SRC"
        | "PIP_BUILD"
        | "UV_CACHE_DIR"
        | "UV_TOOL_DIR"
        | "UV_TOOL_BIN_DIR"
        | "UV_PYTHON_INSTALL_DIR"
        | "UV_PROJECT_ENVIRONMENT"
        | "UV_INSTALL_DIR"
        | "POETRY_CACHE_DIR"
        | "POETRY_VIRTUALENVS_PATH"
        | "POETRY_HOME"
        | "PIPX_HOME"
        | "PIPX_BIN_DIR"
        | "WORKON_HOME"
        | "PIPENV_CACHE_DIR"
        | "YARN_CACHE_FOLDER"
        | "YARN_GLOBAL_FOLDER"
        | "PNPM_HOME"
        | "COREPACK_HOME"
        | "BUN_INSTALL"
        | "DENO_DIR"
        | "DENO_INSTALL_ROOT"
        | "NPM_CONFIG_PREFIX"
        | "NPM_CONFIG_CACHE"
        | "npm_config_prefix"
        | "npm_config_cache" => WritesDir,
        "PIP_LOG" | "PIP_LOG_FILE" => WritesFile,
        "PIP_CONFIG_FILE"
        | "NPM_CONFIG_USERCONFIG"
        | "npm_config_userconfig"
        | "NPM_CONFIG_GLOBALCONFIG"
        | "npm_config_globalconfig"
        | "YARN_RC_FILENAME"
        | "POETRY_CONFIG_DIR"
        | "UV_CONFIG_FILE"
        | "DOCKER_CONFIG" => ConfigFile,
        "NPM_CONFIG_SCRIPT_SHELL"
        | "npm_config_script_shell"
        | "YARN_YARN_PATH"
        | "npm_config_git"
        | "NPM_CONFIG_GIT" => Program,
        "npm_config_node_options" | "NPM_CONFIG_NODE_OPTIONS" => NodeOptions,
        "PIP_INDEX_URL"
        | "PIP_EXTRA_INDEX_URL"
        | "PIP_NO_CACHE_DIR"
        | "PIP_DISABLE_PIP_VERSION_CHECK"
        | "PIP_REQUIRE_VIRTUALENV"
        | "PIP_NO_INPUT"
        | "PIP_PROGRESS_BAR"
        | "UV_INDEX_URL"
        | "UV_EXTRA_INDEX_URL"
        | "UV_PYTHON"
        | "UV_NO_CACHE"
        | "UV_FROZEN"
        | "UV_LOCKED"
        | "UV_SYSTEM_PYTHON"
        | "UV_LINK_MODE"
        | "UV_COMPILE_BYTECODE"
        | "POETRY_VIRTUALENVS_IN_PROJECT"
        | "POETRY_NO_INTERACTION"
        | "PIPENV_VENV_IN_PROJECT"
        | "npm_config_loglevel"
        | "NPM_CONFIG_LOGLEVEL"
        | "npm_config_registry"
        | "NPM_CONFIG_REGISTRY"
        | "YARN_ENABLE_IMMUTABLE_INSTALLS"
        | "HUSKY"
        | "ADBLOCK"
        | "DISABLE_OPENCOLLECTIVE" => Harmless,
        // test runners
        "PYTEST_ADDOPTS" => PytestOptions,
        "PYTEST_PLUGINS" | "PYTEST_DEBUG_TEMPROOT" => Program,
        // containers
        "DOCKER_HOST" | "CONTAINER_HOST" => Program,
        "DOCKER_BUILDKIT"
        | "COMPOSE_PROJECT_NAME"
        | "BUILDKIT_PROGRESS"
        | "DOCKER_DEFAULT_PLATFORM"
        | "COMPOSE_PROFILES" => Harmless,
        "COMPOSE_FILE" => RunsFile,
        // Where nearly every program makes its temporary files (python's
        // tempfile, gcc, sort, git, cargo's build scripts): a directory the
        // program writes into.
        "TMPDIR" | "TMP" | "TEMP" | "TEMPDIR" => WritesDir,
        // files written by the loader and by git for every process
        "LD_DEBUG_OUTPUT" => LdDebugOutput,
        _ if upper.starts_with("GIT_TRACE") => GitTrace,
        _ if upper.starts_with("CARGO_TARGET_")
            && (upper.ends_with("_RUNNER") || upper.ends_with("_LINKER")) =>
        {
            Program
        }
        _ if upper.starts_with("CARGO_PROFILE_") => Harmless,
        _ => return None,
    })
}

/// Check a variable set for what runs (`NAME=value cmd`, `export NAME=…`,
/// `env NAME=…`): `true` when this module knows the variable (and said
/// what it found), `false` when it is not one of these programs'.
pub fn assignment(r: &mut Reader, name: &str, value: &Arg, scope: &Scope) -> bool {
    let Some(kind) = kind(name) else {
        return false;
    };
    read_value(r, name, kind, value, scope, true);
    true
}

/// The temporary directory most programs honour (`TMPDIR`, `TMP`, `TEMP`,
/// `TEMPDIR`): wherever it is set for what runs (a prefix, `export`,
/// `declare`, `env`), the files made there are that program's writes.
pub fn temp_dir(r: &mut Reader, name: &str, value: &Arg, scope: &Scope) {
    // A value only known when it runs (`$RUNNER_TEMP`) is an ordinary
    // scratch directory as far as the reader can tell: only a known one is
    // placed.
    if matches!(name, "TMPDIR" | "TMP" | "TEMP" | "TEMPDIR") && value.text().is_some() {
        read_value(r, name, Kind::WritesDir, value, scope, true);
    }
    // The directories programs keep their state, caches and keyrings in,
    // whichever program runs (`GNUPGHOME=../../.wicket gpg --list-keys`
    // made pubring.kbx and trustdb.gpg there; pip, node and many more
    // write under XDG_CACHE_HOME), and where an install puts its files.
    // The loader writes `<value>.<pid>` for every dynamically linked
    // program when LD_DEBUG is set (`LD_DEBUG=files
    // LD_DEBUG_OUTPUT=../../.wicket/x ls` wrote `.wicket/x.<pid>`, verified
    // under dash), whichever program runs; a value only known when it runs
    // may be any path.
    if name == "LD_DEBUG_OUTPUT" {
        if value.text().is_some() {
            read_value(r, name, Kind::LdDebugOutput, value, scope, true);
        } else {
            r.note(
                Opaque,
                format!(
                    "{name}={}: the loader writes where a value only known when it runs says",
                    value.shown
                ),
            );
        }
    }
    if matches!(
        name,
        "XDG_CACHE_HOME"
            | "XDG_DATA_HOME"
            | "XDG_STATE_HOME"
            | "XDG_RUNTIME_DIR"
            | "GNUPGHOME"
            | "DESTDIR"
    ) && value.text().is_some()
    {
        read_value(r, name, Kind::WritesDir, value, scope, true);
    }
}

/// A variable set for what runs, whatever its name, is read by programs
/// wicket may not see (a Makefile, a script, a test harness, an
/// instrumented binary), and many name the place such a program writes
/// (`GCOV_PREFIX=../../.wicket/g ./tcov` wrote `.wicket/g/tcov-t.gcda`,
/// `ASAN_OPTIONS=log_path=../../.wicket/asan ./t` wrote `.wicket/asan.<pid>`,
/// verified under dash). So every piece of a literal value (split at
/// blanks, `:`, `,`, `;`, and after `=`) that lands in the protected set, or
/// names a directory above it, is held as a word handed to a program that
/// may write it would be. A value this command chooses when it runs (a
/// substitution's output, a variable set from one) may be such a path:
/// held too, for a variable wicket does not know to be harmless (`export`
/// asks only about literal values: `export GOPATH=$(go env GOPATH)` is
/// ordinary). git's own
/// variables, the harness's and those [`kind`] calls harmless are read
/// elsewhere.
/// What a variable naming where modules load from ([`Kind::LoadsFrom`])
/// may find there, in any language.
fn any_module() -> Vec<&'static str> {
    [
        super::interp::PYTHON_MODULES,
        super::interp::PERL_MODULES,
        super::interp::RUBY_MODULES,
        &[
            ".js", ".cjs", ".mjs", ".json", ".node", ".lua", ".tcl", ".jar", ".class", ".R",
        ],
    ]
    .concat()
}

/// The module paths ([`Kind::LoadsFrom`]) this command set, checked for
/// modules it wrote since (`export PYTHONPATH=.; printf … >
/// sitecustomize.py; pip --version`).
pub fn module_paths_in_scope(r: &mut Reader, scope: &Scope) {
    let set: Vec<(String, Option<Vec<String>>)> = scope
        .vars
        .iter()
        .filter(|(name, _)| matches!(kind(name), Some(Kind::LoadsFrom)))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect();
    for (name, values) in set {
        let Some(values) = values else {
            // Set to something only known when it runs: it may be where
            // the module was written.
            let unknown = Arg {
                values: None,
                glob: false,
                shown: format!("${name}"),
            };
            r.wrote_module_in(&unknown, scope, &any_module(), &format!("{name}=${name}"));
            continue;
        };
        for dir in values
            .iter()
            .flat_map(|v| v.split(':'))
            .filter(|d| !d.is_empty())
        {
            r.wrote_module_in(
                &Arg::literal(dir),
                scope,
                &any_module(),
                &format!("{name}={dir}"),
            );
        }
    }
}

pub fn environment(r: &mut Reader, name: &str, value: &Arg, scope: &Scope, program: Option<&str>) {
    // Whatever program runs with such a variable set (pip, pytest, a
    // gem's executable) loads from there first (`PYTHONPATH=. pip
    // --version` ran a sitecustomize.py the same command wrote; verified
    // under dash).
    if matches!(kind(name), Some(Kind::LoadsFrom)) {
        for text in value.values.iter().flatten() {
            for dir in text.split(':').filter(|d| !d.is_empty()) {
                let shown = format!("{name}={}", value.shown);
                r.wrote_module_in(&Arg::literal(dir), scope, &any_module(), &shown);
            }
        }
    }
    // A builtin that runs nothing ignores its environment (`x=… true`), and
    // a program whose description reads the variable judges it there (see
    // [`super::judges_variable`]: `TAPE` counts only for tar without -f).
    let program = program.map(|p| p.rsplit('/').next().unwrap_or(p));
    if let Some(p) = program {
        if matches!(
            p,
            "true" | "false" | ":" | "echo" | "printf" | "test" | "[" | "cd" | "pwd" | "read"
        ) || super::judges_variable(p, name)
        {
            return;
        }
    }
    // git reads its own variables wherever it runs, and any program may
    // run git: a build script's `git describe`, `go build`'s VCS stamp,
    // make's recipes, a test suite. The ones naming a file git appends to
    // (`GIT_TRACE*`) or the repository and index it writes (`GIT_DIR`,
    // `GIT_INDEX_FILE`, `GIT_COMMON_DIR`, `GIT_OBJECT_DIRECTORY`) are judged
    // here for every program but git itself, which reads them in its own
    // description (`GIT_TRACE=<ws>/.wicket/t make` passed before).
    let git = program.is_some_and(|p| p == "git" || p.starts_with("git-"));
    let git_writes = (name.starts_with("GIT_TRACE") && name != "GIT_TRACE_REDACT")
        || matches!(
            name,
            "GIT_DIR" | "GIT_INDEX_FILE" | "GIT_COMMON_DIR" | "GIT_OBJECT_DIRECTORY"
        );
    if environment_ignored(name) && (git || !git_writes) {
        return;
    }
    let shown = format!("{name}={}", value.shown);
    let Some(values) = &value.values else {
        let chosen = r.chosen_words.borrow().contains(&value.shown);
        if chosen {
            r.note(
                Opaque,
                format!(
                    "{shown}: the programs that read {name} are given a value this command chooses when it runs, which may be a protected path or a directory above them"
                ),
            );
        }
        return;
    };
    let mut pieces: Vec<Arg> = Vec::new();
    for text in values {
        for token in text.split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | ';')) {
            let token = token.trim_matches(['"', '\'']);
            let piece = token.rsplit_once('=').map_or(token, |(_, v)| v);
            if !piece.is_empty() && !piece.starts_with('-') {
                pieces.push(Arg {
                    values: Some(vec![piece.to_owned()]),
                    glob: value.glob,
                    shown: piece.to_owned(),
                });
            }
        }
    }
    if pieces.is_empty() {
        return;
    }
    let mut argv = vec![Arg::literal(&shown)];
    argv.extend(pieces);
    r.check_protected_operands(&Invocation::of_words(argv), scope);
}

/// Variables [`environment`] leaves to others: those [`kind`] calls
/// harmless, git's, the harness's, and the shell's own.
pub fn environment_ignored(name: &str) -> bool {
    kind(name) == Some(Kind::Harmless)
        || name.starts_with("GIT_")
        || name.starts_with("LITANY_")
        || name.starts_with("WICKET_")
        || matches!(
            name,
            "PATH" | "HOME" | "PWD" | "OLDPWD" | "IFS" | "PS1" | "PS2"
        )
}

/// The variables a program's description reads, from what the scope knows
/// (a prefix assignment or an earlier `export`); only known values are
/// read here, the rest being [`assignment`]'s to judge.
pub fn program_variables(r: &mut Reader, scope: &Scope, names: &[&str], _shown: &str) {
    let known: Vec<(String, Vec<String>)> = scope
        .vars
        .iter()
        .filter(|(name, _)| {
            names.iter().any(|n| match n.strip_suffix('*') {
                Some(prefix) => name.starts_with(prefix),
                None => name.as_str() == *n,
            })
        })
        .filter_map(|(name, value)| value.clone().map(|v| (name.clone(), v)))
        .collect();
    for (name, values) in known {
        let Some(kind) = kind(&name) else { continue };
        let value = Arg {
            shown: values.join(" "),
            values: Some(values),
            glob: false,
        };
        read_value(r, &name, kind, &value, scope, false);
    }
}

/// The variables C and C++ builds read (make, cmake, cargo's cc crate,
/// node-gyp, pip building an extension).
pub const C_BUILD_VARIABLES: &[&str] = &[
    "CC", "CXX", "CPP", "LD", "AR", "CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS",
];

/// The variables python reads.
pub const PYTHON_VARIABLES: &[&str] = &[
    "PYTHONPATH",
    "PYTHONPYCACHEPREFIX",
    "PYTHONHOME",
    "PYTHONEXECUTABLE",
];
/// The variables node reads.
pub const NODE_VARIABLES: &[&str] = &[
    "NODE_OPTIONS",
    "NODE_PATH",
    "NODE_V8_COVERAGE",
    "NODE_COMPILE_CACHE",
    "NODE_REDIRECT_WARNINGS",
    "NODE_REPL_HISTORY",
];
/// The variables perl reads.
pub const PERL_VARIABLES: &[&str] = &["PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB"];
/// The variables ruby reads.
pub const RUBY_VARIABLES: &[&str] = &["RUBYOPT", "RUBYLIB"];
/// The variables lua reads.
pub const LUA_VARIABLES: &[&str] = &[
    "LUA_INIT",
    "LUA_INIT_5_1",
    "LUA_INIT_5_2",
    "LUA_INIT_5_3",
    "LUA_INIT_5_4",
    "LUA_PATH",
    "LUA_CPATH",
];
/// The variables R reads.
pub const R_VARIABLES: &[&str] = &[
    "R_PROFILE_USER",
    "R_PROFILE",
    "R_ENVIRON_USER",
    "R_LIBS_USER",
];
/// The variables the JVM reads.
pub const JAVA_VARIABLES: &[&str] = &["JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"];

/// A value's known text, or — for `$NAME…` forms extending what the
/// harness's environment had — the literal rest; `None` when unknown.
fn known_text(name: &str, value: &Arg) -> Option<(String, bool)> {
    if let Some(text) = value.text() {
        return Some((text.to_owned(), false));
    }
    if value.values.is_some() {
        return None;
    }
    let shown = value.shown.as_str();
    let rest = shown
        .strip_prefix(&format!("${{{name}}}"))
        .or_else(|| shown.strip_prefix(&format!("${name}")))?;
    let rest_known = !rest.contains(['$', '`'])
        && !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
    rest_known.then(|| (rest.trim_start_matches([':', ' ']).to_owned(), true))
}

fn read_value(
    r: &mut Reader,
    name: &str,
    kind: Kind,
    value: &Arg,
    scope: &Scope,
    at_assignment: bool,
) {
    use Kind::*;
    let shown = format!("{name}={}", value.shown);
    if kind == Harmless {
        return;
    }
    let Some((text, _extends)) = known_text(name, value) else {
        r.note(
            Opaque,
            format!("{shown}: what it tells the programs it runs is only known when it runs"),
        );
        return;
    };
    if text.is_empty() {
        return;
    }
    match kind {
        Harmless => {}
        WritesDir | WritesFile | InstallsInto => {
            let reach = if kind == InstallsInto {
                Reach::Tree
            } else {
                Reach::Path
            };
            if at_assignment {
                // The program that reads it may not run: a protected target
                // is held here, and placed as a write by the program's own
                // description when it does run.
                let arg = Arg::literal(&text);
                for place in r.places(&arg, scope) {
                    if let crate::read::Place::Protected { path, entry } = place {
                        r.guard(
                            Opaque,
                            format!(
                                "{shown} points what the programs write at {path}, which is protected ({})",
                                crate::read::protected_label(&entry, r.ctx)
                            ),
                        );
                    }
                }
            } else {
                r.change(&Arg::literal(&text), scope, Change::Write, reach, &shown);
            }
        }
        LoadsFrom => {
            for dir in text.split(':').filter(|d| !d.is_empty()) {
                let arg = Arg::literal(dir);
                r.reads(&arg, scope, &shown);
                // Whatever program runs with it set (pip, pytest, a
                // gem's executable) loads from there first
                // (`PYTHONPATH=. pip --version` ran a sitecustomize.py the
                // same command wrote; verified under dash).
                r.wrote_module_in(&arg, scope, &any_module(), &shown);
                for place in r.places(&arg, scope) {
                    if let crate::read::Place::Protected { path, entry } = place {
                        r.guard(
                            Opaque,
                            format!(
                                "{shown} loads code from {path}, which is protected ({}), and may write caches there",
                                crate::read::protected_label(&entry, r.ctx)
                            ),
                        );
                    }
                }
            }
        }
        Program => {
            let words: Vec<Arg> = text.split_whitespace().map(Arg::literal).collect();
            if words.is_empty() {
                return;
            }
            let inv = Invocation {
                argv: words,
                stdin: Stdin::Inherited,
                extra_operands: true,
                stdin_text: None,
                lookup: Lookup::Path,
                stdin_paths: None,
            };
            let mut inner = scope.clone();
            r.note(OpenWorld, format!("{shown} names a program the build runs"));
            r.read_invocation(&inv, &mut inner);
        }
        RunsFile => {
            let arg = Arg::literal(&text);
            r.reads(&arg, scope, &shown);
            r.note(
                OpenWorld,
                format!("{shown} names a file of code or settings the programs run"),
            );
        }
        LuaInit => {
            let language = if name == "PERL5DB" {
                Language::Perl
            } else {
                Language::Lua
            };
            match text.strip_prefix('@') {
                Some(file) if language == Language::Lua => {
                    r.reads(&Arg::literal(file), scope, &shown);
                    r.note(OpenWorld, format!("{shown} runs the file {file} first"));
                }
                _ => {
                    r.note(
                        OpenWorld,
                        format!("{shown} is code the interpreter runs first"),
                    );
                    code::scan(r, name, language, &text, scope);
                }
            }
        }
        NodeOptions => {
            interp::node_options_value(r, &text, scope);
        }
        Perl5Opt => {
            interp::perl5opt_value(r, &text, scope);
        }
        RubyOpt => ruby_options(r, &shown, &text),
        JavaOptions => {
            interp::java_options_value(r, name, &text, scope);
        }
        RustFlags => {
            let words: Vec<String> = if name.starts_with("CARGO_ENCODED") {
                text.split('\u{1f}').map(str::to_owned).collect()
            } else {
                text.split_whitespace().map(str::to_owned).collect()
            };
            super::cargo::rust_flags(r, &shown, &words, scope);
        }
        GoFlags => {
            let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
            super::build::go_flags(r, &shown, &words, scope);
        }
        CFlags => {
            let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
            super::cargo::c_flags(r, &shown, &words, scope);
        }
        PytestOptions => {
            let words: Vec<Arg> = text.split_whitespace().map(Arg::literal).collect();
            super::build::pytest_options(r, &shown, &words, scope);
        }
        GitTrace => {
            // 0/false/1/true/2-9: off or a descriptor; an absolute path: a file.
            let lower = text.to_ascii_lowercase();
            // A tilde at the value's start is the home, expanded by the shell.
            if text.starts_with('/') || text.starts_with('~') {
                r.change(
                    &Arg::literal(&text),
                    scope,
                    Change::Write,
                    Reach::Path,
                    &shown,
                );
            } else if lower.starts_with("af_unix:") {
                r.note(OpenWorld, format!("{shown} sends git's trace to a socket"));
            } else if !matches!(
                lower.as_str(),
                "0" | "1"
                    | "2"
                    | "3"
                    | "4"
                    | "5"
                    | "6"
                    | "7"
                    | "8"
                    | "9"
                    | "true"
                    | "false"
                    | "yes"
                    | "no"
                    | "on"
                    | "off"
            ) {
                r.note(
                    Opaque,
                    format!("{shown}: git reads this trace target in a way wicket does not"),
                );
            }
        }
        LdDebugOutput => {
            // The loader writes `<value>.<pid>` for every process.
            let pattern = format!("{text}.1");
            r.change(
                &Arg::literal(&pattern),
                scope,
                Change::Write,
                Reach::Path,
                &shown,
            );
            let mut dir_arg = Arg::literal(&text);
            dir_arg.glob = false;
            if let Some(crate::read::Place::Protected { path, entry }) = r.place(&text, scope) {
                r.guard(
                    Destructive,
                    format!(
                        "{shown} makes the loader write {path}.<pid>, which is protected ({})",
                        crate::read::protected_label(&entry, r.ctx)
                    ),
                );
            }
        }
        ConfigFile => {
            r.reads(&Arg::literal(&text), scope, &shown);
            r.note(
                Opaque,
                format!("{shown} takes settings from a file wicket cannot see (they may run programs or move where things are written)"),
            );
        }
    }
}

/// `RUBYOPT`: ruby allows `-d -E -I -K -r -U -v -w -W` and the long
/// `--enable`/`--disable`/`--jit`/`--yjit`/`--debug` switches there.
fn ruby_options(r: &mut Reader, shown: &str, text: &str) {
    for word in text.split_whitespace() {
        let ok = if let Some(long) = word.strip_prefix("--") {
            long.starts_with("enable")
                || long.starts_with("disable")
                || matches!(long, "jit" | "yjit" | "debug" | "verbose")
                || long.starts_with("yjit-")
        } else if let Some(switch) = word.strip_prefix('-') {
            match switch.chars().next() {
                Some('r') => {
                    r.note(
                        OpenWorld,
                        format!(
                            "{shown} loads {} into every ruby, code wicket cannot read",
                            &switch[1..]
                        ),
                    );
                    true
                }
                Some('d' | 'E' | 'I' | 'K' | 'U' | 'v' | 'w' | 'W') => true,
                _ => false,
            }
        } else {
            false
        };
        if !ok {
            r.note(
                Opaque,
                format!("{shown}: `{word}` is not a switch wicket reads in RUBYOPT"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inherited_forms_are_read_for_their_literal_rest() {
        let v = Arg {
            values: None,
            glob: false,
            shown: "$RUSTFLAGS --cfg tokio_unstable".into(),
        };
        assert_eq!(
            known_text("RUSTFLAGS", &v),
            Some(("--cfg tokio_unstable".into(), true))
        );
        let v = Arg {
            values: None,
            glob: false,
            shown: "$RUSTFLAGSX --cfg x".into(),
        };
        assert_eq!(known_text("RUSTFLAGS", &v), None);
        let v = Arg {
            values: None,
            glob: false,
            shown: "$(cat x)".into(),
        };
        assert_eq!(known_text("RUSTFLAGS", &v), None);
    }

    /// What `assignment` finds for `NAME=value`, strictest first.
    fn read(name: &str, value: &str) -> Vec<wicket_guest::Effect> {
        let ctx = wicket_guest::Context::new("/w", "/w/agents/a", "/w/agents/a", "/h")
            .with_protected(vec![
                "/w/repo.git".into(),
                "/w/.wicket".into(),
                "/w/agents".into(),
            ]);
        let mut r = Reader::new(&ctx, &[]);
        let scope = r.start_scope();
        let value = if value.starts_with('$') {
            Arg {
                values: None,
                glob: false,
                shown: value.into(),
            }
        } else {
            Arg::literal(value)
        };
        assert!(assignment(&mut r, name, &value, &scope), "{name} is known");
        // Strictest first, as the shipped table rules: refuse, hold, pass.
        let rank = |e: &wicket_guest::Effect| match e {
            wicket_guest::Effect::Destructive | wicket_guest::Effect::Secret => 2,
            wicket_guest::Effect::Opaque => 1,
            _ => 0,
        };
        let mut effects: Vec<_> = r.notes.iter().map(|n| n.effect).collect();
        effects.sort_by_key(|e| (rank(e), *e));
        effects.reverse();
        effects
    }

    #[test]
    fn harmless_values_pass_and_the_rest_are_read() {
        use wicket_guest::Effect::*;
        let worst = |name: &str, value: &str| read(name, value).first().copied().unwrap_or(Read);
        // Harmless settings pass (the old list held all of these).
        assert_eq!(worst("NODE_OPTIONS", "--max-old-space-size=4096"), Read);
        assert_eq!(
            worst("NODE_OPTIONS", "--enable-source-maps --no-warnings"),
            Read
        );
        assert_eq!(worst("RUBYOPT", "-W0"), Read);
        assert_eq!(worst("PERL5OPT", "-Mstrict -w"), Read);
        assert_eq!(worst("RUSTFLAGS", "$RUSTFLAGS --cfg tokio_unstable"), Read);
        assert_eq!(worst("RUSTFLAGS", "-C target-cpu=native -D warnings"), Read);
        assert_eq!(worst("PYTHONWARNINGS", "ignore"), Read);
        assert_eq!(worst("GOFLAGS", "-mod=mod -trimpath"), Read);
        assert_eq!(
            worst("JAVA_TOOL_OPTIONS", "-Xmx2g -Dfile.encoding=UTF-8"),
            Read
        );
        assert_eq!(worst("CFLAGS", "-O2 -Wall"), Read);
        assert_eq!(worst("PYTHONPATH", "src:tests"), Read);
        assert_eq!(worst("CARGO_TARGET_DIR", "target/alt"), Read);
        // Code and programs are read.
        assert_eq!(worst("NODE_OPTIONS", "--require ./x.js"), OpenWorld);
        assert_eq!(worst("RUBYOPT", "-rx"), OpenWorld);
        assert_eq!(worst("PYTHONSTARTUP", "x.py"), OpenWorld);
        assert_eq!(worst("RUSTC_WRAPPER", "sccache"), OpenWorld);
        // What writes or runs in the protected set is not passed.
        assert_eq!(worst("CARGO_TARGET_DIR", "../../repo.git"), Opaque);
        assert_eq!(
            worst("NODE_OPTIONS", "--redirect-warnings=../../.wicket/w"),
            Destructive
        );
        assert_eq!(
            worst("NODE_OPTIONS", "--import=data:text/javascript,require('fs').rmSync('../../.wicket',{recursive:true})"),
            Destructive
        );
        assert_eq!(
            worst("PERL5OPT", "-Mstrict;unlink\"../../.wicket/x\""),
            Destructive
        );
        assert_eq!(
            worst("RUSTFLAGS", "-C incremental=../../.wicket"),
            Destructive
        );
        assert_eq!(worst("GOFLAGS", "-o=../../repo.git/x"), Destructive);
        assert_eq!(worst("GIT_TRACE", "/w/.wicket/t"), Destructive);
        assert_eq!(worst("LD_DEBUG_OUTPUT", "/w/repo.git/x"), Destructive);
        assert_eq!(
            worst("PYTEST_ADDOPTS", "--basetemp=../../repo.git"),
            Destructive
        );
        assert_eq!(
            worst("JAVA_TOOL_OPTIONS", "-XX:OnError='rm -rf /w/.wicket'"),
            Destructive
        );
        assert_eq!(worst("CC", "rm -rf /w/.wicket"), Destructive);
        assert_eq!(worst("PYTHONPATH", "/w/repo.git/hooks"), Opaque);
        // Unknown values are opaque; an inherited prefix with a literal rest is read.
        assert_eq!(worst("NODE_OPTIONS", "$(cat x)"), Opaque);
        assert_eq!(worst("NODE_OPTIONS", "--bogus"), Opaque);
        assert_eq!(worst("NPM_CONFIG_USERCONFIG", "./x"), Opaque);
    }

    #[test]
    fn every_variable_has_a_kind_and_others_are_left_alone() {
        assert_eq!(kind("NODE_OPTIONS"), Some(Kind::NodeOptions));
        assert_eq!(
            kind("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER"),
            Some(Kind::Program)
        );
        assert_eq!(kind("GIT_TRACE2_EVENT"), Some(Kind::GitTrace));
        assert_eq!(kind("PATH"), None);
        assert_eq!(kind("LD_PRELOAD"), None);
    }
}
