"""Treys: a score keeper for Bolivia-family canasta games.

The package itself imports nothing heavy, so `import app.rules` (the pure engine) stays free of
Flask, SQLAlchemy and WeasyPrint; the application is built in app/server/factory.py.
"""


def create_app(test_config: dict | None = None):
    """Build and configure the Flask application (see app.server.factory.create_app)."""
    from app.server.factory import create_app as build  # deferred: keeps the engine importable on its own
    return build(test_config)
