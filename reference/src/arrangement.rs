//! Reference arrangement (brute force snap rounding). STUB — replaced by the ref-core helper.

use crate::error::RefError;
use crate::geom::{Arrangement, Edge};

/// Nodes the edges by snap rounding ([A0]–[A5], X7–X9).
pub fn arrange(edges: &[Edge]) -> Result<Arrangement, RefError> {
    let _ = edges;
    Err(RefError::GeometryDefect)
}
