//! The snap grid ([G1]–[G3], X3, X4): options, integer grid points, snapping and
//! coordinate validation.

use crate::error::{Axis, Error, Location, Result};

/// Largest magnitude of a public coordinate, 2^21 ([G1]).
pub const MAX_COORDINATE: f64 = 2_097_152.0;
/// Largest allowed snap bits ([G2]).
pub const MAX_SNAP_BITS: u8 = 16;
/// Default snap bits ([G2]).
pub const DEFAULT_SNAP_BITS: u8 = 16;

/// The largest grid coordinate magnitude a checked structure may hold (`Region::check`,
/// `NavMesh::check`): 2^39, room for offsets beyond the 2^37 of an input; the
/// predicates' i128 terms are exact far beyond it.
pub(crate) const CHECKED_BOUND: i64 = 1 << 39;

/// Options shared by every operation: the grid unit is `2^-snap_bits` ([G2]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[non_exhaustive]
pub struct Geometry2DOptions {
    /// 0 ..= 16; anything else is an invalid-argument error at the first use.
    pub snap_bits: u8,
}

impl Default for Geometry2DOptions {
    fn default() -> Self {
        Geometry2DOptions {
            snap_bits: DEFAULT_SNAP_BITS,
        }
    }
}

impl Geometry2DOptions {
    /// Options with the given snap bits, validated (X4).
    ///
    /// ```
    /// use build2d::Geometry2DOptions;
    /// assert_eq!(Geometry2DOptions::new(8).unwrap().snap_bits, 8);
    /// assert!(Geometry2DOptions::new(17).is_err());
    /// ```
    pub fn new(snap_bits: u32) -> Result<Self> {
        let options = Geometry2DOptions {
            snap_bits: u8::try_from(snap_bits).unwrap_or(u8::MAX),
        };
        options.validate()?;
        Ok(options)
    }

    /// The same options with other snap bits, unchecked: like every option, they are
    /// validated at their first use (X3), so an operation reports a bad value as its error.
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Region};
    /// let options = Geometry2DOptions::default().with_snap_bits(17);
    /// assert!(options.validate().is_err());
    /// assert!(Region::from_outlines(&[], options).is_err());
    /// ```
    pub fn with_snap_bits(self, snap_bits: u8) -> Self {
        Geometry2DOptions { snap_bits }
    }

    /// Checks `snap_bits` is in 0 ..= 16 (X3: checked first, X4).
    ///
    /// ```
    /// use build2d::Geometry2DOptions;
    /// assert!(Geometry2DOptions::default().validate().is_ok());
    /// assert!(Geometry2DOptions::default().with_snap_bits(20).validate().is_err());
    /// ```
    pub fn validate(&self) -> Result<()> {
        check_snap_bits(self.snap_bits)
    }

    /// Grid units per public unit, `2^snap_bits`, exact.
    ///
    /// ```
    /// use build2d::Geometry2DOptions;
    /// assert_eq!(Geometry2DOptions::new(8)?.scale(), 256.0);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn scale(&self) -> f64 {
        scale(self.snap_bits)
    }
}

/// Checks snap bits are in 0 ..= 16.
pub fn check_snap_bits(snap_bits: u8) -> Result<()> {
    if snap_bits > MAX_SNAP_BITS {
        return Err(Error::invalid(
            "snap_bits",
            format!("must be in 0..=16, got {snap_bits}"),
        ));
    }
    Ok(())
}

/// Snap bits given as any integer (a case file, another language's API): the value itself
/// when it is in 0 ..= 16, else the invalid argument `snap_bits` of [`check_snap_bits`]
/// naming the value as given (never clamped).
#[cfg(any(test, feature = "internals", feature = "conform"))]
pub fn snap_bits_from_integer(value: i64) -> Result<u8> {
    match u8::try_from(value) {
        Ok(bits) => check_snap_bits(bits).map(|()| bits),
        Err(_) => Err(Error::invalid(
            "snap_bits",
            format!("must be in 0..=16, got {value}"),
        )),
    }
}

/// `2^snap_bits` as f64 (exact).
pub fn scale(snap_bits: u8) -> f64 {
    f64::from(1u32 << snap_bits.min(MAX_SNAP_BITS))
}

/// A point of the snap grid, in grid units. Ordered by (x, y).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GridPoint {
    /// x in grid units.
    pub x: i64,
    /// y in grid units.
    pub y: i64,
}

impl GridPoint {
    /// The point (x, y) in grid units.
    ///
    /// ```
    /// use build2d::GridPoint;
    /// let p = GridPoint::new(3, -1);
    /// assert_eq!((p.x, p.y), (3, -1));
    /// assert!(p < GridPoint::new(3, 0)); // ordered by (x, y)
    /// ```
    pub const fn new(x: i64, y: i64) -> Self {
        GridPoint { x, y }
    }

    /// The grid point of a public point: each coordinate snapped as an input vertex is
    /// (round half to even of `v × 2^snap_bits`, X4), after the same checks (finite,
    /// magnitude ≤ 2^21, [G1]; snap bits ≤ 16, [G2]). A failure names the argument `x` or
    /// `y`. For queries such as `NavMesh::find_path` on points given in public units.
    ///
    /// ```
    /// use build2d::GridPoint;
    /// assert_eq!(GridPoint::snapped([1.5, -0.25], 2)?, GridPoint::new(6, -1));
    /// assert_eq!(GridPoint::snapped([0.125, 0.375], 2)?, GridPoint::new(0, 2)); // half to even
    /// assert!(GridPoint::snapped([f64::NAN, 0.0], 16).is_err());
    /// assert!(GridPoint::snapped([0.0, 0.0], 17).is_err());
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn snapped(point: [f64; 2], snap_bits: u8) -> Result<Self> {
        check_snap_bits(snap_bits)?;
        let argument = |name: &str| Location::Argument { name: name.into() };
        Ok(GridPoint {
            x: snap_checked(point[0], snap_bits, || argument("x"))?,
            y: snap_checked(point[1], snap_bits, || argument("y"))?,
        })
    }

    /// The exact public value `(x, y) × 2^-snap_bits` ([G3]); exact because |x| < 2^53.
    ///
    /// ```
    /// use build2d::GridPoint;
    /// assert_eq!(GridPoint::new(3, -1).to_f64(1), [1.5, -0.5]);
    /// ```
    pub fn to_f64(self, snap_bits: u8) -> [f64; 2] {
        [
            grid_to_f64(self.x, snap_bits),
            grid_to_f64(self.y, snap_bits),
        ]
    }
}

/// The exact public value of a grid coordinate.
pub fn grid_to_f64(value: i64, snap_bits: u8) -> f64 {
    // |value| < 2^53 for every grid coordinate, so the conversion and division are exact.
    value as f64 / scale(snap_bits)
}

/// Whether a public coordinate is finite and within ±2^21 ([G1]).
pub fn coordinate_in_range(value: f64) -> bool {
    value.is_finite() && value.abs() <= MAX_COORDINATE
}

/// Snaps a public coordinate to the grid: round_half_even(value × 2^snap_bits) (X4).
///
/// The caller has validated `value` ([`coordinate_in_range`]) and `snap_bits`; the
/// product is then exact (multiplication by a power of two) and below 2^37.
///
/// ```
/// use build2d::grid::snap;
/// assert_eq!(snap(0.5, 0), 0);
/// assert_eq!(snap(1.5, 0), 2);
/// assert_eq!(snap(-2.5, 0), -2);
/// assert_eq!(snap(1.0 / 3.0, 16), 21845);
/// ```
pub fn snap(value: f64, snap_bits: u8) -> i64 {
    round_half_even(value * scale(snap_bits))
}

/// 2^52: from here on every f64 is an integer, and below it the integers are 1 apart.
const TWO_POW_52: f64 = 4_503_599_627_370_496.0;

/// `value` rounded to the nearest integer, ties to even, as an i64 (X4, X11): values
/// beyond i64 saturate and NaN gives 0, as `value.round_ties_even() as i64` does.
///
/// Without SSE4.1 (x86-64's baseline) `round_ties_even` is a call into libm's `rint`;
/// the shrink rounds two offsets per slanted edge and one per axis-parallel one. Adding
/// 2^52 to a magnitude m below 2^52 gives a sum in [2^52, 2^53), where the doubles are
/// the integers, so the addition rounds m to the nearest integer, ties to even (2^52 is
/// even: the sum's parity is the rounded m's); subtracting 2^52 again is exact. Larger
/// magnitudes are integers already. The sign goes back on last.
pub fn round_half_even(value: f64) -> i64 {
    let magnitude = value.abs();
    let rounded = if magnitude < TWO_POW_52 {
        (magnitude + TWO_POW_52) - TWO_POW_52
    } else {
        magnitude
    };
    rounded.copysign(value) as i64
}

/// Validates and snaps one public coordinate, naming `location` on failure.
pub fn snap_checked(value: f64, snap_bits: u8, location: impl FnOnce() -> Location) -> Result<i64> {
    if !coordinate_in_range(value) {
        return Err(Error::OutOfRange {
            location: location(),
            value,
        });
    }
    Ok(snap(value, snap_bits))
}

/// Validates and snaps an outline vertex (x before y, X3).
pub fn snap_vertex(
    point: [f64; 2],
    snap_bits: u8,
    outline: usize,
    ring: usize,
    vertex: usize,
) -> Result<GridPoint> {
    let at = |axis| Location::Vertex {
        outline,
        ring,
        vertex,
        axis,
    };
    let x = snap_checked(point[0], snap_bits, || at(Axis::X))?;
    let y = snap_checked(point[1], snap_bits, || at(Axis::Y))?;
    Ok(GridPoint { x, y })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapping_rounds_ties_to_even() {
        assert_eq!(snap(2.5, 0), 2);
        assert_eq!(snap(3.5, 0), 4);
        assert_eq!(snap(-0.5, 0), 0);
        assert_eq!(snap(MAX_COORDINATE, 16), 1i64 << 37);
        assert_eq!(snap(f64::MIN_POSITIVE / 4.0, 16), 0);
    }

    /// `round_half_even` against the library's `round_ties_even` where the two are
    /// hardest to tell apart: ties, both sides of every power of two up to 2^63, signed
    /// zeros, NaN, infinities and magnitudes beyond i64.
    #[test]
    fn rounding_half_even_is_the_library_rounding() {
        let reference = |v: f64| v.round_ties_even() as i64;
        let mut values = vec![0.0, -0.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        values.extend([f64::MIN_POSITIVE, 5e-324, 0.49999999999999994, 1e19, 9.3e18]);
        for k in 0..64 {
            let base = f64::from(k).exp2();
            for v in [
                base,
                base + 0.5,
                base - 0.5,
                base.next_up(),
                base.next_down(),
            ] {
                values.extend([v, -v, v + 1.5, v + 2.5]);
            }
        }
        for v in values {
            assert_eq!(round_half_even(v), reference(v), "{v:e}");
        }
    }

    proptest::proptest! {
        #[test]
        fn rounding_half_even_agrees_on_any_double(bits in proptest::prelude::any::<u64>()) {
            let v = f64::from_bits(bits);
            proptest::prop_assert_eq!(round_half_even(v), v.round_ties_even() as i64);
        }

        #[test]
        fn rounding_half_even_agrees_on_quarters(
            n in -(1i64 << 53)..(1i64 << 53),
            quarter in 0i64..4,
        ) {
            let v = n as f64 + quarter as f64 / 4.0;
            proptest::prop_assert_eq!(round_half_even(v), v.round_ties_even() as i64);
        }
    }

    #[test]
    fn a_query_point_snaps_as_an_input_vertex() {
        // Ties, negatives, both ends of the range, every snap bit: the same grid point.
        let values = [
            0.0,
            -0.0,
            0.5,
            -2.5,
            1.0 / 3.0,
            1e-9,
            MAX_COORDINATE,
            -MAX_COORDINATE,
        ];
        for bits in 0..=MAX_SNAP_BITS {
            for &x in &values {
                for &y in &values {
                    assert_eq!(
                        GridPoint::snapped([x, y], bits).unwrap(),
                        snap_vertex([x, y], bits, 0, 0, 0).unwrap()
                    );
                }
            }
        }
        let argument = |e: Error| match e {
            Error::OutOfRange { location, .. } => location,
            other => panic!("{other:?}"),
        };
        let y = Location::Argument { name: "y".into() };
        let x = Location::Argument { name: "x".into() };
        let beyond = MAX_COORDINATE.next_up();
        assert_eq!(
            argument(GridPoint::snapped([0.0, f64::NAN], 4).unwrap_err()),
            y
        );
        assert_eq!(
            argument(GridPoint::snapped([beyond, f64::NAN], 4).unwrap_err()),
            x
        );
        assert!(matches!(
            GridPoint::snapped([0.0, 0.0], MAX_SNAP_BITS + 1),
            Err(Error::InvalidArgument { .. })
        ));
    }

    #[test]
    fn range_check_names_the_vertex() {
        let err = snap_vertex([0.0, f64::NAN], 16, 1, 2, 3).unwrap_err();
        match err {
            Error::OutOfRange { location, value } => {
                assert!(value.is_nan());
                assert_eq!(
                    location,
                    Location::Vertex {
                        outline: 1,
                        ring: 2,
                        vertex: 3,
                        axis: Axis::Y
                    }
                );
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(snap_vertex([MAX_COORDINATE, -MAX_COORDINATE], 16, 0, 0, 0).is_ok());
        assert!(snap_vertex([MAX_COORDINATE.next_up(), 0.0], 16, 0, 0, 0).is_err());
    }

    #[test]
    fn snap_bits_range() {
        assert!(Geometry2DOptions::new(0).is_ok());
        assert!(Geometry2DOptions::new(16).is_ok());
        assert!(Geometry2DOptions::new(17).is_err());
        assert!(Geometry2DOptions::new(u32::MAX).is_err());
    }

    #[test]
    fn snap_bits_from_any_integer() {
        assert_eq!(snap_bits_from_integer(0), Ok(0));
        assert_eq!(snap_bits_from_integer(16), Ok(16));
        for bad in [-1, 17, 255, 256, 300, i64::MIN, i64::MAX] {
            match snap_bits_from_integer(bad) {
                Err(Error::InvalidArgument {
                    argument, reason, ..
                }) => {
                    assert_eq!(argument, "snap_bits");
                    assert!(reason.ends_with(&bad.to_string()), "{reason}");
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
    }
}
