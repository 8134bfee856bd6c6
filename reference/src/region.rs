//! Reference regions. STUB — replaced by the ref-regions helper.

use crate::error::RefError;
use crate::geom::{Edge, Region};

/// Inside rules of X1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// w0 odd.
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

/// Arrangement, windings, inside rule, tracing: the one routine of [A0]/[L5].
pub fn overlay(edges: &[Edge], op: Operation, snap_bits: u8) -> Result<Region, RefError> {
    let _ = (edges, op, snap_bits);
    Err(RefError::GeometryDefect)
}

/// X2: each outline resolved even-odd, then the n-ary union. Outlines are f64 rings.
pub fn from_outlines(outlines: &[Vec<Vec<[f64; 2]>>], snap_bits: u8) -> Result<Region, RefError> {
    let _ = (outlines, snap_bits);
    Err(RefError::GeometryDefect)
}
