"""Bolivia (Jonola/Mallen rules, 4 and 6 players), as the club's rule document `bolivia` has it."""
from __future__ import annotations

from dataclasses import replace

from .set_shapes import (LOWEST_SEQUENCE, SIX_TWOS_AND_A_JOKER, STANDARD_MELD_TABLE, mixed_group, natural_group,
                         natural_sequence, wild_set)
from .model import BlackThreeMelding, Pack, Requirement, RuleSet, SetType, UnmeldedRedThrees, Variation, Winning

SAMBAS = {"red_samba", "black_samba"}
ANY_SET = {"red_canasta", "black_canasta", "red_samba", "black_samba",
           "mixed_bolivia", "black_bolivia", "red_bolivia"}

# Written out whole, field by field as its rule document reads: where another rule set agrees (red and
# black 3s, bonuses), those are the same rules kept apart on purpose, so one rule set can change alone.
RULESET = RuleSet(
    id="bolivia",
    name="Bolivia",
    summary="3 packs and 6 jokers; canastas, sambas and three kinds of bolivia; play to 15,000.",
    source="rules/bolivia.txt",
    target=15000,
    pack=Pack(packs=3, jokers=6),
    set_types=(
        natural_group("red_canasta", "Red Canasta", 500, "7 or more natural cards of one value."),
        mixed_group("black_canasta", "Black Canasta", 300,
                    "7 or more cards of one value: at least 5 natural, 1 or 2 wild.",
                    max_wild=2, min_natural=5),
        natural_sequence("red_samba", "Red Samba", 1500,
                         "Exactly 7 natural cards of one suit in sequence, 4 to Ace."),
        SetType("black_samba", "Black Samba", 1000,
                "Exactly 6 natural cards of one suit in sequence and 1 wild card.",
                "sequence", "black", LOWEST_SEQUENCE + 10, min_wild=1, max_wild=1, min_natural=6),
        wild_set("mixed_bolivia", "Mixed Bolivia", 2000,
                 "Exactly 7 wild cards, any mix but the two below.",
                 min_points=SIX_TWOS_AND_A_JOKER),
        wild_set("black_bolivia", "Black Bolivia", 3000, "Exactly three 2s and four jokers.",
                 min_twos=3, min_jokers=4, min_points=260, mixes=((3, 4),), rare=True),
        wild_set("red_bolivia", "Red Bolivia", 4000, "Exactly seven 2s.",
                 colour="red", min_twos=7, mixes=((7, 0),), rare=True),
    ),
    requirement=Requirement((SAMBAS, ANY_SET), "a Samba and one more Set"),
    going_out_bonus=200,
    concealed_bonus=200,
    red_three_table=(0, 100, 200, 300, 400, 500, 1200),
    unmelded_red_threes=UnmeldedRedThrees.NEGATIVE,
    red_threes_need_going_out_sets=False,
    red_threes_in_hand_allowed=False,
    red_three_in_hand_points=0,
    black_three_in_hand_points=-100,
    black_three_melding=BlackThreeMelding.CARD_VALUE,
    black_three_meld_counts=(1, 2, 3, 4, 5, 6),
    failed_go_out_points=None,
    meld_table=STANDARD_MELD_TABLE,
    winning=Winning.HIGHER_ONCE_REACHED,
    variations=(
        Variation("jokers", "Jokers in the pack", ("6", "9"), "6",
                  "3 packs with 6 jokers, or with 9 jokers."),
    ),
    house_readings=(
        "A total of exactly 15,000 has reached the winning score.",
        "Equal totals at or above 15,000: no winner yet, play on.",
        "A black 3 left in a hand counts -100 also when the stock ran out and nobody went out.",
        "Going out concealed earns the same 200 as going out.",
        "A team that has not melded scores its red 3s as minus: -100 each, -1200 for all six.",
    ),
)


def with_variations(chosen: dict[str, str]) -> RuleSet:
    """The rule set with the agreed variations applied."""
    jokers = int(chosen.get("jokers", "6"))
    return replace(RULESET, pack=replace(RULESET.pack, jokers=jokers), chosen=dict(chosen))
