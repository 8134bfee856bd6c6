//! Engine == reference for the ops `offset` and `shrink` ([O1]–[O6], [S1]–[S5], [E1]–[E5],
//! X3, X11–X14), and their stage ops `offsetEdges` and `shrinkEdges`, on small regions and tile maps, with `Region::check` on every engine
//! output, plus the [O6] constructed-point error through the typed API (it cannot be
//! reached from the conformance JSON, see docs/spec/offset.md section 6).

mod common;

use build2d::case::{error_json, parse_region_input, region_json};
use build2d::construct::{choose_sides, grid_tolerance};
use build2d::diff::same_outcome;
use build2d::pipeline_arc_tolerance;
use build2d::Join;
use build2d::Outline;
use build2d::{Geometry2DOptions, Region};
use build2d_reference as reference;
use proptest::prelude::*;
use serde_json::{json, Value};

/// Outlines in public units: outline → ring → point.
type Outlines = Vec<Vec<Vec<[f64; 2]>>>;

fn region_input(snap_bits: u8, outlines: &Outlines) -> Value {
    json!({"snapBits": snap_bits, "outlines": outlines})
}

/// Checks the engine's typed output of an agreed case: it must equal the agreed JSON and
/// pass `Region::check`.
fn check_engine_output(agreed: &Result<Value, Value>, engine: build2d::Result<Region>) {
    match (agreed, engine) {
        (Ok(expected), Ok(region)) => {
            region.check().expect("Region::check on the engine output");
            assert_eq!(&region_json(&region), expected);
        }
        (Err(expected), Err(e)) => assert_eq!(&error_json(&e), expected),
        (agreed, engine) => panic!("typed API differs from the case: {agreed:?} vs {engine:?}"),
    }
}

/// Runs op `offset` on both implementations, then the engine's typed API.
fn check_offset(region: &Value, distance: f64, join: Join, arc_tolerance: f64) {
    let join_name = match join {
        Join::Round => "round",
        Join::Square => "square",
    };
    let input = json!({"op": "offset", "region": region, "distance": distance,
                       "join": join_name, "arcTolerance": arc_tolerance});
    let agreed = same_outcome(&input);
    let engine_region = parse_region_input(region).expect("valid region input");
    check_engine_output(&agreed, engine_region.offset(distance, join, arc_tolerance));
    same_fed_edges(input, &agreed);
}

/// The stage op of an `offset` or `shrink` case (its op's name + `Edges`) agrees too: the
/// same fed edges, or the same error as the op's.
fn same_fed_edges(mut input: Value, agreed_op: &Result<Value, Value>) {
    let op = format!("{}Edges", input["op"].as_str().expect("op"));
    input["op"] = json!(op);
    let agreed_edges = same_outcome(&input);
    match agreed_op {
        Err(error) => assert_eq!(&agreed_edges, &Err(error.clone()), "{op}: the op's error"),
        Ok(_) => assert!(agreed_edges.is_ok(), "{op}: {agreed_edges:?}"),
    }
}

/// Runs op `shrink` on both implementations, then the engine's typed API.
fn check_shrink(region: &Value, radius: f64, arc_tolerance: f64) {
    let input = json!({"op": "shrink", "region": region, "radius": radius,
                       "arcTolerance": arc_tolerance});
    let agreed = same_outcome(&input);
    let engine_region = parse_region_input(region).expect("valid region input");
    check_engine_output(&agreed, engine_region.shrink(radius, arc_tolerance));
    same_fed_edges(input, &agreed);
}

/// Small polygons (1–2 outlines of 1–2 rings, 3–6 vertices) on a coarse sub-grid of the
/// snap grid, so collinear points, repeated points, touching and crossing rings are common.
fn polygon_outlines(snap_bits: u8) -> impl Strategy<Value = Outlines> {
    let unit = 1.0 / f64::from(1u32 << snap_bits);
    let point = (-6i32..=6, -6i32..=6)
        .prop_map(move |(x, y)| [f64::from(x) * 2.0 * unit, f64::from(y) * 2.0 * unit]);
    let ring = prop::collection::vec(point, 3..=6);
    let outline = prop::collection::vec(ring, 1..=2);
    prop::collection::vec(outline, 1..=2)
}

/// A tile map as outlines of unit squares (one outline per solid cell, so X2's union
/// merges them): pinch vertices a ring passes twice, one-cell features and gaps.
fn tile_map_outlines(cells: &[bool], width: usize, cell: f64) -> Outlines {
    let mut outlines = Vec::new();
    for (i, _) in cells.iter().enumerate().filter(|(_, &solid)| solid) {
        let (x, y) = ((i % width) as f64 * cell, (i / width) as f64 * cell);
        outlines.push(vec![vec![
            [x, y],
            [x + cell, y],
            [x + cell, y + cell],
            [x, y + cell],
        ]]);
    }
    outlines
}

/// (snap bits, cell size, outlines) of a tile map up to 4 × 4 cells.
fn tile_map() -> impl Strategy<Value = (u8, f64, Outlines)> {
    (1usize..=4, 1usize..=4, 0u8..=3, 1u32..=4).prop_flat_map(|(w, h, snap_bits, cell_units)| {
        prop::collection::vec(any::<bool>(), w * h).prop_map(move |cells| {
            let cell = f64::from(cell_units) / f64::from(1u32 << snap_bits);
            (snap_bits, cell, tile_map_outlines(&cells, w, cell))
        })
    })
}

/// A rectangle with a triangle touching its top side at one vertex: the rectangle's ring
/// keeps that vertex with collinear neighbours ([R4] drops only degree-2 vertices), the
/// [S4] collinear case.
fn touching_shapes() -> impl Strategy<Value = (u8, Outlines)> {
    (
        0u8..=2,
        2i32..=8,
        1i32..=4,
        1i32..=7,
        1i32..=4,
        1i32..=4,
        1i32..=4,
    )
        .prop_map(|(snap_bits, w, h, apex, left, right, up)| {
            let u = 1.0 / f64::from(1u32 << snap_bits);
            let f = |v: i32| f64::from(v) * u;
            let apex = apex.min(w - 1);
            let rectangle = vec![vec![[0.0, 0.0], [f(w), 0.0], [f(w), f(h)], [0.0, f(h)]]];
            let triangle = vec![vec![
                [f(apex), f(h)],
                [f(apex + right), f(h + up)],
                [f(apex - left), f(h + up)],
            ]];
            (snap_bits, vec![rectangle, triangle])
        })
}

/// A radius in grid units from below one unit to many cells.
fn grid_radius() -> impl Strategy<Value = f64> {
    prop_oneof![
        1 => 0.05f64..1.0,
        1 => Just(0.5f64),
        3 => 1.0f64..8.0,
        2 => (1u32..=32).prop_map(|k| f64::from(k) / 2.0),
        1 => 8.0f64..40.0,
    ]
}

/// An arc tolerance in public units covering every branch of X12: 0 and below one grid
/// unit (tol = max(1, r/128)), at least one grid unit (tol = that), very large (m = 8).
fn arc_tolerance(snap_bits: u8) -> impl Strategy<Value = f64> {
    let unit = 1.0 / f64::from(1u32 << snap_bits);
    prop_oneof![
        2 => Just(0.0f64),
        1 => (0.0f64..1.0).prop_map(move |t| t * unit),
        2 => (1.0f64..8.0).prop_map(move |t| t * unit),
        1 => Just(unit),
        1 => Just(1e6f64),
    ]
}

fn join() -> impl Strategy<Value = Join> {
    prop_oneof![Just(Join::Round), Just(Join::Square)]
}

proptest! {
    #![proptest_config(common::proptest_config())]

    #[test]
    fn offset_of_polygons_agrees(
        (snap_bits, outlines) in (0u8..=3).prop_flat_map(|s| (Just(s), polygon_outlines(s))),
        r in grid_radius(),
        grow in any::<bool>(),
        join in join(),
        tolerance_choice in 0usize..5,
    ) {
        let unit = 1.0 / f64::from(1u32 << snap_bits);
        let arc_tolerance = [0.0, 0.5 * unit, unit, 3.0 * unit, 1e6][tolerance_choice];
        let distance = if grow { r * unit } else { -r * unit };
        check_offset(&region_input(snap_bits, &outlines), distance, join, arc_tolerance);
    }

    #[test]
    fn offset_of_tile_maps_agrees(
        (snap_bits, _cell, outlines) in tile_map(),
        r in grid_radius(),
        grow in any::<bool>(),
        join in join(),
        arc_tolerance in arc_tolerance(3),
    ) {
        let unit = 1.0 / f64::from(1u32 << snap_bits);
        let distance = if grow { r * unit } else { -r * unit };
        check_offset(&region_input(snap_bits, &outlines), distance, join, arc_tolerance);
    }

    #[test]
    fn shrink_of_polygons_agrees(
        (snap_bits, outlines) in (0u8..=3).prop_flat_map(|s| (Just(s), polygon_outlines(s))),
        r in grid_radius(),
        tolerance_choice in 0usize..5,
    ) {
        let unit = 1.0 / f64::from(1u32 << snap_bits);
        let arc_tolerance = [0.0, 0.5 * unit, unit, 3.0 * unit, 1e6][tolerance_choice];
        check_shrink(&region_input(snap_bits, &outlines), r * unit, arc_tolerance);
    }

    #[test]
    fn shrink_of_tile_maps_agrees(
        (snap_bits, cell, outlines) in tile_map(),
        r in grid_radius(),
        pipeline in any::<bool>(),
        arc_tolerance in arc_tolerance(3),
    ) {
        let radius = r / f64::from(1u32 << snap_bits);
        // [S7]: half the cases use the build pipeline's tolerance.
        let arc_tolerance = if pipeline { pipeline_arc_tolerance(cell, radius) } else { arc_tolerance };
        check_shrink(&region_input(snap_bits, &outlines), radius, arc_tolerance);
    }

    #[test]
    fn collinear_touching_vertices_agree(
        (snap_bits, outlines) in touching_shapes(),
        r in grid_radius(),
        grow in any::<bool>(),
        join in join(),
        arc_tolerance in arc_tolerance(2),
    ) {
        let region = region_input(snap_bits, &outlines);
        let unit = 1.0 / f64::from(1u32 << snap_bits);
        check_shrink(&region, r * unit, arc_tolerance);
        let distance = if grow { r * unit } else { -r * unit };
        check_offset(&region, distance, join, arc_tolerance);
    }

    // The fuzz entry points on random bytes (they assert agreement and validity).
    #[test]
    fn fuzz_entry_points_on_random_bytes(data in prop::collection::vec(any::<u8>(), 0..160)) {
        build2d::diff::fuzz::offset(&data);
        build2d::diff::fuzz::shrink(&data);
    }

    // Large radii with a tolerance of 1–3 grid units: m = 32, 64, 128 and the cap 256.
    #[test]
    fn many_sided_circles_agree(
        r in prop_oneof![200.0f64..900.0, 900.0f64..3400.0, 3400.0f64..6000.0, 14000.0f64..30000.0],
        tol_units in 1.0f64..3.0,
        grow in any::<bool>(),
    ) {
        let outlines: Outlines = vec![vec![vec![[0.0, 0.0], [40.0, 3.0], [11.0, 29.0]]]];
        let region = region_input(0, &outlines);
        check_offset(&region, if grow { r } else { -r }, Join::Round, tol_units);
        check_shrink(&region, r.min(14.0), tol_units);
    }
}

/// The m of X12 for a radius and tolerance in grid units (snap bits 0).
fn sides(r: f64, arc_tolerance: f64) -> usize {
    choose_sides(r, grid_tolerance(arc_tolerance, 0, r))
}

/// One case per X12 branch and per m from 8 to the cap, each m checked before the run
/// so the list provably covers them.
#[test]
fn every_tolerance_branch_and_side_count_agrees() {
    let cases: [(f64, f64, usize); 11] = [
        // tol = arcTolerance (≥ 1 grid unit)
        (1000.0, 1e6, 8),
        (40.0, 2.0, 16),
        (300.0, 1.5, 32),
        (600.0, 1.0, 64),
        (2000.0, 1.0, 128),
        (5000.0, 1.0, 256),  // 256 is the first m that passes
        (20000.0, 1.0, 256), // none passes (r·(1/cos(π/256) − 1) ≈ 1.5 > 1): the cap
        // tol = max(1, r/128): below one grid unit or 0
        (4.0, 0.5, 8),
        (16.0, 0.0, 16),
        (100.0, 0.0, 32),
        (1000.0, 0.25, 32), // r/128 ≈ 7.8 > 1
    ];
    let outlines: Outlines = vec![vec![vec![[0.0, 0.0], [7.0, 0.0], [7.0, 5.0], [3.0, 2.0]]]];
    let region = region_input(0, &outlines);
    for (r, arc_tolerance, m) in cases {
        assert_eq!(sides(r, arc_tolerance), m, "r {r} tol {arc_tolerance}");
        check_offset(&region, r, Join::Round, arc_tolerance);
        check_offset(&region, -r.min(3.0), Join::Round, arc_tolerance);
        check_shrink(&region, r.min(3.0), arc_tolerance);
    }
}

/// The reference's region as conformance JSON.
fn reference_json(region: &reference::geom::Region) -> Value {
    let rings: Vec<Value> = region
        .rings
        .iter()
        .map(|ring| Value::Array(ring.iter().map(|p| json!([p.x, p.y])).collect()))
        .collect();
    json!({"snapBits": region.snap_bits, "rings": rings})
}

fn engine_square(x0: f64, x1: f64, y0: f64, y1: f64) -> Region {
    let outline = Outline {
        rings: vec![vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]],
    };
    Region::from_outlines(&[outline], Geometry2DOptions::default().with_snap_bits(0)).unwrap()
}

fn reference_square(x0: f64, x1: f64, y0: f64, y1: f64) -> reference::geom::Region {
    let outlines = vec![vec![vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]]];
    reference::region::from_outlines(&outlines, 0).unwrap()
}

/// [O6], X3 through the typed API, near the bound B = 2^21 + 2^20 (snap bits 0): the
/// 10-unit square at x ∈ [2^21 − 10, 2^21] grown by 2^20 (square join) ends exactly on B
/// (legal). Offsetting it again by 1 reports the first constructed point beyond B.
/// Hand derivation: the grown square's first edge is its bottom side a → b with
/// b = (B, −2^20); square join corners a ± 1 (points 0–3), then b + (−1, −1) (4) and
/// b + (1, −1) = (B + 1, ·) (point 5, axis x). Round join: the bottom side's rectangle
/// (points 0–3) stays inside; the right side b → c has V = (−1, 0), so its first corner
/// b − V = (B + 1, −2^20) is point 4, axis x.
#[test]
fn constructed_point_error_near_the_bound() {
    let (x0, x1) = (2_097_152.0 - 10.0, 2_097_152.0);
    let bound = 3_145_728.0;
    let engine = engine_square(x0, x1, 0.0, 10.0)
        .offset(1_048_576.0, Join::Square, 0.0)
        .unwrap();
    let reference = reference::offset::offset(
        &reference_square(x0, x1, 0.0, 10.0),
        1_048_576.0,
        reference::offset::Join::Square,
        0.0,
    )
    .unwrap();
    assert_eq!(region_json(&engine), reference_json(&reference));
    assert_eq!(engine.rings()[0][1].x as f64, bound);

    for (join, ref_join, index) in [
        (Join::Square, reference::offset::Join::Square, 5),
        (Join::Round, reference::offset::Join::Round, 4),
    ] {
        let engine_error = error_json(&engine.offset(1.0, join, 0.0).unwrap_err());
        let reference_error = reference::offset::offset(&reference, 1.0, ref_join, 0.0)
            .unwrap_err()
            .to_json();
        assert_eq!(engine_error, reference_error);
        assert_eq!(
            engine_error,
            json!({"kind": "outOfRange",
                   "location": {"kind": "constructed", "index": index, "axis": "x"},
                   "value": bound + 1.0})
        );
    }
}

/// The shrink has no constructed-point check (X3, docs/spec/offset.md section 6): a
/// 1-unit sliver at x ∈ [B − 1, B] (the difference of two grown squares) shrunk by 3 has
/// rectangle far corners at B + 2; both implementations return the empty region, while
/// Region.Offset(−3) of the same sliver reports the constructed point.
#[test]
fn shrink_has_no_constructed_point_check() {
    let big = 2_097_152.0;
    let grow = |x0: f64, x1: f64| {
        (
            engine_square(x0, x1, 0.0, 10.0)
                .offset(1_048_576.0, Join::Square, 0.0)
                .unwrap(),
            reference::offset::offset(
                &reference_square(x0, x1, 0.0, 10.0),
                1_048_576.0,
                reference::offset::Join::Square,
                0.0,
            )
            .unwrap(),
        )
    };
    let (engine_outer, reference_outer) = grow(big - 10.0, big);
    let (engine_inner, reference_inner) = grow(big - 11.0, big - 1.0);
    let engine_sliver = engine_outer.difference(&engine_inner).unwrap();
    let reference_sliver =
        reference::region::difference(&reference_outer, &reference_inner).unwrap();
    assert_eq!(
        region_json(&engine_sliver),
        reference_json(&reference_sliver)
    );
    assert_eq!(engine_sliver.area2(), 2 * (10 + 2 * 1_048_576));

    let engine_shrunk = engine_sliver.shrink(3.0, 0.0).unwrap();
    let reference_shrunk = reference::shrink::shrink(&reference_sliver, 3.0, 0.0).unwrap();
    assert!(engine_shrunk.rings().is_empty());
    assert_eq!(
        region_json(&engine_shrunk),
        reference_json(&reference_shrunk)
    );

    let engine_error = error_json(&engine_sliver.offset(-3.0, Join::Round, 0.0).unwrap_err());
    let reference_error =
        reference::offset::offset(&reference_sliver, -3.0, reference::offset::Join::Round, 0.0)
            .unwrap_err()
            .to_json();
    assert_eq!(engine_error, reference_error);
    assert_eq!(engine_error["location"]["kind"], "constructed");
}
