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
    use crate::arrangement::EdgeTag;
    use crate::cdt::MAX_INPUT_COORDINATE as MAX_COORDINATE;
    use crate::GridPoint;
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

    /// A small random tile map as the JSON fields of `fromTileMap` (without `op`).
    pub fn tile_map_fields(u: &mut Unstructured<'_>, max_side: u8) -> arbitrary::Result<Value> {
        let width = usize::from(u8::arbitrary(u)? % max_side) + 1;
        let height = usize::from(u8::arbitrary(u)? % max_side) + 1;
        let density = u8::arbitrary(u)? % 4;
        let mut cells = Vec::with_capacity(width * height);
        for _ in 0..width * height {
            cells.push(u8::from(u8::arbitrary(u)? % 4 <= density));
        }
        let cell_size = [1.0, 0.25, 0.5, 0.75][usize::from(u8::arbitrary(u)? % 4)];
        let origin = [
            f64::from(i8::arbitrary(u)?) / 8.0,
            f64::from(i8::arbitrary(u)?) / 8.0,
        ];
        Ok(
            json!({"width": width, "height": height, "cellSize": cell_size, "origin": origin, "cells": cells}),
        )
    }

    /// Snap bits 0, 2, 4 or 16 (all valid): for the mesh-level targets.
    fn valid_snap_bits(u: &mut Unstructured<'_>) -> arbitrary::Result<u8> {
        Ok([0, 2, 4, 16][usize::from(u8::arbitrary(u)? % 4)])
    }

    /// One `partitionConvex` case on a small tile map, plus the engine's [W1] check.
    pub fn partition(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok((input, limit)) = partition_case(&mut u) else {
            return;
        };
        if let Ok(expected) = super::same_outcome(&input) {
            check_partition_output(&expected, limit);
        }
    }

    fn partition_case(u: &mut Unstructured<'_>) -> arbitrary::Result<(Value, usize)> {
        let map = tile_map_fields(u, 7)?;
        let bits = valid_snap_bits(u)?;
        let limit = usize::from(u8::arbitrary(u)? % 16) + 2; // 2 ..= 17: both ends invalid
        let outlines = cell_outlines(&map);
        Ok((
            json!({"op": "partitionConvex", "region": {"snapBits": bits, "outlines": outlines}, "maxVertices": limit}),
            limit,
        ))
    }

    /// The filled cells of a tile map as one square outline each (written once, in
    /// `fuzzing`).
    pub use crate::fuzzing::cell_outlines;

    /// [W1] on an agreed `partitionConvex` / `mesh` output: rebuild the typed partition and
    /// check it against the area of its own boundary (edges without a partner).
    pub fn check_partition_output(expected: &Value, limit: usize) {
        use crate::partition::ConvexPartition;
        use crate::GridPoint;
        let vertices: Vec<GridPoint> = expected["vertices"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| GridPoint::new(p[0].as_i64().unwrap_or(0), p[1].as_i64().unwrap_or(0)))
            .collect();
        let polygons: Vec<Vec<u32>> =
            serde_json::from_value(expected["polygons"].clone()).unwrap_or_default();
        let neighbors: Vec<Vec<i32>> =
            serde_json::from_value(expected["neighbors"].clone()).unwrap_or_default();
        // The region's doubled area is the sum over boundary edges (neighbour −1).
        let mut region_area2: i128 = 0;
        for (poly, nbs) in polygons.iter().zip(&neighbors) {
            for i in 0..poly.len() {
                if nbs.get(i) == Some(&-1) {
                    let a = vertices[poly[i] as usize];
                    let b = vertices[poly[(i + 1) % poly.len()] as usize];
                    region_area2 +=
                        i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y);
                }
            }
        }
        let partition = ConvexPartition {
            vertices,
            polygons,
            neighbors,
        };
        if let Err(e) = partition.check(limit, region_area2) {
            panic!("invalid partition: {e}\n{expected}");
        }
    }

    /// One `mesh` case (the whole pipeline) on a small tile map or outlines.
    pub fn pipeline(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok((input, limit)) = pipeline_case(&mut u) else {
            return;
        };
        if let Ok(expected) = super::same_outcome(&input) {
            check_partition_output(&expected, limit);
        }
    }

    fn pipeline_case(u: &mut Unstructured<'_>) -> arbitrary::Result<(Value, usize)> {
        let map = tile_map_fields(u, 6)?;
        let bits = valid_snap_bits(u)?;
        let limit = usize::from(u8::arbitrary(u)? % 14) + 3;
        let cell = map["cellSize"].as_f64().unwrap_or(1.0);
        let radius = cell * [0.0, 0.5, 1.0, 1.5, 0.3][usize::from(u8::arbitrary(u)? % 5)];
        Ok(if bool::arbitrary(u)? {
            (
                json!({"op": "mesh", "snapBits": bits, "tileMap": map, "agentRadius": radius, "maxVertices": limit}),
                limit,
            )
        } else {
            (
                json!({"op": "mesh", "snapBits": bits, "outlines": cell_outlines(&map), "cellSize": cell, "agentRadius": radius, "maxVertices": limit}),
                limit,
            )
        })
    }

    /// Edges of an arrangement case: a biased count of tagged edges (≤ 24, so the
    /// reference's brute force stays fast) on a tiny grid, a moderate one or near ±2^39.
    fn arrangement_edges(
        u: &mut Unstructured<'_>,
    ) -> arbitrary::Result<Vec<crate::arrangement::TaggedEdge>> {
        use crate::arrangement::{EdgeTag, TaggedEdge};
        use crate::GridPoint;
        let count = usize::from(u8::arbitrary(u)? % 25);
        let mut edges = Vec::with_capacity(count);
        for _ in 0..count {
            // Mostly a tiny grid (many crossings per pixel), sometimes far or near ±2^39.
            let mut c = || -> arbitrary::Result<i64> {
                Ok(match u8::arbitrary(u)? % 16 {
                    0..=12 => i64::from(i8::arbitrary(u)? % 6),
                    13 => i64::from(i16::arbitrary(u)?),
                    _ => coordinate(u, 1 << 39)?,
                })
            };
            let mut p = || -> arbitrary::Result<GridPoint> { Ok(GridPoint::new(c()?, c()?)) };
            let (from, to) = (p()?, p()?);
            let tag = match u8::arbitrary(u)? % 5 {
                0 | 1 => EdgeTag::Operand0,
                2 | 3 => EdgeTag::Operand1,
                _ => EdgeTag::Both,
            };
            edges.push(TaggedEdge { from, to, tag });
            // Sometimes a reversed copy: a zero-net pair that still forces hot pixels.
            if u8::arbitrary(u)? % 8 == 0 {
                edges.push(TaggedEdge {
                    from: to,
                    to: from,
                    tag,
                });
            }
        }
        Ok(edges)
    }

    fn arrangement_input(edges: &[crate::arrangement::TaggedEdge]) -> Value {
        json!({"op": "arrangement", "snapBits": 16,
            "gridEdges": crate::case::grid_edges_json(edges)})
    }

    /// Op `arrangement`: engine == reference; every candidate search gives the same
    /// result ([C1]); the output is valid ([W1], [C6]); the repair loop settles in its
    /// verifying round (X9).
    pub fn arrangement(data: &[u8]) {
        use crate::arrangement::{arrange_with, ArrangeOptions, SearchMode};
        let mut u = Unstructured::new(data);
        let Ok(edges) = arrangement_edges(&mut u) else {
            return;
        };
        let input = arrangement_input(&edges);
        let agreed = super::same_outcome(&input).expect("arrangement never errors here");
        let run = |search| {
            arrange_with(
                &edges,
                &ArrangeOptions {
                    search,
                    ..Default::default()
                },
            )
            .expect("arrangement settles")
        };
        let (auto, stats) = run(SearchMode::Auto);
        assert_eq!(crate::case::run_case_json(&input), Ok(agreed));
        for mode in [SearchMode::Grid, SearchMode::Sweep, SearchMode::BruteForce] {
            assert_eq!(run(mode).0, auto, "{mode:?} differs from Auto on {input}");
        }
        for size in [1, 4] {
            let options = ArrangeOptions {
                strip_fragments: Some(size),
                ..Default::default()
            };
            let striped = arrange_with(&edges, &options).expect("arrangement settles");
            assert_eq!(
                striped.0, auto,
                "strips of {size} differ from Auto on {input}"
            );
        }
        if let Err(e) = crate::validity::check_arrangement(&edges, &auto) {
            panic!("invalid arrangement: {e}\n input: {input}");
        }
        assert_eq!(
            stats.repair_rounds, 1,
            "second repair round (X9) on {input}"
        );
    }

    /// A public coordinate: small multiples of a per-case scale (dense touching rings),
    /// exact half units (snapping ties), sub-unit values (collapse), the ±2^21 bound,
    /// rarely a bad value ([G1]).
    fn public_coordinate(
        u: &mut Unstructured<'_>,
        scale: f64,
        unit: f64,
        bad: bool,
    ) -> arbitrary::Result<f64> {
        let max = 2_097_152.0f64;
        Ok(match u8::arbitrary(u)? % 64 {
            0..=51 => f64::from(i8::arbitrary(u)? % 5) * scale,
            52..=56 => (f64::from(i8::arbitrary(u)? % 9) + 0.5) * unit,
            57 | 58 => f64::from(i8::arbitrary(u)?) / 300.0 * unit,
            59 | 60 => [max, -max, max - unit, -max + unit][usize::from(u8::arbitrary(u)? % 4)],
            61 | 62 => f64::from(i32::arbitrary(u)?) / 1024.0,
            _ if bad => {
                [f64::NAN, f64::INFINITY, max.next_up(), -1e300][usize::from(u8::arbitrary(u)? % 4)]
            }
            _ => 0.0,
        })
    }

    /// A `RegionInput`: ≤ 3 outlines of ≤ 3 rings of ≤ 6 points (rarely fewer than 3).
    fn region_input(u: &mut Unstructured<'_>, snap_bits: u8) -> arbitrary::Result<Value> {
        let unit = 1.0 / f64::from(1u32 << snap_bits.min(16));
        let scale =
            [unit, 3.0 * unit, 1.0, 0.375, 1024.0, 262_144.0][usize::from(u8::arbitrary(u)? % 6)];
        // One case in eight may hold bad values or short rings (X3 errors).
        let bad = u8::arbitrary(u)? % 8 == 0;
        let mut outlines = Vec::new();
        for _ in 0..u8::arbitrary(u)? % 4 {
            let mut rings = Vec::new();
            for _ in 0..1 + u8::arbitrary(u)? % 3 {
                let n = match u8::arbitrary(u)? % 16 {
                    0 if bad => usize::from(u8::arbitrary(u)? % 3),
                    k => 3 + usize::from(k % 4),
                };
                let mut ring = Vec::with_capacity(n);
                for _ in 0..n {
                    let x = public_coordinate(u, scale, unit, bad)?;
                    let y = public_coordinate(u, scale, unit, bad)?;
                    ring.push(json!([crate::case::f64_json(x), crate::case::f64_json(y)]));
                }
                rings.push(Value::Array(ring));
            }
            outlines.push(Value::Array(rings));
        }
        Ok(json!({"snapBits": snap_bits, "outlines": outlines}))
    }

    fn snap_bits(u: &mut Unstructured<'_>) -> arbitrary::Result<u8> {
        Ok(match u8::arbitrary(u)? % 40 {
            0 => 17,
            k if k % 4 == 1 => 0,
            k if k % 4 == 2 => 16,
            k => k % 17,
        })
    }

    fn check_region(region: crate::Result<crate::Region>, agreed: &Value, input: &Value) {
        let region =
            region.unwrap_or_else(|e| panic!("engine failed after agreeing: {e}\n input: {input}"));
        if let Err(e) = region.check() {
            panic!("invalid region: {e}\n input: {input}");
        }
        assert_eq!(
            &crate::case::region_json(&region),
            agreed,
            "typed result differs on {input}"
        );
    }

    /// Ops `fromOutlines`, `union`, `intersection`, `difference`, `xor`: engine ==
    /// reference; a valid result passes `Region::check()` ([W1], [R3]–[R6]).
    /// Most ring points a `regions` case may hold over its operands: random rings cross
    /// each other, so the exact reference's work grows with the square of the points;
    /// larger cases are left to the fast target and the corpus.
    const REGIONS_MAX_POINTS: usize = 40;

    /// The ring points of every `outlines` array in a case (also inside `a` and `b`).
    fn case_points(v: &Value) -> usize {
        let in_outlines = |o: &Value| {
            o.as_array().map_or(0, |outlines| {
                outlines
                    .iter()
                    .filter_map(Value::as_array)
                    .flatten()
                    .filter_map(Value::as_array)
                    .map(Vec::len)
                    .sum()
            })
        };
        in_outlines(&v["outlines"])
            + in_outlines(&v["a"]["outlines"])
            + in_outlines(&v["b"]["outlines"])
    }

    #[test]
    fn case_points_counts_every_operand() {
        let tri = json!([[[0, 0], [1, 0], [0, 1]]]);
        let quad = json!([[[0, 0], [1, 0], [1, 1], [0, 1]], [[0, 0], [2, 0], [0, 2]]]);
        let one = json!({"op": "fromOutlines", "outlines": [tri.clone(), quad.clone()]});
        assert_eq!(case_points(&one), 10);
        let two = json!({"op": "xor", "a": {"outlines": [quad]}, "b": {"outlines": [tri]}});
        assert_eq!(case_points(&two), 10);
    }

    pub fn regions(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok(input) = regions_case(&mut u) else {
            return;
        };
        if case_points(&input) > REGIONS_MAX_POINTS {
            return;
        }
        let Ok(agreed) = super::same_outcome(&input) else {
            return;
        };
        let parse = |v: &Value| {
            crate::case::parse_region_case(v).map_err(|e| match e {
                crate::case::CaseError::Engine(e) => e,
                other => panic!("unexpected {other:?} on {input}"),
            })
        };
        let region = match input["op"].as_str() {
            Some("fromOutlines") => parse(&input),
            Some(op) => {
                let (a, b) = (parse(&input["a"]), parse(&input["b"]));
                let (Ok(a), Ok(b)) = (a, b) else {
                    panic!("an operand failed after agreeing on {input}");
                };
                // The boundary of the operands' arrangement under the op's rule (the
                // stage op `boundary`).
                if a.snap_bits() == b.snap_bits() {
                    let mut edges = Vec::new();
                    for (region, tag) in [(&a, EdgeTag::Operand0), (&b, EdgeTag::Operand1)] {
                        for ring in region.rings() {
                            edges.extend(crate::region::ring_edges(ring, tag));
                        }
                    }
                    let stage = json!({"op": "boundary", "snapBits": a.snap_bits(),
                        "gridEdges": crate::case::grid_edges_json(&edges), "operation": op});
                    // Rings are closed chains: the stage accepts them.
                    assert!(super::same_outcome(&stage).is_ok(), "{stage}");
                }
                match op {
                    "union" => a.union(&b),
                    "intersection" => a.intersection(&b),
                    "difference" => a.difference(&b),
                    _ => a.xor(&b),
                }
            }
            None => unreachable!("the case names its op"),
        };
        check_region(region, &agreed, &input);
    }

    fn regions_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
        let op = ["fromOutlines", "union", "intersection", "difference", "xor"]
            [usize::from(u8::arbitrary(u)? % 5)];
        let bits = snap_bits(u)?;
        Ok(if op == "fromOutlines" {
            let mut input = region_input(u, bits)?;
            input["op"] = json!(op);
            input
        } else {
            let bits_b = if u8::arbitrary(u)? % 10 == 0 {
                snap_bits(u)?
            } else {
                bits
            };
            json!({"op": op, "a": region_input(u, bits)?, "b": region_input(u, bits_b)?})
        })
    }

    /// Op `fromTileMap` (≤ 12×12): engine == reference; a valid result passes
    /// `Region::check()` ([W1], [T1]–[T4], X5).
    pub fn tile_map(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok((input, cells)) = tile_map_case(&mut u) else {
            return;
        };
        let Ok(agreed) = super::same_outcome(&input) else {
            return;
        };
        let parse = |k: &str| crate::case::parse_f64(&input[k]).expect("agreed input parses");
        let origin = crate::case::parse_f64_point(&input["origin"]).expect("agreed origin");
        let size = |k: &str| input[k].as_u64().expect("agreed size") as usize;
        let bits = input["snapBits"].as_u64().expect("agreed snap bits") as u8;
        let region = crate::Region::from_tile_map(
            &cells,
            size("width"),
            size("height"),
            parse("cellSize"),
            origin,
            crate::Geometry2DOptions { snap_bits: bits },
        );
        check_region(region, &agreed, &input);
    }

    fn tile_map_case(u: &mut Unstructured<'_>) -> arbitrary::Result<(Value, Vec<bool>)> {
        let bits = snap_bits(u)?;
        let unit = 1.0 / f64::from(1u32 << bits.min(16));
        let mut width = i64::from(u8::arbitrary(u)? % 13);
        let height = i64::from(u8::arbitrary(u)? % 13);
        let density = u8::arbitrary(u)? % 4;
        let mut cells: Vec<bool> = (0..width * height)
            .map(|_| Ok(u8::arbitrary(u)? % 4 < density.max(1)))
            .collect::<arbitrary::Result<_>>()?;
        let cell_size = match u8::arbitrary(u)? % 12 {
            0..=2 => unit,
            3 => 1.5 * unit,
            4 | 5 => 1.0,
            6 => 0.75,
            7 => f64::from(u16::arbitrary(u)?) * unit / 7.0,
            8 => 0.49 * unit,
            9 => 300_000.0,
            10 => f64::NAN,
            _ => 2.5,
        };
        let origin = match u8::arbitrary(u)? % 8 {
            0..=2 => [0.0, 0.0],
            3 | 4 => [
                f64::from(i8::arbitrary(u)?) * 0.5 * unit,
                f64::from(i8::arbitrary(u)?) * 0.5 * unit,
            ],
            5 => [
                f64::from(i16::arbitrary(u)?) / 97.0,
                f64::from(i16::arbitrary(u)?) / 89.0,
            ],
            6 => [2_097_152.0 - 4.0, -2_097_152.0],
            _ => [f64::INFINITY, 0.0],
        };
        match u8::arbitrary(u)? % 24 {
            0 => cells.push(true),   // wrong length
            1 => width = -width - 1, // negative width
            _ => {}
        }
        let json_cells: Vec<u8> = cells.iter().map(|&c| u8::from(c)).collect();
        let input = json!({"op": "fromTileMap", "snapBits": bits, "width": width, "height": height,
            "cellSize": crate::case::f64_json(cell_size),
            "origin": [crate::case::f64_json(origin[0]), crate::case::f64_json(origin[1])],
            "cells": json_cells});
        Ok((input, cells))
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

    type OffsetCase = (Value, Value, f64, crate::offset::Join, f64);

    fn offset_case(u: &mut Unstructured<'_>) -> arbitrary::Result<OffsetCase> {
        let snap_bits = u.int_in_range(0u8..=3)?;
        let region = small_outlines(u, snap_bits)?;
        let (r, tolerance) = radius_and_tolerance(u, snap_bits)?;
        let distance = if bool::arbitrary(u)? { r } else { -r };
        let join = if bool::arbitrary(u)? {
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
    }

    /// Most edges an `offset` or `shrink` case may feed the overlay (region edges plus
    /// pieces): the reference unions them exactly, and a large radius over a few vertices
    /// makes every piece cross every other. Larger cases are left to the fast targets and
    /// the corpus.
    const OVERLAY_MAX_EDGES: usize = 96;

    /// One `offset` case (round or square join, grow or shrink) on small outlines.
    pub fn offset(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok((input, region, distance, join, tolerance)) = offset_case(&mut u) else {
            return;
        };
        let Ok(engine_region) = crate::case::parse_region_case(&region) else {
            panic!("region input rejected by the typed API but not by the case: {input}");
        };
        let edges = crate::offset::offset_edges(&engine_region, distance, join, tolerance);
        if edges.is_ok_and(|e| e.len() > OVERLAY_MAX_EDGES) {
            return;
        }
        let agreed = super::same_outcome(&input);
        check_region_outcome(&agreed, engine_region.offset(distance, join, tolerance));
        same_stage_outcome(&input, "offsetEdges");
    }

    /// The stage op `stage` on the case of its composite op (the same fields) agrees too.
    fn same_stage_outcome(input: &Value, stage: &str) {
        let mut case = input.clone();
        case["op"] = json!(stage);
        super::assert_same(&case);
    }

    fn shrink_case(u: &mut Unstructured<'_>) -> arbitrary::Result<(Value, Value, f64, f64)> {
        let snap_bits = u.int_in_range(0u8..=3)?;
        let region = small_outlines(u, snap_bits)?;
        let (radius, tolerance) = radius_and_tolerance(u, snap_bits)?;
        let tolerance = if bool::arbitrary(u)? {
            let cell = f64::from(u.int_in_range(1u8..=4)?) / f64::from(1u32 << snap_bits);
            crate::shrink::pipeline_arc_tolerance(cell, radius)
        } else {
            tolerance
        };
        let input = json!({"op": "shrink", "region": region, "radius": radius,
                           "arcTolerance": tolerance});
        Ok((input, region, radius, tolerance))
    }

    /// One `shrink` case on small outlines (half with the pipeline's tolerance, [S7]), up
    /// to `OVERLAY_MAX_EDGES` overlay edges.
    pub fn shrink(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok((input, region, radius, tolerance)) = shrink_case(&mut u) else {
            return;
        };
        let Ok(engine_region) = crate::case::parse_region_case(&region) else {
            panic!("region input rejected by the typed API but not by the case: {input}");
        };
        let edges = crate::shrink::shrink_edges(&engine_region, radius, tolerance);
        if edges.is_ok_and(|e| e.len() > OVERLAY_MAX_EDGES) {
            return;
        }
        let agreed = super::same_outcome(&input);
        check_region_outcome(&agreed, engine_region.shrink(radius, tolerance));
        same_stage_outcome(&input, "shrinkEdges");
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
        let input = cdt_input(&points, &constraints);
        if super::same_outcome(&input).is_ok() {
            let cdt = crate::cdt::Cdt::new(&points, &constraints)
                .unwrap_or_else(|e| panic!("engine failed after agreeing: {e:?}"));
            if let Err(e) = cdt.check() {
                panic!("Cdt::check failed: {e:?}\n input: {input}");
            }
        }
    }

    /// The size split of [`cdt_case`]: with the mode's top bit set no case exceeds a
    /// quarter of [`CDT_MAX_POINTS`] (or a 5×5 lattice), while the others reach past 64.
    #[test]
    fn cdt_cases_with_the_top_mode_bit_are_small() {
        let mut s: u64 = 0x2545_f491_4f6c_dd1d;
        let mut byte = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 24) as u8
        };
        let (mut small_max, mut large_max) = (0, 0);
        for i in 0..4000 {
            let mut data: Vec<u8> = (0..600).map(|_| byte()).collect();
            let large = i % 2 == 0;
            data[0] = if large {
                data[0] & 0x7f
            } else {
                data[0] | 0x80
            };
            let Ok((points, _)) = cdt_case(&mut Unstructured::new(&data)) else {
                continue;
            };
            let max = if large {
                &mut large_max
            } else {
                &mut small_max
            };
            *max = (*max).max(points.len());
        }
        assert!(small_max <= 25, "{small_max}");
        assert!(large_max > 64, "{large_max}");
    }

    type IndexPairs = Vec<(usize, usize)>;

    fn cdt_input(points: &[GridPoint], constraints: &[(usize, usize)]) -> Value {
        let pts: Vec<Value> = points.iter().map(|p| json!([p.x, p.y])).collect();
        let cons: Vec<Value> = constraints.iter().map(|&(a, b)| json!([a, b])).collect();
        json!({"op": "cdt", "points": pts, "constraints": cons})
    }

    fn cdt_case(u: &mut Unstructured<'_>) -> arbitrary::Result<(Vec<GridPoint>, IndexPairs)> {
        let mode = u8::arbitrary(u)?;
        let errors = mode % 16 == 0;
        // Half the inputs (mode's top bit set) have at most a quarter as many points
        // (20, a 5×5 lattice): the reference's cost grows faster than n, and this keeps
        // the mean run short (issue 16's 100 runs per second, under ASan too: 75 → 192
        // per CPU s). The same bytes are read either way, so the committed seeds (top
        // bit clear) decode as they did.
        let large = mode & 0x80 == 0;
        let n = u.int_in_range(0..=CDT_MAX_POINTS)?;
        let n = if large { n } else { n / 4 };
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
                let k = if large { k } else { k.min(5) };
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

    // Noded constraints ([D0]) from picks: one writer, in `fuzzing`.
    use crate::fuzzing::noded_constraints;

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
        let outlines: Vec<crate::region::Outline> = outlines
            .into_iter()
            .map(|rings| crate::region::Outline { rings })
            .collect();
        let options = crate::Geometry2DOptions { snap_bits: bits };
        let engine = crate::Region::from_outlines(&outlines, options);
        // Self-crossing rings can make hundreds of vertices, which the reference's
        // triangulation takes long over; those are left to the fast target.
        if engine
            .as_ref()
            .is_ok_and(|r| r.rings().iter().map(Vec::len).sum::<usize>() > TRIANGULATE_MAX_VERTICES)
        {
            return;
        }
        if super::same_outcome(&input).is_err() {
            return;
        }
        let region = engine.unwrap_or_else(|e| panic!("engine failed after agreeing: {e:?}"));
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

    /// Most region vertices a `triangulate` case may have (see [`triangulate`]).
    const TRIANGULATE_MAX_VERTICES: usize = 64;

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

    /// The case a differential target's bytes decode to (`None`: they decode to nothing),
    /// by the same generators the targets run; `crate::fuzzing::decode` and
    /// `build2d fuzz-case` call it.
    pub fn decode(name: &str, data: &[u8]) -> Option<Value> {
        let mut u = Unstructured::new(data);
        let u = &mut u;
        match name {
            "predicates" => predicate_case(u).ok(),
            "partition" => partition_case(u).ok().map(|c| c.0),
            "pipeline" => pipeline_case(u).ok().map(|c| c.0),
            "arrangement" => arrangement_edges(u).ok().map(|e| arrangement_input(&e)),
            "regions" => regions_case(u).ok(),
            "tile_map" => tile_map_case(u).ok().map(|c| c.0),
            "offset" => offset_case(u).ok().map(|c| c.0),
            "shrink" => shrink_case(u).ok().map(|c| c.0),
            "cdt" => cdt_case(u).ok().map(|(p, c)| cdt_input(&p, &c)),
            "triangulate" => triangulate_case(u)
                .ok()
                .map(|(bits, o)| json!({"op": "triangulate", "region": {"snapBits": bits, "outlines": o}})),
            _ => None,
        }
    }

    /// The fuzz entry point of a target name, for seed replay.
    pub fn fuzz_target(name: &str) -> Option<fn(&[u8])> {
        Some(match name {
            "predicates" => predicates,
            "cdt" => cdt,
            "triangulate" => triangulate,
            "offset" => offset,
            "shrink" => shrink,
            "partition" => partition,
            "pipeline" => pipeline,
            "arrangement" => arrangement,
            "regions" => regions,
            "tile_map" => tile_map,
            _ => return None,
        })
    }
}
