//! A plugin built for wasm32-wasip2, so it imports WASI. It tries to reach
//! the filesystem, the environment and the network, prints a lot to stdout,
//! and reports what it found as one read finding — a sandboxed host lets it
//! find nothing.
use wicket_guest::{Call, Classifier, Context, Effect, Outcome};

struct WasiProbe;

impl Classifier for WasiProbe {
    fn classify(_call: &Call, _ctx: &Context) -> Result<Outcome, String> {
        let env = std::env::vars().count();
        let args = std::env::args().count();
        let root = match std::fs::read_dir("/") {
            Ok(entries) => format!("read / ({} entries)", entries.count()),
            Err(_) => "no /".to_owned(),
        };
        let passwd = std::fs::read("/etc/passwd").map(|b| b.len()).ok();
        let net = std::net::TcpStream::connect("127.0.0.1:9").is_ok();
        let cwd = std::env::current_dir()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| "none".into());
        for _ in 0..1_000 {
            println!("a plugin shouting into stdout");
        }
        Ok(Outcome::one(
            Effect::Read,
            format!("probe: env={env} args={args} fs={root} passwd={passwd:?} net={net} cwd={cwd}"),
        ))
    }
}

wicket_guest::export_classifier!(WasiProbe);
