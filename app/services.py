"""Game store: create games and record, correct and remove hands, every score from the engine."""
from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from app.extensions import db
from app.models import Game, Hand, HandEntry, Player, Team, utcnow
from app.rules import (GameState, Problem, RuleSet, TeamEntry, get_ruleset, replay,
                       table_problems, validate_hand, variation_problems)


@dataclass
class GameError(Exception):
    """A write the game refuses: an HTTP status and every problem for the player."""

    status: int
    problems: list[Problem]

    def __str__(self) -> str:
        return "; ".join(p.message for p in self.problems)


def refuse(status: int, message: str, field: str | None = None) -> GameError:
    """A GameError with one problem."""
    return GameError(status, [Problem(field, message)])


def new_table_code() -> str:
    """A four-digit code a player can read out and type on another tablet."""
    return f"{secrets.randbelow(10000):04d}"


def ruleset_of(game: Game) -> RuleSet:
    """The game's rule set with its variations."""
    return get_ruleset(game.ruleset_id, game.variations)


def state_of(game: Game) -> GameState:
    """Every hand of the game re-scored by the engine from what was entered."""
    names = game.team_names
    hands = [hand.team_entries(names) for hand in game.hands]
    return replay(ruleset_of(game), hands, len(game.teams), game.target)


def get_game(game_id: int) -> Game:
    """The game with this id, or a 404 GameError."""
    game = db.session.get(Game, game_id)
    if game is None:
        raise refuse(404, f"There is no game number {game_id}.")
    return game


def check_table_code(game: Game, code: str | None) -> None:
    """Refuse a write without the game's table code."""
    if not code or not secrets.compare_digest(str(code).encode(), game.table_code.encode()):
        raise refuse(403, "This needs the game's table code (shown on the tablet that opened the game).",
                     "table_code")


def create_game(ruleset_id: str, variations: dict, teams: list[dict], *, target: int | None = None,
                table_label: str = "", first_dealer: tuple[int, int] = (0, 0)) -> Game:
    """Open a game: rule set, variations, teams of named players; refuses what cannot be played."""
    problems = variation_problems(ruleset_id, variations)
    if problems:
        raise GameError(422, problems)
    ruleset = get_ruleset(ruleset_id, variations)
    problems = table_problems(ruleset, [len(team["players"]) for team in teams])
    if target is not None and (target <= 0 or target % 5):
        problems.append(Problem("target", "The winning score must be a positive multiple of 5."))
    team, player = first_dealer
    if not (0 <= team < len(teams) and 0 <= player < len(teams[team]["players"])):
        problems.append(Problem("first_dealer", "The first dealer must be one of the players."))
    if problems:
        raise GameError(422, problems)
    game = Game(ruleset_id=ruleset_id, variations=dict(ruleset.chosen), table_label=table_label,
                target=target or ruleset.target, table_code=new_table_code(),
                first_dealer_team=team, first_dealer_player=player)
    for position, data in enumerate(teams):
        game.teams.append(Team(position=position, name=data["name"], players=[
            Player(position=i, name=name) for i, name in enumerate(data["players"])]))
    db.session.add(game)
    db.session.commit()
    return game


def named(game: Game, entries: list[TeamEntry]) -> list[TeamEntry]:
    """The entries named after the game's teams, for the engine's messages."""
    return [replace(entry, name=name) for entry, name in zip(entries, game.team_names)]


def stale(game: Game) -> GameError:
    """The answer to an edit based on an old view of the game."""
    return refuse(409, "Someone else changed this game while you were entering. "
                       "Here is the game as it is now: check it and enter again if needed.", "version")


def check_version(game: Game, version: int | None) -> None:
    """Refuse an edit made from an old view of the game."""
    if version is not None and version != game.version:
        raise stale(game)


def check_entries(game: Game, entries: list[TeamEntry], totals: tuple[int, ...]) -> list[TeamEntry]:
    """The entries named after the teams; a 422 GameError with every problem the engine finds."""
    if len(entries) != len(game.teams):
        raise refuse(422, f"This game has {len(game.teams)} teams; the hand gives {len(entries)}.", "teams")
    entries = named(game, entries)
    problems = validate_hand(ruleset_of(game), entries, totals)
    if problems:
        raise GameError(422, problems)
    return entries


def commit(game: Game) -> None:
    """Save the game's change whole, or nothing, marking when it was won."""
    game.updated_at = utcnow()
    won = state_of(game).game_over
    game.finished_at = (game.finished_at or utcnow()) if won else None
    try:
        db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        raise stale(game)


def hand_by_token(game: Game, client_token: str | None) -> Hand | None:
    """The hand already recorded with this client token, if any."""
    if not client_token:
        return None
    return db.session.scalar(select(Hand).where(Hand.game_id == game.id, Hand.client_token == client_token))


def add_hand(game: Game, entries: list[TeamEntry], *, client_token: str | None = None,
             version: int | None = None) -> tuple[Hand, bool]:
    """Record the next hand; the same client token twice records it once. Returns (hand, created)."""
    if client_token is not None and (not isinstance(client_token, str) or len(client_token) > 64):
        raise refuse(422, "client_token must be text of at most 64 characters.", "client_token")
    existing = hand_by_token(game, client_token)
    if existing is not None:
        return existing, False
    check_version(game, version)
    state = state_of(game)
    if state.game_over:
        winner = game.team_names[state.winner]
        raise refuse(409, f"This game is over: {winner} won at hand {state.won_at}. Start a new game.")
    entries = check_entries(game, entries, state.totals)
    hand = Hand(number=len(game.hands) + 1, client_token=client_token,
                entries=[HandEntry.from_engine(i, entry) for i, entry in enumerate(entries)])
    game.hands.append(hand)
    try:
        commit(game)
    except GameError:
        existing = hand_by_token(game, client_token)
        if existing is not None:
            return existing, False
        raise
    return hand, True


def find_hand(game: Game, number: int) -> Hand:
    """The hand with this number, or a 404 GameError."""
    for hand in game.hands:
        if hand.number == number:
            return hand
    raise refuse(404, f"This game has no hand number {number}.")


def correct_hand(game: Game, number: int, entries: list[TeamEntry], *, version: int | None) -> Hand:
    """Replace a hand's entries; every later total, minimum and the winner follow."""
    check_version(game, version)
    hand = find_hand(game, number)
    before = state_of(game).hands[number - 2].teams if number > 1 else None
    totals = tuple(t.progressive for t in before) if before else (0,) * len(game.teams)
    entries = check_entries(game, entries, totals)
    for row, entry in zip(hand.entries, entries):
        for field in HandEntry.FIELDS:
            setattr(row, field, dict(entry.sets) if field == "sets" else getattr(entry, field))
    hand.updated_at = utcnow()
    state = state_of(game)
    if state.won_at is not None and state.won_at < len(game.hands):
        db.session.rollback()
        winner = game.team_names[state.winner]
        raise refuse(422, f"With this correction {winner} would have won at hand {state.won_at}, "
                          f"but {len(game.hands) - state.won_at} more hands were played after it. "
                          "Remove the later hands first.")
    commit(game)
    return hand


def remove_last_hand(game: Game, number: int, *, version: int | None = None) -> None:
    """Remove the last hand (only the last one can go)."""
    check_version(game, version)
    hand = find_hand(game, number)
    if number != len(game.hands):
        raise refuse(409, f"Only the last hand (hand {len(game.hands)}) can be removed; "
                          "correct an earlier hand instead.")
    game.hands.remove(hand)
    commit(game)
