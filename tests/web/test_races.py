"""Races between tablets: removing the last hand while another posts, and readers during writes."""
import re
import threading
from collections import Counter

import pytest
from sqlalchemy import event

from app.extensions import db
from app.store.game.cache import forget_everything

from tests.web.club_support import public_club
from tests.web.pages_support import open_game

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
ROUNDS = 15



@pytest.fixture(autouse=True)
def anyone_reads(app):
    """These races read games as any tablet would at a public club (who reads: tests/web/test_games_kept.py)."""
    public_club(app)

def api_game(client):
    answer = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": TEAMS})
    return answer.get_json()["id"], answer.get_json()["table_code"]


def run_together(*jobs):
    """Start the jobs at the same moment and wait for all."""
    barrier, failures = threading.Barrier(len(jobs)), []

    def run(job):
        barrier.wait()
        try:
            job()
        except Exception as error:      # noqa: BLE001  (reported below, in the test's thread)
            failures.append(error)
    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures


def test_removing_the_last_hand_while_another_tablet_posts(app):
    game_id, code = api_game(app.test_client())
    headers = {"X-Table-Code": code}
    statuses = Counter()
    for round_number in range(ROUNDS):
        app.test_client().post(f"/api/v1/games/{game_id}/hands", headers=headers,
                               json={"client_token": f"base-{round_number}", "teams": [{"table_points": 50}, {}]})
        document = app.test_client().get(f"/api/v1/games/{game_id}").get_json()
        last, version = len(document["hands"]), document["version"]
        answers = []
        run_together(
            lambda: answers.append(app.test_client().delete(
                f"/api/v1/games/{game_id}/hands/{last}", headers=headers, json={"version": version})),
            lambda: answers.append(app.test_client().put(f"/api/v1/games/{game_id}/hands/{last}", headers=headers,
                                                         json={"teams": [{"table_points": 100}, {}],
                                                               "version": version})),
            lambda: answers.append(app.test_client().post(f"/api/v1/games/{game_id}/hands", headers=headers,
                                                          json={"teams": [{"table_points": 50}, {}]})))
        for answer in answers:
            statuses[answer.status_code] += 1
            assert answer.status_code in (200, 201, 404, 409, 422, 503), answer.get_data(as_text=True)
            if answer.status_code == 409:
                assert answer.get_json()["errors"][0]["message"]
    document = app.test_client().get(f"/api/v1/games/{game_id}").get_json()
    assert [hand["number"] for hand in document["hands"]] == list(range(1, len(document["hands"]) + 1))
    print(f"\nremove vs post: {sum(statuses.values())} writes, statuses {dict(sorted(statuses.items()))}")


def test_readers_during_writes_see_whole_games(app):
    owner = app.test_client()
    game_id = open_game(owner)
    with owner.session_transaction() as session:
        code = session["codes"][str(game_id)]
    headers = {"X-Table-Code": code}
    stop = threading.Event()
    seen, problems = Counter(), []

    def writer():
        client = app.test_client()
        for _ in range(ROUNDS * 2):
            client.post(f"/api/v1/games/{game_id}/hands", headers=headers,
                        json={"teams": [{"table_points": 50}, {}]})
            hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
            if hands and len(hands) % 3 == 0:
                client.delete(f"/api/v1/games/{game_id}/hands/{len(hands)}", headers=headers)
        stop.set()

    def reader():
        client = app.test_client()
        while not stop.is_set():
            for url in (f"/api/v1/games/{game_id}", f"/games/{game_id}", "/"):
                answer = client.get(url)
                seen[answer.status_code] += 1
                if answer.status_code != 200:
                    problems.append((url, answer.status_code, answer.get_data(as_text=True)[:300]))
                elif url.startswith("/api/"):
                    hands = answer.get_json()["hands"]
                    if any(len(hand["teams"]) != 2 for hand in hands):
                        problems.append((url, "a hand without both teams' entries"))

    run_together(writer, reader, reader)
    print(f"\nreaders during writes: {sum(seen.values())} reads, statuses {dict(sorted(seen.items()))}")
    assert not problems, problems[:3]
    assert seen[200] > 0


def test_a_hand_removed_while_a_reader_reads_the_game_leaves_no_half_read_hand(app):
    """Deterministic: another tablet removes the last hand just before a reader's statement that reads the hands'
    entries runs (the moment the readers above can only hit by chance). The reader answers with whole hands, and
    keeps no state under the version it read the game at, since its hands are those of a later one (the remover's
    own state of that version, with its three hands, may be kept)."""
    game_id, code = api_game(app.test_client())
    headers = {"X-Table-Code": code}
    for points in (50, 60, 70):
        app.test_client().post(f"/api/v1/games/{game_id}/hands", headers=headers,
                               json={"teams": [{"table_points": points}, {}]})
    version = app.test_client().get(f"/api/v1/games/{game_id}").get_json()["version"]
    forget_everything(app)
    removed = []

    def remove_last_hand(conn, cursor, statement, parameters, context, executemany):
        if not removed and re.search(r"\b(FROM|JOIN) hand_entry\b", statement):
            removed.append(True)
            run_together(lambda: removed.append(app.test_client().delete(
                f"/api/v1/games/{game_id}/hands/3", headers=headers).status_code))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", remove_last_hand)
    try:
        answer = app.test_client().get(f"/api/v1/games/{game_id}")
    finally:
        event.remove(engine, "before_cursor_execute", remove_last_hand)
    assert removed == [True, 200]
    assert answer.status_code == 200, answer.get_data(as_text=True)
    hands = answer.get_json()["hands"]
    assert [len(hand["teams"]) for hand in hands] == [2] * len(hands)
    assert len(hands) == 2                  # the hands as they stood when their statement ran
    kept = [state for key, state in app.extensions["state_cache"].items.items() if key[:2] == (game_id, version)]
    assert [len(state.hands) for state in kept] in ([], [3])   # the remover's own, read whole: never the reader's
    after = app.test_client().get(f"/api/v1/games/{game_id}").get_json()
    assert [hand["number"] for hand in after["hands"]] == [1, 2] and after["version"] == version + 1
