"""Bad input raises meldgraph.Error (a ValueError) with the command line's message and place;
a bad item of score_many is reported in its row, a bad row of a counts array raises naming it."""

import json

import meldgraph
import numpy
import pytest

from conftest import batch, cli_failure

HAND = "123m456p789s11z22z+2z"


def test_error_is_a_value_error():
    assert issubclass(meldgraph.Error, ValueError)
    for kind in (meldgraph.NotationError, meldgraph.ContextError, meldgraph.RuleError,
                 meldgraph.AnalysisError):
        assert issubclass(kind, meldgraph.Error)


def test_bad_hand_names_its_column_as_batch_does(riichi):
    bad = "123m456p789s11z22q"
    with pytest.raises(meldgraph.NotationError) as raised:
        riichi.analyze(bad)
    (answer,) = batch("riichi", "score", [bad])
    assert str(raised.value) == answer["error"]
    assert raised.value.column == 18 and "column 18" in str(raised.value)
    assert raised.value.field is None


@pytest.mark.parametrize(
    "situation, field",
    [({"seat_wind": "X"}, "seat_wind"), ({"dora": 5}, "dora"), ({"riichi": 1}, "riichi"),
     ({"honba": -1}, "honba"), ({"colour": "red"}, "colour"),
     ({"riichi": True, "win": "discard", "from": "nowhere"}, "from")],
)
def test_bad_situation_names_its_field_as_batch_does(riichi, situation, field):
    with pytest.raises(meldgraph.ContextError) as raised:
        riichi.analyze(HAND, **situation)
    (answer,) = batch("riichi", "score", [json.dumps(dict(situation, hand=HAND))])
    assert str(raised.value) == answer["error"]
    assert raised.value.field == field


def test_situation_that_contradicts_the_hand(riichi):
    with pytest.raises(meldgraph.ContextError) as raised:
        riichi.analyze("123m456p789s[111z]2z+2z", riichi=True)
    assert raised.value.field == "riichi"


def test_hand_of_the_wrong_size(riichi):
    with pytest.raises(meldgraph.AnalysisError) as raised:
        riichi.analyze("123m456p789s11z2z")
    (answer,) = batch("riichi", "score", ["123m456p789s11z2z"])
    assert str(raised.value) == answer["error"]


def test_bad_rule_file_names_line_and_column(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: basic\nname: bad\nhand:\n  sise: 14\n")
    with pytest.raises(meldgraph.RuleError) as raised:
        meldgraph.RuleSet.load(path)
    message = cli_failure("rules", "check", str(path))
    assert message.strip() == f"meldgraph: error: {raised.value}"
    assert f"{path}:4:3" in str(raised.value)
    with pytest.raises(meldgraph.RuleError) as from_text:
        meldgraph.RuleSet.from_yaml(path.read_text(), origin="inline")
    assert "inline:4:3" in str(from_text.value)
    with pytest.raises(meldgraph.RuleError, match=r"<string>:\d+:\d+"):
        meldgraph.RuleSet.from_yaml("name: [unclosed\n")


def test_unknown_builtin_rule_set():
    with pytest.raises(meldgraph.Error, match="no built-in rule set 'nope'; they are .*riichi"):
        meldgraph.RuleSet.builtin("nope")


def test_bad_items_of_score_many_are_reported_in_their_rows(riichi):
    items = [
        HAND,
        "123m456p789s11z22q",
        5,
        {"hand": 3},
        {"win": "discard"},
        {"hand": HAND, "dora": {"3p"}},
        json.dumps({"hand": HAND, "seat_wind": "X"}),
        "{not json",
        {"win": "nope", "seat_wind": "X", "dora": 3, "hand": HAND},
        HAND,
    ]
    columns = riichi.score_many(items, jobs=2)
    errors = columns.errors
    assert errors[0] is None and errors[-1] is None
    assert columns.points[0] == columns.points[-1] > 0
    for row in range(1, len(items) - 1):
        assert errors[row] is not None and columns.points[row] == 0 and not columns.wins[row]
    lines = [items[1], json.dumps(items[3]), json.dumps(items[4]), items[6], items[7],
             json.dumps(items[8])]
    expected = [answer["error"] for answer in batch("riichi", "score", lines)]
    # Of several bad fields, a dict's error names the one a line's names (the first by key).
    assert "'dora'" in expected[-1]
    assert [errors[1], errors[3], errors[4], errors[6], errors[7], errors[8]] == expected
    assert "expected a hand (str) or a dict" in errors[2] and "int" in errors[2]
    assert "field 'dora'" in errors[5] and "set" in errors[5]


def test_bad_counts_arrays(riichi):
    good = riichi.tile_counts(["123m456p789s1122z"])
    with pytest.raises(meldgraph.Error, match=r"\(N, 34\) array of uint8.*not an array of float64"):
        riichi.shanten_many(good.astype(float))
    with pytest.raises(meldgraph.Error, match=r"not one of shape \(1, 33\)"):
        riichi.shanten_many(good[:, :33])
    with pytest.raises(meldgraph.Error, match="not a list"):
        riichi.shanten_many([[1, 2, 3]])
    rows = numpy.repeat(good, 5, axis=0)
    rows[3, 0] = 5
    rows[4, 1] = 9
    with pytest.raises(meldgraph.Error) as raised:
        riichi.shanten_many(rows, jobs=2)
    assert raised.value.row == 3
    assert str(raised.value) == "row 3: 5 copies of 1m: the set has only 4"
    empty = numpy.zeros((2, 34), dtype=numpy.uint8)
    with pytest.raises(meldgraph.Error, match="row 0: empty hand"):
        riichi.shanten_many(empty)
    with pytest.raises(meldgraph.Error, match="row 0: .*tiles") as raised:
        riichi.win_many(good)  # 13 tiles: not complete
    assert raised.value.row == 0
    with pytest.raises(meldgraph.Error, match="row 1: .*column"):
        riichi.tile_counts(["123m", "12x"])
    assert riichi.shanten_many(numpy.zeros((0, 34), dtype=numpy.uint8)).shape == (0,)


def test_non_contiguous_counts_are_read(riichi):
    counts = riichi.tile_counts(["123m456p789s1122z", "1359m1359p1359s1z"])
    wide = numpy.zeros((2, 68), dtype=numpy.uint8)
    wide[:, ::2] = counts
    assert list(riichi.shanten_many(wide[:, ::2])) == list(riichi.shanten_many(counts))


def test_a_wrong_call_says_what_it_takes(riichi):
    with pytest.raises(TypeError, match="analyze"):
        riichi.analyze()
    with pytest.raises(TypeError, match="analyze: the hand is a str .* not int"):
        riichi.analyze(123)
    with pytest.raises(meldgraph.ContextError, match="unknown field; the fields are hand, win"):
        riichi.analyze(HAND, wind="S")
