"""Odd input on the club's forms and API, each once seen to answer 500: superscript digits, JSON nested far too
deep, CSV files with old Mac line ends or a NUL byte, a huge file of repeated names, a `next` that leaves."""
from __future__ import annotations

from io import BytesIO

import pytest
from sqlalchemy import func, select

from app.extensions import db
from app.reading import ascii_digits, read_whole_number, safe_redirect
from app.store.club.models import ClubSession, Member, Season
from tests.web.club_support import NAME, PASSWORD, basic, login, organiser


@pytest.fixture
def organiser_client(app):
    """A test client logged in as the organiser."""
    organiser(app)
    client = app.test_client()
    login(client)
    return client


def count(app, model) -> int:
    """How many rows of the model are stored."""
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


@pytest.mark.parametrize("text, number", [("30", 30), ("²", None), ("1²", None), ("٣", None), ("", None),
                                          (" 7 ", 7), ("1234567890", None), ("-1", None)])
def test_only_ascii_digits_make_a_whole_number(text, number):
    assert read_whole_number(text) == number
    assert ascii_digits(text.strip()) == (number is not None or text.strip() == "1234567890")


@pytest.mark.parametrize("percent", ["²", "3²", "٣٠"])
def test_a_superscript_digit_in_the_season_form_is_refused_plainly(app, organiser_client, percent):
    answer = organiser_client.post("/records/seasons", data={"name": "2026", "starts_on": "2026-01-01",
                                                              "ends_on": "2026-12-31", "qualifying_percent": percent})
    assert answer.status_code in (302, 422)
    assert count(app, Season) == 0


@pytest.mark.parametrize("hands", ["²", "1²", "٣"])
def test_a_superscript_digit_in_the_session_form_is_refused_plainly(app, organiser_client, hands):
    answer = organiser_client.post("/club/sessions/new", data={"played_on": "2026-11-22", "ruleset": "bolivia",
                                                                "kind": "hands", "hands": hands})
    assert answer.status_code == 200 or answer.status_code == 422
    assert "hands" in answer.get_data(as_text=True).lower()
    assert count(app, ClubSession) == 0


@pytest.mark.parametrize("depth", [100_000, 5_000, 33])
def test_json_nested_far_too_deep_to_the_sessions_api_is_a_400(app, client, depth):
    organiser(app)
    for body in ("[" * depth + "]" * depth, '{"players": ' + '{"a": ' * depth + "1" + "}" * depth + "}"):
        answer = client.post("/api/v1/sessions", data=body, content_type="application/json", headers=basic())
        assert answer.status_code == 400, answer.get_data(as_text=True)[:300]
        assert "JSON object" in answer.get_json()["errors"][0]["message"]
    assert count(app, ClubSession) == 0


def test_a_body_nested_within_bounds_is_read(app, client):
    organiser(app)
    body = '{"players": ' + "[" * 30 + "]" * 30 + ', "ruleset": "bolivia"}'
    answer = client.post("/api/v1/sessions", data=body, content_type="application/json", headers=basic())
    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["field"] == "players"


def upload(client, data: bytes):
    """Import a file of players; the answer (not followed)."""
    return client.post("/records/players/import", data={"file": (BytesIO(data), "players.csv")},
                       content_type="multipart/form-data")


@pytest.mark.parametrize("line_end", ["\r", "\r\n", "\n"])
def test_an_import_reads_every_kind_of_line_end(app, organiser_client, line_end):
    answer = upload(organiser_client, line_end.join(["Ann Smith", "Bob Jones", "Cy Brown"]).encode())
    assert answer.status_code == 302
    with app.app_context():
        assert sorted(db.session.scalars(select(Member.name))) == ["Ann Smith", "Bob Jones", "Cy Brown"]


def test_an_import_with_a_nul_byte_is_refused_whole(app, organiser_client):
    data = b"Ann Smith\n" * 1000 + b"Bob\x00Jones\n"
    page = organiser_client.post("/records/players/import", data={"file": (BytesIO(data), "p.csv")},
                                 content_type="multipart/form-data", follow_redirects=True)
    assert page.status_code == 200 and "NUL byte" in page.get_data(as_text=True)
    assert count(app, Member) == 0


def test_a_megabyte_of_repeated_names_is_summarised_not_put_in_the_cookie(app, organiser_client):
    data = b"Ann Smith\n" * 99_990
    answer = upload(organiser_client, data)
    assert answer.status_code == 302
    assert len(answer.headers.get("Set-Cookie", "")) < 2000
    page = organiser_client.get("/records/").get_data(as_text=True)
    assert "99,985 more like these (99,989 in all)" in page
    assert count(app, Member) == 0


@pytest.mark.parametrize("following", ["/\t/evil.example", "/\r\n/evil.example", "/\n/evil.example",
                                       "//evil.example", "/\\evil.example", "https://evil.example",
                                       " //evil.example", "/%0d%0aSet-Cookie:x=1"])
def test_login_never_redirects_off_the_site(app, client, following):
    organiser(app)
    answer = client.post("/login", query_string={"next": following}, data={"name": NAME, "password": PASSWORD})
    assert answer.status_code == 302
    location = answer.headers["Location"]
    assert location.startswith("/") and not location.startswith("//")
    assert not any(char in location for char in "\t\r\n\\\x00")


def test_a_nul_character_in_a_form_or_the_address_is_a_400(app, client):
    organiser(app)
    assert client.post("/login", query_string={"next": "/\x00x"},
                       data={"name": NAME, "password": PASSWORD}).status_code == 400
    assert client.post("/setup", data={"name": "\x00"}).status_code == 400


def test_login_goes_on_to_a_page_of_the_site(app, client):
    organiser(app)
    answer = client.post("/login?next=/club/sessions/new", data={"name": NAME, "password": PASSWORD})
    assert answer.headers["Location"] == "/club/sessions/new"


@pytest.mark.parametrize("target, expected", [("/club", "/club"), ("/a b", "/"), ("/\t/x", "/"),
                                              ("/r\u00e9sum\u00e9", "/r%C3%A9sum%C3%A9"), ("http:/x", "/"),
                                              (None, "/"), ("", "/"), ("club", "/")])
def test_safe_redirect(target, expected):
    assert safe_redirect(target, "/") == expected
