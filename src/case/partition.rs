//! Ops `partitionConvex` and `mesh` (X17, X18).

use serde_json::{json, Value};

use super::read::TILE_MAP_FIELDS;
use super::read::{closed, either, index_from_integer, object, parse_f64, parse_i64};
use super::read::{parse_outlines, read_region_input, req, Object, TileMapInput};
use super::{grid_point_json, CaseResult};
use crate::grid::{snap_bits_from_integer, Geometry2DOptions, GridPoint};
use crate::pipeline::{MapSource, Mesh2DPipeline};

pub(super) fn run(op: &str, input: &Object) -> Option<CaseResult> {
    Some(match op {
        "partitionConvex" => partition(input),
        "mesh" => mesh(input),
        _ => return None,
    })
}

/// `maxVertices`: an integer (anything else is malformed); outside 3..=16 it is the API's
/// invalid argument (a negative one too, as `usize::MAX`).
fn max_vertices(input: &Object) -> Result<usize, super::CaseError> {
    Ok(index_from_integer(parse_i64(req(input, "maxVertices")?)?))
}

fn polygons_json(vertices: &[GridPoint], polygons: &[Vec<u32>], neighbors: &[Vec<i32>]) -> Value {
    json!({
        "vertices": vertices.iter().map(|p| grid_point_json(*p)).collect::<Vec<_>>(),
        "polygons": polygons,
        "neighbors": neighbors,
    })
}

fn partition(input: &Object) -> CaseResult {
    closed(input, "the input", &["op", "region", "maxVertices"])?;
    let region = read_region_input(req(input, "region")?)?;
    let max_vertices = max_vertices(input)?;
    let parts = region.resolve()?.partition_convex(max_vertices)?;
    Ok(polygons_json(
        &parts.vertices,
        &parts.polygons,
        &parts.neighbors,
    ))
}

/// A mesh source as read.
enum SourceInput {
    TileMap(TileMapInput),
    Outlines(Vec<crate::region::Outline>, f64),
}

fn mesh(input: &Object) -> CaseResult {
    let tile_map = either(input, "tileMap", "outlines")?;
    let common = ["op", "snapBits", "agentRadius", "maxVertices"];
    let source = if tile_map {
        closed(input, "the input", &[&common[..], &["tileMap"]].concat())?;
        let map = object(req(input, "tileMap")?, "a tile map", &TILE_MAP_FIELDS)?;
        SourceInput::TileMap(TileMapInput::read(map)?)
    } else {
        closed(
            input,
            "the input",
            &[&common[..], &["outlines", "cellSize"]].concat(),
        )?;
        SourceInput::Outlines(
            parse_outlines(req(input, "outlines")?)?,
            parse_f64(req(input, "cellSize")?)?,
        )
    };
    let snap_bits = parse_i64(req(input, "snapBits")?)?;
    let agent_radius = parse_f64(req(input, "agentRadius")?)?;
    let max_vertices = max_vertices(input)?;
    // X18: snap bits first; the tile map's format checks come next (X5), the rest is
    // the pipeline's own order.
    let options = Geometry2DOptions {
        snap_bits: snap_bits_from_integer(snap_bits)?,
    };
    let source = match source {
        SourceInput::TileMap(map) => {
            let (cells, width, height) = map.typed()?;
            MapSource::TileMap {
                cells,
                width,
                height,
                cell_size: map.cell_size,
                origin: map.origin,
            }
        }
        SourceInput::Outlines(outlines, cell_size) => MapSource::Outlines {
            outlines,
            cell_size,
        },
    };
    let pipeline = Mesh2DPipeline {
        agent_radius,
        max_vertices,
        options,
    };
    let mesh = pipeline.build(&source)?;
    let mut out = polygons_json(&mesh.vertices, &mesh.polygons, &mesh.neighbors);
    out["snapBits"] = json!(options.snap_bits);
    Ok(out)
}
