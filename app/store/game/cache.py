"""What a game looks like at one version, kept in memory: every write bumps Game.version, so an entry
keyed by (kind, game id, version) can never be stale; old versions simply fall out (LRU). Each hand's row of
the score sheet is kept apart, keyed by what it shows, so a new version reuses the rows of the hands before."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable

from flask import current_app

#: Entries of a cache made without a size (each app's are sized by its settings: VERSION_CACHE_ITEMS,
#: STATE_CACHE_ITEMS and ROW_CACHE_ITEMS in app/config.py).
CACHED_ITEMS = 256


class VersionCache:
    """A small thread-safe LRU mapping of keys to values, counting the asks that found a value and those that
    did not (the benchmarks read the hit rate from them)."""

    def __init__(self, size: int = CACHED_ITEMS):
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

    def forget(self, key) -> None:
        """Drop one key, if kept."""
        with self.lock:
            self.items.pop(key, None)

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


def version_cache() -> VersionCache:
    """This app's cache (made on first use)."""
    return kept_cache("version_cache", "VERSION_CACHE_ITEMS", CACHED_ITEMS)


def kept_cache(name: str, setting: str, default: int) -> VersionCache:
    """One of this app's caches, made on first use with the size its setting gives."""
    cache = current_app.extensions.get(name)
    if cache is None:
        cache = current_app.extensions.setdefault(name, VersionCache(current_app.config.get(setting) or default))
    return cache


#: Games' states kept by a cache made without a setting: a club's whole history (the ladder and the exports
#: read every game; a finished game's state stands until a correction gives the game a new version).
#: Measured: about 40 kB a game of 12 hands with its entries, so 1,000 games hold about 40 MB.
STATE_ITEMS = 2048


def state_cache() -> VersionCache:
    """This app's cache of games' states, keyed by what each was worked out from (made on first use)."""
    return kept_cache("state_cache", "STATE_CACHE_ITEMS", STATE_ITEMS)


def forget_everything(app) -> None:
    """Forget what every cache of this app keeps (the benchmarks and tests measure first reads this way)."""
    for name in ("version_cache", "state_cache", "row_cache"):
        if name in app.extensions:
            app.extensions[name].clear()


#: How many versions back a reader looks for what an earlier version kept (a tablet's reload comes a write or
#: two after its last read when the table's other tablets or the API write between).
VERSIONS_BACK = 8


def kept_before(key: tuple, version: int, cache: VersionCache | None = None) -> Any:
    """What is kept under `key + (an earlier version,)`: the newest of the VERSIONS_BACK before `version`, or
    None. The caller takes from it only what it can tell still stands (a record only grows; a sheet's row made
    from the very same hand)."""
    cache = version_cache() if cache is None else cache
    for earlier in range(version - 1, max(0, version - VERSIONS_BACK) - 1, -1):
        value = cache.get((*key, earlier))
        if value is not None:
            return value
    return None


#: Entries of the cache of hands' rows made without a setting: a row is small, a club afternoon a few
#: thousand hands.
ROW_ITEMS = 4096


def row_cache() -> VersionCache:
    """This app's cache of each hand's score-sheet row, keyed by what the row shows (made on first use)."""
    return kept_cache("row_cache", "ROW_CACHE_ITEMS", ROW_ITEMS)


def remembered(key, make: Callable[[], Any], cache: VersionCache | None = None) -> Any:
    """The value kept for this key (in the version cache unless another is given), made and kept when missing."""
    cache = version_cache() if cache is None else cache
    value = cache.get(key)
    if value is None:
        value = make()
        cache.put(key, value)
    return value
