"""The club afternoon against Treys hosted: gunicorn with 1, then 2 worker processes (8 threads each, as
docs/hosting.md starts it) on PostgreSQL; prints the hands per second served at p95 under 200 ms for each,
beside its anchor (asserts nothing; loopback only; each step a bounded time).

The load is scripts/bench_afternoon.py's (each tablet posts a hand every ~3 s and reloads its game page, three
screens poll board.json every 5 s with If-None-Match), stepped through more tables. One worker is held to core
0 and the clients to the other cores; two workers get cores 0 and 1, which the clients and PostgreSQL share
on a 2-core machine: there the figure shows that a second process adds no error and what the whole machine
serves, not what a second core of its own would add.

    BENCH_PG_URL=postgresql://postgres@127.0.0.1:5432/scratch .venv/bin/python scripts/bench_host.py [SECONDS]
"""
from __future__ import annotations

import os
import sys

from bench_afternoon import SECONDS, THINK, THREADS, keep_off_core_0, sample, step_through
from benchkit import finish

STEPS = (10, 20, 30, 40, 50, 60, 80, 100)
#: A Saturday peak hosted (docs/benchmarks.md): 1,000 clubs of 10 tables, a hand per table every 8 minutes.
PEAK_HANDS_PER_SECOND = 1000 * 10 / (8 * 60)


def main() -> None:
    """Hands per second at p95 under 200 ms with 1 and 2 gunicorn worker processes on PostgreSQL."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else float(os.environ.get("BENCH_SECONDS", SECONDS))
    url = os.environ.get("BENCH_PG_URL", "").strip()
    if not url:
        print("(f) hosted: not measured (BENCH_PG_URL names a scratch PostgreSQL database to measure it)")
        return
    cores = len(os.sched_getaffinity(0))
    keep_off_core_0()
    print(f"(f) hosted: gunicorn -k gthread --threads {THREADS} on PostgreSQL, {cores} cores in all, shared by the "
          f"workers, the load's clients and PostgreSQL; each tablet posts a hand every ~{THINK:g} s; {seconds:g} s a "
          f"step; load average of the machine before: {os.getloadavg()[0]:.1f}", flush=True)
    for workers in (1, 2):
        print(f"  {workers} worker process{'es' if workers > 1 else ''} "
              f"({'held to core 0' if workers == 1 else 'on cores 0-1'}):", flush=True)
        served, rate, cpu = step_through(seconds, sample(), url, workers, STEPS)
        print(f"  {workers} worker{'s' if workers > 1 else ''}: {rate:.1f} hands/s at p95 < 200 ms (N={served or 0} "
              f"tables); a core kept busy by the server alone would carry {1000 / cpu if cpu else 0:.0f} hands/s of "
              f"this mix ({cpu:.1f} ms of server CPU per hand); anchor: a Saturday peak of 1,000 clubs x 10 tables "
              f"is {PEAK_HANDS_PER_SECOND:.1f} hands/s ({'met' if rate >= PEAK_HANDS_PER_SECOND else 'MISSED'} by "
              "this machine alone)", flush=True)


if __name__ == "__main__":
    main()
    finish()
