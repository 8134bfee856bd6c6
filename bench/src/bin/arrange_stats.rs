//! What the arrangement does on a family's outlines: the union's input edges (every ring
//! edge of every needle / slit outline, operand 0) through `arrange_with` in each search
//! mode, with its counts and time. A diagnostic, not a peer comparison.
//!
//!     cargo run --release --bin arrange_stats -- FAMILY N [MODE...]
//!     cargo run --release --bin arrange_stats -- shrink MAP-N:R [MODE...]
//!
//! MODE is auto (default), grid, sweep, brute or strips=N (strips of N fragments forced). `shrink` takes the edges
//! `Region::shrink` feeds its overlay on a standard map (`shrink_edges`).

use std::time::Instant;

use build2d::arrangement::{
    arrange_with, snap_world_edge, ArrangeOptions, EdgeTag, SearchMode, TaggedEdge,
};
use build2d::shrink::shrink_edges;
use build2d::{pipeline_arc_tolerance, Region};
use build2d_bench::{family, map_run, options, CELL, SNAP_BITS};

fn main() {
    let mut args = std::env::args().skip(1);
    let fam = args.next().expect("FAMILY");
    let size = args.next().expect("N");
    let mut modes: Vec<String> = args.collect();
    if modes.is_empty() {
        modes.push("auto".into());
    }
    let mut edges = Vec::new();
    let outlines = if fam == "shrink" {
        let run = map_run(&size);
        let region =
            Region::from_tile_map(&run.tiles.cells, run.n, run.n, CELL, [0.0, 0.0], options())
                .expect("tile map");
        edges = shrink_edges(&region, run.r, pipeline_arc_tolerance(CELL, run.r)).expect("edges");
        Vec::new()
    } else {
        family(&fam, size.parse().expect("N"))
    };
    let n = &size;
    for outline in outlines {
        for ring in &outline.rings {
            for (k, &from) in ring.iter().enumerate() {
                let to = ring[(k + 1) % ring.len()];
                let (from, to) =
                    snap_world_edge(edges.len(), from, to, SNAP_BITS as u8).expect("snap");
                edges.push(TaggedEdge {
                    from,
                    to,
                    tag: EdgeTag::Operand0,
                });
            }
        }
    }
    if std::env::var_os("EXTENTS").is_some() {
        // How many edges reach each x extent (powers of two): what keeps strips off.
        let mut counts = [0usize; 64];
        for e in &edges {
            let dx = (e.to.x - e.from.x).unsigned_abs();
            counts[(64 - dx.leading_zeros()) as usize] += 1;
        }
        for (bits, c) in counts.iter().enumerate().filter(|(_, &c)| c > 0) {
            println!("x extent < 2^{bits}: {c}");
        }
    }
    for mode in modes {
        // strips=N: the auto search with strips of N fragments forced (no overlap rule).
        let strip_fragments = mode.strip_prefix("strips=").map(|n| n.parse().expect("N"));
        let search = match mode.as_str() {
            _ if strip_fragments.is_some() => SearchMode::Auto,
            "auto" => SearchMode::Auto,
            "grid" => SearchMode::Grid,
            "sweep" => SearchMode::Sweep,
            "brute" => SearchMode::BruteForce,
            other => panic!("unknown mode {other}"),
        };
        let options = ArrangeOptions {
            search,
            strip_fragments,
        };
        let start = Instant::now();
        let (out, stats) = arrange_with(&edges, &options).expect("arrange");
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!(
            "{fam} {n} {mode}: {ms:.1} ms, {} vertices, {} segments; {stats:?}",
            out.vertices.len(),
            out.segments.len()
        );
    }
}
