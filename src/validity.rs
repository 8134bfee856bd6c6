//! Validity checkers on typed outputs ([W1], [W3]), used by tests and fuzzers. They
//! return a description of the first violation instead of panicking.

use std::cmp::Ordering;
use std::collections::HashMap;

use crate::arrangement::{Arrangement, TaggedEdge};
use crate::grid::GridPoint;
use crate::predicates::{orient, properly_cross, strictly_inside_segment};

/// Checks that `out` is a valid noding of `input` ([A0]–[A5], [C6]):
///
/// 1. canonical form ([`Arrangement::check`]): vertices strictly sorted, segments a < b,
///    strictly sorted, non-zero nets, every vertex used;
/// 2. no two segments properly cross;
/// 3. no vertex lies in the open interior of a segment;
/// 4. conservation: at every grid point, per operand, the net flow out of the point
///    (outgoing minus incoming counts) is the same in the output as in the input edges
///    (an `EdgeTag::Both` edge counts for both operands). Snap rounding never moves an
///    input endpoint (it is its own hot pixel's centre), rerouting keeps each edge's chain
///    from its start to its end, and splitting and merging keep flows, so this holds
///    exactly, including where snapping merges geometry;
/// 5. distortion ([C6]): every output segment has both endpoints within L∞ distance 1
///    (closed) of one common input edge of non-zero length, so (L∞ distance to a segment
///    being convex) the whole segment lies within 1 unit of that edge. On a settled first
///    round every rerouted vertex lies in a pixel its edge meets (within 1/2); the bound 1
///    leaves room for one repair reroute ([A4]).
///
/// Check 5 is brute force over input edges (with a bounding-box filter): for tests.
pub fn check_arrangement(input: &[TaggedEdge], out: &Arrangement) -> Result<(), String> {
    out.check()?;
    check_no_crossings(out)?;
    check_no_vertex_inside(out)?;
    check_conservation(input, out)?;
    check_distortion(input, out)
}

fn ends(out: &Arrangement, k: usize) -> (GridPoint, GridPoint) {
    let s = &out.segments[k];
    (out.vertices[s.a_index()], out.vertices[s.b_index()])
}

/// Sweep in increasing minimum x; a < b, so the minimum x is the first endpoint's.
fn check_no_crossings(out: &Arrangement) -> Result<(), String> {
    let mut order: Vec<usize> = (0..out.segments.len()).collect();
    order.sort_by_key(|&k| ends(out, k).0.x);
    let mut active: Vec<usize> = Vec::new();
    for &k in &order {
        let (a, b) = ends(out, k);
        active.retain(|&j| ends(out, j).1.x >= a.x);
        for &j in &active {
            let (c, d) = ends(out, j);
            if properly_cross(a, b, c, d) {
                return Err(format!("segments {k} and {j} properly cross"));
            }
        }
        active.push(k);
    }
    Ok(())
}

fn check_no_vertex_inside(out: &Arrangement) -> Result<(), String> {
    for k in 0..out.segments.len() {
        let (a, b) = ends(out, k);
        // Vertices are sorted by (x, y): those with x in [a.x, b.x] form one run.
        let lo = out.vertices.partition_point(|v| v.x < a.x);
        let hi = out.vertices.partition_point(|v| v.x <= b.x);
        for (v, &q) in out.vertices[lo..hi].iter().enumerate() {
            if strictly_inside_segment(q, a, b) {
                return Err(format!("vertex {} lies inside segment {k}", lo + v));
            }
        }
    }
    Ok(())
}

fn check_conservation(input: &[TaggedEdge], out: &Arrangement) -> Result<(), String> {
    let mut flow: HashMap<GridPoint, [i64; 2]> = HashMap::new();
    let mut add = |p: GridPoint, n: [i64; 2], sign: i64| {
        let f = flow.entry(p).or_insert([0, 0]);
        f[0] += sign * n[0];
        f[1] += sign * n[1];
    };
    for e in input {
        let n = crate::arrangement::tag_counts(e.tag).map(i64::from);
        add(e.from, n, 1);
        add(e.to, n, -1);
    }
    for s in &out.segments {
        // Output flows are subtracted: every point must end at zero.
        add(out.vertices[s.a_index()], s.net.map(i64::from), -1);
        add(out.vertices[s.b_index()], s.net.map(i64::from), 1);
    }
    let mut bad: Vec<_> = flow.into_iter().filter(|(_, f)| *f != [0, 0]).collect();
    bad.sort();
    match bad.first() {
        Some((p, f)) => Err(format!(
            "flow not conserved at {p:?}: input minus output {f:?}"
        )),
        None => Ok(()),
    }
}

/// Whether the closed segment a–b meets the closed square [c − 1, c + 1]².
fn within_one(a: GridPoint, b: GridPoint, c: GridPoint) -> bool {
    if a.x.max(b.x) < c.x - 1
        || a.x.min(b.x) > c.x + 1
        || a.y.max(b.y) < c.y - 1
        || a.y.min(b.y) > c.y + 1
    {
        return false;
    }
    let corners = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        .map(|(dx, dy)| orient(a, b, GridPoint::new(c.x + dx, c.y + dy)));
    !(corners.iter().all(|&o| o == Ordering::Greater)
        || corners.iter().all(|&o| o == Ordering::Less))
}

fn check_distortion(input: &[TaggedEdge], out: &Arrangement) -> Result<(), String> {
    let edges: Vec<&TaggedEdge> = input.iter().filter(|e| e.from != e.to).collect();
    for k in 0..out.segments.len() {
        let (u, v) = ends(out, k);
        let near = edges
            .iter()
            .any(|e| within_one(e.from, e.to, u) && within_one(e.from, e.to, v));
        if !near {
            return Err(format!(
                "segment {k} ({u:?}–{v:?}) is not within 1 unit of any single input edge"
            ));
        }
    }
    Ok(())
}

/// Checks that `path` is a path of `mesh` from `from` to `to` that lies in the mesh's
/// closed area ([`crate::NavMesh::find_path`]):
///
/// 1. the corners run from `from` to `to`, consecutive corners differ;
/// 2. the corridor starts at a polygon holding `from`, ends at one holding `to`, and each
///    polygon in it is a neighbour of the one before (they share an edge);
/// 3. the corners can be cut into runs, one per corridor polygon, such that the path
///    meets a shared edge of polygons j and j + 1 on the segment between run j and
///    run j + 1 (or on the first or last segment of a run), and every corner of run j
///    lies in polygon j (closed).
///
/// Each polygon being convex, the piece of the path between two points of polygon j
/// (where it meets the edges shared with j − 1 and j + 1, and the corners between) lies
/// in polygon j, so the whole path lies in the corridor. Check 3 tries every cut (a
/// small dynamic programme), so it does not depend on how the path was found.
pub fn check_path(
    mesh: &crate::NavMesh,
    from: GridPoint,
    to: GridPoint,
    path: &crate::NavPath,
) -> Result<(), String> {
    use crate::predicates::closed_segments_meet;
    let points = &path.points;
    let corridor: Vec<usize> = path.polygons.iter().map(|&p| p as usize).collect();
    if points.first() != Some(&from) || points.last() != Some(&to) {
        return Err(format!(
            "the path {points:?} does not run from {from:?} to {to:?}"
        ));
    }
    if let Some(w) = points.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("the corner {:?} is repeated", w[0]));
    }
    if corridor.is_empty() || corridor.iter().any(|&p| p >= mesh.polygons.len()) {
        return Err(format!(
            "the corridor {corridor:?} is not a list of polygons"
        ));
    }
    // Polygon j of the corridor holds q (closed).
    let holds = |j: usize, q: GridPoint| crate::navmesh::polygon_holds(mesh, corridor[j], q);
    let (first, last) = (corridor[0], corridor[corridor.len() - 1]);
    if !holds(0, from) || !holds(corridor.len() - 1, to) {
        return Err(format!(
            "polygon {first} does not hold {from:?} or polygon {last} does not hold {to:?}"
        ));
    }
    // The edges polygon j shares with polygon j + 1, for each step of the corridor.
    let mut shared = Vec::new();
    for w in corridor.windows(2) {
        let r: Vec<GridPoint> = mesh.polygons[w[0]]
            .iter()
            .map(|&v| mesh.vertices[v as usize])
            .collect();
        let edges: Vec<(GridPoint, GridPoint)> = (0..r.len())
            .filter(|&i| mesh.neighbors[w[0]].get(i) == Some(&(w[1] as i32)))
            .map(|i| (r[i], r[(i + 1) % r.len()]))
            .collect();
        if edges.is_empty() {
            return Err(format!("polygons {} and {} are not neighbours", w[0], w[1]));
        }
        shared.push(edges);
    }
    let n = points.len();
    if n == 1 {
        // The start is the goal: one polygon, which holds it.
        return if corridor.len() == 1 {
            Ok(())
        } else {
            Err(format!("a path of one point has the corridor {corridor:?}"))
        };
    }
    // outside[j][k]: corner k is not in polygon j; as prefix counts per polygon.
    let outside_before: Vec<Vec<usize>> = (0..corridor.len())
        .map(|j| {
            let mut count = vec![0; n + 1];
            for k in 0..n {
                count[k + 1] = count[k] + usize::from(!holds(j, points[k]));
            }
            count
        })
        .collect();
    let all_in = |j: usize, lo: usize, hi: usize| {
        lo > hi || outside_before[j][hi + 1] == outside_before[j][lo]
    };
    // reach[s]: the path can have left polygon j (or started, for j = 0) on segment s
    // (from corner s to s + 1) with everything before in the corridor; for j = 0 the
    // start is corner 0, "on segment 0".
    let segments = n - 1;
    let mut reach = vec![false; segments];
    reach[0] = true;
    for (j, edges) in shared.iter().enumerate() {
        let mut next = vec![false; segments];
        for s in (0..segments).filter(|&s| reach[s]) {
            for t in s..segments {
                // Corners s + 1 ..= t lie between the two meetings: in polygon j.
                if !all_in(j, s + 1, t) {
                    break;
                }
                next[t] |= edges
                    .iter()
                    .any(|&(a, b)| closed_segments_meet(points[t], points[t + 1], a, b));
            }
        }
        reach = next;
    }
    let j = corridor.len() - 1;
    if (0..segments).any(|s| reach[s] && all_in(j, s + 1, n - 1)) {
        Ok(())
    } else {
        Err(format!(
            "the path {points:?} does not stay in its corridor {corridor:?}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::{EdgeTag, Segment};

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    fn edge(a: GridPoint, b: GridPoint) -> TaggedEdge {
        TaggedEdge {
            from: a,
            to: b,
            tag: EdgeTag::Operand0,
        }
    }

    #[test]
    fn each_check_catches_its_violation() {
        // A valid X: crossing at (2,2) noded.
        let input = [edge(p(0, 0), p(4, 4)), edge(p(0, 4), p(4, 0))];
        let good = crate::arrangement::arrange(&input).unwrap();
        assert_eq!(check_arrangement(&input, &good), Ok(()));

        // Un-noded crossing.
        let crossing = Arrangement {
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
                    net: [1, 0],
                },
            ],
        };
        assert!(check_arrangement(&input, &crossing)
            .unwrap_err()
            .contains("cross"));

        // Vertex inside a segment.
        let t_input = [edge(p(0, 0), p(4, 0)), edge(p(2, 0), p(2, 3))];
        let inside = Arrangement {
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
                    net: [1, 0],
                },
            ],
        };
        assert!(check_arrangement(&t_input, &inside)
            .unwrap_err()
            .contains("inside"));

        // Wrong count breaks conservation.
        let mut wrong = good.clone();
        wrong.segments[0].net = [2, 0];
        assert!(check_arrangement(&input, &wrong)
            .unwrap_err()
            .contains("flow"));

        // A segment far from every input edge (conservation still holds: a closed loop
        // far away adds zero flow everywhere... but two opposite segments would merge, so
        // use a detour instead: the edge (0,0)→(4,0) drawn via (2,3)).
        let straight = [edge(p(0, 0), p(4, 0))];
        let detour = Arrangement {
            vertices: vec![p(0, 0), p(2, 3), p(4, 0)],
            segments: vec![
                Segment {
                    a: 0,
                    b: 1,
                    net: [1, 0],
                },
                Segment {
                    a: 1,
                    b: 2,
                    net: [1, 0],
                },
            ],
        };
        assert!(check_arrangement(&straight, &detour)
            .unwrap_err()
            .contains("within 1"));
        // The same detour via (2,1) is within one unit: accepted.
        let slight = Arrangement {
            vertices: vec![p(0, 0), p(2, 1), p(4, 0)],
            ..detour
        };
        assert_eq!(check_arrangement(&straight, &slight), Ok(()));

        // Canonical form: unsorted vertices.
        let unsorted = Arrangement {
            vertices: vec![p(1, 0), p(0, 0)],
            segments: vec![Segment {
                a: 0,
                b: 1,
                net: [1, 0],
            }],
        };
        assert!(check_arrangement(&[], &unsorted).is_err());
    }
}
