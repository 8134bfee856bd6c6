//! Plain data shared by the reference stages. Coordinates are grid integers (the spec
//! bounds them by 2^39); all arithmetic on them is done in BigInt / BigRational by the
//! stage that needs it.

/// A grid point, ordered by (x, y).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// x in grid units.
    pub x: i64,
    /// y in grid units.
    pub y: i64,
}

/// A directed input edge of the arrangement, tagged 0, 1 or 2 (= both operands).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Edge {
    /// Start.
    pub from: Point,
    /// End.
    pub to: Point,
    /// 0, 1 or 2 (both).
    pub tag: u8,
}

/// The noded arrangement: sorted vertices, segments (a < b, sorted) with net counts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Arrangement {
    /// Sorted distinct vertices (exactly the endpoints of the segments).
    pub vertices: Vec<Point>,
    /// (a, b, [net0, net1]) with a < b, sorted, never both nets zero.
    pub segments: Vec<(usize, usize, [i64; 2])>,
}

/// A region: snap bits and canonical rings (interior on the left).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Region {
    /// Snap bits of its grid.
    pub snap_bits: u8,
    /// Canonical rings ([R6]).
    pub rings: Vec<Vec<Point>>,
}
