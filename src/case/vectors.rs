//! Checking a whole vector file (v2 §3): every vector is run and compared with its
//! `expected` / `expectedError` by [`compare_outcome`]. `build2d run FILE` and the corpus
//! replay call it.

use serde_json::Value;

use super::compare::compare_outcome;
use super::read::{closed, either, object, parse_array, req};
use super::run_case_json;

/// The fields of a vector file, of a test group and of a test (v2 §1: unknown fields
/// are malformed here too).
const FILE_FIELDS: [&str; 6] = [
    "op",
    "schema",
    "specVersion",
    "numberOfTests",
    "notes",
    "testGroups",
];
const GROUP_FIELDS: [&str; 2] = ["comment", "tests"];
const TEST_FIELDS: [&str; 6] = [
    "tcId",
    "comment",
    "flags",
    "input",
    "expected",
    "expectedError",
];

/// One vector that did not match.
#[derive(Debug, Clone, PartialEq)]
pub struct VectorFailure {
    /// The vector's `tcId` (`null` when it has none).
    pub tc_id: Value,
    /// The first difference, in words.
    pub difference: String,
}

/// The result of checking a vector file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VectorCheck {
    /// Vectors whose outcome matched.
    pub passed: usize,
    /// Vectors that did not, in file order.
    pub failures: Vec<VectorFailure>,
}

/// Whether a JSON document is a vector file (it has `testGroups`) rather than a case.
pub fn is_vector_file(v: &Value) -> bool {
    v.get("testGroups").is_some()
}

/// Runs every vector of a vector file. `Err` when the file itself (its own fields or a
/// group's) is malformed; a malformed vector is a failure of that vector.
pub fn check_vector_file(file: &Value) -> Result<VectorCheck, String> {
    let reason = |e: super::CaseError| match e {
        super::CaseError::Malformed(m) => m,
        super::CaseError::Engine(e) => e.to_string(),
    };
    let file = object(file, "the vector file", &FILE_FIELDS).map_err(reason)?;
    let mut check = VectorCheck::default();
    for group in parse_array(req(file, "testGroups").map_err(reason)?).map_err(reason)? {
        let group = object(group, "a test group", &GROUP_FIELDS).map_err(reason)?;
        for test in parse_array(req(group, "tests").map_err(reason)?).map_err(reason)? {
            let tc_id = test.get("tcId").cloned().unwrap_or(Value::Null);
            match check_vector(test) {
                Ok(()) => check.passed += 1,
                Err(difference) => check.failures.push(VectorFailure { tc_id, difference }),
            }
        }
    }
    Ok(check)
}

fn check_vector(test: &Value) -> Result<(), String> {
    let reason = |e: super::CaseError| match e {
        super::CaseError::Malformed(m) => format!("malformed vector: {m}"),
        super::CaseError::Engine(e) => e.to_string(),
    };
    let o = test
        .as_object()
        .ok_or_else(|| format!("a vector is not an object: {test}"))?;
    closed(o, "a vector", &TEST_FIELDS).map_err(reason)?;
    let want = if either(o, "expected", "expectedError").map_err(reason)? {
        Ok(o["expected"].clone())
    } else {
        Err(o["expectedError"].clone())
    };
    let input = req(o, "input").map_err(reason)?;
    compare_outcome(&run_case_json(input), &want)
}

#[cfg(test)]
mod tests {
    use super::check_vector_file;
    use serde_json::json;

    fn file(tests: serde_json::Value) -> serde_json::Value {
        json!({"op": "snap", "schema": "build2d-vectors-v2", "numberOfTests": 2, "notes": {},
               "testGroups": [{"comment": "", "tests": tests}]})
    }

    #[test]
    fn passes_and_failures_are_counted() {
        let input = json!({"op": "snap", "snapBits": 0, "values": [1.5]});
        let f = file(json!([
            {"tcId": 1, "comment": "", "flags": [], "input": input, "expected": {"grid": [2]}},
            {"tcId": 2, "comment": "", "flags": [], "input": input, "expected": {"grid": [1]}},
            {"tcId": 3, "input": input, "expectedError": {"kind": "malformed"}},
            {"tcId": 4, "input": input, "expected": {"grid": [2]}, "extra": 1},
            {"tcId": 5, "input": input},
        ]));
        let check = check_vector_file(&f).unwrap();
        assert_eq!(check.passed, 1);
        let ids: Vec<_> = check.failures.iter().map(|f| f.tc_id.clone()).collect();
        assert_eq!(ids, vec![json!(2), json!(3), json!(4), json!(5)]);
        assert_eq!(
            check.failures[0].difference,
            "expected.grid[0]: want 1, got 2"
        );
    }

    #[test]
    fn unknown_file_and_group_fields_are_malformed() {
        let mut f = file(json!([]));
        f["extra"] = json!(1);
        assert!(check_vector_file(&f).is_err());
        let mut f = file(json!([]));
        f["testGroups"][0]["flags"] = json!([]);
        assert!(check_vector_file(&f).is_err());
        assert_eq!(check_vector_file(&file(json!([]))).unwrap().passed, 0);
    }
}
