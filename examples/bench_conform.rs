//! Throughput of `build2d conform --random` against `build2d serve` (docs/performance.md):
//! small generated cases per second, the engine computing both sides (expected in the
//! harness, the answer in the port).
//!
//!     cargo build --release && cargo run --release --example bench_conform -- [N] [RUNS]
//!
//! The port is `target/release/build2d serve` (override with BUILD2D_PORT).

use std::time::Instant;

use build2d::conform::{conform, port::PortLog, ConformOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5000);
    let runs: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    let port = std::env::var("BUILD2D_PORT").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/build2d serve").into()
    });
    let mut rates = Vec::new();
    for run in 0..runs {
        let options = ConformOptions {
            port: port.clone(),
            corpus: "corpus".into(),
            ops: vec![],
            random: Some(n),
            seed: run as u64 + 1,
            size: 8,
            out: std::env::temp_dir().join("bench-conform-out"),
            svg: None,
            timeout: std::time::Duration::from_secs(10),
            port_log: PortLog::Null,
            max_failures: 10,
            shrink_time: std::time::Duration::from_secs(120),
            verbose: false,
        };
        let start = Instant::now();
        let report = conform(&options).expect("the port runs");
        let secs = start.elapsed().as_secs_f64();
        let cases: usize = report.totals().n.iter().sum();
        assert!(report.passed(), "the engine disagrees with itself");
        let rate = cases as f64 / secs;
        println!("run {run}: {cases} cases in {secs:.3} s = {rate:.0} cases/s");
        rates.push(rate);
    }
    rates.sort_by(f64::total_cmp);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "median {:.0} cases/s over {runs} runs of {n} (min {:.0}, max {:.0}); load average {}",
        rates[rates.len() / 2],
        rates[0],
        rates[rates.len() - 1],
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
}
