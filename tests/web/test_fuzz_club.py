"""Fuzzing the club's forms and API (sessions, seasons, players, import, login, setup) with Hypothesis: a fixed
seed, bounded examples, every answer under 500 (a 503 only when the database says so), nothing half-done."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from app.extensions import db
from app.store.club.models import Member
from app.store.people.models import Organiser
from tests.web.club_support import PLAYERS, basic, login, open_session, organiser

FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
#: Logging in and setting up hash a password each time (slow on purpose): fewer examples.
FUZZ_ACCOUNTS = settings(FUZZ, max_examples=50)
#: Requests sent and 5xx answers seen by this module, printed at its end.
COUNTS: Counter = Counter()

NASTY = ["", " ", "0", "1", "-1", "30", "101", "²", "1²", "٣", "½", "1e9", "0x10", "NaN", "99999999999999999999",
         "2026-05-01", "2026-13-40", "16:00", "1²:00", "25:99", "target", "hands", "time", "random", "fixed",
         "bolivia", "sambola", "nope", "Ann", "Bob", "Ann\tBob", "Ann, Bob", "\x00", "\r\nX-Evil: 1", "\t",
         "<script>alert(1)</script>", "'; DROP TABLE member; --", "y" * 400, "yes", "no", "1\r", "=1+1"]
texts = st.sampled_from(NASTY) | st.text(max_size=12) | st.text(
    st.characters(codec="utf-8", categories=["Nd", "No", "Cc", "Zs", "So"]), max_size=6)


def form_of(fields: list[str]):
    """A form with some of these fields, each a nasty or random text (or several values)."""
    return st.dictionaries(st.sampled_from(fields + ["bogus"]), texts | st.lists(texts, max_size=3), max_size=8)


SESSION_FORM = form_of(["played_on", "ruleset", "v_bolivia_jokers", "hands", "kind", "ends_at", "partners",
                        "pairs"])
SEASON_FORM = form_of(["name", "starts_on", "ends_on", "qualifying_percent"])
PLAYER_FORM = form_of(["short_name", "active"])
MERGE_FORM = form_of(["keep", "other"])
ROUND_FORMS = {"players": form_of(["here", "name", "ticklist"]), "draw": form_of(["keep"]),
               "swap": form_of(["first", "second"]), "move": form_of(["player", "partner", "to"]),
               "call-time": form_of([])}
ACCOUNT_FORM = form_of(["name", "password", "confirm"])

scalars = st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats() | texts
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(texts, inner, max_size=4), max_leaves=16)
session_bodies = st.fixed_dictionaries({}, optional={
    "ruleset": st.sampled_from(["bolivia", "sambola", "nope"]) | json_values,
    "format": st.fixed_dictionaries({}, optional={"kind": st.sampled_from(["target", "hands", "time"]) | json_values,
                                                  "hands": st.integers(-2, 12) | json_values,
                                                  "ends_at": texts | json_values}) | json_values,
    "players": st.lists(st.sampled_from(PLAYERS) | texts, max_size=12) | json_values,
    "partners": st.sampled_from(["random", "fixed", "rotate"]) | json_values,
    "pairs": st.lists(st.lists(st.sampled_from(PLAYERS) | texts, max_size=3), max_size=4) | json_values,
    "variations": json_values})
nested = st.integers(1, 100_000).map(lambda depth: "[" * depth + "]" * depth) | st.integers(1, 50_000).map(
    lambda depth: '{"players": ' + '{"a": ' * depth + "1" + "}" * depth + "}")
csv_files = st.one_of(
    st.binary(max_size=400),
    st.lists(texts, max_size=30).map(lambda names: "\r".join(names).encode()),
    st.lists(texts, max_size=30).map(lambda names: "\n".join(names).encode("utf-16")),
    st.tuples(st.lists(st.sampled_from(PLAYERS), max_size=20), st.sampled_from(["\r", "\n", "\r\n", "\x00"])).map(
        lambda pair: ("name" + pair[1] + pair[1].join(pair[0])).encode()))


@pytest.fixture(scope="module", autouse=True)
def print_counts():
    """Print how many requests this module sent and how many answered 5xx, for the report."""
    yield
    print(f"\nclub fuzz: {COUNTS['requests']} requests, {COUNTS['5xx']} x 5xx")


def sent(response, *, allowed_5xx: tuple[int, ...] = (503,)) -> None:
    """Count an answer; it must be under 500 (or a 503 from a busy database) and carry no traceback."""
    COUNTS["requests"] += 1
    if response.status_code >= 500:
        COUNTS["5xx"] += 1
    assert response.status_code < 500 or response.status_code in allowed_5xx, \
        (response.status_code, response.get_data(as_text=True)[:500])
    assert "Traceback" not in response.get_data(as_text=True)
    assert len(response.headers.get("Set-Cookie", "")) < 4000       # a cookie a browser keeps


@pytest.fixture
def club(app):
    """An organiser logged in, a session of eight players open, one player on the list: (app, client, session)."""
    app.config["PROPAGATE_EXCEPTIONS"] = False          # a 500 is counted, not raised
    app.config["GAMES_PER_MINUTE"] = 10**6
    organiser(app)
    client = app.test_client()
    login(client)
    answer = open_session(client, PLAYERS[:8])
    assert answer.status_code == 201
    return app, client, answer.get_json()["id"]


@FUZZ
@given(form=SESSION_FORM)
def test_the_session_form_never_fails(club, form):
    _, client, _ = club
    sent(client.post("/club/sessions/new", data=form))


@FUZZ
@given(action=st.sampled_from(sorted(ROUND_FORMS)), data=st.data())
def test_a_session_s_round_forms_never_fail(club, action, data):
    _, client, session_id = club
    form = data.draw(ROUND_FORMS[action])
    sent(client.post(f"/club/sessions/{session_id}/{action}", data=form))
    sent(client.get(f"/club/sessions/{session_id}"))


@FUZZ
@given(form=SEASON_FORM)
def test_the_season_form_never_fails(club, form):
    _, client, _ = club
    sent(client.post("/records/seasons", data=form))


@FUZZ
@given(form=PLAYER_FORM, merge=MERGE_FORM, member=st.sampled_from(["1", "2", "0", "99999999999"]))
def test_the_player_forms_never_fail(club, form, merge, member):
    _, client, _ = club
    sent(client.post(f"/records/players/{member}", data=form))
    sent(client.post("/records/players/merge", data=merge))


@FUZZ
@given(data=csv_files, name=st.sampled_from(["players.csv", "x", "a.xlsx"]))
def test_the_player_import_never_fails(club, data, name):
    app, client, _ = club
    from io import BytesIO
    with app.app_context():
        before = db.session.scalar(db.select(db.func.count()).select_from(Member))
    answer = client.post("/records/players/import", data={"file": (BytesIO(data), name)},
                         content_type="multipart/form-data")
    sent(answer)
    with app.app_context():
        after = db.session.scalar(db.select(db.func.count()).select_from(Member))
    assert after >= before


@FUZZ
@given(body=session_bodies | json_values, raw=st.none() | nested | st.binary(max_size=200).map(
    lambda data: data.decode("latin-1")))
def test_the_sessions_api_never_fails(club, body, raw):
    _, client, session_id = club
    data = raw if raw is not None else json.dumps(body)
    answer = client.post("/api/v1/sessions", data=data, content_type="application/json", headers=basic())
    sent(answer)
    assert answer.is_json
    sent(client.post(f"/api/v1/sessions/{session_id}/call-time", data=data, content_type="application/json",
                     headers=basic()))
    sent(client.get(f"/api/v1/sessions/{session_id}", headers=basic()))


@FUZZ_ACCOUNTS
@given(form=ACCOUNT_FORM, following=texts | st.sampled_from(
    ["/\t/evil.example", "/\r\n/evil.example", "//evil.example", "/\\evil.example", "https://evil.example",
     "/club", "/%0d%0aSet-Cookie:x=1", "/\x00", "/club/sessions/1?x=\u00e9"]))
def test_login_never_fails_and_never_leaves_the_site(app, form, following):
    app.config["PROPAGATE_EXCEPTIONS"] = False
    with app.app_context():
        if db.session.scalar(db.select(Organiser.id).limit(1)) is None:
            organiser(app)
    client = app.test_client()
    answer = client.post("/login", query_string={"next": following}, data=form)
    sent(answer)
    answer = client.post("/login", query_string={"next": following}, data={"name": "Margaret",
                                                                            "password": "bridge-and-tea"})
    sent(answer)
    if answer.status_code == 302:
        location = answer.headers["Location"]
        assert location.startswith("/") and not location.startswith("//"), location
        assert not any(char in location for char in "\t\r\n\\"), location


@FUZZ_ACCOUNTS
@given(form=ACCOUNT_FORM)
def test_setup_never_fails(app, form):
    app.config["PROPAGATE_EXCEPTIONS"] = False
    with app.app_context():
        db.session.execute(db.delete(Organiser))
        db.session.commit()
    answer = app.test_client().post("/setup", data=form)
    sent(answer)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Organiser)) <= 1
