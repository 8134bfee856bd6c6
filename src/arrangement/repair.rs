//! Rerouting ([A3], X7) and the repair loop ([A4], X9) on canonical fragments.

use crate::error::{Error, Result};
use crate::grid::GridPoint;
use crate::predicates::{pair_contact, properly_cross, rounded_crossing, segment_meets_pixel};
use crate::workspace;

use super::line_pieces;
use super::point_sort::{sort_points, sorted_by_point, Bounds};
use super::rows::RowOrder;
use super::search::{Index, Path, SearchMode};
use super::{
    add_nets, nets_too_large, sampled_share, too_many_vertices, ArrangeStats, Nets, Segment,
    MAX_ARRANGEMENT_VERTICES,
};

/// Rounds after which a repair loop that still changes something is a defect ([A4], X9).
pub const MAX_REPAIR_ROUNDS: usize = 256;

/// A piece of an edge between two grid points, canonical: `a < b` in (x, y) order and
/// `net` counts (per operand) the pieces running a→b minus those running b→a.
/// A zero net is legal while the loop runs (a cancelled piece still forces hot pixels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fragment {
    /// The smaller endpoint.
    pub a: GridPoint,
    /// The larger endpoint.
    pub b: GridPoint,
    /// Net counts per operand in direction a→b.
    pub net: Nets,
}

impl Fragment {
    /// A fragment from a to b; `a < b` is the caller's promise.
    pub fn new(a: GridPoint, b: GridPoint, net: Nets) -> Fragment {
        Fragment { a, b, net }
    }
}

/// Sorts by (a, b) and merges identical fragments, adding their nets (zero nets kept).
pub(super) fn merge(fragments: &mut Vec<Fragment>) -> Result<()> {
    merge_by_key(fragments, |f| (f.a, f.b), |f| &mut f.net)
}

/// Merges identical neighbours of fragments already sorted by (a, b) in place (adding
/// their nets, zero nets kept) and returns how many of the first ones hold the result;
/// an error when a sum leaves 32 bits ([`Nets`]).
pub(super) fn merged_in_place(fragments: &mut [Fragment]) -> Result<usize> {
    equal_neighbours_added(fragments, |f| (f.a, f.b), |f| &mut f.net)
}

/// Sorts by `key` and merges items with equal keys, adding their nets (zero nets kept).
fn merge_by_key<T: Copy, K: Ord>(
    items: &mut Vec<T>,
    key: impl Fn(&T) -> K,
    net: impl Fn(&mut T) -> &mut Nets,
) -> Result<()> {
    items.sort_unstable_by_key(&key);
    let kept = equal_neighbours_added(items, key, net)?;
    items.truncate(kept);
    Ok(())
}

/// Merges neighbours with equal keys in place, adding their nets (zero nets kept): the
/// merged items are the first ones, and their count is returned; an error when a sum
/// leaves 32 bits ([`Nets`]).
fn equal_neighbours_added<T: Copy, K: Ord>(
    items: &mut [T],
    key: impl Fn(&T) -> K,
    net: impl Fn(&mut T) -> &mut Nets,
) -> Result<usize> {
    let mut kept = 0;
    for k in 0..items.len() {
        keep_or_add(items, &mut kept, k, &key, &net)?;
    }
    Ok(kept)
}

/// [A5] for `items[k]` (k ≥ `*kept`, items in key order): added to the last of the
/// merged prefix `items[..*kept]` when their keys are equal, else moved right after it
/// (so the prefix never overtakes what is still to be read). An error when a sum leaves
/// 32 bits ([`Nets`]).
#[inline]
fn keep_or_add<T: Copy, K: Ord>(
    items: &mut [T],
    kept: &mut usize,
    k: usize,
    key: impl Fn(&T) -> K,
    net: impl Fn(&mut T) -> &mut Nets,
) -> Result<()> {
    let mut item = items[k];
    if let Some(last) = kept.checked_sub(1).map(|l| &mut items[l]) {
        if key(last) == key(&item) {
            let sum = net(last);
            *sum = add_nets(*sum, *net(&mut item)).ok_or_else(nets_too_large)?;
            return Ok(());
        }
    }
    items[*kept] = item;
    *kept += 1;
    Ok(())
}

fn count_search(stats: &mut ArrangeStats, path: Path) {
    match path {
        Path::Grid => stats.grid_searches += 1,
        Path::Sweep => stats.sweep_searches += 1,
        Path::Tree => stats.tree_searches += 1,
        Path::BruteForce => stats.brute_force_searches += 1,
    }
}

/// Appends the rounded crossing of every properly crossing pair ([A2], X8), leaving out
/// most repeats of a point appended already ([`RecentPoints`]): every caller sorts the
/// crossings and keeps each point once. Where many segments cross at a few points (the
/// needles of issue 15: Θ(n²) pairs, half of them repeats) that halves the buffer.
pub(super) fn crossings(
    fragments: &[Fragment],
    index: &Index,
    stats: &mut ArrangeStats,
    out: &mut Vec<GridPoint>,
) {
    count_search(stats, index.path());
    let mut candidates = 0u64;
    let mut recent = RecentPoints::default();
    index.for_each_crossing_candidate(fragments, |i, j| {
        candidates += 1;
        let (f, g) = (&fragments[i], &fragments[j]);
        if properly_cross(f.a, f.b, g.a, g.b) {
            let p = rounded_crossing(f.a, f.b, g.a, g.b);
            if recent.first_time(p) {
                out.push(p);
            }
        }
    });
    stats.crossing_candidates += candidates;
}

/// The last point seen in each of 64 slots, the slot chosen by a hash of the point: a
/// filter that catches most repeats among points that come back soon, in constant
/// memory.
struct RecentPoints([GridPoint; 64]);

impl Default for RecentPoints {
    fn default() -> Self {
        // No arrangement point: every one lies within ±2^39 ([G4]).
        RecentPoints([GridPoint::new(i64::MAX, i64::MAX); 64])
    }
}

impl RecentPoints {
    /// False only when `p` is the last point seen in its slot, so only for a point seen
    /// before; then remembers `p`.
    fn first_time(&mut self, p: GridPoint) -> bool {
        let hash = (p.x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (p.y as u64).wrapping_mul(0x2545_F491_4F6C_DD1D);
        let slot = &mut self.0[(hash >> 58) as usize];
        let first = *slot != p;
        *slot = p;
        first
    }
}

/// The hot pixels of [A2] (fragment endpoints and rounded crossings, sorted, distinct)
/// and the hot-pixel index of each fragment's endpoints. The fragments are sorted by
/// (a, b), so their smaller endpoints come in order; the larger ones and the crossings are
/// sorted, then the three sequences are merged. An error beyond
/// [`MAX_ARRANGEMENT_VERTICES`] pixels (their indices are u32).
fn hot_pixels(
    fragments: &[Fragment],
    mut crossing_pixels: Vec<GridPoint>,
) -> Result<(Vec<GridPoint>, Vec<[u32; 2]>)> {
    debug_assert!(fragments.windows(2).all(|w| w[0].a <= w[1].a));
    if fragments.len() > MAX_ARRANGEMENT_VERTICES {
        // Fragment indices are u32 below, as in the search (170 GB of fragments).
        return Err(Error::invalid(
            "edges",
            format!("more than {MAX_ARRANGEMENT_VERTICES} distinct edges (32-bit indices)"),
        ));
    }
    sort_points(&mut crossing_pixels);
    // Equal larger ends take one index whatever their order: sorted by the point alone.
    // The fragments' indices are sorted, not (point, index) pairs: a sixth of the bytes
    // moved, and the points are read where the fragments lie, close by in sorted order.
    let larger: Vec<u32> = sorted_by_point(
        fragments.len(),
        Bounds::of(fragments.iter().map(|f| f.b)),
        0..fragments.len() as u32, // fewer than 2^32: below MAX_ARRANGEMENT_VERTICES
        (|&i: &u32| fragments[i as usize].b, |_: &_| ()),
        false, // the caller may be one strip of several
    );
    // At most every endpoint and crossing; the unused tail of a large buffer is never touched.
    let mut hot: Vec<GridPoint> = workspace::take(2 * fragments.len() + crossing_pixels.len());
    let mut ends = vec![[0u32; 2]; fragments.len()];
    // Each hot pixel is the least of the three heads; every head equal to it takes its
    // index. A sequence that has run out shows `PAST_ALL`, beyond every arrangement point
    // (coordinates within ±2^39, [G4]).
    const PAST_ALL: GridPoint = GridPoint {
        x: i64::MAX,
        y: i64::MAX,
    };
    let smaller_end = |i: usize| fragments.get(i).map_or(PAST_ALL, |f| f.a);
    let larger_end = |j: usize| larger.get(j).map_or(PAST_ALL, |&i| fragments[i as usize].b);
    let crossing = |k: usize| crossing_pixels.get(k).copied().unwrap_or(PAST_ALL);
    let (mut i, mut j, mut k) = (0, 0, 0);
    let (mut next_a, mut next_b, mut next_c) = (smaller_end(0), larger_end(0), crossing(0));
    loop {
        let p = next_a.min(next_b).min(next_c);
        if p == PAST_ALL {
            break;
        }
        if hot.len() == MAX_ARRANGEMENT_VERTICES {
            return Err(too_many_vertices());
        }
        let v = hot.len() as u32; // below the bound just checked
        hot.push(p);
        while next_a == p {
            ends[i][0] = v;
            i += 1;
            next_a = smaller_end(i);
        }
        while next_b == p {
            ends[larger[j] as usize][1] = v;
            j += 1;
            next_b = larger_end(j);
        }
        while next_c == p {
            k += 1;
            next_c = crossing(k);
        }
    }
    workspace::give(crossing_pixels);
    Ok((hot, ends))
}

/// For every fragment i of `chained` (increasing indices), the points (indices into the
/// sorted `points`) for which `select(a, b, p)` holds, in the X7 order: projection
/// (p − a)·(b − a), ties by (x, y) (= index order). Calls `emit(i, chain)` for each of
/// them, also with an empty chain.
///
/// `known(i)`, when it is `Some`, gives fragment i's chain without a search, already in
/// the X7 order ([`KnownChain`]).
#[allow(clippy::too_many_arguments)] // the chain search's inputs, each one thing
fn for_each_chain<'k>(
    fragments: &[Fragment],
    chained: impl Iterator<Item = usize>,
    points: &[GridPoint],
    index: &mut Index,
    select: impl Fn(GridPoint, GridPoint, GridPoint) -> bool,
    known: impl Fn(usize) -> Option<KnownChain<'k>>,
    stats: &mut ArrangeStats,
    mut emit: impl FnMut(usize, &[usize]),
) {
    index.attach_points(points);
    let first_path = index.point_path();
    count_search(stats, first_path);
    // A searched chain as keys projection · 2^32 + index, sorted: the X7 order, since
    // indices are below 2^32 and the projections of points within 2^39 (and one unit)
    // below 2^84, so the keys stay below 2^116; then the pixels alone, as emitted.
    let mut found: Vec<i128> = Vec::new();
    let mut chain: Vec<usize> = Vec::new();
    let mut candidates = 0u64;
    for i in chained {
        let f = &fragments[i];
        chain.clear();
        if let Some(known) = known(i) {
            match known {
                KnownChain::Column(range) => chain.extend(range),
                KnownChain::Row(pixels) => chain.extend(pixels.iter().map(|&k| k as usize)),
            }
            emit(i, &chain);
            continue;
        }
        let (a, b) = (f.a, f.b);
        let (dx, dy) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
        let projection = |p: GridPoint| i128::from(p.x - a.x) * dx + i128::from(p.y - a.y) * dy;
        found.clear();
        index.for_each_point_near(fragments, points, i, |k, p| {
            candidates += 1;
            if select(a, b, p) {
                found.push(projection(p) * (1 << 32) + k as i128);
            }
        });
        found.sort_unstable();
        chain.extend(found.iter().map(|&key| (key & 0xFFFF_FFFF) as usize));
        emit(i, &chain);
    }
    // The band search may have handed over to the tree part way (Auto only).
    if index.point_path() != first_path {
        count_search(stats, index.point_path());
    }
    stats.pixel_candidates += candidates;
}

/// Writes every fragment to `out`, each one replaced by the polyline through its
/// endpoints and the `points` for which `select(a, b, p)` holds, in the X7 order
/// ([`for_each_chain`]). Returns whether any fragment was replaced.
fn reroute_through(
    fragments: &[Fragment],
    points: &[GridPoint],
    index: &mut Index,
    select: impl Fn(GridPoint, GridPoint, GridPoint) -> bool,
    stats: &mut ArrangeStats,
    out: &mut Vec<Fragment>,
) -> bool {
    let mut changed = false;
    for_each_chain(
        fragments,
        0..fragments.len(),
        points,
        index,
        select,
        |_| None,
        stats,
        |i, chain| {
            let f = &fragments[i];
            changed |= !chain.is_empty();
            let mut from = f.a;
            for p in chain.iter().map(|&k| points[k]).chain([f.b]) {
                out.push(oriented(from, p, f.net));
                from = p;
            }
        },
    );
    changed
}

/// The canonical fragment of a piece running from → to that carries `net` forwards.
/// (Chains of a fragment can run backwards in (x, y) order between pixels.)
pub(super) fn oriented(from: GridPoint, to: GridPoint, net: Nets) -> Fragment {
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

/// The [`meets_other_pixel`] chain of a fragment found without a search, as hot-pixel
/// indices in the X7 order.
#[derive(Debug, Clone, PartialEq)]
enum KnownChain<'a> {
    /// A run of the hot pixels (a vertical fragment's).
    Column(std::ops::Range<usize>),
    /// Hot pixels listed in row order (a horizontal fragment's, [`RowOrder::between`]).
    Row(&'a [u32]),
}

/// The [`meets_other_pixel`] chain of a vertical fragment (half the axis-parallel edges of
/// a tile map's shrink), given the indices `ends` of its endpoints among the sorted hot
/// pixels; None for other fragments. Why no search is needed: the closed segment x = X,
/// y ∈ [y0, y1] meets the pixel [c − 1/2, c + 1/2)² of an integer point c exactly when
/// c.x = X and y0 ≤ c.y ≤ y1, and in (x, y) order those points, its ends excepted, are the
/// ones strictly between its two ends, already in the X7 order (along the fragment).
fn vertical_chain(fragment: &Fragment, ends: [u32; 2]) -> Option<KnownChain<'static>> {
    (fragment.a.x == fragment.b.x)
        .then(|| KnownChain::Column(ends[0] as usize + 1..ends[1] as usize))
}

/// The chain of an axis-parallel fragment: [`vertical_chain`], or for a horizontal one
/// the hot pixels between its ends in `rows` (the other half; rows.rs says why that is
/// its chain). None for other fragments, which are searched.
fn axis_parallel_chain<'a>(
    fragment: &Fragment,
    ends: [u32; 2],
    rows: Option<&'a RowOrder>,
) -> Option<KnownChain<'a>> {
    vertical_chain(fragment, ends).or_else(|| {
        let rows = rows.filter(|_| fragment.a.y == fragment.b.y)?;
        rows.between(ends[0], ends[1]).map(KnownChain::Row)
    })
}

/// Whether at least an eighth of the fragments are horizontal, judged on a sample
/// ([`sampled_share`]): then the initial reroute builds the row order, whose radix
/// sort costs about what the point search spends on that many, and reads the horizontal
/// fragments' chains from it or counts their pieces along the rows. (A choice of speed
/// only: the pieces are the same either way.)
fn many_horizontal(fragments: &[Fragment]) -> bool {
    let (horizontal, seen) = sampled_share(fragments, |f| f.a.y == f.b.y);
    8 * horizontal >= seen
}

/// A fragment after the initial reroute: a [`Segment`] whose endpoints index the sorted
/// hot pixels (`a < b` as indices, hence as points), `net` counted a→b. The same type as
/// the output segments, so the assembly ([A5]) can rewrite the pieces in place.
pub(super) type Piece = Segment;

/// Hot pixels ([A2]) and the initial reroute ([A3]; not a round, X9). Returns the hot
/// pixels and the merged pieces, sorted by (a, b); an error beyond 32 bits ([`Nets`]).
pub(super) fn initial_reroute(
    fragments: &[Fragment],
    mode: SearchMode,
    stats: &mut ArrangeStats,
) -> Result<(Vec<GridPoint>, Vec<Piece>)> {
    let mut index = Index::new(fragments, mode);
    let mut crossing_pixels = workspace::take(0);
    if mode != SearchMode::Auto
        || !super::lines::crossings_by_lines(fragments, stats, &mut crossing_pixels)
    {
        crossings(fragments, &index, stats, &mut crossing_pixels);
    }
    let (hot, ends) = hot_pixels(fragments, crossing_pixels)?;
    stats.hot_pixels = hot.len();
    let rows = many_horizontal(fragments).then(|| RowOrder::new(&hot));
    // Auto counts the pieces of axis-parallel fragments on their lines (line_pieces.rs);
    // the forced modes cut every fragment's chain, so that the two check each other.
    let by_lines = mode == SearchMode::Auto && line_pieces::fits_32_bits(fragments);
    let on_a_line = |f: &Fragment| by_lines && line_pieces::on_a_line(f, rows.is_some());
    // The chains' interior pixels, fragment after fragment (`chains.ends[j]` ends the
    // chain of fragment `chains.fragments[j]`): a tenth of the pieces' bytes, so the
    // pieces are written once, already sorted. Pixel indices are u32 (below
    // [`MAX_ARRANGEMENT_VERTICES`], which `hot_pixels` checks).
    let mut chains = Chains::default();
    chains.interior.reserve(hot.len());
    for_each_chain(
        fragments,
        (0..fragments.len()).filter(|&i| !on_a_line(&fragments[i])),
        &hot,
        &mut index,
        meets_other_pixel,
        |i| axis_parallel_chain(&fragments[i], ends[i], rows.as_ref()),
        stats,
        |i, chain| {
            chains.fragments.push(i as u32); // fewer than 2^32 (`hot_pixels` checks)
            chains.interior.extend(chain.iter().map(|&k| k as u32));
            chains.ends.push(chains.interior.len());
        },
    );
    // Freed before the pieces are written: the heap reuses their memory (fresh pages are
    // much of the pieces' cost) and the peak stays lower.
    drop(index);
    let chained = chains.fragments.len();
    let all_chained = chained == fragments.len();
    let pieces = merged_pieces(fragments, &ends, &chains, hot.len())?;
    drop(chains);
    if all_chained {
        return Ok((hot, pieces));
    }
    stats.line_pieces += fragments.len() - chained;
    let pieces = line_pieces::with_line_pieces(fragments, &ends, rows.as_ref(), pieces, hot.len());
    Ok((hot, pieces))
}

/// The chains of some fragments, one after the other.
#[derive(Default)]
struct Chains {
    /// The fragments whose chains these are, in order.
    fragments: Vec<u32>,
    /// Their interior pixels, chain after chain.
    interior: Vec<u32>,
    /// `ends[j]`: where in `interior` chain j ends.
    ends: Vec<usize>,
}

/// Calls `f(from, to, net)` for every piece of every chained fragment in turn: fragment i
/// runs from `ends[i][0]` through its interior pixels to `ends[i][1]`.
fn for_each_piece(
    fragments: &[Fragment],
    ends: &[[u32; 2]],
    chains: &Chains,
    mut f: impl FnMut(u32, u32, Nets),
) {
    let mut begin = 0;
    for (&i, &end) in chains.fragments.iter().zip(&chains.ends) {
        let (fragment, [mut from, to]) = (&fragments[i as usize], ends[i as usize]);
        for &k in chains.interior[begin..end].iter().chain([&to]) {
            f(from, k, fragment.net);
            from = k;
        }
        begin = end;
    }
}

/// The pieces sorted by (a, b) and merged (equal ones add their nets, [A5]), each stored
/// with a < b and its net counted a→b: a counting sort on a (a hot-pixel index below
/// `points`) straight from the chains, then each run of equal a (a few pieces) sorted by
/// b and merged while it is in the cache. Linear apart from the short runs. An error
/// when a sum of nets leaves 32 bits ([`Nets`]).
fn merged_pieces(
    fragments: &[Fragment],
    ends: &[[u32; 2]],
    chains: &Chains,
    points: usize,
) -> Result<Vec<Piece>> {
    let mut start = vec![0usize; points + 1];
    for_each_piece(fragments, ends, chains, |from, to, _| {
        start[from.min(to) as usize + 1] += 1;
    });
    for k in 0..points {
        start[k + 1] += start[k];
    }
    let mut sorted = workspace::take_filled(
        start[points],
        Piece {
            a: 0,
            b: 0,
            net: [0, 0],
        },
    );
    for_each_piece(fragments, ends, chains, |from, to, net| {
        let piece = if from < to {
            Piece {
                a: from,
                b: to,
                net,
            }
        } else {
            Piece {
                a: to,
                b: from,
                net: [-net[0], -net[1]],
            }
        };
        sorted[start[piece.a_index()]] = piece;
        start[piece.a_index()] += 1;
    });
    // start[k] is now the end of run k. Each run is sorted, then written down to the
    // merged prefix (`kept` pieces), adding its equal neighbours.
    let (mut begin, mut kept) = (0, 0usize);
    for &end in &start[..points] {
        if end - begin > 1 {
            sorted[begin..end].sort_unstable_by_key(|p| p.b);
        }
        for k in begin..end {
            keep_or_add(&mut sorted, &mut kept, k, |p| (p.a, p.b), |p| &mut p.net)?;
        }
        begin = end;
    }
    sorted.truncate(kept);
    Ok(sorted)
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
                merge(&mut out)?;
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
            merge(&mut out)?;
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
#[cfg(any(test, feature = "internals"))]
pub fn repair_fragments(
    fragments: &[Fragment],
    mode: SearchMode,
    max_rounds: usize,
) -> Result<(Vec<Fragment>, ArrangeStats)> {
    let mut canonical = Vec::with_capacity(fragments.len());
    for f in fragments {
        if !super::within_arrangement_range(f.a) || !super::within_arrangement_range(f.b) {
            return Err(Error::invalid("fragments", "coordinate beyond ±2^39"));
        }
        if f.net.contains(&i32::MIN) {
            return Err(nets_too_large()); // could not be negated
        }
        if f.a != f.b {
            canonical.push(oriented(f.a, f.b, f.net));
        }
    }
    merge(&mut canonical)?;
    let mut stats = ArrangeStats {
        input_fragments: canonical.len(),
        ..ArrangeStats::default()
    };
    let settled = repair_loop(canonical, mode, max_rounds, &mut stats)?;
    stats.final_fragments = settled.len();
    Ok((settled, stats))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chains `axis_parallel_chain` gives without a search are the ones the search
    /// finds, on small grids where vertical and horizontal fragments meet many pixels
    /// (crossings, ends, Ts).
    #[test]
    fn axis_parallel_chains_are_the_searched_chains() {
        let mut rng = crate::workloads::XorShift64::new(0);
        let mut next = |m: u64| (rng.next_u64() % m) as i64;
        let (mut vertical_pixels, mut horizontal_pixels) = (0, 0);
        for _ in 0..400 {
            let mut fragments: Vec<Fragment> = (0..12)
                .map(|_| {
                    let a = GridPoint::new(next(8), next(8));
                    let b = match next(4) {
                        0 => GridPoint::new(a.x, next(8)),
                        1 => GridPoint::new(next(8), a.y),
                        _ => GridPoint::new(next(8), next(8)),
                    };
                    (a, b)
                })
                .filter(|(a, b)| a != b)
                .map(|(a, b)| Fragment::new(a.min(b), a.max(b), [1, 0]))
                .collect();
            merge(&mut fragments).unwrap();
            let mut stats = ArrangeStats::default();
            let mut index = Index::new(&fragments, SearchMode::Auto);
            let mut crossing_pixels = Vec::new();
            crossings(&fragments, &index, &mut stats, &mut crossing_pixels);
            let (hot, ends) = hot_pixels(&fragments, crossing_pixels).unwrap();
            let rows = RowOrder::new(&hot);
            let mut chains = |direct: bool| {
                let mut out = Vec::new();
                let emit = |i: usize, chain: &[usize]| out.push((i, chain.to_vec()));
                let stats = &mut ArrangeStats::default();
                for_each_chain(
                    &fragments,
                    0..fragments.len(),
                    &hot,
                    &mut index,
                    meets_other_pixel,
                    |i| {
                        let rows = direct.then_some(&rows)?;
                        axis_parallel_chain(&fragments[i], ends[i], Some(rows))
                    },
                    stats,
                    emit,
                );
                out
            };
            let searched = chains(false);
            let direct = chains(true);
            assert_eq!(direct, searched, "{fragments:?}");
            for (f, (_, chain)) in fragments.iter().zip(&searched) {
                if f.a.x == f.b.x {
                    vertical_pixels += chain.len();
                } else if f.a.y == f.b.y {
                    horizontal_pixels += chain.len();
                }
            }
        }
        assert!(vertical_pixels > 100, "{vertical_pixels}");
        assert!(horizontal_pixels > 100, "{horizontal_pixels}");
    }

    /// The filter leaves out a point only after it has let it through: every distinct
    /// point of a stream passes at least once, and repeats that come back soon (one
    /// point between two distinct others, as the needles' crossings come) mostly do not.
    #[test]
    fn recent_points_leave_out_only_repeats() {
        let mut rng = crate::workloads::XorShift64::new(5);
        let mut recent = RecentPoints::default();
        let common = GridPoint::new(7, -3);
        let (mut passed, mut common_left_out) = (Vec::new(), 0);
        for k in 0..20_000i64 {
            let p = if k % 2 == 0 {
                common
            } else {
                let r = rng.next_u64();
                GridPoint::new((r % 300) as i64, (r >> 32) as i64 % 5)
            };
            if recent.first_time(p) {
                passed.push(p);
            } else {
                assert!(passed.contains(&p), "{p:?} left out before it passed");
                common_left_out += usize::from(p == common);
            }
        }
        // The common point came 10,000 times; it passes again only after another point
        // took its slot (about one in 64).
        assert!(common_left_out > 9_000, "{common_left_out}");
        // A point never seen passes, however full the slots are.
        assert!(recent.first_time(GridPoint::new(-1, 0)));
    }

    /// Segments of a pencil through one point: every pair crosses there, and the point
    /// is appended once, after what the buffer held, whichever search hands the pairs.
    #[test]
    fn a_pencil_of_segments_gives_its_common_point_once() {
        let fragments: Vec<Fragment> = (1..=40)
            .map(|k| Fragment::new(GridPoint::new(-100, -k), GridPoint::new(100, k), [1, 0]))
            .collect();
        for mode in [SearchMode::Sweep, SearchMode::BruteForce] {
            let index = Index::new(&fragments, mode);
            let mut out = vec![GridPoint::new(9, 9)];
            let mut stats = ArrangeStats::default();
            crossings(&fragments, &index, &mut stats, &mut out);
            assert_eq!(
                out,
                [GridPoint::new(9, 9), GridPoint::new(0, 0)],
                "{mode:?}"
            );
            assert!(stats.crossing_candidates >= 780, "{mode:?}");
        }
    }
}
