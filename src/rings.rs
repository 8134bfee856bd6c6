//! Inside rules ([L5], X1), boundary extraction ([L6]) and ring tracing ([R3]–[R6], X6).

use crate::arrangement::Arrangement;
use crate::error::Result;
use crate::grid::GridPoint;
use crate::label::SegmentWindings;

/// A ring: grid points, interior on the left, not closed (the last joins the first).
pub type Ring = Vec<GridPoint>;

/// The operation that decides which faces are inside (X1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    /// w0 odd (resolving one outline).
    EvenOdd,
    /// w0 > 0 or w1 > 0.
    Union,
    /// w0 > 0 and w1 > 0.
    Intersection,
    /// w0 > 0 and not w1 > 0.
    Difference,
    /// (w0 > 0) != (w1 > 0).
    Xor,
}

impl Operation {
    /// Whether a face with operand windings `w` is inside (X1).
    pub fn inside(self, w: [i64; 2]) -> bool {
        let (a, b) = (w[0] > 0, w[1] > 0);
        match self {
            Operation::EvenOdd => w[0].rem_euclid(2) == 1,
            Operation::Union => a || b,
            Operation::Intersection => a && b,
            Operation::Difference => a && !b,
            Operation::Xor => a != b,
        }
    }
}

/// Traces the boundary of the inside faces into canonical rings.
pub fn trace(
    arrangement: &Arrangement,
    windings: &[SegmentWindings],
    operation: Operation,
) -> Result<Vec<Ring>> {
    let _ = (arrangement, windings, operation);
    Err(crate::Error::GeometryDefect {
        reason: "trace not implemented yet".into(),
    })
}
