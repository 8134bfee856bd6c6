//! Rerouting ([A3], X7) and the repair loop ([A4], X9) on canonical fragments.

use crate::error::{Error, Result};
use crate::grid::GridPoint;
use crate::predicates::{pair_contact, properly_cross, rounded_crossing, segment_meets_pixel};

use super::search::{Index, Path, SearchMode};
use super::{ArrangeStats, MAX_ARRANGEMENT_COORDINATE};

/// Rounds after which a repair loop that still changes something is a defect ([A4], X9).
pub const MAX_REPAIR_ROUNDS: usize = 256;

/// A piece of an edge between two grid points, canonical: `a < b` in (x, y) order and
/// `net` counts (per operand) the pieces running a→b minus those running b→a.
/// A zero net is legal while the loop runs (a cancelled piece still forces hot pixels).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fragment {
    /// The smaller endpoint.
    pub a: GridPoint,
    /// The larger endpoint.
    pub b: GridPoint,
    /// Net counts per operand in direction a→b.
    pub net: [i64; 2],
}

impl Fragment {
    /// A fragment from a to b; `a < b` is the caller's promise.
    pub fn new(a: GridPoint, b: GridPoint, net: [i64; 2]) -> Fragment {
        Fragment { a, b, net }
    }
}

/// Sorts by (a, b) and merges identical fragments, adding their nets (zero nets kept).
pub(super) fn merge(fragments: &mut Vec<Fragment>) {
    fragments.sort_unstable_by_key(|f| (f.a, f.b));
    fragments.dedup_by(|later, kept| {
        if (later.a, later.b) == (kept.a, kept.b) {
            kept.net[0] += later.net[0];
            kept.net[1] += later.net[1];
            true
        } else {
            false
        }
    });
}

fn count_search(stats: &mut ArrangeStats, path: Path) {
    match path {
        Path::Grid => stats.grid_searches += 1,
        Path::Sweep => stats.sweep_searches += 1,
        Path::BruteForce => stats.brute_force_searches += 1,
    }
}

/// Appends the rounded crossing of every properly crossing pair ([A2], X8).
fn crossings(
    fragments: &[Fragment],
    index: &Index,
    stats: &mut ArrangeStats,
    out: &mut Vec<GridPoint>,
) {
    count_search(stats, index.path());
    let mut candidates = 0u64;
    index.for_each_pair(fragments, |i, j| {
        candidates += 1;
        let (f, g) = (&fragments[i], &fragments[j]);
        if properly_cross(f.a, f.b, g.a, g.b) {
            out.push(rounded_crossing(f.a, f.b, g.a, g.b));
        }
    });
    stats.crossing_candidates += candidates;
}

/// The distinct points of two sorted sequences, sorted.
fn union_sorted(
    left: impl Iterator<Item = GridPoint>,
    right: impl Iterator<Item = GridPoint>,
) -> Vec<GridPoint> {
    let mut out: Vec<GridPoint> = Vec::with_capacity(left.size_hint().0 + right.size_hint().0);
    let (mut left, mut right) = (left.peekable(), right.peekable());
    loop {
        let next = match (left.peek(), right.peek()) {
            (Some(&l), Some(&r)) if l <= r => left.next(),
            (Some(_), Some(_)) => right.next(),
            (Some(_), None) => left.next(),
            (None, Some(_)) => right.next(),
            (None, None) => break,
        };
        if let Some(p) = next {
            if out.last() != Some(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// Sorted distinct endpoints of fragments sorted by (a, b): the smaller endpoints are in
/// order already, so only the larger ones are sorted before the two are merged.
fn endpoints(fragments: &[Fragment]) -> Vec<GridPoint> {
    debug_assert!(fragments.windows(2).all(|w| w[0].a <= w[1].a));
    let mut larger: Vec<GridPoint> = fragments.iter().map(|f| f.b).collect();
    larger.sort_unstable();
    union_sorted(fragments.iter().map(|f| f.a), larger.into_iter())
}

/// Writes every fragment to `out`, each one replaced by the polyline through its
/// endpoints and the `points` for which `select(a, b, p)` holds, in the X7 order:
/// projection (p − a)·(b − a), ties by (x, y). Returns whether any fragment was replaced.
fn reroute_through(
    fragments: &[Fragment],
    points: &[GridPoint],
    index: &mut Index,
    select: impl Fn(GridPoint, GridPoint, GridPoint) -> bool,
    stats: &mut ArrangeStats,
    out: &mut Vec<Fragment>,
) -> bool {
    index.attach_points(points);
    count_search(stats, index.point_path());
    let mut changed = false;
    let mut chain: Vec<(i128, GridPoint)> = Vec::new();
    let mut candidates = 0u64;
    for (i, f) in fragments.iter().enumerate() {
        chain.clear();
        let (a, b) = (f.a, f.b);
        let (dx, dy) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
        index.for_each_point_near(fragments, points, i, |_, p| {
            candidates += 1;
            if select(a, b, p) {
                let projection = i128::from(p.x - a.x) * dx + i128::from(p.y - a.y) * dy;
                chain.push((projection, p));
            }
        });
        if chain.is_empty() {
            out.push(*f);
            continue;
        }
        changed = true;
        chain.sort_unstable();
        let mut from = a;
        for &(_, p) in chain.iter().chain(std::iter::once(&(0, b))) {
            out.push(oriented(from, p, f.net));
            from = p;
        }
    }
    stats.pixel_candidates += candidates;
    changed
}

/// The canonical fragment of a piece running from → to that carries `net` forwards.
/// (Chains of a fragment can run backwards in (x, y) order between pixels.)
fn oriented(from: GridPoint, to: GridPoint, net: [i64; 2]) -> Fragment {
    if from < to {
        Fragment::new(from, to, net)
    } else {
        Fragment::new(to, from, [-net[0], -net[1]])
    }
}

/// Pixel met, not an endpoint of the fragment ([A3], X7, X9 step 2).
fn meets_other_pixel(a: GridPoint, b: GridPoint, p: GridPoint) -> bool {
    p != a && p != b && segment_meets_pixel(a, b, p)
}

/// Hot pixels ([A2]) and the initial reroute ([A3]; not a round, X9).
pub(super) fn initial_reroute(
    fragments: Vec<Fragment>,
    mode: SearchMode,
    stats: &mut ArrangeStats,
) -> Vec<Fragment> {
    let mut index = Index::new(&fragments, mode);
    let mut crossing_pixels = Vec::new();
    crossings(&fragments, &index, stats, &mut crossing_pixels);
    crossing_pixels.sort_unstable();
    let hot = union_sorted(
        endpoints(&fragments).into_iter(),
        crossing_pixels.into_iter(),
    );
    stats.hot_pixels = hot.len();
    let mut out = Vec::with_capacity(fragments.len() + fragments.len() / 2);
    reroute_through(
        &fragments,
        &hot,
        &mut index,
        meets_other_pixel,
        stats,
        &mut out,
    );
    merge(&mut out);
    out
}

/// A point found in the open interior of a fragment: (fragment, position along it, point).
type Split = (usize, i128, GridPoint);

/// X9 steps (1) and (3) in one pass over the candidate pairs: appends the rounded crossing
/// of every properly crossing pair to `crossing_pixels`, and every fragment endpoint lying
/// in the open interior of another fragment to `splits`. An endpoint on a fragment shares
/// a point with it, so the pair is a candidate ([C1]).
fn contacts(
    fragments: &[Fragment],
    index: &Index,
    stats: &mut ArrangeStats,
    crossing_pixels: &mut Vec<GridPoint>,
    splits: &mut Vec<Split>,
) {
    count_search(stats, index.path());
    let mut candidates = 0u64;
    let along = |f: &Fragment, p: GridPoint| {
        i128::from(p.x - f.a.x) * i128::from(f.b.x - f.a.x)
            + i128::from(p.y - f.a.y) * i128::from(f.b.y - f.a.y)
    };
    index.for_each_pair(fragments, |i, j| {
        candidates += 1;
        let (f, g) = (&fragments[i], &fragments[j]);
        let contact = pair_contact(f.a, f.b, g.a, g.b);
        if contact.proper_crossing {
            crossing_pixels.push(rounded_crossing(f.a, f.b, g.a, g.b));
        }
        for (inside, k, host, p) in [
            (contact.c_inside_ab, i, f, g.a),
            (contact.d_inside_ab, i, f, g.b),
            (contact.a_inside_cd, j, g, f.a),
            (contact.b_inside_cd, j, g, f.b),
        ] {
            if inside {
                splits.push((k, along(host, p), p));
            }
        }
    });
    stats.crossing_candidates += candidates;
}

/// X9 step (3): every fragment with splits replaced by the pieces between them, in order
/// along it (the position is (p − a)·(b − a)). Not merged.
fn split_fragments(fragments: &[Fragment], mut splits: Vec<Split>) -> Vec<Fragment> {
    splits.sort_unstable();
    splits.dedup();
    let mut out = Vec::with_capacity(fragments.len() + splits.len());
    let mut next = splits.iter().peekable();
    for (i, f) in fragments.iter().enumerate() {
        let mut from = f.a;
        while let Some(&&(_, _, p)) = next.peek().filter(|s| s.0 == i) {
            out.push(oriented(from, p, f.net));
            from = p;
            next.next();
        }
        out.push(oriented(from, f.b, f.net));
    }
    out
}

/// The repair loop of X9 on merged canonical fragments; at most `max_rounds` rounds.
pub(super) fn repair_loop(
    mut fragments: Vec<Fragment>,
    mode: SearchMode,
    max_rounds: usize,
    stats: &mut ArrangeStats,
) -> Result<Vec<Fragment>> {
    for round in 1..=max_rounds {
        stats.repair_rounds = round;
        let mut changed = false;
        let index = Index::new(&fragments, mode);
        // (1) P = rounded crossings of properly crossing pairs; (3)'s splits of the same
        // fragments, valid if (2) changes nothing.
        let mut crossing_pixels = Vec::new();
        let mut splits = Vec::new();
        contacts(&fragments, &index, stats, &mut crossing_pixels, &mut splits);
        crossing_pixels.sort_unstable();
        crossing_pixels.dedup();
        // (2) reroute fragments meeting a pixel of P that is not one of their endpoints.
        if !crossing_pixels.is_empty() {
            let mut index = index;
            let mut out = Vec::with_capacity(fragments.len() + 2 * crossing_pixels.len());
            if reroute_through(
                &fragments,
                &crossing_pixels,
                &mut index,
                meets_other_pixel,
                stats,
                &mut out,
            ) {
                changed = true;
                merge(&mut out);
                fragments = out;
                // (3) on the rerouted fragments; their crossings wait for the next round.
                let index = Index::new(&fragments, mode);
                splits.clear();
                contacts(&fragments, &index, stats, &mut Vec::new(), &mut splits);
            }
        }
        // (3) split fragments whose open interior holds a fragment endpoint.
        if !splits.is_empty() {
            changed = true;
            let mut out = split_fragments(&fragments, splits);
            merge(&mut out);
            fragments = out;
        }
        if !changed {
            return Ok(fragments);
        }
    }
    Err(Error::GeometryDefect {
        reason: format!("snap-rounding repair loop still changing after {max_rounds} rounds"),
    })
}

/// Runs the repair loop of X9 directly on hand-made fragments (tests of its code paths).
/// Fragments are canonicalised first (zero-length ones dropped, reversed ones flipped with
/// negated nets, identical ones merged); the initial reroute is NOT run.
#[doc(hidden)]
pub fn repair_fragments(
    fragments: &[Fragment],
    mode: SearchMode,
    max_rounds: usize,
) -> Result<(Vec<Fragment>, ArrangeStats)> {
    let bound = MAX_ARRANGEMENT_COORDINATE as u64;
    let mut canonical = Vec::with_capacity(fragments.len());
    for f in fragments {
        if [f.a.x, f.a.y, f.b.x, f.b.y]
            .iter()
            .any(|c| c.unsigned_abs() > bound)
        {
            return Err(Error::invalid("fragments", "coordinate beyond ±2^39"));
        }
        if f.a != f.b {
            canonical.push(oriented(f.a, f.b, f.net));
        }
    }
    merge(&mut canonical);
    let mut stats = ArrangeStats {
        input_fragments: canonical.len(),
        ..ArrangeStats::default()
    };
    let settled = repair_loop(canonical, mode, max_rounds, &mut stats)?;
    stats.final_fragments = settled.len();
    Ok((settled, stats))
}
