//! The harness against misbehaving ports (crash, hang, garbage, skip, own crash), the
//! report against its schema, and the protocol schemas against `build2d serve`'s lines.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_build2d");

fn schema(name: &str) -> jsonschema::Validator {
    let path = format!(
        "{}/corpus/schema/protocol-{name}.schema.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::validator_for(&v).unwrap()
}

#[test]
fn serve_lines_follow_the_schemas() {
    let mut child = Command::new(BIN)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let messages = [
        json!({"cmd": "start", "protocol": 1}),
        json!({"cmd": "run", "seq": 0, "case": {"op": "orient", "points": [[0, 0], [1, 0], [0, 1]]}}),
        json!({"cmd": "run", "seq": 1, "case": {"op": "snap", "snapBits": 0, "values": ["NaN"]}}),
        json!({"cmd": "run", "seq": 2, "case": {"op": "nope"}}),
        json!({"cmd": "dance"}),
        json!({"cmd": "stop"}),
    ];
    let mut stdin = child.stdin.take().unwrap();
    for m in &messages {
        writeln!(stdin, "{m}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    for (m, name) in messages.iter().zip(["start", "run", "run", "run"]) {
        assert!(schema(name).is_valid(m), "{m}");
    }
    assert!(schema("stop").is_valid(&messages[5]));
    assert!(schema("ready").is_valid(&lines[0]), "{}", lines[0]);
    for answer in &lines[1..4] {
        assert!(schema("answer").is_valid(answer), "{answer}");
    }
    assert!(schema("error").is_valid(&lines[4]), "{}", lines[4]);
    assert_eq!(lines[3]["expectedError"]["kind"], "malformed");
}

/// A port in shell: orient only; seq 2 exits, seq 4 hangs, seq 6 garbles, seq 8 crashes
/// by its own account, seq 9 skips, the rest answer sign 1.
const BAD_PORT: &str = r#"
while IFS= read -r line; do
  case "$line" in
    *'"start"'*) echo '{"ready":true,"implementation":{"name":"bad","language":"sh","version":"0","ops":["orient"]}}' ;;
    *'"stop"'*) exit 0 ;;
    *) seq=$(echo "$line" | sed 's/.*"seq":\([0-9]*\).*/\1/')
       case "$seq" in
         2) exit 3 ;;
         4) sleep 5 ;;
         6) echo 'garbage' ;;
         8) echo "{\"seq\":$seq,\"crashed\":\"oops\"}" ;;
         9) echo "{\"seq\":$seq,\"skipped\":\"meh\"}" ;;
         *) echo "{\"seq\":$seq,\"expected\":{\"sign\":1}}" ;;
       esac ;;
  esac
done
"#;

#[test]
fn a_misbehaving_port_is_counted_and_restarted() {
    let dir = std::env::temp_dir().join(format!("build2d-conform-protocol-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("bad-port.sh");
    std::fs::write(&script, BAD_PORT).unwrap();
    let (report, junit) = (dir.join("r.json"), dir.join("j.xml"));
    let out = Command::new(BIN)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["conform", "-q", "--timeout-ms", "1000", "--port"])
        .arg(format!("sh {}", script.display()))
        .arg("--report")
        .arg(&report)
        .arg("--junit")
        .arg(&junit)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let r: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let path = format!(
        "{}/corpus/schema/protocol-report.schema.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let report_schema: Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(
        jsonschema::validator_for(&report_schema)
            .unwrap()
            .is_valid(&r),
        "{r}"
    );
    let t = &r["totals"];
    assert_eq!(
        (
            t["crashed"].as_u64(),
            t["timedOut"].as_u64(),
            t["malformed"].as_u64(),
            t["skipped"].as_u64()
        ),
        (Some(2), Some(1), Some(1), Some(1)),
        "{t}"
    );
    assert_eq!(r["restarts"], 3);
    // Every orient vector is run once: the five corner cases above, the rest judged.
    let orient: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{}/corpus/orient.json", env!("CARGO_MANIFEST_DIR")))
            .unwrap(),
    )
    .unwrap();
    let vectors = orient["numberOfTests"].as_u64().unwrap();
    assert!(vectors > 9);
    assert_eq!(
        t["passed"].as_u64().unwrap() + t["failed"].as_u64().unwrap(),
        vectors - 5
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains(&format!("<testsuite name=\"orient\" tests=\"{vectors}\"")),
        "{xml}"
    );
    assert!(xml.contains("sign: expected -1, got 1"));
    // Kept when an assertion above fails, for reading.
    let _ = std::fs::remove_dir_all(&dir);
}

/// A port that is slow on large cases only, as a brute-force port is: it hangs on a cdt
/// case whose line is long and skips short ones. Random mode times out, and the shrinker
/// can only take away one point at a time (taking more makes the case short, skipped,
/// no longer divergent), each try waiting the whole timeout: without the budget this runs
/// for minutes, with `--shrink-seconds 2` it ends in seconds (checked: over 40 s with
/// `--shrink-seconds 100`).
#[test]
fn shrinking_a_hang_stops_at_the_time_budget() {
    const SLOW_PORT: &str = r#"
while IFS= read -r line; do
  case "$line" in
    *'"start"'*) echo '{"ready":true,"implementation":{"name":"slow","language":"sh","version":"0","ops":["cdt"]}}' ;;
    *'"stop"'*) exit 0 ;;
    *) if [ ${#line} -gt 150 ]; then sleep 30; else
         seq=$(echo "$line" | sed 's/.*"seq":\([0-9]*\).*/\1/'); echo "{\"seq\":$seq,\"skipped\":\"small\"}"; fi ;;
  esac
done
"#;
    let dir = std::env::temp_dir().join(format!("build2d-conform-hang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("hang.sh");
    std::fs::write(&script, SLOW_PORT).unwrap();
    let report = dir.join("r.json");
    let start = std::time::Instant::now();
    let out = Command::new(BIN)
        .args(["conform", "-q", "--port-log", "null", "--timeout-ms", "200"])
        .args([
            "--random",
            "5",
            "--seed",
            "1",
            "--size",
            "12",
            "--max-failures",
            "1",
        ])
        .args(["--shrink-seconds", "2"])
        .arg("--port")
        .arg(format!("sh {}", script.display()))
        .arg("--out")
        .arg(dir.join("out"))
        .arg("--report")
        .arg(&report)
        .output()
        .unwrap();
    let took = start.elapsed();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(r["failures"][0]["outcome"], "timedOut", "{r}");
    // The budget, one try of 200 ms past it, the restarts and the first timeout.
    assert!(took < std::time::Duration::from_secs(8), "{took:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
