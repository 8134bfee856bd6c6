//! `Region::triangulate` ([TR1]–[TR4], X16, [L7]): ring vertices and ring edges into the
//! CDT, a winding flood from the bounding triangles, the kept triangles in canonical
//! order (docs/cdt.md §7.2).

use crate::cdt::{rotate_to_smallest, Cdt};
use crate::error::{Error, Result};
use crate::grid::GridPoint;
use crate::progress::Ticker;
use crate::region::Region;

/// The triangles covering a region exactly, with adjacency ([TR1]–[TR4]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Triangulation {
    /// The ring vertices sorted by (x, y) ([TR2]).
    pub vertices: Vec<GridPoint>,
    /// Counter-clockwise triangles, each starting at its smallest index, sorted ([TR3]).
    pub triangles: Vec<[u32; 3]>,
    /// Entry 3t + i: the triangle across edge (v_i, v_{i+1}) of triangle t, or −1 ([TR4]).
    pub neighbors: Vec<i32>,
}

fn defect(reason: impl Into<String>) -> Error {
    Error::GeometryDefect {
        reason: reason.into(),
    }
}

impl Region {
    /// The constrained Delaunay triangulation of the region (X16).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let t = Region::from_outlines(&[square(0.0, 0.0, 2.0)], options)?.triangulate()?;
    /// assert_eq!((t.vertices.len(), t.triangles.len()), (4, 2));
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn triangulate(&self) -> Result<Triangulation> {
        Ok(self.triangulate_windings()?.0)
    }

    /// [`Region::triangulate`] plus the flood's winding number of every output triangle,
    /// so that tests can compare it with the sweep's labels ([L7]).
    #[cfg(feature = "internals")]
    pub fn triangulate_with_windings(&self) -> Result<(Triangulation, Vec<i64>)> {
        self.triangulate_windings()
    }

    /// The triangulation and the flood's winding of every triangle.
    pub(crate) fn triangulate_windings(&self) -> Result<(Triangulation, Vec<i64>)> {
        self.triangulate_observed(&mut Ticker::silent())
    }

    /// The triangulation and the flood's winding of every triangle, counting the CDT's
    /// insertions on `ticker`.
    pub(crate) fn triangulate_observed(
        &self,
        ticker: &mut Ticker,
    ) -> Result<(Triangulation, Vec<i64>)> {
        // Every ring vertex occurrence sorted with its position: the distinct points in
        // (x, y) order and each occurrence's index come out of one pass, no lookups.
        let mut occurrences: Vec<(GridPoint, u32)> = self
            .rings()
            .iter()
            .flatten()
            .enumerate()
            .map(|(k, &p)| (p, k as u32))
            .collect();
        occurrences.sort_unstable();
        let mut vertices: Vec<GridPoint> = Vec::with_capacity(occurrences.len());
        let mut ids = vec![0u32; occurrences.len()];
        for &(p, k) in &occurrences {
            if vertices.last() != Some(&p) {
                vertices.push(p);
            }
            ids[k as usize] = (vertices.len() - 1) as u32;
        }
        drop(occurrences);
        let edges = RingEdges::new(self.rings(), &ids, vertices.len())?;
        drop(ids);
        let constraints = edges.pairs();
        let cdt = Cdt::new_observed(&vertices, &constraints, ticker)?;
        drop(constraints);
        let windings = flood(&cdt, &edges)?;
        let triangles = cdt.triangles();
        let kept_slots: Vec<u32> = (0..triangles.len())
            .filter(|&t| windings[t] > 0 && triangles[t].v.iter().all(|&v| !cdt.is_bounding(v)))
            .map(|t| t as u32)
            .collect();
        // [TR3] order: a counting sort by the smallest vertex (every kept vertex is an
        // input point), then each short run by the other two.
        let mut first = vec![0u32; vertices.len() + 1];
        for &t in &kept_slots {
            let v = triangles[t as usize].v;
            first[v[0].min(v[1]).min(v[2]) as usize + 1] += 1;
        }
        for a in 0..vertices.len() {
            first[a + 1] += first[a];
        }
        let mut kept: Vec<([u32; 3], u32)> = vec![([0; 3], 0); kept_slots.len()];
        for &t in &kept_slots {
            let v = rotate_to_smallest(triangles[t as usize].v);
            let at = &mut first[v[0] as usize];
            kept[*at as usize] = (v, t);
            *at += 1;
        }
        drop(kept_slots);
        // Each counter now holds the end of its run, which is the next run's start.
        let mut start = 0;
        for &end in &first[..vertices.len()] {
            kept[start..end as usize].sort_unstable();
            start = end as usize;
        }
        let mut output_index = vec![-1i32; triangles.len()];
        for (k, &(_, slot)) in kept.iter().enumerate() {
            output_index[slot as usize] = i32::try_from(k).map_err(|_| defect("too many"))?;
        }
        let mut neighbors = Vec::with_capacity(3 * kept.len());
        for &(v, slot) in &kept {
            let tri = &triangles[slot as usize];
            for vi in v {
                // Edge (v_i, v_{i+1}) of the rotated triple is an edge of the slot.
                let k = (0..3)
                    .find(|&k| tri.v[k] == vi)
                    .ok_or_else(|| defect("rotation lost a vertex"))?;
                let across = tri.nb[k];
                neighbors.push(if across == crate::cdt::topology::NONE {
                    -1
                } else {
                    output_index[across as usize]
                });
            }
        }
        let kept_windings = kept.iter().map(|&(_, t)| windings[t as usize]).collect();
        let triangulation = Triangulation {
            vertices,
            triangles: kept.into_iter().map(|(v, _)| v).collect(),
            neighbors,
        };
        Ok((triangulation, kept_windings))
    }
}

/// The ring edges as (smaller, larger) vertex index pairs, grouped by the smaller end and
/// sorted, each with the net count of the directed edges smaller→larger (a region has
/// each directed edge at most once).
struct RingEdges {
    /// `larger[first[a]..first[a + 1]]`: the edges whose smaller end is a (a handful).
    first: Vec<u32>,
    larger: Vec<u32>,
    net: Vec<i64>,
}

impl RingEdges {
    /// `ids[k]`: the vertex index of the k-th ring vertex occurrence (rings flattened).
    fn new(rings: &[Vec<GridPoint>], ids: &[u32], vertex_count: usize) -> Result<RingEdges> {
        // Counting sort by the smaller end, then each short run by the larger end.
        let mut directed: Vec<(u32, u32)> = Vec::with_capacity(ids.len());
        let mut offset = 0;
        for ring in rings {
            let ring_ids = &ids[offset..offset + ring.len()];
            offset += ring.len();
            for k in 0..ring_ids.len() {
                let (a, b) = (ring_ids[k], ring_ids[(k + 1) % ring_ids.len()]);
                if a == b {
                    return Err(defect("ring with a zero-length edge"));
                }
                directed.push((a, b));
            }
        }
        let mut first = vec![0u32; vertex_count + 1];
        for &(a, b) in &directed {
            first[a.min(b) as usize + 1] += 1;
        }
        for a in 0..vertex_count {
            first[a + 1] += first[a];
        }
        let mut fill = first.clone();
        let mut slots: Vec<(u32, i64)> = vec![(0, 0); directed.len()];
        for &(a, b) in &directed {
            let at = &mut fill[a.min(b) as usize];
            slots[*at as usize] = (a.max(b), if a < b { 1 } else { -1 });
            *at += 1;
        }
        drop(directed);
        let (mut larger, mut net) = (Vec::with_capacity(slots.len()), Vec::new());
        net.reserve(slots.len());
        let mut merged_first = vec![0u32; vertex_count + 1];
        for a in 0..vertex_count {
            let run = &mut slots[first[a] as usize..first[a + 1] as usize];
            run.sort_unstable_by_key(|&(b, _)| b);
            for &(b, count) in run.iter() {
                if larger.len() > merged_first[a] as usize && larger.last() == Some(&b) {
                    *net.last_mut().expect("pushed with larger") += count;
                } else {
                    larger.push(b);
                    net.push(count);
                }
            }
            merged_first[a + 1] = larger.len() as u32;
        }
        Ok(RingEdges {
            first: merged_first,
            larger,
            net,
        })
    }

    /// The distinct edges in (smaller, larger) order: the CDT's constraints.
    fn pairs(&self) -> Vec<(usize, usize)> {
        let mut pairs = Vec::with_capacity(self.larger.len());
        for a in 0..self.first.len() - 1 {
            let run = self.first[a] as usize..self.first[a + 1] as usize;
            pairs.extend(self.larger[run].iter().map(|&b| (a, b as usize)));
        }
        pairs
    }

    /// count(smaller→larger) − count(larger→smaller) of edge (a, b), a < b; 0 if none.
    fn net(&self, a: u32, b: u32) -> i64 {
        let run = self.first[a as usize] as usize..self.first[a as usize + 1] as usize;
        self.larger[run.clone()]
            .iter()
            .position(|&to| to == b)
            .map_or(0, |k| self.net[run.start + k])
    }
}

/// Winding per slot: 0 on the triangles with a bounding vertex; crossing edge (a, b) of a
/// slot into its neighbour adds count(b→a) − count(a→b) (docs/cdt.md §7.2 step 3). The
/// winding is a function of the slot (checked on every edge), so the order in which the
/// triangles are reached does not matter.
fn flood(cdt: &Cdt, edges: &RingEdges) -> Result<Vec<i64>> {
    const UNSEEN: i64 = i64::MIN;
    let triangles = cdt.triangles();
    let mut winding: Vec<i64> = vec![UNSEEN; triangles.len()];
    let mut stack: Vec<u32> = Vec::new();
    for (t, tri) in triangles.iter().enumerate() {
        if tri.v.iter().any(|&v| cdt.is_bounding(v)) {
            winding[t] = 0;
            stack.push(t as u32);
        }
    }
    // count(b→a) − count(a→b).
    let count = |a: u32, b: u32| {
        if a < b {
            -edges.net(a, b)
        } else {
            edges.net(b, a)
        }
    };
    while let Some(t) = stack.pop() {
        let w = winding[t as usize];
        let tri = &triangles[t as usize];
        for i in 0..3 {
            let u = tri.nb[i];
            if u == crate::cdt::topology::NONE {
                continue;
            }
            // Every ring edge is a constraint, flagged on both sides: an unflagged edge
            // is no ring edge either way and changes nothing (no lookup).
            let next = if tri.con[i] {
                let (a, b) = (tri.v[i], tri.v[(i + 1) % 3]);
                w + count(a, b)
            } else {
                w
            };
            let seen = &mut winding[u as usize];
            if *seen == UNSEEN {
                *seen = next;
                stack.push(u);
            } else if *seen != next {
                return Err(defect("inconsistent winding in the flood"));
            }
        }
    }
    if winding.contains(&UNSEEN) {
        return Err(defect("triangle not reached by the flood"));
    }
    Ok(winding)
}

impl Triangulation {
    /// Checks [TR3]/[TR4] and validity: indices in range, counter-clockwise triangles
    /// starting at their smallest index and sorted, neighbours symmetric across the
    /// reversed edge.
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let mut t = Region::from_outlines(&[square(0.0, 0.0, 2.0)], options)?.triangulate()?;
    /// assert!(t.check().is_ok());
    /// t.triangles[0].swap(1, 2); // now clockwise
    /// assert!(t.check().is_err());
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn check(&self) -> Result<()> {
        let n = self.vertices.len() as u32;
        if self.neighbors.len() != 3 * self.triangles.len() {
            return Err(defect("neighbour list length"));
        }
        if self.vertices.windows(2).any(|w| w[0] >= w[1]) {
            return Err(defect("vertices not sorted and distinct"));
        }
        if self.triangles.windows(2).any(|w| w[0] >= w[1]) {
            return Err(defect("triangles not sorted"));
        }
        for (t, v) in self.triangles.iter().enumerate() {
            if v.iter().any(|&x| x >= n) || v[0] >= v[1] || v[0] >= v[2] {
                return Err(defect(format!("triangle {t} malformed")));
            }
            let p = |k: usize| self.vertices[v[k] as usize];
            if crate::predicates::orient(p(0), p(1), p(2)) != std::cmp::Ordering::Greater {
                return Err(defect(format!("triangle {t} not counter-clockwise")));
            }
            for i in 0..3 {
                let across = self.neighbors[3 * t + i];
                if across < 0 {
                    continue;
                }
                let (a, b) = (v[i], v[(i + 1) % 3]);
                let w = self
                    .triangles
                    .get(across as usize)
                    .ok_or_else(|| defect("neighbour out of range"))?;
                let j = (0..3).find(|&j| w[j] == b && w[(j + 1) % 3] == a);
                match j {
                    Some(j) if self.neighbors[3 * across as usize + j] == t as i32 => {}
                    _ => return Err(defect(format!("triangle {t} edge {i} not symmetric"))),
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rings::Ring;

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    fn rect(x0: i64, y0: i64, x1: i64, y1: i64) -> Ring {
        vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)]
    }

    fn hole(x0: i64, y0: i64, x1: i64, y1: i64) -> Ring {
        vec![p(x0, y0), p(x0, y1), p(x1, y1), p(x1, y0)]
    }

    /// Winding number of the point c/3 around the region's directed ring edges, by the
    /// crossing rule in tripled coordinates: independent of the CDT and its flood.
    fn winding_at_third(region: &Region, c: GridPoint) -> i64 {
        let mut w = 0;
        for (a, b) in region.edges() {
            let (a, b) = (p(3 * a.x, 3 * a.y), p(3 * b.x, 3 * b.y));
            let side = crate::predicates::orient(a, b, c);
            if a.y <= c.y && c.y < b.y && side == std::cmp::Ordering::Greater {
                w += 1;
            } else if b.y <= c.y && c.y < a.y && side == std::cmp::Ordering::Less {
                w -= 1;
            }
        }
        w
    }

    fn doubled_region_area(region: &Region) -> i128 {
        region
            .edges()
            .map(|(a, b)| i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y))
            .sum()
    }

    /// Validity, exact area, boundary edges on −1 entries, and the flood's windings equal
    /// to an independent point-in-region winding at every triangle's centroid.
    fn assert_covers(region: &Region) -> Triangulation {
        let (t, windings) = region.triangulate_windings().unwrap();
        t.check().unwrap();
        let mut area = 0i128;
        for (k, tri) in t.triangles.iter().enumerate() {
            let [a, b, c] = tri.map(|v| t.vertices[v as usize]);
            area += crate::predicates::orient_det(a, b, c);
            let centroid3 = p(a.x + b.x + c.x, a.y + b.y + c.y);
            assert_eq!(
                windings[k],
                winding_at_third(region, centroid3),
                "triangle {k}"
            );
        }
        assert_eq!(area, doubled_region_area(region));
        let ring_edges = region.edges().count();
        let open = t.neighbors.iter().filter(|&&n| n == -1).count();
        assert_eq!(
            open, ring_edges,
            "every boundary edge is a triangle edge ([TR1])"
        );
        t
    }

    /// docs/cdt.md §8.2: the square keeps diagonal (1, 2); rings are hull edges.
    #[test]
    fn square_by_hand() {
        let region = Region::from_canonical_rings(0, vec![rect(0, 0, 2, 2)]);
        let (t, windings) = region.triangulate_windings().unwrap();
        assert_eq!(t.vertices, vec![p(0, 0), p(0, 2), p(2, 0), p(2, 2)]);
        assert_eq!(t.triangles, vec![[0, 2, 1], [1, 2, 3]]);
        // Triangle 0 = (0,2,1): (0,2) boundary, (2,1) shared with 1, (1,0) boundary.
        assert_eq!(t.neighbors, vec![-1, 1, -1, 0, -1, -1]);
        assert_eq!(windings, vec![1, 1]);
        assert_covers(&region);
    }

    #[test]
    fn empty_region() {
        let t = Region::empty(16).triangulate().unwrap();
        assert_eq!(t, Triangulation::default());
    }

    #[test]
    fn square_with_hole_and_touching_squares() {
        let region = Region::from_canonical_rings(0, vec![rect(0, 0, 6, 6), hole(2, 2, 4, 4)]);
        let t = assert_covers(&region);
        assert_eq!(t.vertices.len(), 8);
        let corners = Region::from_canonical_rings(0, vec![rect(0, 0, 1, 1), rect(1, 1, 2, 2)]);
        assert_eq!(assert_covers(&corners).triangles.len(), 4);
        // An L-shape: the reflex corner (1, 1) makes part of the hull lie outside.
        let l_shape = Region::from_canonical_rings(
            0,
            vec![vec![p(0, 0), p(4, 0), p(4, 1), p(1, 1), p(1, 4), p(0, 4)]],
        );
        assert_eq!(assert_covers(&l_shape).triangles.len(), 4);
    }

    /// Disjoint rectangles with rectangular holes on a coarse lattice of blocks: valid
    /// canonical-enough rings (orientation is what the flood uses).
    #[test]
    fn many_rectangles_with_holes() {
        let mut state = 11u64;
        let mut next = || {
            state = crate::cdt::order::splitmix64_output(state);
            state
        };
        let mut rings = Vec::new();
        for bx in 0..12 {
            for by in 0..9 {
                let r = next();
                if r % 4 == 0 {
                    continue;
                }
                let (x0, y0) = (bx * 40 + (r % 5) as i64, by * 40 + ((r >> 8) % 5) as i64);
                let (x1, y1) = (
                    x0 + 20 + ((r >> 16) % 13) as i64,
                    y0 + 20 + ((r >> 24) % 11) as i64,
                );
                rings.push(rect(x0, y0, x1, y1));
                if r % 3 == 0 {
                    rings.push(hole(x0 + 5, y0 + 5, x1 - 6, y1 - 4));
                }
            }
        }
        let region = Region::from_canonical_rings(0, rings);
        assert_covers(&region);
    }
}
