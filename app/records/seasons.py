"""Seasons set by the organiser, the ladder page (tablet and projector) and the standings CSV."""
from __future__ import annotations

from datetime import date

from flask import Response, current_app, flash, redirect, render_template, request, url_for
from flask_login import login_required

from app.store.club.standings import rules_played, season_games
from app.store.tenancy.scope import name_of_club
from app.extensions import db
from app.render.csv_text import CSV_TYPE, to_csv
from app.store.club.models import Season
from app.store.club.reads import member_ids_by_name
from app.store.club.writes import add_season as add_season_row
from app.store.club.standings import all_seasons, season_method, standings
from app.records.blueprint import bp
from app.web.visibility import public_records
from app.reading import ascii_digits
from app.rules.form_guide import MEANING
from app.store.club.form_guide import club_form_guide
from app.render.slots import bounded
from app.render.pdf import page_pdf, pdf_response, printed_now
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as

STANDING_COLUMNS = ["place", "player", "qualified", "sessions", "games", "won", "win_rate", "margin"]


def season_problems(form) -> tuple[dict, list[str]]:
    """A season's values from the form, and what is wrong with them."""
    problems, values = [], {"name": " ".join(form.get("name", "").split())}
    if not values["name"] or len(values["name"]) > 60:
        problems.append("Give the season a name of 1 to 60 characters, e.g. 2027.")
    for key, words in (("starts_on", "first day"), ("ends_on", "last day")):
        try:
            values[key] = date.fromisoformat(form.get(key, ""))
        except ValueError:
            problems.append(f"Give the season's {words} as a date.")
    if not problems and values["ends_on"] < values["starts_on"]:
        problems.append("The last day must come after the first day.")
    percent = form.get("qualifying_percent", "30").strip()
    if not ascii_digits(percent) or not 0 <= int(percent) <= 100:
        problems.append("The qualifying share is a whole percent from 0 to 100.")
    else:
        values["qualifying_percent"] = int(percent)
    if values["name"] and db.session.query(Season).filter_by(name=values["name"]).first() is not None:
        problems.append(f"There is already a season called {values['name']}.")
    return values, problems


@bp.post("/seasons")
@login_required
def add_season():
    """Add a season from the records page's form."""
    values, problems = season_problems(request.form)
    for problem in problems:
        flash(problem, "error")
    if problems:
        return redirect(url_for("records.index"))
    season = add_season_row(values)
    return redirect(url_for("records.ladder", season_id=season.id))


@bp.get("/seasons/<int(max=2147483647):season_id>")
@public_records
def ladder(season_id: int):
    """The season's ladder, with the method written out; ?projector=1 for big type, ?form=1 adds a Form column."""
    season = db.session.get(Season, season_id) or abort_as(RefusalKind.NOT_FOUND)
    games = season_games(season)
    rows = standings(season, games)
    members = member_ids_by_name()
    return render_template("records/ladder.html", season=season, rows=rows, seasons=all_seasons(), members=members,
                           played_by=rules_played(games),
                           method=season_method(season, rows), projector=request.args.get("projector") == "1",
                           forms=club_form_guide() if request.args.get("form") == "1" else None, form_meaning=MEANING)


@bounded
def render_standings_pdf(html: str) -> bytes:
    """The standings page as a PDF (one render slot, like every PDF)."""
    return page_pdf(html)


@bp.get("/seasons/<int(max=2147483647):season_id>/standings.pdf")
@public_records
def standings_pdf(season_id: int):
    """The season's standings to print and pin up: qualified players, then those not yet qualified."""
    season = db.session.get(Season, season_id) or abort_as(RefusalKind.NOT_FOUND)
    rows = standings(season)
    html = render_template("records/standings_pdf.html", season=season, rows=rows, method=season_method(season, rows),
                           club=name_of_club(current_app.config["CLUB_NAME"]), printed=printed_now())
    return pdf_response(render_standings_pdf(html), f"treys-standings-{season.id}.pdf")


@bp.get("/seasons/<int(max=2147483647):season_id>/standings.csv")
@public_records
def standings_csv(season_id: int):
    """The season's standings as a spreadsheet."""
    season = db.session.get(Season, season_id) or abort_as(RefusalKind.NOT_FOUND)
    rows = [{"place": row.place, "player": row.player, "qualified": row.qualified, "sessions": row.sessions,
             "games": row.games, "won": row.won, "win_rate": round(row.win_rate, 4), "margin": row.margin}
            for row in standings(season)]
    return Response(to_csv(STANDING_COLUMNS, rows), content_type=CSV_TYPE,
                    headers={"Content-Disposition": f"attachment; filename=treys-standings-{season.id}.csv"})
