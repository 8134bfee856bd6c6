//! Ops `cdt` and `triangulate` (docs/cdt.md §7).

use serde_json::{json, Value};

use super::read::{closed, index_from_integer, parse_grid_point, parse_i64, parse_list};
use super::read::{parse_tuple, read_region_input, req, Object};
use super::{grid_point_json, CaseResult};
use crate::cdt::Cdt;
use crate::Triangulation;

pub(super) fn run(op: &str, input: &Object) -> Option<CaseResult> {
    Some(match op {
        "cdt" => cdt_case(input),
        "triangulate" => triangulate_case(input),
        _ => return None,
    })
}

/// A constraint `[a, b]`: two integers. An index that is no index at all (negative)
/// becomes `usize::MAX`, so validation reports it as the invalid argument `constraints`
/// in the order of docs/cdt.md §2 (item 3).
fn constraint(v: &Value) -> Result<(usize, usize), super::CaseError> {
    let pair = parse_tuple(v, 2, "a constraint")?;
    Ok((
        index_from_integer(parse_i64(&pair[0])?),
        index_from_integer(parse_i64(&pair[1])?),
    ))
}

fn cdt_case(input: &Object) -> CaseResult {
    closed(input, "the input", &["op", "points", "constraints"])?;
    let points = parse_list(req(input, "points")?, parse_grid_point)?;
    let constraints = parse_list(req(input, "constraints")?, constraint)?;
    let cdt = Cdt::new(&points, &constraints)?;
    let triangles: Vec<Value> = cdt.finite_triangles().iter().map(|t| json!(t)).collect();
    let constrained: Vec<Value> = cdt
        .constrained_edges()
        .iter()
        .map(|&(a, b)| json!([a, b]))
        .collect();
    Ok(json!({ "triangles": triangles, "constrained": constrained }))
}

fn triangulate_case(input: &Object) -> CaseResult {
    closed(input, "the input", &["op", "region"])?;
    let region = read_region_input(req(input, "region")?)?.resolve()?;
    Ok(triangulation_json(&region.triangulate()?))
}

/// The output of a `triangulate` case.
pub(crate) fn triangulation_json(t: &Triangulation) -> Value {
    let vertices: Vec<Value> = t.vertices.iter().map(|p| grid_point_json(*p)).collect();
    json!({
        "vertices": vertices,
        "triangles": t.triangles,
        "neighbors": t.neighbors,
    })
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
                        .map(|p| crate::case::parse_grid_point(p).unwrap())
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
