//! The `build2d` command-line tool.

use std::path::{Path, PathBuf};

use build2d::{Geometry2DOptions, GridPoint, MapSource, Mesh2DPipeline};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::Value;

/// Exact 2D geometry for navigation meshes.
// The map readers, in their own file so that the fuzz crate can include it too.
mod map_file;
use map_file::{read_map, MapFile};
// The terminal progress bar of `mesh`.
mod progress_bar;

#[derive(Parser)]
#[command(name = "build2d", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run one conformance case (the `input` object of a corpus vector, naming its `op`)
    /// on the engine and print its outcome, or check a whole vector file (it has
    /// `testGroups`): every vector against its expected value, one line per failure and
    /// a summary, non-zero exit on any failure.
    Run {
        /// Path to the case or vector file JSON (`-` for standard input).
        case: PathBuf,
        /// Print the outcome of a case as one line of canonical JSON
        /// (`{"expected": …}` or `{"expectedError": …}`), exit 0 whatever the outcome.
        #[arg(long)]
        canonical: bool,
    },
    /// Run one case on both the engine and the reference oracle and compare
    /// (needs the `oracle` feature).
    Check {
        /// Path to the case JSON (`-` for standard input).
        case: PathBuf,
    },
    /// Build a navigation mesh from a map: a plain-text tile map (`.` walkable, `#`
    /// blocked, one line per row, top row first), a JSON tile map (`fromTileMap` case or
    /// `{width, height, cellSize, origin, cells}`) or JSON outlines (`fromOutlines` case),
    /// or a corpus vector whose `input` is one of these; any other field is refused.
    Mesh {
        /// The map file.
        map: PathBuf,
        /// Cell size in public units (text maps: default 1; JSON tile maps: overrides the
        /// map's; outlines: required).
        #[arg(long, allow_hyphen_values = true)]
        cell_size: Option<f64>,
        /// Agent radius in public units (0 = no shrink).
        #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
        radius: f64,
        /// Largest polygon, 3..=16 vertices.
        #[arg(long, default_value_t = 6)]
        max_verts: usize,
        /// Snap bits, 0..=16 (grid unit 2^-snap_bits); default: the map file's
        /// `snapBits`, else 16.
        #[arg(long)]
        snap_bits: Option<u8>,
        /// Write the mesh JSON here (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Also draw the mesh as SVG.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Draw the triangles too (with --svg).
        #[arg(long)]
        triangles: bool,
        /// Output format: `json` (the mesh file, docs/mesh-file.schema.json) or `obj`
        /// (Wavefront OBJ, one face per polygon).
        #[arg(long, value_enum, default_value = "json")]
        format: MeshFormat,
        /// With `--format obj`, the up axis: `z` writes `v x y 0`, `y` writes `v x 0 -y`
        /// (faces counter-clockwise seen from above in both).
        #[arg(long, value_enum, default_value = "z")]
        up: UpAxis,
        /// Drop connected components smaller than this area (public units squared) after
        /// the partition: a filter on the output, off by default.
        #[arg(long, allow_hyphen_values = true)]
        min_region_area: Option<f64>,
    },
    /// Find a path across a mesh file written by `mesh` (docs/mesh-file.schema.json):
    /// prints `{"polygons", "points", "gridPoints", "length"}` (the corridor of polygons,
    /// the corners in public and in grid units, the length). Exit status 1 when there is
    /// no path (an end off the mesh, or the ends in parts the mesh does not join), 2 on a
    /// bad file or argument.
    Path {
        /// The mesh file (`-` for standard input).
        mesh: PathBuf,
        /// The start, in public units.
        #[arg(long, num_args = 2, value_names = ["X", "Y"], allow_hyphen_values = true, required = true)]
        from: Vec<f64>,
        /// The goal, in public units.
        #[arg(long, num_args = 2, value_names = ["X", "Y"], allow_hyphen_values = true, required = true)]
        to: Vec<f64>,
        /// Also draw the mesh and the path as SVG.
        #[arg(long)]
        svg: Option<PathBuf>,
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
    /// Print the JSON case that a fuzz input (a crash artifact, a seed) decodes to, by
    /// the decoding the target itself uses: ready for `corpus/inputs/<op>.json` (needs
    /// the `fuzzing` feature; the differential targets need `oracle`).
    FuzzCase {
        /// The fuzz target's name (`cargo fuzz list`).
        target: String,
        /// The fuzz input file.
        artifact: PathBuf,
    },
    /// Time a fast fuzz target's checks on every input of a corpus directory, and print
    /// the costliest inputs and the share of the time they take (which inputs set a
    /// target's executions per second; needs the `fuzzing` feature).
    FuzzCosts {
        /// A fast target (`fast_*`).
        target: String,
        /// A corpus directory, such as `fuzz/corpus/<target>`.
        dir: PathBuf,
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
    /// Generate a standard workload map (docs/workloads.md): `noisy`, `cave`, `pillars`,
    /// `rooms` (N × N cells, cell 0.25) or `polys` (N star polygons).
    GenMap {
        /// noisy | cave | pillars | rooms | polys
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
    /// Random mode: seconds one divergence may spend in shrinking, the case and its stage
    /// together (a slow port's timed-out case pays the whole timeout on every try).
    #[arg(long, default_value_t = 120)]
    shrink_seconds: u64,
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

/// Reads a JSON file or standard input (`-`) through the map reader's bounds: at most
/// 1 GiB, and a NUL byte (`/dev/zero`) ends the read at once.
fn read_json(path: &Path) -> Result<Value, String> {
    let text = map_file::read_map_text(path)?;
    serde_json::from_str(&text).map_err(|e| format!("{}: invalid JSON: {e}", path.display()))
}

/// The case a document holds: the document, or the `input` of a whole vector
/// (`{"input": {...}}`, which names no `op` of its own).
fn case_of(value: &Value) -> &Value {
    match value.get("input") {
        Some(input) if value.get("op").is_none() => input,
        _ => value,
    }
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string())
}

/// `build2d run`: a vector file is checked vector by vector; anything else is one case
/// (a bare input, or a whole vector `{"input": …}`), text that is not JSON a malformed one.
fn run(path: &Path, canonical: bool) -> ExitCode {
    use build2d::case;
    let text = match map_file::read_map_text(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (outcome, reason) = match serde_json::from_str::<Value>(&text) {
        Ok(file) if case::is_vector_file(&file) => return run_vector_file(path, &file),
        Ok(value) => {
            let input = case_of(&value);
            let result = case::run_case(input);
            // The vector form has no reason; say it in words on standard error.
            let reason = match &result {
                Err(case::CaseError::Engine(e)) => Some(e.to_string()),
                Err(case::CaseError::Malformed(m)) => Some(format!("malformed: {m}")),
                Ok(_) => None,
            };
            (case::case_result_json(input, result), reason)
        }
        Err(e) => (
            case::run_case_text(&text),
            Some(format!("malformed: not JSON: {e}")),
        ),
    };
    let printed = case::outcome_json(&outcome);
    let (text, status) = if canonical {
        (case::canonical_json(&printed), ExitCode::SUCCESS)
    } else if outcome.is_ok() {
        (pretty(&printed), ExitCode::SUCCESS)
    } else {
        (pretty(&printed), ExitCode::from(1))
    };
    let status = print_then(&(text + "\n"), status, 2);
    if let (Some(reason), false) = (reason, canonical) {
        eprintln!("error: {reason}");
    }
    status
}

/// `build2d run FILE` on a vector file: one line per failing vector, then the counts.
fn run_vector_file(path: &Path, file: &Value) -> ExitCode {
    let name = path.display();
    let (lines, status) = match build2d::case::check_vector_file(file) {
        Ok(check) => {
            let mut lines: Vec<String> = check
                .failures
                .iter()
                .map(|failure| format!("{name}: tcId {}: {}", failure.tc_id, failure.difference))
                .collect();
            lines.push(format!(
                "{} passed, {} failed",
                check.passed,
                check.failures.len()
            ));
            let passed = check.failures.is_empty();
            (lines, if passed { 0 } else { 1 })
        }
        Err(e) => (
            vec![
                format!("{name}: malformed vector file: {e}"),
                "0 passed, 1 failed".into(),
            ],
            1,
        ),
    };
    print_then(&(lines.join("\n") + "\n"), ExitCode::from(status), 2)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run { case, canonical } => run(&case, canonical),
        Command::Check { case } => check(&case),
        Command::FuzzCase { target, artifact } => fuzz_case(&target, &artifact),
        Command::FuzzCosts { target, dir } => fuzz_costs(&target, &dir),
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
            format,
            up,
            min_region_area,
        } => {
            let args = MeshArgs {
                cell_size,
                radius,
                max_verts,
                snap_bits,
                output,
                svg,
                triangles,
                format,
                up,
                min_region_area,
            };
            match mesh(&map, &args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Command::Path {
            mesh,
            from,
            to,
            svg,
        } => match path(&mesh, &from, &to, svg.as_deref()) {
            Ok(PathFound::Yes(json)) => print_then(&(json + "\n"), ExitCode::SUCCESS, 2),
            Ok(PathFound::No(why)) => {
                eprintln!("no path: {why}");
                ExitCode::from(1)
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
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
                    Some(path) => {
                        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
                    }
                    None => write_stdout(&text),
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
    #[cfg(feature = "mutations")]
    if list_mutations {
        let names: Vec<&str> = build2d::mutation::ALL.iter().map(|(_, n)| *n).collect();
        return print_then(&(names.join("\n") + "\n"), ExitCode::SUCCESS, 2);
    }
    #[cfg(feature = "mutations")]
    if let Some(name) = mutate {
        let Some(m) = build2d::mutation::by_name(name) else {
            eprintln!("error: unknown mutation `{name}` (see --list-mutations)");
            return ExitCode::from(2);
        };
        build2d::mutation::set(m);
    }
    #[cfg(not(feature = "mutations"))]
    if list_mutations || mutate.is_some() {
        eprintln!("error: --mutate and --list-mutations need the `mutations` feature");
        return ExitCode::from(2);
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
    for (flag, value) in [
        ("--size", Some(args.size)),
        ("--max-failures", Some(args.max_failures)),
        ("--random", args.random),
    ] {
        if value == Some(0) {
            conform::say(&format!("error: {flag} must be at least 1"));
            return ExitCode::from(2);
        }
    }
    let options = conform::ConformOptions {
        port: args.port.clone(),
        corpus: args.corpus.clone(),
        ops: args.ops.clone(),
        random: args.random,
        seed: args.seed,
        size: args.size,
        out: args.out.clone(),
        svg: args.svg.clone(),
        timeout: std::time::Duration::from_millis(args.timeout_ms),
        port_log: match args.port_log.as_str() {
            "inherit" => PortLog::Inherit,
            "null" => PortLog::Null,
            file => PortLog::File(file.into()),
        },
        max_failures: args.max_failures,
        shrink_time: std::time::Duration::from_secs(args.shrink_seconds),
        verbose: !args.quiet,
    };
    let report = match conform::conform(&options) {
        Ok(r) => r,
        Err(e) => {
            conform::say(&format!("error: {e}"));
            return ExitCode::from(2);
        }
    };
    conform::say(report.summary().trim_end());
    let mut status = if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    let mut write = |path: &Option<PathBuf>, text: String| {
        if let Some(path) = path {
            if let Err(e) = std::fs::write(path, text) {
                conform::say(&format!("error: {}: {e}", path.display()));
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
    snap_bits: Option<u8>,
    output: Option<PathBuf>,
    svg: Option<PathBuf>,
    triangles: bool,
    format: MeshFormat,
    up: UpAxis,
    min_region_area: Option<f64>,
}

/// `mesh --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum MeshFormat {
    Json,
    Obj,
}

/// `mesh --up` (OBJ only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum UpAxis {
    Z,
    Y,
}

/// Writes `text` to standard output and returns `status`; when the write fails (a full
/// disk; a closed pipe is not a failure) says why and returns `failed`.
fn print_then(text: &str, status: ExitCode, failed: u8) -> ExitCode {
    match write_stdout(text) {
        Ok(()) => status,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(failed)
        }
    }
}

/// Writes `text` to standard output; a closed pipe (`| head`) ends the output quietly.
fn write_stdout(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => Ok(()),
    }
}

fn mesh(map: &Path, args: &MeshArgs) -> Result<(), String> {
    let MapFile { source, snap_bits } = read_map(map, args.cell_size)?;
    // The command line wins over the file's snapBits; then the file; then 16.
    let snap_bits = match (args.snap_bits, snap_bits) {
        (Some(bits), _) => bits,
        (None, Some(bits)) => u8::try_from(bits)
            .map_err(|_| format!("the map's snapBits {bits} is outside 0..=16"))?,
        (None, None) => 16,
    };
    let cell_size_from = if args.cell_size.is_some() {
        "--cell-size"
    } else {
        "the map's cellSize"
    };
    let named = |e: build2d::Error| named_error(e, cell_size_from);
    let options = Geometry2DOptions::new(u32::from(snap_bits)).map_err(named)?;
    let pipeline = Mesh2DPipeline::new(args.radius, args.max_verts, options);
    // Checked before the build, which can take long on a large map.
    if let Some(area) = args.min_region_area {
        if !(area.is_finite() && area >= 0.0) {
            return Err(format!(
                "--min-region-area must be finite and >= 0, got {area:?}"
            ));
        }
    }
    let cells = match &source {
        MapSource::TileMap { width, height, .. } => Some(width * height),
        MapSource::Outlines { .. } => None,
    };
    let mut display = progress_bar::ProgressDisplay::on_stderr();
    let built = pipeline.build_stages_with(&source, &mut display);
    display.finish();
    let stages = built.map_err(named)?;
    let filtered = args
        .min_region_area
        .map(|area| stages.mesh.without_small_regions(area));
    let mesh = filtered.as_ref().unwrap_or(&stages.mesh);
    let text = match args.format {
        MeshFormat::Json => mesh_json(mesh) + "\n",
        MeshFormat::Obj => mesh.to_obj(match args.up {
            UpAxis::Z => build2d::ObjAxes::ZUp,
            UpAxis::Y => build2d::ObjAxes::YUp,
        }),
    };
    match &args.output {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?,
        None => write_stdout(&text)?,
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
    if let Some(area) = args.min_region_area {
        eprintln!(
            "regions:          {} kept of {} (area >= {area:?})",
            mesh.regions().len(),
            stages.mesh.regions().len()
        );
    }
    if mesh.polygons.is_empty() {
        let why = if stages.region.rings().is_empty() {
            "the map has no walkable area".to_string()
        } else if stages.mesh.polygons.is_empty() {
            format!("the agent radius {:?} leaves no walkable area", args.radius)
        } else {
            "every region is below --min-region-area".to_string()
        };
        eprintln!("warning: the mesh is empty ({why})");
    }
    for (stage, time) in &stages.timings {
        eprintln!("time {stage:<12} {:>9.3} ms", time.as_secs_f64() * 1e3);
    }
    Ok(())
}

/// A library error of `mesh` with the flag or map field that set the argument it names
/// (the library names its parameters: `max_vertices` is `--max-verts` here).
fn named_error(e: build2d::Error, cell_size_from: &str) -> String {
    let from = match &e {
        build2d::Error::InvalidArgument { argument, .. } => match argument.as_str() {
            "cell_size" => Some(cell_size_from),
            "max_vertices" => Some("--max-verts"),
            "snap_bits" => Some("--snap-bits or the map's snapBits"),
            "radius" => Some("--radius"),
            _ => None,
        },
        _ => None,
    };
    match from {
        Some(from) => format!("{e} (set by {from})"),
        None => e.to_string(),
    }
}

/// The mesh file (docs/mesh-file.schema.json): grid vertices and their exact public
/// values, polygons, neighbours and portals.
fn mesh_json(mesh: &build2d::NavMesh) -> String {
    let portals: Vec<Value> = mesh
        .portals()
        .iter()
        .map(|p| serde_json::json!({ "polygons": p.polygons, "vertices": p.vertices }))
        .collect();
    let json = serde_json::json!({
        "snapBits": mesh.snap_bits,
        "vertices": mesh.vertices.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>(),
        "verticesF64": mesh.vertices_f64(),
        "polygons": mesh.polygons,
        "neighbors": mesh.neighbors,
        "portals": portals,
    });
    json.to_string()
}

/// The answer of `build2d path`.
enum PathFound {
    /// The path as JSON.
    Yes(String),
    /// Why there is none.
    No(String),
}

/// A mesh file read back: exactly the fields of the schema; the mesh is checked as it is
/// deserialized (`NavMesh::check`), and the fields derived from it (`verticesF64`,
/// `portals`) must be the ones `mesh` writes for it, so an edited or corrupt file is
/// refused, never used.
fn read_mesh_file(file: &Path) -> Result<build2d::NavMesh, String> {
    let name = file.display();
    let value = read_json(file)?; // never wrapped in a vector's `input`
    let mesh: build2d::NavMesh =
        serde_json::from_value(value.clone()).map_err(|e| format!("{name}: not a mesh: {e}"))?;
    let written: Value = serde_json::from_str(&mesh_json(&mesh)).map_err(|e| e.to_string())?;
    // Exactly the fields `mesh` writes (the schema's, all required).
    let fields = |v: &Value| -> Vec<String> {
        let mut keys: Vec<String> = v
            .as_object()
            .into_iter()
            .flat_map(|o| o.keys().cloned())
            .collect();
        keys.sort(); // whatever order the map type keeps
        keys
    };
    if fields(&value) != fields(&written) {
        return Err(format!(
            "{name}: not a mesh: the fields are {:?}, a mesh file has {:?}",
            fields(&value),
            fields(&written)
        ));
    }
    let same_numbers = |a: &Value, b: &Value| match (a.as_array(), b.as_array()) {
        (Some(a), Some(b)) => {
            a.len() == b.len()
                && a.iter().zip(b).all(|(p, q)| {
                    let (p, q) = (p.as_array(), q.as_array());
                    p.zip(q).is_some_and(|(p, q)| {
                        p.len() == q.len()
                            && p.iter()
                                .zip(q)
                                .all(|(x, y)| x.as_f64().is_some() && x.as_f64() == y.as_f64())
                    })
                })
        }
        _ => false,
    };
    if !same_numbers(&value["verticesF64"], &written["verticesF64"]) {
        return Err(format!(
            "{name}: `verticesF64` is not `vertices` / 2^snapBits"
        ));
    }
    if value["portals"] != written["portals"] {
        return Err(format!(
            "{name}: `portals` are not the shared edges of `polygons`"
        ));
    }
    Ok(mesh)
}

fn path(file: &Path, from: &[f64], to: &[f64], svg: Option<&Path>) -> Result<PathFound, String> {
    let mesh = read_mesh_file(file)?;
    let snapped = |p: &[f64], name: &str| match p {
        [x, y] => {
            GridPoint::snapped([*x, *y], mesh.snap_bits).map_err(|e| format!("--{name}: {e}"))
        }
        _ => Err(format!(
            "--{name} takes two numbers, X and Y, once (got {} numbers)",
            p.len()
        )),
    };
    let (start, goal) = (snapped(from, "from")?, snapped(to, "to")?);
    let found = mesh.find_path(start, goal);
    if let Some(svg) = svg {
        let mut picture = build2d::svg::SvgPicture::new();
        let polygons: Vec<Vec<GridPoint>> = mesh
            .polygons
            .iter()
            .map(|p| p.iter().map(|&i| mesh.vertices[i as usize]).collect())
            .collect();
        picture.polygons(&polygons, "#e3eef8", "#7a9cbf", 0.8);
        if let Some(path) = &found {
            let corridor: Vec<Vec<GridPoint>> = path
                .polygons
                .iter()
                .map(|&p| polygons[p as usize].clone())
                .collect();
            picture.polygons(&corridor, "#fff3c4", "#7a9cbf", 0.8);
        }
        let points = found
            .as_ref()
            .map_or_else(|| vec![start, goal], |p| p.points.clone());
        picture.polyline(
            &points,
            if found.is_some() {
                "#1e7b34"
            } else {
                "#c0392b"
            },
            2.0,
        );
        std::fs::write(svg, picture.render()).map_err(|e| format!("{}: {e}", svg.display()))?;
    }
    let Some(path) = found else {
        let at = |p: &[f64]| format!("({}, {})", p[0], p[1]);
        return Ok(PathFound::No(
            match (mesh.locate(start), mesh.locate(goal)) {
                (None, _) => format!("the start {} is not on the mesh", at(from)),
                (_, None) => format!("the goal {} is not on the mesh", at(to)),
                _ => format!(
                    "the mesh does not join the start {} and the goal {}",
                    at(from),
                    at(to)
                ),
            },
        ));
    };
    let bits = mesh.snap_bits;
    let json = serde_json::json!({
        "polygons": path.polygons,
        "points": path.points_f64(bits),
        "gridPoints": path.points.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>(),
        "length": path.length(bits),
    });
    Ok(PathFound::Yes(json.to_string()))
}

fn svg(path: &Path) -> Result<String, String> {
    use build2d::svg::SvgPicture;
    use build2d::GridPoint;
    let value = case_of(&read_json(path)?).clone();
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
    if !matches!(format, "text" | "json") {
        return Err(format!("unknown format `{format}` (text, json)"));
    }
    if kind == "polys" {
        if format != "json" {
            return Err(format!(
                "polys is a set of outlines: only --format json, not `{format}`"
            ));
        }
        if n == 0 || n > 1_000_000 {
            return Err(format!("K must be in 1..=1000000, got {n}"));
        }
        let outlines: Vec<Value> = workloads::polys(n)
            .into_iter()
            .map(|ring| serde_json::json!([ring]))
            .collect();
        let case = serde_json::json!({"op": "fromOutlines", "snapBits": 16, "outlines": outlines});
        return Ok(case.to_string() + "\n");
    }
    if n == 0 || n > 1 << 14 {
        return Err(format!("N must be in 1..=16384, got {n}"));
    }
    let map = match kind {
        "noisy" => workloads::noisy(n),
        "cave" => workloads::cave(n),
        "pillars" => workloads::pillars(n),
        "rooms" => workloads::rooms(n).ok_or(format!("rooms-N needs N >= 128, got {n}"))?,
        _ => {
            return Err(format!(
                "unknown map kind `{kind}` (noisy, cave, pillars, rooms, polys)"
            ))
        }
    };
    match format {
        "text" => Ok(map.to_text()),
        "json" => {
            // The cells are written as text, not as a `Value` tree (10^8 cells would take
            // gigabytes); the rest of the case is serde_json's, so the bytes are the same.
            let case = serde_json::json!({
                "op": "fromTileMap", "snapBits": 16, "width": n, "height": n,
                "cellSize": 0.25, "origin": [0.0, 0.0], "cells": []
            })
            .to_string();
            let mut cells = String::with_capacity(2 * map.cells.len() + 10);
            cells.push_str(r#""cells":["#);
            for (k, &c) in map.cells.iter().enumerate() {
                if k > 0 {
                    cells.push(',');
                }
                cells.push(if c { '1' } else { '0' });
            }
            cells.push(']');
            Ok(case.replacen(r#""cells":[]"#, &cells, 1) + "\n")
        }
        _ => Err(format!("unknown format `{format}` (text, json)")),
    }
}

#[cfg(feature = "oracle")]
fn check(case: &Path) -> ExitCode {
    let input = match read_json(case) {
        Ok(v) => case_of(&v).clone(),
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
fn check(_case: &Path) -> ExitCode {
    eprintln!(
        "`build2d check` needs the `oracle` feature: cargo run --features oracle -- check CASE"
    );
    ExitCode::from(2)
}

/// The case of a map-reader target's input: what the target builds (snap bits 8).
#[cfg(feature = "fuzzing")]
fn map_source_case(source: &MapSource) -> Value {
    match source {
        MapSource::TileMap {
            cells,
            width,
            height,
            cell_size,
            origin,
        } => serde_json::json!({"op": "fromTileMap", "snapBits": 8, "width": width,
            "height": height, "cellSize": cell_size, "origin": origin,
            "cells": cells.iter().map(|&c| u8::from(c)).collect::<Vec<_>>()}),
        MapSource::Outlines { outlines, .. } => serde_json::json!({"op": "fromOutlines",
            "snapBits": 8, "outlines": outlines.iter().map(|o| &o.rings).collect::<Vec<_>>()}),
    }
}

#[cfg(feature = "fuzzing")]
fn fuzz_case(target: &str, artifact: &Path) -> ExitCode {
    let data = match std::fs::read(artifact) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {}: {e}", artifact.display());
            return ExitCode::from(2);
        }
    };
    let case = match target {
        "parse_text_map" | "parse_json_map" => std::str::from_utf8(&data)
            .ok()
            .and_then(|text| map_file::parse_map(artifact, text, Some(0.5)).ok())
            .map(|source| map_source_case(&source)),
        _ if !build2d::fuzzing::all_targets().contains(&target) => {
            eprintln!(
                "error: unknown fuzz target `{target}` (one of {})",
                build2d::fuzzing::all_targets().join(", ")
            );
            return ExitCode::from(2);
        }
        _ => build2d::fuzzing::decode(target, &data),
    };
    match case {
        Some(case) => print_then(&format!("{}\n", pretty(&case)), ExitCode::SUCCESS, 1),
        None => {
            eprintln!(
                "{}: decodes to no case for `{target}` (the target returns at once)",
                artifact.display()
            );
            ExitCode::from(1)
        }
    }
}

#[cfg(not(feature = "fuzzing"))]
fn fuzz_case(_target: &str, _artifact: &Path) -> ExitCode {
    eprintln!("`build2d fuzz-case` needs the `fuzzing` feature: cargo run --features fuzzing -- fuzz-case TARGET FILE");
    ExitCode::from(2)
}

#[cfg(feature = "fuzzing")]
fn fuzz_costs(target: &str, dir: &Path) -> ExitCode {
    let Some(run) = build2d::fuzzing::FAST_TARGETS
        .contains(&target)
        .then(|| build2d::fuzzing::fuzz_target(target))
        .flatten()
    else {
        let fast = build2d::fuzzing::FAST_TARGETS.join(", ");
        eprintln!("error: `{target}` is not a fast fuzz target (one of {fast})");
        return ExitCode::from(2);
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            eprintln!("error: {}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    let mut costs: Vec<(f64, PathBuf)> = Vec::new();
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        let Ok(data) = std::fs::read(&path) else {
            continue;
        };
        let start = std::time::Instant::now();
        run(&data);
        costs.push((start.elapsed().as_secs_f64() * 1e3, path));
    }
    if costs.is_empty() {
        eprintln!("error: {}: no inputs", dir.display());
        return ExitCode::from(2);
    }
    costs.sort_by(|a, b| b.0.total_cmp(&a.0));
    let n = costs.len();
    let total: f64 = costs.iter().map(|c| c.0).sum();
    let share = |k: usize| costs[..k.max(1)].iter().map(|c| c.0).sum::<f64>() / total;
    let mut report = format!(
        "{n} inputs, {total:.0} ms: mean {:.3} ms, median {:.3} ms; the costliest 10% take {:.0}% of the time, 1% take {:.0}%\n",
        total / n as f64,
        costs[n / 2].0,
        100.0 * share(n / 10),
        100.0 * share(n / 100)
    );
    for (ms, path) in costs.iter().take(10) {
        report += &format!("{ms:9.3} ms  {}\n", path.display());
    }
    print_then(&report, ExitCode::SUCCESS, 1)
}

#[cfg(not(feature = "fuzzing"))]
fn fuzz_costs(_target: &str, _dir: &Path) -> ExitCode {
    eprintln!("`build2d fuzz-costs` needs the `fuzzing` feature: cargo run --release --features fuzzing -- fuzz-costs TARGET DIR");
    ExitCode::from(2)
}
