//! Engine == reference on op `arrangement` ([A0]–[A5], [C1]–[C6], X7–X10), and on the
//! stage op `boundary` that labels it ([L1]–[L6], X1), on generators
//! that favour the hard cases of snap rounding. Every engine output also passes
//! `validity::check_arrangement` ([W1], [C6]), every candidate search gives the same
//! result ([C1], X10) and the repair loop settles in its verifying round (X9).

mod common;

use build2d::arrangement::{
    arrange_with, ArrangeOptions, ArrangeStats, Arrangement, EdgeTag, SearchMode, TaggedEdge,
};
use build2d::diff::same_outcome;
use build2d::predicates::{properly_cross, rounded_crossing};
use build2d::GridPoint;
use proptest::prelude::*;
use serde_json::{json, Value};

type P = (i64, i64);
/// A directed edge with its tag (0, 1 or 2 = both).
type E = (P, P, u8);

const BOUND: i64 = 1 << 39;

fn gp(p: P) -> GridPoint {
    GridPoint::new(p.0, p.1)
}

fn typed(edges: &[E]) -> Vec<TaggedEdge> {
    edges
        .iter()
        .map(|&(a, b, t)| TaggedEdge {
            from: gp(a),
            to: gp(b),
            tag: match t {
                0 => EdgeTag::Operand0,
                1 => EdgeTag::Operand1,
                _ => EdgeTag::Both,
            },
        })
        .collect()
}

fn input_json(edges: &[E]) -> Value {
    let edges: Vec<Value> = edges
        .iter()
        .map(|&(a, b, t)| json!({"from": [a.0, a.1], "to": [b.0, b.1], "tag": t}))
        .collect();
    json!({"op": "arrangement", "snapBits": 16, "gridEdges": edges})
}

fn arrangement_json(a: &Arrangement) -> Value {
    let vertices: Vec<Value> = a.vertices.iter().map(|p| json!([p.x, p.y])).collect();
    let segments: Vec<Value> = a
        .segments
        .iter()
        .map(|s| json!([s.a, s.b, s.net[0], s.net[1]]))
        .collect();
    json!({"vertices": vertices, "segments": segments})
}

/// Strip sizes forced on every case: one fragment per strip (cuts at every distinct x),
/// and a few.
const STRIP_SIZES: [usize; 3] = [1, 3, 8];

/// The whole check on one input: engine == reference through JSON; the typed engine run
/// gives the same result under every search mode and strip size; the output is valid; one repair round.
/// Returns the stats of the default (Auto) run.
fn check_case(edges: &[E]) -> Result<ArrangeStats, TestCaseError> {
    let agreed = same_outcome(&input_json(edges))
        .map_err(|e| TestCaseError::fail(format!("arrangement errored: {e}")))?;
    let tagged = typed(edges);
    let run = |search| {
        arrange_with(
            &tagged,
            &ArrangeOptions {
                search,
                ..Default::default()
            },
        )
    };
    let (auto, stats) = run(SearchMode::Auto).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&arrangement_json(&auto), &agreed);
    for mode in [SearchMode::Grid, SearchMode::Sweep, SearchMode::BruteForce] {
        let (other, other_stats) = run(mode).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&other, &auto, "{:?} differs from Auto", mode);
        prop_assert_eq!(
            other_stats.repair_rounds,
            1,
            "{:?}: second repair round",
            mode
        );
    }
    // Computed strip by strip (forced small strips, whatever the windows' overlap).
    for size in STRIP_SIZES {
        let options = ArrangeOptions {
            strip_fragments: Some(size),
            ..Default::default()
        };
        let (striped, striped_stats) =
            arrange_with(&tagged, &options).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&striped, &auto, "strips of {} differ from Auto", size);
        // One fragment per strip cuts at every distinct smaller-end x; the strips are
        // abandoned only when a window's first repair round would change something.
        if size == 1 {
            let mut xs: Vec<i64> = edges
                .iter()
                .filter(|(a, b, _)| a != b)
                .map(|(a, b, _)| a.min(b).0)
                .collect();
            xs.sort_unstable();
            xs.dedup();
            prop_assert_eq!(
                striped_stats.strips > 0,
                xs.len() > 1,
                "strips of 1 not used: {:?}",
                striped_stats
            );
        }
    }
    build2d::validity::check_arrangement(&tagged, &auto).map_err(TestCaseError::fail)?;
    // X9: on real input the loop is a single verifying pass; a second round is a defect
    // signal to report.
    prop_assert_eq!(stats.repair_rounds, 1, "second repair round on {:?}", edges);
    Ok(stats)
}

fn tag() -> impl Strategy<Value = u8> {
    prop_oneof![3 => Just(0u8), 3 => Just(1u8), 1 => Just(2u8)]
}

fn small_point(r: i64) -> impl Strategy<Value = P> {
    (-r..=r, -r..=r)
}

/// Dense random segments on a tiny grid: many crossings per pixel.
fn dense_edges() -> impl Strategy<Value = Vec<E>> {
    prop::collection::vec((small_point(3), small_point(3), tag()), 1..14)
}

/// A few long segments over a crowd of short ones in one corner: the cell counts show
/// clustering ([C4]) and the engine takes the sweep.
fn clustered_edges() -> impl Strategy<Value = Vec<E>> {
    let long = (small_point(1 << 20), small_point(1 << 20), tag())
        .prop_map(|(a, b, t)| ((a.0 - (1 << 21), a.1), (b.0 + (1 << 21), b.1), t));
    (
        prop::collection::vec(long, 1..4),
        prop::collection::vec((small_point(6), (-2i64..=2, -2i64..=2), tag()), 36..48),
        (-(1i64 << 20)..(1 << 20), -(1i64 << 20)..(1 << 20)),
    )
        .prop_map(|(mut long, short, base)| {
            // Half the long ones pass through the crowd, so they get rerouted there.
            for (k, e) in long.iter_mut().enumerate() {
                if k % 2 == 0 {
                    e.1 = (2 * base.0 - e.0 .0, 2 * base.1 - e.0 .1);
                }
            }
            long.extend(short.into_iter().map(|(a, d, t)| {
                let a = (base.0 + a.0, base.1 + a.1);
                (a, (a.0 + d.0, a.1 + d.1), t)
            }));
            long
        })
}

/// Segments spread evenly over a large square: the uniform grid ([C2], [C3]).
fn spread_edges() -> impl Strategy<Value = Vec<E>> {
    prop::collection::vec(
        ((0i64..64, 0i64..64), (-3i64..=3, -3i64..=3), tag()).prop_map(|(c, d, t)| {
            let a = (c.0 * 8, c.1 * 8);
            (a, (a.0 + d.0, a.1 + d.1), t)
        }),
        40..64,
    )
}

/// Points on one line a + k·d: collinear overlaps; T-junctions from edges ending on it.
fn collinear_edges() -> impl Strategy<Value = Vec<E>> {
    (
        small_point(4),
        (-3i64..=3, -3i64..=3),
        prop::collection::vec((-4i64..=4, -4i64..=4, tag()), 2..8),
        prop::collection::vec((-4i64..=4, small_point(4), tag()), 0..4),
    )
        .prop_map(|(a, d, on_line, t_junctions)| {
            let at = |k: i64| (a.0 + k * d.0, a.1 + k * d.1);
            let mut edges: Vec<E> = on_line
                .into_iter()
                .map(|(i, j, t)| (at(i), at(j), t))
                .collect();
            edges.extend(t_junctions.into_iter().map(|(k, q, t)| (q, at(k), t)));
            edges
        })
}

/// Segments with odd deltas pass exactly through pixel corners (both deltas odd) or
/// along pixel sides (one odd, one even) at their midpoints; short edges make the
/// pixels around those points hot.
fn corner_edges() -> impl Strategy<Value = Vec<E>> {
    (
        prop::collection::vec(
            (
                small_point(3),
                (-2i64..=2, -2i64..=2),
                (0i64..=1, 0i64..=1),
                tag(),
            ),
            1..5,
        ),
        prop::collection::vec((small_point(1), small_point(1), tag()), 1..6),
    )
        .prop_map(|(long, near, ..)| {
            let mut edges = Vec::new();
            for (a, h, parity, t) in long {
                let d = (2 * h.0 + parity.0, 2 * h.1 + parity.1);
                let b = (a.0 + d.0, a.1 + d.1);
                edges.push((a, b, t));
                // Midpoint (rounded down) and its neighbours.
                let m = ((a.0 + b.0).div_euclid(2), (a.1 + b.1).div_euclid(2));
                for &(p, q, t) in &near {
                    edges.push(((m.0 + p.0, m.1 + p.1), (m.0 + q.0, m.1 + q.1), t));
                }
            }
            edges
        })
}

/// Two crossing edges and a third passing through or next to their rounded crossing.
fn crossing_onto_third() -> impl Strategy<Value = Vec<E>> {
    (
        small_point(12),
        small_point(12),
        small_point(12),
        small_point(12),
        (-3i64..=3, -3i64..=3),
        (-1i64..=1, -1i64..=1),
        (1i64..=4, 1i64..=4),
        prop::collection::vec(tag(), 3),
    )
        .prop_map(|(a, b, c, d, dir, off, len, tags)| {
            let mut edges = vec![(a, b, tags[0]), (c, d, tags[1])];
            if properly_cross(gp(a), gp(b), gp(c), gp(d)) {
                let r = rounded_crossing(gp(a), gp(b), gp(c), gp(d));
                let r = (r.x + off.0, r.y + off.1);
                let dir = if dir == (0, 0) { (1, 2) } else { dir };
                edges.push((
                    (r.0 - len.0 * dir.0, r.1 - len.0 * dir.1),
                    (r.0 + len.1 * dir.0, r.1 + len.1 * dir.1),
                    tags[2],
                ));
            }
            edges
        })
}

/// Random edges plus reversed (and duplicated) copies: zero-net segments that are dropped
/// only after the loop, while still forcing hot pixels ([A0], X9).
fn cancelling_edges() -> impl Strategy<Value = Vec<E>> {
    (
        prop::collection::vec((small_point(5), small_point(5), tag()), 1..6),
        prop::collection::vec((small_point(5), small_point(5), tag()), 0..4),
        prop::collection::vec(0u8..4, 6),
    )
        .prop_map(|(cancel, keep, how)| {
            let mut edges = keep;
            for (k, (a, b, t)) in cancel.into_iter().enumerate() {
                match how[k] {
                    0 => edges.extend([(a, b, t), (b, a, t)]),
                    1 => edges.extend([(a, b, t), (a, b, t), (b, a, t), (b, a, t)]),
                    // Both = operand 0 + operand 1, cancelled by one of each reversed.
                    2 => edges.extend([(a, b, 2), (b, a, 0), (b, a, 1)]),
                    _ => edges.extend([(b, a, t), (a, b, t), (a, b, t)]),
                }
            }
            edges
        })
}

/// Coordinates at and near ±2^39 (the [G4] bound), mixed with far-apart points.
fn huge_edges() -> impl Strategy<Value = Vec<E>> {
    let coordinate = prop_oneof![
        (0i64..3).prop_map(|d| BOUND - d),
        (0i64..3).prop_map(|d| -BOUND + d),
        -BOUND..=BOUND,
        -2i64..=2,
    ];
    let point = (coordinate.clone(), coordinate);
    prop::collection::vec((point.clone(), point, tag()), 1..8)
}

/// Closed rings of 3–6 points on a small grid, each ring of one tag, so [L1]'s windings
/// are defined (crossings, shared vertices, rings traversed both ways); with `open`, one
/// edge dropped, which the stage op `boundary` refuses.
fn closed_rings() -> impl Strategy<Value = (Vec<E>, bool)> {
    let ring = (prop::collection::vec(small_point(4), 3..7), tag());
    (prop::collection::vec(ring, 1..4), prop::bool::weighted(0.1)).prop_map(|(rings, open)| {
        let mut edges: Vec<E> = rings
            .iter()
            .flat_map(|(points, t)| {
                (0..points.len()).map(move |k| (points[k], points[(k + 1) % points.len()], *t))
            })
            .collect();
        // Dropping a zero-length edge leaves the chains closed.
        let open = open && edges.pop().is_some_and(|(a, b, _)| a != b);
        (edges, open)
    })
}

proptest! {
    #![proptest_config(common::proptest_config())]

    /// The stage op `boundary` ([L1]–[L6], X1; docs/specification.md#stage-ops): the same
    /// boundary under every inside rule, or the same error.
    #[test]
    fn boundary_of_closed_rings_matches_reference((edges, open) in closed_rings()) {
        let mut input = input_json(&edges);
        input["op"] = json!("boundary");
        for rule in ["evenOdd", "union", "intersection", "difference", "xor"] {
            input["operation"] = json!(rule);
            let agreed = same_outcome(&input);
            if open {
                // An edge of non-zero length dropped: that operand no longer closes up.
                let refused = json!({"kind": "invalidArgument", "argument": "gridEdges"});
                prop_assert_eq!(agreed, Err(refused));
            } else {
                prop_assert!(agreed.is_ok(), "{:?}", agreed);
            }
        }
    }

    #[test]
    fn dense_small_grid_matches_reference(edges in dense_edges()) {
        check_case(&edges)?;
    }

    #[test]
    fn long_over_short_takes_the_sweep_and_matches_reference(edges in clustered_edges()) {
        let stats = check_case(&edges)?;
        prop_assert!(stats.sweep_searches > 0, "clustered input did not take the sweep: {:?}", stats);
    }

    #[test]
    fn evenly_spread_takes_the_grid_and_matches_reference(edges in spread_edges()) {
        let stats = check_case(&edges)?;
        prop_assert!(stats.grid_searches > 0, "spread input did not use the grid: {:?}", stats);
    }

    #[test]
    fn collinear_overlaps_and_t_junctions_match_reference(edges in collinear_edges()) {
        check_case(&edges)?;
    }

    #[test]
    fn pixel_corners_and_sides_match_reference(edges in corner_edges()) {
        check_case(&edges)?;
    }

    #[test]
    fn crossing_rounding_onto_a_third_segment_matches_reference(edges in crossing_onto_third()) {
        check_case(&edges)?;
    }

    #[test]
    fn cancelling_edges_match_reference(edges in cancelling_edges()) {
        check_case(&edges)?;
    }

    #[test]
    fn coordinates_near_the_bound_match_reference(edges in huge_edges()) {
        check_case(&edges)?;
    }
}

/// Zero-net edges still force hot pixels: a cancelled pair crossing a kept edge reroutes
/// it through the rounded crossing, though the pair itself is dropped ([A0], X9).
/// Derived by hand: the pair (1,3)↔(3,−1) lies on 2x + y = 5; the kept edge (4t, t) meets
/// it at 9t = 5, the point (20/9, 5/9), rounded floor(v + 1/2) to (2, 1). Neither line
/// meets another hot pixel, so the kept edge becomes (0,0)→(2,1)→(4,1) and the pair
/// (rerouted through (2,1) too) cancels.
#[test]
fn cancelled_pair_still_forces_its_crossing_pixel() {
    let edges = [
        ((0, 0), (4, 1), 0),
        ((1, 3), (3, -1), 1),
        ((3, -1), (1, 3), 1),
    ];
    let agreed = same_outcome(&input_json(&edges)).unwrap();
    assert_eq!(
        agreed,
        json!({"vertices": [[0, 0], [2, 1], [4, 1]], "segments": [[0, 1, 1, 0], [1, 2, 1, 0]]})
    );
}
