#!/usr/bin/env python3
"""Output faults and interruption, tried as a hostile user would (docs/errors.md, "Output").

Usage: output_faults_test.py PATH_TO_MELDGRAPH

Each check runs the real command: a full disk (/dev/full), a reader that closes the pipe while
SIGPIPE is ignored, SIGINT and SIGTERM in the middle of a streamed output with one and two worker
threads, a stop while the command waits for input, and a stop of a command that streams nothing.
"""

import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

BIN = sys.argv[1]
failures = []


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"FAIL {name}: {detail}")


def run(args, **kwargs):
    return subprocess.run([BIN] + args, capture_output=True, text=True, timeout=300, **kwargs)


def ignore_sigpipe():
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)


def complete_lines(data):
    """The output holds whole lines only: empty, or ending with a newline."""
    return data == "" or data.endswith("\n")


# A 200 MB input line is refused as it is read, without being held whole nor echoed back: the
# lines around it are answered, and the process never holds the line (max RSS well below it).
# First, so that ru_maxrss (the largest child so far) is this command's.
LONG = 200_000_000
process = subprocess.Popen([BIN, "--rules", "riichi", "batch", "--op", "win", "--jobs", "2"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
feed = b"123m456p789s11122z\n" + b"1" * LONG + b"m\n" + b"123m456p789s11122z\n"
out, err = process.communicate(feed, timeout=300)
rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
answers = out.decode().splitlines()
check("long line", process.returncode == 0 and len(answers) == 3 and
      json.loads(answers[0])["win"] and json.loads(answers[2])["win"] and
      f"input line of {LONG + 1} bytes" in json.loads(answers[1])["error"] and
      len(answers[1]) < 400, f"exit {process.returncode}, {len(answers)} lines, {err[:200]!r}")
check("long line memory", rss_mb < LONG / 2**20 / 2, f"max RSS {rss_mb:.0f} MB")

# A full disk is an error with a message and exit 1, for a one-shot command and a streamed one.
with open("/dev/full", "w") as full:
    for args in (["rules", "list"], ["--rules", "riichi", "corpus", "enumerate", "--size", "8"]):
        result = subprocess.run([BIN] + args, stdout=full, stderr=subprocess.PIPE, text=True,
                                timeout=300)
        check(f"full-disk {args[-1]}", result.returncode == 1 and
              "writing the output failed: No space left on device" in result.stderr,
              f"exit {result.returncode}, stderr {result.stderr!r}")

# A reader that closes the pipe ends the run quietly, with 141 (128 + SIGPIPE), whether SIGPIPE is
# ignored (the program sees EPIPE) or not (the signal ends it).
for ignored in (True, False):
    process = subprocess.Popen([BIN, "--rules", "riichi", "corpus", "enumerate", "--size", "14"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=ignore_sigpipe if ignored else None)
    first = process.stdout.readline()
    process.stdout.close()
    process.wait(timeout=300)
    stderr = process.stderr.read().decode()
    want = 141 if ignored else -signal.SIGPIPE
    check(f"closed-pipe ignored={ignored}", first.endswith(b"\n") and
          process.returncode == want and stderr == "",
          f"exit {process.returncode} (want {want}), stderr {stderr!r}")

with tempfile.TemporaryDirectory() as work:
    hands = os.path.join(work, "hands.jsonl")
    dump = run(["--rules", "riichi", "bench", "--op", "score", "--count", "50000", "--dump", hands])
    check("dump", dump.returncode == 0, dump.stderr)

    # SIGINT and SIGTERM in the middle of a batch: every line written is whole and parses, the
    # exit code is 128 + the signal, and the answers are those of the uninterrupted run's start.
    for jobs in ("1", "2"):
        for stop in (signal.SIGINT, signal.SIGTERM):
            out_path = os.path.join(work, f"out-{jobs}-{stop}.jsonl")
            with open(out_path, "w") as out:
                process = subprocess.Popen(
                    [BIN, "--rules", "riichi", "batch", "--op", "score", "--jobs", jobs,
                     "--input", hands], stdout=out, stderr=subprocess.PIPE)
                # Wait until answers are flowing, then stop in the middle of the stream.
                deadline = time.time() + 120
                while os.path.getsize(out_path) < 200_000 and time.time() < deadline:
                    time.sleep(0.05)
                process.send_signal(stop)
                process.wait(timeout=120)
            data = open(out_path).read()
            lines = data.splitlines()
            parsed = True
            try:
                for line in lines:
                    json.loads(line)
            except json.JSONDecodeError:
                parsed = False
            name = f"stop jobs={jobs} {signal.Signals(stop).name}"
            check(name, process.returncode == 128 + stop,
                  f"exit {process.returncode} (want {128 + stop})")
            check(name + " whole lines", complete_lines(data) and parsed and len(lines) > 0,
                  f"{len(lines)} lines, ends with newline: {data.endswith(chr(10))}")
            check(name + " stopped early", len(lines) < 50_000, f"{len(lines)} lines")

    # A stop while batch waits for input (the writer keeps the pipe open) ends it at once, with
    # the answers to the lines already read written.
    process = subprocess.Popen([BIN, "--rules", "riichi", "batch", "--op", "win"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdin.write(b"123m456p789s11122z\n")
    process.stdin.flush()
    answer = process.stdout.readline()
    time.sleep(0.5)  # blocked reading the next line by now
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
        waited = True
    except subprocess.TimeoutExpired:
        process.kill()
        waited = False
    check("stop while reading", waited and process.returncode == 128 + signal.SIGTERM and
          json.loads(answer)["win"] is True, f"exit {process.returncode}, answer {answer!r}")

# A program that writes a line and waits for its answer gets it, though the answers of a file's
# lines are written in large pieces: also when the input it wrote ends in part of the next line.
import select  # noqa: E402


def answer_within(process, seconds):
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    return process.stdout.readline() if ready else b""


process = subprocess.Popen([BIN, "--rules", "riichi", "batch", "--op", "win"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
conversation = []
for piece in (b"123m456p789s11122z\n", b"123m456p789s1112z\n", b"123m456p789s11122z\n123m45",
              b"6p789s11122z\n"):
    process.stdin.write(piece)
    process.stdin.flush()
    conversation.append(answer_within(process, 10))
process.stdin.close()
process.wait(timeout=10)
check("conversation", [b'"win":true' in a for a in conversation] == [True, False, True, True] and
      b"13 tiles" in conversation[1], f"answers {conversation!r}")

# A command that streams nothing (counting) ends at once on SIGINT, as by default.
process = subprocess.Popen([BIN, "--rules", "riichi", "corpus", "enumerate", "--size", "14",
                            "--count-only"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
time.sleep(0.3)
process.send_signal(signal.SIGINT)
try:
    process.wait(timeout=10)
    check("stop counting", process.returncode == -signal.SIGINT, f"exit {process.returncode}")
except subprocess.TimeoutExpired:
    process.kill()
    check("stop counting", False, "still running 10 s after SIGINT")

for failure in failures:
    print(failure)
print(f"output faults: {'FAILED' if failures else 'passed'}, {len(failures)} failures")
sys.exit(1 if failures else 0)
