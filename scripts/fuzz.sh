#!/usr/bin/env bash
# Builds the libFuzzer targets (docs/fuzzing.md) with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer, and runs each for SECONDS (default 10) on a copy of its seed corpus.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]; exit 1 on the first finding, whose input libFuzzer
# writes to build/fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(notation rules analyze batch score differential)
bash scripts/setup.sh clang-14 libclang-rt-14-dev

CXX=clang++-14 cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DMELDGRAPH_SANITIZE=ON -DMELDGRAPH_FUZZ=ON \
  -DMELDGRAPH_WERROR=ON -DMELDGRAPH_TESTS=OFF -DMELDGRAPH_BENCH=OFF >/dev/null
cmake --build build/fuzz

mkdir -p build/fuzz/findings
for target in "${targets[@]}"; do
  work=$(mktemp -d)
  cp -r "fuzz/corpus/$target/." "$work/"
  echo "== fuzz_$target for ${seconds}s"
  # -timeout: an input that takes this long is a hang finding; -rss_limit_mb: a blow-up finding.
  status=0
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "build/fuzz/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="build/fuzz/findings/$target-" "$work" \
    >"build/fuzz/findings/$target.log" 2>&1 || status=$?
  grep -E "^(#[0-9]+ *DONE|stat::number_of_executed_units|stat::peak_rss_mb|SUMMARY|meldgraph fuzz)" \
    "build/fuzz/findings/$target.log" || true
  rm -rf "$work"
  if [ "$status" -ne 0 ]; then
    tail -40 "build/fuzz/findings/$target.log" >&2
    echo "fuzz_$target: finding (exit $status), input in build/fuzz/findings/" >&2
    exit 1
  fi
done
