"""Rules reference pages and the set checker, from the engine's data."""
from flask import Blueprint

bp = Blueprint("rulebook", __name__)
