//! A JSON Schema validator for the keywords the schemas in `schemas/` use,
//! and no others: a schema with a keyword it does not know fails the test
//! rather than being half-checked. Every object a schema describes with
//! `properties` must say `additionalProperties: false`, so a field the code
//! adds without the schema is an error, not a pass.

use std::path::PathBuf;

use serde_json::Value;

/// The repository's `schemas/` directory.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("schemas")
}

/// A schema file by name (`status.schema.json`), parsed.
pub fn load(name: &str) -> Value {
    let path = dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let schema: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    check_closed(&schema, name);
    schema
}

const KNOWN: &[&str] = &[
    "$schema",
    "$id",
    "$defs",
    "$ref",
    "title",
    "description",
    "type",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "const",
    "enum",
    "minLength",
    "minimum",
    "oneOf",
    "anyOf",
];

/// Every keyword is one this validator knows, and every object with
/// `properties` is closed.
fn check_closed(schema: &Value, at: &str) {
    let Some(map) = schema.as_object() else {
        assert!(
            schema.is_boolean(),
            "{at}: a schema is an object or a boolean"
        );
        return;
    };
    for key in map.keys() {
        assert!(
            KNOWN.contains(&key.as_str()),
            "{at}: the test's validator does not know `{key}`"
        );
    }
    if map.contains_key("properties") {
        assert_eq!(
            map.get("additionalProperties"),
            Some(&Value::Bool(false)),
            "{at}: an object with properties must be closed (additionalProperties: false)"
        );
    }
    for (key, sub) in map {
        match key.as_str() {
            "properties" | "$defs" => {
                for (name, s) in sub.as_object().unwrap() {
                    check_closed(s, &format!("{at}/{key}/{name}"));
                }
            }
            "items" | "additionalProperties" => check_closed(sub, &format!("{at}/{key}")),
            "oneOf" | "anyOf" => {
                for (i, s) in sub.as_array().unwrap().iter().enumerate() {
                    check_closed(s, &format!("{at}/{key}/{i}"));
                }
            }
            _ => {}
        }
    }
}

/// Where `value` breaks `schema` (whose `$ref`s point into `root`), one
/// line per problem with its JSON path; empty when it is valid.
pub fn problems(root: &Value, value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    walk(root, root, value, "$", &mut out);
    out
}

/// Panic with every problem when `value` does not meet the schema `name`.
pub fn assert_valid(name: &str, value: &Value) {
    let schema = load(name);
    let found = problems(&schema, value);
    assert!(
        found.is_empty(),
        "{name}: the output does not meet its schema:\n  {}\noutput: {}",
        found.join("\n  "),
        serde_json::to_string_pretty(value).unwrap()
    );
}

fn type_matches(word: &str, value: &Value) -> bool {
    match word {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        other => panic!("unknown type `{other}`"),
    }
}

fn walk(root: &Value, schema: &Value, value: &Value, at: &str, out: &mut Vec<String>) {
    if let Some(b) = schema.as_bool() {
        if !b {
            out.push(format!("{at}: nothing is allowed here"));
        }
        return;
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference
            .strip_prefix("#/$defs/")
            .unwrap_or_else(|| panic!("only #/$defs/ references are supported: {reference}"));
        let target = root["$defs"]
            .get(name)
            .unwrap_or_else(|| panic!("no $defs/{name}"));
        walk(root, target, value, at, out);
    }
    for (keyword, exactly_one) in [("oneOf", true), ("anyOf", false)] {
        if let Some(branches) = schema.get(keyword).and_then(Value::as_array) {
            let results: Vec<Vec<String>> = branches
                .iter()
                .map(|b| {
                    let mut inner = Vec::new();
                    walk(root, b, value, at, &mut inner);
                    inner
                })
                .collect();
            let matching = results.iter().filter(|r| r.is_empty()).count();
            if matching == 0 || (exactly_one && matching > 1) {
                out.push(format!(
                    "{at}: {matching} of the {keyword} branches match ({})",
                    results
                        .iter()
                        .map(|r| r.first().cloned().unwrap_or_else(|| "matches".into()))
                        .collect::<Vec<_>>()
                        .join(" | ")
                ));
            }
        }
    }
    if let Some(t) = schema.get("type") {
        let ok = match t {
            Value::String(word) => type_matches(word, value),
            Value::Array(words) => words
                .iter()
                .any(|w| type_matches(w.as_str().unwrap(), value)),
            _ => panic!("{at}: type is a word or a list of words"),
        };
        if !ok {
            out.push(format!("{at}: {value} is not of type {t}"));
            return;
        }
    }
    if let Some(c) = schema.get("const") {
        if c != value {
            out.push(format!("{at}: {value} is not {c}"));
        }
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        if !options.contains(value) {
            out.push(format!("{at}: {value} is not one of {options:?}"));
        }
    }
    if let (Some(min), Some(s)) = (schema.get("minLength"), value.as_str()) {
        if (s.chars().count() as u64) < min.as_u64().unwrap() {
            out.push(format!("{at}: shorter than {min}"));
        }
    }
    if let (Some(min), Some(n)) = (schema.get("minimum"), value.as_f64()) {
        if n < min.as_f64().unwrap() {
            out.push(format!("{at}: {n} is below {min}"));
        }
    }
    if let (Some(items), Some(array)) = (schema.get("items"), value.as_array()) {
        for (i, item) in array.iter().enumerate() {
            walk(root, items, item, &format!("{at}[{i}]"), out);
        }
    }
    if let Some(fields) = value.as_object() {
        for key in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if !fields.contains_key(key.as_str().unwrap()) {
                out.push(format!("{at}: the required field `{key}` is missing"));
            }
        }
        let properties = schema.get("properties").and_then(Value::as_object);
        for (key, field) in fields {
            match properties.and_then(|p| p.get(key)) {
                Some(sub) => walk(root, sub, field, &format!("{at}.{key}"), out),
                None => match schema.get("additionalProperties") {
                    Some(Value::Bool(false)) => out.push(format!(
                        "{at}: the field `{key}` is not in the schema (add it there, with what it means)"
                    )),
                    Some(sub) if sub.is_object() => {
                        walk(root, sub, field, &format!("{at}.{key}"), out)
                    }
                    _ => {}
                },
            }
        }
    }
}
