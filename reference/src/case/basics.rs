//! Ops `snap`, `orient`, `inCircle`, `crossing`, `pixel` (corpus/README.md).

use std::cmp::Ordering;

use serde_json::{json, Value};

use super::{field, malformed, parse_array, parse_f64, parse_point_within, parse_snap_bits};
use super::{point_json, ref_error, CaseResult, MAX_GRID, MAX_PREDICATE_GRID};
use crate::geom::Point;
use crate::{grid, predicates};

pub(crate) fn run(op: &str, input: &Value) -> Option<CaseResult> {
    Some(match op {
        "snap" => snap_case(input),
        "orient" => orient_case(input),
        "inCircle" => in_circle_case(input),
        "crossing" => crossing_case(input),
        "pixel" => pixel_case(input),
        _ => return None,
    })
}

fn sign(o: Ordering) -> i64 {
    match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

/// X3: snap bits first, then each value in order; the first bad value is reported.
fn snap_case(input: &Value) -> CaseResult {
    let bits = parse_snap_bits(field(input, "snapBits")?)?;
    grid::check_snap_bits(bits).map_err(ref_error)?;
    let values = parse_array(field(input, "values")?)?;
    let mut snapped = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let x = parse_f64(v)?;
        let location = || json!({"kind": "argument", "name": format!("values[{i}]")});
        snapped.push(grid::snap(x, bits, location).map_err(ref_error)?);
    }
    Ok(json!({ "grid": snapped }))
}

fn points(input: &Value, n: usize) -> Result<Vec<Point>, Value> {
    let list = parse_array(field(input, "points")?)?;
    if list.len() != n {
        return Err(malformed(format!("expected {n} points")));
    }
    list.iter()
        .map(|p| parse_point_within(p, MAX_PREDICATE_GRID))
        .collect()
}

fn orient_case(input: &Value) -> CaseResult {
    let p = points(input, 3)?;
    Ok(json!({ "sign": sign(predicates::orient(p[0], p[1], p[2])) }))
}

fn in_circle_case(input: &Value) -> CaseResult {
    let p = points(input, 4)?;
    Ok(json!({ "sign": sign(predicates::in_circle(p[0], p[1], p[2], p[3])) }))
}

fn segment(v: &Value) -> Result<(Point, Point), Value> {
    let s = parse_array(v)?;
    if s.len() != 2 {
        return Err(malformed("a segment is [p, q]"));
    }
    Ok((
        parse_point_within(&s[0], MAX_GRID)?,
        parse_point_within(&s[1], MAX_GRID)?,
    ))
}

fn crossing_case(input: &Value) -> CaseResult {
    let segments = parse_array(field(input, "segments")?)?;
    if segments.len() != 2 {
        return Err(malformed("crossing takes two segments"));
    }
    let (a, b) = segment(&segments[0])?;
    let (c, d) = segment(&segments[1])?;
    let rounded = predicates::rounded_crossing(a, b, c, d);
    Ok(json!({
        "proper": rounded.is_some(),
        "rounded": rounded.map_or(Value::Null, point_json),
    }))
}

fn pixel_case(input: &Value) -> CaseResult {
    let (a, b) = segment(field(input, "segment")?)?;
    let c = parse_point_within(field(input, "pixel")?, MAX_GRID)?;
    Ok(json!({ "meets": predicates::segment_meets_pixel(a, b, c) }))
}
