"""The main blueprint: the health check and site-wide pages."""
from flask import Blueprint

bp = Blueprint("main", __name__)
