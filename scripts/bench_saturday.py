"""A Saturday peak's arithmetic: the CPU of each kind of request in the mix (polls found and not found, a tablet's
news, hands, pages) beside a bare Flask "hello" measured in the same run, the caches' hit rate with 1,000 clubs'
tables mixed, and the cores the peak needs beside the goal of 3. In-process, each request a direct WSGI call
(no test client in the figure), CPU time of the process, medians of several rounds. Prints; asserts nothing."""
from __future__ import annotations

import io
import os
import random
import statistics
import sys
import tempfile
import gc
import time
import tracemalloc

from benchkit import finish, make_app

from flask import Flask
from werkzeug.test import EnvironBuilder

from app.club.auth import add_organiser
from app.config import ROW_CACHE_ITEMS, STATE_CACHE_ITEMS, VERSION_CACHE_ITEMS
from app.store.cache import CACHED_ITEMS, ROW_ITEMS, STATE_ITEMS, VersionCache, forget_everything

NAME, PASSWORD = "Margaret", "bridge-and-tea"
ROUNDS, CALLS = 7, 200
#: The Saturday peak (docs/benchmarks.md): requests a second of each kind, 1,000 clubs of 10 tables.
PEAK = {"hand posted": 20.8, "page around a hand": 41.7, "board poll, found a change": 20.8,
        "board poll, nothing new (304)": 179.0, "tablet's news, nothing new (304)": 667.0}
GOAL_CORES, BUSY = 3, 0.6
#: The caches a worker keeps, each with its size before this measure and its default setting now.
CACHES = {"version_cache": (CACHED_ITEMS, VERSION_CACHE_ITEMS), "state_cache": (STATE_ITEMS, STATE_CACHE_ITEMS),
          "row_cache": (ROW_ITEMS, ROW_CACHE_ITEMS)}
TABLE_COOKIE = "treys_tablet=" + "5a" * 12


def hello_app() -> Flask:
    """The bare Flask app every figure is held beside."""
    app = Flask("hello")
    app.add_url_rule("/", "hello", lambda: "hello")
    return app


def environ(path: str, method: str = "GET", headers=None, json=None) -> dict:
    """A request's WSGI environ, made once (each call copies it and gives it a fresh body)."""
    env = EnvironBuilder(path=path, method=method, headers=headers or {}, json=json,
                         base_url="http://localhost").get_environ()
    env["bench.body"] = env["wsgi.input"].read()
    return env


def call(app, env: dict) -> str:
    """One request straight into the WSGI app; its status."""
    env = dict(env, **{"wsgi.input": io.BytesIO(env["bench.body"])})
    status = []
    body = app(env, lambda s, h, exc_info=None: status.append(s))
    for _ in body:
        pass
    getattr(body, "close", lambda: None)()
    return status[0]


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


def afternoon(app):
    """One club's afternoon of 10 tables, 3 hands at each; an organiser's browser cookie and a table."""
    with app.app_context():
        add_organiser(NAME, PASSWORD)
    client = app.test_client()
    from base64 import b64encode
    basic = {"Authorization": "Basic " + b64encode(f"{NAME}:{PASSWORD}".encode()).decode()}
    doc = client.post("/api/v1/sessions", headers=basic, json={
        "ruleset": "bolivia", "format": {"kind": "target"}, "partners": "random",
        "players": [f"Player {i}" for i in range(40)]}).get_json()
    for table in doc["tables"]:
        for _ in range(3):
            hand(client, table)
    client.post("/login", data={"name": NAME, "password": PASSWORD})
    cookie = client.get_cookie("session").value
    return doc, cookie


def hand(client, table):
    return client.post(f"/api/v1/games/{table['game_id']}/hands", json={"teams": [{"table_points": 200},
                                                                                    {"table_points": 100}]},
                       headers={"X-Table-Code": table["table_code"]})


def measure(app) -> dict:
    """CPU ms per request of each kind, beside a bare hello in the same run."""
    doc, cookie = afternoon(app)
    table, session_id = doc["tables"][0], doc["id"]
    signed = {"Cookie": f"session={cookie}"}
    board, news = f"/club/sessions/{session_id}/board.json", f"/games/{table['game_id']}/news.json"
    client = app.test_client()
    client.set_cookie("session", cookie)
    news_tag = app.test_client().get(news).headers["ETag"]
    tablet = {"Cookie": TABLE_COOKIE}            # a tablet holds its id's cookie from its first page
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
    figures["the game page, nothing kept (a cache miss)"] = cpu_per_request(
        app, page, "200", before=lambda: forget_everything(app))
    return figures, doc, signed


def kept_per_table(app, doc: dict, signed: dict) -> dict[str, tuple[float, float]]:
    """Each cache's entries per table and bytes per entry once a worker has served each of the afternoon's
    tables (its game page and its tablet's news, and the board), measured with tracemalloc: the tables served
    once untimed first (templates and statements compiled), then again with nothing kept, then each cache
    emptied in turn to see what it held."""
    client = app.test_client()
    client.set_cookie("session", signed["Cookie"].split("=", 1)[1])

    def serve():
        for table in doc["tables"]:
            client.get(f"/games/{table['game_id']}")
            client.get(f"/games/{table['game_id']}/news.json")
        client.get(f"/club/sessions/{doc['id']}/board.json")
    serve()
    forget_everything(app)
    gc.collect()
    tracemalloc.start()
    serve()
    tables, kept = len(doc["tables"]), {}
    for name in CACHES:
        cache = app.extensions.get(name)
        entries = len(cache.items) if cache is not None else 0
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        if cache is not None:
            cache.clear()
        gc.collect()
        kept[name] = (entries / tables, (held - tracemalloc.get_traced_memory()[0]) / max(entries, 1))
    tracemalloc.stop()
    return kept, sum(per * size for per, size in kept.values())


def hit_rate(seen: int, per_table: float, size: int, requests: int = 100_000) -> float:
    """The share of a worker's asks for a table's kept work that find it kept: `seen` tables asked at random,
    each holding `per_table` entries of a cache of `size` (an LRU holds size / per_table tables), 3 % of asks
    finding a new version (a hand posted)."""
    rng = random.Random(1)
    cache, hits, versions = VersionCache(max(1, int(size / max(per_table, 0.01)))), 0, [1] * seen
    for _ in range(requests):
        game = rng.randrange(seen)
        versions[game] += rng.random() < 0.03
        key = (game, versions[game])
        hits += cache.get(key) is not None
        cache.put(key, True)
    return hits / requests


def cache_figures(kept: dict, per_table_bytes: float, figures: dict, tables: int = 10_000,
                  workers: int = 12) -> tuple[list[str], float]:
    """Each cache's hit rate and memory for a worker's share of a Saturday's 1,000 clubs x 10 tables, at the
    old sizes and the settings' defaults, with and without the proxy sending a club to 2 of the workers; and
    the game page's CPU at the routed worker's hit rate with the defaults (what the peak's arithmetic uses)."""
    lines = ["  measured per table served (game page, news, board): "
             + ", ".join(f"{name} {per:.1f} entries" for name, (per, _) in kept.items())
             + f"; {per_table_bytes / 1024:.0f} kB a table in all ("
             + ", ".join(f"{name} {size / 1024:.1f} kB an entry" for name, (_, size) in kept.items()) + ")"]
    routed_rate = 0.0
    for routed in (False, True):
        seen = tables if not routed else tables // workers * 2
        where = f"club sent to 2 of {workers} workers" if routed else "any worker, any club"
        for label, pick in (("old sizes", 0), ("defaults", 1)):
            rates = {name: hit_rate(seen, per, CACHES[name][pick]) for name, (per, _) in kept.items() if per}
            memory = sum(min(seen * per, CACHES[name][pick]) * size for name, (per, size) in kept.items())
            lines.append(f"  {where:30}: {seen:6} tables seen, {label:9}: "
                         + ", ".join(f"{name} {CACHES[name][pick]:6} hit {rate:5.1%}" for name, rate in rates.items())
                         + f"; memory held {memory / 2 ** 20:5.0f} MB")
            if routed and pick == 1:
                routed_rate = min(rates.values())
    hit, miss = figures["page around a hand (the game page)"], figures["the game page, nothing kept (a cache miss)"]
    page = routed_rate * hit + (1 - routed_rate) * miss
    lines.append(f"  the game page at the routed worker's lowest hit rate ({routed_rate:.1%}): {page:.3f} ms "
                 f"(kept {hit:.3f} ms, nothing kept {miss:.3f} ms)")
    return lines, page


def main() -> None:
    url = os.environ.get("BENCH_PG_URL") or f"sqlite:///{tempfile.mkdtemp()}/saturday.db"
    where = "PostgreSQL" if url.startswith("postgres") else "SQLite"
    app = make_app(url)
    figures, doc, signed = measure(app)
    hello = figures["bare Flask hello"]
    print(f"(g) a Saturday's requests on {where}, CPU ms per request, median of {ROUNDS} rounds, direct WSGI calls; "
          f"load average before: {os.getloadavg()[0]:.1f}")
    for kind, ms in figures.items():
        mark = ""
        if "nothing new" in kind:
            mark = f"  {ms / hello:4.1f} x hello: {'met' if ms <= 2 * hello else 'MISSED'} (target <= 2 x)"
        print(f"  {kind:50}: {ms:7.3f} ms{mark}")
    kept, per_table_bytes = kept_per_table(app, doc, signed)
    cache_lines, page = cache_figures(kept, per_table_bytes, figures)
    used = {"hand posted": figures["hand posted"], "page around a hand": page,
            "board poll, found a change": figures["board poll, found a change (built, nothing kept)"],
            "board poll, nothing new (304)": figures["board poll, nothing new (304), signed in"],
            "tablet's news, nothing new (304)": figures["tablet's news, nothing new (304), table code"]}
    busy = sum(PEAK[kind] * used[kind] / 1000 for kind in PEAK)
    print(f"  Saturday peak (1,000 clubs x 10 tables): {busy:.2f} cores kept busy, {busy / BUSY:.1f} cores at "
          f"{BUSY:.0%} busy: {'met' if busy / BUSY <= GOAL_CORES else 'MISSED'} (goal <= {GOAL_CORES}); "
          f"(with the news at 15 s; a quiet game's tablet asks every 60 s)")
    print("(h) the caches with 1,000 clubs' tables mixed (a worker's hit rate and memory; the peak above counts "
          "the game page at the routed worker's hit rate)")
    for line in cache_lines:
        print(line)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(__file__))
    main()
    finish()
