//! Reference labelling [L1]: winding numbers on both sides of every segment, by ray
//! casting (a different method from the engine's sweep of [L2]–[L3]).
//!
//! For a segment s = a→b (a < b) with midpoint m and integer left normal
//! n = (−(b.y − a.y), b.x − a.x), the points m ± δ·n with δ = 2^−k, 2^k > 2·Q
//! (Q = the largest squared segment length) lie in the faces left and right of s: every
//! other segment and both ends of s are at distance ≥ 1/(2·√Q) from m (m is a
//! half-integer point on no other segment; an endpoint is ≥ 1/2 away, a line through two
//! grid points not holding m is ≥ 1/(2·length) away), while |δ·n| = δ·|s| < 1/(2·√Q).
//! All coordinates are scaled by 2^(k+1) so the test points are integers (BigInt).
//!
//! The winding at a point p on no segment: cast the ray upwards from p. A non-vertical
//! segment u→v (u.x < v.x) is crossed when u.x ≤ p.x < v.x (half open: the ray is
//! read as shifted right by an infinitesimal, so a ray through a vertex counts each
//! segment once, and vertical segments never) and p is strictly below it. Going up, the
//! ray crosses every such segment from its right to its left, where [L1] adds its net;
//! above everything the winding is 0, so w(p) = −Σ net over crossed segments.

use crate::error::RefError;
use crate::geom::Arrangement;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// The windings on both sides of one segment a→b (sides relative to a→b, a < b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SegmentWindings {
    /// Per-operand winding of the face right of a→b.
    pub right: [i64; 2],
    /// Per-operand winding of the face left of a→b.
    pub left: [i64; 2],
}

/// A segment in scaled BigInt coordinates, with its net counts.
struct ScaledSegment {
    u: [BigInt; 2],
    v: [BigInt; 2],
    net: [i64; 2],
}

/// Windings of `p` (scaled coordinates) by the upward half-open ray.
fn winding_at(p: &[BigInt; 2], segments: &[ScaledSegment]) -> Result<[i64; 2], RefError> {
    let mut sum = [0i128; 2];
    for s in segments {
        if s.u[0] == s.v[0] || p[0] < s.u[0] || p[0] >= s.v[0] {
            continue;
        }
        // orient(u, v, p) < 0 ⟺ p strictly right of (below) u→v, which runs rightwards.
        let orient =
            (&s.v[0] - &s.u[0]) * (&p[1] - &s.u[1]) - (&s.v[1] - &s.u[1]) * (&p[0] - &s.u[0]);
        if orient.is_zero() {
            return Err(RefError::GeometryDefect); // p on a segment: cannot happen on valid input
        }
        if orient.is_negative() {
            for (total, net) in sum.iter_mut().zip(s.net) {
                *total -= i128::from(net);
            }
        }
    }
    let mut out = [0i64; 2];
    for (o, s) in out.iter_mut().zip(sum) {
        *o = i64::try_from(s).map_err(|_| RefError::GeometryDefect)?;
    }
    Ok(out)
}

/// Labels every segment of `arrangement` (parallel to `segments`) with the windings on
/// its right and left ([L1]). Checks left − right == net for every segment: a mismatch
/// (or an ill-formed arrangement) is a geometry defect.
pub fn label(arrangement: &Arrangement) -> Result<Vec<SegmentWindings>, RefError> {
    let vertices = &arrangement.vertices;
    let mut ends = Vec::with_capacity(arrangement.segments.len());
    for &(a, b, net) in &arrangement.segments {
        match (vertices.get(a), vertices.get(b)) {
            (Some(&pa), Some(&pb)) if pa < pb => ends.push((pa, pb, net)),
            _ => return Err(RefError::GeometryDefect),
        }
    }
    // Windings exist only if every vertex is balanced (as much net enters as leaves).
    let mut balance = vec![[0i128; 2]; vertices.len()];
    for &(a, b, net) in &arrangement.segments {
        for i in 0..2 {
            balance[a][i] += i128::from(net[i]);
            balance[b][i] -= i128::from(net[i]);
        }
    }
    if balance.iter().any(|b| *b != [0, 0]) {
        return Err(RefError::GeometryDefect);
    }
    let mut max_squared_length = BigInt::one();
    for (a, b, _) in &ends {
        let dx = BigInt::from(b.x) - a.x;
        let dy = BigInt::from(b.y) - a.y;
        let q = &dx * &dx + &dy * &dy;
        if q > max_squared_length {
            max_squared_length = q;
        }
    }
    // k with 2^k > 2·Q.
    let k = (max_squared_length * 2u32).bits();
    let scale = |c: i64| BigInt::from(c) << (k + 1);
    let scaled: Vec<ScaledSegment> = ends
        .iter()
        .map(|(a, b, net)| ScaledSegment {
            u: [scale(a.x), scale(a.y)],
            v: [scale(b.x), scale(b.y)],
            net: *net,
        })
        .collect();
    let mut out = Vec::with_capacity(ends.len());
    for (a, b, net) in &ends {
        // Midpoint m·2^(k+1) = (a + b)·2^k; offset δ·n·2^(k+1) = 2·n.
        let mx = (BigInt::from(a.x) + b.x) << k;
        let my = (BigInt::from(a.y) + b.y) << k;
        let nx = BigInt::from(a.y) - b.y; // −(b.y − a.y), doubled below
        let ny = BigInt::from(b.x) - a.x;
        let left_point = [&mx + &nx * 2, &my + &ny * 2];
        let right_point = [&mx - &nx * 2, &my - &ny * 2];
        let left = winding_at(&left_point, &scaled)?;
        let right = winding_at(&right_point, &scaled)?;
        for i in 0..2 {
            if i128::from(left[i]) - i128::from(right[i]) != i128::from(net[i]) {
                return Err(RefError::GeometryDefect);
            }
        }
        out.push(SegmentWindings { right, left });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Edge, Point};
    use crate::region::noded;

    fn edges_of(points: &[(i64, i64)], tag: u8) -> Vec<Edge> {
        (0..points.len())
            .map(|i| {
                let (a, b) = (points[i], points[(i + 1) % points.len()]);
                Edge {
                    from: Point { x: a.0, y: a.1 },
                    to: Point { x: b.0, y: b.1 },
                    tag,
                }
            })
            .collect()
    }

    #[test]
    fn unit_square_ccw_has_winding_one_inside() {
        // CCW square: bottom (0,0)→(1,0) has net +1, interior (left) 1, outside 0; the top
        // segment a=(0,1) < b=(1,1) runs against the ring: net −1, left (outside) 0,
        // right (inside) 1. Verticals alike.
        let arr = noded::arrange(&edges_of(&[(0, 0), (1, 0), (1, 1), (0, 1)], 0)).unwrap();
        let w = label(&arr).unwrap();
        for (seg, sw) in arr.segments.iter().zip(&w) {
            let inside_on_left = seg.2[0] == 1;
            let (inside, outside) = if inside_on_left {
                (sw.left, sw.right)
            } else {
                (sw.right, sw.left)
            };
            assert_eq!(inside, [1, 0]);
            assert_eq!(outside, [0, 0]);
        }
    }

    #[test]
    fn nested_squares_and_rays_through_vertices() {
        // Operand 0: CCW [0,4]² and CCW [1,3]² (winding 2 inside the inner one); operand 1:
        // a CW square [5,6]² (winding −1).
        let mut edges = edges_of(&[(0, 0), (4, 0), (4, 4), (0, 4)], 0);
        edges.extend(edges_of(&[(1, 1), (3, 1), (3, 3), (1, 3)], 0));
        edges.extend(edges_of(&[(5, 5), (5, 6), (6, 6), (6, 5)], 1));
        let arr = noded::arrange(&edges).unwrap();
        let w = label(&arr).unwrap();
        let find = |a: (i64, i64), b: (i64, i64)| {
            let ia = arr
                .vertices
                .binary_search(&Point { x: a.0, y: a.1 })
                .unwrap();
            let ib = arr
                .vertices
                .binary_search(&Point { x: b.0, y: b.1 })
                .unwrap();
            let s = arr
                .segments
                .iter()
                .position(|s| s.0 == ia && s.1 == ib)
                .unwrap();
            w[s]
        };
        // Inner bottom (1,1)→(3,1): below winding 1, above 2.
        assert_eq!(
            find((1, 1), (3, 1)),
            SegmentWindings {
                right: [1, 0],
                left: [2, 0]
            }
        );
        // Inner left (1,1)→(1,3): going up, left is x < 1 (winding 1), right is inside (2).
        assert_eq!(
            find((1, 1), (1, 3)),
            SegmentWindings {
                right: [2, 0],
                left: [1, 0]
            }
        );
        // Outer top (0,4)→(4,4): right (below) 1, left (above) 0.
        assert_eq!(
            find((0, 4), (4, 4)),
            SegmentWindings {
                right: [1, 0],
                left: [0, 0]
            }
        );
        // Operand-1 CW square: bottom (5,5)→(6,5) is run 6→5 by the ring: net −1; above −1.
        assert_eq!(
            find((5, 5), (6, 5)),
            SegmentWindings {
                right: [0, 0],
                left: [0, -1]
            }
        );
    }

    #[test]
    fn fan_of_segments_through_one_vertex() {
        // Two triangles sharing the apex (2,2) with ray-critical geometry: vertical rays at
        // x = 2 pass exactly through the apex. Triangle A (0,0),(4,0),(2,2) CCW; triangle B
        // (2,2),(4,4),(0,4) CCW. Every segment has inside 1 on exactly one side.
        let mut edges = edges_of(&[(0, 0), (4, 0), (2, 2)], 0);
        edges.extend(edges_of(&[(2, 2), (4, 4), (0, 4)], 0));
        assert_one_inside(&noded::arrange(&edges).unwrap());
    }

    /// Asserts that every segment of `arr` has winding [1, 0] on one side, [0, 0] on the other.
    fn assert_one_inside(arr: &Arrangement) {
        let w = label(arr).unwrap();
        for (seg, sw) in arr.segments.iter().zip(&w) {
            let (inside, outside) = if seg.2[0] == 1 {
                (sw.left, sw.right)
            } else {
                (sw.right, sw.left)
            };
            assert_eq!((inside, outside), ([1, 0], [0, 0]), "{seg:?}");
        }
    }

    #[test]
    fn a_needle_whose_sides_pass_as_close_as_the_grid_allows() {
        // The midpoint m = (90.5, 0.5) of the long side (0,0)→(181,1) lies 1/(2·|t|) from
        // the line of the other long side t = (0,0)→(180,1), the least distance a line
        // through two grid points can keep from a half-integer point. Q = 181² + 1 = 32762
        // sits just below 2^15, so δ = 2^−16 puts the test points within 0.6% of that gap:
        // any δ taken from a smaller bound than 2·Q (Q + 2, say) lands beyond t. Moved
        // left by 136, every segment has |a.x + b.x| < 93, and transposed likewise in y:
        // a length computed from a sum instead of a difference would halve δ's bound too.
        for needle in [
            [(0, 0), (181, 1), (180, 1)],
            [(-136, 0), (45, 1), (44, 1)],
            [(0, -136), (1, 44), (1, 45)],
        ] {
            assert_one_inside(&noded::arrange(&edges_of(&needle, 0)).unwrap());
        }
    }

    #[test]
    fn a_segment_must_run_from_the_smaller_vertex_to_the_larger() {
        // The unit square (0,0), (0,1), (1,0), (1,1) as indices 0..4, counter-clockwise.
        let square = |right_side: (usize, usize, [i64; 2])| Arrangement {
            vertices: vec![
                Point { x: 0, y: 0 },
                Point { x: 0, y: 1 },
                Point { x: 1, y: 0 },
                Point { x: 1, y: 1 },
            ],
            segments: vec![(0, 1, [-1, 0]), (0, 2, [1, 0]), right_side, (1, 3, [-1, 0])],
        };
        assert_one_inside(&square((2, 3, [1, 0])));
        // The same side written downwards with its net negated is still balanced, and a
        // vertical side is never crossed by a ray, so only the order check can refuse it.
        assert_eq!(
            label(&square((3, 2, [-1, 0]))),
            Err(RefError::GeometryDefect)
        );
        // A segment from a vertex to itself, added with zero nets: balanced, never
        // crossed, and left − right = 0 = net; refused by the same check.
        let mut with_loop = square((2, 3, [1, 0]));
        with_loop.segments.push((3, 3, [0, 0]));
        assert_eq!(label(&with_loop), Err(RefError::GeometryDefect));
    }

    #[test]
    fn unbalanced_arrangement_is_a_defect() {
        // A lone segment is not a closed boundary: no windings satisfy [L1] everywhere.
        let arr = Arrangement {
            vertices: vec![Point { x: 0, y: 0 }, Point { x: 1, y: 0 }],
            segments: vec![(0, 1, [1, 0])],
        };
        assert_eq!(label(&arr), Err(RefError::GeometryDefect));
        // Segments must run from the smaller vertex to the larger.
        let bad = Arrangement {
            vertices: vec![Point { x: 0, y: 0 }, Point { x: 1, y: 0 }],
            segments: vec![(1, 0, [1, 0])],
        };
        assert_eq!(label(&bad), Err(RefError::GeometryDefect));
    }
}
