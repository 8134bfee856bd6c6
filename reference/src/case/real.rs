//! The one f64 codec of the case format: on input any JSON number (an integer token is
//! the same f64) or one of the strings `"NaN"`, `"Infinity"`, `"-Infinity"`; on output
//! the shortest round-trip number, non-finite values as those strings.

use std::fmt;

use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

/// An f64 as the format writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Real(pub f64);

const NAN: &str = "NaN";
const INFINITY: &str = "Infinity";
const NEG_INFINITY: &str = "-Infinity";

struct RealVisitor;

impl Visitor<'_> for RealVisitor {
    type Value = Real;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "a number or one of \"{NAN}\", \"{INFINITY}\", \"{NEG_INFINITY}\""
        )
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Real, E> {
        Ok(Real(v))
    }

    // An integer token names the same f64 (rounded to nearest, as a text parser would).
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Real, E> {
        Ok(Real(v as f64))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Real, E> {
        Ok(Real(v as f64))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Real, E> {
        match s {
            NAN => Ok(Real(f64::NAN)),
            INFINITY => Ok(Real(f64::INFINITY)),
            NEG_INFINITY => Ok(Real(f64::NEG_INFINITY)),
            other => Err(E::invalid_value(Unexpected::Str(other), &self)),
        }
    }
}

impl<'de> Deserialize<'de> for Real {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Real, D::Error> {
        d.deserialize_any(RealVisitor)
    }
}

impl Serialize for Real {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = self.0;
        if v.is_nan() {
            s.serialize_str(NAN)
        } else if v.is_infinite() {
            s.serialize_str(if v > 0.0 { INFINITY } else { NEG_INFINITY })
        } else {
            s.serialize_f64(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(v: serde_json::Value) -> Result<f64, String> {
        Real::deserialize(&v)
            .map(|r| r.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn numbers_and_the_three_strings() {
        assert_eq!(read(json!(1.5)), Ok(1.5));
        assert_eq!(read(json!(-3)), Ok(-3.0));
        assert_eq!(read(json!(u64::MAX)), Ok(18446744073709551615.0));
        assert!(read(json!("NaN")).unwrap().is_nan());
        assert_eq!(read(json!("Infinity")), Ok(f64::INFINITY));
        assert_eq!(read(json!("-Infinity")), Ok(f64::NEG_INFINITY));
        for bad in [
            json!("nan"),
            json!("1.0"),
            json!(null),
            json!(true),
            json!([1.0]),
        ] {
            assert!(read(bad).is_err());
        }
    }

    #[test]
    fn writes_non_finite_as_strings() {
        let out = |v: f64| serde_json::to_string(&Real(v)).unwrap();
        assert_eq!(out(f64::NAN), "\"NaN\"");
        assert_eq!(out(f64::NEG_INFINITY), "\"-Infinity\"");
        assert_eq!(out(-0.0), "-0.0");
        assert_eq!(out(2097153.0), "2097153.0");
        assert_eq!(out(5e-324), "5e-324");
    }
}
