//! Reference agent-radius shrink ([S1]–[S7], [E1]–[E6], X14; docs/spec/offset.md
//! sections 1 and 7), written from the text alone. The f64 constructions (normals, the
//! equal-area ring, the tips) are the reference's own `construct` procedures. Which ring
//! vertices lie inside a sector is decided by exact integer cross products against the two
//! normal directions. The [S5] edge list is built as written, and a second time from the
//! pieces as closed polygons whose opposite sides cancel in a multiset; the two must have
//! the same net edges.

use std::collections::BTreeMap;

use num_bigint::BigInt;
use serde_json::json;

use crate::construct;
use crate::error::RefError;
use crate::geom::{Edge, Point, Region};
use crate::offset::{grid_scale, validate_arc_tolerance, MAX_DISTANCE};
use crate::region::{self, Operation};

/// X3: a negative radius (−∞ included) is an invalid argument; NaN, +∞ or > 2^20 is out
/// of range. Checked in that order, then the arc tolerance.
pub fn validate_radius(radius: f64) -> Result<(), RefError> {
    if radius < 0.0 {
        return Err(RefError::InvalidArgument {
            argument: "radius".to_string(),
            location: None,
        });
    }
    let in_range = radius.is_finite() && radius <= MAX_DISTANCE;
    if !in_range {
        return Err(RefError::OutOfRange {
            location: json!({"kind": "argument", "name": "radius"}),
            value: radius,
        });
    }
    Ok(())
}

/// The sign of the exact cross product u × v = u.x·v.y − u.y·v.x.
fn cross_sign(u: [i64; 2], v: [i64; 2]) -> std::cmp::Ordering {
    let value = BigInt::from(u[0]) * BigInt::from(v[1]) - BigInt::from(u[1]) * BigInt::from(v[0]);
    value.sign().cmp(&num_bigint::Sign::NoSign)
}

/// Whether w points strictly inside the sector swept counter-clockwise from `from` to
/// `to` (less than a half turn): strictly left of `from` and strictly right of `to` (X14).
fn strictly_between(from: [i64; 2], w: [i64; 2], to: [i64; 2]) -> bool {
    use std::cmp::Ordering::Greater;
    cross_sign(from, w) == Greater && cross_sign(w, to) == Greater
}

/// The indices of the rounded ring vertices strictly inside the sector from N_out
/// counter-clockwise to N_in (X14), in counter-clockwise ring order: the cyclic walk starts
/// at the smallest index k whose vertex is inside while vertex k − 1 is not.
pub fn vertices_inside_sector(ring: &[[i64; 2]], n_out: [i64; 2], n_in: [i64; 2]) -> Vec<usize> {
    let m = ring.len();
    let flags: Vec<bool> = ring
        .iter()
        .map(|&w| strictly_between(n_out, w, n_in))
        .collect();
    let run_start = (0..m).find(|&k| flags[k] && !flags[(k + m - 1) % m]);
    // No run start while some vertex is inside means every vertex is: begin at 0.
    let begin = run_start.unwrap_or(0);
    (begin..begin + m)
        .map(|k| k % m)
        .filter(|&k| flags[k])
        .collect()
}

/// `p` moved by the integer offset `d` (X11: the offset is rounded first, then added).
fn moved(p: Point, d: [i64; 2]) -> Point {
    Point {
        x: p.x + d[0],
        y: p.y + d[1],
    }
}

/// The exact integer left normal (−dy, dx) of the direction from `p` to `q` (X14).
fn integer_left_normal(p: Point, q: Point) -> [i64; 2] {
    [p.y - q.y, q.x - p.x]
}

/// One ring of the region, with what the shrink needs of every position i: the rounded
/// offset of edge i → i+1, and whether the corner at i turns right ([S3], [S4]).
struct RingPieces {
    corners: Vec<Point>,
    edge_offsets: Vec<[i64; 2]>,
    turns_right: Vec<bool>,
}

impl RingPieces {
    fn new(corners: &[Point], r: f64) -> Result<Self, RefError> {
        let n = corners.len();
        let next = |i: usize| corners[(i + 1) % n];
        let prev = |i: usize| corners[(i + n - 1) % n];
        let mut edge_offsets = Vec::with_capacity(n);
        for (i, &a) in corners.iter().enumerate() {
            let v =
                construct::rounded_normal_offset(a, next(i), r).ok_or(RefError::GeometryDefect)?;
            edge_offsets.push(v);
        }
        // [S3]/X14: prev → a → next turns right when cross(a − prev, next − a) < 0.
        let turns_right = (0..n)
            .map(|i| {
                let a = corners[i];
                let incoming = [a.x - prev(i).x, a.y - prev(i).y];
                let outgoing = [next(i).x - a.x, next(i).y - a.y];
                cross_sign(incoming, outgoing) == std::cmp::Ordering::Less
            })
            .collect();
        Ok(RingPieces {
            corners: corners.to_vec(),
            edge_offsets,
            turns_right,
        })
    }

    fn len(&self) -> usize {
        self.corners.len()
    }

    fn corner(&self, i: usize) -> Point {
        self.corners[i % self.len()]
    }

    /// [S2]: the rectangle of edge i, counter-clockwise: a, b, b + V, a + V.
    fn rectangle(&self, i: usize) -> [Point; 4] {
        let (a, b) = (self.corner(i), self.corner(i + 1));
        let v = self.edge_offsets[i];
        [a, b, moved(b, v), moved(a, v)]
    }

    /// [S3]: the polyline tip_out, the ring vertices inside, tip_in of the reflex corner i.
    fn arc(&self, i: usize, circle: &[[i64; 2]]) -> Vec<Point> {
        let n = self.len();
        let a = self.corner(i);
        let (before, after) = (self.corner(i + n - 1), self.corner(i + 1));
        let offset_out = self.edge_offsets[i];
        let offset_in = self.edge_offsets[(i + n - 1) % n];
        let inside = vertices_inside_sector(
            circle,
            integer_left_normal(a, after),
            integer_left_normal(before, a),
        );
        let mut line = vec![moved(a, offset_out)];
        line.extend(inside.iter().map(|&j| moved(a, circle[j])));
        line.push(moved(a, offset_in));
        line
    }
}

/// Appends `from → to` unless it has length zero ([A1] drops those anyway).
fn feed(list: &mut Vec<Edge>, from: Point, to: Point, tag: u8) {
    if from != to {
        list.push(Edge { from, to, tag });
    }
}

/// The [S5] list as written: each region edge once for both operands (tag 2); of each
/// rectangle the three other sides as operand 1, less the end side at a right-turning
/// corner; each arc's consecutive pairs as operand 1.
fn listed_edges(rings: &[RingPieces], circle: &[[i64; 2]]) -> Vec<Edge> {
    let mut list = Vec::new();
    for ring in rings {
        for i in 0..ring.len() {
            feed(&mut list, ring.corner(i), ring.corner(i + 1), 2);
        }
    }
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            let [a, b, b_far, a_far] = ring.rectangle(i);
            if !ring.turns_right[(i + 1) % n] {
                feed(&mut list, b, b_far, 1);
            }
            feed(&mut list, b_far, a_far, 1);
            if !ring.turns_right[i] {
                feed(&mut list, a_far, a, 1);
            }
        }
    }
    for ring in rings {
        for i in (0..ring.len()).filter(|&i| ring.turns_right[i]) {
            for pair in ring.arc(i, circle).windows(2) {
                feed(&mut list, pair[0], pair[1], 1);
            }
        }
    }
    list
}

/// Every piece as a closed polygon: the rectangles ([S2]) and, at right-turning corners,
/// the sector polygons a, tip_out, inside vertices, tip_in ([S3]).
fn closed_pieces(rings: &[RingPieces], circle: &[[i64; 2]]) -> Vec<Vec<Point>> {
    let mut pieces = Vec::new();
    for ring in rings {
        for i in 0..ring.len() {
            pieces.push(ring.rectangle(i).to_vec());
            if ring.turns_right[i] {
                let mut sector = vec![ring.corner(i)];
                sector.extend(ring.arc(i, circle));
                pieces.push(sector);
            }
        }
    }
    pieces
}

/// A multiset of directed edges after cancelling each edge against an opposite copy, as
/// a map from directed edge to how many copies remain (zero-length edges ignored).
fn cancelled(edges: impl IntoIterator<Item = (Point, Point)>) -> BTreeMap<(Point, Point), u64> {
    let mut copies: BTreeMap<(Point, Point), u64> = BTreeMap::new();
    for (from, to) in edges {
        if from != to {
            *copies.entry((from, to)).or_default() += 1;
        }
    }
    let keys: Vec<(Point, Point)> = copies.keys().copied().collect();
    for (from, to) in keys {
        let forward = copies.get(&(from, to)).copied().unwrap_or(0);
        let backward = copies.get(&(to, from)).copied().unwrap_or(0);
        let pairs = forward.min(backward);
        if pairs > 0 {
            *copies.get_mut(&(from, to)).expect("present") -= pairs;
            *copies.get_mut(&(to, from)).expect("present") -= pairs;
        }
    }
    copies.retain(|_, count| *count > 0);
    copies
}

/// Whether the operand-1 edges of the [S5] list (tags 1 and 2) and the closed pieces'
/// sides leave the same multiset after cancellation.
fn same_net_edges(list: &[Edge], pieces: &[Vec<Point>]) -> bool {
    let from_list = cancelled(list.iter().filter(|e| e.tag != 0).map(|e| (e.from, e.to)));
    let from_pieces =
        cancelled(pieces.iter().flat_map(|piece| {
            (0..piece.len()).map(move |k| (piece[k], piece[(k + 1) % piece.len()]))
        }));
    from_list == from_pieces
}

/// All edges fed to the arrangement for the shrink ([S5], X14), validated first (radius,
/// then arc tolerance). Radius 0 and the empty region feed nothing: the shrink returns
/// the region itself. The list is checked against the closed pieces (a defect panics).
pub fn shrink_edges(
    region: &Region,
    radius: f64,
    arc_tolerance: f64,
) -> Result<Vec<Edge>, RefError> {
    validate_radius(radius)?;
    validate_arc_tolerance(arc_tolerance)?;
    if radius == 0.0 || region.rings.is_empty() {
        return Ok(Vec::new());
    }
    let r = radius * grid_scale(region.snap_bits);
    let tol = construct::tolerance_grid(arc_tolerance, region.snap_bits, r);
    let m = construct::choose_vertex_count(r, tol);
    let circle = construct::rounded_vertices(&construct::equal_area_ring(r, m))
        .ok_or(RefError::GeometryDefect)?;
    let rings = region
        .rings
        .iter()
        .map(|ring| RingPieces::new(ring, r))
        .collect::<Result<Vec<_>, _>>()?;
    let list = listed_edges(&rings, &circle);
    assert!(
        same_net_edges(&list, &closed_pieces(&rings, &circle)),
        "[S5] edge list differs from the closed pieces after cancellation"
    );
    Ok(list)
}

/// Mesh2DPipeline.Shrink: the region minus the union of the pieces (X1 Difference), the
/// region itself for radius 0 (−0 included) or an empty region.
pub fn shrink(region: &Region, radius: f64, arc_tolerance: f64) -> Result<Region, RefError> {
    let edges = shrink_edges(region, radius, arc_tolerance)?;
    if edges.is_empty() {
        return Ok(region.clone());
    }
    region::overlay(&edges, Operation::Difference, region.snap_bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    /// The equal-area octagon at r = 4 (docs/spec/offset.md section 9).
    const OCTAGON: [[i64; 2]; 8] = [
        [4, 1],
        [1, 4],
        [-1, 4],
        [-4, 1],
        [-4, -1],
        [-1, -4],
        [1, -4],
        [4, -1],
    ];

    #[test]
    fn radius_checks_in_order() {
        let invalid = Err(RefError::InvalidArgument {
            argument: "radius".into(),
            location: None,
        });
        assert_eq!(validate_radius(-1.0), invalid);
        assert_eq!(validate_radius(f64::NEG_INFINITY), invalid);
        assert_eq!(validate_radius(-f64::MIN_POSITIVE), invalid);
        for bad in [f64::NAN, f64::INFINITY, MAX_DISTANCE * (1.0 + f64::EPSILON)] {
            match validate_radius(bad) {
                Err(RefError::OutOfRange { location, value }) => {
                    assert_eq!(location, json!({"kind": "argument", "name": "radius"}));
                    assert!(value.to_bits() == bad.to_bits());
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
        for good in [0.0, -0.0, 1.0, MAX_DISTANCE] {
            assert_eq!(validate_radius(good), Ok(()));
        }
    }

    #[test]
    fn the_octagon_rounds_as_documented() {
        let ring = construct::rounded_vertices(&construct::equal_area_ring(4.0, 8)).unwrap();
        assert_eq!(ring, OCTAGON.to_vec());
    }

    #[test]
    fn sector_membership_is_strict_and_in_ring_order() {
        // East then south (a right turn): N_out = (1, 0), N_in = (0, 1).
        assert_eq!(vertices_inside_sector(&OCTAGON, [1, 0], [0, 1]), vec![0, 1]);
        // A sector over the wrap: the run starts at 7.
        assert_eq!(
            vertices_inside_sector(&OCTAGON, [1, -1], [1, 1]),
            vec![7, 0]
        );
        assert_eq!(
            vertices_inside_sector(&OCTAGON, [0, -1], [1, 0]),
            vec![6, 7]
        );
        // A vertex on a side, and the origin, are outside.
        let ring = [[3, 0], [2, 2], [0, 3], [0, 0]];
        assert_eq!(vertices_inside_sector(&ring, [1, 0], [0, 1]), vec![1]);
        // Nothing inside a thin sector between two vertices.
        assert!(vertices_inside_sector(&OCTAGON, [10, 1], [10, 2]).is_empty());
        // Coordinates whose products overflow i64.
        let huge = 1i64 << 40;
        assert_eq!(
            vertices_inside_sector(&[[huge, huge]], [huge, 1 - huge], [1 - huge, huge]),
            vec![0]
        );
    }

    #[test]
    fn a_split_run_starts_after_the_first_gap() {
        // Inside flags 1 0 1 1 0: the runs begin at 0 and at 2; the walk starts at 0.
        let ring = [[2, 1], [-5, -1], [1, 1], [1, 2], [-1, -5]];
        assert_eq!(vertices_inside_sector(&ring, [1, 0], [0, 1]), vec![0, 2, 3]);
        // Flags 1 1 0 1: the run start is index 3 (index 2 is outside), then 0 and 1.
        let wrap = [[2, 1], [1, 2], [-1, -1], [3, 1]];
        assert_eq!(vertices_inside_sector(&wrap, [1, 0], [0, 1]), vec![3, 0, 1]);
    }

    fn square_region() -> Region {
        Region {
            snap_bits: 4,
            rings: vec![vec![pt(0, 0), pt(16, 0), pt(16, 16), pt(0, 16)]],
        }
    }

    /// An L: (0,0) (32,0) (32,16) (16,16) (16,32) (0,32), reflex at (16,16).
    fn l_region() -> Region {
        Region {
            snap_bits: 4,
            rings: vec![vec![
                pt(0, 0),
                pt(32, 0),
                pt(32, 16),
                pt(16, 16),
                pt(16, 32),
                pt(0, 32),
            ]],
        }
    }

    #[test]
    fn square_shrinks_by_the_radius() {
        let out = shrink(&square_region(), 0.25, 0.0).unwrap();
        assert_eq!(
            out.rings,
            vec![vec![pt(4, 4), pt(12, 4), pt(12, 12), pt(4, 12)]]
        );
        assert_eq!(shrink(&square_region(), 0.0, 0.0).unwrap(), square_region());
        assert_eq!(
            shrink(&square_region(), -0.0, 0.0).unwrap(),
            square_region()
        );
        let empty = Region {
            snap_bits: 4,
            rings: vec![],
        };
        assert_eq!(shrink(&empty, 1.0, 0.0).unwrap(), empty);
        // The arc tolerance is checked even at radius 0, after the radius.
        let bad_tolerance = Err(RefError::InvalidArgument {
            argument: "arc_tolerance".into(),
            location: None,
        });
        assert_eq!(shrink(&square_region(), 0.0, f64::NAN), bad_tolerance);
        assert!(matches!(
            shrink(&square_region(), f64::NAN, -1.0),
            Err(RefError::OutOfRange { .. })
        ));
    }

    #[test]
    fn l_shape_edge_list_as_written() {
        // r = 4 grid units, m = 8: the reflex corner (16,16) has d_in = (−16, 0) and
        // d_out = (0, 16); N_out = (−16, 0), N_in = (0, −16): the octagon vertices in the
        // third quadrant, (−4,−1) and (−1,−4), lie inside.
        let list = shrink_edges(&l_region(), 0.25, 0.0).unwrap();
        let count = |tag: u8| list.iter().filter(|e| e.tag == tag).count();
        assert_eq!(count(2), 6);
        // Six rectangles with three sides each, less the two end sides at the reflex corner,
        // plus an arc of three edges.
        assert_eq!(count(1), 6 * 3 - 2 + 3);
        let arc: Vec<(Point, Point)> = list[list.len() - 3..]
            .iter()
            .map(|e| (e.from, e.to))
            .collect();
        assert_eq!(
            arc,
            vec![
                (pt(12, 16), pt(12, 15)),
                (pt(12, 15), pt(15, 12)),
                (pt(15, 12), pt(16, 12)),
            ]
        );
        let out = shrink(&l_region(), 0.25, 0.0).unwrap();
        assert_eq!(region::check(&out), Ok(()));
    }

    #[test]
    fn the_cross_check_rejects_a_changed_list() {
        let region = l_region();
        let r = 4.0;
        let circle = construct::rounded_vertices(&construct::equal_area_ring(r, 8)).unwrap();
        let rings: Vec<RingPieces> = region
            .rings
            .iter()
            .map(|c| RingPieces::new(c, r).unwrap())
            .collect();
        let list = listed_edges(&rings, &circle);
        let pieces = closed_pieces(&rings, &circle);
        assert!(same_net_edges(&list, &pieces));
        // Dropping an arc edge, flipping a side or losing the "both" tag is seen.
        assert!(!same_net_edges(&list[..list.len() - 1], &pieces));
        let mut flipped = list.clone();
        let last = flipped.len() - 1;
        flipped[last] = Edge {
            from: list[last].to,
            to: list[last].from,
            tag: 1,
        };
        assert!(!same_net_edges(&flipped, &pieces));
        let mut untagged = list.clone();
        untagged[0].tag = 0;
        assert!(!same_net_edges(&untagged, &pieces));
        // Feeding an end side that the list leaves out at the reflex corner is seen too.
        let mut with_end_sides = list.clone();
        with_end_sides.push(Edge {
            from: pt(12, 16),
            to: pt(16, 16),
            tag: 1,
        });
        assert!(!same_net_edges(&with_end_sides, &pieces));
    }

    #[test]
    fn cancellation_leaves_the_net_copies() {
        let (a, b, c) = (pt(0, 0), pt(1, 0), pt(0, 1));
        let left = cancelled([(a, b), (b, a), (a, b), (a, b), (b, c), (c, c)]);
        let expected: BTreeMap<(Point, Point), u64> =
            [((a, b), 2), ((b, c), 1)].into_iter().collect();
        assert_eq!(left, expected);
    }
}
