//! The shrink target of issue 15: `Region::shrink` (radius r, the pipeline's arc tolerance,
//! exact) against the float and integer offsets a user would pick instead, on the same
//! rings of a workload region (`build2d::workloads`, cell 0.25, origin (0, 0), snap bits
//! 16), each with round joins of the same number of arc segments per full turn as the
//! m-gon: i_overlay's outline offset by −r (f64 world coordinates), and Clipper2's
//! `ClipperOffset` by −r · 2^16 on the grid points themselves (C++ through
//! `clipper2c-sys`, and the pure Rust port `clipper2-rust`). build2d runs twice a round:
//! `Region::shrink`, and `Region::shrink_in` with one `Workspace` kept across the rounds
//! (its buffers reused, as by a caller who shrinks again and again; the first round
//! fills it). All five alternate A A' B C D … in one process.
//!
//!     cargo run --release --bin shrink_peers -- ROUNDS MAP-N:R [MAP-N:R ...]
//!
//! MAP is `noisy`, `cave`, `pillars` or `rooms`, e.g. `shrink_peers 3 cave-512:1 rooms-1024:0.5`.
//! Prints the medians, build2d over the fastest peer (plain, and in a workspace), the
//! output sizes and areas, and the load average.

use build2d::{pipeline_arc_tolerance, Region, Workspace};
use build2d_bench::clipper::{arc_tolerance_for, double_area, offset_cpp, offset_rust};
use build2d_bench::{alternate_all, load_average, map_run, mgon_sides, options, CELL, SNAP_BITS};
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
    println!("| map | r | m | build2d ms | in a workspace ms | i_overlay ms | Clipper2 C++ ms | clipper2-rust ms | build2d / fastest peer | in a workspace / fastest peer | build2d rings, area | i_overlay / C++ / Rust rings | i_overlay / C++ / Rust area | load |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---:|");
    let unit = f64::from(1u32 << SNAP_BITS);
    for spec in args {
        let run = map_run(&spec);
        let (map, n, r) = (&run.name, run.n, run.r);
        let region = Region::from_tile_map(&run.tiles.cells, n, n, CELL, [0.0, 0.0], options())
            .expect("tile map");
        let tolerance = pipeline_arc_tolerance(CELL, r);
        let m = mgon_sides(r, tolerance);
        let rings = region.rings_f64();
        let grid_rings: Vec<Vec<[i64; 2]>> = region
            .rings()
            .iter()
            .map(|ring| ring.iter().map(|p| [p.x, p.y]).collect())
            .collect();
        // i_overlay's round join takes the angle of one arc segment.
        let style = OutlineStyle::new(-r)
            .line_join(LineJoin::Round(2.0 * std::f64::consts::PI / f64::from(m)));
        let delta = -r * unit;
        let clipper_tolerance = arc_tolerance_for(delta, m);
        let (mut plain, mut theirs, mut cpp, mut rust) = (None, None, None, None);
        let mut ours_kept = None;
        let mut workspace = Workspace::new();
        let medians = alternate_all(
            rounds,
            &mut [
                &mut || plain = Some(region.shrink(r, tolerance).expect("shrink")),
                &mut || {
                    ours_kept = Some(
                        region
                            .shrink_in(r, tolerance, &mut workspace)
                            .expect("shrink"),
                    )
                },
                &mut || theirs = Some(rings.outline(&style)),
                &mut || cpp = Some(offset_cpp(&grid_rings, delta, clipper_tolerance)),
                &mut || rust = Some(offset_rust(&grid_rings, delta, clipper_tolerance)),
            ],
        );
        let [t_b, t_w, t_i, t_c, t_r] = medians[..] else {
            unreachable!("five calls")
        };
        let (ours, theirs) = (ours_kept.expect("ran"), theirs.expect("ran"));
        assert!(
            ours == plain.expect("ran"),
            "the same region in a workspace"
        );
        let (cpp, rust) = (cpp.expect("ran"), rust.expect("ran"));
        let our_area: f64 = ours.rings_f64().iter().map(|q| ring_area(q)).sum();
        let their_area: f64 = theirs.iter().flatten().map(|c| ring_area(c)).sum();
        let contours: usize = theirs.iter().map(Vec::len).sum();
        let grid_area = |paths: &[Vec<[i64; 2]>]| double_area(paths) as f64 / 2.0 / unit / unit;
        println!(
            "| {map} | {r} | {m} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} | {}, {:.1} | {} / {} / {} | {:.1} / {:.1} / {:.1} | {} |",
            t_b * 1e3,
            t_w * 1e3,
            t_i * 1e3,
            t_c * 1e3,
            t_r * 1e3,
            t_b / t_i.min(t_c).min(t_r),
            t_w / t_i.min(t_c).min(t_r),
            ours.rings().len(),
            our_area,
            contours,
            cpp.len(),
            rust.len(),
            their_area,
            grid_area(&cpp),
            grid_area(&rust),
            load_average(),
        );
    }
}
