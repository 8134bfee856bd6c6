//! Tests of the reference CDT (docs/cdt.md): golden values of the insertion order, the
//! slot tables on tiny cases, hand-derived triangulations, and the independent property
//! checker on everything the procedure produces.

use std::collections::BTreeSet;

use build2d_reference::case::run_case;
use build2d_reference::cdt::{
    hilbert_keys, hilbert_xy2d, in_circle, insertion_order, orient, round_of, splitmix64_output,
    top_round, triangulate_points, Builder, Cdt, Location, Slot, BOUND,
};
use build2d_reference::check::{check_cdt, check_triangulation, strictly_inside_circumcircle};
use build2d_reference::error::RefError;
use build2d_reference::geom::{Point, Region};
use build2d_reference::triangulate::{flood_windings, ring_graph, triangulate};
use serde_json::{json, Value};

fn pt(x: i64, y: i64) -> Point {
    Point { x, y }
}

fn pts(list: &[(i64, i64)]) -> Vec<Point> {
    list.iter().map(|&(x, y)| pt(x, y)).collect()
}

fn sorted_points(mut points: Vec<Point>) -> Vec<Point> {
    points.sort();
    points.dedup();
    points
}

/// A deterministic generator for test inputs (64-bit LCG, high bits).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn random_points(seed: u64, count: usize, range: i64) -> Vec<Point> {
    let mut g = Lcg(seed);
    let raw = (0..count)
        .map(|_| {
            pt(
                g.below(range as u64) as i64 - range / 2,
                g.below(range as u64) as i64 - range / 2,
            )
        })
        .collect();
    sorted_points(raw)
}

fn lattice(w: i64, h: i64, step: i64) -> Vec<Point> {
    sorted_points(
        (0..w)
            .flat_map(|x| (0..h).map(move |y| pt(x * step, y * step)))
            .collect(),
    )
}

/// Runs the procedure and the checker; returns the result.
fn checked(points: &[Point], constraints: &[[usize; 2]]) -> Cdt {
    let cdt = triangulate_points(points, constraints).expect("valid input");
    cdt.check().expect("structural check");
    check_cdt(
        points,
        constraints,
        &cdt,
        &cdt.output_triangles(),
        &cdt.constrained_edges(),
    )
    .expect("property check");
    cdt
}

// ---- predicates ------------------------------------------------------------------------

#[test]
fn orient_and_in_circle_signs_by_hand() {
    assert_eq!(orient(pt(0, 0), pt(1, 0), pt(0, 1)), 1);
    assert_eq!(orient(pt(0, 0), pt(0, 1), pt(1, 0)), -1);
    assert_eq!(orient(pt(0, 0), pt(1, 1), pt(5, 5)), 0);
    // Circle through (0,0), (2,0), (0,2): centre (1,1), radius² 2.
    let (a, b, c) = (pt(0, 0), pt(2, 0), pt(0, 2));
    assert_eq!(in_circle(a, b, c, pt(1, 1)), 1);
    assert_eq!(in_circle(a, b, c, pt(2, 2)), 0);
    assert_eq!(in_circle(a, b, c, pt(3, 3)), -1);
    // At the bounding corners' magnitude the products exceed 2^128.
    let big = [
        pt(-BOUND, -BOUND),
        pt(3 * BOUND, -BOUND),
        pt(-BOUND, 3 * BOUND),
    ];
    assert_eq!(orient(big[0], big[1], big[2]), 1);
    assert_eq!(in_circle(big[0], big[1], big[2], pt(0, 0)), 1);
    assert_eq!(
        in_circle(big[0], big[1], big[2], pt(3 * BOUND, 3 * BOUND)),
        0
    );
    // The checker's rational-circumcentre test agrees on these.
    assert!(strictly_inside_circumcircle(a, b, c, pt(1, 1)));
    assert!(!strictly_inside_circumcircle(a, b, c, pt(2, 2)));
    assert!(!strictly_inside_circumcircle(a, b, c, pt(3, 3)));
}

#[test]
fn in_circle_agrees_with_the_checkers_circumcentre_test() {
    let mut g = Lcg(7);
    for _ in 0..2000 {
        let p: Vec<Point> = (0..4)
            .map(|_| pt(g.below(21) as i64 - 10, g.below(21) as i64 - 10))
            .collect();
        let o = orient(p[0], p[1], p[2]);
        if o == 0 {
            continue;
        }
        let (a, b, c) = if o > 0 {
            (p[0], p[1], p[2])
        } else {
            (p[0], p[2], p[1])
        };
        assert_eq!(
            in_circle(a, b, c, p[3]) > 0,
            strictly_inside_circumcircle(a, b, c, p[3]),
            "{p:?}"
        );
    }
}

// ---- insertion order [D2], [D3] ------------------------------------------------------

/// SplitMix64 as the stateful generator (state += golden gamma, then the mix): h(i) is its
/// first output from seed i.
fn splitmix64_first_output(seed: u64) -> u64 {
    let state = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn splitmix64_golden_values() {
    // The document's golden values; h(0) = 0xE220A8397B1DCDAF is also the widely
    // published first output of SplitMix64 seeded with 0 (checked with a separate Python
    // implementation of the stateful generator while writing this test).
    assert_eq!(splitmix64_output(0), 0xE220_A839_7B1D_CDAF);
    assert_eq!(splitmix64_output(1), 0x910A_2DEC_8902_5CC1);
    assert_eq!(splitmix64_output(2), 0x9758_35DE_1C97_56CE);
    assert_eq!(splitmix64_output(6), 0xBD64_A5D9_ADEF_E000);
    assert_eq!(splitmix64_output(6).trailing_zeros(), 13);
    assert_eq!(splitmix64_output(9), 0xAEAF_52FE_BE70_6064);
    assert_eq!(splitmix64_output(9).trailing_zeros(), 2);
    for i in [0, 1, 5, 1000, u64::MAX, u64::MAX - 0x9E37_79B9_7F4A_7C15] {
        assert_eq!(splitmix64_output(i), splitmix64_first_output(i));
    }
}

#[test]
fn brio_rounds_golden() {
    assert_eq!(top_round(1), 0);
    assert_eq!(top_round(15), 0);
    assert_eq!(top_round(16), 1);
    assert_eq!(top_round(63), 2);
    assert_eq!(top_round(64), 3);
    assert_eq!(top_round(127), 3);
    assert_eq!(top_round(128), 4);
    assert_eq!(top_round(1 << 20), 17);
    let rounds: Vec<u32> = (0..16).map(|i| round_of(i, top_round(128))).collect();
    assert_eq!(rounds, [0, 0, 1, 0, 1, 1, 4, 0, 1, 2, 1, 0, 0, 0, 1, 0]);
    // Vertex 6 has tz = 13, capped at top.
    assert_eq!(round_of(6, 20), 13);
}

/// Wikipedia's d2xy, the inverse of xy2d, written independently.
fn hilbert_d2xy(n: u64, d: u64) -> (u64, u64) {
    let (mut x, mut y, mut t) = (0, 0, d);
    let mut s = 1;
    while s < n {
        let rx = 1 & (t / 2);
        let ry = 1 & (t ^ rx);
        if ry == 0 {
            if rx == 1 {
                x = s - 1 - x;
                y = s - 1 - y;
            }
            std::mem::swap(&mut x, &mut y);
        }
        x += s * rx;
        y += s * ry;
        t /= 4;
        s *= 2;
    }
    (x, y)
}

#[test]
fn hilbert_small_tables_by_hand() {
    // N = 2: the curve visits (0,0), (0,1), (1,1), (1,0).
    assert_eq!(hilbert_xy2d(2, 0, 0), 0);
    assert_eq!(hilbert_xy2d(2, 0, 1), 1);
    assert_eq!(hilbert_xy2d(2, 1, 1), 2);
    assert_eq!(hilbert_xy2d(2, 1, 0), 3);
    // N = 4, rows y = 0 … 3 (the path 0→15 is drawn in the document; each step is a
    // unit move, checked below for larger N too).
    let rows = [[0, 1, 14, 15], [3, 2, 13, 12], [4, 7, 8, 11], [5, 6, 9, 10]];
    for (y, row) in rows.iter().enumerate() {
        for (x, &d) in row.iter().enumerate() {
            assert_eq!(hilbert_xy2d(4, x as u64, y as u64), d, "({x},{y})");
        }
    }
}

#[test]
fn hilbert_is_a_continuous_bijection_inverse_to_d2xy() {
    for n in [2u64, 4, 8, 16, 64] {
        let mut previous: Option<(u64, u64)> = None;
        for d in 0..n * n {
            let (x, y) = hilbert_d2xy(n, d);
            assert_eq!(hilbert_xy2d(n, x, y), d);
            if let Some((px, py)) = previous {
                assert_eq!(px.abs_diff(x) + py.abs_diff(y), 1, "jump at d = {d}");
            }
            previous = Some((x, y));
        }
    }
}

#[test]
fn hilbert_order_12_golden() {
    let golden = [
        ((0, 0), 0),
        ((1, 0), 1),
        ((0, 1), 3),
        ((0, 4095), 5592405),
        ((2048, 2048), 8388608),
        ((4095, 4095), 11184810),
        ((4095, 0), 16777215),
        ((123, 456), 255375),
        ((4000, 17), 16772355),
    ];
    for ((x, y), d) in golden {
        assert_eq!(hilbert_xy2d(4096, x, y), d, "({x},{y})");
        assert_eq!(hilbert_d2xy(4096, d), (x, y));
    }
    // End points by hand: the curve of even order runs from (0,0) to (N−1,0); (0,N−1) is
    // reached after one third of the cells, (N−1,N−1) after two thirds.
    assert_eq!(hilbert_xy2d(4096, 0, 4095), (4096 * 4096 - 1) / 3);
}

#[test]
fn hilbert_keys_use_the_least_shift() {
    // Span 4095 fits with s = 0; span 4096 needs s = 1.
    let fits = pts(&[(-5, 0), (4090, 7)]);
    assert_eq!(
        hilbert_keys(&fits),
        [hilbert_xy2d(4096, 0, 0), hilbert_xy2d(4096, 4095, 7)]
    );
    let shifted = pts(&[(0, 0), (3, 4096)]);
    assert_eq!(
        hilbert_keys(&shifted),
        [hilbert_xy2d(4096, 0, 0), hilbert_xy2d(4096, 1, 2048)]
    );
}

#[test]
fn insertion_order_below_64_is_sorted_order() {
    let points = lattice(7, 9, 1);
    assert_eq!(points.len(), 63);
    assert_eq!(insertion_order(&points), (0..63).collect::<Vec<_>>());
}

#[test]
fn insertion_order_follows_rounds_then_keys() {
    for points in [lattice(8, 8, 3), random_points(11, 300, 1 << 30)] {
        let n = points.len();
        let order = insertion_order(&points);
        let mut seen = order.clone();
        seen.sort();
        assert_eq!(seen, (0..n).collect::<Vec<_>>(), "a permutation");
        let top = top_round(n);
        let keys = hilbert_keys(&points);
        let sort_key = |i: usize| (std::cmp::Reverse(round_of(i, top)), keys[i], i);
        assert!(order.windows(2).all(|w| sort_key(w[0]) < sort_key(w[1])));
        // Round `top` is non-empty on these inputs and comes first.
        assert_eq!(round_of(order[0], top), top);
    }
}

// ---- slot tables ------------------------------------------------------------------------

fn slot(v: [usize; 3], nb: [Option<usize>; 3]) -> Slot {
    Slot {
        v,
        nb,
        con: [false; 3],
    }
}

#[test]
fn one_to_three_split_slots() {
    let points = pts(&[(0, 0)]);
    let mut b = Builder::new(&points);
    assert_eq!(b.slots, [slot([1, 2, 3], [None; 3])]);
    assert_eq!(b.locate(0), Ok(Location::Inside(0)));
    b.insert_point(0).unwrap();
    // Table 4.2 with t = 0, (a, b, c) = (1, 2, 3), m = 1; no flips (hull edges).
    assert_eq!(
        b.slots,
        [
            slot([1, 2, 0], [None, Some(1), Some(2)]),
            slot([2, 3, 0], [None, Some(2), Some(0)]),
            slot([3, 1, 0], [None, Some(0), Some(1)]),
        ]
    );
}

#[test]
fn two_to_four_split_slots() {
    // Vertex 1 = (0,0) first, then vertex 0 = (−5,−5) lands on the open edge from vertex 1
    // to the corner 2 = (−B,−B), shared by slot 0 (at position 2) and slot 2.
    let points = pts(&[(-5, -5), (0, 0)]);
    let mut b = Builder::new(&points);
    b.insert_point(1).unwrap();
    assert_eq!(
        b.slots,
        [
            slot([2, 3, 1], [None, Some(1), Some(2)]),
            slot([3, 4, 1], [None, Some(2), Some(0)]),
            slot([4, 2, 1], [None, Some(0), Some(1)]),
        ]
    );
    assert_eq!(b.locate(0), Ok(Location::OnEdge { slot: 0, edge: 2 }));
    b.split_edge(0, 2, 0).unwrap();
    // Table 4.3: t = 0, i = 2, (a, b, c) = (1, 2, 3), T_bc = NONE, T_ca = 1; u = 2 holds
    // (2, 1) at j = 1, d = 4, U_ad = 1, U_db = NONE; m = 3. Slot 1 (T_ca) is relinked
    // from 0 to 3.
    assert_eq!(
        b.slots,
        [
            slot([2, 3, 0], [None, Some(3), Some(4)]),
            slot([3, 4, 1], [None, Some(2), Some(3)]),
            slot([1, 4, 0], [Some(1), Some(4), Some(3)]),
            slot([3, 1, 0], [Some(1), Some(2), Some(0)]),
            slot([4, 2, 0], [None, Some(0), Some(2)]),
        ]
    );
    b.legalise().unwrap();
    b.finish().check().unwrap();
}

#[test]
fn flip_slots_and_flags() {
    // Square 0 (0,0), 1 (2,0), 2 (2,2), 3 (0,2) as slots 0 = (0,1,2), 1 = (0,2,3).
    let points = pts(&[(0, 0), (2, 0), (2, 2), (0, 2)]);
    let mut b = Builder::new(&points);
    b.slots = vec![
        Slot {
            v: [0, 1, 2],
            nb: [None, None, Some(1)],
            con: [true, false, false],
        },
        Slot {
            v: [0, 2, 3],
            nb: [Some(0), None, None],
            con: [false, true, false],
        },
    ];
    b.flip(0, 2).unwrap();
    // Table 4.4, i = 2: (a, b, c) = (2, 0, 1); u = 1 holds (0, 2) at j = 0, d = 3.
    // t = (a, d, c) = (2, 3, 1), u = (d, b, c) = (3, 0, 1); flags follow their edges.
    assert_eq!(
        b.slots,
        [
            Slot {
                v: [2, 3, 1],
                nb: [None, Some(1), None],
                con: [true, false, false],
            },
            Slot {
                v: [3, 0, 1],
                nb: [None, None, Some(0)],
                con: [false, true, false],
            },
        ]
    );
}

#[test]
fn legalisation_flips_a_non_delaunay_edge() {
    // Sorted: 0 (−4,0), 1 (0,5), 2 (1,−3), 3 (4,0). Inserted by hand in the order 0, 1, 3:
    // triangle (0, 3, 1) exists. Vertex 2 lies outside it (below edge 0–3) but inside its
    // circumcircle (centre (0, 0.9), r² = 16.81; 1 + 3.9² = 16.21), so legalisation must
    // flip 0–3 to 1–2.
    let points = pts(&[(-4, 0), (0, 5), (1, -3), (4, 0)]);
    assert_eq!(in_circle(points[0], points[3], points[1], points[2]), 1);
    let mut b = Builder::new(&points);
    for p in [0, 1, 3] {
        b.insert_point(p).unwrap();
    }
    let before = b.clone().finish();
    assert!(before
        .slots
        .iter()
        .any(|s| build2d_reference::cdt::rotate_to_smallest(s.v) == [0, 3, 1]));
    b.insert_point(2).unwrap();
    let after = b.finish();
    after.check().unwrap();
    assert_eq!(after.output_triangles(), [[0, 2, 1], [1, 2, 3]]);
    // The procedure's own order gives the same (unique) triangulation.
    assert_eq!(
        checked(&points, &[]).output_triangles(),
        [[0, 2, 1], [1, 2, 3]]
    );
}

// ---- whole triangulations -----------------------------------------------------------

#[test]
fn empty_and_tiny_inputs() {
    let empty = checked(&[], &[]);
    assert_eq!(empty.slots.len(), 1);
    assert!(empty.output_triangles().is_empty());
    let two = checked(&pts(&[(0, 0), (1, 1)]), &[[1, 0]]);
    assert!(two.output_triangles().is_empty());
    assert_eq!(two.constrained_edges(), [[0, 1]]);
    let three = checked(&pts(&[(0, 0), (0, 1), (1, 0)]), &[]);
    assert_eq!(three.output_triangles(), [[0, 2, 1]]);
}

#[test]
fn unit_square_with_centre() {
    // The centre is strictly inside the circle of any three corners, so the Delaunay
    // triangulation is the unique fan around it: by hand (indices in sorted order
    // 0 (0,0), 1 (0,2), 2 (1,1), 3 (2,0), 4 (2,2)).
    let points = pts(&[(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)]);
    let cdt = checked(&points, &[]);
    assert_eq!(
        cdt.output_triangles(),
        [[0, 2, 1], [0, 3, 2], [1, 2, 4], [2, 3, 4]]
    );
}

#[test]
fn general_position_matches_brute_force_delaunay() {
    // Without four cocircular vertices the Delaunay triangulation of the points and the
    // bounding corners is unique: the triples whose circumcircle holds no other vertex.
    for seed in 1..4 {
        let points = random_points(seed, 20, 1000);
        let cdt = checked(&points, &[]);
        let n = points.len();
        let all = &cdt.vertices;
        let mut brute = BTreeSet::new();
        for i in 0..n + 3 {
            for j in i + 1..n + 3 {
                for k in j + 1..n + 3 {
                    let o = orient(all[i], all[j], all[k]);
                    if o == 0 {
                        continue;
                    }
                    let t = if o > 0 { [i, j, k] } else { [i, k, j] };
                    let empty = (0..n + 3).filter(|v| !t.contains(v)).all(|v| {
                        !strictly_inside_circumcircle(all[t[0]], all[t[1]], all[t[2]], all[v])
                    });
                    if empty {
                        brute.insert(t);
                    }
                }
            }
        }
        assert_eq!(brute.len(), 2 * n + 1, "seed {seed}: general position");
        let got: BTreeSet<[usize; 3]> = cdt
            .slots
            .iter()
            .map(|s| build2d_reference::cdt::rotate_to_smallest(s.v))
            .collect();
        assert_eq!(got, brute, "seed {seed}");
    }
}

#[test]
fn five_by_five_lattice_is_cocircular_and_valid() {
    let points = lattice(5, 5, 1);
    let cdt = checked(&points, &[]);
    let triangles = cdt.output_triangles();
    // 16 unit cells, two triangles each (the hull edges are all present: a chord of the
    // huge circle through a far corner bulges by far less than one unit).
    assert_eq!(triangles.len(), 32);
    // Every triangle is half a unit cell: its vertices span exactly one cell.
    for t in &triangles {
        let xs: Vec<i64> = t.iter().map(|&v| points[v].x).collect();
        let ys: Vec<i64> = t.iter().map(|&v| points[v].y).collect();
        assert_eq!(xs.iter().max().unwrap() - xs.iter().min().unwrap(), 1);
        assert_eq!(ys.iter().max().unwrap() - ys.iter().min().unwrap(), 1);
    }
}

#[test]
fn brio_path_lattices_and_random_points() {
    let big_lattice = lattice(12, 12, 2);
    assert_eq!(
        checked(&big_lattice, &[]).output_triangles().len(),
        2 * 11 * 11
    );
    let wide = lattice(70, 2, 5);
    assert_eq!(checked(&wide, &[]).output_triangles().len(), 2 * 69);
    let random = random_points(5, 200, 1 << 20);
    checked(&random, &[]);
    // Spread over the whole coordinate range (Hilbert shift s > 0).
    let huge = random_points(6, 100, 1 << 40);
    checked(&huge, &[]);
}

// ---- constraints (Sloan) ------------------------------------------------------------

#[test]
fn constraint_forces_the_long_diagonal() {
    // Rhombus 0 (0,0), 1 (2,−1), 2 (2,1), 3 (4,0): the Delaunay diagonal is 1–2; the
    // constraint 0–3 crosses it, Sloan flips it, and the passes leave it constrained.
    let points = pts(&[(0, 0), (2, -1), (2, 1), (4, 0)]);
    let free = checked(&points, &[]);
    assert_eq!(free.output_triangles(), [[0, 1, 2], [1, 3, 2]]);
    let forced = checked(&points, &[[3, 0]]);
    assert_eq!(forced.output_triangles(), [[0, 1, 3], [0, 3, 2]]);
    assert_eq!(forced.constrained_edges(), [[0, 3]]);
    // Duplicates and reversed duplicates collapse.
    let again = checked(&points, &[[0, 3], [3, 0], [0, 3]]);
    assert_eq!(again, forced);
}

#[test]
fn crossed_edges_are_ordered_from_a_to_b() {
    // A fan of edges crossed by the segment 0–6 of a horizontal strip.
    let points = pts(&[(0, 0), (2, -3), (2, 3), (4, -3), (4, 3), (6, -3), (9, 0)]);
    let mut b = Builder::new(&points);
    for p in 0..points.len() {
        b.insert_point(p).unwrap();
    }
    let crossed = b.crossed_edges(0, 6).unwrap();
    assert!(!crossed.is_empty());
    // The crossing points' x increases along the horizontal segment y = 0.
    let crossing_x = |&(x, y): &(usize, usize)| {
        let (p, q) = (points[x], points[y]);
        // x at y = 0 on p–q, as a fraction (num, den) with den > 0.
        let num = p.x * (q.y - p.y) - p.y * (q.x - p.x);
        let den = q.y - p.y;
        (num * den.signum(), den.abs())
    };
    let xs: Vec<(i64, i64)> = crossed.iter().map(crossing_x).collect();
    assert!(xs.windows(2).all(|w| w[0].0 * w[1].1 < w[1].0 * w[0].1));
    let cdt = checked(&points, &[[0, 6]]);
    assert_eq!(cdt.constrained_edges(), [[0, 6]]);
}

#[test]
fn constrained_random_polygons() {
    // Random points with the path through them in sorted order as constraints.
    for seed in 0..4 {
        let points = random_points(100 + seed, 90, 10_000);
        let n = points.len();
        // Non-crossing constraints: a path through the points in x order (consecutive
        // sorted points), skipping any that would pass through another vertex.
        let mut constraints = Vec::new();
        for i in 0..n - 1 {
            let on_segment = (0..n).any(|v| {
                v != i
                    && v != i + 1
                    && orient(points[i], points[i + 1], points[v]) == 0
                    && points[v] > points[i]
                    && points[v] < points[i + 1]
            });
            if !on_segment {
                constraints.push([i, i + 1]);
            }
        }
        checked(&points, &constraints);
    }
}

// ---- errors (section 2) ---------------------------------------------------------------

fn invalid(argument: &str) -> RefError {
    RefError::InvalidArgument {
        argument: argument.into(),
        location: None,
    }
}

#[test]
fn validation_errors_in_order() {
    let limit = 1i64 << 39;
    assert!(triangulate_points(&pts(&[(-limit, limit)]), &[]).is_ok());
    let out = triangulate_points(&pts(&[(1, 1), (0, limit + 1), (-limit - 5, 0)]), &[[0, 0]]);
    assert_eq!(
        out,
        Err(RefError::OutOfRange {
            location: json!({"kind": "argument", "name": "points[1]"}),
            value: (limit + 1) as f64,
        })
    );
    // Unsorted comes before bad constraints.
    assert_eq!(
        triangulate_points(&pts(&[(1, 1), (0, 0)]), &[[0, 0]]),
        Err(invalid("points"))
    );
    assert_eq!(
        triangulate_points(&pts(&[(0, 0), (0, 0)]), &[]),
        Err(invalid("points"))
    );
    let square = pts(&[(0, 0), (0, 1), (1, 0), (1, 1)]);
    for bad in [[0, 4], [2, 2], [usize::MAX, 1]] {
        assert_eq!(
            triangulate_points(&square, &[[0, 1], bad]),
            Err(invalid("constraints"))
        );
    }
}

#[test]
fn constraint_through_a_vertex_or_across_a_constraint() {
    let points = pts(&[(0, 0), (1, 0), (1, 5), (2, 0)]);
    assert_eq!(
        triangulate_points(&points, &[[0, 3]]),
        Err(invalid("constraints"))
    );
    let rhombus = pts(&[(0, 0), (2, -1), (2, 1), (4, 0)]);
    assert_eq!(
        triangulate_points(&rhombus, &[[0, 3], [1, 2]]),
        Err(invalid("constraints"))
    );
}

// ---- region triangulation -------------------------------------------------------------

fn region(rings: &[&[(i64, i64)]]) -> Region {
    Region {
        snap_bits: 0,
        rings: rings.iter().map(|r| pts(r)).collect(),
    }
}

#[test]
fn triangulate_convex_quad_by_hand() {
    // Sorted vertices 0 (0,0), 1 (0,2), 2 (4,0), 3 (5,3). The circle through 0, 2, 3 has
    // centre (2, 7/3), r² = 85/9; vertex 1 is at squared distance 37/9, inside, so the
    // diagonal is 1–2: triangles (0,2,1) and (1,2,3).
    let r = region(&[&[(0, 0), (4, 0), (5, 3), (0, 2)]]);
    let t = triangulate(&r).unwrap();
    check_triangulation(&r, &t).unwrap();
    assert_eq!(t.vertices, pts(&[(0, 0), (0, 2), (4, 0), (5, 3)]));
    assert_eq!(t.triangles, [[0, 2, 1], [1, 2, 3]]);
    // Triangle 0 edges (0,2) boundary, (2,1) shared, (1,0) boundary.
    assert_eq!(t.neighbors, [-1, 1, -1, 0, -1, -1]);
}

#[test]
fn triangulate_square_with_hole() {
    let r = region(&[
        &[(0, 0), (6, 0), (6, 6), (0, 6)],
        &[(2, 2), (2, 4), (4, 4), (4, 2)],
    ]);
    let t = triangulate(&r).unwrap();
    check_triangulation(&r, &t).unwrap();
    assert_flood_matches_winding_numbers(&r);
    // n + 2h − 2 triangles for n vertices and h holes.
    assert_eq!(t.triangles.len(), 8);
}

#[test]
fn triangulate_needs_sloan_for_a_ring_edge() {
    // The hole's edge (0,0)–(10,0) is not Delaunay: (5,−1) lies inside the circle through
    // (0,0), (10,0), (5,1) (centre (5,−12), radius 13, distance 11).
    let r = region(&[
        &[(-10, -10), (20, -10), (20, 10), (-10, 10)],
        &[(0, 0), (10, 0), (5, -1)],
        &[(5, 1), (4, 2), (6, 2)],
    ]);
    assert_eq!(in_circle(pt(0, 0), pt(10, 0), pt(5, 1), pt(5, -1)), 1);
    let t = triangulate(&r).unwrap();
    check_triangulation(&r, &t).unwrap();
    assert_flood_matches_winding_numbers(&r);
    // 10 vertices, 2 holes.
    assert_eq!(t.triangles.len(), 10 + 4 - 2);
}

/// Winding number of the region's rings around the point `q / 3` (q in thirds of a grid
/// unit, never on a ring edge): upward crossings with q on the left count +1, downward
/// crossings with q on the right −1.
fn winding_number(region: &Region, q: (i128, i128)) -> i64 {
    let mut w = 0;
    for ring in &region.rings {
        for (k, p) in ring.iter().enumerate() {
            let r = ring[(k + 1) % ring.len()];
            let (px, py) = (3 * i128::from(p.x), 3 * i128::from(p.y));
            let (rx, ry) = (3 * i128::from(r.x), 3 * i128::from(r.y));
            let side = (rx - px) * (q.1 - py) - (ry - py) * (q.0 - px);
            if py <= q.1 && q.1 < ry && side > 0 {
                w += 1;
            } else if ry <= q.1 && q.1 < py && side < 0 {
                w -= 1;
            }
        }
    }
    w
}

/// The flood's windings equal the winding numbers of the rings around each slot's
/// centroid, computed independently by crossing counts (X16, [L7]).
fn assert_flood_matches_winding_numbers(r: &Region) {
    let (vertices, edges) = ring_graph(r);
    let constraints: Vec<[usize; 2]> = edges.keys().map(|&(a, b)| [a.min(b), a.max(b)]).collect();
    let cdt = triangulate_points(&vertices, &constraints).unwrap();
    let w = flood_windings(&cdt, &edges).unwrap();
    for (t, s) in cdt.slots.iter().enumerate() {
        let c = s.v.map(|v| cdt.vertices[v]);
        let centroid = (
            i128::from(c[0].x + c[1].x + c[2].x),
            i128::from(c[0].y + c[1].y + c[2].y),
        );
        assert_eq!(w[t], winding_number(r, centroid), "slot {t}");
    }
    assert!(w.iter().all(|&x| x == 0 || x == 1));
    assert!(w.contains(&1));
}

#[test]
fn triangulate_regions_touching_at_a_vertex_and_nested() {
    // Two squares sharing the vertex (2,2), and an island inside a hole.
    let r = region(&[
        &[(0, 0), (2, 0), (2, 2), (0, 2)],
        &[(2, 2), (4, 2), (4, 4), (2, 4)],
        &[(10, 0), (20, 0), (20, 10), (10, 10)],
        &[(12, 2), (12, 8), (18, 8), (18, 2)],
        &[(14, 4), (16, 4), (16, 6), (14, 6)],
    ]);
    let t = triangulate(&r).unwrap();
    check_triangulation(&r, &t).unwrap();
    assert_flood_matches_winding_numbers(&r);
}

#[test]
fn triangulate_lattice_region_brio() {
    // A square with 24 rectangular holes in a grid: 100 vertices (the BRIO path), many
    // cocircular quadruples.
    let mut rings: Vec<Vec<(i64, i64)>> = vec![vec![(0, 0), (40, 0), (40, 40), (0, 40)]];
    for i in 0..8 {
        for j in 0..3 {
            let (x, y) = (2 + 5 * i, 2 + 12 * j);
            rings.push(vec![(x, y), (x, y + 3), (x + 2, y + 3), (x + 2, y)]);
        }
    }
    let r = Region {
        snap_bits: 0,
        rings: rings.iter().map(|ring| pts(ring)).collect(),
    };
    let t = triangulate(&r).unwrap();
    assert!(t.vertices.len() >= 64);
    check_triangulation(&r, &t).unwrap();
    assert_flood_matches_winding_numbers(&r);
}

#[test]
fn checker_rejects_broken_triangulations() {
    let r = region(&[&[(0, 0), (4, 0), (5, 3), (0, 2)]]);
    let good = triangulate(&r).unwrap();
    let mut wrong_diagonal = good.clone();
    wrong_diagonal.triangles = vec![[0, 2, 3], [0, 3, 1]];
    assert!(check_triangulation(&r, &wrong_diagonal).is_err());
    let mut missing = good.clone();
    missing.triangles.pop();
    missing.neighbors.truncate(3);
    assert!(check_triangulation(&r, &missing).is_err());
    let mut bad_neighbour = good.clone();
    bad_neighbour.neighbors[1] = -1;
    assert!(check_triangulation(&r, &bad_neighbour).is_err());
    let mut clockwise = good;
    clockwise.triangles[0] = [0, 1, 2];
    assert!(check_triangulation(&r, &clockwise).is_err());
}

// ---- conformance ops ------------------------------------------------------------------

#[test]
fn cdt_op_json() {
    let out = run_case(&json!({
        "op": "cdt",
        "points": [[0, 0], [2, -1], [2, 1], [4, 0]],
        "constraints": [[3, 0]]
    }));
    assert_eq!(
        out,
        Ok(json!({"triangles": [[0, 1, 3], [0, 3, 2]], "constrained": [[0, 3]]}))
    );
    let negative =
        run_case(&json!({"op": "cdt", "points": [[0, 0], [1, 0]], "constraints": [[-1, 0]]}));
    assert_eq!(
        negative,
        Err(json!({"kind": "invalidArgument", "argument": "constraints"}))
    );
    let huge = run_case(&json!({"op": "cdt", "points": [[0, 549755813889i64]], "constraints": []}));
    assert_eq!(
        huge,
        Err(json!({"kind": "outOfRange",
                   "location": {"kind": "argument", "name": "points[0]"},
                   "value": 549755813889.0}))
    );
    let malformed = run_case(&json!({"op": "cdt", "points": [[0.5, 0]], "constraints": []}));
    assert_eq!(malformed.unwrap_err()["kind"], "malformed");
}

fn corpus_inputs(op: &str) -> Value {
    let path = format!("{}/../corpus/inputs/{op}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every test of an inputs file, with its flags checked against `notes`.
fn corpus_tests(file: &Value) -> Vec<Value> {
    let notes = file["notes"].as_object().unwrap();
    let mut ids = BTreeSet::new();
    let mut out = Vec::new();
    for group in file["testGroups"].as_array().unwrap() {
        for test in group["tests"].as_array().unwrap() {
            assert!(ids.insert(test["tcId"].as_i64().unwrap()), "duplicate tcId");
            for flag in test["flags"].as_array().unwrap() {
                assert!(
                    notes.contains_key(flag.as_str().unwrap()),
                    "{flag} undefined"
                );
            }
            assert_eq!(test["input"]["op"], file["op"]);
            out.push(test.clone());
        }
    }
    out
}

#[test]
fn corpus_cdt_inputs_pass_the_checker() {
    let file = corpus_inputs("cdt");
    let mut errors = 0;
    for test in corpus_tests(&file) {
        let input = &test["input"];
        let id = &test["tcId"];
        let (points, constraints) = build2d_reference::case::cdt::parse_cdt_input(input).unwrap();
        match triangulate_points(&points, &constraints) {
            Ok(cdt) => {
                cdt.check().unwrap_or_else(|e| panic!("tcId {id}: {e}"));
                check_cdt(
                    &points,
                    &constraints,
                    &cdt,
                    &cdt.output_triangles(),
                    &cdt.constrained_edges(),
                )
                .unwrap_or_else(|e| panic!("tcId {id}: {e}"));
                assert!(!test["flags"].as_array().unwrap().contains(&json!("Error")));
            }
            Err(_) => {
                errors += 1;
                assert!(
                    test["flags"].as_array().unwrap().contains(&json!("Error")),
                    "tcId {id} fails but is not flagged Error"
                );
            }
        }
    }
    assert!(errors > 0);
}

#[test]
fn corpus_triangulate_inputs_parse() {
    let file = corpus_inputs("triangulate");
    let tests = corpus_tests(&file);
    assert!(tests.len() >= 10);
    for test in tests {
        build2d_reference::case::cdt::parse_region_input(&test["input"]["region"])
            .unwrap_or_else(|e| panic!("tcId {}: {e}", test["tcId"]));
    }
}

#[test]
fn sorted_insertion_reaches_edge_splits() {
    // (3,−1) and (6,−2) lie on the line from (0,0) towards the corner (3B,−B): inserted in
    // sorted order they fall on open edges (the corpus case of 2→4 splits).
    let points = pts(&[(0, 0), (0, 4), (3, -1), (6, -2)]);
    let mut b = Builder::new(&points);
    b.insert_point(0).unwrap();
    b.insert_point(1).unwrap();
    assert!(matches!(b.locate(2), Ok(Location::OnEdge { .. })));
    b.insert_point(2).unwrap();
    assert!(matches!(b.locate(3), Ok(Location::OnEdge { .. })));
    b.insert_point(3).unwrap();
    let cdt = b.finish();
    assert_eq!(cdt, checked(&points, &[]));
}

// ---- worked examples of docs/cdt.md section 8 (live revision) ------------------------

/// Parses the document's notation `sK (v0,v1,v2) nb (n0,n1,n2)` ('-' for NONE), slots in
/// order, no constrained flags.
fn doc_slots(text: &str) -> Vec<Slot> {
    let numbers: Vec<Option<usize>> = text
        .split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().ok())
        .collect();
    numbers
        .chunks(7)
        .enumerate()
        .map(|(k, c)| {
            assert_eq!(c[0], Some(k), "slots listed in order");
            Slot {
                v: [c[1].unwrap(), c[2].unwrap(), c[3].unwrap()],
                nb: [c[4], c[5], c[6]],
                con: [false; 3],
            }
        })
        .collect()
}

#[test]
fn worked_example_square_with_centre_slot_by_slot() {
    let points = pts(&[(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)]);
    let mut b = Builder::new(&points);
    let after = [
        "s0 (5,6,0) nb (-,1,2)    s1 (6,7,0) nb (-,2,0)    s2 (7,5,0) nb (-,0,1)",
        "s0 (5,6,0) nb (-,4,2)   s1 (6,7,1) nb (-,3,4)   s2 (5,0,1) nb (0,4,3)
         s3 (7,5,1) nb (-,2,1)   s4 (0,6,1) nb (0,1,2)",
        "s0 (5,6,0) nb (-,4,2)   s1 (7,1,2) nb (3,6,5)   s2 (5,0,1) nb (0,6,3)
         s3 (7,5,1) nb (-,2,1)   s4 (0,6,2) nb (0,5,6)   s5 (6,7,2) nb (-,1,4)
         s6 (1,0,2) nb (2,4,1)",
        "s0 (5,6,3) nb (-,7,4)   s1 (7,1,2) nb (3,6,5)   s2 (5,0,1) nb (4,6,3)
         s3 (7,5,1) nb (-,2,1)   s4 (0,5,3) nb (2,0,8)   s5 (6,7,2) nb (-,1,7)
         s6 (1,0,2) nb (2,8,1)   s7 (6,2,3) nb (5,8,0)   s8 (2,0,3) nb (6,4,7)",
        "s0 (5,6,3) nb (-,7,4)   s1 (1,2,4) nb (6,10,9)  s2 (5,0,1) nb (4,6,3)
         s3 (7,5,1) nb (-,2,9)   s4 (0,5,3) nb (2,0,8)   s5 (6,7,4) nb (-,9,7)
         s6 (1,0,2) nb (2,8,1)   s7 (3,6,4) nb (0,5,10)  s8 (2,0,3) nb (6,4,10)
         s9 (7,1,4) nb (3,1,5)   s10 (2,3,4) nb (8,7,1)",
    ];
    assert_eq!(insertion_order(&points), [0, 1, 2, 3, 4]);
    for (p, expected) in after.iter().enumerate() {
        b.insert_point(p).unwrap();
        assert_eq!(b.slots, doc_slots(expected), "after inserting {p}");
    }
    let whole = checked(&points, &[]);
    assert_eq!(whole.slots, doc_slots(after[4]));
}

#[test]
fn worked_example_square_then_constraint() {
    let points = pts(&[(0, 0), (0, 2), (2, 0), (2, 2)]);
    let mut b = Builder::new(&points);
    for p in 0..4 {
        b.insert_point(p).unwrap();
    }
    assert_eq!(
        b.slots,
        doc_slots(
            "s0 (4,5,2) nb (-,5,4)   s1 (5,6,3) nb (-,7,5)   s2 (4,0,1) nb (4,6,3)
             s3 (6,4,1) nb (-,2,7)   s4 (0,4,2) nb (2,0,6)   s5 (2,5,3) nb (0,1,8)
             s6 (1,0,2) nb (2,4,8)   s7 (6,1,3) nb (3,8,1)   s8 (1,2,3) nb (6,5,7)"
        )
    );
    assert_eq!(b.crossed_edges(0, 3).unwrap(), [(1, 2)]);
    b.insert_constraint(0, 3).unwrap();
    let mut expected = doc_slots(
        "s0 (4,5,2) nb (-,5,4)   s1 (5,6,3) nb (-,7,5)   s2 (4,0,1) nb (4,8,3)
         s3 (6,4,1) nb (-,2,7)   s4 (0,4,2) nb (2,0,6)   s5 (2,5,3) nb (0,1,6)
         s6 (2,3,0) nb (5,8,4)   s7 (6,1,3) nb (3,8,1)   s8 (3,1,0) nb (7,2,6)",
    );
    expected[6].con[1] = true;
    expected[8].con[2] = true;
    assert_eq!(b.slots, expected);
    let whole = checked(&points, &[[0, 3]]);
    assert_eq!(whole.slots, expected);
    assert_eq!(whole.output_triangles(), [[0, 2, 3], [0, 3, 1]]);
    assert_eq!(
        checked(&points, &[]).output_triangles(),
        [[0, 2, 1], [1, 2, 3]]
    );
}

/// `Cdt::check` rejects each broken invariant with its own message: one hand-broken copy
/// of a valid CDT per condition (the kite (0,0), (2,−1), (2,1), (4,0) with the
/// constraint (0,0)–(4,0), which is not Delaunay).
#[test]
fn cdt_check_rejects_each_broken_invariant() {
    let kite = triangulate_points(&pts(&[(0, 0), (2, -1), (2, 1), (4, 0)]), &[[0, 3]]).unwrap();
    assert_eq!(kite.check(), Ok(()));
    let n = kite.input_count;
    let rejects = |cdt: &Cdt, needle: &str| match cdt.check() {
        Ok(()) => panic!("accepted a broken CDT ({needle})"),
        Err(e) => assert!(e.contains(needle), "wrong reason {e:?}, wanted {needle:?}"),
    };
    let mut b = kite.clone();
    b.vertices.pop();
    rejects(&b, "vertex count is not n + 3");
    let mut b = kite.clone();
    b.slots.pop();
    rejects(&b, "slots for n = 4");
    let mut b = kite.clone();
    b.slots[0].v.swap(0, 1);
    rejects(&b, "is not counter-clockwise");
    // A NONE on an edge with one bounding end (such edges are shared by two slots).
    let mut b = kite.clone();
    let (t, k) = (0..b.slots.len())
        .flat_map(|t| (0..3).map(move |k| (t, k)))
        .find(|&(t, k)| {
            let s = &kite.slots[t];
            (s.v[k] >= n) != (s.v[(k + 1) % 3] >= n)
        })
        .unwrap();
    b.slots[t].nb[k] = None;
    rejects(&b, "NONE inside");
    // The constraint's flag on one side only, then on neither side.
    let (t, k) = (0..kite.slots.len())
        .flat_map(|t| (0..3).map(move |k| (t, k)))
        .find(|&(t, k)| kite.slots[t].con[k])
        .unwrap();
    let mut b = kite.clone();
    b.slots[t].con[k] = false;
    rejects(&b, "flags differ");
    // Unconstrained, the edge (0,0)–(4,0) is not Delaunay; found from either side, and
    // with both slots rotated so that it is their edge 0 (the apex read across it is then
    // the neighbour's v[2]).
    let mut b = kite.clone();
    for s in &mut b.slots {
        s.con = [false; 3];
    }
    rejects(&b, "not locally Delaunay");
    let u = b.slots[t].nb[k].unwrap();
    let j = b.slots[u].nb.iter().position(|&x| x == Some(t)).unwrap();
    for (slot, edge) in [(t, k), (u, j)] {
        let s = &mut b.slots[slot];
        s.v.rotate_left(edge);
        s.nb.rotate_left(edge);
        s.con.rotate_left(edge);
    }
    rejects(&b, "not locally Delaunay");
}

/// docs/cdt.md 4.1: a point in an open edge is located in the smaller of the edge's two
/// slots. Here every axis-parallel edge of a 4 × 4 lattice (even coordinates) gets its
/// midpoint tested, so the smaller slot lies on either side of vertical and horizontal
/// edges (a mutation run found the bounding-box test of `locate` free to skip a box
/// that only touches the point, which then picks the larger slot).
#[test]
fn a_point_in_an_axis_parallel_edge_is_located_in_the_smaller_slot() {
    let even: Vec<(i64, i64)> = (0..4)
        .flat_map(|x| (0..4).map(move |y| (2 * x, 2 * y)))
        .collect();
    // (midpoint, one end, the other end)
    type Lattice = (i64, i64);
    let mut midpoints: Vec<(Lattice, Lattice, Lattice)> = Vec::new();
    for &(x, y) in &even {
        for (dx, dy) in [(2, 0), (0, 2)] {
            if even.contains(&(x + dx, y + dy)) {
                midpoints.push(((x + dx / 2, y + dy / 2), (x, y), (x + dx, y + dy)));
            }
        }
    }
    let mut all = even.clone();
    all.extend(midpoints.iter().map(|m| m.0));
    let points = pts(&all);
    let index = |p: (i64, i64)| all.iter().position(|&q| q == p).unwrap();
    let mut b = Builder::new(&points);
    for i in 0..even.len() {
        b.insert_point(i).unwrap();
    }
    let mut checked = [0usize; 2];
    for &(mid, from, to) in &midpoints {
        let Some((slot, edge)) = b.find_edge(index(from), index(to)) else {
            continue; // the triangulation's diagonal went the other way
        };
        assert_eq!(
            b.locate(index(mid)),
            Ok(Location::OnEdge { slot, edge }),
            "midpoint {mid:?} of {from:?}–{to:?}"
        );
        checked[usize::from(from.0 == to.0)] += 1;
    }
    assert!(checked[0] >= 6 && checked[1] >= 6, "{checked:?}");
}
