"""Score sheets as PDF: a game's sheet and the blank pad per rule set (the sheet itself is drawn in app/render)."""
from app.sheets.blueprint import bp
from app.sheets import views  # noqa: F401  (registers the routes on bp)

__all__ = ["bp"]
