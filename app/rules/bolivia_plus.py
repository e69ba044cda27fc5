"""Bolivia Plus (U3A, 6 players, 4 packs, "Trey Canasta"), as the club's rule document `bolivia-plus` has it."""
from __future__ import annotations

from dataclasses import replace

from .set_shapes import SIX_TWOS_AND_A_JOKER, mixed_group, natural_group, natural_sequence, wild_set
from .model import BlackThreeMelding, MeldStep, Pack, Requirement, RuleSet, UnmeldedRedThrees, Variation, Winning

NATURALS = {"natural_canasta", "pure_wild_canasta"}
ANY_SET = {"natural_canasta", "mixed_canasta", "sequence", "wild_canasta", "pure_wild_canasta"}

#: Lay-down minimum by score (bolivia-plus.txt section [G]).
PLUS_MELD_TABLE = (
    MeldStep(None, 15), MeldStep(0, 50), MeldStep(4000, 90),
    MeldStep(8000, 120), MeldStep(12000, 150),
)

# Written out whole, field by field as its rule document reads: where another rule set agrees (red and
# black 3s, bonuses), those are the same rules kept apart on purpose, so one rule set can change alone.
RULESET = RuleSet(
    id="bolivia_plus",
    name="Bolivia Plus (U3A, 6 players, 4 packs)",
    short_name="Bolivia Plus",
    summary="4 packs and 8 jokers, two teams of three; red and black treys; play to 20,000.",
    source="rules/bolivia-plus.txt",
    target=20000,
    pack=Pack(packs=4, jokers=8),
    set_types=(
        natural_group("natural_canasta", "Natural Canasta", 500, "7 cards of one rank, no wild card."),
        mixed_group("mixed_canasta", "Mixed Canasta", 300,
                    "7 cards: 5 or 6 of one rank and 1 or 2 wild cards.",
                    max_wild=2, min_natural=5, max_cards=7),
        natural_sequence("sequence", "Sequence", 1500,
                         "7 cards of one suit in sequence, 4-10, 5-J, 6-Q or 7-K; no wild card."),
        wild_set("wild_canasta", "Wild Canasta", 2500, "7 wild cards, deuces and jokers mixed.",
                 min_twos=1, min_jokers=1, min_points=SIX_TWOS_AND_A_JOKER),
        wild_set("pure_wild_canasta", "Pure Wild Canasta", 2500,
                 "Seven deuces or seven jokers; counts as a natural canasta for going out.",
                 colour="red", mixes=((7, 0), (0, 7)), rare=True),
    ),
    requirement=Requirement((frozenset({"sequence"}), NATURALS, ANY_SET),
                            "3 canastas: a Sequence, a Natural Canasta and one more of any type"),
    going_out_bonus=400,
    concealed_bonus=400,
    red_three_table=(0, 100, 200, 300, 600, 800, 1000, 1200, 1400),
    unmelded_red_threes=UnmeldedRedThrees.POSITIVE,
    red_threes_need_going_out_sets=False,
    red_threes_in_hand_allowed=True,
    red_three_in_hand_points=-100,
    black_three_in_hand_points=-100,
    black_three_melding=BlackThreeMelding.TREY_TABLE,
    black_three_meld_counts=(3, 4, 5, 6, 7, 8),
    failed_go_out_points=-400,
    meld_table=PLUS_MELD_TABLE,
    winning=Winning.GOING_OUT_TEAM,
    variations=(
        Variation("decks", "Decks", ("standard", "german"), "standard",
                  "Standard decks (8 jokers, play to 20,000) or German decks (12 jokers, play to 25,000)."),
    ),
    house_readings=(
        "Going out concealed earns the same 400.",
        "Red treys count plus whether or not the team has melded.",
        "The trey table is applied to red treys on the table and to melded black treys separately.",
        "Black treys in a hand cost -100 each also in a hand nobody went out of.",
        "Holding a red trey to use as a wild card is not modelled: "
        "a red trey is either on the table or concealed in a hand.",
        "Only the team that goes out can win, when its total reaches the target, "
        "even if the other team is higher; a hand nobody went out of never ends the game.",
    ),
    team_sizes=(3, 2),
    sequence_span=("4", "K"),
    sequence_core=("7", "8", "9", "10"),
    threes="treys",
)


def with_variations(chosen: dict[str, str]) -> RuleSet:
    """The rule set with the agreed variations applied."""
    if chosen.get("decks", "standard") == "german":
        return replace(RULESET, pack=Pack(packs=4, jokers=12), target=25000, chosen=dict(chosen))
    return replace(RULESET, chosen=dict(chosen))
