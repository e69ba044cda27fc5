"""Bolivia, Hoyle summary with 2 packs and 11 cards, as the club's rule document `bolivia-hoyle-summary` has it."""
from __future__ import annotations

from dataclasses import replace

from .set_shapes import STANDARD_MELD_TABLE, mixed_group, natural_group, natural_sequence, wild_set
from .model import BlackThreeMelding, Pack, Requirement, RuleSet, UnmeldedRedThrees, Winning

ANY_SET = {"natural_canasta", "mixed_canasta", "sequence", "bolivia"}

# Written out whole, field by field as its rule document reads: where another rule set agrees (red and
# black 3s, bonuses), those are the same rules kept apart on purpose, so one rule set can change alone.
RULESET = RuleSet(
    id="bolivia_hoyle",
    name="Bolivia (Hoyle summary, 2 packs)",
    short_name="Hoyle Bolivia",
    summary="2 packs and 4 jokers, 11 cards each; canastas, sequences and bolivias; play to 15,000.",
    source="rules/bolivia-hoyle-summary.txt",
    target=15000,
    pack=Pack(packs=2, jokers=4),
    set_types=(
        natural_group("natural_canasta", "Natural Canasta", 500, "7 or more cards of one rank, no wild card."),
        mixed_group("mixed_canasta", "Mixed Canasta", 300,
                    "7 or more cards of one rank, at most 3 wild, more natural than wild.",
                    max_wild=3, min_natural=4),
        natural_sequence("sequence", "Sequence", 500,
                         "7 cards of one suit in sequence, no wild card (a natural canasta)."),
        wild_set("bolivia", "Bolivia", 2500, "7 wild cards."),
    ),
    requirement=Requirement((frozenset({"sequence"}), ANY_SET),
                            "two canastas, one of them a Sequence"),
    going_out_bonus=100,
    concealed_bonus=200,
    red_three_table=(0, 100, 200, 300, 800),
    unmelded_red_threes=UnmeldedRedThrees.POSITIVE,
    red_threes_need_going_out_sets=False,
    red_threes_in_hand_allowed=False,
    red_three_in_hand_points=0,
    black_three_in_hand_points=-100,
    black_three_melding=BlackThreeMelding.CARD_VALUE,
    black_three_meld_counts=(3, 4),
    failed_go_out_points=None,
    meld_table=STANDARD_MELD_TABLE,
    winning=Winning.HIGHER_ONCE_REACHED,
    black_three_meld_words="as three or four of a kind",
    house_readings=(
        "A 7-card sequence has no wild cards, so it is a natural canasta and earns 500.",
        "Red 3s count plus (800 for all four) whether or not the team has melded.",
        "Black 3s are melded only by the team going out and only as three or four of a kind; "
        "wild cards do not stand in for them, so a team melds none, 3 or 4.",
        "A black 3 left in a hand counts -100 also when nobody went out.",
        "First to reach 15,000 wins; both in the same hand: the higher total; equal: play on.",
    ),
)


def with_variations(chosen: dict[str, str]) -> RuleSet:
    """This rule set has no variations."""
    return replace(RULESET, chosen=dict(chosen))
