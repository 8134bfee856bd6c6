//! Replays every committed fuzz input (`fuzz/seeds/<target>/*`) under plain stable
//! `cargo test`: each goes through the same entry point as the libFuzzer target.
#![cfg(feature = "oracle")]

use std::path::Path;

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
        let run = build2d::diff::fuzz::fuzz_target(&name)
            .unwrap_or_else(|| panic!("fuzz/seeds/{name}: no such fuzz target"));
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
