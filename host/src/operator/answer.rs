//! `wicket answer <ws> <agent> pass|refuse|hold`: settle the call parked on
//! an agent. The hold mark is read live, so the answer names what is parked
//! now; the scope is checked against the effect the reason's tag carries; the
//! row is written before anything is launched, so the re-consult that the
//! launch causes already sees it.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::{bail, Context, Result};
use serde_json::json;

use crate::judge::{call_only, Ruling};
use crate::operator::launch::{self, Launched};
use crate::operator::{check_agent_id, refused, Receipt, Refusal};
use crate::reason;
use crate::trail::{self, Answer, Row, Scope, What};

/// The longest message an answer carries to the agent.
pub const MAX_MESSAGE_CHARS: usize = 500;

pub struct Args<'a> {
    pub ws: &'a Path,
    pub agent: &'a str,
    pub ruling: Ruling,
    pub scope: Scope,
    pub id: Option<&'a str>,
    pub expires: Option<&'a str>,
    /// Words for the agent, carried in the refusal's reason.
    pub message: Option<&'a str>,
}

pub fn run(args: Args) -> Result<Receipt> {
    let ws = crate::workspace::Workspace::open(args.ws)?;
    let agent = crate::operator::resolve_agent(&ws, args.agent, true)?;
    let args = Args {
        agent: &agent,
        ..args
    };
    check_agent_id(args.agent)?;
    let Some(mark) = ws.hold_mark(args.agent) else {
        let (known, kind) = if ws.agent_exists(args.agent) {
            ("", Refusal::NothingParked)
        } else {
            (" (and there is no such agent there)", Refusal::NoSuchAgent)
        };
        return Err(refused(kind, format!(
            "nothing is held for agent {} in {}{known}: refs/litany/held/{} is not set; `wicket status {}` lists what is parked",
            args.agent,
            ws.root.display(),
            args.agent,
            ws.root.display()
        )));
    };
    if let Some(id) = args.id {
        if id != mark.tool_use_id {
            return Err(refused(Refusal::HoldChanged, format!(
                "the call held for {} is {} ({}), not {id}: the id is mistyped, or the hold changed since you looked; nothing was answered — check `wicket status {}` and answer again",
                args.agent,
                mark.tool_use_id,
                mark.tool,
                ws.root.display()
            )));
        }
    }
    let mut tag = reason::read_tag(&mark.reason);
    if args.scope != Scope::Call {
        let Some((effect, _)) = &tag else {
            return Err(refused(Refusal::ScopeNotAllowed,
                "this hold's reason carries no wicket tag, so its effect is unknown and only `--scope call` can answer it".into()
            ));
        };
        if call_only(*effect) {
            return Err(refused(Refusal::ScopeNotAllowed, format!(
                "a {} answer cannot stand for {} calls: each one is answered on its own (`--scope call`). To let this very \
                 command through without asking, `wicket explain {} {}` suggests an exact command rule for capability.yaml \
                 (none for a program that runs text)",
                args.scope.word(),
                effect.word(),
                ws.root.display(),
                args.agent
            )));
        }
        // What a wider answer stands for is re-derived from the call litany
        // will run, never taken from the mark's text (which an agent that
        // can write refs could have forged).
        let derived = rederive(&ws, args.agent, &mark)?;
        if tag.as_ref() != Some(&derived) {
            bail!(
                "the hold mark on {} does not match the call parked there (its tag says {}, the call reads as {} {}): \
                 answer it call by call (`--scope call`) after checking it with `wicket explain`",
                args.agent,
                tag.as_ref().map_or("nothing".to_owned(), |(e, _)| e.word().to_owned()),
                derived.0.word(),
                &derived.1[..12]
            );
        }
        tag = Some(derived);
        let Some((effect, _)) = &tag else {
            return Err(refused(Refusal::ScopeNotAllowed,
                "this hold's reason carries no wicket tag, so its effect is unknown and only `--scope call` can answer it".into()
            ));
        };
        if call_only(*effect) {
            return Err(refused(Refusal::ScopeNotAllowed, format!(
                "a {} answer cannot stand for {} calls: each one is answered on its own (`--scope call`). To let this very \
                 command through without asking, `wicket explain {} {}` suggests an exact command rule for capability.yaml \
                 (none for a program that runs text)",
                args.scope.word(),
                effect.word(),
                ws.root.display(),
                args.agent
            )));
        }
    }
    let expires = match args.expires {
        None => None,
        Some(text) => {
            let duration = humantime::parse_duration(text).with_context(|| {
                format!("--expires takes a duration like 30m, 8h or 7d; `{text}` is not one")
            })?;
            // An answer that has expired before it is written stands for
            // nothing.
            if duration.is_zero() {
                anyhow::bail!(
                    "--expires {text} would end the answer before it could be used; give a duration in the future (30m, 8h, 7d), or leave --expires out for an answer that stands until withdrawn"
                );
            }
            Some(humantime::format_rfc3339_seconds(SystemTime::now() + duration).to_string())
        }
    };
    let message = match args.message.map(str::trim) {
        None => None,
        Some("") => bail!("--message is empty; write what the agent should be told, or leave --message out"),
        Some(_) if args.ruling != Ruling::Refuse => bail!(
            "--message reaches the agent only with a refuse (a pass runs the call, a hold keeps it parked where the model sees nothing); nothing was answered"
        ),
        Some(text) if text.chars().count() > MAX_MESSAGE_CHARS => bail!(
            "--message is {} characters, more than the {MAX_MESSAGE_CHARS} a reason carries; say it shorter",
            text.chars().count()
        ),
        Some(text) => Some(reason::clip(text, MAX_MESSAGE_CHARS)),
    };
    let at = humantime::format_rfc3339_millis(SystemTime::now()).to_string();
    let answer = Answer {
        answer: trail::answer_name(&at, args.agent, &mark.tool_use_id, args.scope),
        ruling: args.ruling,
        scope: args.scope,
        agent: args.agent.to_owned(),
        tool_use_id: mark.tool_use_id.clone(),
        tool: mark.tool.clone(),
        effect: tag.as_ref().map(|(e, _)| e.word().to_owned()),
        digest: tag.as_ref().map(|(_, d)| d.clone()),
        reason: mark.reason.clone(),
        expires,
        message,
    };
    // The answer this one supersedes (same scope and key), said aloud. It
    // is the agent's or the workspace's, so the agent's fold (as a consult
    // reads it, its buckets and index only) holds it as the whole would.
    let key = answer.key();
    let replaced = trail::State::load_for(&ws.state_dir(), args.agent)
        .ok()
        .and_then(|state| state.answers.into_iter().find(|s| s.answer.key() == key));
    let row = Row {
        at,
        who: trail::Who::here(),
        what: What::Answer(answer.clone()),
    };
    crate::operator::append(&ws, &row, None).context("nothing was answered")?;

    // Pass and refuse move the conversation on; hold keeps it parked.
    let launched = if args.ruling == Ruling::Hold {
        None
    } else {
        let confine = requires_confinement(&ws, args.agent);
        Some(launch::advance(
            &ws,
            args.agent,
            confine,
            &guarded_paths_for(&ws),
        ))
    };
    let width = width(&ws, &answer);
    let mut receipt = receipt(&ws.root, &answer, launched.as_ref());
    let mut extra = String::new();
    if let Some(old) = &replaced {
        extra.push_str(&format!(
            "It replaces answer {} ({} at {} scope, given {} by {}@{}{}), which no longer stands.\n",
            old.answer.answer,
            old.answer.ruling.word(),
            old.answer.scope.word(),
            old.at,
            old.who.user,
            old.who.host,
            match (&old.answer.expires, old.expired) {
                (Some(e), true) => format!(", expired {e}"),
                (Some(e), false) => format!(", until {e}"),
                (None, _) => String::new(),
            }
        ));
    }
    extra.push_str(&width.0);
    receipt.human = match receipt.human.split_once('\n') {
        Some((first, rest)) => format!("{first}\n{extra}{rest}"),
        None => format!("{}\n{extra}", receipt.human),
    };
    receipt.json["replaced"] = serde_json::to_value(&replaced).unwrap_or_default();
    receipt.json["width"] = width.1;
    Ok(receipt)
}

/// Commands that show how wide a standing answer is, by the class the
/// classifier reads them as.
const WIDTH_EXAMPLES: &[&str] = &[
    "rm -rf src",
    "git commit -am wip",
    "sed -i s/a/b/ src/main.rs",
    "echo x > README.md",
    "curl -s https://any.example/x -o x",
    "git push origin HEAD",
    "pip install requests",
    "cargo test",
    "npm test",
    "python3 build.py",
    "cat src/main.rs",
    "git log",
];

/// How far an answer stands, in a sentence and with real examples: for a
/// wider answer, commands this agent could run that the classifier reads as
/// the same class (each consulted, so the examples are what wicket reads).
fn width(ws: &crate::workspace::Workspace, answer: &Answer) -> (String, serde_json::Value) {
    let Some(class) = answer.class() else {
        return (String::new(), serde_json::Value::Null);
    };
    let whom = match answer.scope {
        Scope::Call => {
            return (
                "It stands for this call only: the same id with any other input, or any other call, is judged afresh.\n".into(),
                json!({"scope": "call", "examples": []}),
            )
        }
        Scope::Conversation => format!("every call of {} and its descent", answer.agent),
        Scope::Workspace => "every call of every conversation in this workspace".to_owned(),
    };
    let mut examples = Vec::new();
    if answer.tool == crate::commands::TOOL {
        for command in WIDTH_EXAMPLES {
            if examples.len() == 4 {
                break;
            }
            let request = crate::wire::Request {
                id: "wicket-width-example".into(),
                name: answer.tool.clone(),
                input: json!({ "command": command }),
                role: ws.role(&answer.agent),
                agent_id: answer.agent.clone(),
            };
            if let Ok(trace) =
                crate::consult::bounded(request, crate::consult::Env::for_workspace(&ws.root))
            {
                if Some(judge_class(&trace).word()) == answer.effect.as_deref() {
                    examples.push(command.to_string());
                }
            }
        }
    }
    let mut text = format!(
        "How wide: it stands for {whom} that the classifier reads as {class}, whatever the command{}",
        if examples.is_empty() {
            ".\n".to_owned()
        } else {
            format!(
                " — for example {}.\n",
                examples
                    .iter()
                    .map(|e| format!("`{e}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    );
    text.push_str(
        "For one command only, answer with `--scope call`, or write an exact command rule (`wicket explain` suggests one).\n",
    );
    (
        text,
        json!({"scope": answer.scope.word(), "class": class, "examples": examples}),
    )
}

/// The class and digest of the call parked on `agent`, read from litany's
/// transcript and consulted as the control would: what an answer wider than
/// this call stands for.
fn rederive(
    ws: &crate::workspace::Workspace,
    agent: &str,
    mark: &crate::workspace::HoldMark,
) -> Result<(wicket_guest::Effect, String)> {
    let Some((tool, input)) = ws.parked_call(agent, &mark.tool_use_id)? else {
        bail!(
            "the call {} held on {agent} is not in its transcript, so what a wider answer would stand for cannot be read; \
             answer it call by call (`--scope call`)",
            mark.tool_use_id
        );
    };
    if tool != mark.tool {
        bail!(
            "the hold mark on {agent} names the tool {} but the parked call is {tool}; answer it call by call (`--scope call`)",
            mark.tool
        );
    }
    let request = crate::wire::Request {
        id: mark.tool_use_id.clone(),
        name: tool,
        input,
        role: ws.role(agent),
        agent_id: agent.to_owned(),
    };
    match crate::consult::bounded(request, crate::consult::Env::for_workspace(&ws.root)) {
        Ok(trace) => Ok((
            judge_class(&trace),
            trace.digest,
        )),
        Err(_) => bail!(
            "the parked call on {agent} could not be consulted again to read its effect; answer it call by call (`--scope call`)"
        ),
    }
}

/// The class a standing answer is keyed by: the plugins' deciding finding.
fn judge_class(trace: &crate::consult::Trace) -> wicket_guest::Effect {
    crate::judge::deciding(&trace.findings).map_or(wicket_guest::Effect::Opaque, |f| f.effect)
}

/// Whether the agent's policy requires confinement (an unreadable policy is
/// taken as requiring it: never a silent fallback out of the wall).
fn requires_confinement(ws: &crate::workspace::Workspace, agent: &str) -> bool {
    let Ok(source) = ws.config_source(agent) else {
        return true;
    };
    match ws.file_at(&source.commit, crate::policy::FILE) {
        Ok(Some(text)) => {
            let policy = crate::policy::Policy::parse(&String::from_utf8_lossy(&text), &ws.root);
            policy.requires_confinement() || !policy.diagnostics.is_empty()
        }
        Ok(None) => false,
        Err(_) => true,
    }
}

/// wicket's own cache and binaries: kept read-only inside the wall.
pub fn guarded_paths() -> Vec<PathBuf> {
    crate::plugins::Cache::root_from_env()
        .into_iter()
        .chain(std::env::current_exe().ok())
        .chain(crate::plugins::compiler().ok())
        .collect()
}

/// [`guarded_paths`], and every plugin file a lineage's policy names.
pub fn guarded_paths_for(ws: &crate::workspace::Workspace) -> Vec<PathBuf> {
    let mut paths = guarded_paths();
    for (_, tip) in ws.refs(crate::workspace::CONFIG_HEADS).unwrap_or_default() {
        if let Ok(Some(text)) = ws.file_at(&tip, crate::policy::FILE) {
            let policy = crate::policy::Policy::parse(&String::from_utf8_lossy(&text), &ws.root);
            paths.extend(policy.classifiers.into_iter().map(|c| c.path));
        }
    }
    paths
}

fn receipt(ws: &Path, answer: &Answer, launched: Option<&Launched>) -> Receipt {
    let class = answer.class().unwrap_or_else(|| answer.tool.clone());
    let mut human = match answer.scope {
        Scope::Call => format!(
            "Answered {} ({}): {} for the call {} ({}) held on {}.\n",
            answer.answer,
            answer.scope.word(),
            answer.ruling.word(),
            answer.tool_use_id,
            answer.tool,
            answer.agent
        ),
        Scope::Conversation => format!(
            "Answered {} ({}): {} for {class} on {} and its whole descent; it also settles the held call {}.\n",
            answer.answer,
            answer.scope.word(),
            answer.ruling.word(),
            answer.agent,
            answer.tool_use_id
        ),
        Scope::Workspace => format!(
            "Answered {} ({}): {} for {class} in every conversation of {}; it also settles the held call {}.\n",
            answer.answer,
            answer.scope.word(),
            answer.ruling.word(),
            ws.display(),
            answer.tool_use_id
        ),
    };
    if let Some(expires) = &answer.expires {
        human.push_str(&format!("It stands until {expires}.\n"));
    }
    if let Some(message) = &answer.message {
        human.push_str(&format!(
            "The agent's model is told, with the refusal: The operator says: {message}\n"
        ));
    }
    if answer.scope != Scope::Call {
        human.push_str(&format!(
            "Take it back with: wicket withdraw {} {}\n",
            ws.display(),
            answer.answer
        ));
    }
    match launched {
        None => human.push_str("Nothing was launched: a hold keeps the call parked.\n"),
        Some(l) if l.ok => human.push_str(&format!(
            "Launched{}: {} (pid {}, log {}).\n",
            if l.confined { " inside the wall" } else { "" },
            l.argv.join(" "),
            l.pid.unwrap_or(0),
            l.log.as_deref().unwrap_or("-")
        )),
        Some(l) => human.push_str(&format!(
            "The answer stands, but the release was not launched: {}. Run `litany advance {} {}` yourself.\n",
            l.error.as_deref().unwrap_or("unknown error"),
            ws.display(),
            answer.agent
        )),
    }
    if let Some(e) = launched.and_then(|l| l.receipt_error.as_ref()) {
        human.push_str(&format!("The launch receipt could not be recorded: {e}.\n"));
    }
    Receipt {
        human,
        json: json!({ "answer": answer, "launch": launched }),
    }
}
