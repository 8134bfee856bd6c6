//! The CLI's map readers (`build2d mesh`): plain-text tile maps, JSON tile maps and JSON
//! outlines. A file of the binary, not of the library; the fuzz targets `parse_text_map`
//! and `parse_json_map` and `tests/fuzz_replay.rs` include it by path.

use std::path::Path;

use build2d::MapSource;
use serde_json::Value;

/// Largest map file `mesh` reads (a 10^8-cell JSON map is about 200 MB): beyond this the
/// input is refused instead of read until memory runs out (`/dev/zero`).
const MAP_BYTES_LIMIT: u64 = 1 << 30;

/// Reads a whole map file or standard input (`-`), at most [`MAP_BYTES_LIMIT`] bytes.
pub fn read_map_text(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let name = if path.as_os_str() == "-" {
        "stdin".into()
    } else {
        path.display().to_string()
    };
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?)
    };
    let mut text = String::new();
    reader
        .take(MAP_BYTES_LIMIT + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("{name}: {e}"))?;
    if text.len() as u64 > MAP_BYTES_LIMIT {
        return Err(format!(
            "{name}: larger than {MAP_BYTES_LIMIT} bytes, not a map this reads"
        ));
    }
    Ok(text)
}

/// Reads a plain-text tile map: top row first, so text row k is y = height − 1 − k.
/// Every row has the same number of cells, `.` walkable and `#` blocked; no blank line
/// except one newline at the end of the file (a `\r` before it is allowed).
pub fn read_text_map(name: &str, text: &str, cell_size: Option<f64>) -> Result<MapSource, String> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let rows: Vec<&str> = body
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let height = rows.len();
    let width = rows[0].chars().count();
    if width == 0 {
        return Err(format!(
            "{name}: line 1: empty row (a map needs at least one cell)"
        ));
    }
    let mut cells = vec![false; width * height];
    for (k, row) in rows.iter().enumerate() {
        let y = height - 1 - k;
        let mut count = 0;
        for (x, c) in row.chars().enumerate() {
            count += 1;
            if x >= width {
                continue;
            }
            cells[y * width + x] = match c {
                '.' => true,
                '#' => false,
                other => {
                    return Err(format!(
                    "{name}: line {}, column {}: unexpected character {other:?} (use '.' and '#')",
                    k + 1,
                    x + 1
                ))
                }
            };
        }
        if count != width {
            return Err(format!(
                "{name}: line {}: {count} cells, but line 1 has {width} (rows must be equally long)",
                k + 1
            ));
        }
    }
    Ok(MapSource::TileMap {
        cells,
        width,
        height,
        cell_size: cell_size.unwrap_or(1.0),
        origin: [0.0, 0.0],
    })
}

/// A JSON tile map: a `fromTileMap` case or the bare fields, read straight into typed
/// fields (a `Value` tree of a 10^8-cell map would take tens of gigabytes).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TileMapFile {
    #[serde(default)]
    op: Option<String>,
    #[serde(default)]
    snap_bits: Option<i64>,
    width: usize,
    height: usize,
    cell_size: f64,
    origin: [f64; 2],
    cells: Vec<u8>,
}

/// A map as read: the source and the snap bits the file names, if any.
pub struct MapFile {
    /// The walkable region's source.
    pub source: MapSource,
    /// The `snapBits` the file names, if any.
    pub snap_bits: Option<i64>,
}

/// Reads a map file (text tile map, JSON tile map or JSON outlines) into a source.
pub fn read_map(path: &Path, cell_size: Option<f64>) -> Result<MapFile, String> {
    let text = read_map_text(path)?;
    parse_map_file(path, &text, cell_size)
}

/// [`parse_map_file`]'s source alone (the fuzz targets' entry point).
#[allow(dead_code)]
pub fn parse_map(path: &Path, text: &str, cell_size: Option<f64>) -> Result<MapSource, String> {
    parse_map_file(path, text, cell_size).map(|m| m.source)
}

/// Parses a map file's text: a text tile map, a JSON tile map or JSON outlines.
pub fn parse_map_file(path: &Path, text: &str, cell_size: Option<f64>) -> Result<MapFile, String> {
    let name = if path.as_os_str() == "-" {
        "stdin".into()
    } else {
        path.display().to_string()
    };
    if !text.trim_start().starts_with('{') {
        let source = read_text_map(&name, text, cell_size)?;
        return Ok(MapFile {
            source,
            snap_bits: None,
        });
    }
    if !text.contains("\"outlines\"") && !text.contains("\"input\"") {
        let map: TileMapFile =
            serde_json::from_str(text).map_err(|e| format!("{name}: not a tile map: {e}"))?;
        if let Some(op) = map.op.as_deref().filter(|&op| op != "fromTileMap") {
            return Err(format!("{name}: a `{op}` case is not a map"));
        }
        if map.cells.len() != map.width.saturating_mul(map.height) {
            return Err(format!(
                "{name}: {} cells for a {} × {} map",
                map.cells.len(),
                map.width,
                map.height
            ));
        }
        if let Some(k) = map.cells.iter().position(|&c| c > 1) {
            return Err(format!(
                "{name}: cells[{k}] is {}; a cell is 1 (walkable) or 0 (blocked)",
                map.cells[k]
            ));
        }
        return Ok(MapFile {
            source: MapSource::TileMap {
                cells: map.cells.iter().map(|&c| c == 1).collect(),
                width: map.width,
                height: map.height,
                cell_size: cell_size.unwrap_or(map.cell_size),
                origin: map.origin,
            },
            snap_bits: map.snap_bits,
        });
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("{name}: invalid JSON: {e}"))?;
    let value = value.get("input").cloned().unwrap_or(value);
    let outlines = value
        .get("outlines")
        .ok_or(format!("{name}: neither a tile map nor outlines"))?;
    let outlines = build2d::case::parse_outlines(outlines)
        .map_err(|e| format!("{name}: malformed outlines: {e:?}"))?;
    let cell_size = cell_size.ok_or("outlines need --cell-size")?;
    Ok(MapFile {
        source: MapSource::Outlines {
            outlines,
            cell_size,
        },
        snap_bits: value.get("snapBits").and_then(Value::as_i64),
    })
}
