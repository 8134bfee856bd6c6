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
//! replacing it by two edges opposite the point that are tested in turn). An edge
//! between a slot that Sloan rewrote and one it did not is locally Delaunay too: every
//! edge being locally Delaunay after the points, the point triangulation is Delaunay
//! (the Delaunay lemma; the bounding vertices are real points), so the untouched slot's
//! circumcircle holds no vertex strictly inside, the far apex included; and the
//! in-circle sign of a quadrilateral is the same seen from either triangle (the lifted
//! 4×4 determinant under an even permutation of its rows). So the first pass needs only
//! the slots Sloan's flips rewrote: a slot beside them answers "no flip" until a [D7]
//! flip dirties it. Within a pass the plain scan visits slots in increasing index,
//! edges 0, 1, 2 of the current content; a slot dirtied by a flip at slot t is tested
//! later in the same pass when its index is above t, and in the next pass otherwise (t
//! itself too: its edges up to the flipped one have been passed, the later ones are
//! tested next anyway). Slots never dirtied would answer "no flip" in the plain scan,
//! so both make the same flips in the same order; a pass flips something exactly when
//! the next pass's set is non-empty, so both run the same passes.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hash for the edge keys ([`key`]: two vertex indices in one word, no
/// adversary to resist).
#[derive(Debug, Clone, Copy, Default)]
struct EdgeHasher(u64);

impl Hasher for EdgeHasher {
    fn finish(&self) -> u64 {
        // The product's high half folded down: a table picks buckets by the low bits.
        self.0 ^ (self.0 >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

type EdgeMap = HashMap<u64, u32, BuildHasherDefault<EdgeHasher>>;

/// A set of positions 0..n with "first member at or after p" in O(n / 4096) words.
#[derive(Debug, Clone)]
struct PositionSet {
    words: Vec<u64>,
    summary: Vec<u64>,
}

impl PositionSet {
    fn full(n: usize) -> PositionSet {
        let mut set = PositionSet {
            words: vec![0; n.div_ceil(64)],
            summary: vec![0; n.div_ceil(64 * 64)],
        };
        for p in 0..n {
            set.insert(p);
        }
        set
    }

    fn insert(&mut self, p: usize) {
        self.words[p / 64] |= 1 << (p % 64);
        self.summary[p / 4096] |= 1 << ((p / 64) % 64);
    }

    fn remove(&mut self, p: usize) {
        let w = p / 64;
        self.words[w] &= !(1 << (p % 64));
        if self.words[w] == 0 {
            self.summary[w / 64] &= !(1 << (w % 64));
        }
    }

    #[cfg(test)]
    fn contains(&self, p: usize) -> bool {
        self.words
            .get(p / 64)
            .is_some_and(|w| w & (1 << (p % 64)) != 0)
    }

    /// The smallest member ≥ p.
    fn first_from(&self, p: usize) -> Option<usize> {
        let w = p / 64;
        if w >= self.words.len() {
            return None;
        }
        let here = self.words[w] & (!0u64 << (p % 64));
        if here != 0 {
            return Some(w * 64 + here.trailing_zeros() as usize);
        }
        // Words after w: first through the summary.
        let next = w + 1;
        let mut s = next / 64;
        if s >= self.summary.len() {
            return None;
        }
        let mut bits = if next.is_multiple_of(64) {
            self.summary[s]
        } else {
            self.summary[s] & (!0u64 << (next % 64))
        };
        loop {
            if bits != 0 {
                let word = s * 64 + bits.trailing_zeros() as usize;
                return Some(word * 64 + self.words[word].trailing_zeros() as usize);
            }
            s += 1;
            if s >= self.summary.len() {
                return None;
            }
            bits = self.summary[s];
        }
    }
}

/// Unordered edge key: the smaller vertex above the larger, one word (hashed once).
fn key(a: u32, b: u32) -> u64 {
    u64::from(a.min(b)) << 32 | u64::from(a.max(b))
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

    /// Live positions in lo..hi (lo ≤ hi): the two prefix walks of `prefix(hi) −
    /// prefix(lo)` taken together, the larger index first, until they meet; from there
    /// on they would add and subtract the same entries. Nearby bounds (the usual jump
    /// to the next dirty element) meet after a few steps instead of two full walks.
    fn count(&self, lo: usize, hi: usize) -> usize {
        let (mut lo, mut hi) = (lo, hi);
        let (mut plus, mut minus) = (0usize, 0usize);
        while lo != hi {
            if hi > lo {
                plus += self.tree[hi] as usize;
                hi &= hi - 1;
            } else {
                minus += self.tree[lo] as usize;
                lo &= lo - 1;
            }
        }
        plus - minus
    }

    /// Live positions in 0..end.
    #[cfg(test)]
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
    dirty: PositionSet,
    position: EdgeMap,
    /// The position the next pop takes (the front of the FIFO).
    cursor: usize,
}

impl SloanQueue {
    /// The queue in FIFO order, every element dirty.
    pub fn new(items: Vec<QueuedEdge>) -> SloanQueue {
        let len = items.len();
        let position: EdgeMap = items
            .iter()
            .enumerate()
            .map(|(k, q)| (key(q.edge.0, q.edge.1), k as u32))
            .collect();
        SloanQueue {
            live: Fenwick::with_ones(len),
            dirty: PositionSet::full(len),
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
        let pos = self
            .dirty
            .first_from(self.cursor)
            .or_else(|| self.dirty.first_from(0))?;
        self.dirty.remove(pos);
        let skipped = if pos >= self.cursor {
            self.live.count(self.cursor, pos)
        } else {
            self.len - self.live.count(pos, self.cursor)
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
            self.dirty.remove(pos);
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
        self.dirty.insert(pos);
    }

    /// A slot beside edge (a, b) was rewritten and `slot` now holds the edge: if the edge
    /// is queued, it is dirty and its hint is `slot`.
    pub fn touch(&mut self, a: u32, b: u32, slot: u32) {
        if let Some(&pos) = self.position.get(&key(a, b)) {
            if let Some(q) = self.items[pos as usize].as_mut() {
                q.slot = slot;
                self.dirty.insert(pos as usize);
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
        for (pos, q) in self.items.iter().enumerate() {
            if q.is_none() && self.dirty.contains(pos) {
                return Err(format!("dirty position {pos} is not live"));
            }
            let next = (pos..self.items.len()).find(|&p| self.dirty.contains(p));
            if self.dirty.first_from(pos) != next {
                return Err(format!("first dirty from {pos}"));
            }
        }
        Ok(())
    }
}

/// The slots a [D7] pass still has to test, in increasing order, and those left for the
/// next pass (module header).
#[derive(Debug, Clone, Default)]
pub(crate) struct PassSet {
    current: BinaryHeap<Reverse<u32>>,
    in_current: Vec<bool>,
    next: Vec<u32>,
    in_next: Vec<bool>,
}

impl PassSet {
    /// The first pass tests the slots marked in `marked` (one flag per slot).
    pub fn new(marked: Vec<bool>) -> PassSet {
        let slots: Vec<Reverse<u32>> = (0..marked.len() as u32)
            .filter(|&t| marked[t as usize])
            .map(Reverse)
            .collect();
        PassSet {
            current: BinaryHeap::from(slots),
            in_next: vec![false; marked.len()],
            in_current: marked,
            next: Vec::new(),
        }
    }

    /// The next slot of this pass, in increasing order.
    pub fn pop(&mut self) -> Option<u32> {
        let Reverse(t) = self.current.pop()?;
        self.in_current[t as usize] = false;
        Some(t)
    }

    /// Slot `x` may have changed while the scan is at slot `at`.
    pub fn dirty(&mut self, x: u32, at: u32) {
        let k = x as usize;
        if k >= self.in_current.len() {
            return;
        }
        if x > at {
            if !self.in_current[k] {
                self.in_current[k] = true;
                self.current.push(Reverse(x));
            }
        } else if !self.in_next[k] {
            self.in_next[k] = true;
            self.next.push(x);
        }
    }

    /// Starts the next pass; false when it has nothing to test (the pass just ended
    /// flipped nothing).
    pub fn next_pass(&mut self) -> bool {
        debug_assert!(self.current.is_empty());
        for &x in &self.next {
            self.in_next[x as usize] = false;
            self.in_current[x as usize] = true;
        }
        self.current = std::mem::take(&mut self.next)
            .into_iter()
            .map(Reverse)
            .collect();
        !self.current.is_empty()
    }

    #[cfg(test)]
    /// Invariant between passes: this pass is exhausted, the flags match the lists.
    pub fn check(&self) -> Result<(), String> {
        if !self.current.is_empty() {
            return Err(format!("{} slots left in the pass", self.current.len()));
        }
        let flagged = self.in_next.iter().filter(|&&f| f).count();
        if flagged != self.next.len() || self.in_current.iter().any(|&f| f) {
            return Err("flags differ from the lists".into());
        }
        Ok(())
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

    /// The range count against the difference of two prefix sums (and a plain count),
    /// for every range, as positions are removed one by one in a scattered order.
    #[test]
    fn fenwick_counts_every_range() {
        let n = 77;
        let mut fenwick = Fenwick::with_ones(n);
        let mut live = vec![true; n];
        for step in 0..n {
            let pos = (step * 31) % n;
            fenwick.remove(pos);
            live[pos] = false;
            for lo in 0..=n {
                for hi in lo..=n {
                    let plain = live[lo..hi].iter().filter(|&&l| l).count();
                    assert_eq!(fenwick.count(lo, hi), plain, "{lo}..{hi} at step {step}");
                    assert_eq!(fenwick.prefix(hi) - fenwick.prefix(lo), plain);
                }
            }
        }
    }

    /// The two-level bit set against a BTreeSet, across summary words (n > 4096).
    #[test]
    fn position_set_finds_the_next_member() {
        let n = 3 * 4096 + 77;
        let mut set = PositionSet::full(n);
        let mut model: std::collections::BTreeSet<usize> = (0..n).collect();
        let mut state = 5u64;
        for step in 0..20_000 {
            state = super::super::order::splitmix64_output(state);
            let p = (state % n as u64) as usize;
            if step % 3 == 0 {
                set.insert(p);
                model.insert(p);
            } else {
                set.remove(p);
                model.remove(&p);
            }
            let q = ((state >> 32) % (n as u64 + 5)) as usize;
            assert_eq!(
                set.first_from(q),
                model.range(q..).next().copied(),
                "from {q}"
            );
        }
        for p in 0..n {
            set.remove(p);
        }
        assert_eq!(set.first_from(0), None);
    }

    #[test]
    fn pass_set_orders_and_defers() {
        let mut set = PassSet::new((0..6).map(|t| [1, 3, 5].contains(&t)).collect());
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
