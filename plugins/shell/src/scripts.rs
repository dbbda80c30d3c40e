//! The parts of awk and sed programs that reach beyond printing: commands
//! they run, files they write or read. Both scanners are approximate in the
//! safe direction: what they cannot place is reported as a command built at
//! run time (opaque), never dropped.

/// What an awk program does beyond reading and printing.
#[derive(Debug, Default, PartialEq)]
pub struct AwkEffects {
    /// Commands run by `system()`, pipes and `getline`: the literal text, or
    /// `None` when built at run time.
    pub commands: Vec<Option<String>>,
    /// Files written by `print > f` (`true`: truncating) or `>>` (`false`).
    pub writes: Vec<(Option<String>, bool)>,
    /// Files read by `getline < f`.
    pub reads: Vec<String>,
    /// The environment variables read through `ENVIRON["NAME"]`; `None`
    /// for the whole array or a name built at run time.
    pub environ: Vec<Option<String>>,
    pub network: bool,
    /// `@include` or `@load`: code from a file wicket cannot read.
    pub loads_code: bool,
}

/// Token of an awk program, after strings and regexes are set apart.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Str(String),
    Regex,
    Word(String),
    Op(String),
    Open,
    Close,
    End,
}

fn awk_tokens(text: &str) -> Vec<Tok> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' | '\r' => i += 1,
            '\\' if chars.get(i + 1) == Some(&'\n') => i += 2,
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '\n' | ';' | '{' | '}' => {
                out.push(Tok::End);
                i += 1;
            }
            '"' => {
                let mut s = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        // awk decodes `\056` (octal, up to three digits) and
                        // gawk `\x2e` (hex, up to two) in a string: a path
                        // spelled that way is the path.
                        let radix = match chars[i + 1] {
                            '0'..='7' => Some((8, i + 1, 3)),
                            'x' => Some((16, i + 2, 2)),
                            _ => None,
                        };
                        if let Some((radix, from, most)) = radix {
                            let digits: String = chars[from..]
                                .iter()
                                .take(most)
                                .take_while(|c| c.is_digit(radix))
                                .collect();
                            if let Some(c) = u32::from_str_radix(&digits, radix)
                                .ok()
                                .and_then(char::from_u32)
                            {
                                s.push(c);
                                i = from + digits.len();
                                continue;
                            }
                        }
                        s.push(match chars[i + 1] {
                            'n' => '\n',
                            't' => '\t',
                            other => other,
                        });
                        i += 2;
                    } else {
                        s.push(chars[i]);
                        i += 1;
                    }
                }
                i += 1;
                out.push(Tok::Str(s));
            }
            '/' => {
                // A regex where an operand is expected, else division.
                let operand_expected = match out.last() {
                    None | Some(Tok::End | Tok::Open | Tok::Op(_)) => true,
                    Some(Tok::Word(w)) => {
                        matches!(w.as_str(), "print" | "printf" | "return" | "in")
                    }
                    _ => false,
                };
                if operand_expected {
                    i += 1;
                    let mut class = false;
                    while i < chars.len() && (chars[i] != '/' || class) && chars[i] != '\n' {
                        match chars[i] {
                            '\\' => i += 1,
                            '[' => class = true,
                            ']' => class = false,
                            _ => {}
                        }
                        i += 1;
                    }
                    i += 1;
                    out.push(Tok::Regex);
                } else {
                    out.push(Tok::Op("/".into()));
                    i += 1;
                }
            }
            '(' | '[' => {
                out.push(Tok::Open);
                i += 1;
            }
            ')' | ']' => {
                out.push(Tok::Close);
                i += 1;
            }
            c if c.is_alphanumeric() || c == '_' || c == '$' => {
                let mut w = String::new();
                while i < chars.len()
                    && (chars[i].is_alphanumeric()
                        || chars[i] == '_'
                        || chars[i] == '$'
                        || chars[i] == '.')
                {
                    w.push(chars[i]);
                    i += 1;
                }
                out.push(Tok::Word(w));
            }
            _ => {
                let mut op = c.to_string();
                if let Some(&next) = chars.get(i + 1) {
                    let two: String = [c, next].iter().collect();
                    if matches!(
                        two.as_str(),
                        ">>" | "||"
                            | "&&"
                            | "|&"
                            | "=="
                            | "!="
                            | "<="
                            | ">="
                            | "++"
                            | "--"
                            | "+="
                            | "-="
                            | "*="
                            | "/="
                    ) {
                        op = two;
                    }
                }
                i += op.chars().count();
                out.push(Tok::Op(op));
            }
        }
    }
    out
}

/// Scan an awk program.
pub fn awk(text: &str) -> AwkEffects {
    let tokens = awk_tokens(text);
    let mut effects = AwkEffects::default();
    let mut in_print = false;
    let mut depth = 0usize;
    for (i, tok) in tokens.iter().enumerate() {
        let next = tokens.get(i + 1);
        let literal_after = |k: usize| match tokens.get(k) {
            Some(Tok::Str(s))
                if !matches!(
                    tokens.get(k + 1),
                    Some(Tok::Word(_) | Tok::Str(_) | Tok::Open)
                ) =>
            {
                Some(s.clone())
            }
            _ => None,
        };
        match tok {
            Tok::End => {
                in_print = false;
                depth = 0;
            }
            Tok::Open => depth += 1,
            Tok::Close => depth = depth.saturating_sub(1),
            Tok::Word(w) if w == "print" || w == "printf" => {
                in_print = true;
                depth = 0;
            }
            Tok::Word(w) if w == "system" && next == Some(&Tok::Open) => {
                effects
                    .commands
                    .push(literal_after(i + 2).filter(|_| tokens.get(i + 3) == Some(&Tok::Close)));
            }
            Tok::Word(w) if w == "ENVIRON" => {
                let name = match (next, tokens.get(i + 2), tokens.get(i + 3)) {
                    (Some(Tok::Open), Some(Tok::Str(name)), Some(Tok::Close)) => Some(name.clone()),
                    _ => None,
                };
                effects.environ.push(name);
            }
            // gawk's SYMTAB holds every global variable by name, ENVIRON
            // among them (`SYMTAB["ENV" "IRON"]`): the whole environment.
            Tok::Word(w) if w == "SYMTAB" => effects.environ.push(None),
            Tok::Op(op)
                if op == "@"
                    && matches!(next, Some(Tok::Word(w)) if w == "include" || w == "load") =>
            {
                effects.loads_code = true;
            }
            // gawk's indirect call `@f(...)` calls the function whose name
            // `f` holds, `system` among the built-ins.
            Tok::Op(op)
                if op == "@"
                    && matches!(next, Some(Tok::Word(w)) if w != "namespace")
                    && tokens.get(i + 2) == Some(&Tok::Open) =>
            {
                effects.commands.push(None);
            }
            Tok::Word(w) if w == "getline" => {
                // `getline < file` or `getline var < file`.
                let at = if matches!(next, Some(Tok::Word(_))) {
                    i + 2
                } else {
                    i + 1
                };
                if matches!(tokens.get(at), Some(Tok::Op(op)) if op == "<") {
                    if let Some(path) = literal_after(at + 1) {
                        effects.reads.push(path);
                    }
                }
            }
            Tok::Op(op) if op == "|" || op == "|&" => {
                // `print … | "cmd"` or `"cmd" | getline`.
                let command = if matches!(next, Some(Tok::Word(w)) if w == "getline") {
                    match tokens.get(i.wrapping_sub(1)) {
                        Some(Tok::Str(s)) => Some(s.clone()),
                        _ => None,
                    }
                } else {
                    literal_after(i + 1)
                };
                effects.commands.push(command);
            }
            Tok::Op(op) if (op == ">" || op == ">>") && in_print && depth == 0 => {
                effects.writes.push((literal_after(i + 1), op == ">"));
            }
            Tok::Str(s) if s.starts_with("/inet") => effects.network = true,
            _ => {}
        }
    }
    effects
}

/// What a sed script does beyond printing.
#[derive(Debug, Default, PartialEq)]
pub struct SedEffects {
    /// Commands `e` runs: the literal text, or `None` for the pattern space.
    pub commands: Vec<Option<String>>,
    pub writes: Vec<String>,
    pub reads: Vec<String>,
    /// Why the script could not be read to its end.
    pub unreadable: Option<String>,
}

/// Scan a sed script (GNU syntax).
pub fn sed(script: &str) -> SedEffects {
    let chars: Vec<char> = script.chars().collect();
    let mut effects = SedEffects::default();
    let mut i = 0;
    let rest_of_line = |i: &mut usize| -> String {
        let mut s = String::new();
        while *i < chars.len() && chars[*i] != '\n' {
            s.push(chars[*i]);
            *i += 1;
        }
        s.trim().to_owned()
    };
    while i < chars.len() {
        // Separators and whitespace.
        while i < chars.len() && (chars[i].is_whitespace() || chars[i] == ';' || chars[i] == '}') {
            i += 1;
        }
        if i >= chars.len() {
            break;
        }
        if chars[i] == '#' {
            rest_of_line(&mut i);
            continue;
        }
        // Addresses: numbers, `$`, `/re/`, `\cREc`, with `,`, `~`, `+`, `!`.
        loop {
            match chars.get(i) {
                Some(c) if c.is_ascii_digit() || matches!(c, '$' | ',' | '~' | '+' | '!' | ' ') => {
                    i += 1
                }
                Some('/') | Some('\\') => {
                    let delimiter = if chars[i] == '\\' {
                        i += 1;
                        chars.get(i).copied().unwrap_or('/')
                    } else {
                        '/'
                    };
                    i += 1;
                    while i < chars.len() && chars[i] != delimiter {
                        if chars[i] == '\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                    i += 1;
                    while matches!(chars.get(i), Some('I' | 'M')) {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        let Some(&command) = chars.get(i) else { break };
        i += 1;
        match command {
            '{' | '=' | 'd' | 'D' | 'g' | 'G' | 'h' | 'H' | 'n' | 'N' | 'p' | 'P' | 'x' | 'z'
            | 'F' | 'l' | 'L' | 'q' | 'Q' => {
                while matches!(chars.get(i), Some(c) if c.is_ascii_digit()) {
                    i += 1;
                }
            }
            ':' | 'b' | 't' | 'T' | 'v' => {
                while i < chars.len() && chars[i] != '\n' && chars[i] != ';' {
                    i += 1;
                }
            }
            'a' | 'i' | 'c' => {
                // Text to the end of the line (a backslash-newline continues it).
                while i < chars.len() && chars[i] != '\n' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            'r' | 'R' => {
                let path = rest_of_line(&mut i);
                effects.reads.push(path);
            }
            'w' | 'W' => {
                let path = rest_of_line(&mut i);
                if !matches!(path.as_str(), "/dev/stdout" | "/dev/stderr") {
                    effects.writes.push(path);
                }
            }
            'e' => {
                let command = rest_of_line(&mut i);
                effects
                    .commands
                    .push((!command.is_empty()).then_some(command));
            }
            's' | 'y' => {
                let Some(&delimiter) = chars.get(i) else {
                    effects.unreadable = Some(format!("an `{command}` command with no delimiter"));
                    break;
                };
                i += 1;
                for _ in 0..2 {
                    while i < chars.len() && chars[i] != delimiter {
                        if chars[i] == '\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                    i += 1;
                }
                if command == 's' {
                    // Flags: g p N i I m M e, and `w file` to the end of the line.
                    while let Some(&flag) = chars.get(i) {
                        match flag {
                            'e' => {
                                effects.commands.push(None);
                                i += 1;
                            }
                            'w' => {
                                i += 1;
                                let path = rest_of_line(&mut i);
                                if !matches!(path.as_str(), "/dev/stdout" | "/dev/stderr") {
                                    effects.writes.push(path);
                                }
                            }
                            c if c.is_ascii_alphanumeric() => i += 1,
                            _ => break,
                        }
                    }
                }
            }
            other => {
                effects.unreadable = Some(format!("sed command `{other}` is not one wicket reads"));
                break;
            }
        }
    }
    effects
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn awk_finds_commands_writes_and_the_environment() {
        assert_eq!(awk("{print $1}"), AwkEffects::default());
        assert_eq!(
            awk("/a|b/ {print $2 > 3}").commands.len(),
            0,
            "a regex alternation is not a pipe"
        );
        let e = awk(r#"BEGIN{system("rm -rf /")}"#);
        assert_eq!(e.commands, [Some("rm -rf /".to_owned())]);
        let e = awk(r#"{system("echo " $1)}"#);
        assert_eq!(e.commands, [None]);
        let e = awk(r#"{print | "sh"}"#);
        assert_eq!(e.commands, [Some("sh".to_owned())]);
        let e = awk(r#"BEGIN{"date" | getline d}"#);
        assert_eq!(e.commands, [Some("date".to_owned())]);
        let e = awk(r#"{print $0 > "/etc/passwd"}"#);
        assert_eq!(e.writes, [(Some("/etc/passwd".to_owned()), true)]);
        let e = awk(r#"{print $0 >> out}"#);
        assert_eq!(e.writes, [(None, false)]);
        assert_eq!(
            awk(r#"{ if ($3 > 5) print $1 }"#).writes.len(),
            0,
            "a comparison is not a redirect"
        );
        assert_eq!(awk(r#"BEGIN{for (k in ENVIRON) print k}"#).environ, [None]);
        assert_eq!(
            awk(r#"BEGIN{print SYMTAB["ENV" "IRON"]["HOME"]}"#).environ,
            [None]
        );
        assert_eq!(awk(r#"BEGIN{f="sys" "tem"; @f("id")}"#).commands, [None]);
        assert_eq!(
            awk(r#"BEGIN{print ENVIRON["HOME"]}"#).environ,
            [Some("HOME".to_owned())]
        );
        assert!(awk(r#"@include "lib.awk"; {f()}"#).loads_code);
        assert_eq!(
            awk(r#"BEGIN{while ((getline l < "/home/u/.ssh/id_rsa") > 0) print l}"#).reads,
            ["/home/u/.ssh/id_rsa"]
        );
    }

    #[test]
    fn sed_finds_execution_and_files() {
        assert_eq!(sed("s/a/b/g"), SedEffects::default());
        assert_eq!(sed("1d;$d;/x/p"), SedEffects::default());
        assert_eq!(sed("s|a|b|e").commands, [None]);
        assert_eq!(sed("1e rm -rf /").commands, [Some("rm -rf /".to_owned())]);
        assert_eq!(sed("s/a/b/w /etc/x").writes, ["/etc/x"]);
        assert_eq!(sed("/x/w out.txt").writes, ["out.txt"]);
        assert_eq!(sed("r /etc/shadow").reads, ["/etc/shadow"]);
        assert_eq!(sed("a\\\nhello").commands.len(), 0);
        assert!(sed("k").unreadable.is_some());
        assert_eq!(
            sed("s/e/w/g").writes.len(),
            0,
            "letters inside the pattern are not commands"
        );
    }
}
