//! Benchmark of the snap-rounding arrangement ([C5], [W4]); not a test.
//!
//!     cargo run --release --features internals --example bench_arrangement -- [max_n] [brute_max_n]
//!     cargo run --release --features internals --example bench_arrangement -- only N [repeats] [strip]
//!     cargo run --release --features internals --example bench_arrangement -- overlap N LEN
//!
//! Inputs (reproducible, SplitMix64):
//! - `spread`: n random edges with |dx|, |dy| ≤ 16 grid units, start points uniform in a
//!   square of side (sqrt(n) + 1)·16 (about 0.3 crossings per edge);
//! - `clustered`: n such short edges in the same square, plus 8 edges
//!   10^4 times longer crossing it (the grid's count² rule trips, [C4]).
//!
//! Inputs of more than 48 Ki fragments are computed in vertical strips ("search used"
//! gives their number; `only N R 0` runs the whole input at once).
//!
//! Reports the first run's wall time and the best of three (one run for brute force), time
//! per edge (best), candidates per edge, repair rounds ("1 (sweep)": verified by the noded
//! sweep) and the search used. The first run of a size pays fresh pages for every buffer;
//! later runs reuse what the allocator kept (glibc keeps freed blocks below 32 MiB, so
//! 10^5 reuses almost everything and 10^6 almost nothing).

use std::time::Instant;

use build2d::arrangement::{arrange_with, ArrangeOptions, EdgeTag, SearchMode, TaggedEdge};
use build2d::GridPoint;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

const LEN: i64 = 16;

fn tag(k: usize) -> EdgeTag {
    [EdgeTag::Operand0, EdgeTag::Operand1, EdgeTag::Both][k % 3]
}

fn spread(n: usize, seed: u64) -> Vec<TaggedEdge> {
    let mut rng = Rng(seed);
    let side = ((n as f64).sqrt() as i64 + 1) * LEN;
    (0..n)
        .map(|k| {
            let (x, y) = (rng.range(0, side), rng.range(0, side));
            TaggedEdge {
                from: GridPoint::new(x, y),
                to: GridPoint::new(x + rng.range(-LEN, LEN), y + rng.range(-LEN, LEN)),
                tag: tag(k),
            }
        })
        .collect()
}

/// `spread`, but 1 edge in 16 has an x extent up to `len` (wider strip windows).
fn spread_with_long(n: usize, len: i64, seed: u64) -> Vec<TaggedEdge> {
    let mut rng = Rng(seed);
    let side = ((n as f64).sqrt() as i64 + 1) * LEN;
    (0..n)
        .map(|k| {
            let (x, y) = (rng.range(0, side), rng.range(0, side));
            let reach = if k % 16 == 0 { len } else { LEN };
            TaggedEdge {
                from: GridPoint::new(x, y),
                to: GridPoint::new(x + rng.range(-reach, reach), y + rng.range(-LEN, LEN)),
                tag: tag(k),
            }
        })
        .collect()
}

fn clustered(n: usize, seed: u64) -> Vec<TaggedEdge> {
    let mut edges = spread(n, seed);
    let side = ((n as f64).sqrt() as i64 + 1) * LEN;
    let far = side * 10_000;
    for k in 0..8 {
        let y0 = side * k / 8;
        edges.push(TaggedEdge {
            from: GridPoint::new(-far, y0),
            to: GridPoint::new(far, side - y0),
            tag: EdgeTag::Operand1,
        });
    }
    edges
}

fn run(name: &str, edges: &[TaggedEdge], search: SearchMode) {
    // Best of three: the machine is shared, the minimum is the least disturbed run.
    let repeats = if search == SearchMode::BruteForce {
        1
    } else {
        3
    };
    let mut best = f64::INFINITY;
    let mut first = None;
    let mut result = None;
    for _ in 0..repeats {
        let start = Instant::now();
        let run = arrange_with(
            edges,
            &ArrangeOptions {
                search,
                ..Default::default()
            },
        )
        .expect("arrangement");
        let secs = start.elapsed().as_secs_f64();
        best = best.min(secs);
        first.get_or_insert(secs);
        result = Some(run);
    }
    let first = first.unwrap_or(best);
    let Some((out, stats)) = result else { return };
    let secs = best;
    let n = edges.len() as f64;
    let path = if stats.brute_force_searches > 0 {
        "brute force"
    } else if stats.sweep_searches > 0 && stats.grid_searches > 0 {
        "grid + sweep"
    } else if stats.sweep_searches > 0 {
        "sweep"
    } else {
        "grid"
    };
    let path = if stats.strips > 0 {
        format!("{path}, {} strips", stats.strips)
    } else {
        path.to_string()
    };
    println!(
        "| {name} | {:>8} | {search:?} | {path} | {:.3} | {:.3} | {:.2} | {:.2} | {:.1} | {:.1} | {} | {} |",
        edges.len(),
        first,
        secs,
        secs / n * 1e6,
        stats.hot_pixels as f64 / n,
        stats.crossing_candidates as f64 / n,
        stats.pixel_candidates as f64 / n,
        if stats.verified_by_sweep {
            "1 (sweep)".to_string()
        } else {
            stats.repair_rounds.to_string()
        },
        out.segments.len(),
    );
}

fn main() {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    // `overlap N LEN`: spread edges, 1 in 16 of x extent up to LEN: the default, the
    // whole input and forced strips of 48 Ki (how window overlap costs).
    if raw.first().map(String::as_str) == Some("overlap") {
        let n = raw.get(1).and_then(|a| a.parse().ok()).unwrap_or(400_000);
        let len = raw.get(2).and_then(|a| a.parse().ok()).unwrap_or(100);
        let edges = spread_with_long(n, len, 5);
        for (name, strip_fragments) in [
            ("default", None),
            ("whole input", Some(usize::MAX)),
            ("strips of 48 Ki", Some(48 << 10)),
        ] {
            let options = ArrangeOptions {
                strip_fragments,
                ..ArrangeOptions::default()
            };
            let mut best = f64::INFINITY;
            let mut last = None;
            for _ in 0..4 {
                let start = Instant::now();
                let (_, stats) = arrange_with(&edges, &options).expect("arrangement");
                best = best.min(start.elapsed().as_secs_f64());
                last = Some(stats);
            }
            let stats = last.expect("ran");
            println!(
                "{name}: best of 4 {best:.4} s, {} strips, windows / fragments {:.3}",
                stats.strips,
                stats.window_fragments as f64 / stats.input_fragments as f64
            );
        }
        return;
    }
    // `only N REPEATS [STRIP]`: one spread size, for profilers; STRIP fragments per
    // strip (0: the whole input at once).
    if raw.first().map(String::as_str) == Some("only") {
        let n = raw.get(1).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
        let repeats: usize = raw.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
        let strip_fragments =
            raw.get(3)
                .and_then(|a| a.parse().ok())
                .map(|s: usize| if s == 0 { usize::MAX } else { s });
        let options = ArrangeOptions {
            strip_fragments,
            ..ArrangeOptions::default()
        };
        let edges = spread(n, 1);
        for _ in 0..repeats {
            let start = Instant::now();
            let (out, _) = arrange_with(&edges, &options).expect("arrangement");
            println!(
                "{n} {:.4} s {} segments",
                start.elapsed().as_secs_f64(),
                out.segments.len()
            );
        }
        return;
    }
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let max_n = args.first().copied().unwrap_or(1_000_000);
    let brute_max = args.get(1).copied().unwrap_or(10_000);
    println!("| input | edges | mode | search used | first run s | best s | µs/edge | hot pixels/edge | crossing cand./edge | pixel cand./edge | rounds | segments |");
    println!("|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut n = 1_000;
    while n <= max_n {
        run("spread", &spread(n, 1), SearchMode::Auto);
        n *= 10;
    }
    let mut n = 1_000;
    while n <= max_n.min(100_000) {
        run("clustered", &clustered(n, 2), SearchMode::Auto);
        n *= 10;
    }
    let mut n = 10_000;
    while n <= brute_max {
        let edges = spread(n, 1);
        run("spread", &edges, SearchMode::Grid);
        run("spread", &edges, SearchMode::Sweep);
        run("spread", &edges, SearchMode::BruteForce);
        n *= 10;
    }
}
