//! The input of every op as serde types (corpus/README.md, format v2). Reading a case is
//! deserialising [`Case`]: anything serde rejects — an unknown `op`, a missing or unknown
//! field, a wrong JSON type, a fraction or exponent where an integer is expected, an
//! integer outside i64 — is malformed. Either/or pairs are read as two optional fields and
//! converted (`try_from`) into one enum by [`one_of`], so "both" and "neither" fail the
//! parse too: malformed is decided on the whole input before any op runs. No range rule
//! lives here: every value that parses goes to the ops, whose checks decide typed errors.

use serde::{Deserialize, Deserializer};

use super::real::Real;

/// A grid point: two JSON integers.
pub type GridPoint = [i64; 2];

/// A public (f64) point.
pub type WorldPoint = [Real; 2];

/// outline → ring → point.
pub type OutlinesInput = Vec<Vec<Vec<WorldPoint>>>;

/// A field that may be absent but, when present, must hold a value of its type (`null`
/// is not "absent": it is a wrong type).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Exactly one of two optional fields.
pub enum OneOf<A, B> {
    /// The first field.
    First(A),
    /// The second field.
    Second(B),
}

/// Resolves an either/or pair; both or neither is the malformed reason.
pub fn one_of<A, B>(
    first: Option<A>,
    second: Option<B>,
    names: (&str, &str),
) -> Result<OneOf<A, B>, String> {
    match (first, second) {
        (Some(a), None) => Ok(OneOf::First(a)),
        (None, Some(b)) => Ok(OneOf::Second(b)),
        (Some(_), Some(_)) => Err(format!("both `{}` and `{}`", names.0, names.1)),
        (None, None) => Err(format!("neither `{}` nor `{}`", names.0, names.1)),
    }
}

/// A tile map as the `tileMap` object of a RegionInput or of `mesh`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TileMapInput {
    /// Cells per row (a negative count is the op's invalid argument).
    pub width: i64,
    /// Rows.
    pub height: i64,
    /// Side of a cell in public units.
    pub cell_size: Real,
    /// Public position of grid line 0 on both axes.
    pub origin: WorldPoint,
    /// Row-major, `cells[y × width + x]`, 1 = in the region.
    pub cells: Vec<i64>,
}

/// The JSON fields of a RegionInput.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RegionFields {
    snap_bits: i64,
    #[serde(default, deserialize_with = "present")]
    outlines: Option<OutlinesInput>,
    #[serde(default, deserialize_with = "present")]
    tile_map: Option<TileMapInput>,
}

/// Where a region comes from.
#[derive(Debug)]
pub enum RegionSource {
    /// Resolved with `fromOutlines`.
    Outlines(OutlinesInput),
    /// Resolved with `fromTileMap`.
    TileMap(TileMapInput),
}

/// RegionInput: `snapBits` with exactly one of `outlines` / `tileMap`.
#[derive(Debug, Deserialize)]
#[serde(try_from = "RegionFields")]
pub struct RegionInput {
    /// Snap bits of the region (in both forms).
    pub snap_bits: i64,
    /// The one source.
    pub source: RegionSource,
}

impl TryFrom<RegionFields> for RegionInput {
    type Error = String;

    fn try_from(f: RegionFields) -> Result<RegionInput, String> {
        let source = match one_of(f.outlines, f.tile_map, ("outlines", "tileMap"))? {
            OneOf::First(outlines) => RegionSource::Outlines(outlines),
            OneOf::Second(map) => RegionSource::TileMap(map),
        };
        Ok(RegionInput {
            snap_bits: f.snap_bits,
            source,
        })
    }
}

/// `snap`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SnapInput {
    /// Snap bits.
    pub snap_bits: i64,
    /// Public values to snap.
    pub values: Vec<Real>,
}

/// `orient`: three grid points.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrientInput {
    /// a, b, c.
    pub points: [GridPoint; 3],
}

/// `inCircle`: four grid points.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InCircleInput {
    /// a, b, c, d.
    pub points: [GridPoint; 4],
}

/// `crossing`: two grid segments.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrossingInput {
    /// [[p, q], [r, s]].
    pub segments: [[GridPoint; 2]; 2],
}

/// `pixel`: a grid segment and a pixel centre.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PixelInput {
    /// [p, q].
    pub segment: [GridPoint; 2],
    /// The pixel's centre.
    pub pixel: GridPoint,
}

/// One `edges` entry of `arrangement`: world coordinates.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorldEdgeInput {
    /// Start.
    pub from: WorldPoint,
    /// End.
    pub to: WorldPoint,
    /// Operand 0, 1 or 2 (both).
    pub tag: i64,
}

/// One `gridEdges` entry of `arrangement`: grid integers.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridEdgeInput {
    /// Start.
    pub from: GridPoint,
    /// End.
    pub to: GridPoint,
    /// Operand 0, 1 or 2 (both).
    pub tag: i64,
}

/// The JSON fields of `arrangement`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ArrangementFields {
    snap_bits: i64,
    #[serde(default, deserialize_with = "present")]
    edges: Option<Vec<WorldEdgeInput>>,
    #[serde(default, deserialize_with = "present")]
    grid_edges: Option<Vec<GridEdgeInput>>,
}

/// The arrangement's edges in one of the two forms.
#[derive(Debug)]
pub enum EdgeList {
    /// `edges`: world coordinates, snapped like outline vertices.
    World(Vec<WorldEdgeInput>),
    /// `gridEdges`: grid integers.
    Grid(Vec<GridEdgeInput>),
}

/// `arrangement`: `snapBits` with exactly one of `edges` / `gridEdges`.
#[derive(Debug, Deserialize)]
#[serde(try_from = "ArrangementFields")]
pub struct ArrangementInput {
    /// Snap bits (checked first in both forms).
    pub snap_bits: i64,
    /// The edges.
    pub edges: EdgeList,
}

impl TryFrom<ArrangementFields> for ArrangementInput {
    type Error = String;

    fn try_from(f: ArrangementFields) -> Result<ArrangementInput, String> {
        let edges = match one_of(f.edges, f.grid_edges, ("edges", "gridEdges"))? {
            OneOf::First(world) => EdgeList::World(world),
            OneOf::Second(grid) => EdgeList::Grid(grid),
        };
        Ok(ArrangementInput {
            snap_bits: f.snap_bits,
            edges,
        })
    }
}

/// `boundary`: the `gridEdges` form of `arrangement` with an inside rule's name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BoundaryInput {
    /// Snap bits.
    pub snap_bits: i64,
    /// The edges, in grid integers.
    pub grid_edges: Vec<GridEdgeInput>,
    /// `evenOdd`, `union`, `intersection`, `difference` or `xor`.
    pub operation: String,
}

/// `fromOutlines`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FromOutlinesInput {
    /// Snap bits.
    pub snap_bits: i64,
    /// The outlines.
    pub outlines: OutlinesInput,
}

/// `fromTileMap`: the tile map's fields at the top level, with `snapBits`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FromTileMapInput {
    /// Snap bits.
    pub snap_bits: i64,
    /// Cells per row.
    pub width: i64,
    /// Rows.
    pub height: i64,
    /// Side of a cell.
    pub cell_size: Real,
    /// Grid line 0.
    pub origin: WorldPoint,
    /// Row-major cells.
    pub cells: Vec<i64>,
}

/// `union`, `intersection`, `difference`, `xor`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BinaryInput {
    /// Operand 0.
    pub a: RegionInput,
    /// Operand 1.
    pub b: RegionInput,
}

/// `offset`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct OffsetInput {
    /// The region.
    pub region: RegionInput,
    /// Signed distance.
    pub distance: Real,
    /// `"round"` or `"square"` (another string is the op's invalid argument).
    pub join: String,
    /// Arc tolerance.
    pub arc_tolerance: Real,
}

/// The JSON fields of `shrink`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ShrinkFields {
    region: RegionInput,
    radius: Real,
    #[serde(default, deserialize_with = "present")]
    arc_tolerance: Option<Real>,
    #[serde(default, deserialize_with = "present")]
    cell_size: Option<Real>,
}

/// How the shrink gets its arc tolerance.
#[derive(Debug, Clone, Copy)]
pub enum Tolerance {
    /// `arcTolerance`: given.
    Given(Real),
    /// `cellSize`: derived by [S7].
    FromCellSize(Real),
}

/// `shrink`: `region`, `radius` and exactly one of `arcTolerance` / `cellSize`.
#[derive(Debug, Deserialize)]
#[serde(try_from = "ShrinkFields")]
pub struct ShrinkInput {
    /// The region.
    pub region: RegionInput,
    /// Agent radius.
    pub radius: Real,
    /// The tolerance's source.
    pub tolerance: Tolerance,
}

impl TryFrom<ShrinkFields> for ShrinkInput {
    type Error = String;

    fn try_from(f: ShrinkFields) -> Result<ShrinkInput, String> {
        let tolerance = match one_of(f.arc_tolerance, f.cell_size, ("arcTolerance", "cellSize"))? {
            OneOf::First(t) => Tolerance::Given(t),
            OneOf::Second(c) => Tolerance::FromCellSize(c),
        };
        Ok(ShrinkInput {
            region: f.region,
            radius: f.radius,
            tolerance,
        })
    }
}

/// `cdt`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CdtInput {
    /// Sorted distinct grid points.
    pub points: Vec<GridPoint>,
    /// Index pairs (any i64; the op's checks decide).
    pub constraints: Vec<[i64; 2]>,
}

/// `triangulate`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriangulateInput {
    /// The region.
    pub region: RegionInput,
}

/// `partitionConvex`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PartitionInput {
    /// The region.
    pub region: RegionInput,
    /// Vertex limit per polygon.
    pub max_vertices: i64,
}

/// The JSON fields of `mesh`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct MeshFields {
    snap_bits: i64,
    #[serde(default, deserialize_with = "present")]
    tile_map: Option<TileMapInput>,
    #[serde(default, deserialize_with = "present")]
    outlines: Option<OutlinesInput>,
    #[serde(default, deserialize_with = "present")]
    cell_size: Option<Real>,
    agent_radius: Real,
    max_vertices: i64,
}

/// The pipeline's source.
#[derive(Debug)]
pub enum MeshSourceInput {
    /// `tileMap` (its cell size is the tile map's).
    TileMap(TileMapInput),
    /// `outlines` with the top-level `cellSize`.
    Outlines(OutlinesInput, Real),
}

/// `mesh`: `tileMap`, or `outlines` with a top-level `cellSize` (which the tile-map form
/// must not have).
#[derive(Debug, Deserialize)]
#[serde(try_from = "MeshFields")]
pub struct MeshInput {
    /// Snap bits.
    pub snap_bits: i64,
    /// The source.
    pub source: MeshSourceInput,
    /// Agent radius (0 = no shrink).
    pub agent_radius: Real,
    /// Vertex limit per polygon.
    pub max_vertices: i64,
}

impl TryFrom<MeshFields> for MeshInput {
    type Error = String;

    fn try_from(f: MeshFields) -> Result<MeshInput, String> {
        let source = match (
            one_of(f.tile_map, f.outlines, ("tileMap", "outlines"))?,
            f.cell_size,
        ) {
            (OneOf::First(map), None) => MeshSourceInput::TileMap(map),
            (OneOf::Second(outlines), Some(cell)) => MeshSourceInput::Outlines(outlines, cell),
            (OneOf::First(_), Some(_)) => return Err("`cellSize` next to `tileMap`".into()),
            (OneOf::Second(_), None) => return Err("`outlines` without `cellSize`".into()),
        };
        Ok(MeshInput {
            snap_bits: f.snap_bits,
            source,
            agent_radius: f.agent_radius,
            max_vertices: f.max_vertices,
        })
    }
}

/// A whole case, selected by its `op` string.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Case {
    /// [G2] snapping of public values.
    Snap(SnapInput),
    /// Exact orientation.
    Orient(OrientInput),
    /// Exact in-circle.
    InCircle(InCircleInput),
    /// Proper crossing and its rounded point.
    Crossing(CrossingInput),
    /// Segment against half-open pixel.
    Pixel(PixelInput),
    /// Snap-rounded noding.
    Arrangement(ArrangementInput),
    /// The boundary of a labelled arrangement under an inside rule (a stage op).
    Boundary(BoundaryInput),
    /// Region.FromOutlines.
    FromOutlines(FromOutlinesInput),
    /// Region.FromTileMap.
    FromTileMap(FromTileMapInput),
    /// a ∪ b.
    Union(BinaryInput),
    /// a ∩ b.
    Intersection(BinaryInput),
    /// a ∖ b.
    Difference(BinaryInput),
    /// a △ b.
    Xor(BinaryInput),
    /// Region.Offset.
    Offset(OffsetInput),
    /// Mesh2DPipeline.Shrink.
    Shrink(ShrinkInput),
    /// The edges Region.Offset feeds its arrangement (a stage op).
    OffsetEdges(OffsetInput),
    /// The edges the shrink feeds its arrangement (a stage op).
    ShrinkEdges(ShrinkInput),
    /// Constrained Delaunay triangulation of points.
    Cdt(CdtInput),
    /// Region.Triangulate.
    Triangulate(TriangulateInput),
    /// Convex partition of a region's triangulation.
    PartitionConvex(PartitionInput),
    /// The build pipeline.
    Mesh(MeshInput),
}
