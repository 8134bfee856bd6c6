//! Constrained Delaunay triangulation [D0]–[D8], following docs/cdt.md step by step.
//!
//! `topology` rewrites triangle slots (splits, flips, links); `order` fixes the insertion
//! order; this module holds the geometry: where a point lands, which edges are flipped,
//! and Sloan's constraint insertion. Every sign comes from `crate::predicates`.

pub mod order;
pub mod topology;
mod worklist;

use std::cmp::Ordering;

use crate::error::{Error, Location, Result};
use crate::grid::GridPoint;
use crate::predicates::{in_circle, orient, properly_cross};
use crate::progress::{Stage, Step, Ticker};
use topology::{rot, Mesh, NONE};
use worklist::{PassSet, QueuedEdge, SloanQueue};

pub use topology::Triangle;

/// Largest input coordinate magnitude, 2^39 ([G4]).
pub const MAX_INPUT_COORDINATE: i64 = 1 << 39;
/// B = 2^45: the bounding corners are (−B, −B), (3B, −B), (−B, 3B) ([D1]).
pub const BOUNDING: i64 = 1 << 45;

/// The three bounding points in index order n, n+1, n+2 ([D1]).
pub const BOUNDING_POINTS: [GridPoint; 3] = [
    GridPoint::new(-BOUNDING, -BOUNDING),
    GridPoint::new(3 * BOUNDING, -BOUNDING),
    GridPoint::new(-BOUNDING, 3 * BOUNDING),
];

/// A constrained Delaunay triangulation: the input points plus the three bounding
/// vertices, and every triangle slot as docs/cdt.md defines it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cdt {
    /// Input points (0..n) followed by the bounding points (n, n+1, n+2).
    points: Vec<GridPoint>,
    /// The normalised, deduplicated, sorted constraints.
    constraints: Vec<(u32, u32)>,
    mesh: Mesh,
    /// Start slot of the next walk.
    last: u32,
    /// Slots rewritten or relinked by Sloan's flips: what the first [D7] pass tests
    /// (worklist.rs).
    sloan_touched: Vec<bool>,
}

fn defect(reason: impl Into<String>) -> Error {
    Error::GeometryDefect {
        reason: reason.into(),
    }
}

fn bad_constraints(reason: impl Into<String>) -> Error {
    Error::invalid("constraints", reason)
}

impl Cdt {
    /// Triangulates sorted distinct points (|coordinates| ≤ 2^39) with noded constraints
    /// given as index pairs (docs/cdt.md §2–§6).
    #[cfg(any(test, feature = "conform", feature = "internals"))]
    pub fn new(points: &[GridPoint], constraints: &[(usize, usize)]) -> Result<Cdt> {
        Cdt::new_observed(points, constraints, &mut Ticker::silent())
    }

    /// [`Cdt::new`], counting points and constraints inserted on `ticker`.
    pub(crate) fn new_observed(
        points: &[GridPoint],
        constraints: &[(usize, usize)],
        ticker: &mut Ticker,
    ) -> Result<Cdt> {
        let mut cdt = Cdt::with_points(points, constraints)?;
        ticker.start(Stage::Triangulate, Step::Points, points.len())?;
        for (done, v) in order::insertion_order(points).into_iter().enumerate() {
            ticker.tick(done)?;
            cdt.insert_point(v)?;
        }
        ticker.finish()?;
        ticker.start(Stage::Triangulate, Step::Constraints, cdt.constraints.len())?;
        for k in 0..cdt.constraints.len() {
            ticker.tick(k)?;
            let (a, b) = cdt.constraints[k];
            cdt.insert_constraint(a, b)?;
        }
        ticker.finish()?;
        cdt.restore_delaunay()?;
        Ok(cdt)
    }

    /// Validates the input (§2) and sets up the initial triangle, nothing inserted yet.
    pub(crate) fn with_points(points: &[GridPoint], constraints: &[(usize, usize)]) -> Result<Cdt> {
        for (i, p) in points.iter().enumerate() {
            // x before y (docs/cdt.md §2).
            for value in [p.x, p.y] {
                if value.unsigned_abs() > MAX_INPUT_COORDINATE as u64 {
                    return Err(Error::OutOfRange {
                        location: Location::Argument {
                            name: format!("points[{i}]"),
                        },
                        value: value as f64,
                    });
                }
            }
        }
        if let Some(k) = points.windows(2).position(|w| w[0] >= w[1]) {
            return Err(Error::invalid(
                "points",
                format!(
                    "points {k} and {} are not strictly increasing in (x, y)",
                    k + 1
                ),
            ));
        }
        // 2n + 1 slots and n + 3 vertices must fit below NONE.
        let n = u32::try_from(points.len())
            .ok()
            .filter(|&n| n < (u32::MAX - 8) / 2)
            .ok_or_else(|| Error::invalid("points", "too many points"))?;
        let mut normalised = Vec::with_capacity(constraints.len());
        for &(a, b) in constraints {
            if a >= points.len() || b >= points.len() || a == b {
                return Err(bad_constraints(format!(
                    "constraint ({a}, {b}) is not a pair of distinct point indices"
                )));
            }
            normalised.push((a.min(b) as u32, a.max(b) as u32));
        }
        normalised.sort_unstable();
        normalised.dedup();
        let mut all = points.to_vec();
        all.extend_from_slice(&BOUNDING_POINTS);
        Ok(Cdt {
            points: all,
            constraints: normalised,
            mesh: Mesh::new(n),
            last: 0,
            sloan_touched: Vec::new(),
        })
    }

    /// Number of input points n (the bounding vertices are n, n+1, n+2).
    pub fn input_count(&self) -> usize {
        self.points.len() - 3
    }

    /// The triangle slots in slot order.
    pub fn triangles(&self) -> &[Triangle] {
        &self.mesh.triangles
    }

    /// The constraints as normalised, deduplicated, sorted (min, max) pairs.
    #[cfg(any(test, feature = "internals"))]
    pub fn constraints(&self) -> &[(u32, u32)] {
        &self.constraints
    }

    /// How many edge flips the construction did (legalisation, Sloan and [D7] passes
    /// together): a statistic for benchmarks.
    #[cfg(feature = "internals")]
    pub fn flip_count(&self) -> u64 {
        self.mesh.flips
    }

    /// Whether vertex v is one of the three bounding vertices.
    pub fn is_bounding(&self, v: u32) -> bool {
        v as usize >= self.input_count()
    }

    fn pt(&self, v: u32) -> GridPoint {
        self.points[v as usize]
    }

    fn orient_v(&self, a: u32, b: u32, c: u32) -> Ordering {
        orient(self.pt(a), self.pt(b), self.pt(c))
    }

    /// Whether d lies strictly inside the circumcircle of slot t.
    fn strictly_in_circumcircle(&self, t: u32, d: u32) -> bool {
        let [a, b, c] = self.mesh.tri(t).v;
        in_circle(self.pt(a), self.pt(b), self.pt(c), self.pt(d)) == Ordering::Greater
    }

    /// Whether the quadrilateral a, d, b, c around edge i of slot t is strictly convex
    /// (§5 step 3): orient(c, a, d) > 0 and orient(d, b, c) > 0.
    fn strictly_convex(&self, t: u32, i: usize, d: u32) -> bool {
        let v = self.mesh.tri(t).v;
        let (a, b, c) = (v[i], v[rot(i, 1)], v[rot(i, 2)]);
        self.orient_v(c, a, d) == Ordering::Greater && self.orient_v(d, b, c) == Ordering::Greater
    }

    // ---- §4 point insertion -------------------------------------------------------

    /// The visibility walk of §4.1 from `last`: the slot whose closed triangle holds p.
    fn locate(&self, p: GridPoint) -> Result<u32> {
        let mut t = self.last;
        let limit = 4 * self.mesh.triangles.len() + 16;
        'walk: for _ in 0..limit {
            let v = self.mesh.tri(t).v;
            for i in 0..3 {
                if orient(self.pt(v[i]), self.pt(v[rot(i, 1)]), p) == Ordering::Less {
                    let next = self.mesh.tri(t).nb[i];
                    if next == NONE {
                        return Err(defect("walk left the bounding triangle"));
                    }
                    t = next;
                    continue 'walk;
                }
            }
            return Ok(t);
        }
        Err(defect("visibility walk did not terminate"))
    }

    /// Inserts input vertex v (§4): locate, split, legalise.
    pub(crate) fn insert_point(&mut self, v: u32) -> Result<()> {
        let p = self.pt(v);
        let found = self.locate(p)?;
        let tv = self.mesh.tri(found).v;
        let zeros: Vec<usize> = (0..3)
            .filter(|&i| orient(self.pt(tv[i]), self.pt(tv[rot(i, 1)]), p) == Ordering::Equal)
            .collect();
        let stack: Vec<u32> = match zeros.as_slice() {
            [] => self.mesh.split3(found, v).to_vec(),
            [i] => {
                // §4.3: roles come from the smaller of the two slots.
                let other = self.mesh.tri(found).nb[*i];
                if other == NONE {
                    return Err(defect("point on the bounding triangle's boundary"));
                }
                let t = found.min(other);
                let i = (0..3)
                    .find(|&k| {
                        let w = self.mesh.tri(t).v;
                        orient(self.pt(w[k]), self.pt(w[rot(k, 1)]), p) == Ordering::Equal
                    })
                    .ok_or_else(|| defect("edge of a 2→4 split not found"))?;
                self.mesh
                    .split4(t, i, v)
                    .ok_or_else(|| defect("2→4 split without neighbour"))?
                    .to_vec()
            }
            _ => return Err(defect("point coincides with a vertex")),
        };
        self.last = stack[0];
        self.legalise(stack);
        Ok(())
    }

    /// §4.5: LIFO; each slot has the new point at v[2] and its edge 0 is tested.
    fn legalise(&mut self, mut stack: Vec<u32>) {
        while let Some(s) = stack.pop() {
            if self.mesh.tri(s).con[0] {
                continue;
            }
            let Some((_, _, d)) = self.mesh.across(s, 0) else {
                continue;
            };
            if self.strictly_in_circumcircle(s, d)
                || (crate::mutation::active(crate::mutation::Mutation::CocircularDiagonal) && {
                    let [a, b, c] = self.mesh.tri(s).v;
                    in_circle(self.pt(a), self.pt(b), self.pt(c), self.pt(d)) == Ordering::Equal
                })
            {
                if let Some(u) = self.mesh.flip(s, 0) {
                    stack.push(s);
                    stack.push(u);
                }
            }
        }
    }

    // ---- §5 constraint insertion (Sloan) -------------------------------------------

    /// The edges crossed by segment a–b in order from a (§5 step 2), or `None` when a–b is
    /// already an edge.
    fn crossed_edges(&self, a: u32, b: u32) -> Result<Option<Vec<QueuedEdge>>> {
        let (pa, pb) = (self.pt(a), self.pt(b));
        let forward = |x: u32| {
            let q = self.pt(x);
            let dot = i128::from(q.x - pa.x) * i128::from(pb.x - pa.x)
                + i128::from(q.y - pa.y) * i128::from(pb.y - pa.y);
            dot > 0
        };
        let mut fan = self.mesh.fan_iter(a).peekable();
        if fan.peek().is_none() {
            return Err(defect("constraint endpoint not in the triangulation"));
        }
        let mut start = None;
        for (t, k) in fan {
            let v = self.mesh.tri(t).v;
            let (x, y) = (v[rot(k, 1)], v[rot(k, 2)]);
            if x == b || y == b {
                return Ok(None);
            }
            if self.orient_v(a, b, x) == Ordering::Equal && forward(x) {
                return Err(bad_constraints(format!(
                    "constraint ({a}, {b}) passes through vertex {x}"
                )));
            }
            if self.orient_v(a, b, x) == Ordering::Less
                && self.orient_v(a, b, y) == Ordering::Greater
            {
                start = Some((t, rot(k, 1)));
            }
        }
        let (mut t, mut i) =
            start.ok_or_else(|| defect("no triangle around the constraint start"))?;
        let mut queue = Vec::new();
        for _ in 0..=self.mesh.triangles.len() {
            let tri = *self.mesh.tri(t);
            if tri.con[i] {
                return Err(bad_constraints(format!(
                    "constraint ({a}, {b}) crosses a constrained edge"
                )));
            }
            let (x, y) = (tri.v[i], tri.v[rot(i, 1)]);
            queue.push(QueuedEdge {
                edge: (x, y),
                slot: t,
            });
            let (u, j, z) = self
                .mesh
                .across(t, i)
                .ok_or_else(|| defect("constraint walk left the triangulation"))?;
            if z == b {
                return Ok(Some(queue));
            }
            // In u = (y, x, z) at positions j, j+1, j+2: edge j+1 = (x, z), j+2 = (z, y).
            match self.orient_v(a, b, z) {
                Ordering::Less => i = rot(j, 2),    // (z, y) is crossed next
                Ordering::Greater => i = rot(j, 1), // (x, z)
                Ordering::Equal => {
                    return Err(bad_constraints(format!(
                        "constraint ({a}, {b}) passes through vertex {z}"
                    )))
                }
            }
            t = u;
        }
        Err(defect("constraint walk did not reach its end"))
    }

    /// Inserts constraint (a, b), a < b (§5). Returns how often an edge was pushed back
    /// unflipped because its quadrilateral was not strictly convex (for tests).
    ///
    /// Sloan's FIFO runs as a cycle that skips the pops whose answer is known
    /// (worklist.rs): the same flips in the same order, the same guard.
    pub(crate) fn insert_constraint(&mut self, a: u32, b: u32) -> Result<usize> {
        if crate::mutation::active(crate::mutation::Mutation::SloanQueue) {
            return self.plain_insert_constraint(a, b);
        }
        let mut requeued = 0;
        if let Some(crossed) = self.crossed_edges(a, b)? {
            let limit = crossed
                .len()
                .saturating_mul(crossed.len())
                .saturating_mul(16)
                .saturating_add(1024);
            let (pa, pb) = (self.pt(a), self.pt(b));
            let mut queue = SloanQueue::new(crossed);
            let mut steps = 0usize;
            while queue.len() > 0 {
                // Clean elements are popped and pushed back unchanged (requeued).
                let Some((pos, item, skipped)) = queue.next_dirty() else {
                    return Err(defect("Sloan's loop did not settle"));
                };
                steps = steps.saturating_add(skipped + 1);
                requeued += skipped;
                if steps > limit {
                    return Err(defect("Sloan's loop did not settle"));
                }
                let (x, y) = item.edge;
                let found = self
                    .edge_in_slot(item.slot, x, y)
                    .or_else(|| self.mesh.find_edge(x, y))
                    .ok_or_else(|| defect("queued edge vanished"))?;
                let (t, i, d) = self.queued_quadrilateral(found)?;
                if self.strictly_convex(t, i, d) {
                    let tv = self.mesh.tri(t).v;
                    let (ea, eb, c) = (tv[i], tv[rot(i, 1)], tv[rot(i, 2)]);
                    let Some(u) = self.mesh.flip(t, i) else {
                        return Err(defect("broken link"));
                    };
                    self.note_sloan_flip(t, u);
                    // t = (a, d, c), u = (d, b, c) (§4.4): the four sides' slots.
                    queue.touch(ea, d, t);
                    queue.touch(c, ea, t);
                    queue.touch(d, eb, u);
                    queue.touch(eb, c, u);
                    if properly_cross(pa, pb, self.pt(c), self.pt(d)) {
                        queue.replace(
                            pos,
                            QueuedEdge {
                                edge: (c, d),
                                slot: t,
                            },
                        );
                    } else {
                        queue.remove(pos);
                    }
                } else {
                    // Pushed back at the end of the FIFO: its place in the cycle.
                    requeued += 1;
                }
            }
        }
        let (t, i) = self
            .mesh
            .find_edge(a, b)
            .ok_or_else(|| defect("constraint is not an edge after Sloan's loop"))?;
        self.mesh.constrain(t, i);
        Ok(requeued)
    }

    /// §5 step 3 exactly as written: a FIFO of edges, each located by `find_edge`. The
    /// definition [`Cdt::insert_constraint`] is tested against, and the path a mutated
    /// build takes (`build2d serve --mutate sloan-queue` pops from the back).
    pub(crate) fn plain_insert_constraint(&mut self, a: u32, b: u32) -> Result<usize> {
        let mut requeued = 0;
        if let Some(crossed) = self.crossed_edges(a, b)? {
            let mut queue: std::collections::VecDeque<(u32, u32)> =
                crossed.iter().map(|q| q.edge).collect();
            let limit = 16 * queue.len() * queue.len() + 1024;
            let (pa, pb) = (self.pt(a), self.pt(b));
            let mut steps = 0;
            while let Some((x, y)) =
                if crate::mutation::active(crate::mutation::Mutation::SloanQueue) {
                    queue.pop_back()
                } else {
                    queue.pop_front()
                }
            {
                steps += 1;
                if steps > limit {
                    return Err(defect("Sloan's loop did not settle"));
                }
                let found = self
                    .mesh
                    .find_edge(x, y)
                    .ok_or_else(|| defect("queued edge vanished"))?;
                let (t, i, d) = self.queued_quadrilateral(found)?;
                if self.strictly_convex(t, i, d) {
                    let c = self.mesh.tri(t).v[rot(i, 2)];
                    self.mesh.flip(t, i);
                    if properly_cross(pa, pb, self.pt(c), self.pt(d)) {
                        queue.push_back((c, d));
                    }
                } else {
                    requeued += 1;
                    queue.push_back((x, y));
                }
            }
        }
        let (t, i) = self
            .mesh
            .find_edge(a, b)
            .ok_or_else(|| defect("constraint is not an edge after Sloan's loop"))?;
        self.mesh.constrain(t, i);
        Ok(requeued)
    }

    /// A queued edge, found at position k of slot s, as §5 step 3 reads its
    /// quadrilateral: (t, i) = the edge in the smaller slot of its two triangles, and d =
    /// the vertex across it from t. A queued edge on the outer boundary is a defect.
    #[inline]
    fn queued_quadrilateral(&self, (s, k): (u32, usize)) -> Result<(u32, usize, u32)> {
        let (other, j, _) = self
            .mesh
            .across(s, k)
            .ok_or_else(|| defect("queued edge on the outer boundary"))?;
        let (t, i) = if s < other { (s, k) } else { (other, j) };
        let (_, _, d) = self
            .mesh
            .across(t, i)
            .ok_or_else(|| defect("broken link"))?;
        Ok((t, i, d))
    }

    /// The position of the undirected edge {x, y} in slot t, if t holds it.
    fn edge_in_slot(&self, t: u32, x: u32, y: u32) -> Option<(u32, usize)> {
        let v = self.mesh.triangles.get(t as usize)?.v;
        (0..3)
            .find(|&k| {
                let (p, q) = (v[k], v[rot(k, 1)]);
                (p == x && q == y) || (p == y && q == x)
            })
            .map(|k| (t, k))
    }

    /// Records the two slots a Sloan flip rewrote; their neighbours need no mark
    /// (worklist.rs: an edge beside a slot no flip rewrote is locally Delaunay).
    fn note_sloan_flip(&mut self, t: u32, u: u32) {
        if self.sloan_touched.len() < self.mesh.triangles.len() {
            self.sloan_touched.resize(self.mesh.triangles.len(), false);
        }
        self.sloan_touched[t as usize] = true;
        self.sloan_touched[u as usize] = true;
    }

    // ---- §6 restoration passes -----------------------------------------------------

    /// The [D7] test of edge i of slot t: unconstrained, the opposite vertex strictly
    /// inside the circumcircle (cocircular stays) and the quadrilateral strictly convex.
    fn d7_flippable(&self, t: u32, i: usize) -> bool {
        if self.mesh.tri(t).con[i] {
            return false;
        }
        let Some((_, _, d)) = self.mesh.across(t, i) else {
            return false;
        };
        self.strictly_in_circumcircle(t, d) && self.strictly_convex(t, i, d)
    }

    /// One plain [D7] pass over every slot; returns whether it flipped anything (the
    /// definition the work sets of [`Cdt::restore_delaunay`] are tested against, and the
    /// path a mutated build takes: `--mutate d7-scan-order` scans from the last slot).
    pub(crate) fn restore_pass(&mut self) -> bool {
        let mut flipped = false;
        for t in 0..self.mesh.triangles.len() as u32 {
            let t = if crate::mutation::active(crate::mutation::Mutation::D7ScanOrder) {
                self.mesh.triangles.len() as u32 - 1 - t
            } else {
                t
            };
            for i in 0..3 {
                if self.d7_flippable(t, i) {
                    self.mesh.flip(t, i);
                    flipped = true;
                }
            }
        }
        flipped
    }

    /// [D7] passes until one flips nothing: slots in increasing index, edges 0, 1, 2 of
    /// the current content, a flip continuing with the next edge of the new content;
    /// only slots that may have changed are visited (worklist.rs).
    pub(crate) fn restore_delaunay(&mut self) -> Result<()> {
        if crate::mutation::active(crate::mutation::Mutation::D7ScanOrder) {
            for _ in 0..self.mesh.triangles.len() + 64 {
                if !self.restore_pass() {
                    return Ok(());
                }
            }
            return Err(defect("Delaunay passes did not settle"));
        }
        let mut touched = std::mem::take(&mut self.sloan_touched);
        touched.resize(self.mesh.triangles.len(), false);
        let mut set = PassSet::new(touched);
        // The first pass always runs; a pass count above slots + 64 is a defect.
        for _ in 0..self.mesh.triangles.len() + 64 {
            while let Some(t) = set.pop() {
                for i in 0..3 {
                    if !self.d7_flippable(t, i) {
                        continue;
                    }
                    let Some(u) = self.mesh.flip(t, i) else {
                        continue;
                    };
                    for s in [t, u] {
                        set.dirty(s, t);
                        for x in self.mesh.tri(s).nb {
                            if x != NONE {
                                set.dirty(x, t);
                            }
                        }
                    }
                }
            }
            if !set.next_pass() {
                return Ok(());
            }
        }
        Err(defect("Delaunay passes did not settle"))
    }

    // ---- outputs -------------------------------------------------------------------

    /// Triangles with no bounding vertex, each rotated to start at its smallest index,
    /// sorted (docs/cdt.md §7.1).
    #[cfg(any(test, feature = "internals", feature = "conform"))]
    pub fn finite_triangles(&self) -> Vec<[u32; 3]> {
        let mut out: Vec<[u32; 3]> = self
            .mesh
            .triangles
            .iter()
            .filter(|t| t.v.iter().all(|&v| !self.is_bounding(v)))
            .map(|t| rotate_to_smallest(t.v))
            .collect();
        out.sort_unstable();
        out
    }

    /// Every constrained edge once as (min, max), sorted.
    #[cfg(any(test, feature = "internals", feature = "conform"))]
    pub fn constrained_edges(&self) -> Vec<(u32, u32)> {
        let mut out: Vec<(u32, u32)> = self
            .mesh
            .triangles
            .iter()
            .flat_map(|t| {
                (0..3)
                    .filter(|&i| t.con[i])
                    .map(|i| (t.v[i].min(t.v[rot(i, 1)]), t.v[i].max(t.v[rot(i, 1)])))
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Checks the invariants: links symmetric (flags too), triangles counter-clockwise,
    /// areas add up to the bounding triangle, constraints exactly the flagged edges,
    /// unconstrained edges locally Delaunay.
    #[cfg(any(test, feature = "internals"))]
    pub fn check(&self) -> Result<()> {
        let n = self.input_count();
        let slots = self.mesh.triangles.len();
        if slots != 1 + 2 * n {
            return Err(defect(format!("{slots} slots for {n} points")));
        }
        let mut area2: i128 = 0;
        let mut outer_edges = 0;
        for t in 0..slots as u32 {
            let tri = self.mesh.tri(t);
            if tri.v.iter().any(|&v| v as usize >= self.points.len()) {
                return Err(defect(format!("slot {t} has a bad vertex")));
            }
            let [a, b, c] = tri.v;
            let det = crate::predicates::orient_det(self.pt(a), self.pt(b), self.pt(c));
            if det <= 0 {
                return Err(defect(format!("slot {t} is not counter-clockwise")));
            }
            area2 += det;
            for i in 0..3 {
                if tri.nb[i] == NONE {
                    let both_bounding =
                        self.is_bounding(tri.v[i]) && self.is_bounding(tri.v[rot(i, 1)]);
                    if !both_bounding || tri.con[i] {
                        return Err(defect(format!("slot {t} edge {i} has no neighbour")));
                    }
                    outer_edges += 1;
                    continue;
                }
                let (u, j, d) = self
                    .mesh
                    .across(t, i)
                    .ok_or_else(|| defect(format!("slot {t} edge {i}: link not symmetric")))?;
                let twin = self.mesh.tri(u);
                if twin.nb[j] != t || twin.con[j] != tri.con[i] {
                    return Err(defect(format!("slot {t} edge {i}: link not symmetric")));
                }
                if !tri.con[i] && self.strictly_in_circumcircle(t, d) {
                    return Err(defect(format!("slot {t} edge {i} is not Delaunay")));
                }
            }
        }
        let [p, q, r] = BOUNDING_POINTS;
        if outer_edges != 3 || area2 != crate::predicates::orient_det(p, q, r) {
            return Err(defect("triangles do not tile the bounding triangle"));
        }
        let flagged = self.constrained_edges();
        if flagged != self.constraints {
            return Err(defect("constrained edges differ from the constraints"));
        }
        Ok(())
    }
}

/// A triangle's vertex triple rotated to start at its smallest index.
pub fn rotate_to_smallest(v: [u32; 3]) -> [u32; 3] {
    let k = (0..3).min_by_key(|&i| v[i]).unwrap_or(0);
    [v[k], v[rot(k, 1)], v[rot(k, 2)]]
}

#[cfg(test)]
mod tests;
