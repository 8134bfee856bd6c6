#!/usr/bin/env bash
# Steady executions per CPU second of two builds of one target on the same grown corpus:
# each build gets its own scratch copy of fuzz/corpus/TARGET, replays it once (-runs=0,
# CPU c0), then fuzzes it with -runs=K+EXTRA (K = corpus inputs, -seed=ROUND); the rate
# is EXTRA / (CPU - c0), so the replay at start does not count. Old then new, ROUNDS times.
#
#   fuzz/compare-builds.sh OLD_BIN NEW_BIN TARGET [EXTRA=20000] [ROUNDS=1]
#
# OLD_BIN / NEW_BIN are target binaries (keep a copy of the old one before rebuilding,
# e.g. of target/campaign/x86_64-unknown-linux-gnu/release/TARGET).
set -euo pipefail
cd "$(dirname "$0")"
old=$1 new=$2 t=$3 extra=${4:-20000} rounds=${5:-1}
k=$(find "corpus/$t" -type f | wc -l)
((k > 0)) || { echo "no corpus in fuzz/corpus/$t" >&2; exit 2; }
runs=$((k + extra))
cpu() { awk '{s = $1 + $2} END {print s}' "$1"; }
for round in $(seq "$rounds"); do
  for which in old new; do
    bin=$old; [[ $which == new ]] && bin=$new
    d=$(mktemp -d)
    cp -r "corpus/$t" "$d/c"
    /usr/bin/time -o "$d/t0" -f "%U %S" nice -n 10 "$bin" "$d/c" -runs=0 >/dev/null 2>&1
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -o "$d/t1" -f "%U %S" nice -n 10 "$bin" "$d/c" -runs=$runs -seed="$round" \
      -timeout=120 -rss_limit_mb=4096 >/dev/null 2>"$d/log" || { echo "$which: fuzzing failed, log in $d" >&2; exit 1; }
    c0=$(cpu "$d/t0") c1=$(cpu "$d/t1")
    echo "$t $which round=$round K=$k cpu=$c1 replay_cpu=$c0 per_cpu_s=$(awk -v e="$extra" -v a="$c1" -v b="$c0" 'BEGIN {printf "%.0f", e / (a - b)}') load=$load"
    rm -rf "$d"
  done
done
