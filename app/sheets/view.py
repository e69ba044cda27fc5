"""The score sheet as rows and cells: one model for the game page, the PDF and the blank pad."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from app.club.ending import outcome_of
from app.gamelog import corrected_hands
from app.models import Game
from app.rules import GameState, RuleSet, TeamEntry, TeamResult, dealer_for_hand, set_code
from app.services import ruleset_of, state_of

#: Rows of a blank score pad: twenty on portrait A4; three players need a landscape page, which holds fourteen.
PAD_ROWS = 20
PAD_ROWS_THREE = 14

NOBODY_OUT = "nobody (stock ran out)"

#: Shown in the dealer column of a hand nobody went out of.
NOBODY_OUT_SHORT = "Nobody went out"


@dataclass(frozen=True)
class TeamCell:
    """One team's figures in one hand's row, every part in words a player reads without a key."""

    sets: tuple[str, ...]
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
    penalties: tuple[tuple[str, int], ...] = ()
    melded: bool = True

    @property
    def penalty_total(self) -> int | None:
        """The points of the cell's penalties together (taken out of Cards), None when there is none."""
        return sum(value for _, value in self.penalties) if self.penalties else None

    @property
    def sets_words(self) -> str:
        """The sets and 3s in words, 'Red Samba, Red 3s: 1'; 'No sets' for a melded team without any."""
        listed = self.sets + self.threes
        return ", ".join(listed) if listed else ("No sets" if self.melded else "")

    @property
    def threes(self) -> tuple[str, ...]:
        """The 3s lines of the cell: 'Red 3s: 2', 'Black 3s in hand: 1'."""
        return tuple(line for line in (self.red_threes, self.black_threes) if line)


@dataclass(frozen=True)
class SheetRow:
    """One hand: its number, dealer, who went out, and each team's cell."""

    number: int
    dealer: str
    went_out: str
    cells: tuple[TeamCell, ...]
    went_out_team: str | None = None
    dealer_short: str = ""
    corrected: bool = False     # changed after it was entered (the game record says how)
    warning: str = ""           # what today's rules would refuse in it, if anything


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
    result_note: str = ""      # how the game ended, in words ("Time was called ...", "Abandoned: no result")

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
        """A game's sheet fills a landscape page with large type; a blank pad for three needs one too."""
        return len(self.teams) > 2 or not self.is_blank



def set_key(ruleset: RuleSet) -> tuple[tuple[str, str, int], ...]:
    """(code, name, bonus) for each set type, for the key under the blank pad."""
    return tuple((set_code(s.id), s.name, s.bonus) for s in ruleset.set_types)


def sets_text(ruleset: RuleSet, entry: TeamEntry) -> tuple[str, ...]:
    """Each completed set type in words, 'Red Canasta' or '2 Red Canastas'; () when none."""
    parts = []
    for set_type in ruleset.set_types:
        count = entry.set_count(set_type.id)
        if count:
            parts.append(set_type.name if count == 1 else f"{count}\u00a0{set_type.name}s")
    return tuple(parts)


def threes_text(label: str, count: int) -> str:
    """'Red 3s: 2', 'Black 3s melded: 3'; '' when none (3s left in a hand are penalties)."""
    return f"{label}: {count}" if count else ""


#: The engine's breakdown-line kinds the sheet shows as a named penalty, taken out of Cards.
PENALTY_KINDS = ("failed_go_out_penalty", "red_threes_penalty", "black_threes_penalty")


def penalty_name(line) -> str | None:
    """The sheet's name for a breakdown line that is a penalty ("Red treys in hand"), else None."""
    return line.label.rsplit(" x", 1)[0] if line.kind in PENALTY_KINDS else None


def penalties(result: TeamResult) -> tuple[tuple[str, int], ...]:
    """(name, points) of each penalty in a team's hand score, summed by name."""
    found: dict[str, int] = {}
    for line in result.breakdown:
        name = penalty_name(line)
        if name and line.points:
            found[name] = found.get(name, 0) + line.points
    return tuple(found.items())


def variations_text(ruleset: RuleSet) -> str:
    """The chosen variations in words, or '' when all are the defaults."""
    parts = []
    for variation in ruleset.variations:
        value = ruleset.chosen.get(variation.id)
        if value is not None and (value != variation.default or variation.id == "jokers"):
            parts.append(f"{variation.name}: {value.replace('_', ' ')}")
    return "; ".join(parts)


def team_cell(ruleset: RuleSet, entry: TeamEntry, result: TeamResult) -> TeamCell:
    """One team's cell from its entry and result: penalties taken out of Cards and named."""
    named = penalties(result)
    return TeamCell(
        sets=sets_text(ruleset, entry),
        red_threes=threes_text("Red 3s", entry.red_threes),
        black_threes=threes_text("Black 3s melded", entry.black_threes_melded),
        bonus=result.bonus, cards=result.cards - sum(p for _, p in named), score=result.score,
        total=result.progressive, next_minimum=result.next_initial_meld_minimum, went_out=entry.went_out,
        breakdown=tuple(line.as_dict() for line in result.breakdown), concealed=entry.concealed,
        penalties=named, melded=entry.has_melded)


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


def sheet_result(game: Game, state: GameState) -> tuple[bool, int | None, str]:
    """(over, winner index, how it ended in words): the winning rule, the table's closing, or the club format."""
    if state.ruled_winner is not None:
        return True, state.ruled_winner, f"Won at hand {state.won_at}."
    if state.closing == "abandoned":
        return True, None, "Abandoned at the table: no result."
    if state.closing == "ended":
        return True, state.winner, ("Ended early at the table: equal totals, a draw." if state.draw else
                                    f"Ended early at the table after hand {len(state.hands)}: the higher total wins.")
    outcome = outcome_of(game, state)
    if not outcome.over:
        return False, None, ""
    if outcome.no_result:
        return True, None, "Ended before any hand was entered: no result."
    return True, outcome.winner, (f"A draw ({outcome.reason})." if outcome.draw else f"Ended: {outcome.reason}.")


def game_sheet(game: Game, state: GameState | None = None) -> ScoreSheet:
    """The score sheet of a game as it stands."""
    ruleset = ruleset_of(game)
    state = state or state_of(game)
    names = game.team_names
    shorts = short_names([player for team in game.team_players for player in team])
    rows = []
    corrected = corrected_hands(game)
    warnings = {w.hand_number: w.problem.message for w in reversed(state.warnings)}
    for hand, result in zip(game.hands, state.hands):
        entries = hand.team_entries(names)
        out_team = next((names[i] for i, e in enumerate(entries) if e.went_out), None)
        out = next((names[i] + (" (concealed)" if e.concealed else "") for i, e in enumerate(entries)
                    if e.went_out), NOBODY_OUT)
        dealer = dealer_name(game, hand.number)
        rows.append(SheetRow(hand.number, dealer, out, tuple(
            team_cell(ruleset, e, r) for e, r in zip(entries, result.teams)), out_team, shorts.get(dealer, dealer),
            hand.number in corrected, warnings.get(hand.number, "")))
    over, winner, note = sheet_result(game, state)
    teams = tuple(SheetTeam(t.name, tuple(p.name for p in t.players), total, minimum, winner == i)
                  for i, (t, total, minimum) in enumerate(
                      zip(game.teams, state.totals, state.next_initial_meld_minimums)))
    return ScoreSheet(
        game_id=game.id, ruleset=ruleset, variations_text=variations_text(ruleset), target=game.target,
        table_label=game.table_label, date=game.created_at, teams=teams, rows=tuple(rows),
        winner=names[winner] if winner is not None else None, game_over=over, result_note=note,
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
