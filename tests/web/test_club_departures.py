"""Arrivals and departures: a latecomer joins a table with room or plays from the next round; a player who leaves
mid-game is replaced by a substitute for the rest of it. The score sheet (screen and PDF), the players' records and
the results of the day name both; each change is on the session's record. Pages and API."""
import io
import re

from pypdf import PdfReader

from app.extensions import db
from app.store.club.models import Member, SessionEvent, Substitution
from tests.web.club_support import basic, enter_hand
from tests.web.test_club_calls import drawn


def two_hands_at_table_one(client, doc) -> dict:
    """Two hands entered at Table 1 through the API; the table."""
    table = doc["tables"][0]
    for _ in range(2):
        assert enter_hand(client, table, points=(100, 50)).status_code == 201
    return table


def member_id(app, name: str) -> int:
    with app.app_context():
        return db.session.query(Member).filter_by(name=name).one().id


def test_a_substitute_takes_the_seat_of_a_player_who_leaves_and_everything_names_both(app, client, output_dir):
    doc = drawn(app, client)
    table = two_hands_at_table_one(client, doc)
    leaving = table["teams"][0][0]
    answer = client.post(f"/club/sessions/{doc['id']}/substitute", data={"leaving": leaving, "substitute": "Zoe"},
                         follow_redirects=True)
    said = f"{leaving} has left: Zoe plays for {leaving} at Table 1 from hand 3."
    assert answer.status_code == 200 and said in answer.get_data(as_text=True)
    with app.app_context():
        row = db.session.query(Substitution).one()
        assert (row.left_name, row.came_name, row.from_hand, row.by) == (leaving, "Zoe", 3, "the organiser Margaret")
        assert [e.words for e in db.session.query(SessionEvent).filter_by(kind="player_substituted")] == [said]

    game_page = client.get(f"/games/{table['game_id']}").get_data(as_text=True)
    assert f"Zoe (for {leaving} from hand 3)" in game_page
    pdf = client.get(f"/games/{table['game_id']}/sheet.pdf")
    (output_dir / "substitute-sheet.pdf").write_bytes(pdf.data)
    text = re.sub(r"\s+", " ", PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text())
    assert "Zoe (for" in text and leaving in text
    api_game = client.get(f"/api/v1/games/{table['game_id']}").get_json()
    assert "Zoe" in api_game["teams"][0]["players"] and leaving not in api_game["teams"][0]["players"]

    results = client.get(f"/club/sessions/{doc['id']}/results").get_data(as_text=True)
    assert f"Table 1: Zoe played for {leaving} from hand 3." in results
    printed = client.get(f"/sessions/{doc['id']}/print.pdf")
    (output_dir / "substitute-results.pdf").write_bytes(printed.data)
    first_page = re.sub(r"\s+", " ", PdfReader(io.BytesIO(printed.data)).pages[0].extract_text())
    assert f"Table 1: Zoe played for {leaving} from hand 3." in first_page
    left_page = client.get(f"/records/players/{member_id(app, leaving)}").get_data(as_text=True)
    assert "left at hand 3: Zoe played on" in left_page
    came_page = client.get(f"/records/players/{member_id(app, 'Zoe')}").get_data(as_text=True)
    assert f"played for {leaving} from hand 3" in came_page
    session_page = client.get(f"/club/sessions/{doc['id']}").get_data(as_text=True)
    assert f"Table 1: Zoe played for {leaving} from hand 3." in session_page


def test_the_dealer_column_names_who_dealt_before_the_substitute_came(app, client):
    doc = drawn(app, client)
    table = two_hands_at_table_one(client, doc)
    dealt = re.findall(r'<span class="dealer">([^<]*)</span>', client.get(f"/games/{table['game_id']}").get_data(as_text=True))
    first_dealer = next(name for team in table["teams"] for name in team if name.startswith(dealt[0]))
    client.post(f"/club/sessions/{doc['id']}/substitute", data={"leaving": first_dealer, "substitute": "Zoe"})
    page = client.get(f"/games/{table['game_id']}").get_data(as_text=True)
    dealers = re.findall(r'<span class="dealer">([^<]*)</span>', page)
    assert dealers == dealt and "Zoe" not in dealers                      # hands 1 and 2 were dealt before Zoe came
    assert f"Zoe (for {first_dealer} from hand 3)" in page


def test_a_substitute_already_at_a_table_or_a_player_not_seated_is_refused(app, client):
    doc = drawn(app, client)
    table = two_hands_at_table_one(client, doc)
    other = doc["tables"][1]["teams"][0][0]
    busy = client.post(f"/club/sessions/{doc['id']}/substitute",
                       data={"leaving": table["teams"][0][0], "substitute": other})
    assert busy.status_code == 409 and f"{other} is playing at Table 2" in busy.get_data(as_text=True)
    nobody = client.post(f"/club/sessions/{doc['id']}/substitute", data={"leaving": "Nobody", "substitute": "Zoe"})
    assert nobody.status_code == 422 and "Nobody is not at a table this round." in nobody.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(Substitution).count() == 0
        assert db.session.query(Member).filter_by(name="Zoe").count() == 0       # nothing stored


def test_substitutes_and_latecomers_over_the_api(app, client):
    doc = drawn(app, client)
    table = two_hands_at_table_one(client, doc)
    url = f"/api/v1/sessions/{doc['id']}/substitutes"
    leaving = table["teams"][1][1]
    assert client.post(url, json={"leaving": leaving, "substitute": "Zoe"}).status_code == 401
    assert client.post(url, json={"leaving": leaving}, headers=basic()).status_code == 422
    answer = client.post(url, json={"leaving": leaving, "substitute": "Zoe"}, headers=basic())
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["table"] == "Table 1"
    assert body["substitutions"] == [{"table": "Table 1", "came": "Zoe", "left": leaving, "from_hand": 3,
                                      "words": f"Zoe played for {leaving} from hand 3."}]
    session = client.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()
    assert "Zoe" in session["tables"][0]["teams"][1]

    late = client.post(f"/api/v1/sessions/{doc['id']}/latecomers", json={"name": "Yan"}, headers=basic())
    assert late.status_code == 200
    body = late.get_json()
    assert body["name"] == "Yan"
    assert (body["table"] == "Table 2") or ("Yan" in body["sitting_out"])    # joins the unstarted table, or waits
    assert body["message"] in ("Yan joins Table 2.", "Yan plays from the next round: no table that has not started "
                                                     "has room now.")
    with app.app_context():
        kinds = [e.kind for e in db.session.query(SessionEvent).filter_by(session_id=doc["id"]).order_by(SessionEvent.id)]
    assert kinds[-2:] == ["player_substituted", "latecomer_seated"]


def test_a_latecomer_with_no_room_plays_from_the_next_round(app, client):
    doc = drawn(app, client)
    two_hands_at_table_one(client, doc)
    enter_hand(client, doc["tables"][1])
    late = client.post(f"/api/v1/sessions/{doc['id']}/latecomers", json={"name": "Yan"}, headers=basic()).get_json()
    assert late["table"] is None and late["sitting_out"] == ["Yan"]
    assert late["message"] == "Yan plays from the next round: no table that has not started has room now."


def test_a_substitute_racing_another_write_to_the_game_saves_nothing(app, client):
    from sqlalchemy import text

    from app.store.club.departures import replace_player
    from app.store.club.sessions import current_games
    from app.rules.refusal import Refusal, RefusalKind
    from app.store.club.models import ClubSession
    from app.store.game.gamelog import API
    doc = drawn(app, client)
    table = two_hands_at_table_one(client, doc)
    with app.app_context():
        session = db.session.get(ClubSession, doc["id"])
        tables = current_games(session)            # the tables read before the other write lands
        with db.engine.begin() as other:           # a tablet's write lands first
            other.execute(text("UPDATE game SET version = version + 1 WHERE id = :id"), {"id": table["game_id"]})
        try:
            replace_player(session, table["teams"][0][0], "Zoe", API)
        except Refusal as refusal:
            assert refusal.kind is RefusalKind.CONFLICT
        else:
            raise AssertionError("the substitute was seated over another write")
        db.session.rollback()
        assert db.session.query(Substitution).count() == 0 and len(tables) == 2


def test_a_latecomer_or_substitute_name_the_club_list_cannot_hold_is_refused_naming_its_own_field(app, client):
    doc = drawn(app, client)
    table = two_hands_at_table_one(client, doc)
    url = f"/api/v1/sessions/{doc['id']}"
    late = client.post(url + "/latecomers", json={"name": "Y" * 61}, headers=basic())
    assert late.status_code == 422
    assert [(e["field"], e["message"]) for e in late.get_json()["errors"]] == [
        ("name", "A name can be at most 60 characters.")]
    swap = client.post(url + "/substitutes", json={"leaving": table["teams"][0][0], "substitute": "Zoe\u0000"},
                       headers=basic())
    assert swap.status_code == 422 and swap.get_json()["errors"][0]["field"] == "substitute"
    with app.app_context():
        assert db.session.query(Substitution).count() == 0
        assert db.session.query(Member).filter(Member.name.like("Y%")).count() == 0
