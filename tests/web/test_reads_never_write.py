"""No read writes: every GET route of the app, walked over a club afternoon whose set end time has passed,
sends no INSERT, UPDATE or DELETE to the database (whether time has passed is worked out when asked)."""
import re
from datetime import date

from sqlalchemy import event

from app.extensions import db
from tests.web.club_support import PLAYERS, basic, enter_hand, login, open_session, organiser

WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE|CREATE|DROP|ALTER)\b", re.IGNORECASE)


def filled(client, app):
    """A timed session (its end time long past, time never called), a hand at one table, a season."""
    doc = open_session(client, PLAYERS[:8], format={"kind": "time", "ends_at": "00:01"}).get_json()
    table = doc["tables"][0]
    assert enter_hand(client, table).status_code == 201
    today = date.today().isoformat()
    client.post("/records/seasons", data={"name": "Now", "starts_on": today, "ends_on": today,
                                          "qualifying_percent": "30"})
    invited = client.post("/club/accounts/invite", data={"role": "viewer"}).get_data(as_text=True)
    token = re.search(r"/join/([A-Za-z0-9_-]+)", invited).group(1)          # a one-time link, still waiting
    house = client.post("/api/v1/house-rules", headers=basic(),
                        json={"name": "Our Bolivia", "base": "bolivia", "changes": {"target": 10000}})
    assert house.status_code == 201, house.get_data(as_text=True)
    cup = client.post("/api/v1/competitions", headers=basic(), json={"name": "Cup"})
    assert cup.status_code == 201, cup.get_data(as_text=True)
    with app.app_context():
        from app.store.club.models import Member, Season
        member = db.session.query(Member).first().id
        season = db.session.query(Season).first().id
    return {"second_table": doc["tables"][1], "game_id": table["game_id"], "session_id": doc["id"], "season_id": season, "member_id": member,
            "ruleset_id": "bolivia", "number": 1, "name": "games", "action": "end", "filename": "css/app.css",
            "slug": "organiser", "token": token, "player_id": member, "other_id": member,
            "house_rules_id": house.get_json()["id"],
            "competition_id": cup.get_json()["id"],
            # the members' pages and the emails' stop page, read with a link and a token no club has
            "link": "no-such-link", "stop_token": "no-such-token"}


def get_urls(app, values):
    """Every GET route with its arguments filled from values (routes needing others are listed as skipped)."""
    urls, skipped = [], []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods:
            continue
        if set(rule.arguments) - set(values) - {"second_table"}:
            skipped.append(rule.rule)
            continue
        urls.append(rule.build({arg: values[arg] for arg in rule.arguments}, append_unknown=False)[1])
    return urls, skipped


def test_no_get_route_writes_to_the_database(app, client):
    organiser(app)
    login(client)
    values = filled(client, app)
    client.post(f"/games/{values['game_id']}/code", data={"code": "0000", "next": "/"})   # a wrong code: a write
    urls, skipped = get_urls(app, values)
    assert skipped == [] and len(urls) > 30
    writes = []
    with app.app_context():
        engine = db.engine

    def watch(conn, cursor, statement, parameters, context, executemany):
        if WRITES.match(statement):
            writes.append((current[0], statement.split("\n")[0][:80]))

    current = [""]
    event.listen(engine, "before_cursor_execute", watch)
    try:
        for url in urls:
            current[0] = url
            answer = client.get(url, headers=basic() if url.startswith("/api/") else {})
            assert answer.status_code < 500, url
        board = client.get(f"/club/sessions/{values['session_id']}/board.json").get_json()
        assert board["time_called"] is True and board["tables"][0]["over"] is True      # its hand 1 was its last
        assert board["tables"][1]["owes_last_hand"] is True
        found, writes[:] = list(writes), []
        current[0] = "a hand posted: the watch's own check that it sees writes"
        assert enter_hand(client, values["second_table"]).status_code == 201
    finally:
        event.remove(engine, "before_cursor_execute", watch)
    assert found == []          # the backup, which notes when it was made, is downloaded with a POST
    assert writes and all(url.startswith("a hand posted") for url, _ in writes)
