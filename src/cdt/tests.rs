use proptest::prelude::*;

use super::topology::NONE;
use super::*;

fn p(x: i64, y: i64) -> GridPoint {
    GridPoint::new(x, y)
}

/// Slots as `(v, nb)` with `-1` for NONE, the notation of docs/cdt.md §8.
fn slots(cdt: &Cdt) -> Vec<([u32; 3], [i64; 3])> {
    cdt.triangles()
        .iter()
        .map(|t| {
            let nb = t.nb.map(|x| if x == NONE { -1 } else { i64::from(x) });
            (t.v, nb)
        })
        .collect()
}

const N: i64 = -1;

/// docs/cdt.md §8.1, every state after each insertion. States after inserting 0, 1 and
/// 2 were derived by hand (the in-circle decisions are worked out in the document);
/// those after 3 and 4 were checked by hand for the split and each flip.
#[test]
fn worked_example_square_and_centre_step_by_step() {
    let pts = [p(0, 0), p(0, 2), p(1, 1), p(2, 0), p(2, 2)];
    let mut cdt = Cdt::with_points(&pts, &[]).unwrap();
    assert_eq!(slots(&cdt), vec![([5, 6, 7], [N, N, N])]);
    let expected: [Vec<([u32; 3], [i64; 3])>; 5] = [
        vec![
            ([5, 6, 0], [N, 1, 2]),
            ([6, 7, 0], [N, 2, 0]),
            ([7, 5, 0], [N, 0, 1]),
        ],
        vec![
            ([5, 6, 0], [N, 4, 2]),
            ([6, 7, 1], [N, 3, 4]),
            ([5, 0, 1], [0, 4, 3]),
            ([7, 5, 1], [N, 2, 1]),
            ([0, 6, 1], [0, 1, 2]),
        ],
        vec![
            ([5, 6, 0], [N, 4, 2]),
            ([7, 1, 2], [3, 6, 5]),
            ([5, 0, 1], [0, 6, 3]),
            ([7, 5, 1], [N, 2, 1]),
            ([0, 6, 2], [0, 5, 6]),
            ([6, 7, 2], [N, 1, 4]),
            ([1, 0, 2], [2, 4, 1]),
        ],
        vec![
            ([5, 6, 3], [N, 7, 4]),
            ([7, 1, 2], [3, 6, 5]),
            ([5, 0, 1], [4, 6, 3]),
            ([7, 5, 1], [N, 2, 1]),
            ([0, 5, 3], [2, 0, 8]),
            ([6, 7, 2], [N, 1, 7]),
            ([1, 0, 2], [2, 8, 1]),
            ([6, 2, 3], [5, 8, 0]),
            ([2, 0, 3], [6, 4, 7]),
        ],
        vec![
            ([5, 6, 3], [N, 7, 4]),
            ([1, 2, 4], [6, 10, 9]),
            ([5, 0, 1], [4, 6, 3]),
            ([7, 5, 1], [N, 2, 9]),
            ([0, 5, 3], [2, 0, 8]),
            ([6, 7, 4], [N, 9, 7]),
            ([1, 0, 2], [2, 8, 1]),
            ([3, 6, 4], [0, 5, 10]),
            ([2, 0, 3], [6, 4, 10]),
            ([7, 1, 4], [3, 1, 5]),
            ([2, 3, 4], [8, 7, 1]),
        ],
    ];
    let lasts = [0, 1, 4, 4, 5];
    for v in 0..5u32 {
        cdt.insert_point(v).unwrap();
        assert_eq!(slots(&cdt), expected[v as usize], "after inserting {v}");
        assert_eq!(cdt.last, lasts[v as usize], "last after {v}");
    }
    assert!(!cdt.restore_pass());
    cdt.check().unwrap();
    assert_eq!(cdt, Cdt::new(&pts, &[]).unwrap());
    assert_eq!(
        cdt.finite_triangles(),
        vec![[0, 2, 1], [0, 3, 2], [1, 2, 4], [2, 3, 4]]
    );
}

/// docs/cdt.md §8.2: the cocircular square keeps the diagonal present when its fourth
/// point arrives; the constraint (0, 3) is inserted by one flip of the smaller slot.
#[test]
fn worked_example_square_with_constraint() {
    let sq = [p(0, 0), p(0, 2), p(2, 0), p(2, 2)];
    let mut cdt = Cdt::with_points(&sq, &[(3, 0)]).unwrap();
    for v in 0..4 {
        cdt.insert_point(v).unwrap();
    }
    assert_eq!(
        slots(&cdt),
        vec![
            ([4, 5, 2], [N, 5, 4]),
            ([5, 6, 3], [N, 7, 5]),
            ([4, 0, 1], [4, 6, 3]),
            ([6, 4, 1], [N, 2, 7]),
            ([0, 4, 2], [2, 0, 6]),
            ([2, 5, 3], [0, 1, 8]),
            ([1, 0, 2], [2, 4, 8]),
            ([6, 1, 3], [3, 8, 1]),
            ([1, 2, 3], [6, 5, 7]),
        ]
    );
    assert_eq!(cdt.constraints(), &[(0, 3)]);
    cdt.insert_constraint(0, 3).unwrap();
    let after = slots(&cdt);
    assert_eq!(after[6], ([2, 3, 0], [5, 8, 4]));
    assert_eq!(after[8], ([3, 1, 0], [7, 2, 6]));
    assert_eq!(after[5].1, [0, 1, 6]);
    assert_eq!(after[2].1, [4, 8, 3]);
    assert_eq!(cdt.triangles()[6].con, [false, true, false]);
    assert_eq!(cdt.triangles()[8].con, [false, false, true]);
    assert!(!cdt.restore_pass());
    cdt.check().unwrap();
    assert_eq!(cdt.finite_triangles(), vec![[0, 2, 3], [0, 3, 1]]);
    assert_eq!(cdt.constrained_edges(), vec![(0, 3)]);
    let plain = Cdt::new(&sq, &[]).unwrap();
    assert_eq!(plain.finite_triangles(), vec![[0, 2, 1], [1, 2, 3]]);
}

#[test]
fn point_on_an_edge_uses_the_smaller_slot() {
    // (1, 0) lies on the edge (0,0)–(2,0) once the triangle (0,0),(2,0),(1,1) exists.
    let pts = [p(0, 0), p(1, 0), p(1, 1), p(2, 0)];
    let cdt = Cdt::new(&pts, &[]).unwrap();
    cdt.check().unwrap();
    let mut reversed_walk = Cdt::with_points(&pts, &[]).unwrap();
    for v in [0, 1, 2, 3] {
        // Any start slot gives the same result: the location is unique.
        reversed_walk.last = reversed_walk.triangles().len() as u32 - 1;
        reversed_walk.insert_point(v).unwrap();
    }
    reversed_walk.restore_delaunay().unwrap();
    reversed_walk.last = cdt.last;
    assert_eq!(slots(&reversed_walk), slots(&cdt));
}

#[test]
fn collinear_points_split_edges() {
    let pts: Vec<GridPoint> = (0..20).map(|i| p(i, 0)).collect();
    let cdt = Cdt::new(&pts, &[]).unwrap();
    cdt.check().unwrap();
    assert!(cdt.finite_triangles().is_empty());
    let pts: Vec<GridPoint> = (0..80).map(|i| p(i, 2 * i)).collect();
    let cdt = Cdt::new(&pts, &[(0, 79)]).unwrap_err();
    assert!(
        matches!(cdt, Error::InvalidArgument { ref argument, .. } if argument == "constraints")
    );
}

#[test]
fn input_errors() {
    let err = Cdt::new(&[p(0, 0), p(0, 0)], &[]).unwrap_err();
    assert!(matches!(err, Error::InvalidArgument { ref argument, .. } if argument == "points"));
    let err = Cdt::new(&[p(1, 0), p(0, 0)], &[]).unwrap_err();
    assert!(matches!(err, Error::InvalidArgument { ref argument, .. } if argument == "points"));
    let far = (1i64 << 39) + 1;
    let err = Cdt::new(&[p(0, 0), p(1, -far)], &[]).unwrap_err();
    assert_eq!(
        err,
        Error::OutOfRange {
            location: Location::Argument {
                name: "points[1]".into()
            },
            value: -far as f64
        }
    );
    let edge = 1i64 << 39;
    Cdt::new(&[p(-edge, -edge), p(-edge, edge), p(edge, 0)], &[(0, 2)])
        .unwrap()
        .check()
        .unwrap();
    for bad in [(0, 0), (0, 3), (7, 1)] {
        let err = Cdt::new(&[p(0, 0), p(0, 1), p(1, 0)], &[bad]).unwrap_err();
        assert!(
            matches!(err, Error::InvalidArgument { ref argument, .. } if argument == "constraints")
        );
    }
    // A constraint through a vertex, and two crossing constraints.
    let pts = [p(0, 0), p(1, 1), p(2, 2), p(0, 2), p(2, 0)];
    let pts: Vec<GridPoint> = {
        let mut v = pts.to_vec();
        v.sort();
        v
    };
    let idx = |q: GridPoint| pts.iter().position(|&x| x == q).unwrap();
    let through = (idx(p(0, 0)), idx(p(2, 2)));
    assert!(Cdt::new(&pts, &[through]).is_err());
    let pts4 = [p(0, 0), p(0, 2), p(2, 0), p(2, 2)];
    let err = Cdt::new(&pts4, &[(0, 3), (1, 2)]).unwrap_err();
    assert!(
        matches!(err, Error::InvalidArgument { ref argument, .. } if argument == "constraints")
    );
    // Duplicated and reversed constraints are one constraint.
    let cdt = Cdt::new(&pts4, &[(3, 0), (0, 3)]).unwrap();
    assert_eq!(cdt.constrained_edges(), vec![(0, 3)]);
    // No points at all.
    let empty = Cdt::new(&[], &[]).unwrap();
    empty.check().unwrap();
    assert_eq!(empty.triangles().len(), 1);
}

fn sorted_distinct(mut pts: Vec<GridPoint>) -> Vec<GridPoint> {
    pts.sort_unstable();
    pts.dedup();
    pts
}

/// All points of a k×k lattice with spacing h: every unit square is cocircular.
fn lattice(k: i64, h: i64) -> Vec<GridPoint> {
    (0..k)
        .flat_map(|x| (0..k).map(move |y| p(x * h, y * h)))
        .collect()
}

#[test]
fn lattices_are_valid_and_cover_the_hull() {
    for k in [2, 3, 8, 9, 17] {
        let pts = lattice(k, 3);
        let cdt = Cdt::new(&pts, &[]).unwrap();
        cdt.check().unwrap();
        // The hull is covered by exactly 2 (k−1)² triangles of area 9/2.
        let tris = cdt.finite_triangles();
        assert_eq!(tris.len() as i64, 2 * (k - 1) * (k - 1), "k = {k}");
        // Deterministic: a second run gives identical slots ([D8]).
        assert_eq!(Cdt::new(&pts, &[]).unwrap(), cdt);
    }
}

/// A tile-map-like point set: the corners of a random set of grid cells, and the cell
/// boundary edges between filled and empty cells as constraints (noded: every grid point
/// on a boundary is a vertex, edges are unit cell sides).
fn tile_map(cells: &[bool], width: i64, size: i64) -> (Vec<GridPoint>, Vec<(usize, usize)>) {
    let height = cells.len() as i64 / width;
    let filled = |x: i64, y: i64| {
        x >= 0 && y >= 0 && x < width && y < height && cells[(y * width + x) as usize]
    };
    let mut pts = Vec::new();
    let mut edges = Vec::new();
    for y in 0..height {
        for x in 0..width {
            if !filled(x, y) {
                continue;
            }
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                pts.push(p((x + dx) * size, (y + dy) * size));
            }
            if !filled(x, y - 1) {
                edges.push((p(x * size, y * size), p((x + 1) * size, y * size)));
            }
            if !filled(x, y + 1) {
                edges.push((
                    p(x * size, (y + 1) * size),
                    p((x + 1) * size, (y + 1) * size),
                ));
            }
            if !filled(x - 1, y) {
                edges.push((p(x * size, y * size), p(x * size, (y + 1) * size)));
            }
            if !filled(x + 1, y) {
                edges.push((
                    p((x + 1) * size, y * size),
                    p((x + 1) * size, (y + 1) * size),
                ));
            }
        }
    }
    let pts = sorted_distinct(pts);
    let idx = |q: GridPoint| pts.binary_search(&q).unwrap_or(0);
    let cons = edges.iter().map(|&(a, b)| (idx(a), idx(b))).collect();
    (pts, cons)
}

#[test]
fn tile_map_like_input() {
    let mut state = 3u64;
    let cells: Vec<bool> = (0..30 * 20)
        .map(|_| {
            state = order::splitmix64_output(state);
            !state.is_multiple_of(3)
        })
        .collect();
    let (pts, cons) = tile_map(&cells, 30, 1 << 16);
    assert!(pts.len() >= 64, "exercises the BRIO order");
    let cdt = Cdt::new(&pts, &cons).unwrap();
    cdt.check().unwrap();
    assert_eq!(Cdt::new(&pts, &cons).unwrap(), cdt);
}

fn arb_points(max: usize, range: i64) -> impl Strategy<Value = Vec<GridPoint>> {
    prop::collection::vec((-range..=range, -range..=range), 0..max)
        .prop_map(|v| sorted_distinct(v.into_iter().map(|(x, y)| p(x, y)).collect()))
}

proptest! {
    #[test]
    fn random_points_satisfy_check(pts in arb_points(150, 12)) {
        let cdt = Cdt::new(&pts, &[]).unwrap();
        cdt.check().unwrap();
    }

    #[test]
    fn wide_random_points_satisfy_check(pts in arb_points(120, 1 << 39)) {
        let cdt = Cdt::new(&pts, &[]).unwrap();
        cdt.check().unwrap();
    }

    #[test]
    fn random_lattices_satisfy_check(k in 1i64..12, h in 1i64..5, skip in 0usize..7) {
        let pts: Vec<GridPoint> = lattice(k, h)
            .into_iter()
            .enumerate()
            .filter(|(i, _)| skip == 0 || i % 7 != skip)
            .map(|(_, q)| q)
            .collect();
        let cdt = Cdt::new(&sorted_distinct(pts), &[]).unwrap();
        cdt.check().unwrap();
    }

    #[test]
    fn random_tile_maps_satisfy_check(
        cells in prop::collection::vec(any::<bool>(), 1..=120),
        width in 1i64..12,
    ) {
        let width = width.min(cells.len() as i64);
        let used = (cells.len() as i64 / width * width) as usize;
        let (pts, cons) = tile_map(&cells[..used], width, 5);
        let cdt = Cdt::new(&pts, &cons).unwrap();
        cdt.check().unwrap();
    }

    /// Constraints between random points: either inserted (then check() holds) or
    /// rejected with invalidArgument `constraints` — never a panic or defect.
    #[test]
    fn random_constraints_never_panic(
        pts in arb_points(40, 6),
        pairs in prop::collection::vec((0usize..40, 0usize..40), 0..6),
    ) {
        match Cdt::new(&pts, &pairs) {
            Ok(cdt) => cdt.check().unwrap(),
            Err(Error::InvalidArgument { argument, .. }) => prop_assert_eq!(argument, "constraints"),
            Err(e) => prop_assert!(false, "unexpected {e:?}"),
        }
    }
}

/// Timing probe (run by hand with `--ignored --nocapture`): a 250×250 tile map.
#[test]
#[ignore]
fn large_tile_map_timing() {
    let mut state = 5u64;
    let cells: Vec<bool> = (0..250 * 250)
        .map(|_| {
            state = order::splitmix64_output(state);
            !state.is_multiple_of(4)
        })
        .collect();
    let (pts, cons) = tile_map(&cells, 250, 1 << 16);
    let start = std::time::Instant::now();
    let cdt = Cdt::new(&pts, &cons).unwrap();
    let build = start.elapsed();
    cdt.check().unwrap();
    println!(
        "{} points, {} constraints, {} slots: {build:?}",
        pts.len(),
        cons.len(),
        cdt.triangles().len()
    );
}

/// Long constraints through random clouds: Sloan's re-queue branch (non-convex
/// quadrilateral) is exercised and the result is still valid.
#[test]
fn sloan_requeues_non_convex_edges() {
    let mut total_requeued = 0;
    for seed in 0..20u64 {
        let mut state = seed;
        let mut next = || {
            state = order::splitmix64_output(state);
            (state % 61) as i64 - 30
        };
        let mut pts: Vec<GridPoint> = (0..80).map(|_| p(next(), next())).collect();
        pts.push(p(-40, -1));
        pts.push(p(40, 2));
        let pts = sorted_distinct(pts);
        let a = pts.binary_search(&p(-40, -1)).unwrap() as u32;
        let b = pts.binary_search(&p(40, 2)).unwrap() as u32;
        let mut cdt = Cdt::with_points(&pts, &[(a as usize, b as usize)]).unwrap();
        for v in order::insertion_order(&pts) {
            cdt.insert_point(v).unwrap();
        }
        match cdt.insert_constraint(a.min(b), a.max(b)) {
            Ok(requeued) => total_requeued += requeued,
            Err(Error::InvalidArgument { .. }) => continue, // passes through a vertex
            Err(e) => panic!("{e:?}"),
        }
        cdt.restore_delaunay().unwrap();
        cdt.check().unwrap();
    }
    assert!(total_requeued > 0);
}

// ---- the work sets (worklist.rs) against the plain procedure ---------------------

/// §5 step 3 exactly as written (`Cdt::plain_insert_constraint`).
fn plain_insert_constraint(cdt: &mut Cdt, a: u32, b: u32) -> Result<usize> {
    cdt.plain_insert_constraint(a, b)
}

/// The whole construction with the plain FIFO and full [D7] passes; also returns the
/// total requeue count.
fn plain_cdt(points: &[GridPoint], constraints: &[(usize, usize)]) -> Result<(Cdt, usize)> {
    let mut cdt = Cdt::with_points(points, constraints)?;
    for v in order::insertion_order(points) {
        cdt.insert_point(v)?;
    }
    let mut requeued = 0;
    for k in 0..cdt.constraints.len() {
        let (a, b) = cdt.constraints[k];
        requeued += plain_insert_constraint(&mut cdt, a, b)?;
    }
    let mut passes = 0;
    while cdt.restore_pass() {
        passes += 1;
        assert!(passes < cdt.mesh.triangles.len() + 64);
    }
    Ok((cdt, requeued))
}

/// The engine with its work sets, and its requeue count.
fn fast_cdt(points: &[GridPoint], constraints: &[(usize, usize)]) -> Result<(Cdt, usize)> {
    let mut cdt = Cdt::with_points(points, constraints)?;
    for v in order::insertion_order(points) {
        cdt.insert_point(v)?;
    }
    let mut requeued = 0;
    for k in 0..cdt.constraints.len() {
        let (a, b) = cdt.constraints[k];
        requeued += cdt.insert_constraint(a, b)?;
    }
    cdt.restore_delaunay()?;
    Ok((cdt, requeued))
}

fn assert_same_as_plain(points: &[GridPoint], constraints: &[(usize, usize)]) {
    let fast = fast_cdt(points, constraints);
    let plain = plain_cdt(points, constraints);
    match (fast, plain) {
        (Ok((f, fr)), Ok((p, pr))) => {
            assert_eq!(f.mesh.triangles, p.mesh.triangles, "slots differ");
            assert_eq!(f.mesh.flips, p.mesh.flips, "flip counts differ");
            assert_eq!(fr, pr, "requeue counts differ");
            assert_eq!(f, Cdt::new(points, constraints).unwrap());
            f.check().unwrap();
        }
        (Err(f), Err(p)) => assert_eq!(f, p),
        (f, p) => panic!("outcomes differ: {:?} vs {:?}", f.err(), p.err()),
    }
}

/// The CDT input of a region (docs/cdt.md §7.2 steps 1–2).
fn region_input(region: &crate::region::Region) -> (Vec<GridPoint>, Vec<(usize, usize)>) {
    let pts = sorted_distinct(region.rings().iter().flatten().copied().collect());
    let idx = |q: &GridPoint| pts.binary_search(q).unwrap();
    let mut cons: Vec<(usize, usize)> = region
        .edges()
        .map(|(a, b)| (idx(&a).min(idx(&b)), idx(&a).max(idx(&b))))
        .collect();
    cons.sort_unstable();
    cons.dedup();
    (pts, cons)
}

/// Needles (issue 15): triangle i = (0, h i), (L, M − h i), (L, M + w − h i), all
/// crossing near the middle; unioned on the snap grid. Long slivers make Sloan's queue
/// cycle and requeue many times.
fn needles(n: usize) -> crate::region::Region {
    let outlines: Vec<crate::region::Outline> = (0..n)
        .map(|i| {
            let h = 0.5 * i as f64;
            crate::region::Outline {
                rings: vec![vec![[0.0, h], [1000.0, 250.0 - h], [1000.0, 250.01 - h]]],
            }
        })
        .collect();
    let options = crate::grid::Geometry2DOptions::new(16).unwrap();
    crate::region::Region::from_outlines(&outlines, options).unwrap()
}

#[test]
fn work_sets_make_the_plain_flips_on_needles() {
    for n in [3, 13, 40] {
        let (pts, cons) = region_input(&needles(n));
        assert_same_as_plain(&pts, &cons);
    }
}

/// Long slanted slots in a box: every slot's long sides cross the ladder between the
/// two columns of endpoints.
#[test]
fn work_sets_make_the_plain_flips_on_slits() {
    for k in [1usize, 7, 30] {
        let mut pts = vec![
            p(0, -100),
            p(100_000, -100),
            p(0, 40_000),
            p(100_000, 40_000),
        ];
        let mut cons = Vec::new();
        for j in 0..k as i64 {
            let y = 50 * j;
            pts.extend([
                p(1, y),
                p(99_999, y + 25_000),
                p(99_999, y + 25_010),
                p(1, y + 10),
            ]);
        }
        let sorted = sorted_distinct(pts.clone());
        let idx = |q: GridPoint| sorted.binary_search(&q).unwrap();
        for ring in pts.chunks(4) {
            for e in 0..4 {
                let (a, b) = (idx(ring[e]), idx(ring[(e + 1) % 4]));
                cons.push((a.min(b), a.max(b)));
            }
        }
        assert_same_as_plain(&sorted, &cons);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random clouds with long constraints through them (requeues, [D7] flips) and
    /// random lattice pieces: same slots, flips and requeues as the plain procedure.
    #[test]
    fn work_sets_make_the_plain_flips_on_random_input(
        raw in proptest::collection::vec((-30i64..30, -30i64..30), 4..120),
        picks in proptest::collection::vec((0usize..1000, 0usize..1000), 0..8),
    ) {
        let pts = sorted_distinct(raw.into_iter().map(|(x, y)| p(x, y)).collect());
        let n = pts.len();
        let cons: Vec<(usize, usize)> = picks
            .into_iter()
            .map(|(a, b)| (a % n, b % n))
            .filter(|(a, b)| a != b)
            .collect();
        // Unnoded picks give errors; the outcome (error or slots) must agree.
        assert_same_as_plain(&pts, &cons);
    }
}

// ---- Cdt::check rejects each broken condition ---------------------------------------

/// Asserts that `cdt.check()` fails with a message containing `needle`.
fn check_rejects(cdt: &Cdt, needle: &str) {
    match cdt.check() {
        Ok(()) => panic!("accepted a broken triangulation ({needle})"),
        Err(e) => {
            let text = e.to_string();
            assert!(
                text.contains(needle),
                "wrong reason {text:?}, wanted {needle:?}"
            );
        }
    }
}

/// Four points around the constraint (0,0)–(4,0), which is not Delaunay: (2, -1) lies
/// inside the circle through (0,0), (4,0), (2,1).
fn kite() -> Cdt {
    let pts = [p(0, 0), p(2, -1), p(2, 1), p(4, 0)];
    let cdt = Cdt::new(&pts, &[(0, 3)]).unwrap();
    assert_eq!(cdt.check(), Ok(()));
    cdt
}

/// The first (slot, edge) in slot order for which `want` holds.
fn find_edge(cdt: &Cdt, want: impl Fn(&Triangle, usize) -> bool) -> (u32, usize) {
    (0..cdt.mesh.triangles.len() as u32)
        .flat_map(|t| (0..3).map(move |i| (t, i)))
        .find(|&(t, i)| want(cdt.mesh.tri(t), i))
        .unwrap()
}

#[test]
fn check_accepts_valid_triangulations() {
    let cdt = kite();
    assert_eq!(cdt.constraints(), &[(0, 3)]);
    assert_eq!(Cdt::new(&[], &[]).unwrap().check(), Ok(()));
    let pts = [p(0, 0), p(0, 2), p(1, 1), p(2, 0), p(2, 2)];
    assert_eq!(Cdt::new(&pts, &[(0, 1)]).unwrap().check(), Ok(()));
}

#[test]
fn check_rejects_a_wrong_slot_count() {
    let mut cdt = kite();
    let extra = cdt.mesh.triangles[0];
    cdt.mesh.triangles.push(extra);
    check_rejects(&cdt, "10 slots for 4 points");
}

#[test]
fn check_rejects_a_vertex_out_of_range() {
    let mut cdt = kite();
    // Slot 0: no earlier slot follows a link into it.
    cdt.mesh.triangles[0].v[1] = 7;
    check_rejects(&cdt, "slot 0 has a bad vertex");
}

#[test]
fn check_rejects_a_clockwise_or_flat_slot() {
    let mut cdt = kite();
    cdt.mesh.triangles[0].v.swap(0, 1);
    check_rejects(&cdt, "slot 0 is not counter-clockwise");
    // Three collinear vertices: determinant zero.
    let mut flat = Cdt::new(&[p(0, 0), p(1, 0), p(2, 0)], &[]).unwrap();
    flat.check().unwrap();
    flat.mesh.triangles[0].v = [0, 1, 2];
    check_rejects(&flat, "slot 0 is not counter-clockwise");
}

#[test]
fn check_rejects_a_missing_neighbour() {
    // An inner edge with no neighbour.
    let mut cdt = kite();
    let (t, i) = find_edge(&cdt, |tri, i| tri.nb[i] != NONE);
    cdt.mesh.triangles[t as usize].nb[i] = NONE;
    check_rejects(&cdt, &format!("slot {t} edge {i} has no neighbour"));
    // An edge of the bounding triangle flagged as constrained.
    let mut cdt = kite();
    let (t, i) = find_edge(&cdt, |tri, i| tri.nb[i] == NONE);
    cdt.mesh.triangles[t as usize].con[i] = true;
    check_rejects(&cdt, &format!("slot {t} edge {i} has no neighbour"));
}

#[test]
fn check_rejects_asymmetric_links() {
    // The neighbour does not hold the reversed edge.
    let mut cdt = kite();
    let (t, i) = find_edge(&cdt, |tri, i| tri.nb[i] != NONE);
    let tri = *cdt.mesh.tri(t);
    let (u, a, b) = (tri.nb[i], tri.v[i], tri.v[(i + 1) % 3]);
    let other = (0..cdt.mesh.triangles.len() as u32)
        .find(|&x| x != t && x != u && cdt.mesh.edge_position(x, b, a).is_none())
        .unwrap();
    cdt.mesh.triangles[t as usize].nb[i] = other;
    check_rejects(&cdt, &format!("slot {t} edge {i}: link not symmetric"));
    // A neighbour index past the end.
    let mut cdt = kite();
    cdt.mesh.triangles[t as usize].nb[i] = 9;
    check_rejects(&cdt, &format!("slot {t} edge {i}: link not symmetric"));
    // The neighbour holds the edge but points elsewhere.
    let mut cdt = kite();
    let j = cdt.mesh.edge_position(u, b, a).unwrap();
    cdt.mesh.triangles[u as usize].nb[j] = other;
    check_rejects(&cdt, "link not symmetric");
    // The constrained flag on one side only.
    let mut cdt = kite();
    let (t, i) = find_edge(&cdt, |tri, i| tri.con[i]);
    cdt.mesh.triangles[t as usize].con[i] = false;
    check_rejects(&cdt, "link not symmetric");
}

#[test]
fn check_rejects_an_unconstrained_edge_that_is_not_delaunay() {
    let mut cdt = kite();
    let (t, i) = find_edge(&cdt, |tri, i| tri.con[i]);
    let (u, j, _) = cdt.mesh.across(t, i).unwrap();
    cdt.mesh.triangles[t as usize].con[i] = false;
    cdt.mesh.triangles[u as usize].con[j] = false;
    assert!(t < u);
    check_rejects(&cdt, &format!("slot {t} edge {i} is not Delaunay"));
}

#[test]
fn check_rejects_triangles_that_do_not_tile_the_bounding_triangle() {
    let mut cdt = Cdt::new(&[], &[]).unwrap();
    cdt.points[1].x += 1;
    check_rejects(&cdt, "do not tile the bounding triangle");
}

#[test]
fn check_rejects_constraint_flags_that_differ_from_the_constraints() {
    // Both sides of an unconstrained edge between input points flagged.
    let mut cdt = kite();
    let (t, i) = find_edge(&cdt, |tri, i| {
        tri.nb[i] != NONE && !tri.con[i] && tri.v[i] < 4 && tri.v[(i + 1) % 3] < 4
    });
    let (u, j, _) = cdt.mesh.across(t, i).unwrap();
    cdt.mesh.triangles[t as usize].con[i] = true;
    cdt.mesh.triangles[u as usize].con[j] = true;
    check_rejects(&cdt, "constrained edges differ from the constraints");
    // A constraint the mesh does not flag.
    let mut cdt = kite();
    cdt.constraints.push((1, 2));
    check_rejects(&cdt, "constrained edges differ from the constraints");
}

/// `flip_count` is the mesh's flip total (bench_cdt reports it per point); a lattice flips
/// more than once (cargo-mutants: `flip_count` → 0, 1).
#[cfg(feature = "internals")]
#[test]
fn flip_count_is_the_number_of_flips_done() {
    let cdt = Cdt::new(&lattice(8, 3), &[]).unwrap();
    assert_eq!(cdt.flip_count(), cdt.mesh.flips);
    assert!(cdt.flip_count() > 1, "{}", cdt.flip_count());
}
