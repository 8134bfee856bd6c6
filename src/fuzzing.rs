//! Fast fuzz targets and the byte → case decoding of every target (feature `fuzzing`).
//!
//! A fuzz input is decoded (via `arbitrary`) to one conformance case, the `input` object
//! of a corpus vector; the target then checks that case without the reference: the [W1]
//! validity checkers on every typed output, [W2] invariance (outline order, ring order,
//! ring start, ring direction), exact translation by whole grid units, every arrangement
//! search mode and strip size equal to Auto, and the corpus-JSON round trip of the
//! output. `build2d fuzz-case TARGET FILE` prints the same decoding ([`decode`]), so a
//! crash becomes a corpus input and a `fuzz/seeds/` file without hand work.
//!
//! Translations are by an even number of grid units: snapping rounds half-way values to
//! even (X4), so an odd shift of a tie would legitimately move it differently. Results
//! built on the CDT (triangulations, partitions, meshes) are held only to moving their
//! vertices and keeping their counts: [D1]'s bounding vertices do not move with the input,
//! so among cocircular points a moved input may get the other diagonal
//! (docs/specification.md, [W2]).

use arbitrary::{Arbitrary, Unstructured};
use serde_json::{json, Value};

use crate::arrangement::{arrange_with, ArrangeOptions, EdgeTag, SearchMode, TaggedEdge};
use crate::case::{self, run_case, run_case_json, CaseError};
use crate::{Error, GridPoint, Region};

/// The fast engine targets (no reference), fastest first.
pub const FAST_TARGETS: &[&str] = &[
    "fast_arrangement",
    "fast_cdt",
    "fast_tile_map",
    "fast_regions",
    "fast_triangulate",
    "fast_offset",
    "fast_pipeline",
];

/// The parser targets: `parse_case` here, the CLI's map readers in the fuzz crate.
pub const PARSER_TARGETS: &[&str] = &["parse_case", "parse_text_map", "parse_json_map"];

/// The differential targets (engine vs reference, `crate::diff::fuzz`, feature `oracle`).
pub const DIFFERENTIAL_TARGETS: &[&str] = &[
    "predicates",
    "arrangement",
    "tile_map",
    "regions",
    "cdt",
    "triangulate",
    "partition",
    "shrink",
    "offset",
    "pipeline",
];

/// Every fuzz target, in the order CI smokes them (fast ones first).
pub fn all_targets() -> Vec<&'static str> {
    [FAST_TARGETS, PARSER_TARGETS, DIFFERENTIAL_TARGETS].concat()
}

/// The whole-grid-unit shift of the translation checks (even, see the module note).
const SHIFT: [i64; 2] = [6, -4];

/// Most long edges in an arrangement case (the others move at most 4 units).
const LONG_EDGES: usize = 32;

/// Most strips in a forced strip size of the arrangement checks.
const MAX_STRIPS: usize = 8;

/// A size up to `small`, or in one input of [`LARGE_ONE_IN`] up to `large`: large inputs
/// still come, while the mean cost of a run stays near that of small ones (the fast
/// targets' 1,000 exec/s, issue 16). Never more items than the bytes left can make at
/// `bytes_each`: exhausted bytes read as zeros, so a 4-byte input would otherwise give
/// hundreds of equal items, slow and meaningless.
fn sized(
    u: &mut Unstructured<'_>,
    small: usize,
    large: usize,
    bytes_each: usize,
) -> arbitrary::Result<usize> {
    let max = if u8::arbitrary(u)? % LARGE_ONE_IN == 0 {
        large
    } else {
        small
    };
    Ok(u.int_in_range(0..=max)?.min(u.len() / bytes_each))
}

/// One input in this many may be large (see [`sized`]).
const LARGE_ONE_IN: u8 = 16;

/// The fuzz entry point of a fast target.
pub fn fuzz_target(name: &str) -> Option<fn(&[u8])> {
    Some(match name {
        "fast_arrangement" => |d| run("fast_arrangement", d),
        "fast_cdt" => |d| run("fast_cdt", d),
        "fast_tile_map" => |d| run("fast_tile_map", d),
        "fast_regions" => |d| run("fast_regions", d),
        "fast_triangulate" => |d| run("fast_triangulate", d),
        "fast_offset" => |d| run("fast_offset", d),
        "fast_pipeline" => |d| run("fast_pipeline", d),
        "parse_case" => parse_case,
        _ => return None,
    })
}

fn run(target: &str, data: &[u8]) {
    if let Some(input) = decode(target, data) {
        // One workspace per input: the first run of the case fills it and the checks'
        // later runs (moved, reordered, swapped) take its buffers again, so a kept buffer
        // that showed through would break their equalities, reproducibly from the input.
        crate::Workspace::new().install(|| check(target, &input));
    }
}

/// The conformance case that `data` decodes to for `target` (`None`: the bytes decode to
/// nothing and the target returns at once). Covers the fast targets, `parse_case` and,
/// with the `oracle` feature, the differential ones; the CLI's map-reader targets are
/// decoded by the CLI itself.
pub fn decode(target: &str, data: &[u8]) -> Option<Value> {
    let mut u = Unstructured::new(data);
    let case = match target {
        "fast_arrangement" => arrangement_case(&mut u),
        "fast_cdt" => cdt_case(&mut u),
        "fast_tile_map" => tile_map_case(&mut u, 64),
        "fast_regions" => regions_case(&mut u),
        "fast_triangulate" => triangulate_case(&mut u),
        "fast_offset" => offset_case(&mut u),
        "fast_pipeline" => pipeline_case(&mut u),
        "parse_case" => return serde_json::from_slice(data).ok(),
        #[cfg(feature = "oracle")]
        other => return crate::diff::fuzz::decode(other, data),
        #[cfg(not(feature = "oracle"))]
        _ => return None,
    };
    case.ok()
}

/// Runs every check of a fast target on one decoded case; panics with the case on the
/// first violation.
pub fn check(target: &str, input: &Value) {
    match target {
        "fast_arrangement" => check_arrangement(input),
        "fast_cdt" => check_cdt(input),
        "fast_tile_map" | "fast_regions" => check_region_case(input),
        "fast_offset" => check_offset_case(input),
        "fast_triangulate" => check_triangulate(input),
        "fast_pipeline" => check_pipeline(input),
        _ => panic!("no fast target `{target}`"),
    }
}

/// Target `parse_case`: arbitrary bytes, parsed as JSON, run as a case. No panic, and
/// every rejection is typed: a malformed case or an engine error that is not a defect.
pub fn parse_case(data: &[u8]) {
    let Ok(input) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    if let Err(CaseError::Engine(Error::GeometryDefect { reason })) = run_case(&input) {
        panic!("geometry defect on an input: {reason}\n input: {input}");
    }
    // The harness's first-divergent-stage chain of any case is built without a panic, and
    // the engine runs each stage before the case without a defect: every stage is built
    // from the engine's own output of the stage before.
    for stage in crate::conform::stages::chain(&input) {
        if stage == input {
            break;
        }
        if let Err(CaseError::Engine(Error::GeometryDefect { reason })) = run_case(&stage) {
            panic!("geometry defect on a stage: {reason}\n stage: {stage}\n input: {input}");
        }
    }
}

// ---- shared checks ---------------------------------------------------------------

fn fail(what: &str, input: &Value) -> ! {
    panic!("{what}\n input: {input}")
}

/// Runs a case that the generator made valid: an engine error is allowed (and must be
/// typed, never a defect), a malformed case is a generator bug.
fn outcome(input: &Value) -> Result<Value, Value> {
    held_to_the_case_rules(run_case_json(input), input)
}

/// The rules of [`outcome`] on a case's JSON outcome: an engine error is allowed, a
/// defect or a malformed (generated) case is not; an output round-trips.
fn held_to_the_case_rules(out: Result<Value, Value>, input: &Value) -> Result<Value, Value> {
    match &out {
        Err(e) if e["kind"] == "malformed" || e["kind"] == "geometryDefect" => {
            fail(&format!("unexpected error {e}"), input)
        }
        Err(_) => {}
        Ok(v) => require_round_trip(v, input),
    }
    out
}

/// Corpus-JSON round trip: the text form of an output parses back to the same value.
fn require_round_trip(out: &Value, input: &Value) {
    let back: Value = serde_json::from_str(&out.to_string()).expect("output JSON parses");
    if &back != out {
        fail("output JSON does not round-trip", input);
    }
}

/// Adds `d` to every grid point in the output's `rings` and `vertices`.
fn translated_output(out: &Value, d: [i64; 2]) -> Value {
    let mut out = out.clone();
    let shift = |p: &mut Value| {
        if let (Some(x), Some(y)) = (p[0].as_i64(), p[1].as_i64()) {
            *p = json!([x + d[0], y + d[1]]);
        }
    };
    if let Some(rings) = out.get_mut("rings").and_then(Value::as_array_mut) {
        rings
            .iter_mut()
            .filter_map(Value::as_array_mut)
            .flatten()
            .for_each(shift);
    }
    if let Some(vs) = out.get_mut("vertices").and_then(Value::as_array_mut) {
        vs.iter_mut().for_each(shift);
    }
    out
}

/// Whether `got` is `out` moved by `d`: both outputs, equal once moved, or both errors
/// (an error may name a place or a coordinate that the change moves).
fn is_translated(out: &Result<Value, Value>, got: &Result<Value, Value>, d: [i64; 2]) -> bool {
    match (out, got) {
        (Ok(w), Ok(g)) => &translated_output(w, d) == g,
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

/// `outcome(moved)` must be `outcome(input)` translated by `d`.
fn require_translated(input: &Value, out: &Result<Value, Value>, moved: &Value, d: [i64; 2]) {
    if !is_translated(out, &outcome(moved), d) {
        fail(
            &format!("translation by {d:?} grid units changes the result\n moved: {moved}"),
            input,
        );
    }
}

/// A mesh, for the input moved by `d`: the same outcome (both errors, or both outputs)
/// and the output's vertices moved exactly. Not the same polygons: the bounding vertices
/// of [D1] stay put when the input moves, so where points are cocircular the moved CDT
/// may choose the other diagonal (docs/specification.md, [W2]). Returns the moved output
/// for the caller's own validity checks.
fn require_translated_vertices(
    input: &Value,
    out: &Result<Value, Value>,
    moved: &Value,
    d: [i64; 2],
) -> Option<Value> {
    let got = outcome(moved);
    match (out, got) {
        (Err(_), Err(_)) => None,
        (Ok(w), Ok(g)) => {
            if translated_output(w, d)["vertices"] != g["vertices"] {
                fail(
                    &format!("translation by {d:?} grid units moves the vertices\n moved: {moved}"),
                    input,
                );
            }
            Some(g)
        }
        _ => fail(
            &format!("translation by {d:?} grid units changes the outcome\n moved: {moved}"),
            input,
        ),
    }
}

fn shifted(p: GridPoint, d: [i64; 2]) -> GridPoint {
    GridPoint::new(p.x + d[0], p.y + d[1])
}

fn unit(snap_bits: &Value) -> f64 {
    1.0 / crate::grid::scale(snap_bits.as_u64().unwrap_or(0) as u8)
}

/// Outlines (JSON) moved by `d` grid units.
fn translated_outlines(outlines: &Value, d: [i64; 2], unit: f64) -> Value {
    let mut outlines = outlines.clone();
    for p in outlines
        .as_array_mut()
        .into_iter()
        .flatten()
        .filter_map(Value::as_array_mut)
        .flatten()
        .filter_map(Value::as_array_mut)
        .flatten()
    {
        let (x, y) = (p[0].as_f64().unwrap_or(0.0), p[1].as_f64().unwrap_or(0.0));
        *p = json!([x + d[0] as f64 * unit, y + d[1] as f64 * unit]);
    }
    outlines
}

/// [W2]: the same outlines in another order, rings in another order, each ring started
/// elsewhere and every other ring reversed.
fn reordered_outlines(outlines: &Value) -> Value {
    let mut list = outlines.as_array().cloned().unwrap_or_default();
    list.reverse();
    for (i, outline) in list.iter_mut().enumerate() {
        if let Some(rings) = outline.as_array_mut() {
            let k = usize::from(!rings.is_empty());
            rings.rotate_left(k);
            for (j, ring) in rings.iter_mut().enumerate() {
                if let Some(points) = ring.as_array_mut() {
                    if !points.is_empty() {
                        let k = (i + j + 1) % points.len();
                        points.rotate_left(k);
                    }
                    if (i + j) % 2 == 0 {
                        points.reverse();
                    }
                }
            }
        }
    }
    Value::Array(list)
}

/// A region case run once, typed: [W1] on the region itself (`Region::check`), then its
/// JSON outcome, held to what [`outcome`] holds every case to.
fn checked_region_outcome(input: &Value) -> Result<Value, Value> {
    let typed = case::run_region_case(input)
        .unwrap_or_else(|| fail("not a case whose output is a region", input));
    if let Ok(region) = &typed {
        if let Err(e) = region.check() {
            fail(&format!("Region::check: {e}"), input);
        }
    }
    let out = case::case_result_json(input, typed.map(|r| case::region_json(&r)));
    held_to_the_case_rules(out, input)
}

// ---- arrangement ------------------------------------------------------------------

fn parse_edges(input: &Value) -> Vec<TaggedEdge> {
    let point = |v: &Value| GridPoint::new(v[0].as_i64().unwrap_or(0), v[1].as_i64().unwrap_or(0));
    input["gridEdges"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| TaggedEdge {
            from: point(&e["from"]),
            to: point(&e["to"]),
            tag: match e["tag"].as_i64() {
                Some(0) => EdgeTag::Operand0,
                Some(1) => EdgeTag::Operand1,
                _ => EdgeTag::Both,
            },
        })
        .collect()
}

/// Up to 400 tagged edges (mostly up to 24, see [`sized`]): short or long, on a tiny,
/// moderate or wide grid, with reversed duplicates (zero-net pairs that still make hot
/// pixels). At most [`LONG_EDGES`] edges are long: n long edges cross about n²/4 times,
/// so hundreds of long edges would cost a run what a thousand small ones do.
fn arrangement_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    let count = sized(u, 24, 400, 6)?;
    let spread = [6i64, 40, 1000, 1 << 20][usize::from(u8::arbitrary(u)? % 4)];
    let mut edges = Vec::with_capacity(count);
    let mut long = 0;
    for _ in 0..count {
        let from = GridPoint::new(
            u.int_in_range(-spread..=spread)?,
            u.int_in_range(-spread..=spread)?,
        );
        let to = if bool::arbitrary(u)? && long < LONG_EDGES {
            long += 1;
            GridPoint::new(
                u.int_in_range(-spread..=spread)?,
                u.int_in_range(-spread..=spread)?,
            )
        } else {
            let d = |u: &mut Unstructured<'_>| -> arbitrary::Result<i64> {
                Ok(i64::from(i8::arbitrary(u)? % 5))
            };
            GridPoint::new(from.x + d(u)?, from.y + d(u)?)
        };
        let tag = [EdgeTag::Operand0, EdgeTag::Operand1, EdgeTag::Both]
            [usize::from(u8::arbitrary(u)? % 3)];
        edges.push(TaggedEdge { from, to, tag });
        if u8::arbitrary(u)? % 8 == 0 {
            edges.push(TaggedEdge {
                from: to,
                to: from,
                tag,
            });
        }
    }
    Ok(json!({"op": "arrangement", "snapBits": 16, "gridEdges": case::grid_edges_json(&edges)}))
}

fn check_arrangement(input: &Value) {
    let edges = parse_edges(input);
    let run = |options: ArrangeOptions| {
        arrange_with(&edges, &options)
            .unwrap_or_else(|e| fail(&format!("arrangement failed: {e}"), input))
            .0
    };
    let auto = run(ArrangeOptions::default());
    if let Err(e) = crate::validity::check_arrangement(&edges, &auto) {
        fail(&format!("invalid arrangement: {e}"), input);
    }
    // [C1]: the candidate search and the strips never change the result.
    let mut modes = vec![SearchMode::Grid, SearchMode::Sweep];
    if edges.len() <= 64 {
        modes.push(SearchMode::BruteForce);
    }
    for search in modes {
        if run(ArrangeOptions {
            search,
            ..Default::default()
        }) != auto
        {
            fail(&format!("{search:?} differs from Auto"), input);
        }
    }
    // At most MAX_STRIPS strips: with long edges every window holds nearly every
    // fragment, so strips of 1 on n fragments cost n whole runs.
    let fewest = edges.len().div_ceil(MAX_STRIPS);
    for size in [1, 7, 64] {
        let options = ArrangeOptions {
            strip_fragments: Some(size.max(fewest)),
            ..Default::default()
        };
        if run(options) != auto {
            fail(&format!("strips of {size} differ from Auto"), input);
        }
    }
    // [W2] and the case layer in one JSON run: the edges permuted, each one reversed
    // and moved by SHIFT must give Auto's vertices moved and every net negated. Each
    // change runs alone only when that run differs, to name the one that breaks.
    let expected = |negate: i64, d: [i64; 2]| {
        let segments: Vec<Value> = auto
            .segments
            .iter()
            .map(|s| {
                json!([
                    s.a,
                    s.b,
                    negate * i64::from(s.net[0]),
                    negate * i64::from(s.net[1])
                ])
            })
            .collect();
        let vertices: Vec<Value> = auto
            .vertices
            .iter()
            .map(|&p| case::grid_point_json(shifted(p, d)))
            .collect();
        Ok(json!({"vertices": vertices, "segments": segments}))
    };
    let case = |edges: &[TaggedEdge]| {
        outcome(
            &json!({"op": "arrangement", "snapBits": 16, "gridEdges": case::grid_edges_json(edges)}),
        )
    };
    let changed = |permute: bool, reverse: bool, d: [i64; 2]| -> Vec<TaggedEdge> {
        let mut list: Vec<TaggedEdge> = edges
            .iter()
            .map(|e| {
                let (from, to) = if reverse {
                    (e.to, e.from)
                } else {
                    (e.from, e.to)
                };
                TaggedEdge {
                    from: shifted(from, d),
                    to: shifted(to, d),
                    tag: e.tag,
                }
            })
            .collect();
        if permute {
            list.reverse();
            list.rotate_left(edges.len() / 3);
        }
        list
    };
    if case(&changed(true, true, SHIFT)) == expected(-1, SHIFT) {
        return;
    }
    if case(&edges) != expected(1, [0, 0]) {
        fail("the case's JSON differs from the typed arrangement", input);
    }
    if case(&changed(true, false, [0, 0])) != expected(1, [0, 0]) {
        fail("edge order changes the arrangement", input);
    }
    if case(&changed(false, true, [0, 0])) != expected(-1, [0, 0]) {
        fail("reversing every edge does not just negate the nets", input);
    }
    if case(&changed(false, false, SHIFT)) != expected(1, SHIFT) {
        fail(
            &format!("translation by {SHIFT:?} grid units changes the result"),
            input,
        );
    }
    fail(
        "permuted, reversed and moved at once, the arrangement changes (each change alone does not)",
        input,
    );
}

// ---- cdt --------------------------------------------------------------------------

/// Up to 300 sorted distinct points (boxes, lattices, wide spreads) and noded
/// constraints picked as near-neighbour joins.
fn cdt_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    let n = u.int_in_range(0..=300usize)?;
    let w = [3i64, 16, 200, 1 << 20, 1 << 38][usize::from(u8::arbitrary(u)? % 5)];
    let mut points = Vec::with_capacity(n);
    if bool::arbitrary(u)? {
        for _ in 0..n {
            points.push(GridPoint::new(
                u.int_in_range(-w..=w)?,
                u.int_in_range(-w..=w)?,
            ));
        }
    } else {
        let k = (n as f64).sqrt() as i64 + 1;
        let step = (w / k).max(1);
        for x in 0..k {
            for y in 0..k {
                if u8::arbitrary(u)? % 4 != 0 {
                    points.push(GridPoint::new(x * step, y * step));
                }
            }
        }
    }
    points.sort_unstable();
    points.dedup();
    let m = u.int_in_range(0..=60usize)?;
    let mut picks = Vec::with_capacity(m);
    for _ in 0..m {
        picks.push((
            usize::from(u16::arbitrary(u)?),
            usize::from(u8::arbitrary(u)? % 6),
            bool::arbitrary(u)?,
        ));
    }
    let constraints = noded_constraints(&points, &picks);
    Ok(json!({"op": "cdt",
        "points": points.iter().map(|p| json!([p.x, p.y])).collect::<Vec<_>>(),
        "constraints": constraints.iter().map(|&(a, b)| json!([a, b])).collect::<Vec<_>>()}))
}

/// Noded constraints ([D0]) from picks (i, r, reverse): point i joined to its r-th
/// nearest neighbour, kept when no point lies inside it and it crosses no kept one.
pub fn noded_constraints(
    points: &[GridPoint],
    picks: &[(usize, usize, bool)],
) -> Vec<(usize, usize)> {
    use crate::predicates::{properly_cross, strictly_inside_segment};
    let n = points.len();
    let mut kept: Vec<(usize, usize)> = Vec::new();
    if n < 2 {
        return kept;
    }
    for &(i, r, reverse) in picks {
        let a = i % n;
        let d2 = |j: usize| {
            let dx = i128::from(points[j].x - points[a].x);
            let dy = i128::from(points[j].y - points[a].y);
            dx * dx + dy * dy
        };
        let mut near: Vec<usize> = (0..n).filter(|&j| j != a).collect();
        let r = r.min(near.len() - 1);
        near.select_nth_unstable_by_key(r, |&j| (d2(j), j));
        let b = near[r];
        let (pa, pb) = (points[a], points[b]);
        if points.iter().any(|&q| strictly_inside_segment(q, pa, pb))
            || kept
                .iter()
                .any(|&(c, d)| properly_cross(pa, pb, points[c], points[d]))
        {
            continue;
        }
        kept.push(if reverse { (b, a) } else { (a, b) });
    }
    kept
}

fn check_cdt(input: &Value) {
    let point = |v: &Value| GridPoint::new(v[0].as_i64().unwrap_or(0), v[1].as_i64().unwrap_or(0));
    let points: Vec<GridPoint> = input["points"]
        .as_array()
        .into_iter()
        .flatten()
        .map(point)
        .collect();
    let constraints: Vec<(usize, usize)> = input["constraints"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            (
                c[0].as_u64().unwrap_or(0) as usize,
                c[1].as_u64().unwrap_or(0) as usize,
            )
        })
        .collect();
    let cdt = crate::cdt::Cdt::new(&points, &constraints)
        .unwrap_or_else(|e| fail(&format!("Cdt::new failed: {e}"), input));
    if let Err(e) = cdt.check() {
        fail(&format!("Cdt::check: {e}"), input);
    }
    let out = outcome(input).unwrap_or_else(|e| fail(&format!("case failed: {e}"), input));
    // [W2]: constraint order and direction, and duplicates, never matter.
    let mut shuffled: Vec<Value> = constraints
        .iter()
        .rev()
        .map(|&(a, b)| json!([b, a]))
        .collect();
    if let Some(first) = shuffled.first().cloned() {
        shuffled.push(first);
    }
    let again = json!({"op": "cdt", "points": input["points"], "constraints": shuffled});
    if outcome(&again).as_ref() != Ok(&out) {
        fail("constraint order or direction changes the CDT", input);
    }
}

// ---- regions, tile maps, offsets ----------------------------------------------------

/// Snap bits with a small unit and coordinates that stay exact under the shift.
fn snap_bits(u: &mut Unstructured<'_>) -> arbitrary::Result<u8> {
    Ok([0u8, 2, 4, 8, 16][usize::from(u8::arbitrary(u)? % 5)])
}

/// Outlines with up to `max_edges` edges in all, coordinates on a sub-grid of
/// `scale` × unit (dense touching and collinear rings), sometimes half units (ties).
/// Mostly at most 3 outlines of 2 rings of 8 points; one input in [`LARGE_ONE_IN`] up to
/// 8 outlines of 3 rings of 24, at most [`RANDOM_POINTS`] points in all. Random rings
/// cross themselves and each other about n²/4 times for n points in all, so every other
/// large input has rings of up to 40 points in angular order around their box centre
/// instead: star-shaped rings, hundreds of edges at the cost of tens of crossings.
fn outlines(u: &mut Unstructured<'_>, bits: u8, max_edges: usize) -> arbitrary::Result<Value> {
    let unit = 1.0 / crate::grid::scale(bits);
    let scale = [1.0, 2.0, 8.0, 64.0][usize::from(u8::arbitrary(u)? % 4)] * unit;
    let span = i32::from(u8::arbitrary(u)? % 24) + 2;
    let size = u8::arbitrary(u)?;
    let star = size % (2 * LARGE_ONE_IN) == 0;
    let (most_outlines, most_rings, most_points) = if size % LARGE_ONE_IN == 0 {
        (8u8, 3u8, if star { 40usize } else { 24 })
    } else {
        (3, 2, 8)
    };
    let mut left = if star {
        max_edges
    } else {
        max_edges.min(RANDOM_POINTS)
    };
    let mut list = Vec::new();
    for _ in 0..u.int_in_range(1..=most_outlines)? {
        let mut rings = Vec::new();
        for _ in 0..u.int_in_range(1..=most_rings)? {
            // About 4 bytes a point (see `sized`).
            let n = u.int_in_range(3..=most_points)?.min(left).min(u.len() / 4);
            if n < 3 {
                break;
            }
            left -= n;
            let mut ring = Vec::with_capacity(n);
            for _ in 0..n {
                let mut c = || -> arbitrary::Result<f64> {
                    let k = f64::from(u.int_in_range(-span..=span)?) * scale;
                    Ok(if u8::arbitrary(u)? % 16 == 0 {
                        k + 0.5 * unit
                    } else {
                        k
                    })
                };
                ring.push([c()?, c()?]);
            }
            if star {
                in_angular_order(&mut ring);
            }
            rings.push(json!(ring));
        }
        if !rings.is_empty() {
            list.push(Value::Array(rings));
        }
    }
    Ok(Value::Array(list))
}

/// Most points in all of the random (not star-shaped) outlines of one operand: a grown
/// corpus keeps the inputs with the most crossings, and with up to 400 random points its
/// costliest tenth took 62% of `fast_regions`' time (`fuzz-costs`, docs/verification.md).
const RANDOM_POINTS: usize = 48;

/// Sorts points by their angle around the centre of their bounding box.
fn in_angular_order(points: &mut [[f64; 2]]) {
    let (lo, hi) = points.iter().fold(
        ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]),
        |(lo, hi), p| {
            (
                [lo[0].min(p[0]), lo[1].min(p[1])],
                [hi[0].max(p[0]), hi[1].max(p[1])],
            )
        },
    );
    let centre = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
    let angle = |p: &[f64; 2]| (p[1] - centre[1]).atan2(p[0] - centre[0]);
    points.sort_by(|a, b| angle(a).total_cmp(&angle(b)));
}

/// A tile map up to `max_side` × `max_side` (cells of whole or half units, origin on
/// the grid or half-way) as a `fromTileMap` case.
fn tile_map_case(u: &mut Unstructured<'_>, max_side: usize) -> arbitrary::Result<Value> {
    let bits = snap_bits(u)?;
    let unit = 1.0 / crate::grid::scale(bits);
    let width = u.int_in_range(0..=max_side)?;
    // One byte a cell (see `sized`): the map grows with the input.
    let height = u.int_in_range(0..=max_side)?.min(u.len() / width.max(1));
    let density = u8::arbitrary(u)? % 8;
    let mut cells = Vec::with_capacity(width * height);
    for _ in 0..width * height {
        cells.push(u8::from(u8::arbitrary(u)? % 8 <= density));
    }
    let cell = f64::from(u.int_in_range(1..=8u8)?)
        * [1.0, 0.5, 4.0][usize::from(u8::arbitrary(u)? % 3)]
        * unit;
    let origin = [
        f64::from(i8::arbitrary(u)?) * 0.5 * unit,
        f64::from(i8::arbitrary(u)?) * 0.5 * unit,
    ];
    Ok(
        json!({"op": "fromTileMap", "snapBits": bits, "width": width, "height": height,
              "cellSize": cell, "origin": origin, "cells": cells}),
    )
}

fn regions_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    let bits = snap_bits(u)?;
    let op = ["fromOutlines", "union", "intersection", "difference", "xor"]
        [usize::from(u8::arbitrary(u)? % 5)];
    Ok(if op == "fromOutlines" {
        json!({"op": op, "snapBits": bits, "outlines": outlines(u, bits, 400)?})
    } else {
        json!({"op": op, "a": {"snapBits": bits, "outlines": outlines(u, bits, 200)?},
                         "b": {"snapBits": bits, "outlines": outlines(u, bits, 200)?}})
    })
}

/// A region input: outlines, or small tile-map cells as square outlines.
fn region_input(u: &mut Unstructured<'_>, max_edges: usize) -> arbitrary::Result<Value> {
    let bits = snap_bits(u)?;
    if bool::arbitrary(u)? {
        return Ok(json!({"snapBits": bits, "outlines": outlines(u, bits, max_edges)?}));
    }
    let map = tile_map_case(u, 8)?;
    Ok(json!({"snapBits": bits, "outlines": cell_outlines(&map)}))
}

/// The walkable cells of a `fromTileMap` case as one square outline each.
pub fn cell_outlines(map: &Value) -> Value {
    let width = map["width"].as_u64().unwrap_or(0) as usize;
    let size = map["cellSize"].as_f64().unwrap_or(1.0);
    let (ox, oy) = (
        map["origin"][0].as_f64().unwrap_or(0.0),
        map["origin"][1].as_f64().unwrap_or(0.0),
    );
    let cells = map["cells"].as_array().cloned().unwrap_or_default();
    let mut outlines = Vec::new();
    for (i, c) in cells.iter().enumerate() {
        if c.as_u64() != Some(1) {
            continue;
        }
        let (x, y) = ((i % width.max(1)) as f64, (i / width.max(1)) as f64);
        let (x0, y0) = (ox + x * size, oy + y * size);
        let (x1, y1) = (ox + (x + 1.0) * size, oy + (y + 1.0) * size);
        outlines.push(json!([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]]));
    }
    Value::Array(outlines)
}

fn offset_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    let region = region_input(u, 80)?;
    let unit = unit(&region["snapBits"]);
    let r = match u8::arbitrary(u)? % 3 {
        0 => f64::from(u8::arbitrary(u)?) / 64.0,
        1 => f64::from(u.int_in_range(1..=32u8)?),
        _ => f64::from(u16::arbitrary(u)? % 2048) / 8.0,
    } * unit;
    let tolerance = match u8::arbitrary(u)? % 4 {
        0 => 0.0,
        1 => f64::from(u.int_in_range(1..=16u8)?) * unit,
        2 => f64::from(u8::arbitrary(u)?) / 16.0,
        _ => 1e6,
    };
    Ok(if bool::arbitrary(u)? {
        let distance = if bool::arbitrary(u)? { r } else { -r };
        let join = if bool::arbitrary(u)? {
            "round"
        } else {
            "square"
        };
        json!({"op": "offset", "region": region, "distance": distance, "join": join, "arcTolerance": tolerance})
    } else {
        json!({"op": "shrink", "region": region, "radius": r, "arcTolerance": tolerance})
    })
}

/// The same case with every input outline, tile-map origin or operand moved by `d`.
fn translated_case(input: &Value, d: [i64; 2]) -> Value {
    let mut moved = input.clone();
    let move_region = |r: &mut Value| {
        let unit = unit(&r["snapBits"]);
        r["outlines"] = translated_outlines(&r["outlines"], d, unit);
    };
    match input["op"].as_str() {
        Some("fromOutlines") => move_region(&mut moved),
        Some("fromTileMap") => {
            let unit = unit(&input["snapBits"]);
            let o = &input["origin"];
            moved["origin"] = json!([
                o[0].as_f64().unwrap_or(0.0) + d[0] as f64 * unit,
                o[1].as_f64().unwrap_or(0.0) + d[1] as f64 * unit
            ]);
        }
        Some("union" | "intersection" | "difference" | "xor") => {
            move_region(&mut moved["a"]);
            move_region(&mut moved["b"]);
        }
        _ => move_region(&mut moved["region"]),
    }
    moved
}

/// The same case with [`reordered_outlines`] applied to every outline list.
fn reordered_case(input: &Value) -> Value {
    let mut again = input.clone();
    for key in ["a", "b", "region"] {
        if let Some(r) = again.get_mut(key) {
            r["outlines"] = reordered_outlines(&r["outlines"]);
        }
    }
    if again.get("outlines").is_some() {
        again["outlines"] = reordered_outlines(&input["outlines"]);
    }
    again
}

/// The same binary operation with its operands swapped, where it commutes.
fn swapped_case(input: &Value) -> Option<Value> {
    let op @ ("union" | "intersection" | "xor") = input["op"].as_str()? else {
        return None;
    };
    Some(json!({"op": op, "a": input["b"], "b": input["a"]}))
}

/// Most edges an `offset` or `shrink` case of `fast_offset`, or the shrink of a `mesh`
/// case of `fast_pipeline`, may feed the overlay (region edges plus pieces). A round join of m sides on every vertex of a ring of tens of
/// points makes thousands of pieces that all cross: a campaign's corpus grew towards
/// them (cases of 5,000–11,000 edges took 0.3–0.4 s a run, the mean 2.6 ms); at this
/// bound the same corpus costs 0.48 ms a run, a seventh of its cases skipped
/// (docs/verification.md).
const OFFSET_MAX_OVERLAY_EDGES: usize = 600;

/// The number of edges the shrink of a `mesh` case of outlines feeds the overlay (None
/// for a tile map, whose shrink stays small, or when an argument is rejected). Its grown
/// corpus drifted to random rings shrunk by more than their size, as `fast_offset`'s did:
/// the steady rate fell to 750–869 per CPU s (docs/verification.md).
fn mesh_shrink_overlay_edges(input: &Value) -> Option<usize> {
    let outlines = input.get("outlines")?;
    let region = json!({"snapBits": input["snapBits"], "outlines": outlines});
    let region = crate::case::parse_region_case(&region).ok()?;
    let radius = input["agentRadius"].as_f64()?;
    let tolerance = crate::pipeline_arc_tolerance(input["cellSize"].as_f64()?, radius);
    let edges = crate::shrink::shrink_edges(&region, radius, tolerance).ok()?;
    Some(edges.len())
}

/// Target `fast_offset`: [`check_region_case`] on the cases whose overlay is within
/// [`OFFSET_MAX_OVERLAY_EDGES`].
fn check_offset_case(input: &Value) {
    if offset_overlay_edges(input).is_some_and(|edges| edges > OFFSET_MAX_OVERLAY_EDGES) {
        return;
    }
    check_region_case(input);
}

/// The number of edges an `offset` or `shrink` case feeds the overlay (None when its
/// arguments are rejected: the case's own run checks that).
fn offset_overlay_edges(input: &Value) -> Option<usize> {
    let region = crate::case::parse_region_case(&input["region"]).ok()?;
    let tolerance = input["arcTolerance"].as_f64()?;
    let edges = if input["op"] == "shrink" {
        crate::shrink::shrink_edges(&region, input["radius"].as_f64()?, tolerance)
    } else {
        let join = crate::case::offset::parse_join(input["join"].as_str()?).ok()?;
        crate::offset::offset_edges(&region, input["distance"].as_f64()?, join, tolerance)
    };
    edges.ok().map(|edges| edges.len())
}

/// A case whose output is a region: validity; [W2] reordering, commuting operands and
/// translation; a tile map also equals the union of its cells.
///
/// The three changes are made together, in one run that must give the output moved:
/// each run is an overlay, and one run instead of three is what keeps `fast_regions`
/// and `fast_offset` near 1,000 executions a second (issue 16). Two faults that cancel
/// exactly are the price. Only when that run differs is each change tried alone, so
/// that the failure names the one that breaks.
fn check_region_case(input: &Value) {
    let out = checked_region_outcome(input);
    if input["op"] == "fromTileMap" {
        if out.is_ok()
            && input["width"].as_u64().unwrap_or(0) * input["height"].as_u64().unwrap_or(0) <= 64
        {
            // Only a tile map that is valid is a union of cells: its own errors (a cell
            // size below one grid unit, say) have no counterpart among outlines.
            let cells = json!({"op": "fromOutlines", "snapBits": input["snapBits"], "outlines": cell_outlines(input)});
            if outcome(&cells) != out {
                fail("a tile map differs from the union of its cells", input);
            }
        }
        require_translated(input, &out, &translated_case(input, SHIFT), SHIFT);
        return;
    }
    let swapped = swapped_case(input);
    let changed = reordered_case(swapped.as_ref().unwrap_or(input));
    if is_translated(&out, &outcome(&translated_case(&changed, SHIFT)), SHIFT) {
        return;
    }
    if outcome(&reordered_case(input)) != out {
        fail(
            "outline order, ring order, start or direction changes the result",
            input,
        );
    }
    if swapped.is_some_and(|s| outcome(&s) != out) {
        fail("the operation does not commute", input);
    }
    require_translated(input, &out, &translated_case(input, SHIFT), SHIFT);
    fail(
        "reordered, swapped and moved at once, the result changes (each change alone does not)",
        input,
    );
}

// ---- triangulation, partition, pipeline ----------------------------------------------

fn triangulate_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    let region = region_input(u, 300)?;
    Ok(json!({"op": "triangulate", "region": region}))
}

/// [W1] on a partition read from its JSON: rebuilt typed, then [`check_typed_partition`].
fn check_partition(out: &Value, limit: usize, area2: Option<i128>, input: &Value) {
    check_typed_partition(&partition_of(out), limit, area2, input);
}

/// The partition a `partitionConvex` or `mesh` output holds (what does not read is left
/// empty: the checks then fail on it).
fn partition_of(out: &Value) -> crate::partition::ConvexPartition {
    crate::partition::ConvexPartition {
        vertices: out["vertices"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| GridPoint::new(p[0].as_i64().unwrap_or(0), p[1].as_i64().unwrap_or(0)))
            .collect(),
        polygons: serde_json::from_value(out["polygons"].clone()).unwrap_or_default(),
        neighbors: serde_json::from_value(out["neighbors"].clone()).unwrap_or_default(),
    }
}

/// [W1] on a partition, checked against the area of its own boundary (and the region's).
fn check_typed_partition(
    partition: &crate::partition::ConvexPartition,
    limit: usize,
    area2: Option<i128>,
    input: &Value,
) {
    let vertex = |i: u32| {
        partition
            .vertices
            .get(i as usize)
            .copied()
            .unwrap_or(GridPoint::new(0, 0))
    };
    let boundary: i128 = partition
        .polygons
        .iter()
        .zip(&partition.neighbors)
        .flat_map(|(poly, nbs)| {
            (0..poly.len())
                .filter(|&i| nbs.get(i) == Some(&-1))
                .map(move |i| (vertex(poly[i]), vertex(poly[(i + 1) % poly.len()])))
        })
        .map(|(a, b)| i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y))
        .sum();
    if area2.is_some_and(|a| a != boundary) {
        fail(
            &format!("partition boundary area {boundary} is not the region's {area2:?}"),
            input,
        );
    }
    if let Err(e) = partition.check(limit, boundary) {
        fail(&format!("invalid partition (limit {limit}): {e}"), input);
    }
}

fn check_triangulate(input: &Value) {
    let region = case::parse_region_input(&input["region"])
        .unwrap_or_else(|e| fail(&format!("region rejected: {e:?}"), input));
    if let Err(e) = region.check() {
        fail(&format!("Region::check: {e}"), input);
    }
    let (t, windings) = region
        .triangulate_with_windings()
        .unwrap_or_else(|e| fail(&format!("triangulate failed: {e}"), input));
    if let Err(e) = t.check() {
        fail(&format!("Triangulation::check: {e}"), input);
    }
    if windings.iter().any(|&w| w != 1) {
        fail(&format!("kept triangles with windings {windings:?}"), input);
    }
    let area2: i128 = t
        .triangles
        .iter()
        .map(|tri| {
            let [a, b, c] = tri.map(|i| t.vertices[i as usize]);
            i128::from(b.x - a.x) * i128::from(c.y - a.y)
                - i128::from(b.y - a.y) * i128::from(c.x - a.x)
        })
        .sum();
    if area2 != region.area2() {
        fail(
            &format!("triangles cover {area2}, the region {}", region.area2()),
            input,
        );
    }
    require_round_trip(&case::triangulation_json(&t), input);
    // [W2] translation of the region at hand (a whole-unit move keeps it canonical and
    // valid), so that the check costs a CDT and not an overlay too: moving the outlines
    // is the region targets' check.
    let moved = Region::from_canonical_rings(
        region.snap_bits(),
        region
            .rings()
            .iter()
            .map(|ring| ring.iter().map(|p| shifted(*p, SHIFT)).collect())
            .collect(),
    );
    let moved_t = moved.triangulate().unwrap_or_else(|e| {
        fail(
            &format!("the moved region fails to triangulate: {e}"),
            input,
        )
    });
    let vertices_moved = t
        .vertices
        .iter()
        .map(|p| shifted(*p, SHIFT))
        .eq(moved_t.vertices);
    if !vertices_moved || moved_t.triangles.len() != t.triangles.len() {
        fail(
            &format!("translation by {SHIFT:?} grid units moves the vertices or changes the count"),
            input,
        );
    }
    // On the triangulation at hand: what `partition_convex` does after triangulating the
    // region again (the `partitionConvex` case and its JSON are the `partition` target's).
    for limit in [3, 6, 16] {
        let parts =
            crate::partition::partition_convex(&t.vertices, &t.triangles, &t.neighbors, limit)
                .unwrap_or_else(|e| fail(&format!("partition ({limit}) failed: {e}"), input));
        check_typed_partition(&parts, limit, Some(region.area2()), input);
    }
}

/// The whole pipeline on a tile map up to 64 × 64 or outlines.
fn pipeline_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    let limit = u.int_in_range(3..=16usize)?;
    let pick = u8::arbitrary(u)?;
    let map = tile_map_case(u, 64)?;
    let cell = map["cellSize"].as_f64().unwrap_or(1.0);
    let radius = cell * [0.0, 0.5, 1.0, 1.5, 0.3][usize::from(u8::arbitrary(u)? % 5)];
    let bits = map["snapBits"].clone();
    Ok(if pick % 4 != 0 {
        let mut tile = map;
        tile.as_object_mut()
            .map(|m| (m.remove("op"), m.remove("snapBits")));
        json!({"op": "mesh", "snapBits": bits, "tileMap": tile, "agentRadius": radius, "maxVertices": limit})
    } else {
        let outlines = outlines(u, bits.as_u64().unwrap_or(0) as u8, 200)?;
        json!({"op": "mesh", "snapBits": bits, "outlines": outlines, "cellSize": cell, "agentRadius": radius, "maxVertices": limit})
    })
}

fn check_pipeline(input: &Value) {
    if mesh_shrink_overlay_edges(input).is_some_and(|edges| edges > OFFSET_MAX_OVERLAY_EDGES) {
        return;
    }
    let out = outcome(input);
    if let Ok(mesh) = &out {
        let limit = input["maxVertices"].as_u64().unwrap_or(6) as usize;
        check_partition(mesh, limit, None, input);
        check_navmesh_helpers(mesh, input);
    }
    let mut moved = input.clone();
    let unit = unit(&input["snapBits"]);
    if let Some(o) = input["tileMap"].get("origin") {
        moved["tileMap"]["origin"] = json!([
            o[0].as_f64().unwrap_or(0.0) + SHIFT[0] as f64 * unit,
            o[1].as_f64().unwrap_or(0.0) + SHIFT[1] as f64 * unit
        ]);
    } else {
        moved["outlines"] = translated_outlines(&input["outlines"], SHIFT, unit);
        let again = outcome(&reordered_case(input));
        if again != out {
            fail(
                "outline order, ring order, start or direction changes the mesh",
                input,
            );
        }
    }
    if let Some(mesh) = require_translated_vertices(input, &out, &moved, SHIFT) {
        let limit = input["maxVertices"].as_u64().unwrap_or(6) as usize;
        check_partition(&mesh, limit, None, &moved);
    }
}

/// Polygons and portals located per mesh by [`check_navmesh_helpers`] (locate is
/// linear in the mesh).
const LOCATED: usize = 8;

/// What `crate::navmesh` reads off a built mesh, against the mesh itself: every shared
/// edge is one portal, in order, with both sides; a polygon's vertex and a portal's end
/// are located in that polygon or one of smaller id; the components cover every polygon
/// once and each portal joins one component to itself; no component is dropped below
/// area 0 and all are above infinity; a path joins two sampled vertices exactly when
/// their polygons are in one component, and lies in the mesh; the OBJ text has a line
/// per vertex and polygon; the mesh passes `NavMesh::check`.
fn check_navmesh_helpers(out: &Value, input: &Value) {
    let partition = partition_of(out);
    let mesh = crate::NavMesh {
        snap_bits: input["snapBits"].as_u64().unwrap_or(0) as u8,
        vertices: partition.vertices,
        polygons: partition.polygons,
        neighbors: partition.neighbors,
    };
    let portals = mesh.portals();
    let shared = mesh.neighbors.iter().flatten().filter(|&&q| q >= 0).count();
    let has_edge = |p: usize, u: u32, v: u32| {
        let poly = &mesh.polygons[p];
        (0..poly.len()).any(|i| poly[i] == u && poly[(i + 1) % poly.len()] == v)
    };
    let sides_ok = portals.iter().all(|portal| {
        let [a, b] = portal.polygons.map(|k| k as usize);
        let [u, v] = portal.vertices;
        a < b && has_edge(a, u, v) && has_edge(b, v, u)
    });
    // In order: by the smaller polygon, then by the edge's place in it.
    let place = |portal: &crate::Portal| {
        let p = portal.polygons[0] as usize;
        let at = mesh.polygons[p]
            .iter()
            .position(|&v| v == portal.vertices[0]);
        (p, at)
    };
    let ordered = portals.windows(2).all(|w| place(&w[0]) < place(&w[1]));
    if portals.len() * 2 != shared || !sides_ok || !ordered {
        fail(
            "portals are not the mesh's shared edges, once each, in order",
            input,
        );
    }
    let step = mesh.polygons.len().div_ceil(LOCATED).max(1);
    for (p, poly) in mesh.polygons.iter().enumerate().step_by(step) {
        let v = mesh.vertices[poly[0] as usize];
        if mesh.locate(v).is_none_or(|q| q > p) {
            fail(&format!("locate misses a vertex of polygon {p}"), input);
        }
    }
    for portal in portals
        .iter()
        .step_by(portals.len().div_ceil(LOCATED).max(1))
    {
        let v = mesh.vertices[portal.vertices[0] as usize];
        if mesh
            .locate(v)
            .is_none_or(|q| q > portal.polygons[0] as usize)
        {
            fail(
                &format!("locate misses the end of portal {portal:?}"),
                input,
            );
        }
    }
    let regions = mesh.regions();
    let mut component = vec![usize::MAX; mesh.polygons.len()];
    for (k, members) in regions.iter().enumerate() {
        for &p in members {
            if component[p] != usize::MAX {
                fail(&format!("polygon {p} is in two components"), input);
            }
            component[p] = k;
        }
    }
    let joined = portals.iter().all(|portal| {
        let [a, b] = portal.polygons.map(|k| k as usize);
        component[a] == component[b]
    });
    if component.contains(&usize::MAX) || !joined {
        fail("the components do not follow the portals", input);
    }
    // Paths from the first polygon's vertex to the sampled ones: one exactly where both
    // are in one component, and inside the mesh (`validity::check_path`).
    let finder = crate::PathFinder::new(&mesh);
    let samples: Vec<GridPoint> = mesh
        .polygons
        .iter()
        .step_by(step)
        .map(|poly| mesh.vertices[poly[poly.len() / 2] as usize])
        .collect();
    if let Some(&from) = samples.first() {
        for &to in &samples {
            let path = finder.find_path(from, to);
            let connected = match (mesh.locate(from), mesh.locate(to)) {
                (Some(a), Some(b)) => component[a] == component[b],
                _ => false,
            };
            match path {
                Some(path) if connected => {
                    if let Err(e) = crate::validity::check_path(&mesh, from, to, &path) {
                        fail(&format!("find_path: {e}"), input);
                    }
                }
                None if !connected => {}
                _ => fail(
                    &format!("find_path {from:?} → {to:?}: a path exactly when connected"),
                    input,
                ),
            }
        }
    }
    if mesh.without_small_regions(0.0) != mesh
        || !mesh
            .without_small_regions(f64::INFINITY)
            .polygons
            .is_empty()
    {
        fail("without_small_regions drops the wrong components", input);
    }
    let obj_lines = mesh.to_obj(crate::ObjAxes::ZUp).lines().count();
    if obj_lines != 1 + mesh.vertices.len() + mesh.polygons.len() {
        fail("the OBJ text has the wrong number of lines", input);
    }
    // Last: the checks above name what breaks; this one says the mesh reads back.
    if let Err(e) = mesh.check() {
        fail(&format!("NavMesh::check: {e}"), input);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_overlay_edges_counts_what_each_op_feeds_the_overlay() {
        let region = json!({"snapBits": 0, "outlines": [[[[0, 0], [8, 0], [8, 8], [0, 8]]]]});
        let typed = crate::case::parse_region_case(&region).unwrap();
        let offset = json!({"op": "offset", "region": region, "distance": 2.0, "join": "round",
                            "arcTolerance": 0.0});
        let grown = crate::offset::offset_edges(&typed, 2.0, crate::Join::Round, 0.0).unwrap();
        assert_eq!(offset_overlay_edges(&offset), Some(grown.len()));
        let shrink = json!({"op": "shrink", "region": region, "radius": 2.0, "arcTolerance": 0.0});
        let shrunk = crate::shrink::shrink_edges(&typed, 2.0, 0.0).unwrap();
        assert_eq!(offset_overlay_edges(&shrink), Some(shrunk.len()));
        assert_ne!(grown.len(), shrunk.len());
        // A rejected argument counts nothing: the case's own run reports it.
        let bad = json!({"op": "offset", "region": region, "distance": 2.0, "join": "mitre",
                         "arcTolerance": 0.0});
        assert_eq!(offset_overlay_edges(&bad), None);
    }

    /// A ring of eight cells around a hole, meshed into quadrilaterals: portals, a hole.
    fn ring_mesh_case() -> (Value, Value) {
        let input = json!({"op": "mesh", "snapBits": 4, "agentRadius": 0.0, "maxVertices": 4,
            "tileMap": {"width": 3, "height": 3, "cellSize": 1.0, "origin": [0.0, 0.0],
                        "cells": [1, 1, 1, 1, 0, 1, 1, 1, 1]}});
        let out = outcome(&input).unwrap();
        (input, out)
    }

    #[test]
    fn navmesh_helpers_pass_on_a_built_mesh() {
        let (input, out) = ring_mesh_case();
        assert!(out["polygons"].as_array().unwrap().len() > 1);
        check_navmesh_helpers(&out, &input);
    }

    #[test]
    #[should_panic(expected = "NavMesh::check")]
    fn navmesh_helpers_fail_when_the_vertices_are_out_of_order() {
        // Vertices 0 and 1 swapped, and the polygons renumbered to match: the same
        // geometry, every other check holds, but the vertices are not in (x, y) order.
        let (input, mut out) = ring_mesh_case();
        let vertices = out["vertices"].as_array_mut().unwrap();
        vertices.swap(0, 1);
        for poly in out["polygons"].as_array_mut().unwrap() {
            for v in poly.as_array_mut().unwrap() {
                let k = v.as_u64().unwrap();
                *v = json!(match k {
                    0 => 1,
                    1 => 0,
                    k => k,
                });
            }
        }
        check_navmesh_helpers(&out, &input);
    }

    #[test]
    #[should_panic(expected = "portals are not the mesh's shared edges")]
    fn navmesh_helpers_fail_when_a_neighbour_is_not_returned() {
        // Polygon 0 no longer lists its first neighbour; that one still lists polygon 0.
        let (input, mut out) = ring_mesh_case();
        let neighbors = out["neighbors"][0].as_array_mut().unwrap();
        let across = neighbors
            .iter_mut()
            .find(|q| q.as_i64() >= Some(0))
            .unwrap();
        *across = json!(-1);
        check_navmesh_helpers(&out, &input);
    }

    #[test]
    fn a_mesh_shrunk_by_more_than_its_size_is_over_the_bound_and_a_tile_map_is_not_counted() {
        // A star polygon {40/17} of radius 20 (a ring crossing itself at every turn, as
        // random rings do), agent radius 48.
        let ring: Vec<[f64; 2]> = (0..40)
            .map(|k| {
                let a = f64::from(k * 17 % 40) * std::f64::consts::TAU / 40.0;
                [(20.0 * a.cos()).round(), (20.0 * a.sin()).round()]
            })
            .collect();
        let square = vec![[0.0, 0.0], [8.0, 0.0], [8.0, 8.0], [0.0, 8.0]];
        let mesh = |ring: &[[f64; 2]], radius: f64| {
            json!({"op": "mesh", "snapBits": 0, "outlines": [[ring]], "cellSize": 32.0,
                   "agentRadius": radius, "maxVertices": 3})
        };
        let edges = |case: Value| mesh_shrink_overlay_edges(&case).unwrap();
        assert!(edges(mesh(&ring, 48.0)) > OFFSET_MAX_OVERLAY_EDGES);
        assert!(edges(mesh(&square, 48.0)) <= OFFSET_MAX_OVERLAY_EDGES);
        let (tile_map, _) = ring_mesh_case();
        assert_eq!(mesh_shrink_overlay_edges(&tile_map), None);
    }

    #[test]
    fn a_round_offset_of_many_vertices_is_over_the_bound() {
        // 40 vertices on a circle of radius 100 grown by 50 with the finest arcs: the
        // kind of case a grown corpus collected.
        let ring: Vec<[f64; 2]> = (0..40)
            .map(|k| {
                let a = f64::from(k) * std::f64::consts::TAU / 40.0;
                [(100.0 * a.cos()).round(), (100.0 * a.sin()).round()]
            })
            .collect();
        let case = json!({"op": "offset", "region": {"snapBits": 2, "outlines": [[ring]]},
                          "distance": 50.0, "join": "round", "arcTolerance": 0.0});
        assert!(offset_overlay_edges(&case).unwrap() > OFFSET_MAX_OVERLAY_EDGES);
    }
}
