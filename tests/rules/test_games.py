"""Whole games replayed from data files (tests/rules/games/*.json), every figure worked out by hand.

Each file gives the rule set, its variations, the teams, every hand's entries and, after each hand,
the expected bonus, cards, score, progressive total and next initial-meld minimum of every team, the
winner after that hand (null to play on), and the final winner and the hand that decided it.
docs/rules.md, "Per rule set" (scoring, meld tables, winning) applied hand after hand.
"""
import json
from pathlib import Path

import pytest

from app.rules import get_ruleset, parse_teams, replay, validate_hand

GAMES = sorted((Path(__file__).parent / "games").glob("*.json"))


def load(path):
    """The game file, with its hands parsed into team entries."""
    game = json.loads(path.read_text())
    hands = []
    for number, hand in enumerate(game["hands"], start=1):
        entries, _, found = parse_teams(hand["teams"], allow_progressive=False)
        assert found == [], f"hand {number}: {found}"
        hands.append(entries)
    return game, hands


def game_id(path):
    """The test id: rule set, variations and file name, e.g. 'bolivia[jokers=9]-bolivia_tie_game'."""
    game = json.loads(path.read_text())
    chosen = ",".join(f"{k}={v}" for k, v in game["variations"].items())
    return f"{game['ruleset']}{f'[{chosen}]' if chosen else ''}-{path.stem}"


@pytest.fixture(params=GAMES, ids=[game_id(p) for p in GAMES])
def game_file(request):
    return request.param


def test_every_rule_set_has_a_game_file():
    assert {json.loads(p.read_text())["ruleset"] for p in GAMES} == {
        "bolivia", "sambola", "bolivia_plus", "bolivia_classic", "bolivia_hoyle"}


def test_game_file_adds_up_on_its_own(game_file):
    """The hand-worked figures agree with themselves: score = bonus + cards, totals carry on, the
    game is decided at its last hand, in 4 to 8 hands."""
    game, _ = load(game_file)
    totals = [0] * len(game["teams"])
    for hand in game["hands"]:
        for i, team in enumerate(hand["expected"]["teams"]):
            assert team["score"] == team["bonus"] + team["cards"]
            totals[i] += team["score"]
            assert team["progressive"] == totals[i]
    assert game["final"]["totals"] == totals
    assert 4 <= len(game["hands"]) <= 8
    assert game["final"]["won_at"] == len(game["hands"])
    assert [h["expected"]["winner"] for h in game["hands"]][:-1] == [None] * (len(game["hands"]) - 1)
    assert game["hands"][-1]["expected"]["winner"] == game["final"]["winner"]


def test_replayed_game_matches_every_figure(game_file):
    game, hands = load(game_file)
    ruleset = get_ruleset(game["ruleset"], game["variations"])
    state = replay(ruleset, hands, len(game["teams"]))
    assert len(state.hands) == len(game["hands"])
    for number, (result, hand) in enumerate(zip(state.hands, game["hands"]), start=1):
        expected = hand["expected"]
        got = [{"bonus": t.bonus, "cards": t.cards, "score": t.score, "progressive": t.progressive,
                "next_minimum": t.next_initial_meld_minimum} for t in result.teams]
        assert got == expected["teams"], f"hand {number}"
        assert sum(line.points for t in result.teams for line in t.breakdown) == sum(
            t["score"] for t in expected["teams"]), f"hand {number}"
        assert result.winner == expected["winner"], f"hand {number}"
    final = game["final"]
    assert state.winner == final["winner"]
    assert state.won_at == final["won_at"]
    assert state.game_over
    assert list(state.totals) == final["totals"]
    assert list(state.next_initial_meld_minimums) == [
        t["next_minimum"] for t in game["hands"][-1]["expected"]["teams"]]


def test_replay_up_to_each_hand_matches_the_totals_then(game_file):
    """A game cut short after hand N stands where the file says it stood after hand N."""
    game, hands = load(game_file)
    ruleset = get_ruleset(game["ruleset"], game["variations"])
    for n in range(1, len(hands) + 1):
        state = replay(ruleset, hands[:n], len(game["teams"]))
        assert list(state.totals) == [t["progressive"] for t in game["hands"][n - 1]["expected"]["teams"]]
        assert state.game_over == (n == len(hands))


def test_bolivia_tie_game_needs_its_9_jokers():
    """Hand 1 has two black bolivias (8 jokers): rejected in the standard 6-joker pack, for the
    jokers alone (its 1700 card points fit even that pack's 1740)."""
    game, hands = load(Path(__file__).parent / "games" / "bolivia_tie_game.json")
    found = validate_hand(get_ruleset("bolivia"), hands[0])
    assert [p.message.split(" but ")[0] for p in found] == ["The two teams' completed sets need 8 jokers,"]
    assert validate_hand(get_ruleset("bolivia", game["variations"]), hands[0]) == []


def test_bolivia_plus_german_game_needs_its_german_decks():
    """Hand 1 has four wild canastas (28 wild cards): rejected with 8 jokers (24 wild cards), for the
    wild cards alone (its 2300 card points fit even the standard pack's 2320)."""
    game, hands = load(Path(__file__).parent / "games" / "bolivia_plus_german_game.json")
    found = validate_hand(get_ruleset("bolivia_plus"), hands[0])
    assert [p.message.split(" but ")[0] for p in found] == [
        "The two teams' completed sets need 28 wild cards (2s and jokers),"]
    assert validate_hand(get_ruleset("bolivia_plus", game["variations"]), hands[0]) == []
