"""What the Python module's tests share: the built `meldgraph` command (MELDGRAPH_BIN,
set by CTest), run on the same hands as the module, so that answers are compared with batch's."""

import json
import os
import pathlib
import subprocess

import pytest

import meldgraph

ROOT = pathlib.Path(__file__).resolve().parents[2]


def meldgraph_bin() -> str:
    path = os.environ.get("MELDGRAPH_BIN", str(ROOT / "build" / "release" / "meldgraph"))
    if not pathlib.Path(path).exists():
        pytest.skip(f"the meldgraph command is not built at {path} (MELDGRAPH_BIN)")
    return path


def cli(*args: str, stdin: str = "") -> str:
    """The command's output; fails the test on a non-zero exit."""
    done = subprocess.run(
        [meldgraph_bin(), *args], input=stdin, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"meldgraph {' '.join(args)}: {done.stderr}"
    return done.stdout


def cli_failure(*args: str, stdin: str = "") -> str:
    """The error message of a command that must fail (exit 1)."""
    done = subprocess.run(
        [meldgraph_bin(), *args], input=stdin, capture_output=True, text=True, check=False
    )
    assert done.returncode != 0, f"meldgraph {' '.join(args)} succeeded"
    return done.stderr


def dumped_hands(rules: str, op: str, count: int, seed: int = 1) -> list:
    """The hands `bench --op OP` makes (complete hands with random situations for score), as
    the lines `bench --dump` writes for batch."""
    text = cli("--rules", rules, "bench", "--op", op, "--count", str(count), "--seed", str(seed),
               "--dump", "-")
    return [line for line in text.splitlines() if line.strip()]


def batch(rules: str, op: str, lines: list, *extra: str) -> list:
    """`meldgraph batch --op OP` answers to `lines`, one dict a line."""
    text = cli("--rules", rules, "batch", "--op", op, *extra, stdin="\n".join(lines) + "\n")
    return [json.loads(line) for line in text.splitlines()]


def split_line(line: str):
    """A batch line as analyze's arguments: the hand, and the situation keywords."""
    if not line.startswith("{"):
        return line, {}
    fields = json.loads(line)
    hand = fields.pop("hand")
    return hand, fields


@pytest.fixture(scope="module")
def riichi():
    return meldgraph.RuleSet.builtin("riichi")
