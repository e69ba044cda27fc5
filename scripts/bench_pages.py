"""Benchmark the game page and GET /api/v1/games/<id> against a bare Flask + Flask-SQLAlchemy app
(prints figures, asserts nothing; not a test).

Both apps are served the same way (Werkzeug's test client, in one process, one SQLite file each);
requests per second, median of interleaved rounds. Also prints the queries per page (2 vs 12 games,
5 vs 40 hands) and how a page and the API grow at 10, 40, 100 and 200 hands.

    .venv/bin/python scripts/bench_pages.py [RUNS]
"""
from __future__ import annotations

import sys
import tempfile
import time

from benchkit import build_game, finish, interleaved, make_app, verdict

from flask import Flask, jsonify
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event

from app.extensions import db

RUNS = 5
REQUESTS = 40
HANDS = 40
ROWS_PAGE = """<!doctype html><html><head><title>Rows</title></head><body><table>
{% for row in rows %}<tr><td>{{ row.number }}</td><td>{{ row.name }}</td><td>{{ row.a }}</td>
<td>{{ row.b }}</td><td>{{ row.c }}</td><td>{{ row.d }}</td></tr>{% endfor %}</table></body></html>"""


def bare_app(url: str) -> Flask:
    """The anchor: Flask + Flask-SQLAlchemy reading 40 rows and rendering them as a page or as JSON."""
    app = Flask("bare")
    app.config["SQLALCHEMY_DATABASE_URI"] = url
    bare = SQLAlchemy(app)
    page = app.jinja_env.from_string(ROWS_PAGE)          # compiled once, as a template file would be

    class Row(bare.Model):
        id = bare.Column(bare.Integer, primary_key=True)
        number = bare.Column(bare.Integer)
        name = bare.Column(bare.String(40))
        a = bare.Column(bare.Integer)
        b = bare.Column(bare.Integer)
        c = bare.Column(bare.Integer)
        d = bare.Column(bare.Integer)

    @app.get("/rows")
    def rows_page():
        return page.render(rows=bare.session.scalars(bare.select(Row).order_by(Row.number)))

    @app.get("/rows.json")
    def rows_json():
        rows = bare.session.scalars(bare.select(Row).order_by(Row.number))
        return jsonify([{"number": r.number, "name": r.name, "a": r.a, "b": r.b, "c": r.c, "d": r.d} for r in rows])

    with app.app_context():
        bare.create_all()
        bare.session.add_all(Row(number=i, name=f"row {i}", a=i, b=2 * i, c=3 * i, d=4 * i) for i in range(40))
        bare.session.commit()
    return app


def requests(client, url: str) -> None:
    """REQUESTS sequential GETs (interleaved() times the whole round: divide by REQUESTS)."""
    for _ in range(REQUESTS):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)


def count_queries(app, client, url: str) -> int:
    """SQL statements one GET runs when nothing about the game is kept in memory yet."""
    app.extensions["version_cache"].clear()
    seen = []
    with app.app_context():
        engine = db.engine
    listener = lambda *args: seen.append(1)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    client.get(url)
    event.remove(engine, "before_cursor_execute", listener)
    return len(seen)


def main() -> None:
    """Print the figures."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    with tempfile.TemporaryDirectory() as folder:
        anchor = bare_app(f"sqlite:///{folder}/bare.sqlite3").test_client()
        app = make_app(f"sqlite:///{folder}/treys.sqlite3")
        client = app.test_client()
        with app.app_context():
            sizes = {n: build_game(n, seed=n).id for n in (5, 10, 40, 100, 200)}
        game = sizes[HANDS]
        with app.app_context():
            cache = app.extensions.get("version_cache")

        def first(url: str) -> float:
            """One GET with the per-version cache emptied: what the first reader after a change waits."""
            if cache is not None:
                cache.clear()
            start = time.perf_counter()
            client.get(url)
            return time.perf_counter() - start

        client.get(f"/games/{game}")
        cache = app.extensions["version_cache"]
        rounds = interleaved({
            "anchor page": lambda: requests(anchor, "/rows"),
            "game page": lambda: requests(client, f"/games/{game}"),
            "anchor json": lambda: requests(anchor, "/rows.json"),
            "api": lambda: requests(client, f"/api/v1/games/{game}"),
        }, runs)
        times = {name: seconds / REQUESTS for name, seconds in rounds.items()}       # one request
        print(f"anchor: bare Flask + Flask-SQLAlchemy, 40 rows, test client: page "
              f"{1 / times['anchor page']:.0f} req/s, JSON {1 / times['anchor json']:.0f} req/s "
              f"(median of {runs} rounds of {REQUESTS})")
        for name, anchor_name in (("game page", "anchor page"), ("api", "anchor json")):
            ratio = times[anchor_name] / times[name]
            label = f"game page, {HANDS} hands" if name == "game page" else f"GET /api/v1/games/<id>, {HANDS} hands"
            print(f"{label}: {1 / times[name]:.0f} req/s; ratio {ratio:.2f} x anchor: {verdict(ratio, 0.6, at_least=True)}")
        cold = interleaved({"page": lambda: first(f"/games/{game}"), "api": lambda: first(f"/api/v1/games/{game}")},
                           runs)
        print(f"first read after a change (cache emptied), {HANDS} hands: game page {cold['page'] * 1000:.1f} ms, "
              f"API {cold['api'] * 1000:.1f} ms (anchor page {times['anchor page'] * 1000:.1f} ms, "
              f"JSON {times['anchor json'] * 1000:.1f} ms)")
        homes = {}
        client.get("/")
        with app.app_context():
            for seed in range(1, 3):
                build_game(5, seed=seed)
        homes[2] = count_queries(app, client, "/")            # 2 small games + the 5 size games = 7
        with app.app_context():
            for seed in range(3, 13):
                build_game(5, seed=seed)
        homes[12] = count_queries(app, client, "/")
        print(f"queries, home page: {homes[2]} with 7 games, {homes[12]} with 17 games")
        for url in ("/games/{}", "/api/v1/games/{}", "/games/{}/sheet.pdf"):
            small, large = (count_queries(app, client, url.format(sizes[n])) for n in (5, 40))
            print(f"queries, {url.format('<id>')}: {small} at 5 hands, {large} at 40 hands")
        growth = interleaved({f"{kind} {n}": (lambda u=url.format(sizes[n]): first(u))
                              for n in (10, 40, 100, 200)
                              for kind, url in (("page", "/games/{}"), ("api", "/api/v1/games/{}"))}, 3)
        for n in (10, 40, 100, 200):
            print(f"growth (first read), {n:>3} hands: game page {growth[f'page {n}'] * 1000:6.1f} ms, "
                  f"API {growth[f'api {n}'] * 1000:6.1f} ms")
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


if __name__ == "__main__":
    main()
    finish()
