//! Conformance cases: the JSON format of `corpus/README.md` ↔ the typed API.
//!
//! `run_case` is what the corpus replay, the differential harness and `build2d run`
//! call. Each pipeline area adds its ops in its own submodule.

use serde_json::{json, Value};

use crate::error::{Error, Location};
use crate::grid::GridPoint;

mod arrangement;
mod basics;
mod cdt;
mod offset;
mod partition;
mod regions;

/// An error of the conformance layer: either the engine's own error (a legitimate
/// `expectedError`) or a malformed case.
#[derive(Debug, Clone, PartialEq)]
pub enum CaseError {
    /// The engine returned this error.
    Engine(Error),
    /// The input JSON does not follow the format.
    Malformed(String),
}

impl From<Error> for CaseError {
    fn from(e: Error) -> Self {
        CaseError::Engine(e)
    }
}

/// Result of one case.
pub type CaseResult = Result<Value, CaseError>;

/// One area's dispatcher: `None` when the op is not its own.
type Area = fn(&str, &Value) -> Option<CaseResult>;

/// Runs one `input` object (it names its `op`) on the engine.
pub fn run_case(input: &Value) -> CaseResult {
    let op = input
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
        if let Some(result) = area(op, input) {
            return result;
        }
    }
    Err(malformed(format!("unknown op `{op}`")))
}

/// Runs a case and renders the outcome as the vector's `expected` or `expectedError`
/// object: `Ok(expected)` / `Err(expectedError)`. Malformed input is `Err` with kind
/// `malformed` (never part of the corpus).
pub fn run_case_json(input: &Value) -> Result<Value, Value> {
    match run_case(input) {
        Ok(v) => Ok(v),
        Err(CaseError::Engine(e)) => Err(error_json(&e)),
        Err(CaseError::Malformed(m)) => Err(json!({"kind": "malformed", "reason": m})),
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

/// The conformance JSON of a location.
pub fn location_json(l: &Location) -> Value {
    serde_json::to_value(l).unwrap_or(Value::Null)
}

/// The `expectedError` object of an engine error.
pub fn error_json(e: &Error) -> Value {
    match e {
        Error::OutOfRange { location, value } => json!({
            "kind": "outOfRange", "location": location_json(location), "value": f64_json(*value)
        }),
        Error::InvalidArgument {
            argument, location, ..
        } => {
            let mut v = json!({"kind": "invalidArgument", "argument": argument});
            if let Some(l) = location {
                v["location"] = location_json(l);
            }
            v
        }
        Error::SnapBitsMismatch { left, right } => {
            json!({"kind": "snapBitsMismatch", "left": left, "right": right})
        }
        Error::GeometryDefect { .. } => json!({"kind": "geometryDefect"}),
    }
}

// ---- input parsing helpers -------------------------------------------------------

/// A required field.
pub fn field<'a>(input: &'a Value, name: &str) -> Result<&'a Value, CaseError> {
    input
        .get(name)
        .ok_or_else(|| malformed(format!("missing field `{name}`")))
}

/// An f64 in the format's encoding (number or "NaN"/"Infinity"/"-Infinity").
pub fn parse_f64(v: &Value) -> Result<f64, CaseError> {
    match v {
        Value::Number(n) => n
            .as_f64()
            .ok_or_else(|| malformed(format!("not an f64: {n}"))),
        Value::String(s) => match s.as_str() {
            "NaN" => Ok(f64::NAN),
            "Infinity" => Ok(f64::INFINITY),
            "-Infinity" => Ok(f64::NEG_INFINITY),
            _ => Err(malformed(format!("not an f64: {s:?}"))),
        },
        _ => Err(malformed(format!("not an f64: {v}"))),
    }
}

/// An integer field value.
pub fn parse_i64(v: &Value) -> Result<i64, CaseError> {
    v.as_i64()
        .ok_or_else(|| malformed(format!("not an integer: {v}")))
}

/// A non-negative integer.
pub fn parse_usize(v: &Value) -> Result<usize, CaseError> {
    v.as_u64()
        .and_then(|u| usize::try_from(u).ok())
        .ok_or_else(|| malformed(format!("not a non-negative integer: {v}")))
}

/// A list.
pub fn parse_array(v: &Value) -> Result<&Vec<Value>, CaseError> {
    v.as_array()
        .ok_or_else(|| malformed(format!("not a list: {v}")))
}

/// A grid point `[x, y]` of integers.
pub fn parse_grid_point(v: &Value) -> Result<GridPoint, CaseError> {
    let a = parse_array(v)?;
    if a.len() != 2 {
        return Err(malformed(format!("not a point: {v}")));
    }
    Ok(GridPoint::new(parse_i64(&a[0])?, parse_i64(&a[1])?))
}

/// Largest grid coordinate magnitude accepted by the region stages, 2^39 ([G4]).
pub const MAX_GRID: i64 = 1 << 39;

/// A grid point with both coordinates within ±`bound` (the format's limit for the op).
pub fn parse_grid_point_within(v: &Value, bound: i64) -> Result<GridPoint, CaseError> {
    let p = parse_grid_point(v)?;
    if p.x.abs() > bound || p.y.abs() > bound {
        return Err(malformed(format!("grid point {v} beyond ±{bound}")));
    }
    Ok(p)
}

/// A public point `[x, y]` of f64.
pub fn parse_f64_point(v: &Value) -> Result<[f64; 2], CaseError> {
    let a = parse_array(v)?;
    if a.len() != 2 {
        return Err(malformed(format!("not a point: {v}")));
    }
    Ok([parse_f64(&a[0])?, parse_f64(&a[1])?])
}

/// Snap bits as given (range checked by the API, not here): any integer 0..=255.
pub fn parse_snap_bits(v: &Value) -> Result<u8, CaseError> {
    let n = parse_i64(v)?;
    Ok(u8::try_from(n).unwrap_or(u8::MAX))
}

/// `[x, y]` of a grid point.
pub fn grid_point_json(p: GridPoint) -> Value {
    json!([p.x, p.y])
}

/// A `RegionInput` (`{"snapBits", "outlines"}`) resolved with `Region::from_outlines`.
pub fn parse_region_input(v: &Value) -> Result<crate::Region, CaseError> {
    let snap_bits = parse_snap_bits(field(v, "snapBits")?)?;
    let outlines = parse_outlines(field(v, "outlines")?)?;
    let options = crate::Geometry2DOptions { snap_bits };
    Ok(crate::Region::from_outlines(&outlines, options)?)
}

/// Outlines: a list of outlines, each a list of rings, each a list of `[x, y]` f64.
pub fn parse_outlines(v: &Value) -> Result<Vec<crate::region::Outline>, CaseError> {
    parse_array(v)?
        .iter()
        .map(|outline| {
            let rings = parse_array(outline)?
                .iter()
                .map(|ring| parse_array(ring)?.iter().map(parse_f64_point).collect())
                .collect::<Result<Vec<_>, _>>()?;
            Ok(crate::region::Outline { rings })
        })
        .collect()
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
