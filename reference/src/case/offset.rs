//! Conformance ops `offset` and `shrink` (corpus/README.md) for the reference.
//!
//! Malformed JSON (a missing or mistyped field) is reported as an invalid argument naming
//! the JSON field; the spec's argument checks follow X3's order.

use serde_json::{json, Value};

use crate::error::RefError;
use crate::geom::Region;
use crate::offset::{self, Join};
use crate::region;
use crate::shrink;

/// Runs `offset` / `shrink`; `None` for any other op. `Err` is the expectedError JSON.
pub(crate) fn run(op: &str, input: &Value) -> Option<Result<Value, Value>> {
    let result = match op {
        "offset" => run_offset(input),
        "shrink" => run_shrink(input),
        _ => return None,
    };
    Some(result.map_err(|e| e.to_json()))
}

fn malformed(field: &str) -> RefError {
    RefError::InvalidArgument {
        argument: field.to_string(),
        location: None,
    }
}

/// An f64 in the conformance encoding: a JSON number or "NaN" / "Infinity" / "-Infinity".
fn parse_f64(value: &Value, field: &str) -> Result<f64, RefError> {
    match value {
        Value::Number(n) => n.as_f64().ok_or_else(|| malformed(field)),
        Value::String(s) => match s.as_str() {
            "NaN" => Ok(f64::NAN),
            "Infinity" => Ok(f64::INFINITY),
            "-Infinity" => Ok(f64::NEG_INFINITY),
            _ => Err(malformed(field)),
        },
        _ => Err(malformed(field)),
    }
}

fn field_f64(input: &Value, field: &str) -> Result<f64, RefError> {
    parse_f64(input.get(field).ok_or_else(|| malformed(field))?, field)
}

fn parse_list<'a>(value: &'a Value, field: &str) -> Result<&'a Vec<Value>, RefError> {
    value.as_array().ok_or_else(|| malformed(field))
}

/// `RegionInput = { snapBits, outlines }` resolved with fromOutlines.
fn parse_region_input(value: &Value) -> Result<Region, RefError> {
    let snap_bits = value
        .get("snapBits")
        .and_then(Value::as_i64)
        .ok_or_else(|| malformed("snapBits"))?;
    if !(0..=16).contains(&snap_bits) {
        return Err(RefError::InvalidArgument {
            argument: "snap_bits".to_string(),
            location: None,
        });
    }
    let outlines_json = value.get("outlines").ok_or_else(|| malformed("outlines"))?;
    let mut outlines = Vec::new();
    for outline in parse_list(outlines_json, "outlines")? {
        let mut rings = Vec::new();
        for ring in parse_list(outline, "outlines")? {
            let mut points = Vec::new();
            for point in parse_list(ring, "outlines")? {
                let xy = parse_list(point, "outlines")?;
                if xy.len() != 2 {
                    return Err(malformed("outlines"));
                }
                points.push([
                    parse_f64(&xy[0], "outlines")?,
                    parse_f64(&xy[1], "outlines")?,
                ]);
            }
            rings.push(points);
        }
        outlines.push(rings);
    }
    region::from_outlines(&outlines, snap_bits as u8)
}

/// `Region = { snapBits, rings: [[[X, Y], ...], ...] }`.
fn region_json(region: &Region) -> Value {
    let rings: Vec<Value> = region
        .rings
        .iter()
        .map(|ring| Value::Array(ring.iter().map(|p| json!([p.x, p.y])).collect()))
        .collect();
    json!({"snapBits": region.snap_bits, "rings": rings})
}

fn run_offset(input: &Value) -> Result<Value, RefError> {
    let region = parse_region_input(input.get("region").ok_or_else(|| malformed("region"))?)?;
    // X3 order: distance, join, arc tolerance (offset() checks distance again, harmlessly).
    let distance = field_f64(input, "distance")?;
    offset::validate_distance(distance)?;
    let join = match input.get("join").and_then(Value::as_str) {
        Some("round") => Join::Round,
        Some("square") => Join::Square,
        _ => {
            return Err(RefError::InvalidArgument {
                argument: "join".to_string(),
                location: None,
            })
        }
    };
    let arc_tolerance = field_f64(input, "arcTolerance")?;
    offset::offset(&region, distance, join, arc_tolerance).map(|r| region_json(&r))
}

fn run_shrink(input: &Value) -> Result<Value, RefError> {
    let region = parse_region_input(input.get("region").ok_or_else(|| malformed("region"))?)?;
    let radius = field_f64(input, "radius")?;
    let arc_tolerance = field_f64(input, "arcTolerance")?;
    shrink::shrink(&region, radius, arc_tolerance).map(|r| region_json(&r))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square_input() -> Value {
        json!({"snapBits": 0, "outlines": [[[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]]]})
    }

    #[test]
    fn other_ops_are_not_ours() {
        assert!(run("union", &json!({})).is_none());
    }

    #[test]
    #[ignore = "needs regions"]
    fn argument_errors_follow_x3_order() {
        let input = json!({"op": "offset", "region": square_input(), "distance": "NaN",
                           "join": "bevel", "arcTolerance": -1.0});
        assert_eq!(
            run("offset", &input),
            Some(Err(json!({"kind": "outOfRange",
                            "location": {"kind": "argument", "name": "distance"},
                            "value": "NaN"})))
        );
        let input = json!({"op": "offset", "region": square_input(), "distance": 1.0,
                           "join": "bevel", "arcTolerance": -1.0});
        assert_eq!(
            run("offset", &input),
            Some(Err(json!({"kind": "invalidArgument", "argument": "join"})))
        );
        let input = json!({"op": "shrink", "region": square_input(), "radius": -1.0,
                           "arcTolerance": 0.0});
        assert_eq!(
            run("shrink", &input),
            Some(Err(
                json!({"kind": "invalidArgument", "argument": "radius"})
            ))
        );
    }

    #[test]
    #[ignore = "needs regions"]
    fn grown_square_json() {
        let input = json!({"op": "offset", "region": square_input(), "distance": 2.0,
                           "join": "square", "arcTolerance": 0.0});
        assert_eq!(
            run("offset", &input),
            Some(Ok(
                json!({"snapBits": 0, "rings": [[[-2, -2], [6, -2], [6, 6], [-2, 6]]]})
            ))
        );
    }

    #[test]
    fn bad_snap_bits_before_the_region() {
        let input = json!({"op": "shrink", "region": {"snapBits": 17, "outlines": []},
                           "radius": 1.0, "arcTolerance": 0.0});
        assert_eq!(
            run("shrink", &input),
            Some(Err(
                json!({"kind": "invalidArgument", "argument": "snap_bits"})
            ))
        );
    }
}
