//! Ops `snap`, `orient`, `inCircle`, `crossing`, `pixel`.

use std::cmp::Ordering;

use serde_json::{json, Value};

use super::{field, parse_array, parse_f64, parse_snap_bits, CaseResult};
use super::{grid_point_json, malformed};
use crate::error::{Error, Location};
use crate::grid::{check_snap_bits, coordinate_in_range, snap};
use crate::predicates;

pub(super) fn run(op: &str, input: &Value) -> Option<CaseResult> {
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

fn points(input: &Value, n: usize) -> Result<Vec<crate::GridPoint>, super::CaseError> {
    let list = parse_array(field(input, "points")?)?;
    if list.len() != n {
        return Err(malformed(format!("expected {n} points")));
    }
    list.iter()
        .map(|p| super::parse_grid_point_within(p, 1 << 53))
        .collect()
}

fn snap_case(input: &Value) -> CaseResult {
    let bits = parse_snap_bits(field(input, "snapBits")?)?;
    check_snap_bits(bits)?;
    let values = parse_array(field(input, "values")?)?;
    let mut grid = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let x = parse_f64(v)?;
        if !coordinate_in_range(x) {
            return Err(Error::OutOfRange {
                location: Location::Argument {
                    name: format!("values[{i}]"),
                },
                value: x,
            }
            .into());
        }
        grid.push(snap(x, bits));
    }
    Ok(json!({ "grid": grid }))
}

fn orient_case(input: &Value) -> CaseResult {
    let p = points(input, 3)?;
    Ok(json!({ "sign": sign(predicates::orient(p[0], p[1], p[2])) }))
}

fn in_circle_case(input: &Value) -> CaseResult {
    let p = points(input, 4)?;
    Ok(json!({ "sign": sign(predicates::in_circle(p[0], p[1], p[2], p[3])) }))
}

fn segment(v: &Value) -> Result<(crate::GridPoint, crate::GridPoint), super::CaseError> {
    let s = parse_array(v)?;
    if s.len() != 2 {
        return Err(malformed("a segment is [p, q]"));
    }
    Ok((
        super::parse_grid_point_within(&s[0], super::MAX_GRID)?,
        super::parse_grid_point_within(&s[1], super::MAX_GRID)?,
    ))
}

fn crossing_case(input: &Value) -> CaseResult {
    let segs = parse_array(field(input, "segments")?)?;
    if segs.len() != 2 {
        return Err(malformed("crossing takes two segments"));
    }
    let (a, b) = segment(&segs[0])?;
    let (c, d) = segment(&segs[1])?;
    let proper = predicates::properly_cross(a, b, c, d);
    let rounded = if proper {
        grid_point_json(predicates::rounded_crossing(a, b, c, d))
    } else {
        Value::Null
    };
    Ok(json!({ "proper": proper, "rounded": rounded }))
}

fn pixel_case(input: &Value) -> CaseResult {
    let (a, b) = segment(field(input, "segment")?)?;
    let c = super::parse_grid_point_within(field(input, "pixel")?, super::MAX_GRID)?;
    Ok(json!({ "meets": predicates::segment_meets_pixel(a, b, c) }))
}
