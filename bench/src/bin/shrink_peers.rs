//! The shrink target of issue 15: `Region::shrink` (radius r, the pipeline's arc tolerance,
//! exact) against i_overlay's float outline offset by −r (round joins, the same number
//! of arc segments per full turn as the m-gon), on the same rings of a workload region
//! (`build2d::workloads`, cell 0.25, origin (0, 0), snap bits 16), alternating A B A B …
//! in one process. Clipper2 is not here (it needs a C++ build).
//!
//!     cargo run --release --bin shrink_peers -- ROUNDS MAP-N:R [MAP-N:R ...]
//!
//! MAP is `noisy`, `cave`, `pillars` or `rooms`, e.g. `shrink_peers 3 cave-512:1 rooms-1024:0.5`.
//! Prints the medians, their ratio, the output sizes and areas, and the load average.

use build2d::{pipeline_arc_tolerance, Region};
use build2d_bench::{alternate, load_average, map_run, mgon_sides, options, CELL};
use i_overlay::mesh::float::outline::offset::OutlineOffset;
use i_overlay::mesh::float::style::{LineJoin, OutlineStyle};

fn ring_area(ring: &[[f64; 2]]) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (p, q) = (ring[i], ring[(i + 1) % n]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum::<f64>()
        / 2.0
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    println!("| map | r | m | build2d ms | i_overlay ms | build2d / i_overlay | build2d rings, area | i_overlay contours, area | load |");
    println!("|---|---:|---:|---:|---:|---:|---|---|---:|");
    for spec in args {
        let run = map_run(&spec);
        let (map, n, r) = (&run.name, run.n, run.r);
        let region = Region::from_tile_map(&run.tiles.cells, n, n, CELL, [0.0, 0.0], options())
            .expect("tile map");
        let tolerance = pipeline_arc_tolerance(CELL, r);
        let m = mgon_sides(r, tolerance);
        let rings = region.rings_f64();
        // i_overlay's round join takes the angle of one arc segment.
        let style = OutlineStyle::new(-r)
            .line_join(LineJoin::Round(2.0 * std::f64::consts::PI / f64::from(m)));
        let (mut ours, mut theirs) = (None, None);
        let (t_b, t_i) = alternate(
            rounds,
            || ours = Some(region.shrink(r, tolerance).expect("shrink")),
            || theirs = Some(rings.outline(&style)),
        );
        let ours = ours.expect("ran");
        let theirs = theirs.expect("ran");
        let our_area: f64 = ours.rings_f64().iter().map(|q| ring_area(q)).sum();
        let their_area: f64 = theirs.iter().flatten().map(|c| ring_area(c)).sum();
        let contours: usize = theirs.iter().map(Vec::len).sum();
        println!(
            "| {map} | {r} | {m} | {:.1} | {:.1} | {:.2} | {}, {:.1} | {}, {:.1} | {} |",
            t_b * 1e3,
            t_i * 1e3,
            t_b / t_i,
            ours.rings().len(),
            our_area,
            contours,
            their_area,
            load_average(),
        );
    }
}
