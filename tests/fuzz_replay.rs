//! Replays every committed fuzz input (`fuzz/seeds/<target>/*`) under plain stable
//! `cargo test`: each goes through the same entry point as the libFuzzer target.
#![cfg(feature = "oracle")]

use std::path::Path;

#[path = "../src/map_file.rs"]
#[allow(dead_code)]
mod map_file;

/// The CLI-reader targets, as `fuzz/fuzz_targets/parse_{text,json}_map.rs` run them
/// (without the fuzz crate's region check: the reader must not panic).
fn map_reader(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        for cell_size in [None, Some(0.5)] {
            let _ = map_file::parse_map(Path::new("seed"), text, cell_size);
        }
    }
}

fn target(name: &str) -> Option<fn(&[u8])> {
    match name {
        "parse_text_map" | "parse_json_map" => Some(map_reader),
        _ => build2d::diff::fuzz::fuzz_target(name).or_else(|| build2d::fuzzing::fuzz_target(name)),
    }
}

#[test]
fn committed_fuzz_seeds_replay() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds");
    let mut replayed = 0;
    let mut targets: Vec<_> = std::fs::read_dir(&seeds)
        .expect("fuzz/seeds")
        .map(|e| e.expect("entry").path())
        .collect();
    targets.sort();
    for dir in targets {
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name")
            .to_string();
        let run = target(&name).unwrap_or_else(|| panic!("fuzz/seeds/{name}: no such fuzz target"));
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("seed dir")
            .map(|e| e.expect("entry").path())
            .collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).expect("seed");
            run(&data);
            replayed += 1;
        }
    }
    assert!(replayed > 0, "no fuzz seeds replayed");
}

/// ClusterFuzzLite starts each target from `fuzz/seeds/<target>` (`.clusterfuzzlite/build.sh`
/// zips it): every target in `fuzz/fuzz_targets` has seeds there.
#[test]
fn every_fuzz_target_has_seeds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut without = Vec::new();
    for entry in std::fs::read_dir(root.join("fuzz_targets")).expect("fuzz/fuzz_targets") {
        let path = entry.expect("entry").path();
        let name = path.file_stem().and_then(|n| n.to_str()).expect("name");
        let seeds = std::fs::read_dir(root.join("seeds").join(name)).map_or(0, |d| d.count());
        if seeds == 0 {
            without.push(name.to_string());
        }
    }
    without.sort();
    assert!(
        without.is_empty(),
        "fuzz targets without seeds: {without:?}"
    );
}
