//! An example classifier: refuses network egress to any host its
//! configuration does not allow, from a shell command (read with wicket's
//! shell reading, through launchers, `sh -c` and `eval`) or from a tool
//! that takes a `url`.
//!
//! ```yaml
//! classifiers:
//!   - path: plugins/egress-allowlist.wasm
//!     config:
//!       allow: [crates.io, github.com]   # a host, or any subdomain of it
//!       remotes: [origin]                # git remotes by name (their URLs
//!                                        # are in the protected repo config)
//! ```
//!
//! What it reads as egress: a URL or host handed to `curl`, `wget`,
//! `httpie`, `aria2c`; `git clone`/`fetch`/`pull`/`push`/`ls-remote`/
//! `submodule add` of a URL (`https://`, `ssh://`, `git@host:path`) or of a
//! remote name; `ssh`, `scp`, `sftp`, `rsync`, `nc`, `telnet`, `socat`
//! destinations; `/dev/tcp/HOST/PORT`; the registries `pip install`,
//! `npm install` and `cargo install` reach (and their `--index-url` /
//! `--registry`); and a URL in the words of any other program that is not
//! one that only prints or searches text. A destination only known when it
//! runs, a proxy, a URL rewrite (`git -c url.….insteadOf`) or a list of
//! URLs read from a file is refused too: the host cannot be checked.
//! Everything else it abstains on (the default classifier still rules it).

use wicket_guest::{Call, Classifier, Context, Effect, Finding, Outcome};
use wicket_shell::reading::{self, Command, Placement, Word};

struct Egress;

impl Classifier for Egress {
    fn classify(call: &Call, ctx: &Context) -> Result<Outcome, String> {
        let config = Config::read(ctx)?;
        let mut dests: Vec<Dest> = Vec::new();
        if let Some(text) = reading::shell_text(call) {
            let reading = reading::read_shell(text, ctx);
            let launchers: Vec<usize> = reading
                .commands
                .iter()
                .filter_map(|c| c.launched_by)
                .collect();
            for (index, command) in reading.commands.iter().enumerate() {
                command_dests(command, launchers.contains(&index), &mut dests);
            }
            for write in &reading.writes {
                for place in &write.places {
                    if let Placement::Network(endpoint) = place {
                        dests.push(dev_tcp(endpoint, &write.by));
                    }
                }
            }
            // `cat < /dev/tcp/host/80` reads a socket: a redirect the
            // reading does not list as a write.
            for (at, _) in text
                .match_indices("/dev/tcp/")
                .chain(text.match_indices("/dev/udp/"))
            {
                let endpoint: String = text[at..]
                    .chars()
                    .take_while(|c| !c.is_whitespace() && !"'\";|&<>)".contains(*c))
                    .collect();
                dests.push(dev_tcp(&endpoint, "a redirect"));
            }
            if text.to_ascii_lowercase().contains("proxy=") {
                dests.push(Dest::Unchecked {
                    by: "the command".into(),
                    why: "sets a proxy, which every connection then goes through".into(),
                });
            }
        } else {
            for key in ["url", "urls"] {
                for url in call.input_strs(key).unwrap_or_default() {
                    dests.push(Dest::Host {
                        host: host_of_url(url).unwrap_or_default(),
                        by: call.tool.clone(),
                    });
                }
            }
        }
        let mut findings: Vec<Finding> = Vec::new();
        for dest in dests {
            let why = match dest {
                Dest::Host { host, .. } if config.allows(&host) => continue,
                Dest::Remote { name, .. } if config.remotes.contains(&name) => continue,
                Dest::Host { host, by } if host.is_empty() => {
                    format!("{by} reaches a host that cannot be told from its words")
                }
                Dest::Host { host, by } => {
                    format!("{by} reaches {host}, which is not on this workspace's egress allowlist")
                }
                Dest::Remote { name, by } => format!(
                    "{by} reaches the git remote {name}, which is not on this workspace's egress allowlist"
                ),
                Dest::Unchecked { by, why } => format!("{by} {why}, so its host cannot be checked"),
            };
            if !findings.iter().any(|f| f.why == why) {
                findings.push(Finding::new(Effect::OpenWorld, why).refuse());
            }
        }
        Ok(if findings.is_empty() {
            Outcome::Abstain
        } else {
            Outcome::Findings(findings)
        })
    }
}

wicket_guest::export_classifier!(Egress);

struct Config {
    allow: Vec<String>,
    remotes: Vec<String>,
}

impl Config {
    fn read(ctx: &Context) -> Result<Config, String> {
        let list = |key: &str| -> Result<Vec<String>, String> {
            match ctx.config().get(key) {
                None => Ok(Vec::new()),
                Some(value) => value
                    .as_array()
                    .and_then(|items| {
                        items
                            .iter()
                            .map(|i| i.as_str().map(|s| s.to_ascii_lowercase()))
                            .collect()
                    })
                    .ok_or_else(|| format!("egress-allowlist's `{key}` must be a list of strings")),
            }
        };
        if ctx.config().get("allow").is_none() {
            return Err(
                "egress-allowlist needs `config: {allow: [hosts…]}` in capability.yaml".into(),
            );
        }
        Ok(Config {
            allow: list("allow")?,
            remotes: list("remotes")?,
        })
    }

    fn allows(&self, host: &str) -> bool {
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        !host.is_empty()
            && self
                .allow
                .iter()
                .any(|h| host == *h || host.ends_with(&format!(".{h}")))
    }
}

enum Dest {
    Host { host: String, by: String },
    Remote { name: String, by: String },
    Unchecked { by: String, why: String },
}

/// Programs that only print, search or transform text: a URL in their
/// words is not fetched.
const TEXT_ONLY: &[&str] = &[
    "echo", "printf", "grep", "egrep", "fgrep", "rg", "sed", "awk", "cat", "head", "tail", "wc",
    "sort", "uniq", "tr", "cut", "jq", "test", "[", "true", "false", "ls", "mkdir", "touch", "rm",
    "cp", "mv", "tee", "diff", "basename", "dirname", "realpath", "cd", "export", ":",
];

/// The options of the fetchers that take the next word as a value (so that
/// value is not read as a host).
const FETCHER_VALUE_OPTIONS: &[&str] = &[
    "-o",
    "-O",
    "-X",
    "-H",
    "-d",
    "-u",
    "-A",
    "-e",
    "-b",
    "-c",
    "-F",
    "-T",
    "-w",
    "-m",
    "-r",
    "-C",
    "-E",
    "-Y",
    "-y",
    "-z",
    "-P",
    "-U",
    "-t",
    "-T",
    "--output",
    "--request",
    "--header",
    "--data",
    "--data-raw",
    "--data-binary",
    "--data-urlencode",
    "--user",
    "--user-agent",
    "--referer",
    "--cookie",
    "--cookie-jar",
    "--form",
    "--upload-file",
    "--write-out",
    "--max-time",
    "--range",
    "--cert",
    "--key",
    "--cacert",
    "--output-document",
    "--directory-prefix",
    "--tries",
    "--timeout",
    "--header",
    "--post-data",
    "--post-file",
    "--limit-rate",
    "--connect-timeout",
    "--retry",
    "--output-dir",
];

/// Options whose value is itself a destination (a URL or proxy).
const FETCHER_DEST_OPTIONS: &[&str] = &["--url", "-x", "--proxy", "--preproxy"];

/// Options that send the connection somewhere other than the URL's host.
const FETCHER_REROUTE_OPTIONS: &[&str] = &[
    "--resolve",
    "--connect-to",
    "--socks4",
    "--socks4a",
    "--socks5",
    "--socks5-hostname",
    "--proxy1.0",
    "--doh-url",
    "--dns-servers",
];

/// Options that read destinations from a file.
const FETCHER_FILE_OPTIONS: &[&str] = &["-K", "--config", "-i", "--input-file"];

fn command_dests(command: &Command, launches: bool, out: &mut Vec<Dest>) {
    let Some(name) = command.program.base_name() else {
        return;
    };
    let by = name.to_owned();
    let args = command.args();
    if command.more_words_at_run_time
        && matches!(
            name,
            "curl" | "wget" | "http" | "https" | "aria2c" | "ssh" | "scp" | "rsync" | "nc" | "git"
        )
    {
        out.push(Dest::Unchecked {
            by: by.clone(),
            why: "gets words only known when it runs (xargs)".into(),
        });
    }
    match name {
        "curl" | "wget" | "http" | "https" | "xh" | "aria2c" => fetcher(args, &by, out),
        "git" => git(args, &by, out),
        "ssh" | "sftp" | "mosh" => ssh(args, &by, out),
        "scp" | "rsync" => {
            for word in args {
                remote_path(word, &by, out);
            }
        }
        "nc" | "ncat" | "netcat" | "telnet" | "ftp" => {
            let mut i = 0;
            while let Some(word) = args.get(i) {
                i += 1;
                match word.known() {
                    // Listening, not reaching out.
                    Some(t) if t.starts_with("-l") || t == "--listen" => return,
                    Some("-x" | "--proxy") => {
                        if let Some(v) = args.get(i) {
                            out.push(host_word(v, &by));
                        }
                        i += 1;
                    }
                    Some("-p" | "-s" | "-w" | "-i" | "-q" | "-X" | "-e" | "-c") => i += 1,
                    Some(t) if t.starts_with('-') => {}
                    _ => {
                        out.push(host_word(word, &by));
                        break;
                    }
                }
            }
        }
        "socat" => {
            for word in args {
                match word.known() {
                    Some(text) => {
                        let upper = text.to_ascii_uppercase();
                        if ["TCP", "UDP", "SSL", "OPENSSL", "SOCKS", "PROXY"]
                            .iter()
                            .any(|p| upper.starts_with(p))
                        {
                            let host = text.split(':').nth(1).unwrap_or("").to_owned();
                            out.push(Dest::Host {
                                host,
                                by: by.clone(),
                            });
                        }
                    }
                    None => out.push(unknown(word, &by)),
                }
            }
        }
        "pip" | "pip3" | "uv" | "npm" | "pnpm" | "yarn" | "cargo" => registry(name, args, &by, out),
        // A DNS query reaches the resolver, and carries its name out.
        "nslookup" | "dig" | "host" | "drill" | "getent" => {
            for word in args {
                match word.known() {
                    Some(t) if t.starts_with('-') || t.starts_with('+') => {}
                    Some(t)
                        if name == "getent"
                            && matches!(t, "hosts" | "ahosts" | "ahostsv4" | "ahostsv6") => {}
                    Some(t) if name == "getent" && !t.contains('.') => return,
                    Some(t) => out.push(Dest::Host {
                        host: t.trim_start_matches('@').to_ascii_lowercase(),
                        by: by.clone(),
                    }),
                    None => out.push(unknown(word, &by)),
                }
            }
        }
        "docker" | "podman" => {
            let words: Vec<&Word> = args
                .iter()
                .filter(|w| !w.known().is_some_and(|t| t.starts_with('-')))
                .collect();
            if let [sub, image, ..] = words.as_slice() {
                if matches!(sub.known(), Some("pull" | "push" | "login")) {
                    match image.known() {
                        Some(text) => {
                            let first = text.split('/').next().unwrap_or("");
                            let host = if sub.known() == Some("login")
                                || (text.contains('/')
                                    && (first.contains('.')
                                        || first.contains(':')
                                        || first == "localhost"))
                            {
                                first.split(':').next().unwrap_or("").to_owned()
                            } else {
                                "docker.io".to_owned()
                            };
                            out.push(Dest::Host {
                                host,
                                by: by.clone(),
                            });
                        }
                        None => out.push(unknown(image, &by)),
                    }
                }
            }
        }
        _ if launches || TEXT_ONLY.contains(&name) => {}
        _ => {
            // Any other program handed a URL.
            for word in args {
                for value in word.values.iter().flatten() {
                    if let Some(host) = value.contains("://").then(|| host_of_url(value)).flatten()
                    {
                        out.push(Dest::Host {
                            host,
                            by: by.clone(),
                        });
                    }
                }
            }
        }
    }
}

fn unknown(word: &Word, by: &str) -> Dest {
    Dest::Unchecked {
        by: by.to_owned(),
        why: format!("reaches `{}`, only known when it runs", word.shown),
    }
}

/// A word naming a host (or a URL) for a fetcher or a socket tool.
fn host_word(word: &Word, by: &str) -> Dest {
    match word.known() {
        Some(text) => Dest::Host {
            host: host_of_url(text).unwrap_or_default(),
            by: by.to_owned(),
        },
        None => unknown(word, by),
    }
}

fn fetcher(args: &[Word], by: &str, out: &mut Vec<Dest>) {
    let mut i = 0;
    while i < args.len() {
        let word = &args[i];
        i += 1;
        let Some(text) = word.known() else {
            out.push(unknown(word, by));
            continue;
        };
        let (flag, inline) = match text.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (text, None),
        };
        if FETCHER_FILE_OPTIONS.contains(&flag) {
            out.push(Dest::Unchecked {
                by: by.to_owned(),
                why: "reads its URLs or options from a file".into(),
            });
            i += usize::from(inline.is_none());
        } else if FETCHER_REROUTE_OPTIONS.contains(&flag) {
            out.push(Dest::Unchecked {
                by: by.to_owned(),
                why: format!("sends its connections elsewhere with {flag}"),
            });
            i += usize::from(inline.is_none());
        } else if (by == "wget" && flag == "-e") || flag == "--execute" {
            out.push(Dest::Unchecked {
                by: by.to_owned(),
                why: "runs a wgetrc command (a proxy, say)".into(),
            });
            i += 1;
        } else if FETCHER_DEST_OPTIONS.contains(&flag) {
            match inline {
                Some(value) => out.push(host_word(&Word::literal(value), by)),
                None => {
                    if let Some(value) = args.get(i) {
                        out.push(host_word(value, by));
                    }
                    i += 1;
                }
            }
        } else if FETCHER_VALUE_OPTIONS.contains(&flag) {
            i += usize::from(inline.is_none());
        } else if text.starts_with('-') && text.len() > 1 {
            // A flag.
        } else if by.starts_with("http") || by == "xh" {
            // httpie: `http [METHOD] URL [items]`: the first non-method word.
            if !matches!(
                text,
                "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS"
            ) {
                out.push(host_word(word, by));
                // The rest are request items.
                return;
            }
        } else {
            out.push(host_word(word, by));
        }
    }
}

/// git's options before the subcommand that take a value.
const GIT_VALUE_OPTIONS: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--config-env",
    "--super-prefix",
    "--attr-source",
    "--shallow-file",
];

fn git(args: &[Word], by: &str, out: &mut Vec<Dest>) {
    let mut i = 0;
    while let Some(word) = args.get(i) {
        let Some(text) = word.known() else {
            out.push(Dest::Unchecked {
                by: by.to_owned(),
                why: format!("runs with `{}`, only known when it runs", word.shown),
            });
            return;
        };
        if !text.starts_with('-') {
            break;
        }
        if text == "-c" || text == "--config-env" || text.starts_with("--config-env=") {
            let value = args.get(i + 1).and_then(Word::known).unwrap_or(text);
            let key = value.split('=').next().unwrap_or("").to_ascii_lowercase();
            let key = key.trim_start_matches("--config-env");
            if key.starts_with("url.")
                || key.starts_with("http")
                || key.starts_with("remote.")
                || key == "core.gitproxy"
                || key == "core.sshcommand"
                || key.is_empty()
            {
                out.push(Dest::Unchecked {
                    by: by.to_owned(),
                    why: format!("changes where git connects (`{value}`)"),
                });
            }
        }
        i += if GIT_VALUE_OPTIONS.contains(&text) {
            2
        } else {
            1
        };
    }
    let Some(sub) = args.get(i).and_then(Word::known) else {
        return;
    };
    let by = format!("git {sub}");
    let rest = &args[i + 1..];
    let positional: Vec<&Word> = rest
        .iter()
        .filter(|w| !w.known().is_some_and(|t| t.starts_with('-')))
        .collect();
    match sub {
        "clone" | "fetch" | "pull" | "push" | "ls-remote" | "archive" => {
            if sub == "archive"
                && !rest
                    .iter()
                    .any(|w| w.known().is_some_and(|t| t.starts_with("--remote")))
            {
                return;
            }
            match positional.first() {
                Some(word) => repository(word, &by, out),
                // `git fetch`, `git pull`, `git push`: the default remote.
                None if sub != "clone" => out.push(Dest::Remote {
                    name: "origin".into(),
                    by,
                }),
                None => {}
            }
        }
        "submodule" => {
            if positional.first().and_then(|w| w.known()) == Some("add") {
                if let Some(word) = positional.get(1) {
                    repository(word, &by, out);
                }
            } else if positional.first().and_then(|w| w.known()) == Some("update") {
                out.push(Dest::Unchecked {
                    by,
                    why: "fetches the URLs .gitmodules names".into(),
                });
            }
        }
        _ => {}
    }
}

/// A git repository argument: a URL, `[user@]host:path`, a local path, or a
/// remote's name.
fn repository(word: &Word, by: &str, out: &mut Vec<Dest>) {
    let Some(text) = word.known() else {
        out.push(unknown(word, by));
        return;
    };
    if text.starts_with("ext::") || text.contains("::") {
        out.push(Dest::Unchecked {
            by: by.to_owned(),
            why: format!("uses the transport `{text}`"),
        });
    } else if text.starts_with("file://") || text.starts_with('/') || text.starts_with('.') {
        // A local repository.
    } else if text.contains("://") || scp_host(text).is_some() {
        remote_path(word, by, out);
    } else {
        out.push(Dest::Remote {
            name: text.to_owned(),
            by: by.to_owned(),
        });
    }
}

/// `host:path` or `user@host:path` as scp and git write it.
fn scp_host(text: &str) -> Option<String> {
    let (head, _) = text.split_once(':')?;
    if head.contains('/') || head.is_empty() {
        return None;
    }
    let host = head.rsplit('@').next()?;
    Some(
        host.trim_start_matches('[')
            .trim_end_matches(']')
            .to_ascii_lowercase(),
    )
}

/// A word that may be a remote path (`host:path`) or URL; else local.
fn remote_path(word: &Word, by: &str, out: &mut Vec<Dest>) {
    match word.known() {
        None => out.push(unknown(word, by)),
        Some(text) if text.starts_with('-') => {}
        Some(text) if text.contains("://") => out.push(Dest::Host {
            host: host_of_url(text).unwrap_or_default(),
            by: by.to_owned(),
        }),
        Some(text) => {
            if let Some(host) = scp_host(text) {
                out.push(Dest::Host {
                    host,
                    by: by.to_owned(),
                });
            }
        }
    }
}

/// ssh's options that take the next word as a value; `-J` is a jump host.
const SSH_VALUE_OPTIONS: &[&str] = &[
    "-B", "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-L", "-l", "-m", "-O", "-p", "-Q", "-R",
    "-S", "-W", "-w",
];

fn ssh(args: &[Word], by: &str, out: &mut Vec<Dest>) {
    let mut i = 0;
    while let Some(word) = args.get(i) {
        i += 1;
        let Some(text) = word.known() else {
            out.push(unknown(word, by));
            return;
        };
        if text == "-J" || text == "-o" {
            let value = args.get(i);
            i += 1;
            if text == "-J" {
                if let Some(v) = value {
                    out.push(host_word(v, by));
                }
            } else if value
                .and_then(Word::known)
                .is_none_or(|v| v.to_ascii_lowercase().starts_with("proxy"))
            {
                out.push(Dest::Unchecked {
                    by: by.to_owned(),
                    why: "connects through a proxy command or jump host set by -o".into(),
                });
            }
        } else if SSH_VALUE_OPTIONS.contains(&text) {
            i += 1;
        } else if !text.starts_with('-') {
            out.push(Dest::Host {
                host: host_of_url(text).unwrap_or_default(),
                by: by.to_owned(),
            });
            return;
        }
    }
}

/// Package managers: the registry they reach, unless told another.
fn registry(name: &str, args: &[Word], by: &str, out: &mut Vec<Dest>) {
    let words: Vec<&str> = args.iter().filter_map(Word::known).collect();
    let sub = words
        .iter()
        .find(|w| !w.starts_with('-'))
        .copied()
        .unwrap_or("");
    let (fetches, default): (bool, &[&str]) = match name {
        "pip" | "pip3" => (
            matches!(sub, "install" | "download" | "wheel"),
            &["pypi.org", "files.pythonhosted.org"],
        ),
        "uv" => (
            matches!(sub, "pip" | "add" | "sync" | "lock" | "tool"),
            &["pypi.org", "files.pythonhosted.org"],
        ),
        "npm" | "pnpm" | "yarn" => (
            matches!(
                sub,
                "install" | "i" | "ci" | "add" | "update" | "exec" | "dlx" | "publish" | ""
            ),
            &["registry.npmjs.org"],
        ),
        _ => (
            matches!(
                sub,
                "install"
                    | "add"
                    | "fetch"
                    | "update"
                    | "search"
                    | "publish"
                    | "login"
                    | "owner"
                    | "yank"
            ),
            &["index.crates.io", "static.crates.io"],
        ),
    };
    if !fetches {
        return;
    }
    let mut told = false;
    for (at, word) in args.iter().enumerate() {
        let Some(text) = word.known() else { continue };
        let (flag, inline) = text
            .split_once('=')
            .map_or((text, None), |(f, v)| (f, Some(v)));
        if matches!(
            flag,
            "-i" | "--index-url"
                | "--extra-index-url"
                | "--registry"
                | "--index"
                | "-f"
                | "--find-links"
                | "--default-index"
        ) {
            let value = inline
                .map(Word::literal)
                .or_else(|| args.get(at + 1).cloned());
            if let Some(value) = value {
                out.push(host_word(&value, by));
            }
            told |= !flag.contains("extra") && flag != "-f" && flag != "--find-links";
        }
        if text.contains("://") && !flag.starts_with('-') {
            out.push(host_word(word, by));
        }
    }
    if !told {
        for host in default {
            out.push(Dest::Host {
                host: (*host).to_owned(),
                by: format!("{by} {sub}").trim_end().to_owned(),
            });
        }
    }
}

fn dev_tcp(endpoint: &str, by: &str) -> Dest {
    let host = endpoint
        .split('/')
        .nth(3)
        .unwrap_or("")
        .to_ascii_lowercase();
    Dest::Host {
        host,
        by: by.to_owned(),
    }
}

/// The host a URL (or a bare `host[:port][/path]`, as curl takes it) names:
/// user info and port dropped, lower case.
fn host_of_url(text: &str) -> Option<String> {
    let rest = text.split_once("://").map_or(text, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next()?;
    let host_port = authority.rsplit('@').next()?;
    let host = if let Some(v6) = host_port.strip_prefix('[') {
        v6.split(']').next()?
    } else {
        host_port.split(':').next()?
    };
    Some(host.trim_end_matches('.').to_ascii_lowercase())
}
