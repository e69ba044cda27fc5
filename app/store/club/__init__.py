"""A club's afternoons and its record: sessions, the draw, the clock, calls, seats, the list of players, seasons."""
