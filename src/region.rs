//! The public `Region` and the boolean operations ([R1]–[R3], [G5], X1, X2).

use crate::arrangement::{arrange, TaggedEdge};
use crate::error::Result;
use crate::grid::GridPoint;
use crate::label::label;
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
}

/// The one routine every boolean operation and offset reduces to ([A0], [L5]):
/// arrangement, labelling, inside rule, tracing.
pub fn overlay(edges: &[TaggedEdge], operation: Operation, snap_bits: u8) -> Result<Region> {
    let arrangement = arrange(edges)?;
    let windings = label(&arrangement)?;
    let rings = trace(&arrangement, &windings, operation)?;
    Ok(Region::from_canonical_rings(snap_bits, rings))
}

/// One input outline: rings of public f64 points, read even-odd ([R1]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outline {
    /// The rings, any orientation, last vertex joined to the first.
    pub rings: Vec<Vec<[f64; 2]>>,
}

impl Region {
    /// Resolves each outline alone (even-odd), then takes the n-ary union (X2).
    pub fn from_outlines(
        outlines: &[Outline],
        options: crate::Geometry2DOptions,
    ) -> Result<Region> {
        let _ = (outlines, options);
        Err(crate::Error::GeometryDefect {
            reason: "from_outlines not implemented yet".into(),
        })
    }

    /// Every directed ring edge of the region, in ring order.
    pub fn edges(&self) -> impl Iterator<Item = (GridPoint, GridPoint)> + '_ {
        self.rings.iter().flat_map(|ring| {
            ring.iter()
                .zip(ring.iter().cycle().skip(1))
                .map(|(a, b)| (*a, *b))
        })
    }
}
