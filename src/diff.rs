//! Engine vs reference on one conformance input (feature `oracle`).
//!
//! Called by the differential proptests, every fuzz target and `build2d check`: run both
//! implementations on the same JSON input, require identical canonical JSON (or identical
//! error objects), then run the validity checkers on the engine's output.

use serde_json::Value;

use crate::case::run_case_json;

/// How the two implementations disagreed.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// The input that was run.
    pub input: Value,
    /// The engine's outcome (`Ok(expected)` / `Err(expectedError)`).
    pub engine: Result<Value, Value>,
    /// The reference's outcome.
    pub reference: Result<Value, Value>,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |r: &Result<Value, Value>| match r {
            Ok(v) => format!("ok {v}"),
            Err(e) => format!("error {e}"),
        };
        write!(
            f,
            "engine and reference disagree\n input:     {}\n engine:    {}\n reference: {}",
            self.input,
            show(&self.engine),
            show(&self.reference)
        )
    }
}

/// Runs both implementations on `input`; `Ok(outcome)` when they agree exactly.
///
/// A `malformed` outcome from either side is a mismatch too: generators must only
/// produce well-formed cases.
pub fn compare(input: &Value) -> Result<Result<Value, Value>, Box<Mismatch>> {
    let engine = run_case_json(input);
    let reference = build2d_reference::case::run_case(input);
    let malformed = |r: &Result<Value, Value>| matches!(r, Err(e) if e.get("kind").and_then(Value::as_str) == Some("malformed"));
    if engine != reference || malformed(&engine) {
        return Err(Box::new(Mismatch {
            input: input.clone(),
            engine,
            reference,
        }));
    }
    Ok(engine)
}

/// [`compare`] that panics with a readable report and returns the agreed outcome:
/// for tests and fuzz targets.
pub fn same_outcome(input: &Value) -> Result<Value, Value> {
    match compare(input) {
        Ok(outcome) => outcome,
        Err(mismatch) => panic!("{mismatch}"),
    }
}

/// [`same_outcome`] for when only the agreement matters.
pub fn assert_same(input: &Value) {
    let _ = same_outcome(input);
}

/// Fuzz entry points: raw bytes → structured input (via `arbitrary`) → [`assert_same`]
/// plus validity. Each `fuzz/fuzz_targets/<name>.rs` calls one of them, and
/// `tests/fuzz_replay.rs` replays the committed seeds through [`fuzz_target`].
pub mod fuzz {
    use arbitrary::{Arbitrary, Unstructured};
    use serde_json::{json, Value};

    /// A grid coordinate biased to the hard cases: small values (dense collisions),
    /// values near the ±2^39 bound, and the CDT bounding corners.
    pub fn coordinate(u: &mut Unstructured<'_>, bound: i64) -> arbitrary::Result<i64> {
        Ok(match u8::arbitrary(u)? % 8 {
            0..=4 => i64::from(i8::arbitrary(u)? % 8),
            5 => i64::from(i16::arbitrary(u)?),
            6 => bound - i64::from(u8::arbitrary(u)? % 4),
            _ => u.int_in_range(-bound..=bound)?,
        })
    }

    fn point(u: &mut Unstructured<'_>, bound: i64) -> arbitrary::Result<Value> {
        Ok(json!([coordinate(u, bound)?, coordinate(u, bound)?]))
    }

    /// One predicate case (orient, inCircle, crossing or pixel).
    pub fn predicates(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok(input) = predicate_case(&mut u) else {
            return;
        };
        super::assert_same(&input);
    }

    fn predicate_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
        let region_bound = 1i64 << 39;
        let cdt_bound = 3i64 << 45;
        Ok(match u8::arbitrary(u)? % 4 {
            0 => {
                json!({"op": "orient", "points": [point(u, cdt_bound)?, point(u, cdt_bound)?, point(u, cdt_bound)?]})
            }
            1 => {
                json!({"op": "inCircle", "points": [point(u, cdt_bound)?, point(u, cdt_bound)?, point(u, cdt_bound)?, point(u, cdt_bound)?]})
            }
            2 => {
                json!({"op": "crossing", "segments": [[point(u, region_bound)?, point(u, region_bound)?], [point(u, region_bound)?, point(u, region_bound)?]]})
            }
            _ => {
                json!({"op": "pixel", "segment": [point(u, region_bound)?, point(u, region_bound)?], "pixel": point(u, region_bound)?})
            }
        })
    }

    /// Small outlines in public units at `snap_bits`: either 1–2 outlines of 1–2 rings of
    /// 3–6 points on a coarse sub-grid, or a tile map of up to 4 × 4 cells as one square
    /// outline per solid cell (pinch vertices, thin features, narrow gaps).
    fn small_outlines(u: &mut Unstructured<'_>, snap_bits: u8) -> arbitrary::Result<Value> {
        let unit = 1.0 / f64::from(1u32 << snap_bits);
        let mut outlines = Vec::new();
        if bool::arbitrary(u)? {
            for _ in 0..u.int_in_range(1..=2)? {
                let mut rings = Vec::new();
                for _ in 0..u.int_in_range(1..=2)? {
                    let mut ring = Vec::new();
                    for _ in 0..u.int_in_range(3..=6)? {
                        let x = f64::from(u.int_in_range(-6i8..=6)?) * 2.0 * unit;
                        let y = f64::from(u.int_in_range(-6i8..=6)?) * 2.0 * unit;
                        ring.push(json!([x, y]));
                    }
                    rings.push(Value::Array(ring));
                }
                outlines.push(Value::Array(rings));
            }
        } else {
            let (width, height) = (u.int_in_range(1u8..=4)?, u.int_in_range(1u8..=4)?);
            let cell = f64::from(u.int_in_range(1u8..=4)?) * unit;
            for y in 0..height {
                for x in 0..width {
                    if bool::arbitrary(u)? {
                        let (x0, y0) = (f64::from(x) * cell, f64::from(y) * cell);
                        let (x1, y1) = (x0 + cell, y0 + cell);
                        outlines.push(json!([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]]));
                    }
                }
            }
        }
        Ok(json!({"snapBits": snap_bits, "outlines": outlines}))
    }

    /// A radius in grid units from below one unit to many cells, and an arc tolerance in
    /// public units hitting every branch of X12 (0, below one unit, ≥ one unit, huge).
    fn radius_and_tolerance(
        u: &mut Unstructured<'_>,
        snap_bits: u8,
    ) -> arbitrary::Result<(f64, f64)> {
        let unit = 1.0 / f64::from(1u32 << snap_bits);
        let r = match u8::arbitrary(u)? % 4 {
            0 => f64::from(u8::arbitrary(u)?) / 256.0,
            1 => f64::from(u.int_in_range(1u8..=64)?) / 2.0,
            2 => f64::from(u16::arbitrary(u)? % 4096) / 64.0,
            _ => f64::from(u.int_in_range(1u16..=400)?),
        };
        let tolerance = match u8::arbitrary(u)? % 5 {
            0 => 0.0,
            1 => f64::from(u8::arbitrary(u)?) / 256.0 * unit,
            2 => f64::from(u.int_in_range(1u8..=16)?) * unit,
            3 => f64::from(u8::arbitrary(u)?) / 16.0,
            _ => 1e6,
        };
        Ok((r * unit, tolerance))
    }

    /// Checks the engine's typed result of an agreed case: equal to the agreed JSON and
    /// valid by `Region::check`.
    fn check_region_outcome(agreed: &Result<Value, Value>, engine: crate::Result<crate::Region>) {
        match (agreed, engine) {
            (Ok(expected), Ok(region)) => {
                if let Err(e) = region.check() {
                    panic!("engine output fails Region::check: {e}");
                }
                assert_eq!(&crate::case::region_json(&region), expected);
            }
            (Err(expected), Err(e)) => assert_eq!(&crate::case::error_json(&e), expected),
            (agreed, engine) => panic!("typed API differs: {agreed:?} vs {engine:?}"),
        }
    }

    /// One `offset` case (round or square join, grow or shrink) on small outlines.
    pub fn offset(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok((input, region, distance, join, tolerance)) = (|| -> arbitrary::Result<_> {
            let snap_bits = u.int_in_range(0u8..=3)?;
            let region = small_outlines(&mut u, snap_bits)?;
            let (r, tolerance) = radius_and_tolerance(&mut u, snap_bits)?;
            let distance = if bool::arbitrary(&mut u)? { r } else { -r };
            let join = if bool::arbitrary(&mut u)? {
                crate::offset::Join::Round
            } else {
                crate::offset::Join::Square
            };
            let name = if join == crate::offset::Join::Round {
                "round"
            } else {
                "square"
            };
            let input = json!({"op": "offset", "region": region, "distance": distance,
                               "join": name, "arcTolerance": tolerance});
            Ok((input, region, distance, join, tolerance))
        })() else {
            return;
        };
        let agreed = super::same_outcome(&input);
        let Ok(engine_region) = crate::case::parse_region_input(&region) else {
            panic!("region input rejected by the typed API but not by the case: {input}");
        };
        check_region_outcome(&agreed, engine_region.offset(distance, join, tolerance));
    }

    /// One `shrink` case on small outlines (half with the pipeline's tolerance, [S7]).
    pub fn shrink(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok((input, region, radius, tolerance)) = (|| -> arbitrary::Result<_> {
            let snap_bits = u.int_in_range(0u8..=3)?;
            let region = small_outlines(&mut u, snap_bits)?;
            let (radius, tolerance) = radius_and_tolerance(&mut u, snap_bits)?;
            let tolerance = if bool::arbitrary(&mut u)? {
                let cell = f64::from(u.int_in_range(1u8..=4)?) / f64::from(1u32 << snap_bits);
                crate::shrink::pipeline_arc_tolerance(cell, radius)
            } else {
                tolerance
            };
            let input = json!({"op": "shrink", "region": region, "radius": radius,
                               "arcTolerance": tolerance});
            Ok((input, region, radius, tolerance))
        })() else {
            return;
        };
        let agreed = super::same_outcome(&input);
        let Ok(engine_region) = crate::case::parse_region_input(&region) else {
            panic!("region input rejected by the typed API but not by the case: {input}");
        };
        check_region_outcome(&agreed, engine_region.shrink(radius, tolerance));
    }

    /// The fuzz entry point of a target name, for seed replay.
    pub fn fuzz_target(name: &str) -> Option<fn(&[u8])> {
        Some(match name {
            "predicates" => predicates,
            "offset" => offset,
            "shrink" => shrink,
            _ => return None,
        })
    }
}
