//! Reference build pipeline (Mesh2DPipeline, [S7], X18; docs/spec/partition.md): region
//! from a tile map or outlines, the agent-radius shrink, the triangulation and the convex
//! partition, validated in the documented order.

use crate::error::RefError;
use crate::geom::Region;
use crate::mutation::{self, Mutation};
use crate::partition::{partition_convex, validate_max_vertices, Partition};
use crate::region::{check_snap_bits, from_outlines};
use crate::shrink::{shrink, validate_radius};
use crate::tile_map::from_tile_map;
use crate::triangulate::triangulate;

/// Outlines as f64 rings: outline → ring → point.
pub type Outlines = Vec<Vec<Vec<[f64; 2]>>>;

/// Where the pipeline's region comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum MeshSource {
    /// A tile map as for `fromTileMap` (X5): `cells[y × width + x]` true = solid.
    TileMap {
        /// Row-major cells.
        cells: Vec<bool>,
        /// Cells per row.
        width: usize,
        /// Rows.
        height: usize,
        /// Side of a cell in public units.
        cell_size: f64,
        /// Public position of grid line 0 on both axes.
        origin: [f64; 2],
    },
    /// Outlines as for `fromOutlines` (X2) and the cell size the pipeline needs (X18).
    Outlines {
        /// The outlines.
        outlines: Outlines,
        /// Cell size in public units (finite and > 0).
        cell_size: f64,
    },
}

impl MeshSource {
    fn cell_size(&self) -> f64 {
        match self {
            MeshSource::TileMap { cell_size, .. } | MeshSource::Outlines { cell_size, .. } => {
                *cell_size
            }
        }
    }
}

/// The pipeline's output (`NavMesh`): the partition's canonical form on the grid of
/// `snap_bits` (public value of a coordinate X is X / 2^snap_bits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NavMesh {
    /// Snap bits of the grid.
    pub snap_bits: u8,
    /// Vertices, polygons and neighbours ([PC4], [PC5]).
    pub partition: Partition,
}

/// [S7]/X18: max(cell / 4, min(0.0825 × radius, cell / 2)) in f64, in that order.
pub fn arc_tolerance(cell_size: f64, agent_radius: f64) -> f64 {
    let quarter = cell_size / 4.0;
    let octagon = 0.0825 * agent_radius;
    let half = cell_size / 2.0;
    if mutation::active(Mutation::S7NoHalfCap) {
        return quarter.max(octagon);
    }
    if mutation::active(Mutation::S7NoQuarterFloor) {
        return octagon.min(half);
    }
    quarter.max(octagon.min(half))
}

/// X18 for outlines: the cell size must be finite and > 0.
fn validate_outline_cell_size(cell_size: f64) -> Result<(), RefError> {
    if cell_size.is_finite() && cell_size > 0.0 {
        Ok(())
    } else {
        Err(RefError::InvalidArgument {
            argument: "cell_size".into(),
            location: None,
        })
    }
}

/// Runs the pipeline (X18). Validation, first failure reported: snap bits; the source's
/// own checks; for outlines the cell size; the agent radius; max vertices. All of them
/// precede any result of the steps, so a geometry defect while building the region is
/// reported only after they pass (docs/spec/partition.md).
pub fn build_mesh(
    source: &MeshSource,
    snap_bits: u8,
    agent_radius: f64,
    max_vertices: i64,
) -> Result<NavMesh, RefError> {
    let snap_bits = check_snap_bits(i64::from(snap_bits))?;
    if let (true, MeshSource::Outlines { cell_size, .. }) =
        (mutation::active(Mutation::X3MeshCellSizeFirst), source)
    {
        validate_outline_cell_size(*cell_size)?;
    }
    let built: Result<Region, RefError> = match source {
        MeshSource::TileMap {
            cells,
            width,
            height,
            cell_size,
            origin,
        } => from_tile_map(cells, *width, *height, *cell_size, *origin, snap_bits),
        MeshSource::Outlines { outlines, .. } => from_outlines(outlines, snap_bits),
    };
    // The source's validation errors first; a defect of the construction waits.
    let region = match built {
        Err(RefError::GeometryDefect) => None,
        Err(e) => return Err(e),
        Ok(region) => Some(region),
    };
    if let MeshSource::Outlines { cell_size, .. } = source {
        validate_outline_cell_size(*cell_size)?;
    }
    if mutation::active(Mutation::X3MeshMaxVerticesFirst) {
        validate_max_vertices(max_vertices)?;
    }
    validate_radius(agent_radius)?;
    validate_max_vertices(max_vertices)?;
    let mut region = region.ok_or(RefError::GeometryDefect)?;
    // Step 2: radius 0 (or −0) means no shrink.
    if agent_radius > 0.0 {
        let tolerance = arc_tolerance(source.cell_size(), agent_radius);
        region = shrink(&region, agent_radius, tolerance)?;
    }
    let triangulation = triangulate(&region)?;
    let partition = partition_convex(&triangulation, max_vertices)?;
    Ok(NavMesh {
        snap_bits,
        partition,
    })
}
