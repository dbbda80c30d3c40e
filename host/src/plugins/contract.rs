//! Which version of the `wicket:classifier` contract a plugin was built
//! against, read from the component before anything of it runs, and which
//! of the host's bindings serves it.
//!
//! The version is the package version of the `wicket:classifier/…`
//! interfaces the component imports: every component implementing the world
//! imports at least `wicket:classifier/types@<version>` (its export's
//! parameter types live there), whatever language or SDK built it, so this
//! needs nothing our SDK writes. Only the component's own top-level imports
//! are read; the core modules inside it are skipped unparsed.

/// The contract's package name.
pub const PACKAGE: &str = "wicket:classifier";

/// The newest version, the one `wicket-guest` builds against.
pub const CURRENT: &str = "0.2.0";

/// A binding the host keeps, one per contract shape it still loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binding {
    /// `wit/v0.1.1`: serves 0.1.0 and 0.1.1.
    V0_1,
    /// `wit/v0.2.0`.
    V0_2,
}

/// Every version this wicket loads, oldest first, with its binding.
pub const SUPPORTED: &[(&str, Binding)] = &[
    ("0.1.0", Binding::V0_1),
    ("0.1.1", Binding::V0_1),
    ("0.2.0", Binding::V0_2),
];

/// A plugin's contract as read from its component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contract {
    pub version: String,
    pub binding: Binding,
}

/// Why a component's contract version cannot be served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A version this wicket has no binding for.
    Unsupported(String),
    /// It imports no `wicket:classifier` interface at all.
    Absent,
    /// It imports one without a version.
    Unversioned(String),
    /// It imports interfaces of two versions.
    Mixed(String, String),
    /// Its top level could not be parsed.
    Unparsable(String),
}

/// The supported versions as a sentence would list them: `0.1.0, 0.1.1 and 0.2.0`.
pub fn supported_list() -> String {
    let versions: Vec<&str> = SUPPORTED.iter().map(|(v, _)| *v).collect();
    match versions.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl Problem {
    /// What is wrong, as a clause after "plugin X": naming both the
    /// plugin's version and the ones this wicket supports.
    pub fn clause(&self) -> String {
        let supported = supported_list();
        match self {
            Problem::Unsupported(v) => format!(
                "was built against contract {PACKAGE}@{v}, and this wicket supports only {supported}"
            ),
            Problem::Absent => format!(
                "imports no {PACKAGE} interface, so it names no contract version (this wicket supports {supported})"
            ),
            Problem::Unversioned(name) => format!(
                "imports {name} without a version (this wicket supports {supported})"
            ),
            Problem::Mixed(a, b) => format!(
                "imports both {PACKAGE}@{a} and @{b} (one plugin is built against one version; this wicket supports {supported})"
            ),
            Problem::Unparsable(e) => format!("is not a component wicket can read ({e})"),
        }
    }

    /// What the author or operator can do about it.
    pub fn remedy(&self) -> String {
        match self {
            Problem::Unsupported(v) => format!(
                "rebuild it against one of those (wicket-guest {CURRENT} builds against {CURRENT}), or use a wicket that supports {v}"
            ),
            _ => format!("build it against the {PACKAGE} WIT of one of those versions"),
        }
    }
}

/// The contract named by a component's top-level import names.
pub fn from_imports<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Contract, Problem> {
    let mut found: Option<&str> = None;
    for name in names {
        let Some(rest) = name.strip_prefix(PACKAGE) else {
            continue;
        };
        if !rest.starts_with('/') {
            continue;
        }
        let Some((_, version)) = rest.split_once('@') else {
            return Err(Problem::Unversioned(name.to_owned()));
        };
        match found {
            Some(seen) if seen != version => {
                return Err(Problem::Mixed(seen.to_owned(), version.to_owned()))
            }
            _ => found = Some(version),
        }
    }
    let version = found.ok_or(Problem::Absent)?;
    SUPPORTED
        .iter()
        .find(|(v, _)| *v == version)
        .map(|(v, binding)| Contract {
            version: (*v).to_owned(),
            binding: *binding,
        })
        .ok_or_else(|| Problem::Unsupported(version.to_owned()))
}

/// The names a component imports at its top level (not those of the core
/// modules or components nested in it, which are skipped unparsed).
pub fn import_names(bytes: &[u8]) -> Result<Vec<String>, String> {
    top_level(bytes).map(|names| names.imports)
}

/// What a component names at its top level.
#[derive(Debug, Default)]
pub struct TopLevel {
    pub imports: Vec<String>,
    pub exports: Vec<String>,
}

/// The names a component imports and exports at its top level; the core
/// modules and components nested in it are skipped unparsed.
pub fn top_level(bytes: &[u8]) -> Result<TopLevel, String> {
    use wasmparser::{Chunk, Parser, Payload};
    let mut parser = Parser::new(0);
    let mut data = bytes;
    let mut names = TopLevel::default();
    loop {
        let (payload, consumed) = match parser.parse(data, true).map_err(|e| e.to_string())? {
            Chunk::Parsed { payload, consumed } => (payload, consumed),
            Chunk::NeedMoreData(_) => return Err("the file ends early".into()),
        };
        data = &data[consumed..];
        match payload {
            Payload::Version { encoding, .. } if encoding != wasmparser::Encoding::Component => {
                return Err("it is a core module, not a component".into())
            }
            Payload::ComponentImportSection(reader) => {
                for import in reader {
                    let name = import.map_err(|e| e.to_string())?.name.name;
                    names.imports.push(name.to_owned());
                }
            }
            Payload::ComponentExportSection(reader) => {
                for export in reader {
                    let name = export.map_err(|e| e.to_string())?.name.name;
                    names.exports.push(name.to_owned());
                }
            }
            Payload::ModuleSection {
                unchecked_range, ..
            }
            | Payload::ComponentSection {
                unchecked_range, ..
            } => {
                let skip = unchecked_range.end - unchecked_range.start;
                if skip > data.len() {
                    return Err("a nested module runs past the end of the file".into());
                }
                data = &data[skip..];
            }
            Payload::End(_) => return Ok(names),
            _ => {}
        }
    }
}

/// The contract a component's bytes implement.
pub fn of_component(bytes: &[u8]) -> Result<Contract, Problem> {
    let names = import_names(bytes).map_err(Problem::Unparsable)?;
    from_imports(names.iter().map(String::as_str))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_comes_from_the_contract_imports() {
        let c = from_imports(["wasi:cli/stdout@0.2.6", "wicket:classifier/types@0.1.1"]).unwrap();
        assert_eq!((c.version.as_str(), c.binding), ("0.1.1", Binding::V0_1));
        let c = from_imports([
            "wicket:classifier/types@0.2.0",
            "wicket:classifier/host@0.2.0",
        ])
        .unwrap();
        assert_eq!(c.binding, Binding::V0_2);
        assert_eq!(
            from_imports(["wicket:classifier/types@0.9.0"]),
            Err(Problem::Unsupported("0.9.0".into()))
        );
        assert_eq!(from_imports(["wasi:io/error@0.2.0"]), Err(Problem::Absent));
        assert!(matches!(
            from_imports(["wicket:classifier/types"]),
            Err(Problem::Unversioned(_))
        ));
        assert!(matches!(
            from_imports([
                "wicket:classifier/types@0.1.1",
                "wicket:classifier/host@0.2.0"
            ]),
            Err(Problem::Mixed(..))
        ));
        // Another package that merely starts the same way is not the contract.
        assert_eq!(
            from_imports([
                "wicket:classifier-extra/x@9.0.0",
                "wicket:classifier/types@0.2.0"
            ])
            .unwrap()
            .version,
            "0.2.0"
        );
    }

    #[test]
    fn a_refusal_names_both_versions() {
        let clause = Problem::Unsupported("0.9.0".into()).clause();
        assert!(clause.contains("wicket:classifier@0.9.0"), "{clause}");
        assert!(clause.contains("0.1.0, 0.1.1 and 0.2.0"), "{clause}");
    }

    #[test]
    fn the_embedded_default_classifier_is_current() {
        let c = of_component(super::super::DEFAULT_CLASSIFIER).unwrap();
        assert_eq!(c.version, CURRENT);
        assert_eq!(wicket_guest::CONTRACT_VERSION, CURRENT);
    }
}
