//! Network clients and remote shells: curl, wget, nc, ncat, socat, ssh,
//! scp, sftp, rsync, gh, httpie, aria2c, ftp.
//!
//! Reaching another host is open-world. What these programs do on this
//! machine is read like any other program's: every option that writes a
//! file is placed (`curl -sLo ../x`, `wget -P ../..`, `rsync -a src ../../`,
//! `ssh -E log`), every option that reads one is checked for secrets, every
//! command they run here is read (`ssh -o ProxyCommand=…`, `rsync -e`,
//! `scp -S`, `socat EXEC:`, `nc -e`), and configuration they read from a
//! file wicket cannot see (`curl -K`, `ssh -F`, `wget --config`, a `HOME` or
//! `CURL_HOME` the command points elsewhere) is opaque. Credentials they
//! hand to the agent (`gh auth token`, `curl --netrc -v`, `ssh -A`) are
//! secret.

use wicket_guest::Effect::*;
use wicket_guest::PathKind;

use crate::argv::{attached, flag, value, Grammar, Parsed, Style};
use crate::read::{Arg, Change, Invocation, Lookup, Reach, Reader, Scope, Stdin};

use super::transfer::{env_var, parse_or_hold, prints_only, relative_to, under};
use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &CURL, &WGET, &SSH, &SCP, &SFTP, &RSYNC, &NC, &NCAT, &SOCAT, &GH, &HTTPIE, &ARIA2C, &FTP,
];

/// The host part of a URL, for reasons (`https://x.org/a` → `x.org`).
fn url_host(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = &rest[..end];
    host.rsplit_once('@').map_or(host, |(_, h)| h)
}

/// The local path a `file://` URL names.
fn file_url(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("file://")
        .or_else(|| url.strip_prefix("FILE://"))?;
    // `file://localhost/x` and `file:///x`.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    path.starts_with('/').then(|| path.to_owned())
}

/// The file name a URL's path ends in (what `curl -O` and `wget` save as),
/// `None` when it ends in a slash or names nothing.
fn url_file_name(url: &str) -> Option<String> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let path = rest.find('/').map(|at| &rest[at..])?;
    let path = path.split(['?', '#']).next().unwrap_or("");
    let name = path.rsplit('/').next().unwrap_or("");
    (!name.is_empty() && name != "." && name != "..").then(|| name.to_owned())
}

/// Whether `~/.netrc` exists, so a program reading it reads credentials.
fn netrc_exists(r: &Reader, scope: &Scope) -> bool {
    let home = scope.home(r.ctx);
    if home.is_empty() || !r.take_resolve() {
        return true;
    }
    r.ctx
        .resolve(&format!("{}/.netrc", home.trim_end_matches('/')))
        .kind
        != PathKind::Missing
}

/// A file a program reads its configuration from, which wicket cannot see:
/// opaque, unless it is empty by construction.
fn config_file(r: &mut Reader, file: &Arg, scope: &Scope, what: &str) {
    r.reads(file, scope, what);
    if matches!(file.text(), Some("/dev/null" | "none")) {
        return;
    }
    r.note(
        Opaque,
        format!(
            "{what} reads options from {}, which wicket cannot see",
            file.shown
        ),
    );
}

// ----------------------------------------------------------------- curl

const CURL_GRAMMAR: Grammar = Grammar {
    // curl 7.88 takes unique prefixes of long names, curl 8 takes
    // `--name=value`: both are read.
    style: Style::GNU,
    options: &[
        value("abstract-unix-socket", "", &["abstract-unix-socket"]),
        value("alt-svc", "", &["alt-svc"]),
        flag("anyauth", "", &["anyauth"]),
        flag("append", "a", &["append"]),
        value("aws-sigv4", "", &["aws-sigv4"]),
        flag("basic", "", &["basic"]),
        value("cacert", "", &["cacert"]),
        value("capath", "", &["capath"]),
        value("cert", "E", &["cert"]),
        flag("cert-status", "", &["cert-status"]),
        value("cert-type", "", &["cert-type"]),
        value("ciphers", "", &["ciphers"]),
        flag("compressed", "", &["compressed"]),
        flag("compressed-ssh", "", &["compressed-ssh"]),
        value("config", "K", &["config"]),
        value("connect-timeout", "", &["connect-timeout"]),
        value("connect-to", "", &["connect-to"]),
        value("continue-at", "C", &["continue-at"]),
        value("cookie", "b", &["cookie"]),
        value("cookie-jar", "c", &["cookie-jar"]),
        flag("create-dirs", "", &["create-dirs"]),
        value("create-file-mode", "", &["create-file-mode"]),
        flag("crlf", "", &["crlf"]),
        value("crlfile", "", &["crlfile"]),
        value("curves", "", &["curves"]),
        value("data", "d", &["data"]),
        value("data-ascii", "", &["data-ascii"]),
        value("data-binary", "", &["data-binary"]),
        value("data-raw", "", &["data-raw"]),
        value("data-urlencode", "", &["data-urlencode"]),
        value("delegation", "", &["delegation"]),
        flag("digest", "", &["digest"]),
        flag("disable", "q", &["disable"]),
        flag("disable-eprt", "", &["disable-eprt"]),
        flag("disable-epsv", "", &["disable-epsv"]),
        flag(
            "disallow-username-in-url",
            "",
            &["disallow-username-in-url"],
        ),
        value("dns-interface", "", &["dns-interface"]),
        value("dns-ipv4-addr", "", &["dns-ipv4-addr"]),
        value("dns-ipv6-addr", "", &["dns-ipv6-addr"]),
        value("dns-servers", "", &["dns-servers"]),
        flag("doh-cert-status", "", &["doh-cert-status"]),
        flag("doh-insecure", "", &["doh-insecure"]),
        value("doh-url", "", &["doh-url"]),
        value("dump-header", "D", &["dump-header"]),
        value("egd-file", "", &["egd-file"]),
        value("engine", "", &["engine"]),
        value("etag-compare", "", &["etag-compare"]),
        value("etag-save", "", &["etag-save"]),
        value("expect100-timeout", "", &["expect100-timeout"]),
        flag("fail", "f", &["fail"]),
        flag("fail-early", "", &["fail-early"]),
        flag("fail-with-body", "", &["fail-with-body"]),
        flag("false-start", "", &["false-start"]),
        value("form", "F", &["form"]),
        flag("form-escape", "", &["form-escape"]),
        value("form-string", "", &["form-string"]),
        value("ftp-account", "", &["ftp-account"]),
        value("ftp-alternative-to-user", "", &["ftp-alternative-to-user"]),
        flag("ftp-create-dirs", "", &["ftp-create-dirs"]),
        value("ftp-method", "", &["ftp-method"]),
        flag("ftp-pasv", "", &["ftp-pasv"]),
        value("ftp-port", "P", &["ftp-port"]),
        flag("ftp-pret", "", &["ftp-pret"]),
        flag("ftp-skip-pasv-ip", "", &["ftp-skip-pasv-ip"]),
        flag("ftp-ssl-ccc", "", &["ftp-ssl-ccc"]),
        value("ftp-ssl-ccc-mode", "", &["ftp-ssl-ccc-mode"]),
        flag("ftp-ssl-control", "", &["ftp-ssl-control"]),
        flag("get", "G", &["get"]),
        flag("globoff", "g", &["globoff"]),
        value(
            "happy-eyeballs-timeout-ms",
            "",
            &["happy-eyeballs-timeout-ms"],
        ),
        flag("haproxy-protocol", "", &["haproxy-protocol"]),
        flag("head", "I", &["head"]),
        value("header", "H", &["header"]),
        flag("help", "h", &["help"]),
        value("hostpubmd5", "", &["hostpubmd5"]),
        value("hostpubsha256", "", &["hostpubsha256"]),
        value("hsts", "", &["hsts"]),
        flag("http0.9", "", &["http0.9"]),
        flag("http1.0", "0", &["http1.0"]),
        flag("http1.1", "", &["http1.1"]),
        flag("http2", "", &["http2"]),
        flag("http2-prior-knowledge", "", &["http2-prior-knowledge"]),
        flag("http3", "", &["http3"]),
        flag("http3-only", "", &["http3-only"]),
        flag("ignore-content-length", "", &["ignore-content-length"]),
        flag("include", "i", &["include"]),
        flag("insecure", "k", &["insecure"]),
        value("interface", "", &["interface"]),
        flag("ipv4", "4", &["ipv4"]),
        flag("ipv6", "6", &["ipv6"]),
        value("json", "", &["json"]),
        flag("junk-session-cookies", "j", &["junk-session-cookies"]),
        value("keepalive-time", "", &["keepalive-time"]),
        value("key", "", &["key"]),
        value("key-type", "", &["key-type"]),
        value("krb", "", &["krb"]),
        value("libcurl", "", &["libcurl"]),
        value("limit-rate", "", &["limit-rate"]),
        flag("list-only", "l", &["list-only"]),
        value("local-port", "", &["local-port"]),
        flag("location", "L", &["location"]),
        flag("location-trusted", "", &["location-trusted"]),
        value("login-options", "", &["login-options"]),
        value("mail-auth", "", &["mail-auth"]),
        value("mail-from", "", &["mail-from"]),
        value("mail-rcpt", "", &["mail-rcpt"]),
        flag("mail-rcpt-allowfails", "", &["mail-rcpt-allowfails"]),
        flag("manual", "M", &["manual"]),
        value("max-filesize", "", &["max-filesize"]),
        value("max-redirs", "", &["max-redirs"]),
        value("max-time", "m", &["max-time"]),
        flag("metalink", "", &["metalink"]),
        flag("negotiate", "", &["negotiate"]),
        flag("netrc", "n", &["netrc"]),
        value("netrc-file", "", &["netrc-file"]),
        flag("netrc-optional", "", &["netrc-optional"]),
        flag("next", ":", &["next"]),
        flag("no-alpn", "", &["no-alpn", "alpn"]),
        flag("no-buffer", "N", &["no-buffer", "buffer"]),
        flag("no-clobber", "", &["no-clobber"]),
        flag("clobber", "", &["clobber"]),
        flag("no-keepalive", "", &["no-keepalive", "keepalive"]),
        flag("no-npn", "", &["no-npn", "npn"]),
        flag(
            "no-progress-meter",
            "",
            &["no-progress-meter", "progress-meter"],
        ),
        flag("no-sessionid", "", &["no-sessionid", "sessionid"]),
        value("noproxy", "", &["noproxy"]),
        flag("ntlm", "", &["ntlm"]),
        flag("ntlm-wb", "", &["ntlm-wb"]),
        value("oauth2-bearer", "", &["oauth2-bearer"]),
        value("output", "o", &["output"]),
        value("output-dir", "", &["output-dir"]),
        flag("parallel", "Z", &["parallel"]),
        flag("parallel-immediate", "", &["parallel-immediate"]),
        value("parallel-max", "", &["parallel-max"]),
        value("pass", "", &["pass"]),
        flag("path-as-is", "", &["path-as-is"]),
        value("pinnedpubkey", "", &["pinnedpubkey"]),
        flag("post301", "", &["post301"]),
        flag("post302", "", &["post302"]),
        flag("post303", "", &["post303"]),
        value("preproxy", "", &["preproxy"]),
        flag("progress-bar", "#", &["progress-bar"]),
        value("proto", "", &["proto"]),
        value("proto-default", "", &["proto-default"]),
        value("proto-redir", "", &["proto-redir"]),
        value("proxy", "x", &["proxy"]),
        flag("proxy-anyauth", "", &["proxy-anyauth"]),
        flag("proxy-basic", "", &["proxy-basic"]),
        value("proxy-cacert", "", &["proxy-cacert"]),
        value("proxy-capath", "", &["proxy-capath"]),
        value("proxy-cert", "", &["proxy-cert"]),
        value("proxy-cert-type", "", &["proxy-cert-type"]),
        value("proxy-ciphers", "", &["proxy-ciphers"]),
        value("proxy-crlfile", "", &["proxy-crlfile"]),
        flag("proxy-digest", "", &["proxy-digest"]),
        value("proxy-header", "", &["proxy-header"]),
        flag("proxy-insecure", "", &["proxy-insecure"]),
        value("proxy-key", "", &["proxy-key"]),
        value("proxy-key-type", "", &["proxy-key-type"]),
        flag("proxy-negotiate", "", &["proxy-negotiate"]),
        flag("proxy-ntlm", "", &["proxy-ntlm"]),
        value("proxy-pass", "", &["proxy-pass"]),
        value("proxy-pinnedpubkey", "", &["proxy-pinnedpubkey"]),
        value("proxy-service-name", "", &["proxy-service-name"]),
        flag("proxy-ssl-allow-beast", "", &["proxy-ssl-allow-beast"]),
        flag(
            "proxy-ssl-auto-client-cert",
            "",
            &["proxy-ssl-auto-client-cert"],
        ),
        value("proxy-tls13-ciphers", "", &["proxy-tls13-ciphers"]),
        value("proxy-tlsauthtype", "", &["proxy-tlsauthtype"]),
        value("proxy-tlspassword", "", &["proxy-tlspassword"]),
        value("proxy-tlsuser", "", &["proxy-tlsuser"]),
        flag("proxy-tlsv1", "", &["proxy-tlsv1"]),
        value("proxy-user", "U", &["proxy-user"]),
        value("proxy1.0", "", &["proxy1.0"]),
        flag("proxytunnel", "p", &["proxytunnel"]),
        value("pubkey", "", &["pubkey"]),
        value("quote", "Q", &["quote"]),
        value("random-file", "", &["random-file"]),
        value("range", "r", &["range"]),
        value("rate", "", &["rate"]),
        flag("raw", "", &["raw"]),
        value("referer", "e", &["referer"]),
        flag("remote-header-name", "J", &["remote-header-name"]),
        flag("remote-name", "O", &["remote-name"]),
        flag("remote-name-all", "", &["remote-name-all"]),
        flag("remote-time", "R", &["remote-time"]),
        flag("remove-on-error", "", &["remove-on-error"]),
        value("request", "X", &["request"]),
        value("request-target", "", &["request-target"]),
        value("resolve", "", &["resolve"]),
        value("retry", "", &["retry"]),
        flag("retry-all-errors", "", &["retry-all-errors"]),
        flag("retry-connrefused", "", &["retry-connrefused"]),
        value("retry-delay", "", &["retry-delay"]),
        value("retry-max-time", "", &["retry-max-time"]),
        value("sasl-authzid", "", &["sasl-authzid"]),
        flag("sasl-ir", "", &["sasl-ir"]),
        value("service-name", "", &["service-name"]),
        flag("show-error", "S", &["show-error"]),
        flag("silent", "s", &["silent"]),
        value("socks4", "", &["socks4"]),
        value("socks4a", "", &["socks4a"]),
        value("socks5", "", &["socks5"]),
        flag("socks5-basic", "", &["socks5-basic"]),
        flag("socks5-gssapi", "", &["socks5-gssapi"]),
        flag("socks5-gssapi-nec", "", &["socks5-gssapi-nec"]),
        value("socks5-gssapi-service", "", &["socks5-gssapi-service"]),
        value("socks5-hostname", "", &["socks5-hostname"]),
        value("speed-limit", "Y", &["speed-limit"]),
        value("speed-time", "y", &["speed-time"]),
        flag("ssl", "", &["ssl"]),
        flag("ssl-allow-beast", "", &["ssl-allow-beast"]),
        flag("ssl-auto-client-cert", "", &["ssl-auto-client-cert"]),
        flag("ssl-no-revoke", "", &["ssl-no-revoke"]),
        flag("ssl-reqd", "", &["ssl-reqd"]),
        flag("ssl-revoke-best-effort", "", &["ssl-revoke-best-effort"]),
        flag("sslv2", "2", &["sslv2"]),
        flag("sslv3", "3", &["sslv3"]),
        value("stderr", "", &["stderr"]),
        flag("styled-output", "", &["styled-output"]),
        flag(
            "suppress-connect-headers",
            "",
            &["suppress-connect-headers"],
        ),
        flag("tcp-fastopen", "", &["tcp-fastopen"]),
        flag("tcp-nodelay", "", &["tcp-nodelay"]),
        value("telnet-option", "t", &["telnet-option"]),
        value("tftp-blksize", "", &["tftp-blksize"]),
        flag("tftp-no-options", "", &["tftp-no-options"]),
        value("time-cond", "z", &["time-cond"]),
        value("tls-max", "", &["tls-max"]),
        value("tls13-ciphers", "", &["tls13-ciphers"]),
        value("tlsauthtype", "", &["tlsauthtype"]),
        value("tlspassword", "", &["tlspassword"]),
        value("tlsuser", "", &["tlsuser"]),
        flag("tlsv1", "1", &["tlsv1"]),
        flag("tlsv1.0", "", &["tlsv1.0"]),
        flag("tlsv1.1", "", &["tlsv1.1"]),
        flag("tlsv1.2", "", &["tlsv1.2"]),
        flag("tlsv1.3", "", &["tlsv1.3"]),
        flag("tr-encoding", "", &["tr-encoding"]),
        value("trace", "", &["trace"]),
        value("trace-ascii", "", &["trace-ascii"]),
        flag("trace-time", "", &["trace-time"]),
        value("unix-socket", "", &["unix-socket"]),
        value("upload-file", "T", &["upload-file"]),
        value("url", "", &["url"]),
        value("url-query", "", &["url-query"]),
        flag("use-ascii", "B", &["use-ascii"]),
        value("user", "u", &["user"]),
        value("user-agent", "A", &["user-agent"]),
        flag("verbose", "v", &["verbose"]),
        flag("version", "V", &["version"]),
        value("write-out", "w", &["write-out"]),
        flag("xattr", "", &["xattr"]),
        // curl 8 (a user may have it): read the same way.
        value("variable", "", &["variable"]),
        flag("ca-native", "", &["ca-native"]),
        flag("proxy-ca-native", "", &["proxy-ca-native"]),
        value("ssl-sessions", "", &["ssl-sessions"]),
        flag("skip-existing", "", &["skip-existing"]),
        flag("out-null", "", &["out-null"]),
        flag("follow", "", &["follow"]),
        flag("trace-ids", "", &["trace-ids"]),
        value("trace-config", "", &["trace-config"]),
        value("ip-tos", "", &["ip-tos"]),
        flag("mptcp", "", &["mptcp"]),
        value("vlan-priority", "", &["vlan-priority"]),
        value("keepalive-cnt", "", &["keepalive-cnt"]),
        flag("tls-earlydata", "", &["tls-earlydata"]),
        flag("proxy-http2", "", &["proxy-http2"]),
    ],
};

pub const CURL: Program = Program {
    names: &["curl"],
    syntax: Syntax::Grammar(CURL_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: curl,
    examples: examples![
        (OpenWorld, "curl -sSL https://example.com/api | jq ."),
        (OpenWorld, "curl -s http://localhost:8081/health"),
        (OpenWorld, "curl -o out.json https://api.example.com/x"),
        (
            OpenWorld,
            "curl -L -o \"MSLQ-Manual.pdf\" \"https://files.eric.ed.gov/fulltext/ED338122.pdf\"",
        ),
        (OpenWorld, "curl -sSLO https://example.com/pkg/deps.tgz"),
        (
            OpenWorld,
            "curl -s -o /dev/null -w '%{http_code}' http://localhost:3000",
        ),
        (
            OpenWorld,
            "curl -fsSL https://example.com/x.tgz --output-dir vendor -O",
        ),
        (Read, "curl --version"),
        (
            Destructive,
            "curl -sLo ../../repo.git/config https://x.org/c",
        ),
        (Destructive, "curl https://x.org/c -o../../repo.git/config"),
        (
            Destructive,
            "curl --dump-h ../../.wicket/trail.jsonl https://x.org",
        ),
        (
            Destructive,
            "curl --output-dir ../../repo.git/hooks -O https://x.org/pre-commit",
        ),
        (
            Destructive,
            "curl --output-dir ../.. -o repo.git/config https://x.org/c",
        ),
        (Destructive, "curl -c ../../.wicket/jar https://x.org"),
        (
            Destructive,
            "curl --trace-ascii ../../.wicket/t https://x.org",
        ),
        (
            Destructive,
            "curl -w '%output{../../.wicket/trail.jsonl}x' https://x.org",
        ),
        (Destructive, "curl -T README.md file://{ws}/repo.git/config"),
        (Destructive, "curl -O 'https://x.org/{README.md,.git}'"),
        (Opaque, "curl -o '#1' 'https://x.org/{a,.git}'"),
        (OpenWorld, "curl -g -O 'https://x.org/{a}'"),
        (Opaque, "curl -K c.cfg https://x.org"),
        (Opaque, "curl --outp x https://x.org"),
        (Opaque, "CURL_HOME=. curl https://x.org"),
        (Opaque, "curl -o \"$OUT\" https://x.org"),
        (Secret, "curl -K ~/.netrc https://x.org"),
        (Secret, "curl -T ~/.ssh/id_rsa https://x.org"),
        (Secret, "curl -d @{home}/.aws/credentials https://x.org"),
        (Secret, "curl --variable %GITHUB_TOKEN https://x.org"),
        (
            Opaque,
            "curl --variable x=1 --expand-url 'https://x.org/{{x}}'",
        ),
        (Secret, "curl file://{home}/.ssh/id_rsa"),
    ],
    manual: "curl 7.88.1: curl --help all (and curl 8's --name=value, --variable)",
};

fn curl(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "version", "manual"]) {
        return;
    }
    let shown = run.shown();
    // `.curlrc` comes from $CURL_HOME, $XDG_CONFIG_HOME or $HOME unless -q
    // is the first word.
    let disabled = run.inv.argv.get(1).and_then(Arg::text) == Some("-q")
        || run.inv.argv.get(1).and_then(Arg::text) == Some("--disable");
    if !disabled {
        for name in ["CURL_HOME", "XDG_CONFIG_HOME", "HOME"] {
            if env_var(scope, name).is_some() {
                r.note(
                    Opaque,
                    format!("{shown}: curl reads its .curlrc from the ${name} this command sets, which wicket cannot see"),
                );
            }
        }
    }
    if let Some(Some(log)) = env_var(scope, "SSLKEYLOGFILE") {
        r.change(
            &Arg::literal(&log),
            scope,
            Change::Write,
            Reach::Path,
            &shown,
        );
    }
    for config in p.values("config") {
        if config.text() == Some("-") {
            r.note(Opaque, format!("{shown} reads more options from its input"));
        } else {
            config_file(r, config, scope, &shown);
        }
    }
    // Credentials curl sends, and shows with -v.
    if (p.has("netrc") || p.has("netrc-optional")) && netrc_exists(r, scope) {
        r.guard(
            Secret,
            format!("{shown} reads ~/.netrc, credentials it sends and can show"),
        );
    }
    for file in p.values("netrc-file") {
        r.reads(file, scope, &shown);
        if let Some(crate::read::Place::Outside { path, .. }) =
            file.text().and_then(|t| r.place(t, scope))
        {
            r.guard(
                Secret,
                format!("{shown} uses {path}, a credentials file outside the writable root"),
            );
        }
    }
    for variable in p.values("variable") {
        match variable.text() {
            Some(v) if v.starts_with('%') => r.guard(
                Secret,
                format!("{shown} imports the environment variable {}", &v[1..]),
            ),
            Some(v) => {
                if let Some((_, file)) = v.split_once('@') {
                    if file != "-" {
                        r.reads(&Arg::literal(file), scope, &shown);
                    }
                }
            }
            None => r.note(
                Opaque,
                format!("{shown}: a --variable only known when it runs"),
            ),
        }
    }
    // Files curl reads (and may send).
    for key in [
        "upload-file",
        "cacert",
        "capath",
        "key",
        "pubkey",
        "crlfile",
        "proxy-cacert",
        "proxy-capath",
        "proxy-key",
        "proxy-crlfile",
        "etag-compare",
        "random-file",
        "egd-file",
        "unix-socket",
        "abstract-unix-socket",
    ] {
        for file in p.values(key) {
            if file.text() != Some("-") && file.text() != Some(".") {
                r.reads(file, scope, &shown);
            }
        }
    }
    for key in ["cert", "proxy-cert"] {
        for cert in p.values(key) {
            // `file:password`
            let file = cert
                .text()
                .map(|t| Arg::literal(t.split(':').next().unwrap_or(t)))
                .unwrap_or_else(|| cert.clone());
            r.reads(&file, scope, &shown);
        }
    }
    for key in ["pinnedpubkey", "proxy-pinnedpubkey"] {
        for pin in p.values(key) {
            if !pin.text().is_some_and(|t| t.starts_with("sha256//")) {
                r.reads(pin, scope, &shown);
            }
        }
    }
    for key in [
        "data",
        "data-ascii",
        "data-binary",
        "json",
        "header",
        "proxy-header",
        "write-out",
    ] {
        for data in p.values(key) {
            if let Some(file) = data.text().and_then(|t| t.strip_prefix('@')) {
                if file != "-" {
                    r.reads(&Arg::literal(file), scope, &shown);
                }
            }
        }
    }
    for data in p.values("data-urlencode") {
        if let Some((_, file)) = data.text().and_then(|t| t.split_once('@')) {
            r.reads(&Arg::literal(file), scope, &shown);
        }
    }
    for form in p.values("form") {
        if let Some((_, content)) = form.text().and_then(|t| t.split_once('=')) {
            if let Some(file) = content
                .strip_prefix('@')
                .or_else(|| content.strip_prefix('<'))
            {
                let file = file.split(';').next().unwrap_or(file);
                if file != "-" {
                    r.reads(&Arg::literal(file), scope, &shown);
                }
            }
        }
    }
    for cookie in p.values("cookie") {
        if cookie.text().is_some_and(|c| !c.contains('=') && c != "-") {
            r.reads(cookie, scope, &shown);
        }
    }
    // Files curl writes.
    let dir = p.last("output-dir").cloned();
    let in_dir = |file: &Arg| match &dir {
        Some(d) => relative_to(d, file),
        None => file.clone(),
    };
    let keeps = p.has("no-clobber") || p.has("skip-existing");
    let change = if keeps {
        Change::Write
    } else {
        Change::Overwrite
    };
    for output in p.values("output") {
        if output.text() != Some("-") {
            r.change(&in_dir(output), scope, change, Reach::Path, &shown);
        }
    }
    for key in [
        "dump-header",
        "cookie-jar",
        "trace",
        "trace-ascii",
        "stderr",
        "etag-save",
        "libcurl",
        "hsts",
        "alt-svc",
        "ssl-sessions",
    ] {
        for file in p.values(key) {
            if file.text() != Some("-") && file.text() != Some("%") {
                r.change(file, scope, Change::Overwrite, Reach::Path, &shown);
            }
        }
    }
    for format in p.values("write-out") {
        let Some(text) = format.text() else { continue };
        let mut rest = text;
        while let Some(at) = rest.find("%output{") {
            let after = &rest[at + 8..];
            let Some(end) = after.find('}') else { break };
            let file = after[..end].trim_start_matches(">>");
            r.change(
                &Arg::literal(file),
                scope,
                Change::Write,
                Reach::Path,
                &shown,
            );
            rest = &after[end..];
        }
    }
    // The URLs.
    let urls: Vec<Arg> = p
        .operand_args()
        .into_iter()
        .chain(p.values("url").cloned())
        .collect();
    let remote_names = p.has("remote-name") || p.has("remote-name-all");
    let uploads = p.has("upload-file");
    if urls.is_empty() && !remote_names {
        r.note(Read, format!("{shown} names no URL"));
    }
    let globs = !p.has("globoff");
    for url in &urls {
        let Some(text) = url.text() else {
            r.note(
                OpenWorld,
                format!("{shown} reaches a URL only known when it runs"),
            );
            if remote_names {
                r.note(
                    Opaque,
                    format!("{shown} saves under a name only known when it runs"),
                );
            }
            continue;
        };
        // curl's own URL patterns (`{a,b}`, `[1-3]`) make several URLs.
        let expanded = if globs {
            curl_glob(text)
        } else {
            Some(vec![text.to_owned()])
        };
        let Some(expanded) = expanded else {
            r.note(
                Opaque,
                format!("{shown}: curl's URL pattern `{text}` gives more URLs than wicket follows"),
            );
            continue;
        };
        if expanded.len() > 1
            && p.values("output")
                .any(|o| o.text().is_none_or(|t| t.contains('#')))
        {
            r.note(
                Opaque,
                format!("{shown} names its outputs after the parts of a URL pattern (#N)"),
            );
        }
        for each in &expanded {
            match file_url(each) {
                Some(path) => {
                    let path = Arg::literal(&path);
                    if uploads {
                        r.change(&path, scope, Change::Overwrite, Reach::Path, &shown);
                    } else {
                        r.reads(&path, scope, &shown);
                    }
                }
                None => r.note(OpenWorld, format!("{shown} reaches {}", url_host(each))),
            }
            if remote_names {
                let target = dir.clone().unwrap_or_else(|| Arg::literal("."));
                match url_file_name(each).filter(|_| !p.has("remote-header-name")) {
                    Some(name) => {
                        r.change(&under(&target, &name), scope, change, Reach::Path, &shown)
                    }
                    // The server names the file, inside the directory.
                    None => r.change(&target, scope, change, Reach::Path, &shown),
                }
            }
        }
    }
}

/// curl's URL globbing: `{a,b,c}` alternatives and `[1-10]`, `[a-z]`,
/// `[001-100:2]` ranges, with backslash escapes; the host part of a URL is
/// left alone (`[::1]` is an address). `None` past 64 URLs or when a pattern
/// does not close.
fn curl_glob(url: &str) -> Option<Vec<String>> {
    let host_end = match url.find("://") {
        Some(at) => {
            let rest = &url[at + 3..];
            at + 3 + rest.find('/').unwrap_or(rest.len())
        }
        None => 0,
    };
    let (head, tail) = url.split_at(host_end);
    let chars: Vec<char> = tail.chars().collect();
    let mut outs = vec![head.to_owned()];
    let cross = |outs: &mut Vec<String>, pieces: &[String]| -> bool {
        let mut next = Vec::new();
        for o in outs.iter() {
            for piece in pieces {
                next.push(format!("{o}{piece}"));
            }
        }
        *outs = next;
        outs.len() <= 64
    };
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' if i + 1 < chars.len() => {
                let c = chars[i + 1];
                outs.iter_mut().for_each(|o| o.push(c));
                i += 2;
            }
            '{' => {
                let close = chars[i..].iter().position(|c| *c == '}')? + i;
                let inner: String = chars[i + 1..close].iter().collect();
                let pieces: Vec<String> = inner.split(',').map(str::to_owned).collect();
                if !cross(&mut outs, &pieces) {
                    return None;
                }
                i = close + 1;
            }
            '[' => {
                let close = chars[i..].iter().position(|c| *c == ']')? + i;
                let inner: String = chars[i + 1..close].iter().collect();
                let (range, step) = match inner.split_once(':') {
                    Some((r, s)) => (r.to_owned(), s.parse::<usize>().ok()?.max(1)),
                    None => (inner.clone(), 1),
                };
                let (from, to) = range.split_once('-')?;
                let pieces: Vec<String> = match (from.parse::<u64>(), to.parse::<u64>()) {
                    (Ok(a), Ok(b)) if a <= b => {
                        if (b - a) / step as u64 > 64 {
                            return None;
                        }
                        let width = from.len();
                        (a..=b)
                            .step_by(step)
                            .map(|n| format!("{n:0width$}"))
                            .collect()
                    }
                    _ => {
                        let (mut x, mut y) = (from.chars(), to.chars());
                        match (x.next(), x.next(), y.next(), y.next()) {
                            (Some(a), None, Some(b), None) if a <= b => {
                                (a..=b).step_by(step).map(|c| c.to_string()).collect()
                            }
                            _ => return None,
                        }
                    }
                };
                if !cross(&mut outs, &pieces) {
                    return None;
                }
                i = close + 1;
            }
            c => {
                outs.iter_mut().for_each(|o| o.push(c));
                i += 1;
            }
        }
    }
    Some(outs)
}

// ----------------------------------------------------------------- wget

const WGET_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("version", "V", &["version"]),
        flag("help", "h", &["help"]),
        flag("background", "b", &["background"]),
        value("execute", "e", &["execute"]),
        value("output-file", "o", &["output-file"]),
        value("append-output", "a", &["append-output"]),
        flag("debug", "d", &["debug"]),
        flag("quiet", "q", &["quiet"]),
        flag("verbose", "v", &["verbose"]),
        flag("no-verbose", "", &["no-verbose"]),
        value("report-speed", "", &["report-speed"]),
        value("input-file", "i", &["input-file"]),
        flag("force-html", "F", &["force-html"]),
        value("base", "B", &["base"]),
        value("config", "", &["config"]),
        flag("no-config", "", &["no-config"]),
        value("rejected-log", "", &["rejected-log"]),
        value("tries", "t", &["tries"]),
        flag("retry-connrefused", "", &["retry-connrefused"]),
        value("retry-on-http-error", "", &["retry-on-http-error"]),
        value("output-document", "O", &["output-document"]),
        flag("no-clobber", "", &["no-clobber"]),
        flag("no-netrc", "", &["no-netrc"]),
        flag("continue", "c", &["continue"]),
        value("start-pos", "", &["start-pos"]),
        value("progress", "", &["progress"]),
        flag("show-progress", "", &["show-progress"]),
        flag("timestamping", "N", &["timestamping"]),
        flag("no-if-modified-since", "", &["no-if-modified-since"]),
        flag(
            "no-use-server-timestamps",
            "",
            &["no-use-server-timestamps"],
        ),
        flag("server-response", "S", &["server-response"]),
        flag("spider", "", &["spider"]),
        value("timeout", "T", &["timeout"]),
        value("dns-timeout", "", &["dns-timeout"]),
        value("connect-timeout", "", &["connect-timeout"]),
        value("read-timeout", "", &["read-timeout"]),
        value("wait", "w", &["wait"]),
        value("waitretry", "", &["waitretry"]),
        flag("random-wait", "", &["random-wait"]),
        flag("no-proxy", "", &["no-proxy"]),
        value("quota", "Q", &["quota"]),
        value("bind-address", "", &["bind-address"]),
        value("limit-rate", "", &["limit-rate"]),
        flag("no-dns-cache", "", &["no-dns-cache"]),
        value("restrict-file-names", "", &["restrict-file-names"]),
        flag("ignore-case", "", &["ignore-case"]),
        flag("inet4-only", "4", &["inet4-only"]),
        flag("inet6-only", "6", &["inet6-only"]),
        value("prefer-family", "", &["prefer-family"]),
        value("user", "", &["user"]),
        value("password", "", &["password"]),
        flag("ask-password", "", &["ask-password"]),
        value("use-askpass", "", &["use-askpass"]),
        flag("no-iri", "", &["no-iri"]),
        value("local-encoding", "", &["local-encoding"]),
        value("remote-encoding", "", &["remote-encoding"]),
        flag("unlink", "", &["unlink"]),
        flag("xattr", "", &["xattr"]),
        flag("no-directories", "", &["no-directories"]),
        flag("force-directories", "x", &["force-directories"]),
        flag("no-host-directories", "", &["no-host-directories"]),
        flag("protocol-directories", "", &["protocol-directories"]),
        value("directory-prefix", "P", &["directory-prefix"]),
        value("cut-dirs", "", &["cut-dirs"]),
        value("http-user", "", &["http-user"]),
        value("http-password", "", &["http-password"]),
        flag("no-cache", "", &["no-cache"]),
        value("default-page", "", &["default-page"]),
        flag("adjust-extension", "E", &["adjust-extension"]),
        flag("ignore-length", "", &["ignore-length"]),
        value("header", "", &["header"]),
        value("compression", "", &["compression"]),
        value("max-redirect", "", &["max-redirect"]),
        value("proxy-user", "", &["proxy-user"]),
        value("proxy-password", "", &["proxy-password"]),
        value("referer", "", &["referer"]),
        flag("save-headers", "", &["save-headers"]),
        value("user-agent", "U", &["user-agent"]),
        flag("no-http-keep-alive", "", &["no-http-keep-alive"]),
        flag("no-cookies", "", &["no-cookies"]),
        value("load-cookies", "", &["load-cookies"]),
        value("save-cookies", "", &["save-cookies"]),
        flag("keep-session-cookies", "", &["keep-session-cookies"]),
        value("post-data", "", &["post-data"]),
        value("post-file", "", &["post-file"]),
        value("method", "", &["method"]),
        value("body-data", "", &["body-data"]),
        value("body-file", "", &["body-file"]),
        flag("content-disposition", "", &["content-disposition"]),
        flag("content-on-error", "", &["content-on-error"]),
        flag("auth-no-challenge", "", &["auth-no-challenge"]),
        value("secure-protocol", "", &["secure-protocol"]),
        flag("https-only", "", &["https-only"]),
        flag("no-check-certificate", "", &["no-check-certificate"]),
        value("certificate", "", &["certificate"]),
        value("certificate-type", "", &["certificate-type"]),
        value("private-key", "", &["private-key"]),
        value("private-key-type", "", &["private-key-type"]),
        value("ca-certificate", "", &["ca-certificate"]),
        value("ca-directory", "", &["ca-directory"]),
        value("crl-file", "", &["crl-file"]),
        value("pinnedpubkey", "", &["pinnedpubkey"]),
        value("ciphers", "", &["ciphers"]),
        flag("no-hsts", "", &["no-hsts"]),
        value("hsts-file", "", &["hsts-file"]),
        value("ftp-user", "", &["ftp-user"]),
        value("ftp-password", "", &["ftp-password"]),
        flag("no-remove-listing", "", &["no-remove-listing"]),
        flag("no-glob", "", &["no-glob"]),
        flag("no-passive-ftp", "", &["no-passive-ftp"]),
        flag("preserve-permissions", "", &["preserve-permissions"]),
        flag("retr-symlinks", "", &["retr-symlinks"]),
        flag("ftps-implicit", "", &["ftps-implicit"]),
        flag("ftps-resume-ssl", "", &["ftps-resume-ssl"]),
        flag(
            "ftps-clear-data-connection",
            "",
            &["ftps-clear-data-connection"],
        ),
        flag("ftps-fallback-to-ftp", "", &["ftps-fallback-to-ftp"]),
        value("warc-file", "", &["warc-file"]),
        value("warc-header", "", &["warc-header"]),
        value("warc-max-size", "", &["warc-max-size"]),
        flag("warc-cdx", "", &["warc-cdx"]),
        value("warc-dedup", "", &["warc-dedup"]),
        flag("no-warc-compression", "", &["no-warc-compression"]),
        flag("no-warc-digests", "", &["no-warc-digests"]),
        flag("no-warc-keep-log", "", &["no-warc-keep-log"]),
        value("warc-tempdir", "", &["warc-tempdir"]),
        flag("recursive", "r", &["recursive"]),
        value("level", "l", &["level"]),
        flag("delete-after", "", &["delete-after"]),
        flag("convert-links", "k", &["convert-links"]),
        flag("convert-file-only", "", &["convert-file-only"]),
        value("backups", "", &["backups"]),
        flag("backup-converted", "K", &["backup-converted"]),
        flag("mirror", "m", &["mirror"]),
        flag("page-requisites", "p", &["page-requisites"]),
        flag("strict-comments", "", &["strict-comments"]),
        value("accept", "A", &["accept"]),
        value("reject", "R", &["reject"]),
        value("accept-regex", "", &["accept-regex"]),
        value("reject-regex", "", &["reject-regex"]),
        value("regex-type", "", &["regex-type"]),
        value("domains", "D", &["domains"]),
        value("exclude-domains", "", &["exclude-domains"]),
        flag("follow-ftp", "", &["follow-ftp"]),
        value("follow-tags", "", &["follow-tags"]),
        value("ignore-tags", "", &["ignore-tags"]),
        flag("span-hosts", "H", &["span-hosts"]),
        flag("relative", "L", &["relative"]),
        value("include-directories", "I", &["include-directories"]),
        flag("trust-server-names", "", &["trust-server-names"]),
        value("exclude-directories", "X", &["exclude-directories"]),
        flag("no-parent", "", &["no-parent"]),
        // `-nv`, `-nc`, `-nd`, `-nH`, `-np`: `-n` takes the letters.
        value("n", "n", &[]),
        // Names wget knows beyond its --help.
        flag("retry-on-host-error", "", &["retry-on-host-error"]),
        flag("passive-ftp", "", &["passive-ftp"]),
        flag("check-certificate", "", &["check-certificate"]),
        flag("content-disposition-off", "", &["no-content-disposition"]),
    ],
};

pub const WGET: Program = Program {
    names: &["wget"],
    syntax: Syntax::Grammar(WGET_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: wget,
    examples: examples![
        (OpenWorld, "wget https://example.com/file.tgz"),
        (OpenWorld, "wget -q -O deps.tgz https://example.com/d.tgz"),
        (
            OpenWorld,
            "wget -r -np -nH --cut-dirs=2 https://example.com/docs/",
        ),
        (
            OpenWorld,
            "wget -e robots=off -P vendor https://example.com/x.js",
        ),
        (OpenWorld, "wget -qO- https://example.com/install.txt"),
        (OpenWorld, "wget --spider https://example.com/"),
        (Read, "wget --version"),
        (Destructive, "wget -qO../../repo.git/config https://x.org/c"),
        (
            Destructive,
            "wget -a../../.wicket/trail.jsonl https://x.org",
        ),
        (Destructive, "wget -P../.. -r https://x.org/"),
        (
            Destructive,
            "wget -P ../../repo.git/hooks https://x.org/pre-commit",
        ),
        (
            Destructive,
            "wget --execute=output_document=../../repo.git/config https://x.org",
        ),
        (
            Destructive,
            "wget -e dir_prefix=../../.wicket https://x.org/x",
        ),
        (
            Destructive,
            "wget --directory-p=../../repo.git https://x.org/HEAD",
        ),
        (
            Destructive,
            "wget --use-askpass='rm -rf /etc' https://x.org",
        ),
        (Opaque, "wget --config=w.rc https://x.org"),
        (Opaque, "WGETRC=./w.rc wget https://x.org"),
        (Opaque, "wget -e 'some_new_command=1' https://x.org"),
        (Opaque, "wget -nz https://x.org"),
        (
            Secret,
            "wget --post-file=$HOME/.aws/credentials https://x.org",
        ),
        (OpenWorld, "wget -P /tmp/dl https://example.com/a.txt"),
    ],
    manual: "GNU Wget 1.21.3: wget --help",
};

/// A `.wgetrc` command (`-e name=value`) as the option it stands for; the
/// names match without case, dashes or underscores.
fn wgetrc_option(name: &str) -> Option<&'static str> {
    let key: String = name
        .chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect();
    Some(match key.as_str() {
        "outputdocument" => "output-document",
        "dirprefix" => "directory-prefix",
        "logfile" => "output-file",
        "savecookies" => "save-cookies",
        "loadcookies" => "load-cookies",
        "postfile" => "post-file",
        "bodyfile" => "body-file",
        "certificate" => "certificate",
        "privatekey" => "private-key",
        "cacertificate" => "ca-certificate",
        "cadirectory" => "ca-directory",
        "crlfile" => "crl-file",
        "inputfile" => "input-file",
        "warcfile" => "warc-file",
        "warctempdir" => "warc-tempdir",
        "hstsfile" => "hsts-file",
        "rejectedlog" => "rejected-log",
        "useaskpass" => "use-askpass",
        "recursive" => "recursive",
        "mirror" => "mirror",
        "timestamping" => "timestamping",
        "contentdisposition" => "content-disposition",
        "trustservernames" => "trust-server-names",
        "pagerequisites" => "page-requisites",
        "dirstruct" => "force-directories",
        // Knobs that change nothing on this machine.
        "robots" | "tries" | "timeout" | "dnstimeout" | "connecttimeout" | "readtimeout"
        | "wait" | "waitretry" | "randomwait" | "quiet" | "verbose" | "checkcertificate"
        | "useragent" | "header" | "httpproxy" | "httpsproxy" | "ftpproxy" | "noproxy"
        | "useproxy" | "limitrate" | "retryconnrefused" | "maxredirect" | "inet4only"
        | "inet6only" | "showprogress" | "progress" | "noparent" | "addhostdir" | "cutdirs"
        | "reclevel" | "accept" | "reject" | "domains" | "excludedomains" | "spanhosts"
        | "followtags" | "ignoretags" | "httpuser" | "httppassword" | "user" | "password"
        | "ftpuser" | "ftppassword" | "cookies" | "compression" | "iri" | "localencoding"
        | "remoteencoding" | "restrictfilenames" | "httpkeepalive" | "cache" | "dnscache"
        | "convertlinks" | "adjustextension" | "htmlextension" | "continue" | "serverresponse"
        | "contentonerror" | "secureprotocol" | "httpsonly" | "hsts" | "quota" | "netrc"
        | "relativeonly" | "followftp" | "ignorecase" | "ignorelength" | "method" | "bodydata"
        | "postdata" | "referer" | "saveheaders" | "spider" | "noclobber" | "preferfamily"
        | "retryonhttperror" | "retryonhosterror" | "chooseconfig" => "",
        _ => return None,
    })
}

fn wget(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "version"]) {
        return;
    }
    let shown = run.shown();
    for letters in p.values("n") {
        if !letters
            .text()
            .is_some_and(|l| !l.is_empty() && l.chars().all(|c| "vcdHp".contains(c)))
        {
            r.note(
                Opaque,
                format!(
                    "{shown}: wget's `-n{}` is not one wicket knows",
                    letters.shown
                ),
            );
            return;
        }
    }
    if !p.has("no-config") {
        for name in ["WGETRC", "SYSTEM_WGETRC", "HOME"] {
            if env_var(scope, name).is_some() {
                r.note(
                    Opaque,
                    format!("{shown}: wget reads a .wgetrc from the ${name} this command sets, which wicket cannot see"),
                );
            }
        }
    }
    if let Some(text) = env_var(scope, "WGET_ASKPASS") {
        let command = text.map_or(
            Arg {
                values: None,
                glob: false,
                shown: "$WGET_ASKPASS".into(),
            },
            |t| Arg::literal(&t),
        );
        r.runs_text(&command, scope, &format!("{shown}: WGET_ASKPASS"));
    }
    for config in p.values("config") {
        config_file(r, config, scope, &shown);
    }
    // `-e` commands, as the options they stand for.
    let mut extra: Vec<(&'static str, Arg)> = Vec::new();
    for command in p.values("execute") {
        let Some(text) = command.text() else {
            r.note(
                Opaque,
                format!("{shown}: a .wgetrc command only known when it runs"),
            );
            continue;
        };
        let (name, value) = text.split_once('=').unwrap_or((text, ""));
        match wgetrc_option(name.trim()) {
            Some("") => {}
            Some(option) => extra.push((option, Arg::literal(value.trim()))),
            None => r.note(
                Opaque,
                format!(
                    "{shown}: the .wgetrc command `{}` is not one wicket knows",
                    name.trim()
                ),
            ),
        }
    }
    let given = |key: &str| p.has(key) || extra.iter().any(|(k, _)| *k == key);
    let values = |key: &str| -> Vec<Arg> {
        p.values(key)
            .cloned()
            .chain(
                extra
                    .iter()
                    .filter(|(k, _)| *k == key)
                    .map(|(_, v)| v.clone()),
            )
            .collect()
    };
    for command in values("use-askpass") {
        r.runs_text(&command, scope, &format!("{shown}: wget's --use-askpass"));
    }
    for key in [
        "post-file",
        "body-file",
        "load-cookies",
        "certificate",
        "private-key",
        "ca-certificate",
        "ca-directory",
        "crl-file",
        "warc-dedup",
    ] {
        for file in values(key) {
            r.reads(&file, scope, &shown);
        }
    }
    for pin in values("pinnedpubkey") {
        if !pin.text().is_some_and(|t| t.starts_with("sha256//")) {
            r.reads(&pin, scope, &shown);
        }
    }
    for (key, change) in [
        ("output-file", Change::Overwrite),
        ("append-output", Change::Write),
        ("rejected-log", Change::Overwrite),
        ("save-cookies", Change::Overwrite),
        ("hsts-file", Change::Write),
        ("warc-tempdir", Change::Write),
    ] {
        for file in values(key) {
            r.change(&file, scope, change, Reach::Path, &shown);
        }
    }
    for name in values("warc-file") {
        let file = match name.text() {
            Some(t) => Arg::literal(&format!("{t}.warc.gz")),
            None => name.clone(),
        };
        r.change(&file, scope, Change::Overwrite, Reach::Path, &shown);
    }
    if given("background") {
        r.note(Process, format!("{shown} goes on in the background"));
        if !given("output-file") && !given("append-output") {
            r.change(
                &Arg::literal("wget-log"),
                scope,
                Change::Write,
                Reach::Path,
                &shown,
            );
        }
    }
    if given("debug") && !given("no-netrc") && netrc_exists(r, scope) {
        r.guard(
            Secret,
            format!("{shown} sends credentials from ~/.netrc and prints its requests (-d)"),
        );
    }
    // The downloads.
    let urls = p.operand_args();
    for url in &urls {
        match url.text() {
            Some(text) => r.note(OpenWorld, format!("{shown} reaches {}", url_host(text))),
            None => r.note(
                OpenWorld,
                format!("{shown} reaches a URL only known when it runs"),
            ),
        }
    }
    let inputs = values("input-file");
    for input in &inputs {
        if input.text() != Some("-") && !input.text().is_some_and(|t| t.contains("://")) {
            r.reads(input, scope, &shown);
        }
    }
    if urls.is_empty() && inputs.is_empty() {
        r.note(Read, format!("{shown} names no URL"));
        return;
    }
    if given("spider") {
        return;
    }
    if let Some(document) = values("output-document").last() {
        if document.text() != Some("-") {
            r.change(document, scope, Change::Overwrite, Reach::Path, &shown);
        }
        return;
    }
    let dir = values("directory-prefix")
        .last()
        .cloned()
        .unwrap_or_else(|| Arg::literal("."));
    let overwrites = given("timestamping") || given("mirror");
    let change = if overwrites {
        Change::Overwrite
    } else {
        Change::Write
    };
    let tree = [
        "recursive",
        "mirror",
        "page-requisites",
        "force-directories",
        "content-disposition",
        "trust-server-names",
    ]
    .iter()
    .any(|k| given(k))
        || !inputs.is_empty();
    if tree {
        r.change(&dir, scope, change, Reach::Tree, &shown);
        return;
    }
    for url in &urls {
        match url.text() {
            Some(text) => {
                let name = url_file_name(text).unwrap_or_else(|| "index.html".to_owned());
                r.change(&under(&dir, &name), scope, change, Reach::Path, &shown);
            }
            None => r.change(&dir, scope, change, Reach::Path, &shown),
        }
    }
}

// ------------------------------------------------------------ ssh family

/// Whether an `ssh_config` keyword (lowercased) is one wicket knows, and
/// what it does on this machine.
enum SshKey {
    /// A setting that changes nothing here.
    Knob,
    /// Runs its value with the shell (`%h`-style tokens filled in).
    Command,
    /// Runs the program its value names.
    Program,
    /// Loads a library: code wicket cannot read.
    Library,
    /// Reads the files its value names.
    Reads,
    /// Appends to the files its value names.
    Writes,
    /// Creates the socket its value names (with ControlMaster).
    Socket,
    /// Reads more configuration.
    Config,
    /// Hands credentials to the other host.
    Credential,
}

fn ssh_keyword(key: &str) -> Option<SshKey> {
    use SshKey::*;
    Some(match key {
        "proxycommand" | "localcommand" | "knownhostscommand" => Command,
        "xauthlocation" => Program,
        "pkcs11provider" | "securitykeyprovider" => Library,
        "identityfile"
        | "certificatefile"
        | "globalknownhostsfile"
        | "revokedhostkeys"
        | "identityagent" => Reads,
        "userknownhostsfile" => Writes,
        "controlpath" => Socket,
        "include" => Config,
        "sendenv" | "forwardagent" | "gssapidelegatecredentials" => Credential,
        "addkeystoagent"
        | "addressfamily"
        | "batchmode"
        | "bindaddress"
        | "bindinterface"
        | "canonicaldomains"
        | "canonicalizefallbacklocal"
        | "canonicalizehostname"
        | "canonicalizemaxdots"
        | "canonicalizepermittedcnames"
        | "casignaturealgorithms"
        | "channeltimeout"
        | "checkhostip"
        | "ciphers"
        | "clearallforwardings"
        | "compression"
        | "connectionattempts"
        | "connecttimeout"
        | "controlmaster"
        | "controlpersist"
        | "dynamicforward"
        | "enableescapecommandline"
        | "enablesshkeysign"
        | "escapechar"
        | "exitonforwardfailure"
        | "fingerprinthash"
        | "forkafterauthentication"
        | "forwardx11"
        | "forwardx11timeout"
        | "forwardx11trusted"
        | "gatewayports"
        | "gssapiauthentication"
        | "gssapikeyexchange"
        | "gssapikexalgorithms"
        | "gssapirenewalforcesrekey"
        | "gssapitrustdns"
        | "gssapiclientidentity"
        | "gssapiserveridentity"
        | "hashknownhosts"
        | "hostbasedacceptedalgorithms"
        | "hostbasedkeytypes"
        | "hostbasedauthentication"
        | "hostkeyalgorithms"
        | "hostkeyalias"
        | "hostname"
        | "identitiesonly"
        | "ignoreunknown"
        | "ipqos"
        | "kbdinteractiveauthentication"
        | "kbdinteractivedevices"
        | "challengeresponseauthentication"
        | "kexalgorithms"
        | "localforward"
        | "loglevel"
        | "logverbose"
        | "macs"
        | "nohostauthenticationforlocalhost"
        | "numberofpasswordprompts"
        | "obscurekeystroketiming"
        | "passwordauthentication"
        | "permitlocalcommand"
        | "permitremoteopen"
        | "port"
        | "preferredauthentications"
        | "proxyjump"
        | "proxyusefdpass"
        | "pubkeyacceptedalgorithms"
        | "pubkeyacceptedkeytypes"
        | "pubkeyauthentication"
        | "rekeylimit"
        | "remotecommand"
        | "remoteforward"
        | "requesttty"
        | "requiredrsasize"
        | "serveralivecountmax"
        | "serveraliveinterval"
        | "sessiontype"
        | "setenv"
        | "stdinnull"
        | "streamlocalbindmask"
        | "streamlocalbindunlink"
        | "stricthostkeychecking"
        | "syslogfacility"
        | "tcpkeepalive"
        | "keepalive"
        | "tag"
        | "tunnel"
        | "tunneldevice"
        | "updatehostkeys"
        | "user"
        | "verifyhostkeydns"
        | "visualhostkey"
        | "warnweakcrypto"
        | "refuseconnection"
        | "versionaddendum"
        | "usekeychain" => Knob,
        _ => return None,
    })
}

/// What ssh's `%` tokens expand to for one run: the destination as
/// written (`%n`), the host it connects to (`%h`), the remote user (`%r`),
/// the port (`%p`) and the local home (`%d`). The host and user come from
/// the command line, so the agent chooses them: a command or path is read
/// with them filled in, and is unknown when they are.
struct SshTarget {
    original: Option<String>,
    hostname: Option<String>,
    user: Option<String>,
    port: String,
    home: String,
}

impl SshTarget {
    fn of(destination: Option<&Arg>, p: &Parsed, home: String) -> SshTarget {
        let option = |key: &str| -> Option<String> {
            p.values("o").filter_map(Arg::text).find_map(|o| {
                let cut = o.find(['=', ' ', '\t'])?;
                o[..cut].eq_ignore_ascii_case(key).then(|| {
                    o[cut..]
                        .trim_start_matches([' ', '\t', '='])
                        .trim_matches('"')
                        .to_owned()
                })
            })
        };
        let (mut user, original, mut port) = match destination.and_then(Arg::text) {
            Some(dest) => {
                let dest = dest.strip_prefix("ssh://").unwrap_or(dest);
                let (user, rest) = match dest.rsplit_once('@') {
                    Some((u, h)) => (Some(u.to_owned()), h),
                    None => (None, dest),
                };
                let (host, port) = match rest.rsplit_once(':') {
                    Some((h, p)) if p.chars().all(|c| c.is_ascii_digit()) && !h.is_empty() => {
                        (h, Some(p.to_owned()))
                    }
                    _ => (rest, None),
                };
                (user, Some(host.to_owned()), port)
            }
            None => (None, None, None),
        };
        if let Some(l) = p.last("l").and_then(Arg::text) {
            user = Some(l.to_owned());
        }
        if let Some(u) = option("user") {
            user = Some(u);
        }
        if let Some(pp) = p.last("p").or_else(|| p.last("P")).and_then(Arg::text) {
            port = Some(pp.to_owned());
        }
        SshTarget {
            hostname: option("hostname").or_else(|| original.clone()),
            original,
            user: user.or_else(|| Some("user".to_owned())),
            port: port.unwrap_or_else(|| "22".to_owned()),
            home,
        }
    }

    /// `text` with its tokens filled in; `None` when one is not known.
    fn expand(&self, text: &str) -> Option<String> {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            match chars.next()? {
                '%' => out.push('%'),
                'n' | 'k' => out.push_str(self.original.as_deref()?),
                'h' => out.push_str(self.hostname.as_deref()?),
                'r' => out.push_str(self.user.as_deref()?),
                'p' => out.push_str(&self.port),
                'd' => out.push_str(&self.home),
                'u' => out.push_str("user"),
                'l' | 'L' => out.push_str("localhost"),
                'C' | 'H' | 'I' => out.push_str("0123abcd"),
                'i' => out.push_str("1000"),
                'j' | 'T' | 'f' | 'K' | 't' => out.push('x'),
                _ => return None,
            }
        }
        Some(out)
    }

    /// The token-filled text as an argument (unknown when it cannot be).
    fn arg(&self, text: &str) -> Arg {
        match self.expand(text) {
            Some(t) => Arg::literal(&t),
            None => Arg {
                values: None,
                glob: false,
                shown: text.to_owned(),
            },
        }
    }
}

/// A command ssh runs here: with `$SHELL -c` (the SHELL this command sets,
/// if it sets one).
fn ssh_runs(r: &mut Reader, shown: &str, what: &str, command: &Arg, scope: &Scope) {
    match env_var(scope, "SHELL") {
        None => r.runs_text(command, scope, &format!("{shown}: ssh's {what}")),
        Some(shell) => {
            let shell = shell.map_or(
                Arg {
                    values: None,
                    glob: false,
                    shown: "$SHELL".into(),
                },
                |s| Arg::literal(&s),
            );
            if shell.text().is_none() || command.text().is_none() {
                r.note(
                    Opaque,
                    format!("{shown}: ssh runs its {what} with a shell only known when it runs"),
                );
                return;
            }
            let inv = Invocation::of_words(vec![shell, Arg::literal("-c"), command.clone()]);
            r.read_invocation(&inv, &mut scope.clone());
        }
    }
}

/// Read `-o` options (and the options ssh's own flags stand for) for what
/// they do here. `master` says whether this run creates a control socket.
fn ssh_options(
    r: &mut Reader,
    shown: &str,
    options: &[Arg],
    master: bool,
    target: &SshTarget,
    scope: &Scope,
) {
    for option in options {
        let Some(text) = option.text() else {
            r.note(
                Opaque,
                format!("{shown}: an ssh option only known when it runs"),
            );
            continue;
        };
        let text = text.trim_start();
        let cut = text.find(['=', ' ', '\t']).unwrap_or(text.len());
        let key = text[..cut].to_ascii_lowercase();
        let value = text[cut..]
            .trim_start_matches([' ', '\t'])
            .trim_start_matches('=')
            .trim_start_matches([' ', '\t'])
            .trim_matches('"');
        let none = value.eq_ignore_ascii_case("none") || value.is_empty();
        let yes = |v: &str| {
            matches!(
                v.to_ascii_lowercase().as_str(),
                "yes" | "true" | "confirm" | "ask"
            ) || v.starts_with('/')
                || v.starts_with('$')
        };
        match ssh_keyword(&key) {
            None => r.note(
                Opaque,
                format!("{shown}: the ssh option `{key}` is not one wicket knows"),
            ),
            Some(SshKey::Knob) => {
                if key == "remotecommand" && !none {
                    r.note(
                        OpenWorld,
                        format!("{shown} runs a command on the other host"),
                    );
                }
                if key == "forkafterauthentication" && yes(value) {
                    r.note(Process, format!("{shown} goes on in the background"));
                }
            }
            Some(SshKey::Command) if none || value == "-" => {}
            Some(SshKey::Command) => {
                ssh_runs(r, shown, &key, &target.arg(value), scope);
            }
            Some(SshKey::Program) => {
                let inv = Invocation::of_words(vec![Arg::literal(value)]);
                r.read_invocation(&inv, &mut scope.clone());
            }
            Some(SshKey::Library) if none || value == "internal" => {}
            Some(SshKey::Library) => r.note(
                Opaque,
                format!("{shown}: ssh's {key} loads {value}, code wicket cannot read"),
            ),
            Some(SshKey::Reads) if none => {}
            Some(SshKey::Reads) => {
                for file in value.split_whitespace() {
                    r.reads(&target.arg(file), scope, shown);
                }
            }
            Some(SshKey::Writes) if none => {}
            Some(SshKey::Writes) => {
                for file in value.split_whitespace() {
                    r.change(&target.arg(file), scope, Change::Write, Reach::Path, shown);
                }
            }
            Some(SshKey::Socket) if none => {}
            Some(SshKey::Socket) => {
                if master {
                    r.change(
                        &target.arg(value),
                        scope,
                        Change::Overwrite,
                        Reach::Path,
                        shown,
                    );
                }
            }
            Some(SshKey::Config) => r.note(
                Opaque,
                format!("{shown} reads more configuration, which wicket cannot see"),
            ),
            Some(SshKey::Credential) => {
                let hands = match key.as_str() {
                    "sendenv" => !none,
                    _ => yes(value),
                };
                if hands {
                    r.guard(
                        Secret,
                        format!("{shown}: ssh's {key} hands this machine's credentials or environment to the other host"),
                    );
                }
            }
        }
    }
}

/// Forwarding specs (`-L`, `-R`, `-D`) that name a local socket file.
fn ssh_forward(r: &mut Reader, shown: &str, spec: &Arg, scope: &Scope) {
    let Some(text) = spec.text() else { return };
    let local = text.split(':').next().unwrap_or("");
    if local.contains('/') {
        r.change(
            &Arg::literal(local),
            scope,
            Change::Overwrite,
            Reach::Path,
            shown,
        );
    }
}

const SSH_GRAMMAR: Grammar = Grammar {
    // OpenSSH's getopt: no permutation, no long options.
    style: Style {
        permute: false,
        abbreviate: false,
        bundle: true,
        single_dash_long: false,
        numeric: false,
    },
    options: &[
        flag("4", "4", &[]),
        flag("6", "6", &[]),
        flag("A", "A", &[]),
        flag("a", "a", &[]),
        flag("C", "C", &[]),
        flag("f", "f", &[]),
        flag("G", "G", &[]),
        flag("g", "g", &[]),
        flag("K", "K", &[]),
        flag("k", "k", &[]),
        flag("M", "M", &[]),
        flag("N", "N", &[]),
        flag("n", "n", &[]),
        flag("q", "q", &[]),
        flag("s", "s", &[]),
        flag("T", "T", &[]),
        flag("t", "t", &[]),
        flag("V", "V", &[]),
        flag("v", "v", &[]),
        flag("X", "X", &[]),
        flag("x", "x", &[]),
        flag("Y", "Y", &[]),
        flag("y", "y", &[]),
        value("B", "B", &[]),
        value("b", "b", &[]),
        value("c", "c", &[]),
        value("D", "D", &[]),
        value("E", "E", &[]),
        value("e", "e", &[]),
        value("F", "F", &[]),
        value("I", "I", &[]),
        value("i", "i", &[]),
        value("J", "J", &[]),
        value("L", "L", &[]),
        value("l", "l", &[]),
        value("m", "m", &[]),
        value("O", "O", &[]),
        value("o", "o", &[]),
        value("P", "P", &[]),
        value("p", "p", &[]),
        value("Q", "Q", &[]),
        value("R", "R", &[]),
        value("S", "S", &[]),
        value("W", "W", &[]),
        value("w", "w", &[]),
    ],
};

pub const SSH: Program = Program {
    names: &["ssh", "slogin"],
    syntax: Syntax::Grammar(SSH_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: ssh,
    examples: examples![
        (OpenWorld, "ssh -o BatchMode=yes host true"),
        (OpenWorld, "ssh build-host uptime"),
        (OpenWorld, "ssh host 'rm -rf /'"),
        (OpenWorld, "ssh -p 2222 -l git host ls -l"),
        (OpenWorld, "ssh host -p 22 ls -la"),
        (Read, "ssh -V"),
        (Read, "ssh -G host"),
        (OpenWorld, "ssh -fN -L 8080:localhost:80 host"),
        (Destructive, "ssh -o ProxyCommand='rm -rf /etc' host"),
        (Destructive, "ssh -oProxyCommand='rm -rf /etc' host"),
        (Destructive, "ssh -o 'ProxyCommand rm -rf /etc' host"),
        (
            Destructive,
            "ssh -o LocalCommand='rm -rf /etc' -o PermitLocalCommand=yes host",
        ),
        (Destructive, "ssh -E ../../.wicket/trail.jsonl host"),
        (Destructive, "ssh -qE../../.wicket/trail.jsonl host"),
        (
            Destructive,
            "ssh -o UserKnownHostsFile=../../repo.git/config host",
        ),
        (Destructive, "ssh -MS ../../.wicket/sock host"),
        (Destructive, "ssh host -E ../../.wicket/log true"),
        (Opaque, "ssh -F cfg host true"),
        (Opaque, "ssh -o PKCS11Provider=./evil.so host"),
        (Opaque, "ssh -I ./evil.so host"),
        (Opaque, "ssh -o Bogus=1 host"),
        (Secret, "ssh -A host"),
        (Secret, "ssh -o SendEnv='*' host"),
        (Secret, "ssh -i ~/.ssh/id_ed25519 host"),
        (OpenWorld, "ssh -F /dev/null host true"),
    ],
    manual: "OpenSSH 9.2p1: ssh(1) usage and ssh_config(5) keywords (ssh -G)",
};

/// ssh's words: options, the destination, more options (ssh reads options
/// again after the destination), then the remote command.
fn ssh_parse(r: &mut Reader, run: &Run) -> Option<(Parsed, Vec<Arg>)> {
    let first = &run.parsed;
    let mut options = first.options.clone();
    let mut operands = first.operand_args().into_iter();
    let destination = operands.next();
    let rest: Vec<Arg> = operands.collect();
    let mut command = rest.clone();
    if destination.is_some() && !first.dashdash && !rest.is_empty() {
        let again = parse_or_hold(r, run, &SSH_GRAMMAR, &rest)?;
        options.extend(again.options.clone());
        command = again.operand_args();
    }
    let mut parsed = first.clone();
    parsed.options = options;
    parsed.operands = destination.into_iter().map(|d| (1, d)).collect();
    Some((parsed, command))
}

fn ssh(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let Some((p, command)) = ssh_parse(r, run) else {
        return;
    };
    if p.has("V") || p.has("Q") || p.has("G") {
        r.note(
            Read,
            format!("{shown} prints its version, queries or configuration"),
        );
        return;
    }
    let destination = p.operand_args().first().cloned();
    ssh_common(r, &shown, &p, destination.as_ref(), scope);
    for key in ["L", "R", "D"] {
        for spec in p.values(key) {
            ssh_forward(r, &shown, spec, scope);
        }
    }
    if p.has("f") {
        r.note(Process, format!("{shown} goes on in the background"));
    }
    match p.operand_args().first() {
        Some(host) => r.note(
            OpenWorld,
            format!(
                "{shown} reaches {}{}",
                host.shown,
                if command.is_empty() {
                    ""
                } else {
                    " and runs a command there"
                }
            ),
        ),
        None => r.note(
            Read,
            format!("{shown} names no host, so ssh prints its usage"),
        ),
    }
}

/// What ssh, scp and sftp share: `-F`, `-o`, `-i`, `-E`, `-S`, `-A`, `-I`.
fn ssh_common(r: &mut Reader, shown: &str, p: &Parsed, destination: Option<&Arg>, scope: &Scope) {
    let target = SshTarget::of(destination, p, scope.home(r.ctx));
    for config in p.values("F") {
        config_file(r, config, scope, shown);
    }
    let options: Vec<Arg> = p.values("o").cloned().collect();
    let master = p.has("M")
        || options.iter().any(|o| {
            o.text().is_some_and(|t| {
                let t = t.to_ascii_lowercase();
                t.starts_with("controlmaster") && !t.ends_with("no")
            })
        });
    ssh_options(r, shown, &options, master, &target, scope);
    for identity in p.values("i") {
        r.reads(identity, scope, shown);
    }
    for log in p.values("E") {
        r.change(log, scope, Change::Write, Reach::Path, shown);
    }
    for socket in p.values("S") {
        if master && socket.text() != Some("none") {
            let socket = socket.text().map_or(socket.clone(), |s| target.arg(s));
            r.change(&socket, scope, Change::Overwrite, Reach::Path, shown);
        }
    }
    for library in p.values("I") {
        r.note(
            Opaque,
            format!(
                "{shown} loads the PKCS#11 library {}, code wicket cannot read",
                library.shown
            ),
        );
    }
    if p.has("A") {
        r.guard(
            Secret,
            format!(
                "{shown} forwards the SSH agent, so the other host can use this machine's keys"
            ),
        );
    }
    if p.has("K") {
        r.guard(
            Secret,
            format!("{shown} delegates this machine's GSSAPI credentials to the other host"),
        );
    }
}

/// Whether an scp/rsync operand names another host: `host:path`,
/// `user@host:path`, `[v6]:path` (a colon before any slash), or a URI.
fn remote_operand(text: &str) -> bool {
    if text.starts_with("scp://") || text.starts_with("sftp://") || text.starts_with("rsync://") {
        return true;
    }
    match text.find(':') {
        Some(colon) => !text[..colon].contains('/') && colon > 0,
        None => false,
    }
}

const SCP_GRAMMAR: Grammar = Grammar {
    style: SSH_GRAMMAR.style,
    options: &[
        flag("1", "1", &[]),
        flag("2", "2", &[]),
        flag("3", "3", &[]),
        flag("4", "4", &[]),
        flag("6", "6", &[]),
        flag("A", "A", &[]),
        flag("B", "B", &[]),
        flag("C", "C", &[]),
        flag("O", "O", &[]),
        flag("p", "p", &[]),
        flag("q", "q", &[]),
        flag("R", "R", &[]),
        flag("r", "r", &[]),
        flag("s", "s", &[]),
        flag("T", "T", &[]),
        flag("v", "v", &[]),
        flag("d", "d", &[]),
        flag("f", "f", &[]),
        flag("t", "t", &[]),
        value("c", "c", &[]),
        value("D", "D", &[]),
        value("F", "F", &[]),
        value("i", "i", &[]),
        value("J", "J", &[]),
        value("l", "l", &[]),
        value("o", "o", &[]),
        value("P", "P", &[]),
        value("S", "S", &[]),
        value("X", "X", &[]),
    ],
};

pub const SCP: Program = Program {
    names: &["scp"],
    syntax: Syntax::Grammar(SCP_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: scp,
    examples: examples![
        (OpenWorld, "scp build-host:log.txt /tmp/log.txt"),
        (OpenWorld, "scp build-host:log.txt logs/"),
        (OpenWorld, "scp -r dist host:/srv/www"),
        (TargetWrite, "scp README.md docs/README.md"),
        (Destructive, "scp host:x ../../repo.git/config"),
        (Destructive, "scp -r host:hooks ../../repo.git"),
        (Destructive, "scp README.md ../../repo.git/config"),
        (Destructive, "scp -S 'rm -rf /etc' x host:y"),
        (Destructive, "scp -oProxyCommand='rm -rf /etc' x host:y"),
        (Destructive, "scp -t ../../repo.git"),
        (Opaque, "scp -F cfg x host:y"),
        (Secret, "scp ~/.ssh/id_rsa host:"),
        (Secret, "scp -A host:a host:b"),
    ],
    manual: "OpenSSH 9.2p1: scp(1) usage",
};

fn scp(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    let remote = p
        .operand_args()
        .into_iter()
        .find(|a| a.text().is_some_and(remote_operand))
        .map(|a| {
            let t = a.text().unwrap_or_default();
            let t = t
                .strip_prefix("scp://")
                .or_else(|| t.strip_prefix("sftp://"))
                .unwrap_or(t);
            Arg::literal(t.split([':', '/']).next().unwrap_or(t))
        });
    ssh_common(r, &shown, p, remote.as_ref(), scope);
    for key in ["S", "D"] {
        for program in p.values(key) {
            r.runs_text(program, scope, &format!("{shown}: scp's -{key}"));
        }
    }
    let operands = p.operand_args();
    let recursive = p.has("r");
    if p.has("t") {
        // Sink mode: writes what arrives on its input into the target.
        for target in &operands {
            r.change(target, scope, Change::Overwrite, Reach::Tree, &shown);
        }
        return;
    }
    if p.has("f") {
        for source in &operands {
            r.reads_tree(source, scope, &shown);
        }
        return;
    }
    let Some((dest, sources)) = operands.split_last() else {
        r.note(Read, format!("{shown} names nothing to copy"));
        return;
    };
    let is_remote = |a: &Arg| a.text().is_some_and(remote_operand);
    for source in sources {
        if is_remote(source) {
            r.note(OpenWorld, format!("{shown} copies from another host"));
        } else if recursive {
            r.reads_tree(source, scope, &shown);
        } else {
            r.reads(source, scope, &shown);
        }
    }
    if is_remote(dest) {
        r.note(OpenWorld, format!("{shown} copies to another host"));
        return;
    }
    if dest.text().is_none() && dest.values.is_none() {
        r.change(dest, scope, Change::Overwrite, Reach::Tree, &shown);
        return;
    }
    let into_dir = sources.len() > 1 || r.is_directory(dest, scope);
    let reach = if recursive || into_dir || p.has("T") {
        Reach::Tree
    } else {
        Reach::Path
    };
    r.change(dest, scope, Change::Overwrite, reach, &shown);
}

const SFTP_GRAMMAR: Grammar = Grammar {
    style: SSH_GRAMMAR.style,
    options: &[
        flag("2", "2", &[]),
        flag("4", "4", &[]),
        flag("6", "6", &[]),
        flag("A", "A", &[]),
        flag("a", "a", &[]),
        flag("C", "C", &[]),
        flag("f", "f", &[]),
        flag("N", "N", &[]),
        flag("p", "p", &[]),
        flag("q", "q", &[]),
        flag("r", "r", &[]),
        flag("v", "v", &[]),
        value("B", "B", &[]),
        value("b", "b", &[]),
        value("c", "c", &[]),
        value("D", "D", &[]),
        value("F", "F", &[]),
        value("i", "i", &[]),
        value("J", "J", &[]),
        value("l", "l", &[]),
        value("o", "o", &[]),
        value("P", "P", &[]),
        value("R", "R", &[]),
        value("S", "S", &[]),
        value("s", "s", &[]),
        value("X", "X", &[]),
    ],
};

pub const SFTP: Program = Program {
    names: &["sftp"],
    syntax: Syntax::Grammar(SFTP_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: sftp,
    examples: examples![
        (OpenWorld, "sftp host"),
        (OpenWorld, "sftp host:data.csv data/"),
        (Opaque, "sftp -b batch.txt host"),
        (Opaque, "echo 'get x' | sftp host"),
        (Destructive, "sftp -S 'rm -rf /etc' host"),
        (Destructive, "sftp host:x ../../repo.git/config"),
    ],
    manual: "OpenSSH 9.2p1: sftp(1) usage",
};

fn sftp(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    let remote = p
        .operand_args()
        .into_iter()
        .find(|a| a.text().is_some_and(remote_operand))
        .map(|a| {
            let t = a.text().unwrap_or_default();
            let t = t
                .strip_prefix("scp://")
                .or_else(|| t.strip_prefix("sftp://"))
                .unwrap_or(t);
            Arg::literal(t.split([':', '/']).next().unwrap_or(t))
        });
    ssh_common(r, &shown, p, remote.as_ref(), scope);
    for key in ["S", "D"] {
        for program in p.values(key) {
            r.runs_text(program, scope, &format!("{shown}: sftp's -{key}"));
        }
    }
    if let Some(batch) = p.last("b") {
        if batch.text() != Some("-") {
            r.reads(batch, scope, &shown);
        }
        r.note(
            Opaque,
            format!("{shown} runs the sftp commands in {}, which wicket cannot see (they can run local commands)", batch.shown),
        );
        return;
    }
    if run.inv.stdin == Stdin::Fed {
        r.note(
            Opaque,
            format!("{shown} runs sftp commands from its input, which wicket cannot see"),
        );
        return;
    }
    let operands = p.operand_args();
    match operands.as_slice() {
        [] => r.note(Read, format!("{shown} names no host")),
        [host] => {
            r.note(OpenWorld, format!("{shown} reaches {}", host.shown));
            if host.text().is_some_and(|h| h.contains(':')) {
                r.change(
                    &Arg::literal("."),
                    scope,
                    Change::Overwrite,
                    Reach::Tree,
                    &shown,
                );
            }
        }
        [host, local, ..] => {
            r.note(OpenWorld, format!("{shown} reaches {}", host.shown));
            r.change(local, scope, Change::Overwrite, Reach::Tree, &shown);
        }
    }
}

// ----------------------------------------------------------------- rsync

const RSYNC_GRAMMAR: Grammar = Grammar {
    // popt: options anywhere, bundled, long names only exactly.
    style: Style::CLAP,
    options: &[
        flag("verbose", "v", &["verbose", "no-verbose", "no-v"]),
        value("info", "", &["info"]),
        value("debug", "", &["debug"]),
        value("stderr", "", &["stderr"]),
        flag("quiet", "q", &["quiet"]),
        flag("no-motd", "", &["no-motd"]),
        flag("checksum", "c", &["checksum", "no-checksum", "no-c"]),
        flag("archive", "a", &["archive"]),
        flag("recursive", "r", &["recursive"]),
        flag(
            "no-recursive",
            "",
            &[
                "no-recursive",
                "no-r",
                "no-inc-recursive",
                "no-i-r",
                "inc-recursive",
                "i-r",
            ],
        ),
        flag("relative", "R", &["relative", "no-relative", "no-R"]),
        flag("no-implied-dirs", "", &["no-implied-dirs", "implied-dirs"]),
        flag("backup", "b", &["backup", "no-backup"]),
        value("backup-dir", "", &["backup-dir"]),
        value("suffix", "", &["suffix"]),
        flag("update", "u", &["update"]),
        flag("inplace", "", &["inplace", "no-inplace"]),
        flag("append", "", &["append"]),
        flag("append-verify", "", &["append-verify"]),
        flag("dirs", "d", &["dirs", "no-dirs", "no-d"]),
        flag("old-dirs", "", &["old-dirs", "old-d"]),
        flag("mkpath", "", &["mkpath", "no-mkpath"]),
        flag("links", "l", &["links", "no-links", "no-l"]),
        flag("copy-links", "L", &["copy-links", "no-copy-links", "no-L"]),
        flag("copy-unsafe-links", "", &["copy-unsafe-links"]),
        flag("safe-links", "", &["safe-links"]),
        flag("munge-links", "", &["munge-links", "no-munge-links"]),
        flag("copy-dirlinks", "k", &["copy-dirlinks"]),
        flag("keep-dirlinks", "K", &["keep-dirlinks"]),
        flag("hard-links", "H", &["hard-links", "no-hard-links", "no-H"]),
        flag("perms", "p", &["perms", "no-perms", "no-p"]),
        flag("executability", "E", &["executability"]),
        value("chmod", "", &["chmod"]),
        flag("acls", "A", &["acls", "no-acls", "no-A"]),
        flag("xattrs", "X", &["xattrs", "no-xattrs", "no-X"]),
        flag("owner", "o", &["owner", "no-owner", "no-o"]),
        flag("group", "g", &["group", "no-group", "no-g"]),
        flag("devices", "", &["devices", "no-devices"]),
        flag("copy-devices", "", &["copy-devices"]),
        flag("write-devices", "", &["write-devices", "no-write-devices"]),
        flag("specials", "", &["specials", "no-specials"]),
        flag("D", "D", &["no-D"]),
        flag("times", "t", &["times", "no-times", "no-t"]),
        flag("atimes", "U", &["atimes", "no-atimes", "no-U"]),
        flag("open-noatime", "", &["open-noatime", "no-open-noatime"]),
        flag("crtimes", "N", &["crtimes", "no-crtimes", "no-N"]),
        flag(
            "omit-dir-times",
            "O",
            &["omit-dir-times", "no-omit-dir-times", "no-O"],
        ),
        flag(
            "omit-link-times",
            "J",
            &["omit-link-times", "no-omit-link-times", "no-J"],
        ),
        flag("super", "", &["super", "no-super"]),
        flag("fake-super", "", &["fake-super"]),
        flag("sparse", "S", &["sparse", "no-sparse", "no-S"]),
        flag("preallocate", "", &["preallocate"]),
        flag("dry-run", "n", &["dry-run"]),
        flag("whole-file", "W", &["whole-file", "no-whole-file", "no-W"]),
        value("checksum-choice", "", &["checksum-choice", "cc"]),
        flag(
            "one-file-system",
            "x",
            &["one-file-system", "no-one-file-system", "no-x"],
        ),
        value("block-size", "B", &["block-size"]),
        value("rsh", "e", &["rsh"]),
        value("rsync-path", "", &["rsync-path"]),
        flag("existing", "", &["existing", "ignore-non-existing"]),
        flag("ignore-existing", "", &["ignore-existing"]),
        flag(
            "remove-source-files",
            "",
            &["remove-source-files", "remove-sent-files"],
        ),
        flag("del", "", &["del"]),
        flag("delete", "", &["delete"]),
        flag("delete-before", "", &["delete-before"]),
        flag("delete-during", "", &["delete-during"]),
        flag("delete-delay", "", &["delete-delay"]),
        flag("delete-after", "", &["delete-after"]),
        flag("delete-excluded", "", &["delete-excluded"]),
        flag("ignore-missing-args", "", &["ignore-missing-args"]),
        flag("delete-missing-args", "", &["delete-missing-args"]),
        flag("ignore-errors", "", &["ignore-errors"]),
        flag("force", "", &["force", "no-force"]),
        value("max-delete", "", &["max-delete"]),
        value("max-size", "", &["max-size"]),
        value("min-size", "", &["min-size"]),
        value("max-alloc", "", &["max-alloc"]),
        flag("partial", "", &["partial", "no-partial"]),
        value("partial-dir", "", &["partial-dir"]),
        flag("delay-updates", "", &["delay-updates", "no-delay-updates"]),
        flag(
            "prune-empty-dirs",
            "m",
            &["prune-empty-dirs", "no-prune-empty-dirs", "no-m"],
        ),
        flag("numeric-ids", "", &["numeric-ids", "no-numeric-ids"]),
        value("usermap", "", &["usermap"]),
        value("groupmap", "", &["groupmap"]),
        value("chown", "", &["chown"]),
        value("timeout", "", &["timeout"]),
        value("contimeout", "", &["contimeout"]),
        flag("ignore-times", "I", &["ignore-times"]),
        flag("size-only", "", &["size-only"]),
        value("modify-window", "@", &["modify-window"]),
        value("temp-dir", "T", &["temp-dir"]),
        flag("fuzzy", "y", &["fuzzy", "no-fuzzy", "no-y"]),
        value("compare-dest", "", &["compare-dest"]),
        value("copy-dest", "", &["copy-dest"]),
        value("link-dest", "", &["link-dest"]),
        flag("compress", "z", &["compress", "no-compress", "no-z"]),
        value("compress-choice", "", &["compress-choice", "zc"]),
        value("compress-level", "", &["compress-level", "zl"]),
        value("skip-compress", "", &["skip-compress"]),
        flag("cvs-exclude", "C", &["cvs-exclude"]),
        value("filter", "f", &["filter"]),
        flag("F", "F", &[]),
        value("exclude", "", &["exclude"]),
        value("exclude-from", "", &["exclude-from"]),
        value("include", "", &["include"]),
        value("include-from", "", &["include-from"]),
        value("files-from", "", &["files-from"]),
        flag("from0", "0", &["from0", "no-from0"]),
        flag("old-args", "", &["old-args", "no-old-args"]),
        flag(
            "secluded-args",
            "s",
            &[
                "secluded-args",
                "protect-args",
                "no-secluded-args",
                "no-protect-args",
                "no-s",
            ],
        ),
        flag("trust-sender", "", &["trust-sender"]),
        value("copy-as", "", &["copy-as"]),
        value("address", "", &["address"]),
        value("port", "", &["port"]),
        value("sockopts", "", &["sockopts"]),
        flag("blocking-io", "", &["blocking-io", "no-blocking-io"]),
        value("outbuf", "", &["outbuf"]),
        flag("stats", "", &["stats"]),
        flag(
            "8-bit-output",
            "8",
            &["8-bit-output", "no-8-bit-output", "no-8"],
        ),
        flag(
            "human-readable",
            "h",
            &["human-readable", "no-human-readable", "no-h"],
        ),
        flag("progress", "", &["progress", "no-progress"]),
        flag("P", "P", &[]),
        flag(
            "itemize-changes",
            "i",
            &["itemize-changes", "no-itemize-changes", "no-i"],
        ),
        value("remote-option", "M", &["remote-option"]),
        value("out-format", "", &["out-format", "log-format"]),
        value("log-file", "", &["log-file"]),
        value("log-file-format", "", &["log-file-format"]),
        value("password-file", "", &["password-file"]),
        value("early-input", "", &["early-input"]),
        flag("list-only", "", &["list-only"]),
        value("bwlimit", "", &["bwlimit"]),
        value("stop-after", "", &["stop-after", "time-limit"]),
        value("stop-at", "", &["stop-at"]),
        flag("fsync", "", &["fsync"]),
        value("write-batch", "", &["write-batch"]),
        value("only-write-batch", "", &["only-write-batch"]),
        value("read-batch", "", &["read-batch"]),
        value("protocol", "", &["protocol"]),
        value("iconv", "", &["iconv", "no-iconv"]),
        value("checksum-seed", "", &["checksum-seed"]),
        flag("ipv4", "4", &["ipv4"]),
        flag("ipv6", "6", &["ipv6"]),
        flag("version", "V", &["version"]),
        flag("help", "", &["help"]),
        flag("daemon", "", &["daemon"]),
        value("config", "", &["config"]),
        value("dparam", "", &["dparam"]),
        flag("no-detach", "", &["no-detach", "detach"]),
        flag("server", "", &["server"]),
        flag("sender", "", &["sender"]),
    ],
};

pub const RSYNC: Program = Program {
    names: &["rsync"],
    syntax: Syntax::Grammar(RSYNC_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: rsync,
    examples: examples![
        (TargetWrite, "rsync -av src/ backup/"),
        (TargetWrite, "rsync -av --delete src/ mirror/"),
        (OpenWorld, "rsync -a build-host:/data/ /tmp/data/"),
        (OpenWorld, "rsync -avz dist/ deploy@host:/srv/www/"),
        (Opaque, "rsync -az host:/data/ data/"),
        (OpenWorld, "rsync -az --exclude=.git host:/data/ data/"),
        (Read, "rsync --version"),
        (Read, "rsync -avn src/ ../../repo.git/"),
        (Destructive, "rsync -a src ../../"),
        (Destructive, "rsync -a hooks/ ../../repo.git/hooks/"),
        (Destructive, "rsync -a --delete empty/ ../../repo.git/"),
        (
            Destructive,
            "rsync -a --remove-source-files ../../.wicket/ x/",
        ),
        (
            Destructive,
            "rsync -a src/ out/ --log-file=../../.wicket/trail.jsonl",
        ),
        (
            Destructive,
            "rsync -a src/ out/ --backup-dir=../../../.wicket -b",
        ),
        (
            Destructive,
            "rsync -a --write-batch=../../repo.git/config src/ out/",
        ),
        (Destructive, "rsync -e 'sh -c \"rm -rf /etc\"' a b:"),
        (
            Destructive,
            "rsync -a --link-dest=../../../repo.git src/ out/",
        ),
        (Destructive, "RSYNC_RSH='rm -rf /etc' rsync a host:b"),
        (Opaque, "rsync --daemon"),
        (Opaque, "rsync --server . ../../repo.git"),
        (Opaque, "rsync --bogus a b"),
        (Secret, "rsync -a ~/.ssh/ keys/"),
        (Secret, "rsync -a ~/ home-copy/"),
        (Secret, "rsync -a --files-from=list.txt ~ copy/"),
    ],
    manual: "rsync 3.2.7: rsync(1) OPTIONS SUMMARY (popt: exact long names); not installed here",
};

fn rsync(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "version"]) {
        return;
    }
    let shown = run.shown();
    if p.has("daemon") || p.has("server") || p.has("sender") || p.has("config") {
        r.note(
            Opaque,
            format!("{shown} runs rsync as a daemon or a server, driven by what arrives or a config file wicket cannot see"),
        );
        return;
    }
    // The remote shell rsync runs here.
    let mut rsh: Vec<Arg> = p.values("rsh").cloned().collect();
    if rsh.is_empty() {
        if let Some(value) = env_var(scope, "RSYNC_RSH") {
            rsh.push(value.map_or(
                Arg {
                    values: None,
                    glob: false,
                    shown: "$RSYNC_RSH".into(),
                },
                |v| Arg::literal(&v),
            ));
        }
    }
    for command in &rsh {
        r.runs_text(command, scope, &format!("{shown}: rsync's remote shell"));
    }
    if let Some(value) = env_var(scope, "RSYNC_CONNECT_PROG") {
        let command = value.map_or(
            Arg {
                values: None,
                glob: false,
                shown: "$RSYNC_CONNECT_PROG".into(),
            },
            |v| Arg::literal(&v.replace("%H", "host")),
        );
        r.runs_text(&command, scope, &format!("{shown}: RSYNC_CONNECT_PROG"));
    }
    // --rsync-path runs on the other end, which is here when the remote
    // shell is not a remote shell.
    let remote_shell = rsh.iter().all(|c| {
        c.text()
            .and_then(|t| t.split_whitespace().next())
            .is_some_and(|prog| matches!(prog.rsplit('/').next(), Some("ssh" | "rsh" | "remsh")))
    });
    for path in p.values("rsync-path") {
        if remote_shell {
            r.note(
                OpenWorld,
                format!("{shown} runs {} on the other host", path.shown),
            );
        } else {
            r.runs_text(path, scope, &format!("{shown}: rsync's --rsync-path"));
        }
    }
    for key in [
        "exclude-from",
        "include-from",
        "files-from",
        "password-file",
        "early-input",
    ] {
        for file in p.values(key) {
            if file.text() != Some("-") {
                r.reads(file, scope, &shown);
            }
        }
    }
    for (key, change) in [
        ("log-file", Change::Write),
        ("write-batch", Change::Overwrite),
        ("only-write-batch", Change::Overwrite),
    ] {
        for file in p.values(key) {
            r.change(file, scope, change, Reach::Path, &shown);
            if key != "log-file" {
                if let Some(t) = file.text() {
                    r.change(
                        &Arg::literal(&format!("{t}.sh")),
                        scope,
                        change,
                        Reach::Path,
                        &shown,
                    );
                }
            }
        }
    }
    let operands = p.operand_args();
    let is_remote = |a: &Arg| {
        a.text()
            .is_some_and(|t| remote_operand(t) || t.contains("::"))
    };
    if operands.iter().any(is_remote) {
        r.note(OpenWorld, format!("{shown}: rsync reaches another host"));
    }
    let batch = p.last("read-batch").cloned();
    if let Some(file) = &batch {
        r.reads(file, scope, &shown);
    }
    let (dest, sources): (Option<&Arg>, &[Arg]) = match (&batch, operands.split_last()) {
        (Some(_), Some((dest, rest))) => (Some(dest), rest),
        (None, Some((dest, rest))) if !rest.is_empty() => (Some(dest), rest),
        _ => (None, &operands[..]),
    };
    let recursive = p.has("archive") || p.has("recursive") || p.has("dirs");
    for source in sources {
        if is_remote(source) {
            continue;
        }
        if recursive || p.has("files-from") {
            r.reads_tree(source, scope, &shown);
        } else {
            r.reads(source, scope, &shown);
        }
        if p.has("remove-source-files") {
            r.change(source, scope, Change::Delete, Reach::Tree, &shown);
        }
    }
    let Some(dest) = dest.filter(|d| !is_remote(d)) else {
        if dest.is_none() {
            r.note(Read, format!("{shown} lists what it would copy"));
        }
        return;
    };
    if p.has("dry-run") || p.has("list-only") || p.has("only-write-batch") {
        r.note(Read, format!("{shown} only shows what it would do"));
        return;
    }
    let deletes = [
        "del",
        "delete",
        "delete-before",
        "delete-during",
        "delete-delay",
        "delete-after",
        "delete-excluded",
        "delete-missing-args",
    ]
    .iter()
    .any(|k| p.has(k));
    let change = if deletes {
        Change::Delete
    } else {
        Change::Overwrite
    };
    let reach = if recursive || sources.len() > 1 {
        Reach::Tree
    } else {
        Reach::Path
    };
    // A copy of a file this command wrote its text into is that text
    // (`… > x; rsync x y && sh y`).
    let carries = sources
        .iter()
        .any(|s| r.written_earlier(s, scope).is_some());
    r.with_text_writes(carries, |r| r.change(dest, scope, change, reach, &shown));
    // Into a directory, each source lands by its own name (`rsync X/.git
    // sub/` made `sub/.git`, verified under dash); and with -b, what it
    // replaces is kept as that name plus the suffix (`--suffix`, `~`
    // without --backup-dir: `rsync -b --suffix=t l sub/.gi` kept `sub/.gi`
    // as `sub/.git`).
    let mut landed = vec![dest.clone()];
    if let Some(d) = dest.text() {
        for source in sources.iter().filter(|s| !is_remote(s)) {
            let Some(s) = source.text().filter(|s| !s.ends_with('/')) else {
                continue;
            };
            let name = s.rsplit('/').next().unwrap_or(s);
            if !name.is_empty() && name != "." && name != ".." {
                landed.push(Arg::literal(&format!("{}/{name}", d.trim_end_matches('/'))));
            }
        }
    }
    for into in &landed[1..] {
        r.with_text_writes(carries, |r| r.change(into, scope, change, reach, &shown));
    }
    if p.has("backup") && p.last("backup-dir").is_none() {
        match p.last("suffix").map(Arg::text) {
            Some(None) => r.note(
                Opaque,
                format!("{shown} names its backups with a suffix only known when it runs"),
            ),
            suffix => {
                let suffix = suffix.flatten().unwrap_or("~");
                for into in &landed {
                    let backup = into.with_suffix(suffix);
                    r.change(&backup, scope, Change::Overwrite, Reach::Path, &shown);
                }
            }
        }
    }
    // A tree from outside the worktree may hold a nested repository's .git,
    // unless every entry named .git is excluded: a pattern without a `/`
    // matches a name at any depth (`.git/` would spare a gitfile), and no
    // include or filter rule comes first to take it back.
    let local: Vec<Arg> = sources.iter().filter(|s| !is_remote(s)).cloned().collect();
    if reach == Reach::Tree && (local.len() < sources.len() || r.brings_unseen(&local, scope)) {
        let skips_git = p.values("exclude").any(|v| v.text() == Some(".git"))
            && !["include", "include-from", "filter", "F", "files-from"]
                .iter()
                .any(|k| p.has(k));
        r.fills_with_unseen(dest, scope, Change::Overwrite, skips_git, &shown);
    }
    // A symbolic link among the sources is copied as one (`-l`, `-a`).
    if (p.has("links") || p.has("archive")) && !p.has("copy-links") {
        r.plants_link_at(dest, scope, &shown);
    }
    // Directories rsync uses beside the destination (relative to the
    // destination directory: DEST itself, or, when DEST names the file a
    // single source is copied to, its parent: `rsync -b --backup-dir=../a2
    // x sub/y` put the old y in `sub/../a2`, and with DEST `y`, in the
    // other worktree, verified under dash). Both are judged.
    let mut dest_dirs = vec![dest.clone()];
    match dest.text() {
        Some(text) if !text.ends_with('/') => dest_dirs.push(Arg::literal(
            text.rsplit_once('/').map_or(".", |(parent, _)| parent),
        )),
        Some(_) => {}
        None => dest_dirs.push(Arg {
            values: None,
            glob: false,
            shown: format!("{}/..", dest.shown),
        }),
    }
    for key in ["backup-dir", "partial-dir", "temp-dir"] {
        for (dir, dest) in p
            .values(key)
            .flat_map(|dir| dest_dirs.iter().map(move |d| (dir, d)))
        {
            r.change(
                &relative_to(dest, dir),
                scope,
                Change::Overwrite,
                Reach::Tree,
                &shown,
            );
            if key == "temp-dir" {
                r.change(dir, scope, Change::Overwrite, Reach::Tree, &shown);
            }
        }
    }
    for dest in &dest_dirs {
        for key in ["compare-dest", "copy-dest"] {
            for dir in p.values(key) {
                r.reads_tree(&relative_to(dest, dir), scope, &shown);
            }
        }
        for dir in p.values("link-dest") {
            // Unchanged files become hard links to those in DIR.
            r.change(
                &relative_to(dest, dir),
                scope,
                Change::Link,
                Reach::Tree,
                &shown,
            );
        }
    }
}

// ------------------------------------------------------- nc, ncat, socat

const NC_GRAMMAR: Grammar = Grammar {
    // OpenBSD netcat (Debian's) and netcat-traditional read together:
    // glibc getopt, options anywhere, no long names.
    style: Style::CLAP,
    options: &[
        flag("4", "4", &[]),
        flag("6", "6", &[]),
        flag("b", "b", &[]),
        flag("C", "C", &[]),
        flag("D", "D", &[]),
        flag("d", "d", &[]),
        flag("F", "F", &[]),
        flag("h", "h", &[]),
        flag("k", "k", &[]),
        flag("l", "l", &[]),
        flag("L", "L", &[]),
        flag("N", "N", &[]),
        flag("n", "n", &[]),
        flag("r", "r", &[]),
        flag("S", "S", &[]),
        flag("t", "t", &[]),
        flag("U", "U", &[]),
        flag("u", "u", &[]),
        flag("v", "v", &[]),
        flag("Z", "Z", &[]),
        flag("z", "z", &[]),
        value("I", "I", &[]),
        value("i", "i", &[]),
        value("M", "M", &[]),
        value("m", "m", &[]),
        value("O", "O", &[]),
        value("P", "P", &[]),
        value("p", "p", &[]),
        value("q", "q", &[]),
        value("s", "s", &[]),
        value("T", "T", &[]),
        value("V", "V", &[]),
        value("W", "W", &[]),
        value("w", "w", &[]),
        value("X", "X", &[]),
        value("x", "x", &[]),
        // netcat-traditional.
        value("c", "c", &[]),
        value("e", "e", &[]),
        value("G", "G", &[]),
        value("g", "g", &[]),
        value("o", "o", &[]),
    ],
};

pub const NC: Program = Program {
    names: &["nc", "netcat", "nc.openbsd", "nc.traditional"],
    syntax: Syntax::Grammar(NC_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: nc,
    examples: examples![
        (OpenWorld, "nc -z example.com 443"),
        (OpenWorld, "nc -zv localhost 5432"),
        (OpenWorld, "echo hi | nc -q1 localhost 9000"),
        (Opaque, "nc -l -p 4444 -e /bin/sh"),
        (OpenWorld, "nc -l -p 4444 -e 'rm -rf /etc'"),
        (Destructive, "nc -lp4444 -c'rm -rf /etc'"),
        (Destructive, "nc -o ../../.wicket/dump host 80"),
        (Destructive, "nc -lU ../../.wicket/sock"),
        (Opaque, "nc -e $PROG host 1"),
    ],
    manual: "netcat-openbsd 1.219 and netcat-traditional 1.10: nc(1); not installed here",
};

fn nc(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    let shown = run.shown();
    if p.has("h") {
        r.note(Read, format!("{shown} prints its help"));
        return;
    }
    for program in p.values("e") {
        let inv = Invocation {
            argv: vec![program.clone()],
            stdin: Stdin::Fed,
            stdin_paths: None,
            stdin_text: None,
            extra_operands: false,
            lookup: Lookup::Path,
        };
        match program.text() {
            Some(_) => r.read_invocation(&inv, &mut scope.clone()),
            None => r.note(
                Opaque,
                format!("{shown}: nc -e runs a program only known when it runs"),
            ),
        }
    }
    for command in p.values("c") {
        r.runs_text(command, scope, &format!("{shown}: nc -c"));
    }
    for file in p.values("o") {
        r.change(file, scope, Change::Write, Reach::Path, &shown);
    }
    if p.has("U") {
        for path in p.operand_args() {
            if p.has("l") {
                r.change(&path, scope, Change::Overwrite, Reach::Path, &shown);
            } else {
                r.reads(&path, scope, &shown);
            }
        }
    }
    r.note(OpenWorld, format!("{shown} talks to the network"));
}

const NCAT_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("4", "4", &[]),
        flag("6", "6", &[]),
        flag("unixsock", "U", &["unixsock"]),
        flag("vsock", "", &["vsock"]),
        flag("crlf", "C", &["crlf"]),
        value("sh-exec", "c", &["sh-exec"]),
        value("exec", "e", &["exec"]),
        value("lua-exec", "", &["lua-exec"]),
        value("g", "g", &[]),
        value("G", "G", &[]),
        value("max-conns", "m", &["max-conns"]),
        flag("help", "h", &["help"]),
        value("delay", "d", &["delay"]),
        value("output", "o", &["output"]),
        value("hex-dump", "x", &["hex-dump"]),
        value("idle-timeout", "i", &["idle-timeout"]),
        value("source-port", "p", &["source-port"]),
        value("source", "s", &["source"]),
        flag("listen", "l", &["listen"]),
        flag("keep-open", "k", &["keep-open"]),
        flag("nodns", "n", &["nodns"]),
        flag("telnet", "t", &["telnet"]),
        flag("udp", "u", &["udp"]),
        flag("sctp", "", &["sctp"]),
        flag("verbose", "v", &["verbose"]),
        value("wait", "w", &["wait"]),
        flag("z", "z", &[]),
        flag("append-output", "", &["append-output"]),
        flag("send-only", "", &["send-only"]),
        flag("recv-only", "", &["recv-only"]),
        flag("no-shutdown", "", &["no-shutdown"]),
        value("allow", "", &["allow"]),
        value("allowfile", "", &["allowfile"]),
        value("deny", "", &["deny"]),
        value("denyfile", "", &["denyfile"]),
        flag("broker", "", &["broker"]),
        flag("chat", "", &["chat"]),
        value("proxy", "", &["proxy"]),
        value("proxy-type", "", &["proxy-type"]),
        value("proxy-auth", "", &["proxy-auth"]),
        value("proxy-dns", "", &["proxy-dns"]),
        flag("ssl", "", &["ssl"]),
        value("ssl-cert", "", &["ssl-cert"]),
        value("ssl-key", "", &["ssl-key"]),
        flag("ssl-verify", "", &["ssl-verify"]),
        value("ssl-trustfile", "", &["ssl-trustfile"]),
        value("ssl-ciphers", "", &["ssl-ciphers"]),
        value("ssl-servername", "", &["ssl-servername"]),
        value("ssl-alpn", "", &["ssl-alpn"]),
        flag("version", "", &["version"]),
    ],
};

pub const NCAT: Program = Program {
    names: &["ncat"],
    syntax: Syntax::Grammar(NCAT_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: ncat,
    examples: examples![
        (OpenWorld, "ncat -zv example.com 443"),
        (Destructive, "ncat -l 4444 --sh-exec 'rm -rf /etc'"),
        (Destructive, "ncat -l 4444 --sh-e='rm -rf /etc'"),
        (Destructive, "ncat host 80 -o ../../.wicket/out"),
        (Opaque, "ncat -l 4444 --lua-exec x.lua"),
    ],
    manual: "Ncat 7.93 (nmap): ncat --help; not installed here",
};

fn ncat(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "version"]) {
        return;
    }
    let shown = run.shown();
    for command in p.values("sh-exec") {
        r.runs_text(command, scope, &format!("{shown}: ncat --sh-exec"));
    }
    for command in p.values("exec") {
        r.runs_text(command, scope, &format!("{shown}: ncat --exec"));
    }
    for script in p.values("lua-exec") {
        r.reads(script, scope, &shown);
        r.note(
            Opaque,
            format!(
                "{shown} runs the Lua script {}, which wicket cannot read",
                script.shown
            ),
        );
    }
    let change = if p.has("append-output") {
        Change::Write
    } else {
        Change::Overwrite
    };
    for key in ["output", "hex-dump"] {
        for file in p.values(key) {
            r.change(file, scope, change, Reach::Path, &shown);
        }
    }
    for key in [
        "allowfile",
        "denyfile",
        "ssl-cert",
        "ssl-key",
        "ssl-trustfile",
    ] {
        for file in p.values(key) {
            r.reads(file, scope, &shown);
        }
    }
    if p.has("unixsock") && p.has("listen") {
        for path in p.operand_args() {
            r.change(&path, scope, Change::Overwrite, Reach::Path, &shown);
        }
    }
    r.note(OpenWorld, format!("{shown} talks to the network"));
}

/// socat's address types, by what they do here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Address {
    Network,
    /// Reads or writes the file its parameter names.
    File,
    /// Connects to the socket its parameter names.
    Connect,
    /// Creates the socket or pipe its parameter names.
    Create,
    /// Runs its parameter split into words.
    Exec,
    /// Runs its parameter with the shell.
    System,
    /// Standard streams, descriptors, terminals.
    Stream,
}

fn socat_address_kind(keyword: &str) -> Option<Address> {
    use Address::*;
    let k = keyword.to_ascii_uppercase();
    Some(match k.as_str() {
        "TCP"
        | "TCP4"
        | "TCP6"
        | "TCP-CONNECT"
        | "TCP4-CONNECT"
        | "TCP6-CONNECT"
        | "TCP-LISTEN"
        | "TCP-L"
        | "TCP4-LISTEN"
        | "TCP4-L"
        | "TCP6-LISTEN"
        | "TCP6-L"
        | "UDP"
        | "UDP4"
        | "UDP6"
        | "UDP-CONNECT"
        | "UDP4-CONNECT"
        | "UDP6-CONNECT"
        | "UDP-LISTEN"
        | "UDP-L"
        | "UDP4-LISTEN"
        | "UDP6-LISTEN"
        | "UDP-SENDTO"
        | "UDP4-SENDTO"
        | "UDP6-SENDTO"
        | "UDP-RECV"
        | "UDP4-RECV"
        | "UDP6-RECV"
        | "UDP-RECVFROM"
        | "UDP4-RECVFROM"
        | "UDP6-RECVFROM"
        | "UDP-DATAGRAM"
        | "UDP4-DATAGRAM"
        | "UDP6-DATAGRAM"
        | "SCTP"
        | "SCTP-CONNECT"
        | "SCTP4-CONNECT"
        | "SCTP6-CONNECT"
        | "SCTP-LISTEN"
        | "SCTP4-LISTEN"
        | "SCTP6-LISTEN"
        | "OPENSSL"
        | "SSL"
        | "OPENSSL-CONNECT"
        | "OPENSSL-LISTEN"
        | "SSL-L"
        | "OPENSSL-DTLS-CLIENT"
        | "OPENSSL-DTLS-SERVER"
        | "SOCKS4"
        | "SOCKS4A"
        | "SOCKS5"
        | "SOCKS5-CONNECT"
        | "SOCKS5-LISTEN"
        | "PROXY"
        | "PROXY-CONNECT"
        | "IP-SENDTO"
        | "IP4-SENDTO"
        | "IP6-SENDTO"
        | "IP-RECV"
        | "IP4-RECV"
        | "IP6-RECV"
        | "IP-RECVFROM"
        | "IP4-RECVFROM"
        | "IP6-RECVFROM"
        | "IP-DATAGRAM"
        | "IP4-DATAGRAM"
        | "IP6-DATAGRAM"
        | "VSOCK-CONNECT"
        | "VSOCK-LISTEN"
        | "DCCP-CONNECT"
        | "DCCP-LISTEN"
        | "UDPLITE-CONNECT"
        | "UDPLITE-LISTEN"
        | "INTERFACE"
        | "TUN" => Network,
        "OPEN" | "CREATE" | "CREAT" | "GOPEN" | "FILE" => File,
        "UNIX-CONNECT" | "UNIX-CLIENT" | "UNIX-SENDTO" | "ABSTRACT-CONNECT" | "ABSTRACT-CLIENT"
        | "ABSTRACT-SENDTO" | "UNIX" | "LOCAL" => Connect,
        "UNIX-LISTEN" | "UNIX-L" | "UNIX-RECV" | "UNIX-RECVFROM" | "PIPE" | "NAMED"
        | "ABSTRACT-LISTEN" | "ABSTRACT-RECV" | "ABSTRACT-RECVFROM" => Create,
        "EXEC" => Exec,
        "SYSTEM" | "SHELL" => System,
        "STDIO" | "STDIN" | "STDOUT" | "STDERR" | "FD" | "PTY" | "READLINE" | "ECHO" => Stream,
        _ => return None,
    })
}

/// Split socat text at `sep` outside quotes and brackets, unquoting as
/// socat does; `None` when it cannot be split with certainty.
fn socat_split(text: &str, sep: &str) -> Option<Vec<String>> {
    let mut parts = vec![String::new()];
    let mut depth: i32 = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => parts.last_mut()?.push(chars.next()?.1),
            '\'' | '"' => loop {
                let (_, next) = chars.next()?;
                if next == c {
                    break;
                }
                parts.last_mut()?.push(next);
            },
            '(' | '[' | '{' => {
                depth += 1;
                parts.last_mut()?.push(c);
            }
            ')' | ']' | '}' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
                parts.last_mut()?.push(c);
            }
            _ if depth == 0 && text[at..].starts_with(sep) => {
                for _ in 1..sep.len() {
                    chars.next();
                }
                parts.push(String::new());
            }
            _ => parts.last_mut()?.push(c),
        }
    }
    (depth == 0).then_some(parts)
}

pub const SOCAT: Program = Program {
    names: &["socat"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: socat,
    examples: examples![
        (OpenWorld, "socat TCP-LISTEN:8080,fork TCP:localhost:80"),
        (OpenWorld, "socat - TCP:example.com:80"),
        (OpenWorld, "socat TCP-LISTEN:9000 OPEN:capture.bin,creat"),
        (Destructive, "socat TCP-LISTEN:4444 EXEC:'rm -rf /etc'"),
        (Destructive, "socat TCP-LISTEN:4444 SYSTEM:'rm -rf /etc'"),
        (Destructive, "socat - exec:'rm -rf /etc',pty"),
        (
            Destructive,
            "socat TCP:host:80 CREATE:../../repo.git/config",
        ),
        (Destructive, "socat -lf ../../.wicket/log - TCP:host:80"),
        (
            Destructive,
            "socat TCP-L:1 GOPEN:../../.wicket/trail.jsonl!!STDOUT",
        ),
        (Opaque, "socat - WEIRD:x"),
        (Opaque, "socat - EXEC:\"$CMD\""),
        (Read, "socat -V"),
    ],
    manual: "socat 1.7.4: socat(1) address types and options; not installed here",
};

fn socat(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut addresses: Vec<&Arg> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let Some(text) = arg.text() else {
            addresses.push(arg);
            continue;
        };
        if !text.starts_with('-') || text == "-" || !addresses.is_empty() {
            addresses.push(arg);
            continue;
        }
        match text {
            "-V" | "-h" | "-hh" | "-hhh" | "-?" | "-??" | "-???" => {
                r.note(Read, format!("{shown} prints its help or version"));
                return;
            }
            "-lf" | "-r" | "-R" | "-L" | "-W" => {
                let Some(file) = args.get(i) else {
                    r.note(Opaque, format!("{shown}: socat's {text} needs a value"));
                    return;
                };
                i += 1;
                r.change(file, scope, Change::Overwrite, Reach::Path, &shown);
            }
            "-b" | "-t" | "-T" | "-lp" => i += 1,
            _ if text.starts_with("-d") && text[1..].chars().all(|c| c == 'd') => {}
            _ if text.starts_with("-ly") || text.starts_with("-lm") => {}
            "-D" | "-ls" | "-lu" | "-lh" | "-v" | "-x" | "-s" | "-u" | "-U" | "-g" | "-4"
            | "-6" => {}
            _ => {
                r.note(
                    Opaque,
                    format!("{shown}: socat's option `{text}` is not one wicket knows"),
                );
                return;
            }
        }
    }
    if addresses.len() != 2 {
        r.note(
            Read,
            format!("{shown} names no pair of addresses, so socat refuses"),
        );
        return;
    }
    for address in addresses {
        let Some(text) = address.text() else {
            r.note(
                Opaque,
                format!(
                    "{shown}: the socat address `{}` is only known when it runs",
                    address.shown
                ),
            );
            continue;
        };
        let Some(halves) = socat_split(text, "!!") else {
            r.note(
                Opaque,
                format!("{shown}: the socat address `{text}` cannot be split with certainty"),
            );
            continue;
        };
        for half in halves {
            socat_address(r, &shown, &half, scope);
        }
    }
}

fn socat_address(r: &mut Reader, shown: &str, text: &str, scope: &Scope) {
    if text == "-" {
        return;
    }
    let Some(parts) = socat_split(text, ",") else {
        r.note(
            Opaque,
            format!("{shown}: the socat address `{text}` cannot be split with certainty"),
        );
        return;
    };
    let head = parts.first().cloned().unwrap_or_default();
    let (keyword, parameter) = match head.split_once(':') {
        Some((k, p)) => (k.to_owned(), p.to_owned()),
        // A bare path is GOPEN, a bare number a descriptor.
        None if head.contains('/') => ("GOPEN".to_owned(), head.clone()),
        None if head.chars().all(|c| c.is_ascii_digit()) => ("FD".to_owned(), head.clone()),
        None => (head.clone(), String::new()),
    };
    let Some(kind) = socat_address_kind(&keyword) else {
        r.note(
            Opaque,
            format!("{shown}: `{keyword}` is not a socat address type wicket knows"),
        );
        return;
    };
    let path = Arg::literal(&parameter);
    match kind {
        Address::Network => r.note(
            OpenWorld,
            format!("{shown} talks to the network ({keyword})"),
        ),
        Address::File => r.change(&path, scope, Change::Overwrite, Reach::Path, shown),
        Address::Create => r.change(&path, scope, Change::Overwrite, Reach::Path, shown),
        Address::Connect => r.reads(&path, scope, shown),
        Address::Exec | Address::System => {
            r.runs_text(&path, scope, &format!("{shown}: socat's {keyword}"))
        }
        Address::Stream => {}
    }
    // Options that name files.
    for option in &parts[1..] {
        let (name, value) = option.split_once('=').unwrap_or((option, ""));
        match name.to_ascii_lowercase().as_str() {
            "link" | "lockfile" | "waitlock" | "history" | "history-file" => r.change(
                &Arg::literal(value),
                scope,
                Change::Overwrite,
                Reach::Path,
                shown,
            ),
            "cert" | "key" | "cafile" | "capath" | "dhparam" | "dhparams" | "egd" => {
                r.reads(&Arg::literal(value), scope, shown)
            }
            "chroot" | "chroot-early" | "su" | "su-d" | "substuser" | "substuser-delayed"
            | "setuid" | "setuid-early" => r.note(
                Opaque,
                format!("{shown}: socat's {name} changes who or where the other side runs"),
            ),
            _ => {}
        }
    }
}

// ------------------------------------------------------------------- gh

/// The flags of one gh command that matter for where its operands are:
/// short letters and long names that take a value, and those that do not.
struct GhFlags {
    values: &'static [(Option<char>, &'static str)],
    flags: &'static [(Option<char>, &'static str)],
}

/// What a gh command line holds: flag values by long name, operands, and
/// what comes after `--`.
#[derive(Default)]
struct GhParsed {
    values: Vec<(&'static str, Arg)>,
    flags: Vec<&'static str>,
    operands: Vec<Arg>,
    after: Vec<Arg>,
    problem: Option<String>,
}

impl GhParsed {
    fn value(&self, long: &str) -> Option<&Arg> {
        self.values
            .iter()
            .rev()
            .find(|(k, _)| *k == long)
            .map(|(_, v)| v)
    }
    fn all(&self, long: &str) -> Vec<&Arg> {
        self.values
            .iter()
            .filter(|(k, _)| *k == long)
            .map(|(_, v)| v)
            .collect()
    }
    fn has(&self, long: &str) -> bool {
        self.flags.contains(&long) || self.value(long).is_some()
    }
}

/// Flags every gh command takes.
const GH_COMMON_VALUES: &[(Option<char>, &str)] = &[(Some('R'), "repo"), (None, "hostname")];
const GH_COMMON_FLAGS: &[(Option<char>, &str)] = &[(Some('h'), "help")];

/// Read gh's words (pflag: `--name value`, `--name=value`, `-x value`,
/// `-xvalue`, bundled short flags; no abbreviation).
fn gh_parse(words: &[Arg], known: &GhFlags) -> GhParsed {
    let values = || known.values.iter().chain(GH_COMMON_VALUES);
    let flags = || known.flags.iter().chain(GH_COMMON_FLAGS);
    let mut out = GhParsed::default();
    let mut i = 0;
    while i < words.len() {
        let arg = &words[i];
        i += 1;
        let Some(text) = arg.text() else {
            if arg.shown.starts_with(['$', '"', '\'', '`', '-']) {
                out.problem
                    .get_or_insert_with(|| format!("the word `{}` could be a flag", arg.shown));
            }
            out.operands.push(arg.clone());
            continue;
        };
        if text == "--" {
            out.after = words[i..].to_vec();
            break;
        }
        if text == "-" || !text.starts_with('-') {
            out.operands.push(arg.clone());
            continue;
        }
        if let Some(body) = text.strip_prefix("--") {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (body, None),
            };
            if let Some((_, long)) = values().find(|(_, l)| *l == name) {
                match inline.map(Arg::literal).or_else(|| {
                    let next = words.get(i).cloned();
                    i += 1;
                    next
                }) {
                    Some(v) => out.values.push((long, v)),
                    None => {
                        out.problem
                            .get_or_insert_with(|| format!("the flag `{text}` needs a value"));
                    }
                }
            } else if let Some((_, long)) = flags().find(|(_, l)| *l == name) {
                out.flags.push(long);
            } else {
                out.problem.get_or_insert_with(|| {
                    format!("the flag `{text}` is not one wicket knows here")
                });
            }
            continue;
        }
        let letters: Vec<char> = text.chars().skip(1).collect();
        for (k, c) in letters.iter().enumerate() {
            if let Some((_, long)) = values().find(|(s, _)| *s == Some(*c)) {
                let rest: String = letters[k + 1..].iter().collect();
                let rest = rest.strip_prefix('=').unwrap_or(&rest).to_owned();
                let value = if rest.is_empty() {
                    let next = words.get(i).cloned();
                    i += 1;
                    next
                } else {
                    Some(Arg::literal(&rest))
                };
                match value {
                    Some(v) => out.values.push((long, v)),
                    None => {
                        out.problem
                            .get_or_insert_with(|| format!("the flag `-{c}` needs a value"));
                    }
                }
                break;
            } else if let Some((_, long)) = flags().find(|(s, _)| *s == Some(*c)) {
                out.flags.push(long);
            } else {
                out.problem
                    .get_or_insert_with(|| format!("the flag `-{c}` is not one wicket knows here"));
                break;
            }
        }
    }
    out
}

/// gh commands that only talk to GitHub (whatever their flags), by
/// command and subcommand (`*`: every subcommand).
const GH_REMOTE: &[(&str, &str)] = &[
    ("issue", "*"),
    ("pr", "*"),
    ("repo", "view"),
    ("repo", "list"),
    ("repo", "edit"),
    ("repo", "rename"),
    ("repo", "archive"),
    ("repo", "unarchive"),
    ("repo", "deploy-key"),
    ("repo", "autolink"),
    ("repo", "gitignore"),
    ("repo", "license"),
    ("run", "*"),
    ("workflow", "*"),
    ("release", "*"),
    ("gist", "*"),
    ("search", "*"),
    ("status", "*"),
    ("label", "*"),
    ("cache", "*"),
    ("ruleset", "*"),
    ("org", "*"),
    ("project", "*"),
    ("secret", "*"),
    ("variable", "*"),
    ("ssh-key", "*"),
    ("gpg-key", "*"),
    ("api", "*"),
    ("browse", "*"),
    ("auth", "login"),
    ("auth", "logout"),
    ("auth", "refresh"),
    ("auth", "setup-git"),
    ("auth", "switch"),
    ("auth", "status"),
    ("codespace", "list"),
    ("codespace", "view"),
    ("codespace", "create"),
    ("codespace", "delete"),
    ("codespace", "stop"),
    ("codespace", "edit"),
    ("codespace", "rebuild"),
    ("codespace", "logs"),
    ("extension", "list"),
    ("extension", "search"),
    ("extension", "browse"),
    ("extension", "install"),
    ("extension", "upgrade"),
    ("extension", "remove"),
    ("alias", "set"),
    ("alias", "delete"),
    ("alias", "import"),
    ("config", "set"),
    ("config", "clear-cache"),
    ("attestation", "*"),
    ("preview", "*"),
];

pub const GH: Program = Program {
    names: &["gh"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: gh,
    examples: examples![
        (OpenWorld, "gh pr list --state open"),
        (OpenWorld, "gh issue view 12 --comments"),
        (OpenWorld, "gh api repos/o/r/pulls --jq '.[].title'"),
        (OpenWorld, "gh run view 123 --log-failed"),
        (OpenWorld, "gh auth status"),
        (Read, "gh --version"),
        (Read, "gh config get git_protocol"),
        (Read, "gh config get editor"),
        (Read, "gh config list"),
        (Secret, "gh config get oauth_token -h github.com"),
        (Secret, "gh config get -h github.com oauth_token"),
        (Opaque, "gh config get $NAME"),
        (Secret, "gh auth token --hostname github.com"),
        (Secret, "gh auth status -at"),
        (Opaque, "gh auth status \"$x\""),
        (OpenWorld, "gh secret list"),
        (OpenWorld, "gh pr create --title x --body y"),
        (Opaque, "gh tok"),
        (Opaque, "gh $CMD"),
        (OpenWorld, "gh run download 123 -D artifacts"),
        (OpenWorld, "gh release download v1.0 -p '*.tgz' -D vendor"),
        (OpenWorld, "gh repo clone cli/cli vendor/cli"),
        (Secret, "gh auth token"),
        (Secret, "gh auth status -t"),
        (Secret, "gh auth status --show-token"),
        (Secret, "gh auth git-credential get"),
        (Secret, "gh gist create ~/.ssh/id_rsa"),
        (
            Secret,
            "gh api -X POST /gists -F 'files[k][content]=@{home}/.aws/credentials'",
        ),
        (Destructive, "gh run download 1 -D ../../repo.git/hooks"),
        (
            Destructive,
            "gh release download v1 -O ../../repo.git/config",
        ),
        (Destructive, "gh release download v1 --dir=../.."),
        (Destructive, "gh repo clone o/r ../../repo.git/x"),
        (Destructive, "gh repo set-default o/r"),
        (Destructive, "gh repo delete o/r --yes"),
        (Opaque, "gh pr checkout 12"),
        (
            Opaque,
            "gh repo clone o/r x -- --config core.fsmonitor=evil",
        ),
        (Opaque, "gh my-extension run"),
        (Opaque, "gh extension exec x"),
        (Opaque, "gh config set editor 'rm -rf /etc'"),
        (Opaque, "GH_CONFIG_DIR=. gh pr list"),
        (Opaque, "gh codespace ssh"),
        (Opaque, "gh run download 1 --bogus x"),
    ],
    manual: "GitHub CLI 2.x: the gh manual (cli.github.com/manual); not installed here",
};

fn gh(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let words = run.inv.argv.get(1..).unwrap_or(&[]);
    if env_var(scope, "GH_CONFIG_DIR").is_some() {
        r.note(
            Opaque,
            format!("{shown}: gh reads its aliases and settings from the GH_CONFIG_DIR this command sets"),
        );
    }
    for name in ["GH_BROWSER", "GH_EDITOR", "GH_PAGER"] {
        if let Some(value) = env_var(scope, name) {
            let command = value.map_or(
                Arg {
                    values: None,
                    glob: false,
                    shown: format!("${name}"),
                },
                |v| Arg::literal(&v),
            );
            r.runs_text(&command, scope, &format!("{shown}: {name}"));
        }
    }
    let Some(first) = words.first() else {
        r.note(Read, format!("{shown} prints its help"));
        return;
    };
    let Some(command) = first.text() else {
        r.note(
            Opaque,
            format!("{shown}: gh's command is only known when it runs"),
        );
        return;
    };
    if matches!(
        command,
        "--version" | "version" | "--help" | "-h" | "help" | "completion"
    ) {
        r.note(
            Read,
            format!("{shown} prints its help, version or completions"),
        );
        return;
    }
    let sub = words.get(1).and_then(Arg::text).unwrap_or("");
    let rest = words.get(2..).unwrap_or(&[]);
    let net = |r: &mut Reader| r.note(OpenWorld, format!("{shown} talks to GitHub"));
    match (command, sub) {
        ("auth", "token") | ("auth", "git-credential") => {
            r.guard(Secret, format!("{shown} prints a GitHub credential"));
            return;
        }
        ("auth", "status") if rest.iter().any(|a| a.text().is_none()) => {
            r.note(
                Opaque,
                format!(
                    "{shown}: a word only known when it runs could be -t, which prints the token"
                ),
            );
            return;
        }
        ("auth", "status")
            if rest.iter().any(|a| {
                matches!(a.text(), Some("-t" | "--show-token"))
                    || a.text().is_some_and(|t| {
                        t.starts_with('-') && !t.starts_with("--") && t.contains('t')
                    })
            }) =>
        {
            r.guard(Secret, format!("{shown} prints the GitHub token"));
            return;
        }
        ("config", "get") => {
            // `gh config get KEY [-h HOST]`: a host's `oauth_token` (or any
            // key naming a token) is the credential itself.
            let mut key = None;
            let mut skip = false;
            for arg in rest {
                if skip {
                    skip = false;
                    continue;
                }
                match arg.text() {
                    Some("-h" | "--host") => skip = true,
                    Some(w) if w.starts_with('-') => {}
                    w => {
                        key = Some(w);
                        break;
                    }
                }
            }
            match key {
                Some(Some(k)) if k.to_ascii_lowercase().contains("token") => {
                    r.guard(Secret, format!("{shown} prints a stored GitHub token ({k})"));
                }
                Some(None) => r.note(
                    Opaque,
                    format!("{shown}: the setting gh prints is only known when it runs, and could be a token"),
                ),
                _ => r.note(Read, format!("{shown} prints a gh setting")),
            }
            return;
        }
        ("config", "list") | ("alias", "list") => {
            r.note(
                Read,
                format!("{shown} prints gh's settings (never its tokens)"),
            );
            return;
        }
        ("config", "set") => {
            let key = rest
                .iter()
                .filter_map(Arg::text)
                .find(|k| matches!(*k, "editor" | "pager" | "browser"))
                .unwrap_or("");
            if !key.is_empty() {
                r.note(
                    Opaque,
                    format!("{shown} sets the program gh runs as its {key}, later"),
                );
                return;
            }
        }
        ("pr", "checkout") | ("issue", "develop") => {
            r.note(
                Opaque,
                format!("{shown} makes local branches named by GitHub, which wicket cannot read"),
            );
            return;
        }
        ("codespace", _) | ("cs", _)
            if !matches!(
                sub,
                "list" | "view" | "create" | "delete" | "stop" | "edit" | "rebuild" | "logs"
            ) =>
        {
            r.note(
                Opaque,
                format!("{shown} runs commands or copies files through a codespace"),
            );
            return;
        }
        ("extension" | "extensions" | "ext", "exec" | "create") => {
            r.note(
                Opaque,
                format!("{shown} runs or makes an extension, code wicket cannot read"),
            );
            return;
        }
        ("repo", "delete") => {
            r.note(Destructive, format!("{shown} deletes a GitHub repository"));
            return;
        }
        _ => {}
    }
    match (command, sub) {
        ("run", "download") => {
            let p = gh_parse(
                rest,
                &GhFlags {
                    values: &[
                        (Some('D'), "dir"),
                        (Some('n'), "name"),
                        (Some('p'), "pattern"),
                    ],
                    flags: &[],
                },
            );
            if gh_problem(r, &shown, &p) {
                return;
            }
            net(r);
            let dir = p.value("dir").cloned().unwrap_or_else(|| Arg::literal("."));
            r.change(&dir, scope, Change::Write, Reach::Tree, &shown);
        }
        ("release", "download") => {
            let p = gh_parse(
                rest,
                &GhFlags {
                    values: &[
                        (Some('A'), "archive"),
                        (Some('D'), "dir"),
                        (Some('O'), "output"),
                        (Some('p'), "pattern"),
                    ],
                    flags: &[(None, "clobber"), (None, "skip-existing")],
                },
            );
            if gh_problem(r, &shown, &p) {
                return;
            }
            net(r);
            let change = if p.has("clobber") {
                Change::Overwrite
            } else {
                Change::Write
            };
            match p.value("output") {
                Some(out) if out.text() == Some("-") => {}
                Some(out) => r.change(out, scope, change, Reach::Path, &shown),
                None => {
                    let dir = p.value("dir").cloned().unwrap_or_else(|| Arg::literal("."));
                    r.change(&dir, scope, change, Reach::Tree, &shown);
                }
            }
        }
        ("release", "create" | "upload") => {
            let p = gh_parse(
                rest,
                &GhFlags {
                    values: &[
                        (None, "discussion-category"),
                        (Some('n'), "notes"),
                        (Some('F'), "notes-file"),
                        (None, "notes-start-tag"),
                        (None, "target"),
                        (Some('t'), "title"),
                    ],
                    flags: &[
                        (Some('d'), "draft"),
                        (None, "generate-notes"),
                        (None, "latest"),
                        (None, "notes-from-tag"),
                        (Some('p'), "prerelease"),
                        (None, "verify-tag"),
                        (None, "fail-on-no-commits"),
                        (None, "clobber"),
                    ],
                },
            );
            if gh_problem(r, &shown, &p) {
                return;
            }
            net(r);
            for file in p.all("notes-file") {
                if file.text() != Some("-") {
                    r.reads(file, scope, &shown);
                }
            }
            for asset in p.operands.iter().skip(1) {
                let file = asset
                    .text()
                    .map(|t| Arg::literal(t.split('#').next().unwrap_or(t)))
                    .unwrap_or_else(|| asset.clone());
                r.reads(&file, scope, &shown);
            }
        }
        ("gist", "create" | "new" | "edit") => {
            let p = gh_parse(
                rest,
                &GhFlags {
                    values: &[
                        (Some('d'), "desc"),
                        (Some('f'), "filename"),
                        (Some('a'), "add"),
                        (Some('r'), "remove"),
                    ],
                    flags: &[(Some('p'), "public"), (Some('w'), "web")],
                },
            );
            if gh_problem(r, &shown, &p) {
                return;
            }
            net(r);
            let files: Vec<&Arg> = if sub == "edit" {
                p.all("add")
            } else {
                p.operands.iter().collect()
            };
            for file in files {
                if file.text() != Some("-") {
                    r.reads(file, scope, &shown);
                }
            }
        }
        ("repo", "clone") | ("gist", "clone") => {
            let p = gh_parse(
                rest,
                &GhFlags {
                    values: &[(Some('u'), "upstream-remote-name")],
                    flags: &[(None, "no-upstream")],
                },
            );
            if gh_problem(r, &shown, &p) {
                return;
            }
            net(r);
            if !p.after.is_empty() {
                r.note(
                    Opaque,
                    format!("{shown} passes git options, which can run commands, to git clone"),
                );
                return;
            }
            let dir = match p.operands.get(1) {
                Some(dir) => dir.clone(),
                None => match p.operands.first().and_then(Arg::text) {
                    Some(repo) => {
                        let name = repo
                            .trim_end_matches('/')
                            .rsplit(['/', ':'])
                            .next()
                            .unwrap_or(repo);
                        Arg::literal(name.strip_suffix(".git").unwrap_or(name))
                    }
                    None => Arg {
                        values: None,
                        glob: false,
                        shown: "<repository name>".into(),
                    },
                },
            };
            r.change(&dir, scope, Change::Write, Reach::Tree, &shown);
        }
        ("repo", "set-default") | ("repo", "fork") | ("repo", "create") | ("repo", "sync") => {
            net(r);
            let texts: Vec<&str> = rest.iter().filter_map(Arg::text).collect();
            let local = match sub {
                "set-default" => !texts.iter().any(|t| matches!(*t, "-v" | "--view")),
                "fork" => texts
                    .iter()
                    .any(|t| t.starts_with("--remote") || t.starts_with("--clone")),
                "create" => texts.iter().any(|t| {
                    t.starts_with("--source")
                        || t.starts_with("-s")
                        || t.starts_with("--clone")
                        || *t == "-c"
                }),
                _ => !rest
                    .iter()
                    .any(|a| a.text().is_some_and(|t| !t.starts_with('-'))),
            };
            if local {
                r.change(
                    &Arg::literal(".git/config"),
                    scope,
                    Change::Write,
                    Reach::Path,
                    &shown,
                );
            }
        }
        ("ssh-key" | "gpg-key", "add") => {
            net(r);
            for word in rest {
                if !word.text().is_some_and(|t| t.starts_with('-')) {
                    r.reads(word, scope, &shown);
                }
            }
        }
        ("alias", "import") => {
            net(r);
            for word in rest {
                if !word.text().is_some_and(|t| t.starts_with('-')) {
                    r.reads(word, scope, &shown);
                }
            }
        }
        _ => {
            let known = GH_REMOTE
                .iter()
                .any(|(c, s)| *c == command && (*s == "*" || *s == sub));
            if !known {
                r.note(
                    Opaque,
                    format!("{shown}: `gh {command} {sub}` is not a gh command wicket knows (an alias or an extension runs code)"),
                );
                return;
            }
            net(r);
            gh_reads(r, &shown, rest, scope);
        }
    }
}

fn gh_problem(r: &mut Reader, shown: &str, p: &GhParsed) -> bool {
    if let Some(problem) = &p.problem {
        r.note(
            Opaque,
            format!("{shown}: {problem} (wicket's description of gh)"),
        );
        return true;
    }
    false
}

/// Files gh reads and sends, wherever the flags stand: `--body-file`,
/// `--input`, `-F name=@file`, `--env-file`, `--notes-file`.
fn gh_reads(r: &mut Reader, shown: &str, words: &[Arg], scope: &Scope) {
    let mut i = 0;
    while i < words.len() {
        let Some(text) = words[i].text() else {
            i += 1;
            continue;
        };
        i += 1;
        let (name, inline) = match text.split_once('=') {
            Some((n, v)) if n.starts_with('-') => (n, Some(v.to_owned())),
            _ => (text, None),
        };
        let file_flag = matches!(
            name,
            "--body-file" | "--input" | "--env-file" | "--notes-file" | "--template-file"
        );
        let field_flag = matches!(
            name,
            "-F" | "--field" | "--raw-field" | "-f" | "--body-file-F"
        ) || (name.starts_with("-F") && name.len() > 2);
        if !file_flag && !field_flag {
            continue;
        }
        let value = if name.starts_with("-F") && name.len() > 2 && inline.is_none() {
            Some(name[2..].to_owned())
        } else {
            inline.or_else(|| {
                let next = words.get(i).and_then(Arg::text).map(str::to_owned);
                i += 1;
                next
            })
        };
        let Some(value) = value else { continue };
        if file_flag {
            if value != "-" {
                r.reads(&Arg::literal(&value), scope, shown);
            }
        } else if let Some((_, file)) = value.split_once("=@") {
            if file != "-" {
                r.reads(&Arg::literal(file), scope, shown);
            }
        } else if name == "-F" || name == "--field" {
            // `-F` is also `--body-file` for issue and pr commands.
            if !value.contains('=') && value != "-" {
                r.reads(&Arg::literal(&value), scope, shown);
            }
        }
    }
}

// --------------------------------------------------------------- httpie

const HTTPIE_GRAMMAR: Grammar = Grammar {
    // Python's argparse: options anywhere, unique prefixes, bundles.
    style: Style::GNU,
    options: &[
        flag("json", "j", &["json"]),
        flag("form", "f", &["form"]),
        flag("multipart", "", &["multipart"]),
        value("boundary", "", &["boundary"]),
        value("raw", "", &["raw"]),
        flag("compress", "x", &["compress"]),
        value("pretty", "", &["pretty"]),
        value("style", "s", &["style"]),
        flag("unsorted", "", &["unsorted"]),
        flag("sorted", "", &["sorted"]),
        value("response-charset", "", &["response-charset"]),
        value("response-mime", "", &["response-mime"]),
        value("format-options", "", &["format-options"]),
        value("print", "p", &["print"]),
        flag("headers", "h", &["headers"]),
        flag("meta", "m", &["meta"]),
        flag("body", "b", &["body"]),
        flag("verbose", "v", &["verbose"]),
        flag("all", "", &["all"]),
        flag("stream", "S", &["stream"]),
        value("output", "o", &["output"]),
        flag("download", "d", &["download"]),
        flag("continue", "c", &["continue"]),
        flag("quiet", "q", &["quiet"]),
        value("session", "", &["session"]),
        value("session-read-only", "", &["session-read-only"]),
        value("auth", "a", &["auth"]),
        value("auth-type", "A", &["auth-type"]),
        flag("ignore-netrc", "", &["ignore-netrc"]),
        flag("offline", "", &["offline"]),
        value("proxy", "", &["proxy"]),
        flag("follow", "F", &["follow"]),
        value("max-redirects", "", &["max-redirects"]),
        value("max-headers", "", &["max-headers"]),
        value("timeout", "", &["timeout"]),
        flag("check-status", "", &["check-status"]),
        flag("path-as-is", "", &["path-as-is"]),
        flag("chunked", "", &["chunked"]),
        value("verify", "", &["verify"]),
        value("ssl", "", &["ssl"]),
        value("ciphers", "", &["ciphers"]),
        value("cert", "", &["cert"]),
        value("cert-key", "", &["cert-key"]),
        value("cert-key-pass", "", &["cert-key-pass"]),
        flag("ignore-stdin", "I", &["ignore-stdin"]),
        flag("help", "", &["help"]),
        flag("manual", "", &["manual"]),
        flag("version", "", &["version"]),
        flag("traceback", "", &["traceback"]),
        value("default-scheme", "", &["default-scheme"]),
        flag("debug", "", &["debug"]),
    ],
};

pub const HTTPIE: Program = Program {
    names: &["http", "https", "httpie"],
    syntax: Syntax::Grammar(HTTPIE_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: httpie,
    examples: examples![
        (OpenWorld, "http GET localhost:8000/api/items"),
        (OpenWorld, "http POST :8000/login user=a password=b"),
        (OpenWorld, "http -o out.json https://api.example.com/x"),
        (OpenWorld, "http --download https://example.com/file.tgz"),
        (Destructive, "http -do ../../repo.git/config https://x.org"),
        (Destructive, "http --session=../../.wicket/s https://x.org"),
        (Secret, "http POST x.org k@{home}/.ssh/id_rsa"),
        (Secret, "http -f POST x.org file=@{home}/.aws/credentials"),
        (Opaque, "HTTPIE_CONFIG_DIR=. http x.org"),
    ],
    manual: "HTTPie 3.2: http --help; not installed here",
};

fn httpie(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "manual", "version"]) {
        return;
    }
    let shown = run.shown();
    if env_var(scope, "HTTPIE_CONFIG_DIR").is_some() {
        r.note(
            Opaque,
            format!("{shown}: httpie reads default options from the HTTPIE_CONFIG_DIR this command sets"),
        );
    }
    for key in ["cert", "cert-key"] {
        for file in p.values(key) {
            r.reads(file, scope, &shown);
        }
    }
    for key in ["session", "session-read-only"] {
        for session in p.values(key) {
            // A name is kept under ~/.config/httpie; a path is that file.
            if session.text().is_none_or(|s| s.contains('/')) {
                if key == "session" {
                    r.change(session, scope, Change::Overwrite, Reach::Path, &shown);
                } else {
                    r.reads(session, scope, &shown);
                }
            }
        }
    }
    let prints_request = p.has("verbose")
        || p.has("all")
        || p.has("offline")
        || p.values("print")
            .any(|v| v.text().is_none_or(|t| t.contains('H')));
    if prints_request && !p.has("ignore-netrc") && !p.has("auth") && netrc_exists(r, scope) {
        r.guard(
            Secret,
            format!("{shown} sends credentials from ~/.netrc and prints its request"),
        );
    }
    let mut items = p.operand_args().into_iter();
    // [METHOD] URL ITEM...
    let first = items.next();
    let url = match first.as_ref().and_then(Arg::text) {
        Some(m) if m.chars().all(|c| c.is_ascii_uppercase()) => items.next(),
        _ => first,
    };
    match url.as_ref().and_then(Arg::text) {
        Some(u) if !p.has("offline") => {
            r.note(OpenWorld, format!("{shown} reaches {}", url_host(u)))
        }
        Some(_) => r.note(Read, format!("{shown} builds a request without sending it")),
        None => r.note(
            OpenWorld,
            format!("{shown} reaches a URL only known when it runs"),
        ),
    }
    for item in items {
        let Some(text) = item.text() else { continue };
        // `field=@file`, `field:=@file`, `field@file` read the file.
        let file = text
            .split_once(":=@")
            .or_else(|| text.split_once("=@"))
            .map(|(_, f)| f)
            .or_else(|| {
                let at = text.find('@')?;
                let before = &text[..at];
                (!before.contains(['=', ':'])).then(|| &text[at + 1..])
            });
        if let Some(file) = file {
            let file = file.split(';').next().unwrap_or(file);
            r.reads(&Arg::literal(file), scope, &shown);
        }
    }
    if let Some(output) = p.last("output") {
        r.change(output, scope, Change::Overwrite, Reach::Path, &shown);
    } else if p.has("download") {
        // The name comes from the URL or the server, in the cwd.
        r.change(
            &Arg::literal("."),
            scope,
            Change::Write,
            Reach::Path,
            &shown,
        );
    }
}

// --------------------------------------------------------------- aria2c

const ARIA2C_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        value("dir", "d", &["dir"]),
        value("out", "o", &["out"]),
        value("input-file", "i", &["input-file"]),
        value("log", "l", &["log"]),
        value("log-level", "", &["log-level"]),
        value("console-log-level", "", &["console-log-level"]),
        value(
            "max-concurrent-downloads",
            "j",
            &["max-concurrent-downloads"],
        ),
        attached("check-integrity", "V", &["check-integrity"]),
        attached("continue", "c", &["continue"]),
        flag("help", "h", &["help"]),
        flag("version", "v", &["version"]),
        value("split", "s", &["split"]),
        value(
            "max-connection-per-server",
            "x",
            &["max-connection-per-server"],
        ),
        value("min-split-size", "k", &["min-split-size"]),
        value("timeout", "t", &["timeout"]),
        value("connect-timeout", "", &["connect-timeout"]),
        value("max-tries", "m", &["max-tries"]),
        value("retry-wait", "", &["retry-wait"]),
        value("user-agent", "U", &["user-agent"]),
        value("header", "", &["header"]),
        value("referer", "", &["referer"]),
        value("all-proxy", "", &["all-proxy"]),
        value("http-proxy", "", &["http-proxy"]),
        value("https-proxy", "", &["https-proxy"]),
        value("no-proxy", "", &["no-proxy"]),
        value("http-user", "", &["http-user"]),
        value("http-passwd", "", &["http-passwd"]),
        value("ftp-user", "", &["ftp-user"]),
        value("ftp-passwd", "", &["ftp-passwd"]),
        attached("check-certificate", "", &["check-certificate"]),
        value("ca-certificate", "", &["ca-certificate"]),
        value("certificate", "", &["certificate"]),
        value("private-key", "", &["private-key"]),
        value("load-cookies", "", &["load-cookies"]),
        value("save-cookies", "", &["save-cookies"]),
        value("save-session", "", &["save-session"]),
        value("netrc-path", "", &["netrc-path"]),
        attached("no-netrc", "n", &["no-netrc"]),
        value("conf-path", "", &["conf-path"]),
        attached("no-conf", "", &["no-conf"]),
        attached("allow-overwrite", "", &["allow-overwrite"]),
        attached("auto-file-renaming", "", &["auto-file-renaming"]),
        attached("remove-control-file", "", &["remove-control-file"]),
        attached("force-save", "", &["force-save"]),
        value("file-allocation", "", &["file-allocation"]),
        value("summary-interval", "", &["summary-interval"]),
        attached("quiet", "q", &["quiet"]),
        attached("show-console-readout", "", &["show-console-readout"]),
        attached("daemon", "D", &["daemon"]),
        attached("enable-rpc", "", &["enable-rpc"]),
        value("on-download-complete", "", &["on-download-complete"]),
        value("on-download-error", "", &["on-download-error"]),
        value("on-download-pause", "", &["on-download-pause"]),
        value("on-download-start", "", &["on-download-start"]),
        value("on-download-stop", "", &["on-download-stop"]),
        value("on-bt-download-complete", "", &["on-bt-download-complete"]),
        value("torrent-file", "T", &["torrent-file"]),
        value("metalink-file", "M", &["metalink-file"]),
        value("index-out", "O", &["index-out"]),
        value("seed-time", "", &["seed-time"]),
        value("seed-ratio", "", &["seed-ratio"]),
        attached("follow-torrent", "", &["follow-torrent"]),
        attached("follow-metalink", "", &["follow-metalink"]),
        value("dht-file-path", "", &["dht-file-path"]),
        value("dht-file-path6", "", &["dht-file-path6"]),
        value("server-stat-of", "", &["server-stat-of"]),
        value("server-stat-if", "", &["server-stat-if"]),
        value("checksum", "", &["checksum"]),
        value("max-download-limit", "", &["max-download-limit"]),
        value(
            "max-overall-download-limit",
            "",
            &["max-overall-download-limit"],
        ),
        attached("conditional-get", "", &["conditional-get"]),
        attached("dry-run", "", &["dry-run"]),
        attached("async-dns", "", &["async-dns"]),
        attached("disable-ipv6", "", &["disable-ipv6"]),
        value(
            "optimize-concurrent-downloads",
            "",
            &["optimize-concurrent-downloads"],
        ),
        attached("http-accept-gzip", "", &["http-accept-gzip"]),
        value("lowest-speed-limit", "", &["lowest-speed-limit"]),
    ],
};

pub const ARIA2C: Program = Program {
    names: &["aria2c"],
    syntax: Syntax::Grammar(ARIA2C_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: aria2c,
    examples: examples![
        (OpenWorld, "aria2c -x 8 -s 8 https://example.com/big.iso"),
        (OpenWorld, "aria2c -d downloads -o x.iso https://example.com/x.iso"),
        (Destructive, "aria2c -d ../.. -o repo.git/config https://x.org/c"),
        (Destructive, "aria2c --on-download-complete='rm -rf /etc' https://x.org"),
        (Destructive, "aria2c -l ../../.wicket/log https://x.org/a"),
        (Opaque, "aria2c --conf-path=a.conf https://x.org"),
        (Opaque, "aria2c --enable-rpc"),
        (Opaque, "aria2c --bt-tracker=x https://x.org"),
    ],
    manual: "aria2 1.36: the options most downloads use (aria2c --help=#all); others are held; not installed here",
};

fn aria2c(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "version"]) {
        return;
    }
    let shown = run.shown();
    for config in p.values("conf-path") {
        config_file(r, config, scope, &shown);
    }
    if p.has("enable-rpc") {
        r.note(
            Opaque,
            format!("{shown} takes commands over RPC, which wicket cannot see"),
        );
    }
    if p.has("daemon") {
        r.note(Process, format!("{shown} goes on in the background"));
    }
    for key in [
        "on-download-complete",
        "on-download-error",
        "on-download-pause",
        "on-download-start",
        "on-download-stop",
        "on-bt-download-complete",
    ] {
        for command in p.values(key) {
            r.runs_text(command, scope, &format!("{shown}: aria2c's --{key}"));
        }
    }
    for key in [
        "input-file",
        "ca-certificate",
        "certificate",
        "private-key",
        "load-cookies",
        "netrc-path",
        "torrent-file",
        "metalink-file",
        "server-stat-if",
    ] {
        for file in p.values(key) {
            if file.text() != Some("-") {
                r.reads(file, scope, &shown);
            }
        }
    }
    for key in [
        "log",
        "save-cookies",
        "save-session",
        "dht-file-path",
        "dht-file-path6",
        "server-stat-of",
    ] {
        for file in p.values(key) {
            if file.text() != Some("-") {
                r.change(file, scope, Change::Overwrite, Reach::Path, &shown);
            }
        }
    }
    for url in p.operand_args() {
        match url.text() {
            Some(u) => r.note(OpenWorld, format!("{shown} reaches {}", url_host(u))),
            None => r.note(
                OpenWorld,
                format!("{shown} reaches a URL only known when it runs"),
            ),
        }
    }
    let dir = p.last("dir").cloned().unwrap_or_else(|| Arg::literal("."));
    let outs: Vec<Arg> = p.values("out").cloned().collect();
    let indexed: Vec<Arg> = p
        .values("index-out")
        .filter_map(|v| {
            v.text()
                .and_then(|t| t.split_once('='))
                .map(|(_, path)| Arg::literal(path))
        })
        .collect();
    let named_only = !outs.is_empty()
        && !p.has("input-file")
        && !p.has("torrent-file")
        && !p.has("metalink-file");
    for out in outs.iter().chain(indexed.iter()) {
        r.change(
            &relative_to(&dir, out),
            scope,
            Change::Overwrite,
            Reach::Path,
            &shown,
        );
    }
    if !named_only {
        // Names from the URLs, the server or a torrent, under the directory:
        // an existing file is renamed around (`x.1`) or kept unless
        // --allow-overwrite is on.
        let overwrites = p
            .options
            .iter()
            .rfind(|g| g.opt.key == "allow-overwrite")
            .is_some_and(|g| g.value.as_ref().and_then(|v| v.text()) != Some("false"));
        let change = if overwrites {
            Change::Overwrite
        } else {
            Change::Write
        };
        r.change(&dir, scope, change, Reach::Tree, &shown);
    }
}

// ------------------------------------------------------------------ ftp

const FTP_GRAMMAR: Grammar = Grammar {
    style: Style::CLAP,
    options: &[
        flag("4", "4", &[]),
        flag("6", "6", &[]),
        flag("passive", "p", &["passive"]),
        flag("active", "A", &["active"]),
        flag("no-login", "n", &["no-login"]),
        flag("no-prompt", "i", &["no-prompt"]),
        flag("no-edit", "e", &["no-edit"]),
        flag("no-glob", "g", &["no-glob"]),
        flag("verbose", "v", &["verbose"]),
        flag("debug", "d", &["debug"]),
        flag("trace", "t", &["trace"]),
        value("prompt", "", &["prompt"]),
        value("netrc", "N", &["netrc"]),
        value("port", "P", &["port"]),
        flag("help", "?", &["help"]),
        flag("version", "V", &["version"]),
    ],
};

pub const FTP: Program = Program {
    names: &["ftp", "pftp", "netkit-ftp", "tnftp"],
    syntax: Syntax::Grammar(FTP_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: ftp,
    examples: examples![
        (OpenWorld, "ftp -n ftp.example.com"),
        (Opaque, "printf 'get x\\n' | ftp -n host"),
        (Opaque, "ftp -n host <<EOF\nget x\nEOF"),
    ],
    manual: "netkit-ftp 0.17 / inetutils ftp 2.4: ftp --help; not installed here",
};

fn ftp(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "version"]) {
        return;
    }
    let shown = run.shown();
    for file in p.values("netrc") {
        r.reads(file, scope, &shown);
    }
    if run.inv.stdin == Stdin::Fed {
        r.note(
            Opaque,
            format!("{shown} runs ftp commands from its input, which wicket cannot see (they can run local commands and write files)"),
        );
        return;
    }
    r.note(OpenWorld, format!("{shown} talks to an FTP server"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_give_hosts_and_file_names() {
        assert_eq!(url_host("https://user@x.org:8080/a/b?c"), "x.org:8080");
        assert_eq!(
            url_file_name("https://x.org/a/b.tgz?x=1").as_deref(),
            Some("b.tgz")
        );
        assert_eq!(url_file_name("https://x.org/a/"), None);
        assert_eq!(url_file_name("https://x.org"), None);
        assert_eq!(
            file_url("file:///etc/passwd").as_deref(),
            Some("/etc/passwd")
        );
        assert!(remote_operand("host:path"));
        assert!(remote_operand("user@host:/x"));
        assert!(!remote_operand("./a:b"));
        assert!(!remote_operand("/abs/a:b"));
    }

    #[test]
    fn curl_patterns_expand_as_curl_expands_them() {
        assert_eq!(
            curl_glob("https://x.org/{.git,b}/[1-2]").unwrap(),
            [
                "https://x.org/.git/1",
                "https://x.org/.git/2",
                "https://x.org/b/1",
                "https://x.org/b/2"
            ]
        );
        assert_eq!(curl_glob("http://[::1]/a").unwrap(), ["http://[::1]/a"]);
        assert_eq!(
            curl_glob("https://x.org/f[08-10:2]").unwrap(),
            ["https://x.org/f08", "https://x.org/f10"]
        );
        assert!(curl_glob("https://x.org/[1-100000]").is_none());
        assert!(curl_glob("https://x.org/{a").is_none());
    }

    #[test]
    fn socat_addresses_split_outside_quotes() {
        assert_eq!(
            socat_split("EXEC:'rm -rf /',pty", ",").unwrap(),
            ["EXEC:rm -rf /", "pty"]
        );
        assert_eq!(socat_split("A!!B", "!!").unwrap(), ["A", "B"]);
        assert!(socat_split("EXEC:'open", ",").is_none());
    }
}
