"""Benchmark: how fast the engine scores hands and replays a long game (prints figures, asserts nothing)."""
from __future__ import annotations

from app.rules import TeamEntry, get_ruleset, replay, score_hand
from benchkit import timed

HANDS = 40


def long_game() -> list[list[TeamEntry]]:
    """Forty modest Bolivia hands that never reach the target."""
    out = TeamEntry(sets={"red_samba": 1, "black_canasta": 1}, table_points=150, red_threes=1, went_out=True)
    other = TeamEntry(sets={"black_canasta": 1}, table_points=60, hand_points=40, black_threes_in_hand=1)
    return [[out, other] if i % 2 else [other, out] for i in range(HANDS)]


def main() -> None:
    """Print the figures."""
    ruleset = get_ruleset("bolivia")
    hands = long_game()
    one = timed(lambda: score_hand(ruleset, hands[0]), 2000)
    whole = timed(lambda: replay(ruleset, hands, 2, 10**9), 50)
    print(f"score one hand: {one * 1e6:.1f} us")
    print(f"replay a {HANDS}-hand game: {whole * 1e3:.2f} ms ({whole / HANDS * 1e6:.1f} us a hand)")


if __name__ == "__main__":
    main()
