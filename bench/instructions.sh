#!/usr/bin/env bash
# Instructions a bench binary executes inside one function, by valgrind's callgrind
# (--toggle-collect: only while that function is on the stack). The count is the same for
# the same binary and input whatever else the machine runs, so it can tell apart changes
# of a few per cent that timing on a shared machine cannot (docs/performance.md,
# fifty-second session). It is not a speed figure: instructions differ in cost, and
# callgrind does not count the kernel's work (fresh pages, threads).
#
#   bench/instructions.sh FUNCTION BIN [ARGS...]
#   bench/instructions.sh FUNCTION --ab OLD_BIN NEW_BIN [ARGS...]
#
# FUNCTION is matched as *FUNCTION* against the demangled names, e.g. `shrink_observed`
# (the whole shrink; `shrink_rounds` runs nothing else after building its map):
#
#   bench/instructions.sh shrink_observed ../target/bench/release/shrink_rounds 5 rooms-1024:0.5
#
# With --ab, both binaries run with the same ARGS, and the ratio new / old is printed:
# build the old one from a worktree of the older commit into its own target directory.
set -euo pipefail
(($# >= 2)) || { sed -n '2,18p' "$0" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian: valgrind)" >&2; exit 2; }
function=$1
shift
# Runs "$@" under callgrind and prints the instructions counted in FUNCTION; fails when the
# program fails or FUNCTION never ran (a misspelt name counts nothing).
count() {
  local out log status=0 n
  out=$(mktemp) log=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="*${function}*" \
    "$@" >/dev/null 2>"$log" || status=$?
  n=$(sed -n 's/^==[0-9]*== Collected : *\([0-9]*\)$/\1/p' "$log")
  if ((status)) || [[ -z $n || $n == 0 ]]; then
    echo "$* exited $status with ${n:-no} instructions counted in $function:" >&2
    grep -v "^==[0-9]*==" "$log" | head -5 >&2
    rm -f "$out" "$log"
    return 1
  fi
  rm -f "$out" "$log"
  echo "$n"
}
if [[ $1 == --ab ]]; then
  old=$2 new=$3
  shift 3
  a=$(count "$old" "$@")
  b=$(count "$new" "$@")
  echo "$function: old $a, new $b instructions; new / old $(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.4f", b / a}')"
else
  n=$(count "$@")
  echo "$function: $n instructions"
fi
