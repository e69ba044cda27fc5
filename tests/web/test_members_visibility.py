"""Each club chooses who reads its records on the owner's settings page: its accounts, anyone with its own
link (replacing it ends the old one), or anyone; never table codes, accounts, backups or exports."""
import pytest
from sqlalchemy import select

from app.web.sign_in import add_organiser
from app.extensions import db
from app.store.club.models import Member, Season
from app.store.people.models import ClubSettings, Role
from app.store.tenancy.clubs import add_club
from app.store.tenancy.scope import in_club
from tests.web.club_support import login, organiser
from tests.web.members_support import members_link, play_afternoon


@pytest.fixture
def owner(app, client):
    organiser(app)          # the club's first account: its owner
    login(client)
    return client


def choose(client, visibility: str, **extra):
    return client.post("/club/settings", data={"visibility": visibility, **extra})


def a_member_id(app) -> int:
    with app.app_context():
        return db.session.scalar(select(Member.id).where(Member.name == "Ann"))


def test_a_club_starts_with_its_records_for_its_accounts_only(app, owner):
    play_afternoon(owner)
    ann = a_member_id(app)
    stranger = app.test_client()
    assert stranger.get(f"/records/players/{ann}").status_code in (302, 401)
    page = owner.get("/club/settings").get_data(as_text=True)
    assert 'value="accounts" checked' in page and "members-link" not in page


def test_the_link_opens_the_members_page_and_a_new_link_ends_the_old(app, owner):
    doc = play_afternoon(owner)
    assert choose(owner, "link").status_code == 302
    link = members_link(app)
    assert link and len(link) >= 32
    stranger = app.test_client()
    home = stranger.get(f"/members/{link}")
    assert home.status_code == 200 and home.headers["Cache-Control"] == "no-store"
    text = home.get_data(as_text=True)
    assert f"/members/{link}/afternoons/{doc['id']}" in text
    afternoon = stranger.get(f"/members/{link}/afternoons/{doc['id']}").get_data(as_text=True)
    assert "Results ·" in afternoon and "members-hands" in afternoon
    assert afternoon.count("Hand 1 ·") == 2 and "<b>+300</b>, total <b>300</b>" in afternoon
    for table in doc["tables"]:
        assert table["table_code"] not in afternoon            # no table code on a members' page
    assert "<form" not in afternoon and "<form" not in text     # nothing on it writes
    ann = a_member_id(app)
    assert "<h1>Ann</h1>" in stranger.get(f"/members/{link}/players/{ann}").get_data(as_text=True)
    assert stranger.get(f"/records/players/{ann}").status_code in (302, 401)   # shared by link, not public
    assert owner.post("/club/settings/link").status_code == 302
    assert stranger.get(f"/members/{link}").status_code == 404
    assert stranger.get(f"/members/{members_link(app)}").status_code == 200
    assert stranger.get("/members/not-a-link").status_code == 404


def test_public_records_open_to_anyone_but_never_exports_backups_or_accounts(app, owner):
    play_afternoon(owner)
    with app.app_context():
        db.session.add(Season(name="2026", starts_on=__import__("datetime").date(2026, 1, 1),
                              ends_on=__import__("datetime").date(2026, 12, 31)))
        db.session.commit()
        season = db.session.scalar(select(Season.id))
    choose(owner, "public")
    stranger = app.test_client()
    assert stranger.get(f"/records/players/{a_member_id(app)}").status_code == 200
    assert stranger.get(f"/records/seasons/{season}").status_code == 200
    for private in ("/records/", "/records/games.csv", "/records/backup.json", "/club/accounts", "/club/settings",
                    "/club/members/emails"):
        assert stranger.get(private).status_code in (302, 401, 404), private
    choose(owner, "accounts")
    assert stranger.get(f"/records/players/{a_member_id(app)}").status_code in (302, 401)
    assert stranger.get(f"/members/{members_link(app)}").status_code == 404


def test_records_public_is_the_first_clubs_starting_choice_until_its_owner_chooses(app, owner):
    play_afternoon(owner)
    app.config["RECORDS_PUBLIC"] = True
    stranger = app.test_client()
    assert stranger.get(f"/records/players/{a_member_id(app)}").status_code == 200
    choose(owner, "accounts")
    assert stranger.get(f"/records/players/{a_member_id(app)}").status_code in (302, 401)


def test_only_the_owner_changes_who_reads_the_records(app, owner):
    with app.app_context():
        add_organiser("Olive", "organiser-pass", role=Role.ORGANISER)
    other = app.test_client()
    login(other, "Olive", "organiser-pass")
    assert other.get("/club/settings").status_code == 403
    assert choose(other, "public").status_code == 403
    assert choose(owner, "everyone").status_code == 400
    with app.app_context():
        assert db.session.scalar(select(ClubSettings)) is None


def test_each_club_of_a_host_has_its_own_choice_and_link(app, owner):
    choose(owner, "link")
    first_link = members_link(app)
    with app.app_context():
        hove = add_club("Hove U3A Canasta", "hove")
        db.session.commit()
        hove_id = hove.id
        with in_club(hove_id):
            add_organiser("Hilda", "hove-owner-pass", club_id=hove_id)
            db.session.add(Member(name="Zed"))
            db.session.commit()
    hilda = app.test_client()
    login(hilda, "Hilda", "hove-owner-pass")
    assert 'value="accounts" checked' in hilda.get("/club/settings").get_data(as_text=True)
    choose(hilda, "link")
    first = app.test_client().get(f"/members/{first_link}")
    with app.app_context():
        links = dict(db.session.execute(select(ClubSettings.club_id, ClubSettings.link)).all())
    assert len(set(links.values())) == 2 and first_link in links.values()
    second = app.test_client().get(f"/members/{links[hove_id]}").get_data(as_text=True)
    assert first.status_code == 200 and "Zed" not in first.get_data(as_text=True)
    assert "Zed" in second and "Hove U3A Canasta" in second
