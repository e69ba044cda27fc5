"""The day's results email of one member: their games and scores, the day's ranking, their form's change and
the members' link, as plain text and as HTML in large type (no images)."""
from __future__ import annotations

from dataclasses import dataclass

from flask import render_template

from app.store.club.clock import results
from app.store.club.competitions import running_tables
from app.store.club.sessions import games_of
from app.rules.form_guide import START
from app.rules.ranking import Standing
from app.store.game.states import state_of
from app.store.club.models import ClubSession, Member
from app.store.club.form_guide import club_form_guide
from app.store.people.models import MemberContact
from app.store.people.outbox import Letter


@dataclass(frozen=True)
class GameLine:
    """One of the member's games that afternoon, in words: 'Table 2: Ann & Bob 3,120 · Cy & Di 2,410: won by 710'."""

    table: str
    scores: str
    result: str


def game_lines(games, name: str) -> list[GameLine]:
    """The member's games of the afternoon, in the order they were played."""
    lines = []
    for game in games:
        if not any(name == player for team in game.team_players for player in team):
            continue
        state = state_of(game)
        mine = next(index for index, team in enumerate(game.team_players) if name in team)
        scores = " · ".join(f"{team} {total:,}" for team, total in zip(game.team_names, state.totals))
        lines.append(GameLine(game.table_label or f"Table {game.table_number}", scores, result_words(state.outcome, mine)))
    return lines


def result_words(outcome, mine: int) -> str:
    """'won by 710', 'lost by 120', 'a draw', 'no result', 'not finished'."""
    if not outcome.over:
        return "not finished"
    if outcome.draw:
        return "a draw"
    if not outcome.decided:
        return "no result"
    return f"won by {outcome.margin:,}" if mine in outcome.winners else f"lost by {outcome.margin:,}"


def form_change(name: str, session: ClubSession) -> str:
    """'Your form went from 25.0 to 26.3 today.' from the form guide's points before and on the day."""
    points = club_form_guide().of(name).points
    before = [p.rating for p in points if p.played_on < session.played_on]
    today = [p.rating for p in points if p.played_on == session.played_on]
    if not today:
        return ""
    start = before[-1] if before else START
    return f"Your form went from {start:.1f} to {today[-1]:.1f} today."


def ordinal(place: int) -> str:
    """'1st', '2nd', '3rd', '11th'."""
    return f"{place}{'th' if 10 <= place % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th')}"


def place_words(name: str, tables) -> list[str]:
    """The member's place in each running competition: 'Spring best 8: you are 3rd.'"""
    found = []
    for row, table in tables:
        mine = table.row_of(name)
        if mine is not None:
            found.append(f"{row.name}: {'you are ' + ordinal(mine.place) if mine.qualified else 'not yet qualified'}"
                         f"{' (with ' + mine.entrant + ')' if len(mine.players) > 1 else ''}.")
    return found


def letters_for(session: ClubSession, members: list[tuple[Member, MemberContact]], club_name: str,
                link: str | None, stop_link, with_form: bool, one_press=lambda token: "") -> list[Letter]:
    """One email for each member who played this afternoon and has an address that is not stopped (`stop_link`:
    the stop page's address of a stop token; `one_press`: where a mail program's "unsubscribe" posts)."""
    games = games_of(session)
    standings = results(session, games)
    played = {s.player for s in standings if s.played}
    tables = running_tables(session.played_on)
    letters = []
    for member, contact in members:
        if member.name not in played or not contact.email or contact.stopped_at is not None:
            continue
        letter = compose(session, member.name, game_lines(games, member.name), standings, club_name, link,
                         stop_link(contact.stop_token), form_change(member.name, session) if with_form else "",
                         place_words(member.name, tables))
        letters.append(Letter(member.id, contact.email, *letter, unsubscribe=one_press(contact.stop_token) or ""))
    return letters


def compose(session: ClubSession, name: str, lines: list[GameLine], standings: tuple[Standing, ...],
            club_name: str, link: str | None, stop: str, form: str, places: list[str] = ()) -> tuple[str, str, str]:
    """The subject, the plain text and the HTML of one member's email."""
    day = session.played_on.strftime("%A %-d %B %Y")
    subject = f"{club_name}: the results of {day}"
    context = {"name": name, "day": day, "lines": lines, "standings": standings, "club_name": club_name,
               "link": link, "stop": stop, "form": form, "places": list(places)}
    return subject, render_template("members/email.txt", **context), render_template("members/email.html", **context)
