//! Random mode (docs/ports.md §2): seeded cases, the engine gives the expected side, every
//! divergence is shrunk, attributed to its first divergent stage and written as a
//! corpus-format vector file.

use std::path::Path;

use serde_json::{json, Value};

use super::generate::{generate, Rng};
use super::port::{Answer, Port};
use super::report::{judge, Failure, Report, Verdict};
use super::{engine_outcome, outcome_json};

/// Ops random mode does not generate yet, with why (none: every op has a generator).
pub const SKIPPED: &[(&str, &str)] = &[];

/// Whether the port diverges from the engine on `input` (any answer but the engine's;
/// skips do not count).
pub fn diverges(port: &mut Port, input: &Value) -> bool {
    let expected = engine_outcome(input);
    let answer = port.run(input);
    !matches!(answer, Answer::Skipped(_)) && judge(&expected, &answer).0 != Verdict::Passed
}

/// The corpus-format vector file of one case (expected side from the engine).
pub fn vector_file(input: &Value, comment: &str) -> Value {
    let op = input.get("op").and_then(Value::as_str).unwrap_or("");
    let mut test = json!({"tcId": 1, "comment": comment, "flags": [], "input": input});
    match engine_outcome(input) {
        Ok(v) => test["expected"] = v,
        Err(e) => test["expectedError"] = e,
    }
    json!({
        "op": op,
        "schema": "build2d-vectors-v2",
        "specVersion": "build2d-spec 1 + open-points X0-X19",
        "numberOfTests": 1,
        "notes": {},
        "testGroups": [{"comment": "written by build2d conform --random (expected values from the engine)",
                        "tests": [test]}],
    })
}

fn write_vector(dir: &Path, name: &str, input: &Value, comment: &str) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(name);
    let text =
        serde_json::to_string_pretty(&vector_file(input, comment)).unwrap_or_default() + "\n";
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path.display().to_string())
}

/// Runs `n` generated cases of `ops` (round robin) on the port.
pub fn run(
    port: &mut Port,
    ops: &[String],
    n: usize,
    options: &super::ConformOptions,
    report: &mut Report,
) -> Result<(), String> {
    let ops: Vec<&String> = ops
        .iter()
        .filter(|op| {
            let skipped = SKIPPED.iter().find(|(s, _)| s == op);
            if let Some((_, why)) = skipped {
                super::say(&format!("conform: random mode skips `{op}`: {why}"));
            }
            skipped.is_none() && super::generate::OPS.contains(&op.as_str())
        })
        .collect();
    if ops.is_empty() {
        return Err("random mode: no op to generate".into());
    }
    let declared = port
        .implementation
        .as_ref()
        .map(|i| i.ops.clone())
        .unwrap_or_default();
    let mut rng = Rng::new(options.seed);
    let mut errors: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    for i in 0..n {
        let op = ops[i % ops.len()];
        if report.failures.len() >= options.max_failures {
            super::say(&format!(
                "conform: stopping after {} divergences (--max-failures)",
                report.failures.len()
            ));
            break;
        }
        let Some(input) = generate(op, &mut rng, options.size) else {
            continue;
        };
        let expected = engine_outcome(&input);
        let tally = errors.entry(op.as_str()).or_default();
        tally.0 += 1;
        tally.1 += usize::from(expected.is_err());
        let answer = port.run(&input);
        let (verdict, difference) = judge(&expected, &answer);
        report.count(op, format!("random#{i}"), verdict, &difference);
        if !verdict.is_failure() {
            continue;
        }
        let failure = shrink_and_attribute(port, &declared, op, &input, options, i)?;
        if let (Some(dir), Some(shrunk)) = (&options.svg, &failure.shrunk) {
            let name = format!("{op}-seed{}-case{i}", options.seed);
            super::corpus::draw_failure(dir, &name, &engine_outcome(shrunk), &port.run(shrunk));
        }
        if options.verbose {
            let stage_line = match (&failure.stage, &failure.stage_difference) {
                (Some(stage), Some(d)) => format!("\n     first divergent stage: {stage}: {d}"),
                _ => String::new(),
            };
            super::say(&format!(
                "FAIL random case {i} ({op}, seed {}): {difference}{stage_line}\n     shrunk: {}",
                options.seed,
                failure
                    .stage_vector
                    .as_deref()
                    .or(failure.vector.as_deref())
                    .unwrap_or("-"),
            ));
        }
        report.failures.push(Failure {
            verdict,
            difference,
            got: super::corpus::answer_json(&answer),
            expected: outcome_json(&expected),
            input,
            ..failure
        });
    }
    if options.verbose {
        let list: Vec<String> = errors
            .iter()
            .map(|(op, (n, e))| format!("{op} {e}/{n}"))
            .collect();
        super::say(&format!(
            "conform: cases the engine answers with an error: {}",
            list.join(", ")
        ));
    }
    report.restarts = port.restarts;
    Ok(())
}

/// Shrinks the case, finds its first divergent stage, shrinks that stage's case and
/// writes both as vector files. The returned failure lacks the verdict and answers.
fn shrink_and_attribute(
    port: &mut Port,
    declared: &[String],
    op: &str,
    input: &Value,
    options: &super::ConformOptions,
    i: usize,
) -> Result<Failure, String> {
    let seed = options.seed;
    // One budget of wall-clock time for the case and its stage together.
    let deadline = std::time::Instant::now() + options.shrink_time;
    let shrunk = super::shrink::shrink_until(input, Some(deadline), &mut |c| diverges(port, c));
    let comment = format!("build2d conform --random, seed {seed}, case {i}, shrunk");
    let vector = write_vector(
        &options.out,
        &format!("{op}-seed{seed}-case{i}.json"),
        &shrunk,
        &comment,
    )?;
    let stage = super::stages::first_divergent(&shrunk, declared, &mut |c| diverges(port, c));
    let stage_op = stage
        .get("op")
        .and_then(Value::as_str)
        .unwrap_or(op)
        .to_string();
    // The stage fields only when a stage before the op differs (docs/ports.md §2.1).
    let (stage, stage_input, stage_vector, stage_difference) = if stage == shrunk {
        (None, None, None, None)
    } else {
        let small = super::shrink::shrink_until(&stage, Some(deadline), &mut |c| diverges(port, c));
        let comment = format!("{comment}: first divergent stage {stage_op} of {op}");
        let path = write_vector(
            &options.out,
            &format!("{op}-seed{seed}-case{i}-stage-{stage_op}.json"),
            &small,
            &comment,
        )?;
        let difference = judge(&engine_outcome(&small), &port.run(&small)).1;
        (Some(stage_op), Some(small), Some(path), Some(difference))
    };
    Ok(Failure {
        op: op.to_string(),
        file: None,
        tc_id: i as i64,
        comment,
        flags: vec![],
        verdict: Verdict::Failed,
        difference: String::new(),
        input: Value::Null,
        expected: Value::Null,
        got: None,
        stage,
        stage_difference,
        stage_vector,
        stage_input,
        shrunk: Some(shrunk),
        vector: Some(vector),
    })
}
