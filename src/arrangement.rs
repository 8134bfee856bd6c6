//! Noding by snap rounding ([A0]–[A5], [C1]–[C6], X7–X10): tagged directed edges become
//! non-crossing segments between grid points with net counts per operand.

use crate::error::{Error, Result};
use crate::grid::GridPoint;

/// Which operand an input edge counts for (X1; `Both` is the shrink's Op 2, [S5]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EdgeTag {
    /// Counts for operand 0 only.
    Operand0,
    /// Counts for operand 1 only.
    Operand1,
    /// Counts for both operands.
    Both,
}

/// A directed input edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TaggedEdge {
    /// Start point.
    pub from: GridPoint,
    /// End point.
    pub to: GridPoint,
    /// Operand tag.
    pub tag: EdgeTag,
}

/// One output segment: vertex indices `a < b` (so `vertices[a] < vertices[b]` in (x, y)
/// order) and the net number of input edges per operand running a→b minus b→a.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Segment {
    /// Index of the smaller endpoint.
    pub a: usize,
    /// Index of the larger endpoint.
    pub b: usize,
    /// Net counts for operand 0 and operand 1; never both zero.
    pub net: [i64; 2],
}

/// The canonical noded arrangement ([A0], [A5]): vertices sorted by (x, y) (exactly the
/// endpoints of the kept segments), segments sorted by (a, b).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Arrangement {
    /// Sorted, distinct grid points.
    pub vertices: Vec<GridPoint>,
    /// Sorted, distinct segments with non-zero net counts.
    pub segments: Vec<Segment>,
}

/// Nodes the edges by snap rounding.
pub fn arrange(edges: &[TaggedEdge]) -> Result<Arrangement> {
    let _ = edges;
    Err(Error::GeometryDefect {
        reason: "arrangement not implemented yet".into(),
    })
}
