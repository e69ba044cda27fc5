"""Members follow their club from home: who reads the records, the members' page, addresses and the results by email."""
from app.members.blueprint import bp
from app.members import addresses, page, results_mail, settings  # noqa: F401  (each adds its routes)

__all__ = ["bp"]
