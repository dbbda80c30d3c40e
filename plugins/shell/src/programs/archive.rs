//! Archivers, compressors and byte copiers: tar, zip, unzip, 7z, cpio, ar,
//! the gzip family, dd, split, csplit and the base encoders.
//!
//! An extraction writes members whose names only the archive knows, so it
//! is a change of the whole tree under the directory it extracts into: into
//! the worktree that is the agent's work, into a directory holding protected
//! entries (the workspace root, `repo.git`, an ancestor reached with
//! `-C ../..`) it is destructive, and with absolute or `..` member names kept
//! (`tar -P`, `unzip -:`, `cpio` without `--no-absolute-filenames`) where it
//! lands is only known when it runs. A compressor working in place replaces
//! each file it names with the (de)compressed one and deletes the original.
//! Options a program takes from its environment (`TAR_OPTIONS`, `ZIPOPT`,
//! `UNZIP`, `GZIP`, `XZ_OPT`, `BZIP2`) are read as if written first.

use wicket_guest::Effect::*;

use crate::argv::{attached, flag, value, Grammar, Opt, Parsed, Style, Takes};
use crate::read::{Arg, Change, Reach, Reader, Scope};

use super::transfer::{env_var, parse_or_hold, prints_only, relative_to, split_words, under};
use super::{Program, Run, Syntax};

pub const PROGRAMS: &[&Program] = &[
    &TAR,
    &BSDTAR,
    &ZIP,
    &UNZIP,
    &FUNZIP,
    &SEVEN_ZIP,
    &CPIO,
    &AR,
    &GZIP,
    &BZIP2,
    &XZ,
    &ZSTD,
    &LZ4,
    &BROTLI,
    &DD,
    &JAR,
    &PTAR,
    &DPKG_DEB,
    &DPKG,
    &DPKG_SOURCE,
    &PAX,
    &UUDECODE,
    &UNPACKS,
    &LHA,
    &UNSQUASHFS,
];

// ---------------------------------------------------------------- tar

const TAR_OPTIONS: &[Opt] = &[
    // Main operation mode.
    flag("catenate", "A", &["catenate", "concatenate"]),
    flag("create", "c", &["create"]),
    flag("delete", "", &["delete"]),
    flag("diff", "d", &["diff", "compare"]),
    flag("append", "r", &["append"]),
    flag("test-label", "", &["test-label"]),
    flag("list", "t", &["list"]),
    flag("update", "u", &["update"]),
    flag("extract", "x", &["extract", "get"]),
    // Operation modifiers.
    flag("check-device", "", &["check-device"]),
    value("listed-incremental", "g", &["listed-incremental"]),
    flag("incremental", "G", &["incremental"]),
    value("hole-detection", "", &["hole-detection"]),
    flag("ignore-failed-read", "", &["ignore-failed-read"]),
    value("level", "", &["level"]),
    flag("no-check-device", "", &["no-check-device"]),
    flag("no-seek", "", &["no-seek"]),
    flag("seek", "n", &["seek"]),
    attached("occurrence", "", &["occurrence"]),
    value("sparse-version", "", &["sparse-version"]),
    flag("sparse", "S", &["sparse"]),
    // Local file name selection.
    value("add-file", "", &["add-file"]),
    value("directory", "C", &["directory"]),
    value("exclude", "", &["exclude"]),
    flag("exclude-backups", "", &["exclude-backups"]),
    flag("exclude-caches", "", &["exclude-caches"]),
    flag("exclude-caches-all", "", &["exclude-caches-all"]),
    flag("exclude-caches-under", "", &["exclude-caches-under"]),
    value("exclude-ignore", "", &["exclude-ignore"]),
    value(
        "exclude-ignore-recursive",
        "",
        &["exclude-ignore-recursive"],
    ),
    value("exclude-tag", "", &["exclude-tag"]),
    value("exclude-tag-all", "", &["exclude-tag-all"]),
    value("exclude-tag-under", "", &["exclude-tag-under"]),
    flag("exclude-vcs", "", &["exclude-vcs"]),
    flag("exclude-vcs-ignores", "", &["exclude-vcs-ignores"]),
    flag("no-null", "", &["no-null"]),
    flag("no-recursion", "", &["no-recursion"]),
    flag("no-unquote", "", &["no-unquote"]),
    flag("no-verbatim-files-from", "", &["no-verbatim-files-from"]),
    flag("null", "", &["null"]),
    flag("recursion", "", &["recursion"]),
    value("files-from", "T", &["files-from"]),
    flag("unquote", "", &["unquote"]),
    flag("verbatim-files-from", "", &["verbatim-files-from"]),
    value("exclude-from", "X", &["exclude-from"]),
    // File name matching.
    flag("anchored", "", &["anchored"]),
    flag("ignore-case", "", &["ignore-case"]),
    flag("no-anchored", "", &["no-anchored"]),
    flag("no-ignore-case", "", &["no-ignore-case"]),
    flag("no-wildcards", "", &["no-wildcards"]),
    flag(
        "no-wildcards-match-slash",
        "",
        &["no-wildcards-match-slash"],
    ),
    flag("wildcards", "", &["wildcards"]),
    flag("wildcards-match-slash", "", &["wildcards-match-slash"]),
    // Overwrite control.
    flag("keep-directory-symlink", "", &["keep-directory-symlink"]),
    flag("keep-newer-files", "", &["keep-newer-files"]),
    flag("keep-old-files", "k", &["keep-old-files"]),
    flag("no-overwrite-dir", "", &["no-overwrite-dir"]),
    attached("one-top-level", "", &["one-top-level"]),
    flag("overwrite", "", &["overwrite"]),
    flag("overwrite-dir", "", &["overwrite-dir"]),
    flag("recursive-unlink", "", &["recursive-unlink"]),
    flag("remove-files", "", &["remove-files"]),
    flag("skip-old-files", "", &["skip-old-files"]),
    flag("unlink-first", "U", &["unlink-first"]),
    flag("verify", "W", &["verify"]),
    // Output stream.
    flag("ignore-command-error", "", &["ignore-command-error"]),
    flag("no-ignore-command-error", "", &["no-ignore-command-error"]),
    flag("to-stdout", "O", &["to-stdout"]),
    value("to-command", "", &["to-command"]),
    // File attributes.
    attached("atime-preserve", "", &["atime-preserve"]),
    flag("clamp-mtime", "", &["clamp-mtime"]),
    flag("delay-directory-restore", "", &["delay-directory-restore"]),
    value("group", "", &["group"]),
    value("group-map", "", &["group-map"]),
    value("mode", "", &["mode"]),
    value("mtime", "", &["mtime"]),
    flag("touch", "m", &["touch"]),
    flag(
        "no-delay-directory-restore",
        "",
        &["no-delay-directory-restore"],
    ),
    flag("no-same-owner", "", &["no-same-owner"]),
    flag("no-same-permissions", "", &["no-same-permissions"]),
    flag("numeric-owner", "", &["numeric-owner"]),
    value("owner", "", &["owner"]),
    value("owner-map", "", &["owner-map"]),
    flag(
        "preserve-permissions",
        "p",
        &["preserve-permissions", "same-permissions"],
    ),
    flag("same-owner", "", &["same-owner"]),
    value("sort", "", &["sort"]),
    flag("preserve-order", "s", &["preserve-order", "same-order"]),
    // Extended attributes.
    flag("acls", "", &["acls"]),
    flag("no-acls", "", &["no-acls"]),
    flag("no-selinux", "", &["no-selinux"]),
    flag("no-xattrs", "", &["no-xattrs"]),
    flag("selinux", "", &["selinux"]),
    flag("xattrs", "", &["xattrs"]),
    value("xattrs-exclude", "", &["xattrs-exclude"]),
    value("xattrs-include", "", &["xattrs-include"]),
    // Device selection and switching.
    flag("force-local", "", &["force-local"]),
    value("file", "f", &["file"]),
    value("info-script", "F", &["info-script", "new-volume-script"]),
    value("tape-length", "L", &["tape-length"]),
    flag("multi-volume", "M", &["multi-volume"]),
    value("rmt-command", "", &["rmt-command"]),
    value("rsh-command", "", &["rsh-command"]),
    value("volno-file", "", &["volno-file"]),
    // Device blocking.
    value("blocking-factor", "b", &["blocking-factor"]),
    flag("read-full-records", "B", &["read-full-records"]),
    flag("ignore-zeros", "i", &["ignore-zeros"]),
    value("record-size", "", &["record-size"]),
    // Archive format.
    value("format", "H", &["format"]),
    flag("old-archive", "", &["old-archive", "portability"]),
    value("pax-option", "", &["pax-option"]),
    flag("posix", "", &["posix"]),
    value("label", "V", &["label"]),
    // Compression.
    flag("auto-compress", "a", &["auto-compress"]),
    value("use-compress-program", "I", &["use-compress-program"]),
    flag("bzip2", "j", &["bzip2"]),
    flag("xz", "J", &["xz"]),
    flag("lzip", "", &["lzip"]),
    flag("lzma", "", &["lzma"]),
    flag("lzop", "", &["lzop"]),
    flag("no-auto-compress", "", &["no-auto-compress"]),
    flag("zstd", "", &["zstd"]),
    flag("gzip", "z", &["gzip", "gunzip", "ungzip"]),
    flag("compress", "Z", &["compress", "uncompress"]),
    // Local file selection.
    attached("backup", "", &["backup"]),
    flag("hard-dereference", "", &["hard-dereference"]),
    flag("dereference", "h", &["dereference"]),
    value("starting-file", "K", &["starting-file"]),
    value("newer-mtime", "", &["newer-mtime"]),
    value("newer", "N", &["newer", "after-date"]),
    flag("one-file-system", "", &["one-file-system"]),
    flag("absolute-names", "P", &["absolute-names"]),
    value("suffix", "", &["suffix"]),
    // File name transformations.
    value("strip-components", "", &["strip-components"]),
    value("transform", "", &["transform", "xform"]),
    // Informative output.
    attached("checkpoint", "", &["checkpoint"]),
    value("checkpoint-action", "", &["checkpoint-action"]),
    flag("full-time", "", &["full-time"]),
    value("index-file", "", &["index-file"]),
    flag("check-links", "l", &["check-links"]),
    value("no-quote-chars", "", &["no-quote-chars"]),
    value("quote-chars", "", &["quote-chars"]),
    value("quoting-style", "", &["quoting-style"]),
    flag("block-number", "R", &["block-number"]),
    flag("show-defaults", "", &["show-defaults"]),
    flag("show-omitted-dirs", "", &["show-omitted-dirs"]),
    flag(
        "show-snapshot-field-ranges",
        "",
        &["show-snapshot-field-ranges"],
    ),
    flag(
        "show-transformed-names",
        "",
        &["show-transformed-names", "show-stored-names"],
    ),
    attached("totals", "", &["totals"]),
    flag("utc", "", &["utc"]),
    flag("verbose", "v", &["verbose"]),
    value("warning", "", &["warning"]),
    flag("interactive", "w", &["interactive", "confirmation"]),
    // Compatibility and the rest.
    flag("o", "o", &[]),
    flag("help", "?", &["help"]),
    flag("restrict", "", &["restrict"]),
    flag("usage", "", &["usage"]),
    flag("version", "", &["version"]),
];

const TAR_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: TAR_OPTIONS,
};

/// The environment variables tar's description reads itself: `TAPE` is
/// the archive tar uses when no `-f` names one (judged with tar's run, so
/// an assignment of it is not also read as a path handed to a program).
pub const VARIABLES: &[(&[&str], &[&str])] = &[(&["tar", "gtar", "bsdtar"], &["TAPE"])];

pub const TAR: Program = Program {
    names: &["tar", "gtar"],
    syntax: Syntax::Grammar(TAR_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: tar,
    examples: examples![
        (Opaque, "tar xzf deps.tgz"),
        (Opaque, "tar -xzf deps.tgz -C vendor"),
        (TargetWrite, "tar -xzf deps.tgz -C vendor --exclude=.git"),
        (TargetWrite, "tar czf dist.tgz dist/"),
        (
            TargetWrite,
            "tar -czvf dist/manual.tar.gz -C dist -- manual",
        ),
        (Read, "tar tzf deps.tgz"),
        (Read, "tar -xOf deps.tgz package/package.json"),
        (Read, "tar czf - src | wc -c"),
        (Read, "tar --version"),
        (Destructive, "tar -C../.. -xf evil.tar"),
        (Destructive, "tar xfC evil.tar ../.."),
        (Destructive, "tar --dir ../.. -xf evil.tar"),
        (Destructive, "tar -xf evil.tar --directory=../../repo.git"),
        (Destructive, "tar -C .. -C .. -xf evil.tar"),
        (Destructive, "tar -cf../../repo.git/config README.md"),
        (Destructive, "tar cf ../../.wicket/t.tar src"),
        (
            Destructive,
            "tar -cf x.tar --checkpoint=1 --checkpoint-a=exec='rm -rf /etc' README.md",
        ),
        (Destructive, "tar -xf a.tar --to-com='rm -rf /etc'"),
        (Destructive, "tar -I 'rm -rf /etc' -cf a.tar ."),
        (
            Destructive,
            "tar czf a.tgz --remove-files -C ../.. repo.git",
        ),
        (Destructive, "TAR_OPTIONS='-C ../..' tar xf evil.tar"),
        (Opaque, "tar -xPf evil.tar"),
        (Opaque, "tar --absolute-names -xf evil.tar"),
        (Opaque, "TAR_OPTIONS=$X tar xf a.tar"),
        (Opaque, "tar --targ x"),
        (Opaque, "tar -cf a.tar -T list.txt"),
        (Secret, "tar czf k.tgz ~/.ssh"),
        (Secret, "tar czf h.tgz -C ~ ."),
        (OpenWorld, "tar xzf deps.tgz -C /tmp/deps"),
        (OpenWorld, "tar cf backup:/dev/st0 src"),
    ],
    manual: "tar (GNU tar) 1.34: tar --help",
};

pub const BSDTAR: Program = Program {
    names: &["bsdtar"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: bsdtar,
    examples: examples![
        (Read, "bsdtar --version"),
        (Opaque, "bsdtar -xf a.tar -C ../.."),
    ],
    manual: "bsdtar (libarchive): its options differ from GNU tar's (-s, -U, --chroot, --options) and are not described",
};

/// bsdtar's grammar is not GNU tar's: every run but `--version` is held.
fn bsdtar(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let shown = run.shown();
    let words: Vec<Option<&str>> = run.inv.argv.iter().skip(1).map(Arg::text).collect();
    if matches!(words.as_slice(), [Some("--version" | "--help" | "-h")]) {
        r.note(Read, format!("{shown} prints its help or version"));
        return;
    }
    r.note(
        Opaque,
        format!("{shown}: bsdtar's options are not ones wicket has a description of"),
    );
}

/// The words tar reads: the first word exploded when it is an old-style
/// bundle (`xzfC a.tgz dir` is `-x -z -f a.tgz -C dir`), then `TAR_OPTIONS`
/// in front, as tar itself arranges them.
fn tar_words(r: &mut Reader, run: &Run, scope: &Scope) -> Option<Vec<Arg>> {
    let rest = run.inv.argv.get(1..).unwrap_or(&[]);
    let mut words: Vec<Arg> = Vec::new();
    let mut from = 0;
    if let Some(first) = rest.first() {
        let old_style = match first.text() {
            Some(text) => !text.starts_with('-') && !text.is_empty(),
            None => false,
        };
        if old_style {
            let letters = first.text().unwrap_or_default().to_owned();
            from = 1;
            for c in letters.chars() {
                let Some(opt) = TAR_OPTIONS.iter().find(|o| o.short.contains(c)) else {
                    r.note(
                        Opaque,
                        format!(
                            "{}: tar's old-style letter `{c}` is not one wicket's description of tar knows",
                            run.shown()
                        ),
                    );
                    return None;
                };
                words.push(Arg::literal(&format!("-{c}")));
                if opt.takes == Takes::Value {
                    let Some(value) = rest.get(from) else {
                        r.note(
                            Opaque,
                            format!("{}: tar's old-style `{c}` needs a value", run.shown()),
                        );
                        return None;
                    };
                    // The value is taken whatever it looks like: the
                    // grammar gives a value option the next word as is.
                    words.push(value.clone());
                    from += 1;
                }
            }
        }
    }
    words.extend(rest[from..].iter().cloned());
    match env_var(scope, "TAR_OPTIONS") {
        None => Some(words),
        Some(text) => {
            let Some(prepended) = text.as_deref().and_then(split_words) else {
                r.note(
                    Opaque,
                    format!(
                        "{}: TAR_OPTIONS gives tar options only known when it runs",
                        run.shown()
                    ),
                );
                return None;
            };
            let mut all: Vec<Arg> = prepended.iter().map(|w| Arg::literal(w)).collect();
            all.extend(words);
            Some(all)
        }
    }
}

/// The directory tar is in when it reaches argv index `at`: every `-C`
/// before it, each taken from the one before.
fn tar_dir_at(p: &Parsed, at: usize) -> Arg {
    let mut dir = Arg::literal(".");
    for given in &p.options {
        if given.opt.key == "directory" && given.at < at {
            if let Some(v) = &given.value {
                dir = relative_to(&dir, v);
            }
        }
    }
    dir
}

/// Whether an archive name names another host (`host:path`), as tar reads
/// it: a colon before any slash.
fn remote_archive(name: &str) -> bool {
    match name.find(':') {
        Some(colon) => !name[..colon].contains('/'),
        None => false,
    }
}

fn tar(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let Some(words) = tar_words(r, run, scope) else {
        return;
    };
    let Some(p) = parse_or_hold(r, run, &TAR_GRAMMAR, &words) else {
        return;
    };
    if prints_only(
        r,
        run,
        &p,
        &[
            "help",
            "usage",
            "version",
            "show-defaults",
            "show-snapshot-field-ranges",
        ],
    ) {
        return;
    }
    let what = |option: &str| format!("{shown}: tar's {option}");
    // Commands tar runs.
    for (key, option) in [
        ("to-command", "--to-command"),
        ("use-compress-program", "--use-compress-program"),
        ("info-script", "--info-script"),
        ("rsh-command", "--rsh-command"),
        ("rmt-command", "--rmt-command"),
    ] {
        for command in p.values(key) {
            r.runs_text(command, scope, &what(option));
        }
    }
    for action in p.values("checkpoint-action") {
        let Some(text) = action.text() else {
            r.note(
                Opaque,
                format!(
                    "{}: a checkpoint action only known when it runs",
                    what("--checkpoint-action")
                ),
            );
            continue;
        };
        let (name, argument) = text.split_once('=').unwrap_or((text, ""));
        match name {
            "exec" => r.runs_text(
                &Arg::literal(argument),
                scope,
                &what("--checkpoint-action=exec"),
            ),
            "bell" | "dot" | "." | "echo" | "ttyout" | "sleep" | "totals" | "wait" => {}
            _ => r.note(
                Opaque,
                format!(
                    "{}: `{name}` is not a checkpoint action wicket knows",
                    what("--checkpoint-action")
                ),
            ),
        }
    }
    // Files tar reads besides the archive and the members.
    for key in [
        "exclude-from",
        "exclude-ignore",
        "exclude-ignore-recursive",
        "owner-map",
        "group-map",
    ] {
        for file in p.values(key) {
            r.reads(file, scope, &shown);
        }
    }
    for key in ["newer", "mtime"] {
        for date in p.values(key) {
            if date
                .text()
                .is_some_and(|d| d.starts_with('/') || d.starts_with('.') || d.starts_with('~'))
            {
                r.reads(date, scope, &shown);
            }
        }
    }
    for file in p.values("index-file") {
        r.change(file, scope, Change::Overwrite, Reach::Path, &shown);
    }
    for file in p.values("volno-file") {
        r.change(file, scope, Change::Write, Reach::Path, &shown);
    }
    // The archives.
    let mut archives: Vec<Arg> = p.values("file").cloned().collect();
    if archives.is_empty() {
        archives.push(match env_var(scope, "TAPE") {
            Some(Some(tape)) => Arg::literal(&tape),
            Some(None) => Arg {
                values: None,
                glob: false,
                shown: "$TAPE".into(),
            },
            None => Arg::literal("-"),
        });
    }
    let local = p.has("force-local");
    let mut on_disk: Vec<Arg> = Vec::new();
    for archive in &archives {
        match archive.text() {
            Some(name) if !local && remote_archive(name) => r.note(
                OpenWorld,
                format!("{shown} uses the archive {name} on another host"),
            ),
            _ => on_disk.push(archive.clone()),
        }
    }
    let modes: Vec<&str> = [
        "create",
        "append",
        "update",
        "catenate",
        "delete",
        "extract",
        "list",
        "diff",
        "test-label",
    ]
    .into_iter()
    .filter(|m| p.has(m))
    .collect();
    if modes.is_empty() {
        r.note(
            Read,
            format!("{shown} names no operation, so tar does nothing"),
        );
    }
    let members: Vec<(Arg, Arg)> = p
        .operands
        .iter()
        .map(|(at, a)| (tar_dir_at(&p, *at), a.clone()))
        .chain(
            p.options
                .iter()
                .filter(|g| g.opt.key == "add-file")
                .filter_map(|g| g.value.clone().map(|v| (tar_dir_at(&p, g.at), v))),
        )
        .collect();
    for mode in modes {
        match mode {
            "create" | "append" | "update" | "catenate" => {
                let change = if mode == "create" {
                    Change::Overwrite
                } else {
                    Change::Write
                };
                for archive in &on_disk {
                    r.change(archive, scope, change, Reach::Path, &shown);
                }
                if on_disk.iter().all(|a| a.text() == Some("-")) {
                    r.note(Read, format!("{shown} writes the archive to its output"));
                }
                if let Some(list) = p.last("files-from") {
                    r.reads(list, scope, &shown);
                    r.note(
                        Opaque,
                        format!(
                            "{shown} archives the paths listed in {}, which wicket cannot see",
                            list.shown
                        ),
                    );
                }
                for (dir, member) in &members {
                    let path = relative_to(dir, member);
                    if mode == "catenate" {
                        r.reads(&path, scope, &shown);
                    } else {
                        r.reads_tree(&path, scope, &shown);
                    }
                    if p.has("remove-files") {
                        r.change(&path, scope, Change::Delete, Reach::Tree, &shown);
                    }
                }
                if let Some(snapshot) = p.last("listed-incremental") {
                    r.change(snapshot, scope, Change::Write, Reach::Path, &shown);
                }
            }
            "delete" => {
                for archive in &on_disk {
                    r.change(archive, scope, Change::Overwrite, Reach::Path, &shown);
                }
            }
            "extract" => tar_extract(r, run, &p, &on_disk, &members, scope),
            _ => {
                for archive in &on_disk {
                    r.reads(archive, scope, &shown);
                }
                r.note(Read, format!("{shown} lists or compares an archive"));
            }
        }
    }
}

fn tar_extract(
    r: &mut Reader,
    run: &Run,
    p: &Parsed,
    archives: &[Arg],
    members: &[(Arg, Arg)],
    scope: &Scope,
) {
    let shown = run.shown();
    for archive in archives {
        r.reads(archive, scope, &shown);
    }
    if p.has("to-stdout") || p.has("to-command") {
        r.note(
            Read,
            format!("{shown} extracts to its output or a command, not to disk"),
        );
        return;
    }
    if p.has("absolute-names") {
        r.note(
            Opaque,
            format!(
                "{shown} keeps absolute and `..` member names (-P): where members land is only known when it runs"
            ),
        );
        return;
    }
    // Every directory members may land in: the one in effect for each named
    // member, or every `-C` given (and the cwd) when none is named.
    let mut dirs: Vec<Arg> = Vec::new();
    if members.is_empty() {
        let mut dir = Arg::literal(".");
        for v in p.values("directory") {
            dir = relative_to(&dir, v);
            dirs.push(dir.clone());
        }
        if dirs.is_empty() {
            dirs.push(dir);
        }
    } else {
        for (dir, _) in members {
            if !dirs.iter().any(|d| d.shown == dir.shown) {
                dirs.push(dir.clone());
            }
        }
    }
    if let Some(top) = p.last("one-top-level") {
        dirs = dirs.iter().map(|d| relative_to(d, top)).collect();
    }
    let change = if p.has("listed-incremental") || p.has("incremental") || p.has("recursive-unlink")
    {
        // Incremental extraction removes what the dump did not hold.
        Change::Delete
    } else if p.has("keep-old-files") || p.has("skip-old-files") {
        Change::Write
    } else {
        Change::Overwrite
    };
    // `--exclude=.git` (unanchored, tar's default for exclusions) leaves
    // out every member with a `.git` component, so no nested repository
    // comes of it below the top; `--exclude-vcs` does not apply when
    // extracting (GNU tar 1.34), and `.git/` matches nothing.
    let skips_git = !p.has("anchored") && p.values("exclude").any(|v| v.text() == Some(".git"));
    for dir in &dirs {
        if change == Change::Delete {
            r.change(dir, scope, change, Reach::Tree, &shown);
        } else {
            r.fills_with_unseen(dir, scope, change, skips_git, &shown);
        }
    }
}

// ----------------------------------------------------------------- zip

/// How a zip option takes its value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ZipTakes {
    Nothing,
    /// Attached (`-bdir`, `-b=dir`) or the next word.
    Value,
    /// Every following word up to the next option or a lone `@`.
    List,
}

/// One of zip's options: its short spelling (one or two characters, as
/// `zip -so` lists them), long name, how it takes a value, and whether a
/// trailing `-` negates it.
struct ZipOpt {
    short: &'static str,
    long: &'static str,
    takes: ZipTakes,
    negatable: bool,
}

const fn z(short: &'static str, long: &'static str, takes: ZipTakes, negatable: bool) -> ZipOpt {
    ZipOpt {
        short,
        long,
        takes,
        negatable,
    }
}

use ZipTakes::{List as ZL, Nothing as ZN, Value as ZV};

/// zip 3.0's option table (`zip -so`).
const ZIP_OPTIONS: &[ZipOpt] = &[
    z("0", "store", ZN, false),
    z("1", "compress-1", ZN, false),
    z("2", "compress-2", ZN, false),
    z("3", "compress-3", ZN, false),
    z("4", "compress-4", ZN, false),
    z("5", "compress-5", ZN, false),
    z("6", "compress-6", ZN, false),
    z("7", "compress-7", ZN, false),
    z("8", "compress-8", ZN, false),
    z("9", "compress-9", ZN, false),
    z("A", "adjust-sfx", ZN, false),
    z("b", "temp-path", ZV, false),
    z("c", "entry-comments", ZN, false),
    z("d", "delete", ZN, false),
    z("db", "display-bytes", ZN, true),
    z("dc", "display-counts", ZN, true),
    z("dd", "display-dots", ZN, true),
    z("dg", "display-globaldots", ZN, true),
    z("ds", "dot-size", ZV, false),
    z("du", "display-usize", ZN, true),
    z("dv", "display-volume", ZN, true),
    z("D", "no-dir-entries", ZN, false),
    z("DF", "difference-archive", ZN, false),
    z("e", "encrypt", ZN, false),
    z("F", "fix", ZN, false),
    z("FF", "fixfix", ZN, false),
    z("FI", "fifo", ZN, true),
    z("FS", "filesync", ZN, false),
    z("f", "freshen", ZN, false),
    z("fd", "force-descriptors", ZN, false),
    z("fz", "force-zip64", ZN, true),
    z("g", "grow", ZN, false),
    z("h", "help", ZN, false),
    z("H", "", ZN, false),
    z("?", "", ZN, false),
    z("h2", "more-help", ZN, false),
    z("i", "include", ZL, false),
    z("j", "junk-paths", ZN, false),
    z("J", "junk-sfx", ZN, false),
    z("k", "DOS-names", ZN, false),
    z("l", "to-crlf", ZN, false),
    z("ll", "from-crlf", ZN, false),
    z("lf", "logfile-path", ZV, false),
    z("la", "log-append", ZN, true),
    z("li", "log-info", ZN, true),
    z("L", "license", ZN, false),
    z("m", "move", ZN, false),
    z("mm", "", ZN, false),
    z("MM", "must-match", ZN, false),
    z("n", "suffixes", ZV, false),
    z("nw", "no-wild", ZN, false),
    z("o", "latest-time", ZN, false),
    z("O", "output-file", ZV, false),
    z("p", "paths", ZN, false),
    z("P", "password", ZV, false),
    z("q", "quiet", ZN, false),
    z("r", "recurse-paths", ZN, false),
    z("R", "recurse-patterns", ZN, false),
    z("RE", "regex", ZN, false),
    z("s", "split-size", ZV, false),
    z("sp", "split-pause", ZN, false),
    z("sv", "split-verbose", ZN, false),
    z("sb", "split-bell", ZN, false),
    z("sc", "show-command", ZN, false),
    z("sd", "show-debug", ZN, false),
    z("sf", "show-files", ZN, true),
    z("so", "show-options", ZN, false),
    z("su", "show-unicode", ZN, true),
    z("sU", "show-just-unicode", ZN, true),
    z("t", "from-date", ZV, false),
    z("tt", "before-date", ZV, false),
    z("T", "test", ZN, false),
    z("TT", "unzip-command", ZV, false),
    z("u", "update", ZN, false),
    z("U", "copy-entries", ZN, false),
    z("UN", "unicode", ZV, false),
    z("v", "verbose", ZN, false),
    z("", "version", ZN, false),
    z("ws", "wild-stop-dirs", ZN, false),
    z("x", "exclude", ZL, false),
    z("X", "strip-extra", ZN, true),
    z("y", "symlinks", ZN, false),
    z("z", "archive-comment", ZN, false),
    z("Z", "compression-method", ZV, false),
    z("@", "names-stdin", ZN, false),
];

/// What zip's parser made of its words: options by their long name (or
/// short spelling when they have none), with values, and the operands.
#[derive(Default)]
struct ZipParsed {
    given: Vec<(&'static str, Vec<Arg>)>,
    operands: Vec<Arg>,
    problem: Option<String>,
}

impl ZipParsed {
    fn has(&self, name: &str) -> bool {
        self.given.iter().any(|(k, _)| *k == name)
    }
    fn last(&self, name: &str) -> Option<&Arg> {
        self.given
            .iter()
            .rev()
            .find(|(k, _)| *k == name)
            .and_then(|(_, v)| v.first())
    }
    fn all(&self, name: &str) -> Vec<&Arg> {
        self.given
            .iter()
            .filter(|(k, _)| *k == name)
            .flat_map(|(_, v)| v.iter())
            .collect()
    }
}

fn zip_name(opt: &ZipOpt) -> &'static str {
    if opt.long.is_empty() {
        opt.short
    } else {
        opt.long
    }
}

/// Read words as zip 3.0 reads them: options anywhere until `--`, short
/// options of one or two characters matched longest first and bundled, a
/// value attached (with or without `=`) or the next word, lists running to
/// the next option, long options by unique prefix.
fn zip_parse(words: &[Arg]) -> ZipParsed {
    let mut out = ZipParsed::default();
    let mut i = 0;
    let mut only_paths = false;
    let list_end = |w: &Arg| w.text().is_none_or(|t| t.starts_with('-') || t == "@");
    while i < words.len() {
        let arg = &words[i];
        i += 1;
        if only_paths {
            out.operands.push(arg.clone());
            continue;
        }
        let Some(text) = arg.text() else {
            if arg.shown.starts_with(['$', '"', '\'', '`', '-', '*']) {
                out.problem
                    .get_or_insert_with(|| format!("the word `{}` could be an option", arg.shown));
            }
            out.operands.push(arg.clone());
            continue;
        };
        if text == "--" {
            only_paths = true;
            continue;
        }
        if text == "-" || !text.starts_with('-') {
            out.operands.push(arg.clone());
            continue;
        }
        let take =
            |opt: &'static ZipOpt, inline: Option<String>, i: &mut usize, out: &mut ZipParsed| {
                let mut values = Vec::new();
                match opt.takes {
                    ZipTakes::Nothing => {}
                    ZipTakes::Value => match inline.filter(|v| !v.is_empty()) {
                        Some(v) => values.push(Arg::literal(&v)),
                        None => match words.get(*i) {
                            Some(next) => {
                                values.push(next.clone());
                                *i += 1;
                            }
                            None => {
                                out.problem.get_or_insert_with(|| {
                                    format!("the option `{}` needs a value", zip_name(opt))
                                });
                            }
                        },
                    },
                    ZipTakes::List => {
                        if let Some(v) = inline.filter(|v| !v.is_empty()) {
                            values.push(Arg::literal(&v));
                        }
                        while let Some(next) = words.get(*i) {
                            if list_end(next) {
                                if next.text() == Some("@") {
                                    *i += 1;
                                }
                                break;
                            }
                            values.push(next.clone());
                            *i += 1;
                        }
                    }
                }
                out.given.push((zip_name(opt), values));
            };
        if let Some(body) = text.strip_prefix("--") {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (body, None),
            };
            let name = name.strip_suffix('-').unwrap_or(name);
            let exact = ZIP_OPTIONS
                .iter()
                .find(|o| !o.long.is_empty() && o.long == name);
            let found = match exact {
                Some(o) => Some(o),
                None => {
                    let hits: Vec<&ZipOpt> = ZIP_OPTIONS
                        .iter()
                        .filter(|o| !o.long.is_empty() && o.long.starts_with(name))
                        .collect();
                    match hits.as_slice() {
                        [one] => Some(*one),
                        _ => None,
                    }
                }
            };
            match found {
                Some(opt) => take(opt, inline, &mut i, &mut out),
                None => {
                    out.problem.get_or_insert_with(|| {
                        format!("the option `{text}` is not one wicket knows")
                    });
                }
            }
            continue;
        }
        let body = &text[1..];
        let mut at = 0;
        while at < body.len() {
            let rest = &body[at..];
            let found = ZIP_OPTIONS
                .iter()
                .filter(|o| !o.short.is_empty() && rest.starts_with(o.short))
                .max_by_key(|o| o.short.len());
            let Some(opt) = found else {
                out.problem
                    .get_or_insert_with(|| format!("the option `-{rest}` is not one wicket knows"));
                break;
            };
            at += opt.short.len();
            if opt.negatable && body[at..].starts_with('-') {
                at += 1;
                continue;
            }
            if opt.takes != ZipTakes::Nothing {
                let inline = body[at..]
                    .strip_prefix('=')
                    .unwrap_or(&body[at..])
                    .to_owned();
                take(opt, Some(inline), &mut i, &mut out);
                break;
            }
            take(opt, None, &mut i, &mut out);
        }
    }
    out
}

pub const ZIP: Program = Program {
    names: &["zip"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: zip,
    examples: examples![
        (TargetWrite, "zip -r dist.zip dist"),
        (
            TargetWrite,
            "zip -qr site.zip . -x '*.git*' 'node_modules/*'",
        ),
        (TargetWrite, "zip -d dist.zip '*.map'"),
        (Read, "zip -sf dist.zip"),
        (Read, "zip -v"),
        (Read, "zip -r - src | wc -c"),
        (TargetWrite, "zip -T dist.zip README.md"),
        (
            Destructive,
            "zip -T --unzip-command='rm -rf /etc' a.zip README.md",
        ),
        (Destructive, "zip -TT 'rm -rf /etc' a.zip README.md"),
        (
            Destructive,
            "zip -T --unzip-c='rm -rf /etc' a.zip README.md",
        ),
        (Destructive, "zip ../../repo.git/config README.md"),
        (Destructive, "zip -mr x.zip ../../.wicket"),
        (
            Destructive,
            "zip a.zip README.md -lf ../../.wicket/trail.jsonl",
        ),
        (
            Destructive,
            "zip a.zip README.md --out ../../repo.git/packed-refs",
        ),
        (
            Destructive,
            "ZIPOPT='-O ../../repo.git/HEAD' zip a.zip README.md",
        ),
        (Secret, "zip -r h.zip ~"),
        (Secret, "zip k.zip ~/.ssh/id_rsa"),
        (Opaque, "zip -@ names.zip"),
        (Opaque, "zip -Q a.zip b"),
        (Opaque, "ZIP=$X zip a.zip b"),
    ],
    manual: "zip 3.0 (Info-ZIP): zip -h2 and zip -so (its own parser)",
};

fn zip(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let Some(words) = env_options(r, run, scope, &["ZIP", "ZIPOPT"]) else {
        return;
    };
    let p = zip_parse(&words);
    if let Some(problem) = &p.problem {
        r.note(
            Opaque,
            format!("{shown}: {problem} (wicket's description of zip)"),
        );
        return;
    }
    let shows = [
        "help",
        "H",
        "?",
        "more-help",
        "license",
        "show-files",
        "show-options",
        "show-command",
        "show-unicode",
        "show-just-unicode",
    ];
    if shows.iter().any(|k| p.has(k))
        || (p.operands.is_empty() && (p.has("verbose") || p.has("version")))
    {
        r.note(
            Read,
            format!("{shown} only shows what it would do, or its help"),
        );
        return;
    }
    if let Some(command) = p.last("unzip-command") {
        // `{}` stands for the temporary archive's name.
        let command = match command.text() {
            Some(text) => Arg::literal(&text.replace("{}", "zip-test.zip")),
            None => command.clone(),
        };
        r.runs_text(&command, scope, &format!("{shown}: zip's -TT"));
    }
    if let Some(dir) = p.last("temp-path") {
        r.change(dir, scope, Change::Write, Reach::Path, &shown);
    }
    if let Some(log) = p.last("logfile-path") {
        let change = if p.has("log-append") {
            Change::Write
        } else {
            Change::Overwrite
        };
        r.change(log, scope, change, Reach::Path, &shown);
    }
    for pattern in p.all("include").into_iter().chain(p.all("exclude")) {
        if let Some(list) = pattern.text().and_then(|t| t.strip_prefix('@')) {
            r.reads(&Arg::literal(list), scope, &shown);
        }
    }
    let mut operands = p.operands.iter();
    let archive = operands
        .next()
        .cloned()
        .unwrap_or_else(|| Arg::literal("-"));
    let paths: Vec<&Arg> = operands.collect();
    let internal = p.has("delete") || p.has("copy-entries");
    match p.last("output-file") {
        Some(out) => {
            r.reads(&archive, scope, &shown);
            r.change(out, scope, Change::Overwrite, Reach::Path, &shown);
        }
        None if archive.text() == Some("-") => {
            r.note(Read, format!("{shown} writes the archive to its output"));
        }
        None => r.change(&archive, scope, Change::Write, Reach::Path, &shown),
    }
    if internal {
        return;
    }
    if p.has("names-stdin") {
        r.note(
            Opaque,
            format!("{shown} archives the paths its input lists, which wicket cannot see"),
        );
    }
    let recursive = p.has("recurse-paths") || p.has("recurse-patterns");
    for path in paths.iter().filter(|a| a.text() != Some("-")) {
        if recursive {
            r.reads_tree(path, scope, &shown);
        } else {
            r.reads(path, scope, &shown);
        }
        if p.has("move") {
            let reach = if recursive { Reach::Tree } else { Reach::Path };
            r.change(path, scope, Change::Delete, reach, &shown);
        }
    }
}

// --------------------------------------------------------------- unzip

/// unzip's option letters (UnZip 6.00 as Debian builds it), and which take
/// a value.
const UNZIP_FLAGS: &str = "abBcCDefFhjKlLMnopqtTuUvVWxXz:^";
const UNZIP_VALUES: &str = "dPOI";

pub const UNZIP: Program = Program {
    names: &["unzip"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: unzip,
    examples: examples![
        (Opaque, "unzip -q x.zip -d vendor"),
        (Opaque, "unzip -o release.zip"),
        (Opaque, "unzip -o a.zip f.txt -d out -x nothing"),
        (Read, "unzip -l x.zip"),
        (Read, "unzip -p x.zip config.json | jq ."),
        (Read, "unzip -qql x.zip"),
        (Read, "unzip -t x.zip"),
        (Destructive, "unzip -d../.. evil.zip"),
        (Destructive, "unzip -qod ../.. evil.zip"),
        (Destructive, "unzip evil.zip -d ../../repo.git"),
        (Destructive, "unzip -o evil.zip -d{ws}"),
        (Destructive, "UNZIP='-d ../..' unzip evil.zip"),
        (Destructive, "UNZIPOPT=-d../../.wicket unzip evil.zip"),
        (Opaque, "unzip -: evil.zip"),
        (Opaque, "UNZIP=$OPTS unzip x.zip"),
        (Opaque, "unzip -k x.zip"),
        (OpenWorld, "unzip x.zip -d /tmp/x"),
        (Opaque, "unzip a.zip -o"),
    ],
    manual: "UnZip 6.00 (Debian): unzip -hh, and each letter tried on this machine",
};

fn unzip(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let Some(words) = env_options(r, run, scope, &["UNZIP", "UNZIPOPT"]) else {
        return;
    };
    let mut letters: Vec<char> = Vec::new();
    let mut exdir: Option<Arg> = None;
    let mut i = 0;
    // Options come first, each word a bundle of letters.
    while i < words.len() {
        let arg = &words[i];
        let Some(text) = arg.text() else {
            if arg.shown.starts_with(['$', '"', '\'', '`', '-']) {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: unzip's word `{}` is only known when it runs, and could be an option",
                        arg.shown
                    ),
                );
                return;
            }
            break;
        };
        if !text.starts_with('-') || text == "-" {
            break;
        }
        i += 1;
        let chars: Vec<char> = text.chars().skip(1).collect();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            k += 1;
            if c == '-' {
                continue;
            }
            if UNZIP_VALUES.contains(c) {
                let rest: String = chars[k..].iter().collect();
                let value = if rest.is_empty() {
                    let Some(next) = words.get(i) else {
                        r.note(Opaque, format!("{shown}: unzip's -{c} needs a value"));
                        return;
                    };
                    i += 1;
                    next.clone()
                } else {
                    Arg::literal(&rest)
                };
                if c == 'd' {
                    exdir = Some(value);
                }
                letters.push(c);
                break;
            }
            if c == 'Z' && letters.is_empty() {
                r.note(Read, format!("{shown} lists an archive (zipinfo mode)"));
                return;
            }
            if !UNZIP_FLAGS.contains(c) {
                r.note(
                    Opaque,
                    format!("{shown}: unzip's option `-{c}` is not one wicket's description of unzip knows"),
                );
                return;
            }
            letters.push(c);
        }
    }
    if letters.contains(&'h') {
        r.note(Read, format!("{shown} prints its help"));
        return;
    }
    let Some(archive) = words.get(i) else {
        r.note(
            Read,
            format!("{shown} names no archive, so unzip prints its usage"),
        );
        return;
    };
    r.reads(archive, scope, &shown);
    // After the archive: members, `-x` excludes, and `-d` (attached or not).
    let mut k = i + 1;
    while k < words.len() {
        if let Some(text) = words[k].text() {
            if let Some(dir) = text.strip_prefix("-d") {
                if dir.is_empty() {
                    if let Some(next) = words.get(k + 1) {
                        exdir = Some(next.clone());
                        k += 1;
                    }
                } else {
                    exdir = Some(Arg::literal(dir));
                }
            }
        } else if words[k].shown.starts_with(['$', '"']) {
            r.note(
                Opaque,
                format!(
                    "{shown}: unzip's word `{}` is only known when it runs, and could be -d",
                    words[k].shown
                ),
            );
            return;
        }
        k += 1;
    }
    if letters
        .iter()
        .any(|c| matches!(c, 'l' | 'v' | 't' | 'z' | 'p' | 'c'))
    {
        r.note(Read, format!("{shown} lists, tests or prints an archive"));
        return;
    }
    if letters.contains(&'T') {
        r.change(archive, scope, Change::Write, Reach::Path, &shown);
        return;
    }
    if letters.contains(&':') {
        r.note(
            Opaque,
            format!("{shown} extracts members named with `..` (-:): where they land is only known when it runs"),
        );
        return;
    }
    let dir = exdir.unwrap_or_else(|| Arg::literal("."));
    let change = if letters.contains(&'n') {
        Change::Write
    } else {
        Change::Overwrite
    };
    r.fills_with_unseen(&dir, scope, change, false, &shown);
}

pub const FUNZIP: Program = Program {
    names: &["funzip", "zipinfo"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: funzip,
    examples: examples![
        (Read, "funzip x.zip | head"),
        (Read, "zipinfo -1 x.zip"),
        (Secret, "zipinfo ~/.ssh/keys.zip"),
    ],
    manual: "funzip 3.95 and zipinfo 3.00 (Info-ZIP): each prints, neither writes a file",
};

/// funzip prints the first member; zipinfo lists: both only read.
fn funzip(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    for arg in run.inv.argv.iter().skip(1) {
        if !arg.text().is_some_and(|t| t.starts_with('-')) {
            r.reads(arg, scope, &shown);
        }
    }
    r.note(Read, format!("{shown} prints what an archive holds"));
}

// ------------------------------------------------------------------ 7z

pub const SEVEN_ZIP: Program = Program {
    names: &["7z", "7za", "7zr", "7zz"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: seven_zip,
    examples: examples![
        (Opaque, "7z x archive.7z -ovendor"),
        (TargetWrite, "7z a dist.7z dist"),
        (Read, "7z l archive.7z"),
        (Read, "7z x archive.7z -so | tar t"),
        (Destructive, "7z x evil.7z -o../.."),
        (Destructive, "7z e evil.7z -o../../repo.git/hooks -y"),
        (Destructive, "7z a -sdel x.7z ../../.wicket"),
        (Destructive, "7z a ../../repo.git/config README.md"),
        (Opaque, "7z x evil.7z -spf"),
        (Opaque, "7z a x.7z @list.txt"),
        (Opaque, "7z x a.7z -zz"),
        (Secret, "7z a k.7z ~/.ssh"),
    ],
    manual: "7-Zip 16.02 / 7zz 23 command line (7-zip.chm): not installed here",
};

/// 7-Zip's switches, by their lowercase prefix: whether the rest of the
/// switch is a value (attached only) or a flag with optional variants.
const SEVEN_SWITCHES: &[&str] = &[
    "ai", "an", "ao", "ax", "bb", "bd", "bs", "bt", "i", "m", "o", "p", "r", "sa", "scc", "scrc",
    "scs", "sdel", "seml", "sfx", "si", "slp", "slt", "snh", "snl", "sni", "sns", "so", "spd",
    "spe", "spf", "ssc", "sse", "ssp", "ssw", "stl", "stm", "stx", "t", "u", "v", "w", "x", "y",
];

fn seven_zip(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut switches: Vec<(String, String)> = Vec::new();
    let mut words: Vec<Arg> = Vec::new();
    let mut only_words = false;
    for arg in run.inv.argv.iter().skip(1) {
        let Some(text) = arg.text() else {
            if arg.shown.starts_with(['$', '"', '\'', '`', '-']) {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: 7z's word `{}` is only known when it runs, and could be a switch",
                        arg.shown
                    ),
                );
                return;
            }
            words.push(arg.clone());
            continue;
        };
        if only_words || !text.starts_with('-') || text == "-" {
            words.push(arg.clone());
            continue;
        }
        if text == "--" {
            only_words = true;
            continue;
        }
        let body = text[1..].to_owned();
        let lower = body.to_ascii_lowercase();
        // The longest switch name that starts the word.
        let Some(name) = SEVEN_SWITCHES
            .iter()
            .filter(|s| lower.starts_with(**s))
            .max_by_key(|s| s.len())
        else {
            r.note(
                Opaque,
                format!(
                    "{shown}: 7z's switch `{text}` is not one wicket's description of 7z knows"
                ),
            );
            return;
        };
        switches.push(((*name).to_owned(), body[name.len()..].to_owned()));
    }
    let has = |n: &str| switches.iter().any(|(k, _)| k == n);
    let value = |n: &str| {
        switches
            .iter()
            .rev()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.clone())
    };
    let mut words = words.into_iter();
    let Some(command) = words.next() else {
        r.note(Read, format!("{shown} prints its usage"));
        return;
    };
    let Some(command) = command.text().map(str::to_ascii_lowercase) else {
        r.note(
            Opaque,
            format!("{shown}: 7z's command is only known when it runs"),
        );
        return;
    };
    let archive = words.next();
    let files: Vec<Arg> = words.collect();
    if files
        .iter()
        .any(|f| f.text().is_some_and(|t| t.starts_with('@')))
        || switches
            .iter()
            .any(|(k, v)| matches!(k.as_str(), "i" | "x" | "ai" | "ax") && v.contains('@'))
    {
        for list in files
            .iter()
            .filter_map(|f| f.text().and_then(|t| t.strip_prefix('@')))
        {
            r.reads(&Arg::literal(list), scope, &shown);
        }
        if matches!(command.as_str(), "a" | "u") {
            r.note(
                Opaque,
                format!("{shown} archives the paths a list file names, which wicket cannot see"),
            );
            return;
        }
    }
    if let Some(dir) = value("w").filter(|d| !d.is_empty()) {
        r.change(
            &Arg::literal(&dir),
            scope,
            Change::Write,
            Reach::Path,
            &shown,
        );
    }
    match command.as_str() {
        "a" | "u" => {
            if let Some(archive) = &archive {
                r.change(archive, scope, Change::Write, Reach::Path, &shown);
            }
            if let Some(new) = switches
                .iter()
                .filter(|(k, _)| k == "u")
                .find_map(|(_, v)| v.split_once('!').map(|(_, n)| n.to_owned()))
            {
                r.change(
                    &Arg::literal(&new),
                    scope,
                    Change::Overwrite,
                    Reach::Path,
                    &shown,
                );
            }
            for file in &files {
                r.reads_tree(file, scope, &shown);
                if has("sdel") {
                    r.change(file, scope, Change::Delete, Reach::Tree, &shown);
                }
            }
        }
        "d" | "rn" => {
            if let Some(archive) = &archive {
                r.change(archive, scope, Change::Overwrite, Reach::Path, &shown);
            }
        }
        "e" | "x" => {
            if let Some(archive) = &archive {
                r.reads(archive, scope, &shown);
            }
            if has("so") {
                r.note(Read, format!("{shown} extracts to its output"));
                return;
            }
            if has("spf") {
                r.note(
                    Opaque,
                    format!("{shown} extracts to the full paths stored in the archive (-spf): where they land is only known when it runs"),
                );
                return;
            }
            let dir = value("o")
                .filter(|d| !d.is_empty())
                .map(|d| Arg::literal(&d))
                .unwrap_or_else(|| Arg::literal("."));
            let keeps = value("ao").is_some_and(|m| matches!(m.as_str(), "s" | "u" | "t"));
            let change = if keeps {
                Change::Write
            } else {
                Change::Overwrite
            };
            r.fills_with_unseen(&dir, scope, change, false, &shown);
        }
        "l" | "t" | "h" | "i" | "b" => {
            if let Some(archive) = &archive {
                r.reads(archive, scope, &shown);
            }
            r.note(Read, format!("{shown} lists, tests or hashes"));
        }
        other => r.note(
            Opaque,
            format!("{shown}: `{other}` is not a 7z command wicket knows"),
        ),
    }
}

// ---------------------------------------------------------------- cpio

const CPIO_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("extract", "i", &["extract"]),
        flag("create", "o", &["create"]),
        flag("pass-through", "p", &["pass-through"]),
        flag("list", "t", &["list"]),
        value("block-size", "", &["block-size"]),
        flag("B", "B", &[]),
        flag("c", "c", &[]),
        value("io-size", "C", &["io-size"]),
        flag("force-local", "", &["force-local"]),
        flag("nonmatching", "f", &["nonmatching"]),
        value("file", "F", &["file"]),
        value("format", "H", &["format"]),
        value("message", "M", &["message"]),
        flag("quiet", "", &["quiet"]),
        value("rsh-command", "", &["rsh-command"]),
        flag("verbose", "v", &["verbose"]),
        flag("dot", "V", &["dot"]),
        value("warning", "W", &["warning"]),
        value("O", "O", &[]),
        flag("swap", "b", &["swap"]),
        flag("rename", "r", &["rename"]),
        flag("swap-bytes", "s", &["swap-bytes"]),
        flag("swap-halfwords", "S", &["swap-halfwords"]),
        flag("to-stdout", "", &["to-stdout"]),
        value("pattern-file", "E", &["pattern-file"]),
        flag("only-verify-crc", "", &["only-verify-crc"]),
        value("I", "I", &[]),
        flag("append", "A", &["append"]),
        flag(
            "device-independent",
            "",
            &["device-independent", "reproducible"],
        ),
        flag("ignore-devno", "", &["ignore-devno"]),
        flag("renumber-inodes", "", &["renumber-inodes"]),
        flag("link", "l", &["link"]),
        flag("absolute-filenames", "", &["absolute-filenames"]),
        flag("no-absolute-filenames", "", &["no-absolute-filenames"]),
        flag("null", "0", &["null"]),
        flag("reset-access-time", "a", &["reset-access-time"]),
        flag("dereference", "L", &["dereference"]),
        flag("make-directories", "d", &["make-directories"]),
        flag(
            "preserve-modification-time",
            "m",
            &["preserve-modification-time"],
        ),
        flag("no-preserve-owner", "", &["no-preserve-owner"]),
        flag("sparse", "", &["sparse"]),
        flag("unconditional", "u", &["unconditional"]),
        value("owner", "R", &["owner"]),
        value("directory", "D", &["directory"]),
        flag("numeric-uid-gid", "n", &["numeric-uid-gid"]),
        value("rename-batch-file", "", &["rename-batch-file"]),
        flag("extract-over-symlinks", "", &["extract-over-symlinks"]),
        flag("help", "?", &["help"]),
        flag("usage", "", &["usage"]),
        flag("version", "", &["version"]),
    ],
};

pub const CPIO: Program = Program {
    names: &["cpio", "bsdcpio"],
    syntax: Syntax::Grammar(CPIO_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: cpio,
    examples: examples![
        (Read, "cpio -t < initrd.cpio"),
        (Read, "cpio -i --to-stdout etc/os-release < x.cpio"),
        (Opaque, "cpio -idm --no-absolute-filenames < x.cpio"),
        (Opaque, "cpio -idm < x.cpio"),
        (Opaque, "find . | cpio -o > x.cpio"),
        (
            Destructive,
            "cpio -id --no-absolute-filenames -D ../.. < x.cpio",
        ),
        (Destructive, "cpio -o -F ../../repo.git/config < /dev/null"),
    ],
    manual: "GNU cpio 2.13 (cpio --help, from its manual): not installed here",
};

fn cpio(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "usage", "version"]) {
        return;
    }
    let shown = run.shown();
    if let Some(command) = p.last("rsh-command") {
        r.runs_text(command, scope, &format!("{shown}: cpio's --rsh-command"));
    }
    if let Some(file) = p.last("pattern-file") {
        r.reads(file, scope, &shown);
    }
    if let Some(file) = p.last("rename-batch-file") {
        r.reads(file, scope, &shown);
    }
    let remote = |a: &Arg| !p.has("force-local") && a.text().is_some_and(remote_archive);
    let archive_in = p.last("file").or_else(|| p.last("I")).cloned();
    let archive_out = p.last("file").or_else(|| p.last("O")).cloned();
    if p.has("create") {
        if let Some(out) = &archive_out {
            if remote(out) {
                r.note(
                    OpenWorld,
                    format!("{shown} writes an archive on another host"),
                );
            } else {
                let change = if p.has("append") {
                    Change::Write
                } else {
                    Change::Overwrite
                };
                r.change(out, scope, change, Reach::Path, &shown);
            }
        }
        r.note(
            Opaque,
            format!("{shown} archives the paths its input lists, which wicket cannot see"),
        );
        return;
    }
    if p.has("pass-through") {
        r.note(
            Opaque,
            format!("{shown} copies the paths its input lists, which wicket cannot see"),
        );
        return;
    }
    if let Some(input) = &archive_in {
        if remote(input) {
            r.note(
                OpenWorld,
                format!("{shown} reads an archive on another host"),
            );
        } else {
            r.reads(input, scope, &shown);
        }
    }
    if p.has("list") || p.has("to-stdout") || p.has("only-verify-crc") || !p.has("extract") {
        r.note(Read, format!("{shown} lists or prints an archive"));
        return;
    }
    if !p.has("no-absolute-filenames") {
        r.note(
            Opaque,
            format!("{shown} extracts members by the names stored in the archive, absolute or with `..`, unless --no-absolute-filenames: where they land is only known when it runs"),
        );
        return;
    }
    let dir = p
        .last("directory")
        .cloned()
        .unwrap_or_else(|| Arg::literal("."));
    let change = if p.has("unconditional") {
        Change::Overwrite
    } else {
        Change::Write
    };
    r.fills_with_unseen(&dir, scope, change, false, &shown);
}

// ------------------------------------------------------------------ ar

pub const AR: Program = Program {
    names: &["ar"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: ar,
    examples: examples![
        (TargetWrite, "ar rcs libfoo.a foo.o bar.o"),
        (Read, "ar t libfoo.a"),
        (Read, "ar -tv libfoo.a"),
        (Opaque, "ar x libfoo.a"),
        (Destructive, "ar x libfoo.a --output=../../repo.git/hooks"),
        (Destructive, "ar rcs ../../repo.git/config foo.o"),
        (Opaque, "ar x libfoo.a --plugin ./evil.so"),
        (Opaque, "ar @opts.txt"),
        (Opaque, "ar -M < script.mri"),
    ],
    manual: "GNU ar (binutils) 2.40: ar --help",
};

fn ar(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut key: Option<String> = None;
    let mut output: Option<Arg> = None;
    let mut positional: Vec<Arg> = Vec::new();
    let mut words = run.inv.argv.iter().skip(1).peekable();
    while let Some(arg) = words.next() {
        let Some(text) = arg.text() else {
            if key.is_none() || arg.shown.starts_with(['$', '"', '\'', '`', '-']) {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: ar's word `{}` is only known when it runs",
                        arg.shown
                    ),
                );
                return;
            }
            positional.push(arg.clone());
            continue;
        };
        if let Some(file) = text.strip_prefix('@') {
            r.note(
                Opaque,
                format!("{shown} reads more options from {file}, which wicket cannot see"),
            );
            return;
        }
        if let Some(long) = text.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(Arg::literal(v))),
                None => (long, None),
            };
            let mut value = || inline.clone().or_else(|| words.next().cloned());
            match name {
                "plugin" => {
                    r.note(
                        Opaque,
                        format!("{shown} loads a plugin, code wicket cannot read"),
                    );
                    return;
                }
                "output" => output = value(),
                "target" | "record-libdeps" => {
                    value();
                }
                "thin" => {}
                "help" | "version" => {
                    r.note(Read, format!("{shown} prints its help or version"));
                    return;
                }
                _ => {
                    r.note(
                        Opaque,
                        format!("{shown}: ar's option `{text}` is not one wicket's description of ar knows"),
                    );
                    return;
                }
            }
            continue;
        }
        if key.is_none() {
            let letters = text.strip_prefix('-').unwrap_or(text);
            if letters == "M" {
                r.note(
                    Opaque,
                    format!("{shown} runs an MRI script from its input, which wicket cannot see"),
                );
                return;
            }
            if letters == "V" || letters == "h" || letters == "H" {
                r.note(Read, format!("{shown} prints its help or version"));
                return;
            }
            if letters.is_empty()
                || !letters
                    .chars()
                    .all(|c| "dmpqrstxabcDfilMNoOPsSTuUvV".contains(c))
            {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: ar's key `{text}` is not one wicket's description of ar knows"
                    ),
                );
                return;
            }
            key = Some(letters.to_owned());
            continue;
        }
        if text.starts_with('-') && text.len() > 1 && positional.is_empty() {
            // More modifiers given apart (`ar -r -c x.a`).
            let more = &text[1..];
            if !more.chars().all(|c| "abcDfilMNoOPsSTuUvV".contains(c)) {
                r.note(
                    Opaque,
                    format!("{shown}: ar's modifier `{text}` is not one wicket's description of ar knows"),
                );
                return;
            }
            if let Some(k) = &mut key {
                k.push_str(more);
            }
            continue;
        }
        positional.push(arg.clone());
    }
    let Some(key) = key else {
        r.note(
            Read,
            format!("{shown} names no operation, so ar prints its usage"),
        );
        return;
    };
    // Modifiers that take a positional before the archive.
    let skip = key
        .chars()
        .filter(|c| matches!(c, 'a' | 'b' | 'i' | 'N' | 'l'))
        .count();
    let mut rest = positional.into_iter().skip(skip);
    let Some(archive) = rest.next() else {
        r.note(Read, format!("{shown} names no archive"));
        return;
    };
    let members: Vec<Arg> = rest.collect();
    let op = key.chars().find(|c| "dmpqrstx".contains(*c)).unwrap_or('t');
    match op {
        'd' | 'm' | 's' => r.change(&archive, scope, Change::Write, Reach::Path, &shown),
        'q' | 'r' => {
            r.change(&archive, scope, Change::Write, Reach::Path, &shown);
            for member in &members {
                r.reads(member, scope, &shown);
            }
        }
        'x' => {
            r.reads(&archive, scope, &shown);
            let dir = output.unwrap_or_else(|| Arg::literal("."));
            if members.is_empty() || key.contains('P') {
                r.fills_with_unseen(&dir, scope, Change::Overwrite, false, &shown);
            } else {
                for member in &members {
                    r.change(
                        &relative_to(&dir, member),
                        scope,
                        Change::Overwrite,
                        Reach::Path,
                        &shown,
                    );
                }
            }
        }
        _ => {
            r.reads(&archive, scope, &shown);
            r.note(Read, format!("{shown} lists or prints an archive"));
        }
    }
}

// ---------------------------------------------------------- compressors

/// How one compressor works in place.
struct Squeeze {
    /// The suffix it adds (`.gz`).
    suffix: &'static str,
    /// Other suffixes it strips when decompressing.
    strips: &'static [&'static str],
    /// Whether it removes the input after success by default.
    removes: bool,
}

/// What a compressor's options asked for.
#[derive(Default)]
struct Pressed {
    decompress: bool,
    to_stdout: bool,
    only_reads: bool,
    keep: bool,
    remove: bool,
    force: bool,
    recursive: bool,
    restore_name: bool,
    suffix: Option<Arg>,
    output: Option<Arg>,
    output_dir: Option<Arg>,
    /// Files whose list of names is read elsewhere (`--files`, `--filelist`).
    names_from: Option<Arg>,
}

fn squeeze(
    r: &mut Reader,
    run: &Run,
    how: &Squeeze,
    pressed: &Pressed,
    files: &[Arg],
    scope: &Scope,
) {
    let shown = run.shown();
    if let Some(list) = &pressed.names_from {
        if list.text() != Some("-") {
            r.reads(list, scope, &shown);
        }
        if !pressed.to_stdout && !pressed.only_reads {
            r.note(
                Opaque,
                format!(
                    "{shown} works in place on the files listed in {}, which wicket cannot see",
                    list.shown
                ),
            );
            return;
        }
    }
    let files: Vec<&Arg> = files.iter().filter(|f| f.text() != Some("-")).collect();
    if files.is_empty() && pressed.output.is_none() {
        r.note(Read, format!("{shown} turns its input into its output"));
        return;
    }
    for file in &files {
        r.reads(file, scope, &shown);
    }
    if pressed.only_reads || pressed.to_stdout {
        if files.is_empty() || pressed.only_reads || pressed.to_stdout {
            r.note(Read, format!("{shown} only reads the files it names"));
        }
        return;
    }
    let remove = (how.removes || pressed.remove) && !pressed.keep;
    let write = if pressed.force {
        Change::Overwrite
    } else {
        Change::Write
    };
    if let Some(output) = &pressed.output {
        r.change(output, scope, write, Reach::Path, &shown);
    }
    let suffix = pressed
        .suffix
        .as_ref()
        .and_then(|s| s.text().map(str::to_owned))
        .unwrap_or_else(|| how.suffix.to_owned());
    if pressed.suffix.as_ref().is_some_and(|s| s.text().is_none()) {
        r.note(
            Opaque,
            format!("{shown} uses a suffix only known when it runs"),
        );
    }
    for file in &files {
        if pressed.recursive && r.is_directory(file, scope) {
            let change = if remove {
                Change::Delete
            } else {
                Change::Write
            };
            r.change(file, scope, change, Reach::Tree, &shown);
            if let Some(dir) = &pressed.output_dir {
                r.change(dir, scope, write, Reach::Tree, &shown);
            }
            continue;
        }
        if remove {
            r.change(file, scope, Change::Delete, Reach::Path, &shown);
        }
        if pressed.output.is_some() {
            continue;
        }
        let made = match file.text() {
            Some(name) if pressed.decompress => {
                let stripped = std::iter::once(suffix.as_str())
                    .chain(how.strips.iter().copied())
                    .filter(|s| !s.is_empty())
                    .find_map(|s| name.strip_suffix(s));
                match stripped {
                    Some(base) if !base.ends_with('/') && !base.is_empty() => Arg::literal(base),
                    // No suffix it knows: the name itself is the output
                    // (gzip looks for NAME.gz and writes NAME).
                    _ => Arg::literal(name),
                }
            }
            Some(name) => Arg::literal(&format!("{name}{suffix}")),
            None => Arg {
                values: None,
                glob: false,
                shown: format!("{}{suffix}", file.shown),
            },
        };
        let made = match &pressed.output_dir {
            Some(dir) => {
                let base = made
                    .text()
                    .map(|t| t.rsplit('/').next().unwrap_or(t).to_owned());
                match base {
                    Some(base) => under(dir, &base),
                    None => made.clone(),
                }
            }
            None => made,
        };
        if pressed.restore_name && pressed.decompress {
            // The name comes from the compressed file's header, in the same
            // directory: a name the archive chose, which wicket does not
            // see (`gunzip -Nf x.gz` at the worktree's top wrote the `.git`
            // stored in the header over the worktree's gitfile; verified
            // under dash).
            let dir = match made.text() {
                Some(t) => match t.rsplit_once('/') {
                    Some(("", _)) => Arg::literal("/"),
                    Some((d, _)) => Arg::literal(d),
                    None => Arg::literal("."),
                },
                None => made.clone(),
            };
            r.fills_with_unseen(&dir, scope, write, false, &shown);
        } else {
            r.change(&made, scope, write, Reach::Path, &shown);
        }
    }
}

/// The options an environment variable gives a compressor (`GZIP`,
/// `BZIP2`, `XZ_OPT`), put in front of the command line's; `None` (noted
/// opaque) when they cannot be known.
fn env_options(r: &mut Reader, run: &Run, scope: &Scope, names: &[&str]) -> Option<Vec<Arg>> {
    let mut words = Vec::new();
    for name in names {
        match env_var(scope, name) {
            None => {}
            Some(text) => match text.as_deref().and_then(split_words) {
                Some(split) => words.extend(split.iter().map(|w| Arg::literal(w))),
                None => {
                    r.note(
                        Opaque,
                        format!(
                            "{}: {name} gives {} options only known when it runs",
                            run.shown(),
                            run.name
                        ),
                    );
                    return None;
                }
            },
        }
    }
    let mut all = words;
    all.extend(run.inv.argv.get(1..).unwrap_or(&[]).iter().cloned());
    Some(all)
}

const GZIP_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("stdout", "c", &["stdout", "to-stdout"]),
        flag("decompress", "d", &["decompress", "uncompress"]),
        flag("force", "f", &["force"]),
        flag("help", "h", &["help"]),
        flag("keep", "k", &["keep"]),
        flag("list", "l", &["list"]),
        flag("license", "L", &["license"]),
        flag("no-name", "n", &["no-name"]),
        flag("name", "N", &["name"]),
        flag("quiet", "q", &["quiet", "silent"]),
        flag("recursive", "r", &["recursive"]),
        flag("rsyncable", "", &["rsyncable"]),
        value("suffix", "S", &["suffix"]),
        flag("synchronous", "", &["synchronous"]),
        flag("test", "t", &["test"]),
        flag("verbose", "v", &["verbose"]),
        flag("version", "V", &["version"]),
        flag("fast", "1", &["fast"]),
        flag("level", "2345678", &[]),
        flag("best", "9", &["best"]),
        flag("ascii", "a", &["ascii"]),
        flag("lzw", "Z", &["lzw"]),
        value("bits", "b", &["bits"]),
        flag("no-time", "", &["no-time"]),
    ],
};

pub const GZIP: Program = Program {
    names: &["gzip", "gunzip", "uncompress"],
    syntax: Syntax::Grammar(GZIP_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: gzip,
    examples: examples![
        (Read, "gzip -dc x.gz | head"),
        (Read, "zcat x.gz | head"),
        (Read, "gzip -c README.md > /dev/null"),
        (Read, "gzip -t x.gz"),
        (Read, "gzip < README.md | wc -c"),
        (TargetWrite, "gzip build.log"),
        (TargetWrite, "gunzip data.csv.gz"),
        (TargetWrite, "gzip -k -9 README.md"),
        (TargetWrite, "gzip -r target/doc"),
        (Destructive, "gzip ../../repo.git/config"),
        (Destructive, "gzip -r ../.."),
        (Destructive, "gzip -kS .x ../../repo.git/config"),
        (Destructive, "gunzip ../../repo.git/objects/pack.gz"),
        (Destructive, "gzip /etc/hostname"),
        (Destructive, "gzip --rec ../../.wicket"),
        (OpenWorld, "gzip /tmp/build.log"),
        (Opaque, "GZIP=$OPTS gzip x"),
        (Opaque, "gunzip -Nf x.gz"),
        (Opaque, "gzip -d --name x.gz"),
        (Read, "gzip -dNc x.gz"),
        (Secret, "gzip -c ~/.ssh/id_rsa > k.gz"),
    ],
    manual: "gzip 1.12: gzip --help",
};

fn gzip(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let Some(words) = env_options(r, run, scope, &["GZIP"]) else {
        return;
    };
    let Some(p) = parse_or_hold(r, run, &GZIP_GRAMMAR, &words) else {
        return;
    };
    if prints_only(r, run, &p, &["help", "version", "license"]) {
        return;
    }
    let pressed = Pressed {
        decompress: p.has("decompress") || matches!(run.name, "gunzip" | "zcat" | "uncompress"),
        to_stdout: p.has("stdout") || run.name == "zcat",
        only_reads: p.has("list") || p.has("test"),
        keep: p.has("keep"),
        force: p.has("force"),
        recursive: p.has("recursive"),
        restore_name: p.has("name"),
        suffix: p.last("suffix").cloned(),
        ..Pressed::default()
    };
    let how = Squeeze {
        suffix: ".gz",
        strips: &[".gz", ".z", "-gz", "-z", "_z", ".tgz", ".taz", ".Z"],
        removes: true,
    };
    squeeze(r, run, &how, &pressed, &p.operand_args(), scope);
}

const BZIP2_OPTIONS: &[Opt] = &[
    flag("help", "h", &["help"]),
    flag("decompress", "d", &["decompress"]),
    flag("compress", "z", &["compress"]),
    flag("keep", "k", &["keep"]),
    flag("force", "f", &["force"]),
    flag("test", "t", &["test"]),
    flag("stdout", "c", &["stdout"]),
    flag("quiet", "q", &["quiet"]),
    flag("verbose", "v", &["verbose"]),
    flag("license", "L", &["license"]),
    flag("version", "V", &["version"]),
    flag("small", "s", &["small"]),
    flag("fast", "1", &["fast"]),
    flag("level", "2345678", &[]),
    flag("best", "9", &["best"]),
    flag("repetitive-fast", "", &["repetitive-fast"]),
    flag("repetitive-best", "", &["repetitive-best"]),
    flag("exponential", "", &["exponential"]),
];

pub const BZIP2: Program = Program {
    names: &["bzip2", "bunzip2"],
    syntax: Syntax::Grammar(Grammar {
        // bzip2 reads flags anywhere, bundled, long ones only exactly.
        style: Style::CLAP,
        options: BZIP2_OPTIONS,
    }),
    output: None,
    lists_paths_under: None,
    read: bzip2,
    examples: examples![
        (Read, "bzcat x.bz2 | head"),
        (Read, "bzip2 -dc x.bz2 > /dev/null"),
        (TargetWrite, "bzip2 -9 dump.sql"),
        (TargetWrite, "bunzip2 dump.sql.bz2"),
        (Destructive, "bzip2 ../../repo.git/packed-refs"),
        (Destructive, "BZIP2=-k bzip2 ../../.wicket/trail.jsonl"),
        (Opaque, "bzip2 --dec x.bz2"),
    ],
    manual: "bzip2 1.0.8: bzip2 --help",
};

fn bzip2(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let Some(words) = env_options(r, run, scope, &["BZIP2", "BZIP"]) else {
        return;
    };
    let grammar = Grammar {
        style: Style::CLAP,
        options: BZIP2_OPTIONS,
    };
    let Some(p) = parse_or_hold(r, run, &grammar, &words) else {
        return;
    };
    if prints_only(r, run, &p, &["help", "version", "license"]) {
        return;
    }
    let decompress_name = matches!(run.name, "bunzip2" | "bzcat");
    let pressed = Pressed {
        decompress: (p.has("decompress") || decompress_name) && !p.has("compress"),
        to_stdout: p.has("stdout") || run.name == "bzcat",
        only_reads: p.has("test"),
        keep: p.has("keep"),
        force: p.has("force"),
        ..Pressed::default()
    };
    let how = Squeeze {
        suffix: ".bz2",
        strips: &[".bz2", ".bz", ".tbz2", ".tbz"],
        removes: true,
    };
    squeeze(r, run, &how, &pressed, &p.operand_args(), scope);
}

const XZ_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("compress", "z", &["compress"]),
        flag("decompress", "d", &["decompress", "uncompress"]),
        flag("test", "t", &["test"]),
        flag("list", "l", &["list"]),
        flag("keep", "k", &["keep"]),
        flag("force", "f", &["force"]),
        flag("stdout", "c", &["stdout", "to-stdout"]),
        flag("single-stream", "", &["single-stream"]),
        flag("no-sparse", "", &["no-sparse"]),
        value("suffix", "S", &["suffix"]),
        attached("files", "", &["files"]),
        attached("files0", "", &["files0"]),
        value("format", "F", &["format"]),
        value("check", "C", &["check"]),
        flag("ignore-check", "", &["ignore-check"]),
        flag("preset", "0123456789", &[]),
        flag("extreme", "e", &["extreme"]),
        flag("fast", "", &["fast"]),
        flag("best", "", &["best"]),
        value("threads", "T", &["threads"]),
        value("block-size", "", &["block-size"]),
        value("block-list", "", &["block-list"]),
        value("flush-timeout", "", &["flush-timeout"]),
        value("memlimit-compress", "", &["memlimit-compress"]),
        value("memlimit-decompress", "", &["memlimit-decompress"]),
        value("memlimit-mt-decompress", "", &["memlimit-mt-decompress"]),
        value("memlimit", "M", &["memlimit", "memory"]),
        flag("no-adjust", "", &["no-adjust"]),
        attached("lzma1", "", &["lzma1"]),
        attached("lzma2", "", &["lzma2"]),
        attached("x86", "", &["x86"]),
        attached("arm", "", &["arm"]),
        attached("armthumb", "", &["armthumb"]),
        attached("arm64", "", &["arm64"]),
        attached("powerpc", "", &["powerpc"]),
        attached("ia64", "", &["ia64"]),
        attached("sparc", "", &["sparc"]),
        attached("delta", "", &["delta"]),
        flag("quiet", "q", &["quiet"]),
        flag("verbose", "v", &["verbose"]),
        flag("no-warn", "Q", &["no-warn"]),
        flag("robot", "", &["robot"]),
        flag("info-memory", "", &["info-memory"]),
        flag("help", "h", &["help"]),
        flag("long-help", "H", &["long-help"]),
        flag("version", "V", &["version"]),
    ],
};

pub const XZ: Program = Program {
    names: &["xz", "unxz", "lzma", "unlzma"],
    syntax: Syntax::Grammar(XZ_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: xz,
    examples: examples![
        (Read, "xzcat x.xz | head"),
        (Read, "xz -dc x.tar.xz | tar t"),
        (Read, "xz -l x.xz"),
        (TargetWrite, "xz -T0 -9 dist/app.tar"),
        (TargetWrite, "unxz dist/app.tar.xz"),
        (Destructive, "xz ../../repo.git/config"),
        (Destructive, "xz -d --suffix=.cfg ../../repo.git/x.cfg"),
        (Destructive, "XZ_OPT=--keep xz ../../.wicket/trail.jsonl"),
        (Opaque, "xz --files=list.txt"),
        (Read, "xz --files=list.txt --test"),
    ],
    manual: "xz (XZ Utils) 5.4.1: xz --help, xz --long-help",
};

fn xz(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let Some(words) = env_options(r, run, scope, &["XZ_DEFAULTS", "XZ_OPT"]) else {
        return;
    };
    let Some(p) = parse_or_hold(r, run, &XZ_GRAMMAR, &words) else {
        return;
    };
    if prints_only(r, run, &p, &["help", "long-help", "version", "info-memory"]) {
        return;
    }
    let decompress_name = matches!(run.name, "unxz" | "xzcat" | "unlzma" | "lzcat");
    let names_from = p
        .options
        .iter()
        .find(|g| matches!(g.opt.key, "files" | "files0"))
        .map(|g| g.value.clone().unwrap_or_else(|| Arg::literal("-")));
    let pressed = Pressed {
        decompress: (p.has("decompress") || decompress_name) && !p.has("compress"),
        to_stdout: p.has("stdout") || matches!(run.name, "xzcat" | "lzcat"),
        only_reads: p.has("test") || p.has("list"),
        keep: p.has("keep"),
        force: p.has("force"),
        suffix: p.last("suffix").cloned(),
        names_from,
        ..Pressed::default()
    };
    let lzma = matches!(run.name, "lzma" | "unlzma" | "lzcat")
        || p.last("format").and_then(Arg::text) == Some("lzma");
    let how = Squeeze {
        suffix: if lzma { ".lzma" } else { ".xz" },
        strips: &[".xz", ".txz", ".lzma", ".tlz", ".lz"],
        removes: true,
    };
    squeeze(r, run, &how, &pressed, &p.operand_args(), scope);
}

// zstd and lz4 parse their own arguments: a short option that takes a value
// takes `=VALUE` or the next word (never the rest of its word, which is read
// as more options), numbers run on (`-19`, `-T0`, `-B4`), long options match
// exactly.

/// One option of a program with a parser of its own.
struct OwnOpt {
    key: &'static str,
    /// Short letter, if any.
    short: Option<char>,
    long: &'static [&'static str],
    takes: OwnTakes,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum OwnTakes {
    Nothing,
    /// `=VALUE` or the next word.
    Value,
    /// Digits run on (`-T4`).
    Number,
    /// `--long` or `--long=VALUE`.
    Optional,
}

const fn own(
    key: &'static str,
    short: Option<char>,
    long: &'static [&'static str],
    takes: OwnTakes,
) -> OwnOpt {
    OwnOpt {
        key,
        short,
        long,
        takes,
    }
}

/// What one of these parsers read.
#[derive(Default)]
struct OwnParsed {
    given: Vec<(&'static str, Option<Arg>)>,
    operands: Vec<Arg>,
    problem: Option<String>,
}

impl OwnParsed {
    fn has(&self, key: &str) -> bool {
        self.given.iter().any(|(k, _)| *k == key)
    }
    fn last(&self, key: &str) -> Option<&Arg> {
        self.given
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .and_then(|(_, v)| v.as_ref())
    }
}

/// Read words the way zstd's and lz4's command lines read them.
fn own_parse(options: &[OwnOpt], words: &[Arg]) -> OwnParsed {
    let mut out = OwnParsed::default();
    let mut i = 0;
    let mut only_files = false;
    while i < words.len() {
        let arg = &words[i];
        i += 1;
        if only_files {
            out.operands.push(arg.clone());
            continue;
        }
        let Some(text) = arg.text() else {
            if arg.shown.starts_with(['$', '"', '\'', '`', '-', '*']) {
                out.problem
                    .get_or_insert_with(|| format!("the word `{}` could be an option", arg.shown));
            }
            out.operands.push(arg.clone());
            continue;
        };
        if text == "-" || !text.starts_with('-') {
            out.operands.push(arg.clone());
            continue;
        }
        if text == "--" {
            only_files = true;
            continue;
        }
        if let Some(body) = text.strip_prefix("--") {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (body, None),
            };
            let Some(opt) = options.iter().find(|o| o.long.contains(&name)) else {
                out.problem
                    .get_or_insert_with(|| format!("the option `{text}` is not one wicket knows"));
                continue;
            };
            let value = match (opt.takes, inline) {
                (OwnTakes::Nothing, None) => None,
                (OwnTakes::Nothing, Some(_)) => {
                    out.problem
                        .get_or_insert_with(|| format!("the option `{text}` takes no value"));
                    continue;
                }
                (_, Some(v)) => Some(Arg::literal(v)),
                (OwnTakes::Optional, None) => None,
                (_, None) => match words.get(i) {
                    Some(next) => {
                        i += 1;
                        Some(next.clone())
                    }
                    None => {
                        out.problem
                            .get_or_insert_with(|| format!("the option `{text}` needs a value"));
                        continue;
                    }
                },
            };
            out.given.push((opt.key, value));
            continue;
        }
        let chars: Vec<char> = text.chars().skip(1).collect();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            k += 1;
            if c.is_ascii_digit() {
                while k < chars.len() && chars[k].is_ascii_digit() {
                    k += 1;
                }
                out.given.push(("level", None));
                continue;
            }
            let Some(opt) = options.iter().find(|o| o.short == Some(c)) else {
                out.problem
                    .get_or_insert_with(|| format!("the option `-{c}` is not one wicket knows"));
                break;
            };
            match opt.takes {
                OwnTakes::Nothing | OwnTakes::Optional => out.given.push((opt.key, None)),
                OwnTakes::Number => {
                    let start = k;
                    while k < chars.len() && (chars[k].is_ascii_alphanumeric()) {
                        k += 1;
                    }
                    let number: String = chars[start..k].iter().collect();
                    out.given.push((opt.key, Some(Arg::literal(&number))));
                }
                OwnTakes::Value => {
                    if chars.get(k) == Some(&'=') {
                        let v: String = chars[k + 1..].iter().collect();
                        out.given.push((opt.key, Some(Arg::literal(&v))));
                        k = chars.len();
                    } else {
                        match words.get(i) {
                            Some(next) => {
                                i += 1;
                                out.given.push((opt.key, Some(next.clone())));
                            }
                            None => {
                                out.problem.get_or_insert_with(|| {
                                    format!("the option `-{c}` needs a value")
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

fn own_or_hold(r: &mut Reader, run: &Run, options: &[OwnOpt], words: &[Arg]) -> Option<OwnParsed> {
    let parsed = own_parse(options, words);
    if let Some(problem) = &parsed.problem {
        r.note(
            Opaque,
            format!(
                "{}: {problem} (wicket's description of {})",
                run.shown(),
                run.name
            ),
        );
        return None;
    }
    Some(parsed)
}

const ZSTD_OPTIONS: &[OwnOpt] = &[
    own("output", Some('o'), &[], OwnTakes::Value),
    own("keep", Some('k'), &["keep"], OwnTakes::Nothing),
    own("rm", None, &["rm"], OwnTakes::Nothing),
    own(
        "decompress",
        Some('d'),
        &["decompress", "uncompress"],
        OwnTakes::Nothing,
    ),
    own("compress", Some('z'), &["compress"], OwnTakes::Nothing),
    own("dict", Some('D'), &[], OwnTakes::Value),
    own("force", Some('f'), &["force"], OwnTakes::Nothing),
    own("help", Some('h'), &[], OwnTakes::Nothing),
    own("help", Some('H'), &["help"], OwnTakes::Nothing),
    own("version", Some('V'), &["version"], OwnTakes::Nothing),
    own("stdout", Some('c'), &["stdout"], OwnTakes::Nothing),
    own("verbose", Some('v'), &["verbose"], OwnTakes::Nothing),
    own("quiet", Some('q'), &["quiet"], OwnTakes::Nothing),
    own("n", Some('n'), &[], OwnTakes::Nothing),
    own(
        "check",
        Some('C'),
        &["check", "no-check"],
        OwnTakes::Nothing,
    ),
    own("trace", None, &["trace"], OwnTakes::Value),
    own(
        "progress",
        None,
        &["progress", "no-progress"],
        OwnTakes::Nothing,
    ),
    own("recursive", Some('r'), &[], OwnTakes::Nothing),
    own("filelist", None, &["filelist"], OwnTakes::Value),
    own(
        "output-dir-flat",
        None,
        &["output-dir-flat"],
        OwnTakes::Value,
    ),
    own(
        "output-dir-mirror",
        None,
        &["output-dir-mirror"],
        OwnTakes::Value,
    ),
    own(
        "asyncio",
        None,
        &["asyncio", "no-asyncio"],
        OwnTakes::Nothing,
    ),
    own("ultra", None, &["ultra"], OwnTakes::Nothing),
    own("fast", None, &["fast"], OwnTakes::Optional),
    own("adapt", None, &["adapt"], OwnTakes::Optional),
    own("long", None, &["long"], OwnTakes::Optional),
    own("patch-from", None, &["patch-from"], OwnTakes::Value),
    own("threads", Some('T'), &["threads"], OwnTakes::Number),
    own("single-thread", None, &["single-thread"], OwnTakes::Nothing),
    own("auto-threads", None, &["auto-threads"], OwnTakes::Value),
    own("block-size", Some('B'), &["block-size"], OwnTakes::Number),
    own("rsyncable", None, &["rsyncable"], OwnTakes::Nothing),
    own(
        "exclude-compressed",
        None,
        &["exclude-compressed"],
        OwnTakes::Nothing,
    ),
    own("stream-size", None, &["stream-size"], OwnTakes::Value),
    own("size-hint", None, &["size-hint"], OwnTakes::Value),
    own(
        "target-compressed-block-size",
        None,
        &["target-compressed-block-size"],
        OwnTakes::Value,
    ),
    own("no-dictID", None, &["no-dictID"], OwnTakes::Nothing),
    own(
        "compress-literals",
        None,
        &["compress-literals", "no-compress-literals"],
        OwnTakes::Nothing,
    ),
    own(
        "row-match-finder",
        None,
        &["row-match-finder", "no-row-match-finder"],
        OwnTakes::Nothing,
    ),
    own(
        "content-size",
        None,
        &["content-size", "no-content-size"],
        OwnTakes::Nothing,
    ),
    own("format", None, &["format"], OwnTakes::Optional),
    own("zstd", None, &["zstd"], OwnTakes::Optional),
    own("list", Some('l'), &["list"], OwnTakes::Nothing),
    own("test", Some('t'), &["test"], OwnTakes::Nothing),
    own(
        "memlimit",
        Some('M'),
        &["memlimit", "memory", "memlimit-decompress"],
        OwnTakes::Number,
    ),
    own("sparse", None, &["sparse", "no-sparse"], OwnTakes::Nothing),
    own(
        "pass-through",
        None,
        &["pass-through", "no-pass-through"],
        OwnTakes::Nothing,
    ),
    own("train", None, &["train"], OwnTakes::Nothing),
    own("train-cover", None, &["train-cover"], OwnTakes::Optional),
    own(
        "train-fastcover",
        None,
        &["train-fastcover"],
        OwnTakes::Optional,
    ),
    own("train-legacy", None, &["train-legacy"], OwnTakes::Optional),
    own("maxdict", None, &["maxdict"], OwnTakes::Value),
    own("dictID", None, &["dictID"], OwnTakes::Value),
    own("bench", Some('b'), &[], OwnTakes::Number),
    own("bench-last", Some('e'), &[], OwnTakes::Number),
    own("bench-seconds", Some('i'), &[], OwnTakes::Number),
    own("bench-separate", Some('S'), &[], OwnTakes::Nothing),
    own("priority", None, &["priority"], OwnTakes::Optional),
    own(
        "show-default-cparams",
        None,
        &["show-default-cparams"],
        OwnTakes::Nothing,
    ),
];

pub const ZSTD: Program = Program {
    names: &["zstd", "unzstd", "zstdmt"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: zstd,
    examples: examples![
        (Read, "zstdcat x.zst | head"),
        (Read, "zstd -dc x.zst > /dev/null"),
        (TargetWrite, "zstd -19 -T0 dist/app.tar"),
        (TargetWrite, "zstd -d dist/app.tar.zst -o dist/app.tar"),
        (TargetWrite, "zstd --rm build.log"),
        (Destructive, "zstd --rm ../../repo.git/config"),
        (Destructive, "zstd README.md -o ../../repo.git/config -f"),
        (Destructive, "zstd -r --rm ../.."),
        (Destructive, "zstd -of ../../.wicket/trail.jsonl README.md"),
        (
            Destructive,
            "zstd --output-dir-flat=../../repo.git/hooks README.md",
        ),
        (Opaque, "zstd --filelist=names.txt"),
        (Opaque, "zstd --bogus x"),
    ],
    manual: "zstd 1.5.4: zstd --help and programs/zstdcli.c (its own parser)",
};

fn zstd(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let words = run.inv.argv.get(1..).unwrap_or(&[]).to_vec();
    let Some(p) = own_or_hold(r, run, ZSTD_OPTIONS, &words) else {
        return;
    };
    let shown = run.shown();
    if p.has("help") || p.has("version") {
        r.note(Read, format!("{shown} prints its help or version"));
        return;
    }
    for key in ["dict", "patch-from"] {
        if let Some(file) = p.last(key) {
            r.reads(file, scope, &shown);
        }
    }
    if let Some(trace) = p.last("trace") {
        r.change(trace, scope, Change::Overwrite, Reach::Path, &shown);
    }
    let training = ["train", "train-cover", "train-fastcover", "train-legacy"]
        .iter()
        .any(|k| p.has(k));
    if training {
        for file in &p.operands {
            r.reads_tree(file, scope, &shown);
        }
        let dict = p
            .last("output")
            .cloned()
            .unwrap_or_else(|| Arg::literal("dictionary"));
        r.change(&dict, scope, Change::Overwrite, Reach::Path, &shown);
        return;
    }
    if p.has("bench") {
        for file in &p.operands {
            r.reads(file, scope, &shown);
        }
        r.note(Read, format!("{shown} benchmarks and writes nothing"));
        return;
    }
    let output = p.last("output").cloned();
    let to_stdout = p.has("stdout")
        || run.name == "zstdcat"
        || output.as_ref().and_then(Arg::text) == Some("/dev/stdout");
    let pressed = Pressed {
        decompress: (p.has("decompress") || matches!(run.name, "unzstd" | "zstdcat"))
            && !p.has("compress"),
        to_stdout,
        only_reads: p.has("test") || p.has("list"),
        keep: p.has("keep") && !p.has("rm"),
        remove: p.has("rm"),
        force: p.has("force"),
        recursive: p.has("recursive"),
        output: if to_stdout { None } else { output },
        output_dir: p
            .last("output-dir-flat")
            .or_else(|| p.last("output-dir-mirror"))
            .cloned(),
        names_from: p.last("filelist").cloned(),
        ..Pressed::default()
    };
    let how = Squeeze {
        suffix: ".zst",
        strips: &[".zst", ".tzst", ".gz", ".xz", ".lzma", ".lz4"],
        removes: false,
    };
    squeeze(r, run, &how, &pressed, &p.operands, scope);
}

const LZ4_OPTIONS: &[OwnOpt] = &[
    own(
        "decompress",
        Some('d'),
        &["decompress", "uncompress"],
        OwnTakes::Nothing,
    ),
    own("compress", Some('z'), &["compress"], OwnTakes::Nothing),
    own("dict", Some('D'), &[], OwnTakes::Value),
    own("force", Some('f'), &["force"], OwnTakes::Nothing),
    own("keep", Some('k'), &["keep"], OwnTakes::Nothing),
    own("rm", None, &["rm"], OwnTakes::Nothing),
    own("help", Some('h'), &["help"], OwnTakes::Nothing),
    own("help", Some('H'), &["long-help"], OwnTakes::Nothing),
    own("version", Some('V'), &["version"], OwnTakes::Nothing),
    own("verbose", Some('v'), &["verbose"], OwnTakes::Nothing),
    own("quiet", Some('q'), &["quiet"], OwnTakes::Nothing),
    own(
        "stdout",
        Some('c'),
        &["stdout", "to-stdout"],
        OwnTakes::Nothing,
    ),
    own("test", Some('t'), &["test"], OwnTakes::Nothing),
    own("multiple", Some('m'), &["multiple"], OwnTakes::Nothing),
    own("recursive", Some('r'), &[], OwnTakes::Nothing),
    own("legacy", Some('l'), &[], OwnTakes::Nothing),
    own("block", Some('B'), &[], OwnTakes::Number),
    own("no-frame-crc", None, &["no-frame-crc"], OwnTakes::Nothing),
    own(
        "content-size",
        None,
        &["content-size", "no-content-size"],
        OwnTakes::Nothing,
    ),
    own("list", None, &["list"], OwnTakes::Nothing),
    own("sparse", None, &["sparse", "no-sparse"], OwnTakes::Nothing),
    own(
        "favor-decSpeed",
        None,
        &["favor-decSpeed"],
        OwnTakes::Nothing,
    ),
    own("fast", None, &["fast"], OwnTakes::Optional),
    own("best", None, &["best"], OwnTakes::Nothing),
    own("bench", Some('b'), &[], OwnTakes::Number),
    own("bench-last", Some('e'), &[], OwnTakes::Number),
    own("bench-seconds", Some('i'), &[], OwnTakes::Number),
    own("frame-crc", None, &["frame-crc"], OwnTakes::Nothing),
];

pub const LZ4: Program = Program {
    names: &["lz4", "unlz4", "lz4cat"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: lz4,
    examples: examples![
        (Read, "lz4cat x.lz4 | head"),
        (TargetWrite, "lz4 data.bin"),
        (TargetWrite, "lz4 -d data.bin.lz4 data.bin"),
        (Destructive, "lz4 -f README.md ../../repo.git/config"),
        (Destructive, "lz4 --rm -m ../../repo.git/config"),
        (Opaque, "lz4 --bogus x"),
    ],
    manual: "lz4 1.9.4: lz4 -H (its own parser)",
};

fn lz4(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let words = run.inv.argv.get(1..).unwrap_or(&[]).to_vec();
    let Some(p) = own_or_hold(r, run, LZ4_OPTIONS, &words) else {
        return;
    };
    let shown = run.shown();
    if p.has("help") || p.has("version") {
        r.note(Read, format!("{shown} prints its help or version"));
        return;
    }
    if let Some(file) = p.last("dict") {
        r.reads(file, scope, &shown);
    }
    let multiple = p.has("multiple") || p.has("recursive");
    let mut files = p.operands.clone();
    // Without -m the second operand is the output.
    let output = if !multiple && files.len() == 2 {
        files.pop()
    } else {
        None
    };
    let to_stdout = p.has("stdout")
        || run.name == "lz4cat"
        || output.as_ref().and_then(Arg::text) == Some("stdout");
    let pressed = Pressed {
        decompress: (p.has("decompress") || matches!(run.name, "unlz4" | "lz4cat"))
            && !p.has("compress"),
        to_stdout,
        only_reads: p.has("test") || p.has("list") || p.has("bench"),
        keep: !p.has("rm"),
        remove: p.has("rm"),
        force: p.has("force"),
        recursive: p.has("recursive"),
        output: if to_stdout { None } else { output },
        ..Pressed::default()
    };
    let how = Squeeze {
        suffix: ".lz4",
        strips: &[".lz4"],
        removes: false,
    };
    squeeze(r, run, &how, &pressed, &files, scope);
}

const BROTLI_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("level", "0123456789", &[]),
        flag("stdout", "c", &["stdout"]),
        flag("decompress", "d", &["decompress"]),
        flag("force", "f", &["force"]),
        flag("help", "h", &["help"]),
        flag("rm", "j", &["rm"]),
        flag("keep", "k", &["keep"]),
        flag("no-copy-stat", "n", &["no-copy-stat"]),
        value("output", "o", &["output"]),
        value("quality", "q", &["quality"]),
        flag("test", "t", &["test"]),
        flag("verbose", "v", &["verbose"]),
        value("lgwin", "w", &["lgwin"]),
        value("large_window", "", &["large_window"]),
        value("suffix", "S", &["suffix"]),
        flag("version", "V", &["version"]),
        flag("best", "Z", &["best"]),
    ],
};

pub const BROTLI: Program = Program {
    names: &["brotli", "unbrotli"],
    syntax: Syntax::Grammar(BROTLI_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: brotli,
    examples: examples![
        (TargetWrite, "brotli -q 11 dist/app.js"),
        (Read, "brotli -dc x.br | head"),
        (Destructive, "brotli -j ../../repo.git/config"),
        (Destructive, "brotli README.md -o ../../repo.git/config"),
    ],
    manual: "brotli 1.0.9: brotli --help; not installed here",
};

fn brotli(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "version"]) {
        return;
    }
    let pressed = Pressed {
        decompress: p.has("decompress") || run.name == "unbrotli",
        to_stdout: p.has("stdout"),
        only_reads: p.has("test"),
        keep: !p.has("rm"),
        remove: p.has("rm"),
        force: p.has("force"),
        suffix: p.last("suffix").cloned(),
        output: p.last("output").cloned(),
        ..Pressed::default()
    };
    let how = Squeeze {
        suffix: ".br",
        strips: &[".br"],
        removes: false,
    };
    squeeze(r, run, &how, &pressed, &p.operand_args(), scope);
}

// ----------------------------------------------------------------- dd

pub const DD: Program = Program {
    names: &["dd"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: dd,
    examples: examples![
        (TargetWrite, "dd if=/dev/zero of=test.bin bs=1M count=1"),
        (
            TargetWrite,
            "dd if=/dev/urandom of=build/key.bin bs=32 count=1 status=none",
        ),
        (Read, "dd if=README.md bs=1 count=10"),
        (Read, "dd if=/dev/zero bs=1k count=1 | wc -c"),
        (Read, "dd --version"),
        (Destructive, "dd if=/dev/zero of=/dev/sda"),
        (Destructive, "dd if=/dev/zero of=../../repo.git/config"),
        (
            Destructive,
            "dd if=x of=../../.wicket/trail.jsonl conv=notrunc",
        ),
        (
            Destructive,
            "dd if=/dev/zero of=/etc/hostname bs=1 count=1 conv=notrunc",
        ),
        (OpenWorld, "dd if=/dev/zero of=/tmp/disk.img bs=1M count=1"),
        (Secret, "dd if=/home/u/.ssh/id_rsa"),
        (Opaque, "dd if=x $OUT"),
        (Opaque, "dd if=x of=$OUT"),
        // The copy of a file named only when it runs could be a key, read
        // back from the worktree later (secrets.rs `read_unknown`).
        (Opaque, "dd if=$IMG of=copy.img bs=4M"),
        (TargetWrite, "dd if=disk.img of=copy.img bs=4M"),
        (Opaque, "dd if=x oof=y"),
    ],
    manual: "dd (coreutils) 9.1: dd --help",
};

fn dd(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut input: Option<Arg> = None;
    let mut output: Option<Arg> = None;
    let mut notrunc = false;
    let mut append = false;
    for arg in run.inv.argv.iter().skip(1) {
        let Some(text) = arg.text() else {
            // `if=$F` reads a file named at run time; anything else unknown
            // (`of=$F`, `$OPERAND`) could write anywhere.
            if let Some(rest) = arg.shown.strip_prefix("if=") {
                input = Some(Arg {
                    values: None,
                    glob: false,
                    shown: rest.to_owned(),
                });
                continue;
            }
            r.note(
                Opaque,
                format!(
                    "{shown}: dd's operand `{}` is only known when it runs",
                    arg.shown
                ),
            );
            return;
        };
        if text == "--help" || text == "--version" {
            r.note(Read, format!("{shown} prints its help or version"));
            return;
        }
        let Some((key, value)) = text.split_once('=') else {
            r.note(
                Opaque,
                format!("{shown}: dd's operand `{text}` is not one wicket knows"),
            );
            return;
        };
        let value_arg = Arg {
            values: Some(vec![value.to_owned()]),
            glob: false,
            shown: value.to_owned(),
        };
        match key {
            "if" => input = Some(value_arg),
            "of" => output = Some(value_arg),
            "conv" => notrunc |= value.split(',').any(|c| c == "notrunc"),
            "oflag" => append |= value.split(',').any(|c| c == "append"),
            "bs" | "cbs" | "count" | "ibs" | "obs" | "seek" | "oseek" | "skip" | "iseek"
            | "iflag" | "status" => {}
            _ => {
                r.note(
                    Opaque,
                    format!("{shown}: dd's operand `{key}=` is not one wicket knows"),
                );
                return;
            }
        }
    }
    if let Some(input) = &input {
        r.reads(input, scope, &shown);
    }
    match &output {
        Some(output) => {
            // conv=notrunc still overwrites the bytes it writes.
            let change = if append && !notrunc {
                Change::Write
            } else {
                Change::Overwrite
            };
            // What it copies may be the command's own text (dd is one of
            // `programs::TEXT_WRITERS`: from its input, or from a file the
            // command wrote).
            r.change(output, scope, change, Reach::Path, &shown);
            // A disk or memory device is overwritten in place, whether or
            // not this machine has it now.
            if let Some(path) = output.text() {
                let device = match r.place(path, scope) {
                    Some(crate::read::Place::Outside { path, .. }) => {
                        path.starts_with("/dev/").then_some(path)
                    }
                    _ => None,
                };
                if let Some(device) = device {
                    r.note(
                        Destructive,
                        format!("{shown} overwrites the device {device} in place"),
                    );
                }
            }
        }
        None => r.note(Read, format!("{shown} copies to its output")),
    }
}

// ---------------------------------------------------------------- jar

pub const JAR: Program = Program {
    names: &["jar"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: jar,
    examples: examples![
        (Read, "jar tf app.jar"),
        (Read, "jar -tvf app.jar"),
        (Read, "jar --list --file app.jar"),
        (Opaque, "jar xf app.jar"),
        (Opaque, "jar -x -f app.jar"),
        (Opaque, "jar xPf evil.jar"),
        (Opaque, "jar -xPf evil.jar"),
        (Opaque, "jar --extract -P --file=evil.jar"),
        (TargetWrite, "jar cf app.jar -C build/classes ."),
        (TargetWrite, "jar --create --file app.jar -C build ."),
        (Destructive, "jar cf ../../.wicket/p x"),
        (Destructive, "jar --create --file=../../.wicket/p x"),
        (Opaque, "jar --bogus"),
        (Opaque, "jar xz app.jar"),
    ],
    manual: "jar 17 (OpenJDK): jar --help, and xf and xPf tried on this machine",
};

/// jar's letters (the first word's bundle, or `-` words) that take the next
/// word: the archive, a manifest, an entry point, a module path, a directory.
const JAR_VALUES: &str = "fmepC";
/// jar's letters that only tune what it does.
const JAR_FLAGS: &str = "ctxuidvn0PM";

/// jar (OpenJDK 17): `x` extracts the members into the current directory
/// under their own names, overwriting what is there (a member named `.git`
/// replaced the worktree's gitfile, verified under dash); with `P` it keeps
/// their leading `/` and `..` (`../../p` landed two directories up,
/// verified). `c`/`u`/`i` write the archive; `t` and `d` only read.
fn jar(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut letters = String::new();
    let mut pending: Vec<char> = Vec::new();
    let mut file: Option<Arg> = None;
    let mut operands: Vec<Arg> = Vec::new();
    for (n, arg) in run.inv.argv.iter().skip(1).enumerate() {
        let Some(text) = arg.text() else {
            if !pending.is_empty() || n == 0 || arg.shown.starts_with(['$', '"', '`', '-']) {
                r.note(
                    Opaque,
                    format!(
                        "{shown}: jar's word `{}` is only known when it runs, and could be an option",
                        arg.shown
                    ),
                );
                return;
            }
            operands.push(arg.clone());
            continue;
        };
        if let Some(long) = text.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            let letter = match name {
                "list" => 't',
                "extract" => 'x',
                "create" => 'c',
                "update" => 'u',
                "generate-index" => 'i',
                "describe-module" => 'd',
                "verbose" => 'v',
                "no-manifest" => 'M',
                "no-compress" => '0',
                "file" => 'f',
                "manifest" => 'm',
                "main-class" => 'e',
                "help" | "version" | "help-extra" => {
                    return r.note(Read, format!("{shown} prints its help or version"));
                }
                _ => {
                    return r.note(
                        Opaque,
                        format!("{shown}: jar's option `{text}` is not one wicket's description of jar knows"),
                    );
                }
            };
            letters.push(letter);
            if JAR_VALUES.contains(letter) {
                match inline {
                    Some(v) if letter == 'f' => file = Some(Arg::literal(v)),
                    Some(_) => {}
                    None => pending.push(letter),
                }
            }
            continue;
        }
        let bundle = if n == 0 && !text.starts_with('-') {
            Some(text)
        } else {
            text.strip_prefix('-').filter(|b| !b.is_empty())
        };
        if let Some(bundle) = bundle {
            for c in bundle.chars() {
                if JAR_VALUES.contains(c) {
                    pending.push(c);
                } else if !JAR_FLAGS.contains(c) {
                    return r.note(
                        Opaque,
                        format!("{shown}: jar's option `{c}` is not one wicket's description of jar knows"),
                    );
                }
                letters.push(c);
            }
            continue;
        }
        if !pending.is_empty() {
            if pending.remove(0) == 'f' {
                file = Some(arg.clone());
            }
            continue;
        }
        operands.push(arg.clone());
    }
    let has = |c: char| letters.contains(c);
    if has('x') {
        if has('P') {
            return r.note(
                Opaque,
                format!("{shown} extracts members keeping their leading / and .. (P): where they land is only known when it runs"),
            );
        }
        if has('C') {
            return r.note(
                Opaque,
                format!(
                    "{shown} extracts with -C, a directory wicket does not place for extraction"
                ),
            );
        }
        if let Some(file) = &file {
            r.reads(file, scope, &shown);
        }
        r.fills_with_unseen(&Arg::literal("."), scope, Change::Overwrite, false, &shown);
        return;
    }
    if has('c') || has('u') || has('i') {
        match &file {
            Some(file) => {
                let change = if has('c') {
                    Change::Overwrite
                } else {
                    Change::Write
                };
                r.change(file, scope, change, Reach::Path, &shown);
            }
            None if has('i') => {
                return r.note(Opaque, format!("{shown} indexes an archive it is not told"));
            }
            None => {}
        }
        for operand in &operands {
            r.reads(operand, scope, &shown);
        }
        return;
    }
    if has('t') || has('d') {
        if let Some(file) = &file {
            r.reads(file, scope, &shown);
        }
        return r.note(Read, format!("{shown} lists an archive"));
    }
    r.note(
        Opaque,
        format!("{shown}: jar is given no operation wicket's description of jar knows"),
    );
}

// ---------------------------------------------------------------- ptar

pub const PTAR: Program = Program {
    names: &["ptar"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: ptar,
    examples: examples![
        (Read, "ptar -t -f x.tar"),
        (Read, "ptar tf x.tar"),
        (Opaque, "ptar -x -f x.tar"),
        (Opaque, "ptar xf x.tar"),
        (Opaque, "ptar -xIf x.tar"),
        (TargetWrite, "ptar -c -f out.tar src"),
        (TargetWrite, "ptar cf out.tar src"),
        (Destructive, "ptar -cf ../../.wicket/p src"),
        (Destructive, "ptar -c -f../../.wicket/p src"),
        (Opaque, "ptar -xq"),
    ],
    manual: "ptar (perl 5.36, Archive::Tar): /usr/bin/ptar's getopts('Ddcvzthxf:ICT:') and its POD",
};

/// perl's ptar: a first word of letters (`xf`) is split into options, then
/// `getopts('Ddcvzthxf:ICT:')` reads bundled letters, `f` and `T` taking
/// the rest of their word or the next one. `-x` extracts the archive's
/// members into the current directory under their own names (a member
/// named `.git` replaced the worktree's gitfile, verified under dash);
/// `-I` lets them leave it (`..`, absolute names). `-c` writes the
/// archive (`default.tar` without `-f`); `-t` lists.
fn ptar(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let argv: Vec<&Arg> = run.inv.argv.iter().skip(1).collect();
    let mut words: Vec<Arg> = Vec::new();
    for (n, arg) in argv.iter().enumerate() {
        let text = arg.text();
        let gnu_style = n == 0
            && text.is_some_and(|t| {
                let letters = t.trim_end_matches(['f', 'T']);
                !t.is_empty()
                    && t.len() - letters.len() <= 1
                    && !letters.is_empty()
                    && letters.chars().all(|c| "DdcvzthxIC".contains(c))
            });
        if gnu_style {
            for c in text.unwrap_or_default().chars() {
                words.push(Arg::literal(&format!("-{c}")));
            }
        } else {
            words.push((*arg).clone());
        }
    }
    let mut letters = String::new();
    let mut file: Option<Arg> = None;
    let mut list: Option<Arg> = None;
    let mut i = 0;
    while i < words.len() {
        let Some(text) = words[i].text() else {
            if words[i].shown.starts_with(['$', '"', '`', '-']) {
                return r.note(
                    Opaque,
                    format!(
                        "{shown}: ptar's word `{}` is only known when it runs, and could be an option",
                        words[i].shown
                    ),
                );
            }
            break;
        };
        if text == "--" {
            i += 1;
            break;
        }
        let Some(bundle) = text.strip_prefix('-').filter(|b| !b.is_empty()) else {
            break;
        };
        i += 1;
        let chars: Vec<char> = bundle.chars().collect();
        for (k, c) in chars.iter().enumerate() {
            if matches!(c, 'f' | 'T') {
                let rest: String = chars[k + 1..].iter().collect();
                let value = if rest.is_empty() {
                    let value = words.get(i).cloned();
                    i += 1;
                    value
                } else {
                    Some(Arg::literal(&rest))
                };
                if *c == 'f' {
                    file = value;
                } else {
                    list = value;
                }
                letters.push(*c);
                break;
            }
            if !"DdcvzthxIC".contains(*c) {
                return r.note(
                    Opaque,
                    format!("{shown}: ptar's option `-{c}` is not one wicket's description of ptar knows"),
                );
            }
            letters.push(*c);
        }
    }
    let operands = &words[i.min(words.len())..];
    let has = |c: char| letters.contains(c);
    if has('h')
        || ["x", "t", "c"]
            .iter()
            .filter(|m| letters.contains(**m))
            .count()
            != 1
    {
        return r.note(Read, format!("{shown} prints its usage"));
    }
    let file = file.unwrap_or_else(|| Arg::literal("default.tar"));
    let stdio = file.text() == Some("-");
    if has('c') {
        if !stdio {
            r.change(&file, scope, Change::Overwrite, Reach::Path, &shown);
        }
        if let Some(list) = list.filter(|l| l.text() != Some("-")) {
            r.reads(&list, scope, &shown);
        }
        for operand in operands {
            r.reads(operand, scope, &shown);
        }
        return;
    }
    if !stdio {
        r.reads(&file, scope, &shown);
    }
    if has('t') {
        return r.note(Read, format!("{shown} lists an archive"));
    }
    if has('I') {
        return r.note(
            Opaque,
            format!(
                "{shown} extracts in insecure mode (-I): members named with .. or / land anywhere"
            ),
        );
    }
    r.fills_with_unseen(&Arg::literal("."), scope, Change::Overwrite, false, &shown);
}

// ------------------------------------------------------- dpkg-deb, dpkg

/// dpkg-deb's actions and options (dpkg's own option parser: exact long
/// names, one short option a word; reading bundles and abbreviations too
/// only makes the reading stricter than what runs).
const DPKG_DEB_GRAMMAR: Grammar = Grammar {
    style: Style::GNU,
    options: &[
        flag("build", "b", &["build"]),
        flag("contents", "c", &["contents"]),
        flag("control", "e", &["control"]),
        flag("extract", "x", &["extract"]),
        flag("vextract", "X", &["vextract"]),
        flag("raw-extract", "R", &["raw-extract"]),
        flag("info", "I", &["info"]),
        flag("show", "W", &["show"]),
        flag("field", "f", &["field"]),
        flag("ctrl-tarfile", "", &["ctrl-tarfile"]),
        flag("fsys-tarfile", "", &["fsys-tarfile"]),
        flag("help", "h", &["help", "usage"]),
        flag("version", "", &["version"]),
        value("showformat", "", &["showformat"]),
        value("compress-level", "z", &[]),
        value("compress-type", "Z", &[]),
        value("compress-strategy", "S", &[]),
        value("deb-format", "", &["deb-format"]),
        value("threads-max", "", &["threads-max"]),
        flag(
            "uniform-compression",
            "",
            &["uniform-compression", "no-uniform-compression"],
        ),
        flag("root-owner-group", "", &["root-owner-group"]),
        flag("nocheck", "", &["nocheck"]),
        flag("verbose", "v", &["verbose"]),
        flag("debug", "D", &["debug"]),
    ],
};

/// dpkg-deb: `-x`/`-X`/`-R ARCHIVE DIR` extract the package's files, and
/// `-e ARCHIVE [DIR]` its control files (into `DEBIAN` by default), under
/// names only the package knows: a `./.git` member replaced the worktree's
/// gitfile (`dpkg-deb -x x.deb .`; verified under dash). `-b DIR [DEST]`
/// writes the package file; the listing actions only read.
pub const DPKG_DEB: Program = Program {
    names: &["dpkg-deb"],
    syntax: Syntax::Grammar(DPKG_DEB_GRAMMAR),
    output: None,
    lists_paths_under: None,
    read: dpkg_deb,
    examples: examples![
        (Read, "dpkg-deb -c x.deb"),
        (Read, "dpkg-deb --info x.deb"),
        (Read, "dpkg-deb -f x.deb Version"),
        (Read, "dpkg-deb --fsys-tarfile x.deb"),
        (Opaque, "dpkg-deb -x x.deb ."),
        (Opaque, "dpkg-deb --extract x.deb ."),
        (Opaque, "dpkg-deb -R x.deb out"),
        (Opaque, "dpkg-deb -e x.deb"),
        (Destructive, "dpkg-deb -x x.deb ../.."),
        (Destructive, "dpkg-deb -X x.deb ../../repo.git"),
        (OpenWorld, "dpkg-deb -x x.deb /tmp/x"),
        (TargetWrite, "dpkg-deb -b pkg"),
        (TargetWrite, "dpkg-deb --build pkg out.deb"),
        (Destructive, "dpkg-deb -b pkg ../../.wicket/x.deb"),
        (Opaque, "dpkg-deb x.deb"),
    ],
    manual: "dpkg-deb 1.21 (Debian 12): dpkg-deb --help, and -x, -b run on this machine",
};

fn dpkg_deb(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let p = &run.parsed;
    if prints_only(r, run, p, &["help", "version"]) {
        return;
    }
    dpkg_deb_action(r, &run.shown(), p, scope);
}

/// What one of dpkg-deb's actions does (also given through dpkg); false
/// when none is given.
fn dpkg_deb_action(r: &mut Reader, shown: &str, p: &Parsed, scope: &Scope) -> bool {
    let ops = p.operand_args();
    let extracts = ["extract", "vextract", "raw-extract"]
        .iter()
        .any(|k| p.has(k));
    if let Some(archive) = ops.first() {
        r.reads(archive, scope, shown);
    }
    if extracts || p.has("control") {
        let dir = match ops.get(1) {
            Some(dir) => dir.clone(),
            None if p.has("control") => Arg::literal("DEBIAN"),
            None => {
                r.note(Read, format!("{shown} names no directory to extract into"));
                return true;
            }
        };
        r.fills_with_unseen(&dir, scope, Change::Overwrite, false, shown);
    } else if p.has("build") {
        match (ops.first(), ops.get(1)) {
            (_, Some(dest)) => r.change(dest, scope, Change::Overwrite, Reach::Path, shown),
            (Some(dir), None) => match dir.text() {
                Some(t) => {
                    let made = format!("{}.deb", t.trim_end_matches('/'));
                    r.change(
                        &Arg::literal(&made),
                        scope,
                        Change::Overwrite,
                        Reach::Path,
                        shown,
                    );
                }
                None => r.note(
                    Opaque,
                    format!(
                        "{shown} writes a package named after {}, only known when it runs",
                        dir.shown
                    ),
                ),
            },
            (None, None) => r.note(Read, format!("{shown} names nothing to build")),
        }
    } else if [
        "contents",
        "info",
        "show",
        "field",
        "ctrl-tarfile",
        "fsys-tarfile",
    ]
    .iter()
    .any(|k| p.has(k))
    {
        r.note(Read, format!("{shown} lists or prints a package archive"));
    } else {
        r.note(
            Opaque,
            format!("{shown}: no dpkg-deb action wicket describes"),
        );
    }
    true
}

/// dpkg: the dpkg-deb actions it hands on (`-x`, `-X`, `-e`, `-b`, `-c`,
/// `-I`, `-f`, `--ctrl-tarfile`, `--fsys-tarfile`) are read as dpkg-deb's;
/// everything else is read as a program wicket does not know.
pub const DPKG: Program = Program {
    names: &["dpkg"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: dpkg,
    examples: examples![
        (Opaque, "dpkg -x x.deb ."),
        (Opaque, "dpkg --extract x.deb ."),
        (Destructive, "dpkg -x x.deb ../.."),
        (OpenWorld, "dpkg -x x.deb /tmp/x"),
        (Read, "dpkg -c x.deb"),
        (OpenWorld, "dpkg -l"),
        (OpenWorld, "dpkg --print-architecture"),
    ],
    manual: "dpkg 1.21 (Debian 12): dpkg --help (its dpkg-deb actions)",
};

fn dpkg(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let hands_on = run.inv.argv.iter().skip(1).any(|a| {
        matches!(
            a.text(),
            Some(
                "-x" | "--extract"
                    | "-X"
                    | "--vextract"
                    | "-e"
                    | "--control"
                    | "-b"
                    | "--build"
                    | "-c"
                    | "--contents"
                    | "-I"
                    | "--info"
                    | "-f"
                    | "--field"
                    | "--ctrl-tarfile"
                    | "--fsys-tarfile"
            )
        )
    });
    if hands_on {
        let words = run.inv.argv.get(1..).unwrap_or(&[]);
        if let Some(p) = parse_or_hold(r, run, &DPKG_DEB_GRAMMAR, words) {
            dpkg_deb_action(r, &run.shown(), &p, scope);
        }
        return;
    }
    super::legacy::unknown(r, "dpkg", run.inv, scope);
}

/// dpkg-source: `-x DSC [DIR]` unpacks a source package into DIR (by
/// default a new `<source>-<version>` directory here, with its original
/// tarballs copied beside it), under names only the package knows. `-b DIR`
/// writes the `.dsc` and its tarballs, named from `debian/changelog`, into
/// the current directory, except that a DIR of `.` (also `./`, and
/// `--commit` with no DIR) makes it change to `..` first: from the agent's
/// worktree the package lands in the workspace's agents directory
/// (`dpkg-source -b .` wrote `pw_1.dsc` and `pw_1.tar.xz` into the parent,
/// verified under dash). `--before-build`, `--after-build` and `--commit`
/// change the tree DIR itself (patches applied, a new patch stored), as
/// `-b` does first;
/// `--print-format` reads. Every short option's value is attached
/// (`-c<control-file>`); an option it does not list is held.
pub const DPKG_SOURCE: Program = Program {
    names: &["dpkg-source"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: dpkg_source,
    examples: examples![
        (Destructive, "dpkg-source -b ."),
        (Destructive, "dpkg-source --build ./"),
        (Destructive, "dpkg-source -q -b ."),
        (TargetWrite, "dpkg-source -b src"),
        (Opaque, "dpkg-source -x x.dsc"),
        (Opaque, "dpkg-source -x x.dsc out"),
        (Destructive, "dpkg-source -x x.dsc ../../.wicket/x"),
        (TargetWrite, "dpkg-source --before-build src"),
        (Read, "dpkg-source --print-format ."),
        (Opaque, "dpkg-source -b src --bogus"),
        (Read, "dpkg-source --help"),
    ],
    manual: "dpkg-source 1.21 (Debian 12): dpkg-source --help, its source (`.` becomes `..` and the tree's name), and -b, -x run on this machine",
};

fn dpkg_source(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let mut mode: Option<&str> = None;
    let mut operands: Vec<&Arg> = Vec::new();
    for a in run.inv.argv.iter().skip(1) {
        let Some(t) = a.text() else {
            r.note(
                Opaque,
                format!("{shown}: a word only known when it runs ({})", a.shown),
            );
            return;
        };
        if !operands.is_empty() || !t.starts_with('-') || t == "-" {
            operands.push(a);
            continue;
        }
        let m = match t {
            "-x" | "--extract" => Some("extract"),
            "-b" | "--build" => Some("build"),
            "--print-format" => Some("print-format"),
            "--before-build" => Some("before-build"),
            "--after-build" => Some("after-build"),
            "--commit" => Some("commit"),
            "-h" | "-?" | "--help" | "--version" => {
                r.note(Read, format!("{shown} prints its usage"));
                return;
            }
            _ => None,
        };
        if let Some(m) = m {
            mode = Some(m);
            continue;
        }
        let known_short = t.len() > 2
            && matches!(
                &t[..2],
                "-c" | "-l" | "-F" | "-V" | "-T" | "-D" | "-U" | "-Z" | "-z" | "-i" | "-I"
            );
        let known = known_short
            || matches!(t, "-q" | "-i" | "-I")
            || (t.len() == 3 && t.starts_with("-s") && "akpursnAKPUR".contains(&t[2..]))
            || [
                "--diff-ignore",
                "--tar-ignore",
                "--compression=",
                "--compression-level=",
                "--format=",
                "--threads-max=",
            ]
            .iter()
            .any(|o| t.starts_with(o))
            || matches!(
                t,
                "--no-copy"
                    | "--no-check"
                    | "--no-overwrite-dir"
                    | "--require-valid-signature"
                    | "--require-strong-checksums"
                    | "--ignore-bad-version"
                    | "--abort-on-upstream-changes"
                    | "--skip-debianization"
                    | "--no-preparation"
                    | "--unapply-patches"
                    | "--no-unapply-patches"
                    | "--single-debian-patch"
                    | "--create-empty-orig"
                    | "--auto-commit"
                    | "--include-removal"
                    | "--include-timestamp"
                    | "--include-binaries"
            );
        if !known {
            r.note(
                Opaque,
                format!("{shown}: an option wicket does not describe ({t})"),
            );
            return;
        }
    }
    // Options may also follow the operands.
    if let Some(bad) =
        operands.iter().skip(1).filter_map(|a| a.text()).find(|t| {
            t.starts_with("--") && !t.starts_with("--no-") && !t.starts_with("--include-")
        })
    {
        r.note(
            Opaque,
            format!("{shown}: an option wicket does not describe ({bad})"),
        );
        return;
    }
    match mode {
        None => r.note(Opaque, format!("{shown}: no dpkg-source command")),
        Some("extract") => {
            let Some(dsc) = operands.first() else {
                r.note(Read, format!("{shown} names no package"));
                return;
            };
            r.reads(dsc, scope, &shown);
            let dir = operands
                .get(1)
                .map(|d| (*d).clone())
                .unwrap_or_else(|| Arg::literal("."));
            r.fills_with_unseen(&dir, scope, Change::Overwrite, false, &shown);
        }
        Some(m) => {
            let dir = operands
                .first()
                .map(|d| (*d).clone())
                .unwrap_or_else(|| Arg::literal("."));
            let Some(text) = dir.text() else {
                r.note(
                    Opaque,
                    format!("{shown}: a directory only known when it runs"),
                );
                return;
            };
            // File::Spec->catdir: `./`, `.//`, `./.` are `.`.
            let dot = text.split('/').all(|c| c.is_empty() || c == ".") && text.starts_with('.');
            match m {
                "print-format" => r.note(Read, format!("{shown} prints a source format")),
                "build" => {
                    let out = if dot { ".." } else { "." };
                    // Its before-build hook applies the tree's patches
                    // (`3.0 (quilt)`) in DIR first.
                    r.change(&dir, scope, Change::Overwrite, Reach::Tree, &shown);
                    r.change(
                        &Arg::literal(out),
                        scope,
                        Change::Overwrite,
                        Reach::Path,
                        &shown,
                    );
                }
                _ => r.change(&dir, scope, Change::Overwrite, Reach::Tree, &shown),
            }
        }
    }
}

/// The text of each word, or `None` (held) when one is only known when it
/// runs.
fn literal_words<'a>(r: &mut Reader, run: &'a Run) -> Option<Vec<&'a str>> {
    let mut out = Vec::new();
    for a in run.inv.argv.iter().skip(1) {
        match a.text() {
            Some(t) => out.push(t),
            None => {
                r.note(
                    Opaque,
                    format!(
                        "{}: a word only known when it runs ({})",
                        run.shown(),
                        a.shown
                    ),
                );
                return None;
            }
        }
    }
    Some(out)
}

/// pax: `-r` extracts (and `-rw` copies) under the names the archive or the
/// operands give, absolute ones and `..` kept, with `-s` rewriting them:
/// held. `-w` writes the archive `-f` names (else its output); with
/// neither it lists.
pub const PAX: Program = Program {
    names: &["pax"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: pax,
    examples: examples![
        (Opaque, "pax -r < x.pax"),
        (Opaque, "pax -rf x.pax"),
        (Opaque, "pax -rw src dest"),
        (Destructive, "pax -w -f ../../.wicket/x src"),
        (TargetWrite, "pax -wf out.pax src"),
        (Read, "pax -f x.pax"),
    ],
    manual: "POSIX pax: -r, -w, -rw, -f, -s (not installed here; read from the standard)",
};

fn pax(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let Some(words) = literal_words(r, run) else {
        return;
    };
    let mut read = false;
    let mut write = false;
    let mut file: Option<&str> = None;
    let mut k = 0;
    while k < words.len() {
        let w = words[k];
        k += 1;
        if w == "--" {
            break;
        }
        let Some(letters) = w.strip_prefix('-') else {
            continue;
        };
        for (i, c) in letters.char_indices() {
            match c {
                'r' => read = true,
                'w' => write = true,
                // Letters that take a value: the rest of the word or the next.
                'f' | 's' | 'b' | 'o' | 'p' | 'x' | 'T' | 'B' | 'G' | 'U' => {
                    let rest = &letters[i + 1..];
                    let value = if rest.is_empty() {
                        k += 1;
                        words.get(k - 1).copied()
                    } else {
                        Some(rest)
                    };
                    if c == 'f' {
                        file = value;
                    }
                    break;
                }
                _ => {}
            }
        }
    }
    if read {
        r.note(
            Opaque,
            format!("{shown} extracts or copies under names only the archive or its operands give (absolute names and `..` kept)"),
        );
    } else if write {
        match file {
            Some(f) => r.change(
                &Arg::literal(f),
                scope,
                Change::Overwrite,
                Reach::Path,
                &shown,
            ),
            None => r.note(Read, format!("{shown} writes the archive to its output")),
        }
    } else {
        r.note(Read, format!("{shown} lists an archive"));
    }
}

/// uudecode: writes each file under the name its `begin` line gives (any
/// path), or the one `-o` names.
pub const UUDECODE: Program = Program {
    names: &["uudecode"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: uudecode,
    examples: examples![
        (Opaque, "uudecode x.uu"),
        (TargetWrite, "uudecode -o out.bin x.uu"),
        (Destructive, "uudecode -o ../../.wicket/x x.uu"),
    ],
    manual: "GNU sharutils uudecode: -o (not installed here; its manual)",
};

fn uudecode(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let Some(words) = literal_words(r, run) else {
        return;
    };
    let out = words.iter().enumerate().find_map(|(i, w)| {
        if *w == "-o" || *w == "--output-file" {
            words.get(i + 1).copied()
        } else {
            w.strip_prefix("-o")
                .filter(|v| !v.is_empty())
                .or_else(|| w.strip_prefix("--output-file="))
        }
    });
    match out {
        Some(f) if f != "/dev/stdout" => r.change(
            &Arg::literal(f),
            scope,
            Change::Overwrite,
            Reach::Path,
            &shown,
        ),
        Some(_) => r.note(Read, format!("{shown} decodes to its output")),
        None => r.note(
            Opaque,
            format!("{shown} writes the file its input names (any path)"),
        ),
    }
}

/// Programs that unpack an archive of any kind under the names it holds, or
/// run a shell archive: unshar (a shell script), atool's aunpack and dtrx,
/// patool and atool itself unless they only list.
pub const UNPACKS: Program = Program {
    names: &["unshar", "aunpack", "dtrx", "patool", "atool"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: unpacks,
    examples: examples![
        (Opaque, "unshar x.shar"),
        (Opaque, "aunpack x.tar.gz"),
        (Opaque, "atool -x x.tar.gz"),
        (Read, "atool -l x.tar.gz"),
        (Read, "patool list x.zip"),
    ],
    manual: "sharutils unshar, atool, dtrx, patool (not installed here; their manuals)",
};

fn unpacks(r: &mut Reader, run: &Run, _scope: &mut Scope) {
    let shown = run.shown();
    let Some(words) = literal_words(r, run) else {
        return;
    };
    let lists = match run.name {
        "atool" => words.iter().any(|w| matches!(*w, "-l" | "--list")),
        "patool" => words.first().is_some_and(|w| matches!(*w, "list" | "test")),
        _ => false,
    };
    if lists {
        r.note(Read, format!("{shown} lists an archive"));
    } else {
        r.note(
            Opaque,
            format!("{shown} unpacks an archive under the names it holds, or runs it"),
        );
    }
}

/// lha: its first word is the command letters: `l`, `v`, `t` list or test,
/// `x` and `e` extract under the archive's names, `a`, `u`, `c`, `m`, `d`
/// write the archive named next.
pub const LHA: Program = Program {
    names: &["lha", "lhasa"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: lha,
    examples: examples![
        (Opaque, "lha x x.lzh"),
        (Opaque, "lha -e x.lzh"),
        (Read, "lha l x.lzh"),
        (TargetWrite, "lha a out.lzh src"),
        (Destructive, "lha a ../../.wicket/x src"),
    ],
    manual: "lha 1.14 usage (not installed here)",
};

fn lha(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let Some(words) = literal_words(r, run) else {
        return;
    };
    let Some(cmd) = words.first().map(|w| w.trim_start_matches('-')) else {
        r.note(Read, format!("{shown} prints its usage"));
        return;
    };
    match cmd.chars().next() {
        Some('l' | 'v' | 't') => r.note(Read, format!("{shown} lists or tests an archive")),
        Some('a' | 'u' | 'c' | 'm' | 'd') if !cmd.contains(['w', 'x', 'e']) => match words.get(1) {
            Some(f) => r.change(
                &Arg::literal(f),
                scope,
                Change::Overwrite,
                Reach::Path,
                &shown,
            ),
            None => r.note(Read, format!("{shown} names no archive")),
        },
        _ => r.note(
            Opaque,
            format!("{shown} extracts under names only the archive knows"),
        ),
    }
}

/// unsquashfs: extracts a squashfs image into `-d DIR` (a new
/// `squashfs-root` by default; `-f` writes into one that exists), under the
/// image's names; the listing and statistics options only read.
pub const UNSQUASHFS: Program = Program {
    names: &["unsquashfs"],
    syntax: Syntax::Own,
    output: None,
    lists_paths_under: None,
    read: unsquashfs,
    examples: examples![
        (Opaque, "unsquashfs -f -d . x.sqfs"),
        (Destructive, "unsquashfs -f -d ../.. x.sqfs"),
        (Read, "unsquashfs -l x.sqfs"),
        (Read, "unsquashfs -s x.sqfs"),
    ],
    manual: "squashfs-tools 4.5 unsquashfs -help (not installed here)",
};

fn unsquashfs(r: &mut Reader, run: &Run, scope: &mut Scope) {
    let shown = run.shown();
    let Some(words) = literal_words(r, run) else {
        return;
    };
    let lists = words.iter().any(|w| {
        matches!(
            w.trim_start_matches('-'),
            "l" | "ls"
                | "ll"
                | "lls"
                | "lc"
                | "llc"
                | "ln"
                | "lln"
                | "s"
                | "stat"
                | "cat"
                | "h"
                | "help"
                | "v"
                | "version"
                | "mkfs-time"
                | "fstime"
        )
    });
    if lists {
        r.note(Read, format!("{shown} lists or prints an image"));
        return;
    }
    let dir = words.iter().enumerate().find_map(|(i, w)| {
        matches!(w.trim_start_matches('-'), "d" | "dest")
            .then(|| words.get(i + 1).copied())
            .flatten()
    });
    let dir = Arg::literal(dir.unwrap_or("squashfs-root"));
    r.fills_with_unseen(&dir, scope, Change::Overwrite, false, &shown);
}
