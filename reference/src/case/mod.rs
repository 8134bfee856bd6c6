//! The conformance case layer (corpus/README.md, format v2): a case is deserialised
//! into the op's serde input type ([`input`]), anything that does not parse is
//! `malformed`, and a parsed case runs on the reference stages ([`ops`]), whose errors
//! are mapped to the input's field names ([`answer`]). Written from the corpus README
//! and the specification; it shares nothing with the engine's case layer.

pub mod answer;
pub mod cdt;
pub mod input;
pub mod ops;
pub mod real;

use serde::Deserialize;
use serde_json::Value;

use answer::Failure;
use input::Case;

/// Parses a case; the error is the malformed answer.
pub fn parse_case(input: &Value) -> Result<Case, Failure> {
    Case::deserialize(input).map_err(|e| Failure::Malformed {
        reason: e.to_string(),
    })
}

/// Runs one case (the `input` object of a vector): `Ok(expected)` or
/// `Err(expectedError)`, including `{"kind": "malformed", "reason": …}`.
pub fn run_case(input: &Value) -> Result<Value, Value> {
    let case = parse_case(input).map_err(|f| f.to_json())?;
    ops::run(&case).map_err(|f| f.to_json())
}

/// Whether an error answer is `malformed`.
pub fn is_malformed(error: &Value) -> bool {
    error["kind"] == "malformed"
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn inputs_that_name_no_op_are_malformed() {
        for input in [
            json!(null),
            json!([1, 2]),
            json!("snap"),
            json!({}),
            json!({"op": 3, "snapBits": 0, "values": []}),
            json!({"op": "Snap", "snapBits": 0, "values": []}),
            json!({"op": "simplify", "snapBits": 0, "values": []}),
        ] {
            assert!(is_malformed(&run_case(&input).unwrap_err()), "{input}");
        }
        assert_eq!(
            run_case(&json!({"op": "snap", "snapBits": 0, "values": [2.5]})),
            Ok(json!({"grid": [2]}))
        );
    }

    #[test]
    fn malformed_wins_over_an_earlier_typed_error() {
        // a's snap bits are out of range, but b cannot be read at all.
        let input = json!({"op": "difference",
            "a": {"snapBits": 99, "outlines": []},
            "b": {"snapBits": 0, "outlines": [], "tileMap": null}});
        let error = run_case(&input).unwrap_err();
        assert!(is_malformed(&error), "{error}");
        assert!(error["reason"].is_string());
    }
}
