"""PDF rendering never starves hand entry: at most a few renders at once, the rest told to retry."""
from __future__ import annotations

import threading
from functools import wraps

from flask import current_app, has_app_context
from werkzeug.exceptions import ServiceUnavailable

#: Renders at once: one per CPU core of a small club server; the other request threads stay free.
RENDER_SLOTS = 2
#: How long a render waits for a free slot before being told to try again.
QUEUE_SECONDS = 3.0
BUSY = "The printer page is busy, try again in a moment."

_slots: dict[int, threading.BoundedSemaphore] = {}
_lock = threading.Lock()


def setting(name: str, default):
    """A setting from the app's config (PDF_RENDER_SLOTS, PDF_QUEUE_SECONDS), else the default."""
    return current_app.config.get(name, default) if has_app_context() else default


def slots() -> threading.BoundedSemaphore:
    """The app's semaphore of render slots."""
    key = id(current_app._get_current_object()) if has_app_context() else 0
    with _lock:
        if key not in _slots:
            _slots[key] = threading.BoundedSemaphore(int(setting("PDF_RENDER_SLOTS", RENDER_SLOTS)))
        return _slots[key]


def bounded(render):
    """Wrap a render function: wait briefly for a slot, else answer 503 with Retry-After."""
    @wraps(render)
    def guarded(*args, **kwargs):
        semaphore = slots()
        if not semaphore.acquire(timeout=float(setting("PDF_QUEUE_SECONDS", QUEUE_SECONDS))):
            raise ServiceUnavailable(BUSY, retry_after=5)
        try:
            return render(*args, **kwargs)
        finally:
            semaphore.release()
    return guarded
