//! How much of the shrink's overlay lies near its output: a diagnostic for the cull that
//! issue 15 suggests (pieces deep inside the removed set cannot reach the boundary), not
//! a cull and not a peer comparison. For each distance D (grid units) it counts the
//! overlay's input edges that come within D of the shrunk region's boundary, and times
//! the arrangement of those edges alone against the arrangement of all of them,
//! alternating. The near edges alone are no valid input (their nets do not close up and
//! their output is not the shrink's); their arrangement's time is a bound on what any
//! exact cull that keeps them could reach.
//!
//! With `--with-boundary` the near edges also include every region edge and every edge
//! from a region vertex (the end sides at convex corners): these lie on the removed set's
//! boundary, at no depth inside any piece, so a cull by depth keeps them all
//! (docs/performance.md, thirtieth session).
//!
//!     cargo run --release --bin shrink_near -- ROUNDS MAP-N:R [--with-boundary] D [D ...]
//!
//! e.g. `shrink_near 3 cave-1024:1 2 1024 16384` (r = 65,536 grid units at 16 snap bits).
//! Distances are measured in f64 between segments (a diagnostic: a few ulps do not matter).

use build2d::arrangement::{arrange_with, ArrangeOptions, EdgeTag, TaggedEdge};
use build2d::shrink::shrink_edges;
use build2d::{pipeline_arc_tolerance, GridPoint, Region};
use build2d_bench::{alternate, load_average, map_run, options, CELL};

/// Side of the buckets of boundary segments, grid units.
const BUCKET: i64 = 1 << 13;

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    let run = map_run(&args.next().expect("MAP-N:R"));
    let mut with_boundary = false;
    let distances: Vec<f64> = args
        .filter(|arg| {
            let flag = arg == "--with-boundary";
            with_boundary |= flag;
            !flag
        })
        .map(|d| d.parse().expect("D"))
        .collect();
    assert!(!distances.is_empty(), "give at least one distance D");
    let reach = distances.iter().copied().fold(0.0, f64::max);
    let region = Region::from_tile_map(&run.tiles.cells, run.n, run.n, CELL, [0.0, 0.0], options())
        .expect("tile map");
    let tolerance = pipeline_arc_tolerance(CELL, run.r);
    let edges = shrink_edges(&region, run.r, tolerance).expect("edges");
    let shrunk = region.shrink(run.r, tolerance).expect("shrink");
    let boundary: Vec<(GridPoint, GridPoint)> = shrunk
        .rings()
        .iter()
        .flat_map(|ring| (0..ring.len()).map(move |k| (ring[k], ring[(k + 1) % ring.len()])))
        .collect();
    let buckets = Buckets::new(&boundary);
    let region_vertices: std::collections::HashSet<GridPoint> =
        region.rings().iter().flatten().copied().collect();
    let on_the_boundary = |e: &TaggedEdge| {
        e.tag == EdgeTag::Both
            || region_vertices.contains(&e.from)
            || region_vertices.contains(&e.to)
    };
    let nearest: Vec<f64> = edges
        .iter()
        .map(|e| buckets.distance_within(&boundary, e.from, e.to, reach))
        .collect();
    println!(
        "{}: {} overlay edges ({} region edges, {} on the region's boundary), {} boundary segments of the output; load {}",
        run.name,
        edges.len(),
        edges.iter().filter(|e| e.tag == EdgeTag::Both).count(),
        edges.iter().filter(|e| on_the_boundary(e)).count(),
        boundary.len(),
        load_average()
    );
    let kept = if with_boundary {
        "edges within D or on the region's boundary"
    } else {
        "edges within D"
    };
    println!("| D (grid units) | {kept} | share | fragments | hot pixels | near edges ms | all edges ms | near / all |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &d in &distances {
        let near: Vec<TaggedEdge> = edges
            .iter()
            .zip(&nearest)
            .filter(|(e, &dist)| dist <= d || (with_boundary && on_the_boundary(e)))
            .map(|(e, _)| *e)
            .collect();
        let (_, stats) = arrange_with(&near, &ArrangeOptions::default()).expect("near");
        let (t_near, t_all) = alternate(
            rounds,
            || {
                arrange_with(&near, &ArrangeOptions::default()).expect("near");
            },
            || {
                arrange_with(&edges, &ArrangeOptions::default()).expect("all");
            },
        );
        println!(
            "| {d} | {} | {:.3} | {} | {} | {:.1} | {:.1} | {:.2} |",
            near.len(),
            near.len() as f64 / edges.len() as f64,
            stats.input_fragments,
            stats.hot_pixels,
            t_near * 1e3,
            t_all * 1e3,
            t_near / t_all
        );
    }
    println!("load {}", load_average());
}

/// The boundary segments listed in every bucket their box meets.
struct Buckets {
    min: (i64, i64),
    cols: i64,
    rows: i64,
    lists: Vec<Vec<u32>>,
}

impl Buckets {
    fn new(segments: &[(GridPoint, GridPoint)]) -> Buckets {
        let xs = segments.iter().flat_map(|(a, b)| [a.x, b.x]);
        let ys = segments.iter().flat_map(|(a, b)| [a.y, b.y]);
        let min = (xs.clone().min().unwrap_or(0), ys.clone().min().unwrap_or(0));
        let max = (xs.max().unwrap_or(0), ys.max().unwrap_or(0));
        let (cols, rows) = ((max.0 - min.0) / BUCKET + 1, (max.1 - min.1) / BUCKET + 1);
        let mut buckets = Buckets {
            min,
            cols,
            rows,
            lists: vec![Vec::new(); (cols * rows) as usize],
        };
        for (k, (a, b)) in segments.iter().enumerate() {
            let (c0, c1) = buckets.span(a.x.min(b.x), a.x.max(b.x), 0);
            let (r0, r1) = buckets.span(a.y.min(b.y), a.y.max(b.y), 1);
            for c in c0..=c1 {
                for r in r0..=r1 {
                    buckets.lists[(c * rows + r) as usize].push(k as u32);
                }
            }
        }
        buckets
    }

    /// The buckets from lo to hi along axis 0 (x) or 1 (y), clamped to the grid.
    fn span(&self, lo: i64, hi: i64, axis: usize) -> (i64, i64) {
        let (origin, count) = if axis == 0 {
            (self.min.0, self.cols)
        } else {
            (self.min.1, self.rows)
        };
        let clamp = |v: i64| ((v - origin).div_euclid(BUCKET)).clamp(0, count - 1);
        (clamp(lo), clamp(hi))
    }

    /// The distance from segment a–b to the nearest boundary segment, or infinity when
    /// none is within `reach`.
    fn distance_within(
        &self,
        segments: &[(GridPoint, GridPoint)],
        a: GridPoint,
        b: GridPoint,
        reach: f64,
    ) -> f64 {
        if segments.is_empty() {
            return f64::INFINITY;
        }
        let grow = reach.ceil() as i64 + 1;
        let (c0, c1) = self.span(a.x.min(b.x) - grow, a.x.max(b.x) + grow, 0);
        let (r0, r1) = self.span(a.y.min(b.y) - grow, a.y.max(b.y) + grow, 1);
        let mut best = f64::INFINITY;
        for c in c0..=c1 {
            for r in r0..=r1 {
                for &k in &self.lists[(c * self.rows + r) as usize] {
                    let (p, q) = segments[k as usize];
                    best = best.min(segment_distance(a, b, p, q));
                }
            }
        }
        if best <= reach {
            best
        } else {
            f64::INFINITY
        }
    }
}

/// The squared distance from p to the segment a–b.
fn squared_distance_to_segment(p: GridPoint, a: GridPoint, b: GridPoint) -> f64 {
    let along = [(b.x - a.x) as f64, (b.y - a.y) as f64];
    let from_a = [(p.x - a.x) as f64, (p.y - a.y) as f64];
    let length2 = along[0] * along[0] + along[1] * along[1];
    let dot = from_a[0] * along[0] + from_a[1] * along[1];
    let t = if length2 > 0.0 {
        (dot / length2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let gap = [from_a[0] - t * along[0], from_a[1] - t * along[1]];
    gap[0] * gap[0] + gap[1] * gap[1]
}

fn segment_distance(a: GridPoint, b: GridPoint, p: GridPoint, q: GridPoint) -> f64 {
    let orient = |o: GridPoint, u: GridPoint, v: GridPoint| {
        i128::from(u.x - o.x) * i128::from(v.y - o.y)
            - i128::from(u.y - o.y) * i128::from(v.x - o.x)
    };
    let (d1, d2) = (orient(a, b, p).signum(), orient(a, b, q).signum());
    let (d3, d4) = (orient(p, q, a).signum(), orient(p, q, b).signum());
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return 0.0; // they cross
    }
    [(a, p, q), (b, p, q), (p, a, b), (q, a, b)]
        .into_iter()
        .map(|(point, from, to)| squared_distance_to_segment(point, from, to))
        .fold(f64::INFINITY, f64::min)
        .sqrt()
}
