"""The polls a host answers most: the board's figures and a tablet's news. An unchanged poll is a 304 (or a
tiny answer) in a few statements that do not grow with tables or hands, and never sends a cookie; any change
to a game or the session gives a new stamp (statements counted with SQLAlchemy's events, never timed)."""
from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime, timedelta, timezone

import pytest
import time_machine

from app.store.game.cache import forget_everything
from tests.web.club_support import enter_hand, login, open_session, organiser
from tests.web.test_queries import counted
from tests.web.club_support import public_club



@pytest.fixture(autouse=True)
def anyone_reads(app):
    """This file is about what a game's pages show, not who reads them: the club's records are public."""
    public_club(app)

@contextmanager
def poll_counted(app):
    """Count the statements inside the block (a poll in front of Flask runs on the engine's pool: its
    statements are the engine's like any other)."""
    with counted(app) as statements:
        yield statements


def session_of(client, tables: int, hands: int, **extra) -> dict:
    """A drawn session of `tables` tables of four, `hands` hands entered at each (timed unless `extra` says)."""
    doc = open_session(client, players=[f"Player {i + 1}" for i in range(4 * tables)], **extra).get_json()
    assert len(doc["tables"]) == tables
    for table in doc["tables"]:
        for _ in range(hands):
            assert enter_hand(client, table).status_code == 201
    return doc


@pytest.fixture
def org(app, client):
    organiser(app)
    login(client)
    return client


def guarded(app) -> int:
    """1 where a signed-in account's club is first found through the host's look-up, else 0."""
    from app.store.tenancy.scope import database_guards_clubs
    with app.app_context():
        return int(database_guards_clubs())


def board_url(doc: dict) -> str:
    return f"/club/sessions/{doc['id']}/board.json"


def unchanged_poll(app, client, doc: dict) -> tuple[int, object]:
    """The statements of a poll that holds the board's current ETag, and the answer."""
    etag = client.get(board_url(doc)).headers["ETag"]
    with poll_counted(app) as statements:
        answer = client.get(board_url(doc), headers={"If-None-Match": etag})
    assert answer.status_code == 304, answer.status_code
    return len(statements), answer


def test_an_unchanged_poll_is_a_bare_304_without_a_cookie(app, org):
    doc = session_of(org, 2, 1)
    with org.session_transaction() as kept:
        kept.permanent = True          # an organiser who typed a table code too: Flask refreshes such a cookie
    assert "Set-Cookie" in org.get("/club").headers          # a page refreshes it ...
    _, answer = unchanged_poll(app, org, doc)
    assert "Set-Cookie" not in answer.headers                # ... the poll never does
    assert answer.data == b"" and answer.headers["ETag"]
    assert "Set-Cookie" not in org.get(board_url(doc)).headers     # nor a poll that answers the figures


def test_an_unchanged_poll_does_not_grow_with_tables_or_hands(app, org):
    small, _ = unchanged_poll(app, org, session_of(org, 2, 1))
    large, _ = unchanged_poll(app, org, session_of(org, 8, 6))
    # answered in front of Flask: the stamp alone, in the club its sealed tag names (on PostgreSQL the club's
    # role and club are claimed first, a statement the count leaves out as for any request)
    assert small == large == 1, (small, large)


def test_the_figures_are_read_in_bulk(app, org):
    counts = []
    for tables, hands in ((2, 1), (8, 6)):
        doc = session_of(org, tables, hands)
        with app.app_context():
            forget_everything(app)                      # nothing kept: every state replayed from the rows
        with counted(app) as statements:
            answer = org.get(board_url(doc))
        assert answer.status_code == 200 and len(answer.get_json()["tables"]) == tables
        assert [t["hands"] for t in answer.get_json()["tables"]] == [hands] * tables
        counts.append(len(statements))
    assert counts[0] == counts[1], counts


def test_a_hand_a_call_or_an_ended_game_changes_the_stamp(app, org):
    doc = session_of(org, 2, 1)
    first = org.get(board_url(doc))
    etag, table = first.headers["ETag"], doc["tables"][1]
    assert enter_hand(org, table).status_code == 201
    after_hand = org.get(board_url(doc), headers={"If-None-Match": etag})
    assert after_hand.status_code == 200 and after_hand.get_json()["tables"][1]["hands"] == 2
    etag = after_hand.headers["ETag"]
    call = org.post(f"/api/v1/games/{table['game_id']}/call", headers={"X-Table-Code": table["table_code"]})
    assert call.status_code in (200, 201), call.get_data(as_text=True)
    after_call = org.get(board_url(doc), headers={"If-None-Match": etag})
    assert after_call.status_code == 200 and len(after_call.get_json()["calls"]) == 1
    etag = after_call.headers["ETag"]
    version = after_call.get_json()["tables"][1]["version"]
    assert org.post(f"/club/games/{table['game_id']}/end", data={"version": version}).status_code == 302
    after_end = org.get(board_url(doc), headers={"If-None-Match": etag})
    assert after_end.status_code == 200 and after_end.get_json()["tables"][1]["over"] is True


def test_a_boards_stamp_holds_the_minute_only_while_its_sessions_clock_runs(app, org):
    """Outside a timed session the board's page works out "N min ago" itself from each table's last entry: a
    quarter of an hour on, the board's ETag still holds (304), and its figures asked afresh say the minutes of
    now. A timed session's board, whose clock and owing tables move with the minute, has a new stamp."""
    with time_machine.travel(datetime.now(timezone.utc), tick=False) as clock:
        target = session_of(org, 1, 1, format={"kind": "target"})
        timed = session_of(org, 1, 1)
        first = {"target": org.get(board_url(target)), "timed": org.get(board_url(timed))}
        table = first["target"].get_json()["tables"][0]
        assert table["facts"] == "1 hand · last entry just now"
        entered = datetime.fromisoformat(table["last_entry_at"].replace("Z", "+00:00"))
        assert table["last_entry_at"].endswith("Z") and abs(entered - datetime.now(timezone.utc)) < timedelta(seconds=2)
        clock.shift(timedelta(minutes=16))
        unchanged = org.get(board_url(target), headers={"If-None-Match": first["target"].headers["ETag"]})
        assert unchanged.status_code == 304, unchanged.status_code
        afresh = org.get(board_url(target)).get_json()["tables"][0]
        assert (afresh["minutes_since_last_entry"], afresh["facts"]) == (16, "1 hand · last entry 16 min ago")
        assert afresh["last_entry_at"] == table["last_entry_at"]
        moved = org.get(board_url(timed), headers={"If-None-Match": first["timed"].headers["ETag"]})
        assert moved.status_code == 200 and moved.get_json()["tables"][0]["minutes_since_last_entry"] == 16


def test_a_tablets_news_poll_is_a_few_small_queries_without_a_cookie(app, org):
    doc = session_of(org, 2, 3)
    table = doc["tables"][0]
    url = f"/games/{table['game_id']}/news.json"
    assert org.get(url).status_code == 200
    with counted(app) as statements:
        answer = org.get(url)
    # which club the poll is for (the signed-in account, or a tablet's game), the game's stamp; a timed
    # session's game whose time is not called reads its game and session too
    assert len(statements) <= 4 + guarded(app) and "Set-Cookie" not in answer.headers, (statements, answer.headers)
    before = answer.get_json()["version"]
    enter_hand(org, table)
    assert org.get(url).get_json()["version"] == before + 1
    assert org.get("/games/999999/news.json").status_code == 404


def news_url(table: dict) -> str:
    return f"/games/{table['game_id']}/news.json"


def test_an_unchanged_news_poll_with_its_etag_is_a_304_in_one_statement(app, client):
    organiser(app)
    login(client)
    table = session_of(client, 1, 1, format={"kind": "target"})["tables"][0]     # no clock: no minute in its stamp
    client.post("/logout")
    tablet = app.test_client()
    first = tablet.get(news_url(table))
    assert first.status_code == 200 and first.get_json()["version"] >= 1
    with poll_counted(app) as statements:
        answer = tablet.get(news_url(table), headers={"If-None-Match": first.headers["ETag"]})
    # the game's stamp in its club (on PostgreSQL the club's role claimed first, left out of the count)
    assert answer.status_code == 304 and answer.data == b"" and len(statements) == 1, statements
    assert answer.headers["ETag"] == first.headers["ETag"] and "Set-Cookie" not in answer.headers
    assert enter_hand(client_of(app), table).status_code == 201
    moved = tablet.get(news_url(table), headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and moved.get_json()["version"] == first.get_json()["version"] + 1


def client_of(app):
    """A fresh signed-in organiser's browser."""
    browser = app.test_client()
    login(browser)
    return browser


def test_a_tag_whose_seal_or_club_was_changed_is_answered_the_long_way(app, org):
    doc = session_of(org, 1, 1)
    etag = org.get(board_url(doc)).headers["ETag"]
    stamp, club, sealed = etag.strip('"').split(".")
    for forged in (f'"{stamp}.{club}.{"0" * len(sealed)}"', f'"{stamp}.{int(club) + 1}.{sealed}"'):
        answer = org.get(board_url(doc), headers={"If-None-Match": forged})
        assert answer.status_code == 200 and answer.headers["ETag"] == etag


def test_a_board_poll_after_signing_out_is_never_a_304(app, org):
    doc = session_of(org, 1, 1)
    etag = org.get(board_url(doc)).headers["ETag"]
    assert org.get(board_url(doc), headers={"If-None-Match": etag}).status_code == 304
    with org.session_transaction() as kept:
        signed_in = kept["_user_id"]
    org.post("/logout")
    with org.session_transaction() as kept:
        kept["_user_id"] = signed_in          # the old cookie kept by hand: its sign-in has ended
    answer = org.get(board_url(doc), headers={"If-None-Match": etag})
    assert answer.status_code in (302, 401), answer.status_code


def test_another_clubs_organiser_gets_no_304_with_this_clubs_tag(app, org):
    from tests.web.test_clubs_isolation import OWNER_B, add_club
    doc = session_of(org, 1, 1)
    etag = org.get(board_url(doc)).headers["ETag"]
    add_club(app, "Hove U3A Canasta", OWNER_B)
    other = app.test_client()
    login(other, OWNER_B)
    answer = other.get(board_url(doc), headers={"If-None-Match": etag})
    assert answer.status_code == 404, answer.status_code


def test_a_quiet_game_tells_its_tablet_to_ask_rarely(app, org):
    table = session_of(org, 1, 1, format={"kind": "target"})["tables"][0]
    assert org.get(news_url(table)).get_json()["next_poll"] == 60
    timed = open_session(org, players=[f"Timed {i}" for i in range(4)], format={"kind": "time"}).get_json()
    assert org.get(news_url(timed["tables"][0])).get_json()["next_poll"] is None


def test_a_poll_whose_session_cookie_does_not_hold_is_never_a_304(app, org):
    doc = session_of(org, 1, 1)
    etag = org.get(board_url(doc)).headers["ETag"]
    cookie = org.get_cookie("session").value
    org.set_cookie("session", cookie[:-2] + ("AA" if not cookie.endswith("AA") else "BB"))   # its signature fails
    answer = org.get(board_url(doc), headers={"If-None-Match": etag})
    assert answer.status_code in (302, 401), answer.status_code
    org.set_cookie("session", cookie)
    assert org.get(board_url(doc), headers={"If-None-Match": etag}).status_code == 304


def test_a_tablet_without_its_cookie_is_answered_the_long_way_and_given_it(app, client):
    organiser(app)
    login(client)
    table = session_of(client, 1, 1, format={"kind": "target"})["tables"][0]
    client.post("/logout")
    tablet = app.test_client()
    etag = tablet.get(news_url(table)).headers["ETag"]
    bare = app.test_client()
    first = bare.get(news_url(table), headers={"If-None-Match": etag})
    assert first.status_code == 304 and "treys_tablet=" in first.headers["Set-Cookie"]
    with poll_counted(app) as statements:
        again = bare.get(news_url(table), headers={"If-None-Match": etag})
    assert again.status_code == 304 and "Set-Cookie" not in again.headers
    assert len(statements) == 1, statements
    for header in ("Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy"):
        assert again.headers[header] == first.headers[header]
    assert again.headers["Cache-Control"] == "no-cache" and again.headers["ETag"] == etag


def test_a_board_304_carries_the_boards_headers(app, org):
    doc = session_of(org, 1, 1)
    full = org.get(board_url(doc))
    answer = org.get(board_url(doc), headers={"If-None-Match": full.headers["ETag"]})
    assert answer.status_code == 304 and answer.headers["Cache-Control"] == "no-store"
    for header in ("ETag", "Content-Security-Policy", "X-Frame-Options", "Vary"):
        assert answer.headers[header] == full.headers[header], header


def test_the_front_step_reads_the_views_stamps_in_the_club_it_claims(app, org):
    """The step in front of Flask reads each stamp on a pooled connection, the club's rows claimed: the same
    stamps as the views read; none for another club (asked for by the statement, and on PostgreSQL by row
    security for the club claimed); and the connection goes back to the pool as it was."""
    from sqlalchemy import text
    from app.extensions import db
    from app.store.stamps import board_stamp, news_row, news_stamp
    from app.store.tenancy.scope import claim_rows, in_club
    doc = session_of(org, 1, 1)
    game_id, club = doc["tables"][0]["game_id"], int(org.get(board_url(doc)).headers["ETag"].split(".")[1])
    with org.session_transaction() as kept:
        organiser_id, generation, key = kept["_user_id"].split(".", 2)
    signed_in = (int(organiser_id), int(generation), key)
    with app.app_context():
        with in_club(club):
            view_news, view_board = news_stamp(news_row(game_id, club)), board_stamp(doc["id"], club, signed_in)
        with db.engine.connect() as connection:
            claim_rows(connection, club)
            assert news_stamp(news_row(game_id, club, connection)) == view_news
            assert board_stamp(doc["id"], club, signed_in, connection) == view_board == (view_board[0], True)
            ended = (signed_in[0], signed_in[1] + 1, key)
            assert board_stamp(doc["id"], club, ended, connection) == (view_board[0], False)
        with db.engine.connect() as connection:
            claim_rows(connection, club)
            assert news_row(game_id, club + 1, connection) is None and board_stamp(doc["id"], club + 1) is None
        if db.engine.dialect.name == "postgresql":
            with db.engine.connect() as connection:     # row security binds the club claimed, whatever is asked
                claim_rows(connection, club + 1)
                assert news_row(game_id, club, connection) is None
                assert board_stamp(doc["id"], club, None, connection) is None
            for _ in range(3):          # each pooled connection is left as it was: its own user, no club set
                with db.engine.connect() as connection:
                    assert connection.execute(text("SELECT current_user = session_user, "
                                                   "coalesce(current_setting('treys.club_id', true), '')")).first() \
                        == (True, "")


def test_a_stamp_is_the_version_with_the_minute_only_while_the_clock_runs(app, org):
    target = session_of(org, 1, 1, format={"kind": "target"})
    timed = session_of(org, 1, 1)
    target_stamp = org.get(board_url(target)).headers["ETag"].strip('"').split(".")[0]
    timed_stamp = org.get(board_url(timed)).headers["ETag"].strip('"').split(".")[0]
    assert target_stamp.isdigit()
    version, _, minute = timed_stamp.partition("-")
    assert version.isdigit() and len(minute) == 12 and minute.isdigit()
    news = org.get(news_url(target["tables"][0])).headers["ETag"].strip('"').split(".")[0]
    assert news == str(org.get(news_url(target["tables"][0])).get_json()["version"])


def test_every_write_of_the_board_moves_the_sessions_version_on(app, org):
    from app.extensions import db
    from app.store.club.models import ClubSession
    from app.store.tenancy.scope import in_club
    doc = session_of(org, 2, 1, format={"kind": "target"})

    def version():
        with app.app_context():
            db.session.expire_all()
            session = db.session.get(ClubSession, doc["id"])
            with in_club(session.club_id):
                return session.version
    before = version()
    table = doc["tables"][0]
    assert enter_hand(org, table).status_code == 201                  # a game's write
    after_hand = version()
    call = org.post(f"/api/v1/games/{table['game_id']}/call", headers={"X-Table-Code": table["table_code"]})
    assert call.status_code in (200, 201)                             # the session's record
    assert before < after_hand < version()
