//! Counts, failures and the three renderings of a run: the summary on standard error,
//! `--report FILE.json` (corpus/schema/protocol-report.schema.json) and `--junit FILE.xml`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{json, Value};

use super::port::Answer;

/// How one case ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Same outcome as expected.
    Passed,
    /// A different outcome.
    Failed,
    /// The port skipped it.
    Skipped,
    /// The port answered `crashed` or died.
    Crashed,
    /// No answer in time.
    TimedOut,
    /// An answer of none of the protocol's shapes.
    Malformed,
}

impl Verdict {
    /// The report's name of the verdict.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Failed => "failed",
            Verdict::Skipped => "skipped",
            Verdict::Crashed => "crashed",
            Verdict::TimedOut => "timedOut",
            Verdict::Malformed => "malformed",
        }
    }

    /// Whether the verdict makes the run fail.
    pub fn is_failure(self) -> bool {
        !matches!(self, Verdict::Passed | Verdict::Skipped)
    }
}

/// Per-op counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Verdict counts in the order of [`Verdict`].
    pub n: [usize; 6],
}

impl Counts {
    fn add(&mut self, v: Verdict) {
        self.n[v as usize] += 1;
    }

    /// Cases that make the run fail.
    pub fn failures(&self) -> usize {
        self.n[1] + self.n[3] + self.n[4] + self.n[5]
    }

    fn json(&self) -> Value {
        json!({"passed": self.n[0], "failed": self.n[1], "skipped": self.n[2],
               "crashed": self.n[3], "timedOut": self.n[4], "malformed": self.n[5]})
    }
}

/// One case that did not pass.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The op.
    pub op: String,
    /// Corpus file name (corpus mode).
    pub file: Option<String>,
    /// tcId (corpus mode) or case number (random mode).
    pub tc_id: i64,
    /// The vector's comment.
    pub comment: String,
    /// The vector's flags.
    pub flags: Vec<String>,
    /// Failed, crashed, timed out or malformed.
    pub verdict: Verdict,
    /// The first difference in words (or what went wrong).
    pub difference: String,
    /// The case input.
    pub input: Value,
    /// `{"expected": …}` / `{"expectedError": …}`.
    pub expected: Value,
    /// The port's answer in the same form, when it gave one.
    pub got: Option<Value>,
    /// The first divergent stage of a composite op (both modes; corpus mode does not shrink it).
    pub stage: Option<String>,
    /// That stage's input (shrunk in random mode).
    pub stage_input: Option<Value>,
    /// The first difference of that stage's case, in words.
    pub stage_difference: Option<String>,
    /// Random mode: the shrunk input of the op.
    pub shrunk: Option<Value>,
    /// The vector file of the shrunk op case.
    pub vector: Option<String>,
    /// The vector file of the first divergent stage's shrunk case.
    pub stage_vector: Option<String>,
}

/// A whole run.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// `corpus` or `random`.
    pub mode: String,
    /// The port's `implementation`.
    pub implementation: Value,
    /// The seed (random mode).
    pub seed: Option<u64>,
    /// Port restarts.
    pub restarts: usize,
    /// Counts per op.
    pub ops: BTreeMap<String, Counts>,
    /// Every case that did not pass or skip.
    pub failures: Vec<Failure>,
    /// Every case in order (for JUnit): op, name, verdict, message.
    pub cases: Vec<(String, String, Verdict, String)>,
}

/// The verdict of an answer given the expected outcome, and the difference in words.
pub fn judge(expected: &super::Outcome, answer: &Answer) -> (Verdict, String) {
    match answer {
        Answer::Outcome(got) => match super::compare::compare_outcome(expected, got) {
            None => (Verdict::Passed, String::new()),
            Some(d) => (Verdict::Failed, d.words),
        },
        Answer::Skipped(why) => (Verdict::Skipped, why.clone()),
        Answer::Crashed(why) => (Verdict::Crashed, format!("crashed: {why}")),
        Answer::Died(why) => (Verdict::Crashed, format!("crashed: {why}")),
        Answer::TimedOut => (Verdict::TimedOut, "timed out".into()),
        Answer::Malformed(why) => (Verdict::Malformed, format!("malformed answer: {why}")),
    }
}

impl Report {
    /// Counts a case.
    pub fn count(&mut self, op: &str, name: String, verdict: Verdict, message: &str) {
        self.ops.entry(op.to_string()).or_default().add(verdict);
        self.cases
            .push((op.to_string(), name, verdict, message.to_string()));
    }

    /// Sums over ops.
    pub fn totals(&self) -> Counts {
        let mut t = Counts::default();
        for c in self.ops.values() {
            for (a, b) in t.n.iter_mut().zip(c.n) {
                *a += b;
            }
        }
        t
    }

    /// Whether the run passed (nothing failed, crashed, timed out or answered malformed).
    pub fn passed(&self) -> bool {
        self.totals().failures() == 0
    }

    /// The summary table.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{:<16} {:>7} {:>7} {:>7} {:>7} {:>8} {:>9}",
            "op", "passed", "failed", "skipped", "crashed", "timedOut", "malformed"
        );
        let mut row = |name: &str, c: &Counts| {
            let _ = writeln!(
                s,
                "{name:<16} {:>7} {:>7} {:>7} {:>7} {:>8} {:>9}",
                c.n[0], c.n[1], c.n[2], c.n[3], c.n[4], c.n[5]
            );
        };
        for (op, c) in &self.ops {
            row(op, c);
        }
        row("total", &self.totals());
        let _ = writeln!(s, "port restarts: {}", self.restarts);
        s
    }

    /// The JSON report.
    pub fn json(&self) -> Value {
        let failures: Vec<Value> = self
            .failures
            .iter()
            .map(|f| {
                let mut v = json!({
                    "op": f.op, "tcId": f.tc_id, "comment": f.comment, "flags": f.flags,
                    "outcome": f.verdict.name(), "difference": f.difference,
                    "input": f.input, "expected": f.expected,
                });
                let mut put = |k: &str, x: Option<Value>| {
                    if let Some(x) = x {
                        v[k] = x;
                    }
                };
                put("file", f.file.clone().map(Value::from));
                put("got", f.got.clone());
                put("stage", f.stage.clone().map(Value::from));
                put("stageInput", f.stage_input.clone());
                put(
                    "stageDifference",
                    f.stage_difference.clone().map(Value::from),
                );
                put("shrunk", f.shrunk.clone());
                put("vector", f.vector.clone().map(Value::from));
                put("stageVector", f.stage_vector.clone().map(Value::from));
                v
            })
            .collect();
        let ops: serde_json::Map<String, Value> = self
            .ops
            .iter()
            .map(|(k, c)| (k.clone(), c.json()))
            .collect();
        json!({
            "harness": concat!("build2d ", env!("CARGO_PKG_VERSION")),
            "protocol": super::PROTOCOL,
            "mode": self.mode,
            "implementation": self.implementation,
            "seed": self.seed,
            "restarts": self.restarts,
            "ops": ops,
            "totals": self.totals().json(),
            "failures": failures,
        })
    }

    /// The JUnit XML report.
    pub fn junit(&self) -> String {
        let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let t = self.totals();
        let _ = writeln!(
            s,
            "<testsuites name=\"build2d conform\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
            self.cases.len(),
            t.n[1],
            t.n[3] + t.n[4] + t.n[5],
            t.n[2]
        );
        for (op, c) in &self.ops {
            let total: usize = c.n.iter().sum();
            let _ = writeln!(
                s,
                "  <testsuite name=\"{}\" tests=\"{total}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
                xml(op),
                c.n[1],
                c.n[3] + c.n[4] + c.n[5],
                c.n[2]
            );
            for (_, name, verdict, message) in self.cases.iter().filter(|c| &c.0 == op) {
                let _ = write!(
                    s,
                    "    <testcase classname=\"{}\" name=\"{}\"",
                    xml(op),
                    xml(name)
                );
                let m = xml(message);
                let _ = match verdict {
                    Verdict::Passed => writeln!(s, "/>"),
                    Verdict::Skipped => writeln!(s, "><skipped message=\"{m}\"/></testcase>"),
                    Verdict::Failed => {
                        writeln!(s, "><failure message=\"{m}\">{m}</failure></testcase>")
                    }
                    _ => writeln!(
                        s,
                        "><error type=\"{}\" message=\"{m}\">{m}</error></testcase>",
                        verdict.name()
                    ),
                };
            }
            s.push_str("  </testsuite>\n");
        }
        s.push_str("</testsuites>\n");
        s
    }
}

fn xml(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '&' => "&amp;".into(),
            '<' => "&lt;".into(),
            '>' => "&gt;".into(),
            '"' => "&quot;".into(),
            '\'' => "&apos;".into(),
            // XML 1.0 allows tab, newline, carriage return, and U+0020 on but for
            // U+FFFE and U+FFFF (and the surrogates, which a `char` never is).
            c if (c as u32) < 0x20 && !matches!(c, '\n' | '\t' | '\r') => " ".into(),
            '\u{FFFE}' | '\u{FFFF}' => "\u{FFFD}".into(),
            c => c.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::xml;

    #[test]
    fn xml_text_holds_only_characters_xml_allows() {
        assert_eq!(
            xml("a<b & \u{1}\u{FFFF}\u{FFFE}\t\r\n\u{10000}"),
            // \u{1} becomes a space, after the space already there.
            "a&lt;b &amp;  \u{FFFD}\u{FFFD}\t\r\n\u{10000}"
        );
    }
}
