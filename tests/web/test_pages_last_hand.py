"""The last hand once time is called: the page says so once, and the live check names who wins only once the
hand can be saved (who went out chosen), never from a form still empty."""
import re
from datetime import timedelta

import pytest

from tests.web.club_support import basic, club_clock, enter_hand, login, open_session, organiser, tablet_of, \
    timed_session
from tests.web.pages_support import hand_data, text

CALLED = ("Time is called", "Time has been called")


def called_table(app, client, *, clock: bool) -> dict:
    """A table of four that has played one hand (its first team leads 300 to 100) when time is called; its
    session on a clock (a set end time) or not."""
    organiser(app)
    login(client)
    players = ["Ann Baker", "Jack King", "Kath Lewis", "Harold Ince"]
    if clock:
        doc = timed_session(app, client, players, club_clock(app) + timedelta(minutes=45))
    else:
        doc = open_session(client, players).get_json()
    table = doc["tables"][0]
    assert enter_hand(client, table, (300, 100)).status_code == 201
    assert client.post(f"/api/v1/sessions/{doc['id']}/call-time", headers=basic()).status_code == 200
    return table


def times_said(page: str) -> int:
    """How many times the page tells it (the news box's data-notice, for the page's script, is not shown)."""
    shown = re.sub(r'data-notice="[^"]*"', "", page)
    return sum(shown.count(words) for words in CALLED)


@pytest.mark.parametrize("clock", [True, False], ids=["on a clock", "no set end time"])
def test_time_called_is_said_once_on_the_game_page_and_the_hand_form(app, client, clock):
    table = called_table(app, client, clock=clock)
    tablet = tablet_of(app, table)
    game_page = text(tablet.get(f"/games/{table['game_id']}"))
    form_page = text(tablet.get(f"/games/{table['game_id']}/hands/new"))
    assert times_said(game_page) == 1 and times_said(form_page) == 1
    if clock:       # the clock's own words stand alone
        assert "Time is called: finish the hand in play." in form_page


def test_the_last_hand_names_no_winner_until_who_went_out_is_chosen(app, client):
    table = called_table(app, client, clock=True)
    tablet = tablet_of(app, table)
    preview = f"/games/{table['game_id']}/preview"
    empty = tablet.post(preview, data={}).get_json()
    assert empty["went_out_chosen"] is False and empty["winner"] is None and empty["winner_sentence"] is None
    figures = hand_data([{"table_points": 50}, {"table_points": 0}])
    figures.pop("went_out")
    unchosen = tablet.post(preview, data=figures).get_json()
    assert unchosen["ok"] and unchosen["winner"] is None
    chosen = tablet.post(preview, data=hand_data([{"table_points": 50}, {"table_points": 0}])).get_json()
    assert chosen["winner"] == "Ann Baker & Jack King" or chosen["winner"] in chosen["winner_sentence"]
    assert chosen["winner_sentence"].endswith("win the game.")
