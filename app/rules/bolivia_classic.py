"""Bolivia, classic rules with 3 packs (escaleras and one kind of bolivia), as the club's rule document `bolivia-classic` has it."""
from __future__ import annotations

from dataclasses import replace

from .set_shapes import STANDARD_MELD_TABLE, mixed_group, natural_group, natural_sequence, wild_set
from .model import BlackThreeMelding, Pack, Requirement, RuleSet, UnmeldedRedThrees, Winning

ANY_SET = {"natural_canasta", "mixed_canasta", "escalera", "bolivia"}

# Written out whole, field by field as its rule document reads: where another rule set agrees (red and
# black 3s, bonuses), those are the same rules kept apart on purpose, so one rule set can change alone.
RULESET = RuleSet(
    id="bolivia_classic",
    name="Bolivia (classic, 3 packs)",
    short_name="Classic Bolivia",
    summary="3 packs and 6 jokers; escaleras, canastas and bolivias; play to 15,000.",
    source="rules/bolivia-classic.txt",
    target=15000,
    pack=Pack(packs=3, jokers=6),
    set_types=(
        natural_group("natural_canasta", "Natural Canasta", 500, "7 or more cards of one rank, no wild card."),
        mixed_group("mixed_canasta", "Mixed Canasta", 300,
                    "7 or more cards of one rank with one or two wild cards.",
                    max_wild=2, min_natural=5),
        natural_sequence("escalera", "Escalera", 1500,
                         "7 natural cards of one suit in sequence, 4 low, Ace high."),
        wild_set("bolivia", "Bolivia", 2500, "7 wild cards."),
    ),
    requirement=Requirement((frozenset({"escalera"}), ANY_SET),
                            "an Escalera and one more Set (escalera, canasta or bolivia)"),
    going_out_bonus=100,
    concealed_bonus=200,
    red_three_table=(0, 100, 200, 300, 400, 500, 1000),
    unmelded_red_threes=UnmeldedRedThrees.POSITIVE,
    red_threes_need_going_out_sets=True,
    red_threes_in_hand_allowed=False,
    red_three_in_hand_points=0,
    black_three_in_hand_points=-100,
    black_three_melding=BlackThreeMelding.CARD_VALUE,
    black_three_meld_counts=(1, 2, 3, 4, 5, 6),
    failed_go_out_points=None,
    meld_table=STANDARD_MELD_TABLE,
    winning=Winning.HIGHER_ONCE_REACHED,
    house_readings=(
        "Red 3s count (100 each, 1000 for all six) only for a team that has the sets "
        "needed to go out; otherwise they count 0.",
        "A black 3 left in a hand counts -100 also when nobody went out.",
        "First to reach 15,000 wins; both in the same hand: the higher total; equal: play on.",
    ),
)


def with_variations(chosen: dict[str, str]) -> RuleSet:
    """This rule set has no variations."""
    return replace(RULESET, chosen=dict(chosen))
