"""A tablet is told when time has been called and when its game is over (news.json and the page's box); a timed
game's heading says it is played on the clock."""
import re

import pytest
from playwright.sync_api import expect

from tests.web.club_support import basic, enter_hand, open_session, organiser
from tests.web.pages_support import text
from tests.web.test_browser_board import session_of
from tests.web.club_support import public_club


@pytest.fixture(autouse=True)
def anyone_reads(app):
    """This file is about what a game's pages show, not who reads them: the club's records are public."""
    public_club(app)

LAST_HAND = "Time has been called: this is the last hand."


def timed_table(app, client):
    organiser(app)
    answer = open_session(client, players=["Ann", "Bob", "Cy", "Di"])
    assert answer.status_code == 201
    return answer.get_json()["id"], answer.get_json()["tables"][0]


def test_news_says_time_is_called_then_the_game_is_over_and_whose_step_is_next(app, client):
    session_id, table = timed_table(app, client)
    news = f"/games/{table['game_id']}/news.json"
    assert client.get(news).get_json()["notice"] is None
    assert client.post(f"/api/v1/sessions/{session_id}/call-time", headers=basic()).status_code == 200
    called = client.get(news).get_json()
    assert called["notice"] == LAST_HAND
    assert enter_hand(client, table).status_code == 201
    over = client.get(news).get_json()["notice"]
    assert over.startswith("This game is over: ") and over.endswith("The organiser starts the next round.")
    assert "Start a new game" not in over


def test_a_timed_games_heading_says_on_the_clock_not_play_to(app, client):
    _, table = timed_table(app, client)
    page = text(client.get(f"/games/{table['game_id']}"))
    facts = re.search(r'<p class="game-facts">(.*?)</p>', page, re.S).group(1)
    assert "on the clock" in facts and "play to" not in facts


@pytest.mark.browser
def test_a_tablet_on_the_hand_form_is_told_time_has_been_called(live_server, browser):
    tablet = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    try:
        _, session = session_of(tablet, live_server, ["Ann", "Bob", "Cy", "Di"], hands=0)
        game_id, code = session["tables"][0]["game_id"], session["tables"][0]["table_code"]
        tablet.goto(f"{live_server}/games/{game_id}?code={code}")
        waiting = tablet.context.new_page()                  # a second tab waits on the game page
        waiting.goto(f"{live_server}/games/{game_id}")
        tablet.goto(f"{live_server}/games/{game_id}/hands/new")
        tablet.locator("#team0-table_points").fill("100")
        news = tablet.locator("#game-news")
        expect(news).to_be_hidden()
        called = tablet.request.post(f"{live_server}/api/v1/sessions/{session['id']}/call-time", headers=basic())
        assert called.status == 200
        tablet.evaluate("document.dispatchEvent(new Event('visibilitychange'))")     # as when the tablet wakes
        expect(news).to_contain_text(LAST_HAND)
        assert tablet.locator("#team0-table_points").input_value() == "100"       # the figures stay
        waiting.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        expect(waiting.locator("main .message-box").first).to_contain_text(LAST_HAND)   # the page shows itself again
    finally:
        tablet.context.close()


def test_a_hand_sent_to_a_session_game_that_ended_says_the_next_round_is_the_organisers(app, client):
    from app.extensions import db
    from app.store.game.models import Game
    from tests.web.club_support import login
    _, table = timed_table(app, client)
    tablet = app.test_client()
    game_id = table["game_id"]
    tablet.post(f"/games/{game_id}/code", data={"code": table["table_code"], "next": f"/games/{game_id}"})
    form = tablet.get(f"/games/{game_id}/hands/new")           # the form is open when the organiser ends the game
    login(client)
    with app.app_context():
        version = db.session.get(Game, game_id).version
    assert client.post(f"/club/games/{game_id}/end", data={"version": version}).status_code == 302
    from tests.web.pages_support import hand_data, hidden_fields
    data = hidden_fields(form.get_data(as_text=True))
    data.update(hand_data([{"table_points": 100}, {"table_points": 50}]))
    page = text(tablet.post(f"/games/{game_id}/hands/new", data=data))
    assert "This game is over" in page and "the organiser starts the next round" in page
    assert "Start a new game" not in page
    later = text(tablet.get(f"/games/{game_id}/hands/new", follow_redirects=True))
    assert "The organiser starts the next round." in later and "Start a new game" not in later
