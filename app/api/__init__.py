"""The JSON API, version 1 (shared/spec/api.md)."""
from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")
