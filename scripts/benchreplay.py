"""A Saturday peak replayed through one worker: 1,000 clubs' tables (scripts/benchclubs.py) post hands, open
pages and poll in the peak's proportions, the worker's share of them served by its in-process app with the
caches at their default sizes; the CPU of each kind of request as served, the caches' real hit rates and the
worker's memory. Routed (the proxy sends a game, and a session's board, to one worker by its number) and
unrouted (any request to any worker). Not a benchmark itself: scripts/bench_saturday.py prints its figures."""
from __future__ import annotations

import gc
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from datetime import timedelta

from benchclubs import CLUBS, club_at

from app.store.game import models
from app.store.game.cache import forget_everything

#: A worker per core of the goal: the peak's requests shared by WORKERS workers, the one measured serving its share
#: (BENCH_WORKERS: another number, e.g. 12 as docs/hosting.md's example; the fewer, the more tables a worker sees).
WORKERS = int(os.environ.get("BENCH_WORKERS") or 3)
#: A table posts a hand every 8 minutes (20.8 hands/s over 10,000 tables); each hand brings 2 pages (the hand
#: form, the game page after it); a tablet asks for its news every 15 s, a board for its figures every 5 s.
CYCLE, PAGES_PER_HAND, NEWS_EVERY, BOARD_EVERY = 480.0, 2, 15.0, 5.0
#: Seconds of the peak replayed and measured, after a whole cycle's pages, news and boards served untimed (the
#: caches as they stand at the peak): a whole minute, so that the minute every board's figures change at (its
#: "last entry N min ago") turns exactly once in it, as it does once a minute at the peak (40 s turned it once or
#: not at all, by the wall clock's second when the run began: 42.5 or 18.9 boards a second found a change).
WINDOW = 60.0
TABLE_COOKIE = "treys_tablet=" + "5a" * 12
CACHES = ("state_cache",)


class Tables:
    """The host's clubs and tables as the replay uses them: ids, codes, cookies, and the tags clients hold."""

    def __init__(self, seeded: dict, cookie_of):
        self.clubs = [club_at(seeded, k) for k in range(CLUBS)]
        self.cookies = [f"session={cookie_of(club['signed'])}" for club in self.clubs]
        self.tablets = {(k, i): f"session={cookie_of({'codes': {str(game): code}})}; {TABLE_COOKIE}"
                        for k, club in enumerate(self.clubs) for i, (game, code) in enumerate(club["tables"])}
        self.news_tags: dict[int, str] = {}
        self.board_tags: dict[int, str] = {}
        rng = random.Random(38)
        self.hand_at = {(k, i): rng.uniform(0, CYCLE) for k in range(CLUBS) for i in range(len(self.clubs[k]["tables"]))}
        self.news_at = {key: rng.uniform(0, NEWS_EVERY) for key in self.hand_at}
        self.board_at = [rng.uniform(0, BOARD_EVERY) for _ in range(CLUBS)]

    def game(self, k: int, i: int) -> int:
        return self.clubs[k]["tables"][i][0]


def requests(tables: Tables, make_request) -> dict:
    """The request makers: each returns (kind, environ) for one event, and learns the tags from the answers."""
    def hand(k, i):
        game, code = tables.clubs[k]["tables"][i]
        return make_request(f"/api/v1/games/{game}/hands", "POST", {"X-Table-Code": code},
                            {"teams": [{"table_points": 20}, {"table_points": 10}]})

    def page(k, i):
        return make_request(f"/games/{tables.game(k, i)}", headers={"Cookie": tables.cookies[k]})

    def news(k, i):
        tag = tables.news_tags.get((k, i))
        headers = {"Cookie": tables.tablets[(k, i)], **({"If-None-Match": tag} if tag else {})}   # holds the code
        return make_request(f"/games/{tables.game(k, i)}/news.json", headers=headers)

    def board(k, _=None):
        tag = tables.board_tags.get(k)
        headers = {"Cookie": tables.cookies[k], **({"If-None-Match": tag} if tag else {})}
        return make_request(f"/club/sessions/{tables.clubs[k]['session_id']}/board.json", headers=headers)
    return {"hand posted": hand, "page around a hand": page, "tablet's news": news, "board poll": board}


def timeline(tables: Tables, start: float, end: float):
    """The peak's events between two moments, in order: (when, kind, club, table)."""
    events = []
    for (k, i), at in tables.hand_at.items():
        for when in (at - CYCLE, at):
            if start <= when < end:
                events.append((when, "hand posted", k, i))
                events += [(when + 0.5 * (n + 1), "page around a hand", k, i) for n in range(PAGES_PER_HAND)]
    for (k, i), at in tables.news_at.items():
        when = at + NEWS_EVERY * int(max(0.0, start - at) // NEWS_EVERY)
        while when < end:
            if when >= start:
                events.append((when, "tablet's news", k, i))
            when += NEWS_EVERY
    for k, at in enumerate(tables.board_at):
        when = at + BOARD_EVERY * int(max(0.0, start - at) // BOARD_EVERY)
        while when < end:
            if when >= start:
                events.append((when, "board poll", k, None))
            when += BOARD_EVERY
    return sorted(events)


def served_here(routed: bool, tables: Tables, kind: str, k: int, i, rng: random.Random) -> bool:
    """Whether this worker (number 0 of WORKERS) is sent the request: routed by the game's or the session's
    number, as docs/hosting.md's proxy does; unrouted, any worker at random."""
    if not routed:
        return rng.random() < 1 / WORKERS
    number = tables.clubs[k]["session_id"] if kind == "board poll" else tables.game(k, i)
    return number % WORKERS == 0


#: The app's own clock (PeakClock puts it back).
APP_UTCNOW = models.utcnow


class PeakClock:
    """The app's clock at the peak's time as replayed, not the wall's: a replay serves a minute of the peak in a few
    minutes, and what a minute changes (a board's "last entry 3 min ago", a timed session's clock) would
    otherwise change several times in the window instead of once. The window starts at half past the wall's
    minute when the replay begins, whatever its second, so the minute turns halfway through it. While in
    use, every module of the app that reads `utcnow` reads this clock, set to each event's moment (seconds from
    the window's start)."""

    def __init__(self):
        self.base = APP_UTCNOW().replace(second=30, microsecond=0)
        self.offset = 0.0
        self.patched: list = []

    def now(self):
        return self.base + timedelta(seconds=self.offset)

    def __enter__(self) -> PeakClock:
        for module in list(sys.modules.values()):
            if getattr(module, "__name__", "").startswith("app") and getattr(module, "utcnow", None) is APP_UTCNOW:
                module.utcnow = self.now
                self.patched.append(module)
        return self

    def __exit__(self, *exc) -> None:
        for module in self.patched:
            module.utcnow = APP_UTCNOW
        self.patched.clear()


def rss_mb() -> float:
    """The process's resident memory."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def replay(app, tables: Tables, makers: dict, call, neighbour_call, routed: bool, before_window) -> dict:
    """One worker's share of the peak: a cycle's hands' pages, news and boards served untimed (the caches then
    as at the peak), then WINDOW seconds of the peak: this worker's share of every kind served and timed, and
    the other workers' hands and polls served untimed by another app on the same database (`neighbour_call`),
    so that a board or a tablet here sees the hands posted elsewhere, and each client's tag is the one its
    last answer gave, whichever worker gave it. The CPU per request of each kind served here (by what it
    found: 304 or 200), the caches' hits and the worker's memory."""
    forget_everything(app)
    gc.collect()
    rng = random.Random(1 if routed else 2)
    window = [(w, kind, k, i, served_here(routed, tables, kind, k, i, rng))
              for w, kind, k, i in timeline(tables, 0.0, WINDOW)]
    warm = [(w, kind, k, i) for w, kind, k, i in timeline(tables, -CYCLE, 0.0)
            if kind == "hand posted" and served_here(routed, tables, "page around a hand", k, i, rng)]
    with PeakClock() as clock:
        return served(app, tables, makers, call, neighbour_call, routed, before_window, window, warm, clock, rng)


def served(app, tables: Tables, makers: dict, call, neighbour_call, routed: bool, before_window, window: list,
           warm: list, clock: PeakClock, rng: random.Random) -> dict:
    """The replay's requests served, the app's clock at each one's moment of the peak: `replay`'s figures."""
    memory_before = rss_mb()
    started = time.time()
    last_hand = {k: i for _, _, k, i in warm}
    for w, _, k, i in warm:            # a hand's page and its tablet's news as this worker last served them
        clock.offset = w
        call(app, makers["page around a hand"](k, i))
        call(app, makers["tablet's news"](k, i))
        if last_hand[k] == i and served_here(routed, tables, "board poll", k, i, rng):
            call(app, makers["board poll"](k))      # the board as its club's last hand left it
    warm_seconds = time.time() - started
    clock.offset = 0.0
    before_window({(k, i) for _, kind, k, i, here in window if here and kind == "tablet's news"})
    for k in {k for _, kind, k, _, here in window if here and kind == "board poll"}:   # the tags clients hold
        _, headers = neighbour_call(makers["board poll"](k), headers=True)
        tables.board_tags[k] = headers.get("ETag")
    for cache in CACHES:
        if cache in app.extensions:
            app.extensions[cache].hits = app.extensions[cache].misses = 0
    cpu, counts = defaultdict(list), defaultdict(int)
    started = time.time()
    for w, kind, k, i, here in window:
        clock.offset = w
        if not here and kind == "page around a hand":       # another worker's page changes nothing here
            continue
        env = makers[kind](k, i)
        if here:
            begin = time.process_time()
            status, headers = call(app, env, headers=True)
            spent = time.process_time() - begin
            label = kind if kind in ("hand posted", "page around a hand") else f"{kind}, {status[:3]}"
            cpu[label].append(spent * 1000)
            counts[label] += 1
        else:
            status, headers = neighbour_call(env, headers=True)
        if kind == "tablet's news" and headers.get("ETag"):
            tables.news_tags[(k, i)] = headers["ETag"]
        if kind == "board poll" and headers.get("ETag"):
            tables.board_tags[k] = headers["ETag"]
    replay_seconds = time.time() - started
    caches = {}
    for name in CACHES:
        cache = app.extensions.get(name)
        if cache is not None:
            caches[name] = (cache.hits, cache.misses, len(cache.items), cache.size)
    return {"cpu": {label: (statistics.mean(ms), len(ms)) for label, ms in cpu.items()},
            "total_cpu_ms": sum(sum(ms) for ms in cpu.values()), "caches": caches,
            "tables_warmed": len(warm), "warm_seconds": warm_seconds, "replay_seconds": replay_seconds,
            "memory_mb": rss_mb(), "memory_before_mb": memory_before}


def news_tags_for(tables: Tables, makers: dict, neighbour_call, polled: set) -> None:
    """The news tag each of these tables' tablets holds (asked of another worker)."""
    for key in polled:
        _, headers = neighbour_call(makers["tablet's news"](*key), headers=True)
        tables.news_tags[key] = headers.get("ETag")
