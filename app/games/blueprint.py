"""The games blueprint: score keeping at the table."""
from flask import Blueprint

bp = Blueprint("games", __name__)
