//! The CLI's plain-text tile-map reader on arbitrary bytes: no panic; an accepted map
//! has width × height cells and builds a region or a typed error, never a defect.
#![no_main]
#[path = "../../src/map_file.rs"]
#[allow(dead_code)]
mod map_file;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = std::path::Path::new("fuzz.txt");
    if text.trim_start().starts_with('{') {
        return; // the JSON readers' target
    }
    if let Ok(source) = map_file::parse_map(path, text, None) {
        build2d_fuzz::check_map_source(&source);
    }
});
