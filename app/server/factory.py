"""The Flask application factory: configuration, extensions, blueprints and error handlers."""

from pathlib import Path

from flask import Flask

from app.assets import instance_dir, migrations_dir, static_dir, templates_dir
from app.store.base.clubtime import configured_zone
from app.config import engine_options, load_config, normalize_database_url
from app.store.base.connections import watch_connections
from app.server.converters import DatabaseId
from app.web.errors import register_error_handlers
from app.server.faults import register_fault_handlers
from app.server.security import init_security
from app.server.polls import init_quick_polls
from app.store.game import models as game_tables  # noqa: F401  (each room's tables, registered for migrations)
from app.store.club import models as club_tables  # noqa: F401
from app.store.club import house_models as house_rules_tables  # noqa: F401
from app.store.club import competition_models as competition_tables  # noqa: F401
from app.store.people import models as people_tables  # noqa: F401
from app.store.tenancy import row_security, scope  # noqa: F401
from app.server.opening_brake import init_brakes
from app.server.cli import brake_cli, init_backup
from app.extensions import csrf, db, migrate
from app.server.formatting import register_filters
from app.reading import GuardedJSONProvider
from app import api, club, games, guides, main, members, records, rulebook, sheets
from app.members.results_mail import init_results_mail
from app.members.sending import init_sending
from app.web.sign_in import init_auth
from app.club.hosting import club_cli
from app.server.clubscope import init_club_scope


def create_app(test_config: dict | None = None) -> Flask:
    """Build and configure the Flask application."""
    app = Flask(
        __name__,
        template_folder=str(templates_dir()),
        static_folder=str(static_dir()),
        instance_path=str(instance_dir()),
    )
    app.url_map.converters["int"] = DatabaseId      # before any route is added
    app.json = GuardedJSONProvider(app)             # every JSON body read within bounds (app/reading.py)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    load_config(app)
    if test_config:
        app.config.update(test_config)
    app.config["SQLALCHEMY_DATABASE_URI"] = normalize_database_url(
        app.config["SQLALCHEMY_DATABASE_URI"])
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", engine_options(app.config["SQLALCHEMY_DATABASE_URI"]))
    app.config["CLUB_ZONE"] = configured_zone(app.config["TREYS_TIMEZONE"])     # a clear ZoneError at start
    init_security(app)

    db.init_app(app)
    watch_connections(app)          # a dropped PostgreSQL connection is replaced before use
    migrate.init_app(app, db, directory=str(migrations_dir()))
    csrf.init_app(app)
    init_club_scope(app)            # before the brakes and every view: each request works for one club
    init_brakes(app)
    app.cli.add_command(brake_cli)

    csrf.exempt(api.bp)  # the API is for scripts: writes need the table code instead
    csrf.exempt(api.club_bp)  # organiser endpoints of the API: HTTP Basic auth instead
    csrf.exempt(members.addresses.stop_at_once)   # a mail program's one-press stop: the token in the address
    init_auth(app)
    app.cli.add_command(club_cli)       # the host's clubs: `flask club add|list|remove`
    init_backup(app)
    init_sending(app)
    init_results_mail(app)
    for blueprint in (main.bp, api.bp, games.bp, rulebook.bp, sheets.bp, club.bp, api.club_bp, records.bp,
                      guides.bp, members.bp):
        app.register_blueprint(blueprint)

    register_error_handlers(app)
    register_fault_handlers(app)
    register_filters(app)
    init_quick_polls(app)           # first of all the steps before a view: an unchanged poll is a bare 304

    return app
