"""This machine's address on the local network, which tablets open (found without sending anything)."""
from __future__ import annotations

import socket

#: A private address to ask the routing table about: a UDP "connect" only picks the route, no packet is sent.
PROBE = ("10.255.255.255", 1)
LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    """The address this machine has on its local network (127.0.0.1 when it has none)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return LOOPBACK
    return address if address and address != "0.0.0.0" else LOOPBACK


def tablets_url(port: int | str | None) -> str:
    """http://<LAN address>:<port>, the address tablets on the same network open (no port shown for 80)."""
    shown = "" if str(port or "80") == "80" else f":{port}"
    return f"http://{lan_address()}{shown}"
