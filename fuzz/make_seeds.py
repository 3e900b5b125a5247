#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (fuzz/corpus/<target>/) from the repository's own test
data: the hands of tests/data/fixtures/*.txt, the hands and contexts of the scoring fixtures, and
the rule files. Run from the repository root: python3 fuzz/make_seeds.py

FuzzedDataProvider takes its numbers from the end of the input (the first one from the last
byte), and the remaining bytes as the text: so a seed is the text followed by its choices in
reverse order. The rule set index is into builtin_rule_names() (the names sorted, as
`meldgraph rules list` prints them).
"""

import glob
import hashlib
import json
import os
import re
import shutil

RULES = sorted(os.path.basename(p)[:-5] for p in glob.glob("rules/*.yaml"))
SCORED = [name for name in RULES if re.search(r"^scoring:", open(f"rules/{name}.yaml").read(), re.M)]


def write(target, data):
    directory = f"fuzz/corpus/{target}"
    os.makedirs(directory, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(f"{directory}/{name}", "wb") as out:
        out.write(data)


def fixture_hands():
    """(rule set, hand) from the plain fixtures: the first word of each line."""
    for path in sorted(glob.glob("tests/data/fixtures/*.txt")):
        rules = os.path.basename(path)[:-4]
        if rules not in RULES:
            continue
        for line in open(path):
            line = line.strip()
            if line and not line.startswith("#"):
                yield rules, line.split()[0]


def scoring_cases():
    """(rule set, hand, context) from the scoring fixtures that name a shipped rule set."""
    for path in sorted(glob.glob("tests/data/fixtures/scoring/*.json")):
        text = "".join(line for line in open(path) if not line.lstrip().startswith("//"))
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            continue
        rules = data.get("rules") if isinstance(data, dict) else None
        cases = data.get("cases", []) if isinstance(data, dict) else []
        if rules not in SCORED:
            continue
        for case in cases:
            if isinstance(case, dict) and isinstance(case.get("hand"), str):
                yield rules, case["hand"], case.get("context", {})


def main():
    shutil.rmtree("fuzz/corpus", ignore_errors=True)
    for rules, hand in fixture_hands():
        index = RULES.index(rules)
        text = hand.encode()
        write("notation", text + bytes([0, index]))
        write("analyze", text + bytes([0, 0, 8, index]))  # search_only, realisations, limit, rules
        write("differential", text + bytes([index]))
        write("batch", text + bytes([0, 8, 0, index]))
        # variants: rules, then whether hand, wildcards and forms change: none change; then four
        # jokers that stay within the copies (jokers, tiles, exceed_copies, max_in_win,
        # natural_use).
        write("variants", text + bytes([0, 0, index]))
        write("variants", text + bytes([0, 0, 0, 1, 0, 4, 1, 0, index]))
    for rules, hand, context in scoring_cases():
        # batch: rules, op, limit, search_only; the line a JSON object of the hand and context.
        line = json.dumps(dict(context, hand=hand), ensure_ascii=False).encode()
        write("batch", line + bytes([0, 8, 4, RULES.index(rules)]))
        # score: rules, limit, search_only, then the context's draws; zeros give a plain context.
        write("score", hand.encode() + bytes([0] * 24) + bytes([0, 8, SCORED.index(rules)]))
    for path in sorted(glob.glob("rules/*.yaml") + glob.glob("tests/data/rules/*.yaml")):
        write("rules", open(path, "rb").read())


if __name__ == "__main__":
    main()
