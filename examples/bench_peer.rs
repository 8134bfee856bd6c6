//! build2d against a real peer, i_overlay 9 (dev-dependency), on the standard workloads
//! of `docs/workloads.md`; not a test.
//!
//!     cargo run --release --features internals --example bench_peer -- all [max_n] [max_k]
//!     cargo run --release --features internals --example bench_peer -- one TASK SIZE ENGINE [repeats]
//!
//! `all` runs every measurement in a child process of its own (so each peak-memory
//! figure, VmHWM of /proc/self/status, belongs to one engine on one input) and prints
//! markdown tables plus the area check. Tasks and what each engine is fed:
//!
//! - `noisy N`, `cave N` (cell 0.25, origin (0, 0), snap bits 16, so one cell is 16384
//!   grid units): `build2d` = `Region::from_tile_map` on the `bool` cells;
//!   `iov-int` = `i_overlay::core::overlay::Overlay::<i32>`, every walkable cell added as
//!   one counter-clockwise square contour in the same grid units (subject), then
//!   `overlay(OverlayRule::Subject, FillRule::NonZero)` (= union of the cells);
//!   `iov-f64` = `FloatOverlay::with_subj` on the same squares as f64 public coordinates
//!   (`Vec<Vec<[f64; 2]>>`, i_overlay chooses its own scale), same rules.
//! - `polys K`: `build2d` = `Region::from_outlines`, one outline per star polygon;
//!   `iov-int` = every polygon snapped exactly like build2d (round-half-even of
//!   x × 2^16) as one subject contour, `Subject` + `NonZero` (each star is simple and
//!   counter-clockwise, so its even-odd resolution is itself and the non-zero fill of
//!   all of them is the union); `iov-f64` = the f64 polygons, same rules.
//! - `segments M`: M segments with integer endpoints in the box [0, 10^6]² (workload
//!   xorshift seeded with M: start x, start y uniform in 0 ..= 10^6, end = start +
//!   offset uniform in −L ..= L per axis, clamped to the box); `build2d` =
//!   `arrangement::arrange` (snap rounding, tag Operand0); `iov-graph` =
//!   `StringOverlay::<i32>` with the segments as string lines, `build_graph_view`
//!   (noding and graph, no output); `iov-lines` = the same, then
//!   `clip_string_lines(NonZero, invert)` with no shape, so every noded piece is output.
//!
//! In every case only the engine call is timed (input vectors are built before the
//! clock starts); best of `repeats` runs.

use std::process::Command;
use std::time::Instant;

use build2d::arrangement::{arrange, EdgeTag, TaggedEdge};
use build2d::grid::snap;
use build2d::predicates::properly_cross;
use build2d::workloads::{self, XorShift64};
use build2d::Outline;
use build2d::{Geometry2DOptions, GridPoint, Region};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{Overlay, ShapeType};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::overlay::FloatOverlay;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::string::clip::ClipRule;
use i_overlay::string::overlay::StringOverlay;

const SNAP_BITS: u8 = 16;
const CELL: f64 = 0.25;
/// Grid units per cell: 0.25 × 2^16.
const CELL_UNITS: i64 = 16_384;
const BOX: i64 = 1_000_000;
/// Half-range of the segment offsets, chosen so 20,000 segments cross about 12,000
/// times (counted exactly by [`count_crossings`]).
const SEGMENT_REACH: i64 = 12_800;

/// One measurement: what the child prints on a `RESULT` line.
#[derive(Debug, Clone, Default)]
struct Measured {
    seconds: f64,
    /// Contours (rings) or, for segments, noded pieces.
    contours: usize,
    /// Vertices of the contours or, for segments, arrangement vertices (0 if unknown).
    vertices: usize,
    /// Twice the area in square grid units (0 for segments).
    area2: f64,
    /// Boundary length in grid units (0 for segments).
    perimeter: f64,
    peak_kib: u64,
}

fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

fn best_of<T>(repeats: usize, mut run: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..repeats.max(1) {
        let start = Instant::now();
        let value = run();
        best = best.min(start.elapsed().as_secs_f64());
        out = Some(value);
    }
    (best, out.expect("at least one run"))
}

fn options() -> Geometry2DOptions {
    Geometry2DOptions::new(u32::from(SNAP_BITS)).expect("snap bits")
}

fn region_figures(seconds: f64, region: &Region) -> Measured {
    let rings = region.rings();
    Measured {
        seconds,
        contours: rings.len(),
        vertices: rings.iter().map(Vec::len).sum(),
        area2: region.area2() as f64,
        perimeter: region
            .edges()
            .map(|(a, b)| ((b.x - a.x) as f64).hypot((b.y - a.y) as f64))
            .sum(),
        peak_kib: 0,
    }
}

/// Contours as (x, y) in grid units, scaled by `unit` (1 for integer output).
fn contour_figures(seconds: f64, contours: impl Iterator<Item = Vec<[f64; 2]>>) -> Measured {
    let mut m = Measured {
        seconds,
        ..Measured::default()
    };
    for c in contours {
        m.contours += 1;
        m.vertices += c.len();
        for (i, a) in c.iter().enumerate() {
            let b = c[(i + 1) % c.len()];
            m.area2 += a[0] * b[1] - b[0] * a[1];
            m.perimeter += (b[0] - a[0]).hypot(b[1] - a[1]);
        }
    }
    m
}

fn int_shapes_figures(seconds: f64, shapes: &[Vec<Vec<IntPoint<i32>>>]) -> Measured {
    // Exact shoelace in i128 first, the rest in f64.
    let area2: i128 = shapes
        .iter()
        .flatten()
        .map(|c| {
            (0..c.len())
                .map(|i| {
                    let (a, b) = (c[i], c[(i + 1) % c.len()]);
                    i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y)
                })
                .sum::<i128>()
        })
        .sum();
    let mut m = contour_figures(
        seconds,
        shapes
            .iter()
            .flatten()
            .map(|c| c.iter().map(|p| [f64::from(p.x), f64::from(p.y)]).collect()),
    );
    m.area2 = area2 as f64;
    m
}

fn float_shapes_figures(seconds: f64, shapes: &[Vec<Vec<[f64; 2]>>]) -> Measured {
    let scale = f64::from(1u32 << SNAP_BITS);
    contour_figures(
        seconds,
        shapes
            .iter()
            .flatten()
            .map(|c| c.iter().map(|p| [p[0] * scale, p[1] * scale]).collect()),
    )
}

fn tile_map(task: &str, n: usize) -> workloads::TileMap {
    match task {
        "noisy" => workloads::noisy(n),
        _ => workloads::cave(n),
    }
}

fn walkable_cells(map: &workloads::TileMap) -> impl Iterator<Item = (i64, i64)> + '_ {
    (0..map.n).flat_map(move |y| {
        (0..map.n)
            .filter(move |&x| map.cells[y * map.n + x])
            .map(move |x| (x as i64, y as i64))
    })
}

fn run_tiles(task: &str, n: usize, engine: &str, repeats: usize) -> Measured {
    let map = tile_map(task, n);
    match engine {
        "build2d" => {
            let (secs, region) = best_of(repeats, || {
                Region::from_tile_map(&map.cells, n, n, CELL, [0.0, 0.0], options())
                    .expect("from_tile_map")
            });
            region_figures(secs, &region)
        }
        "iov-int" => {
            let squares: Vec<[IntPoint<i32>; 4]> = walkable_cells(&map)
                .map(|(x, y)| {
                    let (x0, y0) = ((x * CELL_UNITS) as i32, (y * CELL_UNITS) as i32);
                    let (x1, y1) = (x0 + CELL_UNITS as i32, y0 + CELL_UNITS as i32);
                    [
                        IntPoint::new(x0, y0),
                        IntPoint::new(x1, y0),
                        IntPoint::new(x1, y1),
                        IntPoint::new(x0, y1),
                    ]
                })
                .collect();
            let (secs, shapes) = best_of(repeats, || {
                let mut overlay = Overlay::<i32>::new(4 * squares.len());
                for square in &squares {
                    overlay.add_contour(square, ShapeType::Subject);
                }
                overlay.overlay(OverlayRule::Subject, FillRule::NonZero)
            });
            int_shapes_figures(secs, &shapes)
        }
        "iov-f64" => {
            let squares: Vec<Vec<[f64; 2]>> = walkable_cells(&map)
                .map(|(x, y)| {
                    let (x0, y0) = (x as f64 * CELL, y as f64 * CELL);
                    let (x1, y1) = (x0 + CELL, y0 + CELL);
                    vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
                })
                .collect();
            let (secs, shapes) = best_of(repeats, || {
                FloatOverlay::with_subj(&squares).overlay(OverlayRule::Subject, FillRule::NonZero)
            });
            float_shapes_figures(secs, &shapes)
        }
        _ => panic!("unknown engine {engine}"),
    }
}

fn run_polys(k: usize, engine: &str, repeats: usize) -> Measured {
    let polys = workloads::polys(k);
    match engine {
        "build2d" => {
            let outlines: Vec<Outline> = polys
                .iter()
                .map(|p| Outline {
                    rings: vec![p.clone()],
                })
                .collect();
            let (secs, region) = best_of(repeats, || {
                Region::from_outlines(&outlines, options()).expect("from_outlines")
            });
            region_figures(secs, &region)
        }
        "iov-int" => {
            let contours: Vec<Vec<IntPoint<i32>>> = polys
                .iter()
                .map(|p| {
                    p.iter()
                        .map(|q| {
                            IntPoint::new(
                                snap(q[0], SNAP_BITS) as i32,
                                snap(q[1], SNAP_BITS) as i32,
                            )
                        })
                        .collect()
                })
                .collect();
            let (secs, shapes) = best_of(repeats, || {
                let total = contours.iter().map(Vec::len).sum();
                let mut overlay = Overlay::<i32>::new(total);
                for contour in &contours {
                    overlay.add_contour(contour, ShapeType::Subject);
                }
                overlay.overlay(OverlayRule::Subject, FillRule::NonZero)
            });
            int_shapes_figures(secs, &shapes)
        }
        "iov-f64" => {
            let (secs, shapes) = best_of(repeats, || {
                FloatOverlay::with_subj(&polys).overlay(OverlayRule::Subject, FillRule::NonZero)
            });
            float_shapes_figures(secs, &shapes)
        }
        _ => panic!("unknown engine {engine}"),
    }
}

/// The `segments M` input (see the module comment).
fn segments(m: usize) -> Vec<(GridPoint, GridPoint)> {
    let mut rng = XorShift64::new(m as u64);
    let mut coordinate = |lo: i64, hi: i64| lo + (rng.next_u64() % (hi - lo + 1) as u64) as i64;
    (0..m)
        .map(|_| {
            let (x, y) = (coordinate(0, BOX), coordinate(0, BOX));
            let dx = coordinate(-SEGMENT_REACH, SEGMENT_REACH);
            let dy = coordinate(-SEGMENT_REACH, SEGMENT_REACH);
            (
                GridPoint::new(x, y),
                GridPoint::new((x + dx).clamp(0, BOX), (y + dy).clamp(0, BOX)),
            )
        })
        .collect()
}

/// Proper crossings among the segments: sort by min x, scan the x-overlapping ones.
fn count_crossings(segs: &[(GridPoint, GridPoint)]) -> usize {
    let mut sorted: Vec<_> = segs.to_vec();
    sorted.sort_by_key(|(a, b)| a.x.min(b.x));
    let mut count = 0;
    for (i, &(a, b)) in sorted.iter().enumerate() {
        let max_x = a.x.max(b.x);
        for &(c, d) in &sorted[i + 1..] {
            if c.x.min(d.x) > max_x {
                break;
            }
            if properly_cross(a, b, c, d) {
                count += 1;
            }
        }
    }
    count
}

fn run_segments(m: usize, engine: &str, repeats: usize) -> Measured {
    let segs = segments(m);
    match engine {
        "build2d" => {
            let edges: Vec<TaggedEdge> = segs
                .iter()
                .map(|&(from, to)| TaggedEdge {
                    from,
                    to,
                    tag: EdgeTag::Operand0,
                })
                .collect();
            let (secs, out) = best_of(repeats, || arrange(&edges).expect("arrange"));
            Measured {
                seconds: secs,
                contours: out.segments.len(),
                vertices: out.vertices.len(),
                ..Measured::default()
            }
        }
        "iov-graph" | "iov-lines" => {
            let lines: Vec<[IntPoint<i32>; 2]> = segs
                .iter()
                .map(|(a, b)| {
                    [
                        IntPoint::new(a.x as i32, a.y as i32),
                        IntPoint::new(b.x as i32, b.y as i32),
                    ]
                })
                .collect();
            if engine == "iov-graph" {
                let (secs, built) = best_of(repeats, || {
                    let mut overlay = StringOverlay::<i32>::new(lines.len());
                    overlay.add_string_lines(&lines);
                    overlay.build_graph_view(FillRule::NonZero).is_some()
                });
                assert!(built);
                Measured {
                    seconds: secs,
                    ..Measured::default()
                }
            } else {
                let rule = ClipRule {
                    invert: true,
                    boundary_included: false,
                };
                let (secs, paths) = best_of(repeats, || {
                    let mut overlay = StringOverlay::<i32>::new(lines.len());
                    overlay.add_string_lines(&lines);
                    overlay.clip_string_lines(FillRule::NonZero, rule)
                });
                // Each path runs through noded pieces; count pieces, not paths.
                Measured {
                    seconds: secs,
                    contours: paths.iter().map(|p| p.len().saturating_sub(1)).sum(),
                    ..Measured::default()
                }
            }
        }
        _ => panic!("unknown engine {engine}"),
    }
}

fn run_one(task: &str, size: usize, engine: &str, repeats: usize) -> Measured {
    let mut m = match task {
        "noisy" | "cave" => run_tiles(task, size, engine, repeats),
        "polys" => run_polys(size, engine, repeats),
        "segments" => run_segments(size, engine, repeats),
        _ => panic!("unknown task {task}"),
    };
    m.peak_kib = peak_kib();
    m
}

fn spawn(task: &str, size: usize, engine: &str, repeats: usize) -> Option<Measured> {
    let exe = std::env::current_exe().ok()?;
    let out = Command::new(exe)
        .args(["one", task, &size.to_string(), engine, &repeats.to_string()])
        .output()
        .ok()?;
    if !out.status.success() {
        eprintln!(
            "{task} {size} {engine} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("RESULT "))?;
    let f: Vec<&str> = line.split_whitespace().collect();
    Some(Measured {
        seconds: f[1].parse().ok()?,
        contours: f[2].parse().ok()?,
        vertices: f[3].parse().ok()?,
        area2: f[4].parse().ok()?,
        perimeter: f[5].parse().ok()?,
        peak_kib: f[6].parse().ok()?,
    })
}

fn repeats_for(work: usize) -> usize {
    if work > 2_000_000 {
        1
    } else {
        3
    }
}

fn print_region_table(
    task: &str,
    sizes: &[usize],
    engines: &[&str],
    work: impl Fn(usize) -> usize,
) {
    println!("\n### {task}\n");
    println!("| input | engine | seconds | contours | vertices | peak MiB | time / build2d |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    let mut checks = Vec::new();
    for &size in sizes {
        let mut base: Option<Measured> = None;
        for &engine in engines {
            let Some(m) = spawn(task, size, engine, repeats_for(work(size))) else {
                println!("| {task}-{size} | {engine} | failed | | | | |");
                continue;
            };
            let ratio = base
                .as_ref()
                .map_or("1".into(), |b| format!("{:.1}", m.seconds / b.seconds));
            println!(
                "| {task}-{size} | {engine} | {:.4} | {} | {} | {:.0} | {ratio} |",
                m.seconds,
                m.contours,
                m.vertices,
                m.peak_kib as f64 / 1024.0
            );
            if let Some(b) = &base {
                // Snap-rounding distortion bound: each result lies within half a pixel
                // diagonal (√2/2 grid units) of the exact union of the snapped input,
                // so the two areas differ by at most (√2/2)·(P_build2d + P_peer).
                let diff = (m.area2 - b.area2).abs() / 2.0;
                let bound = std::f64::consts::FRAC_1_SQRT_2 * (m.perimeter + b.perimeter);
                checks.push(format!(
                    "| {task}-{size} | {engine} | {:.6e} | {:.3e} | {:.3e} | {:.3e} | {} |",
                    b.area2 / 2.0,
                    diff,
                    diff / (b.area2 / 2.0),
                    bound,
                    if diff <= bound { "yes" } else { "NO" }
                ));
            } else {
                base = Some(m);
            }
        }
    }
    println!("\nArea check (grid units²):\n");
    println!("| input | peer | build2d area | abs. difference | relative | bound | within |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for c in checks {
        println!("{c}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    match arg(0) {
        Some("one") => {
            let task = arg(1).expect("task");
            let size: usize = arg(2).and_then(|s| s.parse().ok()).expect("size");
            let engine = arg(3).expect("engine");
            let repeats = arg(4).and_then(|s| s.parse().ok()).unwrap_or(1);
            let m = run_one(task, size, engine, repeats);
            println!(
                "RESULT {} {} {} {} {} {}",
                m.seconds, m.contours, m.vertices, m.area2, m.perimeter, m.peak_kib
            );
        }
        Some("crossings") => {
            let m: usize = arg(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
            println!(
                "segments-{m}: {} proper crossings",
                count_crossings(&segments(m))
            );
        }
        _ => {
            let max_n: usize = arg(1).and_then(|s| s.parse().ok()).unwrap_or(2048);
            let max_k: usize = arg(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
            let engines = ["build2d", "iov-int", "iov-f64"];
            let sizes: Vec<usize> = [256, 1024, 2048]
                .into_iter()
                .filter(|&n| n <= max_n)
                .collect();
            print_region_table("noisy", &sizes, &engines, |n| n * n);
            print_region_table("cave", &sizes, &engines, |n| n * n);
            let ks: Vec<usize> = [1_000, 10_000, 100_000]
                .into_iter()
                .filter(|&k| k <= max_k)
                .collect();
            print_region_table("polys", &ks, &engines, |k| 20 * k);
            let m = 20_000;
            println!(
                "\n### segments-{m} ({} proper crossings)\n",
                count_crossings(&segments(m))
            );
            println!("| engine | seconds | pieces | vertices | peak MiB |");
            println!("|---|---:|---:|---:|---:|");
            for engine in ["build2d", "iov-graph", "iov-lines"] {
                if let Some(r) = spawn("segments", m, engine, 5) {
                    println!(
                        "| {engine} | {:.4} | {} | {} | {:.0} |",
                        r.seconds,
                        r.contours,
                        r.vertices,
                        r.peak_kib as f64 / 1024.0
                    );
                }
            }
        }
    }
}
