//! The shrink alone, for profilers and instruction counts: `Region::shrink_in` of one
//! workload map ROUNDS times in one `Workspace`, then the median and the fastest time.
//! Nothing else runs after the map is built, so a profile of this process is the
//! shrink's, and `instructions.sh shrink_observed` counts only the shrink.
//!
//!     cargo run --release --bin shrink_rounds -- ROUNDS MAP-N:R
//!
//! e.g. `shrink_rounds 20 rooms-1024:0.5` (cell size 0.25, the pipeline's tolerance).

use std::time::Instant;

use build2d::{pipeline_arc_tolerance, Region, Workspace};
use build2d_bench::{load_average, map_run, median, options, CELL};

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    let run = map_run(&args.next().expect("MAP-N:R"));
    let region = Region::from_tile_map(&run.tiles.cells, run.n, run.n, CELL, [0.0, 0.0], options())
        .expect("tile map");
    let tolerance = pipeline_arc_tolerance(CELL, run.r);
    let mut workspace = Workspace::new();
    let mut times = Vec::with_capacity(rounds);
    let mut rings = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        let shrunk = region
            .shrink_in(run.r, tolerance, &mut workspace)
            .expect("shrink");
        times.push(start.elapsed().as_secs_f64() * 1e3);
        rings = shrunk.rings().len();
    }
    let fastest = times.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "{}: {rounds} shrinks in a workspace, median {:.3} ms, fastest {fastest:.3} ms, {rings} rings, load {}",
        run.name,
        median(times),
        load_average()
    );
}
