//! The "region CDT" target of issue 15: `Region::triangulate` against spade's
//! `bulk_load_cdt` given the same points and constraints (docs/cdt.md §7.2 steps 1–2),
//! on the workload maps (`build2d::workloads`, cell 0.25, origin (0, 0), snap bits 16),
//! alternating A B A B … in one process.
//!
//!     cargo run --release --bin cdt_regions -- ROUNDS MAP-N [MAP-N ...]
//!
//! MAP is `noisy` or `cave`, e.g. `cdt_regions 5 noisy-512 noisy-1024 cave-1024`. Also
//! prints the median of the bare `Cdt::new` on the same input (triangulate minus the
//! flood and output).

use build2d::cdt::Cdt;
use build2d::Region;
use build2d_bench::{
    alternate, cdt_input, load_average, options, spade_cdt, spade_input, standard_map, CELL,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    println!("| map | points | constraints | build2d triangulate ms | Cdt::new ms | spade ms | triangulate / spade | load |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for spec in args {
        let (kind, n) = spec.split_once('-').expect("MAP-N");
        let n: usize = n.parse().expect("N");
        let map = standard_map(kind, n);
        let region =
            Region::from_tile_map(&map.cells, n, n, CELL, [0.0, 0.0], options()).expect("tile map");
        let (points, constraints) = cdt_input(&region);
        let (sp, se) = spade_input(&points, &constraints);
        let (t_b, t_s) = alternate(
            rounds,
            || {
                std::hint::black_box(region.triangulate().expect("triangulate").triangles.len());
            },
            || {
                std::hint::black_box(spade_cdt(sp.clone(), se.clone()));
            },
        );
        let (t_c, _) = alternate(
            rounds.div_ceil(2),
            || {
                std::hint::black_box(Cdt::new(&points, &constraints).expect("cdt"));
            },
            || {},
        );
        println!(
            "| {spec} | {} | {} | {:.1} | {:.1} | {:.1} | {:.2} | {} |",
            points.len(),
            constraints.len(),
            t_b * 1e3,
            t_c * 1e3,
            t_s * 1e3,
            t_b / t_s,
            load_average(),
        );
    }
}
