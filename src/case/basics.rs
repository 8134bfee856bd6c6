//! Ops `snap`, `orient`, `inCircle`, `crossing`, `pixel`.

use std::cmp::Ordering;

use serde_json::{json, Value};

use super::read::Object;
use super::read::{closed, parse_f64, parse_grid_point, parse_i64, parse_list, parse_tuple, req};
use super::{grid_point_json, CaseError, CaseResult};
use crate::error::{Error, Location};
use crate::grid::{coordinate_in_range, snap, snap_bits_from_integer, GridPoint};
use crate::predicates;

pub(super) fn run(op: &str, input: &Object) -> Option<CaseResult> {
    Some(match op {
        "snap" => snap_case(input),
        "orient" => orient_case(input),
        "inCircle" => in_circle_case(input),
        "crossing" => crossing_case(input),
        "pixel" => pixel_case(input),
        _ => return None,
    })
}

/// The format's coordinate bound of `orient` and `inCircle`, 2^53.
const MAX_PREDICATE_COORDINATE: i64 = 1 << 53;
/// The format's coordinate bound of `crossing` and `pixel`, 2^39 ([G4]).
const MAX_SEGMENT_COORDINATE: i64 = 1 << 39;

fn sign(o: Ordering) -> i64 {
    match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

/// The op's coordinate bound: beyond it, an invalid argument naming the field.
fn within(points: &[GridPoint], bound: i64, field: &str) -> Result<(), Error> {
    let bound = bound.unsigned_abs();
    match points
        .iter()
        .find(|p| p.x.unsigned_abs() > bound || p.y.unsigned_abs() > bound)
    {
        Some(p) => Err(Error::invalid(
            field,
            format!("({}, {}) is beyond ±{bound}", p.x, p.y),
        )),
        None => Ok(()),
    }
}

fn points(input: &Object, n: usize) -> Result<Vec<GridPoint>, CaseError> {
    closed(input, "the input", &["op", "points"])?;
    let list = parse_tuple(req(input, "points")?, n, "`points`")?;
    let points = list
        .iter()
        .map(parse_grid_point)
        .collect::<Result<Vec<_>, _>>()?;
    within(&points, MAX_PREDICATE_COORDINATE, "points")?;
    Ok(points)
}

fn snap_case(input: &Object) -> CaseResult {
    closed(input, "the input", &["op", "snapBits", "values"])?;
    let bits = parse_i64(req(input, "snapBits")?)?;
    let values = parse_list(req(input, "values")?, parse_f64)?;
    let bits = snap_bits_from_integer(bits)?;
    let mut grid = Vec::with_capacity(values.len());
    for (i, &x) in values.iter().enumerate() {
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

fn orient_case(input: &Object) -> CaseResult {
    let p = points(input, 3)?;
    Ok(json!({ "sign": sign(predicates::orient(p[0], p[1], p[2])) }))
}

fn in_circle_case(input: &Object) -> CaseResult {
    let p = points(input, 4)?;
    Ok(json!({ "sign": sign(predicates::in_circle(p[0], p[1], p[2], p[3])) }))
}

fn segment(v: &Value) -> Result<[GridPoint; 2], CaseError> {
    let s = parse_tuple(v, 2, "a segment")?;
    Ok([parse_grid_point(&s[0])?, parse_grid_point(&s[1])?])
}

fn crossing_case(input: &Object) -> CaseResult {
    closed(input, "the input", &["op", "segments"])?;
    let segs = parse_tuple(req(input, "segments")?, 2, "`segments`")?;
    let ([a, b], [c, d]) = (segment(&segs[0])?, segment(&segs[1])?);
    within(&[a, b, c, d], MAX_SEGMENT_COORDINATE, "segments")?;
    let proper = predicates::properly_cross(a, b, c, d);
    let rounded = if proper {
        grid_point_json(predicates::rounded_crossing(a, b, c, d))
    } else {
        Value::Null
    };
    Ok(json!({ "proper": proper, "rounded": rounded }))
}

fn pixel_case(input: &Object) -> CaseResult {
    closed(input, "the input", &["op", "segment", "pixel"])?;
    let [a, b] = segment(req(input, "segment")?)?;
    let c = parse_grid_point(req(input, "pixel")?)?;
    within(&[a, b], MAX_SEGMENT_COORDINATE, "segment")?;
    within(&[c], MAX_SEGMENT_COORDINATE, "pixel")?;
    Ok(json!({ "meets": predicates::segment_meets_pixel(a, b, c) }))
}
