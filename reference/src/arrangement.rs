//! Reference arrangement: brute-force snap rounding ([A0]–[A5], X7–X10,
//! docs/spec/arrangement.md).
//!
//! Candidates never change a result ([C1], X10), so every pair of fragments and every
//! hot pixel against every fragment is decided by the exact predicates. The only
//! shortcuts are necessary-condition prefilters in machine integers (bounding boxes and
//! a checked distance bound) that reject pairs the exact test would reject too.

use crate::mutation::{self, Mutation};
use std::collections::{BTreeMap, BTreeSet};

use crate::error::RefError;
use crate::geom::{Arrangement, Edge, Point};
use crate::predicates;

/// The repair loop gives up after this many rounds that still changed something (X9).
pub const MAX_REPAIR_ROUNDS: usize = 256;

/// Directed fragments with their per-operand counts (number of input edges, per
/// operand, that run along this fragment in this direction). Identical directed
/// fragments are merged (X9 allows it); the direction is kept because the X7 order
/// breaks projection ties by (x, y), which is not symmetric under reversal.
pub(crate) type Fragments = BTreeMap<(Point, Point), [i64; 2]>;

/// The counts an edge of `tag` adds: 0 → operand 0, 1 → operand 1, 2 → both ([A0], X1).
fn tag_counts(tag: u8) -> [i64; 2] {
    match tag {
        0 => [1, 0],
        1 => [0, 1],
        _ => [1, 1],
    }
}

fn add_counts(fragments: &mut Fragments, from: Point, to: Point, counts: [i64; 2]) {
    let entry = fragments.entry((from, to)).or_insert([0, 0]);
    entry[0] += counts[0];
    entry[1] += counts[1];
}

/// Axis-aligned box of a segment.
#[derive(Debug, Clone, Copy)]
struct BoundingBox {
    min: Point,
    max: Point,
}

impl BoundingBox {
    fn of(a: Point, b: Point) -> Self {
        BoundingBox {
            min: Point {
                x: a.x.min(b.x),
                y: a.y.min(b.y),
            },
            max: Point {
                x: a.x.max(b.x),
                y: a.y.max(b.y),
            },
        }
    }

    fn overlaps(&self, other: &BoundingBox) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    fn contains(&self, p: Point) -> bool {
        self.min.x <= p.x && p.x <= self.max.x && self.min.y <= p.y && p.y <= self.max.y
    }
}

/// Necessary condition for the segment a–b to meet the pixel of c, in checked i128:
/// the closed square of half-side 1/2 around c meets the line ab only if
/// 2·|cross(b − a, c − a)| ≤ |dx| + |dy|. On overflow it answers "maybe".
fn may_meet_pixel(a: Point, b: Point, c: Point) -> bool {
    let dx = i128::from(b.x) - i128::from(a.x);
    let dy = i128::from(b.y) - i128::from(a.y);
    let cx = i128::from(c.x) - i128::from(a.x);
    let cy = i128::from(c.y) - i128::from(a.y);
    let bound = || {
        let cross = dx.checked_mul(cy)?.checked_sub(dy.checked_mul(cx)?)?;
        let lhs = cross.checked_abs()?.checked_mul(2)?;
        let rhs = dx.checked_abs()?.checked_add(dy.checked_abs()?)?;
        Some(lhs <= rhs)
    };
    bound().unwrap_or(true)
}

/// Necessary condition for p to be collinear with a–b, in checked i128.
fn may_be_collinear(a: Point, b: Point, p: Point) -> bool {
    let dx = i128::from(b.x) - i128::from(a.x);
    let dy = i128::from(b.y) - i128::from(a.y);
    let px = i128::from(p.x) - i128::from(a.x);
    let py = i128::from(p.y) - i128::from(a.y);
    let cross = || dx.checked_mul(py)?.checked_sub(dy.checked_mul(px)?);
    cross().is_none_or(|c| c == 0)
}

/// Points of `set` inside the box (a range scan in (x, y) order, then a y check).
fn points_in_box(set: &BTreeSet<Point>, bbox: BoundingBox) -> impl Iterator<Item = Point> + '_ {
    let low = Point {
        x: bbox.min.x,
        y: i64::MIN,
    };
    let high = Point {
        x: bbox.max.x,
        y: i64::MAX,
    };
    set.range(low..=high)
        .copied()
        .filter(move |p| bbox.contains(*p))
}

/// X7: the pixels of `pixels` that the closed segment from→to meets, other than the
/// pixels of its own endpoints, ordered by projection (c − from)·(to − from), ties by
/// (x, y) ascending.
fn pixels_met_in_order(from: Point, to: Point, pixels: &BTreeSet<Point>) -> Vec<Point> {
    // A pixel centre outside the segment's box cannot meet it: the segment's x range is
    // [min, max] with integer ends and the pixel's is [c − 1/2, c + 1/2).
    let mut met: Vec<(num_bigint::BigInt, Point)> =
        points_in_box(pixels, BoundingBox::of(from, to))
            .filter(|&c| c != from && c != to)
            .filter(|&c| may_meet_pixel(from, to, c))
            .filter(|&c| predicates::segment_meets_pixel(from, to, c))
            .map(|c| (predicates::projection(from, to, c), c))
            .collect();
    met.sort();
    if mutation::active(Mutation::A3TieDescending) {
        met.sort_by(|l, r| l.0.cmp(&r.0).then(r.1.cmp(&l.1)));
    }
    met.into_iter().map(|(_, c)| c).collect()
}

/// The polyline from, (pixels met in X7 order), to; `None` when no pixel is met.
fn reroute(from: Point, to: Point, pixels: &BTreeSet<Point>) -> Option<Vec<Point>> {
    let inner = pixels_met_in_order(from, to, pixels);
    if inner.is_empty() {
        return None;
    }
    let mut chain = Vec::with_capacity(inner.len() + 2);
    chain.push(from);
    chain.extend(inner);
    chain.push(to);
    Some(chain)
}

fn add_chain(fragments: &mut Fragments, chain: &[Point], counts: [i64; 2]) {
    for w in chain.windows(2) {
        add_counts(fragments, w[0], w[1], counts);
    }
}

/// Rounded crossings of every properly crossing pair of segments ([A2], X8).
fn rounded_crossings(segments: &[(Point, Point)]) -> BTreeSet<Point> {
    // Sorted by the box's min x so the scan for partners stops at the first segment
    // that starts right of this one's box: a pure prefilter.
    let mut boxed: Vec<(BoundingBox, Point, Point)> = segments
        .iter()
        .map(|&(a, b)| (BoundingBox::of(a, b), a, b))
        .collect();
    boxed.sort_by_key(|(bb, a, b)| (bb.min.x, *a, *b));
    let mut found = BTreeSet::new();
    for (i, (bb, a, b)) in boxed.iter().enumerate() {
        for (other_bb, c, d) in &boxed[i + 1..] {
            if other_bb.min.x > bb.max.x {
                break;
            }
            if !bb.overlaps(other_bb) {
                continue;
            }
            if let Some(p) = predicates::rounded_crossing(*a, *b, *c, *d) {
                found.insert(p);
            }
        }
    }
    found
}

/// Outcome of the repair loop: the fragments and how many rounds ran (the last of which
/// changed nothing).
#[derive(Debug, Clone)]
pub(crate) struct Repaired {
    pub(crate) fragments: Fragments,
    pub(crate) rounds: usize,
}

/// X9 repair loop on given fragments. `max_rounds` is [`MAX_REPAIR_ROUNDS`] in
/// production; tests lower it to reach the defect path.
pub(crate) fn repair(mut fragments: Fragments, max_rounds: usize) -> Result<Repaired, RefError> {
    for round in 1..=max_rounds {
        let mut changed = false;

        // (1) P: rounded crossings of every properly crossing pair of current fragments.
        let segments: Vec<(Point, Point)> = fragments.keys().copied().collect();
        let new_pixels = rounded_crossings(&segments);

        // (2) Reroute every fragment meeting a pixel of P (other than its own endpoints'
        // pixels) through its endpoints and those pixels, in X7 order along it.
        if !new_pixels.is_empty() {
            let mut next = Fragments::new();
            for (&(from, to), &counts) in &fragments {
                match reroute(from, to, &new_pixels) {
                    Some(chain) => {
                        changed = true;
                        add_chain(&mut next, &chain, counts);
                    }
                    None => add_counts(&mut next, from, to, counts),
                }
            }
            fragments = next;
        }

        // (3) Split every fragment whose open interior holds a fragment endpoint.
        let endpoints: BTreeSet<Point> = fragments.keys().flat_map(|&(a, b)| [a, b]).collect();
        let mut next = Fragments::new();
        for (&(from, to), &counts) in &fragments {
            let mut inside: Vec<(num_bigint::BigInt, Point)> =
                points_in_box(&endpoints, BoundingBox::of(from, to))
                    .filter(|&p| p != from && p != to)
                    .filter(|&p| may_be_collinear(from, to, p))
                    .filter(|&p| predicates::strictly_inside_segment(p, from, to))
                    .map(|p| (predicates::projection(from, to, p), p))
                    .collect();
            if inside.is_empty() {
                add_counts(&mut next, from, to, counts);
                continue;
            }
            changed = true;
            inside.sort();
            let mut chain = vec![from];
            chain.extend(inside.into_iter().map(|(_, p)| p));
            chain.push(to);
            add_chain(&mut next, &chain, counts);
        }
        fragments = next;

        if !changed {
            return Ok(Repaired {
                fragments,
                rounds: round,
            });
        }
    }
    Err(RefError::GeometryDefect)
}

/// [A0]–[A3] up to the repair loop: drop zero-length edges, collect hot pixels (all
/// endpoints and rounded proper crossings of the input edges), reroute every edge.
pub(crate) fn initial_fragments(edges: &[Edge]) -> Fragments {
    // [A1], X9: zero-length edges go before hot pixels are collected.
    let edges: Vec<&Edge> = edges.iter().filter(|e| e.from != e.to).collect();
    // [A2]: hot pixels.
    let mut hot: BTreeSet<Point> = edges.iter().flat_map(|e| [e.from, e.to]).collect();
    let segments: Vec<(Point, Point)> = edges.iter().map(|e| (e.from, e.to)).collect();
    hot.extend(rounded_crossings(&segments));
    // [A3], X7: reroute each directed edge.
    let mut fragments = Fragments::new();
    for e in edges {
        let counts = tag_counts(e.tag);
        match reroute(e.from, e.to, &hot) {
            Some(chain) => add_chain(&mut fragments, &chain, counts),
            None => add_counts(&mut fragments, e.from, e.to, counts),
        }
    }
    fragments
}

/// [A0], [A5]: net counts per undirected segment (a < b, a→b minus b→a), zero-net
/// segments dropped, vertices exactly the kept segments' endpoints in (x, y) order.
pub(crate) fn assemble(fragments: &Fragments) -> Arrangement {
    let mut nets: BTreeMap<(Point, Point), [i64; 2]> = BTreeMap::new();
    for (&(from, to), counts) in fragments {
        let (key, s) = if from < to {
            ((from, to), 1)
        } else {
            ((to, from), -1)
        };
        let net = nets.entry(key).or_insert([0, 0]);
        net[0] += s * counts[0];
        net[1] += s * counts[1];
    }
    nets.retain(|_, net| *net != [0, 0]);
    let vertices: Vec<Point> = nets
        .keys()
        .flat_map(|&(a, b)| [a, b])
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let index = |p: &Point| vertices.binary_search(p).unwrap_or_default();
    let mut segments: Vec<(usize, usize, [i64; 2])> = nets
        .iter()
        .map(|((a, b), net)| (index(a), index(b), *net))
        .collect();
    segments.sort();
    Arrangement { vertices, segments }
}

/// Nodes the edges by snap rounding ([A0]–[A5], X7–X9) and reports how many repair
/// rounds ran (1 on valid input: the verifying pass, X9).
pub fn arrange_counting_rounds(edges: &[Edge]) -> Result<(Arrangement, usize), RefError> {
    if edges.iter().any(|e| e.tag > 2) {
        return Err(RefError::InvalidArgument {
            argument: "tag".to_string(),
            location: None,
        });
    }
    let repaired = repair(initial_fragments(edges), MAX_REPAIR_ROUNDS)?;
    Ok((assemble(&repaired.fragments), repaired.rounds))
}

/// Nodes the edges by snap rounding ([A0]–[A5], X7–X9).
pub fn arrange(edges: &[Edge]) -> Result<Arrangement, RefError> {
    arrange_counting_rounds(edges).map(|(arrangement, _)| arrangement)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predicates::{properly_cross, strictly_inside_segment};

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    fn e(a: (i64, i64), b: (i64, i64), tag: u8) -> Edge {
        Edge {
            from: p(a.0, a.1),
            to: p(b.0, b.1),
            tag,
        }
    }

    fn pts(list: &[(i64, i64)]) -> Vec<Point> {
        list.iter().map(|&(x, y)| p(x, y)).collect()
    }

    #[test]
    fn two_crossing_edges_meet_at_their_rounded_crossing() {
        // (0,0)→(4,4) operand 0 and (0,4)→(4,0) operand 1 cross at (2,2), a hot pixel;
        // both are rerouted through it. Sorted vertices: (0,0)=0, (0,4)=1, (2,2)=2,
        // (4,0)=3, (4,4)=4. (0,4)→(2,2) runs from the smaller vertex: +1 for operand 1.
        let (a, rounds) =
            arrange_counting_rounds(&[e((0, 0), (4, 4), 0), e((0, 4), (4, 0), 1)]).unwrap();
        assert_eq!(rounds, 1);
        assert_eq!(a.vertices, pts(&[(0, 0), (0, 4), (2, 2), (4, 0), (4, 4)]));
        assert_eq!(
            a.segments,
            vec![
                (0, 2, [1, 0]),
                (1, 2, [0, 1]),
                (2, 3, [0, 1]),
                (2, 4, [1, 0])
            ]
        );
    }

    #[test]
    fn t_junction_splits_the_through_edge() {
        // The endpoint (4,0) of the second edge is a hot pixel the first edge meets.
        let a = arrange(&[e((0, 0), (8, 0), 0), e((4, 4), (4, 0), 0)]).unwrap();
        assert_eq!(a.vertices, pts(&[(0, 0), (4, 0), (4, 4), (8, 0)]));
        // (4,4)→(4,0) runs from the larger vertex to the smaller: net −1 on (1,2).
        assert_eq!(
            a.segments,
            vec![(0, 1, [1, 0]), (1, 2, [-1, 0]), (1, 3, [1, 0])]
        );
    }

    #[test]
    fn edge_snaps_to_a_nearby_vertex() {
        // (0,0)→(10,1) has y = x/10; in pixel (5,1) = [4.5,5.5)×[0.5,1.5) it has y ≥ 0.5
        // for x ∈ [5, 5.5): it meets the pixel of the other edge's endpoint (5,1).
        let a = arrange(&[e((0, 0), (10, 1), 0), e((5, 1), (5, 5), 1)]).unwrap();
        assert_eq!(a.vertices, pts(&[(0, 0), (5, 1), (5, 5), (10, 1)]));
        assert_eq!(
            a.segments,
            vec![(0, 1, [1, 0]), (1, 2, [0, 1]), (1, 3, [1, 0])]
        );
    }

    #[test]
    fn nets_cancel_and_tags_count() {
        // Opposite edges of one operand cancel: nothing is left, not even vertices.
        let a = arrange(&[e((0, 0), (4, 0), 0), e((4, 0), (0, 0), 0)]).unwrap();
        assert_eq!(a, Arrangement::default());
        // Opposite operands: net +1 for operand 0 and −1 for operand 1.
        let a = arrange(&[e((0, 0), (4, 0), 0), e((4, 0), (0, 0), 1)]).unwrap();
        assert_eq!(a.segments, vec![(0, 1, [1, -1])]);
        // Tag 2 counts for both; a duplicate doubles.
        let a = arrange(&[e((0, 0), (4, 0), 2), e((0, 0), (4, 0), 0)]).unwrap();
        assert_eq!(a.segments, vec![(0, 1, [2, 1])]);
        // Zero-length edges are dropped and make no hot pixel ([A1] before [A2]): the
        // point (2,0) would otherwise split the edge.
        let a = arrange(&[e((0, 0), (4, 0), 0), e((2, 0), (2, 0), 0)]).unwrap();
        assert_eq!(a.vertices, pts(&[(0, 0), (4, 0)]));
    }

    #[test]
    fn cancelled_fragment_still_makes_a_hot_pixel() {
        // The edge pair (2,0)↔(2,5) cancels, but its endpoint (2,0) is still a hot pixel,
        // so the first edge is split there (X9: zero-net dropped after the loop).
        let a = arrange(&[
            e((0, 0), (4, 0), 0),
            e((2, 0), (2, 5), 0),
            e((2, 5), (2, 0), 0),
        ])
        .unwrap();
        assert_eq!(a.vertices, pts(&[(0, 0), (2, 0), (4, 0)]));
        assert_eq!(a.segments, vec![(0, 1, [1, 0]), (1, 2, [1, 0])]);
    }

    #[test]
    fn collinear_overlap_is_noded() {
        // (0,0)→(6,0) and (2,0)→(9,0): each meets the other's inner endpoint pixel.
        let a = arrange(&[e((0, 0), (6, 0), 0), e((2, 0), (9, 0), 1)]).unwrap();
        assert_eq!(a.vertices, pts(&[(0, 0), (2, 0), (6, 0), (9, 0)]));
        assert_eq!(
            a.segments,
            vec![(0, 1, [1, 0]), (1, 2, [1, 1]), (2, 3, [0, 1])]
        );
    }

    #[test]
    fn reroute_order_is_by_projection() {
        // Hot pixels (3,1) and (6,1) around the edge (0,0)→(9,2) (y = 2x/9: at x = 3,
        // y = 2/3 ∈ [1/2, 3/2); at x = 6, y = 4/3): projections 3·9 + 1·2 = 29 and
        // 6·9 + 2 = 56, so the chain is (0,0), (3,1), (6,1), (9,2); reversed edge likewise
        // reversed.
        let hot: BTreeSet<Point> = pts(&[(6, 1), (3, 1), (0, 0), (9, 2)]).into_iter().collect();
        assert_eq!(
            reroute(p(0, 0), p(9, 2), &hot),
            Some(pts(&[(0, 0), (3, 1), (6, 1), (9, 2)]))
        );
        assert_eq!(
            reroute(p(9, 2), p(0, 0), &hot),
            Some(pts(&[(9, 2), (6, 1), (3, 1), (0, 0)]))
        );
        assert_eq!(reroute(p(0, 0), p(9, 0), &hot), None);
    }

    type HandFragment = ((i64, i64), (i64, i64), [i64; 2]);

    fn fragments(list: &[HandFragment]) -> Fragments {
        let mut f = Fragments::new();
        for &(a, b, c) in list {
            add_counts(&mut f, p(a.0, a.1), p(b.0, b.1), c);
        }
        f
    }

    #[test]
    fn repair_reroutes_injected_crossing() {
        // Hand-made crossing fragments (never produced by the initial reroute): round 1
        // finds the crossing (2,2) and reroutes both; round 2 changes nothing.
        let f = fragments(&[((0, 0), (4, 4), [1, 0]), ((0, 4), (4, 0), [0, 1])]);
        let r = repair(f.clone(), MAX_REPAIR_ROUNDS).unwrap();
        assert_eq!(r.rounds, 2);
        let expected = fragments(&[
            ((0, 0), (2, 2), [1, 0]),
            ((2, 2), (4, 4), [1, 0]),
            ((0, 4), (2, 2), [0, 1]),
            ((2, 2), (4, 0), [0, 1]),
        ]);
        assert_eq!(r.fragments, expected);
        // With a cap of one round the changing round is the last: geometry defect.
        assert!(matches!(repair(f, 1), Err(RefError::GeometryDefect)));
    }

    #[test]
    fn repair_reroutes_a_third_fragment_through_the_new_pixel() {
        // Crossing of (0,0)–(3,1) and (0,1)–(3,0) is (3/2, 1/2) → pixel (2,1). The third
        // fragment (1,3)→(3,−1) has x = 1 + (3 − y)/2, so for y ∈ [1/2, 3/2) x lies in
        // (7/4, 9/4] ⊂ [3/2, 5/2): it meets pixel (2,1) and is rerouted through it in the
        // same round (it also crosses both others, giving more pixels).
        let f = fragments(&[
            ((0, 0), (3, 1), [1, 0]),
            ((0, 1), (3, 0), [1, 0]),
            ((1, 3), (3, -1), [0, 1]),
        ]);
        let r = repair(f, MAX_REPAIR_ROUNDS).unwrap();
        assert!(r.rounds >= 2);
        assert!(r
            .fragments
            .keys()
            .any(|&(a, b)| a == p(2, 1) || b == p(2, 1)));
        assert!(r.fragments.contains_key(&(p(1, 3), p(2, 1))));
        check_noded(&assemble(&r.fragments));
    }

    #[test]
    fn repair_splits_at_injected_vertex() {
        // (2,0) lies in the open interior of (0,0)→(4,0): round 1 splits, round 2 is quiet.
        let f = fragments(&[((0, 0), (4, 0), [1, 0]), ((2, 0), (2, 3), [0, 1])]);
        let r = repair(f, MAX_REPAIR_ROUNDS).unwrap();
        assert_eq!(r.rounds, 2);
        let expected = fragments(&[
            ((0, 0), (2, 0), [1, 0]),
            ((2, 0), (4, 0), [1, 0]),
            ((2, 0), (2, 3), [0, 1]),
        ]);
        assert_eq!(r.fragments, expected);
    }

    /// [A4] guarantees: no proper crossing, no vertex inside a segment, sorted output.
    fn check_noded(a: &Arrangement) {
        assert!(a.vertices.windows(2).all(|w| w[0] < w[1]));
        assert!(a
            .segments
            .windows(2)
            .all(|w| (w[0].0, w[0].1) < (w[1].0, w[1].1)));
        let seg = |s: &(usize, usize, [i64; 2])| (a.vertices[s.0], a.vertices[s.1]);
        let mut used = BTreeSet::new();
        for s in &a.segments {
            assert!(s.0 < s.1 && s.2 != [0, 0]);
            used.insert(s.0);
            used.insert(s.1);
            let (u, v) = seg(s);
            for &w in &a.vertices {
                assert!(
                    !strictly_inside_segment(w, u, v),
                    "{w:?} inside {u:?}-{v:?}"
                );
            }
            for t in &a.segments {
                let (c, d) = seg(t);
                assert!(!properly_cross(u, v, c, d));
            }
        }
        assert_eq!(used.len(), a.vertices.len());
    }

    /// Net outflow per vertex and operand: rerouting keeps every chain's endpoints, so
    /// the output's divergence at each point equals the input's.
    fn divergence(edges: &[(Point, Point, [i64; 2])]) -> BTreeMap<(Point, usize), i64> {
        let mut d = BTreeMap::new();
        for &(a, b, c) in edges {
            for (op, &n) in c.iter().enumerate() {
                *d.entry((a, op)).or_insert(0) += n;
                *d.entry((b, op)).or_insert(0) -= n;
            }
        }
        d.retain(|_, v| *v != 0);
        d
    }

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            // xorshift64*
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn coord(&mut self, range: i64) -> i64 {
            (self.next() % (2 * range as u64 + 1)) as i64 - range
        }
    }

    #[test]
    fn random_small_inputs_are_noded_in_one_round() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..200 {
            let n = 2 + (rng.next() % 7) as usize;
            let edges: Vec<Edge> = (0..n)
                .map(|_| Edge {
                    from: p(rng.coord(6), rng.coord(6)),
                    to: p(rng.coord(6), rng.coord(6)),
                    tag: (rng.next() % 3) as u8,
                })
                .collect();
            let (a, rounds) = arrange_counting_rounds(&edges).unwrap();
            // X9: on real input the first round is a verifying pass.
            assert_eq!(rounds, 1, "{edges:?}");
            check_noded(&a);
            let input: Vec<_> = edges
                .iter()
                .map(|e| (e.from, e.to, tag_counts(e.tag)))
                .collect();
            let output: Vec<_> = a
                .segments
                .iter()
                .map(|&(i, j, net)| (a.vertices[i], a.vertices[j], net))
                .collect();
            assert_eq!(divergence(&input), divergence(&output), "{edges:?}");
        }
    }

    #[test]
    fn thousands_of_edges_are_handled() {
        // 3000 short edges (closed triangles) spread over a 4000² box: a size test for
        // the brute force (its prefilters), checked for noding and round count.
        let mut rng = Rng(12345);
        let mut edges = Vec::new();
        for _ in 0..1000 {
            let (x, y) = (rng.coord(2000), rng.coord(2000));
            let q = [
                p(x, y),
                p(x + rng.coord(40), y + rng.coord(40)),
                p(x + rng.coord(40), y + rng.coord(40)),
            ];
            for i in 0..3 {
                edges.push(Edge {
                    from: q[i],
                    to: q[(i + 1) % 3],
                    tag: (i % 2) as u8,
                });
            }
        }
        let (a, rounds) = arrange_counting_rounds(&edges).unwrap();
        assert_eq!(rounds, 1);
        assert!(a.segments.len() >= 2000);
    }
}
