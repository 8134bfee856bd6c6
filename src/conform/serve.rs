//! `build2d serve`: the engine speaking the port protocol (docs/ports.md §1). This is the
//! example a port author reads: a read-compute-write loop that writes protocol lines
//! only to its output and everything else to standard error.

use std::io::{BufRead, Write};

use serde_json::{json, Value};

use super::{ALL_OPS, PROTOCOL};

/// The `implementation` object `build2d serve` declares.
pub fn implementation() -> Value {
    json!({
        "name": "build2d",
        "language": "Rust",
        "version": env!("CARGO_PKG_VERSION"),
        "ops": ALL_OPS,
    })
}

/// Serves the protocol from `input` to `output` until `stop` or end of input. A line
/// that is not UTF-8 is answered like one that is not JSON, and the session goes on.
pub fn serve(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut started = false;
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(()); // end of input without `stop`: exit as if stopped
        }
        let answer = match std::str::from_utf8(&bytes) {
            Ok(line) => {
                let line = line.strip_suffix('\n').unwrap_or(line);
                let line = line.strip_suffix('\r').unwrap_or(line);
                if line.trim().is_empty() {
                    continue;
                }
                match answer(line, &mut started) {
                    Some(answer) => answer,
                    None => return Ok(()), // `stop`
                }
            }
            Err(e) => json!({"protocolError": format!("not UTF-8: {e}")}),
        };
        let mut text = answer.to_string(); // canonical: sorted keys, no whitespace
        text.push('\n');
        output.write_all(text.as_bytes())?;
        output.flush()?;
    }
}

/// The fields of a protocol line that the port reads. The case is kept as text: one
/// that is not a valid case (a number beyond f64, `1e400`) is then the run's malformed
/// outcome, answered with its `seq`, not a line the port cannot read. Other fields are
/// skipped unread.
#[derive(serde::Deserialize)]
struct Message<'a> {
    #[serde(default)]
    cmd: Option<Value>,
    #[serde(default)]
    seq: Option<Value>,
    #[serde(default)]
    protocol: Option<Value>,
    #[serde(default, borrow)]
    case: Option<&'a serde_json::value::RawValue>,
}

/// The answer to one line, `None` for `stop`.
fn answer(line: &str, started: &mut bool) -> Option<Value> {
    // An object only: the derived reader would also take a list, field by field.
    if !line.trim_start().starts_with('{') {
        return Some(json!({"protocolError": "not a JSON object"}));
    }
    let message: Message = match serde_json::from_str(line) {
        Ok(m) => m,
        Err(e) => return Some(json!({"protocolError": format!("not a JSON object: {e}")})),
    };
    let seq = message.seq.filter(|s| s.is_i64() || s.is_u64());
    let protocol_error = |why: String| {
        let mut v = json!({ "protocolError": why });
        if let Some(s) = &seq {
            v["seq"] = s.clone();
        }
        Some(v)
    };
    match message.cmd.as_ref().and_then(Value::as_str) {
        Some("start") => {
            if message.protocol.as_ref().and_then(Value::as_i64) != Some(PROTOCOL) {
                return Some(json!({
                    "ready": false,
                    "reason": format!("build2d serve speaks protocol {PROTOCOL} only, asked {}",
                        message.protocol.unwrap_or(Value::Null)),
                }));
            }
            *started = true;
            Some(json!({"ready": true, "implementation": implementation()}))
        }
        Some("stop") => None,
        Some("run") if !*started => protocol_error("`run` before `start`".into()),
        Some("run") => {
            let Some(seq) = seq.clone() else {
                return protocol_error("`run` without an integer `seq`".into());
            };
            let Some(case) = message.case else {
                return protocol_error("`run` without a `case`".into());
            };
            // The engine never panics by design; a panic here is still answered as the
            // protocol's `crashed` rather than by dying.
            let outcome = std::panic::catch_unwind(|| crate::case::run_case_text(case.get()));
            Some(match outcome {
                Ok(Ok(expected)) => json!({"seq": seq, "expected": expected}),
                Ok(Err(error)) => json!({"seq": seq, "expectedError": error}),
                Err(_) => json!({"seq": seq, "crashed": "the engine panicked (see stderr)"}),
            })
        }
        Some(other) => protocol_error(format!("unknown cmd `{other}`")),
        None => protocol_error("no string `cmd`".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(lines: &str) -> Vec<Value> {
        let mut out = Vec::new();
        serve(lines.as_bytes(), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn a_session_and_its_corners() {
        let answers = session(concat!(
            "{\"cmd\":\"run\",\"seq\":0,\"case\":{}}\n",
            "{\"cmd\":\"start\",\"protocol\":1}\n",
            "{\"cmd\":\"run\",\"seq\":5,\"case\":{\"op\":\"orient\",\"points\":[[0,0],[1,0],[0,1]]}}\n",
            "{\"cmd\":\"run\",\"seq\":6,\"case\":{\"op\":\"nope\"}}\n",
            "{\"cmd\":\"dance\"}\n",
            "not json\n",
            "{\"cmd\":\"stop\"}\n",
            "{\"cmd\":\"start\",\"protocol\":1}\n",
        ));
        assert_eq!(answers.len(), 6, "{answers:?}");
        assert_eq!(answers[0]["seq"], 0);
        assert!(answers[0]["protocolError"].is_string());
        assert_eq!(answers[1]["ready"], true);
        assert_eq!(answers[2], json!({"seq": 5, "expected": {"sign": 1}}));
        assert_eq!(answers[3]["expectedError"]["kind"], "malformed");
        assert!(answers[4]["protocolError"].is_string());
        assert!(answers[5]["protocolError"].is_string());
        let refused = session("{\"cmd\":\"start\",\"protocol\":2}\n");
        assert_eq!(refused[0]["ready"], false);
    }

    #[test]
    fn a_line_not_utf8_is_answered_and_a_case_beyond_f64_is_malformed_with_its_seq() {
        let mut lines = b"\xff\xfe\n".to_vec();
        lines.extend_from_slice(concat!(
            "{\"cmd\":\"start\",\"protocol\":1}\r\n",
            "{\"cmd\":\"run\",\"seq\":7,\"case\":{\"op\":\"snap\",\"snapBits\":4,\"values\":[1e400]}}\n",
            "[1, 2]\n",
            "{\"cmd\":\"run\",\"seq\":8,\"case\":{\"op\":\"orient\",\"points\":[[0,0],[1,0],[0,1]]}}\n",
        ).as_bytes());
        let mut out = Vec::new();
        serve(&lines[..], &mut out).unwrap();
        let answers: Vec<Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(answers.len(), 5, "{answers:?}");
        assert!(answers[0]["protocolError"]
            .as_str()
            .unwrap()
            .contains("UTF-8"));
        assert_eq!(answers[1]["ready"], true);
        assert_eq!(answers[2]["seq"], 7);
        assert_eq!(answers[2]["expectedError"]["kind"], "malformed");
        assert_eq!(answers[3], json!({"protocolError": "not a JSON object"}));
        assert_eq!(answers[4], json!({"seq": 8, "expected": {"sign": 1}}));
        // A list is not a message, whatever it holds.
        let listed = session(concat!(
            "[\"start\", null, 1]\n",
            "{\"cmd\":\"start\",\"protocol\":1}\n",
            "[\"run\", 7, null, {\"op\":\"orient\",\"points\":[[0,0],[1,0],[0,1]]}]\n",
        ));
        assert_eq!(listed[0], json!({"protocolError": "not a JSON object"}));
        assert_eq!(listed[2], json!({"protocolError": "not a JSON object"}));
    }
}
