"""Serving the app with waitress: the connection limits a club's afternoon needs (`make run` uses them)."""
from __future__ import annotations

import argparse
import os

#: waitress's limits: room for a club's 30 tablets and a projector many times over, idle keep-alive
#: connections closed after half a minute (waitress's defaults: 100 connections, 120 s), checked every 10 s.
SERVER_LIMITS = {"connection_limit": 400, "channel_timeout": 30, "cleanup_interval": 10}


def proxy_settings() -> dict:
    """TREYS_TRUSTED_PROXY=127.0.0.1 (the reverse proxy's address): take the client's address and scheme from
    the X-Forwarded-For and X-Forwarded-Proto headers that proxy sets (the brakes count per client address)."""
    proxy = os.environ.get("TREYS_TRUSTED_PROXY", "").strip()
    if not proxy:
        return {}
    return {"trusted_proxy": proxy, "trusted_proxy_headers": "x-forwarded-for x-forwarded-proto",
            "clear_untrusted_proxy_headers": True}


def run_until_closed(server) -> None:
    """Run a waitress server made with create_server until server.close() (its loop then finds the closed
    sockets: that is the end, not an error)."""
    try:
        server.run()
    except (OSError, ValueError):
        pass


def main(argv: list[str] | None = None) -> None:
    """`python -m app.server.serving --host 0.0.0.0 --port 8015 --threads 8`: serve the app with the limits."""
    from waitress import serve

    from app import create_app
    from app.members.sending import start_sender

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8015)
    parser.add_argument("--threads", type=int, default=8)
    options = parser.parse_args(argv)
    app = create_app()
    start_sender(app)               # the outbox is worked from the start: emails left waiting go by themselves
    serve(app, host=options.host, port=options.port, threads=options.threads, **SERVER_LIMITS,
          **proxy_settings())


if __name__ == "__main__":
    main()
