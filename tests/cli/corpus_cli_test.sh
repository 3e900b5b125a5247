#!/usr/bin/env bash
# End-to-end checks of `meldgraph corpus deal`, `corpus enumerate` and `corpus cover`
# (docs/corpus.md): shards whose union is the whole, the same bytes from any number of jobs, CSV
# read back, labels equal to batch's answers for the same hands (knitted forms, per-hand
# indicators), enumerated hands' situations, the option named in each error, no progress line
# when standard error is not a terminal.
# Usage: corpus_cli_test.sh PATH_TO_MELDGRAPH
set -u
bin=$1
. "$(dirname "$(readlink -f "$0")")/shell_checks.sh"

m() { "$bin" --rules riichi "$@"; }

# Cover: a part of the patterns (a shard, the ids chosen) gets the whole run's lines for them.
sc() { "$bin" --rules sichuan "$@" 2>/dev/null; }
sc corpus cover > cover.json
for part in 1 2 3; do sc corpus cover --shard $part/3; done > cover_shards.json
same cover-shards cover.json cover_shards.json
sc corpus cover --pattern gen,qi_dui > cover_chosen.json
grep -E '^\{"pattern":"(gen|qi_dui)"' cover.json > cover_chosen_whole.json
same cover-pattern cover_chosen_whole.json cover_chosen.json
expect cover-pattern-unknown 1 "^meldgraph: error: --pattern: no pattern 'pinfuu' in rule set 'riichi'; did you mean 'pinfu'" -- m corpus cover --pattern pinfuu

# Deal: the same seed, the same hands; shards concatenated are the whole; jobs change nothing.
# 9,000 hands span two of the two-job chunks (8,192 hands) and many blocks of 64.
m corpus deal --count 9000 --seed 11 > deal.json
m corpus deal --count 9000 --seed 11 > deal_again.json
same deal-seed deal.json deal_again.json
for part in 1 2 3; do m corpus deal --count 9000 --seed 11 --shard $part/3; done > deal_shards.json
same deal-shards deal.json deal_shards.json
m corpus deal --count 9000 --seed 11 --jobs 2 > deal_jobs.json
same deal-jobs deal.json deal_jobs.json
m corpus deal --count 9000 --seed 11 --jobs 3 --shard 2/3 > deal_jobs_shard.json
m corpus deal --count 9000 --seed 11 --shard 2/3 > deal_shard2.json
same deal-jobs-shard deal_shard2.json deal_jobs_shard.json
expect deal-index 0 '^\{"index":8999,' -- tail -1 deal.json
expect deal-seed-differs 0 'differ' -- bash -c "\"$bin\" --rules riichi corpus deal --count 50 --seed 12 | cmp -s - <(head -50 deal.json) || echo differ"
# Labelled deals, with filters, on two jobs: the same bytes.
m corpus deal --count 600 --seed 3 --shanten 1 --label shanten --format csv > sh1.csv
m corpus deal --count 600 --seed 3 --shanten 1 --label shanten --format csv --jobs 2 > sh2.csv
same deal-shanten-jobs sh1.csv sh2.csv
expect deal-shanten-holds 0 '^ok$' -- python3 -c "
import csv
rows = list(csv.DictReader(open('sh1.csv')))
assert len(rows) == 600, len(rows)
assert all(r['shanten'] == '1' for r in rows)
assert [int(r['index']) for r in rows] == list(range(600))
print('ok')"

# CSV: a header, one row per hand, read back equal to the JSON records of the same corpus.
m corpus deal --count 300 --seed 5 --ready --label waits,shanten --format csv > ready.csv
m corpus deal --count 300 --seed 5 --ready --label waits,shanten --format json > ready.json
expect csv-header 0 '^index,hand,waits,remaining_total,shanten,shanten_by_form.standard,shanten_by_form.seven_pairs,shanten_by_form.thirteen_orphans,improving,error$' -- head -1 ready.csv
expect csv-read-back 0 '^ok 300$' -- python3 -c "
import csv, json
rows = list(csv.DictReader(open('ready.csv')))
records = [json.loads(line) for line in open('ready.json')]
assert len(rows) == len(records)
order = '123456789'
for row, record in zip(rows, records):
    assert row['hand'] == record['hand']
    assert int(row['shanten']) == record['shanten'] == 0
    assert int(row['remaining_total']) == record['remaining_total']
    assert int(row['shanten_by_form.standard']) == record['shanten_by_form']['standard']
    # The waits as MPSZ text: the same tiles as the record's list.
    tiles = []
    digits = ''
    for c in row['waits']:
        if c.isdigit():
            digits += c
        else:
            tiles += [d + c for d in digits]
            digits = ''
    assert sorted(tiles) == sorted(w['tile'] for w in record['waits']), (row['waits'], record['waits'])
print('ok', len(rows))"

# Labels agree with batch for the same hands (batch reads each record's hand and context).
m corpus deal --count 200 --seed 8 --complete --context random --label win,forms,interpretations,score > labelled.json
python3 -c "
import json
for line in open('labelled.json'):
    r = json.loads(line)
    print(json.dumps(dict(r['context'], hand=r['hand'])))" > batch_in.txt
for op in win interpretations score; do m batch --op $op --input batch_in.txt > batch_$op.json; done
expect labels-batch 0 '^ok 200$' -- python3 -c "
import json
labelled = [json.loads(l) for l in open('labelled.json')]
win = [json.loads(l) for l in open('batch_win.json')]
interp = [json.loads(l) for l in open('batch_interpretations.json')]
score = [json.loads(l) for l in open('batch_score.json')]
assert len(labelled) == len(win) == len(interp) == len(score) == 200
for r, w, i, s in zip(labelled, win, interp, score):
    assert r['hand'] == w['hand'] and r['context'] == s['context']
    assert r['win'] is True and r['win'] == w['win'] and r['forms'] == w['forms']
    for key in ('count', 'by_form', 'interpretations', 'listed', 'truncated'):
        assert r[key] == i[key], key
    s = {k: v for k, v in s.items() if k not in ('hand', 'rules', 'context')}
    assert r['score'] == s
print('ok', len(labelled))"

# Enumerate: shards concatenated are the whole, two jobs the same bytes, forms equal to batch's.
m corpus enumerate --size 8 --format json > enum.json
for part in 1 2; do m corpus enumerate --size 8 --format json --shard $part/2; done > enum_shards.json
same enumerate-shards enum.json enum_shards.json
m corpus enumerate --size 8 --format csv --label win,forms,shanten > enum1.csv
m corpus enumerate --size 8 --format csv --label win,forms,shanten --jobs 2 > enum2.csv
same enumerate-jobs enum1.csv enum2.csv
for part in 1 2 3; do m corpus enumerate --size 8 --shard $part/3; done > enum_shards.txt
m corpus enumerate --size 8 > enum.txt
same enumerate-shards-text enum.txt enum_shards.txt
python3 -c "
import json
for line in open('enum.json'): print(json.loads(line)['hand'])" > enum_hands.txt
m batch --op win --input enum_hands.txt > enum_batch.json
expect enumerate-forms-batch 0 '^ok [0-9]+$' -- python3 -c "
import json
listed = [json.loads(l) for l in open('enum.json')]
batch = [json.loads(l) for l in open('enum_batch.json')]
assert len(listed) == len(batch) > 1000
for i, (r, b) in enumerate(zip(listed, batch)):
    assert r['index'] == i and r['hand'] == b['hand'] and b['win'] and r['forms'] == b['forms']
print('ok', len(listed))"

# Enumerated hands with a random situation each: hand i's depends on the seed and i alone (the
# same bytes from shards and jobs), and is the one stats draws for line i of that corpus.
m corpus enumerate --size 5 --format json --context random --seed 4 --label score > ctx.json
for part in 1 2; do m corpus enumerate --size 5 --format json --context random --seed 4 --label score --jobs 2 --shard $part/2; done > ctx_parts.json
same enumerate-context-shards ctx.json ctx_parts.json
expect enumerate-context 0 '^ok [0-9]+$' -- python3 -c "
import json
rows = [json.loads(l) for l in open('ctx.json')]
assert len(rows) == 1836 and all('+' in r['hand'] and r['context']['win'] for r in rows)
assert len({r['context']['seat_wind'] for r in rows}) > 1
assert all('score' in r for r in rows)
print('ok', len(rows))"
expect enumerate-context-seed 0 'differ' -- bash -c "\"$bin\" --rules riichi corpus enumerate --size 5 --format json --context random --seed 5 --label score | cmp -s - ctx.json || echo differ"
# Knitted and singles forms: mcr's 11-tile knitted straights (a knit and a pair, 6 x 34; mcr's
# knitted forms alone, tests/data/rules/corpus_knitted.yaml), with their forms as batch names them.
knitted_rules=$(dirname "$(readlink -f "$0")")/../data/rules/corpus_knitted.yaml
"$bin" --rules "$knitted_rules" corpus enumerate --size 11 --format json > knitted.json
python3 -c "
import json
for line in open('knitted.json'): print(json.loads(line)['hand'])" > knitted_hands.txt
"$bin" --rules "$knitted_rules" batch --op win --input knitted_hands.txt > knitted_batch.json
expect enumerate-knitted-batch 0 '^ok 204$' -- python3 -c "
import json
listed = [json.loads(l) for l in open('knitted.json')]
batch = [json.loads(l) for l in open('knitted_batch.json')]
assert len(listed) == len(batch)
knitted = [r for r in listed if r['forms'] == ['knitted_straight']]
for r, b in zip(listed, batch):
    assert r['hand'] == b['hand'] and b['win'] and r['forms'] == b['forms']
print('ok', len(knitted))"

# Deals under a rule set whose wildcard an indicator chooses: each hand turns up its own, named
# in its record, and the labels are batch's for that hand under that --indicator.
"$bin" --rules guangdong_indicator corpus deal --count 6 --seed 2 --label shanten > indicator.json
expect deal-indicator-field 0 '^ok$' -- python3 -c "
import json
rows = [json.loads(l) for l in open('indicator.json')]
assert all(r['indicator'] for r in rows) and len({r['indicator'] for r in rows}) > 1
print('ok')"
expect deal-indicator-batch 0 '^ok 6$' -- python3 -c "
import json, subprocess
rows = [json.loads(l) for l in open('indicator.json')]
for r in rows:
    out = subprocess.run(['$bin', '--rules', 'guangdong_indicator', '--indicator', r['indicator'],
                          'batch', '--op', 'shanten'], input=r['hand'] + '\\n', capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(out)['shanten'] == r['shanten'], (r, out)
print('ok', len(rows))"
expect deal-complete-indicator 0 '^ok$' -- bash -c "\"$bin\" --rules guangdong_indicator corpus deal --count 50 --complete --label win | python3 -c \"
import json, sys
rows = [json.loads(l) for l in sys.stdin]
assert all(r['win'] and r['indicator'] for r in rows)
print('ok')\""
# --max-wildcards: built hands without wildcards hold none; dealt hands refuse it.
expect deal-max-wildcards 0 '^none$' -- bash -c "\"$bin\" --rules laizi corpus deal --count 200 --complete --max-wildcards 0 --format text | grep -q '[*]' || echo none"
expect deal-max-wildcards-dealt 1 '^meldgraph: error: --max-wildcards 2: only with --complete or --ready' -- m corpus deal --count 1 --max-wildcards 2

# Hands with wildcards: as many listed as counted, each holding the jokers asked for.
expect wildcards-count 0 'same' -- bash -c "n=\$(\"$bin\" --rules laizi corpus enumerate --size 5 --wildcards 1 | grep -c '^[^*]*\*[^*]*$'); \"$bin\" --rules laizi corpus enumerate --size 5 --wildcards 1 --count-only | grep -q \"\\\"hands\\\":\$n,\" && echo same"
# laizi's four_wildcards wins every hand of four jokers: the pruned walk cannot prune, the plain walk is bounded.
expect wildcards-bound 1 '^meldgraph: error: --wildcards 4: 14-tile hands would need more than' -- "$bin" --rules laizi corpus enumerate --wildcards 4 --count-only
# Errors name the option; usage errors exit 2.
expect shard-bad 1 '^meldgraph: error: --shard 3/2: ' -- m corpus deal --count 10 --shard 3/2
expect shard-zero 1 '^meldgraph: error: --shard 0/2: ' -- m corpus enumerate --size 5 --shard 0/2
expect shard-text 1 '^meldgraph: error: --shard 1-2: ' -- m corpus deal --count 10 --shard 1-2
expect label-unknown 1 "^meldgraph: error: --label win,colour: unknown label 'colour'" -- m corpus deal --count 1 --label win,colour
expect label-waits 1 '^meldgraph: error: --label waits: needs hands of 3n\+1 tiles; these hold 14' -- m corpus deal --count 1 --label waits
expect label-score 1 '^meldgraph: error: --label score: ' -- "$bin" --rules basic corpus deal --count 1 --label score
expect label-text 1 '^meldgraph: error: --format text: ' -- m corpus deal --count 1 --format text --label win
expect size-bad 1 '^meldgraph: error: --size 15: ' -- m corpus deal --count 1 --size 15
expect shanten-complete 1 '^meldgraph: error: --shanten -1: .*--complete' -- m corpus deal --count 1 --shanten -1
expect shanten-never 1 '^meldgraph: error: --shanten 5: no 2-tile hand' -- m corpus deal --count 1 --size 2 --shanten 5
expect filters-two 1 '^meldgraph: error: --shanten, --complete and --ready' -- m corpus deal --count 1 --complete --ready
expect count-missing 2 'count' -- m corpus deal
expect count-only-label 1 '^meldgraph: error: --count-only' -- m corpus enumerate --size 5 --count-only --label win

# --budget-ms: refused without a label it bounds; with one, the CSV says where it stopped a hand;
# a budget no hand reaches changes no byte; eight jokers' readings are cut at 1 ms.
expect budget-count-only 1 '^meldgraph: error: --count-only counts the whole corpus: --label, --shard, --format and --budget-ms apply' -- m corpus enumerate --size 5 --count-only --budget-ms 5
expect budget-no-label 1 '^meldgraph: error: --budget-ms bounds the interpretations and score labels' -- m corpus deal --count 1 --budget-ms 5 --label win
expect budget-negative 2 'budget-ms: must not be negative' -- m corpus deal --count 1 --budget-ms -5 --label score
expect budget-csv-columns 0 ',truncated,truncated_by,interpretations,.*,score.readings,score.cut.by,error$' -- bash -c "m() { \"$bin\" --rules riichi \"\$@\"; }; m corpus deal --count 1 --complete --context random --label interpretations,score --budget-ms 5 --format csv | head -1"
m corpus deal --count 200 --complete --context random --label interpretations,score > unbudgeted.json
m corpus deal --count 200 --complete --context random --label interpretations,score --budget-ms 86400000 > budgeted.json
same budget-unreached unbudgeted.json budgeted.json
# A quarter of laizi's complete hands hold six jokers or more: their scoring takes far over 1 ms.
expect budget-cut 0 '"cut":\{"best_of":"the readings scored","budget_ms":1,"by":"budget",' -- "$bin" --rules laizi corpus deal --count 100 --complete --context random --label score --budget-ms 1

# Every corpus line is batch's and stats's input as it is: the CSV rows (header first) give the
# answers the JSON lines of the same records give (scores, or wins where the rule set does not
# score), on every shipped rule set, with
# labels and per-hand indicators; a row that does not fit the header gets an error line naming it.
cat > without_source.py <<'PY'
import json, sys
report = json.load(sys.stdin)
report.pop("source")
report.pop("run")
print(json.dumps(report))
PY
# Under the sanitizers (whose commands start ten times slower) four rule sets stand for the rest:
# a plain one, one with per-hand indicators, three players, and one without scoring.
csv_rule_sets=$("$bin" rules list | awk '{print $1}')
[ "${MELDGRAPH_TEST_SCALE:-1}" -gt 1 ] && csv_rule_sets="riichi guangdong_indicator sanma basic"
for rules in $csv_rule_sets; do
  "$bin" --rules "$rules" corpus deal --count $((40 / ${MELDGRAPH_TEST_SCALE:-1} + 5)) --seed 4 --complete --context random --label win,shanten --format csv > rows.csv || continue
  "$bin" --rules "$rules" corpus deal --count $((40 / ${MELDGRAPH_TEST_SCALE:-1} + 5)) --seed 4 --complete --context random --label win,shanten > rows.jsonl
  op=score  # win where the rule set does not score
  "$bin" --rules "$rules" batch --op score --input rows.jsonl > rows_json.out 2>&1 ||
    { op=win; "$bin" --rules "$rules" batch --op win --input rows.jsonl > rows_json.out 2>&1; }
  # Every dealt situation is one batch accepts (seats and discarders among the players).
  expect "deal-context-read-$rules" 0 '^0$' -- bash -c "grep -c '\"error\"' rows_json.out || true"
  expect "csv-batch-$rules" 0 '^same$' -- bash -c "\"$bin\" --rules $rules batch --op $op --input rows.csv | cmp - rows_json.out && echo same"
  # stats reads the rows as batch does; four rule sets stand for the rest. The counts alike; the
  # source's file name and the run's time differ.
  case " riichi guangdong_indicator sanma basic " in *" $rules "*) ;; *) continue ;; esac
  "$bin" --rules "$rules" stats --input rows.jsonl --format json | python3 without_source.py > rows_json.stats
  expect "csv-stats-$rules" 0 '^same$' -- bash -c "\"$bin\" --rules $rules stats --input rows.csv --format json | python3 without_source.py | cmp - rows_json.stats && echo same"
done
printf 'index,hand,context.riichi\n0,123m456p789s11z22z+2z,maybe\n1,123m456p789s11z22z+2z\n2,"123m,x\n' > bad_rows.csv
expect csv-bad-cell 0 "field 'context.riichi': expected true or false, not .{1,2}maybe" -- "$bin" batch --op score --input bad_rows.csv
expect csv-short-row 0 'the CSV row has 2 cells; the header names 3 columns' -- "$bin" batch --op score --input bad_rows.csv
expect csv-open-quote 0 'the CSV row is malformed: the quote at column 3 is not closed' -- "$bin" batch --op score --input bad_rows.csv

# No progress line on a redirected standard error; one, with rate and time left, on a terminal.
m corpus deal --count 2000 --label shanten > /dev/null 2> progress.err
expect progress-redirected 0 '^empty$' -- bash -c "[ -s progress.err ] || echo empty"
# The run lasts seconds, long enough for a progress line: fewer hands under the
# sanitizers (MELDGRAPH_TEST_SCALE, set by their build), which run it 10 times slower.
progress_count=$((200000 / ${MELDGRAPH_TEST_SCALE:-1}))
if command -v script > /dev/null; then
  expect progress-terminal 0 "corpus deal: [0-9]+ / $progress_count \\([0-9.]+%\\), [0-9]+ hands/s, [0-9:]+ left" -- \
    script -qec "\"$bin\" --rules riichi corpus deal --count $progress_count --label shanten > /dev/null" /dev/null
fi

checks_summary corpus_cli_test
