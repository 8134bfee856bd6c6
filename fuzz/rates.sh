#!/usr/bin/env bash
# Executions per second of the cargo-fuzz targets: each target runs alone (one libFuzzer
# process) for SECS seconds from its committed seeds, and one Markdown row per target is
# printed from libFuzzer's final stats (-print_final_stats=1), with the CPU seconds the
# process used and the 1-minute load average when it started. On a shared machine a
# process may get a fraction of a core: executions per CPU second is then the figure
# that says what the target costs, exec/s what it achieved.
#
#   fuzz/rates.sh [TARGET...]            (default: every target, `cargo fuzz list` order)
#
# BUILD=asan  (default) the CI build:
#             cargo +nightly fuzz build -s address --debug-assertions --no-trace-compares
# BUILD=none  release, no sanitizer:   cargo +nightly fuzz build -s none -O --target-dir fuzz/target/none
# BUILD=campaign  release with debug assertions, no sanitizer, no comparison tracing:
#             cargo +nightly fuzz build -s none --debug-assertions -O --no-trace-compares \
#               --target-dir fuzz/target/campaign
# BUILD=campaign-tc  the same with comparison tracing (cargo-fuzz's default; without
#             --no-trace-compares, --target-dir fuzz/target/campaign-tc)
# SECS=60     wall seconds per target
# CPU_SECS=N  instead: run until the fuzz process has used N CPU seconds (polled every 5 s,
#             then SIGINT, on which libFuzzer prints its final stats); for campaigns on a
#             shared machine, with NICE=19 so that they use only idle CPU. Not with FORK.
# KEEP=1      grow fuzz/corpus/TARGET (git-ignored) instead of a scratch copy of the seeds
# FORK=N      libFuzzer -fork=N (crash-tolerant; execs then come from the fork log)
# NICE=10     niceness of the fuzz processes. With the kernel's autogroups on
#             (/proc/sys/kernel/sched_autogroup_enabled), niceness counts only against the
#             processes of the same session, so a fuzzer at nice 19 still takes a whole
#             core from a benchmark in another session: start this script in a session
#             of its own whose autogroup has the same niceness (fuzz/README.md).
# STOP_FILE=F start no further target once F exists (end a campaign early: create F, then
#             SIGINT the running fuzz process; its row is still printed)
# BIN_DIR=... run the binaries found there instead (say, a copy of an older build)
# Build first (the binaries are run directly, so nothing is rebuilt here).
set -euo pipefail
cd "$(dirname "$0")"
BUILD="${BUILD:-asan}" SECS="${SECS:-60}" KEEP="${KEEP:-0}" FORK="${FORK:-0}" NICE="${NICE:-10}"
CPU_SECS="${CPU_SECS:-0}"
((CPU_SECS && FORK)) && { echo "CPU_SECS does not work with FORK" >&2; exit 2; }
((CPU_SECS)) && SECS=$((1 << 30))
triple=x86_64-unknown-linux-gnu
case "$BUILD" in
  asan) bin_dir="target/$triple/release" ;;
  none) bin_dir="target/none/$triple/release" ;;
  campaign) bin_dir="target/campaign/$triple/release" ;;
  campaign-tc) bin_dir="target/campaign-tc/$triple/release" ;;
  *) echo "BUILD is asan, none, campaign or campaign-tc" >&2; exit 2 ;;
esac
bin_dir="${BIN_DIR:-$bin_dir}"
if (($#)); then targets=("$@"); else mapfile -t targets < <(cargo fuzz list); fi
logs=$(mktemp -d)
# With nice 19 a slow input may wait long for a core: libFuzzer's -timeout is wall time.
TIMEOUT="${TIMEOUT:-$(((CPU_SECS)) && echo 120 || echo 25)}"

# Sends SIGINT to the fuzz process under /usr/bin/time (pid $1) once it has used $2 CPU
# seconds, or returns when it has ended by itself.
stop_at_cpu() {
  local timer=$1 limit=$2 pid="" ticks hz
  hz=$(getconf CLK_TCK)
  while kill -0 "$timer" 2>/dev/null; do
    sleep 5
    [[ -n $pid ]] || pid=$(pgrep -P "$timer" | head -1) || true
    [[ -n $pid && -r /proc/$pid/stat ]] || continue
    # utime + stime: fields 14 and 15, counted after the ")" that ends the command name
    ticks=$(sed 's/.*) //' "/proc/$pid/stat" | awk '{print $12 + $13}') || continue
    if ((ticks >= limit * hz)); then
      kill -INT "$pid" 2>/dev/null || true
      # libFuzzer's interrupt handler can hang (seen once: the process sat in a futex
      # after the SIGINT, until its -timeout alarm fired on the interrupted unit); after
      # a minute the process is killed and its row is read from the last status line.
      for _ in $(seq 12); do kill -0 "$pid" 2>/dev/null || return 0; sleep 5; done
      kill -KILL "$pid" 2>/dev/null && touch "$logs/$t.killed" || true
      break
    fi
  done
}
if ((NICE > 0)) && [[ $(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null) == 1 ]] &&
  [[ $(cat /proc/self/autogroup 2>/dev/null) == *" nice 0" ]]; then
  echo "note: NICE=$NICE holds only within this session; other sessions see nice 0" \
    "(start it with setsid, its autogroup at $NICE: fuzz/README.md)" >&2
fi
echo "| target | build | seconds | CPU s | total execs | exec/s | execs per CPU s | cov | ft | corpus | load | result |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for t in "${targets[@]}"; do
  [[ -n ${STOP_FILE:-} && -e $STOP_FILE ]] && break   # a campaign cut short: no new target
  bin="$bin_dir/$t"
  [[ -x $bin ]] || { echo "| $t | $BUILD | not built ($bin) |"; continue; }
  mkdir -p "seeds/$t" "artifacts/$t"
  if ((KEEP)); then corpus="corpus/$t"; mkdir -p "$corpus"; else corpus="$logs/corpus-$t"; mkdir -p "$corpus"; fi
  extra=()
  [[ $t == parse_case || $t == parse_json_map ]] && extra+=(-dict=dict/json.dict)
  ((FORK)) && extra+=(-fork="$FORK" -ignore_crashes=1)
  load=$(cut -d' ' -f1 /proc/loadavg)
  log="$logs/$t.log"
  rc=0
  /usr/bin/time -f 'time: %e %U %S' -o "$logs/$t.time" \
    nice -n "$NICE" "$bin" "$corpus" "seeds/$t" -max_total_time="$SECS" -timeout="$TIMEOUT" \
    -rss_limit_mb=2560 -print_final_stats=1 -artifact_prefix="artifacts/$t/" "${extra[@]}" \
    >"$log" 2>&1 &
  timer=$!
  if ((CPU_SECS)); then stop_at_cpu "$timer" "$CPU_SECS"; fi
  wait "$timer" || rc=$?
  ((CPU_SECS && rc == 72)) && rc=0   # 72: libFuzzer's exit status after our SIGINT
  [[ -e $logs/$t.killed ]] && rc=0   # killed by stop_at_cpu after a hung interrupt
  read -r _ wall user sys < <(grep '^time:' "$logs/$t.time") || true   # after any exit-status line
  stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
  execs=$(stat number_of_executed_units) rate=$(stat average_exec_per_sec)
  if [[ -z $execs ]]; then   # killed before its final stats: the last status line
    last=$(grep -E '^#[0-9]+[[:space:]]' "$log" | tail -1 || true)
    execs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$last") rate=$(sed -nE 's/.* exec\/s: ([0-9]+).*/\1/p' <<<"$last")
  fi
  if ((FORK)); then   # the fork driver prints no stat:: lines: its last status line has exec/s
    last=$(grep -E '^#[0-9]+: cov: ' "$log" | tail -1 || true)
    execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last") rate=$(sed -nE 's/.* exec\/s: ([0-9]+).*/\1/p' <<<"$last")
  fi
  status=$(grep -E '^#[0-9]+:?[[:space:]].*cov: ' "$log" | tail -1 || true)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$status")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$status")
  corp=$(sed -nE 's/.* corp: ([0-9]+\/[0-9]+[a-zA-Z]*).*/\1/p' <<<"$status")
  result=ok
  ((rc)) && result="exit $rc: $(grep -m1 -E 'ERROR: libFuzzer|panicked at|SUMMARY' "$log" | cut -c1-80 || true); artifacts in fuzz/artifacts/$t"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN{printf "%.1f", u+s}')
  per_cpu=$(awk -v n="${execs:-0}" -v c="$cpu" 'BEGIN{printf "%.0f", (c > 0) ? n / c : 0}')
  echo "| $t | $BUILD | ${wall%.*} | $cpu | ${execs:-?} | ${rate:-?} | $per_cpu | ${cov:-?} | ${ft:-?} | ${corp:-?} | $load | $result |"
done
echo "logs: $logs" >&2
