"""Helpers for tests against a real server (no tests here): waitress in a thread, plain HTTP requests."""
from __future__ import annotations

import http.client
import json
import socket
import threading
from contextlib import contextmanager
from urllib.parse import urlencode

from waitress.server import create_server

from app.server.serving import SERVER_LIMITS, run_until_closed


def free_port() -> int:
    """A port no one listens on just now, from the system (port 0), for a server a test starts in another
    process: parallel workers (pytest-xdist) and other programs on the machine never get the same one."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def waitress_server(app, **limits):
    """Serve the app with waitress (the settings `make run` uses) on 127.0.0.1 in a thread; yields the port."""
    settings = {**SERVER_LIMITS, "threads": 8, **limits}
    server = create_server(app, host="127.0.0.1", port=0, **settings)
    thread = threading.Thread(target=run_until_closed, args=(server,), daemon=True)
    thread.start()
    try:
        yield server.effective_port
    finally:
        server.task_dispatcher.shutdown(timeout=10)
        server.close()
        thread.join(timeout=10)


def request(port: int, method: str, path: str, *, body: dict | None = None, form: dict | None = None,
            headers: dict | None = None) -> tuple[int, str, dict]:
    """One request on a fresh connection: (status, body text, headers)."""
    sent = dict(headers or {})
    data = None
    if body is not None:
        data, sent["Content-Type"] = json.dumps(body), "application/json"
    elif form is not None:
        data, sent["Content-Type"] = urlencode(form), "application/x-www-form-urlencoded"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(method, path, body=data, headers=sent)
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace"), dict(answer.getheaders())
    finally:
        connection.close()


def run_together(jobs) -> None:
    """Start the jobs at the same moment (a barrier) and wait for all; a job's exception fails the test."""
    barrier, failures = threading.Barrier(len(jobs)), []

    def run(job):
        barrier.wait()
        try:
            job()
        except Exception as error:      # noqa: BLE001  (reported below, in the test's thread)
            failures.append(error)
    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not failures, failures
