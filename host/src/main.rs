//! The `wicket` binary: with no arguments, litany's tool control; with a
//! subcommand, the operator's tool.

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use wicket::judge::Ruling;
use wicket::trail::Scope;

#[derive(Parser)]
#[command(
    name = "wicket",
    version,
    about = "Adjudicates an AI agent's tool calls for the litany harness",
    long_about = "Adjudicates an AI agent's tool calls for the litany harness.\n\n\
        With no arguments wicket is litany's tool control: it reads one request on stdin \
        and prints one verdict line (pass, refuse or hold). With a subcommand it is the \
        operator's tool."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Answer the call parked on an agent: pass releases it, refuse declines it
    /// in band, hold keeps it parked. Pass and refuse launch `litany advance`.
    Answer {
        /// The litany workspace.
        ws: PathBuf,
        /// The agent the call is parked on: its id, a unique start of it, or its display name.
        agent: String,
        /// pass, refuse or hold.
        verdict: Ruling,
        /// How far the answer stands: this call, its class (<tool>@<effect>)
        /// for the conversation and its descent, or for the workspace.
        #[arg(long, value_enum, default_value = "call")]
        scope: Scope,
        /// The tool_use id you expect to be parked; refused if it changed.
        #[arg(long)]
        id: Option<String>,
        /// Let the answer lapse after this long (30m, 8h, 7d).
        #[arg(long)]
        expires: Option<String>,
        /// With refuse: words for the agent, carried in the reason its model reads.
        #[arg(long)]
        message: Option<String>,
        /// Print the receipt as JSON, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Take back an answer that stands (`wicket status` names each one).
    Withdraw {
        /// The litany workspace.
        ws: PathBuf,
        /// The answer's name, like a-1c2d3e4f.
        answer: String,
        /// Print the receipt as JSON, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Revoke a conversation's auto-approval: every call above read, of it
    /// and its whole descent, waits for the operator.
    Revoke {
        /// The litany workspace.
        ws: PathBuf,
        /// The agent: its id (branch agents/<id>), a unique start of it, or its display name.
        agent: String,
        /// Print the receipt as JSON, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Give a revoked conversation its auto-approval back.
    Restore {
        /// The litany workspace.
        ws: PathBuf,
        /// The agent: its id (branch agents/<id>), a unique start of it, or its display name.
        agent: String,
        /// Print the receipt as JSON, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Run a litany command inside the wall (bubblewrap): the host read-only,
    /// the workspace and litany's roots writable, wicket's state read-only.
    Run {
        /// The workspace (default: the first argument that is one).
        #[arg(long)]
        workspace: Option<PathBuf>,
        /// The command, after `--`: `wicket run -- litany prompt <ws> "…"`.
        #[arg(last = true, required = true)]
        command: Vec<std::ffi::OsString>,
    },
    /// Wire this wicket into a litany workspace: every config lineage's
    /// workflow.yaml names it as `tool_control`; warms the compile cache.
    Init {
        /// The litany workspace.
        ws: PathBuf,
        /// Unwire instead: remove the tool_control block.
        #[arg(long)]
        remove: bool,
        /// Print the receipt as JSON, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Write the trail's checkpoint if one has fallen due (what `answer`,
    /// `withdraw`, `revoke` and `restore` start on its own when their row
    /// makes one due, so they need not wait for it).
    #[command(hide = true)]
    Summarise {
        /// The litany workspace.
        ws: PathBuf,
    },
    /// The scripted editor `wicket init` hands `litany config`.
    #[command(hide = true)]
    EditWorkflow {
        #[arg(long)]
        control: Option<String>,
        #[arg(long)]
        remove: bool,
        dir: PathBuf,
    },
    /// What waits and why: parked calls, revoked conversations, answers, policy, the wall.
    Status {
        /// The litany workspace.
        ws: PathBuf,
        /// Print the receipt as JSON, for scripts.
        #[arg(long)]
        json: bool,
        /// Keep watching: print each call as it is parked or settled, until
        /// interrupted (with --json, one JSON object per line).
        #[arg(long)]
        watch: bool,
    },
    /// Trace one consult through every step and show the verdict the control
    /// would print: the call parked on an agent (with the narrowest policy
    /// change that would let it through), or a request on stdin or --request
    /// FILE. Writes nothing.
    Explain {
        /// The litany workspace.
        ws: PathBuf,
        /// The agent whose parked call to trace: its id, a unique start of it, or its display name.
        agent: Option<String>,
        /// The request to trace, as litany sends it: {"id","name","input","role","agent_id"}.
        #[arg(long)]
        request: Option<PathBuf>,
        /// Trace with this candidate capability.yaml in place of the committed one.
        #[arg(long)]
        policy: Option<PathBuf>,
        /// Trace with this candidate plugin (.wasm) run after the policy's own.
        #[arg(long)]
        plugin: Vec<PathBuf>,
        /// Print the receipt as JSON, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Read a candidate capability.yaml with the control's own reader: every
    /// problem with its line (exit 1 on any), and what its table rules.
    Check {
        /// The candidate policy file.
        file: PathBuf,
        /// The workspace relative plugin paths are taken from (default: here).
        #[arg(long)]
        workspace: Option<PathBuf>,
        /// Print the result as JSON, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Run wicket on a built-in example: a throwaway workspace and a few tool
    /// calls, each sent through the control exactly as litany sends it.
    Demo {
        /// Keep the example workspace afterwards.
        #[arg(long)]
        keep: bool,
    },
    /// A plugin author's tools: look inside a plugin, run its cases (no
    /// workspace needed).
    Plugin {
        #[command(subcommand)]
        verb: PluginVerb,
    },
}

#[derive(Subcommand)]
enum PluginVerb {
    /// The world, contract version, imports, size, sha256, compile time, and
    /// whether this wicket can load it (and why not).
    Inspect {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Run a case file through the real sandbox with a synthetic context and
    /// the shipped table (format: README, "Testing a plugin"); exits 1 on
    /// any failure.
    Test {
        file: PathBuf,
        cases: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

fn main() {
    quiet_panics();
    // litany spawns the control with no arguments at all, before every tool
    // call: it goes straight there, without building the operator's
    // command line (a few hundred microseconds of every consult).
    if std::env::args_os().len() <= 1 {
        std::process::exit(control());
    }
    let cli = Cli::parse();
    if let Ok(me) = std::env::current_exe() {
        wicket::operator::summarise_with(me);
    }
    let code = match cli.command {
        None => control(),
        Some(Command::Demo { keep }) => report(wicket::demo::run(keep)),
        Some(Command::Answer {
            ws,
            agent,
            verdict,
            scope,
            id,
            expires,
            message,
            json,
        }) => {
            let result = wicket::operator::answer::run(wicket::operator::answer::Args {
                ws: &ws,
                agent: &agent,
                ruling: verdict,
                scope,
                id: id.as_deref(),
                expires: expires.as_deref(),
                message: message.as_deref(),
            });
            // The answer stands but its release was not launched: a
            // script must not take that for done.
            let unlaunched = result
                .as_ref()
                .is_ok_and(|r| r.json["launch"]["ok"] == serde_json::Value::Bool(false));
            match receipt(result, json) {
                0 if unlaunched => EXIT_NOT_LAUNCHED,
                code => code,
            }
        }
        Some(Command::Withdraw { ws, answer, json }) => {
            receipt(wicket::operator::floor::withdraw(&ws, &answer), json)
        }
        Some(Command::Revoke { ws, agent, json }) => {
            receipt(wicket::operator::floor::revoke(&ws, &agent), json)
        }
        Some(Command::Restore { ws, agent, json }) => {
            receipt(wicket::operator::floor::restore(&ws, &agent), json)
        }
        Some(Command::Summarise { ws }) => report(wicket::operator::summarise(&ws)),
        Some(Command::Run { workspace, command }) => {
            report(wicket::operator::run::run(workspace.as_deref(), &command))
        }
        Some(Command::Init { ws, remove, json }) => {
            receipt(wicket::operator::init::run(&ws, remove), json)
        }
        Some(Command::EditWorkflow {
            control,
            remove,
            dir,
        }) => report(wicket::operator::init::edit_workflow(
            &dir,
            if remove { None } else { control.as_deref() },
        )),
        Some(Command::Status { ws, json, watch }) => {
            if watch {
                match wicket::operator::status::watch(&ws, json) {
                    Ok(()) => 0,
                    Err(e) => failed(&e, json),
                }
            } else {
                receipt(wicket::operator::status::run_for(&ws, json), json)
            }
        }
        Some(Command::Plugin { verb }) => plugin(verb),
        Some(Command::Explain {
            ws,
            agent,
            request,
            policy,
            plugin,
            json,
        }) => receipt(
            wicket::operator::explain::run(wicket::operator::explain::Args {
                ws: &ws,
                agent: agent.as_deref(),
                request_file: request.as_deref(),
                policy_file: policy.as_deref(),
                plugins: &plugin,
            }),
            json,
        ),
        Some(Command::Check {
            file,
            workspace,
            json,
        }) => match wicket::operator::check::run(&file, workspace.as_deref()) {
            Ok((r, problems)) => {
                r.print(json);
                i32::from(problems)
            }
            Err(e) => failed(&e, json),
        },
    };
    std::process::exit(code);
}

/// The control, with a last line of defence: whatever happens on the way to
/// a verdict, litany gets one (a hold), never a crash it would not re-consult.
fn plugin(verb: PluginVerb) -> i32 {
    use wicket::plugins::verbs;
    match verb {
        PluginVerb::Inspect { file, json } => receipt(verbs::inspect(&file), json),
        PluginVerb::Test { file, cases, json } => match verbs::test(&file, &cases) {
            Ok((receipt, passed)) => {
                receipt.print(json);
                i32::from(!passed)
            }
            Err(e) => failed(&e, json),
        },
    }
}

fn control() -> i32 {
    match std::panic::catch_unwind(wicket::consult::control_main) {
        Ok(code) => code,
        Err(_) => {
            println!(
                "{}",
                wicket::wire::Verdict::Hold("wicket failed before it could judge this call (an internal error); the call is held, not lost".into())
                    .line()
            );
            0
        }
    }
}

/// `answer`'s exit status when the answer was written but its release could
/// not be launched (the receipt says what to run instead).
const EXIT_NOT_LAUNCHED: i32 = 3;

/// An operator's receipt, or its error as one sentence on stderr — with
/// `--json` also as a JSON object on stdout — and its exit status (1, or the
/// refusal's own: see the README).
fn receipt(result: anyhow::Result<wicket::operator::Receipt>, json: bool) -> i32 {
    match result {
        Ok(receipt) => {
            receipt.print(json);
            0
        }
        Err(e) => failed(&e, json),
    }
}

/// A verb's error: one sentence on stderr, with `--json` also
/// `{"error": {"kind", "message", "exit"}}` on stdout; its exit status.
fn failed(e: &anyhow::Error, json: bool) -> i32 {
    let (code, kind) = wicket::operator::exit_of(e);
    eprintln!(
        "wicket: {}",
        wicket::reason::for_terminal(&format!("{e:#}"))
    );
    if json {
        println!(
            "{}",
            serde_json::json!({"error": {"kind": kind, "message": format!("{e:#}"), "exit": code}})
        );
    }
    code
}

/// An operator's command: its error as one sentence on stderr, exit 1.
fn report(result: anyhow::Result<()>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!(
                "wicket: {}",
                wicket::reason::for_terminal(&format!("{e:#}"))
            );
            1
        }
    }
}

/// A panic on the consult path is answered as a hold by the watchdog; keep it
/// to one line on stderr (a backtrace would cost the harness time for nothing).
fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("wicket: internal error: {info}");
    }));
}
