//! Quality figures of the agent-radius shrink ([S6], [S7], [E6]) on the standard maps of
//! docs/workloads.md (cell 0.25, origin 0, SnapBits 16, radius 1.0).
//!
//! Run: `cargo run --release --features internals --example quality [N ...] [fine M]` (default N = 64 128 256,
//! M = 256; noisy-N only for N ≤ 128). Per map and per arc tolerance (the pipeline's,
//! a quarter cell, and the fine one) it prints, as a share of the relevant area:
//!
//! - (a) shrink vs offset: area(shrink(r, tol)) − area(offset(−r, round, tol)), relative
//!   to the region's area, tol = the pipeline's arc tolerance ([S7]);
//! - (b) coverage of the shrunk region against the exact eroded area E (the region minus
//!   every point within r of its boundary), bracketed by two sound bounds:
//!   * E_low = area(offset(−r, round)) with a fine M-gon: its rectangles are exact and
//!     its M-gons circumscribe the disc, so it removes a superset of the exact set;
//!   * E_high = area(offset(−r', round)) with the same M and r' = r·cos(π/M)·(1 − 1e-9):
//!     its rectangles are narrower than r and its M-gons (vertices at r'/cos(π/M) < r) are
//!     inscribed in the disc of radius r, so it removes a subset of the exact set.
//!
//! So E_low ≤ E ≤ E_high up to the grid: constructed points round by ≤ ½ unit and snap
//! rounding moves a segment by ≤ 1 unit ([C6]), printed as `slack`, the region's
//! boundary length × 2 grid units relative to E_low.
//! Coverage is reported as (A − E)/E against both bounds: the exact figure lies between.
//!
//! Not a test: a measurement; the figures are recorded in docs/results.md.

use std::time::Instant;

use build2d::pipeline_arc_tolerance;
use build2d::workloads::{cave, noisy, pillars, TileMap};
use build2d::Join;
use build2d::{Geometry2DOptions, Region};

const CELL: f64 = 0.25;
const RADIUS: f64 = 1.0;
const SNAP_BITS: u8 = 16;
const GRID: f64 = 65536.0;

fn area(region: &Region) -> f64 {
    // area2 is twice the area in grid units²; public units² = / 2^32.
    region.area2() as f64 / 2.0 / (GRID * GRID)
}

fn boundary_length(region: &Region) -> f64 {
    region
        .edges()
        .map(|(a, b)| {
            let (dx, dy) = ((b.x - a.x) as f64, (b.y - a.y) as f64);
            (dx * dx + dy * dy).sqrt() / GRID
        })
        .sum()
}

/// cos(π/m) by the half-angle recurrence of X12 (only used to size r', not for geometry).
fn cos_pi_over(m: usize) -> f64 {
    let (mut c, mut n) = (0.0f64, 4usize);
    while n < 2 * m {
        c = ((1.0 + c) / 2.0).sqrt();
        n *= 2;
    }
    c
}

/// The arc tolerance (public units) that makes X12 choose `m` sides at radius r (grid
/// units): just above r·(1/cos(π/m) − 1); for 256 one grid unit (the cap at r = 2^16).
fn tolerance_for(m: usize, r: f64) -> f64 {
    if m >= 256 {
        return 1.0 / GRID;
    }
    (r / cos_pi_over(m) - r) * 1.001 / GRID
}

fn percent(x: f64) -> String {
    format!("{:+.4}%", 100.0 * x)
}

fn measure(name: &str, map: &TileMap, fine: usize) {
    let start = Instant::now();
    let options = Geometry2DOptions::default().with_snap_bits(SNAP_BITS);
    let region = Region::from_tile_map(&map.cells, map.n, map.n, CELL, [0.0, 0.0], options)
        .expect("tile map");
    let r = RADIUS * GRID;
    let fine_tol = tolerance_for(fine, r);
    let lower = region
        .offset(-RADIUS, Join::Round, fine_tol)
        .expect("fine offset");
    let inscribed_radius = RADIUS * cos_pi_over(fine) * (1.0 - 1e-9);
    let upper = region
        .offset(-inscribed_radius, Join::Round, fine_tol)
        .expect("inscribed offset");
    let a_region = area(&region);
    let (e_low, e_high) = (area(&lower), area(&upper));
    let slack = boundary_length(&region) * 2.0 / GRID;
    println!(
        "{name}: region area {a_region:.4}, exact eroded area E in [{e_low:.5}, {e_high:.5}] \
         (fine m {fine}), grid slack {:.1e}% of E",
        if e_low > 0.0 {
            100.0 * slack / e_low
        } else {
            f64::NAN
        }
    );
    let tolerances = [
        ("pipeline [S7]", pipeline_arc_tolerance(CELL, RADIUS)),
        ("quarter cell", CELL / 4.0),
        ("fine", fine_tol),
    ];
    for (label, tol) in tolerances {
        let m = build2d::construct::choose_sides(
            r,
            build2d::construct::grid_tolerance(tol, SNAP_BITS, r),
        );
        let shrunk = region.shrink(RADIUS, tol).expect("shrink");
        let a_shrink = area(&shrunk);
        let a_offset = if label == "fine" {
            e_low
        } else {
            area(&region.offset(-RADIUS, Join::Round, tol).expect("offset"))
        };
        print!(
            "  {label:<14} tol {tol:.6} m {m:>3}: shrink {a_shrink:.5} offset {a_offset:.5}  \
             (a) {}",
            percent((a_shrink - a_offset) / a_region)
        );
        if e_low > 0.0 {
            println!(
                "  (b) shrink {} .. {}  offset {} .. {}",
                percent((a_shrink - e_high) / e_high),
                percent((a_shrink - e_low) / e_low),
                percent((a_offset - e_high) / e_high),
                percent((a_offset - e_low) / e_low),
            );
        } else {
            println!("  (b) E is empty");
        }
    }
    println!("  [{:.1}s]", start.elapsed().as_secs_f64());
}

fn main() {
    let mut sizes = Vec::new();
    let mut fine = 256usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "fine" {
            fine = args.next().and_then(|v| v.parse().ok()).expect("fine M");
        } else if arg != "--" {
            sizes.push(arg.parse::<usize>().expect("map side N"));
        }
    }
    if sizes.is_empty() {
        sizes = vec![64, 128, 256];
    }
    println!(
        "cell {CELL}, snapBits {SNAP_BITS}, radius {RADIUS}, pipeline arcTolerance {}, fine m {fine}",
        pipeline_arc_tolerance(CELL, RADIUS)
    );
    println!("coverage (b): (A − E)/E against E_high .. E_low; the exact value lies between");
    for &n in &sizes {
        measure(&format!("cave-{n}"), &cave(n), fine);
        measure(&format!("pillars-{n}"), &pillars(n), fine);
        if n <= 128 {
            measure(&format!("noisy-{n}"), &noisy(n), fine);
        }
    }
}
