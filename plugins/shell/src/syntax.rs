//! Reads shell text into what the shell would run: simple commands with their
//! words, assignments and redirects, grouped as the shell groups them, with
//! every command substitution, process substitution and here-doc expansion
//! lifted out as commands of its own.
//!
//! Words keep how they were spelled: a part the shell takes literally (after
//! quote removal, escapes and `$'…'` decoding) is kept apart from a part that
//! depends on an expansion, so the reader can tell `r''m` (the program `rm`)
//! from `$c` (a program nobody can name before it runs).
//!
//! The parser is total and bounded: it never panics, it stops descending past
//! [`MAX_DEPTH`] and stops reading past [`MAX_COMMANDS`], and in both cases it
//! leaves an [`Node::Unreadable`] behind rather than dropping what it skipped.

/// How many simple commands one reading takes before it stops. A real command
/// line has a handful; past this the tail is one unreadable node.
pub const MAX_COMMANDS: usize = 256;

/// How deep substitutions, subshells and groups may nest before the rest of
/// that nest is unreadable. Keeps the reader's own stack bounded.
pub const MAX_DEPTH: usize = 48;

/// How many words one simple command may have before the rest is unreadable.
pub const MAX_WORDS: usize = 1000;

/// A piece of a word.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// Unquoted literal text (escapes removed); may hold glob or brace syntax.
    Bare(String),
    /// Quoted literal text: exactly these characters.
    Quoted(String),
    /// A leading `~` or `~user`.
    Tilde(String),
    /// `$name` or `${name}`: a plain parameter.
    Param(String),
    /// Any other `${…}` form, kept as written (`${x:-y}`, `${!p}`, `${#a}`).
    Complex(String),
    /// `$(…)` or backticks: the commands run; the value is unknown.
    Subst(Vec<Node>),
    /// `$((…))` or `$[…]`, the expression as written.
    Arith(String),
    /// `<(…)` or `>(…)`: the commands run; the value is a pipe's path.
    ProcSubst(Vec<Node>),
}

/// One shell word, as its parts.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Word {
    pub parts: Vec<Part>,
}

impl Word {
    /// The word's value when the shell would take it literally: no expansion,
    /// no glob, no brace expansion. A leading tilde stays `~` (paths expand it).
    pub fn literal(&self) -> Option<String> {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Bare(text) => {
                    if has_glob(text) || has_brace(text) {
                        return None;
                    }
                    out.push_str(text);
                }
                Part::Quoted(text) => out.push_str(text),
                Part::Tilde(user) => {
                    out.push('~');
                    out.push_str(user);
                }
                _ => return None,
            }
        }
        Some(out)
    }

    /// The word as written, for explanations (expansions shown by their form).
    pub fn shown(&self) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Bare(text) | Part::Quoted(text) => out.push_str(text),
                Part::Tilde(user) => {
                    out.push('~');
                    out.push_str(user);
                }
                Part::Param(name) => {
                    out.push('$');
                    out.push_str(name);
                }
                Part::Complex(text) => {
                    out.push_str("${");
                    out.push_str(text);
                    out.push('}');
                }
                Part::Subst(_) => out.push_str("$(…)"),
                Part::Arith(text) => {
                    out.push_str("$((");
                    out.push_str(text);
                    out.push_str("))");
                }
                Part::ProcSubst(_) => out.push_str("<(…)"),
            }
        }
        out
    }

    /// Whether any unquoted part carries glob characters.
    pub fn has_glob(&self) -> bool {
        self.parts
            .iter()
            .any(|p| matches!(p, Part::Bare(t) if has_glob(t)))
    }

    /// Whether the unquoted text carries brace expansion.
    pub fn has_brace(&self) -> bool {
        self.parts
            .iter()
            .any(|p| matches!(p, Part::Bare(t) if has_brace(t)))
    }

    /// Whether the word depends on anything but its own characters.
    pub fn has_expansion(&self) -> bool {
        self.parts
            .iter()
            .any(|p| !matches!(p, Part::Bare(_) | Part::Quoted(_) | Part::Tilde(_)))
    }

    /// Commands this word runs while being expanded.
    pub fn commands(&self) -> impl Iterator<Item = &Node> {
        self.parts.iter().flat_map(|p| match p {
            Part::Subst(nodes) | Part::ProcSubst(nodes) => nodes.as_slice(),
            _ => &[],
        })
    }
}

fn has_glob(text: &str) -> bool {
    text.contains(['*', '?', '['])
}

fn has_brace(text: &str) -> bool {
    let Some(open) = text.find('{') else {
        return false;
    };
    let Some(close) = text[open..].find('}') else {
        return false;
    };
    let inner = &text[open + 1..open + close];
    inner.contains(',') || inner.contains("..")
}

/// A `NAME=value` (or `NAME+=value`) before a command or on its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Assign {
    pub name: String,
    pub value: Word,
}

/// What a redirect does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedirectKind {
    /// `<`: reads a file.
    Read,
    /// `>`, `>|`, `&>`: creates or truncates a file.
    Write,
    /// `>>`, `&>>`: appends to a file.
    Append,
    /// `<>`: opens a file read-write, creating it.
    ReadWrite,
    /// `>&`, `<&` to a number or `-`: duplicates a descriptor.
    Dup,
    /// `<<`, `<<-`: a here-doc (its body in [`Script::heredocs`]).
    HereDoc(usize),
    /// `<<<`: a here-string.
    HereString,
}

/// One redirect of a simple command.
#[derive(Debug, Clone, PartialEq)]
pub struct Redirect {
    /// The descriptor redirected, when written (`2>`).
    pub fd: Option<u32>,
    pub kind: RedirectKind,
    pub target: Word,
}

/// A command the shell runs with no structure of its own.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Simple {
    pub assigns: Vec<Assign>,
    pub words: Vec<Word>,
    pub redirects: Vec<Redirect>,
    /// Its stdin is the previous pipeline element's output.
    pub piped_in: bool,
}

/// The shape of what the shell runs.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Simple(Simple),
    /// `( … )`: runs in a subshell, so `cd` inside does not leak out.
    Subshell(Vec<Node>),
    /// `{ …; }`, `if`/`while`/`for`/`case` bodies: same shell.
    Group(Vec<Node>),
    /// `a | b | c`: every element in a subshell of its own.
    Pipeline(Vec<Node>),
    /// `… &`: runs in the background, beyond the command.
    Background(Box<Node>),
    /// `for NAME in words`: binds NAME for the body.
    For {
        name: String,
        words: Vec<Word>,
    },
    /// `[[ … ]]` or `(( … ))`: a test or arithmetic, with what it runs.
    Test(Vec<Word>),
    /// Something the reader could not follow, and why.
    Unreadable(String),
}

/// A here-doc's body.
#[derive(Debug, Clone, PartialEq)]
pub struct HereDoc {
    /// The delimiter was quoted: the body is literal text.
    pub quoted: bool,
    /// The body, expanded into parts when the delimiter was not quoted.
    pub body: Word,
}

/// One reading of a command line.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Script {
    pub nodes: Vec<Node>,
    pub heredocs: Vec<HereDoc>,
}

/// Read shell text. Total: whatever the input, an answer.
pub fn parse(text: &str) -> Script {
    let chars: Vec<char> = text.chars().collect();
    let mut parser = Parser {
        s: &chars,
        pos: 0,
        depth: 0,
        commands: 0,
        heredocs: Vec::new(),
        pending: Vec::new(),
    };
    let mut nodes = parser.list(Until::End);
    if parser.pos < chars.len() {
        nodes.push(Node::Unreadable(format!(
            "the shell text could not be read past character {}",
            parser.pos
        )));
    }
    if !parser.pending.is_empty() {
        // A here-doc whose body never came: the shell would read to the end.
        parser.read_pending_heredocs();
    }
    Script {
        nodes,
        heredocs: parser.heredocs,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Until {
    End,
    Paren,
    Brace,
    Keyword(&'static [&'static str]),
}

struct PendingHereDoc {
    id: usize,
    delimiter: String,
    quoted: bool,
    strip_tabs: bool,
}

struct Parser<'a> {
    s: &'a [char],
    pos: usize,
    depth: usize,
    commands: usize,
    heredocs: Vec<HereDoc>,
    pending: Vec<PendingHereDoc>,
}

const RESERVED_OPEN: &[&str] = &[
    "if", "then", "elif", "else", "while", "until", "do", "!", "time",
];
const RESERVED_CLOSE: &[&str] = &["fi", "done", "esac"];

impl<'a> Parser<'a> {
    /// A parser for text nested in this one (a substitution's, a here-doc's),
    /// one level deeper and sharing the command budget.
    fn child<'b>(&self, text: &'b [char]) -> Parser<'b> {
        Parser {
            s: text,
            pos: 0,
            depth: self.depth + 1,
            commands: self.commands,
            heredocs: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// The characters from `start` to `end`, clamped to the text (a step
    /// over a trailing backslash can carry the position one past its end).
    fn slice(&self, start: usize, end: usize) -> &[char] {
        let end = end.min(self.s.len());
        &self.s[start.min(end)..end]
    }

    fn peek(&self) -> Option<char> {
        self.s.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.s.get(self.pos + offset).copied()
    }

    fn starts_with(&self, text: &str) -> bool {
        let mut i = self.pos;
        for c in text.chars() {
            if self.s.get(i) != Some(&c) {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Skips blanks, comments and backslash-newlines (not newlines).
    fn skip_blanks(&mut self) {
        loop {
            match self.peek() {
                Some(' ' | '\t' | '\r') => self.pos += 1,
                Some('\\') if self.peek_at(1) == Some('\n') => self.pos += 2,
                Some('#') => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// Consumes a newline, reading the bodies of here-docs opened on its line.
    fn newline(&mut self) {
        self.pos += 1;
        if !self.pending.is_empty() {
            self.read_pending_heredocs();
        }
    }

    fn read_pending_heredocs(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        for doc in pending {
            // The body's lines up to the delimiter, kept as characters (no
            // allocation per line: a here-doc may be a megabyte).
            let delimiter: Vec<char> = doc.delimiter.chars().collect();
            let mut body: Vec<char> = Vec::new();
            while self.pos < self.s.len() {
                let start = self.pos;
                while self.pos < self.s.len() && self.s[self.pos] != '\n' {
                    self.pos += 1;
                }
                let end = self.pos;
                if self.pos < self.s.len() {
                    self.pos += 1;
                }
                let mut line = &self.s[start..end];
                if doc.strip_tabs {
                    while let [first, rest @ ..] = line {
                        if *first != '\t' {
                            break;
                        }
                        line = rest;
                    }
                }
                if line == delimiter.as_slice() {
                    break;
                }
                body.extend_from_slice(line);
                body.push('\n');
            }
            let word = if doc.quoted {
                Word {
                    parts: vec![Part::Quoted(body.iter().collect())],
                }
            } else {
                let mut inner = self.child(&body);
                let parts = inner.double_quoted_body(None);
                self.commands = inner.commands;
                self.absorb(inner.heredocs, &mut Vec::new());
                Word { parts }
            };
            if let Some(slot) = self.heredocs.get_mut(doc.id) {
                slot.body = word;
            }
        }
    }

    /// Takes here-docs a nested parser collected into this one's table.
    fn absorb(&mut self, docs: Vec<HereDoc>, _nodes: &mut Vec<Node>) {
        // Nested parsers number their own here-docs from zero; renumbering is
        // not needed because the reader only asks a here-doc whether it was
        // quoted and what it runs, and nested bodies are lifted as commands.
        self.heredocs.extend(docs.into_iter().map(|d| HereDoc {
            quoted: d.quoted,
            body: d.body,
        }));
    }

    fn over_budget(&self) -> bool {
        self.commands >= MAX_COMMANDS
    }

    /// A list of pipelines joined by `;`, `&`, `&&`, `||` and newlines.
    fn list(&mut self, until: Until) -> Vec<Node> {
        let mut nodes = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                None => return nodes,
                Some('\n') => {
                    self.newline();
                    continue;
                }
                Some(';') if self.peek_at(1) == Some(';') => {
                    if matches!(until, Until::Keyword(_)) {
                        return nodes;
                    }
                    self.pos += 2;
                    continue;
                }
                Some(';' | '&') => {
                    self.pos += 1;
                    continue;
                }
                Some('|') if self.peek_at(1) == Some('|') => {
                    self.pos += 2;
                    continue;
                }
                Some(')') => {
                    if until == Until::Paren {
                        return nodes;
                    }
                    // A stray `)` is a syntax error for the shell: nothing after it runs.
                    self.pos += 1;
                    continue;
                }
                _ => {}
            }
            if let Until::Keyword(words) = until {
                if let Some(word) = self.peek_reserved() {
                    if words.contains(&word.as_str()) {
                        return nodes;
                    }
                }
            }
            if until == Until::Brace && self.peek_reserved().as_deref() == Some("}") {
                return nodes;
            }
            if self.over_budget() {
                nodes.push(Node::Unreadable(format!(
                    "the command line holds more than {MAX_COMMANDS} commands; the rest was not read"
                )));
                self.pos = self.s.len();
                return nodes;
            }
            let before = self.pos;
            let mut node = self.pipeline(until);
            self.skip_blanks();
            if self.peek() == Some('&') && !matches!(self.peek_at(1), Some('&' | '>')) {
                self.pos += 1;
                node = Node::Background(Box::new(node));
            }
            nodes.push(node);
            if self.pos == before {
                // Nothing consumed: step over one character so reading always ends.
                self.pos += 1;
            }
        }
    }

    /// The next word if it is a bare reserved word, without consuming it.
    fn peek_reserved(&self) -> Option<String> {
        let mut i = self.pos;
        let mut word = String::new();
        while let Some(&c) = self.s.get(i) {
            if c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | ')' | '<' | '>') {
                break;
            }
            if matches!(c, '\'' | '"' | '\\' | '$' | '`') {
                return None;
            }
            word.push(c);
            i += 1;
            if word.len() > 8 {
                return None;
            }
        }
        if word.is_empty() {
            None
        } else {
            Some(word)
        }
    }

    fn take_reserved(&mut self, word: &str) {
        self.pos += word.chars().count();
    }

    fn pipeline(&mut self, until: Until) -> Node {
        let mut elements = vec![self.command(until, false)];
        loop {
            self.skip_blanks();
            if self.peek() == Some('|') && self.peek_at(1) != Some('|') {
                self.pos += 1;
                if self.peek() == Some('&') {
                    self.pos += 1;
                }
                loop {
                    self.skip_blanks();
                    if self.peek() == Some('\n') {
                        self.newline();
                    } else {
                        break;
                    }
                }
                if self.over_budget() {
                    elements.push(Node::Unreadable(format!(
                        "the command line holds more than {MAX_COMMANDS} commands; the rest was not read"
                    )));
                    self.pos = self.s.len();
                    break;
                }
                elements.push(self.command(until, true));
            } else {
                break;
            }
        }
        if elements.len() == 1 {
            elements.pop().unwrap_or(Node::Group(Vec::new()))
        } else {
            Node::Pipeline(elements)
        }
    }

    fn nested<T>(
        &mut self,
        inside: impl FnOnce(&mut Self) -> T,
        too_deep: impl FnOnce(&mut Self) -> T,
    ) -> T {
        if self.depth >= MAX_DEPTH {
            return too_deep(self);
        }
        self.depth += 1;
        let out = inside(self);
        self.depth -= 1;
        out
    }

    /// Skips to the `)` that closes an opening already consumed, honouring
    /// quotes, so a nest too deep to read is stepped over whole.
    fn skip_balanced(&mut self, open: char, close: char) {
        let mut level = 1usize;
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                '\\' => self.pos += 1,
                '\'' => {
                    while let Some(q) = self.peek() {
                        self.pos += 1;
                        if q == '\'' {
                            break;
                        }
                    }
                }
                c if c == open => level += 1,
                c if c == close => {
                    level -= 1;
                    if level == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    fn too_deep(&self) -> Node {
        Node::Unreadable(format!("commands nested more than {MAX_DEPTH} deep"))
    }

    fn command(&mut self, until: Until, piped_in: bool) -> Node {
        self.skip_blanks();
        // `( … )` subshell, or `(( … ))` arithmetic.
        if self.peek() == Some('(') {
            if self.peek_at(1) == Some('(') {
                self.pos += 2;
                let expr = self.arith_body();
                let node = Node::Test(vec![Word {
                    parts: vec![self.arith_part(expr)],
                }]);
                self.trailing_redirects_into(&mut Simple::default());
                return node;
            }
            self.pos += 1;
            let body = self.nested(
                |p| {
                    let body = p.list(Until::Paren);
                    if p.peek() == Some(')') {
                        p.pos += 1;
                    }
                    Node::Subshell(body)
                },
                |p| {
                    p.skip_balanced('(', ')');
                    p.too_deep()
                },
            );
            let mut tail = Simple::default();
            self.trailing_redirects_into(&mut tail);
            return with_redirects(body, tail);
        }
        if let Some(word) = self.peek_reserved() {
            match word.as_str() {
                "{" => {
                    self.take_reserved("{");
                    let body = self.nested(
                        |p| {
                            let body = p.list(Until::Brace);
                            if p.peek_reserved().as_deref() == Some("}") {
                                p.take_reserved("}");
                            }
                            Node::Group(body)
                        },
                        |p| {
                            p.skip_balanced('{', '}');
                            p.too_deep()
                        },
                    );
                    let mut tail = Simple::default();
                    self.trailing_redirects_into(&mut tail);
                    return with_redirects(body, tail);
                }
                "[[" => {
                    self.take_reserved("[[");
                    return self.double_bracket();
                }
                "for" | "select" => {
                    self.take_reserved(&word);
                    return self.for_clause();
                }
                "case" => {
                    self.take_reserved("case");
                    return self.nested(
                        |p| p.case_clause(),
                        |p| {
                            p.pos = p.s.len();
                            p.too_deep()
                        },
                    );
                }
                "function" => {
                    self.take_reserved("function");
                    self.skip_blanks();
                    let _name = self.word();
                    self.skip_blanks();
                    if self.starts_with("()") {
                        self.pos += 2;
                    }
                    return Node::Group(Vec::new());
                }
                w if RESERVED_OPEN.contains(&w) => {
                    self.take_reserved(w);
                    if w == "time" {
                        self.skip_blanks();
                        if self.starts_with("-p") {
                            self.pos += 2;
                        }
                    }
                    // `if if if …`: the depth guard bounds the chain.
                    return self.nested(
                        |p| p.command(until, piped_in),
                        |p| {
                            p.pos = p.s.len();
                            p.too_deep()
                        },
                    );
                }
                w if RESERVED_CLOSE.contains(&w) || w == "}" => {
                    if let Until::Keyword(words) = until {
                        if words.contains(&w) {
                            return Node::Group(Vec::new());
                        }
                    }
                    if w == "}" && until == Until::Brace {
                        return Node::Group(Vec::new());
                    }
                    self.take_reserved(w);
                    let mut tail = Simple::default();
                    self.trailing_redirects_into(&mut tail);
                    return with_redirects(Node::Group(Vec::new()), tail);
                }
                _ => {}
            }
        }
        self.simple(piped_in)
    }

    fn simple(&mut self, piped_in: bool) -> Node {
        self.commands += 1;
        let mut cmd = Simple {
            piped_in,
            ..Simple::default()
        };
        loop {
            self.skip_blanks();
            match self.peek() {
                None | Some('\n' | ';' | '&' | '|' | ')') => {
                    // `&>` and `&>>` are redirects, not separators.
                    if self.peek() == Some('&') && self.peek_at(1) == Some('>') {
                        self.redirect(&mut cmd);
                        continue;
                    }
                    break;
                }
                Some('(') => {
                    // `name() {…}`: a function definition; its body follows.
                    if self.peek_at(1) == Some(')')
                        && cmd.words.len() == 1
                        && cmd.assigns.is_empty()
                    {
                        self.pos += 2;
                        cmd.words.clear();
                        self.commands -= 1;
                        return Node::Group(Vec::new());
                    }
                    // `(` inside a simple command is a syntax error for the shell.
                    return Node::Unreadable(format!(
                        "an unexpected `(` after {}",
                        cmd.words.last().map(Word::shown).unwrap_or_default()
                    ));
                }
                Some(_) => {
                    if self.at_redirect() {
                        self.redirect(&mut cmd);
                        continue;
                    }
                    let word = self.word();
                    if cmd.words.is_empty() {
                        if let Some(mut assign) = as_assignment(&word) {
                            // `name=( … )`: an array; its words are the value.
                            if assign.value.parts.is_empty() && self.peek() == Some('(') {
                                self.pos += 1;
                                loop {
                                    self.skip_blanks();
                                    match self.peek() {
                                        None => break,
                                        Some(')') => {
                                            self.pos += 1;
                                            break;
                                        }
                                        Some('\n') => self.newline(),
                                        _ => {
                                            let before = self.pos;
                                            let item = self.word();
                                            assign.value.parts.extend(item.parts);
                                            assign.value.parts.push(Part::Quoted(" ".into()));
                                            if self.pos == before {
                                                self.pos += 1;
                                            }
                                        }
                                    }
                                }
                            }
                            cmd.assigns.push(assign);
                            continue;
                        }
                    }
                    cmd.words.push(word);
                    if cmd.words.len() > MAX_WORDS {
                        // Step over the rest of this command, honouring quotes.
                        while let Some(c) = self.peek() {
                            if matches!(c, '\n' | ';' | '&' | '|') {
                                break;
                            }
                            let before = self.pos;
                            self.skip_blanks();
                            if self
                                .peek()
                                .is_some_and(|c| !matches!(c, '\n' | ';' | '&' | '|'))
                            {
                                let _ = self.word();
                            }
                            if self.pos == before {
                                self.pos += 1;
                            }
                        }
                        return Node::Unreadable(format!(
                            "a command with more than {MAX_WORDS} words"
                        ));
                    }
                }
            }
        }
        Node::Simple(cmd)
    }

    /// Redirects after a compound command: kept on an empty simple command.
    fn trailing_redirects_into(&mut self, cmd: &mut Simple) {
        loop {
            self.skip_blanks();
            if self.peek() == Some('&') && self.peek_at(1) == Some('>') || self.at_redirect() {
                self.redirect(cmd);
            } else {
                return;
            }
        }
    }

    fn at_redirect(&self) -> bool {
        let mut i = self.pos;
        if self.s.get(i) == Some(&'{') {
            // `{fd}>file`: a named descriptor.
            let mut j = i + 1;
            while self
                .s
                .get(j)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
            {
                j += 1;
            }
            if j > i + 1
                && self.s.get(j) == Some(&'}')
                && matches!(self.s.get(j + 1), Some('<' | '>'))
            {
                return true;
            }
            return false;
        }
        while self.s.get(i).is_some_and(char::is_ascii_digit) {
            i += 1;
        }
        match self.s.get(i) {
            Some('<') => self.s.get(i + 1) != Some(&'('),
            Some('>') => self.s.get(i + 1) != Some(&'('),
            _ => false,
        }
    }

    fn redirect(&mut self, cmd: &mut Simple) {
        let mut fd: Option<u32> = None;
        if self.peek() == Some('{') {
            while let Some(c) = self.peek() {
                self.pos += 1;
                if c == '}' {
                    break;
                }
            }
        } else {
            let start = self.pos;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
            if self.pos > start {
                let digits: String = self.slice(start, self.pos).iter().collect();
                fd = digits.parse().ok();
            }
        }
        let kind = if self.starts_with("&>>") {
            self.pos += 3;
            RedirectKind::Append
        } else if self.starts_with("&>") {
            self.pos += 2;
            RedirectKind::Write
        } else if self.starts_with("<<<") {
            self.pos += 3;
            RedirectKind::HereString
        } else if self.starts_with("<<") {
            self.pos += 2;
            let strip_tabs = if self.peek() == Some('-') {
                self.pos += 1;
                true
            } else {
                false
            };
            self.skip_blanks();
            let delimiter_word = self.word();
            let quoted = delimiter_word
                .parts
                .iter()
                .any(|p| matches!(p, Part::Quoted(_)))
                || delimiter_word
                    .parts
                    .iter()
                    .any(|p| matches!(p, Part::Bare(t) if t.is_empty()));
            let delimiter = delimiter_word
                .parts
                .iter()
                .map(|p| match p {
                    Part::Bare(t) | Part::Quoted(t) => t.clone(),
                    other => Word {
                        parts: vec![other.clone()],
                    }
                    .shown(),
                })
                .collect::<String>();
            let id = self.heredocs.len();
            self.heredocs.push(HereDoc {
                quoted,
                body: Word::default(),
            });
            self.pending.push(PendingHereDoc {
                id,
                delimiter,
                quoted,
                strip_tabs,
            });
            cmd.redirects.push(Redirect {
                fd,
                kind: RedirectKind::HereDoc(id),
                target: delimiter_word,
            });
            return;
        } else if self.starts_with("<>") {
            self.pos += 2;
            RedirectKind::ReadWrite
        } else if self.starts_with(">>") {
            self.pos += 2;
            RedirectKind::Append
        } else if self.starts_with(">|") {
            self.pos += 2;
            RedirectKind::Write
        } else if self.starts_with(">&") || self.starts_with("<&") {
            let writes = self.peek() == Some('>');
            self.pos += 2;
            self.skip_blanks();
            let target = self.word();
            let is_dup = target.literal().is_some_and(|t| {
                t == "-" || t.trim_end_matches('-').chars().all(|c| c.is_ascii_digit())
            });
            let kind = if is_dup {
                RedirectKind::Dup
            } else if writes {
                // `>&file` is `&>file`.
                RedirectKind::Write
            } else {
                RedirectKind::Read
            };
            cmd.redirects.push(Redirect { fd, kind, target });
            return;
        } else if self.starts_with(">") {
            self.pos += 1;
            RedirectKind::Write
        } else {
            self.pos += 1;
            RedirectKind::Read
        };
        self.skip_blanks();
        let target = self.word();
        cmd.redirects.push(Redirect { fd, kind, target });
    }

    /// `[[ … ]]`: words up to `]]`, where `<`, `>`, `(`, `)`, `&&`, `||` are
    /// operands of the test, not shell syntax.
    fn double_bracket(&mut self) -> Node {
        self.commands += 1;
        let mut words = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                None => break,
                Some('\n') => {
                    self.newline();
                    continue;
                }
                _ => {}
            }
            if self.peek_reserved().as_deref() == Some("]]") {
                self.take_reserved("]]");
                break;
            }
            let before = self.pos;
            if matches!(
                self.peek(),
                Some('<' | '>' | '(' | ')' | '&' | '|' | '!' | '=')
            ) {
                let mut op = String::new();
                while let Some(c) = self.peek() {
                    if matches!(c, '<' | '>' | '(' | ')' | '&' | '|' | '!' | '=') {
                        op.push(c);
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                words.push(Word {
                    parts: vec![Part::Bare(op)],
                });
                continue;
            }
            words.push(self.word());
            if self.pos == before {
                self.pos += 1;
            }
        }
        Node::Test(words)
    }

    fn for_clause(&mut self) -> Node {
        self.skip_blanks();
        if self.starts_with("((") {
            self.pos += 2;
            let expr = self.arith_body();
            return Node::Test(vec![Word {
                parts: vec![self.arith_part(expr)],
            }]);
        }
        let name = self.word().literal().unwrap_or_default();
        self.skip_blanks();
        while self.peek() == Some('\n') {
            self.newline();
            self.skip_blanks();
        }
        let mut words = Vec::new();
        if self.peek_reserved().as_deref() == Some("in") {
            self.take_reserved("in");
            loop {
                self.skip_blanks();
                match self.peek() {
                    None | Some('\n' | ';' | '&' | '|' | ')') => break,
                    _ => {}
                }
                if self.peek_reserved().as_deref() == Some("do") {
                    break;
                }
                let before = self.pos;
                words.push(self.word());
                if self.pos == before {
                    self.pos += 1;
                }
            }
        } else {
            // `for x; do`: the positional parameters.
            words.push(Word {
                parts: vec![Part::Param("@".into())],
            });
        }
        Node::For { name, words }
    }

    fn case_clause(&mut self) -> Node {
        self.commands += 1;
        self.skip_blanks();
        let subject = self.word();
        let mut nodes = vec![Node::Test(vec![subject])];
        self.skip_blanks();
        if self.peek_reserved().as_deref() == Some("in") {
            self.take_reserved("in");
        }
        loop {
            // Patterns: `[(] pat [| pat]… )`.
            loop {
                self.skip_blanks();
                match self.peek() {
                    Some('\n') => self.newline(),
                    Some(';') => self.pos += 1,
                    _ => break,
                }
            }
            if self.peek().is_none() {
                break;
            }
            if self.peek_reserved().as_deref() == Some("esac") {
                self.take_reserved("esac");
                break;
            }
            if self.peek() == Some('(') {
                self.pos += 1;
            }
            let mut patterns = Vec::new();
            loop {
                self.skip_blanks();
                match self.peek() {
                    None => break,
                    Some(')') => {
                        self.pos += 1;
                        break;
                    }
                    Some('|') => {
                        self.pos += 1;
                    }
                    Some('\n') => self.newline(),
                    _ => {
                        let before = self.pos;
                        patterns.push(self.word());
                        if self.pos == before {
                            self.pos += 1;
                        }
                    }
                }
            }
            nodes.push(Node::Test(patterns));
            let body = self.list(Until::Keyword(&["esac"]));
            nodes.push(Node::Group(body));
            if self.starts_with(";;&") {
                self.pos += 3;
            } else if self.starts_with(";;") || self.starts_with(";&") {
                self.pos += 2;
            }
            if self.over_budget() {
                break;
            }
        }
        Node::Group(nodes)
    }

    /// An arithmetic expression, with the command substitutions inside it
    /// (which run when it is evaluated) lifted out.
    fn arith_part(&mut self, expr: String) -> Part {
        if !expr.contains("$(") && !expr.contains('`') {
            return Part::Arith(expr);
        }
        if self.depth >= MAX_DEPTH {
            return Part::Subst(vec![self.too_deep()]);
        }
        let chars: Vec<char> = expr.chars().collect();
        let mut inner = self.child(&chars);
        let parts = inner.double_quoted_body(None);
        self.commands = inner.commands;
        let nodes: Vec<Node> = parts
            .into_iter()
            .flat_map(|p| match p {
                Part::Subst(nodes) => nodes,
                _ => Vec::new(),
            })
            .collect();
        Part::Subst(nodes)
    }

    /// The text of an arithmetic expression up to its closing `))`.
    fn arith_body(&mut self) -> String {
        let start = self.pos;
        let mut level = 0usize;
        while let Some(c) = self.peek() {
            if c == '(' {
                level += 1;
            } else if c == ')' {
                if level == 0 && self.peek_at(1) == Some(')') {
                    let text: String = self.slice(start, self.pos).iter().collect();
                    self.pos += 2;
                    return text;
                }
                level = level.saturating_sub(1);
            }
            self.pos += 1;
        }
        self.slice(start, self.s.len()).iter().collect()
    }

    /// One word: everything up to an unquoted blank or operator.
    fn word(&mut self) -> Word {
        let mut parts: Vec<Part> = Vec::new();
        let mut bare = String::new();
        let at_start = self.pos;
        if self.peek() == Some('~') {
            self.pos += 1;
            let mut user = String::new();
            while let Some(c) = self.peek() {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.' {
                    user.push(c);
                    self.pos += 1;
                } else {
                    break;
                }
            }
            if matches!(
                self.peek(),
                None | Some('/' | ' ' | '\t' | '\n' | ';' | '&' | '|' | ')' | '<' | '>')
            ) {
                parts.push(Part::Tilde(user));
            } else {
                self.pos = at_start;
            }
        }
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | ')' => break,
                '<' | '>' => {
                    if self.peek_at(1) == Some('(') {
                        flush(&mut bare, &mut parts);
                        self.pos += 2;
                        let nodes = self.nested_list_in_parens();
                        parts.push(Part::ProcSubst(nodes));
                        continue;
                    }
                    break;
                }
                '(' => {
                    // Extended globs `@(…)`, `!(…)`, `+(…)`, `*(…)`, `?(…)` stay in the word.
                    if bare.ends_with(['@', '!', '+', '*', '?']) {
                        let start = self.pos;
                        self.pos += 1;
                        self.skip_balanced('(', ')');
                        let text: String = self.slice(start, self.pos).iter().collect();
                        bare.push_str(&text);
                        continue;
                    }
                    break;
                }
                '\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some('\n') => self.pos += 1,
                        Some(escaped) => {
                            // An escaped character is literal: quote it so a
                            // `\*` is not taken for a glob.
                            flush(&mut bare, &mut parts);
                            match parts.last_mut() {
                                Some(Part::Quoted(text)) => text.push(escaped),
                                _ => parts.push(Part::Quoted(escaped.to_string())),
                            }
                            self.pos += 1;
                        }
                        None => {}
                    }
                }
                '\'' => {
                    flush(&mut bare, &mut parts);
                    self.pos += 1;
                    let mut text = String::new();
                    let mut closed = false;
                    let start = self.pos;
                    while self.peek().is_some_and(|q| q != '\'') {
                        self.pos += 1;
                    }
                    text.extend(self.slice(start, self.pos));
                    if self.peek() == Some('\'') {
                        self.pos += 1;
                        closed = true;
                    }
                    if !closed {
                        parts.push(Part::Complex("unterminated single quote".into()));
                    }
                    parts.push(Part::Quoted(text));
                }
                '"' => {
                    flush(&mut bare, &mut parts);
                    self.pos += 1;
                    let inner = self.double_quoted_body(Some('"'));
                    if inner.is_empty() {
                        parts.push(Part::Quoted(String::new()));
                    }
                    parts.extend(inner);
                }
                '`' => {
                    flush(&mut bare, &mut parts);
                    self.pos += 1;
                    let nodes = self.backtick();
                    parts.push(Part::Subst(nodes));
                }
                '$' => {
                    flush(&mut bare, &mut parts);
                    if let Some(part) = self.dollar(false) {
                        parts.push(part);
                    } else {
                        bare.push('$');
                    }
                }
                _ => {
                    // A run of ordinary characters at once.
                    let start = self.pos;
                    while self.peek().is_some_and(|c| !is_word_special(c)) {
                        self.pos += 1;
                    }
                    if self.pos == start {
                        self.pos += 1;
                    }
                    bare.extend(self.slice(start, self.pos));
                }
            }
        }
        flush(&mut bare, &mut parts);
        Word { parts }
    }

    /// The inside of double quotes (or of an unquoted here-doc body when
    /// `close` is `None`): literal text with `$` and backtick expansions.
    fn double_quoted_body(&mut self, close: Option<char>) -> Vec<Part> {
        let mut parts = Vec::new();
        let mut text = String::new();
        let mut closed = close.is_none();
        while let Some(c) = self.peek() {
            if Some(c) == close {
                self.pos += 1;
                closed = true;
                break;
            }
            match c {
                '\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some('\n') => self.pos += 1,
                        Some(e @ ('$' | '`' | '"' | '\\')) => {
                            text.push(e);
                            self.pos += 1;
                        }
                        Some(other) => {
                            text.push('\\');
                            text.push(other);
                            self.pos += 1;
                        }
                        None => text.push('\\'),
                    }
                }
                '`' => {
                    quoted_flush(&mut text, &mut parts);
                    self.pos += 1;
                    let nodes = self.backtick();
                    parts.push(Part::Subst(nodes));
                }
                '$' => {
                    quoted_flush(&mut text, &mut parts);
                    if let Some(part) = self.dollar(true) {
                        parts.push(part);
                    } else {
                        text.push('$');
                    }
                }
                _ => {
                    let start = self.pos;
                    while self
                        .peek()
                        .is_some_and(|c| !matches!(c, '\\' | '`' | '$') && Some(c) != close)
                    {
                        self.pos += 1;
                    }
                    if self.pos == start {
                        self.pos += 1;
                    }
                    text.extend(self.slice(start, self.pos));
                }
            }
        }
        quoted_flush(&mut text, &mut parts);
        if !closed {
            parts.push(Part::Complex("unterminated double quote".into()));
        }
        parts
    }

    /// After a `$`: a parameter, substitution, arithmetic or `$'…'` string.
    /// `None` when the `$` is literal.
    fn dollar(&mut self, in_quotes: bool) -> Option<Part> {
        let next = self.peek_at(1);
        match next {
            Some('(') => {
                if self.peek_at(2) == Some('(') {
                    self.pos += 3;
                    let expr = self.arith_body();
                    return Some(self.arith_part(expr));
                }
                self.pos += 2;
                Some(Part::Subst(self.nested_list_in_parens()))
            }
            Some('[') => {
                self.pos += 2;
                let start = self.pos;
                self.skip_balanced('[', ']');
                let end = self.pos.saturating_sub(1).max(start);
                {
                    let expr: String = self.slice(start, end).iter().collect();
                    Some(self.arith_part(expr))
                }
            }
            Some('{') => {
                self.pos += 2;
                Some(self.nested(
                    |p| p.braced_parameter(),
                    |p| {
                        p.skip_balanced('{', '}');
                        Part::Subst(vec![p.too_deep()])
                    },
                ))
            }
            Some('\'') if !in_quotes => {
                self.pos += 2;
                Some(Part::Quoted(self.ansi_c_string()))
            }
            Some('"') if !in_quotes => {
                // `$"…"`: a translated string, otherwise double quotes.
                self.pos += 2;
                let mut inner = self.double_quoted_body(Some('"'));
                if inner.is_empty() {
                    inner.push(Part::Quoted(String::new()));
                }
                // Return the first part; keep the rest by re-wrapping.
                if inner.len() == 1 {
                    return inner.pop();
                }
                let text = Word {
                    parts: inner.clone(),
                };
                if let Some(lit) = text.literal() {
                    return Some(Part::Quoted(lit));
                }
                Some(Part::Complex(format!("\"{}\"", text.shown())))
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                self.pos += 1;
                let mut name = String::new();
                while let Some(c) = self.peek() {
                    if c.is_ascii_alphanumeric() || c == '_' {
                        name.push(c);
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                Some(Part::Param(name))
            }
            Some(c)
                if c.is_ascii_digit() || matches!(c, '@' | '*' | '#' | '?' | '$' | '!' | '-') =>
            {
                self.pos += 2;
                Some(Part::Param(c.to_string()))
            }
            _ => {
                self.pos += 1;
                None
            }
        }
    }

    /// `${…}` after the `${`: a plain name, or anything else kept as written
    /// with its substitutions lifted.
    fn braced_parameter(&mut self) -> Part {
        let start = self.pos;
        let mut level = 1usize;
        let mut subs: Vec<Node> = Vec::new();
        while let Some(c) = self.peek() {
            match c {
                '\\' => self.pos += 2,
                '\'' => {
                    self.pos += 1;
                    while let Some(q) = self.peek() {
                        self.pos += 1;
                        if q == '\'' {
                            break;
                        }
                    }
                }
                '"' => {
                    self.pos += 1;
                    let inner = self.double_quoted_body(Some('"'));
                    for part in inner {
                        if let Part::Subst(nodes) = part {
                            subs.extend(nodes);
                        }
                    }
                }
                '`' => {
                    self.pos += 1;
                    subs.extend(self.backtick());
                }
                '$' if self.peek_at(1) == Some('(') || self.peek_at(1) == Some('{') => {
                    if let Some(Part::Subst(nodes) | Part::ProcSubst(nodes)) = self.dollar(true) {
                        subs.extend(nodes);
                    }
                }
                '{' => {
                    level += 1;
                    self.pos += 1;
                }
                '}' => {
                    level -= 1;
                    self.pos += 1;
                    if level == 0 {
                        break;
                    }
                }
                _ => self.pos += 1,
            }
        }
        let end = self.pos.saturating_sub(1).max(start).min(self.s.len());
        let text: String = self.slice(start, end).iter().collect();
        let plain = !text.is_empty()
            && (text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                || (text.len() == 1 && "@*#?$!-".contains(text.as_str())));
        if plain && subs.is_empty() {
            Part::Param(text)
        } else if subs.is_empty() {
            Part::Complex(text)
        } else {
            // The parameter's value is unknown and it runs commands: both
            // facts survive as a substitution the reader will read.
            Part::Subst(subs)
        }
    }

    /// After `$(` or `<(`: commands up to the closing `)`.
    fn nested_list_in_parens(&mut self) -> Vec<Node> {
        self.nested(
            |p| {
                let nodes = p.list(Until::Paren);
                if p.peek() == Some(')') {
                    p.pos += 1;
                } else {
                    return vec![Node::Unreadable(
                        "a substitution that is never closed".into(),
                    )];
                }
                nodes
            },
            |p| {
                p.skip_balanced('(', ')');
                vec![p.too_deep()]
            },
        )
    }

    /// After an opening backtick: the inner text, unescaped, read as commands.
    fn backtick(&mut self) -> Vec<Node> {
        let mut inner = String::new();
        let mut closed = false;
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                '`' => {
                    closed = true;
                    break;
                }
                '\\' => match self.peek() {
                    Some(e @ ('`' | '\\' | '$')) => {
                        inner.push(e);
                        self.pos += 1;
                    }
                    _ => inner.push('\\'),
                },
                other => inner.push(other),
            }
        }
        if !closed {
            return vec![Node::Unreadable(
                "a backtick substitution that is never closed".into(),
            )];
        }
        if self.depth >= MAX_DEPTH {
            return vec![self.too_deep()];
        }
        let chars: Vec<char> = inner.chars().collect();
        let mut nested = self.child(&chars);
        let mut nodes = nested.list(Until::End);
        if !nested.pending.is_empty() {
            nested.read_pending_heredocs();
        }
        self.commands = nested.commands;
        let docs = std::mem::take(&mut nested.heredocs);
        // Bodies of here-docs inside backticks: lift what they run.
        for doc in &docs {
            nodes.extend(doc.body.commands().cloned());
        }
        self.absorb(Vec::new(), &mut nodes);
        nodes
    }

    /// After `$'`: an ANSI-C string, decoded.
    fn ansi_c_string(&mut self) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                '\'' => return out,
                '\\' => {
                    let Some(e) = self.peek() else { break };
                    self.pos += 1;
                    match e {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        'a' => out.push('\u{7}'),
                        'b' => out.push('\u{8}'),
                        'e' | 'E' => out.push('\u{1b}'),
                        'f' => out.push('\u{c}'),
                        'v' => out.push('\u{b}'),
                        '\\' | '\'' | '"' | '?' => out.push(e),
                        'x' => out.extend(self.hex_escape(2)),
                        'u' => out.extend(self.hex_escape(4)),
                        'U' => out.extend(self.hex_escape(8)),
                        'c' => {
                            if let Some(k) = self.peek() {
                                self.pos += 1;
                                out.push(char::from_u32((k as u32) & 0x1f).unwrap_or('?'));
                            }
                        }
                        '0'..='7' => {
                            let mut value = e.to_digit(8).unwrap_or(0);
                            for _ in 0..2 {
                                match self.peek().and_then(|d| d.to_digit(8)) {
                                    Some(d) => {
                                        value = value * 8 + d;
                                        self.pos += 1;
                                    }
                                    None => break,
                                }
                            }
                            out.push(char::from_u32(value & 0xff).unwrap_or('?'));
                        }
                        other => {
                            out.push('\\');
                            out.push(other);
                        }
                    }
                }
                other => out.push(other),
            }
        }
        out
    }

    fn hex_escape(&mut self, max: usize) -> Option<char> {
        let mut value = 0u32;
        let mut n = 0;
        while n < max {
            match self.peek().and_then(|d| d.to_digit(16)) {
                Some(d) => {
                    value = value * 16 + d;
                    self.pos += 1;
                    n += 1;
                }
                None => break,
            }
        }
        if n == 0 {
            return Some('\\');
        }
        char::from_u32(value)
    }
}

/// Characters that end or change a run of ordinary word characters.
fn is_word_special(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t'
            | '\r'
            | '\n'
            | ';'
            | '&'
            | '|'
            | ')'
            | '('
            | '<'
            | '>'
            | '\\'
            | '\''
            | '"'
            | '`'
            | '$'
    )
}

fn flush(bare: &mut String, parts: &mut Vec<Part>) {
    if !bare.is_empty() {
        parts.push(Part::Bare(std::mem::take(bare)));
    }
}

fn quoted_flush(text: &mut String, parts: &mut Vec<Part>) {
    if !text.is_empty() {
        parts.push(Part::Quoted(std::mem::take(text)));
    }
}

/// Compound command with trailing redirects: the redirects become a simple
/// command of their own beside it, so their writes are read.
fn with_redirects(node: Node, tail: Simple) -> Node {
    if tail.redirects.is_empty() {
        node
    } else {
        Node::Group(vec![node, Node::Simple(tail)])
    }
}

/// `NAME=value`, `NAME+=value` or `NAME[sub]=value` spelled bare at the start
/// of the word.
fn as_assignment(word: &Word) -> Option<Assign> {
    let Some(Part::Bare(first)) = word.parts.first() else {
        return None;
    };
    let eq = first.find('=')?;
    let mut name = &first[..eq];
    if let Some(stripped) = name.strip_suffix('+') {
        name = stripped;
    }
    if let Some(open) = name.find('[') {
        if !name.ends_with(']') {
            return None;
        }
        name = &name[..open];
    }
    let mut chars = name.chars();
    let valid = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return None;
    }
    let mut value = Vec::new();
    let rest = &first[eq + 1..];
    if !rest.is_empty() {
        value.push(Part::Bare(rest.to_owned()));
    }
    value.extend(word.parts.iter().skip(1).cloned());
    Some(Assign {
        name: name.to_owned(),
        value: Word { parts: value },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simples(text: &str) -> Vec<Simple> {
        fn walk(nodes: &[Node], out: &mut Vec<Simple>) {
            for node in nodes {
                match node {
                    Node::Simple(s) => {
                        let words = s
                            .assigns
                            .iter()
                            .map(|a| &a.value)
                            .chain(&s.words)
                            .chain(s.redirects.iter().map(|r| &r.target));
                        for w in words {
                            for n in w.commands() {
                                walk(std::slice::from_ref(n), out);
                            }
                        }
                        out.push(s.clone());
                    }
                    Node::Subshell(b) | Node::Group(b) | Node::Pipeline(b) => walk(b, out),
                    Node::Background(inner) => walk(std::slice::from_ref(inner), out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&parse(text).nodes, &mut out);
        out
    }

    fn words(s: &Simple) -> Vec<String> {
        s.words
            .iter()
            .map(|w| w.literal().unwrap_or_else(|| format!("<{}>", w.shown())))
            .collect()
    }

    #[test]
    fn quotes_and_escapes_are_undone() {
        for text in [
            "r''m -rf x",
            "\"r\"m -rf x",
            "\\rm -rf x",
            "r\\\nm -rf x",
            "$'\\x72\\x6d' -rf x",
            "$'\\162m' -rf x",
        ] {
            let cmds = simples(text);
            assert_eq!(words(&cmds[0]), ["rm", "-rf", "x"], "{text}");
        }
    }

    #[test]
    fn separators_split_commands() {
        let cmds = simples("a; b && c || d & e\nf | g |& h");
        let programs: Vec<String> = cmds.iter().map(|c| words(c)[0].clone()).collect();
        assert_eq!(programs, ["a", "b", "c", "d", "e", "f", "g", "h"]);
        assert!(cmds[6].piped_in && cmds[7].piped_in && !cmds[5].piped_in);
    }

    #[test]
    fn expansions_are_not_literal() {
        for text in [
            "$c x",
            "${IFS}x",
            "$(printf rm) x",
            "`printf rm` x",
            "r*m x",
            "{rm,-rf} x",
            "$((1)) x",
        ] {
            let cmds = simples(text);
            let program = cmds.last().unwrap().words[0].literal();
            assert_eq!(program, None, "{text}");
        }
    }

    #[test]
    fn substitutions_are_lifted() {
        let cmds = simples("echo \"$(rm -rf /)\" `curl x` ${a:-$(id)} <(cat y)");
        let programs: Vec<String> = cmds.iter().map(|c| words(c)[0].clone()).collect();
        assert_eq!(programs, ["rm", "curl", "id", "cat", "echo"]);
    }

    #[test]
    fn redirects_are_collected_apart_from_words() {
        let cmds = simples("cmd a 2>/dev/null >out &>all >>log <in 3<>rw >|clob 2>&1 >&2");
        assert_eq!(words(&cmds[0]), ["cmd", "a"]);
        let kinds: Vec<RedirectKind> = cmds[0].redirects.iter().map(|r| r.kind).collect();
        use RedirectKind::*;
        assert_eq!(
            kinds,
            [Write, Write, Write, Append, Read, ReadWrite, Write, Dup, Dup]
        );
    }

    #[test]
    fn heredocs_are_read_and_their_substitutions_lifted() {
        let script = parse("cat <<EOF > f\nhello $(rm -rf /)\nEOF\necho done");
        assert_eq!(script.heredocs.len(), 1);
        assert!(!script.heredocs[0].quoted);
        assert_eq!(script.heredocs[0].body.commands().count(), 1);
        let quoted = parse("cat <<'EOF'\n$(rm -rf /)\nEOF\n");
        assert!(quoted.heredocs[0].quoted);
        assert_eq!(quoted.heredocs[0].body.commands().count(), 0);
        let cmds = simples("cat <<EOF > f\nhello\nEOF\necho done");
        assert_eq!(words(&cmds[1]), ["echo", "done"]);
    }

    #[test]
    fn compound_commands_expose_their_bodies() {
        let cmds = simples("if test -f x; then rm x; else touch y; fi; for f in a b; do cat $f; done; while true; do sleep 1; done");
        let programs: Vec<String> = cmds.iter().map(|c| words(c)[0].clone()).collect();
        assert_eq!(programs, ["test", "rm", "touch", "cat", "true", "sleep"]);
        let cmds =
            simples("case $x in a|b) rm a;; *) ls;; esac; f() { rm -rf /; }; { echo; } > out");
        let programs: Vec<String> = cmds
            .iter()
            .filter(|c| !c.words.is_empty())
            .map(|c| words(c)[0].clone())
            .collect();
        assert_eq!(programs, ["rm", "ls", "rm", "echo"]);
    }

    #[test]
    fn background_jobs_and_arrays_are_read() {
        let script = parse("sleep 9 & echo $!; a=(x \"$(id)\" z) ls");
        assert!(matches!(script.nodes[0], Node::Background(_)));
        let cmds = simples("a=(x \"$(id)\" z) ls");
        assert_eq!(words(&cmds[0]), ["id"]);
        assert_eq!(words(&cmds[1]), ["ls"]);
    }

    #[test]
    fn assignments_are_apart_from_words() {
        let cmds = simples("A=1 B=\"two words\" env C=3 prog");
        assert_eq!(cmds[0].assigns.len(), 2);
        assert_eq!(
            cmds[0].assigns[1].value.literal().as_deref(),
            Some("two words")
        );
        assert_eq!(words(&cmds[0]), ["env", "C=3", "prog"]);
    }

    #[test]
    fn hostile_inputs_end_quickly() {
        let deep = "$(".repeat(10_000) + &")".repeat(10_000);
        let script = parse(&deep);
        assert!(!script.nodes.is_empty());
        let unbalanced = parse("echo 'never closed");
        assert!(!unbalanced.nodes.is_empty());
        let many = "true;".repeat(100_000);
        let script = parse(&many);
        assert!(matches!(script.nodes.last(), Some(Node::Unreadable(_))));
        for text in [
            "(((((", "))))", "<<", "${", "$(", "`", "\\", "case", "for", "[[", "{", "}", "<(",
            "a=(", "f()",
        ] {
            let _ = parse(text);
        }
    }
}
