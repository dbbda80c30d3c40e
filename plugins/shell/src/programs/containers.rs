//! Containers: docker, podman, nerdctl, and compose. What runs inside a
//! container is the image's business (open-world); what wicket reads is
//! what reaches the host: bind mounts (`-v SRC:DST`, `--mount
//! type=bind,…`) — a protected path, or a directory holding one, mounted
//! writable is held, as is one holding key material — privileges that reach
//! the host (`--privileged`, host namespaces, devices, the docker socket),
//! files the CLI itself writes (`docker cp`, `save -o`, `build -o`), and
//! credentials (`login`, `build --ssh`).

use wicket_guest::Effect::{self, *};

use crate::argv::{self, flag, value, Grammar, Opt, Parsed, Style};
use crate::read::{Arg, Change, Invocation, Lookup, Place, Reach, Reader, Scope};

use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[&DOCKER, &COMPOSE];

/// pflag as docker uses it: bundling, no abbreviations, options stop at
/// the first operand (the image, the container).
const PFLAG: Style = Style {
    permute: false,
    abbreviate: false,
    bundle: true,
    single_dash_long: false,
    numeric: false,
};

const GLOBAL: &[Opt] = &[
    value("config", "", &["config"]),
    value("context", "c", &["context"]),
    flag("debug", "D", &["debug"]),
    value("host", "H", &["host"]),
    value("log-level", "l", &["log-level"]),
    flag("tls", "", &["tls"]),
    value("tlscacert", "", &["tlscacert"]),
    value("tlscert", "", &["tlscert"]),
    value("tlskey", "", &["tlskey"]),
    flag("tlsverify", "", &["tlsverify"]),
    flag("version", "v", &["version"]),
    flag("help", "", &["help"]),
    // podman's
    value("connection", "", &["connection"]),
    value("root", "", &["root"]),
    value("runroot", "", &["runroot"]),
    value("storage-driver", "", &["storage-driver"]),
    flag("remote", "r", &["remote"]),
    value("url", "", &["url"]),
];

/// `docker run`/`create` options (docker 27).
const RUN: &[Opt] = &[
    value("add-host", "", &["add-host"]),
    value("annotation", "", &["annotation"]),
    value("attach", "a", &["attach"]),
    value("blkio-weight", "", &["blkio-weight"]),
    value("blkio-weight-device", "", &["blkio-weight-device"]),
    value("cap-add", "", &["cap-add"]),
    value("cap-drop", "", &["cap-drop"]),
    value("cgroup-parent", "", &["cgroup-parent"]),
    value("cgroupns", "", &["cgroupns"]),
    value("cidfile", "", &["cidfile"]),
    value("cpu-count", "", &["cpu-count"]),
    value("cpu-percent", "", &["cpu-percent"]),
    value("cpu-period", "", &["cpu-period"]),
    value("cpu-quota", "", &["cpu-quota"]),
    value("cpu-rt-period", "", &["cpu-rt-period"]),
    value("cpu-rt-runtime", "", &["cpu-rt-runtime"]),
    value("cpu-shares", "c", &["cpu-shares"]),
    value("cpus", "", &["cpus"]),
    value("cpuset-cpus", "", &["cpuset-cpus"]),
    value("cpuset-mems", "", &["cpuset-mems"]),
    flag("detach", "d", &["detach"]),
    value("detach-keys", "", &["detach-keys"]),
    value("device", "", &["device"]),
    value("device-cgroup-rule", "", &["device-cgroup-rule"]),
    value("device-read-bps", "", &["device-read-bps"]),
    value("device-read-iops", "", &["device-read-iops"]),
    value("device-write-bps", "", &["device-write-bps"]),
    value("device-write-iops", "", &["device-write-iops"]),
    flag("disable-content-trust", "", &["disable-content-trust"]),
    value("dns", "", &["dns"]),
    value("dns-option", "", &["dns-option"]),
    value("dns-search", "", &["dns-search"]),
    value("domainname", "", &["domainname"]),
    value("entrypoint", "", &["entrypoint"]),
    value("env", "e", &["env"]),
    value("env-file", "", &["env-file"]),
    value("expose", "", &["expose"]),
    value("gpus", "", &["gpus"]),
    value("group-add", "", &["group-add"]),
    value("health-cmd", "", &["health-cmd"]),
    value("health-interval", "", &["health-interval"]),
    value("health-retries", "", &["health-retries"]),
    value("health-start-interval", "", &["health-start-interval"]),
    value("health-start-period", "", &["health-start-period"]),
    value("health-timeout", "", &["health-timeout"]),
    flag("help", "", &["help"]),
    value("hostname", "h", &["hostname"]),
    flag("init", "", &["init"]),
    flag("interactive", "i", &["interactive"]),
    value("io-maxbandwidth", "", &["io-maxbandwidth"]),
    value("io-maxiops", "", &["io-maxiops"]),
    value("ip", "", &["ip"]),
    value("ip6", "", &["ip6"]),
    value("ipc", "", &["ipc"]),
    value("isolation", "", &["isolation"]),
    value("kernel-memory", "", &["kernel-memory"]),
    value("label", "l", &["label"]),
    value("label-file", "", &["label-file"]),
    value("link", "", &["link"]),
    value("link-local-ip", "", &["link-local-ip"]),
    value("log-driver", "", &["log-driver"]),
    value("log-opt", "", &["log-opt"]),
    value("mac-address", "", &["mac-address"]),
    value("memory", "m", &["memory"]),
    value("memory-reservation", "", &["memory-reservation"]),
    value("memory-swap", "", &["memory-swap"]),
    value("memory-swappiness", "", &["memory-swappiness"]),
    value("mount", "", &["mount"]),
    value("name", "", &["name"]),
    value("network", "", &["network", "net"]),
    value("network-alias", "", &["network-alias", "net-alias"]),
    flag("no-healthcheck", "", &["no-healthcheck"]),
    flag("oom-kill-disable", "", &["oom-kill-disable"]),
    value("oom-score-adj", "", &["oom-score-adj"]),
    value("pid", "", &["pid"]),
    value("pids-limit", "", &["pids-limit"]),
    value("platform", "", &["platform"]),
    flag("privileged", "", &["privileged"]),
    value("publish", "p", &["publish"]),
    flag("publish-all", "P", &["publish-all"]),
    value("pull", "", &["pull"]),
    flag("quiet", "q", &["quiet"]),
    flag("read-only", "", &["read-only"]),
    value("restart", "", &["restart"]),
    flag("rm", "", &["rm"]),
    value("runtime", "", &["runtime"]),
    value("security-opt", "", &["security-opt"]),
    value("shm-size", "", &["shm-size"]),
    flag("sig-proxy", "", &["sig-proxy"]),
    value("stop-signal", "", &["stop-signal"]),
    value("stop-timeout", "", &["stop-timeout"]),
    value("storage-opt", "", &["storage-opt"]),
    value("sysctl", "", &["sysctl"]),
    value("tmpfs", "", &["tmpfs"]),
    flag("tty", "t", &["tty"]),
    value("ulimit", "", &["ulimit"]),
    flag("use-api-socket", "", &["use-api-socket"]),
    value("user", "u", &["user"]),
    value("userns", "", &["userns"]),
    value("uts", "", &["uts"]),
    value("volume", "v", &["volume"]),
    value("volume-driver", "", &["volume-driver"]),
    value("volumes-from", "", &["volumes-from"]),
    value("workdir", "w", &["workdir"]),
    // podman's
    flag("replace", "", &["replace"]),
    value("userns-uid-map", "", &["uidmap"]),
    value("arch", "", &["arch"]),
    value("pod", "", &["pod"]),
    flag("systemd", "", &["systemd"]),
];

/// `docker build` / `buildx build` options.
const BUILD: &[Opt] = &[
    value("add-host", "", &["add-host"]),
    value("allow", "", &["allow"]),
    value("annotation", "", &["annotation"]),
    value("attest", "", &["attest"]),
    value("build-arg", "", &["build-arg"]),
    value("build-context", "", &["build-context"]),
    value("builder", "", &["builder"]),
    value("cache-from", "", &["cache-from"]),
    value("cache-to", "", &["cache-to"]),
    value("call", "", &["call"]),
    value("cgroup-parent", "", &["cgroup-parent"]),
    flag("check", "", &["check"]),
    value("file", "f", &["file"]),
    value("iidfile", "", &["iidfile"]),
    value("label", "", &["label"]),
    flag("load", "", &["load"]),
    value("metadata-file", "", &["metadata-file"]),
    value("network", "", &["network"]),
    flag("no-cache", "", &["no-cache"]),
    value("no-cache-filter", "", &["no-cache-filter"]),
    value("output", "o", &["output"]),
    value("platform", "", &["platform"]),
    value("progress", "", &["progress"]),
    value("provenance", "", &["provenance"]),
    flag("pull", "", &["pull"]),
    flag("push", "", &["push"]),
    flag("quiet", "q", &["quiet"]),
    value("sbom", "", &["sbom"]),
    value("secret", "", &["secret"]),
    value("shm-size", "", &["shm-size"]),
    value("ssh", "", &["ssh"]),
    value("tag", "t", &["tag"]),
    value("target", "", &["target"]),
    value("ulimit", "", &["ulimit"]),
    flag("help", "", &["help"]),
    flag("rm", "", &["rm"]),
    flag("force-rm", "", &["force-rm"]),
    value("memory", "m", &["memory"]),
    value("memory-swap", "", &["memory-swap"]),
    value("cpu-shares", "c", &["cpu-shares"]),
    value("cpu-period", "", &["cpu-period"]),
    value("cpu-quota", "", &["cpu-quota"]),
    value("cpuset-cpus", "", &["cpuset-cpus"]),
    value("cpuset-mems", "", &["cpuset-mems"]),
    flag("disable-content-trust", "", &["disable-content-trust"]),
    flag("compress", "", &["compress"]),
    flag("squash", "", &["squash"]),
    value("isolation", "", &["isolation"]),
    value("security-opt", "", &["security-opt"]),
    flag("debug", "D", &["debug"]),
];

pub const DOCKER: Program = Program {
    names: &["docker", "podman", "nerdctl"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: docker,
    examples: examples![
        (OpenWorld, "docker build -t app ."),
        (OpenWorld, "docker run --rm -v \"$PWD\":/app -w /app node:20 npm test"),
        (OpenWorld, "docker run --rm -it -p 8080:80 nginx"),
        (OpenWorld, "docker run --rm -v data:/var/lib/data postgres:16"),
        (OpenWorld, "docker run -d --name db postgres:16"),
        (Read, "docker ps -a"),
        (Read, "docker --version"),
        (OpenWorld, "docker pull alpine"),
        (Opaque, "docker run -v /:/host alpine"),
        (Opaque, "docker run -v ../../repo.git:/x alpine"),
        (Opaque, "docker run --volume={ws}:/ws alpine"),
        (OpenWorld, "docker run --rm -v \"$PWD\":/app -w /app ${DOCKER_IMAGE} cargo build"),
        (Opaque, "img=$(cat f); docker run --rm $img true"),
        (Opaque, "docker run $X -v /:/h alpine"),
        (Opaque, "docker run --mount type=bind,source={other},target=/x alpine"),
        (Opaque, "docker run --privileged alpine"),
        (Opaque, "docker run -v /var/run/docker.sock:/var/run/docker.sock docker"),
        (Opaque, "docker run --pid=host alpine"),
        (Opaque, "docker run -v {home}:/h:ro alpine"),
        (OpenWorld, "docker run -v /etc/hosts:/etc/hosts:ro alpine"),
        (Destructive, "docker cp c:/x ../../.wicket/y"),
        (Destructive, "docker save -o ../../repo.git/i.tar app"),
        (Destructive, "docker build -o type=local,dest=../../.wicket/out ."),
        (Secret, "docker build --ssh default ."),
        (Secret, "docker login -u me"),
        (Destructive, "docker volume prune -f"),
        (Opaque, "docker run --bogus alpine"),
    ],
    manual: "docker 28.2 CLI (docker run --help, docker build --help, buildx's build options; checked by a test in this file), podman 4 and nerdctl by the same options",
};

fn docker(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let args = &run.inv.argv[1..];
    let global = Grammar {
        style: PFLAG,
        options: GLOBAL,
    };
    let g = argv::parse_until(&global, args, 1, |_, _| true);
    if let Some(problem) = &g.problem {
        r.note(Opaque, format!("{shown}: {}", problem.sentence(run.name)));
        return;
    }
    if g.has("version") || g.has("help") {
        r.note(Read, format!("{shown} prints information"));
        return;
    }
    if g.has("host") || g.has("url") || g.has("remote") {
        r.note(
            OpenWorld,
            format!("{shown} talks to another machine's container engine"),
        );
    }
    for key in ["tlskey", "tlscert", "config"] {
        if let Some(v) = g.last(key) {
            r.reads(v, scope, &shown);
        }
    }
    let Some((at, command)) = g.operands.first().cloned() else {
        r.note(Read, format!("{shown} prints its help"));
        return;
    };
    let Some(mut command) = command.text().map(str::to_owned) else {
        r.note(
            Opaque,
            format!("{shown}: the command is only known when it runs"),
        );
        return;
    };
    // Operand indexes count from 1: the command is `args[at - 1]`.
    let mut rest = &args[at..];
    // `docker container run` is `docker run`; `docker image build` is `docker build`.
    if matches!(
        command.as_str(),
        "container" | "image" | "buildx" | "builder"
    ) {
        if let Some(sub) = rest.first().and_then(Arg::text) {
            let sub = sub.to_owned();
            if command == "buildx" && sub == "bake" {
                r.note(
                    OpenWorld,
                    format!("{shown} builds what a bake file says, which wicket cannot read"),
                );
                return;
            }
            if matches!(sub.as_str(), "prune") && command == "builder" {
                r.note(OpenWorld, format!("{shown} clears the build cache"));
                return;
            }
            command = sub;
            rest = &rest[1..];
        }
    }
    match command.as_str() {
        "run" | "create" => run_container(r, &shown, rest, scope, command == "run"),
        "build" => build(r, &shown, rest, scope),
        "compose" => compose(r, run, &shown, rest, scope),
        "exec" => r.note(
            OpenWorld,
            format!("{shown} runs a command inside a container"),
        ),
        "cp" => copy(r, &shown, rest, scope),
        "save" | "export" => {
            for (k, a) in rest.iter().enumerate() {
                let out = match a.text() {
                    Some("-o" | "--output") => rest.get(k + 1).cloned(),
                    Some(t) => t
                        .strip_prefix("--output=")
                        .or_else(|| {
                            t.strip_prefix("-o")
                                .filter(|v| !v.is_empty() && !v.starts_with('-'))
                        })
                        .map(Arg::literal),
                    None => None,
                };
                if let Some(out) = out {
                    r.change(&out, scope, Change::Overwrite, Reach::Path, &shown);
                }
            }
            r.note(Read, format!("{shown} exports an image or container"));
        }
        "load" | "import" => {
            for a in rest.iter().filter(|a| !a.is_flag()) {
                r.reads(a, scope, &shown);
            }
            r.note(OpenWorld, format!("{shown} adds an image to the engine"));
        }
        "login" => r.note(
            Effect::Secret,
            format!("{shown} handles registry credentials"),
        ),
        "logout" | "push" | "pull" | "search" | "tag" | "commit" | "rename" | "update"
        | "start" | "stop" | "restart" | "kill" | "pause" | "unpause" | "rm" | "rmi" | "wait"
        | "attach" | "network" | "context" | "swarm" | "service" | "stack" | "node" | "secret"
        | "config" | "manifest" | "trust" | "init" | "scout" | "debug" | "machine" | "pod"
        | "play" | "kube" | "generate" | "healthcheck" | "mount" | "unmount" | "checkpoint"
        | "restore" => {
            r.note(
                OpenWorld,
                format!("{shown} changes the container engine's state"),
            );
        }
        "volume" => match rest.first().and_then(Arg::text) {
            Some("rm" | "remove" | "prune") => r.note(
                Destructive,
                format!("{shown} deletes volumes and the data in them"),
            ),
            Some("ls" | "list" | "inspect") => r.note(Read, format!("{shown} lists volumes")),
            _ => r.note(OpenWorld, format!("{shown} changes the engine's volumes")),
        },
        "system" => match rest.first().and_then(Arg::text) {
            Some("prune") if rest.iter().any(|a| a.text() == Some("--volumes")) => r.note(
                Destructive,
                format!("{shown} deletes volumes and the data in them"),
            ),
            Some("reset") => r.note(
                Destructive,
                format!("{shown} deletes every container, image and volume"),
            ),
            Some("prune") => r.note(
                OpenWorld,
                format!("{shown} clears unused containers and images"),
            ),
            _ => r.note(Read, format!("{shown} reports on the engine")),
        },
        "prune" => r.note(
            OpenWorld,
            format!("{shown} clears unused containers or images"),
        ),
        "plugin" => r.note(
            OpenWorld,
            format!("{shown} installs or manages engine plugins"),
        ),
        "unshare" => {
            // podman unshare CMD: runs CMD on the host, in a user namespace.
            let inv = Invocation {
                argv: rest.to_vec(),
                stdin: run.inv.stdin,
                extra_operands: false,
                stdin_text: run.inv.stdin_text.clone(),
                lookup: Lookup::Path,
                stdin_paths: None,
            };
            r.read_invocation(&inv, &mut scope.clone());
        }
        "ps" | "images" | "logs" | "inspect" | "version" | "info" | "stats" | "top" | "history"
        | "port" | "events" | "diff" | "ls" | "list" => {
            r.note(Read, format!("{shown} reports on the engine"))
        }
        other => r.note(
            Opaque,
            format!(
                "{shown}: `{} {other}` is not a command wicket's description knows",
                run.name
            ),
        ),
    }
}

/// `docker run`: the mounts and privileges that reach the host.
fn run_container(r: &mut Reader, shown: &str, args: &[Arg], scope: &Scope, runs: bool) {
    let grammar = Grammar {
        style: PFLAG,
        options: RUN,
    };
    let mut p = argv::parse_until(&grammar, args, 1, |_, _| true);
    // The image named by a variable of the harness's own environment
    // (`${DOCKER_IMAGE}`, never set by the command): the agent does not
    // choose it, so it is an image, not an option.
    if let Some(argv::Problem::Dynamic(word)) = &p.problem {
        let name = word
            .strip_prefix("${")
            .and_then(|w| w.strip_suffix('}'))
            .or_else(|| word.strip_prefix('$'))
            .filter(|n| {
                !n.is_empty()
                    && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !n.starts_with(|c: char| c.is_ascii_digit())
            });
        // Unset, it vanishes: the word after it then stands where it did,
        // so that one must not be an option either.
        let after = args
            .iter()
            .position(|a| a.values.is_none() && a.shown == *word)
            .and_then(|at| args.get(at + 1));
        let next_plain = after.is_some_and(|a| a.text().is_some_and(|t| !t.starts_with('-')));
        if let Some(name) = name.filter(|n| !scope.vars.contains_key(*n) && next_plain) {
            let stand_in = Arg::literal(&format!("<the image in ${name}>"));
            let mapped: Vec<Arg> = args
                .iter()
                .map(|a| {
                    if a.values.is_none() && a.shown == *word {
                        stand_in.clone()
                    } else {
                        a.clone()
                    }
                })
                .collect();
            let again = argv::parse_until(&grammar, &mapped, 1, |_, _| true);
            if again
                .operands
                .first()
                .is_some_and(|(_, a)| a.text() == stand_in.text())
            {
                p = again;
            }
        }
    }
    if let Some(problem) = &p.problem {
        r.note(
            Opaque,
            format!("{shown}: {}", problem.sentence("docker run")),
        );
        return;
    }
    if p.has("help") {
        r.note(Read, format!("{shown} prints its help"));
        return;
    }
    r.note(
        OpenWorld,
        format!("{shown} runs a container; what runs inside is the image's"),
    );
    if runs && (p.has("detach") || p.values("restart").any(|v| v.text() != Some("no"))) {
        r.note(
            Process,
            format!("{shown} leaves a container running after the call"),
        );
    }
    host_reach(r, shown, &p);
    for v in p.values("volume") {
        match v.text() {
            Some(spec) => bind(r, shown, spec, None, scope),
            None => r.note(
                Opaque,
                format!("{shown} mounts `{}`, only known when it runs", v.shown),
            ),
        }
    }
    for m in p.values("mount") {
        match m.text() {
            Some(spec) => mount(r, shown, spec, scope),
            None => r.note(
                Opaque,
                format!("{shown} mounts `{}`, only known when it runs", m.shown),
            ),
        }
    }
    // `-e NAME` copies the host's value into the container.
    for env in p.values("env") {
        if let Some(name) = env.text().filter(|t| !t.contains('=')) {
            if super::code::is_credential_name(name) {
                r.guard(
                    Effect::Secret,
                    format!("{shown} hands the container the host's {name}"),
                );
            }
        }
    }
    for key in ["env-file", "label-file"] {
        for f in p.values(key) {
            r.reads(f, scope, shown);
        }
    }
    if let Some(cid) = p.last("cidfile") {
        r.change(cid, scope, Change::Write, Reach::Path, shown);
    }
}

/// Options that give a container the host: privileges, namespaces, devices.
fn host_reach(r: &mut Reader, shown: &str, p: &Parsed) {
    let mut reaches: Vec<String> = Vec::new();
    if p.has("privileged") {
        reaches.push("--privileged".into());
    }
    for key in ["pid", "ipc", "uts", "userns", "cgroupns"] {
        if p.values(key).any(|v| v.text() == Some("host")) {
            reaches.push(format!("--{key}=host"));
        }
    }
    for cap in p.values("cap-add") {
        let c = cap.text().unwrap_or("ALL").to_ascii_uppercase();
        let c = c.trim_start_matches("CAP_");
        if matches!(
            c,
            "ALL"
                | "SYS_ADMIN"
                | "SYS_PTRACE"
                | "SYS_MODULE"
                | "DAC_READ_SEARCH"
                | "DAC_OVERRIDE"
                | "SYS_RAWIO"
                | "MKNOD"
                | "SYS_CHROOT"
                | "BPF"
                | "PERFMON"
        ) {
            reaches.push(format!("--cap-add={c}"));
        }
    }
    if p.has("device") {
        reaches.push("--device".into());
    }
    for opt in p.values("security-opt") {
        let t = opt.text().unwrap_or("?");
        if t.contains("unconfined") || t.contains("label=disable") || t.contains("label:disable") {
            reaches.push(format!("--security-opt={t}"));
        }
    }
    if p.has("use-api-socket") {
        reaches.push("--use-api-socket".into());
    }
    for reach in reaches {
        r.guard(
            Opaque,
            format!("{shown} gives the container the host ({reach}): it can write anything there, the protected set included"),
        );
    }
}

/// `-v SRC:DST[:OPTS]`.
fn bind(r: &mut Reader, shown: &str, spec: &str, _kind: Option<&str>, scope: &Scope) {
    let parts: Vec<&str> = spec.split(':').collect();
    if parts.len() < 2 {
        // An anonymous volume at a container path.
        return;
    }
    let source = parts[0];
    let options = parts.get(2).copied().unwrap_or("");
    let read_only = options.split(',').any(|o| o == "ro" || o == "readonly");
    let is_path = source.starts_with('/')
        || source.starts_with('.')
        || source.starts_with('~')
        || source.contains('/');
    if !is_path {
        // A named volume.
        return;
    }
    host_path(r, shown, source, read_only, scope);
}

/// `--mount type=bind,source=SRC,target=DST[,readonly]`.
fn mount(r: &mut Reader, shown: &str, spec: &str, scope: &Scope) {
    let mut kind = "volume";
    let mut source = None;
    let mut read_only = false;
    for field in spec.split(',') {
        let (k, v) = field.split_once('=').unwrap_or((field, "true"));
        match k {
            "type" => kind = if v == "bind" { "bind" } else { "other" },
            "source" | "src" => source = Some(v.to_owned()),
            "readonly" | "ro" => read_only = v != "false" && v != "0",
            _ => {}
        }
    }
    if kind == "bind" {
        match source {
            Some(s) => host_path(r, shown, &s, read_only, scope),
            None => r.note(Opaque, format!("{shown}: a bind mount without a source")),
        }
    }
}

/// A host path given to a container: the protected set, a directory holding
/// it, the engine's socket, or key material is held.
fn host_path(r: &mut Reader, shown: &str, source: &str, read_only: bool, scope: &Scope) {
    let arg = Arg::literal(source);
    r.reads(&arg, scope, shown);
    if source.ends_with(".sock") || source.contains("docker.sock") || source.contains("podman.sock")
    {
        r.guard(
            Opaque,
            format!("{shown} hands the container the engine's socket ({source}): it can start containers that reach the whole host"),
        );
        return;
    }
    let places = r.places(&arg, scope);
    for place in places {
        let (path, held) = match place {
            Place::Protected { path, entry } => (path, Some(entry)),
            Place::Outside { path, .. } | Place::Above { path, .. } => {
                let held = r.protected_beneath(&path);
                (path, held)
            }
            Place::Inside(path) => (path, None),
            Place::Unknown(what) => {
                r.note(
                    Opaque,
                    format!("{shown} mounts `{what}`, a path only known when it runs"),
                );
                continue;
            }
            _ => continue,
        };
        if let Some(entry) = held {
            if read_only {
                r.note(Read, format!("{shown} mounts {path} read-only"));
            } else {
                r.guard(
                    Opaque,
                    format!(
                        "{shown} mounts {path} writable into a container, and it holds {entry} ({}): the container may write the protected set",
                        crate::read::protected_label(&entry, r.ctx)
                    ),
                );
            }
        }
        // Key material beneath what is mounted, read-only or not.
        let home = scope.home(r.ctx);
        let secrets: Vec<String> = r
            .ctx
            .secret_fragments
            .iter()
            .filter(|f| f.starts_with('.'))
            .map(|f| format!("{}/{f}", home.trim_end_matches('/')))
            .collect();
        if secrets
            .iter()
            .any(|s| wicket_guest::paths::is_under(s, &path) && s != &path)
        {
            r.guard(
                Opaque,
                format!("{shown} mounts {path}, which holds key material ({home}/.ssh and the like), into a container"),
            );
        }
    }
}

/// `docker build`.
fn build(r: &mut Reader, shown: &str, args: &[Arg], scope: &Scope) {
    let grammar = Grammar {
        style: Style {
            permute: true,
            ..PFLAG
        },
        options: BUILD,
    };
    let p = argv::parse(&grammar, args, 1);
    if let Some(problem) = &p.problem {
        r.note(
            Opaque,
            format!("{shown}: {}", problem.sentence("docker build")),
        );
        return;
    }
    if p.has("help") {
        r.note(Read, format!("{shown} prints its help"));
        return;
    }
    r.note(
        OpenWorld,
        format!("{shown} builds an image, running the Dockerfile's steps and fetching bases"),
    );
    for context in p.operand_args() {
        r.reads(&context, scope, shown);
    }
    if let Some(f) = p.last("file") {
        r.reads(f, scope, shown);
    }
    for out in p.values("output").chain(p.values("cache-to")) {
        let Some(spec) = out.text() else {
            r.note(
                Opaque,
                format!("{shown}: an output only known when it runs"),
            );
            continue;
        };
        let dest = if spec.contains('=') {
            spec.split(',')
                .find_map(|f| f.strip_prefix("dest="))
                .map(str::to_owned)
        } else if spec == "-" {
            None
        } else {
            Some(spec.to_owned())
        };
        if let Some(dest) = dest {
            if dest != "-" {
                r.change(
                    &Arg::literal(&dest),
                    scope,
                    Change::Write,
                    Reach::Tree,
                    shown,
                );
            }
        }
    }
    for key in ["iidfile", "metadata-file"] {
        if let Some(f) = p.last(key) {
            r.change(f, scope, Change::Overwrite, Reach::Path, shown);
        }
    }
    for secret in p.values("secret") {
        if let Some(src) = secret.text().and_then(|t| {
            t.split(',')
                .find_map(|f| f.strip_prefix("src=").or_else(|| f.strip_prefix("source=")))
        }) {
            r.reads(&Arg::literal(src), scope, shown);
        }
    }
    if p.has("ssh") {
        r.note(
            Effect::Secret,
            format!("{shown} hands the build the SSH agent's keys"),
        );
    }
}

/// `docker cp SRC DST`: one side is `CONTAINER:PATH`.
fn copy(r: &mut Reader, shown: &str, args: &[Arg], scope: &Scope) {
    let operands: Vec<&Arg> = args.iter().filter(|a| !a.is_flag()).collect();
    let [source, dest] = operands.as_slice() else {
        r.note(
            Opaque,
            format!("{shown}: docker cp needs a source and a destination"),
        );
        return;
    };
    let in_container = |a: &Arg| {
        a.text().is_some_and(|t| {
            t.split_once(':')
                .is_some_and(|(c, _)| !c.is_empty() && !c.contains('/'))
        })
    };
    if !in_container(dest) {
        r.change(dest, scope, Change::Overwrite, Reach::Tree, shown);
    }
    if !in_container(source) {
        r.reads(source, scope, shown);
    }
    r.note(
        OpenWorld,
        format!("{shown} copies between a container and the host"),
    );
}

/// `docker compose …` and `docker-compose …`.
fn compose(r: &mut Reader, run: &Run, shown: &str, args: &[Arg], scope: &Scope) {
    let mut i = 0;
    while i < args.len() {
        let Some(word) = args[i].text() else {
            r.note(
                Opaque,
                format!("{shown}: `{}` is only known when it runs", args[i].shown),
            );
            return;
        };
        let (flag, value) = match word.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(Arg::literal(v))),
            _ => (word, None),
        };
        let takes = matches!(
            flag,
            "-f" | "--file"
                | "-p"
                | "--project-name"
                | "--project-directory"
                | "--env-file"
                | "--profile"
                | "--ansi"
                | "--progress"
                | "--parallel"
        );
        let value = value.or_else(|| {
            if takes {
                args.get(i + 1).cloned()
            } else {
                None
            }
        });
        if !word.starts_with('-') {
            break;
        }
        i += 1 + usize::from(takes && !word.contains('='));
        match flag {
            "-f" | "--file" | "--env-file" => {
                if let Some(v) = value {
                    r.reads(&v, scope, shown);
                    if flag != "--env-file" {
                        // Its relative mounts are relative to its directory.
                        let dir = super::cargo::parent_of(&v);
                        host_path(r, shown, dir.text().unwrap_or("."), false, scope);
                    }
                }
            }
            "--project-directory" => {
                if let Some(v) = value {
                    host_path(r, shown, v.text().unwrap_or(""), false, scope);
                }
            }
            "--version" | "-v" | "-h" | "--help" => {
                r.note(Read, format!("{shown} prints information"));
                return;
            }
            _ => {}
        }
    }
    let command = args.get(i).and_then(Arg::text).unwrap_or("");
    let rest = &args[(i + 1).min(args.len())..];
    match command {
        "ps" | "ls" | "logs" | "config" | "images" | "top" | "events" | "port" | "version"
        | "stats" => r.note(Read, format!("{shown} reports on the services")),
        "up" | "start" | "run" | "create" | "restart" | "watch" => {
            r.note(
                OpenWorld,
                format!("{shown} runs the services the compose file describes, with the mounts it names, which the agent wrote"),
            );
            if rest
                .iter()
                .any(|a| matches!(a.text(), Some("-d" | "--detach" | "--wait")))
            {
                r.note(
                    Process,
                    format!("{shown} leaves services running after the call"),
                );
            }
            let _ = run;
        }
        // `down -v` / `rm -v` delete the services' volumes, as `docker
        // volume rm` does: the data in them is gone.
        "down" | "rm"
            if rest.iter().any(|a| {
                a.text().is_some_and(|t| {
                    t == "--volumes"
                        || (t.starts_with('-') && !t.starts_with("--") && t.contains('v'))
                })
            }) =>
        {
            r.note(
                Destructive,
                format!("{shown} deletes the services' volumes and the data in them"),
            )
        }
        "down" | "rm" | "stop" | "kill" | "pause" | "unpause" | "pull" | "push" | "build"
        | "exec" | "cp" | "scale" | "attach" | "wait" => r.note(
            OpenWorld,
            format!("{shown} changes the services' containers"),
        ),
        "" => r.note(Read, format!("{shown} prints its help")),
        other => r.note(
            Opaque,
            format!("{shown}: `compose {other}` is not a command wicket's description knows"),
        ),
    }
}

pub const COMPOSE: Program = Program {
    names: &["docker-compose", "podman-compose"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: docker_compose,
    examples: examples![
        (OpenWorld, "docker-compose up --build"),
        (OpenWorld, "docker-compose down"),
        (Destructive, "docker-compose down -v"),
        (
            Destructive,
            "docker compose down --rmi all --volumes --remove-orphans",
        ),
        (OpenWorld, "docker-compose up -d"),
        (Read, "docker-compose ps"),
        (
            Opaque,
            "docker-compose --project-directory ../../repo.git up",
        ),
    ],
    manual: "docker compose v2 (docker compose --help)",
};

fn docker_compose(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    compose(r, run, &shown, &run.inv.argv[1..], scope);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::interp::{listed_long_options, missing_options};

    #[test]
    fn every_spelling_reads_as_its_option() {
        for (name, options) in [
            ("docker", GLOBAL),
            ("docker run", RUN),
            ("docker build", BUILD),
        ] {
            let grammar = Grammar {
                style: PFLAG,
                options,
            };
            crate::programs::interp::check_spellings(name, &grammar);
        }
    }

    #[test]
    fn run_and_build_know_their_help_pages() {
        for (sub, options) in [("run", RUN), ("build", BUILD)] {
            let Some(listed) = listed_long_options("docker", &[sub, "--help"]) else {
                return;
            };
            let grammar = Grammar {
                style: PFLAG,
                options,
            };
            assert_eq!(
                missing_options(&grammar, &listed, &[]),
                Vec::<String>::new(),
                "docker {sub}"
            );
        }
    }
}
