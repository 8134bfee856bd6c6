//! Tests of the reference convex partition (X17) and mesh pipeline (X18): hand-derived
//! partitions (each explained), the [W1] checker on all of them and on random small tile
//! maps, [PC3]'s exhaustiveness from the output alone, and the ops' validation order.

use std::cmp::Ordering;

use build2d_reference::case::{is_malformed, run_case};
use build2d_reference::check::{check_partition, check_triangulation};
use build2d_reference::geom::{Point, Region};
use build2d_reference::partition::{partition_convex, Partition};
use build2d_reference::pipeline::{arc_tolerance, build_mesh, MeshSource};
use build2d_reference::predicates::orient;
use build2d_reference::region::from_outlines;
use build2d_reference::tile_map::from_tile_map;
use build2d_reference::triangulate::triangulate;
use serde_json::{json, Value};

fn pt(x: i64, y: i64) -> Point {
    Point { x, y }
}

fn pts(list: &[(i64, i64)]) -> Vec<Point> {
    list.iter().map(|&(x, y)| pt(x, y)).collect()
}

/// Region of integer outlines at snap bits 0.
fn region(outlines: &[&[&[(i64, i64)]]]) -> Region {
    let outlines: Vec<Vec<Vec<[f64; 2]>>> = outlines
        .iter()
        .map(|o| {
            o.iter()
                .map(|r| r.iter().map(|&(x, y)| [x as f64, y as f64]).collect())
                .collect()
        })
        .collect();
    from_outlines(&outlines, 0).expect("valid outlines")
}

/// Tile map at snap bits 0, cell 1, origin 0; `rows[0]` is y = 0.
fn tiles(rows: &[&str]) -> Region {
    let (cells, width, height) = cells_of(rows);
    from_tile_map(&cells, width, height, 1.0, [0.0, 0.0], 0).expect("valid tile map")
}

fn cells_of(rows: &[&str]) -> (Vec<bool>, usize, usize) {
    let cells = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '#'))
        .collect();
    (cells, rows[0].len(), rows.len())
}

/// Triangulates, partitions and checks (triangulation and [W1]).
fn partition(region: &Region, limit: usize) -> Partition {
    let tri = triangulate(region).expect("triangulation");
    check_triangulation(region, &tri).expect("triangulation valid");
    let result = partition_convex(&tri, limit as i64).expect("partition");
    check_partition(region, &result, limit).expect("[W1]");
    assert_exhaustive(&result, limit);
    result
}

/// [PC3] from the output alone: no two adjacent polygons could still be joined, i.e. each
/// shared edge fails (a), (b) or (c) of X17.
fn assert_exhaustive(p: &Partition, limit: usize) {
    for (k, poly) in p.polygons.iter().enumerate() {
        let n = poly.len();
        for i in 0..n {
            let l = p.neighbors[k][i];
            if l < 0 {
                continue;
            }
            let other = &p.polygons[l as usize];
            let m = other.len();
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            let j = (0..m)
                .find(|&j| other[j] == b && other[(j + 1) % m] == a)
                .expect("reversed edge");
            let too_big = n + m - 2 > limit;
            let shared = poly.iter().any(|v| *v != a && *v != b && other.contains(v));
            let at = |v: usize| p.vertices[v];
            let reflex = orient(at(poly[(i + n - 1) % n]), at(a), at(other[(j + 2) % m]))
                == Ordering::Less
                || orient(at(other[(j + m - 1) % m]), at(b), at(poly[(i + 2) % n]))
                    == Ordering::Less;
            assert!(
                too_big || shared || reflex,
                "polygons {k} and {l} could still be joined"
            );
        }
    }
}

fn polygons(list: &[&[usize]]) -> Vec<Vec<usize>> {
    list.iter().map(|p| p.to_vec()).collect()
}

fn neighbors(list: &[&[i64]]) -> Vec<Vec<i64>> {
    list.iter().map(|p| p.to_vec()).collect()
}

#[test]
fn square_triangles_merge() {
    // Vertices (0,0)=0, (0,2)=1, (2,0)=2, (2,2)=3. Whichever diagonal the CDT takes, the
    // two right triangles join (4 ≤ 6 vertices, 90° corners): the square, CCW from 0.
    let r = region(&[&[&[(0, 0), (2, 0), (2, 2), (0, 2)]]]);
    let p = partition(&r, 6);
    assert_eq!(p.vertices, pts(&[(0, 0), (0, 2), (2, 0), (2, 2)]));
    assert_eq!(p.polygons, polygons(&[&[0, 2, 3, 1]]));
    assert_eq!(p.neighbors, neighbors(&[&[-1, -1, -1, -1]]));
}

#[test]
fn limit_three_keeps_the_triangulation() {
    // With limit 3 no join fits (a): polygons are the triangles, neighbours the
    // triangulation's (entry 3t + i ↔ neighbors[t][i]), for the square and the L.
    for r in [
        region(&[&[&[(0, 0), (2, 0), (2, 2), (0, 2)]]]),
        region(&[&[&[(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]]]),
        tiles(&["###", "#.#", "###"]),
    ] {
        let tri = triangulate(&r).unwrap();
        let p = partition(&r, 3);
        let as_polygons: Vec<Vec<usize>> = tri.triangles.iter().map(|t| t.to_vec()).collect();
        assert_eq!(p.polygons, as_polygons);
        let as_lists: Vec<Vec<i64>> = tri.neighbors.chunks(3).map(|c| c.to_vec()).collect();
        assert_eq!(p.neighbors, as_lists);
    }
}

#[test]
fn l_shape_greedy_order() {
    // L: (0,0)=0, (0,2)=1, (1,1)=2, (1,2)=3, (2,0)=4, (2,1)=5. The CDT is unique: (1,1)
    // lies inside the circle of (0,0),(2,0),(2,1), so the diagonals are 0–2, 1–2, 2–4,
    // all of squared length 2; the order is therefore (0,2), (1,2), (2,4).
    // (0,2) joins (0,0),(2,0),(1,1) and (0,0),(1,1),(0,2): corners 45°+45° at (0,0) and
    // 90°+90° = straight at (1,1) — allowed, (1,1) stays on the edge (2,0)–(0,2).
    // (1,2) and (2,4) would then add 45° to that straight corner: reflex, refused.
    // So three polygons, not the optimal two: the greedy order decides.
    let r = region(&[&[&[(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]]]);
    let tri = triangulate(&r).unwrap();
    assert_eq!(
        tri.triangles,
        vec![[0, 2, 1], [0, 4, 2], [1, 2, 3], [2, 4, 5]]
    );
    for limit in [4, 6, 16] {
        let p = partition(&r, limit);
        assert_eq!(
            p.polygons,
            polygons(&[&[0, 4, 2, 1], &[1, 2, 3], &[2, 4, 5]])
        );
        assert_eq!(
            p.neighbors,
            neighbors(&[&[-1, 2, 1, -1], &[0, -1, -1], &[0, -1, -1]])
        );
    }
}

/// The four trapezoids of a square annulus, outer (0,0)–(w,w), hole (h0,h0)–(h1,h1):
/// vertices (0,0)=0, (0,w)=1, (h0,h0)=2, (h0,h1)=3, (h1,h0)=4, (h1,h1)=5, (w,0)=6, (w,w)=7.
fn assert_annulus_trapezoids(p: &Partition) {
    assert_eq!(
        p.polygons,
        polygons(&[&[0, 2, 3, 1], &[0, 6, 4, 2], &[1, 3, 5, 7], &[4, 6, 7, 5]])
    );
    assert_eq!(
        p.neighbors,
        neighbors(&[
            &[1, -1, 2, -1],
            &[-1, 3, -1, 0],
            &[0, -1, 3, -1],
            &[1, -1, 2, -1]
        ])
    );
}

#[test]
fn hole_gives_four_trapezoids() {
    // Annulus 0..4 around 1..3: each strip is an isosceles (cocircular) trapezoid split
    // by either diagonal (length² 10); the corner edges (0,0)–(1,1) (length² 2) are
    // forced (every crossing segment runs through the hole). Diagonals go first: each
    // trapezoid joins. The corner edges would make 135° + 135° at the hole: refused.
    let outer: &[(i64, i64)] = &[(0, 0), (4, 0), (4, 4), (0, 4)];
    let hole: &[(i64, i64)] = &[(1, 1), (1, 3), (3, 3), (3, 1)];
    let r = region(&[&[outer, hole]]);
    for limit in [4, 6] {
        assert_annulus_trapezoids(&partition(&r, limit));
    }
    // Limit 3: the 8 triangles stay.
    assert_eq!(partition(&r, 3).polygons.len(), 8);
}

#[test]
fn pillar_room_through_the_pipeline() {
    // A 5×5 room with a 1×1 pillar at (2,2): after [R4] the same topology as the
    // annulus (outer 0..5, hole 2..3; trapezoid diagonals length² 13 before corner
    // edges length² 8), so radius 0 gives the four trapezoids.
    let rows = ["#####", "#####", "##.##", "#####", "#####"];
    let (cells, width, height) = cells_of(&rows);
    let source = MeshSource::TileMap {
        cells,
        width,
        height,
        cell_size: 1.0,
        origin: [0.0, 0.0],
    };
    let mesh = build_mesh(&source, 0, 0.0, 6).unwrap();
    assert_eq!(
        mesh.partition.vertices,
        pts(&[
            (0, 0),
            (0, 5),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (5, 0),
            (5, 5)
        ])
    );
    assert_annulus_trapezoids(&mesh.partition);
    // Radius > 0 at snap bits 4: shrink, then [W1] on the shrunk region.
    let mesh = build_mesh(&source, 4, 0.3, 6).unwrap();
    let shrunk = tiles_at(&rows, 4, 0.3, 1.0);
    check_partition(&shrunk, &mesh.partition, 6).unwrap();
    assert_exhaustive(&mesh.partition, 6);
    assert!(mesh.partition.polygons.len() >= 4);
}

/// A tile map's region shrunk as the pipeline does it.
fn tiles_at(rows: &[&str], snap_bits: u8, radius: f64, cell: f64) -> Region {
    let (cells, width, height) = cells_of(rows);
    let r = from_tile_map(&cells, width, height, cell, [0.0, 0.0], snap_bits).unwrap();
    if radius > 0.0 {
        build2d_reference::shrink::shrink(&r, radius, arc_tolerance(cell, radius)).unwrap()
    } else {
        r
    }
}

#[test]
fn diagonal_pinch() {
    // Cells (0,0) and (1,1): two squares touching at (1,1), two rings. Vertices
    // (0,0)=0, (0,1)=1, (1,0)=2, (1,1)=3, (1,2)=4, (2,1)=5, (2,2)=6. Each square's
    // triangles join; the squares share only a vertex, so no edge joins them.
    let r = tiles(&["#.", ".#"]);
    assert_eq!(r.rings.len(), 2);
    let p = partition(&r, 6);
    assert_eq!(p.polygons, polygons(&[&[0, 2, 3, 1], &[3, 5, 6, 4]]));
    assert_eq!(
        p.neighbors,
        neighbors(&[&[-1, -1, -1, -1], &[-1, -1, -1, -1]])
    );
}

#[test]
fn pinched_hole_and_rooms_pass_the_checker() {
    // A hole touching the outer boundary at (2,2) (one ring through it twice), a
    // corridor, and a small maze: [W1] and [PC3] at every limit.
    let maps: [&[&str]; 4] = [
        &["###", "#.#", "##."],
        &["######"],
        &["#.###", "#.#.#", "###.#", "..#.#", "###.#"],
        &["##.##", "#.#.#", "##.##"],
    ];
    for rows in maps {
        let r = tiles(rows);
        for limit in [3, 4, 5, 6, 8, 16] {
            partition(&r, limit);
        }
    }
}

#[test]
fn empty_region() {
    let r = tiles(&["..", ".."]);
    let p = partition(&r, 6);
    assert!(p.vertices.is_empty() && p.polygons.is_empty() && p.neighbors.is_empty());
}

/// A deterministic generator (64-bit LCG, high bits).
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

#[test]
fn random_tile_maps_pass_the_checker() {
    let mut g = Lcg(0x5eed);
    for case in 0..24 {
        let (w, h) = (2 + g.below(4) as usize, 2 + g.below(4) as usize);
        let cells: Vec<bool> = (0..w * h).map(|_| g.below(10) < 7).collect();
        let r = from_tile_map(&cells, w, h, 1.0, [0.0, 0.0], 0).unwrap();
        let limit = [3, 4, 6, 16][case % 4];
        partition(&r, limit);
        // The pipeline at radius 0 is the same partition.
        let source = MeshSource::TileMap {
            cells,
            width: w,
            height: h,
            cell_size: 1.0,
            origin: [0.0, 0.0],
        };
        let mesh = build_mesh(&source, 0, 0.0, limit as i64).unwrap();
        assert_eq!(mesh.partition, partition(&r, limit));
    }
}

#[test]
fn random_shrunk_tile_maps_pass_the_checker() {
    let mut g = Lcg(0xabc);
    for _ in 0..6 {
        let (w, h) = (3 + g.below(3) as usize, 3 + g.below(3) as usize);
        let rows: Vec<String> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| if g.below(10) < 8 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (cells, width, height) = cells_of(&rows);
        let source = MeshSource::TileMap {
            cells,
            width,
            height,
            cell_size: 1.0,
            origin: [0.0, 0.0],
        };
        let mesh = build_mesh(&source, 3, 0.25, 6).unwrap();
        check_partition(&tiles_at(&rows, 3, 0.25, 1.0), &mesh.partition, 6).unwrap();
        assert_exhaustive(&mesh.partition, 6);
    }
}

#[test]
fn arc_tolerance_of_s7() {
    // max(c/4, min(0.0825 r, c/2)): quarter cell for small radii, octagon tolerance in
    // between, half a cell for large radii.
    assert_eq!(arc_tolerance(1.0, 0.5), 0.25);
    assert_eq!(arc_tolerance(1.0, 4.0), 0.0825 * 4.0);
    assert_eq!(arc_tolerance(1.0, 10.0), 0.5);
    assert_eq!(arc_tolerance(0.25, 1.0), 0.0825);
}

fn run(v: Value) -> Result<Value, Value> {
    run_case(&v)
}

fn invalid(argument: &str) -> Value {
    json!({"kind": "invalidArgument", "argument": argument})
}

#[test]
fn partition_op_shape_and_errors() {
    let square = json!({"snapBits": 0, "outlines": [[[[0, 0], [2, 0], [2, 2], [0, 2]]]]});
    assert_eq!(
        run(json!({"op": "partitionConvex", "region": square, "maxVertices": 6})),
        Ok(json!({"vertices": [[0, 0], [0, 2], [2, 0], [2, 2]],
                  "polygons": [[0, 2, 3, 1]], "neighbors": [[-1, -1, -1, -1]]}))
    );
    for k in [2, 17, -5] {
        assert_eq!(
            run(json!({"op": "partitionConvex", "region": square, "maxVertices": k})),
            Err(invalid("maxVertices"))
        );
    }
    // The region's errors come before the limit's.
    let bad = json!({"snapBits": 17, "outlines": []});
    assert_eq!(
        run(json!({"op": "partitionConvex", "region": bad, "maxVertices": 2})),
        Err(invalid("snapBits"))
    );
    let short = json!({"snapBits": 0, "outlines": [[[[0, 0], [1, 0]]]]});
    let err = run(json!({"op": "partitionConvex", "region": short, "maxVertices": 99}));
    assert_eq!(err.unwrap_err()["argument"], "ring");
    // maxVertices is required; a non-integer is malformed.
    assert!(is_malformed(
        &run(json!({"op": "partitionConvex", "region": square})).unwrap_err()
    ));
    assert!(is_malformed(
        &run(json!({"op": "partitionConvex", "region": square, "maxVertices": 4.5})).unwrap_err()
    ));
}

fn mesh_input() -> Value {
    json!({"op": "mesh", "snapBits": 0,
           "tileMap": {"width": 2, "height": 1, "cellSize": 1.0, "origin": [0.0, 0.0],
                       "cells": [1, 1]},
           "agentRadius": 0.0, "maxVertices": 6})
}

fn with(mut v: Value, path: &[&str], value: Value) -> Value {
    let mut at = &mut v;
    for key in &path[..path.len() - 1] {
        at = &mut at[*key];
    }
    at[path[path.len() - 1]] = value;
    v
}

#[test]
fn mesh_op_shape() {
    // Two cells → one 2×1 rectangle, its two triangles joined: vertices (0,0)=0,
    // (0,1)=1, (2,0)=2, (2,1)=3, polygon 0→2→3→1.
    assert_eq!(
        run(mesh_input()),
        Ok(
            json!({"snapBits": 0, "vertices": [[0, 0], [0, 1], [2, 0], [2, 1]],
                  "polygons": [[0, 2, 3, 1]], "neighbors": [[-1, -1, -1, -1]]})
        )
    );
    // The same rectangle as outlines with a cell size.
    let outlines = json!({"op": "mesh", "snapBits": 0,
        "outlines": [[[[0, 0], [2, 0], [2, 1], [0, 1]]]], "cellSize": 1.0,
        "agentRadius": 0.0, "maxVertices": 6});
    assert_eq!(run(outlines), run(mesh_input()));
}

#[test]
fn mesh_validation_order() {
    let base = mesh_input();
    let radius_out = |v: Value| {
        json!({"kind": "outOfRange", "location": {"kind": "argument", "name": "agentRadius"},
               "value": v})
    };
    // Each check alone.
    assert_eq!(
        run(with(base.clone(), &["snapBits"], json!(17))).unwrap_err(),
        invalid("snapBits")
    );
    assert_eq!(
        run(with(base.clone(), &["tileMap", "cells"], json!([1]))).unwrap_err(),
        invalid("cells")
    );
    assert_eq!(
        run(with(base.clone(), &["tileMap", "width"], json!(-1))).unwrap_err(),
        invalid("width")
    );
    assert_eq!(
        run(with(base.clone(), &["agentRadius"], json!(-0.5))).unwrap_err(),
        invalid("agentRadius")
    );
    assert_eq!(
        run(with(base.clone(), &["agentRadius"], json!("-Infinity"))).unwrap_err(),
        invalid("agentRadius")
    );
    assert_eq!(
        run(with(base.clone(), &["agentRadius"], json!("NaN"))).unwrap_err(),
        radius_out(json!("NaN"))
    );
    assert_eq!(
        run(with(base.clone(), &["agentRadius"], json!(1048576.5))).unwrap_err(),
        radius_out(json!(1048576.5))
    );
    assert_eq!(
        run(with(base.clone(), &["maxVertices"], json!(2))).unwrap_err(),
        invalid("maxVertices")
    );
    // −0 is a radius of 0: no shrink.
    assert_eq!(
        run(with(base.clone(), &["agentRadius"], json!(-0.0))),
        run(base.clone())
    );
    // Order: snap bits < source < radius < max vertices.
    let all_bad = with(
        with(
            with(base.clone(), &["agentRadius"], json!(-1.0)),
            &["maxVertices"],
            json!(99),
        ),
        &["tileMap", "cells"],
        json!([1]),
    );
    assert_eq!(run(all_bad.clone()).unwrap_err(), invalid("cells"));
    assert_eq!(
        run(with(all_bad.clone(), &["snapBits"], json!(-1))).unwrap_err(),
        invalid("snapBits")
    );
    let source_ok = with(all_bad, &["tileMap", "cells"], json!([1, 1]));
    assert_eq!(run(source_ok.clone()).unwrap_err(), invalid("agentRadius"));
    assert_eq!(
        run(with(source_ok, &["agentRadius"], json!(0.5))).unwrap_err(),
        invalid("maxVertices")
    );
    // Negative width after snap bits.
    let both = with(
        with(base.clone(), &["tileMap", "width"], json!(-1)),
        &["snapBits"],
        json!(20),
    );
    assert_eq!(run(both).unwrap_err(), invalid("snapBits"));
}

#[test]
fn mesh_outlines_cell_size() {
    let outlines = |cell: Value| {
        json!({"op": "mesh", "snapBits": 0,
            "outlines": [[[[0, 0], [2, 0], [2, 1], [0, 1]]]], "cellSize": cell,
            "agentRadius": -1.0, "maxVertices": 6})
    };
    // Cell size after the outlines, before the radius: not finite or ≤ 0 is invalid.
    for bad in [json!("NaN"), json!("Infinity"), json!(0.0), json!(-1.0)] {
        assert_eq!(run(outlines(bad)).unwrap_err(), invalid("cellSize"));
    }
    assert_eq!(
        run(outlines(json!(1.0))).unwrap_err(),
        invalid("agentRadius")
    );
    // A ring error comes first.
    let short = with(
        outlines(json!("NaN")),
        &["outlines"],
        json!([[[[0, 0], [1, 0]]]]),
    );
    assert_eq!(run(short).unwrap_err()["argument"], "ring");
    // Outlines without a cell size, both sources, or neither: malformed (not a vector).
    let mut missing = outlines(json!(1.0));
    missing.as_object_mut().unwrap().remove("cellSize");
    assert!(is_malformed(&run(missing).unwrap_err()));
    let mut two = mesh_input();
    two["outlines"] = json!([]);
    assert!(is_malformed(&run(two).unwrap_err()));
    let mut none = mesh_input();
    none.as_object_mut().unwrap().remove("tileMap");
    assert!(is_malformed(&run(none).unwrap_err()));
}

#[test]
fn mesh_vertex_count_stays_within_limit() {
    // A rectangle of cells shrunk at a radius that keeps a rectangle: the partition is
    // one rectangle for every limit ≥ 4 (two triangles join).
    let rows = ["####", "####"];
    let (cells, width, height) = cells_of(&rows);
    let source = MeshSource::TileMap {
        cells,
        width,
        height,
        cell_size: 1.0,
        origin: [0.0, 0.0],
    };
    // Radius 0.5 at snap bits 2 (grid 4 per unit): the 16×8 rectangle loses 2 per side.
    let mesh = build_mesh(&source, 2, 0.5, 4).unwrap();
    assert_eq!(
        mesh.partition.vertices,
        pts(&[(2, 2), (2, 6), (14, 2), (14, 6)])
    );
    assert_eq!(mesh.partition.polygons, polygons(&[&[0, 2, 3, 1]]));
}

#[test]
fn checker_rejects_defects() {
    // The L's partition (see l_shape_greedy_order), then one defect at a time.
    let r = region(&[&[&[(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]]]);
    let good = partition(&r, 6);
    let bad = |f: &dyn Fn(&mut Partition), limit: usize| {
        let mut p = good.clone();
        f(&mut p);
        assert!(check_partition(&r, &p, limit).is_err(), "accepted a defect");
    };
    bad(&|_| {}, 3); // a quadrilateral over the limit
    bad(&|p| p.polygons[0].rotate_left(1), 6); // not starting at its smallest index
    bad(&|p| p.polygons.swap(1, 2), 6); // not sorted
    bad(&|p| p.neighbors[0][1] = 1, 6); // wrong neighbour
    bad(&|p| p.neighbors[1][1] = 0, 6); // a boundary edge with a neighbour
    bad(&|p| p.polygons[0].reverse(), 6); // clockwise
    bad(
        &|p| {
            p.polygons.pop();
            p.neighbors.pop();
        },
        6,
    ); // area missing
       // The join that X17 refuses, (0,4,2,1) ∪ (2,4,5): reflex at (1,1), area still exact.
    bad(
        &|p| {
            p.polygons = vec![vec![0, 4, 5, 2, 1], vec![1, 2, 3]];
            p.neighbors = vec![vec![-1, -1, -1, 1, -1], vec![0, -1, -1]];
        },
        6,
    );
    check_partition(&r, &good, 6).unwrap();
}

fn partition_of_json(e: &Value) -> Partition {
    let vertices = e["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| pt(p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect();
    let lists = |key: &str| -> Vec<Vec<i64>> {
        e[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                l.as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_i64().unwrap())
                    .collect()
            })
            .collect()
    };
    Partition {
        vertices,
        polygons: lists("polygons")
            .into_iter()
            .map(|l| l.into_iter().map(|v| v as usize).collect())
            .collect(),
        neighbors: lists("neighbors"),
    }
}

fn outlines_of_json(v: &Value) -> Vec<Vec<Vec<[f64; 2]>>> {
    serde_json::from_value(v.clone()).unwrap()
}

/// The region a `mesh` vector partitions: the source, shrunk as X18 step 2.
fn mesh_region(input: &Value) -> Region {
    let bits = input["snapBits"].as_u64().unwrap() as u8;
    let radius = input["agentRadius"].as_f64().unwrap();
    let (r, cell) = if let Some(t) = input.get("tileMap") {
        let cells: Vec<bool> = t["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c == 1)
            .collect();
        let cell = t["cellSize"].as_f64().unwrap();
        let origin = [
            t["origin"][0].as_f64().unwrap(),
            t["origin"][1].as_f64().unwrap(),
        ];
        let (w, h) = (t["width"].as_u64().unwrap(), t["height"].as_u64().unwrap());
        let r = from_tile_map(&cells, w as usize, h as usize, cell, origin, bits).unwrap();
        (r, cell)
    } else {
        let r = from_outlines(&outlines_of_json(&input["outlines"]), bits).unwrap();
        (r, input["cellSize"].as_f64().unwrap())
    };
    if radius > 0.0 {
        build2d_reference::shrink::shrink(&r, radius, arc_tolerance(cell, radius)).unwrap()
    } else {
        r
    }
}

#[test]
fn corpus_vectors_pass_the_checker() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut checked = 0;
    for op in ["partitionConvex", "mesh"] {
        let text = std::fs::read_to_string(dir.join(format!("{op}.json"))).unwrap();
        let file: Value = serde_json::from_str(&text).unwrap();
        for group in file["testGroups"].as_array().unwrap() {
            for test in group["tests"].as_array().unwrap() {
                let Some(expected) = test.get("expected") else {
                    continue;
                };
                let input = &test["input"];
                let limit = input["maxVertices"].as_u64().unwrap() as usize;
                let region = if op == "mesh" {
                    assert_eq!(expected["snapBits"], input["snapBits"]);
                    mesh_region(input)
                } else {
                    let bits = input["region"]["snapBits"].as_u64().unwrap() as u8;
                    from_outlines(&outlines_of_json(&input["region"]["outlines"]), bits).unwrap()
                };
                let p = partition_of_json(expected);
                check_partition(&region, &p, limit)
                    .unwrap_or_else(|e| panic!("{op} tcId {}: {e}", test["tcId"]));
                assert_exhaustive(&p, limit);
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} vectors checked");
}
