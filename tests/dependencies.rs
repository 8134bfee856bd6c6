//! Issue 17's dependency rule: without default features the library depends on `robust`
//! alone (`cargo tree -e normal --no-default-features -p build2d`).

use std::process::Command;

#[test]
fn the_library_alone_depends_on_robust_alone() {
    let out = Command::new(env!("CARGO"))
        .args([
            "tree",
            "-e",
            "normal",
            "--no-default-features",
            "-p",
            "build2d",
        ])
        .args([
            "--prefix",
            "none",
            "--format",
            "{p}",
            "--locked",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names, ["build2d", "robust"]);
}
