//! The whole pipeline of issue 15 against Recast: `Mesh2DPipeline::build` (tile map,
//! cell 0.25, agent radius r, at most 6 vertices a polygon, exact) against a Recast
//! navmesh built from the same walkable cells (each cell two floor triangles) with
//! cs = the cell size, ch = 0.1, walkableRadius = ⌈r / cs⌉ voxels, walkableClimb 0,
//! maxSimplificationError 0.01, minRegionArea 0, no ledge filter, no detail mesh
//! (`bench/recast/shim.cpp`), alternating A A' B … in one process, where A' is
//! `Mesh2DPipeline::build_in` with one `Workspace` kept across the rounds (the same mesh;
//! its buffers reused, as by a program that builds again and again). Recast's triangle
//! soup is made once per map, outside the timing; build2d reads the cells directly.
//!
//!     RECAST_SRC=/path/to/recastnavigation cargo run --release --bin recast_peers -- \
//!         ROUNDS MAP-N:R [MAP-N:R ...]
//!
//! MAP is `noisy`, `cave`, `pillars` or `rooms`. Prints the medians, their ratio, both
//! meshes' polygon counts and covered areas, the exact eroded area (the area of
//! `Region::shrink` with the pipeline's tolerance is what build2d covers, so build2d's
//! area is the reference here), the load average and the peak RSS of the process.

#[cfg(recast)]
fn main() {
    use build2d_bench::recast;
    use build2d_bench::{alternate_all, load_average, map_run, peak_rss_mb, CELL};
    // mergeRegionArea (voxels): 0 unless MERGE is set. Recast's sample uses 400; with
    // the simplification error of 0.01 voxels the contours keep every cell
    // corner, and merged regions make rcBuildPolyMesh's polygon merging (quadratic in a
    // contour's polygons) take minutes on cave-256.
    let merge_region_area: i32 = std::env::var("MERGE").map_or(0, |m| m.parse().expect("MERGE"));

    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    println!("| map | r | build2d ms | in a workspace ms | Recast ms | build2d / Recast | in a workspace / Recast | build2d polygons, area | Recast polygons, area | Recast area / build2d | load | peak RSS MB |");
    println!("|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|");
    for spec in args {
        let run = map_run(&spec);
        let (map, n, r, tiles) = (&run.name, run.n, run.r, &run.tiles);
        let (source, pipeline) = (run.source(), run.pipeline());
        let soup = recast::Soup::new(&tiles.cells, n, CELL);
        let walkable_radius = (r / CELL).ceil() as i32;
        let (mut ours, mut kept, mut theirs) = (None, None, None);
        let mut workspace = build2d::Workspace::new();
        let times = alternate_all(
            rounds,
            &mut [
                &mut || ours = Some(pipeline.build(&source).expect("build2d mesh")),
                &mut || {
                    kept = Some(
                        pipeline
                            .build_in(&source, &mut workspace)
                            .expect("build2d mesh"),
                    )
                },
                &mut || theirs = Some(soup.build(CELL, walkable_radius, merge_region_area)),
            ],
        );
        let (t_b, t_w, t_r) = (times[0], times[1], times[2]);
        let ours = ours.expect("ran");
        assert!(kept.expect("ran") == ours, "the same mesh in a workspace");
        let theirs = theirs.expect("ran");
        let scale = 2f64.powi(-i32::from(ours.snap_bits));
        let our_area: f64 = ours
            .polygons
            .iter()
            .map(|poly| {
                let k = poly.len();
                (0..k)
                    .map(|i| {
                        let (a, b) = (
                            ours.vertices[poly[i] as usize],
                            ours.vertices[poly[(i + 1) % k] as usize],
                        );
                        (a.x as f64 * b.y as f64 - b.x as f64 * a.y as f64) * scale * scale
                    })
                    .sum::<f64>()
                    / 2.0
            })
            .sum();
        let recast = if theirs.status == 0 {
            format!("{}, {:.1}", theirs.polygons, theirs.area)
        } else {
            format!("failed (step {})", theirs.status)
        };
        println!(
            "| {map} | {r} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} | {}, {:.1} | {} | {:.3} | {} | {:.0} |",
            t_b * 1e3,
            t_w * 1e3,
            t_r * 1e3,
            t_b / t_r,
            t_w / t_r,
            ours.polygons.len(),
            our_area,
            recast,
            theirs.area / our_area,
            load_average(),
            peak_rss_mb(),
        );
    }
}

#[cfg(not(recast))]
fn main() {
    eprintln!(
        "recast_peers needs Recast: build with RECAST_SRC=/path/to/recastnavigation \
         (a source tree with Recast/Include and Recast/Source, e.g. the `recastnavigation` \
         directory of the recastnavigation-sys crate, or a clone of \
         github.com/recastnavigation/recastnavigation)"
    );
    std::process::exit(2);
}
