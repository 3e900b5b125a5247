#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite twice: in the Release build, and
# in a build with AddressSanitizer and UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
# With MPI: the Release build also builds meldgraph-mpi and runs its two-rank test (stats_mpi).
bash scripts/setup.sh libboost-mpi-dev openmpi-bin

echo "== Release build and tests"
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DMELDGRAPH_WERROR=ON >/dev/null
cmake --build build/release
ctest --test-dir build/release --output-on-failure -j2

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
# -O1 keeps the sanitizers' build time down (-g1: line tables only, all their reports need; a
# third less to build than -g); assertions stay on.
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DMELDGRAPH_SANITIZE=ON -DMELDGRAPH_WERROR=ON -DMELDGRAPH_BENCH=OFF -DMELDGRAPH_MPI=OFF >/dev/null
cmake --build build/sanitize
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build/sanitize --output-on-failure -j2
