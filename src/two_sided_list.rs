//! A sweep's status as a plain list ([L4]) with free room at both ends: the label sweep
//! ([L2]–[L4]) and the noded check of the arrangement (X9) replace a block of it at every
//! vertex, and moving the shorter side halves the memory traffic of `Vec::splice`. An
//! element moves only when a replacement shifts its side, and then by a few places, so
//! the slot where a segment was put is a close guess for where it is found later
//! ([`partition_point_near`]).

/// A plain list ([L4]) with free room at both ends, so that replacing a range moves
/// the shorter side of it: half the memory traffic of a `Vec` on average.
#[derive(Debug)]
pub(crate) struct TwoSidedList<T> {
    buffer: Vec<T>,
    start: usize,
    len: usize,
}

impl<T> Default for TwoSidedList<T> {
    fn default() -> Self {
        TwoSidedList {
            buffer: Vec::new(),
            start: 0,
            len: 0,
        }
    }
}

impl<T: Copy> TwoSidedList<T> {
    pub(crate) fn as_slice(&self) -> &[T] {
        &self.buffer[self.start..self.start + self.len]
    }

    /// The buffer slot of the element at `index` of [`Self::as_slice`] (stable until
    /// a replacement moves that element).
    pub(crate) fn slot_of_index(&self, index: usize) -> usize {
        self.start + index
    }

    /// The index in [`Self::as_slice`] of the element now in buffer slot `slot`
    /// (clamped to the list).
    pub(crate) fn index_of_slot(&self, slot: usize) -> usize {
        slot.saturating_sub(self.start).min(self.len)
    }

    /// `splice(range, new)`: `range` indexes [`Self::as_slice`].
    pub(crate) fn replace(&mut self, range: std::ops::Range<usize>, new: &[T]) {
        let (removed, added) = (range.len(), new.len());
        if added > removed {
            self.make_room(added - removed, new[0]);
        }
        let (start, end) = (self.start + range.start, self.start + range.end);
        if added != removed {
            if range.start <= self.len - range.end {
                // The part before the range shifts; `make_room` keeps start + removed ≥ added.
                let new_start = self.start + removed - added;
                self.buffer.copy_within(self.start..start, new_start);
                self.start = new_start;
            } else {
                let stop = self.start + self.len;
                self.buffer.copy_within(end..stop, start + added);
            }
            self.len = self.len + added - removed;
        }
        let at = self.start + range.start;
        self.buffer[at..at + added].copy_from_slice(new);
    }

    /// Room for `extra` more elements on each side (the unused slots hold `filler`).
    fn make_room(&mut self, extra: usize, filler: T) {
        let room_after = self.buffer.len() - self.start - self.len;
        if self.start >= extra && room_after >= extra {
            return;
        }
        let room = self.len.max(extra).max(16);
        let mut buffer = vec![filler; self.len + 2 * room];
        buffer[room..room + self.len].copy_from_slice(self.as_slice());
        self.buffer = buffer;
        self.start = room;
    }
}

/// No status slot recorded for a vertex.
pub(crate) const NO_SLOT: u32 = u32::MAX;

/// `slice.partition_point(pred)`, searched outwards from `guess` (doubling steps): a few
/// probes when the point is near the guess, the same point on a partitioned slice.
pub(crate) fn partition_point_near<T>(
    slice: &[T],
    guess: usize,
    mut pred: impl FnMut(&T) -> bool,
) -> usize {
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
    fn two_sided_list_grows_at_one_end_past_its_room() {
        // Blocks of up to 30 at one end: only the side that grows runs out of room (the
        // other keeps it), and the list must be remade for that side.
        for front in [true, false] {
            let mut list = TwoSidedList::<u32>::default();
            let mut plain: Vec<u32> = Vec::new();
            for (k, size) in [1, 10, 10, 10, 1, 30, 3].into_iter().enumerate() {
                let at = if front { 0 } else { plain.len() };
                let new: Vec<u32> = (0..size).map(|j| k as u32 * 100 + j).collect();
                list.replace(at..at, &new);
                plain.splice(at..at, new.iter().copied());
                assert_eq!(list.as_slice(), &plain[..]);
            }
        }
    }

    proptest! {
        #[test]
        fn two_sided_list_replaces_like_vec_splice(
            steps in proptest::collection::vec((any::<usize>(), 0usize..4, 0usize..5), 0..300)
        ) {
            // Long runs of growth at either end force the room to be remade.
            let mut list = TwoSidedList::<u32>::default();
            let mut plain: Vec<u32> = Vec::new();
            for (step, &(at, removed, added)) in steps.iter().enumerate() {
                let start = at % (plain.len() + 1);
                let end = (start + removed).min(plain.len());
                let new: Vec<u32> = (0..added as u32).map(|k| step as u32 * 8 + k).collect();
                list.replace(start..end, &new);
                plain.splice(start..end, new.iter().copied());
                prop_assert_eq!(list.as_slice(), &plain[..]);
            }
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
