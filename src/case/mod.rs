//! Conformance cases, format v2 (`corpus/README.md`): the JSON input of one op ↔ the
//! typed API.
//!
//! `run_case` is what the corpus replay, the differential harness and `build2d run`
//! call. Every op is read in two steps: the whole input is first read into typed values
//! (anything that cannot be read is `malformed`, and nothing else is checked before it is
//! decided), then the typed checks and the op run in the order of X3. Each pipeline area
//! adds its ops in its own submodule; `read` holds the format's value rules.

use serde_json::{json, Value};

use crate::error::{Error, Location};
use crate::grid::GridPoint;

mod arrangement;
mod basics;
mod cdt;
mod compare;
pub(crate) mod offset;
mod partition;
mod read;
mod regions;
mod vectors;

pub(crate) use arrangement::{grid_edges_json, operation_name};
#[cfg(feature = "fuzzing")]
pub(crate) use cdt::triangulation_json;
pub use compare::compare_outcome;
pub use read::{
    parse_array, parse_f64, parse_f64_point, parse_grid_point, parse_i64, parse_outlines,
    read_region_input, RegionInput, RegionSource, TileMapInput,
};
pub use vectors::{
    check_vector_file, is_vector_file, vector_file_parts, vector_parts, VectorCheck, VectorFailure,
    VectorFileParts, VectorParts,
};

/// An error of the conformance layer: either the engine's own error (a legitimate
/// `expectedError`) or a malformed case.
#[derive(Debug, Clone, PartialEq)]
pub enum CaseError {
    /// The engine returned this error (argument names as in the Rust API).
    Engine(Error),
    /// The input JSON cannot be read as the op's input (v2 §2).
    Malformed(String),
}

impl From<Error> for CaseError {
    fn from(e: Error) -> Self {
        CaseError::Engine(e)
    }
}

/// Result of one case.
pub type CaseResult = Result<Value, CaseError>;

/// Result of a case whose output is a region, before it is written as JSON.
pub(crate) type RegionResult = Result<crate::Region, CaseError>;

/// One area's dispatcher: `None` when the op is not its own.
type Area = fn(&str, &read::Object) -> Option<CaseResult>;

/// Runs one `input` object (it names its `op`) on the engine.
pub fn run_case(input: &Value) -> CaseResult {
    let object = input
        .as_object()
        .ok_or_else(|| malformed("the input is not a JSON object"))?;
    let op = object
        .get("op")
        .and_then(Value::as_str)
        .ok_or_else(|| malformed("missing string field `op`"))?;
    let areas: &[Area] = &[
        basics::run,
        arrangement::run,
        regions::run,
        offset::run,
        cdt::run,
        partition::run,
    ];
    for area in areas {
        if let Some(result) = area(op, object) {
            return result;
        }
    }
    Err(malformed(format!("unknown op `{op}`")))
}

/// Runs a case whose output is a region (`fromOutlines`, `fromTileMap`, the boolean
/// operations, `offset`, `shrink`) to the typed region that [`run_case`] writes as JSON;
/// `None` for any other input. For checks of the typed value ([`crate::Region::check`]).
#[cfg(feature = "fuzzing")]
pub(crate) fn run_region_case(input: &Value) -> Option<RegionResult> {
    let object = input.as_object()?;
    let op = object.get("op")?.as_str()?;
    regions::region(op, object).or_else(|| offset::region(op, object))
}

/// Runs a case and renders the outcome as the vector's `expected` or `expectedError`
/// object: `Ok(expected)` / `Err(expectedError)`, argument and location names as the
/// input's fields ([`field_name`]). Malformed input is `Err` with kind `malformed`.
pub fn run_case_json(input: &Value) -> Result<Value, Value> {
    case_result_json(input, run_case(input))
}

/// The JSON outcome of `input`'s [`run_case`] result, as [`run_case_json`] gives it.
pub fn case_result_json(input: &Value, result: CaseResult) -> Result<Value, Value> {
    match result {
        Ok(v) => Ok(v),
        Err(CaseError::Engine(e)) => Err(error_json_in(&e, name_context(input))),
        Err(CaseError::Malformed(m)) => Err(json!({"kind": "malformed", "reason": m})),
    }
}

/// [`run_case_json`] on the text of a case: text that is not JSON (including a number
/// beyond f64, such as `1e400`) is malformed.
pub fn run_case_text(text: &str) -> Result<Value, Value> {
    match serde_json::from_str::<Value>(text) {
        Ok(input) => run_case_json(&input),
        Err(e) => Err(json!({"kind": "malformed", "reason": format!("not JSON: {e}")})),
    }
}

/// The vector form of an outcome: `{"expected": …}` or `{"expectedError": …}`.
pub fn outcome_json(outcome: &Result<Value, Value>) -> Value {
    match outcome {
        Ok(expected) => json!({ "expected": expected }),
        Err(error) => json!({ "expectedError": error }),
    }
}

/// Canonical JSON (docs/specification.md#canonical-json): no whitespace, object keys in
/// ascending byte order, integers as integers, f64 in serde_json's shortest round-trip
/// form. Keys are sorted here, not by the map type: serde_json's `preserve_order` feature
/// (which the reference crate enables) would otherwise keep insertion order.
pub fn canonical_json(v: &Value) -> String {
    let mut out = String::new();
    write_canonical(v, &mut out);
    out
}

fn write_canonical(v: &Value, out: &mut String) {
    match v {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_unstable();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_canonical(&map[key], out);
            }
            out.push('}');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

/// Shorthand for a malformed-case error.
pub fn malformed(msg: impl Into<String>) -> CaseError {
    CaseError::Malformed(msg.into())
}

/// Encodes an f64 (non-finite as strings).
pub fn f64_json(v: f64) -> Value {
    if v.is_nan() {
        json!("NaN")
    } else if v == f64::INFINITY {
        json!("Infinity")
    } else if v == f64::NEG_INFINITY {
        json!("-Infinity")
    } else {
        json!(v)
    }
}

// ---- error names ------------------------------------------------------------------

/// The one table from the Rust API's argument names to the v2 input field names (v2 §2),
/// applied to an error's `argument` and to an argument location's `name`. A row with a
/// context applies only there: `mesh` (the op, whose radius field is `agentRadius`) or
/// `gridEdges` (the arrangement given in grid coordinates). Every other name is the same
/// in both (`ring`, `width`, `height`, `cells`, `distance`, `join`, `radius`, `points`,
/// `constraints`, `edges`, `values[i]`, `points[i]`, `edges[i].from`, …).
const FIELD_NAMES: &[(&str, &str, &str)] = &[
    ("", "snap_bits", "snapBits"),
    ("", "cell_size", "cellSize"),
    ("", "arc_tolerance", "arcTolerance"),
    ("", "max_vertices", "maxVertices"),
    ("mesh", "radius", "agentRadius"),
    ("gridEdges", "edges", "gridEdges"),
];

/// The input field holding the value the Rust API calls `name`, in `context` (see
/// `FIELD_NAMES`; `""` for none).
pub fn field_name<'a>(name: &'a str, context: &str) -> &'a str {
    FIELD_NAMES
        .iter()
        .find(|(c, rust, _)| *rust == name && (c.is_empty() || *c == context))
        .map_or(name, |(_, _, field)| field)
}

/// The naming context of an input (see [`FIELD_NAMES`]).
fn name_context(input: &Value) -> &'static str {
    match input.get("op").and_then(Value::as_str) {
        Some("mesh") => "mesh",
        Some("arrangement" | "boundary") if input.get("gridEdges").is_some() => "gridEdges",
        _ => "",
    }
}

/// The conformance JSON of a location, an argument's name mapped in `context`.
pub fn location_json_in(l: &Location, context: &str) -> Value {
    let mut v = serde_json::to_value(l).unwrap_or(Value::Null);
    if let Location::Argument { name } = l {
        v["name"] = json!(field_name(name, context));
    }
    v
}

/// The conformance JSON of a location (no naming context).
pub fn location_json(l: &Location) -> Value {
    location_json_in(l, "")
}

/// The `expectedError` object of an engine error (no naming context: the names of every
/// op but `mesh` and the `gridEdges` arrangement).
pub fn error_json(e: &Error) -> Value {
    error_json_in(e, "")
}

/// The `expectedError` object of an engine error, names mapped in `context`.
pub fn error_json_in(e: &Error, context: &str) -> Value {
    match e {
        Error::OutOfRange { location, value } => json!({
            "kind": "outOfRange",
            "location": location_json_in(location, context),
            "value": f64_json(*value)
        }),
        Error::InvalidArgument {
            argument, location, ..
        } => {
            let mut v =
                json!({"kind": "invalidArgument", "argument": field_name(argument, context)});
            if let Some(l) = location {
                v["location"] = location_json_in(l, context);
            }
            v
        }
        Error::SnapBitsMismatch { left, right } => {
            json!({"kind": "snapBitsMismatch", "left": left, "right": right})
        }
        Error::GeometryDefect { .. } => json!({"kind": "geometryDefect"}),
        // No case runs with a control, so none is cancelled.
        Error::Cancelled => json!({"kind": "cancelled"}),
    }
}

// ---- outputs ----------------------------------------------------------------------

/// `[x, y]` of a grid point.
pub fn grid_point_json(p: GridPoint) -> Value {
    json!([p.x, p.y])
}

/// A `RegionInput` read and resolved (`fromOutlines` or `fromTileMap`).
pub fn parse_region_input(v: &Value) -> Result<crate::Region, CaseError> {
    Ok(read_region_input(v)?.resolve()?)
}

/// A region from a `fromOutlines` case (its `op` set aside) or a bare `RegionInput`: for
/// tests and fuzz targets that hold whole cases.
pub fn parse_region_case(v: &Value) -> Result<crate::Region, CaseError> {
    match v {
        Value::Object(o) if o.get("op").and_then(Value::as_str) == Some("fromOutlines") => {
            let mut bare = o.clone();
            bare.remove("op");
            parse_region_input(&Value::Object(bare))
        }
        _ => parse_region_input(v),
    }
}

/// The conformance JSON of a region: `{"snapBits", "rings"}`.
pub fn region_json(region: &crate::Region) -> Value {
    let rings: Vec<Value> = region
        .rings()
        .iter()
        .map(|ring| Value::Array(ring.iter().map(|p| grid_point_json(*p)).collect()))
        .collect();
    json!({ "snapBits": region.snap_bits(), "rings": rings })
}

#[cfg(test)]
mod tests;
