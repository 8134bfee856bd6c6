//! Input readers kept for the reference's own tests: the `cdt` op's points and
//! constraints, and a RegionInput's outlines, in the stages' types.

use serde::Deserialize;
use serde_json::Value;

use super::answer::Failure;
use super::input::{Case, RegionInput, RegionSource};
use super::ops::{cdt_points, outlines_f64};
use crate::geom::Point;
use crate::pipeline::Outlines;
use crate::region::check_snap_bits;

/// A whole `cdt` case as the stage's points and constraints (a negative index becomes
/// one that no point has); the error is the malformed answer.
pub fn parse_cdt_input(input: &Value) -> Result<(Vec<Point>, Vec<[usize; 2]>), Value> {
    match super::parse_case(input).map_err(|f| f.to_json())? {
        Case::Cdt(c) => Ok(cdt_points(&c)),
        _ => Err(malformed("not a `cdt` case")),
    }
}

/// A RegionInput of the outlines form as checked snap bits and f64 outlines (the
/// tile-map form is an error here: it has no outlines).
pub fn parse_region_input(v: &Value) -> Result<(u8, Outlines), Value> {
    let region = RegionInput::deserialize(v).map_err(|e| malformed(&e.to_string()))?;
    let bits = check_snap_bits(region.snap_bits)
        .map_err(|e| Failure::from_stage(e, super::answer::PLAIN).to_json())?;
    match region.source {
        RegionSource::Outlines(outlines) => Ok((bits, outlines_f64(&outlines))),
        RegionSource::TileMap(_) => Err(malformed("a tile-map region has no outlines")),
    }
}

fn malformed(reason: &str) -> Value {
    Failure::Malformed {
        reason: reason.to_string(),
    }
    .to_json()
}
