//! Winding numbers by a plane sweep ([L1]–[L4]).

use std::cmp::Ordering;

use crate::arrangement::Arrangement;
use crate::error::{Error, Result};
use crate::grid::GridPoint;
use crate::predicates::{cross, orient};

/// Windings per operand on both sides of a segment a→b (a < b in (x, y) order):
/// `left = right + net` ([L1]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SegmentWindings {
    /// Windings on the right of a→b (below, for a non-vertical segment).
    pub right: [i64; 2],
    /// Windings on the left of a→b.
    pub left: [i64; 2],
}

/// One entry of the sweep status: a segment cut by the sweep line and the winding just
/// above it ([L2]).
#[derive(Debug, Clone, Copy)]
struct StatusEntry {
    segment: usize,
    above: [i64; 2],
}

fn defect(reason: impl Into<String>) -> Error {
    Error::GeometryDefect {
        reason: reason.into(),
    }
}

fn add(w: [i64; 2], net: [i64; 2]) -> Result<[i64; 2]> {
    match (w[0].checked_add(net[0]), w[1].checked_add(net[1])) {
        (Some(a), Some(b)) => Ok([a, b]),
        _ => Err(defect("winding number overflow")),
    }
}

/// Labels every segment of the arrangement (parallel to `arrangement.segments`).
///
/// The arrangement must be noded (no crossings, no vertex inside a segment) with
/// vertices sorted by (x, y); a violation is reported as [`Error::GeometryDefect`]
/// where the sweep notices it, never a panic.
pub fn label(arrangement: &Arrangement) -> Result<Vec<SegmentWindings>> {
    let vertices = &arrangement.vertices;
    let segments = &arrangement.segments;
    let n = vertices.len();
    if vertices.windows(2).any(|w| w[0] >= w[1]) {
        return Err(defect("arrangement vertices are not strictly sorted"));
    }
    // Outgoing segments per vertex (CSR) and the number of segments ending at each.
    let mut out_start = vec![0usize; n + 1];
    let mut ending = vec![0usize; n];
    for s in segments {
        if s.a >= s.b || s.b >= n {
            return Err(defect("segment endpoints out of order or out of range"));
        }
        out_start[s.a + 1] += 1;
        ending[s.b] += 1;
    }
    for v in 0..n {
        out_start[v + 1] += out_start[v];
    }
    let mut fill = out_start.clone();
    let mut outgoing = vec![0usize; segments.len()];
    for (i, s) in segments.iter().enumerate() {
        outgoing[fill[s.a]] = i;
        fill[s.a] += 1;
    }

    let mut windings = vec![SegmentWindings::default(); segments.len()];
    let mut status: Vec<StatusEntry> = Vec::new();
    let mut starting: Vec<usize> = Vec::new();
    for (vi, &v) in vertices.iter().enumerate() {
        let side = |e: &StatusEntry| {
            let s = segments[e.segment];
            orient(vertices[s.a], vertices[s.b], v)
        };
        // [L3] Segments below v have v on their left (above); the block through v
        // (ending there, as no vertex lies inside a segment) is collinear with v.
        let lo = status.partition_point(|e| side(e) == Ordering::Greater);
        let hi = lo + status[lo..].partition_point(|e| side(e) == Ordering::Equal);
        if hi - lo != ending[vi] || status[lo..hi].iter().any(|e| segments[e.segment].b != vi) {
            return Err(defect(
                "sweep status does not match the segments ending at a vertex",
            ));
        }
        let below = if lo > 0 { status[lo - 1].above } else { [0, 0] };

        // [L3] Outgoing segments bottom to top by the exact cross product of directions:
        // all point into the half-plane after v, so the order is total.
        starting.clear();
        starting.extend_from_slice(&outgoing[out_start[vi]..out_start[vi + 1]]);
        let direction = |i: usize| direction(v, vertices[segments[i].b]);
        starting.sort_by(|&i, &j| 0.cmp(&cross(direction(i), direction(j))));
        let mut running = below;
        let mut inserted = Vec::with_capacity(starting.len());
        for &i in &starting {
            let above = add(running, segments[i].net)?;
            windings[i] = SegmentWindings {
                right: running,
                left: above,
            };
            inserted.push(StatusEntry { segment: i, above });
            running = above;
        }
        status.splice(lo..hi, inserted);
    }
    if !status.is_empty() {
        return Err(defect("sweep status not empty after the last vertex"));
    }
    Ok(windings)
}

fn direction(from: GridPoint, to: GridPoint) -> (i64, i64) {
    (to.x - from.x, to.y - from.y)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::arrangement::{EdgeTag, Segment, TaggedEdge};
    use crate::region::merge_noded_edges as noded_arrangement;

    pub(crate) fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    pub(crate) fn ring_edges(ring: &[GridPoint], tag: EdgeTag) -> Vec<TaggedEdge> {
        (0..ring.len())
            .map(|i| TaggedEdge {
                from: ring[i],
                to: ring[(i + 1) % ring.len()],
                tag,
            })
            .collect()
    }

    fn windings_of(
        arr: &Arrangement,
        w: &[SegmentWindings],
        a: GridPoint,
        b: GridPoint,
    ) -> SegmentWindings {
        let ia = arr.vertices.binary_search(&a).unwrap();
        let ib = arr.vertices.binary_search(&b).unwrap();
        let i = arr
            .segments
            .iter()
            .position(|s| s.a == ia && s.b == ib)
            .unwrap();
        w[i]
    }

    #[test]
    fn empty_arrangement_has_no_labels() {
        assert_eq!(label(&Arrangement::default()).unwrap(), vec![]);
    }

    #[test]
    fn counter_clockwise_square_is_one_inside() {
        // CCW square: every segment has 0 outside and 1 inside. Bottom (0,0)-(2,0):
        // inside is above = left of a→b. Left side (0,0)-(0,2) a→b runs up against the
        // ring (which runs down there), so net = -1 and inside is on its right.
        let sq = [p(0, 0), p(2, 0), p(2, 2), p(0, 2)];
        let arr = noded_arrangement(&ring_edges(&sq, EdgeTag::Operand0));
        let w = label(&arr).unwrap();
        let sw = |a, b| windings_of(&arr, &w, a, b);
        assert_eq!(
            sw(p(0, 0), p(2, 0)),
            SegmentWindings {
                right: [0, 0],
                left: [1, 0]
            }
        );
        assert_eq!(
            sw(p(0, 2), p(2, 2)),
            SegmentWindings {
                right: [1, 0],
                left: [0, 0]
            }
        );
        assert_eq!(
            sw(p(0, 0), p(0, 2)),
            SegmentWindings {
                right: [1, 0],
                left: [0, 0]
            }
        );
        assert_eq!(
            sw(p(2, 0), p(2, 2)),
            SegmentWindings {
                right: [0, 0],
                left: [1, 0]
            }
        );
    }

    #[test]
    fn nested_squares_and_operands() {
        // Outer square operand 0 (CCW), inner square operand 1 (CW): inside the inner
        // square w = (1, -1), between them (1, 0).
        let outer = [p(0, 0), p(6, 0), p(6, 6), p(0, 6)];
        let inner = [p(2, 2), p(2, 4), p(4, 4), p(4, 2)];
        let mut edges = ring_edges(&outer, EdgeTag::Operand0);
        edges.extend(ring_edges(&inner, EdgeTag::Operand1));
        let arr = noded_arrangement(&edges);
        let w = label(&arr).unwrap();
        let sw = |a, b| windings_of(&arr, &w, a, b);
        // Inner bottom (2,2)-(4,2): the CW ring runs (4,2)→(2,2), net1 = -1.
        assert_eq!(
            sw(p(2, 2), p(4, 2)),
            SegmentWindings {
                right: [1, 0],
                left: [1, -1]
            }
        );
        // Inner left (2,2)-(2,4): CW ring runs up there, net1 = +1; left (west) is (1,0).
        assert_eq!(
            sw(p(2, 2), p(2, 4)),
            SegmentWindings {
                right: [1, -1],
                left: [1, 0]
            }
        );
        assert_eq!(
            sw(p(0, 6), p(6, 6)),
            SegmentWindings {
                right: [1, 0],
                left: [0, 0]
            }
        );
    }

    #[test]
    fn fan_of_segments_at_one_vertex() {
        // Three triangles sharing the apex (0,0): windings above each outgoing segment
        // follow the bottom-to-top order of directions, vertical last.
        let t1 = [p(0, 0), p(4, -4), p(4, -1)];
        let t2 = [p(0, 0), p(4, 1), p(4, 4)];
        let t3 = [p(0, 0), p(1, 4), p(0, 4)];
        let mut edges = Vec::new();
        for t in [t1, t2, t3] {
            edges.extend(ring_edges(&t, EdgeTag::Operand0));
        }
        let arr = noded_arrangement(&edges);
        let w = label(&arr).unwrap();
        let sw = |a, b| windings_of(&arr, &w, a, b);
        assert_eq!(sw(p(0, 0), p(4, -4)).left, [1, 0]);
        assert_eq!(sw(p(0, 0), p(4, -1)).left, [0, 0]);
        assert_eq!(sw(p(0, 0), p(4, 1)).left, [1, 0]);
        assert_eq!(sw(p(0, 0), p(4, 4)).left, [0, 0]);
        assert_eq!(sw(p(0, 0), p(1, 4)).left, [1, 0]);
        assert_eq!(
            sw(p(0, 0), p(0, 4)),
            SegmentWindings {
                right: [1, 0],
                left: [0, 0]
            }
        );
    }

    #[test]
    fn invalid_arrangement_is_a_defect_not_a_panic() {
        // Two crossing segments (not noded).
        let arr = Arrangement {
            vertices: vec![p(0, 0), p(0, 2), p(2, 0), p(2, 2)],
            segments: vec![
                Segment {
                    a: 0,
                    b: 3,
                    net: [1, 0],
                },
                Segment {
                    a: 1,
                    b: 2,
                    net: [1, 0],
                },
            ],
        };
        assert!(matches!(label(&arr), Err(Error::GeometryDefect { .. })));
        let bad = Arrangement {
            vertices: vec![p(0, 0)],
            segments: vec![Segment {
                a: 0,
                b: 5,
                net: [1, 0],
            }],
        };
        assert!(label(&bad).is_err());
    }
}
