//! Conformance cases (interim dispatcher — the ref-core helper's version replaces it).
use serde_json::{json, Value};

pub(crate) mod regions;

/// One area's dispatcher: `None` when the op is not its own.
type Area = fn(&str, &Value) -> Option<Result<Value, Value>>;

/// Runs one `input` object on the reference: `Ok(expected)` or `Err(expectedError)`.
pub fn run_case(input: &Value) -> Result<Value, Value> {
    let op = input.get("op").and_then(Value::as_str).unwrap_or("");
    let areas: &[Area] = &[regions::run];
    for area in areas {
        if let Some(result) = area(op, input) {
            return result;
        }
    }
    Err(json!({"kind": "malformed", "reason": format!("unknown op `{op}`")}))
}
