"""The club's clock: its time zone (TREYS_TIMEZONE), now and today there, and the conversions between the club's
wall times and the times the store keeps (naive datetimes in UTC).

A session's end time is a wall time on the session's date ("16:00" on Sunday 25 October): it is turned into UTC
with the rules of that date, so a daylight-saving change never moves it. A wall time that falls in the hour skipped
in spring is read with the offset before the change; one that comes twice in autumn is the first of the two.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import tzlocal
from flask import current_app

from app.config import ConfigError


class ZoneError(ConfigError):
    """TREYS_TIMEZONE names no time zone this machine knows."""


def zone_named(name: str) -> ZoneInfo:
    """The time zone of this IANA name (Europe/London), or a ZoneError saying what to give instead."""
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ZoneError(f"TREYS_TIMEZONE is {name!r}, which is not a time zone this machine knows. Give the "
                        "club's zone by its IANA name, such as Europe/London, Australia/Sydney or "
                        "America/New_York.") from error


def machine_zone_name() -> str:
    """The name of this machine's own time zone (UTC when it cannot be told)."""
    try:
        return tzlocal.get_localzone_name() or "UTC"
    except (LookupError, ValueError, OSError):      # a machine whose zone is not set up properly
        return "UTC"


def configured_zone(name: str | None) -> ZoneInfo:
    """The zone TREYS_TIMEZONE names, else this machine's own."""
    return zone_named(name or machine_zone_name())


def club_zone() -> ZoneInfo:
    """The club's time zone, as the app was started with."""
    return current_app.config["CLUB_ZONE"]


def club_now() -> datetime:
    """Now on the club's clock (aware)."""
    return datetime.now(club_zone())


def club_today() -> date:
    """Today's date at the club."""
    return club_now().date()


def in_club_zone(moment: datetime) -> datetime:
    """A stored UTC time as the club's clock shows it (aware)."""
    return moment.replace(tzinfo=timezone.utc).astimezone(club_zone())


def wall_time_utc(day: date, clock: str | time) -> datetime:
    """A wall time on the club's clock on that day ("16:00" or a time) as a stored UTC time."""
    if isinstance(clock, str):
        hour, minute = (int(part) for part in clock.split(":"))
        clock = time(hour, minute)
    local = datetime.combine(day, clock, tzinfo=club_zone())
    return local.astimezone(timezone.utc).replace(tzinfo=None)


def days_utc(first: date, last: date) -> tuple[datetime, datetime]:
    """The stored UTC times from the club's midnight starting `first` up to (not including) the one after `last`."""
    return wall_time_utc(first, time.min), wall_time_utc(last + timedelta(days=1), time.min)
