//! Where the threads target of issue 15 loses time: the shrink's phases (its edges, the
//! arrangement's initial pieces, labelling, which proves them noded and keeps each
//! segment's boundary side as the overlay does, tracing) on a cave map at 1 and at K
//! threads (rayon pools, the `parallel` feature), alternating in one process, medians per
//! phase. The arrangement runs one strip per thread, and the label sweeps in two halves
//! side by side; the rest is serial.
//! The edges come from `shrink_edges`, the serial builder in one vector, where
//! `Region::shrink` builds them in chunks on every thread: the edges column is not the
//! shrink's (at two threads it read 45 ms against 19 on one, in the twenty-fifth
//! session), so time the whole shrink with `pipeline_threads`.
//!
//!     cargo run --release --features parallel --bin shrink_phases -- ROUNDS K MAP-N:R
//!
//! e.g. `shrink_phases 5 2 cave-1024:1` (cell size 0.25, the pipeline's tolerance).

use std::time::Instant;

use build2d::arrangement::initial_pieces;
use build2d::label::label_with;
use build2d::rings::{trace_boundaries, Boundary, Operation};
use build2d::shrink::{pipeline_arc_tolerance, shrink_edges};
use build2d::Region;
use build2d_bench::{load_average, map_run, median, one_and_k_thread_pools, options, CELL};

const PHASES: [&str; 5] = ["edges", "arrangement", "label", "trace", "total"];

fn main() {
    let mut args = std::env::args().skip(1);
    let mut arg = |name: &str| args.next().unwrap_or_else(|| panic!("{name}"));
    let rounds: usize = arg("ROUNDS").parse().expect("ROUNDS");
    let threads: usize = arg("K").parse().expect("K");
    let run = map_run(&arg("MAP-N:R"));
    let (n, radius) = (run.n, run.r);
    let region =
        Region::from_tile_map(&run.tiles.cells, n, n, CELL, [0.0, 0.0], options()).expect("map");
    let tolerance = pipeline_arc_tolerance(CELL, radius);
    let pools = one_and_k_thread_pools(threads);
    let mut times = vec![vec![Vec::new(); PHASES.len()]; 2];
    let mut outputs = Vec::new();
    for _ in 0..rounds {
        for (p, pool) in pools.iter().enumerate() {
            let (marks, rings) = pool.install(|| {
                let t0 = Instant::now();
                let edges = shrink_edges(&region, radius, tolerance).expect("edges");
                let t1 = Instant::now();
                // As `Region::shrink` does: the label proves the initial pieces noded.
                let pieces = initial_pieces(edges.iter()).expect("pieces");
                let t2 = Instant::now();
                // The overlay's label keeps one byte per segment, its boundary side.
                let sides =
                    label_with(&pieces.unproven, |w| Boundary::of(Operation::Difference, w))
                        .expect("label");
                let t3 = Instant::now();
                let rings = trace_boundaries(&pieces.unproven, &sides).expect("trace");
                ([t0, t1, t2, t3, Instant::now()], rings)
            });
            for (phase, w) in marks.windows(2).enumerate() {
                times[p][phase].push((w[1] - w[0]).as_secs_f64() * 1e3);
            }
            times[p][4].push((marks[4] - marks[0]).as_secs_f64() * 1e3);
            outputs.push(rings);
        }
    }
    assert!(outputs.windows(2).all(|w| w[0] == w[1]), "outputs differ");
    println!(
        "| {} r {radius} shrink | 1 thread ms | {threads} threads ms | 1 / {threads} |",
        run.name
    );
    println!("|---|---:|---:|---:|");
    for (c, name) in PHASES.iter().enumerate() {
        let one = median(times[0][c].clone());
        let many = median(times[1][c].clone());
        println!("| {name} | {one:.1} | {many:.1} | {:.2} |", one / many);
    }
    println!("load {}", load_average());
}
