"""The players endpoints of the JSON API: the club's list with each player's form (organisers only)."""
from __future__ import annotations

from sqlalchemy import select

from app.club.api import load_member, member_document
from app.club.auth import api_organiser
from app.club.blueprint import api_bp
from app.extensions import db
from app.rules.form import MEANING
from app.store.club_models import Member
from app.store.form import club_form

MEMBER = "<int(max=2147483647):member_id>"


@api_bp.get("/players")
def list_players():
    """Every player on the club's list, by name, each with their form."""
    api_organiser()
    forms = club_form()
    members = db.session.scalars(select(Member).order_by(Member.name))
    return {"players": [member_document(m, forms.of(m.name)) for m in members], "form_meaning": MEANING}


@api_bp.get(f"/players/{MEMBER}")
def read_player(member_id: int):
    """One player with their form and its line game by game (the day and the rating after each game)."""
    api_organiser()
    member = load_member(member_id)
    form = club_form().of(member.name)
    document = member_document(member, form)
    document["form_by_game"] = [{"date": p.played_on.isoformat(), "rating": round(p.rating, 1)} for p in form.points]
    document["form_meaning"] = MEANING
    return document
