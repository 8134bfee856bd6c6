//! # build2d-reference
//!
//! The oracle for build2d: brute force over BigRational, written from the specification
//! and the project's spec notes (docs/spec-notes.md), never from the engine's code. It
//! does not depend on the engine crate.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod arrangement;
// Temporary wiring until case/mod.rs dispatches to case::offset::run.
#[allow(dead_code)]
#[path = "case/offset.rs"]
pub mod case_offset;
pub mod construct;
pub mod error;
pub mod geom;
pub mod offset;
pub mod region;
pub mod shrink;
