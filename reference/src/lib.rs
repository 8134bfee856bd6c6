//! # build2d-reference
//!
//! The oracle for build2d: brute force over BigRational, written from the specification
//! and the project's spec notes (docs/spec-notes.md), never from the engine's code. It
//! does not depend on the engine crate.
#![forbid(unsafe_code)]
// Clause IDs such as `[A3]` are written in brackets, not intra-doc links.
#![allow(rustdoc::broken_intra_doc_links)]
#![warn(missing_docs)]

pub mod arrangement;
pub mod case;
pub mod cdt;
pub mod check;
pub mod construct;
pub mod error;
pub mod geom;
pub mod grid;
pub mod label;
pub mod mutation;
pub mod offset;
pub mod partition;
pub mod pipeline;
pub mod predicates;
pub mod region;
pub mod rings;
pub mod shrink;
pub mod tile_map;
pub mod triangulate;
