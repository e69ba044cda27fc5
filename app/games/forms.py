"""The small forms: a new game, and yes/no confirmations. (The hand form is in handform.py.)"""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField
from wtforms.validators import Length

from app.rules import Problem, RuleSet, Variation, all_rulesets, seat_order
from app.rules.seat_names import default_player_name
from app.web.forms import Choice

#: How many players sit down: (value, words, how they play).
PLAYER_COUNTS = (
    ("4", "4 players", "two teams of 2"),
    ("6", "6 players", "two teams of 3"),
    ("2", "2 players", "each plays alone"),
    ("3", "3 players", "each plays alone"),
)
SOLO_COUNTS = ("2", "3")
TEAM_DEFAULTS = {"4": ("North-South", "East-West"), "6": ("Team A", "Team B")}
NAME_LIMIT = 60
LABEL_LIMIT = 40


def team_sizes(players: str) -> list[int]:
    """Players in each team for a player count: '4' -> [2, 2], '3' -> [1, 1, 1]."""
    if players in SOLO_COUNTS:
        return [1] * int(players)
    return [int(players) // 2] * 2


def seats(players: str) -> list[tuple[int, int]]:
    """(team, player) around the table in dealing order."""
    return seat_order([["x"] * size for size in team_sizes(players)])


def default_team_name(players: str, team: int) -> str:
    """North-South/East-West for 4, Team A/Team B for 6, the player's name when alone."""
    if players in TEAM_DEFAULTS:
        return TEAM_DEFAULTS[players][team]
    return default_player_name(team, 0)


#: Every seat any table can have, with the player counts it belongs to.
ALL_SEATS = tuple(dict.fromkeys(seat for count, _, _ in PLAYER_COUNTS for seat in seats(count)))
SEAT_COUNTS = {seat: tuple(c for c, _, _ in PLAYER_COUNTS if seat in seats(c)) for seat in ALL_SEATS}


def seat_value(seat: tuple[int, int]) -> str:
    """'team-player', the value a dealer radio button sends."""
    return f"{seat[0]}-{seat[1]}"


def variation_field(ruleset_id: str, variation_id: str) -> str:
    """The form field of one rule set's variation."""
    return f"v_{ruleset_id}_{variation_id}"


def value_words(value: str) -> str:
    """A variation value as a player reads it: 'three_sets' -> 'Three sets'."""
    return value.replace("_", " ").capitalize()


def printable(text: str | None) -> str | None:
    """Text without control characters (a database cannot store some of them), spaces trimmed."""
    if text is None:
        return None
    return "".join(ch for ch in text if ch.isprintable()).strip()


def name_field(label: str, limit: int = NAME_LIMIT) -> StringField:
    """A short text field for a name."""
    return StringField(label, filters=[printable],
                       validators=[Length(max=limit, message=f"At most {limit} letters, please.")])


class NewGameForm(FlaskForm):
    """Rule set, variations, players, names, table label and first dealer."""

    ruleset = Choice("Rule set", options=[(r.id, r.name) for r in all_rulesets()], default="bolivia",
                     message="Choose the rule set you are playing.")
    players = Choice("Players", options=[(v, f"{w}: {how}") for v, w, how in PLAYER_COUNTS],
                     default="4", message="Choose how many players sit down.")
    table_label = name_field("Table", LABEL_LIMIT)
    first_dealer = Choice("First dealer", options=[(seat_value(s), "") for s in ALL_SEATS],
                          default="0-0", message="Choose who deals the first hand.")

    def team_name(self, team: int) -> str:
        """The team's name as typed, or its default."""
        typed = (self[f"team{team}_name"].data or "").strip()
        return typed or default_team_name(self.players.data, team)

    def player_name(self, team: int, player: int) -> str:
        """A player's name as typed, or 'Player N'."""
        typed = (self[f"p{team}_{player}"].data or "").strip()
        return typed or default_player_name(team, player, self.players.data)

    def teams(self) -> list[dict]:
        """The teams for app/store/game/games.py create_game: alone, a player's name is the team's name."""
        players = self.players.data
        if players in SOLO_COUNTS:
            return [{"name": self.player_name(t, 0), "players": [self.player_name(t, 0)]}
                    for t in range(int(players))]
        return [{"name": self.team_name(t), "players": [self.player_name(t, p) for p in range(size)]}
                for t, size in enumerate(team_sizes(players))]

    def variations(self, ruleset: RuleSet) -> dict[str, str]:
        """The chosen rule set's variations; a solo-only one only when each plays alone."""
        solo = self.players.data in SOLO_COUNTS
        return {v.id: self[variation_field(ruleset.id, v.id)].data for v in ruleset.variations
                if solo or not v.solo_only}

    def first_dealer_seat(self) -> tuple[int, int]:
        """(team, player) of the first dealer."""
        team, player = (self.first_dealer.data or "0-0").split("-")
        return int(team), int(player)

    def problem_field(self, problem: Problem) -> str | None:
        """The form field a create_game problem belongs to, or None for the message box."""
        plain = {"ruleset": "ruleset", "teams": "players", "first_dealer": "first_dealer"}
        if problem.field in plain:
            return plain[problem.field]
        if problem.field and problem.field.startswith("variations."):
            return variation_field(self.ruleset.data, problem.field.split(".", 1)[1])
        return None


def add_fields() -> None:
    """Team and player names, and every rule set's variations, onto NewGameForm."""
    for team in range(3):
        setattr(NewGameForm, f"team{team}_name", name_field(f"Team {team + 1} name"))
        for player in range(3):
            setattr(NewGameForm, f"p{team}_{player}", name_field(default_player_name(team, player)))
    for ruleset in all_rulesets():
        for variation in ruleset.variations:
            setattr(NewGameForm, variation_field(ruleset.id, variation.id), variation_choice(variation))


def variation_choice(variation: Variation) -> Choice:
    """One variation as a radio group, its default chosen."""
    return Choice(variation.name, options=[(v, value_words(v)) for v in variation.values],
                  default=variation.default, message=f"Choose one: {variation.description}")


add_fields()


class ConfirmForm(FlaskForm):
    """A yes/no step before removing a hand; carries the game version read."""

    version = HiddenField()
