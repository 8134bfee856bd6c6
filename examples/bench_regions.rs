//! Stage timings of build2d's region constructors on the standard workloads
//! (`docs/workloads.md`: cell 0.25, origin (0, 0), snap bits 16); not a test.
//!
//!     cargo run --release --features internals --example bench_regions -- tiles [max_n]
//!     cargo run --release --features internals --example bench_regions -- polys K [verify] [grid|sweep]
//!
//! `tiles`: `Region::from_tile_map` on noisy-N, cave-N and rooms-N (N = 128 … max_n, doubling),
//! best of three; rings, vertices and time per cell.
//!
//! `polys K`: `Region::from_outlines` of polys-K split into its stages with the public
//! stage functions (snap every vertex; resolve each outline alone with
//! `simple_outline::resolve_outline`, the fast path or `overlay(…, EvenOdd)`; then the union's `arrange_with` / `label` / `trace`), with the
//! arrangement's counters. With `verify`, also runs `Region::from_outlines` itself and
//! checks that the staged rings are identical. `grid` / `sweep` force the union's
//! candidate search (hidden `SearchMode`; the result is the same by [C1]).

use std::time::Instant;

use build2d::arrangement::{arrange_with, ArrangeOptions, EdgeTag, SearchMode, TaggedEdge};
use build2d::grid::snap_vertex;
use build2d::label::label;
use build2d::rings::{trace, Operation};
use build2d::simple_outline::{self, resolve_outline};
use build2d::workloads;
use build2d::Outline;
use build2d::{Geometry2DOptions, GridPoint, Region};

const SNAP_BITS: u8 = 16;

fn options() -> Geometry2DOptions {
    Geometry2DOptions::new(u32::from(SNAP_BITS)).expect("snap bits")
}

fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let value = f();
    (start.elapsed().as_secs_f64(), value)
}

fn tiles(max_n: usize) {
    println!("| input | walkable cells | seconds (best of 3) | ns / cell | rings | vertices |");
    println!("|---|---:|---:|---:|---:|---:|");
    for kind in ["noisy", "cave", "rooms"] {
        let mut n = 128;
        while n <= max_n {
            let map = match kind {
                "noisy" => workloads::noisy(n),
                "cave" => workloads::cave(n),
                _ => workloads::rooms(n).expect("rooms-N from 128"),
            };
            let mut best = f64::INFINITY;
            let mut region = None;
            for _ in 0..3 {
                let (secs, r) = timed(|| {
                    Region::from_tile_map(&map.cells, n, n, 0.25, [0.0, 0.0], options())
                        .expect("from_tile_map")
                });
                best = best.min(secs);
                region = Some(r);
            }
            let region = region.expect("ran");
            println!(
                "| {kind}-{n} | {} | {:.4} | {:.1} | {} | {} |",
                map.walkable(),
                best,
                best / (n * n) as f64 * 1e9,
                region.rings().len(),
                region.rings().iter().map(Vec::len).sum::<usize>()
            );
            n *= 2;
        }
    }
}

fn polys(k: usize, verify: bool, search: SearchMode) {
    let polys = workloads::polys(k);
    let (t_snap, snapped) = timed(|| {
        polys
            .iter()
            .enumerate()
            .map(|(o, ring)| {
                ring.iter()
                    .enumerate()
                    .map(|(v, &p)| snap_vertex(p, SNAP_BITS, o, 0, v).expect("in range"))
                    .collect::<Vec<GridPoint>>()
            })
            .collect::<Vec<_>>()
    });
    let (t_resolve, resolved) = timed(|| {
        snapped
            .iter()
            .map(|ring| resolve_outline(std::slice::from_ref(ring), SNAP_BITS).expect("even-odd"))
            .collect::<Vec<Region>>()
    });
    let fast = snapped
        .iter()
        .filter(|ring| simple_outline::resolve_simple_ring(ring, SNAP_BITS).is_some())
        .count();
    println!(
        "even-odd per outline: fast path taken for {fast} of {} outlines",
        snapped.len()
    );
    let edges: Vec<TaggedEdge> = resolved
        .iter()
        .flat_map(Region::edges)
        .map(|(from, to)| TaggedEdge {
            from,
            to,
            tag: EdgeTag::Operand0,
        })
        .collect();
    let (t_arrange, (arrangement, stats)) = timed(|| {
        arrange_with(
            &edges,
            &ArrangeOptions {
                search,
                ..Default::default()
            },
        )
        .expect("arrange")
    });
    let (t_label, windings) = timed(|| label(&arrangement).expect("label"));
    let (t_trace, rings) =
        timed(|| trace(&arrangement, &windings, Operation::Union).expect("trace"));
    let total = t_snap + t_resolve + t_arrange + t_label + t_trace;
    println!("polys-{k}: {} input edges after even-odd", edges.len());
    println!("| stage | seconds | share |");
    println!("|---|---:|---:|");
    for (name, t) in [
        ("snap vertices", t_snap),
        ("even-odd per outline", t_resolve),
        ("union: arrange", t_arrange),
        ("union: label", t_label),
        ("union: trace", t_trace),
        ("total", total),
    ] {
        println!("| {name} | {t:.4} | {:.0}% |", t / total * 100.0);
    }
    println!(
        "arrangement: {} vertices, {} segments, {} hot pixels, {} repair rounds{}, \
         crossing candidates {}, pixel candidates {}, searches grid/sweep {}/{}",
        arrangement.vertices.len(),
        arrangement.segments.len(),
        stats.hot_pixels,
        stats.repair_rounds,
        if stats.verified_by_sweep {
            " (verified by the noded sweep)"
        } else {
            ""
        },
        stats.crossing_candidates,
        stats.pixel_candidates,
        stats.grid_searches,
        stats.sweep_searches
    );
    println!(
        "result: {} rings, {} vertices",
        rings.len(),
        rings.iter().map(Vec::len).sum::<usize>()
    );
    if verify {
        let outlines: Vec<Outline> = polys
            .iter()
            .map(|p| Outline {
                rings: vec![p.clone()],
            })
            .collect();
        let (t_whole, region) =
            timed(|| Region::from_outlines(&outlines, options()).expect("from_outlines"));
        assert_eq!(
            region.rings(),
            &rings[..],
            "staged rings differ from from_outlines"
        );
        println!("verify: Region::from_outlines gives the same rings ({t_whole:.3} s)");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    match args.first().map(String::as_str) {
        Some("polys") => {
            let has = |word: &str| args.iter().any(|a| a == word);
            let search = if has("grid") {
                SearchMode::Grid
            } else if has("sweep") {
                SearchMode::Sweep
            } else {
                SearchMode::Auto
            };
            polys(number(1, 1000), has("verify"), search)
        }
        _ => tiles(number(1, 2048)),
    }
}
