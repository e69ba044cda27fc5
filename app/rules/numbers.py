"""How numbers read in Treys' sentences, pages and sheets: thousands separators and a true minus sign."""
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
