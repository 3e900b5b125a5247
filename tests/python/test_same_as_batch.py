"""The module's answers are batch's, on the same hands, for every shipped rule set: analyze's
to_dict() is the `batch --op score` line, score_many's columns are its fields, and waits,
shanten and explain are `batch --op waits|shanten|explain`'s lines."""

import json
import re

import meldgraph
import numpy
import pytest

from conftest import batch, cli_failure, dumped_hands, split_line

RULE_SETS = meldgraph.RuleSet.builtin_names()


def hand_count(rules: meldgraph.RuleSet, many: int) -> int:
    """Fewer hands for the rule sets with jokers, whose hands hold up to eight wildcards."""
    return many // 4 if rules.jokers > 0 else many


SCORED = [name for name in RULE_SETS if meldgraph.RuleSet.builtin(name).unit is not None]
SHAPES_ONLY = [name for name in RULE_SETS if name not in SCORED]


@pytest.mark.parametrize("name", SCORED)
def test_analyze_and_score_many_equal_batch_score(name):
    rules = meldgraph.RuleSet.builtin(name)
    lines = dumped_hands(name, "score", hand_count(rules, 200), seed=11)
    answers = batch(name, "score", lines)
    columns = rules.score_many(lines)
    by_dict = rules.score_many([dict(json.loads(line)) for line in lines])
    unit = rules.unit
    answered = 0
    for i, (line, answer) in enumerate(zip(lines, answers)):
        hand, situation = split_line(line)
        if "error" in answer:  # a situation the rule set refuses: the same error, in its row
            with pytest.raises(meldgraph.Error) as raised:
                rules.analyze(hand, **situation)
            assert str(raised.value) == answer["error"]
            assert columns.errors[i] == by_dict.errors[i] == answer["error"]
            continue
        answered += 1
        assert rules.analyze(hand, **situation).to_dict() == answer, line
        assert columns.errors[i] is None
        assert bool(columns.wins[i]) == answer["wins"]
        assert columns.points[i] == answer.get("points", 0)
        assert columns.units[i] == answer.get(unit, 0)
        assert columns.fu[i] == answer.get("fu", 0)
        assert columns.yakuman[i] == answer.get("yakuman", 0)
        assert columns.readings[i] == answer["readings"]
        counted = {rules.pattern_ids[j] for j in numpy.flatnonzero(columns.patterns[i])}
        assert counted == {p["id"] for p in answer.get("patterns", [])}
    assert answered >= len(lines) // 2
    for key in ("wins", "points", "units", "fu", "yakuman", "readings", "patterns"):
        assert numpy.array_equal(by_dict[key], columns[key])


@pytest.mark.parametrize("name", SHAPES_ONLY)
def test_rule_sets_without_scoring(name):
    rules = meldgraph.RuleSet.builtin(name)
    message = cli_failure("--rules", name, "batch", "--op", "score", stdin="123m\n")
    with pytest.raises(meldgraph.Error) as raised:
        rules.score_many(["123m456p789s11z22z"])
    assert message.strip() == f"meldgraph: error: {raised.value}"
    hands = dumped_hands(name, "win", 50)
    for hand, answer in zip(hands, batch(name, "win", hands)):
        result = rules.analyze(hand)
        assert result.wins == answer["win"] and result.readings == [] and result.best is None
        assert result.forms == answer["forms"]


@pytest.mark.parametrize("name", RULE_SETS)
def test_waits_and_shanten_equal_batch(name):
    rules = meldgraph.RuleSet.builtin(name)
    ready = dumped_hands(name, "waits", hand_count(rules, 100), seed=5)
    for hand, answer in zip(ready, batch(name, "waits", ready)):
        assert rules.waits(hand).to_dict() == answer
    mixed = dumped_hands(name, "shanten", hand_count(rules, 100), seed=5)
    for hand, answer in zip(mixed, batch(name, "shanten", mixed)):
        assert rules.shanten(hand).to_dict() == answer


@pytest.mark.parametrize("name", SCORED)
def test_explain_equals_batch(name):
    rules = meldgraph.RuleSet.builtin(name)
    lines = dumped_hands(name, "score", 12, seed=3)
    for line, answer in zip(lines, batch(name, "explain", lines)):
        hand, situation = split_line(line)
        if "error" in answer:
            with pytest.raises(meldgraph.Error, match=re.escape(answer["error"])):
                rules.explain(hand, **situation)
            continue
        assert rules.explain(hand, **situation).to_dict() == answer


@pytest.mark.parametrize("name", ["riichi", "mcr", "sanma", "guangdong_flowers", "laizi"])
def test_shanten_many_and_win_many_equal_the_one_hand_answers(name):
    rules = meldgraph.RuleSet.builtin(name)
    # Random concealed hands drawn from the set's tiles, of 13 and 14 tiles.
    generator = numpy.random.default_rng(7)
    wall = [
        kind
        for kind, (code, copies) in enumerate(zip(rules.tiles, rules.copies))
        for _ in range(copies)
        if not code.endswith("f")
    ]
    rows = []
    for i in range(300):
        size = rules.hand_tiles - 1 + i % 2
        drawn = generator.choice(len(wall), size=size, replace=False)
        row = numpy.zeros(len(rules.count_columns), dtype=numpy.uint8)
        for index in drawn:
            row[wall[index]] += 1
        rows.append(row)
    counts = numpy.array(rows, dtype=numpy.uint8)
    hands = [text_of(rules, row) for row in counts]
    assert numpy.array_equal(rules.tile_counts(hands), counts)
    shanten = rules.shanten_many(counts)
    expected = [answer["shanten"] for answer in batch(name, "shanten", hands)]
    assert list(shanten) == expected
    complete = counts[1::2]
    wins = rules.win_many(complete)
    expected_wins = [answer["win"] for answer in batch(name, "win", hands[1::2])]
    assert list(wins) == expected_wins
    # Every complete hand of the dealt corpus wins.
    dealt = [line for line in dumped_hands(name, "win", 50) if "[" not in line and "(" not in line]
    answers = batch(name, "win", dealt)
    assert list(rules.win_many(rules.tile_counts(dealt))) == [a["win"] for a in answers]


def text_of(rules: meldgraph.RuleSet, row) -> str:
    """A counts row as hand text, suit by suit."""
    text = ""
    for letter in dict.fromkeys(code[-1] for code in rules.tiles):
        ranks = "".join(
            code[:-1] * int(count)
            for code, count in zip(rules.tiles, row)
            if code[-1] == letter
        )
        if ranks:
            text += ranks + letter
    return text


@pytest.mark.parametrize("name", ["riichi", "laizi", "mcr"])
def test_advise_equals_batch(name):
    rules = meldgraph.RuleSet.builtin(name)
    hands = dumped_hands(name, "shanten", hand_count(rules, 6), seed=9)
    for hand, answer in zip(hands, batch(name, "advise", hands)):
        assert rules.advise(hand).to_dict() == answer
