"""Club sessions: open one, tick who is here, draw the tables and say how they mix the club, seat latecomers
(seats set by hand go through app/store/club/seats.py)."""
from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from app.rules import RuleSet
from app.store.club.house_models import HouseRulesVersion
from app.store.club.house_rules import chosen_house_rules, game_variations, ruleset_of_version, version_row
from app.store.club.players import clean_name, member_for, name_problems
from app.store.club.models import Attendance, ClubSession, SessionEvent
from app.store.club.writes import add_session
from app.store.club.sessionlog import SessionEventKind
from app.extensions import db
from app.store.game.models import Game, Player, Team, utcnow
from app.rules import Problem, get_ruleset, variation_problems
from app.rules.draw import Draw, TableDraw, draw_problems, draw_tables, join_table, keep_tables
from app.rules.mixing import draw_quality
from app.rules.formats import format_problems
from app.rules.outcome import FormatKind
from app.store.club.drawhistory import draw_history
from app.store.club.form_guide import club_form_guide
from app.store.game.games import create_game, session_codes
from app.store.base.transaction import stage_change
from app.store.club.seats import team_name
from app.rules.refusal import Refusal, RefusalKind
from app.rules.codes import Code

#: The session record's kinds that set seats by hand.
BY_HAND = (SessionEventKind.PLAYERS_SWAPPED.value, SessionEventKind.PLAYERS_MOVED.value)
CLOCK = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$", re.ASCII)


@dataclass(frozen=True)
class SessionRequest:
    """What the organiser chose for an afternoon, as given."""

    played_on: date
    ruleset: str
    variations: dict
    kind: str
    hands: int | None = None
    ends_at: str | None = None
    partners: str = "random"
    pairs: tuple = ()
    agreement: bool = False
    house_rules: object = None          # the id of the club's house rules to play by, if any


def request_problems(req: SessionRequest) -> list[Problem]:
    """Every problem with the session's rule set (or house rules), format and partners, all at once."""
    version, problems = chosen_house_rules(req.house_rules, req.ruleset)
    if version is not None:
        problems += variation_problems(version.base, game_variations(version, req.variations))
    elif req.house_rules is None:
        problems += variation_problems(req.ruleset, req.variations)
    problems += format_problems(req.kind, req.hands)
    if req.ends_at and not CLOCK.match(req.ends_at):
        problems.append(Problem("format.ends_at", "Give the end time as a clock time, e.g. 16:00.", Code.FORMAT_ENDS_AT))
    if not isinstance(req.agreement, bool):
        problems.append(Problem("agreement", "'agreement' is true (each hand agreed at the table) or false.",
                                Code.AGREEMENT_NOT_BOOLEAN))
    if req.partners not in ("random", "fixed"):
        problems.append(Problem("partners", "Partners are 'random' (drawn) or 'fixed' (pairs kept together).",
                                Code.PARTNERS_KIND))
    return problems


def open_session(req: SessionRequest) -> ClubSession:
    """A new session (not yet committed); a 422 Refusal with every problem."""
    problems = request_problems(req)
    if problems:
        raise Refusal(RefusalKind.INVALID, problems)
    ruleset, version = request_ruleset(req)
    session = ClubSession(played_on=req.played_on, ruleset_id=ruleset.id, variations=dict(ruleset.chosen),
                          house_rules_version_id=version.id if version is not None else None,
                          format_kind=req.kind, format_hands=req.hands if req.kind == FormatKind.HANDS else None,
                          ends_at=req.ends_at if req.kind == FormatKind.TIME else None, partners=req.partners,
                          pairs=[list(p) for p in req.pairs], seed=secrets.randbelow(2**31), round=0,
                          sitting_out=[], agreement=req.agreement)
    return add_session(session)


def request_ruleset(req: SessionRequest) -> tuple[RuleSet, HouseRulesVersion | None]:
    """The rule set an afternoon asked for (checked already), and the version of the house rules it plays by."""
    version, _ = chosen_house_rules(req.house_rules, req.ruleset)
    if version is None:
        return get_ruleset(req.ruleset, req.variations), None
    return ruleset_of_version(version.id, version.base, game_variations(version, req.variations)), version


def session_ruleset(session: ClubSession) -> RuleSet:
    """The afternoon's rule set: its house rules version's, else the seed rule set with its variations."""
    return ruleset_of_version(session.house_rules_version_id, session.ruleset_id, session.variations)


def present(session: ClubSession) -> list[str]:
    """Names of the players here, in the order they arrived."""
    return [a.member.name for a in session.attendees]


def mark_here(session: ClubSession, names: list[str]) -> list[str]:
    """Tick these players as here (new names join the club's list); returns the names as the list writes them."""
    problems, cleaned = [], []
    for name in names:
        name = clean_name(name)
        problems += name_problems(name, "players")
        cleaned.append(name)
    if problems:
        raise Refusal(RefusalKind.INVALID, problems[:1])
    here = {a.member_id for a in session.attendees}
    written = []
    for name in cleaned:
        member = member_for(name)
        written.append(member.name)
        if member.id not in here:
            session.attendees.append(Attendance(member=member))
            here.add(member.id)
    return written


def games_of(session: ClubSession, round_: int | None = None) -> list[Game]:
    """The session's games (of one round), by round and table number."""
    query = select(Game).where(Game.session_id == session.id)
    if round_ is not None:
        query = query.where(Game.session_round == round_)
    return list(db.session.scalars(query.order_by(Game.session_round, Game.table_number)))


def seated_games(session: ClubSession, round_: int) -> list[Game]:
    """A round's games with their teams and players, in three statements however many tables."""
    return list(db.session.scalars(select(Game).where(Game.session_id == session.id, Game.session_round == round_)
                                   .order_by(Game.table_number)
                                   .options(selectinload(Game.teams).selectinload(Team.players))))


def table_of(game: Game) -> TableDraw:
    """A game seen as a table of the draw."""
    return TableDraw(game.table_number or 0, tuple(tuple(p) for p in game.team_players),
                     (game.first_dealer_team, game.first_dealer_player))


def round_rng(session: ClubSession, round_: int) -> random.Random:
    """The seeded random source of one round's draw."""
    return random.Random(session.seed * 1000 + round_)


def make_draw(session: ClubSession, keep: bool, balance: bool = False) -> Draw:
    """The next round's draw: the same tables, or a new draw mixing the club (the history of this afternoon and
    the club's last sessions), its tables balanced by the form guide's ratings when asked."""
    ruleset = session_ruleset(session)
    rng = round_rng(session, session.round + 1)
    names = present(session)
    if keep and session.round:
        tables = keep_tables([table_of(g) for g in games_of(session, session.round)], rng)
        seated = {name for t in tables for name in t.seats}
        return Draw(tuple(tables), tuple(n for n in names if n not in seated))
    pairs = session.pairs if session.partners == "fixed" else None
    problems = draw_problems(ruleset, names, pairs or ())
    if problems:
        raise Refusal(RefusalKind.INVALID, problems)
    ratings = club_form_guide().ratings_of(names) if balance else None
    return draw_tables(ruleset, names, rng, pairs=pairs, sat_out_before=session.sitting_out,
                       history=draw_history(session), ratings=ratings)


def start_round(session: ClubSession, *, keep: bool = False, balance: bool = False) -> list[Game]:
    """Draw the next round and open each table's game ('Table 3'); all or nothing."""
    draw = make_draw(session, keep, balance)
    members = {a.member.name: a.member_id for a in session.attendees}
    session.round += 1
    session.sitting_out = list(draw.sitting_out)
    games, taken = [], session_codes(session.id)
    for table in draw.tables:
        games.append(table_game(session, table, members, taken))
        taken.add(games[-1].table_code)
    stage_change()
    return games


def teams_of_round(games: list[Game]) -> set[tuple[tuple[str, ...], ...]]:
    """A round's tables as teams of names, for comparing two rounds."""
    return {tuple(tuple(team) for team in game.team_players) for game in games}


def draw_words(session: ClubSession, games: list[Game] | None = None) -> str:
    """How this round's draw mixes the club, in a sentence from the engine ('' before the first draw); `games`:
    the round's games when already read (a deleted one too)."""
    if not session.round:
        return ""
    games = current_games(session) if games is None else games
    if session.round > 1 and teams_of_round(games) == teams_of_round(seated_games(session, session.round - 1)):
        return "The tables are kept from the last round: the same partners and opponents."
    tables = [tuple(tuple(team) for team in game.team_players) for game in games]
    words = draw_quality(tables, draw_history(session, session.round), session.partners == "fixed").words
    return f"{words} The organiser then set some seats by hand." if set_by_hand(session, games) else words


def set_by_hand(session: ClubSession, games: list[Game]) -> bool:
    """True when the organiser set seats by hand (swapped or moved players) after this round's draw (one count on
    the session's record)."""
    drawn = min((game.created_at for game in games), default=None)
    return drawn is not None and bool(db.session.scalar(
        select(func.count()).select_from(SessionEvent).where(
            SessionEvent.session_id == session.id, SessionEvent.kind.in_(BY_HAND),
            SessionEvent.at >= drawn)))


def table_game(session: ClubSession, table: TableDraw, members: dict[str, int], taken: set[str]) -> Game:
    """One table's game through the game store, marked with the session, round, table and format; its code
    none of the `taken` ones."""
    teams = [{"name": team_name(team, i), "players": list(team)} for i, team in enumerate(table.teams)]
    house = version_row(session.house_rules_version_id) if session.house_rules_version_id is not None else None
    game = create_game(session.ruleset_id, dict(session.variations), teams, table_label=f"Table {table.number}",
                       first_dealer=table.first_dealer, save=False, taken_codes=taken, house_rules=house)
    game.session_id, game.session_round, game.table_number = session.id, session.round, table.number
    game.format_kind, game.format_hands = session.format_kind, session.format_hands
    for team in game.teams:
        for player in team.players:
            player.member_id = members.get(player.name)
    return game


def current_games(session: ClubSession) -> list[Game]:
    """This round's games."""
    return games_of(session, session.round) if session.round else []


def seat_of(games: list[Game], name: str) -> Player | None:
    """The seat this player holds in this round's games."""
    for game in games:
        for team in game.teams:
            for player in team.players:
                if player.name == name:
                    return player
    return None


def seat_latecomer(session: ClubSession, name: str) -> str:
    """Add a latecomer: to a table not yet started that has room, else to the next round. Says which."""
    name = mark_here(session, [name])[0]
    if not session.round:
        return f"{name} is here."
    games = current_games(session)
    if seat_of(games, name) is not None:
        return f"{name} is already at a table."
    ruleset = session_ruleset(session)
    waiting = [n for n in session.sitting_out if n != name]
    members = {a.member.name: a.member_id for a in session.attendees}
    for game in games:
        if game.hands or game.last_hand is not None:
            continue
        for newcomers in ([name], [name] + waiting[:1]):
            grown = join_table(ruleset, table_of(game), newcomers)
            if grown is not None:
                grow_game(game, grown, members)
                session.sitting_out = [n for n in session.sitting_out if n not in newcomers]
                joined = " and ".join(newcomers)
                return f"{joined} {'joins' if len(newcomers) == 1 else 'join'} {game.table_label}."
    session.sitting_out = [n for n in session.sitting_out if n != name] + [name]
    return f"{name} plays from the next round: no table that has not started has room now."


def grow_game(game: Game, grown: TableDraw, members: dict[str, int]) -> None:
    """Seat the newcomers of a grown table in its game: a third partner each, or a new player alone."""
    for position, names in enumerate(grown.teams):
        if position == len(game.teams):
            game.teams.append(Team(position=position, name=team_name(names, position), players=[]))
        team = game.teams[position]
        for seat in range(len(team.players), len(names)):
            team.players.append(Player(position=seat, name=names[seat], member_id=members.get(names[seat])))
        team.name = team_name(names, position)
    game.updated_at = utcnow()     # a new version: boards and tablets see the change
