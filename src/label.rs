//! Winding numbers by a plane sweep ([L1]–[L4]).

use std::cmp::Ordering;

use crate::arrangement::{Arrangement, Segment};
use crate::error::{Error, Result};
use crate::gap_list::{GapList, NO_GUESS};
use crate::grid::GridPoint;
use crate::predicates::{cross, orient, properly_cross, ORIENT_COORDINATE_LIMIT};

/// Windings per operand on both sides of a segment a→b (a < b in (x, y) order):
/// `left = right + net` ([L1]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SegmentWindings {
    /// Windings on the right of a→b (below, for a non-vertical segment).
    pub right: [i64; 2],
    /// Windings on the left of a→b.
    pub left: [i64; 2],
}

/// The endpoints of a status segment, kept inline so that the search reads no segment or
/// vertex table.
#[derive(Debug, Clone, Copy, PartialEq)]
struct StatusLine {
    from: GridPoint,
    to: GridPoint,
}

/// One entry of the sweep status: a segment cut by the sweep line and the winding just
/// above it ([L2]). Kept together, so that a vertex replaces one block of one list.
#[derive(Debug, Clone, Copy, PartialEq)]
struct StatusEntry {
    line: StatusLine,
    above: [i64; 2],
}

/// `Greater` when p lies above (left of) the line, exact for coordinates within
/// [`ORIENT_COORDINATE_LIMIT`] (checked by [`label_with`]).
#[inline]
fn side(line: &StatusLine, p: GridPoint) -> Ordering {
    orient(line.from, line.to, p)
}

fn defect(reason: impl Into<String>) -> Error {
    Error::GeometryDefect {
        reason: reason.into(),
    }
}

fn add(w: [i64; 2], net: [i64; 2]) -> Result<[i64; 2]> {
    match (w[0].checked_add(net[0]), w[1].checked_add(net[1])) {
        (Some(a), Some(b)) => Ok([a, b]),
        _ => Err(defect("winding number overflow")),
    }
}

/// How many far ends [`Outgoing`] gathers at a time.
const FAR_CHUNK: usize = 256;

/// The segments by first endpoint, walked once along the sweep. Far ends are gathered a
/// chunk ahead (independent loads) rather than one cache miss at a time in the sweep.
struct Outgoing<'a> {
    vertices: &'a [GridPoint],
    segments: &'a [Segment],
    /// Segment index per position when the segments are not sorted by first endpoint
    /// (a canonical arrangement is, and then position and index agree).
    order: Option<Vec<usize>>,
    next: usize,
    far_start: usize,
    far: Vec<GridPoint>,
}

impl<'a> Outgoing<'a> {
    fn new(vertices: &'a [GridPoint], segments: &'a [Segment]) -> Result<Self> {
        let n = vertices.len();
        if segments.iter().any(|s| s.a >= s.b || s.b_index() >= n) {
            return Err(defect("segment endpoints out of order or out of range"));
        }
        let order = (!segments.is_sorted_by_key(|s| s.a)).then(|| {
            let mut order: Vec<usize> = (0..segments.len()).collect();
            order.sort_by_key(|&i| segments[i].a);
            order
        });
        Ok(Outgoing {
            vertices,
            segments,
            order,
            next: 0,
            far_start: 0,
            far: Vec::with_capacity(FAR_CHUNK),
        })
    }

    fn segment(&self, position: usize) -> usize {
        self.order
            .as_ref()
            .map_or(position, |order| order[position])
    }

    /// The positions of the segments starting at vertex `v` (with their far ends ready
    /// for [`Self::far_ends`]); called for v = 0, 1, … in turn.
    fn starting_at(&mut self, v: usize) -> std::ops::Range<usize> {
        let first = self.next;
        while self.next < self.segments.len()
            && self.segments[self.segment(self.next)].a_index() == v
        {
            self.next += 1;
        }
        if self.next > self.far_start + self.far.len() {
            self.far_start = first;
            let end = self.next.max(first + FAR_CHUNK).min(self.segments.len());
            // The buffer is taken out and put back: reused, not allocated per chunk.
            let mut far = std::mem::take(&mut self.far);
            far.clear();
            far.extend(
                (first..end).map(|k| self.vertices[self.segments[self.segment(k)].b_index()]),
            );
            self.far = far;
        }
        first..self.next
    }

    fn far_ends(&self, positions: std::ops::Range<usize>) -> &[GridPoint] {
        &self.far[positions.start - self.far_start..positions.end - self.far_start]
    }
}

/// Labels every segment of the arrangement (parallel to `arrangement.segments`).
///
/// The arrangement must be noded (no crossings, no vertex inside a segment) with
/// vertices sorted by (x, y); a violation is reported as [`Error::GeometryDefect`],
/// never a panic: the sweep checks every pair of segments that become neighbours in the
/// status for a proper crossing, which finds the first defect in sweep order. So `Ok`
/// proves the input noded, which the overlay relies on to label the arrangement's initial
/// pieces before anything else has checked them (`arrangement::InitialPieces`, whose
/// zero-net segments get equal windings on both sides); the tests check `Ok` against a
/// brute-force noded test on arbitrary segments.
///
/// With the `parallel` feature and more than one thread, a large arrangement is swept
/// in two halves at once (`label_in_halves`); the result is the same.
pub fn label(arrangement: &Arrangement) -> Result<Vec<SegmentWindings>> {
    label_with(arrangement, |w| w)
}

/// [`label`] keeping `record(windings)` per segment instead of the windings: the overlay
/// keeps one byte per segment (its boundary side), where the windings took 32 (on the
/// cave-1024 shrink, 38 MB of fresh pages; docs/performance.md, twentieth session).
pub fn label_with<T: Copy + Default + Send>(
    arrangement: &Arrangement,
    record: impl Fn(SegmentWindings) -> T + Copy + Send + Sync,
) -> Result<Vec<T>> {
    let vertices = &arrangement.vertices;
    let segments = &arrangement.segments;
    check_vertices(vertices)?;
    #[cfg(feature = "parallel")]
    if segments.len() >= PARALLEL_MIN_SEGMENTS && rayon::current_num_threads() > 1 {
        // Half of the segments each.
        let cut = segments[segments.len() / 2].a_index();
        if let Some(result) = label_in_halves(arrangement, cut, record) {
            return result;
        }
    }
    let mut windings = vec![T::default(); segments.len()];
    let end = sweep(
        vertices,
        segments,
        0..vertices.len(),
        &mut windings,
        record,
        Status::default(),
    )?;
    finished(end)?;
    Ok(windings)
}

/// The vertices are strictly sorted and within [`ORIENT_COORDINATE_LIMIT`], where the
/// sweep's orientations are exact. With the `parallel` feature a large list is checked
/// in two halves side by side (the same answer: the order is checked across the split
/// too, and an unsorted list is named before a coordinate out of range either way).
fn check_vertices(vertices: &[GridPoint]) -> Result<()> {
    let in_range = |c: i64| (-ORIENT_COORDINATE_LIMIT..=ORIENT_COORDINATE_LIMIT).contains(&c);
    let check = |part: &[GridPoint]| {
        (
            part.windows(2).all(|w| w[0] < w[1]),
            part.iter().all(|p| in_range(p.x) && in_range(p.y)),
        )
    };
    let verdict = |(sorted, within): (bool, bool)| {
        if !sorted {
            return Err(defect("arrangement vertices are not strictly sorted"));
        }
        if !within {
            return Err(defect("arrangement coordinate beyond 2^61"));
        }
        Ok(())
    };
    #[cfg(feature = "parallel")]
    if vertices.len() >= PARALLEL_MIN_SEGMENTS && rayon::current_num_threads() > 1 {
        // Split with one vertex in both halves, so every neighbouring pair is seen.
        let middle = vertices.len() / 2;
        let (lower, upper) = rayon::join(
            || check(&vertices[..=middle]),
            || check(&vertices[middle..]),
        );
        return verdict((lower.0 && upper.0, lower.1 && upper.1));
    }
    verdict(check(vertices))
}

/// The last vertex swept leaves no segment in the status.
fn finished(end: SweepEnd) -> Result<()> {
    if end.status.entries.is_empty() {
        Ok(())
    } else {
        Err(defect("sweep status not empty after the last vertex"))
    }
}

/// Fewest segments for which [`label`] sweeps in two halves on two threads, and the
/// trace that follows it reads their sides in halves (`rings`).
#[cfg(feature = "parallel")]
pub(crate) const PARALLEL_MIN_SEGMENTS: usize = 1 << 15;

/// The windings of a canonical arrangement (segments strictly sorted by (a, b)) in two
/// sweeps side by side (with the `parallel` feature): one over the vertices before `cut`
/// from an empty status, the other over the rest from the status the first one must
/// reach at `cut` ([`status_across`]). None when the first sweep fails or reaches
/// another status (lines or windings): the caller then sweeps serially. Otherwise the
/// second sweep continues the serial sweep from the very state it would be in, so the
/// result, windings or defect, is [`label`]'s.
#[cfg(any(test, feature = "parallel"))]
fn label_in_halves<T: Copy + Default + Send>(
    arrangement: &Arrangement,
    cut: usize,
    record: impl Fn(SegmentWindings) -> T + Copy + Send + Sync,
) -> Option<Result<Vec<T>>> {
    let (vertices, segments) = (&arrangement.vertices, &arrangement.segments);
    let n = vertices.len();
    if cut > n {
        return None;
    }
    let lower_count = segments.partition_point(|s| s.a_index() < cut);
    let (lower_segments, upper_segments) = segments.split_at(lower_count);
    // Canonical (each segment a < b < n, all strictly sorted by (a, b)): each half checks
    // its own segments on its thread, the pair across the split is checked here. Until
    // both have, the other half's segments are read only through checked indexing.
    let canonical = |part: &[Segment]| {
        part.iter().all(|s| s.a < s.b && s.b_index() < n)
            && part.windows(2).all(|w| (w[0].a, w[0].b) < (w[1].a, w[1].b))
    };
    if let (Some(last), Some(first)) = (lower_segments.last(), upper_segments.first()) {
        if (last.a, last.b) >= (first.a, first.b) {
            return None;
        }
    }
    let mut windings = vec![T::default(); segments.len()];
    let (lower, upper) = windings.split_at_mut(lower_count);
    let first = move || {
        if !canonical(lower_segments) {
            return None;
        }
        sweep(
            vertices,
            lower_segments,
            0..cut,
            lower,
            record,
            Status::default(),
        )
        .ok()
    };
    let second = move || {
        if !canonical(upper_segments) {
            return None;
        }
        let start = status_across(vertices, lower_segments, cut)?;
        let end = sweep(
            vertices,
            upper_segments,
            cut..n,
            upper,
            record,
            start.clone(),
        );
        Some((start, end))
    };
    #[cfg(feature = "parallel")]
    let (first, second) = rayon::join(first, second);
    #[cfg(not(feature = "parallel"))]
    let (first, second) = {
        // One after the other (the tests run this without rayon).
        let (mut first, mut second) = (first, second);
        (first(), second())
    };
    let (reached, (start, end)) = (first?, second?);
    if reached.status != start {
        return None;
    }
    Some(end.and_then(|end| finished(end).map(|()| windings)))
}

/// The status the serial sweep holds when it reaches vertex `cut`: the segments with
/// a < cut ≤ b (all in `lower_segments`, those with a < cut), bottom to top, with the
/// windings above them. None when it cannot be built cheaply or a winding overflows.
///
/// The sweep put each of them where its first end lies ([L3]: above the lines that end
/// lies above, and after those sharing the end by direction), and in a noded arrangement
/// no later vertex moves them. Where the nets balance at every vertex (the edges close
/// up, as rings and the shrink's pieces do) the windings above them are running sums of
/// their nets up from the unbounded face. The lines are sorted by their height at
/// x = cut.x in floating point, then put in the sweep's exact order by insertion; the
/// caller compares lines and windings with the first sweep's, so neither a defect nor
/// unbalanced nets can slip through. Endpoints out of range give None (the first half
/// checks `lower_segments` while this runs).
#[cfg(any(test, feature = "parallel"))]
fn status_across(vertices: &[GridPoint], lower_segments: &[Segment], cut: usize) -> Option<Status> {
    let x = vertices.get(cut).map_or(f64::INFINITY, |v| v.x as f64);
    let mut across: Vec<(f64, StatusLine, [i64; 2])> = lower_segments
        .iter()
        .filter(|s| s.b_index() >= cut)
        .map(|s| {
            let line = StatusLine {
                from: *vertices.get(s.a_index())?,
                to: *vertices.get(s.b_index())?,
            };
            let (dx, dy) = direction(line.from, line.to);
            let height = if dx == 0 {
                line.to.y as f64
            } else {
                line.from.y as f64 + (x - line.from.x as f64) * (dy as f64 / dx as f64)
            };
            Some((height, line, s.net.map(i64::from)))
        })
        .collect::<Option<_>>()?;
    across.sort_by(|p, q| p.0.total_cmp(&q.0));
    // [L3] exactly: the line inserted later (by first end, then by direction at a shared
    // first end) goes above the earlier one when its first end lies above that line.
    let below = |l: &StatusLine, m: &StatusLine| {
        if l.from == m.from {
            cross(direction(l.from, l.to), direction(m.from, m.to)) > 0
        } else if l.from < m.from {
            side(l, m.from) == Ordering::Greater
        } else {
            side(m, l.from) == Ordering::Less
        }
    };
    // An insertion sort: linear on the nearly sorted input the heights give, and bounded.
    let mut moves_left = 16 * across.len() + 4096;
    for k in 1..across.len() {
        let mut j = k;
        while j > 0 && below(&across[j].1, &across[j - 1].1) {
            across.swap(j, j - 1);
            j -= 1;
            moves_left = moves_left.checked_sub(1)?;
        }
    }
    let mut running = [0, 0];
    let mut status = Status::default();
    for (_, line, net) in across {
        running = add(running, net).ok()?;
        status.entries.push(StatusEntry {
            line,
            above: running,
        });
    }
    Some(status)
}

/// The sweep of [`label`] over the vertices `swept`, from the status `start`, labelling
/// the segments that start there (`segments` holds them, from the first in order;
/// `windings` is indexed like `segments` and gets `record` of each segment's windings).
fn sweep<T>(
    vertices: &[GridPoint],
    segments: &[Segment],
    swept: std::ops::Range<usize>,
    windings: &mut [T],
    record: impl Fn(SegmentWindings) -> T,
    start: Status,
) -> Result<SweepEnd> {
    let mut outgoing = Outgoing::new(vertices, segments)?;

    // [L2] The status, bottom to top.
    let mut status = GapList::<StatusEntry>::default();
    if !start.entries.is_empty() {
        status.replace(0..0, &start.entries);
    }
    let mut starting: Vec<usize> = Vec::new();
    let mut new_entries: Vec<StatusEntry> = Vec::new();
    let mut new_ends: Vec<usize> = Vec::new();
    // Per swept vertex (a half's sweep fills no table for the other half), the status
    // index at which a segment ending there was put (or `NO_GUESS`): only blocks below
    // it that changed size have moved it since, so it is a close guess for the block
    // ending at the vertex.
    let first = swept.start;
    let mut end_guesses = vec![NO_GUESS; swept.len()];
    for vi in swept {
        let v = vertices[vi];
        // [L3] Segments below v have v on their left (above). In a noded arrangement the
        // segments through v end there and come next, then the ones above v. (Vertices
        // are distinct, so a status line ends at v exactly when its segment does; one
        // ending elsewhere stays in the status to the end.)
        let is_below = |entry: &StatusEntry| side(&entry.line, v) == Ordering::Greater;
        let lo = status.partition_point(end_guesses[vi - first], is_below);
        let mut hi = lo;
        let over = loop {
            match status.get(hi) {
                Some(entry) if entry.line.to == v => hi += 1,
                over => break over.map(|entry| entry.line),
            }
        };
        if over.is_some_and(|line| side(&line, v) != Ordering::Less) {
            return Err(defect(
                "sweep status does not match the segments ending at a vertex",
            ));
        }
        let under = lo.checked_sub(1).and_then(|i| status.get(i));
        let below = under.map_or([0, 0], |entry| entry.above);
        let under = under.map(|entry| entry.line);

        // [L3] Outgoing segments bottom to top by the exact cross product of directions:
        // all point into the half-plane after v, so the order is total.
        // (A stable sort of the positions, as ties only come from invalid input.)
        let positions = outgoing.starting_at(vi);
        let far = outgoing.far_ends(positions.clone());
        starting.clear();
        starting.extend(0..positions.len());
        let direction = |k: usize| direction(v, far[k]);
        let upward = |k: usize, l: usize| 0.cmp(&cross(direction(k), direction(l)));
        match starting[..] {
            [] | [_] => {}
            [k, l] => {
                if upward(k, l) == Ordering::Greater {
                    starting.swap(0, 1);
                }
            }
            _ => starting.sort_by(|&k, &l| upward(k, l)),
        }
        let mut running = below;
        new_entries.clear();
        new_ends.clear();
        for &k in &starting {
            let i = outgoing.segment(positions.start + k);
            let above = add(running, segments[i].net.map(i64::from))?;
            windings[i] = record(SegmentWindings {
                right: running,
                left: above,
            });
            new_entries.push(StatusEntry {
                line: StatusLine {
                    from: v,
                    to: far[k],
                },
                above,
            });
            new_ends.push(segments[i].b_index());
            running = above;
        }
        // New neighbours in the status must not cross (Shamos–Hoey): v is strictly above
        // the line under the block and strictly below the one over it, so a segment
        // starting at v can only cross them if its far end is on the other side.
        let crossing = |l: StatusLine, m: StatusLine| properly_cross(l.from, l.to, m.from, m.to);
        let crossed = match (new_entries.first(), new_entries.last()) {
            (Some(&StatusEntry { line: first, .. }), Some(&StatusEntry { line: last, .. })) => {
                under.is_some_and(|u| side(&u, first.to) == Ordering::Less && crossing(u, first))
                    || over.is_some_and(|o| {
                        side(&o, last.to) == Ordering::Greater && crossing(o, last)
                    })
            }
            _ => matches!((under, over), (Some(u), Some(o)) if crossing(u, o)),
        };
        if crossed {
            return Err(defect("segments cross (the arrangement is not noded)"));
        }
        status.replace(lo..hi, &new_entries);
        for (k, &end) in new_ends.iter().enumerate() {
            if let Some(guess) = end_guesses.get_mut(end - first) {
                *guess = u32::try_from(lo + k).unwrap_or(NO_GUESS);
            }
        }
    }
    Ok(SweepEnd {
        status: Status {
            entries: status.to_vec(),
        },
    })
}

/// A sweep status, bottom to top: the lines and the windings above them.
#[derive(Debug, Clone, Default, PartialEq)]
struct Status {
    entries: Vec<StatusEntry>,
}

/// How a [`sweep`] ended: the status after its last vertex.
struct SweepEnd {
    status: Status,
}

fn direction(from: GridPoint, to: GridPoint) -> (i64, i64) {
    (to.x - from.x, to.y - from.y)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::arrangement::{arrange, EdgeTag, Segment, TaggedEdge};
    use crate::predicates::{orient, strictly_inside_segment};
    use crate::region::merge_noded_edges;
    use proptest::prelude::*;

    pub(crate) fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    fn noded_arrangement(edges: &[TaggedEdge]) -> Arrangement {
        merge_noded_edges(edges).unwrap()
    }

    pub(crate) fn ring_edges(ring: &[GridPoint], tag: EdgeTag) -> Vec<TaggedEdge> {
        (0..ring.len())
            .map(|i| TaggedEdge {
                from: ring[i],
                to: ring[(i + 1) % ring.len()],
                tag,
            })
            .collect()
    }

    fn windings_of(
        arr: &Arrangement,
        w: &[SegmentWindings],
        a: GridPoint,
        b: GridPoint,
    ) -> SegmentWindings {
        let ia = arr.vertices.binary_search(&a).unwrap();
        let ib = arr.vertices.binary_search(&b).unwrap();
        let i = arr
            .segments
            .iter()
            .position(|s| s.a_index() == ia && s.b_index() == ib)
            .unwrap();
        w[i]
    }

    #[test]
    fn empty_arrangement_has_no_labels() {
        assert_eq!(label(&Arrangement::default()).unwrap(), vec![]);
    }

    #[test]
    fn counter_clockwise_square_is_one_inside() {
        // CCW square: every segment has 0 outside and 1 inside. Bottom (0,0)-(2,0):
        // inside is above = left of a→b. Left side (0,0)-(0,2) a→b runs up against the
        // ring (which runs down there), so net = -1 and inside is on its right.
        let sq = [p(0, 0), p(2, 0), p(2, 2), p(0, 2)];
        let arr = noded_arrangement(&ring_edges(&sq, EdgeTag::Operand0));
        let w = label(&arr).unwrap();
        let sw = |a, b| windings_of(&arr, &w, a, b);
        assert_eq!(
            sw(p(0, 0), p(2, 0)),
            SegmentWindings {
                right: [0, 0],
                left: [1, 0]
            }
        );
        assert_eq!(
            sw(p(0, 2), p(2, 2)),
            SegmentWindings {
                right: [1, 0],
                left: [0, 0]
            }
        );
        assert_eq!(
            sw(p(0, 0), p(0, 2)),
            SegmentWindings {
                right: [1, 0],
                left: [0, 0]
            }
        );
        assert_eq!(
            sw(p(2, 0), p(2, 2)),
            SegmentWindings {
                right: [0, 0],
                left: [1, 0]
            }
        );
    }

    #[test]
    fn far_ends_are_gathered_chunk_after_chunk() {
        // 250 concentric squares: 1,000 segments, several chunks of far ends, and a
        // status that grows to 500 lines with windings up to 250.
        let mut edges = Vec::new();
        for k in 1..=250 {
            let square = [p(-k, -k), p(k, -k), p(k, k), p(-k, k)];
            edges.extend(ring_edges(&square, EdgeTag::Operand0));
        }
        let arr = noded_arrangement(&edges);
        assert!(arr.segments.len() > 3 * FAR_CHUNK);
        assert_eq!(label(&arr).unwrap(), label_as_written(&arr).unwrap());
    }

    #[test]
    fn nested_squares_and_operands() {
        // Outer square operand 0 (CCW), inner square operand 1 (CW): inside the inner
        // square w = (1, -1), between them (1, 0).
        let outer = [p(0, 0), p(6, 0), p(6, 6), p(0, 6)];
        let inner = [p(2, 2), p(2, 4), p(4, 4), p(4, 2)];
        let mut edges = ring_edges(&outer, EdgeTag::Operand0);
        edges.extend(ring_edges(&inner, EdgeTag::Operand1));
        let arr = noded_arrangement(&edges);
        let w = label(&arr).unwrap();
        let sw = |a, b| windings_of(&arr, &w, a, b);
        // Inner bottom (2,2)-(4,2): the CW ring runs (4,2)→(2,2), net1 = -1.
        assert_eq!(
            sw(p(2, 2), p(4, 2)),
            SegmentWindings {
                right: [1, 0],
                left: [1, -1]
            }
        );
        // Inner left (2,2)-(2,4): CW ring runs up there, net1 = +1; left (west) is (1,0).
        assert_eq!(
            sw(p(2, 2), p(2, 4)),
            SegmentWindings {
                right: [1, -1],
                left: [1, 0]
            }
        );
        assert_eq!(
            sw(p(0, 6), p(6, 6)),
            SegmentWindings {
                right: [1, 0],
                left: [0, 0]
            }
        );
    }

    #[test]
    fn fan_of_segments_at_one_vertex() {
        // Three triangles sharing the apex (0,0): windings above each outgoing segment
        // follow the bottom-to-top order of directions, vertical last.
        let t1 = [p(0, 0), p(4, -4), p(4, -1)];
        let t2 = [p(0, 0), p(4, 1), p(4, 4)];
        let t3 = [p(0, 0), p(1, 4), p(0, 4)];
        let mut edges = Vec::new();
        for t in [t1, t2, t3] {
            edges.extend(ring_edges(&t, EdgeTag::Operand0));
        }
        let arr = noded_arrangement(&edges);
        let w = label(&arr).unwrap();
        let sw = |a, b| windings_of(&arr, &w, a, b);
        assert_eq!(sw(p(0, 0), p(4, -4)).left, [1, 0]);
        assert_eq!(sw(p(0, 0), p(4, -1)).left, [0, 0]);
        assert_eq!(sw(p(0, 0), p(4, 1)).left, [1, 0]);
        assert_eq!(sw(p(0, 0), p(4, 4)).left, [0, 0]);
        assert_eq!(sw(p(0, 0), p(1, 4)).left, [1, 0]);
        assert_eq!(
            sw(p(0, 0), p(0, 4)),
            SegmentWindings {
                right: [1, 0],
                left: [0, 0]
            }
        );
    }

    #[test]
    fn invalid_arrangement_is_a_defect_not_a_panic() {
        // Two crossing segments (not noded).
        let arr = Arrangement {
            vertices: vec![p(0, 0), p(0, 2), p(2, 0), p(2, 2)],
            segments: vec![
                Segment {
                    a: 0,
                    b: 3,
                    net: [1, 0],
                },
                Segment {
                    a: 1,
                    b: 2,
                    net: [1, 0],
                },
            ],
        };
        assert!(matches!(label(&arr), Err(Error::GeometryDefect { .. })));
        let bad = Arrangement {
            vertices: vec![p(0, 0)],
            segments: vec![Segment {
                a: 0,
                b: 5,
                net: [1, 0],
            }],
        };
        assert!(label(&bad).is_err());
        // A vertex listed twice: not strictly sorted.
        let segment = |a, b| Segment { a, b, net: [1, 0] };
        let twice = Arrangement {
            vertices: vec![p(0, 0), p(1, 1), p(1, 1), p(2, 0)],
            segments: vec![segment(0, 1), segment(2, 3)],
        };
        assert!(matches!(label(&twice), Err(Error::GeometryDefect { .. })));
    }

    /// On two threads a long vertex list is checked in two halves at once: a pair out of
    /// order, or a coordinate out of range, in either half alone is still a defect.
    #[cfg(feature = "parallel")]
    #[test]
    fn a_defect_in_either_half_of_the_vertices_is_found() {
        let n = PARALLEL_MIN_SEGMENTS + 10;
        let sorted: Vec<GridPoint> = (0..n as i64).map(|x| p(x, 0)).collect();
        let far = ORIENT_COORDINATE_LIMIT + 1;
        let two_threads = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        two_threads.install(|| {
            let labelled = |vertices: Vec<GridPoint>| {
                label(&Arrangement {
                    vertices,
                    segments: Vec::new(),
                })
            };
            assert_eq!(labelled(sorted.clone()), Ok(Vec::new()));
            for at in [1, n / 4, n / 2, 3 * n / 4, n - 1] {
                let mut unsorted = sorted.clone();
                unsorted.swap(at - 1, at);
                assert!(
                    matches!(labelled(unsorted), Err(Error::GeometryDefect { .. })),
                    "swapped at {at}"
                );
            }
            for (at, point) in [(0, p(-far, 0)), (n - 1, p(n as i64, far))] {
                let mut beyond = sorted.clone();
                beyond[at] = point;
                assert!(
                    matches!(labelled(beyond), Err(Error::GeometryDefect { .. })),
                    "{point:?} at {at}"
                );
            }
        });
    }

    #[test]
    fn coordinates_up_to_two_to_the_61_are_exact_and_beyond_are_a_defect() {
        // Nested squares at ±2^61 and ±2^60: differences reach 2^62, still exact.
        let m = 1i64 << 61;
        let outer = [p(-m, -m), p(m, -m), p(m, m), p(-m, m)];
        let inner = [
            p(-m / 2, -m / 2),
            p(-m / 2, m / 2),
            p(m / 2, m / 2),
            p(m / 2, -m / 2),
        ];
        let mut edges = ring_edges(&outer, EdgeTag::Operand0);
        edges.extend(ring_edges(&inner, EdgeTag::Operand1));
        let arr = noded_arrangement(&edges);
        let w = label(&arr).unwrap();
        assert_eq!(w, label_as_written(&arr).unwrap());
        assert_eq!(
            windings_of(&arr, &w, p(-m / 2, -m / 2), p(m / 2, -m / 2)).left,
            [1, -1]
        );
        // One unit further: a defect, not an overflow.
        let mut far = arr.clone();
        far.vertices[0].x -= 1;
        assert!(matches!(label(&far), Err(Error::GeometryDefect { .. })));
        let huge = Arrangement {
            vertices: vec![p(i64::MIN, i64::MIN), p(i64::MAX, i64::MAX)],
            segments: vec![Segment {
                a: 0,
                b: 1,
                net: [1, 0],
            }],
        };
        assert!(matches!(label(&huge), Err(Error::GeometryDefect { .. })));
    }

    #[test]
    fn a_crossing_missed_by_the_block_search_is_still_a_defect() {
        // (0,2)-(2,4) crosses (0,3)-(4,3) at (1,3), yet every vertex finds exactly its
        // ending segments, so the sweep as written returns labels. The neighbour check
        // sees it at (0,3), where (0,3)-(4,3) is inserted over (0,2)-(2,4).
        let segment = |a, b| Segment { a, b, net: [1, 0] };
        let arr = Arrangement {
            vertices: vec![p(0, 2), p(0, 3), p(2, 4), p(4, 3)],
            segments: vec![segment(0, 2), segment(0, 3), segment(1, 3)],
        };
        assert!(label_as_written(&arr).is_ok());
        assert!(matches!(label(&arr), Err(Error::GeometryDefect { .. })));
    }

    #[test]
    fn a_new_segment_crossing_its_neighbour_is_named_where_it_starts() {
        // The segment starting at v crosses the status line under it (first case) or over
        // it (second): the neighbour check names the crossing at v. Without it the sweep
        // fails later, at the next vertex, as a mere status mismatch.
        let segment = |a, b| Segment { a, b, net: [1, 0] };
        let under = Arrangement {
            vertices: vec![p(0, 2), p(0, 3), p(2, 4), p(4, 3)],
            segments: vec![segment(0, 2), segment(1, 3)],
        };
        let over = Arrangement {
            vertices: vec![p(0, 3), p(1, 2), p(2, 4), p(4, 3)],
            segments: vec![segment(0, 3), segment(1, 2)],
        };
        for arr in [under, over] {
            match label(&arr) {
                Err(Error::GeometryDefect { reason }) => {
                    assert!(reason.contains("segments cross"), "{reason}")
                }
                other => panic!("{other:?}"),
            }
        }
    }

    /// [L3] as written, with the plain status list and both binary searches: the
    /// labelling before the sweep was optimised, kept as the oracle for `label`.
    fn label_as_written(arrangement: &Arrangement) -> Result<Vec<SegmentWindings>> {
        let (vertices, segments) = (&arrangement.vertices, &arrangement.segments);
        if vertices.windows(2).any(|w| w[0] >= w[1])
            || segments
                .iter()
                .any(|s| s.a >= s.b || s.b_index() >= vertices.len())
        {
            return Err(defect("invalid"));
        }
        let mut windings = vec![SegmentWindings::default(); segments.len()];
        let mut status: Vec<(usize, [i64; 2])> = Vec::new();
        for (vi, &v) in vertices.iter().enumerate() {
            let side = |&(i, _): &(usize, [i64; 2])| {
                orient(
                    vertices[segments[i].a_index()],
                    vertices[segments[i].b_index()],
                    v,
                )
            };
            let lo = status.partition_point(|e| side(e) == Ordering::Greater);
            let hi = lo + status[lo..].partition_point(|e| side(e) == Ordering::Equal);
            let ending = segments.iter().filter(|s| s.b_index() == vi).count();
            if hi - lo != ending || status[lo..hi].iter().any(|e| segments[e.0].b_index() != vi) {
                return Err(defect("status mismatch"));
            }
            let mut running = if lo > 0 { status[lo - 1].1 } else { [0, 0] };
            let mut starting: Vec<usize> = (0..segments.len())
                .filter(|&i| segments[i].a_index() == vi)
                .collect();
            let direction = |i: usize| direction(v, vertices[segments[i].b_index()]);
            starting.sort_by(|&i, &j| 0.cmp(&cross(direction(i), direction(j))));
            let mut inserted = Vec::new();
            for &i in &starting {
                let above = add(running, segments[i].net.map(i64::from))?;
                windings[i] = SegmentWindings {
                    right: running,
                    left: above,
                };
                inserted.push((i, above));
                running = above;
            }
            status.splice(lo..hi, inserted);
        }
        if !status.is_empty() {
            return Err(defect("status not empty"));
        }
        Ok(windings)
    }

    /// Whether two segments properly cross or a vertex lies inside a segment, by brute
    /// force over all pairs.
    fn is_not_noded(arrangement: &Arrangement) -> bool {
        let line = |s: &Segment| {
            (
                arrangement.vertices[s.a_index()],
                arrangement.vertices[s.b_index()],
            )
        };
        arrangement.segments.iter().any(|s| {
            let (a, b) = line(s);
            arrangement
                .vertices
                .iter()
                .any(|&c| strictly_inside_segment(c, a, b))
                || arrangement.segments.iter().any(|t| {
                    let (c, d) = line(t);
                    properly_cross(a, b, c, d)
                })
        })
    }

    /// Noded arrangements of small random polygons on a tiny grid (many collinear and
    /// shared points), with both operands.
    fn noded() -> impl Strategy<Value = Arrangement> {
        let tag = prop_oneof![
            Just(EdgeTag::Operand0),
            Just(EdgeTag::Operand1),
            Just(EdgeTag::Both)
        ];
        tagged_rings(4, tag.boxed(), 3..7, 1..5)
            .prop_map(|edges| arrange(&edges).expect("small coordinates"))
    }

    /// The edges of `rings` closed rings of `points` points each in [−span, span]², each
    /// ring with one tag.
    fn tagged_rings(
        span: i64,
        tag: BoxedStrategy<EdgeTag>,
        points: std::ops::Range<usize>,
        rings: std::ops::Range<usize>,
    ) -> impl Strategy<Value = Vec<TaggedEdge>> {
        let point = (-span..=span, -span..=span).prop_map(|(x, y)| p(x, y));
        let ring = (proptest::collection::vec(point, points), tag);
        proptest::collection::vec(ring, rings).prop_map(|rings| {
            rings
                .iter()
                .flat_map(|(ring, tag)| ring_edges(ring, *tag))
                .collect()
        })
    }

    /// Arbitrary segments between random points, in random order and possibly far out
    /// (up to 3·2^58): mostly not noded.
    fn arbitrary() -> impl Strategy<Value = Arrangement> {
        let point = (-3i64..=3, -3i64..=3);
        // Zero nets too: the overlay labels initial pieces that keep them.
        let net = prop_oneof![
            Just([1, 0]),
            Just([-1, 0]),
            Just([0, 2]),
            Just([1, -1]),
            Just([0, 0])
        ];
        let scale = prop_oneof![Just(1i64), Just(1 << 58)];
        (
            proptest::collection::btree_set(point, 2..8),
            proptest::collection::vec((any::<usize>(), any::<usize>(), net), 1..7),
            scale,
        )
            .prop_map(|(points, picks, scale)| {
                let vertices: Vec<GridPoint> = points
                    .iter()
                    .map(|&(x, y)| p(x * scale, y * scale))
                    .collect();
                let n = vertices.len();
                let segments = picks
                    .into_iter()
                    .filter_map(|(i, j, net)| {
                        let (a, b) = (i % n, j % n);
                        (a != b).then(|| Segment {
                            a: a.min(b) as u32,
                            b: a.max(b) as u32,
                            net,
                        })
                    })
                    .collect();
                Arrangement { vertices, segments }
            })
    }

    proptest! {
        #[test]
        fn l3_label_agrees_with_the_sweep_as_written_on_noded_input(arr in noded()) {
            let w = label(&arr);
            prop_assert_eq!(&w, &label_as_written(&arr));
            prop_assert!(w.is_ok());
        }

        #[test]
        fn l3_label_fails_exactly_on_defects_and_otherwise_agrees(arr in arbitrary()) {
            // A defect (crossing, vertex inside a segment) is always reported, also
            // where the sweep as written misses it; without one, the labels agree.
            let w = label(&arr);
            let written = label_as_written(&arr);
            prop_assert_eq!(w.is_err(), is_not_noded(&arr), "{:?}", w);
            if written.is_err() {
                prop_assert!(w.is_err());
            }
            if let Ok(w) = w {
                prop_assert_eq!(Ok(w), written);
            }
        }
    }

    /// Whether, per operand, the nets into each vertex add up to the nets out of it.
    fn is_balanced(vertex_count: usize, segments: &[Segment]) -> bool {
        let mut flow = vec![[0i128; 2]; vertex_count];
        for s in segments {
            for (k, &net) in s.net.iter().enumerate() {
                flow[s.a_index()][k] -= i128::from(net);
                flow[s.b_index()][k] += i128::from(net);
            }
        }
        flow.iter().all(|f| *f == [0, 0])
    }

    /// Closed rings of random points, merged but not noded: canonical, nets balanced at
    /// every vertex, and mostly crossing.
    fn closed_not_noded() -> impl Strategy<Value = Arrangement> {
        let tag = prop_oneof![Just(EdgeTag::Operand0), Just(EdgeTag::Operand1)];
        tagged_rings(3, tag.boxed(), 3..6, 1..4).prop_map(|edges| noded_arrangement(&edges))
    }

    proptest! {
        #[test]
        fn swept_in_halves_noded_input_gets_the_same_windings_at_every_cut(arr in noded()) {
            let serial = label(&arr).unwrap();
            for cut in 0..=arr.vertices.len() {
                prop_assert_eq!(label_in_halves(&arr, cut, |w| w), Some(Ok(serial.clone())), "cut {}", cut);
            }
        }

        #[test]
        fn swept_in_halves_closed_input_agrees_with_label_or_declines(arr in closed_not_noded()) {
            // A defect before the cut makes the first half decline; one after it is
            // found by the second half exactly where the serial sweep finds it.
            prop_assert!(is_balanced(arr.vertices.len(), &arr.segments));
            let serial = label(&arr);
            let mut taken = 0;
            for cut in 0..=arr.vertices.len() {
                if let Some(halves) = label_in_halves(&arr, cut, |w| w) {
                    prop_assert_eq!(&halves, &serial, "cut {}", cut);
                    taken += 1;
                }
            }
            // The last cut leaves the second half nothing to sweep.
            prop_assert!(serial.is_err() || taken == arr.vertices.len() + 1);
        }

        #[test]
        fn swept_in_halves_any_input_agrees_with_label_or_declines(arr in arbitrary()) {
            let mut arr = arr;
            arr.segments.sort_by_key(|s| (s.a, s.b));
            arr.segments.dedup_by_key(|s| (s.a, s.b));
            let serial = label(&arr);
            for cut in 0..=arr.vertices.len() {
                let halves = label_in_halves(&arr, cut, |w| w);
                prop_assert!(halves.is_none() || halves.as_ref() == Some(&serial), "cut {}", cut);
            }
        }

        /// Each half checks its own segments while the other runs: out of order, with
        /// a ≥ b, or with an end beyond the vertices, on either side of the cut or
        /// across it, the halves decline (or agree with `label`), and never panic.
        #[test]
        fn swept_in_halves_decline_segments_out_of_order_or_range(
            arr in noded(),
            damage in prop::sample::select(vec![0usize, 1, 2, 3]),
            at in any::<prop::sample::Index>(),
        ) {
            let mut arr = arr;
            prop_assume!(!arr.segments.is_empty());
            let k = at.index(arr.segments.len());
            let n = arr.vertices.len() as u32;
            match damage {
                0 => arr.segments[k].b = n + 3, // beyond the vertices
                1 => arr.segments[k].b = arr.segments[k].a, // a = b
                2 => {
                    let last = arr.segments.len() - 1;
                    arr.segments.swap(k, last - k); // out of order
                }
                _ => arr.segments.push(arr.segments[k]), // a repeat, at the end
            }
            let serial = label(&arr);
            prop_assert!(serial.is_err() || damage >= 2);
            for cut in 0..=arr.vertices.len() {
                let halves = label_in_halves(&arr, cut, |w| w);
                prop_assert!(halves.is_none() || halves.as_ref() == Some(&serial), "cut {}", cut);
            }
        }
    }
}
