//! Conformance cases on the reference: the JSON of `corpus/README.md` ↔ the reference
//! stages. `Ok` is a vector's `expected`, `Err` its `expectedError` (or
//! `{"kind": "malformed", "reason": ...}` for input that does not follow the format,
//! which never appears in the corpus).

use serde_json::{json, Value};

use crate::error::RefError;
use crate::geom::Point;

mod arrangement;
mod basics;
pub mod cdt;
pub(crate) mod offset;
mod partition;
pub(crate) mod regions;

/// Outcome of one case: `Ok(expected)` or `Err(expectedError / malformed)`.
pub(crate) type CaseResult = Result<Value, Value>;

/// An area's dispatcher: `None` when the op is not one of its ops.
type Area = fn(&str, &Value) -> Option<CaseResult>;

/// Runs one `input` object (it names its `op`) on the reference.
pub fn run_case(input: &Value) -> Result<Value, Value> {
    let op = input
        .get("op")
        .and_then(Value::as_str)
        .ok_or_else(|| malformed("missing string field `op`"))?;
    // Each area adds one line here.
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

/// True when an error value is the malformed-case marker (not a reference error).
pub fn is_malformed(error: &Value) -> bool {
    error.get("kind").and_then(Value::as_str) == Some("malformed")
}

/// The malformed-case error value.
pub(crate) fn malformed(reason: impl Into<String>) -> Value {
    json!({"kind": "malformed", "reason": reason.into()})
}

/// A reference error as its `expectedError` JSON.
pub(crate) fn ref_error(e: RefError) -> Value {
    e.to_json()
}

/// A required field.
pub(crate) fn field<'a>(input: &'a Value, name: &str) -> Result<&'a Value, Value> {
    input
        .get(name)
        .ok_or_else(|| malformed(format!("missing field `{name}`")))
}

/// An f64 in the format's encoding (number or "NaN" / "Infinity" / "-Infinity").
pub(crate) fn parse_f64(v: &Value) -> Result<f64, Value> {
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

/// An integer.
pub(crate) fn parse_i64(v: &Value) -> Result<i64, Value> {
    v.as_i64()
        .ok_or_else(|| malformed(format!("not an integer: {v}")))
}

/// A list.
pub(crate) fn parse_array(v: &Value) -> Result<&Vec<Value>, Value> {
    v.as_array()
        .ok_or_else(|| malformed(format!("not a list: {v}")))
}

/// Snap bits as given: any integer; values outside 0..=255 become 255 so that the API's
/// range check (X4) reports them as an invalid `snap_bits`.
pub(crate) fn parse_snap_bits(v: &Value) -> Result<u8, Value> {
    Ok(u8::try_from(parse_i64(v)?).unwrap_or(u8::MAX))
}

/// Largest grid coordinate magnitude of the region stages, 2^39 ([G4]).
pub(crate) const MAX_GRID: i64 = 1 << 39;

/// Largest grid coordinate magnitude accepted by `orient` / `inCircle`, 2^53.
pub(crate) const MAX_PREDICATE_GRID: i64 = 1 << 53;

/// A grid point `[x, y]` with both coordinates within ±`bound`, else malformed.
pub(crate) fn parse_point_within(v: &Value, bound: i64) -> Result<Point, Value> {
    let a = parse_array(v)?;
    if a.len() != 2 {
        return Err(malformed(format!("not a point: {v}")));
    }
    let (x, y) = (parse_i64(&a[0])?, parse_i64(&a[1])?);
    if x.unsigned_abs() > bound.unsigned_abs() || y.unsigned_abs() > bound.unsigned_abs() {
        return Err(malformed(format!("grid point {v} beyond ±{bound}")));
    }
    Ok(Point { x, y })
}

/// `[x, y]` of a grid point.
pub(crate) fn point_json(p: Point) -> Value {
    json!([p.x, p.y])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(v: Value) -> Result<Value, Value> {
        run_case(&v)
    }

    #[test]
    fn dispatch_and_malformed() {
        assert!(is_malformed(&run(json!({"op": "nope"})).unwrap_err()));
        assert!(is_malformed(&run(json!({"points": []})).unwrap_err()));
        assert!(is_malformed(
            &run(json!({"op": "orient", "points": [[0, 0], [1, 0]]})).unwrap_err()
        ));
        // Tags other than 0, 1, 2 are not part of the format.
        let edge = json!({"from": [0, 0], "to": [1, 0], "tag": 3});
        assert!(is_malformed(
            &run(json!({"op": "arrangement", "edges": [edge]})).unwrap_err()
        ));
    }

    #[test]
    fn point_bounds_per_op() {
        let m = 1i64 << 53;
        // orient accepts ±2^53, rejects 2^53 + 1.
        assert_eq!(
            run(json!({"op": "orient", "points": [[0, 0], [m, m], [m, m - 1]]})),
            Ok(json!({"sign": -1}))
        );
        assert!(run(json!({"op": "orient", "points": [[0, 0], [m + 1, 0], [0, 1]]})).is_err());
        // pixel / crossing / arrangement accept ±2^39 only.
        let g = 1i64 << 39;
        assert_eq!(
            run(json!({"op": "pixel", "segment": [[-g, -g], [g, g]], "pixel": [g, g]})),
            Ok(json!({"meets": true}))
        );
        let beyond = json!({"op": "pixel", "segment": [[-g - 1, 0], [0, 0]], "pixel": [0, 0]});
        assert!(is_malformed(&run(beyond).unwrap_err()));
        let edge = json!({"from": [0, 0], "to": [g + 1, 0], "tag": 0});
        assert!(is_malformed(
            &run(json!({"op": "arrangement", "edges": [edge]})).unwrap_err()
        ));
    }

    #[test]
    fn snap_errors_name_the_value() {
        assert_eq!(
            run(json!({"op": "snap", "snapBits": 16, "values": [1.0, "NaN"]})),
            Err(json!({"kind": "outOfRange",
                "location": {"kind": "argument", "name": "values[1]"}, "value": "NaN"}))
        );
        assert_eq!(
            run(json!({"op": "snap", "snapBits": 17, "values": ["NaN"]})),
            Err(json!({"kind": "invalidArgument", "argument": "snap_bits"}))
        );
        // 2.5 · 2^0 ties to 2; 0.1 · 2^16 = 6553.6… → 6554.
        assert_eq!(
            run(json!({"op": "snap", "snapBits": 0, "values": [2.5]})),
            Ok(json!({"grid": [2]}))
        );
        assert_eq!(
            run(json!({"op": "snap", "snapBits": 16, "values": [0.1]})),
            Ok(json!({"grid": [6554]}))
        );
    }

    #[test]
    fn crossing_and_arrangement_shapes() {
        // Crossing of (0,0)–(1,1) and (0,1)–(1,0) at (1/2, 1/2) → (1, 1).
        assert_eq!(
            run(json!({"op": "crossing", "segments": [[[0, 0], [1, 1]], [[0, 1], [1, 0]]]})),
            Ok(json!({"proper": true, "rounded": [1, 1]}))
        );
        assert_eq!(
            run(json!({"op": "crossing", "segments": [[[0, 0], [2, 0]], [[1, 0], [1, 1]]]})),
            Ok(json!({"proper": false, "rounded": null}))
        );
        // A T-junction: vertices (0,0), (1,0), (1,1), (2,0); the stem runs down (−1).
        let edges = json!([
            {"from": [0, 0], "to": [2, 0], "tag": 0},
            {"from": [1, 1], "to": [1, 0], "tag": 1}
        ]);
        assert_eq!(
            run(json!({"op": "arrangement", "edges": edges})),
            Ok(json!({
                "vertices": [[0, 0], [1, 0], [1, 1], [2, 0]],
                "segments": [[0, 1, 1, 0], [1, 2, 0, -1], [1, 3, 1, 0]]
            }))
        );
    }
}
