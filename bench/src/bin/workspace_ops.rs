//! What a `Workspace` gains on the region operations other than the shrink: each
//! operation plain and inside `Workspace::install` (one workspace per operation, kept
//! across the rounds), alternating in one process, medians; the two results are asserted
//! equal. A diagnostic of the workspace, not a peer comparison.
//!
//!     cargo run --release --bin workspace_ops -- ROUNDS [OPERATION...]
//!
//! OPERATION is one of `offset-in` (cave-512 offset by −1, round join, tolerance 0.0825),
//! `offset-out` (+1), `xor` (cave-512 xor rooms-512), `outlines` (`from_outlines` of
//! polys-10000) and `difference` (cave-1024 minus the polys-10000 region); all of them
//! when none is given.

use build2d::workloads::polys;
use build2d::{Join, Outline, Region, Workspace};
use build2d_bench::{alternate_all, load_average, map_run, options, CELL};

const ALL: [&str; 5] = ["offset-in", "offset-out", "xor", "outlines", "difference"];

fn from_map(spec: &str) -> Region {
    let run = map_run(spec);
    Region::from_tile_map(&run.tiles.cells, run.n, run.n, CELL, [0.0, 0.0], options()).expect("map")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    let mut chosen: Vec<String> = args.collect();
    if chosen.is_empty() {
        chosen = ALL.iter().map(|s| s.to_string()).collect();
    }
    let cave = from_map("cave-512:1");
    let rooms = from_map("rooms-512:0.5");
    let outlines: Vec<Outline> = polys(10_000)
        .into_iter()
        .map(|ring| Outline { rings: vec![ring] })
        .collect();
    println!("| operation | plain ms | installed ms | installed / plain | kept MB | load |");
    println!("|---|---:|---:|---:|---:|---:|");
    for name in &chosen {
        let (label, operation): (&str, Box<dyn Fn() -> Region>) = match name.as_str() {
            "offset-in" => (
                "cave-512 offset −1, round",
                Box::new(|| cave.offset(-1.0, Join::Round, 0.0825).expect("offset")),
            ),
            "offset-out" => (
                "cave-512 offset +1, round",
                Box::new(|| cave.offset(1.0, Join::Round, 0.0825).expect("offset")),
            ),
            "xor" => (
                "cave-512 xor rooms-512",
                Box::new(|| cave.xor(&rooms).expect("xor")),
            ),
            "outlines" => (
                "from_outlines polys-10000",
                Box::new(|| Region::from_outlines(&outlines, options()).expect("outlines")),
            ),
            "difference" => {
                let big = from_map("cave-1024:1");
                let cut = Region::from_outlines(&outlines, options()).expect("outlines");
                (
                    "cave-1024 minus polys-10000",
                    Box::new(move || big.difference(&cut).expect("difference")),
                )
            }
            other => panic!("unknown operation {other}; one of {ALL:?}"),
        };
        let mut workspace = Workspace::new();
        let plain = operation();
        assert!(
            workspace.install(&operation) == plain,
            "{label}: the installed result differs"
        );
        let medians = alternate_all(
            rounds,
            &mut [&mut || drop(operation()), &mut || {
                drop(workspace.install(&operation))
            }],
        );
        let (plain_ms, installed_ms) = (medians[0] * 1e3, medians[1] * 1e3);
        println!(
            "| {label} | {plain_ms:.1} | {installed_ms:.1} | {:.3} | {:.1} | {} |",
            installed_ms / plain_ms,
            workspace.capacity_bytes() as f64 / 1e6,
            load_average()
        );
    }
}
