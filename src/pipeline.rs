//! The navmesh build pipeline (X18): region → shrink by the agent radius → constrained
//! Delaunay triangulation → convex partition.
//!
//! ```
//! use build2d::{MapSource, Mesh2DPipeline};
//! // A 3 × 3 room with one blocked cell in the middle, cells of 1 unit.
//! let cells = [true, true, true, true, false, true, true, true, true];
//! let source = MapSource::TileMap {
//!     cells: cells.to_vec(),
//!     width: 3,
//!     height: 3,
//!     cell_size: 1.0,
//!     origin: [0.0, 0.0],
//! };
//! let mesh = Mesh2DPipeline::default().build(&source)?;
//! assert!(mesh.polygons.len() >= 4);
//! # Ok::<(), build2d::Error>(())
//! ```

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::grid::{Geometry2DOptions, GridPoint};
use crate::partition::{
    partition_convex, partition_observed, ConvexPartition, DEFAULT_MAX_VERTICES,
};
use crate::progress::{BuildControl, Progress, Stage, Step, Ticker};
use crate::region::{Outline, Region};
use crate::shrink::{check_radius, pipeline_arc_tolerance};
use crate::triangulate::Triangulation;
use crate::workspace::Workspace;

/// Where the walkable region comes from.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "camelCase", rename_all_fields = "camelCase")
)]
pub enum MapSource {
    /// A tile map ([T1]): `cells[y × width + x]`, `true` = walkable.
    TileMap {
        /// Row-major cells.
        cells: Vec<bool>,
        /// Cells per row.
        width: usize,
        /// Rows.
        height: usize,
        /// Side of a cell in public units.
        cell_size: f64,
        /// Lower-left corner of cell (0, 0).
        origin: [f64; 2],
    },
    /// Outlines ([R1]) and the cell size the pipeline's tolerance is derived from.
    Outlines {
        /// The outlines, each read even-odd.
        outlines: Vec<Outline>,
        /// The mesh resolution in public units (finite, > 0).
        cell_size: f64,
    },
}

impl MapSource {
    fn cell_size(&self) -> f64 {
        match self {
            MapSource::TileMap { cell_size, .. } | MapSource::Outlines { cell_size, .. } => {
                *cell_size
            }
        }
    }
}

/// Parameters of the build (X18).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[non_exhaustive]
pub struct Mesh2DPipeline {
    /// Agent radius in public units (0 = no shrink).
    pub agent_radius: f64,
    /// Largest polygon, 3 ..= 16 vertices.
    pub max_vertices: usize,
    /// The snap grid.
    pub options: Geometry2DOptions,
}

impl Default for Mesh2DPipeline {
    fn default() -> Self {
        Mesh2DPipeline {
            agent_radius: 0.0,
            max_vertices: DEFAULT_MAX_VERTICES,
            options: Geometry2DOptions::default(),
        }
    }
}

impl Mesh2DPipeline {
    /// A build with the given agent radius (public units, 0 = no shrink), largest polygon
    /// (3 ..= 16 vertices) and grid. Checked when [`build`](Self::build) runs.
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Mesh2DPipeline};
    /// let pipeline = Mesh2DPipeline::new(0.5, 8, Geometry2DOptions::new(10)?);
    /// assert_eq!((pipeline.agent_radius, pipeline.max_vertices), (0.5, 8));
    /// assert_eq!(pipeline.options.snap_bits, 10);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn new(agent_radius: f64, max_vertices: usize, options: Geometry2DOptions) -> Self {
        Mesh2DPipeline {
            agent_radius,
            max_vertices,
            options,
        }
    }

    /// The same build with another agent radius.
    ///
    /// ```
    /// use build2d::Mesh2DPipeline;
    /// let pipeline = Mesh2DPipeline::default().with_agent_radius(0.25);
    /// assert_eq!(pipeline.agent_radius, 0.25);
    /// assert_eq!(pipeline.max_vertices, build2d::DEFAULT_MAX_VERTICES);
    /// ```
    pub fn with_agent_radius(self, agent_radius: f64) -> Self {
        Mesh2DPipeline {
            agent_radius,
            ..self
        }
    }

    /// The same build with another largest polygon size.
    ///
    /// ```
    /// use build2d::Mesh2DPipeline;
    /// assert_eq!(Mesh2DPipeline::default().with_max_vertices(3).max_vertices, 3);
    /// ```
    pub fn with_max_vertices(self, max_vertices: usize) -> Self {
        Mesh2DPipeline {
            max_vertices,
            ..self
        }
    }

    /// The same build on another grid.
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Mesh2DPipeline};
    /// let pipeline = Mesh2DPipeline::default().with_options(Geometry2DOptions::new(4)?);
    /// assert_eq!(pipeline.options.snap_bits, 4);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn with_options(self, options: Geometry2DOptions) -> Self {
        Mesh2DPipeline { options, ..self }
    }
}

/// The navigation mesh: convex polygons over grid vertices, with adjacency.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "NavMeshData", rename_all = "camelCase")
)]
pub struct NavMesh {
    /// Snap bits of the grid; a vertex's public value is `v × 2^-snap_bits` (exact).
    pub snap_bits: u8,
    /// Grid vertices in (x, y) order.
    pub vertices: Vec<GridPoint>,
    /// Weakly convex counter-clockwise polygons ([PC4]).
    pub polygons: Vec<Vec<u32>>,
    /// `neighbors[p][i]`: the polygon across edge i of polygon p, or −1 ([PC5]).
    pub neighbors: Vec<Vec<i32>>,
}

/// The serialized form of a [`NavMesh`]: deserializing checks it ([`NavMesh::check`]),
/// so the queries on a mesh read from a file meet only indices and shapes they expect.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct NavMeshData {
    snap_bits: u8,
    vertices: Vec<GridPoint>,
    polygons: Vec<Vec<u32>>,
    neighbors: Vec<Vec<i32>>,
}

#[cfg(feature = "serde")]
impl TryFrom<NavMeshData> for NavMesh {
    type Error = Error;

    fn try_from(data: NavMeshData) -> Result<NavMesh> {
        let mesh = NavMesh {
            snap_bits: data.snap_bits,
            vertices: data.vertices,
            polygons: data.polygons,
            neighbors: data.neighbors,
        };
        mesh.check()?;
        Ok(mesh)
    }
}

impl NavMesh {
    /// Checks what every built mesh holds, and what the queries (`portals`, `locate`,
    /// `find_path`, …) rely on: valid snap bits; vertices strictly in (x, y) order and
    /// within ±2^39 grid units; polygons of 3 ..= 16 vertex indices in range, each weakly
    /// convex and counter-clockwise, starting at its smallest index, sorted; every
    /// directed edge in one polygon; one neighbour per edge, exactly the polygon on the
    /// edge's other side or −1 ([W1], [PC4], [PC5]); and no two polygons overlap: their
    /// edges meet only at shared vertices, and every point is inside at most one polygon.
    /// A deserialized mesh is checked.
    ///
    /// ```
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// let source = MapSource::TileMap {
    ///     cells: vec![true, true, false, true], width: 2, height: 2, cell_size: 1.0, origin: [0.0, 0.0],
    /// };
    /// let mut mesh = Mesh2DPipeline::default().build(&source)?;
    /// assert!(mesh.check().is_ok());
    /// mesh.neighbors[0][0] = 7; // no such polygon
    /// assert!(mesh.check().is_err());
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn check(&self) -> Result<()> {
        let fail = |reason: String| Err(Error::GeometryDefect { reason });
        crate::grid::check_snap_bits(self.snap_bits)?;
        let bound = crate::grid::CHECKED_BOUND;
        if let Some(v) = self
            .vertices
            .iter()
            .position(|p| p.x.abs() > bound || p.y.abs() > bound)
        {
            return fail(format!("vertex {v} lies beyond ±2^39"));
        }
        if let Some(v) = self.vertices.windows(2).position(|w| w[0] >= w[1]) {
            return fail(format!(
                "vertices {v} and {} are not in (x, y) order",
                v + 1
            ));
        }
        let max_vertices = *crate::partition::MAX_VERTICES_RANGE.end();
        crate::partition::check_polygons(
            &self.vertices,
            &self.polygons,
            &self.neighbors,
            max_vertices,
        )
        .and_then(|_| self.check_no_overlap())
        .or_else(fail)
    }

    /// [W1]: no two polygons overlap. The polygons' rings (counter-clockwise, each polygon
    /// on the left of its edges) go to the label as one arrangement, merged as
    /// [`Region::check`] merges a region's rings (the two sides of a shared edge cancel,
    /// [A5]). The label's sweep refuses edges that cross or a vertex inside an edge, and
    /// the winding on both sides of every edge must be 0 or 1: 2 is a point inside two
    /// polygons. (Needs the polygons' own checks first.)
    fn check_no_overlap(&self) -> std::result::Result<(), String> {
        use crate::arrangement::EdgeTag;
        let mut edges = Vec::new();
        for polygon in &self.polygons {
            let ring: Vec<GridPoint> = polygon.iter().map(|&v| self.vertices[v as usize]).collect();
            edges.extend(crate::region::ring_edges(&ring, EdgeTag::Operand0));
        }
        let why = |e: Error| match e {
            Error::GeometryDefect { reason } => reason,
            other => other.to_string(),
        };
        let arrangement = crate::region::merge_noded_edges(&edges).map_err(why)?;
        let windings = crate::label::label(&arrangement).map_err(|e| {
            format!(
                "polygon edges cross, or a vertex lies inside an edge: {}",
                why(e)
            )
        })?;
        for (s, w) in arrangement.segments.iter().zip(&windings) {
            if !(0..=1).contains(&w.right[0]) || !(0..=1).contains(&w.left[0]) {
                let [a, b] = [s.a, s.b].map(|v| arrangement.vertices[v as usize]);
                return Err(format!(
                    "polygons overlap along the edge {a:?}–{b:?} (windings {} and {} on its sides)",
                    w.right[0], w.left[0]
                ));
            }
        }
        Ok(())
    }

    /// The exact public coordinates of the vertices.
    ///
    /// ```
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// let source = MapSource::TileMap { cells: vec![true], width: 1, height: 1, cell_size: 0.5, origin: [0.0, 0.0] };
    /// let mesh = Mesh2DPipeline::default().build(&source)?;
    /// assert_eq!(mesh.vertices_f64(), vec![[0.0, 0.0], [0.0, 0.5], [0.5, 0.0], [0.5, 0.5]]);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn vertices_f64(&self) -> Vec<[f64; 2]> {
        self.vertices
            .iter()
            .map(|p| p.to_f64(self.snap_bits))
            .collect()
    }
}

/// Every intermediate stage of one build, with the time each took (for debugging and
/// the CLI's summary).
#[derive(Debug, Clone)]
pub struct PipelineStages {
    /// The walkable region.
    pub region: Region,
    /// The region after the agent-radius shrink.
    pub shrunk: Region,
    /// Its triangulation.
    pub triangulation: Triangulation,
    /// The result.
    pub mesh: NavMesh,
    /// (stage name, time) in order.
    pub timings: Vec<(&'static str, Duration)>,
}

/// Checks the cell size given with outlines (X18): finite and > 0, else the invalid
/// argument `cell_size` (NaN included). The [S7] tolerance is derived from it.
pub fn check_outline_cell_size(cell_size: f64) -> Result<()> {
    if !cell_size.is_finite() || cell_size <= 0.0 {
        return Err(Error::invalid(
            "cell_size",
            format!("must be finite and positive, got {cell_size:?}"),
        ));
    }
    Ok(())
}

impl Mesh2DPipeline {
    /// Builds the navmesh.
    ///
    /// ```
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// // A 4 × 4 room of cells 0.25 wide, an agent of radius 0.25.
    /// let source = MapSource::TileMap { cells: vec![true; 16], width: 4, height: 4, cell_size: 0.25, origin: [0.0, 0.0] };
    /// let mesh = Mesh2DPipeline::default().with_agent_radius(0.25).build(&source)?;
    /// assert_eq!(mesh.polygons.len(), 1); // the square [0.25, 0.75]²
    /// assert!(mesh.vertices_f64().contains(&[0.75, 0.75]));
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn build(&self, source: &MapSource) -> Result<NavMesh> {
        Ok(self.build_stages(source)?.mesh)
    }

    /// Builds the navmesh, reporting progress to `control`, which may cancel: then the
    /// result is [`Error::Cancelled`] and nothing else. The reports do not change the
    /// mesh (see [`crate::progress`]).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use build2d::progress::{Progress, Step};
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// let source = MapSource::TileMap {
    ///     cells: vec![true; 100 * 100],
    ///     width: 100,
    ///     height: 100,
    ///     cell_size: 1.0,
    ///     origin: [0.0, 0.0],
    /// };
    /// let mut points = Vec::new();
    /// let mut control = |p: &Progress| {
    ///     if p.step == Step::Points {
    ///         points.push((p.done, p.total));
    ///     }
    ///     ControlFlow::Continue(())
    /// };
    /// let pipeline = Mesh2DPipeline::default();
    /// let mesh = pipeline.build_with(&source, &mut control)?;
    /// assert_eq!(mesh, pipeline.build(&source)?);
    /// // The CDT inserted the square's 4 corners: reported at 0 and at 4 of 4.
    /// assert_eq!(points, [(0, 4), (4, 4)]);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn build_with(
        &self,
        source: &MapSource,
        control: &mut dyn BuildControl,
    ) -> Result<NavMesh> {
        Ok(self.build_stages_with(source, control)?.mesh)
    }

    /// [`Mesh2DPipeline::build`] with the large buffers taken from `workspace` and kept
    /// there for the next build: the same mesh, without fresh memory on every build. See
    /// [`Workspace`].
    ///
    /// ```
    /// use build2d::{MapSource, Mesh2DPipeline, Workspace};
    /// let pipeline = Mesh2DPipeline::default().with_agent_radius(0.25);
    /// let mut workspace = Workspace::new();
    /// for width in [4, 6, 8] {
    ///     let source = MapSource::TileMap { cells: vec![true; width * 4], width, height: 4, cell_size: 0.25, origin: [0.0, 0.0] };
    ///     assert_eq!(pipeline.build_in(&source, &mut workspace)?, pipeline.build(&source)?);
    /// }
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn build_in(&self, source: &MapSource, workspace: &mut Workspace) -> Result<NavMesh> {
        Ok(workspace
            .install(|| self.run(source, &mut Ticker::silent()))?
            .mesh)
    }

    /// Builds the navmesh and returns every stage. Validation order (X18): snap bits,
    /// the source, the outlines' cell size, the agent radius, `max_vertices`.
    ///
    /// ```
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// let source = MapSource::TileMap { cells: vec![true; 16], width: 4, height: 4, cell_size: 0.25, origin: [0.0, 0.0] };
    /// let stages = Mesh2DPipeline::default().with_agent_radius(0.25).build_stages(&source)?;
    /// assert!(stages.shrunk.area2() < stages.region.area2());
    /// assert_eq!(stages.triangulation.triangles.len(), 2);
    /// let names: Vec<&str> = stages.timings.iter().map(|(name, _)| *name).collect();
    /// assert_eq!(names, ["region", "shrink", "triangulate", "partition"]);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn build_stages(&self, source: &MapSource) -> Result<PipelineStages> {
        self.run(source, &mut Ticker::silent())
    }

    /// [`Mesh2DPipeline::build_stages`], calling `on_stage` with each stage's name
    /// (`region`, `shrink`, `triangulate`, `partition`) before it starts: progress for
    /// large maps.
    ///
    /// ```
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// let source = MapSource::TileMap { cells: vec![true; 4], width: 2, height: 2, cell_size: 1.0, origin: [0.0, 0.0] };
    /// let mut seen = Vec::new();
    /// Mesh2DPipeline::default().build_stages_observed(&source, &mut |stage| seen.push(stage))?;
    /// assert_eq!(seen, ["region", "shrink", "triangulate", "partition"]);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn build_stages_observed(
        &self,
        source: &MapSource,
        on_stage: &mut dyn FnMut(&'static str),
    ) -> Result<PipelineStages> {
        let mut last = None;
        let mut control = |p: &Progress| {
            if last != Some(p.stage) {
                last = Some(p.stage);
                on_stage(p.stage.name());
            }
            ControlFlow::Continue(())
        };
        self.build_stages_with(source, &mut control)
    }

    /// [`Mesh2DPipeline::build_stages`] with progress and cancellation as in
    /// [`Mesh2DPipeline::build_with`].
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use build2d::progress::{Progress, Stage};
    /// use build2d::{MapSource, Mesh2DPipeline};
    /// let source = MapSource::TileMap {
    ///     cells: vec![true; 4],
    ///     width: 2,
    ///     height: 2,
    ///     cell_size: 1.0,
    ///     origin: [0.0, 0.0],
    /// };
    /// let mut stages = Vec::new();
    /// let mut control = |p: &Progress| {
    ///     if stages.last() != Some(&p.stage) {
    ///         stages.push(p.stage);
    ///     }
    ///     ControlFlow::Continue(())
    /// };
    /// let built = Mesh2DPipeline::default().build_stages_with(&source, &mut control)?;
    /// assert_eq!(built.mesh.polygons.len(), 1);
    /// assert_eq!(
    ///     stages,
    ///     [Stage::Region, Stage::Shrink, Stage::Triangulate, Stage::Partition]
    /// );
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn build_stages_with(
        &self,
        source: &MapSource,
        control: &mut dyn BuildControl,
    ) -> Result<PipelineStages> {
        self.run(source, &mut Ticker::new(Some(control)))
    }

    fn run(&self, source: &MapSource, ticker: &mut Ticker) -> Result<PipelineStages> {
        let mut timings = Vec::new();
        let mut clock = Instant::now();
        let mut lap = |name: &'static str, timings: &mut Vec<(&'static str, Duration)>| {
            let now = Instant::now();
            timings.push((name, now - clock));
            clock = now;
        };
        self.options.validate()?;
        let region = match source {
            // The tracer counts the lattice vertices it scans.
            MapSource::TileMap {
                cells,
                width,
                height,
                cell_size,
                origin,
            } => Region::from_tile_map_observed(
                cells,
                *width,
                *height,
                *cell_size,
                *origin,
                self.options,
                ticker,
            )?,
            MapSource::Outlines {
                outlines,
                cell_size,
            } => {
                ticker.start(Stage::Region, Step::Region, 1)?;
                let region = Region::from_outlines(outlines, self.options)?;
                check_outline_cell_size(*cell_size)?;
                region
            }
        };
        check_radius(self.agent_radius)?;
        if !crate::partition::MAX_VERTICES_RANGE.contains(&self.max_vertices) {
            return Err(Error::invalid(
                "max_vertices",
                format!("must be in 3..=16, got {}", self.max_vertices),
            ));
        }
        ticker.finish()?;
        lap("region", &mut timings);
        // Radius 0 and an empty region too: the shrink then reports one empty step.
        let tolerance = pipeline_arc_tolerance(source.cell_size(), self.agent_radius);
        let shrunk = region.shrink_observed(self.agent_radius, tolerance, ticker)?;
        lap("shrink", &mut timings);
        let triangulation = shrunk.triangulate_observed(ticker)?.0;
        lap("triangulate", &mut timings);
        let ConvexPartition {
            vertices,
            polygons,
            neighbors,
        } = partition_observed(
            &triangulation.vertices,
            &triangulation.triangles,
            &triangulation.neighbors,
            self.max_vertices,
            ticker,
        )?;
        lap("partition", &mut timings);
        Ok(PipelineStages {
            region,
            shrunk,
            triangulation,
            mesh: NavMesh {
                snap_bits: self.options.snap_bits,
                vertices,
                polygons,
                neighbors,
            },
            timings,
        })
    }
}

impl Region {
    /// The convex partition of the region's triangulation ([PC1]–[PC5], X17).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Region};
    /// let square = Region::from_tile_map(&[true], 1, 1, 1.0, [0.0, 0.0], Geometry2DOptions::new(0)?)?;
    /// let parts = square.partition_convex(6)?;
    /// assert_eq!(parts.polygons, vec![vec![0, 2, 3, 1]]);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn partition_convex(&self, max_vertices: usize) -> Result<ConvexPartition> {
        if !crate::partition::MAX_VERTICES_RANGE.contains(&max_vertices) {
            return Err(Error::invalid(
                "max_vertices",
                format!("must be in 3..=16, got {max_vertices}"),
            ));
        }
        let t = self.triangulate()?;
        partition_convex(&t.vertices, &t.triangles, &t.neighbors, max_vertices)
    }
}
