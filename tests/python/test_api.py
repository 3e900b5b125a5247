"""The module's calls one by one: loading, the rule set's facts, the answers to one hand."""

import pathlib

import meldgraph
import pytest

from conftest import ROOT, cli


def test_version_is_the_projects():
    assert meldgraph.__version__ == cli("--version").split()[-1]


def test_builtin_names_are_the_commands_list():
    listed = [line.split("\t")[0].split()[0] for line in cli("rules", "list").splitlines()]
    assert meldgraph.RuleSet.builtin_names() == listed


def test_load_builtin_file_and_yaml_agree(riichi):
    from_file = meldgraph.RuleSet.load(ROOT / "rules" / "riichi.yaml")
    from_text = meldgraph.RuleSet.from_yaml(riichi.dump())
    assert riichi.name == from_file.name == from_text.name == "riichi"
    # The same rules; the dumps' first line names where each was loaded from.
    def body(text):
        return text.split("\n", 1)[1]

    assert body(from_text.dump()) == body(riichi.dump()) == body(from_file.dump())


def test_dump_is_the_commands(riichi):
    assert riichi.dump() == cli("rules", "dump", "riichi")


def test_facts(riichi):
    assert riichi.hand_tiles == 14 and riichi.players == 4
    assert riichi.tiles[:9] == [f"{rank}m" for rank in range(1, 10)]
    assert riichi.tiles[-7:] == [f"{rank}z" for rank in range(1, 8)]
    assert riichi.count_columns == riichi.tiles and len(riichi.tiles) == 34
    assert riichi.unit == "han"
    assert "riichi" in riichi.pattern_ids and "toitoi" in riichi.pattern_ids
    laizi = meldgraph.RuleSet.builtin("laizi")
    assert laizi.count_columns == laizi.tiles + ["*"]


def test_analyze_a_known_hand(riichi):
    # Closed pinfu-shaped hand won on a discard with riichi: riichi, pinfu, and tanyao.
    result = riichi.analyze("234m567m234p66s78s+9s", win="discard", from_="left", riichi=True)
    assert result.wins and result.forms == ["standard"]
    assert result.best is not None and result.best.best
    ids = {pattern.id for pattern in result.best.patterns}
    assert {"riichi", "pinfu"} <= ids
    assert result.best.units == sum(p.value * p.times for p in result.best.patterns)
    assert result.best.fu == 30 and result.best.unit == "han"
    # East (the dealer) wins 2 han 30 fu on South's discard (on the left): 2,900 from South.
    assert result.best.points == 2900 and result.best.payments["N"] == -2900
    assert sum(result.best.payments.values()) == 0 and max(result.best.payments.values()) > 0
    assert result.interpretation_count == len(result.interpretations) >= 1
    group = result.interpretations[0].groups[0]
    assert group.kind in {"chow", "pung", "pair", "kong"} and group.tiles
    assert result.context["win"] == "discard" and result.context["riichi"] is True
    assert result.to_dict()["hand"] == result.hand


def test_analyze_reports_wildcard_stand_ins():
    laizi = meldgraph.RuleSet.builtin("laizi")
    result = laizi.analyze("123m456p789s11z2z**")
    assert result.wins
    wild_groups = [g for i in result.interpretations for g in i.groups if any(g.wild)]
    assert wild_groups
    for group in wild_groups:
        assert len(group.stand_ins) == sum(group.wild) and set(group.stand_ins) <= set(laizi.tiles)


def test_analyze_without_situation_has_no_context(riichi):
    assert riichi.analyze("123m456p789s11z22z+2z").context is None


def test_from_is_spelled_from_underscore(riichi):
    result = riichi.analyze("123m456p789s11z22z+2z", win="discard", from_="left")
    assert result.context["from"] == "left"


def test_waits_shanten_explain(riichi):
    waits = riichi.waits("123m456p789s1122z")
    assert sorted(w["tile"] for w in waits.waits) == ["1z", "2z"]
    assert waits.remaining_total == 4
    shanten = riichi.shanten("123m456p789s1122z")
    assert shanten.shanten == 0 and shanten["shanten_by_form"]["standard"] == 0
    seen = riichi.waits("123m456p789s1122z", visible="1z1z")
    assert seen.remaining_total == 2
    explained = riichi.explain("123m456p789s11z22z+2z", win="discard")
    patterns = explained.explained[0]["patterns"]
    assert [p["id"] for p in patterns] == riichi.pattern_ids
    assert all(isinstance(p["why"], str) for p in patterns)


def test_answers_are_plain_dicts(riichi):
    answer = riichi.shanten("123m456p789s1122z")
    assert isinstance(answer.to_dict(), dict) and answer.to_dict() == dict(answer)
    with pytest.raises(AttributeError):
        answer.no_such_field


def test_help_describes_the_calls():
    text = meldgraph.RuleSet.__doc__ + (meldgraph.RuleSet.analyze.__doc__ or "")
    assert "situation" in text.lower()
    import pydoc

    rendered = pydoc.render_doc(meldgraph.RuleSet, renderer=pydoc.plaintext)
    for name in ("analyze", "score_many", "shanten_many", "win_many", "waits", "explain"):
        assert name in rendered


def test_score_many_columns_match_analyze(riichi):
    hands = ["123m456p789s11z22z+2z", "234m567m234p66s78s+9s", "19m19p19s1234567z+1z"]
    columns = riichi.score_many(hands)
    for i, hand in enumerate(hands):
        best = riichi.analyze(hand).best
        assert columns.wins[i] == riichi.analyze(hand).wins
        assert columns.points[i] == best.points and columns.units[i] == best.units
        assert columns.fu[i] == best.fu and columns.yakuman[i] == best.yakuman
        counted = {riichi.pattern_ids[j] for j in columns.patterns[i].nonzero()[0]}
        assert counted == {p.id for p in best.patterns}
    assert columns.errors == [None, None, None]
    assert columns.patterns.shape == (3, len(riichi.pattern_ids))
    frame = columns.frame()
    assert list(frame["points"]) == list(columns.points)


def test_score_many_reads_dicts_and_json_lines(riichi):
    item = {"hand": "123m456p789s11z22z+2z", "win": "discard", "seat_wind": "S"}
    import json

    by_dict = riichi.score_many([item])
    by_line = riichi.score_many([json.dumps(item)])
    by_analyze = riichi.analyze(item["hand"], win="discard", seat_wind="S")
    assert by_dict.points[0] == by_line.points[0] == by_analyze.best.points


def test_shanten_many_and_win_many(riichi):
    hands = ["123m456p789s1122z", "123m456p789s11z22z2z", "1359m1359p1359s1z", "19m19p19s1234567z"]
    counts = riichi.tile_counts(hands)
    assert counts.dtype.name == "uint8" and counts.shape == (4, 34)
    shanten = riichi.shanten_many(counts)
    assert list(shanten) == [riichi.shanten(hand).shanten for hand in hands]
    complete = riichi.tile_counts(["123m456p789s11z222z", "123m456p789s11z223z"])
    assert list(riichi.win_many(complete)) == [True, False]


def test_advise(riichi):
    # 123m 456p 789s 11z 55z and 3p, seat South: discarding 3p (or 6p) leaves the shanpon wait on
    # 1z and 5z, each worth 1,300 by discard and 2,700 by self-draw (tests/cli/test_advise.cpp
    # works them out); one 1z seen leaves one copy of it.
    advice = riichi.advise("123m456p789s1155z3p", seat_wind="S", visible="1z")
    assert advice.shanten == 0
    best = advice.discards[0]
    assert best["discard"] == "3p" and best["shanten"] == 0
    assert best["waits"] == [
        {"tile": "1z", "left": 1, "ron": 1300, "tsumo": 2700},
        {"tile": "5z", "left": 2, "ron": 1300, "tsumo": 2700},
    ]
    assert best["wait_value"] == 3 * 1300
    # The second step is worked out for the discards of the lowest shanten only.
    assert all(d["shanten"] == 1 and "second_step" not in d for d in advice.discards[2:])
    # Without the second step: the same discards in the same order, second_step left out.
    hand = "12m457p3399s1235z6s"
    full = riichi.advise(hand).discards
    first = riichi.advise(hand, second_step=False).discards
    assert any("second_step" in d for d in full)
    assert all("second_step" not in d for d in first)
    assert first == [{k: v for k, v in d.items() if k != "second_step"} for d in full]
    with pytest.raises(TypeError, match="second_step"):
        riichi.advise(hand, second_step="no")
    draws = riichi.advise("123m4567p789s115z")
    assert draws.draws[0]["shanten"] == 0 and draws.draws[0]["left"] > 0
    with pytest.raises(meldgraph.Error, match="3n\\+2"):
        riichi.advise("123m456p789s")
