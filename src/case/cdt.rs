//! Ops `cdt` and `triangulate` (docs/cdt.md §7).

use serde_json::{json, Value};

use super::{field, grid_point_json, malformed, parse_array, parse_grid_point};
use super::{parse_region_input, CaseResult};
use crate::cdt::Cdt;

pub(super) fn run(op: &str, input: &Value) -> Option<CaseResult> {
    Some(match op {
        "cdt" => cdt_case(input),
        "triangulate" => triangulate_case(input),
        _ => return None,
    })
}

/// A constraint index: any JSON integer. One that is no index at all (negative, or too
/// large for `usize`) maps to `usize::MAX`, so validation reports it as invalidArgument
/// `constraints` in the order of docs/cdt.md §2 (item 3), not as a malformed case.
fn constraint_index(v: &Value) -> Result<usize, super::CaseError> {
    if let Some(i) = v.as_i64() {
        return Ok(usize::try_from(i).unwrap_or(usize::MAX));
    }
    v.as_u64()
        .map(|u| usize::try_from(u).unwrap_or(usize::MAX))
        .ok_or_else(|| malformed(format!("a constraint index is an integer: {v}")))
}

fn cdt_case(input: &Value) -> CaseResult {
    let points = parse_array(field(input, "points")?)?
        .iter()
        .map(parse_grid_point)
        .collect::<Result<Vec<_>, _>>()?;
    let constraints = parse_array(field(input, "constraints")?)?
        .iter()
        .map(|c| {
            let pair = parse_array(c)?;
            if pair.len() != 2 {
                return Err(malformed(format!("a constraint is [a, b]: {c}")));
            }
            Ok((constraint_index(&pair[0])?, constraint_index(&pair[1])?))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let cdt = Cdt::new(&points, &constraints)?;
    let triangles: Vec<Value> = cdt.finite_triangles().iter().map(|t| json!(t)).collect();
    let constrained: Vec<Value> = cdt
        .constrained_edges()
        .iter()
        .map(|&(a, b)| json!([a, b]))
        .collect();
    Ok(json!({ "triangles": triangles, "constrained": constrained }))
}

fn triangulate_case(input: &Value) -> CaseResult {
    let region = parse_region_input(field(input, "region")?)?;
    let t = region.triangulate()?;
    let vertices: Vec<Value> = t.vertices.iter().map(|p| grid_point_json(*p)).collect();
    Ok(json!({
        "vertices": vertices,
        "triangles": t.triangles,
        "neighbors": t.neighbors,
    }))
}

#[cfg(test)]
mod tests {
    use super::super::run_case;
    use serde_json::json;

    #[test]
    fn cdt_op_on_the_worked_example() {
        // docs/cdt.md §8.1: the square (0,0)..(2,2) plus its centre.
        let input = json!({"op": "cdt", "points": [[0,0],[0,2],[1,1],[2,0],[2,2]],
                           "constraints": []});
        let out = run_case(&input).unwrap();
        assert_eq!(
            out,
            json!({"triangles": [[0,2,1],[0,3,2],[1,2,4],[2,3,4]], "constrained": []})
        );
    }

    #[test]
    fn cdt_op_errors() {
        let unsorted = json!({"op": "cdt", "points": [[1,0],[0,0]], "constraints": []});
        let e = super::super::run_case_json(&unsorted).unwrap_err();
        assert_eq!(e, json!({"kind": "invalidArgument", "argument": "points"}));
        let far = json!({"op": "cdt", "points": [[0, 549755813889i64]], "constraints": []});
        let e = super::super::run_case_json(&far).unwrap_err();
        assert_eq!(e["kind"], "outOfRange");
        assert_eq!(
            e["location"],
            json!({"kind": "argument", "name": "points[0]"})
        );
        let bad = json!({"op": "cdt", "points": [[0,0],[1,0]], "constraints": [[0, 2]]});
        let e = super::super::run_case_json(&bad).unwrap_err();
        assert_eq!(
            e,
            json!({"kind": "invalidArgument", "argument": "constraints"})
        );
    }

    /// Every input of corpus/inputs/cdt.json runs: `Error` cases give an engine error
    /// (never a malformed case), the others a result whose triangulation passes check().
    #[test]
    fn corpus_inputs_run() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/inputs/cdt.json");
        let text = std::fs::read_to_string(path).unwrap();
        let file: serde_json::Value = serde_json::from_str(&text).unwrap();
        for group in file["testGroups"].as_array().unwrap() {
            for test in group["tests"].as_array().unwrap() {
                let is_error = test["flags"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|f| f == "Error");
                let outcome = super::super::run_case_json(&test["input"]);
                let id = &test["tcId"];
                match outcome {
                    Ok(_) => assert!(!is_error, "tcId {id} should fail"),
                    Err(e) => {
                        assert!(is_error, "tcId {id} failed: {e}");
                        assert_ne!(e["kind"], "malformed", "tcId {id}");
                    }
                }
                if !is_error {
                    let pts: Vec<crate::GridPoint> = test["input"]["points"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|p| super::parse_grid_point(p).unwrap())
                        .collect();
                    let cons: Vec<(usize, usize)> = test["input"]["constraints"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|c| {
                            (
                                c[0].as_u64().unwrap() as usize,
                                c[1].as_u64().unwrap() as usize,
                            )
                        })
                        .collect();
                    crate::cdt::Cdt::new(&pts, &cons).unwrap().check().unwrap();
                }
            }
        }
    }
}
