//! Running a parsed case: converts the input to the reference stages' types, calls them
//! and encodes the result. The stages' own validation decides every typed error; here
//! are only the conversions the stages' Rust types cannot express (a negative width, a
//! cell value other than 0/1, a grid coordinate beyond a grid-level op's bound, a join
//! string, a negative constraint index) and the order in which an op calls its stages.

use std::cmp::Ordering;

use serde::Serialize;
use serde_json::{json, Value};

use super::answer::{encode, Failure, Renames, GRID_EDGES, MESH, PLAIN, WORLD_EDGES};
use super::input::*;
use super::real::Real;
use crate::error::RefError;
use crate::geom::{Edge, Point, Region};
use crate::offset::Join;
use crate::pipeline::{MeshSource, Outlines};
use crate::region::Operation;
use crate::{
    arrangement, cdt, grid, label, offset, partition, pipeline, predicates, region, rings, shrink,
    tile_map, triangulate,
};

/// An op's outcome before encoding.
pub type Outcome = Result<Value, Failure>;

/// Stage errors in the op's names.
fn staged<T>(result: Result<T, RefError>, renames: Renames) -> Result<T, Failure> {
    result.map_err(|e| Failure::from_stage(e, renames))
}

/// Bound of orient and inCircle coordinates (exact predicates up to the CDT's bounding
/// triangle, docs/spec-notes.md).
const PREDICATE_BOUND: i64 = 1 << 53;
/// Bound of the other grid-level ops' coordinates ([G4]).
const GRID_BOUND: i64 = 1 << 39;

fn to_point(p: GridPoint) -> Point {
    Point { x: p[0], y: p[1] }
}

/// Grid points of a grid-level op, each coordinate within `bound`, else an invalid
/// argument named by the field.
fn bounded(points: &[GridPoint], bound: i64, field: &str) -> Result<Vec<Point>, Failure> {
    if points
        .iter()
        .flatten()
        .any(|c| c.unsigned_abs() > bound as u64)
    {
        return Err(Failure::invalid(field));
    }
    Ok(points.iter().copied().map(to_point).collect())
}

fn sign(o: Ordering) -> i32 {
    match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

fn snap_bits(bits: i64, renames: Renames) -> Result<u8, Failure> {
    staged(region::check_snap_bits(bits), renames)
}

/// Outlines in the stages' f64 form.
pub fn outlines_f64(outlines: &OutlinesInput) -> Outlines {
    outlines
        .iter()
        .map(|o| {
            o.iter()
                .map(|ring| ring.iter().map(|p| [p[0].0, p[1].0]).collect())
                .collect()
        })
        .collect()
}

/// The conversions of a tile map the stage's types cannot hold, in X3's order after the
/// snap bits: width, height (negative: invalid), then `cells` — its values (0 or 1) here,
/// its length in the stage; both failures are the same invalid argument `cells`.
fn tile_map_source(
    width: i64,
    height: i64,
    cells: &[i64],
) -> Result<(usize, usize, Vec<bool>), Failure> {
    let width = usize::try_from(width).map_err(|_| Failure::invalid("width"))?;
    let height = usize::try_from(height).map_err(|_| Failure::invalid("height"))?;
    let cells = cells
        .iter()
        .map(|&c| match c {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(Failure::invalid("cells")),
        })
        .collect::<Result<Vec<bool>, Failure>>()?;
    Ok((width, height, cells))
}

fn tile_map_region(bits: i64, map: &TileMapInput) -> Result<Region, Failure> {
    let bits = snap_bits(bits, PLAIN)?;
    let (width, height, cells) = tile_map_source(map.width, map.height, &map.cells)?;
    staged(
        tile_map::from_tile_map(
            &cells,
            width,
            height,
            map.cell_size.0,
            [map.origin[0].0, map.origin[1].0],
            bits,
        ),
        PLAIN,
    )
}

/// A RegionInput resolved: snap bits, then `fromOutlines` or `fromTileMap`.
pub fn resolve_region(input: &RegionInput) -> Result<Region, Failure> {
    match &input.source {
        RegionSource::Outlines(outlines) => {
            let bits = snap_bits(input.snap_bits, PLAIN)?;
            staged(region::from_outlines(&outlines_f64(outlines), bits), PLAIN)
        }
        RegionSource::TileMap(map) => tile_map_region(input.snap_bits, map),
    }
}

/// Region on output: `{"snapBits", "rings"}`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RegionOut {
    snap_bits: u8,
    rings: Vec<Vec<GridPoint>>,
}

fn xy(p: &Point) -> GridPoint {
    [p.x, p.y]
}

fn region_out(region: &Region) -> Value {
    encode(&RegionOut {
        snap_bits: region.snap_bits,
        rings: region
            .rings
            .iter()
            .map(|ring| ring.iter().map(xy).collect())
            .collect(),
    })
}

fn snap_op(input: &SnapInput) -> Outcome {
    let bits = snap_bits(input.snap_bits, PLAIN)?;
    let mut grid_values = Vec::with_capacity(input.values.len());
    for (i, v) in input.values.iter().enumerate() {
        let location = || json!({"kind": "argument", "name": format!("values[{i}]")});
        grid_values.push(staged(grid::snap(v.0, bits, location), PLAIN)?);
    }
    Ok(json!({ "grid": grid_values }))
}

fn orient_op(input: &OrientInput) -> Outcome {
    let p = bounded(&input.points, PREDICATE_BOUND, "points")?;
    Ok(json!({ "sign": sign(predicates::orient(p[0], p[1], p[2])) }))
}

fn in_circle_op(input: &InCircleInput) -> Outcome {
    let p = bounded(&input.points, PREDICATE_BOUND, "points")?;
    Ok(json!({ "sign": sign(predicates::in_circle(p[0], p[1], p[2], p[3])) }))
}

#[derive(Serialize)]
struct CrossingOut {
    proper: bool,
    rounded: Option<GridPoint>,
}

fn crossing_op(input: &CrossingInput) -> Outcome {
    let ends: Vec<GridPoint> = input.segments.iter().flatten().copied().collect();
    let p = bounded(&ends, GRID_BOUND, "segments")?;
    Ok(encode(&CrossingOut {
        proper: predicates::properly_cross(p[0], p[1], p[2], p[3]),
        rounded: predicates::rounded_crossing(p[0], p[1], p[2], p[3]).map(|c| xy(&c)),
    }))
}

fn pixel_op(input: &PixelInput) -> Outcome {
    let s = bounded(&input.segment, GRID_BOUND, "segment")?;
    let c = bounded(&[input.pixel], GRID_BOUND, "pixel")?;
    Ok(json!({ "meets": predicates::segment_meets_pixel(s[0], s[1], c[0]) }))
}

#[derive(Serialize)]
struct ArrangementOut {
    vertices: Vec<GridPoint>,
    segments: Vec<[i64; 4]>,
}

/// A tag the stage's `u8` cannot hold is as bad as any tag above 2; the stage decides.
fn stage_tag(tag: i64) -> u8 {
    u8::try_from(tag).unwrap_or(u8::MAX)
}

/// The `gridEdges` form's edges, each coordinate within the grid-level bound.
fn grid_edges_in_bound(grid_edges: &[GridEdgeInput]) -> Result<Vec<Edge>, Failure> {
    let mut edges = Vec::with_capacity(grid_edges.len());
    for e in grid_edges {
        let ends = bounded(&[e.from, e.to], GRID_BOUND, "gridEdges")?;
        edges.push(Edge {
            from: ends[0],
            to: ends[1],
            tag: stage_tag(e.tag),
        });
    }
    Ok(edges)
}

/// The stage op `boundary` (docs/specification.md, "The stage ops"): checked as the
/// `gridEdges` form of `arrangement`, then the rule's name; the [L6] boundary of the
/// arrangement's labels (rays, [L1]) under the rule, inside on the left, sorted.
fn boundary_op(input: &BoundaryInput) -> Outcome {
    snap_bits(input.snap_bits, PLAIN)?;
    let edges = grid_edges_in_bound(&input.grid_edges)?;
    let noded = staged(arrangement::arrange(&edges), GRID_EDGES)?;
    // [L1]'s windings need closed chains: per operand, as many edges into every point as
    // out of it.
    let mut balance: std::collections::BTreeMap<Point, [i64; 2]> = Default::default();
    for e in &edges {
        for (point, sign) in [(e.from, 1), (e.to, -1)] {
            let b = balance.entry(point).or_default();
            if e.tag != 1 {
                b[0] += sign;
            }
            if e.tag != 0 {
                b[1] += sign;
            }
        }
    }
    if balance.values().any(|b| *b != [0, 0]) {
        return Err(Failure::invalid("gridEdges"));
    }
    let operation = match input.operation.as_str() {
        "evenOdd" => Operation::EvenOdd,
        "union" => Operation::Union,
        "intersection" => Operation::Intersection,
        "difference" => Operation::Difference,
        "xor" => Operation::Xor,
        _ => return Err(Failure::invalid("operation")),
    };
    let windings = staged(label::label(&noded), PLAIN)?;
    let boundary = staged(rings::boundary_edges(&noded, &windings, operation), PLAIN)?;
    let boundary: Vec<[GridPoint; 2]> = boundary.iter().map(|(a, b)| [xy(a), xy(b)]).collect();
    Ok(json!({ "boundary": boundary }))
}

fn arrangement_op(input: &ArrangementInput) -> Outcome {
    let bits = snap_bits(input.snap_bits, PLAIN)?;
    let (edges, renames) = match &input.edges {
        EdgeList::World(world) => {
            // [G1]/[G2] exactly as outline vertices: edge order, from before to, x before y.
            let mut edges = Vec::with_capacity(world.len());
            for (i, e) in world.iter().enumerate() {
                let mut ends = [Point { x: 0, y: 0 }; 2];
                for (end, (name, p)) in [("from", e.from), ("to", e.to)].iter().enumerate() {
                    let location =
                        || json!({"kind": "argument", "name": format!("edges[{i}].{name}")});
                    ends[end] = Point {
                        x: staged(grid::snap(p[0].0, bits, location), WORLD_EDGES)?,
                        y: staged(grid::snap(p[1].0, bits, location), WORLD_EDGES)?,
                    };
                }
                edges.push(Edge {
                    from: ends[0],
                    to: ends[1],
                    tag: stage_tag(e.tag),
                });
            }
            (edges, WORLD_EDGES)
        }
        EdgeList::Grid(grid_edges) => (grid_edges_in_bound(grid_edges)?, GRID_EDGES),
    };
    let out = staged(arrangement::arrange(&edges), renames)?;
    Ok(encode(&ArrangementOut {
        vertices: out.vertices.iter().map(xy).collect(),
        segments: out
            .segments
            .iter()
            .map(|&(a, b, [n0, n1])| [a as i64, b as i64, n0, n1])
            .collect(),
    }))
}

fn from_outlines_op(input: &FromOutlinesInput) -> Outcome {
    let bits = snap_bits(input.snap_bits, PLAIN)?;
    let region = staged(
        region::from_outlines(&outlines_f64(&input.outlines), bits),
        PLAIN,
    )?;
    Ok(region_out(&region))
}

fn from_tile_map_op(input: &FromTileMapInput) -> Outcome {
    let map = TileMapInput {
        width: input.width,
        height: input.height,
        cell_size: input.cell_size,
        origin: input.origin,
        cells: input.cells.clone(),
    };
    Ok(region_out(&tile_map_region(input.snap_bits, &map)?))
}

/// [G5] after both operands: a's errors, then b's, then the mismatch.
fn binary_op(
    input: &BinaryInput,
    operation: fn(&Region, &Region) -> Result<Region, RefError>,
) -> Outcome {
    let a = resolve_region(&input.a)?;
    let b = resolve_region(&input.b)?;
    Ok(region_out(&staged(operation(&a, &b), PLAIN)?))
}

/// The region and the join of an offset case, checked in X3's order: the region, the
/// distance, then the join string (the stages check the tolerance after it).
fn offset_arguments(input: &OffsetInput) -> Result<(Region, Join), Failure> {
    let region = resolve_region(&input.region)?;
    staged(offset::validate_distance(input.distance.0), PLAIN)?;
    let join = match input.join.as_str() {
        "round" => Join::Round,
        "square" => Join::Square,
        _ => return Err(Failure::invalid("join")),
    };
    Ok((region, join))
}

fn offset_op(input: &OffsetInput) -> Outcome {
    let (region, join) = offset_arguments(input)?;
    let out = offset::offset(&region, input.distance.0, join, input.arc_tolerance.0);
    Ok(region_out(&staged(out, PLAIN)?))
}

/// The stage ops' output: the fed edges without zero-length ones, repeats kept, sorted by
/// (from, to, tag) (docs/specification.md, "The stage ops").
fn fed_edges_out(edges: &[Edge]) -> Value {
    let mut listed: Vec<(GridPoint, GridPoint, u8)> = edges
        .iter()
        .filter(|e| e.from != e.to)
        .map(|e| (xy(&e.from), xy(&e.to), e.tag))
        .collect();
    listed.sort_unstable();
    let objects: Vec<Value> = listed
        .iter()
        .map(|(from, to, tag)| json!({"from": from, "to": to, "tag": tag}))
        .collect();
    json!({ "gridEdges": objects })
}

/// Distance 0 and the empty region feed nothing ([O1]: the region comes back as it is),
/// after the same checks as the offset.
fn offset_edges_op(input: &OffsetInput) -> Outcome {
    let (region, join) = offset_arguments(input)?;
    let distance = input.distance.0;
    let edges = staged(
        offset::offset_edges(&region, distance, join, input.arc_tolerance.0),
        PLAIN,
    )?;
    if distance == 0.0 || region.rings.is_empty() {
        return Ok(fed_edges_out(&[]));
    }
    Ok(fed_edges_out(&edges))
}

/// X18's check of an outline source's cell size, which the shrink's `cellSize` form
/// shares: finite and > 0.
fn usable_cell_size(cell_size: Real) -> Result<f64, Failure> {
    let c = cell_size.0;
    if c.is_finite() && c > 0.0 {
        Ok(c)
    } else {
        Err(Failure::invalid("cellSize"))
    }
}

/// The region and the arc tolerance of a shrink case: the region, then [S7]'s cell size
/// when given (the radius's own checks the stage makes).
fn shrink_arguments(input: &ShrinkInput) -> Result<(Region, f64), Failure> {
    let region = resolve_region(&input.region)?;
    let tolerance = match input.tolerance {
        Tolerance::Given(tolerance) => tolerance.0,
        Tolerance::FromCellSize(cell) => {
            pipeline::arc_tolerance(usable_cell_size(cell)?, input.radius.0)
        }
    };
    Ok((region, tolerance))
}

fn shrink_op(input: &ShrinkInput) -> Outcome {
    let (region, tolerance) = shrink_arguments(input)?;
    let out = shrink::shrink(&region, input.radius.0, tolerance);
    Ok(region_out(&staged(out, PLAIN)?))
}

/// The shrink's fed edges (empty for radius 0 and the empty region, as the stage gives).
fn shrink_edges_op(input: &ShrinkInput) -> Outcome {
    let (region, tolerance) = shrink_arguments(input)?;
    let edges = shrink::shrink_edges(&region, input.radius.0, tolerance);
    Ok(fed_edges_out(&staged(edges, PLAIN)?))
}

/// A constraint index as the stage's `usize`: a negative one is no index of any point,
/// which the stage's own check reports.
fn stage_index(i: i64) -> usize {
    usize::try_from(i).unwrap_or(usize::MAX)
}

/// The `cdt` op's input in the stage's types.
pub fn cdt_points(input: &CdtInput) -> (Vec<Point>, Vec<[usize; 2]>) {
    let points = input.points.iter().copied().map(to_point).collect();
    let constraints = input
        .constraints
        .iter()
        .map(|&[a, b]| [stage_index(a), stage_index(b)])
        .collect();
    (points, constraints)
}

#[derive(Serialize)]
struct CdtOut {
    triangles: Vec<[usize; 3]>,
    constrained: Vec<[usize; 2]>,
}

fn cdt_op(input: &CdtInput) -> Outcome {
    let (points, constraints) = cdt_points(input);
    let out = staged(cdt::triangulate_points(&points, &constraints), PLAIN)?;
    Ok(encode(&CdtOut {
        triangles: out.output_triangles(),
        constrained: out.constrained_edges(),
    }))
}

#[derive(Serialize)]
struct TriangulationOut {
    vertices: Vec<GridPoint>,
    triangles: Vec<[usize; 3]>,
    neighbors: Vec<i64>,
}

fn triangulate_op(input: &TriangulateInput) -> Outcome {
    let region = resolve_region(&input.region)?;
    let t = staged(triangulate::triangulate(&region), PLAIN)?;
    Ok(encode(&TriangulationOut {
        vertices: t.vertices.iter().map(xy).collect(),
        triangles: t.triangles,
        neighbors: t.neighbors,
    }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PartitionOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    snap_bits: Option<u8>,
    vertices: Vec<GridPoint>,
    polygons: Vec<Vec<usize>>,
    neighbors: Vec<Vec<i64>>,
}

fn partition_out(p: &partition::Partition, snap_bits: Option<u8>) -> Value {
    encode(&PartitionOut {
        snap_bits,
        vertices: p.vertices.iter().map(xy).collect(),
        polygons: p.polygons.clone(),
        neighbors: p.neighbors.clone(),
    })
}

fn partition_op(input: &PartitionInput) -> Outcome {
    // docs/spec/partition.md: the region first, then the limit, then the triangulation.
    let region = resolve_region(&input.region)?;
    staged(partition::validate_max_vertices(input.max_vertices), PLAIN)?;
    let t = staged(triangulate::triangulate(&region), PLAIN)?;
    let p = staged(partition::partition_convex(&t, input.max_vertices), PLAIN)?;
    Ok(partition_out(&p, None))
}

fn mesh_op(input: &MeshInput) -> Outcome {
    let bits = snap_bits(input.snap_bits, MESH)?;
    let source = match &input.source {
        MeshSourceInput::TileMap(map) => {
            let (width, height, cells) = tile_map_source(map.width, map.height, &map.cells)?;
            MeshSource::TileMap {
                cells,
                width,
                height,
                cell_size: map.cell_size.0,
                origin: [map.origin[0].0, map.origin[1].0],
            }
        }
        MeshSourceInput::Outlines(outlines, cell) => MeshSource::Outlines {
            outlines: outlines_f64(outlines),
            cell_size: cell.0,
        },
    };
    let mesh = staged(
        pipeline::build_mesh(&source, bits, input.agent_radius.0, input.max_vertices),
        MESH,
    )?;
    Ok(partition_out(&mesh.partition, Some(mesh.snap_bits)))
}

/// Runs one parsed case.
pub fn run(case: &Case) -> Outcome {
    match case {
        Case::Snap(c) => snap_op(c),
        Case::Orient(c) => orient_op(c),
        Case::InCircle(c) => in_circle_op(c),
        Case::Crossing(c) => crossing_op(c),
        Case::Pixel(c) => pixel_op(c),
        Case::Arrangement(c) => arrangement_op(c),
        Case::Boundary(c) => boundary_op(c),
        Case::FromOutlines(c) => from_outlines_op(c),
        Case::FromTileMap(c) => from_tile_map_op(c),
        Case::Union(c) => binary_op(c, region::union),
        Case::Intersection(c) => binary_op(c, region::intersection),
        Case::Difference(c) => binary_op(c, region::difference),
        Case::Xor(c) => binary_op(c, region::xor),
        Case::Offset(c) => offset_op(c),
        Case::Shrink(c) => shrink_op(c),
        Case::OffsetEdges(c) => offset_edges_op(c),
        Case::ShrinkEdges(c) => shrink_edges_op(c),
        Case::Cdt(c) => cdt_op(c),
        Case::Triangulate(c) => triangulate_op(c),
        Case::PartitionConvex(c) => partition_op(c),
        Case::Mesh(c) => mesh_op(c),
    }
}
