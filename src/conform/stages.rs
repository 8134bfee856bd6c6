//! The first divergent stage of a composite op (docs/ports.md §2): the stages that feed
//! the op, each stage's input built from the engine's output of the stage before.
//!
//! A region built from outlines is preceded by the arrangements X2 builds it from, a
//! boolean by the arrangement of its operands' rings, a shrink or an offset by its fed
//! edges (`shrinkEdges`, `offsetEdges`) and their arrangement (X13, X14), and a triangulation by the CDT of its region
//! (X16). So a port whose snap rounding or CDT is wrong is told so, not only that the
//! region or the triangles that came out of them differ.

use serde_json::{json, Value};

use crate::arrangement::{EdgeTag, TaggedEdge};
use crate::case::{grid_edges_json, operation_name, parse_f64_point, run_case_json};
use crate::grid::GridPoint;
use crate::rings::Operation;
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

/// `fields` as a case of `op`. A RegionInput that is not an object stays as it is, under
/// a key of its own, so the case is malformed and the engine says so.
fn with_op(op: &str, fields: Value) -> Value {
    match fields {
        Value::Object(mut fields) => {
            fields.insert("op".into(), json!(op));
            Value::Object(fields)
        }
        other => json!({"op": op, "regionInput": other}),
    }
}

/// The stage inputs of `input`, in pipeline order, ending with `input` itself. A stage
/// whose engine output is an error ends the chain there (nothing after it can run).
pub fn chain(input: &Value) -> Vec<Value> {
    let op = input.get("op").and_then(Value::as_str).unwrap_or("");
    let mut stages = Vec::new();
    let done = |mut stages: Vec<Value>, input: &Value| {
        stages.push(input.clone());
        stages
    };
    match op {
        "fromOutlines" => {
            if run_case_json(input).is_ok() {
                outline_stages(input, &mut stages);
            }
            done(stages, input)
        }
        "union" | "intersection" | "difference" | "xor" => {
            let mut operands = Vec::new();
            for (side, tag) in [("a", EdgeTag::Operand0), ("b", EdgeTag::Operand1)] {
                let Some(r) = input.get(side) else {
                    return done(stages, input);
                };
                let Some(region) = region_stages(r, &mut stages) else {
                    return stages;
                };
                operands.push((region, tag));
            }
            // Operands of different snap bits are the op's own error ([G5]), not an
            // arrangement.
            if operands[0].0.get("snapBits") == operands[1].0.get("snapBits") {
                let mut edges = Vec::new();
                for (region, tag) in &operands {
                    ring_edges(&region_rings(region).unwrap_or_default(), *tag, &mut edges);
                }
                let bits = operands[0].0.get("snapBits").cloned();
                let grid_edges = grid_edges_json(&edges);
                stages.extend(overlay_stages(bits.unwrap_or(Value::Null), grid_edges, op));
            }
            done(stages, input)
        }
        // A boundary is the labelling of its own arrangement.
        "boundary" => {
            if run_case_json(input).is_ok() {
                let mut arrangement = input.clone();
                arrangement["op"] = json!("arrangement");
                if let Some(fields) = arrangement.as_object_mut() {
                    fields.remove("operation");
                }
                stages.push(arrangement);
            }
            done(stages, input)
        }
        "offset" | "shrink" | "offsetEdges" | "shrinkEdges" | "triangulate" | "partitionConvex" => {
            let Some(r) = input.get("region") else {
                return done(stages, input);
            };
            let Some(region) = region_stages(r, &mut stages) else {
                return stages;
            };
            match op {
                "offset" | "shrink" => stages.extend(fed_edges_stages(input)),
                "triangulate" | "partitionConvex" => stages.extend(cdt_stage(&region)),
                _ => {}
            }
            if op == "partitionConvex" {
                stages.extend(
                    region_as_input(&region)
                        .map(|passed_on| json!({"op": "triangulate", "region": passed_on})),
                );
            }
            done(stages, input)
        }
        "mesh" => mesh_chain(input),
        _ => done(stages, input),
    }
}

/// mesh: region → shrink → triangulate → partitionConvex → mesh (X18), each with the
/// stages before it that feed it.
fn mesh_chain(input: &Value) -> Vec<Value> {
    let mut stages = Vec::new();
    let bits = input.get("snapBits").cloned().unwrap_or(Value::Null);
    let (source, cell_size) = match input.get("tileMap") {
        Some(map) => (
            tile_map_case(map, bits.clone()),
            map.get("cellSize").and_then(Value::as_f64),
        ),
        None => {
            let s = json!({"op": "fromOutlines", "snapBits": bits,
                "outlines": input.get("outlines").cloned().unwrap_or(Value::Null)});
            (s, input.get("cellSize").and_then(Value::as_f64))
        }
    };
    let Some(mut region) = source_stages(source, &mut stages) else {
        stages.push(input.clone());
        return stages;
    };
    let radius = input.get("agentRadius").and_then(Value::as_f64);
    let max_vertices = input.get("maxVertices").cloned().unwrap_or(Value::Null);
    let valid_mv = max_vertices.as_i64().is_some_and(|m| (3..=16).contains(&m));
    match (radius, cell_size) {
        (Some(r), Some(c)) if r > 0.0 && r.is_finite() && c.is_finite() && c > 0.0 && valid_mv => {
            let Some(passed_on) = region_as_input(&region) else {
                stages.push(input.clone());
                return stages;
            };
            let stage = json!({"op": "shrink", "region": passed_on, "radius": r,
                "arcTolerance": pipeline_arc_tolerance(c, r)});
            stages.extend(fed_edges_stages(&stage));
            let out = run_case_json(&stage).ok();
            stages.push(stage);
            match out {
                Some(shrunk) => region = shrunk,
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
    let Some(passed_on) = region_as_input(&region) else {
        stages.push(input.clone());
        return stages;
    };
    stages.extend(cdt_stage(&region));
    stages.push(json!({"op": "triangulate", "region": passed_on.clone()}));
    stages.push(json!({"op": "partitionConvex", "region": passed_on, "maxVertices": max_vertices}));
    stages.push(input.clone());
    stages
}

/// A `fromTileMap` case of a tile map object (the five fields of a RegionInput's
/// `tileMap`) and the snap bits given beside it.
fn tile_map_case(map: &Value, bits: Value) -> Value {
    let mut case = match map {
        Value::Object(fields) => Value::Object(fields.clone()),
        // Not a tile map: the case is malformed, and the engine says so.
        other => json!({"tileMap": other.clone()}),
    };
    case["op"] = json!("fromTileMap");
    case["snapBits"] = bits;
    case
}

/// The stages that build a RegionInput's region, ending with its `fromOutlines` or
/// `fromTileMap` case; the region, or None when the engine refuses it (the chain ends
/// there).
fn region_stages(input: &Value, stages: &mut Vec<Value>) -> Option<Value> {
    let source = match input.get("tileMap") {
        Some(map) if input.get("outlines").is_none() => {
            tile_map_case(map, input.get("snapBits").cloned().unwrap_or(Value::Null))
        }
        _ => with_op("fromOutlines", input.clone()),
    };
    source_stages(source, stages)
}

/// Runs a region source case, pushes the arrangements it is built from (outlines only)
/// and the case itself, and returns the region.
fn source_stages(source: Value, stages: &mut Vec<Value>) -> Option<Value> {
    let region = run_case_json(&source).ok();
    if region.is_some() && source.get("op") == Some(&json!("fromOutlines")) {
        outline_stages(&source, stages);
    }
    stages.push(source);
    region
}

/// The stages X2 resolves a `fromOutlines` case through, before the case itself: each
/// outline's arrangement (its snapped ring edges, operand 0); with more than one outline,
/// each outline resolved alone (`fromOutlines` of it) after its arrangement, then the
/// arrangement of all the resolved rings (the n-ary union, operand 0). Called only for a
/// case the engine accepts, so every coordinate snaps.
fn outline_stages(case: &Value, stages: &mut Vec<Value>) {
    let Some(bits) = case.get("snapBits").and_then(Value::as_i64) else {
        return;
    };
    let Ok(snap_bits) = u8::try_from(bits) else {
        return;
    };
    let Some(outlines) = case.get("outlines").and_then(Value::as_array) else {
        return;
    };
    let several = outlines.len() > 1;
    let mut union = Vec::new();
    for outline in outlines {
        let Some(rings) = snapped_outline(outline, snap_bits) else {
            return;
        };
        let mut edges = Vec::new();
        ring_edges(&rings, EdgeTag::Operand0, &mut edges);
        if !edges.is_empty() {
            stages.extend(overlay_stages(
                json!(bits),
                grid_edges_json(&edges),
                operation_name(Operation::EvenOdd),
            ));
        }
        if several {
            let alone = json!({"op": "fromOutlines", "snapBits": bits, "outlines": [outline]});
            let Some(resolved) = run_case_json(&alone).ok() else {
                return;
            };
            stages.push(alone);
            ring_edges(
                &region_rings(&resolved).unwrap_or_default(),
                EdgeTag::Operand0,
                &mut union,
            );
        }
    }
    if !union.is_empty() {
        stages.extend(overlay_stages(
            json!(bits),
            grid_edges_json(&union),
            operation_name(Operation::Union),
        ));
    }
}

/// An outline's rings snapped as X2 snaps them (X4); None when a point cannot be read or
/// snapped.
fn snapped_outline(outline: &Value, snap_bits: u8) -> Option<Vec<Vec<GridPoint>>> {
    outline
        .as_array()?
        .iter()
        .map(|ring| {
            ring.as_array()?
                .iter()
                .map(|p| GridPoint::snapped(parse_f64_point(p).ok()?, snap_bits).ok())
                .collect()
        })
        .collect()
}

/// The grid rings of a region output.
fn region_rings(region: &Value) -> Option<Vec<Vec<GridPoint>>> {
    region
        .get("rings")?
        .as_array()?
        .iter()
        .map(|ring| {
            ring.as_array()?
                .iter()
                .map(|p| {
                    Some(GridPoint {
                        x: p.get(0)?.as_i64()?,
                        y: p.get(1)?.as_i64()?,
                    })
                })
                .collect()
        })
        .collect()
}

/// Every ring's directed edges as the engine feeds them (`region::ring_edges`), tagged
/// `tag`; zero-length ones are left out ([A1] drops them).
fn ring_edges(rings: &[Vec<GridPoint>], tag: EdgeTag, edges: &mut Vec<TaggedEdge>) {
    let ring_edges = rings
        .iter()
        .flat_map(|ring| crate::region::ring_edges(ring, tag));
    edges.extend(ring_edges.filter(|e| e.from != e.to));
}

/// The stages of one overlay ([A0], [L5]): the `arrangement` of its fed grid edges, then
/// their `boundary` under the inside rule `rule` (X1), which the op then traces (X6).
fn overlay_stages(snap_bits: Value, grid_edges: Value, rule: &str) -> [Value; 2] {
    [
        json!({"op": "arrangement", "snapBits": snap_bits.clone(), "gridEdges": grid_edges.clone()}),
        json!({"op": "boundary", "snapBits": snap_bits, "gridEdges": grid_edges, "operation": rule}),
    ]
}

/// The stages between a `shrink` or `offset` case's region and the case itself, when the
/// engine accepts the case: its fed edges (`shrinkEdges` / `offsetEdges`, the case under
/// the stage op's name), then their arrangement ([S5], X13, X14).
fn fed_edges_stages(case: &Value) -> Vec<Value> {
    let Some(op) = case.get("op").and_then(Value::as_str) else {
        return Vec::new();
    };
    let edges_op = format!("{op}Edges");
    let edges_case = with_op(&edges_op, case.clone());
    let Ok(fed) = run_case_json(&edges_case) else {
        return Vec::new();
    };
    let bits = case.get("region").and_then(|r| r.get("snapBits")).cloned();
    let grows = op == "offset" && case.get("distance").and_then(Value::as_f64) > Some(0.0);
    let rule = operation_name(if grows {
        Operation::Union
    } else {
        Operation::Difference
    });
    let mut stages = vec![edges_case];
    // An offset of distance 0 or of the empty region feeds nothing, and has no
    // arrangement.
    if fed["gridEdges"].as_array().is_some_and(|e| !e.is_empty()) {
        let grid_edges = fed["gridEdges"].clone();
        stages.extend(overlay_stages(
            bits.unwrap_or(Value::Null),
            grid_edges,
            rule,
        ));
    }
    stages
}

/// The CDT that a triangulation of `region` runs (X16): the region's distinct vertices in
/// (x, y) order, its ring edges as index pairs (smaller first), deduplicated and sorted.
/// None for an empty region.
fn cdt_stage(region: &Value) -> Option<Value> {
    let rings = region_rings(region)?;
    let mut points: Vec<GridPoint> = rings.iter().flatten().copied().collect();
    points.sort_unstable();
    points.dedup();
    if points.is_empty() {
        return None;
    }
    let index = |p: GridPoint| points.binary_search(&p).ok();
    let mut edges = Vec::new();
    ring_edges(&rings, EdgeTag::Operand0, &mut edges);
    let mut constraints = edges
        .iter()
        .map(|e| {
            let (a, b) = (index(e.from)?, index(e.to)?);
            Some([a.min(b), a.max(b)])
        })
        .collect::<Option<Vec<_>>>()?;
    constraints.sort_unstable();
    constraints.dedup();
    let points: Vec<Value> = points.iter().map(|p| json!([p.x, p.y])).collect();
    Some(json!({"op": "cdt", "points": points, "constraints": constraints}))
}

/// The first stage input of `input`'s chain on which `diverges` holds (the port declares
/// the stage's op and disagrees with the engine), or `input` itself. `input`, known to
/// diverge, is not run again.
pub fn first_divergent(
    input: &Value,
    declared: &[String],
    diverges: &mut dyn FnMut(&Value) -> bool,
) -> Value {
    for stage in chain(input) {
        if stage == *input {
            break;
        }
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
    use crate::arrangement::arrange;
    use crate::case::region_json;
    use crate::region::overlay_arrangement;

    /// The ops of a chain, joined by spaces.
    fn ops(stages: &[Value]) -> String {
        let ops: Vec<&str> = stages.iter().map(|s| s["op"].as_str().unwrap()).collect();
        ops.join(" ")
    }

    /// The engine's own arrangement of an `arrangement` stage, labelled by `operation` and
    /// traced: the region the stage stands for.
    fn overlaid(stage: &Value, operation: Operation) -> Value {
        let edges: Vec<TaggedEdge> = stage["gridEdges"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                let point = |p: &Value| GridPoint {
                    x: p[0].as_i64().unwrap(),
                    y: p[1].as_i64().unwrap(),
                };
                let tag = [EdgeTag::Operand0, EdgeTag::Operand1, EdgeTag::Both]
                    [e["tag"].as_u64().unwrap() as usize];
                TaggedEdge {
                    from: point(&e["from"]),
                    to: point(&e["to"]),
                    tag,
                }
            })
            .collect();
        let bits = stage["snapBits"].as_u64().unwrap() as u8;
        let arrangement = arrange(&edges).unwrap();
        region_json(&overlay_arrangement(&arrangement, operation, bits).unwrap())
    }

    fn run(case: &Value) -> Value {
        run_case_json(case).unwrap()
    }

    /// The engine's answer to a `boundary` stage, traced into rings (X6): the region the
    /// stage stands for.
    fn traced(stage: &Value) -> Value {
        let out = run(stage);
        let point = |p: &Value| GridPoint {
            x: p[0].as_i64().unwrap(),
            y: p[1].as_i64().unwrap(),
        };
        let edges: Vec<(GridPoint, GridPoint)> = out["boundary"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (point(&e[0]), point(&e[1])))
            .collect();
        let mut points: Vec<GridPoint> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
        points.sort_unstable();
        points.dedup();
        let index = |p: GridPoint| points.binary_search(&p).unwrap();
        let indexed: Vec<(usize, usize)> =
            edges.iter().map(|&(a, b)| (index(a), index(b))).collect();
        let rings = crate::rings::trace_edges(&points, &indexed).unwrap();
        let bits = stage["snapBits"].as_u64().unwrap() as u8;
        region_json(&crate::Region::from_canonical_rings(bits, rings))
    }

    #[test]
    fn a_region_passed_on_is_the_same_region() {
        let input = json!({"op": "fromOutlines", "snapBits": 2, "outlines": [
            [[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]], [[1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 2.0]]],
            [[[3.0, 3.0], [6.0, 3.0], [6.0, 6.0], [3.0, 6.0]]]
        ]});
        let region = run(&input);
        let again = with_op("fromOutlines", region_as_input(&region).unwrap());
        assert_eq!(run(&again), region);
    }

    /// Each outline's arrangement, read even-odd, is that outline resolved; the last
    /// arrangement, read as a union, is the whole region. Outlines that cross, a
    /// self-crossing ring, points that snap together and a collapsed ring.
    #[test]
    fn the_arrangements_of_outlines_are_the_ones_x2_resolves_through() {
        let input = json!({"op": "fromOutlines", "snapBits": 2, "outlines": [
            [[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]], [[1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 2.0]]],
            [[[3.0, 3.0], [6.0, 3.1], [3.3, 6.0], [6.0, 6.0]]],
            [[[0.0, 0.0], [0.1, 0.0], [0.0, 0.1]], [[5.0, -1.0], [7.0, 0.6], [5.0, 0.6], [5.0, 0.6]]]
        ]});
        let stages = chain(&input);
        let overlay = "arrangement boundary";
        assert_eq!(
            ops(&stages),
            format!("{overlay} fromOutlines {overlay} fromOutlines {overlay} fromOutlines {overlay} fromOutlines")
        );
        for triple in stages[..9].chunks(3) {
            assert_eq!(overlaid(&triple[0], Operation::EvenOdd), run(&triple[2]));
            assert_eq!(traced(&triple[1]), run(&triple[2]));
        }
        assert_eq!(overlaid(&stages[9], Operation::Union), run(&input));
        assert_eq!(traced(&stages[10]), run(&input));
        // One outline: its arrangement and boundary, then the op.
        let one = json!({"op": "fromOutlines", "snapBits": 2, "outlines": [input["outlines"][1]]});
        let stages = chain(&one);
        assert_eq!(ops(&stages), "arrangement boundary fromOutlines");
        assert_eq!(overlaid(&stages[0], Operation::EvenOdd), run(&one));
        // An input the engine refuses has no arrangement: the error is the op's.
        let bad =
            json!({"op": "fromOutlines", "snapBits": 2, "outlines": [[[[0.0, 0.0], [1.0, 0.0]]]]});
        assert_eq!(ops(&chain(&bad)), "fromOutlines");
    }

    #[test]
    fn a_boolean_is_the_arrangement_of_its_operands_rings() {
        let a = json!({"snapBits": 3, "outlines": [[[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]]]});
        let b = json!({"snapBits": 3, "outlines": [[[[2.0, 2.0], [6.0, 2.5], [2.0, 6.0]]]]});
        for (op, operation) in [
            ("union", Operation::Union),
            ("intersection", Operation::Intersection),
            ("difference", Operation::Difference),
            ("xor", Operation::Xor),
        ] {
            let input = json!({"op": op, "a": a, "b": b});
            let stages = chain(&input);
            assert_eq!(
                ops(&stages),
                format!("arrangement boundary fromOutlines arrangement boundary fromOutlines arrangement boundary {op}")
            );
            assert_eq!(overlaid(&stages[6], operation), run(&input), "{op}");
            assert_eq!(stages[7]["operation"], op);
            assert_eq!(traced(&stages[7]), run(&input), "{op}");
        }
        // [G5]: operands of different snap bits get no arrangement.
        let mut other = b.clone();
        other["snapBits"] = json!(4);
        let stages = chain(&json!({"op": "union", "a": a, "b": other}));
        assert!(
            ops(&stages).ends_with("fromOutlines union"),
            "{}",
            ops(&stages)
        );
    }

    /// The fed edges' arrangement, read as the shrink's difference or the offset's union
    /// or difference, is the op's result.
    #[test]
    fn a_shrink_and_an_offset_are_the_arrangement_of_their_fed_edges() {
        let region = json!({"snapBits": 4, "outlines": [[
            [[0.0, 0.0], [6.0, 0.0], [6.0, 5.0], [3.0, 2.0], [0.0, 5.0]],
            [[1.0, 1.0], [1.0, 1.5], [1.5, 1.0]]
        ]]});
        let cases = [
            (
                json!({"op": "shrink", "region": region, "radius": 0.5, "arcTolerance": 0.1}),
                Operation::Difference,
            ),
            (
                json!({"op": "shrink", "region": region, "radius": 0.75, "cellSize": 0.25}),
                Operation::Difference,
            ),
            (
                json!({"op": "offset", "region": region, "distance": 0.5, "join": "round", "arcTolerance": 0.1}),
                Operation::Union,
            ),
            (
                json!({"op": "offset", "region": region, "distance": -0.25, "join": "square", "arcTolerance": 0.1}),
                Operation::Difference,
            ),
        ];
        for (input, operation) in cases {
            let stages = chain(&input);
            let op = input["op"].as_str().unwrap();
            assert_eq!(
                ops(&stages),
                format!("arrangement boundary fromOutlines {op}Edges arrangement boundary {op}")
            );
            // The stage op is the case under its name; its edges are the arrangement's.
            let mut renamed = input.clone();
            renamed["op"] = json!(format!("{op}Edges"));
            assert_eq!(stages[3], renamed);
            assert_eq!(run(&stages[3])["gridEdges"], stages[4]["gridEdges"]);
            assert_eq!(overlaid(&stages[4], operation), run(&input), "{input}");
            assert_eq!(traced(&stages[5]), run(&input), "{input}");
        }
        // Nothing fed, no arrangement: the offset of distance 0 returns its region.
        let zero = json!({"op": "offset", "region": region, "distance": 0.0, "join": "round",
            "arcTolerance": 0.1});
        assert_eq!(
            ops(&chain(&zero)),
            "arrangement boundary fromOutlines offsetEdges offset"
        );
    }

    /// The CDT stage holds every triangle of the triangulation (by its corners' points).
    #[test]
    fn a_triangulation_is_preceded_by_its_cdt() {
        let region = json!({"snapBits": 2, "outlines": [[
            [[0.0, 0.0], [6.0, 0.0], [6.0, 5.0], [3.0, 2.0], [0.0, 5.0]],
            [[1.0, 1.0], [1.0, 1.5], [1.5, 1.0]]
        ]]});
        let input = json!({"op": "triangulate", "region": region});
        let stages = chain(&input);
        assert_eq!(
            ops(&stages),
            "arrangement boundary fromOutlines cdt triangulate"
        );
        let cdt = run(&stages[3]);
        let corners = |points: &Value, t: &Value| {
            let mut c: Vec<Value> = (0..3)
                .map(|k| points[t[k].as_u64().unwrap() as usize].clone())
                .collect();
            c.sort_by_key(|p| (p[0].as_i64(), p[1].as_i64()));
            c
        };
        let all: Vec<Vec<Value>> = cdt["triangles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| corners(&stages[3]["points"], t))
            .collect();
        // Its constrained edges are the region's ring edges.
        let points = &stages[3]["points"];
        let mut constrained: Vec<Vec<Value>> = cdt["constrained"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                vec![
                    points[e[0].as_u64().unwrap() as usize].clone(),
                    points[e[1].as_u64().unwrap() as usize].clone(),
                ]
            })
            .collect();
        let mut ring_edges: Vec<Vec<Value>> = Vec::new();
        for ring in run(&stages[2])["rings"].as_array().unwrap() {
            let ring = ring.as_array().unwrap();
            for k in 0..ring.len() {
                let mut e = vec![ring[k].clone(), ring[(k + 1) % ring.len()].clone()];
                e.sort_by_key(|p| (p[0].as_i64(), p[1].as_i64()));
                ring_edges.push(e);
            }
        }
        constrained.sort_by_key(|e| format!("{e:?}"));
        ring_edges.sort_by_key(|e| format!("{e:?}"));
        assert_eq!(constrained, ring_edges);
        let triangulation = run(&input);
        let kept = triangulation["triangles"].as_array().unwrap();
        assert!(!kept.is_empty());
        for t in kept {
            assert!(all.contains(&corners(&triangulation["vertices"], t)), "{t}");
        }
        let partition = json!({"op": "partitionConvex", "region": region, "maxVertices": 6});
        assert_eq!(
            ops(&chain(&partition)),
            "arrangement boundary fromOutlines cdt triangulate partitionConvex"
        );
    }

    #[test]
    fn the_mesh_chain() {
        let input = json!({"op": "mesh", "snapBits": 4, "agentRadius": 0.25, "maxVertices": 6,
            "tileMap": {"width": 3, "height": 2, "cellSize": 1.0, "origin": [0.0, 0.0],
                        "cells": [1, 1, 1, 1, 0, 1]}});
        let stages = chain(&input);
        assert_eq!(
            ops(&stages),
            "fromTileMap shrinkEdges arrangement boundary shrink cdt triangulate partitionConvex mesh"
        );
        // The chain reproduces the op: partitionConvex of the shrunk region is the mesh.
        let mut part = run(&stages[7]);
        part["snapBits"] = json!(4);
        assert_eq!(run(&input), part);
        // From outlines, without a shrink: the outline's arrangement first.
        let input = json!({"op": "mesh", "snapBits": 4, "agentRadius": 0.0, "maxVertices": 6,
            "cellSize": 0.5, "outlines": [[[[0.0, 0.0], [3.0, 0.0], [3.0, 2.0], [0.0, 2.0]]]]});
        assert_eq!(
            ops(&chain(&input)),
            "arrangement boundary fromOutlines cdt triangulate partitionConvex mesh"
        );
    }

    /// On the random mode's own cases: every arrangement stage, overlaid by the rule of
    /// the stage it feeds, is that stage's region (fromOutlines: even-odd for one outline,
    /// union for the last of several; booleans; shrink and offset), and every chain ends
    /// with its op.
    #[test]
    fn on_random_cases_each_arrangement_is_the_region_it_feeds() {
        use super::super::generate::{generate, Rng};
        let mut rng = Rng::new(11);
        let mut checked = 0;
        for i in 0..600 {
            let op = [
                "fromOutlines",
                "union",
                "difference",
                "shrink",
                "offset",
                "mesh",
            ][i % 6];
            let input = generate(op, &mut rng, 8).unwrap();
            let stages = chain(&input);
            let last = stages.last().unwrap();
            if run_case_json(&input).is_ok() {
                assert_eq!(last, &input);
            }
            for (k, stage) in stages.iter().enumerate() {
                if stage["op"] != "arrangement" {
                    continue;
                }
                // The arrangement, its boundary, then the stage they feed.
                let boundary = &stages[k + 1];
                assert_eq!(boundary["gridEdges"], stage["gridEdges"]);
                let fed = &stages[k + 2];
                let operation = match fed["op"].as_str().unwrap() {
                    "fromOutlines" if fed["outlines"].as_array().unwrap().len() > 1 => {
                        Operation::Union
                    }
                    "fromOutlines" => Operation::EvenOdd,
                    "union" => Operation::Union,
                    "difference" | "shrink" => Operation::Difference,
                    "offset" if fed["distance"].as_f64().unwrap() > 0.0 => Operation::Union,
                    "offset" => Operation::Difference,
                    other => panic!("an arrangement feeds {other}"),
                };
                assert_eq!(overlaid(stage, operation), run(fed), "{i}: {fed}");
                assert_eq!(boundary["operation"], operation_name(operation));
                assert_eq!(traced(boundary), run(fed), "{i}: {fed}");
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked}");
    }

    /// The harness runs the chain on any failing vector, a port's own corpus included: a
    /// case of the wrong shape anywhere (a value replaced by a number, a string, a list
    /// or an empty object) gives a chain, never a panic.
    #[test]
    fn a_case_of_any_shape_gives_a_chain() {
        use super::super::generate::{generate, Rng};
        fn paths(v: &Value, at: &mut Vec<String>, all: &mut Vec<Vec<String>>) {
            all.push(at.clone());
            let children: Vec<(String, &Value)> = match v {
                Value::Object(m) => m.iter().map(|(k, x)| (k.clone(), x)).collect(),
                Value::Array(a) => a
                    .iter()
                    .enumerate()
                    .map(|(i, x)| (i.to_string(), x))
                    .collect(),
                _ => vec![],
            };
            for (k, child) in children {
                at.push(k);
                paths(child, at, all);
                at.pop();
            }
        }
        let mut rng = Rng::new(3);
        let replacements = [json!(7), json!("x"), json!([1, 2]), json!({}), Value::Null];
        let mut chains = 0;
        for i in 0..400 {
            let op = [
                "union",
                "shrink",
                "offset",
                "triangulate",
                "partitionConvex",
                "mesh",
                "fromOutlines",
                "xor",
            ][i % 8];
            let mut case = generate(op, &mut rng, 4).unwrap();
            let mut all = Vec::new();
            paths(&case, &mut Vec::new(), &mut all);
            let at = &all[rng.below(all.len() as u64) as usize];
            let mut slot = &mut case;
            for k in at {
                slot = match slot {
                    Value::Object(m) => m.get_mut(k).unwrap(),
                    Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
                    _ => unreachable!(),
                };
            }
            *slot = rng.pick(&replacements);
            // No panic, and the chain ends with the case or with the stage that the
            // engine refuses before it.
            let stages = chain(&case);
            let last = stages.last().unwrap();
            assert!(last == &case || run_case_json(last).is_err(), "{case}");
            chains += 1;
        }
        assert_eq!(chains, 400);
    }

    /// A stage op's failure is located by the stages before it: a boundary by its
    /// arrangement, fed edges by their region.
    #[test]
    fn stage_ops_have_their_own_chains() {
        let edges = json!([{"from": [0, 0], "to": [4, 0], "tag": 0},
            {"from": [4, 0], "to": [0, 4], "tag": 0}, {"from": [0, 4], "to": [0, 0], "tag": 0}]);
        let boundary = json!({"op": "boundary", "snapBits": 2, "gridEdges": edges,
            "operation": "union"});
        let stages = chain(&boundary);
        assert_eq!(ops(&stages), "arrangement boundary");
        assert_eq!(
            stages[0],
            json!({"op": "arrangement", "snapBits": 2, "gridEdges": edges})
        );
        let mut refused = boundary.clone();
        refused["operation"] = json!("nonzero");
        assert_eq!(ops(&chain(&refused)), "boundary");
        let region = json!({"snapBits": 2, "outlines": [[[[0.0, 0.0], [3.0, 0.0], [0.0, 3.0]]]]});
        let fed = json!({"op": "shrinkEdges", "region": region, "radius": 0.5,
            "arcTolerance": 0.1});
        assert_eq!(
            ops(&chain(&fed)),
            "arrangement boundary fromOutlines shrinkEdges"
        );
    }

    /// A RegionInput in tile-map form is built by `fromTileMap`.
    #[test]
    fn a_tile_map_operand_is_built_by_from_tile_map() {
        let region = json!({"snapBits": 4, "tileMap": {"width": 3, "height": 2, "cellSize": 1.0,
            "origin": [0.0, 0.0], "cells": [1, 1, 1, 1, 0, 1]}});
        let input = json!({"op": "shrink", "region": region, "radius": 0.25, "arcTolerance": 0.1});
        let stages = chain(&input);
        assert_eq!(
            ops(&stages),
            "fromTileMap shrinkEdges arrangement boundary shrink"
        );
        assert!(run_case_json(&stages[0]).is_ok());
    }
}
