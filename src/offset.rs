//! `Region::offset` ([O1]–[O6], X3, X11–X13): the region grown (or shrunk) by the union
//! of convex pieces swept along its boundary. The pieces are built by
//! [`offset_edges`], a pure function; the overlay does the rest (X1: Union to grow,
//! Difference to shrink).

use crate::arrangement::{EdgeTag, TaggedEdge};
use crate::construct::{
    choose_sides, circumscribed_polygon, convex_hull, displace, displace_back, grid_tolerance,
    round_polygon, rounded_edge_offset, square_corners, square_half_side,
};
use crate::error::{Axis, Error, Location, Result};
use crate::grid::{grid_to_f64, scale, GridPoint};
use crate::region::{overlay, Region};
use crate::rings::Operation;
use crate::workspace;

/// Largest |distance| of an offset and largest shrink radius, 2^20 public units ([O1]).
pub const MAX_DISTANCE: f64 = 1_048_576.0;

/// How the pieces join around the boundary ([O2], [O5]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Join {
    /// Rectangles along the edges and circumscribed m-gons around the vertices ([O2]).
    Round,
    /// The Minkowski sum with an axis-aligned square ([O5]).
    Square,
}

/// Checks an offset distance (X3): non-finite or |d| > 2^20 is out of range.
pub fn check_distance(distance: f64) -> Result<()> {
    if !distance.is_finite() || distance.abs() > MAX_DISTANCE {
        return Err(Error::OutOfRange {
            location: Location::Argument {
                name: "distance".into(),
            },
            value: distance,
        });
    }
    Ok(())
}

/// Checks an arc tolerance (X3, X12): non-finite or negative is an invalid argument.
pub fn check_arc_tolerance(arc_tolerance: f64) -> Result<()> {
    if !arc_tolerance.is_finite() || arc_tolerance < 0.0 {
        return Err(Error::invalid(
            "arc_tolerance",
            format!("must be finite and at least 0, got {arc_tolerance:?}"),
        ));
    }
    Ok(())
}

/// The [O6] check of constructed points: every point must lie within
/// ±(2^21 + 2^20)·2^snapBits grid units on both axes. Points are numbered in generation
/// order (`docs/spec/offset.md`); the first failing one is reported, x before y.
pub(crate) struct ConstructedPoints {
    bound: u64,
    snap_bits: u8,
    next_index: usize,
}

impl ConstructedPoints {
    pub(crate) fn new(snap_bits: u8) -> Self {
        ConstructedPoints {
            bound: (3u64 << 20) << snap_bits.min(crate::grid::MAX_SNAP_BITS),
            snap_bits,
            next_index: 0,
        }
    }

    /// Numbers `p` and checks it.
    pub(crate) fn check(&mut self, p: GridPoint) -> Result<GridPoint> {
        let index = self.next_index;
        self.next_index += 1;
        for (axis, value) in [(Axis::X, p.x), (Axis::Y, p.y)] {
            if value.unsigned_abs() > self.bound {
                return Err(Error::OutOfRange {
                    location: Location::Constructed { index, axis },
                    value: grid_to_f64(value, self.snap_bits),
                });
            }
        }
        Ok(p)
    }
}

/// Appends the closed polygon `piece` as operand-1 edges (every side; zero-length sides
/// are left out, as [A1] drops them anyway).
pub(crate) fn push_closed(edges: &mut Vec<TaggedEdge>, piece: &[GridPoint]) {
    for (i, &from) in piece.iter().enumerate() {
        let to = piece[(i + 1) % piece.len()];
        if from != to {
            edges.push(TaggedEdge {
                from,
                to,
                tag: EdgeTag::Operand1,
            });
        }
    }
}

/// The edges fed to the overlay by `Region::offset` (X14 last paragraph): the region's
/// edges as operand 0, then every piece as a closed counter-clockwise polygon, operand 1.
///
/// Pieces, in generation order: round — per region edge (in [`Region::edges`] order) the
/// rectangle a − V, b − V, b + V, a + V, then per distinct ring vertex in (x, y) order the
/// circumscribed m-gon; square — per region edge the hull of its 8 square corners.
/// Validates the arguments like [`Region::offset`].
pub fn offset_edges(
    region: &Region,
    distance: f64,
    join: Join,
    arc_tolerance: f64,
) -> Result<Vec<TaggedEdge>> {
    check_distance(distance)?;
    check_arc_tolerance(arc_tolerance)?;
    let snap_bits = region.snap_bits();
    // Exact: a multiplication by a power of two.
    let r = distance.abs() * scale(snap_bits);
    let mut points = ConstructedPoints::new(snap_bits);
    // Per region edge: itself, then four (round) or at most eight (square) piece edges,
    // and a polygon of `sides` edges per vertex (round).
    let (sides, per_edge) = match join {
        Join::Round => {
            let sides = choose_sides(r, grid_tolerance(arc_tolerance, snap_bits, r));
            (sides, 5 + sides)
        }
        Join::Square => (0, 9),
    };
    let mut edges: Vec<TaggedEdge> = workspace::take(region.edge_count() * per_edge);
    edges.extend(region.edges().map(|(from, to)| TaggedEdge {
        from,
        to,
        tag: EdgeTag::Operand0,
    }));
    match join {
        Join::Round => {
            for (a, b) in region.edges() {
                let v = rounded_edge_offset(a, b, r);
                let rectangle = [
                    displace_back(a, v),
                    displace_back(b, v),
                    displace(b, v),
                    displace(a, v),
                ];
                for &corner in &rectangle {
                    points.check(corner)?;
                }
                push_closed(&mut edges, &rectangle);
            }
            let polygon = round_polygon(&circumscribed_polygon(r, sides));
            let mut centres: Vec<GridPoint> = region.rings().iter().flatten().copied().collect();
            centres.sort_unstable();
            centres.dedup();
            let mut piece = Vec::with_capacity(sides);
            for centre in centres {
                piece.clear();
                for &w in &polygon {
                    piece.push(points.check(displace(centre, w))?);
                }
                push_closed(&mut edges, &piece);
            }
        }
        Join::Square => {
            let h = square_half_side(r);
            for (a, b) in region.edges() {
                let corners = square_corners(a, b, h);
                for &corner in &corners {
                    points.check(corner)?;
                }
                push_closed(&mut edges, &convex_hull(&corners));
            }
        }
    }
    Ok(edges)
}

impl Region {
    /// The region grown (distance > 0) or shrunk (distance < 0) by |distance| public
    /// units ([O1]–[O6]): region ∪ S or region ∖ S, S the union of convex pieces
    /// swept along the boundary. Distance 0 (and the empty region) returns the region unchanged.
    ///
    /// Errors, in this order (X3): distance non-finite or beyond ±2^20 (out of range,
    /// argument `distance`); `arc_tolerance` non-finite or negative (invalid argument);
    /// a constructed point beyond ±(2^21 + 2^20) public units (out of range, location
    /// `Constructed`, the first in generation order).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Join, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let r = Region::from_outlines(&[square(0.0, 0.0, 2.0)], Geometry2DOptions::new(0)?)?;
    /// let grown = r.offset(1.0, Join::Square, 0.25)?;
    /// assert_eq!(grown.area2(), 2 * 16); // the square [-1, 3]²
    /// let round = r.offset(1.0, Join::Round, 0.25)?;
    /// assert!(round.area2() > r.area2() && round.area2() <= grown.area2());
    /// assert_eq!(grown.offset(-1.0, Join::Square, 0.25)?, r);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn offset(&self, distance: f64, join: Join, arc_tolerance: f64) -> Result<Region> {
        check_distance(distance)?;
        check_arc_tolerance(arc_tolerance)?;
        if distance == 0.0 || self.rings().is_empty() {
            return Ok(self.clone());
        }
        let edges = offset_edges(self, distance, join, arc_tolerance)?;
        let operation = if distance > 0.0 {
            Operation::Union
        } else {
            Operation::Difference
        };
        let result = overlay(&edges, operation, self.snap_bits());
        workspace::give(edges);
        result
    }
}

#[cfg(test)]
mod tests;
