"""RuleSet: a loaded rule set and the questions asked of hands under it."""

from typing import Iterable, Optional, Sequence, Union

from . import _meldgraph
from ._results import Analysis, Answer, ScoreColumns

# Keywords Python does not allow as argument names, and the context field each stands for.
_KEYWORD_FIELDS = {"from_": "from"}


def _situation(fields: dict) -> Optional[dict]:
    """The situation keywords as the context fields of a batch line (None: no situation)."""
    if not fields:
        return None
    return {_KEYWORD_FIELDS.get(name, name): value for name, value in fields.items()}


def _hand(hand, call: str) -> str:
    """The hand of a one-hand call, which must be text."""
    if not isinstance(hand, str):
        raise TypeError(
            f"{call}: the hand is a str in the command line's notation, such as "
            f"'123m456p789s11z22z+2z', not {type(hand).__name__}"
        )
    return hand


def _jobs(jobs: Optional[int]) -> int:
    return 0 if jobs is None else jobs


class RuleSet:
    """A rule set (built in, or a YAML rule file), and the questions asked of hands under it.

    Load with RuleSet.builtin("riichi"), RuleSet.load(path) or RuleSet.from_yaml(text).
    Hands are written as the command line reads them (docs/notation.md): "123m456p789s11z22z+2z".
    Situation keywords are the batch JSON fields (docs/cli.md, "Context fields"): win="discard",
    from_="left" (`from` is a Python keyword), seat_wind="S", round_wind="E", riichi=True,
    dora=["3p"], ura=[...], honba=1, ...
    """

    __slots__ = ("_rules",)

    def __init__(self, core: "_meldgraph.Rules"):
        self._rules = core

    # Loading.

    @classmethod
    def builtin(cls, name: str) -> "RuleSet":
        """A rule set shipped with meldgraph, by name (RuleSet.builtin_names() lists them)."""
        return cls(_meldgraph.Rules.builtin(name))

    @classmethod
    def load(cls, path: str) -> "RuleSet":
        """A rule file (YAML), or a built-in rule set's name, as `meldgraph --rules` reads it."""
        return cls(_meldgraph.Rules.load(str(path)))

    @classmethod
    def from_yaml(cls, text: str, origin: str = "<string>") -> "RuleSet":
        """A rule set from YAML text; errors name `origin`:line:column."""
        return cls(_meldgraph.Rules.from_yaml(text, origin))

    @staticmethod
    def builtin_names() -> list:
        """The names of the built-in rule sets."""
        return _meldgraph.Rules.builtin_names()

    # Facts.

    @property
    def name(self) -> str:
        return self._rules.name

    @property
    def description(self) -> str:
        return self._rules.description

    @property
    def hand_tiles(self) -> int:
        """Tiles of a complete hand (14 in most rule sets)."""
        return self._rules.hand_tiles

    @property
    def players(self) -> int:
        return self._rules.players

    @property
    def jokers(self) -> int:
        """Generic jokers `*` in the set (0: none)."""
        return self._rules.jokers

    @property
    def tiles(self) -> list:
        """The tile kinds' codes in the rule set's tile order: suits as declared, ranks
        ascending (1m..9m 1p..9p 1s..9s 1z..7z in riichi), bonus tiles (flowers) after them."""
        return self._rules.tiles

    @property
    def copies(self) -> list:
        """The copies of each tile kind in the set, in `tiles` order."""
        return self._rules.copies

    @property
    def count_columns(self) -> list:
        """The columns of a counts array (shanten_many, win_many, tile_counts): the tiles, then
        "*" (jokers) where the rule set has jokers."""
        return self._rules.count_columns

    @property
    def forms(self) -> list:
        """The names of the forms a hand may win in."""
        return self._rules.forms

    @property
    def pattern_ids(self) -> list:
        """The scoring patterns' ids, in the rule set's order (score_many's pattern columns);
        empty without a scoring section."""
        return self._rules.pattern_ids

    @property
    def unit(self) -> Optional[str]:
        """The name of the patterns' unit: han, fan, faan, tai, or pattern_points where the
        unit is points; None without a scoring section."""
        return self._rules.unit

    def dump(self) -> str:
        """The effective rules as YAML, `extends` resolved (`meldgraph rules dump`)."""
        return self._rules.dump()

    # One hand.

    def analyze(self, hand: str, *, limit: int = 1000, **situation) -> Analysis:
        """Everything about a complete hand under the situation: whether it wins, its forms, its
        interpretations, its scored readings and the best. `limit` bounds the interpretations
        and readings listed (0: all), as `batch --limit`."""
        parts = self._rules.analyze(_hand(hand, "analyze"), _situation(situation), limit)
        return Analysis(parts, self._rules.unit)

    def waits(self, hand: str, *, visible: Optional[str] = None) -> Answer:
        """The tiles that complete a hand one tile short (`batch --op waits`): waits (each tile,
        its forms, the copies remaining), remaining_total. `visible`: tiles seen elsewhere."""
        return Answer(self._rules.answer("waits", _hand(hand, "waits"), None, 1000, visible))

    def shanten(self, hand: str, *, visible: Optional[str] = None) -> Answer:
        """The fewest exchanges to ready (0) or complete (-1) (`batch --op shanten`): shanten,
        shanten_by_form, and for 3n+1 tiles the improving draws."""
        return Answer(self._rules.answer("shanten", _hand(hand, "shanten"), None, 1000, visible))

    def explain(self, hand: str, *, limit: int = 1000, **situation) -> Answer:
        """For each reading and each pattern, whether it counted and why (`batch --op explain`)."""
        hand = _hand(hand, "explain")
        return Answer(self._rules.answer("explain", hand, _situation(situation), limit, None))

    def advise(
        self, hand: str, *, visible: Optional[str] = None, second_step: bool = True, **situation
    ) -> Answer:
        """Which tile to discard (`batch --op advise`; docs/analysis.md, "Discard advice"):
        shanten, and for a hand of 3n+2 tiles its discards (for 3n+1 its draws) best first,
        each with its shanten, by_form, improving, improving_count, and when ready its waits
        (tile, left, ron, tsumo) and wait_value, else second_step. `visible`: tiles seen
        elsewhere; the situation's keywords value the waits. `second_step=False` leaves the
        second step out (`advise --no-second-step`: most of the advice's time)."""
        hand = _hand(hand, "advise")
        if not isinstance(second_step, bool):
            raise TypeError(f"advise: second_step is True or False, not {second_step!r}")
        return Answer(
            self._rules.answer("advise", hand, _situation(situation), 1000, visible, second_step)
        )

    # Many hands.

    def score_many(
        self, items: Iterable[Union[str, dict]], *, jobs: Optional[int] = 1
    ) -> ScoreColumns:
        """Scores many complete hands into columns. Each item is what a `batch` line holds: a
        hand string, a JSON line of a hand and its situation, or a dict {"hand": ..., field:
        value, ...}. A bad item is reported in `errors` (its row's values are 0), never raised.
        `jobs`: threads (None or 0: the machine's); the GIL is released meanwhile."""
        return ScoreColumns(self._rules.score_many(items, _jobs(jobs)))

    def shanten_many(self, counts, *, jobs: Optional[int] = 1):
        """The shanten of each row of `counts`, an (N, len(count_columns)) uint8 array of tile
        counts (a concealed hand of 3n+1 or 3n+2 tiles a row), as an int8 array. A bad row
        raises Error naming it (`row`)."""
        return self._rules.shanten_many(counts, _jobs(jobs))

    def win_many(self, counts, *, jobs: Optional[int] = 1):
        """Whether each row of `counts` (as shanten_many, 3n+2 tiles a row) is a complete hand,
        as a bool array. A bad row raises Error naming it (`row`)."""
        return self._rules.win_many(counts, _jobs(jobs))

    def tile_counts(self, hands: Sequence[str]):
        """Concealed hands as a counts array (rows as shanten_many reads them)."""
        return self._rules.tile_counts(list(hands))

    def __repr__(self) -> str:
        return f"<meldgraph.RuleSet {self.name!r}: {self.description}>"
