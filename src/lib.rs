//! # build2d
//!
//! Exact 2D geometry for navigation meshes. Every stage is exact integer geometry on a
//! snap grid (grid unit `2^-snap_bits`) and its output is defined bit for bit by the
//! specification (clause IDs such as `[A3]` in comments refer to it; see
//! `docs/architecture.md` for the stages and the types between them).
//!
//! ```text
//! Outline (f64 rings) ── Region::from_outlines ──┐
//! tile map (cells)    ── Region::from_tile_map ──┴─► Region ◄─ union, intersection,
//!                                                      │        difference, xor, offset
//!                    Region::shrink(agent radius) ◄────┤
//!                    Region::triangulate ─► Triangulation (constrained Delaunay)
//!                    Region::partition_convex ─► ConvexPartition (≤ max_vertices)
//!
//! Mesh2DPipeline::build(&MapSource): region → shrink → triangulate → partition
//!   ─► NavMesh (polygons, neighbours, portals, locate, paths, regions, OBJ export)
//! ```
//!
//! ```
//! use build2d::{Geometry2DOptions, MapSource, Mesh2DPipeline, Outline, Region};
//! let options = Geometry2DOptions::new(8)?; // grid unit 2^-8
//! let square = |x: f64, y: f64| Outline {
//!     rings: vec![vec![[x, y], [x + 2.0, y], [x + 2.0, y + 2.0], [x, y + 2.0]]],
//! };
//! let region = Region::from_outlines(&[square(0.0, 0.0)], options)?
//!     .union(&Region::from_outlines(&[square(1.0, 1.0)], options)?)?;
//! assert_eq!(region.area2(), 2 * 7 * 256 * 256); // 7 square units, doubled, grid units
//! let source = MapSource::Outlines { outlines: vec![square(0.0, 0.0), square(1.0, 1.0)], cell_size: 0.25 };
//! let mesh = Mesh2DPipeline::new(0.25, 6, options).build(&source)?;
//! assert!(!mesh.polygons.is_empty() && mesh.locate(build2d::GridPoint::new(256, 256)).is_some());
//! # Ok::<(), build2d::Error>(())
//! ```
//!
//! Every bad input is an [`Error`] naming its kind and [`Location`]; no input panics.
//!
//! ## Features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `cli` | yes | the `build2d` binary: clap, serde_json and the `conform` layer. A library user writes `default-features = false` and depends on `robust` alone. |
//! | `serde` | no | `Serialize`/`Deserialize` for the outputs, errors and options (a deserialized [`Region`] or [`NavMesh`] is checked: `Region::check`, `NavMesh::check`). |
//! | `conform` | with `cli` | the conformance layer the binary runs (corpus cases, the port protocol, SVG, workload maps); not an API, hidden from these docs. |
//! | `internals` | no | every internal module public, for this repository's tests, examples, benchmarks and fuzz targets; no semver promise. |
//! | `fuzzing`, `oracle` | no | fuzz-input decoding; the reference crate and the differential checks (tests, fuzz targets, `build2d check`). |
//! | `mutations` | no | deliberate rule breaks for `build2d serve --mutate` (proving the harness); never in a real build. |
#![forbid(unsafe_code)]
// Clause IDs such as `[A3]` are written in brackets, not intra-doc links.
#![allow(rustdoc::broken_intra_doc_links)]
#![warn(missing_docs)]

/// Declares internal modules: private to the crate, public with the `internals` feature
/// (this repository's tests, examples, benchmarks and fuzz targets; not an API).
macro_rules! internal {
    ($($(#[$attr:meta])* $name:ident;)*) => {$(
        $(#[$attr])*
        #[cfg(feature = "internals")]
        pub mod $name;
        $(#[$attr])*
        #[cfg(not(feature = "internals"))]
        mod $name;
    )*};
}

internal! {
    arrangement;
    cdt;
    construct;
    error;
    grid;
    label;
    navmesh;
    offset;
    partition;
    pipeline;
    predicates;
    region;
    rings;
    shrink;
    simple_outline;
    tile_map;
    triangulate;
}

// The status list the label sweep and the noded check share.
mod gap_list;

// Compressed lists, shared by the arrangement's searches and the shrink's cover check.
mod lists;

// Checkers of typed outputs, for tests and fuzzers only.
#[cfg(feature = "internals")]
pub mod validity;
#[cfg(all(test, not(feature = "internals")))]
mod validity;

// The mutation hooks are in the engine; the switch is public only with `mutations`.
#[cfg(feature = "mutations")]
pub mod mutation;
#[cfg(not(feature = "mutations"))]
mod mutation;

// The conformance layer: public for the binary (feature `conform`, on with `cli`), not
// part of the API, so hidden from the docs.
#[cfg(feature = "conform")]
#[doc(hidden)]
pub mod case;
#[cfg(feature = "conform")]
#[doc(hidden)]
pub mod conform;
#[cfg(feature = "oracle")]
#[doc(hidden)]
pub mod diff;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
#[cfg(any(feature = "conform", feature = "internals"))]
#[doc(hidden)]
pub mod svg;
// Also in every test build: the unit tests draw their random cases from its generator.
#[cfg(any(test, feature = "conform", feature = "internals"))]
#[doc(hidden)]
pub mod workloads;

pub mod progress;

mod workspace;

pub use error::{Axis, Error, Location, Result};
pub use grid::{Geometry2DOptions, GridPoint, DEFAULT_SNAP_BITS, MAX_COORDINATE, MAX_SNAP_BITS};
pub use navmesh::{NavPath, ObjAxes, PathFinder, Portal};
pub use offset::{Join, MAX_DISTANCE};
pub use partition::{ConvexPartition, DEFAULT_MAX_VERTICES, MAX_VERTICES_RANGE};
pub use pipeline::{MapSource, Mesh2DPipeline, NavMesh, PipelineStages};
pub use progress::{BuildControl, NoControl, Progress, Stage, Step};
pub use region::{Outline, Region};
pub use shrink::pipeline_arc_tolerance;
pub use triangulate::Triangulation;
pub use workspace::Workspace;
