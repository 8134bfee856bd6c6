//! The [W1] checkers must reject what they claim to reject: each test breaks one
//! condition of a valid output by hand and asserts the checker names that condition.
//! (A mutation run found `ConvexPartition::check` replaceable by `Ok(())` with no test
//! failing; these tests are the answer.)

use build2d::arrangement::{arrange, Arrangement, EdgeTag, Segment, TaggedEdge};
use build2d::partition::partition_convex;
use build2d::validity::check_arrangement;
use build2d::ConvexPartition;
use build2d::Triangulation;
use build2d::{Geometry2DOptions, GridPoint, Outline, Region};

fn p(x: i64, y: i64) -> GridPoint {
    GridPoint::new(x, y)
}

/// Asserts that `result` is an error whose text contains `needle`.
fn rejects<T: std::fmt::Debug, E: std::fmt::Display>(result: Result<T, E>, needle: &str) {
    match result {
        Ok(v) => panic!("accepted a broken output ({needle}): {v:?}"),
        Err(e) => {
            let text = e.to_string();
            assert!(
                text.contains(needle),
                "wrong reason: {text:?}, wanted {needle:?}"
            );
        }
    }
}

// ---- arrangement ------------------------------------------------------------------

fn square_edges() -> Vec<TaggedEdge> {
    let c = [p(0, 0), p(4, 0), p(4, 4), p(0, 4)];
    (0..4)
        .map(|i| TaggedEdge {
            from: c[i],
            to: c[(i + 1) % 4],
            tag: EdgeTag::Operand0,
        })
        .collect()
}

fn valid_arrangement() -> (Vec<TaggedEdge>, Arrangement) {
    let input = square_edges();
    let out = arrange(&input).unwrap();
    check_arrangement(&input, &out).unwrap();
    (input, out)
}

#[test]
fn arrangement_checker_accepts_the_valid_square() {
    let (input, out) = valid_arrangement();
    assert_eq!(out.vertices.len(), 4);
    assert_eq!(check_arrangement(&input, &out), Ok(()));
}

#[test]
fn arrangement_checker_rejects_unsorted_vertices() {
    let (input, mut out) = valid_arrangement();
    out.vertices.swap(0, 1);
    rejects(
        check_arrangement(&input, &out),
        "vertices not strictly sorted",
    );
}

#[test]
fn arrangement_checker_rejects_reversed_segment_indices() {
    let (input, mut out) = valid_arrangement();
    let s = &mut out.segments[0];
    std::mem::swap(&mut s.a, &mut s.b);
    rejects(check_arrangement(&input, &out), "bad indices");
}

#[test]
fn arrangement_checker_rejects_a_zero_net() {
    let (input, mut out) = valid_arrangement();
    out.segments[1].net = [0, 0];
    rejects(check_arrangement(&input, &out), "zero net");
}

#[test]
fn arrangement_checker_rejects_unsorted_segments() {
    let (input, mut out) = valid_arrangement();
    out.segments.swap(0, 1);
    rejects(
        check_arrangement(&input, &out),
        "segments not strictly sorted",
    );
}

#[test]
fn arrangement_checker_rejects_an_unused_vertex() {
    let (input, mut out) = valid_arrangement();
    out.vertices.push(p(9, 9));
    rejects(check_arrangement(&input, &out), "not used by any segment");
}

#[test]
fn arrangement_checker_rejects_crossing_segments() {
    // Two diagonals of a square that cross at (2, 2) without a vertex there.
    let input = vec![
        TaggedEdge {
            from: p(0, 0),
            to: p(4, 4),
            tag: EdgeTag::Operand0,
        },
        TaggedEdge {
            from: p(0, 4),
            to: p(4, 0),
            tag: EdgeTag::Operand1,
        },
    ];
    let out = Arrangement {
        vertices: vec![p(0, 0), p(0, 4), p(4, 0), p(4, 4)],
        segments: vec![
            Segment {
                a: 0,
                b: 3,
                net: [1, 0],
            },
            Segment {
                a: 1,
                b: 2,
                net: [0, 1],
            },
        ],
    };
    rejects(check_arrangement(&input, &out), "properly cross");
}

#[test]
fn arrangement_checker_rejects_a_vertex_inside_a_segment() {
    // The edge (0,0)→(4,0) passes through the vertex (2,0) of another edge.
    let input = vec![
        TaggedEdge {
            from: p(0, 0),
            to: p(4, 0),
            tag: EdgeTag::Operand0,
        },
        TaggedEdge {
            from: p(2, 0),
            to: p(2, 3),
            tag: EdgeTag::Operand1,
        },
    ];
    let out = Arrangement {
        vertices: vec![p(0, 0), p(2, 0), p(2, 3), p(4, 0)],
        segments: vec![
            Segment {
                a: 0,
                b: 3,
                net: [1, 0],
            },
            Segment {
                a: 1,
                b: 2,
                net: [0, 1],
            },
        ],
    };
    rejects(check_arrangement(&input, &out), "lies inside segment");
}

#[test]
fn arrangement_checker_rejects_lost_flow() {
    let (input, mut out) = valid_arrangement();
    out.segments[0].net[0] *= 2;
    rejects(check_arrangement(&input, &out), "flow not conserved");
}

#[test]
fn arrangement_checker_rejects_a_segment_far_from_every_input_edge() {
    // Input: the path a → b → c. Output: the single segment a → c. Flow is conserved at
    // every point (b's in and out cancel) and b is not an output vertex, but a → c is not
    // within one unit of any single input edge.
    let (a, b, c) = (p(0, 0), p(10, 0), p(10, 10));
    let input = vec![
        TaggedEdge {
            from: a,
            to: b,
            tag: EdgeTag::Operand0,
        },
        TaggedEdge {
            from: b,
            to: c,
            tag: EdgeTag::Operand0,
        },
    ];
    let out = Arrangement {
        vertices: vec![a, c],
        segments: vec![Segment {
            a: 0,
            b: 1,
            net: [1, 0],
        }],
    };
    rejects(check_arrangement(&input, &out), "not within 1 unit");
}

// ---- triangulation and partition ----------------------------------------------------

/// A 4 × 2 rectangle with a notch: enough triangles for interior diagonals and a
/// partition of several polygons at a limit of 4 vertices.
fn region() -> Region {
    let ring = vec![[0.0, 0.0], [4.0, 0.0], [4.0, 2.0], [2.0, 1.0], [0.0, 2.0]];
    Region::from_outlines(
        &[Outline { rings: vec![ring] }],
        Geometry2DOptions::new(0).unwrap(),
    )
    .unwrap()
}

fn valid_triangulation() -> Triangulation {
    let t = region().triangulate().unwrap();
    t.check().unwrap();
    assert!(t.triangles.len() >= 3, "{t:?}");
    t
}

#[test]
fn triangulation_checker_rejects_each_broken_condition() {
    let t = valid_triangulation();
    let mut b = t.clone();
    b.neighbors.pop();
    rejects(b.check(), "neighbour list length");
    let mut b = t.clone();
    b.vertices.swap(0, 1);
    rejects(b.check(), "vertices not sorted");
    let mut b = t.clone();
    b.triangles.swap(0, 1);
    rejects(b.check(), "triangles not sorted");
    let mut b = t.clone();
    b.triangles[0][2] = b.vertices.len() as u32;
    rejects(b.check(), "malformed");
    let mut b = t.clone();
    b.triangles[0].swap(1, 2); // clockwise, still starting at its smallest index
    rejects(b.check(), "not counter-clockwise");
    let mut b = t.clone();
    let k = b.neighbors.iter().position(|&n| n >= 0).unwrap();
    b.neighbors[k] = b.triangles.len() as i32;
    rejects(b.check(), "neighbour out of range");
    let mut b = t.clone();
    b.neighbors[k] = -1;
    rejects(b.check(), "not symmetric");
}

fn valid_partition(limit: usize) -> (ConvexPartition, i128) {
    let region = region();
    let t = region.triangulate().unwrap();
    let parts = region.partition_convex(limit).unwrap();
    let _ = t;
    parts.check(limit, region.area2()).unwrap();
    (parts, region.area2())
}

#[test]
fn partition_checker_accepts_the_valid_partition() {
    let (parts, area2) = valid_partition(4);
    assert!(parts.polygons.len() >= 2, "{parts:?}");
    assert_eq!(parts.check(4, area2), Ok(()));
}

#[test]
fn partition_checker_rejects_each_broken_condition() {
    let (good, area2) = valid_partition(4);
    let check = |b: &ConvexPartition| b.check(4, area2);

    let mut b = good.clone();
    b.neighbors.pop();
    rejects(check(&b), "one neighbour list per polygon");

    let mut b = good.clone();
    b.polygons.swap(0, 1);
    b.neighbors.swap(0, 1);
    rejects(check(&b), "not sorted");

    // A quadrilateral of the partition exceeds a limit of 3.
    assert!(good.polygons.iter().any(|q| q.len() == 4), "{good:?}");
    rejects(good.check(3, area2), "has 4 vertices");

    let mut b = good.clone();
    b.polygons[0].truncate(2);
    b.neighbors[0].truncate(2);
    rejects(check(&b), "has 2 vertices");

    let mut b = good.clone();
    let last = b.polygons.len() - 1;
    b.polygons[last][1] = b.vertices.len() as u32;
    rejects(check(&b), "bad vertex index");

    let mut b = good.clone();
    b.polygons[last].rotate_left(1);
    rejects(check(&b), "does not start at its smallest index");

    let mut b = good.clone();
    b.polygons[last][1..].reverse(); // clockwise: turns right somewhere
    rejects(check(&b), "turns right");

    let mut b = good.clone();
    b.neighbors[0].pop();
    rejects(check(&b), "one neighbour per edge");

    rejects(good.check(4, area2 + 2), "areas add up");

    let mut b = good.clone();
    let (k, i) = b
        .neighbors
        .iter()
        .enumerate()
        .find_map(|(k, n)| n.iter().position(|&q| q >= 0).map(|i| (k, i)))
        .unwrap();
    b.neighbors[k][i] = -1;
    rejects(check(&b), "neighbour -1 expected");
}

#[test]
fn partition_checker_rejects_a_repeated_edge_and_a_doubly_wound_polygon() {
    // A pentagram visits the vertices of a convex pentagon in the order 0, 2, 4, 1, 3:
    // every turn is to the left and its signed area is positive (it winds twice), so only
    // the edge and area bookkeeping can reject it.
    let pentagon = [p(0, 0), p(4, -3), p(8, 0), p(6, 5), p(2, 5)];
    let mut vertices = pentagon.to_vec();
    vertices.sort();
    let index = |q: GridPoint| vertices.iter().position(|&v| v == q).unwrap() as u32;
    let star: Vec<u32> = [0, 2, 4, 1, 3]
        .iter()
        .map(|&k| index(pentagon[k]))
        .collect();
    let start = (0..5).min_by_key(|&i| star[i]).unwrap();
    let mut star_rot = star.clone();
    star_rot.rotate_left(start);
    let convex: Vec<u32> = {
        let mut c: Vec<u32> = pentagon.iter().map(|&q| index(q)).collect();
        let s = (0..5).min_by_key(|&i| c[i]).unwrap();
        c.rotate_left(s);
        c
    };
    let area2_of = |poly: &[u32]| -> i128 {
        (0..poly.len())
            .map(|i| {
                let (a, b) = (
                    vertices[poly[i] as usize],
                    vertices[poly[(i + 1) % poly.len()] as usize],
                );
                i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y)
            })
            .sum()
    };
    let convex_area = area2_of(&convex);
    assert!(area2_of(&star_rot) > 0);
    let one = |poly: Vec<u32>| ConvexPartition {
        vertices: vertices.clone(),
        neighbors: vec![vec![-1; poly.len()]],
        polygons: vec![poly],
    };
    assert_eq!(one(convex.clone()).check(5, convex_area), Ok(()));
    rejects(one(star_rot).check(5, convex_area), "areas add up");

    // The same triangle twice: its edges are used twice.
    let tri = vec![0u32, 1, 2];
    let doubled = ConvexPartition {
        vertices: vec![p(0, 0), p(4, 0), p(0, 4)],
        polygons: vec![tri.clone(), tri],
        neighbors: vec![vec![-1; 3], vec![-1; 3]],
    };
    rejects(doubled.check(3, 32), "not sorted");
    let twice_by_rotation = ConvexPartition {
        vertices: vec![p(0, 0), p(4, 0), p(4, 4), p(0, 4)],
        polygons: vec![vec![0, 1, 2], vec![0, 1, 3]],
        neighbors: vec![vec![-1; 3], vec![-1; 3]],
    };
    rejects(twice_by_rotation.check(3, 64), "used twice");
}

/// The partition refuses a triangulation with inconsistent indices, each kind alone (a
/// mutation run found each `||` of that guard replaceable by `&&` with no test failing).
#[test]
fn partition_rejects_each_kind_of_inconsistent_triangulation() {
    let t = valid_triangulation();
    let run = |b: &Triangulation| partition_convex(&b.vertices, &b.triangles, &b.neighbors, 4);
    assert!(run(&t).is_ok());
    let mut b = t.clone();
    b.neighbors.pop();
    rejects(run(&b), "inconsistent indices");
    let mut b = t.clone();
    b.triangles[0][2] = b.vertices.len() as u32;
    rejects(run(&b), "inconsistent indices");
    let k = t.neighbors.iter().position(|&n| n >= 0).unwrap();
    for bad in [t.triangles.len() as i32, -2] {
        let mut b = t.clone();
        b.neighbors[k] = bad;
        rejects(run(&b), "inconsistent indices");
    }
}
