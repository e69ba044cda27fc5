"""Arrivals and departures mid-afternoon: a player who leaves a game is replaced by a substitute for the rest of
it; a latecomer joins a table with room or plays from the next round (app/store/club/sessions.py seat_latecomer)."""
from __future__ import annotations

from app.store.club.sessions import current_games, games_of, mark_here, seat_of
from app.rules.refusal import RefusalKind, refuse
from app.rules.codes import Code
from app.store.game.states import state_of
from app.store.club.models import ClubSession
from app.store.club.writes import keep_seat_change
from app.store.game.gamelog import Actor
from app.store.club.substitutes import Change, substitute, substitutions_of


def replace_player(session: ClubSession, leaving: str, came: str, actor: Actor) -> str:
    """The player leaving this round's game gives the seat to the substitute from the next hand on (the
    substitute is ticked as here, the player who left is no longer); says what happened. Not committed."""
    if not session.round:
        raise refuse(RefusalKind.CONFLICT, "The tables have not been drawn yet: nobody has left a game.", "leaving",
                     Code.SESSION_NOT_DRAWN)
    games = current_games(session)
    seat = seat_of(games, leaving)
    if seat is None:
        raise refuse(RefusalKind.INVALID, f"{leaving or 'That player'} is not at a table this round.", "leaving",
                     Code.LEAVING_NOT_SEATED)
    came = mark_here(session, [came])[0]
    if came == leaving:
        raise refuse(RefusalKind.INVALID, "Choose someone else as the substitute.", "substitute", Code.SUBSTITUTE_SAME)
    elsewhere = seat_of(games, came)
    if elsewhere is not None:
        raise refuse(RefusalKind.CONFLICT, f"{came} is playing at {elsewhere.team.game.table_label}: choose a "
                     "substitute who is not at a table.", "substitute", Code.SUBSTITUTE_PLAYING)
    game = seat.team.game
    state = state_of(game)
    if state.outcome.over:
        raise refuse(RefusalKind.CONFLICT, f"{game.table_label}'s game is over: {came} can play from the next "
                     "round.", "leaving", Code.GAME_OVER)
    members = {a.member.name: a.member_id for a in session.attendees}
    from_hand = len(state.hands) + 1
    substitute(game, seat, came, members.get(came), from_hand, actor)
    keep_seat_change(game)          # the game's new version: refused when another write changed it first
    session.attendees[:] = [a for a in session.attendees if a.member.name != leaving]
    session.sitting_out = [name for name in session.sitting_out if name not in (came, leaving)]
    return f"{leaving} has left: {came} plays for {leaving} at {game.table_label} from hand {from_hand}."


def session_changes(session: ClubSession) -> list[Change]:
    """Every substitution of the session's games, table by table: who played for whom from which hand."""
    games = games_of(session)
    found = substitutions_of([game.id for game in games])
    return [Change(s.came_name, s.left_name, s.from_hand, game.table_label)
            for game in games for s in found.get(game.id, [])]
