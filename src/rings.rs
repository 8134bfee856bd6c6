//! Inside rules ([L5], X1), boundary extraction ([L6]) and ring tracing ([R3]–[R6], X6).

use std::cmp::Ordering;

use crate::arrangement::{Arrangement, UsedPoints};
use crate::error::{Error, Result};
use crate::grid::GridPoint;
use crate::label::SegmentWindings;
use crate::predicates::cross;

/// A ring: grid points, interior on the left, not closed (the last joins the first).
pub type Ring = Vec<GridPoint>;

/// The operation that decides which faces are inside (X1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    /// w0 odd (resolving one outline).
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
    /// Whether a face with operand windings `w` is inside (X1).
    pub fn inside(self, w: [i64; 2]) -> bool {
        let (a, b) = (w[0] > 0, w[1] > 0);
        match self {
            Operation::EvenOdd => w[0].rem_euclid(2) == 1,
            Operation::Union => a || b,
            Operation::Intersection => a && b,
            Operation::Difference => a && !b,
            Operation::Xor => a != b,
        }
    }
}

/// Which side of a segment a→b (a < b) is inside when exactly one is ([L6]): the
/// segment is then a boundary edge, directed with the inside on its left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Boundary {
    /// Both sides inside or both outside: not a boundary edge.
    #[default]
    Neither,
    /// Inside on the left: the boundary edge runs a→b.
    Left,
    /// Inside on the right: the boundary edge runs b→a.
    Right,
}

impl Boundary {
    /// The boundary side of a segment with `windings` under `operation`.
    pub fn of(operation: Operation, windings: SegmentWindings) -> Boundary {
        match (
            operation.inside(windings.left),
            operation.inside(windings.right),
        ) {
            (true, false) => Boundary::Left,
            (false, true) => Boundary::Right,
            _ => Boundary::Neither,
        }
    }
}

/// Traces the boundary of the inside faces into canonical rings ([L6], [R3]–[R6], X6).
///
/// Boundary segments are those whose two sides differ in insideness, directed with the
/// inside on the left. At each vertex an incoming boundary edge continues along the
/// outgoing boundary edge first met turning clockwise from the reverse of the incoming
/// edge ([R5]); collinear degree-2 vertices are dropped ([R4]); rings start at their
/// smallest directed edge and are sorted by it ([R6]).
pub fn trace(
    arrangement: &Arrangement,
    windings: &[SegmentWindings],
    operation: Operation,
) -> Result<Vec<Ring>> {
    if windings.len() != arrangement.segments.len() {
        return Err(defect("windings are not parallel to the segments"));
    }
    trace_sides(arrangement, |k| Boundary::of(operation, windings[k]))
}

/// [`trace`] from each segment's [`Boundary`] side (the label's `label_with` keeps only
/// these), parallel to the segments.
pub fn trace_boundaries(arrangement: &Arrangement, sides: &[Boundary]) -> Result<Vec<Ring>> {
    if sides.len() != arrangement.segments.len() {
        return Err(defect("boundary sides are not parallel to the segments"));
    }
    trace_sides(arrangement, |k| sides[k])
}

/// The boundary edges of segments `range` (`side_of(k)` is segment k's side), directed
/// with the inside on the left, in segment order; an error when an endpoint is out of
/// range. With the `parallel` feature a long range is split in halves read side by side,
/// each split again while long (the trace of the cave-1024 shrink read 1.5 × 10^6
/// segments for 23 × 10^3 boundary edges, the most of its time): the same edges, and an
/// error if any part has one.
fn boundary_edges(
    arrangement: &Arrangement,
    range: std::ops::Range<usize>,
    side_of: &(impl Fn(usize) -> Boundary + Sync),
) -> Result<Vec<(usize, usize)>> {
    #[cfg(feature = "parallel")]
    if range.len() >= crate::label::PARALLEL_MIN_SEGMENTS && rayon::current_num_threads() > 1 {
        let middle = range.start + range.len() / 2;
        let (lower, upper) = rayon::join(
            || boundary_edges(arrangement, range.start..middle, side_of),
            || boundary_edges(arrangement, middle..range.end, side_of),
        );
        let mut edges = lower?;
        edges.extend(upper?);
        return Ok(edges);
    }
    let n = arrangement.vertices.len();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for k in range {
        let s = &arrangement.segments[k];
        if s.a_index() >= n || s.b_index() >= n {
            return Err(defect("segment endpoint out of range"));
        }
        match side_of(k) {
            Boundary::Left => edges.push((s.a_index(), s.b_index())),
            Boundary::Right => edges.push((s.b_index(), s.a_index())),
            Boundary::Neither => {}
        }
    }
    Ok(edges)
}

/// The boundary edges of the segments with the given sides (`side_of(k)` for segment k),
/// traced.
fn trace_sides(
    arrangement: &Arrangement,
    side_of: impl Fn(usize) -> Boundary + Sync,
) -> Result<Vec<Ring>> {
    let n = arrangement.vertices.len();
    let mut edges = boundary_edges(arrangement, 0..arrangement.segments.len(), &side_of)?;
    // A boundary with few of the arrangement's vertices (the cave-1024 shrink: 23 × 10^3
    // of 1.5 × 10^6) has them numbered among themselves, in the same order (so the trace
    // is the same): its tables per vertex then hold those alone. (Where most vertices are
    // on it, as on pillars, renumbering costs more than it saves.)
    if 4 * edges.len() >= n {
        return trace_edges(&arrangement.vertices, &edges);
    }
    let used = UsedPoints::mark(n, edges.iter().flat_map(|&(from, to)| [from, to]));
    let points: Vec<GridPoint> = used.members().map(|k| arrangement.vertices[k]).collect();
    for (from, to) in &mut edges {
        (*from, *to) = (used.rank(*from), used.rank(*to));
    }
    trace_edges(&points, &edges)
}

fn defect(reason: impl Into<String>) -> Error {
    Error::GeometryDefect {
        reason: reason.into(),
    }
}

/// Half-plane of a direction for the counter-clockwise angle order from the positive x
/// axis: 0 for angles in [0, π), 1 for [π, 2π).
fn half(d: (i64, i64)) -> u8 {
    if d.1 > 0 || (d.1 == 0 && d.0 > 0) {
        0
    } else {
        1
    }
}

/// Counter-clockwise angle order of distinct non-zero directions, exact.
fn angle_order(d: (i64, i64), e: (i64, i64)) -> Ordering {
    half(d).cmp(&half(e)).then_with(|| 0.cmp(&cross(d, e)))
}

/// Chains directed boundary edges (vertex indices into `points`, inside on the left)
/// into canonical rings. Every vertex must have as many incoming as outgoing edges and
/// edges must meet only at endpoints.
pub(crate) fn trace_edges(points: &[GridPoint], edges: &[(usize, usize)]) -> Result<Vec<Ring>> {
    // One ray per edge end: (vertex, direction away from the vertex, edge, outgoing).
    #[derive(Clone, Copy)]
    struct Ray {
        vertex: usize,
        direction: (i64, i64),
        edge: usize,
        outgoing: bool,
    }
    // The rays grouped by vertex in edge order (a counting sort on the vertex index),
    // then each group sorted stably by angle: the order of a stable sort by (vertex,
    // angle), without a comparison sort of all rays (which was most of the shrink's trace
    // on rooms-1024).
    let mut slot = vec![0usize; points.len()];
    for &(from, to) in edges {
        slot[from] += 1;
        slot[to] += 1;
    }
    let mut placed = 0;
    for s in slot.iter_mut() {
        (*s, placed) = (placed, placed + *s);
    }
    let unset = Ray {
        vertex: 0,
        direction: (0, 0),
        edge: 0,
        outgoing: false,
    };
    let mut rays = vec![unset; 2 * edges.len()];
    for (i, &(from, to)) in edges.iter().enumerate() {
        let (f, t) = (points[from], points[to]);
        if f == t {
            return Err(defect("zero-length boundary edge"));
        }
        rays[slot[from]] = Ray {
            vertex: from,
            direction: (t.x - f.x, t.y - f.y),
            edge: i,
            outgoing: true,
        };
        slot[from] += 1;
        rays[slot[to]] = Ray {
            vertex: to,
            direction: (f.x - t.x, f.y - t.y),
            edge: i,
            outgoing: false,
        };
        slot[to] += 1;
    }
    // [R5] Turning clockwise from the reverse of the incoming edge (the ray back along
    // it) the first ray met is the previous one in counter-clockwise order around the
    // vertex; inside and outside wedges alternate, so it is outgoing.
    let mut next = vec![usize::MAX; edges.len()];
    // Vertex v's number of rays, written over its slot when its group is reached (only
    // vertices with rays are read below).
    let mut degree = slot;
    let mut start = 0;
    while start < rays.len() {
        let vertex = rays[start].vertex;
        let mut end = start;
        while end < rays.len() && rays[end].vertex == vertex {
            end += 1;
        }
        rays[start..end].sort_by(|r, s| angle_order(r.direction, s.direction));
        let group = &rays[start..end];
        degree[vertex] = group.len();
        for (k, ray) in group.iter().enumerate() {
            if ray.outgoing {
                continue;
            }
            let turn = if crate::mutation::active(crate::mutation::Mutation::RingTurn) {
                k + 1
            } else {
                k + group.len() - 1
            };
            let previous = &group[turn % group.len()];
            if !previous.outgoing || previous.direction == ray.direction {
                return Err(defect("boundary rays do not alternate around a vertex"));
            }
            next[ray.edge] = previous.edge;
        }
        start = end;
    }

    let mut used = vec![false; edges.len()];
    let mut rings = Vec::new();
    for first in 0..edges.len() {
        if used[first] {
            continue;
        }
        let mut ring: Ring = Vec::new();
        let mut edge = first;
        loop {
            if used[edge] {
                return Err(defect("boundary edges do not form closed rings"));
            }
            used[edge] = true;
            let following = next[edge];
            if following == usize::MAX {
                return Err(defect("boundary edge without a successor"));
            }
            // [R4], X6: the vertex between `edge` and `following` is dropped only when
            // it has exactly one edge in and one out and they are collinear.
            let (from, via) = edges[edge];
            let to = edges[following].1;
            let keep = degree[via] != 2 || !same_direction(points[from], points[via], points[to]);
            if keep {
                ring.push(points[via]);
            }
            edge = following;
            if edge == first {
                break;
            }
        }
        if ring.len() < 3 {
            return Err(defect("traced ring has fewer than 3 vertices"));
        }
        rings.push(canonical_ring(ring));
    }
    // [R6] Rings sorted by their smallest (first) directed edge.
    rings.sort_by(|r: &Ring, s: &Ring| (r[0], r[1]).cmp(&(s[0], s[1])));
    Ok(rings)
}

/// Whether u→v→w continues straight on (collinear and not reversing).
fn same_direction(u: GridPoint, v: GridPoint, w: GridPoint) -> bool {
    let d = (v.x - u.x, v.y - u.y);
    let e = (w.x - v.x, w.y - v.y);
    let dot = i128::from(d.0) * i128::from(e.0) + i128::from(d.1) * i128::from(e.1);
    cross(d, e) == 0 && dot > 0
}

/// Rotates a ring to start at its smallest directed edge (from.x, from.y, to.x, to.y)
/// ([R6], X6). A ring passing a vertex twice is decided by the edge's end point.
pub(crate) fn canonical_ring(mut ring: Ring) -> Ring {
    let len = ring.len();
    let best = (0..len)
        .min_by_key(|&i| (ring[i], ring[(i + 1) % len]))
        .unwrap_or(0);
    ring.rotate_left(
        if crate::mutation::active(crate::mutation::Mutation::RingStart) {
            (best + 1) % len.max(1)
        } else {
            best
        },
    );
    ring
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::Segment;

    #[test]
    fn trace_refuses_a_segment_end_out_of_range() {
        // Either end alone out of range is a defect, not a panic.
        let vertices = vec![GridPoint::new(0, 0), GridPoint::new(1, 0)];
        let windings = [SegmentWindings {
            right: [0, 0],
            left: [1, 0],
        }];
        for (a, b) in [(0, 2), (2, 1)] {
            let arrangement = Arrangement {
                vertices: vertices.clone(),
                segments: vec![Segment { a, b, net: [1, 0] }],
            };
            assert_eq!(
                trace(&arrangement, &windings, Operation::Union),
                Err(defect("segment endpoint out of range"))
            );
        }
    }

    #[test]
    fn a_boundary_on_few_vertices_traces_as_on_all_of_them() {
        // An 8 × 8 lattice, index x * 8 + y in (x, y) order. Two squares touching at
        // (3, 3) (four rays there), one with a straight vertex at (2, 1) (dropped), and
        // segments off the boundary, so that the trace renumbers the boundary's vertices.
        let vertices: Vec<GridPoint> = (0..8)
            .flat_map(|x| (0..8).map(move |y| GridPoint::new(x, y)))
            .collect();
        let at = |x: usize, y: usize| x * 8 + y;
        let loop_of = |corners: &[(usize, usize)]| -> Vec<(usize, usize)> {
            let ids: Vec<usize> = corners.iter().map(|&(x, y)| at(x, y)).collect();
            (0..ids.len())
                .map(|k| (ids[k], ids[(k + 1) % ids.len()]))
                .collect()
        };
        let mut directed = loop_of(&[(1, 1), (2, 1), (3, 1), (3, 3), (1, 3)]);
        directed.extend(loop_of(&[(3, 3), (5, 3), (5, 5), (3, 5)]));
        let mut sided: Vec<(Segment, Boundary)> = directed
            .iter()
            .map(|&(from, to)| {
                let (a, b, side) = if from < to {
                    (from, to, Boundary::Left)
                } else {
                    (to, from, Boundary::Right)
                };
                let segment = Segment {
                    a: a as u32,
                    b: b as u32,
                    net: [1, 0],
                };
                (segment, side)
            })
            .collect();
        for (from, to) in [
            (at(0, 6), at(0, 7)),
            (at(6, 0), at(7, 7)),
            (at(6, 1), at(6, 2)),
        ] {
            let segment = Segment {
                a: from as u32,
                b: to as u32,
                net: [1, 1],
            };
            sided.push((segment, Boundary::Neither));
        }
        sided.sort_by_key(|(s, _)| (s.a, s.b));
        let (segments, sides): (Vec<Segment>, Vec<Boundary>) = sided.into_iter().unzip();
        assert!(4 * directed.len() < vertices.len(), "the renumbering path");
        let arrangement = Arrangement {
            vertices: vertices.clone(),
            segments,
        };
        let rings = trace_boundaries(&arrangement, &sides).unwrap();
        assert_eq!(rings, trace_edges(&vertices, &directed).unwrap());
        let p = |x, y| GridPoint::new(x, y);
        assert_eq!(
            rings,
            vec![
                vec![p(1, 1), p(3, 1), p(3, 3), p(1, 3)],
                vec![p(3, 3), p(5, 3), p(5, 5), p(3, 5)],
            ]
        );
    }

    #[test]
    fn rays_that_do_not_alternate_are_a_defect() {
        let points = [
            GridPoint::new(0, 0),
            GridPoint::new(4, 0),
            GridPoint::new(0, 4),
        ];
        // Two incoming edges side by side at vertex 2; then an edge and its reverse,
        // whose rays at each end point the same way.
        for edges in [vec![(0, 1), (1, 2), (0, 2)], vec![(0, 1), (1, 0)]] {
            assert_eq!(
                trace_edges(&points, &edges),
                Err(defect("boundary rays do not alternate around a vertex"))
            );
        }
    }
}
