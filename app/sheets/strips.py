"""The printed sheet's rules and shading as images: each hand's block has one background strip, white or
grey, with the teams' rules in black at their columns ("faux columns"), stretched down the block.

One image per kind of block in the PDF, drawn once per block, where rules and shading as borders, colours
or several background layers cost WeasyPrint a drawing group each (measured on a 40-hand sheet: two layers
and a colour per hand 9 ms of the PDF's writing). The strips are made here from the widths in
app/sheets/lines.py, so the rules always stand where the hands' text is padded to; app/sheets/pdf.py adds
their stylesheet to sheet_print.css.
"""
from __future__ import annotations

import base64
import io
from functools import lru_cache

from PIL import Image

from app.sheets.lines import HAND_PX, LINE_PX, team_px

#: Image pixels per CSS pixel: a 2pt rule (8/3 px) is 8 of them.
SCALE = 3
RULE = 8
BLACK = (0, 0, 0)
#: The shading of every other hand, and of the headings' band (sheet_print.css had them as colours).
PLAIN, SHADED, HEADINGS = (255, 255, 255), (0xEB, 0xEB, 0xEB), (0xD8, 0xD8, 0xD8)
TEAM_COUNTS = (2, 3)


def rule_columns(team_count: int) -> tuple[int, ...]:
    """Where each team's rule starts, in image pixels: at the hand column's end, then a team's width apart."""
    return tuple((HAND_PX + index * team_px(team_count)) * SCALE for index in range(team_count))


def strip_png(team_count: int, shade: tuple[int, int, int]) -> bytes:
    """A strip one pixel high across the sheet's line: the shade, and a black rule before each team."""
    image = Image.new("RGB", (LINE_PX * SCALE, 1), shade)
    for left in rule_columns(team_count):
        image.paste(BLACK, (left, 0, left + RULE, 1))
    data = io.BytesIO()
    image.save(data, format="PNG", optimize=True)
    return data.getvalue()


def data_url(png: bytes) -> str:
    """The PNG as a data: URL for a stylesheet."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


@lru_cache(maxsize=1)
def strips_css() -> str:
    """The stylesheet giving each hand's block, the totals and the headings' band its strip, for two and three
    teams."""
    rules = []
    for count in TEAM_COUNTS:
        for selector, shade in ((".r", PLAIN), (".r.z", SHADED), (".r.tot", HEADINGS), (".hb", HEADINGS)):
            rules.append(f'.n{count} {selector} {{ background-image: url("{data_url(strip_png(count, shade))}"); }}')
    return "\n".join(rules)
