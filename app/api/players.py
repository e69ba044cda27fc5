"""The players endpoints of the JSON API: the club's list with each player's form (organisers only)."""
from __future__ import annotations

from sqlalchemy import func, select

from app.web.api_input import page_arguments, paged
from app.api.club import load_member, member_document
from app.web.sign_in import api_organiser
from app.api.blueprint import club_bp
from app.extensions import db
from app.rules.form_guide import MEANING
from app.store.club.models import Member
from app.store.club.form_guide import club_form_guide

PLAYER = "<int(max=2147483647):player_id>"


@club_bp.get("/players")
def list_players():
    """The players on the club's list, by name, each with their form, a page at a time (?page=1&limit=100)."""
    api_organiser()
    page, limit = page_arguments()
    forms = club_form_guide()
    total = db.session.scalar(select(func.count()).select_from(Member)) or 0
    members = db.session.scalars(select(Member).order_by(Member.name, Member.id).limit(limit)
                                 .offset((page - 1) * limit))
    return {"players": [member_document(m, forms.of(m.name)) for m in members], "form_meaning": MEANING,
            **paged(total, page, limit)}


@club_bp.get(f"/players/{PLAYER}")
def read_player(player_id: int):
    """One player with their form and its line game by game (the day and the rating after each game)."""
    api_organiser()
    member = load_member(player_id)
    form = club_form_guide().of(member.name)
    document = member_document(member, form)
    document["form_by_game"] = [{"date": p.played_on.isoformat(), "rating": round(p.rating, 1)} for p in form.points]
    document["form_meaning"] = MEANING
    return document
