"""Score sheets on screen and on paper: the sheet model and the PDF views."""
from app.sheets.blueprint import bp
from app.sheets import views  # noqa: F401  (registers the routes on bp)

__all__ = ["bp"]
