"""A small chart of a player's form game by game over the season, with the starting 25 as a dashed line (SVG)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from app.render.chart import Drawing, Scale
from app.rules.form_guide import FormPoint, MEANING, START
from app.store.club.form_guide import club_form_guide
from app.store.club.models import Member
from app.store.club.standings import current_season


@dataclass(frozen=True)
class FormGuideChart(Drawing):
    """What the template draws: the line, the start's height, the scale's labels (at its left, where the line
    begins), the form now (in the key) and a sentence."""

    points: str
    start_y: float
    top_label: str
    bottom_label: str
    words: str
    now: str


def figure(value: float) -> str:
    """A rating as the page writes it: one decimal."""
    return f"{value:.1f}"


def form_guide_chart(name: str, points: Sequence[FormPoint], before: float, span_words: str) -> FormGuideChart | None:
    """The chart of a player's form from `before` through each of these games (None under two games: no line
    to follow yet)."""
    if len(points) < 2:
        return None
    values = [before] + [p.rating for p in points]
    low, high = min(START, *values) - 1, max(START, *values) + 1
    scale = Scale(low, high, len(values))
    line = scale.line(values)
    words = (f"{name}'s form after each of {len(points)} games {span_words}: from {figure(before)} to "
             f"{figure(values[-1])}, highest {figure(max(values[1:]))}, lowest {figure(min(values[1:]))}. "
             f"Everyone starts at {figure(START)}.")
    return FormGuideChart(line, scale.y(START), figure(high), figure(low), words, figure(values[-1]))


def season_words(name: str) -> str:
    """'in the Autumn 2026 season', or 'in Season 2026' when the season's name says it already."""
    return f"in {name}" if "season" in name.lower() else f"in the {name} season"


def form_of(member: Member) -> dict:
    """The player's form now, its meaning in a sentence, and the chart of it over the current season."""
    form = club_form_guide().of(member.name)
    season = current_season()
    if season is None:
        inside, before, span = list(form.points), START, "so far"
    else:
        inside = [p for p in form.points if season.starts_on <= p.played_on <= season.ends_on]
        earlier = [p for p in form.points if p.played_on < season.starts_on]
        before, span = (earlier[-1].rating if earlier else START), season_words(season.name)
    return {"form": form, "meaning": MEANING, "chart": form_guide_chart(member.name, inside, before, span)}
