"""What players enter for a hand, what the engine answers, and the problems it finds."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .outcome import Outcome, decide_outcome

#: Whole-number fields of a team's entry, in the order a score sheet shows them.
COUNT_FIELDS = (
    "table_points", "hand_points", "red_threes", "red_threes_in_hand",
    "black_threes_in_hand", "black_threes_melded", "failed_go_outs",
)
#: Yes/no fields of a team's entry: whether it went out, and concealed.
FLAG_FIELDS = ("went_out", "concealed")
#: Every field of a team's entry, as the game store keeps it: the sets, the figures, the flags, and melded.
ENTRY_FIELDS = ("sets", *COUNT_FIELDS, *FLAG_FIELDS, "melded")


@dataclass(frozen=True)
class Problem:
    """Why an entry cannot stand: the field it concerns and a sentence for a player."""

    field: str | None
    message: str
    code: str = ""   # a stable key ("went_out.missing_sets") for tests, events and clients; never wording

    def as_dict(self) -> dict:
        """The error shape of the JSON API."""
        return {"field": self.field, "message": self.message}


@dataclass(frozen=True)
class TeamEntry:
    """One team's figures for one hand, exactly as entered at the table."""

    name: str = ""
    sets: Mapping[str, int] = field(default_factory=dict)
    table_points: int = 0
    hand_points: int = 0
    red_threes: int = 0
    red_threes_in_hand: int = 0
    black_threes_in_hand: int = 0
    black_threes_melded: int = 0
    went_out: bool = False
    concealed: bool = False
    melded: bool | None = None
    failed_go_outs: int = 0

    def __post_init__(self):
        object.__setattr__(self, "sets", MappingProxyType(dict(self.sets)))

    @property
    def has_sets(self) -> bool:
        """True when the team completed at least one set."""
        return any(self.sets.values())

    @property
    def has_melded(self) -> bool:
        """Melded as entered, or by default when the team has any set or table points."""
        if self.melded is not None:
            return self.melded
        return self.has_sets or self.table_points > 0

    def set_count(self, set_id: str) -> int:
        """How many completed sets of this type the team has (0 for a figure that is not a count)."""
        count = self.sets.get(set_id, 0)
        return count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else 0

    def as_dict(self) -> dict:
        """The entry as the JSON API and the database store it."""
        data = {"name": self.name, "sets": {k: v for k, v in self.sets.items() if v}}
        data.update({name: getattr(self, name) for name in COUNT_FIELDS})
        data.update(went_out=self.went_out, concealed=self.concealed)
        if self.melded is not None:
            data["melded"] = self.melded
        return data

    def __hash__(self):
        return hash((self.name, tuple(sorted(self.sets.items())), self.table_points,
                     self.hand_points, self.went_out))


@dataclass(frozen=True)
class BreakdownLine:
    """One labelled line of a team's hand score."""

    label: str
    points: int
    part: str  # "bonus" or "cards"
    kind: str = ""  # a stable key ("red_threes", "going_out_bonus", "sets.red_samba"); never wording

    def as_dict(self) -> dict:
        """As the JSON API shows it (kind: a stable key for scripts and CSV columns)."""
        return {"label": self.label, "points": self.points, "kind": self.kind}


# A frozen dataclass of named figures, like the sheet's rows: alike in shape only, each says its own thing.
@dataclass(frozen=True)
class TeamResult:
    """A team's score for one hand, with its breakdown and what follows from it."""

    name: str
    breakdown: tuple[BreakdownLine, ...]
    progressive_before: int
    next_initial_meld_minimum: int

    # Worked out once, when the result is made (a frozen result never changes): the sheet, the exports and the
    # totals read them for every hand of every game.
    bonus: int = field(init=False, compare=False, repr=False)          # sets, red 3s, going out (and melded
    cards: int = field(init=False, compare=False, repr=False)          # black treys); card points less those
    score: int = field(init=False, compare=False, repr=False)          # in hand and penalties; the hand score;
    progressive: int = field(init=False, compare=False, repr=False)    # the team's total after this hand

    def __post_init__(self):
        """The bonus (sets, red 3s, going out, bolivia_plus melded black treys), the cards (card points on the
        table less those in hand, 3s in hand, penalties), the hand score (bonus + cards) and the team's total
        after this hand."""
        bonus = cards = 0
        for line in self.breakdown:
            if line.part == "bonus":
                bonus += line.points
            elif line.part == "cards":
                cards += line.points
        for name, value in (("bonus", bonus), ("cards", cards), ("score", bonus + cards),
                            ("progressive", self.progressive_before + bonus + cards)):
            object.__setattr__(self, name, value)

    def as_dict(self) -> dict:
        """As `POST /api/v1/score` answers it."""
        return {
            "name": self.name, "bonus": self.bonus, "cards": self.cards,
            "score": self.score, "progressive": self.progressive,
            "next_initial_meld_minimum": self.next_initial_meld_minimum,
            "breakdown": [line.as_dict() for line in self.breakdown],
        }


@dataclass(frozen=True)
class HandResult:
    """Every team's result for one hand and its verdict: the winner the rule set's winning rule names (None: play on)."""

    ruleset_id: str
    target: int
    teams: tuple[TeamResult, ...]
    winner: int | None

    @property
    def verdict_named_winner(self) -> bool:
        """This hand's verdict by the rule set's winning rule named a winner. Only that: whether a game is over is
        its outcome's (`GameState.outcome`), which also weighs the game's format, the clock and its closing."""
        return self.winner is not None

    def outcome_to_target(self) -> Outcome:
        """The outcome of a game played to the winning score after this hand, as far as one hand tells it (what
        `POST /api/v1/score` knows: no format, no clock, no closing): won when the verdict named a winner."""
        return decide_outcome([tuple(team.progressive for team in self.teams)], [self.winner])

    def as_dict(self) -> dict:
        """As `POST /api/v1/score` answers it: `game_over` is the outcome's, for a game played to the winning score."""
        return {
            "ruleset": self.ruleset_id, "target": self.target,
            "teams": [team.as_dict() for team in self.teams],
            "winner": self.winner, "game_over": self.outcome_to_target().over,
        }
