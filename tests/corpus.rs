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

#[test]
fn corpus_files_lint() {
    let schema: Value = load(&corpus_dir().join("schema/vectors-v1.schema.json"));
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let files = vector_files();
    assert!(!files.is_empty(), "no vector files in corpus/");
    for path in files {
        let file = load(&path);
        let name = path.display();
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

#[test]
fn corpus_replays_on_the_engine() {
    let mut failures = Vec::new();
    let mut total = 0;
    for path in vector_files() {
        let file = load(&path);
        for test in tests_of(&file) {
            total += 1;
            let got = build2d::case::run_case_json(&test["input"]);
            let want = match (test.get("expected"), test.get("expectedError")) {
                (Some(e), None) => Ok(e.clone()),
                (None, Some(e)) => Err(e.clone()),
                _ => panic!(
                    "{}: tcId {} has no single expectation",
                    path.display(),
                    test["tcId"]
                ),
            };
            if got != want {
                failures.push(format!(
                    "{} tcId {} ({}):\n  want {:?}\n  got  {:?}",
                    path.display(),
                    test["tcId"],
                    test["comment"],
                    want,
                    got
                ));
            }
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
