"""Merging two entries that are the same person: their games and sessions follow."""
from datetime import date

from sqlalchemy import select

from app.store.club.models import Attendance, ClubSession, Member
from app.extensions import db
from app.store.game.models import Player
from tests.web.club_support import login, organiser
from tests.web.test_api_games import new_game


def test_merge_moves_games_and_sessions(app):
    client = app.test_client()
    organiser(app)
    login(client)
    new_game(client, teams=[{"name": "Us", "players": ["Ann Smith", "B"]}, {"name": "Them", "players": ["C", "D"]}])
    new_game(client, teams=[{"name": "Us", "players": ["Annie Smith", "B"]}, {"name": "Them", "players": ["C", "D"]}])
    with app.app_context():
        ann, annie = Member(name="Ann Smith"), Member(name="Annie Smith")
        both = ClubSession(played_on=date(2026, 3, 1), ruleset_id="bolivia")
        only_annie = ClubSession(played_on=date(2026, 3, 8), ruleset_id="bolivia")
        db.session.add_all([ann, annie, both, only_annie])
        db.session.flush()
        both.attendees = [Attendance(member=ann), Attendance(member=annie)]
        only_annie.attendees = [Attendance(member=annie)]
        db.session.execute(Player.__table__.update().where(Player.name == "Ann Smith").values(member_id=ann.id))
        db.session.commit()
        ids = (ann.id, annie.id)
        sessions = sorted((both.id, only_annie.id))
    page = client.post("/records/players/merge", data={"keep": ids[0], "other": ids[1]},
                       follow_redirects=True).get_data(as_text=True)
    assert "every game and session is now under Ann Smith" in page
    with app.app_context():
        assert list(db.session.scalars(select(Member.name))) == ["Ann Smith"]
        seats = db.session.scalars(select(Player.member_id).where(Player.name.in_(["Ann Smith", "Annie Smith"])))
        assert list(seats) == [ids[0], ids[0]]
        kept = select(Attendance.session_id).where(Attendance.member_id == ids[0])
        assert sorted(db.session.scalars(kept)) == sessions
        assert db.session.scalar(select(db.func.count()).select_from(Attendance)) == 2


def test_merge_refuses_the_same_or_unknown_players(app):
    client = app.test_client()
    organiser(app)
    login(client)
    with app.app_context():
        db.session.add(Member(name="Ann Smith"))
        db.session.commit()
    page = client.post("/records/players/merge", data={"keep": 1, "other": 1}, follow_redirects=True).get_data(as_text=True)
    assert "two different players" in page
    page = client.post("/records/players/merge", data={"keep": 1, "other": "x"}, follow_redirects=True).get_data(as_text=True)
    assert "Choose two players from the club" in page
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Member)) == 1


def test_the_records_page_offers_the_merge_form(app):
    client = app.test_client()
    organiser(app)
    login(client)
    with app.app_context():
        db.session.add_all([Member(name="Ann Smith"), Member(name="Annie Smith")])
        db.session.commit()
    page = client.get("/records/").get_data(as_text=True)
    assert "Merge the two" in page and page.count(">Annie Smith</option>") == 2
