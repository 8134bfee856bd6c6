//! Ops `fromOutlines`, `union`, `intersection`, `difference`, `xor`, `fromTileMap`.

use serde_json::Value;

use super::{field, parse_array, parse_f64, parse_f64_point, parse_i64, parse_region_input};
use super::{malformed, parse_snap_bits, region_json, CaseResult};
use crate::error::Error;
use crate::grid::{check_snap_bits, Geometry2DOptions};
use crate::Region;

pub(super) fn run(op: &str, input: &Value) -> Option<CaseResult> {
    Some(match op {
        "fromOutlines" => parse_region_input(input).map(|r| region_json(&r)),
        "union" => binary(input, Region::union),
        "intersection" => binary(input, Region::intersection),
        "difference" => binary(input, Region::difference),
        "xor" => binary(input, Region::xor),
        "fromTileMap" => tile_map(input),
        _ => return None,
    })
}

/// Operand `a` is resolved (and validated) before `b`; then [G5].
fn binary(input: &Value, operation: fn(&Region, &Region) -> crate::Result<Region>) -> CaseResult {
    let a = parse_region_input(field(input, "a")?)?;
    let b = parse_region_input(field(input, "b")?)?;
    Ok(region_json(&operation(&a, &b)?))
}

fn tile_map(input: &Value) -> CaseResult {
    let snap_bits = parse_snap_bits(field(input, "snapBits")?)?;
    // X3: snap bits, then width and height, ...
    check_snap_bits(snap_bits)?;
    let map = parse_tile_map(input)?;
    let region = Region::from_tile_map(
        &map.cells,
        map.width,
        map.height,
        map.cell_size,
        map.origin,
        Geometry2DOptions { snap_bits },
    )?;
    Ok(region_json(&region))
}

/// The fields of a tile map (`width`, `height`, `cells`, `cellSize`, `origin`).
pub(super) struct TileMapFields {
    pub(super) cells: Vec<bool>,
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) cell_size: f64,
    pub(super) origin: [f64; 2],
}

/// Parses a tile map's fields. The Rust API takes `usize` sizes, so a negative size
/// (representable in the format and in other languages) is rejected here (X3: right after
/// the snap bits).
pub(super) fn parse_tile_map(input: &Value) -> Result<TileMapFields, super::CaseError> {
    let size = |name: &str| -> Result<usize, super::CaseError> {
        let n = parse_i64(field(input, name)?)?;
        usize::try_from(n).map_err(|_| Error::invalid(name, format!("negative: {n}")).into())
    };
    let width = size("width")?;
    let height = size("height")?;
    let cells = parse_array(field(input, "cells")?)?
        .iter()
        .map(|c| match c.as_i64() {
            Some(0) => Ok(false),
            Some(1) => Ok(true),
            _ => Err(malformed(format!("a cell is 0 or 1, got {c}"))),
        })
        .collect::<Result<Vec<bool>, _>>()?;
    let cell_size = parse_f64(field(input, "cellSize")?)?;
    let origin = parse_f64_point(field(input, "origin")?)?;
    Ok(TileMapFields {
        cells,
        width,
        height,
        cell_size,
        origin,
    })
}

#[cfg(test)]
mod tests {
    use super::super::run_case_json;
    use serde_json::json;

    #[test]
    fn tile_map_case_round_trip() {
        let input = json!({
            "op": "fromTileMap", "snapBits": 0, "width": 2, "height": 2, "cellSize": 1.0,
            "origin": [0.0, 0.0], "cells": [1, 0, 0, 1]
        });
        let expected = json!({"snapBits": 0, "rings": [
            [[0, 0], [1, 0], [1, 1], [0, 1]],
            [[1, 1], [2, 1], [2, 2], [1, 2]]
        ]});
        assert_eq!(run_case_json(&input), Ok(expected));
    }

    #[test]
    fn tile_map_case_errors() {
        let mut input = json!({
            "op": "fromTileMap", "snapBits": 20, "width": -1, "height": 2, "cellSize": "NaN",
            "origin": [0.0, 0.0], "cells": [1, 0, 0, 1]
        });
        let kind = |v: &serde_json::Value| run_case_json(v).unwrap_err();
        assert_eq!(
            kind(&input),
            json!({"kind": "invalidArgument", "argument": "snap_bits"})
        );
        input["snapBits"] = json!(16);
        assert_eq!(
            kind(&input),
            json!({"kind": "invalidArgument", "argument": "width"})
        );
        input["width"] = json!(2);
        assert_eq!(
            kind(&input),
            json!({"kind": "invalidArgument", "argument": "cell_size"})
        );
        input["cellSize"] = json!(1.0);
        input["origin"] = json!(["Infinity", 0.0]);
        assert_eq!(
            kind(&input),
            json!({"kind": "outOfRange", "location": {"kind": "gridLine", "axis": "x", "line": 0}, "value": "Infinity"})
        );
    }

    #[test]
    fn from_outlines_case_errors() {
        let input = json!({
            "op": "fromOutlines", "snapBits": 16,
            "outlines": [[[[0.0, 0.0], [1.0, 0.0]]]]
        });
        assert_eq!(
            run_case_json(&input).unwrap_err(),
            json!({"kind": "invalidArgument", "argument": "ring", "location": {"kind": "ring", "outline": 0, "ring": 0}})
        );
        let empty = json!({"op": "fromOutlines", "snapBits": 8, "outlines": []});
        assert_eq!(
            run_case_json(&empty),
            Ok(json!({"snapBits": 8, "rings": []}))
        );
        let mismatch = json!({"op": "union",
            "a": {"snapBits": 8, "outlines": []}, "b": {"snapBits": 4, "outlines": []}});
        assert_eq!(
            run_case_json(&mismatch).unwrap_err(),
            json!({"kind": "snapBitsMismatch", "left": 8, "right": 4})
        );
    }
}
