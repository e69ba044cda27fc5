"""The club's list of players for the organiser: short names and active, nothing stored on bad input."""
import pytest

from app.store.club.models import Member
from app.extensions import db
from tests.web.club_support import login, organiser


@pytest.fixture
def club(app):
    """A logged-in organiser's client and two players; their ids."""
    organiser(app)
    client = app.test_client()
    login(client)
    with app.app_context():
        ann, bob = Member(name="Ann Ängel", short_name="Ann"), Member(name="Bob Brown", active=False)
        db.session.add_all([ann, bob])
        db.session.commit()
        return client, ann.id, bob.id


def member(app, member_id):
    with app.app_context():
        m = db.session.get(Member, member_id)
        return m.name, m.short_name, m.active


def test_the_list_needs_the_organiser(client):
    assert client.get("/records/players").status_code == 302
    assert client.post("/records/players/1", data={"short_name": "X"}).status_code in (302, 400)


def test_the_list_shows_every_player_and_says_no_other_personal_data_is_kept(app, club):
    client, ann, bob = club
    page = client.get("/records/players").get_data(as_text=True)
    assert "No addresses, telephone numbers or other personal data" in page
    assert page.index("Ann Ängel") < page.index("Bob Brown")
    assert f'/records/players/{ann}"' in page and 'value="Ann"' in page
    assert "/records/players" in client.get("/records/").get_data(as_text=True)


def test_a_short_name_and_active_are_kept(app, club):
    client, ann, bob = club
    saved = client.post(f"/records/players/{bob}", data={"short_name": "  Bobby   B ", "active": "yes"},
                        follow_redirects=True)
    assert "Saved: Bob Brown (Bobby B) is active." in saved.get_data(as_text=True)
    assert member(app, bob) == ("Bob Brown", "Bobby B", True)
    client.post(f"/records/players/{ann}", data={"short_name": ""})
    assert member(app, ann) == ("Ann Ängel", None, False)


@pytest.mark.parametrize("short_name, message", [
    ("A" * 21, "A short name has at most 20 letters; this one has 21."),
    ("Ann\x07", "A short name is letters, spaces and punctuation only."),
])
def test_a_bad_short_name_changes_nothing(app, club, short_name, message):
    client, ann, _ = club
    refused = client.post(f"/records/players/{ann}", data={"short_name": short_name}, follow_redirects=True)
    text = refused.get_data(as_text=True)
    assert message in text and "Nothing was changed." in text
    assert member(app, ann) == ("Ann Ängel", "Ann", True)


def test_an_unknown_player_is_404(app, club):
    client, _, _ = club
    assert client.post("/records/players/999999", data={"short_name": "X"}).status_code == 404


def test_an_inactive_player_is_not_offered_at_a_new_game(app, club):
    client, ann, bob = club
    client.post(f"/records/players/{ann}", data={"short_name": "Ann"}, follow_redirects=True)
    client.post(f"/records/players/{bob}", data={"short_name": "", "active": "yes"}, follow_redirects=True)
    page = client.get("/games/new").get_data(as_text=True)
    assert "Bob Brown" in page and "Ann Ängel" not in page
