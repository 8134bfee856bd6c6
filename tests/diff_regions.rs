//! Engine == reference for the region ops `fromOutlines`, `union`, `intersection`,
//! `difference`, `xor` and `fromTileMap` ([R1]–[R6], [T1]–[T4], [L1]–[L6], [G1], [G2],
//! [G5]; X1–X3, X5, X6), on generators that favour the hard cases. Every engine output
//! passes `Region::check()` ([W1], [R3]); metamorphic tests check [W2] on the engine.

mod common;

use build2d::case::{parse_region_case as parse_region_input, region_json, run_case_json};
use build2d::diff::same_outcome;
use build2d::{Geometry2DOptions, Region};
use proptest::prelude::*;
use serde_json::{json, Value};

const MAX: f64 = 2_097_152.0; // 2^21, the [G1] bound

type Ring = Vec<(f64, f64)>;
type Outlines = Vec<Vec<Ring>>;

fn unit(bits: u8) -> f64 {
    1.0 / f64::from(1u32 << bits)
}

/// A coordinate for snap bits `bits` at `scale` (a per-case multiple of the unit):
/// mostly a small lattice (dense touching and overlapping rings), plus exact half-units
/// (snapping ties), sub-unit values (rings collapse), the ±2^21 bound and anything.
fn coordinate(bits: u8, scale: f64) -> BoxedStrategy<f64> {
    let u = unit(bits);
    prop_oneof![
        12 => (-4i32..=4).prop_map(move |k| f64::from(k) * scale),
        2 => (-8i32..=8).prop_map(move |k| (f64::from(k) + 0.5) * u),
        1 => (-0.49f64..0.49).prop_map(move |t| t * u),
        1 => prop::sample::select(vec![MAX, -MAX, MAX - u, -MAX + u]),
        1 => -MAX..=MAX,
    ]
    .boxed()
}

fn scale(bits: u8) -> BoxedStrategy<f64> {
    let u = unit(bits);
    prop::sample::select(vec![u, 3.0 * u, 1.0, 0.375, 1024.0, 262_144.0]).boxed()
}

/// A ring of 3..7 points; sometimes a point is repeated (duplicate points, [R1]).
fn ring(bits: u8, scale: f64) -> BoxedStrategy<Ring> {
    let c = coordinate(bits, scale);
    (
        prop::collection::vec((c.clone(), c), 3..7),
        prop::option::weighted(0.2, any::<prop::sample::Index>()),
    )
        .prop_map(|(mut ring, dup)| {
            if let Some(i) = dup {
                let k = i.index(ring.len());
                ring.insert(k, ring[k]);
            }
            ring
        })
        .boxed()
}

/// 0..3 outlines of 1..3 rings at one per-case scale.
fn outlines(bits: u8) -> BoxedStrategy<Outlines> {
    scale(bits)
        .prop_flat_map(move |s| {
            prop::collection::vec(prop::collection::vec(ring(bits, s), 1..4), 0..4)
        })
        .boxed()
}

fn snap_bits() -> impl Strategy<Value = u8> {
    prop_oneof![Just(0u8), Just(16u8), 0u8..=16]
}

fn value(v: f64) -> Value {
    build2d::case::f64_json(v)
}

fn outlines_json(o: &[Vec<Ring>]) -> Value {
    Value::Array(
        o.iter()
            .map(|rings| {
                Value::Array(
                    rings
                        .iter()
                        .map(|r| {
                            Value::Array(
                                r.iter()
                                    .map(|&(x, y)| json!([value(x), value(y)]))
                                    .collect(),
                            )
                        })
                        .collect(),
                )
            })
            .collect(),
    )
}

fn region_input(bits: u8, o: &[Vec<Ring>]) -> Value {
    json!({"snapBits": bits, "outlines": outlines_json(o)})
}

fn region_input_strategy() -> impl Strategy<Value = (u8, Outlines)> {
    snap_bits().prop_flat_map(|b| (Just(b), outlines(b)))
}

fn check_region(region: &Region, agreed: &Value) -> Result<(), TestCaseError> {
    region
        .check()
        .map_err(|e| TestCaseError::fail(format!("Region::check: {e}")))?;
    prop_assert_eq!(&region_json(region), agreed);
    Ok(())
}

/// Engine == reference on one region op; on success the typed engine result passes
/// `Region::check()` and equals the agreed JSON.
fn check_op(input: &Value) -> Result<Result<Value, Value>, TestCaseError> {
    let outcome = same_outcome(input);
    if let Ok(agreed) = &outcome {
        let op = input["op"].as_str().unwrap_or_default();
        let region = if op == "fromOutlines" {
            parse_region_input(input)
        } else {
            let a = parse_region_input(&input["a"])
                .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            let b = parse_region_input(&input["b"])
                .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            let run = match op {
                "union" => Region::union,
                "intersection" => Region::intersection,
                "difference" => Region::difference,
                _ => Region::xor,
            };
            Ok(run(&a, &b).map_err(|e| TestCaseError::fail(e.to_string()))?)
        }
        .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        check_region(&region, agreed)?;
    }
    Ok(outcome)
}

/// A bad value at a random place ([G1], X3): NaN, ±∞, just beyond 2^21, 1e300.
fn bad_value() -> impl Strategy<Value = f64> {
    prop::sample::select(vec![
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        MAX.next_up(),
        (-MAX).next_down(),
        1e300,
    ])
}

/// Breaks a valid input: a bad coordinate, or a ring cut to fewer than 3 vertices.
/// Returns whether it changed anything (not when there are no outlines).
fn corrupt(o: &mut Outlines, pick: (usize, usize, usize, bool), bad: f64, short: bool) -> bool {
    if o.is_empty() {
        return false;
    }
    let n = o.len();
    let outline = &mut o[pick.0 % n];
    let n = outline.len();
    let ring = &mut outline[pick.1 % n];
    if short {
        ring.truncate(pick.2 % 3);
    } else {
        let k = pick.2 % ring.len();
        if pick.3 {
            ring[k].0 = bad;
        } else {
            ring[k].1 = bad;
        }
    }
    true
}

const BINARY_OPS: [&str; 4] = ["union", "intersection", "difference", "xor"];

/// [W2] transformations of one outline list: permute outlines and rings, rotate ring
/// starts, reverse rings.
fn transform(o: &Outlines, seed: &[usize]) -> Outlines {
    let mut s = seed.iter().copied().cycle();
    let mut next = move || s.next().unwrap_or(0);
    let mut out: Outlines = o
        .iter()
        .map(|rings| {
            let mut rings: Vec<Ring> = rings
                .iter()
                .map(|r| {
                    let mut r = r.clone();
                    let k = next() % r.len();
                    r.rotate_left(k);
                    if next() % 2 == 1 {
                        r.reverse();
                    }
                    r
                })
                .collect();
            let k = next() % rings.len();
            rings.rotate_left(k);
            if next() % 2 == 1 {
                rings.reverse();
            }
            rings
        })
        .collect();
    if !out.is_empty() {
        let k = next() % out.len();
        out.rotate_left(k);
        if next() % 2 == 1 {
            out.reverse();
        }
    }
    out
}

/// Tile map inputs: sizes up to 6×6, cells dense or sparse, cell sizes down to one grid
/// unit (and 1.5 units with an off-grid origin, so lines coincide), origins on and off the
/// grid and near the 2^21 bound.
fn tile_map() -> impl Strategy<Value = Value> {
    snap_bits().prop_flat_map(|bits| {
        let u = unit(bits);
        (
            0usize..=6,
            0usize..=6,
            prop::sample::select(vec![u, 1.5 * u, 2.0 * u, 1.0, 0.75, 2.5, 0.1]),
            prop_oneof![
                3 => Just((0.0, 0.0)),
                2 => (-8i32..=8, -8i32..=8).prop_map(move |(x, y)| (f64::from(x) * 0.5 * u, f64::from(y) * 0.5 * u)),
                2 => (-3.0f64..3.0, -3.0f64..3.0),
                1 => Just((MAX - 8.0, -MAX)),
            ],
            prop::collection::vec(prop::bool::weighted(0.6), 36),
        )
            .prop_map(move |(w, h, cell, origin, cells)| {
                let cells: Vec<u8> = cells[..w * h].iter().map(|&c| u8::from(c)).collect();
                json!({"op": "fromTileMap", "snapBits": bits, "width": w, "height": h,
                       "cellSize": value(cell), "origin": [value(origin.0), value(origin.1)],
                       "cells": cells})
            })
    })
}

/// Engine == reference on a tile map; a valid result passes `Region::check()` and equals
/// the n-ary union of the filled cells' rectangles (X5's definition, via `fromOutlines`
/// with one outline per cell, on the engine).
fn check_tile_map(input: &Value) -> Result<(), TestCaseError> {
    let outcome = same_outcome(input);
    let Ok(agreed) = outcome else {
        return Ok(());
    };
    let w = input["width"].as_u64().unwrap_or(0) as usize;
    let h = input["height"].as_u64().unwrap_or(0) as usize;
    let cell = build2d::case::parse_f64(&input["cellSize"]).unwrap_or(f64::NAN);
    let origin = build2d::case::parse_f64_point(&input["origin"]).unwrap_or([0.0; 2]);
    let bits = input["snapBits"].as_u64().unwrap_or(0) as u8;
    let cells: Vec<bool> = input["cells"]
        .as_array()
        .map(|c| c.iter().map(|v| v.as_u64() == Some(1)).collect())
        .unwrap_or_default();
    let region = Region::from_tile_map(
        &cells,
        w,
        h,
        cell,
        origin,
        Geometry2DOptions::default().with_snap_bits(bits),
    )
    .map_err(|e| TestCaseError::fail(e.to_string()))?;
    check_region(&region, &agreed)?;
    // X5: the direct tracer equals the union of the cells' snapped rectangles.
    let line = |o: f64, i: usize| o + (i as f64) * cell;
    let mut rectangles: Outlines = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if cells[y * w + x] {
                let (x0, x1) = (line(origin[0], x), line(origin[0], x + 1));
                let (y0, y1) = (line(origin[1], y), line(origin[1], y + 1));
                rectangles.push(vec![vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)]]);
            }
        }
    }
    let mut union = region_input(bits, &rectangles);
    union["op"] = json!("fromOutlines");
    prop_assert_eq!(run_case_json(&union), Ok(agreed));
    Ok(())
}

proptest! {
    #![proptest_config(common::proptest_config())]

    // The fuzz entry point on random bytes: it asserts agreement, validity, and for a
    // boolean the agreement of the stage op `boundary` on its operands' rings.
    #[test]
    fn fuzz_entry_point_on_random_bytes(data in prop::collection::vec(any::<u8>(), 0..200)) {
        build2d::diff::fuzz::regions(&data);
    }

    #[test]
    fn from_outlines_matches_reference((bits, o) in region_input_strategy()) {
        let mut input = region_input(bits, &o);
        input["op"] = json!("fromOutlines");
        let _ = check_op(&input)?;
    }

    #[test]
    fn binary_ops_match_reference(
        (bits_a, a) in region_input_strategy(),
        b in outlines(8),
        mismatch in prop::bool::weighted(0.15),
        op in prop::sample::select(BINARY_OPS.to_vec()),
    ) {
        // b shares a's snap bits unless a [G5] mismatch is wanted; its coordinates are
        // generated for 8 bits (any values are legal at any snap bits).
        let bits_b = if mismatch { (bits_a + 5) % 17 } else { bits_a };
        let input = json!({"op": op, "a": region_input(bits_a, &a), "b": region_input(bits_b, &b)});
        let outcome = check_op(&input)?;
        if mismatch {
            prop_assert_eq!(outcome, Err(json!({"kind": "snapBitsMismatch", "left": bits_a, "right": bits_b})));
        }
    }

    #[test]
    fn invalid_outlines_match_reference(
        (bits, mut o) in region_input_strategy(),
        pick in (any::<usize>(), any::<usize>(), any::<usize>(), any::<bool>()),
        bad in bad_value(),
        short in prop::bool::weighted(0.3),
        binary in prop::option::of((prop::sample::select(BINARY_OPS.to_vec()), any::<bool>())),
        bad_bits in prop::option::weighted(0.1, prop_oneof![Just(17u8), Just(255u8)]),
    ) {
        let corrupted = corrupt(&mut o, pick, bad, short);
        let bits = bad_bits.unwrap_or(bits);
        let input = match binary {
            None => {
                let mut i = region_input(bits, &o);
                i["op"] = json!("fromOutlines");
                i
            }
            Some((op, bad_is_a)) => {
                let good = region_input(bits.min(16), &[]);
                let bad = region_input(bits, &o);
                if bad_is_a {
                    json!({"op": op, "a": bad, "b": good})
                } else {
                    json!({"op": op, "a": good, "b": bad})
                }
            }
        };
        let outcome = check_op(&input)?;
        prop_assert!(outcome.is_err() || !(corrupted || bad_bits.is_some()), "bad input accepted");
    }

    #[test]
    fn from_tile_map_matches_reference(input in tile_map()) {
        check_tile_map(&input)?;
    }

    #[test]
    fn invalid_tile_maps_match_reference(
        input in tile_map(),
        fault in 0u8..7,
        bad in bad_value(),
    ) {
        let mut input = input;
        match fault {
            0 => input["width"] = json!(-1 - input["width"].as_i64().unwrap_or(0)),
            1 => input["height"] = json!(-1),
            2 => input["cells"].as_array_mut().expect("cells").push(json!(1)),
            3 => input["cellSize"] = value(bad),
            4 => input["cellSize"] = value(0.49 * unit(input["snapBits"].as_u64().unwrap_or(0) as u8)),
            5 => input["origin"][1] = value(bad),
            _ => input["cellSize"] = value(MAX / 2.0),
        }
        check_tile_map(&input)?;
    }

    /// [W2]: permuting outlines and rings, rotating ring starts and reversing rings never
    /// changes the result (engine, through the JSON interface).
    #[test]
    fn outline_order_start_and_direction_do_not_matter(
        (bits, o) in region_input_strategy(),
        b in outlines(8),
        seed in prop::collection::vec(any::<usize>(), 1..24),
        op in prop::sample::select(vec!["fromOutlines", "union", "intersection", "difference", "xor"]),
    ) {
        let input = |o: &Outlines, b: &Outlines| {
            if op == "fromOutlines" {
                let mut i = region_input(bits, o);
                i["op"] = json!(op);
                i
            } else {
                json!({"op": op, "a": region_input(bits, o), "b": region_input(bits, b)})
            }
        };
        let base = run_case_json(&input(&o, &b));
        prop_assume!(base.is_ok());
        let moved = run_case_json(&input(&transform(&o, &seed), &transform(&b, &seed[1..])));
        prop_assert_eq!(moved, base);
    }
}

/// The generators are not vacuous: over a fixed sample, fromOutlines yields empty
/// results, multi-ring results, holes (clockwise rings) and errors-free collapses.
#[test]
fn generators_reach_the_interesting_outputs() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = region_input_strategy();
    let (mut empty, mut multi, mut holes) = (0, 0, 0);
    for _ in 0..300 {
        let (bits, o) = strategy.new_tree(&mut runner).expect("tree").current();
        let mut input = region_input(bits, &o);
        input["op"] = json!("fromOutlines");
        let Ok(region) = parse_region_input(&input) else {
            continue;
        };
        empty += usize::from(region.is_empty());
        multi += usize::from(region.rings().len() >= 2);
        holes += usize::from(region.rings().iter().any(|r| {
            let area2: i128 = r
                .iter()
                .zip(r.iter().cycle().skip(1))
                .map(|(a, b)| i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y))
                .sum();
            area2 < 0
        }));
    }
    assert!(
        empty > 10 && multi > 10 && holes > 5,
        "{empty} {multi} {holes}"
    );
}
