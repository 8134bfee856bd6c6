//! `Region::triangulate` ([TR1]–[TR4], X16, [L7]): ring vertices and ring edges into the
//! CDT, a winding flood from the bounding triangles, the kept triangles in canonical
//! order (docs/cdt.md §7.2).

use std::collections::{HashMap, VecDeque};

use crate::cdt::{rotate_to_smallest, Cdt};
use crate::error::{Error, Result};
use crate::grid::GridPoint;
use crate::region::Region;

/// The triangles covering a region exactly, with adjacency ([TR1]–[TR4]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
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
    pub fn triangulate(&self) -> Result<Triangulation> {
        Ok(self.triangulate_with_windings()?.0)
    }

    /// [`Region::triangulate`] plus the flood's winding number of every output triangle,
    /// so that tests can compare it with the sweep's labels ([L7]).
    pub fn triangulate_with_windings(&self) -> Result<(Triangulation, Vec<i64>)> {
        let mut vertices: Vec<GridPoint> = self.rings().iter().flatten().copied().collect();
        vertices.sort_unstable();
        vertices.dedup();
        let index = |p: &GridPoint| vertices.binary_search(p).map(|i| i as u32);
        // Directed ring edges with multiplicity (a region has each at most once).
        let mut directed: HashMap<(u32, u32), i64> = HashMap::new();
        let mut constraints = Vec::new();
        for ring in self.rings() {
            for k in 0..ring.len() {
                let a = index(&ring[k]).map_err(|_| defect("ring vertex not indexed"))?;
                let b = index(&ring[(k + 1) % ring.len()])
                    .map_err(|_| defect("ring vertex not indexed"))?;
                if a == b {
                    return Err(defect("ring with a zero-length edge"));
                }
                *directed.entry((a, b)).or_default() += 1;
                constraints.push((a.min(b) as usize, a.max(b) as usize));
            }
        }
        constraints.sort_unstable();
        constraints.dedup();
        let cdt = Cdt::new(&vertices, &constraints)?;
        let windings = flood(&cdt, &directed)?;
        let triangles = cdt.triangles();
        let mut kept: Vec<([u32; 3], u32)> = (0..triangles.len())
            .filter(|&t| windings[t] > 0 && triangles[t].v.iter().all(|&v| !cdt.is_bounding(v)))
            .map(|t| (rotate_to_smallest(triangles[t].v), t as u32))
            .collect();
        kept.sort_unstable();
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

/// Winding per slot: 0 on the triangles with a bounding vertex; crossing edge (a, b) of a
/// slot into its neighbour adds count(b→a) − count(a→b) (docs/cdt.md §7.2 step 3).
fn flood(cdt: &Cdt, directed: &HashMap<(u32, u32), i64>) -> Result<Vec<i64>> {
    let triangles = cdt.triangles();
    let mut winding: Vec<Option<i64>> = vec![None; triangles.len()];
    let mut queue = VecDeque::new();
    for (t, tri) in triangles.iter().enumerate() {
        if tri.v.iter().any(|&v| cdt.is_bounding(v)) {
            winding[t] = Some(0);
            queue.push_back(t);
        }
    }
    let count = |a: u32, b: u32| directed.get(&(a, b)).copied().unwrap_or(0);
    while let Some(t) = queue.pop_front() {
        let w = winding[t].unwrap_or(0);
        let tri = &triangles[t];
        for i in 0..3 {
            let u = tri.nb[i];
            if u == crate::cdt::topology::NONE {
                continue;
            }
            let (a, b) = (tri.v[i], tri.v[(i + 1) % 3]);
            let next = w + count(b, a) - count(a, b);
            match winding[u as usize] {
                None => {
                    winding[u as usize] = Some(next);
                    queue.push_back(u as usize);
                }
                Some(seen) if seen != next => {
                    return Err(defect("inconsistent winding in the flood"));
                }
                Some(_) => {}
            }
        }
    }
    winding
        .into_iter()
        .map(|w| w.ok_or_else(|| defect("triangle not reached by the flood")))
        .collect()
}

impl Triangulation {
    /// Checks [TR3]/[TR4] and validity: indices in range, counter-clockwise triangles
    /// starting at their smallest index and sorted, neighbours symmetric across the
    /// reversed edge.
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
