//! Ops `partitionConvex` and `mesh` (X17, X18).

use serde_json::{json, Value};

use super::regions::parse_tile_map;
use super::{field, grid_point_json, parse_f64, parse_outlines, parse_region_input};
use super::{parse_snap_bits, parse_usize, CaseResult};
use crate::grid::{check_snap_bits, Geometry2DOptions, GridPoint};
use crate::pipeline::{MapSource, Mesh2DPipeline};

pub(super) fn run(op: &str, input: &Value) -> Option<CaseResult> {
    Some(match op {
        "partitionConvex" => partition(input),
        "mesh" => mesh(input),
        _ => return None,
    })
}

fn max_vertices(input: &Value) -> Result<usize, super::CaseError> {
    // Any integer is representable; out-of-range values become an invalid argument.
    let v = field(input, "maxVertices")?;
    Ok(parse_usize(v).unwrap_or(usize::MAX))
}

fn polygons_json(vertices: &[GridPoint], polygons: &[Vec<u32>], neighbors: &[Vec<i32>]) -> Value {
    json!({
        "vertices": vertices.iter().map(|p| grid_point_json(*p)).collect::<Vec<_>>(),
        "polygons": polygons,
        "neighbors": neighbors,
    })
}

fn partition(input: &Value) -> CaseResult {
    let region = parse_region_input(field(input, "region")?)?;
    let parts = region.partition_convex(max_vertices(input)?)?;
    Ok(polygons_json(
        &parts.vertices,
        &parts.polygons,
        &parts.neighbors,
    ))
}

fn mesh(input: &Value) -> CaseResult {
    let snap_bits = parse_snap_bits(field(input, "snapBits")?)?;
    check_snap_bits(snap_bits)?;
    let source = match (input.get("tileMap"), input.get("outlines")) {
        (Some(map), None) => {
            let m = parse_tile_map(map)?;
            MapSource::TileMap {
                cells: m.cells,
                width: m.width,
                height: m.height,
                cell_size: m.cell_size,
                origin: m.origin,
            }
        }
        (None, Some(outlines)) => MapSource::Outlines {
            outlines: parse_outlines(outlines)?,
            cell_size: parse_f64(field(input, "cellSize")?)?,
        },
        _ => {
            return Err(super::malformed(
                "mesh takes exactly one of `tileMap`, `outlines`",
            ))
        }
    };
    let pipeline = Mesh2DPipeline {
        agent_radius: parse_f64(field(input, "agentRadius")?)?,
        max_vertices: max_vertices(input)?,
        options: Geometry2DOptions { snap_bits },
    };
    let mesh = pipeline.build(&source)?;
    let mut out = polygons_json(&mesh.vertices, &mesh.polygons, &mesh.neighbors);
    out["snapBits"] = json!(snap_bits);
    Ok(out)
}
