"""The sheets blueprint and the number filters its score-sheet partial uses on every page."""
from flask import Blueprint

bp = Blueprint("sheets", __name__)

MINUS = "\u2212"  # a real minus sign: as wide as a digit and easier to see than a hyphen


@bp.app_template_filter("points")
def points(value) -> str:
    """1200 -> '1,200', -100 -> '−100', None or '' -> ''."""
    if value is None or value == "":
        return ""
    value = int(value)
    return f"{MINUS}{-value:,}" if value < 0 else f"{value:,}"
