//! Reading the format's values (v2 §1, §2): objects with a closed set of fields,
//! integers as JSON integer tokens within i64, f64 as any JSON number or one of three
//! strings, and the region input. Every failure here is `malformed`; range rules are
//! the typed checks that run afterwards.

use serde_json::{Map, Value};

use super::{malformed, CaseError};
use crate::error::Error;
use crate::grid::{snap_bits_from_integer, Geometry2DOptions, GridPoint};
use crate::region::Outline;
use crate::Region;

/// A JSON object.
pub(super) type Object = Map<String, Value>;

/// `v` as an object whose fields are all among `allowed` (an unknown field is malformed).
pub(super) fn object<'a>(
    v: &'a Value,
    what: &str,
    allowed: &[&str],
) -> Result<&'a Object, CaseError> {
    let o = v
        .as_object()
        .ok_or_else(|| malformed(format!("{what} is not an object: {v}")))?;
    closed(o, what, allowed)?;
    Ok(o)
}

/// Every field of `o` is among `allowed`.
pub(super) fn closed(o: &Object, what: &str, allowed: &[&str]) -> Result<(), CaseError> {
    match o.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(malformed(format!("unknown field `{k}` in {what}"))),
        None => Ok(()),
    }
}

/// A required field.
pub(super) fn req<'a>(o: &'a Object, name: &str) -> Result<&'a Value, CaseError> {
    o.get(name)
        .ok_or_else(|| malformed(format!("missing field `{name}`")))
}

/// Exactly one of the fields `a` / `b`: `Ok(true)` for `a`. Both or neither is malformed.
pub(super) fn either(o: &Object, a: &str, b: &str) -> Result<bool, CaseError> {
    match (o.contains_key(a), o.contains_key(b)) {
        (true, false) => Ok(true),
        (false, true) => Ok(false),
        _ => Err(malformed(format!(
            "exactly one of `{a}`, `{b}` is required"
        ))),
    }
}

/// An f64: any JSON number (an integer token is the same f64) or "NaN", "Infinity",
/// "-Infinity". (A number beyond f64 such as `1e400` never parses as JSON.)
pub fn parse_f64(v: &Value) -> Result<f64, CaseError> {
    match v {
        Value::Number(n) => n
            .as_f64()
            .ok_or_else(|| malformed(format!("not an f64: {n}"))),
        Value::String(s) => match s.as_str() {
            "NaN" => Ok(f64::NAN),
            "Infinity" => Ok(f64::INFINITY),
            "-Infinity" => Ok(f64::NEG_INFINITY),
            _ => Err(malformed(format!("not an f64: {s:?}"))),
        },
        _ => Err(malformed(format!("not an f64: {v}"))),
    }
}

/// An integer: a JSON integer token (no fraction, no exponent: `1.0` and `1e2` are
/// malformed) within the signed 64-bit range (beyond it: malformed).
pub fn parse_i64(v: &Value) -> Result<i64, CaseError> {
    // serde_json keeps an integer token as an integer (i64 or u64) and anything with a
    // fraction or exponent, or an integer beyond u64, as an f64: `as_i64` is `Some`
    // exactly for integer tokens within i64.
    v.as_i64()
        .ok_or_else(|| malformed(format!("not an integer within 64 bits: {v}")))
}

/// A list.
pub fn parse_array(v: &Value) -> Result<&Vec<Value>, CaseError> {
    v.as_array()
        .ok_or_else(|| malformed(format!("not a list: {v}")))
}

/// A list of exactly `n` values.
pub(super) fn parse_tuple<'a>(
    v: &'a Value,
    n: usize,
    what: &str,
) -> Result<&'a [Value], CaseError> {
    let a = parse_array(v)?;
    if a.len() != n {
        return Err(malformed(format!("{what} is a list of {n}: {v}")));
    }
    Ok(a)
}

/// A grid point `[x, y]` of integers.
pub fn parse_grid_point(v: &Value) -> Result<GridPoint, CaseError> {
    let a = parse_tuple(v, 2, "a point")?;
    Ok(GridPoint::new(parse_i64(&a[0])?, parse_i64(&a[1])?))
}

/// A public point `[x, y]` of f64.
pub fn parse_f64_point(v: &Value) -> Result<[f64; 2], CaseError> {
    let a = parse_tuple(v, 2, "a point")?;
    Ok([parse_f64(&a[0])?, parse_f64(&a[1])?])
}

/// A list of `read` values.
pub(super) fn parse_list<T>(
    v: &Value,
    read: impl FnMut(&Value) -> Result<T, CaseError>,
) -> Result<Vec<T>, CaseError> {
    parse_array(v)?.iter().map(read).collect()
}

/// Outlines: a list of outlines, each a list of rings, each a list of `[x, y]` f64.
pub fn parse_outlines(v: &Value) -> Result<Vec<Outline>, CaseError> {
    parse_list(v, |outline| {
        let rings = parse_list(outline, |ring| parse_list(ring, parse_f64_point))?;
        Ok(Outline { rings })
    })
}

/// An integer used as an index or count by the Rust API: a negative one is no index at
/// all, so it becomes `usize::MAX`, which every range check of the API rejects.
pub(super) fn index_from_integer(n: i64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// A tile map as read (`width`, `height`, `cellSize`, `origin`, `cells`), integers
/// still unchecked.
#[derive(Debug, Clone, PartialEq)]
pub struct TileMapInput {
    /// Cells per row, any integer.
    pub width: i64,
    /// Rows, any integer.
    pub height: i64,
    /// Cell size, public units.
    pub cell_size: f64,
    /// Corner of cell (0, 0).
    pub origin: [f64; 2],
    /// Row-major cell values, any integers (0 and 1 are the valid ones).
    pub cells: Vec<i64>,
}

/// The fields of a tile map object.
pub(super) const TILE_MAP_FIELDS: [&str; 5] = ["width", "height", "cellSize", "origin", "cells"];

impl TileMapInput {
    /// Reads the tile map fields of `o` (the caller closes `o`'s field set).
    pub(super) fn read(o: &Object) -> Result<TileMapInput, CaseError> {
        Ok(TileMapInput {
            width: parse_i64(req(o, "width")?)?,
            height: parse_i64(req(o, "height")?)?,
            cell_size: parse_f64(req(o, "cellSize")?)?,
            origin: parse_f64_point(req(o, "origin")?)?,
            cells: parse_list(req(o, "cells")?, parse_i64)?,
        })
    }

    /// The Rust API's `(cells, width, height)`. The API takes sizes as `usize` and cells
    /// as `bool`, so the format's own range rules run here, in X5's order right after the
    /// snap bits: a negative `width`, then `height` (invalid argument of that name), then
    /// a cell other than 0 or 1 (invalid argument `cells`, as the API's cell count check).
    pub(super) fn typed(&self) -> Result<(Vec<bool>, usize, usize), Error> {
        let size = |name: &str, n: i64| {
            usize::try_from(n).map_err(|_| Error::invalid(name, format!("negative: {n}")))
        };
        let width = size("width", self.width)?;
        let height = size("height", self.height)?;
        let cells = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, &c)| match c {
                0 => Ok(false),
                1 => Ok(true),
                _ => Err(Error::invalid(
                    "cells",
                    format!("cell {i} is {c}, not 0 or 1"),
                )),
            })
            .collect::<Result<Vec<bool>, Error>>()?;
        Ok((cells, width, height))
    }

    /// `fromTileMap` of this map ([`TileMapInput::typed`], then the API's X5 checks).
    pub(super) fn resolve(&self, options: Geometry2DOptions) -> crate::Result<Region> {
        let (cells, width, height) = self.typed()?;
        Region::from_tile_map(&cells, width, height, self.cell_size, self.origin, options)
    }
}

/// The two forms of a region input.
#[derive(Debug, Clone, PartialEq)]
pub enum RegionSource {
    /// `outlines`, resolved with `fromOutlines`.
    Outlines(Vec<Outline>),
    /// `tileMap`, resolved with `fromTileMap`.
    TileMap(TileMapInput),
}

/// A `RegionInput` as read: `{"snapBits", "outlines"}` or `{"snapBits", "tileMap"}`.
#[derive(Debug, Clone, PartialEq)]
pub struct RegionInput {
    /// Snap bits, any integer (checked when resolved).
    pub snap_bits: i64,
    /// Outlines or a tile map.
    pub source: RegionSource,
}

/// Reads a `RegionInput`: exactly one of `outlines` / `tileMap`, no other field but
/// `snapBits`; the tile map object has exactly the five tile map fields.
pub fn read_region_input(v: &Value) -> Result<RegionInput, CaseError> {
    let o = object(v, "a region input", &["snapBits", "outlines", "tileMap"])?;
    let snap_bits = parse_i64(req(o, "snapBits")?)?;
    let source = if either(o, "outlines", "tileMap")? {
        RegionSource::Outlines(parse_outlines(req(o, "outlines")?)?)
    } else {
        let map = object(req(o, "tileMap")?, "a tile map", &TILE_MAP_FIELDS)?;
        RegionSource::TileMap(TileMapInput::read(map)?)
    };
    Ok(RegionInput { snap_bits, source })
}

impl RegionInput {
    /// The region: snap bits first, then the source's own checks (X3 / X5).
    pub fn resolve(&self) -> crate::Result<Region> {
        let options = Geometry2DOptions {
            snap_bits: snap_bits_from_integer(self.snap_bits)?,
        };
        match &self.source {
            RegionSource::Outlines(outlines) => Region::from_outlines(outlines, options),
            RegionSource::TileMap(map) => map.resolve(options),
        }
    }
}
