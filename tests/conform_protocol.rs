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

/// A port in Python for the odd ports below: orient only, `MODE` says how it answers.
const ODD_PORT: &str = r#"
import json, sys, time
mode = sys.argv[1]
out = sys.stdout.buffer
for raw in sys.stdin.buffer:
    m = json.loads(raw)
    if m["cmd"] == "start":
        ready = {"ready": True, "implementation": {"name": "odd", "language": "Python",
                                                   "version": "0", "ops": ["orient"]}}
        out.write((json.dumps(ready) + "\n").encode())
    elif m["cmd"] == "run":
        seq = m["seq"]
        line = lambda a: (json.dumps(dict(seq=seq, **a)) + "\n").encode()
        if mode == "twice":
            out.write(line({"skipped": "twice"}) * 2)
        elif mode == "not-utf8":
            out.write(b"\xff\n")
        elif mode == "uffff":
            out.write(line({"skipped": "\uffff"}))
        elif mode == "crashed":
            out.write(line({"crashed": "nope"}))
        elif mode == "hang":
            time.sleep(30)
    else:
        break
    out.flush()
"#;

/// A scratch directory with the odd port and a corpus of the first two orient vectors.
struct Scratch {
    dir: std::path::PathBuf,
}

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("build2d-{name}-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("corpus")).unwrap();
        std::fs::write(dir.join("odd.py"), ODD_PORT).unwrap();
        let orient = format!("{}/corpus/orient.json", env!("CARGO_MANIFEST_DIR"));
        let mut file: Value =
            serde_json::from_str(&std::fs::read_to_string(orient).unwrap()).unwrap();
        let first: Vec<Value> = file["testGroups"][0]["tests"].as_array().unwrap()[..2].to_vec();
        file["testGroups"] = json!([{"comment": "two", "tests": first}]);
        file["numberOfTests"] = json!(2);
        std::fs::write(dir.join("corpus/orient.json"), file.to_string()).unwrap();
        Scratch { dir }
    }

    fn port(&self, mode: &str) -> String {
        format!("python3 {} {mode}", self.dir.join("odd.py").display())
    }

    /// `build2d conform` on the two vectors with `port`, and the report.
    fn conform(&self, port: &str, args: &[&str]) -> (std::process::Output, Option<Value>) {
        let report = self.dir.join("r.json");
        let _ = std::fs::remove_file(&report);
        let out = Command::new(BIN)
            .args(["conform", "--timeout-ms", "300", "--port", port, "--corpus"])
            .arg(self.dir.join("corpus"))
            .arg("--report")
            .arg(&report)
            .args(args)
            .output()
            .unwrap();
        let report = std::fs::read_to_string(&report)
            .ok()
            .map(|t| serde_json::from_str(&t).unwrap());
        (out, report)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn odd_answers_are_judged_on_their_own_case() {
    let s = Scratch::new("odd-answers");
    // An answer given twice: the extra one is skipped, not taken for the next case's.
    let (out, r) = s.conform(&s.port("twice"), &[]);
    let r = r.unwrap();
    assert_eq!(out.status.code(), Some(0), "{r}");
    assert_eq!(r["totals"]["skipped"], 2, "{r}");
    // A line that is not UTF-8 is a malformed answer, not a crash.
    let (_, r) = s.conform(&s.port("not-utf8"), &[]);
    let r = r.unwrap();
    assert_eq!(r["totals"]["malformed"], 2, "{r}");
    // A harness-detected death has no `got`; a port's own `crashed` has.
    let (_, r) = s.conform(&s.port("hang"), &[]);
    assert!(r.unwrap()["failures"][0].get("got").is_none());
    let (_, r) = s.conform(&s.port("crashed"), &[]);
    assert_eq!(r.unwrap()["failures"][0]["got"], json!({"crashed": "nope"}));
    // A character XML does not allow (U+FFFF) is kept out of the JUnit file.
    let junit = s.dir.join("j.xml");
    s.conform(&s.port("uffff"), &["--junit", junit.to_str().unwrap()]);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("skipped") && !xml.contains('\u{FFFF}'),
        "{xml}"
    );
}

#[test]
fn a_closed_standard_error_does_not_end_the_run() {
    use std::io::{BufRead, BufReader};
    let s = Scratch::new("closed-stderr");
    let report = s.dir.join("r.json");
    let mut child = Command::new(BIN)
        .args(["conform", "--port", &s.port("crashed"), "--corpus"])
        .arg(s.dir.join("corpus"))
        .arg("--report")
        .arg(&report)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "after {first:?}");
    assert!(report.exists());
}

#[test]
fn a_misspelt_vector_file_is_not_passed_over() {
    let s = Scratch::new("misspelt");
    let path = s.dir.join("corpus/orient.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("testGroups", "testgroups")).unwrap();
    let (out, _) = s.conform(&format!("{BIN} serve"), &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("unknown field `testgroups`"), "{err}");
}

#[test]
fn random_mode_names_a_stage_only_when_one_before_the_op_differs() {
    let s = Scratch::new("random-stage");
    let out_dir = s.dir.join("out");
    let (out, r) = s.conform(
        &s.port("crashed"),
        &[
            "--random",
            "1",
            "--ops",
            "orient",
            "--out",
            out_dir.to_str().unwrap(),
        ],
    );
    let r = r.unwrap();
    assert_eq!(out.status.code(), Some(1), "{r}");
    let failure = &r["failures"][0];
    assert!(failure.get("vector").is_some(), "{r}");
    for field in ["stage", "stageInput", "stageDifference", "stageVector"] {
        assert!(failure.get(field).is_none(), "{field}: {r}");
    }
}

/// A port started through a shell script that does not `exec` its interpreter: on a
/// timeout the harness kills the whole process group, so no interpreter is left behind.
#[cfg(target_os = "linux")]
#[test]
fn a_hung_port_behind_a_wrapper_leaves_nothing_running() {
    // The harness signals the group through the `kill` program (procps).
    if Command::new("kill").arg("-l").output().is_err() {
        eprintln!("no `kill` program: the group cannot be signalled here");
        return;
    }
    let s = Scratch::new("wrapper");
    let marker = format!("build2d-wrapper-marker-{}", std::process::id());
    let wrapper = s.dir.join("port.sh");
    std::fs::write(&wrapper, format!("{} {marker}\n", s.port("hang"))).unwrap();
    let (out, r) = s.conform(&format!("sh {}", wrapper.display()), &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(r.unwrap()["totals"]["timedOut"], 2);
    std::thread::sleep(std::time::Duration::from_millis(200));
    let left: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(&marker) && c.contains("odd.py"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}
