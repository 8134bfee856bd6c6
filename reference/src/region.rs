//! Reference regions: the one overlay routine of [A0]/[L5] (arrangement → windings →
//! inside rule → rings), `from_outlines` (X2) and the boolean operations.

use crate::arrangement;
use crate::error::RefError;
use crate::geom::{Arrangement, Edge, Point, Region};
use crate::mutation::{self, Mutation};
use crate::{label, rings};
use serde_json::json;

/// Inside rules of X1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// w0 odd.
    EvenOdd,
    /// w0 > 0 or w1 > 0.
    Union,
    /// w0 > 0 and w1 > 0.
    Intersection,
    /// w0 > 0 and not w1 > 0.
    Difference,
    /// (w0 > 0) != (w1 > 0).
    Xor,
}

impl Operation {
    /// Whether a face with operand windings `w` is inside (the X1 table).
    pub fn inside(self, w: [i64; 2]) -> bool {
        let (a, b) = (w[0] > 0, w[1] > 0);
        if let Some(inside) = mutation::mutated_inside(self as u8, w) {
            return inside;
        }
        match self {
            Operation::EvenOdd => w[0] % 2 != 0,
            Operation::Union => a || b,
            Operation::Intersection => a && b,
            Operation::Difference => a && !b,
            Operation::Xor => a != b,
        }
    }
}

/// Largest legal snap bits ([G2], X4).
pub const MAX_SNAP_BITS: u8 = 16;

/// Largest legal magnitude of a public coordinate, 2^21 ([G1]).
pub const MAX_COORDINATE: f64 = 2_097_152.0;

/// X4/X3: snap bits outside 0..=16 are an invalid argument `snap_bits`.
pub fn check_snap_bits(snap_bits: i64) -> Result<u8, RefError> {
    match u8::try_from(snap_bits) {
        Ok(bits) if bits <= MAX_SNAP_BITS => Ok(bits),
        _ => Err(RefError::InvalidArgument {
            argument: "snap_bits".into(),
            location: None,
        }),
    }
}

/// [G1]: a public coordinate must be finite with magnitude at most 2^21.
pub fn coordinate_in_range(value: f64) -> bool {
    value.is_finite() && value.abs() <= MAX_COORDINATE
}

/// X4: round_half_even(value × 2^snap_bits), computed exactly from the f64's bits
/// (value = ±mantissa × 2^exponent). `None` when `value` is not finite or the result
/// does not fit an i64 (callers check [G1] first, so that never happens for them).
pub fn snap(value: f64, snap_bits: u8) -> Option<i64> {
    if !value.is_finite() {
        return None;
    }
    let bits = value.to_bits();
    let negative = bits >> 63 == 1;
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1u64 << 52) - 1);
    // Subnormals have biased exponent 0 and no hidden bit.
    let (mantissa, exponent) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), biased - 1075)
    };
    let shift = exponent + i64::from(snap_bits);
    let magnitude: u64 = if mantissa == 0 {
        0
    } else if shift >= 0 {
        if shift > 10 {
            return None; // mantissa < 2^53, so the result would not fit 63 bits
        }
        mantissa << shift
    } else if shift < -54 {
        0 // mantissa / 2^55 < 1/4 rounds to 0
    } else {
        let s = (-shift) as u32;
        let whole = mantissa >> s;
        let remainder = mantissa - (whole << s);
        let half = 1u64 << (s - 1);
        let tie_up = whole % 2 == 1 || mutation::active(Mutation::X4HalfUp);
        if remainder > half || (remainder == half && tie_up) {
            whole + 1
        } else {
            whole
        }
    };
    let magnitude = i64::try_from(magnitude).ok()?;
    Some(if negative { -magnitude } else { magnitude })
}

/// Arrangement, windings, inside rule, tracing: the one routine of [A0]/[L5].
pub fn overlay(edges: &[Edge], op: Operation, snap_bits: u8) -> Result<Region, RefError> {
    overlay_with(&arrangement::arrange, edges, op, snap_bits)
}

/// `overlay` with the noding routine passed in (tests use already-noded input).
pub(crate) fn overlay_with(
    arrange: &dyn Fn(&[Edge]) -> Result<Arrangement, RefError>,
    edges: &[Edge],
    op: Operation,
    snap_bits: u8,
) -> Result<Region, RefError> {
    let arrangement = arrange(edges)?;
    let windings = label::label(&arrangement)?;
    let rings = rings::trace(&arrangement, &windings, op)?;
    Ok(Region { snap_bits, rings })
}

/// The directed edges of rings (last point joined to the first), all with `tag`.
pub fn ring_edges(rings: &[Vec<Point>], tag: u8) -> Vec<Edge> {
    let mut edges = Vec::new();
    for ring in rings {
        for (i, &from) in ring.iter().enumerate() {
            let to = ring[(i + 1) % ring.len()];
            edges.push(Edge { from, to, tag });
        }
    }
    edges
}

/// X2: each outline resolved even-odd, then the n-ary union. Outlines are f64 rings.
pub fn from_outlines(outlines: &[Vec<Vec<[f64; 2]>>], snap_bits: u8) -> Result<Region, RefError> {
    from_outlines_with(&arrangement::arrange, outlines, snap_bits)
}

/// `from_outlines` with the noding routine passed in.
pub(crate) fn from_outlines_with(
    arrange: &dyn Fn(&[Edge]) -> Result<Arrangement, RefError>,
    outlines: &[Vec<Vec<[f64; 2]>>],
    snap_bits: u8,
) -> Result<Region, RefError> {
    let snap_bits = check_snap_bits(i64::from(snap_bits))?;
    // X3: everything is validated (in input order) before any geometry is built.
    let mut snapped: Vec<Vec<Vec<Point>>> = Vec::with_capacity(outlines.len());
    for (o, outline) in outlines.iter().enumerate() {
        let mut snapped_outline = Vec::with_capacity(outline.len());
        for (r, ring) in outline.iter().enumerate() {
            if mutation::active(Mutation::X3OutlineCoordinatesFirst) {
                mutation::check_coordinates_first(ring, o, r)?;
            }
            if ring.len() < 3 {
                return Err(RefError::InvalidArgument {
                    argument: "ring".into(),
                    location: Some(json!({"kind": "ring", "outline": o, "ring": r})),
                });
            }
            let mut points = Vec::with_capacity(ring.len());
            for (v, p) in ring.iter().enumerate() {
                let mut grid = [0i64; 2];
                let mut axes = [(0usize, "x"), (1, "y")];
                if mutation::active(Mutation::X3OutlineYFirst) {
                    axes.reverse();
                }
                for (axis, name) in axes {
                    let value = p[axis];
                    grid[axis] = match snap(value, snap_bits) {
                        Some(q) if coordinate_in_range(value) => q,
                        _ => {
                            return Err(RefError::OutOfRange {
                                location: json!({"kind": "vertex", "outline": o, "ring": r,
                                                 "vertex": v, "axis": name}),
                                value,
                            })
                        }
                    };
                }
                points.push(Point {
                    x: grid[0],
                    y: grid[1],
                });
            }
            snapped_outline.push(points);
        }
        snapped.push(snapped_outline);
    }
    // [R1]/X2: each outline alone, even-odd, operand 0.
    let mut resolved = Vec::with_capacity(snapped.len());
    for outline in &snapped {
        resolved.push(overlay_with(
            arrange,
            &ring_edges(outline, 0),
            Operation::EvenOdd,
            snap_bits,
        )?);
    }
    match resolved.len() {
        0 => Ok(Region {
            snap_bits,
            rings: Vec::new(),
        }),
        1 => Ok(resolved.pop().unwrap_or_default()),
        _ => {
            // [R2]/X2: ONE n-ary union, all resolved rings as operand 0.
            let edges: Vec<Edge> = resolved
                .iter()
                .flat_map(|region| ring_edges(&region.rings, 0))
                .collect();
            overlay_with(arrange, &edges, Operation::Union, snap_bits)
        }
    }
}

/// A binary operation ([G5] first): `a`'s ring edges are operand 0, `b`'s operand 1.
pub fn boolean(a: &Region, b: &Region, op: Operation) -> Result<Region, RefError> {
    boolean_with(&arrangement::arrange, a, b, op)
}

/// `boolean` with the noding routine passed in.
pub(crate) fn boolean_with(
    arrange: &dyn Fn(&[Edge]) -> Result<Arrangement, RefError>,
    a: &Region,
    b: &Region,
    op: Operation,
) -> Result<Region, RefError> {
    if a.snap_bits != b.snap_bits {
        return Err(RefError::SnapBitsMismatch {
            left: a.snap_bits,
            right: b.snap_bits,
        });
    }
    let mut edges = ring_edges(&a.rings, 0);
    edges.extend(ring_edges(&b.rings, 1));
    overlay_with(arrange, &edges, op, a.snap_bits)
}

/// a ∪ b.
pub fn union(a: &Region, b: &Region) -> Result<Region, RefError> {
    boolean(a, b, Operation::Union)
}

/// a ∩ b.
pub fn intersection(a: &Region, b: &Region) -> Result<Region, RefError> {
    boolean(a, b, Operation::Intersection)
}

/// a ∖ b.
pub fn difference(a: &Region, b: &Region) -> Result<Region, RefError> {
    boolean(a, b, Operation::Difference)
}

/// a △ b.
pub fn xor(a: &Region, b: &Region) -> Result<Region, RefError> {
    boolean(a, b, Operation::Xor)
}

/// Twice the signed area of a region (sum of the rings' shoelace sums), exact.
pub fn doubled_area(region: &Region) -> i128 {
    let mut sum = 0i128;
    for ring in &region.rings {
        for (i, p) in ring.iter().enumerate() {
            let q = ring[(i + 1) % ring.len()];
            sum += i128::from(p.x) * i128::from(q.y) - i128::from(q.x) * i128::from(p.y);
        }
    }
    sum
}

/// Checks the canonical form of a region's rings ([R3]–[R6] as far as they are local):
/// rings of at least 3 points, no zero-length edge, no directed edge twice, no dropped
/// ([R4]) vertex left, each ring started at its smallest edge and rings sorted by it.
pub fn check(region: &Region) -> Result<(), String> {
    rings::check_canonical(&region.rings)
}

#[cfg(test)]
pub(crate) mod noded {
    //! Test-only stand-in for the arrangement on input that is already noded.
    use crate::error::RefError;
    use crate::geom::{Arrangement, Edge, Point};
    use std::collections::{BTreeMap, BTreeSet};

    fn cross(o: Point, a: Point, b: Point) -> i128 {
        (i128::from(a.x) - i128::from(o.x)) * (i128::from(b.y) - i128::from(o.y))
            - (i128::from(a.y) - i128::from(o.y)) * (i128::from(b.x) - i128::from(o.x))
    }

    fn strictly_inside(p: Point, a: Point, b: Point) -> bool {
        cross(a, b, p) == 0 && p != a && p != b && p.min(a.max(b)) == p && p.max(a.min(b)) == p
    }

    /// Merges the edges by endpoints with net counts ([A1], [A5]); refuses (geometry
    /// defect) input that is not noded: proper crossings or a vertex inside a segment.
    pub(crate) fn arrange(edges: &[Edge]) -> Result<Arrangement, RefError> {
        let mut nets: BTreeMap<(Point, Point), [i64; 2]> = BTreeMap::new();
        for e in edges {
            if e.from == e.to {
                continue;
            }
            let (a, b, sign) = if e.from < e.to {
                (e.from, e.to, 1)
            } else {
                (e.to, e.from, -1)
            };
            let net = nets.entry((a, b)).or_default();
            match e.tag {
                0 => net[0] += sign,
                1 => net[1] += sign,
                2 => {
                    net[0] += sign;
                    net[1] += sign
                }
                _ => return Err(RefError::GeometryDefect),
            }
        }
        // Cancelled fragments still count as geometry for the noding check.
        let all: Vec<(Point, Point)> = nets.keys().copied().collect();
        let ends: BTreeSet<Point> = all.iter().flat_map(|&(a, b)| [a, b]).collect();
        for &(a, b) in &all {
            if ends.iter().any(|&p| strictly_inside(p, a, b)) {
                return Err(RefError::GeometryDefect);
            }
            for &(c, d) in &all {
                let (o1, o2) = (cross(a, b, c).signum(), cross(a, b, d).signum());
                let (o3, o4) = (cross(c, d, a).signum(), cross(c, d, b).signum());
                if o1 * o2 < 0 && o3 * o4 < 0 {
                    return Err(RefError::GeometryDefect);
                }
            }
        }
        let kept: Vec<((Point, Point), [i64; 2])> =
            nets.into_iter().filter(|(_, n)| *n != [0, 0]).collect();
        let vertices: Vec<Point> = kept
            .iter()
            .flat_map(|((a, b), _)| [*a, *b])
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let index = |p: Point| vertices.binary_search(&p).unwrap_or(usize::MAX);
        let mut segments: Vec<(usize, usize, [i64; 2])> = kept
            .iter()
            .map(|((a, b), n)| (index(*a), index(*b), *n))
            .collect();
        segments.sort();
        Ok(Arrangement { vertices, segments })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    fn outlines_region(outlines: &[Vec<Vec<[f64; 2]>>], bits: u8) -> Result<Region, RefError> {
        from_outlines_with(&noded::arrange, outlines, bits)
    }

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<[f64; 2]> {
        vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
    }

    #[test]
    fn snap_rounds_half_to_even_exactly() {
        // x·2^bits then ties to even: 0.5→0, 1.5→2, 2.5→2, -0.5→0, -1.5→-2.
        assert_eq!(snap(0.5, 0), Some(0));
        assert_eq!(snap(1.5, 0), Some(2));
        assert_eq!(snap(2.5, 0), Some(2));
        assert_eq!(snap(-0.5, 0), Some(0));
        assert_eq!(snap(-1.5, 0), Some(-2));
        assert_eq!(snap(0.75, 1), Some(2)); // 1.5 → 2
        assert_eq!(snap(0.25, 1), Some(0)); // 0.5 → 0
        assert_eq!(snap(2097152.0, 16), Some(1i64 << 37));
        assert_eq!(snap(-2097152.0, 16), Some(-(1i64 << 37)));
        // 0.1 is slightly above 1/10: 0.1·2^16 = 6553.6000000000003… → 6554.
        assert_eq!(snap(0.1, 16), Some(6554));
        // The smallest subnormal rounds to 0; 2^-17·2^16 = 1/2 ties to 0; 3·2^-17 → 1.5 → 2.
        assert_eq!(snap(f64::from_bits(1), 16), Some(0));
        assert_eq!(snap(2f64.powi(-17), 16), Some(0));
        assert_eq!(snap(3.0 * 2f64.powi(-17), 16), Some(2));
        assert_eq!(snap(-0.0, 16), Some(0));
        assert_eq!(snap(f64::NAN, 16), None);
        assert_eq!(snap(1e300, 16), None);
    }

    #[test]
    fn snap_matches_rational_rounding() {
        use num_bigint::BigInt;
        use num_rational::BigRational;
        use num_traits::{One, ToPrimitive};
        // Independent check: exact rational, floor(r + 1/2) with ties moved to even.
        for (i, &v) in [0.3, -0.3, 1.0 / 3.0, 123.456, -7.5e-6, 1e-5, 2097151.9999]
            .iter()
            .enumerate()
        {
            for bits in [0u8, 3, 16] {
                let r = BigRational::from_float(v).unwrap()
                    * BigRational::from_integer(BigInt::from(1u64 << bits));
                let half = BigRational::new(BigInt::one(), BigInt::from(2));
                let shifted = &r + &half;
                let mut q = shifted.floor();
                if shifted.is_integer() && (q.to_integer() % 2) != BigInt::from(0) {
                    q -= BigRational::one();
                }
                assert_eq!(
                    snap(v, bits),
                    q.to_integer().to_i64(),
                    "case {i} bits {bits}"
                );
            }
        }
    }

    #[test]
    fn snap_bits_are_checked_first() {
        let bad = vec![vec![vec![[f64::NAN, 0.0]]]]; // also a short ring
        assert_eq!(
            outlines_region(&bad, 17),
            Err(RefError::InvalidArgument {
                argument: "snap_bits".into(),
                location: None
            })
        );
    }

    #[test]
    fn short_ring_named_before_later_coordinates() {
        // Outline 0 ring 1 has 2 vertices; outline 1 has a NaN: the short ring comes first.
        let outlines = vec![
            vec![rect(0.0, 0.0, 1.0, 1.0), vec![[0.0, 0.0], [1.0, 1.0]]],
            vec![vec![[f64::NAN, 0.0], [1.0, 0.0], [0.0, 1.0]]],
        ];
        assert_eq!(
            outlines_region(&outlines, 0),
            Err(RefError::InvalidArgument {
                argument: "ring".into(),
                location: Some(json!({"kind":"ring","outline":0,"ring":1}))
            })
        );
    }

    #[test]
    fn out_of_range_names_vertex_and_axis_x_before_y() {
        // Vertex 1 has a bad y (the next float above 2^21), vertex 2 a bad x: vertex order
        // wins. 2^21 exactly is legal (vertex 0 of the second ring).
        let ring = vec![
            [0.0, 0.0],
            [0.0, f64::from_bits(2097152.0f64.to_bits() + 1)],
            [f64::INFINITY, 1.0],
        ];
        let err = outlines_region(&[vec![ring]], 16).unwrap_err();
        assert_eq!(
            err,
            RefError::OutOfRange {
                location: json!({"kind":"vertex","outline":0,"ring":0,"vertex":1,"axis":"y"}),
                value: f64::from_bits(2097152.0f64.to_bits() + 1)
            }
        );
        let ring = vec![[-2097152.0, 2097152.0], [0.0, 0.0], [f64::NAN, f64::NAN]];
        match outlines_region(&[vec![ring]], 16).unwrap_err() {
            RefError::OutOfRange { location, value } => {
                assert_eq!(
                    location,
                    json!({"kind":"vertex","outline":0,"ring":0,"vertex":2,"axis":"x"})
                );
                assert!(value.is_nan());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn empty_and_collapsed_inputs() {
        // No outline: empty. A ring whose points snap together contributes nothing (X2).
        assert_eq!(
            outlines_region(&[], 5).unwrap(),
            Region {
                snap_bits: 5,
                rings: vec![]
            }
        );
        let tiny = vec![vec![[0.1, 0.1], [0.2, 0.1], [0.2, 0.2]]];
        assert_eq!(
            outlines_region(&[tiny], 0).unwrap().rings,
            Vec::<Vec<Point>>::new()
        );
    }

    #[test]
    fn square_in_either_orientation_is_ccw_from_its_smallest_corner() {
        // A unit square (snap bits 0) read CW or CCW: the region lies left of each edge, so
        // the ring is CCW; the smallest directed edge is (0,0)→(1,0).
        let expected = vec![vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)]];
        let ccw = rect(0.0, 0.0, 1.0, 1.0);
        let mut cw = ccw.clone();
        cw.reverse();
        for ring in [ccw, cw] {
            let region = outlines_region(&[vec![ring]], 0).unwrap();
            assert_eq!(region.rings, expected);
            check(&region).unwrap();
        }
    }

    #[test]
    fn hole_in_either_orientation_is_clockwise() {
        // Outer 0..4, hole 1..3 in one outline (even-odd): the hole ring runs CW; its
        // smallest directed edge is (1,1)→(1,3) (left side, going up: interior on its left
        // is x < 1). Rings sort by first edge: (0,0)→(4,0) < (1,1)→(1,3).
        let expected = vec![
            vec![p(0, 0), p(4, 0), p(4, 4), p(0, 4)],
            vec![p(1, 1), p(1, 3), p(3, 3), p(3, 1)],
        ];
        for reverse_hole in [false, true] {
            for reverse_outer in [false, true] {
                let mut outer = rect(0.0, 0.0, 4.0, 4.0);
                let mut hole = rect(1.0, 1.0, 3.0, 3.0);
                if reverse_outer {
                    outer.reverse();
                }
                if reverse_hole {
                    hole.reverse();
                }
                let region = outlines_region(&[vec![hole, outer]], 0).unwrap();
                assert_eq!(region.rings, expected);
                assert_eq!(doubled_area(&region), 2 * (16 - 4));
            }
        }
    }

    #[test]
    fn hole_as_second_outline_is_filled_by_union() {
        // Separate outlines are unioned (X2): inside the inner square w0 = 2, between the
        // squares w0 = 1, so the inner edges separate two inside faces and only the outer
        // square remains.
        let outlines = vec![
            vec![rect(0.0, 0.0, 4.0, 4.0)],
            vec![rect(1.0, 1.0, 3.0, 3.0)],
        ];
        let region = outlines_region(&outlines, 0).unwrap();
        assert_eq!(region.rings, vec![vec![p(0, 0), p(4, 0), p(4, 4), p(0, 4)]]);
    }

    #[test]
    fn two_squares_touching_at_a_corner_are_two_rings() {
        // [R5]/X6: at (1,1) two boundary edges enter and two leave; turning clockwise from
        // the reverse of the incoming edge keeps each square's wedge, so two rings. The
        // vertex is kept in both ([R4] only drops degree-2 vertices).
        let outlines = vec![vec![rect(0.0, 0.0, 1.0, 1.0), rect(1.0, 1.0, 2.0, 2.0)]];
        let region = outlines_region(&outlines, 0).unwrap();
        assert_eq!(
            region.rings,
            vec![
                vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)],
                vec![p(1, 1), p(2, 1), p(2, 2), p(1, 2)],
            ]
        );
        check(&region).unwrap();
    }

    #[test]
    fn hole_touching_outer_ring_at_a_vertex_is_one_ring() {
        // Outer square (0,0)-(4,4); triangular hole (0,0),(2,1),(1,2) touching it at the
        // corner (0,0) (one outline, even-odd). At (0,0): outgoing (0,0)→(4,0) and
        // (0,0)→(2,1)... The hole runs CW: (0,0)→(1,2)→(2,1)→(0,0). Incoming edges at (0,0):
        // (0,4)→(0,0) (reverse direction (0,1)) and (2,1)→(0,0) (reverse (2,1)).
        // From reverse (0,1), turning clockwise we meet (1,2) before (4,0): the outer ring
        // continues into the hole. From reverse (2,1), clockwise: (4,0) (angle ~26.6°)
        // comes before (1,2) (~296.6°). So ONE ring, passing (0,0) twice (X6). Its smallest
        // directed edge is (0,0)→(1,2) (to.x 1 < 4).
        let outline = vec![
            rect(0.0, 0.0, 4.0, 4.0),
            vec![[0.0, 0.0], [2.0, 1.0], [1.0, 2.0]],
        ];
        let region = outlines_region(&[outline], 0).unwrap();
        assert_eq!(
            region.rings,
            vec![vec![
                p(0, 0),
                p(1, 2),
                p(2, 1),
                p(0, 0),
                p(4, 0),
                p(4, 4),
                p(0, 4)
            ]]
        );
        // Area: 16 − triangle (|cross((2,1),(1,2))| / 2 = 3/2) → doubled 32 − 3 = 29.
        assert_eq!(doubled_area(&region), 29);
        check(&region).unwrap();
    }

    #[test]
    fn collinear_vertices_are_dropped_but_not_at_meetings() {
        // A 2×1 rectangle given with midpoints (1,0) and (1,1): both are degree-2 collinear
        // boundary vertices, dropped by [R4].
        let ring = vec![
            [0.0, 0.0],
            [1.0, 0.0],
            [2.0, 0.0],
            [2.0, 1.0],
            [1.0, 1.0],
            [0.0, 1.0],
        ];
        let region = outlines_region(&[vec![ring]], 0).unwrap();
        assert_eq!(region.rings, vec![vec![p(0, 0), p(2, 0), p(2, 1), p(0, 1)]]);
        // Two 1×1 squares side by side as two outlines: the shared edge cancels in the
        // union, (1,0) and (1,1) become collinear degree-2 vertices and are dropped.
        let outlines = vec![
            vec![rect(0.0, 0.0, 1.0, 1.0)],
            vec![rect(1.0, 0.0, 2.0, 1.0)],
        ];
        let region = outlines_region(&outlines, 0).unwrap();
        assert_eq!(region.rings, vec![vec![p(0, 0), p(2, 0), p(2, 1), p(0, 1)]]);
        // A pinch vertex (two edges in, two out) is kept in both rings.
        let outlines = vec![vec![rect(0.0, 0.0, 1.0, 1.0), rect(1.0, 1.0, 2.0, 2.0)]];
        let region = outlines_region(&outlines, 0).unwrap();
        assert!(region.rings.iter().all(|r| r.contains(&p(1, 1))));
    }

    #[test]
    fn canonical_start_and_ring_order_ignore_input_order() {
        // Three disjoint squares given in shuffled order and rotated starts: rings come out
        // sorted by their smallest directed edge (from.x, from.y, to.x, to.y).
        let a = rect(5.0, 0.0, 6.0, 1.0);
        let mut b = rect(0.0, 3.0, 1.0, 4.0);
        b.rotate_left(2);
        let mut c = rect(0.0, 0.0, 1.0, 1.0);
        c.rotate_left(3);
        let expected = vec![
            vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)],
            vec![p(0, 3), p(1, 3), p(1, 4), p(0, 4)],
            vec![p(5, 0), p(6, 0), p(6, 1), p(5, 1)],
        ];
        let one = outlines_region(&[vec![a.clone(), b.clone(), c.clone()]], 0).unwrap();
        let many = outlines_region(&[vec![c], vec![a], vec![b]], 0).unwrap();
        assert_eq!(one.rings, expected);
        assert_eq!(many.rings, expected);
    }

    fn square_region(x0: i64, y0: i64, x1: i64, y1: i64) -> Region {
        Region {
            snap_bits: 0,
            rings: vec![vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)]],
        }
    }

    #[test]
    fn booleans_on_noded_squares() {
        // a = [0,2]×[0,1], b = [1,3]×[0,1] made noded by hand: split into [0,1],[1,2],[2,3]
        // columns (a's and b's rings include the midpoints on shared lines).
        let a = Region {
            snap_bits: 0,
            rings: vec![vec![p(0, 0), p(1, 0), p(2, 0), p(2, 1), p(1, 1), p(0, 1)]],
        };
        let b = Region {
            snap_bits: 0,
            rings: vec![vec![p(1, 0), p(2, 0), p(3, 0), p(3, 1), p(2, 1), p(1, 1)]],
        };
        let run = |op| boolean_with(&noded::arrange, &a, &b, op).unwrap().rings;
        // Windings per column: [0,1]: (1,0); [1,2]: (1,1); [2,3]: (0,1).
        assert_eq!(run(Operation::Union), square_region(0, 0, 3, 1).rings);
        assert_eq!(
            run(Operation::Intersection),
            square_region(1, 0, 2, 1).rings
        );
        assert_eq!(run(Operation::Difference), square_region(0, 0, 1, 1).rings);
        let mut xor = square_region(0, 0, 1, 1).rings;
        xor.extend(square_region(2, 0, 3, 1).rings);
        assert_eq!(run(Operation::Xor), xor);
    }

    #[test]
    fn binary_operations_reject_mismatched_snap_bits() {
        let a = square_region(0, 0, 1, 1);
        let mut b = square_region(0, 0, 1, 1);
        b.snap_bits = 8;
        assert_eq!(
            boolean_with(&noded::arrange, &a, &b, Operation::Union),
            Err(RefError::SnapBitsMismatch { left: 0, right: 8 })
        );
    }

    #[test]
    fn even_odd_overlapping_squares_in_one_outline() {
        // Two squares in one outline overlapping exactly in the unit cell [1,2]×[0,1] after
        // hand noding (rings include the touching points): w0 = 2 there → not odd → outside.
        let left = vec![
            [0.0, 0.0],
            [1.0, 0.0],
            [2.0, 0.0],
            [2.0, 1.0],
            [1.0, 1.0],
            [0.0, 1.0],
        ];
        let right = vec![
            [1.0, 0.0],
            [2.0, 0.0],
            [3.0, 0.0],
            [3.0, 1.0],
            [2.0, 1.0],
            [1.0, 1.0],
        ];
        let region = outlines_region(&[vec![left, right]], 0).unwrap();
        let mut expected = square_region(0, 0, 1, 1).rings;
        expected.extend(square_region(2, 0, 3, 1).rings);
        assert_eq!(region.rings, expected);
    }

    /// Test-only noding of axis-aligned integer edges: each edge is split at every
    /// endpoint of another edge lying inside it and at every crossing. For such input the
    /// snap-rounded arrangement is exactly this noding (every crossing is a grid point, and
    /// an axis-aligned edge meets an integer pixel only where it holds its centre).
    fn node_axis_aligned(edges: &[Edge]) -> Vec<Edge> {
        let mut out = Vec::new();
        for e in edges {
            let (lo, hi) = (e.from.min(e.to), e.from.max(e.to));
            let mut cuts: Vec<Point> = vec![lo, hi];
            for f in edges {
                for q in [f.from, f.to] {
                    let on = if lo.x == hi.x {
                        q.x == lo.x && lo.y < q.y && q.y < hi.y
                    } else {
                        q.y == lo.y && lo.x < q.x && q.x < hi.x
                    };
                    if on {
                        cuts.push(q);
                    }
                }
                // Crossing with a perpendicular edge.
                let (flo, fhi) = (f.from.min(f.to), f.from.max(f.to));
                let c = if lo.y == hi.y && flo.x == fhi.x {
                    p(flo.x, lo.y)
                } else if lo.x == hi.x && flo.y == fhi.y {
                    p(lo.x, flo.y)
                } else {
                    continue;
                };
                if lo < c && c < hi && flo <= c && c <= fhi {
                    cuts.push(c);
                }
            }
            cuts.sort();
            cuts.dedup();
            if e.from > e.to {
                cuts.reverse();
            }
            for w in cuts.windows(2) {
                out.push(Edge {
                    from: w[0],
                    to: w[1],
                    tag: e.tag,
                });
            }
        }
        out
    }

    fn axis_arrange(edges: &[Edge]) -> Result<Arrangement, RefError> {
        noded::arrange(&node_axis_aligned(edges))
    }

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            // xorshift64*: deterministic, no dependency.
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
        }
    }

    #[test]
    fn random_rectangles_match_cell_by_cell_windings() {
        // Random overlapping axis-aligned rectangles (either orientation, operand 0 or 1)
        // on an 8×8 grid. Expected: per unit cell, w_k = Σ ±1 over operand-k rectangles
        // holding it (+1 CCW, −1 CW), inside by the X1 rule. The traced region must have
        // (a) twice the area = 2 × inside cells, (b) every unit step of every ring edge with
        // an inside cell on its left and an outside cell on its right, (c) as many unit
        // steps as inside/outside cell adjacencies, (d) canonical form.
        const N: i64 = 8;
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let ops = [
            Operation::EvenOdd,
            Operation::Union,
            Operation::Intersection,
            Operation::Difference,
            Operation::Xor,
        ];
        for case in 0..300 {
            let op = ops[case % ops.len()];
            let mut edges = Vec::new();
            let mut w = vec![[0i64; 2]; (N * N) as usize];
            for _ in 0..1 + rng.below(5) {
                let (mut x0, mut x1) = (rng.below(N as u64) as i64, rng.below(N as u64) as i64);
                let (mut y0, mut y1) = (rng.below(N as u64) as i64, rng.below(N as u64) as i64);
                if x0 > x1 {
                    std::mem::swap(&mut x0, &mut x1);
                }
                if y0 > y1 {
                    std::mem::swap(&mut y0, &mut y1);
                }
                x1 += 1;
                y1 += 1;
                let tag = if op == Operation::EvenOdd {
                    0
                } else {
                    rng.below(2) as u8
                };
                let ccw = rng.below(2) == 0;
                let mut ring = vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)];
                if !ccw {
                    ring.reverse();
                }
                edges.extend(ring_edges(&[ring], tag));
                for y in y0..y1 {
                    for x in x0..x1 {
                        w[(y * N + x) as usize][tag as usize] += if ccw { 1 } else { -1 };
                    }
                }
            }
            let inside = |x: i64, y: i64| {
                (0..N).contains(&x) && (0..N).contains(&y) && op.inside(w[(y * N + x) as usize])
            };
            let region = overlay_with(&axis_arrange, &edges, op, 0).unwrap();
            check(&region).unwrap_or_else(|e| panic!("case {case}: {e}"));
            let cells = (0..N * N).filter(|i| inside(i % N, i / N)).count() as i128;
            assert_eq!(doubled_area(&region), 2 * cells, "case {case}");
            let mut steps = 0;
            for ring in &region.rings {
                for (i, &a) in ring.iter().enumerate() {
                    let b = ring[(i + 1) % ring.len()];
                    let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
                    assert!(dx == 0 || dy == 0, "case {case}: diagonal edge");
                    let mut q = a;
                    while q != b {
                        // Cell left of the unit step q→q+d, and the one right of it.
                        let (lx, ly, rx, ry) = match (dx, dy) {
                            (1, 0) => (q.x, q.y, q.x, q.y - 1),
                            (-1, 0) => (q.x - 1, q.y - 1, q.x - 1, q.y),
                            (0, 1) => (q.x - 1, q.y, q.x, q.y),
                            _ => (q.x, q.y - 1, q.x - 1, q.y - 1),
                        };
                        assert!(
                            inside(lx, ly) && !inside(rx, ry),
                            "case {case}: step at {q:?}"
                        );
                        steps += 1;
                        q = p(q.x + dx, q.y + dy);
                    }
                }
            }
            let mut adjacencies = 0;
            for y in -1..=N {
                for x in -1..=N {
                    adjacencies += (inside(x, y) != inside(x + 1, y)) as i32;
                    adjacencies += (inside(x, y) != inside(x, y + 1)) as i32;
                }
            }
            assert_eq!(steps, adjacencies, "case {case}");
        }
    }

    #[test]
    fn bow_tie_even_odd_through_real_arrangement() {
        // Bow-tie (0,0),(2,2),(2,0),(0,2): the diagonals cross at (1,1) (already a grid
        // point). Even-odd: two triangles, left (0,0),(1,1),(0,2) and right (1,1),(2,0),(2,2)
        // touching at (1,1). Both CCW, started at their smallest directed edge.
        let ring = vec![[0.0, 0.0], [2.0, 2.0], [2.0, 0.0], [0.0, 2.0]];
        let region = from_outlines(&[vec![ring]], 0).unwrap();
        assert_eq!(
            region.rings,
            vec![
                vec![p(0, 0), p(1, 1), p(0, 2)],
                vec![p(1, 1), p(2, 0), p(2, 2)]
            ]
        );
    }
}
