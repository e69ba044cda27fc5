"""Help in the app: the organiser's and player's guides from docs/, and the API described for people."""
from app.guides.blueprint import bp
from app.guides import views  # noqa: F401  (adds the routes)

__all__ = ["bp"]
