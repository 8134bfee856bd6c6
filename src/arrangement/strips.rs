//! The arrangement computed strip by strip (an implementation choice, not a spec step:
//! the output is the one [`super::arrange`] defines, [A0]).
//!
//! At 10^6 edges every phase streams a few hundred MB through memory, which no longer
//! fits in the cache; computed on vertical strips of about [`STRIP_FRAGMENTS`] fragments,
//! each phase works in cache and the buffers are reused from strip to strip.
//!
//! Why a strip's window gives exactly the global pieces (L is the largest x extent
//! b.x − a.x of a fragment; a pixel met by a fragment has its x within the fragment's x
//! range, since pixels are half-open squares, [A3]):
//! - The window of strip [X, X') is a run of the input (sorted by a) holding every
//!   fragment whose x range meets the zone Z = [X − L − 1, X' + 2L + 1]. Its hot pixels
//!   with x in [Z.lo + 1, Z.hi − 1] are then exactly the global ones there: an endpoint
//!   lies on its fragment, a rounded crossing within 1/2 of the crossing, which lies on
//!   both fragments; and the window's other fragments, being input fragments too, add
//!   only global hot pixels.
//! - So a fragment whose x range lies in [Z.lo + 1, Z.hi − 1] meets the same hot pixels
//!   as globally and gets the same pieces. Every fragment meeting a pixel with x in
//!   [X, X' + L] is such a fragment (its x range is within [X − L, X' + 2L]). Hence the
//!   window's pieces touching those pixels are exactly the global ones, with the same
//!   net counts: the strip keeps the pieces whose smaller end has x in [X, X'), and the
//!   used vertices and their ranks are exact from X up to X' + L, where the larger ends
//!   of the kept pieces lie.
//! - X9's first round on the window's pieces sees every pair of global pieces that meet
//!   with the smaller of their smaller ends in the strip (both smaller ends then have x
//!   in [X, X' + L]). If every window's first round changes nothing, so does the global
//!   first round, and the strips' pieces are the result. A window whose first round
//!   would change something (never expected, X9) abandons the strips: the caller runs
//!   the whole input at once.
//! - With [`FirstRound::Deferred`] no window checks its round: the strips' pieces are the
//!   global initial pieces by the first two points alone, and the caller proves the whole
//!   noded (the overlay's label sweep does, [`super::initial_pieces`]).

use crate::grid::GridPoint;
#[cfg(feature = "parallel")]
use crate::workspace;

use super::{
    every_pixel_used, keep_in_place, noded, pieces_as_fragments, repair, sweep_verifies_cheaper,
    ArrangeStats, Arrangement, FirstRound, Fragment, Piece, SearchMode, Segment, UsedPoints,
    MAX_ARRANGEMENT_VERTICES,
};

/// Most fragments per strip (the input is cut into ⌈n / this⌉ equal strips): a strip's
/// working set, about 450 bytes per fragment, stays within a 32 MiB cache, and its
/// buffers are reused by the next strip. 32 to 64 Ki were measured; 48 Ki was the
/// fastest, or within noise of it, at 10^5 and 10^6 edges (docs/performance.md).
pub(super) const STRIP_FRAGMENTS: usize = 48 << 10;

/// Fragments per strip on inputs of at least twice as many whose default strips decline
/// (`arrange_stats shrink noisy-1024:1`, 2.9 × 10^6 fragments: whole input 4.1–5.9 s,
/// strips of 2^20 3.3–3.4 s, of 0.74 × 10^6 3.5–3.7 s, of 0.39 × 10^6 3.8 s; at
/// 0.75 × 10^6 fragments (cave-1024) the whole input was 5–10 % faster than two strips,
/// hence the floor).
pub(super) const LARGE_STRIP_FRAGMENTS: usize = 1 << 20;

/// Fewest fragments for which the `parallel` feature cuts one strip per thread when the
/// default strips decline: below, a thread's share is too small to pay for its window.
#[cfg(feature = "parallel")]
pub(super) const PARALLEL_MIN_FRAGMENTS: usize = 1 << 15;

/// Windows may hold at most this many fragments per fragment of the input (they overlap
/// by about 3L + 2 of x); beyond, one run over the whole input was as fast or faster
/// (`bench_arrangement overlap 400000 LEN`: windows of 1.18 n 3–9 % faster than the
/// whole input, 1.25 n even, 1.30 n 6 % slower, 1.37 n 10 % slower; docs/performance.md).
const MAX_WINDOW_OVERLAP: (usize, usize) = (5, 4);

/// The arrangement of canonical fragments (sorted by (a, b), merged) computed strip by
/// strip, or None when the strips do not apply (fewer than two strips, too much overlap
/// between windows unless `forced`, or, with [`FirstRound::Verified`], a window whose
/// first repair round would change something). With [`FirstRound::Deferred`] the result
/// is the initial pieces, zero-net ones kept. `stats` gets the sums over the windows.
pub(super) fn arrange_in_strips(
    fragments: &[Fragment],
    strip_fragments: usize,
    forced: bool,
    first_round: FirstRound,
    stats: &mut ArrangeStats,
) -> Option<Arrangement> {
    let strips = Strips::plan(fragments, strip_fragments.max(1), forced)?;
    let verified = first_round == FirstRound::Verified;
    let mut totals = ArrangeStats {
        input_fragments: stats.input_fragments,
        repair_rounds: usize::from(verified),
        verified_by_sweep: verified,
        ..ArrangeStats::default()
    };
    let mut vertices: Vec<GridPoint> = Vec::new();
    let mut segments: Vec<Segment> = Vec::new();
    // Each strip is computed on its own and the parts are joined in strip order, so the
    // output never depends on the number of threads or the order they finish in.
    let mut join = |part: StripPart| {
        add_counts(&mut totals, &part.stats);
        if vertices.is_empty() && segments.is_empty() {
            // The first part's buffers become the output's (its indices need no offset):
            // no copy, and no fresh pages to fault in (the join took 29 ms of the cave-1024
            // shrink at two threads, 10 ms after).
            vertices = part.vertices;
            segments = part.segments;
            return Some(());
        }
        append_part(&mut vertices, &mut segments, &part)
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        // Each strip takes its buffers from the workspace installed, if any, on
        // whichever thread it runs.
        let installed = workspace::installed();
        let parts: Vec<Option<StripPart>> = (0..strips.count())
            .into_par_iter()
            .map_init(StripBuffers::default, |buffers, k| {
                workspace::serve(&installed, || {
                    strip_part(fragments, &strips, k, first_round, buffers)
                })
            })
            .collect();
        for part in parts {
            join(part?)?;
        }
    }
    #[cfg(not(feature = "parallel"))]
    {
        let mut buffers = StripBuffers::default();
        for k in 0..strips.count() {
            join(strip_part(
                fragments,
                &strips,
                k,
                first_round,
                &mut buffers,
            )?)?;
        }
    }
    totals.strips = strips.count();
    *stats = totals;
    Some(Arrangement { vertices, segments })
}

/// Appends a later strip's part, its vertex indices moved past the earlier strips'; None
/// beyond [`MAX_ARRANGEMENT_VERTICES`] (left to the whole input to report).
fn append_part(
    vertices: &mut Vec<GridPoint>,
    segments: &mut Vec<Segment>,
    part: &StripPart,
) -> Option<()> {
    if vertices.len() + part.vertices.len() > MAX_ARRANGEMENT_VERTICES {
        return None;
    }
    let offset = vertices.len() as u32;
    let moved = |s: &Segment| Segment {
        a: offset + s.a,
        b: offset + s.b,
        net: s.net,
    };
    // Most of the join is first touches of the grown buffer's pages: with threads, each
    // writes a share of them.
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        segments.par_extend(part.segments.par_iter().map(moved));
        vertices.par_extend(part.vertices.par_iter().copied());
    }
    #[cfg(not(feature = "parallel"))]
    {
        segments.extend(part.segments.iter().map(moved));
        vertices.extend_from_slice(&part.vertices);
    }
    Some(())
}

/// Buffers reused from strip to strip (one set per thread).
#[derive(Default)]
struct StripBuffers {
    round: Vec<Fragment>,
}

/// One strip's share of the arrangement: its used pixels in order, its kept pieces with
/// indices into them, and its window's counts.
struct StripPart {
    vertices: Vec<GridPoint>,
    segments: Vec<Segment>,
    stats: ArrangeStats,
}

/// Strip k's vertices and pieces, or None when its window's first repair round would
/// change something (checked with [`FirstRound::Verified`] only).
fn strip_part(
    fragments: &[Fragment],
    strips: &Strips,
    k: usize,
    first_round: FirstRound,
    buffers: &mut StripBuffers,
) -> Option<StripPart> {
    // A slice of the input, not a copy: on two threads the copies took the cave-1024
    // pipeline 10–25 ms and 50–80 MB of its peak, where the fragments left of the zone
    // that the slice keeps are 3 % of a window (docs/performance.md, twenty-fifth session).
    let window = strips.window(fragments, k);
    let mut stats = ArrangeStats {
        window_fragments: window.len(),
        ..ArrangeStats::default()
    };
    let (mut hot, mut pieces) = match first_round {
        FirstRound::Verified => first_round_unchanged(window, &mut buffers.round, &mut stats)?,
        FirstRound::Deferred => {
            repair::initial_reroute(window, SearchMode::Auto, &mut stats).ok()?
        }
    };
    let kept = |p: &Piece| first_round == FirstRound::Deferred || p.net != [0, 0];
    // The strip's own pixels and pieces: x in [X, X').
    let (x, x_next) = strips.span(k);
    let own_pixels = hot.partition_point(|p| p.x < x)..hot.partition_point(|p| p.x < x_next);
    stats.hot_pixels = own_pixels.len();
    let own_pieces = pieces.partition_point(|p| p.a_index() < own_pixels.start)
        ..pieces.partition_point(|p| p.a_index() < own_pixels.end);
    stats.final_fragments = own_pieces.len();
    // [A5]: vertices are the pixels used by a piece with a non-zero net (by any piece
    // when deferred); a window pixel's index within the strip is its rank among the used
    // pixels from X on (exact up to X' + L, beyond every kept piece's larger end); the
    // join adds the earlier strips'.
    // When deferred, every window pixel is used ([`every_pixel_used`]), so a pixel's rank
    // is its index: no marks, no ranks (on two threads they were about 6 % of a cave-1024
    // shrink's instructions).
    let used = (first_round == FirstRound::Verified).then(|| {
        UsedPoints::mark(
            hot.len(),
            pieces
                .iter()
                .filter(|p| kept(p))
                .flat_map(|p| [p.a_index(), p.b_index()]),
        )
    });
    debug_assert!(used.is_some() || every_pixel_used(hot.len(), &pieces));
    let rank = |k: usize| used.as_ref().map_or(k, |used| used.rank(k));
    let base = rank(own_pixels.start);
    let local = |k: usize| rank(k) - base;
    // The part is written over the window's own buffers: fresh pages were most of a
    // strip's cost beyond its work on two threads.
    keep_in_place(&mut pieces, own_pieces, |_, p| {
        kept(&p).then(|| Segment {
            a: local(p.a_index()) as u32,
            b: local(p.b_index()) as u32,
            net: p.net,
        })
    });
    keep_in_place(&mut hot, own_pixels, |k, p| {
        used.as_ref()
            .is_none_or(|used| used.contains(k))
            .then_some(p)
    });
    let (vertices, segments) = (hot, pieces);
    Some(StripPart {
        vertices,
        segments,
        stats,
    })
}

/// The initial reroute of `fragments` ([A3]) and a check that X9's first round changes
/// nothing (by the noded sweep or by running the round); None if it would change something.
fn first_round_unchanged(
    fragments: &[Fragment],
    round_buffer: &mut Vec<Fragment>,
    stats: &mut ArrangeStats,
) -> Option<(Vec<GridPoint>, Vec<Piece>)> {
    // An error (beyond 32 bits) is the whole input's to report.
    let (hot, pieces) = repair::initial_reroute(fragments, SearchMode::Auto, stats).ok()?;
    if sweep_verifies_cheaper(hot.len(), pieces.len()) {
        stats.verified_by_sweep = true;
        return noded::pieces_are_noded(&hot, &pieces).then_some((hot, pieces));
    }
    let mut round = std::mem::take(round_buffer);
    pieces_as_fragments(&hot, &pieces, &mut round);
    // One round allowed: an error means the round changed something.
    let settled = repair::repair_loop(round, SearchMode::Auto, 1, stats).ok()?;
    *round_buffer = settled;
    Some((hot, pieces))
}

/// Adds a window's counts to the totals.
fn add_counts(totals: &mut ArrangeStats, local: &ArrangeStats) {
    totals.window_fragments += local.window_fragments;
    totals.hot_pixels += local.hot_pixels;
    totals.final_fragments += local.final_fragments;
    totals.crossing_candidates += local.crossing_candidates;
    totals.pixel_candidates += local.pixel_candidates;
    totals.grid_searches += local.grid_searches;
    totals.sweep_searches += local.sweep_searches;
    totals.tree_searches += local.tree_searches;
    totals.brute_force_searches += local.brute_force_searches;
    totals.line_searches += local.line_searches;
    totals.verified_by_sweep &= local.verified_by_sweep;
}

/// Strip k holds the fragments `starts[k]..starts[k + 1]` (sorted by a.x) and owns the x
/// range [X_k, X_{k+1}) with X_k = the first fragment's a.x (−∞ and +∞ at the ends).
struct Strips {
    starts: Vec<usize>,
    xs: Vec<i64>,
    /// L: the largest x extent of a fragment.
    reach: i64,
}

impl Strips {
    /// Cuts into ⌈n / size⌉ strips of about equal counts, between different a.x; None
    /// when there would be fewer than two strips or, unless `any_overlap`, the windows
    /// would overlap too much.
    fn plan(fragments: &[Fragment], size: usize, any_overlap: bool) -> Option<Strips> {
        let n = fragments.len();
        if n <= size {
            return None;
        }
        let reach = fragments.iter().map(|f| f.b.x - f.a.x).max()?;
        let parts = n.div_ceil(size);
        let mut starts = vec![0];
        let mut xs = vec![i64::MIN];
        for k in 1..parts {
            let share = (n as u128 * k as u128 / parts as u128) as usize;
            let target = share.max(starts[starts.len() - 1] + 1);
            if target >= n {
                break;
            }
            // The first fragment at or after the target with a new a.x.
            let x = fragments[target - 1].a.x;
            let cut = target + fragments[target..].partition_point(|f| f.a.x == x);
            if cut >= n {
                break;
            }
            starts.push(cut);
            xs.push(fragments[cut].a.x);
        }
        if starts.len() < 2 {
            return None;
        }
        starts.push(n);
        xs.push(i64::MAX);
        let strips = Strips { starts, xs, reach };
        if any_overlap {
            return Some(strips);
        }
        let windows: usize = (0..strips.count())
            .map(|k| strips.window(fragments, k).len())
            .sum();
        let (num, den) = MAX_WINDOW_OVERLAP;
        (windows * den <= n * num).then_some(strips)
    }

    fn count(&self) -> usize {
        self.starts.len() - 1
    }

    /// [X_k, X_{k+1}).
    fn span(&self, k: usize) -> (i64, i64) {
        (self.xs[k], self.xs[k + 1])
    }

    /// The window of strip k: the run of fragments (sorted by a.x) from the first whose
    /// x range can reach the zone [X_k − L − 1, X_{k+1} + 2L + 1] (a.x ≥ its start − L)
    /// to the last starting in it. |coordinates| ≤ 2^39 and L ≤ 2^40, so nothing
    /// overflows; the ends are unbounded.
    fn window<'f>(&self, fragments: &'f [Fragment], k: usize) -> &'f [Fragment] {
        let (x, x_next) = self.span(k);
        let lo = if k == 0 {
            0
        } else {
            let zone_lo = x - self.reach - 1;
            fragments.partition_point(|f| f.a.x < zone_lo - self.reach)
        };
        let hi = if k + 1 == self.count() {
            fragments.len()
        } else {
            let zone_hi = x_next + 2 * self.reach + 1;
            fragments.partition_point(|f| f.a.x <= zone_hi)
        };
        &fragments[lo..hi]
    }
}

#[cfg(test)]
mod tests {
    use super::{add_counts, ArrangeStats};

    /// The totals are the windows' sums, and the round counts as proved by the sweep only
    /// when it was in every window (the window fields are read off a live run in
    /// `strip_counts_sum_the_windows`; this checks every counter).
    #[test]
    fn counts_add_up_over_the_windows() {
        let window = |k: usize, by_sweep: bool| ArrangeStats {
            window_fragments: k,
            hot_pixels: 2 * k,
            final_fragments: 3 * k,
            crossing_candidates: 4 * k as u64,
            pixel_candidates: 5 * k as u64,
            grid_searches: 6 * k,
            sweep_searches: 7 * k,
            tree_searches: 8 * k,
            brute_force_searches: 9 * k,
            line_searches: 10 * k,
            verified_by_sweep: by_sweep,
            ..ArrangeStats::default()
        };
        for (sweeps, all) in [([true, true, true], true), ([true, false, true], false)] {
            let mut totals = ArrangeStats {
                verified_by_sweep: true,
                ..ArrangeStats::default()
            };
            for (k, by_sweep) in [1, 10, 100].into_iter().zip(sweeps) {
                add_counts(&mut totals, &window(k, by_sweep));
            }
            assert_eq!(totals, window(111, all));
        }
    }
}
