"""A game's room of the store: its tables, the one write path of a hand, its state by version and its record."""
