"""Hardening: each reproduced failure answers 4xx/503 with a clear message; safe defaults are in place."""
import re
import threading
from pathlib import Path

import pytest

from app import create_app
from app.server.security import WeakSecretKey
from app.store.game.hands import MAX_HANDS
from app.render.slots import BUSY, bounded
from tests.web.pages_support import hidden_fields, open_game, post_hand

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@pytest.mark.parametrize("url", ["/games/99999999999999999999/sheet.pdf", "/games/2147483648/sheet.pdf",
                                 "/api/v1/games/99999999999999999999", "/games/99999999999999999999"])
def test_ids_beyond_the_database_integers_are_unknown_games(client, url):
    answer = client.get(url)
    assert answer.status_code == 404
    assert "There is no game number" in answer.get_data(as_text=True)


def test_next_with_cr_lf_goes_to_the_game_page(app):
    with app.test_client() as opener:
        game_id = open_game(opener)
        with opener.session_transaction() as session:
            code = session["codes"][str(game_id)]
    tablet = app.test_client()
    answer = tablet.post(f"/games/{game_id}/code", data={"code": code, "next": f"/games/{game_id}/x\r\nX-Evil: 1"})
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"/games/{game_id}") and "X-Evil" not in answer.headers


@pytest.mark.parametrize("body", [{"data": "garbage", "content_type": "application/json"},
                                  {"json": {"code": 1}}, {"data": {"code": ["1", "2"], "next": ["a", "b"]}},
                                  {"data": b"\xff\xfe", "content_type": "application/x-www-form-urlencoded"}])
def test_other_bodies_to_the_code_form(client, body):
    game_id = open_game(client)
    assert client.post(f"/games/{game_id}/code", **body).status_code in (400, 403, 415)


@pytest.mark.parametrize("url", ["/games/424242/hands/new", "/games/5/hands/99/edit", "/games/1/hands/99/edit"])
def test_form_posts_without_a_csrf_token_to_an_unknown_game_or_hand(csrf_client, url):
    with csrf_client:
        csrf_client.get("/games/new")
    for headers in ({}, {"Origin": "http://localhost"}):
        answer = csrf_client.post(url, data={"went_out": "none"}, headers=headers)
        assert answer.status_code in (400, 404), (url, headers)
        assert "<h1" in answer.get_data(as_text=True)
        answer = csrf_client.post(url, json={"went_out": "none"}, headers=headers)
        assert answer.status_code in (400, 404, 415)


def test_a_game_holds_at_most_max_hands(app, client):
    game_id = open_game(client)
    from app.extensions import db
    from app.store.game.models import Game, Hand, HandEntry
    with app.app_context():
        game = db.session.get(Game, game_id)
        for number in range(1, MAX_HANDS + 1):
            game.hands.append(Hand(number=number, entries=[HandEntry(team_position=i, table_points=0,
                                                                     hand_points=0) for i in range(2)]))
        db.session.commit()
    answer = post_hand(client, game_id, [{"table_points": 50}, {}], "none")
    assert answer.status_code == 422
    assert f"at most {MAX_HANDS} hands" in answer.get_data(as_text=True)


def test_security_headers_on_every_response(client):
    game_id = open_game(client)
    for url in ["/", f"/games/{game_id}", "/rules", "/static/css/app.css", "/api/v1/rulesets", "/nowhere"]:
        headers = client.get(url).headers
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        assert "unsafe-inline" not in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "same-origin"
    client.get(f"/games/{game_id}")                         # the new game's message shown once
    # shows the table code: kept by this browser alone, asked again each time (its ETag: a 304 when unchanged)
    assert client.get(f"/games/{game_id}").headers["Cache-Control"] == "private, no-cache"


def test_no_template_has_inline_script_or_event_handlers():
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), template
        assert not re.search(r"\son[a-z]+\s*=", text), template
        assert not re.search(r"javascript:", text, re.I), template


def test_session_cookie_is_samesite_lax_and_secure_over_https(monkeypatch, tmp_path):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/a.sqlite3"})
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax" and not app.config["SESSION_COOKIE_SECURE"]
    monkeypatch.setenv("TREYS_HTTPS", "1")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/a.sqlite3"})
    assert app.config["SESSION_COOKIE_SECURE"] is True


def test_a_weak_secret_key_given_by_hand_stops_a_production_start(monkeypatch, tmp_path):
    monkeypatch.setenv("SECRET_KEY", "short")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/a.sqlite3")
    with pytest.raises(WeakSecretKey, match="shorter than 32 bytes"):
        create_app()
    assert create_app({"TESTING": True}).testing                     # tests are exempt
    monkeypatch.setenv("SECRET_KEY", "k" * 32)
    assert create_app().secret_key == "k" * 32
    monkeypatch.delenv("SECRET_KEY")
    assert len(create_app().secret_key) >= 32                        # the generated one is fine


def test_a_body_over_one_megabyte_is_refused_unread(client):
    answer = client.post("/api/v1/score", data=b"x" * (1024 * 1024 + 1), content_type="application/json")
    assert answer.status_code == 413
    assert "too large" in answer.get_json()["errors"][0]["message"]
    page = client.post("/games/new", data={"table_label": "x" * (1024 * 1024 + 1)})
    assert page.status_code == 413 and "too large" in page.get_data(as_text=True)


def test_pdf_renders_are_bounded_and_the_rest_told_to_retry(app):
    app.config.update(PDF_RENDER_SLOTS=1, PDF_QUEUE_SECONDS=0.2)
    started, release = threading.Event(), threading.Event()

    @bounded
    def slow_render():
        started.set()
        release.wait(5)
        return b"%PDF"

    def first():
        with app.app_context():
            slow_render()
    thread = threading.Thread(target=first)
    thread.start()
    started.wait(5)
    with app.test_request_context("/games/1/sheet.pdf"):
        from werkzeug.exceptions import ServiceUnavailable
        with pytest.raises(ServiceUnavailable) as refused:
            slow_render()
        assert refused.value.description == BUSY
        assert refused.value.get_response().headers["Retry-After"] == "5"
    release.set()
    thread.join()
    with app.app_context():
        assert slow_render() == b"%PDF"                               # the slot is free again


def test_hidden_fields_helper_still_reads_forms(client):
    game_id = open_game(client)
    assert "version" in hidden_fields(client.get(f"/games/{game_id}/hands/new").get_data(as_text=True))
