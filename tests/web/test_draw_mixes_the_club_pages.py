"""The draw remembers the club's earlier sessions (read in bulk), says how it mixed the club on the board and
the session page, rotates who sits out across sessions, and balances tables by form when ticked."""
import pytest
from sqlalchemy import event

from app.extensions import db
from app.store.club.models import ClubSession
from app.store.club.drawhistory import draw_history
from tests.web.club_support import PLAYERS, login, organiser, session_ids


@pytest.fixture
def org(app, client):
    organiser(app)
    login(client)
    return client


def afternoon(client, app, day: int, players, **form) -> tuple[int, dict]:
    """Open a session on the given day of November, tick the players, draw round 1; its id and board document."""
    client.post("/club/sessions/new", data={"played_on": f"2026-11-{day:02d}", "ruleset": "bolivia",
                                            "kind": "time", "partners": "random"})
    with app.app_context():
        sid = db.session.query(ClubSession).order_by(ClubSession.created_at.desc(), ClubSession.id.desc()).first().id
    client.post(f"/club/sessions/{sid}/players", data={"here": list(players), "ticklist": "1"})
    drawn = client.post(f"/club/sessions/{sid}/draw", data=form, follow_redirects=True)
    assert drawn.status_code == 200
    return sid, client.get(f"/club/sessions/{sid}/board.json").get_json()


def partner_pairs(doc: dict) -> set:
    return {frozenset(team) for table in doc["tables"] for team in table["teams"]}


def test_a_second_afternoon_gives_everyone_a_new_partner_and_says_so(org, app):
    _, first = afternoon(org, app, 10, PLAYERS[:8])
    sid, second = afternoon(org, app, 17, PLAYERS[:8])
    assert not partner_pairs(first) & partner_pairs(second)
    assert second["draw_words"].startswith("Everyone has a new partner;")
    board = org.get(f"/club/sessions/{sid}/board").get_data(as_text=True)
    assert second["draw_words"] in board.replace("&#39;", "'")
    page = org.get(f"/club/sessions/{sid}").get_data(as_text=True)
    assert 'id="draw-words"' in page and "Everyone has a new partner" in page


def test_twelve_afternoons_of_sixteen_players_repeat_at_most_two_partner_pairs(org, app):
    players = PLAYERS + ["Ned", "Oz", "Pam"]
    seen: list = []
    for day in range(1, 13):
        _, doc = afternoon(org, app, day, players)
        seen += [pair for pair in partner_pairs(doc)]
    assert len(seen) - len(set(seen)) <= 2


def test_whoever_sat_out_last_afternoon_plays_first_this_afternoon(org, app):
    _, before = afternoon(org, app, 1, PLAYERS[:5])
    for day in range(2, 9):
        _, after = afternoon(org, app, day, PLAYERS[:5])
        assert len(after["sitting_out"]) == 1 and after["sitting_out"] != before["sitting_out"]
        before = after


def test_the_history_is_read_in_a_fixed_number_of_statements(org, app):
    for day in range(1, 8):
        sid, _ = afternoon(org, app, day, PLAYERS[:8])
    second = session_ids(app)[1]
    statements: list[str] = []
    with app.app_context():
        def count(*args):
            statements.append(args[2])
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            few = draw_history(db.session.get(ClubSession, second))
            used_few = len(statements)
            statements.clear()
            many = draw_history(db.session.get(ClubSession, sid))
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
    assert len(many.sessions) == 7 and len(few.sessions) == 2      # this afternoon's round and the earlier ones
    assert len(statements) == used_few <= 3


def test_balancing_by_form_is_a_tick_on_the_draw_form(org, app):
    page = org.get("/club/sessions/new")
    sid, doc = afternoon(org, app, 20, PLAYERS[:8], balance="1")
    assert doc["round"] == 1 and len(doc["tables"]) == 2
    record = org.get(f"/club/sessions/{sid}").get_data(as_text=True)
    assert "tables balanced by form" in record and 'name="balance"' in record
    confirm = org.get(f"/club/sessions/{sid}/draw?keep=0&balance=1").get_data(as_text=True)
    assert 'name="balance" value="1"' in confirm and "balanced by form" in confirm
    assert page.status_code == 200


def test_kept_tables_are_said_to_be_kept(org, app):
    sid, _ = afternoon(org, app, 21, PLAYERS[:8])
    org.post(f"/club/sessions/{sid}/draw", data={"keep": "1", "confirmed": "1"})
    words = org.get(f"/club/sessions/{sid}/board.json").get_json()["draw_words"]
    assert words == "The tables are kept from the last round: the same partners and opponents."
