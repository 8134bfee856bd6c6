//! A port as a child process speaking the protocol (docs/ports.md §1): start, run with a
//! per-case timeout, restart after a crash, a hang or a malformed answer, stop.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

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
    /// `crashed`: the port's own caught failure, in its words.
    Crashed(String),
    /// The process died or broke off a line: no answer (the harness's words).
    Died(String),
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
    child: Option<(Child, ChildStdin, Receiver<PortLine>)>,
    seq: u64,
    /// How many times the port was restarted.
    pub restarts: usize,
    /// The `implementation` of the last `ready`.
    pub implementation: Option<Implementation>,
}

/// What the reader thread hands over: one line of the port's output, or why none comes.
enum PortLine {
    /// A whole line (its newline removed).
    Text(String),
    /// A line that is not UTF-8 (docs/ports.md §1: lines are UTF-8).
    NotUtf8,
    /// The output ended inside a line: the port exited before finishing it.
    Unfinished,
    /// The output ended.
    End,
}

impl Answer {
    /// The answer in words, for messages.
    pub fn describe(&self) -> String {
        match self {
            Answer::Outcome(Ok(v)) => format!("expected {v}"),
            Answer::Outcome(Err(e)) => format!("expectedError {e}"),
            Answer::Skipped(why) => format!("skipped: {why}"),
            Answer::Crashed(why) => format!("crashed: {why}"),
            Answer::Died(why) | Answer::Malformed(why) => why.clone(),
            Answer::TimedOut => "no answer in time".into(),
        }
    }
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
        let mut command = Command::new(&self.argv[0]);
        command
            .args(&self.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        // A process group of its own, so that killing the port also kills what it started
        // (a wrapper script's interpreter), not only the process the harness started.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", self.argv.join(" ")))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut bytes = Vec::new();
                let line = match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => PortLine::End,
                    Ok(_) if bytes.last() != Some(&b'\n') => PortLine::Unfinished,
                    Ok(_) => match String::from_utf8(bytes) {
                        Ok(mut text) => {
                            text.pop();
                            PortLine::Text(text)
                        }
                        Err(_) => PortLine::NotUtf8,
                    },
                };
                let last = matches!(line, PortLine::End | PortLine::Unfinished);
                if tx.send(line).is_err() || last {
                    return;
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
                return Err(format!("the port did not answer `start`: {}", e.describe()));
            }
        };
        match ready.get("ready") {
            Some(Value::Bool(true)) => {}
            Some(Value::Bool(false)) => {
                self.kill();
                let reason = ready.get("reason").and_then(Value::as_str);
                return Err(format!(
                    "the port is not ready: {}",
                    reason.unwrap_or("(no reason)")
                ));
            }
            _ => {
                self.kill();
                return Err(format!(
                    "the port's first line is not a `ready` answer: {ready}"
                ));
            }
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

    /// Sends one line, reads one answer line. For a `run`, a line answering an earlier
    /// seq is an extra answer to a case already judged: it is reported and skipped, so
    /// that it is not taken for this case's answer.
    fn exchange(&mut self, message: &Value) -> Result<Value, Answer> {
        let deadline = Instant::now() + self.timeout;
        let seq = message.get("seq").and_then(Value::as_u64);
        let Some((_, stdin, rx)) = self.child.as_mut() else {
            return Err(Answer::Died("the port is not running".into()));
        };
        let mut line = message.to_string();
        line.push('\n');
        if stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return Err(Answer::Died("the port closed its input (exited?)".into()));
        }
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let text = match rx.recv_timeout(wait) {
                Ok(PortLine::Text(text)) => text,
                Ok(PortLine::NotUtf8) => {
                    return Err(Answer::Malformed("a line that is not UTF-8".into()))
                }
                Ok(PortLine::Unfinished) => {
                    return Err(Answer::Died(
                        "the port exited in the middle of a line".into(),
                    ))
                }
                Ok(PortLine::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Answer::Died("the port exited".into()))
                }
                Err(RecvTimeoutError::Timeout) => return Err(Answer::TimedOut),
            };
            let value = serde_json::from_str::<Value>(&text)
                .map_err(|e| Answer::Malformed(format!("not JSON ({e}): {}", text.trim_end())))?;
            let got = value.get("seq").and_then(seq_number);
            if got.zip(seq).is_some_and(|(got, now)| got < now) {
                super::say(&format!(
                    "conform: skipped an extra answer to an earlier case: {text}"
                ));
                continue;
            }
            return Ok(value);
        }
    }

    fn kill(&mut self) {
        if let Some((child, stdin, _)) = self.child.take() {
            drop(stdin);
            kill_group(child);
        }
    }

    /// Restarts the port (after a crash, a hang or a malformed answer).
    fn restart(&mut self) {
        self.kill();
        self.restarts += 1;
        if let Err(e) = self.spawn() {
            super::say(&format!("conform: restarting the port failed: {e}"));
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
            kill_group(child);
        }
    }
}

/// Kills the port's process group (every process it started that kept the group), then
/// the port itself, and reaps it. The group is signalled by `kill -KILL -PGID`: the
/// standard library signals one process only, and this crate has no `unsafe`.
fn kill_group(mut child: Child) {
    #[cfg(unix)]
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let _ = child.kill();
    let _ = child.wait();
}

impl Drop for Port {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A `seq` as a number: an integer, or a number of integral value (`0.0`; answers are
/// compared by value, docs/ports.md §1.5).
fn seq_number(v: &Value) -> Option<u64> {
    v.as_u64().or_else(|| {
        let f = v.as_f64()?;
        (f >= 0.0 && f.fract() == 0.0 && f < 2f64.powi(53)).then_some(f as u64)
    })
}

/// Reads an answer line against the protocol's shapes.
fn parse_answer(v: &Value, seq: u64) -> Answer {
    let Some(obj) = v.as_object() else {
        return Answer::Malformed(format!("not an object: {v}"));
    };
    if let Some(e) = obj.get("protocolError") {
        return Answer::Malformed(format!("protocolError: {e}"));
    }
    if obj.get("seq").and_then(seq_number) != Some(seq) {
        let got = obj.get("seq").map_or("none".into(), Value::to_string);
        return Answer::Malformed(format!("answer to seq {seq} has seq {got}"));
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
        // A seq of integral value is the seq.
        assert!(matches!(
            parse_answer(&json!({"seq": 3.0, "skipped": "x"}), 3),
            Answer::Skipped(_)
        ));
        assert_eq!(
            parse_answer(&json!({"seq": 2.5, "skipped": "x"}), 3),
            Answer::Malformed("answer to seq 3 has seq 2.5".into())
        );
    }
}
