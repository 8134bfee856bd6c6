//! The f64 constructions of offsets and the shrink ([O2]–[O5], [S2], [S3], [E1]–[E5],
//! X11–X14). Every expression is evaluated exactly in the order written in
//! `docs/spec/offset.md` with plain IEEE-754 double operations (no fused multiply-add,
//! no library trigonometry), so a port produces the same bits.

use crate::grid::GridPoint;
use crate::predicates::orient_det;

/// Fewest vertices of a circle polygon ([O3]).
pub const MIN_SIDES: usize = 8;
/// Most vertices of a circle polygon ([O3]).
pub const MAX_SIDES: usize = 256;

/// An f64 vector (x, y) in grid units.
pub type Vector = (f64, f64);
/// An integer offset (x, y) in grid units.
pub type Offset = (i64, i64);

/// round_half_even (no offset saturates: each is at most 2^37 in magnitude).
pub use crate::grid::round_half_even;

/// The unit left normal of the directed edge a→b (X11): dx, dy = b − a as f64,
/// len = sqrt(dx·dx + dy·dy), n = (−dy / len, dx / len). For a region edge it points into
/// the interior. `a != b` is required (len > 0).
pub fn unit_left_normal(a: GridPoint, b: GridPoint) -> Vector {
    // Region coordinates are below 2^39, so the integer differences are exact in f64.
    let dx = (b.x - a.x) as f64;
    let dy = (b.y - a.y) as f64;
    let len = (dx * dx + dy * dy).sqrt();
    (-dy / len, dx / len)
}

/// The f64 offset vector of edge a→b at distance `r` (X11): v = (r·n.x, r·n.y).
pub fn edge_offset_vector(a: GridPoint, b: GridPoint, r: f64) -> Vector {
    let n = unit_left_normal(a, b);
    (r * n.0, r * n.1)
}

/// The offset vector rounded on its own, each coordinate half-to-even (X11).
pub fn round_vector(v: Vector) -> Offset {
    (round_half_even(v.0), round_half_even(v.1))
}

/// The offset of edge a→b at distance `r`, rounded (X11): `round_vector` of
/// `edge_offset_vector`, with an axis-parallel edge's square root and divisions left
/// out. For such an edge, say dy = 0 and dx ≠ 0, len = sqrt(dx ⊗ dx) is |dx| exactly
/// (in binary floating point with rounding to nearest, sqrt(x ⊗ x) = |x| for every x
/// whose square neither overflows nor underflows; here |dx| < 2^40), so n = (−0.0,
/// ±1) and v = (∓0.0, ±r) exactly, which round to (0, ±round_half_even(r)): rounding
/// half to even is odd-symmetric. The same for dx = 0 with the axes exchanged. Tile
/// maps give only such edges; the shrink takes one offset per edge and two more per
/// reflex vertex.
pub fn rounded_edge_offset(a: GridPoint, b: GridPoint, r: f64) -> Offset {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    match (dx.signum(), dy.signum()) {
        (0, dy_sign) if dy_sign != 0 => (-dy_sign * round_half_even(r), 0),
        (dx_sign, 0) if dx_sign != 0 => (0, dx_sign * round_half_even(r)),
        _ => round_vector(edge_offset_vector(a, b, r)),
    }
}

/// `p + w`, exact integer addition (X11). Saturates instead of overflowing; a saturated
/// point is far beyond the [O6] bound and is reported there.
pub fn displace(p: GridPoint, w: Offset) -> GridPoint {
    GridPoint::new(p.x.saturating_add(w.0), p.y.saturating_add(w.1))
}

/// `p − w`, exact integer subtraction.
pub fn displace_back(p: GridPoint, w: Offset) -> GridPoint {
    GridPoint::new(p.x.saturating_sub(w.0), p.y.saturating_sub(w.1))
}

/// cos and sin of the angle step 2π/`sides` of a regular `sides`-gon, from the half-angle
/// recurrence of [O4]/X12: the 4-gon has (c, s) = (0, 1); halving the step gives
/// c' = sqrt((1 + c) / 2), s' = s / (2 · c'). `sides` must be a power of two in 4 ..= 2^62;
/// other values are rounded down to a power of two (at least 4).
pub fn step_cos_sin(sides: usize) -> Vector {
    let mut c = 0.0_f64;
    let mut s = 1.0_f64;
    let mut n = 4usize;
    while n < sides && n <= usize::MAX / 2 && n * 2 <= sides {
        let c_half = ((1.0 + c) / 2.0).sqrt();
        let s_half = s / (2.0 * c_half);
        c = c_half;
        s = s_half;
        n *= 2;
    }
    (c, s)
}

/// The arc tolerance in grid units (X12): arcTolerance × 2^snapBits when that is at least
/// 1, else max(1, r / 128). `arc_tolerance` is finite and ≥ 0 (validated by the caller).
pub fn grid_tolerance(arc_tolerance: f64, snap_bits: u8, r: f64) -> f64 {
    let scaled = arc_tolerance * crate::grid::scale(snap_bits);
    if scaled >= 1.0 {
        scaled
    } else {
        (r / 128.0).max(1.0)
    }
}

/// The number of vertices m of the circle polygon of radius `r` ([O3], X12): the least of
/// 8, 16, …, 256 with r / cos(π/m) − r ≤ tol, else 256. cos(π/m) is the half-angle table's
/// cosine for the 2m-gon step.
pub fn choose_sides(r: f64, tol: f64) -> usize {
    let mut m = MIN_SIDES;
    while m < MAX_SIDES {
        let (cos_half_step, _) = step_cos_sin(2 * m);
        if r / cos_half_step - r <= tol {
            return if crate::mutation::active(crate::mutation::Mutation::ArcSegments) {
                (2 * m).min(MAX_SIDES)
            } else {
                m
            };
        }
        m *= 2;
    }
    MAX_SIDES
}

/// h = r · (sin(π/m) / cos(π/m)): the half side of the circumscribed m-gon, i.e. the
/// tangent offset of its vertex 0 (X12, [E1]).
pub fn tangent_half_side(r: f64, sides: usize) -> f64 {
    let (c, s) = step_cos_sin(2 * sides);
    r * (s / c)
}

/// The circumscribed regular m-gon of radius `r` about the origin, unrounded ([O2], X12):
/// vertex 0 = (r, h), vertex k+1 = vertex k rotated by (c, s) = (cos 2π/m, sin 2π/m) as
/// (x·c − y·s, x·s + y·c). Counter-clockwise.
pub fn circumscribed_polygon(r: f64, sides: usize) -> Vec<Vector> {
    let (c, s) = step_cos_sin(sides);
    let mut vertex = (r, tangent_half_side(r, sides));
    let mut out = Vec::with_capacity(sides);
    for _ in 0..sides {
        out.push(vertex);
        let (x, y) = vertex;
        vertex = (x * c - y * s, x * s + y * c);
    }
    out
}

/// The first-quadrant vertices w0 … w(q−1) of the equal-area ring for scale λ ([E2], [E3],
/// X14): w0 = (r, λ·h), wj = (λ·x_j, λ·y_j) for the circumscribed vertices j = 1 … q−2,
/// w(q−1) = (λ·h, r).
fn equal_area_quadrant(
    r: f64,
    h: f64,
    circumscribed: &[Vector],
    q: usize,
    lambda: f64,
) -> Vec<Vector> {
    let mut w = Vec::with_capacity(q);
    w.push((r, lambda * h));
    for &(x, y) in circumscribed.iter().take(q.saturating_sub(1)).skip(1) {
        w.push((lambda * x, lambda * y));
    }
    w.push((lambda * h, r));
    w
}

/// The area of the closed list (0, 0), (r, 0), w0 … w(q−1), (0, r) by the shoelace sum in
/// list order, wrapping to (0, 0): s = 0.0, s = s + (x_i·y_{i+1} − x_{i+1}·y_i), area = s / 2.0
/// (X14).
fn quarter_polygon_area(r: f64, w: &[Vector]) -> f64 {
    let mut points = Vec::with_capacity(w.len() + 3);
    points.push((0.0, 0.0));
    points.push((r, 0.0));
    points.extend_from_slice(w);
    points.push((0.0, r));
    let mut s = 0.0_f64;
    for i in 0..points.len() {
        let (xi, yi) = points[i];
        let (xj, yj) = points[(i + 1) % points.len()];
        s += xi * yj - xj * yi;
    }
    s / 2.0
}

/// The area of the equal-area quadrant polygon at scale λ (for tests and the docs).
#[cfg(any(test, feature = "internals"))]
pub fn equal_area_quadrant_area(r: f64, sides: usize, lambda: f64) -> f64 {
    let circumscribed = circumscribed_polygon(r, sides);
    let h = tangent_half_side(r, sides);
    quarter_polygon_area(
        r,
        &equal_area_quadrant(r, h, &circumscribed, sides / 4, lambda),
    )
}

/// The quarter-disc target area π·r·r/4, evaluated left to right (X14).
pub fn quarter_disc_area(r: f64) -> f64 {
    std::f64::consts::PI * r * r / 4.0
}

/// λ of [E4]: 60 bisection steps on [0, 1] (mid = (lo + hi) / 2; keep [mid, hi] when the
/// area at mid is below the target, else [lo, mid]); the result is hi.
pub fn equal_area_scale(r: f64, sides: usize) -> f64 {
    let circumscribed = circumscribed_polygon(r, sides);
    let h = tangent_half_side(r, sides);
    let q = sides / 4;
    let target = quarter_disc_area(r);
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        let area = quarter_polygon_area(r, &equal_area_quadrant(r, h, &circumscribed, q, mid));
        if (area < target) != crate::mutation::active(crate::mutation::Mutation::EqualArea) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

/// The equal-area ring of [E1]–[E5] (X14), unrounded, counter-clockwise, m vertices:
/// the first quadrant w0 … w(q−1), then vertex j ≥ q is vertex j − q mapped
/// (x, y) → (−y, x).
pub fn equal_area_polygon(r: f64, sides: usize) -> Vec<Vector> {
    let q = sides / 4;
    let lambda = equal_area_scale(r, sides);
    let circumscribed = circumscribed_polygon(r, sides);
    let h = tangent_half_side(r, sides);
    let mut ring = equal_area_quadrant(r, h, &circumscribed, q, lambda);
    for j in q..sides {
        let (x, y) = ring[j - q];
        ring.push((-y, x));
    }
    ring
}

/// Every vertex rounded on its own (X11), ready to be added to a centre.
pub fn round_polygon(vertices: &[Vector]) -> Vec<Offset> {
    vertices.iter().map(|&v| round_vector(v)).collect()
}

/// Half side of the square join (X13): max(1, round_half_even(r)).
pub fn square_half_side(r: f64) -> i64 {
    round_half_even(r).max(1)
}

/// The 8 corners of the two squares of half side `h` around a and b, in the order the
/// [O6] check visits them: for a then b, the offsets (−h, −h), (h, −h), (h, h), (−h, h).
pub fn square_corners(a: GridPoint, b: GridPoint, h: i64) -> [GridPoint; 8] {
    let around = |p: GridPoint, k: usize| {
        let (sx, sy) = [(-1, -1), (1, -1), (1, 1), (-1, 1)][k];
        displace(p, (sx * h, sy * h))
    };
    [
        around(a, 0),
        around(a, 1),
        around(a, 2),
        around(a, 3),
        around(b, 0),
        around(b, 1),
        around(b, 2),
        around(b, 3),
    ]
}

/// The exact convex hull of `points` (X13): strictly convex (collinear points removed),
/// counter-clockwise, starting at the smallest point in (x, y) order (Andrew's monotone
/// chain with exact orientation).
pub fn convex_hull(points: &[GridPoint]) -> Vec<GridPoint> {
    let mut sorted = points.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() < 3 {
        return sorted;
    }
    let mut hull: Vec<GridPoint> = Vec::with_capacity(sorted.len() + 1);
    // Lower chain left to right, then upper chain right to left; pop on a non-left turn.
    fn add_chain(hull: &mut Vec<GridPoint>, chain: impl Iterator<Item = GridPoint>) {
        let start = hull.len();
        for p in chain {
            while hull.len() >= start + 2
                && orient_det(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0
            {
                hull.pop();
            }
            hull.push(p);
        }
        // The last point of each chain is the first of the next one.
        hull.pop();
    }
    add_chain(&mut hull, sorted.iter().copied());
    add_chain(&mut hull, sorted.iter().rev().copied());
    hull
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    /// Distance in ulps between two finite f64 of the same sign.
    fn ulps(a: f64, b: f64) -> u64 {
        a.to_bits().abs_diff(b.to_bits())
    }

    // The bit patterns below were printed by the independent Python port
    // `docs/spec/offset_constructions.py` (IEEE doubles, correctly rounded sqrt, no FMA).
    const STEP_TABLE_BITS: [(usize, u64, u64); 8] = [
        (4, 0x0000000000000000, 0x3ff0000000000000),
        (8, 0x3fe6a09e667f3bcd, 0x3fe6a09e667f3bcc),
        (16, 0x3fed906bcf328d46, 0x3fd87de2a6aea962),
        (32, 0x3fef6297cff75cb0, 0x3fc8f8b83c69a60a),
        (64, 0x3fefd88da3d12526, 0x3fb917a6bc29b42b),
        (128, 0x3feff621e3796d7e, 0x3fa91f65f10dd813),
        (256, 0x3feffd886084cd0d, 0x3f992155f7a3667d),
        (512, 0x3fefff62169b92db, 0x3f8921d1fcdec784),
    ];

    #[test]
    fn half_angle_table_bits_are_pinned() {
        for (sides, cos_bits, sin_bits) in STEP_TABLE_BITS {
            let (c, s) = step_cos_sin(sides);
            assert_eq!(c.to_bits(), cos_bits, "cos 2π/{sides}");
            assert_eq!(s.to_bits(), sin_bits, "sin 2π/{sides}");
        }
    }

    #[test]
    fn sides_between_powers_of_two_round_down() {
        // The documented fallback of step_cos_sin: 12 gives the 8-gon step, 5 the 4-gon's.
        assert_eq!(step_cos_sin(12), step_cos_sin(8));
        assert_eq!(step_cos_sin(5), (0.0, 1.0));
    }

    #[test]
    fn hull_of_three_points_is_counter_clockwise_and_strict() {
        // Three points whose (x, y) order runs clockwise, and three collinear points.
        assert_eq!(
            convex_hull(&[p(0, 0), p(1, 1), p(2, 0)]),
            vec![p(0, 0), p(2, 0), p(1, 1)]
        );
        assert_eq!(
            convex_hull(&[p(0, 0), p(1, 1), p(2, 2)]),
            vec![p(0, 0), p(2, 2)]
        );
    }

    #[test]
    fn half_angle_table_is_close_to_the_closed_forms() {
        // Up to the 512-gon the recurrence stays within 1 ulp of the closed forms (cos
        // matches the platform's cos exactly, sin is off by one ulp at 16, 64, 128, 256
        // sides; the closed forms themselves come from libm, hence the 1-ulp slack).
        for (sides, _, _) in STEP_TABLE_BITS.iter().skip(1) {
            let (c, s) = step_cos_sin(*sides);
            let angle = 2.0 * PI / *sides as f64;
            assert!(
                ulps(c, angle.cos()) <= 1,
                "cos 2π/{sides}: {c} vs {}",
                angle.cos()
            );
            assert!(
                ulps(s, angle.sin()) <= 1,
                "sin 2π/{sides}: {s} vs {}",
                angle.sin()
            );
        }
        // The 8-gon step: cos and sin of 45° are both sqrt(1/2) ± 1 ulp.
        let (c, s) = step_cos_sin(8);
        assert!(ulps(c, 0.5f64.sqrt()) <= 1 && ulps(s, 0.5f64.sqrt()) <= 1);
    }

    #[test]
    fn number_of_sides_follows_the_tolerance_rule() {
        // From docs/spec/offset_constructions.py; the small cases by hand:
        // 12·(1/cos(π/8) − 1) = 0.989 ≤ 1 but 13·0.0824 = 1.071 > 1 while
        // 13·(1/cos(π/16) − 1) = 0.254 ≤ 1.
        let cases = [
            (1.0, 1.0, 8),
            (12.0, 1.0, 8),
            (13.0, 1.0, 16),
            (16.0, 1.0, 16),
            (100.0, 1.0, 32),
            (1000.0, 1.0, 128),
            (10000.0, 1.0, 256),
            (1000000.0, 1.0, 256),
            (65536.0, 512.0, 32),
            (65536.0, 16384.0, 8),
            (196608.0, 1.0, 256),
            (1000000000.0, 1.0, 256),
        ];
        for (r, tol, m) in cases {
            assert_eq!(choose_sides(r, tol), m, "r {r} tol {tol}");
        }
        // m is the least admissible power of two: the one below fails the test.
        for r in [1.0, 7.5, 13.0, 250.0, 4096.0, 1e5] {
            let m = choose_sides(r, 1.0);
            let (c, _) = step_cos_sin(2 * m);
            assert!(m == MAX_SIDES || r / c - r <= 1.0);
            if m > MIN_SIDES {
                let (c, _) = step_cos_sin(m);
                assert!(r / c - r > 1.0);
            }
        }
        assert_eq!(choose_sides(1e9, f64::INFINITY), 8);
    }

    #[test]
    fn tolerance_in_grid_units() {
        // arcTolerance × 2^snapBits when ≥ 1, else max(1, r / 128).
        assert_eq!(grid_tolerance(0.25, 4, 1000.0), 4.0);
        assert_eq!(grid_tolerance(0.0, 4, 1000.0), 1000.0 / 128.0);
        assert_eq!(grid_tolerance(0.0, 4, 100.0), 1.0);
        assert_eq!(grid_tolerance(0.01, 4, 1280.0), 10.0);
        assert_eq!(grid_tolerance(1.0 / 16.0, 4, 1280.0), 1.0);
    }

    proptest::proptest! {
        /// The axis-parallel shortcut of `rounded_edge_offset` is the formula of X11, at
        /// every length up to the grid's reach, on ties and on radii up to 2^37.
        #[test]
        fn axis_parallel_offsets_are_the_formulas(
            length in 1i64..(1 << 40),
            shift in 0u32..40,
            whole in 0i64..(1 << 37),
            fraction in proptest::prop_oneof![
                proptest::prelude::Just(0.0),
                proptest::prelude::Just(0.5),
                0.0f64..1.0,
            ],
            side in 0usize..4,
            start in -(1i64 << 38)..(1i64 << 38),
        ) {
            let length = (length >> shift).max(1);
            let r = (whole >> shift) as f64 + fraction;
            let direction = [(length, 0), (-length, 0), (0, length), (0, -length)][side];
            let (a, b) = (p(start, -start), p(start + direction.0, direction.1 - start));
            proptest::prop_assert_eq!(
                rounded_edge_offset(a, b, r),
                round_vector(edge_offset_vector(a, b, r))
            );
            proptest::prop_assert_eq!(
                rounded_edge_offset(a, b, -r),
                round_vector(edge_offset_vector(a, b, -r))
            );
        }
    }

    #[test]
    fn slanted_offsets_are_the_formulas() {
        for (a, b) in [
            (p(1, 1), p(4, 5)),
            (p(0, 0), p(-7, 3)),
            (p(2, 9), p(3, -40)),
        ] {
            for r in [0.5, 1.0, 2.5, 1e6 + 0.5] {
                assert_eq!(
                    rounded_edge_offset(a, b, r),
                    round_vector(edge_offset_vector(a, b, r))
                );
            }
        }
    }

    #[test]
    fn normals_and_rounded_offsets() {
        // Axis edges give exact unit normals (−0.0 where dy = 0).
        assert_eq!(unit_left_normal(p(0, 0), p(5, 0)), (-0.0, 1.0));
        assert_eq!(unit_left_normal(p(0, 0), p(0, 5)), (-1.0, 0.0));
        // 3-4-5 edge: n = (−4/5, 3/5).
        assert_eq!(unit_left_normal(p(1, 1), p(4, 5)), (-4.0 / 5.0, 3.0 / 5.0));
        // Ties round to even on their own, before the exact addition (X11).
        assert_eq!(
            round_vector(edge_offset_vector(p(0, 0), p(1, 0), 2.5)),
            (0, 2)
        );
        assert_eq!(
            round_vector(edge_offset_vector(p(0, 0), p(1, 0), 3.5)),
            (0, 4)
        );
        assert_eq!(
            round_vector(edge_offset_vector(p(0, 0), p(-1, 0), 0.5)),
            (0, 0)
        );
        assert_eq!(displace(p(7, 7), (0, 2)), p(7, 9));
        assert_eq!(displace_back(p(7, 7), (0, 2)), p(7, 5));
    }

    #[test]
    fn circumscribed_polygon_stays_outside_the_circle() {
        for m in [8, 16, 32, 64, 128, 256] {
            let r = 1000.0;
            let poly = circumscribed_polygon(r, m);
            assert_eq!(poly.len(), m);
            assert_eq!(poly[0], (r, tangent_half_side(r, m)));
            let expected = r / (PI / m as f64).cos();
            for (k, &(x, y)) in poly.iter().enumerate() {
                let radius = (x * x + y * y).sqrt();
                assert!((radius - expected).abs() < 1e-9 * r, "m {m} k {k}");
                let angle = (2 * k + 1) as f64 * PI / m as f64;
                assert!(
                    (y.atan2(x).rem_euclid(2.0 * PI) - angle).abs() < 1e-12,
                    "m {m} k {k}"
                );
            }
        }
    }

    #[test]
    fn circumscribed_16_gon_rounded() {
        // By hand: radius 16 / cos(11.25°) = 16.313, vertices at 11.25° + k·22.5°:
        // (16, 3.183) (13.564, 9.063) (9.063, 13.564) (3.183, 16) … — nowhere near a tie.
        let got = round_polygon(&circumscribed_polygon(16.0, 16));
        let quadrant = [(16, 3), (14, 9), (9, 14), (3, 16)];
        for (j, &(x, y)) in quadrant.iter().enumerate() {
            assert_eq!(got[j], (x, y));
            assert_eq!(got[j + 4], (-y, x));
            assert_eq!(got[j + 8], (-x, -y));
            assert_eq!(got[j + 12], (y, -x));
        }
    }

    const LAMBDA_BITS_R1000: [(usize, u64); 6] = [
        (8, 0x3feaa47323ef9123),
        (16, 0x3fef9a46b4e05629),
        (32, 0x3fefee7c7a1b6314),
        (64, 0x3feffc3d772b4b0e),
        (128, 0x3fefff1f668347cb),
        (256, 0x3fefffc9a9c43cc7),
    ];

    #[test]
    fn equal_area_scale_bits_are_pinned() {
        for (m, lambda_bits) in LAMBDA_BITS_R1000 {
            assert_eq!(equal_area_scale(1000.0, m).to_bits(), lambda_bits, "m {m}");
        }
    }

    #[test]
    fn equal_area_scale_solves_the_quarter_area_equation() {
        for r in [1.0, 16.0, 1000.0, 65536.0 * 3.5, 2f64.powi(36)] {
            for m in [8, 16, 32, 64, 128, 256] {
                let lambda = equal_area_scale(r, m);
                assert!(lambda > 0.0 && lambda <= 1.0);
                let target = quarter_disc_area(r);
                let at = equal_area_quadrant_area(r, m, lambda);
                // hi is the smallest bisection point not below the target, so the area
                // there is at or above it, and a step of 2^-60 lower is below it.
                assert!(at >= target, "r {r} m {m}");
                assert!(
                    (at - target) / target < 1e-15,
                    "r {r} m {m}: {at} vs {target}"
                );
                // A few ulps lower the area is below the target (at ulp scale the f64
                // area need not be monotone, so look up to 8 ulps down).
                let mut lower = lambda;
                let below = (0..8).any(|_| {
                    lower = lower.next_down();
                    equal_area_quadrant_area(r, m, lower) < target
                });
                assert!(below, "r {r} m {m}");
                // The area is quadratic in λ: solve it in closed form as a cross-check.
                let a0 = equal_area_quadrant_area(r, m, 0.0);
                let a1 = equal_area_quadrant_area(r, m, 0.5);
                let a2 = equal_area_quadrant_area(r, m, 1.0);
                // area(λ) = a0 + bλ + cλ²
                let c = 2.0 * (a2 - 2.0 * a1 + a0);
                let b = a2 - a0 - c;
                let exact = (-b + (b * b - 4.0 * c * (a0 - target)).sqrt()) / (2.0 * c);
                assert!(
                    (exact - lambda).abs() < 1e-12,
                    "r {r} m {m}: {exact} vs {lambda}"
                );
            }
        }
        // [E1]: at λ = 1 the quarter of the circumscribed polygon is larger than the
        // quarter disc, at 0 smaller.
        assert!(equal_area_quadrant_area(10.0, 8, 1.0) > quarter_disc_area(10.0));
        assert!(equal_area_quadrant_area(10.0, 8, 0.0) < quarter_disc_area(10.0));
    }

    #[test]
    fn equal_area_ring_shape() {
        for m in [8, 16, 32, 64, 128, 256] {
            let r = 5000.0;
            let ring = equal_area_polygon(r, m);
            let q = m / 4;
            assert_eq!(ring.len(), m);
            let lambda = equal_area_scale(r, m);
            let h = tangent_half_side(r, m);
            // [E2]: the end vertices of the quadrant slide on the tangents at (r,0), (0,r).
            assert_eq!(ring[0], (r, lambda * h));
            assert_eq!(ring[q - 1], (lambda * h, r));
            // [E5]: quadrant k is quadrant k − 1 turned by 90°.
            for j in q..m {
                assert_eq!(ring[j], (-ring[j - q].1, ring[j - q].0));
            }
            // [E6] bounds: vertices within 5.8% of r outside the circle.
            for &(x, y) in &ring {
                let radius = (x * x + y * y).sqrt();
                assert!(radius > r * 0.95 && radius < r * 1.059, "m {m}: {radius}");
            }
        }
    }

    #[test]
    fn equal_area_rings_rounded() {
        // From docs/spec/offset_constructions.py.
        let r16 = round_polygon(&equal_area_polygon(16.0, 16));
        assert_eq!(&r16[..4], &[(16, 3), (13, 9), (9, 13), (3, 16)]);
        let r100 = round_polygon(&equal_area_polygon(100.0, 32));
        assert_eq!(
            &r100[..8],
            &[
                (100, 10),
                (96, 29),
                (88, 47),
                (78, 64),
                (64, 78),
                (47, 88),
                (29, 96),
                (10, 100)
            ]
        );
        assert_eq!(r100[8], (-10, 100));
    }

    #[test]
    fn square_join_hull() {
        assert_eq!(square_half_side(0.3), 1);
        assert_eq!(square_half_side(2.5), 2);
        assert_eq!(square_half_side(3.5), 4);
        // Horizontal edge: the hull is the 4 outer corners (collinear ones removed).
        let corners = square_corners(p(0, 0), p(10, 0), 2);
        assert_eq!(corners[0], p(-2, -2));
        assert_eq!(corners[7], p(8, 2));
        assert_eq!(
            convex_hull(&corners),
            vec![p(-2, -2), p(12, -2), p(12, 2), p(-2, 2)]
        );
        // Diagonal edge: a hexagon, starting at the smallest point, counter-clockwise.
        let hull = convex_hull(&square_corners(p(0, 0), p(10, 10), 1));
        assert_eq!(
            hull,
            vec![p(-1, -1), p(1, -1), p(11, 9), p(11, 11), p(9, 11), p(-1, 1)]
        );
        // Edge running right to left: the same set, so the same hull.
        assert_eq!(convex_hull(&square_corners(p(10, 10), p(0, 0), 1)), hull);
    }
}
