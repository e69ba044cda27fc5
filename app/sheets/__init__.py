"""Score sheets on screen and on paper: the sheet model and the PDF views."""
from flask import Blueprint

bp = Blueprint("sheets", __name__)
