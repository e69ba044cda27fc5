"""Main blueprint: health check and site-wide pages."""

from app.main.views import bp

__all__ = ["bp"]
