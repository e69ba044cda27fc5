"""The filters every template uses: numbers in the engine's own wording (`|points`, `|signed`) and stored times on
the club's clock (`|club_time`)."""
from __future__ import annotations

from app.store.base.clubtime import in_club_zone
from app.rules.numbers import points, signed


def register_filters(app) -> None:
    """Make the helpers Jinja filters for every template: `|points`, `|signed` and `|club_time`."""
    app.add_template_filter(points, "points")
    app.add_template_filter(signed, "signed")
    app.add_template_filter(in_club_zone, "club_time")
