#!/usr/bin/env bash
# The heavy hands of docs/performance.md, "Bounded work": 17-tile taiwan hands of 8 to 16 jokers
# and of only wildcards, laizi hands of 8 to 14 jokers, restricted wild kinds, many wild kinds.
# Runs every command on each, prints its wall and processor time, and the slowest.
# A measurement, not a test: run it on an idle machine.
# Usage: scripts/bounded_work.sh [PATH_TO_MELDGRAPH]   (default build/release/meldgraph)
set -u
bin=$(readlink -f "${1:-build/release/meldgraph}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# rule_file NAME BASE WILDCARDS: a rule file extending BASE with the wildcards mapping WILDCARDS.
rule_file() {
  printf 'extends: %s\nname: %s\nwildcards: %s\n' "$2" "$1" "$3" > "$1.yaml"
}
rule_file taiwan16 taiwan '{jokers: 16}'
rule_file taiwan_wild5z taiwan '{jokers: 16, tiles: "5z"}'
rule_file laizi16 laizi '{jokers: 16}'
rule_file own_suit laizi '{tiles: "1m1p1s", stand_ins: {"1m": own_suit, "1p": own_suit, "1s": own_suit}}'
rule_file many_kinds laizi '{tiles: "19m19p19s1234567z"}'

jokers() { printf '%*s' "$1" '' | tr ' ' '*'; }

# rules|hand: complete hands; the one-short commands drop a joker.
cases=()
naturals=(1m 2m 3m 4m 5m 6m 7m 8m 9m)
for j in 8 9 10 12 14 16; do
  cases+=("taiwan16.yaml|$(printf '%s' "${naturals[@]:0:$((17 - j))}")$(jokers "$j")")
done
cases+=("taiwan_wild5z.yaml|5z$(jokers 16)")
laizi_naturals=(1m 2m 3m 4m 5m 6m)
for j in 8 10 12 14; do
  cases+=("laizi16.yaml|$(printf '%s' "${laizi_naturals[@]:0:$((14 - j))}")$(jokers "$j")")
done
cases+=("laizi16.yaml|$(jokers 14)")
cases+=("laizi|123m456p78s$(jokers 6)")
cases+=("own_suit.yaml|1111m1111p1s*****" "own_suit.yaml|1111m1111p111s***")
cases+=("many_kinds.yaml|19m19p19s1234567z*")

slowest=0
slowest_command=
run() {
  local start end user
  start=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o time.txt "$bin" "$@" > out.txt 2> err.txt
  local status=$?
  end=$(date +%s.%N)
  user=$(awk '{print $1 + $2}' time.txt | tail -1)
  local wall
  wall=$(echo "$end - $start" | bc)
  printf '%6.2f s wall %6.2f s cpu  exit %d  %s\n' "$wall" "$user" "$status" "$*"
  if [ "$(echo "$wall > $slowest" | bc)" = 1 ]; then
    slowest=$wall
    slowest_command="$*"
  fi
}

for c in "${cases[@]}"; do
  rules=${c%%|*}
  hand=${c#*|}
  short=${hand%\*}
  echo "$hand" > line.txt
  echo "$short" > short.txt
  run --rules "$rules" analyze -- "$hand"
  run --rules "$rules" analyze --format json -- "$hand"
  run --rules "$rules" explain -- "$hand"
  run --rules "$rules" analyze -- "$short"
  for op in win interpretations score explain; do
    run --rules "$rules" batch --op "$op" --input line.txt
  done
  for op in waits shanten; do
    run --rules "$rules" batch --op "$op" --input short.txt
  done
done
printf 'slowest: %.2f s  %s\n' "$slowest" "$slowest_command"
