//! Every `build2d serve --mutate NAME` is caught by the harness: corpus mode fails, random
//! mode fails and shrinks to a small case, the reported first divergent stage is the
//! mutated one, and the written vector replays (fails on the mutant, passes on the engine).
//! Needs the `mutations` feature (Cargo.toml `required-features`).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_build2d");

struct Run {
    status: i32,
    report: Value,
}

/// A scratch directory removed when the test is done with it; kept when the test fails,
/// so the harness's report and vectors can be read.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn conform(port: &str, args: &[&str], tag: &str) -> Run {
    let dir =
        Scratch(std::env::temp_dir().join(format!("build2d-conform-{}-{tag}", std::process::id())));
    std::fs::create_dir_all(&dir.0).unwrap();
    let report = dir.0.join("report.json");
    let out = Command::new(BIN)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["conform", "-q", "--port-log", "null", "--port", port])
        .arg("--report")
        .arg(&report)
        .args(args)
        .output()
        .unwrap();
    let text = std::fs::read_to_string(&report).unwrap_or_else(|_| {
        panic!(
            "no report; stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    Run {
        status: out.status.code().unwrap_or(-1),
        report: serde_json::from_str(&text).unwrap(),
    }
}

fn out_dir(tag: &str) -> Scratch {
    let dir =
        std::env::temp_dir().join(format!("build2d-conform-{}-{tag}-out", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Scratch(dir)
}

struct Mutant {
    name: &'static str,
    /// Corpus files (ops) that must catch it; empty: the corpus has no vector for it yet.
    corpus_ops: &'static str,
    random_ops: &'static str,
    n: &'static str,
    size: &'static str,
    /// The first divergent stage random mode must report.
    stage: &'static str,
}

fn caught(m: &Mutant) {
    let mutant = format!("{BIN} serve --mutate {}", m.name);
    let engine = format!("{BIN} serve");
    if !m.corpus_ops.is_empty() {
        let run = conform(
            &mutant,
            &["--ops", m.corpus_ops],
            &format!("{}-corpus", m.name),
        );
        assert_eq!(run.status, 1, "{}: corpus mode passed", m.name);
        assert!(run.report["totals"]["failed"].as_u64() > Some(0));
    }
    let out = out_dir(m.name);
    let out_s = out.0.to_str().unwrap();
    let run = conform(
        &mutant,
        &[
            "--random",
            m.n,
            "--seed",
            "1",
            "--size",
            m.size,
            "--ops",
            m.random_ops,
            "--max-failures",
            "1",
            "--out",
            out_s,
        ],
        &format!("{}-random", m.name),
    );
    assert_eq!(run.status, 1, "{}: random mode found nothing", m.name);
    let failure = &run.report["failures"][0];
    // The stage fields name a stage before the op; when the op itself is the first that
    // differs they are absent, and its own shrunk case and vector stand for the stage.
    let (stage_input, stage_vector) = if failure["op"] == m.stage {
        assert!(failure.get("stage").is_none(), "{}: {failure}", m.name);
        (&failure["shrunk"], &failure["vector"])
    } else {
        assert_eq!(failure["stage"], m.stage, "{}: {failure}", m.name);
        (&failure["stageInput"], &failure["stageVector"])
    };
    let small = build2d::conform::shrink::case_size(stage_input);
    assert!(small <= 10, "{}: shrunk to {small}: {stage_input}", m.name);
    // The written vectors replay: they fail on the mutant and pass on the engine.
    let vector = stage_vector.as_str().unwrap();
    assert!(Path::new(vector).exists());
    let replay_args = ["--corpus", out_s];
    let on_mutant = conform(&mutant, &replay_args, &format!("{}-replay", m.name));
    assert_eq!(
        on_mutant.status, 1,
        "{}: the vector does not replay",
        m.name
    );
    let on_engine = conform(&engine, &replay_args, &format!("{}-engine", m.name));
    assert_eq!(
        on_engine.status, 0,
        "{}: {}",
        m.name, on_engine.report["failures"]
    );
}

macro_rules! mutant_test {
    ($test:ident, $name:expr, $corpus:expr, $ops:expr, $n:expr, $size:expr, $stage:expr) => {
        #[test]
        fn $test() {
            caught(&Mutant {
                name: $name,
                corpus_ops: $corpus,
                random_ops: $ops,
                n: $n,
                size: $size,
                stage: $stage,
            });
        }
    };
}

mutant_test!(
    a2_rounding_tie,
    "a2-rounding-tie",
    "crossing,fromOutlines",
    "union",
    "100",
    "8",
    "arrangement"
);
mutant_test!(
    r5_turn,
    "r5-turn",
    "fromOutlines",
    "union",
    "100",
    "8",
    "fromOutlines"
);
mutant_test!(
    r6_ring_start,
    "r6-ring-start",
    "fromOutlines",
    "union",
    "100",
    "8",
    "fromOutlines"
);
mutant_test!(
    x12_m_choice,
    "x12-m-choice",
    "offset,shrink,offsetEdges,shrinkEdges",
    "mesh",
    "300",
    "8",
    "shrinkEdges"
);
mutant_test!(
    e4_bisection,
    "e4-bisection",
    "offset,shrink,offsetEdges,shrinkEdges",
    "mesh",
    "300",
    "8",
    "shrinkEdges"
);
mutant_test!(
    cocircular_diagonal,
    "cocircular-diagonal",
    "cdt,triangulate",
    "partitionConvex",
    "300",
    "8",
    "cdt"
);
// The corpus catches the [D7] scan order through the mutation study's witnesses (cdt 85-91).
mutant_test!(
    d7_scan_order,
    "d7-scan-order",
    "cdt",
    "cdt",
    "2000",
    "30",
    "cdt"
);
mutant_test!(
    sloan_queue,
    "sloan-queue",
    "cdt,triangulate",
    "partitionConvex",
    "300",
    "8",
    "cdt"
);
mutant_test!(
    pc1_candidate_order,
    "pc1-candidate-order",
    "partitionConvex,mesh",
    "mesh",
    "300",
    "8",
    "partitionConvex"
);
mutant_test!(
    error_kind,
    "error-kind",
    "fromOutlines",
    "union",
    "300",
    "8",
    "fromOutlines"
);

#[test]
fn every_mutation_is_listed_and_tested() {
    let out = Command::new(BIN)
        .args(["serve", "--list-mutations"])
        .output()
        .unwrap();
    let names: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let tested = [
        "a2-rounding-tie",
        "r5-turn",
        "r6-ring-start",
        "x12-m-choice",
        "e4-bisection",
        "cocircular-diagonal",
        "d7-scan-order",
        "sloan-queue",
        "pc1-candidate-order",
        "error-kind",
    ];
    assert_eq!(names, tested);
}

#[test]
fn the_engine_passes_the_corpus() {
    let run = conform(&format!("{BIN} serve"), &[], "engine-corpus");
    assert_eq!(run.status, 0, "{}", run.report["failures"]);
    // Every vector of every file (21 files, 1,115 vectors when this was written).
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus")).unwrap();
    let vectors: u64 = files
        .filter_map(|e| {
            let path = e.ok()?.path();
            if path.extension()? != "json" {
                return None;
            }
            let file: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
            file["numberOfTests"].as_u64()
        })
        .sum();
    assert!(vectors >= 1115, "{vectors}");
    assert_eq!(run.report["totals"]["passed"].as_u64(), Some(vectors));
}

/// Corpus mode names the first divergent stage of a failing vector: the arrangement for a
/// rounding tie, the CDT for Sloan's queue, the fed edges for the equal-area ring's λ
/// ([E4]), and none where the op's own rule is broken (ring tracing, [R5]: the
/// arrangement and the boundary agree).
#[test]
fn corpus_mode_names_the_first_divergent_stage() {
    for (mutant, ops, stage) in [
        ("a2-rounding-tie", "fromOutlines,union", Some("arrangement")),
        ("sloan-queue", "triangulate,partitionConvex", Some("cdt")),
        ("r5-turn", "fromOutlines", None),
        ("e4-bisection", "shrink,mesh", Some("shrinkEdges")),
    ] {
        let run = conform(
            &format!("{BIN} serve --mutate {mutant}"),
            &["--ops", ops],
            &format!("{mutant}-corpus-stage"),
        );
        let failures = run.report["failures"].as_array().unwrap();
        assert!(!failures.is_empty(), "{mutant}");
        for f in failures {
            assert_eq!(f["stage"].as_str(), stage, "{mutant}: {f}");
            if stage.is_some() {
                assert!(f["stageDifference"].as_str().is_some_and(|d| !d.is_empty()));
                assert_eq!(f["stageInput"]["op"].as_str(), stage);
            }
        }
    }
}
