"""Seats set by hand after a round's draw, the one write path: a player or a pair moved to another table (or out),
or two players swapped; the tables' games follow and the change goes on the session's record, all or nothing."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sqlalchemy import select

from app.extensions import db
from app.store.club.house_rules import ruleset_of_version
from app.rules.draw import TableDraw
from app.rules.handseating import Seating, move_players, moved_words, swap_players, swapped_words
from app.store.club.models import ClubSession
from app.store.club.writes import keep_seat_change
from app.store.game.gamelog import Actor
from app.store.game.models import Game, Player, Team, utcnow
from app.store.club.sessionlog import SessionEventKind, note_session_change


class SeatChangeKind(StrEnum):
    """What the organiser does to the seats."""

    MOVE = "move"       # one player or two to another table, or out of the round
    SWAP = "swap"       # two players change places


@dataclass(frozen=True)
class SeatChange:
    """A change to the seats as asked: who, and for a move the table they go to (None: they sit out)."""

    kind: SeatChangeKind
    names: tuple[str, ...]
    to: int | None = None


def team_name(team: tuple[str, ...], index: int) -> str:
    """A team named after its players ('Ann & Bob'), or the player alone."""
    name = " & ".join(team)
    return name if len(name) <= 60 else f"Team {index + 1}"


def round_games(session: ClubSession) -> list[Game]:
    """This round's games, by table number."""
    return list(db.session.scalars(select(Game).where(Game.session_id == session.id,
                                                      Game.session_round == session.round)
                                   .order_by(Game.table_number)))


def has_started(game: Game) -> bool:
    """True once the table has a hand, or its game is over or closed."""
    return bool(game.hands) or game.closed is not None or game.finished_at is not None


def seating_of(session: ClubSession, games: list[Game]) -> Seating:
    """The round's seats as the engine sees them."""
    tables = tuple(TableDraw(game.table_number or 0, tuple(tuple(team) for team in game.team_players),
                             (game.first_dealer_team, game.first_dealer_player)) for game in games)
    return Seating(tables, tuple(session.sitting_out or ()),
                   frozenset(game.table_number or 0 for game in games if has_started(game)))


def seat_table(game: Game, table: TableDraw, members: dict[str, int]) -> None:
    """The game's teams and players made those of the table (rows kept by position), a new version of the game
    so that boards and tablets see the change."""
    for position, names in enumerate(table.teams):
        if position == len(game.teams):
            game.teams.append(Team(position=position, name="", players=[]))
        team = game.teams[position]
        del team.players[len(names):]
        for seat, name in enumerate(names):
            if seat == len(team.players):
                team.players.append(Player(position=seat, name=name, member_id=members.get(name)))
            elif team.players[seat].name != name:
                team.players[seat].name, team.players[seat].member_id = name, members.get(name)
        team.name = team_name(names, position)
    del game.teams[len(table.teams):]
    game.first_dealer_team, game.first_dealer_player = table.first_dealer
    game.updated_at = utcnow()


def set_seats(session: ClubSession, change: SeatChange, actor: Actor) -> str:
    """Set seats by hand in this round: the engine decides (or refuses, and nothing is stored), the changed
    tables' games follow (refused as stale, nothing stored, when one was written since it was read), who sits out
    is kept, and the record's line is saved with them in one commit. Returns the record's sentence."""
    games = round_games(session)
    before = seating_of(session, games)
    ruleset = ruleset_of_version(session.house_rules_version_id, session.ruleset_id, session.variations)
    if change.kind == SeatChangeKind.SWAP:
        first, second = (change.names + ("", ""))[:2]
        after = swap_players(before, first, second)
        words = swapped_words(before, first, second)
        kind = SessionEventKind.PLAYERS_SWAPPED
    else:
        after = move_players(ruleset, before, change.names, change.to)
        words = moved_words(before, [n for n in dict.fromkeys(change.names) if n], change.to)
        kind = SessionEventKind.PLAYERS_MOVED
    members = {a.member.name: a.member_id for a in session.attendees}
    for game, old, new in zip(games, before.tables, after.tables):
        if new != old:
            seat_table(game, new, members)
            keep_seat_change(game)      # refused, nothing saved, when a tablet wrote the game since it was read
    session.sitting_out = list(after.sitting_out)
    note_session_change(session, kind, actor, words)
    db.session.commit()
    return words
