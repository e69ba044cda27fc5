"""The Flask application factory: configuration, extensions, blueprints and error handlers."""

from pathlib import Path

from flask import Flask

from app.config import load_config, normalize_database_url
from app.connections import watch_connections
from app.converters import DatabaseId
from app.errors import register_error_handlers
from app.faults import register_fault_handlers
from app.security import init_security
from app import models  # noqa: F401  (registers the tables for migrations)
from app.club import models as club_models  # noqa: F401  (the club tables, issue 7)
from app.records import models as records_models  # noqa: F401  (seasons, issue 8)
from app.brake import init_brakes
from app.cli import brake_cli
from app.extensions import csrf, db, migrate
from app.formatting import register_filters
from app.api import bp as api_bp
from app.games import bp as games_bp
from app.main import bp as main_bp
from app.rulebook import bp as rulebook_bp
from app.sheets import bp as sheets_bp
from app.club.auth import init_auth
from app.club.routes import api_bp as club_api_bp, bp as club_bp
from app.backup import init_backup
from app.records.routes import bp as records_bp

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict | None = None) -> Flask:
    """Build and configure the Flask application."""
    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=str(ROOT / "instance"),
    )
    app.url_map.converters["int"] = DatabaseId      # before any route is added
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    load_config(app)
    if test_config:
        app.config.update(test_config)
    app.config["SQLALCHEMY_DATABASE_URI"] = normalize_database_url(
        app.config["SQLALCHEMY_DATABASE_URI"])
    init_security(app)

    db.init_app(app)
    watch_connections(app)          # a dropped PostgreSQL connection is replaced before use
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    csrf.init_app(app)
    init_brakes(app)
    app.cli.add_command(brake_cli)

    csrf.exempt(api_bp)  # the API is for scripts: writes need the table code instead
    csrf.exempt(club_api_bp)  # organiser endpoints of the API: HTTP Basic auth instead
    init_auth(app)
    init_backup(app)
    blueprints = [main_bp, api_bp, games_bp, rulebook_bp, sheets_bp, club_bp, club_api_bp, records_bp]
    for blueprint in blueprints:
        app.register_blueprint(blueprint)

    register_error_handlers(app)
    register_fault_handlers(app)
    register_filters(app)

    @app.context_processor
    def inject_club_name():
        """Make the club name available to every template."""
        return {"club_name": app.config["CLUB_NAME"]}

    return app
