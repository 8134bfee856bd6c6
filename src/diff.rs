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

    fn snap_bits(u: &mut Unstructured<'_>) -> arbitrary::Result<u8> {
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
        let bits = snap_bits(u)?;
        let limit = usize::from(u8::arbitrary(u)? % 16) + 2; // 2 ..= 17: both ends invalid
        let outlines = cell_outlines(&map);
        Ok((
            json!({"op": "partitionConvex", "region": {"snapBits": bits, "outlines": outlines}, "maxVertices": limit}),
            limit,
        ))
    }

    /// The filled cells of a tile map as one outline each (a square ring of f64 corners).
    pub fn cell_outlines(map: &Value) -> Value {
        let width = map["width"].as_u64().unwrap_or(0) as usize;
        let size = map["cellSize"].as_f64().unwrap_or(1.0);
        let (ox, oy) = (
            map["origin"][0].as_f64().unwrap_or(0.0),
            map["origin"][1].as_f64().unwrap_or(0.0),
        );
        let cells = map["cells"].as_array().cloned().unwrap_or_default();
        let mut outlines = Vec::new();
        for (i, c) in cells.iter().enumerate() {
            if c.as_u64() != Some(1) {
                continue;
            }
            let (x, y) = ((i % width.max(1)) as f64, (i / width.max(1)) as f64);
            let (x0, y0) = (ox + x * size, oy + y * size);
            let (x1, y1) = (ox + (x + 1.0) * size, oy + (y + 1.0) * size);
            outlines.push(json!([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]]));
        }
        Value::Array(outlines)
    }

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
        let bits = snap_bits(u)?;
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

    /// The fuzz entry point of a target name, for seed replay.
    pub fn fuzz_target(name: &str) -> Option<fn(&[u8])> {
        Some(match name {
            "predicates" => predicates,
            "partition" => partition,
            "pipeline" => pipeline,
            _ => return None,
        })
    }
}
