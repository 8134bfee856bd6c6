//! Reference ring tracing [L5]–[L6], [R3]–[R6], X1, X6: boundary segments directed with
//! the inside on the left, chained by the clockwise rule, collinear degree-2 vertices
//! dropped, canonical start and order.

use crate::error::RefError;
use crate::geom::{Arrangement, Point};
use crate::label::SegmentWindings;
use crate::mutation::{self, Mutation};
use crate::region::Operation;
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A directed boundary edge.
pub type DirectedEdge = (Point, Point);

/// [L6]: the segments whose two sides differ in insideness under `op`, directed so that
/// the inside is on the left. Sorted as (from.x, from.y, to.x, to.y).
pub fn boundary_edges(
    arrangement: &Arrangement,
    windings: &[SegmentWindings],
    op: Operation,
) -> Result<Vec<DirectedEdge>, RefError> {
    if windings.len() != arrangement.segments.len() {
        return Err(RefError::GeometryDefect);
    }
    let mut edges = Vec::new();
    for (&(a, b, _), w) in arrangement.segments.iter().zip(windings) {
        let (Some(&pa), Some(&pb)) = (arrangement.vertices.get(a), arrangement.vertices.get(b))
        else {
            return Err(RefError::GeometryDefect);
        };
        match (op.inside(w.left), op.inside(w.right)) {
            (true, false) => edges.push((pa, pb)),
            (false, true) => edges.push((pb, pa)),
            _ => {}
        }
    }
    edges.sort();
    Ok(edges)
}

fn direction(from: Point, to: Point) -> [BigInt; 2] {
    [BigInt::from(to.x) - from.x, BigInt::from(to.y) - from.y]
}

fn cross(a: &[BigInt; 2], b: &[BigInt; 2]) -> BigInt {
    &a[0] * &b[1] - &a[1] * &b[0]
}

fn dot(a: &[BigInt; 2], b: &[BigInt; 2]) -> BigInt {
    &a[0] * &b[0] + &a[1] * &b[1]
}

/// Which part of the clockwise turn from `reference` the direction `d` lies in:
/// 0 = the open half turn clockwise of it, 1 = exactly opposite, 2 = the other half turn,
/// 3 = the same direction (a full turn: met last).
fn clockwise_half(reference: &[BigInt; 2], d: &[BigInt; 2]) -> u8 {
    let c = cross(reference, d);
    if c.is_negative() {
        0
    } else if c.is_positive() {
        2
    } else if dot(reference, d).is_negative() {
        1
    } else {
        3
    }
}

/// Orders directions by the clockwise angle from `reference` (exact, BigInt).
fn clockwise_order(reference: &[BigInt; 2], d1: &[BigInt; 2], d2: &[BigInt; 2]) -> Ordering {
    let (h1, h2) = (clockwise_half(reference, d1), clockwise_half(reference, d2));
    h1.cmp(&h2).then_with(|| {
        // Same half: d1 comes first when d2 is clockwise of d1.
        let c = cross(d1, d2);
        if c.is_negative() {
            Ordering::Less
        } else if c.is_positive() {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    })
}

/// [R5]: chains directed boundary edges into rings. At each vertex the ring continues
/// along the outgoing edge first met turning clockwise from the reverse of the incoming
/// edge. Then [R4] (X6) drops the vertices where exactly one boundary edge enters and one
/// leaves and the two are collinear, and [R6] starts each ring at its smallest directed
/// edge and sorts the rings by it. Inconsistent input (a vertex with more edges leaving
/// than entering, a duplicated edge) is a geometry defect.
pub fn chain(edges: &[DirectedEdge]) -> Result<Vec<Vec<Point>>, RefError> {
    let mut edges = edges.to_vec();
    edges.sort();
    if edges.windows(2).any(|w| w[0] == w[1]) || edges.iter().any(|e| e.0 == e.1) {
        return Err(RefError::GeometryDefect);
    }
    let mut outgoing: BTreeMap<Point, Vec<usize>> = BTreeMap::new();
    let mut in_degree: BTreeMap<Point, usize> = BTreeMap::new();
    for (i, &(from, to)) in edges.iter().enumerate() {
        outgoing.entry(from).or_default().push(i);
        *in_degree.entry(to).or_default() += 1;
    }
    let out_degree = |p: &Point| outgoing.get(p).map_or(0, Vec::len);
    if in_degree.iter().any(|(p, &n)| out_degree(p) != n)
        || outgoing.keys().any(|p| !in_degree.contains_key(p))
    {
        return Err(RefError::GeometryDefect);
    }
    let mut used = vec![false; edges.len()];
    let mut rings = Vec::new();
    for start in 0..edges.len() {
        if used[start] {
            continue;
        }
        let mut ring = Vec::new();
        let mut current = start;
        loop {
            used[current] = true;
            let (from, at) = edges[current];
            ring.push(from);
            let reverse = direction(at, from);
            let candidates = outgoing.get(&at).ok_or(RefError::GeometryDefect)?;
            let mut best: Option<(usize, [BigInt; 2])> = None;
            for &c in candidates {
                let d = direction(at, edges[c].1);
                let better = match &best {
                    None => true,
                    Some((_, bd)) if mutation::active(Mutation::R5TurnCounterClockwise) => {
                        clockwise_order(&reverse, &d, bd) == Ordering::Greater
                    }
                    Some((_, bd)) => clockwise_order(&reverse, &d, bd) == Ordering::Less,
                };
                if better {
                    best = Some((c, d));
                }
            }
            let next = best.ok_or(RefError::GeometryDefect)?.0;
            if next == start {
                break;
            }
            if used[next] {
                return Err(RefError::GeometryDefect);
            }
            current = next;
        }
        rings.push(ring);
    }
    // [R4]/X6: drop collinear vertices with exactly one boundary edge in and one out.
    let mut kept_rings = Vec::with_capacity(rings.len());
    for ring in rings {
        let n = ring.len();
        let mut kept = Vec::with_capacity(n);
        for i in 0..n {
            let (prev, v, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            let degree_two = out_degree(&v) == 1 && in_degree.get(&v) == Some(&1);
            let degree_two = degree_two || mutation::active(Mutation::X6DropAtMeetings);
            if degree_two && cross(&direction(prev, v), &direction(v, next)).is_zero() {
                continue;
            }
            kept.push(v);
        }
        if kept.len() < 3 {
            return Err(RefError::GeometryDefect);
        }
        kept_rings.push(canonical_start(kept));
    }
    kept_rings.sort_by_key(|ring| first_edge(ring));
    if mutation::active(Mutation::R6RingsDescending) {
        kept_rings.reverse();
    }
    Ok(kept_rings)
}

fn first_edge(ring: &[Point]) -> DirectedEdge {
    (ring[0], ring[1 % ring.len()])
}

/// [R6]: rotates a ring to start at its smallest directed edge (from.x, from.y, to.x, to.y).
fn canonical_start(mut ring: Vec<Point>) -> Vec<Point> {
    let n = ring.len();
    let best = (0..n)
        .min_by_key(|&i| (ring[i], ring[(i + 1) % n]))
        .unwrap_or(0);
    let best = if mutation::active(Mutation::R6StartLargestTarget) {
        (0..n)
            .min_by_key(|&i| (ring[i], std::cmp::Reverse(ring[(i + 1) % n])))
            .unwrap_or(0)
    } else {
        best
    };
    ring.rotate_left(best);
    ring
}

/// The whole of [L5]–[L6]: boundary under `op`, then `chain`.
pub fn trace(
    arrangement: &Arrangement,
    windings: &[SegmentWindings],
    op: Operation,
) -> Result<Vec<Vec<Point>>, RefError> {
    chain(&boundary_edges(arrangement, windings, op)?)
}

/// Checks the parts of canonical form that do not need the geometry around a ring:
/// rings of ≥ 3 points, no zero-length or repeated directed edge, no collinear vertex
/// with one edge in and one out, each ring started at its smallest edge, rings sorted.
pub fn check_canonical(rings: &[Vec<Point>]) -> Result<(), String> {
    let mut edges = Vec::new();
    for (r, ring) in rings.iter().enumerate() {
        if ring.len() < 3 {
            return Err(format!("ring {r} has {} points", ring.len()));
        }
        if canonical_start(ring.clone()) != *ring {
            return Err(format!("ring {r} does not start at its smallest edge"));
        }
        for i in 0..ring.len() {
            let e = (ring[i], ring[(i + 1) % ring.len()]);
            if e.0 == e.1 {
                return Err(format!("ring {r} has a zero-length edge at {i}"));
            }
            edges.push(e);
        }
    }
    if rings
        .windows(2)
        .any(|w| first_edge(&w[0]) >= first_edge(&w[1]))
    {
        return Err("rings are not sorted by their first edge".into());
    }
    let mut sorted = edges.clone();
    sorted.sort();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return Err("a directed edge appears twice".into());
    }
    let mut degree: BTreeMap<Point, usize> = BTreeMap::new();
    for e in &edges {
        *degree.entry(e.0).or_default() += 1;
    }
    for (r, ring) in rings.iter().enumerate() {
        let n = ring.len();
        for i in 0..n {
            let (prev, v, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            if degree.get(&v) == Some(&1)
                && cross(&direction(prev, v), &direction(v, next)).is_zero()
            {
                return Err(format!("ring {r} keeps the collinear vertex {v:?}"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    fn ring_edges(points: &[(i64, i64)]) -> Vec<DirectedEdge> {
        (0..points.len())
            .map(|i| {
                let (a, b) = (points[i], points[(i + 1) % points.len()]);
                (p(a.0, a.1), p(b.0, b.1))
            })
            .collect()
    }

    #[test]
    fn clockwise_order_goes_round_once() {
        // Reference (0,1) (up). Clockwise: (1,1) 45°, (1,0) 90°, (1,−1), (0,−1) 180°,
        // (−1,−1), (−1,0), (−1,1), then (0,2) (same direction, a full turn).
        let r = [BigInt::from(0), BigInt::from(1)];
        let dirs: Vec<[BigInt; 2]> = [
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, 2),
        ]
        .iter()
        .map(|&(x, y)| [BigInt::from(x), BigInt::from(y)])
        .collect();
        for i in 0..dirs.len() {
            for j in 0..dirs.len() {
                assert_eq!(
                    clockwise_order(&r, &dirs[i], &dirs[j]),
                    i.cmp(&j),
                    "{i} {j}"
                );
            }
        }
    }

    #[test]
    fn two_squares_touching_at_a_corner_in_any_edge_order() {
        // [R5]: at (1,1) the incoming (1,0)→(1,1) (reverse: south) meets, clockwise, west
        // (0,1) at 90° before east (2,1) at 270°, so each square closes on itself.
        let mut edges = ring_edges(&[(1, 1), (2, 1), (2, 2), (1, 2)]);
        edges.extend(ring_edges(&[(0, 0), (1, 0), (1, 1), (0, 1)]));
        edges.reverse();
        assert_eq!(
            chain(&edges).unwrap(),
            vec![
                vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)],
                vec![p(1, 1), p(2, 1), p(2, 2), p(1, 2)]
            ]
        );
    }

    #[test]
    fn hole_touching_at_vertex_from_the_other_side() {
        // Outer CCW [0,4]², CW hole diamond (2,0)→(1,1)→(2,2)→(3,1)→(2,0) touching the
        // bottom edge at (2,0) (the outer bottom is split there: (0,0)→(2,0)→(4,0)).
        // At (2,0): in (0,0)→(2,0) (reverse (−1,0)); clockwise from west: north-west,
        // north... the first outgoing met is (2,0)→(1,1) (direction (−1,1), 45° cw from
        // west). From in (3,1)→(2,0) (reverse (1,1)): clockwise first (1,0)→ (2,0)→(4,0).
        // One ring through (2,0) twice; smallest edge (0,0)→(2,0).
        let mut edges = ring_edges(&[(0, 0), (2, 0), (4, 0), (4, 4), (0, 4)]);
        edges.extend(ring_edges(&[(2, 0), (1, 1), (2, 2), (3, 1)]));
        assert_eq!(
            chain(&edges).unwrap(),
            vec![vec![
                p(0, 0),
                p(2, 0),
                p(1, 1),
                p(2, 2),
                p(3, 1),
                p(2, 0),
                p(4, 0),
                p(4, 4),
                p(0, 4)
            ]]
        );
    }

    #[test]
    fn collinear_runs_are_dropped_whole() {
        // (0,0)→(1,0)→(2,0)→(3,0)→(3,1)→(0,1): (1,0) and (2,0) are both dropped.
        let edges = ring_edges(&[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (0, 1)]);
        assert_eq!(
            chain(&edges).unwrap(),
            vec![vec![p(0, 0), p(3, 0), p(3, 1), p(0, 1)]]
        );
    }

    #[test]
    fn straight_vertex_where_four_edges_meet_is_kept() {
        // Rectangle A = [0,2]×[0,1] with its bottom through (1,0), and triangle B
        // (1,0),(0,−1),(2,−1) (CCW) touching it there. At (1,0): A enters from the west;
        // from the reverse (west) clockwise, east (1,0)→(2,0) comes at 180° before
        // south-west (1,0)→(0,−1) at 315°, so A goes straight on. B enters from (2,−1)
        // (reverse: south-east) and meets (0,−1) at 90° before east at 270°. Two rings; (1,0)
        // has two edges in and two out, so [R4] keeps it although A is straight there.
        // Order: B's first edge starts at (0,−1) < (0,0).
        let mut edges = ring_edges(&[(0, 0), (1, 0), (2, 0), (2, 1), (0, 1)]);
        edges.extend(ring_edges(&[(1, 0), (0, -1), (2, -1)]));
        let rings = chain(&edges).unwrap();
        assert_eq!(
            rings,
            vec![
                vec![p(0, -1), p(2, -1), p(1, 0)],
                vec![p(0, 0), p(1, 0), p(2, 0), p(2, 1), p(0, 1)]
            ]
        );
        check_canonical(&rings).unwrap();
    }

    #[test]
    fn inconsistent_boundaries_are_defects() {
        // An open chain, and a repeated edge.
        assert_eq!(
            chain(&[(p(0, 0), p(1, 0)), (p(1, 0), p(1, 1))]),
            Err(RefError::GeometryDefect)
        );
        let mut edges = ring_edges(&[(0, 0), (1, 0), (1, 1)]);
        edges.extend(ring_edges(&[(0, 0), (1, 0), (1, 1)]));
        assert_eq!(chain(&edges), Err(RefError::GeometryDefect));
    }

    #[test]
    fn a_vertex_with_more_edges_out_than_in_is_a_defect() {
        // The square plus its diagonal (0,0)→(2,2): every vertex with an edge out has one
        // in, but (0,0) has two out and one in.
        let mut edges = ring_edges(&[(0, 0), (2, 0), (2, 2), (0, 2)]);
        edges.push((p(0, 0), p(2, 2)));
        assert_eq!(chain(&edges), Err(RefError::GeometryDefect));
    }

    #[test]
    fn a_zero_length_edge_is_a_defect() {
        for at in [(0, 0), (2, 2), (5, 5)] {
            let mut edges = ring_edges(&[(0, 0), (2, 0), (2, 2), (0, 2)]);
            edges.push((p(at.0, at.1), p(at.0, at.1)));
            assert_eq!(chain(&edges), Err(RefError::GeometryDefect), "{at:?}");
        }
    }

    #[test]
    fn rings_are_sorted_after_collinear_vertices_are_dropped() {
        // A = (0,0),(1,0),(3,0),(3,2),(0,2) and B = (0,0),(2,−5),(3,−3) touch at (0,0).
        // Traced from the smallest edge, A comes first ((0,0)→(1,0)); once (1,0) is
        // dropped A starts (0,0)→(3,0), which sorts after B's (0,0)→(2,−5) ([R6]).
        let mut edges = ring_edges(&[(0, 0), (1, 0), (3, 0), (3, 2), (0, 2)]);
        edges.extend(ring_edges(&[(0, 0), (2, -5), (3, -3)]));
        let rings = chain(&edges).unwrap();
        assert_eq!(
            rings,
            vec![
                vec![p(0, 0), p(2, -5), p(3, -3)],
                vec![p(0, 0), p(3, 0), p(3, 2), p(0, 2)]
            ]
        );
        check_canonical(&rings).unwrap();
    }

    #[test]
    fn a_ring_through_its_smallest_vertex_twice_starts_at_the_smaller_edge() {
        // The square [0,4]² less the triangle (0,0),(1,2),(2,1) touching its corner, as
        // one ring through (0,0) twice: the start is (0,0)→(1,2), not (0,0)→(4,0).
        let ring = vec![
            p(0, 0),
            p(1, 2),
            p(2, 1),
            p(0, 0),
            p(4, 0),
            p(4, 4),
            p(0, 4),
        ];
        assert_eq!(check_canonical(std::slice::from_ref(&ring)), Ok(()));
        let mut other_start = ring;
        other_start.rotate_left(3);
        assert_eq!(
            check_canonical(&[other_start]),
            Err("ring 0 does not start at its smallest edge".into())
        );
    }

    #[test]
    fn check_canonical_rejects_rotations_and_order() {
        let a = vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)];
        let b = vec![p(5, 0), p(6, 0), p(6, 1), p(5, 1)];
        assert!(check_canonical(&[a.clone(), b.clone()]).is_ok());
        assert!(check_canonical(&[b.clone(), a.clone()]).is_err());
        let mut rotated = a.clone();
        rotated.rotate_left(1);
        assert!(check_canonical(&[rotated]).is_err());
        let with_midpoint = vec![p(0, 0), p(1, 0), p(2, 0), p(2, 1), p(0, 1)];
        assert!(check_canonical(&[with_midpoint]).is_err());
    }
}
