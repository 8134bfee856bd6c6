//! `Region::shrink`, the build pipeline's agent-radius erosion ([S1]–[S7], [E1]–[E6],
//! X3, X14): only the interior side of each edge and the reflex vertices are swept, the
//! pieces are fed as edges (not closed polygons), and the arcs use the equal-area ring.

use crate::arrangement::{initial_pieces_of, input_fragments_in_parts, EdgeTag, TaggedEdge};
use crate::construct::{
    choose_sides, displace, equal_area_polygon, grid_tolerance, round_polygon, rounded_edge_offset,
    Offset,
};
use crate::error::{Error, Location, Result};
use crate::grid::{scale, GridPoint};
use crate::offset::{check_arc_tolerance, MAX_DISTANCE};
use crate::predicates::cross;
use crate::progress::{Stage, Step, Ticker};
use crate::region::{overlay_initial_pieces, Region};
use crate::rings::Operation;
use crate::workspace::{self, Workspace};

/// Checks an agent radius (X3), in this order: negative (−∞ included) is an invalid
/// argument; NaN, +∞ or above 2^20 is out of range.
pub fn check_radius(radius: f64) -> Result<()> {
    if radius < 0.0 {
        return Err(Error::invalid(
            "radius",
            format!("must not be negative, got {radius:?}"),
        ));
    }
    if !radius.is_finite() || radius > MAX_DISTANCE {
        return Err(Error::OutOfRange {
            location: Location::Argument {
                name: "radius".into(),
            },
            value: radius,
        });
    }
    Ok(())
}

/// The arc tolerance the build pipeline passes to the shrink ([S7], X18):
/// max(cell / 4, min(0.0825 × radius, cell / 2)).
///
/// ```
/// use build2d::pipeline_arc_tolerance;
/// assert_eq!(pipeline_arc_tolerance(1.0, 0.0), 0.25); // a quarter cell at least
/// assert_eq!(pipeline_arc_tolerance(1.0, 100.0), 0.5); // half a cell at most
/// ```
pub fn pipeline_arc_tolerance(cell_size: f64, radius: f64) -> f64 {
    (cell_size / 4.0).max((0.0825 * radius).min(cell_size / 2.0))
}

/// The exact integer left normal (−dy, dx) of a→b (X14).
fn integer_left_normal(a: GridPoint, b: GridPoint) -> Offset {
    (-(b.y - a.y), b.x - a.x)
}

/// Whether a turns right on prev→a→next: cross(d_in, d_out) < 0 (X14). Such a vertex is
/// reflex for the interior, which lies on the left.
pub fn is_reflex(prev: GridPoint, a: GridPoint, next: GridPoint) -> bool {
    cross((a.x - prev.x, a.y - prev.y), (next.x - a.x, next.y - a.y)) < 0
}

/// [`for_each_in_sector`]'s indices collected (for the tests).
#[cfg(test)]
pub fn sector_arc(ring: &[Offset], normal_out: Offset, normal_in: Offset) -> Vec<usize> {
    let mut arc = Vec::new();
    for_each_in_sector(ring, normal_out, normal_in, |j| arc.push(j));
    arc
}

/// Calls `f` on the indices of the rounded ring offsets `ring` strictly inside the sector
/// from `normal_out` counter-clockwise to `normal_in` (X14): cross(N_out, w) > 0 and
/// cross(w, N_in) > 0. They come in counter-clockwise ring order: starting at the least
/// index j that is inside while j − 1 (mod m) is not (0 if all are inside), then
/// ascending modulo m. Without allocating when the ring has at most 64 offsets (one bit
/// each): the shrink builds a rim per reflex vertex.
fn for_each_in_sector(
    ring: &[Offset],
    normal_out: Offset,
    normal_in: Offset,
    f: impl FnMut(usize),
) {
    let m = ring.len();
    let is_inside = |w: Offset| cross(normal_out, w) > 0 && cross(w, normal_in) > 0;
    if m <= 64 {
        let inside = ring
            .iter()
            .enumerate()
            .fold(0u64, |bits, (j, &w)| bits | (u64::from(is_inside(w)) << j));
        let at = |j: usize| inside >> j & 1 == 1;
        let start = (0..m).find(|&j| at(j) && !at((j + m - 1) % m)).unwrap_or(0);
        (0..m)
            .map(|k| (start + k) % m)
            .filter(|&j| at(j))
            .for_each(f);
        return;
    }
    let inside: Vec<bool> = ring.iter().map(|&w| is_inside(w)).collect();
    let start = (0..m)
        .find(|&j| inside[j] && !inside[(j + m - 1) % m])
        .unwrap_or(0);
    (0..m)
        .map(|k| (start + k) % m)
        .filter(|&j| inside[j])
        .for_each(f);
}

fn push_edge(edges: &mut Vec<TaggedEdge>, from: GridPoint, to: GridPoint, tag: EdgeTag) {
    if from != to {
        edges.push(TaggedEdge { from, to, tag });
    }
}

/// The edges fed to the overlay by `Region::shrink` ([S5], X14).
///
/// The shrink has no [O6] constructed-point check (X3 lists none for it; see
/// `docs/spec/offset.md` section 6): its points stay within r + 1 of the region.
///
/// Fed edges: each region edge once as `Both`; the rectangle sides b → b + V,
/// b + V → a + V, a + V → a as operand 1, leaving out an end side at a reflex vertex
/// occurrence; each arc tip_out → … → tip_in as operand 1. In this order: the region
/// edges and rectangle sides ring by ring, then the arcs ring by ring.
/// Validates the arguments like [`Region::shrink`].
#[cfg(any(test, feature = "internals", feature = "fuzzing", feature = "conform"))]
pub fn shrink_edges(region: &Region, radius: f64, arc_tolerance: f64) -> Result<Vec<TaggedEdge>> {
    check_radius(radius)?;
    check_arc_tolerance(arc_tolerance)?;
    let (r, arc_ring) = radius_and_arc_ring(region, radius, arc_tolerance);
    edges_in_order(region, r, &arc_ring)
}

/// [`shrink_edges`] from [`radius_and_arc_ring`] on checked arguments, in its order: also
/// what the shrink's overlay builds again when it needs the full arrangement.
fn edges_in_order(region: &Region, r: f64, arc_ring: &[Offset]) -> Result<Vec<TaggedEdge>> {
    let chunks = shrink_edge_chunks(region, r, arc_ring, &mut Ticker::silent(), false)?;
    Ok(chunks.concat())
}

/// Fewest region edges for which `Region::shrink` builds its edges on several threads.
#[cfg(feature = "parallel")]
const PARALLEL_MIN_REGION_EDGES: usize = 1 << 13;

/// The edges of [`shrink_edges`] in chunks, counting the region edges done on `ticker`:
/// chunks of about [`CHUNK_EDGES`] in [`shrink_edges`]' order, or, when `side_by_side`
/// and several threads run (the `parallel` feature), runs of region edges built on all
/// of them, each run's sides then its arcs. The overlay does not depend on the order of
/// its edges ([A0]). `r` and `arc_ring` come from [`radius_and_arc_ring`] on checked
/// arguments.
fn shrink_edge_chunks(
    region: &Region,
    r: f64,
    arc_ring: &[Offset],
    ticker: &mut Ticker,
    side_by_side: bool,
) -> Result<Vec<Vec<TaggedEdge>>> {
    let rings = region.rings();
    let total = rings.iter().map(Vec::len).sum();
    ticker.start(Stage::Shrink, Step::ShrinkEdges, total)?;
    #[cfg(feature = "parallel")]
    if side_by_side && total >= PARALLEL_MIN_REGION_EDGES && rayon::current_num_threads() > 1 {
        use rayon::prelude::*;
        let runs = edge_runs(rings, total.div_ceil(4 * rayon::current_num_threads()));
        let installed = workspace::installed();
        let chunks = runs
            .par_iter()
            .map(|run| {
                workspace::serve(&installed, || {
                    let mut chunks = Chunks::default();
                    for (k, range) in run {
                        push_sides(&rings[*k], range.clone(), r, &mut chunks);
                    }
                    for (k, range) in run {
                        push_arcs(&rings[*k], range.clone(), r, arc_ring, &mut chunks);
                    }
                    chunks.finish()
                })
            })
            .collect::<Vec<_>>();
        ticker.finish()?;
        return Ok(chunks.into_iter().flatten().collect());
    }
    #[cfg(not(feature = "parallel"))]
    let _ = side_by_side;
    let mut chunks = Chunks::default();
    let mut done = 0;
    for ring in rings {
        ticker.tick(done)?;
        done += ring.len();
        push_sides(ring, 0..ring.len(), r, &mut chunks);
    }
    ticker.finish()?;
    for ring in rings {
        push_arcs(ring, 0..ring.len(), r, arc_ring, &mut chunks);
    }
    Ok(chunks.finish())
}

/// Edges per chunk built on one thread (2.6 MB), unless one ring needs more: chunks this
/// small come from the heap, whose memory the arrangement reuses once they are freed,
/// where glibc maps one buffer of a cave's 30 MB apart and unmaps it on free (3.4 × 10^3
/// fewer page faults a cave-1024 shrink; docs/performance.md).
const CHUNK_EDGES: usize = 1 << 16;

/// Edges in chunks that never grow: each is allocated once, for [`CHUNK_EDGES`] or for
/// what is asked at once if more, and closed when the next group would not fit. (Grown
/// by doubling, each chunk copied itself into fresh memory: a fifth of a cave shrink's
/// page faults, docs/performance.md.)
#[derive(Default)]
struct Chunks {
    closed: Vec<Vec<TaggedEdge>>,
    open: Vec<TaggedEdge>,
}

impl Chunks {
    /// The open chunk, with room for `more` edges.
    fn with_room(&mut self, more: usize) -> &mut Vec<TaggedEdge> {
        if self.open.capacity() - self.open.len() < more {
            let fresh = workspace::take(more.max(CHUNK_EDGES));
            let full = std::mem::replace(&mut self.open, fresh);
            if !full.is_empty() {
                self.closed.push(full);
            }
        }
        &mut self.open
    }

    /// The chunks in the order their edges were written.
    fn finish(mut self) -> Vec<Vec<TaggedEdge>> {
        self.closed.push(self.open);
        self.closed
    }
}

/// The radius in grid units and the sector ring (X14): one m-gon, cheaper to build than
/// to ask first whether any vertex is reflex.
fn radius_and_arc_ring(region: &Region, radius: f64, arc_tolerance: f64) -> (f64, Vec<Offset>) {
    let snap_bits = region.snap_bits();
    let r = radius * scale(snap_bits);
    let sides = choose_sides(r, grid_tolerance(arc_tolerance, snap_bits, r));
    (r, round_polygon(&equal_area_polygon(r, sides)))
}

/// Runs of about `size` region edges (ring index, edge range), in ring order: long rings
/// are cut, short ones grouped.
#[cfg(feature = "parallel")]
fn edge_runs(rings: &[Vec<GridPoint>], size: usize) -> Vec<Vec<(usize, std::ops::Range<usize>)>> {
    let size = size.max(1);
    let (mut runs, mut run, mut filled) = (Vec::new(), Vec::new(), 0);
    for (k, ring) in rings.iter().enumerate() {
        let mut start = 0;
        while start < ring.len() {
            let end = ring.len().min(start + size - filled);
            run.push((k, start..end));
            filled += end - start;
            start = end;
            if filled == size {
                runs.push(std::mem::take(&mut run));
                filled = 0;
            }
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// The ring index after i (of n), by a comparison: the edges are built per vertex, where
/// a division per neighbour cost more than the rest of the index work.
fn after(i: usize, n: usize) -> usize {
    if i + 1 == n {
        0
    } else {
        i + 1
    }
}

/// The ring index before i (of n).
fn before(i: usize, n: usize) -> usize {
    if i == 0 {
        n - 1
    } else {
        i - 1
    }
}

/// Each vertex of a closed ring with its neighbours, (before, vertex, after), in ring
/// order, the neighbours found by comparison rather than division (empty for an empty
/// ring).
fn ring_corners(
    ring: &[GridPoint],
) -> impl Iterator<Item = (GridPoint, GridPoint, GridPoint)> + '_ {
    let n = ring.len();
    (0..n).map(move |i| (ring[before(i, n)], ring[i], ring[after(i, n)]))
}

/// Whether ring vertex i turns right (X14).
fn vertex_is_reflex(ring: &[GridPoint], i: usize) -> bool {
    let n = ring.len();
    is_reflex(ring[before(i, n)], ring[i], ring[after(i, n)])
}

/// The rounded offset V of ring edge i = ring[i] → ring[i + 1] (X14).
fn edge_offset(ring: &[GridPoint], i: usize, r: f64) -> Offset {
    rounded_edge_offset(ring[i], ring[after(i, ring.len())], r)
}

/// For the edges `range` of `ring`: the region edge as `Both` and the rectangle sides
/// (an end side left out at a reflex vertex occurrence).
fn push_sides(ring: &[GridPoint], range: std::ops::Range<usize>, r: f64, chunks: &mut Chunks) {
    if range.is_empty() {
        return;
    }
    // At most four edges per region edge: itself, its far side and two end sides.
    let edges = chunks.with_room(4 * range.len());
    let n = ring.len();
    let mut reflex_here = vertex_is_reflex(ring, range.start);
    for i in range {
        let (a, b) = (ring[i], ring[after(i, n)]);
        let offset = edge_offset(ring, i, r);
        let reflex_next = vertex_is_reflex(ring, after(i, n));
        let far_b = displace(b, offset);
        let far_a = displace(a, offset);
        push_edge(edges, a, b, EdgeTag::Both);
        if !reflex_next {
            push_edge(edges, b, far_b, EdgeTag::Operand1);
        }
        push_edge(edges, far_b, far_a, EdgeTag::Operand1);
        if !reflex_here {
            push_edge(edges, far_a, a, EdgeTag::Operand1);
        }
        reflex_here = reflex_next;
    }
}

/// For the vertices `range` of `ring` that are reflex: the arc tip_out → … → tip_in
/// through the sector ring's offsets strictly inside the sector.
fn push_arcs(
    ring: &[GridPoint],
    range: std::ops::Range<usize>,
    r: f64,
    arc_ring: &[Offset],
    chunks: &mut Chunks,
) {
    let mut rim = Vec::new();
    for i in range.filter(|&i| vertex_is_reflex(ring, i)) {
        sector_rim(ring, i, r, arc_ring, &mut rim);
        let edges = chunks.with_room(rim.len().saturating_sub(1));
        for pair in rim.windows(2) {
            push_edge(edges, pair[0], pair[1], EdgeTag::Operand1);
        }
    }
}

/// The rim of the sector at reflex vertex i of `ring` into `rim` ([S3], X14): the tip
/// out (a + V of the edge leaving a), the ring's offsets strictly inside the sector in
/// counter-clockwise order, the tip in (a + V of the edge reaching a).
fn sector_rim(ring: &[GridPoint], i: usize, r: f64, arc_ring: &[Offset], rim: &mut Vec<GridPoint>) {
    let n = ring.len();
    let a = ring[i];
    let normal_out = integer_left_normal(a, ring[after(i, n)]);
    let normal_in = integer_left_normal(ring[before(i, n)], a);
    rim.clear();
    rim.push(displace(a, edge_offset(ring, i, r)));
    for_each_in_sector(arc_ring, normal_out, normal_in, |j| {
        rim.push(displace(a, arc_ring[j]));
    });
    rim.push(displace(a, edge_offset(ring, before(i, n), r)));
}

impl Region {
    /// The region eroded by `radius` public units for the build pipeline ([S1]–[S5],
    /// [E1]–[E5]): region ∖ S with S the interior rectangles of the edges and the
    /// equal-area sectors at reflex vertices. Radius 0 (and the empty region) returns the
    /// region unchanged.
    ///
    /// Errors, in this order (X3): negative radius (invalid argument `radius`); radius
    /// NaN, +∞ or above 2^20 (out of range, argument `radius`); `arc_tolerance`
    /// non-finite or negative (invalid argument). Unlike [`Region::offset`] there is no
    /// constructed-point check (X3).
    ///
    /// ```
    /// use build2d::{pipeline_arc_tolerance, Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let r = Region::from_outlines(&[square(0.0, 0.0, 4.0)], Geometry2DOptions::new(0)?)?;
    /// let shrunk = r.shrink(1.0, pipeline_arc_tolerance(1.0, 1.0))?;
    /// assert_eq!(shrunk.area2(), 2 * 4); // the square [1, 3]²
    /// assert!(r.shrink(-1.0, 0.25).is_err());
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn shrink(&self, radius: f64, arc_tolerance: f64) -> Result<Region> {
        self.shrink_observed(radius, arc_tolerance, &mut Ticker::silent())
    }

    /// [`Region::shrink`] with its large buffers taken from `workspace` and kept there
    /// for the next call: the same result, without fresh memory on every call (about a
    /// tenth of a cave map's shrink). See [`Workspace`].
    ///
    /// ```
    /// use build2d::{pipeline_arc_tolerance, Geometry2DOptions, Outline, Region, Workspace};
    /// let square = Outline { rings: vec![vec![[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]] };
    /// let region = Region::from_outlines(&[square], Geometry2DOptions::new(0)?)?;
    /// let mut workspace = Workspace::new();
    /// let shrunk = region.shrink_in(1.0, pipeline_arc_tolerance(1.0, 1.0), &mut workspace)?;
    /// assert_eq!(shrunk.area2(), 2 * 4); // the square [1, 3]²
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn shrink_in(
        &self,
        radius: f64,
        arc_tolerance: f64,
        workspace: &mut Workspace,
    ) -> Result<Region> {
        workspace.install(|| self.shrink(radius, arc_tolerance))
    }

    /// [`Region::shrink`], reporting its edges and overlay phases on `ticker`.
    pub(crate) fn shrink_observed(
        &self,
        radius: f64,
        arc_tolerance: f64,
        ticker: &mut Ticker,
    ) -> Result<Region> {
        check_radius(radius)?;
        check_arc_tolerance(arc_tolerance)?;
        if radius == 0.0 || self.rings().is_empty() {
            // Nothing to shrink: one empty step, so that the stage still reports.
            ticker.start(Stage::Shrink, Step::ShrinkEdges, 0)?;
            ticker.finish()?;
            return Ok(self.clone());
        }
        let (r, arc_ring) = radius_and_arc_ring(self, radius, arc_tolerance);
        if covered::pieces_cover_region(self, r, &arc_ring) {
            // Empty, as the overlay would find (`covered`): its progress steps, not its work.
            let total = self.edge_count();
            for (step, total) in [(Step::ShrinkEdges, total), (Step::Overlay, 2)] {
                ticker.start(Stage::Shrink, step, total)?;
                ticker.finish()?;
            }
            return Ok(Region::empty(self.snap_bits()));
        }
        let chunks = shrink_edge_chunks(self, r, &arc_ring, ticker, true)?;
        // Two phases: the arrangement's initial pieces, then labels and rings.
        ticker.start(Stage::Shrink, Step::Overlay, 2)?;
        let parts: Vec<_> = chunks.iter().map(|chunk| chunk.iter()).collect();
        let fragments = input_fragments_in_parts(&parts)?;
        // The edges are handed back before the arrangement fills its buffers: freed, the
        // heap reuses their memory (fresh pages are a tenth of a cave shrink), or kept in
        // the workspace lent; the full arrangement, needed only when the label refuses the
        // initial pieces, builds them again.
        chunks.into_iter().for_each(workspace::give);
        let pieces = initial_pieces_of(fragments)?;
        ticker.advance(1)?;
        let edges_again = || edges_in_order(self, r, &arc_ring);
        let snap_bits = self.snap_bits();
        let shrunk = overlay_initial_pieces(pieces, edges_again, Operation::Difference, snap_bits)?;
        ticker.finish()?;
        Ok(shrunk)
    }
}

mod covered;
#[cfg(test)]
mod tests;
