"""The clock of a timed session: minutes left on the board and every tablet, a warning ten minutes before, time
called once the set end time passes (worked out when asked, on the club's clock)."""
from datetime import datetime, timezone

import pytest
import time_machine

from app.extensions import db
from app.store.club.models import ClubSession
from app.store.game.models import Game
from tests.conftest import database_url, dispose_app, make_app
from tests.web.club_support import PLAYERS, basic, login, organiser

#: 15:26 in London (on GMT in November): 34 minutes before a 16:00 end.
BEFORE = datetime(2026, 11, 23, 15, 26, 0, tzinfo=timezone.utc)
WARNED = datetime(2026, 11, 23, 15, 52, 30, tzinfo=timezone.utc)
PASSED = datetime(2026, 11, 23, 16, 0, 5, tzinfo=timezone.utc)


@pytest.fixture
def london(tmp_path):
    """An app whose club is in London, with an organiser."""
    application = make_app(database_url(tmp_path / "test.sqlite3"), TREYS_TIMEZONE="Europe/London")
    organiser(application)
    yield application
    dispose_app(application)


def timed(client, ends_at: str | None = "16:00") -> tuple[int, int]:
    """A session of the day drawn from the organiser's pages (timed to 16:00, or to a target); its id and the
    first table's game id."""
    login(client)
    known = {s.id for s in db.session.query(ClubSession).all()}
    data = {"played_on": "2026-11-23", "ruleset": "bolivia", "partners": "random"}
    data.update({"kind": "time", "ends_at": ends_at} if ends_at else {"kind": "target"})
    assert client.post("/club/sessions/new", data=data).status_code == 302
    (sid,) = {s.id for s in db.session.query(ClubSession).all()} - known    # ids are random: the new one
    client.post(f"/club/sessions/{sid}/players", data={"here": PLAYERS[:8], "ticklist": "1"})
    client.post(f"/club/sessions/{sid}/draw")
    game_id = client.get(f"/club/sessions/{sid}/board.json").get_json()["tables"][0]["game_id"]
    return sid, game_id


def test_the_board_and_the_tablets_show_the_minutes_left(london):
    client = london.test_client()
    with time_machine.travel(BEFORE, tick=False), london.app_context():
        sid, game_id = timed(client)
        clock = client.get(f"/club/sessions/{sid}/board.json").get_json()["clock"]
        assert clock == {"ends_at": "16:00", "seconds_left": 34 * 60, "minutes_left": 34, "warning": False,
                         "called": False, "words": "34 minutes left (ends at 16:00)."}
        assert "34 minutes left (ends at 16:00)." in client.get(f"/club/sessions/{sid}/board").get_data(as_text=True)
        tablet = london.test_client()
        game_page = tablet.get(f"/games/{game_id}").get_data(as_text=True)
        assert 'data-seconds-left="2040"' in game_page and "34 minutes left (ends at 16:00)." in game_page
        code = db.session.get(Game, game_id).table_code
        tablet.post(f"/games/{game_id}/code", data={"code": code, "next": ""})
        hand_form = tablet.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
        assert "Enter hand 1" in hand_form and "34 minutes left (ends at 16:00)." in hand_form
        api = client.get(f"/api/v1/sessions/{sid}", headers=basic()).get_json()
        assert api["clock"]["minutes_left"] == 34 and api["time_called"] is False


def test_ten_minutes_before_the_end_the_board_and_the_tablets_warn(london):
    client = london.test_client()
    with time_machine.travel(BEFORE, tick=False), london.app_context():
        sid, game_id = timed(client)
    with time_machine.travel(WARNED, tick=False), london.app_context():
        login(client)
        clock = client.get(f"/club/sessions/{sid}/board.json").get_json()["clock"]
        assert (clock["minutes_left"], clock["warning"], clock["called"]) == (8, True, False)
        page = london.test_client().get(f"/games/{game_id}").get_data(as_text=True)
        assert "session-clock is-warning" in page and "8 minutes left: time is called at 16:00." in page


def test_time_is_called_when_the_end_passes_and_the_tablet_learns_it_on_its_next_page(london):
    client = london.test_client()
    with time_machine.travel(BEFORE, tick=False), london.app_context():
        sid, game_id = timed(client)
    with time_machine.travel(PASSED, tick=False), london.app_context():
        login(client)
        board = client.get(f"/club/sessions/{sid}/board.json").get_json()
        assert board["time_called"] is True
        assert board["clock"] == {"ends_at": "16:00", "seconds_left": 0, "minutes_left": 0, "warning": False,
                                  "called": True, "words": "Time is called: finish the hand in play."}
        page = london.test_client().get(f"/games/{game_id}").get_data(as_text=True)
        assert "session-clock is-called" in page and "Time is called: finish the hand in play." in page
        assert "Time has been called" in page              # the outcome's notice: hand 1 is the last
        assert db.session.get(ClubSession, sid).time_called_at is None      # worked out, never written


def test_a_session_without_an_end_time_shows_no_clock(london):
    client = london.test_client()
    with time_machine.travel(BEFORE, tick=False), london.app_context():
        sid, game_id = timed(client, ends_at=None)
        assert client.get(f"/club/sessions/{sid}/board.json").get_json()["clock"] is None
        assert "data-clock" not in london.test_client().get(f"/games/{game_id}").get_data(as_text=True)
