"""Absolute links to a game's page, for the API's answers: PUBLIC_URL when set, else the address asked."""
from __future__ import annotations

from flask import current_app, request, url_for


def game_url(game_id: int) -> str:
    """The game's page as a full address (what a tablet opens), so a client need not build it from the id."""
    root = current_app.config.get("PUBLIC_URL")
    if not root:
        return url_for("games.game", game_id=game_id, _external=True)
    path = url_for("games.game", game_id=game_id)
    return root.rstrip("/") + path.removeprefix(request.script_root)
