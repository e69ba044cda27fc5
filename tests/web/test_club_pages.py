"""Organiser pages: setup, log in, sessions, who is here, the draw, swaps, latecomers, board, results."""
import re
from io import BytesIO

import pytest
from pypdf import PdfReader

from app.store.club.models import Attendance, ClubSession, Member
from app.store.people.models import Organiser
from app.extensions import db
from app.store.game.models import Game
from tests.web.club_support import PLAYERS, enter_hand, login, organiser


@pytest.fixture
def org(app, client):
    organiser(app)
    login(client)
    return client


def new_session(client, **fields):
    data = {"played_on": "2026-11-22", "ruleset": "bolivia", "kind": "time", "partners": "random"}
    data.update(fields)
    return client.post("/club/sessions/new", data=data)


def session_id(app):
    with app.app_context():
        return db.session.query(ClubSession).one().id


def tick(client, sid, names):
    return client.post(f"/club/sessions/{sid}/players", data={"here": names, "ticklist": "1"})


def test_setup_makes_the_first_organiser_then_is_closed(client, app):
    assert client.get("/club").status_code == 302
    assert client.get("/login").headers["Location"].endswith("/setup")
    page = client.get("/setup")
    assert page.status_code == 200 and "first organiser" in page.get_data(as_text=True).lower() or b"Set up" in page.data
    refused = client.post("/setup", data={"name": "Margaret", "password": "short", "confirm": "shorter"})
    assert refused.status_code == 422
    assert b"at least 8 characters" in refused.data and b"two passwords differ" in refused.data
    done = client.post("/setup", data={"name": "Margaret", "password": "bridge-and-tea", "confirm": "bridge-and-tea"})
    assert done.status_code == 302
    assert client.get("/club").status_code == 200           # logged in
    assert client.get("/setup").status_code == 404
    with app.app_context():
        account = db.session.query(Organiser).one()
        assert account.password_hash != "bridge-and-tea" and account.check_password("bridge-and-tea")


def test_login_and_logout(client, app):
    organiser(app)
    assert client.post("/login", data={"name": "Margaret", "password": "nope"}).status_code == 401
    assert client.get("/club").status_code == 302
    assert login(client).status_code == 302
    assert client.get("/club").status_code == 200
    client.post("/logout")
    assert client.get("/club").headers["Location"].startswith("/login")


def test_login_goes_on_to_a_page_of_this_site_only(client, app):
    organiser(app)
    response = client.post("/login?next=//evil.example/x", data={"name": "Margaret", "password": "bridge-and-tea"})
    assert response.headers["Location"] == "/club"


def test_cli_adds_an_organiser_from_treys_password(app, monkeypatch):
    monkeypatch.setenv("TREYS_PASSWORD", "from-the-env-1")
    result = app.test_cli_runner().invoke(args=["organiser", "add", "Joan"])
    assert result.exit_code == 0 and "Organiser Joan added" in result.output
    with app.app_context():
        assert db.session.query(Organiser).one().check_password("from-the-env-1")
    again = app.test_cli_runner().invoke(args=["organiser", "add", "Joan"])
    assert again.exit_code != 0 and "already an organiser called Joan" in again.output


def test_cli_prompts_for_the_password(app, monkeypatch):
    monkeypatch.delenv("TREYS_PASSWORD", raising=False)
    result = app.test_cli_runner().invoke(args=["organiser", "add", "Joan"], input="typed-secret\ntyped-secret\n")
    assert result.exit_code == 0
    with app.app_context():
        assert db.session.query(Organiser).one().check_password("typed-secret")


@pytest.mark.parametrize("path", ["/club", "/club/sessions/new", "/club/sessions/1", "/club/sessions/1/board",
                                  "/club/sessions/1/board.json", "/club/sessions/1/results", "/club/sessions/1/cards.pdf"])
def test_organiser_pages_need_the_login(client, app, path):
    organiser(app)
    response = client.get(path)
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_open_a_session_tick_players_and_draw(org, app):
    page = org.get("/club/sessions/new")
    assert b"Bolivia" in page.data and b"until I call time" in page.data
    assert new_session(org).status_code == 302
    sid = session_id(app)
    assert tick(org, sid, PLAYERS[:12]).status_code == 302
    typed = org.post(f"/club/sessions/{sid}/players", data={"name": "  Max  "})
    assert typed.status_code == 302
    page = org.get(f"/club/sessions/{sid}").get_data(as_text=True)
    assert "13 ticked" in page and '<datalist id="member-names">' in page
    assert org.post(f"/club/sessions/{sid}/draw").status_code == 302
    page = org.get(f"/club/sessions/{sid}").get_data(as_text=True)
    assert page.count("(deals first)") == 3 and "sits out this round" in page
    with app.app_context():
        assert db.session.query(Game).filter_by(session_id=sid).count() == 3
        assert db.session.query(Member).count() == 13


def test_untick_before_the_draw(org, app):
    new_session(org)
    sid = session_id(app)
    tick(org, sid, PLAYERS[:6])
    tick(org, sid, PLAYERS[:5])
    with app.app_context():
        assert db.session.query(Attendance).count() == 5


def test_too_few_players_says_so_and_draws_nothing(org, app):
    new_session(org)
    sid = session_id(app)
    tick(org, sid, PLAYERS[:3])
    response = org.post(f"/club/sessions/{sid}/draw")
    assert response.status_code == 422 and b"needs at least 4 players" in response.data
    with app.app_context():
        assert db.session.query(Game).count() == 0 and db.session.get(ClubSession, sid).round == 0


def test_bad_session_form_says_what_is_wrong(org, app):
    response = new_session(org, kind="hands", hands="", ruleset="bolivia", ends_at="")
    assert response.status_code == 422 and b"how many hands" in response.data
    response = new_session(org, played_on="yesterday")
    assert response.status_code == 422 and b"date of the afternoon" in response.data
    with app.app_context():
        assert db.session.query(ClubSession).count() == 0


def test_usual_rule_set_is_offered_first(org, app):
    new_session(org, ruleset="sambola")
    page = org.get("/club/sessions/new").get_data(as_text=True)
    assert page.index('value="sambola"') < page.index('value="bolivia"')


def drawn(org, app, count=13):
    new_session(org)
    sid = session_id(app)
    tick(org, sid, PLAYERS[:count])
    org.post(f"/club/sessions/{sid}/draw")
    doc = org.get(f"/club/sessions/{sid}/board.json").get_json()
    return sid, doc


def test_swap_two_players_before_play_starts(org, app):
    sid, doc = drawn(org, app)
    a, b = doc["tables"][0]["teams"][0][0], doc["tables"][1]["teams"][0][0]
    assert org.post(f"/club/sessions/{sid}/swap", data={"first": a, "second": b}).status_code == 302
    after = org.get(f"/club/sessions/{sid}/board.json").get_json()
    assert after["tables"][0]["teams"][0][0] == b and after["tables"][1]["teams"][0][0] == a
    out = doc["sitting_out"][0]
    org.post(f"/club/sessions/{sid}/swap", data={"first": a, "second": out})
    assert org.get(f"/club/sessions/{sid}/board.json").get_json()["sitting_out"] == [a]


def test_swap_after_a_table_started_is_refused(org, app):
    sid, doc = drawn(org, app)
    with app.app_context():
        game = db.session.get(Game, doc["tables"][0]["game_id"])
        table = {"game_id": game.id, "table_code": game.table_code}
    enter_hand(org, table)
    a, b = doc["tables"][0]["teams"][0][0], doc["tables"][1]["teams"][0][0]
    response = org.post(f"/club/sessions/{sid}/swap", data={"first": a, "second": b})
    assert response.status_code == 409 and b"swap only before the first hand" in response.data


def test_a_latecomer_and_the_one_sitting_out_make_a_table_of_six(org, app):
    sid, doc = drawn(org, app)
    waiting = doc["sitting_out"][0]
    response = org.post(f"/club/sessions/{sid}/players", data={"name": "Zoe"}, follow_redirects=True)
    assert f"Zoe and {waiting} join Table 1".encode() in response.data
    after = org.get(f"/club/sessions/{sid}/board.json").get_json()
    assert after["sitting_out"] == [] and [len(t) for t in after["tables"][0]["teams"]] == [3, 3]


def test_a_latecomer_with_no_room_plays_next_round(org, app):
    sid, doc = drawn(org, app, count=12)
    response = org.post(f"/club/sessions/{sid}/players", data={"name": "Zoe"}, follow_redirects=True)
    assert b"Zoe plays from the next round" in response.data
    org.post(f"/club/sessions/{sid}/draw", data={"keep": "0", "confirmed": "1"})
    after = org.get(f"/club/sessions/{sid}/board.json").get_json()
    seated = [n for t in after["tables"] for team in t["teams"] for n in team]
    assert after["round"] == 2 and "Zoe" in seated and len(after["sitting_out"]) == 1   # who sat out plays now


def test_a_new_round_keeps_the_tables_or_redraws(org, app):
    sid, doc = drawn(org, app, count=8)
    org.post(f"/club/sessions/{sid}/draw", data={"keep": "1", "confirmed": "1"})
    kept = org.get(f"/club/sessions/{sid}/board.json").get_json()
    assert kept["round"] == 2 and [t["teams"] for t in kept["tables"]] == [t["teams"] for t in doc["tables"]]
    org.post(f"/club/sessions/{sid}/draw", data={"keep": "0", "confirmed": "1"})
    new = org.get(f"/club/sessions/{sid}/board.json").get_json()
    old_pairs = {frozenset(team) for t in doc["tables"] for team in t["teams"]}
    assert new["round"] == 3 and not old_pairs & {frozenset(team) for t in new["tables"] for team in t["teams"]}


def test_board_json_answers_304_when_nothing_changed_and_news_after_a_hand(org, app):
    sid, doc = drawn(org, app)
    first = org.get(f"/club/sessions/{sid}/board.json")
    etag = first.headers["ETag"]
    assert org.get(f"/club/sessions/{sid}/board.json", headers={"If-None-Match": etag}).status_code == 304
    with app.app_context():
        game = db.session.get(Game, doc["tables"][1]["game_id"])
        table = {"game_id": game.id, "table_code": game.table_code}
    enter_hand(org, table)
    changed = org.get(f"/club/sessions/{sid}/board.json", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.get_json()["tables"][1]["totals"] == [200, 100]


def test_board_says_no_hand_yet_until_a_table_enters_one(org, app):
    sid, doc = drawn(org, app)
    assert [t["facts"] for t in doc["tables"]] == ["No hand yet · started just now"] * 3
    with app.app_context():
        game = db.session.get(Game, doc["tables"][0]["game_id"])
        table = {"game_id": game.id, "table_code": game.table_code}
    enter_hand(org, table)
    facts = [t["facts"] for t in org.get(f"/club/sessions/{sid}/board.json").get_json()["tables"]]
    assert facts[0] == "1 hand · last entry just now" and facts[1] == "No hand yet · started just now"
    page = org.get(f"/club/sessions/{sid}/board").get_data(as_text=True)
    assert page.count("No hand yet · started just now") == 2 and "0 min ago" not in page


def test_board_page_shows_every_table_and_uses_a_static_script(org, app):
    sid, doc = drawn(org, app)
    page = org.get(f"/club/sessions/{sid}/board").get_data(as_text=True)
    assert page.count('class="board-table') == 3 and "js/board.js" in page
    assert "<script>" not in page.split("</head>")[1]
    assert "Call time" in page and "Sitting out" in page


def test_end_a_game_from_a_stale_board_is_refused(org, app):
    sid, doc = drawn(org, app)
    table = doc["tables"][0]
    with app.app_context():
        code = db.session.get(Game, table["game_id"]).table_code
    enter_hand(org, {"game_id": table["game_id"], "table_code": code})
    stale = org.post(f"/club/games/{table['game_id']}/end", data={"version": table["version"]}, follow_redirects=True)
    assert b"Someone else changed this game" in stale.data
    now = org.get(f"/club/sessions/{sid}/board.json").get_json()["tables"][0]
    assert not now["over"]
    org.post(f"/club/games/{table['game_id']}/end", data={"version": now["version"]})
    assert org.get(f"/club/sessions/{sid}/board.json").get_json()["tables"][0]["status"].startswith("Won by")


def test_reset_a_table_code(org, app):
    sid, doc = drawn(org, app)
    gid = doc["tables"][0]["game_id"]
    response = org.post(f"/club/games/{gid}/code", follow_redirects=True)
    with app.app_context():
        new = db.session.get(Game, gid).table_code
    assert f"new table code: {new}".encode() in response.data and re.fullmatch(r"\d{4}", new)


def test_call_time_from_the_board_and_results_page(org, app):
    sid, doc = drawn(org, app)
    with app.app_context():
        game = db.session.get(Game, doc["tables"][0]["game_id"])
        table = {"game_id": game.id, "table_code": game.table_code}
    enter_hand(org, table)
    page = org.post(f"/club/sessions/{sid}/call-time", follow_redirects=True)
    assert b"Time is called" in page.data
    assert re.search(r"Still to enter their last hand: <span[^>]*>Table 1(, Table \d)*</span>",
                     page.get_data(as_text=True))
    enter_hand(org, table)
    results = org.get(f"/club/sessions/{sid}/results").get_data(as_text=True)
    assert "How the ranking works" in results and "draw counts as half" in results
    assert results.count("<tr") == 14


def test_table_cards_pdf_has_a_page_per_table_with_code(org, app):
    sid, doc = drawn(org, app)
    response = org.get(f"/club/sessions/{sid}/cards.pdf")
    pages = PdfReader(BytesIO(response.data)).pages
    assert len(pages) == 3
    with app.app_context():
        games = db.session.query(Game).filter_by(session_id=sid).order_by(Game.table_number).all()
        for page, game in zip(pages, games):
            text = page.extract_text()
            assert game.table_label in text and game.team_players[0][0] in text
            assert game.table_code in text.replace(" ", "")
            assert f"/games/{game.id}?code={game.table_code}" in text.replace("\n", "")


def test_print_pdf_with_the_browser_login(org, app):
    sid, doc = drawn(org, app)
    response = org.get(f"/sessions/{sid}/print.pdf")
    assert response.status_code == 200 and len(PdfReader(BytesIO(response.data)).pages) >= 4


def test_games_view_takes_the_code_from_the_qr_once(client, org, app):
    sid, doc = drawn(org, app)
    gid = doc["tables"][0]["game_id"]
    with app.app_context():
        code = db.session.get(Game, gid).table_code
    tablet = app.test_client()
    wrong = tablet.get(f"/games/{gid}?code=99999")
    assert wrong.status_code == 403 and b"table code" in wrong.data
    response = tablet.get(f"/games/{gid}?code={code}")
    assert response.status_code == 302 and response.headers["Location"] == f"/games/{gid}"
    with tablet.session_transaction() as flask_session:
        assert flask_session["codes"][str(gid)] == code


def test_unknown_session_pages_are_404(org):
    assert org.get("/club/sessions/999").status_code == 404
    assert org.get("/club/sessions/999/board.json").status_code == 404


@pytest.mark.parametrize("data, words", [
    ({"first": "Nobody", "second": "Ann"}, b"Nobody is not at a table"),
    ({"first": "", "second": ""}, b"not at a table"),
])
def test_swap_with_unknown_names_is_refused(org, app, data, words):
    sid, doc = drawn(org, app)
    response = org.post(f"/club/sessions/{sid}/swap", data=data)
    assert response.status_code == 422 and words in response.data


def test_a_name_too_long_or_nothing_ticked_is_refused(org, app):
    new_session(org)
    sid = session_id(app)
    long_name = org.post(f"/club/sessions/{sid}/players", data={"name": "x" * 61})
    assert long_name.status_code == 422 and b"at most 60 characters" in long_name.data
    nothing = org.post(f"/club/sessions/{sid}/players", data={})
    assert nothing.status_code == 422 and b"Tick the players" in nothing.data
    with app.app_context():
        assert db.session.query(Member).count() == 0


def test_the_game_page_says_when_the_format_ended_the_game(org, app):
    sid, doc = drawn(org, app)
    gid = doc["tables"][0]["game_id"]
    org.post(f"/club/games/{gid}/end", data={"version": doc["tables"][0]["version"]})
    page = org.get(f"/games/{gid}")
    assert b"No result: it was ended early." in page.data


def test_a_set_end_time_that_has_passed_calls_time_by_itself(org, app):
    new_session(org, ends_at="00:00", played_on="2026-01-01")
    sid = session_id(app)
    assert org.get(f"/club/sessions/{sid}/board.json").get_json()["time_called"] is False   # nothing drawn yet
    tick(org, sid, PLAYERS[:4])
    org.post(f"/club/sessions/{sid}/draw")
    doc = org.get(f"/club/sessions/{sid}/board.json").get_json()
    assert doc["time_called"] is True and doc["tables"][0]["owes_last_hand"] is True   # hand 1 is the last
    assert doc["tables"][0]["over"] is False


def test_draw_uses_the_ticks_on_screen_even_unsaved(org, app):
    new_session(org)
    sid = session_id(app)
    org.post(f"/club/sessions/{sid}/players", data={"name": "Ann"})
    for name in PLAYERS[1:8]:
        org.post(f"/club/sessions/{sid}/players", data={"name": name})
    org.post(f"/club/sessions/{sid}/players", data={"here": PLAYERS[:2], "ticklist": "1"})   # saved: 2 here
    drawn_now = org.post(f"/club/sessions/{sid}/draw", data={"here": PLAYERS[:8], "ticklist": "1"})
    assert drawn_now.status_code == 302
    doc = org.get(f"/club/sessions/{sid}/board.json").get_json()
    seated = sorted(n for t in doc["tables"] for team in t["teams"] for n in team)
    assert doc["round"] == 1 and seated == sorted(PLAYERS[:8])


def test_call_time_asks_first_and_says_who_still_plays(org, app):
    sid, doc = drawn(org, app, count=8)
    asked = org.get(f"/club/sessions/{sid}/call-time")
    page = asked.get_data(as_text=True)
    assert asked.status_code == 200 and "Call time now?" in page and "2 tables are still playing" in page
    assert org.get(f"/club/sessions/{sid}/board.json").get_json()["time_called"] is False   # asking calls nothing
    org.post(f"/club/sessions/{sid}/call-time")
    assert org.get(f"/club/sessions/{sid}/board.json").get_json()["time_called"] is True
    assert "already been called" in org.get(f"/club/sessions/{sid}/call-time").get_data(as_text=True)


def test_a_new_round_asks_first_and_never_drops_a_game_in_play(org, app):
    sid, doc = drawn(org, app, count=8)
    with app.app_context():
        game = db.session.get(Game, doc["tables"][0]["game_id"])
        table = {"game_id": game.id, "table_code": game.table_code}
    enter_hand(org, table)
    asked = org.get(f"/club/sessions/{sid}/draw?keep=0").get_data(as_text=True)
    assert "Draw round 2?" in asked and "Table 1 is still playing" in asked and "Yes, draw" not in asked
    refused = org.post(f"/club/sessions/{sid}/draw", data={"keep": "0", "confirmed": "1"})
    assert refused.status_code == 409 and b"still playing" in refused.data
    assert org.get(f"/club/sessions/{sid}/board.json").get_json()["round"] == 1
    org.post(f"/club/games/{table['game_id']}/end", data={"version": ""})
    asked = org.get(f"/club/sessions/{sid}/draw?keep=0").get_data(as_text=True)
    assert "Table 2 entered no hand" in asked and "Yes, draw round 2" in asked
    assert org.post(f"/club/sessions/{sid}/draw", data={"keep": "0"}).status_code == 200   # not confirmed: asks
    org.post(f"/club/sessions/{sid}/draw", data={"keep": "0", "confirmed": "1"})
    assert org.get(f"/club/sessions/{sid}/board.json").get_json()["round"] == 2
    ended = org.get(f"/api/v1/games/{table['game_id']}").get_json()
    assert ended["outcome"]["state"] == "won" and ended["outcome"]["reason"] == "ended_early"
    assert org.get(f"/api/v1/games/{doc['tables'][1]['game_id']}").status_code == 404   # no hand: deleted
    record = org.get(f"/club/sessions/{sid}").get_data(as_text=True)
    assert "Round 2: 2 tables drawn." in record and "the organiser Margaret" in record


def test_the_first_start_shows_the_setup_form_without_asking_to_log_in(app, client):
    page = client.get("/club", follow_redirects=True)
    assert page.request.path == "/setup"
    html = page.get_data(as_text=True)
    assert "Make the first organiser account" in html and "Please log in" not in html
