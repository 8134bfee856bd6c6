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

    use crate::cdt::MAX_INPUT_COORDINATE as MAX_COORDINATE;
    use crate::predicates::{properly_cross, strictly_inside_segment};
    use crate::GridPoint;

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

    // ---- cdt / triangulate ([D0]-[D8], [TR1]-[TR4]) --------------------------------

    /// Largest point count of the `cdt` target: above 64, so BRIO rounds and the Hilbert
    /// order run, small enough for the reference's brute force.
    const CDT_MAX_POINTS: usize = 80;

    /// One `cdt` case: points (small boxes, thinned lattices, ±2^39), sorted and
    /// deduplicated except in the error mode, and constraints filtered to be noded
    /// (nearest-neighbour picks) except in the error mode; then [`super::assert_same`]
    /// and, on success, the engine's `Cdt::check()`.
    pub fn cdt(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok((points, constraints)) = cdt_case(&mut u) else {
            return;
        };
        let pts: Vec<Value> = points.iter().map(|p| json!([p.x, p.y])).collect();
        let cons: Vec<Value> = constraints.iter().map(|&(a, b)| json!([a, b])).collect();
        let input = json!({"op": "cdt", "points": pts, "constraints": cons});
        if super::same_outcome(&input).is_ok() {
            let cdt = crate::cdt::Cdt::new(&points, &constraints)
                .unwrap_or_else(|e| panic!("engine failed after agreeing: {e:?}"));
            if let Err(e) = cdt.check() {
                panic!("Cdt::check failed: {e:?}\n input: {input}");
            }
        }
    }

    type IndexPairs = Vec<(usize, usize)>;

    fn cdt_case(u: &mut Unstructured<'_>) -> arbitrary::Result<(Vec<GridPoint>, IndexPairs)> {
        let mode = u8::arbitrary(u)?;
        let errors = mode % 16 == 0;
        let n = u.int_in_range(0..=CDT_MAX_POINTS)?;
        let mut points = Vec::with_capacity(n);
        match (mode >> 4) % 4 {
            0 => {
                // Small box: collinear rows and cocircular quads everywhere.
                let w = [3i64, 8, 32, 1 << 16][usize::from(u8::arbitrary(u)? % 4)];
                for _ in 0..n {
                    points.push(GridPoint::new(
                        u.int_in_range(0..=w)?,
                        u.int_in_range(0..=w)?,
                    ));
                }
            }
            1 => {
                // A thinned k×k lattice, stretched.
                let k = u.int_in_range(2..=9i64)?;
                let step = [1i64, 3, 1 << 20, (2 * MAX_COORDINATE) / 8]
                    [usize::from(u8::arbitrary(u)? % 4)];
                for x in 0..k {
                    for y in 0..k {
                        if u8::arbitrary(u)? % 4 != 0 {
                            points.push(GridPoint::new(
                                x * step - 4 * step.min(MAX_COORDINATE / 4),
                                y * step - 4 * step.min(MAX_COORDINATE / 4),
                            ));
                        }
                    }
                }
            }
            _ => {
                for _ in 0..n {
                    points.push(GridPoint::new(
                        coordinate(u, MAX_COORDINATE)?,
                        coordinate(u, MAX_COORDINATE)?,
                    ));
                }
            }
        }
        if errors {
            // Raw order, maybe a coordinate beyond 2^39, raw constraint indices.
            if bool::arbitrary(u)? {
                if let Some(p) = points.first_mut() {
                    p.y = MAX_COORDINATE + 1;
                }
            }
            let m = u.int_in_range(0..=6)?;
            let mut constraints = Vec::with_capacity(m);
            for _ in 0..m {
                let bound = points.len() + 2;
                constraints.push((u.int_in_range(0..=bound)?, u.int_in_range(0..=bound)?));
            }
            return Ok((points, constraints));
        }
        points.sort_unstable();
        points.dedup();
        let m = u.int_in_range(0..=40)?;
        let mut picks = Vec::with_capacity(m);
        for _ in 0..m {
            picks.push((
                usize::from(u8::arbitrary(u)?),
                usize::from(u8::arbitrary(u)? % 8),
                bool::arbitrary(u)?,
            ));
        }
        let constraints = noded_constraints(&points, &picks);
        Ok((points, constraints))
    }

    /// Noded constraints ([D0]) from picks (i, r, reverse): point i joined to its r-th
    /// nearest neighbour, kept when no point lies inside it and it crosses no kept one.
    fn noded_constraints(points: &[GridPoint], picks: &[(usize, usize, bool)]) -> IndexPairs {
        let n = points.len();
        let mut kept: IndexPairs = Vec::new();
        if n < 2 {
            return kept;
        }
        for &(i, r, reverse) in picks {
            let a = i % n;
            let d2 = |j: usize| {
                let dx = i128::from(points[j].x - points[a].x);
                let dy = i128::from(points[j].y - points[a].y);
                dx * dx + dy * dy
            };
            let mut near: Vec<usize> = (0..n).filter(|&j| j != a).collect();
            near.sort_by_key(|&j| (d2(j), j));
            let b = near[r.min(near.len() - 1)];
            let (pa, pb) = (points[a], points[b]);
            if points.iter().any(|&q| strictly_inside_segment(q, pa, pb)) {
                continue;
            }
            if kept
                .iter()
                .any(|&(c, d)| properly_cross(pa, pb, points[c], points[d]))
            {
                continue;
            }
            kept.push(if reverse { (b, a) } else { (a, b) });
        }
        kept
    }

    /// One `triangulate` case: random polygons, squares with holes or a tile map of unit
    /// cells (≤ 12×12), scaled, with snap bits; [`super::assert_same`] and, on success,
    /// the engine's `Triangulation::check()` and winding 1 on every kept triangle.
    pub fn triangulate(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok((bits, outlines)) = triangulate_case(&mut u) else {
            return;
        };
        let input =
            json!({"op": "triangulate", "region": {"snapBits": bits, "outlines": outlines}});
        if super::same_outcome(&input).is_err() {
            return;
        }
        let outlines: Vec<crate::region::Outline> = outlines
            .into_iter()
            .map(|rings| crate::region::Outline { rings })
            .collect();
        let options = crate::Geometry2DOptions { snap_bits: bits };
        let region = crate::Region::from_outlines(&outlines, options)
            .unwrap_or_else(|e| panic!("engine failed after agreeing: {e:?}"));
        let (t, windings) = region
            .triangulate_with_windings()
            .unwrap_or_else(|e| panic!("engine failed after agreeing: {e:?}"));
        if let Err(e) = t.check() {
            panic!("Triangulation::check failed: {e:?}\n input: {input}");
        }
        assert!(
            windings.iter().all(|&w| w == 1),
            "region windings {windings:?}\n input: {input}"
        );
    }

    type Outlines = Vec<Vec<Vec<[f64; 2]>>>;

    fn square(x: f64, y: f64, s: f64) -> Vec<[f64; 2]> {
        vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]
    }

    fn triangulate_case(u: &mut Unstructured<'_>) -> arbitrary::Result<(u8, Outlines)> {
        let (bits, scale) = [
            (0u8, 1.0f64),
            (16, 0.25),
            (4, 0.3),
            (0, 65536.0),
            (16, 131072.0),
        ][usize::from(u8::arbitrary(u)? % 5)];
        let mut outlines: Outlines = Vec::new();
        match u8::arbitrary(u)? % 3 {
            0 => {
                let w = [4i32, 10, 60][usize::from(u8::arbitrary(u)? % 3)];
                for _ in 0..u.int_in_range(1..=3)? {
                    let mut rings = Vec::new();
                    for _ in 0..u.int_in_range(1..=2)? {
                        let mut ring = Vec::new();
                        for _ in 0..u.int_in_range(3..=10)? {
                            ring.push([
                                f64::from(u.int_in_range(0..=w)?),
                                f64::from(u.int_in_range(0..=w)?),
                            ]);
                        }
                        rings.push(ring);
                    }
                    outlines.push(rings);
                }
            }
            1 => {
                for _ in 0..u.int_in_range(1..=5)? {
                    let (x, y) = (
                        f64::from(u.int_in_range(0..=12)?),
                        f64::from(u.int_in_range(0..=12)?),
                    );
                    let s = f64::from(u.int_in_range(1..=5)?);
                    let mut rings = vec![square(x, y, 2.0 * s)];
                    if bool::arbitrary(u)? {
                        rings.push(square(x + s / 2.0, y + s / 2.0, s));
                    }
                    outlines.push(rings);
                }
            }
            _ => {
                let (w, h) = (u.int_in_range(1..=12)?, u.int_in_range(1..=12)?);
                for k in 0..w * h {
                    if u8::arbitrary(u)? % 4 != 0 {
                        let (x, y) = (f64::from(k % w), f64::from(k / w));
                        outlines.push(vec![square(x, y, 1.0)]);
                    }
                }
            }
        }
        for outline in &mut outlines {
            for ring in outline.iter_mut() {
                for p in ring.iter_mut() {
                    *p = [p[0] * scale, p[1] * scale];
                }
            }
        }
        Ok((bits, outlines))
    }

    /// The fuzz entry point of a target name, for seed replay.
    pub fn fuzz_target(name: &str) -> Option<fn(&[u8])> {
        Some(match name {
            "predicates" => predicates,
            "cdt" => cdt,
            "triangulate" => triangulate,
            _ => return None,
        })
    }
}
