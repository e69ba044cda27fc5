"""Routes: a game's score sheet as a PDF and a blank score pad per rule set."""
from __future__ import annotations

from flask import current_app, render_template, request

from app.store.tenancy.scope import name_of_club
from app.rules import describe_ruleset, get_ruleset, ruleset_ids, variation_problems
from app.reading import read_whole_number
from app.store.club.house_rules import chosen_house_rules, reference, version_ruleset
from app.rules.refusal import Refusal, RefusalKind
from app.web.errors import abort_as
from app.sheets.blueprint import bp
from app.store.game.ending import shown_version
from app.web.lookup import load_game
from app.web.validators import page_tag, validated
from app.web.visibility import club_account, readable_game, records_public
from app.render.pdf import pdf_response, printed_now
from app.render.sheet_pdf import render_pdf, render_sheets
from app.render.sheet import blank_sheet


@bp.get("/games/<int:game_id>/sheet.pdf")
def game_sheet_pdf(game_id: int):
    """The game's score sheet on A4, as it stands (marked 'In progress' until won).

    A browser that sends back the ETag of the sheet it holds (If-None-Match) gets 304 Not Modified while the
    game is at the same version; the game is found first (a 304 answers no one the sheet would refuse).
    """
    game = load_game(game_id)
    if not (club_account() or records_public()):   # the club keeps its games: a tablet with the code reads
        try:
            readable_game(game)
        except Refusal as error:
            abort_as(error.kind, str(error))
    return validated(page_tag("sheet", game.id, shown_version(game), game.updated_at),
                     lambda: pdf_response(render_sheets([game]), f"treys-game-{game_id}-sheet.pdf"),
                     shows_messages=False)


@bp.get("/rulesets/<ruleset_id>/pad.pdf")
def ruleset_pad_pdf(ruleset_id: str):
    """A blank score pad for a rule set, with its scoring summary, to use with no app.

    `?teams=3` gives three column groups (Sambola, three players each playing alone); any other
    query argument is a variation of the rule set, e.g. `?decks=german` for Bolivia Plus.
    """
    if ruleset_id not in ruleset_ids():
        abort_as(RefusalKind.NOT_FOUND, f"There is no rule set '{ruleset_id}'. "
                                        f"The rule sets are: {', '.join(ruleset_ids())}.")
    teams = request.args.get("teams", default=2, type=int)
    if teams not in (2, 3):
        abort_as(RefusalKind.BAD_REQUEST, "A score pad has columns for 2 teams or 3 players (teams=2 or teams=3).")
    variations = {key: value for key, value in request.args.items() if key not in ("teams", "house_rules")}
    problems = variation_problems(ruleset_id, variations)
    if problems:
        abort_as(RefusalKind.BAD_REQUEST, " ".join(problem.message for problem in problems))
    ruleset, house = get_ruleset(ruleset_id, variations), None
    if "house_rules" in request.args:
        version, found = chosen_house_rules(read_whole_number(request.args["house_rules"]) or 0, ruleset_id)
        if found:
            abort_as(RefusalKind.NOT_FOUND, found[0].message)
        ruleset, house = version_ruleset(version), reference(version.id)
    html = render_template("sheets/pad_pdf.html", sheet=blank_sheet(ruleset, teams, house_rules=house),
                           printed=printed_now(), rules=describe_ruleset(ruleset),
                           club=name_of_club(current_app.config["CLUB_NAME"]))
    suffix = "-3-players" if teams == 3 else ""
    return pdf_response(render_pdf(html), f"treys-{ruleset.id}{suffix}-pad.pdf")
