//! The `wicket` binary: with no arguments, litany's tool control; with a
//! subcommand, the operator's tool.

use clap::{Parser, Subcommand};

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
    /// Run wicket on a built-in example: a throwaway workspace and a few tool
    /// calls, each sent through the control exactly as litany sends it.
    Demo {
        /// Keep the example workspace afterwards.
        #[arg(long)]
        keep: bool,
    },
}

fn main() {
    quiet_panics();
    let cli = Cli::parse();
    let code = match cli.command {
        None => wicket::consult::control_main(),
        Some(Command::Demo { keep }) => report(wicket::demo::run(keep)),
    };
    std::process::exit(code);
}

/// An operator's command: its error as one sentence on stderr, exit 1.
fn report(result: anyhow::Result<()>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("wicket: {e:#}");
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
