//! Progress and cancellation of `Mesh2DPipeline::build_with` (src/progress.rs).

use std::ops::ControlFlow;

use build2d::progress::{Progress, Stage, Step, REPORT_EVERY};
use build2d::{Error, MapSource, Mesh2DPipeline};

/// cave-256 at cells of 0.25 and radius 0.3: every stage has work, the CDT has more
/// than REPORT_EVERY points.
fn cave() -> (MapSource, Mesh2DPipeline) {
    let n = 256;
    let source = MapSource::TileMap {
        cells: build2d::workloads::cave(n).cells,
        width: n,
        height: n,
        cell_size: 0.25,
        origin: [0.0, 0.0],
    };
    let pipeline = Mesh2DPipeline::default().with_agent_radius(0.3);
    (source, pipeline)
}

fn record(source: &MapSource, pipeline: &Mesh2DPipeline) -> (Vec<Progress>, build2d::NavMesh) {
    let mut reports = Vec::new();
    let mut control = |p: &Progress| {
        reports.push(*p);
        ControlFlow::Continue(())
    };
    let mesh = pipeline.build_with(source, &mut control).unwrap();
    (reports, mesh)
}

#[test]
fn the_mesh_with_progress_equals_the_mesh_without() {
    let (source, pipeline) = cave();
    let (_, observed) = record(&source, &pipeline);
    let plain = pipeline.build(&source).unwrap();
    assert!(plain.polygons.len() > 100);
    assert_eq!(observed, plain);
    // Without the shrink too.
    let flat = Mesh2DPipeline::default();
    assert_eq!(record(&source, &flat).1, flat.build(&source).unwrap());
}

#[test]
fn counts_are_monotone_bounded_in_rate_and_end_at_total() {
    let (source, pipeline) = cave();
    let (reports, _) = record(&source, &pipeline);
    let steps: Vec<(Stage, Step)> = reports.iter().fold(Vec::new(), |mut v, p| {
        if v.last() != Some(&(p.stage, p.step)) {
            v.push((p.stage, p.step));
        }
        v
    });
    assert_eq!(
        steps,
        [
            (Stage::Region, Step::Lattice),
            (Stage::Shrink, Step::ShrinkEdges),
            (Stage::Shrink, Step::Overlay),
            (Stage::Triangulate, Step::Points),
            (Stage::Triangulate, Step::Constraints),
            (Stage::Partition, Step::Diagonals),
        ]
    );
    let mut counted = 0;
    for &(stage, step) in &steps {
        let of_step: Vec<&Progress> = reports
            .iter()
            .filter(|p| p.stage == stage && p.step == step)
            .collect();
        let total = of_step[0].total;
        assert_eq!(of_step[0].done, 0, "{step} starts at 0");
        assert_eq!(of_step.last().unwrap().done, total, "{step} ends at total");
        assert!(of_step.iter().all(|p| p.total == total && p.done <= total));
        assert!(
            of_step.windows(2).all(|w| w[0].done <= w[1].done),
            "{step} is monotone"
        );
        // Not per element: start, end, and about one report per REPORT_EVERY.
        assert!(of_step.len() as u64 <= total / REPORT_EVERY + 3, "{step}");
        if step == Step::Points {
            assert!(total > REPORT_EVERY, "the test needs reports in between");
            assert!(of_step.len() > 2);
            counted += 1;
        }
    }
    assert_eq!(counted, 1);
}

#[test]
fn nothing_to_shrink_still_reports_one_empty_shrink_step() {
    // Radius 0 (the cave) or an empty map (radius 0.3): the shrink stage reports, one
    // step of no elements, so that every stage reports.
    let (cave, with_radius) = cave();
    let empty = MapSource::TileMap {
        cells: vec![false; 16],
        width: 4,
        height: 4,
        cell_size: 0.25,
        origin: [0.0, 0.0],
    };
    for (source, pipeline) in [(cave, Mesh2DPipeline::default()), (empty, with_radius)] {
        let (reports, _) = record(&source, &pipeline);
        let shrink: Vec<(Step, u64, u64)> = reports
            .iter()
            .filter(|p| p.stage == Stage::Shrink)
            .map(|p| (p.step, p.done, p.total))
            .collect();
        assert_eq!(
            shrink,
            [(Step::ShrinkEdges, 0, 0), (Step::ShrinkEdges, 0, 0)]
        );
    }
}

#[test]
fn a_cancel_at_each_stage_returns_cancelled() {
    let (source, pipeline) = cave();
    let (reports, _) = record(&source, &pipeline);
    // Cancel at every report in turn of a sample: the first of each step, one in the
    // middle of the points, the very last.
    let mut at: Vec<usize> = (0..reports.len())
        .filter(|&k| {
            k == 0
                || (reports[k].stage, reports[k].step)
                    != (reports[k - 1].stage, reports[k - 1].step)
        })
        .collect();
    let points: Vec<usize> = (0..reports.len())
        .filter(|&k| reports[k].step == Step::Points)
        .collect();
    at.push(points[points.len() / 2]);
    at.push(reports.len() - 1);
    let mut stages = Vec::new();
    for k in at {
        let mut seen = 0;
        let mut control = |_: &Progress| {
            seen += 1;
            if seen > k {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let result = pipeline.build_stages_with(&source, &mut control);
        assert!(
            matches!(result, Err(Error::Cancelled)),
            "cancel at report {k}"
        );
        assert_eq!(seen, k + 1, "no report after the cancel");
        stages.push(reports[k].stage);
    }
    for stage in [
        Stage::Region,
        Stage::Shrink,
        Stage::Triangulate,
        Stage::Partition,
    ] {
        assert!(stages.contains(&stage), "{stage} cancelled");
    }
}

#[test]
fn a_cancelled_build_of_a_bad_input_reports_the_input_error_first() {
    // Validation that comes before the first report (snap bits) wins over the cancel.
    let (source, mut pipeline) = cave();
    pipeline.options.snap_bits = 40;
    let mut control = |_: &Progress| ControlFlow::Break(());
    assert!(matches!(
        pipeline.build_with(&source, &mut control),
        Err(Error::InvalidArgument { .. })
    ));
}
