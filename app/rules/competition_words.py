"""A competition's method in words, written from the same data that ranks it, and its figures as a club writes them."""
from __future__ import annotations

from datetime import date
from fractions import Fraction

from .competition import Competition, CountKind, HandicapKind, Method, Whom
from .ranking import won_words
from .wording import and_list, plural

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

METHOD_WORDS = {
    Method.GAMES_WON: "{Whom} are ranked by games won (a draw counts half), then by the sum of margins.",
    Method.AVERAGE_MARGIN: "{Whom} are ranked by their average margin a game (the sum of margins ÷ games), "
                           "then by games won.",
    Method.AFTERNOON_POINTS: "{Whom} are ranked by the points they score, added up afternoon by afternoon, "
                             "then by games won.",
    Method.PLACE_POINTS: "Each afternoon {whom} are placed by games won, then margins, and a place earns "
                         "{points} points (below that none); {whom} are ranked by the points they earn, "
                         "then by games won.",
}


def day_words(day: date) -> str:
    """A day as the club says it: '1 March 2026'."""
    return f"{day.day} {day:%B %Y}"


def whom_words(competition: Competition) -> str:
    """'players' or 'pairs'."""
    return "pairs" if competition.whom == Whom.PAIRS else "players"


def afternoons_words(competition: Competition) -> str:
    """Which afternoons count, in a sentence."""
    chosen = competition.afternoons
    if chosen.chosen:
        where = f"{plural(len(chosen.chosen), 'chosen afternoon')}"
    elif chosen.season:
        where = f"the afternoons of the season {chosen.season}"
    elif chosen.starts_on and chosen.ends_on:
        where = f"the afternoons from {day_words(chosen.starts_on)} to {day_words(chosen.ends_on)}"
    elif chosen.starts_on:
        where = f"the afternoons from {day_words(chosen.starts_on)} on"
    elif chosen.ends_on:
        where = f"the afternoons up to {day_words(chosen.ends_on)}"
    else:
        where = "every afternoon of the club"
    if chosen.weekday is not None:
        where += f", {WEEKDAYS[chosen.weekday]}s only"
    return f"It counts {where}."


def counting_words(competition: Competition) -> str:
    """How many results count."""
    counting = competition.counting
    if counting.kind == CountKind.BEST:
        return f"Best {counting.best} of the afternoons count; the others are dropped."
    if counting.kind == CountKind.DROP_PER:
        return (f"The lowest afternoon is dropped for every {plural(counting.per, 'afternoon')} "
                f"beyond the first {counting.beyond}.")
    return "Every afternoon counts."


def signed(points: int) -> str:
    """'+20', '-15', '0'."""
    return f"+{points}" if points > 0 else str(points)


def handicap_words(competition: Competition) -> str:
    """The handicap, or that there is none."""
    handicap = competition.handicap
    if handicap.kind == HandicapKind.FIXED:
        given = [f"{name} {signed(points)}" for name, points in handicap.fixed if points]
        listed = f" ({and_list(given)})" if given else ""
        return f"Each player's handicap, in points a game added to the margin, is set by the organiser{listed}."
    if handicap.kind in (HandicapKind.RATING_ON, HandicapKind.RATING_MOVING):
        when = (f"from the rating on {day_words(handicap.rating_on)}" if handicap.kind == HandicapKind.RATING_ON
                and handicap.rating_on else "from the rating just before each game")
        return (f"A handicap of {signed(handicap.per_point)} points a game for each point of form rating under 25 "
                f"(less for each point over it), {when}, is added to the margin.")
    return "No handicap."


def qualification_words(competition: Competition, needed: int | None = None) -> str:
    """Who is ranked and who is listed below."""
    rule, whom = competition.qualification, whom_words(competition)
    short = []
    if rule.afternoons:
        short.append(f"fewer than {plural(rule.afternoons, 'afternoon')}")
    if rule.games:
        short.append(f"fewer than {plural(rule.games, 'game')}")
    if rule.percent:
        figures = f" (so {plural(needed, 'game')})" if needed else ""
        short.append(f"fewer than {rule.percent} % of the games of the most active{figures}")
    if rule.partners and competition.whom == Whom.PLAYERS:
        short.append(f"fewer than {plural(rule.partners, 'different partner')}")
    if not short:
        return f"Every {whom[:-1]} with a result is ranked; {whom} level share a place."
    return f"{whom.capitalize()} level share a place; {whom} with {and_list(short, 'or')} are listed below as not yet qualified."


def method_words(competition: Competition, needed: int | None = None) -> str:
    """The whole method in words: how, which afternoons, how many count, the handicap, who qualifies."""
    whom = whom_words(competition)
    how = METHOD_WORDS[competition.method].format(Whom=whom.capitalize(), whom=whom,
                                                  points=", ".join(map(str, competition.place_points)))
    return " ".join((how, afternoons_words(competition), counting_words(competition), handicap_words(competition),
                     qualification_words(competition, needed)))


def score_words(competition: Competition, score: Fraction) -> str:
    """A row's score as the club writes it: '4½' games won, '+123.5' a game, '12,340' points."""
    if competition.method == Method.GAMES_WON:
        return won_words(score)
    if competition.method == Method.AVERAGE_MARGIN:
        figure = round(float(score), 1)
        return f"+{figure:,}" if figure > 0 else f"{figure:,}"
    return f"{int(score):,}" if score.denominator == 1 else f"{float(score):,.1f}"


SCORE_HEADINGS = {Method.GAMES_WON: "Won", Method.AVERAGE_MARGIN: "Margin a game",
                  Method.AFTERNOON_POINTS: "Points", Method.PLACE_POINTS: "Place points"}
