//! Ops `cdt` and `triangulate` (docs/cdt.md section 7, corpus/README.md).

use serde_json::{json, Value};

use crate::cdt::triangulate_points;
use crate::geom::Point;
use crate::triangulate::triangulate;

fn malformed(reason: impl Into<String>) -> Value {
    json!({"kind": "malformed", "reason": reason.into()})
}

fn field<'a>(input: &'a Value, name: &str) -> Result<&'a Value, Value> {
    input
        .get(name)
        .ok_or_else(|| malformed(format!("missing field `{name}`")))
}

fn array(v: &Value) -> Result<&Vec<Value>, Value> {
    v.as_array()
        .ok_or_else(|| malformed(format!("not a list: {v}")))
}

fn pair(v: &Value) -> Result<[&Value; 2], Value> {
    match array(v)?.as_slice() {
        [a, b] => Ok([a, b]),
        _ => Err(malformed(format!("not a pair: {v}"))),
    }
}

fn integer(v: &Value) -> Result<i64, Value> {
    v.as_i64()
        .ok_or_else(|| malformed(format!("not an integer: {v}")))
}

fn f64_value(v: &Value) -> Result<f64, Value> {
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

/// A constraint index; a negative one maps to `usize::MAX` so that validation reports it
/// as a bad constraint (invalidArgument `constraints`) in the order of section 2.
/// Integers beyond i64 (JSON allows up to u64) are no index either.
fn constraint_index(v: &Value) -> Result<usize, Value> {
    if let Some(u) = v.as_u64() {
        return Ok(usize::try_from(u).unwrap_or(usize::MAX));
    }
    let i = integer(v)?;
    Ok(usize::try_from(i).unwrap_or(usize::MAX))
}

/// Parses the `cdt` op's points and constraints.
pub fn parse_cdt_input(input: &Value) -> Result<(Vec<Point>, Vec<[usize; 2]>), Value> {
    let points = array(field(input, "points")?)?
        .iter()
        .map(|p| {
            let [x, y] = pair(p)?;
            Ok(Point {
                x: integer(x)?,
                y: integer(y)?,
            })
        })
        .collect::<Result<Vec<_>, Value>>()?;
    let constraints = array(field(input, "constraints")?)?
        .iter()
        .map(|c| {
            let [a, b] = pair(c)?;
            Ok([constraint_index(a)?, constraint_index(b)?])
        })
        .collect::<Result<Vec<_>, Value>>()?;
    Ok((points, constraints))
}

fn cdt_case(input: &Value) -> Result<Value, Value> {
    let (points, constraints) = parse_cdt_input(input)?;
    let cdt = triangulate_points(&points, &constraints).map_err(|e| e.to_json())?;
    Ok(json!({
        "triangles": cdt.output_triangles(),
        "constrained": cdt.constrained_edges(),
    }))
}

/// Outlines as f64 rings, the form `region::from_outlines` takes.
pub type Outlines = Vec<Vec<Vec<[f64; 2]>>>;

/// Parses a `RegionInput` (`{"snapBits", "outlines"}`) into its snap bits and f64 outlines.
pub fn parse_region_input(v: &Value) -> Result<(u8, Outlines), Value> {
    let bits = integer(field(v, "snapBits")?)?;
    // Out-of-range snap bits are the API's error, not a format error.
    let snap_bits = u8::try_from(bits).unwrap_or(u8::MAX);
    let outlines = array(field(v, "outlines")?)?
        .iter()
        .map(|outline| {
            array(outline)?
                .iter()
                .map(|ring| {
                    array(ring)?
                        .iter()
                        .map(|p| {
                            let [x, y] = pair(p)?;
                            Ok([f64_value(x)?, f64_value(y)?])
                        })
                        .collect::<Result<Vec<_>, Value>>()
                })
                .collect::<Result<Vec<_>, Value>>()
        })
        .collect::<Result<Vec<_>, Value>>()?;
    Ok((snap_bits, outlines))
}

fn triangulate_case(input: &Value) -> Result<Value, Value> {
    let (snap_bits, outlines) = parse_region_input(field(input, "region")?)?;
    let region = crate::region::from_outlines(&outlines, snap_bits).map_err(|e| e.to_json())?;
    let tri = triangulate(&region).map_err(|e| e.to_json())?;
    let vertices: Vec<[i64; 2]> = tri.vertices.iter().map(|p| [p.x, p.y]).collect();
    Ok(json!({
        "vertices": vertices,
        "triangles": tri.triangles,
        "neighbors": tri.neighbors,
    }))
}

/// The area's entry for the dispatcher: `None` when `op` is not `cdt` or `triangulate`.
pub(crate) fn run(op: &str, input: &Value) -> Option<Result<Value, Value>> {
    match op {
        "cdt" => Some(cdt_case(input)),
        "triangulate" => Some(triangulate_case(input)),
        _ => None,
    }
}
