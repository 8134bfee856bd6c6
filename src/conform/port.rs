//! A port as a child process speaking the protocol (docs/ports.md §1): start, run with a
//! per-case timeout, restart after a crash, a hang or a malformed answer, stop.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use serde_json::{json, Value};

/// How long a port may take to answer `start`.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// How the port's standard error is handled.
#[derive(Debug, Clone)]
pub enum PortLog {
    /// Passed through to the harness's standard error.
    Inherit,
    /// Discarded.
    Null,
    /// Appended to this file.
    File(std::path::PathBuf),
}

/// What the port said about itself in its `ready` answer.
#[derive(Debug, Clone)]
pub struct Implementation {
    /// The whole `implementation` object.
    pub json: Value,
    /// The ops it declares.
    pub ops: Vec<String>,
}

/// A port's answer to one `run`.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// `expected` or `expectedError`.
    Outcome(super::Outcome),
    /// `skipped`, with the port's reason.
    Skipped(String),
    /// `crashed` (the port's own caught failure), or the process died.
    Crashed(String),
    /// No answer within the timeout.
    TimedOut,
    /// An answer that is not one of the protocol's shapes.
    Malformed(String),
}

/// A running port.
pub struct Port {
    argv: Vec<String>,
    log: PortLog,
    timeout: Duration,
    child: Option<(Child, ChildStdin, Receiver<Option<String>>)>,
    seq: u64,
    /// How many times the port was restarted.
    pub restarts: usize,
    /// The `implementation` of the last `ready`.
    pub implementation: Option<Implementation>,
}

/// Splits a command line on whitespace; `'…'` and `"…"` group words.
pub fn split_command(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut started = false;
    for c in command.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                started = true;
            }
            None if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            None => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

impl Port {
    /// Starts the port and sends `start`; errors when it does not become ready.
    pub fn launch(command: &str, log: PortLog, timeout: Duration) -> Result<Port, String> {
        let argv = split_command(command);
        if argv.is_empty() {
            return Err("empty --port command".into());
        }
        let mut port = Port {
            argv,
            log,
            timeout,
            child: None,
            seq: 0,
            restarts: 0,
            implementation: None,
        };
        port.spawn()?;
        Ok(port)
    }

    fn spawn(&mut self) -> Result<(), String> {
        let stderr = match &self.log {
            PortLog::Inherit => Stdio::inherit(),
            PortLog::Null => Stdio::null(),
            PortLog::File(path) => std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map(Stdio::from)
                .map_err(|e| format!("{}: {e}", path.display()))?,
        };
        let mut child = Command::new(&self.argv[0])
            .args(&self.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", self.argv.join(" ")))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(None);
                        return;
                    }
                    Ok(_) => {
                        if tx.send(Some(line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        self.child = Some((child, stdin, rx));
        // Start-up (an interpreter, a JIT) may take longer than one case.
        let case_timeout = self.timeout;
        self.timeout = case_timeout.max(START_TIMEOUT);
        let ready = self.exchange(&json!({"cmd": "start", "protocol": super::PROTOCOL}));
        self.timeout = case_timeout;
        let ready = match ready {
            Ok(v) => v,
            Err(e) => {
                self.kill();
                return Err(format!("the port did not answer `start`: {e:?}"));
            }
        };
        if ready.get("ready") != Some(&Value::Bool(true)) {
            self.kill();
            let reason = ready
                .get("reason")
                .and_then(Value::as_str)
                .unwrap_or("(no reason)");
            return Err(format!("the port is not ready: {reason}"));
        }
        let implementation = ready.get("implementation").cloned().unwrap_or(Value::Null);
        let ops = implementation
            .get("ops")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|o| o.as_str().map(String::from))
                    .collect()
            })
            .ok_or("the port's `ready` lacks `implementation.ops`")?;
        self.implementation = Some(Implementation {
            json: implementation,
            ops,
        });
        Ok(())
    }

    /// Sends one line, reads one answer line.
    fn exchange(&mut self, message: &Value) -> Result<Value, Answer> {
        let timeout = self.timeout;
        let Some((_, stdin, rx)) = self.child.as_mut() else {
            return Err(Answer::Crashed("the port is not running".into()));
        };
        let mut line = message.to_string();
        line.push('\n');
        if stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return Err(Answer::Crashed(
                "the port closed its input (exited?)".into(),
            ));
        }
        match rx.recv_timeout(timeout) {
            Ok(Some(text)) => serde_json::from_str::<Value>(&text)
                .map_err(|e| Answer::Malformed(format!("not JSON ({e}): {}", text.trim_end()))),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                Err(Answer::Crashed("the port exited".into()))
            }
            Err(RecvTimeoutError::Timeout) => Err(Answer::TimedOut),
        }
    }

    fn kill(&mut self) {
        if let Some((mut child, stdin, _)) = self.child.take() {
            drop(stdin);
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Restarts the port (after a crash, a hang or a malformed answer).
    fn restart(&mut self) {
        self.kill();
        self.restarts += 1;
        if let Err(e) = self.spawn() {
            eprintln!("conform: restarting the port failed: {e}");
        }
    }

    /// Runs one case on the port.
    pub fn run(&mut self, case: &Value) -> Answer {
        let seq = self.seq;
        self.seq += 1;
        if self.child.is_none() {
            self.restart();
        }
        // A dead, hung or garbling process is restarted; a port's own `crashed` answer
        // keeps the session.
        let (answer, restart) =
            match self.exchange(&json!({"cmd": "run", "seq": seq, "case": case})) {
                Ok(v) => {
                    let a = parse_answer(&v, seq);
                    let garbled = matches!(a, Answer::Malformed(_));
                    (a, garbled)
                }
                Err(a) => (a, true),
            };
        if restart {
            self.restart();
        }
        answer
    }

    /// Sends `stop`, waits up to a second, then kills.
    pub fn stop(&mut self) {
        if let Some((mut child, mut stdin, _)) = self.child.take() {
            let _ = stdin.write_all(b"{\"cmd\":\"stop\"}\n");
            let _ = stdin.flush();
            drop(stdin);
            for _ in 0..100 {
                if matches!(child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Port {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Reads an answer line against the protocol's shapes.
fn parse_answer(v: &Value, seq: u64) -> Answer {
    let Some(obj) = v.as_object() else {
        return Answer::Malformed(format!("not an object: {v}"));
    };
    if let Some(e) = obj.get("protocolError") {
        return Answer::Malformed(format!("protocolError: {e}"));
    }
    if obj.get("seq").and_then(Value::as_u64) != Some(seq) {
        return Answer::Malformed(format!("answer to seq {seq} has seq {:?}", obj.get("seq")));
    }
    if obj.len() != 2 {
        return Answer::Malformed(format!("an answer has `seq` and one more field: {v}"));
    }
    let text = |k: &str| obj.get(k).and_then(Value::as_str).map(String::from);
    if let Some(e) = obj.get("expected") {
        return if e.is_object() {
            Answer::Outcome(Ok(e.clone()))
        } else {
            Answer::Malformed(format!("`expected` is not an object: {e}"))
        };
    }
    if let Some(e) = obj.get("expectedError") {
        return if e.get("kind").is_some_and(Value::is_string) {
            Answer::Outcome(Err(e.clone()))
        } else {
            Answer::Malformed(format!("`expectedError` lacks a string `kind`: {e}"))
        };
    }
    if let Some(s) = text("skipped") {
        return Answer::Skipped(s);
    }
    if let Some(s) = text("crashed") {
        return Answer::Crashed(s);
    }
    Answer::Malformed(format!("unknown answer: {v}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_words() {
        assert_eq!(split_command("a  'b c' \"d\"e ''"), ["a", "b c", "de", ""]);
    }

    #[test]
    fn answer_shapes() {
        assert_eq!(
            parse_answer(&json!({"seq": 3, "expected": {"sign": 1}}), 3),
            Answer::Outcome(Ok(json!({"sign": 1})))
        );
        assert!(matches!(
            parse_answer(&json!({"seq": 2, "expected": {}}), 3),
            Answer::Malformed(_)
        ));
        assert!(matches!(
            parse_answer(&json!({"seq": 3, "skipped": "x"}), 3),
            Answer::Skipped(_)
        ));
        assert!(matches!(
            parse_answer(&json!({"seq": 3, "crashed": "x"}), 3),
            Answer::Crashed(_)
        ));
        assert!(matches!(
            parse_answer(&json!({"seq": 3, "expected": 1}), 3),
            Answer::Malformed(_)
        ));
    }
}
