//! git's settings: `-c key=value` and `--config-env` for one command, read
//! for what they make git do (run a program, hand over credentials, look in
//! another directory, transfer elsewhere), aliases defined that way, and
//! `git config`, which writes configuration every git run reads.
//!
//! `git config` writes of the repository's configuration (`repo.git/config`,
//! the worktree's `config.worktree`) and of the user's and system's (which
//! the harness's own git reads) are refused by design; the reason says what
//! works instead: `git -c key=value <command>` for one command, and
//! `GIT_AUTHOR_*`/`GIT_COMMITTER_*` for an identity. Reads are read: a
//! listing prints the settings git itself uses, and a token kept in a remote
//! URL is printed just the same by `git remote -v`; only asking for a key
//! named as a credential (`*.password`, `*.token`, `http.extraHeader`) is
//! secret. Credential helpers and stores stay secret.

use wicket_guest::Effect;

use super::opts::{Table, PARSE, PARSE_STOP};
use super::{Family, Git, Sub};
use crate::argv::Parsed;
use crate::read::{Arg, Change, Reach, Reader, Scope};

/// One setting given for this command.
#[derive(Debug, Clone)]
pub struct Setting {
    /// The key, lowercased (`""`: the whole setting is unknown).
    pub key: String,
    /// Its value (`None`: only known when it runs).
    pub value: Option<String>,
    pub shown: String,
}

/// The settings given for this command, in order (later ones win).
#[derive(Debug, Clone, Default)]
pub struct Settings(pub Vec<Setting>);

impl Settings {
    /// `-c key=value` (a key alone is `true`).
    pub fn push(&mut self, arg: &Arg) {
        let Some(text) = arg.text() else {
            self.0.push(Setting {
                key: String::new(),
                value: None,
                shown: arg.shown.clone(),
            });
            return;
        };
        let (key, value) = text.split_once('=').unwrap_or((text, "true"));
        self.0.push(Setting {
            key: key.to_ascii_lowercase(),
            value: Some(value.to_owned()),
            shown: text.to_owned(),
        });
    }

    /// `--config-env key=VAR`: the value is the variable's.
    pub fn push_env(&mut self, arg: &Arg, scope: &Scope) {
        let Some((key, var)) = arg.text().and_then(|t| t.split_once('=')) else {
            self.push(&Arg {
                values: None,
                glob: false,
                shown: arg.shown.clone(),
            });
            return;
        };
        let value = match scope.vars.get(var) {
            Some(Some(values)) if values.len() == 1 => Some(values[0].clone()),
            _ => None,
        };
        self.0.push(Setting {
            key: key.to_ascii_lowercase(),
            value,
            shown: arg.shown.clone(),
        });
    }

    /// The last setting of a key.
    pub fn get(&self, key: &str) -> Option<&Setting> {
        self.0.iter().rev().find(|s| s.key == key)
    }

    /// A setting's value as a word (unknown when it is).
    pub fn value_arg(&self, key: &str) -> Option<Arg> {
        self.get(key).map(|s| Arg {
            values: s.value.clone().map(|v| vec![v]),
            glob: false,
            shown: s.shown.clone(),
        })
    }

    /// Whether a boolean setting is on.
    pub fn is_true(&self, key: &str) -> Option<bool> {
        self.get(key).map(|s| {
            s.value.as_deref().is_none_or(|v| {
                matches!(
                    v.to_ascii_lowercase().as_str(),
                    "true" | "yes" | "on" | "1" | ""
                )
            })
        })
    }

    /// A setting that changes where a transfer goes or which refs it writes.
    pub fn transfer(&self) -> Option<&Setting> {
        self.0.iter().find(|s| kind(&s.key) == Kind::Transfer)
    }

    /// What every setting makes any git do.
    /// `files`: what git hands a diff program (`diff.external`, a
    /// textconv) when it compares the agent's own worktree — a file of the
    /// worktree and a temporary copy — or `None` when that is not known.
    pub fn check(&self, r: &mut Reader, at: &Scope, shown: &str, files: Option<Vec<String>>) {
        // With http.saveCookies on, libcurl writes its cookie jar to the
        // cookie file when git is done (`git -c http.saveCookies=true -c
        // http.cookieFile=.git ls-remote http://…` overwrote the worktree's
        // gitfile; verified under dash).
        let saves_cookies = self.0.iter().any(|s| {
            (s.key == "http.savecookies" || matches(&s.key, "http.*.savecookies"))
                && s.value.as_deref().is_none_or(|v| {
                    !matches!(
                        v.to_ascii_lowercase().as_str(),
                        "false" | "no" | "off" | "0"
                    )
                })
        });
        for s in &self.0 {
            if s.key.is_empty() {
                r.note(
                    Effect::Opaque,
                    format!(
                        "{shown} sets git configuration `{}`, only known when it runs",
                        s.shown
                    ),
                );
                continue;
            }
            let value = s.value.as_deref();
            // rerere keeps its records in rr-cache, one of the directories
            // every worktree shares (repo.git/rr-cache): turned on here, a
            // merge's resolution lands there and every other agent's
            // merges replay it (the directory's being there turns rerere
            // on for them all).
            if s.key == "rerere.enabled"
                && !value.is_some_and(|v| {
                    matches!(
                        v.to_ascii_lowercase().as_str(),
                        "false" | "no" | "off" | "0"
                    )
                })
            {
                r.note(
                    Effect::Opaque,
                    format!(
                        "{shown}: rerere.enabled records resolutions into repo.git/rr-cache, which every worktree shares and replays in its merges"
                    ),
                );
                continue;
            }
            match kind(&s.key) {
                Kind::Command => match value {
                    Some(v) if is_bool(v) && boolean_allowed(&s.key) => {}
                    Some(v) => {
                        let command = v.strip_prefix('!').unwrap_or(v);
                        let mut scope = at.clone();
                        if appends_arguments(&s.key) {
                            let given = if gives_files(&s.key) {
                                files.clone()
                            } else {
                                crate::read::appended_by_caller(&s.key)
                            };
                            r.read_text_with_args(command, &mut scope, given);
                        } else {
                            r.read_text(command, &mut scope);
                        }
                    }
                    None => r.note(
                        Effect::Opaque,
                        format!("{shown}: {} makes git run a program only known when it runs", s.key),
                    ),
                },
                Kind::Helper => match value {
                    Some("") => {}
                    _ => r.guard(
                        Effect::Secret,
                        format!("{shown}: {} hands git's credentials to `{}`", s.key, value.unwrap_or("?")),
                    ),
                },
                Kind::Relocates if s.key == "core.hookspath" && matches!(value, Some("/dev/null" | "")) => {}
                Kind::Relocates => r.note(
                    Effect::Opaque,
                    format!(
                        "{shown}: {} makes git read code or configuration from `{}`, which wicket cannot read",
                        s.key,
                        value.unwrap_or("?")
                    ),
                ),
                Kind::Maintenance => {
                    let off = matches!(
                        (s.key.as_str(), value),
                        ("gc.auto", Some("0")) | ("maintenance.auto", Some("false" | "0"))
                    );
                    if !off {
                        r.note(
                            Effect::Opaque,
                            format!(
                                "{shown}: {} shapes the maintenance git runs on the repository every agent shares",
                                s.key
                            ),
                        );
                    }
                }
                Kind::ReadsFile => match value {
                    Some(v) if saves_cookies && s.key.ends_with(".cookiefile") && !v.is_empty() => {
                        r.reads(&Arg::literal(v), at, shown);
                        r.change(&Arg::literal(v), at, Change::Overwrite, Reach::Path, shown);
                    }
                    Some(v) => r.reads(&Arg::literal(v), at, shown),
                    None => r.note(
                        Effect::Opaque,
                        format!("{shown}: {} names a file only known when it runs", s.key),
                    ),
                },
                Kind::WritesFile => match value {
                    Some(v) if v.starts_with('/') || relative_is_path(&s.key) && !v.is_empty() => {
                        r.change(&Arg::literal(v), at, Change::Write, Reach::Path, shown)
                    }
                    Some(_) => {}
                    None => r.note(
                        Effect::Opaque,
                        format!("{shown}: {} names a file only known when it runs", s.key),
                    ),
                },
                Kind::WritesDir => match value {
                    Some(v) => r.change(&Arg::literal(v), at, Change::Write, Reach::Path, shown),
                    None => r.note(
                        Effect::Opaque,
                        format!("{shown}: {} names a directory only known when it runs", s.key),
                    ),
                },
                Kind::Environment => r.guard(
                    Effect::Secret,
                    format!("{shown}: {} makes git's trace print environment variables", s.key),
                ),
                Kind::Transfer | Kind::Harmless => {}
            }
        }
    }
}

/// What a setting makes git do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Its value is a command or program git runs.
    Command,
    /// A credential helper.
    Helper,
    /// It makes git read code or configuration from a place wicket cannot
    /// read (hooks, includes, templates, repository extensions).
    Relocates,
    /// It changes where transfers go or which refs they write.
    Transfer,
    /// It shapes gc and maintenance of the shared repository.
    Maintenance,
    ReadsFile,
    WritesFile,
    /// A directory git writes files into, from where it runs.
    WritesDir,
    /// It makes a trace print the environment.
    Environment,
    Harmless,
}

fn is_bool(v: &str) -> bool {
    matches!(
        v.to_ascii_lowercase().as_str(),
        "true" | "false" | "yes" | "no" | "on" | "off" | "1" | "0" | ""
    )
}

/// Keys whose value may be a boolean rather than a command.
fn boolean_allowed(key: &str) -> bool {
    key.starts_with("pager.") || key == "core.fsmonitor" || key.starts_with("submodule.")
}

/// `section.*.name` matching: `*` is one subsection (which may hold dots).
fn matches(key: &str, pattern: &str) -> bool {
    match pattern.split_once(".*.") {
        Some((section, name)) => {
            key.starts_with(&format!("{section}."))
                && key.ends_with(&format!(".{name}"))
                && key.len() > section.len() + name.len() + 2
        }
        None => match pattern.strip_suffix(".*") {
            Some(section) => key.starts_with(&format!("{section}.")),
            None => key == pattern,
        },
    }
}

const COMMANDS: &[&str] = &[
    "core.sshcommand",
    "core.pager",
    "core.editor",
    "core.askpass",
    "core.fsmonitor",
    "core.gitproxy",
    "core.alternaterefscommand",
    "sequence.editor",
    "diff.external",
    "diff.*.textconv",
    "diff.*.command",
    "merge.*.driver",
    "filter.*.clean",
    "filter.*.smudge",
    "filter.*.process",
    "gpg.program",
    "gpg.*.program",
    "gpg.ssh.defaultkeycommand",
    "pager.*",
    "uploadpack.packobjectshook",
    "remote.*.uploadpack",
    "remote.*.receivepack",
    "remote.*.vcs",
    "mergetool.*.cmd",
    "mergetool.*.path",
    "difftool.*.cmd",
    "difftool.*.path",
    "web.browser",
    "help.browser",
    "browser.*.cmd",
    "browser.*.path",
    "man.viewer",
    "man.*.cmd",
    "man.*.path",
    "sendemail.smtpserver",
    "sendemail.tocmd",
    "sendemail.cccmd",
    "sendemail.headercmd",
    "interactive.difffilter",
    "imap.tunnel",
    "submodule.*.update",
    "ssh.variant",
    // trailer.c `apply_command`: run by `sh -c` for `interpret-trailers`
    // and `commit --trailer`, `.cmd` with the value appended, `.command`
    // with `$ARG` replaced.
    "trailer.*.cmd",
    "trailer.*.command",
    "sendemail.sendmailcmd",
    "sendemail.*.sendmailcmd",
    "sendemail.*.smtpserver",
    "sendemail.*.tocmd",
    "sendemail.*.cccmd",
    "sendemail.*.headercmd",
    // Hooks named in configuration (git 2.50 and later).
    "hook.*.command",
    // archive-tar.c: `git archive --format=F` (or `-o x.F`) pipes the tar
    // through it with `sh -c`, nothing appended; upload-archive too, for a
    // format marked `remote`.
    "tar.*.command",
];

/// The commands git runs with nothing appended: a pager and a filter read
/// their input, a merge driver and the tools' `cmd` get their files spelled
/// into the text (`%A`, `$LOCAL`). Git appends arguments to every other
/// command in [`COMMANDS`] (run-command.c `prepare_shell_cmd`: `sh -c
/// 'CMD "$@"' CMD ARG…`): the file an editor edits, the seven an external
/// diff or textconv is given, an fsmonitor hook's version and token, a
/// host for ssh and proxies, a prompt for askpass, a repository path for
/// the other side's programs, a URL for a browser.
const NO_ARGUMENTS: &[&str] = &[
    "core.pager",
    "pager.*",
    "filter.*.clean",
    "filter.*.smudge",
    "filter.*.process",
    "merge.*.driver",
    "mergetool.*.cmd",
    "difftool.*.cmd",
    "interactive.difffilter",
    "imap.tunnel",
    "trailer.*.command",
    "tar.*.command",
];

/// The commands git hands the files it compares (diff.c
/// `run_external_diff`: the path, the old file and the new one with their
/// ids and modes): files of the worktree, and temporary copies.
const GIVES_FILES: &[&str] = &["diff.external", "diff.*.command", "diff.*.textconv"];

fn gives_files(key: &str) -> bool {
    GIVES_FILES.iter().any(|p| matches(key, p))
}

/// Whether git appends arguments when it runs the command a key names.
fn appends_arguments(key: &str) -> bool {
    !NO_ARGUMENTS.iter().any(|p| matches(key, p))
}

const RELOCATES: &[&str] = &[
    "core.hookspath",
    "include.path",
    "includeif.*.path",
    "init.templatedir",
    "extensions.*",
    "core.repositoryformatversion",
    "core.bare",
    "safe.bareRepository",
];

const TRANSFER: &[&str] = &[
    "remote.*.url",
    "remote.*.pushurl",
    "remote.*.push",
    "remote.*.fetch",
    "remote.*.mirror",
    "remote.*.proxy",
    "remote.pushdefault",
    "branch.*.remote",
    "branch.*.pushremote",
    "branch.*.merge",
    "push.default",
    "url.*.insteadof",
    "url.*.pushinsteadof",
    "protocol.allow",
    "protocol.*.allow",
    "submodule.*.url",
    "fetch.prune",
    "fetch.prunetags",
];

const MAINTENANCE: &[&str] = &[
    "gc.*",
    "maintenance.*",
    "fetch.writecommitgraph",
    "core.commitgraph",
    "pack.*",
    "repack.*",
];

const READS_FILE: &[&str] = &[
    "commit.template",
    "core.excludesfile",
    "core.attributesfile",
    "blame.ignorerevsfile",
    "mailmap.file",
    "gpg.ssh.allowedsignersfile",
    "gpg.ssh.revocationfile",
    "http.sslcert",
    "http.sslkey",
    "http.sslcainfo",
    "http.*.sslcert",
    "http.*.sslkey",
    "http.cookiefile",
    "http.*.cookiefile",
    "sendemail.aliasesfile",
    "user.signingkey",
];

const WRITES_FILE: &[&str] = &[
    "trace2.normaltarget",
    "trace2.perftarget",
    "trace2.eventtarget",
    // The file libcurl appends TLS secrets to, as SSLKEYLOGFILE names it
    // (a key of newer git than this machine's 2.47; read as the file it
    // names wherever git knows it).
    "http.sslkeylogfile",
    "http.*.sslkeylogfile",
];

/// Write-file keys whose relative value is a path from where git runs
/// (trace2's targets take only absolute paths: other values are streams).
fn relative_is_path(key: &str) -> bool {
    key.ends_with(".sslkeylogfile")
}

/// Settings naming a directory git writes files into, relative to where it
/// runs (`format-patch` writes its patches there).
const WRITES_DIR: &[&str] = &["format.outputdirectory"];

fn kind(key: &str) -> Kind {
    let any = |list: &[&str]| list.iter().any(|p| matches(key, &p.to_ascii_lowercase()));
    if key == "credential.helper" || matches(key, "credential.*.helper") {
        Kind::Helper
    } else if any(COMMANDS) {
        Kind::Command
    } else if any(RELOCATES) {
        Kind::Relocates
    } else if any(TRANSFER) {
        Kind::Transfer
    } else if any(MAINTENANCE) {
        Kind::Maintenance
    } else if any(READS_FILE) {
        Kind::ReadsFile
    } else if any(WRITES_FILE) {
        Kind::WritesFile
    } else if any(WRITES_DIR) {
        Kind::WritesDir
    } else if key == "trace2.envvars" {
        Kind::Environment
    } else {
        Kind::Harmless
    }
}

/// The last parts of key names that hold a credential.
const CREDENTIAL_NAMES: &[&str] = &[
    "password",
    "token",
    "oauthtoken",
    "secret",
    "extraheader",
    "apikey",
];

/// Whether a key's name marks a credential.
fn names_credential(key: &str) -> bool {
    let last = key.rsplit('.').next().unwrap_or("");
    CREDENTIAL_NAMES.contains(&last)
}

/// `git -c alias.NAME=… NAME …`: an alias for a name git does not have is
/// read as what it expands to. Returns whether one was.
pub fn alias(r: &mut Reader, g: &mut Git, name: &str, rest: &[Arg], scope: &mut Scope) -> bool {
    let key = format!("alias.{}", name.to_ascii_lowercase());
    let Some(setting) = g.settings.get(&key).cloned() else {
        return false;
    };
    let Some(value) = setting.value else {
        r.note(
            Effect::Opaque,
            format!(
                "{}: the alias {name} expands to text only known when it runs",
                g.shown
            ),
        );
        return true;
    };
    if let Some(command) = value.strip_prefix('!') {
        // A shell alias runs `sh -c '<command> "$@"'` with the arguments.
        let mut text = command.to_owned();
        for arg in rest {
            match arg.text() {
                Some(t) if !t.contains(['\'', '\\']) => text.push_str(&format!(" '{t}'")),
                _ => {
                    r.note(
                        Effect::Opaque,
                        format!(
                            "{}: the alias {name} runs with words wicket cannot quote",
                            g.shown
                        ),
                    );
                    return true;
                }
            }
        }
        let mut at = g.at.clone();
        r.read_text(&text, &mut at);
        return true;
    }
    if value.contains(['"', '\'', '\\']) {
        r.note(
            Effect::Opaque,
            format!(
                "{}: the alias {name} = `{value}` is quoted in ways wicket does not read",
                g.shown
            ),
        );
        return true;
    }
    let mut words: Vec<Arg> = value.split_whitespace().map(Arg::literal).collect();
    if words.is_empty() {
        return false;
    }
    let first = words.remove(0);
    let Some(sub_name) = first.text().map(str::to_owned) else {
        return false;
    };
    words.extend(rest.iter().cloned());
    // An alias of an alias, or of a name git does not have, is not read.
    let Some(sub) = super::find(&sub_name) else {
        r.note(
            Effect::Opaque,
            format!(
                "{}: the alias {name} runs `git {sub_name}`, which wicket does not describe",
                g.shown
            ),
        );
        return true;
    };
    super::run_sub(r, g, sub, &sub_name, &words, scope);
    true
}

// ---- git config ----

const LOCATION: &str = "global system local worktree f,file= blob=";
const TYPES: &str = "t,type= !bool !int !bool-or-int !bool-or-str !path !expiry-date";
const DISPLAY: &str = "z,null name-only show-origin show-scope show-names";

/// The legacy form (`git config [--global] key [value]`, `--get`, …).
const LEGACY: Table = Table {
    style: PARSE_STOP,
    parts: &[
        LOCATION,
        "get get-all get-regexp get-urlmatch replace-all add unset unset-all \
         rename-section remove-section l,list e,edit get-color get-colorbool",
        TYPES,
        DISPLAY,
        "default= comment= fixed-value includes",
    ],
};

const LIST: Table = Table {
    style: PARSE,
    parts: &[LOCATION, DISPLAY, TYPES, "includes"],
};
const GET: Table = Table {
    style: PARSE,
    parts: &[
        LOCATION,
        DISPLAY,
        TYPES,
        "includes all regexp value= fixed-value url= default=",
    ],
};
const SET: Table = Table {
    style: PARSE,
    parts: &[LOCATION, TYPES, "all value= fixed-value comment= append"],
};
const UNSET: Table = Table {
    style: PARSE,
    parts: &[LOCATION, "all value= fixed-value"],
};
const SECTION: Table = Table {
    style: PARSE,
    parts: &[LOCATION],
};

pub const SUBS: &[&Sub] = &[&CONFIG];

const CONFIG: Sub = Sub {
    names: &["config"],
    table: None,
    family: Some(&Family {
        parent: None,
        members: &[
            &Sub {
                names: &["list"],
                table: Some(&LIST),
                family: None,
                read: config_list,
                examples: examples![
                    (Effect::Secret, "git config list --show-origin"),
                    (Effect::Read, "git config list --name-only"),
                ],
            },
            &Sub {
                names: &["get"],
                table: Some(&GET),
                family: None,
                read: config_get,
                examples: examples![
                    (Effect::Read, "git config get user.email"),
                    (Effect::Secret, "git config get http.extraHeader"),
                ],
            },
            &Sub {
                names: &["set"],
                table: Some(&SET),
                family: None,
                read: config_write,
                examples: examples![
                    (Effect::Destructive, "git config set user.email a@b"),
                    (
                        Effect::TargetWrite,
                        "git config set --file .gitmodules submodule.x.url ../x",
                    ),
                ],
            },
            &Sub {
                names: &["unset"],
                table: Some(&UNSET),
                family: None,
                read: config_write,
                examples: examples![(Effect::Destructive, "git config unset --global core.pager")],
            },
            &Sub {
                names: &["rename-section", "remove-section"],
                table: Some(&SECTION),
                family: None,
                read: config_write,
                examples: examples![(
                    Effect::Destructive,
                    "git config remove-section remote.origin",
                )],
            },
            &Sub {
                names: &["edit"],
                table: Some(&SECTION),
                family: None,
                read: config_write,
                examples: examples![(Effect::Destructive, "git config edit")],
            },
        ],
        default: Some(&LEGACY_SUB),
        fallback: Some(&LEGACY_SUB),
    }),
    read: config_legacy,
    examples: examples![
        (Effect::Read, "git config user.email"),
        (Effect::Read, "git config --get remote.origin.url"),
        (Effect::Secret, "git config --list"),
        (Effect::Read, "git config -l --name-only"),
        (
            Effect::Secret,
            "git config --get credential.https://github.com.password",
        ),
        (
            Effect::Destructive,
            "git config user.email agent@example.com",
        ),
        (
            Effect::Destructive,
            "git config --local blame.ignoreRevsFile .git-blame-ignore-revs",
        ),
        (Effect::Destructive, "git config core.hooksPath /tmp/h"),
        (
            Effect::Destructive,
            "git config --global alias.st '!rm -rf ~'",
        ),
        (Effect::Destructive, "git config --global user.name x"),
        (
            Effect::Destructive,
            "git config --worktree core.fsmonitor ./x",
        ),
        (
            Effect::Destructive,
            "git config --file ~/.gitconfig user.name x",
        ),
        (
            Effect::Destructive,
            "git config --unset-all remote.origin.push",
        ),
        (Effect::Destructive, "git config -e"),
        (Effect::Destructive, "git config user.name --global"),
        (
            Effect::TargetWrite,
            "git config -f .gitmodules submodule.lib.url ../lib",
        ),
        (Effect::OpenWorld, "git config -f /tmp/x.cfg a.b c"),
        (
            Effect::Destructive,
            "GIT_CONFIG=../../repo.git/config git config a.b c",
        ),
        (Effect::Read, "git -c user.email=a@b config user.email"),
        (Effect::Opaque, "git config --bogus"),
    ],
};

const LEGACY_SUB: Sub = Sub {
    names: &["(legacy)"],
    table: Some(&LEGACY),
    family: None,
    read: config_legacy,
    examples: examples![],
};

const GUIDANCE: &str = "git configuration is shared by every agent and the harness, so wicket refuses writes to it by design; \
     for one command use `git -c key=value <command>`, and for an identity set GIT_AUTHOR_NAME, GIT_AUTHOR_EMAIL, \
     GIT_COMMITTER_NAME and GIT_COMMITTER_EMAIL";

/// Where a `git config` reads or writes.
fn location(g: &Git, p: &Parsed, scope: &Scope) -> Loc {
    if let Some(file) = p.last("file") {
        return Loc::File(file.clone());
    }
    if let Some(blob) = p.last("blob") {
        let _ = blob;
        return Loc::Blob;
    }
    if p.has("global") {
        return Loc::Shared("the user's ~/.gitconfig, which every git the harness runs reads");
    }
    if p.has("system") {
        return Loc::Shared("the system's /etc/gitconfig, which every git reads");
    }
    if p.has("worktree") {
        return Loc::Shared("the worktree's config.worktree inside repo.git, which the harness's git reads in this worktree");
    }
    if p.has("local") {
        return Loc::Shared("repo.git/config, which every agent and the harness read");
    }
    if let Some(Some(values)) = scope.vars.get("GIT_CONFIG") {
        if let Some(v) = values.first() {
            return Loc::File(Arg::literal(v));
        }
    }
    let _ = g;
    Loc::Default
}

enum Loc {
    /// Every scope for reads; the repository's config for writes.
    Default,
    Shared(&'static str),
    File(Arg),
    Blob,
}

fn config_read(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &Scope, key: Option<&Arg>) {
    if let Loc::File(file) = location(g, p, scope) {
        g.input(r, &file);
    }
    if let Some(key) = key {
        let text = key.text().unwrap_or(&key.shown).to_ascii_lowercase();
        // A regular expression aimed at a credential's name
        // (`--get-regexp 'http.*extraheader'`) prints it as surely as the
        // key itself.
        let regexp = p.has("get-regexp") || p.has("regexp");
        let aimed = regexp && CREDENTIAL_NAMES.iter().any(|name| text.contains(name));
        // A regular expression, or a section for a URL (`--get-urlmatch
        // http URL`), that can match a credential's key prints it too:
        // `git config --get-regexp .` and `--get-regexp http` printed
        // http.<url>.extraheader (verified under dash).
        let wide =
            (regexp || p.has("get-urlmatch") || p.has("url")) && could_match_credential(&text);
        if names_credential(&text) || aimed || wide {
            r.guard(
                Effect::Secret,
                format!(
                    "{} reads {text}, a setting that holds a credential",
                    g.shown
                ),
            );
        }
    }
    // Every setting at once, values and all, credentials among them.
    if key.is_none() && !p.has("name-only") && !p.has("get-color") && !p.has("get-colorbool") {
        r.guard(
            Effect::Secret,
            format!(
                "{} prints every setting with its value, a credential among them where one is set \
                 (http.<url>.extraheader); ask for the setting by name (`git config --get user.email`) \
                 or list names only (--name-only)",
                g.shown
            ),
        );
    }
    g.reads(r, "reads git configuration");
}

/// Whether a key pattern (a regular expression, or a section for a URL)
/// can match a key that holds a credential: each alternative's literal
/// fragments all occur in such a key.
fn could_match_credential(pattern: &str) -> bool {
    const KEYS: &[&str] = &[
        "http.https://host/path.extraheader",
        "section.sub.password",
        "section.sub.token",
        "section.sub.oauthtoken",
        "section.sub.secret",
        "section.sub.apikey",
    ];
    pattern.split('|').any(|alternative| {
        alternative
            .split(|c: char| "^$\\.*+?()[]{}".contains(c))
            .filter(|f| !f.is_empty())
            .all(|f| KEYS.iter().any(|k| k.contains(f)))
    })
}

fn config_write(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    match location(g, p, scope) {
        Loc::File(file) => {
            if let Some(home_config) = user_config(r, g, &file) {
                r.guard(
                    Effect::Destructive,
                    format!("{} writes {home_config}, which every git the harness runs reads; {GUIDANCE}", g.shown),
                );
            } else {
                g.out(r, &file, Change::Write, Reach::Path);
            }
        }
        Loc::Blob => r.note(
            Effect::Read,
            format!("{}: a blob cannot be written; git refuses", g.shown),
        ),
        Loc::Shared(what) => r.guard(
            Effect::Destructive,
            format!("{} writes {what}; {GUIDANCE}", g.shown),
        ),
        Loc::Default => r.guard(
            Effect::Destructive,
            format!(
                "{} writes repo.git/config, which every agent and the harness read; {GUIDANCE}",
                g.shown
            ),
        ),
    }
}

/// Whether a `--file` is the user's or the system's git config.
fn user_config(r: &Reader, g: &Git, file: &Arg) -> Option<String> {
    let home = g.at.home(r.ctx);
    let path = file.text()?;
    let full = wicket_guest::paths::fold(&wicket_guest::paths::absolute(
        path,
        g.at.cwd.as_deref()?,
        &home,
    ));
    let xdg = format!("{}/.config/git/config", home.trim_end_matches('/'));
    let dot = format!("{}/.gitconfig", home.trim_end_matches('/'));
    [dot, xdg, "/etc/gitconfig".to_owned()]
        .into_iter()
        .find(|c| *c == full || r.ctx.resolve(c).path == r.ctx.resolve(&full).path)
}

fn config_list(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    config_read(r, g, p, scope, None);
}

fn config_get(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    let key = p.operands.first().map(|(_, a)| a.clone());
    config_read(r, g, p, scope, key.as_ref());
}

fn config_legacy(r: &mut Reader, g: &mut Git, p: &Parsed, scope: &mut Scope) {
    const READS: &[&str] = &[
        "get",
        "get-all",
        "get-regexp",
        "get-urlmatch",
        "get-color",
        "get-colorbool",
        "list",
    ];
    const WRITES: &[&str] = &[
        "replace-all",
        "add",
        "unset",
        "unset-all",
        "rename-section",
        "remove-section",
        "edit",
    ];
    let operands = p.operand_args();
    let writes = p.options.iter().any(|o| WRITES.contains(&o.opt.key));
    let reads = p.options.iter().any(|o| READS.contains(&o.opt.key));
    if writes {
        return config_write(r, g, p, scope);
    }
    if reads || operands.len() == 1 {
        return config_read(r, g, p, scope, operands.first());
    }
    if operands.is_empty() {
        r.note(
            Effect::Read,
            format!("{} names no setting: git prints its usage", g.shown),
        );
        return;
    }
    config_write(r, g, p, scope);
}
