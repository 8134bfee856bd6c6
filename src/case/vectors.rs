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

/// The `schema` of a vector file of this format.
const SCHEMA: &str = "build2d-vectors-v2";

/// Runs every vector of a vector file. `Err` when the file itself (its own fields or a
/// group's) is malformed: every file field is required, `schema` names this format,
/// `numberOfTests` counts the tests and there is at least one. A malformed vector is a
/// failure of that vector: a missing field, a `tcId` that is not an integer or repeats
/// an earlier one, a flag that `notes` does not define, an input of another op.
pub fn check_vector_file(file: &Value) -> Result<VectorCheck, String> {
    let reason = |e: super::CaseError| match e {
        super::CaseError::Malformed(m) => m,
        super::CaseError::Engine(e) => e.to_string(),
    };
    let file = object(file, "the vector file", &FILE_FIELDS).map_err(reason)?;
    for field in FILE_FIELDS {
        req(file, field).map_err(|e| format!("{} of the vector file", reason(e)))?;
    }
    let op = file["op"]
        .as_str()
        .ok_or("the vector file's `op` is not a string")?;
    if file["schema"] != SCHEMA {
        return Err(format!(
            "the vector file's `schema` is {}, not \"{SCHEMA}\"",
            file["schema"]
        ));
    }
    let notes = file["notes"]
        .as_object()
        .ok_or("the vector file's `notes` is not an object")?;
    let mut tests = Vec::new();
    for group in parse_array(&file["testGroups"]).map_err(reason)? {
        let group = object(group, "a test group", &GROUP_FIELDS).map_err(reason)?;
        tests.extend(parse_array(req(group, "tests").map_err(reason)?).map_err(reason)?);
    }
    if tests.is_empty() {
        return Err("the vector file has no tests".into());
    }
    if file["numberOfTests"].as_u64() != Some(tests.len() as u64) {
        return Err(format!(
            "`numberOfTests` is {}, but the file has {} tests",
            file["numberOfTests"],
            tests.len()
        ));
    }
    let mut check = VectorCheck::default();
    let mut seen = std::collections::BTreeSet::new();
    for test in tests {
        let tc_id = test.get("tcId").cloned().unwrap_or(Value::Null);
        let repeated = tc_id.as_i64().is_some_and(|id| !seen.insert(id));
        let outcome = if repeated {
            Err(format!(
                "malformed vector: tcId {tc_id} repeats an earlier one"
            ))
        } else {
            check_vector(test, op, notes)
        };
        match outcome {
            Ok(()) => check.passed += 1,
            Err(difference) => check.failures.push(VectorFailure { tc_id, difference }),
        }
    }
    Ok(check)
}

fn check_vector(
    test: &Value,
    op: &str,
    notes: &serde_json::Map<String, Value>,
) -> Result<(), String> {
    let reason = |e: super::CaseError| match e {
        super::CaseError::Malformed(m) => format!("malformed vector: {m}"),
        super::CaseError::Engine(e) => e.to_string(),
    };
    let o = test
        .as_object()
        .ok_or_else(|| format!("a vector is not an object: {test}"))?;
    closed(o, "a vector", &TEST_FIELDS).map_err(reason)?;
    for field in ["tcId", "comment", "flags", "input"] {
        req(o, field).map_err(reason)?;
    }
    if o["tcId"].as_i64().is_none() {
        return Err(format!(
            "malformed vector: tcId {} is not an integer",
            o["tcId"]
        ));
    }
    let flags = o["flags"]
        .as_array()
        .ok_or("malformed vector: `flags` is not a list")?;
    if let Some(flag) = flags
        .iter()
        .find(|f| f.as_str().is_none_or(|f| !notes.contains_key(f)))
    {
        return Err(format!(
            "malformed vector: flag {flag} is not defined in the file's `notes`"
        ));
    }
    let want = if either(o, "expected", "expectedError").map_err(reason)? {
        Ok(o["expected"].clone())
    } else {
        Err(o["expectedError"].clone())
    };
    let input = &o["input"];
    if input
        .get("op")
        .and_then(Value::as_str)
        .is_some_and(|o| o != op)
    {
        return Err(format!(
            "malformed vector: its input's op is {}, the file's is \"{op}\"",
            input["op"]
        ));
    }
    compare_outcome(&run_case_json(input), &want)
}

#[cfg(test)]
mod tests {
    use super::check_vector_file;
    use serde_json::json;

    fn file(tests: serde_json::Value) -> serde_json::Value {
        let count = tests.as_array().map_or(0, Vec::len);
        json!({"op": "snap", "schema": "build2d-vectors-v2", "specVersion": "",
               "numberOfTests": count, "notes": {"Tie": "a tie"},
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
        let input = json!({"op": "snap", "snapBits": 0, "values": [1.5]});
        let one = || {
            file(
                json!([{"tcId": 1, "comment": "", "flags": [], "input": input,
                                  "expected": {"grid": [2]}}]),
            )
        };
        assert_eq!(check_vector_file(&one()).unwrap().passed, 1);
        let mut f = one();
        f["extra"] = json!(1);
        assert!(check_vector_file(&f).is_err());
        let mut f = one();
        f["testGroups"][0]["flags"] = json!([]);
        assert!(check_vector_file(&f).is_err());
        for (field, value) in [
            ("numberOfTests", json!(2)),
            ("schema", json!("build2d-vectors-v1")),
            ("notes", json!([])),
            ("op", json!(1)),
        ] {
            let mut f = one();
            f[field] = value;
            assert!(check_vector_file(&f).is_err(), "{field}");
        }
        for field in ["op", "schema", "specVersion", "numberOfTests", "notes"] {
            let mut f = one();
            f.as_object_mut().unwrap().remove(field);
            let e = check_vector_file(&f).unwrap_err();
            assert!(e.contains(field), "{e}");
        }
        assert!(check_vector_file(&file(json!([]))).is_err(), "no tests");
    }

    #[test]
    fn repeated_ids_undefined_flags_and_other_ops_fail_their_vectors() {
        let input = json!({"op": "snap", "snapBits": 0, "values": [1.5]});
        let orient = json!({"op": "orient", "points": [[0, 0], [1, 0], [0, 1]]});
        let test = |id: serde_json::Value, flags: serde_json::Value, input: &serde_json::Value| {
            json!({"tcId": id, "comment": "", "flags": flags, "input": input,
                   "expected": {"grid": [2]}})
        };
        let f = file(json!([
            test(json!(1), json!(["Tie"]), &input),
            test(json!(1), json!([]), &input),
            test(json!(2), json!(["Untold"]), &input),
            test(json!(3), json!([]), &orient),
            test(json!("4"), json!([]), &input),
            {"tcId": 5, "flags": [], "input": input, "expected": {"grid": [2]}},
        ]));
        let check = check_vector_file(&f).unwrap();
        assert_eq!(check.passed, 1);
        let reasons: Vec<&str> = check
            .failures
            .iter()
            .map(|f| f.difference.as_str())
            .collect();
        assert!(reasons[0].contains("repeats"), "{reasons:?}");
        assert!(reasons[1].contains("Untold"), "{reasons:?}");
        assert!(reasons[2].contains("orient"), "{reasons:?}");
        assert!(reasons[3].contains("not an integer"), "{reasons:?}");
        assert!(reasons[4].contains("comment"), "{reasons:?}");
    }
}
