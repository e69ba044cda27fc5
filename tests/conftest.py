"""Shared pytest fixtures: apps, clients, a live server and a browser."""

import atexit
import gc
import os
import shutil
import sqlite3
import tempfile
import threading
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from playwright.sync_api import sync_playwright
from sqlalchemy import create_engine, text
from flask import Flask
from jinja2 import BytecodeCache
from werkzeug import security
from werkzeug.routing import Rule
from werkzeug.serving import make_server

from app import create_app
from app.config import normalize_database_url
from app.web import sign_in
from app.extensions import db
from app.store.people import models as people_models
from app.store.tenancy.scope import HOME_CLUB, Club

#: Debian's Chromium as the browser tests drive it: its headless shell (package chromium-headless-shell, built
#: from the same source as the package chromium: the same Blink and V8, without the desktop browser that
#: `chromium --headless` still runs behind the page), which takes about a third of the CPU for each page opened
#: and none while a page waits (docs/benchmarks.md, "The test suite's time"). Debian's chromium itself where
#: the shell is not installed, and for the test that opens the app in the full browser
#: (tests/web/test_browser_full.py).
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
#: How the suite hashes the passwords it makes: one round of PBKDF2, where the app's default (scrypt) costs 0.13 s
#: of CPU for every sign-in and every organiser's API request. What is checked stays the same (the right
#: password lets in, a wrong one or an unknown name does not, each costs one hash check); a stored scrypt hash,
#: as in tests/backups, is still checked as scrypt. Servers started as their own processes hash as the app does.
SUITE_PASSWORD_HASH = "pbkdf2:sha256:1"
LIVE_SCHEMA = "treys_live"
WORKER_DATABASE = pytest.StashKey[str]()
OUTPUT_DIR = Path(__file__).resolve().parent / "output"
#: Where the help pages' pictures are taken to: tests/output/help, so that a run of the suite leaves the tree as it
#: was; `make help-pictures` takes them into static/help, where the guides show them (HELP_PICTURES).
HELP_PICTURES = Path(os.environ.get("HELP_PICTURES") or OUTPUT_DIR / "help").resolve()


def suite_password_hash(password: str, method: str = SUITE_PASSWORD_HASH, salt_length: int = 16) -> str:
    """werkzeug's generate_password_hash at the suite's work factor."""
    return security.generate_password_hash(password, method, salt_length)


class BuiltWhenFirstUsed(Rule):
    """A URL rule whose two builders (the functions url_for calls) Werkzeug compiles when first used rather
    than when the app is made. Werkzeug compiles both for every rule at registration: for this app's 1,080
    rules that is 70 ms of the 75 ms an app takes to make, and the suite makes an app for nearly every test
    (some 3,000); a test calls url_for for a handful of rules. The builder compiled is Werkzeug's own."""

    def _compile_builder(self, append_unknown: bool = True):
        kept = "_build_unknown" if append_unknown else "_build"

        def build_once(rule, *args, **kwargs):
            built = Rule._compile_builder(rule, append_unknown).__get__(rule, None)
            setattr(rule, kept, built)
            return built(*args, **kwargs)
        return build_once


class TemplatesCompiledOnce(BytecodeCache):
    """Jinja's bytecode cache, in memory, shared by every app the suite makes in one process: each app has
    its own Jinja environment, which compiles every template it renders afresh (40 ms for the game page's,
    ten times its rendering). Jinja keys each template's code by its name and checks it against the
    template's source, as for any bytecode cache."""

    def __init__(self):
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        code = self.kept.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": TemplatesCompiledOnce()}
Flask.url_rule_class = BuiltWhenFirstUsed                       # every app the suite makes in its own process
people_models.generate_password_hash = suite_password_hash     # an organiser's password, set or changed
sign_in.generate_password_hash = suite_password_hash           # the unknown name's stand-in hash


def is_postgres(url: str) -> bool:
    """Tell whether a database URL points at PostgreSQL."""
    return url.startswith("postgres")


def worker_database_url(url: str, worker: str) -> str:
    """DATABASE_URL with its database renamed for one xdist worker (`treys_test` becomes `treys_test_gw0`)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"{parts.path.rstrip('/')}_{worker}"))


def on_server(url: str, *statements: str) -> None:
    """Run statements outside a transaction on the PostgreSQL server of `url` (connected to its `postgres`)."""
    server = normalize_database_url(urlunsplit(urlsplit(url)._replace(path="/postgres")))
    engine = create_engine(server, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        for statement in statements:
            conn.execute(text(statement))
    engine.dispose()


def make_worker_database(url: str) -> None:
    """Create the worker's PostgreSQL database afresh on DATABASE_URL's server (dropping a left-over one)."""
    name = urlsplit(url).path.lstrip("/")
    on_server(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"')


def drop_worker_database(url: str) -> None:
    """Remove a worker's PostgreSQL database at the end of its run."""
    on_server(url, f'DROP DATABASE IF EXISTS "{urlsplit(url).path.lstrip("/")}" WITH (FORCE)')


def pytest_configure(config):
    """Under pytest-xdist each worker on PostgreSQL gets its own database, so the workers' tables, schemas and
    live servers never meet; DATABASE_URL names it before any test module is imported. SQLite needs nothing:
    every worker has its own temporary folder."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get("DATABASE_URL", "")
    if worker and is_postgres(url) and not os.environ.get("TREYS_WORKER_DATABASE"):
        own = worker_database_url(url, worker)
        make_worker_database(own)
        os.environ["DATABASE_URL"] = os.environ["TREYS_WORKER_DATABASE"] = own
        config.stash[WORKER_DATABASE] = own


def pytest_collection_finish(session):
    """What the run has made by the time its tests are collected (the modules, the tests, Hypothesis's strategies)
    lives to its end, so it is moved out of the garbage collector's sight (gc.freeze, as a server does before
    it forks). Every test makes an app and leaves it as garbage, and each collection of the oldest generation
    walked all of those long-lived objects again: 200 tests of one page request each took 10.7 s on
    PostgreSQL, 9.1 s with them frozen."""
    gc.collect()
    gc.freeze()


def pytest_unconfigure(config):
    """Drop the worker's own database (made by pytest_configure), or in a run without workers the tables made here."""
    own = config.stash.get(WORKER_DATABASE, None)
    if own:
        drop_worker_database(own)
    else:
        drop_tables_made_here()


def database_url(sqlite_path: Path) -> str:
    """Return DATABASE_URL (for psycopg) if set, else a SQLite file URL."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return normalize_database_url(url)
    return f"sqlite:///{sqlite_path}"


def app_config(db_url: str, **overrides) -> dict:
    """The testing configuration of an app on db_url."""
    return {"TESTING": True, "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": db_url} | overrides


def fresh_tables(app) -> None:
    """Drop and create every table of the app's database."""
    with app.app_context():
        db.drop_all()
        db.create_all()


def new_sqlite_file(db_url: str) -> Path | None:
    """The path of a plain SQLite file URL whose file does not exist yet, else None."""
    if not db_url.startswith("sqlite:///") or "?" in db_url or db_url.startswith("sqlite:///file:"):
        return None
    path = Path(db_url.removeprefix("sqlite:///"))
    return None if path.exists() else path


_SQLITE_TEMPLATE: list[Path] = []


def sqlite_template() -> Path:
    """A SQLite file with every table made by create_all, made once per process (each xdist worker)."""
    if not _SQLITE_TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="treys-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        template = create_app(app_config(f"sqlite:///{folder / 'template.sqlite3'}"))
        fresh_tables(template)
        with template.app_context():
            db.session.remove()
            db.engine.dispose()         # the last connection closed: the write-ahead log is folded in
        _SQLITE_TEMPLATE.append(folder / "template.sqlite3")
    return _SQLITE_TEMPLATE[0]


def copy_sqlite_template(path: Path) -> None:
    """Make a new SQLite file as create_all would: a copy of the template, its first club made just now."""
    shutil.copyfile(sqlite_template(), path)
    made = datetime.now(timezone.utc).replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")
    with sqlite3.connect(path) as conn:
        conn.execute(f'UPDATE "{Club.__table__.name}" SET created_at = ?', (made,))
    conn.close()


#: PostgreSQL databases (URLs, search path included) whose tables this process made with create_all
_MADE_HERE: set[str] = set()
#: every sequence of the current schema starts again at 1, as after create_all
RESTART_SEQUENCES = text("SELECT setval(c.oid, 1, false) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                         "WHERE c.relkind = 'S' AND n.nspname = current_schema()")
#: every table emptied, those that others point at last
EMPTY_EVERY_TABLE = "; ".join(f'DELETE FROM "{table.name}"' for table in reversed(db.metadata.sorted_tables))
TABLES_HERE = text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")


def emptied_in_place(app) -> bool:
    """On PostgreSQL, empty tables this process made with create_all as create_all leaves them (no rows,
    every identity back at 1, the first club made just now) and say True: a few milliseconds, where dropping
    and making them again with their grants and row-level policies costs a quarter of a second. False, having
    done nothing, when they are not create_all's as far as this process knows (a migration, another run)."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if not is_postgres(url) or url not in _MADE_HERE:
        return False
    with app.app_context(), db.engine.begin() as conn:
        if set(conn.execute(TABLES_HERE).scalars()) != set(db.metadata.tables):
            return False
        conn.exec_driver_sql(EMPTY_EVERY_TABLE)               # one round trip: psycopg sends it as one query
        conn.execute(RESTART_SEQUENCES)
        made = datetime.now(timezone.utc).replace(tzinfo=None)
        conn.execute(Club.__table__.insert().values(created_at=made, **HOME_CLUB))
    return True


def make_app(db_url: str, **overrides):
    """Create an app on db_url with fresh tables (a new SQLite file: a copy of the per-process template,
    which has the same tables and first club as create_all makes, in a fraction of the time; PostgreSQL tables
    made earlier by this process: emptied in place)."""
    new_file = new_sqlite_file(db_url)
    if new_file is not None:
        copy_sqlite_template(new_file)
    app = create_app(app_config(db_url, **overrides))
    if new_file is None and not emptied_in_place(app):
        fresh_tables(app)
        if is_postgres(db_url):
            _MADE_HERE.add(app.config["SQLALCHEMY_DATABASE_URI"])
    return app


def dispose_app(app) -> None:
    """Close every pooled connection. The tables stay: a SQLite file is in the test's own temporary folder,
    never opened again; PostgreSQL tables are emptied by the next make_app, dropped with the worker's database
    or, in a run without workers, at its end."""
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def drop_tables_made_here() -> None:
    """Drop the PostgreSQL tables this process made with create_all that are still there."""
    for url in _MADE_HERE:
        engine = create_engine(url)
        with engine.begin() as conn:
            if set(conn.execute(TABLES_HERE).scalars()) == set(db.metadata.tables):
                db.metadata.drop_all(conn)
        engine.dispose()


@pytest.fixture
def app(tmp_path):
    """An app in testing mode with CSRF off and empty tables."""
    application = make_app(database_url(tmp_path / "test.sqlite3"))
    yield application
    dispose_app(application)


@pytest.fixture
def client(app):
    """A test client for the app fixture."""
    return app.test_client()


@pytest.fixture
def csrf_app(tmp_path):
    """An app in testing mode with CSRF protection on."""
    application = make_app(database_url(tmp_path / "test.sqlite3"), WTF_CSRF_ENABLED=True)
    yield application
    dispose_app(application)


@pytest.fixture
def csrf_client(csrf_app):
    """A test client for the csrf_app fixture."""
    return csrf_app.test_client()


@pytest.fixture(scope="session")
def output_dir():
    """The folder tests/output/ where tests leave files for people to look at."""
    OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
    return OUTPUT_DIR


def live_database_url(tmp_path_factory, schema: str = LIVE_SCHEMA) -> str:
    """A database for a live server: its own SQLite file or PostgreSQL schema."""
    url = database_url(tmp_path_factory.mktemp("live") / "live.sqlite3")
    if not is_postgres(url):
        return url
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    engine.dispose()
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-csearch_path%3D{schema}"


def drop_live_schema(url: str, schema: str = LIVE_SCHEMA) -> None:
    """Remove a live server's PostgreSQL schema."""
    engine = create_engine(url.split("?")[0])
    with engine.begin() as conn:
        conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
    engine.dispose()


@contextmanager
def served(tmp_path_factory, schema: str = LIVE_SCHEMA, **config):
    """An app with fresh tables served on 127.0.0.1 in a thread: yields (app, base URL)."""
    url = live_database_url(tmp_path_factory, schema)
    application = make_app(url, **config)
    server = make_server("127.0.0.1", 0, application, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield application, f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        dispose_app(application)
        if is_postgres(url):
            drop_live_schema(url, schema)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """Serve the app on 127.0.0.1 in a thread and yield its base URL."""
    # browser tests open many games, see a board's news within a second rather than five, and a tablet sends a
    # kept Save again every second rather than every eight
    with served(tmp_path_factory, WTF_CSRF_ENABLED=True, GAMES_PER_MINUTE=10**6, BOARD_POLL_MS=1000,
                OUTBOX_RETRY_MS=1000) as (_, base_url):
        yield base_url


@pytest.fixture(scope="session")
def playwright_driver():
    """Playwright's driver, one for the session: every browser the suite launches is launched through it."""
    driver = sync_playwright().start()
    yield driver
    driver.stop()


@pytest.fixture(scope="session")
def browser(playwright_driver):
    """Debian's Chromium driven by Playwright, shared by the session: its headless shell where installed."""
    with chromium_from(playwright_driver, (HEADLESS_SHELL, CHROMIUM)) as chromium:
        yield chromium


@contextmanager
def chromium_from(driver, builds: tuple[Path, ...]):
    """The first of these Chromium builds that is installed, launched as the suite launches a browser."""
    executable = next((build for build in builds if build.exists()), None)
    if executable is None:
        message = f"{' or '.join(map(str, builds))} is missing (run 'make system-deps')"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    chromium = driver.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh browser page in its own context."""
    context = browser.new_context()
    browser_page = context.new_page()
    yield browser_page
    context.close()
