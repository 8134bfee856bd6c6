//! Deliberate rule breaks for proving the conformance harness (`build2d serve --mutate
//! NAME`, feature `mutations`, never in a library user's build). Each hook is one line
//! `if mutation::active(Mutation::X)` next to the rule it breaks; without the feature
//! `active` is a constant `false` and the hooks compile to nothing.

/// One broken rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Mutation {
    /// [A2]: the rounding tie of a crossing goes down instead of up.
    RoundingTie = 1,
    /// [R5]: ring tracing turns counter-clockwise instead of clockwise at a pinch.
    RingTurn,
    /// [R6]: rings start at their second smallest directed edge.
    RingStart,
    /// X12: the circle polygon takes one vertex more than the least m.
    ArcSegments,
    /// [E4]: the equal-area bisection keeps the other half.
    EqualArea,
    /// The surviving diagonal of a cocircular tie: the other one.
    CocircularDiagonal,
    /// [D7]: the scan runs over the edges in reverse order.
    D7ScanOrder,
    /// Sloan's queue is worked last-in first-out.
    SloanQueue,
    /// [PC1]: merge candidates in reverse order.
    PartitionOrder,
    /// One error kind: a ring of fewer than 3 vertices is reported as outOfRange.
    ErrorKind,
}

/// Every mutation with its command-line name.
#[cfg(feature = "mutations")]
pub const ALL: &[(Mutation, &str)] = &[
    (Mutation::RoundingTie, "a2-rounding-tie"),
    (Mutation::RingTurn, "r5-turn"),
    (Mutation::RingStart, "r6-ring-start"),
    (Mutation::ArcSegments, "x12-m-choice"),
    (Mutation::EqualArea, "e4-bisection"),
    (Mutation::CocircularDiagonal, "cocircular-diagonal"),
    (Mutation::D7ScanOrder, "d7-scan-order"),
    (Mutation::SloanQueue, "sloan-queue"),
    (Mutation::PartitionOrder, "pc1-candidate-order"),
    (Mutation::ErrorKind, "error-kind"),
];

/// The mutation of a command-line name.
#[cfg(feature = "mutations")]
pub fn by_name(name: &str) -> Option<Mutation> {
    ALL.iter().find(|(_, n)| *n == name).map(|(m, _)| *m)
}

#[cfg(feature = "mutations")]
static ACTIVE: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Switches one mutation on for the whole process (set once, at start-up).
#[cfg(feature = "mutations")]
pub fn set(m: Mutation) {
    ACTIVE.store(m as u8, std::sync::atomic::Ordering::Relaxed);
}

/// Whether `m` is the active mutation.
#[cfg(feature = "mutations")]
#[inline]
pub fn active(m: Mutation) -> bool {
    ACTIVE.load(std::sync::atomic::Ordering::Relaxed) == m as u8
}

/// Without the `mutations` feature no mutation is ever active.
#[cfg(not(feature = "mutations"))]
#[inline(always)]
pub const fn active(_: Mutation) -> bool {
    false
}
