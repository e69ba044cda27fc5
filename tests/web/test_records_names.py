"""Type-ahead on the new game form: club players and guests already typed are offered."""
import re

from app.store.club.models import Member
from app.extensions import db
from tests.web.test_api_games import new_game
import pytest
from tests.web.club_support import public_club



@pytest.fixture(autouse=True)
def anyone_reads(app):
    """This file is about what a game's pages show, not who reads them: the club's records are public."""
    public_club(app)

def offered(client):
    """The names the new game form offers."""
    page = client.get("/games/new").get_data(as_text=True)
    block = re.search(r'<datalist id="player-names">(.*?)</datalist>', page, re.S).group(1)
    assert 'list="player-names"' in page
    return re.findall(r'<option value="([^"]*)">', block)


def test_club_players_and_guests_typed_once_are_offered(app):
    client = app.test_client()
    assert offered(client) == []
    with app.app_context():
        db.session.add_all([Member(name="Ann Smith", active=True), Member(name="Old Fred", active=False)])
        db.session.commit()
    new_game(client, teams=[{"name": "Us", "players": ["gwen guest", "ann smith"]},
                            {"name": "Them", "players": ["Old Fred", "Player 4"]}])
    assert offered(client) == ["Ann Smith", "gwen guest"]
