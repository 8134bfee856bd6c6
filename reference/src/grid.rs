//! Reference snap grid ([G1], [G2], X3, X4): exact f64 → BigRational conversion and
//! round-half-even on the rational. No floating-point arithmetic touches a value.

use crate::mutation::{self, Mutation};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};
use serde_json::Value;

use crate::error::RefError;

/// Largest public coordinate magnitude, 2^21 ([G1]); the bound itself is legal.
pub const MAX_COORDINATE: f64 = 2_097_152.0;

/// Largest snap bits ([G2], X4).
pub const MAX_SNAP_BITS: u8 = 16;

/// X4: snap bits outside 0..=16 are an invalid argument `snap_bits`.
pub fn check_snap_bits(snap_bits: u8) -> Result<(), RefError> {
    if snap_bits <= MAX_SNAP_BITS {
        Ok(())
    } else {
        Err(RefError::InvalidArgument {
            argument: "snap_bits".to_string(),
            location: None,
        })
    }
}

/// [G1]: finite with magnitude at most 2^21.
pub fn coordinate_in_range(v: f64) -> bool {
    v.is_finite() && v.abs() <= MAX_COORDINATE
}

/// The exact value of a finite f64 as a rational, decoded from its bits
/// (sign · mantissa · 2^exponent); `None` for NaN and infinities.
pub fn exact_rational(v: f64) -> Option<BigRational> {
    if !v.is_finite() {
        return None;
    }
    let bits = v.to_bits();
    let negative = bits >> 63 == 1;
    let biased_exponent = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1u64 << 52) - 1);
    // Normal numbers carry the implicit leading 1; subnormals (biased exponent 0) have
    // exponent 1 − 1023 − 52 = −1074 like the smallest normal.
    let (mantissa, exponent) = if biased_exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), biased_exponent - 1075)
    };
    let mut numerator = BigInt::from(mantissa);
    if negative {
        numerator = -numerator;
    }
    Some(times_power_of_two(
        BigRational::from_integer(numerator),
        exponent,
    ))
}

/// r · 2^e exactly.
pub fn times_power_of_two(r: BigRational, e: i64) -> BigRational {
    let shift = usize::try_from(e.unsigned_abs()).unwrap_or(usize::MAX);
    let power = BigInt::one() << shift;
    if e >= 0 {
        r * BigRational::from_integer(power)
    } else {
        r / BigRational::from_integer(power)
    }
}

/// Round to the nearest integer, exact ties to the even neighbour (X4).
pub fn round_half_even(r: &BigRational) -> BigInt {
    let (floor, remainder) = r.numer().div_mod_floor(r.denom());
    // remainder in [0, denom): compare remainder/denom with 1/2.
    let twice = &remainder * BigInt::from(2);
    match twice.cmp(r.denom()) {
        std::cmp::Ordering::Less => floor,
        std::cmp::Ordering::Greater => floor + 1,
        std::cmp::Ordering::Equal => {
            if floor.is_even() && !mutation::active(Mutation::X4HalfUp) {
                floor
            } else {
                floor + 1
            }
        }
    }
}

/// round_half_even(v × 2^snap_bits) for a finite v (X4); `None` for non-finite input.
pub fn snap_exact(v: f64, snap_bits: u8) -> Option<BigInt> {
    let r = exact_rational(v)?;
    Some(round_half_even(&times_power_of_two(
        r,
        i64::from(snap_bits),
    )))
}

/// Validates then snaps one public coordinate: snap bits first (invalid argument), then
/// the value ([G1]: out of range with the caller's `location`), as X3 orders them.
pub fn snap(v: f64, snap_bits: u8, location: impl FnOnce() -> Value) -> Result<i64, RefError> {
    check_snap_bits(snap_bits)?;
    let out_of_range = || RefError::OutOfRange {
        location: location(),
        value: v,
    };
    if !coordinate_in_range(v) {
        return Err(out_of_range());
    }
    // |v| ≤ 2^21 and snap_bits ≤ 16 give |q| ≤ 2^37, so the conversion cannot fail.
    snap_exact(v, snap_bits)
        .and_then(|q| q.to_i64())
        .ok_or_else(out_of_range)
}

/// The exact value of a grid coordinate, q · 2^−snap_bits, as a rational.
pub fn grid_value(q: i64, snap_bits: u8) -> BigRational {
    times_power_of_two(
        BigRational::from_integer(BigInt::from(q)),
        -i64::from(snap_bits),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;
    use serde_json::json;

    fn q(v: f64, bits: u8) -> i64 {
        snap(v, bits, || json!(null)).expect("in range")
    }

    #[test]
    fn exact_rational_decodes_bits() {
        // 0.1 is 0x3FB999999999999A: mantissa 0x1999999999999A, exponent 1019 − 1075 = −56.
        let r = exact_rational(0.1).unwrap();
        assert_eq!(r.numer(), &BigInt::from(0x1999999999999Au64 / 2));
        assert_eq!(r.denom(), &(BigInt::one() << 55usize));
        // Smallest subnormal is 2^-1074.
        let s = exact_rational(f64::from_bits(1)).unwrap();
        assert_eq!(s, times_power_of_two(BigRational::one(), -1074));
        assert_eq!(exact_rational(-0.0).unwrap(), BigRational::zero());
        assert_eq!(
            exact_rational(-3.5).unwrap(),
            BigRational::new((-7).into(), 2.into())
        );
        assert!(exact_rational(f64::NAN).is_none());
        assert!(exact_rational(f64::INFINITY).is_none());
    }

    #[test]
    fn round_half_even_ties() {
        // 0.5 → 0, 1.5 → 2, 2.5 → 2, −0.5 → 0, −1.5 → −2, −2.5 → −2 (ties to even).
        for (v, want) in [
            (0.5, 0),
            (1.5, 2),
            (2.5, 2),
            (-0.5, 0),
            (-1.5, -2),
            (-2.5, -2),
        ] {
            assert_eq!(q(v, 0), want, "{v}");
        }
        // Not ties: 0.5 + 2^-53 rounds up; 2.4999999999999996 (one ulp below 2.5) down.
        assert_eq!(q(0.5 + f64::EPSILON / 2.0, 0), 1);
        assert_eq!(q(2.4999999999999996, 0), 2);
    }

    #[test]
    fn snap_scales_exactly() {
        // 0.1 × 2^16 = 6553.6000000000000364…; nearest integer 6554.
        assert_eq!(q(0.1, 16), 6554);
        // 2^-17 × 2^16 = 1/2 → tie → 0; 3·2^-17 × 2^16 = 3/2 → 2.
        assert_eq!(q(2f64.powi(-17), 16), 0);
        assert_eq!(q(3.0 * 2f64.powi(-17), 16), 2);
        // Bounds: 2^21 × 2^16 = 2^37 legal.
        assert_eq!(q(MAX_COORDINATE, 16), 1 << 37);
        assert_eq!(q(-MAX_COORDINATE, 16), -(1 << 37));
        // Subnormals and −0 snap to 0.
        assert_eq!(q(f64::from_bits(1), 16), 0);
        assert_eq!(q(-0.0, 16), 0);
    }

    #[test]
    fn validation_order_and_payloads() {
        let loc = || json!({"kind": "argument", "name": "x"});
        // Snap bits are checked before the value (X3).
        assert_eq!(
            snap(f64::NAN, 17, loc),
            Err(RefError::InvalidArgument {
                argument: "snap_bits".into(),
                location: None
            })
        );
        let next_above = f64::from_bits(MAX_COORDINATE.to_bits() + 1);
        match snap(next_above, 16, loc) {
            Err(RefError::OutOfRange { location, value }) => {
                assert_eq!(location, loc());
                assert_eq!(value, next_above);
            }
            other => panic!("{other:?}"),
        }
        assert!(snap(f64::NEG_INFINITY, 0, loc).is_err());
        assert!(check_snap_bits(16).is_ok() && check_snap_bits(0).is_ok());
    }

    #[test]
    fn grid_value_is_exact() {
        assert_eq!(grid_value(3, 1), BigRational::new(3.into(), 2.into()));
        assert_eq!(grid_value(-4, 2), BigRational::from_integer((-1).into()));
    }
}
