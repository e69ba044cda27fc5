"""Helpers for the members' tests: an afternoon played to its end, members' addresses, the owner's settings."""
from sqlalchemy import select

from app.extensions import db
from app.store.club.models import Member
from app.store.people.models import ClubSettings
from tests.web.club_support import basic, enter_hand, login, open_session, organiser

PLAYED = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def play_afternoon(client, players=PLAYED) -> dict:
    """Open a timed session of two tables, call time, and enter each table's last hand: the afternoon is over.
    Returns the session's document as opened."""
    doc = open_session(client, players=players).get_json()
    assert client.post(f"/api/v1/sessions/{doc['id']}/call-time", headers=basic()).status_code == 200
    for table in doc["tables"]:
        assert enter_hand(client, table, points=(300, 100)).status_code == 201
    return doc


def give_addresses(app, addresses: dict[str, str]) -> None:
    """Members with these addresses (added to the club's list when new), through the store's one write path."""
    from app.store.people.members import note_address
    with app.app_context():
        for name, address in addresses.items():
            member = db.session.scalar(select(Member).where(Member.name == name))
            if member is None:
                member = Member(name=name)
                db.session.add(member)
                db.session.flush()
            note_address(member, address, "the test")
        db.session.commit()


def members_link(app) -> str:
    """The club's members' link as stored."""
    with app.app_context():
        return db.session.scalar(select(ClubSettings.link))


def mail_settings(port: int) -> dict:
    """The install's mail server: the suite's own, listening on this port."""
    return {"MAIL_HOST": "127.0.0.1", "MAIL_PORT": port, "MAIL_TLS": "none", "MAIL_FROM": "results@club.example"}


def ready_to_mail(app, client, port: int, addresses: dict[str, str]):
    """An install sending through the suite's mail server on `port`, its organiser signed in on `client`, and
    members with these addresses: the client."""
    app.config.update(mail_settings(port))
    organiser(app)
    login(client)
    give_addresses(app, addresses)
    return client
