"""The rulebook blueprint: the rules reference pages."""
from flask import Blueprint

bp = Blueprint("rulebook", __name__)
