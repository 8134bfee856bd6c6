//! The one error type of the crate. Every bad input maps to one of four kinds (X3);
//! no input may panic.

use std::fmt;

/// Which coordinate of a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Axis {
    /// The x coordinate (or a vertical grid line of a tile map).
    X,
    /// The y coordinate (or a horizontal grid line of a tile map).
    Y,
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Axis::X => "x",
            Axis::Y => "y",
        })
    }
}

/// Where an out-of-range value was found ([G1], [O6], X3).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "camelCase"))]
#[non_exhaustive]
pub enum Location {
    /// A vertex coordinate of an input outline.
    Vertex {
        /// Index of the outline in the input list.
        outline: usize,
        /// Index of the ring inside the outline.
        ring: usize,
        /// Index of the vertex inside the ring.
        vertex: usize,
        /// Which coordinate.
        axis: Axis,
    },
    /// A tile-map grid line `origin + i × cell_size` (X5).
    GridLine {
        /// x lines are checked before y lines.
        axis: Axis,
        /// The line index i, 0 ..= width (or height).
        line: usize,
    },
    /// A ring of an input outline (e.g. one with fewer than 3 vertices, X2).
    Ring {
        /// Index of the outline in the input list.
        outline: usize,
        /// Index of the ring inside the outline.
        ring: usize,
    },
    /// A scalar argument such as an offset distance or an agent radius.
    Argument {
        /// The argument's name as in the API (`distance`, `radius`, ...).
        name: String,
    },
    /// A constructed point (offset or shrink geometry), the first in generation order ([O6]).
    Constructed {
        /// Position of the point in generation order.
        index: usize,
        /// Which coordinate.
        axis: Axis,
    },
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Vertex {
                outline,
                ring,
                vertex,
                axis,
            } => write!(f, "outline {outline}, ring {ring}, vertex {vertex}, {axis}"),
            Location::GridLine { axis, line } => write!(f, "tile-map {axis} grid line {line}"),
            Location::Ring { outline, ring } => write!(f, "outline {outline}, ring {ring}"),
            Location::Argument { name } => write!(f, "argument `{name}`"),
            Location::Constructed { index, axis } => {
                write!(f, "constructed point {index}, {axis}")
            }
        }
    }
}

/// The error of every fallible operation in build2d.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "camelCase"))]
#[non_exhaustive]
pub enum Error {
    /// A coordinate or scalar is non-finite or beyond its bound ([G1], [O6]).
    OutOfRange {
        /// Where the value was found.
        location: Location,
        /// The offending value (in public units, not grid units).
        value: f64,
    },
    /// An argument is malformed (too few ring vertices, bad snap bits, wrong cell count, ...).
    InvalidArgument {
        /// Which argument (`snap_bits`, `ring`, `cells`, `cell_size`, ...).
        argument: String,
        /// Where inside the argument, when it is a part of a larger input (a ring).
        location: Option<Location>,
        /// Why it was rejected, in words.
        reason: String,
    },
    /// The two operands of a binary operation use different snap bits ([G5]).
    SnapBitsMismatch {
        /// Snap bits of the left operand.
        left: u8,
        /// Snap bits of the right operand.
        right: u8,
    },
    /// An internal guarantee failed (e.g. the repair loop of [A4] did not settle). A defect
    /// of this library, never a property of the input.
    GeometryDefect {
        /// What failed.
        reason: String,
    },
    /// The caller cancelled the build through its
    /// [`BuildControl`](crate::progress::BuildControl): no output was produced.
    Cancelled,
}

impl Error {
    /// Shorthand for [`Error::InvalidArgument`].
    ///
    /// ```
    /// use build2d::Error;
    /// let e = Error::invalid("radius", "must be at least 0");
    /// assert_eq!(e.to_string(), "invalid argument `radius`: must be at least 0");
    /// ```
    pub fn invalid(argument: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::InvalidArgument {
            argument: argument.into(),
            location: None,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::OutOfRange { location, value } => {
                write!(f, "value {value:?} out of range at {location}")
            }
            Error::InvalidArgument {
                argument,
                location,
                reason,
            } => match location {
                Some(at) => write!(f, "invalid argument `{argument}` at {at}: {reason}"),
                None => write!(f, "invalid argument `{argument}`: {reason}"),
            },
            Error::SnapBitsMismatch { left, right } => {
                write!(f, "snap bits mismatch: {left} vs {right}")
            }
            Error::GeometryDefect { reason } => write!(f, "geometry defect: {reason}"),
            Error::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for Error {}

/// Result alias used throughout the crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
