# What the end-to-end shell tests share (cli_test.sh, corpus_cli_test.sh, stats_test.sh, and
# stats_mpi_test.sh and corpus_mpi_test.sh through mpi_checks.sh), sourced by each: a scratch
# directory to run in, the pass/fail counters, `expect`, `same`, and the summary that gives the
# script's exit status.

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1   # the shipped rules must work from any directory
passed=0
failed=0

# expect NAME EXPECTED_EXIT PATTERN -- COMMAND...: the command exits as expected and its combined
# output matches the extended regular expression PATTERN.
expect() {
  local name=$1 code=$2 pattern=$3
  shift 4
  local out status
  out=$("$@" 2>&1)
  status=$?
  if [ "$status" -eq "$code" ] && printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAIL %s: exit %s (want %s), output:\n%s\n' "$name" "$status" "$code" "$out"
  fi
}

# same NAME FILE_A FILE_B: the two files hold the same bytes (and are not empty).
same() {
  if [ -s "$2" ] && cmp -s "$2" "$3"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAIL %s: %s and %s differ (or are empty)\n' "$1" "$2" "$3"
    cmp "$2" "$3" | head -3
  fi
}

# checks_summary NAME: prints the counts; the script's last command, so its status is the test's.
checks_summary() {
  printf '%s: %d passed, %d failed\n' "$1" "$passed" "$failed"
  [ "$failed" -eq 0 ]
}
