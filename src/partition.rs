//! Convex partition by the Hertel–Mehlhorn greedy merge ([PC1]–[PC5], X17).
//!
//! Input is a triangulation in the canonical form of [TR3]/[TR4]; output is the list of
//! weakly convex counter-clockwise polygons with per-edge neighbours.

use std::cmp::Ordering;

use crate::error::{Error, Result};
use crate::grid::GridPoint;
use crate::predicates::orient;
use crate::progress::{Stage, Step, Ticker};

/// Smallest and largest allowed `max_vertices_per_polygon` ([PC] header).
pub const MAX_VERTICES_RANGE: std::ops::RangeInclusive<usize> = 3..=16;
/// The default limit.
pub const DEFAULT_MAX_VERTICES: usize = 6;

/// Weakly convex polygons covering a region, with adjacency ([PC4], [PC5]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ConvexPartition {
    /// The vertices (the triangulation's, in (x, y) order).
    pub vertices: Vec<GridPoint>,
    /// Polygons as counter-clockwise vertex-index cycles, each starting at its smallest
    /// index, sorted lexicographically.
    pub polygons: Vec<Vec<u32>>,
    /// `neighbors[p][i]`: the polygon across edge (v_i, v_{i+1}) of polygon p, or −1.
    pub neighbors: Vec<Vec<i32>>,
}

impl ConvexPartition {
    /// Checks the [W1] promises: every polygon has 3 ..= `max_vertices` distinct vertices,
    /// turns left or goes straight at every vertex with positive area (weakly convex,
    /// counter-clockwise), starts at its smallest index, polygons are sorted, every
    /// directed edge is used once, neighbours are symmetric, and the doubled areas add up
    /// exactly to `region_area2`.
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let region = Region::from_outlines(&[square(0.0, 0.0, 2.0)], options)?;
    /// let p = region.partition_convex(4)?;
    /// assert_eq!(p.polygons.len(), 1);
    /// assert!(p.check(4, region.area2()).is_ok());
    /// assert!(p.check(4, region.area2() + 2).is_err()); // the areas must add up
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn check(&self, max_vertices: usize, region_area2: i128) -> Result<(), String> {
        let total = check_polygons(
            &self.vertices,
            &self.polygons,
            &self.neighbors,
            max_vertices,
        )?;
        if total != region_area2 {
            return Err(format!(
                "areas add up to {total}, region has {region_area2}"
            ));
        }
        Ok(())
    }
}

/// The promises of [`ConvexPartition::check`] but the area, on any polygons with
/// neighbour lists (also [`crate::NavMesh::check`]); the doubled total area.
pub(crate) fn check_polygons(
    vertices: &[GridPoint],
    polygons: &[Vec<u32>],
    neighbors: &[Vec<i32>],
    max_vertices: usize,
) -> Result<i128, String> {
    let n = vertices.len();
    if neighbors.len() != polygons.len() {
        return Err("one neighbour list per polygon".into());
    }
    if !polygons.windows(2).all(|w| w[0] < w[1]) {
        return Err("polygons not sorted and distinct".into());
    }
    // Every directed edge with its polygon, sorted: lookups by binary search.
    let mut edges: Vec<((u32, u32), i32)> = Vec::new();
    let mut total: i128 = 0;
    for (k, poly) in polygons.iter().enumerate() {
        let m = poly.len();
        if m < 3 || m > max_vertices {
            return Err(format!("polygon {k} has {m} vertices"));
        }
        if poly.iter().any(|&v| v as usize >= n) {
            return Err(format!("polygon {k} has a bad vertex index"));
        }
        if poly.iter().skip(1).any(|&v| v <= poly[0]) {
            return Err(format!("polygon {k} does not start at its smallest index"));
        }
        let at = |i: usize| vertices[poly[i % m] as usize];
        let mut area2: i128 = 0;
        for i in 0..m {
            if orient(at(i), at(i + 1), at(i + 2)) == Ordering::Less {
                return Err(format!("polygon {k} turns right at {}", poly[(i + 1) % m]));
            }
            let (a, b) = (at(i), at(i + 1));
            area2 += i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y);
            edges.push(((poly[i], poly[(i + 1) % m]), k as i32));
        }
        if area2 <= 0 {
            return Err(format!("polygon {k} is not counter-clockwise"));
        }
        total += area2;
        if neighbors[k].len() != m {
            return Err(format!("polygon {k}: one neighbour per edge"));
        }
    }
    edges.sort_unstable();
    if let Some(w) = edges.windows(2).find(|w| w[0].0 == w[1].0) {
        let (a, b) = w[0].0;
        return Err(format!("edge {a}→{b} used twice"));
    }
    for (k, poly) in polygons.iter().enumerate() {
        for i in 0..poly.len() {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            let expected = owner_of(&edges, (b, a));
            if neighbors[k][i] != expected {
                return Err(format!(
                    "polygon {k} edge {i}: neighbour {} expected {expected}",
                    neighbors[k][i]
                ));
            }
        }
    }
    Ok(total)
}

/// A merge candidate of [PC1]: an interior edge `lo`–`hi` (lo < hi) between two kept
/// triangles, with its squared length (the merge order, X17).
struct Diagonal {
    length2: f64,
    lo: u32,
    hi: u32,
    triangles: [usize; 2],
}

/// Merges the triangles of a canonical triangulation into convex polygons of at most
/// `max_vertices` vertices ([PC1]–[PC3], X17).
///
/// `triangles` are counter-clockwise index triples and `neighbors[3t + i]` the triangle
/// across edge (v_i, v_{i+1}) or −1 ([TR4]).
pub fn partition_convex(
    vertices: &[GridPoint],
    triangles: &[[u32; 3]],
    neighbors: &[i32],
    max_vertices: usize,
) -> Result<ConvexPartition> {
    partition_observed(
        vertices,
        triangles,
        neighbors,
        max_vertices,
        &mut Ticker::silent(),
    )
}

/// [`partition_convex`], counting the diagonals considered on `ticker`.
pub(crate) fn partition_observed(
    vertices: &[GridPoint],
    triangles: &[[u32; 3]],
    neighbors: &[i32],
    max_vertices: usize,
    ticker: &mut Ticker,
) -> Result<ConvexPartition> {
    if !MAX_VERTICES_RANGE.contains(&max_vertices) {
        return Err(Error::invalid(
            "max_vertices",
            format!("must be in 3..=16, got {max_vertices}"),
        ));
    }
    if neighbors.len() != 3 * triangles.len()
        || triangles
            .iter()
            .flatten()
            .any(|&v| v as usize >= vertices.len())
        || neighbors
            .iter()
            .any(|&n| n >= triangles.len() as i32 || n < -1)
    {
        return Err(Error::invalid("triangulation", "inconsistent indices"));
    }
    // [PC1]/X17: interior edges between two kept triangles, once each as (min, max).
    let mut diagonals: Vec<Diagonal> = Vec::new();
    for (t, tri) in triangles.iter().enumerate() {
        for i in 0..3 {
            let n = neighbors[3 * t + i];
            if n < 0 || (n as usize) < t {
                continue;
            }
            let (a, b) = (tri[i], tri[(i + 1) % 3]);
            let (pa, pb) = (vertices[a as usize], vertices[b as usize]);
            let dx = (pb.x - pa.x) as f64;
            let dy = (pb.y - pa.y) as f64;
            diagonals.push(Diagonal {
                length2: dx * dx + dy * dy,
                lo: a.min(b),
                hi: a.max(b),
                triangles: [t, n as usize],
            });
        }
    }
    // Longest first; ties by smaller then larger vertex index.
    diagonals.sort_by(|x, y| {
        y.length2
            .partial_cmp(&x.length2)
            .unwrap_or(Ordering::Equal)
            .then(x.lo.cmp(&y.lo))
            .then(x.hi.cmp(&y.hi))
    });

    if crate::mutation::active(crate::mutation::Mutation::PartitionOrder) {
        diagonals.reverse();
    }
    let mut polygons: Vec<Vec<u32>> = triangles.iter().map(|t| t.to_vec()).collect();
    let mut alive = vec![true; polygons.len()];
    let mut owner: Vec<usize> = (0..triangles.len()).collect(); // union-find parent
    fn find(owner: &mut [usize], mut x: usize) -> usize {
        while owner[x] != x {
            owner[x] = owner[owner[x]];
            x = owner[x];
        }
        x
    }

    // [PC3]: one pass in that order is exhaustive.
    ticker.start(Stage::Partition, Step::Diagonals, diagonals.len())?;
    for (
        done,
        &Diagonal {
            lo,
            hi,
            triangles: [t, u],
            ..
        },
    ) in diagonals.iter().enumerate()
    {
        ticker.tick(done)?;
        let p = find(&mut owner, t);
        let q = find(&mut owner, u);
        if p == q {
            continue;
        }
        if let Some(joined) = try_join(vertices, &polygons[p], &polygons[q], lo, hi, max_vertices) {
            polygons[p] = joined;
            polygons[q].clear();
            alive[q] = false;
            owner[q] = p;
        }
    }

    ticker.finish()?;
    // [PC4]: start at the smallest index, sort lexicographically.
    let mut out: Vec<Vec<u32>> = polygons
        .into_iter()
        .zip(alive)
        .filter(|(_, a)| *a)
        .map(|(mut poly, _)| {
            let start = (0..poly.len()).min_by_key(|&i| poly[i]).unwrap_or(0);
            poly.rotate_left(start);
            poly
        })
        .collect();
    out.sort();

    // [PC5]: the neighbour across (v_i, v_{i+1}) holds the reversed edge.
    let mut edge_owner: Vec<((u32, u32), i32)> = out
        .iter()
        .enumerate()
        .flat_map(|(k, poly)| {
            (0..poly.len()).map(move |i| ((poly[i], poly[(i + 1) % poly.len()]), k as i32))
        })
        .collect();
    edge_owner.sort_unstable();
    let neighbors = out
        .iter()
        .map(|poly| {
            (0..poly.len())
                .map(|i| {
                    let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
                    owner_of(&edge_owner, (b, a))
                })
                .collect()
        })
        .collect();
    Ok(ConvexPartition {
        vertices: vertices.to_vec(),
        polygons: out,
        neighbors,
    })
}

/// The polygon that holds directed edge `e` in a sorted (edge, polygon) list, or −1.
fn owner_of(edges: &[((u32, u32), i32)], e: (u32, u32)) -> i32 {
    edges
        .binary_search_by_key(&e, |&(edge, _)| edge)
        .map_or(-1, |i| edges[i].1)
}

/// The polygon P ∪ Q across diagonal {lo, hi} if [PC2] allows it: P's cycle with the
/// diagonal replaced by Q's path between its ends (X17).
fn try_join(
    vertices: &[GridPoint],
    p: &[u32],
    q: &[u32],
    lo: u32,
    hi: u32,
    max_vertices: usize,
) -> Option<Vec<u32>> {
    // (a) the joined polygon has |P| + |Q| − 2 vertices.
    if p.len() + q.len() - 2 > max_vertices {
        return None;
    }
    // P holds the diagonal as a→b, Q as b→a.
    let n = p.len();
    let i = (0..n).find(|&i| {
        let (x, y) = (p[i], p[(i + 1) % n]);
        (x == lo && y == hi) || (x == hi && y == lo)
    })?;
    let (a, b) = (p[i], p[(i + 1) % n]);
    let m = q.len();
    let j = (0..m).find(|&j| q[j] == b && q[(j + 1) % m] == a)?;
    // (b) no shared vertex other than the diagonal's ends.
    if p.iter().any(|v| *v != a && *v != b && q.contains(v)) {
        return None;
    }
    // P from b round to a: b, p_{i+2}, ..., a. Q from a round to b: a, q_{j+2}, ..., b.
    let p_path: Vec<u32> = (0..n).map(|k| p[(i + 1 + k) % n]).collect();
    let q_inner: Vec<u32> = (0..m - 2).map(|k| q[(j + 2 + k) % m]).collect();
    // (c) the turns at both ends are left or straight.
    let at = |v: u32| vertices[v as usize];
    let p_before_a = p[(i + n - 1) % n];
    let p_after_b = p[(i + 2) % n];
    let q_after_a = q[(j + 2) % m];
    let q_before_b = q[(j + m - 1) % m];
    if orient(at(p_before_a), at(a), at(q_after_a)) == Ordering::Less
        || orient(at(q_before_b), at(b), at(p_after_b)) == Ordering::Less
    {
        return None;
    }
    let mut joined = p_path;
    joined.extend(q_inner);
    Some(joined)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    #[test]
    fn two_triangles_of_a_square_merge() {
        // Square 0=(0,0) 1=(0,2) 2=(2,0) 3=(2,2) (sorted by (x, y)); triangles (0,2,3)
        // and (0,3,1) share the diagonal 0–3.
        let v = [p(0, 0), p(0, 2), p(2, 0), p(2, 2)];
        let tris = [[0, 2, 3], [0, 3, 1]];
        let nb = [-1, -1, 1, 0, -1, -1];
        let out = partition_convex(&v, &tris, &nb, 6).unwrap();
        assert_eq!(out.polygons, vec![vec![0, 2, 3, 1]]);
        assert_eq!(out.neighbors, vec![vec![-1, -1, -1, -1]]);
        // With a limit of 3 nothing merges.
        let out = partition_convex(&v, &tris, &nb, 3).unwrap();
        assert_eq!(out.polygons, vec![vec![0, 2, 3], vec![0, 3, 1]]);
        assert_eq!(out.neighbors, vec![vec![-1, -1, 1], vec![0, -1, -1]]);
    }

    #[test]
    fn reflex_join_is_refused() {
        // 0=(0,0) 1=(3,1) 2=(4,0) 3=(4,4); triangles (0,2,1) and (1,2,3) share 1–2.
        // Their union (0,0),(4,0),(4,4),(3,1) turns right at (3,1): from (4,4) to (3,1)
        // is (−1,−3), on to (0,0) is (−3,−1), cross = 1 − 9 < 0, so no merge.
        let v = [p(0, 0), p(3, 1), p(4, 0), p(4, 4)];
        let tris = [[0, 2, 1], [1, 2, 3]];
        let nb = [-1, 1, -1, 0, -1, -1];
        let out = partition_convex(&v, &tris, &nb, 6).unwrap();
        assert_eq!(out.polygons.len(), 2);
    }

    #[test]
    fn limit_out_of_range_is_an_error() {
        assert!(partition_convex(&[], &[], &[], 2).is_err());
        assert!(partition_convex(&[], &[], &[], 17).is_err());
        assert_eq!(
            partition_convex(&[], &[], &[], 3).unwrap(),
            ConvexPartition::default()
        );
    }

    #[test]
    fn the_ticker_counts_each_interior_edge_once() {
        // Square as in two_triangles_of_a_square_merge plus a third triangle (2,4,3) on
        // its right: two interior edges, 0–3 and 2–3, each seen from both triangles.
        use crate::progress::{Progress, Step, Ticker};
        use std::ops::ControlFlow;
        let v = [p(0, 0), p(0, 2), p(2, 0), p(2, 2), p(4, 1)];
        let tris = [[0, 2, 3], [0, 3, 1], [2, 4, 3]];
        let nb = [-1, 2, 1, 0, -1, -1, -1, -1, 0];
        let mut reports: Vec<Progress> = Vec::new();
        let mut control = |r: &Progress| {
            reports.push(*r);
            ControlFlow::Continue(())
        };
        let mut ticker = Ticker::new(Some(&mut control));
        partition_observed(&v, &tris, &nb, 6, &mut ticker).unwrap();
        let totals: Vec<(Step, u64, u64)> =
            reports.iter().map(|r| (r.step, r.done, r.total)).collect();
        assert_eq!(totals, [(Step::Diagonals, 0, 2), (Step::Diagonals, 2, 2)]);
    }

    #[test]
    fn no_join_across_an_edge_the_neighbour_does_not_hold() {
        // Triangle 0 (0,1,2) names triangle 1 (2,4,3) across its edge 1→2, but triangle 1
        // holds vertex 2 and not the edge 2→1. Joined anyway, the two would form the
        // convex (2,0,1,3); only polygons sharing the diagonal may merge ([PC2]).
        let v = [p(0, 0), p(4, 0), p(0, 4), p(2, 6), p(4, 4)];
        let tris = [[0, 1, 2], [2, 4, 3]];
        let nb = [-1, 1, -1, -1, -1, -1];
        let out = partition_convex(&v, &tris, &nb, 6).unwrap();
        assert_eq!(out.polygons, vec![vec![0, 1, 2], vec![2, 4, 3]]);
    }
}
