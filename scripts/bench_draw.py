"""What the draw costs (prints figures, asserts nothing): one round's draw of 16 and 40 players for each rule
set, with twelve earlier sessions of history, plain and balanced by rating; and the 12-session figure the
draw is held to (repeated partner pairs when the same 16 players come 12 times). CPU time of this process,
median of several rounds. Anchor: well under a second for 40 players.

    .venv/bin/python scripts/bench_draw.py [ROUNDS]
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.rules import get_ruleset  # noqa: E402
from app.rules.draw import draw_tables  # noqa: E402
from app.rules.mixing import History, PastSession, partners_in  # noqa: E402

ROUNDS = 7
NAMES = [f"Player {i:02d}" for i in range(1, 41)]


def history_of(ruleset_id: str, count: int) -> History:
    """Twelve earlier sessions of these players, each one drawn round."""
    ruleset = get_ruleset(ruleset_id)
    sessions = tuple(PastSession(age, tuple(t.teams for t in draw_tables(ruleset, NAMES[:count],
                                                                        random.Random(age)).tables))
                     for age in range(1, 13))
    return History(sessions)


def cpu_ms(work) -> float:
    """CPU milliseconds of one call."""
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def twelve_sessions(seed: int) -> int:
    """Repeated partner pairs when the same 16 players are drawn on 12 successive sessions."""
    ruleset, past, partnered = get_ruleset("bolivia"), [], Counter()
    for day in range(12):
        history = History(tuple(PastSession(age, tables) for age, tables in enumerate(reversed(past), start=1)))
        tables = tuple(t.teams for t in draw_tables(ruleset, NAMES[:16], random.Random(seed * 100 + day),
                                                    history=history).tables)
        partnered.update(p for teams in tables for p in partners_in(teams))
        past.append(tables)
    return sum(count - 1 for count in partnered.values())


def main(rounds: int = ROUNDS) -> None:
    print(f"(e) the draw, one round with 12 sessions of history, CPU ms, median of {rounds} "
          "(anchor: well under 1,000 ms for 40 players)")
    for ruleset_id in ("bolivia", "bolivia_plus", "sambola"):
        for count in (16, 40):
            history = history_of(ruleset_id, count)
            ratings = {name: float(i % 9) for i, name in enumerate(NAMES)}
            plain = statistics.median(cpu_ms(lambda: draw_tables(get_ruleset(ruleset_id), NAMES[:count],
                                                                 random.Random(r), history=History(history.sessions)))
                                      for r in range(rounds))
            balanced = statistics.median(cpu_ms(lambda: draw_tables(get_ruleset(ruleset_id), NAMES[:count],
                                                                    random.Random(r), history=History(history.sessions),
                                                                    ratings=ratings)) for r in range(rounds))
            print(f"    {ruleset_id:13s} {count:2d} players: {plain:6.1f} ms, balanced by rating {balanced:6.1f} ms")
    repeats = [twelve_sessions(seed) for seed in range(5)]
    print(f"    16 players drawn on 12 successive sessions, repeated partner pairs (5 seeds): {repeats} "
          "(target: at most 2; a random draw repeats about 28)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
