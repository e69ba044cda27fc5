"""API views of a session table: call the organiser, agree (or not) to a hand; both need X-Table-Code."""
from __future__ import annotations

from app.api.blueprint import bp
from app.web.api_input import read_body, refuse_problems, unknown_fields
from app.api.views import GAME, HAND, load_game, optional_body, writer
from app.rules.refusal import RefusalKind, refuse
from app.store.club.agreement import agree_hand, awaiting_agreement, disagree_hand
from app.store.club.calls import call_document, call_organiser
from app.rules.codes import Code


@bp.post(f"/games/{GAME}/call")
def call_organiser_api(game_id: int):
    """Put the table on the organiser's call list: 201 with the call, 200 when it was on the list already."""
    game = load_game(game_id, writing=True, whole=False)
    body = optional_body()
    reason = body.get("reason", "")
    refuse_problems(unknown_fields(body, ("reason",)))
    call, new = call_organiser(game, writer(game), reason)
    return {"call": call_document(call), "created": new}, 201 if new else 200


@bp.post(f"/games/{HAND}/agreement")
def agreement_api(game_id: int, number: int):
    """{"agreed": true, "player": name}: the hand counts on the board; {"agreed": false}: the organiser is called."""
    game = load_game(game_id, writing=True, whole=False)
    body = read_body()
    refuse_problems(unknown_fields(body, ("agreed", "player")))
    agreed, player = body.get("agreed"), body.get("player", "")
    if not isinstance(agreed, bool):
        raise refuse(RefusalKind.INVALID, "'agreed' must be true or false.", "agreed", Code.AGREEMENT_AGREED)
    if agreed:
        hand = agree_hand(game, number, player, writer(game))
        return {"hand": number, "agreed": True, "agreed_by": hand.agreed_by,
                "awaiting_agreement": awaiting_agreement(game)}
    call = disagree_hand(game, number, writer(game), player)
    return {"hand": number, "agreed": False, "call": call_document(call),
            "awaiting_agreement": awaiting_agreement(game)}
