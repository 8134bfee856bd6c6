//! Conformance cases (STUB — replaced by the ref-core helper's dispatcher).
use serde_json::{json, Value};

/// Runs one `input` object on the reference: `Ok(expected)` or `Err(expectedError)`.
pub fn run_case(input: &Value) -> Result<Value, Value> {
    let _ = input;
    Err(json!({"kind": "malformed", "reason": "reference run_case not implemented yet"}))
}
