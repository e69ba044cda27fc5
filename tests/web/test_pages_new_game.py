"""The new-game page: rule sets with their variations, players, names, table and first dealer."""
import re

from app.extensions import db
from app.store.game.models import Game
from tests.web.pages_support import errors_for, game_row, message_box, open_game, text


def test_the_page_offers_every_rule_set_with_its_summary_and_target(client):
    page = text(client.get("/games/new"))
    for name, target in (("Bolivia", "15,000"), ("Sambola", "10,000"), ("Bolivia Plus", "20,000"),
                         ("Bolivia (classic, 3 packs)", "15,000"), ("Bolivia (Hoyle summary, 2 packs)", "15,000")):
        assert name in page
        assert f"Play to {target}" in page
    assert "3 packs and 9 jokers; red and black canastas and sambas; play to 10,000." in page
    assert 'name="v_bolivia_jokers"' in page and 'name="v_sambola_samba_bonus"' in page
    assert 'name="v_sambola_solo_go_out"' in page and "(when each plays alone)" in page
    assert 'name="v_bolivia_plus_decks"' in page
    assert 'value="North-South"' in page and 'value="East-West"' in page and 'value="West"' in page
    assert '"6": ["Team A", "Team B"]' in page
    assert 'class="allows-solo"' in page               # Sambola alone offers 2 or 3 players each alone
    assert page.count('name="first_dealer"') == 7
    assert "Start the game" in page


def test_a_four_player_game_with_default_names(app, client):
    game_id = open_game(client)
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game.ruleset_id == "bolivia" and game.target == 15000 and game.table_label == "Table 1"
        assert game.team_names == ["North-South", "East-West"]
        assert game.team_players == [["North", "South"], ["East", "West"]]   # seats by the compass
        assert game.variations == {"jokers": "6"}
        code = game.table_code
    page = text(client.get(f"/games/{game_id}"))
    assert f'<p class="code-digits">{code}</p>' in page
    assert "Write this on the score sheet: other tablets need it to enter hands." in page
    later = text(client.get(f"/games/{game_id}"))
    assert "code-digits" not in later and f"Table code of this game: <b>{code}</b>" in later
    with client.session_transaction() as session:
        assert session["codes"] == {str(game_id): code}


def test_six_players_get_team_a_and_b_and_typed_names_are_kept(app, client):
    game_id = open_game(client, "bolivia_plus", "6", team0_name="", team1_name="  ", p0_0="Ann", p1_2="Zed",
                        first_dealer="1-2", v_bolivia_plus_decks="german")
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game.team_names == ["Team A", "Team B"]
        assert game.team_players == [["Ann", "Player 3", "Player 5"], ["Player 2", "Player 4", "Zed"]]
        assert (game.first_dealer_team, game.first_dealer_player) == (1, 2)
        assert game.variations == {"decks": "german"} and game.target == 25000
    assert "Hand 1 is dealt by <b>Zed</b>" in text(client.get(f"/games/{game_id}"))


def test_sambola_for_three_players_alone(app, client):
    game_id = open_game(client, "sambola", "3", p0_0="Ann", p1_0="Bob", p2_0="Cy", first_dealer="2-0",
                        v_sambola_solo_go_out="two_sets", v_sambola_samba_bonus="original",
                        v_bolivia_jokers="9")
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game.team_names == ["Ann", "Bob", "Cy"]
        assert game.team_players == [["Ann"], ["Bob"], ["Cy"]]
        assert game.variations == {"jokers": "9", "samba_bonus": "original", "solo_go_out": "two_sets"}
    page = text(client.get(f"/games/{game_id}"))
    assert "Hand 1 is dealt by <b>Cy</b>" in page
    assert page.count('class="total-card') == 3


def test_a_team_game_ignores_the_solo_only_variation(app, client):
    game_id = open_game(client, "sambola", "4", v_sambola_solo_go_out="two_sets")
    assert game_row(app, game_id).variations == {"jokers": "9", "samba_bonus": "standard"}


def test_what_the_engine_refuses_is_shown_on_the_field(app, client):
    cases = [
        ({"ruleset": "bolivia", "players": "2"}, "players", "Bolivia is played by two teams of 2 or 3 players"),
        ({"ruleset": "nope"}, "ruleset", "Choose the rule set"),
        ({"players": "5"}, "players", "Choose how many players"),
        ({"v_bolivia_jokers": "7"}, "v_bolivia_jokers", "Choose one: 3 packs with 6 jokers"),
        ({"first_dealer": "0-2"}, "first_dealer", "The first dealer must be one of the players."),
        ({"first_dealer": "x"}, "first_dealer", "Choose who deals the first hand."),
        ({"team0_name": "N" * 61}, "team0_name", "At most 60 letters"),
        ({"table_label": "T" * 41}, "table_label", "At most 40 letters"),
    ]
    for fields, field, words in cases:
        data = {"ruleset": "bolivia", "players": "4", "first_dealer": "0-0"}
        data.update(fields)
        answer = client.post("/games/new", data=data)
        assert answer.status_code == 422, field
        page = text(answer)
        assert words in errors_for(page, field), (field, errors_for(page, field), message_box(page))
    with app.app_context():
        assert db.session.query(Game).count() == 0


def test_the_form_keeps_what_was_chosen_when_refused(client):
    answer = client.post("/games/new", data={"ruleset": "sambola", "players": "3", "p0_0": "Ann",
                                             "first_dealer": "1-1", "table_label": "Table 9"})
    page = text(answer)
    assert answer.status_code == 422
    assert re.search(r'value="sambola" id="ruleset-sambola"[^>]*checked', page)
    assert re.search(r'value="3" id="players-3"[^>]*checked', page)
    assert 'value="Ann"' in page and 'value="Table 9"' in page
