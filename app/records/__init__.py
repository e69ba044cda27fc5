"""The club's records: CSV exports, backups, seasons and the ladder."""
from app.records.blueprint import bp
from app.records import competitions, importing, merging, names, player, restoring, roster, seasons, views  # noqa: F401  (each adds its routes)

__all__ = ["bp"]
