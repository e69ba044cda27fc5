"""Routes: a game's score sheet as a PDF and a blank score pad per rule set."""
from __future__ import annotations

from datetime import datetime, timezone

from flask import abort, current_app, render_template, request

from app.rules import describe_ruleset, get_ruleset, ruleset_ids, variation_problems
from app.services import GameError, get_game
from app.sheets.blueprint import bp
from app.sheets.pdf import pdf_response, render_pdf
from app.sheets.view import blank_sheet, game_sheet


def printed_now() -> str:
    """When the sheet was printed, for its footer: '14 May 2025 15:02'."""
    return datetime.now().strftime("%-d %b %Y %H:%M")


def local_time(moment: datetime | None) -> datetime | None:
    """A stored UTC time in the server's local time (the club's clock), for the sheet's date."""
    return moment.replace(tzinfo=timezone.utc).astimezone() if moment else None


def render_game_sheet(game) -> str:
    """The HTML the game's PDF is made from."""
    sheet = game_sheet(game)
    return render_template("sheets/game_sheet_pdf.html", sheet=sheet, printed=printed_now(),
                           played=local_time(sheet.date), club=current_app.config["CLUB_NAME"])


@bp.get("/games/<int:game_id>/sheet.pdf")
def game_sheet_pdf(game_id: int):
    """The game's score sheet on A4, as it stands (marked 'In progress' until won)."""
    try:
        game = get_game(game_id)
    except GameError as error:
        abort(404, description=f"{error} It may have been removed, or the link is mistyped.")
    return pdf_response(render_pdf(render_game_sheet(game)), f"treys-game-{game.id}-sheet.pdf")


@bp.get("/rulesets/<ruleset_id>/pad.pdf")
def ruleset_pad_pdf(ruleset_id: str):
    """A blank score pad for a rule set, with its scoring summary, to use with no app.

    `?teams=3` gives three column groups (Sambola, three players each playing alone); any other
    query argument is a variation of the rule set, e.g. `?decks=german` for Bolivia Plus.
    """
    if ruleset_id not in ruleset_ids():
        abort(404, description=f"There is no rule set '{ruleset_id}'. "
                               f"The rule sets are: {', '.join(ruleset_ids())}.")
    teams = request.args.get("teams", default=2, type=int)
    if teams not in (2, 3):
        abort(400, description="A score pad has columns for 2 teams or 3 players (teams=2 or teams=3).")
    variations = {key: value for key, value in request.args.items() if key != "teams"}
    problems = variation_problems(ruleset_id, variations)
    if problems:
        abort(400, description=" ".join(problem.message for problem in problems))
    ruleset = get_ruleset(ruleset_id, variations)
    html = render_template("sheets/pad_pdf.html", sheet=blank_sheet(ruleset, teams),
                           printed=printed_now(), rules=describe_ruleset(ruleset),
                           club=current_app.config["CLUB_NAME"])
    suffix = "-3-players" if teams == 3 else ""
    return pdf_response(render_pdf(html), f"treys-{ruleset.id}{suffix}-pad.pdf")
