//! The CLI's map readers (`build2d mesh`): plain-text tile maps, JSON tile maps and JSON
//! outlines. A file of the binary, not of the library; the fuzz targets `parse_text_map`
//! and `parse_json_map` and `tests/fuzz_replay.rs` include it by path.

use std::path::Path;

use build2d::MapSource;
use serde_json::Value;

/// Largest file the CLI reads (a 10^8-cell JSON map is about 200 MB): beyond this the
/// input is refused instead of read until memory runs out (`/dev/zero`).
const MAP_BYTES_LIMIT: u64 = 1 << 30;

/// Reads a whole map or JSON file or standard input (`-`), at most [`MAP_BYTES_LIMIT`]
/// bytes (`mesh`, and `run`, `path` and `svg` for their JSON).
/// A NUL byte ends the read at once: no map has one, and `/dev/zero` has nothing else.
pub fn read_map_text(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let name = if path.as_os_str() == "-" {
        "stdin".into()
    } else {
        path.display().to_string()
    };
    let (reader, size): (Box<dyn Read>, u64) = if path.as_os_str() == "-" {
        (Box::new(std::io::stdin()), 0)
    } else {
        let file = std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?;
        // A regular file's length sizes the buffer once (no doubling of 200 MB).
        let size = file
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .map_or(0, |m| m.len().min(MAP_BYTES_LIMIT));
        (Box::new(file), size)
    };
    let mut reader = reader.take(MAP_BYTES_LIMIT + 1);
    let mut bytes = Vec::with_capacity(size as usize + 1);
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("{name}: {e}")),
        };
        if let Some(k) = chunk[..n].iter().position(|&b| b == 0) {
            return Err(format!(
                "{name}: byte {}: a NUL byte; not a text or JSON file",
                bytes.len() + k + 1
            ));
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
    if bytes.len() as u64 > MAP_BYTES_LIMIT {
        return Err(format!(
            "{name}: larger than {MAP_BYTES_LIMIT} bytes, not a file this reads"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name}: byte {}: not UTF-8; not a text or JSON file",
            e.utf8_error().valid_up_to() + 1
        )
    })
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

/// A JSON map file, read in one pass straight into typed fields (a `Value` tree of a
/// 10^8-cell map would take tens of gigabytes): a `fromTileMap` or `fromOutlines` case,
/// the bare fields of either, or a corpus vector holding one as its `input`. Unknown and
/// repeated fields are refused, so a case of another op (a `mesh` case, whose radius
/// would be ignored) or a file with both cells and outlines is never read as a map.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct JsonMap {
    #[serde(default)]
    op: Option<String>,
    /// Checked after the read, so that the message names the field.
    #[serde(default)]
    snap_bits: Option<Value>,
    #[serde(default)]
    width: Option<usize>,
    #[serde(default)]
    height: Option<usize>,
    #[serde(default)]
    cell_size: Option<f64>,
    #[serde(default)]
    origin: Option<[f64; 2]>,
    #[serde(default)]
    cells: Option<Cells>,
    #[serde(default)]
    outlines: Option<Value>,
    /// A corpus vector's case, and the vector's other fields (not read).
    #[serde(default)]
    input: Option<Box<JsonMap>>,
    #[serde(default)]
    tc_id: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    comment: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    flags: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    expected: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    expected_error: Option<serde::de::IgnoredAny>,
}

impl JsonMap {
    /// Whether any field of a vector (other than its input) is present.
    fn has_vector_fields(&self) -> bool {
        self.tc_id.is_some()
            || self.comment.is_some()
            || self.flags.is_some()
            || self.expected.is_some()
            || self.expected_error.is_some()
    }

    /// Whether any field of a map is present.
    fn has_map_fields(&self) -> bool {
        self.op.is_some()
            || self.snap_bits.is_some()
            || self.outlines.is_some()
            || self.has_tile_fields()
    }

    /// Whether any field that only a tile map has is present.
    fn has_tile_fields(&self) -> bool {
        self.width.is_some()
            || self.height.is_some()
            || self.cell_size.is_some()
            || self.origin.is_some()
            || self.cells.is_some()
    }
}

/// A tile map's `cells`, read straight into walkable flags: each element must be the
/// integer 0 or 1, and a bad one is reported with its line and column.
struct Cells(Vec<bool>);

impl<'de> serde::Deserialize<'de> for Cells {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Cells;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of cells, each 0 (blocked) or 1 (walkable)")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Cells, A::Error> {
                let mut cells = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(cell) = seq.next_element::<Cell>()? {
                    cells.push(cell.0);
                }
                Ok(Cells(cells))
            }
        }
        deserializer.deserialize_seq(Visitor)
    }
}

/// One cell: the integer 0 or 1.
struct Cell(bool);

impl<'de> serde::Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Cell;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a cell, 0 (blocked) or 1 (walkable)")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Cell, E> {
                match v {
                    0 | 1 => Ok(Cell(v == 1)),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Unsigned(v), &self)),
                }
            }
        }
        deserializer.deserialize_u64(Visitor)
    }
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
    let file: JsonMap =
        serde_json::from_str(text).map_err(|e| format!("{name}: not a JSON map: {e}"))?;
    // A vector: its input is the map, and it holds nothing else of one.
    let map = match file.input {
        Some(input) if !file.has_map_fields() => *input,
        Some(_) => {
            return Err(format!(
                "{name}: a vector's `input` and map fields beside it"
            ))
        }
        None if file.has_vector_fields() => {
            return Err(format!(
                "{name}: vector fields (tcId, comment, flags, expected) without an `input`"
            ))
        }
        None => file,
    };
    if map.input.is_some() || map.has_vector_fields() {
        return Err(format!("{name}: a vector inside a vector's `input`"));
    }
    let snap_bits = match &map.snap_bits {
        None => None,
        Some(bits) => Some(
            bits.as_i64()
                .ok_or_else(|| format!("{name}: `snapBits` is {bits}, not an integer"))?,
        ),
    };
    let op = map.op.as_deref();
    if let Some(outlines) = &map.outlines {
        if map.has_tile_fields() {
            return Err(format!(
                "{name}: both `outlines` and tile-map fields; a map is one or the other"
            ));
        }
        if let Some(op) = op.filter(|&op| op != "fromOutlines") {
            return Err(format!(
                "{name}: a `{op}` case is not a map (`build2d run` runs a case)"
            ));
        }
        let outlines = build2d::case::parse_outlines(outlines)
            .map_err(|e| format!("{name}: malformed outlines: {e:?}"))?;
        let cell_size = cell_size.ok_or("outlines need --cell-size")?;
        return Ok(MapFile {
            source: MapSource::Outlines {
                outlines,
                cell_size,
            },
            snap_bits,
        });
    }
    if let Some(op) = op.filter(|&op| op != "fromTileMap") {
        return Err(format!(
            "{name}: a `{op}` case is not a map (`build2d run` runs a case)"
        ));
    }
    let missing = |field: &str| format!("{name}: neither outlines nor a tile map: no `{field}`");
    let (Some(width), Some(height)) = (map.width, map.height) else {
        return Err(missing(if map.width.is_none() {
            "width"
        } else {
            "height"
        }));
    };
    let map_cell_size = map.cell_size.ok_or_else(|| missing("cellSize"))?;
    let origin = map.origin.ok_or_else(|| missing("origin"))?;
    let cells = map.cells.ok_or_else(|| missing("cells"))?.0;
    if cells.len() != width.saturating_mul(height) {
        return Err(format!(
            "{name}: {} cells for a {width} × {height} map",
            cells.len()
        ));
    }
    Ok(MapFile {
        source: MapSource::TileMap {
            cells,
            width,
            height,
            cell_size: cell_size.unwrap_or(map_cell_size),
            origin,
        },
        snap_bits,
    })
}
