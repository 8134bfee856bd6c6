//! The hot pixels in row order, so that the initial reroute ([A3], X7) reads the chain of
//! a horizontal fragment instead of searching for it (the forced search modes), or counts
//! the pieces of a row's fragments along it (Auto, line_pieces.rs).
//!
//! Why this is exact: the closed segment y = Y, x ∈ [x0, x1] (x0 < x1, integers) meets
//! the pixel [c − 1/2, c + 1/2)² of an integer point c exactly when c.y = Y and
//! x0 ≤ c.x ≤ x1. In (y, x) order those points, the fragment's two ends excepted, are
//! the ones strictly between its ends; and along a→b the X7 projection grows with x, so
//! that order is the chain's. The same holds for vertical fragments with x and y swapped,
//! where the hot pixels' own (x, y) order serves (`vertical_chain` in repair.rs).
//!
//! A tile map's shrink feeds as many horizontal fragments as vertical ones; their chains
//! were more than half of the point search's candidates on the standard caves and four
//! fifths on rooms-1024 (docs/performance.md, twenty-third session).

use crate::grid::GridPoint;

use super::point_sort::bits_for;

/// Bits per pass of the radix sort.
const DIGIT_BITS: u32 = 13;

/// The hot pixels (sorted, distinct, fewer than 2^32) in (y, x) order, and the place of
/// each one in that order.
pub(super) struct RowOrder {
    /// Hot-pixel indices in (y, x) order.
    order: Vec<u32>,
    /// `place[k]`: where hot pixel k stands in `order`.
    place: Vec<u32>,
}

impl RowOrder {
    /// The row order of `hot`, sorted by (x, y) with fewer than 2^32 points. The sort
    /// works on keys of 8 bytes a point; its second buffer is freed before the 4-byte
    /// lists are built (the heap reuses it: fresh pages are much of the cost), and the
    /// keys after, so that the order holds half as much while the chains are read.
    pub(super) fn new(hot: &[GridPoint]) -> RowOrder {
        let keys = rows_in_order(hot);
        let pixel = |key: u64| key as u32; // the index in the low 32 bits
        let mut place = vec![0u32; hot.len()];
        for (rank, &key) in keys.iter().enumerate() {
            place[pixel(key) as usize] = rank as u32; // fewer than 2^32 points
        }
        let order = keys.iter().map(|&key| pixel(key)).collect();
        RowOrder { order, place }
    }

    /// Where hot pixel `k` stands in the row order.
    pub(super) fn place(&self, k: u32) -> usize {
        self.place[k as usize] as usize
    }

    /// The hot pixel at `place` in the row order.
    pub(super) fn at(&self, place: usize) -> u32 {
        self.order[place]
    }

    /// The hot pixels strictly between hot pixels `first` and `last` in row order: the
    /// interior of the chain of a horizontal fragment with those ends (in order along
    /// it). None when `last` does not come after `first`, which a horizontal fragment's
    /// ends always do.
    pub(super) fn between(&self, first: u32, last: u32) -> Option<&[u32]> {
        let from = *self.place.get(first as usize)? as usize + 1;
        let to = *self.place.get(last as usize)? as usize;
        self.order.get(from..to)
    }
}

/// The indices of `hot` (sorted by (x, y)) sorted by (y, x), each in the low 32 bits of
/// a key: [`in_key_order`] by y.
fn rows_in_order(hot: &[GridPoint]) -> Vec<u64> {
    in_key_order(hot.iter().map(|p| p.y))
}

/// The indices of `keys` (fewer than 2^32) stably sorted by key, each in the low 32 bits
/// of a u64: the order of the keys, ties by index. Keys pack the key's offset from the
/// least key above the index, and a radix sort over the offset's bits keeps ties in index
/// order. A span of keys of 2^32 or more sorts by comparison instead.
pub(super) fn in_key_order(keys: impl Iterator<Item = i64> + Clone) -> Vec<u64> {
    let Some(low) = keys.clone().min() else {
        return Vec::new();
    };
    let high = keys.clone().max().unwrap_or(low);
    // Coordinates stay within ±2^39 ([G4]), so the span fits an i64.
    let span = high.abs_diff(low);
    if span >= 1 << 32 {
        let mut order: Vec<(i64, u64)> = keys.zip(0..).collect();
        order.sort_by_key(|&(key, _)| key); // stable
        return order.into_iter().map(|(_, k)| k).collect();
    }
    let mut packed: Vec<u64> = keys
        .zip(0..)
        .map(|(key, k)| (key.abs_diff(low) << 32) | k)
        .collect();
    let bits = bits_for(span);
    let mut scratch = vec![0u64; packed.len()];
    let mut shift = 32;
    while shift < 32 + bits {
        radix_pass(&packed, &mut scratch, shift);
        std::mem::swap(&mut packed, &mut scratch);
        shift += DIGIT_BITS;
    }
    packed
}

/// One stable counting pass of `from` into `to` by the digit at `shift`.
fn radix_pass(from: &[u64], to: &mut [u64], shift: u32) {
    let digit = |key: u64| ((key >> shift) & ((1 << DIGIT_BITS) - 1)) as usize;
    let mut start = vec![0usize; (1 << DIGIT_BITS) + 1];
    for &key in from {
        start[digit(key) + 1] += 1;
    }
    for d in 0..1 << DIGIT_BITS {
        start[d + 1] += start[d];
    }
    for &key in from {
        let d = digit(key);
        to[start[d]] = key;
        start[d] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sorted_points(raw: Vec<(i64, i64)>) -> Vec<GridPoint> {
        let mut points: Vec<GridPoint> =
            raw.into_iter().map(|(x, y)| GridPoint::new(x, y)).collect();
        points.sort_unstable();
        points.dedup();
        points
    }

    proptest! {
        #[test]
        fn row_order_is_the_sort_by_y_then_x(
            raw in prop::collection::vec((-40i64..40, -40i64..40), 0..300),
            y_scale in prop::sample::select(vec![1i64, 1 << 11, 1 << 22, 1 << 31, 1 << 33, 1 << 38]),
        ) {
            // Spans below and beyond 2^32 (the comparison sort) and around digit borders.
            let hot = sorted_points(raw.into_iter().map(|(x, y)| (x, y * y_scale)).collect());
            let rows = RowOrder::new(&hot);
            let mut expected: Vec<u32> = (0..hot.len() as u32).collect();
            expected.sort_by_key(|&k| (hot[k as usize].y, hot[k as usize].x));
            prop_assert_eq!(&rows.order, &expected);
            for (rank, &k) in rows.order.iter().enumerate() {
                prop_assert_eq!(rows.place[k as usize] as usize, rank);
            }
        }
    }
}
