//! Ops `fromOutlines`, `union`, `intersection`, `difference`, `xor`, `fromTileMap`.

use super::read::{closed, parse_i64, parse_outlines, read_region_input, req, Object};
use super::read::{TileMapInput, TILE_MAP_FIELDS};
use super::{region_json, CaseResult, RegionResult};
use crate::grid::{snap_bits_from_integer, Geometry2DOptions};
use crate::Region;

pub(super) fn run(op: &str, input: &Object) -> Option<CaseResult> {
    Some(region(op, input)?.map(|r| region_json(&r)))
}

/// The ops of this area to their typed region.
pub(super) fn region(op: &str, input: &Object) -> Option<RegionResult> {
    Some(match op {
        "fromOutlines" => from_outlines(input),
        "union" => binary(input, Region::union),
        "intersection" => binary(input, Region::intersection),
        "difference" => binary(input, Region::difference),
        "xor" => binary(input, Region::xor),
        "fromTileMap" => tile_map(input),
        _ => return None,
    })
}

fn from_outlines(input: &Object) -> RegionResult {
    closed(input, "the input", &["op", "snapBits", "outlines"])?;
    let snap_bits = parse_i64(req(input, "snapBits")?)?;
    let outlines = parse_outlines(req(input, "outlines")?)?;
    let options = Geometry2DOptions {
        snap_bits: snap_bits_from_integer(snap_bits)?,
    };
    Ok(Region::from_outlines(&outlines, options)?)
}

/// Both operands are read first; then `a` is resolved (and validated) before `b`; then [G5].
fn binary(
    input: &Object,
    operation: fn(&Region, &Region) -> crate::Result<Region>,
) -> RegionResult {
    closed(input, "the input", &["op", "a", "b"])?;
    let a = read_region_input(req(input, "a")?)?;
    let b = read_region_input(req(input, "b")?)?;
    let (a, b) = (a.resolve()?, b.resolve()?);
    Ok(operation(&a, &b)?)
}

fn tile_map(input: &Object) -> RegionResult {
    let mut fields = vec!["op", "snapBits"];
    fields.extend(TILE_MAP_FIELDS);
    closed(input, "the input", &fields)?;
    let snap_bits = parse_i64(req(input, "snapBits")?)?;
    let map = TileMapInput::read(input)?;
    // X5: snap bits first, then the map's own checks.
    let options = Geometry2DOptions {
        snap_bits: snap_bits_from_integer(snap_bits)?,
    };
    Ok(map.resolve(options)?)
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
            json!({"kind": "invalidArgument", "argument": "snapBits"})
        );
        input["snapBits"] = json!(16);
        assert_eq!(
            kind(&input),
            json!({"kind": "invalidArgument", "argument": "width"})
        );
        input["width"] = json!(2);
        assert_eq!(
            kind(&input),
            json!({"kind": "invalidArgument", "argument": "cellSize"})
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
