"""Agreement, a session's option: a hand counts on the board once a player of another team agreed to it on the
tablet it was entered on; "Not agreed" calls the organiser. The engine's scores never change."""
from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm.exc import StaleDataError

from app.extensions import db
from app.rules.operations import EventKind
from app.rules.refusal import RefusalKind, refuse
from app.store.club.afternoon import mark_game_if_over
from app.store.club.calls import call_organiser, session_of
from app.store.club.models import ClubSession, TableCall
from app.store.game.gamelog import Actor
from app.store.game.games import stale
from app.store.game.models import Game, GameEvent, Hand, utcnow
from app.store.club.sessionlog import SessionEventKind, note_session_change
from app.rules.codes import Code


def asks_agreement(game: Game) -> bool:
    """True when the game is a table of a session that asks for agreement."""
    if game.session_id is None:
        return False
    session = db.session.get(ClubSession, game.session_id)
    return bool(session and session.agreement)


def awaiting_agreement(game: Game) -> int | None:
    """The first hand still waiting for agreement (None: every hand agreed, or the session does not ask)."""
    if not asks_agreement(game):
        return None
    return db.session.scalar(select(func.min(Hand.number)).where(Hand.game_id == game.id, Hand.agreed_at.is_(None)))


def hand_to_agree(game: Game, number: int) -> Hand:
    """The hand waiting for agreement, or the refusal saying why it cannot be agreed to."""
    if not asks_agreement(game):
        raise refuse(RefusalKind.CONFLICT, "This game's session does not ask for agreement: every hand counts as "
                     "entered.", "agreement", Code.AGREEMENT_OFF)
    hand = db.session.scalar(select(Hand).where(Hand.game_id == game.id, Hand.number == number))
    if hand is None:
        raise refuse(RefusalKind.NOT_FOUND, f"This game has no hand number {number}.", None, Code.HAND_UNKNOWN)
    if hand.agreed_at is not None:
        raise refuse(RefusalKind.CONFLICT, f"Hand {number} was already agreed by {hand.agreed_by}.", "agreement",
                     Code.AGREEMENT_DONE)
    return hand


def entering_tablet(game: Game, number: int) -> GameEvent | None:
    """The record line of the hand's last entry (added or corrected): who entered it."""
    return db.session.scalar(select(GameEvent).where(
        GameEvent.game_id == game.id, GameEvent.hand_number == number,
        GameEvent.kind.in_([EventKind.HAND_ADDED, EventKind.HAND_CORRECTED])).order_by(GameEvent.seq.desc()).limit(1))


def check_same_tablet(game: Game, number: int, actor: Actor) -> None:
    """Refuse an agreement from another tablet than the one the hand was entered on."""
    entered = entering_tablet(game, number)
    if entered is not None and (entered.actor_kind, entered.actor_id) != (actor.kind, actor.id):
        raise refuse(RefusalKind.FORBIDDEN, f"Hand {number} is agreed on the tablet it was entered on, at the "
                     "table.", "agreement", Code.AGREEMENT_OTHER_TABLET)


def player_named(game: Game, name: str) -> str:
    """The player of the game with this name, or an invalid refusal."""
    names = [player for team in game.team_players for player in team]
    if not isinstance(name, str) or name.strip() not in names:
        raise refuse(RefusalKind.INVALID, "Choose the name of the player of another team who agrees.", "player",
                     Code.AGREEMENT_PLAYER)
    return name.strip()


def agree_hand(game: Game, number: int, name: str, actor: Actor) -> Hand:
    """A player of another team agreed to the hand: it counts on the board from now (a new version of the game,
    so boards and tablets see it), with its line on the session's record."""
    hand = hand_to_agree(game, number)
    name = player_named(game, name)
    check_same_tablet(game, number, actor)
    session = session_of(game)
    hand.agreed_by, hand.agreed_at = name, utcnow()
    game.updated_at = utcnow()
    note_session_change(session, SessionEventKind.HAND_AGREED, actor,
                        f"{game.table_label}: hand {number} agreed by {name}.")
    save_game_change(game)
    return hand


def save_game_change(game: Game) -> None:
    """Commit a change that makes a new version of the game (the afternoon's results due when it ends it); a
    conflict when another write changed it first."""
    mark_game_if_over(game)
    try:
        db.session.commit()
    except StaleDataError:
        db.session.rollback()
        raise stale(game) from None


def disagree_hand(game: Game, number: int, actor: Actor, name: str = "") -> TableCall:
    """"Not agreed": the hand stays waiting and the table calls the organiser; both on the session's record."""
    hand_to_agree(game, number)
    check_same_tablet(game, number, actor)
    who = f" by {player_named(game, name)}" if name else ""
    note_session_change(session_of(game), SessionEventKind.HAND_NOT_AGREED, actor,
                        f"{game.table_label}: hand {number} not agreed{who}.")
    call, _ = call_organiser(game, actor, f"Hand {number} not agreed", save=False)
    db.session.commit()
    return call
