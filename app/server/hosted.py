"""Treys hosted under gunicorn (the `host` extra): several processes on PostgreSQL behind a reverse proxy.

    pip install 'treys[host]'
    treys migrate
    gunicorn -w 2 --threads 8 -k gthread --keep-alive 30 -b 127.0.0.1:8015 'app.server.hosted:create_hosted_app()'

Nothing a second process needs lives in one process's memory: the brakes and every record are in the
database, the caches are keyed by the stored version of what they hold, logins and messages ride in the
signed session cookie, and every process reads the one secret key (docs/hosting.md, "Several processes").
"""
from __future__ import annotations

import os

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from app import create_app
from app.members.sending import start_sender

#: The headers a reverse proxy sets for the client's address and scheme (as WSGI names them).
FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST", "HTTP_X_FORWARDED_PORT",
             "HTTP_X_FORWARDED_PREFIX", "HTTP_FORWARDED")


class TrustedProxy:
    """Take the client's address and scheme from X-Forwarded-For and X-Forwarded-Proto when the request comes
    from the trusted proxy's address, and drop those headers from anyone else (the brakes count per address)."""

    def __init__(self, wsgi_app, proxies: set[str]):
        self.proxies = proxies
        self.direct = wsgi_app
        self.forwarded = ProxyFix(wsgi_app, x_for=1, x_proto=1)

    def __call__(self, environ, start_response):
        if environ.get("REMOTE_ADDR") in self.proxies:
            return self.forwarded(environ, start_response)
        for name in FORWARDED:
            environ.pop(name, None)
        return self.direct(environ, start_response)


def trusted_proxies() -> set[str]:
    """TREYS_TRUSTED_PROXY: the reverse proxy's addresses, separated by commas (none: no header trusted)."""
    return {part.strip() for part in os.environ.get("TREYS_TRUSTED_PROXY", "").split(",") if part.strip()}


def create_hosted_app() -> Flask:
    """The app as the environment configures it, behind the trusted proxy when one is named; each gunicorn worker
    that builds it starts its outbox sender (app/members/sending.py)."""
    app = create_app()
    proxies = trusted_proxies()
    if proxies:
        app.wsgi_app = TrustedProxy(app.wsgi_app, proxies)
    start_sender(app)
    return app
