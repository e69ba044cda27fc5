"""Tablets racing to post a hand into one game, against a real server (waitress): the loser gets 409 or, with
the same client token, the hand already saved (200); never a 5xx, and exactly one hand per number."""
from __future__ import annotations

import json
from collections import Counter

from app.extensions import db
from app.store.game.models import Game, Hand
from tests.web.pages_support import hand_data, open_game
from tests.web.server_support import request, run_together, waitress_server

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
GAMES, ROUNDS = 4, 25          # 4 games x 25 rounds x 4 racing posts: 400 posts
RACERS = ("a", "a", "b", "c")  # "a" twice: a retry racing its own first try


def stored_numbers(app, game_id: int) -> list[int]:
    """The numbers of the game's stored hands, in order."""
    with app.app_context():
        numbers = db.session.scalars(db.select(Hand.number).where(Hand.game_id == game_id).order_by(Hand.number))
        return list(numbers)


def stored_version(app, game_id: int) -> int:
    """The game's saved version."""
    with app.app_context():
        return db.session.get(Game, game_id).version


def api_games(port: int) -> list[tuple[int, str]]:
    """Games opened through the API on the server: (id, table code)."""
    opened = []
    for _ in range(GAMES):
        status, text, _ = request(port, "POST", "/api/v1/games", body={"ruleset": "bolivia", "teams": TEAMS})
        assert status == 201, text
        document = json.loads(text)
        opened.append((document["id"], document["table_code"]))
    return opened


def test_racing_api_posts_never_answer_5xx_and_keep_one_hand_per_number(app):
    statuses, retried = Counter(), Counter()
    with waitress_server(app) as port:
        opened = api_games(port)
        for round_number in range(ROUNDS):
            versions = {game_id: stored_version(app, game_id) for game_id, _ in opened}
            answers: list[tuple[int, str, int, str]] = []

            def post(game_id: int, code: str, token: str):
                body = {"client_token": token, "version": versions[game_id],
                        "teams": [{"table_points": 50}, {"table_points": 20}]}
                status, text, _ = request(port, "POST", f"/api/v1/games/{game_id}/hands", body=body,
                                          headers={"X-Table-Code": code})
                answers.append((game_id, token, status, text))
            run_together([lambda g=game_id, c=code, r=racer: post(g, c, f"{g}-{round_number}-{r}")
                          for game_id, code in opened for racer in RACERS])
            for game_id, token, status, text in answers:
                statuses[status] += 1
                assert status in (200, 201, 409), text
                if status == 409:
                    message = json.loads(text)["errors"][0]["message"]
                    assert "first" in message or "changed" in message, message
            saved = {(game_id, token) for game_id, token, status, _ in answers if status in (200, 201)}
            assert len({game_id for game_id, _ in saved}) == GAMES      # every game took one hand this round
            assert len(saved) == GAMES                                   # ... and only one
            code_of = dict(opened)
            for game_id, token in saved:                                 # the tablet sends it again: 200
                body = {"client_token": token, "teams": [{"table_points": 50}, {"table_points": 20}]}
                status, text, _ = request(port, "POST", f"/api/v1/games/{game_id}/hands", body=body,
                                          headers={"X-Table-Code": code_of[game_id]})
                retried[status] += 1
                assert status == 200, text
    for game_id, _ in opened:
        assert stored_numbers(app, game_id) == list(range(1, ROUNDS + 1))
    print(f"\nracing API posts: {sum(statuses.values())} posts, statuses {dict(sorted(statuses.items()))}; "
          f"retries {dict(retried)}")
    assert sum(statuses.values()) == GAMES * ROUNDS * len(RACERS)


def test_racing_hand_forms_never_answer_5xx_and_keep_one_hand_per_number(app):
    tablets = []
    for _ in range(GAMES):
        client = app.test_client()
        game_id = open_game(client)
        tablets.append((game_id, client.get_cookie("session").value))
    statuses = Counter()
    form = hand_data([{"table_points": 50}, {"table_points": 20}])
    with waitress_server(app) as port:
        for round_number in range(ROUNDS):
            versions = {game_id: stored_version(app, game_id) for game_id, _ in tablets}
            answers: list[tuple[int, str]] = []

            def post(game_id: int, cookie: str, token: str):
                data = {**form, "version": str(versions[game_id]), "client_token": token,
                        "hand_number": str(round_number + 1)}
                status, text, _ = request(port, "POST", f"/games/{game_id}/hands/new", form=data,
                                          headers={"Cookie": f"session={cookie}"})
                answers.append((status, text))
            run_together([lambda g=game_id, c=cookie, r=racer: post(g, c, f"f{g}-{round_number}-{r}")
                          for game_id, cookie in tablets for racer in RACERS])
            for status, text in answers:
                statuses[status] += 1
                assert status in (302, 409), text[:2000]
    for game_id, _ in tablets:
        assert stored_numbers(app, game_id) == list(range(1, ROUNDS + 1))
    print(f"\nracing hand forms: {sum(statuses.values())} posts, statuses {dict(sorted(statuses.items()))}")
