//! Op `arrangement` (corpus/README.md): tagged grid edges → noded segments with nets.

use serde_json::{json, Value};

use super::{field, grid_point_json, malformed, parse_array, parse_grid_point_within};
use super::{CaseError, CaseResult, MAX_GRID};
use crate::arrangement::{arrange, EdgeTag, TaggedEdge};

pub(super) fn run(op: &str, input: &Value) -> Option<CaseResult> {
    Some(match op {
        "arrangement" => arrangement_case(input),
        _ => return None,
    })
}

fn parse_edge(v: &Value) -> Result<TaggedEdge, CaseError> {
    let tag = match field(v, "tag")?.as_i64() {
        Some(0) => EdgeTag::Operand0,
        Some(1) => EdgeTag::Operand1,
        Some(2) => EdgeTag::Both,
        _ => return Err(malformed(format!("edge tag must be 0, 1 or 2: {v}"))),
    };
    Ok(TaggedEdge {
        from: parse_grid_point_within(field(v, "from")?, MAX_GRID)?,
        to: parse_grid_point_within(field(v, "to")?, MAX_GRID)?,
        tag,
    })
}

fn arrangement_case(input: &Value) -> CaseResult {
    let edges = parse_array(field(input, "edges")?)?
        .iter()
        .map(parse_edge)
        .collect::<Result<Vec<_>, _>>()?;
    let out = arrange(&edges)?;
    let vertices: Vec<Value> = out.vertices.iter().map(|&p| grid_point_json(p)).collect();
    let segments: Vec<Value> = out
        .segments
        .iter()
        .map(|s| json!([s.a, s.b, s.net[0], s.net[1]]))
        .collect();
    Ok(json!({ "vertices": vertices, "segments": segments }))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::case::{run_case, run_case_json};

    #[test]
    fn crossing_diagonals_in_json() {
        // Same case as the arrangement unit test: crossing at (2,2), derived there.
        let input = json!({"op": "arrangement", "edges": [
            {"from": [0, 0], "to": [4, 4], "tag": 0},
            {"from": [0, 4], "to": [4, 0], "tag": 1},
        ]});
        let out = run_case(&input).unwrap();
        assert_eq!(
            out,
            json!({
                "vertices": [[0, 0], [0, 4], [2, 2], [4, 0], [4, 4]],
                "segments": [[0, 2, 1, 0], [1, 2, 0, 1], [2, 3, 0, 1], [2, 4, 1, 0]]
            })
        );
    }

    #[test]
    fn malformed_edges_are_rejected() {
        let big = (1i64 << 39) + 1;
        for edges in [
            json!([{"from": [0, 0], "to": [big, 0], "tag": 0}]),
            json!([{"from": [0, 0], "to": [1, 0], "tag": 3}]),
            json!([{"from": [0, 0], "to": [1, 0]}]),
            json!([{"from": [0, 0, 0], "to": [1, 0], "tag": 1}]),
            json!({"from": [0, 0]}),
        ] {
            let err = run_case_json(&json!({"op": "arrangement", "edges": edges})).unwrap_err();
            assert_eq!(err["kind"], "malformed", "{edges}");
        }
        let empty = run_case(&json!({"op": "arrangement", "edges": []})).unwrap();
        assert_eq!(empty, json!({"vertices": [], "segments": []}));
    }
}
