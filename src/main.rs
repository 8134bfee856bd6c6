//! The `build2d` command-line tool.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::Value;

/// Exact 2D geometry for navigation meshes.
#[derive(Parser)]
#[command(name = "build2d", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run one conformance case (the `input` object of a corpus vector, naming its `op`)
    /// on the engine and print the canonical JSON output or the error.
    Run {
        /// Path to the case JSON (`-` for standard input).
        case: PathBuf,
    },
    /// Run one case on both the engine and the reference oracle and compare
    /// (needs the `oracle` feature).
    Check {
        /// Path to the case JSON (`-` for standard input).
        case: PathBuf,
    },
}

fn read_json(path: &PathBuf) -> Result<Value, String> {
    let text = if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| e.to_string())?
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?
    };
    let value: Value = serde_json::from_str(&text).map_err(|e| format!("invalid JSON: {e}"))?;
    // Accept a whole vector (`{"input": {...}}`) as well as a bare input object.
    Ok(match value.get("input") {
        Some(input) if value.get("op").is_none() => input.clone(),
        _ => value,
    })
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run { case } => {
            let input = match read_json(&case) {
                Ok(v) => v,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            match build2d::case::run_case_json(&input) {
                Ok(expected) => {
                    println!("{}", pretty(&serde_json::json!({ "expected": expected })));
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    println!("{}", pretty(&serde_json::json!({ "expectedError": error })));
                    ExitCode::from(1)
                }
            }
        }
        Command::Check { case } => check(&case),
    }
}

#[cfg(feature = "oracle")]
fn check(case: &PathBuf) -> ExitCode {
    let input = match read_json(case) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match build2d::diff::compare(&input) {
        Ok(_) => {
            println!("engine and reference agree");
            ExitCode::SUCCESS
        }
        Err(mismatch) => {
            eprintln!("{mismatch}");
            ExitCode::from(1)
        }
    }
}

#[cfg(not(feature = "oracle"))]
fn check(_case: &PathBuf) -> ExitCode {
    eprintln!(
        "`build2d check` needs the `oracle` feature: cargo run --features oracle -- check CASE"
    );
    ExitCode::from(2)
}
