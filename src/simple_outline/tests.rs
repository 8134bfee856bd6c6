//! The fast path against the general path (`overlay` with `EvenOdd`), which defines the
//! result (X2).

use super::*;
use crate::grid::{snap, Geometry2DOptions};
use crate::region::Outline;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::Cell;

fn p(x: i64, y: i64) -> GridPoint {
    GridPoint::new(x, y)
}

fn points(coords: &[(i64, i64)]) -> Vec<GridPoint> {
    coords.iter().map(|&(x, y)| p(x, y)).collect()
}

/// The general path: the ring's edges through the arrangement, label and tracer.
fn general(ring: &[GridPoint], snap_bits: u8) -> Region {
    resolve_outline_in_general(&[ring.to_vec()], snap_bits).unwrap()
}

/// `Region::from_outlines` of one outline with one ring given in grid units (snap bits 0,
/// so the f64 values are the grid points).
fn from_outlines(ring: &[GridPoint]) -> Region {
    let outline = Outline {
        rings: vec![ring.iter().map(|q| [q.x as f64, q.y as f64]).collect()],
    };
    Region::from_outlines(&[outline], Geometry2DOptions { snap_bits: 0 }).unwrap()
}

fn shoelace(ring: &[GridPoint]) -> i128 {
    ring.iter()
        .zip(ring.iter().cycle().skip(1))
        .map(|(a, b)| i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y))
        .sum()
}

#[test]
fn star_polygon_takes_the_fast_path_in_any_start_and_direction() {
    // Eight points, counter-clockwise by angle; no vertex within a pixel of another edge.
    let star = points(&[
        (10, 0),
        (3, 3),
        (0, 10),
        (-3, 3),
        (-10, 0),
        (-3, -3),
        (0, -10),
        (3, -3),
    ]);
    let fast = resolve_simple_ring(&star, 0).expect("fast path");
    // Derived by hand: counter-clockwise, starting at the smallest point (-10, 0) whose
    // outgoing edge goes to (-3, -3) ([R6]).
    let expected = points(&[
        (-10, 0),
        (-3, -3),
        (0, -10),
        (3, -3),
        (10, 0),
        (3, 3),
        (0, 10),
        (-3, 3),
    ]);
    assert_eq!(fast.rings(), &[expected]);
    assert_eq!(fast, general(&star, 0));
    assert_eq!(fast, from_outlines(&star));
    fast.check().unwrap();
    let mut turned = star.clone();
    turned.rotate_left(3);
    turned.reverse();
    assert_eq!(resolve_simple_ring(&turned, 0), Some(fast));
}

#[test]
fn vertex_in_another_edges_pixel_takes_the_general_path() {
    // Edge (0,0)→(40,1) passes y = 1/2 at x = 20, the lower (closed) side of the pixel
    // of vertex (20,1): [A3] reroutes it through (20,1), so the edges are not noded.
    let ring = points(&[(0, 0), (40, 1), (40, 40), (20, 1)]);
    assert!(segment_meets_pixel(ring[0], ring[1], ring[3]));
    assert_eq!(resolve_simple_ring(&ring, 0), None);
    let region = general(&ring, 0);
    assert_eq!(region, from_outlines(&ring));
    // The reroute changes the area: the direct polygon would be wrong here.
    assert_ne!(region.area2(), shoelace(&ring).abs());
    // Moved one unit down the vertex is out of the pixel and the fast path applies.
    let clear = points(&[(0, 0), (40, 1), (40, 40), (20, 2)]);
    let fast = resolve_simple_ring(&clear, 0).expect("fast path");
    assert_eq!(fast, general(&clear, 0));
    assert_eq!(fast.area2(), shoelace(&clear).abs());
}

#[test]
fn bow_tie_takes_the_general_path() {
    let bow_tie = points(&[(0, 0), (10, 10), (10, 0), (0, 10)]);
    assert_eq!(resolve_simple_ring(&bow_tie, 0), None);
    let region = general(&bow_tie, 0);
    assert_eq!(region, from_outlines(&bow_tie));
    // Two triangles meeting at the crossing (5, 5).
    assert_eq!(region.rings().len(), 2);
    assert_eq!(region.area2(), 2 * 50);
}

#[test]
fn collinear_and_duplicate_points_are_dropped() {
    // Collinear degree-2 vertices (5,0), (10,5), (5,10) go ([R4]); duplicates, including
    // the last point repeating the first, are zero-length edges ([A1]).
    let ring = points(&[
        (0, 0),
        (0, 0),
        (5, 0),
        (10, 0),
        (10, 5),
        (10, 5),
        (10, 10),
        (5, 10),
        (0, 10),
        (0, 0),
    ]);
    let fast = resolve_simple_ring(&ring, 0).expect("fast path");
    assert_eq!(
        fast.rings(),
        &[points(&[(0, 0), (10, 0), (10, 10), (0, 10)])]
    );
    assert_eq!(fast, general(&ring, 0));
    assert_eq!(fast, from_outlines(&ring));
}

#[test]
fn spikes_collapsed_rings_and_long_rings_take_the_general_path() {
    // A spike back along an edge puts (10,5) inside (10,0)–(10,10).
    let spike = points(&[(0, 0), (10, 0), (10, 10), (10, 5), (10, 10), (0, 10)]);
    assert_eq!(resolve_simple_ring(&spike, 0), None);
    assert_eq!(general(&spike, 0), from_outlines(&spike));
    // All points on one line, and rings of fewer than 3 distinct points.
    for ring in [
        points(&[(0, 0), (5, 0), (10, 0)]),
        points(&[(0, 0), (5, 5), (0, 0)]),
        points(&[(1, 1), (1, 1), (1, 1)]),
    ] {
        assert_eq!(resolve_simple_ring(&ring, 0), None);
        assert!(general(&ring, 0).is_empty());
        assert!(from_outlines(&ring).is_empty());
    }
    // Points on a circle of radius 10^6 (rounded, so the polygon stays simple and every
    // vertex is thousands of units from the other edges): 1100 points are too many for
    // the fast path; 200 of them qualify and the general path gives the same ring.
    let circle = |n: usize| -> Vec<GridPoint> {
        (0..n)
            .map(|i| {
                let angle = std::f64::consts::TAU * i as f64 / n as f64;
                p(
                    (1e6 * angle.cos()).round() as i64,
                    (1e6 * angle.sin()).round() as i64,
                )
            })
            .collect()
    };
    let long = circle(MAX_FAST_PATH_VERTICES + 76);
    assert_eq!(resolve_simple_ring(&long, 0), None);
    let short = circle(200);
    let fast = resolve_simple_ring(&short, 0).expect("fast path");
    assert_eq!(fast, general(&short, 0));
    assert_eq!(fast.rings()[0].len(), 200);
}

// ---- random rings ---------------------------------------------------------------

/// A random ring in public coordinates with its snap bits.
#[derive(Debug, Clone)]
struct RandomRing {
    bits: u8,
    points: Vec<[f64; 2]>,
}

/// A star-shaped polygon around (cx, cy): n points at increasing angles with radii in
/// [0.05, r]; at small snap bits and radii it collapses or pinches.
fn star() -> impl Strategy<Value = Vec<[f64; 2]>> {
    (
        -4.0f64..4.0,
        -4.0f64..4.0,
        0.2f64..12.0,
        prop::collection::vec((0.0f64..1.0, 0.05f64..1.0), 3..20),
    )
        .prop_map(|(cx, cy, r, spokes)| {
            let n = spokes.len() as f64;
            spokes
                .iter()
                .enumerate()
                .map(|(i, &(jitter, radius))| {
                    let angle = std::f64::consts::TAU * (i as f64 + 0.9 * jitter) / n;
                    [cx + r * radius * angle.cos(), cy + r * radius * angle.sin()]
                })
                .collect()
        })
}

/// Points of a small lattice in quarter units, often self-intersecting.
fn lattice_ring() -> impl Strategy<Value = Vec<[f64; 2]>> {
    prop::collection::vec((-12i32..=12, -12i32..=12), 3..9).prop_map(|pts| {
        pts.into_iter()
            .map(|(x, y)| [f64::from(x) / 4.0, f64::from(y) / 4.0])
            .collect()
    })
}

/// An edit that makes the hard cases: a duplicate point, an exact midpoint (collinear
/// run), a spike out and back, a point moved near a pixel boundary of `bits`.
#[derive(Debug, Clone)]
enum Edit {
    Duplicate(prop::sample::Index),
    Midpoint(prop::sample::Index),
    Spike(prop::sample::Index, [f64; 2]),
    NearBoundary(prop::sample::Index, bool, f64),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<prop::sample::Index>().prop_map(Edit::Duplicate),
        any::<prop::sample::Index>().prop_map(Edit::Midpoint),
        (any::<prop::sample::Index>(), (-3.0f64..3.0, -3.0f64..3.0))
            .prop_map(|(i, (dx, dy))| Edit::Spike(i, [dx, dy])),
        (
            any::<prop::sample::Index>(),
            any::<bool>(),
            prop::sample::select(vec![0.5, 0.5 - 1e-9, -0.5, -0.5 + 1e-9, 0.25])
        )
            .prop_map(|(i, axis, t)| Edit::NearBoundary(i, axis, t)),
    ]
}

fn apply(points: &mut Vec<[f64; 2]>, edit: &Edit, bits: u8) {
    let unit = 1.0 / f64::from(1u32 << bits);
    match edit {
        Edit::Duplicate(i) => {
            let k = i.index(points.len());
            points.insert(k, points[k]);
        }
        Edit::Midpoint(i) => {
            let k = i.index(points.len());
            let (a, b) = (points[k], points[(k + 1) % points.len()]);
            points.insert(k + 1, [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]);
        }
        Edit::Spike(i, d) => {
            let k = i.index(points.len());
            let a = points[k];
            points.splice(k + 1..k + 1, [[a[0] + d[0], a[1] + d[1]], a]);
        }
        Edit::NearBoundary(i, axis, t) => {
            let k = i.index(points.len());
            let c = usize::from(*axis);
            // Onto the grid, then a fraction t of a unit off it (t = ±1/2: a snap tie).
            points[k][c] = (points[k][c] / unit).round() * unit + t * unit;
        }
    }
}

fn random_ring() -> impl Strategy<Value = RandomRing> {
    (
        0u8..=4,
        prop_oneof![3 => star(), 1 => lattice_ring()],
        prop::collection::vec(edit(), 0..3),
    )
        .prop_map(|(bits, mut points, edits)| {
            for e in &edits {
                apply(&mut points, e, bits);
            }
            RandomRing { bits, points }
        })
}

/// Whenever the fast path applies it equals the general path exactly; it must apply in
/// a good share of the cases and decline in a good share (both paths are exercised).
#[test]
fn fast_path_equals_general_path_on_random_rings() {
    let taken = Cell::new(0usize);
    let declined = Cell::new(0usize);
    let mut runner = TestRunner::new(ProptestConfig::default());
    runner
        .run(&random_ring(), |case| {
            let ring: Vec<GridPoint> = case
                .points
                .iter()
                .map(|q| p(snap(q[0], case.bits), snap(q[1], case.bits)))
                .collect();
            let want = general(&ring, case.bits);
            match resolve_simple_ring(&ring, case.bits) {
                Some(fast) => {
                    taken.set(taken.get() + 1);
                    prop_assert_eq!(&fast, &want);
                    prop_assert!(fast.check().is_ok());
                }
                None => declined.set(declined.get() + 1),
            }
            let outline = Outline {
                rings: vec![case.points.clone()],
            };
            let options = Geometry2DOptions {
                snap_bits: case.bits,
            };
            prop_assert_eq!(Region::from_outlines(&[outline], options).unwrap(), want);
            Ok(())
        })
        .unwrap();
    let (taken, declined) = (taken.get(), declined.get());
    let total = taken + declined;
    eprintln!("fast path taken in {taken} of {total} random rings");
    assert!(
        5 * taken >= total && 10 * declined >= total,
        "fast path taken {taken} of {total}"
    );
}
