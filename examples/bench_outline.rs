//! X2's first step alone on polys-K (`docs/workloads.md`, snap bits 16): every
//! outline resolved by even-odd, REPEATS times, for profilers; not a test.
//!
//!     cargo run --release --features internals --example bench_outline -- [general|fast] [K] [REPEATS]
//!
//! `general`: `overlay(…, EvenOdd)` on every outline (the arrangement path);
//! `fast`: `simple_outline::resolve_outline` (the fast path where it applies).
//! Prints the best time per repeat and per outline.

use std::time::Instant;

use build2d::grid::snap_vertex;
use build2d::simple_outline::{resolve_outline, resolve_outline_in_general};
use build2d::workloads;
use build2d::GridPoint;

const SNAP_BITS: u8 = 16;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let general = args.first().map(String::as_str) == Some("general");
    let k: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let repeats: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let snapped: Vec<Vec<GridPoint>> = workloads::polys(k)
        .iter()
        .enumerate()
        .map(|(o, ring)| {
            ring.iter()
                .enumerate()
                .map(|(v, &p)| snap_vertex(p, SNAP_BITS, o, 0, v).expect("in range"))
                .collect()
        })
        .collect();
    let mut best = f64::INFINITY;
    let mut vertices = 0;
    for _ in 0..repeats {
        let start = Instant::now();
        vertices = 0;
        for ring in &snapped {
            let region = if general {
                resolve_outline_in_general(std::slice::from_ref(ring), SNAP_BITS)
            } else {
                resolve_outline(std::slice::from_ref(ring), SNAP_BITS)
            }
            .expect("even-odd");
            vertices += region.rings().iter().map(Vec::len).sum::<usize>();
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "polys-{k} {}: best {:.3} ms per run, {:.2} µs per outline, {vertices} output vertices",
        if general { "general" } else { "fast" },
        best * 1e3,
        best * 1e6 / k as f64
    );
}
