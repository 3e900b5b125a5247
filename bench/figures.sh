#!/usr/bin/env bash
# The figures table of docs/performance.md: `meldgraph bench` for every operation under a few rule
# sets, best of several runs (the machine may be shared: the best run is the least disturbed), with
# each process's peak resident size from GNU time. Two rates per row: hands × repeat over the
# timed seconds, and hands over the fastest single pass (`best_pass_hands_per_s`), each the best
# of the runs.
# Usage: bench/figures.sh [PATH_TO_MELDGRAPH] [RUNS]   (defaults: build/release/meldgraph, 3)
set -eu
bin=${1:-build/release/meldgraph}
runs=${2:-3}
rule_sets=${RULE_SETS:-"riichi laizi sichuan mcr"}
ops=${OPS:-"win waits shanten interpretations"}
count=${COUNT:-10000}
repeat=${REPEAT:-20}
human() {
  awk -v r="$1" 'BEGIN { if (r >= 1e6) printf "%.1f M/s", r / 1e6;
                         else if (r >= 1e3) printf "%.0f k/s", r / 1e3;
                         else printf "%.0f /s", r }'
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '| op | rules | hands/s (best of %s) | fastest pass | checksum | peak RSS |\n|---|---|---:|---:|---:|---:|\n' "$runs"
for op in $ops; do
  for rules in $rule_sets; do
    best=0
    best_pass=0
    rss=0
    for _ in $(seq "$runs"); do
      /usr/bin/time -f '%M' -o "$tmp/time" "$bin" --rules "$rules" bench --op "$op" \
        --count "$count" --repeat "$repeat" > "$tmp/out"
      rate=$(sed 's/.*"hands_per_s":\([0-9.e+]*\).*/\1/' "$tmp/out")
      pass_rate=$(sed 's/.*"best_pass_hands_per_s":\([0-9.e+]*\).*/\1/' "$tmp/out")
      checksum=$(sed 's/.*"checksum":\(-\?[0-9]*\).*/\1/' "$tmp/out")
      kb=$(tail -1 "$tmp/time")
      best=$(awk -v a="$best" -v b="$rate" 'BEGIN { print (b > a ? b : a) }')
      best_pass=$(awk -v a="$best_pass" -v b="$pass_rate" 'BEGIN { print (b > a ? b : a) }')
      rss=$(( kb > rss ? kb : rss ))
    done
    printf '| %s | %s | %s | %s | %s | %d MB |\n' "$op" "$rules" "$(human "$best")" \
      "$(human "$best_pass")" "$checksum" $(( (rss + 512) / 1024 ))
  done
done
