"""The score sheet as rows and cells: one model for the game page, the PDF and the blank pad."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from app.rules import differences, get_ruleset, header_words
from app.store.club.house_rules import reference
from app.store.club.substitutes import changes_of, seat_name_at
from app.store.game.gamelog import corrected_hands
from app.store.game.models import Game
from app.rules.numbers import points
from app.rules import GameState, RuleSet, TeamEntry, TeamResult, dealer_for_hand, set_code
from app.store.game.states import ruleset_of, state_of

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
    def printed_words(self) -> str:
        """The cell in words for the printed sheet: 'WENT OUT: Red Samba, Red 3s: 1. Penalty: Black 3s in hand'."""
        text = ("WENT OUT CONCEALED: " if self.concealed else "WENT OUT: ") if self.went_out else ""
        text += "" if self.melded else "NOT MELDED. "
        text += self.sets_words
        if self.penalties:
            many = len(self.penalties) > 1
            named = ", ".join(f"{name} {points(value)}" if many else name for name, value in self.penalties)
            text = (text + ". " if self.sets_words else text) + f"Penalt{'ies' if many else 'y'}: {named}"
        return text.strip()

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
    drawn: bool = False
    result_note: str = ""      # how the game ended, in words ("Time was called ...", "Abandoned: no result")
    substitutes: tuple[str, ...] = ()     # "Zoe played for Ann from hand 5."
    house_rules: dict | None = None       # the club's house rules it is played by: {"id", "name", "version"}

    @property
    def name(self) -> str:
        """How the sheet names its game: 'Table 2 · North-South v East-West', or its teams alone."""
        teams = " v ".join(team.name for team in self.teams)
        return f"{self.table_label} · {teams}" if self.table_label else teams

    @property
    def house_words(self) -> str:
        """'House rules: Our Bolivia (on Bolivia)' for the header; '' for a rule set as its document has it."""
        return header_words(self.ruleset)

    @property
    def house_differences(self) -> tuple:
        """Each rule the house rules play differently, beside the document's (the engine's `differences`)."""
        if not self.ruleset.house_rules:
            return ()
        return differences(get_ruleset(self.ruleset.id, self.ruleset.chosen), self.ruleset)

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


def dealers_in_turn(game: Game, players: list[list[str]]) -> list[str]:
    """Who deals hands 1, 2, ... until the deal comes back round to the first dealer."""
    seats = sum(len(team) for team in players)
    return [players[team][player] for team, player in (
        dealer_for_hand(players, (game.first_dealer_team, game.first_dealer_player), number)
        for number in range(1, seats + 1))]


def sheet_result(game: Game, state: GameState) -> tuple[bool, int | None, str]:
    """(over, winner index, how it ended in words), as the game's one outcome says."""
    outcome = state.outcome
    return outcome.over, outcome.winner, outcome.words(game.team_names) if outcome.over else ""


def sheet_row(ruleset: RuleSet, number: int, entries, result, seating: tuple, corrected: bool,
              warning: str) -> SheetRow:
    """One hand's row; `seating`: the teams' names, the dealers in turn (dealers_in_turn), the players' short
    names and the changes of seat."""
    names, dealers, shorts, changes = seating
    dealer = seat_name_at(changes, dealers[(number - 1) % len(dealers)], number)
    out_team = next((names[i] for i, e in enumerate(entries) if e.went_out), None)
    out = next((names[i] + (" (concealed)" if e.concealed else "") for i, e in enumerate(entries)
                if e.went_out), NOBODY_OUT)
    return SheetRow(number, dealer, out, tuple(team_cell(ruleset, e, r) for e, r in zip(entries, result.teams)),
                    out_team, shorts.get(dealer, dealer), corrected, warning)


def game_sheet(game: Game, state: GameState | None = None, record=None, latest: int | None = None) -> ScoreSheet:
    """The score sheet of a game as it stands: its hands from the game's state (the engine keeps each hand's
    entries), so the game's hands need not be read; `record`: the game's record when read already (it marks
    the corrected hands); `latest`: the rows of the newest `latest` hands alone (the totals are the game's)."""
    ruleset = ruleset_of(game)
    state = state or state_of(game)
    names, players = tuple(game.team_names), game.team_players
    changes = changes_of(game) if game.session_id is not None else []
    everyone = [player for team in players for player in team] + [change.left for change in changes]
    seating = (names, dealers_in_turn(game, players), short_names(everyone), changes)
    seat_words = {change.came: change.seat_words for change in changes}
    corrected = corrected_hands(game, record)
    warnings = {w.hand_number: w.problem.message for w in reversed(state.warnings)}
    first = 0 if latest is None else max(len(state.hands) - latest, 0)
    rows = [sheet_row(ruleset, number, entries, result, seating, number in corrected, warnings.get(number, ""))
            for number, (entries, result) in enumerate(zip(state.entries[first:], state.hands[first:]),
                                                      start=first + 1)]
    over, winner, note = sheet_result(game, state)
    teams = tuple(SheetTeam(t.name, tuple(seat_words.get(p.name, p.name) for p in t.players), total, minimum, winner == i)
                  for i, (t, total, minimum) in enumerate(
                      zip(game.teams, state.totals, state.next_initial_meld_minimums)))
    return ScoreSheet(
        game_id=game.id, ruleset=ruleset, variations_text=variations_text(ruleset), target=game.target,
        table_label=game.table_label, date=game.created_at, teams=teams, rows=tuple(rows),
        winner=names[winner] if winner is not None else None, game_over=over, result_note=note,
        drawn=state.outcome.draw,
        next_dealer=dealer_name(game, len(state.hands) + 1), set_key=set_key(ruleset),
        won_at=state.won_at, substitutes=tuple(change.words for change in changes),
        house_rules=reference(game.house_rules_version_id))


def blank_sheet(ruleset: RuleSet, team_count: int = 2, rows: int | None = None,
                house_rules: dict | None = None) -> ScoreSheet:
    """An empty sheet for a paper score pad: the same columns, `rows` hands to write in."""
    if rows is None:
        rows = PAD_ROWS if team_count <= 2 else PAD_ROWS_THREE
    teams = tuple(SheetTeam("", (), 0, 0, False) for _ in range(team_count))
    return ScoreSheet(
        game_id=None, ruleset=ruleset, variations_text=variations_text(ruleset), target=ruleset.target,
        table_label="", date=None, teams=teams, rows=(), winner=None, game_over=False, next_dealer="",
        set_key=set_key(ruleset), blank_rows=rows, house_rules=house_rules)
