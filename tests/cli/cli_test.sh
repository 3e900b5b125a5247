#!/usr/bin/env bash
# End-to-end checks of the meldgraph command: outputs, exit codes, error messages.
# Usage: cli_test.sh PATH_TO_MELDGRAPH
# MELDGRAPH_TEST_SCALE=N (the sanitizers' build sets 4): the checks that only compare answers run
# N times smaller (check's hand counts), on fewer rule sets or operations, or once (bench's
# repeated checksums), above all those that build the shanten tables (seconds each under the
# sanitizers); every command path still runs. The Release pass runs them all.
set -u
bin=$1
scale=${MELDGRAPH_TEST_SCALE:-1}
. "$(dirname "$(readlink -f "$0")")/shell_checks.sh"

expect analyze-default 0 'interpretations  2 \(standard 2\)' -- "$bin" analyze 111222333m456p11s
expect analyze-lists 0 '123m 123m 123m 456p 11s' -- "$bin" analyze 111222333m456p11s
expect analyze-unicode 0 $'\U0001F007' -- "$bin" analyze 111222333m456p11s
expect analyze-nowin 0 'win +no' -- "$bin" analyze 123m456p789s13577z
expect analyze-json 0 '"by_form"' -- "$bin" analyze 11223344556677m --format json
expect analyze-json-count 0 '"count": 4' -- "$bin" analyze 11223344556677m --format json
expect analyze-limit 0 '\.\.\. 2 more' -- "$bin" analyze 11223344556677m --limit 2
expect analyze-wild 0 'win +yes' -- "$bin" --wild 5m analyze 123456789p11z455m
# Nine or more wildcards in the N-wildcards group: every one listed, with its glyph, and no
# internal error.
J=$(printf '\U0001F02A')
expect analyze-twelve-wild 0 "\\{\\*{12}\\} loose 1m2z" -- "$bin" --wild 5m,7z analyze '1m******2z**5555m'
expect analyze-twelve-ghosts 0 "^     ($J){12}  🀙🀙$" -- "$bin" --rules guangdong_double --indicator 4m --wild 7z analyze 44445555m7777z11p
expect analyze-nine-wild 0 "^     ($J){9}  🀀🀁🀁🀂🀂$" -- "$bin" --wild 5m analyze 5m********12233z --limit 0
expect batch-loose-json 0 '"loose_tiles":\["1m","2z"\]' -- bash -c "echo '1m******2z**5555m' | \"$bin\" --wild 5m,7z batch --op interpretations"
expect analyze-basic-wild 1 'does not let a hand choose' -- "$bin" --rules basic --wild 5m analyze 11m
expect analyze-badsuit 1 "unknown suit 'x' at column 5" -- "$bin" analyze 1234x
expect analyze-caret 1 '^      \^$' -- "$bin" analyze 1234x
expect analyze-fifth 1 '5th copy of 1m.* at column 5' -- "$bin" analyze 11111m123p456s11z
expect analyze-size 1 'hand holds 12 tiles' -- "$bin" analyze 123m456p789s112z
expect analyze-badformat 2 'format' -- "$bin" analyze 11m --format xml
expect analyze-missing 2 'hand' -- "$bin" analyze
expect no-command 2 'subcommand' -- "$bin"
expect unknown-rules 1 "unknown rule set 'nosuch'" -- "$bin" --rules nosuch analyze 11m
expect graph-dot 0 'digraph "standard"' -- "$bin" graph 111222333m456p11s
expect graph-json 0 '"edges"' -- "$bin" graph 111222333m456p11s --format json
expect rules-list 0 '^laizi \(default\)' -- "$bin" rules list
expect rules-list-basic 0 '^basic' -- "$bin" rules list
expect corpus-first 0 '^11122m$' -- bash -c "\"$bin\" --rules riichi corpus enumerate --size 5 | head -1"
expect corpus-json 0 '^\{"index":0,"hand":"11112222333344m","forms":\["standard"\]\}$' -- bash -c "\"$bin\" --rules riichi corpus enumerate --format json | head -1"
# The count of size 8 agrees with the number of hands listed.
expect corpus-count 0 'same' -- bash -c "n=\$(\"$bin\" --rules riichi corpus enumerate --size 8 | wc -l); \"$bin\" --rules riichi corpus enumerate --size 8 --count-only | grep -q \"\\\"hands\\\":\$n,\" && echo same"
expect corpus-size 1 'must be 3n \+ 2 tiles' -- "$bin" --rules riichi corpus enumerate --size 6
printf 'name: five_copies\nextends: basic\ntiles: {copies: 5}\nhand: {tiles: 14}\n' > five_copies.yaml
expect corpus-unsupported 1 "a suit the lookup tables do not model \(characters\) is not supported yet" -- "$bin" --rules five_copies.yaml corpus enumerate --count-only
expect corpus-subcommand 2 'subcommand is required' -- "$bin" corpus
expect rules-dump 0 'seven_pairs' -- "$bin" rules dump laizi
expect rules-dump-basic 0 'standard' -- "$bin" --rules basic rules dump

cat > ok.yaml <<'YAML'
name: mine
extends: laizi
forms:
  seven_pairs: {enabled: false}
YAML
expect rules-check-ok 0 "ok: rule set 'mine'" -- "$bin" rules check ok.yaml
expect rules-file 0 'interpretations  3 \(standard 3\)' -- "$bin" --rules ./ok.yaml analyze 11223344556677m
cat > bad.yaml <<'YAML'
name: bad
extends: basic
tiles:
  suits:
    - letter: m
      ranks: [1, 2, 3]
      sequence: true
YAML
expect rules-check-unknown 1 "bad.yaml:7:7: unknown key 'sequence'" -- "$bin" rules check bad.yaml
expect rules-check-missing 1 "cannot open rule file" -- "$bin" rules check nothere.yaml

printf '111222333m456p11s\n\n1234x\n123m456p789s1122z\n11223344556677m\n' > hands.txt
expect batch-win 0 '^\{"declared_wildcards":0,"forms":\["standard"\],"hand":"111222333m456p11s","rules":"laizi".*"win":true' -- "$bin" batch --op win --input hands.txt
expect batch-error 0 '^\{"error":"unknown suit .x. at column 5","hand":"1234x","rules":"laizi"\}$' -- "$bin" batch --op win --input hands.txt
expect batch-size 0 '^\{"error":"hand holds 13 tiles.*"hand":"123m456p789s1122z","rules":"laizi"\}$' -- "$bin" batch --op win --input hands.txt
expect batch-lines 0 '^4$' -- bash -c "\"$bin\" batch --op win --input hands.txt | wc -l"
expect batch-interp 0 '"by_form":\{"four_wildcards":0,"seven_pairs":1,"standard":3,"thirteen_orphans":0\}' -- "$bin" batch --op interpretations --input hands.txt
expect batch-stdin 0 '"win":true' -- bash -c "echo 11m | \"$bin\" --rules basic batch --op win"
expect batch-badop 2 "\\-\\-op: 'nope' is not one of win, interpretations, waits, shanten" -- "$bin" batch --op nope --input hands.txt
expect batch-noinput 1 "cannot open input file" -- "$bin" batch --op win --input missing.txt

# Hands one tile short: shanten, waits with the copies left, improving tiles; --visible.
expect short-shanten 0 '^shanten +0 ready \(standard 0' -- "$bin" analyze 1112345678999m
expect short-waits 0 '^waits +9 kinds, 23 tiles left$' -- "$bin" analyze 1112345678999m
expect short-wait-line 0 '^  1m  .*  1 left  standard$' -- "$bin" analyze 1112345678999m
expect short-wildcard 0 '^wildcard draw +completes \(standard\)$' -- "$bin" analyze 1112345678999m
expect short-improving 0 '^improving +9 kinds, 23 tiles left: 1m\(1\) 2m\(3\)' -- "$bin" analyze 1112345678999m
expect short-fifth 0 '^shanten +1 \(standard 1, ' -- "$bin" analyze 1111m234p567p789p
expect short-nowait 0 '^waits +none$' -- "$bin" analyze 1111m234p567p789p
expect short-json 0 '"remaining_total": 23' -- "$bin" analyze 1112345678999m --format json
expect short-json-forms 0 '"shanten_by_form"' -- "$bin" analyze 1112345678999m --format json
expect short-json-wild 0 '"wildcard_completes": true' -- "$bin" analyze 1112345678999m --format json
expect short-basic-nowild 0 '^absent$' -- bash -c "\"$bin\" --rules basic analyze 1112345678999m --format json | grep -q wildcard_completes || echo absent"
expect nowin-shanten 0 '^shanten +1 \(standard 1, ' -- "$bin" analyze 123m456p789s13577z
expect nowin-shanten-json 0 '"shanten": 1' -- "$bin" analyze 123m456p789s13577z --format json
expect visible-global 0 '^waits +9 kinds, 19 tiles left$' -- "$bin" --visible 1m5m5m9m analyze 1112345678999m
expect visible-after 0 '^  5m  .*  1 left  standard$' -- "$bin" analyze 1112345678999m --visible '1m 55m 9m'
expect visible-bad 1 "--visible: unknown suit 'x' at column 2" -- "$bin" --visible 1x analyze 1112345678999m
expect visible-fifth 1 'more visible copies of 1m' -- "$bin" --visible 11111m analyze 1112345678999m
expect declared-waits 0 '^  4s  .*  4 left  standard$' -- "$bin" analyze '[777z]123m456p11s23s'
printf '1112345678999m\n1111m234p567p789p\n111222333m456p11s\n' > short.txt
expect batch-waits 0 '^\{"hand":"1112345678999m","remaining_total":23,"rules":"laizi","waits":\[\{"forms":\["standard"\],"remaining":1,"tile":"1m"\}' -- "$bin" batch --op waits --input short.txt
expect batch-waits-size 0 '^\{"error":"hand holds 14 tiles; waits and improving tiles need 3n\+1 tiles' -- "$bin" batch --op waits --input short.txt
expect batch-shanten 0 '^\{"hand":"1111m234567789p","improving":\[.*"shanten":1,"shanten_by_form":\{"four_wildcards":3,"seven_pairs":3,"standard":1,"thirteen_orphans":10\}\}$' -- "$bin" batch --op shanten --input short.txt
expect batch-shanten-complete 0 '^\{"hand":"111222333m456p11s","rules":"laizi","shanten":-1,"shanten_by_form":\{.*"standard":-1.*\}\}$' -- "$bin" batch --op shanten --input short.txt
expect batch-visible 0 '"remaining_total":19' -- "$bin" batch --op waits --input short.txt --visible 1m5m5m9m

cat > ind.yaml <<'YAML'
name: ind
extends: laizi
wildcards: {indicator: {cycle: group}}
YAML
expect indicator 0 'win +yes' -- "$bin" --rules ./ind.yaml --indicator 4m analyze 123456789p11z455m
expect indicator-none 1 'does not choose wildcards by an indicator' -- "$bin" --indicator 4m analyze 11m
expect indicator-bad 1 "unknown suit 'x'" -- "$bin" --rules ./ind.yaml --indicator 4x analyze 11m

expect limit-negative 2 'must not be negative' -- "$bin" analyze 11m --limit -1
printf '11m\n\377\376\n12m\n' > bad_utf8.txt
expect batch-bad-utf8 0 '^\{"error":"unexpected character' -- "$bin" batch --op win --input bad_utf8.txt
expect batch-bad-utf8-goes-on 0 '^3$' -- bash -c "\"$bin\" batch --op win --input bad_utf8.txt | wc -l"

# Robustness: random strings over the notation's characters never crash a batch, every line gets
# an answer, in order (RANDOM is seeded, so the corpus is the same on every run).
RANDOM=42
alphabet='0123456789mpszf*[]()+ '
for _ in $(seq 1500); do
  line=''
  for _ in $(seq $((RANDOM % 20 + 1))); do line+=${alphabet:$((RANDOM % ${#alphabet})):1}; done
  printf '%s\n' "$line"
done > random.txt
answers=$(grep -cv '^ *$\|^ *#' random.txt)
for op in win interpretations waits shanten; do
  expect "random-$op" 0 "^$answers\$" -- bash -c "\"$bin\" batch --op $op --limit 3 --input random.txt | wc -l"
done

# batch --jobs: the same bytes as one thread, in input order, bad lines included. random.txt's
# lines and the hands after them span more than one chunk of lines at two and three threads.
for _ in $(seq 300); do
  line=''
  for _ in $(seq $((RANDOM % 2 + 13))); do line+=$((RANDOM % 9 + 1))${alphabet:$((10 + RANDOM % 3)):1}; done
  printf '%s\n' "$line"
done > jobs.txt
cat random.txt >> jobs.txt
printf '# a comment\n\n1234x\n111222333m456p11s\n' >> jobs.txt
for op in win interpretations waits shanten; do
  "$bin" batch --op "$op" --limit 3 --input jobs.txt > jobs1.out 2>&1
  for jobs in 2 3; do
    expect "batch-jobs$jobs-$op" 0 '^same$' -- bash -c "\"$bin\" batch --op $op --limit 3 --jobs $jobs --input jobs.txt | cmp - jobs1.out && echo same"
  done
done
# --answers-from: the analyzers' answers from the tables and from the search are the same bytes.
for op in win waits shanten; do
  [ "$scale" -gt 1 ] && [ "$op" = shanten ] && continue
  "$bin" --answers-from tables batch --op "$op" --input jobs.txt > tables.out 2>&1
  expect "batch-answers-from-$op" 0 '^same$' -- bash -c "\"$bin\" --answers-from search batch --op $op --input jobs.txt | cmp - tables.out && echo same"
  # auto: the search, then the tables once their background build is done, wherever that falls.
  expect "batch-answers-from-auto-$op" 0 '^same$' -- bash -c "\"$bin\" --answers-from auto batch --op $op --jobs 2 --input jobs.txt | cmp - tables.out && echo same"
done
expect analyze-answers-from 0 'waits +9 kinds, 22 tiles left' -- "$bin" --answers-from tables --rules riichi analyze 1112345678999m --visible 9m
expect answers-from-bad 2 'answers-from' -- "$bin" --answers-from lookup analyze 11m
expect batch-jobs-lines 0 "^$(grep -cv '^ *$\|^ *#' jobs.txt)\$" -- bash -c "\"$bin\" batch --op win --jobs 2 --input jobs.txt | wc -l"
expect batch-jobs-stdin 0 '"win":true' -- bash -c "echo 11m | \"$bin\" --rules basic batch --op win --jobs 2"
expect batch-jobs-zero 2 '--jobs' -- "$bin" batch --op win --jobs 0 --input jobs.txt
expect batch-jobs-negative 2 '--jobs' -- "$bin" batch --op win --jobs -3 --input jobs.txt

# bench: one JSON line; the checksum is per pass, so one pass and two passes agree.
number='-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?'
for op in win interpretations waits shanten; do
  for rules in riichi laizi; do
    expect "bench-shape-$op-$rules" 0 "^\{\"op\":\"$op\",\"rules\":\"$rules\",\"hands\":40,\"repeat\":2,\"seconds\":$number,\"hands_per_s\":$number,\"best_pass_hands_per_s\":$number,\"checksum\":-?[0-9]+\}\$" -- "$bin" --rules "$rules" bench --op "$op" --count 40 --repeat 2
    # The checksum compare is logic only.
    [ "$scale" -gt 1 ] && { [ "$rules" != riichi ] || [ "$op" = shanten ]; } && continue
    one=$("$bin" --rules "$rules" bench --op "$op" --count 40 --repeat 1 | sed 's/.*"checksum"://')
    expect "bench-repeat-$op-$rules" 0 "\"checksum\":$one\$" -- "$bin" --rules "$rules" bench --op "$op" --count 40 --repeat 2
  done
done
# check: the queries against the search; one JSON line per operation, exit 0 when all agree.
check_count=$((60 / scale))
for rules in riichi laizi mcr; do
  [ "$scale" -gt 1 ] && [ "$rules" = riichi ] && continue
  expect "check-$rules" 0 "^\{\"op\":\"shanten\",\"rules\":\"$rules\",\"hands\":$check_count,\"by_tables\":[0-9]+,\"disagreements\":0,\"seconds\":$number\}\$" -- "$bin" --rules "$rules" check --op shanten --count $check_count --jobs 2
done
expect check-lines 0 '^2$' -- bash -c "\"$bin\" check --op win,waits --count 10 | wc -l"
check_ops=win,waits,shanten,interpretations
[ "$scale" -gt 1 ] && check_ops=win,waits,interpretations
expect check-same-jobs 0 '^same$' -- bash -c "diff <(\"$bin\" check --op $check_ops --count $((100 / scale)) --jobs 1 | sed 's/,\"seconds.*//') <(\"$bin\" check --op $check_ops --count $((100 / scale)) --jobs 3 | sed 's/,\"seconds.*//') && echo same"
expect check-badop 2 'op' -- "$bin" check --op nope
expect check-zero 2 'count' -- "$bin" check --count 0
expect bench-standard-shanten 0 '^\{"op":"standard-shanten","rules":"riichi","hands":40,.*"checksum":[0-9]+\}$' -- "$bin" --rules riichi bench --op standard-shanten --count 40
cat > pairs_only.yaml <<'YAML'
name: pairs_only
extends: riichi
forms:
  standard: {enabled: false}
YAML
expect bench-standard-shanten-none 1 'has no melds form with one pair' -- "$bin" --rules ./pairs_only.yaml bench --op standard-shanten --count 5
expect bench-seed 0 '"checksum":' -- "$bin" bench --op win --count 10 --seed 7
# bench --dump writes the workload as bench --input and batch read it: the same hands (and for
# score the same situations, red winning fives included) give the same checksum.
for op in win score; do
  dumped=$("$bin" --rules riichi bench --op "$op" --count 300 | sed 's/.*"checksum"://')
  "$bin" --rules riichi bench --op "$op" --count 300 --dump "dump_$op.txt"
  expect "bench-dump-$op" 0 "\"hands\":300,.*\"checksum\":$dumped\$" -- "$bin" --rules riichi bench --op "$op" --input "dump_$op.txt"
done
expect bench-dump-lines 0 '^300$' -- bash -c "wc -l < dump_score.txt"
# --answers-from for scoring: the listing and the waits before the win, from the tables or not.
"$bin" --rules riichi --answers-from tables batch --op score --input dump_score.txt > score_tables.out
expect batch-answers-from-score 0 '^same$' -- bash -c "\"$bin\" --rules riichi --answers-from search batch --op score --input dump_score.txt | cmp - score_tables.out && echo same"
expect bench-dump-json 0 '^\{.*"hand":"[0-9mpsz]+\+[0-9][mpsz]".*"seat_wind":"[ESWN]".*\}$' -- head -1 dump_score.txt
expect bench-dump-stdout 0 '^[0-9mpsz]+$' -- bash -c "\"$bin\" --rules riichi bench --op win --count 3 --dump - | head -1"
expect bench-dump-badfile 1 "cannot open output file" -- "$bin" bench --op win --count 3 --dump /nonexistent/dir/x.txt
expect bench-lines 0 '^1$' -- bash -c "\"$bin\" bench --op win --count 5 | wc -l"
expect bench-wild 0 '"rules":"laizi"' -- "$bin" --wild 5m bench --op interpretations --count 20
expect bench-basic-wild 1 'does not let a hand choose' -- "$bin" --rules basic --wild 5m bench --op win --count 5
printf '# hands\n111222333m456p11s\n\n11223344556677m\n' > bench_ok.txt
expect bench-input 0 '^\{"op":"interpretations","rules":"laizi","hands":2,"repeat":1,.*"checksum":6\}$' -- "$bin" bench --op interpretations --input bench_ok.txt
expect bench-input-win 0 '"checksum":2\}$' -- "$bin" bench --op win --input bench_ok.txt --repeat 3
expect bench-stdin 0 '"hands":1,' -- bash -c "echo 11m | \"$bin\" --rules basic bench --op win --input -"
printf '111222333m456p11s\n# two\n1234x\n' > bench_bad.txt
expect bench-bad-line 1 'bench_bad.txt:3: unknown suit .x. at column 5' -- "$bin" bench --op win --input bench_bad.txt
expect bench-bad-caret 1 '^      \^$' -- "$bin" bench --op win --input bench_bad.txt
expect bench-bad-size 1 'bench_ok.txt:2: hand holds 14 tiles; this operation needs 3n\+1 tiles' -- "$bin" bench --op waits --input bench_ok.txt
printf '# nothing\n\n' > bench_empty.txt
expect bench-empty 1 "no hands in 'bench_empty.txt'" -- "$bin" bench --op win --input bench_empty.txt
expect bench-noinput 1 'cannot open input file' -- "$bin" bench --op win --input missing.txt
expect bench-badop 2 '--op' -- "$bin" bench --op nope
expect bench-noop 2 '--op' -- "$bin" bench
expect bench-repeat-zero 2 '--repeat' -- "$bin" bench --op win --repeat 0
expect bench-count-zero 2 '--count' -- "$bin" bench --op win --count 0
expect bench-warmup-none 0 '"checksum":2\}$' -- "$bin" bench --op win --input bench_ok.txt --warmup 0
expect bench-warmup-negative 2 '--warmup' -- "$bin" bench --op win --warmup -1
expect bench-count-input 2 'excludes' -- "$bin" bench --op win --count 5 --input bench_ok.txt

# Usage mends: option words are named (no CLI11 internals, no index taken for a word), --version,
# a hand starting with '-'.
expect version 0 '^meldgraph [0-9]+\.[0-9]+\.[0-9]+$' -- "$bin" --version
expect format-words 2 "^meldgraph: error: --format: 'xml' is not one of text, json$" -- "$bin" analyze 11m --format xml
expect format-no-internals 0 '^clean$' -- bash -c "\"$bin\" analyze 11m --format xml 2>&1 | grep -q -e '->' -e FAILED || echo clean"
expect format-no-index 2 "'1' is not one of text, json" -- "$bin" analyze 11m --format 1
expect format-case 0 '"rules": "laizi"' -- "$bin" analyze 11m --format JSON
expect help-words 0 '--format text\|json' -- "$bin" analyze --help
expect help-no-enum 0 '^clean$' -- bash -c "\"$bin\" analyze --help | grep -q ENUM || echo clean"
expect graph-format-words 2 "'png' is not one of dot, json" -- "$bin" graph 11m --format png
expect answers-from-words 2 "'lookup' is not one of auto, tables, search" -- "$bin" --answers-from lookup analyze 11m
expect bench-op-words 2 "'nope' is not one of win, waits, shanten, standard-shanten, interpretations" -- "$bin" bench --op nope
expect check-op-words 2 "'nope' is not one of win, waits, shanten, interpretations" -- "$bin" check --op nope
expect dash-hand-hint 2 "'-\*' starts with '-' and was read as an option.*after '--'" -- "$bin" analyze '-*'
expect dash-hand-after 1 "unexpected character '-' at column 1" -- "$bin" analyze -- '-*'
# Realisations of abstract groups: listed with --realisations, the rest counted, the winning
# wildcard's place and wait given; JSON carries the list; claimed tiles and a red winning tile.
expect realisations-text 0 '^     = \{1\}\{2\}\{3\}m  \(wins \{1\}\{2\}\{3\}m on 2m, closed wait\)$' -- "$bin" analyze '11z**+*' --limit 1 --realisations 3
expect realisations-more 0 '^     \.\.\. 94 more realisations' -- "$bin" analyze '11z**+*' --limit 1 --realisations 3
expect realisations-json 0 '"realisations_unlisted": 95' -- "$bin" analyze '11z**+*' --limit 1 --realisations 2 --format json
expect realisations-json-wait 0 '"wait": "two_sided",' -- "$bin" analyze '11z**+*' --limit 1 --realisations 2 --format json
expect realisations-none 0 '^clean$' -- bash -c "\"$bin\" analyze '11z**+*' --limit 1 | grep -q '^ *realisations [0-9]\\|^ *= ' || echo clean"
expect realisations-bound 2 'realisations' -- "$bin" analyze '11z**+*' --realisations 100001
expect claimed-json 0 '"claimed": "4m",' -- "$bin" --rules riichi analyze '345m067p8s [34-0m] [555=5z] +8s' --format json
expect claimed-unordered 0 '^hand +345m067p8s111z\[34-5m\]\+8s ' -- "$bin" --rules riichi analyze '345m067p111z8s [4-53m] +8s'
expect winning-red 0 '"winning_red": true' -- "$bin" --rules riichi analyze '34m55m123p456s111z+0m' --format json
expect winning-red-hand 0 '^hand +3455m123p456s111z\+0m ' -- "$bin" --rules riichi analyze '34m55m123p456s111z+0m'
# The hint is for a hand taken for an option, not for an option's bad value (--limit -1).
expect limit-negative-no-hint 0 '^no hint$' -- bash -c "\"$bin\" analyze 123m --limit -1 2>&1 | grep -q 'read as an option' || echo 'no hint'"
expect dash-hand-hint-with-limit 2 "'-\*' starts with '-' and was read as an option" -- "$bin" analyze '-*' --limit 3

# Notation mends: '+' takes one tile, only on a complete-size hand; wildcards in declared melds.
expect plus-one-tile 1 "'\+' takes exactly one winning tile; write the others before it at column 6" -- "$bin" analyze 11m+123m
expect plus-short-hand 1 "a hand with a winning tile '\+' holds 3n\+2 tiles with it, this one 13 at column 17" -- "$bin" analyze 123m456p789s111z+1z
expect declared-wildcards-json 0 '"declared_wildcards": 1,' -- "$bin" analyze '[77*z]123m456p789s1z+1z' --format json
expect declared-wildcards-total 0 '"wildcards": 1' -- "$bin" analyze '[77*z]123m456p789s1z+1z' --format json
expect declared-wildcards-text 0 '^tiles +14 \(wildcards 1, 1 in declared melds\)$' -- "$bin" analyze '[77*z]123m456p789s1z+1z'
printf '12m\0x\n' > nul.txt
expect batch-nul 0 "unexpected character '\\\\\\\\0' at column 4" -- "$bin" batch --op win --input nul.txt
expect kong-example 0 'win +yes' -- "$bin" analyze '234m456p789s1z(1111m)+1z'

# Declared melds' sources, added kongs and red fives, echoed in the normalised hand.
expect meld-source 0 '^hand +345m067p8s\[34-0m\]\[555=5z\]\+8s ' -- "$bin" --rules riichi analyze '345m067p8s [34-0m] [555=5z] +8s'
expect meld-source-json 0 '"hand": "345m067p8s\[34-0m\]\[555=5z\]\+8s"' -- "$bin" --rules riichi analyze '345m067p8s [34-0m] [555=5z] +8s' --format json

# The hand's situation: options on analyze, JSON lines in batch, one parser; echoed.
expect context-default 0 '^context +self-draw, seat E, round E$' -- "$bin" analyze 111222333m456p11s
expect context-options 0 '^context +discard from left, seat S, round E, riichi, ippatsu, dora 4s 1z, honba 2$' -- "$bin" --rules riichi analyze 111222333m456p11s --win discard --from left --seat-wind S --riichi --ippatsu --dora 4s,1z --honba 2
expect context-json 0 '"seat_wind": "S"' -- "$bin" --rules riichi analyze 111222333m456p11s --seat-wind S --format json
expect context-flowers 0 '^context +self-draw, seat E, round E, flowers 1f 5f$' -- "$bin" --rules hongkong analyze 111222333m456p11s --flowers 5f1f
expect context-flower-count 0 '^context +self-draw, seat E, round E, flowers 2$' -- "$bin" --rules hongkong analyze 111222333m456p11s --flowers 2
# Bonus tiles written in the hand are its flowers, in analyze, explain and batch alike: South's
# own flower 2f is 正花 (and no 無花): 9 faan, 576 (tests/data/fixtures/scoring/hongkong_hand_flowers.json).
hf='111m999m555z2z2f[333-m]+2z'
expect hand-flowers-analyze 0 'patterns: 混一色 Mixed One Suit 3, 對對糊 All Pungs 3, 自摸 Self-Drawn 1, 白板 White Dragon Pung 1, 正花 Seat Flower 1$' -- "$bin" --rules hongkong analyze "$hf" --seat-wind S
expect hand-flowers-context 0 '^context +self-draw, seat S, round E, flowers 2f$' -- "$bin" --rules hongkong analyze "$hf" --seat-wind S
expect hand-flowers-points 0 '^score +9 faan, 576 points' -- "$bin" --rules hongkong analyze "$hf" --seat-wind S
expect hand-flowers-explain 0 '^counted seat_flower, not no_flowers$' -- bash -c "out=\$(\"$bin\" --rules hongkong explain '$hf' --seat-wind S); grep -q '^context .*flowers 2f$' <<< \"\$out\" && grep -q '^     + 正花 Seat Flower: counted' <<< \"\$out\" && grep -q '^     - 無花 No Flowers: no' <<< \"\$out\" && echo 'counted seat_flower, not no_flowers'"
expect hand-flowers-batch 0 '"faan":9,.*"points":576' -- bash -c "echo '{\"hand\":\"$hf\",\"seat_wind\":\"S\"}' | \"$bin\" --rules hongkong batch --op score"
# Given in both places: the same answer when they agree (the same tiles, or their count).
"$bin" --rules hongkong analyze "$hf" --seat-wind S --format json > hand_flowers.json
expect hand-flowers-agree-tiles 0 '^same$' -- bash -c "\"$bin\" --rules hongkong analyze '$hf' --seat-wind S --flowers 2f --format json | cmp - hand_flowers.json && echo same"
expect hand-flowers-agree-count 0 '^same$' -- bash -c "\"$bin\" --rules hongkong analyze '$hf' --seat-wind S --flowers 1 --format json | cmp - hand_flowers.json && echo same"
expect hand-flowers-as-context 0 '^same$' -- bash -c "\"$bin\" --rules hongkong analyze '111m999m555z2z[333-m]+2z' --seat-wind S --flowers 2f | grep -v '^hand ' > context_flowers.txt; \"$bin\" --rules hongkong analyze '$hf' --seat-wind S | grep -v '^hand ' | cmp - context_flowers.txt && echo same"
# Disagreeing: an error naming the field and the hand's column.
expect hand-flowers-disagree 1 "^meldgraph: error: --flowers: gives 1f, but the hand holds the bonus tiles 2f \(2f at column 15 of the hand\)" -- "$bin" --rules hongkong analyze "$hf" --seat-wind S --flowers 1f
expect hand-flowers-disagree-count 1 "^meldgraph: error: --flowers: gives 2, but the hand holds the bonus tiles 2f" -- "$bin" --rules hongkong explain "$hf" --seat-wind S --flowers 2
expect hand-flowers-disagree-batch 0 "^\{\"error\":\"field 'flowers': gives 1f, but the hand holds the bonus tiles 2f \(2f at column 15 of the hand\)" -- bash -c "echo '{\"hand\":\"$hf\",\"seat_wind\":\"S\",\"flowers\":\"1f\"}' | \"$bin\" --rules hongkong batch --op score"
# Fuzhou: an honour written in the hand is a bonus tile there, so one of the hand's flowers.
expect hand-flowers-fuzhou 0 '"hua":7,.*"points":12' -- bash -c "echo '{\"hand\":\"123m456m789m123p456s7s1234f5z+7s\",\"win\":\"discard\",\"from\":\"left\",\"seat_wind\":\"S\"}' | \"$bin\" --rules fuzhou batch --op score"
expect context-from-selfdraw 1 '^meldgraph: error: --from: a self-drawn win has no discarder' -- "$bin" analyze 111222333m456p11s --win self-draw --from left
expect context-ippatsu 1 '^meldgraph: error: --ippatsu: needs riichi' -- "$bin" analyze 111222333m456p11s --ippatsu
expect context-bad-wind 2 "'X' is not one of E, S, W, N" -- "$bin" analyze 111222333m456p11s --seat-wind X
expect context-bad-dora 1 "^meldgraph: error: --dora: unknown suit 'x' at column 2" -- "$bin" analyze 111222333m456p11s --dora 4x
expect context-dora-copies 1 '--dora: indicator 1m would be copy 5 of 4' -- "$bin" analyze 111122223333m11s --dora 1m
expect context-honba 1 '--honba: expected a whole number' -- "$bin" analyze 111222333m456p11s --honba -1
cat > context.txt <<'JSON'
{"hand": "345m40677p67s [340m] +8s", "win": "self-draw", "seat_wind": "N", "round_wind": "E", "dora": ["4s"]}
111222333m456p11s
{"hand": "11m", "colour": "red"}
{"hand": "11m", "win": "self-draw", "from": "left"}
{"win": "discard"}
{"hand": "11m"
JSON
expect batch-context 0 '^\{"context":\{"after_kong":false,"after_kong_discard":false,"dora":\["4s"\],.*"riichi":false,.*"seat_wind":"N",.*"win":"self-draw"\},"declared_wildcards":0,"forms":\["standard"\],"hand":"345m40677p67s\[340m\]\+8s","rules":"riichi"' -- "$bin" --rules riichi batch --op win --input context.txt
expect batch-context-plain 0 '^\{"declared_wildcards":0,"forms":\["standard"\],"hand":"111222333m456p11s","rules":"riichi"' -- "$bin" --rules riichi batch --op win --input context.txt
expect batch-context-unknown 0 "^\{\"error\":\"field 'colour': unknown field; the fields are hand, win, from" -- "$bin" --rules riichi batch --op win --input context.txt
expect batch-context-contradiction 0 "^\{\"error\":\"field 'from': a self-drawn win has no discarder" -- "$bin" --rules riichi batch --op win --input context.txt
expect batch-context-nohand 0 "^\{\"error\":\"field 'hand': missing" -- "$bin" --rules riichi batch --op win --input context.txt
expect batch-context-badjson 0 '^\{"error":"the line is not a valid JSON object: parse error at line 1, column 15' -- "$bin" --rules riichi batch --op win --input context.txt
expect batch-context-lines 0 '^6$' -- bash -c "\"$bin\" --rules riichi batch --op win --input context.txt | wc -l"

# Other notations through the one parser: majiang-core's and plain Tenhou MPSZ.
expect notation-majiang 0 '^hand +345m40677p67s\[34-0m\]\+8s ' -- "$bin" --rules riichi --notation majiang analyze m345p40677s67s8,m34-0
expect notation-majiang-after 0 'win +yes' -- "$bin" --rules riichi analyze m345p40677s67s8,m34-0 --notation majiang
expect notation-majiang-column 1 "unexpected character 'x' in majiang-core notation at column 4" -- "$bin" --notation majiang analyze m12x
expect notation-tenhou 0 'win +yes' -- "$bin" --notation tenhou analyze 111222333m456p11s
expect notation-tenhou-melds 1 'plain Tenhou notation holds digits and the letters m, p, s, z only' -- "$bin" --notation tenhou analyze '11m[111p]'
expect notation-bad 2 "'mjai' is not one of meldgraph, majiang, tenhou" -- "$bin" --notation mjai analyze 11m
expect notation-batch 0 '"hand":"345m40677p67s\[34-0m\]\+8s"' -- bash -c "echo m345p40677s67s8,m34-0 | \"$bin\" --rules riichi batch --op win --notation majiang"
expect notation-graph 0 'digraph "standard"' -- "$bin" --notation majiang graph m111222333p456s11
expect notation-bench 0 '"hands":1,' -- bash -c "echo m111222333p456s11 | \"$bin\" bench --op win --input - --notation majiang"
# Rule files: every problem of a file is reported, each with its place, with suggestions; hostile
# files end in an error, not a hang or a crash.
cat > many.yaml <<'YAML'
name: many
extends: basic
hands: {tiles: 14}
hand: {tiles: 13}
forms:
  standard: {type: meld}
YAML
expect rules-many-first 1 "^meldgraph: error: many.yaml:3:1: unknown key 'hands' in the rule set; did you mean 'hand'\?" -- "$bin" rules check many.yaml
expect rules-many-second 1 "^many.yaml:4:15: hand.tiles must be 3n\+2" -- "$bin" rules check many.yaml
expect rules-many-third 1 "^many.yaml:6:20: unknown form type 'meld' for form 'standard'; did you mean 'melds'\?" -- "$bin" rules check many.yaml
printf 'name: z\nextends: /dev/zero\n' > zero.yaml
expect rules-dev-zero 1 "zero.yaml:2:10: rule file '/dev/zero' is not a regular file" -- timeout 10 "$bin" --rules ./zero.yaml analyze 11m
mkfifo fifo.yaml
expect rules-fifo 1 "rule file 'fifo.yaml' is not a regular file" -- timeout 10 "$bin" rules check fifo.yaml
printf 'name: x\nx: &r [*r]\n' > self.yaml
expect rules-self-alias 1 'self.yaml:2:4: an alias refers to a node that contains it' -- "$bin" rules check self.yaml
printf 'name: q\nextends: basic\nhand: {tiles: "14"}\n' > quoted.yaml
expect rules-quoted-int 1 "quoted.yaml:3:15: expected an integer for 'tiles', got the string \"14\"" -- "$bin" rules check quoted.yaml

# The win's situation reaches the readings: a pung completed by a discard is marked, on analyze and
# on a batch object line; a self-draw marks none.
expect context-discard-pung 0 '"by_discard": true' -- "$bin" analyze 11m234p567s789s11z+1z --win discard --format json
if "$bin" analyze 11m234p567s789s11z+1z --format json | grep -q '"by_discard": true'; then
  failed=$((failed + 1)); echo "FAIL context-self-draw-pung: a self-drawn pung marked by_discard"
else
  passed=$((passed + 1))
fi
expect context-batch-discard-pung 0 '"by_discard":true' -- sh -c "echo '{\"hand\":\"11m234p567s789s11z+1z\",\"win\":\"discard\"}' | \"$bin\" batch --op interpretations"

# Scoring needs a rule set with a scoring section: the others refuse it, naming the rule set.
expect score-no-section 1 "^meldgraph: error: rule set 'basic' has no scoring section" -- sh -c "echo 111222333m456p11s | \"$bin\" --rules basic batch --op score"
expect explain-no-section 1 "^meldgraph: error: rule set 'basic' has no scoring section" -- "$bin" --rules basic explain 111222333m456p11s
expect bench-score-no-section 1 "^meldgraph: error: rule set 'basic' has no scoring section" -- "$bin" --rules basic bench --op score --count 10
if "$bin" --rules basic analyze 111222333m456p11s | grep -q '^score'; then
  failed=$((failed + 1)); echo "FAIL analyze-no-score: a rule set without scoring printed a score"
else
  passed=$((passed + 1))
fi
expect bench-json-line-other-op 1 "a JSON line .* is read by --op score only" -- sh -c "echo '{\"hand\":\"111222333m456p11s\"}' | \"$bin\" bench --op win --input -"

# Riichi scores (values worked by hand, as in tests/data/fixtures/scoring/riichi_readings.json):
# 5m completing 34m is pinfu + tsumo, 2 han 20 fu, 1500 for a non-dealer; the pair wait scores less.
expect score-analyze 0 '^score +2 han 20 fu, 1500 points \(reading 2 of 2\)$' -- "$bin" --rules riichi analyze 3455m234678p789s+5m --seat-wind S
expect score-analyze-best 0 '^  \* 2\. \[standard\] 345m 55m 234p 678p 789s  \(wins 345m, two_sided wait\)$' -- "$bin" --rules riichi analyze 3455m234678p789s+5m --seat-wind S
expect score-analyze-payments 0 '^       payments: E -700 S \+1500 W -400 N -400$' -- "$bin" --rules riichi analyze 3455m234678p789s+5m --seat-wind S
expect score-analyze-json 0 '"points": 1500' -- "$bin" --rules riichi analyze 3455m234678p789s+5m --seat-wind S --format json
expect score-no-yaku 0 '^score +not a win: no yaku' -- "$bin" --rules riichi analyze 111m333p23455s77z+5s --win discard --from left --seat-wind S
expect score-batch 0 '"payments":\{"E":-700,"N":-400,"S":1500,"W":-400\}' -- sh -c "echo '{\"hand\":\"3455m234678p789s+5m\",\"seat_wind\":\"S\"}' | \"$bin\" --rules riichi batch --op score"
expect score-batch-han 0 '"fu":20,.*"han":2,' -- sh -c "echo '{\"hand\":\"3455m234678p789s+5m\",\"seat_wind\":\"S\"}' | \"$bin\" --rules riichi batch --op score"
expect score-batch-bad-size 0 '"error":' -- sh -c "echo 3455m234678p789s | \"$bin\" --rules riichi batch --op score"
expect explain-counted 0 '^     \+ 平和 Pinfu: counted' -- "$bin" --rules riichi explain 3455m234678p789s+5m --seat-wind S
expect explain-not-counted 0 '^     - 断幺九 All simples: ' -- "$bin" --rules riichi explain 3455m234678p789s+5m --seat-wind S
expect explain-bad-size 1 'explain needs a complete hand' -- "$bin" --rules riichi explain 3455m234678p789s
expect bench-score 0 '^\{"op":"score","rules":"riichi","hands":50,' -- "$bin" --rules riichi bench --op score --count 50
printf '%s\n' '{"hand": "3455m234678p789s+5m", "seat_wind": "S"}' '111222333m456p9s+9s' > score_lines.txt
expect bench-score-input 0 '"hands":2,' -- "$bin" --rules riichi bench --op score --input score_lines.txt
printf '%s\n' '{"hand": "3455m234678p789s+5m", "seat_wind": "X"}' > score_bad.txt
expect bench-score-bad-field 1 "score_bad.txt:1: field 'seat_wind'" -- "$bin" --rules riichi bench --op score --input score_bad.txt

# Bounds (docs/cli.md, analyze's "Bounds"): a tiny --budget-ms on a hand whose readings run to
# millions stops the listing and the scoring with a note, and the output stays valid. What is
# checked is the note and the output's form, never the time.
bounds_rules="$(dirname "$(readlink -f "$0")")/../data/rules/bounds_jokers.yaml"
bounds_hand='1m2m3m4m5m6m7m8m*********'
# json_holds EXPR: prints ok when the one JSON answer on standard input (`d`) makes EXPR true.
printf '%s\n' 'import json, sys' 'd = json.loads(sys.stdin.readline())' \
  'print("ok" if eval(sys.argv[1]) else "not: " + json.dumps(d)[:300])' > json_holds.py
bounds_batch() {  # bounds_batch OP EXPR [OPTIONS...]: the bounds hand through batch --op OP
  local op=$1 expr=$2
  shift 2
  echo "$bounds_hand" | "$bin" --rules "$bounds_rules" batch --op "$op" "$@" | python3 json_holds.py "$expr"
}
expect budget-score-note 0 '^ok$' -- bounds_batch score 'd["cut"]["by"] == "budget" and d["cut"]["budget_ms"] == 1 and d["readings"] >= 1 and d["wins"] and d["cut"]["interpretations_scored"] >= 1 and d["cut"]["best_of"] == "the readings scored"' --budget-ms 1
expect budget-explain-note 0 '^ok$' -- bounds_batch explain 'd["cut"]["by"] == "budget" and len(d["explained"]) >= 1' --budget-ms 1
expect budget-listing-note 0 '^ok$' -- bounds_batch interpretations 'd["truncated"] and d["truncated_by"] == "budget" and 1 <= d["listed"] < d["count"] == 23447' --limit 0 --budget-ms 1
expect limit-listing-note 0 '"truncated":true,"truncated_by":"limit"' -- sh -c "echo 11223344556677m | \"$bin\" batch --op interpretations --limit 2"
expect budget-analyze-text 0 '^cut +scoring stopped at --budget-ms 1 after [0-9]+ readings of the first [0-9]+ interpretations.*: the best is the best of those scored$' -- "$bin" --rules "$bounds_rules" analyze --limit 2 --budget-ms 1 -- "$bounds_hand"
expect budget-zero 2 'budget-ms: Value 0 not in range 1 to 86400000' -- "$bin" analyze --budget-ms 0 11m
expect budget-negative 2 'budget-ms: must not be negative' -- "$bin" batch --op win --budget-ms -5
expect budget-none 0 '^ok$' -- sh -c "echo 3455m234678p789s+5m | \"$bin\" --rules riichi batch --op score --budget-ms 60000 | python3 json_holds.py '\"cut\" not in d and d[\"points\"] > 0'"

# Bonus tiles written in the hand are its flowers in stats over JSON lines too: South's own
# flower 2f in the hand, or as the context's `flowers` with the hand written without it, score
# 9 faan, 576 (tests/data/fixtures/scoring/hongkong_hand_flowers.json), 正花 counted, no 無花.
printf '%s\n' '{"hand":"111m999m555z2z2f[333-m]+2z","context":{"seat_wind":"S"}}' > stats_hand_flower.jsonl
printf '%s\n' '{"hand":"111m999m555z2z[333-m]+2z","context":{"seat_wind":"S","flowers":["2f"]}}' > stats_context_flower.jsonl
"$bin" --rules hongkong stats --input stats_hand_flower.jsonl --format json > stats_hand_flower.json
"$bin" --rules hongkong stats --input stats_context_flower.jsonl --format json > stats_context_flower.json
seat_flower_576='d["score"]["points"]["mean"] == 576 and d["score"]["wins"]["hands"] == 1 and [p["hands"] for p in d["score"]["patterns"] if p["pattern"] == "Seat Flower"] == [1] and all(p["pattern"] != "No Flowers" for p in d["score"]["patterns"])'
expect stats-hand-flowers 0 '^ok$' -- sh -c "python3 json_holds.py '$seat_flower_576' < stats_hand_flower.json"
expect stats-context-flowers 0 '^ok$' -- sh -c "python3 json_holds.py '$seat_flower_576' < stats_context_flower.json"
expect stats-hand-flowers-same 0 '^same$' -- python3 -c 'import json; a, b = (json.load(open(f)) for f in ("stats_hand_flower.json", "stats_context_flower.json")); print("same" if a["score"] == b["score"] and a["hands"] == b["hands"] == 1 else "differ")'
expect batch-context-flowers 0 '^ok$' -- sh -c "echo '{\"hand\":\"111m999m555z2z[333-m]+2z\",\"seat_wind\":\"S\",\"flowers\":[\"2f\"]}' | \"$bin\" --rules hongkong batch --op score | python3 json_holds.py 'd[\"points\"] == 576 and d[\"faan\"] == 9'"
# Corpus labels agree: a dealt Fuzhou hand (2 tiles, seed 5, hand 514: 3p+3p with the bonus tiles
# 1z 4f, in its context's flowers) is labelled 花 2 and 清一色 60, on a discard 5 + 2 + 60 = 67;
# the same hand with 1z4f written in it and the context without flowers scores 67 through batch
# and stats.
"$bin" --rules fuzhou corpus deal --count 600 --size 2 --seed 5 --context random --label score > fuzhou_deal.jsonl
printf '%s\n' 'import json, sys' \
  'r = [json.loads(line) for line in open("fuzhou_deal.jsonl")][514]' \
  'best = r["score"]["interpretations"][r["score"]["best"]]' \
  'assert (r["hand"], r["bonus"], r["context"]["win"]) == ("3p+3p", "1z4f", "discard"), r' \
  'assert (best["hua"], best["points"]) == (2, 67), best' \
  'context = {k: v for k, v in r["context"].items() if k != "flowers"}' \
  'print(json.dumps({"hand": "3p1z4f+3p", "context": context}))' > label_line.py
expect corpus-label-flowers 0 '^\{"hand": "3p1z4f\+3p"' -- sh -c 'python3 label_line.py | tee fuzhou_line.jsonl'
expect corpus-label-batch 0 '^ok$' -- sh -c "python3 -c 'import json; l = json.loads(open(\"fuzhou_line.jsonl\").read()); l.update(l.pop(\"context\")); print(json.dumps(l))' | \"$bin\" --rules fuzhou batch --op score | python3 json_holds.py 'd[\"hua\"] == 2 and d[\"points\"] == 67 and d[\"context\"][\"flowers\"] == [\"1z\", \"4f\"]'"
expect corpus-label-stats 0 '^ok$' -- sh -c "\"$bin\" --rules fuzhou stats --input fuzhou_line.jsonl --format json | python3 json_holds.py 'd[\"score\"][\"points\"][\"mean\"] == 67 and d[\"score\"][\"wins\"][\"hands\"] == 1'"

# A bonus tile turned up as Fuzhou's gold: an error naming --wild under fuzhou; accepted under
# wildcards.per_hand_bonus, where (bonus_as_flowers) the gold 5z held is 金 1 and 花 1: on a
# discard 5 + 2 = 7 (tests/data/fixtures/scoring/fuzhou_gold_flower.json), and the context
# echoed lists no flower (the gold is a wildcard of the hand).
gold_rules="$(dirname "$(readlink -f "$0")")/../data/rules/fuzhou_gold_flower.yaml"
expect fuzhou-wild-bonus 1 "^meldgraph: error: --wild: bonus tile 5z cannot be a hand's wildcard under rule set 'fuzhou' \(wildcards.per_hand_bonus is false\) at column 1$" -- "$bin" --rules fuzhou --wild 5z analyze '123m456m789m123p456s5z+7s'
expect fuzhou-wild-flower 1 "^meldgraph: error: --wild: bonus tile 1f cannot be a hand's wildcard .* at column 4$" -- "$bin" --rules fuzhou --wild 5p,1f analyze '123m456m789m123p456s5p+7s'
expect fuzhou-gold-flower 0 '^ok$' -- sh -c "echo '{\"hand\":\"123m456m789m123p456s5z+7s\",\"win\":\"discard\",\"from\":\"left\",\"seat_wind\":\"S\"}' | \"$bin\" --rules '$gold_rules' --wild 5z batch --op score | python3 json_holds.py 'd[\"hua\"] == 2 and d[\"points\"] == 7 and d[\"context\"][\"flowers\"] == 0 and sorted(p[\"id\"] for p in d[\"interpretations\"][d[\"best\"]][\"patterns\"]) == [\"hua\", \"jin\"]'"

# The command line's face. A non-dealer's riichi tsumo with a South pung (seat South): riichi,
# menzen tsumo and the seat wind, 3 han; 20 + 2 (tsumo) + 2 (pair of the round wind) + 8
# (concealed honour pung) = 32, 40 fu: 1300 and 2600, 5200.
face_hand='123m456p789s11z22z+2z'
expect batch-best-fields 0 '^\{"fu":40,"han":3,"hand":"123m456p789s1122z\+2z","points":5200\}$' -- bash -c "echo '{\"hand\":\"$face_hand\",\"riichi\":true,\"seat_wind\":\"S\"}' | \"$bin\" --rules riichi batch --op score --best --fields points,han,fu"
expect batch-csv 0 '^points,han;5200,3$' -- bash -c "echo '{\"hand\":\"$face_hand\",\"riichi\":true,\"seat_wind\":\"S\"}' | \"$bin\" --rules riichi batch --op score --format csv --fields points,han | paste -sd';'"
expect batch-csv-default 0 '^hand,wins,no_win_reason,han,fu,points,yakuman,limit,dora,ura,red,patterns,readings,error;123m456p789s1122z\+2z,true,,3,40,5200,0,,0,0,0,riichi menzen_tsumo yakuhai_seat_wind,1,$' -- bash -c "echo '{\"hand\":\"$face_hand\",\"riichi\":true,\"seat_wind\":\"S\"}' | \"$bin\" --rules riichi batch --op score --format csv | paste -sd';'"
expect batch-csv-error 0 '^hand,points,error;12x,,unknown suit' -- bash -c "echo '12x' | \"$bin\" --rules riichi batch --op score --format csv --fields hand,points,error | paste -sd';'"
expect batch-fields-unknown 1 "^meldgraph: error: --fields: 'faan' is not a field of this answer; the fields are " -- bash -c "echo 11m | \"$bin\" --rules riichi batch --op score --fields han,faan"
expect batch-fields-win 0 '^\{"hand":"123m456p789s11222z","win":true\}$' -- bash -c "echo 123m456p789s11z222z | \"$bin\" batch --op win --fields win"
expect batch-csv-needs-fields 1 'name the columns with --fields' -- bash -c "echo 11m | \"$bin\" batch --op win --format csv"
expect batch-best-score-only 1 '^meldgraph: error: --best: for --op score only$' -- bash -c "echo 11m | \"$bin\" batch --op win --best"
expect batch-corpus-lines 0 '^0$' -- bash -c "\"$bin\" --rules shanghai corpus deal --count 20 --complete --context random --label score --seed 3 | \"$bin\" --rules shanghai batch --op score --fields points | grep -c error || true"
expect batch-context-field 0 "field 'context.win': " -- bash -c "echo '{\"hand\":\"123m\",\"context\":{\"win\":\"x\"}}' | \"$bin\" batch --op win"
expect analyze-names 0 'patterns: 立直 Riichi 1, 門前清自摸和 Fully concealed hand 1, 役牌 自風 Seat wind 1$' -- "$bin" --rules riichi analyze "$face_hand" --riichi --seat-wind S
expect analyze-rules-after 0 '^rules +riichi$' -- "$bin" analyze "$face_hand" --rules riichi
expect analyze-best 0 '^  \.\.\. 1 other readings \(leave out --best to list them\)$' -- "$bin" --rules riichi analyze 111222333m456p9s+9s --best
expect analyze-best-first 0 '^  \* 162\. ' -- bash -c "\"$bin\" --rules shanghai --indicator 8m analyze '23688889999m5s7z+5m' --limit 3 | sed -n '/^score/{n;p}'"
expect analyze-ties-counted 0 '^tied +4 readings tie \(162, 205, 384, 427\): ' -- "$bin" --rules shanghai --indicator 8m analyze '23688889999m5s7z+5m' --limit 3
expect analyze-source-marker 0 '\[34-5m\] 123m 456p 11s 123s' -- "$bin" --rules riichi analyze '[34-5m]123m456p11s23s+1s' --win discard --from left
expect usage-error-prefix 2 '^meldgraph: error: The following argument was not expected: --bogus$' -- "$bin" analyze 11m --bogus
expect dash-hand-word 2 "'-x12m' starts with '-' and was read as an option" -- "$bin" analyze -x12m
expect stats-null-share 0 '^null$' -- bash -c "\"$bin\" --rules riichi stats --deal 20 --size 14 --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(json.dumps(d[\"waits\"][\"shapes\"][0][\"share\"]) if d[\"waits\"][\"waiting\"][\"hands\"] == 0 else \"null\")'"
expect stats-na-text 0 '^  kinds    mean n/a$' -- bash -c "\"$bin\" --rules riichi stats --deal 20 --size 14 | grep kinds"
expect stats-source-words 0 '^source     20 dealt hands of 14 tiles, seed 1, shard 1/1$' -- "$bin" --rules riichi stats --deal 20 --size 14
expect graph-form 0 '^1 seven_pairs$' -- bash -c "\"$bin\" graph 11223344556677m --form seven_pairs | grep '^digraph' | wc -l | sed 's/$/ seven_pairs/'; \"$bin\" graph 11223344556677m --form seven_pairs | grep -q 'digraph \"standard\"' && echo standard-too || true"
expect graph-form-unknown 1 "no form 'nope'; its forms are standard, seven_pairs" -- "$bin" graph 11m --form nope
expect graph-output-dir 0 '^standard seven_pairs$' -- bash -c "rm -rf graph_dir; \"$bin\" graph 11223344556677m --output-dir graph_dir > /dev/null && grep -l '^digraph \"standard\"' graph_dir/standard.dot > /dev/null && grep -l '^digraph \"seven_pairs\"' graph_dir/seven_pairs.dot > /dev/null && echo standard seven_pairs"

checks_summary cli_test
