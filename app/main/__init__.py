"""Main blueprint: health check and site-wide pages."""
from app.main.blueprint import bp
from app.main import views  # noqa: F401  (each adds its routes)

__all__ = ["bp"]
