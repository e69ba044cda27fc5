"""A game played to a winner through the forms, for each of the five rule sets."""
import pytest

from app.extensions import db
from app.store.game.models import Game
from app.store.game.states import state_of
from tests.web.pages_support import open_game, post_hand, text

# Each game: (rule set, players, hands as (teams, who went out), expected totals, winner's name).
GAMES = {
    "bolivia": ("4", [
        ([{"sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2, "table_points": 485},
          {"black_threes_in_hand": 1, "hand_points": 85}], "0"),
        ([{"hand_points": 40}, {"sets": {"black_samba": 1, "black_canasta": 1}, "table_points": 400,
                                "black_threes_melded": 2, "red_threes": 1}], "1"),
        ([{"sets": {"red_samba": 4, "red_bolivia": 1, "black_bolivia": 1}, "red_threes": 6,
           "table_points": 1000}, {"red_threes": 0, "table_points": 120}], "0"),
    ], (2885 - 40 + 15400, -185 + 2010 + 120), "North-South"),
    "sambola": ("4", [
        ([{"sets": {"red_samba": 3, "red_canasta": 2, "black_samba": 2, "black_canasta": 1},
           "red_threes": 6, "table_points": 1000}, {"black_threes_in_hand": 2}], "0"),
        ([{"sets": {"red_samba": 3, "red_canasta": 2, "black_samba": 2, "black_canasta": 1},
           "table_points": 1000}, {"red_threes": 3, "hand_points": 60}], "0"),
    ], (8100 + 6900, -10 + 240), "North-South"),
    "bolivia_plus": ("6", [
        ([{"sets": {"sequence": 3, "natural_canasta": 2, "wild_canasta": 1}, "red_threes": 8,
           "black_threes_melded": 7, "table_points": 1000},
          {"failed_go_outs": 1, "red_threes_in_hand": 0, "black_threes_in_hand": 1}], "0"),
        ([{"sets": {"sequence": 3, "natural_canasta": 2, "wild_canasta": 1}, "red_threes": 7,
           "table_points": 1000, "red_threes_in_hand": 1}, {"table_points": 200}], "0"),
    ], (12000 + 10500, -500 + 200), "Team A"),
    "bolivia_classic": ("4", [
        ([{"sets": {"escalera": 4, "bolivia": 2}, "red_threes": 6, "table_points": 1000},
          {"red_threes": 0, "table_points": 75}], "0"),
        ([{"sets": {"escalera": 4, "bolivia": 2}, "table_points": 1000}, {"red_threes": 6}], "0"),
    ], (13100 + 12100, 75 + 0), "North-South"),
    "bolivia_hoyle": ("4", [
        ([{"sets": {"sequence": 4, "bolivia": 1, "natural_canasta": 3}, "red_threes": 4, "table_points": 1000},
          {"black_threes_in_hand": 1}], "0"),
        ([{"sets": {"sequence": 4, "bolivia": 1, "natural_canasta": 3}, "red_threes": 4, "table_points": 1000},
          {"table_points": 90}], "0"),
    ], (7900 + 7900, -100 + 90), "North-South"),
}


@pytest.mark.parametrize("ruleset", GAMES)
def test_a_game_played_to_the_winner(app, client, ruleset):
    players, hands, totals, winner = GAMES[ruleset]
    game_id = open_game(client, ruleset, players)
    for number, (teams, went_out) in enumerate(hands, start=1):
        answer = post_hand(client, game_id, teams, went_out)
        assert answer.status_code == 302, (number, text(answer)[:4000])
        assert f"Hand {number} saved." in text(client.get(f"/games/{game_id}"))
    with app.app_context():
        game = db.session.get(Game, game_id)
        state = state_of(game)
        assert state.totals == totals
        assert game.team_names[state.winner] == winner and state.won_at == len(hands)
        assert game.finished_at is not None
    page = text(client.get(f"/games/{game_id}"))
    assert f"{winner} won!" in page and "Enter hand" not in page
    assert f"{totals[0]:,}" in page
    assert "Winner: " + winner in text(client.get("/"))
