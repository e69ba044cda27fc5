"""The sheets blueprint (its routes are in app/sheets/views.py)."""
from flask import Blueprint

bp = Blueprint("sheets", __name__)
