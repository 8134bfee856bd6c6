//! The public `Region` and the boolean operations ([R1]–[R3], [G5], X1, X2, X3).

use std::collections::BTreeMap;

use crate::arrangement::{
    add_nets, arrange_edges, initial_pieces, nets_too_large, too_many_vertices, Arrangement,
    EdgeTag, InitialPieces, Nets, Segment, TaggedEdge, MAX_ARRANGEMENT_VERTICES,
};
use crate::error::{Error, Location, Result};
use crate::grid::{check_snap_bits, snap_vertex, Geometry2DOptions, GridPoint};
use crate::label::{label, label_with};
use crate::predicates::{properly_cross, strictly_inside_segment};
use crate::progress::Ticker;
use crate::rings::{trace, trace_boundaries, Boundary, Operation, Ring};
use crate::workspace;

/// A set of rings that never cross and touch only at vertices, interior on the left,
/// in canonical order ([R3]–[R6]). Compare with `==`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "RegionData", rename_all = "camelCase")
)]
pub struct Region {
    snap_bits: u8,
    rings: Vec<Ring>,
}

impl Region {
    /// The empty region.
    ///
    /// ```
    /// use build2d::Region;
    /// let r = Region::empty(8);
    /// assert!(r.is_empty());
    /// assert_eq!((r.area2(), r.snap_bits()), (0, 8));
    /// ```
    pub fn empty(snap_bits: u8) -> Self {
        Region {
            snap_bits,
            rings: Vec::new(),
        }
    }

    /// Wraps rings that are already canonical (output of [`overlay`] or the tile tracer).
    pub(crate) fn from_canonical_rings(snap_bits: u8, rings: Vec<Ring>) -> Self {
        Region { snap_bits, rings }
    }

    /// Snap bits of the grid the region lives on.
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let r = Region::from_outlines(&[square(0.0, 0.0, 1.0)], Geometry2DOptions::new(4)?)?;
    /// assert_eq!(r.snap_bits(), 4);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn snap_bits(&self) -> u8 {
        self.snap_bits
    }

    /// The canonical rings in grid units.
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, GridPoint, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let r = Region::from_outlines(&[square(0.0, 0.0, 2.0)], Geometry2DOptions::new(0)?)?;
    /// assert_eq!(r.rings().len(), 1);
    /// assert_eq!(r.rings()[0].len(), 4);
    /// assert!(r.rings()[0].contains(&GridPoint::new(2, 2)));
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn rings(&self) -> &[Ring] {
        &self.rings
    }

    /// Whether the region has no rings (zero area).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let a = Region::from_outlines(&[square(0.0, 0.0, 1.0)], options)?;
    /// let b = Region::from_outlines(&[square(5.0, 0.0, 1.0)], options)?;
    /// assert!(!a.is_empty());
    /// assert!(a.intersection(&b)?.is_empty());
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.rings.is_empty()
    }

    /// The rings as exact public coordinates `i × 2^-snap_bits` ([G3]).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let r = Region::from_outlines(&[square(0.5, 0.5, 1.0)], Geometry2DOptions::new(1)?)?;
    /// assert!(r.rings_f64()[0].contains(&[1.5, 1.5]));
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn rings_f64(&self) -> Vec<Vec<[f64; 2]>> {
        self.rings
            .iter()
            .map(|ring| ring.iter().map(|p| p.to_f64(self.snap_bits)).collect())
            .collect()
    }

    /// Twice the area in square grid units, exact: the shoelace sum over every ring
    /// (holes run clockwise and subtract).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let r = Region::from_outlines(&[square(0.0, 0.0, 3.0)], options)?;
    /// assert_eq!(r.area2(), 18); // 9 square units, doubled
    /// let hole = Region::from_outlines(&[square(1.0, 1.0, 1.0)], options)?;
    /// assert_eq!(r.difference(&hole)?.area2(), 16);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn area2(&self) -> i128 {
        self.edges()
            .map(|(a, b)| i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y))
            .sum()
    }
}

/// The serialized form of a [`Region`]: deserializing checks every invariant
/// ([`Region::check`]), so a region read from a file is as sound as a computed one.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct RegionData {
    snap_bits: u8,
    rings: Vec<Ring>,
}

#[cfg(feature = "serde")]
impl TryFrom<RegionData> for Region {
    type Error = Error;

    fn try_from(data: RegionData) -> Result<Region> {
        let region = Region::from_canonical_rings(data.snap_bits, data.rings);
        region.check()?;
        Ok(region)
    }
}

/// The one routine every boolean operation and offset reduces to ([A0], [L5]):
/// arrangement, labelling, inside rule, tracing.
pub fn overlay(edges: &[TaggedEdge], operation: Operation, snap_bits: u8) -> Result<Region> {
    if edges.is_empty() {
        // No edges: one face with windings (0, 0), outside under every rule (X1).
        return Ok(Region::empty(snap_bits));
    }
    overlay_edges(edges.iter(), operation, snap_bits, &mut Ticker::silent())
}

/// [`overlay`] of edges given one after the other, reporting its two phases (the pieces,
/// then labels and rings) on `ticker`.
///
/// The initial pieces are labelled first ([`initial_pieces`]): a label without error
/// proves them noded, and then they give the arrangement's rings. Otherwise (X9 has
/// repairs to make, or the labels overflow) the arrangement is built in full and labelled
/// again, so the result and any error are [`overlay_arrangement`]'s of [`arrange`].
///
/// [`arrange`]: crate::arrangement::arrange
pub(crate) fn overlay_edges<'a>(
    edges: impl Iterator<Item = &'a TaggedEdge> + Clone + Sync,
    operation: Operation,
    snap_bits: u8,
    ticker: &mut Ticker,
) -> Result<Region> {
    let pieces = initial_pieces(edges.clone())?;
    ticker.advance(1)?;
    overlay_initial_pieces(
        pieces,
        || Ok(edges.cloned().collect()),
        operation,
        snap_bits,
    )
}

/// The second phase of [`overlay_edges`], given the edges' initial pieces; `edges_again`
/// gives the edges when the full arrangement must be built (the caller may have freed
/// them).
pub(crate) fn overlay_initial_pieces(
    pieces: InitialPieces,
    edges_again: impl FnOnce() -> Result<Vec<TaggedEdge>>,
    operation: Operation,
    snap_bits: u8,
) -> Result<Region> {
    #[cfg(test)]
    let labelled = !tests::FULL_ARRANGEMENT.with(std::cell::Cell::get);
    #[cfg(not(test))]
    let labelled = true;
    if let Some(Ok(sides)) =
        labelled.then(|| label_with(&pieces.unproven, |w| Boundary::of(operation, w)))
    {
        let rings = trace_boundaries(&pieces.unproven, &sides)?;
        pieces.unproven.give_back();
        return Ok(Region::from_canonical_rings(snap_bits, rings));
    }
    drop(pieces);
    let edges = edges_again()?;
    overlay_arrangement(&arrange_edges(edges.iter())?, operation, snap_bits)
}

/// Labelling, inside rule and tracing of an arrangement already built.
pub(crate) fn overlay_arrangement(
    arrangement: &Arrangement,
    operation: Operation,
    snap_bits: u8,
) -> Result<Region> {
    let sides = label_with(arrangement, |w| Boundary::of(operation, w))?;
    let rings = trace_boundaries(arrangement, &sides)?;
    Ok(Region::from_canonical_rings(snap_bits, rings))
}

/// The arrangement of edges that are already noded (they meet only at endpoints or
/// overlap exactly): zero-length edges dropped, merged by endpoints with net counts,
/// zero-net segments dropped ([A1], [A5]). Used by [`Region::check`] and by tests on
/// inputs known to need no noding. An error beyond 32 bits ([`crate::arrangement::Nets`]).
pub(crate) fn merge_noded_edges(edges: &[TaggedEdge]) -> Result<Arrangement> {
    let mut nets: BTreeMap<(GridPoint, GridPoint), Nets> = BTreeMap::new();
    for e in edges {
        if e.from == e.to {
            continue;
        }
        let (a, b, sign) = if e.from < e.to {
            (e.from, e.to, 1)
        } else {
            (e.to, e.from, -1)
        };
        let net = nets.entry((a, b)).or_default();
        let (d0, d1) = match e.tag {
            EdgeTag::Operand0 => (sign, 0),
            EdgeTag::Operand1 => (0, sign),
            EdgeTag::Both => (sign, sign),
        };
        *net = add_nets(*net, [d0, d1]).ok_or_else(nets_too_large)?;
    }
    nets.retain(|_, n| *n != [0, 0]);
    let mut index: BTreeMap<GridPoint, usize> = BTreeMap::new();
    for &(a, b) in nets.keys() {
        index.insert(a, 0);
        index.insert(b, 0);
    }
    let vertices: Vec<GridPoint> = index.keys().copied().collect();
    for (i, slot) in index.values_mut().enumerate() {
        *slot = i;
    }
    if vertices.len() > MAX_ARRANGEMENT_VERTICES {
        return Err(too_many_vertices());
    }
    // `nets` iterates in (a, b) point order, which is (a, b) index order.
    let segments = nets
        .iter()
        .map(|(&(a, b), &net)| Segment {
            a: index[&a] as u32,
            b: index[&b] as u32,
            net,
        })
        .collect();
    Ok(Arrangement { vertices, segments })
}

/// One input outline: rings of public f64 points, read even-odd ([R1]).
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outline {
    /// The rings, any orientation, last vertex joined to the first.
    pub rings: Vec<Vec<[f64; 2]>>,
}

/// The directed edges of a closed ring (vertex i → i+1, last → first), all tagged `tag`.
pub(crate) fn ring_edges(
    ring: &[GridPoint],
    tag: EdgeTag,
) -> impl Iterator<Item = TaggedEdge> + '_ {
    ring.iter()
        .zip(ring.iter().cycle().skip(1))
        .map(move |(&from, &to)| TaggedEdge { from, to, tag })
}

pub(crate) type OverlayFn<'a> = &'a dyn Fn(&[TaggedEdge], Operation, u8) -> Result<Region>;

impl Region {
    /// Resolves each outline alone (even-odd), then takes the n-ary union (X2).
    ///
    /// Validation (X3), first failure reported: snap bits; then ring by ring in input
    /// order its vertex count (< 3: invalid argument `ring` naming outline and ring) and
    /// its coordinates (vertex order, x before y).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// // One outline with two nested rings, read even-odd: a square with a hole.
    /// let frame = Outline { rings: vec![square(0.0, 0.0, 3.0).rings[0].clone(), square(1.0, 1.0, 1.0).rings[0].clone()] };
    /// let r = Region::from_outlines(&[frame], options)?;
    /// assert_eq!((r.rings().len(), r.area2()), (2, 16));
    /// // A ring of two vertices is an invalid argument naming outline 0, ring 0.
    /// let short = Outline { rings: vec![vec![[0.0, 0.0], [1.0, 0.0]]] };
    /// assert!(matches!(Region::from_outlines(&[short], options), Err(build2d::Error::InvalidArgument { .. })));
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn from_outlines(outlines: &[Outline], options: Geometry2DOptions) -> Result<Region> {
        from_outlines_with(outlines, options, &overlay)
    }

    /// The n-ary union of regions on one grid: all their ring edges as operand 0 in one
    /// arrangement, inside where w0 > 0 (X1, X2). Every region must use
    /// `options.snap_bits` ([G5]).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let parts: Vec<Region> = [0.0, 1.0, 2.0]
    ///     .iter()
    ///     .map(|&x| Region::from_outlines(&[square(x, 0.0, 2.0)], options))
    ///     .collect::<Result<_, _>>()?;
    /// let all = Region::union_all(&parts, options)?;
    /// assert_eq!((all.rings().len(), all.area2()), (1, 2 * 8)); // a 4 × 2 rectangle
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn union_all(regions: &[Region], options: Geometry2DOptions) -> Result<Region> {
        union_all_with(regions, options, &overlay)
    }

    /// `self ∪ other` ([G5], X1).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let a = Region::from_outlines(&[square(0.0, 0.0, 2.0)], options)?;
    /// let b = Region::from_outlines(&[square(1.0, 1.0, 2.0)], options)?;
    /// let u = a.union(&b)?;
    /// assert_eq!(u.rings().len(), 1);
    /// assert_eq!(u.area2(), 2 * 7); // 4 + 4 - 1
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn union(&self, other: &Region) -> Result<Region> {
        self.boolean(other, Operation::Union, &overlay)
    }

    /// `self ∩ other` ([G5], X1).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let a = Region::from_outlines(&[square(0.0, 0.0, 2.0)], options)?;
    /// let b = Region::from_outlines(&[square(1.0, 1.0, 2.0)], options)?;
    /// assert_eq!(a.intersection(&b)?.area2(), 2); // the unit square [1, 2]²
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn intersection(&self, other: &Region) -> Result<Region> {
        self.boolean(other, Operation::Intersection, &overlay)
    }

    /// `self ∖ other` ([G5], X1).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let a = Region::from_outlines(&[square(0.0, 0.0, 2.0)], options)?;
    /// let b = Region::from_outlines(&[square(1.0, 1.0, 2.0)], options)?;
    /// let d = a.difference(&b)?;
    /// assert_eq!((d.rings().len(), d.rings()[0].len(), d.area2()), (1, 6, 6)); // an L
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn difference(&self, other: &Region) -> Result<Region> {
        self.boolean(other, Operation::Difference, &overlay)
    }

    /// Symmetric difference ([G5], X1).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let a = Region::from_outlines(&[square(0.0, 0.0, 2.0)], options)?;
    /// let b = Region::from_outlines(&[square(1.0, 1.0, 2.0)], options)?;
    /// assert_eq!(a.xor(&b)?.area2(), 2 * 6); // 4 + 4 - 2 × 1
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn xor(&self, other: &Region) -> Result<Region> {
        self.boolean(other, Operation::Xor, &overlay)
    }

    /// Operand 0 = this region's ring edges, operand 1 = the other's.
    fn boolean(&self, other: &Region, operation: Operation, run: OverlayFn<'_>) -> Result<Region> {
        check_snap_bits(self.snap_bits)?;
        if self.snap_bits != other.snap_bits {
            return Err(Error::SnapBitsMismatch {
                left: self.snap_bits,
                right: other.snap_bits,
            });
        }
        let edges = self
            .tagged_edges(EdgeTag::Operand0)
            .chain(other.tagged_edges(EdgeTag::Operand1));
        let count = self.edge_count() + other.edge_count();
        run_gathered(run, edges, count, operation, self.snap_bits)
    }

    /// How many ring edges the region has (as many as its vertices).
    pub(crate) fn edge_count(&self) -> usize {
        self.rings.iter().map(Vec::len).sum()
    }

    /// Every directed ring edge of the region, in ring order.
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let r = Region::from_outlines(&[square(0.0, 0.0, 2.0)], options)?;
    /// assert_eq!(r.edges().count(), 4);
    /// let shoelace: i128 = r.edges().map(|(a, b)| i128::from(a.x * b.y - b.x * a.y)).sum();
    /// assert_eq!(shoelace, r.area2());
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn edges(&self) -> impl Iterator<Item = (GridPoint, GridPoint)> + '_ {
        self.rings.iter().flat_map(|ring| {
            ring.iter()
                .zip(ring.iter().cycle().skip(1))
                .map(|(a, b)| (*a, *b))
        })
    }

    /// Every directed ring edge with the given operand tag.
    pub(crate) fn tagged_edges(&self, tag: EdgeTag) -> impl Iterator<Item = TaggedEdge> + '_ {
        self.rings
            .iter()
            .flat_map(move |ring| ring_edges(ring, tag))
    }

    /// Checks the invariants of a region ([W1], [R3]–[R6]): snap bits in range; rings of
    /// at least 3 points within ±2^39; no two edges cross properly and no vertex lies
    /// inside an edge (a sweep over x: all pairs only when every edge spans the others'
    /// x-ranges); every point of the plane has winding 0 or 1 with the interior on the
    /// left of every edge; and the rings are exactly what tracing their own edges gives
    /// ([R4]–[R6]).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Outline, Region};
    /// let square = |x: f64, y: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]],
    /// };
    /// let options = Geometry2DOptions::new(0)?; // grid unit 1
    /// let r = Region::from_outlines(&[square(0.0, 0.0, 2.0), square(1.0, 1.0, 2.0)], options)?;
    /// assert!(r.check().is_ok());
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn check(&self) -> Result<()> {
        let fail = |reason: String| Err(Error::GeometryDefect { reason });
        check_snap_bits(self.snap_bits)?;
        for (r, ring) in self.rings.iter().enumerate() {
            if ring.len() < 3 {
                return fail(format!("ring {r} has fewer than 3 points"));
            }
            let bound = crate::grid::CHECKED_BOUND;
            if ring.iter().any(|p| p.x.abs() > bound || p.y.abs() > bound) {
                return fail(format!("ring {r} has a point beyond ±2^39"));
            }
        }
        let edges: Vec<(GridPoint, GridPoint)> = self.edges().collect();
        if let Some(i) = edges.iter().position(|(a, b)| a == b) {
            return fail(format!("edge {i} has zero length"));
        }
        // Two edges that cross, or a vertex inside an edge, lie in each other's bounding
        // box: sweeping the edges by their left end compares only pairs whose x-ranges
        // overlap, and each edge looks only at the vertices within its box.
        let x_range = |(a, b): (GridPoint, GridPoint)| (a.x.min(b.x), a.x.max(b.x));
        let y_range = |(a, b): (GridPoint, GridPoint)| (a.y.min(b.y), a.y.max(b.y));
        let mut by_left = edges.clone();
        by_left.sort_unstable_by_key(|&e| x_range(e).0);
        let mut vertices: Vec<GridPoint> = edges.iter().map(|&(a, _)| a).collect();
        vertices.sort_unstable();
        for (k, &(a, b)) in by_left.iter().enumerate() {
            let (x0, x1) = x_range((a, b));
            let (y0, y1) = y_range((a, b));
            for &(c, d) in by_left[k + 1..].iter().take_while(|&&e| x_range(e).0 <= x1) {
                let (v0, v1) = y_range((c, d));
                if v0 <= y1 && y0 <= v1 && properly_cross(a, b, c, d) {
                    return fail(format!("edges {a:?}-{b:?} and {c:?}-{d:?} cross"));
                }
            }
            let first = vertices.partition_point(|v| v.x < x0);
            for &c in vertices[first..].iter().take_while(|v| v.x <= x1) {
                if (y0..=y1).contains(&c.y) && strictly_inside_segment(c, a, b) {
                    return fail(format!("vertex {c:?} lies inside edge {a:?}-{b:?}"));
                }
            }
        }
        let tagged: Vec<TaggedEdge> = self.tagged_edges(EdgeTag::Operand0).collect();
        let arrangement = merge_noded_edges(&tagged)?;
        if arrangement.segments.len() != edges.len() {
            return fail("an edge is repeated or cancelled by its reverse".into());
        }
        let windings = label(&arrangement)?;
        for (s, w) in arrangement.segments.iter().zip(&windings) {
            let expected = if s.net[0] > 0 {
                ([0, 0], [1, 0])
            } else {
                ([1, 0], [0, 0])
            };
            if s.net[0].abs() != 1 || (w.right, w.left) != expected {
                return fail("windings are not 0 outside and 1 inside on the left".into());
            }
        }
        let retraced = trace(&arrangement, &windings, Operation::Union)?;
        if retraced != self.rings {
            return fail("rings are not in the canonical form of their edges".into());
        }
        Ok(())
    }
}

/// [`Region::from_outlines`] with the overlay routine as a parameter (tests substitute
/// one that needs no noding).
fn from_outlines_with(
    outlines: &[Outline],
    options: Geometry2DOptions,
    run: OverlayFn<'_>,
) -> Result<Region> {
    options.validate()?;
    let snap_bits = options.snap_bits;
    // X3: every ring validated (count, then coordinates) before any geometry is built.
    let mut snapped: Vec<Vec<Vec<GridPoint>>> = Vec::with_capacity(outlines.len());
    for (o, outline) in outlines.iter().enumerate() {
        let mut rings = Vec::with_capacity(outline.rings.len());
        for (r, ring) in outline.rings.iter().enumerate() {
            if ring.len() < 3 && crate::mutation::active(crate::mutation::Mutation::ErrorKind) {
                return Err(Error::GeometryDefect {
                    reason: "mutated".into(),
                });
            }
            if ring.len() < 3 {
                return Err(Error::InvalidArgument {
                    argument: "ring".into(),
                    location: Some(Location::Ring {
                        outline: o,
                        ring: r,
                    }),
                    reason: format!("a ring needs at least 3 vertices, got {}", ring.len()),
                });
            }
            let points = ring
                .iter()
                .enumerate()
                .map(|(v, &point)| snap_vertex(point, snap_bits, o, r, v))
                .collect::<Result<Vec<_>>>()?;
            rings.push(points);
        }
        snapped.push(rings);
    }
    // X2: each outline alone, even-odd over its ring edges as operand 0.
    let mut resolved = Vec::with_capacity(snapped.len());
    for rings in &snapped {
        // One simple ring that snap rounding leaves unchanged: built directly.
        if let [ring] = rings.as_slice() {
            if let Some(region) = crate::simple_outline::resolve_simple_ring(ring, snap_bits) {
                resolved.push(region);
                continue;
            }
        }
        let edges = rings
            .iter()
            .flat_map(|ring| ring_edges(ring, EdgeTag::Operand0));
        let count = rings.iter().map(Vec::len).sum();
        resolved.push(run_gathered(
            run,
            edges,
            count,
            Operation::EvenOdd,
            snap_bits,
        )?);
    }
    match resolved.len() {
        0 => Ok(Region::empty(snap_bits)),
        1 => Ok(resolved.remove(0)),
        _ => union_all_with(&resolved, options, run),
    }
}

fn union_all_with(
    regions: &[Region],
    options: Geometry2DOptions,
    run: OverlayFn<'_>,
) -> Result<Region> {
    options.validate()?;
    if let Some(other) = regions.iter().find(|r| r.snap_bits != options.snap_bits) {
        return Err(Error::SnapBitsMismatch {
            left: options.snap_bits,
            right: other.snap_bits,
        });
    }
    // X1, X2: one arrangement, all edges operand 0, inside where w0 > 0.
    let edges = regions
        .iter()
        .flat_map(|r| r.tagged_edges(EdgeTag::Operand0));
    let count = regions.iter().map(Region::edge_count).sum();
    run_gathered(run, edges, count, Operation::Union, options.snap_bits)
}

/// `run` over `edges` (`count` of them) gathered in a buffer from the workspace
/// installed, if any, and handed back to it after ([`workspace::take`]).
fn run_gathered(
    run: OverlayFn<'_>,
    edges: impl Iterator<Item = TaggedEdge>,
    count: usize,
    operation: Operation,
    snap_bits: u8,
) -> Result<Region> {
    let mut gathered = workspace::take(count);
    gathered.extend(edges);
    let result = run(&gathered, operation, snap_bits);
    workspace::give(gathered);
    result
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::error::Axis;
    use crate::label::tests::ring_edges;
    use proptest::prelude::*;

    /// [`overlay`] for inputs whose proper crossings lie exactly on grid points and
    /// whose edges pass no other hot pixel except through its centre (so snap rounding
    /// only splits edges at crossings and T-junctions): brute-force splitting, then
    /// [`merge_noded_edges`]. Panics (test only) on an inexact crossing.
    pub(crate) fn noded_overlay(
        edges: &[TaggedEdge],
        operation: Operation,
        snap_bits: u8,
    ) -> Result<Region> {
        let mut points: Vec<GridPoint> = edges.iter().flat_map(|e| [e.from, e.to]).collect();
        // Proper crossings must fall on grid points exactly (lattice input); then
        // snap rounding only splits the edges there.
        for (i, e) in edges.iter().enumerate() {
            for f in &edges[i + 1..] {
                if properly_cross(e.from, e.to, f.from, f.to) {
                    let q = crate::predicates::rounded_crossing(e.from, e.to, f.from, f.to);
                    let on = |a, b| crate::predicates::orient(a, b, q).is_eq();
                    assert!(
                        on(e.from, e.to) && on(f.from, f.to),
                        "test overlay: inexact crossing"
                    );
                    points.push(q);
                }
            }
        }
        points.sort();
        points.dedup();
        let mut pieces = Vec::new();
        for e in edges {
            let (a, b) = (e.from, e.to);
            let along = |q: &GridPoint| {
                i128::from(q.x - a.x) * i128::from(b.x - a.x)
                    + i128::from(q.y - a.y) * i128::from(b.y - a.y)
            };
            let mut inner: Vec<GridPoint> = points
                .iter()
                .copied()
                .filter(|&q| strictly_inside_segment(q, a, b))
                .collect();
            inner.sort_by_key(along);
            let chain: Vec<GridPoint> = std::iter::once(a).chain(inner).chain([b]).collect();
            for w in chain.windows(2) {
                pieces.push(TaggedEdge {
                    from: w[0],
                    to: w[1],
                    tag: e.tag,
                });
            }
        }
        overlay_arrangement(&merge_noded_edges(&pieces).unwrap(), operation, snap_bits)
    }

    pub(crate) fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    fn outline(rings: &[&[(f64, f64)]]) -> Outline {
        Outline {
            rings: rings
                .iter()
                .map(|r| r.iter().map(|&(x, y)| [x, y]).collect())
                .collect(),
        }
    }

    fn bits0() -> Geometry2DOptions {
        Geometry2DOptions { snap_bits: 0 }
    }

    fn resolve(outlines: &[Outline]) -> Region {
        let region = from_outlines_with(outlines, bits0(), &noded_overlay).unwrap();
        region.check().unwrap();
        region
    }

    fn square(x: f64, y: f64, side: f64) -> Vec<(f64, f64)> {
        vec![(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
    }

    #[test]
    fn squares_touching_at_a_corner_are_two_rings() {
        // X6: at (1,1) the ring arriving northwards turns to the first outgoing edge
        // clockwise from south, which is west: each square keeps its corner.
        let a = square(0.0, 0.0, 1.0);
        let b = square(1.0, 1.0, 1.0);
        let region = resolve(&[outline(&[&b]), outline(&[&a])]);
        assert_eq!(
            region.rings(),
            &[
                vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)],
                vec![p(1, 1), p(2, 1), p(2, 2), p(1, 2)],
            ]
        );
        assert_eq!(region.area2(), 4);
    }

    #[test]
    fn hole_touching_the_outer_boundary_is_one_ring_through_the_vertex_twice() {
        // Square 4×4 (its left side passes (0,2)) minus the triangle (0,2),(2,1),(2,3).
        // At (0,2) the outer edge arriving from (0,4) turns into the hole (first
        // clockwise from north is the edge to (2,3)); the hole leaves again to (0,0).
        let outer = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0), (0.0, 2.0)];
        let hole = [(0.0, 2.0), (2.0, 1.0), (2.0, 3.0)];
        let region = resolve(&[outline(&[&hole, &outer])]);
        assert_eq!(
            region.rings(),
            &[vec![
                p(0, 0),
                p(4, 0),
                p(4, 4),
                p(0, 4),
                p(0, 2),
                p(2, 3),
                p(2, 1),
                p(0, 2)
            ]]
        );
        // 2 × (16 − 2): the triangle has base 2 on x = 2 and height 2.
        assert_eq!(region.area2(), 28);
    }

    #[test]
    fn shared_edges_cancel_and_collinear_vertices_drop() {
        // Two unit squares side by side: the union is one rectangle; (1,0) and (1,1)
        // are straight-on degree-2 vertices and dropped ([R4]).
        let region = resolve(&[
            outline(&[&square(1.0, 0.0, 1.0)]),
            outline(&[&square(0.0, 0.0, 1.0)]),
        ]);
        assert_eq!(region.rings(), &[vec![p(0, 0), p(2, 0), p(2, 1), p(0, 1)]]);
    }

    #[test]
    fn even_odd_hole_runs_clockwise_from_its_smallest_edge() {
        let outer = square(0.0, 0.0, 3.0);
        let inner = square(1.0, 1.0, 1.0);
        let region = resolve(&[outline(&[&inner, &outer])]);
        assert_eq!(
            region.rings(),
            &[
                vec![p(0, 0), p(3, 0), p(3, 3), p(0, 3)],
                vec![p(1, 1), p(1, 2), p(2, 2), p(2, 1)],
            ]
        );
        assert_eq!(region.area2(), 2 * 8);
        // The same two rings as separate outlines: the union fills the hole.
        let filled = resolve(&[outline(&[&inner]), outline(&[&outer])]);
        assert_eq!(filled.rings(), &[vec![p(0, 0), p(3, 0), p(3, 3), p(0, 3)]]);
    }

    #[test]
    fn duplicate_ring_cancels_under_even_odd_and_collapsed_ring_is_empty() {
        let sq = square(0.0, 0.0, 1.0);
        assert!(resolve(&[outline(&[&sq, &sq])]).is_empty());
        // X2: a ring whose snapped points collapse contributes nothing.
        let tiny = [(0.1, 0.1), (0.2, 0.1), (0.2, 0.2)];
        assert!(resolve(&[outline(&[&tiny])]).is_empty());
        assert!(resolve(&[]).is_empty());
    }

    #[test]
    fn boolean_operations_on_a_square_and_its_lower_triangle() {
        // Square [0,2]² and triangle (0,0),(2,0),(2,2): they meet only at vertices and
        // shared edges, so no noding is needed.
        let square =
            Region::from_canonical_rings(0, vec![vec![p(0, 0), p(2, 0), p(2, 2), p(0, 2)]]);
        let triangle = Region::from_canonical_rings(0, vec![vec![p(0, 0), p(2, 0), p(2, 2)]]);
        square.check().unwrap();
        triangle.check().unwrap();
        let run = |op| square.boolean(&triangle, op, &noded_overlay).unwrap();
        assert_eq!(run(Operation::Union), square);
        assert_eq!(run(Operation::Intersection), triangle);
        let upper = Region::from_canonical_rings(0, vec![vec![p(0, 0), p(2, 2), p(0, 2)]]);
        assert_eq!(run(Operation::Difference), upper);
        assert_eq!(run(Operation::Xor), upper);
        let reverse = triangle
            .boolean(&square, Operation::Difference, &noded_overlay)
            .unwrap();
        assert!(reverse.is_empty());
    }

    #[test]
    fn snap_bits_must_match() {
        let a = Region::empty(16);
        let b = Region::empty(8);
        assert_eq!(
            a.union(&b),
            Err(Error::SnapBitsMismatch { left: 16, right: 8 })
        );
        assert_eq!(
            b.xor(&a),
            Err(Error::SnapBitsMismatch { left: 8, right: 16 })
        );
        let all = Region::union_all(&[a.clone(), b], Geometry2DOptions::default());
        assert_eq!(all, Err(Error::SnapBitsMismatch { left: 16, right: 8 }));
        // Empty operands need no arrangement.
        assert_eq!(a.union(&a), Ok(Region::empty(16)));
        assert_eq!(Region::union_all(&[], Geometry2DOptions::default()), Ok(a));
    }

    #[test]
    fn validation_order_of_from_outlines() {
        let nan = f64::NAN;
        let bad_count = outline(&[&[(0.0, 0.0), (1.0, 0.0)]]);
        let bad_y = outline(&[&[(0.0, 0.0), (1.0, nan), (1.0, 1.0)]]);
        let run = |outlines: &[Outline], bits| {
            Region::from_outlines(outlines, Geometry2DOptions { snap_bits: bits }).unwrap_err()
        };
        // Snap bits first.
        assert!(
            matches!(run(std::slice::from_ref(&bad_count), 17), Error::InvalidArgument { argument, .. } if argument == "snap_bits")
        );
        // Ring by ring: outline 0's bad coordinate before outline 1's short ring.
        let err = run(&[bad_y.clone(), bad_count.clone()], 16);
        assert!(matches!(
            err,
            Error::OutOfRange {
                location: Location::Vertex {
                    outline: 0,
                    ring: 0,
                    vertex: 1,
                    axis: Axis::Y
                },
                ..
            }
        ));
        let err = run(&[outline(&[&square(0.0, 0.0, 1.0)]), bad_count.clone()], 16);
        assert_eq!(
            err,
            Error::InvalidArgument {
                argument: "ring".into(),
                location: Some(Location::Ring {
                    outline: 1,
                    ring: 0
                }),
                reason: "a ring needs at least 3 vertices, got 2".into(),
            }
        );
        // Within a ring, the count before its coordinates; x before y.
        let short_nan = outline(&[&[(nan, 0.0), (1.0, 0.0)]]);
        assert!(matches!(
            run(&[short_nan], 16),
            Error::InvalidArgument { .. }
        ));
        let both = outline(&[&[(0.0, 0.0), (3e6, nan), (1.0, 1.0)]]);
        let err = run(&[both], 16);
        assert_eq!(
            err,
            Error::OutOfRange {
                location: Location::Vertex {
                    outline: 0,
                    ring: 0,
                    vertex: 1,
                    axis: Axis::X
                },
                value: 3e6
            }
        );
    }

    #[test]
    fn check_rejects_non_canonical_rings() {
        let good = vec![p(0, 0), p(2, 0), p(2, 2), p(0, 2)];
        let rotated = vec![p(2, 0), p(2, 2), p(0, 2), p(0, 0)];
        let clockwise = vec![p(0, 0), p(0, 2), p(2, 2), p(2, 0)];
        let collinear = vec![p(0, 0), p(1, 0), p(2, 0), p(2, 2), p(0, 2)];
        assert!(Region::from_canonical_rings(0, vec![good]).check().is_ok());
        for bad in [rotated, clockwise, collinear] {
            assert!(Region::from_canonical_rings(0, vec![bad]).check().is_err());
        }
        let crossing = vec![p(0, 0), p(2, 2), p(2, 0), p(0, 2)];
        assert!(Region::from_canonical_rings(0, vec![crossing])
            .check()
            .is_err());
    }

    /// Asserts that `region.check()` fails with a message containing `needle`.
    fn check_rejects(rings: Vec<Ring>, snap_bits: u8, needle: &str) {
        match Region::from_canonical_rings(snap_bits, rings).check() {
            Ok(()) => panic!("accepted a broken region ({needle})"),
            Err(e) => {
                let text = e.to_string();
                assert!(
                    text.contains(needle),
                    "wrong reason {text:?}, wanted {needle:?}"
                );
            }
        }
    }

    proptest! {
        /// The swept crossing and vertex-inside-edge tests of [`Region::check`] reject
        /// exactly the rings that the all-pairs definition rejects.
        #[test]
        fn check_finds_every_crossing_and_vertex_inside_an_edge(
            rings in proptest::collection::vec(
                proptest::collection::vec((-4i64..=4, -4i64..=4), 3..7), 1..4),
        ) {
            let rings: Vec<Ring> = rings
                .into_iter()
                .map(|r| r.into_iter().map(|(x, y)| p(x, y)).collect())
                .collect();
            let region = Region::from_canonical_rings(0, rings);
            let edges: Vec<(GridPoint, GridPoint)> = region.edges().collect();
            prop_assume!(edges.iter().all(|(a, b)| a != b));
            let defect = edges.iter().enumerate().any(|(i, &(a, b))| {
                edges[i + 1..].iter().any(|&(c, d)| properly_cross(a, b, c, d))
                    || edges.iter().any(|&(c, _)| strictly_inside_segment(c, a, b))
            });
            let verdict = region.check().err().map(|e| e.to_string());
            let named = verdict
                .as_deref()
                .is_some_and(|t| t.ends_with(" cross") || t.contains(" lies inside edge "));
            prop_assert_eq!(named, defect, "{:?}", verdict);
        }
    }

    #[test]
    fn check_accepts_valid_regions() {
        let triangle = vec![p(0, 0), p(4, 0), p(0, 4)];
        let square = vec![p(0, 0), p(2, 0), p(2, 2), p(0, 2)];
        let hole = vec![p(1, 1), p(1, 3), p(3, 3), p(3, 1)];
        let frame = vec![p(0, 0), p(4, 0), p(4, 4), p(0, 4)];
        let m = 1i64 << 39;
        let at_bound = vec![p(m - 2, m - 2), p(m, m - 2), p(m, m), p(m - 2, m)];
        let at_minus_bound = vec![p(-m, -m), p(2 - m, -m), p(2 - m, 2 - m), p(-m, 2 - m)];
        for (snap_bits, rings) in [
            (0, vec![triangle]),
            (16, vec![square]),
            (0, vec![frame, hole]),
            (0, vec![at_bound]),
            (0, vec![at_minus_bound]),
        ] {
            let region = Region::from_canonical_rings(snap_bits, rings.clone());
            assert_eq!(region.check(), Ok(()), "{rings:?}");
        }
    }

    /// One hand-broken region per condition of [`Region::check`], each rejected with its
    /// own message.
    #[test]
    fn check_rejects_each_broken_condition() {
        let square = vec![p(0, 0), p(2, 0), p(2, 2), p(0, 2)];
        check_rejects(vec![square.clone()], 17, "must be in 0..=16");
        check_rejects(
            vec![square.clone(), vec![p(0, 0), p(1, 0)]],
            0,
            "ring 1 has fewer than 3",
        );
        let m = 1i64 << 39;
        for far in [p(m + 1, 0), p(0, m + 1), p(-m - 1, 0), p(0, -m - 1)] {
            check_rejects(
                vec![vec![p(0, 0), far, p(1, 1)]],
                0,
                "ring 0 has a point beyond",
            );
        }
        check_rejects(
            vec![vec![p(0, 0), p(0, 0), p(2, 0), p(0, 2)]],
            0,
            "edge 0 has zero length",
        );
        check_rejects(
            vec![vec![p(0, 0), p(2, 0), p(0, 2), p(0, 2)]],
            0,
            "edge 2 has zero length",
        );
        let bowtie = vec![p(0, 0), p(2, 2), p(2, 0), p(0, 2)];
        check_rejects(vec![bowtie], 0, "cross");
        // Two rings crossing (the second ring's edges come later in the edge list).
        let shifted = vec![p(1, 1), p(3, 1), p(3, 3), p(1, 3)];
        check_rejects(vec![square.clone(), shifted], 0, "cross");
        // A vertex of a later ring inside an earlier edge, and the reverse.
        let frame = vec![p(0, 0), p(4, 0), p(4, 4), p(0, 4)];
        let below = vec![p(2, 0), p(1, -2), p(3, -2)];
        let inside = "vertex GridPoint { x: 2, y: 0 } lies inside edge";
        check_rejects(vec![frame.clone(), below.clone()], 0, inside);
        check_rejects(vec![below, frame.clone()], 0, inside);
        // Two squares sharing an edge: it appears in both directions and cancels.
        let right = vec![p(2, 0), p(4, 0), p(4, 2), p(2, 2)];
        check_rejects(vec![square.clone(), right], 0, "repeated or cancelled");
        check_rejects(
            vec![square.clone(), square.clone()],
            0,
            "repeated or cancelled",
        );
        // Interior on the right, and a nested ring wound the same way (winding 2).
        let clockwise = vec![p(0, 0), p(0, 2), p(2, 2), p(2, 0)];
        check_rejects(vec![clockwise], 0, "windings are not 0 outside");
        let inner = vec![p(1, 1), p(3, 1), p(3, 3), p(1, 3)];
        check_rejects(vec![frame, inner], 0, "windings are not 0 outside");
        // Valid edges, rings not as tracing gives them.
        let rotated = vec![p(2, 0), p(2, 2), p(0, 2), p(0, 0)];
        check_rejects(vec![rotated], 0, "not in the canonical form");
        let collinear = vec![p(0, 0), p(1, 0), p(2, 0), p(2, 2), p(0, 2)];
        check_rejects(vec![collinear], 0, "not in the canonical form");
        let far = vec![p(10, 0), p(12, 0), p(12, 2), p(10, 2)];
        check_rejects(vec![far, square], 0, "not in the canonical form");
    }

    // ---- [W2] metamorphic tests on pre-noded input -------------------------------

    /// A random input: cells of a 4×4 lattice (scaled by 2), each filled cell a ring of
    /// one outline (as a square, or as the two triangles of its "/" diagonal). The
    /// outlines' cells are disjoint, so nothing crosses and snap rounding only splits
    /// edges at T-junctions (what `noded_overlay` does); the union is all the cells.
    #[derive(Debug, Clone)]
    struct CellInput {
        /// Per outline: (cell x, cell y, split into triangles).
        outlines: Vec<Vec<(u8, u8, bool)>>,
    }

    fn cell_rings(x: u8, y: u8, split: bool) -> Vec<Vec<(f64, f64)>> {
        let (x, y) = (f64::from(x) * 2.0, f64::from(y) * 2.0);
        if split {
            vec![
                vec![(x, y), (x + 2.0, y), (x + 2.0, y + 2.0)],
                vec![(x, y), (x + 2.0, y + 2.0), (x, y + 2.0)],
            ]
        } else {
            vec![square(x, y, 2.0)]
        }
    }

    fn cell_input() -> impl Strategy<Value = CellInput> {
        // Per lattice cell: empty, or owned by one of 4 outlines (disjoint, so the
        // resolved outlines never cross), as a square or split.
        let cell = proptest::option::of((0usize..4, any::<bool>()));
        proptest::collection::vec(cell, 16).prop_map(|cells| {
            let mut outlines = vec![Vec::new(); 4];
            for (i, c) in cells.into_iter().enumerate() {
                if let Some((o, split)) = c {
                    outlines[o].push(((i % 4) as u8, (i / 4) as u8, split));
                }
            }
            outlines.retain(|o: &Vec<(u8, u8, bool)>| !o.is_empty());
            CellInput { outlines }
        })
    }

    fn to_outlines(input: &CellInput) -> Vec<Outline> {
        input
            .outlines
            .iter()
            .map(|cells| Outline {
                rings: cells
                    .iter()
                    .flat_map(|&(x, y, s)| cell_rings(x, y, s))
                    .map(|r| r.into_iter().map(|(x, y)| [x, y]).collect())
                    .collect(),
            })
            .collect()
    }

    /// Permutes outlines and rings, rotates ring starts and reverses ring directions,
    /// driven by `seed`.
    fn shuffle(outlines: &[Outline], seed: u64) -> Vec<Outline> {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut out: Vec<Outline> = outlines.to_vec();
        for o in &mut out {
            for r in &mut o.rings {
                let k = (next() % r.len() as u64) as usize;
                r.rotate_left(k);
                if next() % 2 == 0 {
                    r.reverse();
                }
            }
            for i in (1..o.rings.len()).rev() {
                o.rings.swap(i, (next() % (i as u64 + 1)) as usize);
            }
        }
        for i in (1..out.len()).rev() {
            out.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        out
    }

    proptest! {
        #[test]
        fn w2_output_depends_only_on_the_edge_set(input in cell_input(), seed in any::<u64>()) {
            let outlines = to_outlines(&input);
            let base = resolve(&outlines);
            let shuffled = resolve(&shuffle(&outlines, seed));
            prop_assert_eq!(&base, &shuffled);
            // Differential: the same cells as a tile map (cell size 2, origin 0).
            let mut cells = vec![false; 16];
            for &(x, y, _) in input.outlines.iter().flatten() {
                cells[usize::from(y) * 4 + usize::from(x)] = true;
            }
            let tiles = Region::from_tile_map(&cells, 4, 4, 2.0, [0.0, 0.0], bits0()).unwrap();
            prop_assert_eq!(&base, &tiles);
        }
    }

    #[test]
    fn from_outlines_nodes_crossing_rings() {
        // Squares [0,3]² and [1,4]² cross at (1,3) and (3,1). As two outlines their union
        // is one ring of 8 vertices; in one outline even-odd leaves two L shapes that
        // touch at (1,3) and (3,1), traced as two rings ([R5]).
        let a = square(0.0, 0.0, 3.0);
        let b = square(1.0, 1.0, 3.0);
        let region = Region::from_outlines(&[outline(&[&a]), outline(&[&b])], bits0()).unwrap();
        region.check().unwrap();
        assert_eq!(
            region.rings(),
            &[vec![
                p(0, 0),
                p(3, 0),
                p(3, 1),
                p(4, 1),
                p(4, 4),
                p(1, 4),
                p(1, 3),
                p(0, 3)
            ]]
        );
        assert_eq!(region.area2(), 2 * (9 + 9 - 4));
        let xor = Region::from_outlines(&[outline(&[&a, &b])], bits0()).unwrap();
        xor.check().unwrap();
        assert_eq!(xor.area2(), 2 * (9 + 9 - 8));
        assert_eq!(xor.rings().len(), 2);
    }

    thread_local! {
        /// Set by a test: [`overlay_initial_pieces`] on this thread builds the full
        /// arrangement as when the label refuses the initial pieces, which no shrink input
        /// is known to make it do.
        pub(crate) static FULL_ARRANGEMENT: std::cell::Cell<bool> =
            const { std::cell::Cell::new(false) };
    }

    #[test]
    fn initial_pieces_that_are_not_noded_fall_back_to_the_full_arrangement() {
        // Squares [0,3]² (operand 0) and [1,4]² (operand 1) cross at (1,3) and (3,1). Their
        // edges merged but not split stand in for initial pieces X9 would still repair:
        // the label must refuse them, and the overlay then builds the arrangement.
        let square = |x: i64, y: i64| vec![p(x, y), p(x + 3, y), p(x + 3, y + 3), p(x, y + 3)];
        let mut edges = ring_edges(&square(0, 0), EdgeTag::Operand0);
        edges.extend(ring_edges(&square(1, 1), EdgeTag::Operand1));
        let unproven = merge_noded_edges(&edges).unwrap();
        assert!(label(&unproven).is_err(), "the stand-in must not be noded");
        for operation in [Operation::Union, Operation::Difference, Operation::Xor] {
            let pieces = InitialPieces {
                unproven: unproven.clone(),
            };
            let got = overlay_initial_pieces(pieces, || Ok(edges.clone()), operation, 0).unwrap();
            let arrangement = crate::arrangement::arrange(&edges).unwrap();
            let want = overlay_arrangement(&arrangement, operation, 0).unwrap();
            assert_eq!(got, want, "{operation:?}");
        }
    }

    /// Rings of 3 to 5 points on a 5 × 5 grid, each with one tag: crossings, shared and
    /// cancelling edges (zero-net initial pieces) are frequent.
    fn small_tagged_rings() -> impl Strategy<Value = Vec<TaggedEdge>> {
        let point = (0i64..5, 0i64..5).prop_map(|(x, y)| p(x, y));
        let tag = prop_oneof![
            Just(EdgeTag::Operand0),
            Just(EdgeTag::Operand1),
            Just(EdgeTag::Both)
        ];
        let ring = (proptest::collection::vec(point, 3..6), tag);
        proptest::collection::vec(ring, 1..5).prop_map(|rings| {
            rings
                .iter()
                .flat_map(|(ring, tag)| ring_edges(ring, *tag))
                .collect()
        })
    }

    proptest! {
        #[test]
        fn overlay_from_initial_pieces_is_the_overlay_of_the_arrangement(
            edges in small_tagged_rings(),
            operation in prop_oneof![
                Just(Operation::Union),
                Just(Operation::Intersection),
                Just(Operation::Difference),
                Just(Operation::Xor),
                Just(Operation::EvenOdd)
            ],
        ) {
            let got = overlay(&edges, operation, 0);
            let arrangement = crate::arrangement::arrange(&edges).unwrap();
            prop_assert_eq!(got, overlay_arrangement(&arrangement, operation, 0));
        }
    }
}
