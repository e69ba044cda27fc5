"""Game store: open games, read them whole, and the writes on a whole game (its state: app/store/game/states.py)."""
from __future__ import annotations

import secrets
from functools import wraps

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.exc import StaleDataError

from app.store.club import afternoon
from app.store.club.house_models import HouseRulesVersion
from app.store.club.house_rules import game_variations, ruleset_of_version
from app.store.base.ids import LARGEST_ID
from app.store.game.gamelog import UNKNOWN_TABLET, Actor, ActorKind, record
from app.extensions import db
from app.store.game.models import Game, GameEvent, Hand, Player, Team, utcnow
from app.store.game.results import keep_result
from app.store.game.states import after_write, state_of
from app.rules.refusal import STALE_VERSION, WRONG_CODE, Refusal, RefusalKind, refuse
from app.rules.outcome import Closing
from app.rules.operations import (EventKind, do_abandon_game, do_call_time, do_delete_game, do_end_game,
                                  do_reset_code)
from app.rules import EventRecord, GameState, Problem, table_problems, variation_problems
from app.rules.codes import Code


def session_codes(session_id: int | None) -> set[str]:
    """The table codes the session's games hold (a new table's code must be none of them)."""
    return set(db.session.scalars(select(Game.table_code).where(Game.session_id == session_id)))


def new_table_code(taken: frozenset[str] | set[str] = frozenset()) -> str:
    """A four-digit code a player can read out and type on another tablet, none of the `taken` ones (the codes
    of the other tables of a session: a tablet must never get into the wrong table with its own code)."""
    while True:
        code = f"{secrets.randbelow(10000):04d}"
        if code not in taken:
            return code


def whole_games():
    """A query for games read whole: the game, its hands and their entries in one statement (never half a
    game: the hands always match the version read); its teams and players, which change only before the
    first hand and with a new version, in two more (joined with the hands they would multiply the rows)."""
    return (select(Game).options(joinedload(Game.hands).joinedload(Hand.entries),
                                 selectinload(Game.teams).selectinload(Team.players))
            .execution_options(populate_existing=True))


def game_to_write(game_id: int) -> Game:
    """The game with its teams and players in one statement, its hands left unloaded (adding a hand needs
    only the game's state, kept by version), or a not-found refusal."""
    return get_game(game_id, select(Game).options(joinedload(Game.teams).joinedload(Team.players))
                    .execution_options(populate_existing=True))


def get_game(game_id: int, query=None) -> Game:
    """The whole game (whole_games, or as `query` reads it), or a not-found refusal."""
    game = None
    if 0 < game_id <= LARGEST_ID:
        query = whole_games() if query is None else query
        game = db.session.scalars(query.where(Game.id == game_id)).unique().one_or_none()
    if game is None:
        raise refuse(RefusalKind.NOT_FOUND, f"There is no game number {game_id}.", None, Code.GAME_UNKNOWN)
    return game


def check_table_code(game: Game, code: str | None) -> None:
    """Refuse a write without the game's table code."""
    if not code or not secrets.compare_digest(str(code).encode(), game.table_code.encode()):
        raise refuse(RefusalKind.FORBIDDEN,
                     "This needs the game's table code (shown on the tablet that opened the game).",
                     "table_code", WRONG_CODE)


def create_game(ruleset_id: str, variations: dict, teams: list[dict], *, target: int | None = None,
                table_label: str = "", first_dealer: tuple[int, int] = (0, 0),
                actor: Actor | None = None, save: bool = True, game_id: int | None = None,
                taken_codes: frozenset[str] | set[str] = frozenset(), client_token: str | None = None,
                request_digest: str | None = None, house_rules: HouseRulesVersion | None = None) -> Game:
    """Open a game: rule set, variations, teams of named players; refuses what cannot be played. A request's
    client_token and digest are kept so that the same request again finds this game (game_by_token). Under the
    club's house rules (`house_rules`: the version to keep) the rule set and its variations are theirs."""
    if house_rules is not None:
        ruleset_id, variations = house_rules.base, game_variations(house_rules, variations)
    problems = variation_problems(ruleset_id, variations)
    if problems:
        raise Refusal(RefusalKind.INVALID, problems)
    ruleset = ruleset_of_version(house_rules.id if house_rules is not None else None, ruleset_id, variations)
    problems = table_problems(ruleset, [len(team["players"]) for team in teams])
    if target is not None and (target <= 0 or target % 5):
        problems.append(Problem("target", "The winning score must be a positive multiple of 5.", Code.TARGET_INVALID))
    team, player = first_dealer
    if not (0 <= team < len(teams) and 0 <= player < len(teams[team]["players"])):
        problems.append(Problem("first_dealer", "The first dealer must be one of the players.", Code.FIRST_DEALER_INVALID))
    if problems:
        raise Refusal(RefusalKind.INVALID, problems)
    game = Game(id=game_id, ruleset_id=ruleset_id, variations=dict(ruleset.chosen), table_label=table_label,
                target=target or ruleset.target, table_code=new_table_code(taken_codes),
                first_dealer_team=team, first_dealer_player=player, client_token=client_token,
                request_digest=request_digest,
                house_rules_version_id=house_rules.id if house_rules is not None else None)
    for position, data in enumerate(teams):
        game.teams.append(Team(position=position, name=data["name"], players=[
            Player(position=i, name=name) for i, name in enumerate(data["players"])]))
    db.session.add(game)
    said = {"ruleset": ruleset_id, "teams": game.team_names}
    if house_rules is not None:
        said.update(house_rules=house_rules.house_rules_id, house_rules_version=house_rules.version)
    opened = EventRecord(EventKind.GAME_OPENED, None, None, said)
    record(game, opened, actor or UNKNOWN_TABLET, seq=1)
    db.session.commit() if save else db.session.flush()
    return game


def game_by_token(client_token: str | None) -> Game | None:
    """The club's game a request with this client_token opened, if any."""
    if not client_token:
        return None
    return db.session.scalars(select(Game).where(Game.client_token == client_token).order_by(Game.created_at)).first()


def stale(game: Game) -> Refusal:
    """The answer to an edit based on an old view of the game."""
    return refuse(RefusalKind.CONFLICT, "Someone else changed this game while you were entering. "
                       "Here is the game as it is now: check it and enter again if needed.", "version",
                  STALE_VERSION)


def check_version(game: Game, version: int | None) -> None:
    """Refuse an edit made from an old view of the game."""
    if version is not None and version != game.version:
        raise stale(game)


def commit(game: Game, state: GameState) -> None:
    """Save the game's change whole, or nothing, marking when it was over by `state`, the state after the
    change; then what is kept of the game follows, in one place (states.after_write)."""
    game.updated_at = utcnow()
    game.finished_at = (game.finished_at or utcnow()) if state.game_over else None
    if state.game_over:
        afternoon.mark_game_if_over(game)       # the last table's end: the afternoon's results fall due with it
    keep_result(game, state)              # the last change before the commit: the version it makes
    session = db.session()
    session.expire_on_commit = False      # the objects hold what was just saved: nothing to read back
    try:
        session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        after_write(game, None)
        raise stale(game)
    finally:
        session.expire_on_commit = True
    after_write(game, state)


#: PostgreSQL's answers when two transactions clash: deadlock detected, serialization failure.
CLASHES = ("40P01", "40001")
#: PostgreSQL's answers when a write waited its whole bound (app/store/base/connections.py): a lock another
#: transaction holds, a statement that ran too long. Like SQLite's "database is locked": busy, send again.
WAITED_TOO_LONG = ("55P03", "57014")


def guarded_write(write):
    """A write that clashed with another (a conflict) or that SQLite could not take now (locked: busy) saves
    nothing."""
    @wraps(write)
    def guarded(*args, **kwargs):
        try:
            return write(*args, **kwargs)
        except IntegrityError:                # a unique key taken by another write at the same moment
            db.session.rollback()
            raise refuse(RefusalKind.CONFLICT, "Someone else changed this game at the same moment, so nothing was saved "
                              "from here. Here is the game as it is now: enter again if needed.",
                         "version", Code.GAME_CHANGED) from None
        except OperationalError as error:
            db.session.rollback()
            if getattr(error.orig, "sqlstate", None) in CLASHES:     # PostgreSQL: two tablets at once
                raise refuse(RefusalKind.CONFLICT,
                             "Someone else changed this game at the same moment, so nothing was saved "
                             "from here. Here is the game as it is now: enter again if needed.",
                             "version", Code.GAME_CHANGED) from None
            waited = getattr(error.orig, "sqlstate", None) in WAITED_TOO_LONG
            if not waited and "locked" not in str(error.orig):   # disk full, read-only, connection lost: app/server/faults.py
                raise
            raise refuse(RefusalKind.BUSY,
                         "The server was too busy to save this: nothing was saved. Please send it again.",
                         None, Code.SERVER_BUSY) from None
    return guarded


#: A session table's game is ended, abandoned or deleted by the organiser alone.
ORGANISER_ONLY = Code.GAME_ORGANISER_ONLY


def check_organiser_closes(game: Game, actor: Actor | None) -> None:
    """At a club session the organiser ends, abandons or deletes a table's game (signed in, or from the board);
    a casual game's own tablet may."""
    if game.session_id is not None and (actor is None or actor.kind != ActorKind.ORGANISER):
        raise refuse(RefusalKind.FORBIDDEN, "Nothing was changed: at a club afternoon only the organiser ends, "
                     "abandons or deletes a table's game. Call the organiser to your table.", None, ORGANISER_ONLY)


@guarded_write
def close_game(game: Game, operation, *, version: int | None = None, actor: Actor | None = None,
               save: bool = True) -> GameEvent:
    """End early, abandon or delete the game (an engine operation), recorded with who did it (saved now, or
    with the caller's change when not `save`)."""
    check_version(game, version)
    check_organiser_closes(game, actor)
    state = state_of(game)
    event, after = operation(state) if operation is do_delete_game else operation(state, game.team_names)
    game.closed = after.closing
    row = record(game, event, actor or UNKNOWN_TABLET)
    commit(game, after) if save else flushed(game, after)
    return row


def flushed(game: Game, state: GameState) -> None:
    """A change saved with the caller's own (not committed here), its result stored with it."""
    keep_result(game, state)
    db.session.flush()


def end_game(game: Game, *, version: int | None = None, actor: Actor | None = None) -> GameEvent:
    """End the game now: the higher total wins, equal totals draw (a timed club format)."""
    return close_game(game, do_end_game, version=version, actor=actor)


def abandon_game(game: Game, *, version: int | None = None, actor: Actor | None = None) -> GameEvent:
    """Abandon the game: no result."""
    return close_game(game, do_abandon_game, version=version, actor=actor)


def delete_game(game: Game, *, version: int | None = None, actor: Actor | None = None,
                save: bool = True) -> GameEvent:
    """Delete a game started by mistake (no hands); it leaves the lists, the record stays."""
    return close_game(game, do_delete_game, version=version, actor=actor, save=save)


@guarded_write
def call_time(game: Game, *, actor: Actor | None = None, save: bool = True) -> GameEvent:
    """Time! The hand in play is the game's last (hand 1 at a table with none yet); kept on the record."""
    event, after = do_call_time(state_of(game), game.team_names)
    game.last_hand = after.last_hand
    row = record(game, event, actor or UNKNOWN_TABLET)
    commit(game, after) if save else flushed(game, after)
    return row


@guarded_write
def reset_table_code(game: Game, *, actor: Actor | None = None) -> str:
    """Give the game a new table code (the organiser's tool; none of its session's other codes); tablets
    holding the old one must ask again."""
    state = state_of(game)                # a new code changes no score
    game.table_code = new_table_code(session_codes(game.session_id) if game.session_id else frozenset())
    record(game, do_reset_code(), actor or UNKNOWN_TABLET)
    commit(game, state)
    return game.table_code


def check_not_deleted(game: Game) -> None:
    """A deleted game is gone for readers and writers alike (not found)."""
    if game.closed == Closing.DELETED:
        raise refuse(RefusalKind.NOT_FOUND,
                     f"{game.title} was deleted (it was started by mistake).", None, Code.GAME_UNKNOWN)
