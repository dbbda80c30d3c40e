//! The startup files: what programs the harness (and the operator) start
//! later read to decide what they run, outside any call. wicket's host adds
//! each to the protected set it hands its built-in classifier, as written
//! and where it leads (a dotfile linked from elsewhere is protected where it
//! lives too); a plugin that wants them can add them to its own (each
//! resolved with [`crate::Context::resolve`]).

/// Files in the home that decide what later runs outside any call: git
/// reads its user configuration in every git the harness runs (litany
/// commits each step with `git -C <worktree> commit`, so a `core.hooksPath`
/// or `core.fsmonitor` planted there runs in litany's own process), and the
/// shells run their startup files in every later login or interactive
/// shell, the operator's too. They belong to the protected set: the host
/// adds each, as written and where it leads, to the built-in classifier's
/// [`crate::Context::protected`].
pub const HOME_STARTUP: &[&str] = &[
    ".gitconfig",
    ".config/git",
    ".profile",
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_logout",
    ".bash_aliases",
    ".zshenv",
    ".zprofile",
    ".zshrc",
    ".zlogin",
    ".zlogout",
    ".kshrc",
    ".mkshrc",
    // fish's and the C shells' startup files, and bash-completion's, which
    // every interactive bash with it installed sources (`~/.bash_completion`)
    // or loads a command's completion from (`~/.local/share/bash-completion`).
    ".config/fish",
    ".tcshrc",
    ".cshrc",
    ".login",
    ".bash_completion",
    ".local/share/bash-completion",
    // litany's adapter `bz` (brazen 0.0.19) reads `~/.config/brazen/config.toml`
    // for every model call, and runs the program its `[provider.transport]`
    // block or a provider's `exec` names: a harness program by another name.
    ".config/brazen",
    // less reads a lesskey file from the home at every start (less 590:
    // `~/.lesskey` as source, `~/.less` compiled); its `#env` section can set
    // LESSOPEN, a command less then runs on each file it shows, with or
    // without a terminal (verified under dash).
    ".lesskey",
    ".less",
    ".config/lesskey",
];

/// The system's counterparts of [`HOME_STARTUP`]: git's system
/// configuration, which every git the harness runs reads (`/etc/gitconfig`
/// for a distribution's git, `/usr/local/etc/gitconfig` for one built from
/// source), and the startup files every login or interactive shell runs.
/// Only an agent running as root can write them; one that can, takes the
/// harness's step commit over as surely as through `~/.gitconfig`.
pub const SYSTEM_STARTUP: &[&str] = &[
    "/etc/gitconfig",
    "/usr/local/etc/gitconfig",
    "/etc/gitattributes",
    "/usr/local/etc/gitattributes",
    "/etc/profile",
    "/etc/profile.d",
    "/etc/bash.bashrc",
    "/etc/zsh",
    "/etc/zshenv",
    "/etc/zprofile",
    "/etc/zshrc",
    "/etc/zlogin",
    "/etc/fish",
    "/etc/csh.cshrc",
    "/etc/csh.login",
    "/etc/bash_completion.d",
    // The dynamic loader's preload list: every dynamically linked program
    // started after it is written (wicket, litany, git, the shell) loads
    // the libraries it names first. Its search path the same way, once
    // ldconfig runs.
    "/etc/ld.so.preload",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
];

/// Every startup file as written: [`HOME_STARTUP`] under `home`, then
/// [`SYSTEM_STARTUP`].
pub fn files(home: &str) -> impl Iterator<Item = String> + '_ {
    let home = home.trim_end_matches('/');
    HOME_STARTUP
        .iter()
        .map(move |name| format!("{home}/{name}"))
        .chain(SYSTEM_STARTUP.iter().map(|p| (*p).to_owned()))
}
