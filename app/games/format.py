"""How numbers read on screen: thousands separators and a true minus sign."""
from __future__ import annotations

MINUS = "\u2212"


def points(value) -> str:
    """1500 -> '1,500'; -120 -> '−120' (a minus sign readable at a distance)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return str(value)
    text = f"{abs(value):,}"
    return MINUS + text if value < 0 else text


def signed(value) -> str:
    """A hand score with its sign: '+2,485', '−150', '0'."""
    if not isinstance(value, int) or isinstance(value, bool) or value == 0:
        return points(value)
    return ("+" if value > 0 else "") + points(value)
