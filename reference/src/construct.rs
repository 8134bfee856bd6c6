//! The f64 constructions of offsets and shrink ([G3], [O2]–[O5], [E1]–[E5]; X11–X14).
//!
//! Every f64 expression is written in the order the open points give it; Rust never fuses
//! multiply-add on its own. Rounding to the grid is done on the exact rational value of the
//! f64 (a different method than the engine's `round_ties_even`, so the two check each other).

use crate::grid::exact_rational;
use crate::mutation::{self, Mutation};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use crate::geom::Point;

/// Round half to even of an exact rational.
pub fn round_half_even_rational(value: &BigRational) -> BigInt {
    let floor = value.floor().to_integer();
    let fraction = value - BigRational::from_integer(floor.clone());
    let half = BigRational::new(BigInt::one(), BigInt::from(2u8));
    if fraction < half {
        floor
    } else if fraction > half || floor.is_odd() || mutation::active(Mutation::X11HalfUp) {
        floor + BigInt::one()
    } else {
        floor
    }
}

/// round_half_even of a finite f64 whose rounded value fits an i64 (`None` otherwise).
pub fn round_half_even(v: f64) -> Option<i64> {
    round_half_even_rational(&exact_rational(v)?).to_i64()
}

/// Unit left normal of a→b (X11): dx, dy in f64, len = sqrt(dx·dx + dy·dy),
/// n = (−dy / len, dx / len).
pub fn unit_left_normal(a: Point, b: Point) -> [f64; 2] {
    let dx = (b.x - a.x) as f64;
    let dy = (b.y - a.y) as f64;
    let len = (dx * dx + dy * dy).sqrt();
    [-dy / len, dx / len]
}

/// The f64 offset vector v = (r·n.x, r·n.y) of edge a→b (X11).
pub fn normal_offset(a: Point, b: Point, r: f64) -> [f64; 2] {
    let n = unit_left_normal(a, b);
    [r * n[0], r * n[1]]
}

/// The rounded offset vector V of X11, as an integer vector.
pub fn rounded_normal_offset(a: Point, b: Point, r: f64) -> Option<[i64; 2]> {
    let v = normal_offset(a, b, r);
    Some([round_half_even(v[0])?, round_half_even(v[1])?])
}

/// Number of entries of the half-angle table: steps π/2 (4-gon) down to π/256 (512-gon).
pub const HALF_ANGLE_ENTRIES: usize = 8;

/// Half-angle table of X12: entry k is (cos, sin) of the step of the (4·2^k)-gon, i.e. of
/// the angle π/(2·2^k). Entry 0 is (0, 1); c' = sqrt((1 + c) / 2), s' = s / (2 · c').
pub fn half_angle_table() -> [(f64, f64); HALF_ANGLE_ENTRIES] {
    let mut table = [(0.0f64, 1.0f64); HALF_ANGLE_ENTRIES];
    for k in 1..HALF_ANGLE_ENTRIES {
        let (c, s) = table[k - 1];
        let c_half = ((1.0 + c) / 2.0).sqrt();
        let s_half = s / (2.0 * c_half);
        table[k] = (c_half, s_half);
    }
    table
}

/// (cos, sin) of the step of the n-gon, n a power of two in 4..=512.
fn polygon_step(n: usize) -> (f64, f64) {
    let k = (n / 4).trailing_zeros() as usize;
    half_angle_table()[k]
}

/// (cos(π/m), sin(π/m)): the 2m-gon's step.
pub fn half_step(m: usize) -> (f64, f64) {
    polygon_step(2 * m)
}

/// (cos(2π/m), sin(2π/m)): the m-gon's step.
pub fn full_step(m: usize) -> (f64, f64) {
    polygon_step(m)
}

/// The allowed polygons' vertex counts, in the order m is searched ([O3]).
pub const VERTEX_COUNTS: [usize; 6] = [8, 16, 32, 64, 128, 256];

/// tol in grid units (X12): arcTolerance × 2^SnapBits when that is ≥ 1, else max(1, r/128).
pub fn tolerance_grid(arc_tolerance: f64, snap_bits: u8, r: f64) -> f64 {
    let scaled = arc_tolerance * (1u64 << snap_bits) as f64;
    if scaled >= 1.0 && !mutation::active(Mutation::X12ToleranceFloor) {
        scaled
    } else {
        f64::max(1.0, r / 128.0)
    }
}

/// m: the least of 8..256 with r / cos(π/m) − r ≤ tol, else 256 ([O3], X12).
pub fn choose_vertex_count(r: f64, tol: f64) -> usize {
    for m in VERTEX_COUNTS {
        if m == 8 && mutation::active(Mutation::O3TableFrom16) {
            continue;
        }
        let (cos_half, _) = half_step(m);
        if mutation::active(Mutation::X12StrictThreshold) && r / cos_half - r >= tol {
            continue;
        }
        if r / cos_half - r <= tol {
            return m;
        }
    }
    if mutation::active(Mutation::O3Fallback128) {
        return 128;
    }
    256
}

/// h = r · (sin(π/m) / cos(π/m)), the tangent offset of vertex 0 (X12).
pub fn tangent_offset(r: f64, m: usize) -> f64 {
    let (c, s) = half_step(m);
    r * (s / c)
}

/// The circumscribed m-gon's f64 vertices around the origin: vertex 0 is (r, h), vertex
/// k + 1 is vertex k rotated by the m-gon step ([O2], [O4], X12).
pub fn circumscribed_polygon(r: f64, m: usize) -> Vec<[f64; 2]> {
    let (c, mut s) = full_step(m);
    let mut vertices = Vec::with_capacity(m);
    let mut vertex = [r, tangent_offset(r, m)];
    if mutation::active(Mutation::O4RotateClockwise) {
        (s, vertex[1]) = (-s, -vertex[1]);
    }
    for _ in 0..m {
        vertices.push(vertex);
        let [x, y] = vertex;
        vertex = [x * c - y * s, x * s + y * c];
    }
    vertices
}

/// First-quadrant vertices of the equal-area ring for a given λ (X14): w0 = (r, λh),
/// w1..w(q−2) = λ · circumscribed vertices 1..q−2, w(q−1) = (λh, r).
pub fn equal_area_quadrant(r: f64, m: usize, lambda: f64) -> Vec<[f64; 2]> {
    let q = m / 4;
    let h = tangent_offset(r, m);
    let circumscribed = circumscribed_polygon(r, m);
    let mut quadrant = Vec::with_capacity(q);
    quadrant.push([r, lambda * h]);
    for vertex in &circumscribed[1..q - 1] {
        quadrant.push([lambda * vertex[0], lambda * vertex[1]]);
    }
    quadrant.push([lambda * h, r]);
    quadrant
}

/// The area of (0,0), (r,0), w0…w(q−1), (0,r) by the shoelace sum in the order of X14.
pub fn equal_area_quadrant_area(r: f64, quadrant: &[[f64; 2]]) -> f64 {
    let mut closed = Vec::with_capacity(quadrant.len() + 3);
    closed.push([0.0, 0.0]);
    closed.push([r, 0.0]);
    closed.extend_from_slice(quadrant);
    closed.push([0.0, r]);
    let mut s = 0.0;
    for i in 0..closed.len() {
        let [x0, y0] = closed[i];
        let [x1, y1] = closed[(i + 1) % closed.len()];
        s += x0 * y1 - x1 * y0;
    }
    s / 2.0
}

/// The quarter disc's area π·r·r/4, left to right (X14).
pub fn quarter_disc_area(r: f64) -> f64 {
    std::f64::consts::PI * r * r / 4.0
}

/// Number of bisection steps for λ ([E4]).
pub const BISECTION_STEPS: usize = 60;

/// λ of [E4]: 60 bisection steps on [0, 1], keep [mid, hi] when the area is below the
/// target, else [lo, mid]; the result is hi.
pub fn equal_area_lambda(r: f64, m: usize) -> f64 {
    let target = quarter_disc_area(r);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..BISECTION_STEPS {
        let mid = (lo + hi) / 2.0;
        let area = equal_area_quadrant_area(r, &equal_area_quadrant(r, m, mid));
        if area < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

/// The whole equal-area ring ([E5]): vertex j ≥ q is vertex j − q mapped (x, y) → (−y, x).
pub fn equal_area_ring(r: f64, m: usize) -> Vec<[f64; 2]> {
    let lambda = equal_area_lambda(r, m);
    let mut ring = equal_area_quadrant(r, m, lambda);
    let q = ring.len();
    for j in q..m {
        let [x, y] = ring[j - q];
        ring.push([-y, x]);
    }
    ring
}

/// Rounds f64 polygon vertices to integer offsets (X11), `None` if one is non-finite.
pub fn rounded_vertices(vertices: &[[f64; 2]]) -> Option<Vec<[i64; 2]>> {
    vertices
        .iter()
        .map(|v| Some([round_half_even(v[0])?, round_half_even(v[1])?]))
        .collect()
}

/// Square join half-side max(1, round_half_even(r)) (X13). `None` for a non-finite r.
pub fn square_half_side(r: f64) -> Option<i64> {
    Some(round_half_even(r)?.max(1))
}

/// Orientation sign of (a, b, c) in BigInt: +1 counter-clockwise.
pub fn orientation(a: Point, b: Point, c: Point) -> i32 {
    let big = |v: i64| BigInt::from(v);
    let det = (big(b.x) - big(a.x)) * (big(c.y) - big(a.y))
        - (big(b.y) - big(a.y)) * (big(c.x) - big(a.x));
    if det.is_zero() {
        0
    } else if det > BigInt::zero() {
        1
    } else {
        -1
    }
}

/// Exact strictly convex hull, counter-clockwise, by gift wrapping (collinear points
/// dropped), starting at the smallest point in (x, y) order. Fewer than 3 hull points are
/// returned as they are (degenerate input).
pub fn convex_hull(points: &[Point]) -> Vec<Point> {
    let mut distinct: Vec<Point> = points.to_vec();
    distinct.sort();
    distinct.dedup();
    if distinct.len() < 3 {
        return distinct;
    }
    let start = distinct[0];
    let squared_distance = |a: Point, b: Point| {
        let dx = BigInt::from(b.x) - BigInt::from(a.x);
        let dy = BigInt::from(b.y) - BigInt::from(a.y);
        &dx * &dx + &dy * &dy
    };
    let mut hull = vec![start];
    let mut current = start;
    // Each step picks the candidate with every other point on its left or on the segment.
    for _ in 0..=distinct.len() {
        let mut next = if distinct[0] == current {
            distinct[1]
        } else {
            distinct[0]
        };
        for &candidate in &distinct {
            if candidate == current {
                continue;
            }
            let turn = orientation(current, next, candidate);
            if turn < 0
                || (turn == 0
                    && squared_distance(current, candidate) > squared_distance(current, next))
            {
                next = candidate;
            }
        }
        if next == start {
            break;
        }
        hull.push(next);
        current = next;
    }
    if hull.len() < 3 {
        // All points collinear: the hull is the segment between the extremes.
        return vec![distinct[0], distinct[distinct.len() - 1]];
    }
    hull
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    #[test]
    fn round_half_even_matches_the_float_method() {
        let mut values = vec![
            0.5,
            1.5,
            2.5,
            -0.5,
            -1.5,
            -2.5,
            0.49999999999999994,
            4503599627370495.5,
            4503599627370497.0,
            -0.0,
            1e-300,
            3.0,
            -7.25,
            123456.75,
            2.0f64.powi(40) + 0.5,
            // Exponent above 0: the mantissa times a power of two.
            2.0f64.powi(60),
            -3.0 * 2.0f64.powi(53),
        ];
        // A deterministic spread of values with many fraction patterns.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let magnitude = (x % 40) as i32;
            let unit = (x >> 11) as f64 / (1u64 << 53) as f64;
            values.push((unit - 0.5) * 2.0f64.powi(magnitude));
            values.push(((x >> 20) % 4096) as f64 / 4.0 - 512.0);
        }
        for v in values {
            assert_eq!(round_half_even(v), Some(v.round_ties_even() as i64), "{v}");
        }
        assert_eq!(round_half_even(f64::NAN), None);
        assert_eq!(round_half_even(f64::INFINITY), None);
    }

    #[test]
    fn half_angle_table_matches_trigonometry() {
        let table = half_angle_table();
        for (k, &(c, s)) in table.iter().enumerate() {
            let angle = std::f64::consts::PI / (2u64 << k) as f64;
            assert!((c - angle.cos()).abs() < 1e-15, "cos entry {k}");
            assert!((s - angle.sin()).abs() < 1e-15, "sin entry {k}");
        }
        assert_eq!(table[0], (0.0, 1.0));
        // cos(π/4) = sqrt(1/2) exactly as computed by one halving.
        assert_eq!(table[1].0, 0.5f64.sqrt());
    }

    #[test]
    fn vertex_count_table() {
        // Hand values of 1/cos(π/m) − 1: m=8 0.0824, 16 0.0196, 32 0.00484,
        // 64 0.00121, 128 0.000301, 256 0.0000753.
        assert_eq!(choose_vertex_count(10.0, 1.0), 8); // 0.82 ≤ 1
        assert_eq!(choose_vertex_count(100.0, 1.0), 32); // 8.2, 1.96 > 1; 0.48 ≤ 1
        assert_eq!(choose_vertex_count(100.0, 2.0), 16); // 1.96 ≤ 2
        assert_eq!(choose_vertex_count(1000.0, 2.0), 64); // 4.8 > 2; 1.21 ≤ 2
        assert_eq!(choose_vertex_count(1000.0, 1.0), 128); // 1.21 > 1; 0.30 ≤ 1
        assert_eq!(choose_vertex_count(10000.0, 1.0), 256); // 3.0 > 1; 0.75 ≤ 1
        assert_eq!(choose_vertex_count(1e6, 1.0), 256); // 75 > 1: capped
                                                        // tol from the arc tolerance: below one grid unit falls back to max(1, r/128).
        assert_eq!(tolerance_grid(0.25, 0, 100.0), 1.0);
        assert_eq!(tolerance_grid(0.25, 2, 100.0), 1.0);
        assert_eq!(tolerance_grid(0.5, 3, 100.0), 4.0);
        assert_eq!(tolerance_grid(0.0, 16, 1280.0), 10.0);
        // r/128 relative tolerance 0.0078 lies between m=16 (0.0196) and m=32 (0.0048).
        assert_eq!(choose_vertex_count(1e5, tolerance_grid(0.0, 0, 1e5)), 32);
    }

    #[test]
    fn circumscribed_polygon_is_outside_the_circle_and_within_tolerance() {
        for &r in &[
            1.0,
            2.0,
            7.5,
            100.0,
            12345.678,
            65536.0 * 3.0,
            2.0f64.powi(36),
        ] {
            for m in VERTEX_COUNTS {
                let vertices = circumscribed_polygon(r, m);
                let expected = r / (std::f64::consts::PI / m as f64).cos();
                for (k, v) in vertices.iter().enumerate() {
                    let radius = v[0].hypot(v[1]);
                    assert!(
                        (radius - expected).abs() <= expected * 1e-12,
                        "r {r} m {m} k {k}"
                    );
                    let angle = v[1].atan2(v[0]).rem_euclid(2.0 * std::f64::consts::PI);
                    let want = (2 * k + 1) as f64 * std::f64::consts::PI / m as f64;
                    assert!((angle - want).abs() < 1e-9, "angle r {r} m {m} k {k}");
                    // Edge midpoints touch the circle: the polygon never lies inside it.
                    let w = vertices[(k + 1) % m];
                    let mid = ((v[0] + w[0]) / 2.0).hypot((v[1] + w[1]) / 2.0);
                    assert!((mid - r).abs() <= r * 1e-12, "tangent r {r} m {m} k {k}");
                }
                let tol = tolerance_grid(0.0, 0, r);
                let chosen = choose_vertex_count(r, tol);
                if chosen == m && m < 256 {
                    assert!(expected - r <= tol * (1.0 + 1e-12));
                }
            }
        }
    }

    /// The exact area of the quadrant polygon in rationals, as an independent check.
    fn exact_quadrant_area(r: f64, quadrant: &[[f64; 2]]) -> f64 {
        let mut closed = vec![[0.0, 0.0], [r, 0.0]];
        closed.extend_from_slice(quadrant);
        closed.push([0.0, r]);
        let mut twice = BigRational::zero();
        for i in 0..closed.len() {
            let a = closed[i];
            let b = closed[(i + 1) % closed.len()];
            let q = |v: f64| exact_rational(v).unwrap();
            twice = twice + q(a[0]) * q(b[1]) - q(b[0]) * q(a[1]);
        }
        let area = twice / BigRational::from_integer(BigInt::from(2));
        area.numer().to_f64().unwrap() / area.denom().to_f64().unwrap()
    }

    #[test]
    fn lambda_solves_the_quarter_area_equation() {
        for &r in &[1.0, 2.0, 3.7, 100.0, 65536.0, 2.0f64.powi(36)] {
            for m in VERTEX_COUNTS {
                let lambda = equal_area_lambda(r, m);
                assert!(lambda > 0.0 && lambda <= 1.0);
                let target = std::f64::consts::PI * r * r / 4.0;
                let area = exact_quadrant_area(r, &equal_area_quadrant(r, m, lambda));
                assert!(
                    (area - target).abs() <= target * 1e-12,
                    "r {r} m {m}: {area} vs {target}"
                );
                // The bisection keeps the area below the target just under λ.
                let below = equal_area_quadrant_area(r, &equal_area_quadrant(r, m, lambda - 1e-9));
                assert!(below < target);
                // [E4] moves hi to every midpoint whose f64 area is not below the target,
                // so λ's own f64 area is never below it.
                let own = equal_area_quadrant_area(r, &equal_area_quadrant(r, m, lambda));
                assert!(own >= quarter_disc_area(r), "r {r} m {m}");
            }
        }
        // A midpoint whose f64 area equals the target exactly is kept as hi (the area is
        // not below the target): for m = 8 and 32 the bisection meets one and ends on one.
        for m in [8, 32] {
            let lambda = equal_area_lambda(1.0, m);
            let own = equal_area_quadrant_area(1.0, &equal_area_quadrant(1.0, m, lambda));
            assert_eq!(own, quarter_disc_area(1.0), "m {m}");
        }
        // m = 8 in closed form: r² − (r − λh)²/2 = πr²/4, so λh = r(1 − sqrt(2 − π/2)).
        let lambda = equal_area_lambda(1.0, 8);
        let closed_form =
            (1.0 - (2.0 - std::f64::consts::FRAC_PI_2).sqrt()) / (std::f64::consts::PI / 8.0).tan();
        assert!(
            (lambda - closed_form).abs() < 1e-12,
            "{lambda} vs {closed_form}"
        );
    }

    #[test]
    fn equal_area_ring_has_quadrant_symmetry_and_axis_tangents() {
        for m in VERTEX_COUNTS {
            let r = 37.25;
            let ring = equal_area_ring(r, m);
            assert_eq!(ring.len(), m);
            let q = m / 4;
            assert_eq!(ring[0][0], r);
            assert_eq!(ring[q - 1][1], r);
            for j in q..m {
                assert_eq!(ring[j], [-ring[j - q][1], ring[j - q][0]]);
            }
        }
    }

    #[test]
    fn radius_two_octagon_rounds_to_the_hand_values() {
        // h = 2·tan(22.5°) = 0.83 rounds to 1; λh = 2 − sqrt(2(4 − π)) = 0.69 rounds to 1.
        let expected = vec![
            [2, 1],
            [1, 2],
            [-1, 2],
            [-2, 1],
            [-2, -1],
            [-1, -2],
            [1, -2],
            [2, -1],
        ];
        assert_eq!(
            rounded_vertices(&circumscribed_polygon(2.0, 8)).unwrap(),
            expected
        );
        assert_eq!(
            rounded_vertices(&equal_area_ring(2.0, 8)).unwrap(),
            expected
        );
    }

    #[test]
    fn normals_and_rounded_offsets() {
        assert_eq!(unit_left_normal(p(0, 0), p(4, 0)), [-0.0, 1.0]);
        assert_eq!(rounded_normal_offset(p(0, 0), p(0, 5), 3.0), Some([-3, 0]));
        // (3, 4)/5 · 2.5 = (1.5, 2) exactly: −2 and 1.5 → 2 (tie to even).
        assert_eq!(rounded_normal_offset(p(0, 0), p(4, -3), 2.5), Some([2, 2]));
        assert_eq!(square_half_side(0.3), Some(1));
        assert_eq!(square_half_side(2.5), Some(2));
        assert_eq!(square_half_side(3.5), Some(4));
    }

    #[test]
    fn hull_of_three_points_or_fewer() {
        // Fewer than 3 distinct points come back sorted and deduplicated.
        assert_eq!(convex_hull(&[p(2, 0), p(2, 0)]), vec![p(2, 0)]);
        assert_eq!(convex_hull(&[p(2, 0), p(0, 1)]), vec![p(0, 1), p(2, 0)]);
        // Three points sorted clockwise are turned counter-clockwise; collinear ones give
        // the segment between the extremes.
        assert_eq!(
            convex_hull(&[p(-3, 2), p(1, 5), p(4, -1)]),
            vec![p(-3, 2), p(4, -1), p(1, 5)]
        );
        assert_eq!(
            convex_hull(&[p(1, 0), p(0, 0), p(2, 0)]),
            vec![p(0, 0), p(2, 0)]
        );
    }

    #[test]
    fn hull_of_square_join_corners() {
        let corners = |a: Point, b: Point, h: i64| {
            let mut c = Vec::new();
            for q in [a, b] {
                c.extend([
                    p(q.x - h, q.y - h),
                    p(q.x + h, q.y - h),
                    p(q.x + h, q.y + h),
                    p(q.x - h, q.y + h),
                ]);
            }
            c
        };
        assert_eq!(
            convex_hull(&corners(p(0, 0), p(4, 0), 1)),
            vec![p(-1, -1), p(5, -1), p(5, 1), p(-1, 1)]
        );
        assert_eq!(
            convex_hull(&corners(p(0, 0), p(4, 4), 1)),
            vec![p(-1, -1), p(1, -1), p(5, 3), p(5, 5), p(3, 5), p(-1, 1)]
        );
        // Touching squares: (0,0)→(2,2) with h = 1 shares the corner (1, 1).
        assert_eq!(
            convex_hull(&corners(p(0, 0), p(2, 2), 1)),
            vec![p(-1, -1), p(1, -1), p(3, 1), p(3, 3), p(1, 3), p(-1, 1)]
        );
    }
}
