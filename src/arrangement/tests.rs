//! Hand-derived cases for [A1]–[A5] and X7–X9 (each expectation is derived in a comment),
//! direct tests of the repair loop's code paths, and search-path agreement ([C1], X10).

use super::search::{Index, Path};
use super::*;

fn p(x: i64, y: i64) -> GridPoint {
    GridPoint::new(x, y)
}

fn e(a: (i64, i64), b: (i64, i64), tag: u8) -> TaggedEdge {
    TaggedEdge {
        from: p(a.0, a.1),
        to: p(b.0, b.1),
        tag: match tag {
            0 => EdgeTag::Operand0,
            1 => EdgeTag::Operand1,
            _ => EdgeTag::Both,
        },
    }
}

fn seg(a: u32, b: u32, n0: i32, n1: i32) -> Segment {
    Segment {
        a,
        b,
        net: [n0, n1],
    }
}

fn pts(list: &[(i64, i64)]) -> Vec<GridPoint> {
    list.iter().map(|&(x, y)| p(x, y)).collect()
}

/// Runs every search mode and a few forced strip sizes, checks they agree and that the result is valid; returns it.
fn arrange_all(edges: &[TaggedEdge]) -> (Arrangement, ArrangeStats) {
    let run = |search| {
        arrange_with(
            edges,
            &ArrangeOptions {
                search,
                ..Default::default()
            },
        )
        .unwrap()
    };
    let (auto, stats) = run(SearchMode::Auto);
    for mode in [SearchMode::Grid, SearchMode::Sweep, SearchMode::BruteForce] {
        assert_eq!(run(mode).0, auto, "{mode:?} differs from Auto");
    }
    for size in [1, 2, 5] {
        let options = ArrangeOptions {
            strip_fragments: Some(size),
            ..Default::default()
        };
        let (striped, stats) = arrange_with(edges, &options).unwrap();
        assert_eq!(striped, auto, "strips of {size} differ from Auto");
        if size == 1 {
            // Cuts at every distinct smaller-end x; abandoned only if a window's first
            // repair round would change something.
            let mut xs: Vec<i64> = edges
                .iter()
                .filter(|e| e.from != e.to)
                .map(|e| e.from.min(e.to).x)
                .collect();
            xs.sort_unstable();
            xs.dedup();
            assert_eq!(stats.strips > 0, xs.len() > 1, "{stats:?}");
        }
    }
    crate::validity::check_arrangement(edges, &auto).unwrap();
    (auto, stats)
}

#[test]
fn empty_and_zero_length_inputs_give_the_empty_arrangement() {
    assert_eq!(arrange(&[]).unwrap(), Arrangement::default());
    // [A1]: a zero-length edge is dropped and forces no hot pixel.
    let (out, _) = arrange_all(&[e((1, 1), (1, 1), 0), e((0, 0), (0, 0), 2)]);
    assert_eq!(out, Arrangement::default());
}

#[test]
fn two_diagonals_cross_at_a_grid_point() {
    // (0,0)→(4,4) and (0,4)→(4,0) cross exactly at (2,2). Each is rerouted through it.
    // Vertices by (x,y): (0,0)=0 (0,4)=1 (2,2)=2 (4,0)=3 (4,4)=4.
    // Operand 0 runs 0→2→4 (+1 each); operand 1 runs 1→2→3 (+1 each).
    let (out, stats) = arrange_all(&[e((0, 0), (4, 4), 0), e((0, 4), (4, 0), 1)]);
    assert_eq!(out.vertices, pts(&[(0, 0), (0, 4), (2, 2), (4, 0), (4, 4)]));
    assert_eq!(
        out.segments,
        vec![
            seg(0, 2, 1, 0),
            seg(1, 2, 0, 1),
            seg(2, 3, 0, 1),
            seg(2, 4, 1, 0)
        ]
    );
    assert_eq!(stats.repair_rounds, 1, "the loop is a verifying pass (X9)");
    assert_eq!(stats.hot_pixels, 5);
}

/// `Arrangement::check` accepts the canonical form and refuses each broken invariant:
/// vertices out of order or repeated, a segment with a ≥ b or an end past the
/// vertices, a zero net, segments out of order or repeated, a vertex no segment uses.
#[test]
fn arrangement_check_refuses_each_broken_invariant() {
    let good = Arrangement {
        vertices: pts(&[(0, 0), (0, 4), (2, 2), (4, 0), (4, 4)]),
        segments: vec![
            seg(0, 2, 1, 0),
            seg(1, 2, 0, 1),
            seg(2, 3, 0, 1),
            seg(2, 4, 1, 0),
        ],
    };
    assert_eq!(good.check(), Ok(()));
    assert_eq!(Arrangement::default().check(), Ok(()));
    type Change = fn(&mut Arrangement);
    let broken = |change: Change| {
        let mut a = good.clone();
        change(&mut a);
        a.check()
    };
    let refused: [(&str, Change); 10] = [
        ("vertices swapped", |a| a.vertices.swap(1, 2)),
        ("vertex repeated", |a| a.vertices[1] = a.vertices[0]),
        ("a = b", |a| a.segments[0].b = 0),
        ("a > b", |a| a.segments[1] = seg(2, 1, 0, 1)),
        ("b = vertex count", |a| a.segments[3].b = 5),
        ("zero net", |a| a.segments[2].net = [0, 0]),
        ("segments swapped", |a| a.segments.swap(2, 3)),
        ("segment repeated", |a| a.segments[1] = a.segments[0]),
        ("vertex unused", |a| a.vertices.push(p(9, 9))),
        ("vertex unused first", |a| {
            a.vertices.insert(0, p(-1, 0));
            for s in &mut a.segments {
                (s.a, s.b) = (s.a + 1, s.b + 1);
            }
        }),
    ];
    for (what, change) in refused {
        assert!(broken(change).is_err(), "{what} accepted");
    }
    // A net of one operand alone, or a negative one, is fine.
    assert_eq!(broken(|a| a.segments[0].net = [0, -3]), Ok(()));
}

#[test]
fn rounded_crossing_captures_a_third_segment_at_a_closed_pixel_corner() {
    // A (−5,8)→(7,−6) op0 and B (5,−5)→(−1,5) op1 cross at (7/3, −5/9):
    // A = (−5,8) + t(12,−14), B = (5,−5) + s(−6,10); solving gives t = 11/18, point
    // (−5 + 22/3, 8 − 77/9) = (7/3, −5/9), rounded floor(x + 1/2) → (2, −1).
    // C (3,−3)→(−1,1) op0 lies on x + y = 0 and never meets A (x + y from 3 to 1) nor B
    // (x + y ≥ 0, = 0 only at (5,−5), outside C). C touches pixel (2,−1) =
    // [1.5,2.5)×[−1.5,−0.5) only at its closed lower-left corner (1.5,−1.5), so it is
    // rerouted through (2,−1) too ([A3]: closed segment vs half-open pixel).
    // All six pieces meet at (2,−1) in distinct directions and no endpoint lies inside
    // a piece, so the loop changes nothing.
    // Vertices: (−5,8)=0 (−1,1)=1 (−1,5)=2 (2,−1)=3 (3,−3)=4 (5,−5)=5 (7,−6)=6.
    // A: 0→3, 3→6 (+1 op0). B: 5→3 (stored 3–5, −1 op1), 3→2 (stored 2–3, −1 op1).
    // C: 4→3 (stored 3–4, −1 op0), 3→1 (stored 1–3, −1 op0).
    let edges = [
        e((-5, 8), (7, -6), 0),
        e((5, -5), (-1, 5), 1),
        e((3, -3), (-1, 1), 0),
    ];
    let (out, stats) = arrange_all(&edges);
    assert_eq!(
        out.vertices,
        pts(&[
            (-5, 8),
            (-1, 1),
            (-1, 5),
            (2, -1),
            (3, -3),
            (5, -5),
            (7, -6)
        ])
    );
    assert_eq!(
        out.segments,
        vec![
            seg(0, 3, 1, 0),
            seg(1, 3, -1, 0),
            seg(2, 3, 0, -1),
            seg(3, 4, -1, 0),
            seg(3, 5, 0, -1),
            seg(3, 6, 1, 0),
        ]
    );
    assert_eq!(stats.repair_rounds, 1);
}

#[test]
fn crossing_on_an_open_pixel_corner_is_not_captured_but_closed_corner_is() {
    // E1 (0,3)→(3,0) op0 (x + y = 3) and E2 (1,1)→(2,2) op1 cross at (3/2, 3/2), which
    // rounds to (2,2) (an endpoint of E2). (3/2,3/2) is the closed lower-left corner of
    // pixel (2,2) but the open upper-right corner of pixel (1,1), and x + y = 3 meets
    // pixel (1,1) = [0.5,1.5)² nowhere else (x + y < 3 inside it). So E1 goes through
    // (2,2) only; E2 meets no other hot pixel.
    // Vertices: (0,3)=0 (1,1)=1 (2,2)=2 (3,0)=3; E1: 0→2, 2→3; E2: 1→2.
    let (out, _) = arrange_all(&[e((0, 3), (3, 0), 0), e((1, 1), (2, 2), 1)]);
    assert_eq!(out.vertices, pts(&[(0, 3), (1, 1), (2, 2), (3, 0)]));
    assert_eq!(
        out.segments,
        vec![seg(0, 2, 1, 0), seg(1, 2, 0, 1), seg(2, 3, 1, 0)]
    );
}

#[test]
fn pixel_corners_only_the_lower_left_one_captures() {
    // A hot pixel at (1,1) comes from an edge S starting there that stays clear of the
    // diagonal D, which passes exactly through one corner of pixel (1,1) = [0.5,1.5)².
    // Lower-left (0.5,0.5) on x + y = 1: D (−1,2)→(2,−1), S (1,1)→(3,4) (x + y ≥ 2).
    //   Closed corner: D is rerouted (−1,2)→(1,1)→(2,−1).
    //   Vertices (−1,2)=0 (1,1)=1 (2,−1)=2 (3,4)=3.
    let (out, _) = arrange_all(&[e((-1, 2), (2, -1), 0), e((1, 1), (3, 4), 1)]);
    assert_eq!(out.vertices, pts(&[(-1, 2), (1, 1), (2, -1), (3, 4)]));
    assert_eq!(
        out.segments,
        vec![seg(0, 1, 1, 0), seg(1, 2, 1, 0), seg(1, 3, 0, 1)]
    );
    // The three open corners: D stays straight, S stays apart (two segments, 4 vertices).
    // Upper-right (1.5,1.5) on x + y = 3: D (0,3)→(3,0), S (1,1)→(−1,−2) (x + y ≤ 2).
    // Upper-left (0.5,1.5) on y = x + 1: D (−1,0)→(2,3), S (1,1)→(4,0) (y − x ≤ 0).
    // Lower-right (1.5,0.5) on y = x − 1: D (0,−1)→(3,2), S (1,1)→(0,4) (y − x ≥ 0).
    for (d0, d1, s1) in [
        ((0, 3), (3, 0), (-1, -2)),
        ((-1, 0), (2, 3), (4, 0)),
        ((0, -1), (3, 2), (0, 4)),
    ] {
        let (out, _) = arrange_all(&[e(d0, d1, 0), e((1, 1), s1, 1)]);
        assert_eq!(out.vertices.len(), 4, "{d0:?}");
        assert_eq!(out.segments.len(), 2, "{d0:?}");
        let d = out.segments.iter().find(|s| s.net == [1, 0]).unwrap();
        let ends = [out.vertices[d.a_index()], out.vertices[d.b_index()]];
        assert!(ends.contains(&p(d0.0, d0.1)) && ends.contains(&p(d1.0, d1.1)));
    }
}

#[test]
fn t_junction_splits_the_through_edge() {
    // E1 (0,0)→(4,0) op0 meets the hot pixel of E2's endpoint (2,0) (on it exactly).
    // Vertices (0,0)=0 (2,0)=1 (2,3)=2 (4,0)=3. E1: 0→1, 1→3; E2 (2,0)→(2,3): 1→2.
    let (out, _) = arrange_all(&[e((0, 0), (4, 0), 0), e((2, 0), (2, 3), 1)]);
    assert_eq!(out.vertices, pts(&[(0, 0), (2, 0), (2, 3), (4, 0)]));
    assert_eq!(
        out.segments,
        vec![seg(0, 1, 1, 0), seg(1, 2, 0, 1), seg(1, 3, 1, 0)]
    );
}

#[test]
fn near_t_junction_snaps_the_edge_onto_the_endpoint() {
    // E1 (0,0)→(5,1) (y = x/5) passes through pixel (2,0) = [1.5,2.5)×[−0.5,0.5) at
    // x in [1.5,2.5) where y in [0.3,0.5): it is rerouted through (2,0) though (2,0) is
    // not on it. E2 (2,0)→(2,−3) op1 stays below. Vertices (0,0)=0 (2,−3)=1 (2,0)=2
    // (5,1)=3. E1: 0→2, 2→3; E2: 2→1, stored 1–2 with −1.
    let (out, _) = arrange_all(&[e((0, 0), (5, 1), 0), e((2, 0), (2, -3), 1)]);
    assert_eq!(out.vertices, pts(&[(0, 0), (2, -3), (2, 0), (5, 1)]));
    assert_eq!(
        out.segments,
        vec![seg(0, 2, 1, 0), seg(1, 2, 0, -1), seg(2, 3, 1, 0)]
    );
}

#[test]
fn collinear_overlap_adds_counts_on_the_shared_piece() {
    // E1 (0,0)→(4,0) op0 meets pixel (2,0); E2 (6,0)→(2,0) op1 meets pixel (4,0).
    // Pieces: (0,0)–(2,0) [1,0]; (2,0)–(4,0) [1,0] + [0,−1] (E2 runs right to left);
    // (4,0)–(6,0) [0,−1].
    let (out, _) = arrange_all(&[e((0, 0), (4, 0), 0), e((6, 0), (2, 0), 1)]);
    assert_eq!(out.vertices, pts(&[(0, 0), (2, 0), (4, 0), (6, 0)]));
    assert_eq!(
        out.segments,
        vec![seg(0, 1, 1, 0), seg(1, 2, 1, -1), seg(2, 3, 0, -1)]
    );
}

#[test]
fn cancelled_edges_still_force_hot_pixels() {
    // The diagonal (0,0)↔(4,4) appears once each way (net 0, dropped at the end, X9) but
    // its crossing with E (0,3)→(5,1) op1 still is a hot pixel: E is y = 3 − 2x/5,
    // meeting y = x at x = 15/7 ≈ 2.14 → rounded (2,2). E is rerouted through (2,2).
    // Vertices (0,3)=0 (2,2)=1 (5,1)=2; E: 0→1, 1→2.
    let edges = [
        e((0, 0), (4, 4), 0),
        e((4, 4), (0, 0), 0),
        e((0, 3), (5, 1), 1),
    ];
    let (out, _) = arrange_all(&edges);
    assert_eq!(out.vertices, pts(&[(0, 3), (2, 2), (5, 1)]));
    assert_eq!(out.segments, vec![seg(0, 1, 0, 1), seg(1, 2, 0, 1)]);
    // Without the cancelled pair, E stays one straight segment.
    let (alone, _) = arrange_all(&edges[2..]);
    assert_eq!(alone.segments, vec![seg(0, 1, 0, 1)]);
}

#[test]
fn tag_both_counts_for_both_operands() {
    // Both (0,0)→(2,0) adds [1,1]; op1 (2,0)→(0,0) adds [0,−1]: net [1,0].
    let (out, _) = arrange_all(&[e((0, 0), (2, 0), 2), e((2, 0), (0, 0), 1)]);
    assert_eq!(out.vertices, pts(&[(0, 0), (2, 0)]));
    assert_eq!(out.segments, vec![seg(0, 1, 1, 0)]);
    // Both one way and Both the other cancel completely.
    let (out, _) = arrange_all(&[e((0, 0), (2, 0), 2), e((2, 0), (0, 0), 2)]);
    assert_eq!(out, Arrangement::default());
}

#[test]
fn reroute_order_follows_the_projection_for_a_reversed_edge() {
    // E (9,0)→(0,0) op0 meets the hot pixels (3,0) and (6,0) of two stubs going up.
    // X7 order along E: projections (c − a)·(b − a) with a = (9,0), b = (0,0):
    // (6,0) → 27, (3,0) → 54, so the chain is (9,0),(6,0),(3,0),(0,0), every piece
    // running right to left: stored with −1.
    let edges = [
        e((9, 0), (0, 0), 0),
        e((3, 0), (3, 2), 1),
        e((6, 0), (6, 2), 1),
    ];
    let (out, _) = arrange_all(&edges);
    assert_eq!(
        out.vertices,
        pts(&[(0, 0), (3, 0), (3, 2), (6, 0), (6, 2), (9, 0)])
    );
    assert_eq!(
        out.segments,
        vec![
            seg(0, 1, -1, 0),
            seg(1, 2, 0, 1),
            seg(1, 3, -1, 0),
            seg(3, 4, 0, 1),
            seg(3, 5, -1, 0),
        ]
    );
}

#[test]
fn a_steep_falling_edge_meets_a_column_of_pixels_in_order_along_it() {
    // S (0,10)→(1,−10) op0 is x = (10 − y)/20: at y = 5 and y = 4 it runs at x = 0.25
    // and 0.3, inside the pixels of (0,5) and (0,4), the ends of two stubs from x = −4.
    // X7 order along S: projections (c − a)·(b − a) with a = (0,10), b = (1,−10):
    // (0,5) → 100, (0,4) → 120, so the chain is (0,10),(0,5),(0,4),(1,−10): falling y
    // within the column (the y term, weighted by dy = −20, decides at equal x). Vertices
    // (−4,4)=0 (−4,5)=1 (0,4)=2 (0,5)=3 (0,10)=4 (1,−10)=5; S's pieces 4→3 and 3→2 are
    // stored backwards (−1), 2→5 forwards. Neither stub meets another pixel and no
    // piece crosses another, so X9's first round changes nothing.
    let edges = [
        e((0, 10), (1, -10), 0),
        e((-4, 5), (0, 5), 0),
        e((-4, 4), (0, 4), 0),
    ];
    let (out, stats) = arrange_all(&edges);
    assert_eq!(
        out.vertices,
        pts(&[(-4, 4), (-4, 5), (0, 4), (0, 5), (0, 10), (1, -10)])
    );
    assert_eq!(
        out.segments,
        vec![
            seg(0, 2, 1, 0),
            seg(1, 3, 1, 0),
            seg(2, 3, -1, 0),
            seg(2, 5, 1, 0),
            seg(3, 4, -1, 0),
        ]
    );
    assert_eq!(stats.repair_rounds, 1, "{stats:?}");
}

#[test]
fn coordinates_beyond_two_to_the_39_are_invalid() {
    let m = MAX_ARRANGEMENT_COORDINATE;
    assert!(arrange(&[e((-m, -m), (m, m), 0), e((-m, m), (m, -m), 1)]).is_ok());
    for bad in [(m + 1, 0), (0, -m - 1), (i64::MIN, 0), (0, i64::MAX)] {
        let err = arrange(&[e((0, 0), bad, 0)]).unwrap_err();
        assert!(
            matches!(&err, Error::InvalidArgument { argument, .. } if argument == "edges"),
            "{err:?}"
        );
    }
}

#[test]
fn extreme_coordinates_do_not_overflow() {
    let m = MAX_ARRANGEMENT_COORDINATE;
    let edges = [
        e((-m, -m), (m, m - 1), 0),
        e((-m, m), (m, -m + 1), 1),
        e((-m, 0), (m, 1), 2),
        e((0, -m), (1, m), 0),
        e((m, m), (-m, -m), 1),
    ];
    let (out, _) = arrange_all(&edges);
    assert!(!out.segments.is_empty());
}

// ---- the repair loop on hand-made fragments (X9) ----------------------------------

fn frag(a: (i64, i64), b: (i64, i64), net: [i32; 2]) -> Fragment {
    Fragment::new(p(a.0, a.1), p(b.0, b.1), net)
}

fn repair_all(input: &[Fragment], max_rounds: usize) -> Result<(Vec<Fragment>, ArrangeStats)> {
    let auto = repair_fragments(input, SearchMode::Auto, max_rounds);
    for mode in [SearchMode::Grid, SearchMode::Sweep, SearchMode::BruteForce] {
        let other = repair_fragments(input, mode, max_rounds);
        assert_eq!(
            other.as_ref().map(|r| &r.0).ok(),
            auto.as_ref().map(|r| &r.0).ok()
        );
    }
    auto
}

/// The test entry to the repair loop takes what `arrange` takes: coordinates up to
/// ±2^39 and no further, and it reports the distinct canonical fragments it started
/// from (a zero-length one dropped, a reversed duplicate merged).
#[test]
fn repair_fragments_takes_the_arrangement_range_and_counts_its_input() {
    let m = MAX_ARRANGEMENT_COORDINATE;
    for (x, ok) in [(m, true), (m + 1, false), (-m, true), (-m - 1, false)] {
        let input = [frag((0, 0), (x, 1), [1, 0])];
        let result = repair_fragments(&input, SearchMode::Auto, MAX_REPAIR_ROUNDS);
        assert_eq!(result.is_ok(), ok, "x = {x}: {result:?}");
    }
    let input = [
        frag((0, 0), (4, 0), [1, 0]),
        frag((4, 0), (0, 0), [0, 1]),
        frag((2, 2), (2, 2), [1, 0]),
        frag((0, 1), (4, 1), [1, 0]),
    ];
    let (_, stats) = repair_fragments(&input, SearchMode::Auto, MAX_REPAIR_ROUNDS).unwrap();
    assert_eq!(stats.input_fragments, 2);
}

/// An edge out of range in a later part is named by its place in all the edges, the
/// earlier parts' edges counted, zero-length ones included.
#[test]
fn an_edge_out_of_range_in_a_later_part_is_named_by_its_place_in_all() {
    let m = MAX_ARRANGEMENT_COORDINATE;
    let first = [
        e((0, 0), (1, 0), 0),
        e((2, 2), (2, 2), 0),
        e((0, 0), (0, 1), 1),
    ];
    let second = [e((5, 5), (6, 6), 0), e((0, 0), (m + 1, 0), 0)];
    let error = input_fragments_in_parts(&[first.iter(), second.iter()]).unwrap_err();
    assert!(
        error.to_string().contains("edge 4 has a coordinate"),
        "{error}"
    );
}

#[test]
fn net_counts_stay_within_31_bits_and_can_be_negated() {
    assert_eq!(add_nets([i32::MAX - 1, -3], [1, 3]), Some([i32::MAX, 0]));
    assert_eq!(add_nets([i32::MAX, 0], [1, 0]), None);
    assert_eq!(
        add_nets([0, -i32::MAX], [0, -1]),
        None,
        "i32::MIN cannot be negated"
    );
    assert_eq!(add_nets([0, -i32::MAX], [0, 0]), Some([0, -i32::MAX]));
}

#[test]
fn net_counts_beyond_32_bits_are_an_error_not_a_wrapped_count() {
    let invalid = |r: Result<(Vec<Fragment>, ArrangeStats)>| matches!(r, Err(Error::InvalidArgument { ref argument, .. }) if argument == "edges");
    let max = i32::MAX;
    // Identical fragments, merged before the loop.
    let twice = [frag((0, 0), (4, 4), [max, 0]), frag((0, 0), (4, 4), [1, 0])];
    assert!(invalid(repair_all(&twice, MAX_REPAIR_ROUNDS)));
    // Overlapping ones: the sum appears only when round 1 splits the longer at (2, 0).
    let overlapping = [frag((0, 0), (4, 0), [0, max]), frag((0, 0), (2, 0), [0, 1])];
    assert!(invalid(repair_all(&overlapping, MAX_REPAIR_ROUNDS)));
    // The initial reroute alone: the pieces (0, 0)–(2, 0) of both add up as they merge.
    let rerouted =
        repair::initial_reroute(&overlapping, SearchMode::Auto, &mut ArrangeStats::default());
    assert!(
        matches!(rerouted, Err(Error::InvalidArgument { ref argument, .. }) if argument == "edges")
    );
    // The same counts cancelling stay in range.
    let reversed = [frag((0, 0), (4, 0), [0, max]), frag((2, 0), (0, 0), [0, 1])];
    let (out, _) = repair_all(&reversed, MAX_REPAIR_ROUNDS).unwrap();
    assert_eq!(out[0], frag((0, 0), (2, 0), [0, max - 1]));
    // A count that could not be negated is refused on entry.
    let unflippable = [frag((0, 0), (4, 0), [i32::MIN, 0])];
    assert!(invalid(repair_all(&unflippable, MAX_REPAIR_ROUNDS)));
}

#[test]
fn repair_reroutes_crossing_fragments_in_one_round_and_verifies_in_the_next() {
    // Injected crossing: (0,0)–(4,4) [1,0] and (0,4)–(4,0) [0,1] cross at (2,2).
    // Round 1: P = {(2,2)}, both rerouted (changed). Round 2 finds nothing.
    let input = [frag((0, 0), (4, 4), [1, 0]), frag((0, 4), (4, 0), [0, 1])];
    let (out, stats) = repair_all(&input, MAX_REPAIR_ROUNDS).unwrap();
    assert_eq!(stats.repair_rounds, 2);
    assert_eq!(
        out,
        vec![
            frag((0, 0), (2, 2), [1, 0]),
            frag((0, 4), (2, 2), [0, 1]),
            frag((2, 2), (4, 0), [0, 1]),
            frag((2, 2), (4, 4), [1, 0]),
        ]
    );
    // With a one-round budget the unsettled loop is a geometry defect.
    let err = repair_all(&input, 1).unwrap_err();
    assert!(matches!(err, Error::GeometryDefect { .. }));
}

#[test]
fn repair_does_not_reroute_a_fragment_through_its_own_endpoint() {
    // F1 (0,0)–(10,1) [1,0] (y = x/10) and F2 (0,1)–(1,−1) [0,1] (from (0,1) along
    // (1,−2)) cross at t = 10/21: (10/21, 1/21) → rounded (0,0), an endpoint of F1.
    // Step 2 reroutes F2 only: (0,1)→(0,0)→(1,−1); the first piece runs downwards, so it
    // is stored (0,0)–(0,1) with [0,−1]. Round 2: all three share (0,0): nothing.
    let input = [frag((0, 0), (10, 1), [1, 0]), frag((0, 1), (1, -1), [0, 1])];
    let (out, stats) = repair_all(&input, MAX_REPAIR_ROUNDS).unwrap();
    assert_eq!(stats.repair_rounds, 2);
    assert_eq!(
        out,
        vec![
            frag((0, 0), (0, 1), [0, -1]),
            frag((0, 0), (1, -1), [0, 1]),
            frag((0, 0), (10, 1), [1, 0]),
        ]
    );
}

#[test]
fn repair_splits_touching_and_overlapping_fragments() {
    // T: (2,0) is an endpoint lying inside (0,0)–(4,0): split there in round 1.
    let t = [frag((0, 0), (4, 0), [1, 0]), frag((2, 0), (2, 3), [0, 1])];
    let (out, stats) = repair_all(&t, MAX_REPAIR_ROUNDS).unwrap();
    assert_eq!(stats.repair_rounds, 2);
    assert_eq!(
        out,
        vec![
            frag((0, 0), (2, 0), [1, 0]),
            frag((2, 0), (2, 3), [0, 1]),
            frag((2, 0), (4, 0), [1, 0]),
        ]
    );
    // Overlap: each holds an endpoint of the other; the shared piece sums the counts.
    let o = [frag((0, 0), (4, 0), [1, 0]), frag((2, 0), (6, 0), [0, 1])];
    let (out, stats) = repair_all(&o, MAX_REPAIR_ROUNDS).unwrap();
    assert_eq!(stats.repair_rounds, 2);
    assert_eq!(
        out,
        vec![
            frag((0, 0), (2, 0), [1, 0]),
            frag((2, 0), (4, 0), [1, 1]),
            frag((4, 0), (6, 0), [0, 1]),
        ]
    );
    // Several split points on one fragment are taken in order along it.
    let m = [
        frag((6, 0), (0, 0), [1, 0]),
        frag((4, 0), (4, 2), [0, 1]),
        frag((2, -2), (2, 0), [0, 1]),
    ];
    let (out, _) = repair_all(&m, MAX_REPAIR_ROUNDS).unwrap();
    let horizontal: Vec<_> = out.iter().filter(|f| f.net[0] != 0).copied().collect();
    assert_eq!(
        horizontal,
        vec![
            frag((0, 0), (2, 0), [-1, 0]),
            frag((2, 0), (4, 0), [-1, 0]),
            frag((4, 0), (6, 0), [-1, 0]),
        ]
    );
}

/// X9 step (3) takes every split of a fragment in one round, in order along it, whatever
/// its direction and wherever it lies: a fragment a → b = a + 6d holds the ends of two
/// stubs at a + 2d and a + 4d (each coming in from a + 2d + n, a + 4d + n, n the left
/// normal of d), so round 1 cuts it into a – a + 2d – a + 4d – b and round 2 finds
/// nothing left to do. Taken in another order, the pieces would overlap and need a
/// third round. (Steep falling directions such as (1, −7) are where a position along
/// the fragment that weighs y wrongly first puts the splits out of order.)
#[test]
fn two_splits_of_one_fragment_are_taken_in_order_in_one_round() {
    let directions = [
        (1, 0),
        (0, 1),
        (1, 1),
        (1, -1),
        (3, 1),
        (1, -4),
        (1, -7),
        (2, -7),
        (5, 3),
    ];
    let origins = [(0, 0), (-1000, -700), (900, -1100), (-50, 800)];
    for (dx, dy) in directions {
        for (ox, oy) in origins {
            let at = |k: i64| p(ox + k * dx, oy + k * dy);
            let stub_from = |k: i64| p(ox + k * dx - dy, oy + k * dy + dx);
            let input = [
                Fragment::new(at(0), at(6), [1, 0]),
                Fragment::new(stub_from(2), at(2), [0, 1]),
                Fragment::new(stub_from(4), at(4), [0, 1]),
            ];
            let (out, stats) = repair_all(&input, MAX_REPAIR_ROUNDS).unwrap();
            let mut expected = vec![
                Fragment::new(at(0), at(2), [1, 0]),
                Fragment::new(at(2), at(4), [1, 0]),
                Fragment::new(at(4), at(6), [1, 0]),
                repair::oriented(stub_from(2), at(2), [0, 1]),
                repair::oriented(stub_from(4), at(4), [0, 1]),
            ];
            expected.sort_unstable_by_key(|f| (f.a, f.b));
            assert_eq!(out, expected, "d = ({dx}, {dy}) from ({ox}, {oy})");
            assert_eq!(stats.repair_rounds, 2, "d = ({dx}, {dy}) from ({ox}, {oy})");
        }
    }
}

#[test]
fn repair_keeps_settled_fragments_and_zero_nets() {
    // Nothing to do: one round that changes nothing; zero-net fragments survive the loop.
    let input = [frag((0, 0), (3, 1), [0, 0]), frag((5, 5), (7, 5), [2, -1])];
    let (out, stats) = repair_all(&input, MAX_REPAIR_ROUNDS).unwrap();
    assert_eq!(stats.repair_rounds, 1);
    assert_eq!(out, input.to_vec());
}

// ---- search paths (X10) -------------------------------------------------------------

/// `f` on one thread and, with the `parallel` feature, in pools of one, two and three
/// threads: every result, in that order (the parallel paths start at thresholds of
/// their own, which the callers' inputs reach).
pub(crate) fn on_every_pool<R: Send>(f: impl Fn() -> R + Sync) -> Vec<R> {
    #[cfg(feature = "parallel")]
    return [1, 2, 3]
        .into_iter()
        .map(|threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("pool");
            pool.install(&f)
        })
        .collect();
    #[cfg(not(feature = "parallel"))]
    vec![f()]
}

/// SplitMix64, for reproducible inputs without a dependency.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// `n` short random edges spread over a square of side about 4·sqrt(n)·len.
fn spread_edges(rng: &mut Rng, n: usize, len: i64) -> Vec<TaggedEdge> {
    let side = (4.0 * (n as f64).sqrt()) as i64 * len + len;
    (0..n)
        .map(|k| {
            let (x, y) = (rng.range(0, side), rng.range(0, side));
            let to = (x + rng.range(-len, len), y + rng.range(-len, len));
            e((x, y), to, (k % 3) as u8)
        })
        .collect()
}

#[test]
fn spread_input_uses_the_grid_and_all_paths_agree() {
    let mut rng = Rng(7);
    for n in [1, 2, 10, 32, 33, 100, 400] {
        let edges = spread_edges(&mut rng, n, 6);
        let (_, stats) = arrange_all(&edges);
        if stats.input_fragments <= 32 {
            // A handful of fragments: Auto compares all pairs instead (the repair
            // round may have more fragments and use the grid).
            assert!(
                stats.brute_force_searches > 0 && stats.sweep_searches == 0,
                "{stats:?}"
            );
        } else {
            assert!(
                stats.grid_searches > 0 && stats.sweep_searches == 0,
                "{stats:?}"
            );
        }
    }
}

#[test]
fn dense_small_input_agrees_across_paths() {
    // Many crossings and near misses on a small grid: exercises crossings, rounding and
    // captures heavily.
    let mut rng = Rng(11);
    for _ in 0..40 {
        let n = rng.range(2, 12) as usize;
        let edges: Vec<_> = (0..n)
            .map(|k| {
                let a = (rng.range(-6, 6), rng.range(-6, 6));
                let b = (rng.range(-6, 6), rng.range(-6, 6));
                e(a, b, (k % 3) as u8)
            })
            .collect();
        arrange_all(&edges);
    }
}

#[test]
fn clustered_input_falls_back_to_the_sweep_and_agrees() {
    // A few enormous edges over many tiny ones: the mean extent makes one huge cell
    // holding everything, Σ count² ≫ 32 n ([C4]).
    let mut rng = Rng(3);
    let mut edges: Vec<_> = (0..300)
        .map(|k| {
            let (x, y) = (rng.range(0, 60), rng.range(0, 60));
            e(
                (x, y),
                (x + rng.range(-2, 2), y + rng.range(-2, 2)),
                (k % 2) as u8,
            )
        })
        .collect();
    for k in 0..4 {
        edges.push(e((-1_000_000, k * 17), (1_000_000, 40 - k * 9), 1));
    }
    let (_, stats) = arrange_all(&edges);
    assert!(
        stats.sweep_searches > 0 && stats.grid_searches == 0,
        "{stats:?}"
    );
}

/// Unit squares' sides on a tile lattice, with `diagonals` of every 20 edges replaced by
/// a diagonal across the square (tile maps' shrinks are mostly such edges).
fn tile_edges(rng: &mut Rng, squares: usize, diagonals: usize) -> Vec<TaggedEdge> {
    let mut edges = Vec::new();
    for k in 0..squares {
        let (x, y) = (rng.range(0, 200) * 8, rng.range(0, 200) * 8);
        let side = rng.range(4, 24);
        let corners = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)];
        for c in 0..4 {
            let (from, to) = (corners[c], corners[(c + 1) % 4]);
            let to = if edges.len() % 20 < diagonals {
                corners[(c + 2) % 4]
            } else {
                to
            };
            edges.push(e(from, to, (k % 3) as u8));
        }
    }
    edges
}

#[test]
fn axis_parallel_input_takes_the_sweep_and_all_paths_agree() {
    // At least six sevenths horizontal or vertical: the sweep; a fifth diagonal: the grid.
    let mut rng = Rng(5);
    for (diagonals, sweep) in [(0, true), (2, true), (4, false), (10, false)] {
        let edges = tile_edges(&mut rng, 300, diagonals);
        let (_, stats) = arrange_all(&edges);
        // (A later search on the rerouted pieces may see another share.)
        let grid = stats.grid_searches > 0;
        assert_eq!(grid, !sweep, "{diagonals} in 20: {stats:?}");
    }
}

/// A tile map's shrink (seven eighths of its edges horizontal or vertical, on a few
/// hundred lines) finds its crossings by lines under Auto (`lines.rs`) and counts most
/// of its pieces on them (`line_pieces.rs`), and the arrangement is the sweep's and the
/// grid's.
#[test]
fn a_tile_map_shrink_takes_the_lines_and_all_paths_agree() {
    let map = crate::workloads::cave(96);
    let options = crate::Geometry2DOptions::new(16).unwrap();
    let region =
        crate::Region::from_tile_map(&map.cells, map.n, map.n, 0.25, [0.0, 0.0], options).unwrap();
    let tolerance = crate::pipeline_arc_tolerance(0.25, 1.0);
    let edges = crate::shrink::shrink_edges(&region, 1.0, tolerance).unwrap();
    let run = |search| {
        let options = ArrangeOptions {
            search,
            ..Default::default()
        };
        arrange_with(&edges, &options).unwrap()
    };
    let (auto, stats) = run(SearchMode::Auto);
    assert!(stats.line_searches > 0, "{} edges: {stats:?}", edges.len());
    assert!(stats.line_pieces > edges.len() / 2, "{stats:?}");
    for mode in [SearchMode::Sweep, SearchMode::Grid] {
        let (other, stats) = run(mode);
        assert_eq!(stats.line_searches, 0, "{mode:?}");
        assert!(other == auto, "{mode:?} differs from Auto");
    }
}

/// The crossing candidates of the sweep ([C1]): every properly crossing pair; of two
/// axis-parallel segments, only pairs that cross properly (two horizontal or two vertical
/// ones are collinear where they meet, a horizontal and a vertical one that only touch
/// never cross); and every other pair that `for_each_pair` reports, once. Checked against
/// all pairs on lattice input with some diagonals and collinear overlaps.
#[test]
fn crossing_candidates_leave_out_only_axis_pairs_that_cannot_cross() {
    let mut rng = Rng(11);
    let axis = |f: &Fragment| f.a.y == f.b.y || f.a.x == f.b.x;
    for diagonals in [0, 2, 6] {
        let frags = canonical(&tile_edges(&mut rng, 200, diagonals));
        let index = Index::new(&frags, SearchMode::Sweep);
        let (mut all, mut crossing) = (Vec::new(), Vec::new());
        index.for_each_pair(&frags, |i, j| all.push((i, j)));
        index.for_each_crossing_candidate(&frags, |i, j| crossing.push((i, j)));
        let axis_pair = |&(i, j): &(usize, usize)| axis(&frags[i]) && axis(&frags[j]);
        let axis_crossing = |p: &(usize, usize)| axis_pair(p) && cross(&frags[p.0], &frags[p.1]);
        assert!(
            all.iter().any(|p| axis_pair(p) && !axis_crossing(p)),
            "no pair to leave out"
        );
        assert!(all.iter().any(axis_crossing), "no axis-parallel crossing");
        let mut expected: Vec<_> = all
            .iter()
            .copied()
            .filter(|p| !axis_pair(p) || axis_crossing(p))
            .collect();
        expected.sort_unstable();
        crossing.sort_unstable();
        assert_eq!(crossing, expected, "{diagonals} in 20");
        for i in 0..frags.len() {
            for j in i + 1..frags.len() {
                if cross(&frags[i], &frags[j]) {
                    assert!(crossing.contains(&(i, j)), "missed crossing {i} {j}");
                }
            }
        }
    }
}

/// Every search filters its pairs by boxes ([C1] would let any superset through, but a
/// pair whose boxes are apart only costs a predicate): no path reports such a pair,
/// whether asked for all pairs or for crossing candidates.
#[test]
fn no_search_reports_a_pair_whose_boxes_are_apart() {
    let mut rng = Rng(12);
    let boxes_meet = |f: &Fragment, g: &Fragment| {
        f.a.x <= g.b.x
            && g.a.x <= f.b.x
            && f.a.y.min(f.b.y) <= g.a.y.max(g.b.y)
            && g.a.y.min(g.b.y) <= f.a.y.max(f.b.y)
    };
    for diagonals in [0, 6] {
        let frags = canonical(&tile_edges(&mut rng, 300, diagonals));
        for (mode, path) in [
            (SearchMode::Grid, Path::Grid),
            (SearchMode::Sweep, Path::Sweep),
            (SearchMode::BruteForce, Path::BruteForce),
        ] {
            let index = Index::new(&frags, mode);
            assert_eq!(index.path(), path);
            let (mut reported, mut apart) = (0, 0);
            let mut tally = |i: usize, j: usize| {
                assert!(i < j, "{mode:?} reported ({i}, {j})");
                reported += 1;
                apart += usize::from(!boxes_meet(&frags[i], &frags[j]));
            };
            index.for_each_pair(&frags, &mut tally);
            index.for_each_crossing_candidate(&frags, &mut tally);
            assert!(reported >= frags.len(), "{mode:?}: {reported} pairs");
            assert_eq!(apart, 0, "{mode:?}: {apart} of {reported} pairs");
        }
    }
}

/// The searches take the fragments in any order ([C4]'s sweep sorts them by minimum x
/// when they do not come so): reversed, each path reports the same pairs, and the same
/// properly crossing candidates. A fan whose minimum x strictly falls along the reversed
/// list, and squares whose minimum x only falls or repeats.
#[test]
fn the_searches_report_the_same_pairs_whatever_the_fragment_order() {
    let mut rng = Rng(13);
    let fan: Vec<TaggedEdge> = (0..60)
        .map(|i| {
            let (y0, y1) = if i % 2 == 0 { (0, 40) } else { (40, 0) };
            e((i, y0), (i + 30, y1), 0)
        })
        .collect();
    for frags in [canonical(&fan), canonical(&tile_edges(&mut rng, 200, 6))] {
        let reversed: Vec<Fragment> = frags.iter().rev().copied().collect();
        let last = frags.len() - 1;
        for mode in [SearchMode::Grid, SearchMode::Sweep, SearchMode::BruteForce] {
            // The pairs of `segs` named by their place in `frags`, sorted: all pairs, and
            // the crossing candidates that cross.
            let pairs_of = |segs: &[Fragment], place: &dyn Fn(usize) -> usize| {
                let index = Index::new(segs, mode);
                let name = |i: usize, j: usize| (place(i).min(place(j)), place(i).max(place(j)));
                let (mut all, mut crossing) = (Vec::new(), Vec::new());
                index.for_each_pair(segs, |i, j| all.push(name(i, j)));
                index.for_each_crossing_candidate(segs, |i, j| {
                    if cross(&segs[i], &segs[j]) {
                        crossing.push(name(i, j));
                    }
                });
                all.sort_unstable();
                crossing.sort_unstable();
                (all, crossing)
            };
            let (all, crossing) = pairs_of(&frags, &|k| k);
            assert!(!crossing.is_empty(), "{mode:?}: nothing crosses");
            assert_eq!(
                pairs_of(&reversed, &|k| last - k),
                (all, crossing),
                "{mode:?}"
            );
        }
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn edge() -> impl Strategy<Value = TaggedEdge> {
        (-8i64..=8, -8i64..=8, -8i64..=8, -8i64..=8, 0u8..3)
            .prop_map(|(ax, ay, bx, by, t)| e((ax, ay), (bx, by), t))
    }

    /// Mixed scales: tiny edges near big coordinates, long edges up to ±2^39.
    fn wide_edge() -> impl Strategy<Value = TaggedEdge> {
        let m = MAX_ARRANGEMENT_COORDINATE;
        let coord = prop_oneof![
            -8i64..=8,
            (m - 8)..=m,
            -m..=(-m + 8),
            -m..=m,
            (1i64 << 20)..=((1i64 << 20) + 8),
        ];
        (coord.clone(), coord.clone(), coord.clone(), coord, 0u8..3)
            .prop_map(|(ax, ay, bx, by, t)| e((ax, ay), (bx, by), t))
    }

    /// Like [`wide_edge`], with ends just beyond ±2^39 now and then.
    fn edge_maybe_out_of_range() -> impl Strategy<Value = TaggedEdge> {
        let m = MAX_ARRANGEMENT_COORDINATE;
        let coord = prop_oneof![
            8 => -8i64..=8,
            2 => -m..=m,
            1 => (m + 1)..=(m + 8),
            1 => -(m + 8)..=-(m + 1),
        ];
        (coord.clone(), coord.clone(), coord.clone(), coord, 0u8..3)
            .prop_map(|(ax, ay, bx, by, t)| e((ax, ay), (bx, by), t))
    }

    proptest! {
        /// The edges in parts (the shrink's chunks: cut anywhere, empty parts and
        /// zero-length edges included) give the fragments of the same edges in one run,
        /// or the same error naming the same first edge out of range, on one thread and
        /// with the parts checked side by side.
        #[test]
        fn edges_in_parts_give_the_fragments_of_one_run(
            edges in proptest::collection::vec(edge_maybe_out_of_range(), 0..60),
            cuts in proptest::collection::vec(0usize..61, 0..6),
        ) {
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(edges.len())).collect();
            cuts.sort_unstable();
            let mut parts = Vec::new();
            let mut start = 0;
            for end in cuts.into_iter().chain([edges.len()]) {
                parts.push(edges[start..end].iter());
                start = end;
            }
            let whole = format!("{:?}", input_fragments(edges.iter()));
            for in_parts in on_every_pool(|| input_fragments_in_parts(&parts)) {
                prop_assert_eq!(&format!("{in_parts:?}"), &whole);
            }
        }

        #[test]
        fn wide_inputs_agree_across_paths_without_overflow(
            edges in proptest::collection::vec(wide_edge(), 0..10)
        ) {
            arrange_all(&edges);
        }

        #[test]
        fn every_search_path_gives_the_same_valid_arrangement(
            edges in proptest::collection::vec(edge(), 0..14)
        ) {
            let (_, stats) = arrange_all(&edges);
            // X9: on real input the first round never changes anything.
            prop_assert!(stats.repair_rounds <= 1, "{stats:?}");
        }

        #[test]
        fn edge_order_does_not_change_the_result(
            edges in proptest::collection::vec(edge(), 1..10)
        ) {
            // [W2]: only the set of edges matters, not their order.
            let out = arrange(&edges).unwrap();
            let mut reversed: Vec<_> = edges.iter().rev().copied().collect();
            reversed.rotate_left(1);
            prop_assert_eq!(arrange(&reversed).unwrap(), out);
        }
    }
}

/// `k` integer star polygons (8–15 vertices, radii 5–20) with centres in a square of side
/// `side`: dense overlapping rings, as in the polys-K workload.
fn star_edges(rng: &mut Rng, k: usize, side: i64) -> Vec<TaggedEdge> {
    let mut edges = Vec::new();
    for _ in 0..k {
        let (cx, cy) = (rng.range(0, side), rng.range(0, side));
        let v = rng.range(8, 15);
        let ring: Vec<(i64, i64)> = (0..v)
            .map(|i| {
                let r = rng.range(5, 20) as f64;
                let t = std::f64::consts::TAU * i as f64 / v as f64;
                (
                    cx + (r * t.cos()).round() as i64,
                    cy + (r * t.sin()).round() as i64,
                )
            })
            .collect();
        for i in 0..ring.len() {
            edges.push(e(ring[i], ring[(i + 1) % ring.len()], 0));
        }
    }
    edges
}

/// Canonical, merged fragments of the edges (what the searches index).
fn canonical(edges: &[TaggedEdge]) -> Vec<Fragment> {
    let mut out: Vec<Fragment> = edges
        .iter()
        .filter(|e| e.from != e.to)
        .map(|e| Fragment::new(e.from.min(e.to), e.from.max(e.to), [1, 0]))
        .collect();
    out.sort_unstable_by_key(|f| (f.a, f.b));
    out.dedup_by_key(|f| (f.a, f.b));
    out
}

/// Whether two fragments cross properly (at a point inside both).
fn cross(f: &Fragment, g: &Fragment) -> bool {
    crate::predicates::properly_cross(f.a, f.b, g.a, g.b)
}

/// Completeness of the candidate searches ([C1]): every pair of fragments sharing a point
/// and every (fragment, pixel) pair that meets is reported, whatever the search; checked
/// against all pairs on inputs that take every path (the stars crowd the pixel grid, so
/// Auto pairs on the grid and searches pixels by bands of grid rows; the needles, all
/// through one small square, make the bands read so much that Auto turns to the point
/// slices).
#[test]
fn every_search_reports_every_contact() {
    use crate::predicates::{orient, segment_meets_pixel};
    use std::cmp::Ordering::Equal;
    let mut rng = Rng(5);
    // A 40×40 block of points over long spread edges crowds a few cells of the pixel
    // grid while the segment grid stays even.
    let block: Vec<GridPoint> = (1000..1040)
        .flat_map(|x| (1000..1040).map(move |y| GridPoint::new(x, y)))
        .collect();
    let mut inputs = vec![
        (star_edges(&mut rng, 20, 40), vec![]),
        (star_edges(&mut rng, 60, 100), vec![]),
        (spread_edges(&mut rng, 300, 6), vec![]),
        (spread_edges(&mut rng, 300, 40), block),
        (needle_edges(100), crossing_points(&needle_edges(100))),
    ];
    // The crowded block again, 2^38 up: the fallback's bands start far from the origin.
    let far = |q: GridPoint| GridPoint::new(q.x, q.y + (1 << 38));
    let (edges, block) = &inputs[3];
    let far_edges = edges
        .iter()
        .map(|t| TaggedEdge {
            from: far(t.from),
            to: far(t.to),
            tag: t.tag,
        })
        .collect();
    inputs.push((far_edges, block.iter().map(|&q| far(q)).collect()));
    let mut fallback_seen = Vec::new();
    let mut tree_seen = false;
    for (input, (edges, extra)) in inputs.iter().enumerate() {
        let frags = canonical(edges);
        let mut points: Vec<GridPoint> = frags.iter().flat_map(|f| [f.a, f.b]).collect();
        points.extend(extra);
        // Points near the fragments: every grid point around each endpoint.
        for f in &frags {
            for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1)] {
                points.push(GridPoint::new(f.a.x + dx, f.a.y + dy));
            }
        }
        points.sort_unstable();
        points.dedup();
        let on_segment = |p: GridPoint, f: &Fragment| {
            orient(f.a, f.b, p) == Equal
                && p.x >= f.a.x.min(f.b.x)
                && p.x <= f.a.x.max(f.b.x)
                && p.y >= f.a.y.min(f.b.y)
                && p.y <= f.a.y.max(f.b.y)
        };
        let share_point = |f: &Fragment, g: &Fragment| {
            cross(f, g)
                || on_segment(g.a, f)
                || on_segment(g.b, f)
                || on_segment(f.a, g)
                || on_segment(f.b, g)
        };
        for mode in [
            SearchMode::Auto,
            SearchMode::Grid,
            SearchMode::Sweep,
            SearchMode::BruteForce,
        ] {
            let mut index = Index::new(&frags, mode);
            let mut reported = std::collections::HashSet::new();
            index.for_each_pair(&frags, |i, j| {
                assert!(i < j);
                assert!(
                    reported.insert((i, j)),
                    "{mode:?} reported ({i}, {j}) twice"
                );
            });
            for i in 0..frags.len() {
                for j in i + 1..frags.len() {
                    if share_point(&frags[i], &frags[j]) {
                        assert!(reported.contains(&(i, j)), "{mode:?} missed pair {i} {j}");
                    }
                }
            }
            index.attach_points(&points);
            if mode == SearchMode::Auto
                && index.path() == Path::Grid
                && index.point_path() == Path::Sweep
            {
                fallback_seen.push(input);
            }
            for (i, f) in frags.iter().enumerate() {
                let mut near = std::collections::HashSet::new();
                // Only points in the fragment's box grown by 1 ([C1] would allow any).
                let (lo, hi) = (f.a.y.min(f.b.y) - 1, f.a.y.max(f.b.y) + 1);
                index.for_each_point_near(&frags, &points, i, |k, p| {
                    assert_eq!(p, points[k]);
                    assert!(near.insert(k), "{mode:?} reported point {k} twice");
                    assert!(
                        (f.a.x - 1..=f.b.x + 1).contains(&p.x) && (lo..=hi).contains(&p.y),
                        "{mode:?} reported {p:?}, far from {f:?}"
                    );
                });
                for (k, &p) in points.iter().enumerate() {
                    if segment_meets_pixel(f.a, f.b, p) {
                        assert!(near.contains(&k), "{mode:?} missed pixel {p:?} of {f:?}");
                    }
                }
                // The band search hands over to the tree part way through the needles.
                tree_seen |= mode == SearchMode::Auto
                    && i + 1 < frags.len()
                    && index.point_path() == Path::Tree;
            }
        }
    }
    assert!(
        fallback_seen.contains(&3) && fallback_seen.contains(&5),
        "the crowded block did not take the fallback (inputs {fallback_seen:?} did)"
    );
    assert!(tree_seen, "no input took the bands, then the tree");
}

/// Long slanted fragments over a grid of small cells: the point search visits the cells a
/// fragment passes and their neighbours (the rectangle of cells around such a fragment is
/// too large to scan whole), and must still find every pixel the fragment meets ([C3]).
/// Many short fragments keep the cells small; the points are the pixels a long fragment
/// meets and those beside them (one step along an axis), so that many lie just across a
/// cell's edge from it.
#[test]
fn long_fragments_on_small_cells_find_every_pixel_they_meet() {
    let mut rng = Rng(17);
    for _ in 0..4 {
        let mut edges = spread_edges(&mut rng, 2000, 3);
        let side = edges
            .iter()
            .map(|t| t.from.x.max(t.from.y))
            .max()
            .unwrap_or(0);
        let long: Vec<TaggedEdge> = (0..12)
            .map(|_| {
                let from = (rng.range(0, side), rng.range(0, side));
                e(from, (rng.range(0, side), rng.range(0, side)), 0)
            })
            .collect();
        edges.extend(&long);
        let frags = canonical(&edges);
        let mut points: Vec<GridPoint> = frags.iter().flat_map(|f| [f.a, f.b]).collect();
        let steps = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)];
        for t in &long {
            points.extend(pixels_near(t, &steps));
        }
        the_grid_finds_every_pixel_met(&frags, points, 100);
    }
}

/// The pixels in `t`'s box grown by 1 such that `t` meets the pixel one of `steps` away
/// from them: with `(0, 0)` alone the pixels `t` meets.
fn pixels_near(t: &TaggedEdge, steps: &[(i64, i64)]) -> Vec<GridPoint> {
    use crate::predicates::segment_meets_pixel;
    let mut pixels = Vec::new();
    for x in t.from.x.min(t.to.x) - 1..=t.from.x.max(t.to.x) + 1 {
        for y in t.from.y.min(t.to.y) - 1..=t.from.y.max(t.to.y) + 1 {
            if steps
                .iter()
                .any(|&(dx, dy)| segment_meets_pixel(t.from, t.to, GridPoint::new(x + dx, y + dy)))
            {
                pixels.push(GridPoint::new(x, y));
            }
        }
    }
    pixels
}

/// Asserts that the grid's point search reports, for every fragment at least `min_width`
/// wide in x, each of `points` whose pixel the fragment meets; returns how many such
/// contacts it checked.
fn the_grid_finds_every_pixel_met(
    frags: &[Fragment],
    mut points: Vec<GridPoint>,
    min_width: i64,
) -> usize {
    use crate::predicates::segment_meets_pixel;
    points.sort_unstable();
    points.dedup();
    let mut index = Index::new(frags, SearchMode::Grid);
    index.attach_points(&points);
    assert_eq!(index.point_path(), Path::Grid);
    let mut checked = 0;
    for (i, f) in frags.iter().enumerate() {
        if f.b.x - f.a.x < min_width {
            continue;
        }
        let mut near = std::collections::HashSet::new();
        index.for_each_point_near(frags, &points, i, |k, _| {
            near.insert(k);
        });
        for (k, &p) in points.iter().enumerate() {
            if segment_meets_pixel(f.a, f.b, p) {
                assert!(near.contains(&k), "missed pixel {p:?} of {f:?}");
                checked += 1;
            }
        }
    }
    checked
}

/// The grid's neighbour visits reach one cell past the fragment's own cells on each
/// side, and both reaches matter on cells of side 2. A fragment of slope ±8 can meet a
/// pixel at a column's first x only through the pixel's left edge, while its own cells in
/// that column lie two rows away; one of slope ±1/8 can meet a pixel at a row's first y
/// only through the pixel's bottom edge, while its cells in that column and the two
/// beside it all lie in the row below. The fragments are long enough that the search
/// visits neighbours rather than scanning the box's rectangle of cells.
#[test]
fn fragments_that_meet_a_pixel_across_a_cell_side_find_it() {
    let mut rng = Rng(23);
    let side = 240;
    // Unit fragments keep the cells at side 2.
    let mut edges: Vec<TaggedEdge> = (0..8000)
        .map(|_| {
            let (x, y) = (rng.range(0, side), rng.range(0, side));
            e((x, y), (x + 1, y), 0)
        })
        .collect();
    let mut long = Vec::new();
    for d in 0..4 {
        long.push(e((1 + d, 10 + d), (225 + d, 38 + d), 1));
        long.push(e((1 + d, 38 + d), (225 + d, 10 + d), 1));
        long.push(e((10 + d, 1 + d), (38 + d, 225 + d), 1));
        long.push(e((38 + d, 1 + d), (10 + d, 225 + d), 1));
    }
    edges.extend(&long);
    let frags = canonical(&edges);
    let mut points: Vec<GridPoint> = frags.iter().flat_map(|f| [f.a, f.b]).collect();
    for t in &long {
        points.extend(pixels_near(t, &[(0, 0)]));
    }
    let checked = the_grid_finds_every_pixel_met(&frags, points, 20);
    assert!(checked > 16 * 200, "{checked}");
}

/// A band search that would read enough to make the slices take over is done by the
/// slices already (its reads counted before it reads): on the needles the search at which
/// they take over reports the points near its fragment, not every point of the cluster in
/// its bands.
#[test]
fn the_search_that_turns_to_the_slices_is_done_by_them() {
    use crate::predicates::segment_meets_pixel;
    let edges = needle_edges(100);
    let frags = canonical(&edges);
    let mut points = crossing_points(&edges);
    points.extend(frags.iter().flat_map(|f| [f.a, f.b]));
    points.sort_unstable();
    points.dedup();
    let mut index = Index::new(&frags, SearchMode::Auto);
    index.attach_points(&points);
    assert_eq!(index.point_path(), Path::Sweep);
    let turned = (0..frags.len()).find_map(|i| {
        let mut reported = 0;
        index.for_each_point_near(&frags, &points, i, |_, _| reported += 1);
        (index.point_path() == Path::Tree).then_some((i, reported))
    });
    let Some((i, reported)) = turned else {
        panic!("the bands never turned to the slices");
    };
    let f = frags[i];
    let met = points
        .iter()
        .filter(|&&p| segment_meets_pixel(f.a, f.b, p))
        .count();
    assert!(met > 30, "{met}");
    assert!(reported <= 2 * met, "{reported} reported for {met} met");
}

/// The counters of [`ArrangeStats`] add what each search did to what they held: the
/// initial crossings count one search on the index's path and every pair they hand to
/// the crossing test, the chains every (fragment, point) pair, a repair round every pair
/// of its contacts; on the needles, whose point search turns to the slices, the whole
/// run counts a tree search.
#[test]
fn the_search_counters_add_what_each_search_did() {
    let fragments = canonical(&tile_edges(&mut Rng(23), 60, 6));
    for mode in [SearchMode::Grid, SearchMode::Sweep, SearchMode::BruteForce] {
        let index = Index::new(&fragments, mode);
        let mut handed = 0u64;
        index.for_each_crossing_candidate(&fragments, |_, _| handed += 1);
        assert!(handed > 10, "{mode:?}: {handed} candidates");
        let mut stats = ArrangeStats {
            crossing_candidates: 7,
            grid_searches: 3,
            sweep_searches: 3,
            brute_force_searches: 3,
            ..ArrangeStats::default()
        };
        repair::crossings(&fragments, &index, &mut stats, &mut Vec::new());
        assert_eq!(stats.crossing_candidates, 7 + handed, "{mode:?}");
        let searches = [
            stats.grid_searches,
            stats.sweep_searches,
            stats.brute_force_searches,
        ];
        let expected = match index.path() {
            Path::Grid => [4, 3, 3],
            Path::Sweep => [3, 4, 3],
            Path::BruteForce => [3, 3, 4],
            Path::Tree => unreachable!("a crossing search is never the point slices'"),
        };
        assert_eq!(searches, expected, "{mode:?}");
    }
    // The initial reroute searches the chains of the fragments that are not vertical
    // (none of the needles is horizontal enough to read its chain from the rows) and
    // counts each (fragment, point) pair the index reports, and one point search.
    let needles = canonical(&needle_edges(30));
    for mode in [SearchMode::Grid, SearchMode::Sweep] {
        let mut stats = ArrangeStats::default();
        let (hot, _) = repair::initial_reroute(&needles, mode, &mut stats).unwrap();
        let mut index = Index::new(&needles, mode);
        index.attach_points(&hot);
        let mut reported = 0u64;
        for (i, f) in needles.iter().enumerate() {
            if f.a.x != f.b.x {
                index.for_each_point_near(&needles, &hot, i, |_, _| reported += 1);
            }
        }
        assert!(reported > 100, "{mode:?}: {reported}");
        assert_eq!(stats.pixel_candidates, reported, "{mode:?}");
        // One crossing search and one point search, both on the forced path.
        let searches = [stats.grid_searches, stats.sweep_searches];
        let expected = if mode == SearchMode::Grid {
            [2, 0]
        } else {
            [0, 2]
        };
        assert_eq!(searches, expected, "{mode:?}: {stats:?}");
        assert_eq!(stats.tree_searches + stats.brute_force_searches, 0);
    }
    // A repair round on fragments already noded (one round, which changes nothing)
    // counts every pair the index reports for X9's contacts.
    let (noded, _) =
        arrange_with(&tile_edges(&mut Rng(29), 60, 6), &ArrangeOptions::default()).unwrap();
    let mut settled = Vec::new();
    pieces_as_fragments(&noded.vertices, &noded.segments, &mut settled);
    let (_, stats) = repair_fragments(&settled, SearchMode::Grid, MAX_REPAIR_ROUNDS).unwrap();
    assert_eq!(stats.repair_rounds, 1);
    let mut pairs = 0u64;
    Index::new(&settled, SearchMode::Grid).for_each_pair(&settled, |_, _| pairs += 1);
    assert!(pairs > 100, "{pairs}");
    assert_eq!(stats.crossing_candidates, pairs);
    let (_, stats) = arrange_with(&needle_edges(100), &ArrangeOptions::default()).unwrap();
    assert!(stats.tree_searches >= 1, "{stats:?}");
}

/// The rounded crossings of every properly crossing pair of edges (all pairs).
fn crossing_points(edges: &[TaggedEdge]) -> Vec<GridPoint> {
    use crate::predicates::{properly_cross, rounded_crossing};
    let mut out = Vec::new();
    for (k, e) in edges.iter().enumerate() {
        for f in &edges[k + 1..] {
            if properly_cross(e.from, e.to, f.from, f.to) {
                out.push(rounded_crossing(e.from, e.to, f.from, f.to));
            }
        }
    }
    out
}

/// The needle family of issue 15 at small scale: needle i runs from (0, 40 i) to
/// (8000, 2000 − 40 i) and back from (8000, 2003 − 40 i), so every needle passes within a
/// few units of (4000, 1000) and the n² crossings crowd a small square.
fn needle_edges(n: i64) -> Vec<TaggedEdge> {
    let p = GridPoint::new;
    (0..n)
        .flat_map(|i| {
            let (a, b, c) = (p(0, 40 * i), p(8000, 2000 - 40 * i), p(8000, 2003 - 40 * i));
            [(a, b), (b, c), (c, a)].map(|(from, to)| TaggedEdge {
                from,
                to,
                tag: EdgeTag::Operand0,
            })
        })
        .collect()
}

/// The two [A5] assemblies agree: from pieces indexing the hot pixels (used when the
/// first repair round changes nothing, i.e. always so far) and from fragments sorted by
/// coordinates (used after a round that changed something).
#[test]
fn both_assemblies_agree() {
    let mut rng = Rng(17);
    let mut inputs = vec![star_edges(&mut rng, 30, 60), spread_edges(&mut rng, 400, 6)];
    // Cancelling edges leave zero-net pieces that both must drop.
    let mut cancelling = spread_edges(&mut rng, 50, 8);
    cancelling.extend(cancelling.clone().iter().map(|e| TaggedEdge {
        from: e.to,
        to: e.from,
        tag: e.tag,
    }));
    cancelling.extend(spread_edges(&mut rng, 50, 8));
    inputs.push(cancelling);
    for (k, edges) in inputs.iter().enumerate() {
        let mut stats = ArrangeStats::default();
        let fragments = input_fragments(edges.iter()).unwrap();
        let (hot, pieces) =
            repair::initial_reroute(&fragments, SearchMode::Auto, &mut stats).unwrap();
        let rerouted: Vec<Fragment> = pieces
            .iter()
            .map(|p| Fragment::new(hot[p.a_index()], hot[p.b_index()], p.net))
            .collect();
        if k == 2 {
            assert!(pieces.iter().any(|p| p.net == [0, 0]), "no zero-net piece");
        }
        let assembled = assemble(&rerouted).unwrap();
        assert_eq!(assembled, assemble_pieces(hot, pieces));
        assert_eq!(assembled, arrange(edges).unwrap());
    }
}

#[test]
fn used_points_rank_counts_the_members_below() {
    let members = [0usize, 1, 63, 64, 65, 127, 128, 200, 255];
    let used = UsedPoints::mark(256, members.iter().copied());
    for k in 0..256 {
        assert_eq!(used.contains(k), members.contains(&k), "contains {k}");
        let below = members.iter().filter(|&&m| m < k).count();
        assert_eq!(used.rank(k), below, "rank {k}");
    }
    assert_eq!(used.members().collect::<Vec<_>>(), members);
    assert_eq!(used.len(), members.len());
    let none = UsedPoints::mark(130, std::iter::empty());
    assert_eq!((none.members().count(), none.len()), (0, 0));
    // A length that is not a multiple of 64, all used (the assembly's identity case).
    let all = UsedPoints::mark(130, 0..130);
    assert_eq!(all.len(), 130);
}

#[test]
fn the_noded_sweep_verifies_region_boundaries_and_the_round_loose_segments() {
    // X9's first round proved by the sweep when pieces ≥ points (a closed ring: 4 points,
    // 4 pieces), by the round itself otherwise (two crossing diagonals: 5 points, 4
    // pieces). Both give what every forced mode (always the round) gives.
    let square = [
        e((0, 0), (4, 0), 0),
        e((4, 0), (4, 4), 0),
        e((4, 4), (0, 4), 0),
        e((0, 4), (0, 0), 0),
    ];
    let (_, stats) = arrange_all(&square);
    assert!(stats.verified_by_sweep);
    assert_eq!(stats.repair_rounds, 1);
    let (_, stats) = arrange_all(&[e((0, 0), (4, 4), 0), e((0, 4), (4, 0), 1)]);
    assert!(!stats.verified_by_sweep);
    assert_eq!(stats.repair_rounds, 1);
    // Forced modes never use the sweep.
    let forced = arrange_with(
        &square,
        &ArrangeOptions {
            search: SearchMode::Grid,
            ..Default::default()
        },
    )
    .unwrap()
    .1;
    assert!(!forced.verified_by_sweep);
}

// ---- strips (strips.rs) ---------------------------------------------------------------

fn with_strips(
    edges: &[TaggedEdge],
    strip_fragments: Option<usize>,
) -> (Arrangement, ArrangeStats) {
    let options = ArrangeOptions {
        strip_fragments,
        ..Default::default()
    };
    arrange_with(edges, &options).unwrap()
}

#[test]
fn default_strips_reproduce_the_whole_run_on_spread_segments() {
    // Enough fragments for the default strip size: the input is computed in strips.
    let edges = spread_edges(&mut Rng(17), 3 * strips::STRIP_FRAGMENTS, 8);
    let (striped, stats) = with_strips(&edges, None);
    assert!(stats.strips >= 3, "{stats:?}");
    assert_eq!(stats.repair_rounds, 1);
    let (whole, whole_stats) = with_strips(&edges, Some(usize::MAX));
    assert_eq!(whole_stats.strips, 0);
    assert_eq!(striped, whole);
    // The strips count every hot pixel once and keep every settled fragment once.
    assert_eq!(stats.hot_pixels, whole_stats.hot_pixels);
    assert_eq!(stats.final_fragments, whole_stats.final_fragments);
    striped.check().unwrap();
}

#[test]
fn forced_strips_agree_on_many_sizes() {
    let mut rng = Rng(19);
    for n in [2, 40, 300, 2000] {
        let edges = spread_edges(&mut rng, n, 5);
        let (whole, _) = with_strips(&edges, Some(usize::MAX));
        for size in [1, 2, 7, 64, 500] {
            let (striped, stats) = with_strips(&edges, Some(size));
            assert_eq!(striped, whole, "n {n}, strips of {size}");
            assert_eq!(
                stats.strips > 0,
                n > size,
                "n {n}, strips of {size}: {stats:?}"
            );
        }
    }
}

#[test]
fn strips_handle_long_fragments_across_many_strips() {
    // Long edges crossing every strip, over short ones: windows overlap heavily (the
    // default declines), forced strips still give the whole run's result.
    let mut rng = Rng(23);
    let mut edges = spread_edges(&mut rng, 400, 4);
    for k in 0..6 {
        let y = rng.range(0, 400);
        edges.push(e((-10, y), (410, 400 - y + k), (k % 3) as u8));
        edges.push(e((k * 70, -10), (k * 70 + 3, 410), 1));
    }
    let (whole, _) = with_strips(&edges, Some(usize::MAX));
    for size in [1, 5, 50] {
        let (striped, stats) = with_strips(&edges, Some(size));
        assert!(stats.strips > 1);
        assert_eq!(striped, whole, "strips of {size}");
    }
    crate::validity::check_arrangement(&edges, &whole).unwrap();
}

/// The strips' counts: the windows hold every input fragment at least once (they
/// overlap), and the first round counts as proved by the sweep only when every window's
/// was (closed rings: pieces ≥ points), not when a window ran the round (crossing
/// diagonals: more points than pieces).
#[test]
fn strip_counts_sum_the_windows() {
    let rings: Vec<TaggedEdge> = (0..40)
        .flat_map(|k| {
            // 20 apart: a window (its zone and the L before it) holds whole rings.
            let (x, y) = (20 * k, 3 * (k % 5));
            [
                e((x, y), (x + 4, y), 0),
                e((x + 4, y), (x + 4, y + 4), 0),
                e((x + 4, y + 4), (x, y + 4), 0),
                e((x, y + 4), (x, y), 0),
            ]
        })
        .collect();
    let crosses: Vec<TaggedEdge> = (0..40)
        .flat_map(|k| {
            let x = 10 * k;
            [e((x, 0), (x + 4, 4), 0), e((x, 4), (x + 4, 0), 1)]
        })
        .collect();
    for (edges, by_sweep) in [(rings, true), (crosses, false)] {
        let (whole, whole_stats) = with_strips(&edges, Some(usize::MAX));
        assert_eq!(whole_stats.verified_by_sweep, by_sweep);
        assert_eq!(whole_stats.window_fragments, 0);
        let (striped, stats) = with_strips(&edges, Some(16));
        assert_eq!(striped, whole);
        assert!(stats.strips > 2, "{stats:?}");
        assert_eq!(stats.verified_by_sweep, by_sweep, "{stats:?}");
        assert!(
            stats.window_fragments >= stats.input_fragments
                && stats.window_fragments < 2 * stats.input_fragments,
            "{stats:?}"
        );
    }
}

#[test]
fn a_window_holds_the_fragments_up_to_l_before_its_zone() {
    // Strip 1 starts at x = X (the edge at height 5). Two edges from x = X − 8 end at
    // (X, 0) with opposite nets; both meet the pixel (X − 2, 0), hot only as the end of
    // the edge from x = X − 10, which starts more than L + 1 = 9 before X (L = 8, the
    // longest x extent). With that pixel their last pieces coincide and cancel, so the
    // verified round keeps no segment at (X, 0) and it is no vertex; a window without
    // that edge would keep two pieces there and make (X, 0) a vertex of strip 1.
    const X: i64 = 100;
    let edges = [
        e((X - 10, -5), (X - 2, 0), 0),
        e((X - 8, 0), (X, 0), 0),
        e((X, 0), (X - 8, 1), 0),
        e((X, 5), (X + 1, 5), 0),
    ];
    let (whole, _) = with_strips(&edges, Some(usize::MAX));
    assert!(!whole.vertices.contains(&p(X, 0)), "{whole:?}");
    let (striped, stats) = with_strips(&edges, Some(3));
    assert_eq!(stats.strips, 2, "{stats:?}");
    assert_eq!(striped, whole);
}

#[test]
fn default_strips_decline_when_windows_overlap_too_much() {
    // One edge as wide as the input makes every window the whole input.
    let mut edges = spread_edges(&mut Rng(29), 2 * strips::STRIP_FRAGMENTS + 10, 3);
    edges.push(e((-5, 7), (1 << 20, 9), 0));
    let (striped, stats) = with_strips(&edges, None);
    assert_eq!(stats.strips, 0, "{stats:?}");
    let (forced, forced_stats) = with_strips(&edges, Some(strips::STRIP_FRAGMENTS));
    assert!(forced_stats.strips > 1);
    assert_eq!(striped, forced);
}

// ---- input sort ---------------------------------------------------------------------

#[test]
fn bucketed_input_sort_equals_a_comparison_sort() {
    let mut rng = Rng(31);
    let big = MAX_ARRANGEMENT_COORDINATE;
    // (x range of the smaller ends, y range, edge length): spread, one column, two far
    // clusters at the coordinate bound, heavy duplicates.
    let shapes: [(i64, i64, i64); 4] = [(3000, 3000, 9), (0, 5000, 40), (big, big, 3), (40, 40, 2)];
    for (k, &(xr, yr, len)) in shapes.iter().enumerate() {
        // 40,000 edges take the parallel fill with the `parallel` feature.
        for n in [100, 5000, 20000, 40000] {
            let edges: Vec<TaggedEdge> = (0..n)
                .map(|i| {
                    let x = if k == 2 && i % 2 == 0 {
                        big - rng.range(0, len)
                    } else {
                        rng.range(-xr, xr).min(big - len)
                    };
                    let y = rng.range(-yr, yr).min(big - len);
                    let to = (x + rng.range(-len, len), y + rng.range(-len, len));
                    let to = (to.0.clamp(-big, big), to.1.clamp(-big, big));
                    e((x, y), to, (i % 3) as u8)
                })
                .collect();
            let mut expected: Vec<Fragment> = edges
                .iter()
                .filter(|e| e.from != e.to)
                .map(|e| {
                    let c = tag_counts(e.tag);
                    if e.from < e.to {
                        Fragment::new(e.from, e.to, c)
                    } else {
                        Fragment::new(e.to, e.from, [-c[0], -c[1]])
                    }
                })
                .collect();
            repair::merge(&mut expected).unwrap();
            let runs = on_every_pool(|| input_fragments(edges.iter()).unwrap());
            for (fragments, threads) in runs.into_iter().zip(1..) {
                assert_eq!(fragments, expected, "shape {k}, n {n}, {threads} threads");
            }
        }
    }
}

mod world_edges {
    use crate::arrangement::{arrange, arrange_world, EdgeTag, TaggedEdge, WorldEdge};
    use crate::error::{Error, Location};
    use crate::grid::{Geometry2DOptions, GridPoint, MAX_COORDINATE};

    fn world(from: [f64; 2], to: [f64; 2]) -> WorldEdge {
        WorldEdge {
            from,
            to,
            tag: EdgeTag::Operand0,
        }
    }

    fn out_of_range_at(result: crate::Result<super::super::Arrangement>) -> (String, f64) {
        match result {
            Err(Error::OutOfRange {
                location: Location::Argument { name },
                value,
            }) => (name, value),
            other => panic!("expected an out-of-range argument, got {other:?}"),
        }
    }

    #[test]
    fn snapped_like_outline_vertices() {
        // 0.75 × 2 = 1.5 → 2, 0.25 × 2 = 0.5 → 0 (ties to even, [G2]).
        let options = Geometry2DOptions::new(1).unwrap();
        let got = arrange_world(&[world([0.25, 0.0], [0.75, 3.0])], options).unwrap();
        let want = arrange(&[TaggedEdge {
            from: GridPoint::new(0, 0),
            to: GridPoint::new(2, 6),
            tag: EdgeTag::Operand0,
        }])
        .unwrap();
        assert_eq!(got, want);
    }

    #[test]
    fn range_errors_name_edge_and_end_in_order() {
        let options = Geometry2DOptions::new(16).unwrap();
        let far = MAX_COORDINATE.next_up();
        // Edge 0 is fine; edge 1 has a bad `to` x and a bad `from` y: from first.
        let edges = [
            world([0.0, 0.0], [1.0, 1.0]),
            world([0.0, f64::NAN], [far, 0.0]),
        ];
        let (name, value) = out_of_range_at(arrange_world(&edges, options));
        assert_eq!(name, "edges[1].from");
        assert!(value.is_nan());
        // x before y inside one end.
        let edges = [world([0.0, 0.0], [-far, f64::INFINITY])];
        assert_eq!(
            out_of_range_at(arrange_world(&edges, options)),
            ("edges[0].to".to_string(), -far)
        );
        // The bound itself is in range.
        let edges = [world([MAX_COORDINATE, 0.0], [0.0, -MAX_COORDINATE])];
        assert!(arrange_world(&edges, options).is_ok());
    }

    #[test]
    fn snap_bits_are_checked_first() {
        let options = Geometry2DOptions { snap_bits: 17 };
        let edges = [world([f64::NAN, 0.0], [0.0, 0.0])];
        assert!(matches!(
            arrange_world(&edges, options),
            Err(Error::InvalidArgument { argument, .. }) if argument == "snap_bits"
        ));
    }
}
