//! What a case answers, as conformance JSON (corpus/README.md): the error objects of X3
//! plus `malformed`, and the name mapping from the reference's Rust argument names to the
//! input's camelCase field names.

use serde::Serialize;
use serde_json::Value;

use super::real::Real;
use crate::error::RefError;

/// The one name table: a stage's snake_case argument name → the input field holding it.
/// Names not listed are already the field's name (`width`, `cells`, `distance`, `join`,
/// `radius`, `points`, `constraints`, `ring`, `values[i]`, `points[i]`, …).
const FIELD_OF_ARGUMENT: &[(&str, &str)] = &[
    ("snap_bits", "snapBits"),
    ("cell_size", "cellSize"),
    ("arc_tolerance", "arcTolerance"),
    ("max_vertices", "maxVertices"),
];

/// Per-op exceptions to [`FIELD_OF_ARGUMENT`], looked up first: the op's own field that
/// holds what the stage calls by another name.
pub type Renames = &'static [(&'static str, &'static str)];

/// No exceptions.
pub const PLAIN: Renames = &[];
/// `mesh`: the shrink's radius is the input's `agentRadius`.
pub const MESH: Renames = &[("radius", "agentRadius")];
/// `arrangement` with world edges: a bad tag is an error of `edges`.
pub const WORLD_EDGES: Renames = &[("tag", "edges")];
/// `arrangement` with grid edges: a bad tag is an error of `gridEdges`.
pub const GRID_EDGES: Renames = &[("tag", "gridEdges")];

fn field_name(api: &str, renames: Renames) -> String {
    renames
        .iter()
        .chain(FIELD_OF_ARGUMENT)
        .find(|(from, _)| *from == api)
        .map_or(api, |(_, to)| to)
        .to_string()
}

/// A location object with an `argument` location renamed; others unchanged.
fn rename_location(location: &Value, renames: Renames) -> Value {
    let mut out = location.clone();
    if out["kind"] == "argument" {
        if let Some(name) = location["name"].as_str() {
            out["name"] = Value::String(field_name(name, renames));
        }
    }
    out
}

/// The answer of a case that is not a result, tagged by `kind`.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Failure {
    /// Out of range at a location, with the value as given.
    OutOfRange {
        /// Where.
        location: Value,
        /// The offending value.
        value: Real,
    },
    /// Invalid argument: the input field holding it, and for a ring its location.
    InvalidArgument {
        /// The field's name.
        argument: String,
        /// Only for `ring`.
        #[serde(skip_serializing_if = "Option::is_none")]
        location: Option<Value>,
    },
    /// The operands' snap bits differ.
    SnapBitsMismatch {
        /// Operand a's.
        left: u8,
        /// Operand b's.
        right: u8,
    },
    /// A defect of the implementation.
    GeometryDefect,
    /// The input is not the op's input type; `reason` is never compared.
    Malformed {
        /// Human-readable.
        reason: String,
    },
}

impl Failure {
    /// A stage's error in the input's names.
    pub fn from_stage(error: RefError, renames: Renames) -> Failure {
        match error {
            RefError::OutOfRange { location, value } => Failure::OutOfRange {
                location: rename_location(&location, renames),
                value: Real(value),
            },
            RefError::InvalidArgument { argument, location } => Failure::InvalidArgument {
                argument: field_name(&argument, renames),
                location,
            },
            RefError::SnapBitsMismatch { left, right } => Failure::SnapBitsMismatch { left, right },
            RefError::GeometryDefect => Failure::GeometryDefect,
        }
    }

    /// An invalid argument named directly by its input field.
    pub fn invalid(field: &str) -> Failure {
        Failure::InvalidArgument {
            argument: field.to_string(),
            location: None,
        }
    }

    /// The conformance JSON.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// Encodes a result object (the op's `expected`).
pub fn encode<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn stage_names_become_field_names() {
        let e = RefError::InvalidArgument {
            argument: "cell_size".into(),
            location: None,
        };
        assert_eq!(
            Failure::from_stage(e, PLAIN).to_json(),
            json!({"kind": "invalidArgument", "argument": "cellSize"})
        );
        let r = RefError::OutOfRange {
            location: json!({"kind": "argument", "name": "radius"}),
            value: f64::INFINITY,
        };
        assert_eq!(
            Failure::from_stage(r, MESH).to_json(),
            json!({"kind": "outOfRange", "location": {"kind": "argument", "name": "agentRadius"},
                   "value": "Infinity"})
        );
        let v = RefError::OutOfRange {
            location: json!({"kind": "vertex", "outline": 0, "ring": 0, "vertex": 1, "axis": "x"}),
            value: 1e300,
        };
        assert_eq!(
            Failure::from_stage(v, MESH).to_json()["location"]["kind"],
            "vertex"
        );
        let tag = RefError::InvalidArgument {
            argument: "tag".into(),
            location: None,
        };
        assert_eq!(
            Failure::from_stage(tag, GRID_EDGES).to_json()["argument"],
            "gridEdges"
        );
    }
}
