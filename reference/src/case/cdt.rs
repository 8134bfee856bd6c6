//! Input readers kept for the reference's own tests: the `cdt` op's points and
//! constraints, and a RegionInput's outlines, in the stages' types.

use serde::Deserialize;
use serde_json::Value;

use super::answer::{Failure, PLAIN};
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

/// A RegionInput of the outlines form as the stage's snap bits and f64 outlines, for a
/// stage call that validates them itself (the tile-map form is an error here: it has no
/// outlines). Snap bits that no `u8` holds are the stage's invalid argument already.
pub fn parse_region_input(v: &Value) -> Result<(u8, Outlines), Value> {
    let region = RegionInput::deserialize(v).map_err(|e| malformed(&e.to_string()))?;
    let bits = match u8::try_from(region.snap_bits) {
        Ok(bits) => bits,
        Err(_) => {
            let error = check_snap_bits(region.snap_bits).err();
            return Err(error.map_or(Value::Null, |e| Failure::from_stage(e, PLAIN).to_json()));
        }
    };
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
