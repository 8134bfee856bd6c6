//! Reference convex partition ([PC1]–[PC5], X17; docs/spec/partition.md), written from the
//! text alone. Every polygon is an explicit vertex cycle. A candidate diagonal is tested by
//! building the cycle the merge would produce and reading conditions (a), (b) and (c) off
//! that cycle and its two parts. Which polygon holds a directed edge is a map from the edge
//! to a slot of the polygon list; adjacency is recomputed from scratch at the end.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use crate::error::RefError;
use crate::geom::Point;
use crate::mutation::{self, Mutation};
use crate::predicates::orient;
use crate::triangulate::Triangulation;

/// The limit used when none is given ([PC] heading: default 6).
pub const DEFAULT_MAX_VERTICES: usize = 6;

/// The smallest and largest legal limits (3..=16).
pub const MAX_VERTICES_RANGE: std::ops::RangeInclusive<i64> = 3..=16;

/// A convex partition in canonical form ([PC4], [PC5]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Partition {
    /// The triangulation's vertices, sorted by (x, y).
    pub vertices: Vec<Point>,
    /// Counter-clockwise index cycles, each from its smallest index, sorted ([PC4]).
    pub polygons: Vec<Vec<usize>>,
    /// Per polygon edge (v_i, v_{i+1}): the polygon holding (v_{i+1}, v_i), or −1 ([PC5]).
    pub neighbors: Vec<Vec<i64>>,
}

/// X17: a limit outside 3..=16 is an invalid argument `max_vertices`.
pub fn validate_max_vertices(max_vertices: i64) -> Result<usize, RefError> {
    match usize::try_from(max_vertices) {
        Ok(limit) if MAX_VERTICES_RANGE.contains(&max_vertices) => Ok(limit),
        _ => Err(RefError::InvalidArgument {
            argument: "max_vertices".to_string(),
            location: None,
        }),
    }
}

/// X17 step 1: the squared length in double precision, each difference converted first,
/// then the two squares, then their sum (no fused multiply-add).
pub fn squared_length(a: Point, b: Point) -> f64 {
    let ex = (b.x - a.x) as f64;
    let ey = (b.y - a.y) as f64;
    let ex2 = ex * ex;
    let ey2 = ey * ey;
    ex2 + ey2
}

/// One interior edge of the triangulation, named by its smaller and larger vertex index.
#[derive(Debug, Clone, Copy)]
struct Cut {
    small: usize,
    large: usize,
    length2: f64,
}

/// [PC1] order: squared length descending, then the smaller index, then the larger.
fn cut_order(x: &Cut, y: &Cut) -> Ordering {
    if mutation::active(Mutation::PC1TieDescending) {
        return (y.length2.total_cmp(&x.length2)).then((y.small, y.large).cmp(&(x.small, x.large)));
    }
    y.length2
        .total_cmp(&x.length2)
        .then(x.small.cmp(&y.small))
        .then(x.large.cmp(&y.large))
}

/// The directed edges of a cycle, v_i → v_{i+1}, the last joined to the first.
fn cycle_edges(cycle: &[usize]) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..cycle.len()).map(move |i| (cycle[i], cycle[(i + 1) % cycle.len()]))
}

/// The position of vertex `v` in a cycle.
fn place_of(cycle: &[usize], v: usize) -> Option<usize> {
    cycle.iter().position(|&w| w == v)
}

/// X17 step 3, the splice: `holder_ab` holds a→b, `holder_ba` holds b→a. The result is
/// `holder_ab` read from b round to a, then `holder_ba`'s vertices strictly between a and
/// b (read from the one after a to the one before b). `None` if a cycle lacks the edge.
fn spliced_cycle(
    holder_ab: &[usize],
    holder_ba: &[usize],
    a: usize,
    b: usize,
) -> Option<Vec<usize>> {
    let n1 = holder_ab.len();
    let n2 = holder_ba.len();
    let at_b = place_of(holder_ab, b)?;
    let at_a = place_of(holder_ba, a)?;
    if holder_ab[(at_b + n1 - 1) % n1] != a || holder_ba[(at_a + n2 - 1) % n2] != b {
        return None;
    }
    let mut out = Vec::with_capacity(n1 + n2 - 2);
    // b, …, a around the first cycle: n1 vertices starting at b.
    for step in 0..n1 {
        out.push(holder_ab[(at_b + step) % n1]);
    }
    // The second cycle after a up to (not including) b: n2 − 2 vertices.
    for step in 1..n2 - 1 {
        out.push(holder_ba[(at_a + step) % n2]);
    }
    Some(out)
}

/// Whether the corner at position `k` of `cycle` turns left or goes straight.
fn corner_is_not_reflex(vertices: &[Point], cycle: &[usize], k: usize) -> bool {
    let n = cycle.len();
    let before = vertices[cycle[(k + n - 1) % n]];
    let here = vertices[cycle[k]];
    let after = vertices[cycle[(k + 1) % n]];
    if mutation::active(Mutation::PC2StrictCorners) {
        return orient(before, here, after) == Ordering::Greater;
    }
    orient(before, here, after) != Ordering::Less
}

/// [PC2]: the merged cycle of the two polygons across a→b when (a), (b) and (c) hold,
/// else `None`. The cycle is built first; each condition is then read as the text says.
fn merged_if_allowed(
    vertices: &[Point],
    holder_ab: &[usize],
    holder_ba: &[usize],
    a: usize,
    b: usize,
    limit: usize,
) -> Option<Vec<usize>> {
    let merged = spliced_cycle(holder_ab, holder_ba, a, b)?;
    // (a) the joined polygon has at most `limit` vertices.
    if merged.len() > limit || (mutation::active(Mutation::X17LimitStrict) && merged.len() == limit)
    {
        return None;
    }
    // (b) the two polygons share no vertex other than a and b.
    let first: BTreeSet<usize> = holder_ab.iter().copied().collect();
    let second: BTreeSet<usize> = holder_ba.iter().copied().collect();
    if first.intersection(&second).any(|&v| v != a && v != b)
        && !mutation::active(Mutation::PC2NoSharedVertexTest)
    {
        return None;
    }
    // (c) in the joined polygon, the turns at a and at b are left or straight.
    let at_a = place_of(&merged, a)?;
    let at_b = place_of(&merged, b)?;
    if !corner_is_not_reflex(vertices, &merged, at_a)
        || !corner_is_not_reflex(vertices, &merged, at_b)
    {
        return None;
    }
    Some(merged)
}

/// [PC1]/X17 steps 1–2: every edge whose reversal is also a triangle edge, once, in order.
/// A directed edge held twice means the triangulation is not a triangulation.
fn ordered_cuts(tri: &Triangulation) -> Result<Vec<Cut>, RefError> {
    let mut directed: BTreeSet<(usize, usize)> = BTreeSet::new();
    for corners in &tri.triangles {
        if corners.iter().any(|&v| v >= tri.vertices.len()) {
            return Err(RefError::GeometryDefect);
        }
        for edge in cycle_edges(corners) {
            if edge.0 == edge.1 || !directed.insert(edge) {
                return Err(RefError::GeometryDefect);
            }
        }
    }
    let mut cuts: Vec<Cut> = directed
        .iter()
        .filter(|&&(u, v)| u < v && directed.contains(&(v, u)))
        .map(|&(u, v)| Cut {
            small: u,
            large: v,
            length2: squared_length(tri.vertices[u], tri.vertices[v]),
        })
        .collect();
    cuts.sort_by(cut_order);
    if mutation::active(Mutation::X17ExactLength) {
        let v = &tri.vertices;
        cuts.sort_by_key(|c| {
            (
                std::cmp::Reverse(mutation::exact_squared_length(v[c.small], v[c.large])),
                c.small,
                c.large,
            )
        });
    }
    Ok(cuts)
}

/// [PC4]: the cycle rotated to begin at its smallest vertex index.
fn from_smallest(cycle: &[usize]) -> Vec<usize> {
    if mutation::active(Mutation::PC4NoRotation) {
        return cycle.to_vec();
    }
    let start = (0..cycle.len()).min_by_key(|&i| cycle[i]).unwrap_or(0);
    cycle[start..]
        .iter()
        .chain(&cycle[..start])
        .copied()
        .collect()
}

/// [PC5]: each edge's neighbour from a map of every directed edge to its polygon.
fn adjacency(polygons: &[Vec<usize>]) -> Vec<Vec<i64>> {
    let mut edge_home: BTreeMap<(usize, usize), i64> = BTreeMap::new();
    for (id, cycle) in polygons.iter().enumerate() {
        for edge in cycle_edges(cycle) {
            edge_home.insert(edge, id as i64);
        }
    }
    polygons
        .iter()
        .map(|cycle| {
            cycle_edges(cycle)
                .map(|(u, v)| edge_home.get(&(v, u)).copied().unwrap_or(-1))
                .collect()
        })
        .collect()
}

/// [PC1]–[PC5], X17: the convex partition of a canonical triangulation with at most
/// `max_vertices` vertices per polygon (validated first: 3..=16).
pub fn partition_convex(tri: &Triangulation, max_vertices: i64) -> Result<Partition, RefError> {
    let limit = validate_max_vertices(max_vertices)?;
    let cuts = ordered_cuts(tri)?;
    // Slots of the polygon list; a merge empties the second slot and refills the first.
    let mut slots: Vec<Option<Vec<usize>>> =
        tri.triangles.iter().map(|t| Some(t.to_vec())).collect();
    let mut edge_slot: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for (id, cycle) in slots.iter().enumerate() {
        for edge in cycle_edges(cycle.as_deref().unwrap_or(&[])) {
            edge_slot.insert(edge, id);
        }
    }
    // [PC3]: one pass in order.
    for cut in &cuts {
        let (u, v) = (cut.small, cut.large);
        // Both directions disappear together when a merge removes the edge, so a cut
        // whose two triangles already lie in one polygon is no longer a polygon edge.
        let (Some(&slot_uv), Some(&slot_vu)) = (edge_slot.get(&(u, v)), edge_slot.get(&(v, u)))
        else {
            continue;
        };
        if slot_uv == slot_vu {
            return Err(RefError::GeometryDefect);
        }
        let (Some(cycle_uv), Some(cycle_vu)) = (&slots[slot_uv], &slots[slot_vu]) else {
            return Err(RefError::GeometryDefect);
        };
        let Some(merged) = merged_if_allowed(&tri.vertices, cycle_uv, cycle_vu, u, v, limit) else {
            continue;
        };
        edge_slot.remove(&(u, v));
        edge_slot.remove(&(v, u));
        for edge in cycle_edges(&merged) {
            edge_slot.insert(edge, slot_uv);
        }
        slots[slot_uv] = Some(merged);
        slots[slot_vu] = None;
    }
    let mut polygons: Vec<Vec<usize>> = slots.iter().flatten().map(|c| from_smallest(c)).collect();
    if !mutation::active(Mutation::PC4SlotOrder) {
        polygons.sort();
    }
    let mut neighbors = adjacency(&polygons);
    if mutation::active(Mutation::PC5ShiftedNeighbors) {
        neighbors.iter_mut().for_each(|row| row.rotate_right(1));
    }
    Ok(Partition {
        vertices: tri.vertices.clone(),
        polygons,
        neighbors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    /// Triangulation from explicit triangles (neighbour entries are not read here).
    fn tri(vertices: Vec<Point>, triangles: Vec<[usize; 3]>) -> Triangulation {
        let neighbors = vec![-1; 3 * triangles.len()];
        Triangulation {
            vertices,
            triangles,
            neighbors,
        }
    }

    #[test]
    fn squared_length_converts_then_multiplies() {
        assert_eq!(squared_length(pt(0, 0), pt(3, -4)), 25.0);
        assert_eq!(squared_length(pt(3, -4), pt(0, 0)), 25.0);
        // dx² is not representable: rounded on its own, then added, the sum is
        // 10645508987013104; a fused multiply-add (one rounding) would give …106.
        let (dx, dy) = (103_176_991i64, 132_345i64);
        assert_eq!(
            squared_length(pt(0, 0), pt(dx, dy)),
            10_645_508_987_013_104.0
        );
        assert_eq!(
            (dx as f64).mul_add(dx as f64, (dy * dy) as f64),
            10_645_508_987_013_106.0
        );
    }

    #[test]
    fn limits_outside_three_to_sixteen_are_invalid() {
        for bad in [i64::MIN, -1, 0, 2, 17, i64::MAX] {
            assert_eq!(
                validate_max_vertices(bad),
                Err(RefError::InvalidArgument {
                    argument: "max_vertices".into(),
                    location: None
                })
            );
        }
        for good in 3..=16 {
            assert_eq!(validate_max_vertices(good), Ok(good as usize));
        }
    }

    #[test]
    fn splice_reads_the_text() {
        // P = [0, 1, 2] holds 1→2; Q = [2, 1, 3] holds 2→1 (a = 1, b = 2).
        assert_eq!(
            spliced_cycle(&[0, 1, 2], &[1, 3, 2], 1, 2),
            Some(vec![2, 0, 1, 3])
        );
        // A cycle without the edge gives nothing.
        assert_eq!(spliced_cycle(&[0, 1, 2], &[1, 2, 3], 1, 2), None);
    }

    #[test]
    fn join_refuses_a_reflex_corner() {
        // A dart: 0 (0,0), 1 (4,2), 2 (0,4), 3 (1,2) — triangles 0,1,3 (holding 1→3) and
        // 1,2,3 (holding 3→1); joined, the corner at 3 turns right.
        let v = vec![pt(0, 0), pt(4, 2), pt(0, 4), pt(1, 2)];
        assert_eq!(
            spliced_cycle(&[0, 1, 3], &[1, 2, 3], 1, 3),
            Some(vec![3, 0, 1, 2])
        );
        assert_eq!(merged_if_allowed(&v, &[0, 1, 3], &[1, 2, 3], 1, 3, 6), None);
        // The convex square 0 (0,0), 1 (4,0), 2 (4,4), 3 (0,4) joins across 0–2.
        let w = vec![pt(0, 0), pt(4, 0), pt(4, 4), pt(0, 4)];
        assert_eq!(
            merged_if_allowed(&w, &[0, 1, 2], &[0, 2, 3], 2, 0, 6),
            Some(vec![0, 1, 2, 3])
        );
        // The same square with limit 3 is refused by (a).
        assert_eq!(merged_if_allowed(&w, &[0, 1, 2], &[0, 2, 3], 2, 0, 3), None);
    }

    #[test]
    fn join_refuses_a_shared_third_vertex() {
        // P = [0, 1, 2, 4] holds 1→2, Q = [2, 1, 3, 4] holds 2→1; both hold 4 too, so
        // (b) refuses although (a) and the corners would pass.
        let v = vec![pt(0, 0), pt(4, 0), pt(4, 4), pt(8, 4), pt(2, 2)];
        assert_eq!(
            merged_if_allowed(&v, &[0, 1, 2, 4], &[2, 1, 3, 4], 1, 2, 16),
            None
        );
    }

    #[test]
    fn square_merges_and_neighbours_match_reversed_edges() {
        // Two triangles of the square, the diagonal 0–2.
        let t = tri(
            vec![pt(0, 0), pt(0, 4), pt(4, 0), pt(4, 4)],
            vec![[0, 2, 3], [0, 3, 1]],
        );
        let p = partition_convex(&t, 6).unwrap();
        assert_eq!(p.polygons, vec![vec![0, 2, 3, 1]]);
        assert_eq!(p.neighbors, vec![vec![-1, -1, -1, -1]]);
        let kept = partition_convex(&t, 3).unwrap();
        assert_eq!(kept.polygons, vec![vec![0, 2, 3], vec![0, 3, 1]]);
        assert_eq!(kept.neighbors, vec![vec![-1, -1, 1], vec![0, -1, -1]]);
    }

    #[test]
    fn broken_triangulations_are_defects() {
        let v = vec![pt(0, 0), pt(4, 0), pt(0, 4)];
        let twice = tri(v.clone(), vec![[0, 1, 2], [0, 1, 2]]);
        assert_eq!(partition_convex(&twice, 6), Err(RefError::GeometryDefect));
        let outside = tri(v, vec![[0, 1, 7]]);
        assert_eq!(partition_convex(&outside, 6), Err(RefError::GeometryDefect));
    }
}
