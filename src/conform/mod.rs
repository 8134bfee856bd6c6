//! The conformance harness (docs/ports.md): the port protocol, `build2d serve` (the engine
//! speaking it) and `build2d conform` (corpus mode, random mode with shrinking, the first
//! divergent stage, reports). Behind the `conform` feature: a library user with
//! `default-features = false` does not compile any of it.

pub mod compare;
pub mod corpus;
pub mod generate;
pub mod port;
pub mod random;
pub mod report;
pub mod serve;
pub mod shrink;
pub mod stages;
pub mod svg;

/// Writes a line to standard error, ignoring a failure: a closed standard error (`2>&1 |
/// head`) must not end a run before its report is written (`eprintln!` would panic).
pub fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The protocol version this harness and `build2d serve` speak (docs/ports.md §1.1).
pub const PROTOCOL: i64 = 1;

/// Every op of the case format, in corpus order (the ops `build2d serve` declares).
pub const ALL_OPS: &[&str] = &[
    "snap",
    "orient",
    "inCircle",
    "crossing",
    "pixel",
    "arrangement",
    "boundary",
    "fromOutlines",
    "union",
    "intersection",
    "difference",
    "xor",
    "fromTileMap",
    "offset",
    "offsetEdges",
    "shrink",
    "shrinkEdges",
    "cdt",
    "triangulate",
    "partitionConvex",
    "mesh",
];

/// A case outcome as the format writes it: `Ok(expected)` / `Err(expectedError)`.
pub type Outcome = Result<serde_json::Value, serde_json::Value>;

/// The engine's outcome of one case input (the expected side of random mode).
pub fn engine_outcome(input: &serde_json::Value) -> Outcome {
    crate::case::run_case_json(input)
}

/// `{"expected": …}` or `{"expectedError": …}` of an outcome.
pub fn outcome_json(outcome: &Outcome) -> serde_json::Value {
    match outcome {
        Ok(v) => serde_json::json!({ "expected": v }),
        Err(e) => serde_json::json!({ "expectedError": e }),
    }
}

/// The options of `build2d conform`.
#[derive(Debug, Clone)]
pub struct ConformOptions {
    /// The port's command line.
    pub port: String,
    /// The corpus directory (corpus mode).
    pub corpus: std::path::PathBuf,
    /// Restrict to these ops (empty: every op the port declares).
    pub ops: Vec<String>,
    /// Random mode: this many cases.
    pub random: Option<usize>,
    /// Random mode seed.
    pub seed: u64,
    /// Random mode size knob.
    pub size: usize,
    /// Where random mode writes shrunk vectors.
    pub out: std::path::PathBuf,
    /// Pictures of failures.
    pub svg: Option<std::path::PathBuf>,
    /// Per-case timeout.
    pub timeout: std::time::Duration,
    /// The port's standard error.
    pub port_log: port::PortLog,
    /// Random mode stops after this many divergences (each is shrunk, which costs).
    pub max_failures: usize,
    /// Random mode: the wall-clock time one divergence may spend in shrinking (the case,
    /// then its stage). A slow port's timed-out case would otherwise pay the whole
    /// per-case timeout on each of up to [`shrink::BUDGET`] tries.
    pub shrink_time: std::time::Duration,
    /// Print every failure (false: only the summary).
    pub verbose: bool,
}

/// Runs `build2d conform`: the report, or why the harness could not run.
pub fn conform(options: &ConformOptions) -> Result<report::Report, String> {
    let mut port = port::Port::launch(&options.port, options.port_log.clone(), options.timeout)?;
    let implementation = port
        .implementation
        .clone()
        .ok_or("the port declared no implementation")?;
    let ops: Vec<String> = implementation
        .ops
        .iter()
        .filter(|op| options.ops.is_empty() || options.ops.contains(op))
        .cloned()
        .collect();
    for op in &options.ops {
        if !implementation.ops.contains(op) {
            say(&format!(
                "conform: the port does not declare `{op}`; not run"
            ));
        }
    }
    // A run that checks nothing must not pass.
    if ops.is_empty() {
        return Err(format!(
            "no op to run: the port declares {:?}{}",
            implementation.ops,
            if options.ops.is_empty() {
                String::new()
            } else {
                format!(", --ops asks for {:?}", options.ops)
            }
        ));
    }
    if let Some(dir) = &options.svg {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut report = report::Report {
        implementation: implementation.json.clone(),
        ..Default::default()
    };
    match options.random {
        None => {
            report.mode = "corpus".into();
            let vectors = corpus::load(&options.corpus)?;
            corpus::run(
                &mut port,
                &vectors,
                &ops,
                options.svg.as_deref(),
                options.verbose,
                &mut report,
            );
            if report.totals().n.iter().sum::<usize>() == 0 {
                port.stop();
                return Err(format!(
                    "{}: no vector of the ops {ops:?}",
                    options.corpus.display()
                ));
            }
        }
        Some(n) => {
            report.mode = "random".into();
            report.seed = Some(options.seed);
            random::run(&mut port, &ops, n, options, &mut report)?;
        }
    }
    port.stop();
    Ok(report)
}
