#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite twice: in the Release build, and
# in a build with AddressSanitizer and UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
# With MPI: the Release build also builds meldgraph-mpi and runs its two-rank test (stats_mpi).
# With clang and libFuzzer: the sanitizers' build is clang's, and also fuzzes (below).
bash scripts/setup.sh libboost-mpi-dev openmpi-bin clang-14 libclang-rt-14-dev

echo "== Release build and tests"
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DMELDGRAPH_WERROR=ON >/dev/null
cmake --build build/release
ctest --test-dir build/release --output-on-failure -j2

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests, with a libFuzzer smoke run"
# One clang build: the suite under the sanitizers, the fuzz targets' replays of their seeds and
# past findings, and each libFuzzer target run for 5 s (fuzz_smoke_*, docs/fuzzing.md "In CI";
# light coverage, so the suite does not pay for comparison tracing). -O1 keeps the build time
# down (-g1: line tables only, all the sanitizers' reports need); assertions stay on. The Python
# module is the Release build's to test (an instrumented one needs the sanitizers' runtime
# preloaded into the interpreter).
cmake -S . -B build/sanitize -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DMELDGRAPH_SANITIZE=ON -DMELDGRAPH_WERROR=ON \
  -DMELDGRAPH_BENCH=OFF -DMELDGRAPH_MPI=OFF -DMELDGRAPH_PYTHON=OFF -DMELDGRAPH_FUZZ=ON -DMELDGRAPH_FUZZ_COVERAGE=light \
  -DMELDGRAPH_FUZZ_SMOKE_SECONDS=5 >/dev/null
cmake --build build/sanitize
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build/sanitize --output-on-failure -j2
