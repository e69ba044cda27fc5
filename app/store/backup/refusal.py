"""Why a backup file cannot be restored: every reason in words, and the kind of refusal it is.

Its own module so that the format (`format.py`) and the reading of older formats (`v1.py`) both
import it at the top.
"""
from __future__ import annotations

from app.rules.refusal import RefusalKind


class BackupRefused(Exception):
    """A file that cannot be restored: every reason, each a sentence, and the kind of refusal it is (a file
    that does not pass: invalid) so that the web's edge answers it with the kind's status."""

    def __init__(self, problems: list[str], kind: RefusalKind = RefusalKind.INVALID):
        super().__init__(" ".join(problems[:5]) + (f" ({len(problems) - 5} more problems.)" if len(problems) > 5 else ""))
        self.problems = problems
        self.kind = kind
