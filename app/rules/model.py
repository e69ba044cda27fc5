"""Rule sets as data: set types, pack, going-out requirement, meld table, winning rule."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Mapping

#: Cards in a completed set: canastas at least, sambas, sequences and wild sets exactly (bolivia.txt "Sets").
SET_SIZE = 7

#: Card points common to all rule sets (common to all rule sets).
CARD_POINTS = MappingProxyType({
    "JK": 50, "2": 20, "A": 20,
    "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
    "7": 5, "6": 5, "5": 5, "4": 5, "3": 5,
})


class UnmeldedRedThrees(StrEnum):
    """What red 3s on the table count for a team that has not melded."""

    NEGATIVE = "negative"           # against the team
    POSITIVE = "positive"           # for it, as for any team


class BlackThreeMelding(StrEnum):
    """Whether and how the team going out may meld black 3s."""

    NEVER = "never"
    CARD_VALUE = "card_value"       # for their card points, as three or four of a kind
    TREY_TABLE = "trey_table"       # for the points of the rule set's table of black 3s


class Winning(StrEnum):
    """How a game is won once a team's total reaches the winning score."""

    HIGHER_ONCE_REACHED = "higher_once_reached"   # the higher total wins; equal totals at the top play on
    GOING_OUT_TEAM = "going_out_team"             # only the team that went out can win


@dataclass(frozen=True)
class SetType:
    """One kind of completed set, its bonus and what it must be made of."""

    id: str
    name: str
    bonus: int
    description: str
    shape: str                  # "group" (one rank), "sequence" (one suit) or "wild"
    colour: str                 # "red" (no wild card) or "black" (has wild cards), for requirements
    min_points: int             # the smallest card-point total such a set can have
    min_wild: int = 0           # wild cards it must contain
    max_wild: int = 0           # wild cards it may contain
    min_twos: int = 0           # 2s it must contain
    min_jokers: int = 0         # jokers it must contain
    min_cards: int = SET_SIZE
    max_cards: int | None = SET_SIZE   # None: a group may grow past seven natural cards
    min_natural: int = 0
    wild_mixes: tuple[tuple[int, int], ...] | None = None   # exact (2s, jokers) mixes, None: any
    rare: bool = False          # seldom made: the hand form keeps it behind "more sets"


# Alike in shape only to setcheck.Card (a frozen pair of fields with derived properties).
@dataclass(frozen=True)
class Pack:
    """What the pack holds: packs of 52, jokers, and so red 3s, black 3s and twos."""

    packs: int
    jokers: int

    @property
    def red_threes(self) -> int:
        """Red 3s in the pack: two per pack."""
        return 2 * self.packs

    @property
    def black_threes(self) -> int:
        """Black 3s in the pack: two per pack."""
        return 2 * self.packs

    @property
    def twos(self) -> int:
        """Twos in the pack: four per pack."""
        return 4 * self.packs

    @property
    def card_points(self) -> int:
        """Card points of the whole pack but the 3s: 480 a pack (A, K-4, 2s) and 50 a joker."""
        return 480 * self.packs + 50 * self.jokers

    @property
    def wild_cards(self) -> int:
        """Twos and jokers together."""
        return self.twos + self.jokers


@dataclass(frozen=True)
class Requirement:
    """Sets a team needs to go out: one distinct set for each slot."""

    slots: tuple[frozenset[str], ...]
    words: str                  # "a Samba and one more Set"

    def __post_init__(self):
        object.__setattr__(self, "slots", tuple(frozenset(s) for s in self.slots))


@dataclass(frozen=True)
class MeldStep:
    """From this progressive total upwards the initial meld needs this many card points."""

    from_total: int | None      # None: any negative total
    minimum: int


@dataclass(frozen=True)
class Variation:
    """A variation players agree before play, with its allowed values."""

    id: str
    name: str
    values: tuple[str, ...]
    default: str
    description: str
    solo_only: bool = False


@dataclass(frozen=True)
class RuleSet:
    """Everything the scorer needs to know about one rule set, with variations applied."""

    id: str
    name: str
    summary: str
    source: str
    target: int
    pack: Pack
    set_types: tuple[SetType, ...]
    requirement: Requirement
    going_out_bonus: int
    concealed_bonus: int
    red_three_table: tuple[int, ...]          # bonus by count of red 3s on the table
    unmelded_red_threes: UnmeldedRedThrees
    red_threes_need_going_out_sets: bool
    red_threes_in_hand_allowed: bool
    red_three_in_hand_points: int
    black_three_in_hand_points: int
    black_three_melding: BlackThreeMelding
    black_three_meld_counts: tuple[int, ...]  # how many black 3s the team going out may meld, besides none
    failed_go_out_points: int | None          # None: not a thing in this rule set
    meld_table: tuple[MeldStep, ...]
    winning: Winning
    variations: tuple[Variation, ...] = ()
    chosen: Mapping[str, str] = field(default_factory=dict)
    house_readings: tuple[str, ...] = ()
    team_sizes: tuple[int, ...] = (2, 3)
    sequence_span: tuple[str, str] = ("4", "A")   # lowest and highest rank a sequence may hold
    sequence_core: tuple[str, ...] = ()           # ranks every sequence must hold
    solo_players: tuple[int, ...] = ()
    threes: str = "3s"                            # what the players call their 3s: "3s", "treys" (bolivia-plus.txt)
    short_name: str = ""                          # the name in a sentence: "Bolivia Plus"; "" for `name`
    black_three_meld_words: str = ""              # how they go down when the counts say too little:
                                                  # "as three or four of a kind" (bolivia-hoyle-summary.txt)
    house_rules: str = ""                         # the club's house rules these are ("" for a seed rule set)

    def set_type(self, set_id: str) -> SetType:
        """The set type with this id; KeyError when the rule set has none."""
        for set_type in self.set_types:
            if set_type.id == set_id:
                return set_type
        raise KeyError(set_id)

    @property
    def set_ids(self) -> tuple[str, ...]:
        """Ids of this rule set's set types, in display order."""
        return tuple(s.id for s in self.set_types)

    def __post_init__(self):
        if not self.short_name:
            object.__setattr__(self, "short_name", self.name)

    @property
    def black_three_meld_range(self) -> tuple[int, int]:
        """The smallest and largest count of black 3s that may be melded; (0, 0) where none may."""
        counts = self.black_three_meld_counts
        return (min(counts), max(counts)) if counts else (0, 0)

    @property
    def black_three_meld_how(self) -> str:
        """How black 3s may be melded, for a sentence: 'as three or four of a kind', '3 to 8 at a time'."""
        if self.black_three_meld_words:
            return self.black_three_meld_words
        low, high = self.black_three_meld_range
        return f"{low} to {high} at a time"

    def variation(self, variation_id: str) -> Variation:
        """The variation with this id; KeyError when the rule set has none."""
        for variation in self.variations:
            if variation.id == variation_id:
                return variation
        raise KeyError(variation_id)
