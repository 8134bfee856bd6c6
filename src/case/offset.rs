//! Ops `offset` and `shrink` ([O1]–[O6], [S1]–[S5], [S7], X3), and their stage ops
//! `offsetEdges` and `shrinkEdges`: the same input and errors, the fed edges as output
//! (docs/specification.md#stage-ops).

use serde_json::Value;

use super::arrangement::canonical_fed_edges;
use super::read::{closed, either, parse_f64, read_region_input, req, Object};
use super::{malformed, region_json, CaseResult, RegionResult};
use crate::error::Error;
use crate::offset::{check_arc_tolerance, check_distance, offset_edges, Join};
use crate::pipeline::check_outline_cell_size;
use crate::region::Region;
use crate::shrink::{check_radius, pipeline_arc_tolerance, shrink_edges};

pub(super) fn run(op: &str, input: &Object) -> Option<CaseResult> {
    Some(match op {
        "offsetEdges" => offset_fed_edges(input),
        "shrinkEdges" => shrink_fed_edges(input),
        _ => return Some(region(op, input)?.map(|r| region_json(&r))),
    })
}

/// The ops of this area to their typed region.
pub(super) fn region(op: &str, input: &Object) -> Option<RegionResult> {
    Some(match op {
        "offset" => offset_case(input),
        "shrink" => shrink_case(input),
        _ => return None,
    })
}

/// `join` as in the format: "round" or "square"; any other string is an invalid argument
/// (a value that is not a string is malformed, when read).
pub(crate) fn parse_join(join: &str) -> Result<Join, Error> {
    match join {
        "round" => Ok(Join::Round),
        "square" => Ok(Join::Square),
        _ => Err(Error::invalid(
            "join",
            format!("must be \"round\" or \"square\", got {join:?}"),
        )),
    }
}

fn read_join(v: &Value) -> Result<&str, super::CaseError> {
    v.as_str()
        .ok_or_else(|| malformed(format!("`join` is a string: {v}")))
}

/// An `offset` (or `offsetEdges`) input read and checked in X3's order: the region, its
/// distance, join and arc tolerance.
struct OffsetArguments {
    region: Region,
    distance: f64,
    join: Join,
    arc_tolerance: f64,
}

fn offset_arguments(input: &Object) -> Result<OffsetArguments, super::CaseError> {
    closed(
        input,
        "the input",
        &["op", "region", "distance", "join", "arcTolerance"],
    )?;
    let region = read_region_input(req(input, "region")?)?;
    let distance = parse_f64(req(input, "distance")?)?;
    let join = read_join(req(input, "join")?)?;
    let arc_tolerance = parse_f64(req(input, "arcTolerance")?)?;
    // X3: the region (snap bits, source) first, then distance, join, arc tolerance.
    let region = region.resolve()?;
    check_distance(distance)?;
    let join = parse_join(join)?;
    check_arc_tolerance(arc_tolerance)?;
    Ok(OffsetArguments {
        region,
        distance,
        join,
        arc_tolerance,
    })
}

fn offset_case(input: &Object) -> RegionResult {
    let a = offset_arguments(input)?;
    Ok(a.region.offset(a.distance, a.join, a.arc_tolerance)?)
}

/// Distance 0 and the empty region feed nothing: the offset returns the region as it is
/// ([O1]). Otherwise the constructed-point check ([O6]) comes with the edges.
fn offset_fed_edges(input: &Object) -> CaseResult {
    let a = offset_arguments(input)?;
    if a.distance == 0.0 || a.region.rings().is_empty() {
        return Ok(canonical_fed_edges(Vec::new()));
    }
    let edges = offset_edges(&a.region, a.distance, a.join, a.arc_tolerance)?;
    Ok(canonical_fed_edges(edges))
}

/// How the shrink's arc tolerance is given.
enum Tolerance {
    /// `arcTolerance` as is.
    Given(f64),
    /// `cellSize`: the pipeline's tolerance of [S7] (X18 step 2).
    FromCellSize(f64),
}

/// A `shrink` (or `shrinkEdges`) input read and checked in X14's order: the region, its
/// radius and the arc tolerance, given or from the cell size.
fn shrink_arguments(input: &Object) -> Result<(Region, f64, f64), super::CaseError> {
    closed(
        input,
        "the input",
        &["op", "region", "radius", "arcTolerance", "cellSize"],
    )?;
    let region = read_region_input(req(input, "region")?)?;
    let radius = parse_f64(req(input, "radius")?)?;
    let tolerance = if either(input, "arcTolerance", "cellSize")? {
        Tolerance::Given(parse_f64(req(input, "arcTolerance")?)?)
    } else {
        Tolerance::FromCellSize(parse_f64(req(input, "cellSize")?)?)
    };
    // The region, then the cell size (checked as the mesh op checks an outline source's),
    // then the radius; the arc tolerance is checked by the shrink itself.
    let region = region.resolve()?;
    if let Tolerance::FromCellSize(cell_size) = tolerance {
        check_outline_cell_size(cell_size)?;
    }
    check_radius(radius)?;
    let arc_tolerance = match tolerance {
        Tolerance::Given(t) => t,
        Tolerance::FromCellSize(cell_size) => pipeline_arc_tolerance(cell_size, radius),
    };
    Ok((region, radius, arc_tolerance))
}

fn shrink_case(input: &Object) -> RegionResult {
    let (region, radius, arc_tolerance) = shrink_arguments(input)?;
    Ok(region.shrink(radius, arc_tolerance)?)
}

/// Radius 0 and the empty region feed nothing: the shrink returns the region as it is
/// (X14), after the arc tolerance's check.
fn shrink_fed_edges(input: &Object) -> CaseResult {
    let (region, radius, arc_tolerance) = shrink_arguments(input)?;
    check_arc_tolerance(arc_tolerance)?;
    if radius == 0.0 || region.rings().is_empty() {
        return Ok(canonical_fed_edges(Vec::new()));
    }
    Ok(canonical_fed_edges(shrink_edges(
        &region,
        radius,
        arc_tolerance,
    )?))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::case::{run_case, run_case_json};

    fn square_input() -> serde_json::Value {
        json!({"snapBits": 4, "outlines": [[[[0, 0], [1, 0], [1, 1], [0, 1]]]]})
    }

    #[test]
    fn join_names() {
        let is_join_error = |join: &str| {
            matches!(super::parse_join(join),
                Err(crate::Error::InvalidArgument { argument, location: None, .. }) if argument == "join")
        };
        assert!(is_join_error("mitre"));
        assert!(is_join_error("Round"));
        assert_eq!(super::parse_join("round").unwrap(), super::Join::Round);
        assert_eq!(super::parse_join("square").unwrap(), super::Join::Square);
        // A join that is not a string is malformed, even with an earlier typed error.
        for join in [json!(3), json!(null), json!(["round"])] {
            let input = json!({"op": "offset", "region": square_input(), "distance": "NaN",
                "join": join, "arcTolerance": 0.0});
            assert_eq!(run_case_json(&input).unwrap_err()["kind"], "malformed");
        }
    }

    #[test]
    fn offset_and_shrink_cases() {
        let run = |v: serde_json::Value| run_case_json(&v);
        // Distance is checked before the join, the join before the arc tolerance.
        let err = run(
            json!({"op": "offset", "region": square_input(), "distance": "NaN",
            "join": "mitre", "arcTolerance": -1.0}),
        )
        .unwrap_err();
        assert_eq!(err["kind"], "outOfRange");
        assert_eq!(
            err["location"],
            json!({"kind": "argument", "name": "distance"})
        );
        assert_eq!(err["value"], "NaN");
        let err = run(
            json!({"op": "offset", "region": square_input(), "distance": 1.0,
            "join": "mitre", "arcTolerance": -1.0}),
        )
        .unwrap_err();
        assert_eq!(err, json!({"kind": "invalidArgument", "argument": "join"}));
        let err = run(
            json!({"op": "offset", "region": square_input(), "distance": 1.0,
            "join": "round", "arcTolerance": -1.0}),
        )
        .unwrap_err();
        assert_eq!(
            err,
            json!({"kind": "invalidArgument", "argument": "arcTolerance"})
        );
        // Square join grows the 16-unit square by 16 on every side (hand-derived).
        let out = run_case(
            &json!({"op": "offset", "region": square_input(), "distance": 1.0,
            "join": "square", "arcTolerance": 0.0}),
        )
        .unwrap();
        assert_eq!(
            out,
            json!({"snapBits": 4, "rings": [[[-16, -16], [32, -16], [32, 32], [-16, 32]]]})
        );
        let err = run(
            json!({"op": "shrink", "region": square_input(), "radius": "-Infinity",
            "arcTolerance": 0.0}),
        )
        .unwrap_err();
        assert_eq!(
            err,
            json!({"kind": "invalidArgument", "argument": "radius"})
        );
        let out = run_case(
            &json!({"op": "shrink", "region": square_input(), "radius": 0.25,
            "arcTolerance": 0.0}),
        )
        .unwrap();
        assert_eq!(
            out,
            json!({"snapBits": 4, "rings": [[[4, 4], [12, 4], [12, 12], [4, 12]]]})
        );
    }

    /// The stage ops: the unit square (16 grid units) shrunk by 0.25 (r = 4) feeds its 4
    /// edges as both operands and 3 sides of each edge's rectangle, derived by hand; the
    /// list is sorted; an unchanged region feeds nothing; errors are the op's.
    #[test]
    fn stage_ops_list_the_fed_edges() {
        let shrink = json!({"op": "shrinkEdges", "region": square_input(), "radius": 0.25,
            "arcTolerance": 0.0});
        let edges = run_case(&shrink).unwrap()["gridEdges"].clone();
        let edges = edges.as_array().unwrap();
        assert_eq!(edges.len(), 16);
        // From (0, 0): the side (0,0)→(4,0) of the left edge's rectangle, then the bottom
        // edge itself; the next smallest start is (0, 4), the bottom rectangle's side.
        assert_eq!(
            edges[..3],
            [
                json!({"from": [0, 0], "to": [4, 0], "tag": 1}),
                json!({"from": [0, 0], "to": [16, 0], "tag": 2}),
                json!({"from": [0, 4], "to": [0, 0], "tag": 1}),
            ]
        );
        let both = edges.iter().filter(|e| e["tag"] == 2).count();
        assert_eq!(both, 4);
        let key = |e: &serde_json::Value| {
            let n = |v: &serde_json::Value, i: usize| v[i].as_i64().unwrap();
            let tag = e["tag"].as_i64().unwrap();
            (
                n(&e["from"], 0),
                n(&e["from"], 1),
                n(&e["to"], 0),
                n(&e["to"], 1),
                tag,
            )
        };
        assert!(edges.windows(2).all(|w| key(&w[0]) <= key(&w[1])));
        // Nothing fed when the region comes back as it is.
        let nothing = json!({"gridEdges": []});
        let mut zero = shrink.clone();
        zero["radius"] = json!(-0.0);
        assert_eq!(run_case(&zero).unwrap(), nothing);
        let offset = json!({"op": "offsetEdges", "region": square_input(), "distance": 0.0,
            "join": "square", "arcTolerance": 0.0});
        assert_eq!(run_case(&offset).unwrap(), nothing);
        let mut grown = offset.clone();
        grown["distance"] = json!(1.0);
        let grown = run_case(&grown).unwrap();
        let region_edges = grown["gridEdges"].as_array().unwrap();
        assert_eq!(region_edges.iter().filter(|e| e["tag"] == 0).count(), 4);
        // Each error of the op, in the op's order, is the stage op's.
        let bad = [
            json!({"op": "shrink", "region": square_input(), "radius": 0.0, "arcTolerance": -1.0}),
            json!({"op": "shrink", "region": square_input(), "radius": "NaN", "cellSize": 0.0}),
            json!({"op": "offset", "region": square_input(), "distance": 1.0, "join": "mitre",
                "arcTolerance": "NaN"}),
            json!({"op": "offset", "region": {"snapBits": 17, "outlines": []}, "distance": 0.0,
                "join": "round", "arcTolerance": 0.0}),
            json!({"op": "offset", "region": square_input(), "distance": 1.0, "join": 1,
                "arcTolerance": 0.0}),
        ];
        for case in bad {
            let error = run_case_json(&case).unwrap_err();
            let mut stage = case.clone();
            stage["op"] = json!(format!("{}Edges", case["op"].as_str().unwrap()));
            assert_eq!(run_case_json(&stage).unwrap_err(), error, "{case}");
        }
    }

    #[test]
    fn shrink_with_cell_size_uses_the_pipeline_tolerance() {
        // An L with a reflex corner at (8, 8), snap bits 4, radius 2: the tolerance from
        // cellSize 1 is max(0.25, min(0.165, 0.5)) = 0.25, so `cellSize: 1` equals
        // `arcTolerance: 0.25`.
        let region = json!({"snapBits": 4,
            "outlines": [[[[0, 0], [16, 0], [16, 8], [8, 8], [8, 16], [0, 16]]]]});
        let shrink = |tolerance: serde_json::Value| {
            let mut input = json!({"op": "shrink", "region": region, "radius": 2.0});
            for (k, v) in tolerance.as_object().unwrap() {
                input[k] = v.clone();
            }
            run_case(&input).unwrap()
        };
        assert_eq!(super::pipeline_arc_tolerance(1.0, 2.0), 0.25);
        let with_cell = shrink(json!({"cellSize": 1.0}));
        assert_eq!(with_cell, shrink(json!({"arcTolerance": 0.25})));
        // cellSize 0.125 gives max(0.03125, min(0.165, 0.0625)) = 0.0625: a finer arc, so
        // the cell size is not ignored.
        assert_eq!(super::pipeline_arc_tolerance(0.125, 2.0), 0.0625);
        let fine = shrink(json!({"cellSize": 0.125}));
        assert_eq!(fine, shrink(json!({"arcTolerance": 0.0625})));
        assert_ne!(with_cell, fine, "the tolerance changes the arc");
    }

    #[test]
    fn shrink_cell_size_checks_and_order() {
        let run = |v: serde_json::Value| run_case_json(&v).unwrap_err();
        let cell_size = json!({"kind": "invalidArgument", "argument": "cellSize"});
        for bad in [
            json!(0.0),
            json!(-1.0),
            json!("NaN"),
            json!("Infinity"),
            json!(-0.0),
        ] {
            let input = json!({"op": "shrink", "region": square_input(), "radius": 0.5,
                "cellSize": bad});
            assert_eq!(run(input), cell_size);
        }
        // The cell size before the radius.
        assert_eq!(
            run(
                json!({"op": "shrink", "region": square_input(), "radius": -1.0,
                "cellSize": 0.0})
            ),
            cell_size
        );
        // The region before the cell size.
        let bad_region = json!({"snapBits": 17, "outlines": []});
        assert_eq!(
            run(json!({"op": "shrink", "region": bad_region, "radius": 0.5, "cellSize": 0.0})),
            json!({"kind": "invalidArgument", "argument": "snapBits"})
        );
        // After a valid cell size, the radius.
        assert_eq!(
            run(
                json!({"op": "shrink", "region": square_input(), "radius": -1.0,
                "cellSize": 1.0})
            ),
            json!({"kind": "invalidArgument", "argument": "radius"})
        );
        // Both or neither of arcTolerance / cellSize: malformed.
        for input in [
            json!({"op": "shrink", "region": square_input(), "radius": 0.5}),
            json!({"op": "shrink", "region": square_input(), "radius": 0.5,
                "cellSize": 1.0, "arcTolerance": 0.1}),
        ] {
            assert_eq!(run(input)["kind"], "malformed");
        }
    }
}
