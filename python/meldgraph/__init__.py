"""meldgraph: mahjong hands analysed under rules written in YAML.

    import meldgraph
    rules = meldgraph.RuleSet.builtin("riichi")
    result = rules.analyze("234m567p345s11z22z+2z", win="discard", riichi=True)
    result.best.points, [p.id for p in result.best.patterns]

RuleSet loads rule sets and answers hands, one at a time (analyze, waits, shanten, explain) or
many at once into NumPy columns (score_many, shanten_many, win_many); meldgraph.corpus deals and
enumerates hands. Bad input raises meldgraph.Error, a ValueError. docs/python.md has the whole
reference and a walk-through.
"""

from ._meldgraph import (
    AnalysisError,
    ContextError,
    Error,
    NotationError,
    RuleError,
    __version__,
)
from ._results import Analysis, Answer, Group, Interpretation, Pattern, Reading, ScoreColumns
from ._rules import RuleSet
from . import corpus

__all__ = [
    "RuleSet",
    "Analysis",
    "Answer",
    "Interpretation",
    "Group",
    "Reading",
    "Pattern",
    "ScoreColumns",
    "Error",
    "RuleError",
    "NotationError",
    "ContextError",
    "AnalysisError",
    "corpus",
    "__version__",
]
