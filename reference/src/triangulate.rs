//! Reference region triangulation ([TR1]–[TR4], [L7], X16; docs/cdt.md section 7.2):
//! the CDT of the ring vertices with the ring edges as constraints, triangles labelled by
//! a breadth-first winding flood from the bounding triangles, kept where winding > 0.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::cdt::{rotate_to_smallest, triangulate_points, Cdt};
use crate::error::RefError;
use crate::geom::{Point, Region};

/// A region's triangulation in canonical form.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Triangulation {
    /// Distinct ring vertices sorted by (x, y) ([TR2]).
    pub vertices: Vec<Point>,
    /// Counter-clockwise triangles rotated to start at their smallest index, sorted ([TR3]).
    pub triangles: Vec<[usize; 3]>,
    /// Entry 3k + i: the triangle across edge (v_i, v_{i+1}) of triangle k, or −1 ([TR4]).
    pub neighbors: Vec<i64>,
}

/// Directed ring edges (index pairs) with the number of times the rings run along them.
pub type RingEdges = BTreeMap<(usize, usize), i64>;

/// The sorted distinct ring vertices and the directed ring edges with multiplicities.
pub fn ring_graph(region: &Region) -> (Vec<Point>, RingEdges) {
    let mut vertices: Vec<Point> = region.rings.iter().flatten().copied().collect();
    vertices.sort();
    vertices.dedup();
    let index = |p: &Point| vertices.binary_search(p).unwrap_or(usize::MAX);
    let mut edges = RingEdges::new();
    for ring in &region.rings {
        for (k, p) in ring.iter().enumerate() {
            let q = &ring[(k + 1) % ring.len()];
            *edges.entry((index(p), index(q))).or_insert(0) += 1;
        }
    }
    (vertices, edges)
}

/// Winding number of every slot (X16): 0 on slots with a bounding vertex; crossing edge
/// (a, b) of slot t into its neighbour adds the multiplicity of the ring edge b→a minus
/// that of a→b (docs/cdt.md 7.2 and its gap 6; for a region each is 0 or 1). Every edge
/// is checked for consistency afterwards (a mismatch is a geometryDefect).
pub fn flood_windings(cdt: &Cdt, ring_edges: &RingEdges) -> Result<Vec<i64>, RefError> {
    let n = cdt.input_count;
    let mut winding: Vec<Option<i64>> = vec![None; cdt.slots.len()];
    let mut queue = VecDeque::new();
    for (t, s) in cdt.slots.iter().enumerate() {
        if s.has_bounding_vertex(n) {
            winding[t] = Some(0);
            queue.push_back(t);
        }
    }
    let count = |a: usize, b: usize| ring_edges.get(&(a, b)).copied().unwrap_or(0);
    let step = |a: usize, b: usize| count(b, a) - count(a, b);
    while let Some(t) = queue.pop_front() {
        let s = cdt.slots[t];
        let w = winding[t].ok_or(RefError::GeometryDefect)?;
        for k in 0..3 {
            if let Some(u) = s.nb[k] {
                if winding[u].is_none() {
                    winding[u] = Some(w + step(s.v[k], s.v[(k + 1) % 3]));
                    queue.push_back(u);
                }
            }
        }
    }
    let winding: Vec<i64> = winding
        .into_iter()
        .collect::<Option<_>>()
        .ok_or(RefError::GeometryDefect)?;
    for (t, s) in cdt.slots.iter().enumerate() {
        if s.has_bounding_vertex(n) && winding[t] != 0 {
            return Err(RefError::GeometryDefect);
        }
        for k in 0..3 {
            if let Some(u) = s.nb[k] {
                if winding[u] != winding[t] + step(s.v[k], s.v[(k + 1) % 3]) {
                    return Err(RefError::GeometryDefect);
                }
            }
        }
    }
    Ok(winding)
}

/// Triangulates a region ([TR1]–[TR4], X16).
pub fn triangulate(region: &Region) -> Result<Triangulation, RefError> {
    let (vertices, ring_edges) = ring_graph(region);
    let constraints: Vec<[usize; 2]> = ring_edges
        .keys()
        .map(|&(a, b)| [a.min(b), a.max(b)])
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let cdt = triangulate_points(&vertices, &constraints)?;
    let winding = flood_windings(&cdt, &ring_edges)?;
    let n = cdt.input_count;
    // (rotated triangle, slot, rotation) for every kept slot, in output order.
    let mut kept: Vec<([usize; 3], usize, usize)> = cdt
        .slots
        .iter()
        .enumerate()
        .filter(|&(t, s)| winding[t] > 0 && !s.has_bounding_vertex(n))
        .map(|(t, s)| {
            let r = rotate_to_smallest(s.v);
            let rotation = (0..3).find(|&k| s.v[k] == r[0]).unwrap_or(0);
            (r, t, rotation)
        })
        .collect();
    kept.sort();
    let mut output_index = vec![-1i64; cdt.slots.len()];
    for (k, &(_, t, _)) in kept.iter().enumerate() {
        output_index[t] = k as i64;
    }
    let mut neighbors = Vec::with_capacity(3 * kept.len());
    for &(_, t, rotation) in &kept {
        for i in 0..3 {
            // Output edge i is slot edge (i + rotation) mod 3.
            let across = cdt.slots[t].nb[(i + rotation) % 3];
            neighbors.push(across.map_or(-1, |u| output_index[u]));
        }
    }
    Ok(Triangulation {
        vertices,
        triangles: kept.into_iter().map(|k| k.0).collect(),
        neighbors,
    })
}
