"""Configuration loaded from the environment and the instance folder."""

import os
import secrets
from pathlib import Path

DEFAULT_CLUB_NAME = "Treys card club"


def normalize_database_url(url: str) -> str:
    """Point postgres URLs at the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def instance_secret_key(instance_path: str) -> str:
    """Return the secret key stored in the instance folder, creating it once. Several server processes may
    start at the same moment: the key is written to a file of this process's own and linked into place, which
    only one of them can do, and every process then reads the one key that is there (a process that kept a
    key of its own would refuse every other process's cookies)."""
    path = Path(instance_path) / "secret_key"
    key = read_key(path)
    if key:
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f"secret_key.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(secrets.token_hex(32) + "\n")
    try:
        os.link(draft, path)                # fails when another process linked its key first
    except FileExistsError:
        if not read_key(path):              # an empty file: replaced
            os.replace(draft, path)
    except OSError:                         # a file system without hard links: the plain way
        os.replace(draft, path)
    finally:
        draft.unlink(missing_ok=True)
    return read_key(path)


def read_key(path: Path) -> str:
    """The key in the file, or '' when there is none yet."""
    return path.read_text(encoding="utf-8").strip() if path.exists() else ""


def positive_setting(text: str | None, default: int) -> int:
    """A positive whole number from an environment variable, else the default."""
    return int(text) if text and text.strip().isascii() and text.strip().isdigit() and int(text) > 0 else default


def switched_on(text: str | None) -> bool:
    """An environment variable set to 1, true, yes or on."""
    return (text or "").strip().lower() in ("1", "true", "yes", "on")


class ConfigError(ValueError):
    """A setting that will not do, with a sentence saying what to give instead."""


def public_url(text: str | None) -> str | None:
    """PUBLIC_URL without its trailing slash (None when unset); a ConfigError unless it is an http(s) address."""
    url = (text or "").strip().rstrip("/")
    if not url:
        return None
    if not url.startswith(("http://", "https://")) or len(url.split("://", 1)[1]) == 0:
        raise ConfigError(f"PUBLIC_URL is {url!r}: give the address tablets open, starting with http:// or "
                          "https://, such as http://192.168.1.20:8015.")
    return url


#: Connections each process keeps open to PostgreSQL: a server's 8 threads plus the brakes' own short
#: transactions, so that no request waits for one or opens a fresh one (SQLAlchemy keeps 5 by default and
#: closes any connection beyond them when it is handed back: PostgreSQL then starts a new backend process
#: for the next, a few milliseconds of CPU each time). docs/benchmarks.md has the measurement.
POOL_SIZE = 12
#: Games' states each process keeps by default (the one cache, app/store/game/cache.py): room for the tables
#: of a Saturday a worker sees when the proxy sends a club's games to the same worker of 3 (about 3,300
#: tables, about 2 states each: docs/benchmarks.md (h)).
STATE_CACHE_ITEMS = 8192


def engine_options(url: str) -> dict:
    """SQLAlchemy's engine options: the pool's size for PostgreSQL (SQLite keeps SQLAlchemy's own)."""
    return {} if url.startswith("sqlite") else {"pool_size": POOL_SIZE, "max_overflow": POOL_SIZE}


def mail_settings(environ) -> dict:
    """The mail server the day's results go out through (no host: no emails). TLS is 'starttls' (the default,
    port 587), 'ssl' (port 465) or 'none' (a server on this machine, port 25); the sender's name is the club's."""
    tls = (environ.get("TREYS_MAIL_TLS") or "starttls").strip().lower()
    default_port = {"ssl": 465, "none": 25}.get(tls, 587)
    return {"MAIL_HOST": (environ.get("TREYS_MAIL_HOST") or "").strip(),
            "MAIL_PORT": positive_setting(environ.get("TREYS_MAIL_PORT"), default_port),
            "MAIL_TLS": tls if tls in ("starttls", "ssl", "none") else "starttls",
            "MAIL_USER": (environ.get("TREYS_MAIL_USER") or "").strip(),
            "MAIL_PASSWORD": environ.get("TREYS_MAIL_PASSWORD") or "",
            "MAIL_FROM": (environ.get("TREYS_MAIL_FROM") or "").strip()}


def load_config(app) -> None:
    """Fill app.config from environment variables with sensible defaults."""
    default_db = "sqlite:///" + str(Path(app.instance_path) / "treys.sqlite3")
    app.config.update(
        SECRET_KEY=os.environ.get("SECRET_KEY") or instance_secret_key(app.instance_path),
        SQLALCHEMY_DATABASE_URI=normalize_database_url(
            os.environ.get("DATABASE_URL") or default_db
        ),
        CLUB_NAME=os.environ.get("CLUB_NAME") or DEFAULT_CLUB_NAME,
        # The address printed on table cards for tablets (None: this machine's LAN address and port).
        PUBLIC_URL=public_url(os.environ.get("PUBLIC_URL")),
        # The club's time zone, an IANA name (checked by the factory; empty: the machine's own zone).
        TREYS_TIMEZONE=(os.environ.get("TREYS_TIMEZONE") or "").strip(),
        GAMES_PER_MINUTE=positive_setting(os.environ.get("TREYS_GAMES_PER_MINUTE"), 10),
        # Games' states each process keeps (app/store/game/cache.py; docs/hosting.md, "Many clubs on several
        # workers").
        STATE_CACHE_ITEMS=positive_setting(os.environ.get("TREYS_STATE_CACHE_ITEMS"), STATE_CACHE_ITEMS),
        JSON_SORT_KEYS=False,
        # The first club's records readable without logging in until its owner chooses who reads them on the
        # club's settings page (each club's own choice from then on; off: its accounts only).
        RECORDS_PUBLIC=switched_on(os.environ.get("RECORDS_PUBLIC")),
        # On a host of several clubs: the slug of the one club whose games anyone may open without signing in
        # (empty: there, only a club's organisers and its session tables open games).
        CASUAL_GAMES_CLUB=(os.environ.get("TREYS_CASUAL_CLUB") or "").strip().lower(),
        **mail_settings(os.environ),
        # A hand form may sit on a tablet for hours between deals: the token lives as long as the session.
        WTF_CSRF_TIME_LIMIT=None,
    )
