"""A player's record from the stored games: every game the player sat in (or left mid-way), each told by its one
outcome, read in a fixed number of statements whatever the number of games (app/store/game/bulk.py)."""
from __future__ import annotations

from collections import Counter

from sqlalchemy import and_, func, or_, select

from app.extensions import db
from app.rules import all_rulesets
from app.rules.own_record import GamePlayed, Seat, figures_of, result_of
from app.store.base.clubtime import in_club_zone
from app.store.club.house_models import HouseRulesRow
from app.store.club.house_rules import references
from app.store.club.models import Member, Substitution
from app.rules.ladder import player_games as ladder_lines
from app.store.game.bulk import read_tallied
from app.store.game.models import Game, Player, Team
from app.store.game.results import SeatRow, TalliedGame


def is_member(member: Member, member_id, name: str) -> bool:
    """True for a seat (or a substitution's side) of this member: linked to them, or typed with their name."""
    return member_id == member.id or (member_id is None and name.lower() == member.name.lower())


def whom(member: Member, member_column, name_column):
    """The condition of `is_member` as SQL."""
    return or_(member_column == member.id,
               and_(member_column.is_(None), func.lower(name_column) == member.name.lower()))


def substitutions_for(member: Member) -> list[Substitution]:
    """Every game the player left mid-way or came into as a substitute (linked, or typed with the same name)."""
    return list(db.session.scalars(select(Substitution).where(or_(
        whom(member, Substitution.left_member_id, Substitution.left_name),
        whom(member, Substitution.came_member_id, Substitution.came_name)))))


def substitution_words(member: Member, changes: list[Substitution]) -> dict[int, str]:
    """By game: 'left at hand 5: Zoe played on' or 'played for Ann from hand 5'."""
    words = {}
    for change in changes:
        left = is_member(member, change.left_member_id, change.left_name)
        words[change.game_id] = (f"left at hand {change.from_hand}: {change.came_name} played on" if left else
                                 f"played for {change.left_name} from hand {change.from_hand}")
    return words


class Seats:
    """Who a seat is: a member of the club (by link, else by name), or a name typed at the table."""

    def __init__(self):
        self.names = dict(db.session.execute(select(Member.id, Member.name)).all())
        self.by_name = {name.lower(): member_id for member_id, name in self.names.items()}

    def of(self, player: Player | SeatRow) -> Seat:
        """The seat's person."""
        member_id = player.member_id if player.member_id is not None else self.by_name.get(player.name.lower())
        if member_id is None or member_id not in self.names:
            return Seat(f"n:{player.name.lower()}", player.name)
        return Seat(f"m{member_id}", self.names[member_id], member_id)

    def member(self, member: Member) -> Seat:
        """A member as a seat."""
        return self.member_seat(member.id)

    def member_seat(self, member_id: int) -> Seat:
        """The member with this id on the club's list as a seat."""
        return Seat(f"m{member_id}", self.names[member_id], member_id)


def club_house_rules() -> dict[int, str]:
    """The club's house rules by id: their names (to choose a player's games by)."""
    return dict(db.session.execute(select(HouseRulesRow.id, HouseRulesRow.name).order_by(HouseRulesRow.name)).all())


def seated_games(member: Member, changes: list[Substitution]) -> list[TalliedGame]:
    """The games the member sat in or left mid-way, oldest first, each with its tally (one read of them all)."""
    seated = (select(Team.game_id).join(Player, Player.team_id == Team.id)
              .where(whom(member, Player.member_id, Player.name)))
    left = {change.game_id for change in changes}
    return read_tallied(or_(Game.id.in_(seated), Game.id.in_(left)) if left else Game.id.in_(seated))


def games_played(member: Member, seats: Seats | None = None) -> list[GamePlayed]:
    """Every game the player sat in, or left mid-way, newest first; a deleted game is not listed, an abandoned
    one has no result, and a game the player left for a substitute is the substitute's."""
    seats = seats or Seats()
    changes = substitutions_for(member)
    notes = substitution_words(member, changes)
    games = seated_games(member, changes)
    names = {ruleset.id: ruleset.short_name for ruleset in all_rulesets()}
    house = references(game.house_rules_version_id for game in games)
    played = []
    for game in reversed(games):
        if not game.tally.outcome.listed:
            continue
        found = next(((index, position) for index, team in enumerate(game.teams)
                      for position, player in enumerate(team.players)
                      if is_member(member, player.member_id, player.name)), None)
        version = house.get(game.house_rules_version_id)
        rules = f"House rules: {version['name']}, version {version['version']}" if version else names.get(
            game.ruleset_id, game.ruleset_id)
        played.append(game_played(game, found, seats, rules, version, notes.get(game.id, "")))
    return played


def game_played(game: TalliedGame, found: tuple[int, int] | None, seats: Seats, rules: str, version: dict | None,
                note: str) -> GamePlayed:
    """One game as the member at seat `found` (team, place in it) played it; None: the member left it."""
    tally = game.tally
    totals = tally.totals
    index, position = found if found is not None else (None, None)
    line, lines = None, ladder_lines(game.team_players, tally.outcome, game.session_id)   # the ladder's lines
    if found is not None and lines:
        line = lines[sum(len(team.players) for team in game.teams[:index]) + position]
    points = [row.result for row in lines]
    result, margin = result_of(line, tally.outcome.over, left=found is None)
    mine = game.teams[index] if index is not None else None
    return GamePlayed(
        game_id=game.id, opened_at=game.created_at, played_on=in_club_zone(game.created_at).date(),
        session_id=game.session_id, table=game.table_label, ruleset_id=game.ruleset_id,
        house_rules_id=version["id"] if version else None, rules=rules,
        partners=tuple(seats.of(p) for p in mine.players if p.position != mine.players[position].position)
        if mine else (),
        opponents=tuple(seats.of(p) for team in game.teams if team is not mine for p in team.players)
        if mine else (),
        team=mine.name if mine else "", score=totals[index] if mine else 0,
        others=tuple((team.name, totals[i]) for i, team in enumerate(game.teams) if team is not mine),
        result=result, margin=margin, note=note,
        opponent_points=tuple(points[sum(len(t.players) for t in game.teams[:i]) + k]
                              for i, team in enumerate(game.teams) if team is not mine
                              for k in range(len(team.players))) if mine and points else ())


def record_of(member: Member, games: list[GamePlayed] | None = None) -> dict:
    """The player's figures over games with a result (games, afternoons, won, win rate, average margin) and the
    three partners the player sat beside most (in any listed game)."""
    games = games_played(member) if games is None else games
    partners = Counter(seat.name for game in games for seat in game.partners)
    figures = figures_of(games)
    return {"games": figures.games, "won": figures.won, "won_words": figures.won_words,
            "sessions": figures.sessions, "win_rate": figures.win_rate, "average_margin": figures.average_margin,
            "partners": partners.most_common(3)}
