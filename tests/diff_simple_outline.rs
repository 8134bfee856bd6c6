//! Engine == reference for `fromOutlines` on star-shaped outlines of one ring, the inputs
//! the engine resolves by its fast path (`build2d::simple_outline`, X2) when snap
//! rounding leaves the ring unchanged, mixed with pinched and collapsed ones that fall
//! back to the general path.

mod common;

use build2d::case::{f64_json, parse_region_case as parse_region_input, region_json};
use build2d::diff::same_outcome;
use build2d::grid::snap;
use build2d::simple_outline::resolve_simple_ring;
use build2d::GridPoint;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use serde_json::{json, Value};

type Ring = Vec<[f64; 2]>;

/// A star around (cx, cy) with 3..24 points at increasing angles, radii in [0.05, 1]·r.
fn star() -> impl Strategy<Value = Ring> {
    (
        -8.0f64..8.0,
        -8.0f64..8.0,
        0.3f64..6.0,
        prop::collection::vec((0.0f64..1.0, 0.05f64..1.0), 3..24),
    )
        .prop_map(|(cx, cy, r, spokes)| {
            let n = spokes.len() as f64;
            spokes
                .iter()
                .enumerate()
                .map(|(i, &(jitter, radius))| {
                    let angle = std::f64::consts::TAU * (i as f64 + 0.9 * jitter) / n;
                    [cx + r * radius * angle.cos(), cy + r * radius * angle.sin()]
                })
                .collect()
        })
}

fn input(bits: u8, outlines: &[Ring]) -> Value {
    let outlines: Vec<Value> = outlines
        .iter()
        .map(|ring| {
            let points: Vec<Value> = ring
                .iter()
                .map(|q| json!([f64_json(q[0]), f64_json(q[1])]))
                .collect();
            json!([points])
        })
        .collect();
    json!({"op": "fromOutlines", "snapBits": bits, "outlines": outlines})
}

proptest! {
    #![proptest_config(common::proptest_config())]

    /// One to three stars (overlapping, so the union nodes them too); at snap bits 0..4
    /// small stars pinch or collapse and take the general path.
    #[test]
    fn star_outlines_match_reference(
        bits in prop_oneof![0u8..=4, Just(16u8)],
        stars in prop::collection::vec(star(), 1..4),
    ) {
        let case = input(bits, &stars);
        // Engine and reference agree (else `same_outcome` panics with a report), and
        // the engine's typed region is valid and is the agreed one.
        let agreed = same_outcome(&case);
        prop_assert!(agreed.is_ok(), "both failed: {:?}", agreed);
        let region = parse_region_input(&case).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert!(region.check().is_ok());
        prop_assert_eq!(Ok(region_json(&region)), agreed);
    }
}

/// The generator reaches both paths: at snap bits 16 every star qualifies for the fast
/// path; at snap bits 0 a good share does not.
#[test]
fn stars_reach_both_paths() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut fast, mut total) = ([0usize; 2], [0usize; 2]);
    for _ in 0..200 {
        let ring = star().new_tree(&mut runner).unwrap().current();
        for (k, bits) in [16u8, 0].into_iter().enumerate() {
            let snapped: Vec<GridPoint> = ring
                .iter()
                .map(|q| GridPoint::new(snap(q[0], bits), snap(q[1], bits)))
                .collect();
            total[k] += 1;
            fast[k] += usize::from(resolve_simple_ring(&snapped, bits).is_some());
        }
    }
    assert!(
        10 * fast[0] >= 9 * total[0],
        "bits 16: {fast:?} of {total:?}"
    );
    assert!(
        10 * (total[1] - fast[1]) >= total[1],
        "bits 0: {fast:?} of {total:?}"
    );
}
