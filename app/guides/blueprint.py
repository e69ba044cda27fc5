"""The help blueprint: the guides for organisers and players, and the API's description for people."""
from flask import Blueprint

bp = Blueprint("help", __name__)
