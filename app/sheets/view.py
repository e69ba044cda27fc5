"""The score sheet as rows and cells: one model for the game page, the PDF and the blank pad."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from app.models import Game
from app.rules import GameState, RuleSet, TeamEntry, TeamResult, dealer_for_hand, set_code
from app.services import ruleset_of, state_of

#: Rows of a blank score pad: twenty on portrait A4; three players need a landscape page, which holds fourteen.
PAD_ROWS = 20
PAD_ROWS_THREE = 14

NOBODY_OUT = "nobody (stock ran out)"


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
    concealed: bool = False

    @property
    def threes(self) -> str:
        """Red and black 3s in one short cell: '2/1h', '' when the team had none."""
        if not self.red_threes and not self.black_threes:
            return ""
        return f"{self.red_threes or '0'}/{self.black_threes or '0'}"


@dataclass(frozen=True)
class SheetRow:
    """One hand: its number, dealer, who went out, and each team's cell."""

    number: int
    dealer: str
    went_out: str
    cells: tuple[TeamCell, ...]
    went_out_team: str | None = None
    dealer_short: str = ""


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
    set_key: tuple[tuple[str, str, int], ...]
    blank_rows: int = 0
    won_at: int | None = None

    @property
    def in_progress(self) -> bool:
        """A game with no winner yet (a blank pad is not 'in progress')."""
        return not self.game_over and self.game_id is not None

    @property
    def is_blank(self) -> bool:
        """A paper pad: no hands, rows to write in."""
        return self.game_id is None

    @property
    def landscape(self) -> bool:
        """Three teams (or players alone) need the width of a landscape page."""
        return len(self.teams) > 2



def set_key(ruleset: RuleSet) -> tuple[tuple[str, str, int], ...]:
    """(code, name, bonus) for each set type, for the key under the sheet."""
    return tuple((set_code(s.id), s.name, s.bonus) for s in ruleset.set_types)


def sets_text(ruleset: RuleSet, entry: TeamEntry) -> str:
    """'RS, 2 RC' for a cell: one of each unless a count is given; '–' when the team completed none."""
    parts = []
    for set_type in ruleset.set_types:
        count = entry.set_count(set_type.id)
        if count:
            parts.append(set_code(set_type.id) if count == 1 else f"{count}\u00a0{set_code(set_type.id)}")
    return ", ".join(parts) or "–"


def threes_text(on_table: int, in_hand: int, table_mark: str = "") -> str:
    """'2', '1h' (left in hand), '2, 1h', '3m' (melded black 3s); '' when none."""
    parts = []
    if on_table:
        parts.append(f"{on_table}{table_mark}")
    if in_hand:
        parts.append(f"{in_hand}h")
    return ", ".join(parts)


def variations_text(ruleset: RuleSet) -> str:
    """The chosen variations in words, or '' when all are the defaults."""
    parts = []
    for variation in ruleset.variations:
        value = ruleset.chosen.get(variation.id)
        if value is not None and (value != variation.default or variation.id == "jokers"):
            parts.append(f"{variation.name}: {value.replace('_', ' ')}")
    return "; ".join(parts)


def team_cell(ruleset: RuleSet, entry: TeamEntry, result: TeamResult) -> TeamCell:
    """One team's cell from its entry and result."""
    return TeamCell(
        sets=sets_text(ruleset, entry),
        red_threes=threes_text(entry.red_threes, entry.red_threes_in_hand),
        black_threes=threes_text(entry.black_threes_melded, entry.black_threes_in_hand, "m"),
        bonus=result.bonus, cards=result.cards, score=result.score, total=result.progressive,
        next_minimum=result.next_initial_meld_minimum, went_out=entry.went_out,
        breakdown=tuple(line.as_dict() for line in result.breakdown), concealed=entry.concealed)


def short_names(names: list[str]) -> dict[str, str]:
    """A short name for each player for the narrow dealer column: the first name when no one else at
    the table shares it, else first name and initial ('Margaret T.'), else the whole name."""
    def first(name: str) -> str:
        return name.split()[0] if name.split() else name

    def initial(name: str) -> str:
        words = name.split()
        return f"{words[0]} {words[-1][0]}." if len(words) > 1 and words[-1][0].isalpha() else name

    short = {}
    for name in names:
        candidates = (first(name), initial(name), name)
        short[name] = next(c for c in candidates
                           if sum(1 for other in names if c in (first(other), initial(other), other)) == 1
                           or c == name)
    return short


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
    shorts = short_names([player for team in game.team_players for player in team])
    rows = []
    for hand, result in zip(game.hands, state.hands):
        entries = hand.team_entries(names)
        out_team = next((names[i] for i, e in enumerate(entries) if e.went_out), None)
        out = next((names[i] + (" (concealed)" if e.concealed else "") for i, e in enumerate(entries)
                    if e.went_out), NOBODY_OUT)
        dealer = dealer_name(game, hand.number)
        rows.append(SheetRow(hand.number, dealer, out, tuple(
            team_cell(ruleset, e, r) for e, r in zip(entries, result.teams)), out_team, shorts.get(dealer, dealer)))
    teams = tuple(SheetTeam(t.name, tuple(p.name for p in t.players), total, minimum, state.winner == i)
                  for i, (t, total, minimum) in enumerate(
                      zip(game.teams, state.totals, state.next_initial_meld_minimums)))
    return ScoreSheet(
        game_id=game.id, ruleset=ruleset, variations_text=variations_text(ruleset), target=game.target,
        table_label=game.table_label, date=game.created_at, teams=teams, rows=tuple(rows),
        winner=names[state.winner] if state.winner is not None else None, game_over=state.game_over,
        next_dealer=dealer_name(game, len(game.hands) + 1), set_key=set_key(ruleset),
        won_at=state.won_at)


def blank_sheet(ruleset: RuleSet, team_count: int = 2, rows: int | None = None) -> ScoreSheet:
    """An empty sheet for a paper score pad: the same columns, `rows` hands to write in."""
    if rows is None:
        rows = PAD_ROWS if team_count <= 2 else PAD_ROWS_THREE
    teams = tuple(SheetTeam("", (), 0, 0, False) for _ in range(team_count))
    return ScoreSheet(
        game_id=None, ruleset=ruleset, variations_text=variations_text(ruleset), target=ruleset.target,
        table_label="", date=None, teams=teams, rows=(), winner=None, game_over=False, next_dealer="",
        set_key=set_key(ruleset), blank_rows=rows)
