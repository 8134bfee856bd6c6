//! Conformance ops `offset` and `shrink` (corpus/README.md) for the reference.
//!
//! Input that does not follow the format (a missing or mistyped field) gets the dispatcher's
//! marker `{"kind": "malformed", "reason": ...}`, never one of X3's errors; the spec's
//! argument checks follow X3's order.

use serde_json::{json, Value};

use crate::error::RefError;
use crate::geom::Region;
use crate::offset::{self, Join};
use crate::region;
use crate::shrink;

type CaseResult = Result<Value, Value>;

/// Runs `offset` / `shrink`; `None` for any other op. `Err` is the expectedError JSON.
pub(crate) fn run(op: &str, input: &Value) -> Option<CaseResult> {
    match op {
        "offset" => Some(run_offset(input)),
        "shrink" => Some(run_shrink(input)),
        _ => None,
    }
}

fn malformed(reason: impl Into<String>) -> Value {
    json!({"kind": "malformed", "reason": reason.into()})
}

fn ref_error(e: RefError) -> Value {
    e.to_json()
}

fn field<'a>(input: &'a Value, name: &str) -> Result<&'a Value, Value> {
    input
        .get(name)
        .ok_or_else(|| malformed(format!("missing field `{name}`")))
}

/// An f64 in the conformance encoding: a JSON number or "NaN" / "Infinity" / "-Infinity".
fn parse_f64(value: &Value, name: &str) -> Result<f64, Value> {
    let number = match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => match s.as_str() {
            "NaN" => Some(f64::NAN),
            "Infinity" => Some(f64::INFINITY),
            "-Infinity" => Some(f64::NEG_INFINITY),
            _ => None,
        },
        _ => None,
    };
    number.ok_or_else(|| malformed(format!("`{name}` is not an f64")))
}

fn field_f64(input: &Value, name: &str) -> Result<f64, Value> {
    parse_f64(field(input, name)?, name)
}

fn parse_list<'a>(value: &'a Value, name: &str) -> Result<&'a Vec<Value>, Value> {
    value
        .as_array()
        .ok_or_else(|| malformed(format!("`{name}` is not a list")))
}

/// `RegionInput = { snapBits, outlines }` resolved with fromOutlines. SnapBits outside
/// 0..=16 is X4's invalid argument `snap_bits`, checked before the outlines.
fn parse_region_input(value: &Value) -> Result<Region, Value> {
    let snap_bits = field(value, "snapBits")?
        .as_i64()
        .ok_or_else(|| malformed("`snapBits` is not an integer"))?;
    if !(0..=16).contains(&snap_bits) {
        return Err(ref_error(RefError::InvalidArgument {
            argument: "snap_bits".to_string(),
            location: None,
        }));
    }
    let mut outlines = Vec::new();
    for outline in parse_list(field(value, "outlines")?, "outlines")? {
        let mut rings = Vec::new();
        for ring in parse_list(outline, "outline")? {
            let mut points = Vec::new();
            for point in parse_list(ring, "ring")? {
                match parse_list(point, "point")?.as_slice() {
                    [x, y] => points.push([parse_f64(x, "x")?, parse_f64(y, "y")?]),
                    _ => return Err(malformed("a point is not [x, y]")),
                }
            }
            rings.push(points);
        }
        outlines.push(rings);
    }
    region::from_outlines(&outlines, snap_bits as u8).map_err(ref_error)
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

fn run_offset(input: &Value) -> CaseResult {
    let region = parse_region_input(field(input, "region")?)?;
    // X3 order: distance, join, arc tolerance (offset() checks distance again, harmlessly).
    let distance = field_f64(input, "distance")?;
    offset::validate_distance(distance).map_err(ref_error)?;
    let join = match field(input, "join")?.as_str() {
        Some("round") => Join::Round,
        Some("square") => Join::Square,
        Some(_) => {
            return Err(ref_error(RefError::InvalidArgument {
                argument: "join".to_string(),
                location: None,
            }))
        }
        None => return Err(malformed("`join` is not a string")),
    };
    let arc_tolerance = field_f64(input, "arcTolerance")?;
    let result = offset::offset(&region, distance, join, arc_tolerance).map_err(ref_error)?;
    Ok(region_json(&result))
}

fn run_shrink(input: &Value) -> CaseResult {
    let region = parse_region_input(field(input, "region")?)?;
    let radius = field_f64(input, "radius")?;
    let arc_tolerance = field_f64(input, "arcTolerance")?;
    let result = shrink::shrink(&region, radius, arc_tolerance).map_err(ref_error)?;
    Ok(region_json(&result))
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
    fn malformed_input_is_marked() {
        let input = json!({"op": "shrink", "region": {"snapBits": 0}, "radius": 1.0,
                           "arcTolerance": 0.0});
        assert_eq!(
            run("shrink", &input).unwrap().unwrap_err()["kind"],
            "malformed"
        );
        let input = json!({"op": "offset", "region": {"snapBits": 0, "outlines": [[[[1.0]]]]},
                           "distance": 1.0, "join": "round", "arcTolerance": 0.0});
        assert_eq!(
            run("offset", &input).unwrap().unwrap_err()["kind"],
            "malformed"
        );
    }

    #[test]
    fn malformed_arguments_after_the_region() {
        let input = json!({"op": "shrink", "region": square_input(), "arcTolerance": 0.0});
        assert_eq!(
            run("shrink", &input).unwrap().unwrap_err()["kind"],
            "malformed"
        );
        let input = json!({"op": "offset", "region": square_input(), "distance": 1.0,
                           "join": 3, "arcTolerance": 0.0});
        assert_eq!(
            run("offset", &input).unwrap().unwrap_err()["kind"],
            "malformed"
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
