"""Smoke tests of the application skeleton."""

import pytest
from sqlalchemy import text

from app import create_app
from app.config import instance_secret_key
from app.extensions import db


def test_healthz_answers_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.is_json
    assert response.get_json() == {"status": "ok"}


def test_unknown_api_path_answers_json_404(client):
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response.is_json
    errors = response.get_json()["errors"]
    assert len(errors) == 1
    assert errors[0]["field"] is None
    assert errors[0]["message"]


def test_api_method_not_allowed_keeps_allow_header(app, client):
    @app.get("/api/v1/only-get")
    def only_get():
        return {}

    response = client.post("/api/v1/only-get")
    assert response.status_code == 405
    assert response.is_json
    assert "GET" in response.headers["Allow"]
    assert response.get_json()["errors"][0]["message"]


def test_unknown_page_answers_friendly_html_404(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert response.content_type.startswith("text/html")
    body = response.get_data(as_text=True)
    assert "Not Found" in body
    assert 'href="/"' in body


def test_api_bug_answers_json_500(app, client):
    @app.get("/api/v1/boom")
    def boom():
        raise RuntimeError("kaboom")

    response = client.get("/api/v1/boom")
    assert response.status_code == 500
    assert response.get_json()["errors"][0]["field"] is None
    assert "kaboom" not in response.get_data(as_text=True)


def test_page_bug_answers_html_500(app, client):
    @app.get("/boom")
    def boom():
        raise RuntimeError("kaboom")

    response = client.get("/boom")
    assert response.status_code == 500
    assert response.content_type.startswith("text/html")


def test_secret_key_file_created_once_and_reused(tmp_path):
    key_file = tmp_path / "secret_key"
    first = instance_secret_key(str(tmp_path))
    assert key_file.read_text().strip() == first
    assert len(first) == 64
    assert instance_secret_key(str(tmp_path)) == first
    assert key_file.read_text().strip() == first


def test_app_uses_instance_secret_key(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = create_app({"TESTING": True})
    second = create_app({"TESTING": True})
    key_file = first.instance_path + "/secret_key"
    with open(key_file, encoding="utf-8") as handle:
        stored = handle.read().strip()
    assert first.config["SECRET_KEY"] == stored == second.config["SECRET_KEY"]


def test_secret_key_from_environment_wins(monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-env")
    assert create_app({"TESTING": True}).config["SECRET_KEY"] == "from-env"


def test_postgres_url_is_rewritten_for_psycopg():
    app = create_app({"TESTING": True,
                      "SQLALCHEMY_DATABASE_URI": "postgresql://u@127.0.0.1:5432/x"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u@127.0.0.1:5432/x"


@pytest.mark.browser
def test_healthz_in_chromium(live_server, page):
    response = page.goto(f"{live_server}/healthz")
    assert response.status == 200
    assert '"status"' in page.content()
    assert response.json() == {"status": "ok"}


def test_database_connection_is_configured(app):
    with app.app_context():
        assert db.session.execute(text("SELECT 1")).scalar() == 1
        if db.engine.dialect.name == "sqlite":
            pragma = db.session.execute
            assert pragma(text("PRAGMA foreign_keys")).scalar() == 1
            assert pragma(text("PRAGMA journal_mode")).scalar() == "wal"
            assert pragma(text("PRAGMA busy_timeout")).scalar() == 5000
        else:
            assert db.engine.dialect.name == "postgresql"
            assert db.engine.dialect.driver == "psycopg"


@pytest.mark.browser
def test_error_page_is_styled_in_chromium(live_server, page, output_dir):
    response = page.goto(f"{live_server}/no-such-page")
    assert response.status == 404
    assert page.locator(".site-name").inner_text() == "Treys"
    font_size = page.evaluate("getComputedStyle(document.documentElement).fontSize")
    assert font_size == "20px"
    page.screenshot(path=str(output_dir / "error_page.png"))
