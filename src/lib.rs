//! # build2d
//!
//! Exact 2D geometry for navigation meshes: outlines and tile maps become regions;
//! regions go through snap-rounded boolean operations and offsets, a constrained
//! Delaunay triangulation and a convex partition with adjacency. Every stage is exact
//! integer geometry on a snap grid and the output is defined bit for bit by the
//! specification (clause IDs such as `[A3]` in comments refer to it).
//!
//! See `docs/architecture.md` for the stages and the types between them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod arrangement;
pub mod case;
pub mod cdt;
pub mod construct;
#[cfg(feature = "oracle")]
pub mod diff;
pub mod error;
pub mod grid;
pub mod label;
pub mod offset;
pub mod partition;
pub mod pipeline;
pub mod predicates;
pub mod region;
pub mod rings;
pub mod shrink;
pub mod svg;
pub mod tile_map;
pub mod triangulate;
pub mod validity;
pub mod workloads;

pub use error::{Axis, Error, Location, Result};
pub use grid::{Geometry2DOptions, GridPoint};
pub use pipeline::{MapSource, Mesh2DPipeline, NavMesh};
pub use region::{Outline, Region};
