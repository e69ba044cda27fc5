"""Hypothesis strategies: valid hands for each rule set (within the pack, its card points included,
meeting the going-out requirement), arbitrary team entries, and arbitrary JSON-like request bodies."""
from __future__ import annotations

from hypothesis import strategies as st

from app.rules import TeamEntry, get_ruleset
from app.rules.entries import COUNT_FIELDS

#: Every rule set with every variation value worth generating hands for.
CONFIGS = (
    ("bolivia", {}), ("bolivia", {"jokers": "9"}),
    ("sambola", {}), ("sambola", {"jokers": "6"}), ("sambola", {"samba_bonus": "original"}),
    ("sambola", {"solo_go_out": "three_sets"}), ("sambola", {"solo_go_out": "two_sets"}),
    ("bolivia_plus", {}), ("bolivia_plus", {"decks": "german"}),
    ("bolivia_classic", {}), ("bolivia_hoyle", {}),
)
RULESETS = tuple(get_ruleset(rid, variations) for rid, variations in CONFIGS)


def config_id(ruleset) -> str:
    """'sambola[solo_go_out=two_sets]' for a rule set with its variations."""
    chosen = {k: v for k, v in ruleset.chosen.items()
              if v != ruleset.variation(k).default}
    return ruleset.id + (f"[{','.join(f'{k}={v}' for k, v in chosen.items())}]" if chosen else "")


def multiple_of_5(low: int, high: int):
    """Whole multiples of 5 between low and high."""
    return st.integers(low // 5, high // 5).map(lambda n: n * 5)


class Budget:
    """What the pack still holds for the sets drawn so far: 2s, jokers, wild cards, 3s, and the card
    points (table + hand, all teams) left once every set's smallest card points are set aside."""

    def __init__(self, ruleset):
        pack = ruleset.pack
        self.twos, self.jokers, self.wild = pack.twos, pack.jokers, pack.wild_cards
        self.red, self.black = pack.red_threes, pack.black_threes
        self.points = pack.card_points

    def fits(self, set_type) -> bool:
        if set_type.min_points > self.points:
            return False
        if set_type.wild_mixes and len(set_type.wild_mixes) > 1:
            return self.wild >= 7 and (self.twos >= 7 or self.jokers >= 7)
        return (set_type.min_twos <= self.twos and set_type.min_jokers <= self.jokers
                and set_type.min_wild <= self.wild)

    def take(self, set_type) -> None:
        self.points -= set_type.min_points
        if set_type.wild_mixes and len(set_type.wild_mixes) > 1:
            if self.twos >= 7:        # use 2s first: the jokers stay free for what comes later
                self.twos -= 7
            else:
                self.jokers -= 7
            self.wild -= 7
            return
        self.twos -= set_type.min_twos
        self.jokers -= set_type.min_jokers
        self.wild -= set_type.min_wild


@st.composite
def team_sets(draw, ruleset, budget: Budget, going_out: bool) -> dict[str, int]:
    """Completed sets for one team that fit the pack; the going-out requirement first when out."""
    sets: dict[str, int] = {}

    def add(set_id):
        set_type = ruleset.set_type(set_id)
        if budget.fits(set_type):
            budget.take(set_type)
            sets[set_id] = sets.get(set_id, 0) + 1
            return True
        return False

    if going_out:
        for slot in ruleset.requirement.slots:
            choices = sorted(s for s in slot if budget.fits(ruleset.set_type(s)))
            assert add(draw(st.sampled_from(choices)))
    for set_id in draw(st.lists(st.sampled_from(ruleset.set_ids), max_size=5)):
        add(set_id)
    return sets


def points_upto(budget: Budget, most: int):
    """Card points (a multiple of 5) from 0 up to `most` or what the pack has left, if less."""
    return multiple_of_5(0, min(most, budget.points))


@st.composite
def valid_hand(draw, ruleset, team_count: int | None = None):
    """(entries, progressives) that validate_hand accepts for this rule set.

    Sets come first for every team (the going-out team's first), each setting its smallest card
    points aside; the card points the pack has left are then shared out as table and hand points,
    team by team in a drawn order, so that all teams together stay within the pack's card points."""
    if team_count is None:
        team_count = draw(st.sampled_from(sorted({2, *ruleset.solo_players})))
    out = draw(st.sampled_from([None, *range(team_count)]))
    budget = Budget(ruleset)
    order = ([out] if out is not None else []) + [i for i in range(team_count) if i != out]
    sets = {i: draw(team_sets(ruleset, budget, i == out)) for i in order}
    fields: dict[int, dict] = {}
    for i in draw(st.permutations(range(team_count))):
        least = sum(ruleset.set_type(k).min_points * n for k, n in sets[i].items())
        if sets[i]:
            table = least + draw(points_upto(budget, 2000))
        else:
            table = draw(st.sampled_from([t for t in (0, 0, 50, 120) if t <= budget.points]))
        budget.points -= table - least
        hand = draw(points_upto(budget, 1000))
        budget.points -= hand
        fields[i] = dict(table_points=table, hand_points=hand)
    assert budget.points >= 0
    entries: dict[int, TeamEntry] = {}
    for i in order:
        going_out = i == out
        table = fields[i]["table_points"]
        melded = draw(st.sampled_from([None, True])) if (sets[i] or table) else draw(
            st.sampled_from([None, False, True]))
        red = draw(st.integers(0, budget.red))
        budget.red -= red
        red_in_hand = 0
        if ruleset.red_threes_in_hand_allowed:
            red_in_hand = draw(st.integers(0, budget.red))
            budget.red -= red_in_hand
        black_melded = 0
        # only the counts the rule set allows (Hoyle's Bolivia: none, 3 or 4), within what the pack has left
        counts = [n for n in ruleset.black_three_meld_counts if n <= budget.black]
        if going_out and counts:
            black_melded = draw(st.sampled_from([0, *counts]))
            budget.black -= black_melded
        black_in_hand = draw(st.integers(0, budget.black))
        budget.black -= black_in_hand
        failed = draw(st.integers(0, 3)) if ruleset.failed_go_out_points is not None else 0
        entries[i] = TeamEntry(
            name=draw(st.sampled_from(["", "Us", "Them", "Ann"])), sets=sets[i], **fields[i],
            red_threes=red, red_threes_in_hand=red_in_hand,
            black_threes_in_hand=black_in_hand, black_threes_melded=black_melded, went_out=going_out,
            concealed=going_out and draw(st.booleans()), melded=melded, failed_go_outs=failed)
    progressives = draw(st.lists(multiple_of_5(-3000, 30000), min_size=team_count, max_size=team_count))
    return [entries[i] for i in range(team_count)], progressives


@st.composite
def ruleset_and_valid_hand(draw):
    """A rule set (with variations) and a valid hand for it."""
    ruleset = draw(st.sampled_from(RULESETS))
    entries, progressives = draw(valid_hand(ruleset))
    return ruleset, entries, progressives


@st.composite
def ruleset_and_game(draw, min_hands=1, max_hands=6):
    """A rule set, a team count and a list of valid hands (entries only) for one game."""
    ruleset = draw(st.sampled_from(RULESETS))
    team_count = draw(st.sampled_from(sorted({2, *ruleset.solo_players})))
    hands = draw(st.lists(valid_hand(ruleset, team_count).map(lambda h: h[0]),
                          min_size=min_hands, max_size=max_hands))
    return ruleset, team_count, hands


ANY_SET_ID = st.sampled_from(sorted({s for r in RULESETS for s in r.set_ids} | {"joker_canasta", ""}))
SMALL_NUMBER = st.one_of(st.integers(-20, 40), st.integers(-2000, 5000))


@st.composite
def arbitrary_entry(draw) -> TeamEntry:
    """A team entry of whole numbers that may break any rule (negative, not multiples of 5, too many)."""
    values = {field: draw(SMALL_NUMBER) for field in COUNT_FIELDS}
    return TeamEntry(
        name=draw(st.text(max_size=8)),
        sets=draw(st.dictionaries(ANY_SET_ID, st.integers(-2, 6), max_size=4)),
        went_out=draw(st.booleans()), concealed=draw(st.booleans()),
        melded=draw(st.sampled_from([None, True, False])), **values)


#: Any JSON value: null, booleans, numbers (with NaN and infinities), text, lists and objects.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=25)

ENTRY_KEYS = ("name", "sets", "progressive", "melded", "went_out", "concealed", *COUNT_FIELDS)

#: JSON objects that use the real field names (so parsing goes deep) with any JSON values.
JSON_TEAM = st.dictionaries(
    st.sampled_from(ENTRY_KEYS) | st.text(max_size=6),
    st.one_of(JSON, SMALL_NUMBER, st.dictionaries(ANY_SET_ID | st.text(max_size=6), JSON | SMALL_NUMBER,
                                                  max_size=3)),
    max_size=8)
JSON_TEAMS = st.one_of(JSON, st.lists(JSON_TEAM, max_size=4))
