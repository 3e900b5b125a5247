#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS on a copy of its seed corpus (the repository's seeds stay
# as they are). Usage: scripts/fuzz_run.sh BINARY CORPUS_DIR SECONDS FINDINGS_DIR
# Exit 0 when the run ended without a finding; otherwise libFuzzer's status, with the input that
# failed in FINDINGS_DIR/<target>-... and the run's log in FINDINGS_DIR/<target>.log.
# Used by scripts/fuzz.sh and by the fuzz_smoke_<target> ctest tests (fuzz/CMakeLists.txt).
set -euo pipefail
binary=$1 corpus=$2 seconds=$3 findings=$4
target=$(basename "$binary")
target=${target#fuzz_}
if [ ! -x "$binary" ]; then
  echo "fuzz_run.sh: no fuzz target at $binary (build it first: scripts/fuzz.sh)" >&2
  exit 2
fi
mkdir -p "$findings"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$corpus/." "$work/"
echo "== fuzz_$target for ${seconds}s"
# -timeout: an input that takes this long is a hang finding; -rss_limit_mb: a blow-up finding.
status=0
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  "$binary" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix="$findings/$target-" "$work" >"$findings/$target.log" 2>&1 || status=$?
grep -E "^(#[0-9]+ *DONE|stat::number_of_executed_units|stat::peak_rss_mb|SUMMARY|meldgraph fuzz)" \
  "$findings/$target.log" || true
if [ "$status" -ne 0 ]; then
  tail -40 "$findings/$target.log" >&2
  echo "fuzz_$target: finding (exit $status), input in $findings/" >&2
fi
exit "$status"
