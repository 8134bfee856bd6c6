//! The `parallel` feature never changes a bit: the arrangement computed in one strip per
//! thread (the shrink of a cave map) and its labels swept in two halves equal the
//! single-thread run, the shrink with its edges built side by side, the pipeline's stages on
//! the workload maps and the arrangement of random segments in forced small strips are
//! equal at 1, 2 and 4 threads, and so are the overlay's initial pieces and the meshes
//! built in a `Workspace`.

use build2d::arrangement::{
    arrange_with, initial_pieces, ArrangeOptions, ArrangeStats, EdgeTag, TaggedEdge,
};
use build2d::label::label;
use build2d::shrink::shrink_edges;
use build2d::workloads::{self, TileMap, XorShift64};
use build2d::{pipeline_arc_tolerance, Geometry2DOptions, GridPoint, Region};
use build2d::{MapSource, Mesh2DPipeline, Workspace};
use proptest::prelude::*;

/// `run` on pools of 1, 2 and 4 threads.
fn at_thread_counts<T: Send>(run: impl Fn() -> T + Sync) -> Vec<T> {
    [1, 2, 4]
        .iter()
        .map(|&threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("thread pool")
                .install(&run)
        })
        .collect()
}

/// `run` at 1, 2 and 4 threads; every result must equal the first.
fn same_at_every_thread_count<T: PartialEq + std::fmt::Debug + Send>(run: impl Fn() -> T + Sync) {
    let results = at_thread_counts(run);
    assert!(results[1] == results[0], "2 threads differ from 1");
    assert!(results[2] == results[0], "4 threads differ from 1");
}

fn tile_source(map: &TileMap) -> MapSource {
    MapSource::TileMap {
        cells: map.cells.clone(),
        width: map.n,
        height: map.n,
        cell_size: 0.25,
        origin: [0.0, 0.0],
    }
}

/// The region of the cave-256 map (cell 0.25, 16 snap bits).
fn cave_256() -> Region {
    let map = workloads::cave(256);
    let options = Geometry2DOptions::new(16).expect("snap bits");
    Region::from_tile_map(&map.cells, map.n, map.n, 0.25, [0.0, 0.0], options).expect("tile map")
}

/// The shrink's overlay of cave-256 at r 1 (about 47,000 fragments) declines the default
/// strips (its long capsule edges make the windows overlap), so one thread runs it whole;
/// with 2 and 4 threads it runs in strips side by side. Same arrangement.
#[test]
fn one_strip_per_thread_gives_the_whole_run() {
    let region = cave_256();
    let edges = shrink_edges(&region, 1.0, pipeline_arc_tolerance(0.25, 1.0)).expect("edges");
    let runs: Vec<(_, ArrangeStats)> =
        at_thread_counts(|| arrange_with(&edges, &ArrangeOptions::default()).expect("arrange"));
    // The parallel path must really have run, or this test proves nothing.
    assert_eq!(runs[0].1.strips, 0, "one thread: the whole input");
    assert_eq!(runs[1].1.strips, 2, "two threads: two strips");
    // Four strips overlap too much on a map this small: half as many.
    assert_eq!(runs[2].1.strips, 2, "four threads: two strips");
    assert!(runs[1].0 == runs[0].0, "2 threads differ from 1");
    assert!(runs[2].0 == runs[0].0, "4 threads differ from 1");
    // Its labels: with 2 and 4 threads the sweep runs in two halves (from 2^15 segments).
    let arrangement = &runs[0].0;
    assert!(
        arrangement.segments.len() >= 1 << 15,
        "too small to sweep in two halves"
    );
    same_at_every_thread_count(|| label(arrangement).expect("label"));
}

/// The overlay's initial pieces (no window checks, zero-net pieces kept) in one strip per
/// thread: the whole run's pieces at every thread count, and without their zero-net
/// segments exactly the arrangement's.
#[test]
fn initial_pieces_in_strips_give_the_whole_run() {
    let region = cave_256();
    let edges = shrink_edges(&region, 1.0, pipeline_arc_tolerance(0.25, 1.0)).expect("edges");
    let runs = at_thread_counts(|| initial_pieces(edges.iter()).expect("pieces").unproven);
    assert!(runs[1] == runs[0], "2 threads differ from 1");
    assert!(runs[2] == runs[0], "4 threads differ from 1");
    let (arrangement, stats) =
        at_thread_counts(|| arrange_with(&edges, &ArrangeOptions::default()).expect("arrange"))
            .swap_remove(1);
    assert_eq!(stats.strips, 2, "two threads: two strips");
    let as_points = |a: &build2d::arrangement::Arrangement| -> Vec<_> {
        a.segments
            .iter()
            .filter(|s| s.net != [0, 0])
            .map(|s| (a.vertices[s.a as usize], a.vertices[s.b as usize], s.net))
            .collect()
    };
    assert_eq!(as_points(&runs[0]), as_points(&arrangement));
}

/// `Region::shrink` builds its edges side by side from 2^13 region edges (cave-256 has
/// about 10,500): the same shrunk region at every thread count.
#[test]
fn shrink_with_edges_built_side_by_side() {
    let region = cave_256();
    let region_edges: usize = region.rings().iter().map(Vec::len).sum();
    assert!(
        region_edges >= 1 << 13,
        "too small to build the edges side by side"
    );
    let tolerance = pipeline_arc_tolerance(0.25, 1.0);
    same_at_every_thread_count(|| region.shrink(1.0, tolerance).expect("shrink"));
}

/// Every stage of the pipeline (the region, the shrunk region, the triangulation, the
/// mesh) at the workloads' radii.
#[test]
fn pipeline_stages_on_the_workload_maps() {
    let maps = [
        (workloads::cave(160), 1.0),
        (workloads::noisy(96), 0.25),
        (workloads::pillars(128), 0.25),
        (workloads::rooms(128).expect("rooms-128"), 0.5),
    ];
    for (map, radius) in &maps {
        let source = tile_source(map);
        let pipeline = Mesh2DPipeline::default().with_agent_radius(*radius);
        same_at_every_thread_count(|| {
            let stages = pipeline.build_stages(&source).expect("pipeline");
            (
                stages.region,
                stages.shrunk,
                stages.triangulation,
                stages.mesh,
            )
        });
    }
}

/// One `Workspace` through two workload maps and back changes no mesh, at every thread
/// count (on worker threads, where no workspace is lent, the buffers come from the heap):
/// `build_in` equals `build`.
#[test]
fn pipeline_in_a_workspace_on_the_workload_maps() {
    let maps = [
        (workloads::cave(160), 1.0),
        (workloads::rooms(128).expect("rooms-128"), 0.5),
    ];
    for builds in at_thread_counts(|| {
        let mut workspace = Workspace::new();
        maps.iter()
            .chain(&maps[..1])
            .map(|(map, radius)| {
                let source = tile_source(map);
                let pipeline = Mesh2DPipeline::default().with_agent_radius(*radius);
                let kept = pipeline
                    .build_in(&source, &mut workspace)
                    .expect("pipeline");
                (kept, pipeline.build(&source).expect("pipeline"))
            })
            .collect::<Vec<_>>()
    }) {
        for (kept, plain) in builds {
            assert!(kept == plain, "a mesh built in a workspace differs");
        }
    }
}

fn edge(a: GridPoint, b: GridPoint, k: u64) -> TaggedEdge {
    TaggedEdge {
        from: a,
        to: b,
        tag: [EdgeTag::Operand0, EdgeTag::Operand1, EdgeTag::Both][(k % 3) as usize],
    }
}

/// `count` random segments of length up to `reach` in a square of side `side`, some of
/// them repeated backwards (cancelling) so that zero nets occur.
fn random_edges(seed: u64, count: usize, side: i64, reach: i64) -> Vec<TaggedEdge> {
    let mut rng = XorShift64::new(seed);
    let mut coordinate = |range: i64| (rng.next_u64() % range as u64) as i64;
    let mut edges = Vec::with_capacity(count);
    for k in 0..count as u64 {
        let a = GridPoint::new(coordinate(side), coordinate(side));
        let b = GridPoint::new(
            a.x + coordinate(2 * reach + 1) - reach,
            a.y + coordinate(2 * reach + 1) - reach,
        );
        edges.push(edge(a, b, k));
        if k % 17 == 0 {
            edges.push(edge(b, a, k));
        }
    }
    edges
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// The arrangement and its counts on random segments, whole and in forced strips (the
    /// same strips at every thread count, so the counts must agree too).
    #[test]
    fn arrangement_on_random_segments(
        seed in any::<u64>(),
        count in 4_500usize..9_000,
        reach in 2i64..300,
        strip in prop::sample::select(vec![None, Some(700usize), Some(2_000)]),
    ) {
        let edges = random_edges(seed, count, 3_000, reach);
        let options = ArrangeOptions {
            strip_fragments: strip,
            ..ArrangeOptions::default()
        };
        same_at_every_thread_count(|| arrange_with(&edges, &options).expect("arrangement"));
    }
}
