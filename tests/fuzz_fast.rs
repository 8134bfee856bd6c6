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

/// The rings of each region operand of a decoded case (one list per operand).
fn operands_of(case: &serde_json::Value) -> Vec<Vec<Vec<[f64; 2]>>> {
    [&case["a"], &case["b"], case]
        .iter()
        .filter_map(|operand| operand["outlines"].as_array())
        .map(|outlines| {
            outlines
                .iter()
                .filter_map(|outline| outline.as_array())
                .flatten()
                .filter_map(|ring| serde_json::from_value::<Vec<[f64; 2]>>(ring.clone()).ok())
                .collect()
        })
        .collect()
}

/// Whether the points go round the centre of their bounding box in angle order.
fn in_angular_order(ring: &[[f64; 2]]) -> bool {
    let fold =
        |f: fn(f64, f64) -> f64, k: usize, start: f64| ring.iter().map(|p| p[k]).fold(start, f);
    let centre = [
        (fold(f64::min, 0, f64::INFINITY) + fold(f64::max, 0, f64::NEG_INFINITY)) / 2.0,
        (fold(f64::min, 1, f64::INFINITY) + fold(f64::max, 1, f64::NEG_INFINITY)) / 2.0,
    ];
    let angles: Vec<f64> = ring
        .iter()
        .map(|p| (p[1] - centre[1]).atan2(p[0] - centre[0]))
        .collect();
    angles.windows(2).all(|w| w[0] <= w[1])
}

/// Random rings cross each other about n²/4 times for n points, so the decoders keep an
/// operand's random (not star-shaped) rings to 48 points in all; star-shaped ones may
/// have hundreds (docs/verification.md, fourteenth session).
#[test]
fn large_region_cases_have_few_random_points() {
    let (mut large, mut random_points_seen) = (0, 0);
    for target in ["fast_regions", "fast_triangulate"] {
        for data in inputs(2000, 2048) {
            let Some(case) = build2d::fuzzing::decode(target, &data) else {
                continue;
            };
            for rings in operands_of(&case) {
                let random: usize = rings
                    .iter()
                    .filter(|ring| !in_angular_order(ring))
                    .map(Vec::len)
                    .sum();
                let points: usize = rings.iter().map(Vec::len).sum();
                assert!(random <= 48, "{target}: {random} random points in {case}");
                large += usize::from(points > 48);
                random_points_seen = random_points_seen.max(random);
            }
        }
    }
    // Large inputs still come, and random ones up to the bound.
    assert!(large > 0, "no case over 48 points");
    assert!(
        random_points_seen > 40,
        "random points at most {random_points_seen}"
    );
}
