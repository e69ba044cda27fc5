"""Printed papers of a session: table cards with QR codes, and the results with every score sheet."""
from __future__ import annotations

import segno
from flask import current_app, render_template

from app.store.club.house_rules import house_rules_words
from app.store.tenancy.scope import name_of_club
from app.store.club.departures import session_changes
from app.store.club.sessions import games_of
from app.rules import seat_order
from app.render.chart import day_chart
from app.render.pdf import page_pdf, printed_now
from app.render.sheet_pdf import render_sheets


def qr_svg(url: str) -> str:
    """The URL as an inline SVG QR code (segno), big enough for a tablet's camera."""
    return segno.make(url, error="m").svg_inline(scale=8, border=2)


def render_cards_pdf(session, tables, root: str) -> bytes:
    """One page per table: number, players in seating order, the table code in big digits, a QR code."""
    cards = []
    for view in tables:
        url = f"{root}/games/{view.game.id}?code={view.game.table_code}"
        seats = [view.game.team_players[t][p] for t, p in seat_order(view.game.team_players)]
        cards.append({"view": view, "url": url, "qr": qr_svg(url), "seats": seats})
    html = render_template("club/cards_pdf.html", session=session, cards=cards,
                           club=name_of_club(current_app.config["CLUB_NAME"]))
    return page_pdf(html)


def render_session_pdf(session, standings, method: str) -> bytes:
    """The results of the day, then every table's score sheet (app/sheets), as one PDF."""
    html = render_template("club/results_pdf.html", session=session, standings=standings, method=method,
                           club=name_of_club(current_app.config["CLUB_NAME"]), printed=printed_now(),
                           changes=session_changes(session), day=day_chart(standings),
                           house_words=house_rules_words(session.house_rules_version_id))
    return render_sheets(games_of(session), lead=html)
