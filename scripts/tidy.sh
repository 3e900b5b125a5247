#!/usr/bin/env bash
# Runs clang-tidy (the repository's .clang-tidy) over the project's sources: engine/, analyzers/,
# cli/ and tests/, or over the files given as arguments. Exits non-zero when clang-tidy reports a
# warning. Not part of CI (scripts/test.sh): over the whole tree it takes several minutes of CPU
# per core. Needs clang-tidy (and run-clang-tidy for the parallel run); it configures (does not
# build) its own Release tree in build/tidy for compile_commands.json.
#
#   bash scripts/tidy.sh                       # every source file, in parallel
#   bash scripts/tidy.sh engine/src/shanten.cpp  # only these files
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-tidy >/dev/null || { echo "tidy.sh: clang-tidy is not installed" >&2; exit 2; }
build=build/tidy
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DMELDGRAPH_BENCH=OFF -DMELDGRAPH_INLINE_STRING_OPS=OFF >/dev/null
jobs=${TIDY_JOBS:-$(nproc)}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if [ "$#" -gt 0 ]; then
  clang-tidy -p "$build" --quiet "$@" 2>/dev/null | tee "$log"
elif command -v run-clang-tidy >/dev/null; then
  # run-clang-tidy takes regular expressions over the compile database's file names.
  run-clang-tidy -p "$build" -quiet -j "$jobs" '/(engine|analyzers|cli|tests)/' 2>/dev/null | tee "$log"
else
  git ls-files 'engine/*.cpp' 'analyzers/*.cpp' 'cli/*.cpp' 'tests/*.cpp' |
    xargs -P "$jobs" -n 4 clang-tidy -p "$build" --quiet 2>/dev/null | tee "$log"
fi
if grep -q 'warning:' "$log"; then
  echo "tidy.sh: $(grep -c 'warning:' "$log") warning(s)" >&2
  exit 1
fi
echo "tidy.sh: no warnings"
