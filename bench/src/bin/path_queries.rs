//! Path queries on a built navmesh: build2d's `PathFinder::find_path` (locate both ends,
//! A* over the portals, the funnel with exact turns) against Detour's
//! `findNearestPoly` × 2 + `findPath` + `findStraightPath` on the navmesh Recast builds
//! from the same walkable cells with the settings of `recast_peers` (one tile, no detail
//! mesh). Both answer the same queries: pairs of cell centres, drawn at random among the
//! walkable cells whose centres lie in build2d's mesh (the exact erosion), consecutive
//! points paired. The meshes differ (Recast erodes on voxels), so the paths differ too:
//! the table gives how many each found, their mean corner count and mean length.
//! Alternating rounds of all the queries, medians; the meshes and build2d's
//! `PathFinder::new` are built outside the timing (that one is timed on its own).
//!
//!     RECAST_SRC=/path/to/recastnavigation cargo run --release --bin path_queries -- \
//!         ROUNDS QUERIES MAP-N:R [MAP-N:R ...]
//!
//! e.g. `path_queries 5 1000 cave-512:1 rooms-1024:0.5`. Without `RECAST_SRC` only
//! build2d's columns are filled.

use std::time::Instant;

use build2d::workloads::XorShift64;
use build2d::{GridPoint, PathFinder};
use build2d_bench::{alternate_all, load_average, map_run, median, peak_rss_mb, CELL, SNAP_BITS};

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    let queries: usize = args.next().expect("QUERIES").parse().expect("QUERIES");
    println!("| map | r | build2d polygons | Detour polygons | queries | PathFinder::new ms | build2d µs / query | Detour µs / query | build2d / Detour | paths found (build2d / Detour) | mean corners | mean length | load | peak RSS MB |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---:|---:|");
    for spec in args {
        let run = map_run(&spec);
        let mesh = run.pipeline().build(&run.source()).expect("build2d mesh");
        let new_times: Vec<f64> = (0..rounds.max(1))
            .map(|_| {
                let start = Instant::now();
                let finder = PathFinder::new(&mesh);
                std::hint::black_box(&finder);
                start.elapsed().as_secs_f64()
            })
            .collect();
        let finder = PathFinder::new(&mesh);
        let unit = f64::from(1u32 << SNAP_BITS);
        let grid = |p: [f64; 2]| GridPoint::new((p[0] * unit) as i64, (p[1] * unit) as i64);
        // Cell centres inside the largest connected region of build2d's mesh, at random.
        let regions = mesh.regions();
        let largest = regions.iter().max_by_key(|r| r.len()).expect("a region");
        let mut in_largest = vec![false; mesh.polygons.len()];
        for &p in largest {
            in_largest[p] = true;
        }
        let walkable: Vec<usize> = (0..run.n * run.n).filter(|&k| run.tiles.cells[k]).collect();
        let mut rng = XorShift64::new(run.n as u64 * 7919 + queries as u64);
        let mut points = Vec::new();
        for _ in 0..100 * (queries + 1) {
            if points.len() > queries {
                break;
            }
            let k = walkable[(rng.next_u64() % walkable.len() as u64) as usize];
            let p = [
                ((k % run.n) as f64 + 0.5) * CELL,
                ((k / run.n) as f64 + 0.5) * CELL,
            ];
            if finder.locate(grid(p)).is_some_and(|q| in_largest[q]) {
                points.push(p);
            }
        }
        let pairs: Vec<([f64; 2], [f64; 2])> = points.windows(2).map(|w| (w[0], w[1])).collect();
        // Per pair: the corner count and length of the path found, if one was.
        let mut ours: Vec<Option<(usize, f64)>> = Vec::new();
        let mut build2d_queries = || {
            ours.clear();
            for &(a, b) in &pairs {
                let path = finder.find_path(grid(a), grid(b));
                ours.push(path.map(|p| (p.points.len(), p.length(SNAP_BITS as u8))));
            }
        };
        #[cfg(recast)]
        let (detour_polygons, theirs, times, misses) = {
            let soup = build2d_bench::recast::Soup::new(&run.tiles.cells, run.n, CELL);
            let walkable_radius = (run.r / CELL).ceil() as i32;
            let mut detour = build2d_bench::recast::Detour::new(&soup, CELL, walkable_radius)
                .unwrap_or_else(|step| panic!("Recast / Detour failed at step {step}"));
            let polygons = soup.build(CELL, walkable_radius, 0).polygons;
            let length = |corners: &[[f64; 2]]| -> f64 {
                corners
                    .windows(2)
                    .map(|w| ((w[1][0] - w[0][0]).powi(2) + (w[1][1] - w[0][1]).powi(2)).sqrt())
                    .sum()
            };
            let mut theirs: Vec<Option<(usize, f64)>> = Vec::new();
            let mut misses = [0usize; 3];
            let mut detour_queries = || {
                theirs.clear();
                misses = [0; 3];
                for &(a, b) in &pairs {
                    let path = detour.path(a, b, 2.0 * CELL);
                    if let Err(miss) = path {
                        misses[miss as usize] += 1;
                    }
                    let path = path.ok().map(|corners| {
                        let corners: Vec<[f64; 2]> = corners
                            .chunks(2)
                            .map(|c| [f64::from(c[0]), f64::from(c[1])])
                            .collect();
                        (corners.len(), length(&corners))
                    });
                    theirs.push(path);
                }
            };
            let times = alternate_all(rounds, &mut [&mut build2d_queries, &mut detour_queries]);
            (polygons.to_string(), Some(theirs), times, misses)
        };
        #[cfg(not(recast))]
        let (detour_polygons, theirs, times, misses) = {
            let times = alternate_all(rounds, &mut [&mut build2d_queries]);
            (
                "—".to_string(),
                None::<Vec<Option<(usize, f64)>>>,
                times,
                [0usize; 3],
            )
        };
        let per_query = |t: f64| t * 1e6 / pairs.len() as f64;
        let (t_ours, t_theirs) = (times[0], times.get(1).copied());
        // Means over the pairs both found (all of build2d's without Detour).
        let both: Vec<usize> = (0..pairs.len())
            .filter(|&k| ours[k].is_some() && theirs.as_ref().is_none_or(|t| t[k].is_some()))
            .collect();
        let mean = |side: &[Option<(usize, f64)>]| {
            let n = both.len().max(1) as f64;
            let corners: usize = both.iter().filter_map(|&k| side[k]).map(|(c, _)| c).sum();
            let total: f64 = both.iter().filter_map(|&k| side[k]).map(|(_, l)| l).sum();
            (corners as f64 / n, total / n)
        };
        let found_by = |side: &[Option<(usize, f64)>]| side.iter().filter(|p| p.is_some()).count();
        let (our_corners, our_length) = mean(&ours);
        let (found, corners, lengths, their_time, ratio) = match &theirs {
            Some(t) => {
                let (c, l) = mean(t);
                let tt = t_theirs.expect("timed");
                let why: Vec<String> = ["no polygon near an end", "not connected", "failed"]
                    .iter()
                    .zip(misses)
                    .filter(|&(_, n)| n > 0)
                    .map(|(what, n)| format!("{n} {what}"))
                    .collect();
                let why = if why.is_empty() {
                    String::new()
                } else {
                    format!(" (Detour: {})", why.join(", "))
                };
                (
                    format!("{} / {}{why}", found_by(&ours), found_by(t)),
                    format!("{our_corners:.1} / {c:.1}"),
                    format!("{our_length:.1} / {l:.1}"),
                    format!("{:.1}", per_query(tt)),
                    format!("{:.2}", t_ours / tt),
                )
            }
            None => (
                found_by(&ours).to_string(),
                format!("{our_corners:.1}"),
                format!("{our_length:.1}"),
                "—".into(),
                "—".into(),
            ),
        };
        println!(
            "| {} | {} | {} | {} | {} | {:.2} | {:.1} | {} | {} | {} | {} | {} | {} | {:.0} |",
            run.name,
            run.r,
            mesh.polygons.len(),
            detour_polygons,
            pairs.len(),
            median(new_times) * 1e3,
            per_query(t_ours),
            their_time,
            ratio,
            found,
            corners,
            lengths,
            load_average(),
            peak_rss_mb(),
        );
    }
}
