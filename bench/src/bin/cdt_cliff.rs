//! The "no cliff" target of issue 15: build2d's CDT (`Region::triangulate`) and `mesh`
//! against spade's `bulk_load_cdt` on the same points and constraints, for the needle and
//! slit families, alternating A B A B … in one process.
//!
//!     cargo run --release --bin cdt_cliff -- FAMILY ROUNDS N [N ...]
//!
//! FAMILY is `needles` or `slits`; N the number of needles / slots (vertices ≈ 5N for
//! needles, 4N + 4 for slits). Prints one markdown row per N: vertices, medians of
//! build2d `triangulate`, of `mesh` (Mesh2DPipeline::build, radius 0, cell size 1, from
//! the outlines, so it includes the union), of `mesh` with one `Workspace` kept across
//! the rounds (`build_in`), of spade, and the ratios. `NO_MESH=1` leaves `mesh` out;
//! `NO_WORKSPACE=1` leaves out `mesh` in a workspace, whose kept buffers would double the
//! peak (the union of 20,000 needles alone peaks at 15.8 GB).

use build2d::{MapSource, Mesh2DPipeline, Workspace};
use build2d_bench::{
    alternate, alternate_all, cdt_input, family, family_region, load_average, options, spade_cdt,
    spade_input,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let fam = args.next().expect("FAMILY");
    let rounds: usize = args.next().expect("ROUNDS").parse().expect("ROUNDS");
    let sizes: Vec<usize> = args.map(|a| a.parse().expect("N")).collect();
    let with_mesh = std::env::var("NO_MESH").is_err();
    let with_workspace = std::env::var("NO_WORKSPACE").is_err();
    println!("| family | N | vertices | build2d triangulate ms | spade ms | ratio | mesh ms | mesh in a workspace ms | mesh / spade | in a workspace / spade | load |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for n in sizes {
        let region = family_region(&fam, n);
        let (points, constraints) = cdt_input(&region);
        let (sp, se) = spade_input(&points, &constraints);
        let (t_b, t_s) = alternate(
            rounds,
            || {
                std::hint::black_box(region.triangulate().expect("triangulate").triangles.len());
            },
            || {
                std::hint::black_box(spade_cdt(sp.clone(), se.clone()));
            },
        );
        let (t_m, t_w, t_s2) = if with_mesh {
            let source = MapSource::Outlines {
                outlines: family(&fam, n),
                cell_size: 1.0,
            };
            let pipeline = Mesh2DPipeline::new(0.0, 6, options());
            let mut workspace = Workspace::new();
            let mut plain = || {
                std::hint::black_box(pipeline.build(&source).expect("mesh").polygons.len());
            };
            let mut in_workspace = || {
                let mesh = pipeline.build_in(&source, &mut workspace).expect("mesh");
                std::hint::black_box(mesh.polygons.len());
            };
            let mut spade = || {
                std::hint::black_box(spade_cdt(sp.clone(), se.clone()));
            };
            if with_workspace {
                let t = alternate_all(rounds, &mut [&mut plain, &mut in_workspace, &mut spade]);
                (t[0], t[1], t[2])
            } else {
                let t = alternate_all(rounds, &mut [&mut plain, &mut spade]);
                (t[0], f64::NAN, t[1])
            }
        } else {
            (f64::NAN, f64::NAN, f64::NAN)
        };
        println!(
            "| {fam} | {n} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {} |",
            points.len(),
            t_b * 1e3,
            t_s * 1e3,
            t_b / t_s,
            t_m * 1e3,
            t_w * 1e3,
            t_m / t_s2,
            t_w / t_s2,
            load_average(),
        );
    }
}
