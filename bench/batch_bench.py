#!/usr/bin/env python3
"""`meldgraph batch --op score` against `meldgraph bench --op score` on the same lines, in one run
(docs/performance.md, "Batch lines"):

- the lines: N complete riichi hands with random situations, dealt by `meldgraph corpus deal
  --complete --context random`, as the JSON lines batch reads (the hand and its context fields);
- the command's figure: `bench --op score --input` of those lines, `best_pass_hands_per_s` (the
  scoring alone: the lines are read before its clock starts);
- batch's figures: lines / wall time of the whole process (start, tables, reading, scoring and
  writing to /dev/null), single-threaded, for each output asked for: the full line, and
  `--best --fields points,han,fu,patterns`.

Alternated PAIRS times (the command, then each batch output); prints each pair and the median
ratio batch / command for each output, then the results as JSON.

Usage: bench/batch_bench.py [--bin build/release/meldgraph] [--count 100000] [--pairs 3]"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

OUTPUTS = {
    "full line": [],
    "--best --fields points,han,fu,patterns": ["--best", "--fields", "points,han,fu,patterns"],
}


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(ROOT / "build" / "release" / "meldgraph"))
    parser.add_argument("--rules", default="riichi")
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def deal_lines(options, path: pathlib.Path) -> int:
    text = subprocess.run(
        [options.bin, "--rules", options.rules, "corpus", "deal", "--count", str(options.count),
         "--seed", str(options.seed), "--complete", "--context", "random", "--format", "json"],
        check=True, capture_output=True, text=True).stdout
    lines = []
    for line in text.splitlines():
        record = json.loads(line)
        lines.append(json.dumps(dict(record["context"], hand=record["hand"]), sort_keys=True))
    path.write_text("\n".join(lines) + "\n")
    return len(lines)


def bench_rate(options, path: pathlib.Path) -> float:
    out = subprocess.run([options.bin, "--rules", options.rules, "bench", "--op", "score",
                          "--input", str(path), "--repeat", "3"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["best_pass_hands_per_s"]


def batch_rate(options, path: pathlib.Path, extra: list, count: int) -> float:
    with open(path, "rb") as lines, open("/dev/null", "wb") as sink:
        start = time.perf_counter()
        subprocess.run([options.bin, "--rules", options.rules, "batch", "--op", "score", "--jobs",
                        "1", *extra], stdin=lines, stdout=sink, check=True)
        return count / (time.perf_counter() - start)


def main() -> int:
    options = arguments()
    ratios = {name: [] for name in OUTPUTS}
    with tempfile.TemporaryDirectory() as scratch:
        path = pathlib.Path(scratch) / "lines.jsonl"
        count = deal_lines(options, path)
        print(f"{count} lines of rule set {options.rules}, {options.pairs} alternated pairs, "
              "one thread", flush=True)
        for pair in range(options.pairs):
            command = bench_rate(options, path)
            for name, extra in OUTPUTS.items():
                rate = batch_rate(options, path, extra, count)
                ratios[name].append(rate / command)
                print(f"pair {pair + 1}: bench {command / 1e3:8.1f} k/s  batch {name:<40} "
                      f"{rate / 1e3:7.1f} k/s  ratio {rate / command:.3f}", flush=True)
    results = []
    for name, values in ratios.items():
        median = statistics.median(values)
        print(f"{name:<40} median ratio {median:.3f} (min {min(values):.3f}, "
              f"max {max(values):.3f})", flush=True)
        results.append({"output": name, "median_ratio": median, "ratios": values})
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
