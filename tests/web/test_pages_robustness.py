"""Never a 500: nonsense sent to every page and form gets a friendly answer, and nothing stored."""
import itertools

import pytest

from app.extensions import db
from app.store.game.models import Game, Hand
from tests.web.pages_support import hand_count, open_game, post_hand

NASTY = ["", " ", "-1", "1e9", "0x10", "NaN", "∞", "١٢", "99999999999999999999999", "<script>", "'; DROP TABLE",
         "5.0", "−5", "\x00", "y" * 5000]
FIELDS = ["went_out", "concealed", "version", "client_token", "team0-red_threes", "team1-table_points",
          "team0-set_red_samba", "team2-red_threes", "team0-not_melded", "team0-melded_yes", "team0-set_bogus"]


def test_nonsense_in_every_hand_field(app, client):
    game_id = open_game(client)
    for field, value in itertools.product(FIELDS, NASTY):
        for url in (f"/games/{game_id}/hands/new", f"/games/{game_id}/preview"):
            answer = client.post(url, data={field: value, "went_out": "none"} if field != "went_out" else {field: value})
            assert answer.status_code < 500, (url, field, value)
    assert hand_count(app, game_id) <= 1     # a blank 'all zero' hand may legitimately be saved once per token


def test_nonsense_in_the_new_game_form(app, client):
    names = ["ruleset", "players", "first_dealer", "table_label", "team0_name", "p0_0", "p2_0",
             "v_bolivia_jokers", "v_sambola_solo_go_out"]
    for field, value in itertools.product(names, NASTY):
        answer = client.post("/games/new", data={field: value})
        assert answer.status_code < 500, (field, value)
    with app.app_context():
        labels = [g.table_label for g in db.session.query(Game)]
        assert all(len(label) <= 40 for label in labels)


@pytest.mark.parametrize("url", [
    "/games/1", "/games/0", "/games/-1", "/games/abc", "/games/1/hands/1/edit", "/games/1/hands/99/remove",
    "/games/2147483648", "/rules/%00", "/rules/" + "x" * 500, "/sets/check?ruleset=%00",
])
def test_odd_addresses(client, url):
    assert client.get(url).status_code < 500
    assert client.post(url, data={"x": "y"}).status_code < 500


def test_code_and_remove_with_nonsense(app, client):
    game_id = open_game(client)
    post_hand(client, game_id, [{"table_points": 50}, {}], "none")
    other = app.test_client()
    for value in NASTY:
        assert other.post(f"/games/{game_id}/code", data={"code": value, "next": value}).status_code < 500
        assert client.post(f"/games/{game_id}/hands/1/remove", data={"version": value}).status_code < 500
        assert client.post("/sets/check", data={"ruleset": value, "cards": value}).status_code < 500
    with app.app_context():
        assert db.session.query(Hand).count() == 1
