"""Members' email addresses by consent: the organiser adds them (or a players' import's Email column), they go in the
backup and come back from it (older backups still restore), never in the exports unless the owner asks for the
members' list; removing a member's personal data keeps their games' figures."""
import json
import re

import pytest
from sqlalchemy import select

from app.extensions import db
from app.store.club.models import Member
from app.store.people.models import MailJob, MemberContact
from app.store.game.models import Player
from tests.conftest import dispose_app, make_app, database_url
from tests.web.club_support import login, organiser
from tests.web.members_support import give_addresses, play_afternoon


@pytest.fixture
def owner(app, client):
    organiser(app)
    login(client)
    return client


def member_id(app, name: str) -> int:
    with app.app_context():
        return db.session.scalar(select(Member.id).where(Member.name == name))


def address_of(app, name: str) -> str | None:
    with app.app_context():
        return db.session.scalar(select(MemberContact.email).join(Member, Member.id == MemberContact.member_id)
                                 .where(Member.name == name))


def test_the_organiser_adds_and_takes_away_an_address(app, owner):
    play_afternoon(owner)
    ann = member_id(app, "Ann")
    assert owner.post(f"/club/members/{ann}/email", data={"email": "  Ann.Smith@Example.ORG "}).status_code == 302
    assert address_of(app, "Ann") == "Ann.Smith@example.org"
    page = owner.get("/club/members/emails")
    assert page.headers["Cache-Control"] == "no-store" and "Ann.Smith@example.org" in page.get_data(as_text=True)
    refused = owner.post(f"/club/members/{ann}/email", data={"email": "ann at home"})
    assert refused.status_code == 422 and "does not look like an email address" in refused.get_data(as_text=True)
    assert address_of(app, "Ann") == "Ann.Smith@example.org"           # nothing stored from the bad one
    owner.post(f"/club/members/{ann}/email", data={"email": ""})
    assert address_of(app, "Ann") is None


def test_an_import_with_an_email_column_gives_the_addresses(app, owner):
    data = "Name,Email\nAnn Smith,ann@example.org\nBob Jones,\n".encode()
    from io import BytesIO
    owner.post("/records/players/import", data={"file": (BytesIO(data), "members.csv")},
               content_type="multipart/form-data")
    assert address_of(app, "Ann Smith") == "ann@example.org" and address_of(app, "Bob Jones") is None
    bad = "Name,Email\nCy Brown,cy@@nowhere\n".encode()
    owner.post("/records/players/import", data={"file": (BytesIO(bad), "members.csv")},
               content_type="multipart/form-data")
    assert member_id(app, "Cy Brown") is None                           # all or nothing


def test_addresses_are_in_no_export_but_in_the_owners_members_list(app, owner):
    play_afternoon(owner)
    give_addresses(app, {"Ann": "ann@example.org"})
    for name in ("games", "hands", "players"):
        assert "ann@example.org" not in owner.get(f"/records/{name}.csv").get_data(as_text=True)
    listed = owner.get("/club/members/list.csv")
    assert listed.status_code == 200 and "Ann,ann@example.org,no" in listed.get_data(as_text=True)
    organiser(app, "Olive", "organiser-pass")                # an organiser, not the owner: no members' list
    other = app.test_client()
    login(other, "Olive", "organiser-pass")
    assert other.get("/club/members/list.csv").status_code == 403


def test_addresses_survive_a_backup_and_restore_and_an_older_backup_still_restores(app, owner, tmp_path):
    play_afternoon(owner)
    give_addresses(app, {"Ann": "ann@example.org", "Bob": "bob@example.org"})
    with app.app_context():
        token = db.session.scalar(select(MemberContact.stop_token).where(MemberContact.email == "bob@example.org"))
    app.test_client().post(f"/stop/{token}")
    file = tmp_path / "club.json"
    assert app.test_cli_runner().invoke(args=["backup", str(file)]).exit_code == 0
    document = json.loads(file.read_text())
    assert {m["name"]: m.get("email") for m in document["members"]}["Ann"] == "ann@example.org"
    older = tmp_path / "older.json"          # a backup made before addresses were kept
    for member in document["members"]:
        for key in [k for k in member if k.startswith("email")]:
            del member[key]
    older.write_text(json.dumps(document))
    for source, expected in ((file, {"Ann": "ann@example.org", "Bob": "bob@example.org"}), (older, {})):
        fresh = make_app(database_url(tmp_path / f"fresh-{source.stem}.sqlite3"))
        try:
            result = fresh.test_cli_runner().invoke(args=["restore", "--yes", str(source)])
            assert result.exit_code == 0, result.output
            with fresh.app_context():
                rows = db.session.execute(select(Member.name, MemberContact.email, MemberContact.stop_token,
                                                 MemberContact.stopped_at)
                                          .join(Member, Member.id == MemberContact.member_id)).all()
                assert {name: email for name, email, _, _ in rows} == expected
                if expected:
                    stopped = {name: (tok, at) for name, _, tok, at in rows}["Bob"]
                    assert stopped[0] == token and stopped[1] is not None
        finally:
            dispose_app(fresh)


def test_removing_a_members_personal_data_keeps_their_games_figures(app, owner):
    doc = play_afternoon(owner)
    give_addresses(app, {"Ann": "ann@example.org"})
    before = owner.get(f"/club/sessions/{doc['id']}/results").get_data(as_text=True)
    table = next(t for t in doc["tables"] if any("Ann" in team for team in t["teams"]))
    game_before = owner.get(f"/api/v1/games/{table['game_id']}").get_json()
    ann = member_id(app, "Ann")
    with app.app_context():                 # a line of the session's record that names her
        from app.store.club.models import ClubSession
        from app.store.game.gamelog import Actor, ActorKind
        from app.store.club.sessionlog import SessionEventKind, save_session_change
        save_session_change(db.session.get(ClubSession, doc["id"]), SessionEventKind.LATECOMER_SEATED,
                            Actor(ActorKind.ORGANISER, "1", "the organiser"), "Ann arrived late; Annette did not.")
    assert owner.post(f"/club/members/{ann}/forget", data={}).status_code == 302       # not ticked: nothing
    assert address_of(app, "Ann") == "ann@example.org"
    owner.post(f"/club/members/{ann}/forget", data={"confirmed": "yes"})
    new = f"Former member {ann}"
    with app.app_context():
        assert db.session.get(Member, ann).name == new
        assert db.session.scalar(select(MemberContact)) is None
        assert db.session.scalar(select(Player).where(Player.name == "Ann")) is None
        assert all(job.address == "" for job in db.session.scalars(select(MailJob).where(MailJob.member_id == ann)))
    after = owner.get(f"/club/sessions/{doc['id']}/results").get_data(as_text=True)
    assert ">Ann<" not in after and new in after
    assert after.replace(new, "Ann").count("<td>") == before.count("<td>")
    game = owner.get(f"/api/v1/games/{table['game_id']}").get_json()
    assert json.dumps(game["hands"]).replace(new, "Ann") == json.dumps(game_before["hands"])   # the figures stand
    assert game["outcome"] == game_before["outcome"]
    assert '"Ann"' not in json.dumps(game) and new in json.dumps(game)
    events = json.dumps(owner.get(f"/api/v1/games/{table['game_id']}/events").get_json())
    assert "Ann" not in events.replace("Annotated", "") and new in events
    with app.app_context():
        from app.store.club.models import SessionEvent
        words = " ".join(db.session.scalars(select(SessionEvent.words)))
        assert re.search(r"\bAnn\b", words) is None and f"{new} arrived late; Annette did not." in words


@pytest.mark.skipif(not __import__("os").environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="row-level security is PostgreSQL's; SQLite has the store's filter alone")
def test_postgresql_keeps_each_clubs_addresses_settings_and_outbox_to_itself(app, owner):
    from app.store.tenancy.clubs import add_club
    from app.store.people.models import ClubSettings
    from app.store.tenancy.scope import in_club, store_filter_off
    give_addresses(app, {"Ann": "ann@example.org"})
    owner.post("/club/settings", data={"visibility": "link"})
    with app.app_context():
        hove = add_club("Hove U3A Canasta", "hove")
        db.session.commit()
        hove_id = hove.id
        secured = set(db.session.scalars(db.text("SELECT relname FROM pg_class WHERE relrowsecurity "
                                                 "AND pg_table_is_visible(oid)")))
        assert {"club_settings", "member_contact", "mail_job"} <= secured
        with in_club(hove_id), store_filter_off():
            seen = [db.session.scalars(select(model)).all() for model in (MemberContact, ClubSettings, MailJob)]
        db.session.rollback()
    assert seen == [[], [], []]
