//! The CLI's JSON tile-map and outline readers on arbitrary bytes (with and without a
//! cell size): no panic; an accepted map builds a region or a typed error, never a defect.
#![no_main]
#[path = "../../src/map_file.rs"]
#[allow(dead_code)]
mod map_file;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if !text.trim_start().starts_with('{') {
        return; // the text reader's target
    }
    let path = std::path::Path::new("fuzz.json");
    for cell_size in [None, Some(0.5)] {
        if let Ok(source) = map_file::parse_map(path, text, cell_size) {
            build2d_fuzz::check_map_source(&source);
        }
    }
});
