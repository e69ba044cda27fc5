"""Restores by several clubs of one Treys: one after another and at the same moment, each succeeds, every other
club's rows stay as they were, and on PostgreSQL no id sequence ever moves backwards."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select, text

from app.extensions import db
from app.store.club.models import Member
from app.store.game.models import Game, Hand, HandEntry, Player, Team
from app.store.tenancy.scope import store_filter_off
from tests.web.club_support import PASSWORD, login, organiser
from tests.web.server_support import run_together
from tests.web.test_clubs_isolation import add_club
from tests.web.test_restore_page import FORMAT2, upload

#: Each club's owner (the first is the install's first club); none is an account name the backup holds.
OWNERS = ["Joan", "Beryl", "Carol", "Dora"]
#: What the backup puts in: games, hands, players on the club's list.
RESTORED = (18, 65, 9)
TABLES = (Game, Team, Player, Hand, HandEntry, Member)


@pytest.fixture
def four_clubs(app):
    """Four clubs on one Treys, each with its owner and nothing else yet."""
    organiser(app, OWNERS[0], PASSWORD)
    for number, owner in enumerate(OWNERS[1:], start=2):
        add_club(app, f"Club number {number}", owner)
    return app


def restore_as(app, owner: str) -> tuple[int, str]:
    """The owner uploads the backup on the records page and confirms it: (status, page text)."""
    client = app.test_client()
    assert login(client, owner, PASSWORD).status_code == 302
    page = upload(client, FORMAT2, "").get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token, page[:2000]
    done = client.post("/records/restore/confirm", data={"token": token.group(1)})
    return done.status_code, done.get_data(as_text=True)


def rows_by_club(app) -> dict:
    """Every club's rows of the tables a restore writes: {table: {club: sorted ids}}."""
    with app.app_context(), store_filter_off():
        found = {}
        for model in TABLES:
            rows = db.session.execute(select(model.club_id, model.id)).all()
            found[model.__tablename__] = {club: sorted(i for c, i in rows if c == club) for club, _ in rows}
        return found


def club_counts(app) -> dict[int, tuple[int, int, int]]:
    """Games, hands and players on the list, by club."""
    with app.app_context(), store_filter_off():
        by = {model: dict(db.session.execute(select(model.club_id, func.count()).group_by(model.club_id)).all())
              for model in (Game, Hand, Member)}
    return {club: (by[Game].get(club, 0), by[Hand].get(club, 0), by[Member].get(club, 0)) for club in by[Game]}


def sequences(app) -> dict[str, int]:
    """PostgreSQL: how far each id sequence has gone (empty on SQLite)."""
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            return {}
        names = db.session.execute(text(
            "SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema()")).scalars().all()
        return {name: db.session.execute(text(
            f"SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM {name}")).scalar()
            for name in names}


def test_clubs_restore_one_after_another_and_each_leaves_the_others_as_they_were(four_clubs):
    app = four_clubs
    for done, owner in enumerate(OWNERS, start=1):
        before_rows, before_sequences = rows_by_club(app), sequences(app)
        status, page = restore_as(app, owner)
        assert status == 200 and "The backup is restored: 18 games with 65 hands" in page, page[:3000]
        after_rows, after_sequences = rows_by_club(app), sequences(app)
        for table, clubs in before_rows.items():
            for club, ids in clubs.items():
                assert after_rows[table][club] == ids, (table, club)           # nobody else's row moved
        assert all(after_sequences[name] >= position for name, position in before_sequences.items())
        counts = club_counts(app)
        assert len(counts) == done and set(counts.values()) == {RESTORED}


def test_clubs_restore_at_the_same_moment_and_each_gets_its_whole_backup(four_clubs):
    app = four_clubs
    answers: dict[str, tuple[int, str]] = {}
    run_together([lambda owner=owner: answers.__setitem__(owner, restore_as(app, owner)) for owner in OWNERS])
    for owner, (status, page) in answers.items():
        assert status == 200 and "The backup is restored" in page, (owner, page[:3000])
    assert set(club_counts(app).values()) == {RESTORED} and len(club_counts(app)) == len(OWNERS)
