#!/usr/bin/env python3
"""The Python module's batch calls against `meldgraph bench` on the same hands, in one run
(docs/performance.md, "The Python module"):

- score: RuleSet.score_many over N complete riichi hands with random situations, dealt by
  `meldgraph corpus deal --complete --context random`, against `bench --op score --input` of the
  same hands and situations; the items given to score_many as dicts (a hand and its fields, as a
  DataFrame's records give them) and as the JSON lines batch reads;
- shanten: RuleSet.shanten_many over the counts of the hands of `bench --op shanten` (13 and 14
  tiles alternately), against `bench --op shanten --input` of the same hands.

Both sides single-threaded, alternated PAIRS times (the command first, then the module); each
side's figure is its fastest pass, the command's `best_pass_hands_per_s`, the module's the
fastest of REPEAT timed calls after one untimed call. Prints each pair and the median ratio
module / command.

Usage: bench/python_bench.py [--bin build/release/meldgraph] [--python build/release/python]
       [--count 100000] [--pairs 5] [--repeat 5] [--rules riichi]
Run it with the interpreter the module was built for (Debian's /usr/bin/python3)."""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(ROOT / "build" / "release" / "meldgraph"))
    parser.add_argument("--python", default=str(ROOT / "build" / "release" / "python"),
                        help="the directory holding the built meldgraph package")
    parser.add_argument("--rules", default="riichi")
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def run(command: list) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def command_bench(options, op: str, path: pathlib.Path) -> dict:
    out = run([options.bin, "--rules", options.rules, "bench", "--op", op, "--input", str(path),
               "--repeat", str(options.repeat)])
    return json.loads(out)


def module_rate(call, count: int, repeat: int) -> float:
    call()  # untimed, as the command's warm-up pass
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return count / best


def score_items(options, directory: pathlib.Path):
    """The dealt hands: the command's input file, and the items as dicts and as lines."""
    text = run([options.bin, "--rules", options.rules, "corpus", "deal", "--count",
                str(options.count), "--seed", str(options.seed), "--complete", "--context",
                "random", "--format", "json"])
    dicts = []
    for line in text.splitlines():
        record = json.loads(line)
        dicts.append(dict(record["context"], hand=record["hand"]))
    lines = [json.dumps(item) for item in dicts]
    path = directory / "score.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path, dicts, lines


def shanten_hands(options, directory: pathlib.Path):
    path = directory / "shanten.txt"
    run([options.bin, "--rules", options.rules, "bench", "--op", "shanten", "--count",
         str(options.count), "--seed", str(options.seed), "--dump", str(path)])
    return path, path.read_text().split()


def compare(name: str, options, op: str, path, call, checksum: int) -> dict:
    ratios = []
    for pair in range(options.pairs):
        bench = command_bench(options, op, path)
        # The same work on both sides: the command's checksum is the module's answers' sum.
        assert bench["checksum"] == checksum, f"{name}: checksum {bench['checksum']} != {checksum}"
        command = bench["best_pass_hands_per_s"]
        module = module_rate(call, options.count, options.repeat)
        ratios.append(module / command)
        print(f"{name:<22} pair {pair + 1}: command {command / 1e3:9.1f} k/s  module "
              f"{module / 1e3:9.1f} k/s  ratio {module / command:.3f}", flush=True)
    median = statistics.median(ratios)
    print(f"{name:<22} median ratio {median:.3f} (min {min(ratios):.3f}, max {max(ratios):.3f})",
          flush=True)
    return {"case": name, "median_ratio": median, "ratios": ratios}


def main() -> int:
    options = arguments()
    sys.path.insert(0, options.python)
    import meldgraph

    rules = meldgraph.RuleSet.builtin(options.rules)
    print(f"meldgraph {meldgraph.__version__}, rule set {options.rules}, {options.count} hands, "
          f"{options.pairs} alternated pairs, best of {options.repeat} passes, one thread",
          flush=True)
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        directory = pathlib.Path(scratch)
        path, dicts, lines = score_items(options, directory)
        columns = rules.score_many(dicts)
        assert all(error is None for error in columns.errors), "a dealt hand failed"
        # `bench --op score`'s checksum: the readings scored and the best readings' points.
        checksum = int(columns.readings.sum() + columns.points.sum())
        results.append(compare("score_many (dicts)", options, "score", path,
                               lambda: rules.score_many(dicts), checksum))
        results.append(compare("score_many (lines)", options, "score", path,
                               lambda: rules.score_many(lines), checksum))
        path, hands = shanten_hands(options, directory)
        counts = rules.tile_counts(hands)
        checksum = int(rules.shanten_many(counts).astype("int64").sum())
        results.append(compare("shanten_many", options, "shanten", path,
                               lambda: rules.shanten_many(counts), checksum))
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
