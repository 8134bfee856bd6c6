//! `Region::shrink`, the build pipeline's agent-radius erosion ([S1]–[S7], [E1]–[E6],
//! X3, X14): only the interior side of each edge and the reflex vertices are swept, the
//! pieces are fed as edges (not closed polygons), and the arcs use the equal-area ring.

use crate::arrangement::{arrange, EdgeTag, TaggedEdge};
use crate::construct::{
    choose_sides, displace, edge_offset_vector, equal_area_polygon, grid_tolerance, round_polygon,
    round_vector, Offset,
};
use crate::error::{Error, Location, Result};
use crate::grid::{scale, GridPoint};
use crate::offset::{check_arc_tolerance, MAX_DISTANCE};
use crate::predicates::cross;
use crate::progress::{Stage, Step, Ticker};
use crate::region::{overlay_arrangement, Region};
use crate::rings::Operation;

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

/// The indices of the rounded ring offsets `ring` strictly inside the sector from
/// `normal_out` counter-clockwise to `normal_in` (X14): cross(N_out, w) > 0 and
/// cross(w, N_in) > 0. They are listed in counter-clockwise ring order: starting at the
/// least index j that is inside while j − 1 (mod m) is not (0 if all are inside), then
/// ascending modulo m.
pub fn sector_arc(ring: &[Offset], normal_out: Offset, normal_in: Offset) -> Vec<usize> {
    let m = ring.len();
    let inside: Vec<bool> = ring
        .iter()
        .map(|&w| cross(normal_out, w) > 0 && cross(w, normal_in) > 0)
        .collect();
    let start = (0..m)
        .find(|&j| inside[j] && !inside[(j + m - 1) % m])
        .unwrap_or(0);
    (0..m)
        .map(|k| (start + k) % m)
        .filter(|&j| inside[j])
        .collect()
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
/// occurrence; each arc tip_out → … → tip_in as operand 1.
/// Validates the arguments like [`Region::shrink`].
#[cfg(any(test, feature = "internals", feature = "fuzzing"))]
pub fn shrink_edges(region: &Region, radius: f64, arc_tolerance: f64) -> Result<Vec<TaggedEdge>> {
    shrink_edges_observed(region, radius, arc_tolerance, &mut Ticker::silent())
}

/// [`shrink_edges`], counting the region edges done on `ticker`.
fn shrink_edges_observed(
    region: &Region,
    radius: f64,
    arc_tolerance: f64,
    ticker: &mut Ticker,
) -> Result<Vec<TaggedEdge>> {
    check_radius(radius)?;
    check_arc_tolerance(arc_tolerance)?;
    let snap_bits = region.snap_bits();
    let r = radius * scale(snap_bits);
    let mut edges = Vec::new();

    // Per ring: the rounded offset V of every edge i = ring[i] → ring[i + 1], and whether
    // each vertex occurrence is reflex.
    let mut plans: Vec<(Vec<Offset>, Vec<bool>)> = Vec::with_capacity(region.rings().len());
    let total = region.rings().iter().map(Vec::len).sum();
    ticker.start(Stage::Shrink, Step::ShrinkEdges, total)?;
    let mut done = 0;
    for ring in region.rings() {
        ticker.tick(done)?;
        done += ring.len();
        let n = ring.len();
        let offsets: Vec<Offset> = (0..n)
            .map(|i| round_vector(edge_offset_vector(ring[i], ring[(i + 1) % n], r)))
            .collect();
        let reflex: Vec<bool> = (0..n)
            .map(|i| is_reflex(ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]))
            .collect();
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            let far_b = displace(b, offsets[i]);
            let far_a = displace(a, offsets[i]);
            push_edge(&mut edges, a, b, EdgeTag::Both);
            if !reflex[(i + 1) % n] {
                push_edge(&mut edges, b, far_b, EdgeTag::Operand1);
            }
            push_edge(&mut edges, far_b, far_a, EdgeTag::Operand1);
            if !reflex[i] {
                push_edge(&mut edges, far_a, a, EdgeTag::Operand1);
            }
        }
        plans.push((offsets, reflex));
    }
    ticker.finish()?;

    if plans.iter().any(|(_, reflex)| reflex.contains(&true)) {
        let sides = choose_sides(r, grid_tolerance(arc_tolerance, snap_bits, r));
        let ring_offsets = round_polygon(&equal_area_polygon(r, sides));
        for (ring, (offsets, reflex)) in region.rings().iter().zip(&plans) {
            let n = ring.len();
            for i in (0..n).filter(|&i| reflex[i]) {
                let a = ring[i];
                let normal_out = integer_left_normal(a, ring[(i + 1) % n]);
                let normal_in = integer_left_normal(ring[(i + n - 1) % n], a);
                let mut previous = displace(a, offsets[i]);
                for j in sector_arc(&ring_offsets, normal_out, normal_in) {
                    let w = displace(a, ring_offsets[j]);
                    push_edge(&mut edges, previous, w, EdgeTag::Operand1);
                    previous = w;
                }
                let tip_in = displace(a, offsets[(i + n - 1) % n]);
                push_edge(&mut edges, previous, tip_in, EdgeTag::Operand1);
            }
        }
    }
    Ok(edges)
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
        let edges = shrink_edges_observed(self, radius, arc_tolerance, ticker)?;
        // Two phases: the arrangement, then labels and rings.
        ticker.start(Stage::Shrink, Step::Overlay, 2)?;
        let arrangement = arrange(&edges)?;
        ticker.advance(1)?;
        let shrunk = overlay_arrangement(&arrangement, Operation::Difference, self.snap_bits())?;
        ticker.finish()?;
        Ok(shrunk)
    }
}

#[cfg(test)]
mod tests;
