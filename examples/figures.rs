//! The pipeline figure of [S7] on the standard maps of docs/workloads.md: polygon
//! count with the pipeline's arc tolerance (the "octagon rule",
//! max(cell/4, min(0.0825 r, cell/2))) against a quarter-cell tolerance (cell/4), at agent
//! radius 1.0, cell 0.25, origin 0, SnapBits 16.
//!
//! Run: `cargo run --release --features internals --example figures -- MAP N [N ...] [verify]` with MAP one of
//! `cave`, `pillars`, `noisy`. For each map it builds the region with
//! `Region::from_tile_map`, then for each rule runs `Region::shrink(1.0, tol)`,
//! `triangulate()` and `partition_convex(…, 6)` by hand, checks the partition
//! (`ConvexPartition::check` against the shrunk area) and prints one markdown row per rule:
//! m (vertices per circle, X12's `choose_sides`), region vertices after the shrink,
//! triangles, polygons, shrunk area (area2 / 2 / 4^16, square units) and the time of each
//! stage. With `verify`, the pipeline rule is also run through `Mesh2DPipeline` and its
//! mesh must equal the hand-run partition.
//!
//! Not a test: a measurement; the figures are recorded in docs/results.md.

use std::time::Instant;

use build2d::construct::{choose_sides, grid_tolerance};
use build2d::partition::partition_convex;
use build2d::pipeline_arc_tolerance;
use build2d::workloads::{cave, noisy, pillars, TileMap};
use build2d::{Geometry2DOptions, Region};
use build2d::{MapSource, Mesh2DPipeline};

const CELL: f64 = 0.25;
const RADIUS: f64 = 1.0;
const SNAP_BITS: u8 = 16;
const MAX_VERTICES: usize = 6;

fn options() -> Geometry2DOptions {
    Geometry2DOptions::new(u32::from(SNAP_BITS)).expect("snap bits 16 are valid")
}

/// Square public units of a doubled grid area: area2 / 2 / 4^SnapBits.
fn area(area2: i128) -> f64 {
    area2 as f64 / 2.0 / 4f64.powi(i32::from(SNAP_BITS))
}

fn vertex_count(region: &Region) -> usize {
    region.rings().iter().map(Vec::len).sum()
}

fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let value = f();
    (start.elapsed().as_secs_f64(), value)
}

/// One rule's row: (m, vertices, triangles, polygons, area, shrink s, triangulate s,
/// partition s) and the partition's polygons for `verify`.
struct Row {
    sides: usize,
    vertices: usize,
    triangles: usize,
    polygons: Vec<Vec<u32>>,
    area: f64,
    seconds: [f64; 3],
}

fn run_rule(region: &Region, tolerance: f64) -> Row {
    let r_grid = RADIUS * 2f64.powi(i32::from(SNAP_BITS));
    let sides = choose_sides(r_grid, grid_tolerance(tolerance, SNAP_BITS, r_grid));
    let (shrink_s, shrunk) = timed(|| region.shrink(RADIUS, tolerance).expect("shrink"));
    let (tri_s, triangulation) = timed(|| shrunk.triangulate().expect("triangulate"));
    let (part_s, partition) = timed(|| {
        partition_convex(
            &triangulation.vertices,
            &triangulation.triangles,
            &triangulation.neighbors,
            MAX_VERTICES,
        )
        .expect("partition")
    });
    partition
        .check(MAX_VERTICES, shrunk.area2())
        .expect("partition covers the shrunk region");
    Row {
        sides,
        vertices: vertex_count(&shrunk),
        triangles: triangulation.triangles.len(),
        polygons: partition.polygons,
        area: area(shrunk.area2()),
        seconds: [shrink_s, tri_s, part_s],
    }
}

fn measure(name: &str, map: &TileMap, verify: bool) {
    let start = Instant::now();
    let (region_s, region) = timed(|| {
        Region::from_tile_map(&map.cells, map.n, map.n, CELL, [0.0, 0.0], options())
            .expect("tile map")
    });
    let region_label = format!(
        "{name} | {} | {} | {:.4} | {region_s:.3}",
        map.walkable(),
        vertex_count(&region),
        area(region.area2())
    );
    let pipeline_tol = pipeline_arc_tolerance(CELL, RADIUS);
    let rules = [("pipeline", pipeline_tol), ("quarter cell", CELL / 4.0)];
    let mut polygon_counts = Vec::new();
    for (i, (rule, tolerance)) in rules.into_iter().enumerate() {
        let row = run_rule(&region, tolerance);
        if verify && i == 0 {
            let source = MapSource::TileMap {
                cells: map.cells.clone(),
                width: map.n,
                height: map.n,
                cell_size: CELL,
                origin: [0.0, 0.0],
            };
            let pipeline = Mesh2DPipeline::new(RADIUS, MAX_VERTICES, options());
            let mesh = pipeline.build(&source).expect("pipeline");
            assert_eq!(
                mesh.polygons, row.polygons,
                "Mesh2DPipeline == stages by hand"
            );
        }
        let label = if i == 0 {
            region_label.as_str()
        } else {
            "| | | |"
        };
        println!(
            "| {label} | {rule} {tolerance} ({}) | {} | {} | {} | {:.4} | {:.3} | {:.3} | {:.3} |",
            row.sides,
            row.vertices,
            row.triangles,
            row.polygons.len(),
            row.area,
            row.seconds[0],
            row.seconds[1],
            row.seconds[2],
        );
        polygon_counts.push((row.polygons.len(), row.area));
    }
    let ((octagon, octagon_area), (quarter, quarter_area)) = (polygon_counts[0], polygon_counts[1]);
    let ratio = if quarter > 0 {
        format!("{:.3}", octagon as f64 / quarter as f64)
    } else {
        "–".into()
    };
    let area_change = if quarter_area > 0.0 {
        format!(
            "{:+.4}%",
            100.0 * (octagon_area - quarter_area) / quarter_area
        )
    } else {
        "–".into()
    };
    eprintln!(
        "{name}: polygons pipeline / quarter cell = {ratio}, area pipeline vs quarter cell \
         {area_change}, total {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verify = args.iter().any(|a| a == "verify");
    let mut args = args.iter().filter(|a| *a != "verify");
    let kind = args.next().map(String::as_str).unwrap_or("cave");
    let sizes: Vec<usize> = args
        .map(|a| a.parse().expect("map side N"))
        .collect::<Vec<_>>();
    let sizes = if sizes.is_empty() { vec![256] } else { sizes };
    let generate: fn(usize) -> TileMap = match kind {
        "cave" => cave,
        "pillars" => pillars,
        "noisy" => noisy,
        other => panic!("unknown map {other}: cave, pillars or noisy"),
    };
    println!(
        "| map | walkable cells | region vertices | region area | region s | rule tol (m) | \
         vertices after shrink | triangles | polygons | shrunk area | shrink s | \
         triangulate s | partition s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for n in sizes {
        measure(&format!("{kind}-{n}"), &generate(n), verify);
    }
}
