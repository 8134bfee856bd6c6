//! Sorting by point (x, then y), ties by a second key: the input fragments by their ends
//! and the fragments' larger ends for the hot pixels. An implementation choice: the
//! order is the one of a comparison sort ([A0]).
//!
//! The items are spread into ranges of x of about [`SORT_RANGE`] items (a counting sort),
//! then each range is sorted while it sits in the cache, by packed integer keys. Why
//! that order is exact: inside a box [x0, x0 + 2^xb) × [y0, y0 + 2^yb) the map
//! p ↦ (p.x − x0) · 2^yb + (p.y − y0) is strictly increasing in the (x, y) order of
//! points, since the y offset is below 2^yb. Shifted left by `ib` bits with an item's
//! place in its range (below 2^ib) in the low bits, the keys are distinct and sort by
//! point first; items with equal points are then sorted by their tie-break in place. When
//! the three widths do not fit in 64 bits the range is sorted by comparison instead.
//!
//! A u64 sort moves 8 bytes a step and compares once, where the comparison sort of a
//! fragment (40 bytes) compares up to four coordinates: the input sort of a cave-1024
//! shrink spent about 40 ms in its range sorts (docs/performance.md, twenty-fourth
//! session).

use std::convert::Infallible;

use crate::grid::GridPoint;

/// Items per range of x in [`sorted_by_point`]: each range is sorted while it sits in
/// the cache.
const SORT_RANGE: usize = 512;

/// The `count` items of `items` sorted by (`point`, `tie`), every point within
/// `bounds`: spread into ranges of x of about [`SORT_RANGE`] items
/// on evenly spread input, then each range sorted by packed keys. Linear apart from the
/// short sorts, where a comparison sort of the whole is n log n and leaves the cache at
/// 10^6 items. With `share_out` and the `parallel` feature, the ranges are shared out
/// between the threads (callers already on one thread of several pass false).
pub(super) fn sorted_by_point<T: Copy + Send + Sync, K: Ord>(
    count: usize,
    bounds: Bounds,
    items: impl Iterator<Item = T> + Clone + Sync,
    by: (impl Fn(&T) -> GridPoint + Sync, impl Fn(&T) -> K + Sync),
    share_out: bool,
) -> Vec<T> {
    let keep_all = |sorted: &mut [T]| Ok::<usize, Infallible>(sorted.len());
    let parts = std::slice::from_ref(&items);
    match sorted_and_finished(count, bounds, parts, by, share_out, keep_all, Vec::new()) {
        Ok(sorted) => sorted,
        Err(never) => match never {},
    }
}

/// [`sorted_by_point`] of the items of `parts` one after the other, each sorted range
/// then passed to `finish` while it sits in the cache (items with equal points always
/// share a range): `finish` rewrites the range in place and returns how many of its first
/// items to keep, and the kept items close up. The input sort merges identical fragments
/// so, instead of in a pass of its own over the whole output. The first error of
/// `finish`, in sorted order, is returned. When the ranges are shared out, the parts'
/// items are also counted side by side. The output is written into `into` (emptied
/// first), whose memory is reused when it has room for `count` items.
pub(super) fn sorted_and_finished<T: Copy + Send + Sync, K: Ord, E: Send>(
    count: usize,
    Bounds { min, max }: Bounds,
    parts: &[impl Iterator<Item = T> + Clone + Sync],
    (point, tie): (impl Fn(&T) -> GridPoint + Sync, impl Fn(&T) -> K + Sync),
    share_out: bool,
    finish: impl Fn(&mut [T]) -> Result<usize, E> + Sync,
    mut into: Vec<T>,
) -> Result<Vec<T>, E> {
    into.clear();
    let items = || parts.iter().flat_map(Clone::clone);
    let Some(placeholder) = items().next() else {
        return Ok(into);
    };
    let (min_x, max_x) = (min.x, max.x);
    let y_bits = bits_for(max.y.abs_diff(min.y));
    let sort_range = |range: &mut [T], frame, scratch: &mut _| {
        sort_by_point(range, frame, &point, &tie, scratch);
    };
    if count < 8 * SORT_RANGE {
        let mut sorted = into;
        sorted.extend(items());
        let frame = PointBox::spanning(min.x, max.x, min.y, max.y);
        sort_range(&mut sorted, frame, &mut Scratch::default());
        let kept = finish(&mut sorted)?;
        sorted.truncate(kept);
        return Ok(sorted);
    }
    let width = max_x.abs_diff(min_x);
    let target = (count / SORT_RANGE) as u64;
    let mut shift = 0;
    while width >> shift >= target {
        shift += 1;
    }
    let range_of = |item: &T| (point(item).x.abs_diff(min_x) >> shift) as usize;
    let ranges = (width >> shift) as usize + 1;
    // Items per range (shifted by one for the prefix sums below), the parts counted side
    // by side when the ranges are shared out.
    let mut start = vec![0usize; ranges + 1];
    #[cfg(feature = "parallel")]
    let shared = share_out
        && count >= super::strips::PARALLEL_MIN_FRAGMENTS
        && rayon::current_num_threads() > 1;
    #[cfg(feature = "parallel")]
    if shared && parts.len() > 1 {
        use rayon::prelude::*;
        let counts = parts.par_iter().map(|part| {
            let mut counts = vec![0usize; ranges + 1];
            count_into(part.clone(), &range_of, &mut counts);
            counts
        });
        if let Some(sum) = counts.reduce_with(|mut sum, counts| {
            sum.iter_mut().zip(&counts).for_each(|(s, c)| *s += c);
            sum
        }) {
            start = sum;
        }
    } else {
        count_into(items(), &range_of, &mut start);
    }
    #[cfg(not(feature = "parallel"))]
    count_into(items(), &range_of, &mut start);
    for r in 0..ranges {
        start[r + 1] += start[r];
    }
    // Ranges [first, last) fill `out` (their place in the output): each range gets its
    // items in input order, then is sorted and finished, and what it keeps is moved down
    // after the kept items of the ranges before it (returns how many `out` keeps). The
    // output is therefore the same however the ranges are shared out between threads.
    let fill = |out: &mut [T], first: usize, last: usize| -> Result<usize, E> {
        let mut next: Vec<usize> = start[first..last]
            .iter()
            .map(|&s| s - start[first])
            .collect();
        for item in items() {
            let r = range_of(&item);
            if (first..last).contains(&r) {
                out[next[r - first]] = item;
                next[r - first] += 1;
            }
        }
        let mut scratch = Scratch::default();
        let mut kept = 0;
        for r in first..last {
            let frame = PointBox {
                x0: min_x + ((r as i64) << shift), // at most max_x
                y0: min.y,
                x_bits: shift,
                y_bits,
            };
            let place = start[r] - start[first]..start[r + 1] - start[first];
            let range = &mut out[place.clone()];
            sort_range(range, frame, &mut scratch);
            let keeps = finish(range)?;
            close_up(out, &mut kept, place.start, keeps);
        }
        Ok(kept)
    };
    #[cfg(not(feature = "parallel"))]
    let _ = share_out;
    #[cfg(feature = "parallel")]
    if shared {
        // One share of the ranges per thread, of about equal counts: each thread reads the
        // whole input and places its own share (at 7.5 × 10^5 shrink edges the serial fill
        // and sorts took 47–70 ms, most of the work not split into strips).
        use rayon::prelude::*;
        let threads = rayon::current_num_threads();
        // Written on every thread: where `into` is fresh memory, its pages are faulted in
        // side by side (one thread took 15 ms for a cave-1024 shrink's 30 MB).
        let mut sorted = into;
        sorted.par_extend(rayon::iter::repeat_n(placeholder, count));
        let mut shares = Vec::with_capacity(threads);
        let (mut rest, mut first) = (&mut sorted[..], 0);
        for t in 1..=threads {
            let last = if t == threads {
                ranges
            } else {
                start
                    .partition_point(|&s| s < count * t / threads)
                    .min(ranges)
            };
            let last = last.max(first);
            let (share, tail) = rest.split_at_mut(start[last] - start[first]);
            shares.push((share, first, last));
            (rest, first) = (tail, last);
        }
        let places: Vec<usize> = shares.iter().map(|(_, first, _)| start[*first]).collect();
        let kept: Vec<Result<usize, E>> = shares
            .into_par_iter()
            .map(|(share, first, last)| fill(share, first, last))
            .collect();
        // Each share's kept items after the previous shares' (one move per share).
        let mut end = 0;
        for (share_start, kept) in places.into_iter().zip(kept) {
            close_up(&mut sorted, &mut end, share_start, kept?);
        }
        sorted.truncate(end);
        return Ok(sorted);
    }
    let mut sorted = into;
    sorted.resize(count, placeholder);
    let kept = fill(&mut sorted, 0, ranges)?;
    sorted.truncate(kept);
    Ok(sorted)
}

/// Sorts `points` in (x, y) order. Where their box packs into 63 bits, each point becomes
/// one u64 key by the map of the module header (no place bits: the key alone gives the
/// point back), and the keys are sorted instead: a u64 compares once where a point
/// compares two coordinates (`mesh` of 800 needles rounds 2.6 × 10^6 crossings; their
/// comparison sort took 5.5 % of its instructions, this one 3.8 %). Otherwise by
/// comparison.
pub(super) fn sort_points(points: &mut [GridPoint]) {
    if points.len() < 2 {
        return;
    }
    let Bounds { min, max } = Bounds::of(points.iter().copied());
    let frame = PointBox::spanning(min.x, max.x, min.y, max.y);
    if frame.x_bits + frame.y_bits > 63 {
        points.sort_unstable();
        return;
    }
    let mut keys: Vec<u64> = points.iter().map(|&p| frame.key(p)).collect();
    keys.sort_unstable();
    for (p, key) in points.iter_mut().zip(keys) {
        *p = frame.point(key);
    }
}

/// Moves the `count` kept items at `at` down to `*kept`, where the kept items before them
/// end, and counts them in: the kept items of the ranges and of the shares close up.
fn close_up<T: Copy>(items: &mut [T], kept: &mut usize, at: usize, count: usize) {
    if *kept < at {
        items.copy_within(at..at + count, *kept);
    }
    *kept += count;
}

/// Adds one to `counts[range_of(item) + 1]` for every item.
fn count_into<T>(
    items: impl Iterator<Item = T>,
    range_of: &impl Fn(&T) -> usize,
    counts: &mut [usize],
) {
    for item in items {
        counts[range_of(&item) + 1] += 1;
    }
}

/// The box of some points, by its corners (for no points min lies above max, a box
/// [`sorted_by_point`] never reads).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Bounds {
    pub min: GridPoint,
    pub max: GridPoint,
}

impl Bounds {
    /// The box of no points.
    pub(super) const EMPTY: Bounds = Bounds {
        min: GridPoint {
            x: i64::MAX,
            y: i64::MAX,
        },
        max: GridPoint {
            x: i64::MIN,
            y: i64::MIN,
        },
    };

    /// Grows the box to hold `p`.
    pub(super) fn include(&mut self, p: GridPoint) {
        (self.min.x, self.min.y) = (self.min.x.min(p.x), self.min.y.min(p.y));
        (self.max.x, self.max.y) = (self.max.x.max(p.x), self.max.y.max(p.y));
    }

    /// The box of the points of both boxes (the empty box joins as nothing).
    pub(super) fn join(self, other: Bounds) -> Bounds {
        let (mut min, mut max) = (self.min, self.max);
        (min.x, min.y) = (min.x.min(other.min.x), min.y.min(other.min.y));
        (max.x, max.y) = (max.x.max(other.max.x), max.y.max(other.max.y));
        Bounds { min, max }
    }

    /// The box of `points`.
    pub(super) fn of(points: impl Iterator<Item = GridPoint>) -> Bounds {
        let mut bounds = Bounds::EMPTY;
        points.for_each(|p| bounds.include(p));
        bounds
    }
}

/// The box the points of a run lie in: x in [x0, x0 + 2^x_bits), y in [y0, y0 + 2^y_bits).
#[derive(Debug, Clone, Copy)]
struct PointBox {
    x0: i64,
    y0: i64,
    x_bits: u32,
    y_bits: u32,
}

impl PointBox {
    /// The box of x in [x0, x_max] and y in [y0, y_max] (x0 ≤ x_max, y0 ≤ y_max).
    fn spanning(x0: i64, x_max: i64, y0: i64, y_max: i64) -> PointBox {
        PointBox {
            x0,
            y0,
            x_bits: bits_for(x_max.abs_diff(x0)),
            y_bits: bits_for(y_max.abs_diff(y0)),
        }
    }

    /// The key of `p`, a point of the box, by the module header's map: (p.x − x0) ·
    /// 2^y_bits + (p.y − y0), strictly increasing in (x, y) order (x_bits + y_bits ≤ 64).
    fn key(&self, p: GridPoint) -> u64 {
        let (dx, dy) = (p.x.abs_diff(self.x0), p.y.abs_diff(self.y0));
        debug_assert!(p.x >= self.x0 && p.y >= self.y0);
        debug_assert!(bits_for(dx) <= self.x_bits && bits_for(dy) <= self.y_bits);
        (dx << self.y_bits) | dy
    }

    /// The point whose [`Self::key`] is `key` (y_bits ≤ 63). Both offsets lie below their
    /// spans' 2^bits ≤ 2^63: no overflow back in i64.
    fn point(&self, key: u64) -> GridPoint {
        let y_mask = (1u64 << self.y_bits) - 1;
        GridPoint::new(
            self.x0 + (key >> self.y_bits) as i64,
            self.y0 + (key & y_mask) as i64,
        )
    }
}

/// The fewest bits that hold every value up to `max`.
pub(super) fn bits_for(max: u64) -> u32 {
    u64::BITS - max.leading_zeros()
}

/// Buffers reused from run to run.
struct Scratch<T> {
    keys: Vec<u64>,
    copy: Vec<T>,
}

impl<T> Default for Scratch<T> {
    fn default() -> Self {
        Scratch {
            keys: Vec::new(),
            copy: Vec::new(),
        }
    }
}

/// Sorts `run` by `point`, items with equal points by `tie`; every point lies in `frame`.
fn sort_by_point<T: Copy, K: Ord>(
    run: &mut [T],
    frame: PointBox,
    point: impl Fn(&T) -> GridPoint,
    tie: impl Fn(&T) -> K,
    scratch: &mut Scratch<T>,
) {
    let index_bits = bits_for(run.len().saturating_sub(1) as u64);
    if frame.x_bits + frame.y_bits + index_bits > u64::BITS {
        run.sort_unstable_by(|s, t| point(s).cmp(&point(t)).then_with(|| tie(s).cmp(&tie(t))));
        return;
    }
    let pack = |p: GridPoint| frame.key(p) << index_bits;
    let Scratch { keys, copy } = scratch;
    keys.clear();
    keys.extend(
        run.iter()
            .enumerate()
            .map(|(i, item)| pack(point(item)) | i as u64),
    );
    keys.sort_unstable();
    copy.clear();
    copy.extend_from_slice(run);
    let place_mask = (1u64 << index_bits) - 1; // index_bits ≤ 64 − x_bits − y_bits < 64
    for (slot, &key) in run.iter_mut().zip(keys.iter()) {
        *slot = copy[(key & place_mask) as usize];
    }
    // Equal points are neighbours now; each run of them is sorted by the tie-break. A
    // tie-break of no size has one value, so every run is already in its order (the hot
    // pixels sort the larger ends so, most of them in runs of two or more).
    if std::mem::size_of::<K>() == 0 {
        return;
    }
    let mut begin = 0;
    for end in 1..=keys.len() {
        if end == keys.len() || keys[end] >> index_bits != keys[begin] >> index_bits {
            if end - begin > 1 {
                run[begin..end].sort_unstable_by_key(&tie);
            }
            begin = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::tests::on_every_pool;
    use proptest::prelude::*;

    fn frame_of(items: &[(GridPoint, u8)]) -> PointBox {
        let Bounds { min, max } = Bounds::of(items.iter().map(|item| item.0));
        PointBox::spanning(min.x, max.x, min.y, max.y)
    }

    /// Points on a lattice of `scale` from `offset`: few distinct coordinates make equal
    /// points, whose order the tie-break decides; a scale of 2^38 makes spans that do
    /// not fit the packed keys (the comparison fallback).
    fn items(raw: &[(i64, i64, u8)], scale: i64, offset: i64) -> Vec<(GridPoint, u8)> {
        raw.iter()
            .map(|&(x, y, t)| (GridPoint::new(offset + x * scale, -y * scale), t))
            .collect()
    }

    /// Up to 9,000 items, or now and then more than the parallel threshold.
    fn some_items() -> impl Strategy<Value = Vec<(i64, i64, u8)>> {
        let item = (0i64..3000, 0i64..40, any::<u8>());
        prop_oneof![
            6 => proptest::collection::vec(item.clone(), 0..9000),
            1 => proptest::collection::vec(item, 32_768..34_000),
        ]
    }

    /// A box 64 bits tall, however narrow, takes the comparison sort: its y offsets do not
    /// leave room for the unpacking mask.
    #[test]
    fn points_spanning_all_of_i64_are_sorted() {
        let mut points: Vec<GridPoint> = [i64::MAX, i64::MIN + 1, 0, -5, 7]
            .iter()
            .map(|&y| GridPoint::new(3, y))
            .collect();
        let mut expected = points.clone();
        expected.sort();
        sort_points(&mut points);
        assert_eq!(points, expected);
    }

    proptest! {
        /// Points sorted by packed keys are the comparison sort's points, in its order:
        /// small boxes, boxes about 2^31 on a side (62 bits, the packed path near its
        /// widest) and about 2^41 (too wide: the comparison fallback), with repeats.
        #[test]
        fn packed_points_sort_as_points(
            raw in proptest::collection::vec((0i64..6, 0i64..6, any::<u8>()), 0..300),
            scale in prop_oneof![Just(1i64), Just(1 << 20), Just(1 << 28), Just(1 << 38)],
            offset in -(1i64 << 39)..(1i64 << 38),
        ) {
            let mut points: Vec<GridPoint> =
                items(&raw, scale, offset).into_iter().map(|item| item.0).collect();
            let mut expected = points.clone();
            expected.sort();
            sort_points(&mut points);
            prop_assert_eq!(points, expected);
        }

        /// One run sorted by packed keys is the comparison sort's order.
        #[test]
        fn packed_sort_is_the_sort_by_point_then_tie(
            raw in proptest::collection::vec((0i64..6, 0i64..6, any::<u8>()), 0..300),
            scale in prop_oneof![Just(1i64), Just(1 << 20), Just(1 << 38)],
            offset in -(1i64 << 39)..(1i64 << 38),
        ) {
            let mut items = items(&raw, scale, offset);
            let mut expected = items.clone();
            expected.sort();
            let frame = frame_of(&items);
            let by = (|p: &(GridPoint, u8)| p.0, |p: &(GridPoint, u8)| p.1);
            sort_by_point(&mut items, frame, by.0, by.1, &mut Scratch::default());
            prop_assert_eq!(items, expected);
        }

        /// The whole sort, ranges of x included (from 4,096 items), on one thread and
        /// shared out between two or three (from the parallel threshold), is the
        /// comparison sort's order; with a tie-break of no size, its order by point.
        #[test]
        fn sorted_by_point_is_the_sort_by_point_then_tie(
            raw in some_items(),
            scale in prop_oneof![Just(1i64), Just(1 << 12), Just(1 << 38)],
            offset in -(1i64 << 38)..(1i64 << 38),
        ) {
            let items = items(&raw, scale, offset);
            let mut expected = items.clone();
            expected.sort();
            let by = (|p: &(GridPoint, u8)| p.0, |p: &(GridPoint, u8)| p.1);
            let bounds = Bounds::of(items.iter().map(|item| item.0));
            for share_out in [false, true] {
                for sorted in on_every_pool(|| {
                    sorted_by_point(items.len(), bounds, items.iter().copied(), by, share_out)
                }) {
                    prop_assert_eq!(&sorted, &expected);
                }
                // A tie-break of no size (the hot pixels' larger ends): the same points in
                // order, each item once.
                let by_point = (|p: &(GridPoint, u8)| p.0, |_: &(GridPoint, u8)| ());
                for mut sorted in on_every_pool(|| {
                    sorted_by_point(items.len(), bounds, items.iter().copied(), by_point, share_out)
                }) {
                    prop_assert!(sorted.iter().map(|item| item.0).eq(expected.iter().map(|item| item.0)));
                    sorted.sort();
                    prop_assert_eq!(&sorted, &expected);
                }
            }
        }
    }

    proptest! {
        /// Finishing each sorted range (here: equal items merged, their counts added, an
        /// error for a count beyond a limit) gives the whole sorted output finished at
        /// once, on both sides of the parallel threshold and from one part or several,
        /// with the first error in sorted order: the kept items close up within and
        /// across the threads' shares.
        #[test]
        fn sorted_and_finished_is_the_sort_then_finish(
            raw in some_items(),
            limit in prop_oneof![Just(u32::MAX), 2u32..12],
            cut_per_mille in 0usize..=1000,
        ) {
            // Few distinct points and ties: many equal items to merge.
            let items: Vec<(GridPoint, u8, u32)> = raw
                .iter()
                .map(|&(x, y, t)| (GridPoint::new(x, y % 6), t % 3, 1))
                .collect();
            let merge = |run: &mut [(GridPoint, u8, u32)]| -> Result<usize, GridPoint> {
                let mut kept = 0;
                for k in 0..run.len() {
                    let item = run[k];
                    if kept > 0 && (run[kept - 1].0, run[kept - 1].1) == (item.0, item.1) {
                        run[kept - 1].2 += item.2;
                        if run[kept - 1].2 > limit {
                            return Err(item.0);
                        }
                    } else {
                        run[kept] = item;
                        kept += 1;
                    }
                }
                Ok(kept)
            };
            let mut expected = items.clone();
            expected.sort();
            let kept = merge(&mut expected).map(|kept| {
                expected.truncate(kept);
                expected
            });
            let by = (|p: &(GridPoint, u8, u32)| p.0, |p: &(GridPoint, u8, u32)| p.1);
            let bounds = Bounds::of(items.iter().map(|item| item.0));
            // In one part, and in parts of every size (some empty), counted side by side.
            let one = [items.iter().copied()];
            let cut = items.len() * cut_per_mille / 1000;
            let several = [
                items[..cut].iter().copied(),
                items[cut..cut].iter().copied(),
                items[cut..].iter().copied(),
            ];
            // Written into a new buffer, and into one with room that holds other items.
            let used: Vec<_> = items.iter().rev().copied().collect();
            for parts in [&one[..], &several[..]] {
                for share_out in [false, true] {
                    for into in [Vec::new(), used.clone()] {
                        for got in on_every_pool(|| {
                            let into = into.clone();
                            sorted_and_finished(items.len(), bounds, parts, by, share_out, merge, into)
                        }) {
                            prop_assert_eq!(&got, &kept);
                        }
                    }
                }
            }
        }
    }

    /// Where x, y and index bits add up to about 64 the sort packs keys only when they fit:
    /// spans of every width pair near the limit, runs of 2 to 9 items (1 to 4 index bits),
    /// each with points at the span's corners, come out in the comparison sort's order.
    #[test]
    fn runs_near_the_64_bit_limit_are_sorted() {
        let mut random = crate::workloads::XorShift64::new(3);
        for x_bits in 0..=63u32 {
            for y_bits in 0..=63u32 {
                if !(59..=66).contains(&(x_bits + y_bits)) {
                    continue;
                }
                let top = |bits: u32| ((1u64 << bits) - 1) as i64;
                for n in 2..=9 {
                    let mut items: Vec<(GridPoint, u8)> = (0..n)
                        .map(|k| {
                            let x = [0, top(x_bits)][k % 2];
                            let y = [top(y_bits), 0, top(y_bits) / 3][k % 3];
                            let mut at = |v: i64, bits| {
                                if k < 4 {
                                    v
                                } else {
                                    random.next_u64() as i64 & top(bits)
                                }
                            };
                            (
                                GridPoint::new(at(x, x_bits), at(y, y_bits)),
                                (random.next_u64() % 3) as u8,
                            )
                        })
                        .collect();
                    let mut expected = items.clone();
                    expected.sort();
                    let frame = frame_of(&items);
                    sort_by_point(&mut items, frame, |p| p.0, |p| p.1, &mut Scratch::default());
                    assert_eq!(
                        items, expected,
                        "x bits {x_bits}, y bits {y_bits}, {n} items"
                    );
                }
            }
        }
    }

    #[test]
    fn keys_order_points_by_x_then_y() {
        // Packed, (0, 5) comes before (1, 0): x counts first however large y is.
        let mut items = vec![(GridPoint::new(1, 0), 0u8), (GridPoint::new(0, 5), 0)];
        let frame = frame_of(&items);
        assert!(frame.x_bits + frame.y_bits < 64);
        sort_by_point(&mut items, frame, |p| p.0, |p| p.1, &mut Scratch::default());
        assert_eq!(items[0].0, GridPoint::new(0, 5));
    }
}
