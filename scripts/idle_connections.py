"""Idle keep-alive connections against /healthz: opens N connections that each fetch /healthz once and then
stay open doing nothing (tablets asleep with the page open), then times a fresh /healthz.

    .venv/bin/python scripts/idle_connections.py                 # the limits `make run` uses (app/server/serving.py)
    .venv/bin/python scripts/idle_connections.py --waitress-defaults   # waitress's own (100 connections, 120 s)

Options: --idle 100 --timeout 20. The server is waitress in a thread on a SQLite file in a temp dir.
"""
from __future__ import annotations

import argparse
import http.client
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

from waitress.server import create_server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from app import create_app  # noqa: E402
from app.extensions import db  # noqa: E402
from app.server.serving import SERVER_LIMITS, run_until_closed  # noqa: E402


def healthz_after_idle(port: int, idle: int, timeout: float) -> tuple[float, str]:
    """Open the idle connections, then time one more /healthz: (seconds, outcome)."""
    connections = []
    for _ in range(idle):
        connection = socket.create_connection(("127.0.0.1", port))
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: treys\r\nConnection: keep-alive\r\n\r\n")
        connection.settimeout(timeout)
        try:
            connection.recv(4096)
        except socket.timeout:
            pass                    # not answered: the server stopped taking connections
        connections.append(connection)
    started = time.perf_counter()
    try:
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        client.request("GET", "/healthz")
        outcome = f"HTTP {client.getresponse().status}"
    except OSError as error:
        outcome = f"no answer ({error.__class__.__name__})"
    elapsed = time.perf_counter() - started
    for connection in connections:
        connection.close()
    return elapsed, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--idle", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--waitress-defaults", action="store_true")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/idle.sqlite3"})
        with app.app_context():
            db.create_all()
        limits = {} if options.waitress_defaults else SERVER_LIMITS
        server = create_server(app, host="127.0.0.1", port=0, threads=8, **limits)
        thread = threading.Thread(target=run_until_closed, args=(server,), daemon=True)
        thread.start()
        elapsed, outcome = healthz_after_idle(server.effective_port, options.idle, options.timeout)
        server.task_dispatcher.shutdown(timeout=5)
        server.close()
    which = "waitress defaults" if options.waitress_defaults else f"app/server/serving.py {SERVER_LIMITS}"
    print(f"{options.idle} idle keep-alive connections, {which}: /healthz {outcome} in {elapsed * 1000:.1f} ms")


if __name__ == "__main__":
    main()
