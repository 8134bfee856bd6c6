//! How much of the shrink's overlay lies near its output: a diagnostic for the cull that
//! issue 15 suggests (pieces deep inside the removed set cannot reach the boundary), not
//! a cull and not a peer comparison. For each distance D (grid units) it counts the
//! overlay's input edges that come within D of the shrunk region's boundary, and times
//! the arrangement of those edges alone against the arrangement of all of them,
//! alternating. The near edges alone are no valid input (their nets do not close up and
//! their output is not the shrink's); their arrangement's time is a bound on what any
//! exact cull that keeps them could reach.
//!
//! With `--with-boundary` the near edges also include every region edge and every edge
//! from a region vertex (the end sides at convex corners): these lie on the removed set's
//! boundary, at no depth inside any piece, so a cull by depth keeps them all
//! (docs/performance.md, thirtieth session).
//!
//!     cargo run --release --bin shrink_near -- ROUNDS MAP-N:R [--with-boundary] D [D ...]
//!
//! e.g. `shrink_near 3 cave-1024:1 2 1024 16384` (r = 65,536 grid units at 16 snap bits).
//! Distances are measured in f64 between segments (a diagnostic: a few ulps do not matter).

use build2d::arrangement::{arrange_with, ArrangeOptions, EdgeTag, TaggedEdge};
use build2d::shrink::shrink_edges;
use build2d::{pipeline_arc_tolerance, GridPoint, Region};
use build2d_bench::near::SegmentBuckets;
use build2d_bench::{alternate, load_average, map_run, options, CELL};

/// Side of the buckets of boundary segments, grid units.
const BUCKET: i64 = 1 << 13;

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    let run = map_run(&args.next().expect("MAP-N:R"));
    let mut with_boundary = false;
    let distances: Vec<f64> = args
        .filter(|arg| {
            let flag = arg == "--with-boundary";
            with_boundary |= flag;
            !flag
        })
        .map(|d| d.parse().expect("D"))
        .collect();
    assert!(!distances.is_empty(), "give at least one distance D");
    let reach = distances.iter().copied().fold(0.0, f64::max);
    let region = Region::from_tile_map(&run.tiles.cells, run.n, run.n, CELL, [0.0, 0.0], options())
        .expect("tile map");
    let tolerance = pipeline_arc_tolerance(CELL, run.r);
    let edges = shrink_edges(&region, run.r, tolerance).expect("edges");
    let shrunk = region.shrink(run.r, tolerance).expect("shrink");
    let boundary: Vec<(GridPoint, GridPoint)> = shrunk
        .rings()
        .iter()
        .flat_map(|ring| (0..ring.len()).map(move |k| (ring[k], ring[(k + 1) % ring.len()])))
        .collect();
    let buckets = SegmentBuckets::new(&boundary, BUCKET);
    let region_vertices: std::collections::HashSet<GridPoint> =
        region.rings().iter().flatten().copied().collect();
    let on_the_boundary = |e: &TaggedEdge| {
        e.tag == EdgeTag::Both
            || region_vertices.contains(&e.from)
            || region_vertices.contains(&e.to)
    };
    let nearest: Vec<f64> = edges
        .iter()
        .map(|e| buckets.distance_within(&boundary, e.from, e.to, reach))
        .collect();
    println!(
        "{}: {} overlay edges ({} region edges, {} on the region's boundary), {} boundary segments of the output; load {}",
        run.name,
        edges.len(),
        edges.iter().filter(|e| e.tag == EdgeTag::Both).count(),
        edges.iter().filter(|e| on_the_boundary(e)).count(),
        boundary.len(),
        load_average()
    );
    let kept = if with_boundary {
        "edges within D or on the region's boundary"
    } else {
        "edges within D"
    };
    println!("| D (grid units) | {kept} | share | fragments | hot pixels | near edges ms | all edges ms | near / all |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &d in &distances {
        let near: Vec<TaggedEdge> = edges
            .iter()
            .zip(&nearest)
            .filter(|(e, &dist)| dist <= d || (with_boundary && on_the_boundary(e)))
            .map(|(e, _)| *e)
            .collect();
        let (_, stats) = arrange_with(&near, &ArrangeOptions::default()).expect("near");
        let (t_near, t_all) = alternate(
            rounds,
            || {
                arrange_with(&near, &ArrangeOptions::default()).expect("near");
            },
            || {
                arrange_with(&edges, &ArrangeOptions::default()).expect("all");
            },
        );
        println!(
            "| {d} | {} | {:.3} | {} | {} | {:.1} | {:.1} | {:.2} |",
            near.len(),
            near.len() as f64 / edges.len() as f64,
            stats.input_fragments,
            stats.hot_pixels,
            t_near * 1e3,
            t_all * 1e3,
            t_near / t_all
        );
    }
    println!("load {}", load_average());
}
