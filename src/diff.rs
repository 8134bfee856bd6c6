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

    /// The fuzz entry point of a target name, for seed replay.
    pub fn fuzz_target(name: &str) -> Option<fn(&[u8])> {
        Some(match name {
            "predicates" => predicates,
            _ => return None,
        })
    }
}
