"""Plausible games for previews, the sheet tests and the benches (scripts/benchkit.py), made by the store's writes."""
from __future__ import annotations

import random
from typing import Sequence

from app.rules import BlackThreeMelding, RuleSet, TeamEntry, get_ruleset, replay, validate_hand
from app.store.game.games import create_game
from app.store.game.hands import add_hand

PLAYERS = ("Margaret Thompson", "Dorothy Williams", "Brian O'Connor", "Patricia Evans",
           "Kenneth Hughes", "Jean Robertson", "Alan Fitzgerald", "Shirley McAllister", "Roy Davies")
TEAM_NAMES = ("The Red Threes", "Bridge Street", "The Jokers")


def sample_teams(team_count: int, team_size: int) -> list[dict]:
    """Teams (or players alone) with realistic, longish names."""
    if team_size == 1:
        return [{"name": PLAYERS[i], "players": [PLAYERS[i]]} for i in range(team_count)]
    players = iter(PLAYERS)
    return [{"name": TEAM_NAMES[i], "players": [next(players) for _ in range(team_size)]}
            for i in range(team_count)]


def _going_out_sets(ruleset: RuleSet, rng: random.Random) -> dict[str, int]:
    """One set for each slot of the going-out requirement, sometimes one more."""
    sets: dict[str, int] = {}
    for slot in ruleset.requirement.slots:
        choice = rng.choice(sorted(slot))
        sets[choice] = sets.get(choice, 0) + 1
    if rng.random() < 0.4:
        extra = rng.choice(ruleset.set_types[:2]).id
        sets[extra] = sets.get(extra, 0) + 1
    return sets


def _entry(ruleset: RuleSet, rng: random.Random, going_out: bool) -> TeamEntry:
    """A team's figures for a hand."""
    sets = _going_out_sets(ruleset, rng) if going_out else {
        s.id: 1 for s in rng.sample(ruleset.set_types[:2], rng.randint(0, 2))}
    least = sum(ruleset.set_type(k).min_points * n for k, n in sets.items())
    melded = bool(sets) or rng.random() < 0.7
    table = least + 5 * rng.randint(0, 30) if melded else 0
    reds = rng.choice((0, 0, 0, 1, 1, 2))
    black_in_hand = 0 if going_out or ruleset.black_three_in_hand_points == 0 else rng.choice((0, 0, 0, 1))
    black_melded = 0
    if going_out and ruleset.black_three_melding != BlackThreeMelding.NEVER and rng.random() < 0.2:
        black_melded = ruleset.black_three_meld_range[0]
    return TeamEntry(sets=sets, table_points=table, hand_points=0 if going_out else 5 * rng.randint(0, 24),
                     red_threes=reds, black_threes_in_hand=black_in_hand, black_threes_melded=black_melded,
                     went_out=going_out, concealed=going_out and rng.random() < 0.1, melded=melded)


def sample_hands(ruleset: RuleSet, team_count: int, count: int, seed: int = 1) -> list[list[TeamEntry]]:
    """`count` valid hands: someone goes out in most, the stock runs out in some."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        out = rng.randrange(team_count) if rng.random() < 0.8 else None
        entries = [_entry(ruleset, rng, i == out) for i in range(team_count)]
        if not validate_hand(ruleset, entries, None):
            hands.append(entries)
    return hands


def finishing_target(ruleset: RuleSet, hands: Sequence[Sequence[TeamEntry]], team_count: int) -> int | None:
    """A winning score the game reaches exactly at its last hand, if there is one."""
    state = replay(ruleset, hands, team_count, 10 ** 9)
    last = state.hands[-1].teams
    for total in sorted({t.progressive for t in last}, reverse=True):
        target = total - total % 5
        if target > 0 and replay(ruleset, hands, team_count, target).won_at == len(hands):
            return target
    return None


def sample_game(ruleset_id: str = "bolivia", *, hands: int = 12, team_count: int = 2, team_size: int = 2,
                finished: bool = True, seed: int = 1, table_label: str = "Table 3",
                variations: dict | None = None):
    """A stored game with `hands` hands; finished: won at its last hand, else still in play."""
    ruleset = get_ruleset(ruleset_id, variations)
    for attempt in range(seed, seed + 200):
        entries = sample_hands(ruleset, team_count, hands, attempt)
        if finished:
            target = finishing_target(ruleset, entries, team_count)
        else:
            peak = max(t.progressive for h in replay(ruleset, entries, team_count, 10 ** 9).hands for t in h.teams)
            target = max(ruleset.target, peak - peak % 1000 + 5000)
        if target:
            break
    else:  # pragma: no cover - the generator always finds one in practice
        raise RuntimeError("no sample game found")
    game = create_game(ruleset_id, variations or {}, sample_teams(team_count, team_size), target=target,
                       table_label=table_label)
    for hand in entries:
        add_hand(game, hand)
    return game
