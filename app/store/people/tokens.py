"""One-time links: a random token to show once, and the hash that is all the store keeps of it."""
from __future__ import annotations

import hashlib
import secrets

#: Bytes of randomness in a one-time link (about 43 characters in the address).
TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh, unguessable token for a link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256, so a copy of the database opens no link."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
