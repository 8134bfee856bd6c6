//! Reference predicates over BigInt / BigRational, written from the spec ([G4], [A2],
//! [A3], X8). Every sign and every pixel decision of the reference comes from here.

use crate::mutation::{self, Mutation};
use std::cmp::Ordering;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

use crate::geom::Point;

fn big(v: i64) -> BigInt {
    BigInt::from(v)
}

fn sign(v: &BigInt) -> Ordering {
    v.cmp(&BigInt::zero())
}

/// cross(b − a, c − a) exactly.
pub fn cross(a: Point, b: Point, c: Point) -> BigInt {
    (big(b.x) - big(a.x)) * (big(c.y) - big(a.y)) - (big(b.y) - big(a.y)) * (big(c.x) - big(a.x))
}

/// (c − a)·(b − a) exactly: the X7 projection of c onto the edge a→b.
pub fn projection(a: Point, b: Point, c: Point) -> BigInt {
    (big(c.x) - big(a.x)) * (big(b.x) - big(a.x)) + (big(c.y) - big(a.y)) * (big(b.y) - big(a.y))
}

/// Orientation of c relative to the directed line a→b: `Greater` when a, b, c turn
/// counter-clockwise, `Less` clockwise, `Equal` collinear.
pub fn orient(a: Point, b: Point, c: Point) -> Ordering {
    sign(&cross(a, b, c))
}

/// In-circle sign: the determinant
/// | ax−dx  ay−dy  (ax−dx)²+(ay−dy)² |
/// | bx−dx  by−dy  (bx−dx)²+(by−dy)² |
/// | cx−dx  cy−dy  (cx−dx)²+(cy−dy)² |
/// which is positive when d is strictly inside the circle through a, b, c taken
/// counter-clockwise (and just the determinant's sign otherwise).
pub fn in_circle(a: Point, b: Point, c: Point, d: Point) -> Ordering {
    let row = |p: Point| {
        let x = big(p.x) - big(d.x);
        let y = big(p.y) - big(d.y);
        let w = &x * &x + &y * &y;
        (x, y, w)
    };
    let (ax, ay, aw) = row(a);
    let (bx, by, bw) = row(b);
    let (cx, cy, cw) = row(c);
    let det = &ax * (&by * &cw - &bw * &cy) - &ay * (&bx * &cw - &bw * &cx)
        + &aw * (&bx * &cy - &by * &cx);
    sign(&det)
}

/// X8: the segments a–b and c–d cross properly: c and d lie strictly on opposite sides
/// of line ab, and a and b strictly on opposite sides of line cd. Collinear overlaps,
/// T-junctions and shared endpoints are not proper crossings.
pub fn properly_cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let opposite = |s: Ordering, t: Ordering| {
        matches!(
            (s, t),
            (Ordering::Less, Ordering::Greater) | (Ordering::Greater, Ordering::Less)
        )
    };
    opposite(orient(a, b, c), orient(a, b, d)) && opposite(orient(c, d, a), orient(c, d, b))
}

/// The exact intersection point of the lines ab and cd (`None` when parallel):
/// a + t (b − a) with t = cross(c − a, d − c) / cross(b − a, d − c).
pub fn line_intersection(
    a: Point,
    b: Point,
    c: Point,
    d: Point,
) -> Option<(BigRational, BigRational)> {
    let (ux, uy) = (big(b.x) - big(a.x), big(b.y) - big(a.y));
    let (vx, vy) = (big(d.x) - big(c.x), big(d.y) - big(c.y));
    let (wx, wy) = (big(c.x) - big(a.x), big(c.y) - big(a.y));
    let denominator = &ux * &vy - &uy * &vx;
    if denominator.is_zero() {
        return None;
    }
    let t = BigRational::new(&wx * &vy - &wy * &vx, denominator);
    let x = BigRational::from_integer(big(a.x)) + &t * BigRational::from_integer(ux);
    let y = BigRational::from_integer(big(a.y)) + &t * BigRational::from_integer(uy);
    Some((x, y))
}

/// [A2], X8: floor(r + 1/2), i.e. floor((2p + q) / (2q)) for r = p/q with q > 0.
pub fn round_half_up(r: &BigRational) -> BigInt {
    let two = BigInt::from(2);
    (r.numer() * &two + r.denom()).div_floor(&(r.denom() * &two))
}

/// The rounded crossing point of two properly crossing segments ([A2]): the exact
/// rational point rounded once per coordinate with floor(x + 1/2). `None` when the
/// segments do not cross properly.
pub fn rounded_crossing(a: Point, b: Point, c: Point, d: Point) -> Option<Point> {
    if !properly_cross(a, b, c, d) {
        return None;
    }
    let (x, y) = line_intersection(a, b, c, d)?;
    if mutation::active(Mutation::A2HalfDown) {
        return mutation::round_half_down_point(&x, &y);
    }
    // The crossing lies inside both segments' boxes, whose corners are i64 grid points,
    // and floor(v + 1/2) of a value in [lo, hi] with integer bounds stays in [lo, hi].
    Some(Point {
        x: i64::try_from(round_half_up(&x)).ok()?,
        y: i64::try_from(round_half_up(&y)).ok()?,
    })
}

/// One end of a parameter interval: the value and whether the end is excluded.
#[derive(Debug, Clone)]
struct Bound {
    value: BigRational,
    open: bool,
}

/// The parameter interval of t ∈ [0, 1] still possible after the constraints so far.
#[derive(Debug, Clone)]
struct Interval {
    low: Bound,
    high: Bound,
}

impl Interval {
    fn raise_low(&mut self, value: BigRational, open: bool) {
        // A larger lower end is tighter; at equal values an open end is tighter.
        match value.cmp(&self.low.value) {
            Ordering::Greater => self.low = Bound { value, open },
            Ordering::Equal => self.low.open |= open,
            Ordering::Less => {}
        }
    }

    fn lower_high(&mut self, value: BigRational, open: bool) {
        match value.cmp(&self.high.value) {
            Ordering::Less => self.high = Bound { value, open },
            Ordering::Equal => self.high.open |= open,
            Ordering::Greater => {}
        }
    }

    fn is_empty(&self) -> bool {
        match self.low.value.cmp(&self.high.value) {
            Ordering::Less => false,
            Ordering::Equal => self.low.open || self.high.open,
            Ordering::Greater => true,
        }
    }
}

/// [A3], X8: the closed segment a–b meets the half-open pixel [c − 1/2, c + 1/2)².
///
/// Rational clip of the segment's parameter interval t ∈ [0, 1] (closed) against the
/// four slab constraints of P(t) = a + t (b − a), per axis: P ≥ c − 1/2 (closed) and
/// P < c + 1/2 (open). Each end of the interval remembers whether it is open, so the
/// open upper sides of the pixel are handled exactly.
pub fn segment_meets_pixel(a: Point, b: Point, c: Point) -> bool {
    let mut interval = Interval {
        low: Bound {
            value: BigRational::zero(),
            open: false,
        },
        high: Bound {
            value: BigRational::from_integer(BigInt::from(1)),
            open: false,
        },
    };
    for (start, end, centre) in [(a.x, b.x, c.x), (a.y, b.y, c.y)] {
        // Doubled coordinates keep the pixel's sides integral: 2P(t) = 2·start + t·2d.
        let start2 = big(start) * big(2);
        let d2 = (big(end) - big(start)) * big(2);
        let lower_side = big(centre) * big(2) - big(1); // closed: 2P ≥ 2c − 1
        let upper_side = big(centre) * big(2) + big(1); // open:   2P < 2c + 1
        if d2.is_zero() {
            // Constant along the segment: the slab either holds for every t or none.
            if start2 < lower_side || start2 >= upper_side {
                return false;
            }
            continue;
        }
        // t at which 2P(t) reaches each side.
        let t_lower = BigRational::new(&lower_side - &start2, d2.clone());
        let t_upper = BigRational::new(&upper_side - &start2, d2.clone());
        if d2.is_positive() {
            // Increasing: t ≥ t_lower (closed), t < t_upper (open).
            interval.raise_low(t_lower, false);
            interval.lower_high(t_upper, true);
        } else {
            // Decreasing: t ≤ t_lower (closed), t > t_upper (open).
            interval.lower_high(t_lower, false);
            interval.raise_low(t_upper, true);
        }
        if interval.is_empty() {
            return false;
        }
    }
    !interval.is_empty()
}

/// The pixel whose half-open square contains the point p = (x, y) exactly: the grid
/// point c with c − 1/2 ≤ p < c + 1/2, i.e. floor(p + 1/2) per coordinate.
pub fn pixel_of(x: &BigRational, y: &BigRational) -> (BigInt, BigInt) {
    (round_half_up(x), round_half_up(y))
}

/// p lies in the open interior of the segment a–b: collinear and strictly between.
pub fn strictly_inside_segment(p: Point, a: Point, b: Point) -> bool {
    a != b
        && orient(a, b, p) == Ordering::Equal
        && projection(a, b, p).is_positive()
        && projection(b, a, p).is_positive()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    #[test]
    fn orient_signs() {
        // (0,0),(1,0),(0,1): cross = 1·1 − 0·0 = 1 → counter-clockwise.
        assert_eq!(orient(p(0, 0), p(1, 0), p(0, 1)), Ordering::Greater);
        assert_eq!(orient(p(0, 0), p(0, 1), p(1, 0)), Ordering::Less);
        assert_eq!(orient(p(0, 0), p(2, 2), p(5, 5)), Ordering::Equal);
        // Near 2^53: (2^53, 2^53 − 1) is not on the diagonal, cross = 2^53·(2^53 − 1) − 2^53·2^53
        // = −2^53 → clockwise; an f64 evaluation would round it to 0.
        let m = 1i64 << 53;
        assert_eq!(orient(p(0, 0), p(m, m), p(m, m - 1)), Ordering::Less);
    }

    #[test]
    fn in_circle_signs() {
        // Unit circle through (1,0),(0,1),(−1,0) (CCW): the origin is inside (det = 2,
        // worked in the rustdoc row layout), (0,−1) is on it, (2,0) outside.
        let (a, b, c) = (p(1, 0), p(0, 1), p(-1, 0));
        assert_eq!(in_circle(a, b, c, p(0, 0)), Ordering::Greater);
        assert_eq!(in_circle(a, b, c, p(0, -1)), Ordering::Equal);
        assert_eq!(in_circle(a, b, c, p(2, 0)), Ordering::Less);
        // Clockwise order flips the sign.
        assert_eq!(in_circle(a, c, b, p(0, 0)), Ordering::Less);
    }

    #[test]
    fn proper_crossings() {
        // X: (0,0)–(4,4) and (0,4)–(4,0) cross at (2,2).
        assert!(properly_cross(p(0, 0), p(4, 4), p(0, 4), p(4, 0)));
        assert_eq!(
            rounded_crossing(p(0, 0), p(4, 4), p(0, 4), p(4, 0)),
            Some(p(2, 2))
        );
        // T-junction (4,0) on the first: orient = 0 for one end → not proper.
        assert!(!properly_cross(p(0, 0), p(8, 0), p(4, 0), p(4, 4)));
        // Collinear overlap, shared endpoint: not proper.
        assert!(!properly_cross(p(0, 0), p(4, 0), p(2, 0), p(6, 0)));
        assert!(!properly_cross(p(0, 0), p(4, 0), p(4, 0), p(6, 3)));
        // Disjoint.
        assert!(!properly_cross(p(0, 0), p(1, 1), p(5, 0), p(0, 5)));
    }

    #[test]
    fn crossing_rounds_half_up() {
        // (0,0)–(1,1) and (0,1)–(1,0) cross at (1/2, 1/2): floor(1/2 + 1/2) = 1 per axis.
        assert_eq!(
            rounded_crossing(p(0, 0), p(1, 1), p(0, 1), p(1, 0)),
            Some(p(1, 1))
        );
        // Mirrored to negative: crossing at (−1/2, −1/2): floor(0) = 0.
        assert_eq!(
            rounded_crossing(p(0, 0), p(-1, -1), p(0, -1), p(-1, 0)),
            Some(p(0, 0))
        );
        // (0,0)–(3,1) and (0,1)–(3,0): x = 3/2, y = 1/2 → (2, 1).
        assert_eq!(
            rounded_crossing(p(0, 0), p(3, 1), p(0, 1), p(3, 0)),
            Some(p(2, 1))
        );
        assert_eq!(
            round_half_up(&BigRational::new((-3).into(), 2.into())),
            BigInt::from(-1)
        );
    }

    #[test]
    fn pixel_sides() {
        let c = p(0, 0); // pixel [−1/2, 1/2)²
                         // Vertical x = 1 misses (|1| > 1/2); a segment through the centre meets.
        assert!(!segment_meets_pixel(p(1, -5), p(1, 5), c));
        assert!(segment_meets_pixel(p(-5, 0), p(5, 0), c));
        // Diagonal (−1,0)–(0,1): x + 1 = y passes the corner (−1/2, 1/2), which is on the
        // open top side; every other point of the line near the pixel has y ≥ 1/2 when
        // x ≥ −1/2, so it misses.
        assert!(!segment_meets_pixel(p(-1, 0), p(0, 1), c));
        // (0,−1)–(1,0): y = x − 1 passes the corner (1/2, −1/2): open right side → miss.
        assert!(!segment_meets_pixel(p(0, -1), p(1, 0), c));
        // (−1,0)–(0,−1): y = −x − 1 passes the corner (−1/2, −1/2), the closed corner
        // → meets (exactly in one point).
        assert!(segment_meets_pixel(p(-1, 0), p(0, -1), c));
        // (0,1)–(1,0): passes the corner (1/2, 1/2), open on both axes → miss.
        assert!(!segment_meets_pixel(p(0, 1), p(1, 0), c));
        // Reversed direction gives the same answer (closed segment).
        assert!(segment_meets_pixel(p(0, -1), p(-1, 0), c));
        assert!(!segment_meets_pixel(p(1, 0), p(0, 1), c));
    }

    #[test]
    fn pixel_endpoints_and_degenerate() {
        // A segment ending exactly at the centre meets it; a zero-length segment is a point.
        assert!(segment_meets_pixel(p(3, 3), p(0, 0), p(0, 0)));
        assert!(segment_meets_pixel(p(2, 2), p(2, 2), p(2, 2)));
        assert!(!segment_meets_pixel(p(2, 2), p(2, 2), p(2, 3)));
        // Segment stopping short: (−3,0)–(−1,0) has x ≤ −1 < −1/2 → miss.
        assert!(!segment_meets_pixel(p(-3, 0), p(-1, 0), p(0, 0)));
        // Horizontal along the closed bottom side in doubled coordinates: the segment
        // (−4,0)–(4,0) against pixel (0,1) has y = 0 < 1/2 → miss; against (0,0) meets.
        assert!(!segment_meets_pixel(p(-4, 0), p(4, 0), p(0, 1)));
        // (0,0)–(2,1) passes (1, 1/2): the closed bottom side of pixel (1,1) → meets, and
        // the open top side of pixel (1,0): points with x in [1/2, 3/2) have y = x/2 in
        // [1/4, 3/4): y < 1/2 for x < 1 → meets (1,0) too.
        assert!(segment_meets_pixel(p(0, 0), p(2, 1), p(1, 1)));
        assert!(segment_meets_pixel(p(0, 0), p(2, 1), p(1, 0)));
        // (0,0)–(4,1): at x = 2, y = 1/2 exactly; pixel (2,1) needs y ≥ 1/2 and x < 5/2:
        // x ∈ [2, 5/2) → meets. Pixel (1,1) needs x < 3/2 → y < 3/8 → miss.
        assert!(segment_meets_pixel(p(0, 0), p(4, 1), p(2, 1)));
        assert!(!segment_meets_pixel(p(0, 0), p(4, 1), p(1, 1)));
    }

    #[test]
    fn inside_segment() {
        assert!(strictly_inside_segment(p(2, 1), p(0, 0), p(4, 2)));
        assert!(!strictly_inside_segment(p(0, 0), p(0, 0), p(4, 2)));
        assert!(!strictly_inside_segment(p(6, 3), p(0, 0), p(4, 2)));
        assert!(!strictly_inside_segment(p(2, 2), p(0, 0), p(4, 2)));
    }

    #[test]
    fn pixel_of_rounds_half_up() {
        let half = BigRational::new(1.into(), 2.into());
        assert_eq!(pixel_of(&half, &-half.clone()), (1.into(), 0.into()));
    }
}
