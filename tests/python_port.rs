//! The example port in Python (`examples/ports/python/build2d_port.py` and `cdt.py`,
//! written from the specification) passes the corpus and random cases of every op
//! through the harness, and one-line breaks in it are caught and located at their stage.
//! So the protocol, the corpus and the whole specification (snapping, predicates, the
//! arrangement and its labels, regions, booleans, offsets, the shrink, the CDT, the region
//! triangulation, the convex partition and the pipeline) are enough for a port in another
//! language.
//!
//! Needs `python3` on the PATH (CI has it); set `BUILD2D_NO_PYTHON=1` to skip where it
//! is missing, so that a missing interpreter is never a silent pass.

use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_build2d");
const PORT_DIR: &str = "examples/ports/python";
const PORT: &str = "examples/ports/python/build2d_port.py";
/// The port's files (the second holds the triangulation stages).
const PORT_FILES: [&str; 2] = ["build2d_port.py", "cdt.py"];
/// The ops the port declares, in its order.
const OPS: &str = "snap orient inCircle crossing pixel arrangement boundary fromOutlines \
                   fromTileMap union intersection difference xor offset shrink offsetEdges \
                   shrinkEdges cdt triangulate partitionConvex mesh";

fn python() -> Option<&'static str> {
    if std::env::var_os("BUILD2D_NO_PYTHON").is_some() {
        eprintln!("BUILD2D_NO_PYTHON is set: the Python port is not run");
        return None;
    }
    let found = Command::new("python3").arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "python3 is not on the PATH (set BUILD2D_NO_PYTHON=1 to skip this test)"
    );
    Some("python3")
}

/// `build2d conform` on `port` with `args` (split on whitespace): its exit status and
/// report.
fn conform(port: &str, args: &str, tag: &str) -> (Option<i32>, Value) {
    let report = std::env::temp_dir().join(format!(
        "build2d-python-port-{}-{tag}.json",
        std::process::id()
    ));
    let out = Command::new(BIN)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["conform", "-q", "--port", port, "--report"])
        .arg(&report)
        .args(args.split_whitespace())
        .output()
        .unwrap();
    let text = std::fs::read_to_string(&report)
        .unwrap_or_else(|_| panic!("no report: {}", String::from_utf8_lossy(&out.stderr)));
    let _ = std::fs::remove_file(&report);
    (out.status.code(), serde_json::from_str(&text).unwrap())
}

#[test]
fn the_python_port_passes_its_ops() {
    let Some(python) = python() else { return };
    let port = format!("{python} {PORT}");
    let (status, report) = conform(&port, "", "corpus");
    assert_eq!(status, Some(0), "{}", report["failures"]);
    assert_eq!(report["implementation"]["language"], "Python");
    let declared: Vec<&str> = report["implementation"]["ops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|op| op.as_str().unwrap())
        .collect();
    assert_eq!(declared.join(" "), OPS);
    for op in OPS.split(' ') {
        // Every vector of the op ran and passed (the corpus has 20 or more per op).
        let counts = &report["ops"][op];
        assert!(counts["passed"].as_u64().unwrap() >= 20, "{op}: {counts}");
    }
    assert_eq!(report["totals"]["failed"], 0);
    let out = std::env::temp_dir().join(format!("build2d-python-port-{}-out", std::process::id()));
    // Random cases: 1,000 of every op but three, 30 offsets and shrinks and 20 meshes
    // (their circle polygons make the brute-force arrangement slow; the fed edges alone
    // are quick).
    let slow = ["offset", "shrink", "mesh"];
    let fast: Vec<&str> = OPS.split(' ').filter(|op| !slow.contains(op)).collect();
    let runs = [
        (fast.join(","), 1000, 5, 12),
        ("offset,shrink".into(), 30, 6, 12),
        ("mesh".into(), 20, 7, 6),
    ];
    for (ops, n, seed, size) in runs {
        let args = format!(
            "--random {n} --seed {seed} --size {size} --ops {ops} --out {}",
            out.display()
        );
        let (status, report) = conform(&port, &args, "random");
        assert_eq!(status, Some(0), "{}", report["failures"]);
        assert_eq!(report["totals"]["passed"], n);
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// One-line breaks, each failed in corpus and in random mode, and each random failure
/// located at its stage: the crossing rounded down at a half instead of up (X8); the
/// reroute visiting its pixels in (x, y) order instead of along the edge (X7), which a
/// fromOutlines case shows and the harness traces to the arrangement; the turn at a
/// shared vertex taken counter-clockwise ([R5]), which the harness finds in
/// fromOutlines itself, the arrangement and the boundary under it agreeing;
/// intersection selecting the union's faces ([X1]), found in the boundary of its
/// operands' arrangement; the shrink's sectors cut from the circumscribed polygon
/// instead of the equal-area ring ([E1]), found in the shrink's fed edges
/// (`shrinkEdges`); Sloan's queue retrying an edge at once instead of last ([D6]),
/// which a triangulation shows and the harness traces to the CDT; the partition's
/// candidates taken by index instead of longest first ([PC1]), found in the partition.
/// Where a failure is located: its first divergent stage, or the op itself when no stage
/// before it differs (the report then has no `stage`).
fn located(failure: &Value) -> &Value {
    failure.get("stage").unwrap_or(&failure["op"])
}

#[test]
fn a_broken_python_port_is_caught_and_located() {
    let Some(python) = python() else { return };
    // (the file, the line, its break, "corpus op, random op (- for none), the stage the
    // failure is located at")
    let breaks = [
        (
            "build2d_port.py",
            "+ den) // (2 * den)",
            "- den) // (2 * den)",
            "crossing crossing crossing",
        ),
        (
            "build2d_port.py",
            "met.sort(key=lambda c: ((c[0] - a[0]) * d[0] + (c[1] - a[1]) * d[1], c))",
            "met.sort()",
            "arrangement fromOutlines arrangement",
        ),
        (
            "build2d_port.py",
            "d = rays[back - 1]",
            "d = rays[(back + 1) % len(rays)]",
            "fromOutlines fromOutlines fromOutlines",
        ),
        (
            "build2d_port.py",
            "w = equal_area_ring(r, m)",
            "w = [(rhe(x), rhe(y)) for x, y in circumscribed(r, m)]",
            // Corpus mode only: shrinking a random shrink case costs minutes in Python.
            "shrink - shrinkEdges",
        ),
        (
            "build2d_port.py",
            "w[0] > 0 and w[1] > 0,",
            "w[0] > 0 or w[1] > 0,",
            "intersection intersection boundary",
        ),
        (
            "cdt.py",
            "queue.append(e)",
            "queue.insert(head, e)",
            "triangulate triangulate cdt",
        ),
        (
            "cdt.py",
            "candidates.sort()  # 2. length descending, then lo, then hi",
            "candidates.sort(key=lambda c: (c[1], c[2]))",
            "partitionConvex partitionConvex partitionConvex",
        ),
    ];
    for (file, line, broken_line, ops) in breaks {
        let [corpus_op, random_op, stage]: [&str; 3] =
            ops.split(' ').collect::<Vec<_>>().try_into().unwrap();
        let dir = std::env::temp_dir().join(format!(
            "build2d-python-port-{}-broken-{stage}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        for name in PORT_FILES {
            let source = std::fs::read_to_string(format!("{PORT_DIR}/{name}")).unwrap();
            let written = if name == file {
                let broken = source.replace(line, broken_line);
                assert_ne!(broken, source, "the line to break is gone: {line}");
                broken
            } else {
                source
            };
            std::fs::write(dir.join(name), written).unwrap();
        }
        let port = format!("{python} {}", dir.join(PORT_FILES[0]).display());
        let args = format!("--ops {corpus_op} --timeout-ms 3000");
        let (status, report) = conform(&port, &args, "broken-corpus");
        assert_eq!(status, Some(1), "{stage}");
        assert!(
            report["ops"][corpus_op]["failed"].as_u64().unwrap() > 0,
            "{stage}"
        );
        if random_op == "-" {
            // Corpus mode locates it too.
            for failure in report["failures"].as_array().unwrap() {
                assert_eq!(failure["op"], corpus_op);
                assert_eq!(located(failure), stage, "{failure}");
            }
            let _ = std::fs::remove_dir_all(&dir);
            continue;
        }
        let args = format!(
            "--random 300 --seed 1 --ops {random_op} --max-failures 1 --timeout-ms 3000 --out {}",
            dir.join("out").display()
        );
        let (status, report) = conform(&port, &args, "broken-random");
        assert_eq!(status, Some(1), "{stage}");
        let failure = &report["failures"][0];
        assert_eq!(failure["op"], random_op);
        assert_eq!(located(failure), stage, "{failure}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
