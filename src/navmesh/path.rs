//! Paths across a [`NavMesh`]: a corridor of polygons found by A* over the portals, then
//! the shortest path inside that corridor, pulled tight by the funnel algorithm.
//!
//! A query on the pipeline's output, not part of it (X18), like `locate`. Why the path
//! lies in the mesh exactly, whatever the floating-point distances do:
//! - the corridor is chosen by Euclidean lengths between portal midpoints in f64 (ties to
//!   the smaller crossing id), so it is deterministic but an estimate: the path through
//!   it is the shortest inside the corridor, not always the shortest in the whole mesh
//!   (the usual navmesh trade-off, Detour's too);
//! - every turn of the funnel is decided by the exact orientation test of
//!   [`crate::predicates`], and every corner of the path is a vertex of the mesh, so each
//!   piece of the path runs through portals it really meets and inside the convex
//!   polygons between them (`validity::check_path` proves it in the tests and the fast
//!   pipeline fuzz target).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::grid::GridPoint;
use crate::lists::Lists;
use crate::navmesh::{polygon_holds, Portal};
use crate::pipeline::NavMesh;
use crate::predicates::orient;

/// A path from one point of a [`NavMesh`] to another: the polygons it crosses, in order,
/// and its corners, from the start to the goal (grid points; consecutive corners differ).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NavPath {
    /// The corridor: the start's polygon, each polygon entered through a portal, the
    /// goal's polygon last.
    pub polygons: Vec<u32>,
    /// The corners: the start, mesh vertices where the path turns, the goal. One point
    /// when the start is the goal.
    pub points: Vec<GridPoint>,
}

impl NavPath {
    /// The corners' exact public coordinates (`GridPoint::to_f64`).
    pub fn points_f64(&self, snap_bits: u8) -> Vec<[f64; 2]> {
        self.points.iter().map(|p| p.to_f64(snap_bits)).collect()
    }

    /// The length of the path in public units (f64, from the exact corners).
    pub fn length(&self, snap_bits: u8) -> f64 {
        let scale = crate::grid::scale(snap_bits);
        self.points
            .windows(2)
            .map(|w| distance(w[0], w[1]) / scale)
            // From 0.0: `sum` starts at -0.0, the length of a one-point path.
            .fold(0.0, |length, leg| length + leg)
    }
}

/// Path queries on one mesh, with its portals and their midpoints built once: what a
/// game that asks for many paths keeps. [`NavMesh::find_path`] builds one per call.
/// Queries take `&self` and keep their search state to the call, so one finder serves several
/// threads at once (it is `Send + Sync`).
///
/// ```
/// use build2d::{GridPoint, MapSource, Mesh2DPipeline, PathFinder};
/// // An L of cells: the path from one arm to the other turns at the inner corner.
/// let source = MapSource::TileMap {
///     cells: vec![true, true, true, true, false, false, true, false, false],
///     width: 3, height: 3, cell_size: 1.0, origin: [0.0, 0.0],
/// };
/// let mesh = Mesh2DPipeline::default().build(&source)?;
/// let unit = 1 << 16; // the default grid: 2^16 grid units a unit
/// let finder = PathFinder::new(&mesh);
/// let path = finder.find_path(GridPoint::new(unit / 2, 5 * unit / 2), GridPoint::new(5 * unit / 2, unit / 2)).unwrap();
/// assert_eq!(path.points, vec![GridPoint::new(unit / 2, 5 * unit / 2), GridPoint::new(unit, unit), GridPoint::new(5 * unit / 2, unit / 2)]);
/// # Ok::<(), build2d::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct PathFinder<'m> {
    mesh: &'m NavMesh,
    portals: Vec<Portal>,
    midpoints: Vec<[f64; 2]>,
    /// Per polygon, the portals on its edges.
    polygon_portals: Lists,
    /// Per polygon, its connected region (`NavMesh::regions`): no search between two.
    region: Vec<u32>,
    buckets: Buckets,
}

impl<'m> PathFinder<'m> {
    /// The portals of `mesh`, per polygon the portals on its edges and its connected
    /// region, and a grid of buckets over the polygons for [`PathFinder::locate`].
    pub fn new(mesh: &'m NavMesh) -> Self {
        let portals = mesh.portals();
        let midpoints = portals
            .iter()
            .map(|portal| {
                let [a, b] = portal.vertices.map(|v| mesh.vertices[v as usize]);
                [
                    (a.x as f64 + b.x as f64) * 0.5,
                    (a.y as f64 + b.y as f64) * 0.5,
                ]
            })
            .collect();
        let polygon_portals = Lists::group(
            mesh.polygons.len(),
            portals
                .iter()
                .enumerate()
                .flat_map(|(k, portal)| portal.polygons.map(|p| (p as usize, k))),
        );
        let mut region = vec![0u32; mesh.polygons.len()];
        for (k, members) in mesh.regions().iter().enumerate() {
            for &p in members {
                region[p] = k as u32;
            }
        }
        PathFinder {
            mesh,
            portals,
            midpoints,
            polygon_portals,
            region,
            buckets: Buckets::new(mesh),
        }
    }

    /// The polygon holding the grid point `q`, as [`NavMesh::locate`] answers (the
    /// smallest id among those whose closed area holds it), but looking only at the
    /// polygons whose bounding boxes meet q's bucket.
    pub fn locate(&self, q: GridPoint) -> Option<usize> {
        self.buckets
            .candidates(q)
            .iter()
            .map(|&p| p as usize)
            .find(|&p| polygon_holds(self.mesh, p, q))
    }

    /// A path from `from` to `to` (grid points), or `None` when either is outside the
    /// mesh or they lie in different connected regions. Each point belongs to the polygon
    /// [`NavMesh::locate`] gives it.
    pub fn find_path(&self, from: GridPoint, to: GridPoint) -> Option<NavPath> {
        let start = self.locate(from)?;
        let goal = self.locate(to)?;
        if self.region[start] != self.region[goal] {
            return None;
        }
        let crossings = self.corridor(start, goal, from, to)?;
        let mut polygons = vec![start as u32];
        let mut gates = vec![(from, from)];
        for &c in &crossings {
            let portal = &self.portals[c / 2];
            polygons.push(portal.polygons[1 - c % 2]);
            let [a, b] = portal.vertices.map(|v| self.mesh.vertices[v as usize]);
            // a → b runs counter-clockwise around polygons[0]: leaving it, b is on the
            // left; leaving polygons[1], a is.
            gates.push(if c % 2 == 0 { (b, a) } else { (a, b) }); // (left, right)
        }
        gates.push((to, to));
        Some(NavPath {
            polygons,
            points: pull_tight(&gates),
        })
    }

    /// The portal crossings of the route from polygon `start` to `goal` that is shortest
    /// through portal midpoints (A*): crossing 2k leaves portal k's `polygons[0]` for its
    /// `polygons[1]`, crossing 2k + 1 the other way.
    fn corridor(
        &self,
        start: usize,
        goal: usize,
        from: GridPoint,
        to: GridPoint,
    ) -> Option<Vec<usize>> {
        if start == goal {
            return Some(Vec::new());
        }
        let target = [to.x as f64, to.y as f64];
        let goal_node = 2 * self.portals.len();
        let mut cost = vec![f64::INFINITY; goal_node + 1];
        let mut came_from = vec![usize::MAX; goal_node + 1];
        let mut queue = BinaryHeap::new();
        let leave =
            |p: usize, k: usize| 2 * k + usize::from(self.portals[k].polygons[0] as usize != p);
        let origin = [from.x as f64, from.y as f64];
        for &k in self.portals_of(start) {
            let c = leave(start, k as usize);
            let g = euclid(origin, self.midpoints[k as usize]);
            if g < cost[c] {
                cost[c] = g;
                queue.push(Open::new(
                    g + euclid(self.midpoints[k as usize], target),
                    g,
                    c,
                ));
            }
        }
        while let Some(Open { cost: g, node, .. }) = queue.pop() {
            if g > cost[node] {
                continue; // a stale entry
            }
            if node == goal_node {
                let mut crossings = Vec::new();
                let mut c = came_from[goal_node];
                while c != usize::MAX {
                    crossings.push(c);
                    c = came_from[c];
                }
                crossings.reverse();
                return Some(crossings);
            }
            let (k, side) = (node / 2, node % 2);
            let entered = self.portals[k].polygons[1 - side] as usize;
            let here = self.midpoints[k];
            if entered == goal {
                let total = g + euclid(here, target);
                if total < cost[goal_node] {
                    cost[goal_node] = total;
                    came_from[goal_node] = node;
                    queue.push(Open::new(total, total, goal_node));
                }
                continue;
            }
            for &next in self.portals_of(entered) {
                let next = next as usize;
                if next == k {
                    continue;
                }
                let c = leave(entered, next);
                let g2 = g + euclid(here, self.midpoints[next]);
                if g2 < cost[c] {
                    cost[c] = g2;
                    came_from[c] = node;
                    queue.push(Open::new(g2 + euclid(self.midpoints[next], target), g2, c));
                }
            }
        }
        None
    }

    fn portals_of(&self, polygon: usize) -> &[u32] {
        self.polygon_portals.get(polygon)
    }
}

impl NavMesh {
    /// A path from `from` to `to` (grid points) through the mesh, or `None` when either
    /// point is outside it or they are not connected: A* over the portals picks the
    /// corridor, the funnel pulls the path tight inside it (exact turns, corners at mesh
    /// vertices). [`PathFinder`] keeps the portals for many queries. Like the other
    /// queries it expects a mesh that passes [`NavMesh::check`], as every built or
    /// deserialized one does.
    ///
    /// ```
    /// use build2d::{GridPoint, MapSource, Mesh2DPipeline};
    /// // A room of 4 × 2 cells: the path between two of its points is straight.
    /// let source = MapSource::TileMap {
    ///     cells: vec![true; 8], width: 4, height: 2, cell_size: 1.0, origin: [0.0, 0.0],
    /// };
    /// let mesh = Mesh2DPipeline::default().build(&source)?;
    /// let unit = 1 << 16;
    /// let (a, b) = (GridPoint::new(unit / 2, unit / 2), GridPoint::new(7 * unit / 2, 3 * unit / 2));
    /// let path = mesh.find_path(a, b).unwrap();
    /// assert_eq!(path.points, vec![a, b]);
    /// assert!(mesh.find_path(a, GridPoint::new(9 * unit, 0)).is_none()); // outside
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn find_path(&self, from: GridPoint, to: GridPoint) -> Option<NavPath> {
        PathFinder::new(self).find_path(from, to)
    }
}

/// The shortest path through `gates` (left, right), the first and last each one point:
/// the "simple stupid funnel" (Mononen). The funnel runs from its apex to the left and
/// the right corner; a gate's end that narrows it moves that corner, and one that would
/// cross the other side makes that side's corner the next point of the path and the
/// apex, and the scan starts again after its gate. Turns are exact orientation signs.
fn pull_tight(gates: &[(GridPoint, GridPoint)]) -> Vec<GridPoint> {
    let Some(&(from, _)) = gates.first() else {
        return Vec::new();
    };
    // The funnel's sides: 0 the right, 1 the left. A point beyond side s is on its
    // `outward[s]` side (right of the apex → right corner, left of the apex → left corner).
    let outward = [Ordering::Less, Ordering::Greater];
    let mut points = vec![from];
    let mut apex = from;
    let (mut corner, mut corner_at) = ([from, from], [0, 0]);
    let mut i = 1;
    'gates: while i < gates.len() {
        let (left, right) = gates[i];
        for (s, end) in [(0, right), (1, left)] {
            if orient(apex, corner[s], end) == outward[s] {
                continue; // it widens the funnel
            }
            // On the other side's line counts as inside: the funnel narrows to that ray,
            // and a later gate decides at which corner the path turns.
            if apex == corner[s] || orient(apex, corner[1 - s], end) != outward[1 - s] {
                (corner[s], corner_at[s]) = (end, i);
            } else {
                // The end crosses the other side: the path turns at that side's corner,
                // the new apex, and the scan starts again after its gate.
                apex = corner[1 - s];
                points.push(apex);
                (corner[s], corner_at[s]) = (apex, corner_at[1 - s]);
                i = corner_at[1 - s] + 1;
                continue 'gates;
            }
        }
        i += 1;
    }
    if let Some(&(to, _)) = gates.last() {
        points.push(to);
    }
    points.dedup();
    points
}

/// A grid of about one bucket per polygon over the mesh's bounding box; each bucket
/// lists, in id order, the polygons whose bounding boxes meet it. A polygon holding q has
/// q in its box, and the bucket of a point is monotone in each coordinate, so it is
/// listed in q's bucket.
#[derive(Debug, Clone)]
struct Buckets {
    min: GridPoint,
    max: GridPoint,
    /// Columns and rows.
    side: usize,
    polygons: Lists,
}

impl Buckets {
    fn new(mesh: &NavMesh) -> Self {
        let boxes: Vec<(GridPoint, GridPoint)> = mesh
            .polygons
            .iter()
            .map(|poly| {
                let mut lo = GridPoint::new(i64::MAX, i64::MAX);
                let mut hi = GridPoint::new(i64::MIN, i64::MIN);
                for &v in poly {
                    let p = mesh.vertices[v as usize];
                    (lo.x, lo.y) = (lo.x.min(p.x), lo.y.min(p.y));
                    (hi.x, hi.y) = (hi.x.max(p.x), hi.y.max(p.y));
                }
                (lo, hi)
            })
            .collect();
        let Some(&(first_lo, first_hi)) = boxes.first() else {
            return Buckets {
                min: GridPoint::new(0, 0),
                max: GridPoint::new(0, 0),
                side: 0,
                polygons: Lists::default(),
            };
        };
        let (min, max) = boxes
            .iter()
            .fold((first_lo, first_hi), |(lo, hi), &(l, h)| {
                (
                    GridPoint::new(lo.x.min(l.x), lo.y.min(l.y)),
                    GridPoint::new(hi.x.max(h.x), hi.y.max(h.y)),
                )
            });
        let side = (boxes.len() as f64).sqrt().ceil() as usize;
        let mut buckets = Buckets {
            min,
            max,
            side,
            polygons: Lists::default(),
        };
        let ranges: Vec<[usize; 4]> = boxes
            .iter()
            .map(|&(lo, hi)| {
                let b = &buckets;
                [b.column(lo.x), b.column(hi.x), b.row(lo.y), b.row(hi.y)]
            })
            .collect();
        let pairs = ranges
            .iter()
            .enumerate()
            .flat_map(|(p, &[c0, c1, r0, r1])| {
                (r0..=r1).flat_map(move |r| (c0..=c1).map(move |c| (r * side + c, p)))
            });
        buckets.polygons = Lists::group(side * side, pairs);
        buckets
    }

    fn column(&self, x: i64) -> usize {
        bucket_of(x - self.min.x, self.max.x - self.min.x, self.side)
    }

    fn row(&self, y: i64) -> usize {
        bucket_of(y - self.min.y, self.max.y - self.min.y, self.side)
    }

    /// The polygons listed in q's bucket (none outside the box).
    fn candidates(&self, q: GridPoint) -> &[u32] {
        let inside = self.side > 0
            && (self.min.x..=self.max.x).contains(&q.x)
            && (self.min.y..=self.max.y).contains(&q.y);
        if !inside {
            return &[];
        }
        self.polygons
            .get(self.row(q.y) * self.side + self.column(q.x))
    }
}

/// The bucket of an offset 0 ..= span among `side` equal parts: ⌊offset · side /
/// (span + 1)⌋, in i128 (exact, monotone in the offset).
fn bucket_of(offset: i64, span: i64, side: usize) -> usize {
    (i128::from(offset) * side as i128 / (i128::from(span) + 1)) as usize
}

/// Euclidean distance in f64 (`sqrt` is correctly rounded, so the same everywhere).
fn euclid(a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (a[0] - b[0], a[1] - b[1]);
    (dx * dx + dy * dy).sqrt()
}

fn distance(a: GridPoint, b: GridPoint) -> f64 {
    euclid([a.x as f64, a.y as f64], [b.x as f64, b.y as f64])
}

/// An entry of A*'s open list: least estimate first, then least node.
#[derive(Debug, Clone, Copy)]
struct Open {
    estimate: f64,
    cost: f64,
    node: usize,
}

impl Open {
    fn new(estimate: f64, cost: f64, node: usize) -> Self {
        Open {
            estimate,
            cost,
            node,
        }
    }
}

impl PartialEq for Open {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    /// Reversed: `BinaryHeap` pops the greatest, the search wants the least.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .estimate
            .total_cmp(&self.estimate)
            .then(other.node.cmp(&self.node))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Geometry2DOptions;
    use crate::pipeline::{MapSource, Mesh2DPipeline};
    use crate::validity::check_path;
    use proptest::prelude::*;

    fn mesh(cells: &[bool], width: usize, radius: f64, max_vertices: usize) -> NavMesh {
        mesh_at(cells, width, [0.0, 0.0], radius, max_vertices)
    }

    /// [`mesh`] with the map's lower-left corner at `origin` (public units).
    fn mesh_at(
        cells: &[bool],
        width: usize,
        origin: [f64; 2],
        radius: f64,
        max_vertices: usize,
    ) -> NavMesh {
        let source = MapSource::TileMap {
            cells: cells.to_vec(),
            width,
            height: cells.len() / width,
            cell_size: 1.0,
            origin,
        };
        let options = Geometry2DOptions::new(4).unwrap();
        Mesh2DPipeline::new(radius, max_vertices, options)
            .build(&source)
            .unwrap()
    }

    fn cells(rows: &[&str]) -> (Vec<bool>, usize) {
        // Text rows, top row first, as the CLI reads them; the map's row 0 is the bottom.
        let width = rows[0].len();
        let cells = rows
            .iter()
            .rev()
            .flat_map(|r| r.bytes().map(|c| c == b'.'))
            .collect();
        (cells, width)
    }

    const UNIT: i64 = 16; // snap bits 4

    fn at(x: f64, y: f64) -> GridPoint {
        GridPoint::new((x * UNIT as f64) as i64, (y * UNIT as f64) as i64)
    }

    #[test]
    fn a_path_round_a_wall_turns_at_its_ends() {
        // A U: from the left arm's top to the right arm's top, round the wall between.
        let (c, w) = cells(&[".#.", ".#.", "..."]);
        let m = mesh(&c, w, 0.0, 6);
        let (from, to) = (at(0.5, 2.5), at(2.5, 2.5));
        let path = m.find_path(from, to).unwrap();
        assert_eq!(path.points, vec![from, at(1.0, 1.0), at(2.0, 1.0), to]);
        let public = [[0.5, 2.5], [1.0, 1.0], [2.0, 1.0], [2.5, 2.5]];
        assert_eq!(path.points_f64(4), public);
        check_path(&m, from, to, &path).unwrap();
        // 2 · sqrt(1.5² + 0.5²) + 1
        let expected = 2.0 * (2.25f64 + 0.25).sqrt() + 1.0;
        assert!(
            (path.length(4) - expected).abs() < 1e-12,
            "{}",
            path.length(4)
        );
    }

    /// Round a pillar the two corridors have equal lengths through the portals'
    /// midpoints (64 grid units on 3 × 3 cells, 96 on 5 × 3). The first to reach the goal
    /// is kept (a later one must be strictly shorter), and A*'s order fixes which that is,
    /// so the same mesh always gives the same path. Pinned as the engine chose it, so
    /// that a change in the tie rule shows: below the pillar with up to 4 and 6 vertices
    /// a polygon, above it with triangles.
    #[test]
    fn ties_between_corridors_are_broken_the_same_way_every_time() {
        for (rows, right) in [
            (&["...", ".#.", "..."][..], 2.0),
            (&[".....", ".#.#.", "....."][..], 4.0),
        ] {
            let (c, w) = cells(rows);
            let (from, to) = (at(0.5, 1.5), at(right + 0.5, 1.5));
            for (max_vertices, y) in [(3, 2.0), (4, 1.0), (6, 1.0)] {
                let m = mesh(&c, w, 0.0, max_vertices);
                let path = m.find_path(from, to).unwrap();
                let turns = vec![from, at(1.0, y), at(right, y), to];
                assert_eq!(path.points, turns, "{rows:?}, {max_vertices} vertices");
            }
        }
        // A tie inside the search, not at the goal: right of the middle pillar, the
        // routes above and below it are mirror images and reach a crossing west of it at
        // the same f64 cost. The first found keeps it (a later route must be strictly
        // cheaper), so the path goes below.
        let (c, w) = cells(&[".#...", "...#.", ".#..."]);
        let (from, to) = (at(4.5, 1.5), at(1.0, 1.0));
        let path = mesh(&c, w, 0.0, 6).find_path(from, to).unwrap();
        assert_eq!(path.points, vec![from, at(4.0, 1.0), to]);
    }

    #[test]
    fn a_path_from_a_point_to_itself_has_length_plus_zero() {
        let (c, w) = cells(&["..", ".."]);
        let m = mesh(&c, w, 0.0, 6);
        let path = m.find_path(at(0.5, 0.5), at(0.5, 0.5)).unwrap();
        assert_eq!(path.points.len(), 1);
        // +0.0, not -0.0: JSON writes the sign, and a length is never negative.
        assert_eq!(path.length(4).to_bits(), 0.0f64.to_bits());
    }

    #[test]
    fn a_funnel_narrowed_to_one_ray_turns_at_the_nearer_corner() {
        // From the apex (4, 12) the next gate, (4, 8)–(4, 10), lies on one ray: the path
        // goes down to (4, 10) and turns west there, not at (4, 8) (a proptest case; the
        // funnel once took the line of the left side as crossing it).
        let (c, w) = cells(&[
            "#####", ".####", "..###", "...#.", ".....", "..##.", "..##.", ".#...", "..#..",
            ".#..#", ".##.#", ".####", "#.###", "#####", "#.#.#", ".#...", "#.#..",
        ]);
        let m = mesh(&c, w, 0.0, 8);
        let (from, to) = (GridPoint::new(26, 202), GridPoint::new(44, 152));
        let path = m.find_path(from, to).unwrap();
        check_path(&m, from, to, &path).unwrap();
        assert_eq!(
            path.points,
            vec![from, GridPoint::new(64, 192), GridPoint::new(64, 160), to]
        );
        let length: f64 = path.points.windows(2).map(|w| distance(w[0], w[1])).sum();
        let shortest = shortest_in_corridor(&m, &path.polygons, from, to);
        assert!(
            (length - shortest).abs() < 1e-9,
            "{length} against {shortest}"
        );
    }

    #[test]
    fn a_path_finder_is_shared_between_threads() {
        // A game asks for paths from several threads at once on one `PathFinder`.
        fn shared<T: Send + Sync>() {}
        shared::<PathFinder<'static>>();
        shared::<NavPath>();
        let (c, w) = cells(&["...", "..."]);
        let m = mesh(&c, w, 0.0, 6);
        let finder = PathFinder::new(&m);
        let (a, b) = (at(0.5, 0.5), at(2.5, 1.5));
        let paths: Vec<Option<NavPath>> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..2).map(|_| s.spawn(|| finder.find_path(a, b))).collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert!(paths
            .iter()
            .all(|p| p.as_ref().map(|p| &p.points) == Some(&vec![a, b])));
    }

    #[test]
    fn no_path_between_islands_or_from_outside() {
        let (c, w) = cells(&["..#..", "..#.."]);
        let m = mesh(&c, w, 0.0, 6);
        assert!(m.find_path(at(0.5, 0.5), at(4.5, 0.5)).is_none());
        assert!(m.find_path(at(0.5, 0.5), at(2.5, 0.5)).is_none()); // into the wall
        let same = m.find_path(at(0.5, 0.5), at(0.5, 0.5)).unwrap();
        assert_eq!(same.points, vec![at(0.5, 0.5)]);
        assert_eq!(same.polygons.len(), 1);
    }

    /// The buckets of `locate` on an empty mesh (none: every query is off the mesh) and
    /// on meshes far from the origin or across it, where a bucket's offset differs from
    /// the coordinate.
    #[test]
    fn locate_on_an_empty_mesh_and_away_from_the_origin() {
        let empty = mesh(&[false; 4], 2, 0.0, 6);
        assert!(empty.polygons.is_empty());
        let finder = PathFinder::new(&empty);
        assert_eq!(finder.locate(GridPoint::new(0, 0)), None);
        assert_eq!(
            finder.find_path(GridPoint::new(0, 0), GridPoint::new(0, 0)),
            None
        );
        let (cells, width) = cells(&["..#..", ".....", "#...#"]);
        for origin in [
            [1000.0, -500.0],
            [-3000.0, 20.0],
            [0.0, 7000.0],
            [-2.0, -1.0],
        ] {
            let m = mesh_at(&cells, width, origin, 0.25, 6);
            let finder = PathFinder::new(&m);
            let points = probes(&m);
            for &p in &points {
                for (dx, dy) in [(0, 0), (3, -5), (-40, 0), (0, 40)] {
                    let q = GridPoint::new(p.x + dx, p.y + dy);
                    assert_eq!(finder.locate(q), m.locate(q), "{q:?}, origin {origin:?}");
                }
            }
            let (from, to) = (points[0], points[points.len() - 1]);
            let path = finder.find_path(from, to).unwrap();
            check_path(&m, from, to, &path).unwrap();
        }
    }

    #[test]
    fn the_checker_refuses_a_path_through_a_wall() {
        let (c, w) = cells(&[".#.", ".#.", "..."]);
        let m = mesh(&c, w, 0.0, 6);
        let (from, to) = (at(0.5, 2.5), at(2.5, 2.5));
        let mut path = m.find_path(from, to).unwrap();
        path.points = vec![from, to];
        assert!(check_path(&m, from, to, &path).is_err());
        // Corners swapped to the wall's far side: outside the mesh.
        path.points = vec![from, at(1.0, 3.0), at(2.0, 3.0), to];
        assert!(check_path(&m, from, to, &path).is_err());
    }

    /// Points to route between: each polygon's first vertex and the rounded mean of its
    /// vertices (usually inside it, sometimes in a neighbour or just outside).
    fn probes(m: &NavMesh) -> Vec<GridPoint> {
        let mut points = Vec::new();
        for poly in &m.polygons {
            let v: Vec<GridPoint> = poly.iter().map(|&i| m.vertices[i as usize]).collect();
            let n = v.len() as i64;
            points.push(v[0]);
            points.push(GridPoint::new(
                v.iter().map(|p| p.x).sum::<i64>().div_euclid(n),
                v.iter().map(|p| p.y).sum::<i64>().div_euclid(n),
            ));
        }
        points
    }

    /// The shortest path through `corridor` by brute force: corners at the corridor's
    /// vertices, a step from a point of polygon i to one of polygon k ≥ i allowed when
    /// `check_path` accepts that segment with polygons i..=k; Dijkstra over (point, i).
    fn shortest_in_corridor(m: &NavMesh, corridor: &[u32], from: GridPoint, to: GridPoint) -> f64 {
        let mut points = vec![from, to];
        for &p in corridor {
            points.extend(
                m.polygons[p as usize]
                    .iter()
                    .map(|&v| m.vertices[v as usize]),
            );
        }
        points.sort();
        points.dedup();
        let holds = |p: u32, q: GridPoint| polygon_holds(m, p as usize, q);
        let states: Vec<(usize, usize)> = (0..corridor.len())
            .flat_map(|i| (0..points.len()).map(move |k| (k, i)))
            .filter(|&(k, i)| holds(corridor[i], points[k]))
            .collect();
        let mut best = vec![f64::INFINITY; states.len()];
        let mut done = vec![false; states.len()];
        let start = states
            .iter()
            .position(|&(k, i)| points[k] == from && i == 0)
            .unwrap();
        best[start] = 0.0;
        loop {
            let Some(s) = (0..states.len())
                .filter(|&s| !done[s] && best[s].is_finite())
                .min_by(|&a, &b| best[a].total_cmp(&best[b]))
            else {
                return f64::INFINITY;
            };
            done[s] = true;
            let (u, i) = states[s];
            if points[u] == to && i + 1 == corridor.len() {
                return best[s];
            }
            for (t, &(v, k)) in states.iter().enumerate() {
                if done[t] || k < i || (u == v && k == i) {
                    continue;
                }
                let step = NavPath {
                    polygons: corridor[i..=k].to_vec(),
                    points: if u == v {
                        vec![points[u]]
                    } else {
                        vec![points[u], points[v]]
                    },
                };
                if check_path(m, points[u], points[v], &step).is_ok() {
                    let d = best[s] + distance(points[u], points[v]);
                    if d < best[t] {
                        best[t] = d;
                    }
                }
            }
        }
    }

    /// The midpoint of a portal, from the mesh's vertices (not the finder's own midpoints,
    /// so that wrong ones cannot agree with themselves). The sum is exact in i64 and f64.
    fn portal_midpoint(m: &NavMesh, portal: &Portal) -> [f64; 2] {
        let [a, b] = portal.vertices.map(|v| m.vertices[v as usize]);
        [(a.x + b.x) as f64 / 2.0, (a.y + b.y) as f64 / 2.0]
    }

    /// The length of a corridor as A* should measure it: from `from` through the
    /// midpoints of its portals to `to`.
    fn corridor_length(
        finder: &PathFinder,
        crossings: &[usize],
        from: GridPoint,
        to: GridPoint,
    ) -> f64 {
        let mut stops = vec![[from.x as f64, from.y as f64]];
        stops.extend(
            crossings
                .iter()
                .map(|&c| portal_midpoint(finder.mesh, &finder.portals[c / 2])),
        );
        stops.push([to.x as f64, to.y as f64]);
        stops.windows(2).map(|w| euclid(w[0], w[1])).sum()
    }

    /// The shortest corridor length by plain Dijkstra (no estimate), the portals as
    /// nodes, the least open node picked by a scan: what A* must reach.
    fn shortest_corridor_length(
        finder: &PathFinder,
        start: usize,
        goal: usize,
        from: GridPoint,
        to: GridPoint,
    ) -> f64 {
        if start == goal {
            return euclid([from.x as f64, from.y as f64], [to.x as f64, to.y as f64]);
        }
        let portals = &finder.portals;
        let mid: Vec<[f64; 2]> = portals
            .iter()
            .map(|portal| portal_midpoint(finder.mesh, portal))
            .collect();
        // Node (k, p): portal k crossed into its polygon p.
        let mut best = vec![[f64::INFINITY; 2]; portals.len()];
        let mut done = vec![[false; 2]; portals.len()];
        let origin = [from.x as f64, from.y as f64];
        for (k, portal) in portals.iter().enumerate() {
            for (side, length) in best[k].iter_mut().enumerate() {
                if portal.polygons[1 - side] as usize == start {
                    *length = euclid(origin, mid[k]);
                }
            }
        }
        let target = [to.x as f64, to.y as f64];
        let mut shortest = f64::INFINITY;
        loop {
            let mut least: Option<(usize, usize)> = None;
            for k in 0..portals.len() {
                for side in 0..2 {
                    let better = least.is_none_or(|(j, t)| best[k][side] < best[j][t]);
                    if !done[k][side] && best[k][side].is_finite() && better {
                        least = Some((k, side));
                    }
                }
            }
            let Some((k, side)) = least else {
                return shortest;
            };
            done[k][side] = true;
            let here = portals[k].polygons[side] as usize;
            if here == goal {
                shortest = shortest.min(best[k][side] + euclid(mid[k], target));
                continue;
            }
            for (j, next) in portals.iter().enumerate() {
                for t in 0..2 {
                    if j != k && next.polygons[1 - t] as usize == here {
                        let length = best[k][side] + euclid(mid[k], mid[j]);
                        if length < best[j][t] {
                            best[j][t] = length;
                        }
                    }
                }
            }
        }
    }

    proptest! {
        /// On random tile maps, shrunk or not: `PathFinder::locate` answers as
        /// `NavMesh::locate` (near the polygons and beyond the mesh); a path exists
        /// exactly between points of one connected region, it lies in its corridor (`check_path`), it is no longer
        /// than the polyline through the corridor's portal midpoints, and a kept
        /// `PathFinder` answers as `NavMesh::find_path` does.
        #[test]
        fn paths_stay_in_the_mesh_and_are_pulled_tight(
            (width, cells) in (1usize..10, 1usize..10).prop_flat_map(|(w, h)| {
                (Just(w), proptest::collection::vec(proptest::bool::weighted(0.75), w * h))
            }),
            radius in prop_oneof![Just(0.0), Just(0.25), Just(0.5), Just(0.3)],
            max_vertices in 3usize..9,
            picks in proptest::collection::vec((any::<proptest::sample::Index>(), any::<proptest::sample::Index>()), 1..12),
        ) {
            let m = mesh(&cells, width, radius, max_vertices);
            let points = probes(&m);
            if points.is_empty() {
                return Ok(()); // everything blocked or shrunk away
            }
            let region_of = {
                let mut region = vec![0; m.polygons.len()];
                for (k, members) in m.regions().iter().enumerate() {
                    for &p in members {
                        region[p] = k;
                    }
                }
                region
            };
            let finder = PathFinder::new(&m);
            for &p in &points {
                for (dx, dy) in [(0, 0), (1, -1), (-3, 2), (-40, 0), (0, 40)] {
                    let q = GridPoint::new(p.x + dx, p.y + dy);
                    prop_assert_eq!(finder.locate(q), m.locate(q), "{:?}", q);
                }
            }
            for (i, j) in picks {
                let (from, to) = (points[i.index(points.len())], points[j.index(points.len())]);
                let path = finder.find_path(from, to);
                prop_assert_eq!(&path, &m.find_path(from, to));
                let connected = match (m.locate(from), m.locate(to)) {
                    (Some(a), Some(b)) => region_of[a] == region_of[b],
                    _ => false,
                };
                prop_assert_eq!(path.is_some(), connected, "{:?} → {:?}", from, to);
                let Some(path) = path else { continue };
                // The corridor is the shortest through the portals' midpoints.
                let (start, goal) = (m.locate(from).unwrap(), m.locate(to).unwrap());
                let crossings = finder.corridor(start, goal, from, to).unwrap();
                prop_assert_eq!(crossings.len() + 1, path.polygons.len());
                let (got, want) = (
                    corridor_length(&finder, &crossings, from, to),
                    shortest_corridor_length(&finder, start, goal, from, to),
                );
                prop_assert!((got - want).abs() <= 1e-12 * want.max(1.0), "{} against {}", got, want);
                if let Err(e) = check_path(&m, from, to, &path) {
                    return Err(TestCaseError::fail(e));
                }
                // Through the midpoints of the corridor's shared edges, where each step
                // has one.
                let mut through = vec![from];
                let mut single = true;
                for w in path.polygons.windows(2) {
                    let (p, q) = (w[0] as usize, w[1] as i32);
                    let edges: Vec<usize> = (0..m.polygons[p].len()).filter(|&e| m.neighbors[p][e] == q).collect();
                    single &= edges.len() == 1;
                    let poly = &m.polygons[p];
                    let (a, b) = (m.vertices[poly[edges[0]] as usize], m.vertices[poly[(edges[0] + 1) % poly.len()] as usize]);
                    through.push(GridPoint::new(a.x + b.x, a.y + b.y)); // doubled
                }
                through.push(to);
                if single {
                    let half = |p: GridPoint, k: usize| if k == 0 || k + 1 == through.len() { [p.x as f64, p.y as f64] } else { [p.x as f64 / 2.0, p.y as f64 / 2.0] };
                    let bound: f64 = (1..through.len()).map(|k| euclid(half(through[k - 1], k - 1), half(through[k], k))).sum();
                    let length: f64 = path.points.windows(2).map(|w| distance(w[0], w[1])).sum();
                    prop_assert!(length <= bound * (1.0 + 1e-12), "{} > {}", length, bound);
                }
                if path.polygons.len() <= 6 {
                    let length: f64 = path.points.windows(2).map(|w| distance(w[0], w[1])).sum();
                    let shortest = shortest_in_corridor(&m, &path.polygons, from, to);
                    prop_assert!((length - shortest).abs() <= 1e-9 * shortest.max(1.0), "{:?}: {} against {}", path, length, shortest);
                }
            }
        }
    }
}
