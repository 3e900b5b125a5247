"""meldgraph.corpus: the same hands, columns and cells as `corpus deal` and `corpus enumerate`
write as CSV for the same options and seed."""

import csv
import io

import meldgraph
import meldgraph.corpus as corpus
import pytest

from conftest import cli


def cell_text(value) -> str:
    """A cell as the CSV writes it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rows_as_text(records: list) -> list:
    return [[cell_text(value) for value in record.values()] for record in records]


def csv_rows(text: str):
    rows = list(csv.reader(io.StringIO(text)))
    return rows[0], rows[1:]


@pytest.fixture
def without_pandas(monkeypatch):
    monkeypatch.setattr(corpus, "_pandas", lambda: None)


@pytest.mark.parametrize(
    "name, options, arguments",
    [
        ("riichi", dict(complete=True, context="random", label=["score"]),
         ["--complete", "--context", "random", "--label", "score"]),
        ("mcr", dict(complete=True, context="random", label=["win", "score"], jobs=2),
         ["--complete", "--context", "random", "--label", "win,score"]),
        ("guangdong_flowers", dict(label=["shanten"]), ["--label", "shanten"]),
        ("guangdong_indicator", dict(size=13, label=["waits", "shanten"]),
         ["--size", "13", "--label", "waits,shanten"]),
        ("laizi", dict(ready=True, max_wildcards=2, size=13, label="waits"),
         ["--ready", "--max-wildcards", "2", "--size", "13", "--label", "waits"]),
    ],
)
def test_deal_equals_the_commands_csv(without_pandas, name, options, arguments):
    rules = meldgraph.RuleSet.builtin(name)
    records = corpus.deal(rules, 150, seed=7, **options)
    header, rows = csv_rows(cli("--rules", name, "corpus", "deal", "--count", "150", "--seed",
                                "7", "--format", "csv", *arguments))
    assert list(records[0].keys()) == header
    assert rows_as_text(records) == rows


def test_enumerate_equals_the_commands_csv(without_pandas, riichi):
    records = corpus.enumerate(riichi, size=5, label=["win", "forms", "shanten"],
                               context="random", seed=3)
    header, rows = csv_rows(cli("--rules", "riichi", "corpus", "enumerate", "--size", "5",
                                "--format", "csv", "--label", "win,forms,shanten", "--context",
                                "random", "--seed", "3"))
    assert list(records[0].keys()) == header
    assert rows_as_text(records) == rows
    first = corpus.enumerate(riichi, size=5, label=None, limit=100)
    every = corpus.enumerate(riichi, size=5, label=None)
    assert len(first) == 100 and len(every) == len(rows) and first == every[:100]


def test_dataframe_has_the_csvs_columns(riichi):
    frame = corpus.deal(riichi, 200, seed=9, complete=True, context="random", label=["score"])
    header, rows = csv_rows(cli("--rules", "riichi", "corpus", "deal", "--count", "200",
                                "--seed", "9", "--complete", "--context", "random", "--label",
                                "score", "--format", "csv"))
    assert list(frame.columns) == header and len(frame) == len(rows)
    points = [int(row[header.index("score.points")]) for row in rows]
    assert list(frame["score.points"]) == points


def test_bad_options_are_the_commands_errors(riichi):
    with pytest.raises(meldgraph.Error, match="--label nothing: unknown label 'nothing'"):
        corpus.deal(riichi, 5, label=["nothing"])
    with pytest.raises(meldgraph.Error) as raised:
        corpus.deal(riichi, 5, size=15)
    assert str(raised.value).startswith("--size 15")
    with pytest.raises(meldgraph.Error, match="--label waits: needs hands of 3n\\+1 tiles"):
        corpus.deal(riichi, 5, label=["waits"])


def test_items_of_a_dealt_table_score_as_its_labels(riichi):
    table = corpus.deal(riichi, 300, seed=5, complete=True, context="random", label=["score"])
    columns = riichi.score_many(corpus.items(table))
    assert columns.errors == [None] * 300
    assert list(columns.points) == list(table["score.points"])
    assert list(columns.wins) == list(table["score.wins"])
