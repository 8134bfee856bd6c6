//! Op `arrangement` (corpus/README.md): tagged grid edges → noded segments.

use serde_json::{json, Value};

use super::{field, malformed, parse_array, parse_i64, parse_point_within, point_json};
use super::{ref_error, CaseResult, MAX_GRID};
use crate::arrangement::arrange;
use crate::geom::Edge;

pub(crate) fn run(op: &str, input: &Value) -> Option<CaseResult> {
    match op {
        "arrangement" => Some(arrangement_case(input)),
        _ => None,
    }
}

/// `{"from": P, "to": P, "tag": 0 | 1 | 2}` with coordinates within ±2^39.
pub(crate) fn parse_edge(v: &Value) -> Result<Edge, Value> {
    let from = parse_point_within(field(v, "from")?, MAX_GRID)?;
    let to = parse_point_within(field(v, "to")?, MAX_GRID)?;
    let tag = match parse_i64(field(v, "tag")?)? {
        t @ 0..=2 => t as u8,
        t => return Err(malformed(format!("tag {t} is not 0, 1 or 2"))),
    };
    Ok(Edge { from, to, tag })
}

fn arrangement_case(input: &Value) -> CaseResult {
    let edges = parse_array(field(input, "edges")?)?
        .iter()
        .map(parse_edge)
        .collect::<Result<Vec<_>, _>>()?;
    let arrangement = arrange(&edges).map_err(ref_error)?;
    let vertices: Vec<Value> = arrangement
        .vertices
        .iter()
        .map(|&p| point_json(p))
        .collect();
    let segments: Vec<Value> = arrangement
        .segments
        .iter()
        .map(|&(a, b, [n0, n1])| json!([a, b, n0, n1]))
        .collect();
    Ok(json!({ "vertices": vertices, "segments": segments }))
}
