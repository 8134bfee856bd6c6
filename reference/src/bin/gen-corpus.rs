//! Generates the conformance corpus: every `corpus/inputs/<op>.json` is run through the
//! reference oracle and written as `corpus/<op>.json` in format v2 (corpus/README.md).
//! A vector whose input is malformed gets `{"kind": "malformed"}` (no reason: it is never
//! compared) and must carry a flag named `Malformed…`; no other vector may.
//!
//! Usage: `cargo run -p build2d-reference --bin gen-corpus [OP ...]` (default: all ops).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use build2d_reference::case::{is_malformed, run_case};
use serde_json::{json, Map, Value};

const SCHEMA: &str = "build2d-vectors-v2";
/// Flags of malformed vectors start with this.
const MALFORMED_FLAG: &str = "Malformed";
/// The keys of an inputs file, of a group and of a test (anything else is an error).
const FILE_KEYS: &[&str] = &["op", "notes", "testGroups"];
const GROUP_KEYS: &[&str] = &["comment", "tests"];
const TEST_KEYS: &[&str] = &["tcId", "comment", "flags", "input"];
const SPEC_VERSION: &str = "build2d-spec 1 + open-points X0-X19";

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("corpus")
}

fn get<'a>(v: &'a Value, key: &str, context: &str) -> Result<&'a Value, String> {
    v.get(key)
        .ok_or_else(|| format!("{context}: missing field `{key}`"))
}

fn get_array<'a>(v: &'a Value, key: &str, context: &str) -> Result<&'a Vec<Value>, String> {
    get(v, key, context)?
        .as_array()
        .ok_or_else(|| format!("{context}: `{key}` is not a list"))
}

/// A key of `v` outside `known` is an error (unknown fields are never ignored).
fn unknown_key(v: &Value, known: &[&str], context: &str) -> Result<(), String> {
    match v
        .as_object()
        .and_then(|o| o.keys().find(|k| !known.contains(&k.as_str())))
    {
        Some(key) => Err(format!("{context}: unknown key `{key}`")),
        None => Ok(()),
    }
}

/// One test: checks the input file's rules and attaches the reference's answer.
fn generate_test(
    test: &Value,
    op: &str,
    notes: &Map<String, Value>,
    ids: &mut BTreeSet<u64>,
) -> Result<Value, String> {
    let tc_id = get(test, "tcId", op)?
        .as_u64()
        .ok_or_else(|| format!("{op}: tcId must be a non-negative integer"))?;
    let context = format!("{op} tcId {tc_id}");
    if !ids.insert(tc_id) {
        return Err(format!("{context}: duplicate tcId"));
    }
    let comment = get(test, "comment", &context)?.clone();
    let flags = get_array(test, "flags", &context)?;
    for flag in flags {
        let name = flag
            .as_str()
            .ok_or_else(|| format!("{context}: flag {flag} is not a string"))?;
        if !notes.contains_key(name) {
            return Err(format!("{context}: flag `{name}` is not defined in notes"));
        }
    }
    unknown_key(test, TEST_KEYS, &context)?;
    let input = get(test, "input", &context)?;
    if input.get("op").and_then(Value::as_str) != Some(op) {
        return Err(format!("{context}: input.op must be `{op}`"));
    }
    let mut out = Map::new();
    out.insert("tcId".into(), json!(tc_id));
    out.insert("comment".into(), comment);
    out.insert("flags".into(), Value::Array(flags.clone()));
    out.insert("input".into(), input.clone());
    let flagged_malformed = flags
        .iter()
        .any(|f| f.as_str().is_some_and(|f| f.starts_with(MALFORMED_FLAG)));
    match (run_case(input), flagged_malformed) {
        (Err(error), true) if is_malformed(&error) => {
            out.insert("expectedError".into(), json!({"kind": "malformed"}));
        }
        (Err(error), false) if is_malformed(&error) => {
            return Err(format!(
                "{context}: malformed input without a {MALFORMED_FLAG}… flag: {error}"
            ));
        }
        (_, true) => {
            return Err(format!(
                "{context}: flagged {MALFORMED_FLAG}… but the input is well-formed"
            ));
        }
        (Ok(expected), false) => {
            out.insert("expected".into(), expected);
        }
        (Err(error), false) => {
            out.insert("expectedError".into(), error);
        }
    }
    Ok(Value::Object(out))
}

/// One op's file.
fn generate_file(source: &Value, op: &str) -> Result<Value, String> {
    if source.get("op").and_then(Value::as_str) != Some(op) {
        return Err(format!("{op}: the inputs file's `op` must be `{op}`"));
    }
    unknown_key(source, FILE_KEYS, op)?;
    let notes = get(source, "notes", op)?
        .as_object()
        .ok_or_else(|| format!("{op}: `notes` is not an object"))?;
    let mut ids = BTreeSet::new();
    let mut groups = Vec::new();
    for group in get_array(source, "testGroups", op)? {
        unknown_key(group, GROUP_KEYS, op)?;
        let tests = get_array(group, "tests", op)?
            .iter()
            .map(|t| generate_test(t, op, notes, &mut ids))
            .collect::<Result<Vec<_>, _>>()?;
        let mut g = Map::new();
        g.insert("comment".into(), get(group, "comment", op)?.clone());
        g.insert("tests".into(), Value::Array(tests));
        groups.push(Value::Object(g));
    }
    let mut file = Map::new();
    file.insert("op".into(), json!(op));
    file.insert("schema".into(), json!(SCHEMA));
    file.insert("specVersion".into(), json!(SPEC_VERSION));
    file.insert("numberOfTests".into(), json!(ids.len()));
    file.insert("notes".into(), Value::Object(notes.clone()));
    file.insert("testGroups".into(), Value::Array(groups));
    Ok(Value::Object(file))
}

fn run() -> Result<(), String> {
    let only: BTreeSet<String> = std::env::args().skip(1).collect();
    let dir = corpus_dir();
    let inputs = dir.join("inputs");
    let mut ops: Vec<String> = fs::read_dir(&inputs)
        .map_err(|e| format!("{}: {e}", inputs.display()))?
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            name.strip_suffix(".json").map(str::to_string)
        })
        .collect();
    ops.sort();
    if let Some(missing) = only.iter().find(|op| !ops.contains(op)) {
        return Err(format!("no inputs file for op `{missing}`"));
    }
    for op in ops
        .iter()
        .filter(|op| only.is_empty() || only.contains(*op))
    {
        let path = inputs.join(format!("{op}.json"));
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let source: Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = generate_file(&source, op)?;
        let mut out = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
        out.push('\n');
        let target = dir.join(format!("{op}.json"));
        fs::write(&target, out).map_err(|e| format!("{}: {e}", target.display()))?;
        let count = file["numberOfTests"].as_u64().unwrap_or(0);
        println!("{op}: {count} vectors → {}", target.display());
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen-corpus: {e}");
            ExitCode::FAILURE
        }
    }
}
