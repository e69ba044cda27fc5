"""Pieces several rule sets share: the meld table and the common set shapes."""
from __future__ import annotations

from .model import MeldStep, SetType

#: Initial-meld minimum by progressive total (bolivia.txt "Initial Meld Points").
STANDARD_MELD_TABLE = (
    MeldStep(None, 15), MeldStep(0, 50), MeldStep(1500, 90),
    MeldStep(3000, 120), MeldStep(7000, 150),
)

#: Smallest card points: seven 4s (35); six 4-7s and a 2 (50); 4 to 10 (50).
SEVEN_LOW_NATURALS = 35
SIX_LOW_NATURALS_AND_A_TWO = 50
LOWEST_SEQUENCE = 50
SEVEN_TWOS = 140
SIX_TWOS_AND_A_JOKER = 170


def natural_group(id: str, name: str, bonus: int, description: str) -> SetType:
    """Seven or more natural cards of one rank."""
    return SetType(id, name, bonus, description, "group", "red", SEVEN_LOW_NATURALS,
                   max_cards=None, min_natural=7)


def mixed_group(id: str, name: str, bonus: int, description: str, *,
                max_wild: int, min_natural: int, max_cards: int | None = None) -> SetType:
    """Seven or more cards of one rank with one or more wild cards."""
    return SetType(id, name, bonus, description, "group", "black", SIX_LOW_NATURALS_AND_A_TWO,
                   min_wild=1, max_wild=max_wild, max_cards=max_cards, min_natural=min_natural)


def natural_sequence(id: str, name: str, bonus: int, description: str) -> SetType:
    """Exactly seven natural cards of one suit in sequence."""
    return SetType(id, name, bonus, description, "sequence", "red", LOWEST_SEQUENCE,
                   min_natural=7)


def wild_set(id: str, name: str, bonus: int, description: str, *, colour: str = "black",
             min_twos: int = 0, min_jokers: int = 0, min_points: int = SEVEN_TWOS,
             mixes: tuple[tuple[int, int], ...] | None = None, rare: bool = False) -> SetType:
    """Exactly seven wild cards; `mixes` lists the exact (2s, jokers) mixes when only some count."""
    return SetType(id, name, bonus, description, "wild", colour, min_points,
                   min_wild=7, max_wild=7, min_twos=min_twos, min_jokers=min_jokers, wild_mixes=mixes,
                   rare=rare)
