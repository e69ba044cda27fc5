"""The club's records (issue 8): CSV exports, backups, seasons and the ladder (blueprint in routes.py)."""
