"""How numbers read on pages, sheets and in rule sentences: thousands separators and a true minus sign.

Pure (no Flask): create_app registers these as the app-wide Jinja filters `points` and `signed`.
"""
from __future__ import annotations

MINUS = "\u2212"  # a real minus sign: as wide as a digit and easier to see than a hyphen


def points(value) -> str:
    """1500 -> '1,500'; -120 -> '−120'; None or '' -> ''; anything not a whole number as it is."""
    if value is None or isinstance(value, str) and value == "":
        return ""
    if not isinstance(value, int) or isinstance(value, bool):
        return str(value)
    text = f"{abs(value):,}"
    return MINUS + text if value < 0 else text


def signed(value) -> str:
    """A score with its sign: '+2,485', '−150', '0'."""
    if not isinstance(value, int) or isinstance(value, bool) or value == 0:
        return points(value)
    return ("+" if value > 0 else "") + points(value)


def register_filters(app) -> None:
    """Make the helpers Jinja filters for every template: `|points` and `|signed`."""
    app.add_template_filter(points, "points")
    app.add_template_filter(signed, "signed")
