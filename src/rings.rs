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
    trace_edges_linked(points, edges, Linking::Direct)
}

/// How [`trace_edges_linked`] links the edges at vertices with one edge in and one out.
#[derive(Clone, Copy, PartialEq)]
enum Linking {
    /// Directly, the rays at the other vertices only.
    Direct,
    /// By rays, as at every other vertex (the tests check the two against each other).
    #[cfg(test)]
    RaysEverywhere,
}

fn trace_edges_linked(
    points: &[GridPoint],
    edges: &[(usize, usize)],
    linking: Linking,
) -> Result<Vec<Ring>> {
    // Per vertex: its number of edge ends, and its last incoming and outgoing edge.
    let unset = VertexEnds {
        count: 0,
        incoming: NO_EDGE,
        outgoing: NO_EDGE,
    };
    let mut ends = vec![unset; points.len()];
    for (i, &(from, to)) in edges.iter().enumerate() {
        if points[from] == points[to] {
            return Err(defect("zero-length boundary edge"));
        }
        ends[from].count += 1;
        ends[from].outgoing = i;
        ends[to].count += 1;
        ends[to].incoming = i;
    }
    // [R5] At a vertex with one edge in and one out the incoming edge continues along the
    // outgoing one, the only other ray there: no rays or sort (most of the trace of the
    // shrink's boundaries went to them). The other vertices are linked by their rays.
    let mut next = vec![NO_EDGE; edges.len()];
    let mut by_rays = false;
    for (i, &(from, to)) in edges.iter().enumerate() {
        let at = ends[to];
        if !at.simple() || linking != Linking::Direct {
            by_rays = true;
            continue;
        }
        // The two rays point the same way exactly when the far ends coincide.
        if points[from] == points[edges[at.outgoing].1] {
            return Err(not_alternating());
        }
        next[i] = at.outgoing;
    }
    if by_rays {
        link_by_rays(points, edges, &ends, linking, &mut next)?;
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
            if following == NO_EDGE {
                return Err(defect("boundary edge without a successor"));
            }
            // [R4], X6: the vertex between `edge` and `following` is dropped only when
            // it has exactly one edge in and one out and they are collinear.
            let (from, via) = edges[edge];
            let to = edges[following].1;
            let keep =
                !ends[via].simple() || !same_direction(points[from], points[via], points[to]);
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

/// No edge (a vertex without an incoming or outgoing one, an edge without a successor).
const NO_EDGE: usize = usize::MAX;

/// A vertex's number of boundary edge ends and its last incoming and outgoing edge.
#[derive(Clone, Copy)]
struct VertexEnds {
    count: usize,
    incoming: usize,
    outgoing: usize,
}

impl VertexEnds {
    /// One edge in and one out.
    fn simple(&self) -> bool {
        self.count == 2 && self.incoming != NO_EDGE && self.outgoing != NO_EDGE
    }
}

fn not_alternating() -> Error {
    defect("boundary rays do not alternate around a vertex")
}

/// [R5] at the vertices that are not [`VertexEnds::simple`] (at all of them with
/// `Linking::RaysEverywhere`): turning clockwise from the reverse of an incoming edge (the
/// ray back along it), the first ray met is the previous one in counter-clockwise order
/// around the vertex; inside and outside wedges alternate, so it is outgoing. Sets `next`
/// of their incoming edges.
fn link_by_rays(
    points: &[GridPoint],
    edges: &[(usize, usize)],
    ends: &[VertexEnds],
    linking: Linking,
    next: &mut [usize],
) -> Result<()> {
    // One ray per edge end: (direction away from the vertex, edge, outgoing).
    #[derive(Clone, Copy)]
    struct Ray {
        direction: (i64, i64),
        edge: usize,
        outgoing: bool,
    }
    // The rays grouped by vertex in edge order (a counting sort on the vertex index),
    // then each group sorted stably by angle: the order of a stable sort by (vertex,
    // angle), without a comparison sort of all rays.
    let rays_at = |v: usize| match linking {
        Linking::Direct if ends[v].simple() => 0,
        _ => ends[v].count,
    };
    let mut slot = vec![0usize; points.len() + 1];
    for v in 0..points.len() {
        slot[v + 1] = slot[v] + rays_at(v);
    }
    let unset = Ray {
        direction: (0, 0),
        edge: 0,
        outgoing: false,
    };
    let mut rays = vec![unset; slot[points.len()]];
    let mut fill = slot.clone();
    for (i, &(from, to)) in edges.iter().enumerate() {
        let (f, t) = (points[from], points[to]);
        for (at, direction, outgoing) in [
            (from, (t.x - f.x, t.y - f.y), true),
            (to, (f.x - t.x, f.y - t.y), false),
        ] {
            if rays_at(at) > 0 {
                rays[fill[at]] = Ray {
                    direction,
                    edge: i,
                    outgoing,
                };
                fill[at] += 1;
            }
        }
    }
    for vertex in 0..points.len() {
        let group = &mut rays[slot[vertex]..slot[vertex + 1]];
        group.sort_by(|r, s| angle_order(r.direction, s.direction));
        let group = &*group;
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
                return Err(not_alternating());
            }
            next[ray.edge] = previous.edge;
        }
    }
    Ok(())
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

    /// The boundary edges of the filled cells of a `width` × `height` bitmap (corner
    /// (x, y) is point x + (width + 1) · y), inside on the left; an edge between two
    /// filled cells is left out. Cells touching at a corner only make a vertex of two
    /// edges in and two out.
    fn cell_boundaries(filled: &[bool], width: usize, height: usize) -> Vec<(usize, usize)> {
        let corner = |x: usize, y: usize| x + (width + 1) * y;
        let is_filled = |x: usize, y: usize| x < width && y < height && filled[x + width * y];
        let mut edges = Vec::new();
        for y in 0..height {
            for x in 0..width {
                if !is_filled(x, y) {
                    continue;
                }
                // Counter-clockwise: bottom, right, top, left, each kept when the cell
                // across it is empty.
                if y == 0 || !is_filled(x, y - 1) {
                    edges.push((corner(x, y), corner(x + 1, y)));
                }
                if !is_filled(x + 1, y) {
                    edges.push((corner(x + 1, y), corner(x + 1, y + 1)));
                }
                if !is_filled(x, y + 1) {
                    edges.push((corner(x + 1, y + 1), corner(x, y + 1)));
                }
                if x == 0 || !is_filled(x - 1, y) {
                    edges.push((corner(x, y + 1), corner(x, y)));
                }
            }
        }
        edges
    }

    proptest::proptest! {
        /// Linking the vertices of one edge in and one out directly gives what linking
        /// them by their rays gives, as rings or as the same defect: on the boundaries of
        /// cell bitmaps (corners where cells touch diagonally have two edges in and two
        /// out), in any edge order, and with stray edges (zero-length, dangling, an edge
        /// and its reverse) that make defects.
        #[test]
        fn direct_links_are_the_links_by_rays(
            filled in proptest::collection::vec(proptest::bool::weighted(0.6), 25),
            strays in proptest::collection::vec((0usize..36, 0usize..36), 0..3),
            back_and_forth in proptest::option::of((0usize..36, 0usize..36)),
            order_seed in proptest::prelude::any::<u64>(),
        ) {
            let points: Vec<GridPoint> = (0..36)
                .map(|k| GridPoint::new((k % 6) as i64, (k / 6) as i64))
                .collect();
            // The corners of a 5 × 5 bitmap are the 6 × 6 lattice's points.
            let mut edges = cell_boundaries(&filled, 5, 5);
            edges.extend(&strays);
            edges.extend(back_and_forth.iter().flat_map(|&(p, q)| [(p, q), (q, p)]));
            // A fixed shuffle of the edge order from the seed.
            let mut state = order_seed;
            for i in (1..edges.len()).rev() {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                edges.swap(i, (state >> 33) as usize % (i + 1));
            }
            let direct = trace_edges_linked(&points, &edges, Linking::Direct);
            let by_rays = trace_edges_linked(&points, &edges, Linking::RaysEverywhere);
            if strays.is_empty() && back_and_forth.is_none() {
                proptest::prop_assert!(direct.is_ok(), "{:?}", direct);
            }
            proptest::prop_assert_eq!(direct, by_rays);
        }
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
