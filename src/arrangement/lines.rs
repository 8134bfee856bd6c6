//! The rounded crossings of mostly axis-parallel fragments found line by line (X9 step
//! (1) of the initial reroute; an implementation choice under [C1]: the same crossings
//! as the candidate search, found another way).
//!
//! Why this finds exactly the proper crossings. Take the fragments lying on one line
//! (y = c for horizontal ones, x = d for vertical ones) as open intervals. Joining the
//! members that overlap (the next starts strictly before the current one ends) and not
//! those that only touch gives the line's *open union*: disjoint open intervals, and a
//! point lies in one of them exactly when it lies strictly inside some fragment of the
//! line (the join of two overlapping open intervals adds no point of its own).
//! - A horizontal fragment on y = c and a vertical one on x = d cross properly exactly
//!   when d lies strictly inside the first's x range and c strictly inside the second's
//!   y range, at the integer point (d, c), which is its own pixel. So the crossings of
//!   axis-parallel pairs are the points (d, c) with d in the open union of line y = c and
//!   c in that of line x = d, each once.
//! - Two horizontal or two vertical fragments never cross properly (where they meet they
//!   are collinear).
//! - A slanted fragment (neither horizontal nor vertical) meets the line y = c, for c
//!   strictly between its ends' y, in one point P strictly inside it (for other c, not
//!   in its open interior). It crosses a horizontal fragment on that line properly
//!   exactly when P lies strictly inside that fragment, so the line holds such a
//!   crossing exactly when P lies in the line's open union, and all of them are the one
//!   point P, whose pixel `rounded_crossing_with_horizontal` computes from the line
//!   alone, as `rounded_crossing` would from any segment on it. Vertical lines are
//!   searched as horizontal ones with x and y exchanged.
//! - Pairs of slanted fragments are searched as before ([`Index`]), among themselves.
//!
//! Only mostly axis-parallel input whose vertical fragments overlap takes the lines
//! (Auto, from [`MIN_FRAGMENTS`], [`overlap_enough`], at most a quarter slanted, the
//! line tables and the slanted fragments' line visits within [`Budgets`]); the rest is
//! left to the candidate search, which meets few candidates where nothing overlaps. On
//! the cave-512 shrink (184 × 10^3 fragments on 517 rows and 517 columns, 23 × 10^3
//! slanted) the crossings took 12.8 ms against the search's 17.4 (docs/performance.md,
//! thirty-second session).

use std::cmp::Ordering;
use std::ops::Range;

use crate::grid::GridPoint;
use crate::predicates::{line_meets_horizontal_cmp, rounded_crossing_with_horizontal};

use super::repair::{crossings, Fragment};
use super::rows::in_key_order;
use super::search::{partition_from, Index, SearchMode};
use super::ArrangeStats;

/// Fewest fragments for which the lines are tried: below, the candidate search costs
/// less than the lines' tables.
const MIN_FRAGMENTS: usize = 1 << 12;

/// At most one fragment in this many may be slanted: the lines take the axis-parallel
/// ones off the candidate search, and leave it the slanted ones' pairs.
const SLANTED_SHARE: usize = 4;

/// At least one fragment in this many, of 4,096 spread evenly, must be a vertical one
/// overlapping the fragment before it (on its line). Overlapping axis-parallel fragments
/// (the shrink's rectangles over each other) are what makes the candidate search slow,
/// and their crossings many: on the standard caves 10–11 % of the sampled fragments do
/// (the lines 1.3–1.5 times faster), on pillars none (the lines three times slower: the
/// search meets few candidates there).
const OVERLAP_SHARE: usize = 32;

/// Most bits of the two line tables per fragment (two bytes): beyond, the lines are too
/// many for the tables to pay, and the candidate search runs instead.
const TABLE_BITS_PER_FRAGMENT: usize = 16;

/// Most lines the slanted fragments may cross, per fragment, before the candidate search
/// is deemed cheaper.
const LINE_VISITS_PER_FRAGMENT: usize = 4;

/// The open unions of the fragments on the lines of one direction: line coordinates
/// ascending, and per line its disjoint open intervals in order.
#[derive(Debug, Default)]
struct Lines {
    /// The lines' coordinates (y of horizontal lines, x of vertical ones), ascending.
    at: Vec<i64>,
    /// Line k's intervals are `intervals[start[k]..start[k + 1]]`.
    start: Vec<usize>,
    /// Open intervals (lo, hi), lo < hi, along the line.
    intervals: Vec<(i64, i64)>,
    /// Buckets of 2^`bucket_shift` coordinates from the first line: `buckets[i]` is the
    /// first line at or beyond bucket i's start, so a search starts there.
    buckets: Vec<u32>,
    bucket_shift: u32,
}

impl Lines {
    /// The open unions of `spans`: (line, lo, hi) with lo < hi, sorted by (line, lo).
    /// Sized for at most `lines` lines and `spans` spans.
    fn from_sorted(
        spans: impl Iterator<Item = (i64, i64, i64)>,
        lines: usize,
        spans_count: usize,
    ) -> Lines {
        let mut built = Lines::with_capacity(lines, spans_count);
        for (line, lo, hi) in spans {
            built.push(line, lo, hi);
        }
        built.finish()
    }

    /// Empty, with room for `lines` lines and `spans` spans ([`Self::push`] them, then
    /// [`Self::finish`]).
    fn with_capacity(lines: usize, spans: usize) -> Lines {
        Lines {
            at: Vec::with_capacity(lines),
            start: Vec::with_capacity(lines + 1),
            intervals: Vec::with_capacity(spans),
            ..Lines::default()
        }
    }

    /// Adds the span lo < hi on `line`; spans come sorted by (line, lo).
    fn push(&mut self, line: i64, lo: i64, hi: i64) {
        if self.at.last() != Some(&line) {
            self.at.push(line);
            self.start.push(self.intervals.len());
        } else if let Some(last) = self.intervals.last_mut() {
            if lo < last.1 {
                // Overlapping: joined. Touching (lo == last.1) keeps the point apart.
                last.1 = last.1.max(hi);
                return;
            }
        }
        self.intervals.push((lo, hi));
    }

    /// Closes the last line and builds the buckets.
    fn finish(self) -> Lines {
        let mut lines = self;
        lines.start.push(lines.intervals.len());
        // About two buckets per line.
        if let (Some(&first), Some(&last)) = (lines.at.first(), lines.at.last()) {
            let span = last.abs_diff(first);
            while span >> lines.bucket_shift >= 2 * lines.at.len() as u64 {
                lines.bucket_shift += 1;
            }
            let mut next = 0;
            lines.buckets = (0..=span >> lines.bucket_shift)
                .map(|i| {
                    let start = first + (i << lines.bucket_shift) as i64;
                    while lines.at[next] < start {
                        next += 1; // the last line is at or beyond every bucket start
                    }
                    next as u32
                })
                .collect();
        }
        lines
    }

    /// The first line beyond v (`strictly`) or at or beyond v: from v's bucket on.
    fn first_beyond(&self, v: i64, strictly: bool) -> usize {
        let Some(&first) = self.at.first() else {
            return 0;
        };
        if v < first {
            return 0;
        }
        let bucket = (v.abs_diff(first) >> self.bucket_shift) as usize;
        let Some(&from) = self.buckets.get(bucket) else {
            return self.at.len();
        };
        // v lies below the next bucket's start, so the answer is at most that bucket's
        // first line. A bucket holds a line or two, read in turn; when the lines cluster
        // it may hold many, and the rest are searched.
        let to = self
            .buckets
            .get(bucket + 1)
            .map_or(self.at.len(), |&k| k as usize);
        let before = |c: i64| c < v || (strictly && c == v);
        let mut k = from as usize;
        for _ in 0..4 {
            if k == to || !before(self.at[k]) {
                return k;
            }
            k += 1;
        }
        k + self.at[k..to].partition_point(|&c| before(c))
    }

    fn count(&self) -> usize {
        self.at.len()
    }

    fn line(&self, k: usize) -> &[(i64, i64)] {
        &self.intervals[self.start[k]..self.start[k + 1]]
    }

    /// The lines whose coordinate lies strictly between `lo` and `hi`.
    fn strictly_between(&self, lo: i64, hi: i64) -> Range<usize> {
        let start = self.first_beyond(lo, true);
        start..self.first_beyond(hi, false).max(start)
    }

    /// Whether line k's open union holds the point whose place along the line compares
    /// with a coordinate v as `place_cmp(v)` does. `guess` is the place in floating
    /// point: the search runs on it from `cursor` (where the line's last search ended,
    /// updated), and exact comparisons confirm its answer (or, when they do not, the
    /// search runs again on them).
    fn holds(
        &self,
        k: usize,
        cursor: &mut usize,
        guess: f64,
        place_cmp: impl Fn(i64) -> Ordering,
    ) -> bool {
        let line = self.line(k);
        let before = |hi: i64| place_cmp(hi) != Ordering::Less;
        // The first interval ending beyond the place; the place lies in it if it starts
        // before.
        let mut first = partition_from(line, *cursor, |&(_, hi)| hi as f64 <= guess);
        let confirmed = line.get(first).is_none_or(|&(_, hi)| !before(hi))
            && (first == 0 || before(line[first - 1].1));
        if !confirmed {
            first = line.partition_point(|&(_, hi)| before(hi));
        }
        *cursor = first;
        line.get(first)
            .is_some_and(|&(lo, _)| place_cmp(lo) == Ordering::Greater)
    }
}

/// A bit table of `rows` rows of `cols` bits.
struct BitTable {
    words_per_row: usize,
    words: Vec<u64>,
}

impl BitTable {
    fn new(rows: usize, cols: usize) -> BitTable {
        let words_per_row = cols.div_ceil(64);
        BitTable {
            words_per_row,
            words: vec![0; rows * words_per_row],
        }
    }

    fn row(&self, r: usize) -> &[u64] {
        &self.words[r * self.words_per_row..(r + 1) * self.words_per_row]
    }

    fn get(&self, r: usize, c: usize) -> bool {
        self.words[r * self.words_per_row + c / 64] >> (c % 64) & 1 == 1
    }

    /// Sets bits `cols` of row r, a word at a time.
    fn set_range(&mut self, r: usize, cols: Range<usize>) {
        let row = &mut self.words[r * self.words_per_row..(r + 1) * self.words_per_row];
        let mut c = cols.start;
        while c < cols.end {
            let (word, bit) = (c / 64, c % 64);
            let n = (64 - bit).min(cols.end - c);
            row[word] |= (u64::MAX >> (64 - n)) << bit;
            c += n;
        }
    }

    /// Calls `f(c)` for every bit c set in row r, in order.
    fn for_each_in_row(&self, r: usize, mut f: impl FnMut(usize)) {
        for (w, &word) in self.row(r).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                f(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

/// Appends the rounded crossing of every properly crossing pair of `fragments` (sorted
/// by (a, b), each with a < b) to `out`, each crossing point at least once, and returns
/// true; or returns false, having appended nothing, when the input does not suit the
/// lines (module header): the caller then runs the candidate search.
pub(super) fn crossings_by_lines(
    fragments: &[Fragment],
    stats: &mut ArrangeStats,
    out: &mut Vec<GridPoint>,
) -> bool {
    if fragments.len() < MIN_FRAGMENTS || !overlap_enough(fragments) {
        return false; // the candidate search is cheap, or meets few candidates
    }
    let budgets = Budgets {
        slanted: fragments.len() / SLANTED_SHARE,
        table_bits: TABLE_BITS_PER_FRAGMENT.saturating_mul(fragments.len()),
        line_visits: LINE_VISITS_PER_FRAGMENT.saturating_mul(fragments.len()),
    };
    crossings_within(fragments, budgets, stats, out)
}

/// Whether at least one in [`OVERLAP_SHARE`] of at most 4,096 fragments spread evenly
/// over `fragments` (sorted by (a, b)) is vertical and overlaps the fragment before it
/// on its line.
fn overlap_enough(fragments: &[Fragment]) -> bool {
    let step = fragments.len().div_ceil(4096).max(1);
    let (mut overlapping, mut seen) = (0, 0);
    for i in (step..fragments.len()).step_by(step) {
        let (before, f) = (&fragments[i - 1], &fragments[i]);
        seen += 1;
        overlapping += usize::from(
            f.a.x == f.b.x && before.a.x == before.b.x && before.a.x == f.a.x && f.a.y < before.b.y,
        );
    }
    overlapping * OVERLAP_SHARE >= seen
}

/// What the lines may cost before the candidate search is preferred.
#[derive(Debug, Clone, Copy)]
struct Budgets {
    /// Slanted fragments, at most.
    slanted: usize,
    /// Bits of the two line tables (each holds rows × columns).
    table_bits: usize,
    /// Lines visited by the slanted fragments.
    line_visits: usize,
}

/// [`crossings_by_lines`] within `budgets`, at any size.
fn crossings_within(
    fragments: &[Fragment],
    budgets: Budgets,
    stats: &mut ArrangeStats,
    out: &mut Vec<GridPoint>,
) -> bool {
    if fragments.len() >= u32::MAX as usize {
        return false; // the row order's 32-bit indices
    }
    // One pass counts the columns (vertical fragments come by (x, lower y) in canonical
    // input, horizontal ones by lower x: checked here): when the input is not canonical
    // or the tables would be too large, nothing is built.
    let (mut horizontals, mut verticals, mut column_count) = (0, 0, 0usize);
    let mut in_order = true;
    let (mut last_vertical, mut last_horizontal_x) = (None, i64::MIN);
    for f in fragments {
        if f.a.y == f.b.y {
            horizontals += 1;
            in_order &= last_horizontal_x <= f.a.x;
            last_horizontal_x = f.a.x;
        } else if f.a.x == f.b.x {
            verticals += 1;
            match last_vertical {
                Some((x, y)) if x == f.a.x => in_order &= y <= f.a.y,
                _ => {
                    in_order &= last_vertical.is_none_or(|(x, _)| x < f.a.x);
                    column_count += 1;
                }
            }
            last_vertical = Some((f.a.x, f.a.y));
        }
    }
    let slanted_count = fragments.len() - horizontals - verticals;
    if !in_order
        || column_count.saturating_mul(column_count) > budgets.table_bits
        || slanted_count > budgets.slanted
    {
        return false;
    }
    // Where the crossings go is sized first, before the buffers below (freed on return):
    // growing it among them would leave holes in the heap that the next phases cannot
    // use, and they would take fresh pages (docs/performance.md, thirty-second session).
    out.reserve(fragments.len() / 2);
    let mut horizontal: Vec<(i64, i64, i64)> = Vec::with_capacity(horizontals);
    let mut slanted: Vec<Fragment> = Vec::with_capacity(slanted_count);
    let mut columns = Lines::with_capacity(column_count, verticals);
    for f in fragments {
        if f.a.y == f.b.y {
            horizontal.push((f.a.y, f.a.x, f.b.x));
        } else if f.a.x == f.b.x {
            columns.push(f.a.x, f.a.y, f.b.y);
        } else {
            slanted.push(*f);
        }
    }
    let columns = columns.finish();
    // A stable sort by y puts the horizontal spans in (y, lower x) order.
    let by_row = in_key_order(horizontal.iter().map(|h| h.0));
    let row_count = 1 + by_row
        .windows(2)
        .filter(|w| horizontal[w[0] as u32 as usize].0 != horizontal[w[1] as u32 as usize].0)
        .count();
    let rows = Lines::from_sorted(
        by_row.iter().map(|&key| horizontal[key as u32 as usize]),
        row_count,
        horizontals,
    );
    drop((by_row, horizontal));
    if rows.count().saturating_mul(columns.count()) > budgets.table_bits {
        return false;
    }
    let kept = out.len();
    let Some(visits) = slanted_crossings(&slanted, &rows, &columns, budgets.line_visits, out)
    else {
        out.truncate(kept);
        return false;
    };
    stats.line_searches += 1;
    stats.crossing_candidates += visits as u64;
    axis_crossings(&rows, &columns, out);
    // The sweep, not Auto's grid: a shrink's slanted fragments are short chords spread
    // over the map (cave-512, 23 × 10^3 of them: 3.0 ms by the grid, 1.9 by the sweep).
    let index = Index::new(&slanted, SearchMode::Sweep);
    crossings(&slanted, &index, stats, out);
    true
}

/// The crossings of the slanted fragments with the rows and columns (module header),
/// or None once they visit more than `budget` lines. Returns the lines visited. The
/// rows are visited with the fragments in x order, the columns in y order, so that a
/// line's search starts from where its last one ended. The columns are searched as the
/// rows of the plane mirrored in x = y.
fn slanted_crossings(
    slanted: &[Fragment],
    rows: &Lines,
    columns: &Lines,
    budget: usize,
    out: &mut Vec<GridPoint>,
) -> Option<usize> {
    let mut visits = 0;
    let in_x_order = slanted.iter().map(|f| (f.a, f.b));
    cross_rows(in_x_order, rows, (&mut visits, budget), out, |p| p)?;
    let by_column = in_key_order(slanted.iter().map(|f| f.a.y.min(f.b.y)));
    let in_y_order = by_column.iter().map(|&key| {
        let f = &slanted[key as u32 as usize];
        (mirrored(f.a), mirrored(f.b))
    });
    cross_rows(in_y_order, columns, (&mut visits, budget), out, mirrored)?;
    Some(visits)
}

/// The point with its coordinates exchanged (the mirror image in x = y).
fn mirrored(p: GridPoint) -> GridPoint {
    GridPoint::new(p.y, p.x)
}

/// Appends `emit(crossing)` for each slanted segment a–b of `segments` and each row of
/// `rows` strictly between a.y and b.y whose open union holds the point where a–b meets
/// it; None once the visits, added to `visits.0`, exceed `visits.1`.
fn cross_rows(
    segments: impl Iterator<Item = (GridPoint, GridPoint)>,
    rows: &Lines,
    visits: (&mut usize, usize),
    out: &mut Vec<GridPoint>,
    emit: impl Fn(GridPoint) -> GridPoint,
) -> Option<()> {
    let (visited, budget) = visits;
    let mut cursors = vec![0; rows.count()];
    for (a, b) in segments {
        let slope = (b.x - a.x) as f64 / (b.y - a.y) as f64;
        let between = rows.strictly_between(a.y.min(b.y), a.y.max(b.y));
        *visited += between.len();
        if *visited > budget {
            return None;
        }
        for k in between {
            let y = rows.at[k];
            let guess = a.x as f64 + (y - a.y) as f64 * slope;
            let place = |x| line_meets_horizontal_cmp(a, b, y, x);
            if rows.holds(k, &mut cursors[k], guess, place) {
                out.push(emit(rounded_crossing_with_horizontal(a, b, y)));
            }
        }
    }
    Some(())
}

/// The crossings of horizontal and vertical fragments (module header): for each row, the
/// columns strictly inside its open union whose own open union holds the row.
fn axis_crossings(rows: &Lines, columns: &Lines, out: &mut Vec<GridPoint>) {
    // across[k]: the columns strictly inside row k's open union; along[j]: the rows
    // strictly inside column j's.
    let mut across = BitTable::new(rows.count(), columns.count());
    let mut along = BitTable::new(columns.count(), rows.count());
    for k in 0..rows.count() {
        for &(lo, hi) in rows.line(k) {
            across.set_range(k, columns.strictly_between(lo, hi));
        }
    }
    for j in 0..columns.count() {
        for &(lo, hi) in columns.line(j) {
            along.set_range(j, rows.strictly_between(lo, hi));
        }
    }
    for k in 0..rows.count() {
        across.for_each_in_row(k, |j| {
            if along.get(j, k) {
                out.push(GridPoint::new(columns.at[j], rows.at[k]));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::repair::{merge, oriented};
    use proptest::prelude::*;

    const UNLIMITED: Budgets = Budgets {
        slanted: usize::MAX,
        table_bits: usize::MAX,
        line_visits: usize::MAX,
    };

    /// Canonical fragments (a < b, sorted by (a, b), identical ones merged) of raw edges.
    fn canonical(edges: &[(GridPoint, GridPoint)]) -> Vec<Fragment> {
        let mut fragments: Vec<Fragment> = edges
            .iter()
            .filter(|(from, to)| from != to)
            .map(|&(from, to)| oriented(from, to, [1, 0]))
            .collect();
        merge(&mut fragments).unwrap();
        fragments
    }

    /// The crossing points of every candidate pair, sorted and distinct.
    fn searched(fragments: &[Fragment]) -> Vec<GridPoint> {
        let mut out = Vec::new();
        let index = Index::new(fragments, SearchMode::BruteForce);
        crossings(fragments, &index, &mut ArrangeStats::default(), &mut out);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// A slanted edge's ends on the lattice and the direction its far end is moved off.
    type SlantedSpec = ((i64, i64), (i64, i64), (i64, i64));

    /// Edges on a few lines of a small lattice (shared lines, overlaps, touching ends,
    /// T-junctions), and slanted edges whose ends are moved off the lattice by up to
    /// `jitter`, all scaled by `scale` (large scales reach the coordinate bound).
    fn edges_on_lines(
        axis: Vec<((i64, i64), i64, bool)>,
        slanted: Vec<SlantedSpec>,
        scale: i64,
        jitter: i64,
    ) -> Vec<(GridPoint, GridPoint)> {
        let at = |x: i64, y: i64| GridPoint::new(x * scale, y * scale);
        let mut edges: Vec<(GridPoint, GridPoint)> = axis
            .into_iter()
            .map(|((x, y), to, horizontal)| {
                if horizontal {
                    (at(x, y), at(to, y))
                } else {
                    (at(x, y), at(x, to))
                }
            })
            .collect();
        edges.extend(slanted.into_iter().map(|(a, b, (dx, dy))| {
            let (a, b) = (at(a.0, a.1), at(b.0, b.1));
            (a, GridPoint::new(b.x + dx * jitter, b.y + dy * jitter))
        }));
        edges
    }

    /// The lines, unlimited, find the crossings of the candidate search, in one search.
    fn lines_match_the_search(fragments: &[Fragment]) {
        let mut stats = ArrangeStats::default();
        let mut out = Vec::new();
        assert!(crossings_within(fragments, UNLIMITED, &mut stats, &mut out));
        assert_eq!(stats.line_searches, 1);
        out.sort_unstable();
        out.dedup();
        assert_eq!(out, searched(fragments));
    }

    proptest! {
        #[test]
        fn lines_find_the_crossings_of_the_candidate_search(
            axis in prop::collection::vec(((0i64..10, 0i64..10), 0i64..10, any::<bool>()), 0..120),
            slanted in prop::collection::vec(
                ((0i64..10, 0i64..10), (0i64..10, 0i64..10), (-1i64..=1, -1i64..=1)),
                0..30,
            ),
            (scale, jitter) in prop::sample::select(vec![
                (1i64, 0i64), (1, 1), (3, 1), (7, 2), (1 << 20, 12_345), (1 << 35, 1 << 20),
            ]),
        ) {
            lines_match_the_search(&canonical(&edges_on_lines(axis, slanted, scale, jitter)));
        }

        /// More lines than a word of the bit tables holds, and fragments across many.
        #[test]
        fn lines_find_the_crossings_on_many_lines(
            axis in prop::collection::vec(((0i64..150, 0i64..150), 0i64..150, any::<bool>()), 0..60),
            slanted in prop::collection::vec(
                ((0i64..150, 0i64..150), (0i64..150, 0i64..150), (-1i64..=1, -1i64..=1)),
                0..10,
            ),
            (scale, jitter) in prop::sample::select(vec![(1i64, 0i64), (3, 1), (1 << 20, 12_345)]),
        ) {
            lines_match_the_search(&canonical(&edges_on_lines(axis, slanted, scale, jitter)));
        }

        #[test]
        fn lines_strictly_between_is_the_filter(
            dense in prop::collection::vec(-40i64..40, 1..60),
            outliers in prop::collection::vec(prop::sample::select(vec![-(1i64 << 39), 1 << 20, 1 << 39]), 0..3),
            queries in prop::collection::vec((-50i64..50, -50i64..50), 1..20),
        ) {
            let mut at: Vec<i64> = dense.into_iter().chain(outliers).collect();
            at.sort_unstable();
            at.dedup();
            let lines = Lines::from_sorted(at.iter().map(|&c| (c, 0, 1)), at.len(), at.len());
            for (lo, hi) in queries.into_iter().chain([(-(1 << 39), 1 << 39), (0, 1 << 39)]) {
                let expected: Vec<usize> = (0..at.len()).filter(|&k| lo < at[k] && at[k] < hi).collect();
                let found: Vec<usize> = lines.strictly_between(lo, hi).collect();
                prop_assert_eq!(found, expected, "({}, {}) in {:?}", lo, hi, at);
            }
        }

        #[test]
        fn partition_from_a_cursor_is_the_partition_point(
            mut items in prop::collection::vec(-50i64..50, 0..40),
            from in 0usize..45,
            cut in -55i64..55,
        ) {
            items.sort_unstable();
            let from = from.min(items.len());
            prop_assert_eq!(
                partition_from(&items, from, |&v| v < cut),
                items.partition_point(|&v| v < cut)
            );
        }
    }

    /// `holds` answers by the exact comparisons whatever the floating-point guess and
    /// the cursor: a wrong guess only costs a second search.
    #[test]
    fn holds_is_exact_whatever_the_guess() {
        // Touching spans stay apart, so 10 is inside none; (42, 45) joins (40, 50).
        let spans = [(0, 10), (10, 20), (25, 30), (40, 50), (42, 45)];
        let lines = Lines::from_sorted(spans.iter().map(|&(lo, hi)| (7, lo, hi)), 1, 5);
        assert_eq!(lines.line(0), [(0, 10), (10, 20), (25, 30), (40, 50)]);
        // The place is twice / 2: on a span's end, strictly inside one, or outside all.
        for twice in -3i64..=105 {
            let inside = spans
                .iter()
                .any(|&(lo, hi)| 2 * lo < twice && twice < 2 * hi);
            let exact = twice as f64 / 2.0;
            let guesses = [
                -1e18,
                -1.0,
                0.0,
                9.5,
                10.0,
                22.0,
                35.0,
                50.0,
                1e18,
                f64::NAN,
            ];
            for guess in guesses.into_iter().chain([exact, exact - 0.5, exact + 0.5]) {
                for start in 0..=5 {
                    let mut cursor = start;
                    let found = lines.holds(0, &mut cursor, guess, |v| twice.cmp(&(2 * v)));
                    assert_eq!(
                        found, inside,
                        "place {exact}, guess {guess}, cursor {start}"
                    );
                }
            }
        }
    }

    /// Every range of a row, across word boundaries or not, sets exactly its bits, and
    /// leaves the other rows alone.
    #[test]
    fn bit_table_sets_exactly_the_range() {
        let cols = 150;
        for start in 0..cols {
            for end in start..=cols {
                let mut table = BitTable::new(3, cols);
                table.set_range(1, start..end);
                let mut listed = Vec::new();
                table.for_each_in_row(1, |c| listed.push(c));
                assert_eq!(listed, (start..end).collect::<Vec<_>>(), "{start}..{end}");
                for c in 0..cols {
                    assert_eq!(table.get(1, c), (start..end).contains(&c));
                }
                assert!(table.row(0).iter().chain(table.row(2)).all(|&w| w == 0));
            }
        }
    }

    /// Stacked vertical fragments (each overlapping the one before it) are enough; the
    /// same count side by side, or one in 40 stacked, is not.
    #[test]
    fn overlap_is_judged_on_a_sample() {
        let p = GridPoint::new;
        let column = |count: i64, stacked: bool| -> Vec<Fragment> {
            let mut fragments: Vec<Fragment> = (0..count)
                .map(|k| {
                    let (x, y) = if stacked { (0, k) } else { (k, 0) };
                    Fragment::new(p(x, y), p(x, y + 2), [1, 0])
                })
                .collect();
            merge(&mut fragments).unwrap();
            fragments
        };
        assert!(overlap_enough(&column(20_000, true)));
        assert!(!overlap_enough(&column(20_000, false)));
        let mut sparse = column(20_000, false);
        for k in 0..500 {
            sparse.push(Fragment::new(p(-1, k), p(-1, k + 2), [1, 0]));
        }
        merge(&mut sparse).unwrap();
        assert!(!overlap_enough(&sparse)); // 1 in 41
        for k in 500..1_000 {
            sparse.push(Fragment::new(p(-1, k), p(-1, k + 2), [1, 0]));
        }
        merge(&mut sparse).unwrap();
        assert!(overlap_enough(&sparse)); // 1 in 21
    }

    /// Over budget, nothing is appended and the caller is told to search instead.
    #[test]
    fn lines_over_budget_leave_the_output_alone() {
        let p = GridPoint::new;
        let fragments = canonical(&[
            (p(0, 5), p(10, 5)),
            (p(5, 0), p(5, 10)),
            (p(0, 0), p(10, 9)),
            (p(0, 8), p(10, 1)),
        ]);
        let before = vec![p(-1, -1)];
        for budgets in [
            Budgets {
                slanted: 1,
                ..UNLIMITED
            },
            Budgets {
                table_bits: 0,
                ..UNLIMITED
            },
            Budgets {
                line_visits: 3,
                ..UNLIMITED
            },
        ] {
            let mut out = before.clone();
            let mut stats = ArrangeStats::default();
            assert!(!crossings_within(&fragments, budgets, &mut stats, &mut out));
            assert_eq!(
                (out.as_slice(), stats.line_searches),
                (before.as_slice(), 0)
            );
        }
        // Fragments out of (a, b) order are left to the candidate search.
        let mut out = before.clone();
        let net = [1, 0];
        for unordered in [
            [(p(2, 7), p(8, 7)), (p(0, 5), p(10, 5)), (p(5, 0), p(5, 10))],
            [(p(5, 4), p(5, 9)), (p(5, 0), p(5, 6)), (p(0, 5), p(10, 5))],
            [(p(6, 0), p(6, 9)), (p(5, 0), p(5, 6)), (p(0, 5), p(10, 5))],
        ] {
            let unordered: Vec<Fragment> = unordered
                .iter()
                .map(|&(a, b)| Fragment::new(a, b, net))
                .collect();
            let mut stats = ArrangeStats::default();
            assert!(!crossings_within(
                &unordered, UNLIMITED, &mut stats, &mut out
            ));
            assert_eq!(out, before);
        }
        // Within budget: the axis crossing (5, 5); the slanted ones cross y = 5 at x =
        // 50/9 and 30/7, and x = 5 (and each other) at y = 4.5, which rounds up.
        let mut out = Vec::new();
        let budgets = Budgets {
            line_visits: 4,
            ..UNLIMITED
        };
        assert!(crossings_within(
            &fragments,
            budgets,
            &mut ArrangeStats::default(),
            &mut out
        ));
        out.sort_unstable();
        out.dedup();
        assert_eq!(out, searched(&fragments));
        assert_eq!(out, [p(4, 5), p(5, 5), p(6, 5)]);
    }
}
