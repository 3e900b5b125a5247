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
  -DMELDGRAPH_WERROR=ON -DMELDGRAPH_TESTS=OFF -DMELDGRAPH_BENCH=OFF -DMELDGRAPH_MPI=OFF >/dev/null
cmake --build build/fuzz

for target in "${targets[@]}"; do
  bash scripts/fuzz_run.sh "build/fuzz/fuzz/fuzz_$target" "fuzz/corpus/$target" "$seconds" \
    build/fuzz/findings || exit 1
done
