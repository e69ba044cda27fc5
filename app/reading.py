"""Reading what comes in from outside safely: whole numbers of ASCII digits, JSON bodies within bounds,
and where a redirect may go (a page of this site only)."""
from __future__ import annotations

import json
from urllib.parse import urlsplit

from flask.json.provider import DefaultJSONProvider
from werkzeug.urls import iri_to_uri

#: The deepest nesting of arrays and objects a JSON body may have (the API's deepest body has 4).
MAX_JSON_DEPTH = 32
#: The largest JSON body read (a session of 60 players is under 4 KB).
MAX_JSON_BYTES = 256 * 1024


def ascii_digits(text: str | None) -> bool:
    """True for text of the digits 0-9 only ('²' or '٣' pass str.isdigit, but int() refuses the one and a
    person did not mean the other)."""
    return bool(text) and text.isascii() and text.isdigit()


def read_whole_number(text: str | None, longest: int = 9) -> int | None:
    """The whole number written in ASCII digits (at most `longest` of them), else None."""
    text = (text or "").strip()
    return int(text) if ascii_digits(text) and len(text) <= longest else None


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (brackets inside strings do not count)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


class GuardedJSONProvider(DefaultJSONProvider):
    """Flask's JSON, reading no body larger than MAX_JSON_BYTES or nested deeper than MAX_JSON_DEPTH: every
    request.get_json() refuses them as bad JSON (ValueError) instead of running out of stack."""

    def loads(self, s: str | bytes, **kwargs):
        """Parse the JSON text when it is within the bounds; ValueError otherwise."""
        if len(s) > MAX_JSON_BYTES:
            raise ValueError(f"The JSON body is larger than {MAX_JSON_BYTES // 1024} KB.")
        text = s.decode("utf-8", "replace") if isinstance(s, (bytes, bytearray)) else s
        if text.count("[") + text.count("{") > MAX_JSON_DEPTH and json_depth(text) > MAX_JSON_DEPTH:
            raise ValueError(f"The JSON body nests more than {MAX_JSON_DEPTH} levels deep.")
        try:
            return json.loads(s, **kwargs)
        except RecursionError:
            raise ValueError("The JSON body nests too deeply to read.") from None


def safe_redirect(target: str | None, fallback: str) -> str:
    """A redirect target on this site (a path such as /club/sessions/3), else the fallback: no other host,
    no scheme, no backslash, tab, CR/LF or other control character (browsers drop tabs and newlines, so
    '/\\t/evil.example' would become '//evil.example')."""
    if not isinstance(target, str) or not target.startswith("/") or not target.isprintable():
        return fallback
    if "\\" in target or any(char.isspace() for char in target):
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or parts.path.startswith("//"):
        return fallback
    return iri_to_uri(target)
