#!/usr/bin/env bash
# The share of build2d's lines that the fuzz corpora reach: each target's corpus
# (fuzz/corpus/TARGET, grown by campaigns, git-ignored) and committed seeds are replayed by
# `cargo fuzz coverage` (a build with -Cinstrument-coverage), the targets' profiles are
# merged, and llvm-cov reports the lines of src/ (and of reference/src/) over every
# target binary together.
#
#   fuzz/coverage.sh [TARGET...]          (default: every target, `cargo fuzz list` order)
#
# LLVM_BIN=...  llvm-cov and llvm-profdata of the LLVM major version that nightly rustc
#             uses (`rustc +nightly -vV`, "LLVM version"). Default: nightly's own
#             (`rustup +nightly component add llvm-tools-preview`) if installed, else
#             /usr/lib/llvm-22/bin.
# REUSE=1     keep a target's profile from an earlier run instead of replaying it again.
# Output: fuzz/coverage/TARGET/coverage.profdata (per target), fuzz/coverage/all.profdata,
# fuzz/coverage/report-src.txt and report-reference.txt (llvm-cov report, per file).
# Functions that no fuzz target links (the CLI's) are not in any binary, so they are
# neither covered nor counted: the share is of the lines the targets contain.
set -euo pipefail
cd "$(dirname "$0")"
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
tools="$(rustc +nightly --print sysroot)/lib/rustlib/$triple/bin"
[[ -x $tools/llvm-cov ]] || tools=/usr/lib/llvm-22/bin
LLVM_BIN="${LLVM_BIN:-$tools}" REUSE="${REUSE:-0}"
if (($#)); then targets=("$@"); else mapfile -t targets < <(cargo fuzz list); fi
root=$(cd .. && pwd)
objects=()
mkdir -p coverage
for t in "${targets[@]}"; do
  objects+=("target/$triple/coverage/$triple/release/$t")
  if ((REUSE)) && [[ -s coverage/$t/coverage.profdata ]]; then echo "$t: reused" >&2; continue; fi
  # A snapshot of the corpus and seeds: a campaign running beside this replaces and
  # deletes corpus files while they are read.
  inputs="coverage/inputs/$t"
  rm -rf "$inputs" && mkdir -p "$inputs"
  for d in "corpus/$t" "seeds/$t"; do
    [[ -d $d ]] && cp -r "$d/." "$inputs/" 2>/dev/null || true
  done
  if [[ -z "$(ls -A "$inputs")" ]]; then
    echo "$t: no corpus, no seeds: skipped" >&2; unset 'objects[-1]'; continue
  fi
  echo "$t: $(ls "$inputs" | wc -l) inputs" >&2
  cargo +nightly fuzz coverage -s none --llvm-path "$LLVM_BIN" "$t" "$inputs" -- \
    -timeout=120 -rss_limit_mb=2560 >"coverage/$t.log" 2>&1 ||
    { echo "$t: cargo fuzz coverage failed, see fuzz/coverage/$t.log" >&2; exit 1; }
done
((${#objects[@]})) || { echo "no target had inputs" >&2; exit 1; }
profiles=()
for o in "${objects[@]}"; do profiles+=("coverage/$(basename "$o")/coverage.profdata"); done
"$LLVM_BIN/llvm-profdata" merge -sparse "${profiles[@]}" -o coverage/all.profdata
args=(-instr-profile=coverage/all.profdata "${objects[0]}")
for o in "${objects[@]:1}"; do args+=(-object "$o"); done
"$LLVM_BIN/llvm-cov" report "${args[@]}" "$root"/src/ >coverage/report-src.txt
"$LLVM_BIN/llvm-cov" report "${args[@]}" "$root"/reference/src/ >coverage/report-reference.txt
echo "targets: ${#objects[@]}"
for r in src reference; do
  echo "$r:"; head -1 "coverage/report-$r.txt"; tail -1 "coverage/report-$r.txt"
done
