#!/usr/bin/env python3
"""A deliberately wrong engine for diff_test.py: meldgraph's own scores through `batch`, except
that a hand whose best reading counts pinfu is paid half, as an engine that forgot pinfu's han
might. Usage: forgets_pinfu.py PATH_TO_MELDGRAPH [--slow-at N] [--crash-at N] [--garble-at N]
(the line whose corpus `index` is N: answered after 3 s, never (the engine exits 3), or with a
line that is not JSON; by the index, so that a restarted engine fails on the same lines)."""

import json
import subprocess
import sys
import time

meldgraph = sys.argv[1]
options = dict(zip(sys.argv[2::2], (int(n) for n in sys.argv[3::2])))
scorer = subprocess.Popen([meldgraph, "--rules", "riichi", "batch", "--op", "score", "--best",
                           "--fields", "points,patterns"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    try:
        number = json.loads(line).get("index")
    except ValueError:
        number = None
    if number == options.get("--crash-at"):
        sys.exit(3)
    scorer.stdin.write(line)
    scorer.stdin.flush()
    answer = json.loads(scorer.stdout.readline())
    points = answer.get("points", 0)
    if "pinfu" in [pattern["id"] for pattern in answer.get("patterns", [])]:
        points //= 2
    if number == options.get("--slow-at"):
        time.sleep(3)
    if number == options.get("--garble-at"):
        print("points: many", flush=True)
        continue
    print(json.dumps({"points": points}), flush=True)
