"""Organiser sessions and passwords: logging out ends the session on the server, a new password ends the
others, a brake on wrong passwords (per name and per address, counted atomically), an unknown name answered
as slowly as a wrong password, and one first account however many setup forms arrive at once."""
from __future__ import annotations

import statistics
import threading
import time
from collections import Counter
from datetime import timedelta

import pytest
from sqlalchemy import delete, func, select

from app.store.base.brakes import FREE_PER_ACCOUNT, LoginBrake, count_login_failure, login_keys, login_wait
from app.extensions import db
from app.store.people.models import Organiser
from app.store.game.models import utcnow
from tests.web.club_support import NAME, PASSWORD, basic, login, organiser
from tests.web.server_support import request, run_together, waitress_server


def copied_cookie(source, target) -> None:
    """Give the target client the source's session cookie, as someone who copied it would."""
    target.set_cookie("session", source.get_cookie("session").value)


def test_logging_out_ends_the_session_for_a_copied_cookie_too(app):
    organiser(app)
    owner, thief = app.test_client(), app.test_client()
    login(owner)
    copied_cookie(owner, thief)
    assert thief.post("/records/backup.json").status_code == 200      # the copy works while the owner is in
    owner.post("/logout")
    answer = thief.post("/records/backup.json")
    assert answer.status_code == 302 and answer.headers["Location"].startswith("/login")
    assert owner.get("/club").status_code == 302


def test_logging_out_on_one_device_keeps_the_accounts_other_devices_signed_in(app):
    organiser(app)
    club_computer, own_tablet = app.test_client(), app.test_client()
    login(club_computer)
    login(own_tablet)
    assert club_computer.post("/logout").status_code == 302
    assert club_computer.get("/club").status_code == 302
    assert own_tablet.get("/club").status_code == 200


def test_logging_out_everywhere_ends_every_device_and_a_copied_cookie(app):
    organiser(app)
    here, elsewhere, thief = app.test_client(), app.test_client(), app.test_client()
    login(here)
    login(elsewhere)
    copied_cookie(elsewhere, thief)
    page = here.get("/club/password").get_data(as_text=True)
    assert 'action="/logout/everywhere"' in page and "Log out everywhere" in page
    assert here.post("/logout/everywhere").status_code == 302
    for client in (here, elsewhere, thief):
        assert client.get("/club").status_code == 302
    assert login(app.test_client()).status_code == 302            # the password still works


def test_a_new_password_ends_the_other_sessions_but_not_this_one(app):
    organiser(app)
    here, elsewhere = app.test_client(), app.test_client()
    login(here)
    login(elsewhere)
    answer = here.post("/club/password", data={"current": PASSWORD, "password": "a-new-password",
                                               "confirm": "a-new-password"})
    assert answer.status_code == 302
    assert here.get("/club").status_code == 200
    assert elsewhere.get("/club").status_code == 302
    assert login(app.test_client(), password="a-new-password").status_code == 302
    refused = here.post("/club/password", data={"current": "wrong", "password": "x", "confirm": "y"})
    assert refused.status_code == 422 and "current password is not right" in refused.get_data(as_text=True)


def test_an_old_cookie_without_a_generation_is_logged_out(app):
    organiser(app)
    client = app.test_client()
    login(client)
    with client.session_transaction() as session:
        session["_user_id"] = "1"                   # a cookie from before sessions had a generation
    assert client.get("/club").status_code == 302


def wrong_login(client, name: str = NAME, address: str = "10.0.0.1"):
    """Log in with a wrong password from an address."""
    return client.post("/login", data={"name": name, "password": "not-the-password"},
                       environ_base={"REMOTE_ADDR": address})


def test_wrong_passwords_brake_the_name_even_for_the_right_password(app):
    organiser(app)
    client = app.test_client()
    statuses = [wrong_login(client, address=f"10.0.0.{n}").status_code for n in range(FREE_PER_ACCOUNT + 2)]
    assert statuses == [401] * FREE_PER_ACCOUNT + [429, 429]
    right = client.post("/login", data={"name": NAME, "password": PASSWORD}, environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert right.status_code == 429 and "Too many wrong passwords" in right.get_data(as_text=True)


def test_wrong_passwords_brake_the_address_across_names(app):
    organiser(app)
    client = app.test_client()
    statuses = Counter(wrong_login(client, name=f"Someone {n}").status_code for n in range(14))
    assert statuses == {401: 10, 429: 4}


def test_http_basic_auth_has_the_same_brake(app, client):
    organiser(app)
    statuses = [client.get("/api/v1/sessions/1", headers=basic(password="wrong")).status_code for _ in range(7)]
    assert statuses == [401] * FREE_PER_ACCOUNT + [429, 429]
    assert client.get("/api/v1/sessions/1", headers=basic()).status_code == 429


def test_a_right_password_clears_the_wrong_ones(app):
    organiser(app)
    client = app.test_client()
    for _ in range(FREE_PER_ACCOUNT - 1):
        assert wrong_login(client).status_code == 401
    assert client.post("/login", data={"name": NAME, "password": PASSWORD},
                       environ_base={"REMOTE_ADDR": "10.0.0.1"}).status_code == 302
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(LoginBrake)) == 0


def test_wrong_passwords_sent_at_once_are_counted_one_by_one(app):
    organiser(app)
    statuses: list[int] = []
    run_together([lambda n=n: statuses.append(wrong_login(app.test_client(), address=f"10.1.0.{n}").status_code)
                  for n in range(12)])
    assert Counter(statuses) == {401: FREE_PER_ACCOUNT, 429: 12 - FREE_PER_ACCOUNT}


def test_a_free_wrong_password_counted_a_moment_later_sets_no_wait(app):
    """A login that read the clock just before another's still-free wrong password was stored goes ahead
    (the race that once gave a fifth wrong password sent at once a 429)."""
    keys = login_keys(NAME, "10.2.0.1")
    with app.app_context():
        now = utcnow()
        for _ in range(FREE_PER_ACCOUNT - 1):
            assert not count_login_failure(keys, now)
        assert login_wait(keys, now - timedelta(milliseconds=300)) == 0
        assert not count_login_failure(keys, now)                   # the fifth: still free, but the last
        assert login_wait(keys, now - timedelta(milliseconds=300)) == 16
        assert count_login_failure(keys, now)                       # the sixth is beyond


def median_login_time(app, client, name: str, tries: int = 20) -> float:
    """The median time of a wrong login for this name (the brake's counts cleared between tries)."""
    times = []
    for n in range(tries):
        with app.app_context():
            db.session.execute(delete(LoginBrake))
            db.session.commit()
        started = time.perf_counter()
        assert wrong_login(client, name=name, address=f"10.2.0.{n}").status_code == 401
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def test_an_unknown_name_takes_as_long_as_a_wrong_password(app, capsys):
    organiser(app)
    client = app.test_client()
    wrong_login(client, name="warm up")
    unknown = median_login_time(app, client, "Nobody At All")
    wrong = median_login_time(app, client, NAME)
    with capsys.disabled():
        print(f"\nlogin medians: unknown name {unknown * 1000:.1f} ms, wrong password {wrong * 1000:.1f} ms")
    assert 1 / 3 < unknown / wrong < 3          # within a factor: a password hash is checked either way


@pytest.mark.parametrize("forms", [4])
def test_four_setup_forms_at_once_make_exactly_one_account(app, forms):
    with waitress_server(app) as port:
        answers: list[int] = []
        run_together([lambda n=n: answers.append(request(port, "POST", "/setup", form={
            "name": f"Organiser {n}", "password": "long enough", "confirm": "long enough"})[0])
            for n in range(forms)])
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Organiser)) == 1
    assert sorted(answers) == [302] + [404] * (forms - 1)


def test_setup_is_gone_once_an_account_exists(app, client):
    organiser(app)
    assert client.post("/setup", data={"name": "Two", "password": "long enough",
                                       "confirm": "long enough"}).status_code == 404


def test_threads_logging_in_with_the_right_password_all_get_in(app):
    organiser(app)
    statuses: list[int] = []
    lock = threading.Lock()

    def right():
        answer = app.test_client().post("/login", data={"name": NAME, "password": PASSWORD})
        with lock:
            statuses.append(answer.status_code)
    run_together([right] * 4)
    assert statuses == [302] * 4
