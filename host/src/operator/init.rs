//! `wicket init <ws>`: wire this wicket into a litany workspace — the
//! `tool_control:` block of `workflow.yaml` on every config lineage names the
//! running binary — and warm the compile cache for the plugins the policies
//! name. Through `litany config` with a scripted editor when litany is here,
//! else a git-plumbing commit that moves the lineage only if nobody else did
//! (compare-and-swap). Only the block changes; the rest of the file keeps its
//! bytes and order. Running it twice changes nothing; `--remove` unwires.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};
use serde_json::json;

use crate::consult::plugins_in_force;
use crate::operator::launch::litany_binary;
use crate::operator::Receipt;
use crate::plugins::Runtime;
use crate::policy::Policy;
use crate::workspace::{Workspace, CONFIG_HEADS};

/// The file litany reads the control from, in each config commit.
pub const WORKFLOW: &str = "workflow.yaml";

/// `text` with its top-level `tool_control:` block set to name `control`, or
/// removed when `control` is `None`. Every other line keeps its bytes.
pub fn rewire(text: &str, control: Option<&str>) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = String::with_capacity(text.len() + 64);
    let mut placed = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_block_start(line) {
            // The block: this line and the indented lines under it.
            let mut end = i + 1;
            let mut last_content = i;
            while end < lines.len() {
                let next = lines[end];
                let blank = next.trim().is_empty();
                if !blank && !next.starts_with([' ', '\t']) {
                    break;
                }
                if !blank {
                    last_content = end;
                }
                end += 1;
            }
            if let (Some(control), false) = (control, placed) {
                out.push_str(&block(control));
                placed = true;
            }
            i = last_content + 1;
            continue;
        }
        out.push_str(line);
        i += 1;
    }
    if let (Some(control), false) = (control, placed) {
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&block(control));
    }
    out
}

/// The command `workflow.yaml`'s top-level `tool_control` block names, if
/// it has one (`None`: litany asks no control before tool calls).
pub fn wired_command(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| is_block_start(l))?;
    let inline = lines[start]
        .split_once(':')
        .map(|(_, v)| v.trim())
        .unwrap_or("");
    // `tool_control: {command: X}` on one line.
    if let Some(body) = inline.strip_prefix('{').and_then(|b| b.strip_suffix('}')) {
        return body.split(',').find_map(|kv| {
            let (k, v) = kv.split_once(':')?;
            (k.trim() == "command").then(|| unquote(v.trim()))
        });
    }
    lines[start + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || l.starts_with([' ', '\t']))
        .find_map(|l| {
            let (k, v) = l.trim().split_once(':')?;
            (k.trim() == "command").then(|| unquote(v.trim()))
        })
        .filter(|c| !c.is_empty())
}

fn unquote(text: &str) -> String {
    let text = text.split(" #").next().unwrap_or(text).trim();
    text.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .or_else(|| text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')))
        .unwrap_or(text)
        .to_owned()
}

fn is_block_start(line: &str) -> bool {
    line.strip_prefix("tool_control")
        .is_some_and(|rest| rest.trim_start().starts_with(':'))
}

fn block(control: &str) -> String {
    format!("tool_control:\n  command: {}\n", yaml_scalar(control))
}

fn yaml_scalar(text: &str) -> String {
    if shell_safe(text) {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "''"))
    }
}

/// A path that needs no quoting: in YAML, or unquoted inside `$EDITOR`,
/// which `litany config` hands to `sh`.
fn shell_safe(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+".contains(c))
}

/// What happened to one lineage.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Lineage {
    pub lineage: String,
    /// wired, unwired, unchanged or skipped.
    pub action: &'static str,
    /// litany or git, when something was committed.
    pub via: Option<&'static str>,
    pub note: Option<String>,
}

pub fn run(ws: &Path, remove: bool) -> Result<Receipt> {
    let ws = crate::workspace::Workspace::open(ws)?;
    let me = std::env::current_exe().context("could not find the running wicket binary")?;
    let me = std::fs::canonicalize(&me).unwrap_or(me);
    let control = me
        .to_str()
        .context("the wicket binary's path is not UTF-8; litany cannot name it")?
        .to_owned();
    let lineages = ws.refs(CONFIG_HEADS)?;
    if lineages.is_empty() {
        bail!(
            "{} has no config lineage (refs/heads/config/*); `litany new` makes one",
            ws.root.display()
        );
    }
    let litany = litany_binary().ok();
    let mut results = Vec::new();
    for (head, tip) in &lineages {
        let name = head.trim_start_matches("refs/heads/config/").to_owned();
        results.push(wire_lineage(
            &ws,
            &name,
            tip,
            &control,
            remove,
            litany.as_deref(),
            &me,
        )?);
    }
    let warmed = if remove {
        Vec::new()
    } else {
        warm_cache(&ws, &lineages)
    };

    let mut human = String::new();
    for r in &results {
        let what = match (r.action, r.via) {
            ("wired", Some(via)) => format!("wired (tool_control.command: {control}), via {via}"),
            ("unwired", Some(via)) => {
                format!("unwired (its tool_control block removed), via {via}")
            }
            ("unchanged", _) if remove => "left alone: it does not name a control".to_owned(),
            ("unchanged", _) => "left alone: already wired to this wicket".to_owned(),
            (_, _) => format!("left alone: {}", r.note.as_deref().unwrap_or("")),
        };
        human.push_str(&format!("config/{}: {what}\n", r.lineage));
        if let Some(note) = r.note.as_ref().filter(|_| r.action != "skipped") {
            human.push_str(&format!("  {note}\n"));
        }
    }
    if results.iter().all(|r| r.action == "unchanged") {
        human.push_str("Nothing changed.\n");
    }
    for (lineage, plugin, outcome) in &warmed {
        human.push_str(&format!(
            "compile cache, config/{lineage}: {plugin}: {outcome}\n"
        ));
    }
    Ok(Receipt {
        human,
        json: json!({
            "control": control,
            "lineages": results,
            "cache": warmed.iter().map(|(l, p, o)| json!({"lineage": l, "plugin": p, "outcome": o})).collect::<Vec<_>>(),
        }),
    })
}

fn wire_lineage(
    ws: &Workspace,
    name: &str,
    tip: &str,
    control: &str,
    remove: bool,
    litany: Option<&Path>,
    me: &Path,
) -> Result<Lineage> {
    let Some(bytes) = ws.file_at(tip, WORKFLOW)? else {
        return Ok(Lineage {
            lineage: name.into(),
            action: "skipped",
            via: None,
            note: Some(format!("its tip has no {WORKFLOW}")),
        });
    };
    let Ok(text) = String::from_utf8(bytes) else {
        return Ok(Lineage {
            lineage: name.into(),
            action: "skipped",
            via: None,
            note: Some(format!("its {WORKFLOW} is not UTF-8")),
        });
    };
    let wanted = rewire(&text, (!remove).then_some(control));
    if wanted == text {
        return Ok(Lineage {
            lineage: name.into(),
            action: "unchanged",
            via: None,
            note: None,
        });
    }
    let action = if remove { "unwired" } else { "wired" };
    let mut note = None;
    if let Some(litany) =
        litany.filter(|_| shell_safe(control) && me.to_str().is_some_and(shell_safe))
    {
        match through_litany(ws, name, litany, me, control, remove) {
            Ok(()) => {
                return Ok(Lineage {
                    lineage: name.into(),
                    action,
                    via: Some("litany config"),
                    note: None,
                })
            }
            Err(e) => {
                note = Some(format!(
                    "litany config failed ({e:#}); committed with git instead"
                ))
            }
        }
    }
    commit_with_git(ws, name, tip, &wanted)
        .with_context(|| format!("config/{name} was not changed"))?;
    Ok(Lineage {
        lineage: name.into(),
        action,
        via: Some("a git commit"),
        note,
    })
}

/// `litany config <ws> <name>` with this binary as the editor.
fn through_litany(
    ws: &Workspace,
    name: &str,
    litany: &Path,
    me: &Path,
    control: &str,
    remove: bool,
) -> Result<()> {
    let editor = if remove {
        format!("{} edit-workflow --remove", me.display())
    } else {
        format!("{} edit-workflow --control {control}", me.display())
    };
    let mut command = Command::new(litany);
    command
        .args(["config"])
        .arg(&ws.root)
        .arg(name)
        .env("EDITOR", editor)
        .stdin(Stdio::null());
    for key in crate::operator::launch::TOOL_STEP_VARIABLES {
        command.env_remove(key);
    }
    let out = command
        .output()
        .with_context(|| format!("could not run {}", litany.display()))?;
    if !out.status.success() {
        bail!(
            "{}",
            String::from_utf8_lossy(&out.stderr)
                .trim()
                .lines()
                .last()
                .unwrap_or("exited non-zero")
        );
    }
    Ok(())
}

/// A commit with the new workflow.yaml on top of `tip`, moved in only if the
/// lineage still points at `tip`.
fn commit_with_git(ws: &Workspace, name: &str, tip: &str, workflow: &str) -> Result<()> {
    let index = ws
        .root
        .join(format!(".wicket-init-index.{}", std::process::id()));
    let result = (|| -> Result<()> {
        let git = |args: &[&str], input: Option<&str>| -> Result<String> {
            let mut command = ws.git();
            command.env("GIT_INDEX_FILE", &index).args(args);
            command
                .stdin(if input.is_some() {
                    Stdio::piped()
                } else {
                    Stdio::null()
                })
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            let mut child = command.spawn().context("could not run git")?;
            if let Some(text) = input {
                child
                    .stdin
                    .take()
                    .context("git has no stdin")?
                    .write_all(text.as_bytes())?;
            }
            let out = child.wait_with_output()?;
            if !out.status.success() {
                bail!(
                    "git {} failed: {}",
                    args.first().unwrap_or(&""),
                    String::from_utf8_lossy(&out.stderr).trim()
                );
            }
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
        };
        git(&["read-tree", tip], None)?;
        let blob = git(&["hash-object", "-w", "--stdin"], Some(workflow))?;
        git(
            &[
                "update-index",
                "--add",
                "--cacheinfo",
                &format!("100644,{blob},{WORKFLOW}"),
            ],
            None,
        )?;
        let tree = git(&["write-tree"], None)?;
        let who = crate::trail::Who::here();
        let email = format!("{}@{}", who.user.replace(' ', "."), who.host);
        let message = format!("config: wire the tool control [config/{name}]");
        let commit = git(
            &[
                "-c",
                &format!("user.name={}", who.user),
                "-c",
                &format!("user.email={email}"),
                "commit-tree",
                &tree,
                "-p",
                tip,
                "-m",
                &message,
            ],
            None,
        )?;
        git(
            &["update-ref", &format!("{CONFIG_HEADS}{name}"), &commit, tip],
            None,
        )
        .map_err(|e| {
            anyhow::anyhow!(
                "config/{name} moved while wicket was wiring it ({e}); run `wicket init` again"
            )
        })?;
        Ok(())
    })();
    let _ = std::fs::remove_file(&index);
    result
}

/// Compile (and cache) every plugin each lineage's policy names, with
/// `wicket-compile`, then load each once: `(lineage, plugin, outcome)`.
pub fn warm_cache(ws: &Workspace, lineages: &[(String, String)]) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let root = crate::plugins::Cache::root_from_env();
    let Ok(runtime) = Runtime::new(root.as_deref()) else {
        return out;
    };
    let mut seen: Vec<String> = Vec::new();
    let mut read_files = Vec::new();
    for (head, tip) in lineages {
        let name = head.trim_start_matches("refs/heads/config/").to_owned();
        let policy = match ws.file_at(tip, crate::policy::FILE) {
            Ok(Some(text)) => Policy::parse(&String::from_utf8_lossy(&text), &ws.root),
            Ok(None) => Policy::shipped(),
            // Unreadable: nothing to compile from; the consult holds on it.
            Err(_) => continue,
        };
        for plugin in plugins_in_force(&policy) {
            // Read as a consult would; where there is a cache, what each
            // file hashed to is recorded there, so consults need not hash
            // an unchanged file again.
            let read = match runtime.cache() {
                Some(cache) => crate::plugins::read_recording(&runtime, cache, &plugin),
                None => runtime.read(&plugin),
            };
            let sha = match read {
                Ok((_, sha)) => sha,
                Err((_, fault)) => {
                    out.push((
                        name.clone(),
                        plugin.name.clone(),
                        format!("cannot be loaded: {}", fault.detail(&plugin.name)),
                    ));
                    continue;
                }
            };
            if seen.contains(&sha) {
                continue;
            }
            seen.push(sha.clone());
            let mut compiled = String::new();
            // Compile only what waits for it: a plugin refused for what it
            // is (its contract version, say) is reported as that, below.
            if let Err((_, crate::plugins::Fault::NotCompiled(_))) = runtime.load(&plugin) {
                let target = match &plugin.source {
                    crate::plugins::Source::Embedded => "--default".to_owned(),
                    crate::plugins::Source::File { path, .. } => path.display().to_string(),
                };
                compiled = match &root {
                    Some(root) => match crate::plugins::compile_now(root, &[target]) {
                        Ok(_) => "compiled and cached; ".to_owned(),
                        Err(why) => format!("could not be compiled ({why}); "),
                    },
                    None => {
                        "not compiled: no cache directory ($XDG_CACHE_HOME or $HOME); ".to_owned()
                    }
                };
            }
            // Instantiated once, as a consult would: linking is where a
            // plugin that compiles can still fail to load.
            let run = runtime.check(&plugin, crate::plugins::PLUGIN_DEADLINE);
            let sha = short(run.sha256.as_deref().unwrap_or(&sha)).to_owned();
            let outcome = match (&run.answer, &run.cache) {
                (crate::plugins::Answer::Fault(fault), _) => {
                    format!(
                        "{compiled}CANNOT BE LOADED: {} (every call is held)",
                        fault.detail(&plugin.name)
                    )
                }
                (_, Some(crate::plugins::CacheUse::Embedded)) => {
                    format!("built in (sha256 {sha}), instantiates")
                }
                _ => format!("{compiled}loads and instantiates (sha256 {sha})"),
            };
            out.push((name.clone(), plugin.name.clone(), outcome));
            read_files.push(plugin);
        }
    }
    // A plugin file written just before this ran is recorded once it has
    // settled (its compiled code is already in place).
    if let Some(cache) = runtime.cache() {
        crate::plugins::remember_when_settled(&runtime, cache, &read_files);
    }
    // And which harness names are links in each PATH directory, so the
    // consults after this need not look (the control only reads it).
    crate::consult::remember_path_links(root.as_deref());
    out
}

fn short(sha: &str) -> &str {
    &sha[..sha.len().min(12)]
}

/// The scripted editor `litany config` runs: rewire `<dir>/workflow.yaml`.
pub fn edit_workflow(dir: &Path, control: Option<&str>) -> Result<()> {
    let path: PathBuf = dir.join(WORKFLOW);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("could not read {}", path.display()))?;
    let wanted = rewire(&text, control);
    if wanted != text {
        std::fs::write(&path, wanted)
            .with_context(|| format!("could not write {}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wired_command_is_read_from_the_block_or_inline() {
        assert_eq!(
            wired_command("a: 1\ntool_control:\n  command: /opt/w/wicket\nb: 2\n").as_deref(),
            Some("/opt/w/wicket")
        );
        assert_eq!(
            wired_command("tool_control: {command: \"/x/wicket\"}\n").as_deref(),
            Some("/x/wicket")
        );
        assert_eq!(wired_command("# tool_control:\n#   command: /x\n"), None);
        assert_eq!(wired_command("tool_control:\nb:\n  command: /x\n"), None);
    }

    const SHIPPED: &str = "events:\n  user_message:\n    - dispatch(titler)\n# tool_control:            <- commented out\n#   command: /path/to/control\nbudgets:\n  max_depth: 5\n";

    #[test]
    fn wiring_appends_a_block_and_keeps_every_other_byte() {
        let wired = rewire(SHIPPED, Some("/opt/wicket/bin/wicket"));
        assert_eq!(
            wired,
            format!("{SHIPPED}tool_control:\n  command: /opt/wicket/bin/wicket\n")
        );
        // Twice is once.
        assert_eq!(rewire(&wired, Some("/opt/wicket/bin/wicket")), wired);
        // Unwiring gives the original back.
        assert_eq!(rewire(&wired, None), SHIPPED);
    }

    #[test]
    fn an_existing_block_is_replaced_in_place() {
        let text = "a: 1\ntool_control:\n  command: /old/control   # note\n\nb:\n  - x\n";
        assert_eq!(
            rewire(text, Some("/new/wicket")),
            "a: 1\ntool_control:\n  command: /new/wicket\n\nb:\n  - x\n"
        );
        let inline = "a: 1\ntool_control: {command: /old}\nb: 2\n";
        assert_eq!(
            rewire(inline, Some("/w")),
            "a: 1\ntool_control:\n  command: /w\nb: 2\n"
        );
        assert_eq!(rewire(inline, None), "a: 1\nb: 2\n");
    }

    #[test]
    fn paths_that_need_quotes_get_them() {
        assert_eq!(
            rewire("", Some("/opt/my tools/wicket")),
            "tool_control:\n  command: '/opt/my tools/wicket'\n"
        );
        assert_eq!(
            rewire("x: 1", Some("/w")),
            "x: 1\ntool_control:\n  command: /w\n"
        );
        assert!(!shell_safe("/opt/my tools/wicket"));
    }
}
