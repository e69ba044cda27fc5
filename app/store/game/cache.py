"""The one cache: the engine's state of each game, kept by (game id, version). Every write bumps Game.version, so
an entry can never be stale; old versions simply fall out (LRU). The pages built from a state are not kept: a
browser that holds one is answered 304 by its ETag (app/web/validators.py)."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable

from flask import current_app

#: Games' states kept when STATE_CACHE_ITEMS is not set (app/config.py): a club's whole history (the ladder and
#: the exports read every game; a finished game's state stands until a correction gives the game a new
#: version). Measured: about 40 kB a game of 12 hands, so 1,000 games hold about 40 MB.
STATE_ITEMS = 2048


class VersionCache:
    """A small thread-safe LRU mapping of keys to values, counting the asks that found a value and those that
    did not (the benchmarks read the hit rate from them)."""

    def __init__(self, size: int = STATE_ITEMS):
        self.size = size
        self.items: OrderedDict[Any, Any] = OrderedDict()
        self.lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key) -> Any:
        """The value kept for this key, or None."""
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
                self.hits += 1
            else:
                self.misses += 1
            return value

    def put(self, key, value) -> None:
        """Keep a value, forgetting the oldest beyond the size."""
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def forget_where(self, gone: Callable[[Any], bool]) -> None:
        """Drop every key for which `gone` holds (a failed write forgets what was kept of its game)."""
        with self.lock:
            for key in [key for key in self.items if gone(key)]:
                del self.items[key]

    def clear(self) -> None:
        """Forget everything and start counting afresh (the benchmarks measure first renders this way)."""
        with self.lock:
            self.items.clear()
            self.hits = self.misses = 0


def state_cache() -> VersionCache:
    """This app's cache of games' states (made on first use, sized by STATE_CACHE_ITEMS)."""
    cache = current_app.extensions.get("state_cache")
    if cache is None:
        size = current_app.config.get("STATE_CACHE_ITEMS") or STATE_ITEMS
        cache = current_app.extensions.setdefault("state_cache", VersionCache(size))
    return cache


def forget_everything(app) -> None:
    """Forget every state this app keeps (the benchmarks and tests measure first reads this way)."""
    if "state_cache" in app.extensions:
        app.extensions["state_cache"].clear()
