"""The one write path of a hand: entering, correcting and removing hands, each checked and scored by the engine."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import wraps

from sqlalchemy import inspect, select, true

from app.extensions import db
from app.store.game.gamelog import UNKNOWN_TABLET, Actor, ActorKind, added_with_token, record, spoken_time
from app.store.game.games import check_version, commit, guarded_write
from app.store.game.states import state_of
from app.store.game.models import Hand, HandEntry, Game, GameEvent, utcnow
from app.rules import EventRecord, GameState, TeamEntry
from app.rules.operations import EventKind, do_add_hand, do_correct_hand, do_remove_hand
from app.rules.refusal import Refusal, RefusalKind, refuse
from app.rules.codes import Code


#: A game holds at most this many hands: a real game ends within about 60 (see docs/hosting.md, "Safe defaults and limits").
MAX_HANDS = 200
#: A finished session table's last hand is removed by the organiser alone.
FINISHED_TABLE = Code.GAME_FINISHED_TABLE


def named(game: Game, entries: list[TeamEntry]) -> list[TeamEntry]:
    """The entries named after the game's teams, for the engine's messages."""
    return [replace(entry, name=name) for entry, name in zip(entries, game.team_names)]


def named_entries(game: Game, entries: list[TeamEntry]) -> list[TeamEntry]:
    """One entry per team, named after the teams (an invalid refusal otherwise)."""
    if len(entries) != len(game.team_names):
        raise refuse(RefusalKind.INVALID,
                     f"This game has {len(game.team_names)} teams; the hand gives {len(entries)}.", "teams",
                     Code.TEAMS_COUNT)
    return named(game, entries)


def hand_by_token(game: Game, client_token: str | None) -> Hand | None:
    """The hand already recorded with this client token, if any."""
    if not client_token:
        return None
    return db.session.scalar(select(Hand).where(Hand.game_id == game.id, Hand.client_token == client_token))


def spent_token(game: Game, client_token: str | None) -> Hand | None:
    """The hand this token recorded (None when unused); a conflict when that hand has since been removed. An
    unused token costs one statement: whether a hand holds it and whether the record has its hand's line."""
    if not client_token:
        return None
    hand_id, added = token_use(game, client_token)
    if hand_id is not None:
        return db.session.get(Hand, hand_id)
    if added is not None:
        hand = hand_by_token(game, client_token)   # saved by a try racing this one since the first look
        if hand is not None:
            return hand
        raise refuse(RefusalKind.CONFLICT, f"Hand {added.hand_number} sent with this token was removed at "
                          f"{spoken_time(added.at)}: it is not recorded again. If that hand was really "
                          "played, enter it as a new hand.", "client_token", Code.TOKEN_REMOVED)
    return None


def token_use(game: Game, client_token: str):
    """In one statement: the id of the hand recorded with this token, and the record's line that added it (its
    hand's number and when), each None when there is none."""
    holder = select(Hand.id).where(Hand.game_id == game.id, Hand.client_token == client_token).scalar_subquery()
    added = added_with_token(game, client_token)
    row = db.session.execute(select(holder, added.c.hand_number, added.c.at).select_from(   # always one row: the
        select(1).subquery()).outerjoin(added, true())).one()                               # line joined to it
    return row[0], (None if row.hand_number is None else row)


def first_entries_of(game: Game, client_token: str) -> list[dict] | None:
    """The figures a client token's hand was first entered with (its record's line), each without its name."""
    added = db.session.scalar(select(GameEvent).where(GameEvent.game_id == game.id,
                                                      GameEvent.client_token == client_token,
                                                      GameEvent.kind == EventKind.HAND_ADDED).order_by(GameEvent.seq))
    if added is None or not added.after:
        return None
    return [{k: v for k, v in team.items() if k != "name"} for team in added.after.get("teams", [])]


@guarded_write
def check_same_hand(game: Game, client_token: str | None, entries: list[TeamEntry]) -> None:
    """Refuse a client token sent again with other figures than the hand it recorded (a token names one hand); a
    read the database cannot take now (the hands locked by a write) is busy, as the write after it would be."""
    if not client_token or hand_by_token(game, client_token) is None:
        return
    first = first_entries_of(game, client_token)
    sent = [{k: v for k, v in entry.as_dict().items() if k != "name"} for entry in entries]
    if first is not None and first != sent:
        raise refuse(RefusalKind.CONFLICT, "This client_token recorded a different hand before: make up a new "
                     "token for a new hand (a correction goes to the hand's own address).", "client_token",
                     Code.CLIENT_TOKEN_REUSED)


def next_hand(game: Game, state: GameState, entries: list[TeamEntry]) -> tuple[EventRecord, GameState]:
    """The engine's event and state for the next hand, when the game has room for it (at most MAX_HANDS)."""
    if len(state.hands) >= MAX_HANDS:
        raise refuse(RefusalKind.INVALID,
                     f"A game holds at most {MAX_HANDS} hands. Start a new game to play on.", None, Code.HANDS_TOO_MANY)
    entries = named_entries(game, entries)
    return do_add_hand(state, entries, game.team_names)


@dataclass(frozen=True)
class EnteredHand:
    """What entering a hand gives back, all that its answer needs: the hand, whether this call recorded it (False:
    its client token recorded it before), and the game's state as it now stands."""

    hand: Hand
    created: bool
    state: GameState


def all_or_nothing(write):
    """A hand's write that is refused saves nothing: the session is rolled back and the refusal raised on (every
    write of a hand refuses the same way, with a Refusal: verify, then do)."""
    @wraps(write)
    def whole(*args, **kwargs):
        try:
            return write(*args, **kwargs)
        except Refusal:
            db.session.rollback()
            raise
    return whole


@all_or_nothing
def add_hand(game: Game, entries: list[TeamEntry], *, client_token: str | None = None, version: int | None = None,
             opened_for: int | None = None, actor: Actor | None = None) -> EnteredHand:
    """Enter the next hand, all or nothing: the checks, the engine's verify and do, the hand and its event saved
    in one commit; or a Refusal raised, nothing of it saved."""
    return record_hand(game, entries, client_token=client_token, version=version, opened_for=opened_for,
                       actor=actor or UNKNOWN_TABLET)


def check_token(client_token) -> None:
    """Refuse a client token that is not short text."""
    if client_token is not None and (not isinstance(client_token, str) or len(client_token) > 64):
        raise refuse(RefusalKind.INVALID, "client_token must be text of at most 64 characters.", "client_token",
                     Code.CLIENT_TOKEN_INVALID)


def check_opened_for(opened_for: int | None, number: int, state: GameState) -> None:
    """Refuse a form opened for a hand that is recorded since (Back after saving, a restored page, another
    tablet); a game that is over says so itself (the engine's refusal)."""
    if opened_for is None or opened_for == number or state.game_over:
        return
    raise refuse(RefusalKind.CONFLICT,
                 f"Nothing was saved: this form was for hand {opened_for}, and hand {opened_for} is already "
                 f"recorded (saved on another tablet, or the Back button brought the form back). Here is the "
                 f"game as it is now; press \u201cEnter hand {number}\u201d for the next hand.",
                 "hand_number", Code.HAND_RECORDED)


@guarded_write
def record_hand(game: Game, entries: list[TeamEntry], *, client_token: str | None, version: int | None,
                opened_for: int | None, actor: Actor) -> EnteredHand:
    """Record the next hand (checked in this order: the token, the hand the form was opened for, the version,
    then the engine); the same client token twice records it once."""
    check_token(client_token)
    existing = spent_token(game, client_token)
    if existing is not None:
        return recorded_before(game, existing)
    state = state_of(game)
    number = len(state.hands) + 1
    check_opened_for(opened_for, number, state)
    check_version(game, version)
    event, after = next_hand(game, state, entries)
    with db.session.no_autoflush:         # the table's own tablet is read before the hand is in the session
        record(game, event, actor, client_token=client_token)
    hand = Hand(number=number, client_token=client_token,
                entries=[HandEntry.from_engine(i, entry) for i, entry in enumerate(entries)])
    if "hands" in inspect(game).unloaded:
        hand.game_id = game.id            # no need to load every hand to add one
        db.session.add(hand)
    else:
        game.hands.append(hand)
    try:
        commit(game, after)
    except Refusal:
        existing = hand_by_token(game, client_token)
        if existing is not None:
            return recorded_before(game, existing)
        raise taken_first(number) from None
    return EnteredHand(hand, True, after)


def recorded_before(game: Game, hand: Hand) -> EnteredHand:
    """The answer to a token that recorded its hand before, perhaps by a try racing this one since the game was
    read: the game is read again, so that its state holds that hand."""
    db.session.expire(game)
    return EnteredHand(hand, False, state_of(game))


def taken_first(number: int) -> Refusal:
    """The answer to a hand posted at the same moment as another tablet's hand with the same number."""
    return refuse(RefusalKind.CONFLICT, f"Another tablet saved hand {number} first, so nothing was saved from here. Here is the "
                       "game as it is now: check it and enter your hand again if it is still needed.", "version",
                  Code.HAND_TAKEN)


def find_hand(game: Game, number: int) -> Hand:
    """The hand with this number, or a not-found refusal."""
    for hand in game.hands:
        if hand.number == number:
            return hand
    raise refuse(RefusalKind.NOT_FOUND, f"This game has no hand number {number}.", None, Code.HAND_UNKNOWN)


@all_or_nothing
@guarded_write
def correct_hand(game: Game, number: int, entries: list[TeamEntry], *, version: int | None,
                 actor: Actor | None = None) -> Hand:
    """Replace a hand's entries; every later total, minimum and the winner follow."""
    check_version(game, version)
    hand = find_hand(game, number)
    entries = named_entries(game, entries)
    event, after = do_correct_hand(state_of(game), number, entries, game.team_names)
    for row, entry in zip(hand.entries, entries):
        for field in HandEntry.FIELDS:
            setattr(row, field, dict(entry.sets) if field == "sets" else getattr(entry, field))
    hand.updated_at = utcnow()
    hand.agreed_by = hand.agreed_at = None        # a corrected hand is agreed to again (in a session that asks)
    record(game, event, actor or UNKNOWN_TABLET)
    commit(game, after)
    return hand


def check_finished_table(game: Game, state: GameState, actor: Actor | None) -> None:
    """A session table's game that is over changes at the organiser's hand alone (a tablet calls them)."""
    if game.session_id is not None and (actor is None or actor.kind != ActorKind.ORGANISER) and state.outcome.over:
        raise refuse(RefusalKind.FORBIDDEN, "Nothing was changed: this table's game is over, so only the organiser "
                     "can remove its last hand. Ask the organiser.", None, FINISHED_TABLE)


@all_or_nothing
@guarded_write
def remove_last_hand(game: Game, number: int, *, version: int | None = None,
                     actor: Actor | None = None) -> None:
    """Remove the last hand (only the last one can go); the record keeps it and its token stays spent."""
    check_version(game, version)
    hand = find_hand(game, number)
    state = state_of(game)
    check_finished_table(game, state, actor)
    event, after = do_remove_hand(state, number)
    game.hands.remove(hand)
    game.closed = None
    record(game, event, actor or UNKNOWN_TABLET)
    commit(game, after)

