//! litany's tool-control seam: the request wicket reads on stdin and the one
//! verdict line it prints. Both shapes are litany's; nothing here decides.
//!
//! The request's five fields are required and typed (a missing or mistyped one
//! is a protocol break, answered by exit 2); fields litany adds later are
//! ignored so a newer harness never bricks every call. The verdict is written
//! by hand: a pass carries no `reason` key at all, refuse and hold always a
//! non-empty one, and nothing else — litany's parser rejects anything more.

use serde_json::{json, Value};

/// One tool call to adjudicate, as litany presents it.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The provider's `tool_use` id: what a hold parks on and a call answer keys.
    pub id: String,
    /// The tool name the model spelled.
    pub name: String,
    /// The tool's input, verbatim.
    pub input: Value,
    /// The calling agent's role.
    pub role: String,
    /// The calling agent's id (its full hyphenated descent).
    pub agent_id: String,
}

/// Why a request could not be read: one sentence for stderr.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolBreak(pub String);

impl std::fmt::Display for ProtocolBreak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Request {
    /// Read one request from `reader`: the first JSON value, taken as soon
    /// as it is complete, at most `max` bytes.
    pub fn read(reader: impl std::io::Read, max: u64) -> Result<Request, ProtocolBreak> {
        use std::io::BufRead;
        let limited = reader.take(max + 1);
        let mut buffer = Vec::new();
        // Framing over whole buffered chunks: the object ends at its closing
        // brace, whether or not stdin is closed after it.
        let mut depth = 0usize;
        let mut in_string = false;
        let mut escaped = false;
        let mut started = false;
        // Small: std zeroes a reader's whole buffer before its first read
        // (a fresh page fault for every 4 KiB of it, on every consult),
        // and a request is usually well under this; a larger one is read
        // in more turns.
        let mut input = std::io::BufReader::with_capacity(1 << 13, limited);
        loop {
            let chunk = match input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(ProtocolBreak(format!(
                        "wicket: could not read the request on stdin ({e})"
                    )))
                }
            };
            if chunk.is_empty() {
                break;
            }
            let mut used = chunk.len();
            let mut complete = false;
            let mut at = 0;
            while at < chunk.len() {
                let b = chunk[at];
                if in_string {
                    match (escaped, b) {
                        (true, _) => escaped = false,
                        (false, b'\\') => escaped = true,
                        (false, b'"') => in_string = false,
                        // Nothing in a string's plain run matters: skip to
                        // its next quote or backslash at once.
                        _ => {
                            at = memchr::memchr2(b'"', b'\\', &chunk[at..])
                                .map_or(chunk.len(), |n| at + n);
                            continue;
                        }
                    }
                    at += 1;
                    continue;
                }
                match b {
                    b'"' => in_string = true,
                    b'{' | b'[' => {
                        depth += 1;
                        started = true;
                    }
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if started && depth == 0 {
                            used = at + 1;
                            complete = true;
                            break;
                        }
                    }
                    _ => {}
                }
                at += 1;
            }
            if (buffer.len() + used) as u64 > max {
                return Err(ProtocolBreak(format!(
                    "wicket: the request on stdin is larger than the {} MiB wicket reads",
                    max >> 20
                )));
            }
            buffer.extend_from_slice(&chunk[..used]);
            input.consume(used);
            if complete {
                break;
            }
        }
        let text = String::from_utf8(buffer)
            .map_err(|_| ProtocolBreak("wicket: the request on stdin is not UTF-8 text".into()))?;
        Request::parse(&text)
    }

    /// Parse the request text. Every field this reads is required; unknown
    /// fields are ignored.
    pub fn parse(text: &str) -> Result<Request, ProtocolBreak> {
        let value: Value = serde_json::from_str(text).map_err(|e| {
            ProtocolBreak(format!(
                "wicket: the request on stdin is not one JSON object ({e})"
            ))
        })?;
        let Value::Object(fields) = &value else {
            return Err(ProtocolBreak(
                "wicket: the request on stdin must be a JSON object with id, name, input, role and agent_id".into(),
            ));
        };
        let text_field = |key: &str| -> Result<String, ProtocolBreak> {
            match fields.get(key) {
                Some(Value::String(s)) => Ok(s.clone()),
                Some(other) => Err(ProtocolBreak(format!(
                    "wicket: the request's `{key}` must be a string, not {}",
                    kind(other)
                ))),
                None => Err(ProtocolBreak(format!(
                    "wicket: the request has no `{key}` field"
                ))),
            }
        };
        let request = Request {
            id: text_field("id")?,
            name: text_field("name")?,
            input: fields
                .get("input")
                .cloned()
                .ok_or_else(|| ProtocolBreak("wicket: the request has no `input` field".into()))?,
            role: text_field("role")?,
            agent_id: text_field("agent_id")?,
        };
        Ok(request)
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The control's answer, in litany's vocabulary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The call runs.
    Pass,
    /// The call never runs; the reason reaches the model as an error result.
    Refuse(String),
    /// The call parks before it runs until the operator answers.
    Hold(String),
}

impl Verdict {
    /// The one JSON line litany parses (without the newline).
    pub fn line(&self) -> String {
        match self {
            Verdict::Pass => json!({ "verdict": "pass" }).to_string(),
            Verdict::Refuse(reason) => {
                json!({ "verdict": "refuse", "reason": non_empty(reason) }).to_string()
            }
            Verdict::Hold(reason) => {
                json!({ "verdict": "hold", "reason": non_empty(reason) }).to_string()
            }
        }
    }

    /// The verdict's word.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Refuse(_) => "refuse",
            Verdict::Hold(_) => "hold",
        }
    }
}

fn non_empty(reason: &str) -> &str {
    if reason.trim().is_empty() {
        "wicket gave no reason"
    } else {
        reason
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_request_parses_and_unknown_fields_are_ignored() {
        let r = Request::parse(r#"{"id":"t1","name":"bash","input":{"command":"ls"},"role":"main","agent_id":"a","extra":[1]}"#)
            .unwrap();
        assert_eq!(r.name, "bash");
        assert_eq!(r.input["command"], "ls");
    }

    #[test]
    fn missing_or_mistyped_fields_are_protocol_breaks() {
        for (text, needle) in [
            (
                r#"{"name":"bash","input":{},"role":"r","agent_id":"a"}"#,
                "no `id`",
            ),
            (
                r#"{"id":1,"name":"bash","input":{},"role":"r","agent_id":"a"}"#,
                "`id` must be a string, not a number",
            ),
            (
                r#"{"id":"1","name":"bash","role":"r","agent_id":"a"}"#,
                "no `input`",
            ),
            (r#"[1,2]"#, "must be a JSON object"),
            (r#"{"id":"1","#, "not one JSON object"),
            ("", "not one JSON object"),
        ] {
            let err = Request::parse(text).unwrap_err();
            assert!(err.0.contains(needle), "{text}: {}", err.0);
        }
    }

    #[test]
    fn a_pass_has_no_reason_key_and_others_always_one() {
        assert_eq!(Verdict::Pass.line(), r#"{"verdict":"pass"}"#);
        assert_eq!(
            Verdict::Hold("x".into()).line(),
            r#"{"reason":"x","verdict":"hold"}"#
        );
        assert!(Verdict::Refuse(" ".into())
            .line()
            .contains("wicket gave no reason"));
    }
}

/// The JSON Schemas in `schemas/` say what this file does: a small validator
/// for the keywords they use, and the code's own requests and verdicts
/// against them.
#[cfg(test)]
mod schemas {
    use super::*;

    const REQUEST: &str = include_str!("../../schemas/request.schema.json");
    const VERDICT: &str = include_str!("../../schemas/verdict.schema.json");

    /// Whether `value` meets `schema` (type, required, properties,
    /// additionalProperties, const, enum, minLength, oneOf: what the schemas
    /// use; any other keyword fails the test, so it cannot be ignored).
    fn valid(schema: &Value, value: &Value) -> bool {
        let known = [
            "$schema",
            "$id",
            "title",
            "description",
            "type",
            "required",
            "properties",
            "additionalProperties",
            "const",
            "enum",
            "minLength",
            "oneOf",
        ];
        for key in schema.as_object().unwrap().keys() {
            assert!(
                known.contains(&key.as_str()),
                "the test validator does not know `{key}`"
            );
        }
        if let Some(branches) = schema.get("oneOf") {
            let matching = branches
                .as_array()
                .unwrap()
                .iter()
                .filter(|b| valid(b, value))
                .count();
            if matching != 1 {
                return false;
            }
        }
        match schema.get("type").and_then(Value::as_str) {
            Some("object") if !value.is_object() => return false,
            Some("string") if !value.is_string() => return false,
            _ => {}
        }
        if let Some(c) = schema.get("const") {
            if c != value {
                return false;
            }
        }
        if let Some(options) = schema.get("enum") {
            if !options.as_array().unwrap().contains(value) {
                return false;
            }
        }
        if let (Some(min), Some(s)) = (schema.get("minLength"), value.as_str()) {
            if (s.chars().count() as u64) < min.as_u64().unwrap() {
                return false;
            }
        }
        if let Some(fields) = value.as_object() {
            let properties = schema.get("properties").and_then(Value::as_object);
            for key in schema
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if !fields.contains_key(key.as_str().unwrap()) {
                    return false;
                }
            }
            for (key, field) in fields {
                match properties.and_then(|p| p.get(key)) {
                    Some(sub) if !valid(sub, field) => return false,
                    Some(_) => {}
                    None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                        return false
                    }
                    None => {}
                }
            }
        }
        true
    }

    fn sample() -> Value {
        json!({"id": "toolu_1", "name": "bash", "input": {"command": "ls"}, "role": "worker", "agent_id": "20261129T181730Z-1c32bb5e"})
    }

    #[test]
    fn the_request_schema_is_what_parse_reads() {
        let schema: Value = serde_json::from_str(REQUEST).unwrap();
        let required: Vec<&str> = schema["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let good = sample();
        assert!(valid(&schema, &good));
        assert!(Request::parse(&good.to_string()).is_ok());
        // Every property: missing, parse refuses exactly when it is required.
        for (key, property) in schema["properties"].as_object().unwrap() {
            let mut missing = good.clone();
            missing.as_object_mut().unwrap().remove(key);
            assert_eq!(
                Request::parse(&missing.to_string()).is_err(),
                required.contains(&key.as_str()),
                "{key}"
            );
            assert!(!valid(&schema, &missing) || !required.contains(&key.as_str()));
            // A string property of another type: both refuse it.
            if property["type"] == "string" {
                let mut wrong = good.clone();
                wrong[key] = json!(5);
                assert!(Request::parse(&wrong.to_string()).is_err(), "{key}");
                assert!(!valid(&schema, &wrong), "{key}");
            } else {
                let mut any = good.clone();
                any[key] = json!([1, null]);
                assert!(Request::parse(&any.to_string()).is_ok(), "{key}");
                assert!(valid(&schema, &any), "{key}");
            }
        }
        // Every field parse requires is a required property.
        for key in ["id", "name", "input", "role", "agent_id"] {
            assert!(required.contains(&key), "{key}");
        }
        // Unknown fields: ignored by both.
        let mut extra = good.clone();
        extra["transcript"] = json!("x");
        assert!(Request::parse(&extra.to_string()).is_ok());
        assert!(valid(&schema, &extra));
    }

    #[test]
    fn every_verdict_line_meets_the_verdict_schema_and_nothing_else_does() {
        let schema: Value = serde_json::from_str(VERDICT).unwrap();
        for verdict in [
            Verdict::Pass,
            Verdict::Refuse("destructive: rm -rf /".into()),
            Verdict::Hold("opaque".into()),
            Verdict::Hold(String::new()),
        ] {
            let line: Value = serde_json::from_str(&verdict.line()).unwrap();
            assert!(valid(&schema, &line), "{line}");
            assert_eq!(line["verdict"], verdict.word());
        }
        for bad in [
            json!({"verdict": "pass", "reason": "x"}),
            json!({"verdict": "hold"}),
            json!({"verdict": "refuse", "reason": ""}),
            json!({"verdict": "allow"}),
            json!({"verdict": "hold", "reason": "x", "extra": 1}),
        ] {
            assert!(!valid(&schema, &bad), "{bad}");
        }
    }
}
