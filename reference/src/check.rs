//! Property checks of triangulations, independent of the procedure in `cdt.rs`: they use
//! only the output and their own arithmetic (orientation as a BigInt cross product, the
//! circumcircle test through the exact rational circumcentre rather than the in-circle
//! determinant).
//!
//! A set of counter-clockwise triangles in which every directed edge occurs at most once,
//! whose unmatched edges are exactly the given boundary edges and whose doubled areas sum
//! to the boundary's doubled area tiles the bounded domain; with every constraint an edge
//! and every unconstrained interior edge locally Delaunay it is the constrained Delaunay
//! triangulation (unique up to cocircular choices).

use std::collections::{BTreeMap, BTreeSet};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

use crate::cdt::Cdt;
use crate::geom::{Point, Region};
use crate::triangulate::Triangulation;

fn cross(a: Point, b: Point, c: Point) -> BigInt {
    let (bx, by) = (BigInt::from(b.x - a.x), BigInt::from(b.y - a.y));
    let (cx, cy) = (BigInt::from(c.x - a.x), BigInt::from(c.y - a.y));
    bx * cy - by * cx
}

/// True when `w` lies strictly inside the circle through the triangle a, b, c (not
/// collinear), decided by comparing squared distances to the exact circumcentre.
pub fn strictly_inside_circumcircle(a: Point, b: Point, c: Point, w: Point) -> bool {
    let rat = |v: i64| BigRational::from_integer(BigInt::from(v));
    let (bx, by) = (rat(b.x - a.x), rat(b.y - a.y));
    let (cx, cy) = (rat(c.x - a.x), rat(c.y - a.y));
    let (wx, wy) = (rat(w.x - a.x), rat(w.y - a.y));
    let two = rat(2);
    let denominator = two * (&bx * &cy - &by * &cx);
    let b2 = &bx * &bx + &by * &by;
    let c2 = &cx * &cx + &cy * &cy;
    // Circumcentre relative to a.
    let ox = (&cy * &b2 - &by * &c2) / &denominator;
    let oy = (&bx * &c2 - &cx * &b2) / &denominator;
    let radius2 = &ox * &ox + &oy * &oy;
    let (dx, dy) = (wx - &ox, wy - &oy);
    dx.clone() * dx + dy.clone() * dy < radius2
}

/// The general check: `triangles` (indices into `vertices`) are counter-clockwise, every
/// directed edge occurs at most once, the edges without a reversed partner are exactly
/// `boundary` (directed, domain on the left), the doubled areas sum to `area2`, every
/// edge of `constraints` (unordered pairs, min first) is a triangle edge, and no interior
/// edge outside `constraints` has the opposite vertex strictly inside the circumcircle.
pub fn check_triangles(
    vertices: &[Point],
    triangles: &[[usize; 3]],
    constraints: &BTreeSet<(usize, usize)>,
    boundary: &BTreeSet<(usize, usize)>,
    area2: &BigInt,
) -> Result<(), String> {
    // Directed edge → (triangle, the vertex opposite it).
    let mut edges: BTreeMap<(usize, usize), (usize, usize)> = BTreeMap::new();
    let mut total = BigInt::zero();
    for (k, t) in triangles.iter().enumerate() {
        if t.iter().any(|&v| v >= vertices.len()) {
            return Err(format!("triangle {k}: vertex index out of range"));
        }
        let [a, b, c] = t.map(|v| vertices[v]);
        let doubled = cross(a, b, c);
        if !doubled.is_positive() {
            return Err(format!("triangle {k} {t:?} is not counter-clockwise"));
        }
        total += doubled;
        for i in 0..3 {
            let e = (t[i], t[(i + 1) % 3]);
            if edges.insert(e, (k, t[(i + 2) % 3])).is_some() {
                return Err(format!("directed edge {e:?} occurs twice"));
            }
        }
    }
    if &total != area2 {
        return Err(format!("doubled areas sum to {total}, expected {area2}"));
    }
    for (&(a, b), &(k, c)) in &edges {
        match edges.get(&(b, a)) {
            None => {
                if !boundary.contains(&(a, b)) {
                    return Err(format!("edge {a}→{b} unmatched but not on the boundary"));
                }
            }
            Some(&(_, d)) => {
                if boundary.contains(&(a, b)) {
                    return Err(format!("boundary edge {a}→{b} has triangles on both sides"));
                }
                let key = (a.min(b), a.max(b));
                if !constraints.contains(&key) {
                    let [pa, pb, pc, pd] = [a, b, c, d].map(|v| vertices[v]);
                    if strictly_inside_circumcircle(pa, pb, pc, pd) {
                        return Err(format!(
                            "edge {a}–{b} of triangle {k}: vertex {d} inside the circumcircle"
                        ));
                    }
                }
            }
        }
    }
    for e in boundary {
        if !edges.contains_key(e) {
            return Err(format!("boundary edge {e:?} is not a triangle edge"));
        }
    }
    for &(a, b) in constraints {
        if !edges.contains_key(&(a, b)) && !edges.contains_key(&(b, a)) {
            return Err(format!("constraint {a}–{b} is not an edge"));
        }
    }
    Ok(())
}

fn canonical_order(triangles: &[[usize; 3]]) -> Result<(), String> {
    for t in triangles {
        if t[0] >= t[1] || t[0] >= t[2] {
            return Err(format!(
                "triangle {t:?} does not start at its smallest index"
            ));
        }
    }
    if triangles.windows(2).any(|w| w[0] >= w[1]) {
        return Err("triangles are not strictly sorted".into());
    }
    Ok(())
}

/// Checks a `cdt` result: all slots of `cdt` tile the bounding triangle as a constrained
/// Delaunay triangulation of the points with `constraints`; `triangles` and
/// `constrained` (the op's outputs) are its bounding-free triangles in canonical order
/// and exactly the normalised constraints.
pub fn check_cdt(
    points: &[Point],
    constraints: &[[usize; 2]],
    cdt: &Cdt,
    triangles: &[[usize; 3]],
    constrained: &[[usize; 2]],
) -> Result<(), String> {
    let n = points.len();
    if cdt.vertices.len() != n + 3 || cdt.vertices[..n] != *points {
        return Err("vertices are not the points followed by three bounding corners".into());
    }
    let normalised: BTreeSet<(usize, usize)> = constraints
        .iter()
        .map(|&[a, b]| (a.min(b), a.max(b)))
        .collect();
    let all: Vec<[usize; 3]> = cdt.slots.iter().map(|s| s.v).collect();
    let boundary: BTreeSet<(usize, usize)> = [(n, n + 1), (n + 1, n + 2), (n + 2, n)].into();
    let corners = &cdt.vertices[n..];
    let area2 = cross(corners[0], corners[1], corners[2]);
    check_triangles(&cdt.vertices, &all, &normalised, &boundary, &area2)?;
    canonical_order(triangles)?;
    let mut expected: Vec<[usize; 3]> = Vec::new();
    for t in all.iter().filter(|t| t.iter().all(|&v| v < n)) {
        let k = (0..3).min_by_key(|&k| t[k]).unwrap_or(0);
        expected.push([t[k], t[(k + 1) % 3], t[(k + 2) % 3]]);
    }
    expected.sort();
    if expected != triangles {
        return Err("output triangles are not the bounding-free slots".into());
    }
    let listed: Vec<(usize, usize)> = constrained.iter().map(|&[a, b]| (a, b)).collect();
    if listed != normalised.into_iter().collect::<Vec<_>>() {
        return Err("constrained edges are not the normalised constraints".into());
    }
    Ok(())
}

/// Twice the region's signed area by the shoelace formula over its rings.
pub fn region_area2(region: &Region) -> BigInt {
    let mut total = BigInt::zero();
    for ring in &region.rings {
        for (k, p) in ring.iter().enumerate() {
            let q = ring[(k + 1) % ring.len()];
            total += BigInt::from(p.x) * BigInt::from(q.y) - BigInt::from(q.x) * BigInt::from(p.y);
        }
    }
    total
}

/// Checks a region triangulation ([TR1]–[TR4]): vertices are the sorted distinct ring
/// vertices; triangles are counter-clockwise, canonical, tile the region exactly (area
/// by the shoelace formula), have every ring edge as an edge and are locally Delaunay
/// elsewhere; neighbours are symmetric and −1 exactly on the region's boundary edges.
pub fn check_triangulation(region: &Region, tri: &Triangulation) -> Result<(), String> {
    let mut expected_vertices: Vec<Point> = region.rings.iter().flatten().copied().collect();
    expected_vertices.sort();
    expected_vertices.dedup();
    if expected_vertices != tri.vertices {
        return Err("vertices are not the sorted distinct ring vertices".into());
    }
    let index: BTreeMap<Point, usize> = tri
        .vertices
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i))
        .collect();
    let mut boundary = BTreeSet::new();
    for ring in &region.rings {
        for (k, p) in ring.iter().enumerate() {
            boundary.insert((index[p], index[&ring[(k + 1) % ring.len()]]));
        }
    }
    let constraints: BTreeSet<(usize, usize)> = boundary
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    check_triangles(
        &tri.vertices,
        &tri.triangles,
        &constraints,
        &boundary,
        &region_area2(region),
    )?;
    canonical_order(&tri.triangles)?;
    if tri.neighbors.len() != 3 * tri.triangles.len() {
        return Err("neighbors has the wrong length".into());
    }
    let count = tri.triangles.len() as i64;
    for (k, t) in tri.triangles.iter().enumerate() {
        for i in 0..3 {
            let (a, b) = (t[i], t[(i + 1) % 3]);
            let l = tri.neighbors[3 * k + i];
            if boundary.contains(&(a, b)) != (l == -1) {
                return Err(format!(
                    "triangle {k} edge {i}: −1 not exactly on the boundary"
                ));
            }
            if l == -1 {
                continue;
            }
            if !(0..count).contains(&l) {
                return Err(format!("triangle {k} edge {i}: neighbour {l} out of range"));
            }
            let other = tri.triangles[l as usize];
            let j = (0..3)
                .find(|&j| other[j] == b && other[(j + 1) % 3] == a)
                .ok_or(format!("triangle {k} edge {i}: neighbour lacks the edge"))?;
            if tri.neighbors[3 * l as usize + j] != k as i64 {
                return Err(format!("triangle {k} edge {i}: neighbour not symmetric"));
            }
        }
    }
    Ok(())
}

/// [W1] for a convex partition of `region` with limit `max_vertices`, from the output
/// alone: vertices are the sorted distinct ring vertices; every polygon has 3 to
/// `max_vertices` distinct vertices, is weakly convex and counter-clockwise (every turn
/// left or straight, every vertex on or left of every edge line, positive area) and
/// starts at its smallest index; polygons are strictly sorted; every directed edge occurs
/// once; the edges without a reversed partner are exactly the ring edges; the doubled
/// areas sum to the region's exactly; `neighbors[p][i]` is −1 exactly on ring edges and
/// otherwise the polygon holding the reversed edge, symmetrically.
pub fn check_partition(
    region: &Region,
    partition: &crate::partition::Partition,
    max_vertices: usize,
) -> Result<(), String> {
    let vertices = &partition.vertices;
    let mut expected_vertices: Vec<Point> = region.rings.iter().flatten().copied().collect();
    expected_vertices.sort();
    expected_vertices.dedup();
    if &expected_vertices != vertices {
        return Err("vertices are not the sorted distinct ring vertices".into());
    }
    let index: BTreeMap<Point, usize> = vertices.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut boundary = BTreeSet::new();
    for ring in &region.rings {
        for (k, p) in ring.iter().enumerate() {
            boundary.insert((index[p], index[&ring[(k + 1) % ring.len()]]));
        }
    }
    let polygons = &partition.polygons;
    let mut owner: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let mut total = BigInt::zero();
    for (k, poly) in polygons.iter().enumerate() {
        let n = poly.len();
        if n < 3 || n > max_vertices {
            return Err(format!(
                "polygon {k} has {n} vertices (limit {max_vertices})"
            ));
        }
        if poly.iter().any(|&v| v >= vertices.len()) {
            return Err(format!("polygon {k}: vertex index out of range"));
        }
        if poly.iter().collect::<BTreeSet<_>>().len() != n {
            return Err(format!("polygon {k} repeats a vertex"));
        }
        if poly[1..].iter().any(|&v| v < poly[0]) {
            return Err(format!("polygon {k} does not start at its smallest index"));
        }
        let at = |i: usize| vertices[poly[i % n]];
        let mut doubled = BigInt::zero();
        for i in 0..n {
            if cross(at(i), at(i + 1), at(i + 2)).is_negative() {
                return Err(format!(
                    "polygon {k} turns right at position {}",
                    (i + 1) % n
                ));
            }
            for j in 0..n {
                if cross(at(i), at(i + 1), at(j)).is_negative() {
                    return Err(format!("polygon {k}: vertex {j} right of edge {i}"));
                }
            }
            doubled += cross(at(0), at(i), at(i + 1));
            if owner.insert((poly[i], poly[(i + 1) % n]), k).is_some() {
                return Err(format!("polygon {k}: directed edge occurs twice"));
            }
        }
        if !doubled.is_positive() {
            return Err(format!("polygon {k} has no positive area"));
        }
        total += doubled;
    }
    if polygons.windows(2).any(|w| w[0] >= w[1]) {
        return Err("polygons are not strictly sorted".into());
    }
    if total != region_area2(region) {
        return Err(format!(
            "doubled areas sum to {total}, region has {}",
            region_area2(region)
        ));
    }
    for e in &boundary {
        if !owner.contains_key(e) {
            return Err(format!("ring edge {e:?} is not a polygon edge"));
        }
    }
    if partition.neighbors.len() != polygons.len() {
        return Err("neighbors has the wrong length".into());
    }
    for (k, poly) in polygons.iter().enumerate() {
        let n = poly.len();
        if partition.neighbors[k].len() != n {
            return Err(format!("polygon {k}: neighbour list has the wrong length"));
        }
        for i in 0..n {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            let l = partition.neighbors[k][i];
            let across = owner.get(&(b, a)).copied();
            if boundary.contains(&(a, b)) != across.is_none() {
                return Err(format!(
                    "polygon {k} edge {i}: unmatched exactly off the boundary"
                ));
            }
            match across {
                None if l != -1 => return Err(format!("polygon {k} edge {i}: expected −1")),
                Some(q) if l != q as i64 => {
                    return Err(format!("polygon {k} edge {i}: neighbour {l}, expected {q}"))
                }
                _ => {}
            }
            if let Some(q) = across {
                let other = &polygons[q];
                let j = (0..other.len())
                    .find(|&j| other[j] == b && other[(j + 1) % other.len()] == a)
                    .ok_or(format!("polygon {k} edge {i}: neighbour lacks the edge"))?;
                if partition.neighbors[q][j] != k as i64 {
                    return Err(format!("polygon {k} edge {i}: neighbour not symmetric"));
                }
            }
        }
    }
    Ok(())
}
