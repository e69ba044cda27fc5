"""What a page costs as a game grows, and what the home page, the ladder and the exports cost as the club's
history grows (prints figures beside their anchors, asserts nothing; in-process with Werkzeug's test client,
one SQLite file; CPU time of this process, median of several rounds, so other work on the machine counts little).

(b) the tablet's pair, a hand posted then its game page reloaded, and the first read of the game page and of
    the API document after a write, at 10, 40 and 175 hands (a game holds at most 200), read by the table's tablet;
(c) the home page, a season's ladder, games.csv, hands.csv and the session results CSV at 10, 100 and 1,000
    games of 12 hands (50 club afternoons), first read (nothing kept) and again;
(d) the PDF score sheet of a 40-hand, 6-player game, first download (rendered) and again by the browser that
    holds it (a 304 by its ETag).

    .venv/bin/python scripts/bench_growth.py [ROUNDS]
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time

from benchkit import build_game, build_history, finish, make_app

from app.extensions import db
from app.store.game.cache import forget_everything
from app.rules import get_ruleset
from app.sheets.sample import sample_hands

ROUNDS = 7
SIZES = (10, 40, 175)         # each grows by 3 hands a round, to at most 196 (a game holds 200)
HISTORIES = (10, 100, 1000)
SESSIONS = 50


def cpu_ms(work) -> float:
    """CPU milliseconds of one call."""
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def get(client, url: str, status: int = 200, headers=None):
    """A GET that must answer `status`."""
    answer = client.get(url, headers=headers or {})
    assert answer.status_code == status, (url, answer.status_code)
    return answer


def pages_against_hands(folder: str, rounds: int) -> None:
    """(b): the pair and the first reads after a write, by hands in the game."""
    app = make_app(f"sqlite:///{folder}/pages.sqlite3")
    client = app.test_client()
    with app.app_context():
        games = {n: build_game(n, seed=n) for n in SIZES}
        ids = {n: (g.id, g.table_code) for n, g in games.items()}
    hands = [[e.as_dict() for e in h] for h in sample_hands(get_ruleset("bolivia"), 2, rounds, seed=99)]
    times: dict[str, dict[int, list[float]]] = {kind: {n: [] for n in SIZES} for kind in ("pair", "page", "api")}
    for n in SIZES:
        get(client, f"/games/{ids[n][0]}?code={ids[n][1]}", 302)      # the table's tablet: it holds the code
        get(client, f"/games/{ids[n][0]}")
    for index in range(rounds):
        for n in SIZES:
            game_id, code = ids[n]

            def post():
                answer = client.post(f"/api/v1/games/{game_id}/hands", json={"teams": hands[index]},
                                     headers={"X-Table-Code": code})
                assert answer.status_code == 201, answer.get_data(as_text=True)
            post_ms = cpu_ms(post)
            times["pair"][n].append(post_ms + cpu_ms(lambda: get(client, f"/games/{game_id}")))
            post_ms = cpu_ms(post)
            times["api"][n].append(cpu_ms(lambda: get(client, f"/api/v1/games/{game_id}")))
            cpu_ms(post)
            times["page"][n].append(cpu_ms(lambda: get(client, f"/games/{game_id}")))
    median = {kind: {n: statistics.median(values) for n, values in by_size.items()} for kind, by_size in times.items()}
    print(f"(b) page cost against hands in the game (CPU ms, median of {rounds}; anchor: the same at 10 hands)")
    for kind, label in (("pair", "post a hand + reload the game page"), ("page", "game page, first read after a write"),
                        ("api", "API document, first read after a write")):
        figures = ", ".join(f"{n} hands {median[kind][n]:5.1f}" for n in SIZES)
        ratio = median[kind][SIZES[-1]] / median[kind][SIZES[0]]
        verdict = "met" if ratio <= 1.5 else "MISSED"
        print(f"  {label:<40}: {figures}; {SIZES[-1]}/{SIZES[0]} hands {ratio:.2f} x: {verdict} (target <= 1.5 x)")
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def history_reads(folder: str, games: int, rounds: int) -> dict[str, tuple[float, float]]:
    """(c) at one size of history: (first read, again) CPU ms of each page."""
    app = make_app(f"sqlite:///{folder}/history-{games}.sqlite3", LOGIN_DISABLED=True)
    client = app.test_client()
    with app.app_context():
        season = build_history(games, sessions=min(SESSIONS, games))
    urls = {"home": "/", "ladder": f"/records/seasons/{season}", "games.csv": "/records/games.csv",
            "hands.csv": "/records/hands.csv", "session results": "/records/session-results.csv"}
    found = {}
    for name, url in urls.items():
        first, again = [], []
        for _ in range(max(1, rounds // 2)):
            forget_everything(app)
            first.append(cpu_ms(lambda: get(client, url)))
            again.append(cpu_ms(lambda: get(client, url)))
        found[name] = statistics.median(first), statistics.median(again)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return found


def history(folder: str, rounds: int) -> None:
    """(c): home, ladder and exports against the size of the club's history."""
    sizes = {games: history_reads(folder, games, rounds) for games in HISTORIES}
    print(f"(c) home, ladder and exports against the club's history (CPU ms, first read with nothing kept / again;"
          f" {SESSIONS} afternoons, 12 hands a game; anchor: linear in the games, under 1 s at 1,000)")
    for name in sizes[HISTORIES[0]]:
        figures = ", ".join(f"{games} games {sizes[games][name][0]:6.0f} / {sizes[games][name][1]:6.0f}"
                            for games in HISTORIES)
        small, large = sizes[HISTORIES[1]][name][0], sizes[HISTORIES[-1]][name][0]
        growth = large / small if small else float("inf")
        verdict = "met" if growth <= 12 and large < 1000 else "MISSED"
        print(f"  {name:<16}: {figures}; 100 -> 1,000 games x{growth:.1f}: {verdict} "
              f"(target linear: <= x12 for 10x the games, first read < 1,000 ms)")


def sheet(folder: str, rounds: int) -> None:
    """(d): the PDF sheet of a 40-hand, 6-player game."""
    app = make_app(f"sqlite:///{folder}/sheet.sqlite3")
    client = app.test_client()
    with app.app_context():
        game_id = build_game(40, team_size=3, seed=4).id
    url = f"/games/{game_id}/sheet.pdf"
    held = {"If-None-Match": get(client, url).headers["ETag"]}
    first, again = [], []
    for _ in range(max(3, rounds // 2)):
        forget_everything(app)
        start = time.perf_counter()
        first.append(cpu_ms(lambda: get(client, url)))
        wall = (time.perf_counter() - start) * 1000
        again.append(cpu_ms(lambda: get(client, url, 304, held)))
    print(f"(d) PDF score sheet, 40 hands, 6 players: first download {statistics.median(first):.0f} ms CPU "
          f"(last one {wall:.0f} ms wall), again {statistics.median(again):.1f} ms (the browser holding it: 304): "
          f"{'met' if statistics.median(first) <= 500 else 'MISSED'} (target <= 500 ms, rendered off the "
          f"request threads' way: at most 2 renders at once)")


def main() -> None:
    """Print the figures."""
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    with tempfile.TemporaryDirectory() as folder:
        pages_against_hands(folder, rounds)
        sheet(folder, rounds)
        history(folder, rounds)


if __name__ == "__main__":
    main()
    finish()
