//! Reference convex partition ([PC1]–[PC5], X17; docs/spec/partition.md): the
//! Hertel–Mehlhorn greedy merge over the canonical triangulation, written as the procedure
//! reads with naive data: a list of polygons, each with the triangles it holds, and a
//! linear scan to find the polygon of a triangle (no union-find).

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use crate::error::RefError;
use crate::geom::Point;
use crate::predicates::orient;
use crate::triangulate::Triangulation;

/// The limit used when none is given ([PC] heading: default 6).
pub const DEFAULT_MAX_VERTICES: usize = 6;

/// The smallest and largest legal limits (3..=16).
pub const MAX_VERTICES_RANGE: std::ops::RangeInclusive<i64> = 3..=16;

/// A convex partition in canonical form ([PC4], [PC5]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Partition {
    /// The triangulation's vertices: distinct ring vertices sorted by (x, y).
    pub vertices: Vec<Point>,
    /// Counter-clockwise polygons, each starting at its smallest index, sorted
    /// lexicographically.
    pub polygons: Vec<Vec<usize>>,
    /// `neighbors[p][i]`: the polygon holding the reversed edge of (v_i, v_{i+1}), or −1.
    pub neighbors: Vec<Vec<i64>>,
}

/// X17: a limit outside 3..=16 is an invalid argument `max_vertices`.
pub fn validate_max_vertices(max_vertices: i64) -> Result<usize, RefError> {
    if MAX_VERTICES_RANGE.contains(&max_vertices) {
        usize::try_from(max_vertices).map_err(|_| invalid_max_vertices())
    } else {
        Err(invalid_max_vertices())
    }
}

fn invalid_max_vertices() -> RefError {
    RefError::InvalidArgument {
        argument: "max_vertices".into(),
        location: None,
    }
}

/// One candidate diagonal: its ends (lo < hi), its squared length and the two triangles
/// it separates (`first` holds it as lo→hi or hi→lo, whichever the triangle has).
#[derive(Debug, Clone, Copy)]
struct Diagonal {
    lo: usize,
    hi: usize,
    length2: f64,
    /// A triangle holding the directed edge `from`→`to`.
    first: usize,
    /// The triangle across it.
    second: usize,
    from: usize,
    to: usize,
}

/// X17 step 1: the squared length in f64 exactly as written, convert, multiply, add.
pub fn squared_length(a: Point, b: Point) -> f64 {
    let dx = (b.x - a.x) as f64;
    let dy = (b.y - a.y) as f64;
    (dx * dx) + (dy * dy)
}

/// [PC1]/X17 steps 1–2: every edge shared by two triangles, once, sorted by squared
/// length descending, then lo, then hi ascending.
fn candidate_diagonals(tri: &Triangulation) -> Result<Vec<Diagonal>, RefError> {
    let mut seen = BTreeSet::new();
    let mut diagonals = Vec::new();
    for (k, t) in tri.triangles.iter().enumerate() {
        for i in 0..3 {
            let across = tri
                .neighbors
                .get(3 * k + i)
                .copied()
                .ok_or(RefError::GeometryDefect)?;
            if across < 0 {
                continue;
            }
            let (from, to) = (t[i], t[(i + 1) % 3]);
            let (lo, hi) = (from.min(to), from.max(to));
            if !seen.insert((lo, hi)) {
                continue;
            }
            let (a, b) = (vertex(tri, lo)?, vertex(tri, hi)?);
            diagonals.push(Diagonal {
                lo,
                hi,
                length2: squared_length(a, b),
                first: k,
                second: usize::try_from(across).map_err(|_| RefError::GeometryDefect)?,
                from,
                to,
            });
        }
    }
    diagonals.sort_by(|x, y| {
        y.length2
            .total_cmp(&x.length2)
            .then(x.lo.cmp(&y.lo))
            .then(x.hi.cmp(&y.hi))
    });
    Ok(diagonals)
}

fn vertex(tri: &Triangulation, i: usize) -> Result<Point, RefError> {
    tri.vertices.get(i).copied().ok_or(RefError::GeometryDefect)
}

/// A polygon while merging: its cycle and the triangles it is the union of.
#[derive(Debug, Clone)]
struct Piece {
    cycle: Vec<usize>,
    triangles: Vec<usize>,
}

/// The index of the piece holding triangle `t`, by scanning every piece.
fn piece_of(pieces: &[Piece], t: usize) -> Result<usize, RefError> {
    pieces
        .iter()
        .position(|p| p.triangles.contains(&t))
        .ok_or(RefError::GeometryDefect)
}

/// Position of the directed edge a→b in a cycle.
fn edge_position(cycle: &[usize], a: usize, b: usize) -> Option<usize> {
    let n = cycle.len();
    (0..n).find(|&i| cycle[i] == a && cycle[(i + 1) % n] == b)
}

/// X17 step 3 for one diagonal: the joined cycle of P (holding a→b) and Q (holding b→a)
/// when (a), (b) and (c) all hold, else `None`.
fn try_join(
    vertices: &[Point],
    p: &[usize],
    q: &[usize],
    a: usize,
    b: usize,
    max_vertices: usize,
) -> Result<Option<Vec<usize>>, RefError> {
    // (a) the joined polygon has |P| + |Q| − 2 vertices.
    if p.len() + q.len() - 2 > max_vertices {
        return Ok(None);
    }
    // (b) no common vertex other than a and b.
    if p.iter().any(|v| *v != a && *v != b && q.contains(v)) {
        return Ok(None);
    }
    let i = edge_position(p, a, b).ok_or(RefError::GeometryDefect)?;
    let j = edge_position(q, b, a).ok_or(RefError::GeometryDefect)?;
    let (np, nq) = (p.len(), q.len());
    // P: … p⁻, a, b, p⁺ …; Q: … q⁻, b, a, q⁺ ….
    let p_before_a = p[(i + np - 1) % np];
    let p_after_b = p[(i + 2) % np];
    let q_before_b = q[(j + nq - 1) % nq];
    let q_after_a = q[(j + 2) % nq];
    let at = |v: usize| vertices[v];
    // (c) both new corners turn left or go straight (exact orientation ≥ 0).
    if orient(at(p_before_a), at(a), at(q_after_a)) == Ordering::Less
        || orient(at(q_before_b), at(b), at(p_after_b)) == Ordering::Less
    {
        return Ok(None);
    }
    // P from b round to a, then Q strictly between a and b (a's successor to b's
    // predecessor).
    let mut joined: Vec<usize> = (0..np).map(|k| p[(i + 1 + k) % np]).collect();
    joined.extend((0..nq - 2).map(|k| q[(j + 2 + k) % nq]));
    Ok(Some(joined))
}

/// [PC4]: rotated to start at the smallest index.
fn rotate_to_smallest(cycle: &[usize]) -> Vec<usize> {
    let n = cycle.len();
    let start = (0..n).min_by_key(|&k| cycle[k]).unwrap_or(0);
    (0..n).map(|k| cycle[(start + k) % n]).collect()
}

/// [PC1]–[PC5], X17: the convex partition of a canonical triangulation with at most
/// `max_vertices` vertices per polygon (validated first: 3..=16).
pub fn partition_convex(tri: &Triangulation, max_vertices: i64) -> Result<Partition, RefError> {
    let max_vertices = validate_max_vertices(max_vertices)?;
    if tri.neighbors.len() != 3 * tri.triangles.len() {
        return Err(RefError::GeometryDefect);
    }
    let diagonals = candidate_diagonals(tri)?;
    let mut pieces: Vec<Piece> = tri
        .triangles
        .iter()
        .enumerate()
        .map(|(k, t)| Piece {
            cycle: t.to_vec(),
            triangles: vec![k],
        })
        .collect();
    // [PC3]: one pass in the order of step 2.
    for d in &diagonals {
        let (ip, iq) = (piece_of(&pieces, d.first)?, piece_of(&pieces, d.second)?);
        if ip == iq {
            continue;
        }
        let joined = try_join(
            &tri.vertices,
            &pieces[ip].cycle,
            &pieces[iq].cycle,
            d.from,
            d.to,
            max_vertices,
        )?;
        if let Some(cycle) = joined {
            let q = pieces[iq].triangles.clone();
            pieces[ip].cycle = cycle;
            pieces[ip].triangles.extend(q);
            pieces.remove(iq);
        }
    }
    let mut polygons: Vec<Vec<usize>> = pieces
        .iter()
        .map(|p| rotate_to_smallest(&p.cycle))
        .collect();
    polygons.sort();
    let neighbors = polygon_neighbors(&polygons)?;
    Ok(Partition {
        vertices: tri.vertices.clone(),
        polygons,
        neighbors,
    })
}

/// [PC5]: for each polygon edge the polygon holding the reversed edge, or −1.
fn polygon_neighbors(polygons: &[Vec<usize>]) -> Result<Vec<Vec<i64>>, RefError> {
    let mut owner: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for (k, poly) in polygons.iter().enumerate() {
        for i in 0..poly.len() {
            if owner
                .insert((poly[i], poly[(i + 1) % poly.len()]), k)
                .is_some()
            {
                return Err(RefError::GeometryDefect);
            }
        }
    }
    Ok(polygons
        .iter()
        .map(|poly| {
            (0..poly.len())
                .map(|i| {
                    let reversed = (poly[(i + 1) % poly.len()], poly[i]);
                    owner.get(&reversed).map_or(-1, |&k| k as i64)
                })
                .collect()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    #[test]
    fn limit_range() {
        assert!(validate_max_vertices(2).is_err());
        assert!(validate_max_vertices(17).is_err());
        assert!(validate_max_vertices(-1).is_err());
        assert!(validate_max_vertices(i64::MAX).is_err());
        assert_eq!(validate_max_vertices(3), Ok(3));
        assert_eq!(validate_max_vertices(16), Ok(16));
    }

    #[test]
    fn squared_length_converts_then_multiplies() {
        // dx = 2^27 + 1: dx² = 2^54 + 2^28 + 1 is not an f64; the rule rounds the product
        // (to 2^54 + 2^28) rather than computing in integers first.
        let d = (1i64 << 27) + 1;
        let got = squared_length(p(0, 0), p(d, 0));
        assert_eq!(got, ((d as f64) * (d as f64)) + 0.0);
        assert_eq!(got, 18014398777917440.0); // 2^54 + 2^28
    }

    #[test]
    fn join_reads_p_from_b_round_to_a_then_q_between() {
        // P = square 0..2 split: P = (0,0),(2,0),(2,2) holds a→b = 2→0 ((2,2)→(0,0));
        // Q = (0,0),(2,2),(0,2) holds 0→2. Joined: b=0, P's 1, then a=2, then Q's 3.
        let v = [p(0, 0), p(2, 0), p(2, 2), p(0, 2)];
        let joined = try_join(&v, &[0, 1, 2], &[0, 2, 3], 2, 0, 4).unwrap();
        assert_eq!(joined, Some(vec![0, 1, 2, 3]));
        // (a): 4 vertices do not fit a limit of 3.
        assert_eq!(try_join(&v, &[0, 1, 2], &[0, 2, 3], 2, 0, 3).unwrap(), None);
    }

    #[test]
    fn join_refuses_a_reflex_corner() {
        // A dart: (0,0),(4,0),(4,4),(3,1) is reflex at (3,1); the triangles on either side
        // of (4,0)–(3,1) would join into it: corner at (3,1) turns right.
        let v = [p(0, 0), p(4, 0), p(4, 4), p(3, 1)];
        // P = (4,0),(4,4),(3,1) holds 3→1; Q = (0,0),(4,0),(3,1) holds 1→3.
        assert_eq!(try_join(&v, &[1, 2, 3], &[0, 1, 3], 3, 1, 6).unwrap(), None);
    }

    #[test]
    fn join_refuses_a_shared_third_vertex() {
        // Synthetic cycles sharing a, b and v: (a) and (c) pass (both corners turn by 0
        // since p⁻ = q⁺ = v), so only (b) refuses.
        let v = [p(0, 0), p(1, 0), p(0, 1)];
        assert_eq!(try_join(&v, &[0, 1, 2], &[1, 0, 2], 0, 1, 6).unwrap(), None);
    }
}
