//! Engine == reference for snapping, validation and every predicate ([G1]–[G4], X3, X4,
//! X8), on generators that favour the hard cases, plus an exhaustive pixel test.

mod common;

use build2d::diff::{assert_same, same_outcome};
use proptest::prelude::*;
use serde_json::{json, Value};

const REGION_BOUND: i64 = 1 << 39;
const CDT_BOUND: i64 = 3 << 45;

/// Coordinates that hit the interesting places: tiny grids, the ±2^39 bound, the CDT
/// bounding-triangle corners.
fn coordinate(bound: i64) -> impl Strategy<Value = i64> {
    let corners: Vec<i64> = [bound, -bound, -(1i64 << 45), 3 << 45, 1 << 39, -(1 << 39)]
        .into_iter()
        .filter(|v| v.abs() <= bound)
        .collect();
    prop_oneof![
        4 => -4i64..=4,
        2 => prop::sample::select(corners),
        1 => (0i64..4).prop_map(move |d| bound - d),
        2 => -bound..=bound,
    ]
}

fn point(bound: i64) -> impl Strategy<Value = (i64, i64)> {
    (coordinate(bound), coordinate(bound))
}

/// A coordinate difference for the i128 in-circle: at or next to ±2^30, small, or any.
fn i128_range_difference() -> impl Strategy<Value = i64> {
    tier_difference(1 << 30)
}

/// Differences to d for one tier of the in-circle (src/predicates.rs: i64 terms up to
/// 2^26, i128 up to 2^30): its edges, one beyond, tiny ones, and uniform.
fn tier_difference(limit: i64) -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => prop::sample::select(vec![limit, -limit, limit - 1, -limit + 1, limit + 1, 0]),
        2 => -4i64..=4,
        3 => -limit..=limit,
    ]
}

fn pj(p: (i64, i64)) -> Value {
    json!([p.0, p.1])
}

/// Three collinear points: a, a + k·d, a + m·d.
fn collinear_triple() -> impl Strategy<Value = [(i64, i64); 3]> {
    (point(1 << 20), -50i64..50, -50i64..50, -6i64..6, -6i64..6).prop_map(|(a, dx, dy, k, m)| {
        [
            a,
            (a.0 + k * dx, a.1 + k * dy),
            (a.0 + m * dx, a.1 + m * dy),
        ]
    })
}

/// Four points on one circle centred on a small grid (Pythagorean radius 5 or 25).
fn cocircular_quad() -> impl Strategy<Value = [(i64, i64); 4]> {
    let offsets = common::PYTHAGOREAN_OFFSETS.to_vec();
    (
        point(1 << 40),
        prop::sample::subsequence(offsets, 4),
        prop::bool::ANY,
        1i64..6,
    )
        .prop_map(|(c, picks, swap, scale)| {
            let mut q: Vec<(i64, i64)> = picks
                .iter()
                .map(|o| (c.0 + scale * o.0, c.1 + scale * o.1))
                .collect();
            if swap {
                q.swap(0, 1);
            }
            [q[0], q[1], q[2], q[3]]
        })
}

/// Public doubles around the hard cases of [G1]/[G2].
fn public_value() -> impl Strategy<Value = f64> {
    let max = 2_097_152.0f64;
    prop_oneof![
        Just(max),
        Just(-max),
        Just(max.next_up()),
        Just((-max).next_down()),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(-0.0),
        Just(f64::MIN_POSITIVE),
        Just(f64::from_bits(1)),
        (-64i32..64).prop_map(|k| f64::from(k) + 0.5),
        (-64i32..64, 0u32..17).prop_map(|(k, b)| (f64::from(k) + 0.5) / f64::from(1u32 << b)),
        -max..max,
        -4.0f64..4.0,
        any::<f64>(),
    ]
}

fn value_json(v: f64) -> Value {
    build2d::case::f64_json(v)
}

proptest! {
    #![proptest_config(common::proptest_config())]

    #[test]
    fn snapping_matches_reference(
        bits in prop_oneof![Just(0u8), Just(16u8), 0u8..=16, Just(17u8), Just(255u8)],
        values in prop::collection::vec(public_value(), 0..6),
    ) {
        let values: Vec<Value> = values.into_iter().map(value_json).collect();
        assert_same(&json!({"op": "snap", "snapBits": bits, "values": values}));
    }

    #[test]
    fn orient_matches_reference(a in point(CDT_BOUND), b in point(CDT_BOUND), c in point(CDT_BOUND)) {
        assert_same(&json!({"op": "orient", "points": [pj(a), pj(b), pj(c)]}));
    }

    #[test]
    fn orient_on_collinear_triples(t in collinear_triple()) {
        let out = same_outcome(&json!({"op": "orient", "points": [pj(t[0]), pj(t[1]), pj(t[2])]}));
        prop_assert_eq!(out.unwrap()["sign"].as_i64(), Some(0));
    }

    #[test]
    fn in_circle_matches_reference(
        a in point(CDT_BOUND), b in point(CDT_BOUND), c in point(CDT_BOUND), d in point(CDT_BOUND)
    ) {
        assert_same(&json!({"op": "inCircle", "points": [pj(a), pj(b), pj(c), pj(d)]}));
    }

    #[test]
    fn in_circle_on_cocircular_quads(q in cocircular_quad()) {
        let out = same_outcome(&json!({"op": "inCircle", "points": [pj(q[0]), pj(q[1]), pj(q[2]), pj(q[3])]}));
        prop_assert_eq!(out.unwrap()["sign"].as_i64(), Some(0));
    }

    /// The i128 in-circle (every difference to d at most 2^30, src/predicates.rs): a, b,
    /// c within 2^30 of d, favouring the extreme differences, anywhere in the CDT's range.
    #[test]
    fn in_circle_i128_range_matches_reference(
        d in point(CDT_BOUND - (1 << 30)),
        offsets in prop::array::uniform6(i128_range_difference()),
    ) {
        let at = |k: usize| pj((d.0 + offsets[2 * k], d.1 + offsets[2 * k + 1]));
        assert_same(&json!({"op": "inCircle", "points": [at(0), at(1), at(2), pj(d)]}));
    }

    /// The i64-term in-circle (every difference to d at most 2^26), the same way.
    #[test]
    fn in_circle_small_range_matches_reference(
        d in point(CDT_BOUND - (1 << 27)),
        offsets in prop::array::uniform6(tier_difference(1 << 26)),
    ) {
        let at = |k: usize| pj((d.0 + offsets[2 * k], d.1 + offsets[2 * k + 1]));
        assert_same(&json!({"op": "inCircle", "points": [at(0), at(1), at(2), pj(d)]}));
    }

    /// Four points on a circle of radius 5k centred anywhere, k up to 2^30 / 10 so that
    /// differences reach the edge of the i128 range; the fourth point also one unit off.
    #[test]
    fn in_circle_on_large_cocircular_quads(
        centre in point(1 << 40),
        picks in prop::sample::subsequence(common::PYTHAGOREAN_OFFSETS.to_vec(), 4),
        k in prop_oneof![Just((1i64 << 30) / 10), (1i64 << 26)..=(1i64 << 30) / 10],
        nudge in prop_oneof![Just(0i64), Just(1), Just(-1)],
    ) {
        let at = |o: (i64, i64), n: i64| pj((centre.0 + k * o.0 + n, centre.1 + k * o.1));
        let quad = [at(picks[0], 0), at(picks[1], 0), at(picks[2], 0), at(picks[3], nudge)];
        let out = same_outcome(&json!({"op": "inCircle", "points": quad}));
        if nudge == 0 {
            prop_assert_eq!(out.unwrap()["sign"].as_i64(), Some(0));
        }
    }

    #[test]
    fn crossing_matches_reference(
        a in point(REGION_BOUND), b in point(REGION_BOUND),
        c in point(REGION_BOUND), d in point(REGION_BOUND)
    ) {
        assert_same(&json!({"op": "crossing", "segments": [[pj(a), pj(b)], [pj(c), pj(d)]]}));
    }

    #[test]
    fn crossing_on_small_grids(
        a in point(3), b in point(3), c in point(3), d in point(3)
    ) {
        assert_same(&json!({"op": "crossing", "segments": [[pj(a), pj(b)], [pj(c), pj(d)]]}));
    }

    #[test]
    fn pixel_matches_reference(a in point(REGION_BOUND), b in point(REGION_BOUND), c in point(REGION_BOUND)) {
        assert_same(&json!({"op": "pixel", "segment": [pj(a), pj(b)], "pixel": pj(c)}));
    }

    #[test]
    fn pixel_near_long_segments(
        a in point(1 << 30), b in point(1 << 30), t in 0u32..=1024, dx in -2i64..=2, dy in -2i64..=2
    ) {
        // A pixel at (or next to) the rounded point at parameter t/1024 of the segment.
        let px = a.0 + ((i128::from(b.0 - a.0) * i128::from(t)) / 1024) as i64 + dx;
        let py = a.1 + ((i128::from(b.1 - a.1) * i128::from(t)) / 1024) as i64 + dy;
        assert_same(&json!({"op": "pixel", "segment": [pj(a), pj(b)], "pixel": [px, py]}));
    }
}

/// Every segment with endpoints in [−3, 3]² against every pixel in [−2, 2]²: covers
/// segments through pixel corners, along open and closed sides, and single points.
#[test]
fn exhaustive_pixel_test_on_a_small_grid() {
    let coords: Vec<(i64, i64)> = (-3..=3)
        .flat_map(|x| (-3..=3).map(move |y| (x, y)))
        .collect();
    let mut met = 0usize;
    let mut total = 0usize;
    for &a in &coords {
        for &b in &coords {
            for cx in -2..=2 {
                for cy in -2..=2 {
                    let out = same_outcome(
                        &json!({"op": "pixel", "segment": [pj(a), pj(b)], "pixel": [cx, cy]}),
                    );
                    total += 1;
                    if out.expect("pixel op never errors")["meets"] == json!(true) {
                        met += 1;
                    }
                }
            }
        }
    }
    // Both outcomes occur, so the comparison is not vacuous.
    assert!(met > 0 && met < total, "{met} of {total}");
}

/// Every pair of segments with endpoints in [−2, 2]²: proper crossings, T-junctions,
/// collinear overlaps and rounded crossings at half-way points.
#[test]
fn exhaustive_crossings_on_a_tiny_grid() {
    let coords: Vec<(i64, i64)> = (-2..=2)
        .flat_map(|x| (-2..=2).map(move |y| (x, y)))
        .collect();
    let segments: Vec<((i64, i64), (i64, i64))> = coords
        .iter()
        .flat_map(|&a| coords.iter().map(move |&b| (a, b)))
        .filter(|(a, b)| a < b)
        .collect();
    let mut proper = 0;
    for (i, &(a, b)) in segments.iter().enumerate() {
        for &(c, d) in &segments[i + 1..] {
            let out = same_outcome(
                &json!({"op": "crossing", "segments": [[pj(a), pj(b)], [pj(c), pj(d)]]}),
            );
            if out.expect("crossing op never errors")["proper"] == json!(true) {
                proper += 1;
            }
        }
    }
    assert!(proper > 0);
}
