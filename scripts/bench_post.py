"""Benchmark posting a hand (POST /api/v1/games/<id>/hands) against a bare Flask-SQLAlchemy
insert-and-commit, on SQLite and on PostgreSQL, and a write into a 200-hand game against a 10-hand one
(prints figures, asserts nothing; not a test).

PostgreSQL is used when BENCH_PG_URL is set (a scratch database: its tables are dropped and created; `make
bench` sets it to treys_bench on the local server, made when missing).
Each round posts one hand into each game and then removes it (not timed), so the games keep their size.

    BENCH_PG_URL=postgresql://postgres@127.0.0.1:5432/treys_bench .venv/bin/python scripts/bench_post.py
"""
from __future__ import annotations

import sys
import tempfile
import time

from benchkit import build_game, finish, interleaved, make_app, scratch_pg_url, verdict

from flask import Flask, request
from flask_sqlalchemy import SQLAlchemy

from app.extensions import db
from app.rules import get_ruleset
from app.services import MAX_HANDS, get_game, remove_last_hand
from app.sheets.sample import sample_hands

RUNS = 5
POSTS = 10
#: The large game: 199 hands, so each post writes its 200th hand (services.MAX_HANDS, the most a game holds).
LARGE = MAX_HANDS - 1


def bare_app(url: str) -> Flask:
    """The anchor: Flask + Flask-SQLAlchemy inserting a posted row and committing."""
    app = Flask("bare")
    app.config["SQLALCHEMY_DATABASE_URI"] = url
    bare = SQLAlchemy(app)

    class Posted(bare.Model):
        __tablename__ = "bench_posted"
        id = bare.Column(bare.Integer, primary_key=True)
        a = bare.Column(bare.Integer)
        b = bare.Column(bare.Integer)
        c = bare.Column(bare.JSON)

    @app.post("/rows")
    def add_row():
        body = request.get_json()
        bare.session.add(Posted(a=body["a"], b=body["b"], c=body["c"]))
        bare.session.commit()
        return {"ok": True}, 201

    with app.app_context():
        bare.drop_all()
        bare.create_all()
    app.extensions["bare_db"] = bare
    return app


def measure(url: str, bare_url: str, runs: int) -> dict[str, float]:
    """Median seconds per post: anchor, 10-hand game, 200-hand game."""
    anchor_app = bare_app(bare_url)
    anchor = anchor_app.test_client()
    app = make_app(url)
    client = app.test_client()
    with app.app_context():
        games = {n: build_game(LARGE if n == 200 else n, seed=n) for n in (10, 200)}
        codes = {n: g.table_code for n, g in games.items()}
        ids = {n: g.id for n, g in games.items()}
    hand = [e.as_dict() for e in sample_hands(get_ruleset("bolivia"), 2, 1, seed=99)[0]]

    def post(size: int) -> None:
        for _ in range(POSTS):
            response = client.post(f"/api/v1/games/{ids[size]}/hands", json={"teams": hand},
                                    headers={"X-Table-Code": codes[size]})
            assert response.status_code == 201, response.get_data(as_text=True)
            with app.app_context():
                game = get_game(ids[size])
                remove_last_hand(game, len(game.hands))

    def timed_post(size: int) -> float:
        total = 0.0
        for _ in range(POSTS):
            start = time.perf_counter()
            response = client.post(f"/api/v1/games/{ids[size]}/hands", json={"teams": hand},
                                   headers={"X-Table-Code": codes[size]})
            total += time.perf_counter() - start
            assert response.status_code == 201, response.get_data(as_text=True)
            with app.app_context():
                game = get_game(ids[size])
                remove_last_hand(game, len(game.hands))
        return total / POSTS

    results: dict[str, list[float]] = {"anchor": [], "10": [], "200": []}

    def anchor_posts() -> None:
        start = time.perf_counter()
        for i in range(POSTS):
            anchor.post("/rows", json={"a": i, "b": 2 * i, "c": {"x": i}})
        results["anchor"].append((time.perf_counter() - start) / POSTS)

    interleaved({"anchor": anchor_posts,
                 "10": lambda: results["10"].append(timed_post(10)),
                 "200": lambda: results["200"].append(timed_post(200))}, runs)
    with app.app_context():
        db.session.remove()
        db.drop_all()
        db.engine.dispose()
    with anchor_app.app_context():
        anchor_app.extensions["bare_db"].drop_all()
        anchor_app.extensions["bare_db"].engine.dispose()
    return {name: sorted(values)[len(values) // 2] for name, values in results.items()}


def report(name: str, times: dict[str, float]) -> None:
    """Print one database's figures."""
    anchor, small, large = times["anchor"], times["10"], times["200"]
    print(f"{name}: anchor insert-and-commit {anchor * 1000:.1f} ms; hand into a 10-hand game {small * 1000:.1f} ms, "
          f"ratio {anchor / small:.2f} x anchor (speed): {verdict(anchor / small, 0.6, at_least=True)}")
    print(f"{name}: hand 200 into a {LARGE}-hand game {large * 1000:.1f} ms, {large / small:.2f} x the 10-hand game: "
          f"{verdict(large / small, 1.5)}")


def main() -> None:
    """Print the figures."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    with tempfile.TemporaryDirectory() as folder:
        report("SQLite", measure(f"sqlite:///{folder}/treys.sqlite3", f"sqlite:///{folder}/bare.sqlite3", runs))
    url, why_not = scratch_pg_url()
    if url:
        report("PostgreSQL", measure(url, url, runs))
    else:
        print(f"PostgreSQL: skipped ({why_not})")


if __name__ == "__main__":
    main()
    finish()
