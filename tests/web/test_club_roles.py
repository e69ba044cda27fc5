"""Roles in a club: the owner alone manages accounts, backups and restores; a results viewer reads and changes
nothing; a one-time link makes one account, once."""
from __future__ import annotations

import re

from sqlalchemy import select

from app.extensions import db
from app.store.people.accounts import Joined, join_by_invitation
from app.store.people.models import Invitation, Organiser
from app.store.people.sign_ins import SignIn
from tests.web.club_support import PASSWORD, basic, login, open_session, organiser


def invite(client, role: str) -> str:
    """The one-time link the owner's accounts page shows for a new account with this role."""
    page = client.post("/club/accounts/invite", data={"role": role})
    assert page.status_code == 200
    return re.search(r"http://localhost(/join/[A-Za-z0-9_-]+)", page.get_data(as_text=True)).group(1)


def join(client, link: str, name: str):
    """Make the account the link offers."""
    return client.post(link, data={"name": name, "password": PASSWORD, "confirm": PASSWORD})


def pat_joined(app, client):
    """The owner signed in on `client` invites Pat, who joins as an organiser: (Pat's client, Pat's id)."""
    organiser(app)
    login(client)
    pat = app.test_client()
    join(pat, invite(client, "organiser"), "Pat")
    with app.app_context():
        return pat, db.session.scalar(select(Organiser.id).where(Organiser.name == "Pat"))


def test_the_first_account_is_the_owner_and_its_link_makes_an_organiser_once(app, client):
    organiser(app)
    login(client)
    assert 'href="/club/accounts"' in client.get("/club").get_data(as_text=True)
    link = invite(client, "organiser")
    client.post("/logout")
    newcomer = app.test_client()
    assert newcomer.get(link).status_code == 200
    assert join(newcomer, link, "Pat").status_code == 302
    assert newcomer.get("/club").status_code == 200                   # signed in at once
    again = app.test_client().get(link)
    assert again.status_code == 404 and "used" in again.get_data(as_text=True)
    with app.app_context():
        roles = dict(db.session.execute(select(Organiser.name, Organiser.role)).all())
    assert roles == {"Margaret": "owner", "Pat": "organiser"}


def test_a_link_with_a_bad_password_makes_nothing_and_still_works(app, client):
    organiser(app)
    login(client)
    link = invite(client, "viewer")
    newcomer = app.test_client()
    refused = newcomer.post(link, data={"name": "Pat", "password": "short", "confirm": "short"})
    assert refused.status_code == 422 and "at least 8" in refused.get_data(as_text=True)
    assert join(newcomer, link, "Pat").status_code == 302


def test_an_organiser_cannot_reach_the_owners_pages(app, client):
    organiser(app)
    login(client)
    link = invite(client, "organiser")
    pat = app.test_client()
    join(pat, link, "Pat")
    for path in ("/club/accounts", "/records/backup.json"):
        response = pat.get(path)
        assert response.status_code == 403 and "owner" in response.get_data(as_text=True)
    assert pat.post("/records/backup.json").status_code == 403
    assert pat.post("/club/accounts/invite", data={"role": "owner"}).status_code == 403
    assert pat.get("/records/").status_code == 200


def test_a_viewer_reads_results_and_changes_nothing(app, client):
    organiser(app)
    login(client)
    session = open_session(client).get_json()
    link = invite(client, "viewer")
    viewer = app.test_client()
    join(viewer, link, "Vera")
    assert viewer.get(f"/club/sessions/{session['id']}/results").status_code == 200
    assert viewer.get("/records/players.csv").status_code == 200
    refused = viewer.post(f"/club/sessions/{session['id']}/call-time")
    assert refused.status_code == 403 and "changes nothing" in refused.get_data(as_text=True)
    api = viewer.post(f"/api/v1/sessions/{session['id']}/call-time", headers=basic("Vera"))
    assert api.status_code == 403
    assert viewer.get(f"/api/v1/sessions/{session['id']}", headers=basic("Vera")).status_code == 200
    assert viewer.post("/logout").status_code == 302


def test_the_owner_removes_an_account_and_its_sessions_end(app, client):
    pat, pat_id = pat_joined(app, client)
    assert client.post(f"/club/accounts/{pat_id}/remove").status_code == 302
    assert pat.get("/club").status_code == 302                       # back to the login page
    assert login(app.test_client(), "Pat").status_code == 401


def test_a_link_for_a_name_already_taken_makes_nothing_and_still_works(app, client):
    organiser(app)
    login(client)
    link = invite(client, "organiser")
    newcomer = app.test_client()
    refused = join(newcomer, link, "Margaret")
    assert refused.status_code == 422 and "already an organiser called Margaret" in refused.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalars(select(Organiser.name)).all() == ["Margaret"]
    assert join(newcomer, link, "Pat").status_code == 302               # the link was not used up
    assert app.test_client().get(link).status_code == 404


def test_a_removed_account_keeps_no_sign_in(app, client):
    _, pat_id = pat_joined(app, client)
    with app.app_context():
        assert db.session.scalars(select(SignIn.id).where(SignIn.organiser_id == pat_id)).all()
    assert client.post(f"/club/accounts/{pat_id}/remove").status_code == 302
    with app.app_context():
        assert db.session.get(Organiser, pat_id) is None
        assert db.session.scalars(select(SignIn.id).where(SignIn.organiser_id == pat_id)).all() == []


def test_a_name_taken_at_the_same_moment_leaves_the_link_waiting(app, client):
    organiser(app)
    login(client)
    link = invite(client, "organiser")
    with app.app_context():
        invitation = db.session.scalar(select(Invitation))
        same_name = Organiser(name="Margaret", role="organiser")          # made between the check and the save
        same_name.set_password(PASSWORD)
        assert join_by_invitation(invitation, same_name) is Joined.NAME_TAKEN
        assert db.session.scalar(select(Invitation.used_at)) is None
        assert db.session.scalars(select(Organiser.name)).all() == ["Margaret"]
    assert join(app.test_client(), link, "Pat").status_code == 302
