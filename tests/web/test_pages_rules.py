"""The rules pages and the set checker, from the engine's data."""
import pytest

from app.rules import all_rulesets
from tests.web.pages_support import text


def test_the_rules_index_lists_every_rule_set(client):
    page = text(client.get("/rules"))
    for ruleset in all_rulesets():
        assert f'href="/rules/{ruleset.id}"' in page
        assert ruleset.name in page and ruleset.summary in page


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_each_rule_set_page_shows_its_data(client, ruleset):
    page = text(client.get(f"/rules/{ruleset.id}"))
    assert ruleset.name in page
    for set_type in ruleset.set_types:
        assert set_type.name in page and f"{set_type.bonus:,}" in page and set_type.description in page
    assert ruleset.requirement.words in page
    assert f"Going out earns +{ruleset.going_out_bonus}" in page
    for reading in ruleset.house_readings:
        assert f"<b>House reading:</b> {reading}" in page
    for variation in ruleset.variations:
        assert variation.name in page and variation.description in page
    assert f"{ruleset.target:,}" in page
    assert f'href="/rulesets/{ruleset.id}/pad.pdf"' in page and "Print a blank score pad" in page
    assert "Initial meld" in page and "Below 0" in page
    assert "Red 3s on the table" in page and "Black 3s" in page


def test_rule_details_in_words(client):
    bolivia = text(client.get("/rules/bolivia"))
    assert "0 to 1,495" in bolivia and "7,000 and over" in bolivia
    assert "A team that has not melded counts its red 3s as minus." in bolivia
    assert "Only the team going out may meld black 3s (1 to 6); they count 5 points each." in bolivia
    plus = text(client.get("/rules/bolivia_plus"))
    assert "4,000 to 7,995" in plus and "1,400" in plus
    assert "A failed attempt to go out" in plus and "\u2212400 each" in plus
    assert "A red 3 still in a hand: \u2212100 each." in plus
    assert "Only the team that goes out can win" in plus
    sambola = text(client.get("/rules/sambola"))
    assert "Black 3s can never be melded." in sambola and "\u22125 each" in sambola
    assert "(only when each player plays alone)" in sambola
    classic = text(client.get("/rules/bolivia_classic"))
    assert "Red 3s count only for a team that has the sets needed to go out" in classic
    assert "Going out concealed earns +200." in classic


def test_an_unknown_rule_set_is_a_friendly_404(client):
    answer = client.get("/rules/nonsense")
    assert answer.status_code == 404 and "There is no rule set called" in text(answer)


def test_the_set_checker_page(client):
    page = text(client.get("/sets/check"))
    assert "Set checker" in page and 'name="cards"' in page and 'data-rank="JK"' in page
    for rank in ("4", "10", "J", "A", "2", "3"):
        assert f'data-rank="{rank}"' in page
    assert text(client.get("/sets/check?ruleset=sambola")).count('value="sambola" checked') == 1


@pytest.mark.parametrize("ruleset, cards, words", [
    ("bolivia", "7H 8H 9H 10H JH QH KH", "Red Samba: bonus 1,500"),
    ("sambola", "7h 8h 9h 10h jh qh kh", "Red Samba: bonus 1,000"),
    ("bolivia", "2S 2H 2D 2C 2S 2H 2D", "Red Bolivia: bonus 4,000"),
    ("bolivia", "2S 2H 2D JK JK JK JK", "Black Bolivia: bonus 3,000"),
    ("bolivia_plus", "4H 5H 6H 7H 8H 9H 10H", "Sequence: bonus 1,500"),
    ("bolivia_classic", "KS KH KD KC KS KH 2D", "Mixed Canasta: bonus 300"),
])
def test_the_set_checker_names_the_set(client, ruleset, cards, words):
    answer = client.post("/sets/check", data={"ruleset": ruleset, "cards": cards})
    assert answer.status_code == 200 and words in text(answer)
    assert "is-set" in text(answer)


@pytest.mark.parametrize("cards, words", [
    ("7H 8H 9H", "at least 7 cards"),
    ("7H 8S 9H 10H JH QH KH", "neither all of one value nor all of one suit"),
    ("3H 3H 3D 3D 3S 3S 3C", "3s are never part of a completed set"),
    ("7X 8H", "is not a card"),
    ("", "No cards given"),
    ("JK JK JK JK JK JK JK", "played with 6 jokers; these cards have 7"),
])
def test_the_set_checker_says_why_not(client, cards, words):
    answer = client.post("/sets/check", data={"ruleset": "bolivia", "cards": cards})
    assert answer.status_code == 200
    assert words in text(answer) and "is-not-set" in text(answer)


def test_the_set_checker_refuses_nonsense_kindly(client):
    for data in ({"ruleset": "nope", "cards": "7H"}, {"ruleset": "bolivia", "cards": "7H " * 200}):
        answer = client.post("/sets/check", data=data)
        assert answer.status_code == 422 and "Please check" in text(answer)
    verdict = client.post("/sets/check/verdict", data={"ruleset": "bolivia", "cards": "2S 2H 2D 2C 2S 2H 2D"})
    assert verdict.get_json()["ok"] is True and verdict.get_json()["bonus"] == 4000
    assert client.post("/sets/check/verdict", data={"ruleset": "x"}).get_json()["ok"] is False
