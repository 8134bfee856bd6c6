//! [C5]/[W4] as counts, not times: on evenly spread input the candidate searches hand the
//! exact tests a bounded number of candidates per edge, whatever the input size, so the
//! cost is linear in the input plus the candidates. (Times are in docs/performance.md.)

use build2d::arrangement::{arrange_with, ArrangeOptions, EdgeTag, SearchMode, TaggedEdge};
use build2d::workloads::XorShift64;
use build2d::GridPoint;

/// n short edges (|dx|, |dy| ≤ 16) spread uniformly over a square that grows with n.
fn spread(n: usize) -> Vec<TaggedEdge> {
    let mut rng = XorShift64::new(n as u64);
    let side = ((n as f64).sqrt() as i64 + 1) * 16;
    let mut coordinate = |range: i64| (rng.next_u64() % (range as u64)) as i64;
    (0..n)
        .map(|_| {
            let (x, y) = (coordinate(side), coordinate(side));
            let to = GridPoint::new(x + coordinate(33) - 16, y + coordinate(33) - 16);
            TaggedEdge {
                from: GridPoint::new(x, y),
                to,
                tag: EdgeTag::Operand0,
            }
        })
        .collect()
}

#[test]
fn candidates_per_edge_stay_bounded_as_the_input_grows() {
    let options = ArrangeOptions {
        search: SearchMode::Auto,
        ..Default::default()
    };
    let mut per_edge = Vec::new();
    for n in [1_000, 4_000, 16_000, 64_000] {
        let edges = spread(n);
        let (_, stats) = arrange_with(&edges, &options).expect("arrangement");
        assert!(
            stats.grid_searches > 0 && stats.sweep_searches == 0,
            "{stats:?}"
        );
        assert_eq!(stats.repair_rounds, 1, "X9: one verifying round");
        let crossing = stats.crossing_candidates as f64 / n as f64;
        let pixel = stats.pixel_candidates as f64 / n as f64;
        per_edge.push((n, crossing, pixel));
    }
    let (_, c0, p0) = per_edge[0];
    for &(n, c, p) in &per_edge {
        // Constant up to boundary effects: within a factor 1.5 of the smallest input's.
        assert!(
            c <= 1.5 * c0 + 1.0 && p <= 1.5 * p0 + 1.0,
            "n = {n}: {per_edge:?}"
        );
    }
}
