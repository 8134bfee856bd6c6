//! What a game engine asks of a [`NavMesh`] beyond its polygons: the portals between
//! polygons, the polygon under a point, paths between points (`path`), islands below a
//! minimum area removed, and a Wavefront OBJ export.
//!
//! None of this changes the defined output of the pipeline (X18): the portals are read
//! off the neighbour lists, [`NavMesh::without_small_regions`] is a filter a caller
//! applies to that output, and locating is exact (orientation signs from
//! [`crate::predicates`]).

use std::cmp::Ordering;
use std::fmt::Write as _;

use crate::grid::GridPoint;
use crate::pipeline::NavMesh;
use crate::predicates::orient;

mod path;
pub use path::{NavPath, PathFinder};

/// Whether polygon `p` of `mesh` holds `q` in its closed area: a polygon is convex and
/// counter-clockwise, so when no edge has `q` strictly on its right.
pub(crate) fn polygon_holds(mesh: &NavMesh, p: usize, q: GridPoint) -> bool {
    let poly = &mesh.polygons[p];
    (0..poly.len()).all(|i| {
        let a = mesh.vertices[poly[i] as usize];
        let b = mesh.vertices[poly[(i + 1) % poly.len()] as usize];
        orient(a, b, q) != Ordering::Less
    })
}

/// An interior edge of the mesh, listed once: the two polygons it joins and its two
/// vertices, `vertices[0] → vertices[1]` running counter-clockwise around
/// `polygons[0]` (the smaller polygon id), so clockwise around `polygons[1]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Portal {
    /// The two polygons, smaller id first.
    pub polygons: [u32; 2],
    /// The shared edge's vertices, in `polygons[0]`'s counter-clockwise order.
    pub vertices: [u32; 2],
}

/// How [`NavMesh::to_obj`] places the plane of the mesh in 3D.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ObjAxes {
    /// `v x y 0`: the mesh in the z = 0 plane, faces seen counter-clockwise from +z.
    #[default]
    ZUp,
    /// `v x 0 -y`: the mesh in the y = 0 plane of a y-up engine, faces seen
    /// counter-clockwise from +y (their normals point up).
    YUp,
}

impl NavMesh {
    /// Every interior edge once, ordered by the smaller polygon id and then by the edge's
    /// position in that polygon.
    ///
    /// ```
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// // Two cells side by side, with a blocked cell above the left one: an L is never
    /// // one convex polygon, so the mesh has at least one portal.
    /// let source = MapSource::TileMap {
    ///     cells: vec![true, true, false, true],
    ///     width: 2, height: 2, cell_size: 1.0, origin: [0.0, 0.0],
    /// };
    /// let mesh = Mesh2DPipeline::default().build(&source)?;
    /// let portals = mesh.portals();
    /// assert!(!portals.is_empty());
    /// for p in &portals {
    ///     assert!(p.polygons[0] < p.polygons[1]);
    /// }
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn portals(&self) -> Vec<Portal> {
        let mut portals = Vec::new();
        for (p, poly) in self.polygons.iter().enumerate() {
            for (i, &across) in self.neighbors[p].iter().enumerate() {
                if across > p as i32 {
                    portals.push(Portal {
                        polygons: [p as u32, across as u32],
                        vertices: [poly[i], poly[(i + 1) % poly.len()]],
                    });
                }
            }
        }
        portals
    }

    /// The polygon holding the grid point `q` (its closed area), or `None`. A point on an
    /// edge or vertex shared by several polygons belongs to the one with the smallest id.
    /// Exact: a polygon is convex and counter-clockwise, so `q` is in it when no edge has
    /// `q` strictly on its right. Linear in the mesh size: [`PathFinder::locate`] gives the
    /// same answer through a grid of buckets, for many queries.
    ///
    /// ```
    /// use build2d::{GridPoint, MapSource, Mesh2DPipeline};
    /// let source = MapSource::TileMap {
    ///     cells: vec![true; 4], width: 2, height: 2, cell_size: 1.0, origin: [0.0, 0.0],
    /// };
    /// let mesh = Mesh2DPipeline::default().build(&source)?; // grid unit 2^-16
    /// let unit = 1 << 16;
    /// assert_eq!(mesh.locate(GridPoint::new(unit / 2, unit)), Some(0));
    /// assert_eq!(mesh.locate(GridPoint::new(3 * unit, 0)), None);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn locate(&self, q: GridPoint) -> Option<usize> {
        (0..self.polygons.len()).find(|&p| polygon_holds(self, p, q))
    }

    /// Doubled area of each polygon, in grid units squared (exact).
    fn polygon_area2(&self, poly: &[u32]) -> i128 {
        let at = |i: usize| self.vertices[poly[i % poly.len()] as usize];
        (0..poly.len())
            .map(|i| {
                let (a, b) = (at(i), at(i + 1));
                i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y)
            })
            .sum()
    }

    /// The connected components (polygons joined through portals), each a sorted list
    /// of polygon ids; components ordered by their smallest polygon.
    ///
    /// ```
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// // Two walkable cells with a blocked one between them: two islands.
    /// let source = MapSource::TileMap { cells: vec![true, false, true], width: 3, height: 1, cell_size: 1.0, origin: [0.0, 0.0] };
    /// let mesh = Mesh2DPipeline::default().build(&source)?;
    /// assert_eq!(mesh.regions(), vec![vec![0], vec![1]]);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn regions(&self) -> Vec<Vec<usize>> {
        let mut component = vec![usize::MAX; self.polygons.len()];
        let mut regions = Vec::new();
        for start in 0..self.polygons.len() {
            if component[start] != usize::MAX {
                continue;
            }
            let id = regions.len();
            let mut members = vec![start];
            component[start] = id;
            let mut next = 0;
            while next < members.len() {
                let p = members[next];
                next += 1;
                for &q in &self.neighbors[p] {
                    if q >= 0 && component[q as usize] == usize::MAX {
                        component[q as usize] = id;
                        members.push(q as usize);
                    }
                }
            }
            members.sort_unstable();
            regions.push(members);
        }
        regions
    }

    /// The mesh without its connected components of area below `min_area` (public units
    /// squared): a filter on the defined output, off unless called. Vertices no polygon
    /// uses any more are dropped; the ids that remain keep their order, so the result is
    /// still in canonical form ([PC4]) and its neighbour lists are remapped.
    ///
    /// ```
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// // A 3 × 1 room and a separate single cell.
    /// let source = MapSource::TileMap {
    ///     cells: vec![true, true, true, false, true],
    ///     width: 5, height: 1, cell_size: 1.0, origin: [0.0, 0.0],
    /// };
    /// let mesh = Mesh2DPipeline::default().build(&source)?;
    /// assert_eq!(mesh.regions().len(), 2);
    /// let kept = mesh.without_small_regions(2.0);
    /// assert_eq!(kept.regions().len(), 1);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn without_small_regions(&self, min_area: f64) -> NavMesh {
        // Doubled grid area against 2 · min_area · 4^snap_bits, compared in f64: the
        // region areas are exact integers, the threshold is the caller's.
        let scale = 2.0 * f64::from(1u32 << self.snap_bits).powi(2);
        let mut keep = vec![false; self.polygons.len()];
        for region in self.regions() {
            let area2: i128 = region
                .iter()
                .map(|&p| self.polygon_area2(&self.polygons[p]))
                .sum();
            if area2 as f64 >= min_area * scale {
                for p in region {
                    keep[p] = true;
                }
            }
        }
        let mut polygon_id = vec![-1i32; self.polygons.len()];
        let mut next = 0;
        for (p, &k) in keep.iter().enumerate() {
            if k {
                polygon_id[p] = next;
                next += 1;
            }
        }
        let mut used = vec![false; self.vertices.len()];
        for (p, poly) in self.polygons.iter().enumerate() {
            if keep[p] {
                for &v in poly {
                    used[v as usize] = true;
                }
            }
        }
        let mut vertex_id = vec![u32::MAX; self.vertices.len()];
        let mut vertices = Vec::new();
        for (v, &u) in used.iter().enumerate() {
            if u {
                vertex_id[v] = vertices.len() as u32;
                vertices.push(self.vertices[v]);
            }
        }
        let mut polygons = Vec::new();
        let mut neighbors = Vec::new();
        for (p, poly) in self.polygons.iter().enumerate() {
            if keep[p] {
                polygons.push(poly.iter().map(|&v| vertex_id[v as usize]).collect());
                neighbors.push(
                    self.neighbors[p]
                        .iter()
                        .map(|&q| if q < 0 { -1 } else { polygon_id[q as usize] })
                        .collect(),
                );
            }
        }
        NavMesh {
            snap_bits: self.snap_bits,
            vertices,
            polygons,
            neighbors,
        }
    }

    /// The mesh as Wavefront OBJ text: one `v` line per vertex (exact public
    /// coordinates in shortest round-trip form), one `f` line per polygon (1-based
    /// indices, counter-clockwise seen from the up axis).
    ///
    /// ```
    /// use build2d::ObjAxes;
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// let source = MapSource::TileMap {
    ///     cells: vec![true; 4], width: 2, height: 2, cell_size: 0.5, origin: [0.0, 0.0],
    /// };
    /// let obj = Mesh2DPipeline::default().build(&source)?.to_obj(ObjAxes::YUp);
    /// assert!(obj.contains("v 1 0 -1\n"));
    /// assert!(obj.lines().any(|l| l.starts_with("f ")));
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn to_obj(&self, axes: ObjAxes) -> String {
        let mut out = String::from("# build2d navmesh\n");
        for [x, y] in self.vertices_f64() {
            // Written with the shortest round-trip form; `+ 0.0` turns −0 into 0.
            let (x, y) = (x + 0.0, y + 0.0);
            let _ = match axes {
                ObjAxes::ZUp => writeln!(out, "v {x} {y} 0"),
                ObjAxes::YUp => writeln!(out, "v {x} 0 {}", -y + 0.0),
            };
        }
        for poly in &self.polygons {
            out.push('f');
            for &v in poly {
                let _ = write!(out, " {}", v + 1);
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::{MapSource, Mesh2DPipeline};

    fn mesh(cells: &[u8], width: usize) -> NavMesh {
        let source = MapSource::TileMap {
            cells: cells.iter().map(|&c| c == 1).collect(),
            width,
            height: cells.len() / width,
            cell_size: 1.0,
            origin: [0.0, 0.0],
        };
        let pipeline = Mesh2DPipeline {
            max_vertices: 4,
            ..Mesh2DPipeline::default()
        };
        pipeline.build(&source).unwrap()
    }

    /// A mesh of the given polygons over `points` (sorted), neighbours as `check` wants.
    fn hand_made(points: &[(i64, i64)], polygons: Vec<Vec<u32>>) -> NavMesh {
        let vertices: Vec<GridPoint> = points.iter().map(|&(x, y)| GridPoint::new(x, y)).collect();
        let owner = |from: u32, to: u32| {
            polygons
                .iter()
                .position(|p| (0..p.len()).any(|i| p[i] == from && p[(i + 1) % p.len()] == to))
                .map_or(-1, |k| k as i32)
        };
        let neighbors = polygons
            .iter()
            .map(|p| {
                (0..p.len())
                    .map(|i| owner(p[(i + 1) % p.len()], p[i]))
                    .collect()
            })
            .collect();
        NavMesh {
            snap_bits: 0,
            vertices,
            polygons,
            neighbors,
        }
    }

    #[test]
    fn check_refuses_polygons_that_overlap_cross_or_nest() {
        // Two unit squares side by side share an edge: fine.
        let side_by_side = hand_made(
            &[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)],
            vec![vec![0, 2, 3, 1], vec![2, 4, 5, 3]],
        );
        assert_eq!(side_by_side.check(), Ok(()));
        // Two squares of side 2 overlapping in a unit square: their edges cross.
        let crossing = hand_made(
            &[
                (0, 0),
                (0, 2),
                (1, 1),
                (1, 3),
                (2, 0),
                (2, 2),
                (3, 1),
                (3, 3),
            ],
            vec![vec![0, 4, 5, 1], vec![2, 6, 7, 3]],
        );
        let e = crossing.check().unwrap_err().to_string();
        assert!(e.contains("segments cross"), "{e}");
        // A square inside another, no edge meeting: winding 2 inside the small one.
        let nested = hand_made(
            &[
                (0, 0),
                (0, 3),
                (1, 1),
                (1, 2),
                (2, 1),
                (2, 2),
                (3, 0),
                (3, 3),
            ],
            vec![vec![0, 6, 7, 1], vec![2, 4, 5, 3]],
        );
        let e = nested.check().unwrap_err().to_string();
        assert!(e.contains("overlap"), "{e}");
        // A vertex of one polygon inside another's edge (a T).
        let t = hand_made(
            &[(0, 0), (0, 2), (1, 2), (2, 0), (2, 2), (2, 3)],
            vec![vec![0, 3, 4, 1], vec![1, 2, 5]],
        );
        let e = t.check().unwrap_err().to_string();
        assert!(e.contains("sweep status does not match"), "{e}");
    }

    #[test]
    fn portals_are_each_shared_edge_once_with_both_sides() {
        let m = mesh(&[1, 1, 1, 1, 0, 1, 1, 1, 1], 3); // a ring of cells around a hole
        let portals = m.portals();
        let shared: usize = m.neighbors.iter().flatten().filter(|&&q| q >= 0).count();
        assert_eq!(portals.len() * 2, shared);
        for p in &portals {
            let [a, b] = p.polygons.map(|k| k as usize);
            let [u, v] = p.vertices;
            let pa = &m.polygons[a];
            let pb = &m.polygons[b];
            let has = |poly: &[u32], x: u32, y: u32| {
                (0..poly.len()).any(|i| poly[i] == x && poly[(i + 1) % poly.len()] == y)
            };
            assert!(has(pa, u, v) && has(pb, v, u), "{p:?}");
        }
        assert!(portals.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn locate_finds_the_polygon_and_prefers_the_smallest_id_on_shared_edges() {
        let m = mesh(&[1, 1, 1, 1, 0, 1, 1, 1, 1], 3);
        let unit = 1i64 << 16;
        // The hole's centre is in no polygon; every polygon's vertex centroid is in it.
        assert_eq!(m.locate(GridPoint::new(3 * unit / 2, 3 * unit / 2)), None);
        for (k, poly) in m.polygons.iter().enumerate() {
            let n = poly.len() as i64;
            let sx: i64 = poly.iter().map(|&v| m.vertices[v as usize].x).sum();
            let sy: i64 = poly.iter().map(|&v| m.vertices[v as usize].y).sum();
            // n · centroid in n-scaled coordinates is exact; the centroid itself may not be
            // a grid point, so test a scaled copy of the mesh instead.
            let scaled = NavMesh {
                vertices: m
                    .vertices
                    .iter()
                    .map(|p| GridPoint::new(p.x * n, p.y * n))
                    .collect(),
                ..m.clone()
            };
            assert_eq!(scaled.locate(GridPoint::new(sx, sy)), Some(k));
        }
        for p in m.portals() {
            let v = m.vertices[p.vertices[0] as usize];
            let first = m.locate(v).unwrap();
            assert!(first <= p.polygons[0] as usize);
        }
    }

    #[test]
    fn small_regions_are_dropped_and_the_rest_stays_canonical() {
        // A 3 × 3 room (area 9) and an island of one cell (area 1), apart.
        let m = mesh(&[1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0], 5);
        assert_eq!(m.regions().len(), 2);
        assert_eq!(m.without_small_regions(0.0), m);
        let kept = m.without_small_regions(1.5);
        assert_eq!(kept.regions().len(), 1);
        let area2: i128 = kept.polygons.iter().map(|p| kept.polygon_area2(p)).sum();
        assert_eq!(area2, 2 * 9 * (1i128 << 32));
        let partition = crate::partition::ConvexPartition {
            vertices: kept.vertices.clone(),
            polygons: kept.polygons.clone(),
            neighbors: kept.neighbors.clone(),
        };
        partition.check(4, area2).unwrap();
        assert!(m.without_small_regions(100.0).polygons.is_empty());
    }

    #[test]
    fn obj_faces_point_up_on_both_axes_and_zeros_are_unsigned() {
        let m = mesh(&[1, 1, 1, 1], 2);
        for axes in [ObjAxes::ZUp, ObjAxes::YUp] {
            let obj = m.to_obj(axes);
            // The mesh has vertices at y = 0, which Y-up negates: written as 0, not -0.
            assert!(obj.split_whitespace().all(|t| t != "-0"), "{axes:?}: {obj}");
            let v: Vec<[f64; 3]> = obj
                .lines()
                .filter_map(|l| l.strip_prefix("v "))
                .map(|l| {
                    let c: Vec<f64> = l.split(' ').map(|s| s.parse().unwrap()).collect();
                    [c[0], c[1], c[2]]
                })
                .collect();
            assert_eq!(v.len(), m.vertices.len());
            let up = if axes == ObjAxes::ZUp { 2 } else { 1 };
            for f in obj.lines().filter_map(|l| l.strip_prefix("f ")) {
                let ids: Vec<usize> = f
                    .split(' ')
                    .map(|s| s.parse::<usize>().unwrap() - 1)
                    .collect();
                let (a, b, c) = (v[ids[0]], v[ids[1]], v[ids[2]]);
                let e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
                let e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
                let normal = [
                    e1[1] * e2[2] - e1[2] * e2[1],
                    e1[2] * e2[0] - e1[0] * e2[2],
                    e1[0] * e2[1] - e1[1] * e2[0],
                ];
                assert!(normal[up] > 0.0, "{axes:?}: {normal:?}");
            }
        }
    }
}
