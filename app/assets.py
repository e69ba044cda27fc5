"""Where the app finds what it reads at run time (templates, static files, migrations, the guides) and keeps its instance folder.

The folders sit at the top of a checkout (templates/, static/, migrations/, docs/ beside app/); a wheel carries them inside
the package as app/_data/<folder> (setup.py maps them). Both are found from the package, never from the current
folder. The instance folder (database, secret key) is never inside the package: TREYS_INSTANCE when set, else a
checkout's instance/ folder, else the platform's user data folder.
"""
from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from platformdirs import user_data_path

#: The name of the app's folder under the platform's user data folder.
APP_NAME = "treys"


def _package_dir() -> Path:
    """The app package's folder on disk."""
    return Path(str(resources.files("app")))


def checkout_root() -> Path | None:
    """The repository around the package when running from a checkout (or an editable install), else None."""
    root = _package_dir().parent
    packaged = _package_dir() / "_data"
    return root if not packaged.is_dir() and (root / "pyproject.toml").is_file() else None


def asset_root() -> Path:
    """The folder holding templates/, static/ and migrations/: app/_data in a wheel, the repository in a checkout."""
    packaged = _package_dir() / "_data"
    return packaged if packaged.is_dir() else _package_dir().parent


def templates_dir() -> Path:
    """The Jinja templates."""
    return asset_root() / "templates"


def static_dir() -> Path:
    """The stylesheets and scripts served under /static."""
    return asset_root() / "static"


def migrations_dir() -> Path:
    """The Alembic (Flask-Migrate) migrations."""
    return asset_root() / "migrations"


def docs_dir() -> Path:
    """The guides in Markdown (docs/), which the help pages render."""
    return asset_root() / "docs"


def instance_dir() -> Path:
    """The folder for the database and the secret key: TREYS_INSTANCE, a checkout's instance/, or the user data
    folder (e.g. ~/.local/share/treys, %LOCALAPPDATA%\\treys, ~/Library/Application Support/treys)."""
    configured = os.environ.get("TREYS_INSTANCE", "").strip()
    if configured:
        return Path(configured).expanduser().resolve()
    root = checkout_root()
    if root is not None:
        return root / "instance"
    return user_data_path(APP_NAME, appauthor=False)
