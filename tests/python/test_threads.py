"""Threads: the batch calls give the same columns on any number of threads, and RuleSet calls
made from several Python threads at once give each its own answer."""

from concurrent.futures import ThreadPoolExecutor

import meldgraph
import numpy

from conftest import dumped_hands


def test_score_many_same_on_four_threads(riichi):
    lines = dumped_hands("riichi", "score", 2000, seed=21)
    one = riichi.score_many(lines, jobs=1)
    four = riichi.score_many(lines, jobs=4)
    every = riichi.score_many(lines, jobs=None)
    for key in ("wins", "points", "units", "fu", "yakuman", "patterns"):
        assert numpy.array_equal(one[key], four[key]) and numpy.array_equal(one[key], every[key])
    assert one.errors == four.errors == every.errors


def test_score_many_with_wildcards_same_on_four_threads():
    laizi = meldgraph.RuleSet.builtin("laizi")
    lines = dumped_hands("laizi", "score", 120, seed=2)
    one = laizi.score_many(lines, jobs=1)
    four = laizi.score_many(lines, jobs=4)
    for key in ("wins", "points", "units", "patterns"):
        assert numpy.array_equal(one[key], four[key])


def test_counts_calls_same_on_four_threads(riichi):
    generator = numpy.random.default_rng(3)
    rows = numpy.zeros((20000, 34), dtype=numpy.uint8)
    for i in range(rows.shape[0]):
        for kind in generator.choice(136, size=13 + i % 2, replace=False) // 4:
            rows[i, kind] += 1
    assert numpy.array_equal(riichi.shanten_many(rows), riichi.shanten_many(rows, jobs=4))
    complete = rows[1::2]
    assert numpy.array_equal(riichi.win_many(complete), riichi.win_many(complete, jobs=4))


def test_calls_from_python_threads(riichi):
    lines = dumped_hands("riichi", "score", 40, seed=4)
    hands = [line for line in lines]
    expected = [riichi.score_many([line]).points[0] for line in hands]

    def points(line):
        return riichi.score_many([line]).points[0]

    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(points, hands * 3)) == expected * 3
