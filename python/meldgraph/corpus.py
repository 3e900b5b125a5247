"""Corpora of hands, as `meldgraph corpus deal` and `corpus enumerate` make them: each hand with
its labels, in the columns the commands' CSV has (docs/corpus.md, "CSV"). A pandas DataFrame
when pandas is installed, else a list of dicts (one per hand, the same keys)."""

from typing import Iterable, Optional

from . import _meldgraph


def _pandas():
    """pandas, or None when it is not installed."""
    try:
        import pandas
    except ImportError:
        return None
    return pandas


def _table(columns, cells):
    pandas = _pandas()
    if pandas is None:
        return [dict(zip(columns, row)) for row in zip(*cells)]
    return pandas.DataFrame(dict(zip(columns, cells)), columns=columns)


def _labels(label) -> str:
    if label is None:
        return ""
    if isinstance(label, str):
        return label
    return ",".join(label)


def deal(
    rules,
    count: int,
    *,
    seed: int = 1,
    size: int = 0,
    shanten: Optional[int] = None,
    complete: bool = False,
    ready: bool = False,
    max_wildcards: Optional[int] = None,
    context: Optional[str] = None,
    label: Iterable[str] = (),
    budget_ms: int = 0,
    jobs: Optional[int] = 1,
):
    """`count` hands dealt from the wall (`corpus deal`): hand i depends only on the rule set,
    the options, `seed` and i. size: tiles a hand (0: the rule set's); shanten: only hands of
    that shanten; complete / ready: only complete or ready hands, with up to max_wildcards
    wildcards; context="random": a random situation per hand (complete hands); label: any of
    win, forms, waits, shanten, interpretations, score. jobs: threads (None or 0: all)."""
    columns, cells = _meldgraph.deal(
        rules._rules, count, seed, size, shanten, complete, ready, max_wildcards,
        context or "", _labels(label), budget_ms, 0 if jobs is None else jobs,
    )
    return _table(columns, cells)


def enumerate(
    rules,
    *,
    size: int = 0,
    wildcards: int = 0,
    label: Optional[Iterable[str]] = ("forms",),
    context: Optional[str] = None,
    seed: int = 1,
    limit: Optional[int] = None,
    budget_ms: int = 0,
    jobs: Optional[int] = 1,
):
    """Every complete hand of `size` concealed tiles (`corpus enumerate`; 0: the rule set's
    size), holding exactly `wildcards` wildcards, in canonical order; the first `limit` only
    when given (a 14-tile enumeration holds millions). label as deal's (default: forms);
    context="random": hand i's situation is the one `corpus enumerate --context random --seed
    SEED` gives it."""
    columns, cells = _meldgraph.enumerate(
        rules._rules, size, wildcards, _labels(label), context or "", seed, limit,
        budget_ms, 0 if jobs is None else jobs,
    )
    return _table(columns, cells)


def items(table) -> list:
    """The hands of a corpus table (deal's or enumerate's, a DataFrame or a list of dicts) as
    score_many's items: {"hand": ..., field: value} with the `context.*` columns as the
    situation's fields; empty cells (None, NaN) are left out, as a batch line leaves them."""
    records = table.to_dict("records") if hasattr(table, "to_dict") else list(table)
    prefix = "context."
    out = []
    for record in records:
        item = {"hand": record["hand"]}
        for name, value in record.items():
            if name.startswith(prefix) and value is not None and value == value:  # NaN != NaN
                item[name[len(prefix):]] = value
        out.append(item)
    return out
