//! Engine == reference for the convex partition and the whole pipeline ([PC1]–[PC5],
//! X17, X18), [W1] validity of every engine output, [W2] metamorphic tests end to end,
//! and determinism.

mod common;

use build2d::diff::fuzz::{cell_outlines, check_partition_output, partition, pipeline};
use build2d::diff::same_outcome;
use proptest::prelude::*;
use serde_json::{json, Value};

proptest! {
    #![proptest_config(common::proptest_config())]

    /// Random small tile maps (as outlines), limits 2 ..= 17, snap bits 0, 2, 4, 16.
    #[test]
    fn partition_matches_reference(data in prop::collection::vec(any::<u8>(), 16..160)) {
        partition(&data);
    }

    /// The whole pipeline on random small maps, radius 0 to 1.5 cells, both sources.
    #[test]
    fn pipeline_matches_reference(data in prop::collection::vec(any::<u8>(), 16..120)) {
        pipeline(&data);
    }

    /// [W2] end to end: the outline order, the ring start and the ring direction do not
    /// change the mesh.
    #[test]
    fn mesh_ignores_outline_order_start_and_direction(
        cells in prop::collection::vec(prop::bool::weighted(0.6), 16),
        seed in any::<u64>(),
        radius_quarters in 0u8..4,
    ) {
        let map = json!({"width": 4, "height": 4, "cellSize": 1.0, "origin": [0.0, 0.0],
                         "cells": cells.iter().map(|&c| u8::from(c)).collect::<Vec<_>>()});
        let outlines = cell_outlines(&map);
        let mesh = |outlines: Value| {
            build2d::case::run_case_json(&json!({"op": "mesh", "snapBits": 4, "outlines": outlines,
                "cellSize": 1.0, "agentRadius": f64::from(radius_quarters) / 4.0, "maxVertices": 6}))
        };
        let base = mesh(outlines.clone());
        let mut shuffled: Vec<Value> = outlines.as_array().cloned().unwrap_or_default();
        let n = shuffled.len();
        let mut s = seed;
        for i in (1..n).rev() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            shuffled.swap(i, (s >> 33) as usize % (i + 1));
        }
        for (k, outline) in shuffled.iter_mut().enumerate() {
            let ring = outline[0].as_array_mut().expect("ring");
            ring.rotate_left(k % 4);
            if (seed >> (k % 64)) & 1 == 1 {
                ring.reverse();
            }
        }
        prop_assert_eq!(base, mesh(Value::Array(shuffled)));
    }
}

/// Hand-made maps of the corpus kind, through both implementations and the checker.
#[test]
fn small_maps_agree_and_are_valid() {
    let maps = [
        // pillar room 6 × 6 with one pillar
        ("......", "......", "..##..", "..##..", "......", "......"),
        // corridor with a diagonal pinch
        ("##....", "##....", "..##..", "..##..", "....##", "....##"),
        // maze-like
        ("......", ".####.", ".#..#.", ".#..#.", ".#.##.", "......"),
    ];
    for rows in maps {
        let rows = [rows.0, rows.1, rows.2, rows.3, rows.4, rows.5];
        let mut cells = vec![0u8; 36];
        for (k, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                cells[(5 - k) * 6 + x] = u8::from(c == '.');
            }
        }
        for radius in [0.0, 0.25, 0.5] {
            for limit in [3, 4, 6, 16] {
                let input = json!({"op": "mesh", "snapBits": 4,
                    "tileMap": {"width": 6, "height": 6, "cellSize": 1.0, "origin": [0.0, 0.0], "cells": cells},
                    "agentRadius": radius, "maxVertices": limit});
                let out = same_outcome(&input).expect("valid map");
                check_partition_output(&out, limit);
            }
        }
    }
}

/// The same input gives byte-identical output (nothing depends on hashing or threads).
#[test]
fn mesh_output_is_deterministic() {
    let map = build2d::workloads::cave(24);
    let input = json!({"op": "mesh", "snapBits": 16,
        "tileMap": {"width": 24, "height": 24, "cellSize": 0.25, "origin": [0.0, 0.0],
                    "cells": map.cells.iter().map(|&c| u8::from(c)).collect::<Vec<_>>()},
        "agentRadius": 0.25, "maxVertices": 6});
    let first = serde_json::to_string(&build2d::case::run_case_json(&input)).unwrap();
    for _ in 0..3 {
        let again = serde_json::to_string(&build2d::case::run_case_json(&input)).unwrap();
        assert_eq!(first, again);
    }
    let out = build2d::case::run_case_json(&input).expect("cave builds");
    check_partition_output(&out, 6);
}
