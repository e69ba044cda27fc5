"""Treys: a score keeper for Bolivia-family canasta games."""

from pathlib import Path

from flask import Flask

from app.config import load_config, normalize_database_url
from app.errors import register_error_handlers
from app import models  # noqa: F401  (registers the tables for migrations)
from app.extensions import csrf, db, migrate
from app.formatting import register_filters
from app.api import bp as api_bp
from app.games import bp as games_bp
from app.main import bp as main_bp
from app.rulebook import bp as rulebook_bp
from app.sheets import bp as sheets_bp
from app.throttle import CodeThrottle

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict | None = None) -> Flask:
    """Build and configure the Flask application."""
    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=str(ROOT / "instance"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    load_config(app)
    if test_config:
        app.config.update(test_config)
    app.config["SQLALCHEMY_DATABASE_URI"] = normalize_database_url(
        app.config["SQLALCHEMY_DATABASE_URI"])

    db.init_app(app)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    csrf.init_app(app)
    app.extensions["code_throttle"] = CodeThrottle()

    csrf.exempt(api_bp)  # the API is for scripts: writes need the table code instead
    blueprints = [main_bp, api_bp, games_bp, rulebook_bp, sheets_bp]
    for blueprint in blueprints:
        app.register_blueprint(blueprint)

    register_error_handlers(app)
    register_filters(app)

    @app.context_processor
    def inject_club_name():
        """Make the club name available to every template."""
        return {"club_name": app.config["CLUB_NAME"]}

    return app
