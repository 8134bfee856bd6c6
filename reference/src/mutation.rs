//! Named mutations of the reference's outcome-choosing rules, for the corpus mutation
//! study (docs/verification.md). Each mutation is a plausible misreading of one rule; a
//! one-line hook `if mutation::active(Mutation::X)` sits at the rule. The active mutation
//! is read once from the environment variable `BUILD2D_REF_MUTATION` and only with the
//! feature `mutations`; without the feature `active` is always false and compiles away.

use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::json;

use crate::cdt::Slot;
use crate::error::RefError;
use crate::geom::Point;

macro_rules! mutations {
    ($($name:ident => $rule:literal, $what:literal;)*) => {
        /// One misreading of one rule.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Mutation {
            $(
                #[doc = $what]
                $name,
            )*
        }

        impl Mutation {
            /// Every mutation, in table order.
            pub const ALL: &'static [Mutation] = &[$(Mutation::$name),*];

            /// The name used in `BUILD2D_REF_MUTATION`.
            pub fn name(self) -> &'static str {
                match self { $(Mutation::$name => stringify!($name)),* }
            }

            /// The clause or resolution the mutation breaks.
            pub fn rule(self) -> &'static str {
                match self { $(Mutation::$name => $rule),* }
            }

            /// What the mutated reference does instead.
            pub fn description(self) -> &'static str {
                match self { $(Mutation::$name => $what),* }
            }
        }
    };
}

mutations! {
    // CDT, docs/cdt.md and X15.
    FlipSwapSlots => "[D5] 4.4 flip table", "a flip gives the two new triangles each other's slots";
    SloanLargerSlot => "[D6] 5 roles", "Sloan's loop takes the roles a, b, c, d from the larger slot of the edge";
    D7ScanReverse => "[D7] 6 scan order", "the [D7] pass scans slots from last to first";
    Split13Rotated => "[D5] 4.2 split table", "the 1→3 split's slot table rotated (t gets (b, c, p))";
    SplitEdgeLargerSlot => "[D5] 4.1/4.3 edge split slot", "the 2→4 split starts from the larger of the two slots of the edge";
    ConstraintsInputOrder => "[D6] 5 constraint order", "constraints inserted in input order, not sorted (A, B) order";
    BrioTopCeil => "[D2] top", "BRIO's top from ceil(log2 n) instead of floor";
    BrioHashIndexPlusOne => "[D2] hash", "the round of vertex i from h(i + 1)";
    BrioRoundsAscending => "[D2] round order", "BRIO rounds inserted from 0 up to top";
    BrioFrom65 => "[D3] the <64 rule", "the sorted order used up to 64 points (BRIO from 65)";
    HilbertTransposed => "[D3] Hilbert key", "the Hilbert key of (cy, cx) instead of (cx, cy)";
    HilbertTieIndexDescending => "[D3] key ties", "equal Hilbert keys inserted by decreasing index";
    HilbertGrid2048 => "[D3] cell shift", "the cell shift makes the extents below 2048 instead of 4096";
    LegaliseCocircularFlip => "[D5] 4.5 cocircular", "legalisation flips cocircular (in-circle = 0) edges too";
    SloanConvexNonStrict => "[D6] 5 convexity", "Sloan flips when the quadrilateral is convex or degenerate (≥ 0)";
    SloanRequeueFront => "[D6] 5 queue", "an edge Sloan cannot flip yet goes to the front of the queue";
    D7NoConvexity => "[D7] 6 convexity test", "the [D7] pass flips without testing that the quadrilateral is strictly convex";
    D7CocircularFlip => "[D7] 6 strictness", "the [D7] pass flips cocircular edges too";
    Tr3RotateToLargest => "[TR3] / 7.1 rotation", "output triangles rotated to start at their largest index";
    // Arrangement and regions.
    A2HalfDown => "[A2] X8 rounding tie", "a rounded crossing's halves go down (towards −∞)";
    A3TieDescending => "[A3] X7 tie order", "pixels at equal projection met in decreasing (x, y)";
    X4HalfUp => "X4 snapping tie", "snapping rounds halves up instead of to even";
    L5EvenOddPositive => "[L5] X1 even-odd entry", "even-odd inside taken as w0 > 0";
    L5UnionBoth => "[L5] X1 union entry", "union: a face inside both operands is outside";
    L5IntersectionLeft => "[L5] X1 intersection entry", "intersection: a face inside only the left operand is inside";
    L5DifferenceBoth => "[L5] X1 difference entry", "difference: a face inside both operands is inside";
    L5XorBoth => "[L5] X1 xor entry", "xor: a face inside both operands is inside";
    R5TurnCounterClockwise => "[R5] turn", "at a vertex the ring continues along the first edge met turning counter-clockwise";
    R6StartLargestTarget => "[R6] start", "a ring starts at its smallest vertex, ties by the larger next vertex";
    R6RingsDescending => "[R6] ring order", "rings sorted by decreasing first edge";
    X6DropAtMeetings => "[R4] X6 collinear rule", "collinear vertices dropped also where several boundary edges meet";
    T2Fused => "[T2] X5 grid line", "grid line origin + i·cellSize with a fused multiply-add";
    X3TileCellSizeFirst => "X3 tile map: cells before cellSize", "tile map checks the cell size before the cell count";
    X3TileYLinesFirst => "X3 tile map: x lines before y lines", "tile map checks the y grid lines before the x lines";
    X3OutlineYFirst => "X3 outlines: x before y", "a vertex's y is checked before its x";
    X3OutlineCoordinatesFirst => "X3 outlines: ring size before coordinates", "a ring's coordinates are checked before its vertex count";
    X3CdtOrderFirst => "X3 / cdt.md 2: range before order", "cdt checks the points' order before their range";
    X3CdtConstraintsFirst => "X3 / cdt.md 2: points before constraints", "cdt checks constraints before points";
    X3MeshCellSizeFirst => "X18 mesh: outlines before cellSize", "mesh checks an outline source's cell size before the outlines";
    X3MeshMaxVerticesFirst => "X18 mesh: agentRadius before maxVertices", "mesh checks maxVertices before agentRadius";
    // Offsets and the pipeline.
    X11HalfUp => "X11 rounding", "constructed points round halves up instead of to even";
    X12StrictThreshold => "X12 [O3] threshold", "m chosen with r / c − r < tol instead of ≤";
    O3TableFrom16 => "[O3] m table", "the search for m starts at 16 (8 left out)";
    O3Fallback128 => "[O3] m fallback", "when no m passes, m = 128 instead of 256";
    X12ToleranceFloor => "X12 tolerance", "tol = max(1, r/128) also when arcTolerance·2^S ≥ 1";
    O4RotateClockwise => "[O4] X12 rotation", "the circle polygon built by clockwise rotation from (r, −h)";
    S7NoHalfCap => "[S7] X18 tolerance cap", "the pipeline tolerance max(cell/4, 0.0825·radius) without the cell/2 cap";
    S7NoQuarterFloor => "[S7] X18 tolerance", "the pipeline tolerance min(0.0825·radius, cell/2) without the cell/4 floor";
    // Convex partition, docs/spec/partition.md.
    X17ExactLength => "X17 1 squared length", "the diagonals' squared lengths compared exactly (i128) instead of in f64";
    X17LimitStrict => "X17 3(a) limit", "a join allowed only when the joined polygon has fewer than maxVertices vertices (< for ≤)";
    PC1TieDescending => "[PC1] tie order", "diagonals of equal f64 length taken by decreasing (smaller, larger) index";
    PC2NoSharedVertexTest => "[PC2] X17 3(b)", "a join allowed although the two polygons share a third vertex";
    PC2StrictCorners => "[PC2] X17 3(c)", "a join refused when it leaves a straight corner at a or b";
    PC4NoRotation => "[PC4] rotation", "output cycles left as the joins built them, not rotated to the smallest index";
    PC4SlotOrder => "[PC4] polygon order", "polygons listed in slot order instead of sorted";
    PC5ShiftedNeighbors => "[PC5] neighbour slot", "entry i names the neighbour across (v_{i−1}, v_i) instead of (v_i, v_{i+1})";
}

/// X17 misread: the squared length of b − a exactly, in i128.
pub fn exact_squared_length(a: Point, b: Point) -> i128 {
    let dx = i128::from(b.x) - i128::from(a.x);
    let dy = i128::from(b.y) - i128::from(a.y);
    dx * dx + dy * dy
}

/// The mutation named by `BUILD2D_REF_MUTATION` (read once), or `None`.
#[cfg(feature = "mutations")]
pub fn current() -> Option<Mutation> {
    use std::sync::OnceLock;
    static CURRENT: OnceLock<Option<Mutation>> = OnceLock::new();
    *CURRENT.get_or_init(|| {
        let name = std::env::var("BUILD2D_REF_MUTATION").ok()?;
        if name.is_empty() {
            return None;
        }
        match Mutation::ALL.iter().find(|m| m.name() == name) {
            Some(m) => Some(*m),
            None => panic!("BUILD2D_REF_MUTATION: unknown mutation `{name}`"),
        }
    })
}

/// Without the feature no mutation is ever active.
#[cfg(not(feature = "mutations"))]
pub fn current() -> Option<Mutation> {
    None
}

/// True when `m` is the active mutation.
#[inline]
pub fn active(m: Mutation) -> bool {
    cfg!(feature = "mutations") && current() == Some(m)
}

/// Moves the content of slot `cycle[k + 1]` into slot `cycle[k]` (and of `cycle[0]` into
/// the last), renaming every neighbour link: the same triangulation in other slots.
pub fn permute_slots(slots: &mut [Slot], cycle: &[usize]) {
    let k = cycle.len();
    let old: Vec<Slot> = cycle.iter().map(|&t| slots[t]).collect();
    for i in 0..k {
        slots[cycle[i]] = old[(i + 1) % k];
    }
    // The content that was in slot cycle[i + 1] is now in cycle[i].
    let rename = |x: usize| -> usize {
        match cycle.iter().position(|&t| t == x) {
            Some(i) => cycle[(i + k - 1) % k],
            None => x,
        }
    };
    for s in slots.iter_mut() {
        for nb in s.nb.iter_mut() {
            *nb = nb.map(rename);
        }
    }
}

/// The largest slot holding the undirected edge {x, y}, and the edge's position in it.
pub fn larger_slot(slots: &[Slot], x: usize, y: usize) -> Option<(usize, usize)> {
    slots.iter().enumerate().rev().find_map(|(t, s)| {
        s.edge_position(x, y)
            .or_else(|| s.edge_position(y, x))
            .map(|k| (t, k))
    })
}

/// The X1 table with one entry changed, for the `L5…` mutations (`op` is the
/// `region::Operation` discriminant: even-odd, union, intersection, difference, xor).
pub fn mutated_inside(op: u8, w: [i64; 2]) -> Option<bool> {
    let (a, b) = (w[0] > 0, w[1] > 0);
    let entry = [
        (Mutation::L5EvenOddPositive, a && w[0] % 2 == 0, true),
        (Mutation::L5UnionBoth, a && b, false),
        (Mutation::L5IntersectionLeft, a && !b, true),
        (Mutation::L5DifferenceBoth, a && b, true),
        (Mutation::L5XorBoth, a && b, true),
    ][usize::from(op)];
    (active(entry.0) && entry.1).then_some(entry.2)
}

/// X3 misread: a ring's coordinates checked before its vertex count.
pub fn check_coordinates_first(ring: &[[f64; 2]], o: usize, r: usize) -> Result<(), RefError> {
    for (v, p) in ring.iter().enumerate() {
        for (axis, name) in [(0usize, "x"), (1, "y")] {
            if !crate::region::coordinate_in_range(p[axis]) {
                return Err(RefError::OutOfRange {
                    location: json!({"kind": "vertex", "outline": o, "ring": r, "vertex": v, "axis": name}),
                    value: p[axis],
                });
            }
        }
    }
    Ok(())
}

/// [A2] misread: a crossing rounded with halves down, ceil(v − 1/2).
pub fn round_half_down_point(x: &BigRational, y: &BigRational) -> Option<Point> {
    let down = |v: &BigRational| -> Option<i64> {
        let half = BigRational::new(BigInt::from(1), BigInt::from(2));
        i64::try_from((v - half).ceil().to_integer()).ok()
    };
    Some(Point {
        x: down(x)?,
        y: down(y)?,
    })
}
