"""A Saturday peak measured: the CPU of each kind of request (polls found and not found, a tablet's news, hands,
pages) beside a bare Flask "hello" measured in the same run; then the peak replayed through one worker with
1,000 clubs of 10 tables in the database (scripts/benchclubs.py), routed and unrouted, with the caches' real hit
rates and the worker's memory; and the cores the peak needs beside the goal of 3. In-process, each request a
direct WSGI call (no test client in the figure), CPU time of the process. Prints; asserts nothing."""
from __future__ import annotations

import io
import os
import statistics
import sys
import tempfile
import time

from benchclubs import CLUBS, club_at, seeded_app
from benchkit import finish
from benchreplay import WINDOW, WORKERS, Tables, news_tags_for, replay, requests

from flask import Flask, redirect, render_template_string
from sqlalchemy import Column, Integer, MetaData, String, Table, create_engine, select, update
from werkzeug.test import EnvironBuilder

from app import create_app
from app.extensions import db
from app.store.game.cache import forget_everything
from app.server.polls import news_stamp_on_pool

ROUNDS, CALLS = 7, 200
GOAL_CORES, BUSY = 3, 0.6
TABLE_COOKIE = "treys_tablet=" + "5a" * 12


def hello_app() -> Flask:
    """The bare Flask app every figure is held beside."""
    app = Flask("hello")
    app.add_url_rule("/", "hello", lambda: "hello")
    return app


#: The bare pair's one table: a table of a club with its hands counted and its teams' totals.
PAIR_ROWS = MetaData()
PAIR_TABLE = Table("bench_pair", PAIR_ROWS, Column("id", Integer, primary_key=True), Column("hands", Integer),
                   Column("us", Integer), Column("them", Integer), Column("label", String(40)))
PAIR_PAGE = """<!doctype html><title>{{ row.label }}</title><h1>{{ row.label }}</h1>
<p>Hands: {{ row.hands }}</p><table><tr><th>Us</th><th>Them</th></tr><tr><td>{{ row.us }}</td><td>{{ row.them }}</td></tr>
</table><form method="post" action="/tables/{{ row.id }}/hands"><button>Save</button></form>"""


def bare_pair_app(url: str) -> Flask:
    """The bare Flask app the tablet's pair is held beside: a POST that adds to a row and redirects, and a GET of
    a page made from that row, on the same database through SQLAlchemy's pool (the app's own pool size)."""
    engine = create_engine(url, **({} if url.startswith("sqlite") else {"pool_size": 12}))
    PAIR_ROWS.drop_all(engine)
    PAIR_ROWS.create_all(engine)
    with engine.begin() as connection:
        connection.execute(PAIR_TABLE.insert(), [{"id": 1, "hands": 0, "us": 0, "them": 0, "label": "Table 1"}])
    app = Flask("pair")

    @app.post("/tables/<int:table_id>/hands")
    def add(table_id: int):
        with engine.begin() as connection:
            connection.execute(update(PAIR_TABLE).where(PAIR_TABLE.c.id == table_id).values(
                hands=PAIR_TABLE.c.hands + 1, us=PAIR_TABLE.c.us + 20, them=PAIR_TABLE.c.them + 10))
        return redirect(f"/tables/{table_id}", 303)

    @app.get("/tables/<int:table_id>")
    def page(table_id: int):
        with engine.connect() as connection:
            row = connection.execute(select(PAIR_TABLE).where(PAIR_TABLE.c.id == table_id)).one()
        return render_template_string(PAIR_PAGE, row=row)
    return app


def pair_round(app, post, page, expect: tuple[str, str], before=None) -> float:
    """CPU ms of 20 pairs (the POST, then the page), `before` run untimed before each."""
    spent = 0.0
    for _ in range(20):
        made = before() if before is not None else post
        start = time.process_time()
        statuses = call(app, made), call(app, page)
        spent += time.process_time() - start
        assert statuses[0].startswith(expect[0]) and statuses[1].startswith(expect[1]), statuses
    return spent * 1000 / 20


def pairs_beside(app, post_of, page, bare, rounds: int = ROUNDS) -> tuple[float, float]:
    """The median over `rounds` of the tablet's pair (a hand posted through the page's form, its page
    reloaded) and, just before each, a round of the bare pair."""
    ours, theirs = [], []
    for _ in range(rounds):
        theirs.append(pair_round(bare, environ("/tables/1/hands", "POST"), environ("/tables/1"), ("303", "200")))
        ours.append(pair_round(app, None, page, ("302", "200"), before=post_of))
    return statistics.median(ours), statistics.median(theirs)


def environ(path: str, method: str = "GET", headers=None, json=None, data=None) -> dict:
    """A request's WSGI environ, made once (each call copies it and gives it a fresh body)."""
    env = EnvironBuilder(path=path, method=method, headers=headers or {}, json=json, data=data,
                         base_url="http://localhost").get_environ()
    env["bench.body"] = env["wsgi.input"].read()
    return env


def call(app, env: dict, headers: bool = False):
    """One request straight into the WSGI app; its status (and its headers, when asked)."""
    env = dict(env, **{"wsgi.input": io.BytesIO(env["bench.body"])})
    answer = []
    body = app(env, lambda s, h, exc_info=None: answer.append((s, dict(h))))
    for _ in body:
        pass
    getattr(body, "close", lambda: None)()
    return answer[0] if headers else answer[0][0]


#: The hello's rounds, each measured just before a round of a poll (the machine's speed drifts within a run).
HELLO_ROUNDS: list[float] = []


def cpu_per_request(app, env, expect: str, before=None, tries: int = 3, beside_hello: bool = False) -> float:
    """The median over ROUNDS of the CPU ms per request of CALLS calls (`before`: run untimed before each; `env`
    an environ, or a function making one afresh each round: the board's stamp moves on with the minute;
    `beside_hello`: a round of the bare hello just before each round, kept in HELLO_ROUNDS)."""
    make = env if callable(env) else (lambda: env)
    rounds = []
    for _ in range(ROUNDS):
        if beside_hello:
            HELLO_ROUNDS.append(hello_round())
        env = make()
        spent = 0.0
        for _ in range(CALLS if before is None else 20):
            if before is not None:
                before()
            start = time.process_time()
            status = call(app, env)
            spent += time.process_time() - start
            if not status.startswith(expect):          # the minute moved on: measured again, a few times at most
                assert tries > 1 and before is None, (status, env["PATH_INFO"])
                return cpu_per_request(app, make, expect, tries=tries - 1, beside_hello=beside_hello)
        rounds.append(spent * 1000 / (CALLS if before is None else 20))
    return statistics.median(rounds)


def hello_round() -> float:
    """One round of CALLS bare hellos: CPU ms per request."""
    app, env = hello_app(), environ("/")
    start = time.process_time()
    for _ in range(CALLS):
        call(app, env)
    return (time.process_time() - start) * 1000 / CALLS


def stamp_read_alone(app, game_id: int, club_id: int) -> float:
    """The median over ROUNDS of the CPU ms of what an unchanged news poll asks of the database, with nothing of
    Flask or the app around it: the step in front of Flask's own read (a connection from the engine's pool, the
    club's claim and the stamp's statement in their transaction, the connection given back), the floor under
    the poll's figure."""
    with app.app_context():
        engine = db.engine
    rounds = []
    for _ in range(ROUNDS):
        start = time.process_time()
        for _ in range(CALLS):
            news_stamp_on_pool(engine, game_id, club_id)      # what the step in front of Flask reads
        rounds.append((time.process_time() - start) * 1000 / CALLS)
    return statistics.median(rounds)


def form_post(client, game_id: int, headers: dict) -> dict:
    """The environ of the next hand sent through the game's hand form (its version read first, untimed, by the
    club's account: the club keeps its games)."""
    version = client.get(f"/api/v1/games/{game_id}").get_json()["version"]
    fields = {"version": str(version), "client_token": os.urandom(8).hex(), "went_out": "none",
              "team0-table_points": "20", "team1-table_points": "10"}
    return environ(f"/games/{game_id}/hands/new", "POST", headers, data=fields)


def measure(app, club: dict, url: str) -> dict:
    """CPU ms per request of each kind, beside a bare hello in the same run, at one club's tables (a club
    of the seeded, another each run: 140 hands are posted at one of its tables)."""
    cookie = signed_cookie(app, club["signed"])
    doc = {"id": club["session_id"], "tables": [{"game_id": game, "table_code": code} for game, code in club["tables"]]}
    table, session_id = doc["tables"][0], doc["id"]
    signed = {"Cookie": f"session={cookie}"}
    board, news = f"/club/sessions/{session_id}/board.json", f"/games/{table['game_id']}/news.json"
    client = app.test_client()
    client.set_cookie("session", cookie)
    held = signed_cookie(app, {"codes": {str(table["game_id"]): table["table_code"]}})
    tablet = {"Cookie": f"session={held}; {TABLE_COOKIE}"}   # a tablet holds its id's cookie and the table code
    news_tag = call(app, environ(news, headers=tablet), headers=True)[1]["ETag"]
    figures = {"bare Flask hello": 0.0}          # the median of its rounds beside the polls', below
    figures["board poll, nothing new (304), signed in"] = cpu_per_request(
        app, lambda: environ(board, headers={**signed, "If-None-Match": client.get(board).headers["ETag"]}), "304",
        beside_hello=True)
    figures["tablet's news, nothing new (304), table code"] = cpu_per_request(
        app, environ(news, headers={**tablet, "If-None-Match": news_tag}), "304", beside_hello=True)
    both = {"Cookie": f"session={cookie}; {TABLE_COOKIE}"}
    figures["tablet's news, nothing new (304), signed in"] = cpu_per_request(
        app, environ(news, headers={**both, "If-None-Match": client.get(news).headers["ETag"]}), "304",
        beside_hello=True)
    figures["bare Flask hello"] = statistics.median(HELLO_ROUNDS)
    figures["the news poll's database work alone (pool, claim, stamp)"] = stamp_read_alone(
        app, table["game_id"], club["club_id"])
    figures["tablet's news without an ETag (200)"] = cpu_per_request(app, environ(news, headers=tablet), "200")
    figures["board poll, found a change (kept body)"] = cpu_per_request(app, environ(board, headers=signed), "200")
    figures["board poll, found a change (built, nothing kept)"] = cpu_per_request(
        app, environ(board, headers=signed), "200", before=lambda: forget_everything(app))
    post = environ(f"/api/v1/games/{doc['tables'][1]['game_id']}/hands", "POST",
                   {"X-Table-Code": doc["tables"][1]["table_code"]},
                   {"teams": [{"table_points": 20}, {"table_points": 10}]})       # 140 hands stay short of the target
    figures["hand posted"] = cpu_per_request(app, post, "201", before=lambda: None)
    page = environ(f"/games/{doc['tables'][1]['game_id']}", headers=signed)
    figures["page around a hand (the game page)"] = cpu_per_request(app, page, "200")
    figures["the tablet's pair (hand form posted, page reloaded)"], figures["bare Flask pair"] = pairs_beside(
        app, lambda: form_post(client, doc["tables"][2]["game_id"], signed),
        environ(f"/games/{doc['tables'][2]['game_id']}", headers=signed), bare_pair_app(url))
    figures["the game page, nothing kept (a cache miss)"] = cpu_per_request(
        app, page, "200", before=lambda: forget_everything(app))
    return figures


def signed_cookie(app, signed: dict) -> str:
    """The session cookie of a browser signed in as the sign-in these contents name."""
    return app.session_interface.get_signing_serializer(app).dumps(signed)


def main() -> None:
    url = os.environ.get("BENCH_PG_URL") or f"sqlite:///{tempfile.gettempdir()}/treys_bench_saturday.db"
    where = "PostgreSQL" if url.startswith("postgres") else "SQLite"
    print(f"(g) a Saturday's requests on {where}, {CLUBS:,} clubs' data in the database")
    started = time.time()
    app, seeded = seeded_app(url)
    print(f"  the database: {CLUBS:,} clubs (seeded in {seeded['seconds']} s, found ready in "
          f"{time.time() - started:.0f} s)")
    figures = measure(app, club_at(seeded, seeded["runs"] % CLUBS), url)
    hello = figures["bare Flask hello"]
    print(f"  CPU ms per request at one club's tables, median of {ROUNDS} rounds, direct WSGI calls; load average "
          f"before: {os.getloadavg()[0]:.1f}")
    for kind, ms in figures.items():
        mark = ""
        if "nothing new" in kind:
            mark = f"  {ms / hello:4.1f} x hello: {'met' if ms <= 2 * hello else 'MISSED'} (target <= 2 x)"
        if "database work alone" in kind:
            mark = f"  {ms / hello:4.1f} x hello: the floor under every poll above"
        if kind.startswith("the tablet's pair"):
            bare = figures["bare Flask pair"]
            mark = f"  {ms / bare:4.1f} x bare pair: {'met' if ms <= 2 * bare else 'MISSED'} (target <= 2 x)"
        print(f"  {kind:50}: {ms:7.3f} ms{mark}")
    sys.stdout.flush()
    peak(app, seeded)


def peak(app, seeded: dict) -> None:
    """(h): the peak replayed through one worker of WORKERS, routed and unrouted; the cores beside the goal."""
    neighbour = create_app(dict(app.config))            # another worker: the tags clients hold come from it
    tables = Tables(seeded, lambda signed: signed_cookie(app, signed))
    makers = requests(tables, environ)
    print(f"(h) the peak replayed through 1 worker of {WORKERS} (BENCH_WORKERS; 3: a worker per core of the goal), "
          f"{CLUBS:,} clubs x 10 tables: "
          f"a cycle's pages, news and boards served untimed, then {WINDOW:.0f} s of the peak timed; caches at "
          f"their default sizes; load average before: {os.getloadavg()[0]:.1f}")
    for routed in (True, False):
        tables.news_tags.clear()
        tables.board_tags.clear()
        figures = replay(app, tables, makers, call, lambda env, headers=False: call(neighbour, env, headers),
                         routed, before_window=lambda polled: news_tags_for(
                             tables, makers, lambda env, headers=False: call(neighbour, env, headers), polled))
        report(routed, figures)
        forget_everything(neighbour)


def report(routed: bool, figures: dict) -> None:
    """One replay's figures: each kind's CPU and rate, the caches, memory, and the cores beside the goal."""
    how = ("routed: a game and a session's board sent to one worker by number" if routed
           else "unrouted: any request to any worker")
    print(f"  {how}; {figures['tables_warmed']} tables' last hand served untimed in "
          f"{figures['warm_seconds']:.0f} s, {WINDOW:.0f} s of the peak in {figures['replay_seconds']:.0f} s")
    for label, (ms, count) in sorted(figures["cpu"].items()):
        rate = count / WINDOW * WORKERS
        print(f"    {label:32}: {ms:7.3f} ms mean, {rate:6.1f}/s at the peak, {rate * ms / 1000:5.2f} cores busy")
    for name, (hits, misses, held, size) in figures["caches"].items():
        asked = hits + misses
        print(f"    {name:14}: {hits / max(asked, 1):6.1%} of {asked:7} asks found kept; {held:7} of {size:7} entries held")
    print(f"    memory: {figures['memory_mb']:.0f} MB resident after (from {figures['memory_before_mb']:.0f} MB with the "
          f"caches emptied)")
    busy = figures["total_cpu_ms"] / 1000 / WINDOW * WORKERS
    print(f"    Saturday peak: {busy:.2f} cores kept busy, {busy / BUSY:.1f} cores at {BUSY:.0%} busy: "
          f"{'met' if busy / BUSY <= GOAL_CORES else 'MISSED'} (goal <= {GOAL_CORES})")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(__file__))
    main()
    finish()
