//! Helpers shared by the map-reader targets (the other targets call `build2d` directly).

use build2d::{Error, Geometry2DOptions, MapSource, Region};

/// A map source accepted by a CLI reader: its region (snap bits 8) is built or rejected
/// with a typed error, never a geometry defect; a tile map holds width × height cells or
/// is rejected.
pub fn check_map_source(source: &MapSource) {
    let options = Geometry2DOptions::default().with_snap_bits(8);
    let region = match source {
        MapSource::TileMap {
            cells,
            width,
            height,
            cell_size,
            origin,
        } => {
            let result =
                Region::from_tile_map(cells, *width, *height, *cell_size, *origin, options);
            if width.checked_mul(*height) != Some(cells.len()) {
                assert!(
                    result.is_err(),
                    "a tile map of the wrong cell count was accepted"
                );
            }
            result
        }
        MapSource::Outlines { outlines, .. } => Region::from_outlines(outlines, options),
    };
    match region {
        Ok(region) => {
            if let Err(e) = region.check() {
                panic!("Region::check: {e}");
            }
        }
        Err(Error::GeometryDefect { reason }) => panic!("geometry defect: {reason}"),
        Err(_) => {}
    }
}
