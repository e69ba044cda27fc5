"""A club afternoon's data for the browser checks (no tests here): an organiser, finished games for the
ladder, a session of eight tables with hands entered, a season; returns the pages a club uses."""
from __future__ import annotations

from urllib.parse import urlsplit

from app.extensions import db
from app.store.club.models import Member
from app.store.game.models import Game
from tests.web.club_support import enter_hand, login, open_session, organiser
from tests.web.test_api_games import new_game, post_hand
from tests.web.test_records_ladder import OTHER, OUT, play_to_the_end, season

# 32 players: eight tables of four
PLAYERS = [f"{first} {last}" for last in ("Wilson", "Jones", "Brown", "Green")
           for first in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")]


def club_afternoon(app) -> dict[str, str]:
    """Fill the app with an afternoon (CSRF checks off while it does); {page name: path}, and the
    "table code" of the game whose hand form is listed."""
    checking = app.config["WTF_CSRF_ENABLED"]
    app.config["WTF_CSRF_ENABLED"] = False
    try:
        return _fill(app)
    finally:
        app.config["WTF_CSRF_ENABLED"] = checking


def _fill(app) -> dict[str, str]:
    organiser(app)
    client = app.test_client()
    login(client)
    for us, them in ((PLAYERS[0:2], PLAYERS[2:4]), (PLAYERS[4:6], PLAYERS[0:2]), (PLAYERS[2:4], PLAYERS[4:6])):
        play_to_the_end(client, us, them)
    session = open_session(client, players=PLAYERS).get_json()
    tables = session["tables"]
    for number, table in enumerate(tables[:-1]):
        for _ in range(number % 3 + 1):
            enter_hand(client, table, points=(150 + 10 * number, 90))
    last = tables[-1]
    while not post_hand(client, {"id": last["game_id"], "table_code": last["table_code"]},
                        [OUT, OTHER]).get_json()["game"]["game_over"]:
        pass                                    # the last table has played its game to the end
    season_path = season(client, name="Spring").headers["Location"]
    game = new_game(client, teams=[{"name": "North-South", "players": PLAYERS[:2]},
                                   {"name": "East-West", "players": PLAYERS[2:4]}])
    enter_hand(client, {"game_id": game["id"], "table_code": game["table_code"]}, points=(300, 120))
    with app.app_context():
        member = db.session.get(Game, tables[0]["game_id"]).teams[0].players[0].member_id
        regular = db.session.query(Member).filter_by(name=PLAYERS[0]).one().id       # three games to the end
        won = db.session.query(Game.id).filter(Game.session_id.is_(None), Game.finished_at.is_not(None)) \
            .order_by(Game.created_at).first()[0]                                    # Us v Them, played to the end
    sid = session["id"]
    return {
        "home": "/", "new game": "/games/new", "game": f"/games/{game['id']}", "won game": f"/games/{won}",
        "hand form": f"/games/{game['id']}/hands/new", "correct hand": f"/games/{game['id']}/hands/1/edit",
        "rules index": "/rules", "rules page": "/rules/bolivia", "set checker": "/sets/check",
        "club index": "/club", "new session": "/club/sessions/new", "session": f"/club/sessions/{sid}",
        "board": f"/club/sessions/{sid}/board", "results": f"/club/sessions/{sid}/results",
        "records": "/records/", "players": "/records/players", "player": f"/records/players/{member}",
        "player with form": f"/records/players/{regular}",
        "ladder": urlsplit(season_path).path, "ladder with form": urlsplit(season_path).path + "?form=1",
        "table code": game["table_code"],
    }
