"""Each club on its own clock: the server runs on UTC, the club is far ahead of it or far behind it.

End times, the session's date, "started N min ago", the sheet's date and the ladder's days are the club's; what is
stored is UTC; a daylight-saving change does not move a set end time.
"""
import time
from datetime import date, datetime, timedelta, timezone
from io import BytesIO
from zoneinfo import ZoneInfo

import pytest
import time_machine
import tzlocal
from pypdf import PdfReader

from app.store.base.clubtime import club_today, days_utc, wall_time_utc
from app.config import ConfigError
from app.extensions import db
from app.store.club.standings import season_games
from app.store.club.models import ClubSession, Season
from app.store.game.games import create_game
from tests.conftest import database_url, dispose_app, make_app
from tests.web.club_support import PLAYERS, basic, login, open_session, organiser

#: Moments (UTC) where the club's date is not the server's: Auckland is already on the next day, Los Angeles and
#: Honolulu are still on the day before.
AHEAD = [("Pacific/Auckland", datetime(2026, 11, 22, 23, 30, tzinfo=timezone.utc)),
         ("Australia/Sydney", datetime(2026, 11, 22, 22, 0, tzinfo=timezone.utc))]
BEHIND = [("America/Los_Angeles", datetime(2026, 11, 23, 2, 0, tzinfo=timezone.utc)),
          ("Pacific/Honolulu", datetime(2026, 11, 23, 1, 0, tzinfo=timezone.utc))]
CLUBS = AHEAD + BEHIND


@pytest.fixture
def server_on_utc(monkeypatch):
    """The server's own clock on UTC (as a hosted machine is), whatever this machine's zone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def club_app(tmp_path, server_on_utc, request):
    """An app whose club is in the zone the test is parametrized with."""
    application = make_app(database_url(tmp_path / "test.sqlite3"), TREYS_TIMEZONE=request.param)
    organiser(application)
    yield application
    dispose_app(application)


def club_clock(zone: str, moment: datetime) -> datetime:
    """The moment on the club's clock."""
    return moment.astimezone(ZoneInfo(zone))


def board(client, sid: int) -> dict:
    """The board's document (it calls time when the end time has passed), logged in on the test's clock."""
    login(client)
    return client.get(f"/club/sessions/{sid}/board.json").get_json()


def timed_session(client, played_on: date, ends_at: str) -> int:
    """A timed session opened from the organiser's page, its tables drawn; its id."""
    login(client)           # the login is signed with the time: log in on the clock of the test
    known = {s.id for s in db.session.query(ClubSession).all()}
    opened = client.post("/club/sessions/new", data={"played_on": played_on.isoformat(), "ruleset": "bolivia",
                                                     "kind": "time", "ends_at": ends_at, "partners": "random"})
    assert opened.status_code == 302, opened.get_data(as_text=True)
    (sid,) = {s.id for s in db.session.query(ClubSession).all()} - known    # ids are random: the new one
    client.post(f"/club/sessions/{sid}/players", data={"here": PLAYERS[:4], "ticklist": "1"})
    client.post(f"/club/sessions/{sid}/draw")
    return sid


@pytest.mark.parametrize("club_app, moment", [(zone, moment) for zone, moment in CLUBS],
                         indirect=["club_app"], ids=[zone for zone, _ in CLUBS])
def test_end_time_is_read_on_the_clubs_clock(club_app, moment):
    zone = club_app.config["TREYS_TIMEZONE"]
    here = club_clock(zone, moment)
    assert here.date() != moment.date()                   # the club is on another day than the server
    client = club_app.test_client()
    with time_machine.travel(moment, tick=False), club_app.app_context():
        later = timed_session(client, here.date(), (here + timedelta(hours=2)).strftime("%H:%M"))
        passed = timed_session(client, here.date(), (here - timedelta(minutes=1)).strftime("%H:%M"))
        assert board(client, later)["time_called"] is False
        assert board(client, passed)["time_called"] is True
        page = client.get(f"/club/sessions/{later}").get_data(as_text=True)
        assert f"ends at {(here + timedelta(hours=2)):%H:%M}" in page
    with time_machine.travel(moment + timedelta(hours=2), tick=False), club_app.app_context():
        assert board(client, later)["time_called"] is True         # two hours on, its end time has come


@pytest.mark.parametrize("club_app, moment", [(zone, moment) for zone, moment in CLUBS],
                         indirect=["club_app"], ids=[zone for zone, _ in CLUBS])
def test_the_sessions_date_is_the_clubs_date_across_utc_midnight(club_app, moment):
    zone = club_app.config["TREYS_TIMEZONE"]
    here = club_clock(zone, moment)
    client = club_app.test_client()
    with time_machine.travel(moment, tick=False):
        login(client)
        opened = open_session(client, players=PLAYERS[:8])
        assert opened.status_code == 201, opened.get_json()
        read = client.get(f"/api/v1/sessions/{opened.get_json()['id']}", headers=basic()).get_json()
        assert read["date"] == here.date().isoformat() != moment.date().isoformat()
        form = client.get("/club/sessions/new").get_data(as_text=True)
        assert f'value="{here.date().isoformat()}"' in form            # the new session's date, filled in
        with club_app.app_context():
            assert club_today() == here.date()
            stored = db.session.query(ClubSession).one().created_at
            assert stored == moment.replace(tzinfo=None)                 # kept in UTC


@pytest.mark.parametrize("club_app, moment", [AHEAD[0], BEHIND[0]], indirect=["club_app"],
                         ids=[AHEAD[0][0], BEHIND[0][0]])
def test_the_score_sheet_and_the_home_page_show_the_clubs_date_and_time(club_app, moment):
    here = club_clock(club_app.config["TREYS_TIMEZONE"], moment)
    client = club_app.test_client()
    with time_machine.travel(moment, tick=False):
        with club_app.app_context():
            game = create_game("bolivia", {}, [{"name": "Us", "players": ["Ann", "Bob"]},
                                               {"name": "Them", "players": ["Cy", "Di"]}])
            game_id, code = game.id, game.table_code
        client.get(f"/games/{game_id}?code={code}")     # the table's tablet: the club keeps its games
        text = PdfReader(BytesIO(client.get(f"/games/{game_id}/sheet.pdf").data)).pages[0].extract_text()
        assert f"{here:%A} {here.day} {here:%B %Y}" in text.replace("\n", " ")
        home = client.get("/").get_data(as_text=True)
        assert f"{here:%H:%M}" in home                                    # started today, at the club's time


@pytest.mark.parametrize("club_app", ["Pacific/Auckland"], indirect=True)
def test_the_ladder_counts_a_game_on_the_clubs_day(club_app):
    new_year = datetime(2026, 12, 31, 11, 30)          # UTC: already 1 January 2027, 00:30, in Auckland
    with club_app.app_context():
        game = create_game("bolivia", {}, [{"name": "Us", "players": ["Ann", "Bob"]},
                                           {"name": "Them", "players": ["Cy", "Di"]}])
        game.created_at, game.finished_at = new_year, new_year + timedelta(hours=1)
        old = Season(name="2026", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31))
        new = Season(name="2027", starts_on=date(2027, 1, 1), ends_on=date(2027, 12, 31))
        db.session.add_all([old, new])
        db.session.commit()
        assert [g.id for g in season_games(new)] == [game.id] and season_games(old) == []
        assert days_utc(date(2027, 1, 1), date(2027, 1, 1)) == (datetime(2026, 12, 31, 11), datetime(2027, 1, 1, 11))


@pytest.mark.parametrize("club_app", ["Europe/London"], indirect=True)
def test_a_session_across_the_clocks_going_back_keeps_its_wall_clock_end_time(club_app):
    # Sunday 25 October 2026: at 02:00 BST the clocks go back to 01:00 GMT. The session starts at 00:30 BST
    # (23:30 UTC on the Saturday) and ends at 03:00 on the club's clock, which is 03:00 UTC (GMT), not 02:00.
    start = datetime(2026, 10, 24, 23, 30, tzinfo=timezone.utc)
    client = club_app.test_client()
    with time_machine.travel(start, tick=False) as clock, club_app.app_context():
        sid = timed_session(client, date(2026, 10, 25), "03:00")
        assert db.session.get(ClubSession, sid).played_on == date(2026, 10, 25)
        clock.move_to(datetime(2026, 10, 25, 1, 10, tzinfo=timezone.utc))    # 01:10 GMT, after the change
        doc = board(client, sid)
        assert doc["time_called"] is False
        assert "started 100 min ago" in doc["tables"][0]["facts"]              # real minutes, not wall-clock ones
        clock.move_to(datetime(2026, 10, 25, 2, 59, tzinfo=timezone.utc))    # 02:59 GMT
        assert board(client, sid)["time_called"] is False
        clock.move_to(datetime(2026, 10, 25, 3, 0, tzinfo=timezone.utc))     # 03:00 GMT: the end time
        assert board(client, sid)["time_called"] is True


@pytest.mark.parametrize("club_app", ["Europe/London"], indirect=True)
def test_a_session_across_the_clocks_going_forward_keeps_its_wall_clock_end_time(club_app):
    # Sunday 29 March 2026: at 01:00 GMT the clocks go forward to 02:00 BST. A session from 00:30 GMT to 03:00 BST
    # ends at 02:00 UTC, an hour before the server's own clock says 03:00.
    client = club_app.test_client()
    with time_machine.travel(datetime(2026, 3, 29, 0, 30, tzinfo=timezone.utc), tick=False) as clock, \
            club_app.app_context():
        sid = timed_session(client, date(2026, 3, 29), "03:00")
        clock.move_to(datetime(2026, 3, 29, 1, 10, tzinfo=timezone.utc))     # 02:10 BST
        doc = board(client, sid)
        assert doc["time_called"] is False and "started 40 min ago" in doc["tables"][0]["facts"]
        clock.move_to(datetime(2026, 3, 29, 1, 59, tzinfo=timezone.utc))     # 02:59 BST
        assert board(client, sid)["time_called"] is False
        clock.move_to(datetime(2026, 3, 29, 2, 0, tzinfo=timezone.utc))      # 03:00 BST: the end time
        assert board(client, sid)["time_called"] is True


@pytest.mark.parametrize("club_app", ["Europe/London"], indirect=True)
def test_an_afternoon_set_up_the_day_before_the_change_ends_at_its_wall_time(club_app):
    # Set up on Saturday 28 March (GMT) for Sunday afternoon (BST): 16:00 on Sunday is 15:00 UTC.
    client = club_app.test_client()
    with time_machine.travel(datetime(2026, 3, 28, 17, 0, tzinfo=timezone.utc), tick=False) as clock, \
            club_app.app_context():
        sid = timed_session(client, date(2026, 3, 29), "16:00")
        assert wall_time_utc(date(2026, 3, 29), "16:00") == datetime(2026, 3, 29, 15, 0)
        clock.move_to(datetime(2026, 3, 29, 14, 59, tzinfo=timezone.utc))
        assert board(client, sid)["time_called"] is False
        clock.move_to(datetime(2026, 3, 29, 15, 0, tzinfo=timezone.utc))
        assert board(client, sid)["time_called"] is True


@pytest.mark.parametrize("club_app", ["Europe/London"], indirect=True)
def test_wall_times_in_the_spring_gap_and_the_autumn_repeat(club_app):
    with club_app.app_context():
        # 29 March 2026: 01:00 GMT jumps to 02:00 BST; 01:30 does not exist and is read with the offset before.
        assert wall_time_utc(date(2026, 3, 29), "01:30") == datetime(2026, 3, 29, 1, 30)
        assert wall_time_utc(date(2026, 3, 29), "16:00") == datetime(2026, 3, 29, 15, 0)
        # 25 October 2026: 01:30 comes twice; the first (BST) is meant.
        assert wall_time_utc(date(2026, 10, 25), "01:30") == datetime(2026, 10, 25, 0, 30)


def test_an_unknown_time_zone_stops_the_app_with_a_sentence(tmp_path):
    with pytest.raises(ConfigError, match="not a time zone this machine knows.*Europe/London"):
        make_app(database_url(tmp_path / "test.sqlite3"), TREYS_TIMEZONE="Mars/Olympus_Mons")


def test_the_machines_own_zone_is_the_default(tmp_path, monkeypatch):
    monkeypatch.delenv("TREYS_TIMEZONE", raising=False)
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    tzlocal.reload_localzone()          # tzlocal keeps the zone it read first
    try:
        application = make_app(database_url(tmp_path / "test.sqlite3"))
        assert application.config["CLUB_ZONE"] == ZoneInfo("Asia/Kolkata")
        dispose_app(application)
    finally:
        monkeypatch.undo()
        time.tzset()
        tzlocal.reload_localzone()
