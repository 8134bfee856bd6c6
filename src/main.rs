//! The `build2d` command-line tool.

use std::path::{Path, PathBuf};

use build2d::{Geometry2DOptions, GridPoint, MapSource, Mesh2DPipeline};
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
    /// Build a navigation mesh from a map: a plain-text tile map (`.` walkable, `#`
    /// blocked, one line per row, top row first), a JSON tile map (`fromTileMap` case or
    /// `{width, height, cellSize, origin, cells}`) or JSON outlines (`fromOutlines` case).
    Mesh {
        /// The map file.
        map: PathBuf,
        /// Cell size in public units (text maps: default 1; JSON tile maps: overrides the
        /// map's; outlines: required).
        #[arg(long)]
        cell_size: Option<f64>,
        /// Agent radius in public units (0 = no shrink).
        #[arg(long, default_value_t = 0.0)]
        radius: f64,
        /// Largest polygon, 3..=16 vertices.
        #[arg(long, default_value_t = 6)]
        max_verts: usize,
        /// Snap bits, 0..=16 (grid unit 2^-snap_bits).
        #[arg(long, default_value_t = 16)]
        snap_bits: u8,
        /// Write the mesh JSON here (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Also draw the mesh as SVG.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Draw the triangles too (with --svg).
        #[arg(long)]
        triangles: bool,
    },
    /// Draw a result as SVG: the input is a case (run on the engine first) or an output
    /// (`{"expected": ...}` as printed by `run`, or the bare output object). Regions are
    /// filled even-odd with their vertices marked; triangles and polygons are outlined.
    Svg {
        /// Case or output JSON (`-` for standard input).
        file: PathBuf,
        /// Output SVG path.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Speak the port protocol on standard input/output (docs/ports.md): the engine as a
    /// port, the example a port author reads and the subject of `build2d conform`.
    #[cfg(feature = "conform")]
    Serve {
        /// Break one rule on purpose (feature `mutations`; proves the harness).
        #[arg(long, hide = true)]
        mutate: Option<String>,
        /// Print the mutation names, one a line.
        #[arg(long, hide = true)]
        list_mutations: bool,
    },
    /// Run a port over the corpus or over random cases and compare it with the engine
    /// (docs/ports.md). Exit status 0: everything passed (or skipped); 1: a failure;
    /// 2: the harness could not run.
    #[cfg(feature = "conform")]
    Conform(ConformArgs),
    /// Generate a standard workload map (shared/bench/workloads.md): `noisy`, `cave`,
    /// `pillars` (N × N cells, cell 0.25) or `polys` (N star polygons).
    GenMap {
        /// noisy | cave | pillars | polys
        kind: String,
        /// Map side N (or polygon count K for `polys`).
        n: usize,
        /// Output format: `text` (tile maps only: `.` walkable, `#` blocked, top row first)
        /// or `json` (a `fromTileMap` / `fromOutlines` case that `build2d run` accepts).
        #[arg(long, default_value = "json")]
        format: String,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

#[cfg(feature = "conform")]
#[derive(clap::Args)]
struct ConformArgs {
    /// The port's command line, e.g. 'target/release/build2d serve' (split on spaces;
    /// quotes group words).
    #[arg(long)]
    port: String,
    /// Corpus directory (corpus mode).
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Only these ops (comma-separated; default: every op the port declares).
    #[arg(long, value_delimiter = ',')]
    ops: Vec<String>,
    /// Random mode: generate this many cases (the engine gives the expected side).
    #[arg(long)]
    random: Option<usize>,
    /// Random mode seed (same seed, same cases).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random mode size knob: vertices per ring, points per cdt, cells per side.
    #[arg(long, default_value_t = 8)]
    size: usize,
    /// Random mode stops after this many divergences (each one is shrunk).
    #[arg(long, default_value_t = 10)]
    max_failures: usize,
    /// Where random mode writes the shrunk divergences as vector files.
    #[arg(long, default_value = "conform-failures")]
    out: PathBuf,
    /// Write the JSON report here (schema corpus/schema/protocol-report.schema.json).
    #[arg(long)]
    report: Option<PathBuf>,
    /// Write a JUnit XML report here.
    #[arg(long)]
    junit: Option<PathBuf>,
    /// Write a picture per failure into this directory.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Per-case timeout in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    timeout_ms: u64,
    /// The port's standard error: `inherit` (default), `null` or a file to append to.
    #[arg(long, default_value = "inherit")]
    port_log: String,
    /// Print only the summary, not every failure.
    #[arg(long, short)]
    quiet: bool,
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
        #[cfg(feature = "conform")]
        Command::Serve {
            mutate,
            list_mutations,
        } => serve(mutate.as_deref(), list_mutations),
        #[cfg(feature = "conform")]
        Command::Conform(args) => conform(&args),
        Command::Mesh {
            map,
            cell_size,
            radius,
            max_verts,
            snap_bits,
            output,
            svg,
            triangles,
        } => {
            let args = MeshArgs {
                cell_size,
                radius,
                max_verts,
                snap_bits,
                output,
                svg,
                triangles,
            };
            match mesh(&map, &args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Command::Svg { file, output } => match svg(&file) {
            Ok(text) => match std::fs::write(&output, text) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {}: {e}", output.display());
                    ExitCode::from(2)
                }
            },
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Command::GenMap {
            kind,
            n,
            format,
            output,
        } => match gen_map(&kind, n, &format) {
            Ok(text) => {
                let written = match &output {
                    Some(path) => std::fs::write(path, text).map_err(|e| e.to_string()),
                    None => {
                        print!("{text}");
                        Ok(())
                    }
                };
                match written {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => {
                        eprintln!("error: {e}");
                        ExitCode::from(2)
                    }
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
    }
}

#[cfg(feature = "conform")]
fn serve(mutate: Option<&str>, list_mutations: bool) -> ExitCode {
    if list_mutations {
        for (_, name) in build2d::mutation::ALL {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    if let Some(name) = mutate {
        let Some(m) = build2d::mutation::by_name(name) else {
            eprintln!("error: unknown mutation `{name}` (see --list-mutations)");
            return ExitCode::from(2);
        };
        #[cfg(feature = "mutations")]
        build2d::mutation::set(m);
        #[cfg(not(feature = "mutations"))]
        {
            let _ = m;
            eprintln!("error: --mutate needs the `mutations` feature");
            return ExitCode::from(2);
        }
    }
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match build2d::conform::serve::serve(stdin, std::io::BufWriter::new(stdout)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("serve: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(feature = "conform")]
fn conform(args: &ConformArgs) -> ExitCode {
    use build2d::conform::{self, port::PortLog};
    let options = conform::ConformOptions {
        port: args.port.clone(),
        corpus: args.corpus.clone(),
        ops: args.ops.clone(),
        random: args.random,
        seed: args.seed,
        size: args.size.max(1),
        out: args.out.clone(),
        svg: args.svg.clone(),
        timeout: std::time::Duration::from_millis(args.timeout_ms),
        port_log: match args.port_log.as_str() {
            "inherit" => PortLog::Inherit,
            "null" => PortLog::Null,
            file => PortLog::File(file.into()),
        },
        max_failures: args.max_failures.max(1),
        verbose: !args.quiet,
    };
    let report = match conform::conform(&options) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    eprint!("{}", report.summary());
    let mut status = if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    let mut write = |path: &Option<PathBuf>, text: String| {
        if let Some(path) = path {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("error: {}: {e}", path.display());
                status = ExitCode::from(2);
            }
        }
    };
    write(&args.report, pretty(&report.json()) + "\n");
    write(&args.junit, report.junit());
    status
}

struct MeshArgs {
    cell_size: Option<f64>,
    radius: f64,
    max_verts: usize,
    snap_bits: u8,
    output: Option<PathBuf>,
    svg: Option<PathBuf>,
    triangles: bool,
}

/// Reads a plain-text tile map: top row first, so text row k is y = height − 1 − k.
fn read_text_map(path: &Path, text: &str, cell_size: Option<f64>) -> Result<MapSource, String> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let height = rows.len();
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let mut cells = vec![false; width * height];
    for (k, row) in rows.iter().enumerate() {
        let y = height - 1 - k;
        for (x, c) in row.chars().enumerate() {
            cells[y * width + x] = match c {
                '.' => true,
                '#' | ' ' => false,
                other => {
                    return Err(format!(
                        "{}: line {}: unexpected character {other:?} (use '.' and '#')",
                        path.display(),
                        k + 1
                    ))
                }
            };
        }
    }
    Ok(MapSource::TileMap {
        cells,
        width,
        height,
        cell_size: cell_size.unwrap_or(1.0),
        origin: [0.0, 0.0],
    })
}

/// Reads a map file (text tile map, JSON tile map or JSON outlines) into a source.
fn read_map(path: &Path, cell_size: Option<f64>) -> Result<MapSource, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !text.trim_start().starts_with('{') {
        return read_text_map(path, &text, cell_size);
    }
    let value: Value = serde_json::from_str(&text).map_err(|e| format!("invalid JSON: {e}"))?;
    let value = value.get("input").cloned().unwrap_or(value);
    if let Some(outlines) = value.get("outlines") {
        let outlines = build2d::case::parse_outlines(outlines)
            .map_err(|e| format!("malformed outlines: {e:?}"))?;
        let cell_size = cell_size.ok_or("outlines need --cell-size")?;
        return Ok(MapSource::Outlines {
            outlines,
            cell_size,
        });
    }
    let get = |k: &str| value.get(k).ok_or(format!("tile map JSON lacks `{k}`"));
    let size = |k: &str| -> Result<usize, String> {
        get(k)?
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or(format!("`{k}` must be a non-negative integer"))
    };
    let (width, height) = (size("width")?, size("height")?);
    let cells = get("cells")?
        .as_array()
        .ok_or("`cells` must be a list")?
        .iter()
        .map(|c| c.as_i64() == Some(1) || c.as_bool() == Some(true))
        .collect();
    let map_cell = get("cellSize")?
        .as_f64()
        .ok_or("`cellSize` must be a number")?;
    let origin = get("origin")?;
    let coordinate = |i: usize| origin[i].as_f64().ok_or("`origin` must be [x, y]");
    Ok(MapSource::TileMap {
        cells,
        width,
        height,
        cell_size: cell_size.unwrap_or(map_cell),
        origin: [coordinate(0)?, coordinate(1)?],
    })
}

fn mesh(map: &Path, args: &MeshArgs) -> Result<(), String> {
    let source = read_map(map, args.cell_size)?;
    let pipeline = Mesh2DPipeline {
        agent_radius: args.radius,
        max_vertices: args.max_verts,
        options: Geometry2DOptions {
            snap_bits: args.snap_bits,
        },
    };
    let cells = match &source {
        MapSource::TileMap { width, height, .. } => Some(width * height),
        MapSource::Outlines { .. } => None,
    };
    let large = cells.is_some_and(|c| c >= 65_536);
    let stages = pipeline
        .build_stages_observed(&source, &mut |stage| {
            if large {
                eprintln!("  {stage}…");
            }
        })
        .map_err(|e| e.to_string())?;
    let mesh = &stages.mesh;
    let json = serde_json::json!({
        "snapBits": mesh.snap_bits,
        "vertices": mesh.vertices.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>(),
        "verticesF64": mesh.vertices_f64(),
        "polygons": mesh.polygons,
        "neighbors": mesh.neighbors,
    });
    let text = serde_json::to_string(&json).map_err(|e| e.to_string())? + "\n";
    match &args.output {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?,
        None => print!("{text}"),
    }
    if let Some(path) = &args.svg {
        let mut picture = build2d::svg::SvgPicture::new();
        picture.rings(stages.region.rings(), "#e8e8e8", "#9a9a9a", false);
        picture.rings(stages.shrunk.rings(), "#bcd7ee", "#1d4f7a", false);
        let corners = |vertices: &[GridPoint], poly: &[u32]| -> Vec<GridPoint> {
            poly.iter().map(|i| vertices[*i as usize]).collect()
        };
        if args.triangles {
            let t = &stages.triangulation;
            let tris: Vec<Vec<GridPoint>> = t
                .triangles
                .iter()
                .map(|tri| corners(&t.vertices, tri))
                .collect();
            picture.polygons(&tris, "none", "#9b9b9b", 0.5);
        }
        let polys: Vec<Vec<GridPoint>> = mesh
            .polygons
            .iter()
            .map(|p| corners(&mesh.vertices, p))
            .collect();
        picture.polygons(&polys, "none", "#c0392b", 1.2);
        std::fs::write(path, picture.render()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let Some(c) = cells {
        eprintln!("cells:            {c}");
    }
    let ring_vertices: usize = stages.shrunk.rings().iter().map(Vec::len).sum();
    eprintln!(
        "region:           {} rings, {} vertices (before the shrink: {} rings)",
        stages.shrunk.rings().len(),
        ring_vertices,
        stages.region.rings().len()
    );
    eprintln!("triangles:        {}", stages.triangulation.triangles.len());
    eprintln!("polygons:         {}", mesh.polygons.len());
    for (stage, time) in &stages.timings {
        eprintln!("time {stage:<12} {:>9.3} ms", time.as_secs_f64() * 1e3);
    }
    Ok(())
}

fn svg(path: &PathBuf) -> Result<String, String> {
    use build2d::svg::SvgPicture;
    use build2d::GridPoint;
    let value = read_json(path)?;
    let output = if value.get("op").is_some() {
        build2d::case::run_case_json(&value).map_err(|e| format!("the case failed: {e}"))?
    } else {
        value.get("expected").cloned().unwrap_or(value)
    };
    let point = |v: &Value| -> Option<GridPoint> {
        Some(GridPoint::new(v.get(0)?.as_i64()?, v.get(1)?.as_i64()?))
    };
    let point_list =
        |v: &Value| -> Option<Vec<GridPoint>> { v.as_array()?.iter().map(point).collect() };
    let mut picture = SvgPicture::new();
    let mut drawn = false;
    if let Some(rings) = output.get("rings").and_then(Value::as_array) {
        let rings: Vec<Vec<GridPoint>> = rings
            .iter()
            .map(point_list)
            .collect::<Option<_>>()
            .ok_or("malformed rings")?;
        picture.rings(&rings, "#bcd7ee", "#1d4f7a", true);
        drawn = true;
    }
    let vertices = output.get("vertices").and_then(point_list);
    for (key, stroke, width) in [("triangles", "#888888", 0.6), ("polygons", "#c0392b", 1.5)] {
        if let (Some(list), Some(vertices)) = (output.get(key).and_then(Value::as_array), &vertices)
        {
            let polys: Vec<Vec<GridPoint>> = list
                .iter()
                .map(|poly| {
                    poly.as_array()?
                        .iter()
                        .map(|i| vertices.get(usize::try_from(i.as_u64()?).ok()?).copied())
                        .collect::<Option<Vec<_>>>()
                })
                .collect::<Option<_>>()
                .ok_or(format!("malformed {key}"))?;
            let fill = if key == "polygons" && !drawn {
                "#bcd7ee"
            } else {
                "none"
            };
            picture.polygons(&polys, fill, stroke, width);
            drawn = true;
        }
    }
    if !drawn {
        return Err("nothing to draw: no rings, triangles or polygons in the output".into());
    }
    Ok(picture.render())
}

fn gen_map(kind: &str, n: usize, format: &str) -> Result<String, String> {
    use build2d::workloads;
    if n == 0 || n > 1 << 14 {
        return Err(format!("N must be in 1..=16384, got {n}"));
    }
    if kind == "polys" {
        let outlines: Vec<Value> = workloads::polys(n)
            .into_iter()
            .map(|ring| serde_json::json!([ring]))
            .collect();
        let case = serde_json::json!({"op": "fromOutlines", "snapBits": 16, "outlines": outlines});
        return Ok(case.to_string() + "\n");
    }
    let map = match kind {
        "noisy" => workloads::noisy(n),
        "cave" => workloads::cave(n),
        "pillars" => workloads::pillars(n),
        _ => {
            return Err(format!(
                "unknown map kind `{kind}` (noisy, cave, pillars, polys)"
            ))
        }
    };
    match format {
        "text" => Ok(map.to_text()),
        "json" => {
            let cells: Vec<u8> = map.cells.iter().map(|&c| u8::from(c)).collect();
            let case = serde_json::json!({
                "op": "fromTileMap", "snapBits": 16, "width": n, "height": n,
                "cellSize": 0.25, "origin": [0.0, 0.0], "cells": cells
            });
            Ok(case.to_string() + "\n")
        }
        _ => Err(format!("unknown format `{format}` (text, json)")),
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
