//! How much of a tile map's shrink overlay an exact cull could leave out: a diagnostic for
//! the cull issue 15 suggests, not a cull (docs/performance.md, thirtieth session, "How
//! far a cull could go").
//!
//! On a tile map every fed edge but the arc chords is axis-parallel with integer ends, so
//! snap rounding does not move it; an arc chord's rounded chain changes the winding by at
//! most one, and only within √2/2 of the chord. So a point is unselected after rounding
//! when it lies outside the region, or when the pieces holding it number at least one
//! more than the arc chords near it. This program counts the pieces per cell of the map
//! (rectangles by the cells they hold, sectors by the cells whose corners lie within 0.9 r
//! in their cone: an under-count, so on the safe side), keeps every fed edge whose
//! neighbourhood of 4 grid units meets a cell (or a cell side, or a corner, through the
//! cells around it) short of that count, and times the arrangement of the kept edges
//! against that of all of them, alternating. The kept edges alone are no valid input;
//! their time bounds what a cull that keeps them could reach, before its own cost.
//! Distances to the chords are f64 (a diagnostic: a few ulps do not matter).
//!
//!     cargo run --release --bin shrink_cover -- ROUNDS MAP-N:R [MAP-N:R ...]
//!
//! e.g. `shrink_cover 3 cave-512:1 rooms-1024:0.5`.

use build2d::arrangement::{arrange_with, ArrangeOptions, SearchMode, TaggedEdge};
use build2d::shrink::shrink_edges;
use build2d::{pipeline_arc_tolerance, GridPoint, Region};
use build2d_bench::near::SegmentBuckets;
use build2d_bench::{alternate, load_average, map_run, options, MapRun, CELL};

/// How close to an edge an arc chord counts (grid units; √2/2 and a margin).
const CHORD_REACH: f64 = 6.0;

/// How far around an edge the cover must hold (grid units).
const NEIGHBOURHOOD: i64 = 4;

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    println!("| map | fed edges | near a chord | kept | share | kept hot pixels | all hot pixels | kept ms (sweep) | all ms | kept / all | load |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for spec in args {
        let run = map_run(&spec);
        let region =
            Region::from_tile_map(&run.tiles.cells, run.n, run.n, CELL, [0.0, 0.0], options())
                .expect("tile map");
        let edges =
            shrink_edges(&region, run.r, pipeline_arc_tolerance(CELL, run.r)).expect("edges");
        let cover = Cover::new(&run, &region);
        let chords = Chords::new(&edges, cover.cell);
        // The chords and the edges within reach of one: where the rounding moves edges.
        let near_a_chord = edges.iter().filter(|e| chords.near(e) > 0).count();
        let kept: Vec<TaggedEdge> = edges
            .iter()
            .filter(|e| !cover.holds(e, 1 + chords.near(e)))
            .copied()
            .collect();
        let sweep = ArrangeOptions {
            search: SearchMode::Sweep,
            ..ArrangeOptions::default()
        };
        let (_, kept_stats) = arrange_with(&kept, &sweep).expect("kept");
        let (_, all_stats) = arrange_with(&edges, &ArrangeOptions::default()).expect("all");
        let (t_kept, t_all) = alternate(
            rounds,
            || {
                arrange_with(&kept, &sweep).expect("kept");
            },
            || {
                arrange_with(&edges, &ArrangeOptions::default()).expect("all");
            },
        );
        println!(
            "| {} r {} | {} | {} | {} | {:.3} | {} | {} | {:.1} | {:.1} | {:.2} | {} |",
            run.name,
            run.r,
            edges.len(),
            near_a_chord,
            kept.len(),
            kept.len() as f64 / edges.len() as f64,
            kept_stats.hot_pixels,
            all_stats.hot_pixels,
            t_kept * 1e3,
            t_all * 1e3,
            t_kept / t_all,
            load_average()
        );
    }
}

/// The pieces holding each cell of the map (cells outside the region count as covered).
struct Cover {
    /// Cell side, grid units.
    cell: i64,
    /// Lowest cell index per axis (cells reach r beyond the map).
    min: (i64, i64),
    /// Cells per axis.
    size: (i64, i64),
    counts: Vec<i32>,
}

/// More pieces than any cell holds: the count of a cell outside the region.
const OUTSIDE: i32 = i32::MAX / 2;

impl Cover {
    fn new(run: &MapRun, region: &Region) -> Cover {
        let cell = (CELL * 65536.0) as i64;
        let r = (run.r * 65536.0) as i64;
        assert!(r % cell == 0, "the radius must be whole cells");
        let reach = r / cell + 2;
        let n = run.n as i64;
        let (min, size) = ((-reach, -reach), (n + 2 * reach, n + 2 * reach));
        let mut cover = Cover {
            cell,
            min,
            size,
            counts: vec![0; (size.0 * size.1) as usize],
        };
        for cy in 0..n {
            for cx in 0..n {
                if !run.tiles.cells[(cy * n + cx) as usize] {
                    *cover.at(cx, cy) = OUTSIDE;
                }
            }
        }
        for ring in region.rings() {
            let m = ring.len();
            for i in 0..m {
                let (o, p, q) = (ring[(i + m - 1) % m], ring[i], ring[(i + 1) % m]);
                let inward = left_normal(p, q);
                // The rectangle of edge p → q holds the cells between it and its far side.
                let far = GridPoint::new(q.x + inward.0 * r, q.y + inward.1 * r);
                let (x0, x1) = (p.x.min(far.x) / cell, p.x.max(far.x) / cell);
                let (y0, y1) = (p.y.min(far.y) / cell, p.y.max(far.y) / cell);
                for cy in y0..y1 {
                    for cx in x0..x1 {
                        *cover.at(cx, cy) += 1;
                    }
                }
                // A reflex vertex p (the ring turns right) has a sector between the two
                // inward normals.
                let turn = (p.x - o.x) * (q.y - p.y) - (p.y - o.y) * (q.x - p.x);
                if turn < 0 {
                    cover.add_sector(p, left_normal(o, p), inward, r / cell);
                }
            }
        }
        cover
    }

    fn at(&mut self, cx: i64, cy: i64) -> &mut i32 {
        let k = (cy - self.min.1) * self.size.0 + (cx - self.min.0);
        &mut self.counts[k as usize]
    }

    fn count(&self, cx: i64, cy: i64) -> i32 {
        let (x, y) = (cx - self.min.0, cy - self.min.1);
        if x < 0 || y < 0 || x >= self.size.0 || y >= self.size.1 {
            return OUTSIDE;
        }
        self.counts[(y * self.size.0 + x) as usize]
    }

    /// Counts the cells whose four corners lie in the cone of normals a and b from v
    /// within 0.9 r (`r` in cells): the polygonal sector holds them.
    fn add_sector(&mut self, v: GridPoint, a: (i64, i64), b: (i64, i64), r: i64) {
        let (vx, vy) = (v.x / self.cell, v.y / self.cell);
        let det = (a.0 * b.1 - a.1 * b.0) as f64;
        let in_cone = |px: f64, py: f64| {
            let along_a = (px * b.1 as f64 - py * b.0 as f64) / det;
            let along_b = (a.0 as f64 * py - a.1 as f64 * px) / det;
            along_a >= 0.0 && along_b >= 0.0 && px.hypot(py) <= 0.9 * r as f64
        };
        for cy in vy - r..vy + r {
            for cx in vx - r..vx + r {
                let corners = [(0, 0), (1, 0), (0, 1), (1, 1)];
                if corners
                    .iter()
                    .all(|&(dx, dy)| in_cone((cx + dx - vx) as f64, (cy + dy - vy) as f64))
                {
                    *self.at(cx, cy) += 1;
                }
            }
        }
    }

    /// Whether every cell that the edge's neighbourhood meets (a cell side or corner
    /// meets the cells around it) holds at least `need` pieces.
    fn holds(&self, e: &TaggedEdge, need: i32) -> bool {
        let span = |lo: i64, hi: i64| {
            (
                (lo - NEIGHBOURHOOD).div_euclid(self.cell) - 1,
                (hi + NEIGHBOURHOOD).div_euclid(self.cell),
            )
        };
        // A point on a cell side or corner is next to the cells on both sides; the
        // neighbourhood's box widened by one cell each way holds them all only where it
        // ends on a line, so test exactly the cells the box meets, closed.
        let cells_met = |lo: i64, hi: i64| {
            let (first, last) = span(lo, hi);
            (first..=last).filter(move |&c| {
                let (c0, c1) = (c * self.cell, (c + 1) * self.cell);
                c1 >= lo - NEIGHBOURHOOD && c0 <= hi + NEIGHBOURHOOD
            })
        };
        let (a, b) = (e.from, e.to);
        cells_met(a.y.min(b.y), a.y.max(b.y))
            .all(|cy| cells_met(a.x.min(b.x), a.x.max(b.x)).all(|cx| self.count(cx, cy) >= need))
    }
}

/// The left normal of p → q, for axis-parallel edges: a unit step.
fn left_normal(p: GridPoint, q: GridPoint) -> (i64, i64) {
    let (dx, dy) = ((q.x - p.x).signum(), (q.y - p.y).signum());
    assert!(dx == 0 || dy == 0, "a tile map's edges are axis-parallel");
    (-dy, dx)
}

/// The arc chords (the fed edges that are not axis-parallel), by the cells they meet.
struct Chords {
    chords: Vec<(GridPoint, GridPoint)>,
    buckets: SegmentBuckets,
}

impl Chords {
    fn new(edges: &[TaggedEdge], cell: i64) -> Chords {
        let chords: Vec<(GridPoint, GridPoint)> = edges
            .iter()
            .filter(|e| e.from.x != e.to.x && e.from.y != e.to.y)
            .map(|e| (e.from, e.to))
            .collect();
        let buckets = SegmentBuckets::new(&chords, cell);
        Chords { chords, buckets }
    }

    /// How many chords come within [`CHORD_REACH`] of the edge (itself included).
    fn near(&self, e: &TaggedEdge) -> i32 {
        let near = self.buckets.near(&self.chords, e.from, e.to, CHORD_REACH);
        near.len() as i32
    }
}
