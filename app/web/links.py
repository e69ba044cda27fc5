"""Absolute links: a game's page for the API's answers (PUBLIC_URL when set, else the address asked), and the
address people away from this machine open (the members' link, the emails): never a loopback address."""
from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from flask import current_app, request, url_for

from app.web.network import lan_address

#: The names a browser on this machine alone reaches it by.
LOOPBACK_NAMES = ("localhost", "localhost.localdomain")


def game_url(game_id: int) -> str:
    """The game's page as a full address (what a tablet opens), so a client need not build it from the id."""
    root = current_app.config.get("PUBLIC_URL")
    if not root:
        return url_for("games.game", game_id=game_id, _external=True)
    path = url_for("games.game", game_id=game_id)
    return root.rstrip("/") + path.removeprefix(request.script_root)


def is_loopback(host: str) -> bool:
    """True for an address only this machine opens (127.0.0.1, ::1, localhost)."""
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def is_private(host: str) -> bool:
    """True for an address of a local network (192.168.x.x, 10.x.x.x, ...): it opens on that network alone."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_private
    except ValueError:
        return host.lower().endswith(".local")


@dataclass(frozen=True)
class Reach:
    """The address others open this Treys at, and how far it reaches: everywhere (PUBLIC_URL or a public name),
    the local network only, or nowhere but this machine (then there is no address to give)."""

    root: str | None
    where: str          # "public", "network" or "this machine"


def host_and_port(host: str) -> tuple[str, str]:
    """'127.0.0.1:8026' -> ('127.0.0.1', '8026'); '[::1]:80' -> ('::1', '80'); 'localhost' -> ('localhost', '')."""
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name, rest.removeprefix(":")
    name, _, port = host.partition(":")
    return name, port


def reach() -> Reach:
    """PUBLIC_URL when set; else the address this request came to, unless that is a loopback address, when it is
    this machine's network address and port (as the table cards give); no address when it has no network."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return Reach(public.rstrip("/"), "public")
    name, port = host_and_port(request.host)
    if not is_loopback(name):
        return Reach(request.host_url.rstrip("/") + request.script_root, "network" if is_private(name) else "public")
    address = lan_address()
    if is_loopback(address):
        return Reach(None, "this machine")
    shown = f":{port}" if port and port != "80" else ""
    return Reach(f"{request.scheme}://{address}{shown}{request.script_root}", "network")


def address_for_others(endpoint: str, **values) -> str | None:
    """A page's whole address for someone away from this machine (a member at home), or None when there is none."""
    root = reach().root
    if root is None:
        return None
    return root + url_for(endpoint, **values).removeprefix(request.script_root)
