//! The small YAML wicket reads: block mappings and sequences by indentation,
//! one-line flow lists and maps, plain and quoted scalars, `#` comments. Every
//! node keeps its line so a policy problem can be named by file and line.
//!
//! Anything outside this subset (anchors, tags, multi-line scalars, tabs for
//! indentation) is an error with its line, never a guess: a policy wicket
//! cannot read exactly is a policy it does not apply.

use serde_json::{Map, Number, Value};

/// A parsed node and the 1-based line it starts on.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub line: usize,
    pub kind: Kind,
}

/// What a node is.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// Entries in file order (duplicates kept; the reader decides).
    Map(Vec<(String, Node)>),
    Seq(Vec<Node>),
    /// A scalar's text; `quoted` when it was written in quotes.
    Scalar {
        text: String,
        quoted: bool,
    },
    /// A key with nothing after it and nothing indented below.
    Empty,
}

/// A problem at a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    pub line: usize,
    pub message: String,
}

struct Line<'a> {
    number: usize,
    indent: usize,
    text: &'a str,
}

/// How deep a block may indent, in spaces: each nested block indents by at
/// least one, so this bounds the reader's recursion (a policy nests four or
/// five levels; a hostile file must not overflow the stack).
pub const MAX_INDENT: usize = 64;

/// How deep `[`/`{` may nest in one flow value, for the same reason.
pub const MAX_FLOW_DEPTH: usize = 32;

/// Parse a document. An empty document is an empty map.
pub fn parse(source: &str) -> Result<Node, YamlError> {
    let mut lines = Vec::new();
    for (index, raw) in source.lines().enumerate() {
        let number = index + 1;
        let content = strip_comment(raw);
        if content.trim().is_empty() {
            continue;
        }
        let indent = content.len() - content.trim_start_matches(' ').len();
        if indent > MAX_INDENT {
            return Err(YamlError {
                line: number,
                message: format!(
                    "indented {indent} spaces, deeper than the {MAX_INDENT} a policy may nest"
                ),
            });
        }
        if content[indent..].starts_with('\t') {
            return Err(YamlError {
                line: number,
                message: "a tab in the indentation (YAML indents with spaces)".into(),
            });
        }
        let text = content.trim();
        if text == "---" || text == "..." {
            continue;
        }
        for (marker, what) in [
            ("&", "an anchor"),
            ("*", "an alias"),
            ("!", "a tag"),
            ("|", "a block scalar"),
            (">", "a folded scalar"),
        ] {
            let value = text
                .split_once(": ")
                .map(|(_, v)| v.trim())
                .unwrap_or(text.trim_start_matches("- "));
            if value.starts_with(marker)
                && !(marker == "*" && value.len() > 1 && value.starts_with("**"))
            {
                return Err(YamlError {
                    line: number,
                    message: format!("{what} (`{value}`) is not supported here"),
                });
            }
        }
        lines.push(Line {
            number,
            indent,
            text,
        });
    }
    if lines.is_empty() {
        return Ok(Node {
            line: 1,
            kind: Kind::Map(Vec::new()),
        });
    }
    let mut at = 0;
    let node = block(&lines, &mut at, lines[0].indent)?;
    if at < lines.len() {
        return Err(YamlError {
            line: lines[at].number,
            message: format!(
                "`{}` is indented less than the block it follows, or more than the document's top",
                lines[at].text
            ),
        });
    }
    Ok(node)
}

fn block(lines: &[Line], at: &mut usize, indent: usize) -> Result<Node, YamlError> {
    let first = &lines[*at];
    if first.text.starts_with("- ") || first.text == "-" {
        sequence(lines, at, indent)
    } else {
        mapping(lines, at, indent)
    }
}

fn sequence(lines: &[Line], at: &mut usize, indent: usize) -> Result<Node, YamlError> {
    let start = lines[*at].number;
    let mut items = Vec::new();
    while *at < lines.len() && lines[*at].indent == indent {
        let line = &lines[*at];
        // A line that is no `- ` item ends the list: a list at its key's
        // own indentation is followed by that mapping's next key. (Where
        // nothing takes that line, the document's end says so.)
        let Some(rest) = line.text.strip_prefix('-') else {
            break;
        };
        if !(rest.is_empty() || rest.starts_with(' ')) {
            return Err(YamlError {
                line: line.number,
                message: format!("expected a `- ` list item, found `{}`", line.text),
            });
        }
        let rest = rest.trim_start();
        if rest.is_empty() {
            // `-` alone: its item is the block indented below it, else empty.
            // (A `- ` line at the same indentation is the next item, not a
            // list inside this one: taking it so nested `-` lines without
            // bound, one stack frame each.)
            *at += 1;
            items.push(match lines.get(*at) {
                Some(next) if next.indent > indent => block(lines, at, next.indent)?,
                _ => Node {
                    line: line.number,
                    kind: Kind::Empty,
                },
            });
        } else if key_value(rest).is_some() {
            // `- key: value` opens a mapping whose later keys align with `key`.
            let inner_indent = indent + (line.text.len() - rest.len());
            let mut entries = Vec::new();
            let (key, value) = key_value(rest).unwrap_or_default();
            *at += 1;
            entries.push((
                key.to_owned(),
                value_or_block(lines, at, inner_indent, value, line.number)?,
            ));
            while *at < lines.len() && lines[*at].indent == inner_indent {
                let next = &lines[*at];
                let Some((key, value)) = key_value(next.text) else {
                    return Err(YamlError {
                        line: next.number,
                        message: format!("expected `key: value`, found `{}`", next.text),
                    });
                };
                *at += 1;
                entries.push((
                    key.to_owned(),
                    value_or_block(lines, at, inner_indent, value, next.number)?,
                ));
            }
            items.push(Node {
                line: line.number,
                kind: Kind::Map(entries),
            });
        } else {
            *at += 1;
            items.push(scalar_or_flow(rest, line.number)?);
        }
        if *at < lines.len() && lines[*at].indent > indent {
            return Err(YamlError {
                line: lines[*at].number,
                message: format!("`{}` is indented more than its list item", lines[*at].text),
            });
        }
    }
    Ok(Node {
        line: start,
        kind: Kind::Seq(items),
    })
}

fn mapping(lines: &[Line], at: &mut usize, indent: usize) -> Result<Node, YamlError> {
    let start = lines[*at].number;
    let mut entries = Vec::new();
    while *at < lines.len() && lines[*at].indent == indent {
        let line = &lines[*at];
        let Some((key, value)) = key_value(line.text) else {
            return Err(YamlError {
                line: line.number,
                message: format!("expected `key: value`, found `{}`", line.text),
            });
        };
        *at += 1;
        entries.push((
            key.to_owned(),
            value_or_block(lines, at, indent, value, line.number)?,
        ));
        if *at < lines.len() && lines[*at].indent > indent {
            return Err(YamlError {
                line: lines[*at].number,
                message: format!(
                    "`{}` is indented more than the key before it",
                    lines[*at].text
                ),
            });
        }
    }
    Ok(Node {
        line: start,
        kind: Kind::Map(entries),
    })
}

fn value_or_block(
    lines: &[Line],
    at: &mut usize,
    indent: usize,
    value: &str,
    line: usize,
) -> Result<Node, YamlError> {
    if value.is_empty() {
        nested_or_empty(lines, at, indent, line)
    } else {
        scalar_or_flow(value, line)
    }
}

fn nested_or_empty(
    lines: &[Line],
    at: &mut usize,
    indent: usize,
    line: usize,
) -> Result<Node, YamlError> {
    match lines.get(*at) {
        Some(next) if next.indent > indent => block(lines, at, next.indent),
        // A list may sit at its key's own indentation.
        Some(next)
            if next.indent == indent && (next.text.starts_with("- ") || next.text == "-") =>
        {
            sequence(lines, at, indent)
        }
        _ => Ok(Node {
            line,
            kind: Kind::Empty,
        }),
    }
}

/// `key: value` (or `key:`), with the key unquoted if it was quoted.
fn key_value(text: &str) -> Option<(&str, &str)> {
    if text.starts_with('"') || text.starts_with('\'') {
        let quote = text.chars().next()?;
        let close = text[1..].find(quote)? + 1;
        let rest = text[close + 1..].trim_start();
        let value = rest.strip_prefix(':')?;
        return Some((&text[1..close], value.trim()));
    }
    if text.starts_with('[') || text.starts_with('{') {
        return None;
    }
    let split = text
        .find(": ")
        .or_else(|| text.strip_suffix(':').map(|k| k.len()))?;
    let key = text[..split].trim();
    if key.is_empty() {
        return None;
    }
    Some((key, text[split + 1..].trim()))
}

fn scalar_or_flow(text: &str, line: usize) -> Result<Node, YamlError> {
    let mut chars: Vec<char> = text.chars().collect();
    let mut pos = 0;
    let node = flow_value(&mut chars, &mut pos, line, 0)?;
    skip_spaces(&chars, &mut pos);
    if pos != chars.len() {
        chars.drain(..pos);
        return Err(YamlError {
            line,
            message: format!(
                "unexpected `{}` after a value",
                chars.iter().collect::<String>()
            ),
        });
    }
    Ok(node)
}

fn skip_spaces(chars: &[char], pos: &mut usize) {
    while chars.get(*pos).is_some_and(|c| *c == ' ') {
        *pos += 1;
    }
}

/// A flow value inside `depth` open `[`/`{`. The bound is kept here, where
/// the recursion is, so no reading of quotes elsewhere can disagree with it
/// (a line-wide count that took `a'b` for an open quote once let a deep
/// nesting past it).
fn flow_value(
    chars: &mut Vec<char>,
    pos: &mut usize,
    line: usize,
    depth: usize,
) -> Result<Node, YamlError> {
    skip_spaces(chars, pos);
    if matches!(chars.get(*pos), Some('[' | '{')) && depth >= MAX_FLOW_DEPTH {
        return Err(YamlError {
            line,
            message: format!(
                "`[` and `{{` nest deeper than the {MAX_FLOW_DEPTH} levels a policy may use"
            ),
        });
    }
    match chars.get(*pos) {
        Some('[') => {
            *pos += 1;
            let mut items = Vec::new();
            loop {
                skip_spaces(chars, pos);
                match chars.get(*pos) {
                    Some(']') => {
                        *pos += 1;
                        return Ok(Node {
                            line,
                            kind: Kind::Seq(items),
                        });
                    }
                    None => {
                        return Err(YamlError {
                            line,
                            message: "a `[` list that is never closed on its line".into(),
                        })
                    }
                    _ => {}
                }
                items.push(flow_value(chars, pos, line, depth + 1)?);
                skip_spaces(chars, pos);
                match chars.get(*pos) {
                    Some(',') => *pos += 1,
                    Some(']') => {}
                    None => {
                        return Err(YamlError {
                            line,
                            message: "a `[` list that is never closed on its line".into(),
                        })
                    }
                    _ => {
                        return Err(YamlError {
                            line,
                            message: "expected `,` or `]` in a flow list".into(),
                        })
                    }
                }
            }
        }
        Some('{') => {
            *pos += 1;
            let mut entries = Vec::new();
            loop {
                skip_spaces(chars, pos);
                match chars.get(*pos) {
                    Some('}') => {
                        *pos += 1;
                        return Ok(Node {
                            line,
                            kind: Kind::Map(entries),
                        });
                    }
                    None => {
                        return Err(YamlError {
                            line,
                            message: "a `{` map that is never closed on its line".into(),
                        })
                    }
                    _ => {}
                }
                // A `[` or `{` where a key belongs is read as what it is (so
                // its nesting meets the same bound) and refused as a key.
                let key = if matches!(chars.get(*pos), Some('[' | '{')) {
                    flow_value(chars, pos, line, depth + 1)?
                } else {
                    flow_scalar(chars, pos, line, true)?
                };
                skip_spaces(chars, pos);
                if !matches!(key.kind, Kind::Scalar { .. }) {
                    return Err(YamlError {
                        line,
                        message: "a flow map key must be a scalar".into(),
                    });
                }
                if chars.get(*pos) != Some(&':') {
                    return Err(YamlError {
                        line,
                        message: "expected `:` after a key in a flow map".into(),
                    });
                }
                *pos += 1;
                let value = flow_value(chars, pos, line, depth + 1)?;
                let Kind::Scalar { text, .. } = key.kind else {
                    return Err(YamlError {
                        line,
                        message: "a flow map key must be a scalar".into(),
                    });
                };
                entries.push((text, value));
                skip_spaces(chars, pos);
                match chars.get(*pos) {
                    Some(',') => *pos += 1,
                    Some('}') => {}
                    None => {
                        return Err(YamlError {
                            line,
                            message: "a `{` map that is never closed on its line".into(),
                        })
                    }
                    _ => {
                        return Err(YamlError {
                            line,
                            message: "expected `,` or `}` in a flow map".into(),
                        })
                    }
                }
            }
        }
        _ => flow_scalar(chars, pos, line, false),
    }
}

fn flow_scalar(
    chars: &[char],
    pos: &mut usize,
    line: usize,
    in_map_key: bool,
) -> Result<Node, YamlError> {
    skip_spaces(chars, pos);
    match chars.get(*pos) {
        Some('\'') => {
            *pos += 1;
            let mut text = String::new();
            loop {
                match chars.get(*pos) {
                    None => {
                        return Err(YamlError {
                            line,
                            message: "a single-quoted string that is never closed".into(),
                        })
                    }
                    Some('\'') if chars.get(*pos + 1) == Some(&'\'') => {
                        text.push('\'');
                        *pos += 2;
                    }
                    Some('\'') => {
                        *pos += 1;
                        return Ok(Node {
                            line,
                            kind: Kind::Scalar { text, quoted: true },
                        });
                    }
                    Some(c) => {
                        text.push(*c);
                        *pos += 1;
                    }
                }
            }
        }
        Some('"') => {
            *pos += 1;
            let mut text = String::new();
            loop {
                match chars.get(*pos) {
                    None => {
                        return Err(YamlError {
                            line,
                            message: "a double-quoted string that is never closed".into(),
                        })
                    }
                    Some('\\') => {
                        let escaped = chars.get(*pos + 1).copied();
                        *pos += 2;
                        match escaped {
                            Some('n') => text.push('\n'),
                            Some('t') => text.push('\t'),
                            Some('\\') => text.push('\\'),
                            Some('"') => text.push('"'),
                            Some('/') => text.push('/'),
                            Some(other) => {
                                return Err(YamlError {
                                    line,
                                    message: format!(
                                        "the escape `\\{other}` is not supported here"
                                    ),
                                })
                            }
                            None => {
                                return Err(YamlError {
                                    line,
                                    message: "a double-quoted string that is never closed".into(),
                                })
                            }
                        }
                    }
                    Some('"') => {
                        *pos += 1;
                        return Ok(Node {
                            line,
                            kind: Kind::Scalar { text, quoted: true },
                        });
                    }
                    Some(c) => {
                        text.push(*c);
                        *pos += 1;
                    }
                }
            }
        }
        _ => {
            let start = *pos;
            while let Some(c) = chars.get(*pos) {
                if matches!(c, ',' | ']' | '}') || (in_map_key && *c == ':') {
                    break;
                }
                *pos += 1;
            }
            let text: String = chars[start..*pos]
                .iter()
                .collect::<String>()
                .trim()
                .to_owned();
            Ok(Node {
                line,
                kind: Kind::Scalar {
                    text,
                    quoted: false,
                },
            })
        }
    }
}

/// The line without its comment: `#` at the start or after a space, outside quotes.
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    for (index, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if (c == '\'' || c == '"')
                && (previous == ' '
                    || previous == '['
                    || previous == '{'
                    || previous == ','
                    || previous == ':') =>
            {
                quote = Some(c);
            }
            None if c == '#' && (previous == ' ' || previous == '\t' || index == 0) => {
                return &line[..index]
            }
            None => {}
        }
        previous = c;
    }
    line
}

impl Node {
    /// The node as JSON: plain scalars typed as YAML types them.
    pub fn to_json(&self) -> Value {
        match &self.kind {
            Kind::Map(entries) => {
                let mut map = Map::new();
                for (key, value) in entries {
                    map.insert(key.clone(), value.to_json());
                }
                Value::Object(map)
            }
            Kind::Seq(items) => Value::Array(items.iter().map(Node::to_json).collect()),
            Kind::Empty => Value::Null,
            Kind::Scalar { text, quoted: true } => Value::String(text.clone()),
            Kind::Scalar {
                text,
                quoted: false,
            } => match text.as_str() {
                "null" | "~" | "" => Value::Null,
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                other => other
                    .parse::<i64>()
                    .map(Number::from)
                    .ok()
                    .or_else(|| other.parse::<f64>().ok().and_then(Number::from_f64))
                    .map(Value::Number)
                    .unwrap_or_else(|| Value::String(other.to_owned())),
            },
        }
    }

    /// The scalar text, if this is a scalar.
    pub fn text(&self) -> Option<&str> {
        match &self.kind {
            Kind::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_policy_grammar_reads() {
        let doc = parse(
            "confinement: required   # a comment\n\
             table:\n  open-world: hold\n\
             rules:\n  git push: target-write\n  'odd: key': read\n\
             secrets:\n  - .kube\n  - \"#notacomment\"\n\
             classifiers:\n  - path: /p/a.wasm\n    sha256: abc\n    config:\n      allow: [a.com, \"b.org\"]\n      depth: 3\n  - b.wasm\n",
        )
        .unwrap();
        assert_eq!(
            doc.to_json(),
            json!({
                "confinement": "required",
                "table": {"open-world": "hold"},
                "rules": {"git push": "target-write", "odd: key": "read"},
                "secrets": [".kube", "#notacomment"],
                "classifiers": [{"path": "/p/a.wasm", "sha256": "abc", "config": {"allow": ["a.com", "b.org"], "depth": 3}}, "b.wasm"],
            })
        );
    }

    #[test]
    fn lines_are_kept() {
        let doc = parse("a: 1\n\nb:\n  c: 2\n").unwrap();
        let Kind::Map(entries) = doc.kind else {
            panic!()
        };
        assert_eq!(entries[0].1.line, 1);
        assert_eq!(
            entries[1].1.line, 4,
            "a block value starts on its first line"
        );
        let Kind::Map(inner) = &entries[1].1.kind else {
            panic!()
        };
        assert_eq!(inner[0].1.line, 4);
    }

    #[test]
    fn problems_name_their_line() {
        for (text, line, needle) in [
            ("a: 1\n\tb: 2\n", 2, "tab"),
            ("a:\n  - x\n   - y\n", 3, "indented more"),
            ("a: [1, 2\n", 1, "never closed"),
            ("a: &x 1\n", 1, "anchor"),
            ("a: |\n  text\n", 1, "block scalar"),
            ("just words\n", 1, "expected `key: value`"),
            ("a: 'open\n", 1, "never closed"),
        ] {
            let err = parse(text).unwrap_err();
            assert_eq!(err.line, line, "{text}: {err:?}");
            assert!(err.message.contains(needle), "{text}: {}", err.message);
        }
    }

    #[test]
    fn a_bare_dash_is_an_empty_item_not_a_list_around_the_next() {
        assert_eq!(parse("-\n- b\n").unwrap().to_json(), json!([null, "b"]));
        assert_eq!(
            parse("a:\n-\n- b\nc:\n  -\n    - d\n").unwrap().to_json(),
            json!({"a": [null, "b"], "c": [["d"]]})
        );
    }

    /// Found by the policy fuzz target: nesting the line check did not see
    /// (a `'` inside a plain scalar read as an open quote, hiding the `[`s
    /// after it; `-` lines at one indentation, each a list inside the last)
    /// recursed once per level. Read on a small stack, each is an answer.
    #[test]
    fn hostile_nesting_reads_on_a_small_stack() {
        let deep = 100_000;
        let cases = [
            format!("x: [a'b, {}{}\n", "[".repeat(deep), "]".repeat(deep + 1)),
            format!("x: {{k: it's, y: {}\n", "{a: ".repeat(deep)),
            "-\n".repeat(deep),
            format!("a:\n{}", "-\n".repeat(deep)),
        ];
        std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || {
                for (i, text) in cases.iter().enumerate() {
                    let result = parse(text);
                    if i < 2 {
                        let err = result.unwrap_err();
                        assert!(err.message.contains("nest deeper"), "{err:?}");
                    } else {
                        assert!(result.is_ok(), "{result:?}");
                    }
                }
            })
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn empty_documents_are_empty_maps() {
        assert_eq!(parse("# nothing\n").unwrap().to_json(), json!({}));
    }
}
