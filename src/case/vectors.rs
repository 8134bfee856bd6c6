//! Checking a whole vector file (v2 §3): every vector is run and compared with its
//! `expected` / `expectedError` by [`compare_outcome`]. `build2d run FILE` and the corpus
//! replay call it.

use serde_json::Value;

use super::compare::compare_outcome;
use super::read::{either, object, parse_array, req};
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

/// Whether a JSON document is meant as a vector file rather than a case: it has
/// `testGroups` or `schema` (so one with a misspelt `testGroups` is read by the vector
/// rules and refused, not run as a case or passed over).
pub fn is_vector_file(v: &Value) -> bool {
    ["testGroups", "schema"].iter().any(|k| v.get(k).is_some())
}

/// The `schema` of a vector file of this format.
const SCHEMA: &str = "build2d-vectors-v2";

/// A vector file's own fields, checked by [`vector_file_parts`].
#[derive(Debug, Clone)]
pub struct VectorFileParts<'a> {
    /// The file's op.
    pub op: &'a str,
    /// The flags the file defines.
    pub notes: &'a serde_json::Map<String, Value>,
    /// Its tests, in file order, not yet checked one by one ([`vector_parts`]).
    pub tests: Vec<&'a Value>,
}

/// One vector's fields, checked by [`vector_parts`].
#[derive(Debug, Clone)]
pub struct VectorParts<'a> {
    /// Its `tcId`, at least 1.
    pub tc_id: i64,
    /// Its comment.
    pub comment: &'a str,
    /// Its flags, each defined in the file's `notes`, none twice.
    pub flags: Vec<&'a str>,
    /// Its input, an object naming the file's op.
    pub input: &'a Value,
    /// `Ok(expected)` or `Err(expectedError)`.
    pub want: Result<&'a Value, &'a Value>,
}

impl VectorParts<'_> {
    /// The expected outcome, owned: `Ok(expected)` or `Err(expectedError)`.
    pub fn expected_outcome(&self) -> Result<Value, Value> {
        self.want.cloned().map_err(Value::clone)
    }
}

/// The rules of a vector file's own fields (corpus/README.md, the vectors-v2 schema):
/// exactly the file fields, all present; `op` and `specVersion` strings; `schema` this
/// format; `notes` an object of strings; groups of a string `comment` and `tests`; at
/// least one test; `numberOfTests` their count; no `tcId` twice. `build2d run` and
/// `build2d conform` read vector files through this and [`vector_parts`].
pub fn vector_file_parts(file: &Value) -> Result<VectorFileParts<'_>, String> {
    let file = object(file, "the vector file", &FILE_FIELDS).map_err(reason)?;
    for field in FILE_FIELDS {
        req(file, field).map_err(|e| format!("{} of the vector file", reason(e)))?;
    }
    let op = file["op"]
        .as_str()
        .ok_or("the vector file's `op` is not a string")?;
    if !file["specVersion"].is_string() {
        return Err("the vector file's `specVersion` is not a string".into());
    }
    if file["schema"] != SCHEMA {
        return Err(format!(
            "the vector file's `schema` is {}, not \"{SCHEMA}\"",
            file["schema"]
        ));
    }
    let notes = file["notes"]
        .as_object()
        .filter(|notes| notes.values().all(Value::is_string))
        .ok_or("the vector file's `notes` is not an object of strings")?;
    let mut tests = Vec::new();
    for group in parse_array(&file["testGroups"]).map_err(reason)? {
        let group = object(group, "a test group", &GROUP_FIELDS).map_err(reason)?;
        if !req(group, "comment").map_err(reason)?.is_string() {
            return Err("a test group's `comment` is not a string".into());
        }
        tests.extend(parse_array(req(group, "tests").map_err(reason)?).map_err(reason)?);
    }
    if tests.is_empty() {
        return Err("the vector file has no tests".into());
    }
    if file["numberOfTests"].as_u64() != Some(tests.len() as u64) {
        return Err(format!(
            "`numberOfTests` must count the tests, {}, not {}",
            tests.len(),
            file["numberOfTests"]
        ));
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(id) = tests
        .iter()
        .filter_map(|t| t.get("tcId").and_then(Value::as_i64))
        .find(|&id| !seen.insert(id))
    {
        return Err(format!("tcId {id} appears twice"));
    }
    Ok(VectorFileParts { op, notes, tests })
}

/// The rules of one vector: exactly the test fields, `tcId` an integer of at least 1,
/// `comment` a string, `flags` a list of distinct flags of the file's `notes`, `input` an
/// object naming the file's op, exactly one of `expected` / `expectedError`.
pub fn vector_parts<'a>(
    test: &'a Value,
    file: &VectorFileParts<'a>,
) -> Result<VectorParts<'a>, String> {
    let o = object(test, "a vector", &TEST_FIELDS).map_err(reason)?;
    // Every field but the two outcomes, of which `either` wants exactly one.
    for field in &TEST_FIELDS[..4] {
        req(o, field).map_err(reason)?;
    }
    let tc_id = o["tcId"]
        .as_i64()
        .filter(|&id| id >= 1)
        .ok_or_else(|| format!("tcId {} is not an integer of at least 1", o["tcId"]))?;
    let comment = o["comment"].as_str().ok_or("`comment` is not a string")?;
    let listed = o["flags"].as_array().ok_or("`flags` is not a list")?;
    let mut flags: Vec<&str> = Vec::with_capacity(listed.len());
    for flag in listed {
        match flag.as_str() {
            Some(f) if file.notes.contains_key(f) && !flags.contains(&f) => flags.push(f),
            _ => {
                return Err(format!(
                    "flag {flag} is listed twice or not defined in the file's `notes`"
                ))
            }
        }
    }
    let input = &o["input"];
    if input.get("op").and_then(Value::as_str) != Some(file.op) {
        return Err(format!(
            "its input's op is {}, the file's is \"{}\"",
            input.get("op").unwrap_or(&Value::Null),
            file.op
        ));
    }
    let want = if either(o, "expected", "expectedError").map_err(reason)? {
        Ok(&o["expected"])
    } else {
        Err(&o["expectedError"])
    };
    Ok(VectorParts {
        tc_id,
        comment,
        flags,
        input,
        want,
    })
}

/// A case error in words (the vector rules use the case readers).
fn reason(e: super::CaseError) -> String {
    match e {
        super::CaseError::Malformed(m) => m,
        super::CaseError::Engine(e) => e.to_string(),
    }
}

/// Runs every vector of a vector file. `Err` when the file itself breaks the rules of
/// [`vector_file_parts`]; a vector that breaks those of [`vector_parts`] is a failure of
/// that vector.
pub fn check_vector_file(file: &Value) -> Result<VectorCheck, String> {
    let parts = vector_file_parts(file)?;
    let mut check = VectorCheck::default();
    for test in &parts.tests {
        let tc_id = test.get("tcId").cloned().unwrap_or(Value::Null);
        let outcome = vector_parts(test, &parts)
            .map_err(|e| format!("malformed vector: {e}"))
            .and_then(|v| compare_outcome(&run_case_json(v.input), &v.expected_outcome()));
        match outcome {
            Ok(()) => check.passed += 1,
            Err(difference) => check.failures.push(VectorFailure { tc_id, difference }),
        }
    }
    Ok(check)
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
            ("notes", json!({"Tie": 5})),
            ("specVersion", json!(5)),
            ("numberOfTests", json!(1.0)),
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
    fn bad_ids_flags_comments_and_other_ops_fail_their_vectors() {
        let input = json!({"op": "snap", "snapBits": 0, "values": [1.5]});
        let orient = json!({"op": "orient", "points": [[0, 0], [1, 0], [0, 1]]});
        let test = |id: serde_json::Value, flags: serde_json::Value, input: &serde_json::Value| {
            json!({"tcId": id, "comment": "", "flags": flags, "input": input,
                   "expected": {"grid": [2]}})
        };
        let f = file(json!([
            test(json!(1), json!(["Tie"]), &input),
            test(json!(2), json!(["Untold"]), &input),
            test(json!(3), json!([]), &orient),
            test(json!("4"), json!([]), &input),
            {"tcId": 5, "flags": [], "input": input, "expected": {"grid": [2]}},
            test(json!(0), json!([]), &input),
            test(json!(7), json!(["Tie", "Tie"]), &input),
            {"tcId": 8, "comment": 8, "flags": [], "input": input, "expected": {"grid": [2]}},
            test(json!(9), json!([]), &json!({"snapBits": 0, "values": [1.5]})),
        ]));
        let check = check_vector_file(&f).unwrap();
        assert_eq!(check.passed, 1);
        let reasons: Vec<&str> = check
            .failures
            .iter()
            .map(|f| f.difference.as_str())
            .collect();
        let wanted = [
            "flag \"Untold\"",
            "\"orient\"",
            "tcId \"4\" is not an integer",
            "missing field `comment`",
            "tcId 0 is not an integer of at least 1",
            "flag \"Tie\" is listed twice",
            "`comment` is not a string",
            "its input's op is null",
        ];
        assert_eq!(reasons.len(), wanted.len(), "{reasons:?}");
        for (reason, wanted) in reasons.iter().zip(wanted) {
            assert!(reason.contains(wanted), "{reason} lacks {wanted}");
        }
        // A tcId twice is the file's fault.
        let twice = [
            test(json!(1), json!([]), &input),
            test(json!(1), json!([]), &input),
        ];
        let e = check_vector_file(&file(json!(twice))).unwrap_err();
        assert!(e.contains("tcId 1 appears twice"), "{e}");
    }
}
