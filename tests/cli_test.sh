#!/usr/bin/env bash
# End-to-end checks of the meldgraph command: outputs, exit codes, error messages.
# Usage: cli_test.sh PATH_TO_MELDGRAPH
set -u
bin=$1
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

expect analyze-default 0 'interpretations  2 \(standard 2\)' -- "$bin" analyze 111222333m456p11s
expect analyze-lists 0 '123m 123m 123m 456p 11s' -- "$bin" analyze 111222333m456p11s
expect analyze-unicode 0 $'\U0001F007' -- "$bin" analyze 111222333m456p11s
expect analyze-nowin 0 'win +no' -- "$bin" analyze 123m456p789s13577z
expect analyze-json 0 '"by_form"' -- "$bin" analyze 11223344556677m --format json
expect analyze-json-count 0 '"count": 4' -- "$bin" analyze 11223344556677m --format json
expect analyze-limit 0 '\.\.\. 2 more' -- "$bin" analyze 11223344556677m --limit 2
expect analyze-wild 0 'win +yes' -- "$bin" --wild 5m analyze 123456789p11z455m
expect analyze-basic-wild 1 'does not let a hand choose' -- "$bin" --rules basic --wild 5m analyze 11m
expect analyze-badsuit 1 "unknown suit 'x' at column 5" -- "$bin" analyze 1234x
expect analyze-caret 1 '^      \^$' -- "$bin" analyze 1234x
expect analyze-fifth 1 '5th copy of 1m.* at column 5' -- "$bin" analyze 11111m123p456s11z
expect analyze-size 1 'hand holds 13 tiles' -- "$bin" analyze 123m456p789s1122z
expect analyze-badformat 2 'format' -- "$bin" analyze 11m --format xml
expect analyze-missing 2 'hand' -- "$bin" analyze
expect no-command 2 'subcommand' -- "$bin"
expect unknown-rules 1 "unknown rule set 'nosuch'" -- "$bin" --rules nosuch analyze 11m
expect graph-dot 0 'digraph "standard"' -- "$bin" graph 111222333m456p11s
expect graph-json 0 '"edges"' -- "$bin" graph 111222333m456p11s --format json
expect rules-list 0 '^laizi \(default\)' -- "$bin" rules list
expect rules-list-basic 0 '^basic' -- "$bin" rules list
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
expect batch-win 0 '^\{"forms":\["standard"\],"hand":"111222333m456p11s".*"win":true' -- "$bin" batch --op win --input hands.txt
expect batch-error 0 '^\{"error":"unknown suit .x. at column 5","hand":"1234x"\}$' -- "$bin" batch --op win --input hands.txt
expect batch-size 0 '^\{"error":"hand holds 13 tiles.*"hand":"123m456p789s1122z"\}$' -- "$bin" batch --op win --input hands.txt
expect batch-lines 0 '^4$' -- bash -c "\"$bin\" batch --op win --input hands.txt | wc -l"
expect batch-interp 0 '"by_form":\{"four_wildcards":0,"seven_pairs":1,"standard":3,"thirteen_orphans":0\}' -- "$bin" batch --op interpretations --input hands.txt
expect batch-stdin 0 '"win":true' -- bash -c "echo 11m | \"$bin\" --rules basic batch --op win"
expect batch-badop 1 "unknown analyzer 'nope'" -- "$bin" batch --op nope --input hands.txt
expect batch-noinput 1 "cannot open input file" -- "$bin" batch --op win --input missing.txt

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
