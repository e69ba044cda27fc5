"""A player's page: games and sessions, won, win rate, average margin, partners, recent games."""
from __future__ import annotations

from flask import render_template

from app.store.club.models import Member
from app.extensions import db
from app.records.blueprint import bp
from app.web.visibility import public_records
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as
from app.store.club.player_record import record_of
from app.render.form_chart import form_of


@bp.get("/players/<int(max=2147483647):member_id>")
@public_records
def player_page(member_id: int):
    """The player's page, in large type."""
    member = db.session.get(Member, member_id) or abort_as(RefusalKind.NOT_FOUND)
    return render_template("records/player.html", member=member, record=record_of(member),
                           **form_of(member))
