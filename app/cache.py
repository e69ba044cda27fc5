"""What a game looks like at one version, kept in memory: every write bumps Game.version, so an entry
keyed by (kind, game id, version) can never be stale; old versions simply fall out (LRU). One kind is not
keyed by version: ("row", game id), the game's row as this process last saved it, which app/handwrite.py's
write checks against the database's version before trusting it."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable

from flask import current_app

#: Entries kept per app: a club afternoon is a few dozen games, a few kinds each.
CACHED_ITEMS = 256


class VersionCache:
    """A small thread-safe LRU mapping of keys to values."""

    def __init__(self, size: int = CACHED_ITEMS):
        self.size = size
        self.items: OrderedDict[Any, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key) -> Any:
        """The value kept for this key, or None."""
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key, value) -> None:
        """Keep a value, forgetting the oldest beyond the size."""
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def forget(self, key) -> None:
        """Drop one key, if kept."""
        with self.lock:
            self.items.pop(key, None)

    def clear(self) -> None:
        """Forget everything (the benchmarks measure first renders this way)."""
        with self.lock:
            self.items.clear()


def version_cache() -> VersionCache:
    """This app's cache (made on first use)."""
    return current_app.extensions.setdefault("version_cache", VersionCache())


def remembered(key, make: Callable[[], Any]) -> Any:
    """The value kept for this key, made (and kept) when missing."""
    cache = version_cache()
    value = cache.get(key)
    if value is None:
        value = make()
        cache.put(key, value)
    return value


def keep_row(game_id: int, row: dict) -> None:
    """Keep a game's row as this process just saved it (column: value), for app/handwrite.py."""
    version_cache().put(("row", game_id), row)


def kept_row(game_id: int) -> dict | None:
    """The game's row as this process last saved it (maybe older than the database's: check its version)."""
    return version_cache().get(("row", game_id))
