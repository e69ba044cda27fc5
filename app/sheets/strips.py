"""The printed sheet's columns as a stylesheet: each block's rules and shading as one image, and where each
team's name stands.

Each hand's block has one background strip, white or grey, with the teams' rules in black at their columns
("faux columns"), stretched down the block: one image per kind of block in the PDF, drawn once per block.
Two rules as background layers and a colour per hand cost WeasyPrint two drawing groups and a fill each
(measured on a 40-hand sheet: 9 ms of render and write, 6 ms of it writing). The strips and the name boxes
are placed here from the widths in app/sheets/lines.py, so they always stand where the hands' text is padded
to; app/sheets/pdf.py adds this stylesheet to sheet_print.css.
"""
from __future__ import annotations

import base64
import io
from functools import lru_cache

from PIL import Image

from app.sheets.lines import EDGE_PT, HAND_PX, LINE_PX, team_px, team_width_pt, text_start_pt

#: Image pixels per CSS pixel: a 2pt rule (8/3 px) is 8 of them.
SCALE = 3
RULE = 8
BLACK = (0, 0, 0)
#: The shading of every other hand, and of the headings' band (sheet_print.css had them as colours).
PLAIN, SHADED, HEADINGS = (255, 255, 255), (0xEB, 0xEB, 0xEB), (0xD8, 0xD8, 0xD8)
TEAM_COUNTS = (2, 3)
#: A team's name box ends this far short of the next team's rule.
NAME_RIGHT_PT = 3.0


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


def hex_colour(shade: tuple[int, int, int]) -> str:
    """A shade as CSS writes it: '#ebebeb'."""
    return "#" + "".join(f"{part:02x}" for part in shade)


def name_boxes(count: int) -> list[str]:
    """Where each team's name stands (sheet_print.css .tn): from its text's start to short of the next rule."""
    room = team_width_pt(count) - EDGE_PT - NAME_RIGHT_PT
    return [f".n{count} .tn {{ width: {room:g}pt; }}"] + [
        f".n{count} .t{index + 1} {{ left: {text_start_pt(index, count):g}pt; }}" for index in range(count)]


@lru_cache(maxsize=1)
def columns_css() -> str:
    """The stylesheet of the sheet's columns, for two and three teams: each hand's block, the totals and the
    headings' band its strip, each team's name its place; and a warning under a shaded hand its shade."""
    rules = [f".warn.z {{ background-color: {hex_colour(SHADED)}; }}"]
    for count in TEAM_COUNTS:
        for selector, shade in ((".r", PLAIN), (".r.z", SHADED), (".r.tot", HEADINGS), (".hb", HEADINGS)):
            rules.append(f'.n{count} {selector} {{ background-image: url("{data_url(strip_png(count, shade))}"); }}')
        rules += name_boxes(count)
    return "\n".join(rules)
