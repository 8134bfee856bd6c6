//! Corpus mode: every vector of every op the port declares (docs/ports.md §2).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::port::{Answer, Port};
use super::report::{judge, Failure, Report};
use super::Outcome;

/// One vector of a corpus file.
#[derive(Debug, Clone)]
pub struct Vector {
    /// The file name (`shrink.json`).
    pub file: String,
    /// The file's op.
    pub op: String,
    /// tcId.
    pub tc_id: i64,
    /// Comment.
    pub comment: String,
    /// Flags.
    pub flags: Vec<String>,
    /// Input.
    pub input: Value,
    /// Expected outcome.
    pub expected: Outcome,
}

/// Reads every `*.json` vector file of `dir` (sorted by name).
pub fn load(dir: &Path) -> Result<Vec<Vector>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut vectors = Vec::new();
    for path in files {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file: Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        if !crate::case::is_vector_file(&file) {
            super::say(&format!("conform: {name}: not a vector file; passed over"));
            continue;
        }
        // Read by the rules `build2d run` checks: a file that breaks them stops the harness
        // (`run` reports it).
        let parts = crate::case::vector_file_parts(&file).map_err(|e| format!("{name}: {e}"))?;
        for test in &parts.tests {
            let v = crate::case::vector_parts(test, &parts).map_err(|e| {
                let id = test.get("tcId").unwrap_or(&Value::Null);
                format!("{name}: tcId {id}: {e}")
            })?;
            vectors.push(Vector {
                file: name.clone(),
                op: parts.op.to_string(),
                tc_id: v.tc_id,
                comment: v.comment.into(),
                flags: v.flags.iter().map(|f| f.to_string()).collect(),
                input: v.input.clone(),
                expected: v.expected_outcome(),
            });
        }
    }
    Ok(vectors)
}

/// Writes `dir/NAME.svg`, the expected outcome under the port's, when the port gave an
/// outcome and it can be drawn.
pub fn draw_failure(dir: &Path, name: &str, expected: &Outcome, answer: &Answer) {
    let Answer::Outcome(got) = answer else {
        return;
    };
    if let Some(picture) = super::svg::overlay(expected, got) {
        let file = dir.join(format!("{name}.svg"));
        if let Err(e) = std::fs::write(&file, picture) {
            super::say(&format!("conform: {}: {e}", file.display()));
        }
    }
}

/// The port's answer as the report writes it.
pub fn answer_json(answer: &Answer) -> Option<Value> {
    match answer {
        Answer::Outcome(o) => Some(super::outcome_json(o)),
        Answer::Skipped(s) => Some(serde_json::json!({ "skipped": s })),
        Answer::Crashed(s) => Some(serde_json::json!({ "crashed": s })),
        _ => None,
    }
}

/// Runs the vectors of the ops in `ops` on the port.
pub fn run(
    port: &mut Port,
    vectors: &[Vector],
    ops: &[String],
    svg_dir: Option<&Path>,
    verbose: bool,
    report: &mut Report,
) {
    let declared = port
        .implementation
        .as_ref()
        .map(|i| i.ops.clone())
        .unwrap_or_default();
    for v in vectors.iter().filter(|v| ops.contains(&v.op)) {
        let answer = port.run(&v.input);
        let (verdict, difference) = judge(&v.expected, &answer);
        let name = format!("{}#{}", v.file, v.tc_id);
        report.count(&v.op, name, verdict, &difference);
        if !verdict.is_failure() {
            continue;
        }
        // The stages that feed the op, on the port: the first that differs (not shrunk:
        // a corpus vector is small already).
        let stage = super::stages::first_divergent(&v.input, &declared, &mut |c| {
            super::random::diverges(port, c)
        });
        let stage = (stage != v.input).then(|| {
            let op = stage.get("op").and_then(Value::as_str).unwrap_or("");
            let difference = judge(&super::engine_outcome(&stage), &port.run(&stage)).1;
            (op.to_string(), difference, stage)
        });
        let stage_line = stage.as_ref().map_or(String::new(), |(op, difference, _)| {
            format!("\n     first divergent stage: {op}: {difference}")
        });
        if verbose {
            super::say(&format!(
                "FAIL {} tcId {} ({}; flags: {})\n     {difference}{stage_line}",
                v.file,
                v.tc_id,
                v.comment,
                v.flags.join(", ")
            ));
        }
        if let Some(dir) = svg_dir {
            // Named by the file, so that vectors of one op in several files (random
            // mode's, all tcId 1) do not overwrite each other's pictures.
            let stem = v.file.strip_suffix(".json").unwrap_or(&v.file);
            draw_failure(dir, &format!("{stem}-{}", v.tc_id), &v.expected, &answer);
        }
        report.failures.push(Failure {
            op: v.op.clone(),
            file: Some(v.file.clone()),
            tc_id: v.tc_id,
            comment: v.comment.clone(),
            flags: v.flags.clone(),
            verdict,
            difference,
            input: v.input.clone(),
            expected: super::outcome_json(&v.expected),
            got: answer_json(&answer),
            stage: stage.as_ref().map(|(op, _, _)| op.clone()),
            stage_difference: stage.as_ref().map(|(_, d, _)| d.clone()),
            stage_input: stage.map(|(_, _, input)| input),
            shrunk: None,
            vector: None,
            stage_vector: None,
        });
    }
    report.restarts = port.restarts;
}
