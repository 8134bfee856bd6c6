//! The hot pixels in slices, for the pixel candidates of clustered input ([C4], X10).
//!
//! Why: the band search of [C4] reads, in every band a fragment's y range meets, the
//! points in the x range the fragment covers over that band. Where many fragments cross
//! near one place (n needles through one point: Θ(n²) hot pixels in a small square) a
//! band and that x range hold the whole cluster, so each fragment reads every hot pixel:
//! Θ(n³) candidate tests for Θ(n²) actual contacts.
//!
//! How: the points, sorted by x, are cut into runs of about √(16 n) points (vertical
//! slices, narrow where the points crowd), and each slice is sorted by y. Where the points
//! thin out such a run grows wide, and a fragment crossing it reads every point in its y
//! range over that width: there a run also ends once it is 8 times wider than the median
//! run (holding at least an eighth of the count, so there are at most 8 times as many). A
//! fragment visits the slices its x range meets; in each, the points that can lie within
//! 1/2 of it have y in the fragment's y range over the slice's x range grown by one unit,
//! a run whose two ends are binary searches of every 32nd y and then of one chunk, and
//! the run's points are tested 32 at a time for the box and the line. Where a packed
//! tree of 16-point leaves over the same slices visited about five boxes per leaf, this
//! reads a few words per slice (docs/performance.md, twenty-eighth session).
//!
//! Why it is complete: a point c within L∞ distance 1/2 of the segment has a point s of
//! the segment with |s.x − c.x| ≤ 1/2 and |s.y − c.y| ≤ 1/2. If c lies in a slice whose
//! points' x range meets the segment's box grown by 1 in [u0, u1], then s.x lies in
//! [u0 − 1, u1 + 1], and c.y, an integer within 1/2 of s.y, in the segment's y range over
//! that window widened to whole units, which [`NearLine::y_range_over`] gives or widens
//! further. Slices wholly left or right of the box hold no such c (the runs are x-sorted,
//! so their ranges only grow). A point is then dropped only outside the segment's box
//! grown by 1 or when its closed pixel misses the segment's line
//! ([`NearLine::may_meet_pixel`], which never drops what the exact
//! `line_meets_closed_pixel` keeps). Which candidates come out never changes a result
//! ([C1]).

use crate::grid::GridPoint;
use crate::predicates::NearLine;

use super::search::Id;

/// Points per slice at most: about √(16 n), a whole multiple of [`CHUNK`].
fn slice_len(n: usize) -> usize {
    let chunks = n.div_ceil(CHUNK);
    let slices = (((n.div_ceil(16)) as f64).sqrt().ceil() as usize).max(1);
    chunks.div_ceil(slices).max(1) * CHUNK
}

/// How much wider than the median slice of [`slice_len`] points a slice may grow.
const WIDTH_FACTOR: i64 = 8;

/// The fewest points a slice cut for its width holds: a [`slice_len`] divided by this.
const FEWEST_DIVISOR: usize = 8;

/// The widest a slice may grow: [`WIDTH_FACTOR`] times the median x extent of the runs of
/// `len` points (at least 16 units).
fn width_cap(items: &[(GridPoint, Id)], len: usize) -> i64 {
    let mut widths: Vec<i64> = items
        .chunks(len)
        .map(|run| run[run.len() - 1].0.x.saturating_sub(run[0].0.x))
        .collect();
    if widths.is_empty() {
        return 0;
    }
    let mid = widths.len() / 2;
    let (_, median, _) = widths.select_nth_unstable(mid);
    median.saturating_mul(WIDTH_FACTOR).max(16)
}

/// Points tested together (a u32 mask).
const CHUNK: usize = 32;

/// A run of x-sorted points (sorted by y inside) and its x range.
struct Slice {
    start: usize,
    end: usize,
    samples_start: usize,
    min_x: i64,
    max_x: i64,
}

/// The slices, and the points' coordinates and indices in slice order.
pub(super) struct PointSlices {
    slices: Vec<Slice>,
    xs: Vec<i64>,
    ys: Vec<i64>,
    ids: Vec<Id>,
    /// Every [`CHUNK`]-th y of each slice from its start (slice by slice, from the
    /// slice's `samples_start`): a binary search of a slice reads these few words first,
    /// then one chunk.
    samples: Vec<i64>,
    /// The largest |coordinate| of a point, plus 2 (for [`NearLine`]).
    bound: i64,
}

impl PointSlices {
    /// Slices `points` (indices fit an [`Id`]: the caller checks; they come sorted by
    /// (x, y), and are sorted here when they do not).
    pub(super) fn new(points: &[GridPoint]) -> PointSlices {
        let mut items: Vec<(GridPoint, Id)> = points
            .iter()
            .enumerate()
            .map(|(k, &p)| (p, k as Id))
            .collect();
        if !points.is_sorted() {
            items.sort_unstable();
        }
        let len = slice_len(items.len());
        let cap = width_cap(&items, len);
        let mut slices = Vec::new();
        let mut samples = Vec::new();
        let mut start = 0;
        while start < items.len() {
            // A slice ends after `len` points or where it would grow wider than `cap`.
            let first_x = items[start].0.x;
            let limit = (start + len).min(items.len());
            let least = (start + (len / FEWEST_DIVISOR).max(1)).min(limit);
            let end = least
                + items[least..limit].partition_point(|t| t.0.x.saturating_sub(first_x) <= cap);
            let run = &mut items[start..end];
            let (min_x, max_x) = (run[0].0.x, run[run.len() - 1].0.x);
            run.sort_unstable_by_key(|t| (t.0.y, t.0.x));
            slices.push(Slice {
                start,
                end,
                samples_start: samples.len(),
                min_x,
                max_x,
            });
            samples.extend(run.iter().step_by(CHUNK).map(|t| t.0.y));
            start = end;
        }
        let bound = items
            .iter()
            .map(|t| t.0.x.saturating_abs().max(t.0.y.saturating_abs()))
            .max()
            .unwrap_or(0)
            .saturating_add(2);
        PointSlices {
            slices,
            bound,
            xs: items.iter().map(|t| t.0.x).collect(),
            ys: items.iter().map(|t| t.0.y).collect(),
            ids: items.iter().map(|t| t.1).collect(),
            samples,
        }
    }

    /// The first position of `slice` whose y fails `before` (y-sorted: `before` holds
    /// for a prefix), through the samples and then one chunk.
    fn first_in_slice(&self, slice: &Slice, before: impl Fn(i64) -> bool) -> usize {
        let count = (slice.end - slice.start).div_ceil(CHUNK);
        let samples = &self.samples[slice.samples_start..slice.samples_start + count];
        let j = samples.partition_point(|&y| before(y));
        if j == 0 {
            return slice.start;
        }
        // Sample j − 1 holds `before`, sample j (if any) does not.
        let lo = slice.start + (j - 1) * CHUNK + 1;
        let hi = (slice.start + j * CHUNK).min(slice.end);
        lo + self.ys[lo..hi].partition_point(|&y| before(y))
    }

    /// Calls `f(k, point)` once for every point k in the box `lo..=hi` (the segment a–b's
    /// box grown by 1) whose closed pixel the line a–b meets and whose y lies in the
    /// segment's y range over its slice's x range grown by 1 (module header).
    pub(super) fn for_each_near(
        &self,
        a: GridPoint,
        b: GridPoint,
        lo: GridPoint,
        hi: GridPoint,
        mut f: impl FnMut(usize, GridPoint),
    ) {
        let line = NearLine::new(a, b, self.bound);
        let first = self.slices.partition_point(|s| s.max_x < lo.x);
        for slice in &self.slices[first..] {
            if slice.min_x > hi.x {
                break;
            }
            let (u0, u1) = (slice.min_x.max(lo.x), slice.max_x.min(hi.x));
            let Some((y0, y1)) = line.y_range_over(u0 - 1, u1 + 1) else {
                continue;
            };
            // An integer within 1/2 of a y in [y0, y1] lies in it: the ends are whole.
            let (y0, y1) = (y0.max(lo.y), y1.min(hi.y));
            if y0 > y1 {
                continue;
            }
            let from = self.first_in_slice(slice, |y| y < y0);
            let to = self.first_in_slice(slice, |y| y <= y1);
            let mut start = from;
            while start < to {
                let end = (start + CHUNK).min(to);
                // The tests of a chunk first, as a mask without branches (which points
                // pass is unpredictable), then the calls.
                let mut keep = 0u32;
                for (bit, (&x, &y)) in self.xs[start..end]
                    .iter()
                    .zip(&self.ys[start..end])
                    .enumerate()
                {
                    let near =
                        (x >= lo.x) & (x <= hi.x) & line.may_meet_pixel(GridPoint::new(x, y));
                    keep |= u32::from(near) << bit;
                }
                while keep != 0 {
                    let k = start + keep.trailing_zeros() as usize;
                    keep &= keep - 1;
                    f(self.ids[k] as usize, GridPoint::new(self.xs[k], self.ys[k]));
                }
                start = end;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PointSlices;
    use crate::arrangement::tests::Rng;
    use crate::grid::GridPoint;
    use crate::predicates::segment_meets_pixel;

    /// Every point whose pixel a segment meets is reported, once, for segments of every
    /// direction (vertical and horizontal ones included) and length through a cluster and
    /// a wide spread of points (so some slices end for their width and start anywhere),
    /// with the points given sorted and unsorted.
    #[test]
    fn reports_every_pixel_met() {
        let mut rng = Rng(11);
        let mut next = |m: i64| rng.range(-m, m);
        let mut points: Vec<GridPoint> = (0..3000)
            .map(|k| match k % 4 {
                0 => GridPoint::new(next(4000), next(400)),
                _ => GridPoint::new(next(30), next(30)),
            })
            .collect();
        points.sort_unstable();
        points.dedup();
        let mut unsorted = points.clone();
        unsorted.reverse();
        for points in [points, unsorted] {
            let slices = PointSlices::new(&points);
            let runs = points.len().div_ceil(super::slice_len(points.len()));
            assert!(slices.slices.len() > runs, "no slice ended for its width");
            let mut met = 0;
            for k in 0..600 {
                let a = match k % 12 {
                    0..4 => GridPoint::new(next(4500), next(450)),
                    4..8 => GridPoint::new(next(32), next(32)),
                    // Next to a point, often at a slice's end.
                    _ => {
                        let p = points[next(4000).unsigned_abs() as usize % points.len()];
                        GridPoint::new(p.x + next(2), p.y + next(2))
                    }
                };
                let b = match k % 4 {
                    0 => GridPoint::new(a.x, next(450)),
                    1 => GridPoint::new(next(4500), a.y),
                    2 => GridPoint::new(a.x + next(3), a.y + next(3)),
                    // Through the cluster.
                    _ => GridPoint::new(-a.x + next(8), -a.y + next(8)),
                };
                let (a, b) = (a.min(b), a.max(b));
                let lo = GridPoint::new(a.x - 1, a.y.min(b.y) - 1);
                let hi = GridPoint::new(b.x + 1, a.y.max(b.y) + 1);
                let mut seen = vec![false; points.len()];
                slices.for_each_near(a, b, lo, hi, |i, p| {
                    assert_eq!(p, points[i]);
                    assert!(!seen[i], "{i} reported twice");
                    seen[i] = true;
                });
                for (i, &p) in points.iter().enumerate() {
                    if segment_meets_pixel(a, b, p) {
                        assert!(seen[i], "{a:?} {b:?} missed {p:?}");
                        met += 1;
                    }
                }
            }
            assert!(met > 1000, "{met}");
        }
    }
}
