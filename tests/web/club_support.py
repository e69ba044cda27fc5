"""Helpers for the club tests: an organiser, HTTP Basic headers, a session opened through the API, hands."""
from base64 import b64encode

from sqlalchemy import select

from app.club.auth import add_organiser
from app.extensions import db
from app.store.club_models import ClubSession

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


def session_ids(app) -> list[int]:
    """The sessions' ids in the order they were opened (ids are random: counting them finds nothing)."""
    with app.app_context():
        return list(db.session.scalars(select(ClubSession.id).order_by(ClubSession.created_at, ClubSession.id)))


def open_session(client, players=PLAYERS, **extra):
    """Open a session through the API; the response."""
    body = {"ruleset": "bolivia", "format": {"kind": "time"}, "players": list(players), "partners": "random"}
    body.update(extra)
    return client.post("/api/v1/sessions", json=body, headers=basic())


def enter_hand(client, table: dict, points=(200, 100), **flags):
    """Enter one hand at a drawn table through the games API (stock ran out, no sets)."""
    teams = [{"table_points": p} for p in points]
    return client.post(f"/api/v1/games/{table['game_id']}/hands", json={"teams": teams},
                       headers={"X-Table-Code": table["table_code"]})
