"""The answers RuleSet's calls return: plain values built from the JSON `batch` writes."""

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple


class Answer(dict):
    """A batch answer line as a dict (the same keys and values `meldgraph batch` writes), whose
    keys are also attributes: ``rules.shanten(hand).shanten``."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def to_dict(self) -> dict:
        """A plain dict of the answer."""
        return dict(self)


class ScoreColumns(Answer):
    """score_many's result, column by column (NumPy arrays of one row per item):
    wins (bool), points (int64), units (int32: han, fan, faan or tai), fu, yakuman (int32),
    readings (int64: the readings scored, as the batch line's `readings`), patterns (uint8,
    one column per id of pattern_ids: 1 where the best reading counts it),
    pattern_ids (list of str) and errors (per item None, or the error's message)."""

    def frame(self):
        """The scalar columns and one column per pattern id as a pandas DataFrame (pandas is
        needed), with an `error` column."""
        import pandas

        table = pandas.DataFrame(
            {name: self[name] for name in ("wins", "points", "units", "fu", "yakuman", "readings")}
        )
        patterns = pandas.DataFrame(self["patterns"], columns=self["pattern_ids"])
        table = pandas.concat([table, patterns], axis=1)
        table["error"] = self["errors"]
        return table


@dataclass(frozen=True)
class Group:
    """One group of an interpretation: its kind (chow, pung, kong, pair, ...), its text, the tile
    each slot holds or stands for (`tiles`), which slots hold a wildcard (`wild`), and the
    wildcards' stand-ins (`stand_ins`, the tiles the wildcards stand for). An abstract group
    (wildcards only, not yet given a meaning) has no tiles."""

    kind: str
    text: str
    tiles: Tuple[str, ...]
    wild: Tuple[bool, ...]
    wildcards: int

    @property
    def stand_ins(self) -> Tuple[str, ...]:
        return tuple(tile for tile, wild in zip(self.tiles, self.wild) if wild)

    @classmethod
    def _from_json(cls, group: dict) -> "Group":
        return cls(
            kind=group["kind"],
            text=group["text"],
            tiles=tuple(group.get("tiles", ())),
            wild=tuple(group.get("wild", ())),
            wildcards=group.get("wildcards", 0),
        )


@dataclass(frozen=True)
class Interpretation:
    """One way the hand splits into groups under a form."""

    form: str
    text: str
    groups: Tuple[Group, ...]
    wildcards: int

    @classmethod
    def _from_json(cls, listed: dict) -> "Interpretation":
        return cls(
            form=listed["form"],
            text=listed["text"],
            groups=tuple(Group._from_json(group) for group in listed["groups"]),
            wildcards=listed.get("wildcards", 0),
        )


@dataclass(frozen=True)
class Pattern:
    """A pattern that counted for a reading: its id, the name the rule set shows, its English
    name, its value in the rule set's unit (0 for a limit pattern), its limit multiplicity and
    how often it counted."""

    id: str
    name: str
    name_en: str
    value: int
    yakuman: int
    times: int
    local_name: Optional[str] = None

    @classmethod
    def _from_json(cls, pattern: dict, unit: str) -> "Pattern":
        return cls(
            id=pattern["id"],
            name=pattern["name"],
            name_en=pattern["name_en"],
            value=pattern[unit],
            yakuman=pattern.get("yakuman", 0),
            times=pattern.get("times", 1),
            local_name=pattern.get("local_name"),
        )


@dataclass(frozen=True)
class Reading:
    """One scored reading of a hand: its interpretation (index, form, text), whether it wins,
    its points, its units (`unit` names them: han, fan, faan, tai or pattern_points), fu, the
    patterns that counted, the payments by seat (E S W N) and whether it is the hand's best."""

    interpretation: int
    form: str
    text: str
    wins: bool
    no_win_reason: Optional[str]
    points: int
    units: int
    unit: str
    fu: int
    dora: int
    ura: int
    red: int
    yakuman: int
    limit: str
    patterns: Tuple[Pattern, ...]
    payments: Dict[str, int]
    best: bool
    fu_parts: Tuple[dict, ...] = field(default=(), repr=False)

    @classmethod
    def _from_json(cls, entry: dict, unit: str, best: bool) -> "Reading":
        return cls(
            interpretation=entry.get("interpretation", -1),
            form=entry.get("form", ""),
            text=entry.get("text", ""),
            wins=entry["wins"],
            no_win_reason=entry.get("no_win_reason"),
            points=entry["points"],
            units=entry[unit],
            unit=unit,
            fu=entry["fu"],
            dora=entry["dora"],
            ura=entry["ura"],
            red=entry["red"],
            yakuman=entry["yakuman"],
            limit=entry["limit"],
            patterns=tuple(Pattern._from_json(p, unit) for p in entry["patterns"]),
            payments=dict(entry["payments"]),
            best=best,
            fu_parts=tuple(entry.get("fu_parts", ())),
        )


class Analysis:
    """Everything RuleSet.analyze found about one complete hand.

    hand, rules, context: the hand as read (normalised), the rule set's name, the situation
    (a dict of every field, or None when none was given); wins (the best reading wins) and
    no_win_reason; forms: the forms the hand is complete in; interpretations: its ways into
    groups (the first `limit`), interpretation_count: all of them; readings: its scored readings
    (the first `limit`), best: the best reading (None without one), tied: the indices of the
    readings tied with it. to_dict() is the line `meldgraph batch --op score` writes."""

    def __init__(self, parts: dict, unit: Optional[str]):
        line = parts["line"]
        self._line = line
        self.hand: str = line["hand"]
        self.rules: str = line["rules"]
        self.context: Optional[dict] = line.get("context")
        self.forms: List[str] = parts["forms"]
        found = parts["interpretations"]
        self.interpretations: List[Interpretation] = [
            Interpretation._from_json(listed) for listed in found["interpretations"]
        ]
        self.interpretation_count: int = found["count"]
        self.readings: List[Reading] = []
        self.best: Optional[Reading] = None
        self.tied: List[int] = []
        if unit is None:  # a rule set without a scoring section: shapes only
            self.wins: bool = bool(self.forms)
            self.no_win_reason: Optional[str] = None if self.wins else "no interpretation"
            return
        self.wins = line["wins"]
        self.no_win_reason = line.get("no_win_reason")
        best = line["best"]
        self.tied = list(line["tied"])
        self.readings = [
            Reading._from_json(entry, unit, entry["best"]) for entry in line["interpretations"]
        ]
        if 0 <= best < len(self.readings):
            self.best = self.readings[best]
        elif best >= 0:  # past the listed ones: its value fields are the line's own
            self.best = Reading._from_json(dict(line, interpretation=best), unit, True)

    def to_dict(self) -> dict:
        """The answer line `meldgraph batch --op score` writes for this hand and situation."""
        return self._line

    def __repr__(self) -> str:
        best = self.best
        scored = f", points={best.points}, {best.unit}={best.units}" if best else ""
        return f"<Analysis {self.hand} under {self.rules}: wins={self.wins}{scored}>"
