//! Shared by the differential test files.

use proptest::test_runner::{Config, FileFailurePersistence};

/// The default proptest config (so `PROPTEST_CASES` applies) with failures saved beside
/// the test file (`tests/<file>.regressions`), which proptest replays first next time.
pub fn proptest_config() -> Config {
    Config {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    }
}

/// The lattice points on the circle of radius 5 around the origin: cocircular sets.
#[allow(dead_code)] // not every test file that includes this module uses it
pub const PYTHAGOREAN_OFFSETS: [(i64, i64); 12] = [
    (5, 0),
    (4, 3),
    (3, 4),
    (0, 5),
    (-3, 4),
    (-4, 3),
    (-5, 0),
    (-4, -3),
    (-3, -4),
    (0, -5),
    (3, -4),
    (4, -3),
];
