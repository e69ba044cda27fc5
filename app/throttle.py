"""A brake on guessing table codes: after a few wrong codes from one address, wait a while."""
from __future__ import annotations

import threading
import time
from collections import deque

from flask import current_app

from app.models import Game
from app.services import GameError, check_table_code, refuse

#: Wrong codes one address may try on one game within WINDOW seconds before it must wait.
ALLOWED_FAILURES = 5
WINDOW = 600.0


class CodeThrottle:
    """Counts wrong table codes per (address, game) in memory; a right code clears the count."""

    def __init__(self, allowed: int = ALLOWED_FAILURES, window: float = WINDOW, clock=time.monotonic):
        self.allowed, self.window, self.clock = allowed, window, clock
        self.failures: dict[tuple[str, int], deque[float]] = {}
        self.lock = threading.Lock()

    def _recent(self, key: tuple[str, int]) -> deque[float]:
        """The key's failures within the window, older ones dropped (and the key with them)."""
        failures = self.failures.get(key, deque())
        while failures and self.clock() - failures[0] > self.window:
            failures.popleft()
        if not failures:
            self.failures.pop(key, None)
        return failures

    def wait_seconds(self, address: str, game_id: int) -> int:
        """How long this address must wait before trying a code for this game again (0: go ahead)."""
        with self.lock:
            failures = self._recent((address, game_id))
            if len(failures) < self.allowed:
                return 0
            return max(1, int(self.window - (self.clock() - failures[0])))

    def failed(self, address: str, game_id: int) -> None:
        """Count one wrong code."""
        with self.lock:
            key = (address, game_id)
            self.failures[key] = self._recent(key)
            self.failures[key].append(self.clock())

    def succeeded(self, address: str, game_id: int) -> None:
        """A right code forgets the wrong ones."""
        with self.lock:
            self.failures.pop((address, game_id), None)



def check_code_from(address: str | None, game: Game, code: str | None) -> None:
    """Check a typed table code, refusing (429) an address that has guessed wrong too often."""
    address = address or "unknown"
    code_throttle = current_app.extensions["code_throttle"]
    wait = code_throttle.wait_seconds(address, game.id)
    if wait:
        minutes = (wait + 59) // 60
        raise refuse(429, f"Too many wrong table codes for this game. Please wait {minutes} "
                          f"minute{'s' if minutes > 1 else ''} and try again.", "table_code")
    try:
        check_table_code(game, code)
    except GameError:
        code_throttle.failed(address, game.id)
        raise
    code_throttle.succeeded(address, game.id)
