//! The "threads" target of issue 15: `Mesh2DPipeline::build_stages` on a workload map at
//! 1 and at K threads (rayon pools, the `parallel` feature), alternating in one process,
//! with each stage's median and a check that both outputs are equal.
//!
//!     cargo run --release --bin pipeline_threads -- ROUNDS K MAP-N RADIUS
//!
//! e.g. `pipeline_threads 5 2 cave-1024 1.0`. Needs the bench's `parallel` feature (build
//! it into its own target directory, so the peer benchmarks stay single-threaded). Also prints the shrink's arrangement counts
//! (fragments, strips, windows), which decide how much of it runs in parallel. Each round
//! also times `build_in` with one `Workspace` per pool, kept across the rounds (the row
//! "total in a workspace": no fresh pages after the first round).

use std::time::Duration;

use build2d::arrangement::{arrange_with, ArrangeOptions};
use build2d::pipeline::{MapSource, Mesh2DPipeline};
use build2d::shrink::{pipeline_arc_tolerance, shrink_edges};
use build2d::workloads::{cave, noisy, pillars, rooms};
use build2d::{Region, Workspace};
use build2d_bench::{load_average, median, one_and_k_thread_pools, options, peak_rss_mb};

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    let threads: usize = args.next().expect("K").parse().expect("K");
    let spec = args.next().expect("MAP-N");
    let radius: f64 = args.next().expect("RADIUS").parse().expect("RADIUS");
    let (kind, n) = spec.split_once('-').expect("MAP-N");
    let n: usize = n.parse().expect("N");
    let map = match kind {
        "noisy" => noisy(n),
        "cave" => cave(n),
        "pillars" => pillars(n),
        "rooms" => rooms(n).expect("rooms needs N ≥ 128"),
        other => panic!("unknown map {other}"),
    };
    let source = MapSource::TileMap {
        cells: map.cells.clone(),
        width: n,
        height: n,
        cell_size: 0.25,
        origin: [0.0, 0.0],
    };
    let pipeline = Mesh2DPipeline::default().with_agent_radius(radius);
    let region =
        Region::from_tile_map(&map.cells, n, n, 0.25, [0.0, 0.0], options()).expect("tile map");
    let edges = shrink_edges(&region, radius, pipeline_arc_tolerance(0.25, radius)).expect("edges");
    let (_, stats) = arrange_with(&edges, &ArrangeOptions::default()).expect("arrangement");
    println!(
        "shrink arrangement: {} fragments, {} strips, {} window fragments, {} hot pixels",
        stats.input_fragments, stats.strips, stats.window_fragments, stats.hot_pixels
    );
    let pools = one_and_k_thread_pools(threads);
    // Per pool: total and per-stage times of every round.
    let mut times: Vec<Vec<Vec<f64>>> = vec![Vec::new(), Vec::new()];
    let mut names: Vec<String> = Vec::new();
    let mut meshes = Vec::new();
    // One workspace per pool; the total of `build_in` ends each row.
    let mut workspaces = [Workspace::new(), Workspace::new()];
    for _ in 0..rounds {
        for (p, pool) in pools.iter().enumerate() {
            let start = std::time::Instant::now();
            let stages = pool
                .install(|| pipeline.build_stages(&source))
                .expect("pipeline");
            let total = start.elapsed().as_secs_f64();
            names = stages.timings.iter().map(|(s, _)| s.to_string()).collect();
            let mut row = vec![total];
            row.extend(
                stages
                    .timings
                    .iter()
                    .map(|(_, t): &(_, Duration)| t.as_secs_f64()),
            );
            meshes.push(stages.mesh);
            let workspace = &mut workspaces[p];
            let start = std::time::Instant::now();
            let mesh = pool
                .install(|| pipeline.build_in(&source, workspace))
                .expect("pipeline");
            row.push(start.elapsed().as_secs_f64());
            times[p].push(row);
            meshes.push(mesh);
        }
    }
    assert!(meshes.windows(2).all(|w| w[0] == w[1]), "meshes differ");
    let column = |p: usize, c: usize| median(times[p].iter().map(|r| r[c]).collect());
    println!("| {spec} r {radius} | 1 thread ms | {threads} threads ms | 1 / {threads} |");
    println!("|---|---:|---:|---:|");
    for (c, name) in std::iter::once("total".to_string())
        .chain(names)
        .chain(std::iter::once("total in a workspace".to_string()))
        .enumerate()
    {
        let (one, many) = (column(0, c), column(1, c));
        println!(
            "| {name} | {:.1} | {:.1} | {:.2} |",
            one * 1e3,
            many * 1e3,
            one / many
        );
    }
    let per_round = |c: usize| {
        median(
            times[0]
                .iter()
                .zip(&times[1])
                .map(|(a, b)| a[c] / b[c])
                .collect(),
        )
    };
    let kept = times[0][0].len() - 1;
    println!(
        "median of the per-round ratios (total): {:.2}, in a workspace {:.2}; load {}; peak RSS {:.0} MB",
        per_round(0),
        per_round(kept),
        load_average(),
        peak_rss_mb()
    );
}
