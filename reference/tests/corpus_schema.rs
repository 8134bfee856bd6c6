//! Every corpus file validates against `corpus/schema/vectors-v2.schema.json`, and the
//! schema rejects what the v2 format calls malformed or wrong (each mutation below breaks
//! one rule on a copy of a real vector, and the schema must refuse it).

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

fn load(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json")
}

fn validator() -> jsonschema::Validator {
    let schema = load(&corpus().join("schema/vectors-v2.schema.json"));
    jsonschema::validator_for(&schema).expect("schema compiles")
}

#[test]
fn every_vector_file_validates() {
    let validator = validator();
    let mut files = 0;
    for entry in std::fs::read_dir(corpus()).expect("corpus dir") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        files += 1;
        let file = load(&path);
        let errors: Vec<String> = validator
            .iter_errors(&file)
            .take(5)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
    }
    assert_eq!(files, 21, "one vector file per op");
}

/// The first vector of `op`'s file with an `expected` value, changed by `change`, must
/// be rejected.
fn rejects(op: &str, what: &str, change: impl Fn(&mut Value)) {
    let mut file = load(&corpus().join(format!("{op}.json")));
    assert!(validator().is_valid(&file), "{op}: the unchanged file");
    let groups = file["testGroups"].as_array_mut().expect("groups");
    let test = groups
        .iter_mut()
        .flat_map(|g| g["tests"].as_array_mut().expect("tests").iter_mut())
        .find(|t| t.get("expected").is_some())
        .expect("a vector with an expected value");
    change(test);
    assert!(!validator().is_valid(&file), "{op}: {what} accepted");
}

fn to_error(test: &mut Value, error: Value) {
    let t = test.as_object_mut().expect("test");
    t.remove("expected");
    t.insert("expectedError".into(), error);
}

#[test]
fn the_schema_rejects_unknown_fields_at_every_level() {
    rejects("union", "an unknown op field", |t| {
        t["input"]["c"] = json!(1)
    });
    rejects("union", "an unknown RegionInput field", |t| {
        t["input"]["a"]["x"] = json!(1)
    });
    rejects("mesh", "an unknown tileMap field", |t| {
        t["input"]["tileMap"]["snapBits"] = json!(4)
    });
    rejects("arrangement", "an unknown edge field", |t| {
        t["input"]["gridEdges"][0]["operand"] = json!(0)
    });
    rejects("snap", "an unknown test field", |t| t["note"] = json!("x"));
    rejects("snap", "an unknown expected field", |t| {
        t["expected"]["extra"] = json!(0)
    });
}

#[test]
fn the_schema_rejects_broken_forms() {
    rejects("union", "both outlines and tileMap", |t| {
        t["input"]["a"]["tileMap"] = json!({"width": 1, "height": 1, "cellSize": 1.0,
                                            "origin": [0.0, 0.0], "cells": [1]})
    });
    rejects("union", "neither outlines nor tileMap", |t| {
        t["input"]["b"].as_object_mut().unwrap().remove("outlines");
    });
    rejects(
        "arrangement",
        "the v1 arrangement form",
        |t| {
            t["input"] =
                json!({"op": "arrangement", "edges": [{"from": [0, 0], "to": [1, 1], "tag": 0}]})
        },
    );
    rejects("shrink", "both arcTolerance and cellSize", |t| {
        t["input"]["cellSize"] = json!(1.0)
    });
    rejects("boundary", "a boundary edge of three points", |t| {
        t["expected"]["boundary"] = json!([[[0, 0], [1, 0], [2, 0]]])
    });
    rejects("shrinkEdges", "a fed edge tagged 3", |t| {
        t["expected"]["gridEdges"][0]["tag"] = json!(3)
    });
    rejects("offsetEdges", "a fed edge tagged 2", |t| {
        t["expected"]["gridEdges"][0]["tag"] = json!(2)
    });
    rejects("offsetEdges", "a region as the expected value", |t| {
        t["expected"] = json!({"snapBits": 4, "rings": []})
    });
    rejects("orient", "an integer beyond i64", |t| {
        t["input"]["points"][0][0] = json!(9223372036854775808u64)
    });
    rejects("orient", "two points", |t| {
        t["input"]["points"].as_array_mut().unwrap().pop();
    });
    rejects("snap", "a value string other than the three", |t| {
        t["input"]["values"][0] = json!("1.5")
    });
    rejects("fromTileMap", "a result and an error", |t| {
        t["expectedError"] = json!({"kind": "geometryDefect"})
    });
}

#[test]
fn the_schema_rejects_wrong_error_objects() {
    rejects("fromOutlines", "a v1 (snake_case) argument name", |t| {
        to_error(
            t,
            json!({"kind": "invalidArgument", "argument": "snap_bits"}),
        )
    });
    rejects("mesh", "the shrink's name for the mesh radius", |t| {
        to_error(t, json!({"kind": "invalidArgument", "argument": "radius"}))
    });
    rejects("snap", "a malformed error with its reason", |t| {
        to_error(t, json!({"kind": "malformed", "reason": "x"}))
    });
    rejects("snap", "an unknown kind", |t| {
        to_error(t, json!({"kind": "other"}))
    });
    rejects("cdt", "an out-of-range without a value", |t| {
        to_error(
            t,
            json!({"kind": "outOfRange", "location": {"kind": "argument", "name": "points[0]"}}),
        )
    });
}
