//! The reading is total: random and hostile text, through the whole
//! classifier, never panics and always yields a finding; read as either
//! dialect, it never panics and its shape holds (a stop or an unreadable
//! node ends the reading, here-doc ids name here-docs). (How long it takes
//! is the `reading` bench's business, not a test's.)

#[path = "support/hostile.rs"]
mod hostile;
mod support;

use wicket_shell::syntax::{self, Dialect, Node, Part, RedirectKind, Script};

const DIALECTS: [Dialect; 2] = [Dialect::Dash, Dialect::Bash];

/// What every reading keeps to, whatever the text.
fn check_shape(script: &Script, text: &str) {
    fn walk(nodes: &[Node], docs: usize, top: bool, text: &str) {
        for (i, node) in nodes.iter().enumerate() {
            let last = i + 1 == nodes.len();
            match node {
                Node::Stop(_) => assert!(last, "a stop before the end: {text:?}"),
                Node::Unreadable(_) if top => {
                    assert!(last, "an unreadable node before the end: {text:?}")
                }
                Node::Unreadable(_) | Node::Succeeded | Node::Negated => {}
                Node::Simple(s) => {
                    for r in &s.redirects {
                        if let RedirectKind::HereDoc(id) = r.kind {
                            assert!(id < docs, "here-doc {id} of {docs}: {text:?}");
                        }
                    }
                    let words = s
                        .assigns
                        .iter()
                        .map(|a| &a.value)
                        .chain(&s.words)
                        .chain(s.redirects.iter().map(|r| &r.target));
                    for part in words.flat_map(|w| &w.parts) {
                        if let Part::Subst(inner) | Part::ProcSubst(inner) = part {
                            walk(inner, docs, false, text);
                        }
                    }
                }
                Node::Subshell(b)
                | Node::Group(b)
                | Node::Maybe(b)
                | Node::Loop(b)
                | Node::Pipeline(b) => walk(b, docs, false, text),
                Node::Background(n) | Node::Function { body: n, .. } => {
                    walk(std::slice::from_ref(n), docs, false, text)
                }
                Node::Redirected(n, _) => walk(std::slice::from_ref(n), docs, false, text),
                Node::For { .. } | Node::Test(_) => {}
            }
        }
    }
    walk(&script.nodes, script.heredocs.len(), true, text);
}

#[test]
fn random_text_never_panics() {
    for text in hostile::random_text(0x9e37_79b9_7f4a_7c15, 20_000) {
        let (call, ctx) = support::prepared(&text);
        assert!(!wicket_shell::classify(&call, &ctx).is_empty(), "{text:?}");
    }
}

#[test]
fn random_text_reads_in_both_dialects() {
    for text in hostile::random_text(0x2545_f491_4f6c_dd1d, 20_000) {
        for dialect in DIALECTS {
            let script = syntax::parse(&text, dialect);
            assert_eq!(script.dialect, dialect);
            check_shape(&script, &text);
        }
    }
}

#[test]
fn hostile_shapes_never_panic() {
    for shape in hostile::shapes() {
        let (call, ctx) = support::prepared(&shape);
        assert!(!wicket_shell::classify(&call, &ctx).is_empty());
        for dialect in DIALECTS {
            check_shape(&syntax::parse(&shape, dialect), "(a hostile shape)");
        }
    }
}

#[test]
fn costly_shapes_are_opaque() {
    for shape in hostile::costly_shapes() {
        let (call, ctx) = support::prepared(&shape);
        let findings = wicket_shell::classify(&call, &ctx);
        assert_eq!(
            findings.first().map(|f| f.effect),
            Some(wicket_guest::Effect::Opaque),
            "{}: {findings:?}",
            &shape[..shape.len().min(80)]
        );
    }
}

/// Past the reader's note limit only a note of a new effect is kept, so a
/// step that asks which notes it added (did `make` run code wicket cannot
/// read, in another agent's worktree?) found none, and the call passed.
/// Crowding the notes makes the call opaque.
#[test]
fn crowding_the_notes_hides_no_later_step() {
    let echoes: Vec<String> = (0..250).map(|i| format!("echo {i}")).collect();
    let crowd = format!("eval '{}'; ", echoes.join("; ")).repeat(5);
    let plain = format!("frob; cd ../{} && make", support::OTHER);
    for command in [plain.clone(), format!("{crowd}{plain}")] {
        let (call, ctx) = support::prepared(&command);
        let findings = wicket_shell::classify(&call, &ctx);
        assert_eq!(
            findings.first().map(|f| f.effect),
            Some(wicket_guest::Effect::Opaque),
            "{}: {findings:?}",
            &command[command.len().saturating_sub(60)..]
        );
    }
}

/// A tree read asks the host which credential stores lie beneath each tree
/// in one listing of the tree's top, not a lookup per secret fragment (about
/// 150 of them): searching eight trees stays well inside the 512-query
/// budget, and a store that is there is still found.
#[test]
fn tree_reads_list_each_tree_once() {
    let trees = "src target nested ./src ./target ./nested src/.. .";
    for command in [
        format!("find {trees} -type f -exec grep -l x {{}} \\;"),
        format!("rg -uu x {trees}"),
        format!("grep -rl x {trees}"),
        "cat src/* target/* nested/* */*".to_owned(),
    ] {
        let (effect, why) = support::bash(&command);
        assert_eq!(effect, wicket_guest::Effect::Read, "{command}: {why}");
    }
    let home = &support::fixture().home;
    for command in [
        format!("find src {home} -type f -exec grep -l x {{}} \\;"),
        format!("rg -uu x {trees} {home}"),
        format!("cat {home}/.ss*/*"),
    ] {
        let (effect, why) = support::bash(&command);
        assert_eq!(effect, wicket_guest::Effect::Secret, "{command}: {why}");
    }
}
