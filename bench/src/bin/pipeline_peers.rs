//! The whole pipeline of issue 15 against the float peers composed: `Mesh2DPipeline::build`
//! (tile map, cell 0.25, agent radius r, at most 6 vertices a polygon: trace, exact
//! shrink, CDT, convex partition) against i_overlay's outline offset by −r (round joins
//! with the m-gon's segment angle, as `shrink_peers`) followed by spade's
//! `bulk_load_cdt` of the offset contours, alternating A B A B … in one process.
//!
//! The peers get the region's rings as input (traced by build2d, outside the timing:
//! neither peer reads tile maps) and make no convex partition, so the comparison favours
//! them.
//!
//!     cargo run --release --bin pipeline_peers -- ROUNDS MAP-N:R [MAP-N:R ...]

use std::collections::HashMap;

use build2d::{pipeline_arc_tolerance, Region};
use build2d_bench::{
    alternate, load_average, map_run, mgon_sides, options, peak_rss_mb, spade_cdt, CELL,
};
use i_overlay::mesh::float::outline::offset::OutlineOffset;
use i_overlay::mesh::float::style::{LineJoin, OutlineStyle};

/// i_overlay's offset contours as spade's input: distinct points, one constraint per
/// contour edge.
fn contours_to_cdt(shapes: &[Vec<Vec<[f64; 2]>>]) -> usize {
    let mut index: HashMap<(u64, u64), usize> = HashMap::new();
    let mut points = Vec::new();
    let mut edges = Vec::new();
    for contour in shapes.iter().flatten() {
        let ids: Vec<usize> = contour
            .iter()
            .map(|p| {
                *index
                    .entry((p[0].to_bits(), p[1].to_bits()))
                    .or_insert_with(|| {
                        points.push(spade::Point2::new(p[0], p[1]));
                        points.len() - 1
                    })
            })
            .collect();
        for k in 0..ids.len() {
            let (a, b) = (ids[k], ids[(k + 1) % ids.len()]);
            if a != b {
                edges.push([a, b]);
            }
        }
    }
    spade_cdt(points, edges)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    println!("| map | r | build2d ms | i_overlay + spade ms | build2d / peers | build2d polygons | peers' triangles | load | peak RSS MB |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for spec in args {
        let run = map_run(&spec);
        let (map, n, r, tiles) = (&run.name, run.n, run.r, &run.tiles);
        let (source, pipeline) = (run.source(), run.pipeline());
        let rings = Region::from_tile_map(&tiles.cells, n, n, CELL, [0.0, 0.0], options())
            .expect("tile map")
            .rings_f64();
        let m = mgon_sides(r, pipeline_arc_tolerance(CELL, r));
        let style = OutlineStyle::new(-r)
            .line_join(LineJoin::Round(2.0 * std::f64::consts::PI / f64::from(m)));
        let (mut ours, mut triangles) = (None, 0);
        let (t_b, t_p) = alternate(
            rounds,
            || ours = Some(pipeline.build(&source).expect("build2d mesh")),
            || triangles = contours_to_cdt(&rings.outline(&style)),
        );
        let ours = ours.expect("ran");
        println!(
            "| {map} | {r} | {:.1} | {:.1} | {:.2} | {} | {} | {} | {:.0} |",
            t_b * 1e3,
            t_p * 1e3,
            t_b / t_p,
            ours.polygons.len(),
            triangles,
            load_average(),
            peak_rss_mb(),
        );
    }
}
