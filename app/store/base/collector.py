"""Python's cycle collector paused while a long read or a render makes many young objects."""
from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from functools import wraps

_paused = {"renders": 0, "was_on": True}
_gc_lock = threading.Lock()


@contextmanager
def collector_paused():
    """Python's cycle collector off while PDFs are laid out, on again when the last render ends.

    WeasyPrint builds many thousand boxes that stay alive until the PDF is written; the collector scans
    them again and again (measured: a fifth of one sheet, a third of a 10-table print-all). Garbage made
    meanwhile is collected afterwards as usual.
    """
    with _gc_lock:
        if _paused["renders"] == 0:
            _paused["was_on"] = gc.isenabled()
            gc.disable()
        _paused["renders"] += 1
    try:
        yield
    finally:
        with _gc_lock:
            _paused["renders"] -= 1
            if _paused["renders"] == 0 and _paused["was_on"]:
                gc.enable()


def collector_paused_while(work):
    """Run a read of the whole history with Python's cycle collector paused (collector_paused above): its
    thousands of young objects made the collector rescan the heap again and again (measured at 1,000 games: 40%
    of games.csv). Garbage made meanwhile is collected afterwards as usual."""
    @wraps(work)
    def paused(*args, **kwargs):
        with collector_paused():
            return work(*args, **kwargs)
    return paused
