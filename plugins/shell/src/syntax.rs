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
//! **Dialects.** `sh -c` is dash on Debian and Ubuntu and bash elsewhere, and
//! the two read the same text differently, so the text is read as one
//! [`Dialect`] at a time. [`Dialect::Dash`] is dash 0.5.12: `$'…'`, `$"…"`
//! and `$[…]` are a `$` and ordinary text, `((` is two subshells, `[[`,
//! `time`, `function`, `select` and `coproc` are ordinary words, `&>` is `&`
//! then a redirect, braces never expand, one digit names a descriptor, and
//! `|&`, `<(…)`, `a=(…)`, `<<<`, `;&` are syntax errors. dash reads an
//! unquoted here-doc body and `$((…))` from the text itself (a substitution
//! in a body can run past the delimiter line; quotes are not quotes in
//! `$((…))`), and a backquoted list ends, silently, at the first token that
//! cannot continue it. [`Dialect::Bash`] is bash 5.2 as `bash -c` reads it:
//! its keywords, `((…))` (arithmetic only when bash finds its `))`),
//! process substitution, arrays and brace expansion (see [`Word::braces`]).
//! Where bash run as `sh` (POSIX mode) reads otherwise, in the cases known
//! it reads as dash does (single quotes in a double-quoted `${x:-…}`), so
//! reading both dialects covers it; `time -o f cmd` is read its way, as the
//! program `time`.
//!
//! **Where the shell stops.** Both shells parse one complete command (up to
//! an unnested newline) at a time and run it before reading the next, so a
//! syntax error leaves what came before it to run and nothing from the line
//! it is on onwards: that is a [`Node::Stop`]. Text bash parses only when it
//! runs it (backticks, here-doc bodies) stops on its own.
//!
//! **Aliases.** dash, and bash as `sh`, expand aliases in `sh -c` text from
//! the complete command after the one that defined them (`eval` and bash's
//! backticks at once). The reader does not follow alias expansion: once a
//! command may have defined an alias, the first word that may expand as one
//! ends the reading with an [`Node::Unreadable`].
//!
//! The parser is total and bounded: it never panics, it stops descending past
//! [`MAX_DEPTH`] and stops reading past [`MAX_COMMANDS`] or [`MAX_WORDS`], and
//! then leaves an [`Node::Unreadable`] behind rather than dropping what it
//! skipped.

/// How many simple commands one reading takes before it stops. A real command
/// line has a handful; past this the tail is one unreadable node.
pub const MAX_COMMANDS: usize = 256;

/// How deep substitutions, subshells and groups may nest before the rest of
/// the text is unreadable. Keeps the reader's own stack bounded.
pub const MAX_DEPTH: usize = 48;

/// How many words one simple command may have before the rest is unreadable.
pub const MAX_WORDS: usize = 1000;

/// How many times bash's `((`, read as arithmetic, may turn out not to be
/// and be read again as commands, before the rest is unreadable.
const MAX_REPARSES: usize = 64;

/// Which shell's parser reads the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    /// dash 0.5.12, `/bin/sh` on Debian and Ubuntu.
    Dash,
    /// bash 5.2 (`bash -c`; `/bin/sh` on Fedora, Arch and macOS).
    #[default]
    Bash,
}

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
    /// Unquoted `{a,b}` and `{1..3}` in this word are brace-expanded: bash,
    /// where the word is a command word, loop word, array item or redirect
    /// target. In dash, and in bash's assignments, here-doc delimiters, case
    /// patterns and `[[ … ]]`, braces are literal text.
    pub braces: bool,
    /// A `$name`, `${…}` or `$(…)` in the word is unquoted: the shell splits
    /// its value into fields by IFS (where words are split: command words and
    /// loop words).
    pub split: bool,
}

impl Word {
    fn new(parts: Vec<Part>) -> Word {
        Word {
            parts,
            braces: false,
            split: false,
        }
    }

    /// The word's value when the shell would take it literally: no expansion,
    /// no glob, no brace expansion. A leading tilde stays `~` (paths expand it).
    pub fn literal(&self) -> Option<String> {
        if self.has_brace() {
            return None;
        }
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Bare(text) => {
                    if has_glob(text) {
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

    /// Whether the word is brace-expanded: [`Word::braces`], and an unquoted
    /// `{` then an unquoted `,` or `..` then an unquoted `}`, with quoted
    /// text allowed between them (bash expands `{rm,'-rf'}` too).
    pub fn has_brace(&self) -> bool {
        if !self.braces {
            return false;
        }
        let mut open = 0usize;
        let mut armed = false;
        for part in &self.parts {
            let Part::Bare(text) = part else { continue };
            let mut prev_dot = false;
            for c in text.chars() {
                match c {
                    '{' => open += 1,
                    ',' if open > 0 => armed = true,
                    '.' if open > 0 && prev_dot => armed = true,
                    '}' if open > 0 => {
                        if armed {
                            return true;
                        }
                        open -= 1;
                    }
                    _ => {}
                }
                prev_dot = c == '.';
            }
        }
        false
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

    /// The single unquoted, unexpanded text of the word, if that is all it is.
    fn bare(&self) -> Option<&str> {
        match self.parts.as_slice() {
            [Part::Bare(text)] => Some(text),
            _ => None,
        }
    }
}

fn has_glob(text: &str) -> bool {
    text.contains(['*', '?', '['])
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
    /// `>`, `>|`, `&>` (bash), `>&file` (bash): creates or truncates a file.
    Write,
    /// `>>`, `&>>` (bash): appends to a file.
    Append,
    /// `<>`: opens a file read-write, creating it.
    ReadWrite,
    /// `>&`, `<&` to a number or `-` (in dash, to anything): a descriptor.
    Dup,
    /// `<<`, `<<-`: a here-doc (its body in [`Script::heredocs`]).
    HereDoc(usize),
    /// `<<<` (bash): a here-string.
    HereString,
}

/// One redirect of a simple or compound command.
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
    /// `{ …; }`, and the parts of `a && b` and of `if`/`while`/`until`/
    /// `for`/`case` that always run: same shell.
    Group(Vec<Node>),
    /// What may run once or not at all: the right of `&&`/`||`, an `if`'s
    /// branches and later conditions, a `case` item. What it changes in the
    /// shell (its directory, its variables) may or may not have happened.
    Maybe(Vec<Node>),
    /// At the head of the part of `a && b` that runs only after `a`
    /// succeeded: what `a` attempted happened (`cd x && …` is in x).
    Succeeded,
    /// After a pipeline negated with `!`: its status is the opposite of
    /// what it attempted (`! cd x && …` goes on where the `cd` failed).
    Negated,
    /// What may run any number of times, none included: a loop's body (with
    /// a `while` loop's condition again after it).
    Loop(Vec<Node>),
    /// `a | b | c`: every element in a subshell of its own.
    Pipeline(Vec<Node>),
    /// `… &` (and bash's `coproc`): runs in the background, beyond the command.
    Background(Box<Node>),
    /// `for NAME in words` (bash: `select`): binds NAME for the body, which
    /// follows it in the same [`Node::Group`].
    For {
        name: String,
        words: Vec<Word>,
    },
    /// `[[ … ]]`, `(( … ))`, a `case` subject or patterns: words that are
    /// expanded (and run their substitutions) but run no program.
    Test(Vec<Word>),
    /// A compound command with redirects of its own (`{ …; } >f`,
    /// `while …; done <f`): they apply to everything the node runs.
    Redirected(Box<Node>, Vec<Redirect>),
    /// `name() body` or bash's `function name body`: defines `name`; a later
    /// command `name` runs the body (functions shadow programs). The body is
    /// not run here.
    Function {
        name: String,
        body: Box<Node>,
    },
    /// A syntax error in this dialect: the shell stops here. The complete
    /// command it is in and everything after it do not run; what came before
    /// did. Not a hold in itself.
    Stop(String),
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
    /// The dialect it was read as.
    pub dialect: Dialect,
}

/// Read shell text as `dialect` reads it. Total: whatever the input, an answer.
pub fn parse(text: &str, dialect: Dialect) -> Script {
    let chars: Vec<char> = text.chars().collect();
    let mut parser = Parser::new(&chars, dialect);
    let nodes = parser.script();
    Script {
        nodes,
        heredocs: parser.heredocs,
        dialect,
    }
}

/// Why reading stopped early.
enum Halt {
    /// A syntax error: the current complete command does not run.
    Syntax(String),
    /// A bound or an alias: wicket cannot tell what the rest does.
    Unreadable(String),
}

/// What ends a list of commands.
#[derive(Clone, Copy, PartialEq)]
enum Ctx {
    /// A complete command: a newline or the end of the text.
    Top,
    /// A subshell's `)`.
    Paren,
    /// A command substitution's `)` (an empty one is allowed).
    Subst,
    /// A reserved word at a command's start.
    Words(&'static [&'static str]),
    /// A case item's `;;` (bash: `;&`, `;;&`) or `esac`.
    CaseItem,
    /// dash's backquoted text: the end of the text, or silently the first
    /// token that cannot continue the list (the rest is never read or run).
    Backquote,
}

struct PendingHereDoc {
    id: usize,
    delimiter: Vec<char>,
    quoted: bool,
    strip_tabs: bool,
}

/// Alias names that may be defined.
#[derive(Clone, Default)]
struct Aliases {
    /// Defined by complete commands already run.
    names: Vec<String>,
    /// Some complete command already run may have defined any alias.
    any: bool,
    /// Defined by the complete command being read (in effect from the next
    /// one, and at once for text parsed when it runs).
    new_names: Vec<String>,
    new_any: bool,
}

impl Aliases {
    fn settle(&mut self) {
        self.names.append(&mut self.new_names);
        self.any |= self.new_any;
        self.new_any = false;
    }

    /// Everything defined so far counts (text parsed when it runs).
    fn all_settled(&self) -> Aliases {
        let mut all = self.clone();
        all.settle();
        all
    }

    fn any_defined(&self) -> bool {
        self.any || self.new_any || !self.names.is_empty() || !self.new_names.is_empty()
    }
}

const COMPOUND_STARTS: &[&str] = &["{", "if", "while", "until", "for", "case"];
const BASH_COMPOUND_STARTS: &[&str] = &["[[", "select"];
const CLOSERS: &[&str] = &[
    "}", "then", "else", "elif", "fi", "do", "done", "esac", "in",
];
/// dash's special builtins: no function may take their names.
const DASH_SPECIAL_BUILTINS: &[&str] = &[
    "break", "continue", "eval", "exec", "exit", "export", "local", "readonly", "return", "set",
    "shift", "times", "trap", "unset",
];
/// Bash builtins whose `NAME=(…)` arguments are array assignments.
const ASSIGNING_BUILTINS: &[&str] = &["declare", "typeset", "local", "export", "readonly"];

struct Parser<'a> {
    s: &'a [char],
    pos: usize,
    dialect: Dialect,
    depth: usize,
    commands: usize,
    /// Here-docs of this text; ids are numbered from `id_base` so a nested
    /// text's table can be appended to its parent's.
    heredocs: Vec<HereDoc>,
    id_base: usize,
    pending: Vec<PendingHereDoc>,
    halt: Option<Halt>,
    aliases: Aliases,
    /// Reading a here-doc delimiter: dash does not take `$(` there.
    eofmark: bool,
    /// Texts read a second time (see [`MAX_REPARSES`]), shared like the
    /// command budget.
    reparses: usize,
    /// Newlines before this position do not start here-doc bodies.
    defer_heredocs: usize,
    /// How many `$(…)`/`<(…)` the reading is inside (bash ends a here-doc
    /// there at a line that starts with the delimiter and holds a `)`).
    in_subst: usize,
}

impl<'a> Parser<'a> {
    fn new(s: &'a [char], dialect: Dialect) -> Parser<'a> {
        Parser {
            s,
            pos: 0,
            dialect,
            depth: 0,
            commands: 0,
            heredocs: Vec::new(),
            id_base: 0,
            pending: Vec::new(),
            halt: None,
            aliases: Aliases::default(),
            eofmark: false,
            reparses: 0,
            defer_heredocs: 0,
            in_subst: 0,
        }
    }

    fn bash(&self) -> bool {
        self.dialect == Dialect::Bash
    }

    /// A parser for text nested in this one, one level deeper, sharing the
    /// command budget. `runtime`: the shell parses it only when it runs it,
    /// after the commands before it ran (so it sees their aliases).
    fn child<'b>(&self, text: &'b [char], runtime: bool) -> Parser<'b> {
        Parser {
            s: text,
            pos: 0,
            dialect: self.dialect,
            depth: self.depth + 1,
            commands: self.commands,
            heredocs: Vec::new(),
            id_base: self.id_base + self.heredocs.len(),
            pending: Vec::new(),
            halt: None,
            aliases: if runtime {
                self.aliases.all_settled()
            } else {
                let mut settled = self.aliases.clone();
                settled.new_names.clear();
                settled.new_any = false;
                settled
            },
            eofmark: false,
            reparses: self.reparses,
            defer_heredocs: 0,
            in_subst: 0,
        }
    }

    /// Takes back what a nested parser used: its budget and here-docs. A
    /// text parsed with this one (not when it runs) fails with it.
    fn join(&mut self, child: Parser<'_>, parse_time: bool) {
        self.commands = child.commands;
        self.reparses = child.reparses;
        self.heredocs.extend(child.heredocs);
        match child.halt {
            Some(Halt::Syntax(why)) if parse_time => self.error(why),
            // An alias or a bound: what comes after cannot be told either.
            Some(Halt::Unreadable(why)) => self.unreadable(why),
            _ => {}
        }
        if self.over_budget() {
            // The budget is the whole reading's: the rest is not read.
            self.budget_spent();
        }
    }

    /// Reads text the shell parses only when it runs it, as a script of
    /// its own: its stops stay inside it.
    fn runtime_script(&mut self, text: &[char]) -> Vec<Node> {
        if self.depth >= MAX_DEPTH {
            self.too_deep();
            return Vec::new();
        }
        let mut child = self.child(text, true);
        let nodes = child.script();
        self.join(child, false);
        nodes
    }

    // ----- characters -----

    fn peek(&self) -> Option<char> {
        self.s.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.s.get(self.pos + offset).copied()
    }

    fn starts_with(&self, text: &str) -> bool {
        (self.pos..)
            .zip(text.chars())
            .all(|(i, c)| self.s.get(i) == Some(&c))
    }

    fn text(&self, start: usize, end: usize) -> String {
        let end = end.min(self.s.len());
        self.s[start.min(end)..end].iter().collect()
    }

    fn halted(&self) -> bool {
        self.halt.is_some()
    }

    /// A syntax error: the first one wins and reading ends.
    fn error(&mut self, why: impl Into<String>) {
        if self.halt.is_none() {
            self.halt = Some(Halt::Syntax(why.into()));
        }
        self.pos = self.s.len();
    }

    /// wicket cannot read on: the rest is unreadable.
    fn unreadable(&mut self, why: impl Into<String>) {
        if self.halt.is_none() {
            self.halt = Some(Halt::Unreadable(why.into()));
        }
        self.pos = self.s.len();
    }

    fn too_deep(&mut self) {
        self.unreadable(format!("commands nested more than {MAX_DEPTH} deep"));
    }

    /// The syntax error for meeting what is next where it cannot be.
    fn unexpected(&mut self) {
        let what = match self.peek() {
            None => "end of file".to_owned(),
            Some('\n') => "newline".to_owned(),
            Some(_) => match self.peek_reserved() {
                Some(word) => format!("`{word}`"),
                None => {
                    let op: String = self
                        .s
                        .iter()
                        .skip(self.pos)
                        .take_while(|c| matches!(c, ';' | '&' | '|' | '(' | ')' | '<' | '>'))
                        .take(3)
                        .collect();
                    if op.is_empty() {
                        "a word".to_owned()
                    } else {
                        format!("`{op}`")
                    }
                }
            },
        };
        self.error(format!("syntax error: {what} unexpected"));
    }

    fn nested<T>(&mut self, dummy: T, inside: impl FnOnce(&mut Self) -> T) -> T {
        if self.depth >= MAX_DEPTH {
            self.too_deep();
            return dummy;
        }
        self.depth += 1;
        let out = inside(self);
        self.depth -= 1;
        out
    }

    fn over_budget(&self) -> bool {
        self.commands >= MAX_COMMANDS
    }

    fn budget_spent(&mut self) {
        self.unreadable(format!(
            "the command line holds more than {MAX_COMMANDS} commands; the rest was not read"
        ));
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

    /// Skips blanks, comments and newlines (reading here-doc bodies).
    fn linebreak(&mut self) {
        loop {
            self.skip_blanks();
            if self.peek() == Some('\n') {
                self.newline();
            } else {
                return;
            }
        }
    }

    /// Consumes a newline, reading the bodies of here-docs opened on its line.
    fn newline(&mut self) {
        self.pos += 1;
        if !self.pending.is_empty() && self.pos > self.defer_heredocs {
            self.read_pending_heredocs();
        }
    }

    /// Whether a word (not an operator, blank or newline) starts here.
    fn at_word(&self) -> bool {
        match self.peek() {
            None | Some(' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | '(' | ')') => false,
            Some('<' | '>') => self.bash() && self.peek_at(1) == Some('('),
            Some(_) => true,
        }
    }

    /// The next word if it could be a reserved word, without consuming it.
    fn peek_reserved(&self) -> Option<String> {
        let mut i = self.pos;
        let mut word = String::new();
        while let Some(&c) = self.s.get(i) {
            if matches!(
                c,
                ' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | '(' | ')' | '<' | '>'
            ) {
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

    fn at_reserved(&self, word: &str) -> bool {
        self.peek_reserved().as_deref() == Some(word)
    }

    fn take_reserved(&mut self, word: &str) {
        self.pos += word.chars().count();
    }

    /// Expects a reserved word, or it is a syntax error.
    fn expect_reserved(&mut self, word: &str) -> bool {
        if self.at_reserved(word) {
            self.take_reserved(word);
            true
        } else {
            self.unexpected();
            false
        }
    }

    // ----- lists -----

    /// Complete commands one after another, each read and run before the
    /// next is read: a syntax error stops here, and what came before stays.
    fn script(&mut self) -> Vec<Node> {
        let mut nodes = Vec::new();
        loop {
            self.linebreak();
            if self.pos >= self.s.len() {
                break;
            }
            let heredocs_before = self.heredocs.len();
            let mut command = self.compound_list(Ctx::Top);
            match self.halt.take() {
                Some(Halt::Syntax(why)) => {
                    self.heredocs.truncate(heredocs_before);
                    nodes.push(Node::Stop(why));
                    return nodes;
                }
                Some(Halt::Unreadable(why)) => {
                    nodes.append(&mut command);
                    nodes.push(Node::Unreadable(why));
                    return nodes;
                }
                None => nodes.append(&mut command),
            }
            self.aliases.settle();
        }
        if !self.pending.is_empty() {
            // A here-doc whose body never came: it is empty.
            self.read_pending_heredocs();
        }
        nodes
    }

    /// Whether the list in `ctx` ends at what is next.
    fn ends_list(&self, ctx: Ctx) -> bool {
        match ctx {
            Ctx::Top => false,
            Ctx::Paren | Ctx::Subst => self.peek() == Some(')'),
            Ctx::Words(words) => self
                .peek_reserved()
                .is_some_and(|w| words.contains(&w.as_str())),
            Ctx::CaseItem => {
                self.starts_with(";;")
                    || (self.bash() && self.starts_with(";&"))
                    || self.at_reserved("esac")
            }
            Ctx::Backquote => false,
        }
    }

    /// Whether a token that ends some list is next: where dash's backquoted
    /// list ends without an error.
    fn at_list_end_token(&self) -> bool {
        self.peek() == Some(')')
            || self.starts_with(";;")
            || self.peek_reserved().is_some_and(|w| {
                ["}", "then", "else", "elif", "fi", "do", "done", "esac"].contains(&w.as_str())
            })
    }

    /// And-or lists separated by `;`, `&` and (except at the top) newlines.
    fn compound_list(&mut self, ctx: Ctx) -> Vec<Node> {
        let mut nodes = Vec::new();
        loop {
            if ctx == Ctx::Top {
                self.skip_blanks();
            } else {
                self.linebreak();
            }
            if self.halted() || self.peek().is_none() || self.ends_list(ctx) {
                return nodes;
            }
            if ctx == Ctx::Backquote && self.at_list_end_token() {
                self.pos = self.s.len();
                return nodes;
            }
            if ctx == Ctx::Top && self.peek() == Some('\n') {
                self.newline();
                return nodes;
            }
            if self.over_budget() {
                self.budget_spent();
                return nodes;
            }
            let mut node = self.and_or();
            if self.halted() {
                nodes.push(node);
                return nodes;
            }
            self.skip_blanks();
            match self.peek() {
                Some('&') if !matches!(self.peek_at(1), Some('&')) => {
                    self.pos += 1;
                    node = Node::Background(Box::new(node));
                }
                Some(';')
                    if self.peek_at(1) != Some(';')
                        && !(self.bash() && self.peek_at(1) == Some('&')) =>
                {
                    self.pos += 1;
                }
                Some('\n') => {
                    self.newline();
                    nodes.push(node);
                    if ctx == Ctx::Top {
                        return nodes;
                    }
                    continue;
                }
                None => {
                    nodes.push(node);
                    return nodes;
                }
                _ => {
                    nodes.push(node);
                    if ctx == Ctx::Backquote {
                        self.pos = self.s.len();
                    } else if !self.ends_list(ctx) {
                        self.unexpected();
                    }
                    return nodes;
                }
            }
            nodes.push(node);
        }
    }

    /// A list that must not be empty (a body, a condition).
    fn body(&mut self, ctx: Ctx) -> Vec<Node> {
        let nodes = self.compound_list(ctx);
        if nodes.is_empty() && !self.halted() {
            self.unexpected();
        }
        nodes
    }

    /// Pipelines joined by `&&` and `||`.
    fn and_or(&mut self) -> Node {
        let first = self.pipeline();
        // Each later pipeline with the operator before it (`true`: `&&`).
        let mut items: Vec<(bool, Node)> = Vec::new();
        loop {
            if self.halted() {
                break;
            }
            self.skip_blanks();
            if self.starts_with("&&") || self.starts_with("||") {
                let and = self.starts_with("&&");
                self.pos += 2;
                self.linebreak();
                items.push((and, self.pipeline()));
            } else {
                break;
            }
        }
        if items.is_empty() {
            return first;
        }
        // The first always runs; each after it only if the status before
        // it was success (`&&`) or failure (`||`). A pipeline after one
        // joined by the same operator runs only if that one ran (`a && b
        // && c`: c runs after b), so a run of the same operator is one
        // branch, read in order (c where b's `cd` has happened); after the
        // other operator (`a && b || c`) the one before may not have run.
        let mut nodes = vec![first];
        let mut last: Option<bool> = None;
        for (and, item) in items {
            if last == Some(and) {
                if let Some(Node::Maybe(chain)) = nodes.last_mut() {
                    if and {
                        chain.push(Node::Succeeded);
                    }
                    chain.push(item);
                    continue;
                }
            }
            nodes.push(Node::Maybe(if and {
                vec![Node::Succeeded, item]
            } else {
                vec![item]
            }));
            last = Some(and);
        }
        Node::Group(nodes)
    }

    /// Whether what is next ends a pipeline (for a bare `!` or `time`).
    fn at_pipeline_end(&self) -> bool {
        match self.peek() {
            None | Some('\n' | ';' | ')') => true,
            Some('&') => !(self.bash() && self.peek_at(1) == Some('>')),
            Some('|') => true,
            _ => false,
        }
    }

    /// `[!] [time [-p]] command | command …`.
    fn pipeline(&mut self) -> Node {
        let mut prefixed = false;
        let mut negated = false;
        loop {
            self.skip_blanks();
            match self.peek_reserved().as_deref() {
                Some("!") => {
                    self.take_reserved("!");
                    prefixed = true;
                    negated = !negated;
                }
                Some("time") if self.bash() => {
                    // `time -x …` (but `-p`) is the program `time` in POSIX
                    // mode; `time -p` times in both.
                    let save = self.pos;
                    self.take_reserved("time");
                    self.skip_blanks();
                    if self.peek() == Some('-') {
                        if self.at_reserved("-p") {
                            self.take_reserved("-p");
                        } else {
                            self.pos = save;
                            break;
                        }
                    }
                    prefixed = true;
                }
                _ => break,
            }
        }
        self.skip_blanks();
        if prefixed && self.at_pipeline_end() {
            if self.bash() {
                return Node::Group(Vec::new());
            }
            self.unexpected();
            return Node::Group(Vec::new());
        }
        let mut elements = vec![self.command(false)];
        loop {
            if self.halted() {
                break;
            }
            self.skip_blanks();
            if self.peek() == Some('|') && self.peek_at(1) != Some('|') {
                self.pos += 1;
                if self.bash() && self.peek() == Some('&') {
                    // `|&`: stderr too. (In dash the `&` is a syntax error.)
                    self.pos += 1;
                }
                self.linebreak();
                if self.over_budget() {
                    self.budget_spent();
                    break;
                }
                elements.push(self.command(true));
            } else {
                break;
            }
        }
        let pipeline = if elements.len() == 1 {
            elements.pop().unwrap_or(Node::Group(Vec::new()))
        } else {
            Node::Pipeline(elements)
        };
        match negated {
            true => Node::Group(vec![pipeline, Node::Negated]),
            false => pipeline,
        }
    }

    // ----- commands -----

    fn command(&mut self, piped_in: bool) -> Node {
        self.skip_blanks();
        if self.halted() {
            return Node::Group(Vec::new());
        }
        match self.peek() {
            None | Some('\n' | ';' | '|' | ')') => {
                self.unexpected();
                return Node::Group(Vec::new());
            }
            Some('&') if !(self.bash() && self.peek_at(1) == Some('>')) => {
                self.unexpected();
                return Node::Group(Vec::new());
            }
            Some('(') => {
                if self.bash() && self.peek_at(1) == Some('(') {
                    if let Some(node) = self.arith_command() {
                        return node;
                    }
                }
                return self.nested(Node::Group(Vec::new()), |p| p.subshell());
            }
            _ => {}
        }
        if let Some(word) = self.peek_reserved() {
            let bash = self.bash();
            match word.as_str() {
                w if COMPOUND_STARTS.contains(&w)
                    || (bash && BASH_COMPOUND_STARTS.contains(&w)) =>
                {
                    return self.nested(Node::Group(Vec::new()), |p| p.compound(&word));
                }
                "function" if bash => {
                    return self.nested(Node::Group(Vec::new()), |p| p.function_keyword());
                }
                "coproc" if bash => {
                    return self.nested(Node::Group(Vec::new()), |p| p.coproc());
                }
                w if CLOSERS.contains(&w) || w == "!" || (bash && w == "]]") => {
                    self.unexpected();
                    return Node::Group(Vec::new());
                }
                _ => {}
            }
        }
        self.simple(piped_in)
    }

    /// The redirects after a compound command, attached to it.
    fn after_compound(&mut self, node: Node) -> Node {
        let mut redirects = Vec::new();
        loop {
            self.skip_blanks();
            if self.halted() || !self.at_redirect() {
                break;
            }
            if let Some(redirect) = self.redirect() {
                redirects.push(redirect);
            }
        }
        if redirects.is_empty() {
            node
        } else {
            Node::Redirected(Box::new(node), redirects)
        }
    }

    /// `( list )`.
    fn subshell(&mut self) -> Node {
        self.commands += 1;
        self.pos += 1;
        let body = self.body(Ctx::Paren);
        if self.halted() {
            return Node::Subshell(body);
        }
        if self.peek() == Some(')') {
            self.pos += 1;
        } else {
            self.unexpected();
            return Node::Subshell(body);
        }
        self.after_compound(Node::Subshell(body))
    }

    /// Bash's `(( … ))` at a command's start: arithmetic when the `)` that
    /// closes the inner `(` is followed by `)`, otherwise two subshells.
    fn arith_command(&mut self) -> Option<Node> {
        let save = self.pos;
        let marks = self.marks();
        self.pos += 2;
        let subs = self.nested(None, |p| p.bash_scan('(', ')'))?;
        if self.peek() == Some(')') {
            let expr = self.text(save + 2, self.pos - 1);
            self.pos += 1;
            self.commands += 1;
            let node = Node::Test(vec![Word::new(vec![arith(expr, subs)])]);
            return Some(self.after_compound(node));
        }
        // Not arithmetic: the same text (through the character after the
        // `)`), read again as subshells. Bash reads it from a copy, so a
        // here-doc opened in it takes its body from the lines after it.
        self.rewind(marks);
        if !self.may_reparse() {
            return Some(Node::Group(Vec::new()));
        }
        self.defer_heredocs = self.defer_heredocs.max(self.pos + 1);
        self.pos = save;
        None
    }

    /// `{`, `if`, `while`, `until`, `for`, `case`; bash: `[[`, `select`.
    fn compound(&mut self, word: &str) -> Node {
        self.commands += 1;
        self.take_reserved(word);
        let node = match word {
            "{" => {
                let body = self.body(Ctx::Words(&["}"]));
                if !self.halted() {
                    self.expect_reserved("}");
                }
                Node::Group(body)
            }
            "if" => self.if_clause(),
            "while" | "until" => {
                let condition = self.body(Ctx::Words(&["do"]));
                let mut nodes = condition.clone();
                if !self.halted() && self.expect_reserved("do") {
                    // The body, then the condition again, any number of times.
                    let mut body = self.body(Ctx::Words(&["done"]));
                    body.extend(condition);
                    nodes.push(Node::Loop(body));
                    if !self.halted() {
                        self.expect_reserved("done");
                    }
                }
                Node::Group(nodes)
            }
            "for" | "select" => self.for_clause(word == "for"),
            "case" => self.case_clause(),
            "[[" => self.double_bracket(),
            _ => Node::Group(Vec::new()),
        };
        if self.halted() {
            return node;
        }
        self.after_compound(node)
    }

    fn if_clause(&mut self) -> Node {
        // The first condition always runs; every branch and every later
        // condition may or may not.
        let mut nodes = Vec::new();
        let mut first = true;
        let maybe = |nodes: &mut Vec<Node>, part: Vec<Node>, first: &mut bool| {
            if *first {
                nodes.extend(part);
                *first = false;
            } else {
                nodes.push(Node::Maybe(part));
            }
        };
        loop {
            let condition = self.body(Ctx::Words(&["then"]));
            maybe(&mut nodes, condition, &mut first);
            if self.halted() || !self.expect_reserved("then") {
                return Node::Group(nodes);
            }
            let branch = self.body(Ctx::Words(&["elif", "else", "fi"]));
            nodes.push(Node::Maybe(branch));
            if self.halted() {
                return Node::Group(nodes);
            }
            if self.at_reserved("elif") {
                self.take_reserved("elif");
                continue;
            }
            if self.at_reserved("else") {
                self.take_reserved("else");
                let branch = self.body(Ctx::Words(&["fi"]));
                nodes.push(Node::Maybe(branch));
                if self.halted() {
                    return Node::Group(nodes);
                }
            }
            self.expect_reserved("fi");
            return Node::Group(nodes);
        }
    }

    /// After `for` (or bash's `select`): `NAME [in words] ; do list done`,
    /// bash's `for ((…))` and `{ list }` bodies.
    fn for_clause(&mut self, is_for: bool) -> Node {
        self.skip_blanks();
        let mut nodes = Vec::new();
        if self.bash() && is_for && self.starts_with("((") {
            let inner = self.pos + 2;
            self.pos = inner;
            let Some(subs) = self.nested(None, |p| p.bash_scan('(', ')')) else {
                return Node::Group(nodes);
            };
            if self.peek() != Some(')') {
                self.error("syntax error: a `for ((` without its `))`");
                return Node::Group(nodes);
            }
            let expr = self.text(inner, self.pos - 1);
            self.pos += 1;
            nodes.push(Node::Test(vec![Word::new(vec![arith(expr, subs)])]));
            self.skip_blanks();
            if self.peek() == Some(';') {
                self.pos += 1;
            }
        } else {
            if !self.at_word() {
                self.unexpected();
                return Node::Group(nodes);
            }
            let name_word = self.word();
            let name = name_word.literal().unwrap_or_default();
            if !self.bash() && !is_name(&name) {
                self.error("syntax error: bad for loop variable");
                return Node::Group(nodes);
            }
            self.linebreak();
            let mut words = Vec::new();
            if self.at_reserved("in") {
                self.take_reserved("in");
                loop {
                    self.skip_blanks();
                    if self.halted() || !self.at_word() {
                        break;
                    }
                    let mut word = self.word();
                    word.braces = self.bash();
                    words.push(word);
                    if words.len() > MAX_WORDS {
                        self.unreadable(format!("a loop over more than {MAX_WORDS} words"));
                        return Node::Group(nodes);
                    }
                }
                match self.peek() {
                    Some(';') if self.peek_at(1) != Some(';') => self.pos += 1,
                    Some('\n') => {}
                    _ => {
                        self.unexpected();
                        return Node::Group(nodes);
                    }
                }
            } else {
                // `for x; do` and `for x do`: the positional parameters.
                words.push(Word::new(vec![Part::Param("@".into())]));
                if self.peek() == Some(';') {
                    self.pos += 1;
                }
            }
            nodes.push(Node::For { name, words });
        }
        self.linebreak();
        if self.halted() {
            return Node::Group(nodes);
        }
        if self.bash() && self.at_reserved("{") {
            self.take_reserved("{");
            let body = self.body(Ctx::Words(&["}"]));
            nodes.push(Node::Loop(body));
            if !self.halted() {
                self.expect_reserved("}");
            }
            return Node::Group(nodes);
        }
        if !self.expect_reserved("do") {
            return Node::Group(nodes);
        }
        let body = self.body(Ctx::Words(&["done"]));
        nodes.push(Node::Loop(body));
        if !self.halted() {
            self.expect_reserved("done");
        }
        Node::Group(nodes)
    }

    fn case_clause(&mut self) -> Node {
        self.skip_blanks();
        if !self.at_word() {
            self.unexpected();
            return Node::Group(Vec::new());
        }
        let subject = self.word();
        let mut nodes = vec![Node::Test(vec![subject])];
        self.linebreak();
        if self.halted() || !self.expect_reserved("in") {
            return Node::Group(nodes);
        }
        loop {
            self.linebreak();
            if self.halted() {
                break;
            }
            if self.at_reserved("esac") {
                self.take_reserved("esac");
                break;
            }
            if self.peek() == Some('(') {
                self.pos += 1;
            }
            let mut patterns = Vec::new();
            loop {
                self.skip_blanks();
                if self.halted() {
                    break;
                }
                match self.peek() {
                    Some(')') if !patterns.is_empty() => {
                        self.pos += 1;
                        break;
                    }
                    Some('|') if !patterns.is_empty() && self.peek_at(1) != Some('|') => {
                        self.pos += 1;
                        self.skip_blanks();
                        if !self.at_word() {
                            self.unexpected();
                        }
                    }
                    _ if self.at_word() => {
                        patterns.push(self.word());
                        if patterns.len() > MAX_WORDS {
                            self.unreadable(format!(
                                "a case item with more than {MAX_WORDS} patterns"
                            ));
                        }
                    }
                    _ => self.unexpected(),
                }
            }
            if self.halted() {
                break;
            }
            nodes.push(Node::Test(patterns));
            let body = self.compound_list(Ctx::CaseItem);
            nodes.push(Node::Maybe(body));
            if self.halted() {
                break;
            }
            if self.starts_with(";;&") && self.bash() {
                self.pos += 3;
            } else if self.starts_with(";;") || (self.bash() && self.starts_with(";&")) {
                self.pos += 2;
            } else if self.at_reserved("esac") {
                self.take_reserved("esac");
                break;
            } else {
                self.unexpected();
                break;
            }
            if self.over_budget() {
                self.budget_spent();
                break;
            }
        }
        Node::Group(nodes)
    }

    /// Bash's `[[ … ]]`: words up to `]]`, where `<`, `>`, `(`, `)`, `&&`,
    /// `||` are the test's own operators, not shell syntax.
    fn double_bracket(&mut self) -> Node {
        let mut words = Vec::new();
        loop {
            self.skip_blanks();
            if self.halted() {
                break;
            }
            match self.peek() {
                None => {
                    self.error("syntax error: unexpected end of file looking for `]]`");
                    break;
                }
                Some('\n') => {
                    self.newline();
                    continue;
                }
                _ => {}
            }
            if self.at_reserved("]]") {
                self.take_reserved("]]");
                break;
            }
            let before = self.pos;
            if matches!(self.peek(), Some('<' | '>' | '(' | ')' | '&' | '|' | ';'))
                && !(matches!(self.peek(), Some('<' | '>')) && self.peek_at(1) == Some('('))
            {
                let mut op = String::new();
                while let Some(c) = self.peek() {
                    if matches!(c, '<' | '>' | '(' | ')' | '&' | '|' | ';') && op.len() < 2 {
                        op.push(c);
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                words.push(Word::new(vec![Part::Bare(op)]));
            } else {
                words.push(self.word());
            }
            if self.pos == before {
                self.pos += 1;
            }
            if words.len() > MAX_WORDS {
                self.unreadable(format!("a test with more than {MAX_WORDS} words"));
                break;
            }
        }
        Node::Test(words)
    }

    /// Bash's `function NAME [()] body`.
    fn function_keyword(&mut self) -> Node {
        self.take_reserved("function");
        self.skip_blanks();
        if !self.at_word() {
            self.unexpected();
            return Node::Group(Vec::new());
        }
        let name = self.word().shown();
        self.skip_blanks();
        if self.peek() == Some('(') {
            // `()`, or a `(` that starts a subshell body.
            let save = self.pos;
            self.pos += 1;
            self.skip_blanks();
            if self.peek() == Some(')') {
                self.pos += 1;
            } else {
                self.pos = save;
            }
        }
        self.function_body(name)
    }

    /// After `name ()`: the body, a compound command (dash: any command).
    fn function_body(&mut self, name: String) -> Node {
        self.linebreak();
        if self.halted() {
            return Node::Group(Vec::new());
        }
        let compound = self.peek() == Some('(')
            || self.peek_reserved().is_some_and(|w| {
                COMPOUND_STARTS.contains(&w.as_str())
                    || (self.bash() && BASH_COMPOUND_STARTS.contains(&w.as_str()))
            });
        if !compound && self.bash() {
            self.unexpected();
            return Node::Group(Vec::new());
        }
        let body = self.command(false);
        Node::Function {
            name,
            body: Box::new(body),
        }
    }

    /// Bash's `coproc [NAME] command`: runs it in the background.
    fn coproc(&mut self) -> Node {
        self.take_reserved("coproc");
        self.skip_blanks();
        let starts_compound = |p: &Self| {
            p.peek() == Some('(')
                || p.peek_reserved().is_some_and(|w| {
                    COMPOUND_STARTS.contains(&w.as_str())
                        || BASH_COMPOUND_STARTS.contains(&w.as_str())
                })
        };
        if !starts_compound(self) {
            // `coproc NAME compound`: skip the name.
            let save = self.pos;
            if self.peek_reserved().is_some() {
                while self.at_word() && !matches!(self.peek(), Some(' ' | '\t')) {
                    self.pos += 1;
                }
                self.skip_blanks();
                if !starts_compound(self) {
                    self.pos = save;
                }
            }
        }
        let inner = self.command(false);
        Node::Background(Box::new(inner))
    }

    // ----- simple commands -----

    fn simple(&mut self, piped_in: bool) -> Node {
        self.commands += 1;
        let mut cmd = Simple {
            piped_in,
            ..Simple::default()
        };
        loop {
            self.skip_blanks();
            if self.halted() {
                break;
            }
            match self.peek() {
                None | Some('\n' | ';' | '|' | ')') => break,
                Some('&') => {
                    if self.bash() && self.peek_at(1) == Some('>') {
                        if let Some(redirect) = self.redirect() {
                            cmd.redirects.push(redirect);
                        }
                        continue;
                    }
                    break;
                }
                Some('(') => {
                    if cmd.words.len() == 1 && cmd.assigns.is_empty() && cmd.redirects.is_empty() {
                        return self.function_definition(cmd);
                    }
                    // The command ends here; the list it is in decides
                    // whether the `(` is an error.
                    break;
                }
                Some(_) => {
                    if self.at_redirect() {
                        if let Some(redirect) = self.redirect() {
                            cmd.redirects.push(redirect);
                        }
                        continue;
                    }
                    let mut word = self.word();
                    if cmd.words.is_empty() {
                        if let Some(mut assign) = as_assignment(&word, self.dialect) {
                            if self.bash()
                                && self.peek() == Some('(')
                                && assign_ends_at_equals(&word)
                            {
                                self.array_items(&mut assign.value);
                                // An array's items are brace-expanded.
                                assign.value.braces = true;
                            }
                            cmd.assigns.push(assign);
                            continue;
                        }
                        self.alias_fence(&word);
                        if self.halted() {
                            break;
                        }
                    } else if self.bash()
                        && self.peek() == Some('(')
                        && assign_ends_at_equals(&word)
                        && as_assignment(&word, self.dialect).is_some()
                        && cmd.words[0]
                            .literal()
                            .is_some_and(|p| ASSIGNING_BUILTINS.contains(&p.as_str()))
                    {
                        // `declare -a x=(…)`: an array argument.
                        word.parts.push(Part::Bare("(".into()));
                        self.array_items(&mut word);
                        word.parts.push(Part::Bare(")".into()));
                    }
                    word.braces = self.bash();
                    cmd.words.push(word);
                    if cmd.words.len() > MAX_WORDS {
                        // The command is not read at all: the reading ends
                        // with one unreadable node in its place.
                        self.unreadable(format!("a command with more than {MAX_WORDS} words"));
                        return Node::Group(Vec::new());
                    }
                }
            }
        }
        self.note_alias_definitions(&cmd);
        Node::Simple(cmd)
    }

    /// Bash's `name=( … )`: the items become the value, space-separated.
    fn array_items(&mut self, value: &mut Word) {
        self.pos += 1;
        loop {
            self.linebreak();
            if self.halted() {
                return;
            }
            match self.peek() {
                None => {
                    self.error("syntax error: unexpected end of file looking for `)`");
                    return;
                }
                Some(')') => {
                    self.pos += 1;
                    return;
                }
                _ if self.at_word() => {
                    let item = self.word();
                    value.parts.extend(item.parts);
                    value.parts.push(Part::Quoted(" ".into()));
                }
                _ => {
                    self.unexpected();
                    return;
                }
            }
        }
    }

    /// `name ( ) body`: a function definition.
    fn function_definition(&mut self, mut cmd: Simple) -> Node {
        self.commands = self.commands.saturating_sub(1);
        let word = cmd.words.pop().unwrap_or_default();
        self.pos += 1;
        self.skip_blanks();
        if self.peek() != Some(')') {
            self.unexpected();
            return Node::Group(Vec::new());
        }
        self.pos += 1;
        let name = word.shown();
        // dash: a name, and not a special builtin's.
        if !self.bash()
            && !word
                .bare()
                .is_some_and(|n| is_name(n) && !DASH_SPECIAL_BUILTINS.contains(&n))
        {
            self.error("syntax error: bad function name");
            return Node::Group(Vec::new());
        }
        self.nested(Node::Group(Vec::new()), |p| p.function_body(name))
    }

    // ----- aliases -----

    /// A command word that may be an alias defined earlier ends the reading.
    fn alias_fence(&mut self, word: &Word) {
        if !self.aliases.any_defined() {
            return;
        }
        let Some(text) = word.bare() else { return };
        let aliases = &self.aliases;
        let hit = aliases.any
            || aliases.names.iter().any(|n| n == text)
            // `eval` parses its text when it runs, after the definitions.
            || text == "eval";
        if hit {
            self.unreadable(format!(
                "`{}` may be an alias defined earlier in the command; wicket does not read through alias expansion",
                crate::clip(text, 40)
            ));
        }
    }

    /// Records the aliases a command may define: `alias` itself, and
    /// (any alias at all) `command`, `builtin`, `eval` or `trap` with
    /// `alias` in their words. Other programs run apart from this shell.
    fn note_alias_definitions(&mut self, cmd: &Simple) {
        let program = cmd.words.first().and_then(Word::literal);
        if program.as_deref() == Some("alias") {
            for word in &cmd.words[1..] {
                match word.literal() {
                    Some(text) => {
                        if let Some((name, _)) = text.split_once('=') {
                            if !name.is_empty() && !name.starts_with('-') {
                                self.aliases.new_names.push(name.to_owned());
                            } else {
                                self.aliases.new_any = true;
                            }
                        }
                    }
                    None => self.aliases.new_any = true,
                }
            }
        } else if program
            .as_deref()
            .is_some_and(|p| ["command", "builtin", "eval", "trap"].contains(&p))
            && cmd.words.iter().any(|w| w.shown().contains("alias"))
        {
            self.aliases.new_any = true;
        }
    }

    // ----- redirects -----

    fn at_redirect(&self) -> bool {
        let mut i = self.pos;
        if self.bash() {
            if self.s.get(i) == Some(&'&') {
                return self.s.get(i + 1) == Some(&'>');
            }
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
                return j > i + 1
                    && self.s.get(j) == Some(&'}')
                    && matches!(self.s.get(j + 1), Some('<' | '>'));
            }
            while self.s.get(i).is_some_and(char::is_ascii_digit) {
                i += 1;
            }
        } else if self.s.get(i).is_some_and(char::is_ascii_digit) {
            // dash takes one digit as a descriptor; `10>f` is a word and `>f`.
            i += 1;
        }
        match self.s.get(i) {
            Some('<' | '>') => !(self.bash() && self.s.get(i + 1) == Some(&'(')),
            _ => false,
        }
    }

    fn redirect(&mut self) -> Option<Redirect> {
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
                fd = self.text(start, self.pos).parse().ok();
            }
        }
        let bash = self.bash();
        let kind = if bash && self.starts_with("&>>") {
            self.pos += 3;
            RedirectKind::Append
        } else if bash && self.starts_with("&>") {
            self.pos += 2;
            RedirectKind::Write
        } else if bash && self.starts_with("<<<") {
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
            return self.heredoc_redirect(fd, strip_tabs);
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
            let target = self.redirect_target()?;
            let is_dup = !bash
                || target.literal().is_some_and(|t| {
                    t == "-" || t.trim_end_matches('-').chars().all(|c| c.is_ascii_digit())
                });
            let kind = if is_dup {
                RedirectKind::Dup
            } else if writes {
                // Bash: `>&file` is `&>file`.
                RedirectKind::Write
            } else {
                RedirectKind::Read
            };
            return Some(Redirect { fd, kind, target });
        } else if self.starts_with(">") {
            self.pos += 1;
            RedirectKind::Write
        } else {
            self.pos += 1;
            RedirectKind::Read
        };
        let mut target = self.redirect_target()?;
        // A here-string's word is not brace-expanded.
        target.braces &= kind != RedirectKind::HereString;
        Some(Redirect { fd, kind, target })
    }

    fn redirect_target(&mut self) -> Option<Word> {
        self.skip_blanks();
        if !self.at_word() {
            self.unexpected();
            return None;
        }
        let mut word = self.word();
        word.braces = self.bash();
        Some(word)
    }

    /// After `<<` or `<<-`: the delimiter word, kept as written, and the body
    /// to be read at the next newline.
    fn heredoc_redirect(&mut self, fd: Option<u32>, strip_tabs: bool) -> Option<Redirect> {
        self.skip_blanks();
        if !self.at_word() {
            self.unexpected();
            return None;
        }
        let start = self.pos;
        self.eofmark = true;
        let _ = self.word();
        self.eofmark = false;
        if self.halted() {
            return None;
        }
        let raw = &self.s[start..self.pos.min(self.s.len())];
        let (delimiter, quoted) = heredoc_delimiter(raw, self.dialect);
        let id = self.id_base + self.heredocs.len();
        self.heredocs.push(HereDoc {
            quoted,
            body: Word::default(),
        });
        self.pending.push(PendingHereDoc {
            id,
            delimiter: delimiter.chars().collect(),
            quoted,
            strip_tabs,
        });
        Some(Redirect {
            fd,
            kind: RedirectKind::HereDoc(id),
            target: Word::new(vec![Part::Quoted(delimiter)]),
        })
    }

    fn read_pending_heredocs(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        for doc in pending {
            let body = if doc.quoted {
                Word::new(vec![Part::Quoted(self.literal_heredoc(&doc))])
            } else if self.bash() {
                self.bash_heredoc(&doc)
            } else {
                self.dash_heredoc(&doc)
            };
            if let Some(slot) = doc
                .id
                .checked_sub(self.id_base)
                .and_then(|i| self.heredocs.get_mut(i))
            {
                slot.body = body;
            }
            if self.halted() {
                return;
            }
        }
    }

    /// Whether the line at `start` (tabs stripped for `<<-`) is the
    /// delimiter; the position after it (and its newline) if so.
    fn delimiter_line(&self, start: usize, doc: &PendingHereDoc) -> Option<usize> {
        let mut i = start;
        if doc.strip_tabs {
            while self.s.get(i) == Some(&'\t') {
                i += 1;
            }
        }
        let end = i + doc.delimiter.len();
        if self.s.get(i..end) != Some(doc.delimiter.as_slice()) {
            return None;
        }
        if matches!(self.s.get(end), None | Some('\n')) {
            return Some((end + 1).min(self.s.len()));
        }
        // Bash, inside a `$(…)`: `EOF)` ends the here-doc, and what follows
        // the delimiter is read again (the `)` closes the substitution).
        if self.bash() && self.in_subst > 0 {
            let line_end = self.s[end..]
                .iter()
                .position(|c| *c == '\n')
                .map_or(self.s.len(), |n| end + n);
            if self.s[end..line_end].contains(&')') {
                return Some(end);
            }
        }
        None
    }

    /// A quoted here-doc: physical lines up to the delimiter, as written.
    fn literal_heredoc(&mut self, doc: &PendingHereDoc) -> String {
        let mut body = String::new();
        while self.pos < self.s.len() {
            if let Some(next) = self.delimiter_line(self.pos, doc) {
                self.pos = next;
                break;
            }
            let mut start = self.pos;
            if doc.strip_tabs {
                while self.s.get(start) == Some(&'\t') {
                    start += 1;
                }
            }
            let mut end = start;
            while end < self.s.len() && self.s[end] != '\n' {
                end += 1;
            }
            body.extend(&self.s[start..end]);
            body.push('\n');
            self.pos = (end + 1).min(self.s.len());
        }
        body
    }

    /// Bash's unquoted here-doc: lines joined across backslash-newlines,
    /// up to the first joined line that is the delimiter; its expansions
    /// are parsed when the command runs.
    fn bash_heredoc(&mut self, doc: &PendingHereDoc) -> Word {
        let mut body: Vec<char> = Vec::new();
        while self.pos < self.s.len() {
            let line_start = self.pos;
            let mut line: Vec<char> = Vec::new();
            loop {
                let start = self.pos;
                let mut end = start;
                while end < self.s.len() && self.s[end] != '\n' {
                    end += 1;
                }
                let physical = &self.s[start..end];
                self.pos = (end + 1).min(self.s.len());
                let backslashes = physical.iter().rev().take_while(|c| **c == '\\').count();
                if backslashes % 2 == 1 && end < self.s.len() {
                    line.extend_from_slice(&physical[..physical.len() - 1]);
                    continue;
                }
                line.extend_from_slice(physical);
                break;
            }
            let mut text = line.as_slice();
            if doc.strip_tabs {
                while let [first, rest @ ..] = text {
                    if *first != '\t' {
                        break;
                    }
                    text = rest;
                }
            }
            if text == doc.delimiter.as_slice() {
                break;
            }
            if self.bash() && self.in_subst > 0 && text.starts_with(&doc.delimiter) {
                let rest = &text[doc.delimiter.len()..];
                if rest.contains(&')') {
                    // `EOF)` in a `$(…)`: the rest of the line is read again.
                    if line.len() + 1 != self.pos - line_start
                        && !(self.pos == self.s.len() && line.len() == self.pos - line_start)
                    {
                        self.unreadable(
                            "a here-doc in a `$(…)` ends on a line joined by backslash-newlines",
                        );
                        return Word::default();
                    }
                    self.pos = line_start + (line.len() - rest.len());
                    break;
                }
            }
            body.extend_from_slice(text);
            body.push('\n');
        }
        if self.depth >= MAX_DEPTH {
            self.too_deep();
            return Word::default();
        }
        let mut inner = self.child(&body, true);
        let parts = inner.quoted_body(None, true);
        self.join(inner, false);
        Word::new(parts)
    }

    /// Dash's unquoted here-doc: read from the text itself, a line at a
    /// time; a substitution in it is read as part of the text, so it may
    /// run across what looks like the delimiter line.
    fn dash_heredoc(&mut self, doc: &PendingHereDoc) -> Word {
        let mut parts = Vec::new();
        let mut text = String::new();
        'lines: while self.pos < self.s.len() {
            if let Some(next) = self.delimiter_line(self.pos, doc) {
                self.pos = next;
                break;
            }
            if doc.strip_tabs {
                while self.peek() == Some('\t') {
                    self.pos += 1;
                }
            }
            loop {
                if self.halted() {
                    break 'lines;
                }
                match self.peek() {
                    None => break 'lines,
                    Some('\n') => {
                        text.push('\n');
                        self.pos += 1;
                        continue 'lines;
                    }
                    Some('\\') => match self.peek_at(1) {
                        Some('\n') => self.pos += 2,
                        Some(e @ ('$' | '`' | '\\')) => {
                            text.push(e);
                            self.pos += 2;
                        }
                        _ => {
                            text.push('\\');
                            self.pos += 1;
                        }
                    },
                    Some('`') => {
                        quoted_flush(&mut text, &mut parts);
                        self.pos += 1;
                        let nodes = self.backtick(true);
                        parts.push(Part::Subst(nodes));
                    }
                    Some('$') => match self.dollar(true) {
                        Some(part) => {
                            quoted_flush(&mut text, &mut parts);
                            parts.push(part);
                        }
                        None => text.push('$'),
                    },
                    Some(c) => {
                        text.push(c);
                        self.pos += 1;
                    }
                }
            }
        }
        quoted_flush(&mut text, &mut parts);
        Word::new(parts)
    }

    // ----- words -----

    /// One word: everything up to an unquoted blank or operator.
    /// A tilde prefix at the parser's position: `~`, `~user`, and bash's
    /// `~+` ($PWD) and `~-` ($OLDPWD); dash leaves `~+` as it is written.
    fn tilde(&mut self) -> Option<Part> {
        if self.peek() != Some('~') {
            return None;
        }
        let at_start = self.pos;
        self.pos += 1;
        let mut user = String::new();
        if self.bash() && self.peek() == Some('+') {
            user.push('+');
            self.pos += 1;
        }
        while let Some(c) = self.peek().filter(|_| user != "+") {
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
            Some(Part::Tilde(user))
        } else {
            self.pos = at_start;
            None
        }
    }

    fn word(&mut self) -> Word {
        let mut parts: Vec<Part> = Vec::new();
        let mut bare = String::new();
        let mut split = false;
        if let Some(tilde) = self.tilde() {
            parts.push(tilde);
        }
        while let Some(c) = self.peek() {
            if self.halted() {
                break;
            }
            // bash (not in POSIX mode) expands a tilde right after the `=`
            // of any word that looks like an assignment: `dd of=~/x`.
            if c == '~' && self.bash() && parts.is_empty() && looks_like_assignment(&bare) {
                if let Some(tilde) = self.tilde() {
                    flush(&mut bare, &mut parts);
                    parts.push(tilde);
                    continue;
                }
            }
            match c {
                ' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | ')' => break,
                '<' | '>' => {
                    if self.bash() && self.peek_at(1) == Some('(') {
                        flush(&mut bare, &mut parts);
                        let nodes = if self.peek_at(2) == Some('(') {
                            self.paren_process_substitution()
                        } else {
                            self.pos += 2;
                            self.substitution_body()
                        };
                        parts.push(Part::ProcSubst(nodes));
                        continue;
                    }
                    break;
                }
                '(' => {
                    // Bash's extended globs `@(…)`, `!(…)`, `+(…)`, `*(…)`,
                    // `?(…)` (a syntax error unless `extglob` is on, when
                    // they are part of the word).
                    if self.bash() && bare.ends_with(['@', '!', '+', '*', '?']) {
                        self.extglob(&mut bare, &mut parts);
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
                        None => bare.push('\\'),
                    }
                }
                '\'' => {
                    flush(&mut bare, &mut parts);
                    self.pos += 1;
                    let start = self.pos;
                    while self.peek().is_some_and(|q| q != '\'') {
                        self.pos += 1;
                    }
                    if self.peek() != Some('\'') {
                        self.error("syntax error: unterminated quoted string");
                        break;
                    }
                    parts.push(Part::Quoted(self.text(start, self.pos)));
                    self.pos += 1;
                }
                '"' => {
                    flush(&mut bare, &mut parts);
                    self.pos += 1;
                    let inner = self.quoted_body(Some('"'), false);
                    if inner.is_empty() {
                        parts.push(Part::Quoted(String::new()));
                    }
                    parts.extend(inner);
                }
                '`' => {
                    flush(&mut bare, &mut parts);
                    self.pos += 1;
                    let nodes = self.backtick(false);
                    parts.push(Part::Subst(nodes));
                    split = true;
                }
                '$' => {
                    if self.bash() && self.peek_at(1) == Some('"') && !self.eofmark {
                        // `$"…"`: a translated string, otherwise double quotes.
                        self.pos += 1;
                        continue;
                    }
                    match self.dollar(false) {
                        Some(part) => {
                            flush(&mut bare, &mut parts);
                            // The shell's special parameters (`$$`, `$?`) are
                            // numbers no command can set: they split into
                            // themselves. Named ones (`$PPID`) are ordinary
                            // variables in dash; the reader decides those.
                            split |= match &part {
                                Part::Param(name) => {
                                    !matches!(name.as_str(), "$" | "!" | "#" | "?")
                                }
                                Part::Complex(_) | Part::Subst(_) => true,
                                _ => false,
                            };
                            parts.push(part);
                        }
                        None => bare.push('$'),
                    }
                }
                _ => {
                    // A run of ordinary characters at once.
                    let start = self.pos;
                    // bash expands a tilde right after `NAME=` (`dd
                    // of=~-/x`), which the check at the loop's top does: the
                    // run stops before one. Only a name written plainly
                    // counts (bash leaves `a\b=~` and `"a"b=~` alone, so a
                    // word with text before this run is not one), and it is
                    // followed as the run goes, character by character
                    // (rebuilding the word at each tilde made a long word of
                    // them quadratic).
                    let mut name_chars = bare.is_empty() && parts.is_empty() && self.bash();
                    let mut after_name_eq = false;
                    while let Some(c) = self.peek().filter(|c| !is_word_special(*c)) {
                        if c == '~' && after_name_eq {
                            break;
                        }
                        after_name_eq = c == '='
                            && name_chars
                            && self.s[start..self.pos]
                                .first()
                                .is_some_and(|c| !c.is_ascii_digit());
                        name_chars &= c.is_ascii_alphanumeric() || c == '_';
                        self.pos += 1;
                    }
                    if self.pos == start {
                        self.pos += 1;
                    }
                    bare.extend(&self.s[start..self.pos.min(self.s.len())]);
                }
            }
        }
        flush(&mut bare, &mut parts);
        let mut word = Word::new(parts);
        word.split = split;
        word
    }

    /// A bash extended-glob group after its `@`, `!`, `+`, `*` or `?`: kept
    /// in the word as written, with the substitutions inside it lifted.
    fn extglob(&mut self, bare: &mut String, parts: &mut Vec<Part>) {
        let start = self.pos;
        // Bash finds its end by parentheses and quotes alone, and expands
        // what is inside when it matches the pattern.
        let Some(close) = matching_paren(self.s, start + 1, false) else {
            self.error("syntax error: unexpected end of file looking for `)`");
            return;
        };
        let inner: Vec<char> = self.s[start + 1..close].to_vec();
        self.pos = close + 1;
        if inner.contains(&'$') || inner.contains(&'`') {
            let subs = self.lifted_at_runtime(&inner);
            if !subs.is_empty() {
                flush(bare, parts);
                parts.push(Part::Subst(subs));
            }
        }
        bare.push_str(&self.text(start, self.pos));
    }

    /// Bash's scan of an arithmetic region (`((…))`, `$((…))`, `$[…]`)
    /// after its opening `open`, to the `close` that ends it: quotes and
    /// backslashes honoured, a `$(…)` read by the parser itself (so a
    /// `case` pattern's `)` in it does not count), and the commands the
    /// region's substitutions run collected. `None` at a syntax error.
    fn bash_scan(&mut self, open: char, close: char) -> Option<Vec<Node>> {
        let mut level = 1usize;
        let mut subs = Vec::new();
        loop {
            if self.halted() {
                return None;
            }
            match self.peek() {
                None => {
                    self.error(format!(
                        "syntax error: unexpected end of file looking for `{close}`"
                    ));
                    return None;
                }
                Some(c) if c == open => {
                    level += 1;
                    self.pos += 1;
                }
                Some(c) if c == close => {
                    self.pos += 1;
                    level -= 1;
                    if level == 0 {
                        return Some(subs);
                    }
                }
                Some('\\') => self.pos += 2,
                Some('\'') => {
                    // Single quotes bound the region, but the expansion
                    // reads what is inside as if double-quoted.
                    self.pos += 1;
                    let start = self.pos;
                    while self.peek().is_some_and(|q| q != '\'') {
                        self.pos += 1;
                    }
                    if self.peek().is_none() {
                        self.error("syntax error: unterminated quoted string");
                        return None;
                    }
                    let text: Vec<char> = self.s[start..self.pos].to_vec();
                    self.pos += 1;
                    if text.contains(&'$') || text.contains(&'`') {
                        let nodes = self.lifted_at_runtime(&text);
                        add_subst(&mut subs, nodes);
                    }
                }
                Some('"') => {
                    self.pos += 1;
                    for part in self.quoted_body(Some('"'), false) {
                        if let Part::Subst(nodes) | Part::ProcSubst(nodes) = part {
                            add_subst(&mut subs, nodes);
                        }
                    }
                }
                Some('`') => {
                    self.pos += 1;
                    let nodes = self.backtick(false);
                    add_subst(&mut subs, nodes);
                }
                Some('$') if self.peek_at(1) == Some('\'') => {
                    self.pos += 2;
                    let _ = self.ansi_c_string();
                }
                // Only `$(` is read as a construct here; `${` and `$[`
                // are characters like any other.
                Some('$') if self.peek_at(1) == Some('(') => {
                    if let Some(Part::Subst(nodes) | Part::ProcSubst(nodes)) = self.dollar(true) {
                        add_subst(&mut subs, nodes);
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    /// The commands expanding `text` as if double-quoted runs, when the
    /// shell parses it only then (its errors stay inside it).
    fn lifted_at_runtime(&mut self, text: &[char]) -> Vec<Node> {
        if self.depth >= MAX_DEPTH {
            self.too_deep();
            return Vec::new();
        }
        let mut inner = self.child(text, true);
        let parts = inner.quoted_body(None, false);
        self.join(inner, false);
        let mut subs = Vec::new();
        for part in parts {
            if let Part::Subst(nodes) | Part::ProcSubst(nodes) = part {
                add_subst(&mut subs, nodes);
            }
        }
        subs
    }

    /// Where the reading is, to go back to when bash reads a text again.
    fn marks(&self) -> (usize, usize) {
        (self.heredocs.len(), self.pending.len())
    }

    /// Forgets the here-docs a rejected reading opened.
    fn rewind(&mut self, (heredocs, pending): (usize, usize)) {
        self.heredocs.truncate(heredocs);
        self.pending.truncate(pending);
    }

    /// Whether one more reading of text already read is within bounds (a
    /// nest of `((`s that are not arithmetic would otherwise be read again
    /// and again).
    fn may_reparse(&mut self) -> bool {
        self.reparses += 1;
        if self.reparses > MAX_REPARSES {
            self.unreadable(format!(
                "more than {MAX_REPARSES} `((` that are not arithmetic; the rest was not read"
            ));
            return false;
        }
        true
    }

    /// The inside of double quotes (up to `close`), or of a whole text when
    /// `close` is `None`: literal text with `$` and backtick expansions. A
    /// here-doc body keeps `\"` as written.
    fn quoted_body(&mut self, close: Option<char>, heredoc: bool) -> Vec<Part> {
        let mut parts = Vec::new();
        let mut text = String::new();
        let mut closed = close.is_none();
        while let Some(c) = self.peek() {
            if self.halted() {
                break;
            }
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
                        Some(e @ ('$' | '`' | '\\')) => {
                            text.push(e);
                            self.pos += 1;
                        }
                        Some('"') if !heredoc => {
                            text.push('"');
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
                    let nodes = self.backtick(close.is_some());
                    parts.push(Part::Subst(nodes));
                }
                '$' => match self.dollar(true) {
                    Some(part) => {
                        quoted_flush(&mut text, &mut parts);
                        parts.push(part);
                    }
                    None => text.push('$'),
                },
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
                    text.extend(&self.s[start..self.pos.min(self.s.len())]);
                }
            }
        }
        quoted_flush(&mut text, &mut parts);
        if !closed && !self.halted() {
            self.error("syntax error: unterminated quoted string");
        }
        parts
    }

    /// After a `$`: a parameter, substitution, arithmetic or (bash) `$'…'`
    /// string. `None` when the `$` is literal (the `$` is then consumed).
    fn dollar(&mut self, in_quotes: bool) -> Option<Part> {
        let bash = self.bash();
        match self.peek_at(1) {
            Some('(') if !self.eofmark || bash => {
                if self.peek_at(2) == Some('(') {
                    return Some(self.dollar_double_paren());
                }
                self.pos += 2;
                Some(Part::Subst(self.substitution_body()))
            }
            Some('[') if bash => {
                self.pos += 2;
                let start = self.pos;
                let subs = self.nested(None, |p| p.bash_scan('[', ']'));
                let Some(subs) = subs else {
                    return Some(Part::Arith(String::new()));
                };
                let expr = self.text(start, self.pos - 1);
                Some(arith(expr, subs))
            }
            Some('{') => {
                self.pos += 2;
                Some(self.nested(Part::Complex(String::new()), |p| {
                    p.braced_parameter(in_quotes)
                }))
            }
            Some('\'') if bash && !in_quotes => {
                self.pos += 2;
                Some(Part::Quoted(self.ansi_c_string()))
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                self.pos += 1;
                let start = self.pos;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                {
                    self.pos += 1;
                }
                Some(Part::Param(self.text(start, self.pos)))
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

    /// At `$((`. Dash: arithmetic up to the `))` at its own level. Bash:
    /// arithmetic only when `$( … )` holds `( … )` with balanced parens
    /// inside; otherwise a command substitution (`$((a) )` runs `a`).
    fn dollar_double_paren(&mut self) -> Part {
        if self.bash() {
            let start = self.pos + 2;
            let marks = self.marks();
            self.pos = start;
            let Some(subs) = self.nested(None, |p| p.bash_scan('(', ')')) else {
                return Part::Arith(String::new());
            };
            // When it expands the word, bash finds the end again by other
            // rules (a `#` after a blank starts a comment there).
            if matching_paren(self.s, start, true) != Some(self.pos - 1) {
                return Part::Subst(vec![Node::Unreadable(
                    "bash finds the end of this `$((` one way when it parses it and another when it expands it".into(),
                )]);
            }
            let content = &self.s[start..self.pos - 1];
            let is_arith = content.len() >= 2
                && content.first() == Some(&'(')
                && content.last() == Some(&')')
                && balanced(&content[1..content.len() - 1]);
            if is_arith {
                let expr = self.text(start + 1, self.pos - 2);
                return arith(expr, subs);
            }
            // Bash reads the text as commands only when it expands it.
            self.rewind(marks);
            if !self.may_reparse() {
                return Part::Arith(String::new());
            }
            let text: Vec<char> = content.to_vec();
            return Part::Subst(self.runtime_script(&text));
        }
        self.pos += 3;
        self.nested(Part::Arith(String::new()), |p| p.dash_arith())
    }

    /// Bash's `<((…)` or `>((…)`: bash finds its end as it finds a `$((`'s
    /// and parses the text only when it runs it.
    fn paren_process_substitution(&mut self) -> Vec<Node> {
        let start = self.pos + 2;
        let marks = self.marks();
        self.pos = start;
        if self.nested(None, |p| p.bash_scan('(', ')')).is_none() {
            return Vec::new();
        }
        let end = self.pos - 1;
        if matching_paren(self.s, start, true) != Some(end) {
            return vec![Node::Unreadable(
                "bash finds the end of this process substitution one way when it parses it and another when it runs it".into(),
            )];
        }
        self.rewind(marks);
        if !self.may_reparse() {
            return Vec::new();
        }
        let text: Vec<char> = self.s[start..end].to_vec();
        self.runtime_script(&text)
    }

    /// Dash's `$((…))` after the `$((`, read from the text: substitutions
    /// inside are read, quotes are not quotes, and a `)` at level 0 not
    /// followed by `)` is a character of the expression.
    fn dash_arith(&mut self) -> Part {
        let start = self.pos;
        let mut level = 0usize;
        let mut subs = Vec::new();
        let end;
        loop {
            if self.halted() {
                return Part::Arith(String::new());
            }
            match self.peek() {
                None => {
                    self.error("syntax error: missing `))`");
                    return Part::Arith(String::new());
                }
                Some('(') => {
                    level += 1;
                    self.pos += 1;
                }
                Some(')') => {
                    if level > 0 {
                        level -= 1;
                    } else if self.peek_at(1) == Some(')') {
                        end = self.pos;
                        self.pos += 2;
                        break;
                    }
                    self.pos += 1;
                }
                // Quotes are ordinary characters here (`$(( ')' ))` is
                // the expression ` ')' `, and a substitution inside quotes
                // runs); a backslash keeps the next character.
                Some('\\') => self.pos += 2,
                Some('`') => {
                    self.pos += 1;
                    add_subst(&mut subs, self.backtick(false));
                }
                Some('$') => {
                    if let Some(Part::Subst(nodes) | Part::ProcSubst(nodes)) = self.dollar(true) {
                        add_subst(&mut subs, nodes);
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
        if subs.is_empty() {
            Part::Arith(self.text(start, end))
        } else {
            Part::Subst(subs)
        }
    }

    /// After `$(` or `<(`: commands up to the closing `)`. Here-docs opened
    /// outside wait for a newline outside.
    fn substitution_body(&mut self) -> Vec<Node> {
        self.nested(Vec::new(), |p| {
            let outer = std::mem::take(&mut p.pending);
            p.in_subst += 1;
            let nodes = p.compound_list(Ctx::Subst);
            p.in_subst -= 1;
            if !p.halted() {
                if p.peek() == Some(')') {
                    p.pos += 1;
                } else {
                    p.unexpected();
                }
            }
            let inner = std::mem::replace(&mut p.pending, outer);
            p.pending.extend(inner);
            nodes
        })
    }

    /// After an opening backtick: the inner text, unescaped, read as
    /// commands (dash parses them with the text around them, bash when it
    /// runs them).
    fn backtick(&mut self, in_quotes: bool) -> Vec<Node> {
        let mut inner: Vec<char> = Vec::new();
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
                    Some('"') if in_quotes => {
                        inner.push('"');
                        self.pos += 1;
                    }
                    Some('\n') => self.pos += 1,
                    _ => inner.push('\\'),
                },
                other => inner.push(other),
            }
        }
        if !closed {
            self.error("syntax error: unterminated backquote substitution");
            return Vec::new();
        }
        if inner.iter().all(|c| c.is_whitespace()) {
            return Vec::new();
        }
        if self.bash() {
            return self.runtime_script(&inner);
        }
        if self.depth >= MAX_DEPTH {
            self.too_deep();
            return Vec::new();
        }
        let mut child = self.child(&inner, false);
        let mut nodes = child.compound_list(Ctx::Backquote);
        if !child.halted() && !child.pending.is_empty() {
            child.read_pending_heredocs();
        }
        if let Some(Halt::Unreadable(why)) = &child.halt {
            nodes.push(Node::Unreadable(why.clone()));
        }
        self.join(child, true);
        nodes
    }

    /// `${…}` after the `${`: a plain name, or anything else kept as written
    /// with its substitutions lifted. It ends at the first `}` not inside
    /// quotes or a nested expansion. Inside double quotes single quotes are
    /// literal, except in dash's `#`/`%` patterns (bash: always quotes).
    fn braced_parameter(&mut self, in_quotes: bool) -> Part {
        let start = self.pos;
        let mut subs: Vec<Node> = Vec::new();
        // The operator after the name decides how dash reads single quotes.
        let mut i = self.pos;
        if matches!(self.s.get(i), Some('#' | '!')) {
            i += 1;
        }
        while self
            .s
            .get(i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            i += 1;
        }
        if i == self.pos {
            i += 1;
        }
        let trim = matches!(self.s.get(i), Some('#' | '%'));
        let single_quotes = !in_quotes || self.bash() || trim;
        loop {
            if self.halted() {
                return Part::Complex(String::new());
            }
            match self.peek() {
                None => {
                    self.error("syntax error: missing `}`");
                    return Part::Complex(String::new());
                }
                Some('}') => break,
                Some('\\') => self.pos += 2,
                Some('\'') if single_quotes => {
                    self.pos += 1;
                    while self.peek().is_some_and(|q| q != '\'') {
                        self.pos += 1;
                    }
                    if self.peek().is_none() {
                        self.error("syntax error: unterminated quoted string");
                        return Part::Complex(String::new());
                    }
                    self.pos += 1;
                }
                Some('"') => {
                    self.pos += 1;
                    for part in self.quoted_body(Some('"'), false) {
                        if let Part::Subst(nodes) | Part::ProcSubst(nodes) = part {
                            add_subst(&mut subs, nodes);
                        }
                    }
                }
                Some('`') => {
                    self.pos += 1;
                    add_subst(&mut subs, self.backtick(in_quotes));
                }
                Some('$') => {
                    if let Some(Part::Subst(nodes) | Part::ProcSubst(nodes)) =
                        self.dollar(in_quotes)
                    {
                        add_subst(&mut subs, nodes);
                    }
                }
                Some('<' | '>') if self.bash() && self.peek_at(1) == Some('(') && !in_quotes => {
                    self.pos += 2;
                    add_subst(&mut subs, self.substitution_body());
                }
                Some(_) => self.pos += 1,
            }
        }
        let text = self.text(start, self.pos);
        self.pos += 1;
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
        self.error("syntax error: unterminated quoted string");
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

/// From just inside an opening `(`, the index of the `)` that closes it by
/// parentheses, quotes, backslashes and backticks alone, as bash finds the
/// end of an extended glob or (with `comments`, where a `#` after a blank
/// or newline runs to the end of the line) of a `$((` it expands.
/// Iterative, so any nesting is safe.
fn matching_paren(s: &[char], from: usize, comments: bool) -> Option<usize> {
    let mut level = 1usize;
    let mut i = from;
    while i < s.len() {
        match s[i] {
            '\\' => i += 1,
            '#' if comments && i > 0 && matches!(s[i - 1], ' ' | '\t' | '\n') => {
                while i < s.len() && s[i] != '\n' {
                    i += 1;
                }
            }
            '(' => level += 1,
            ')' => {
                level -= 1;
                if level == 0 {
                    return Some(i);
                }
            }
            '`' => {
                i += 1;
                while i < s.len() && s[i] != '`' {
                    if s[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            '\'' => {
                let ansi = i > 0 && s[i - 1] == '$';
                i += 1;
                while i < s.len() && s[i] != '\'' {
                    if ansi && s[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            '"' => {
                i += 1;
                while i < s.len() && s[i] != '"' {
                    if s[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// An arithmetic expression as a part: its text, or, when it holds
/// substitutions, what they run (the value is unknown either way).
fn arith(expr: String, subs: Vec<Node>) -> Part {
    if subs.is_empty() {
        Part::Arith(expr)
    } else {
        Part::Subst(subs)
    }
}

/// Bash's test that `$((…))` text is arithmetic: parentheses balance,
/// never closing more than opened, quotes and backslashes honoured.
fn balanced(s: &[char]) -> bool {
    let mut count = 0i64;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            '(' => count += 1,
            ')' => {
                count -= 1;
                if count < 0 {
                    return false;
                }
            }
            '\\' => i += 1,
            '\'' => {
                i += 1;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
            }
            '"' => {
                i += 1;
                while i < s.len() && s[i] != '"' {
                    if s[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    count == 0
}

/// The delimiter a here-doc's word stands for, and whether any of it was
/// quoted (then the body is literal). Quotes and backslashes are removed;
/// nothing is expanded. Bash decodes `$'…'` and drops the `$` of `$"…"`;
/// dash keeps the `$` and reads the quotes as ordinary quotes.
fn heredoc_delimiter(raw: &[char], dialect: Dialect) -> (String, bool) {
    let mut out = String::new();
    let mut quoted = false;
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        match c {
            '\\' => {
                if raw.get(i + 1) == Some(&'\n') {
                    i += 2;
                    continue;
                }
                quoted = true;
                if let Some(&next) = raw.get(i + 1) {
                    out.push(next);
                }
                i += 2;
            }
            '\'' => {
                quoted = true;
                i += 1;
                while i < raw.len() && raw[i] != '\'' {
                    out.push(raw[i]);
                    i += 1;
                }
                i += 1;
            }
            '"' => {
                quoted = true;
                i += 1;
                while i < raw.len() && raw[i] != '"' {
                    if raw[i] == '\\'
                        && matches!(raw.get(i + 1), Some('$' | '`' | '"' | '\\' | '\n'))
                    {
                        if raw[i + 1] != '\n' {
                            out.push(raw[i + 1]);
                        }
                        i += 2;
                        continue;
                    }
                    out.push(raw[i]);
                    i += 1;
                }
                i += 1;
            }
            '$' if dialect == Dialect::Bash && raw.get(i + 1) == Some(&'\'') => {
                quoted = true;
                let text: Vec<char> = raw[i + 2..].to_vec();
                let mut p = Parser::new(&text, dialect);
                out.push_str(&p.ansi_c_string());
                i += 2 + p.pos;
            }
            '$' if dialect == Dialect::Bash && raw.get(i + 1) == Some(&'"') => {
                i += 1;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    (out, quoted)
}

/// A shell name: a letter or `_`, then letters, digits and `_`.
fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
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

/// Adds one substitution's commands to those of a text with several: each
/// kept whole in a subshell of its own (as it runs), so a stop in one does
/// not end the others.
fn add_subst(subs: &mut Vec<Node>, mut nodes: Vec<Node>) {
    match nodes.as_slice() {
        [] => {}
        [Node::Stop(_) | Node::Unreadable(_)] => subs.push(Node::Subshell(nodes)),
        [_] => subs.append(&mut nodes),
        _ => subs.push(Node::Subshell(nodes)),
    }
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

/// Whether the word's text ends right after its `=` (`a=`, `a+=`), where a
/// `(` starts a bash array.
fn assign_ends_at_equals(word: &Word) -> bool {
    word.bare().is_some_and(|t| t.ends_with('='))
}

/// `NAME=value`, `NAME+=value` or `NAME[sub]=value` spelled bare at the start
/// of the word.
fn as_assignment(word: &Word, dialect: Dialect) -> Option<Assign> {
    let Some(Part::Bare(first)) = word.parts.first() else {
        return None;
    };
    let eq = first.find('=')?;
    let mut name = &first[..eq];
    if dialect == Dialect::Dash {
        // dash has no `+=` and no arrays.
        return is_name(name).then(|| Assign {
            name: name.to_owned(),
            value: Word::new(assign_value(word, &first[eq + 1..])),
        });
    }
    // `x+=v` appends and `a[i]=v` sets one element (its index evaluated as
    // arithmetic): neither leaves the variable holding v. The value gets a
    // `${…}` part naming the form, so it expands to what is only known when
    // it runs, and the index is checked like any other arithmetic.
    let mut marker = None;
    if let Some(stripped) = name.strip_suffix('+') {
        name = stripped;
        marker = Some(format!("{name}+="));
    }
    if let Some(open) = name.find('[') {
        if !name.ends_with(']') {
            return None;
        }
        marker = Some(name.to_owned());
        name = &name[..open];
    }
    if !is_name(name) {
        return None;
    }
    let mut value = assign_value(word, &first[eq + 1..]);
    if let Some(marker) = marker {
        value.push(Part::Complex(marker));
    }
    Some(Assign {
        name: name.to_owned(),
        value: Word::new(value),
    })
}

/// An assignment word's value: the text after `=`, then the other parts.
fn assign_value(word: &Word, rest: &str) -> Vec<Part> {
    let mut value = Vec::new();
    if !rest.is_empty() {
        value.push(Part::Bare(rest.to_owned()));
    }
    value.extend(word.parts.iter().skip(1).cloned());
    value
}

/// `NAME=` as a word's start: what bash treats as an assignment for tilde
/// expansion after the `=`.
fn looks_like_assignment(bare: &str) -> bool {
    bare.strip_suffix('=').is_some_and(is_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: [Dialect; 2] = [Dialect::Dash, Dialect::Bash];

    fn simples(text: &str, dialect: Dialect) -> Vec<Simple> {
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
                    Node::Subshell(b)
                    | Node::Group(b)
                    | Node::Maybe(b)
                    | Node::Loop(b)
                    | Node::Pipeline(b) => walk(b, out),
                    Node::Background(inner)
                    | Node::Redirected(inner, _)
                    | Node::Function { body: inner, .. } => walk(std::slice::from_ref(inner), out),
                    Node::Test(words) | Node::For { words, .. } => {
                        for w in words {
                            for n in w.commands() {
                                walk(std::slice::from_ref(n), out);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&parse(text, dialect).nodes, &mut out);
        out
    }

    fn words(s: &Simple) -> Vec<String> {
        s.words
            .iter()
            .map(|w| w.literal().unwrap_or_else(|| format!("<{}>", w.shown())))
            .collect()
    }

    fn programs(text: &str, dialect: Dialect) -> Vec<String> {
        simples(text, dialect)
            .iter()
            .filter(|c| !c.words.is_empty())
            .map(|c| words(c)[0].clone())
            .collect()
    }

    fn stopped(script: &Script) -> bool {
        matches!(script.nodes.last(), Some(Node::Stop(_)))
    }

    #[test]
    fn bash_expands_a_tilde_after_the_equals_of_an_assignment_like_word() {
        for text in ["dd of=~-/x", "x=~+/y", "dd of=~/x"] {
            let script = parse(text, Dialect::Bash);
            let found = format!("{:?}", script.nodes);
            assert!(found.contains("Tilde("), "{text}: {found}");
        }
        let script = parse("dd of=~-/x", Dialect::Dash);
        assert!(!format!("{:?}", script.nodes).contains("Tilde("));
        // Only a name written plainly: bash leaves these as they are.
        for text in [r"dd o\f=~/x", r#"dd "of"=~/x"#, "dd 1x=~/x", "dd a-b=~/x"] {
            let script = parse(text, Dialect::Bash);
            let found = format!("{:?}", script.nodes);
            assert!(!found.contains("Tilde("), "{text}: {found}");
        }
    }

    #[test]
    fn quotes_and_escapes_are_undone() {
        for dialect in BOTH {
            for text in ["r''m -rf x", "\"r\"m -rf x", "\\rm -rf x", "r\\\nm -rf x"] {
                let cmds = simples(text, dialect);
                assert_eq!(words(&cmds[0]), ["rm", "-rf", "x"], "{text}");
            }
        }
        for text in ["$'\\x72\\x6d' -rf x", "$'\\162m' -rf x"] {
            let cmds = simples(text, Dialect::Bash);
            assert_eq!(words(&cmds[0]), ["rm", "-rf", "x"], "{text}");
            // dash: a `$`, then an ordinary single-quoted string.
            let cmds = simples(text, Dialect::Dash);
            assert!(words(&cmds[0])[0].starts_with("$\\"), "{text}");
        }
    }

    #[test]
    fn separators_split_commands() {
        let cmds = simples("a; b && c || d & e\nf | g |& h", Dialect::Bash);
        let programs: Vec<String> = cmds.iter().map(|c| words(c)[0].clone()).collect();
        assert_eq!(programs, ["a", "b", "c", "d", "e", "f", "g", "h"]);
        assert!(cmds[6].piped_in && cmds[7].piped_in && !cmds[5].piped_in);
        let cmds = simples("a; b && c || d & e\nf | g | h", Dialect::Dash);
        assert_eq!(cmds.len(), 8);
        // `|&` is a syntax error in dash.
        assert!(stopped(&parse("f | g |& h", Dialect::Dash)));
    }

    #[test]
    fn expansions_are_not_literal() {
        for dialect in BOTH {
            for text in [
                "$c x",
                "${IFS}x",
                "$(printf rm) x",
                "`printf rm` x",
                "r*m x",
                "$((1)) x",
            ] {
                let cmds = simples(text, dialect);
                let program = cmds.last().unwrap().words[0].literal();
                assert_eq!(program, None, "{text}");
            }
        }
        // Braces expand in bash only, across quotes too.
        for text in ["{rm,-rf} x", "{rm,'-rf'} x", "x{1..3}"] {
            let bash = simples(text, Dialect::Bash);
            assert_eq!(bash[0].words[0].literal(), None, "{text}");
            assert!(bash[0].words[0].braces && bash[0].words[0].has_brace());
            let dash = simples(text, Dialect::Dash);
            assert!(!dash[0].words[0].braces && !dash[0].words[0].has_brace());
            assert!(dash[0].words[0].literal().is_some(), "{text}");
        }
        // Not in an assignment's value or a here-string; in an array's items.
        let cmds = simples("x={a,b} y", Dialect::Bash);
        assert!(!cmds[0].assigns[0].value.has_brace());
        let cmds = simples("cat <<< {a,b} >{c,d}", Dialect::Bash);
        assert!(!cmds[0].redirects[0].target.has_brace());
        assert!(cmds[0].redirects[1].target.has_brace());
        let cmds = simples("a=({x,y}) z", Dialect::Bash);
        assert!(cmds[0].assigns[0].value.has_brace());
    }

    #[test]
    fn substitutions_are_lifted() {
        let text = "echo \"$(rm -rf /)\" `curl x` ${a:-$(id)}";
        for dialect in BOTH {
            assert_eq!(programs(text, dialect), ["rm", "curl", "id", "echo"]);
        }
        assert_eq!(
            programs("echo <(cat y) >(tee z)", Dialect::Bash),
            ["cat", "tee", "echo"]
        );
        assert!(stopped(&parse("echo <(cat y)", Dialect::Dash)));
    }

    #[test]
    fn redirects_are_collected_apart_from_words() {
        use RedirectKind::*;
        let cmds = simples(
            "cmd a 2>/dev/null >out &>all >>log <in 3<>rw >|clob 2>&1 >&2",
            Dialect::Bash,
        );
        assert_eq!(words(&cmds[0]), ["cmd", "a"]);
        let kinds: Vec<RedirectKind> = cmds[0].redirects.iter().map(|r| r.kind).collect();
        assert_eq!(
            kinds,
            [Write, Write, Write, Append, Read, ReadWrite, Write, Dup, Dup]
        );
        // dash: `&>all` is `&` (background) then a redirect-only command.
        let script = parse("cmd a &>all", Dialect::Dash);
        assert!(matches!(script.nodes[0], Node::Background(_)));
        let Node::Simple(tail) = &script.nodes[1] else {
            panic!("{:?}", script.nodes)
        };
        assert!(tail.words.is_empty() && tail.redirects[0].kind == Write);
    }

    #[test]
    fn descriptors_are_read_as_each_shell_reads_them() {
        use RedirectKind::*;
        // Bash: any number of digits, `{name}`, and `>&file` writes the file.
        let bash = simples("cmd 10>f {fd}>g >&h", Dialect::Bash);
        assert_eq!(words(&bash[0]), ["cmd"]);
        assert_eq!(bash[0].redirects[0].fd, Some(10));
        let kinds: Vec<RedirectKind> = bash[0].redirects.iter().map(|r| r.kind).collect();
        assert_eq!(kinds, [Write, Write, Write]);
        // dash: one digit only, `{fd}` is a word, `>&` never opens a file.
        let dash = simples("cmd 10>f {fd}>g >&h", Dialect::Dash);
        assert_eq!(words(&dash[0]), ["cmd", "10", "{fd}"]);
        let kinds: Vec<RedirectKind> = dash[0].redirects.iter().map(|r| r.kind).collect();
        assert_eq!(kinds, [Write, Write, Dup]);
        // `<<<` is bash's; in dash a syntax error.
        assert_eq!(
            simples("cat <<< x", Dialect::Bash)[0].redirects[0].kind,
            HereString
        );
        assert!(stopped(&parse("cat <<< x", Dialect::Dash)));
    }

    #[test]
    fn heredocs_are_read_and_their_substitutions_lifted() {
        for dialect in BOTH {
            let script = parse("cat <<EOF > f\nhello $(rm -rf /)\nEOF\necho done", dialect);
            assert_eq!(script.heredocs.len(), 1);
            assert!(!script.heredocs[0].quoted);
            assert_eq!(script.heredocs[0].body.commands().count(), 1);
            let quoted = parse("cat <<'EOF'\n$(rm -rf /)\nEOF\n", dialect);
            assert!(quoted.heredocs[0].quoted);
            assert_eq!(quoted.heredocs[0].body.commands().count(), 0);
            let cmds = simples("cat <<EOF > f\nhello\nEOF\necho done", dialect);
            assert_eq!(words(&cmds[1]), ["echo", "done"]);
        }
    }

    #[test]
    fn heredoc_delimiters_are_derived_as_each_shell_derives_them() {
        let delimiter = |text: &str, dialect| {
            let script = parse(text, dialect);
            let doc = &script.heredocs[0];
            let Some(Node::Simple(cmd)) = script.nodes.first() else {
                panic!("{:?}", script.nodes)
            };
            (
                cmd.redirects[0].target.literal().unwrap_or_default(),
                doc.quoted,
            )
        };
        type Delimiter = (&'static str, bool);
        let cases: &[(&str, Delimiter, Delimiter)] = &[
            ("cat <<$'A'\n", ("$A", true), ("A", true)),
            ("cat <<$'\\x41'\n", ("$\\x41", true), ("A", true)),
            ("cat <<$\"A\"\n", ("$A", true), ("A", true)),
            ("cat <<\\A\n", ("A", true), ("A", true)),
            ("cat <<A\\B\n", ("AB", true), ("AB", true)),
            ("cat <<\"A\"B\n", ("AB", true), ("AB", true)),
            ("cat <<\"a\\$b\\x\"\n", ("a$b\\x", true), ("a$b\\x", true)),
            ("cat <<$A\n", ("$A", false), ("$A", false)),
            ("cat <<${A}\n", ("${A}", false), ("${A}", false)),
            ("cat <<`x`\n", ("`x`", false), ("`x`", false)),
            ("cat <<-E\n", ("E", false), ("E", false)),
        ];
        for (text, dash, bash) in cases {
            let dash_got = delimiter(text, Dialect::Dash);
            assert_eq!((dash_got.0.as_str(), dash_got.1), *dash, "dash {text:?}");
            let bash_got = delimiter(text, Dialect::Bash);
            assert_eq!((bash_got.0.as_str(), bash_got.1), *bash, "bash {text:?}");
        }
        // dash does not take `$(` in a delimiter: a syntax error.
        assert!(stopped(&parse("cat <<$(x)\nx\n$(x)\n", Dialect::Dash)));
        assert!(!stopped(&parse("cat <<$(x)\nx\n$(x)\n", Dialect::Bash)));
    }

    #[test]
    fn heredoc_bodies_end_where_each_shell_ends_them() {
        // A line joined by a backslash-newline: bash compares the joined
        // line with the delimiter, dash only the line as it starts.
        let text = "cat <<EOF\nx\nEO\\\nF\nrm a\nEOF\nrm b";
        assert_eq!(programs(text, Dialect::Bash), ["cat", "rm", "EOF", "rm"]);
        assert_eq!(programs(text, Dialect::Dash), ["cat", "rm"]);
        // A substitution in a dash body is read from the text itself.
        let text = "cat <<EOF\n$(rm a\nEOF\n)\nEOF\nrm b";
        let dash = parse(text, Dialect::Dash);
        assert_eq!(dash.heredocs[0].body.commands().count(), 2);
        assert_eq!(programs(text, Dialect::Dash), ["cat", "rm"]);
        // bash ends the body at the first `EOF`; the `)` after is an error.
        let bash = parse(text, Dialect::Bash);
        assert!(stopped(&bash));
        // The body of a here-doc opened before a multi-line `$(` starts
        // after the line the `$(` ends on.
        let text = "cat <<EOF; echo $(\nrm a\n)\nbody\nEOF\nrm b";
        for dialect in BOTH {
            let script = parse(text, dialect);
            assert!(!stopped(&script));
            assert_eq!(programs(text, dialect), ["cat", "rm", "echo", "rm"]);
        }
    }

    #[test]
    fn compound_commands_expose_their_bodies() {
        let text = "if test -f x; then rm x; else touch y; fi; for f in a b; do cat $f; done; while true; do sleep 1; done";
        for dialect in BOTH {
            // A while loop's condition runs again after each run of its body.
            assert_eq!(
                programs(text, dialect),
                ["test", "rm", "touch", "cat", "true", "sleep", "true"]
            );
            let text = "case $x in a|b) rm a;; *) ls;; esac; f() { rm -rf /; }; { echo; } > out";
            assert_eq!(programs(text, dialect), ["rm", "ls", "rm", "echo"]);
        }
    }

    #[test]
    fn redirects_attach_to_compound_commands() {
        for dialect in BOTH {
            for text in [
                "{ rm a; } >f",
                "( rm a ) 2>&1 >f",
                "while read x; do rm $x; done <f",
                "if true; then rm a; fi >f",
                "for x in a; do rm $x; done >f",
                "case x in x) rm a;; esac >f",
            ] {
                let script = parse(text, dialect);
                assert_eq!(script.nodes.len(), 1, "{text}");
                let Node::Redirected(inner, redirects) = &script.nodes[0] else {
                    panic!("{text}: {:?}", script.nodes)
                };
                assert!(!matches!(**inner, Node::Simple(_)), "{text}");
                assert_eq!(
                    redirects.last().and_then(|r| r.target.literal()).as_deref(),
                    Some("f"),
                    "{text}"
                );
            }
            // A redirect-only command stays a simple command.
            for text in [">f", "exec 3>f"] {
                assert!(
                    matches!(parse(text, dialect).nodes[0], Node::Simple(_)),
                    "{text}"
                );
            }
        }
        let script = parse("[[ -f x ]] >f; ((1)) 2>g", Dialect::Bash);
        assert!(script
            .nodes
            .iter()
            .all(|n| matches!(n, Node::Redirected(inner, _) if matches!(**inner, Node::Test(_)))));
    }

    #[test]
    fn functions_are_definitions() {
        for dialect in BOTH {
            let script = parse("f() { rm -rf /; }\nf", dialect);
            let Node::Function { name, body } = &script.nodes[0] else {
                panic!("{:?}", script.nodes)
            };
            assert_eq!(name, "f");
            assert!(matches!(**body, Node::Group(_)));
            let script = parse("g () ( rm a ) >log", dialect);
            let Node::Function { body, .. } = &script.nodes[0] else {
                panic!("{:?}", script.nodes)
            };
            assert!(matches!(**body, Node::Redirected(..)));
        }
        for text in [
            "function f { rm a; }",
            "function f() { rm a; }",
            "function f ( rm a )",
        ] {
            let script = parse(text, Dialect::Bash);
            assert!(
                matches!(&script.nodes[0], Node::Function { name, .. } if name == "f"),
                "{text}"
            );
            assert!(stopped(&parse(text, Dialect::Dash)), "{text}");
        }
        // dash takes a simple command as a body; bash does not.
        let dash = parse("f() rm a", Dialect::Dash);
        assert!(
            matches!(&dash.nodes[0], Node::Function { body, .. } if matches!(**body, Node::Simple(_)))
        );
        assert!(stopped(&parse("f() rm a", Dialect::Bash)));
        // dash wants a name.
        assert!(stopped(&parse("a-b() { :; }", Dialect::Dash)));
        assert!(!stopped(&parse("a-b() { :; }", Dialect::Bash)));
    }

    #[test]
    fn keywords_are_bash_only() {
        // `[[`: bash's test; dash's ordinary command, where `<` redirects.
        let bash = parse("[[ a < b && -n $(id) ]]", Dialect::Bash);
        assert!(matches!(&bash.nodes[0], Node::Test(words) if words.len() == 6));
        assert_eq!(programs("[[ a < b && -n $(id) ]]", Dialect::Bash), ["id"]);
        let dash = simples("[[ a < b && -n $(id) ]]", Dialect::Dash);
        assert_eq!(words(&dash[0]), ["<[[>", "a"]);
        assert_eq!(dash[0].redirects[0].kind, RedirectKind::Read);
        // `time`: a keyword at a pipeline's start in bash, a program in dash.
        assert_eq!(programs("time -p rm a", Dialect::Bash), ["rm"]);
        assert_eq!(programs("time rm a", Dialect::Dash), ["time"]);
        assert_eq!(programs("x | time rm a", Dialect::Bash), ["x", "time"]);
        // As `sh`, bash takes `time -o f` as the program `time`.
        assert_eq!(programs("time -o f rm a", Dialect::Bash), ["time"]);
        // `((`: bash arithmetic, dash subshells.
        assert!(matches!(
            parse("((x = 1))", Dialect::Bash).nodes[0],
            Node::Test(_)
        ));
        assert_eq!(programs("((rm a))", Dialect::Dash), ["rm"]);
        // `coproc`, `select`.
        assert!(matches!(
            parse("coproc rm a", Dialect::Bash).nodes[0],
            Node::Background(_)
        ));
        assert_eq!(programs("coproc rm a", Dialect::Dash), ["coproc"]);
        assert_eq!(
            programs("select x in a; do rm $x; done", Dialect::Bash),
            ["rm"]
        );
        assert!(stopped(&parse(
            "select x in a; do rm $x; done",
            Dialect::Dash
        )));
    }

    #[test]
    fn dollar_forms_differ() {
        // `$((…) )`: a command substitution in bash, an error in dash.
        assert_eq!(programs("echo $((rm a) )", Dialect::Bash), ["rm", "echo"]);
        assert!(stopped(&parse("echo $((rm a) )", Dialect::Dash)));
        // `$[…]`: bash arithmetic; dash reads `$[` and `]` as words.
        assert_eq!(programs("echo $[ ; rm a ; ]", Dialect::Bash), ["echo"]);
        assert_eq!(
            programs("echo $[ ; rm a ; ]", Dialect::Dash),
            ["echo", "rm", "]"]
        );
        // `${…}` ends at its first `}` in both.
        for dialect in BOTH {
            assert_eq!(programs("echo ${x:-{}; rm a", dialect), ["echo", "rm"]);
        }
        // A single quote in a double-quoted `${x:-…}`: literal to dash.
        let text = "echo \"${x:-'}\"; rm a; \"'}\"";
        assert_eq!(programs(text, Dialect::Dash), ["echo", "rm", "'}"]);
        assert_eq!(programs(text, Dialect::Bash), ["echo"]);
    }

    #[test]
    fn syntax_errors_stop_the_shell() {
        for dialect in BOTH {
            // Earlier lines ran; the line with the error did not.
            let script = parse("rm a\nrm b; (\nrm c", dialect);
            assert_eq!(script.nodes.len(), 2);
            assert!(matches!(script.nodes[0], Node::Simple(_)));
            assert!(stopped(&script));
            for text in [
                "rm a; )",
                "{ }",
                "( )",
                "rm a >",
                "; rm a",
                "rm a | ! rm b",
                "echo 'x",
            ] {
                let script = parse(text, dialect);
                assert_eq!(script.nodes.len(), 1, "{text}: {:?}", script.nodes);
                assert!(stopped(&script), "{text}");
            }
        }
        // bash parses backticks when it runs them: the error stays inside.
        let bash = parse("echo `(`; rm a", Dialect::Bash);
        assert!(!stopped(&bash));
        assert!(
            matches!(&bash.nodes[0], Node::Simple(s) if matches!(&s.words[1].parts[0], Part::Subst(n) if stopped(&Script { nodes: n.clone(), ..Script::default() })))
        );
        assert!(stopped(&parse("echo `(`; rm a", Dialect::Dash)));
    }

    #[test]
    fn aliases_end_the_reading() {
        for dialect in BOTH {
            let script = parse("alias ls='rm -rf ~'\nls", dialect);
            assert!(matches!(script.nodes.last(), Some(Node::Unreadable(_))));
            // On the same line, the definition has not run yet.
            let script = parse("alias ls='rm -rf ~'; ls", dialect);
            assert!(!matches!(script.nodes.last(), Some(Node::Unreadable(_))));
            // Quoted words are not aliases; other words are read on.
            let script = parse("alias ls='rm -rf ~'\n\\ls; pwd", dialect);
            assert_eq!(script.nodes.len(), 3);
            // `eval` and definitions through other commands.
            for text in [
                "alias p=x; eval p",
                "command alias p=x\nq",
                "alias \"$n\"\nq",
            ] {
                let script = parse(text, dialect);
                assert!(
                    matches!(script.nodes.last(), Some(Node::Unreadable(_))),
                    "{text}"
                );
            }
            // Other programs cannot define this shell's aliases.
            let script = parse("git config alias.co checkout\ngit co", dialect);
            assert_eq!(script.nodes.len(), 2);
        }
        // bash parses backticks when they run, after the definition.
        let bash = parse("alias p=x; echo `p`", Dialect::Bash);
        assert!(format!("{:?}", bash.nodes).contains("Unreadable"));
        let dash = parse("alias p=x; echo `p`", Dialect::Dash);
        assert!(!format!("{:?}", dash.nodes).contains("Unreadable"));
    }

    #[test]
    fn background_jobs_and_arrays_are_read() {
        for dialect in BOTH {
            let script = parse("sleep 9 & echo $!", dialect);
            assert!(matches!(script.nodes[0], Node::Background(_)));
        }
        let cmds = simples("a=(x \"$(id)\" z) ls", Dialect::Bash);
        assert_eq!(words(&cmds[0]), ["id"]);
        assert_eq!(words(&cmds[1]), ["ls"]);
        assert_eq!(
            programs("declare -a a=(x $(id)); ls", Dialect::Bash),
            ["id", "declare", "ls"]
        );
        assert!(stopped(&parse("a=(x)", Dialect::Dash)));
    }

    #[test]
    fn assignments_are_apart_from_words() {
        for dialect in BOTH {
            let cmds = simples("A=1 B=\"two words\" env C=3 prog", dialect);
            assert_eq!(cmds[0].assigns.len(), 2);
            assert_eq!(
                cmds[0].assigns[1].value.literal().as_deref(),
                Some("two words")
            );
            assert_eq!(words(&cmds[0]), ["env", "C=3", "prog"]);
        }
        // `+=` and `a[i]=` are bash's; dash runs them as commands.
        assert_eq!(simples("a+=1 b[0]=2 x", Dialect::Bash)[0].assigns.len(), 2);
        assert_eq!(
            programs("a+=1 b[0]=2 x", Dialect::Dash),
            ["<a+=1>"].map(|_| "a+=1")
        );
    }

    #[test]
    fn the_script_says_its_dialect() {
        assert_eq!(parse("ls", Dialect::Dash).dialect, Dialect::Dash);
        assert_eq!(parse("ls", Dialect::Bash).dialect, Dialect::Bash);
    }

    #[test]
    fn hostile_inputs_end_quickly() {
        for dialect in BOTH {
            let deep = "$(".repeat(10_000) + &")".repeat(10_000);
            let script = parse(&deep, dialect);
            assert!(matches!(script.nodes.last(), Some(Node::Unreadable(_))));
            let unbalanced = parse("echo 'never closed", dialect);
            assert!(!unbalanced.nodes.is_empty());
            let many = "true;".repeat(100_000);
            let script = parse(&many, dialect);
            assert!(matches!(script.nodes.last(), Some(Node::Unreadable(_))));
            let wide = "x ".repeat(MAX_WORDS + 10);
            assert!(matches!(
                parse(&wide, dialect).nodes.last(),
                Some(Node::Unreadable(_))
            ));
            for text in [
                "(((((",
                "))))",
                "<<",
                "${",
                "$(",
                "`",
                "\\",
                "case",
                "for",
                "[[",
                "{",
                "}",
                "<(",
                "a=(",
                "f()",
                "$((",
                "((",
                "$[",
                "<<<",
                "|&",
                ";;&",
                "function",
                "coproc",
                "time",
                "!",
                "cat <<E\n$(",
                "${x:-'",
                "\"${x#'",
            ] {
                let _ = parse(text, dialect);
            }
        }
    }
}
