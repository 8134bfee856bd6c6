//! # build2d
//!
//! Exact 2D geometry for navigation meshes: outlines and tile maps become regions;
//! regions go through snap-rounded boolean operations and offsets, a constrained
//! Delaunay triangulation and a convex partition with adjacency. Every stage is exact
//! integer geometry on a snap grid and the output is defined bit for bit by the
//! specification (clause IDs such as `[A3]` in comments refer to it).
//!
//! See `docs/architecture.md` for the stages and the types between them.
//!
//! ```
//! use build2d::{Geometry2DOptions, Mesh2DPipeline, MapSource, Outline, Region};
//!
//! let options = Geometry2DOptions::new(8)?; // grid unit 2^-8
//! // Two overlapping squares, each its own outline (read even-odd), then unioned.
//! let square = |x: f64, y: f64| Outline {
//!     rings: vec![vec![[x, y], [x + 2.0, y], [x + 2.0, y + 2.0], [x, y + 2.0]]],
//! };
//! let region = Region::from_outlines(&[square(0.0, 0.0), square(1.0, 1.0)], options)?;
//! assert_eq!(region.rings().len(), 1);
//! assert_eq!(region.area2(), 2 * 7 * 256 * 256); // area 7 square units, doubled, in grid units
//!
//! // Boolean operations, offsets and the triangulation work on regions.
//! let hole = Region::from_outlines(&[square(0.5, 0.5)], options)?;
//! let ring = region.difference(&hole)?;
//! let triangles = ring.triangulate()?;
//! assert!(triangles.triangles.len() > 4);
//!
//! // The navmesh pipeline: region → shrink → triangulate → convex partition.
//! let source = MapSource::Outlines { outlines: vec![square(0.0, 0.0), square(1.0, 1.0)], cell_size: 0.25 };
//! let mesh = Mesh2DPipeline::new(0.25, 6, options).build(&source)?;
//! assert!(!mesh.polygons.is_empty());
//! # Ok::<(), build2d::Error>(())
//! ```
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
#[cfg(any(feature = "conform", feature = "internals"))]
#[doc(hidden)]
pub mod workloads;

pub use error::{Axis, Error, Location, Result};
pub use grid::{Geometry2DOptions, GridPoint, DEFAULT_SNAP_BITS, MAX_COORDINATE, MAX_SNAP_BITS};
pub use navmesh::{ObjAxes, Portal};
pub use offset::{Join, MAX_DISTANCE};
pub use partition::{ConvexPartition, DEFAULT_MAX_VERTICES, MAX_VERTICES_RANGE};
pub use pipeline::{MapSource, Mesh2DPipeline, NavMesh, PipelineStages};
pub use region::{Outline, Region};
pub use shrink::pipeline_arc_tolerance;
pub use triangulate::Triangulation;
