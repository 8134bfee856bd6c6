//! Reference Mesh2DPipeline.Shrink ([S1]–[S5], [E1]–[E5], X14): rectangles on the
//! interior side of every edge, equal-area arcs at reflex vertices, fed as edges and
//! subtracted from the region (Difference, X1).

use num_bigint::BigInt;
use num_traits::Zero;
use serde_json::json;

use crate::construct;
use crate::error::RefError;
use crate::geom::{Edge, Point, Region};
use crate::offset::{grid_scale, validate_arc_tolerance, MAX_DISTANCE};
use crate::region::{self, Operation};

/// Exact cross product u × v in BigInt.
fn cross(u: [i64; 2], v: [i64; 2]) -> BigInt {
    BigInt::from(u[0]) * BigInt::from(v[1]) - BigInt::from(u[1]) * BigInt::from(v[0])
}

fn difference(a: Point, b: Point) -> [i64; 2] {
    [b.x - a.x, b.y - a.y]
}

fn translate(p: Point, v: [i64; 2]) -> Point {
    Point {
        x: p.x + v[0],
        y: p.y + v[1],
    }
}

/// X3: a negative radius (−∞ included) is an invalid argument; NaN, +∞ or > 2^20 is out
/// of range. Checked in that order, then the arc tolerance.
pub fn validate_radius(radius: f64) -> Result<(), RefError> {
    if radius < 0.0 {
        return Err(RefError::InvalidArgument {
            argument: "radius".to_string(),
            location: None,
        });
    }
    if !radius.is_finite() || radius > MAX_DISTANCE {
        return Err(RefError::OutOfRange {
            location: json!({"kind": "argument", "name": "radius"}),
            value: radius,
        });
    }
    Ok(())
}

/// The indices of the rounded ring vertices strictly inside the sector from N_out
/// counter-clockwise to N_in (X14), in counter-clockwise ring order: the cyclic walk starts
/// at the smallest index k whose vertex is inside while vertex k − 1 is not.
pub fn vertices_inside_sector(ring: &[[i64; 2]], n_out: [i64; 2], n_in: [i64; 2]) -> Vec<usize> {
    let inside: Vec<bool> = ring
        .iter()
        .map(|&w| cross(n_out, w) > BigInt::zero() && cross(w, n_in) > BigInt::zero())
        .collect();
    let m = ring.len();
    let Some(start) = (0..m).find(|&k| inside[k] && !inside[(k + m - 1) % m]) else {
        return Vec::new();
    };
    (0..m)
        .map(|i| (start + i) % m)
        .filter(|&k| inside[k])
        .collect()
}

/// All edges fed to the arrangement for the shrink ([S5], X14): each region edge once as
/// operand "both" (tag 2), each rectangle's far side and its end sides except at reflex
/// vertices (tag 1), and each reflex vertex's arc tip_out, ring vertices, tip_in (tag 1).
/// Validates the radius and the arc tolerance; radius 0 gives the region's edges only.
pub fn shrink_edges(
    region: &Region,
    radius: f64,
    arc_tolerance: f64,
) -> Result<Vec<Edge>, RefError> {
    validate_radius(radius)?;
    validate_arc_tolerance(arc_tolerance)?;
    let mut edges = Vec::new();
    if radius == 0.0 {
        for ring in &region.rings {
            for i in 0..ring.len() {
                edges.push(Edge {
                    from: ring[i],
                    to: ring[(i + 1) % ring.len()],
                    tag: 2,
                });
            }
        }
        return Ok(edges);
    }
    let r = radius * grid_scale(region.snap_bits);
    let tol = construct::tolerance_grid(arc_tolerance, region.snap_bits, r);
    let m = construct::choose_vertex_count(r, tol);
    let ring_offsets = construct::rounded_vertices(&construct::equal_area_ring(r, m))
        .ok_or(RefError::GeometryDefect)?;
    let mut push = |from: Point, to: Point, tag: u8| {
        if from != to {
            edges.push(Edge { from, to, tag });
        }
    };
    for ring in &region.rings {
        let n = ring.len();
        // Reflex test per ring position with the ring's own neighbours (X14).
        let reflex: Vec<bool> = (0..n)
            .map(|i| {
                let (prev, a, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
                cross(difference(prev, a), difference(a, next)) < BigInt::zero()
            })
            .collect();
        let offsets: Vec<[i64; 2]> = (0..n)
            .map(|i| construct::rounded_normal_offset(ring[i], ring[(i + 1) % n], r))
            .collect::<Option<_>>()
            .ok_or(RefError::GeometryDefect)?;
        for i in 0..n {
            let j = (i + 1) % n;
            let (a, b, v) = (ring[i], ring[j], offsets[i]);
            // Rectangle a, b, b + V, a + V; a→b is the region edge, fed as "both".
            push(a, b, 2);
            if !reflex[j] {
                push(b, translate(b, v), 1);
            }
            push(translate(b, v), translate(a, v), 1);
            if !reflex[i] {
                push(translate(a, v), a, 1);
            }
        }
        for i in 0..n {
            if !reflex[i] {
                continue;
            }
            let (prev, a, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            let (d_in, d_out) = (difference(prev, a), difference(a, next));
            let n_in = [-d_in[1], d_in[0]];
            let n_out = [-d_out[1], d_out[0]];
            let mut arc = vec![translate(a, offsets[i])];
            for k in vertices_inside_sector(&ring_offsets, n_out, n_in) {
                arc.push(translate(a, ring_offsets[k]));
            }
            arc.push(translate(a, offsets[(i + n - 1) % n]));
            for pair in arc.windows(2) {
                push(pair[0], pair[1], 1);
            }
        }
    }
    Ok(edges)
}

/// Mesh2DPipeline.Shrink: the region minus the swept pieces (Difference, X1); radius 0
/// returns the region.
pub fn shrink(region: &Region, radius: f64, arc_tolerance: f64) -> Result<Region, RefError> {
    let edges = shrink_edges(region, radius, arc_tolerance)?;
    if radius == 0.0 {
        return Ok(region.clone());
    }
    region::overlay(&edges, Operation::Difference, region.snap_bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    fn count(edges: &[Edge], from: Point, to: Point, tag: u8) -> usize {
        edges
            .iter()
            .filter(|e| e.from == from && e.to == to && e.tag == tag)
            .count()
    }

    /// L shape with one reflex vertex at (6, 6).
    fn l_shape() -> Region {
        Region {
            snap_bits: 0,
            rings: vec![vec![
                p(0, 0),
                p(12, 0),
                p(12, 6),
                p(6, 6),
                p(6, 12),
                p(0, 12),
            ]],
        }
    }

    #[test]
    fn pieces_of_a_unit_square() {
        // Unit square at snap bits 4 (16 grid units), radius 0.125 → r = 2 grid units.
        // No reflex vertex: 4 region edges + 4 × 3 rectangle sides.
        let region = Region {
            snap_bits: 4,
            rings: vec![vec![p(0, 0), p(16, 0), p(16, 16), p(0, 16)]],
        };
        let edges = shrink_edges(&region, 0.125, 0.03).unwrap();
        assert_eq!(edges.len(), 16);
        assert_eq!(count(&edges, p(0, 0), p(16, 0), 2), 1);
        // Bottom edge: inward V = (0, 2); sides b→b+V, b+V→a+V, a+V→a.
        assert_eq!(count(&edges, p(16, 0), p(16, 2), 1), 1);
        assert_eq!(count(&edges, p(16, 2), p(0, 2), 1), 1);
        assert_eq!(count(&edges, p(0, 2), p(0, 0), 1), 1);
        // Right edge (16,0)→(16,16): V = (−2, 0).
        assert_eq!(count(&edges, p(14, 16), p(14, 0), 1), 1);
    }

    #[test]
    fn reflex_vertex_gets_an_arc_and_loses_end_sides() {
        // r = 2, tol 1 → m = 8; the equal-area octagon rounds to (2,1), (1,2), ... and the
        // sector at (6,6) (from −x to −y) holds ring vertices (−2,−1), (−1,−2).
        let edges = shrink_edges(&l_shape(), 2.0, 0.0).unwrap();
        // 6 region edges, 6 far sides, 12 end sides minus the 2 at the reflex vertex, arc 3.
        assert_eq!(edges.len(), 6 + 6 + 10 + 3);
        assert_eq!(count(&edges, p(4, 6), p(4, 5), 1), 1);
        assert_eq!(count(&edges, p(4, 5), p(5, 4), 1), 1);
        assert_eq!(count(&edges, p(5, 4), p(6, 4), 1), 1);
        // Rectangle of (12,6)→(6,6) has V = (0, −2): its end side at (6,6) is left out.
        assert_eq!(count(&edges, p(6, 6), p(6, 4), 1), 0);
        assert_eq!(count(&edges, p(6, 4), p(12, 4), 1), 1);
        assert_eq!(count(&edges, p(12, 4), p(12, 6), 1), 1);
        // Rectangle of (6,6)→(6,12) has V = (−2, 0): end side (4,6)→(6,6) left out.
        assert_eq!(count(&edges, p(4, 6), p(6, 6), 1), 0);
        assert_eq!(count(&edges, p(6, 12), p(4, 12), 1), 1);
        for (from, to) in [(p(12, 6), p(6, 6)), (p(6, 6), p(6, 12))] {
            assert_eq!(count(&edges, from, to, 2), 1);
        }
    }

    #[test]
    fn sector_membership_and_order() {
        let ring = construct::rounded_vertices(&construct::equal_area_ring(2.0, 8)).unwrap();
        // Sector from +x (N_out) to +y (N_in): vertices strictly inside the first quadrant.
        assert_eq!(vertices_inside_sector(&ring, [1, 0], [0, 1]), vec![0, 1]);
        // Sector across the positive x axis, from −y to +x... wraps: (2,−1) is index 7.
        assert_eq!(vertices_inside_sector(&ring, [1, -1], [1, 1]), vec![7, 0]);
        // Rays through a vertex exclude it (strict): from (2,1) direction to (1,2) direction.
        assert_eq!(
            vertices_inside_sector(&ring, [2, 1], [1, 2]),
            Vec::<usize>::new()
        );
    }

    #[test]
    fn radius_validation() {
        let region = l_shape();
        let invalid = RefError::InvalidArgument {
            argument: "radius".into(),
            location: None,
        };
        assert_eq!(shrink_edges(&region, -1.0, 0.0), Err(invalid.clone()));
        assert_eq!(shrink_edges(&region, f64::NEG_INFINITY, 0.0), Err(invalid));
        let out = |value: f64| RefError::OutOfRange {
            location: json!({"kind": "argument", "name": "radius"}),
            value,
        };
        assert_eq!(
            shrink_edges(&region, f64::INFINITY, 0.0),
            Err(out(f64::INFINITY))
        );
        assert_eq!(
            shrink_edges(&region, 1_048_576.5, 0.0),
            Err(out(1_048_576.5))
        );
        assert!(matches!(
            shrink_edges(&region, f64::NAN, 0.0),
            Err(RefError::OutOfRange { .. })
        ));
        assert_eq!(
            shrink_edges(&region, 1.0, -1.0),
            Err(RefError::InvalidArgument {
                argument: "arc_tolerance".into(),
                location: None
            })
        );
        // Radius 0 (and −0.0): the region itself.
        assert_eq!(shrink(&region, 0.0, 0.0), Ok(region.clone()));
        assert_eq!(shrink(&region, -0.0, 0.0), Ok(region.clone()));
    }

    #[test]
    fn shrunk_triangle_is_the_similar_inner_triangle() {
        // A convex polygon has no reflex vertex: the result is the triangle whose sides
        // moved in by d, similar with inradius ρ − d (ρ = 2A/P), area A·((ρ − d)/ρ)².
        // Each side is off by at most |V − v| ≤ √2/2 plus one unit of snap rounding, so
        // the area is within the inner perimeter × 1.71 grid units.
        let outline = vec![vec![vec![[0.0, 0.0], [10.0, 0.0], [3.0, 7.0]]]];
        for snap_bits in [4u8, 10] {
            let region = region::from_outlines(&outline, snap_bits).unwrap();
            let shrunk = shrink(&region, 0.75, 0.05).unwrap();
            let twice: i128 = shrunk
                .rings
                .iter()
                .map(|ring| {
                    (0..ring.len())
                        .map(|i| {
                            let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
                            a.x as i128 * b.y as i128 - b.x as i128 * a.y as i128
                        })
                        .sum::<i128>()
                })
                .sum();
            let unit = (1u64 << snap_bits) as f64;
            let area = twice as f64 / 2.0 / (unit * unit);
            let perimeter = 10.0 + 58f64.sqrt() + 98f64.sqrt();
            let inradius = 70.0 / perimeter;
            let ratio = (inradius - 0.75) / inradius;
            let exact = 35.0 * ratio * ratio;
            let bound = perimeter * ratio * 1.71 / unit;
            assert_eq!(shrunk.rings.len(), 1);
            assert!(
                (area - exact).abs() <= bound,
                "bits {snap_bits}: {area} vs {exact} ± {bound}"
            );
        }
    }

    #[test]
    fn shrunk_l_shape_and_square() {
        // Hand-derived: arms [2,10]×[2,4] and [2,4]×[2,10] plus the part of [4,6]² outside
        // the polygonal arc (4,6), (4,5), (5,4), (6,4); collinear (6,4) dropped ([R4]).
        assert_eq!(
            shrink(&l_shape(), 2.0, 0.0).unwrap().rings,
            vec![vec![
                p(2, 2),
                p(10, 2),
                p(10, 4),
                p(5, 4),
                p(4, 5),
                p(4, 10),
                p(2, 10)
            ]]
        );
        let square = Region {
            snap_bits: 0,
            rings: vec![vec![p(0, 0), p(8, 0), p(8, 8), p(0, 8)]],
        };
        assert_eq!(
            shrink(&square, 2.0, 0.0).unwrap().rings,
            vec![vec![p(2, 2), p(6, 2), p(6, 6), p(2, 6)]]
        );
        assert!(shrink(&square, 4.0, 0.0).unwrap().rings.is_empty());
    }
}

#[cfg(test)]
mod ring_order_tests {
    use crate::construct::{choose_vertex_count, equal_area_ring, rounded_vertices, VERTEX_COUNTS};

    /// Consecutive rounded ring vertices never turn clockwise around the centre, so the
    /// vertices strictly inside a sector form one run of the ring and "counter-clockwise
    /// ring order" is unambiguous. Reports the radii where that fails.
    #[test]
    fn rounded_equal_area_rings_are_angularly_ordered() {
        let mut failures = Vec::new();
        let mut radii: Vec<f64> = (1..=400).map(|i| i as f64 * 0.125).collect();
        radii.extend((0..1000).map(|i| 50.0 + i as f64 * 3.97));
        radii.extend([65536.0, 1e6 + 0.5, 2f64.powi(36)]);
        for r in radii {
            // tol ≥ 1 grid unit always (X12), so m never exceeds its value at tol = 1.
            let largest = choose_vertex_count(r, 1.0);
            for m in VERTEX_COUNTS.into_iter().filter(|&m| m <= largest) {
                let ring = rounded_vertices(&equal_area_ring(r, m)).unwrap();
                // Zero offsets are never inside a sector; a ring of only zeros has no arc.
                let nonzero: Vec<[i64; 2]> = ring.into_iter().filter(|&w| w != [0, 0]).collect();
                if !nonzero.is_empty() && nonzero.len() < m {
                    failures.push((r, m, usize::MAX));
                }
                let n = nonzero.len();
                for k in 0..n {
                    let (u, v) = (nonzero[k], nonzero[(k + 1) % n]);
                    let cross = u[0] as i128 * v[1] as i128 - u[1] as i128 * v[0] as i128;
                    let dot = u[0] as i128 * v[0] as i128 + u[1] as i128 * v[1] as i128;
                    if cross < 0 || (cross == 0 && dot < 0) {
                        failures.push((r, m, k));
                    }
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{:?}",
            &failures[..failures.len().min(20)]
        );
    }
}
