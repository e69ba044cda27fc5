"""Restore from the records page: upload, a confirmation with what will be put in and what happens to the
accounts, the result; CSRF checked; a bad file is a clear sentence and changes nothing; never a 500."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.extensions import db
from app.store.club.models import Member
from app.store.people.models import Organiser
from app.store.game.models import Game, Hand
from tests.web.club_support import organiser

BACKUPS = Path(__file__).resolve().parents[1] / "backups"
FORMAT2 = (BACKUPS / "format2.json").read_bytes()


def csrf_of(page: str) -> str:
    """The CSRF token of a page's form."""
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def upload(client, data: bytes, token: str, name: str = "treys-backup.json"):
    """Post the file as the records page's form does."""
    return client.post("/records/restore", data={"csrf_token": token, "backup": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def counts(app) -> tuple[int, int, int]:
    """Games, hands and club players stored."""
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(m)) for m in (Game, Hand, Member))


@pytest.fixture
def organiser_client(csrf_app):
    """A logged-in organiser (the install's first account) on an app with CSRF on."""
    organiser(csrf_app, "Joan", "joans-own-password")
    client = csrf_app.test_client()
    page = client.get("/login").get_data(as_text=True)
    response = client.post("/login", data={"name": "Joan", "password": "joans-own-password",
                                           "csrf_token": csrf_of(page)})
    assert response.status_code in (302, 303)
    return client


def test_upload_confirm_and_result(csrf_app, organiser_client):
    records = organiser_client.get("/records/").get_data(as_text=True)
    assert "Restore a backup" in records
    response = upload(organiser_client, FORMAT2, csrf_of(records))
    page = response.get_data(as_text=True)
    assert response.status_code == 200, page
    for label, figure in (("Games", 18), ("Hands", 65), ("Players on the club.s list", 9), ("Sessions", 3),
                          ("Seasons", 1)):
        assert re.search(rf"<th scope=\"row\">{label}</th><td>{figure}</td>", page), label
    assert "Accounts here stay as they are, with their passwords: Joan." in page
    assert "Accounts of the backup added, with the passwords they had: Margaret, Tom." in page
    assert counts(csrf_app) == (0, 0, 0)                     # nothing written before the confirmation
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    done = organiser_client.post("/records/restore/confirm", data={"csrf_token": csrf_of(page), "token": token})
    result = done.get_data(as_text=True)
    assert done.status_code == 200, result
    assert "The backup is restored: 18 games with 65 hands, 9 players on the club&#39;s list, 3 sessions and 1 season." in result
    assert "Accounts kept as they were: <strong>Joan</strong>" in result
    assert counts(csrf_app) == (18, 65, 9)
    with csrf_app.app_context():
        assert db.session.scalars(select(Organiser.name).order_by(Organiser.id)).all() == ["Joan", "Margaret", "Tom"]
    again = organiser_client.post("/records/restore/confirm", data={"csrf_token": csrf_of(page), "token": token})
    assert again.status_code == 409 and "no longer waiting" in again.get_data(as_text=True)
    assert counts(csrf_app) == (18, 65, 9)


def test_the_upload_and_the_confirmation_need_the_csrf_token(csrf_app, organiser_client):
    assert upload(organiser_client, FORMAT2, "not-the-token").status_code == 400
    page = upload(organiser_client, FORMAT2, csrf_of(organiser_client.get("/records/").get_data(as_text=True)))
    token = re.search(r'name="token" value="([^"]+)"', page.get_data(as_text=True)).group(1)
    assert organiser_client.post("/records/restore/confirm", data={"token": token}).status_code == 400
    assert counts(csrf_app) == (0, 0, 0)


def test_only_an_organiser_restores(csrf_app):
    response = csrf_app.test_client().post("/records/restore", data={"backup": (io.BytesIO(FORMAT2), "b.json")},
                                           content_type="multipart/form-data")
    assert response.status_code in (302, 400, 401)
    assert counts(csrf_app) == (0, 0, 0)


def damaged() -> bytes:
    """The format 2 backup with a hand pointing at a team its game does not have."""
    document = json.loads(FORMAT2)
    del document["games"][-2]["hands"][0]["entries"][1]
    return json.dumps(document).encode()


@pytest.mark.parametrize("data, said, status", [
    (b"", "Choose the backup file first", 400),
    (b"\x89PNG\r\n\x1a\n binary", "not a Treys backup", 422),
    (b'{"format": "treys-backup", "version": 7}', "format version 7", 422),
    (b"[" * 200000, "not a Treys backup", 422),
    (damaged(), "gives figures for 1 of the game&#39;s 2 teams", 422),
])
def test_a_bad_file_is_a_sentence_and_changes_nothing(csrf_app, organiser_client, data, said, status):
    token = csrf_of(organiser_client.get("/records/").get_data(as_text=True))
    response = upload(organiser_client, data, token, "" if not data else "backup.json")
    page = response.get_data(as_text=True)
    assert response.status_code == status, page
    assert "Nothing was restored and nothing was changed." in page and said in page
    assert counts(csrf_app) == (0, 0, 0)


def test_an_install_with_games_is_not_restored_over(csrf_app, organiser_client):
    token = csrf_of(organiser_client.get("/records/").get_data(as_text=True))
    page = upload(organiser_client, FORMAT2, token).get_data(as_text=True)
    confirm = re.search(r'name="token" value="([^"]+)"', page).group(1)
    with csrf_app.app_context():                           # a game is started between the check and the confirmation
        db.session.add(Game(ruleset_id="bolivia", variations={}, target=15000, table_code="123456"))
        db.session.commit()
    response = organiser_client.post("/records/restore/confirm", data={"csrf_token": token, "token": confirm})
    assert response.status_code == 422 and "already holds games" in response.get_data(as_text=True)
    assert counts(csrf_app) == (1, 0, 0)


def test_a_backup_over_the_form_limit_is_taken(csrf_app, organiser_client):
    """A backup is bigger than any form (the 1 MB limit of the other pages does not apply)."""
    document = json.loads(FORMAT2)
    document["made_at"] = "x" * (2 * 1024 * 1024)
    token = csrf_of(organiser_client.get("/records/").get_data(as_text=True))
    response = upload(organiser_client, json.dumps(document).encode(), token)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]


def test_odd_requests_to_the_restore_page_are_answered_without_a_500(csrf_app, organiser_client):
    token = csrf_of(organiser_client.get("/records/").get_data(as_text=True))
    plain_form = organiser_client.post("/records/restore", data={"csrf_token": token, "backup": "not a file"})
    assert plain_form.status_code == 400 and "Choose the backup file first" in plain_form.get_data(as_text=True)
    as_json = organiser_client.post("/records/restore", json={"backup": "{}"})
    assert as_json.status_code == 415
    for token_given in ("", "../../secret_key", "x" * 500):
        odd = organiser_client.post("/records/restore/confirm", data={"csrf_token": token, "token": token_given})
        assert odd.status_code == 409 and "no longer waiting" in odd.get_data(as_text=True)
    assert counts(csrf_app) == (0, 0, 0)
