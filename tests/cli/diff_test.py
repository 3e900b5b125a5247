#!/usr/bin/env python3
"""`meldgraph diff` against a deliberately wrong engine (engines/forgets_pinfu.py: meldgraph's
scores, halved for every hand with pinfu), run as a user would.

Usage: diff_test.py PATH_TO_MELDGRAPH

Checks: the disagreements are exactly the hands whose best reading counts pinfu, and the report's
first group is pinfu with every one of its hands; the text report says so; a slow reply is a
timeout, a crash an engine end and a line that is not JSON a malformed reply, each reported for
its line while the later lines are still compared; a line that is not a hand is reported and not
sent; an engine command that cannot start is an error (exit 1), and so is one that never
answers (after ten lines). Also that `corpus cover --format csv` rows are read by `batch` as
they are, each scoring its pattern.
"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
# Under the sanitizers (MELDGRAPH_TEST_SCALE > 1) one hand a pattern: still six with pinfu.
PER_PATTERN = "3" if int(os.environ.get("MELDGRAPH_TEST_SCALE", "1")) == 1 else "1"
ENGINE = pathlib.Path(__file__).parent / "engines" / "forgets_pinfu.py"
failures = []


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"FAIL {name}: {detail}")


def diff(corpus, *extra, engine_options=""):
    command = f"python3 {ENGINE} {BIN} {engine_options}"
    return subprocess.run([BIN, "--rules", "riichi", "diff", "--engine", command, "--input",
                           corpus, *extra], capture_output=True, text=True, timeout=600)


with tempfile.TemporaryDirectory() as scratch:
    corpus = pathlib.Path(scratch) / "cover.jsonl"
    with open(corpus, "w") as out:
        subprocess.run([BIN, "--rules", "riichi", "corpus", "cover", "--per-pattern", PER_PATTERN],
                       stdout=out, stderr=subprocess.DEVNULL, check=True, timeout=600)
    lines = corpus.read_text().splitlines()
    scores = subprocess.run([BIN, "--rules", "riichi", "batch", "--op", "score", "--best",
                             "--fields", "points,patterns"], input="\n".join(lines) + "\n",
                            capture_output=True, text=True, check=True).stdout.splitlines()
    with_pinfu = {i for i, s in enumerate(scores)
                  if "pinfu" in [p["id"] for p in json.loads(s)["patterns"]]
                  and json.loads(s)["points"] > 0}
    check("corpus", len(lines) >= 45 * int(PER_PATTERN) and len(with_pinfu) >= 3,
          f"{len(lines)} lines, {len(with_pinfu)} with pinfu")

    result = diff(str(corpus), "--format", "json")
    report = [json.loads(line) for line in result.stdout.splitlines()]
    summary = report[-1] if report else {}
    disagreeing = {entry["index"] for entry in report[:-1]}
    check("json exit", result.returncode == 1, f"exit {result.returncode}: {result.stderr}")
    check("json disagreements", disagreeing == with_pinfu,
          f"disagree {sorted(disagreeing)}, pinfu {sorted(with_pinfu)}")
    check("json entries", all("pinfu" in entry["patterns"] and
                              entry["engine"] * 2 <= entry["meldgraph"] for entry in report[:-1]),
          str(report[:2]))
    groups = summary.get("groups", [])
    check("json summary", summary.get("hands") == len(lines) and
          summary.get("disagreements") == len(with_pinfu) and groups and
          groups[0]["pattern"] == "pinfu" and
          groups[0]["disagreements"] == groups[0]["hands"] == len(with_pinfu),
          json.dumps(summary)[:400])

    text = diff(str(corpus), "--examples", "1")
    check("text", text.returncode == 1 and
          f"pinfu: {len(with_pinfu)} of {len(with_pinfu)} hands disagree (every one)" in
          text.stdout.splitlines()[1], text.stdout[:400])

    # Faults of the engine, one line each, and a line that is not a hand; the rest compared.
    few = pathlib.Path(scratch) / "few.jsonl"
    few.write_text("\n".join(lines[:8] + ["1234x"]) + "\n")
    faults = diff(str(few), "--format", "json", "--timeout-ms", "1000",
                  engine_options="--slow-at 1 --crash-at 3 --garble-at 5")
    report = [json.loads(line) for line in faults.stdout.splitlines()]
    problems = {entry["index"]: entry.get("problem", "") for entry in report[:-1]}
    summary = report[-1] if report else {}
    check("faults", problems.get(1, "").startswith("timeout") and
          problems.get(3, "").startswith("the engine ended (exit 3)") and
          problems.get(5, "").startswith("malformed reply: not JSON") and
          problems.get(8, "").startswith("not a hand") and summary.get("hands") == 9 and
          summary.get("compared") == 5 and summary.get("timeouts") == 1 and
          summary.get("crashes") == 1 and summary.get("malformed") == 1,
          json.dumps(report)[:600])

    missing = subprocess.run([BIN, "--rules", "riichi", "diff", "--engine",
                              "no-such-engine-xyz", "--input", str(few)],
                             capture_output=True, text=True, timeout=60)
    check("cannot start", missing.returncode == 1 and
          "the engine command cannot start (exit 127)" in missing.stderr,
          f"exit {missing.returncode}, {missing.stderr!r}")

    silent = subprocess.run([BIN, "--rules", "riichi", "diff", "--engine", "cat > /dev/null",
                             "--timeout-ms", "100", "--input", str(corpus)],
                            capture_output=True, text=True, timeout=60)
    check("never answers", silent.returncode == 1 and
          "no reply to 10 lines in a row" in silent.stderr, f"exit {silent.returncode}")

    # corpus cover's CSV: batch reads every row as it is, and its best reading counts the pattern.
    rows = subprocess.run([BIN, "--rules", "riichi", "corpus", "cover", "--format", "csv"],
                          capture_output=True, text=True, check=True, timeout=600).stdout
    scored = subprocess.run([BIN, "--rules", "riichi", "batch", "--op", "score", "--best",
                             "--fields", "patterns"], input=rows, capture_output=True, text=True,
                            check=True).stdout.splitlines()
    wanted = [row.split(",", 1)[0] for row in rows.splitlines()[1:]]
    check("cover csv", len(scored) == len(wanted) > 40 and all(
        pattern in [p["id"] for p in json.loads(line)["patterns"]]
        for pattern, line in zip(wanted, scored)), f"{len(scored)} rows")

for failure in failures:
    print(failure)
print(f"diff: {'FAILED' if failures else 'passed'}, {len(failures)} failures")
sys.exit(1 if failures else 0)
