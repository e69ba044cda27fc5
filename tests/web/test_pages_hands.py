"""Entering, correcting and removing hands through the forms; the table code; the live preview."""
import re

from app.extensions import db
from app.store.game.models import Game
from tests.web.pages_support import (errors_for, hand_count, hand_data, hidden_fields, message_box,
                                          open_game, post_hand, text)

TYPICAL = [{"sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2, "table_points": 485}, {}]


# ---------- the table code ----------

def test_a_new_tablet_is_asked_for_the_table_code(app, client):
    game_id = open_game(client)
    other = app.test_client()
    page = other.get(f"/games/{game_id}/hands/new")
    assert page.status_code == 200
    assert "Enter the table code" in text(page)
    assert 'name="next" value="/games/%d/hands/new"' % game_id in text(page)
    assert "Table code of this game" not in text(other.get(f"/games/{game_id}"))   # reading is open, the code is not shown


def test_a_wrong_code_is_refused_and_the_right_one_remembered(app, client):
    game_id = open_game(client)
    with app.app_context():
        code = db.session.get(Game, game_id).table_code
    other = app.test_client()
    wrong = str((int(code) + 1) % 10000).zfill(4)
    refused = other.post(f"/games/{game_id}/code", data={"code": wrong, "next": f"/games/{game_id}/hands/new"})
    assert refused.status_code == 403
    assert "That is not this game's table code" in text(refused)
    accepted = other.post(f"/games/{game_id}/code", data={"code": code, "next": f"/games/{game_id}/hands/new"})
    assert accepted.status_code == 302
    assert accepted.headers["Location"].endswith(f"/games/{game_id}/hands/new")
    with other.session_transaction() as session:
        assert session["codes"][str(game_id)] == code
    page = other.get(f"/games/{game_id}/hands/new")
    assert "Enter hand 1" in text(page)
    assert f"Table code of this game: <b>{code}</b>" in text(other.get(f"/games/{game_id}"))


def test_the_code_page_only_sends_back_to_this_games_pages(app, client):
    game_id = open_game(client)
    with app.app_context():
        code = db.session.get(Game, game_id).table_code
    other = app.test_client()
    for target in ("https://evil.example/", "//evil.example/x", "/games/999/hands/new", ""):
        answer = other.post(f"/games/{game_id}/code", data={"code": code, "next": target})
        assert answer.headers["Location"].endswith(f"/games/{game_id}")


def test_writing_without_the_code_stores_nothing(app, client):
    game_id = open_game(client)
    other = app.test_client()
    answer = other.post(f"/games/{game_id}/hands/new", data=hand_data(TYPICAL, "0"))
    assert answer.status_code == 403
    assert "Enter the table code" in text(answer)
    assert hand_count(app, game_id) == 0
    post_hand(client, game_id, TYPICAL, "0")
    for url in (f"/games/{game_id}/hands/1/edit", f"/games/{game_id}/hands/1/remove"):
        assert other.post(url, data=hand_data([{}, {}])).status_code == 403
    assert hand_count(app, game_id) == 1


# ---------- entering a hand ----------

def test_the_hand_form_shows_each_teams_fields_for_the_rule_set(client):
    game_id = open_game(client)
    page = text(client.get(f"/games/{game_id}/hands/new"))
    for field in ("team0-set_red_samba", "team1-set_red_bolivia", "team0-red_threes", "team0-black_threes_in_hand",
                  "team0-black_threes_melded", "team0-table_points", "team1-hand_points", "hand_number"):
        assert f'name="{field}"' in page
    assert "red_threes_in_hand" not in page and "failed_go_outs" not in page
    assert 'value="none"' in page and "Nobody (stock ran out)" in re.sub(r"<[^>]+>", "", page)   # on two lines
    assert 'name="concealed"' in page
    fields = hidden_fields(page)
    assert fields["version"] and re.fullmatch(r"[0-9a-f]{32}", fields["client_token"])
    assert "dealt by North" in page
    assert "Count the cards" in re.sub(r"<[^>]+>", "", page)        # "the" for screen readers only
    plus = text(client.get(f"/games/{open_game(client, 'bolivia_plus', '6')}/hands/new"))
    assert 'name="team0-red_threes_in_hand"' in plus and 'name="team1-failed_go_outs"' in plus
    sambola = text(client.get(f"/games/{open_game(client, 'sambola')}/hands/new"))
    assert "black_threes_melded" not in sambola


def test_a_valid_hand_is_saved_and_scored_by_the_engine(app, client):
    game_id = open_game(client)
    answer = post_hand(client, game_id, TYPICAL, "0")
    assert answer.status_code == 302
    page = text(client.get(answer.headers["Location"]))
    assert "Hand 1 saved." in page
    assert "2,885" in page                      # 1500 + 500 + 200 + 200 + 485
    assert "Next initial meld: <b class=\"meld-min\">90</b>" in page
    assert "Hand 2 is dealt by <b>East</b>" in page
    assert hand_count(app, game_id) == 1


def test_a_rejected_hand_shows_the_engines_words_next_to_the_field(app, client):
    game_id = open_game(client)
    answer = post_hand(client, game_id, [{}, {"sets": {"red_canasta": 1}, "table_points": 300}], "1")
    assert answer.status_code == 422
    page = text(answer)
    assert "East-West cannot go out: going out needs a Samba and one more Set" in errors_for(page, "went_out")
    assert "This hand was not saved" in page
    assert 'name="team1-table_points"' in page and 'value="300"' in page    # what was typed is kept
    assert hand_count(app, game_id) == 0


def test_each_engine_problem_goes_to_its_field(app, client):
    game_id = open_game(client)
    cases = [
        ({"table_points": 12}, "team0-table_points", "must be a multiple of 5"),
        ({"red_threes": -1}, "team0-red_threes", "must be a whole number, 0 or more"),
        ({"sets": {"red_samba": -2}}, "team0-set_red_samba", "must be a whole number, 0 or more"),
        ({"sets": {"red_bolivia": 1}, "table_points": 100}, "team0-table_points", "at least 140"),
        ({"black_threes_melded": 2}, "team0-black_threes_melded", "only the team going out"),
    ]
    for team, field, words in cases:
        answer = post_hand(client, game_id, [team, {}], "none")
        assert answer.status_code == 422, field
        assert words in errors_for(text(answer), field), (field, text(answer)[:3000])
    assert hand_count(app, game_id) == 0


def test_a_pack_total_problem_is_shown_once_beside_the_field_with_the_most(app, client):
    game_id = open_game(client)
    answer = post_hand(client, game_id, [{"red_threes": 2, "table_points": 50}, {"red_threes": 5, "table_points": 50}])
    assert answer.status_code == 422
    page = text(answer)
    assert "they hold only 6 red 3s" in errors_for(page, "team1-red_threes")
    assert page.count("they hold only 6 red 3s") == 1
    assert 'href="#team1-red_threes"' in message_box(page)       # the summary at the top links to it
    assert hand_count(app, game_id) == 0


def test_wrong_types_and_missing_choices_are_refused_in_plain_words(app, client):
    game_id = open_game(client)
    cases = [
        ({"team0-red_threes": "two"}, "team0-red_threes", "Type a whole number"),
        ({"team1-table_points": "4.5"}, "team1-table_points", "Type a whole number"),
        ({"team0-set_red_canasta": "99999999999999999999"}, "team0-set_red_canasta", "too large"),
        ({"went_out": "7"}, "went_out", "Choose who went out"),
        ({"went_out": ""}, "went_out", "Choose who went out"),
        ({"concealed": "y"}, "concealed", "Concealed goes with the team that went out"),
    ]
    for override, field, words in cases:
        answer = post_hand(client, game_id, [{}, {}], "none", extra=override)
        assert answer.status_code == 422, field
        assert words in errors_for(text(answer), field), field
    page = client.get(f"/games/{game_id}/hands/new")
    data = hidden_fields(text(page))
    data.pop("went_out", None)
    answer = client.post(f"/games/{game_id}/hands/new", data=data)
    assert answer.status_code == 422 and "Choose who went out" in errors_for(text(answer), "went_out")
    assert hand_count(app, game_id) == 0


def test_a_number_typed_with_a_thousands_comma_is_read(app, client):
    game_id = open_game(client)
    answer = post_hand(client, game_id, [{"sets": {"red_samba": 1, "red_canasta": 1}, "table_points": "1,085"}, {}],
                       "0", concealed=True)
    assert answer.status_code == 302
    with app.app_context():
        entry = db.session.get(Game, game_id).hands[0].entries[0]
        assert entry.table_points == 1085 and entry.concealed and entry.went_out


def test_the_same_client_token_twice_records_one_hand(app, client):
    game_id = open_game(client)
    page = text(client.get(f"/games/{game_id}/hands/new"))
    data = hidden_fields(page)
    data.update(hand_data(TYPICAL, "0"))
    first = client.post(f"/games/{game_id}/hands/new", data=data)
    second = client.post(f"/games/{game_id}/hands/new", data=data)
    assert first.status_code == second.status_code == 302
    assert "was already saved" in text(client.get(f"/games/{game_id}"))
    assert hand_count(app, game_id) == 1


def test_a_stale_hand_shows_the_new_state_and_stores_nothing(app, client):
    game_id = open_game(client)
    old = hidden_fields(text(client.get(f"/games/{game_id}/hands/new")))
    assert post_hand(client, game_id, TYPICAL, "0").status_code == 302    # another tablet entered hand 1
    old.update(hand_data([{}, {"sets": {"red_canasta": 1}, "table_points": 300}], "none"))
    answer = client.post(f"/games/{game_id}/hands/new", data=old)
    assert answer.status_code == 409
    page = text(answer)
    assert "this form was for hand 1, and hand 1 is already recorded" in page
    assert "2,885" in page and "Enter hand 2" in page       # the game as it is now
    assert hand_count(app, game_id) == 1


def test_a_garbled_version_counts_as_stale(app, client):
    game_id = open_game(client)
    for version in ("", "abc", "99999999999999"):
        answer = post_hand(client, game_id, TYPICAL, "0", extra={"version": version})
        assert answer.status_code == 409
    assert hand_count(app, game_id) == 0


def test_no_hand_after_the_winner(app, client):
    game_id = open_game(client)
    winning = [{"sets": {"red_samba": 4, "red_bolivia": 1, "black_bolivia": 1}, "red_threes": 6,
                "table_points": 1000}, {}]
    stale_form = hidden_fields(text(client.get(f"/games/{game_id}/hands/new")))
    assert post_hand(client, game_id, winning, "0").status_code == 302
    answer = client.get(f"/games/{game_id}/hands/new")
    assert answer.status_code == 302
    assert "This game is over" in text(client.get(answer.headers["Location"]))
    stale_form.update(hand_data(TYPICAL, "0"))
    with app.app_context():
        stale_form["version"] = str(db.session.get(Game, game_id).version)
    refused = client.post(f"/games/{game_id}/hands/new", data=stale_form)
    assert refused.status_code == 409
    assert "This game is over: North-South won at hand 1" in text(refused)
    assert hand_count(app, game_id) == 1


# ---------- correcting and removing ----------

def test_correcting_a_hand_changes_every_later_total(app, client):
    game_id = open_game(client)
    post_hand(client, game_id, TYPICAL, "0")
    post_hand(client, game_id, [{}, {"sets": {"red_canasta": 1}, "table_points": 300}], "none")
    form = text(client.get(f"/games/{game_id}/hands/1/edit"))
    assert "Correct hand 1" in form
    assert re.search(r'name="team0-table_points"\s+value="485"', form)
    assert re.search(r'name="team0-set_red_samba"\s+value="1"', form)
    assert re.search(r'value="0"\s+checked', form)           # North-South went out
    answer = post_hand(client, game_id, [dict(TYPICAL[0], table_points=585), {}], "0", number=1)
    assert answer.status_code == 302
    page = text(client.get(f"/games/{game_id}"))
    assert "Hand 1 corrected." in page
    assert "2,985" in page
    assert hand_count(app, game_id) == 2


def test_a_rejected_correction_changes_nothing(app, client):
    game_id = open_game(client)
    post_hand(client, game_id, TYPICAL, "0")
    answer = post_hand(client, game_id, [{"table_points": 7}, {}], "0", number=1)
    assert answer.status_code == 422
    assert "multiple of 5" in errors_for(text(answer), "team0-table_points")
    with app.app_context():
        assert db.session.get(Game, game_id).hands[0].entries[0].table_points == 485


def test_a_stale_correction_is_refused(app, client):
    game_id = open_game(client)
    post_hand(client, game_id, TYPICAL, "0")
    old = hidden_fields(text(client.get(f"/games/{game_id}/hands/1/edit")))
    post_hand(client, game_id, [{}, {}], "none")
    old.update(hand_data([{"table_points": 50}, {}], "none"))
    answer = client.post(f"/games/{game_id}/hands/1/edit", data=old)
    assert answer.status_code == 409
    assert "Someone else changed this game" in text(answer)
    with app.app_context():
        assert db.session.get(Game, game_id).hands[0].entries[0].table_points == 485


def test_a_correction_that_would_end_the_game_earlier_is_refused(app, client):
    game_id = open_game(client)
    post_hand(client, game_id, TYPICAL, "0")
    post_hand(client, game_id, [{}, {}], "none")
    winning = [{"sets": {"red_samba": 4, "red_bolivia": 1, "black_bolivia": 1}, "red_threes": 6,
                "table_points": 1000}, {}]
    answer = post_hand(client, game_id, winning, "0", number=1)
    assert answer.status_code == 422
    assert "Remove the later hands first" in message_box(text(answer))


def test_unknown_hands_and_games_are_friendly_404s(client):
    game_id = open_game(client)
    for url in (f"/games/{game_id}/hands/3/edit", f"/games/{game_id}/hands/3/remove", "/games/999/hands/new",
                "/games/999", "/games/99999999999999999999", f"/games/{game_id}/hands/0/edit"):
        answer = client.get(url)
        assert answer.status_code == 404, url
        assert "Back to the start page" in text(answer)


def test_removing_the_last_hand_asks_first(app, client):
    game_id = open_game(client)
    post_hand(client, game_id, TYPICAL, "0")
    post_hand(client, game_id, [{}, {"sets": {"red_canasta": 1}, "table_points": 300}], "none")
    confirm = text(client.get(f"/games/{game_id}/hands/2/remove"))
    assert "Remove hand 2?" in confirm and "Yes, remove hand 2" in confirm and "+800" in confirm
    assert hand_count(app, game_id) == 2
    earlier = client.get(f"/games/{game_id}/hands/1/remove")
    assert earlier.status_code == 409 and "Only the last hand (hand 2)" in text(earlier)
    answer = client.post(f"/games/{game_id}/hands/2/remove", data=hidden_fields(confirm))
    assert answer.status_code == 302
    assert "Hand 2 removed." in text(client.get(f"/games/{game_id}"))
    assert hand_count(app, game_id) == 1


def test_a_stale_removal_is_refused(app, client):
    game_id = open_game(client)
    post_hand(client, game_id, TYPICAL, "0")
    confirm = hidden_fields(text(client.get(f"/games/{game_id}/hands/1/remove")))
    post_hand(client, game_id, [{}, {}], "none")
    answer = client.post(f"/games/{game_id}/hands/1/remove", data=confirm)
    assert answer.status_code == 409
    assert hand_count(app, game_id) == 2
    again = client.post(f"/games/{game_id}/hands/2/remove", data={"version": "x"})
    assert again.status_code == 409
    assert hand_count(app, game_id) == 2


# ---------- the live preview ----------

def test_the_preview_answers_the_engines_breakdown(app, client):
    game_id = open_game(client)
    data = hand_data(TYPICAL, "0")
    answer = client.post(f"/games/{game_id}/preview", data=data)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["ok"] is True and body["winner"] is None and body["went_out_chosen"] is True
    north = body["teams"][0]
    assert north["score"] == 2885 and north["total"] == 2885 and north["next_minimum"] == 90
    assert north["score_text"] == "+2,885"
    assert {"label": "Red Samba x1", "points": 1500, "text": "+1,500"} in north["lines"]
    assert hand_count(app, game_id) == 0


def test_the_preview_answers_the_problems_by_field(app, client):
    game_id = open_game(client)
    body = client.post(f"/games/{game_id}/preview", data=hand_data([{"table_points": 3}, {}], "1")).get_json()
    assert body["ok"] is False
    assert "multiple of 5" in body["errors"]["team0-table_points"][0]
    assert "East-West cannot go out" in body["errors"]["went_out"][0]
    body = client.post(f"/games/{game_id}/preview", data={"team0-red_threes": "lots"}).get_json()
    assert body["errors"] == {"team0-red_threes": ["Type a whole number here, like 0, 2 or 350."]}
    body = client.post(f"/games/{game_id}/preview",
                       data=hand_data([{"red_threes": 5}, {"red_threes": 5}], "none")).get_json()
    assert body["general"] == [] and "they hold only 6 red 3s" in body["errors"]["team0-red_threes"][0]


def test_the_preview_waits_for_who_went_out_without_complaining(client):
    game_id = open_game(client)
    body = client.post(f"/games/{game_id}/preview", data={"team0-red_threes": "1"}).get_json()
    assert body["ok"] is True and body["went_out_chosen"] is False
    assert body["teams"][0]["score"] == -100        # not melded: red 3s count minus in Bolivia


def test_the_preview_of_a_correction_starts_from_the_totals_before_it(client):
    game_id = open_game(client)
    post_hand(client, game_id, TYPICAL, "0")
    post_hand(client, game_id, [{}, {"sets": {"red_canasta": 1}, "table_points": 300}], "none")
    body = client.post(f"/games/{game_id}/hands/2/preview", data=hand_data([{}, {}], "none")).get_json()
    assert [t["total"] for t in body["teams"]] == [2885, 0]
    winning = [{"sets": {"red_samba": 4, "red_bolivia": 1, "black_bolivia": 1}, "red_threes": 6,
                "table_points": 1000}, {}]
    body = client.post(f"/games/{game_id}/preview", data=hand_data(winning, "0")).get_json()
    assert body["winner"] == "North-South"
    assert body["winner_sentence"] == "North-South wins the game."
    assert client.post(f"/games/{game_id}/hands/9/preview", data={}).status_code == 404
    assert client.post("/games/999/preview", data={}).status_code == 404


def test_the_preview_of_a_formats_last_hand_names_the_higher_total_as_the_outcome_does(app, client):
    """A session of one hand: whoever is ahead after it wins (no winning score needed), and the preview says so;
    the same figures one hand earlier in a longer format name nobody."""
    from tests.web.club_support import login, open_session, organiser
    organiser(app)
    login(client)
    for hands, named in ((1, True), (2, False)):
        doc = open_session(client, ["Ann", "Bob", "Cy", "Di"], format={"kind": "hands", "hands": hands}).get_json()
        table = doc["tables"][0]
        ahead = [{"table_points": 300}, {"table_points": 100}]
        body = client.post(f"/games/{table['game_id']}/preview", data=hand_data(ahead, "none")).get_json()
        assert body["ok"] is True
        names = client.get(f"/api/v1/games/{table['game_id']}").get_json()["teams"]
        assert body["winner"] == (names[0]["name"] if named else None), (hands, body["winner"])
        if named:
            assert body["winner_sentence"].startswith(names[0]["name"])


def test_the_preview_never_sends_the_session_cookie_so_a_check_answered_after_a_save_keeps_its_message(client):
    """A check sent just before Save may be answered just after it: were its answer to carry the session cookie
    (a permanent session's refresh), the tablet would take back the session from before the Save, and with it
    lose the "Hand 1 saved." message the game page shows next."""
    game_id = open_game(client)
    with client.session_transaction() as session:
        assert session.permanent                                                     # the table code is kept
    before_save = client.get_cookie("session").value
    assert "Set-Cookie" in client.get(f"/games/{game_id}/hands/new").headers          # a page refreshes it ...
    assert post_hand(client, game_id, TYPICAL, "0").status_code == 302
    after_save = client.get_cookie("session").value
    client.set_cookie("session", before_save)                   # the check sent before the Save, answered after
    answer = client.post(f"/games/{game_id}/preview", data=hand_data(TYPICAL, "0"))
    assert answer.status_code == 200 and "Set-Cookie" not in answer.headers          # ... the check never does
    client.set_cookie("session", after_save)
    assert "Hand 1 saved." in text(client.get(f"/games/{game_id}"))
