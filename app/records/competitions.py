"""The club's competitions on the records pages: the list, each table with every row's counted and dropped
afternoons, its printable PDF; the organiser's form (from a ready shape, with a preview), archive and copy."""
from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_login import login_required

from app.extensions import db
from app.records.blueprint import bp
from app.render.pdf import page_pdf, pdf_response, printed_now
from app.render.slots import bounded
from app.rules.competition import SHAPE_WORDS, Shape, shaped
from app.rules.competition_data import competition_data
from app.rules.competition_words import SCORE_HEADINGS, WEEKDAYS, method_words, score_words
from app.rules.refusal import Refusal
from app.store.base.transaction import nothing_saved
from app.store.club.competitions import (archive_competition, club_competitions, competition_row, competition_table,
                                         copy_competition, preview_table, save_competition,
                                         season_afternoons)
from app.store.club.models import Season
from app.store.club.standings import all_seasons, current_season
from app.store.tenancy.scope import name_of_club
from app.web.competition_names import found_names
from app.web.visibility import public_records
from app.web.errors import status_of

COMPETITION = "<int(max=2147483647):competition_id>"


def whole(text: str | None):
    """A whole number typed in a box (left empty: None; anything else is the engine's to refuse)."""
    text = (text or "").strip()
    return int(text) if text.isdigit() else (text or None)


def fixed_handicaps(text: str) -> list[dict]:
    """The organiser's handicaps, one a line: 'Ann Smith: 40'."""
    found = []
    for line in (text or "").splitlines():
        if line.strip():
            name, _, points = line.rpartition(":")
            points = points.strip()
            found.append({"player": name.strip(), "points": int(points) if points.lstrip("-").isdigit() else points})
    return found


def form_data(form) -> dict:
    """A competition's data from the organiser's form, as the API takes it."""
    points = [whole(p) for p in form.get("place_points", "").replace(" ", "").split(",") if p]
    return {"name": form.get("name", ""),
            "afternoons": {"season_id": whole(form.get("season_id")), "from": form.get("from") or None,
                           "to": form.get("to") or None, "weekday": whole(form.get("weekday"))},
            "whom": form.get("whom") or None, "method": form.get("method") or None,
            "place_points": points or None,
            "counting": {"kind": form.get("counting") or None, "best": whole(form.get("best")),
                         "per": whole(form.get("per")), "beyond": whole(form.get("beyond"))},
            "qualification": {key: whole(form.get(f"qualify_{key}"))
                              for key in ("afternoons", "games", "percent", "partners")},
            "handicap": {"kind": form.get("handicap") or None, "per_point": whole(form.get("per_point")),
                         "rating_on": form.get("rating_on") or None, "fixed": fixed_handicaps(form.get("fixed"))}}


def shape_data(shape: str) -> dict:
    """A ready shape as the form's starting data, over the current season."""
    season = current_season()
    chosen = Shape(shape) if shape in Shape._value2member_map_ else Shape.SEASON_LADDER
    return competition_data(shaped(chosen, season_afternoons(season)), season.id if season else None)


def form_page(data: dict, preview=None, problems=(), status: int = 200):
    """The organiser's form with its data, the preview's table and the problems."""
    return render_template("records/competition_form.html", data=data, preview=preview, problems=list(problems),
                           shapes=SHAPE_WORDS, seasons=all_seasons(), weekdays=WEEKDAYS,
                           headings=SCORE_HEADINGS, score_words=score_words,
                           words=method_words(preview.competition, preview.games_needed) if preview else ""), status


@bp.get("/competitions")
@public_records
def competitions():
    """The club's competitions, running first, then the archived ones."""
    return render_template("records/competitions.html", running=club_competitions(archived=False),
                           archived=club_competitions(archived=True), shapes=SHAPE_WORDS, seasons=all_seasons())


@bp.get("/competitions/new")
@login_required
def new_competition():
    """The form, filled from a ready shape (?shape=best_of_quarter)."""
    return form_page(shape_data(request.args.get("shape", "")))


@bp.post("/competitions")
@login_required
def make_competition():
    """Preview the table from the club's history (nothing stored), or make the competition."""
    data = form_data(request.form)
    try:
        if request.form.get("action") == "preview":
            return form_page(data, preview=preview_table(data))
        row = save_competition(data)
    except Refusal as refused:
        nothing_saved()
        return form_page(data, problems=refused.problems, status=status_of(refused))
    flash(f"{row.name} is running: its table is below.", "info")
    return redirect(url_for("records.competition", competition_id=row.id))


def table_context(competition_id: int) -> dict:
    """What the table's page and its PDF show."""
    row = competition_row(competition_id)
    table = competition_table(row)
    return {"row": row, "table": table, "words": method_words(table.competition, table.games_needed),
            "heading": SCORE_HEADINGS[table.competition.method], "score_words": score_words,
            "qualified": [r for r in table.rows if r.qualified], "others": [r for r in table.rows if not r.qualified],
            "names": found_names(table)}


@bp.get(f"/competitions/{COMPETITION}")
@public_records
def competition(competition_id: int):
    """One competition's table; each row opens the afternoons that counted and the ones dropped."""
    return render_template("records/competition.html", seasons=all_seasons(), **table_context(competition_id))


@bounded
def render_competition_pdf(html: str) -> bytes:
    """The table as a PDF (one render slot, like every PDF)."""
    return page_pdf(html)


@bp.get(f"/competitions/{COMPETITION}/table.pdf")
@public_records
def competition_pdf(competition_id: int):
    """The table to print and pin up: A4, large type, its headings on every page."""
    html = render_template("records/competition_pdf.html", club=name_of_club(current_app.config["CLUB_NAME"]),
                           printed=printed_now(), **table_context(competition_id))
    return pdf_response(render_competition_pdf(html), f"treys-competition-{competition_id}.pdf")


@bp.post(f"/competitions/{COMPETITION}/archive")
@login_required
def archive(competition_id: int):
    """Archive a finished competition (it stays readable), or bring it back."""
    row = archive_competition(competition_id, request.form.get("archived", "yes") == "yes")
    flash(f"{row.name} is {'archived' if row.archived_at else 'running again'}.", "info")
    return redirect(url_for("records.competitions"))


@bp.post(f"/competitions/{COMPETITION}/copy")
@login_required
def copy(competition_id: int):
    """This season's competition made from last season's: its choices over the season chosen."""
    season_id = whole(request.form.get("season_id"))
    season = db.session.get(Season, season_id) if isinstance(season_id, int) else None
    source = competition_row(competition_id)
    name = " ".join(request.form.get("name", "").split()) or f"{source.name} {season.name if season else 'again'}"
    try:
        row = copy_competition(competition_id, name, season.id if season else None)
    except Refusal as refused:
        nothing_saved()
        for problem in refused.problems:
            flash(problem.message, "error")
        return redirect(url_for("records.competitions"))
    flash(f"{row.name} is made from {source.name}.", "info")
    return redirect(url_for("records.competition", competition_id=row.id))


