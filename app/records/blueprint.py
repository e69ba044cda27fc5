"""The records blueprint, mounted at /records."""
from flask import Blueprint

bp = Blueprint("records", __name__, url_prefix="/records")
