//! Timing probe of the CDT and `Region::triangulate` ([D2]–[D7], [TR1]–[TR4]); not a test.
//!
//!     cargo run --release --features internals --example bench_cdt -- [N ...]      (default 128 256 512)
//!
//! For the `noisy-N` and `cave-N` workload maps (`build2d::workloads`, cell 0.25,
//! snapBits 16): time of `Region::from_tile_map` and of `Region::triangulate` (best of
//! three), ring vertices (the CDT's points), constraints (ring edges), kept triangles, and
//! flips per point: of the points alone (the [D2]/[D3] insertion order with Lawson's
//! legalisation, the figure [D4] talks about) and of the whole construction (plus Sloan's
//! flips and the [D7] passes), from a `Cdt` built on the same points and constraints as
//! `triangulate` builds.

use std::time::{Duration, Instant};

use build2d::cdt::Cdt;
use build2d::workloads::{cave, noisy, TileMap};
use build2d::{Geometry2DOptions, GridPoint, Region};

fn best_of_three<T>(mut run: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..3 {
        let start = Instant::now();
        let value = run();
        best = best.min(start.elapsed());
        out = Some(value);
    }
    (out.expect("ran three times"), best)
}

/// The CDT input `Region::triangulate` builds (docs/cdt.md §7.2 steps 1–2).
fn cdt_input(region: &Region) -> (Vec<GridPoint>, Vec<(usize, usize)>) {
    let mut points: Vec<GridPoint> = region.rings().iter().flatten().copied().collect();
    points.sort_unstable();
    points.dedup();
    let index = |p: &GridPoint| points.binary_search(p).expect("ring vertex");
    let mut constraints: Vec<(usize, usize)> = region
        .edges()
        .map(|(p, q)| {
            let (a, b) = (index(&p), index(&q));
            (a.min(b), a.max(b))
        })
        .collect();
    constraints.sort_unstable();
    constraints.dedup();
    (points, constraints)
}

fn probe(name: &str, map: &TileMap) {
    let options = Geometry2DOptions::new(16).expect("16 snap bits");
    let n = map.n;
    let (region, t_region) = best_of_three(|| {
        Region::from_tile_map(&map.cells, n, n, 0.25, [0.0, 0.0], options).expect("tile map")
    });
    let (tri, t_tri) = best_of_three(|| region.triangulate().expect("triangulate"));
    let (points, constraints) = cdt_input(&region);
    let points_only = Cdt::new(&points, &[]).expect("cdt of the points");
    let full = Cdt::new(&points, &constraints).expect("cdt");
    let per_point = |flips: u64| flips as f64 / points.len().max(1) as f64;
    println!(
        "| {name}-{n} | {} | {:.3} | {:.3} | {} | {} | {} | {:.2} | {:.2} |",
        map.walkable(),
        t_region.as_secs_f64() * 1e3,
        t_tri.as_secs_f64() * 1e3,
        points.len(),
        constraints.len(),
        tri.triangles.len(),
        per_point(points_only.flip_count()),
        per_point(full.flip_count()),
    );
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("N"))
        .collect();
    let sizes = if sizes.is_empty() {
        vec![128, 256, 512]
    } else {
        sizes
    };
    println!("| map | walkable cells | from_tile_map ms | triangulate ms | points | constraints | triangles | flips/point (points only) | flips/point (with constraints) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &n in &sizes {
        probe("noisy", &noisy(n));
        probe("cave", &cave(n));
    }
}
