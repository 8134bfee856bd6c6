//! Ops `partitionConvex` and `mesh` (docs/spec/partition.md X17, X18; corpus/README.md).
//!
//! Every field of both ops is required in the conformance input (the API's defaults,
//! maxVertices 6 and snapBits 16, are not applied to the JSON): a missing field, `mesh`
//! with both or neither of `tileMap` / `outlines`, or outlines without `cellSize` are
//! malformed input, never corpus vectors.

use serde_json::{json, Value};

use super::cdt::parse_region_input;
use super::{field, malformed, parse_array, parse_f64, point_json, CaseResult};
use crate::error::RefError;
use crate::partition::{partition_convex, Partition};
use crate::pipeline::{build_mesh, MeshSource};
use crate::region::{check_snap_bits, from_outlines};
use crate::triangulate::triangulate;

/// Any JSON integer; beyond i64 it saturates (still outside every legal range).
fn integer(v: &Value) -> Result<i64, Value> {
    v.as_i64()
        .or_else(|| v.as_u64().map(|_| i64::MAX))
        .ok_or_else(|| malformed(format!("not an integer: {v}")))
}

fn error(e: RefError) -> Value {
    e.to_json()
}

fn partition_json(p: &Partition) -> Value {
    let vertices: Vec<Value> = p.vertices.iter().map(|&v| point_json(v)).collect();
    json!({"vertices": vertices, "polygons": p.polygons, "neighbors": p.neighbors})
}

/// `partitionConvex`: the region input is resolved first (its errors first), then the
/// limit is checked, then triangulation and partition.
fn partition_case(input: &Value) -> CaseResult {
    let (snap_bits, outlines) = parse_region_input(field(input, "region")?)?;
    let max_vertices = integer(field(input, "maxVertices")?)?;
    let region = from_outlines(&outlines, snap_bits).map_err(error)?;
    crate::partition::validate_max_vertices(max_vertices).map_err(error)?;
    let tri = triangulate(&region).map_err(error)?;
    let partition = partition_convex(&tri, max_vertices).map_err(error)?;
    Ok(partition_json(&partition))
}

/// width / height of a tile map: negative is an invalid argument naming it (after the
/// snap bits, X3); beyond usize it cannot match `cells.len()` and is reported as `cells`.
fn dimension(v: &Value, argument: &str) -> Result<Option<usize>, Value> {
    let n = integer(v)?;
    if n < 0 {
        return Err(error(RefError::InvalidArgument {
            argument: argument.into(),
            location: None,
        }));
    }
    Ok(usize::try_from(n).ok())
}

fn tile_map_source(tile_map: &Value, snap_bits: i64) -> Result<MeshSource, Value> {
    let cells = parse_array(field(tile_map, "cells")?)?
        .iter()
        .map(|c| match c.as_u64() {
            Some(0) => Ok(false),
            Some(1) => Ok(true),
            _ => Err(malformed("a cell is not 0 or 1")),
        })
        .collect::<Result<Vec<bool>, _>>()?;
    let cell_size = parse_f64(field(tile_map, "cellSize")?)?;
    let origin = match parse_array(field(tile_map, "origin")?)?.as_slice() {
        [x, y] => [parse_f64(x)?, parse_f64(y)?],
        _ => return Err(malformed("origin is not [x, y]")),
    };
    let width_value = field(tile_map, "width")?;
    let height_value = field(tile_map, "height")?;
    // X3 / X5 order: snap bits, then width and height, then the tile map's own checks.
    check_snap_bits(snap_bits).map_err(error)?;
    let width = dimension(width_value, "width")?;
    let height = dimension(height_value, "height")?;
    let (Some(width), Some(height)) = (width, height) else {
        return Err(error(RefError::InvalidArgument {
            argument: "cells".into(),
            location: None,
        }));
    };
    Ok(MeshSource::TileMap {
        cells,
        width,
        height,
        cell_size,
        origin,
    })
}

/// `mesh` (X18): `{snapBits, tileMap | outlines + cellSize, agentRadius, maxVertices}`.
fn mesh_case(input: &Value) -> CaseResult {
    let snap_bits = integer(field(input, "snapBits")?)?;
    let agent_radius = parse_f64(field(input, "agentRadius")?)?;
    let max_vertices = integer(field(input, "maxVertices")?)?;
    let source = match (input.get("tileMap"), input.get("outlines")) {
        (Some(tile_map), None) => {
            if input.get("cellSize").is_some() {
                return Err(malformed("`cellSize` belongs inside `tileMap`"));
            }
            tile_map_source(tile_map, snap_bits)?
        }
        (None, Some(_)) => {
            let region_input = json!({"snapBits": 0, "outlines": input["outlines"]});
            let (_, outlines) = parse_region_input(&region_input)?;
            let cell_size = parse_f64(field(input, "cellSize")?)?;
            MeshSource::Outlines {
                outlines,
                cell_size,
            }
        }
        _ => return Err(malformed("exactly one of `tileMap` and `outlines`")),
    };
    // Out-of-range snap bits become 255 so that the pipeline reports them (X4).
    let bits = u8::try_from(snap_bits).unwrap_or(u8::MAX);
    let mesh = build_mesh(&source, bits, agent_radius, max_vertices).map_err(error)?;
    let mut out = json!({"snapBits": mesh.snap_bits});
    if let (Value::Object(out), Value::Object(body)) = (&mut out, partition_json(&mesh.partition)) {
        out.extend(body);
    }
    Ok(out)
}

/// The area's entry for the dispatcher: `None` when `op` is not one of its ops.
pub(crate) fn run(op: &str, input: &Value) -> Option<CaseResult> {
    match op {
        "partitionConvex" => Some(partition_case(input)),
        "mesh" => Some(mesh_case(input)),
        _ => None,
    }
}
