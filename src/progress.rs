//! Progress and cancellation of a navmesh build ([`Mesh2DPipeline::build_with`]).
//!
//! The build calls a [`BuildControl`] with a [`Progress`] at the start and end of each
//! step and every [`REPORT_EVERY`] elements in between; the control answers
//! [`ControlFlow::Break`] to cancel, and the build then returns [`Error::Cancelled`]
//! (never a partial mesh). The reports do not change the output.
//!
//! ```
//! use std::ops::ControlFlow;
//! use build2d::progress::{Progress, Stage};
//! use build2d::{Error, MapSource, Mesh2DPipeline};
//! let source = MapSource::TileMap {
//!     cells: vec![true; 64 * 64],
//!     width: 64,
//!     height: 64,
//!     cell_size: 1.0,
//!     origin: [0.0, 0.0],
//! };
//! // Print every report, and cancel as soon as the triangulation starts.
//! let mut control = |p: &Progress| {
//!     println!("{}: {} {} of {}", p.stage, p.step, p.done, p.total);
//!     if p.stage == Stage::Triangulate {
//!         ControlFlow::Break(())
//!     } else {
//!         ControlFlow::Continue(())
//!     }
//! };
//! let result = Mesh2DPipeline::default().build_with(&source, &mut control);
//! assert_eq!(result, Err(Error::Cancelled));
//! ```
//!
//! [`Mesh2DPipeline::build_with`]: crate::Mesh2DPipeline::build_with
//! [`Error::Cancelled`]: crate::Error::Cancelled

use std::fmt;
use std::ops::ControlFlow;

use crate::error::{Error, Result};

/// Reports come at most once every this many elements of a step (plus its start and end).
///
/// ```
/// use std::ops::ControlFlow;
/// use build2d::progress::{Progress, Step, REPORT_EVERY};
/// use build2d::{MapSource, Mesh2DPipeline};
/// // A checkerboard of 128 × 128 cells: many points, few reports.
/// let cells = (0..128 * 128).map(|i| (i % 128 + i / 128) % 2 == 0).collect();
/// let source = MapSource::TileMap { cells, width: 128, height: 128, cell_size: 1.0, origin: [0.0, 0.0] };
/// let mut points = Vec::new();
/// let mut control = |p: &Progress| {
///     if p.step == Step::Points {
///         points.push(p.done);
///     }
///     ControlFlow::Continue(())
/// };
/// Mesh2DPipeline::default().build_with(&source, &mut control)?;
/// let total = *points.last().unwrap();
/// assert!(total > 4 * REPORT_EVERY);
/// assert!(points.len() as u64 <= total / REPORT_EVERY + 2);
/// # Ok::<(), build2d::Error>(())
/// ```
pub const REPORT_EVERY: u64 = 4096;

/// The stages of the build (X18), in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Stage {
    /// The walkable region from the tile map or the outlines.
    Region,
    /// The shrink by the agent radius.
    Shrink,
    /// The constrained Delaunay triangulation.
    Triangulate,
    /// The convex partition.
    Partition,
}

impl Stage {
    /// The stage's name in lower case, as in the CLI's timings.
    ///
    /// ```
    /// assert_eq!(build2d::progress::Stage::Triangulate.name(), "triangulate");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Stage::Region => "region",
            Stage::Shrink => "shrink",
            Stage::Triangulate => "triangulate",
            Stage::Partition => "partition",
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a stage counts.
///
/// ```
/// use build2d::progress::Step;
/// assert_eq!(Step::Constraints.to_string(), "constraints");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Step {
    /// Region from outlines: the region as a whole (total 1).
    Region,
    /// Region from a tile map: lattice vertices scanned by the tracer, of all
    /// ((width + 1) × (height + 1) after X5's merged lines).
    Lattice,
    /// Shrink: region edges turned into rectangles, of all region edges.
    ShrinkEdges,
    /// Shrink: phases of the overlay done (the arrangement, then labels and rings: total 2).
    Overlay,
    /// Triangulate: points inserted, of all ring vertices.
    Points,
    /// Triangulate: constraints inserted, of all ring edges.
    Constraints,
    /// Partition: diagonals considered, of all interior edges.
    Diagonals,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::Region => "region",
            Step::Lattice => "lattice vertices",
            Step::ShrinkEdges => "edges",
            Step::Overlay => "overlay phases",
            Step::Points => "points",
            Step::Constraints => "constraints",
            Step::Diagonals => "diagonals",
        })
    }
}

/// One report: `done` of `total` elements of `step` in `stage`. Within a step `done`
/// only grows, from 0 to `total`.
///
/// ```
/// use std::ops::ControlFlow;
/// use build2d::progress::{Progress, Stage, Step};
/// use build2d::{MapSource, Mesh2DPipeline};
/// let source = MapSource::TileMap {
///     cells: vec![true; 9],
///     width: 3,
///     height: 3,
///     cell_size: 1.0,
///     origin: [0.0, 0.0],
/// };
/// let mut last = None;
/// let mut control = |p: &Progress| {
///     last = Some(*p);
///     ControlFlow::Continue(())
/// };
/// Mesh2DPipeline::default().build_with(&source, &mut control)?;
/// // The last report: the partition's one diagonal of the square's two triangles.
/// let p = last.unwrap();
/// assert_eq!((p.stage, p.step, p.done, p.total), (Stage::Partition, Step::Diagonals, 1, 1));
/// # Ok::<(), build2d::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// The running stage.
    pub stage: Stage,
    /// What it counts.
    pub step: Step,
    /// Elements done.
    pub done: u64,
    /// Elements in the step.
    pub total: u64,
}

/// Receives the build's reports and decides whether it goes on.
///
/// Any `FnMut(&Progress) -> ControlFlow<()>` is one; to cancel from another thread,
/// read a flag in it:
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use build2d::progress::BuildControl;
/// use build2d::{Error, MapSource, Mesh2DPipeline};
/// let stop = AtomicBool::new(true); // set by another thread, e.g. a Cancel button
/// let mut control = |_: &build2d::progress::Progress| {
///     if stop.load(Ordering::Relaxed) {
///         ControlFlow::Break(())
///     } else {
///         ControlFlow::Continue(())
///     }
/// };
/// let source = MapSource::TileMap {
///     cells: vec![true],
///     width: 1,
///     height: 1,
///     cell_size: 1.0,
///     origin: [0.0, 0.0],
/// };
/// let result = Mesh2DPipeline::default().build_with(&source, &mut control);
/// assert_eq!(result, Err(Error::Cancelled));
/// ```
pub trait BuildControl {
    /// Called with each report; [`ControlFlow::Break`] cancels the build.
    fn report(&mut self, progress: &Progress) -> ControlFlow<()>;
}

impl<F: FnMut(&Progress) -> ControlFlow<()>> BuildControl for F {
    fn report(&mut self, progress: &Progress) -> ControlFlow<()> {
        self(progress)
    }
}

/// The control of a plain build: no reports, never cancels.
///
/// ```
/// use build2d::progress::NoControl;
/// use build2d::{MapSource, Mesh2DPipeline};
/// let source = MapSource::TileMap {
///     cells: vec![true],
///     width: 1,
///     height: 1,
///     cell_size: 1.0,
///     origin: [0.0, 0.0],
/// };
/// let pipeline = Mesh2DPipeline::default();
/// assert_eq!(pipeline.build_with(&source, &mut NoControl)?, pipeline.build(&source)?);
/// # Ok::<(), build2d::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct NoControl;

impl BuildControl for NoControl {
    fn report(&mut self, _: &Progress) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// The stages' side of a control: counts one step at a time and reports every
/// [`REPORT_EVERY`] elements. Without a control, [`Ticker::tick`] is one comparison.
pub(crate) struct Ticker<'a> {
    control: Option<&'a mut dyn BuildControl>,
    stage: Stage,
    step: Step,
    total: u64,
    next: u64,
}

impl<'a> Ticker<'a> {
    /// Reports to `control` (None: never reports, never cancels).
    pub(crate) fn new(control: Option<&'a mut dyn BuildControl>) -> Self {
        Ticker {
            control,
            stage: Stage::Region,
            step: Step::Region,
            total: 0,
            next: u64::MAX,
        }
    }

    /// A ticker that never reports.
    pub(crate) fn silent() -> Ticker<'static> {
        Ticker::new(None)
    }

    /// Starts a step of `total` elements: reports 0 of `total`.
    pub(crate) fn start(&mut self, stage: Stage, step: Step, total: usize) -> Result<()> {
        self.stage = stage;
        self.step = step;
        self.total = total as u64;
        self.next = 0;
        self.send(0)
    }

    /// `done` elements of the step are done: reports when a multiple of
    /// [`REPORT_EVERY`] was passed.
    #[inline]
    pub(crate) fn tick(&mut self, done: usize) -> Result<()> {
        if done as u64 >= self.next {
            self.send(done as u64)
        } else {
            Ok(())
        }
    }

    /// `done` elements of the step are done: reports now (for steps of few, long
    /// elements).
    pub(crate) fn advance(&mut self, done: usize) -> Result<()> {
        self.send(done as u64)
    }

    /// The step is complete: reports `total` of `total`.
    pub(crate) fn finish(&mut self) -> Result<()> {
        let total = self.total;
        self.send(total)?;
        self.next = u64::MAX;
        Ok(())
    }

    #[cold]
    fn send(&mut self, done: u64) -> Result<()> {
        let Some(control) = self.control.as_deref_mut() else {
            self.next = u64::MAX;
            return Ok(());
        };
        self.next = (done / REPORT_EVERY + 1) * REPORT_EVERY;
        let progress = Progress {
            stage: self.stage,
            step: self.step,
            done: done.min(self.total),
            total: self.total,
        };
        match control.report(&progress) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(Error::Cancelled),
        }
    }
}
