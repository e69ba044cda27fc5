"""Helpers for the club tests: an organiser signed in (a test client, a server of its own, a browser page), HTTP
Basic headers, a session opened and drawn through the API (timed sessions dated the day they end), hands."""
from base64 import b64encode
from contextlib import contextmanager
from datetime import date, datetime

from sqlalchemy import select

from app.web.sign_in import add_organiser
from app.extensions import db
from app.store.club.models import ClubSession
from app.store.game.models import Game
from app.store.base.clubtime import club_now
from tests.conftest import served

NAME, PASSWORD = "Margaret", "bridge-and-tea"
PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou", "Max"]


def organiser(app, name: str = NAME, password: str = PASSWORD) -> None:
    """Add an organiser account."""
    with app.app_context():
        add_organiser(name, password)


def basic(name: str = NAME, password: str = PASSWORD) -> dict:
    """HTTP Basic auth headers."""
    token = b64encode(f"{name}:{password}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


def login(client, name: str = NAME, password: str = PASSWORD):
    """Log the test client in as the organiser."""
    return client.post("/login", data={"name": name, "password": password})


@contextmanager
def organised(tmp_path_factory, schema: str, **config):
    """A server of its own with the organiser, and a test client signed in: yields (app, base URL, client)."""
    with served(tmp_path_factory, schema, **config) as (app, base_url):
        organiser(app)
        client = app.test_client()
        login(client)
        yield app, base_url, client


def signed_in(browser, base_url: str, scheme: str, viewport=None, **options):
    """A page in a browser context of its own (1024x768 unless told; `options` as Playwright's new_context takes
    them) in this colour scheme, signed in as the organiser through the login page."""
    page = browser.new_context(viewport=viewport or {"width": 1024, "height": 768}, **options).new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(base_url + "/login")
    page.get_by_label("Name").fill(NAME)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/club")
    return page


def session_ids(app) -> list[int]:
    """The sessions' ids in the order they were opened (ids are random: counting them finds nothing)."""
    with app.app_context():
        return list(db.session.scalars(select(ClubSession.id).order_by(ClubSession.created_at, ClubSession.id)))


def open_session(client, players=PLAYERS, **extra):
    """Open a session through the API; the response."""
    body = {"ruleset": "bolivia", "format": {"kind": "time"}, "players": list(players), "partners": "random"}
    body.update(extra)
    return client.post("/api/v1/sessions", json=body, headers=basic())


def drawn(app, client, **extra) -> dict:
    """A session of eight drawn through the API, the organiser logged in on `client`; its document."""
    organiser(app)
    login(client)
    doc = open_session(client, PLAYERS[:8], **extra)
    assert doc.status_code == 201, doc.get_data(as_text=True)
    return doc.get_json()


def tablet_of(app, table: dict):
    """A player's tablet: a client of its own holding the table's code."""
    tablet = app.test_client()
    tablet.post(f"/games/{table['game_id']}/code", data={"code": table["table_code"], "next": ""})
    return tablet


def club_clock(app) -> datetime:
    """Now on the app's club clock (aware)."""
    with app.app_context():
        return club_now()


def dated(app, session_id: int, day: date) -> None:
    """Date a session `day` (the API dates it today): its set end time is a wall time on that day."""
    with app.app_context():
        db.session.get(ClubSession, session_id).played_on = day
        db.session.commit()


def timed_session(app, client, players, ends: datetime, **extra) -> dict:
    """A timed session opened through the API ending at `ends` on the club's clock and dated the day it ends, so an
    end past midnight is tomorrow's, never one gone by, whatever the hour; its document."""
    opened = open_session(client, players, format={"kind": "time", "ends_at": f"{ends:%H:%M}"}, **extra)
    assert opened.status_code == 201, opened.get_data(as_text=True)
    doc = opened.get_json()
    dated(app, doc["id"], ends.date())
    return doc


def enter_hand(client, table: dict, points=(200, 100), **flags):
    """Enter one hand at a drawn table through the games API (stock ran out, no sets)."""
    teams = [{"table_points": p} for p in points]
    return client.post(f"/api/v1/games/{table['game_id']}/hands", json={"teams": teams},
                       headers={"X-Table-Code": table["table_code"]})


def holding_code(app, game_id: int) -> dict:
    """The X-Table-Code header of the game's table (its tablets read a game the club keeps with it)."""
    with app.app_context():
        return {"X-Table-Code": db.session.get(Game, game_id).table_code}


def public_club(app) -> None:
    """The club's owner made its records public: anyone reads its games (for tests of what a page shows, not who
    reads it: tests/web/test_games_kept.py holds that)."""
    from app.store.people.members import save_settings, settings_of_club
    from app.store.people.models import Visibility
    with app.app_context():
        save_settings(settings_of_club(), visibility=Visibility.PUBLIC, email_when_done=True, email_form=False,
                      by="the test")
