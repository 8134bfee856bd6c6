//! The conformance corpus: lint every vector file, then replay every vector on the
//! engine. Expected values come from the reference generator (`gen-corpus`) only.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// Every `corpus/*.json` vector file (inputs under `corpus/inputs/` are not vectors).
fn vector_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("corpus dir")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("read vector file");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn tests_of(file: &Value) -> impl Iterator<Item = &Value> {
    file["testGroups"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| g["tests"].as_array().into_iter().flatten())
}

/// The v2 schema (corpus/schema/vectors-v2.schema.json): it types `input`, `expected`
/// and `expectedError` per op.
fn schema_validator() -> jsonschema::Validator {
    let path = corpus_dir().join("schema/vectors-v2.schema.json");
    assert!(
        path.exists(),
        "{} is missing (written with the v2 corpus)",
        path.display()
    );
    let schema: Value = load(&path);
    jsonschema::validator_for(&schema).expect("schema compiles")
}

#[test]
fn corpus_files_lint() {
    let validator = schema_validator();
    let files = vector_files();
    assert!(!files.is_empty(), "no vector files in corpus/");
    for path in files {
        let file = load(&path);
        let name = path.display();
        assert_eq!(
            file["schema"].as_str(),
            Some("build2d-vectors-v2"),
            "{name}: schema name"
        );
        let errors: Vec<String> = validator
            .iter_errors(&file)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .take(5)
            .collect();
        assert!(errors.is_empty(), "{name}: schema errors {errors:#?}");
        let op = file["op"].as_str().expect("op");
        assert_eq!(
            path.file_stem().and_then(|s| s.to_str()),
            Some(op),
            "{name}: file name must be <op>.json"
        );
        let notes = file["notes"].as_object().expect("notes");
        let mut ids = BTreeSet::new();
        let mut count = 0u64;
        for test in tests_of(&file) {
            count += 1;
            let id = test["tcId"].as_u64().expect("tcId");
            assert!(ids.insert(id), "{name}: duplicate tcId {id}");
            for flag in test["flags"].as_array().expect("flags") {
                let flag = flag.as_str().expect("flag string");
                assert!(
                    notes.contains_key(flag),
                    "{name}: tcId {id} uses undefined flag {flag}"
                );
            }
            assert_eq!(
                test["input"]["op"].as_str(),
                Some(op),
                "{name}: tcId {id} input op differs from the file's op"
            );
        }
        assert_eq!(
            file["numberOfTests"].as_u64(),
            Some(count),
            "{name}: numberOfTests"
        );
    }
}

/// The schema is typed per op: the first vector of every file, given an unknown field in
/// its input (malformed by v2 §1), or another op's input, no longer lints.
#[test]
fn schema_types_each_op() {
    let validator = schema_validator();
    let files: Vec<Value> = vector_files().iter().map(|p| load(p)).collect();
    for (k, file) in files.iter().enumerate() {
        let op = file["op"].as_str().expect("op");
        let one = |test: Value| {
            let mut f = file.clone();
            f["numberOfTests"] = serde_json::json!(1);
            f["testGroups"] = serde_json::json!([{"comment": "", "tests": [test]}]);
            f
        };
        let first = tests_of(file).next().expect("a vector").clone();
        assert!(
            validator.is_valid(&one(first.clone())),
            "{op}: first vector"
        );
        let mut unknown = first.clone();
        unknown["input"]["unknownField"] = serde_json::json!(0);
        assert!(
            !validator.is_valid(&one(unknown)),
            "{op}: unknown input field lints"
        );
        // The next file whose inputs have other fields (the four booleans share theirs).
        let keys = |f: &Value| {
            let input = &tests_of(f).next().expect("a vector")["input"];
            let mut k: Vec<String> = input.as_object().expect("object").keys().cloned().collect();
            k.retain(|k| k != "op");
            k.sort();
            k
        };
        let other = (1..files.len())
            .map(|d| &files[(k + d) % files.len()])
            .find(|f| keys(f) != keys(file))
            .expect("another input shape");
        let mut foreign = first.clone();
        foreign["input"] = tests_of(other).next().expect("a vector")["input"].clone();
        foreign["input"]["op"] = serde_json::json!(op);
        assert!(
            !validator.is_valid(&one(foreign)),
            "{op}: the input of op {} lints as {op}",
            other["op"]
        );
    }
}

/// Every vector of every file through `case::check_vector_file` (the comparison of
/// `build2d run FILE`: kind, argument, location, left/right, value; never `reason`).
#[test]
fn corpus_replays_on_the_engine() {
    let mut failures = Vec::new();
    let mut total = 0;
    for path in vector_files() {
        let file = load(&path);
        let check = build2d::case::check_vector_file(&file)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        total += check.passed + check.failures.len();
        for f in check.failures {
            failures.push(format!(
                "{} tcId {}: {}",
                path.display(),
                f.tc_id,
                f.difference
            ));
        }
    }
    assert!(total > 0, "no vectors replayed");
    assert!(
        failures.is_empty(),
        "{} of {total} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The harness's first-divergent-stage chain of every corpus input (docs/ports.md §2) is
/// built, and the engine runs every stage of it without a geometry defect: each stage is
/// made from the engine's own output of the stage before (the `parse_case` fuzz target
/// checks the same on any JSON).
#[test]
fn every_corpus_input_has_a_chain_the_engine_runs() {
    let mut stages = 0;
    for path in vector_files() {
        let file = load(&path);
        for test in tests_of(&file) {
            for stage in build2d::conform::stages::chain(&test["input"]) {
                if let Err(e) = build2d::case::run_case_json(&stage) {
                    assert_ne!(e["kind"], "geometryDefect", "{stage}");
                }
                stages += 1;
            }
        }
    }
    // More stages than vectors: the composite ops have stages before them.
    assert!(stages > 2000, "{stages}");
}
