"""Sambola (Jonola Canasta with sambas, David Mallen 2011), as the club's rule document `sambola` has it."""
from __future__ import annotations

from dataclasses import replace

from .set_shapes import LOWEST_SEQUENCE, STANDARD_MELD_TABLE, mixed_group, natural_group, natural_sequence
from .model import BlackThreeMelding, Pack, Requirement, RuleSet, SetType, UnmeldedRedThrees, Variation, Winning

RED_SETS = {"red_canasta", "red_samba"}
BLACK_SETS = {"black_canasta", "black_samba"}

#: Going-out requirement for each value of the `solo_go_out` variation (sambola.txt "2- & 3-Player Games").
REQUIREMENTS = {
    "standard": Requirement((RED_SETS, RED_SETS, BLACK_SETS),
                            "two red sets (red canastas or red sambas) and one black set (black canasta or black samba)"),
    "three_sets": Requirement((RED_SETS, BLACK_SETS, BLACK_SETS),
                              "one red set and two black sets (canastas or sambas)"),
    "two_sets": Requirement((RED_SETS, BLACK_SETS),
                            "one red set and one black set (canastas or sambas)"),
}

#: Samba bonuses for the `samba_bonus` variation: (red samba, black samba).
SAMBA_BONUSES = {"standard": (1000, 700), "original": (1500, 1000)}

# Written out whole, field by field as its rule document reads: where another rule set agrees (red and
# black 3s, bonuses), those are the same rules kept apart on purpose, so one rule set can change alone.
RULESET = RuleSet(
    id="sambola",
    name="Sambola",
    summary="3 packs and 9 jokers; red and black canastas and sambas; play to 10,000.",
    source="rules/sambola.txt",
    target=10000,
    pack=Pack(packs=3, jokers=9),
    set_types=(
        natural_group("red_canasta", "Red Canasta", 500, "7 or more natural cards of one value."),
        mixed_group("black_canasta", "Black Canasta", 300,
                    "7 or more cards of one value: at least 4 natural, 1 to 3 wild.",
                    max_wild=3, min_natural=4),
        natural_sequence("red_samba", "Red Samba", 1000,
                         "Exactly 7 natural cards of one suit in sequence, 4 to Ace."),
        SetType("black_samba", "Black Samba", 700,
                "Exactly 6 natural cards of one suit in sequence and 1 wild card.",
                "sequence", "black", LOWEST_SEQUENCE + 10, min_wild=1, max_wild=1, min_natural=6),
    ),
    requirement=REQUIREMENTS["standard"],
    going_out_bonus=200,
    concealed_bonus=200,
    red_three_table=(0, 100, 200, 300, 400, 500, 1200),
    unmelded_red_threes=UnmeldedRedThrees.POSITIVE,
    red_threes_need_going_out_sets=False,
    red_threes_in_hand_allowed=False,
    red_three_in_hand_points=0,
    black_three_in_hand_points=-5,
    black_three_melding=BlackThreeMelding.NEVER,
    black_three_meld_counts=(),
    failed_go_out_points=None,
    meld_table=STANDARD_MELD_TABLE,
    winning=Winning.HIGHER_ONCE_REACHED,
    variations=(
        Variation("jokers", "Jokers in the pack", ("9", "6"), "9",
                  "3 packs with 9 jokers, or with 6 jokers."),
        Variation("samba_bonus", "Samba bonuses", ("standard", "original"), "standard",
                  "Red samba 1000 and black samba 700, or the original 1500 and 1000."),
        Variation("solo_go_out", "Going out when each plays alone", ("standard", "three_sets", "two_sets"),
                  "standard", "As teams (2 red + 1 black), 1 red + 2 black sets, or 1 red + 1 black set.",
                  solo_only=True),
    ),
    house_readings=(
        "A third red set does not stand in for the black set needed to go out.",
        "A total of exactly 10,000 has reached the winning score; equal totals at the top: play on.",
        "Three players alone tied at the top: no one has won yet.",
        "Black 3s can never be melded; one left in a hand counts -5 (its card value).",
        "Red 3s count plus even when the team has not melded.",
    ),
    solo_players=(2, 3),
)


def with_variations(chosen: dict[str, str]) -> RuleSet:
    """The rule set with the agreed variations applied."""
    red, black = SAMBA_BONUSES[chosen.get("samba_bonus", "standard")]
    set_types = tuple(
        replace(s, bonus=red) if s.id == "red_samba" else
        replace(s, bonus=black) if s.id == "black_samba" else s
        for s in RULESET.set_types)
    return replace(
        RULESET, set_types=set_types, chosen=dict(chosen),
        pack=replace(RULESET.pack, jokers=int(chosen.get("jokers", "9"))),
        requirement=REQUIREMENTS[chosen.get("solo_go_out", "standard")],
    )
