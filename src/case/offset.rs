//! Ops `offset` and `shrink` ([O1]–[O6], [S1]–[S5], X3).

use serde_json::Value;

use super::{field, parse_f64, parse_region_input, region_json, CaseResult};
use crate::error::Error;
use crate::offset::{check_arc_tolerance, check_distance, Join};
use crate::shrink::check_radius;

pub(super) fn run(op: &str, input: &Value) -> Option<CaseResult> {
    Some(match op {
        "offset" => offset_case(input),
        "shrink" => shrink_case(input),
        _ => return None,
    })
}

/// `join` as in the format: "round" or "square"; anything else is an invalid argument.
fn parse_join(v: &Value) -> Result<Join, Error> {
    match v.as_str() {
        Some("round") => Ok(Join::Round),
        Some("square") => Ok(Join::Square),
        _ => Err(Error::invalid(
            "join",
            format!("must be \"round\" or \"square\", got {v}"),
        )),
    }
}

fn offset_case(input: &Value) -> CaseResult {
    // X3: the region (snap bits, outlines) first, then distance, join, arc tolerance.
    let region = parse_region_input(field(input, "region")?)?;
    let distance = parse_f64(field(input, "distance")?)?;
    let join = field(input, "join")?;
    let arc_tolerance = parse_f64(field(input, "arcTolerance")?)?;
    check_distance(distance)?;
    let join = parse_join(join)?;
    check_arc_tolerance(arc_tolerance)?;
    Ok(region_json(&region.offset(
        distance,
        join,
        arc_tolerance,
    )?))
}

fn shrink_case(input: &Value) -> CaseResult {
    let region = parse_region_input(field(input, "region")?)?;
    let radius = parse_f64(field(input, "radius")?)?;
    let arc_tolerance = parse_f64(field(input, "arcTolerance")?)?;
    check_radius(radius)?;
    Ok(region_json(&region.shrink(radius, arc_tolerance)?))
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
        let is_join_error = |v: serde_json::Value| {
            matches!(super::parse_join(&v),
                Err(crate::Error::InvalidArgument { argument, location: None, .. }) if argument == "join")
        };
        assert!(is_join_error(json!("mitre")));
        assert!(is_join_error(json!("Round")));
        assert!(is_join_error(json!(3)));
        assert!(is_join_error(json!(null)));
        assert_eq!(
            super::parse_join(&json!("round")).unwrap(),
            super::Join::Round
        );
        assert_eq!(
            super::parse_join(&json!("square")).unwrap(),
            super::Join::Square
        );
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
            json!({"kind": "invalidArgument", "argument": "arc_tolerance"})
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
}
