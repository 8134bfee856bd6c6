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
