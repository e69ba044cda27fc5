"""The score sheet as rows and cells: one model for the game page, the PDF and the blank pad."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from app.models import Game
from app.rules import GameState, RuleSet, TeamEntry, TeamResult, dealer_for_hand
from app.services import ruleset_of, state_of

#: Short names for set types on a crowded sheet (the key is printed under the sheet).
SHORT_NAMES = {
    "red_canasta": "RC", "black_canasta": "BC", "red_samba": "RS", "black_samba": "BS",
    "mixed_bolivia": "MB", "black_bolivia": "BB", "red_bolivia": "RB",
    "natural_canasta": "NC", "mixed_canasta": "MC", "sequence": "Seq", "escalera": "Esc",
    "wild_canasta": "WC", "pure_wild_canasta": "PW", "bolivia": "Bol",
}


@dataclass(frozen=True)
class TeamCell:
    """One team's figures in one hand's row."""

    sets: str
    red_threes: str
    black_threes: str
    bonus: int
    cards: int
    score: int
    total: int
    next_minimum: int
    went_out: bool
    breakdown: tuple


@dataclass(frozen=True)
class SheetRow:
    """One hand: its number, dealer, who went out, and each team's cell."""

    number: int
    dealer: str
    went_out: str
    cells: tuple[TeamCell, ...]


@dataclass(frozen=True)
class SheetTeam:
    """A column group: team name, players, current total and next minimum."""

    name: str
    players: tuple[str, ...]
    total: int
    next_minimum: int
    is_winner: bool


@dataclass(frozen=True)
class ScoreSheet:
    """Everything a score sheet shows."""

    game_id: int | None
    ruleset: RuleSet
    variations_text: str
    target: int
    table_label: str
    date: datetime | None
    teams: tuple[SheetTeam, ...]
    rows: tuple[SheetRow, ...]
    winner: str | None
    game_over: bool
    next_dealer: str
    set_key: tuple[tuple[str, str], ...]

    @property
    def in_progress(self) -> bool:
        """A game with no winner yet."""
        return not self.game_over

    @property
    def landscape(self) -> bool:
        """Three teams need the width of a landscape page."""
        return len(self.teams) > 2


def sets_text(ruleset: RuleSet, entry: TeamEntry) -> str:
    """'RS 1, RC 2' for a cell."""
    return ", ".join(f"{SHORT_NAMES.get(s.id, s.id)} {entry.set_count(s.id)}"
                     for s in ruleset.set_types if entry.set_count(s.id)) or "–"


def threes_text(on_table: int, in_hand: int) -> str:
    """'2' or '2 +1 in hand' for a cell."""
    if not on_table and not in_hand:
        return ""
    return f"{on_table}" + (f" ({in_hand} in hand)" if in_hand else "")


def variations_text(ruleset: RuleSet) -> str:
    """The chosen variations in words, or '' when all are the defaults."""
    parts = []
    for variation in ruleset.variations:
        value = ruleset.chosen.get(variation.id)
        if value is not None and (value != variation.default or variation.id == "jokers"):
            parts.append(f"{variation.name}: {value}")
    return "; ".join(parts)


def team_cell(ruleset: RuleSet, entry: TeamEntry, result: TeamResult) -> TeamCell:
    """One team's cell from its entry and result."""
    return TeamCell(
        sets=sets_text(ruleset, entry),
        red_threes=threes_text(entry.red_threes, entry.red_threes_in_hand),
        black_threes=threes_text(entry.black_threes_melded, entry.black_threes_in_hand)
        if entry.black_threes_melded else threes_text(0, entry.black_threes_in_hand),
        bonus=result.bonus, cards=result.cards, score=result.score, total=result.progressive,
        next_minimum=result.next_initial_meld_minimum, went_out=entry.went_out,
        breakdown=tuple(line.as_dict() for line in result.breakdown))


def dealer_name(game: Game, hand_number: int) -> str:
    """Who deals hand N."""
    team, player = dealer_for_hand(game.team_players, (game.first_dealer_team, game.first_dealer_player),
                                   hand_number)
    return game.team_players[team][player]


def game_sheet(game: Game, state: GameState | None = None) -> ScoreSheet:
    """The score sheet of a game as it stands."""
    ruleset = ruleset_of(game)
    state = state or state_of(game)
    names = game.team_names
    rows = []
    for hand, result in zip(game.hands, state.hands):
        entries = hand.team_entries(names)
        out = next((names[i] + (" (concealed)" if e.concealed else "") for i, e in enumerate(entries)
                    if e.went_out), "nobody (stock ran out)")
        rows.append(SheetRow(hand.number, dealer_name(game, hand.number), out, tuple(
            team_cell(ruleset, e, r) for e, r in zip(entries, result.teams))))
    teams = tuple(SheetTeam(t.name, tuple(p.name for p in t.players), total, minimum, state.winner == i)
                  for i, (t, total, minimum) in enumerate(
                      zip(game.teams, state.totals, state.next_initial_meld_minimums)))
    return ScoreSheet(
        game_id=game.id, ruleset=ruleset, variations_text=variations_text(ruleset), target=game.target,
        table_label=game.table_label, date=game.created_at, teams=teams, rows=tuple(rows),
        winner=names[state.winner] if state.winner is not None else None, game_over=state.game_over,
        next_dealer=dealer_name(game, len(game.hands) + 1),
        set_key=tuple((SHORT_NAMES.get(s.id, s.id), s.name) for s in ruleset.set_types))


def blank_sheet(ruleset: RuleSet, team_count: int = 2) -> ScoreSheet:
    """An empty sheet for a paper score pad."""
    teams = tuple(SheetTeam("", (), 0, 0, False) for _ in range(team_count))
    return ScoreSheet(
        game_id=None, ruleset=ruleset, variations_text="", target=ruleset.target, table_label="",
        date=None, teams=teams, rows=(), winner=None, game_over=False, next_dealer="",
        set_key=tuple((SHORT_NAMES.get(s.id, s.id), s.name) for s in ruleset.set_types))
