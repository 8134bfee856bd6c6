//! The committed corpus is what the reference produces now: every vector's `expected` /
//! `expectedError` is recomputed with `run_case` (a stale corpus means gen-corpus was
//! not re-run after a change). Also checks the v2 header and the flag/tcId rules.

use std::collections::BTreeSet;
use std::path::Path;

use build2d_reference::case::{is_malformed, run_case};
use serde_json::Value;

#[test]
fn committed_vectors_match_the_reference() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("corpus dir") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        files += 1;
        let file: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
        let op = file["op"].as_str().expect("op");
        assert_eq!(file["schema"], "build2d-vectors-v2", "{op}");
        let notes = file["notes"].as_object().expect("notes");
        let mut ids = BTreeSet::new();
        for group in file["testGroups"].as_array().expect("groups") {
            for test in group["tests"].as_array().expect("tests") {
                let id = test["tcId"].as_u64().expect("tcId");
                assert!(ids.insert(id), "{op}: duplicate tcId {id}");
                for flag in test["flags"].as_array().expect("flags") {
                    assert!(
                        notes.contains_key(flag.as_str().expect("flag")),
                        "{op} {id}"
                    );
                }
                assert_eq!(test["input"]["op"], op);
                let got = run_case(&test["input"]);
                match (test.get("expected"), test.get("expectedError")) {
                    (Some(e), None) => assert_eq!(got.as_ref(), Ok(e), "{op} tcId {id}"),
                    // A malformed vector carries no reason (it is never compared).
                    (None, Some(e)) if is_malformed(e) => {
                        assert_eq!(e, &serde_json::json!({"kind": "malformed"}), "{op} {id}");
                        assert!(got.as_ref().is_err_and(is_malformed), "{op} tcId {id}");
                    }
                    (None, Some(e)) => assert_eq!(got.as_ref(), Err(e), "{op} tcId {id}"),
                    _ => panic!("{op} tcId {id}: exactly one of expected / expectedError"),
                }
            }
        }
        assert_eq!(
            file["numberOfTests"].as_u64(),
            Some(ids.len() as u64),
            "{op}"
        );
    }
    assert!(files >= 6, "corpus files found: {files}");
}
