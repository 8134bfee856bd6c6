//! Engine == reference for the constrained Delaunay triangulation (op `cdt`, [D0]–[D8],
//! X15) and for `Region::triangulate` (op `triangulate`, [TR1]–[TR4], X16), on
//! generators that favour the hard cases: heavily cocircular lattices (the procedure of
//! docs/cdt.md decides every diagonal), ≥ 64 points (BRIO rounds and the Hilbert order),
//! coordinates at ±2^39, noded constraints that force Sloan's flips, tile-map-like
//! regions; plus the error cases of docs/cdt.md §2. Every agreed result is also checked
//! by the reference's property checker (`build2d_reference::check`) and by the engine's
//! own `check()`.
//!
//! The [L7] test compares the flood's winding of every kept triangle with the sweep's
//! labels of the region's edges (see `flood_windings_equal_sweep_windings`).

mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use build2d::arrangement::{Arrangement, Segment};
use build2d::cdt::Cdt;
use build2d::diff::{assert_same, same_outcome};
use build2d::label::label;
use build2d::Outline;
use build2d::{Geometry2DOptions, GridPoint, Region};
use build2d_reference::geom::Point as RefPoint;
use proptest::prelude::*;
use serde_json::{json, Value};

const MAX: i64 = 1 << 39;

type P = (i64, i64);

// ---- exact integer helpers (independent of both crates) ---------------------------

fn orient(a: P, b: P, c: P) -> i32 {
    let d = i128::from(b.0 - a.0) * i128::from(c.1 - a.1)
        - i128::from(b.1 - a.1) * i128::from(c.0 - a.0);
    d.signum() as i32
}

/// p lies in the open segment a–b.
fn inside_open_segment(p: P, a: P, b: P) -> bool {
    let dot = |u: P, v: P, w: P| {
        i128::from(v.0 - u.0) * i128::from(w.0 - u.0)
            + i128::from(v.1 - u.1) * i128::from(w.1 - u.1)
    };
    p != a && p != b && orient(a, b, p) == 0 && dot(a, b, p) > 0 && dot(b, a, p) > 0
}

fn properly_cross(a: P, b: P, c: P, d: P) -> bool {
    orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0
}

/// Sorted distinct points ([D0]).
fn canonical(mut points: Vec<P>) -> Vec<P> {
    points.sort_unstable();
    points.dedup();
    points
}

/// Noded constraints ([D0]) from candidate picks: pick (i, r) joins point i to its r-th
/// nearest neighbour (short segments are likely to be noded; r large gives long ones);
/// a candidate is kept when no point lies in its open interior and it crosses no kept
/// constraint. Duplicates and reversed pairs are kept on purpose (they are deduplicated).
fn noded_constraints(points: &[P], picks: &[(usize, usize, bool)]) -> Vec<(usize, usize)> {
    let n = points.len();
    let mut kept: Vec<(usize, usize)> = Vec::new();
    if n < 2 {
        return kept;
    }
    for &(i, r, reverse) in picks {
        let a = i % n;
        let mut by_distance: Vec<usize> = (0..n).filter(|&j| j != a).collect();
        let d2 = |j: usize| {
            let (dx, dy) = (
                i128::from(points[j].0 - points[a].0),
                i128::from(points[j].1 - points[a].1),
            );
            dx * dx + dy * dy
        };
        by_distance.sort_by_key(|&j| (d2(j), j));
        let b = by_distance[r.min(by_distance.len() - 1)];
        let (pa, pb) = (points[a], points[b]);
        if points.iter().any(|&q| inside_open_segment(q, pa, pb)) {
            continue;
        }
        if kept
            .iter()
            .any(|&(c, d)| properly_cross(pa, pb, points[c], points[d]))
        {
            continue;
        }
        kept.push(if reverse { (b, a) } else { (a, b) });
    }
    kept
}

fn pj(p: P) -> Value {
    json!([p.0, p.1])
}

fn cdt_input(points: &[P], constraints: &[(usize, usize)]) -> Value {
    let pts: Vec<Value> = points.iter().map(|&p| pj(p)).collect();
    let cons: Vec<Value> = constraints.iter().map(|&(a, b)| json!([a, b])).collect();
    json!({"op": "cdt", "points": pts, "constraints": cons})
}

/// Runs op `cdt` on both sides; when they agree on a result, checks it with the
/// reference's property checker and the engine's `Cdt::check()`.
fn cdt_agrees_and_is_valid(points: &[P], constraints: &[(usize, usize)]) -> Result<Value, Value> {
    let outcome = same_outcome(&cdt_input(points, constraints));
    if let Ok(out) = &outcome {
        let grid: Vec<GridPoint> = points.iter().map(|&(x, y)| GridPoint::new(x, y)).collect();
        Cdt::new(&grid, constraints)
            .expect("engine agreed on a result")
            .check()
            .unwrap_or_else(|e| panic!("engine Cdt::check: {e:?}"));
        let rp: Vec<RefPoint> = points.iter().map(|&(x, y)| RefPoint { x, y }).collect();
        let rc: Vec<[usize; 2]> = constraints.iter().map(|&(a, b)| [a, b]).collect();
        let cdt = build2d_reference::cdt::triangulate_points(&rp, &rc).expect("reference ok");
        let triangles: Vec<[usize; 3]> = serde_json::from_value(out["triangles"].clone()).unwrap();
        let constrained: Vec<[usize; 2]> =
            serde_json::from_value(out["constrained"].clone()).unwrap();
        build2d_reference::check::check_cdt(&rp, &rc, &cdt, &triangles, &constrained)
            .unwrap_or_else(|e| panic!("reference check_cdt: {e}"));
    }
    outcome
}

// ---- point-set generators ---------------------------------------------------------

/// Random points in a small box: dense collisions, collinear rows, cocircular quads.
fn box_points() -> impl Strategy<Value = Vec<P>> {
    prop_oneof![Just(3i64), Just(8), Just(30), Just(1000)]
        .prop_flat_map(|w| prop::collection::vec((0..w, 0..w), 0..110))
}

/// A k×k lattice (k ≤ 11, so up to 121 points), thinned by a mask, scaled and shifted.
/// Every 2×2 block is cocircular.
fn lattice_points() -> impl Strategy<Value = Vec<P>> {
    (
        2usize..=11,
        0u32..4,
        1i64..4,
        -5i64..5,
        -5i64..5,
        any::<u128>(),
    )
        .prop_map(|(k, thin, scale, ox, oy, mask)| {
            let mut out = Vec::new();
            for x in 0..k as i64 {
                for y in 0..k as i64 {
                    let bit = (x as usize * k + y as usize) % 128;
                    // thin = 0 keeps everything; otherwise drop roughly 1 in (thin + 1).
                    let dropped = thin > 0 && (mask >> bit).is_multiple_of(u128::from(thin + 1));
                    if !dropped {
                        out.push((scale * x + ox, scale * y + oy));
                    }
                }
            }
            out
        })
}

/// Points on the ±2^39 box: a lattice stretched to reach both bounds, the four corners,
/// and random points with the extremes.
fn huge_points() -> impl Strategy<Value = Vec<P>> {
    prop_oneof![
        (2i64..=9).prop_map(|k| {
            let step = (2 * MAX) / (k - 1);
            let mut out = Vec::new();
            for x in 0..k {
                for y in 0..k {
                    out.push((-MAX + x * step, -MAX + y * step));
                }
            }
            out
        }),
        // Near the bounds (MAX − 3 ..= MAX): thin triangles against the bounding
        // vertices, whose edges constraints along the box's sides must cross.
        prop::collection::vec((huge_coordinate(), huge_coordinate()), 0..80),
    ]
}

fn huge_coordinate() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(MAX),
        Just(-MAX),
        MAX - 3..=MAX,
        -MAX..=-MAX + 3,
        -MAX..=MAX,
        -8i64..8,
    ]
}

/// Points on circles around lattice centres (Pythagorean radii): many cocircular sets.
fn circle_points() -> impl Strategy<Value = Vec<P>> {
    let offsets: Vec<P> = common::PYTHAGOREAN_OFFSETS.to_vec();
    prop::collection::vec(
        (
            (-3i64..3, -3i64..3),
            prop::sample::subsequence(offsets, 3..=12),
            1i64..3,
        ),
        1..8,
    )
    .prop_map(|circles| {
        let mut out = Vec::new();
        for (c, offs, scale) in circles {
            out.push((10 * c.0, 10 * c.1));
            for o in offs {
                out.push((10 * c.0 + scale * o.0, 10 * c.1 + scale * o.1));
            }
        }
        out
    })
}

fn point_set() -> impl Strategy<Value = Vec<P>> {
    prop_oneof![
        3 => box_points(),
        3 => lattice_points(),
        2 => huge_points(),
        2 => circle_points(),
    ]
    .prop_map(canonical)
}

fn picks() -> impl Strategy<Value = Vec<(usize, usize, bool)>> {
    prop::collection::vec(
        (
            0usize..1000,
            prop_oneof![4 => 0usize..4, 1 => 0usize..200],
            any::<bool>(),
        ),
        0..60,
    )
}

// ---- region generators (RegionInput outlines) -------------------------------------

type Ring = Vec<[f64; 2]>;

fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Ring {
    vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
}

/// Random polygons (possibly self-intersecting: resolved even-odd) on a small grid.
fn random_polygons() -> impl Strategy<Value = Vec<Vec<Ring>>> {
    prop_oneof![Just(4i32), Just(10), Just(60)].prop_flat_map(|w| {
        prop::collection::vec(
            prop::collection::vec(
                prop::collection::vec(
                    (0..w, 0..w).prop_map(|(x, y)| [f64::from(x), f64::from(y)]),
                    3..10,
                ),
                1..3,
            ),
            1..4,
        )
    })
}

/// Squares with square holes, and squares touching at corners or along edges.
fn squares() -> impl Strategy<Value = Vec<Vec<Ring>>> {
    prop::collection::vec((0i32..12, 0i32..12, 1i32..6, any::<bool>()), 1..6).prop_map(|list| {
        list.into_iter()
            .map(|(x, y, s, with_hole)| {
                let (x, y, s) = (f64::from(x), f64::from(y), f64::from(s));
                let mut outline = vec![rect(x, y, x + 2.0 * s, y + 2.0 * s)];
                if with_hole {
                    let h = s / 2.0;
                    outline.push(rect(x + h, y + h, x + 2.0 * s - h, y + 2.0 * s - h));
                }
                outline
            })
            .collect()
    })
}

/// A tile map given as one unit-cell outline per solid cell (the union resolves it):
/// every cell corner is on the lattice, so nearly every quadruple is cocircular.
fn tile_cells() -> impl Strategy<Value = Vec<Vec<Ring>>> {
    (1usize..=16, 1usize..=12, 1u32..4).prop_flat_map(|(w, h, density)| {
        prop::collection::vec(0u32..4, w * h).prop_map(move |cells| {
            let mut outlines = Vec::new();
            for (k, &c) in cells.iter().enumerate() {
                if c < density {
                    let (x, y) = ((k % w) as f64, (k / w) as f64);
                    outlines.push(vec![rect(x, y, x + 1.0, y + 1.0)]);
                }
            }
            outlines
        })
    })
}

/// A region input: outlines, scaled (cell 0.25 with 16 snap bits is the tile-map case,
/// 2^20 reaches the public limit), with snap bits.
fn region_input() -> impl Strategy<Value = (u8, Vec<Vec<Ring>>)> {
    let outlines = prop_oneof![
        2 => random_polygons(),
        2 => squares(),
        3 => tile_cells(),
    ];
    (
        outlines,
        prop_oneof![
            3 => Just((0u8, 1.0f64)),
            3 => Just((16u8, 0.25)),
            1 => Just((4u8, 0.3)),
            1 => Just((0u8, 65536.0)),
            1 => Just((16u8, 131072.0)),
        ],
    )
        .prop_map(|(outlines, (bits, scale))| {
            let scaled = outlines
                .into_iter()
                .map(|o| {
                    o.into_iter()
                        .map(|r| r.into_iter().map(|[x, y]| [x * scale, y * scale]).collect())
                        .collect()
                })
                .collect();
            (bits, scaled)
        })
}

fn triangulate_input(bits: u8, outlines: &[Vec<Ring>]) -> Value {
    json!({"op": "triangulate", "region": {"snapBits": bits, "outlines": outlines}})
}

/// Runs op `triangulate` on both sides; when they agree on a result, checks it with the
/// reference's property checker and the engine's `Triangulation::check()`, and returns
/// the engine's region for further tests.
fn triangulate_agrees_and_is_valid(bits: u8, outlines: &[Vec<Ring>]) -> Option<Region> {
    let outcome = same_outcome(&triangulate_input(bits, outlines));
    outcome.ok()?;
    let engine_outlines: Vec<Outline> = outlines
        .iter()
        .map(|rings| Outline {
            rings: rings.clone(),
        })
        .collect();
    let options = Geometry2DOptions::new(u32::from(bits)).expect("snap bits agreed");
    let region = Region::from_outlines(&engine_outlines, options).expect("engine agreed");
    region
        .triangulate()
        .expect("engine agreed")
        .check()
        .unwrap_or_else(|e| panic!("engine Triangulation::check: {e:?}"));
    let ref_region =
        build2d_reference::region::from_outlines(outlines, bits).expect("reference agreed");
    let tri = build2d_reference::triangulate::triangulate(&ref_region).expect("reference agreed");
    build2d_reference::check::check_triangulation(&ref_region, &tri)
        .unwrap_or_else(|e| panic!("reference check_triangulation: {e}"));
    Some(region)
}

// ---- [L7]: flood windings against the sweep ----------------------------------------

/// [L7] / X16: the flood of `Region::triangulate_with_windings` and the sweep of
/// `build2d::label` give every kept triangle the same winding.
///
/// Design. The region's own ring edges form a noded arrangement ([R3]: rings never
/// cross and touch only at vertices): its vertices are exactly the triangulation's
/// vertices (the sorted distinct ring vertices, [TR2]) and its segments are the ring
/// edges as (min, max) with net = (number of ring edges a→b) − (b→a). It is built
/// directly (no snap rounding, which could move edges) and labelled by the sweep, which
/// gives the winding on the left and on the right of each segment a→b.
///
/// Every ring edge is a triangle edge ([TR1]). A kept triangle with edge (u, v) (counter-
/// clockwise, so the triangle is on the left of u→v) on a ring segment a→b has the
/// sweep's `left` winding when u = a and its `right` winding when u = b; that must equal
/// the flood's winding of the triangle. The side of a ring edge with no kept triangle
/// (neighbour −1) must have sweep winding 0 (outside: the flood kept nothing there).
/// Kept triangles that touch no ring edge are reached from checked ones across non-ring
/// edges, where both the flood and the sweep winding are constant (no region edge is
/// crossed), so equal windings across every such edge complete the comparison for all
/// kept triangles; the test asserts that every kept triangle is covered this way.
fn assert_flood_equals_sweep(region: &Region) {
    let (tri, flood) = region.triangulate_with_windings().expect("triangulate");
    let vertices = tri.vertices.clone();
    let index: HashMap<GridPoint, usize> =
        vertices.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut net: BTreeMap<(usize, usize), i64> = BTreeMap::new();
    for (p, q) in region.edges() {
        let (a, b) = (index[&p], index[&q]);
        let (key, sign) = if a < b { ((a, b), 1) } else { ((b, a), -1) };
        *net.entry(key).or_default() += sign;
    }
    let segments: Vec<Segment> = net
        .iter()
        .filter(|(_, &n)| n != 0)
        .map(|(&(a, b), &n)| Segment {
            a: a as u32,
            b: b as u32,
            net: [n as i32, 0],
        })
        .collect();
    let arrangement = Arrangement {
        vertices: vertices.clone(),
        segments,
    };
    if vertices.is_empty() {
        assert!(tri.triangles.is_empty());
        return;
    }
    arrangement
        .check()
        .expect("the region's edges form a canonical arrangement");
    let sweep = label(&arrangement).expect("sweep labels the region's own edges");
    let by_pair: HashMap<(usize, usize), usize> = arrangement
        .segments
        .iter()
        .enumerate()
        .map(|(k, s)| ((s.a as usize, s.b as usize), k))
        .collect();
    let mut covered = vec![false; tri.triangles.len()];
    let mut sides_seen: BTreeSet<(usize, usize)> = BTreeSet::new();
    for (k, t) in tri.triangles.iter().enumerate() {
        for i in 0..3 {
            let (u, v) = (t[i] as usize, t[(i + 1) % 3] as usize);
            let Some(&s) = by_pair.get(&(u.min(v), u.max(v))) else {
                continue;
            };
            let w = &sweep[s];
            let (inside, outside) = if u < v {
                (w.left[0], w.right[0])
            } else {
                (w.right[0], w.left[0])
            };
            assert_eq!(
                flood[k], inside,
                "triangle {k} {t:?}: flood winding {} but the sweep gives {inside} on its side of edge {u}–{v}",
                flood[k]
            );
            sides_seen.insert((u, v));
            if tri.neighbors[3 * k + i] == -1 {
                assert_eq!(
                    outside, 0,
                    "edge {u}–{v}: no kept triangle beyond it, sweep winding {outside}"
                );
            }
            covered[k] = true;
        }
    }
    // Every ring segment was seen from a kept triangle (it bounds the region: [TR1]).
    for s in &arrangement.segments {
        assert!(
            sides_seen.contains(&(s.a as usize, s.b as usize))
                || sides_seen.contains(&(s.b as usize, s.a as usize)),
            "ring edge {}–{} has no kept triangle",
            s.a,
            s.b
        );
    }
    // Spread across non-ring edges: the winding is the same on both sides.
    let mut queue: Vec<usize> = (0..covered.len()).filter(|&k| covered[k]).collect();
    while let Some(k) = queue.pop() {
        let t = tri.triangles[k];
        for i in 0..3 {
            let (u, v) = (t[i] as usize, t[(i + 1) % 3] as usize);
            let l = tri.neighbors[3 * k + i];
            if l < 0 || by_pair.contains_key(&(u.min(v), u.max(v))) {
                continue;
            }
            let l = l as usize;
            assert_eq!(
                flood[l], flood[k],
                "flood changes across non-ring edge {u}–{v}"
            );
            if !covered[l] {
                covered[l] = true;
                queue.push(l);
            }
        }
    }
    assert!(
        covered.iter().all(|&c| c),
        "a kept triangle is not reached from a ring edge"
    );
    // A region's interior has winding 1 ([R3]).
    assert!(flood.iter().all(|&w| w == 1), "windings {flood:?}");
}

proptest! {
    #![proptest_config(common::proptest_config())]

    /// [D0]–[D8]: random point sets (lattices, circles, ±2^39) without constraints.
    #[test]
    fn cdt_points_match_reference(points in point_set()) {
        let out = cdt_agrees_and_is_valid(&points, &[]);
        prop_assert!(out.is_ok(), "valid input rejected: {out:?}");
    }

    /// [D6]: noded constraints (nearest-neighbour and long segments) force Sloan's flips.
    #[test]
    fn cdt_constraints_match_reference(points in point_set(), picks in picks()) {
        let constraints = noded_constraints(&points, &picks);
        let out = cdt_agrees_and_is_valid(&points, &constraints);
        prop_assert!(out.is_ok(), "noded constraints rejected: {out:?}");
    }

    /// docs/cdt.md §2: unsorted / duplicate points, out-of-range coordinates, bad
    /// constraint indices, constraints through vertices or crossing each other. Both
    /// sides must report the same first error (or agree on a result).
    #[test]
    fn cdt_errors_match_reference(
        raw in prop::collection::vec((-4i64..4, -4i64..4), 0..20),
        sort in any::<bool>(),
        far in prop::option::of((0usize..20, any::<bool>(), prop_oneof![Just(MAX + 1), Just(-MAX - 1), Just(i64::MAX), Just(i64::MIN), Just(MAX)])),
        constraints in prop::collection::vec((0usize..24, 0usize..24), 0..6),
    ) {
        let mut points = raw;
        if sort {
            points.sort_unstable();
        }
        if let Some((i, axis, value)) = far {
            if let Some(p) = points.get_mut(i) {
                if axis { p.0 = value } else { p.1 = value }
            }
        }
        cdt_agrees_and_is_valid(&points, &constraints).ok();
    }

    /// [TR1]–[TR4], X16: random polygons, squares with holes, touching squares and
    /// tile maps given as unit cells, at several scales and snap bits.
    #[test]
    fn triangulate_matches_reference((bits, outlines) in region_input()) {
        triangulate_agrees_and_is_valid(bits, &outlines);
    }

    /// [L7]: the flood's windings equal the sweep's on the same random regions.
    #[test]
    fn flood_windings_equal_sweep_windings((bits, outlines) in region_input()) {
        let engine_outlines: Vec<Outline> = outlines.iter().map(|r| Outline { rings: r.clone() }).collect();
        let options = Geometry2DOptions::new(u32::from(bits)).unwrap();
        if let Ok(region) = Region::from_outlines(&engine_outlines, options) {
            assert_flood_equals_sweep(&region);
        }
    }
}

/// Negative and huge constraint indices: the format carries them, the rule of docs/cdt.md
/// §2 item 3 makes them invalidArgument `constraints` (not a malformed case).
#[test]
fn negative_constraint_index_is_invalid_argument() {
    let input = json!({"op": "cdt", "points": [[0, 0], [0, 1], [1, 0]], "constraints": [[0, -1]]});
    let err = same_outcome(&input).unwrap_err();
    assert_eq!(
        err,
        json!({"kind": "invalidArgument", "argument": "constraints"})
    );
    // Beyond i64 an index is not a JSON integer of the format: malformed in both
    // (docs/specification.md#malformed); the reasons are free text and differ.
    let input =
        json!({"op": "cdt", "points": [[0, 0], [0, 1], [1, 0]], "constraints": [[u64::MAX, 1]]});
    let engine = build2d::case::run_case_json(&input).unwrap_err();
    let reference = build2d_reference::case::run_case(&input).unwrap_err();
    assert_eq!(engine["kind"], "malformed");
    assert_eq!(reference["kind"], "malformed");
}

/// Every full k×k lattice up to 12×12 with and without all unit edges as constraints:
/// the most cocircular inputs, across the 64-point BRIO threshold.
#[test]
fn full_lattices_match_reference() {
    for k in 2..=12i64 {
        let points: Vec<P> = canonical((0..k).flat_map(|x| (0..k).map(move |y| (x, y))).collect());
        assert!(cdt_agrees_and_is_valid(&points, &[]).is_ok());
        let idx = |x: i64, y: i64| (x * k + y) as usize;
        let mut constraints = Vec::new();
        for x in 0..k {
            for y in 0..k {
                if x + 1 < k && (x + y) % 3 == 0 {
                    constraints.push((idx(x, y), idx(x + 1, y)));
                }
                if y + 1 < k && (x * y) % 2 == 0 {
                    constraints.push((idx(x, y), idx(x, y + 1)));
                }
                // A diagonal per cell where no other diagonal of that cell is used.
                if x + 1 < k && y + 1 < k && (x + 2 * y) % 4 == 1 {
                    constraints.push((idx(x, y), idx(x + 1, y + 1)));
                }
            }
        }
        assert!(
            cdt_agrees_and_is_valid(&points, &constraints).is_ok(),
            "k = {k}"
        );
    }
}

/// A knight's-move constraint across a lattice crosses many cocircular edges: Sloan's
/// loop must requeue non-convex quadrilaterals. Long noded constraints on a lattice
/// join points whose difference is primitive (gcd 1), so no lattice point is inside.
#[test]
fn long_lattice_constraints_match_reference() {
    let k = 9i64;
    let points: Vec<P> = canonical((0..k).flat_map(|x| (0..k).map(move |y| (x, y))).collect());
    let idx = |x: i64, y: i64| (x * k + y) as usize;
    for (a, b) in [
        ((0, 0), (8, 7)),
        ((0, 1), (7, 7)),
        ((0, 8), (5, 0)),
        ((1, 0), (8, 3)),
    ] {
        let c = [(idx(a.0, a.1), idx(b.0, b.1))];
        assert!(cdt_agrees_and_is_valid(&points, &c).is_ok());
    }
    // Two disjoint long ones plus a crossing pair (error).
    let two = [(idx(0, 0), idx(8, 7)), (idx(0, 1), idx(7, 7))];
    assert!(cdt_agrees_and_is_valid(&points, &two).is_ok());
    let crossing = [(idx(0, 0), idx(8, 7)), (idx(0, 8), idx(5, 0))];
    assert!(cdt_agrees_and_is_valid(&points, &crossing).is_err());
}

/// The tile-map workloads at a size the reference handles: every walkable cell of
/// noisy-16 and cave-16 as a unit outline, cell 0.25, snapBits 16.
#[test]
fn workload_tile_maps_match_reference() {
    for map in [build2d::workloads::noisy(16), build2d::workloads::cave(16)] {
        let mut outlines = Vec::new();
        for y in 0..map.n {
            for x in 0..map.n {
                if map.cells[y * map.n + x] {
                    let (x, y) = (x as f64 * 0.25, y as f64 * 0.25);
                    outlines.push(vec![rect(x, y, x + 0.25, y + 0.25)]);
                }
            }
        }
        let region = triangulate_agrees_and_is_valid(16, &outlines).expect("valid map");
        assert_flood_equals_sweep(&region);
    }
}

/// The smallest shapes of [TR1]: a square with a hole, touching squares, an L.
#[test]
fn hand_regions_match_reference_and_sweep() {
    let cases: Vec<Vec<Vec<Ring>>> = vec![
        vec![vec![rect(0.0, 0.0, 6.0, 6.0), rect(2.0, 2.0, 4.0, 4.0)]],
        vec![
            vec![rect(0.0, 0.0, 1.0, 1.0)],
            vec![rect(1.0, 1.0, 2.0, 2.0)],
        ],
        vec![vec![vec![
            [0.0, 0.0],
            [4.0, 0.0],
            [4.0, 1.0],
            [1.0, 1.0],
            [1.0, 4.0],
            [0.0, 4.0],
        ]]],
        vec![],
    ];
    for outlines in cases {
        let region = triangulate_agrees_and_is_valid(0, &outlines).expect("valid region");
        assert_flood_equals_sweep(&region);
    }
    assert_same(&triangulate_input(17, &[]));
}

/// Regression (found by the `cdt` fuzz target): a constraint along the right edge of the
/// ±2^39 box crosses edges to the bounding vertex n + 1; the engine's Sloan loop looked
/// the queued edge up in the bounding vertex's fan, which stops at the outer boundary,
/// and reported geometryDefect ("queued edge vanished"). The reference was right.
#[test]
fn constraint_crossing_edges_to_a_bounding_vertex() {
    let points: Vec<P> = vec![
        (-6, -7),
        (-6, -2),
        (-6, 549755813887),
        (-5, -16352),
        (-5, 0),
        (-5, 7),
        (-5, 549755813885),
        (-5, 549755813886),
        (-4, 5),
        (-4, 549755813886),
        (-3, -6),
        (-3, -1),
        (-3, 333203956847),
        (-3, 549755813888),
        (-2, -265612828117),
        (-1, 1),
        (-1, 89509421774),
        (0, -7),
        (0, 1),
        (0, 7),
        (0, 16560),
        (0, 549755813886),
        (0, 549755813888),
        (1, -389303394761),
        (1, -12966),
        (1, -7),
        (2, -1),
        (2, 0),
        (2, 24570),
        (2, 112100316454),
        (2, 549755813887),
        (3, 7),
        (4, -7),
        (4, -5),
        (4, -3),
        (4, 0),
        (4, 4),
        (5, 1),
        (5, 3),
        (6, -183465992129),
        (6, -7),
        (7, 549755813887),
        (7395, 1),
        (8188, -1),
        (13172, 5),
        (15064, -86920126282),
        (20284, 1),
        (21810, -1),
        (237817731593, 10661),
        (324059005544, 549755813886),
        (440634114740, 549755813887),
        (549755813885, 549755813886),
        (549755813886, -2),
        (549755813886, 6),
        (549755813886, 204347950659),
        (549755813886, 313928092055),
        (549755813887, -5),
        (549755813887, 0),
        (549755813887, 3),
        (549755813887, 204044922792),
        (549755813888, -4),
        (549755813888, 3),
        (549755813888, 726),
        (549755813888, 499114878106),
    ];
    assert_eq!(points.len(), 64);
    assert!(cdt_agrees_and_is_valid(&points, &[(63, 59)]).is_ok());
}

// ---- long slivers (issue 15): needles and slits -------------------------------------

/// The needle family of issue 15: outline i the triangle (0, 0.5 i), (1000, 250 − 0.5 i),
/// (1000, 250.01 − 0.5 i); all of them cross near (500, 125), so their union is one
/// ring of about 5n vertices with long edges that cross many Delaunay edges.
fn needles(n: usize) -> Vec<Vec<Ring>> {
    (0..n)
        .map(|i| {
            let h = 0.5 * i as f64;
            vec![vec![[0.0, h], [1000.0, 250.0 - h], [1000.0, 250.01 - h]]]
        })
        .collect()
}

/// Long slits: a box with k slanted slots 1000 long and 0.01 wide (one outline, even-odd).
fn slits(k: usize) -> Vec<Vec<Ring>> {
    let top = 0.05 * k as f64 + 252.0;
    let mut rings = vec![rect(0.0, -1.0, 1000.0, top)];
    for j in 0..k {
        let y = 0.05 * j as f64;
        rings.push(vec![
            [1.0, y],
            [999.0, y + 250.0],
            [999.0, y + 250.01],
            [1.0, y + 0.01],
        ]);
    }
    vec![rings]
}

/// Small needle and slit families (≥ 64 points: BRIO rounds) equal the reference:
/// Sloan's queue requeues many times on them, and its cycle (src/cdt/worklist.rs) must
/// pop, flip and requeue exactly like the plain FIFO.
#[test]
fn needles_and_slits_match_reference() {
    for outlines in [needles(3), needles(14), slits(2), slits(16)] {
        let region = triangulate_agrees_and_is_valid(16, &outlines).expect("valid family");
        assert_flood_equals_sweep(&region);
    }
}

/// A needle family of moderate size (the cliff: seconds per thousand vertices
/// before the work sets): valid, every ring edge an edge, the exact area covered.
#[test]
fn moderate_needle_family_is_valid() {
    let outlines: Vec<Outline> = needles(200)
        .into_iter()
        .map(|rings| Outline { rings })
        .collect();
    let region = Region::from_outlines(&outlines, Geometry2DOptions::new(16).unwrap()).unwrap();
    let (points, constraints) = {
        let mut pts: Vec<GridPoint> = region.rings().iter().flatten().copied().collect();
        pts.sort_unstable();
        pts.dedup();
        let idx = |q: &GridPoint| pts.binary_search(q).unwrap();
        let mut cons: Vec<(usize, usize)> = region
            .edges()
            .map(|(a, b)| (idx(&a).min(idx(&b)), idx(&a).max(idx(&b))))
            .collect();
        cons.sort_unstable();
        cons.dedup();
        (pts, cons)
    };
    assert!(points.len() >= 900, "{} vertices", points.len());
    let cdt = Cdt::new(&points, &constraints).unwrap();
    cdt.check().unwrap();
    let t = region.triangulate().unwrap();
    t.check().unwrap();
    let area: i128 = t
        .triangles
        .iter()
        .map(|tri| {
            let [a, b, c] = tri.map(|v| t.vertices[v as usize]);
            build2d::predicates::orient_det(a, b, c)
        })
        .sum();
    assert_eq!(area, region.area2());
    assert_eq!(
        t.neighbors.iter().filter(|&&n| n == -1).count(),
        region.edges().count()
    );
}
