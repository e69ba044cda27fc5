"""Score keeping at the table: home, new game, score sheet, hand entry and corrections."""
from app.games.blueprint import bp
from app.games import calling, closing, hands, news, refusals, table_code, views  # noqa: F401  (each adds its routes)

__all__ = ["bp"]
