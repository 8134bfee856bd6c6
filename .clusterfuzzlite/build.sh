#!/usr/bin/env bash
# Builds every cargo-fuzz target of build2d into $OUT with its dictionary, options file
# and seed corpus, as ClusterFuzzLite / OSS-Fuzz expect.
#
# In the builder image: OUT and SRC are set and nightly Rust is the default toolchain.
# Outside it (CI, a laptop): OUT=/some/dir bash .clusterfuzzlite/build.sh, with nightly
# chosen by RUSTUP_TOOLCHAIN=nightly if it is not the default; FUZZ_SANITIZER=none builds
# on stable. The cargo-fuzz flags are those of .ci/run, so a tree it has built is reused.
set -euo pipefail
: "${OUT:?set OUT to the output directory}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SAN="${FUZZ_SANITIZER:-${SANITIZER:-address}}"
# cargo-fuzz knows address/leak/memory/thread/none; a coverage build (SANITIZER=coverage)
# gets its instrumentation from the builder's flags, so it builds with none.
case "$SAN" in address | leak | memory | thread | none) ;; *) SAN=none ;; esac
cd "$ROOT"
mkdir -p "$OUT"

cargo fetch --locked --manifest-path fuzz/Cargo.toml   # cargo fuzz build has no --locked
# Without comparison tracing: twice the executions at equal coverage per CPU second
# (docs/verification.md, "Comparison tracing").
cargo fuzz build -s "$SAN" --debug-assertions --no-trace-compares

triple="$(rustc -vV | sed -n 's/^host: //p')"
bin_dir="fuzz/target/$triple/release"
zip_dir() { # zip_dir DIR ZIP: the files of DIR, flat (zip, else python3)
  if command -v zip > /dev/null; then
    (cd "$1" && zip -q -j "$2" ./*)
  else
    python3 - "$1" "$2" <<'PY'
import os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(dst, "w") as z:
    for name in sorted(os.listdir(src)):
        z.write(os.path.join(src, name), name)
PY
  fi
}

built=0
for target in $(cargo fuzz list); do
  cp "$bin_dir/$target" "$OUT/$target"
  # Dictionaries: fuzz/dict/<target>.dict, else the shared JSON one for JSON-taking targets.
  if [[ -f "fuzz/dict/$target.dict" ]]; then
    cp "fuzz/dict/$target.dict" "$OUT/$target.dict"
  elif [[ $target == parse_case || $target == parse_json_map ]]; then
    cp fuzz/dict/json.dict "$OUT/$target.dict"
  fi
  printf '[libfuzzer]\nrss_limit_mb = 2560\ntimeout = 25\nmax_len = 8192\n' > "$OUT/$target.options"
  if [[ -d "fuzz/seeds/$target" ]] && [[ -n "$(ls -A "fuzz/seeds/$target")" ]]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    zip_dir "$ROOT/fuzz/seeds/$target" "$OUT/${target}_seed_corpus.zip"
  fi
  built=$((built + 1))
done
echo "build.sh: $built targets in $OUT"
