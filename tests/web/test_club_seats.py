"""Seats set by hand on the session page: a player or a pair moved to another table, two players swapped; the
board, the table cards and the codes follow, the draw's words and the session's record say so; refused in plain
words (nothing stored) once a table has started, when a table would be left with a number of players the rule set
does not allow, or when the player is not in this round."""
from __future__ import annotations

import re
from io import BytesIO

import pytest
from pypdf import PdfReader
from sqlalchemy import update

from app.extensions import db
from app.store.club import seats as seat_store
from app.store.club.models import ClubSession, SessionEvent
from app.store.game.models import Game
from tests.web.club_support import PLAYERS, enter_hand, login, open_session, organiser


@pytest.fixture
def org(app, client):
    organiser(app)
    login(client)
    return client


def drawn(client, count: int, ruleset: str = "bolivia") -> dict:
    """A session of `count` players drawn through the API; the board's document with the session's id."""
    answer = open_session(client, PLAYERS[:count], ruleset=ruleset)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    sid = answer.get_json()["id"]
    return {"id": sid, **board(client, sid)}


def board(client, sid: int) -> dict:
    return client.get(f"/club/sessions/{sid}/board.json").get_json()


def seats(doc: dict) -> dict[int, list[list[str]]]:
    """Each table's teams by table number."""
    return {table["table"]: table["teams"] for table in doc["tables"]}


def stored(app, sid: int) -> tuple[dict, list[str], list[tuple[str, str]]]:
    """What the database holds: each table's teams, who sits out, and the session's record (kind, words)."""
    with app.app_context():
        session = db.session.get(ClubSession, sid)
        games = db.session.query(Game).filter_by(session_id=sid, session_round=session.round).all()
        events = db.session.query(SessionEvent).filter_by(session_id=sid).order_by(SessionEvent.id).all()
        return ({g.table_number: g.team_players for g in games}, list(session.sitting_out),
                [(e.kind, e.words) for e in events])


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def sizes(doc: dict) -> dict[int, int]:
    return {number: sum(len(team) for team in teams) for number, teams in seats(doc).items()}


def test_two_players_move_from_the_table_of_six_to_a_table_of_four(org, app):
    doc = drawn(org, 10)
    six = next(n for n, size in sizes(doc).items() if size == 6)
    four = next(n for n, size in sizes(doc).items() if size == 4)
    first, second = seats(doc)[six][0][2], seats(doc)[six][1][2]
    answer = org.post(f"/club/sessions/{doc['id']}/move", data={"player": first, "partner": second, "to": four})
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/club/sessions/{doc['id']}")
    after = board(org, doc["id"])
    assert sizes(after) == {six: 4, four: 6}
    assert first in seats(after)[four][0] and second in seats(after)[four][1]      # one to each team
    assert all(first not in team for team in seats(after)[six])
    _, _, record = stored(app, doc["id"])
    assert record[-1] == ("players_moved",
                          f"Seats set by hand: {first} and {second} move from Table {six} to Table {four}.")
    assert after["draw_words"].endswith("The organiser then set some seats by hand.")
    page = text(org.get(f"/club/sessions/{doc['id']}"))
    assert f"Seats set by hand: {first} and {second} move from Table {six} to Table {four}." in page
    assert "The organiser then set some seats by hand." in page


def test_a_pair_moves_out_of_the_round_and_back_to_a_table(org, app):
    doc = drawn(org, 10)
    six = next(n for n, size in sizes(doc).items() if size == 6)
    pair = [seats(doc)[six][0][0], seats(doc)[six][1][0]]
    answer = org.post(f"/club/sessions/{doc['id']}/move", data={"player": pair[0], "partner": pair[1], "to": "out"})
    assert answer.status_code == 302
    after = board(org, doc["id"])
    assert after["sitting_out"] == pair and sizes(after)[six] == 4
    assert stored(app, doc["id"])[2][-1][1] == (f"Seats set by hand: {pair[0]} and {pair[1]} leave Table {six} "
                                                "and sit out this round.")
    four = next(n for n, size in sizes(after).items() if n != six)
    back = org.post(f"/club/sessions/{doc['id']}/move", data={"player": pair[1], "partner": pair[0], "to": four})
    assert back.status_code == 302
    again = board(org, doc["id"])
    assert again["sitting_out"] == [] and sizes(again)[four] == 6
    assert pair[1] in seats(again)[four][0] and pair[0] in seats(again)[four][1]


def test_a_player_alone_moves_between_sambola_tables(org, app):
    doc = drawn(org, 5, ruleset="sambola")
    assert sorted(sizes(doc).values()) == [2, 3], sizes(doc)    # 3 + 2 players alone: the only draw of 5 with nobody out
    three = next(n for n, size in sizes(doc).items() if size == 3)
    two = next(n for n, size in sizes(doc).items() if size == 2)
    mover = seats(doc)[three][2][0]
    assert org.post(f"/club/sessions/{doc['id']}/move", data={"player": mover, "to": two}).status_code == 302
    after = board(org, doc["id"])
    assert sizes(after) == {three: 2, two: 3} and seats(after)[two][-1] == [mover]


def test_a_swap_goes_on_the_record_as_seats_set_by_hand(org, app):
    doc = drawn(org, 8)
    a, b = seats(doc)[1][0][0], seats(doc)[2][1][1]
    assert org.post(f"/club/sessions/{doc['id']}/swap", data={"first": a, "second": b}).status_code == 302
    after = board(org, doc["id"])
    assert seats(after)[1][0][0] == b and seats(after)[2][1][1] == a
    assert stored(app, doc["id"])[2][-1] == ("players_swapped",
                                             f"Seats set by hand: {a} and {b} swap places (Table 1 and Table 2).")
    assert after["draw_words"].endswith("The organiser then set some seats by hand.")


def test_the_table_cards_and_codes_follow_a_move(org, app):
    doc = drawn(org, 10)
    six = next(n for n, size in sizes(doc).items() if size == 6)
    four = next(n for n, size in sizes(doc).items() if size == 4)
    first, second = seats(doc)[six][0][1], seats(doc)[six][1][1]
    with app.app_context():
        codes_before = {g.table_number: g.table_code for g in db.session.query(Game).filter_by(session_id=doc["id"])}
    org.post(f"/club/sessions/{doc['id']}/move", data={"player": first, "partner": second, "to": four})
    pages = PdfReader(BytesIO(org.get(f"/club/sessions/{doc['id']}/cards.pdf").data)).pages
    with app.app_context():
        games = db.session.query(Game).filter_by(session_id=doc["id"]).order_by(Game.table_number).all()
        assert {g.table_number: g.table_code for g in games} == codes_before      # each table keeps its code
        for page, game in zip(pages, games):
            card = page.extract_text()
            assert game.table_label in card and game.table_code in card.replace(" ", "")
            at_table = first in card and second in card
            assert at_table == (game.table_number == four), (game.table_number, card)
    page = text(org.get(f"/club/sessions/{doc['id']}"))
    table_four = page[page.index(f"Table {four} · code"):]
    assert first in table_four[:400] and second in table_four[:400]


def test_moving_after_a_table_started_is_refused_and_nothing_stored(org, app):
    doc = drawn(org, 10)
    six = next(n for n, size in sizes(doc).items() if size == 6)
    four = next(n for n, size in sizes(doc).items() if size == 4)
    started = next(t for t in doc["tables"] if t["table"] == four)
    with app.app_context():
        started["table_code"] = db.session.get(Game, started["game_id"]).table_code
    assert enter_hand(org, started).status_code == 201
    before = stored(app, doc["id"])
    into = org.post(f"/club/sessions/{doc['id']}/move",
                    data={"player": seats(doc)[six][0][0], "partner": seats(doc)[six][1][0], "to": four})
    assert into.status_code == 409
    assert f"Table {four} has started: move players only before the first hand." in text(into)
    out_of = org.post(f"/club/sessions/{doc['id']}/move",
                      data={"player": seats(doc)[four][0][0], "partner": seats(doc)[four][1][0], "to": "out"})
    assert out_of.status_code == 409 and f"Table {four} has started" in text(out_of)
    swap = org.post(f"/club/sessions/{doc['id']}/swap", data={"first": seats(doc)[four][0][0],
                                                              "second": seats(doc)[six][0][0]})
    assert swap.status_code == 409 and "swap only before the first hand" in text(swap)
    assert stored(app, doc["id"]) == before


@pytest.mark.parametrize("who, to, words", [
    ("one", "four", "would have 5 players. Bolivia tables seat 4 or 6 players in two teams."),
    ("partners", "four", "would have teams of 1 and 3: both teams need the same number of players."),
    ("one", "out", "would have 5 players."),
])
def test_a_move_that_leaves_a_table_the_rules_do_not_allow_is_refused(org, app, who, to, words):
    doc = drawn(org, 10)
    six = next(n for n, size in sizes(doc).items() if size == 6)
    four = next(n for n, size in sizes(doc).items() if size == 4)
    team = seats(doc)[six][0]
    data = {"player": team[0], "partner": team[1] if who == "partners" else "", "to": four if to == "four" else to}
    before = stored(app, doc["id"])
    answer = org.post(f"/club/sessions/{doc['id']}/move", data=data)
    assert answer.status_code == 422
    page = text(answer)
    assert words in page and "swap them instead" in page
    assert stored(app, doc["id"]) == before


@pytest.mark.parametrize("data, words", [
    ({"player": "Nobody", "to": "1"}, "Nobody is not at a table or sitting out this round."),
    ({"player": "Zed", "to": "1"}, "Zed is not at a table or sitting out this round."),
    ({"player": "", "to": "1"}, "Choose the player to move."),
    ({"player": "Ann", "to": "9"}, "There is no Table 9 this round."),
    ({"player": "Ann", "to": ""}, "Choose the table to move to, or sitting out."),
    ({"player": "Ann", "to": "²"}, "Choose the table to move to, or sitting out."),
])
def test_a_player_not_in_the_round_or_no_such_table_is_refused(org, app, data, words):
    doc = drawn(org, 8)
    before = stored(app, doc["id"])
    answer = org.post(f"/club/sessions/{doc['id']}/move", data=data)
    assert answer.status_code == 422 and words in text(answer)
    assert stored(app, doc["id"]) == before


def test_a_player_already_at_that_table_is_told_so(org, app):
    doc = drawn(org, 8)
    name = seats(doc)[2][0][0]
    answer = org.post(f"/club/sessions/{doc['id']}/move", data={"player": name, "to": "2"})
    assert answer.status_code == 422 and f"{name} is already at Table 2." in text(answer)


def test_the_session_page_offers_the_seat_forms_for_tables_not_started_only(org, app):
    doc = drawn(org, 8)
    page = org.get(f"/club/sessions/{doc['id']}").get_data(as_text=True)
    assert f'action="/club/sessions/{doc["id"]}/move"' in page and 'name="csrf_token"' in page
    assert '<optgroup label="Table 1">' in page and '<option value="out">sit out this round</option>' in page
    for table in doc["tables"]:
        with app.app_context():
            table["table_code"] = db.session.get(Game, table["game_id"]).table_code
        assert enter_hand(org, table).status_code == 201
    later = text(org.get(f"/club/sessions/{doc['id']}"))
    assert "Every table has started: seats can be set by hand only before a table's first hand." in later
    assert f'/club/sessions/{doc["id"]}/move' not in org.get(f"/club/sessions/{doc['id']}").get_data(as_text=True)


def test_moving_needs_the_organiser(app, client):
    organiser(app)
    login(client)
    doc = drawn(client, 8)
    client.post("/logout")
    answer = client.post(f"/club/sessions/{doc['id']}/move", data={"player": "Ann", "to": "out"})
    assert answer.status_code in (302, 401) and "/login" in answer.headers.get("Location", "/login")


def test_a_table_written_meanwhile_refuses_the_move_on_the_session_page_and_nothing_stored(org, app, monkeypatch):
    doc = drawn(org, 10)
    six = next(n for n, size in sizes(doc).items() if size == 6)
    four = next(n for n, size in sizes(doc).items() if size == 4)
    first, second = seats(doc)[six][0][2], seats(doc)[six][1][2]
    before = stored(app, doc["id"])
    seat_table = seat_store.seat_table

    def written_meanwhile(game, table, members):     # a tablet's write lands between the read and this change
        db.session.execute(update(Game).where(Game.id == game.id).values(version=Game.version + 1)
                           .execution_options(synchronize_session=False))
        seat_table(game, table, members)
    monkeypatch.setattr(seat_store, "seat_table", written_meanwhile)
    answer = org.post(f"/club/sessions/{doc['id']}/move", data={"player": first, "partner": second, "to": four})
    assert answer.status_code == 409
    page = text(answer)
    assert "Someone else changed this game" in page and f'action="/club/sessions/{doc["id"]}/move"' in \
        answer.get_data(as_text=True)
    assert stored(app, doc["id"]) == before
