use super::*;
use crate::construct::MAX_SIDES;

fn p(x: i64, y: i64) -> GridPoint {
    GridPoint::new(x, y)
}

/// The unit square at snap bits 4: 16 grid units a side, canonical ring.
fn unit_square() -> Region {
    Region::from_canonical_rings(4, vec![vec![p(0, 0), p(16, 0), p(16, 16), p(0, 16)]])
}

fn edge(from: GridPoint, to: GridPoint, tag: EdgeTag) -> TaggedEdge {
    TaggedEdge { from, to, tag }
}

fn closed(piece: &[GridPoint]) -> Vec<TaggedEdge> {
    let mut out = Vec::new();
    push_closed(&mut out, piece);
    out
}

fn region_edges(region: &Region) -> Vec<TaggedEdge> {
    region
        .edges()
        .map(|(a, b)| edge(a, b, EdgeTag::Operand0))
        .collect()
}

/// The circumscribed 16-gon of radius 16, rounded, derived by hand: radius
/// 16 / cos(11.25°) = 16.313 at 11.25° + k·22.5° gives (16, 3.18), (13.56, 9.06),
/// (9.06, 13.56), (3.18, 16), then the same turned by 90°, 180°, 270°.
fn sixteen_gon_offsets() -> Vec<(i64, i64)> {
    let quadrant = [(16, 3), (14, 9), (9, 14), (3, 16)];
    let mut out = Vec::new();
    for turn in 0..4 {
        for &(x, y) in &quadrant {
            out.push(match turn {
                0 => (x, y),
                1 => (-y, x),
                2 => (-x, -y),
                _ => (y, -x),
            });
        }
    }
    out
}

#[test]
fn round_pieces_of_the_unit_square() {
    let square = unit_square();
    let edges = offset_edges(&square, 1.0, Join::Round, 0.0).unwrap();
    // r = 16, tol = max(1, 16/128) = 1: 16·(1/cos(π/8) − 1) = 1.32 > 1 and
    // 16·(1/cos(π/16) − 1) = 0.31 ≤ 1, so m = 16.
    let mut expected = region_edges(&square);
    // Rectangles a − V, b − V, b + V, a + V with V the rounded 16·(interior normal).
    for rectangle in [
        [p(0, -16), p(16, -16), p(16, 16), p(0, 16)],
        [p(32, 0), p(32, 16), p(0, 16), p(0, 0)],
        [p(16, 32), p(0, 32), p(0, 0), p(16, 0)],
        [p(-16, 16), p(-16, 0), p(16, 0), p(16, 16)],
    ] {
        expected.extend(closed(&rectangle));
    }
    for centre in [p(0, 0), p(0, 16), p(16, 0), p(16, 16)] {
        let piece: Vec<GridPoint> = sixteen_gon_offsets()
            .iter()
            .map(|&(x, y)| p(centre.x + x, centre.y + y))
            .collect();
        expected.extend(closed(&piece));
    }
    assert_eq!(edges, expected);
    // A negative distance builds the same pieces (only the operation differs).
    assert_eq!(
        offset_edges(&square, -1.0, Join::Round, 0.0).unwrap(),
        expected
    );
}

#[test]
fn square_pieces_of_the_unit_square() {
    let square = unit_square();
    let edges = offset_edges(&square, 1.0, Join::Square, 0.0).unwrap();
    // h = 16: each edge's hull is the edge's bounding box grown by 16.
    let mut expected = region_edges(&square);
    for hull in [
        [p(-16, -16), p(32, -16), p(32, 16), p(-16, 16)],
        [p(0, -16), p(32, -16), p(32, 32), p(0, 32)],
        [p(-16, 0), p(32, 0), p(32, 32), p(-16, 32)],
        [p(-16, -16), p(16, -16), p(16, 32), p(-16, 32)],
    ] {
        expected.extend(closed(&hull));
    }
    assert_eq!(edges, expected);
}

#[test]
fn arc_tolerance_picks_the_number_of_sides() {
    let square = unit_square();
    let count = |tol: f64| offset_edges(&square, 1.0, Join::Round, tol).unwrap().len();
    // 4 region edges + 4 rectangles of 4 sides + 4 m-gons (no repeated rounded
    // vertices at r = 16 for m ≤ 16; at 2 units = 1/8 public units, m = 8).
    assert_eq!(count(0.0), 4 + 16 + 4 * 16);
    assert_eq!(count(0.125), 4 + 16 + 4 * 8);
    // A tiny tolerance asks for more than 256: capped, with repeated rounded points
    // dropped, so at most 256 sides per polygon.
    assert!(count(1e-9) <= 4 + 16 + 4 * MAX_SIDES);
}

#[test]
fn argument_validation_order() {
    let square = unit_square();
    let out_of_range = |d: f64| match square.offset(d, Join::Round, -1.0) {
        Err(Error::OutOfRange { location, value }) => {
            assert_eq!(
                location,
                Location::Argument {
                    name: "distance".into()
                }
            );
            value.to_bits() == d.to_bits()
        }
        _ => false,
    };
    // The distance is checked before the (also bad) arc tolerance.
    assert!(out_of_range(f64::NAN));
    assert!(out_of_range(f64::INFINITY));
    assert!(out_of_range(-MAX_DISTANCE.next_up()));
    assert!(out_of_range(MAX_DISTANCE.next_up()));
    for tol in [-1e-300, f64::NAN, f64::INFINITY] {
        match square.offset(MAX_DISTANCE, Join::Round, tol) {
            Err(Error::InvalidArgument { argument, .. }) => assert_eq!(argument, "arc_tolerance"),
            other => panic!("{other:?}"),
        }
    }
    // Zero returns the region unchanged (no overlay needed).
    assert_eq!(square.offset(0.0, Join::Round, 0.0).unwrap(), square);
    assert_eq!(square.offset(-0.0, Join::Square, 5.0).unwrap(), square);
    let empty = Region::empty(16);
    assert_eq!(empty.offset(3.0, Join::Round, 0.0).unwrap(), empty);
}

#[test]
fn constructed_points_beyond_the_bound_are_reported_in_generation_order() {
    // Snap bits 0: the bound is 2^21 + 2^20 = 3·2^20 grid units.
    let b = 3i64 << 20;
    let region = Region::from_canonical_rings(
        0,
        vec![vec![p(b - 10, 0), p(b, 0), p(b, 10), p(b - 10, 10)]],
    );
    // Round: edge 0's rectangle (points 0–3) stays inside; edge 1's a − V = (b + 1, 0)
    // is point 4.
    match offset_edges(&region, 1.0, Join::Round, 0.0) {
        Err(Error::OutOfRange { location, value }) => {
            assert_eq!(
                location,
                Location::Constructed {
                    index: 4,
                    axis: Axis::X
                }
            );
            assert_eq!(value, (b + 1) as f64);
        }
        other => panic!("{other:?}"),
    }
    // Square: edge 0's corners a + (h, −h) = (b − 9, −1) fine, b + (h, −h) = (b + 1, −1)
    // is corner 5.
    match offset_edges(&region, 1.0, Join::Square, 0.0) {
        Err(Error::OutOfRange { location, .. }) => {
            assert_eq!(
                location,
                Location::Constructed {
                    index: 5,
                    axis: Axis::X
                }
            );
        }
        other => panic!("{other:?}"),
    }
    // Exactly on the bound is legal: a region ending 1 unit short.
    let inside = Region::from_canonical_rings(
        0,
        vec![vec![p(b - 11, 0), p(b - 1, 0), p(b - 1, 10), p(b - 11, 10)]],
    );
    assert!(offset_edges(&inside, 1.0, Join::Square, 0.0).is_ok());
    // The round m-gon of radius 1 never leaves [−1, 1]² (rounded), so also legal.
    assert!(offset_edges(&inside, 1.0, Join::Round, 0.0).is_ok());
    // y axis, negative side, at snap bits 2 (bound 3·2^22).
    let b2 = 3i64 << 22;
    let low = Region::from_canonical_rings(
        2,
        vec![vec![p(0, -b2), p(10, -b2), p(10, -b2 + 10), p(0, -b2 + 10)]],
    );
    match offset_edges(&low, 0.25, Join::Round, 0.0) {
        Err(Error::OutOfRange { location, value }) => {
            assert_eq!(
                location,
                Location::Constructed {
                    index: 0,
                    axis: Axis::Y
                }
            );
            assert_eq!(value, (-b2 - 1) as f64 / 4.0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn growing_and_shrinking_the_unit_square() {
    let square = unit_square();
    // Square join: the Minkowski sum with a square of half side 16.
    let grown = square.offset(1.0, Join::Square, 0.0).unwrap();
    assert_eq!(
        grown.rings(),
        &[vec![p(-16, -16), p(32, -16), p(32, 32), p(-16, 32)]]
    );
    // Shrinking by 4 units: both joins leave the inner square (the corner m-gons of
    // radius ≤ 4.4 do not reach (4, 4), at distance 5.66 from the corner).
    for join in [Join::Round, Join::Square] {
        let shrunk = square.offset(-0.25, join, 0.0).unwrap();
        assert_eq!(
            shrunk.rings(),
            &[vec![p(4, 4), p(12, 4), p(12, 12), p(4, 12)]]
        );
    }
    // A thin feature vanishes: shrinking by half the side or more leaves nothing.
    assert!(square
        .offset(-0.5, Join::Round, 0.0)
        .unwrap()
        .rings()
        .is_empty());
}
