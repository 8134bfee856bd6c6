//! The first divergent stage of a composite op (docs/ports.md §2): the stages that feed
//! the op, each stage's input built from the engine's output of the stage before.

use serde_json::{json, Value};

use crate::shrink::pipeline_arc_tolerance;

/// A region output (`{"snapBits", "rings"}`) as a RegionInput for the next stage: world
/// coordinates X / 2^s (exact) as ONE outline of all its rings, read even-odd.
pub fn region_as_input(region: &Value) -> Option<Value> {
    let bits = region.get("snapBits")?.as_i64()?;
    let scale = 1.0 / f64::from(1u32 << bits.clamp(0, 16));
    let rings: Option<Vec<Value>> = region
        .get("rings")?
        .as_array()?
        .iter()
        .map(|ring| {
            let points: Option<Vec<Value>> = ring
                .as_array()?
                .iter()
                .map(|p| {
                    let (x, y) = (p.get(0)?.as_i64()?, p.get(1)?.as_i64()?);
                    Some(json!([x as f64 * scale, y as f64 * scale]))
                })
                .collect();
            points.map(Value::Array)
        })
        .collect();
    let outlines = match rings? {
        r if r.is_empty() => vec![],
        r => vec![Value::Array(r)],
    };
    Some(json!({"snapBits": bits, "outlines": outlines}))
}

fn with_op(op: &str, mut fields: Value) -> Value {
    fields["op"] = json!(op);
    fields
}

/// The stage inputs of `input`, in pipeline order, ending with `input` itself. A stage
/// whose engine output is an error ends the chain there (nothing after it can run).
pub fn chain(input: &Value) -> Vec<Value> {
    let op = input.get("op").and_then(Value::as_str).unwrap_or("");
    let mut stages = Vec::new();
    // Runs a region stage on the engine and returns the next stage's RegionInput.
    let region_stage = |stage: Value, stages: &mut Vec<Value>| -> Option<Value> {
        let out = crate::case::run_case_json(&stage).ok();
        stages.push(stage);
        region_as_input(&out?)
    };
    let done = |mut stages: Vec<Value>, input: &Value| {
        stages.push(input.clone());
        stages
    };
    match op {
        "union" | "intersection" | "difference" | "xor" => {
            for side in ["a", "b"] {
                let Some(r) = input.get(side) else {
                    return done(stages, input);
                };
                if region_stage(with_op("fromOutlines", r.clone()), &mut stages).is_none() {
                    return stages;
                }
            }
            done(stages, input)
        }
        "offset" | "shrink" | "triangulate" => {
            let Some(r) = input.get("region") else {
                return done(stages, input);
            };
            if region_stage(with_op("fromOutlines", r.clone()), &mut stages).is_none() {
                return stages;
            }
            done(stages, input)
        }
        "partitionConvex" => {
            let Some(r) = input.get("region") else {
                return done(stages, input);
            };
            let Some(region) = region_stage(with_op("fromOutlines", r.clone()), &mut stages) else {
                return stages;
            };
            stages.push(json!({"op": "triangulate", "region": region.clone()}));
            done(stages, input)
        }
        "mesh" => mesh_chain(input),
        _ => done(stages, input),
    }
}

/// mesh: region → shrink → triangulate → partitionConvex → mesh (X18).
fn mesh_chain(input: &Value) -> Vec<Value> {
    let mut stages = Vec::new();
    let bits = input.get("snapBits").cloned().unwrap_or(Value::Null);
    let (source, cell_size) = if let Some(map) = input.get("tileMap") {
        let mut s = map.clone();
        s["op"] = json!("fromTileMap");
        s["snapBits"] = bits.clone();
        (s, map.get("cellSize").and_then(Value::as_f64))
    } else {
        let s = json!({"op": "fromOutlines", "snapBits": bits,
            "outlines": input.get("outlines").cloned().unwrap_or(Value::Null)});
        (s, input.get("cellSize").and_then(Value::as_f64))
    };
    let region = crate::case::run_case_json(&source).ok();
    stages.push(source);
    let Some(mut region) = region.as_ref().and_then(region_as_input) else {
        stages.push(input.clone());
        return stages;
    };
    let radius = input.get("agentRadius").and_then(Value::as_f64);
    let max_vertices = input.get("maxVertices").cloned().unwrap_or(Value::Null);
    let valid_mv = max_vertices.as_i64().is_some_and(|m| (3..=16).contains(&m));
    match (radius, cell_size) {
        (Some(r), Some(c)) if r > 0.0 && r.is_finite() && c.is_finite() && c > 0.0 && valid_mv => {
            let stage = json!({"op": "shrink", "region": region, "radius": r,
                "arcTolerance": pipeline_arc_tolerance(c, r)});
            let out = crate::case::run_case_json(&stage).ok();
            stages.push(stage);
            match out.as_ref().and_then(region_as_input) {
                Some(r) => region = r,
                None => {
                    stages.push(input.clone());
                    return stages;
                }
            }
        }
        (Some(r), _) if r == 0.0 && valid_mv => {}
        _ => {
            stages.push(input.clone());
            return stages;
        }
    }
    stages.push(json!({"op": "triangulate", "region": region.clone()}));
    stages.push(json!({"op": "partitionConvex", "region": region, "maxVertices": max_vertices}));
    stages.push(input.clone());
    stages
}

/// The first stage input of `input`'s chain on which `diverges` holds (the port declares
/// the stage's op and disagrees with the engine), or `input` itself.
pub fn first_divergent(
    input: &Value,
    declared: &[String],
    diverges: &mut dyn FnMut(&Value) -> bool,
) -> Value {
    for stage in chain(input) {
        let op = stage.get("op").and_then(Value::as_str).unwrap_or("");
        if declared.iter().any(|d| d == op) && diverges(&stage) {
            return stage;
        }
    }
    input.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_region_passed_on_is_the_same_region() {
        let input = json!({"op": "fromOutlines", "snapBits": 2, "outlines": [
            [[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]], [[1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 2.0]]],
            [[[3.0, 3.0], [6.0, 3.0], [6.0, 6.0], [3.0, 6.0]]]
        ]});
        let region = crate::case::run_case_json(&input).unwrap();
        let again = with_op("fromOutlines", region_as_input(&region).unwrap());
        assert_eq!(crate::case::run_case_json(&again).unwrap(), region);
    }

    #[test]
    fn the_mesh_chain() {
        let input = json!({"op": "mesh", "snapBits": 4, "agentRadius": 0.25, "maxVertices": 6,
            "tileMap": {"width": 3, "height": 2, "cellSize": 1.0, "origin": [0.0, 0.0],
                        "cells": [1, 1, 1, 1, 0, 1]}});
        let ops: Vec<String> = chain(&input)
            .iter()
            .map(|s| s["op"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(
            ops,
            [
                "fromTileMap",
                "shrink",
                "triangulate",
                "partitionConvex",
                "mesh"
            ]
        );
        // The chain reproduces the op: partitionConvex of the shrunk region is the mesh.
        let stages = chain(&input);
        let mut part = crate::case::run_case_json(&stages[3]).unwrap();
        part["snapBits"] = json!(4);
        assert_eq!(crate::case::run_case_json(&input).unwrap(), part);
    }
}
