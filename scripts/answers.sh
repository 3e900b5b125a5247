#!/usr/bin/env bash
# Every command's answers on a fixed workload, one file each, so that two builds can be compared
# byte for byte (a change that must not change answers: `diff -r` of two folders is empty).
# The workload: for every shipped rule set, dealt complete hands with random situations (batch
# score, explain, interpretations, win), generated hands of every bench operation (batch win,
# waits, shanten, interpretations; bench's checksums), dealt ready and one-short hands (waits,
# shanten), a sample of them through `analyze` and `explain` (text and JSON) and `graph` (DOT and
# JSON); `rules dump`, `rules list`, corpus enumerations and statistics with their timings removed.
# Hands come from the first build's `corpus deal` and `bench --dump`, and both builds read them.
# Usage: scripts/answers.sh MELDGRAPH OUT_DIR [COUNT]   (COUNT hands a rule set and op, default 2000)
set -euo pipefail
bin=$(readlink -f "$1")
out=$2
count=${3:-2000}
mkdir -p "$out"
inputs=${ANSWERS_INPUTS:-$out/inputs}
mkdir -p "$inputs"
# Fields that measure time, not answers.
untimed() { sed -E -e 's/"(seconds|hands_per_s|best_pass_hands_per_s|rate)":[0-9.e+-]+/"\1":0/g' -e 's/^(run +)[0-9.]+ s/\1- s/'; }

"$bin" rules list > "$out/rules_list.txt"
for rules in $("$bin" rules list | awk 'NR > 0 { print $1 }' | grep -E '^[a-z_]+$'); do
  r="$out/$rules"
  mkdir -p "$r"
  in="$inputs/$rules"
  mkdir -p "$in"
  g() { "$bin" --rules "$rules" "$@"; }
  g rules dump > "$r/dump.yaml"
  # Inputs, made once (ANSWERS_INPUTS names a folder already made by the other build).
  if [ ! -s "$in/complete.jsonl" ]; then
    # batch reads a hand and its situation's fields in one object.
    g corpus deal --count "$count" --seed 11 --complete --context random --format json \
      | jq -c '{hand} + .context' > "$in/complete.jsonl"
    g corpus deal --count "$count" --seed 12 --ready --format json | jq -c '{hand}' \
      > "$in/ready.jsonl" || true
    g corpus deal --count "$count" --seed 13 --format json | jq -c '{hand}' > "$in/dealt.jsonl" \
      || true
    for op in win waits shanten interpretations score; do
      g bench --op "$op" --count "$count" --seed 14 --dump "$in/bench_$op.txt" || true
    done
    head -n 25 "$in/complete.jsonl" | sed -E 's/.*"hand":"([^"]*)".*/\1/' > "$in/sample.txt"
    head -n 10 "$in/bench_waits.txt" >> "$in/sample.txt"
    head -n 10 "$in/bench_shanten.txt" >> "$in/sample.txt"
    head -n 15 "$in/bench_interpretations.txt" > "$in/sample_complete.txt"
  fi
  for op in score explain interpretations win; do
    g batch --op "$op" --limit 5 --input "$in/complete.jsonl" > "$r/complete_$op.jsonl" 2>&1 || echo "exit $?" >> "$r/complete_$op.jsonl"
  done
  for f in ready dealt; do
    [ -s "$in/$f.jsonl" ] || continue
    for op in waits shanten win; do
      g batch --op "$op" --input "$in/$f.jsonl" > "$r/${f}_$op.jsonl" 2>&1 || echo "exit $?" >> "$r/${f}_$op.jsonl"
    done
  done
  for op in win waits shanten interpretations score; do
    [ -s "$in/bench_$op.txt" ] || continue
    batch_op=$op
    g batch --op "$batch_op" --limit 20 --input "$in/bench_$op.txt" > "$r/bench_$op.jsonl" 2>&1 || echo "exit $?" >> "$r/bench_$op.jsonl"
    g bench --op "$op" --input "$in/bench_$op.txt" --repeat 2 2>&1 | untimed > "$r/bench_checksum_$op.json" || true
  done
  [ -s "$in/bench_score.txt" ] && { g batch --op explain --limit 5 --input "$in/bench_score.txt" > "$r/bench_explain.jsonl" 2>&1 || true; }
  # One process a hand: the text and JSON answers a person reads.
  while IFS= read -r hand; do
    for fmt in text json; do
      g analyze --format "$fmt" --realisations 3 -- "$hand" >> "$r/analyze_$fmt.txt" 2>&1 || echo "exit $?" >> "$r/analyze_$fmt.txt"
      g explain --format "$fmt" --limit 5 -- "$hand" >> "$r/explain_$fmt.txt" 2>&1 || echo "exit $?" >> "$r/explain_$fmt.txt"
    done
  done < "$in/sample.txt"
  while IFS= read -r hand; do
    for fmt in dot json; do
      g graph --format "$fmt" -- "$hand" >> "$r/graph_$fmt.txt" 2>&1 || echo "exit $?" >> "$r/graph_$fmt.txt"
    done
  done < "$in/sample_complete.txt"
  g stats --deal 500 --seed 3 --format json 2>&1 | untimed > "$r/stats.json" || true
  g stats --deal 300 --seed 4 2>&1 | untimed > "$r/stats.txt" || true
  g corpus enumerate --size 5 --format json --label win,forms,interpretations,score 2>&1 | head -n 3000 > "$r/enumerate5.jsonl" || true
  g corpus enumerate --size 8 --count-only 2>&1 | untimed > "$r/enumerate8_count.json" || true
  g corpus deal --count 200 --seed 5 --context random --format csv --label win,forms,shanten,score > "$r/deal_labels.csv" 2>&1 || true
  g check --count 2000 --seed 2 2>&1 | untimed > "$r/check.txt" || true
done
