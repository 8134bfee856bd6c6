//! A sweep's status as a plain list ([L4]) with a gap: the label sweep ([L2]–[L4]) and the
//! noded check of the arrangement (X9) replace a block of it at every vertex, and the
//! free room sits where the last block changed size, so such a replacement moves only
//! the elements between that place and this one.
//!
//! Why that is cheap: vertices come in (x, y) order, and within one x the blocks climb the
//! status from bottom to top, so the gap follows them and a column costs at most about
//! one pass over the list. A list with room at both ends instead moved the shorter side,
//! a quarter of the list on average, at every vertex whose block changes size. Tile maps'
//! shrinks put most vertices on few columns: on cave-1024, 764,901 vertices on 6,022
//! columns, 281,980 of them changing the block's size, 3.7 × 10^6 elements moved through
//! the gap against 45 × 10^6 (docs/performance.md, twenty-fifth session). A block of the
//! same size is overwritten where it is.
//!
//! A segment's index when it was put in the status is a close guess for where it is
//! found later: only the blocks below it that changed size have moved it since
//! ([`partition_point_near`]).

/// A plain list ([L4]) with its free room (the gap) at the last place a replacement
/// changed its length. Elements before the gap are at their index in `buffer`, the rest
/// `gap_end - gap_start` places further on.
#[derive(Debug)]
pub(crate) struct GapList<T> {
    buffer: Vec<T>,
    gap_start: usize,
    gap_end: usize,
}

impl<T> Default for GapList<T> {
    fn default() -> Self {
        GapList {
            buffer: Vec::new(),
            gap_start: 0,
            gap_end: 0,
        }
    }
}

impl<T: Copy> GapList<T> {
    pub(crate) fn len(&self) -> usize {
        self.buffer.len() - (self.gap_end - self.gap_start)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The elements before the gap and after it.
    fn parts(&self) -> (&[T], &[T]) {
        (&self.buffer[..self.gap_start], &self.buffer[self.gap_end..])
    }

    /// The element at `index`, if any.
    pub(crate) fn get(&self, index: usize) -> Option<T> {
        self.buffer.get(self.place(index)).copied()
    }

    /// The list in order.
    pub(crate) fn to_vec(&self) -> Vec<T> {
        let (front, back) = self.parts();
        [front, back].concat()
    }

    /// `partition_point(pred)` of the list, in the part before or after the gap that
    /// holds it: searched outwards from `guess` ([`partition_point_near`]), or by binary
    /// search for [`NO_GUESS`].
    pub(crate) fn partition_point(&self, guess: u32, mut pred: impl FnMut(&T) -> bool) -> usize {
        let (front, back) = self.parts();
        // The list is partitioned: the point lies after the gap exactly when the last
        // element before it satisfies `pred`.
        let (offset, part) = if front.last().is_none_or(&mut pred) {
            (front.len(), back)
        } else {
            (0, front)
        };
        offset
            + match guess {
                NO_GUESS => part.partition_point(pred),
                guess => partition_point_near(part, (guess as usize).saturating_sub(offset), pred),
            }
    }

    /// `splice(range, new)` of the list: in place when the lengths agree, else through
    /// the gap moved to `range.start`.
    pub(crate) fn replace(&mut self, range: std::ops::Range<usize>, new: &[T]) {
        let (removed, added) = (range.len(), new.len());
        if removed == added {
            for (k, &item) in new.iter().enumerate() {
                let at = self.place(range.start + k);
                self.buffer[at] = item;
            }
            return;
        }
        self.move_gap_to(range.start);
        // The removed elements now open the part after the gap.
        self.gap_end += removed;
        if self.gap_end - self.gap_start < added {
            self.make_room(added, new[0]);
        }
        self.buffer[self.gap_start..self.gap_start + added].copy_from_slice(new);
        self.gap_start += added;
    }

    /// The buffer place of the element at `index`.
    fn place(&self, index: usize) -> usize {
        if index < self.gap_start {
            index
        } else {
            index + (self.gap_end - self.gap_start)
        }
    }

    /// Moves the gap to start at `index`, shifting the elements in between across it.
    fn move_gap_to(&mut self, index: usize) {
        if index < self.gap_start {
            let count = self.gap_start - index;
            self.buffer
                .copy_within(index..self.gap_start, self.gap_end - count);
            self.gap_start = index;
            self.gap_end -= count;
        } else if index > self.gap_start {
            let count = index - self.gap_start;
            self.buffer
                .copy_within(self.gap_end..self.gap_end + count, self.gap_start);
            self.gap_start += count;
            self.gap_end += count;
        }
    }

    /// A gap of at least `extra` (and at least the list's length) places; they hold
    /// `filler`.
    fn make_room(&mut self, extra: usize, filler: T) {
        let gap = self.len().max(extra).max(16);
        let mut buffer = Vec::with_capacity(self.len() + gap);
        buffer.extend_from_slice(&self.buffer[..self.gap_start]);
        buffer.resize(self.gap_start + gap, filler);
        buffer.extend_from_slice(&self.buffer[self.gap_end..]);
        self.gap_end = self.gap_start + gap;
        self.buffer = buffer;
    }
}

/// No status index recorded for a vertex.
pub(crate) const NO_GUESS: u32 = u32::MAX;

/// `slice.partition_point(pred)`, searched outwards from `guess` (doubling steps): a few
/// probes when the point is near the guess, the same point on a partitioned slice.
fn partition_point_near<T>(slice: &[T], guess: usize, mut pred: impl FnMut(&T) -> bool) -> usize {
    let guess = guess.min(slice.len());
    let mut step = 1;
    if slice.get(guess).is_some_and(&mut pred) {
        // The point is after `guess`: double the step until `pred` fails.
        let mut known_true = guess;
        loop {
            let probe = known_true + step;
            if probe >= slice.len() {
                return known_true + 1 + slice[known_true + 1..].partition_point(pred);
            }
            if !pred(&slice[probe]) {
                return known_true + 1 + slice[known_true + 1..probe].partition_point(pred);
            }
            known_true = probe;
            step *= 2;
        }
    }
    // The point is at or before `guess`.
    let mut known_false = guess;
    loop {
        let Some(probe) = known_false.checked_sub(step) else {
            return slice[..known_false].partition_point(pred);
        };
        if pred(&slice[probe]) {
            return probe + 1 + slice[probe + 1..known_false].partition_point(pred);
        }
        known_false = probe;
        step *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn gap_list_grows_past_its_room_at_either_end() {
        // Blocks of up to 30 at one end: the gap runs out and the list is remade.
        for front in [true, false] {
            let mut list = GapList::<u32>::default();
            let mut plain: Vec<u32> = Vec::new();
            for (k, size) in [1, 10, 10, 10, 1, 30, 3].into_iter().enumerate() {
                let at = if front { 0 } else { plain.len() };
                let new: Vec<u32> = (0..size).map(|j| k as u32 * 100 + j).collect();
                list.replace(at..at, &new);
                plain.splice(at..at, new.iter().copied());
                assert_eq!(list.to_vec(), plain);
            }
        }
    }

    proptest! {
        #[test]
        fn gap_list_replaces_like_vec_splice(
            steps in proptest::collection::vec((any::<usize>(), 0usize..4, 0usize..5), 0..300)
        ) {
            // Replacements of equal and of different lengths anywhere: the gap moves
            // both ways, and long runs of growth make the list remake its room.
            let mut list = GapList::<u32>::default();
            let mut plain: Vec<u32> = Vec::new();
            for (step, &(at, removed, added)) in steps.iter().enumerate() {
                let start = at % (plain.len() + 1);
                let end = (start + removed).min(plain.len());
                let new: Vec<u32> = (0..added as u32).map(|k| step as u32 * 8 + k).collect();
                list.replace(start..end, &new);
                plain.splice(start..end, new.iter().copied());
                prop_assert_eq!(list.to_vec(), plain.clone());
                prop_assert_eq!(list.len(), plain.len());
                for (i, &x) in plain.iter().enumerate() {
                    prop_assert_eq!(list.get(i), Some(x));
                }
                prop_assert_eq!(list.get(plain.len()), None);
            }
        }

        #[test]
        fn gap_list_searches_are_partition_point(
            values in proptest::collection::vec(0u8..6, 0..80),
            gap_at in 0usize..100,
            threshold in 0u8..7,
            guess in 0u32..100,
        ) {
            // The sorted values with the gap put anywhere (by a replacement that changes
            // the length there).
            let mut sorted = values;
            sorted.sort_unstable();
            let mut list = GapList::<u8>::default();
            list.replace(0..0, &sorted);
            let at = gap_at % (sorted.len() + 1);
            list.replace(at..at, &[0]);
            list.replace(at..at + 1, &[]);
            prop_assert_eq!(list.to_vec(), sorted.clone());
            let pred = |&x: &u8| x < threshold;
            prop_assert_eq!(list.partition_point(guess, pred), sorted.partition_point(pred));
            prop_assert_eq!(list.partition_point(NO_GUESS, pred), sorted.partition_point(pred));
        }

        #[test]
        fn partition_point_near_any_guess_is_partition_point(
            values in proptest::collection::vec(0u8..6, 0..80),
            threshold in 0u8..7,
            guess in 0usize..100,
        ) {
            let mut sorted = values;
            sorted.sort_unstable();
            let pred = |&x: &u8| x < threshold;
            prop_assert_eq!(
                partition_point_near(&sorted, guess, pred),
                sorted.partition_point(pred)
            );
        }
    }

    #[test]
    fn partition_point_near_from_the_last_element() {
        // A guess at the last element with every element before the point: the doubling
        // search must stop at the end of the slice, not probe past it.
        let values = [1u8, 2, 3];
        for guess in 0..=4 {
            assert_eq!(partition_point_near(&values, guess, |&x| x < 9), 3);
        }
    }
}
