"""The session's record told in sentences, as the session's page shows it."""
from __future__ import annotations

from app.store.club.models import SessionEvent
from app.store.game.gamelog import spoken_time


def event_sentence(event: SessionEvent) -> str:
    """One line of the session's record: '14:05, the organiser Ann: Round 2: 5 tables drawn.'"""
    return f"{spoken_time(event.at)}, {event.actor_label or 'the organiser'}: {event.words}"
