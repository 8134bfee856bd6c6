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

/// Serves the protocol from `input` to `output` until `stop` or end of input.
pub fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut started = false;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let Some(answer) = answer(&line, &mut started) else {
            return Ok(()); // `stop`
        };
        let mut text = answer.to_string(); // canonical: sorted keys, no whitespace
        text.push('\n');
        output.write_all(text.as_bytes())?;
        output.flush()?;
    }
    Ok(()) // end of input without `stop`: exit as if stopped
}

/// The answer to one line, `None` for `stop`.
fn answer(line: &str, started: &mut bool) -> Option<Value> {
    let message: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return Some(json!({"protocolError": format!("not JSON: {e}")})),
    };
    let seq = message
        .get("seq")
        .filter(|s| s.is_i64() || s.is_u64())
        .cloned();
    let protocol_error = |why: String| {
        let mut v = json!({ "protocolError": why });
        if let Some(s) = &seq {
            v["seq"] = s.clone();
        }
        Some(v)
    };
    match message.get("cmd").and_then(Value::as_str) {
        Some("start") => {
            if message.get("protocol").and_then(Value::as_i64) != Some(PROTOCOL) {
                return Some(json!({
                    "ready": false,
                    "reason": format!("build2d serve speaks protocol {PROTOCOL} only, asked {}",
                        message.get("protocol").unwrap_or(&Value::Null)),
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
            let Some(case) = message.get("case") else {
                return protocol_error("`run` without a `case`".into());
            };
            // The engine never panics by design; a panic here is still answered as the
            // protocol's `crashed` rather than by dying.
            let outcome = std::panic::catch_unwind(|| crate::case::run_case_json(case));
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
}
