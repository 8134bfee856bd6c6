//! The corpus mutation study (docs/verification.md, section "Corpus mutation study").
//!
//! Every mutation of `build2d_reference::mutation` is one misreading of one rule. For each
//! one this tool runs every vector input of `corpus/inputs/*.json` through a child process
//! of itself started with `BUILD2D_REF_MUTATION=<name>` (the switch is read once per
//! process) and counts, per file, the vectors whose expected value (or error) differs from
//! the plain reference's. Nothing is written to `corpus/`.
//!
//! Usage (`cargo run --release -p build2d-reference --features mutations --bin
//! mutation-study -- ...`):
//!
//! - `[table] [NAME ...]` — the markdown table (all mutations, or the named ones);
//!   `--verbose` also lists the changed tcIds.
//! - `search NAME OP [SEED] [TRIES]` — seeded random search for an input of op OP whose
//!   result the mutation changes, shrunk greedily; prints the input as JSON.
//! - `serve` — child mode: one JSON input per stdin line, one result per stdout line.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use build2d_reference::case::{is_malformed, run_case};
use build2d_reference::mutation::Mutation;
use serde_json::{json, Value};

const VARIABLE: &str = "BUILD2D_REF_MUTATION";
/// A child answering nothing for this long is taken to hang (a mutation may loop).
const TIMEOUT: Duration = Duration::from_secs(20);

/// One case's outcome as one canonical line.
fn outcome(input: &Value) -> String {
    let result = std::panic::catch_unwind(|| run_case(input));
    let value = match result {
        Ok(Ok(v)) => json!({ "ok": v }),
        Ok(Err(e)) => json!({ "err": e }),
        Err(_) => json!({ "panic": true }),
    };
    value.to_string()
}

fn serve() -> Result<(), String> {
    std::panic::set_hook(Box::new(|_| {}));
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let input: Value = serde_json::from_str(&line).map_err(|e| e.to_string())?;
        writeln!(stdout, "{}", outcome(&input)).map_err(|e| e.to_string())?;
        stdout.flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A child process of this binary running one mutation.
struct Mutant {
    mutation: Mutation,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Mutant {
    fn start(mutation: Mutation) -> Result<Mutant, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut child = Command::new(exe)
            .arg("serve")
            .env(VARIABLE, mutation.name())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Mutant {
            mutation,
            child,
            stdin,
            lines,
        })
    }

    /// The mutated outcome, or `{"hang":true}` (then the child is restarted).
    fn ask(&mut self, input: &Value) -> Result<String, String> {
        writeln!(self.stdin, "{input}").map_err(|e| e.to_string())?;
        self.stdin.flush().map_err(|e| e.to_string())?;
        match self.lines.recv_timeout(TIMEOUT) {
            Ok(line) => Ok(line),
            Err(_) => {
                self.stop();
                *self = Mutant::start(self.mutation)?;
                Ok(json!({ "hang": true }).to_string())
            }
        }
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Mutant {
    fn drop(&mut self) {
        self.stop();
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("corpus")
}

/// (file, tcId, input) of every vector of corpus/inputs, files sorted.
fn corpus_inputs() -> Result<Vec<(String, u64, Value)>, String> {
    let dir = corpus_dir().join("inputs");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        for group in file["testGroups"].as_array().into_iter().flatten() {
            for test in group["tests"].as_array().into_iter().flatten() {
                let id = test["tcId"].as_u64().unwrap_or(0);
                out.push((name.clone(), id, test["input"].clone()));
            }
        }
    }
    Ok(out)
}

fn selected(names: &[String]) -> Result<Vec<Mutation>, String> {
    if names.is_empty() {
        return Ok(Mutation::ALL.to_vec());
    }
    names
        .iter()
        .map(|n| {
            Mutation::ALL
                .iter()
                .copied()
                .find(|m| m.name() == n)
                .ok_or_else(|| format!("unknown mutation `{n}`"))
        })
        .collect()
}

/// Mutations that cannot change any output, with the argument (docs/verification.md).
fn inert(m: Mutation) -> Option<&'static str> {
    match m {
        Mutation::A3TieDescending => Some(
            "two pixels at equal projection differ by a vector perpendicular to the segment; \
             a segment meets both only along their common boundary, which the half-open \
             pixel squares give to at most one of them",
        ),
        Mutation::S7NoQuarterFloor => Some(
            "where the floor cell/4 wins, the tolerance is ≥ 0.0825·radius, and the octagon \
             (r/cos(π/8) − r ≈ 0.08239·r) already passes, so m = 8 with or without it",
        ),
        Mutation::D7NoConvexity => Some(
            "an edge whose opposite vertex is strictly inside the triangle's circumcircle \
             bounds a strictly convex quadrilateral, so the test never fails when reached",
        ),
        Mutation::PC2NoSharedVertexTest => Some(
            "P and Q are weakly convex on opposite sides of the line ab, so a common third \
             vertex lies on that line and a or b gets a straight corner in both: a vertex \
             inside the region, which a triangulation of a region's rings never has",
        ),
        _ => None,
    }
}

fn table(args: &[String]) -> Result<(), String> {
    let verbose = args.iter().any(|a| a == "--verbose");
    let names: Vec<String> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .cloned()
        .collect();
    let mutations = selected(&names)?;
    let vectors = corpus_inputs()?;
    let plain: Vec<String> = vectors.iter().map(|(_, _, input)| outcome(input)).collect();
    println!(
        "{} vectors in corpus/inputs; {} mutations\n",
        vectors.len(),
        mutations.len()
    );
    println!("| mutation | rule broken | vectors changed | per file |");
    println!("|---|---|---|---|");
    let mut unpinned = Vec::new();
    for m in mutations {
        let mut mutant = Mutant::start(m)?;
        let mut per_file: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
        for ((file, id, input), expected) in vectors.iter().zip(&plain) {
            if &mutant.ask(input)? != expected {
                per_file.entry(file).or_default().push(*id);
            }
        }
        let total: usize = per_file.values().map(Vec::len).sum();
        let files: Vec<String> = per_file
            .iter()
            .map(|(f, ids)| {
                if verbose {
                    format!("{f} {} ({ids:?})", ids.len())
                } else {
                    format!("{f} {}", ids.len())
                }
            })
            .collect();
        println!(
            "| `{}` | {} — {} | {} | {} |",
            m.name(),
            m.rule(),
            m.description(),
            total,
            if files.is_empty() {
                "—".to_string()
            } else {
                files.join(", ")
            }
        );
        if total == 0 && inert(m).is_none() {
            unpinned.push(m.name());
        }
    }
    for m in Mutation::ALL.iter().filter(|m| inert(**m).is_some()) {
        println!(
            "\n- `{}` cannot change an output: {}.",
            m.name(),
            inert(*m).unwrap_or("")
        );
    }
    if unpinned.is_empty() {
        println!("\nEvery other mutation changes at least one vector.");
        Ok(())
    } else {
        Err(format!("not pinned by any vector: {}", unpinned.join(", ")))
    }
}

// ---------------------------------------------------------------------------------------
// Random search.

/// SplitMix64, for reproducible inputs without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in lo..=hi.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn pick<T: Clone>(&mut self, list: &[T]) -> T {
        list[self.next() as usize % list.len()].clone()
    }
}

fn grid_points(rng: &mut Rng, n: usize, size: i64) -> Vec<[i64; 2]> {
    let mut points = std::collections::BTreeSet::new();
    let cap = ((size + 1) * (size + 1)) as usize;
    while points.len() < n.min(cap) {
        points.insert([rng.range(0, size), rng.range(0, size)]);
    }
    points.into_iter().collect()
}

fn random_ring(rng: &mut Rng, size: i64, scale: f64) -> Value {
    let n = rng.range(3, 6) as usize;
    let ring: Vec<Value> = (0..n)
        .map(|_| {
            json!([
                rng.range(0, size) as f64 * scale,
                rng.range(0, size) as f64 * scale
            ])
        })
        .collect();
    Value::Array(ring)
}

fn random_outlines(rng: &mut Rng, size: i64, scale: f64) -> Value {
    let outlines: Vec<Value> = (0..rng.range(1, 3))
        .map(|_| {
            let rings: Vec<Value> = (0..rng.range(1, 2))
                .map(|_| random_ring(rng, size, scale))
                .collect();
            Value::Array(rings)
        })
        .collect();
    Value::Array(outlines)
}

fn random_region(rng: &mut Rng, bits: u64) -> Value {
    let scale = rng.pick(&[1.0, 0.5, 0.25]);
    let size = rng.range(2, 8);
    json!({"snapBits": bits, "outlines": random_outlines(rng, size, scale)})
}

fn random_tile_map(rng: &mut Rng) -> Value {
    let (w, h) = (rng.range(1, 5), rng.range(1, 5));
    let cells: Vec<i64> = (0..w * h)
        .map(|_| i64::from(!rng.next().is_multiple_of(3)))
        .collect();
    let cell = rng.pick(&[1.0, 0.5, 0.3, 0.7, 0.1, 1.25]);
    let origin = [
        rng.pick(&[0.0, 0.1, -0.35, 2097151.7, -2097152.0, 0.3]),
        rng.pick(&[0.0, 0.2, 1.5, 2097151.9, -2097151.3]),
    ];
    json!({"width": w, "height": h, "cellSize": cell, "origin": origin, "cells": cells})
}

/// A random input of op `op`.
fn random_input(op: &str, rng: &mut Rng) -> Value {
    let bits = rng.pick(&[0u64, 0, 1, 2, 4]);
    match op {
        "cdt" | "cdt64" => {
            let (n, size) = if op == "cdt64" {
                (rng.range(64, 80) as usize, rng.range(8, 12))
            } else {
                (rng.range(4, 14) as usize, rng.pick(&[3, 4, 5, 8, 16, 40]))
            };
            let mut points = grid_points(rng, n, size);
            if op == "cdt" && rng.next().is_multiple_of(2) {
                // Spread out: a random affine stretch keeps some cocircular quadruples.
                let (sx, sy) = (rng.range(1, 3), rng.range(1, 3));
                for p in &mut points {
                    *p = [p[0] * sx, p[1] * sy];
                }
            }
            let k = points.len() as i64;
            let constraints: Vec<[i64; 2]> = (0..rng.range(1, 4))
                .map(|_| [rng.range(0, k - 1), rng.range(0, k - 1)])
                .filter(|c| c[0] != c[1])
                .collect();
            json!({"op": "cdt", "points": points, "constraints": constraints})
        }
        "triangulate" | "partitionConvex" => {
            let mut v = json!({"op": op, "region": random_region(rng, bits)});
            if op == "partitionConvex" {
                v["maxVertices"] = json!(rng.range(3, 8));
            }
            v
        }
        "fromOutlines" => {
            let scale = rng.pick(&[1.0, 0.5, 0.25, 0.75]);
            let size = rng.range(2, 8);
            json!({"op": op, "snapBits": bits, "outlines": random_outlines(rng, size, scale)})
        }
        "union" | "intersection" | "difference" | "xor" => {
            json!({"op": op, "a": random_region(rng, bits), "b": random_region(rng, bits)})
        }
        "offset" => json!({
            "op": op,
            "region": random_region(rng, bits),
            "distance": rng.pick(&[0.5, 1.0, 1.5, -0.5, -1.0, 2.25, 3.0, 0.75]),
            "join": rng.pick(&["round", "square"]),
            "arcTolerance": rng.pick(&[0.0, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0]),
        }),
        "fromTileMap" => {
            let mut v = random_tile_map(rng);
            v["op"] = json!(op);
            v["snapBits"] = json!(bits);
            v
        }
        "mesh" => {
            let mut tile = random_tile_map(rng);
            tile["origin"] = json!([0.0, 0.0]);
            json!({
                "op": op,
                "snapBits": rng.pick(&[0u64, 2, 4]),
                "tileMap": tile,
                "agentRadius": rng.pick(&[0.0, 0.1, 0.25, 0.3, 0.5, 1.0]),
                "maxVertices": rng.range(3, 8),
            })
        }
        "arrangement" => {
            let size = rng.range(2, 10);
            let edges: Vec<Value> = (0..rng.range(1, 5))
                .map(|_| {
                    json!({
                        "from": [rng.range(0, size), rng.range(0, size)],
                        "to": [rng.range(0, size), rng.range(0, size)],
                        "tag": rng.range(0, 1),
                    })
                })
                .collect();
            json!({"op": op, "edges": edges})
        }
        _ => json!({"op": op}),
    }
}

/// Smaller variants of a JSON value: each array element left out, each number moved
/// towards 0 or rounded.
fn variants(v: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    match v {
        Value::Array(items) => {
            for i in 0..items.len() {
                let mut shorter = items.clone();
                shorter.remove(i);
                out.push(Value::Array(shorter));
            }
            for (i, item) in items.iter().enumerate() {
                for smaller in variants(item) {
                    let mut copy = items.clone();
                    copy[i] = smaller;
                    out.push(Value::Array(copy));
                }
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                if k == "op" {
                    continue;
                }
                for smaller in variants(item) {
                    let mut copy = map.clone();
                    copy.insert(k.clone(), smaller);
                    out.push(Value::Object(copy));
                }
            }
        }
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                if i != 0 {
                    out.push(json!(i / 2));
                    out.push(json!(i - i.signum()));
                }
            } else if let Some(f) = n.as_f64() {
                if f != f.trunc() {
                    out.push(json!(f.trunc()));
                }
            }
        }
        _ => {}
    }
    out
}

fn differs(input: &Value, mutant: &mut Mutant) -> Result<bool, String> {
    if run_case(input).as_ref().is_err_and(is_malformed) {
        return Ok(false);
    }
    Ok(outcome(input) != mutant.ask(input)?)
}

fn search(args: &[String]) -> Result<(), String> {
    let [name, op, rest @ ..] = args else {
        return Err("usage: search NAME OP [SEED] [TRIES]".into());
    };
    let mutation = selected(std::slice::from_ref(name))?[0];
    let seed: u64 = rest.first().and_then(|s| s.parse().ok()).unwrap_or(1);
    let tries: u64 = rest.get(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let mut rng = Rng(seed);
    let mut mutant = Mutant::start(mutation)?;
    for attempt in 0..tries {
        let mut input = random_input(op, &mut rng);
        if !differs(&input, &mut mutant)? {
            continue;
        }
        eprintln!("found at try {attempt}; shrinking");
        'shrink: loop {
            for smaller in variants(&input) {
                if differs(&smaller, &mut mutant)? {
                    input = smaller;
                    continue 'shrink;
                }
            }
            break;
        }
        println!("{input}");
        eprintln!("plain:   {}", outcome(&input));
        eprintln!("mutated: {}", mutant.ask(&input)?);
        return Ok(());
    }
    Err(format!("no input found in {tries} tries"))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let serving = args.first().map(String::as_str) == Some("serve");
    if !serving && std::env::var_os(VARIABLE).is_some() {
        eprintln!("mutation-study: run without {VARIABLE}; it sets it for its children");
        return ExitCode::FAILURE;
    }
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve(),
        Some("search") => search(&args[1..]),
        Some("table") => table(&args[1..]),
        _ => table(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mutation-study: {e}");
            ExitCode::FAILURE
        }
    }
}
