"""Score keeping at the table: home, new game, score sheet, hand entry and corrections."""
from flask import Blueprint

bp = Blueprint("games", __name__)
