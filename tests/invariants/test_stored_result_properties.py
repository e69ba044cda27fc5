"""A game's stored result is always the engine's: after any run of hands entered, corrected and removed, games
ended, abandoned and time called (each refused or saved), the result stored with the game is of its version and
holds what replaying its hands from the database gives (Hypothesis, on the database under test)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.extensions import db
from app.rules.refusal import Refusal
from app.store.game.cache import forget_everything
from app.store.game.games import abandon_game, call_time, create_game, end_game, get_game
from app.store.game.hands import add_hand, correct_hand, remove_last_hand
from app.store.game.results import GameTally, stored_tally
from app.store.game.states import state_of

from .strategies import CONFIGS, RULESETS, valid_hand

TEAMS = [{"name": "North", "players": ["Ann", "Bob"]}, {"name": "South", "players": ["Cy", "Di"]}]
#: The rule sets a table of two pairs plays (going out alone is for players playing alone).
PAIRS = [index for index, (_, variations) in enumerate(CONFIGS) if "solo_go_out" not in variations]


@st.composite
def writes(draw):
    """A rule set (by its index in CONFIGS), a winning score, and a run of writes with the hands they enter."""
    index = draw(st.sampled_from(PAIRS))
    hand = valid_hand(RULESETS[index], 2).map(lambda found: found[0])
    step = st.one_of(st.tuples(st.just("add"), hand), st.tuples(st.just("add"), hand),
                     st.tuples(st.just("correct"), st.integers(1, 6), hand), st.tuples(st.just("remove")),
                     st.tuples(st.just("end")), st.tuples(st.just("abandon")), st.tuples(st.just("time")))
    return index, draw(st.sampled_from([None, 500, 3000])), draw(st.lists(step, min_size=1, max_size=8))


def write(game, step) -> None:
    """One write of the run; a refusal saves nothing (and is fine: the stored result must still hold)."""
    kind = step[0]
    try:
        if kind == "add":
            add_hand(game, step[1])
        elif kind == "correct":
            correct_hand(game, min(step[1], max(1, len(game.hands))), step[2], version=None)
        elif kind == "remove":
            remove_last_hand(game, len(game.hands))
        elif kind == "end":
            end_game(game)
        elif kind == "abandon":
            abandon_game(game)
        else:
            call_time(game)
    except Refusal:
        pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writes())
def test_the_stored_result_is_always_what_the_engine_makes_of_the_hands(app, case):
    index, target, steps = case
    ruleset_id, variations = CONFIGS[index]
    with app.app_context():
        game_id = create_game(ruleset_id, dict(variations), TEAMS, target=target).id
        for step in steps:
            write(get_game(game_id), step)
            db.session.expire_all()
            forget_everything(app)                     # the engine's state replayed from the stored hands
            game = get_game(game_id)
            replayed = GameTally.of(state_of(game))
            if game.result is None:                    # opened, and every write so far refused
                assert game.version == 1
                continue
            assert game.result["version"] == game.version
            assert stored_tally(game.result, game.version, game.last_hand) == replayed
        db.session.remove()
