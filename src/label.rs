//! Winding numbers by a plane sweep ([L1]–[L4]).

use crate::arrangement::Arrangement;
use crate::error::Result;

/// Windings per operand on both sides of a segment a→b (a < b in (x, y) order):
/// `left = right + net` ([L1]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SegmentWindings {
    /// Windings on the right of a→b (below, for a non-vertical segment).
    pub right: [i64; 2],
    /// Windings on the left of a→b.
    pub left: [i64; 2],
}

/// Labels every segment of the arrangement (parallel to `arrangement.segments`).
pub fn label(arrangement: &Arrangement) -> Result<Vec<SegmentWindings>> {
    let _ = arrangement;
    Err(crate::Error::GeometryDefect {
        reason: "label not implemented yet".into(),
    })
}
