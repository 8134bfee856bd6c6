//! Exact predicates and constructions: the only place that decides signs ([G4], X8).
//!
//! Bounds. Region coordinates stay within 2^39 grid units ([G4]); the CDT's bounding
//! triangle ([D1]) reaches 3·2^45. Orientation: differences ≤ 2^47, products ≤ 2^94,
//! the determinant < 2^96 — exact in i128. In-circle needs ~2^195 in general: when every
//! difference to d is at most 2^26 its terms fit i64 and their products i128; at most
//! 2^30, it is computed in i128 (< 2^124); otherwise by
//! Shewchuk's adaptive predicate (`robust`), exact because every input is an integer
//! below 2^53 and so an exact f64.

use std::cmp::Ordering;

use crate::grid::GridPoint;

/// Largest |coordinate| for which [`orient_det`] (and so [`orient`]) is exact: the
/// differences then fit an i64 (≤ 2^62) and their products an i128. Region coordinates
/// stay within 2^39 ([G4]); the sweeps check their input against this bound.
pub const ORIENT_COORDINATE_LIMIT: i64 = 1 << 61;

/// Cross product of `b − a` and `c − a` as exact i128 (positive: c left of a→b), for
/// |coordinates| ≤ [`ORIENT_COORDINATE_LIMIT`]: each product is one 64 × 64 → 128-bit
/// multiplication of i64 differences instead of a 128-bit one (a third of the multiplies).
#[inline]
pub fn orient_det(a: GridPoint, b: GridPoint, c: GridPoint) -> i128 {
    cross((b.x - a.x, b.y - a.y), (c.x - a.x, c.y - a.y))
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
    if let Some(det) = in_circle_det_small(a, b, c, d) {
        return det.cmp(&0);
    }
    if let Some(det) = in_circle_det_i128(a, b, c, d) {
        return det.cmp(&0);
    }
    let p = |q: GridPoint| robust::Coord {
        x: q.x as f64,
        y: q.y as f64,
    };
    let det = robust::incircle(p(a), p(b), p(c), p(d));
    det.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// Largest |coordinate difference| for which [`in_circle_det_small`] is exact.
pub const IN_CIRCLE_SMALL_MAX_DIFFERENCE: i64 = 1 << 26;

/// The in-circle determinant for points close to d (every difference at most 2^26, as
/// in a CDT of a map of up to 2^10 units at 2^16 grid units each), or None. The same
/// terms as [`in_circle_det_i128`], each lifted term and each 2×2 cross in i64 (squares
/// and products at most 2^52, so each term at most 2^53), and each of their three
/// products one widening 64 × 64 → 128-bit multiplication (at most 2^106; the sum below
/// 2^108). Cheaper than the full i128 terms, and tile maps reach it on every call.
#[inline]
pub fn in_circle_det_small(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> Option<i128> {
    let limit = IN_CIRCLE_SMALL_MAX_DIFFERENCE.unsigned_abs();
    let row = |p: GridPoint| {
        let x = p.x.checked_sub(d.x)?;
        let y = p.y.checked_sub(d.y)?;
        (x.unsigned_abs() <= limit && y.unsigned_abs() <= limit).then_some((x, y))
    };
    let (ax, ay) = row(a)?;
    let (bx, by) = row(b)?;
    let (cx, cy) = row(c)?;
    let lift = |x: i64, y: i64| i128::from(x * x + y * y);
    Some(
        lift(ax, ay) * i128::from(bx * cy - by * cx)
            + lift(bx, by) * i128::from(cx * ay - cy * ax)
            + lift(cx, cy) * i128::from(ax * by - ay * bx),
    )
}

/// Largest |coordinate difference| for which [`in_circle_det_i128`] is exact.
pub const IN_CIRCLE_I128_MAX_DIFFERENCE: i128 = 1 << 30;

/// The in-circle determinant (rows translated by d) in i128, or None when a difference
/// to d exceeds 2^30. Tile-map points are often cocircular, where the float filter of
/// the adaptive predicate always falls through to its slow exact stage.
///
/// Bound: differences ≤ 2^30, so each lifted term x² + y² ≤ 2^61, each 2×2 cross
/// ≤ 2^61, each product ≤ 2^122, and the sum of three < 2^124 < 2^127.
#[inline]
pub fn in_circle_det_i128(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> Option<i128> {
    let row = |p: GridPoint| {
        let x = i128::from(p.x) - i128::from(d.x);
        let y = i128::from(p.y) - i128::from(d.y);
        (x, y)
    };
    let (ax, ay) = row(a);
    let (bx, by) = row(b);
    let (cx, cy) = row(c);
    let limit = IN_CIRCLE_I128_MAX_DIFFERENCE;
    if [ax, ay, bx, by, cx, cy].iter().any(|v| v.abs() > limit) {
        return None;
    }
    let lift = |x: i128, y: i128| x * x + y * y;
    Some(
        lift(ax, ay) * (bx * cy - by * cx)
            + lift(bx, by) * (cx * ay - cy * ax)
            + lift(cx, cy) * (ax * by - ay * bx),
    )
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

/// Whether the closed segments a–b and c–d share a point (a ≠ b, c ≠ d): a proper
/// crossing, an endpoint inside the other segment, or a common endpoint. (For the path
/// checker of `validity`.)
#[cfg(any(test, feature = "internals"))]
pub fn closed_segments_meet(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> bool {
    let contact = pair_contact(a, b, c, d);
    contact.proper_crossing
        || contact.c_inside_ab
        || contact.d_inside_ab
        || contact.a_inside_cd
        || contact.b_inside_cd
        || a == c
        || a == d
        || b == c
        || b == d
}

/// Where the line through a and b (a.y ≠ b.y) meets the horizontal line y: the x there
/// compared with v. With P that point, orient(a, b, (v, y)) = (P.x − v)·(b.y − a.y).
#[inline]
pub fn line_meets_horizontal_cmp(a: GridPoint, b: GridPoint, y: i64, v: i64) -> Ordering {
    let side = orient(a, b, GridPoint::new(v, y));
    if b.y > a.y {
        side
    } else {
        side.reverse()
    }
}

/// `floor((2p + q) / (2q))` for q > 0: the rational p/q rounded to the nearest integer,
/// halves rounded up (X8).
#[inline]
pub fn round_rational(p: i128, q: i128) -> i128 {
    debug_assert!(q > 0);
    floor_div(2 * p + q, 2 * q)
}

/// `floor(n / d)` for d > 0, divided in i64 when both fit (the usual case on grids of
/// moderate size): an i128 division is a library call several times slower.
#[inline]
pub(crate) fn floor_div(n: i128, d: i128) -> i128 {
    match (i64::try_from(n), i64::try_from(d)) {
        (Ok(n), Ok(d)) => i128::from(n.div_euclid(d)),
        _ => n.div_euclid(d),
    }
}

/// What the crossings' rounding adds to a numerator: 0, or −1 under the `RoundingTie`
/// mutation (ties then go down; never in a library user's build).
#[inline]
fn mutated_tie() -> i128 {
    if crate::mutation::active(crate::mutation::Mutation::RoundingTie) {
        -1
    } else {
        0
    }
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
    let tie = mutated_tie();
    GridPoint {
        x: round_rational(px + tie, den) as i64,
        y: round_rational(py + tie, den) as i64,
    }
}

/// [`rounded_crossing`] of a–b with a horizontal segment on the line y, for y strictly
/// between a.y and b.y: the same point (the crossing lies on that line, and x is a.x
/// plus the rational (y − a.y)(b.x − a.x) / (b.y − a.y), rounded alike), divided in i64
/// when that product fits, where the general form divides in i128. (A vertical line is
/// a horizontal one with the coordinates exchanged.)
pub fn rounded_crossing_with_horizontal(a: GridPoint, b: GridPoint, y: i64) -> GridPoint {
    let (mut num, mut den) = (
        i128::from(y - a.y) * i128::from(b.x - a.x),
        i128::from(b.y - a.y),
    );
    if den < 0 {
        (num, den) = (-num, -den);
    }
    let tie = mutated_tie();
    // |y − a.y| < |b.y − a.y|: the offset is below |b.x − a.x| ≤ 2^40.
    GridPoint {
        x: a.x + round_rational(num + tie, den) as i64,
        y,
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
    if [a.x, a.y, b.x, b.y, c.x, c.y]
        .iter()
        .all(|v| v.unsigned_abs() <= PIXEL_I64_LIMIT as u64)
    {
        segment_meets_pixel_in::<i64>(a, b, c)
    } else {
        segment_meets_pixel_in::<i128>(a, b, c)
    }
}

/// Coordinates up to which [`segment_meets_pixel`] computes in i64: the doubled
/// coordinates then differ by at most 2^30 + 2 and every product stays under 2^62, so
/// the signs are those of the i128 computation without its multiplications.
const PIXEL_I64_LIMIT: i64 = 1 << 28;

/// The integer types [`segment_meets_pixel`] computes in.
trait ExactInt:
    Copy
    + Ord
    + From<i64>
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
{
}
impl ExactInt for i64 {}
impl ExactInt for i128 {}

/// [`segment_meets_pixel`] in T, which must hold its products.
#[inline]
fn segment_meets_pixel_in<T: ExactInt>(a: GridPoint, b: GridPoint, c: GridPoint) -> bool {
    let int = T::from;
    let zero = int(0);
    let two = int(2);
    let (ax, ay) = (two * int(a.x), two * int(a.y));
    let (bx, by) = (two * int(b.x), two * int(b.y));
    let (xlo, xhi) = (two * int(c.x) - int(1), two * int(c.x) + int(1));
    let (ylo, yhi) = (two * int(c.y) - int(1), two * int(c.y) + int(1));
    // Axis separation: the segment's x range [min, max] must meet [xlo, xhi − ε].
    if ax.max(bx) < xlo || ax.min(bx) >= xhi || ay.max(by) < ylo || ay.min(by) >= yhi {
        return false;
    }
    // Quick exact reject: the line misses even the closed square.
    if !line_meets_closed_pixel_in::<T>(a, b, c) {
        return false;
    }
    let (dx, dy) = (bx - ax, by - ay);
    // Sign of the orientation of (a, b, corner) where the corner may sit on an open side.
    let side = |x: T, y: T, shrink_x: bool, shrink_y: bool| -> Ordering {
        let det = dx * (y - ay) - dy * (x - ax);
        if det != zero {
            return det.cmp(&zero);
        }
        let mut eps = zero;
        if shrink_x {
            eps = eps + dy;
        }
        if shrink_y {
            eps = eps - dx;
        }
        eps.cmp(&zero)
    };
    let s = [
        side(xlo, ylo, false, false),
        side(xhi, ylo, true, false),
        side(xlo, yhi, false, true),
        side(xhi, yhi, true, true),
    ];
    // Separated when every corner is strictly on the same side of the segment's line.
    !(s.iter().all(|&v| v == Ordering::Greater) || s.iter().all(|&v| v == Ordering::Less))
}

/// Whether the line through a and b (a ≠ b) meets the closed unit square centred on c: the
/// centre lies within the square's half-width along the line's normal, |d × (c − a)| /
/// |d| ≤ (|dx| + |dy|) / (2 |d|). Necessary for [`segment_meets_pixel`] and for c lying on
/// the segment, and one cross product: searches use it to drop far candidates before the
/// full test. Exact for |coordinates| ≤ 2^60.
#[inline]
pub fn line_meets_closed_pixel(a: GridPoint, b: GridPoint, c: GridPoint) -> bool {
    line_meets_closed_pixel_in::<i128>(a, b, c)
}

/// [`line_meets_closed_pixel`] in T, which must hold 2 |d × (c − a)|.
#[inline]
fn line_meets_closed_pixel_in<T: ExactInt>(a: GridPoint, b: GridPoint, c: GridPoint) -> bool {
    let int = T::from;
    let zero = int(0);
    let abs = |v: T| if v < zero { zero - v } else { v };
    let (dx, dy) = (int(b.x) - int(a.x), int(b.y) - int(a.y));
    let det = dx * (int(c.y) - int(a.y)) - dy * (int(c.x) - int(a.x));
    int(2) * abs(det) <= abs(dx) + abs(dy)
}

/// Largest |coordinate| for which [`NearLine`] filters: every coordinate, and every
/// difference or sum of two, is then an integer below 2^53, exact as an f64.
pub const NEAR_LINE_LIMIT: i64 = 1 << 50;

/// Relative error allowed for in [`NearLine`]'s sums of two rounded products: 2^-48, four
/// times more than the three roundings of `p − q` can make (2^-52 of |p| + |q| each, the
/// bound itself rounded once more), so the filters never drop a candidate the exact test
/// keeps.
const NEAR_LINE_SLACK: f64 = 1.0 / (1u64 << 48) as f64;

/// The segment a–b prepared for the candidate searches' float filters. A filter may keep
/// a point the exact test drops, never drop one it keeps, and a range may be wider than
/// exact, never narrower, so what the searches report stays a superset and no result
/// changes ([C1]); the point filter replaces the i128 cross product of
/// [`line_meets_closed_pixel`] by two f64 products. With a coordinate beyond
/// [`NEAR_LINE_LIMIT`] (of a, b or the `bound` the caller promises for every point and
/// window it asks about) the point filter is the exact test and the range the segment's
/// whole y range.
#[derive(Debug, Clone, Copy)]
pub struct NearLine {
    a: GridPoint,
    b: GridPoint,
    exact: bool,
    ax: f64,
    ay: f64,
    dx: f64,
    dy: f64,
    /// (|dx| + |dy|) / 2: the reach of a closed unit square along the normal, times |d|.
    half_reach: f64,
}

impl NearLine {
    /// The filters of segment a–b for points and windows within ±`bound`.
    pub fn new(a: GridPoint, b: GridPoint, bound: i64) -> NearLine {
        let exact = [a.x, a.y, b.x, b.y]
            .iter()
            .any(|v| v.unsigned_abs() > NEAR_LINE_LIMIT as u64)
            || bound.unsigned_abs() > NEAR_LINE_LIMIT as u64;
        let (dx, dy) = ((b.x - a.x) as f64, (b.y - a.y) as f64);
        NearLine {
            a,
            b,
            exact,
            ax: a.x as f64,
            ay: a.y as f64,
            dx,
            dy,
            half_reach: (dx.abs() + dy.abs()) / 2.0,
        }
    }

    /// False only when [`line_meets_closed_pixel`] is false for c.
    #[inline]
    pub fn may_meet_pixel(&self, c: GridPoint) -> bool {
        if self.exact {
            return line_meets_closed_pixel(self.a, self.b, c);
        }
        let p = self.dx * (c.y as f64 - self.ay);
        let q = self.dy * (c.x as f64 - self.ax);
        (p - q).abs() <= self.half_reach + (p.abs() + q.abs()) * NEAR_LINE_SLACK
    }

    /// A range of whole y values holding the segment's y at every x of the window
    /// `[x0, x1]` within the segment's x range (`None` when they do not meet): the float
    /// line through the window's ends, widened by the allowance. The whole
    /// y range of the segment when the segment is vertical or the filters are exact.
    #[inline]
    pub fn y_range_over(&self, x0: i64, x1: i64) -> Option<(i64, i64)> {
        let (a, b) = (self.a, self.b);
        let (w0, w1) = (x0.max(a.x.min(b.x)), x1.min(a.x.max(b.x)));
        if w0 > w1 {
            return None;
        }
        let (y_min, y_max) = (a.y.min(b.y), a.y.max(b.y));
        if self.exact || a.x == b.x {
            return Some((y_min, y_max));
        }
        // Each value carries three roundings (the slope, the product, the sum), each at
        // most 2^-53 of a term no larger than |y| + |a.y|: within the allowance.
        let slope = self.dy / self.dx;
        let at = |x: i64| self.ay + (x as f64 - self.ax) * slope;
        let (y0, y1) = (at(w0), at(w1));
        let (lo, hi) = (y0.min(y1), y0.max(y1));
        let slack = (lo.abs() + hi.abs() + self.ay.abs()) * NEAR_LINE_SLACK;
        Some((
            ((lo - slack).floor() as i64).max(y_min),
            ((hi + slack).ceil() as i64).min(y_max),
        ))
    }
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

    /// The crossing with a horizontal line is `rounded_crossing`'s with any segment on
    /// that line, and the comparison places that crossing as it lies: on every small
    /// configuration, and scaled towards the coordinate bound.
    #[test]
    fn crossings_with_horizontal_lines_are_the_general_ones() {
        let range = -4..=4i64;
        for scale in [1, 3, 1 << 20, 1 << 37] {
            let s = |v: i64| v * scale + v.signum() * (scale / 3);
            for (ax, ay, bx, by) in range.clone().flat_map(|ax| {
                range.clone().flat_map(move |ay| {
                    [(4, 3), (-3, 4), (1, -4), (3, -1)]
                        .into_iter()
                        .map(move |(bx, by)| (ax, ay, bx, by))
                })
            }) {
                let (a, b) = (p(s(ax), s(ay)), p(s(bx), s(by)));
                for line in range.clone().map(s) {
                    if (a.y.min(b.y) + 1..b.y.max(a.y)).contains(&line) {
                        let got = rounded_crossing_with_horizontal(a, b, line);
                        let far = 5 * scale;
                        assert_eq!(got, rounded_crossing(a, b, p(-far, line), p(far, line)));
                        for v in [got.x - 1, got.x, got.x + 1] {
                            // v against the crossing's x, both times |b.y − a.y|.
                            let exact = (i128::from(a.x) * i128::from(b.y - a.y)
                                + i128::from(line - a.y) * i128::from(b.x - a.x))
                                * i128::from((b.y - a.y).signum());
                            let v_scaled = i128::from(v) * i128::from((b.y - a.y).abs());
                            assert_eq!(
                                line_meets_horizontal_cmp(a, b, line, v),
                                exact.cmp(&v_scaled)
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn orientation_signs() {
        assert_eq!(orient(p(0, 0), p(1, 0), p(0, 1)), Ordering::Greater);
        assert_eq!(orient(p(0, 0), p(1, 0), p(0, -1)), Ordering::Less);
        assert_eq!(orient(p(0, 0), p(1, 1), p(5, 5)), Ordering::Equal);
    }

    /// The line test against its definition, the four corners of the closed unit square
    /// not all strictly on one side (in doubled coordinates), and as a necessary condition
    /// of the pixel test, on every small configuration.
    #[test]
    fn line_meets_closed_pixel_is_the_corner_test() {
        let range = -3..=3i64;
        let (mut met, mut missed) = (0, 0);
        for (ax, ay, bx, by) in range.clone().flat_map(|ax| {
            range.clone().flat_map(move |ay| {
                [(3, 1), (-2, 3), (1, -3), (ax, 2), (0, ay)]
                    .into_iter()
                    .map(move |(bx, by)| (ax, ay, bx, by))
            })
        }) {
            let (a, b) = (p(ax, ay), p(bx, by));
            if a == b {
                continue;
            }
            for cx in -4..=4 {
                for cy in -4..=4 {
                    let c = p(cx, cy);
                    let sides = [(-1, -1), (1, -1), (-1, 1), (1, 1)].map(|(sx, sy)| {
                        orient(
                            p(2 * ax, 2 * ay),
                            p(2 * bx, 2 * by),
                            p(2 * cx + sx, 2 * cy + sy),
                        )
                    });
                    let corner_test = !(sides.iter().all(|&s| s == Ordering::Greater)
                        || sides.iter().all(|&s| s == Ordering::Less));
                    assert_eq!(
                        line_meets_closed_pixel(a, b, c),
                        corner_test,
                        "{a:?} {b:?} {c:?}"
                    );
                    if segment_meets_pixel(a, b, c) {
                        assert!(corner_test);
                    }
                    if corner_test {
                        met += 1;
                    } else {
                        missed += 1;
                    }
                }
            }
        }
        assert!(met > 1000 && missed > 1000, "{met} {missed}");
    }

    /// The float filters never drop what the exact tests keep: points on, near and far
    /// from random lines at every scale up to [`NEAR_LINE_LIMIT`], the corner contacts
    /// (|det| exactly the half reach) among them, and the segment's y over windows; and
    /// they do drop far points.
    #[test]
    fn near_line_keeps_every_contact() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: i64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % (2 * m as u64 + 1)) as i64 - m
        };
        let (mut kept, mut dropped, mut contacts) = (0, 0, 0);
        for scale in [1i64 << 3, 1 << 20, 1 << 40, NEAR_LINE_LIMIT - 8] {
            for _ in 0..4000 {
                let (a, b) = (p(next(scale), next(scale)), p(next(scale), next(scale)));
                if a == b {
                    continue;
                }
                let line = NearLine::new(a, b, scale + 8);
                // A point of the segment (a rational, floored) moved by a few units.
                let t = next(1000) + 1000;
                let on = p(
                    a.x + ((b.x - a.x) as i128 * t as i128 / 2000) as i64,
                    a.y + ((b.y - a.y) as i128 * t as i128 / 2000) as i64,
                );
                for c in [
                    on,
                    p(on.x + next(2), on.y + next(2)),
                    p(next(scale), next(scale)),
                ] {
                    let c = p(c.x.clamp(-scale, scale), c.y.clamp(-scale, scale));
                    let exact = line_meets_closed_pixel(a, b, c);
                    assert!(!exact || line.may_meet_pixel(c), "{a:?} {b:?} {c:?}");
                    contacts += usize::from(
                        exact
                            && 2 * orient_det(a, b, c).abs()
                                == i128::from((b.x - a.x).abs() + (b.y - a.y).abs()),
                    );
                    // The segment's y at both ends of a window around c.x, floored and
                    // ceiled exactly, lies in the range.
                    let (x0, x1) = (c.x - next(3).abs(), c.x + next(3).abs());
                    if let Some((lo, hi)) = line.y_range_over(x0, x1) {
                        let (l, r) = if a.x <= b.x { (a, b) } else { (b, a) };
                        for x in [x0.max(l.x), x1.min(r.x)] {
                            let (y_floor, y_ceil) = if l.x == r.x {
                                (l.y.min(r.y), l.y.max(r.y))
                            } else {
                                let num = i128::from(x - l.x) * i128::from(r.y - l.y);
                                let den = i128::from(r.x - l.x);
                                let q = num.div_euclid(den);
                                let ceil = q + i128::from(num.rem_euclid(den) != 0);
                                (
                                    (i128::from(l.y) + q) as i64,
                                    (i128::from(l.y) + ceil) as i64,
                                )
                            };
                            assert!(lo <= y_floor && y_ceil <= hi, "{a:?} {b:?} {x}: {lo} {hi}");
                        }
                    } else {
                        assert!(x1 < a.x.min(b.x) || x0 > a.x.max(b.x));
                    }
                    if line.may_meet_pixel(c) {
                        kept += 1;
                    } else {
                        dropped += 1;
                    }
                }
            }
        }
        // Corner contacts by construction: the diagonal through the corner (1, 0) of the
        // pixel at the origin's neighbour, at scales up to the limit.
        for k in [0, 10, 30, 48] {
            let s = 1i64 << k;
            let (a, b) = (p(-s, -s), p(s, s));
            for c in [p(1, 0), p(0, 1), p(-1, 0), p(s, s - 1)] {
                assert!(line_meets_closed_pixel(a, b, c));
                assert!(NearLine::new(a, b, s + 1).may_meet_pixel(c), "{k} {c:?}");
            }
            assert!(!line_meets_closed_pixel(a, b, p(2, 0)));
            assert!(!NearLine::new(a, b, s + 2).may_meet_pixel(p(2, 0)) || k == 48);
        }
        assert!(kept > 5000 && dropped > 5000, "{kept} {dropped} {contacts}");
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

    /// The i128 in-circle against Shewchuk's adaptive predicate, and its range: random
    /// points within 2^30 of d (uniform, and at ±2^30), cocircular quads of radius
    /// 5 · 2^30 / 10 and one unit off, and the first difference beyond 2^30.
    #[test]
    fn in_circle_i128_agrees_with_the_adaptive_predicate() {
        let adaptive = |a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint| {
            let f = |q: GridPoint| robust::Coord {
                x: q.x as f64,
                y: q.y as f64,
            };
            robust::incircle(f(a), f(b), f(c), f(d))
                .partial_cmp(&0.0)
                .unwrap()
        };
        let limit = 1i64 << 30;
        let mut state = 7u64;
        let mut next = || {
            state = crate::cdt::order::splitmix64_output(state);
            state
        };
        let d = p(3 << 44, -(3 << 44));
        let mut signs = [0usize; 3];
        for round in 0..20_000 {
            let mut r = [0u64; 6];
            r.iter_mut().for_each(|v| *v = next());
            let diff = |v: u64| match v % 4 {
                0 => [limit, -limit, limit - 1, 0][(v >> 2) as usize % 4],
                _ => ((v >> 2) % (2 * limit as u64 + 1)) as i64 - limit,
            };
            let (a, b, c) = if round % 2 == 0 {
                let q = |k: usize| p(d.x + diff(r[2 * k]), d.y + diff(r[2 * k + 1]));
                (q(0), q(1), q(2))
            } else {
                // Cocircular with d: radius 5k around d − (5k, 0), so d lies on it.
                let k = limit / 10;
                let centre = p(d.x - 5 * k, d.y);
                let o = [(4, 3), (-3, 4), (0, -5), (-5, 0), (3, -4)];
                let at = |v: u64| {
                    let (x, y) = o[(v % 5) as usize];
                    p(centre.x + k * x, centre.y + k * y)
                };
                (at(r[0]), at(r[1]), at(r[2]))
            };
            let det = in_circle_det_i128(a, b, c, d).expect("differences within 2^30");
            assert_eq!(det.cmp(&0), adaptive(a, b, c, d), "{a:?} {b:?} {c:?} {d:?}");
            assert_eq!(in_circle(a, b, c, d), adaptive(a, b, c, d));
            signs[(det.signum() + 1) as usize] += 1;
            let off = p(d.x + 1, d.y);
            assert_eq!(in_circle(a, b, c, off), adaptive(a, b, c, off));
        }
        assert!(signs.iter().all(|&n| n > 100), "{signs:?}");
        // The largest determinant: three corners at ±2^30 (terms up to 2^122).
        let (a, b, c) = (p(limit, -limit), p(limit, limit), p(-limit, limit));
        let det = in_circle_det_i128(a, b, c, p(0, 0)).unwrap();
        assert_eq!(det.cmp(&0), adaptive(a, b, c, p(0, 0)));
        assert_eq!(in_circle_det_i128(p(limit + 1, 0), b, c, p(0, 0)), None);
        assert_eq!(in_circle_det_i128(a, b, p(0, -limit - 1), p(0, 0)), None);
    }

    /// The i64 tier equals the i128 determinant wherever it answers: random differences
    /// within 2^26 (and at ±2^26), its largest determinant, cocircular quads, and None
    /// from the first difference beyond 2^26 (and on i64 overflow of a difference).
    #[test]
    fn in_circle_small_equals_the_i128_determinant() {
        let limit = IN_CIRCLE_SMALL_MAX_DIFFERENCE;
        let mut state = 11u64;
        let mut next = || {
            state = crate::cdt::order::splitmix64_output(state);
            state
        };
        let d = p(-(5 << 40), 7 << 38);
        let mut signs = [0usize; 3];
        for _ in 0..20_000 {
            let mut diff = || {
                let v = next();
                match v % 4 {
                    0 => [limit, -limit, limit - 1, 0][(v >> 2) as usize % 4],
                    _ => ((v >> 2) % (2 * limit as u64 + 1)) as i64 - limit,
                }
            };
            let mut q = || p(d.x + diff(), d.y + diff());
            let (a, b, c) = (q(), q(), q());
            let det = in_circle_det_small(a, b, c, d).expect("within 2^26");
            assert_eq!(Some(det), in_circle_det_i128(a, b, c, d));
            signs[(det.signum() + 1) as usize] += 1;
        }
        assert!(signs[0] > 100 && signs[2] > 100, "{signs:?}");
        let (a, b, c) = (p(limit, -limit), p(limit, limit), p(-limit, limit));
        let o = p(0, 0);
        assert_eq!(
            in_circle_det_small(a, b, c, o),
            in_circle_det_i128(a, b, c, o)
        );
        // The unit square and its circle: cocircular, as on every tile map.
        let k = limit / 2;
        let square = [p(0, 0), p(k, 0), p(k, k), p(0, k)];
        assert_eq!(
            in_circle_det_small(square[0], square[1], square[2], square[3]),
            Some(0)
        );
        assert_eq!(in_circle_det_small(p(limit + 1, 0), b, c, o), None);
        assert_eq!(in_circle_det_small(a, p(0, -limit - 1), c, o), None);
        let far = p(i64::MIN, 0);
        assert_eq!(in_circle_det_small(far, b, c, p(1, 0)), None);
        assert_eq!(
            in_circle(a, b, c, o),
            in_circle_det_i128(a, b, c, o).unwrap().cmp(&0)
        );
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

    /// The i64 path of `segment_meets_pixel` decides like the i128 one, up to its limit of
    /// 2^28: segments from a corner of the limit box, pixels next to them (on and beside
    /// the line, where the half-open sides decide).
    #[test]
    fn segment_meets_pixel_i64_agrees_with_i128() {
        let limit = PIXEL_I64_LIMIT;
        let mut rng = crate::workloads::XorShift64::new(0);
        let mut met = 0;
        for k in 0..20_000 {
            let mut c = |r: i64| (rng.next_u64() % (2 * r as u64 + 1)) as i64 - r;
            let scale = if k % 2 == 0 { 40 } else { limit };
            let a = p(c(scale), c(scale));
            let b = p(c(scale), c(scale));
            // A point of a–b at parameter t / 8, rounded, moved by at most one pixel.
            let t = c(4) + 4;
            let on = p(a.x + (b.x - a.x) * t / 8, a.y + (b.y - a.y) * t / 8);
            let pixel = p(
                (on.x + c(1)).clamp(-limit, limit),
                (on.y + c(1)).clamp(-limit, limit),
            );
            let fast = segment_meets_pixel_in::<i64>(a, b, pixel);
            assert_eq!(
                fast,
                segment_meets_pixel_in::<i128>(a, b, pixel),
                "{a:?} {b:?} {pixel:?}"
            );
            assert_eq!(fast, segment_meets_pixel(a, b, pixel));
            met += usize::from(fast);
        }
        // Both outcomes occur often.
        assert!((2_000..18_000).contains(&met), "{met}");
    }
}
