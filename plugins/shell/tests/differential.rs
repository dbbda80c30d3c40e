//! Differential reading against the real shells: random compositions of
//! harmless commands (`printf X >&3`, `:`, `true`, `false`, `cat
//! >/dev/null`) in every construct where dash and bash differ, run through
//! `dash -c` and `bash -c` in a scratch directory, and read in each dialect.
//! Whatever a shell runs must be read (or the reading must say it cannot
//! tell). Slow, and it needs both shells and `timeout`: run with
//! `cargo test -p wicket-shell --test differential -- --ignored`
//! (`N` texts, default 300; `SEED`, default 7).

use std::collections::BTreeSet;
use std::process::{Command, Stdio};
use wicket_shell::syntax::{self, Dialect, Node, Script};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

struct Gen {
    rng: Rng,
    letter: u8,
}

impl Gen {
    fn marker(&mut self) -> String {
        self.letter = if self.letter >= b'Z' {
            b'A'
        } else {
            self.letter + 1
        };
        format!("printf {} >&3", self.letter as char)
    }

    fn list(&mut self, depth: u32) -> String {
        let n = 1 + self.rng.below(3);
        let mut out = String::new();
        for i in 0..n {
            if i > 0 {
                out.push_str(self.rng.pick(&[
                    "; ", " && ", " || ", "\n", " | ", " & ", ";", " ;\n", " &&\n ",
                ]));
            }
            out.push_str(&self.command(depth));
        }
        out
    }

    fn command(&mut self, depth: u32) -> String {
        if depth == 0 {
            return self.simple();
        }
        let d = depth - 1;
        match self.rng.below(50) {
            0 => format!("( {} )", self.list(d)),
            1 => format!("{{ {}; }}", self.list(d)),
            2 => format!(": $( {} )", self.list(d)),
            3 => format!(": `{}`", self.list(d).replace('`', "")),
            4 => format!("if {}; then {}; fi", self.list(d), self.list(d)),
            5 => format!("for x in a b; do {}; done", self.list(d)),
            6 => format!("case a in a) {} ;; esac", self.list(d)),
            7 => format!("g{0}() {{ {1}; }}; g{0}", self.rng.below(9), self.list(d)),
            8 => format!(
                "[[ -n x {} ]]",
                self.rng.pick(&["&& ", "|| ", "; ", ""]).to_owned() + &self.list(0)
            ),
            9 => format!("(({}))", self.list(d)),
            10 => format!(": $(({}))", self.list(d)),
            11 => format!(": \"$( {} )\"", self.list(d)),
            12 => format!("cat >/dev/null <<E\n{}\nE\n{}", self.body(d), self.list(d)),
            13 => format!(
                "cat >/dev/null <<'E'\n{}\nE\n{}",
                self.body(d),
                self.list(d)
            ),
            14 => format!(
                ": $'{}' ; {}",
                self.rng.pick(&["\\'", "x", "\\\\", "'"]),
                self.list(d)
            ),
            15 => format!(
                ": ${{x:-{}}} ; {}",
                self.rng
                    .pick(&["{", "'}'", "\"}\"", "$(printf Q >&3)", "a b"]),
                self.list(d)
            ),
            16 => format!(
                ": \"${{x{}{}}}\" ; {}",
                self.rng.pick(&[":-", "#", "%", "/", "+"]),
                self.rng.pick(&["'}'", "'", "\"}\"", "x"]),
                self.list(d)
            ),
            17 => format!("time {}", self.list(d)),
            18 => format!("! {}", self.list(d)),
            19 => format!("{} &>/dev/null", self.simple()),
            20 => format!("{} |& cat >/dev/null", self.simple()),
            21 => format!("function h{} {{ {}; }}", self.rng.below(9), self.list(d)),
            22 => format!("alias p{0}=printf\np{0} K >&3", self.rng.below(3)),
            23 => format!(": <({})", self.list(d)),
            24 => format!(
                "a=({}) {}",
                self.rng.pick(&["x", "$(printf R >&3)", "'y z'"]),
                self.simple()
            ),
            25 => format!(": $[{}]", self.list(d)),
            26 => format!("{}\\\n{}", self.simple(), self.simple()),
            27 => format!("{} # {}", self.simple(), self.simple()),
            28 => format!("x=1 {}", self.simple()),
            29 => format!(
                "{} {}",
                self.simple(),
                self.rng.pick(&[
                    ")",
                    "}",
                    "fi",
                    "(",
                    "'",
                    "\"",
                    "`",
                    "$(",
                    "${",
                    "done",
                    "esac",
                    ";;",
                    ";&",
                    "<<<x",
                    ">&f",
                    "{a,b}",
                    "@(x)",
                    "2>&1",
                    "10>/dev/null"
                ])
            ),
            30 => format!("while false; do {}; done", self.list(d)),
            31 => format!(
                "{{printf,{}}} >&3",
                (b'A' + (self.rng.below(26)) as u8) as char
            ),
            32 => format!(
                "case a in (a) {} ;& b) {} ;; esac",
                self.list(d),
                self.list(d)
            ),
            34 => {
                let delimiter = self.rng.pick(&[
                    "$'E'", "\"E\"", "\\E", "E''", "$\"E\"", "-E", "'E'", "E\\\nF",
                ]);
                format!(
                    "cat >/dev/null <<{delimiter}\n{}\n\tE\n$E\nE\n{}",
                    self.body(d),
                    self.list(d)
                )
            }
            35 => format!("coproc {{ {}; }}; sleep 0.05", self.list(d)),
            36 => format!("select x in a; do {}; break; done </dev/null", self.list(d)),
            37 => format!("[[ a < b ]] || {}", self.list(d)),
            38 => format!("{{fd}}>/dev/null {}", self.simple()),
            39 => format!("{} 10>/dev/null", self.simple()),
            40 => format!("k{0}() {1}\nk{0}", self.rng.below(9), self.simple()),
            41 => format!(
                ": $\"{}\" ; {}",
                self.rng.pick(&["x", "\\\"", "$(printf P >&3)"]),
                self.list(d)
            ),
            42 => format!(
                "false && : ${{x{}}} ; {}",
                self.rng
                    .pick(&["/a/b", ":1:2", "^^", ",,", "@Q", "!", "[1]"]),
                self.list(d)
            ),
            43 => format!("time -p {}", self.list(d)),
            44 => format!(
                "{} <<< {}",
                self.simple(),
                self.rng.pick(&["x", "$(printf H >&3)", "'y'"])
            ),
            45 => format!(
                "cat >/dev/null <<E; {}\n{}\nE\n{}",
                self.list(d),
                self.body(d),
                self.list(d)
            ),
            46 => format!("{}; ${{x:-}} {}", self.simple(), self.simple()),
            47 => format!("eval '{}'", self.simple()),
            48 => format!(
                "[ -n x ] && {{ {}; }} >/dev/null; {}",
                self.list(d),
                self.list(d)
            ),
            _ => self.simple(),
        }
    }

    fn body(&mut self, depth: u32) -> String {
        match self.rng.below(6) {
            0 => format!("x $( {} )", self.list(depth)),
            1 => format!("x `{}`", self.list(0).replace('`', "")),
            2 => "x\\\nE".to_owned(),
            3 => format!("E\\\n{}", self.simple()),
            4 => format!("x ${{y:-$( {} )}}", self.list(0)),
            _ => "plain $x".to_owned(),
        }
    }

    fn simple(&mut self) -> String {
        match self.rng.below(8) {
            0 => ":".to_owned(),
            1 => "true".to_owned(),
            2 => "false".to_owned(),
            _ => self.marker(),
        }
    }
}

fn read_markers(script: &Script) -> (BTreeSet<char>, bool) {
    fn walk(n: &Node, out: &mut BTreeSet<char>, unknown: &mut bool) {
        match n {
            Node::Simple(s) => {
                for w in s
                    .assigns
                    .iter()
                    .map(|a| &a.value)
                    .chain(&s.words)
                    .chain(s.redirects.iter().map(|r| &r.target))
                {
                    for c in w.commands() {
                        walk(c, out, unknown);
                    }
                }
                let mut words = s.words.as_slice();
                // `time [-p] …` runs what follows (as the reader reads it).
                while words.first().and_then(|w| w.literal()).as_deref() == Some("time") {
                    words = &words[1..];
                    while words
                        .first()
                        .and_then(|w| w.literal())
                        .is_some_and(|o| o.starts_with('-'))
                    {
                        words = &words[1..];
                    }
                }
                match words.first().map(|w| w.literal()) {
                    // The reader reads `eval`'s text; the parse does not.
                    Some(Some(p)) if p == "eval" => *unknown = true,
                    Some(Some(p)) if p == "printf" => {
                        if let Some(m) = words.get(1).and_then(|w| w.literal()) {
                            out.extend(m.chars().filter(char::is_ascii_uppercase));
                        }
                    }
                    Some(None) => *unknown = true,
                    _ => {}
                }
            }
            Node::Subshell(b)
            | Node::Group(b)
            | Node::Maybe(b)
            | Node::Loop(b)
            | Node::Pipeline(b) => b.iter().for_each(|x| walk(x, out, unknown)),
            Node::Background(x) | Node::Function { body: x, .. } => walk(x, out, unknown),
            Node::Redirected(x, rs) => {
                walk(x, out, unknown);
                for r in rs {
                    for c in r.target.commands() {
                        walk(c, out, unknown);
                    }
                }
            }
            Node::For { words, .. } | Node::Test(words) => {
                for w in words {
                    for c in w.commands() {
                        walk(c, out, unknown);
                    }
                }
            }
            Node::Stop(_) | Node::Succeeded | Node::Negated => {}
            Node::Unreadable(_) => *unknown = true,
        }
    }
    let mut out = BTreeSet::new();
    let mut unknown = false;
    for d in &script.heredocs {
        for c in d.body.commands() {
            walk(c, &mut out, &mut unknown);
        }
    }
    for n in &script.nodes {
        walk(n, &mut out, &mut unknown);
    }
    (out, unknown)
}

fn run(shell: &str, text: &str, dir: &std::path::Path) -> Option<BTreeSet<char>> {
    let out = Command::new("timeout")
        .args(["3", shell, "-c", text])
        .current_dir(dir)
        .env_remove("BASH_ENV")
        .env_remove("ENV")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if out.status.code() == Some(124) {
        return None;
    }
    Some(
        String::from_utf8_lossy(&out.stdout)
            .chars()
            .filter(char::is_ascii_uppercase)
            .collect(),
    )
}

#[test]
#[ignore = "runs dash and bash; slow"]
fn what_runs_is_read() {
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let installed = ["dash", "bash", "timeout"].iter().all(|p| {
        Command::new(p)
            .arg("--help")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok()
    });
    if !installed {
        eprintln!("dash, bash or timeout is missing: nothing to compare with");
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("differential-scratch");
    std::fs::create_dir_all(&dir).unwrap();
    let mut g = Gen {
        rng: Rng(0x9e37_79b9_7f4a_7c15 ^ seed.wrapping_mul(0x2545_f491_4f6c_dd1d)),
        letter: b'A',
    };
    let mut failures = 0;
    let mut over = [0usize; 2];
    for _ in 0..n {
        let depth = 1 + g.rng.below(3) as u32;
        let text = format!("exec 3>&1\n{}", g.list(depth));
        for (i, (shell, dialect)) in [("dash", Dialect::Dash), ("bash", Dialect::Bash)]
            .into_iter()
            .enumerate()
        {
            let Some(ran) = run(shell, &text, &dir) else {
                continue;
            };
            let script = syntax::parse(&text, dialect);
            let (read, unknown) = read_markers(&script);
            if !unknown && !ran.is_subset(&read) {
                failures += 1;
                if failures <= 25 {
                    println!("{shell} ran {ran:?}, the reading has {read:?}:\n{text}\n---");
                }
            }
            if read.len() > ran.len() && !unknown {
                over[i] += 1;
            }
        }
    }
    // Reading more than runs is expected (both branches of an `if`, a
    // function never called); shown for the curious.
    println!(
        "read more than ran: dash {} bash {} of {n}",
        over[0], over[1]
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(failures, 0);
}
