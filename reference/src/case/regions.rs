//! Conformance ops of the region area (corpus/README.md): fromOutlines, union,
//! intersection, difference, xor, fromTileMap.
//!
//! Input that does not have the documented shape (a missing field, a string where a
//! number belongs) is not a case of the format; it is answered with
//! `{"kind": "malformed", "reason": …}`, which no corpus vector contains.

use crate::error::RefError;
use crate::geom::{Arrangement, Edge, Region};
use crate::region::{self, check_snap_bits, Operation};
use crate::tile_map;
use serde_json::{json, Value};

type Arrange<'a> = &'a dyn Fn(&[Edge]) -> Result<Arrangement, RefError>;

/// Runs `op` if it belongs to this area: `None` for other ops, `Err` holds the
/// `expectedError` JSON.
pub(crate) fn run(op: &str, input: &Value) -> Option<Result<Value, Value>> {
    run_with(&crate::arrangement::arrange, op, input)
}

pub(crate) fn run_with(arrange: Arrange, op: &str, input: &Value) -> Option<Result<Value, Value>> {
    let binary = |operation| binary_op(arrange, input, operation);
    let result = match op {
        "fromOutlines" => region_input(arrange, input),
        "union" => binary(Operation::Union),
        "intersection" => binary(Operation::Intersection),
        "difference" => binary(Operation::Difference),
        "xor" => binary(Operation::Xor),
        "fromTileMap" => tile_map_op(arrange, input),
        _ => return None,
    };
    Some(result.map(|region| region_json(&region)))
}

/// A malformed-input answer (outside the error set of X3: not a format case).
fn malformed(reason: impl Into<String>) -> Value {
    json!({"kind": "malformed", "reason": reason.into()})
}

fn field<'a>(input: &'a Value, name: &str) -> Result<&'a Value, Value> {
    input
        .get(name)
        .ok_or_else(|| malformed(format!("missing field `{name}`")))
}

/// A JSON integer (any sign, any size that JSON numbers carry as integers).
enum Integer {
    Small(i64),
    /// Above i64::MAX (serde_json keeps u64).
    Large(u64),
}

fn integer(value: &Value, name: &str) -> Result<Integer, Value> {
    if let Some(v) = value.as_i64() {
        Ok(Integer::Small(v))
    } else if let Some(v) = value.as_u64() {
        Ok(Integer::Large(v))
    } else {
        Err(malformed(format!("`{name}` is not an integer")))
    }
}

/// An f64: a JSON number or one of "NaN", "Infinity", "-Infinity".
fn float(value: &Value, name: &str) -> Result<f64, Value> {
    match value {
        Value::Number(n) => n
            .as_f64()
            .ok_or_else(|| malformed(format!("`{name}` is not an f64"))),
        Value::String(s) => match s.as_str() {
            "NaN" => Ok(f64::NAN),
            "Infinity" => Ok(f64::INFINITY),
            "-Infinity" => Ok(f64::NEG_INFINITY),
            _ => Err(malformed(format!("`{name}` is not an f64"))),
        },
        _ => Err(malformed(format!("`{name}` is not an f64"))),
    }
}

fn array<'a>(value: &'a Value, name: &str) -> Result<&'a Vec<Value>, Value> {
    value
        .as_array()
        .ok_or_else(|| malformed(format!("`{name}` is not a list")))
}

fn point(value: &Value, name: &str) -> Result<[f64; 2], Value> {
    match array(value, name)?.as_slice() {
        [x, y] => Ok([float(x, name)?, float(y, name)?]),
        _ => Err(malformed(format!("`{name}` is not a point [x, y]"))),
    }
}

/// X3: snap bits outside 0..=16 (any integer) are an invalid argument.
fn snap_bits(input: &Value) -> Result<u8, Value> {
    let bits = match integer(field(input, "snapBits")?, "snapBits")? {
        Integer::Small(v) => v,
        Integer::Large(_) => i64::MAX,
    };
    check_snap_bits(bits).map_err(|e| e.to_json())
}

/// RegionInput = {"snapBits", "outlines"}, resolved with from_outlines.
fn region_input(arrange: Arrange, input: &Value) -> Result<Region, Value> {
    let mut outlines = Vec::new();
    for outline in array(field(input, "outlines")?, "outlines")? {
        let mut rings = Vec::new();
        for ring in array(outline, "outline")? {
            let points = array(ring, "ring")?
                .iter()
                .map(|p| point(p, "point"))
                .collect::<Result<Vec<_>, _>>()?;
            rings.push(points);
        }
        outlines.push(rings);
    }
    let bits = snap_bits(input)?;
    region::from_outlines_with(arrange, &outlines, bits).map_err(|e| e.to_json())
}

fn binary_op(arrange: Arrange, input: &Value, op: Operation) -> Result<Region, Value> {
    let a = region_input(arrange, field(input, "a")?)?;
    let b = region_input(arrange, field(input, "b")?)?;
    region::boolean_with(arrange, &a, &b, op).map_err(|e| e.to_json())
}

/// width / height: a negative integer is an invalid argument naming it; any other
/// integer is a usize (beyond usize it cannot match cells.len() and is reported as
/// `cells`, like an overflowing width × height).
fn dimension(input: &Value, name: &str, argument: &str) -> Result<Option<usize>, Value> {
    match integer(field(input, name)?, name)? {
        Integer::Small(v) if v < 0 => Err(RefError::InvalidArgument {
            argument: argument.into(),
            location: None,
        }
        .to_json()),
        Integer::Small(v) => Ok(usize::try_from(v).ok()),
        Integer::Large(v) => Ok(usize::try_from(v).ok()),
    }
}

fn tile_map_op(arrange: Arrange, input: &Value) -> Result<Region, Value> {
    let cells = array(field(input, "cells")?, "cells")?
        .iter()
        .map(|c| match c.as_u64() {
            Some(0) => Ok(false),
            Some(1) => Ok(true),
            _ => Err(malformed("a cell is not 0 or 1")),
        })
        .collect::<Result<Vec<bool>, _>>()?;
    let cell_size = float(field(input, "cellSize")?, "cellSize")?;
    let origin = point(field(input, "origin")?, "origin")?;
    // X3 order: snap bits, width and height, then the API's own checks.
    let bits = snap_bits(input)?;
    let width = dimension(input, "width", "width")?;
    let height = dimension(input, "height", "height")?;
    let (Some(width), Some(height)) = (width, height) else {
        return Err(RefError::InvalidArgument {
            argument: "cells".into(),
            location: None,
        }
        .to_json());
    };
    tile_map::from_tile_map_with(arrange, &cells, width, height, cell_size, origin, bits)
        .map_err(|e| e.to_json())
}

/// `Region = {"snapBits", "rings"}` with integer grid points.
fn region_json(region: &Region) -> Value {
    let rings: Vec<Value> = region
        .rings
        .iter()
        .map(|ring| Value::Array(ring.iter().map(|p| json!([p.x, p.y])).collect()))
        .collect();
    json!({"snapBits": region.snap_bits, "rings": rings})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::region::noded;

    fn run_noded(input: Value) -> Result<Value, Value> {
        let op = input["op"].as_str().unwrap_or_default().to_string();
        run_with(&noded::arrange, &op, &input).expect("op of this area")
    }

    #[test]
    fn other_ops_are_not_ours() {
        assert!(run("arrangement", &json!({})).is_none());
    }

    #[test]
    fn from_outlines_square_round_trips_to_grid_json() {
        // Unit square CW at snap bits 1: grid corners 0 and 2, output CCW from (0,0).
        let out = run_noded(json!({"op":"fromOutlines","snapBits":1,
            "outlines":[[[[0,0],[0,1],[1,1],[1,0]]]]}))
        .unwrap();
        assert_eq!(
            out,
            json!({"snapBits":1,"rings":[[[0,0],[2,0],[2,2],[0,2]]]})
        );
    }

    #[test]
    fn error_payloads() {
        let err = run_noded(json!({"op":"fromOutlines","snapBits":-1,"outlines":[]})).unwrap_err();
        assert_eq!(
            err,
            json!({"kind":"invalidArgument","argument":"snap_bits"})
        );
        let err = run_noded(json!({"op":"fromOutlines","snapBits":16,
            "outlines":[[[[0,0],[1,0],["Infinity",1]]]]}))
        .unwrap_err();
        assert_eq!(
            err,
            json!({"kind":"outOfRange","location":{"kind":"vertex","outline":0,"ring":0,
                   "vertex":2,"axis":"x"},"value":"Infinity"})
        );
        let err = run_noded(json!({"op":"fromOutlines","snapBits":16,
            "outlines":[[], [[[0,0],[1,0]]]]}))
        .unwrap_err();
        assert_eq!(
            err,
            json!({"kind":"invalidArgument","argument":"ring",
                   "location":{"kind":"ring","outline":1,"ring":0}})
        );
        let a = json!({"snapBits":16,"outlines":[]});
        let b = json!({"snapBits":8,"outlines":[]});
        let err = run_noded(json!({"op":"xor","a":a,"b":b})).unwrap_err();
        assert_eq!(err, json!({"kind":"snapBitsMismatch","left":16,"right":8}));
        // Operand errors come before the mismatch, a's before b's.
        let bad = json!({"snapBits":99,"outlines":[]});
        let err = run_noded(json!({"op":"union","a":a,"b":bad})).unwrap_err();
        assert_eq!(
            err,
            json!({"kind":"invalidArgument","argument":"snap_bits"})
        );
    }

    #[test]
    fn tile_map_errors_and_result() {
        let base = json!({"op":"fromTileMap","snapBits":0,"width":2,"height":1,"cellSize":1.0,
                          "origin":[0.0,0.0],"cells":[1,1]});
        assert_eq!(
            run_noded(base.clone()).unwrap(),
            json!({"snapBits":0,"rings":[[[0,0],[2,0],[2,1],[0,1]]]})
        );
        let with = |k: &str, v: Value| {
            let mut i = base.clone();
            i[k] = v;
            run_noded(i).unwrap_err()
        };
        assert_eq!(
            with("width", json!(-2)),
            json!({"kind":"invalidArgument","argument":"width"})
        );
        assert_eq!(
            with("height", json!(-1)),
            json!({"kind":"invalidArgument","argument":"height"})
        );
        assert_eq!(
            with("width", json!(3)),
            json!({"kind":"invalidArgument","argument":"cells"})
        );
        assert_eq!(
            with("width", json!(u64::MAX)),
            json!({"kind":"invalidArgument","argument":"cells"})
        );
        assert_eq!(
            with("cellSize", json!("NaN")),
            json!({"kind":"invalidArgument","argument":"cell_size"})
        );
        assert_eq!(
            with("cellSize", json!(0.5)),
            json!({"kind":"invalidArgument","argument":"cell_size"})
        );
        assert_eq!(
            with("origin", json!([0.0, "-Infinity"])),
            json!({"kind":"outOfRange","location":{"kind":"gridLine","axis":"y","line":0},
                   "value":"-Infinity"})
        );
        assert_eq!(with("cells", json!([1, 2]))["kind"], json!("malformed"));
    }
}
