//! Noding by snap rounding ([A0]–[A5], [C1]–[C6], X7–X10): tagged directed edges become
//! non-crossing segments between grid points with net counts per operand.
//!
//! Steps: validate (|coordinate| ≤ 2^39, [G4]); drop zero-length edges ([A1]); merge
//! identical edges keeping signed counts (X9 allows it; cancelled edges are kept until the
//! end because they still force hot pixels); hot pixels = endpoints + rounded proper
//! crossings ([A2]); reroute every edge through the hot pixels it meets ([A3], X7); the
//! repair loop ([A4], X9); drop zero-net fragments and index the vertices ([A5]).
//! Candidate pairs and pixels come from `search` ([C1]–[C4]).

use crate::error::{Error, Result};
use crate::grid::GridPoint;
use crate::workspace;

mod line_pieces;
mod lines;
mod noded;
mod point_sort;
mod point_tree;
mod repair;
mod rows;
mod search;
mod strips;

pub(crate) use line_pieces::Gaps;
use point_sort::Bounds;
#[cfg(any(test, feature = "internals"))]
pub use repair::repair_fragments;
use repair::Piece;
pub use repair::{Fragment, MAX_REPAIR_ROUNDS};
pub use search::SearchMode;

/// Which operand an input edge counts for (X1; `Both` is the shrink's Op 2, [S5]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EdgeTag {
    /// Counts for operand 0 only.
    Operand0,
    /// Counts for operand 1 only.
    Operand1,
    /// Counts for both operands.
    Both,
}

/// A directed input edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TaggedEdge {
    /// Start point.
    pub from: GridPoint,
    /// End point.
    pub to: GridPoint,
    /// Operand tag.
    pub tag: EdgeTag,
}

/// Net counts per operand: input edges running one way minus those running the other.
///
/// 32 bits each, like the vertex indices of a [`Segment`]: the overlay's passes are bound
/// by memory, and a segment of 16 bytes instead of 32 halves it. Every sum is checked
/// (`add_nets`), so an input beyond these widths is an error, never a wrong count.
pub type Nets = [i32; 2];

/// The sum of two net counts, or None when a count would leave ±(2^31 − 1) (so that
/// every count can be negated).
pub(crate) fn add_nets(a: Nets, b: Nets) -> Option<Nets> {
    let add = |x: i32, y: i32| x.checked_add(y).filter(|&sum| sum != i32::MIN);
    Some([add(a[0], b[0])?, add(a[1], b[1])?])
}

/// The error of an input whose net counts leave 32 bits ([`Nets`]).
pub(crate) fn nets_too_large() -> Error {
    Error::invalid(
        "edges",
        "a net count beyond ±(2^31 − 1): more coincident edges than 32-bit counts hold",
    )
}

/// Largest number of vertices of an [`Arrangement`] (and of hot pixels while one is
/// built): indices are 32 bits ([`Nets`] says why).
pub const MAX_ARRANGEMENT_VERTICES: usize = u32::MAX as usize;

/// The error of an arrangement with more than [`MAX_ARRANGEMENT_VERTICES`] points.
pub(crate) fn too_many_vertices() -> Error {
    Error::invalid(
        "edges",
        format!("more than {MAX_ARRANGEMENT_VERTICES} arrangement vertices (32-bit indices)"),
    )
}

/// One output segment: vertex indices `a < b` (so `vertices[a] < vertices[b]` in (x, y)
/// order) and the net number of input edges per operand running a→b minus b→a.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Segment {
    /// Index of the smaller endpoint (at most [`MAX_ARRANGEMENT_VERTICES`]).
    pub a: u32,
    /// Index of the larger endpoint.
    pub b: u32,
    /// Net counts for operand 0 and operand 1; never both zero in an [`Arrangement`].
    pub net: Nets,
}

impl Segment {
    /// [`Segment::a`] as an index into the vertices.
    pub fn a_index(&self) -> usize {
        self.a as usize
    }

    /// [`Segment::b`] as an index into the vertices.
    pub fn b_index(&self) -> usize {
        self.b as usize
    }
}

/// The canonical noded arrangement ([A0], [A5]): vertices sorted by (x, y) (exactly the
/// endpoints of the kept segments), segments sorted by (a, b).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Arrangement {
    /// Sorted, distinct grid points.
    pub vertices: Vec<GridPoint>,
    /// Sorted, distinct segments with non-zero net counts.
    pub segments: Vec<Segment>,
}

impl Arrangement {
    /// Hands the buffers back to the workspace lent, if any ([`workspace::give`]).
    pub(crate) fn give_back(self) {
        workspace::give(self.vertices);
        workspace::give(self.segments);
    }

    /// Checks the canonical-form invariants: vertices strictly increasing in (x, y);
    /// every segment has `a < b < vertices.len()` and a non-zero net; segments strictly
    /// increasing in (a, b); every vertex is an endpoint of some segment.
    #[cfg(any(test, feature = "internals"))]
    pub fn check(&self) -> Result<(), String> {
        if let Some(w) = self.vertices.windows(2).find(|w| w[0] >= w[1]) {
            return Err(format!(
                "vertices not strictly sorted at {:?}, {:?}",
                w[0], w[1]
            ));
        }
        let mut used = vec![false; self.vertices.len()];
        for (k, s) in self.segments.iter().enumerate() {
            if s.a >= s.b || s.b_index() >= self.vertices.len() {
                return Err(format!("segment {k} has bad indices {} {}", s.a, s.b));
            }
            if s.net == [0, 0] {
                return Err(format!("segment {k} has zero net"));
            }
            if k > 0 && (self.segments[k - 1].a, self.segments[k - 1].b) >= (s.a, s.b) {
                return Err(format!("segments not strictly sorted at {k}"));
            }
            used[s.a_index()] = true;
            used[s.b_index()] = true;
        }
        if let Some(v) = used.iter().position(|&u| !u) {
            return Err(format!("vertex {v} is not used by any segment"));
        }
        Ok(())
    }
}

/// Largest accepted coordinate magnitude of an arrangement input, 2^39 ([G4]).
pub const MAX_ARRANGEMENT_COORDINATE: i64 = 1 << 39;

/// Whether both coordinates are within [`MAX_ARRANGEMENT_COORDINATE`], as every edge
/// end of an arrangement's input must be.
pub(crate) fn within_arrangement_range(p: GridPoint) -> bool {
    p.x.unsigned_abs() <= MAX_ARRANGEMENT_COORDINATE as u64
        && p.y.unsigned_abs() <= MAX_ARRANGEMENT_COORDINATE as u64
}

/// Hidden options of [`arrange_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ArrangeOptions {
    /// Which candidate search to run; never changes the result ([C1]).
    pub search: SearchMode,
    /// With [`SearchMode::Auto`], the fragments per vertical strip when the input is
    /// computed strip by strip (`None`: the default size, used from two strips on when
    /// the strips' windows overlap little; `Some`: used from two strips on, whatever the
    /// overlap); never changes the result.
    pub strip_fragments: Option<usize>,
}

/// What one run of the arrangement did (for tests and benchmarks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ArrangeStats {
    /// Rounds of the repair loop ([A4], X9), including the final one that changed nothing.
    pub repair_rounds: usize,
    /// Fragment pairs handed to the exact crossing test.
    pub crossing_candidates: u64,
    /// (fragment, point) pairs handed to an exact pixel or point-on-segment test.
    pub pixel_candidates: u64,
    /// Candidate searches run on the uniform grid ([C2], [C3]).
    pub grid_searches: usize,
    /// Candidate searches run by the sweep / binary search ([C4]).
    pub sweep_searches: usize,
    /// Point searches run on the point slices of clustered input (Auto only).
    pub tree_searches: usize,
    /// Candidate searches run by brute force.
    pub brute_force_searches: usize,
    /// Crossing searches run line by line (mostly axis-parallel input, Auto only): only
    /// the slanted fragments' own pairs then go to a candidate search.
    pub line_searches: usize,
    /// Fragments whose initial pieces were counted on their lines, not cut from their
    /// chains (axis-parallel ones, Auto only).
    pub line_pieces: usize,
    /// Distinct non-degenerate input edges after merging.
    pub input_fragments: usize,
    /// Hot pixels of [A2].
    pub hot_pixels: usize,
    /// Fragments after the loop, before zero-net ones are dropped.
    pub final_fragments: usize,
    /// The first round was replaced by the noded sweep, which proved it would change
    /// nothing (X9; only with [`SearchMode::Auto`]).
    pub verified_by_sweep: bool,
    /// Vertical strips the input was computed in (0: all at once).
    pub strips: usize,
    /// Fragments in the strips' windows, summed (they overlap; 0 without strips).
    pub window_fragments: usize,
}

/// Nodes the edges by snap rounding ([A0]–[A5]).
///
/// Errors: a coordinate beyond ±2^39 is an invalid argument `edges`; a repair loop that
/// does not settle within 256 rounds is a geometry defect (never expected, X9).
///
/// ```
/// use build2d::arrangement::{arrange, EdgeTag, TaggedEdge};
/// use build2d::GridPoint;
/// let e = |a: (i64, i64), b: (i64, i64), tag| TaggedEdge {
///     from: GridPoint::new(a.0, a.1),
///     to: GridPoint::new(b.0, b.1),
///     tag,
/// };
/// // Two diagonals crossing at (2, 2): four segments meeting at the crossing.
/// let out = arrange(&[e((0, 0), (4, 4), EdgeTag::Operand0), e((0, 4), (4, 0), EdgeTag::Operand1)])
///     .unwrap();
/// assert_eq!(out.vertices.len(), 5);
/// assert_eq!(out.vertices[2], GridPoint::new(2, 2));
/// assert_eq!(out.segments.len(), 4);
/// ```
// The library itself overlays through `initial_pieces` and `arrange_edges`.
#[cfg(any(test, feature = "internals", feature = "conform"))]
pub fn arrange(edges: &[TaggedEdge]) -> Result<Arrangement> {
    arrange_with(edges, &ArrangeOptions::default()).map(|(arrangement, _)| arrangement)
}

/// A directed input edge in public (world) coordinates, snapped like an outline vertex.
#[cfg(any(test, feature = "internals"))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WorldEdge {
    /// Start point, public units.
    pub from: [f64; 2],
    /// End point, public units.
    pub to: [f64; 2],
    /// Operand tag.
    pub tag: EdgeTag,
}

/// Validates and snaps edge `index` of a world-coordinate arrangement input: each
/// coordinate is range-checked by [G1] and snapped by [G2] exactly as an outline vertex,
/// `from` before `to`, x before y. A bad coordinate is out of range at argument
/// `edges[index].from` (or `.to`) with the value as given.
#[cfg(any(test, feature = "internals", feature = "conform"))]
pub fn snap_world_edge(
    index: usize,
    from: [f64; 2],
    to: [f64; 2],
    snap_bits: u8,
) -> Result<(GridPoint, GridPoint)> {
    let end = |end: &str, p: [f64; 2]| -> Result<GridPoint> {
        let at = || crate::Location::Argument {
            name: format!("edges[{index}].{end}"),
        };
        let x = crate::grid::snap_checked(p[0], snap_bits, at)?;
        let y = crate::grid::snap_checked(p[1], snap_bits, at)?;
        Ok(GridPoint::new(x, y))
    };
    Ok((end("from", from)?, end("to", to)?))
}

/// [`arrange`] on edges in public coordinates: snap bits first (X3), then every edge in
/// order through [`snap_world_edge`], then the arrangement of the snapped edges.
///
/// ```
/// use build2d::arrangement::{arrange_world, EdgeTag, WorldEdge};
/// use build2d::{Geometry2DOptions, GridPoint};
/// let options = Geometry2DOptions::new(1)?; // grid unit 1/2
/// let e = |from, to, tag| WorldEdge { from, to, tag };
/// let out = arrange_world(
///     &[e([0.0, 0.0], [2.0, 2.0], EdgeTag::Operand0), e([0.0, 2.0], [2.0, 0.0], EdgeTag::Operand1)],
///     options,
/// )?;
/// assert_eq!(out.vertices[2], GridPoint::new(2, 2)); // the crossing (1, 1)
/// # Ok::<(), build2d::Error>(())
/// ```
#[cfg(any(test, feature = "internals"))]
pub fn arrange_world(
    edges: &[WorldEdge],
    options: crate::Geometry2DOptions,
) -> Result<Arrangement> {
    options.validate()?;
    let snapped = edges
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let (from, to) = snap_world_edge(i, e.from, e.to, options.snap_bits)?;
            Ok(TaggedEdge {
                from,
                to,
                tag: e.tag,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    arrange(&snapped)
}

/// [`arrange`] with a forced candidate search, also returning what the run did.
// The library itself overlays through `initial_pieces` and `arrange_edges`.
#[cfg(any(test, feature = "internals", feature = "conform"))]
pub fn arrange_with(
    edges: &[TaggedEdge],
    options: &ArrangeOptions,
) -> Result<(Arrangement, ArrangeStats)> {
    arrange_fragments(input_fragments(edges.iter())?, options)
}

/// [`arrange`] of edges given one after the other (the shrink builds its edges in chunks
/// side by side, and they are read in place, not copied).
pub(crate) fn arrange_edges<'a>(
    edges: impl Iterator<Item = &'a TaggedEdge> + Clone + Sync,
) -> Result<Arrangement> {
    let fragments = input_fragments(edges)?;
    arrange_fragments(fragments, &ArrangeOptions::default()).map(|(arrangement, _)| arrangement)
}

/// Who shows that X9's first round would change nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FirstRound {
    /// The arrangement does, by its noded sweep or by running the round.
    Verified,
    /// The caller does, on the initial pieces with their zero-net segments
    /// ([`InitialPieces`]).
    Deferred,
}

/// The initial reroute's pieces ([A3]) of some edges, assembled like an [`Arrangement`]
/// (vertices sorted, segments sorted by (a, b)) but with their zero-net segments kept,
/// and not yet shown to be noded.
///
/// Why they can stand for the arrangement: when no two of them properly cross and no
/// vertex lies inside one of them, X9's first round would change nothing (the check
/// [`arrange`] makes with its noded sweep), so their segments with a non-zero net are
/// exactly [`arrange`]'s ([C1]); the zero-net ones have the same windings on both sides
/// and are never boundary. The overlay labels them, and the label's sweep fails on any
/// such crossing or vertex ([`crate::label::label`]), so the label proves them noded
/// and the noded sweep is not run twice. Zero-net segments are kept because X9 counts
/// them: one that crossed another piece would change the first round.
#[derive(Debug)]
pub struct InitialPieces {
    /// Not an [`Arrangement`] by its invariants until labelled without error.
    pub unproven: Arrangement,
}

/// The [`InitialPieces`] of edges given one after the other, in strips where
/// [`arrange`] would use them (the same pieces, [A0]).
pub fn initial_pieces<'a>(
    edges: impl Iterator<Item = &'a TaggedEdge> + Clone + Sync,
) -> Result<InitialPieces> {
    initial_pieces_of(input_fragments(edges)?)
}

/// [`initial_pieces`] from the edges' canonical fragments ([`input_fragments`]), so that
/// a caller can free the edges first.
pub(crate) fn initial_pieces_of(fragments: Vec<Fragment>) -> Result<InitialPieces> {
    let options = ArrangeOptions::default();
    // Nobody reads these counts: `initial_pieces` reports none.
    let mut stats = ArrangeStats::default();
    let unproven = match in_strips(&fragments, &options, FirstRound::Deferred, &mut stats) {
        Some(arrangement) => {
            workspace::give(fragments);
            arrangement
        }
        None => {
            let (hot, pieces) = repair::initial_reroute(&fragments, options.search, &mut stats)?;
            workspace::give(fragments);
            // [A5] with the zero-net pieces kept: every hot pixel is a vertex, in order.
            debug_assert!(every_pixel_used(hot.len(), &pieces));
            Arrangement {
                vertices: hot,
                segments: pieces,
            }
        }
    };
    Ok(InitialPieces { unproven })
}

/// The arrangement computed in vertical strips, when [`SearchMode::Auto`] and the
/// strips apply (see [`strips::arrange_in_strips`]); None otherwise.
fn in_strips(
    fragments: &[Fragment],
    options: &ArrangeOptions,
    first_round: FirstRound,
    stats: &mut ArrangeStats,
) -> Option<Arrangement> {
    if options.search != SearchMode::Auto {
        return None;
    }
    let size = options.strip_fragments.unwrap_or(strips::STRIP_FRAGMENTS);
    let forced = options.strip_fragments.is_some();
    if let Some(arrangement) =
        strips::arrange_in_strips(fragments, size, forced, first_round, stats)
    {
        return Some(arrangement);
    }
    // With several threads, one strip per thread run side by side, or half as many
    // while the windows would overlap too much; any strips give the same output ([A0]).
    #[cfg(feature = "parallel")]
    if !forced && fragments.len() >= strips::PARALLEL_MIN_FRAGMENTS {
        let mut parts = rayon::current_num_threads();
        while parts > 1 {
            let share = fragments.len().div_ceil(parts);
            if let Some(arrangement) =
                strips::arrange_in_strips(fragments, share, false, first_round, stats)
            {
                return Some(arrangement);
            }
            parts /= 2;
        }
    }
    // A very large input whose default strips overlap too much (the noisy-1024 shrink:
    // 2.9 × 10^6 fragments) still runs faster in strips of a million fragments than
    // whole: each window's buffers are the next one's.
    if !forced && fragments.len() >= 2 * strips::LARGE_STRIP_FRAGMENTS {
        return strips::arrange_in_strips(
            fragments,
            strips::LARGE_STRIP_FRAGMENTS,
            false,
            first_round,
            stats,
        );
    }
    None
}

/// [`arrange_with`] from the canonical input fragments on.
fn arrange_fragments(
    mut fragments: Vec<Fragment>,
    options: &ArrangeOptions,
) -> Result<(Arrangement, ArrangeStats)> {
    let mut stats = ArrangeStats {
        input_fragments: fragments.len(),
        ..ArrangeStats::default()
    };
    if let Some(arrangement) = in_strips(&fragments, options, FirstRound::Verified, &mut stats) {
        return Ok((arrangement, stats));
    }
    let (hot, pieces) = repair::initial_reroute(&fragments, options.search, &mut stats)?;
    // X9's first round, when it would change nothing, can be proved so by the noded sweep
    // instead (same result, [C1]); forced search modes always run the round itself.
    if options.search == SearchMode::Auto
        && sweep_verifies_cheaper(hot.len(), pieces.len())
        && noded::pieces_are_noded(&hot, &pieces)
    {
        stats.repair_rounds = 1;
        stats.verified_by_sweep = true;
        stats.final_fragments = pieces.len();
        return Ok((assemble_pieces(hot, pieces), stats));
    }
    // The rerouted fragments reuse the input's buffer: at 10^6 edges fresh pages cost
    // about as much as the work done in them.
    pieces_as_fragments(&hot, &pieces, &mut fragments);
    let settled = repair::repair_loop(fragments, options.search, MAX_REPAIR_ROUNDS, &mut stats)?;
    stats.final_fragments = settled.len();
    if stats.repair_rounds == 1 {
        // The first round changed nothing: the pieces are the settled fragments.
        debug_assert_eq!(settled.len(), pieces.len());
        Ok((assemble_pieces(hot, pieces), stats))
    } else {
        Ok((assemble(&settled)?, stats))
    }
}

/// Writes the pieces as fragments (coordinates instead of hot-pixel indices) into `out`,
/// replacing its contents and keeping its buffer.
fn pieces_as_fragments(hot: &[GridPoint], pieces: &[Piece], out: &mut Vec<Fragment>) {
    out.clear();
    out.extend(
        pieces
            .iter()
            .map(|p| Fragment::new(hot[p.a_index()], hot[p.b_index()], p.net)),
    );
}

/// How many of at most 4,096 fragments spread evenly over `fragments` satisfy `test`,
/// and how many were looked at: a cheap estimate of a share, for choices of speed only.
pub(super) fn sampled_share(
    fragments: &[Fragment],
    test: impl Fn(&Fragment) -> bool,
) -> (usize, usize) {
    let sample = fragments
        .iter()
        .step_by(fragments.len().div_ceil(4096).max(1));
    let (mut hits, mut seen) = (0, 0);
    for f in sample {
        seen += 1;
        hits += usize::from(test(f));
    }
    (hits, seen)
}

/// Whether the noded sweep is expected to beat the grid round: the sweep costs about the
/// same per point, the round per piece and per candidate pair. Region boundaries (every
/// point on two or more pieces, crossings on four) favour the sweep, 1.1–3× on the
/// standard maps and polygon sets; loose segments (many endpoints on one piece) favour the
/// round, 1.6× on spread segments (measured, docs/performance.md).
fn sweep_verifies_cheaper(points: usize, pieces: usize) -> bool {
    points <= pieces
}

/// The net counts one edge of `tag` adds per operand (X1: tag 2 counts for both).
pub(crate) fn tag_counts(tag: EdgeTag) -> Nets {
    match tag {
        EdgeTag::Operand0 => [1, 0],
        EdgeTag::Operand1 => [0, 1],
        EdgeTag::Both => [1, 1],
    }
}

/// Validates the edges, drops zero-length ones ([A1]) and merges identical ones into
/// canonical fragments (a < b, net counted a→b), sorted by (a, b).
pub(crate) fn input_fragments<'a>(
    edges: impl Iterator<Item = &'a TaggedEdge> + Clone + Sync,
) -> Result<Vec<Fragment>> {
    input_fragments_in_parts(std::slice::from_ref(&edges))
}

/// [`input_fragments`] of the edges of `parts` one after the other (the shrink's chunks):
/// with the `parallel` feature and several parts, each part is checked and counted on
/// whichever thread is free; the result and the first error are the same.
pub(crate) fn input_fragments_in_parts<'a, I>(parts: &[I]) -> Result<Vec<Fragment>>
where
    I: Iterator<Item = &'a TaggedEdge> + Clone + Sync,
{
    let summarise = |part: &I| PartSummary::of(part.clone());
    #[cfg(feature = "parallel")]
    let summaries: Vec<PartSummary> = if parts.len() > 1 && rayon::current_num_threads() > 1 {
        use rayon::prelude::*;
        parts.par_iter().map(summarise).collect()
    } else {
        parts.iter().map(summarise).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let summaries: Vec<PartSummary> = parts.iter().map(summarise).collect();
    let (mut count, mut bounds, mut before) = (0, Bounds::EMPTY, 0);
    for summary in &summaries {
        if let Some(k) = summary.out_of_range {
            return Err(Error::invalid(
                "edges",
                format!(
                    "edge {} has a coordinate beyond ±2^39 grid units",
                    before + k
                ),
            ));
        }
        (count, before) = (count + summary.count, before + summary.len);
        bounds = bounds.join(summary.bounds);
    }
    let canonical: Vec<_> = parts
        .iter()
        .map(|part| {
            part.clone()
                .filter(|e| e.from != e.to) // [A1]
                .map(|e| repair::oriented(e.from, e.to, tag_counts(e.tag)))
        })
        .collect();
    let by_ends = (|f: &Fragment| f.a, |f: &Fragment| f.b);
    // Identical fragments are merged ([A5]: their nets added, zero nets kept) while each
    // range of the sort is in the cache.
    point_sort::sorted_and_finished(
        count,
        bounds,
        &canonical,
        by_ends,
        true,
        repair::merged_in_place,
        workspace::take(count),
    )
}

/// What [`input_fragments_in_parts`] learns of one part's edges before sorting them.
struct PartSummary {
    /// Edges read (all of them, unless one is out of range).
    len: usize,
    /// Edges with length ([A1]).
    count: usize,
    /// The box of their smaller ends.
    bounds: Bounds,
    /// The place in the part of the first edge with an end beyond
    /// [`MAX_ARRANGEMENT_COORDINATE`], if any.
    out_of_range: Option<usize>,
}

impl PartSummary {
    fn of<'a>(edges: impl Iterator<Item = &'a TaggedEdge>) -> PartSummary {
        let mut summary = PartSummary {
            len: 0,
            count: 0,
            bounds: Bounds::EMPTY,
            out_of_range: None,
        };
        for (k, e) in edges.enumerate() {
            if !within_arrangement_range(e.from) || !within_arrangement_range(e.to) {
                summary.out_of_range = Some(k);
                break;
            }
            summary.len += 1;
            if e.from != e.to {
                summary.count += 1;
                summary.bounds.include(e.from.min(e.to)); // the smaller end a
            }
        }
        summary
    }
}

/// [A5] for pieces indexing the sorted hot pixels: the vertices are the hot pixels used by
/// a piece with a non-zero net, numbered in order. Both vectors are rewritten in place
/// (no sort, no new large buffer: at 10^6 edges fresh pages cost as much as the work).
/// The initial pieces keep their zero-net ones and every pixel ([`every_pixel_used`]),
/// so they need none of this.
fn assemble_pieces(mut hot: Vec<GridPoint>, mut pieces: Vec<Piece>) -> Arrangement {
    pieces.retain(|p| p.net != [0, 0]);
    let used = UsedPoints::mark(
        hot.len(),
        pieces.iter().flat_map(|p| [p.a_index(), p.b_index()]),
    );
    if used.len() == hot.len() {
        // Every hot pixel is still used: the indices stay as they are.
        return Arrangement {
            vertices: hot,
            segments: pieces,
        };
    }
    for p in &mut pieces {
        p.a = used.rank(p.a_index()) as u32;
        p.b = used.rank(p.b_index()) as u32;
    }
    let len = hot.len();
    keep_in_place(&mut hot, 0..len, |k, p| used.contains(k).then_some(p));
    Arrangement {
        vertices: hot,
        segments: pieces,
    }
}

/// Makes `items` the `f(k, items[k])` that are Some for k in `range`, in order: each
/// lands at or before its own place, so the buffer is rewritten in place.
pub(super) fn keep_in_place<T: Copy>(
    items: &mut Vec<T>,
    range: std::ops::Range<usize>,
    f: impl Fn(usize, T) -> Option<T>,
) {
    let mut kept = 0;
    for k in range {
        if let Some(item) = f(k, items[k]) {
            items[kept] = item;
            kept += 1;
        }
    }
    items.truncate(kept);
}

/// Whether every one of `pixels` hot pixels is an end of some piece. True of an initial
/// reroute's pixels and all its pieces, zero-net ones included, over any run of fragments
/// (the whole input or a strip's window): a pixel holds an endpoint of a fragment or the
/// rounded crossing of two, so a fragment meets it, and that fragment's pieces (at least
/// one, its two ends being distinct grid points in distinct pixels) end there. Then a
/// pixel's rank among the used ones is its index; the callers that rely on it check it
/// here in debug builds.
pub(super) fn every_pixel_used(pixels: usize, pieces: &[Piece]) -> bool {
    UsedPoints::mark(
        pixels,
        pieces.iter().flat_map(|p| [p.a_index(), p.b_index()]),
    )
    .len()
        == pixels
}

/// A set of indices below `len` with rank queries: a bit per index and the count of set
/// bits before each 64-bit word (small enough to stay in cache while pieces stream by).
pub(crate) struct UsedPoints {
    words: Vec<u64>,
    before: Vec<usize>,
}

impl UsedPoints {
    pub(crate) fn mark(len: usize, indices: impl Iterator<Item = usize>) -> UsedPoints {
        let mut words = vec![0u64; len.div_ceil(64)];
        for k in indices {
            words[k / 64] |= 1 << (k % 64);
        }
        let mut before = Vec::with_capacity(words.len() + 1);
        let mut count = 0;
        for w in &words {
            before.push(count);
            count += w.count_ones() as usize;
        }
        before.push(count); // rank(len) when len is a multiple of 64
        UsedPoints { words, before }
    }

    /// The number of members.
    pub(crate) fn len(&self) -> usize {
        self.before.last().copied().unwrap_or(0)
    }

    pub(crate) fn contains(&self, k: usize) -> bool {
        self.words[k / 64] >> (k % 64) & 1 == 1
    }

    /// The members in increasing order (a word at a time: sparse sets cost their words
    /// and their members, not a test per index).
    pub(crate) fn members(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let k = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    k
                })
            })
        })
    }

    /// The number of members below `k` (`k` up to the length).
    pub(crate) fn rank(&self, k: usize) -> usize {
        let below = self
            .words
            .get(k / 64)
            .map_or(0, |w| (w & ((1u64 << (k % 64)) - 1)).count_ones() as usize);
        self.before[k / 64] + below
    }
}

/// [A5]: drops zero-net fragments, indexes the remaining endpoints in (x, y) order.
/// Fragments arrive sorted by (a, b) and merged, so the segments come out sorted, and the
/// smaller endpoints already come in order: only the larger ones are sorted, then both
/// sequences are merged into the vertex list, handing out indices on the way.
fn assemble(fragments: &[Fragment]) -> Result<Arrangement> {
    let kept: Vec<&Fragment> = fragments.iter().filter(|f| f.net != [0, 0]).collect();
    let mut larger: Vec<(GridPoint, usize)> =
        kept.iter().enumerate().map(|(k, f)| (f.b, k)).collect();
    larger.sort_unstable();
    let mut vertices: Vec<GridPoint> = Vec::with_capacity(kept.len() + 1);
    let mut a_index = vec![0usize; kept.len()];
    let mut b_index = vec![0usize; kept.len()];
    let (mut i, mut j) = (0, 0);
    while i < kept.len() || j < larger.len() {
        let take_a = j == larger.len() || (i < kept.len() && kept[i].a <= larger[j].0);
        let p = if take_a { kept[i].a } else { larger[j].0 };
        if vertices.last() != Some(&p) {
            vertices.push(p);
        }
        let v = vertices.len() - 1;
        if take_a {
            a_index[i] = v;
            i += 1;
        } else {
            b_index[larger[j].1] = v;
            j += 1;
        }
    }
    if vertices.len() > MAX_ARRANGEMENT_VERTICES {
        return Err(too_many_vertices());
    }
    let segments = kept
        .iter()
        .enumerate()
        .map(|(k, f)| Segment {
            a: a_index[k] as u32,
            b: b_index[k] as u32,
            net: f.net,
        })
        .collect();
    Ok(Arrangement { vertices, segments })
}

#[cfg(test)]
pub(crate) mod tests;
