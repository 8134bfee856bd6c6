//! The public `Region` and the boolean operations ([R1]–[R3], [G5], X1, X2, X3).

use std::collections::BTreeMap;

use crate::arrangement::{arrange, Arrangement, EdgeTag, Segment, TaggedEdge};
use crate::error::{Error, Location, Result};
use crate::grid::{check_snap_bits, snap_vertex, Geometry2DOptions, GridPoint};
use crate::label::label;
use crate::predicates::{properly_cross, strictly_inside_segment};
use crate::rings::{trace, Operation, Ring};

/// A set of rings that never cross and touch only at vertices, interior on the left,
/// in canonical order ([R3]–[R6]). Compare with `==`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Region {
    snap_bits: u8,
    rings: Vec<Ring>,
}

impl Region {
    /// The empty region.
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
    pub fn snap_bits(&self) -> u8 {
        self.snap_bits
    }

    /// The canonical rings in grid units.
    pub fn rings(&self) -> &[Ring] {
        &self.rings
    }

    /// Whether the region has no rings (zero area).
    pub fn is_empty(&self) -> bool {
        self.rings.is_empty()
    }

    /// The rings as exact public coordinates `i × 2^-snap_bits` ([G3]).
    pub fn rings_f64(&self) -> Vec<Vec<[f64; 2]>> {
        self.rings
            .iter()
            .map(|ring| ring.iter().map(|p| p.to_f64(self.snap_bits)).collect())
            .collect()
    }

    /// Twice the area in square grid units, exact: the shoelace sum over every ring
    /// (holes run clockwise and subtract).
    pub fn area2(&self) -> i128 {
        self.edges()
            .map(|(a, b)| i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y))
            .sum()
    }
}

/// The one routine every boolean operation and offset reduces to ([A0], [L5]):
/// arrangement, labelling, inside rule, tracing.
pub fn overlay(edges: &[TaggedEdge], operation: Operation, snap_bits: u8) -> Result<Region> {
    overlay_arrangement(&arrange(edges)?, operation, snap_bits)
}

/// Labelling, inside rule and tracing of an arrangement already built.
pub(crate) fn overlay_arrangement(
    arrangement: &Arrangement,
    operation: Operation,
    snap_bits: u8,
) -> Result<Region> {
    let windings = label(arrangement)?;
    let rings = trace(arrangement, &windings, operation)?;
    Ok(Region::from_canonical_rings(snap_bits, rings))
}

/// The arrangement of edges that are already noded (they meet only at endpoints or
/// overlap exactly): zero-length edges dropped, merged by endpoints with net counts,
/// zero-net segments dropped ([A1], [A5]). Used by [`Region::check`] and by tests on
/// inputs known to need no noding.
pub(crate) fn merge_noded_edges(edges: &[TaggedEdge]) -> Arrangement {
    let mut nets: BTreeMap<(GridPoint, GridPoint), [i64; 2]> = BTreeMap::new();
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
        net[0] += d0;
        net[1] += d1;
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
    // `nets` iterates in (a, b) point order, which is (a, b) index order.
    let segments = nets
        .iter()
        .map(|(&(a, b), &net)| Segment {
            a: index[&a],
            b: index[&b],
            net,
        })
        .collect();
    Arrangement { vertices, segments }
}

/// One input outline: rings of public f64 points, read even-odd ([R1]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outline {
    /// The rings, any orientation, last vertex joined to the first.
    pub rings: Vec<Vec<[f64; 2]>>,
}

fn ring_edges(ring: &[GridPoint], tag: EdgeTag) -> impl Iterator<Item = TaggedEdge> + '_ {
    ring.iter()
        .zip(ring.iter().cycle().skip(1))
        .map(move |(&from, &to)| TaggedEdge { from, to, tag })
}

type OverlayFn<'a> = &'a dyn Fn(&[TaggedEdge], Operation, u8) -> Result<Region>;

impl Region {
    /// Resolves each outline alone (even-odd), then takes the n-ary union (X2).
    ///
    /// Validation (X3), first failure reported: snap bits; then ring by ring in input
    /// order its vertex count (< 3: invalid argument `ring` naming outline and ring) and
    /// its coordinates (vertex order, x before y).
    pub fn from_outlines(outlines: &[Outline], options: Geometry2DOptions) -> Result<Region> {
        from_outlines_with(outlines, options, &overlay)
    }

    /// The n-ary union of regions on one grid: all their ring edges as operand 0 in one
    /// arrangement, inside where w0 > 0 (X1, X2). Every region must use
    /// `options.snap_bits` ([G5]).
    pub fn union_all(regions: &[Region], options: Geometry2DOptions) -> Result<Region> {
        union_all_with(regions, options, &overlay)
    }

    /// `self ∪ other` ([G5], X1).
    pub fn union(&self, other: &Region) -> Result<Region> {
        self.boolean(other, Operation::Union, &overlay)
    }

    /// `self ∩ other` ([G5], X1).
    pub fn intersection(&self, other: &Region) -> Result<Region> {
        self.boolean(other, Operation::Intersection, &overlay)
    }

    /// `self ∖ other` ([G5], X1).
    pub fn difference(&self, other: &Region) -> Result<Region> {
        self.boolean(other, Operation::Difference, &overlay)
    }

    /// Symmetric difference ([G5], X1).
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
        let mut edges: Vec<TaggedEdge> = self.tagged_edges(EdgeTag::Operand0).collect();
        edges.extend(other.tagged_edges(EdgeTag::Operand1));
        run(&edges, operation, self.snap_bits)
    }

    /// Every directed ring edge of the region, in ring order.
    pub fn edges(&self) -> impl Iterator<Item = (GridPoint, GridPoint)> + '_ {
        self.rings.iter().flat_map(|ring| {
            ring.iter()
                .zip(ring.iter().cycle().skip(1))
                .map(|(a, b)| (*a, *b))
        })
    }

    /// Every directed ring edge with the given operand tag.
    pub fn tagged_edges(&self, tag: EdgeTag) -> impl Iterator<Item = TaggedEdge> + '_ {
        self.rings
            .iter()
            .flat_map(move |ring| ring_edges(ring, tag))
    }

    /// Checks the invariants of a region ([W1], [R3]–[R6]): snap bits in range; rings of
    /// at least 3 points within ±2^39; no two edges cross properly and no vertex lies
    /// inside an edge (brute force over all edge pairs: for tests and fuzzers); every
    /// point of the plane has winding 0 or 1 with the interior on the left of every edge;
    /// and the rings are exactly what tracing their own edges gives ([R4]–[R6]).
    pub fn check(&self) -> Result<()> {
        let fail = |reason: String| Err(Error::GeometryDefect { reason });
        check_snap_bits(self.snap_bits)?;
        for (r, ring) in self.rings.iter().enumerate() {
            if ring.len() < 3 {
                return fail(format!("ring {r} has fewer than 3 points"));
            }
            let bound = 1i64 << 39;
            if ring.iter().any(|p| p.x.abs() > bound || p.y.abs() > bound) {
                return fail(format!("ring {r} has a point beyond ±2^39"));
            }
        }
        let edges: Vec<(GridPoint, GridPoint)> = self.edges().collect();
        for (i, &(a, b)) in edges.iter().enumerate() {
            if a == b {
                return fail(format!("edge {i} has zero length"));
            }
            for &(c, d) in &edges[i + 1..] {
                if properly_cross(a, b, c, d) {
                    return fail(format!("edges {a:?}-{b:?} and {c:?}-{d:?} cross"));
                }
            }
            for &(c, _) in &edges {
                if strictly_inside_segment(c, a, b) {
                    return fail(format!("vertex {c:?} lies inside edge {a:?}-{b:?}"));
                }
            }
        }
        let tagged: Vec<TaggedEdge> = self.tagged_edges(EdgeTag::Operand0).collect();
        let arrangement = merge_noded_edges(&tagged);
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
        let edges: Vec<TaggedEdge> = rings
            .iter()
            .flat_map(|ring| ring_edges(ring, EdgeTag::Operand0))
            .collect();
        resolved.push(run(&edges, Operation::EvenOdd, snap_bits)?);
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
    let edges: Vec<TaggedEdge> = regions
        .iter()
        .flat_map(|r| r.tagged_edges(EdgeTag::Operand0))
        .collect();
    run(&edges, Operation::Union, options.snap_bits)
}
