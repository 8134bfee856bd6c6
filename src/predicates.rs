//! Exact predicates and constructions: the only place that decides signs ([G4], X8).
//!
//! Bounds. Region coordinates stay within 2^39 grid units ([G4]); the CDT's bounding
//! triangle ([D1]) reaches 3·2^45. Orientation: differences ≤ 2^47, products ≤ 2^94,
//! the determinant < 2^96 — exact in i128. In-circle needs ~2^195 and goes through
//! Shewchuk's adaptive predicate (`robust`), exact because every input is an integer
//! below 2^53 and so an exact f64.

use std::cmp::Ordering;

use crate::grid::GridPoint;

/// Cross product of `b − a` and `c − a` as exact i128 (positive: c left of a→b).
#[inline]
pub fn orient_det(a: GridPoint, b: GridPoint, c: GridPoint) -> i128 {
    let abx = i128::from(b.x) - i128::from(a.x);
    let aby = i128::from(b.y) - i128::from(a.y);
    let acx = i128::from(c.x) - i128::from(a.x);
    let acy = i128::from(c.y) - i128::from(a.y);
    abx * acy - aby * acx
}

/// Orientation of the triple: `Greater` counter-clockwise (c left of a→b), `Less`
/// clockwise, `Equal` collinear. Exact for |coordinates| ≤ 2^61.
#[inline]
pub fn orient(a: GridPoint, b: GridPoint, c: GridPoint) -> Ordering {
    orient_det(a, b, c).cmp(&0)
}

/// Cross product of two direction vectors, exact.
#[inline]
pub fn cross(u: (i64, i64), v: (i64, i64)) -> i128 {
    i128::from(u.0) * i128::from(v.1) - i128::from(u.1) * i128::from(v.0)
}

/// In-circle test: `Greater` when `d` lies strictly inside the circle through the
/// counter-clockwise triangle a, b, c; `Equal` when cocircular; `Less` outside.
/// (For a clockwise triangle the sign flips.) Exact for |coordinates| < 2^53.
pub fn in_circle(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> Ordering {
    let p = |q: GridPoint| robust::Coord {
        x: q.x as f64,
        y: q.y as f64,
    };
    let det = robust::incircle(p(a), p(b), p(c), p(d));
    det.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// Whether segments a–b and c–d properly cross: their open interiors meet in a single
/// point, i.e. strictly opposite orientations on both segments (X8). Collinear overlaps
/// and T-junctions are not proper crossings.
#[inline]
pub fn properly_cross(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> bool {
    // Most candidate pairs fail on the first segment's line: test it before the second.
    let o1 = orient(a, b, c);
    if o1 == Ordering::Equal || o1 != orient(a, b, d).reverse() {
        return false;
    }
    let o3 = orient(c, d, a);
    o3 != Ordering::Equal && o3 == orient(c, d, b).reverse()
}

/// How two segments a–b and c–d meet, as far as the repair loop needs (X9 steps 1 and 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PairContact {
    /// The open interiors cross in one point ([`properly_cross`]).
    pub proper_crossing: bool,
    /// c, d lie in the open interior of a–b ([`strictly_inside_segment`]).
    pub c_inside_ab: bool,
    /// See `c_inside_ab`.
    pub d_inside_ab: bool,
    /// a, b lie in the open interior of c–d.
    pub a_inside_cd: bool,
    /// See `a_inside_cd`.
    pub b_inside_cd: bool,
}

/// [`properly_cross`] and the four [`strictly_inside_segment`] tests of one pair, sharing
/// the orientations: an endpoint can only lie inside the other segment when its
/// orientation against that segment's line is zero, and when c and d are strictly on one
/// side of a–b's line neither a nor b lies on c–d (the line through c–d would have to cross
/// a–b's line at a or b while c, d sit on one side).
#[inline]
pub fn pair_contact(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> PairContact {
    let mut contact = PairContact::default();
    let o1 = orient(a, b, c);
    let o2 = orient(a, b, d);
    if o1 == Ordering::Equal {
        contact.c_inside_ab = strictly_inside_segment(c, a, b);
    }
    if o2 == Ordering::Equal {
        contact.d_inside_ab = strictly_inside_segment(d, a, b);
    }
    if o1 != Ordering::Equal && o1 == o2 {
        return contact;
    }
    let o3 = orient(c, d, a);
    let o4 = orient(c, d, b);
    if o3 == Ordering::Equal {
        contact.a_inside_cd = strictly_inside_segment(a, c, d);
    }
    if o4 == Ordering::Equal {
        contact.b_inside_cd = strictly_inside_segment(b, c, d);
    }
    contact.proper_crossing =
        o1 != Ordering::Equal && o1 == o2.reverse() && o3 != Ordering::Equal && o3 == o4.reverse();
    contact
}

/// `floor((2p + q) / (2q))` for q > 0: the rational p/q rounded to the nearest integer,
/// halves rounded up (X8).
#[inline]
pub fn round_rational(p: i128, q: i128) -> i128 {
    debug_assert!(q > 0);
    (2 * p + q).div_euclid(2 * q)
}

/// The rounded point of a proper crossing of a–b and c–d ([A2], X8).
///
/// The crossing is a + t(b − a) with t = cross(c − a, d − c) / cross(b − a, d − c).
/// Overflow bound at |coordinates| ≤ 2^39: differences ≤ 2^40, both crosses ≤ 2^81,
/// numerators a·den + num·(b − a) ≤ 2^120 + 2^121 < 2^122, and 2p + q < 2^124 < 2^127.
pub fn rounded_crossing(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> GridPoint {
    let (abx, aby) = (b.x - a.x, b.y - a.y);
    let (cdx, cdy) = (d.x - c.x, d.y - c.y);
    let mut den = cross((abx, aby), (cdx, cdy));
    let mut num = cross((c.x - a.x, c.y - a.y), (cdx, cdy));
    if den < 0 {
        den = -den;
        num = -num;
    }
    let px = i128::from(a.x) * den + num * i128::from(abx);
    let py = i128::from(a.y) * den + num * i128::from(aby);
    let tie = if crate::mutation::active(crate::mutation::Mutation::RoundingTie) {
        -1
    } else {
        0
    }; // ties down
    GridPoint {
        x: round_rational(px + tie, den) as i64,
        y: round_rational(py + tie, den) as i64,
    }
}

/// Whether the closed segment a–b meets the half-open pixel of grid point c,
/// `[c − 1/2, c + 1/2)²` ([A2], [A3], X8).
///
/// In doubled coordinates the pixel is `[2c − 1, 2c + 1)²`. Its open (upper) sides are
/// shrunk symbolically by an infinitesimal ε, making it the closed box
/// `[lo, hi − ε]²`; a segment and a box are disjoint exactly when the x axis, the y
/// axis or the segment's normal separates them. The normal test evaluates the
/// orientation of each box corner; a zero at a corner moved by ε is decided by the sign
/// of the ε coefficient (moving a corner by −ε in x adds ε·dy, by −ε in y adds −ε·dx).
pub fn segment_meets_pixel(a: GridPoint, b: GridPoint, c: GridPoint) -> bool {
    let (ax, ay) = (2 * i128::from(a.x), 2 * i128::from(a.y));
    let (bx, by) = (2 * i128::from(b.x), 2 * i128::from(b.y));
    let (xlo, xhi) = (2 * i128::from(c.x) - 1, 2 * i128::from(c.x) + 1);
    let (ylo, yhi) = (2 * i128::from(c.y) - 1, 2 * i128::from(c.y) + 1);
    // Axis separation: the segment's x range [min, max] must meet [xlo, xhi − ε].
    if ax.max(bx) < xlo || ax.min(bx) >= xhi || ay.max(by) < ylo || ay.min(by) >= yhi {
        return false;
    }
    let (dx, dy) = (bx - ax, by - ay);
    // Quick exact reject: the line misses even the closed square when the centre's
    // distance to it, |det| / |d|, exceeds the square's half-width along the normal,
    // (|dx| + |dy|) / (2 |d|) in doubled units.
    let centre_det = dx * (2 * i128::from(c.y) - ay) - dy * (2 * i128::from(c.x) - ax);
    if centre_det.abs() > dx.abs() + dy.abs() {
        return false;
    }
    // Sign of the orientation of (a, b, corner) where the corner may sit on an open side.
    let side = |x: i128, y: i128, shrink_x: bool, shrink_y: bool| -> i128 {
        let det = dx * (y - ay) - dy * (x - ax);
        if det != 0 {
            return det.signum();
        }
        let mut eps = 0;
        if shrink_x {
            eps += dy;
        }
        if shrink_y {
            eps -= dx;
        }
        eps.signum()
    };
    let s = [
        side(xlo, ylo, false, false),
        side(xhi, ylo, true, false),
        side(xlo, yhi, false, true),
        side(xhi, yhi, true, true),
    ];
    // Separated when every corner is strictly on the same side of the segment's line.
    !(s.iter().all(|&v| v > 0) || s.iter().all(|&v| v < 0))
}

/// Whether `p` lies in the open interior of segment a–b (collinear and strictly between).
#[inline]
pub fn strictly_inside_segment(p: GridPoint, a: GridPoint, b: GridPoint) -> bool {
    if p == a || p == b || orient(a, b, p) != Ordering::Equal {
        return false;
    }
    let dot = |u: (i64, i64), v: (i64, i64)| {
        i128::from(u.0) * i128::from(v.0) + i128::from(u.1) * i128::from(v.1)
    };
    let t = dot((p.x - a.x, p.y - a.y), (b.x - a.x, b.y - a.y));
    let len2 = dot((b.x - a.x, b.y - a.y), (b.x - a.x, b.y - a.y));
    t > 0 && t < len2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    #[test]
    fn orientation_signs() {
        assert_eq!(orient(p(0, 0), p(1, 0), p(0, 1)), Ordering::Greater);
        assert_eq!(orient(p(0, 0), p(1, 0), p(0, -1)), Ordering::Less);
        assert_eq!(orient(p(0, 0), p(1, 1), p(5, 5)), Ordering::Equal);
    }

    #[test]
    fn in_circle_signs() {
        let (a, b, c) = (p(0, 0), p(2, 0), p(0, 2));
        assert_eq!(in_circle(a, b, c, p(1, 1)), Ordering::Greater);
        assert_eq!(in_circle(a, b, c, p(2, 2)), Ordering::Equal);
        assert_eq!(in_circle(a, b, c, p(3, 3)), Ordering::Less);
        let big = 1i64 << 45;
        let (a, b, c) = (p(-big, -big), p(3 * big, -big), p(-big, 3 * big));
        assert_eq!(in_circle(a, b, c, p(0, 0)), Ordering::Greater);
        assert_eq!(in_circle(a, b, c, p(3 * big, 3 * big)), Ordering::Equal);
    }

    #[test]
    fn crossing_rounds_half_up() {
        // x = 1/2 exactly: rounds to 1 (floor(x + 1/2)).
        let q = rounded_crossing(p(0, 0), p(1, 1), p(0, 1), p(1, 0));
        assert_eq!(q, p(1, 1));
        assert_eq!(round_rational(-1, 2), 0);
        assert_eq!(round_rational(-3, 2), -1);
        assert_eq!(round_rational(7, 3), 2);
    }

    #[test]
    fn crossing_at_the_coordinate_bound_does_not_overflow() {
        let m = 1i64 << 39;
        let (a, b, c, d) = (p(-m, -m), p(m, m - 1), p(-m, m), p(m, -m + 1));
        assert!(properly_cross(a, b, c, d));
        let q = rounded_crossing(a, b, c, d);
        assert!(q.x.abs() <= 1 && q.y.abs() <= 1, "{q:?}");
    }

    #[test]
    fn pixel_is_half_open() {
        let c = p(0, 0);
        // A point on the closed lower-left corner belongs, the open sides do not.
        assert!(segment_meets_pixel(p(-1, -1), p(0, 0), c));
        // Horizontal segment along y = +1/2 (the open top side) never meets it: use
        // doubled-friendly points via a segment from (-1, 0)..(1, 1) passing (0, 1/2).
        assert!(!segment_meets_pixel(p(-3, 1), p(3, 1), c));
        // Segment through the top-right corner (1/2, 1/2) only: misses.
        assert!(!segment_meets_pixel(p(0, 1), p(1, 0), c));
        // Segment through the bottom-left corner (-1/2, -1/2) only: meets.
        assert!(segment_meets_pixel(p(-1, 0), p(0, -1), c));
    }

    /// `pair_contact` shares orientations between five tests; it must equal them one by
    /// one on every pair of segments with endpoints in a 5×4 grid (collinear overlaps,
    /// T-junctions, shared endpoints, crossings).
    #[test]
    fn pair_contact_equals_the_separate_tests() {
        let points: Vec<GridPoint> = (-2..=2)
            .flat_map(|x| (-2..=1).map(move |y| p(x, y)))
            .collect();
        let mut contacts = [0usize; 5];
        for &a in &points {
            for &b in &points {
                for &c in &points {
                    for &d in &points {
                        if a == b || c == d {
                            continue;
                        }
                        let got = pair_contact(a, b, c, d);
                        let want = PairContact {
                            proper_crossing: properly_cross(a, b, c, d),
                            c_inside_ab: strictly_inside_segment(c, a, b),
                            d_inside_ab: strictly_inside_segment(d, a, b),
                            a_inside_cd: strictly_inside_segment(a, c, d),
                            b_inside_cd: strictly_inside_segment(b, c, d),
                        };
                        assert_eq!(got, want, "{a:?} {b:?} {c:?} {d:?}");
                        let flags = [
                            want.proper_crossing,
                            want.c_inside_ab,
                            want.d_inside_ab,
                            want.a_inside_cd,
                            want.b_inside_cd,
                        ];
                        for (k, flag) in flags.into_iter().enumerate() {
                            contacts[k] += usize::from(flag);
                        }
                    }
                }
            }
        }
        // Every kind of contact occurs, so no branch went untested.
        assert!(contacts.iter().all(|&n| n > 0), "{contacts:?}");
    }
}
