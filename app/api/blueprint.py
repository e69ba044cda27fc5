"""The API blueprint, mounted at /api/v1."""
from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")
