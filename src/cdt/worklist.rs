//! Work sets that let Sloan's queue (§5 step 3) and the [D7] passes (§6) skip tests whose
//! answer is already known (an implementation choice, not a spec step: the flips, their
//! order and every error are the ones docs/cdt.md prescribes).
//!
//! Both procedures retest edges that nothing has touched: Sloan's FIFO re-pushes an edge
//! whose quadrilateral is not strictly convex and meets it again one full turn later; a
//! [D7] pass tests every edge of every slot although the previous pass flipped a few. On
//! long slivers (needles, slits) that is cubic, resp. quadratic, in the vertex count.
//!
//! What a test reads. The test of an edge reads the two slots beside it (vertices,
//! neighbour entry, flag) and nothing else. Between points, slots are rewritten only by
//! flips ([`super::topology::Mesh::flip`]): a flip of the diagonal of the quadrilateral
//! a, d, b, c rewrites its two slots t, u and relinks two neighbours; the edges beside a
//! rewritten slot are the diagonal and the four sides (a, d), (d, b), (b, c), (c, a). So a
//! test whose two slots were not rewritten since it last answered "no flip" answers "no
//! flip" again; marking a constrained edge only turns answers into "no".
//!
//! Sloan ([`SloanQueue`]). Seen as a cycle, the FIFO never reorders: popping e and pushing
//! it back leaves the cyclic sequence as it was and moves the cursor on by one; flipping e
//! and pushing the new diagonal puts the diagonal in e's place; flipping without a push
//! removes e. So every element keeps a fixed position in the cycle, and the loop is a
//! cursor going round it. An element is *dirty* when it is new or one of its slots was
//! rewritten since its last test; a clean element would be popped and pushed back
//! unchanged, so the cursor may jump to the next dirty position in cyclic order. The jump
//! counts the skipped pops (a Fenwick tree of live positions), so the §5 guard trips at
//! the same pop as the plain loop, also when nothing dirty is left (the plain loop would
//! then cycle until the guard).
//!
//! [D7] ([`PassSet`]). Before the passes, every unconstrained edge that no Sloan flip
//! touched is locally Delaunay: Lawson's legalisation (§4.5) leaves every edge with
//! in-circle ≤ 0 after each insertion (the classical invariant: the only edges that can
//! fail after a split are the ones opposite the new point, and each is tested, a flip
//! replacing it by two edges opposite the point that are tested in turn). So the first
//! pass needs only the slots beside Sloan's flips. Within a pass the plain scan visits
//! slots in increasing index, edges 0, 1, 2 of the current content; a slot dirtied by a
//! flip at slot t is tested later in the same pass when its index is above t, and in the
//! next pass otherwise (t itself too: its edges up to the flipped one have been passed,
//! the later ones are tested next anyway). Slots never dirtied would answer "no flip" in
//! the plain scan, so both make the same flips in the same order; a pass flips something
//! exactly when the next pass's set is non-empty, so both run the same passes.

use std::collections::{BTreeSet, HashMap};

/// Unordered edge key.
fn key(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

/// Counts of live positions, prefix sums in O(log n).
#[derive(Debug, Clone)]
struct Fenwick {
    tree: Vec<u32>,
}

impl Fenwick {
    fn with_ones(n: usize) -> Fenwick {
        let mut tree = vec![0u32; n + 1];
        for i in 1..=n {
            tree[i] += 1;
            let j = i + (i & i.wrapping_neg());
            if j <= n {
                tree[j] += tree[i];
            }
        }
        Fenwick { tree }
    }

    fn remove(&mut self, pos: usize) {
        let mut i = pos + 1;
        while i < self.tree.len() {
            self.tree[i] -= 1;
            i += i & i.wrapping_neg();
        }
    }

    /// Live positions in 0..end.
    fn prefix(&self, end: usize) -> usize {
        let mut i = end;
        let mut sum = 0usize;
        while i > 0 {
            sum += self.tree[i] as usize;
            i &= i - 1;
        }
        sum
    }
}

/// One element of Sloan's queue: the edge and a slot beside it (a hint, kept exact for
/// dirty elements, see [`SloanQueue::touch`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QueuedEdge {
    pub edge: (u32, u32),
    pub slot: u32,
}

/// Sloan's FIFO as a cycle with a cursor (module header).
#[derive(Debug, Clone)]
pub(crate) struct SloanQueue {
    items: Vec<Option<QueuedEdge>>,
    live: Fenwick,
    len: usize,
    dirty: BTreeSet<u32>,
    position: HashMap<(u32, u32), u32>,
    /// The position the next pop takes (the front of the FIFO).
    cursor: usize,
}

impl SloanQueue {
    /// The queue in FIFO order, every element dirty.
    pub fn new(items: Vec<QueuedEdge>) -> SloanQueue {
        let len = items.len();
        let position = items
            .iter()
            .enumerate()
            .map(|(k, q)| (key(q.edge.0, q.edge.1), k as u32))
            .collect();
        SloanQueue {
            live: Fenwick::with_ones(len),
            dirty: (0..len as u32).collect(),
            items: items.into_iter().map(Some).collect(),
            len,
            position,
            cursor: 0,
        }
    }

    /// Number of elements in the FIFO.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Pops in FIFO order up to and including the next dirty element: returns it, its
    /// position, and how many clean elements were popped and pushed back before it
    /// (`None` when no element is dirty).
    pub fn next_dirty(&mut self) -> Option<(usize, QueuedEdge, usize)> {
        let pos = *self
            .dirty
            .range(self.cursor as u32..)
            .next()
            .or_else(|| self.dirty.iter().next())? as usize;
        self.dirty.remove(&(pos as u32));
        let skipped = if pos >= self.cursor {
            self.live.prefix(pos) - self.live.prefix(self.cursor)
        } else {
            self.len - (self.live.prefix(self.cursor) - self.live.prefix(pos))
        };
        self.cursor = pos + 1;
        let item = self.items[pos]?;
        Some((pos, item, skipped))
    }

    /// The element at `pos` was flipped and not pushed again.
    pub fn remove(&mut self, pos: usize) {
        if let Some(q) = self.items[pos].take() {
            self.position.remove(&key(q.edge.0, q.edge.1));
            self.live.remove(pos);
            self.dirty.remove(&(pos as u32));
            self.len -= 1;
        }
    }

    /// The element at `pos` was flipped and the new diagonal pushed at the back: in the
    /// cycle it takes the old element's place, dirty (never tested).
    pub fn replace(&mut self, pos: usize, new: QueuedEdge) {
        if let Some(q) = self.items[pos] {
            self.position.remove(&key(q.edge.0, q.edge.1));
        }
        self.position
            .insert(key(new.edge.0, new.edge.1), pos as u32);
        self.items[pos] = Some(new);
        self.dirty.insert(pos as u32);
    }

    /// A slot beside edge (a, b) was rewritten and `slot` now holds the edge: if the edge
    /// is queued, it is dirty and its hint is `slot`.
    pub fn touch(&mut self, a: u32, b: u32, slot: u32) {
        if let Some(&pos) = self.position.get(&key(a, b)) {
            if let Some(q) = self.items[pos as usize].as_mut() {
                q.slot = slot;
                self.dirty.insert(pos);
            }
        }
    }

    #[cfg(test)]
    /// Invariants: the live count, the Fenwick sums and the position map agree with the
    /// elements; dirty positions are live; edges are distinct.
    pub fn check(&self) -> Result<(), String> {
        let live = self.items.iter().filter(|q| q.is_some()).count();
        if live != self.len || self.live.prefix(self.items.len()) != live {
            return Err(format!("live count {} vs {live}", self.len));
        }
        for end in 0..=self.items.len() {
            let count = self.items[..end].iter().filter(|q| q.is_some()).count();
            if self.live.prefix(end) != count {
                return Err(format!("prefix {end}"));
            }
        }
        if self.position.len() != live {
            return Err("position map size".into());
        }
        for (pos, q) in self.items.iter().enumerate() {
            if let Some(q) = q {
                if self.position.get(&key(q.edge.0, q.edge.1)) != Some(&(pos as u32)) {
                    return Err(format!("position of {:?}", q.edge));
                }
            }
        }
        if let Some(&d) = self
            .dirty
            .iter()
            .find(|&&d| self.items[d as usize].is_none())
        {
            return Err(format!("dirty position {d} is not live"));
        }
        Ok(())
    }
}

/// The slots a [D7] pass still has to test, in increasing order, and those left for the
/// next pass (module header).
#[derive(Debug, Clone, Default)]
pub(crate) struct PassSet {
    current: BTreeSet<u32>,
    next: BTreeSet<u32>,
}

impl PassSet {
    /// The first pass tests `slots`.
    pub fn new(slots: impl IntoIterator<Item = u32>) -> PassSet {
        PassSet {
            current: slots.into_iter().collect(),
            next: BTreeSet::new(),
        }
    }

    /// The next slot of this pass, in increasing order.
    pub fn pop(&mut self) -> Option<u32> {
        self.current.pop_first()
    }

    /// Slot `x` may have changed while the scan is at slot `at`.
    pub fn dirty(&mut self, x: u32, at: u32) {
        if x > at {
            self.current.insert(x);
        } else {
            self.next.insert(x);
        }
    }

    /// Starts the next pass; false when it has nothing to test (the pass just ended
    /// flipped nothing).
    pub fn next_pass(&mut self) -> bool {
        debug_assert!(self.current.is_empty());
        std::mem::swap(&mut self.current, &mut self.next);
        !self.current.is_empty()
    }

    #[cfg(test)]
    /// Invariant between passes: this pass is exhausted.
    pub fn check(&self) -> Result<(), String> {
        if self.current.is_empty() {
            Ok(())
        } else {
            Err(format!("{} slots left in the pass", self.current.len()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    fn q(a: u32, b: u32) -> QueuedEdge {
        QueuedEdge {
            edge: (a, b),
            slot: a,
        }
    }

    /// A plain FIFO driven by the same decisions must pop the same elements: decisions
    /// by a pseudo-random rule that only changes for touched (dirty) elements.
    #[test]
    fn cycle_matches_the_fifo() {
        for seed in 0..200u64 {
            let mut state = seed;
            let mut rnd = move || {
                state = super::super::order::splitmix64_output(state);
                state
            };
            let n = 1 + (rnd() % 12) as u32;
            // verdict[e] = whether e flips when tested; fixed until e is touched.
            let mut verdict: HashMap<u32, bool> = HashMap::new();
            let mut fifo: VecDeque<u32> = (0..n).collect();
            let mut cyc = SloanQueue::new((0..n).map(|e| q(e, e + 1000)).collect());
            let mut next_id = n;
            let mut fifo_pops = 0usize;
            for _round in 0..60 {
                if fifo.is_empty() {
                    break;
                }
                // FIFO: pop until an element that is tested for real (first pop, or a
                // touched/new element), mirroring what the cycle skips.
                let Some((pos, item, skipped)) = cyc.next_dirty() else {
                    // Nothing dirty: every element would be re-pushed forever.
                    assert!(fifo.iter().all(|e| verdict.get(e) == Some(&false)));
                    break;
                };
                for _ in 0..skipped {
                    let e = fifo.pop_front().unwrap();
                    assert_eq!(verdict.get(&e), Some(&false), "skipped a live decision");
                    fifo.push_back(e);
                    fifo_pops += 1;
                }
                let e = fifo.pop_front().unwrap();
                fifo_pops += 1;
                assert_eq!(item.edge.0, e, "seed {seed}");
                let flips = *verdict.entry(e).or_insert_with(|| rnd() % 3 == 0);
                if flips {
                    if rnd() % 2 == 0 {
                        fifo.push_back(next_id);
                        cyc.replace(pos, q(next_id, next_id + 1000));
                        next_id += 1;
                    } else {
                        cyc.remove(pos);
                    }
                    // Touch a random live element: its verdict is drawn again.
                    if let Some(&t) = fifo.get((rnd() % (fifo.len().max(1) as u64)) as usize) {
                        verdict.remove(&t);
                        cyc.touch(t, t + 1000, t);
                    }
                } else {
                    verdict.insert(e, false);
                    fifo.push_back(e);
                }
                cyc.check().unwrap();
                assert_eq!(cyc.len(), fifo.len());
            }
            assert!(fifo_pops > 0);
        }
    }

    #[test]
    fn pass_set_orders_and_defers() {
        let mut set = PassSet::new([5, 1, 3]);
        assert_eq!(set.pop(), Some(1));
        set.dirty(4, 1); // ahead: this pass
        set.dirty(0, 1); // behind: next pass
        set.dirty(1, 1); // the slot itself: next pass
        assert_eq!(set.pop(), Some(3));
        assert_eq!(set.pop(), Some(4));
        assert_eq!(set.pop(), Some(5));
        assert_eq!(set.pop(), None);
        set.check().unwrap();
        assert!(set.next_pass());
        assert_eq!(set.pop(), Some(0));
        assert_eq!(set.pop(), Some(1));
        assert!(!set.next_pass());
    }
}
