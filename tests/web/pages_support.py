"""Helpers for the page tests (no tests here): open a game and post hands through the forms."""
from __future__ import annotations

import html
import re

from app.extensions import db
from app.store.game.models import Game

HIDDEN = re.compile(r'<input type="hidden" name="(version|client_token|csrf_token|hand_number)" value="([^"]*)"')


def open_game(client, ruleset: str = "bolivia", players: str = "4", **fields) -> int:
    """Start a game through the new-game form; returns its id (this client then holds the code)."""
    data = {"ruleset": ruleset, "players": players, "first_dealer": "0-0", "table_label": "Table 1"}
    data.update(fields)
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def game_row(app, game_id: int) -> Game:
    """The stored game (in a fresh session)."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        db.session.expunge(game)
        return game


def hand_count(app, game_id: int) -> int:
    """How many hands the game has stored."""
    with app.app_context():
        return len(db.session.get(Game, game_id).hands)


def hidden_fields(page: str) -> dict[str, str]:
    """The hidden version, client token and CSRF token of a form page."""
    return dict(HIDDEN.findall(page))


def hand_data(teams: list[dict], went_out: str = "none", concealed: bool = False) -> dict:
    """Form data for a hand: per team 'sets' {id: n} and counts like table_points=485."""
    data = {"went_out": went_out}
    for index, team in enumerate(teams):
        for key, value in team.items():
            if key == "sets":
                data.update({f"team{index}-set_{set_id}": n for set_id, n in value.items()})
            elif key == "not_melded":
                if value:
                    data[f"team{index}-not_melded"] = "y"
            else:
                data[f"team{index}-{key}"] = value
    if concealed:
        data["concealed"] = "y"
    return data


def post_hand(client, game_id: int, teams: list[dict], went_out: str = "none", *, concealed: bool = False,
              number: int | None = None, extra: dict | None = None):
    """Open the hand form (new, or hand `number` to correct), fill it in and send it."""
    url = f"/games/{game_id}/hands/{number}/edit" if number else f"/games/{game_id}/hands/new"
    page = client.get(url)
    assert page.status_code == 200, page.get_data(as_text=True)
    data = hidden_fields(page.get_data(as_text=True))
    data.update(hand_data(teams, went_out, concealed))
    data.update(extra or {})
    return client.post(url, data=data)


def errors_for(page: str, field: str) -> str:
    """The messages shown next to a form field."""
    match = re.search(r'data-error-for="' + re.escape(field) + r'"[^>]*>(.*?)</div>', page, re.S)
    return html.unescape(match.group(1)) if match else ""


def message_box(page: str) -> str:
    """The messages in the box at the top of a page."""
    match = re.search(r'id="(?:message|refusal)-list">(.*?)</ul>', page, re.S)
    return html.unescape(match.group(1)) if match else ""


def text(response) -> str:
    """A response's page with HTML entities turned back into characters."""
    return html.unescape(response.get_data(as_text=True))
