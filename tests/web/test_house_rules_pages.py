"""House rules on the pages: the organiser makes them from a seed rule set or a copy (values clubs play, another
figure, a typical hand scored both ways), a viewer reads them, the new-game and afternoon forms offer them, the game
page names them and opens the rules that differ, /rules lists them, and the printed sheet and pad carry them."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader

from tests.web.club_support import NAME, PASSWORD, basic, organiser

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
#: The organiser's choices on the form for Bolivia: to 10,000, going out 300, a black 3 in hand -200, red 3s 100
#: each and 1,000 for all six, the family meld steps.
CHOSEN = {"name": "Our Bolivia", "base": "bolivia", "target": "10000", "going_out_bonus": "300",
          "concealed_bonus": "200", "black_three_in_hand_points": "-200", "red_way": "each_all", "red_each": "100",
          "red_all": "1000", "unmelded_red_threes": "negative", "meld_way": "family"}


def login(client):
    """Sign the organiser in through the login form, with its CSRF token."""
    signed = client.post("/login", data={"name": NAME, "password": PASSWORD, "csrf_token": token(client, "/login")})
    assert signed.status_code == 302


def token(client, path: str) -> str:
    """The form's CSRF token on this page."""
    page = client.get(path)
    assert page.status_code == 200, page.get_data(as_text=True)[:500]
    return TOKEN.search(page.get_data(as_text=True)).group(1)


def invite_link(client) -> str:
    """A one-time link for a results viewer, asked for with the accounts page's token."""
    page = client.post("/club/accounts/invite", data={"role": "viewer", "csrf_token": token(client, "/club/accounts")})
    return re.search(r"http://localhost(/join/[A-Za-z0-9_-]+)", page.get_data(as_text=True)).group(1)


def made(client, **changed) -> str:
    """Save the form's house rules; the address it sends to."""
    path = "/club/house-rules/new?base=bolivia"
    saved = client.post(path, data=CHOSEN | changed | {"action": "save", "csrf_token": token(client, path)})
    assert saved.status_code == 302, saved.get_data(as_text=True)[:2000]
    return saved.headers["Location"]


def test_the_form_offers_the_documents_value_and_values_clubs_play(csrf_app, csrf_client):
    organiser(csrf_app)
    login(csrf_client)
    page = csrf_client.get("/club/house-rules/new?base=bolivia").get_data(as_text=True)
    assert "The winning score <span class=\"house-doc\">(the document: 15,000)</span>" in page
    for value in ("10,000", "15,000", "20,000", "+100", "+200", "+300", "\u2212100", "\u2212200", "\u2212500"):
        assert f"<span>{value}</span>" in page
    assert "Another figure" in page and "A family variant: 50 / 90 / 120 / 150" in page
    plus = csrf_client.get("/club/house-rules/new?base=bolivia_plus").get_data(as_text=True)
    assert "A failed go-out" in plus and "A red trey left in a hand" in plus
    assert 'Melded black treys score "as per the REDs": they follow this table too.' in plus


def test_set_bonuses_offer_the_documents_value_values_clubs_play_and_another_figure(csrf_app, csrf_client):
    organiser(csrf_app)
    login(csrf_client)
    path = "/club/house-rules/new?base=bolivia"
    page = csrf_client.get(path).get_data(as_text=True)
    canasta = page[page.index('Red Canasta <span class="house-doc">(the document: +500)</span>'):]
    canasta = canasta[:canasta.index("</fieldset>")]
    for value in ("+500", "+600", "+1,000", "Another figure"):
        assert f"<span>{value}</span>" in canasta
    assert 'name="set_red_canasta" value="500" checked' in canasta
    sent = CHOSEN | {"set_red_canasta": "600", "set_black_samba": "other", "set_black_samba_other": "1,250"}
    saved = csrf_client.post(path, data=sent | {"action": "save", "csrf_token": token(csrf_client, path)})
    assert saved.status_code == 302, saved.get_data(as_text=True)[:2000]
    rules = csrf_client.get("/api/v1/house-rules", headers=basic()).get_json()["house_rules"][0]
    assert rules["changes"]["set_bonuses"] == {"red_canasta": 600, "black_samba": 1250}
    edit = csrf_client.get(f"/club/house-rules/{rules['id']}/edit").get_data(as_text=True)
    assert 'name="set_red_canasta" value="600" checked' in edit and 'name="set_black_samba" value="other" checked' in edit
    assert re.search(r'name="set_black_samba_other"[^>]*value="1250"', edit)


def test_the_preview_scores_a_typical_hand_both_ways_and_saves_nothing(csrf_app, csrf_client):
    organiser(csrf_app)
    login(csrf_client)
    path = "/club/house-rules/new?base=bolivia"
    shown = csrf_client.post(path, data=CHOSEN | {"action": "preview", "csrf_token": token(csrf_client, path)})
    assert shown.status_code == 200
    page = shown.get_data(as_text=True)
    # Us: 2,000 sets + 200 red 3s + going out 200 (the document) or 300 (the club) + 400 table points.
    assert re.search(r"Hand score</th><td class=\"num\">\+2,800</td><td class=\"num\">\+2,900</td>", page)
    # Them: 150 - 85 and a black 3 in hand: -100 (the document) or -200 (the club).
    assert re.search(r"Hand score</th><td class=\"num\">\u221235</td><td class=\"num\">\u2212135</td>", page)
    assert "Your club has no house rules yet" in csrf_client.get("/club/house-rules").get_data(as_text=True)


def test_the_form_refuses_with_every_problem_and_keeps_what_was_typed(csrf_app, csrf_client):
    organiser(csrf_app)
    login(csrf_client)
    path = "/club/house-rules/new?base=bolivia"
    sent = CHOSEN | {"name": "", "target": "other", "target_other": "10002", "meld_way": "own",
                     "meld_min_0": "15", "meld_from_1": "0", "meld_min_1": "50", "meld_from_2": "3000",
                     "meld_min_2": "120", "meld_from_3": "7000", "meld_min_3": "90"}
    refused = csrf_client.post(path, data=sent | {"action": "save", "csrf_token": token(csrf_client, path)})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert "Give the house rules a name" in page
    assert "The winning score must be a multiple of 5" in page
    assert "The meld minimum cannot fall as the total grows: 120 from 3,000 but 90 from 7,000." in page
    assert 'value="10002"' in page


def test_house_rules_are_saved_shown_beside_the_document_and_listed_on_rules(csrf_app, csrf_client):
    organiser(csrf_app)
    login(csrf_client)
    page = csrf_client.get(made(csrf_client)).get_data(as_text=True)
    assert "House rules: Our Bolivia" in page and "version 1" in page
    assert re.search(r"The winning score</th><td data-label=\"The rule document\">15,000</td><td class=\"house-value\" "
                     r"data-label=\"This club\">10,000</td>", page)
    assert re.search(r"<tr><td>6</td><td class=\"num\">1,000</td></tr>", page)        # every rule, the club's
    rules = csrf_client.get("/rules").get_data(as_text=True)
    assert "This club's house rules" in rules and "Our Bolivia" in rules
    assert re.search(r"A black 3 left in a hand</th><td data-label=\"The rule document\">\u2212100 each</td>"
                     r"<td class=\"house-value\" data-label=\"This club\">\u2212200 each", rules)


def test_an_edit_makes_a_new_version_and_the_game_keeps_its_own(csrf_app, csrf_client):
    organiser(csrf_app)
    login(csrf_client)
    rules_id = int(made(csrf_client).rsplit("/", 1)[1])
    opened = csrf_client.post("/api/v1/games", json={"house_rules": rules_id, "teams": [
        {"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]}).get_json()
    path = f"/club/house-rules/{rules_id}/edit"
    edited = csrf_client.post(path, data=CHOSEN | {"going_out_bonus": "other", "going_out_bonus_other": "500",
                                                   "action": "save", "csrf_token": token(csrf_client, path)})
    assert edited.status_code == 302
    game_page = csrf_client.get(f"/games/{opened['id']}").get_data(as_text=True)
    assert f'href="/rules/house/{rules_id}?version=1">House rules: Our Bolivia</a>' in game_page
    kept = csrf_client.get(f"/rules/house/{rules_id}?version=1").get_data(as_text=True)
    assert "version 1 (a game keeps the version it began with" in kept and "+300" in kept and "+500" not in kept
    assert "+500" in csrf_client.get(f"/rules/house/{rules_id}").get_data(as_text=True)


def test_a_viewer_reads_house_rules_and_cannot_make_or_change_them(csrf_app, csrf_client):
    app, client = csrf_app, csrf_client
    organiser(app)
    login(client)
    where = made(client)
    viewer = app.test_client()
    link = invite_link(client)
    joined = viewer.post(link, data={"name": "Vera", "password": PASSWORD, "confirm": PASSWORD,
                                     "csrf_token": token(viewer, link)})
    assert joined.status_code == 302
    assert viewer.get(where).status_code == 200
    assert "Change these" not in viewer.get(where).get_data(as_text=True)
    listed = viewer.get("/club/house-rules")
    assert listed.status_code == 200 and "Make house rules" not in listed.get_data(as_text=True)
    sent = {"action": "save", "csrf_token": token(viewer, "/club/password")}
    assert viewer.post("/club/house-rules/new?base=bolivia", data=CHOSEN | sent).status_code == 403
    assert viewer.post(f"/club/house-rules/{where.rsplit('/', 1)[1]}/delete", data=sent).status_code == 403


def test_the_new_game_and_afternoon_forms_offer_house_rules_and_play_by_them(csrf_app, csrf_client):
    organiser(csrf_app)
    login(csrf_client)
    rules_id = int(made(csrf_client).rsplit("/", 1)[1])
    page = csrf_client.get("/games/new").get_data(as_text=True)
    assert f'value="house-{rules_id}"' in page and "House rules: Our Bolivia" in page
    form = {"ruleset": f"house-{rules_id}", "players": "4", "first_dealer": "0-0",
            "csrf_token": TOKEN.search(page).group(1)}
    opened = csrf_client.post("/games/new", data=form)
    assert opened.status_code == 302, opened.get_data(as_text=True)[:2000]
    game_page = csrf_client.get(opened.headers["Location"]).get_data(as_text=True)
    assert "House rules: Our Bolivia" in game_page and "play to 10,000" in game_page
    session_form = csrf_client.get("/club/sessions/new").get_data(as_text=True)
    assert f'value="house-{rules_id}"' in session_form
    session = csrf_client.post("/club/sessions/new", data={
        "played_on": "2026-12-01", "ruleset": f"house-{rules_id}", "kind": "target", "partners": "random",
        "csrf_token": TOKEN.search(session_form).group(1)})
    assert session.status_code == 302, session.get_data(as_text=True)[:2000]
    session_id = int(session.headers["Location"].rsplit("/", 1)[1])
    read = csrf_client.get(f"/api/v1/sessions/{session_id}", headers=basic()).get_json()
    assert read["house_rules"]["name"] == "Our Bolivia" and read["ruleset"] == "bolivia"


def test_the_printed_sheet_and_pad_say_house_rules_and_print_the_clubs_values(csrf_app, csrf_client):
    organiser(csrf_app)
    login(csrf_client)
    rules_id = int(made(csrf_client).rsplit("/", 1)[1])
    opened = csrf_client.post("/api/v1/games", json={"house_rules": rules_id, "teams": [
        {"players": ["Ann", "Bob"]}, {"players": ["Cy", "Di"]}]}).get_json()
    sheet = PdfReader(io.BytesIO(csrf_client.get(f"/games/{opened['id']}/sheet.pdf").data))
    texts = [re.sub(r"\s+", " ", page.extract_text()) for page in sheet.pages]
    assert "House rules: Our Bolivia (version 1)" in texts[0]
    assert "the club plays these rules differently" in texts[-1] and "+100 each, all 6: +1,000" in texts[-1]
    pad = PdfReader(io.BytesIO(csrf_client.get(f"/rulesets/bolivia/pad.pdf?house_rules={rules_id}").data))
    texts = [re.sub(r"\s+", " ", page.extract_text()) for page in pad.pages]
    assert "House rules: Our Bolivia (on Bolivia)" in texts[0]
    assert "Play to 10,000" in texts[0] and "+100 each, all 6: +1,000" in texts[-1]
    assert "Red 3s 1 2 3 4 5 6 Points 100 200 300 400 500 1,000" in texts[-1]         # the back's own table
    assert csrf_client.get("/rulesets/bolivia/pad.pdf?house_rules=999").status_code == 404


def test_the_board_results_ladder_and_exports_name_the_rules_each_game_was_played_by(app, client):
    from datetime import date

    from app.extensions import db
    from app.store.club.models import Season
    from tests.web.club_support import PLAYERS, enter_hand, open_session
    from tests.web.test_records_exports import rows_of
    organiser(app)
    client.post("/login", data={"name": NAME, "password": PASSWORD})
    rules_id = int(made(client).rsplit("/", 1)[1])
    opened = open_session(client, PLAYERS[:4], ruleset="", house_rules=rules_id, format={"kind": "hands", "hands": 1})
    assert opened.status_code == 201, opened.get_data(as_text=True)
    session, table = opened.get_json()["id"], opened.get_json()["tables"][0]
    assert enter_hand(client, table, points=(300, 100)).status_code == 201
    casual = client.post("/api/v1/games", json={"ruleset": "sambola", "teams": [{"players": ["X"]}, {"players": ["Y"]}]})
    assert casual.status_code == 201
    assert "House rules: Our Bolivia, version 1" in client.get(f"/club/sessions/{session}/board").get_data(as_text=True)
    assert "Played by the club's house rules: Our Bolivia, version 1" in client.get(
        f"/club/sessions/{session}/results").get_data(as_text=True)
    with app.app_context():
        today = date.today()
        db.session.add(Season(name="This year", starts_on=date(today.year - 1, 1, 1), ends_on=date(today.year + 1, 1, 1),
                              qualifying_percent=0))
        db.session.commit()
        season_id = db.session.query(Season).one().id
    ladder = client.get(f"/records/seasons/{season_id}").get_data(as_text=True)
    assert "Played by: House rules: Our Bolivia, version 1 (1 game) · Sambola (1 game)" in ladder    # oldest first
    _, games = rows_of(client, "games")
    assert {row["ruleset"]: row["house_rules"] for row in games} == {"bolivia": "Our Bolivia, version 1",
                                                                     "sambola": ""}
    _, hands = rows_of(client, "hands")
    assert {row["house_rules"] for row in hands if row["ruleset"] == "bolivia"} == {"Our Bolivia, version 1"}
    _, results = rows_of(client, "session-results")
    assert {row["house_rules"] for row in results} == {"Our Bolivia, version 1"}
