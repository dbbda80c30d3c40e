//! A compact rendering of a parse, for tests to compare against.

use wicket_shell::syntax::{Node, Part, Redirect, RedirectKind, Simple, Word};

pub fn nodes(nodes: &[Node]) -> String {
    nodes.iter().map(node).collect::<Vec<_>>().join("; ")
}

pub fn node(node: &Node) -> String {
    match node {
        Node::Simple(s) => simple(s),
        Node::Subshell(b) => format!("( {} )", nodes(b)),
        Node::Group(b) => format!("{{ {} }}", nodes(b)),
        Node::Maybe(b) => format!("maybe{{ {} }}", nodes(b)),
        Node::Loop(b) => format!("loop{{ {} }}", nodes(b)),
        Node::Pipeline(b) => b.iter().map(self::node).collect::<Vec<_>>().join(" | "),
        Node::Background(b) => format!("bg[{}]", self::node(b)),
        Node::For { name, words } => format!(
            "for {name} in [{}]",
            words.iter().map(word).collect::<Vec<_>>().join(" ")
        ),
        Node::Test(words) => format!(
            "test[{}]",
            words.iter().map(word).collect::<Vec<_>>().join(" ")
        ),
        Node::Redirected(inner, redirects) => format!(
            "redir[{} {}]",
            self::node(inner),
            redirects.iter().map(redirect).collect::<Vec<_>>().join(" ")
        ),
        Node::Function { name, body } => format!("fn {name}[{}]", self::node(body)),
        Node::Stop(why) => format!("STOP({why})"),
        Node::Succeeded => "ok".into(),
        Node::Negated => "not".into(),
        Node::Unreadable(why) => format!("UNREADABLE({why})"),
    }
}

fn simple(s: &Simple) -> String {
    let mut out = Vec::new();
    for a in &s.assigns {
        out.push(format!("{}={}", a.name, word(&a.value)));
    }
    for w in &s.words {
        out.push(word(w));
    }
    for r in &s.redirects {
        out.push(redirect(r));
    }
    let text = out.join(" ");
    if s.piped_in {
        format!("|{text}")
    } else {
        text
    }
}

fn redirect(r: &Redirect) -> String {
    let fd = r.fd.map(|f| f.to_string()).unwrap_or_default();
    let op = match r.kind {
        RedirectKind::Read => "<",
        RedirectKind::Write => ">",
        RedirectKind::Append => ">>",
        RedirectKind::ReadWrite => "<>",
        RedirectKind::Dup => ">&",
        RedirectKind::HereDoc(_) => "<<",
        RedirectKind::HereString => "<<<",
    };
    format!("{fd}{op}{}", word(&r.target))
}

/// A word: literal text as is, `'…'` for quoted parts, expansions by form,
/// substitutions with their commands.
pub fn word(w: &Word) -> String {
    let mut out = String::new();
    for p in &w.parts {
        match p {
            Part::Bare(t) => out.push_str(t),
            Part::Quoted(t) => {
                out.push('\'');
                out.push_str(t);
                out.push('\'');
            }
            Part::Tilde(u) => {
                out.push('~');
                out.push_str(u);
            }
            Part::Param(n) => {
                out.push('$');
                out.push_str(n);
            }
            Part::Complex(t) => {
                out.push_str("${");
                out.push_str(t);
                out.push('}');
            }
            Part::Subst(n) => {
                out.push_str("$(");
                out.push_str(&nodes(n));
                out.push(')');
            }
            Part::Arith(t) => {
                out.push_str("$((");
                out.push_str(t);
                out.push_str("))");
            }
            Part::ProcSubst(n) => {
                out.push_str("<(");
                out.push_str(&nodes(n));
                out.push(')');
            }
        }
    }
    if w.has_brace() {
        out.push_str("{*}");
    }
    out
}
