"""Public ids of games and sessions: random, so a link cannot be guessed by counting, and exact in JavaScript."""
from __future__ import annotations

import secrets

from sqlalchemy import BigInteger, Integer

#: The smallest public id: above every id a counter reached, so an old sequential link finds nothing.
FIRST_PUBLIC_ID = 2**32
#: Public ids stay below 2**53, the largest whole number JavaScript and JSON clients read exactly.
PUBLIC_ID_LIMIT = 2**53
#: The largest id a database integer column holds: PostgreSQL's BIGINT, the type of a game's and a session's
#: random id (below).
LARGEST_ID = 2**63 - 1
#: The largest id of the other tables (members, seasons, calls; a hand's number): PostgreSQL's 32-bit integer.
#: Their routes say `<int(max=2147483647):...>` so a larger number finds no route (404).
LARGEST_SMALL_ID = 2**31 - 1
#: BIGINT on PostgreSQL; SQLite's INTEGER PRIMARY KEY (its rowid) already holds 64 bits.
PublicIdType = BigInteger().with_variant(Integer(), "sqlite")


def public_id() -> int:
    """A new game's or session's id, drawn from about 2**52 (a clash is as likely as a guess, and refused)."""
    return FIRST_PUBLIC_ID + secrets.randbelow(PUBLIC_ID_LIMIT - FIRST_PUBLIC_ID)
