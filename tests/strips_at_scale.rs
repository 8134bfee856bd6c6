//! The arrangement computed in vertical strips (the default above 48 Ki fragments) equals
//! the whole-input run on large inputs of several shapes: long spread segments, clusters,
//! an axis-parallel lattice (many fragments share one smaller-end x, so cuts move) and
//! duplicated, cancelling edges. Small forced strips are compared on every differential
//! case in tests/diff_arrangement.rs; this file checks the default at scale.

use build2d::arrangement::{
    arrange_with, ArrangeOptions, ArrangeStats, Arrangement, EdgeTag, TaggedEdge,
};
use build2d::workloads::XorShift64;
use build2d::GridPoint;

const N: usize = 110_000;

fn edge(a: (i64, i64), b: (i64, i64), k: usize) -> TaggedEdge {
    TaggedEdge {
        from: GridPoint::new(a.0, a.1),
        to: GridPoint::new(b.0, b.1),
        tag: [EdgeTag::Operand0, EdgeTag::Operand1, EdgeTag::Both][k % 3],
    }
}

fn run(edges: &[TaggedEdge], strip_fragments: Option<usize>) -> (Arrangement, ArrangeStats) {
    let options = ArrangeOptions {
        strip_fragments,
        ..ArrangeOptions::default()
    };
    arrange_with(edges, &options).expect("arrangement")
}

/// Default strips against the whole run; returns the number of strips used.
fn strips_equal_whole(edges: &[TaggedEdge]) -> usize {
    let (striped, stats) = run(edges, None);
    let (whole, whole_stats) = run(edges, Some(usize::MAX));
    assert_eq!(whole_stats.strips, 0);
    assert_eq!(striped, whole);
    assert_eq!(stats.repair_rounds, 1);
    if stats.strips > 0 {
        assert_eq!(stats.hot_pixels, whole_stats.hot_pixels);
        assert_eq!(stats.input_fragments, whole_stats.input_fragments);
    }
    stats.strips
}

#[test]
fn long_spread_segments() {
    let mut rng = XorShift64::new(41);
    let side = 40_000u64;
    let mut c = |r: u64| (rng.next_u64() % r) as i64;
    let edges: Vec<_> = (0..N)
        .map(|k| {
            let (x, y) = (c(side), c(side));
            edge((x, y), (x + c(201) - 100, y + c(201) - 100), k)
        })
        .collect();
    assert!(strips_equal_whole(&edges) >= 2);
}

#[test]
fn clusters_with_dense_crossings() {
    let mut rng = XorShift64::new(43);
    let mut c = |r: u64| (rng.next_u64() % r) as i64;
    let centres: Vec<(i64, i64)> = (0..40).map(|_| (c(200_000), c(200_000))).collect();
    let edges: Vec<_> = (0..N)
        .map(|k| {
            let (cx, cy) = centres[k % centres.len()];
            let (x, y) = (cx + c(900), cy + c(900));
            edge((x, y), (x + c(41) - 20, y + c(41) - 20), k)
        })
        .collect();
    // Clusters may leave too few distinct x for strips, or too much overlap; either way
    // the result must be the whole run's.
    strips_equal_whole(&edges);
}

#[test]
fn axis_parallel_lattice_with_shared_x() {
    // Horizontal and vertical unit-lattice segments: thousands of fragments per x value,
    // collinear overlaps and T-junctions everywhere.
    let mut rng = XorShift64::new(47);
    let mut c = |r: u64| (rng.next_u64() % r) as i64;
    let edges: Vec<_> = (0..N)
        .map(|k| {
            let (x, y) = (c(300), c(3000));
            let len = 1 + c(6);
            if k % 2 == 0 {
                edge((x, y), (x + len, y), k)
            } else {
                edge((x, y), (x, y + len), k)
            }
        })
        .collect();
    assert!(strips_equal_whole(&edges) >= 2);
}

#[test]
fn duplicated_and_cancelling_edges() {
    let mut rng = XorShift64::new(53);
    let mut c = |r: u64| (rng.next_u64() % r) as i64;
    let mut edges = Vec::with_capacity(N);
    while edges.len() < N {
        let (x, y) = (c(20_000), c(20_000));
        let (a, b) = ((x, y), (x + c(21) - 10, y + c(21) - 10));
        let k = edges.len();
        edges.push(edge(a, b, k));
        match k % 4 {
            0 => edges.push(edge(b, a, k)), // cancels unless tags differ
            1 => edges.push(edge(a, b, k + 1)),
            _ => {}
        }
    }
    assert!(strips_equal_whole(&edges) >= 2);
}

/// Runs `f` on one thread (with the `parallel` feature, on a pool of one), where only the
/// strip sizes of the serial path can be chosen.
fn on_one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    #[cfg(feature = "parallel")]
    {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a pool of one thread")
            .install(f)
    }
    #[cfg(not(feature = "parallel"))]
    {
        f()
    }
}

/// Beyond 2 × 2^20 fragments, when fragments long against a default strip make its
/// windows overlap too much, the input is cut into strips of about 2^20 fragments instead
/// of running whole (2.1 × 10^6 staggered horizontal fragments 20,000 units long: default
/// windows would hold about 1.6 n; strips of 2^20 about 1.1 n).
#[test]
fn very_large_input_with_long_fragments_takes_large_strips() {
    let n = 2_100_000;
    let edges: Vec<_> = (0..n)
        .map(|k| {
            let row = (k / 64) as i64;
            let x = (k % 64) as i64 * 70_000 + (row % 7) * 1_000;
            edge((x, 2 * row), (x + 20_000, 2 * row), k)
        })
        .collect();
    assert_eq!(on_one_thread(|| strips_equal_whole(&edges)), 3);
}
