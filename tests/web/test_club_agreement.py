"""Agreement, a session option off by default: a hand counts on the board only once a player of another team
taps "Agreed" on the tablet it was entered on; "Not agreed" calls the organiser. The engine's scores never change."""
from app.extensions import db
from app.store.club.models import ClubSession, SessionEvent, TableCall
from app.store.game.models import Hand
from tests.web.club_support import PLAYERS, basic, enter_hand, login, open_session, organiser, session_ids
from tests.web.pages_support import post_hand
from tests.web.test_club_calls import drawn, tablet_of

#: A hand at the tablet: team 1 goes out with two sets.
HAND = [{"sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2, "table_points": 485}, {}]
CORRECTED = [{"sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2, "table_points": 490}, {}]


def table_on_board(client, session_id: int, game_id: int) -> dict:
    """The board's line for one table."""
    board = client.get(f"/club/sessions/{session_id}/board.json").get_json()
    return next(t for t in board["tables"] if t["game_id"] == game_id)


def engine_totals_of(client, game_id: int) -> list[int]:
    """Each team's total as the API's game document gives it (the engine's)."""
    return [team["progressive"] for team in client.get(f"/api/v1/games/{game_id}").get_json()["teams"]]


def test_the_new_session_form_offers_agreement_off_by_default(app, client):
    organiser(app)
    login(client)
    form = client.get("/club/sessions/new").get_data(as_text=True)
    assert 'name="agreement" value="yes"' in form and 'value="yes" checked' not in form
    base = {"played_on": "2026-11-23", "ruleset": "bolivia", "kind": "target", "partners": "random"}
    assert client.post("/club/sessions/new", data=base).status_code == 302
    assert client.post("/club/sessions/new", data=dict(base, agreement="yes")).status_code == 302
    with app.app_context():
        sessions = db.session.query(ClubSession).order_by(ClubSession.created_at, ClubSession.id).all()
        assert [s.agreement for s in sessions] == [False, True]
    first, second = session_ids(app)
    page = client.get(f"/club/sessions/{second}").get_data(as_text=True)
    assert "each hand agreed at the table" in page
    assert "each hand agreed at the table" not in client.get(f"/club/sessions/{first}").get_data(as_text=True)


def test_without_agreement_every_hand_counts_at_once(app, client):
    doc = drawn(app, client)
    table = doc["tables"][0]
    assert enter_hand(client, table).status_code == 201
    line = table_on_board(client, doc["id"], table["game_id"])
    assert (line["awaiting_agreement"], line["counted"]) == (None, True)
    assert line["totals"] == engine_totals_of(client, table["game_id"]) != [0, 0]
    assert "agreed?" not in tablet_of(app, table).get(f"/games/{table['game_id']}").get_data(as_text=True)


def test_a_hand_counts_on_the_board_once_a_player_taps_agreed_on_the_same_tablet(app, client):
    doc = drawn(app, client, agreement=True)
    table = doc["tables"][0]
    game_url = f"/games/{table['game_id']}"
    tablet = tablet_of(app, table)
    assert post_hand(tablet, table["game_id"], HAND, "0").status_code == 302
    engine_totals = engine_totals_of(client, table["game_id"])
    line = table_on_board(client, doc["id"], table["game_id"])
    assert (line["awaiting_agreement"], line["totals"], line["status"]) == (1, [0, 0], "Hand 1 awaiting agreement")
    board_page = client.get(f"/club/sessions/{doc['id']}/board").get_data(as_text=True)
    assert "is-awaiting" in board_page and "Hand 1 awaiting agreement" in board_page
    page = tablet.get(game_url).get_data(as_text=True)
    assert "Hand 1: agreed?" in page and "Not agreed: call the organiser" in page
    other_player = table["teams"][1][0]
    assert f'value="{other_player}">Agreed: {other_player}</button>' in page

    other_tablet = tablet_of(app, table)
    refused = other_tablet.post(f"{game_url}/hands/1/agreement", data={"decision": "agreed", "player": other_player})
    assert refused.status_code == 403 and "agreed on the tablet it was entered on" in refused.get_data(as_text=True)
    unknown = tablet.post(f"{game_url}/hands/1/agreement", data={"decision": "agreed", "player": "Nobody"})
    assert unknown.status_code == 422 and "Choose the name of the player" in unknown.get_data(as_text=True)
    agreed = tablet.post(f"{game_url}/hands/1/agreement", data={"decision": "agreed", "player": other_player},
                         follow_redirects=True)
    assert f"Hand 1 agreed by {other_player}: it counts on the board." in agreed.get_data(as_text=True)
    assert "Hand 1: agreed?" not in agreed.get_data(as_text=True)
    line = table_on_board(client, doc["id"], table["game_id"])
    assert (line["awaiting_agreement"], line["totals"], line["status"]) == (None, engine_totals, "Playing")
    assert engine_totals_of(client, table["game_id"]) == engine_totals != [0, 0]     # the engine's, unchanged
    again = tablet.post(f"{game_url}/hands/1/agreement", data={"decision": "agreed", "player": other_player})
    assert again.status_code == 409
    with app.app_context():
        words = [e.words for e in db.session.query(SessionEvent).filter_by(kind="hand_agreed")]
    assert words == [f"Table 1: hand 1 agreed by {other_player}."]


def test_not_agreed_calls_the_organiser_and_the_hand_keeps_waiting(app, client):
    doc = drawn(app, client, agreement=True)
    table = doc["tables"][0]
    tablet = tablet_of(app, table)
    post_hand(tablet, table["game_id"], HAND, "0")
    answer = tablet.post(f"/games/{table['game_id']}/hands/1/agreement", data={"decision": "not_agreed"},
                         follow_redirects=True)
    page = answer.get_data(as_text=True)
    assert "Hand 1 is not agreed: the organiser has been called to your table." in page
    assert "The organiser has been called" in page and "Hand 1 not agreed" in page and "Hand 1: agreed?" in page
    board = client.get(f"/club/sessions/{doc['id']}/board.json").get_json()
    assert [(c["label"], c["reason"]) for c in board["calls"]] == [("Table 1", "Hand 1 not agreed")]
    assert table_on_board(client, doc["id"], table["game_id"])["awaiting_agreement"] == 1
    with app.app_context():
        kinds = [e.kind for e in db.session.query(SessionEvent).filter_by(session_id=doc["id"]).order_by(SessionEvent.id)]
    assert kinds[-2:] == ["hand_not_agreed", "table_called"]


def test_a_corrected_hand_is_agreed_to_again(app, client):
    doc = drawn(app, client, agreement=True)
    table = doc["tables"][0]
    tablet = tablet_of(app, table)
    post_hand(tablet, table["game_id"], HAND, "0")
    tablet.post(f"/games/{table['game_id']}/hands/1/agreement", data={"decision": "agreed", "player": table["teams"][1][0]})
    assert table_on_board(client, doc["id"], table["game_id"])["awaiting_agreement"] is None
    assert post_hand(tablet, table["game_id"], CORRECTED, "0", number=1).status_code == 302
    assert table_on_board(client, doc["id"], table["game_id"])["awaiting_agreement"] == 1


def test_agreement_over_the_api(app, client):
    doc = drawn(app, client, agreement=True)
    assert client.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()["agreement"] is True
    table = doc["tables"][0]
    code = {"X-Table-Code": table["table_code"]}
    assert enter_hand(client, table).status_code == 201
    url = f"/api/v1/games/{table['game_id']}/hands/1/agreement"
    assert client.post(url, json={"agreed": True, "player": table["teams"][1][0]}).status_code == 403
    assert client.post(url, json={"agreed": "yes"}, headers=code).status_code == 422
    assert client.post(url, json={"agreed": True, "player": "Nobody"}, headers=code).status_code == 422
    assert client.post(f"/api/v1/games/{table['game_id']}/hands/7/agreement", json={"agreed": True},
                       headers=code).status_code == 404
    refused = client.post(url, json={"agreed": False}, headers=code)
    assert refused.status_code == 200
    body = refused.get_json()
    assert (body["agreed"], body["call"]["reason"], body["awaiting_agreement"]) == (False, "Hand 1 not agreed", 1)
    agreed = client.post(url, json={"agreed": True, "player": table["teams"][1][0]}, headers=code)
    assert agreed.status_code == 200
    assert agreed.get_json() == {"hand": 1, "agreed": True, "agreed_by": table["teams"][1][0], "awaiting_agreement": None}
    session = client.get(f"/api/v1/sessions/{doc['id']}", headers=basic()).get_json()
    line = next(t for t in session["tables"] if t["game_id"] == table["game_id"])
    assert line["awaiting_agreement"] is None and line["counted"] is True
    with app.app_context():
        assert db.session.query(Hand).filter(Hand.agreed_by.is_not(None)).count() == 1
        assert db.session.query(TableCall).count() == 1


def test_a_session_without_agreement_refuses_an_agreement(app, client):
    doc = drawn(app, client)
    table = doc["tables"][0]
    enter_hand(client, table)
    answer = client.post(f"/api/v1/games/{table['game_id']}/hands/1/agreement", json={"agreed": True, "player": "Ann"},
                         headers={"X-Table-Code": table["table_code"]})
    assert answer.status_code == 409 and "does not ask for agreement" in answer.get_json()["errors"][0]["message"]
    assert open_session(client, PLAYERS[:4], agreement="yes").status_code == 422


def test_an_agreement_racing_another_write_to_the_game_saves_nothing(app, client):
    from sqlalchemy import text

    from app.rules.refusal import Refusal, RefusalKind
    from app.store.club.agreement import agree_hand
    from app.store.game.gamelog import API
    from app.store.game.models import Game
    doc = drawn(app, client, agreement=True)
    table = doc["tables"][0]
    enter_hand(client, table)
    with app.app_context():
        game = db.session.get(Game, table["game_id"])
        with db.engine.begin() as other:          # another tablet's write lands first
            other.execute(text("UPDATE game SET version = version + 1 WHERE id = :id"), {"id": game.id})
        try:
            agree_hand(game, 1, table["teams"][1][0], API)
        except Refusal as refusal:
            assert refusal.kind is RefusalKind.CONFLICT
        else:
            raise AssertionError("the agreement was saved over another write")
        assert db.session.query(Hand).filter(Hand.agreed_at.is_not(None)).count() == 0
        assert db.session.query(SessionEvent).filter_by(kind="hand_agreed").count() == 0
