//! The CLI's map readers (`build2d mesh`): plain-text tile maps, JSON tile maps and JSON
//! outlines. A file of the binary, not of the library; the fuzz targets `parse_text_map`
//! and `parse_json_map` include it by path.

use std::path::Path;

use build2d::MapSource;
use serde_json::Value;

/// Reads a plain-text tile map: top row first, so text row k is y = height − 1 − k.
pub fn read_text_map(path: &Path, text: &str, cell_size: Option<f64>) -> Result<MapSource, String> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let height = rows.len();
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let mut cells = vec![false; width * height];
    for (k, row) in rows.iter().enumerate() {
        let y = height - 1 - k;
        for (x, c) in row.chars().enumerate() {
            cells[y * width + x] = match c {
                '.' => true,
                '#' | ' ' => false,
                other => {
                    return Err(format!(
                        "{}: line {}: unexpected character {other:?} (use '.' and '#')",
                        path.display(),
                        k + 1
                    ))
                }
            };
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

/// Reads a map file (text tile map, JSON tile map or JSON outlines) into a source.
pub fn read_map(path: &Path, cell_size: Option<f64>) -> Result<MapSource, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse_map(path, &text, cell_size)
}

/// [`read_map`] on the file's text (`path` only names it in messages).
pub fn parse_map(path: &Path, text: &str, cell_size: Option<f64>) -> Result<MapSource, String> {
    if !text.trim_start().starts_with('{') {
        return read_text_map(path, text, cell_size);
    }
    let value: Value = serde_json::from_str(&text).map_err(|e| format!("invalid JSON: {e}"))?;
    let value = value.get("input").cloned().unwrap_or(value);
    if let Some(outlines) = value.get("outlines") {
        let outlines = build2d::case::parse_outlines(outlines)
            .map_err(|e| format!("malformed outlines: {e:?}"))?;
        let cell_size = cell_size.ok_or("outlines need --cell-size")?;
        return Ok(MapSource::Outlines {
            outlines,
            cell_size,
        });
    }
    let get = |k: &str| value.get(k).ok_or(format!("tile map JSON lacks `{k}`"));
    let size = |k: &str| -> Result<usize, String> {
        get(k)?
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or(format!("`{k}` must be a non-negative integer"))
    };
    let (width, height) = (size("width")?, size("height")?);
    let cells = get("cells")?
        .as_array()
        .ok_or("`cells` must be a list")?
        .iter()
        .map(|c| c.as_i64() == Some(1) || c.as_bool() == Some(true))
        .collect();
    let map_cell = get("cellSize")?
        .as_f64()
        .ok_or("`cellSize` must be a number")?;
    let origin = get("origin")?;
    let coordinate = |i: usize| origin[i].as_f64().ok_or("`origin` must be [x, y]");
    Ok(MapSource::TileMap {
        cells,
        width,
        height,
        cell_size: cell_size.unwrap_or(map_cell),
        origin: [coordinate(0)?, coordinate(1)?],
    })
}
