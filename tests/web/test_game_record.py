"""The game record: every write is an event, spent tokens stay spent, stored hands never break a page."""
import re

from app.extensions import db
from app.store.game.gamelog import ORGANISER
from app.store.game.models import Game, Hand, HandEntry
from app.store.game.games import reset_table_code
from tests.web.pages_support import hand_count, open_game, post_hand as post_form, text
from tests.web.test_api_games import GAMES, bolivia_hand, new_game, post_hand, read

TYPICAL = [{"sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2, "table_points": 450}, {}]


def events(client, game_id, code: str | None = None):
    response = client.get(f"{GAMES}/{game_id}/events", headers={"X-Table-Code": code} if code else {})
    assert response.status_code == 200
    return response.get_json()["events"]


def kinds(client, game_id):
    return [event["kind"] for event in events(client, game_id)]


def code_header(game):
    return {"X-Table-Code": game["table_code"]}


# ---------- every write is an event ----------

def test_hand_added_corrected_and_removed_are_recorded_with_entries_before_and_after(client):
    game = new_game(client)
    post_hand(client, game, bolivia_hand(), client_token="t1")
    teams = bolivia_hand()
    teams[0]["table_points"] = 490
    fixed = client.put(f"{GAMES}/{game['id']}/hands/1", json={"teams": teams, "version": read(client, game)["version"]},
                       headers=code_header(game))
    assert fixed.status_code == 200
    assert client.delete(f"{GAMES}/{game['id']}/hands/1", headers=code_header(game)).status_code == 200
    record = events(client, game["id"])
    assert [e["kind"] for e in record] == ["game_opened", "hand_added", "hand_corrected", "hand_removed"]
    assert [e["seq"] for e in record] == [1, 2, 3, 4]
    added, corrected, removed = record[1:]
    assert added["hand"] == 1 and added["before"] is None and added["after"]["teams"][0]["table_points"] == 400
    assert corrected["before"]["teams"][0]["table_points"] == 400
    assert corrected["after"]["teams"][0]["table_points"] == 490
    assert removed["before"]["teams"][0]["table_points"] == 490 and removed["after"] is None
    assert all(e["actor"] == {"kind": "api", "label": "the API"} for e in record[1:])
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d.*Z", e["at"]) for e in record)


def test_ending_early_the_higher_total_wins_and_it_is_recorded(client):
    game = new_game(client)
    post_hand(client, game, bolivia_hand())
    ended = client.post(f"{GAMES}/{game['id']}/end", headers=code_header(game))
    assert ended.status_code == 200
    body = ended.get_json()
    assert body["event"]["kind"] == "game_ended"
    after = body["event"]["after"]
    assert {k: after[k] for k in ("totals", "winner", "winner_name", "draw")} == {
        "totals": [2800, 265], "winner": 0, "winner_name": "Us", "draw": False}
    assert after["outcome"] == {"state": "won", "winners": [0], "reason": "ended_early", "margin": 2535,
                                "owes_hand": False}
    assert (body["game"]["game_over"], body["game"]["winner"], body["game"]["closed"]) == (True, 0, "ended")
    refused = post_hand(client, game, bolivia_hand())
    assert refused.status_code == 409 and "ended early" in refused.get_json()["errors"][0]["message"]
    assert client.post(f"{GAMES}/{game['id']}/abandon", headers=code_header(game)).status_code == 409


def test_ending_with_equal_totals_is_a_draw(client):
    game = new_game(client)
    same = {"sets": {"black_canasta": 1}, "table_points": 100}
    post_hand(client, game, [same, same])
    body = client.post(f"{GAMES}/{game['id']}/end", headers=code_header(game)).get_json()
    assert body["game"]["draw"] is True and body["game"]["winner"] is None and body["game"]["game_over"] is True


def test_abandoning_leaves_no_result(client):
    game = new_game(client)
    post_hand(client, game, bolivia_hand())
    body = client.post(f"{GAMES}/{game['id']}/abandon", headers=code_header(game)).get_json()
    assert body["event"]["kind"] == "game_abandoned"
    assert (body["game"]["winner"], body["game"]["game_over"], body["game"]["closed"]) == (None, True, "abandoned")


def test_closing_needs_the_table_code(client):
    game = new_game(client)
    assert client.post(f"{GAMES}/{game['id']}/end", headers={"X-Table-Code": "x"}).status_code == 403
    assert client.delete(f"{GAMES}/{game['id']}").status_code == 403
    assert kinds(client, game["id"]) == ["game_opened"]


def test_only_a_game_without_hands_can_be_deleted_and_then_it_is_gone(client):
    game = new_game(client)
    post_hand(client, game, bolivia_hand())
    assert client.delete(f"{GAMES}/{game['id']}", headers=code_header(game)).status_code == 409
    empty = new_game(client)
    deleted = client.delete(f"{GAMES}/{empty['id']}", headers=code_header(empty))
    assert deleted.status_code == 200 and deleted.get_json()["event"]["kind"] == "game_deleted"
    assert client.get(f"{GAMES}/{empty['id']}").status_code == 404
    assert kinds(client, empty["id"]) == ["game_opened", "game_deleted"]
    assert client.get(f"/games/{empty['id']}").status_code == 404
    assert f"/games/{empty['id']}\"" not in text(client.get("/"))


def test_a_code_reset_is_recorded_without_the_code(app, client):
    game = new_game(client)
    with app.app_context():
        row = db.session.get(Game, game["id"])
        new_code = reset_table_code(row, actor=ORGANISER)
    record = events(client, game["id"], new_code)          # the old code opens nothing now
    assert record[-1]["kind"] == "code_reset" and record[-1]["actor"]["label"] == "the organiser"
    said = str([{key: value for key, value in line.items() if key != "at"} for line in record])   # a time's digits may match
    assert new_code not in said and game["table_code"] not in said
    assert post_hand(client, game, bolivia_hand()).status_code == 403
    assert post_hand(client, game, bolivia_hand(), code=new_code).status_code == 201


# ---------- a spent token stays spent ----------

def test_a_removed_hands_token_never_records_it_again(client):
    game = new_game(client)
    assert post_hand(client, game, bolivia_hand(), client_token="late").status_code == 201
    assert post_hand(client, game, bolivia_hand(), client_token="late").status_code == 200
    assert client.delete(f"{GAMES}/{game['id']}/hands/1", headers=code_header(game)).status_code == 200
    retry = post_hand(client, game, bolivia_hand(), client_token="late")
    assert retry.status_code == 409
    message = retry.get_json()["errors"][0]["message"]
    assert re.search(r"Hand 1 sent with this token was removed at \d\d:\d\d", message)
    assert retry.get_json()["game"]["hands"] == []
    assert kinds(client, game["id"]).count("hand_added") == 1


def test_the_form_refuses_a_late_retry_of_a_removed_hand(app, client):
    game_id = open_game(client)
    page = client.get(f"/games/{game_id}/hands/new")
    token = re.search(r'name="client_token" value="([^"]+)"', text(page)).group(1)
    assert post_form(client, game_id, TYPICAL, "0", extra={"client_token": token}).status_code == 302
    remove = client.get(f"/games/{game_id}/hands/1/remove")
    version = re.search(r'name="version" value="(\d+)"', text(remove)).group(1)
    assert client.post(f"/games/{game_id}/hands/1/remove", data={"version": version}).status_code == 302
    again = post_form(client, game_id, TYPICAL, "0", extra={"client_token": token})
    assert again.status_code == 409 and "was removed at" in text(again)
    assert hand_count(app, game_id) == 0


# ---------- the record on the game page and the sheet ----------

def test_the_game_page_tells_the_record_in_words_and_marks_corrected_hands(app, client):
    game_id = open_game(client, table_label="Table 2")
    assert post_form(client, game_id, TYPICAL, "0").status_code == 302
    fixed = [dict(TYPICAL[0], table_points=540), {}]
    assert post_form(client, game_id, fixed, "0", number=1).status_code == 302
    page = text(client.get(f"/games/{game_id}"))
    assert re.search(r"Hand 1 corrected at \d\d:\d\d by Table 2's tablet: North-South table points 450 -&gt; 540|"
                     r"Hand 1 corrected at \d\d:\d\d by Table 2's tablet: North-South table points 450 -> 540", page)
    assert re.search(r"Hand 1 entered at \d\d:\d\d by Table 2's tablet", page)
    assert 'class="mark-corrected"' in page
    other = app.test_client()
    other.get("/")
    kept = other.get(f"/games/{game_id}")             # a tablet without the code: the club keeps its games
    assert kept.status_code == 403 and "Enter the table code" in text(kept) and "Record of changes" not in text(kept)


def test_a_tablet_keeps_its_id_in_a_long_lived_cookie(client):
    first = client.get("/")
    cookie = first.headers.get("Set-Cookie", "")
    assert cookie.startswith("treys_tablet=") and "Max-Age=" in cookie and "HttpOnly" in cookie
    assert "treys_tablet" not in client.get("/").headers.get("Set-Cookie", "")


def test_end_abandon_and_delete_pages_ask_first_and_record_who(app, client):
    game_id = open_game(client, table_label="Table 3")
    post_form(client, game_id, TYPICAL, "0")
    confirm = client.get(f"/games/{game_id}/end")
    assert confirm.status_code == 200 and "End this game now?" in text(confirm)
    assert "North-South wins on the higher total" in text(confirm)
    version = re.search(r'name="version" value="(\d+)"', text(confirm)).group(1)
    done = client.post(f"/games/{game_id}/end", data={"version": version}, follow_redirects=True)
    assert done.status_code == 200 and "North-South won!" in text(done)
    assert re.search(r"Game ended early at \d\d:\d\d by Table 3's tablet: North-South won on the higher total",
                     text(done))
    assert client.get(f"/games/{game_id}/abandon").status_code == 200
    refused = client.post(f"/games/{game_id}/abandon", data={"version": str(int(version) + 1)})
    assert refused.status_code == 409
    empty = open_game(client)
    version = re.search(r'name="version" value="(\d+)"', text(client.get(f"/games/{empty}/delete"))).group(1)
    assert client.post(f"/games/{empty}/delete", data={"version": version}).status_code == 302
    assert client.get(f"/games/{empty}").status_code == 404
    third = open_game(client)
    version = re.search(r'name="version" value="(\d+)"', text(client.get(f"/games/{third}/abandon"))).group(1)
    page = client.post(f"/games/{third}/abandon", data={"version": version}, follow_redirects=True)
    assert "No result." in text(page) and "abandoned" in text(page)


def test_closing_pages_need_the_table_code(app, client):
    game_id = open_game(client)
    other = app.test_client()
    assert "Enter the table code" in text(other.get(f"/games/{game_id}/end"))
    assert other.post(f"/games/{game_id}/end", data={"version": "1"}).status_code == 403


# ---------- a stored hand today's rules refuse ----------

def store_refused_hand(app, game_id):
    """Store a hand directly, as older rules might have let it in: going out with no sets at all."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        game.hands.append(Hand(number=len(game.hands) + 1, entries=[
            HandEntry(team_position=0, sets={}, table_points=300, went_out=True),
            HandEntry(team_position=1, sets={"no_such_set": 1}, table_points=100, hand_points=40)]))
        db.session.commit()


def test_a_stored_hand_todays_rules_refuse_is_shown_with_a_warning_everywhere(app, client):
    game_id = open_game(client)
    post_form(client, game_id, TYPICAL, "0")
    store_refused_hand(app, game_id)
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200
    assert "Check these hands" in text(page) and "Hand 2: North-South cannot go out" in text(page)
    api = client.get(f"{GAMES}/{game_id}")
    assert api.status_code == 200
    document = api.get_json()
    assert {(w["hand"], w["code"]) for w in document["warnings"]} == {
        (2, "went_out.missing_sets"), (2, "sets.unknown_type")}
    assert document["teams"][0]["progressive"] == 2850 + 200 + 300     # scored as entered: bonus + table
    pdf = client.get(f"/games/{game_id}/sheet.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    assert client.get("/").status_code == 200
    assert client.get(f"/games/{game_id}/hands/2/edit").status_code == 200
    assert client.get(f"/games/{game_id}/hands/new").status_code == 200


def test_a_hand_can_still_be_added_after_a_stored_refused_one(app, client):
    game_id = open_game(client)
    store_refused_hand(app, game_id)
    assert post_form(client, game_id, TYPICAL, "0").status_code == 302
    assert hand_count(app, game_id) == 2


# ---------- one validation and one replay per write ----------

def test_posting_a_hand_validates_once_and_replays_at_most_once(client, monkeypatch):
    import app.rules.operations as operations
    import app.store.game.states as store_states
    game = new_game(client)
    post_hand(client, game, bolivia_hand())
    calls = {"validate": 0, "replay": 0}
    real_validate, real_replay = operations.validate_hand, store_states.replay

    def counting_validate(*args, **kwargs):
        calls["validate"] += 1
        return real_validate(*args, **kwargs)

    def counting_replay(*args, **kwargs):
        calls["replay"] += 1
        return real_replay(*args, **kwargs)

    monkeypatch.setattr(operations, "validate_hand", counting_validate)
    monkeypatch.setattr(store_states, "replay", counting_replay)
    them = {"sets": {"black_canasta": 1}, "table_points": 150}
    assert post_hand(client, game, [them, them]).status_code == 201
    assert calls == {"validate": 1, "replay": 0}      # the state the first post left is kept by version


def test_a_hand_written_behind_the_apps_back_is_replayed_not_served_stale(app, client):
    game_id = open_game(client)
    post_form(client, game_id, TYPICAL, "0")
    store_refused_hand(app, game_id)          # no version bump: the kept state no longer matches the hands
    answer = client.get(f"/api/v1/games/{game_id}").get_json()
    assert [hand["number"] for hand in answer["hands"]] == [1, 2]
    assert answer["warnings"] and answer["warnings"][0]["hand"] == 2


def test_a_database_too_busy_to_save_answers_503_and_saves_nothing(client, monkeypatch):
    import app.store.game.hands as store_hands
    from sqlalchemy.exc import OperationalError
    game = new_game(client)

    def locked(*args, **kwargs):
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    monkeypatch.setattr(store_hands, "record", locked)
    answer = post_hand(client, game, bolivia_hand(), client_token="busy")
    assert answer.status_code == 503
    assert "nothing was saved" in answer.get_json()["errors"][0]["message"]
    monkeypatch.undo()
    assert read(client, game)["hands"] == []
    assert post_hand(client, game, bolivia_hand(), client_token="busy").status_code == 201


def test_another_tablet_is_named_as_such_in_the_record(app, client):
    game_id = open_game(client, table_label="Table 4")
    with app.app_context():
        code = db.session.get(Game, game_id).table_code
    other = app.test_client()
    other.post(f"/games/{game_id}/code", data={"code": code, "next": f"/games/{game_id}/hands/new"})
    assert post_form(other, game_id, TYPICAL, "0").status_code == 302
    assert re.search(r"Hand 1 entered at \d\d:\d\d by another tablet", text(client.get(f"/games/{game_id}")))


def test_a_session_games_record_names_the_tables_tablet_another_tablet_and_the_organiser(app, client):
    from tests.web.club_support import PLAYERS, login, organiser, session_ids
    organiser(app)
    login(client)
    client.post("/club/sessions/new", data={"played_on": "2026-11-22", "ruleset": "bolivia", "kind": "time",
                                            "partners": "random"})
    (sid,) = session_ids(app)
    client.post(f"/club/sessions/{sid}/players", data={"here": PLAYERS[:4], "ticklist": "1"})
    client.post(f"/club/sessions/{sid}/draw")
    with app.app_context():
        game = db.session.query(Game).filter_by(session_id=sid).one()
        game_id, code, version = game.id, game.table_code, game.version
    tablets = [app.test_client(), app.test_client()]
    for tablet in tablets:
        tablet.post(f"/games/{game_id}/code", data={"code": code, "next": f"/games/{game_id}"})
    for tablet in tablets:                          # the table's own tablet first, then one from elsewhere
        assert post_form(tablet, game_id, TYPICAL, "0").status_code == 302
    with app.app_context():
        version = db.session.get(Game, game_id).version
    assert client.post(f"/club/games/{game_id}/end", data={"version": version}).status_code == 302
    page = text(client.get(f"/games/{game_id}"))
    assert re.search(r"Hand 1 entered at \d\d:\d\d by Table 1's tablet", page)
    assert re.search(r"Hand 2 entered at \d\d:\d\d by another tablet", page)
    assert re.search(r"Game ended early at \d\d:\d\d by the organiser Margaret", page)
