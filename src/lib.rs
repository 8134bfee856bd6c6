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
//! let mesh = Mesh2DPipeline { agent_radius: 0.25, max_vertices: 6, options }.build(&source)?;
//! assert!(!mesh.polygons.is_empty());
//! # Ok::<(), build2d::Error>(())
//! ```
#![forbid(unsafe_code)]
// Clause IDs such as `[A3]` are written in brackets, not intra-doc links.
#![allow(rustdoc::broken_intra_doc_links)]
#![warn(missing_docs)]

pub mod arrangement;
pub mod case;
pub mod cdt;
#[cfg(feature = "conform")]
pub mod conform;
pub mod construct;
#[cfg(feature = "oracle")]
pub mod diff;
pub mod error;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod grid;
pub mod label;
#[doc(hidden)]
pub mod mutation;
pub mod navmesh;
pub mod offset;
pub mod partition;
pub mod pipeline;
pub mod predicates;
pub mod progress;
pub mod region;
pub mod rings;
pub mod shrink;
#[doc(hidden)]
pub mod simple_outline;
pub mod svg;
pub mod tile_map;
pub mod triangulate;
pub mod validity;
pub mod workloads;

pub use error::{Axis, Error, Location, Result};
pub use grid::{Geometry2DOptions, GridPoint};
pub use pipeline::{MapSource, Mesh2DPipeline, NavMesh};
pub use region::{Outline, Region};
