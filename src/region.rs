//! The public `Region` and the boolean operations ([R1]–[R3], [G5], X1, X2).

use crate::arrangement::{arrange, TaggedEdge};
use crate::error::Result;
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
