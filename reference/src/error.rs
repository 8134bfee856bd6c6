//! The reference's errors, as the conformance format names them (corpus/README.md).

use serde_json::{json, Value};

/// One error of the closed set of X3.
#[derive(Debug, Clone, PartialEq)]
pub enum RefError {
    /// Out of range with a location object (already in conformance JSON) and the value.
    OutOfRange {
        /// Location JSON, e.g. `{"kind":"vertex",...}`.
        location: Value,
        /// The offending value.
        value: f64,
    },
    /// Invalid argument: its API name and an optional location JSON.
    InvalidArgument {
        /// `snap_bits`, `ring`, `cells`, ...
        argument: String,
        /// Optional location.
        location: Option<Value>,
    },
    /// Operands with different snap bits.
    SnapBitsMismatch {
        /// Left operand's snap bits.
        left: u8,
        /// Right operand's.
        right: u8,
    },
    /// Internal failure (repair loop did not settle, ...).
    GeometryDefect,
}

/// Encodes an f64 for the conformance format (non-finite values as strings).
pub fn f64_json(v: f64) -> Value {
    if v.is_nan() {
        json!("NaN")
    } else if v == f64::INFINITY {
        json!("Infinity")
    } else if v == f64::NEG_INFINITY {
        json!("-Infinity")
    } else {
        json!(v)
    }
}

impl RefError {
    /// The `expectedError` object of the conformance format.
    pub fn to_json(&self) -> Value {
        match self {
            RefError::OutOfRange { location, value } => {
                json!({"kind": "outOfRange", "location": location, "value": f64_json(*value)})
            }
            RefError::InvalidArgument { argument, location } => {
                let mut v = json!({"kind": "invalidArgument", "argument": argument});
                if let Some(l) = location {
                    v["location"] = l.clone();
                }
                v
            }
            RefError::SnapBitsMismatch { left, right } => {
                json!({"kind": "snapBitsMismatch", "left": left, "right": right})
            }
            RefError::GeometryDefect => json!({"kind": "geometryDefect"}),
        }
    }
}
