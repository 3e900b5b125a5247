#!/usr/bin/env bash
# End-to-end checks of `meldgraph stats`: the counts of shards and threads add up to the whole
# run, a corpus file is read (and its bad lines named; standard input cut into parts), dealt
# hands and the same hands read from a corpus give the same counts (with wildcards chosen by
# --wild or by a per-hand indicator), errors, and --plot's SVG (parsed as XML, its bars counted
# against the report's entries).
# Usage: stats_test.sh PATH_TO_MELDGRAPH
set -u
bin=$1
. "$(dirname "$(readlink -f "$0")")/shell_checks.sh"

# The report without its `run` field (time, jobs, ranks) and the source's shard.
strip_run() {
  python3 -c '
import json, sys
for line in sys.stdin:
    d = json.loads(line); d.pop("run"); d["source"].pop("shard"); print(json.dumps(d))'
}

# Every count of the report (the `hands` of each entry, `scored`, `not_applicable`), keyed by its
# path, summed over the shards' reports (one a line in $1) and compared with the whole run's ($2).
sum_counts() {
  python3 -c '
import json, sys
def flat(d, path=""):
    if isinstance(d, dict):
        for k, v in d.items():
            if k in ("run", "source"): continue
            if k in ("hands", "scored", "not_applicable") and isinstance(v, int):
                yield path + k, v
            else:
                yield from flat(v, path + k + "/")
    elif isinstance(d, list):
        for e in d:
            if not isinstance(e, dict): continue  # an interval
            key = next(e[k] for k in ("form", "shape", "pattern", "kinds", "shanten", "to") if k in e)
            yield from flat(e, path + str(key) + "/")
def nonzero(pairs):
    total = {}
    for k, v in pairs: total[k] = total.get(k, 0) + v
    return {k: v for k, v in total.items() if v}
shards = nonzero(p for line in open(sys.argv[1]) for p in flat(json.loads(line)))
whole = nonzero(flat(json.load(open(sys.argv[2]))))
diff = sorted(k for k in set(shards) | set(whole) if shards.get(k) != whole.get(k))
print("same" if not diff and len(whole) > 20 else "differ in %d counts: %s" % (len(diff), diff[:5]))
' "$@"
}

deal=(--rules riichi stats --deal 3000 --seed 5 --format json)
"$bin" "${deal[@]}" > whole.json
for s in 1 2 3; do "$bin" "${deal[@]}" --shard $s/3; done > shards.json
expect stats-shards-add-up 0 '^same$' -- sum_counts shards.json whole.json
expect stats-jobs-same 0 '^same$' -- bash -c "cmp <(\"$bin\" ${deal[*]} --jobs 3 | $(declare -f strip_run); strip_run) <(strip_run < whole.json) && echo same"
expect stats-hands 0 '"hands":3000,' -- cat whole.json
expect stats-text 0 '^shanten    mean 3\.[0-9]+ \(95% CI' -- "$bin" --rules riichi stats --deal 2000
expect stats-text-score 0 '^scored     ' -- "$bin" --rules riichi stats --deal 2000
expect stats-basic-no-score 0 '"score":null' -- "$bin" --rules basic stats --deal 100 --format json
# --budget-ms: eight jokers' scoring stops at 1 ms and is counted as cut; without it, it is not.
printf '11m********1234p\n' > heavy.txt
expect stats-budget-cut 0 '"score":\{"scored":1,"cut":1,' -- "$bin" --rules laizi stats --input heavy.txt --budget-ms 1 --format json
expect stats-budget-text 0 '^  cut      1 scored in part' -- "$bin" --rules laizi stats --input heavy.txt --budget-ms 1
expect stats-unbudgeted 0 '"score":\{"scored":1,"cut":0,' -- "$bin" --rules laizi stats --input heavy.txt --format json
expect stats-budget-no-score 1 'budget-ms bounds the scoring of complete hands; there is none with --no-score' -- "$bin" --rules riichi stats --deal 10 --budget-ms 5 --no-score
expect stats-budget-no-scoring 1 'budget-ms bounds the scoring of complete hands' -- "$bin" --rules basic stats --deal 10 --budget-ms 5
expect stats-budget-zero 2 'budget-ms: Value 0 not in range' -- "$bin" --rules riichi stats --deal 10 --budget-ms 0

# A corpus file: every complete 5-tile riichi hand, then plain MPSZ lines and comments.
"$bin" --rules riichi corpus enumerate --size 5 --format json > corpus.jsonl
lines=$(wc -l < corpus.jsonl)
expect stats-corpus-all-complete 0 "\"complete\":\\{\"hands\":$lines,\"share\":1\\.0" -- "$bin" --rules riichi stats --input corpus.jsonl --format json
printf '# two hands\n123m456p789s1122z\n\n11122m\n' > hands.txt
expect stats-input-text 0 '"hands":2,' -- "$bin" --rules riichi stats --input hands.txt --format json
expect stats-input-stdin 0 '"hands":2,' -- bash -c "\"$bin\" --rules riichi stats --input - --format json < hands.txt"
printf '11122m\n{"hand": "1x"}\n' > bad.txt
expect stats-input-bad-line 1 "bad\\.txt:2: unknown suit 'x'" -- "$bin" --rules riichi stats --input bad.txt
printf '{"forms": []}\n' > nohand.txt
expect stats-input-no-hand 1 "nohand\\.txt:1: field 'hand'" -- "$bin" --rules riichi stats --input nohand.txt
printf '123m456m\n' > three.txt
expect stats-input-3n 1 'three\.txt:1: a hand of 6 tiles' -- "$bin" --rules riichi stats --input three.txt
expect stats-input-missing 1 "cannot open 'nosuch.txt'" -- "$bin" stats --input nosuch.txt
expect stats-no-source 1 'give either --deal N' -- "$bin" stats
expect stats-both-sources 2 'excludes' -- "$bin" stats --deal 5 --input hands.txt
expect stats-bad-shard 1 "--shard 4/3: the part I must be 1 to K" -- "$bin" stats --deal 5 --shard 4/3
expect stats-bad-shard-text 1 "--shard a/b: expected I/K" -- "$bin" stats --deal 5 --shard a/b
# A corpus file's lines cut into parts: their counts add up to the whole file's.
"$bin" --rules riichi corpus enumerate --size 8 --format json > corpus8.jsonl
"$bin" --rules riichi stats --input corpus8.jsonl --format json > whole8.json
for s in 1 2; do "$bin" --rules riichi stats --input corpus8.jsonl --format json --shard $s/2; done > shards8.json
expect stats-input-shards-add-up 0 '^same$' -- sum_counts shards8.json whole8.json
# Standard input cut into parts (copied to a file first): the same parts as the file's.
"$bin" --rules riichi stats --input - --format json --shard 2/2 < corpus8.jsonl > stdin_shard.json
expect stats-stdin-shard 0 '^same$' -- bash -c "cmp <(sed -n 2p shards8.json | $(declare -f strip_run); strip_run) <(strip_run < stdin_shard.json) && echo same"
expect stats-bad-size 1 '--size 12: rule set .laizi. deals hands of 3n\+1 or 3n\+2' -- "$bin" stats --deal 5 --size 12
expect stats-size-input 1 '--size: only for --deal' -- "$bin" stats --input hands.txt --size 13
# The same hands dealt by stats and read from the corpus deal writes (with its situations): the
# same counts, with a wildcard chosen for every hand (--wild) or turned up per hand (an
# indicator rule set, whose corpus records name each hand's indicator).
same_counts() {
  python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for d in (a, b): d.pop("run"); d.pop("source")
print("same" if a == b and a["hands"] > 0 else "differ")' "$@"
}
"$bin" --rules laizi --wild 5m stats --deal 1000 --seed 3 --format json > wild_deal.json
"$bin" --rules laizi --wild 5m corpus deal --count 1000 --seed 3 --context random > wild.jsonl
"$bin" --rules laizi --wild 5m stats --input wild.jsonl --seed 3 --format json > wild_input.json
expect stats-wild-deal-input 0 '^same$' -- same_counts wild_deal.json wild_input.json
expect stats-wild-changes 0 '^differ$' -- bash -c "\"$bin\" --rules laizi stats --deal 1000 --seed 3 --format json > plain.json; $(declare -f same_counts); same_counts plain.json wild_deal.json"
"$bin" --rules guangdong_indicator stats --deal 600 --seed 3 --format json > ind_deal.json
"$bin" --rules guangdong_indicator corpus deal --count 600 --seed 3 --context random > ind.jsonl
"$bin" --rules guangdong_indicator stats --input ind.jsonl --seed 3 --format json > ind_input.json
expect stats-indicator-deal-input 0 '^same$' -- same_counts ind_deal.json ind_input.json
expect stats-visible-refused 1 '--visible: stats counts the kinds of tile a hand waits on' -- "$bin" --visible 1m stats --deal 5
expect stats-bad-indicator-field 1 "ind\\.txt:1: field 'indicator': " -- bash -c "echo '{\"hand\": \"123m456p789s11z\", \"indicator\": \"9f\"}' > ind.txt; \"$bin\" --rules guangdong_indicator stats --input ind.txt"
expect stats-notation-majiang 0 '"hands":1,' -- bash -c "echo m123p456s789z11122 | \"$bin\" --rules riichi --notation majiang stats --input - --format json"
expect stats-bad-format 2 'format' -- "$bin" stats --deal 5 --format xml

# --plot: a valid SVG whose bars (gnuplot's filled boxes, one <polygon> each inside its plot
# groups) are one per entry of the shanten distribution, the forms and the wait counts.
"$bin" --rules riichi stats --deal 3000 --seed 5 --format json --plot plot.svg > plotted.json
expect stats-plot-bars 0 '^bars ok [0-9]+$' -- python3 -c '
import json, sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse("plot.svg").getroot()
assert root.tag == ns + "svg", root.tag
bars = sum(len(list(g.iter(ns + "polygon"))) for g in root.iter(ns + "g")
           if g.get("id", "").startswith("gnuplot_plot_"))
r = json.load(open("plotted.json"))
# gnuplot draws no polygon for a bar of height 0.
want = sum(1 for e in r["shanten"]["distribution"] + [f["nearest"] for f in r["forms"]] +
           r["waits"]["kinds"]["distribution"] if e["hands"] > 0)
assert r["waits"]["waiting"]["hands"] > 0
print("bars ok %d" % bars if bars == want else "bars %d, want %d" % (bars, want))'
expect stats-plot-no-gnuplot 1 'gnuplot was not found on PATH' -- env PATH=/nonexistent "$bin" stats --deal 10 --plot x.svg
expect stats-plot-bad-path 1 "--plot: cannot write '/nonexistent/x.svg'" -- "$bin" stats --deal 10 --plot /nonexistent/x.svg

# The pictures a person reads: labels as written (no quotes, an underscore not a subscript), the
# patterns' chart with a bar per pattern counted, a PNG for .png, an error for another extension.
"$bin" --rules riichi corpus deal --count 400 --complete --context random --seed 9 > plot_corpus.jsonl
"$bin" --rules riichi stats --input plot_corpus.jsonl --format json --plot plot_score.svg > plot_score.json
expect stats-plot-labels 0 '^labels ok$' -- python3 -c '
import xml.etree.ElementTree as ET
texts = ["".join(t.itertext()) for t in ET.parse("plot_score.svg").getroot().iter("{http://www.w3.org/2000/svg}text")]
assert "seven_pairs" in texts and "thirteen_orphans" in texts, texts
assert not any(t.startswith(chr(39)) or t.startswith(chr(34)) for t in texts), texts
assert any(t.startswith("Patterns counted") for t in texts), texts
assert any(t.startswith("Winning hands by the points") for t in texts), texts
assert "4096-8191" in texts, texts
print("labels ok")'
expect stats-plot-pattern-bars 0 '^bars ok [0-9]+$' -- python3 -c '
import json, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse("plot_score.svg").getroot()
bars = sum(len(list(g.iter(ns + "polygon"))) for g in root.iter(ns + "g")
           if g.get("id", "").startswith("gnuplot_plot_"))
r = json.load(open("plot_score.json"))
points = r["score"]["points"]["distribution"]
want = sum(1 for e in r["shanten"]["distribution"] + [f["nearest"] for f in r["forms"]] +
           r["waits"]["kinds"]["distribution"] + r["score"]["patterns"] + points if e["hands"] > 0)
assert len(r["score"]["patterns"]) > 5
# The points ranges double, follow each other, count every win, and end with counted ones.
assert sum(e["hands"] for e in points) == r["score"]["wins"]["hands"], points
assert all(e["to"] == 2 * e["from"] - 1 for e in points if e["from"] is not None), points
assert all(b["from"] == a["to"] + 1 for a, b in zip(points, points[1:])), points
assert points[0]["hands"] > 0 and points[-1]["hands"] > 0 and len(points) >= 4, points
print("bars ok %d" % bars if bars == want else "bars %d, want %d" % (bars, want))'
expect stats-plot-png 0 '^png ok$' -- bash -c "\"$bin\" --rules riichi stats --input plot_corpus.jsonl --plot plot_score.png > /dev/null && python3 -c 'import sys; d = open(\"plot_score.png\", \"rb\").read(); print(\"png ok\" if d[:8] == bytes([137, 80, 78, 71, 13, 10, 26, 10]) and len(d) > 10000 else \"not a png\")'"
expect stats-plot-extension 1 "^meldgraph: error: --plot: 'x.pdf': the file's name ends in .png \(a PNG image\) or .svg \(SVG\)$" -- "$bin" stats --deal 10 --plot x.pdf

checks_summary stats_test
