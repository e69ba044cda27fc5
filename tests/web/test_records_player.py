"""A player's page: figures, partners, every game with links."""
import re

from sqlalchemy import update

from app.store.club.models import Member
from app.extensions import db
from app.store.game.models import Player
from tests.web.test_records_ladder import play_to_the_end


def test_player_page(app):
    app.config["RECORDS_PUBLIC"] = True             # readable without logging in (tests/web/test_sessions_security.py)
    client = app.test_client()
    play_to_the_end(client, ["Ann", "Bob"], ["Cy", "Di"])
    play_to_the_end(client, ["Cy", "Di"], ["Ann", "Bob"])
    play_to_the_end(client, ["Ann", "Eve"], ["Cy", "Di"])
    with app.app_context():
        ann = Member(name="Ann")
        db.session.add(ann)
        db.session.flush()
        db.session.execute(update(Player).where(Player.name == "Ann").values(member_id=ann.id))
        db.session.commit()
        ann_id = ann.id
    page = client.get(f"/records/players/{ann_id}").get_data(as_text=True)
    assert "<h1>Ann</h1>" in page
    assert "Games played</th><td>3</td>" in page and "Won (draws ½)</th><td>2</td>" in page
    assert "Win rate</th><td>67 %</td>" in page
    partners = page.split('id="partners"', 1)[1].split("</table>", 1)[0]
    assert re.search(r">Bob</th><td[^>]*>2</td><td[^>]*>1</td>.*>Eve</th><td[^>]*>1</td><td[^>]*>1</td>",
                     partners, re.S)
    assert page.count('href="/games/') == 3 and "lost by" in page and "won by" in page
    assert client.get("/records/players/999").status_code == 404
