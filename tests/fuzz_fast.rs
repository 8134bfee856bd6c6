//! The fast fuzz targets (`build2d::fuzzing`) on a fixed stream of pseudo-random inputs,
//! under plain `cargo test`: the same decoding and checks as the libFuzzer targets.
//! FUZZ_FAST_CASES sets the inputs per target (default 64).
#![cfg(feature = "fuzzing")]

fn inputs(count: usize, max_len: usize) -> impl Iterator<Item = Vec<u8>> {
    let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..count).map(move |i| {
        let len = (i * 7919) % max_len + 1;
        (0..len)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                (s >> 24) as u8
            })
            .collect()
    })
}

#[test]
fn fast_targets_on_pseudo_random_inputs() {
    let count = std::env::var("FUZZ_FAST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    for &target in build2d::fuzzing::FAST_TARGETS {
        let run = build2d::fuzzing::fuzz_target(target).expect("fast target");
        let start = std::time::Instant::now();
        for data in inputs(count, 2048) {
            run(&data);
        }
        eprintln!("{target}: {count} inputs in {:?}", start.elapsed());
    }
}

#[test]
fn parse_case_on_pseudo_random_json() {
    let run = build2d::fuzzing::fuzz_target("parse_case").expect("parse_case");
    for text in [
        &b"{\"op\": \"mesh\"}"[..],
        b"{\"op\": \"fromTileMap\", \"snapBits\": 0, \"width\": 1, \"height\": 1, \"cellSize\": 1, \"origin\": [0, 0], \"cells\": [1]}",
        b"[1, 2",
        b"{\"op\": 7}",
    ] {
        run(text);
    }
}
