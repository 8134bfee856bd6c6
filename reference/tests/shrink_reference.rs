//! The reference shrink ([S1]–[S5], [E1]–[E5], X14) on its own: the claim of
//! docs/spec/offset.md section 7 that the rounded equal-area ring is weakly angularly
//! ordered (so the inside vertices of a sector are one cyclic run), and shapes with holes
//! and pinched vertices shrinking to valid regions.

use build2d_reference::construct::{
    choose_vertex_count, equal_area_ring, rounded_vertices, VERTEX_COUNTS,
};
use build2d_reference::geom::{Point, Region};
use build2d_reference::region::{check, doubled_area, from_outlines};
use build2d_reference::shrink::{shrink, shrink_edges, vertices_inside_sector};

/// The vertex counts X12 can pick for r with some tol ≥ 1: 8 always; a larger m when the
/// next smaller one misses a tolerance of 1 grid unit.
fn reachable_counts(r: f64) -> Vec<usize> {
    let mut counts = vec![8];
    for pair in VERTEX_COUNTS.windows(2) {
        if choose_vertex_count(r, 1.0) > pair[0] {
            counts.push(pair[1]);
        }
    }
    counts
}

fn radii() -> Vec<f64> {
    let mut radii: Vec<f64> = (1..=64).map(|k| k as f64 / 8.0).collect();
    let mut r = 8.0;
    while r <= 4000.0 {
        radii.push(r);
        radii.push(r * 1.37);
        r *= 1.9;
    }
    radii.extend([4000.0, 65536.0, 1.5e6, 2.0f64.powi(36)]);
    radii
}

fn cross(u: [i64; 2], v: [i64; 2]) -> i128 {
    u[0] as i128 * v[1] as i128 - u[1] as i128 * v[0] as i128
}

#[test]
fn rounded_rings_are_weakly_angularly_ordered() {
    let mut checked = 0;
    for r in radii() {
        for m in reachable_counts(r) {
            let ring = rounded_vertices(&equal_area_ring(r, m)).unwrap();
            if ring.contains(&[0, 0]) {
                // r ≤ 1/2: every vertex rounds to the centre and none is ever inside.
                assert!(ring.iter().all(|w| *w == [0, 0]), "r {r} m {m}");
                continue;
            }
            let mut turn = 0.0;
            for j in 0..m {
                let (u, v) = (ring[j], ring[(j + 1) % m]);
                assert!(cross(u, v) >= 0, "r {r} m {m}: step {j} turns back");
                let dot = u[0] as f64 * v[0] as f64 + u[1] as f64 * v[1] as f64;
                turn += (cross(u, v) as f64).atan2(dot);
            }
            let once = 2.0 * std::f64::consts::PI;
            assert!((turn - once).abs() < 1e-6, "r {r} m {m}: winds {turn}");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn sectors_take_one_cyclic_run() {
    // Right turns between many integer directions: the inside indices are consecutive.
    let directions: Vec<[i64; 2]> = (-6..=6)
        .flat_map(|x| (-6..=6).map(move |y| [x, y]))
        .filter(|d| *d != [0, 0])
        .collect();
    for r in [1.0, 3.0, 17.5, 250.0] {
        for m in reachable_counts(r) {
            let ring = rounded_vertices(&equal_area_ring(r, m)).unwrap();
            for &d_in in &directions {
                for &d_out in &directions {
                    if cross(d_in, d_out) >= 0 {
                        continue;
                    }
                    let normal = |d: [i64; 2]| [-d[1], d[0]];
                    let inside = vertices_inside_sector(&ring, normal(d_out), normal(d_in));
                    for pair in inside.windows(2) {
                        assert_eq!(pair[1], (pair[0] + 1) % m, "r {r} m {m} {d_in:?} {d_out:?}");
                    }
                }
            }
        }
    }
}

fn outlines(rings: &[&[(f64, f64)]]) -> Vec<Vec<Vec<[f64; 2]>>> {
    vec![rings
        .iter()
        .map(|ring| ring.iter().map(|&(x, y)| [x, y]).collect())
        .collect()]
}

#[test]
fn holes_and_pinches_shrink_to_valid_smaller_regions() {
    let shapes = [
        // A square with a square hole.
        outlines(&[
            &[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)],
            &[(3.0, 3.0), (7.0, 3.0), (7.0, 7.0), (3.0, 7.0)],
        ]),
        // Two squares touching at one corner: the ring passes (5, 5) twice.
        outlines(&[
            &[(0.0, 0.0), (5.0, 0.0), (5.0, 5.0), (0.0, 5.0)],
            &[(5.0, 5.0), (10.0, 5.0), (10.0, 10.0), (5.0, 10.0)],
        ]),
        // A comb with diagonal teeth.
        outlines(&[&[
            (0.0, 0.0),
            (12.0, 0.0),
            (12.0, 6.0),
            (10.0, 3.0),
            (8.0, 6.0),
            (6.0, 3.0),
            (4.0, 6.0),
            (2.0, 3.0),
            (0.0, 6.0),
        ]]),
    ];
    for (k, shape) in shapes.iter().enumerate() {
        let region = from_outlines(shape, 4).unwrap();
        for radius in [0.1, 0.5, 0.75, 1.3] {
            let out = shrink(&region, radius, 0.0).unwrap();
            assert_eq!(check(&out), Ok(()), "shape {k} radius {radius}");
            assert!(
                doubled_area(&out) < doubled_area(&region),
                "shape {k} r {radius}"
            );
            // The result lies inside the region.
            let both = build2d_reference::region::intersection(&out, &region).unwrap();
            assert_eq!(
                both, out,
                "shape {k} radius {radius}: result leaves the region"
            );
            let edges = shrink_edges(&region, radius, 0.0).unwrap();
            assert!(edges.iter().any(|e| e.tag == 2));
        }
    }
    // Radius 0 feeds nothing and returns the region.
    let region = Region {
        snap_bits: 0,
        rings: vec![vec![
            Point { x: 0, y: 0 },
            Point { x: 4, y: 0 },
            Point { x: 4, y: 4 },
            Point { x: 0, y: 4 },
        ]],
    };
    assert!(shrink_edges(&region, 0.0, 0.0).unwrap().is_empty());
    assert_eq!(shrink(&region, 0.0, 0.0).unwrap(), region);
}
