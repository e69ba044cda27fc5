"""A player's page: the figures, form, partners and opponents, a head to head, and every game played, chosen and
sorted by plain links and a form (no script needed)."""
from __future__ import annotations

from flask import render_template

from app.store.club.models import Member
from app.extensions import db
from app.records.blueprint import bp
from app.web.visibility import public_records
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as
from app.web.own_record import own_record
from app.render.form_chart import form_of


@bp.get("/players/<int(max=2147483647):member_id>")
@public_records
def player_page(member_id: int):
    """The player's page, in large type."""
    member = db.session.get(Member, member_id) or abort_as(RefusalKind.NOT_FOUND)
    context, status = own_record(member)
    return render_template("records/player.html", member=member, **context, **form_of(member)), status
