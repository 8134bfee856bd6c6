//! Fast path of X2's first step for an outline of one simple ring: when snap rounding
//! provably leaves the ring's edges as they are, the even-odd region is the polygon's
//! interior and is built directly, without the arrangement, labelling and tracing.
//! The result is identical to [`overlay`]`(…, EvenOdd)` (that is the contract; the
//! tests compare the two).
//!
//! # Conditions
//!
//! Let v0 … v(k−1) be the ring's snapped points after dropping consecutive duplicates,
//! the last against the first included ([A1]: exactly the zero-length edges), and
//! e_i = v_i → v_(i+1 mod k). The fast path applies when k ≥ 3, every coordinate is
//! within ±2^39 ([G4], the arrangement's input range) and
//!
//! - (P) no edge e_i meets the half-open pixel ([A2]) of any vertex v_j with
//!   j ∉ {i, i+1} ([`segment_meets_pixel`]; indices, not points, are compared);
//! - (X) no two edges properly cross ([`properly_cross`]);
//! - the shoelace sum of the ring is not zero.
//!
//! # Why the arrangement is then the ring's edges ([A0]–[A5], X7–X9)
//!
//! 1. The points are pairwise distinct: if v_j = v_i with i ≠ j then j ≠ i ± 1 (no
//!    consecutive duplicates remain), so j ∉ {i, i+1} and e_i, which starts at v_i,
//!    meets v_j's pixel, contradicting (P). Hence for k ≥ 3 no two edges have the same
//!    endpoint pair and X9's merging of identical fragments merges nothing: every
//!    fragment has net ±1.
//! 2. Hot pixels ([A2]): the endpoints, plus rounded proper crossings, of which (X)
//!    says there are none. So the hot pixels are exactly the pixels of v0 … v(k−1).
//! 3. Reroute ([A3], X7): e_i passes through "the other hot pixels it meets", those of
//!    the v_j that are not its endpoints; by 1 that is j ∉ {i, i+1}, and by (P) it
//!    meets none, so e_i stays one fragment.
//! 4. Repair loop (X9), first round: (1) the fragments are the edges, which do not
//!    properly cross (X), so P is empty and (2) replaces nothing; (3) a fragment whose
//!    open interior contains an endpoint v_j exactly would meet v_j's pixel (a pixel
//!    contains its centre) and v_j is not one of its endpoints, contradicting (P). So
//!    the round changes nothing and the loop ends. No segment has zero net ([A5]).
//!
//! The arrangement is therefore the k edges with net ±1 and vertices v0 … v(k−1).
//! These edges form a simple closed polygon: two edges that meet without properly
//! crossing share a point that is an endpoint of one of them (also for collinear
//! overlaps); by (P) that endpoint is an endpoint of the other too, so the edges are
//! adjacent and, again by (P), meet only at their common vertex (a collinear overlap
//! beyond it would put the far endpoint of one in the other's interior). By the Jordan
//! curve theorem the winding number ([L1]) is ±1 inside and 0 outside; even-odd (X1)
//! selects the inside, every edge is a boundary edge ([L6]), directed with the inside
//! on the left: the ring itself when its shoelace sum is positive (counter-clockwise),
//! else reversed. Every vertex has one boundary edge in and one out, so [R5] simply
//! follows the ring and [R4] drops exactly the vertices whose two edges continue
//! straight on (X6). A simple polygon has non-zero area; the zero test is a guard.
//! The one ring starts at its smallest directed edge ([R6]) via the tracer's own
//! `rings::canonical_ring`.
//!
//! # Cost
//!
//! The candidate pairs come from one sort by x: edges by the low end of their x range,
//! vertices by x. A half-open pixel of an integer point c meets a closed segment only if
//! c lies in the segment's closed bounding box (the pixel's x range [c.x − 1/2,
//! c.x + 1/2) meets [x_lo, x_hi] iff x_lo ≤ c.x ≤ x_hi for integers), so the box test
//! loses no candidate. Rings of more than [`MAX_FAST_PATH_VERTICES`] points take the
//! general path, whose grid search has better worst cases.

use crate::arrangement::MAX_ARRANGEMENT_COORDINATE;
use crate::grid::GridPoint;
use crate::predicates::{cross, properly_cross, segment_meets_pixel};
use crate::region::Region;
use crate::rings::{canonical_ring, Ring};

/// Rings with more points (before dropping duplicates) go to the general path.
pub const MAX_FAST_PATH_VERTICES: usize = 1024;

/// Resolves one outline alone by even-odd (X2, first step): the fast path when the
/// outline is one ring that qualifies ([`resolve_simple_ring`]), else [`overlay`].
#[cfg(feature = "internals")]
pub fn resolve_outline(rings: &[Vec<GridPoint>], snap_bits: u8) -> crate::Result<Region> {
    if let [ring] = rings {
        if let Some(region) = resolve_simple_ring(ring, snap_bits) {
            return Ok(region);
        }
    }
    resolve_outline_in_general(rings, snap_bits)
}

/// X2's first step by the general path: every ring's edges as operand 0 through the
/// arrangement, inside = even-odd.
#[cfg(any(test, feature = "internals"))]
pub fn resolve_outline_in_general(
    rings: &[Vec<GridPoint>],
    snap_bits: u8,
) -> crate::Result<Region> {
    use crate::arrangement::{EdgeTag, TaggedEdge};
    let edges: Vec<TaggedEdge> = rings
        .iter()
        .flat_map(|ring| crate::region::ring_edges(ring, EdgeTag::Operand0))
        .collect();
    crate::region::overlay(&edges, crate::rings::Operation::EvenOdd, snap_bits)
}

/// The even-odd region of one ring of snapped points when the conditions of the module
/// docs hold (then it equals `overlay` of the ring's edges with `EvenOdd`); `None` when
/// they do not, and the caller must take the general path.
pub fn resolve_simple_ring(ring: &[GridPoint], snap_bits: u8) -> Option<Region> {
    if ring.len() > MAX_FAST_PATH_VERTICES {
        return None;
    }
    let points = without_zero_length_edges(ring);
    let k = points.len();
    let limit = MAX_ARRANGEMENT_COORDINATE as u64;
    if k < 3
        || points
            .iter()
            .any(|p| p.x.unsigned_abs() > limit || p.y.unsigned_abs() > limit)
    {
        return None;
    }
    if !is_noded_simple_ring(&points) {
        return None;
    }
    // Twice the signed area; |terms| < 2^79, k ≤ 2^10 terms: exact in i128.
    let area2: i128 = (0..k)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % k]);
            i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y)
        })
        .sum();
    if area2 == 0 {
        return None;
    }
    let mut ring: Ring = points;
    if area2 < 0 {
        ring.reverse(); // inside on the left ([R3], [L6])
    }
    let ring = drop_straight_vertices(&ring);
    if ring.len() < 3 {
        return None; // unreachable for a simple polygon; guard only
    }
    Some(Region::from_canonical_rings(
        snap_bits,
        vec![canonical_ring(ring)],
    ))
}

/// The ring without zero-length edges ([A1]): consecutive duplicates removed, and
/// trailing points equal to the first.
fn without_zero_length_edges(ring: &[GridPoint]) -> Vec<GridPoint> {
    let mut points: Vec<GridPoint> = Vec::with_capacity(ring.len());
    for &p in ring {
        if points.last() != Some(&p) {
            points.push(p);
        }
    }
    while points.len() > 1 && points.first() == points.last() {
        points.pop();
    }
    points
}

/// An edge's closed bounding box and its index (edge i runs from point i to i + 1).
#[derive(Clone, Copy)]
struct EdgeBox {
    x_lo: i64,
    x_hi: i64,
    y_lo: i64,
    y_hi: i64,
    edge: usize,
}

/// Conditions (P) and (X) of the module docs, for `points` without zero-length edges.
fn is_noded_simple_ring(points: &[GridPoint]) -> bool {
    let k = points.len();
    let end = |i: usize| (points[i], points[if i + 1 == k { 0 } else { i + 1 }]);
    let mut boxes: Vec<EdgeBox> = (0..k)
        .map(|i| {
            let (a, b) = end(i);
            EdgeBox {
                x_lo: a.x.min(b.x),
                x_hi: a.x.max(b.x),
                y_lo: a.y.min(b.y),
                y_hi: a.y.max(b.y),
                edge: i,
            }
        })
        .collect();
    boxes.sort_unstable_by_key(|b| b.x_lo);
    let mut by_x: Vec<(i64, usize)> = points.iter().enumerate().map(|(j, p)| (p.x, j)).collect();
    by_x.sort_unstable();
    // (P): vertices in each edge's box (see Cost in the module docs), then exactly. The
    // boxes come in increasing x_lo, so the first vertex at or after it only moves on.
    let mut first = 0;
    for bx in &boxes {
        let (a, b) = end(bx.edge);
        let next = if bx.edge + 1 == k { 0 } else { bx.edge + 1 };
        while by_x[first].0 < bx.x_lo {
            first += 1; // stops at the box's own endpoint, whose x is x_lo
        }
        for &(x, j) in &by_x[first..] {
            if x > bx.x_hi {
                break;
            }
            if j == bx.edge || j == next {
                continue;
            }
            let c = points[j];
            if c.y >= bx.y_lo && c.y <= bx.y_hi && segment_meets_pixel(a, b, c) {
                return false;
            }
        }
    }
    // (X): pairs with overlapping boxes, found in order of the low x end.
    for (n, bx) in boxes.iter().enumerate() {
        let (a, b) = end(bx.edge);
        for other in &boxes[n + 1..] {
            if other.x_lo > bx.x_hi {
                break;
            }
            if other.y_lo > bx.y_hi || other.y_hi < bx.y_lo {
                continue;
            }
            let (c, d) = end(other.edge);
            if properly_cross(a, b, c, d) {
                return false;
            }
        }
    }
    true
}

/// [R4], X6 on a simple ring: drops each vertex whose incoming and outgoing edges are
/// collinear and continue in the same direction (judged on its original neighbours, as
/// the tracer does).
fn drop_straight_vertices(ring: &[GridPoint]) -> Ring {
    let k = ring.len();
    (0..k)
        .filter(|&i| {
            let (u, v, w) = (ring[(i + k - 1) % k], ring[i], ring[(i + 1) % k]);
            let d = (v.x - u.x, v.y - u.y);
            let e = (w.x - v.x, w.y - v.y);
            let dot = i128::from(d.0) * i128::from(e.0) + i128::from(d.1) * i128::from(e.1);
            !(cross(d, e) == 0 && dot > 0)
        })
        .map(|i| ring[i])
        .collect()
}

#[cfg(test)]
mod tests;
