//! Candidate searches ([C1]–[C5], X10): which fragment pairs may cross and which points
//! a fragment may meet. Every candidate is decided afterwards by an exact predicate, so
//! the search only has to be complete (never miss a pair that matters); which search
//! runs never changes a result.
//!
//! Three searches share one interface:
//! - the uniform grid of [C2]/[C3] (default for evenly spread input): pairs cell by cell,
//!   each in the first cell both share; points from the cells around a fragment;
//! - the older searches of [C4] (a sweep by minimum x with an active list; a binary search
//!   of the x-sorted points), used when the grid's cell counts show clustering or when
//!   nearly all fragments are axis-parallel ([`mostly_axis_parallel`]); both are
//!   kept per horizontal band so a query reads only the bands its y range meets. With
//!   [`SearchMode::Auto`] the points of clustered input go to slices instead
//!   ([`super::point_tree`], which says why);
//! - all pairs and all points, filtered by boxes (tests, and inputs of at most
//!   [`SMALL_INPUT`] fragments).
//!
//! Data is flat: compressed lists of u32 indices, built once per search, and coordinates
//! copied next to them so scans do not chase indices.

use crate::grid::GridPoint;
use crate::lists::Lists;
use crate::predicates::floor_div;

use super::point_tree::PointSlices;
use super::{sampled_share, Fragment};

/// Which candidate search to run (hidden knob for tests and benchmarks).
// Only tests and benchmarks force a search (feature `internals`).
#[cfg_attr(not(any(test, feature = "internals")), allow(dead_code))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SearchMode {
    /// The grid, unless its cell counts show clustering ([C4]); then the sweep.
    #[default]
    Auto,
    /// Always the uniform grid ([C2], [C3]).
    Grid,
    /// Always the sweep and the binary search of [C4].
    Sweep,
    /// Every pair whose boxes meet (quadratic; for tests).
    BruteForce,
}

/// The search actually used for one candidate query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Path {
    Grid,
    Sweep,
    /// Points only: the point slices of clustered input.
    Tree,
    BruteForce,
}

/// Points per point and fragment the band scans may read before the slices take over
/// ([`tree_due`]; see [`super::point_tree`]). Not lower: polys-10^4's union reads 4–16
/// per point and fragment, and there the bands beat the slices (its region took 10 %
/// longer with the switch at 1 or 4).
const TREE_AFTER_READS: u64 = 16;

/// Reads per search beyond which the bands give way early: a long fragment through a
/// cluster reads the whole cluster (160,000 points for each of 400 needles), where the
/// slices read about 4,000 (67 slices). The total budget alone let 17 needle searches
/// read 2.7 million points first, 14 % of their arrangement.
const TREE_READS_PER_SEARCH: u64 = 256;

/// Searches' worth of [`TREE_READS_PER_SEARCH`] allowed before the rate applies.
const TREE_GRACE_SEARCHES: u64 = 32;

/// With Auto, the band search gives way to the point slices before its scans would read
/// more than the `budget` ([`TREE_AFTER_READS`] × (points + fragments) points), or more
/// than [`TREE_READS_PER_SEARCH`] × (searches + [`TREE_GRACE_SEARCHES`]): whether `reads`
/// points read in `searches` band searches pass either.
fn tree_due(mode: SearchMode, budget: u64, reads: u64, searches: u64) -> bool {
    let heavy = reads > TREE_READS_PER_SEARCH.saturating_mul(searches + TREE_GRACE_SEARCHES);
    mode == SearchMode::Auto && (reads > budget || heavy)
}

/// Clustering threshold of [C4]: sum over cells of count² above this times the items.
const CLUSTER_FACTOR: u128 = 32;

/// The [C4] rule on cell counts laid out as `counts[k + 1]` for cell k.
fn clustered(counts: &[usize], items: usize) -> bool {
    let square_sum: u128 = counts.iter().map(|&c| (c as u128) * (c as u128)).sum();
    square_sum > CLUSTER_FACTOR * items as u128
}

/// Whether at least six sevenths of the fragments are horizontal or vertical (on a
/// sample, [`sampled_share`]): then the sweep beats the grid ([C4] allows any complete
/// search, [C1]). A horizontal fragment sits in one band of the sweep, where the grid
/// lists a long one in every cell it passes. Measured on `Region::shrink` (sweep against
/// grid): rooms-1024 (share 0.87) 4.5 → 4.1 ms, cave-256 (0.87) 20.8 → 20.1 ms; the caves
/// from 512 (0.88) already took the sweep ([C4]); pillars (0.80) were slower, 4.5 → 5.3 ms
/// (medians) on pillars-256, and so were tile maps' grown regions (0.65–0.68) on
/// pillars-256 (docs/performance.md, twenty-fourth session).
fn mostly_axis_parallel(segs: &[Fragment]) -> bool {
    let (axis_parallel, seen) = sampled_share(segs, |f| f.a.x == f.b.x || f.a.y == f.b.y);
    7 * axis_parallel >= 6 * seen
}

/// The cell layout of [C2]: square cells of side 2^shift over the bounding box.
struct Layout {
    min_x: i64,
    min_y: i64,
    shift: u32,
    cols: usize,
    rows: usize,
}

impl Layout {
    /// Side 2^s, s ≥ 1, the least power of two at least the mean extent max(|dx|, |dy|),
    /// raised until the grid has at most max(2n, 4) cells.
    fn new(segs: &[Fragment]) -> Layout {
        let (mut min_x, mut min_y, mut max_x, mut max_y) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        let mut extent_sum: u128 = 0;
        for f in segs {
            for p in [f.a, f.b] {
                min_x = min_x.min(p.x);
                min_y = min_y.min(p.y);
                max_x = max_x.max(p.x);
                max_y = max_y.max(p.y);
            }
            let dx = f.b.x.abs_diff(f.a.x);
            let dy = f.b.y.abs_diff(f.a.y);
            extent_sum += u128::from(dx.max(dy));
        }
        if segs.is_empty() {
            (min_x, min_y, max_x, max_y) = (0, 0, 0, 0);
        }
        let n = segs.len().max(1) as u128;
        let width = max_x.abs_diff(min_x);
        let height = max_y.abs_diff(min_y);
        let mut shift = 1u32;
        // Least 2^s with 2^s · n ≥ Σ extent, i.e. 2^s ≥ the mean extent.
        while shift < 62 && (1u128 << shift) * n < extent_sum {
            shift += 1;
        }
        let cells = |s: u32| u128::from((width >> s) + 1) * u128::from((height >> s) + 1);
        let limit = (2 * n).max(4);
        while shift < 62 && cells(shift) > limit {
            shift += 1;
        }
        Layout {
            min_x,
            min_y,
            shift,
            cols: ((width >> shift) + 1) as usize,
            rows: ((height >> shift) + 1) as usize,
        }
    }

    fn cell_count(&self) -> usize {
        self.cols * self.rows
    }

    /// Cells are numbered column by column: fragments and points are processed in x
    /// order, so consecutive ones touch nearby cell slots (cache locality at 10^6 items).
    fn cell(&self, col: usize, row: usize) -> usize {
        col * self.rows + row
    }

    fn col(&self, x: i64) -> usize {
        let c = (x.saturating_sub(self.min_x).max(0) >> self.shift) as usize;
        c.min(self.cols - 1)
    }

    fn row(&self, y: i64) -> usize {
        let r = (y.saturating_sub(self.min_y).max(0) >> self.shift) as usize;
        r.min(self.rows - 1)
    }

    /// Row of the point of segment a→b (a.x < b.x) at abscissa x, by exact floor division.
    fn row_at(&self, a: GridPoint, b: GridPoint, x: i64) -> usize {
        // At an endpoint the row is the endpoint's: no division (the common case).
        if x == a.x {
            return self.row(a.y);
        }
        if x == b.x {
            return self.row(b.y);
        }
        // floor(y(x)) − min_y = (a.y − min_y) + floor((x − a.x)·dy / dx) (dx > 0), then
        // the row by a shift (nested floors of positive divisors compose). The product
        // fits i64 on all but huge inputs; otherwise i128 (|product| < 2^81).
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let rise = match (x - a.x).checked_mul(dy) {
            Some(product) => i128::from(product.div_euclid(dx)),
            None => (i128::from(x - a.x) * i128::from(dy)).div_euclid(i128::from(dx)),
        };
        let y = (i128::from(a.y - self.min_y) + rise).max(0);
        ((y >> self.shift) as usize).min(self.rows - 1)
    }

    /// Calls `visit` with every cell the closed segment passes through ([C2]): per column,
    /// the row range between the rows of the segment at the column's clipped x ends.
    /// Columns go left to right and rows upwards, so the cells come in increasing order
    /// (they are numbered column by column): a fragment's list of cells is sorted as
    /// [`first_common`]'s merge needs.
    fn for_each_cell(&self, f: &Fragment, mut visit: impl FnMut(usize)) {
        let (a, b) = (f.a, f.b); // a < b in (x, y), so a.x ≤ b.x
        let (c0, c1) = (self.col(a.x), self.col(b.x));
        for col in c0..=c1 {
            let (r0, r1) = if a.x == b.x {
                (self.row(a.y.min(b.y)), self.row(a.y.max(b.y)))
            } else {
                let x0 = self.min_x + ((col as i64) << self.shift);
                let x1 = x0 + (1i64 << self.shift);
                let (xl, xr) = (a.x.max(x0), b.x.min(x1));
                let (ra, rb) = (self.row_at(a, b, xl), self.row_at(a, b, xr));
                (ra.min(rb), ra.max(rb))
            };
            for row in r0..=r1 {
                visit(self.cell(col, row));
            }
        }
    }
}

/// A compact index (of a fragment, point or cell) in the search structures: half the
/// memory of `usize`. [`Index`] uses brute force beyond [`MAX_INDEXED`] items.
pub(super) type Id = u32;

/// Up to this many fragments Auto compares all pairs and all points (no index to build).
const SMALL_INPUT: usize = 32;

/// Most fragments or points the grid and sweep index; cells stay below 2 × this.
const MAX_INDEXED: usize = 1 << 31;

/// Points per segment from which the point search's bands are thinner than the sweep's
/// (`for_points`). Measured on the chain phase (`shrink_phases`, `bench_regions polys`,
/// `bench_arrangement`): below it, the sweep's height was 15–20 % faster on the cave-1024
/// shrink and no slower elsewhere; at 14 points per segment (polys-10000) the quarter
/// height was 28 % faster.
const DENSE_POINTS_PER_SEGMENT: usize = 4;

/// Horizontal bands of height 2^shift for the [C4] searches. The sweep keeps its active
/// list per band and the x-sorted points are kept per band, so a query reads only the
/// bands its y range meets: the same sweep and binary search, restricted by y (every
/// candidate is still decided exactly, [C1]). A band index is a clamped, monotone function
/// of y, so a point inside a y range always lies in one of the range's bands.
#[derive(Debug, Clone, Copy)]
struct Bands {
    min_y: i64,
    max_y: i64,
    shift: u32,
    count: usize,
}

impl Bands {
    /// Height: the least power of two at least the mean y extent, raised until there are
    /// at most max(n, 1) bands.
    fn new(segs: &[Fragment]) -> Bands {
        let (mut min_y, mut max_y) = (i64::MAX, i64::MIN);
        let mut extent_sum: u128 = 0;
        for f in segs {
            min_y = min_y.min(f.a.y.min(f.b.y));
            max_y = max_y.max(f.a.y.max(f.b.y));
            extent_sum += u128::from(f.b.y.abs_diff(f.a.y));
        }
        if segs.is_empty() {
            (min_y, max_y) = (0, 0);
        }
        let n = segs.len().max(1) as u128;
        let height = max_y.abs_diff(min_y);
        let mut shift = 0u32;
        while shift < 62 && (1u128 << shift) * n < extent_sum {
            shift += 1;
        }
        while shift < 62 && u128::from(height >> shift) + 1 > n {
            shift += 1;
        }
        Bands::with_shift(min_y, max_y, shift)
    }

    fn with_shift(min_y: i64, max_y: i64, shift: u32) -> Bands {
        Bands {
            min_y,
            max_y,
            shift,
            count: ((max_y.abs_diff(min_y) >> shift) + 1) as usize,
        }
    }

    /// Bands for the point search. A query costs a search per band it meets plus the
    /// points it reads. With fewer than [`DENSE_POINTS_PER_SEGMENT`] points per segment
    /// (the shrink's overlays: about one) the searches dominate and the bands keep the
    /// sweep's height; with more (the union of polys-10000: 14) the reads do, and the
    /// bands are a quarter of it, at most max(points, 1) of them.
    fn for_points(self, points: usize, segments: usize) -> Bands {
        if points < DENSE_POINTS_PER_SEGMENT.saturating_mul(segments) {
            return self;
        }
        let thin = Bands::with_shift(self.min_y, self.max_y, self.shift.saturating_sub(2));
        if thin.count <= points.max(1) {
            thin
        } else {
            self
        }
    }

    fn band(&self, y: i64) -> usize {
        let b = (y.saturating_sub(self.min_y).max(0) >> self.shift) as usize;
        b.min(self.count - 1)
    }

    /// The y values of band b (the end bands reach to infinity: band() clamps).
    fn span(&self, b: usize) -> (i64, i64) {
        let lo = if b == 0 {
            i64::MIN
        } else {
            self.min_y + ((b as i64) << self.shift)
        };
        let hi = if b + 1 == self.count {
            i64::MAX
        } else {
            self.min_y + (((b + 1) as i64) << self.shift) - 1
        };
        (lo, hi)
    }

    /// The bands meeting [lo, hi].
    fn range(&self, lo: i64, hi: i64) -> std::ops::RangeInclusive<usize> {
        self.band(lo)..=self.band(hi)
    }
}

/// The uniform grid of [C2] over a set of segments.
struct SegmentGrid {
    layout: Layout,
    /// Cells of each segment, in increasing order ([`Layout::for_each_cell`]).
    seg_cells: Lists,
    /// Segments of each cell, in index order.
    cell_segs: Lists,
}

impl SegmentGrid {
    /// The grid of `segs`, or None when `unless_clustered` and its cell counts show
    /// clustering ([C4]: Σ count² > 32 n).
    fn build(segs: &[Fragment], unless_clustered: bool) -> Option<SegmentGrid> {
        let layout = Layout::new(segs);
        let mut start = Vec::with_capacity(segs.len() + 1);
        let mut cells: Vec<Id> = Vec::with_capacity(segs.len() * 2);
        start.push(0);
        for f in segs {
            layout.for_each_cell(f, |c| cells.push(c as Id));
            start.push(cells.len());
        }
        let seg_cells = Lists {
            start,
            items: cells,
        };
        // Count the segments per cell straight from the flat cell list; [C4] needs only
        // these counts, so a clustered grid stops here.
        let counts = Lists::count(
            layout.cell_count(),
            seg_cells.items.iter().map(|&c| c as usize),
        );
        if unless_clustered && clustered(&counts, segs.len()) {
            return None;
        }
        let pairs =
            (0..segs.len()).flat_map(|i| seg_cells.get(i).iter().map(move |&c| (c as usize, i)));
        let cell_segs = Lists::fill(counts, pairs);
        Some(SegmentGrid {
            layout,
            seg_cells,
            cell_segs,
        })
    }
}

/// A range of x holding every point p with y_lo ≤ p.y ≤ y_hi that lies within L∞
/// distance 1 of segment s: s's x range over y in [y_lo − 1, y_hi + 1], rounded outwards
/// (exact floor/ceil divisions), grown by 1. The caller passes y_lo ≤ y_hi within s's y
/// range grown by 1.
fn x_range_near(s: &Fragment, y_lo: i64, y_hi: i64) -> (i64, i64) {
    let (a, b) = (s.a, s.b);
    let (dx, dy) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
    if dy == 0 {
        return (a.x - 1, b.x + 1);
    }
    let (seg_lo, seg_hi) = (a.y.min(b.y), a.y.max(b.y));
    let lo = y_lo.saturating_sub(1).max(seg_lo);
    let hi = y_hi.saturating_add(1).min(seg_hi);
    // x(y) = a.x + (y − a.y)·dx/dy; |numerator| < 2^81 at |coordinates| ≤ 2^39.
    let (num_lo, num_hi) = (i128::from(lo - a.y) * dx, i128::from(hi - a.y) * dx);
    let (den, num_lo, num_hi) = if dy > 0 {
        (dy, num_lo, num_hi)
    } else {
        (-dy, -num_lo, -num_hi)
    };
    let floor = |n: i128| floor_div(n, den);
    let ceil = |n: i128| floor(n + den - 1);
    let x0 = i128::from(a.x) + floor(num_lo).min(floor(num_hi));
    let x1 = i128::from(a.x) + ceil(num_lo).max(ceil(num_hi));
    (x0 as i64 - 1, x1 as i64 + 1)
}

/// `xs.partition_point(pred)` found by galloping from `hint` (either way): O(log d) reads
/// for an answer d places from the hint, so nearby answers cost no binary search over the
/// whole slice.
pub(super) fn partition_from<T>(xs: &[T], hint: usize, pred: impl Fn(&T) -> bool) -> usize {
    let n = xs.len();
    let hint = hint.min(n);
    let mut step = 1;
    if hint < n && pred(&xs[hint]) {
        // Every element before `lo` satisfies pred.
        let mut lo = hint + 1;
        loop {
            let probe = lo + step - 1;
            if probe >= n {
                return lo + xs[lo..].partition_point(&pred);
            }
            if !pred(&xs[probe]) {
                return lo + xs[lo..probe].partition_point(&pred);
            }
            lo = probe + 1;
            step *= 2;
        }
    }
    // The answer is at most `hi`.
    let mut hi = hint;
    loop {
        if hi < step {
            return xs[..hi].partition_point(&pred);
        }
        let probe = hi - step;
        if pred(&xs[probe]) {
            return probe + 1 + xs[probe + 1..hi].partition_point(&pred);
        }
        hi = probe;
        step *= 2;
    }
}

/// The least element of two sorted lists that both hold.
fn first_common(a: &[Id], b: &[Id]) -> Option<Id> {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => return Some(a[i]),
        }
    }
    None
}

/// A segment in the sweep's active list, with its box (its minimum x is behind the sweep).
#[derive(Debug, Clone, Copy)]
struct ActiveEntry {
    id: Id,
    /// [`AXIS_HORIZONTAL`], [`AXIS_VERTICAL`] or [`AXIS_NONE`] (kept in what would be
    /// padding).
    axis: u32,
    max_x: i64,
    min_y: i64,
    max_y: i64,
}

/// The direction bits of an [`ActiveEntry`]: a segment is horizontal, vertical or
/// neither (a fragment has distinct ends, so not both).
const AXIS_NONE: u32 = 0;
const AXIS_HORIZONTAL: u32 = 1;
const AXIS_VERTICAL: u32 = 2;

fn axis_of(horizontal: bool, vertical: bool) -> u32 {
    (u32::from(horizontal) * AXIS_HORIZONTAL) | (u32::from(vertical) * AXIS_VERTICAL)
}

/// How points are searched.
enum PointSearch {
    /// Points per cell of the segment grid, plus a stamp per cell for the current query.
    Grid {
        cell_points: Lists,
        /// Coordinates in `cell_points.items` order: a cell's scan reads only these.
        xs: Vec<i64>,
        ys: Vec<i64>,
        stamp: Vec<Id>,
    },
    /// The (x, y)-sorted points per band, each band's x range found by binary search
    /// ([C4]); coordinates copied in band order so a scan reads only these arrays.
    Sorted {
        bands: Bands,
        lists: Lists,
        xs: Vec<i64>,
        ys: Vec<i64>,
        /// Per band, where its last scan started (relative to the band's first point):
        /// fragments come in x order, so the next scan of the band starts nearby and is
        /// found by galloping from there instead of a binary search over the whole band.
        cursors: Vec<usize>,
    },
    /// The point slices (Auto on clustered input).
    Tree(PointSlices),
    BruteForce,
}

/// A candidate index over one set of segments, with an optional set of points attached.
pub(crate) struct Index {
    mode: SearchMode,
    path: Path,
    grid: Option<SegmentGrid>,
    /// The bands of the [C4] searches (sweep path only).
    bands: Option<Bands>,
    points: PointSearch,
    point_path: Path,
    /// Points the band scans have read since the points were attached.
    point_reads: u64,
    /// Band searches since the points were attached.
    point_searches: u64,
    /// How many segments the index holds.
    segments: usize,
}

impl Index {
    /// Builds the segment part of the index for `segs` (every fragment has a < b).
    pub(crate) fn new(segs: &[Fragment], mode: SearchMode) -> Index {
        let (path, grid) = match mode {
            // Beyond MAX_INDEXED the compact indices would not fit: brute force, which
            // needs no index (never reached in practice: the fragments alone would take
            // 96 GiB).
            _ if segs.len() >= MAX_INDEXED => (Path::BruteForce, None),
            SearchMode::BruteForce => (Path::BruteForce, None),
            // A handful of fragments: all pairs cost less than building a grid.
            SearchMode::Auto if segs.len() <= SMALL_INPUT => (Path::BruteForce, None),
            SearchMode::Sweep => (Path::Sweep, None),
            SearchMode::Grid => (Path::Grid, SegmentGrid::build(segs, false)),
            SearchMode::Auto if mostly_axis_parallel(segs) => (Path::Sweep, None),
            SearchMode::Auto => match SegmentGrid::build(segs, true) {
                Some(grid) => (Path::Grid, Some(grid)),
                None => (Path::Sweep, None),
            },
        };
        let bands = (path == Path::Sweep).then(|| Bands::new(segs));
        Index {
            mode,
            path,
            grid,
            bands,
            points: PointSearch::BruteForce,
            point_path: path,
            point_reads: 0,
            point_searches: 0,
            segments: segs.len(),
        }
    }

    /// The search used for crossing pairs.
    pub(crate) fn path(&self) -> Path {
        self.path
    }

    /// The search used for point candidates (after [`Index::attach_points`]).
    pub(crate) fn point_path(&self) -> Path {
        self.point_path
    }

    /// Calls `f(i, j)` (i < j) at least once for every pair of segments whose closed
    /// segments share a point, and exactly once per pair in the grid and sweep paths.
    /// Every path reports only pairs whose bounding boxes meet.
    pub(crate) fn for_each_pair(&self, segs: &[Fragment], f: impl FnMut(usize, usize)) {
        self.pairs(segs, false, f);
    }

    /// [`Index::for_each_pair`] for proper crossings only: the sweep may leave out pairs
    /// of two horizontal or two vertical segments, which are collinear where they meet
    /// and so never cross properly (a fifth of the cave-1024 shrink's pairs).
    pub(crate) fn for_each_crossing_candidate(
        &self,
        segs: &[Fragment],
        f: impl FnMut(usize, usize),
    ) {
        self.pairs(segs, true, f);
    }

    fn pairs(&self, segs: &[Fragment], skip_parallel: bool, mut f: impl FnMut(usize, usize)) {
        match (&self.grid, self.path) {
            (Some(grid), Path::Grid) => {
                // A pair shares a point only if it shares the cell holding that point
                // ([C3]): all pairs of each cell, from the cell's boxes copied side by side.
                // A pair sharing several cells is reported in the first (lowest) one; each
                // segment's cell list is sorted, so that cell is found by a merge.
                let mut boxes: Vec<[i64; 4]> = Vec::new();
                for cell in 0..grid.layout.cell_count() {
                    let list = grid.cell_segs.get(cell);
                    if list.len() < 2 {
                        continue;
                    }
                    boxes.clear();
                    boxes.extend(list.iter().map(|&j| {
                        let t = &segs[j as usize];
                        [t.a.x, t.b.x, t.a.y.min(t.b.y), t.a.y.max(t.b.y)]
                    }));
                    for (p, (&i, s)) in list.iter().zip(&boxes).enumerate() {
                        let cells_i = grid.seg_cells.get(i as usize);
                        for (&j, t) in list[p + 1..].iter().zip(&boxes[p + 1..]) {
                            if t[0] > s[1] || s[0] > t[1] || t[2] > s[3] || s[2] > t[3] {
                                continue;
                            }
                            let cells_j = grid.seg_cells.get(j as usize);
                            if cells_i.len() > 1
                                && cells_j.len() > 1
                                && first_common(cells_i, cells_j) != Some(cell as Id)
                            {
                                continue;
                            }
                            f(i as usize, j as usize);
                        }
                    }
                }
            }
            (_, Path::BruteForce) => {
                // Every pair whose boxes meet (a pair sharing a point always does).
                for (i, s) in segs.iter().enumerate() {
                    let (s_lo, s_hi) = (s.a.y.min(s.b.y), s.a.y.max(s.b.y));
                    for (j, t) in segs.iter().enumerate().skip(i + 1) {
                        if t.a.x <= s.b.x
                            && s.a.x <= t.b.x
                            && t.a.y.min(t.b.y) <= s_hi
                            && s_lo <= t.a.y.max(t.b.y)
                        {
                            f(i, j);
                        }
                    }
                }
            }
            _ => {
                // [C4] sweep by minimum x (a.x, since a < b); the active list holds the
                // segments whose x range still reaches the sweep position, per band.
                let bands = self.bands.unwrap_or_else(|| Bands::new(segs));
                let mut order: Vec<Id> = (0..segs.len() as Id).collect();
                // Fragments usually come sorted by (a, b) already.
                if !segs.windows(2).all(|w| w[0].a.x <= w[1].a.x) {
                    order.sort_by_key(|&i| segs[i as usize].a.x);
                }
                // Active entries carry what the tests need inline (no lookups): every
                // active segment starts at or before s (sweep order), so its box meets s's
                // box when it still reaches s.a.x and the y ranges meet.
                let mut active: Vec<Vec<ActiveEntry>> = vec![Vec::new(); bands.count];
                // The pairs of one segment are gathered first (`partners[..met]`, a buffer
                // that only grows) and reported after its bands are swept, so the pass
                // over the active lists stays a small loop.
                let mut partners: Vec<Id> = Vec::new();
                for &id in &order {
                    let i = id as usize;
                    let s = &segs[i];
                    let (min_y, max_y) = (s.a.y.min(s.b.y), s.a.y.max(s.b.y));
                    let axis = axis_of(min_y == max_y, s.a.x == s.b.x);
                    // With `skip_parallel` (crossing candidates), active entries that
                    // cannot cross s properly are left out: those of s's own direction
                    // (collinear with s where they meet it); every axis-parallel one when
                    // s is horizontal (a vertical t, starting no later than s, lies at
                    // x ≤ s.a.x, never strictly inside s's x range); and, when s is
                    // vertical, a horizontal t unless it crosses s strictly (its y strictly
                    // inside s's y range, its x range reaching past s.a.x).
                    let skipped = match (skip_parallel, axis) {
                        (false, _) => AXIS_NONE,
                        (true, AXIS_HORIZONTAL) => AXIS_HORIZONTAL | AXIS_VERTICAL,
                        (true, _) => axis,
                    };
                    let strict = skip_parallel && axis == AXIS_VERTICAL;
                    let first = bands.band(min_y);
                    let mut met = 0;
                    for band in bands.range(min_y, max_y) {
                        let list = &mut active[band];
                        // Two segments sharing several bands meet in each: the pair is
                        // reported in the first band both occupy only, s's first or, when
                        // t starts higher, t's (its lowest y at or above this band's
                        // lower edge: t occupies this band).
                        let (s_starts_here, lower_edge) = (band == first, bands.span(band).0);
                        // One pass: drop what the sweep has left behind, test the rest.
                        // Without branches on the outcomes (they follow the data, and
                        // mispredictions cost more than the tests): every entry is
                        // written, and counted when it stays or meets s.
                        if partners.len() < met + list.len() {
                            partners.resize(met + list.len(), 0);
                        }
                        let mut kept = 0;
                        for k in 0..list.len() {
                            let t = list[k];
                            let stays = t.max_x >= s.a.x;
                            list[kept] = t;
                            kept += usize::from(stays);
                            let crosses_strictly =
                                (t.max_x > s.a.x) & (t.min_y > min_y) & (t.max_y < max_y);
                            let meets = stays
                                & (t.min_y <= max_y)
                                & (t.max_y >= min_y)
                                & (s_starts_here | (t.min_y >= lower_edge))
                                & (t.axis & skipped == 0)
                                & (!(strict & (t.axis == AXIS_HORIZONTAL)) | crosses_strictly);
                            partners[met] = t.id;
                            met += usize::from(meets);
                        }
                        list.truncate(kept);
                        list.push(ActiveEntry {
                            id,
                            axis,
                            max_x: s.b.x,
                            min_y,
                            max_y,
                        });
                    }
                    for &j in &partners[..met] {
                        let j = j as usize;
                        f(i.min(j), i.max(j));
                    }
                }
            }
        }
    }

    /// Attaches the (x, y)-sorted `points` for [`Index::for_each_point_near`].
    pub(crate) fn attach_points(&mut self, points: &[GridPoint]) {
        if points.len() >= MAX_INDEXED {
            self.points = PointSearch::BruteForce;
            self.point_path = Path::BruteForce;
            return;
        }
        match (&self.grid, self.path) {
            (Some(grid), Path::Grid) => {
                let layout = &grid.layout;
                let pairs = points
                    .iter()
                    .enumerate()
                    .map(|(k, p)| (layout.cell(layout.col(p.x), layout.row(p.y)), k));
                // Crowded pixels fall back to the binary search too, unless forced.
                let counts = Lists::count(layout.cell_count(), pairs.clone().map(|(k, _)| k));
                if self.mode == SearchMode::Auto && clustered(&counts, points.len()) {
                    self.set_sorted(points);
                } else {
                    let cell_points = Lists::fill(counts, pairs);
                    let stamp = vec![Id::MAX; layout.cell_count()];
                    let xs = cell_points
                        .items
                        .iter()
                        .map(|&k| points[k as usize].x)
                        .collect();
                    let ys = cell_points
                        .items
                        .iter()
                        .map(|&k| points[k as usize].y)
                        .collect();
                    self.points = PointSearch::Grid {
                        cell_points,
                        xs,
                        ys,
                        stamp,
                    };
                    self.point_path = Path::Grid;
                }
            }
            (_, Path::BruteForce) => {
                self.points = PointSearch::BruteForce;
                self.point_path = Path::BruteForce;
            }
            _ => self.set_sorted(points),
        }
    }

    fn set_sorted(&mut self, points: &[GridPoint]) {
        let bands = match (&self.grid, self.bands) {
            (_, Some(bands)) => bands,
            // The crowded-pixel fallback of the grid path: the grid rows are the bands.
            (Some(grid), None) => {
                let layout = &grid.layout;
                let max_y = layout.min_y + (((layout.rows - 1) as i64) << layout.shift);
                Bands::with_shift(layout.min_y, max_y, layout.shift)
            }
            (None, None) => Bands::with_shift(0, 0, 0),
        }
        .for_points(points.len(), self.segments);
        let pairs = points.iter().enumerate().map(|(k, p)| (bands.band(p.y), k));
        let lists = Lists::group(bands.count, pairs);
        let xs = lists.items.iter().map(|&k| points[k as usize].x).collect();
        let ys = lists.items.iter().map(|&k| points[k as usize].y).collect();
        self.points = PointSearch::Sorted {
            bands,
            lists,
            xs,
            ys,
            cursors: vec![0; bands.count],
        };
        self.point_path = Path::Sweep;
        self.point_reads = 0;
        self.point_searches = 0;
    }

    /// Calls `f(k, points[k])` for every attached point k that may lie within L∞ distance
    /// 1/2 of segment `i` (a superset of the pixels it meets and the points on it), each
    /// once in the grid and sorted paths, and only points in the segment's bounding box
    /// grown by 1 on every side. Coordinates come from the search's own copies,
    /// so the caller need not index `points`.
    pub(crate) fn for_each_point_near(
        &mut self,
        segs: &[Fragment],
        points: &[GridPoint],
        i: usize,
        mut f: impl FnMut(usize, GridPoint),
    ) {
        let s = &segs[i];
        // Only points in the segment's box grown by 1 can be within 1/2 of it.
        let (x_lo, x_hi) = (s.a.x - 1, s.b.x + 1);
        let (y_lo, y_hi) = (s.a.y.min(s.b.y) - 1, s.a.y.max(s.b.y) + 1);
        // Reports the points of items[lo..hi] (x-sorted) inside the box [x_lo, x_hi] ×
        // [y_lo, y_hi]; returns how many it read.
        let mut report =
            |x_lo: i64, x_hi: i64, lo: usize, hi: usize, xs: &[i64], ys: &[i64], items: &[Id]| {
                for ((&x, &y), &k) in xs[lo..hi].iter().zip(&ys[lo..hi]).zip(&items[lo..hi]) {
                    if x >= x_lo && x <= x_hi && y >= y_lo && y <= y_hi {
                        f(k as usize, GridPoint::new(x, y));
                    }
                }
                hi - lo
            };
        let (box_lo, box_hi) = (GridPoint::new(x_lo, y_lo), GridPoint::new(x_hi, y_hi));
        // The state of the switch to the slices ([`tree_due`]).
        let budget = TREE_AFTER_READS.saturating_mul((points.len() + segs.len()) as u64);
        let (reads_so_far, searches) = (self.point_reads, self.point_searches);
        let mut turn = false;
        match &mut self.points {
            PointSearch::Grid {
                cell_points,
                xs,
                ys,
                stamp,
            } => {
                let Some(grid) = &self.grid else { return };
                let layout = &grid.layout;
                // A pixel met by the segment has its centre within 1/2 of a point of the
                // segment, so in a visited cell or one of its 8 neighbours (cells ≥ 2 wide);
                // only cells meeting the grown box can hold such a centre.
                let (col_lo, col_hi) = (layout.col(x_lo), layout.col(x_hi));
                let (row_lo, row_hi) = (layout.row(y_lo), layout.row(y_hi));
                let cells = grid.seg_cells.get(i);
                let mut visit = |k: usize| {
                    let (mut lo, mut hi) = (cell_points.start[k], cell_points.start[k + 1]);
                    // A long run is cut to the box's x range by binary search first.
                    if hi - lo > 8 {
                        let cell_xs = &xs[lo..hi];
                        (lo, hi) = (
                            lo + cell_xs.partition_point(|&x| x < x_lo),
                            lo + cell_xs.partition_point(|&x| x <= x_hi),
                        );
                    }
                    report(x_lo, x_hi, lo, hi, xs, ys, &cell_points.items);
                };
                // Every such cell lies in the rectangle of cells of the grown box; when
                // that rectangle is small (the usual short fragment) scan it whole, with
                // no stamps: each cell once.
                let rectangle = (col_hi - col_lo + 1) * (row_hi - row_lo + 1);
                if rectangle <= 9 * cells.len() {
                    for c in col_lo..=col_hi {
                        for r in row_lo..=row_hi {
                            visit(layout.cell(c, r));
                        }
                    }
                    return;
                }
                for &cell in cells {
                    let cell = cell as usize;
                    let (col, row) = (cell / layout.rows, cell % layout.rows);
                    for c in col.saturating_sub(1).max(col_lo)..=(col + 1).min(col_hi) {
                        for r in row.saturating_sub(1).max(row_lo)..=(row + 1).min(row_hi) {
                            let k = layout.cell(c, r);
                            if stamp[k] != i as Id {
                                stamp[k] = i as Id;
                                visit(k);
                            }
                        }
                    }
                }
            }
            PointSearch::Sorted {
                bands,
                lists,
                xs,
                ys,
                cursors,
            } => {
                // The run of band `band` this search reads: the x range near the segment
                // over the band's y span (usually far shorter than the whole box's), as
                // positions in the band's x-sorted points.
                let run = |band: usize, hint: usize| {
                    let (start, end) = (lists.start[band], lists.start[band + 1]);
                    let (band_lo, band_hi) = bands.span(band);
                    let (x_lo, x_hi) = x_range_near(s, band_lo.max(y_lo), band_hi.min(y_hi));
                    let band_xs = &xs[start..end];
                    let lo = partition_from(band_xs, hint, |&x| x < x_lo);
                    let hi = lo + partition_from(&band_xs[lo..], 0, |&x| x <= x_hi);
                    (x_lo, x_hi, start + lo, start + hi)
                };
                let band_range = bands.range(y_lo, y_hi);
                // A search reads at most its bands' points and one more per band. When
                // that could pass the limits, its reads are counted first (binary searches
                // only), and when they would, the slices take over for this search; so
                // no search the bands make passes the limits, and the switch is only ever
                // made before a search.
                let (first, last) = (*band_range.start(), *band_range.end());
                let at_most = lists.start[last + 1] - lists.start[first] + (last + 1 - first);
                if tree_due(
                    self.mode,
                    budget,
                    reads_so_far + at_most as u64,
                    searches + 1,
                ) {
                    let reads: u64 = band_range
                        .clone()
                        .map(|band| {
                            let (_, _, lo, hi) = run(band, cursors[band]);
                            1 + (hi - lo) as u64
                        })
                        .sum();
                    turn = tree_due(self.mode, budget, reads_so_far + reads, searches + 1);
                }
                if !turn {
                    let mut reads = 0;
                    for band in band_range {
                        let (x_lo, x_hi, lo, hi) = run(band, cursors[band]);
                        cursors[band] = lo - lists.start[band];
                        reads += 1 + report(x_lo, x_hi, lo, hi, xs, ys, &lists.items) as u64;
                    }
                    self.point_reads += reads;
                    self.point_searches += 1;
                }
            }
            PointSearch::Tree(slices) => slices.for_each_near(s.a, s.b, box_lo, box_hi, &mut f),
            PointSearch::BruteForce => {
                for (k, &p) in points.iter().enumerate() {
                    if p.x >= x_lo && p.x <= x_hi && p.y >= y_lo && p.y <= y_hi {
                        f(k, p);
                    }
                }
            }
        }
        if turn {
            let slices = PointSlices::new(points);
            slices.for_each_near(s.a, s.b, box_lo, box_hi, &mut f);
            self.points = PointSearch::Tree(slices);
            self.point_path = Path::Tree;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{clustered, partition_from, Bands, Fragment, Layout};
    use crate::grid::GridPoint;
    use crate::workloads::XorShift64;

    /// A number in [−max, max].
    fn draw(rng: &mut XorShift64, max: i64) -> i64 {
        (rng.next_u64() % (2 * max as u64 + 1)) as i64 - max
    }

    fn frag(a: (i64, i64), b: (i64, i64)) -> Fragment {
        let (a, b) = (GridPoint::new(a.0, a.1), GridPoint::new(b.0, b.1));
        Fragment::new(a.min(b), a.max(b), [1, 0])
    }

    /// `count` fragments from points within `spread` of the origin, each reaching up to
    /// `reach` in x and y; about one in five horizontal and one in five vertical.
    fn random_fragments(
        rng: &mut XorShift64,
        count: i64,
        spread: i64,
        reach: i64,
    ) -> Vec<Fragment> {
        (0..count)
            .map(|_| {
                let a = (draw(rng, spread), draw(rng, spread));
                let b = match draw(rng, 2) {
                    -2 => (a.0, a.1 + draw(rng, reach)),
                    -1 => (a.0 + draw(rng, reach), a.1),
                    _ => (a.0 + draw(rng, reach), a.1 + draw(rng, reach)),
                };
                frag(a, b)
            })
            .collect()
    }

    /// Fragment counts, spreads and reaches over several orders of magnitude.
    fn random_fragment_sets(seed: u64, sets: usize) -> Vec<Vec<Fragment>> {
        let mut rng = XorShift64::new(seed);
        (0..sets)
            .map(|_| {
                let count = draw(&mut rng, 30) + 30;
                let spread = 1i64 << (draw(&mut rng, 9) + 9);
                let reach = 1i64 << (draw(&mut rng, 7) + 7);
                random_fragments(&mut rng, count, spread, reach)
            })
            .collect()
    }

    /// [C4]: the grid gives way when the sum of the squared counts exceeds 32 times the
    /// items; at exactly 32 times it is kept.
    #[test]
    fn clustering_needs_a_square_sum_above_32_per_item() {
        assert!(!clustered(&[0, 8], 2)); // 64 = 32 · 2
        assert!(clustered(&[0, 8, 1], 2)); // 65
        assert!(!clustered(&[0, 4, 4, 4, 4], 2)); // 64 again, spread over four cells
        assert!(!clustered(&[0, 0, 0], 0));
        assert!(clustered(&[0, 1], 0));
    }

    /// [C2]: the cell side is 2^s with s ≥ 1 the least for which both 2^s · n reaches the
    /// sum of the fragments' extents max(|dx|, |dy|) and the cells over their bounding box
    /// number at most max(2n, 4) (n at least 1); the columns and rows cover the box.
    #[test]
    fn the_cell_side_is_the_least_within_both_bounds() {
        let check = |segs: &[Fragment]| {
            let points = || segs.iter().flat_map(|f| [f.a, f.b]);
            let min_x = points().map(|p| p.x).min().unwrap_or(0);
            let max_x = points().map(|p| p.x).max().unwrap_or(0);
            let min_y = points().map(|p| p.y).min().unwrap_or(0);
            let max_y = points().map(|p| p.y).max().unwrap_or(0);
            let extents: u128 = segs
                .iter()
                .map(|f| u128::from(f.b.x.abs_diff(f.a.x).max(f.b.y.abs_diff(f.a.y))))
                .sum();
            let items = (segs.len() as u128).max(1);
            let side_cells = |s: u32, lo: i64, hi: i64| u128::from(hi.abs_diff(lo) >> s) + 1;
            let within = |s: u32| {
                (1u128 << s) * items >= extents
                    && side_cells(s, min_x, max_x) * side_cells(s, min_y, max_y)
                        <= (2 * items).max(4)
            };
            let layout = Layout::new(segs);
            let s = layout.shift;
            assert!(
                s >= 1 && within(s) && (s == 1 || !within(s - 1)),
                "{s} for {segs:?}"
            );
            assert_eq!((layout.min_x, layout.min_y), (min_x, min_y));
            assert_eq!(layout.cols as u128, side_cells(s, min_x, max_x));
            assert_eq!(layout.rows as u128, side_cells(s, min_y, max_y));
            s
        };
        // The bounds met exactly: four extents of 8 sum to 2^3 · 4; one fragment's box
        // holds exactly 4 cells of side 2.
        let exact: Vec<Fragment> = (0..4).map(|y| frag((0, y), (8, y))).collect();
        assert_eq!(check(&exact), 3);
        assert_eq!(check(&[frag((0, 0), (2, 2))]), 1);
        assert_eq!(check(&[]), 1);
        for segs in random_fragment_sets(5, 400) {
            check(&segs);
        }
    }

    /// [C2]: a fragment's cells are, column by column over its x range, the rows between
    /// the rows of its y (floored exactly) at the column's ends clipped to the fragment,
    /// and they come in strictly increasing order. Coordinates near 2^40 make the
    /// products overflow i64.
    #[test]
    fn a_fragments_cells_are_those_of_c2_in_increasing_order() {
        let mut rng = XorShift64::new(3);
        for round in 0..60 {
            let (spread, reach) = if round % 4 == 3 {
                (1i64 << 40, 1i64 << 39)
            } else {
                (
                    1i64 << (draw(&mut rng, 6) + 7),
                    1i64 << (draw(&mut rng, 5) + 6),
                )
            };
            let count = draw(&mut rng, 20) + 21;
            let segs = random_fragments(&mut rng, count, spread, reach);
            let layout = Layout::new(&segs);
            let side = 1i64 << layout.shift;
            for f in &segs {
                let mut cells = Vec::new();
                layout.for_each_cell(f, |c| cells.push(c));
                assert!(cells.windows(2).all(|w| w[0] < w[1]), "{cells:?} for {f:?}");
                let (a, b) = (f.a, f.b);
                let floor_y = |x: i64| {
                    let rise = i128::from(x - a.x) * i128::from(b.y - a.y);
                    i128::from(a.y) + rise.div_euclid(i128::from(b.x - a.x))
                };
                let mut expected = Vec::new();
                for col in layout.col(a.x)..=layout.col(b.x) {
                    let x0 = layout.min_x + col as i64 * side;
                    let (xl, xr) = (a.x.max(x0), b.x.min(x0 + side));
                    let (y0, y1) = if a.x == b.x {
                        (i128::from(a.y.min(b.y)), i128::from(a.y.max(b.y)))
                    } else {
                        (floor_y(xl), floor_y(xr))
                    };
                    let row = |y: i128| layout.row(y as i64);
                    for r in row(y0.min(y1))..=row(y0.max(y1)) {
                        expected.push(layout.cell(col, r));
                    }
                }
                assert_eq!(cells, expected, "{f:?}");
            }
        }
    }

    /// The sweep's bands (docs/spec/arrangement.md): height 2^h with h ≥ 0 the least for
    /// which both 2^h · n reaches the sum of the fragments' |dy| and the bands over their
    /// y range number at most max(n, 1). Each y lies in the span of its band, the spans
    /// tile the whole line in order, and a range's bands are those of its ends.
    #[test]
    fn the_band_height_is_the_least_within_both_bounds() {
        let mut rng = XorShift64::new(11);
        // The bounds met exactly: four rises of 8 sum to 2^3 · 4; two bands for two.
        let mut cases: Vec<Vec<Fragment>> = vec![
            (0..4).map(|x| frag((x, 0), (x, 8))).collect(),
            vec![frag((0, 0), (1, 1)), frag((0, 0), (1, 0))],
            vec![],
        ];
        cases.extend(random_fragment_sets(11, 400));
        for segs in &cases {
            let ys = || segs.iter().flat_map(|f| [f.a.y, f.b.y]);
            let (min_y, max_y) = (ys().min().unwrap_or(0), ys().max().unwrap_or(0));
            let rises: u128 = segs.iter().map(|f| u128::from(f.b.y.abs_diff(f.a.y))).sum();
            let items = (segs.len() as u128).max(1);
            let count = |h: u32| u128::from(max_y.abs_diff(min_y) >> h) + 1;
            let within = |h: u32| (1u128 << h) * items >= rises && count(h) <= items;
            let bands = Bands::new(segs);
            let h = bands.shift;
            assert!(within(h) && (h == 0 || !within(h - 1)), "{h} for {segs:?}");
            assert_eq!((bands.min_y, bands.max_y), (min_y, max_y));
            assert_eq!(bands.count as u128, count(h));
            assert_eq!(bands.span(0).0, i64::MIN);
            assert_eq!(bands.span(bands.count - 1).1, i64::MAX);
            for b in 1..bands.count {
                assert_eq!(bands.span(b).0, bands.span(b - 1).1 + 1);
            }
            for y in [min_y - 3, min_y, max_y, max_y + 3, i64::MIN, i64::MAX]
                .into_iter()
                .chain((0..40).map(|_| min_y + draw(&mut rng, 1 << 12).abs()))
            {
                let (lo, hi) = bands.span(bands.band(y));
                assert!(lo <= y && y <= hi, "{y} in band {}", bands.band(y));
                assert_eq!(bands.range(y, y.saturating_add(5)).start(), &bands.band(y));
                assert_eq!(
                    bands.range(y, y.saturating_add(5)).end(),
                    &bands.band(y.saturating_add(5))
                );
            }
        }
    }

    /// Point bands: the sweep's, or a quarter of their height when there are at least
    /// four points per segment and the thinner bands number at most max(points, 1).
    #[test]
    fn point_bands_are_thinner_only_for_dense_points() {
        let bands = Bands::with_shift(0, 1000, 5); // 32 high, 32 bands
        for (points, segments, shift) in [
            (39, 10, 5),  // fewer than 4 per segment
            (126, 40, 5), // fewer than 4 per segment, though 126 thin bands would do
            (40, 10, 5),  // 4 per segment, but 126 thin bands for 40 points
            (126, 10, 3), // 126 thin bands for 126 points
            (128, 32, 3), // exactly 4 per segment
            (125, 10, 5),
            (0, 0, 5), // 0 < 4 · 0 fails: 126 thin bands for at most 1 point
        ] {
            assert_eq!(
                bands.for_points(points, segments).shift,
                shift,
                "{points} {segments}"
            );
        }
        assert_eq!(Bands::with_shift(0, 0, 1).for_points(1, 0).shift, 0);
    }

    /// Galloping from any hint finds what a binary search finds, on runs with repeats.
    #[test]
    fn partition_from_any_hint_is_partition_point() {
        // Sorted runs of every length with values in 0..12 (a linear congruential sequence).
        let mut state = 7u64;
        for len in 0..40usize {
            let mut xs: Vec<i64> = (0..len)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    ((state >> 33) % 12) as i64
                })
                .collect();
            xs.sort_unstable();
            for x in -1..13 {
                let expected = xs.partition_point(|&v| v < x);
                for hint in 0..=len + 2 {
                    assert_eq!(
                        partition_from(&xs, hint, |&v| v < x),
                        expected,
                        "{xs:?} < {x} from {hint}"
                    );
                }
                let expected = xs.partition_point(|&v| v <= x);
                for hint in 0..=len + 2 {
                    assert_eq!(partition_from(&xs, hint, |&v| v <= x), expected);
                }
            }
        }
    }
}
