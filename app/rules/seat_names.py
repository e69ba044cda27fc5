"""A seat's name when the players give none: the compass at four, else 'Player N'."""
from __future__ import annotations

#: A table of four names its seats by the compass, as card tables do: North-South partner East-West.
COMPASS_SEATS = {(0, 0): "North", (1, 0): "East", (0, 1): "South", (1, 1): "West"}


def default_player_name(team: int, player: int, players: str | None = None) -> str:
    """'North'... at a table of four, else 'Player N', N counting round the table (partners sit apart)."""
    if players == "4" and (team, player) in COMPASS_SEATS:
        return COMPASS_SEATS[(team, player)]
    if team == 2:
        return "Player 3"
    return f"Player {player * 2 + team + 1}"


def is_default_name(name: str) -> bool:
    """'Player 3', 'Team A', 'North': a seat's name left as it was, never offered as a player."""
    lower = name.lower()
    return lower.startswith(("player ", "team ")) or lower in {seat.lower() for seat in COMPASS_SEATS.values()}
